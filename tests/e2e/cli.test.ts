/**
 * The `testbed-bot` CLI as pipelines run it: the built file (`dist/cli/testbed-bot.js`, also through
 * `npx testbed-bot`) against the running bot's API over real HTTP. Exit codes a shell can trust,
 * the lines it prints, and `run` releasing the hold when the command ends and when it is stopped.
 */
import { execFile, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { readFile, rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../support/harness.js';
import { tokenFile, type TokenFile } from '../support/api.js';
import { until } from '../support/wait.js';
import { newToken } from '../../src/store/tokens.js';

const ROOT = resolve(import.meta.dirname, '../..');
const CLI = join(ROOT, 'dist/cli/testbed-bot.js');

let h: Harness;
let tf: TokenFile;
let env: Record<string, string>;

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

function cli(args: string[], extraEnv: Record<string, string> = {}): Promise<Ran> {
  return new Promise((done) => {
    execFile(process.execPath, [CLI, ...args], { env: { PATH: process.env.PATH ?? '', ...env, ...extraEnv }, cwd: h.dir }, (error, stdout, stderr) =>
      done({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const { port } = server.address() as { port: number };
  await new Promise((closed) => server.close(closed));
  return port;
}

beforeEach(async () => {
  tf = await tokenFile([{ name: 'nightly-ci', owner: 'owner@example.com' }]);
  h = await startHarness({ env: { API_PORT: '0', API_TOKENS_FILE: tf.file } });
  env = { TESTBED_API_URL: h.app.apiUrl()!, TESTBED_API_TOKEN: tf.tokens['nightly-ci'] };
});
afterEach(async () => {
  await h?.close();
  await rm(dirname(tf.file), { recursive: true, force: true });
});

const inUse = async () => (await h.readTestbeds()).filter((r) => r.status === 'in_use').map((r) => [r.id, r.user_name]);

describe('testbed-bot exit codes', () => {
  it('holds (printing lines a shell can eval), shows status, extends and releases: exit 0', async () => {
    const held = await cli(['hold', '--purpose', 'nightly #123', '--minutes', '120']);
    expect(held).toMatchObject({ code: 0, stderr: '' });
    const lines = Object.fromEntries(held.stdout.trim().split('\n').map((line) => line.split('=') as [string, string]));
    expect(lines).toEqual({ TESTBED_ID: '1', TESTBED_NAME: 'lab-1', TESTBED_HOLD_ID: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(await inUse()).toEqual([[1, 'nightly-ci']]);

    const json = await cli(['hold', '--id', '3', '--purpose', 'soak', '--minutes', '30', '--json']);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ testbeds: [{ id: 3, testbed_name: 'lab-3', user_name: 'nightly-ci' }], hold_id: expect.any(String) });

    const status = await cli(['status']);
    expect(status.code).toBe(0);
    expect(status.stdout.split('\n')[0]).toMatch(/^ {3}1 {2}lab-1 {2}held by nightly-ci until \d{4}-/);
    expect(status.stdout.split('\n')[1]).toBe('   2  lab-2  available');

    const extended = await cli(['extend', '1', '--minutes', '60']);
    expect(extended.code).toBe(0);
    expect(extended.stdout).toMatch(/^lab-1 is held until \d{4}-\d\d-\d\dT/);
    // A hold id: every testbed of the hold, one line each.
    const byHold = await cli(['extend', JSON.parse(json.stdout).hold_id, '--minutes', '15']);
    expect(byHold.code).toBe(0);
    expect(byHold.stdout).toMatch(/^lab-3 is held until \d{4}-\d\d-\d\dT[^\n]*\n$/);
    expect(await cli(['extend', 'no-such-hold', '--minutes', '15'])).toMatchObject({ code: 1 });

    expect(await cli(['release', '1'])).toMatchObject({ code: 0, stdout: 'Released lab-1.\n' });
    expect(await cli(['release', lines.TESTBED_HOLD_ID])).toMatchObject({ code: 1 });
    expect(await inUse()).toEqual([[3, 'nightly-ci']]);
  });

  it('exits 2 for usage mistakes, before any request', async () => {
    for (const args of [[], ['hold', '--minutes', '10'], ['hold', '--purpose', 'x'], ['hold', '--purpose', 'x', '--minutes', 'ten'], ['hold', '--purpose', 'x', '--minutes', '5', '--wait', 'soon'], ['extend', '1'], ['fly'], ['run', '--label', '5g']]) {
      const ran = await cli(args);
      expect(ran.code, args.join(' ')).toBe(2);
      expect(ran.stderr, args.join(' ')).toContain('Usage: testbed-bot');
    }
    expect((await cli(['status'], { TESTBED_API_URL: '' })).stderr).toContain('Set TESTBED_API_URL');
    expect(await inUse()).toEqual([]);
  });

  it('exits 3 when the testbed is taken or none is free', async () => {
    await cli(['hold', '--id', '2', '--purpose', 'first', '--minutes', '10']);
    const taken = await cli(['hold', '--id', '2', '--purpose', 'second', '--minutes', '10']);
    expect(taken.code).toBe(3);
    expect(taken.stderr).toMatch(/^testbed-bot: lab-2 is held by nightly-ci until .+ \(409 taken\)\n$/);
    const none = await cli(['hold', '--label', '5g', '--purpose', 'x', '--minutes', '10']);
    expect(none.code).toBe(3);
    expect(none.stderr).toContain('none_free');
  });

  it('exits 4 for a token the bot does not know, and never prints it', async () => {
    const forged = newToken();
    const refused = await cli(['status'], { TESTBED_API_TOKEN: forged });
    expect(refused.code).toBe(4);
    expect(refused.stderr).toContain('401 unauthorized');
    expect(refused.stderr + refused.stdout).not.toContain(forged);
  });

  it('exits 5 when nothing listens at TESTBED_API_URL', async () => {
    const ran = await cli(['status'], { TESTBED_API_URL: `http://127.0.0.1:${await closedPort()}` });
    expect(ran.code).toBe(5);
    expect(ran.stderr).toMatch(/cannot be reached \(ECONNREFUSED\)/);
  });

  it('works as `npx testbed-bot` from the project folder (the bin entry)', async () => {
    const ran = await new Promise<Ran>((done) =>
      execFile('npx', ['--no-install', 'testbed-bot', 'status'], { env: { ...process.env, ...env }, cwd: ROOT }, (error, stdout, stderr) =>
        done({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
      ),
    );
    expect(ran.code).toBe(0);
    expect(ran.stdout).toContain('lab-3  available');
  });
});

describe('testbed-bot run', () => {
  it('holds two testbeds, gives their ids and names to the command, releases when it ends, and exits with its code', async () => {
    const out = join(h.dir, 'seen.txt');
    const script = `require('fs').writeFileSync(${JSON.stringify(out)}, [process.env.TESTBED_IDS, process.env.TESTBED_NAMES, process.env.TESTBED_HOLD_ID].join('|')); process.exit(7)`;
    const ran = await cli(['run', '--quantity', '2', '--purpose', 'pair test', '--', process.execPath, '-e', script]);
    expect(ran.code).toBe(7);
    const [ids, names, holdId] = (await readFile(out, 'utf8')).split('|');
    expect(ids).toBe('1,2');
    expect(names).toBe('lab-1,lab-2');
    expect(ran.stderr).toContain(`holding lab-1, lab-2 (hold ${holdId})`);
    expect(ran.stderr).toContain('released lab-1, lab-2');
    expect(await inUse()).toEqual([]);
  });

  it.each([
    ['SIGTERM', 143],
    ['SIGINT', 130],
  ] as const)('releases the hold and stops the command when it is stopped with %s', async (signal, code) => {
    const marker = join(h.dir, 'started');
    const script = `require('fs').writeFileSync(${JSON.stringify(marker)}, 'x'); setInterval(() => {}, 1000)`;
    const child = spawn(process.execPath, [CLI, 'run', '--purpose', 'long job', '--', process.execPath, '-e', script], {
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += String(chunk)));
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    await until(() => readFile(marker).then(() => true, () => false), { what: 'the command to start' });
    expect(await inUse()).toEqual([[1, 'nightly-ci']]);
    child.kill(signal);
    expect(await exited).toBe(code);
    expect(stderr).toContain(`${signal}: stopping`);
    expect(await inUse()).toEqual([]);
  });
});
