import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator } from '../../../src/platform/emulator/index.js';
import type { Emulator, EmuPerson } from '../../../src/platform/emulator/api.js';
import { api, DEVICE_BODY, RawClient, registerDevice } from './helpers.js';

let emu: Emulator;
let bot: EmuPerson;

beforeEach(async () => {
  emu = await startEmulator({ deviceCap: 3 });
  bot = emu.createBot({ displayName: 'Testbed Monitor', email: 'testbed-monitor@webex.bot' });
});
afterEach(async () => {
  await emu.stop();
});

describe('U2C discovery', () => {
  it('serves the hostmap catalog to a token holder, pointing every link at the emulator', async () => {
    const res = await api(emu, 'GET', '/u2c/api/v1/catalog?format=hostmap', bot.token);
    expect(res.status).toBe(200);
    expect(res.json.serviceLinks).toEqual({
      wdm: `${emu.url}/wdm/api/v1`,
      hydra: `${emu.url}/v1`,
      conversation: `${emu.url}/conversation/api/v1`,
      metrics: `${emu.url}/metrics/api/v1`,
    });
    // Client metrics (sent by SDK clients) are accepted without a token and dropped.
    const metrics = await fetch(`${emu.url}/metrics/api/v1/clientmetrics`, { method: 'POST', body: '{"metrics":[]}' });
    expect(metrics.status).toBe(204);
    const hostKey = new URL(emu.url).host;
    expect(res.json.hostCatalog[hostKey]).toEqual([
      { host: hostKey, id: 'urn:TEAM:us-east-2_a:conversation', priority: 5, ttl: -1 },
    ]);
    expect(emu.discoveryUrl).toBe(`${emu.url}/u2c/api/v1`);
  });

  it('answers 401 with the error body without a valid token', async () => {
    for (const token of [undefined, 'not-a-token']) {
      const res = await api(emu, 'GET', '/u2c/api/v1/catalog?format=hostmap', token);
      expect(res.status).toBe(401);
      expect(res.json.errors[0].description).toBe(res.json.message);
      expect(res.json.trackingId).toBe(res.headers.get('trackingid'));
    }
  });

  it('serves the limited catalog without a token', async () => {
    const res = await api(emu, 'GET', '/u2c/api/v1/limited/catalog?orgId=x&format=hostmap', undefined);
    expect(res.status).toBe(200);
    expect(res.json.serviceLinks.wdm).toBe(`${emu.url}/wdm/api/v1`);
  });

  it('uses the configured cluster in the host catalog and in ids', async () => {
    const eu = await startEmulator({ cluster: 'urn:TEAM:eu-central-1_k' });
    try {
      const p = eu.createPerson({ displayName: 'Eve Eu', email: 'eve@example.com' });
      const room = eu.createRoom({ title: 'EU', memberIds: [p.id] });
      const res = await api(eu, 'GET', '/u2c/api/v1/catalog', p.token);
      const entries = Object.values(res.json.hostCatalog) as { id: string }[][];
      expect(entries[0][0].id).toBe('urn:TEAM:eu-central-1_k:conversation');
      expect(Buffer.from(room.id, 'base64').toString()).toBe(`ciscospark://urn:TEAM:eu-central-1_k/ROOM/${room.uuid}`);
      expect(Buffer.from(p.id, 'base64').toString()).toBe(`ciscospark://us/PEOPLE/${p.uuid}`);
    } finally {
      await eu.stop();
    }
  });
});

describe('WDM devices', () => {
  it('creates, lists, refreshes, reads and deletes a device of the token owner', async () => {
    const created = await api(emu, 'POST', '/wdm/api/v1/devices?includeUpstreamServices=all', bot.token, { ...DEVICE_BODY, ttl: 3600 });
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({ ...DEVICE_BODY, userId: bot.uuid });
    expect(created.json.url).toMatch(new RegExp(`^${emu.url}/wdm/api/v1/devices/[0-9a-f-]{36}$`));
    const port = new URL(emu.url).port;
    expect(created.json.webSocketUrl).toMatch(new RegExp(`^ws://127\\.0\\.0\\.1:${port}/v1/apps/wx2/registrations/[0-9a-f-]{36}/messages$`));
    expect(created.json.services.conversationServiceUrl).toBe(`${emu.url}/conversation/api/v1`);

    const plain = await api(emu, 'POST', '/wdm/api/v1/devices', bot.token, DEVICE_BODY);
    expect(plain.status).toBe(200);

    const list = await api(emu, 'GET', '/wdm/api/v1/devices', bot.token);
    expect(list.json.devices.map((d: { url: string }) => d.url)).toEqual([created.json.url, plain.json.url]);
    expect(emu.devices(bot.id).map((d) => d.url)).toEqual([created.json.url, plain.json.url]);

    const other = emu.createPerson({ displayName: 'Ada Ops', email: 'ada@example.com' });
    expect((await api(emu, 'GET', '/wdm/api/v1/devices', other.token)).json.devices).toEqual([]);
    expect((await api(emu, 'GET', created.json.url, other.token)).status).toBe(404);

    const refreshed = await api(emu, 'PUT', created.json.url, bot.token, { ...DEVICE_BODY, systemVersion: '2.0.0' });
    expect(refreshed.status).toBe(200);
    expect(refreshed.json.systemVersion).toBe('2.0.0');
    expect(refreshed.json.webSocketUrl).toBe(created.json.webSocketUrl);
    expect((await api(emu, 'GET', created.json.url, bot.token)).json.systemVersion).toBe('2.0.0');

    const deleted = await api(emu, 'DELETE', created.json.url, bot.token);
    expect(deleted.status).toBe(204);
    expect((await api(emu, 'PUT', created.json.url, bot.token, DEVICE_BODY)).status).toBe(404);
    expect(emu.devices(bot.id)).toHaveLength(1);

    expect((await api(emu, 'DELETE', '/wdm/api/v1/devices', bot.token)).status).toBe(204);
    expect(emu.devices(bot.id)).toHaveLength(0);
  });

  it('refuses registrations beyond the cap with 403 "User has excessive device registrations"', async () => {
    for (let i = 0; i < 3; i++) await registerDevice(emu, bot);
    const res = await api(emu, 'POST', '/wdm/api/v1/devices', bot.token, DEVICE_BODY);
    expect(res.status).toBe(403);
    expect(res.json.message).toBe('User has excessive device registrations');
    expect(res.json.errors).toEqual([{ description: 'User has excessive device registrations' }]);
    const someoneElse = emu.createPerson({ displayName: 'Ada Ops', email: 'ada@example.com' });
    expect((await api(emu, 'POST', '/wdm/api/v1/devices', someoneElse.token, DEVICE_BODY)).status).toBe(200);
  });

  it('answers HTTP 404 on upgrade for a deleted device and closes its open socket', async () => {
    const device = await registerDevice(emu, bot);
    const live = await RawClient.open(`${device.webSocketUrl}?outboundWireFormat=text`);
    live.authorize(bot.token);
    await live.next((f) => f.data?.eventType === 'mercury.buffer_state');
    await api(emu, 'DELETE', device.url, bot.token);
    expect((await live.closed).code).toBe(4000);
    await expect(RawClient.open(`${device.webSocketUrl}?outboundWireFormat=text`)).rejects.toThrow('HTTP 404');
  });

  it('answers 404 on upgrade for an unknown registration and 503 while refusing sockets', async () => {
    const port = new URL(emu.url).port;
    await expect(RawClient.open(`ws://127.0.0.1:${port}/v1/apps/wx2/registrations/nope/messages`)).rejects.toThrow('HTTP 404');
    const device = await registerDevice(emu, bot);
    emu.faults.refuseSockets(true);
    await expect(RawClient.open(device.webSocketUrl)).rejects.toThrow('HTTP 503');
    emu.faults.refuseSockets(false);
    const client = await RawClient.open(device.webSocketUrl);
    client.close();
  });
});
