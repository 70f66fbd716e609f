/**
 * `npm run token`: the command against real files in a temp folder (and once as the built process).
 * A new token is printed once and only its hash is stored; mistakes are usage errors (exit 2) that
 * change nothing; a broken file is named and left as it was (exit 1).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runTokenCommand } from '../../src/cli/token.js';
import { findToken, sha256Hex, type TokensDocument } from '../../src/store/tokens.js';

let dir: string;
let out: string[];
let err: string[];
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tbm-token-cli-'));
  out = [];
  err = [];
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const run = (argv: string[], env: Record<string, string> = {}) =>
  runTokenCommand(argv, { out: (t) => out.push(t), err: (t) => err.push(t), env, cwd: dir });
const readDoc = async (file = join(dir, 'api_tokens.json')): Promise<TokensDocument> => JSON.parse(await readFile(file, 'utf8'));
const printedToken = () => /^(tbm_[A-Za-z0-9_-]{43})$/m.exec(out.join(''))?.[1];

describe('create', () => {
  it('prints a new token once and stores only its sha256, beside the testbed document by default', async () => {
    expect(await run(['create', '--name', 'nightly-ci', '--owner', 'owner@example.com'], { TESTBED_DB_NAME: 'data/testbeds.json' })).toBe(0);
    const token = printedToken()!;
    expect(token).toBeDefined();
    const file = join(dir, 'data', 'api_tokens.json');
    expect(out.join('')).toContain(`Created token "nightly-ci" for owner@example.com in ${file}.`);
    const text = await readFile(file, 'utf8');
    expect(text).not.toContain(token);
    expect(JSON.parse(text)).toEqual({ tokens: [{ name: 'nightly-ci', owner_email: 'owner@example.com', sha256: sha256Hex(token), admin: false }] });
    expect(findToken(JSON.parse(text).tokens, token)?.name).toBe('nightly-ci');
  });

  it('adds admin tokens beside existing ones, to API_TOKENS_FILE or --file', async () => {
    await run(['create', '--name', 'one', '--owner', 'a@example.com'], { API_TOKENS_FILE: 'tokens.json' });
    await run(['create', '--name', 'two', '--owner', 'b@example.com', '--admin'], { API_TOKENS_FILE: 'tokens.json' });
    expect((await readDoc(join(dir, 'tokens.json'))).tokens.map((t) => [t.name, t.admin])).toEqual([['one', false], ['two', true]]);
    expect(await run(['create', '--name', 'three', '--owner', 'c@example.com', '--file', 'elsewhere.json'])).toBe(0);
    expect((await readDoc(join(dir, 'elsewhere.json'))).tokens.map((t) => t.name)).toEqual(['three']);
  });

  it.each([
    [['create', '--owner', 'a@example.com'], '--name is required.'],
    [['create', '--name', 'x'], '--owner is required (the email address that gets the reminders).'],
    [['create', '--name', 'x', '--owner', 'not-an-email'], '--owner "not-an-email" is not an email address.'],
    [['create', '--name', 'bad/name', '--owner', 'a@example.com'], '--name "bad/name" must be 1 to 64 letters'],
    [['create', '--name', 'x', '--owner', 'a@example.com', '--colour', 'red'], 'Unknown argument "--colour".'],
    [['create', '--name'], '--name needs a value.'],
    [['rotate'], 'Unknown command "rotate".'],
  ])('%j is a usage error (exit 2) that writes nothing', async (argv, message) => {
    expect(await run(argv)).toBe(2);
    expect(err.join('')).toContain(message);
    expect(err.join('')).toContain('Usage:');
    await expect(readFile(join(dir, 'api_tokens.json'), 'utf8')).rejects.toThrow(/ENOENT/);
  });

  it('refuses a name that exists already (ignoring case), leaving the file unchanged', async () => {
    await run(['create', '--name', 'nightly', '--owner', 'a@example.com']);
    const before = await readFile(join(dir, 'api_tokens.json'), 'utf8');
    expect(await run(['create', '--name', 'NIGHTLY', '--owner', 'b@example.com'])).toBe(2);
    expect(err.join('')).toContain('A token named "NIGHTLY" exists already');
    expect(await readFile(join(dir, 'api_tokens.json'), 'utf8')).toBe(before);
  });
});

describe('list and revoke', () => {
  it('lists names, owners and admin flags without hashes; revoke removes one by name', async () => {
    await run(['create', '--name', 'nightly-ci', '--owner', 'owner@example.com']);
    await run(['create', '--name', 'lead', '--owner', 'lead@example.com', '--admin']);
    out = [];
    expect(await run(['list'])).toBe(0);
    expect(out.join('')).toBe('name        owner\nnightly-ci  owner@example.com\nlead        lead@example.com  admin\n');
    expect(await run(['revoke', '--name', 'nightly-ci'])).toBe(0);
    expect((await readDoc()).tokens.map((t) => t.name)).toEqual(['lead']);
    expect(await run(['revoke', '--name', 'nightly-ci'])).toBe(2);
    expect(err.join('')).toContain('There is no token named "nightly-ci"');
  });

  it('says how to make the first token when there is none', async () => {
    expect(await run(['list'])).toBe(0);
    expect(out.join('')).toContain('No tokens in');
  });

  it('names a broken file and leaves it as it was (exit 1)', async () => {
    const file = join(dir, 'api_tokens.json');
    await writeFile(file, '{"tokens": [{"name": "x", "owner_email": "a@example.com", "sha256": "nothex", "admin": false}]}');
    expect(await run(['create', '--name', 'y', '--owner', 'b@example.com'])).toBe(1);
    expect(err.join('')).toContain('tokens[0].sha256 must be 64 lower-case hex digits');
    expect(err.join('')).toContain('Nothing was changed.');
    expect(await readFile(file, 'utf8')).toContain('nothex');
  });
});

describe('as a process', () => {
  it('runs from dist/ with exit code 0 on success and 2 without a command', async () => {
    const script = resolve(import.meta.dirname, '../../dist/cli/token.js');
    const exec = promisify(execFile);
    const ok = await exec(process.execPath, [script, 'create', '--name', 'proc', '--owner', 'p@example.com'], { cwd: dir, env: { PATH: process.env.PATH } });
    expect(ok.stdout).toMatch(/^tbm_[A-Za-z0-9_-]{43}$/m);
    const usage = await exec(process.execPath, [script], { cwd: dir, env: { PATH: process.env.PATH } }).catch((error: { code: number; stdout: string }) => error);
    expect((usage as { code: number }).code).toBe(2);
  });
});
