/**
 * Asked in a thread, answered in the thread: a person who types to the bot as a reply in a thread
 * gets the bot's cards in that thread, and so does every press on those cards, through a booking;
 * what was asked in the room itself is answered in the room. Over the emulator, whose messages
 * carry `parentId` as the platform's do.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EmuMessage, EmuPerson, EmuRoom } from '../../src/platform/emulator/api.js';
import { ask, click, seenCard, startHarness, type Harness } from '../support/harness.js';

describe('threads', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(async () => {
    await h.close();
  });

  /** The person replies in the thread of `root`; the bot's next message in the room is returned. */
  async function askInThread(person: EmuPerson, room: EmuRoom, root: EmuMessage, text: string): Promise<EmuMessage> {
    const since = h.emu.messageCount();
    h.emu.say({ personId: person.id, roomId: room.id, text, mentions: [h.bot.id], parentId: root.id });
    return h.emu.waitForMessage((m) => m.roomId === room.id && m.personId === h.bot.id, { since, timeoutMs: 10_000 });
  }

  it('a question in a thread is answered there, and so is each press on the cards in it, through a booking', async () => {
    // Somebody's message in the room starts the thread.
    const root = h.emu.say({ personId: h.linus.id, roomId: h.lab.id, text: 'Who can look at the lab today?' });
    const status = await askInThread(h.ada, h.lab, root, 'status');
    expect(seenCard(status).heading).toBe('Testbed status');
    expect(status.parentId).toBe(root.id);

    const form = await click(h, h.ada, status, 'register');
    expect(seenCard(form).heading).toBe('Register a testbed');
    expect(form.parentId).toBe(root.id);
    const booked = await click(h, h.ada, form, 'register_submit', { testbed_id: '1', purpose: 'soak', release_choice: '1h' });
    expect(seenCard(booked).heading).toBe('Booked: lab-1');
    expect(booked.parentId).toBe(root.id);

    // A hint is answered in the thread too.
    const hint = await askInThread(h.ada, h.lab, root, 'stauts');
    expect(seenCard(hint).texts[0]).toMatch(/^I did not understand that\. Did you mean status\?/);
    expect(hint.parentId).toBe(root.id);
  });

  it('what is asked in the room itself is answered in the room, after a thread too', async () => {
    const root = h.emu.say({ personId: h.linus.id, roomId: h.lab.id, text: 'Standup notes' });
    expect((await askInThread(h.ada, h.lab, root, 'help')).parentId).toBe(root.id);
    const inRoom = await ask(h, h.ada, h.lab, 'mine');
    expect(seenCard(inRoom).heading).toBe('Your bookings');
    expect(inRoom.parentId).toBeUndefined();
    // A card posted in the room answers in the room.
    const menu = await ask(h, h.ada, h.lab, 'testbed');
    expect((await click(h, h.ada, menu, 'status')).parentId).toBeUndefined();
    // Another person's thread does not move Ada's answers.
    await askInThread(h.linus, h.lab, root, 'help');
    expect((await ask(h, h.ada, h.lab, 'help')).parentId).toBeUndefined();
  });

  it('when the platform refuses the thread (its first message gone), the answer goes to the room instead of being lost', async () => {
    const root = h.emu.say({ personId: h.linus.id, roomId: h.lab.id, text: 'Soon deleted' });
    h.emu.faults.restFault({ method: 'POST', path: /^\/messages$/, status: 400, when: (body) => (body as { parentId?: unknown }).parentId !== undefined });
    const reply = await askInThread(h.ada, h.lab, root, 'help');
    expect(seenCard(reply).heading).toBe('Testbed Monitor help');
    expect(reply.parentId).toBeUndefined();
    expect(h.logs.some((line) => line.includes('the thread was refused, so the reply goes to the room'))).toBe(true);
  });
});
