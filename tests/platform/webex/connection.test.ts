/** The Mercury socket against the real emulator: auth, confirmation, acks, keep-alive, reconnects. */
import { afterEach, describe, expect, it } from 'vitest';
import type { EmulatorEvent } from '../../../src/platform/emulator/api.js';
import { PlatformError } from '../../../src/platform/webex/index.js';
import { startHarness, waitFor, type Harness } from './harness.js';

let h: Harness;
afterEach(async () => {
  if (!h) return;
  await h.close();
  expect(h.logs.join('')).not.toContain(h.bot.token);
});

function closedEvents(harness: Harness): Extract<EmulatorEvent, { type: 'socket.closed' }>[] {
  const seen: Extract<EmulatorEvent, { type: 'socket.closed' }>[] = [];
  harness.emu.subscribe((event) => {
    if (event.type === 'socket.closed') seen.push(event);
  });
  return seen;
}

async function messageFlows(harness: Harness, events: { type: string }[], text: string): Promise<void> {
  const room = harness.emu.directRoom(harness.ada.id, harness.bot.id);
  const sent = harness.emu.say({ personId: harness.ada.id, roomId: room.id, text });
  await waitFor(() => events.some((e) => 'id' in e && e.id === sent.id), `event for "${text}"`);
}

describe('webex socket', () => {
  it('sends "Bearer <token>" with an id and trackingId as the first frame', async () => {
    h = await startHarness();
    const { platform } = h.adapter();
    await platform.start();
    const first = h.emu.frames().find((f) => f.direction === 'in');
    expect(first?.frame.type).toBe('authorization');
    expect(first?.frame.data).toEqual({ token: `Bearer ${h.bot.token}` });
    expect(typeof first?.frame.id).toBe('string');
    expect(first?.frame.trackingId).toMatch(/\S+/);
  });

  it('counts as connected only after mercury.buffer_state', async () => {
    h = await startHarness();
    const { platform, states } = h.adapter({ timing: { silenceTimeoutMs: 5_000 } });
    h.emu.faults.silence(true);
    let started = false;
    const starting = platform.start().then(() => {
      started = true;
    });
    await waitFor(() => h.emu.frames().some((f) => f.direction === 'in' && f.frame.type === 'authorization'), 'auth frame');
    // Authorized by the server, but the confirmation has not been sent: not connected yet.
    await waitFor(() => h.emu.connectedSockets(h.bot.id) === 1, 'authorized socket');
    expect(platform.isConnected()).toBe(false);
    expect(states).not.toContain('connected');
    expect(started).toBe(false);
    h.emu.faults.silence(false);
    h.emu.faults.closeSockets({ personId: h.bot.id, code: 1000, reason: 'idle' });
    await starting;
    expect(platform.isConnected()).toBe(true);
    const confirmed = h.emu.frames().filter((f) => f.direction === 'out' && f.frame.data?.eventType === 'mercury.buffer_state');
    expect(confirmed.length).toBeGreaterThan(0);
  });

  it('acknowledges every envelope with the envelope id', async () => {
    h = await startHarness();
    const { platform, events } = h.adapter();
    await platform.start();
    await messageFlows(h, events, 'testbed');
    const envelopes = h.emu.frames().filter((f) => f.direction === 'out' && typeof f.frame.id === 'string' && f.frame.data);
    const activity = envelopes.find((f) => f.frame.data?.eventType === 'conversation.activity');
    expect(activity).toBeDefined();
    expect(envelopes.length).toBeGreaterThanOrEqual(2); // the buffer_state confirmation and the activity at least
    const ackedIds = () => h.emu.frames().filter((f) => f.direction === 'in' && f.frame.type === 'ack').map((f) => f.frame.messageId);
    await waitFor(() => envelopes.every((envelope) => ackedIds().includes(envelope.frame.id)), 'an ack for every envelope');
    // Read after the acks arrived: each names an envelope id (never the activity's own id), once.
    const acked = ackedIds();
    const envelopeIds = h.emu.frames().filter((f) => f.direction === 'out' && typeof f.frame.id === 'string').map((f) => f.frame.id);
    expect(acked.length).toBeGreaterThanOrEqual(envelopes.length);
    for (const id of acked) expect(envelopeIds).toContain(id);
    expect(new Set(acked).size).toBe(acked.length);
    expect(acked).toContain(activity?.frame.id);
    expect(acked).not.toContain(activity?.frame.data?.activity?.id);
  });

  it('goes disconnected when the server closes the socket, reconnects, refreshes the device and still delivers', async () => {
    h = await startHarness();
    const { platform, events, states } = h.adapter();
    await platform.start();
    const authorizations = (): number => h.emu.frames().filter((f) => f.frame.type === 'authorization').length;
    h.emu.faults.closeSockets({ personId: h.bot.id, code: 1011, reason: 'server error' });
    await waitFor(() => states.includes('disconnected'), 'disconnected');
    await waitFor(() => authorizations() === 2 && platform.isConnected(), 'reconnected');
    expect(states.slice(-3)).toEqual(['disconnected', 'connecting', 'connected']);
    await waitFor(() => h.logs.some((l) => l.includes('"device refreshed"')), 'device PUT after reconnect');
    await messageFlows(h, events, 'still there?');
    // Exactly one reconnect: one new authorization, one device, one live socket.
    expect(authorizations()).toBe(2);
    expect(h.emu.devices(h.bot.id)).toHaveLength(1);
    expect(h.emu.connectedSockets(h.bot.id)).toBe(1);
  });

  it('detects a socket dropped without a close frame and reconnects', async () => {
    h = await startHarness();
    const { platform, events, states } = h.adapter();
    await platform.start();
    h.emu.faults.dropSockets({ personId: h.bot.id });
    await waitFor(() => states.includes('disconnected'), 'disconnected');
    await waitFor(() => platform.isConnected(), 'reconnected');
    await messageFlows(h, events, 'after the drop');
  });

  it('treats a silent socket as dead, terminates it and reconnects once frames flow again', async () => {
    h = await startHarness();
    const { platform, events, states } = h.adapter();
    await platform.start();
    h.emu.faults.silence(true);
    await waitFor(() => states.includes('disconnected'), 'disconnected on silence');
    expect(platform.isConnected()).toBe(false);
    h.emu.faults.silence(false);
    await waitFor(() => platform.isConnected(), 'reconnected');
    await messageFlows(h, events, 'after the silence');
  });

  it('closes with 1000 "Pong not received" when pongs stop, then reconnects', async () => {
    h = await startHarness();
    const closed = closedEvents(h);
    const { platform, states } = h.adapter({ timing: { silenceTimeoutMs: 5_000 } });
    await platform.start();
    h.emu.faults.dropPongs(true);
    const event = await waitFor(() => closed.find((e) => e.reason === 'Pong not received'), 'pong close');
    expect(event.code).toBe(1000);
    h.emu.faults.dropPongs(false);
    await waitFor(() => states.lastIndexOf('connected') > states.indexOf('disconnected') && platform.isConnected(), 'reconnected');
  });

  it('re-registers the device after a 404 handshake (device deleted on the server)', async () => {
    h = await startHarness();
    const { platform, events } = h.adapter();
    await platform.start();
    const [before] = h.emu.devices(h.bot.id);
    const res = await fetch(before.url, { method: 'DELETE', headers: { authorization: `Bearer ${h.bot.token}` } });
    expect(res.status).toBe(204);
    await waitFor(() => h.logs.some((l) => l.includes('HTTP 404 on upgrade')), '404 handshake');
    await waitFor(() => platform.isConnected() && h.emu.devices(h.bot.id).length === 1, 're-registered');
    const [after] = h.emu.devices(h.bot.id);
    expect(after.url).not.toBe(before.url);
    await messageFlows(h, events, 'after re-registration');
  });

  it('stops on 4401 (token rejected) and does not reconnect', async () => {
    h = await startHarness();
    const { platform, states } = h.adapter();
    await platform.start();
    const logsBefore = h.logs.length;
    h.emu.faults.closeSockets({ personId: h.bot.id, code: 4401, reason: 'unauthorized' });
    await waitFor(() => states.includes('stopped'), 'stopped');
    // Every reconnect is scheduled first (and logged so); a stopped connection schedules nothing, now or later.
    expect(h.logs.slice(logsBefore).filter((l) => l.includes('reconnect scheduled'))).toEqual([]);
    expect(h.emu.frames().filter((f) => f.frame.type === 'authorization')).toHaveLength(1);
    expect(h.emu.connectedSockets(h.bot.id)).toBe(0);
    expect(platform.isConnected()).toBe(false);
    expect(h.logs.some((l) => l.includes('"level":50') && l.includes('4401'))).toBe(true);
  });

  it('logs 4000 "replaced" loudly and reconnects', async () => {
    h = await startHarness();
    const { platform, states } = h.adapter();
    await platform.start();
    h.emu.faults.closeSockets({ personId: h.bot.id, code: 4000, reason: 'replaced' });
    await waitFor(() => states.includes('disconnected') && platform.isConnected(), 'reconnected');
    expect(h.logs.some((l) => l.includes('"level":50') && l.includes('second bot instance'))).toBe(true);
  });

  it('rejects start() with an unauthorized PlatformError when the token is bad', async () => {
    h = await startHarness();
    const { platform, states } = h.adapter({ accessToken: 'not-a-valid-token-123' });
    const error = await platform.start().then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformError);
    expect((error as PlatformError).code).toBe('unauthorized');
    expect((error as PlatformError).fatal).toBe(true);
    expect(states).toContain('stopped');
    expect(JSON.stringify(error) + String((error as Error).stack)).not.toContain('not-a-valid-token-123');
  });
});
