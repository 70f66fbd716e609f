/**
 * Delivery order over the emulator: a conversation (room + person) keeps its
 * order, and a conversation whose handling is stuck holds up nobody else.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { MessageEvent, PlatformEvent } from '../../../src/platform/port.js';
import { startHarness, waitFor, type Harness } from './harness.js';
import { simulatedWaits } from '../../support/simulated-waits.js';

let h: Harness;
afterEach(async () => {
  await h.close();
});

function texts(events: PlatformEvent[], roomId: string): string[] {
  return events.filter((e): e is MessageEvent => e.type === 'message' && e.roomId === roomId).map((e) => e.text);
}

describe('webex inbound ordering', () => {
  it('delivers other conversations while one is stuck, and that one in its own order afterwards', async () => {
    h = await startHarness();
    const { platform } = h.adapter();
    const linus = h.emu.createPerson({ displayName: 'Linus Lab', email: 'linus@example.com' });
    const adaRoom = h.emu.directRoom(h.ada.id, h.bot.id);
    const linusRoom = h.emu.directRoom(linus.id, h.bot.id);
    const handled: PlatformEvent[] = [];
    let unblock: () => void = () => undefined;
    const blocked = new Promise<void>((resolve) => (unblock = resolve));
    platform.onEvent(async (event) => {
      handled.push(event);
      // Ada's first message takes as long as the test says (a slow fetch or a long wait looks the same from here).
      if (event.type === 'message' && event.text === 'first') await blocked;
    });
    await platform.start();

    h.emu.say({ personId: h.ada.id, roomId: adaRoom.id, text: 'first' });
    await waitFor(() => texts(handled, adaRoom.id).includes('first'), 'Ada’s first message');
    h.emu.say({ personId: h.ada.id, roomId: adaRoom.id, text: 'second' });
    h.emu.say({ personId: linus.id, roomId: linusRoom.id, text: 'hello' });
    await waitFor(() => texts(handled, linusRoom.id).includes('hello'), 'Linus’s message');
    let idle = false;
    const idled = platform.idle().then(() => (idle = true));

    // Linus got through; Ada's second message waits behind her first, and idle() waits for it.
    expect(texts(handled, adaRoom.id)).toEqual(['first']);
    expect(idle).toBe(false);

    unblock();
    await idled;
    expect(texts(handled, adaRoom.id)).toEqual(['first', 'second']);
    expect(texts(handled, linusRoom.id)).toEqual(['hello']);
  });

  it('keeps the order of one person’s messages in a room even when the first fetch is rate-limited', async () => {
    h = await startHarness();
    const clock = simulatedWaits();
    const { platform, events } = h.adapter({ retryWait: clock.wait });
    await platform.start();
    const room = h.emu.directRoom(h.ada.id, h.bot.id);
    h.emu.faults.restFault({ method: 'GET', path: /^\/messages\/[^/]+$/, status: 429, retryAfter: 1, times: 1 });
    h.emu.say({ personId: h.ada.id, roomId: room.id, text: 'one' });
    await waitFor(() => clock.pending().length > 0, 'the 429');
    expect(clock.pending()).toEqual([1_000]);
    const logsBefore = h.logs.length;
    const fetched = () => h.logs.slice(logsBefore).filter((line) => line.includes('"rest call"') && line.includes('"status":200') && line.includes('/messages/')).length;
    h.emu.say({ personId: h.ada.id, roomId: room.id, text: 'two' });
    h.emu.say({ personId: h.ada.id, roomId: room.id, text: 'three' });
    // The later two are fetched while the first waits, and held back behind it.
    await waitFor(() => fetched() === 2, 'the later two messages fetched');
    expect(events).toHaveLength(0);
    clock.advance(1_000);
    await waitFor(() => events.length === 3, 'three events');
    await platform.idle();
    expect(texts(events, room.id)).toEqual(['one', 'two', 'three']);
  });
});
