/**
 * Secrets stay secret: the access token (and proxy credentials) never appear
 * in the logs, in error messages, in the health body or in anything the
 * sandbox page serves — also when things go wrong.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { startHealthServer } from '../../src/health.js';
import { encodeId } from '../../src/platform/ids.js';
import { configSecrets, loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/log.js';
import { createApp } from '../../src/app/create-app.js';
import { startEmulator } from '../../src/platform/emulator/index.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/sandbox.js';
import { ask, click, startHarness, type Harness } from '../support/harness.js';
import { startSocks5Proxy } from '../support/proxies.js';
import { until } from '../support/wait.js';
import { simulatedWaits } from '../support/simulated-waits.js';

/** The secret itself and the encodings a careless log line might use. */
function forms(secret: string): string[] {
  return [secret, encodeURIComponent(secret), Buffer.from(secret).toString('base64'), JSON.stringify(secret).slice(1, -1)];
}

function expectNoSecret(text: string, secrets: string[]): void {
  for (const secret of secrets) for (const form of forms(secret)) expect(text.includes(form), `leaked ${form.slice(0, 6)}…`).toBe(false);
}

function sink(lines: string[]): Writable {
  return new Writable({
    write(chunk, _encoding, callback) {
      lines.push(String(chunk));
      callback();
    },
  });
}

describe('the access token never leaks', () => {
  let h: Harness | undefined;
  let sandbox: Sandbox | undefined;
  let dir: string | undefined;
  afterEach(async () => {
    await h?.close();
    await sandbox?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
    h = sandbox = dir = undefined;
  });

  it('not in debug logs or error messages, through successes, 429s, 5xx and refused posts', async () => {
    h = await startHarness({ retryWait: simulatedWaits({ instant: true }).wait });
    const token = h.bot.token;
    const form = await click(h, h.ada, await ask(h, h.ada, h.lab, 'testbed'), 'register');
    h.emu.faults.restFault({ method: 'GET', path: /^\/people\//, status: 503, times: 1 });
    h.emu.faults.restFault({ method: 'GET', path: /^\/attachment\/actions\//, status: 429, retryAfter: 1 });
    await click(h, h.ada, form, 'register_submit', { testbed_id: '1', purpose: 'secrets test', release_choice: '1h' });
    h.emu.faults.restFault({ method: 'POST', path: /^\/messages$/, status: 500, times: 1 });
    const since = h.emu.messageCount();
    h.emu.say({ personId: h.ada.id, roomId: h.lab.id, text: 'status', mentions: [h.bot.id] });
    await until(() => h!.logs.join('').includes('reply could not be posted'), { what: 'the refused reply in the log', timeoutMs: 10_000 });
    expect(h.emu.messages().slice(since).filter((m) => m.personId === h!.bot.id)).toHaveLength(0); // that reply was refused
    const errors: unknown[] = [];
    await h.app.platform.postMessage({ roomId: encodeId('ROOM', randomUUID()), text: 'nowhere' }).catch((e: unknown) => errors.push(e));
    await h.app.platform.getPerson('not-a-person').catch((e: unknown) => errors.push(e));
    await h.app.platform.postMessage({ text: 'no destination' }).catch((e: unknown) => errors.push(e));
    expect(errors).toHaveLength(3);
    for (const error of errors) {
      expect(error).toBeInstanceOf(Error);
      expectNoSecret(`${(error as Error).message}\n${(error as Error).stack}\n${JSON.stringify(error)}`, [token]);
    }
    const logs = h.logs.join('');
    expect(logs).toContain('reply could not be posted');
    expect(logs).toContain('rest call will be retried');
    expectNoSecret(logs, [token]);
  });

  it('not in the health body', async () => {
    h = await startHarness();
    const server = await startHealthServer({ host: '127.0.0.1', port: 0, getStatus: () => h!.app.healthStatus() });
    try {
      await ask(h, h.ada, h.lab, 'help');
      const response = await fetch(`http://127.0.0.1:${server.port}/health`);
      const body = await response.text();
      expect(JSON.parse(body)).toMatchObject({ status: 'healthy', messages_processed: 1 });
      expectNoSecret(body, [h.bot.token]);
      expectNoSecret(JSON.stringify([...response.headers]), [h.bot.token]);
    } finally {
      await server.close();
    }
  });

  it('not in anything the sandbox page serves, nor in its log', async () => {
    dir = await mkdtemp(join(tmpdir(), 'tbm-sec-'));
    const lines: string[] = [];
    sandbox = await startSandbox({ port: 0, dataDir: dir, logLevel: 'debug', logDestination: sink(lines) });
    const secrets = [sandbox.directory.bot.token, ...sandbox.directory.people.map((person) => person.token)];
    const bodies: string[] = [];
    const get = async (path: string) => bodies.push(await (await fetch(`${sandbox!.url}${path}`)).text());
    const post = async (path: string, body: string) =>
      bodies.push(await (await fetch(`${sandbox!.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })).text());

    for (const path of ['/', '/app.js', '/render.js', '/markdown.js', '/style.css', '/nope', '/api/state']) await get(path);
    const person = sandbox.directory.people[0];
    const room = sandbox.directory.rooms.find((r) => r.approved && r.type === 'group')!;
    const since = sandbox.emulator.messageCount();
    await post('/api/say', JSON.stringify({ personId: person.id, roomId: room.id, text: 'testbed' }));
    const menu = await sandbox.emulator.waitForMessage((m) => m.personId === sandbox!.directory.bot.id, { since });
    await post('/api/submit', JSON.stringify({ personId: person.id, messageId: menu.id, inputs: { action: 'status' } }));
    await post('/api/say', '{not json');
    await post('/api/say', JSON.stringify({ personId: 'forged', roomId: room.id, text: sandbox.directory.bot.token }));
    await post('/api/drop-socket', '{}');
    // The live event stream, read until it has carried a message and the bot's reply to it.
    const controller = new AbortController();
    const stream = await fetch(`${sandbox.url}/api/events`, { signal: controller.signal });
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    let events = '';
    await post('/api/say', JSON.stringify({ personId: person.id, roomId: room.id, text: 'testbed status' }));
    while ((events.match(/^event: message$/gm) ?? []).length < 2) {
      const { value, done } = await reader.read();
      if (done) break;
      events += decoder.decode(value, { stream: true });
    }
    controller.abort();
    bodies.push(events, await (await fetch(`${sandbox.url}/api/state`)).text());
    expect(bodies.join('\n')).toContain('Testbed Monitor');
    expect(events).toContain('event: connection');
    expect((events.match(/^event: message$/gm) ?? []).length).toBeGreaterThanOrEqual(2);
    expectNoSecret(bodies.join('\n'), secrets);
    expectNoSecret(lines.join(''), secrets);
  });

  /** Starts the app against a fresh emulator with these proxy settings and stops it once `enough` holds for its log. */
  async function runBehindProxies(proxies: Record<string, string>, enough: (lines: string[]) => boolean): Promise<{ lines: string[]; outcome: string; token: string }> {
    const emu = await startEmulator();
    dir = await mkdtemp(join(tmpdir(), 'tbm-sec-'));
    const bot = emu.createBot({ displayName: 'Testbed Monitor', email: 'tbm@webex.bot' });
    const lines: string[] = [];
    try {
      const config = loadConfig(
        {
          PLATFORM_ACCESS_TOKEN: bot.token,
          PLATFORM_API_URL: emu.restUrl,
          PLATFORM_DISCOVERY_URL: emu.discoveryUrl,
          APPROVED_ROOMS: '*',
          TESTBED_DB_NAME: join(dir, 'testbeds.json'),
          BROADCAST_DB_NAME: join(dir, 'rooms.json'),
          HEALTH_PORT: 'off',
          LOG_LEVEL: 'trace',
          ...proxies,
        },
        { cwd: dir },
      );
      const logger = createLogger({ level: config.logLevel, secrets: configSecrets(config), destination: sink(lines) });
      const app = await createApp({ config, logger });
      const started = app.start().then(() => 'started', (error: Error) => `${error.message}\n${error.stack}`);
      await until(() => enough(lines), { what: 'the failures to be logged', timeoutMs: 20_000 });
      await app.stop();
      return { lines, outcome: await started, token: bot.token };
    } finally {
      await emu.stop();
    }
  }

  it('HTTP proxy credentials never reach the logs or the errors while the proxy is unreachable', async () => {
    const { lines, outcome, token } = await runBehindProxies(
      { HTTPS_PROXY: 'http://proxy-user:Pr0xy-S3cret@127.0.0.1:9' },
      // The emulator is up, so a refused connection is the proxy's (nothing listens on port 9).
      (seen) => /ECONNREFUSED/.test(seen.join('')) && /retried|failed/.test(seen.join('')),
    );
    expect(lines.join('')).toMatch(/ECONNREFUSED/);
    expectNoSecret(`${lines.join('')}\n${outcome}`, ['Pr0xy-S3cret', 'proxy-user:', token]);
  });

  it('SOCKS credentials never reach the logs or the errors while the SOCKS proxy refuses them', async () => {
    const socks = await startSocks5Proxy({ user: 'sock-user', password: 'not-what-the-bot-has' });
    try {
      const refused = () => socks.tunnels.filter((tunnel) => tunnel.outcome === 'auth-refused');
      const { lines, outcome, token } = await runBehindProxies(
        { WSS_PROXY: `socks5://sock-user:S0cks-S3cret@127.0.0.1:${socks.port}` },
        (seen) => refused().length >= 2 && (seen.join('').match(/socket down/g) ?? []).length >= 2,
      );
      // The socket really went to the SOCKS proxy and presented the secret there, and nowhere else.
      expect(refused().length).toBeGreaterThanOrEqual(2);
      expect(lines.join('')).toMatch(/socket down/);
      for (const tunnel of socks.tunnels) expect({ user: tunnel.user, password: tunnel.password }).toEqual({ user: 'sock-user', password: 'S0cks-S3cret' });
      expectNoSecret(`${lines.join('')}\n${outcome}`, ['S0cks-S3cret', 'sock-user:', token]);
    } finally {
      await socks.close();
    }
  });
});
