import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../src/platform/emulator/index.js';
import type { Emulator, EmuPerson } from '../src/platform/emulator/api.js';
import { parseProvisionArgs, runProvision, USAGE } from '../src/provision.js';
import { provisionBot, ProvisionError } from '../src/provision/create-bot.js';

const ARGS = ['--name', 'Lab Bot', '--username', 'lab-bot', '--avatar', 'https://example.com/bot.png'];

function capture() {
  const output = { out: '', err: '' };
  return {
    output,
    io: {
      out: (text: string) => void (output.out += text),
      err: (text: string) => void (output.err += text),
    },
  };
}

function occurrences(text: string, part: string): number {
  return text.split(part).length - 1;
}

describe('parseProvisionArgs', () => {
  it('reads the three flags, also in --flag=value form', () => {
    expect(parseProvisionArgs(ARGS)).toEqual({
      ok: true,
      args: { name: 'Lab Bot', username: 'lab-bot', avatar: 'https://example.com/bot.png' },
    });
    expect(parseProvisionArgs(['--name=A B', '--username=ab', '--avatar=http://x.test/a.png'])).toMatchObject({
      ok: true,
      args: { name: 'A B', username: 'ab', avatar: 'http://x.test/a.png' },
    });
  });

  it.each([
    [[], ['--name is required.', '--username is required.', '--avatar is required.']],
    [['--name', '--username', 'u', '--avatar', 'https://a.test/x.png'], ['--name needs a value.']],
    [['--name', 'N', '--username', 'u', '--avatar', 'ftp://a.test/x.png'], ['--avatar must be an http or https image URL.']],
    [['--name', 'N', '--username', 'u@webex.bot', '--avatar', 'https://a.test/x.png'], [expect.stringContaining('--username must not contain')]],
    [['--name'], ['--name needs a value.']],
    [['--name=', '--username', 'u', '--avatar', 'https://a.test/x.png'], ['--name is required.']],
    [[...ARGS, '--colour', 'red'], ['Unknown argument "--colour".']],
    [[...ARGS, 'red'], ['Unknown argument "red".']],
    [['-n', 'Lab Bot'], ['Unknown argument "-n".']],
  ])('names every problem in %j', (argv, problems) => {
    const result = parseProvisionArgs(argv as string[]);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems).toEqual(problems);
  });
});

describe('npm run provision against the emulator', () => {
  let emulator: Emulator;
  let person: EmuPerson;
  let folder: string;

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 });
    person = emulator.createPerson({ displayName: 'Pat Admin', email: 'pat@example.com' });
  });
  afterAll(async () => {
    await emulator.stop();
  });
  afterEach(() => {
    emulator.faults.clearRestFaults();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });
  const tempFolder = () => (folder = mkdtempSync(join(tmpdir(), 'provision-')));

  it('creates the bot, prints id and email, and the token exactly once; the token works', async () => {
    const { output, io } = capture();
    const code = await runProvision({
      argv: ARGS,
      env: { PERSONAL_ACCESS_TOKEN: person.token, PLATFORM_API_URL: emulator.restUrl },
      cwd: tempFolder(),
      ...io,
    });
    expect(code).toBe(0);
    expect(output.err).toBe('');
    expect(output.out).toContain('email:   lab-bot@webex.bot');
    const token = /PLATFORM_ACCESS_TOKEN=(\S+)/.exec(output.out)?.[1];
    expect(token).toBeTruthy();
    expect(occurrences(output.out, token!)).toBe(1);
    expect(output.out).toContain('.env');
    expect(output.out).not.toContain(person.token);

    const me = await fetch(`${emulator.restUrl}/people/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    const profile = (await me.json()) as { id: string; type: string; emails: string[] };
    expect(profile.type).toBe('bot');
    expect(profile.emails).toEqual(['lab-bot@webex.bot']);
    expect(output.out).toContain(`id:      ${profile.id}`);
  });

  it('reads PERSONAL_ACCESS_TOKEN and PLATFORM_API_URL from .env when the environment has none', async () => {
    const cwd = tempFolder();
    writeFileSync(join(cwd, '.env'), `PERSONAL_ACCESS_TOKEN="${person.token}"\nPLATFORM_API_URL=${emulator.restUrl}\n`);
    const { output, io } = capture();
    const code = await runProvision({ argv: ARGS.map((a) => a.replace('lab-bot', 'env-bot')), env: {}, cwd, ...io });
    expect(code).toBe(0);
    expect(output.out).toContain('env-bot@webex.bot');
  });

  it('missing token or arguments: usage error, exit 1, nothing sent', async () => {
    const before = emulator.messageCount();
    const { output, io } = capture();
    const code = await runProvision({ argv: ['--name', 'X'], env: { PLATFORM_API_URL: emulator.restUrl }, cwd: tempFolder(), ...io });
    expect(code).toBe(1);
    expect(output.out).toBe('');
    expect(output.err).toContain('Error: --username is required.');
    expect(output.err).toContain('Error: PERSONAL_ACCESS_TOKEN is not set (environment or .env).');
    expect(output.err).toContain(USAGE);
    expect(emulator.messageCount()).toBe(before);
  });

  it('a refused token shows the status and the platform message, never the token', async () => {
    const wrong = 'not-a-valid-personal-token-123456';
    const { output, io } = capture();
    const code = await runProvision({
      argv: ARGS,
      env: { PERSONAL_ACCESS_TOKEN: wrong, PLATFORM_API_URL: emulator.restUrl },
      cwd: tempFolder(),
      ...io,
    });
    expect(code).toBe(1);
    expect(output.err).toMatch(/HTTP 401: \S/);
    expect(output.err).toContain('Check PERSONAL_ACCESS_TOKEN');
    expect(output.err).not.toContain(wrong);
    expect(output.out).toBe('');
  });

  it('a platform error is reported once and the POST is not retried', async () => {
    emulator.faults.restFault({ method: 'POST', path: /^\/bots$/, status: 500, times: 1 });
    const { output, io } = capture();
    const code = await runProvision({
      argv: ARGS.map((a) => a.replace('lab-bot', 'retry-bot')),
      env: { PERSONAL_ACCESS_TOKEN: person.token, PLATFORM_API_URL: emulator.restUrl },
      cwd: tempFolder(),
      ...io,
    });
    // Had the POST been retried, the second attempt would have succeeded (the fault fires once).
    expect(code).toBe(1);
    expect(output.err).toContain('HTTP 500');
    expect(output.err).not.toContain(person.token);
  });

  it('provisionBot passes the platform message of a 400 through a ProvisionError', async () => {
    const error = await provisionBot({ apiUrl: emulator.restUrl, personalToken: person.token, name: '', username: 'x', avatar: 'https://a.test/x.png' }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ProvisionError);
    expect(error).toMatchObject({ code: 'PROVISION_REFUSED', status: 400 });
    expect((error as Error).message).toMatch(/HTTP 400: \S/);
  });

  it('an unreachable platform is a clear error', async () => {
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const address = server.address() as { port: number };
        server.close(() => resolve(address.port));
      });
    });
    const error = await provisionBot({
      apiUrl: `http://127.0.0.1:${port}/v1`,
      personalToken: person.token,
      name: 'n',
      username: 'u',
      avatar: 'https://a.test/x.png',
    }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'PROVISION_UNREACHABLE' });
    expect((error as Error).message).toContain(`Could not reach http://127.0.0.1:${port}/v1/bots`);
  });
});
