/**
 * pause(): what an instance does when it stops being the leader. The socket closes at once, REST keeps
 * working (a standby still posts), the device stays for whoever takes over, and start() opens the
 * socket again, catching up only as far as it is told.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { MessageEvent } from '../../../src/platform/port.js';
import { startHarness, waitFor, type Harness } from './harness.js';

describe('pausing the platform socket', () => {
  let h: Harness;
  afterEach(async () => {
    await h.close();
  });

  it('closes the socket at once, keeps REST working and the device registered, and start() reconnects on the same device', async () => {
    h = await startHarness();
    const dm = h.emu.directRoom(h.ada.id, h.bot.id);
    const { platform, events } = h.adapter();
    await platform.start();
    const device = h.emu.devices(h.bot.id)[0];
    expect(h.emu.connectedSockets(h.bot.id)).toBe(1);

    const paused = platform.pause();
    // Synchronously: nothing may be taken from the socket after pause() returned.
    expect(platform.isConnected()).toBe(false);
    await paused;
    await waitFor(() => h.emu.connectedSockets(h.bot.id) === 0, 'the socket to close');
    h.emu.say({ personId: h.ada.id, roomId: dm.id, text: 'status' });
    const posted = await platform.postMessage({ roomId: dm.id, text: 'still here over REST' });
    expect(h.emu.messages({ roomId: dm.id }).find((m) => m.id === posted.id)?.text).toBe('still here over REST');
    expect(h.emu.devices(h.bot.id).map((d) => d.url)).toEqual([device.url]);

    await platform.start();
    expect(h.emu.connectedSockets(h.bot.id)).toBe(1);
    expect(h.emu.devices(h.bot.id).map((d) => d.url)).toEqual([device.url]);
    h.emu.say({ personId: h.ada.id, roomId: dm.id, text: 'help' });
    await waitFor(() => events.length === 1, 'the message after the new start');
    // Told nothing about catching up: the message sent while paused is somebody else's.
    expect((events as MessageEvent[]).map((event) => event.text)).toEqual(['help']);
  });

  it('catches up from the instant start() is given, once the socket is open', async () => {
    h = await startHarness();
    const dm = h.emu.directRoom(h.ada.id, h.bot.id);
    const { platform, events } = h.adapter();
    await platform.start();
    await platform.pause();
    const since = Date.now();
    h.emu.say({ personId: h.ada.id, roomId: dm.id, text: 'testbed' });
    await platform.start({ catchUpSince: since });
    await waitFor(() => events.length === 1, 'the missed message');
    expect((events[0] as MessageEvent).text).toBe('testbed');
  });

  it('a start still connecting when paused gives up: no socket is ever opened, and start() rejects as stopped', async () => {
    h = await startHarness();
    const { platform } = h.adapter();
    h.emu.faults.refuseSockets(true);
    const starting = platform.start();
    const outcome = starting.then(() => 'connected', (error: { code?: string }) => error.code);
    await waitFor(() => h.emu.devices(h.bot.id).length === 1, 'the device registration');
    await platform.pause();
    h.emu.faults.refuseSockets(false);
    expect(await outcome).toBe('stopped');
    expect(platform.connectionState()).toBe('stopped');
    expect(h.emu.connectedSockets(h.bot.id)).toBe(0);
  });

  it('stop() after pause() leaves the device to the instance that leads now; stop() while leading unregisters it', async () => {
    h = await startHarness();
    const standby = h.adapter();
    await standby.platform.start();
    await standby.platform.pause();
    await standby.platform.stop();
    expect(h.emu.devices(h.bot.id)).toHaveLength(1);

    const leader = h.adapter();
    await leader.platform.start();
    await leader.platform.stop();
    expect(h.emu.devices(h.bot.id)).toHaveLength(0);
  });
});
