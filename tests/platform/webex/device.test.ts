/** Device registration against the emulator: reuse, cap clean-up, unregistration, discovery. */
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { discoverServices, FALLBACK_WDM_URL } from '../../../src/platform/webex/discovery.js';
import { PlatformError } from '../../../src/platform/webex/errors.js';
import type { RestClient } from '../../../src/platform/webex/rest.js';
import { startHarness, type Harness } from './harness.js';

let h: Harness;
afterEach(async () => {
  if (!h) return;
  await h.close();
  expect(h.logs.join('')).not.toContain(h.bot.token);
});

async function createDevice(harness: Harness, name: string, deviceType = 'DESKTOP'): Promise<string> {
  const res = await fetch(harness.emu.devicesUrl, {
    method: 'POST',
    headers: { authorization: `Bearer ${harness.bot.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ deviceName: name, name, deviceType, model: 'node', localizedModel: 'node', systemName: name, systemVersion: '1.0.0' }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { url: string }).url;
}

describe('webex device registration', () => {
  it('reuses the device a previous run left behind instead of creating another, and never touches other clients’ devices', async () => {
    h = await startHarness();
    const leftover = await createDevice(h, 'testbed-monitor-bot');
    const foreign = await createDevice(h, 'some-other-tool');
    const first = h.adapter();
    await first.platform.start();
    expect(h.emu.devices(h.bot.id).map((d) => d.url).sort()).toEqual([leftover, foreign].sort());
    await first.platform.stop();
    expect(h.emu.devices(h.bot.id).map((d) => d.url)).toEqual([foreign]);

    const second = h.adapter();
    await second.platform.start();
    const ours = h.emu.devices(h.bot.id).filter((d) => d.name === 'testbed-monitor-bot');
    expect(ours).toHaveLength(1);
    expect(h.emu.devices(h.bot.id)).toHaveLength(2);
  });

  it('does not reuse a device with our name but another device type', async () => {
    h = await startHarness();
    const otherType = await createDevice(h, 'testbed-monitor-bot', 'UNKNOWN');
    const { platform } = h.adapter();
    await platform.start();
    const urls = h.emu.devices(h.bot.id).map((d) => d.url);
    expect(urls).toHaveLength(2);
    expect(urls).toContain(otherType);
  });

  it('at the device cap removes only its own stale devices, waits and registers once more', async () => {
    h = await startHarness({ deviceCap: 3 });
    await createDevice(h, 'testbed-monitor-bot', 'UNKNOWN');
    await createDevice(h, 'testbed-monitor-bot', 'UNKNOWN');
    const foreign = await createDevice(h, 'some-other-tool');
    const { platform } = h.adapter();
    await platform.start();
    expect(platform.isConnected()).toBe(true);
    const devices = h.emu.devices(h.bot.id);
    expect(devices).toHaveLength(2);
    expect(devices.map((d) => d.url)).toContain(foreign);
    expect(h.logs.some((l) => l.includes('device cap reached'))).toBe(true);
  });

  it('fails start() with device_cap when the cap is still reached after the clean-up', async () => {
    h = await startHarness({ deviceCap: 1 });
    await createDevice(h, 'some-other-tool');
    const { platform } = h.adapter();
    const error = await platform.start().then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformError);
    expect((error as PlatformError).code).toBe('device_cap');
    expect(h.emu.devices(h.bot.id)).toHaveLength(1);
  });

  it('uses devicesUrl directly and skips discovery when given', async () => {
    h = await startHarness();
    const { platform } = h.adapter({ devicesUrl: h.emu.devicesUrl, discoveryUrl: 'http://127.0.0.1:9/never-called' });
    await platform.start();
    expect(platform.isConnected()).toBe(true);
    expect(h.logs.some((l) => l.includes('/u2c/') || l.includes('never-called'))).toBe(false);
  });

  it('follows the discovered device service URL (no hard-coded wdm-a)', async () => {
    h = await startHarness();
    const { platform } = h.adapter();
    await platform.start();
    expect(h.logs.some((l) => l.includes('/u2c/api/v1/catalog'))).toBe(true);
    expect(h.emu.devices(h.bot.id)[0]?.url.startsWith(h.emu.url)).toBe(true);
  });
});

describe('service discovery fallbacks', () => {
  const logger = pino({ level: 'silent' });
  const failing = (error: Error): RestClient => ({
    request: async () => Promise.reject(error),
    get: async () => Promise.reject(error),
    dispose: () => undefined,
  });

  it('fails fast on 401', async () => {
    const unauthorized = new PlatformError('unauthorized', 'GET catalog failed with HTTP 401', { status: 401 });
    await expect(discoverServices(failing(unauthorized), 'http://127.0.0.1:1/u2c/api/v1', logger)).rejects.toBe(unauthorized);
  });

  it('falls back to wdm-a on other failures', async () => {
    const broken = new PlatformError('server_error', 'GET catalog failed with HTTP 500', { status: 500, retryable: true });
    const found = await discoverServices(failing(broken), 'http://127.0.0.1:1/u2c/api/v1', logger);
    expect(found.devicesUrl).toBe(`${FALLBACK_WDM_URL}/devices`);
    expect(found.hostCatalog).toEqual({});
  });
});
