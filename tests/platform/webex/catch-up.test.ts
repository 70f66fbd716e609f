/**
 * Messages sent while the bot's socket was down are not replayed by the platform;
 * after reconnecting, the adapter fetches them over REST and handles each once.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { MessageEvent } from '../../../src/platform/port.js';
import { startHarness, waitFor, type Harness } from './harness.js';

describe('catching up after a reconnect', () => {
  let h: Harness;
  afterEach(async () => {
    await h.close();
  });

  async function connectedAdapter(timing: Record<string, number> = {}) {
    const adapter = h.adapter({ timing });
    await adapter.platform.start();
    return adapter;
  }

  async function outage(during: () => void) {
    h.emu.faults.refuseSockets(true);
    h.emu.faults.closeSockets({ code: 1011, reason: 'server error' });
    await waitFor(() => h.emu.connectedSockets(h.bot.id) === 0, 'the socket to drop');
    during();
    h.emu.faults.refuseSockets(false);
    await waitFor(() => h.emu.connectedSockets(h.bot.id) === 1, 'the socket to come back');
  }

  it('handles a direct message and a group mention sent during the outage, once each', async () => {
    h = await startHarness();
    const dm = h.emu.directRoom(h.ada.id, h.bot.id);
    const lab = h.emu.createRoom({ title: 'Lab', memberIds: [h.bot.id, h.ada.id] });
    const { events } = await connectedAdapter();
    await outage(() => {
      h.emu.say({ personId: h.ada.id, roomId: dm.id, text: 'status' });
      h.emu.say({ personId: h.ada.id, roomId: lab.id, text: 'testbed', mentions: [h.bot.id] });
      h.emu.say({ personId: h.ada.id, roomId: lab.id, text: 'chatter the bot cannot read' });
    });
    await waitFor(() => events.length >= 2, 'the missed messages');
    const messages = events as MessageEvent[];
    expect(messages.map((event) => [event.roomId, event.text])).toEqual(
      expect.arrayContaining([
        [dm.id, 'status'],
        [lab.id, 'testbed'],
      ]),
    );
    // A message after the reconnect arrives over the socket; nothing from before is delivered twice.
    h.emu.say({ personId: h.ada.id, roomId: dm.id, text: 'help' });
    await waitFor(() => events.length >= 3, 'the live message');
    expect((events as MessageEvent[]).map((event) => event.text).sort()).toEqual(['help', 'status', 'testbed']);
  });

  it('does not hand on messages that were already delivered over the socket before the outage', async () => {
    h = await startHarness();
    const dm = h.emu.directRoom(h.ada.id, h.bot.id);
    const { events } = await connectedAdapter();
    h.emu.say({ personId: h.ada.id, roomId: dm.id, text: 'testbed' });
    await waitFor(() => events.length === 1, 'the live message');
    await outage(() => h.emu.say({ personId: h.ada.id, roomId: dm.id, text: 'release' }));
    await waitFor(() => events.length >= 2, 'the missed message');
    h.emu.say({ personId: h.ada.id, roomId: dm.id, text: 'help' });
    await waitFor(() => events.length >= 3, 'the next live message');
    expect((events as MessageEvent[]).map((event) => event.text)).toEqual(['testbed', 'release', 'help']);
  });

  it('is off when catchUpMaxAgeMs is 0', async () => {
    h = await startHarness();
    const dm = h.emu.directRoom(h.ada.id, h.bot.id);
    const { events } = await connectedAdapter({ catchUpMaxAgeMs: 0 });
    await outage(() => h.emu.say({ personId: h.ada.id, roomId: dm.id, text: 'lost' }));
    h.emu.say({ personId: h.ada.id, roomId: dm.id, text: 'after' });
    await waitFor(() => events.length >= 1, 'the live message');
    expect((events as MessageEvent[]).map((event) => event.text)).toEqual(['after']);
  });
});
