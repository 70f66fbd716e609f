/**
 * Proxies for real: the bot process (`node dist/main.js`) talks to the emulator over HTTPS/WSS
 * (self-signed certificate trusted through NODE_EXTRA_CA_CERTS) through a local HTTP CONNECT
 * proxy with Basic credentials and a local SOCKS5 server. Both proxies terminate TLS with the
 * same certificate, so they can record which requests went through which tunnel.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/platform/emulator/index.js';
import type { Emulator, EmuPerson, EmuRoom } from '../../src/platform/emulator/api.js';
import { cardActions } from '../support/harness.js';
import { startConnectProxy, startSocks5Proxy, type RecordingProxy, type SeenRequest } from '../support/proxies.js';
import { createTestCertificate, type TestCertificate } from '../support/tls.js';
import { startBotProcess as startBot, type BotProcess } from '../support/bot-process.js';
import { until } from '../support/wait.js';

const PROXY_USER = 'proxy-user';
const PROXY_PASSWORD = 'secret-pass-7Qx';
const SOCKS_USER = 'socks-user';
const SOCKS_PASSWORD = 'socks-pass-9Wz';
const MENU = ['status', 'register', 'release', 'broadcast'];

const waitFor = (what: string, check: () => boolean, timeoutMs = 15_000) => until(check, { what, timeoutMs, everyMs: 50 });

const kinds = (requests: SeenRequest[]) => new Set(requests.map((r) => (r.websocket ? 'websocket' : 'rest')));
const lines = (requests: SeenRequest[]) => requests.map((r) => `${r.method} ${r.path}`);

describe('the bot process behind real proxies (HTTPS/WSS emulator)', () => {
  let cert: TestCertificate;
  let emu: Emulator;
  let bot: EmuPerson;
  let ada: EmuPerson;
  let lab: EmuRoom;
  let dir: string;
  let run: BotProcess | undefined;
  const proxies: RecordingProxy[] = [];

  beforeAll(async () => {
    cert = await createTestCertificate();
  });
  afterAll(async () => {
    await cert?.dispose();
  });

  async function setUp(): Promise<void> {
    dir = await mkdtemp(join(tmpdir(), 'tbm-proxy-'));
    emu = await startEmulator({ tls: { key: cert.key, cert: cert.cert } });
    bot = emu.createBot({ displayName: 'Testbed Monitor', email: 'tbm@webex.bot' });
    ada = emu.createPerson({ displayName: 'Ada Ops', email: 'ada@example.com' });
    lab = emu.createRoom({ title: 'Lab', memberIds: [bot.id, ada.id] });
  }

  afterEach(async () => {
    if (run && run.exitCode() === null) {
      run.kill('SIGKILL');
      await run.exited;
    }
    run = undefined;
    await Promise.all(proxies.splice(0).map((p) => p.close()));
    await emu?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  function botEnv(extra: Record<string, string>): Record<string, string> {
    return {
      NODE_EXTRA_CA_CERTS: cert.certPath,
      PLATFORM_ACCESS_TOKEN: bot.token,
      PLATFORM_API_URL: emu.restUrl,
      PLATFORM_DISCOVERY_URL: emu.discoveryUrl,
      APPROVED_ROOMS: lab.id,
      HEALTH_PORT: 'off',
      LOG_LEVEL: 'debug',
      ...extra,
    };
  }

  async function askForMenu(): Promise<string[]> {
    await waitFor('the bot socket', () => emu.connectedSockets(bot.id) === 1 || run?.exitCode() !== null, 20_000);
    expect(run?.exitCode()).toBeNull();
    const since = emu.messageCount();
    emu.say({ personId: ada.id, roomId: lab.id, text: 'testbed', mentions: [bot.id] });
    const reply = await emu.waitForMessage((m) => m.personId === bot.id && m.roomId === lab.id, { since, timeoutMs: 10_000 });
    return cardActions(reply);
  }

  it('sends REST through HTTPS_PROXY (CONNECT, Basic auth) and the socket through WSS_PROXY (SOCKS5)', async () => {
    await setUp();
    const connect = await startConnectProxy({ user: PROXY_USER, password: PROXY_PASSWORD, inspect: cert });
    const socks = await startSocks5Proxy({ user: SOCKS_USER, password: SOCKS_PASSWORD, inspect: cert });
    proxies.push(connect, socks);
    run = startBot(botEnv({
      HTTPS_PROXY: `http://${PROXY_USER}:${PROXY_PASSWORD}@127.0.0.1:${connect.port}`,
      WSS_PROXY: `socks5://${SOCKS_USER}:${SOCKS_PASSWORD}@127.0.0.1:${socks.port}`,
    }), dir);

    expect(await askForMenu()).toEqual(MENU);
    const emulatorHost = new URL(emu.url).host;

    expect(connect.tunnels.length).toBeGreaterThan(0);
    for (const t of connect.tunnels) {
      expect(t).toMatchObject({ target: emulatorHost, user: PROXY_USER, password: PROXY_PASSWORD, outcome: 'tunnelled' });
    }
    const rest = connect.tunnels.flatMap((t) => t.requests);
    expect(lines(rest)).toEqual(expect.arrayContaining([
      'GET /v1/people/me', 'GET /u2c/api/v1/catalog', 'POST /wdm/api/v1/devices', 'POST /v1/messages',
    ]));
    expect(kinds(rest)).toEqual(new Set(['rest']));

    const tunnelled = socks.tunnels.filter((t) => t.outcome === 'tunnelled');
    expect(tunnelled).toHaveLength(1);
    expect(tunnelled[0]).toMatchObject({ target: emulatorHost, user: SOCKS_USER, password: SOCKS_PASSWORD });
    expect(tunnelled[0].requests).toHaveLength(1);
    expect(tunnelled[0].requests[0]).toMatchObject({ method: 'GET', websocket: true });
    // The menu reply arrived as an activity over the socket, so frames flowed both ways.
    expect(tunnelled[0].bytesFromTarget).toBeGreaterThan(0);

    const out = run.output();
    expect(out.length).toBeGreaterThan(200);
    for (const secret of [PROXY_PASSWORD, SOCKS_PASSWORD, bot.token]) expect(out).not.toContain(secret);
  });

  it.each([
    { only: 'WSS_PROXY', carries: 'websocket', direct: 'REST' },
    { only: 'HTTPS_PROXY', carries: 'rest', direct: 'the socket' },
  ])('with only $only (CONNECT) the proxy carries $carries alone and $direct goes direct', async ({ only, carries }) => {
    await setUp();
    const connect = await startConnectProxy({ user: PROXY_USER, password: PROXY_PASSWORD, inspect: cert });
    proxies.push(connect);
    run = startBot(botEnv({ [only]: `http://${PROXY_USER}:${PROXY_PASSWORD}@127.0.0.1:${connect.port}` }), dir);

    expect(await askForMenu()).toEqual(MENU);
    expect(connect.tunnels.length).toBeGreaterThan(0);
    for (const t of connect.tunnels) {
      expect(t).toMatchObject({ target: new URL(emu.url).host, user: PROXY_USER, password: PROXY_PASSWORD, outcome: 'tunnelled' });
    }
    const seen = connect.tunnels.flatMap((t) => t.requests);
    expect(kinds(seen)).toEqual(new Set([carries]));
    if (carries === 'websocket') expect(seen).toHaveLength(1);
    else expect(lines(seen)).toEqual(expect.arrayContaining(['GET /v1/people/me', 'POST /v1/messages']));
    expect(run.output()).not.toContain(PROXY_PASSWORD);
    expect(run.output()).not.toContain(bot.token);
  });

  it.each([
    { setting: 'HTTPS_PROXY', blocked: 'REST' },
    { setting: 'WSS_PROXY', blocked: 'the socket' },
  ])('with wrong credentials in $setting logs the 407, keeps retrying, never prints the password', async ({ setting }) => {
    await setUp();
    const connect = await startConnectProxy({ user: PROXY_USER, password: PROXY_PASSWORD, inspect: cert });
    proxies.push(connect);
    const wrong = 'wrong-pass-3Kd';
    run = startBot(botEnv({ [setting]: `http://${PROXY_USER}:${wrong}@127.0.0.1:${connect.port}` }), dir);

    const said407 = () => /proxy refused the tunnel with HTTP 407 Proxy Authentication Required/.test(run!.output());
    await waitFor('the 407 in the log', () => said407() || run!.exitCode() !== null);
    expect(said407()).toBe(true);
    // Still alive and still trying: the proxy keeps seeing (refused) attempts.
    const attemptsBefore = connect.tunnels.length;
    await waitFor('another attempt', () => connect.tunnels.length > attemptsBefore || run!.exitCode() !== null);
    expect(run.exitCode()).toBeNull();
    expect(connect.tunnels.length).toBeGreaterThanOrEqual(2);
    for (const t of connect.tunnels) {
      expect(t).toMatchObject({ target: new URL(emu.url).host, outcome: 'auth-refused', user: PROXY_USER, password: wrong });
    }
    expect(emu.connectedSockets(bot.id)).toBe(0);
    const out = run.output();
    expect(out).not.toContain(wrong);
    expect(out).not.toContain(bot.token);
  });
});
