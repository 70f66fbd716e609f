/** The token file: its rules, the constant-time look-up, and the live copy that follows the file. */
import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findToken, newToken, readTokensDocument, sha256Hex, tokensDocumentProblems, writeTokensDocument } from '../../src/store/tokens.js';
import { openLiveTokens, type LiveTokens } from '../../src/store/tokens-live.js';
import { until } from '../support/wait.js';

let dir: string;
let live: LiveTokens | undefined;
const lines: string[] = [];
const logger = pino({ level: 'info' }, new Writable({ write: (chunk, _e, done) => (lines.push(String(chunk)), done()) }));

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tbm-tokens-'));
  lines.length = 0;
});
afterEach(async () => {
  live?.close();
  live = undefined;
  await rm(dir, { recursive: true, force: true });
});

const entry = (name: string, token: string, admin = false) => ({ name, owner_email: `${name}@example.com`, sha256: sha256Hex(token), admin });

describe('the document', () => {
  it('names every problem', () => {
    expect(
      tokensDocumentProblems({
        tokens: [
          { name: '', owner_email: 'nope', sha256: 'ABC', admin: 'yes', extra: 1 },
          { name: 'a', owner_email: 'a@example.com', sha256: 'f'.repeat(64), admin: false },
          { name: 'A', owner_email: 'a@example.com', sha256: 'e'.repeat(64), admin: false },
        ],
      }),
    ).toEqual(
      expect.arrayContaining([
        'tokens[0] has unknown field(s): extra',
        'tokens[0].owner_email must be an email address',
        'tokens[0].sha256 must be 64 lower-case hex digits (the sha256 of the token)',
        'tokens[0].admin must be true or false',
        'tokens lists a name twice (names must be unique, ignoring case)',
      ]),
    );
    expect(tokensDocumentProblems({ tokens: [] })).toEqual([]);
  });

  it('reads a missing file as no tokens, and writes only valid documents', async () => {
    const file = join(dir, 'api_tokens.json');
    expect(await readTokensDocument(file)).toEqual({ tokens: [] });
    await expect(writeTokensDocument(file, { tokens: [{ name: 'x', owner_email: 'bad', sha256: 'f'.repeat(64), admin: false }] })).rejects.toThrow(
      /owner_email must be an email address/,
    );
    await expect(readTokensDocument(file)).resolves.toEqual({ tokens: [] });
  });

  it('finds a token by its hash and nothing else', () => {
    const [a, b] = [newToken(), newToken()];
    expect(a).toMatch(/^tbm_[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    const tokens = [entry('a', a), entry('b', b, true)];
    expect(findToken(tokens, b)?.name).toBe('b');
    expect(findToken(tokens, `${a}x`)).toBeUndefined();
    expect(findToken(tokens, '')).toBeUndefined();
  });
});

describe('the live copy', () => {
  it('follows the file: replaced by rename, rewritten in place, broken (last good kept, warned), removed', async () => {
    const file = join(dir, 'api_tokens.json');
    const [a, b] = [newToken(), newToken()];
    await writeTokensDocument(file, { tokens: [entry('a', a)] });
    live = await openLiveTokens({ file, logger });
    expect(live.verify(a)?.name).toBe('a');
    expect(live.verify(b)).toBeUndefined();

    // Replaced atomically by a rename, as `npm run token` and careful editors do.
    await writeFile(join(dir, 'next.tmp'), JSON.stringify({ tokens: [entry('b', b)] }));
    await rename(join(dir, 'next.tmp'), file);
    await until(() => live!.verify(b), { what: 'the renamed file to be read' });
    expect(live.verify(a)).toBeUndefined();

    await writeFile(file, '{ broken');
    await until(() => lines.some((line) => line.includes('API token file not used')), { what: 'a warning' });
    expect(live.verify(b)?.name).toBe('b');

    await rm(file);
    await until(() => live!.count() === 0, { what: 'the removed file to mean no tokens' });
    expect(live.verify(b)).toBeUndefined();
  });

  it('starts with no tokens (and a warning) when the file is broken at start-up', async () => {
    const file = join(dir, 'api_tokens.json');
    await writeFile(file, '[]');
    live = await openLiveTokens({ file, logger });
    expect(live.count()).toBe(0);
    expect(lines.join('')).toContain('the document must be a JSON object');
  });
});
