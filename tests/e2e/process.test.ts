/**
 * The real process as `npm start`, the Dockerfile and the systemd unit run it: `node dist/main.js`.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/platform/emulator/index.js';
import type { Emulator } from '../../src/platform/emulator/api.js';
import { startBotProcess as startBot } from '../support/bot-process.js';
import { until } from '../support/wait.js';
import { freePort } from '../support/ports.js';


describe('the bot process', () => {
  let dir: string;
  let emu: Emulator | undefined;
  afterEach(async () => {
    await emu?.stop();
    emu = undefined;
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('exits 1 and prints every configuration problem before connecting', async () => {
    dir = await mkdtemp(join(tmpdir(), 'tbm-proc-'));
    const run = startBot({ APPROVED_ROOMS: '', PLATFORM_API_URL: 'not a url', HEALTH_PORT: '99999', WSS_PROXY: 'ftp://proxy:1' }, dir);
    expect((await run.exited).code).toBe(1);
    const out = run.output();
    expect(out).toContain('Configuration error:');
    expect(out).toMatch(/PLATFORM_ACCESS_TOKEN/);
    expect(out).toMatch(/APPROVED_ROOMS/);
    expect(out).toMatch(/PLATFORM_API_URL/);
    expect(out).toMatch(/HEALTH_PORT/);
    expect(out).toMatch(/WSS_PROXY/);
  });

  it('with NODE_ENV=production and no settings, exits 1 naming each missing setting instead of starting the sandbox', async () => {
    dir = await mkdtemp(join(tmpdir(), 'tbm-proc-'));
    const run = startBot({ NODE_ENV: 'production', SANDBOX_PORT: '0' }, dir);
    expect((await run.exited).code).toBe(1);
    const out = run.output();
    expect(out).toContain('Configuration error:');
    expect(out).toMatch(/^ {2}- PLATFORM_ACCESS_TOKEN is required/m);
    expect(out).toMatch(/^ {2}- APPROVED_ROOMS is required/m);
    expect(out).not.toContain('sandbox');
    expect(existsSync(join(dir, '.sandbox-data'))).toBe(false);
  });

  it('with NODE_ENV=production, refuses --sandbox as a configuration problem next to the missing settings', async () => {
    dir = await mkdtemp(join(tmpdir(), 'tbm-proc-'));
    const run = startBot({ NODE_ENV: 'production', SANDBOX_PORT: '0' }, dir, ['--sandbox']);
    expect((await run.exited).code).toBe(1);
    const out = run.output();
    expect(out).toContain('Configuration error:');
    expect(out).toMatch(/^ {2}- --sandbox cannot be used with NODE_ENV=production/m);
    expect(out).toMatch(/^ {2}- PLATFORM_ACCESS_TOKEN is required/m);
    expect(existsSync(join(dir, '.sandbox-data'))).toBe(false);
  });

  it('without NODE_ENV and without settings, starts the sandbox and serves its page and every asset from the build', async () => {
    dir = await mkdtemp(join(tmpdir(), 'tbm-proc-'));
    const run = startBot({ SANDBOX_PORT: '0' }, dir);
    try {
      let pageUrl: string | undefined;
      await until(() => (pageUrl = /Chat page:\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(run.output())?.[1]) !== undefined || run.exitCode() !== null, {
        what: 'the sandbox address',
      });
      expect(run.output()).toContain('starting the offline sandbox');
      expect(pageUrl).toBeDefined();
      const page = await fetch(pageUrl!);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(/<title>([^<]*)<\/title>/.exec(html)?.[1]).toBe('Testbed Monitor · sandbox');
      const assets = [...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="(\/[^"]+)"/g)].map((match) => match[1]);
      expect(assets).toContain('/vendor/adaptivecards.js');
      for (const asset of assets) {
        const response = await fetch(`${pageUrl}${asset}`);
        expect(response.status, asset).toBe(200);
        expect((await response.text()).length, asset).toBeGreaterThan(0);
      }
      expect(await (await fetch(`${pageUrl}/vendor/adaptivecards.js`)).text()).toContain('AdaptiveCard');
    } finally {
      run.kill('SIGTERM');
    }
    expect((await run.exited).code).toBe(0);
  });

  it('refuses a corrupt store file, names it, exits 1 and leaves it byte-for-byte unchanged', async () => {
    dir = await mkdtemp(join(tmpdir(), 'tbm-proc-'));
    emu = await startEmulator();
    const bot = emu.createBot({ displayName: 'Testbed Monitor', email: 'tbm@webex.bot' });
    const corrupt = '{"testbeds": [ {"id": 1, "testbed_name": "lab-1", "status": "in_use" ';
    await writeFile(join(dir, 'testbeds.json'), corrupt);
    const run = startBot(
      { PLATFORM_ACCESS_TOKEN: bot.token, PLATFORM_API_URL: emu.restUrl, PLATFORM_DISCOVERY_URL: emu.discoveryUrl, APPROVED_ROOMS: '*', HEALTH_PORT: 'off' },
      dir,
    );
    expect((await run.exited).code).toBe(1);
    expect(run.output()).toContain('testbeds.json');
    expect(await readFile(join(dir, 'testbeds.json'), 'utf8')).toBe(corrupt);
    expect(run.output()).not.toContain(bot.token);
  });

  it('stops cleanly with exit 0 when told to while it is still connecting', async () => {
    dir = await mkdtemp(join(tmpdir(), 'tbm-proc-'));
    emu = await startEmulator();
    const bot = emu.createBot({ displayName: 'Testbed Monitor', email: 'tbm@webex.bot' });
    emu.faults.refuseSockets(true);
    const run = startBot(
      { PLATFORM_ACCESS_TOKEN: bot.token, PLATFORM_API_URL: emu.restUrl, PLATFORM_DISCOVERY_URL: emu.discoveryUrl, APPROVED_ROOMS: '*', HEALTH_PORT: 'off' },
      dir,
    );
    await until(() => emu!.devices(bot.id).length === 1, { what: 'the device registration' });
    run.kill('SIGTERM');
    expect((await run.exited).code).toBe(0);
    expect(run.output()).not.toContain('Could not connect');
  });

  it('serves health, answers `testbed`, and never prints the access token', async () => {
    dir = await mkdtemp(join(tmpdir(), 'tbm-proc-'));
    emu = await startEmulator();
    const bot = emu.createBot({ displayName: 'Testbed Monitor', email: 'tbm@webex.bot' });
    const ada = emu.createPerson({ displayName: 'Ada Ops', email: 'ada@example.com' });
    const room = emu.createRoom({ title: 'Lab', memberIds: [bot.id, ada.id] });
    const port = await freePort();
    const run = startBot(
      {
        PLATFORM_ACCESS_TOKEN: bot.token,
        PLATFORM_API_URL: emu.restUrl,
        PLATFORM_DISCOVERY_URL: emu.discoveryUrl,
        APPROVED_ROOMS: room.id,
        HEALTH_PORT: String(port),
        HEALTH_HOST: '127.0.0.1',
        LOG_LEVEL: 'trace',
      },
      dir,
    );
    const health = async () => {
      try {
        return (await (await fetch(`http://127.0.0.1:${port}/health`)).json()) as Record<string, unknown>;
      } catch {
        return undefined;
      }
    };
    await until(async () => (await health())?.status === 'healthy', { what: 'a healthy bot' });
    const since = emu.messageCount();
    emu.say({ personId: ada.id, roomId: room.id, text: 'testbed', mentions: [bot.id] });
    const reply = await emu.waitForMessage((m) => m.personId === bot.id, { since, timeoutMs: 10_000 });
    expect(reply.attachments?.[0]?.contentType).toBe('application/vnd.microsoft.card.adaptive');
    const body = await health();
    expect(body).toMatchObject({ status: 'healthy', websocket_connected: true, messages_processed: 1 });
    expect(typeof body?.last_message).toBe('string');
    const notFound = await fetch(`http://127.0.0.1:${port}/other`);
    expect(notFound.status).toBe(404);
    expect(await notFound.text()).toBe('');
    run.kill('SIGTERM');
    expect((await run.exited).code).toBe(0);
    const out = run.output();
    expect(out.length).toBeGreaterThan(200);
    expect(out).not.toContain(bot.token);
    // Graceful shutdown unregisters the device.
    expect(emu.devices(bot.id)).toHaveLength(0);
  });
});
