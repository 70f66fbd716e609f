import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startEmulator } from '../../../src/platform/emulator/index.js';
import type { Emulator, EmulatorEvent, EmuPerson } from '../../../src/platform/emulator/api.js';
import { until } from '../../support/wait.js';
import { connect, RawClient, registerDevice } from './helpers.js';

let emu: Emulator;
let bot: EmuPerson;

beforeEach(async () => {
  emu = await startEmulator({ authTimeoutMs: 300, protocolPingIntervalMs: 100 });
  bot = emu.createBot({ displayName: 'Testbed Monitor', email: 'testbed-monitor@webex.bot' });
});
afterEach(async () => {
  await emu.stop();
});

async function openText(who: EmuPerson): Promise<{ client: RawClient; url: string }> {
  const device = await registerDevice(emu, who);
  const url = `${device.webSocketUrl}?outboundWireFormat=text&bufferStates=true`;
  return { client: await RawClient.open(url), url };
}

describe('Mercury socket authorization', () => {
  it('sends mercury.buffer_state as the very first frame after a valid authorization frame', async () => {
    const events: EmulatorEvent[] = [];
    emu.subscribe((e) => events.push(e));
    const { client } = await openText(bot);
    client.authorize(bot.token);
    const first = await client.next(() => true);
    expect(first.frame.data.eventType).toBe('mercury.buffer_state');
    expect(first.frame).toMatchObject({ sequenceNumber: 1, alertType: 'none', headers: {}, filterMessage: false });
    expect(typeof first.frame.id).toBe('string');
    expect(typeof first.frame.trackingId).toBe('string');
    expect(typeof first.frame.timestamp).toBe('number');
    expect(typeof first.frame.wsWriteTimestamp).toBe('number');
    expect(emu.connectedSockets(bot.id)).toBe(1);
    expect(events.find((e) => e.type === 'socket.authorized')).toMatchObject({ personId: bot.id });
    client.close();
  });

  it.each([
    ['a wrong token', (c: RawClient) => c.authorize('wrong_token_value')],
    ['a token without the Bearer prefix', (c: RawClient) => c.send({ type: 'authorization', data: { token: bot.token } })],
    ['another person’s token', (c: RawClient) => c.authorize(emu.createPerson({ displayName: 'X Y', email: 'x@example.com' }).token)],
    ['a ping before authorization', (c: RawClient) => c.send({ id: 'p1', type: 'ping' })],
    ['a frame that is not JSON', (c: RawClient) => c.ws.send('hello')],
  ])('closes with 1008 "authentication failed" on %s', async (_label, act) => {
    const { client } = await openText(bot);
    act(client);
    expect(await client.closed).toEqual({ code: 1008, reason: 'authentication failed' });
    expect(client.received).toEqual([]);
  });

  it('closes with 1008 when no authorization arrives within authTimeoutMs', async () => {
    const { client } = await openText(bot);
    const closed = await client.closed;
    expect(closed.code).toBe(1008);
    expect(client.received).toEqual([]);
  });
});

describe('Mercury socket behaviour', () => {
  it('answers an app ping with a pong carrying the same id, and records acks', async () => {
    const client = await connect(emu, bot);
    client.send({ id: 'ping-42', type: 'ping' });
    const pong = await client.next((f) => f.type === 'pong');
    expect(pong.frame.id).toBe('ping-42');
    expect(typeof pong.frame.wsWriteTimestamp).toBe('number');
    const bufferState = client.received[0].frame;
    client.send({ type: 'ack', messageId: bufferState.id });
    // frames on one socket are handled in order: once this pong is back, the ack was seen
    client.send({ id: 'sync', type: 'ping' });
    await client.next((f) => f.type === 'pong' && f.id === 'sync');
    const inbound = emu.frames().filter((r) => r.direction === 'in').map((r) => r.frame);
    expect(inbound).toContainEqual({ type: 'ack', messageId: bufferState.id });
    expect(emu.frames().some((r) => r.direction === 'out' && r.frame.type === 'pong' && r.frame.id === 'ping-42')).toBe(true);
    client.close();
  });

  it('stops answering pings while dropPongs is on', async () => {
    const client = await connect(emu, bot);
    emu.faults.dropPongs(true);
    client.send({ id: 'lost', type: 'ping' });
    await until(() => emu.frames().some((f) => f.direction === 'in' && f.frame.id === 'lost'), { what: 'the lost ping to arrive' });
    emu.faults.dropPongs(false);
    client.send({ id: 'found', type: 'ping' });
    expect((await client.next((f) => f.id === 'found')).frame.type).toBe('pong');
    // Frames on one socket arrive in order: a pong to the first ping would have come before this one.
    expect(client.received.map((r) => r.frame.id)).not.toContain('lost');
    client.close();
  });

  it('sends text frames with outboundWireFormat=text and binary frames without it', async () => {
    const text = await connect(emu, bot, 'text');
    const binary = await connect(emu, bot, 'binary');
    expect(text.received[0].binary).toBe(false);
    expect(binary.received[0].binary).toBe(true);
    expect(binary.received[0].frame.data.eventType).toBe('mercury.buffer_state');
    text.close();
    binary.close();
  });

  it('closes the older socket of a registration with 4000 "replaced"', async () => {
    const { client: first, url } = await openText(bot);
    first.authorize(bot.token);
    await first.next((f) => f.data?.eventType === 'mercury.buffer_state');
    const second = await RawClient.open(url);
    second.authorize(bot.token);
    await second.next((f) => f.data?.eventType === 'mercury.buffer_state');
    expect(await first.closed).toEqual({ code: 4000, reason: 'replaced' });
    expect(emu.connectedSockets(bot.id)).toBe(1);
    second.close();
  });

  it('closes sockets with the requested code and reason, and reports it', async () => {
    const events: EmulatorEvent[] = [];
    emu.subscribe((e) => events.push(e));
    const client = await connect(emu, bot);
    emu.faults.closeSockets({ personId: bot.id, code: 4401, reason: 'token rejected' });
    expect(await client.closed).toEqual({ code: 4401, reason: 'token rejected' });
    await vi.waitFor(() => expect(events.find((e) => e.type === 'socket.closed')).toMatchObject({ code: 4401, personId: bot.id }));
    const other = await connect(emu, bot);
    emu.faults.closeSockets();
    expect((await other.closed).code).toBe(1011);
  });

  it('drops sockets without a close frame', async () => {
    const client = await connect(emu, bot);
    emu.faults.dropSockets({ personId: bot.id });
    expect((await client.closed).code).toBe(1006);
  });

  it('sends protocol pings, but nothing at all while silenced', async () => {
    // Only the ping interval runs on simulated time; the sockets stay real. Frames on one socket
    // arrive in order, so whatever the emulator sent while silenced would arrive before the pong
    // to a later ping.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const timed = await startEmulator({ protocolPingIntervalMs: 100 });
    try {
      const who = timed.createBot({ displayName: 'Timed Bot', email: 'timed-bot@webex.bot' });
      const client = await connect(timed, who);
      let pings = 0;
      client.ws.on('ping', () => pings++);
      vi.advanceTimersByTime(100);
      await until(() => pings === 1, { what: 'the first protocol ping' });

      timed.faults.silence(true);
      vi.advanceTimersByTime(300);
      client.send({ id: 'quiet', type: 'ping' });
      await until(() => timed.frames().some((f) => f.direction === 'in' && f.frame.id === 'quiet'), { what: 'the quiet ping to arrive' });
      timed.faults.silence(false);
      client.send({ id: 'loud', type: 'ping' });
      const loud = await client.next((f) => f.id === 'loud');
      expect(loud.frame.type).toBe('pong');
      expect(client.received.map((r) => r.frame.id)).not.toContain('quiet');
      expect(pings).toBe(1);

      vi.advanceTimersByTime(100);
      await until(() => pings === 2, { what: 'the protocol ping after the silence' });
      client.close();
    } finally {
      vi.useRealTimers();
      await timed.stop();
    }
  });
});
