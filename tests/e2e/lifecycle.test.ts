/**
 * Bookings that look after themselves, end to end over the emulator: the overdue notice arrives
 * as a direct message whose buttons work for the holder (and only for the holder), the wait-list
 * hands a released testbed to the first person through a booking form in their direct room, and
 * "mine" releases everything in one step. Deadlines here have already passed when the bot starts,
 * so no test waits for a clock.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { EmuMessage, EmuPerson } from '../../src/platform/emulator/api.js';
import { ask, availableTestbed, buttonTitles, click, nextDirect, seenCard, startHarness, type Harness } from '../support/harness.js';
import type { TestbedRecord } from '../../src/domain.js';
import { input } from '../support/form-card.js';

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

function booking(id: number, name: string, who: { email: string; name: string }, untilMs: number): TestbedRecord {
  return {
    id,
    testbed_name: name,
    status: 'in_use',
    user_email: who.email,
    user_name: who.name,
    registered_time: iso(Date.now() - 5 * HOUR),
    purpose: 'soak test',
    expected_release_time: iso(untilMs),
  };
}

let h: Harness;
afterEach(async () => {
  await h?.close();
});

/** Ada holds lab-1 and Linus waits for it; Ada releases it, and the hand-off offer Linus gets in his 1:1 room. */
async function offeredToLinus(): Promise<EmuMessage> {
  h = await startHarness({
    testbeds: [booking(1, 'lab-1', { email: 'ada@example.com', name: 'Ada Ops' }, Date.now() + 8 * HOUR)],
  });
  await click(h, h.linus, await click(h, h.linus, await ask(h, h.linus, h.lab, 'testbed'), 'register'), 'wait', { testbed_id: '1' });
  const since = h.emu.messageCount();
  await click(h, h.ada, await ask(h, h.ada, h.lab, 'release'), 'release_submit', { testbed_id: '1' });
  return nextDirect(h, h.linus, since);
}

describe('overdue notice in a direct message', () => {
  it('`it` in the 1:1 room after a notice is the testbed the notice was about, though Ada holds two', async () => {
    const ada = { email: 'ada@example.com', name: 'Ada Ops' };
    h = await startHarness({ testbeds: [booking(1, 'lab-1', ada, Date.now() + 8 * HOUR), booking(2, 'lab-2', ada, Date.now() - HOUR)] });
    const notice = await nextDirect(h, h.ada);
    expect(seenCard(notice).heading).toBe('Overdue: lab-2');
    const room = h.emu.directRoom(h.ada.id, h.bot.id);
    const answer = await ask(h, h.ada, room, 'extend it by 2 hours');
    // The card's picker starts on lab-2, and Extend 2 hours extends it.
    expect((input(answer, 'testbed_id') as { value?: string }).value).toBe('2');
    const before = (await h.readTestbeds()).find((record) => record.id === 2)!.expected_release_time!;
    await click(h, h.ada, answer, 'Extend 2 hours');
    expect(Date.parse((await h.readTestbeds()).find((record) => record.id === 2)!.expected_release_time!)).toBeGreaterThan(Date.parse(before));
    // Typed without `it`, the picker starts on nothing in particular.
    const which = await ask(h, h.ada, room, 'extend by 2 hours');
    expect((input(which, 'testbed_id') as { value?: string }).value).toBeUndefined();
  });

  it('arrives at start-up for a deadline passed while down; Extend works for the holder, forged clicks change nothing', async () => {
    const due = Date.now() - HOUR;
    h = await startHarness({
      testbeds: [booking(1, 'lab-1', { email: 'ada@example.com', name: 'Ada Ops' }, due), availableTestbed(2, 'lab-2')],
    });
    const notice = await nextDirect(h, h.ada);
    expect(notice.toPersonEmail ?? 'ada@example.com').toBe('ada@example.com');
    expect(seenCard(notice).heading).toBe('Overdue: lab-1');
    expect(buttonTitles(notice)).toEqual(['Extend 1 hour', 'Extend 1 day', 'Release now']);
    const stored = JSON.parse(await readFile(join(h.dir, 'lifecycle.json'), 'utf8'));
    expect(stored.lifecycle[0]).toMatchObject({ testbed_id: 1, notices: { expected_release_time: iso(due), overdue_count: 1 } });

    // Linus forges the same buttons from his own direct room: refused, nothing changes.
    const linusRoom = h.emu.directRoom(h.linus.id, h.bot.id);
    const since = h.emu.messageCount();
    h.emu.submitRaw({ personId: h.linus.id, messageId: notice.id, roomId: linusRoom.id, inputs: { action: 'extend', testbed_id: '1', minutes: '60' } });
    const refused = await nextDirect(h, h.linus, since);
    expect(seenCard(refused).texts).toContain('Only the holder can do that, and lab-1 is held by Ada Ops.');
    h.emu.submitRaw({ personId: h.linus.id, messageId: notice.id, roomId: linusRoom.id, inputs: { action: 'release_submit', testbed_id: '1' } });
    const notReleased = await nextDirect(h, h.linus, h.emu.messageCount());
    expect(seenCard(notReleased).heading).toBe('Nothing was changed');
    // Any other button from a direct room is ignored; typed text gets one line on where the bot answers, and shows no status.
    h.emu.submitRaw({ personId: h.linus.id, messageId: notice.id, roomId: linusRoom.id, inputs: { action: 'status' } });
    const sayingSince = h.emu.messageCount();
    h.emu.say({ personId: h.linus.id, roomId: linusRoom.id, text: 'status' });
    await nextDirect(h, h.linus, sayingSince);
    await h.app.idle();
    const inLinusRoom = h.emu.messages({ roomId: linusRoom.id }).filter((m) => m.personId === h.bot.id);
    expect(inLinusRoom).toHaveLength(3);
    expect(seenCard(inLinusRoom[2]).texts).toEqual([
      'I answer commands in the lab’s rooms: type testbed there (mention me in a group room) to see status, book or release. Here I send your reminders and hand-off offers, and their buttons work here; so do mine, extend, release, purpose and switch, for your own bookings, and rules.',
    ]);
    expect(buttonTitles(inLinusRoom[2])).toEqual([]);
    expect((await h.readTestbeds())[0]).toMatchObject({ user_email: 'ada@example.com', expected_release_time: iso(due) });

    // Ada extends from the notice: counted from now, confirmed with the new time.
    const before = Date.now();
    const extended = await click(h, h.ada, notice, 'extend', {});
    expect(seenCard(extended).heading).toBe('Extended: lab-1');
    const record = (await h.readTestbeds())[0];
    const newDue = Date.parse(record.expected_release_time!);
    expect(newDue).toBeGreaterThanOrEqual(before + HOUR);
    expect(newDue).toBeLessThan(before + HOUR + 60_000);
    expect(seenCard(extended).texts[1]).toMatch(/^lab-1 is yours until \d{4}-\d\d-\d\d \d\d:\d\d UTC \(in 1 h\)\.$/);

    // Release now from the same notice.
    const released = await click(h, h.ada, notice, 'release_submit', {});
    expect(seenCard(released).heading).toMatch(/lab-1/);
    expect((await h.readTestbeds())[0].status).toBe('available');

    // After a restart nothing is sent again.
    const count = h.emu.messageCount();
    await h.restart();
    await h.app.idle();
    expect(h.emu.messages().length).toBe(count);
  });
});

describe('wait-list and hand-off', () => {
  it('`wait lab-1` typed joins the queue, as Notify me when free does; a name that is no testbed changes nothing', async () => {
    h = await startHarness({
      testbeds: [booking(1, 'lab-1', { email: 'ada@example.com', name: 'Ada Ops' }, Date.now() + 8 * HOUR), availableTestbed(2, 'lab-2')],
    });
    const queued = await ask(h, h.linus, h.lab, 'notify me when LAB-1 is free');
    expect(seenCard(queued).heading).toBe('You are #1 for lab-1');
    const again = await ask(h, h.linus, h.lab, 'wait for lab-1');
    expect(seenCard(again).heading).toBe('You are #1 for lab-1');
    expect(seenCard(again).texts.slice(1, 3)).toEqual(['You were already in the queue.', expect.stringMatching(/^Ada Ops holds it; expected release: \d{4}-\d\d-\d\d \d\d:\d\d UTC \(in 8 h\)\.$/)]);
    const life = JSON.parse(await readFile(join(h.dir, 'lifecycle.json'), 'utf8'));
    expect(life.lifecycle[0].queue.map((entry: { email: string }) => entry.email)).toEqual(['linus@example.com']);
    // A free testbed: as with the button, nothing to wait for.
    const free = await ask(h, h.linus, h.lab, 'wait lab-2');
    expect(seenCard(free).texts).toEqual(['Nothing was changed', 'lab-2 is free right now: book it instead of waiting.']);

    const slip = await ask(h, h.linus, h.lab, 'wait lab-11');
    expect(seenCard(slip).texts).toContain('No testbed is called “lab-11”. Did you mean lab-1? Type wait lab-1.');
    const unknown = await ask(h, h.linus, h.lab, 'wait rack-9');
    expect(seenCard(unknown).texts).toContain('No testbed is called “rack-9”. Type status to see them all.');
    expect(JSON.parse(await readFile(join(h.dir, 'lifecycle.json'), 'utf8'))).toEqual(life);

    // `who has lab-1?` shows lab-1 alone, its holder on its row; `unwait lab-1` takes Linus out of the queue.
    const who = await ask(h, h.linus, h.lab, 'who has lab-1?');
    expect(seenCard(who).texts).toContain('● lab-1 · In use');
    expect(seenCard(who).texts.some((text) => text.startsWith('Ada Ops (ada@example.com) · held for'))).toBe(true);
    // What cannot be a label is answered as the name it was meant to be.
    const nobody = await ask(h, h.linus, h.lab, 'who has the wifi lab?');
    expect(seenCard(nobody).texts.slice(0, 2)).toEqual(['Testbed status', 'No testbed is called “the wifi lab”.']);
    expect(nobody.text).toMatch(/^No testbed is called “the wifi lab”\. /);
    const left = await ask(h, h.linus, h.lab, 'stop waiting for lab-1');
    expect(seenCard(left).texts).toEqual(['You left the queue for lab-1', 'You will not get an offer for it.']);
    const after = JSON.parse(await readFile(join(h.dir, 'lifecycle.json'), 'utf8')) as { lifecycle: Array<{ queue: unknown[] }> };
    expect(after.lifecycle.flatMap((entry) => entry.queue)).toEqual([]);

    // Waiting without a booking, `mine` has room to leave the queue from the card.
    await ask(h, h.linus, h.lab, 'wait lab-1');
    const mine = await ask(h, h.linus, h.lab, 'mine');
    expect(seenCard(mine).texts).toContain('You are #1 for lab-1.');
    expect(seenCard(mine).choices('testbed_id')).toEqual(['lab-1']);
    const leftFromCard = await click(h, h.linus, mine, 'unwait');
    expect(seenCard(leftFromCard).heading).toBe('You left the queue for lab-1');
    const emptied = JSON.parse(await readFile(join(h.dir, 'lifecycle.json'), 'utf8')) as { lifecycle: Array<{ queue: unknown[] }> };
    expect(emptied.lifecycle.flatMap((entry) => entry.queue)).toEqual([]);
  });

  it('the first in line gets a booking form in a direct message; others are refused during the hold', async () => {
    h = await startHarness({
      testbeds: [booking(1, 'lab-1', { email: 'ada@example.com', name: 'Ada Ops' }, Date.now() + 8 * HOUR)],
    });
    // Linus finds everything busy and joins the queue from the register card.
    const form = await click(h, h.linus, await ask(h, h.linus, h.lab, 'testbed'), 'register');
    expect(seenCard(form).choices('testbed_id')).toEqual(['lab-1']);
    const queued = await click(h, h.linus, form, 'wait', { testbed_id: '1' });
    expect(seenCard(queued).heading).toBe('You are #1 for lab-1');
    const status = await ask(h, h.linus, h.lab, 'status');
    expect(seenCard(status).texts).toContain('Queue: 1 waiting · you are #1');
    expect(buttonTitles(status)).toContain('Mine');

    // Ada releases; Linus gets the offer in his direct room.
    const since = h.emu.messageCount();
    const releaseForm = await ask(h, h.ada, h.lab, 'release');
    const released = await click(h, h.ada, releaseForm, 'release_submit', { testbed_id: '1' });
    expect(seenCard(released).texts[1]).toBe('It goes to Linus Lab, first in its queue: it is kept for them for 10 minutes.');
    expect(buttonTitles(released)).toEqual(['Status', 'Menu']);
    const offer = await nextDirect(h, h.linus, since);
    expect(seenCard(offer).heading).toBe('lab-1 is free: it is yours if you want it');
    expect(buttonTitles(offer)).toEqual(['Book it', 'No thanks']);

    // During the hold Ada cannot book it: not offered on the form, and refused by name when forced.
    const adaForm = await click(h, h.ada, await ask(h, h.ada, h.lab, 'testbed'), 'register');
    expect(seenCard(adaForm).texts.join(' ')).toContain('held for somebody in its queue');
    h.emu.submitRaw({ personId: h.ada.id, messageId: adaForm.id, inputs: { action: 'register_submit', testbed_id: '1', purpose: 'mine', release_choice: '1h' } });
    const held = await h.emu.waitForMessage((m) => m.roomId === h.lab.id && m.personId === h.bot.id && seenCard(m).heading === 'lab-1 is held', { timeoutMs: 10_000 });
    expect(seenCard(held).texts[1]).toMatch(/^lab-1 is held for Linus Lab until \d{4}-\d\d-\d\d \d\d:\d\d UTC, who was first in its queue\.$/);
    expect((await h.readTestbeds())[0].status).toBe('available');

    // Typing `book lab-1` in the lab room shows Linus his own hand-off form, with what he typed filled in.
    const typed = await ask(h, h.linus, h.lab, 'book lab-1 to check the hand-off');
    expect(seenCard(typed).heading).toBe('lab-1 is free: it is yours if you want it');
    expect(input(typed, 'purpose')).toMatchObject({ value: 'check the hand-off' });
    expect(buttonTitles(typed)).toEqual(['Book it', 'No thanks']);

    // Linus books it with that form, in the lab room.
    const booked = await click(h, h.linus, typed, 'register_submit', { purpose: 'handed over', release_choice: '4h' });
    expect(seenCard(booked).heading).toBe('Booked: lab-1');
    // In the lab room the card keeps the room's buttons.
    expect(buttonTitles(booked)).toEqual(['Status', 'Release a testbed', 'Menu']);
    expect((await h.readTestbeds())[0]).toMatchObject({ status: 'in_use', user_email: 'linus@example.com', purpose: 'handed over' });
    const life = JSON.parse(await readFile(join(h.dir, 'lifecycle.json'), 'utf8'));
    expect(life.lifecycle).toEqual([]);
  });
});

describe('the booking ahead runs longer', () => {
  it('when the holder extends, the first person waiting gets a direct message with the new expected release', async () => {
    const ada = { email: 'ada@example.com', name: 'Ada Ops' };
    h = await startHarness({ testbeds: [booking(1, 'lab-1', ada, Date.now() + 2 * HOUR)] });
    expect(seenCard(await ask(h, h.linus, h.lab, 'wait lab-1')).heading).toBe('You are #1 for lab-1');
    const since = h.emu.messageCount();
    const extended = await click(h, h.ada, await ask(h, h.ada, h.lab, 'extend lab-1 by 2 hours'), 'extend');
    expect(seenCard(extended).heading).toBe('Extended: lab-1');
    const told = await nextDirect(h, h.linus, since);
    expect(seenCard(told).heading).toBe('lab-1 runs longer');
    expect(seenCard(told).texts[1]).toMatch(/^Ada Ops extended lab-1\. Expected release: \d{4}-\d\d-\d\d \d\d:\d\d UTC \(in 4 h\)\.$/);
  });
});

describe('my queues', () => {
  it('a person who holds a testbed and waits for another types stop waiting, picks the queue and leaves it', async () => {
    const ada = { email: 'ada@example.com', name: 'Ada Ops' };
    const linus = { email: 'linus@example.com', name: 'Linus Lab' };
    h = await startHarness({ testbeds: [booking(1, 'lab-1', ada, Date.now() + 8 * HOUR), booking(2, 'lab-2', linus, Date.now() + 8 * HOUR)] });
    await ask(h, h.ada, h.lab, 'wait lab-2');
    const queues = await ask(h, h.ada, h.lab, 'stop waiting');
    expect(seenCard(queues).heading).toBe('Your queues');
    expect(seenCard(queues).texts[1]).toBe('You are #1 for lab-2.');
    const left = await click(h, h.ada, queues, 'unwait', { testbed_id: '2' });
    expect(seenCard(left).heading).toBe('You left the queue for lab-2');
    const life = JSON.parse(await readFile(join(h.dir, 'lifecycle.json'), 'utf8'));
    expect(life.lifecycle.flatMap((entry: { queue: unknown[] }) => entry.queue)).toEqual([]);
    expect(seenCard(await ask(h, h.ada, h.lab, 'am I in any queue?')).texts[1]).toBe('You are not waiting for any testbed.');
  });
});

describe('mine and release all', () => {
  it('lists the person\'s own bookings and releases all of them in one step', async () => {
    const ada = { email: 'ada@example.com', name: 'Ada Ops' };
    h = await startHarness({
      testbeds: [booking(1, 'lab-1', ada, Date.now() + 8 * HOUR), booking(2, 'lab-2', ada, Date.now() + 9 * HOUR), availableTestbed(3, 'lab-3')],
    });
    const mine = await ask(h, h.ada, h.lab, 'mine');
    expect(seenCard(mine).heading).toBe('Your bookings');
    const bookings = seenCard(mine).all.filter((item) => item.role === 'text' && item.element.weight === 'Bolder');
    expect(bookings.map((item) => item.text)).toEqual(['lab-1', 'lab-2']);
    expect(seenCard(mine).texts.filter((text) => text.startsWith('Expected release: '))).toHaveLength(2);
    expect(buttonTitles(mine)).toEqual(['Extend 1 hour', 'Extend 1 day', 'Release', 'Release all mine', 'Status']);
    const linusMine = await ask(h, h.linus, h.lab, 'mine');
    expect(seenCard(linusMine).texts).toContain('You hold no testbeds right now.');
    expect(seenCard(await ask(h, h.linus, h.lab, 'wait lab-2')).heading).toBe('You are #1 for lab-2');

    const since = h.emu.messageCount();
    const done = await click(h, h.ada, mine, 'release_all');
    expect(seenCard(done).heading).toBe('Released 2 testbeds');
    expect(seenCard(done).texts.slice(1)).toEqual(['Released: lab-1, lab-2.', 'lab-2 goes to Linus Lab, first in its queue.', 'Thanks for giving them back.']);
    expect((await h.readTestbeds()).map((record) => record.status)).toEqual(['available', 'available', 'available']);
    expect(seenCard(await nextDirect(h, h.linus, since)).heading).toBe('lab-2 is free: it is yours if you want it');
  });

  it('`release lab-1 and lab-3` releases those two in one press and keeps the third; Linus pressing her button releases nothing of hers', async () => {
    const ada = { email: 'ada@example.com', name: 'Ada Ops' };
    h = await startHarness({
      testbeds: [booking(1, 'lab-1', ada, Date.now() + 8 * HOUR), booking(2, 'lab-2', ada, Date.now() + 9 * HOUR), booking(3, 'lab-3', ada, Date.now() + 9 * HOUR)],
    });
    const asked = await ask(h, h.ada, h.lab, 'release lab-1 and lab-3');
    expect(seenCard(asked).heading).toBe('Release lab-1 and lab-3?');
    expect(buttonTitles(asked)).toEqual(['Release both']);
    // Somebody else pressing it: only their own bookings could go, and they hold none.
    expect(seenCard(await click(h, h.linus, asked, 'release_all')).heading).toBe('Nothing to release');
    expect((await h.readTestbeds()).map((record) => record.status)).toEqual(['in_use', 'in_use', 'in_use']);
    const done = await click(h, h.ada, asked, 'release_all');
    expect(seenCard(done).texts.slice(1, 2)).toEqual(['Released: lab-1, lab-3.']);
    expect((await h.readTestbeds()).map((record) => record.status)).toEqual(['available', 'in_use', 'available']);
  });
});

/** Grace, a third member of the lab room. */
function addGrace(): EmuPerson {
  const grace = h.emu.createPerson({ displayName: 'Grace Hopper', email: 'grace@example.com' });
  h.emu.addMember(h.lab.id, grace.id);
  return grace;
}

/** The bot's messages in the person's 1:1 room, oldest first. */
function directMessages(person: EmuPerson): EmuMessage[] {
  const room = h.emu.directRoom(person.id, h.bot.id);
  return h.emu.messages({ roomId: room.id }).filter((m) => m.personId === h.bot.id);
}

describe('ask the holder', () => {
  it('an overdue holder who still needs it is offered Extend in the answer, and pressing it there extends from now', async () => {
    const ada = { email: 'ada@example.com', name: 'Ada Ops' };
    h = await startHarness({ testbeds: [booking(1, 'lab-1', ada, Date.now() - HOUR)] });
    const adaRoom = h.emu.directRoom(h.ada.id, h.bot.id);
    // Overdue at start-up: its overdue notice is saved and sent first (an ask meanwhile would find it busy).
    await h.emu.waitForMessage((m) => m.roomId === adaRoom.id && m.personId === h.bot.id && seenCard(m).heading === 'Overdue: lab-1', { timeoutMs: 10_000 });
    const since = h.emu.messageCount();
    expect(seenCard(await ask(h, h.linus, h.lab, 'ask about lab-1')).heading).toBe('Asked about lab-1');
    const question = await h.emu.waitForMessage((m) => m.roomId === adaRoom.id && m.personId === h.bot.id && seenCard(m).heading === 'Do you still need lab-1?', {
      since,
      timeoutMs: 10_000,
    });
    const kept = await click(h, h.ada, question, 'still_need');
    expect(seenCard(kept).texts[2]).toMatch(/^Release was due: .* \(1 h ago\)\. Extend it, so others know when to expect it\.$/);
    expect(buttonTitles(kept)).toEqual(['Extend 1 hour', 'Extend 1 day']);
    const before = Date.now();
    const extended = await click(h, h.ada, kept, 'extend');
    expect(seenCard(extended).heading).toBe('Extended: lab-1');
    expect(Date.parse((await h.readTestbeds())[0].expected_release_time!)).toBeGreaterThanOrEqual(before + HOUR - 1000);
  });

  it('`whoever has lab-1 please release it` asks its holder as Ask the holder does', async () => {
    const ada = { email: 'ada@example.com', name: 'Ada Ops' };
    h = await startHarness({ testbeds: [booking(1, 'lab-1', ada, Date.now() + HOUR)] });
    const adaRoom = h.emu.directRoom(h.ada.id, h.bot.id);
    const since = h.emu.messageCount();
    expect(seenCard(await ask(h, h.linus, h.lab, 'whoever has lab-1 please release it')).heading).toBe('Asked about lab-1');
    const question = await h.emu.waitForMessage((m) => m.roomId === adaRoom.id && m.personId === h.bot.id, { since, timeoutMs: 10_000 });
    expect(seenCard(question).heading).toBe('Do you still need lab-1?');
  });

  it('the holder gets one direct message per ask, each answer reaches the asker, a second ask within the hour is refused', async () => {
    h = await startHarness({ testbeds: [availableTestbed(1, 'lab-1')] });
    const grace = addGrace();
    const questionsToAda = () => directMessages(h.ada).filter((m) => seenCard(m).heading === 'Do you still need lab-1?');
    // Linus opens the form, Ada books lab-1 first: Linus's submission meets the refusal with "Ask the holder".
    const linusForm = await click(h, h.linus, await ask(h, h.linus, h.lab, 'testbed'), 'register');
    const adaForm = await click(h, h.ada, await ask(h, h.ada, h.lab, 'testbed'), 'register');
    await click(h, h.ada, adaForm, 'register_submit', { testbed_id: '1', purpose: 'soak test', release_choice: '1d' });
    const refusal = await click(h, h.linus, linusForm, 'register_submit', { testbed_id: '1', purpose: 'firmware', release_choice: '1h' });
    expect(seenCard(refusal).heading).toBe('lab-1 is taken');
    expect(buttonTitles(refusal)).toContain('Ask the holder');

    const since = h.emu.messageCount();
    const asked = await click(h, h.linus, refusal, 'ask_holder');
    expect(seenCard(asked).heading).toBe('Asked about lab-1');
    expect(seenCard(asked).texts).toContain('I asked Ada Ops whether they still need lab-1. I will tell you the answer.');
    const question = await nextDirect(h, h.ada, since);
    expect(question.toPersonEmail ?? 'ada@example.com').toBe('ada@example.com');
    expect(seenCard(question).heading).toBe('Do you still need lab-1?');
    expect(seenCard(question).texts).toContain('Linus Lab asks whether you still need lab-1.');
    expect(buttonTitles(question)).toEqual(['Release now', 'Still need it']);
    await h.app.idle();
    expect(questionsToAda()).toHaveLength(1);

    // Ada still needs it: she is thanked in her direct room and Linus hears the answer in his.
    const answerSince = h.emu.messageCount();
    const kept = await click(h, h.ada, question, 'still_need');
    expect(seenCard(kept).heading).toBe('lab-1 stays yours');
    expect(seenCard(kept).texts).toContain('Thanks. I told the person who asked.');
    const toLinus = await nextDirect(h, h.linus, answerSince);
    expect(seenCard(toLinus).heading).toBe('lab-1 is still needed');
    expect(seenCard(toLinus).texts[1]).toMatch(/^Ada Ops still needs lab-1\. Expected release: \d{4}-\d\d-\d\d \d\d:\d\d UTC \(in 24 h\)\.$/);

    // Linus asks again within the hour: refused politely, and Ada hears nothing more.
    const again = await click(h, h.linus, refusal, 'ask_holder');
    expect(seenCard(again).heading).toBe('Nothing was changed');
    expect(seenCard(again).texts[1]).toMatch(/^You asked about lab-1 less than an hour ago\. You can ask again at \d{4}-\d\d-\d\d \d\d:\d\d UTC\.$/);
    await h.app.idle();
    expect(questionsToAda()).toHaveLength(1);

    // Grace asks from the same card in the room; this time Ada releases from the direct message.
    const graceSince = h.emu.messageCount();
    const graceAsked = await click(h, grace, refusal, 'ask_holder');
    expect(seenCard(graceAsked).heading).toBe('Asked about lab-1');
    const second = await nextDirect(h, h.ada, graceSince);
    expect(seenCard(second).texts).toContain('Grace Hopper asks whether you still need lab-1.');
    const releaseSince = h.emu.messageCount();
    const released = await click(h, h.ada, second, 'release_submit');
    expect(seenCard(released).heading).toMatch(/lab-1/);
    expect((await h.readTestbeds())[0].status).toBe('available');
    const toGrace = await nextDirect(h, grace, releaseSince);
    expect(seenCard(toGrace).heading).toBe('lab-1 was released');
    expect(seenCard(toGrace).texts).toContain('Ada Ops released lab-1. Anybody may book it now: type book lab-1 in the lab room.');
    // Linus's ask was answered already: he hears nothing about the release.
    await h.app.idle();
    expect(directMessages(h.linus).map((m) => seenCard(m).heading)).toEqual(['lab-1 is still needed']);
  });
});

describe('releasing in words from the 1:1 room', () => {
  it('`done with lab-1` there shows her bookings with lab-1 chosen, and Release releases it; a colleague\'s name changes nothing of hers', async () => {
    h = await startHarness({ testbeds: [booking(1, 'lab-1', { email: 'ada@example.com', name: 'Ada Ops' }, Date.now() + 8 * HOUR), availableTestbed(2, 'lab-2')] });
    const adaRoom = h.emu.directRoom(h.ada.id, h.bot.id);
    const mine = await ask(h, h.ada, adaRoom, 'done with lab-1');
    expect(seenCard(mine).heading).toBe('Your bookings');
    expect((input(mine, 'testbed_id') as { value?: string }).value).toBe('1');
    expect(buttonTitles(mine)).toContain('Release');
    expect(seenCard(await click(h, h.ada, mine, 'release_submit')).heading).toBe('Released: lab-1');
    expect((await h.readTestbeds())[0].status).toBe('available');
    // Linus holds nothing: his own bookings, none, a line that lab-1 is nobody's, and nothing changes.
    const linusRoom = h.emu.directRoom(h.linus.id, h.bot.id);
    expect(seenCard(await ask(h, h.linus, linusRoom, 'release lab-1')).texts).toEqual([
      'Your bookings',
      'You do not hold lab-1: nobody does. In the lab’s room, type book lab-1 to book it.',
      'You hold no testbeds right now.',
    ]);
  });
});

describe('taking a hand-off in words', () => {
  it('`I\'ll take it` in the 1:1 room brings back the hand-off form, whose Book it books; with nothing held, a line says so', async () => {
    await offeredToLinus();
    const linusRoom = h.emu.directRoom(h.linus.id, h.bot.id);
    const form = await ask(h, h.linus, linusRoom, "yes please, I'll take it");
    expect(seenCard(form).heading).toBe('lab-1 is free: it is yours if you want it');
    expect(buttonTitles(form)).toEqual(['Book it', 'No thanks']);
    const booked = await click(h, h.linus, form, 'register_submit', { purpose: 'soak', release_choice: '1h' });
    expect(seenCard(booked).heading).toBe('Booked: lab-1');
    expect((await h.readTestbeds())[0]).toMatchObject({ status: 'in_use', user_email: 'linus@example.com' });
    // Booked in the 1:1 room, the card carries the buttons that work there: the booking's own.
    expect(buttonTitles(booked)).toEqual(['Extend 1 hour', 'Extend 1 day', 'Release now']);
    const due = Date.parse((await h.readTestbeds())[0].expected_release_time!);
    expect(seenCard(await click(h, h.linus, booked, 'extend')).heading).toBe('Extended: lab-1');
    expect(Date.parse((await h.readTestbeds())[0].expected_release_time!) - due).toBe(HOUR);
    // Nothing is held for Ada: a line on what she can do instead, and nothing changes.
    const adaRoom = h.emu.directRoom(h.ada.id, h.bot.id);
    const nothing = await ask(h, h.ada, adaRoom, 'take it');
    expect(seenCard(nothing).heading).toBe('Nothing is held for you');
    // There, where commands are not answered, it says where to type them.
    expect(seenCard(nothing).texts[1]).toMatch(/^Nothing is held for you right now\. In the lab’s room, type book/);
    expect((await h.readTestbeds())[0]).toMatchObject({ user_email: 'linus@example.com' });
  });

  it('`yes` in the 1:1 room answers the offer with its form; with nothing held, `ok` and `thanks` get a short answer', async () => {
    await offeredToLinus();
    const linusRoom = h.emu.directRoom(h.linus.id, h.bot.id);
    const form = await ask(h, h.linus, linusRoom, 'yes');
    expect(seenCard(form).heading).toBe('lab-1 is free: it is yours if you want it');
    await click(h, h.linus, form, 'register_submit', { purpose: 'soak', release_choice: '1h' });
    expect((await h.readTestbeds())[0]).toMatchObject({ status: 'in_use', user_email: 'linus@example.com' });
    // Nothing is held for him now: `ok` is acknowledged, and the answer says where the menu is.
    const ok = await ask(h, h.linus, linusRoom, 'ok');
    expect(seenCard(ok).texts).toEqual(['OK. Type testbed in the lab’s room whenever you need me.']);
    expect(buttonTitles(ok)).toEqual([]);
    expect(seenCard(await ask(h, h.linus, linusRoom, 'thanks')).texts).toEqual(['You are welcome. Type testbed in the lab’s room whenever you need me.']);
    expect(seenCard(await ask(h, h.linus, linusRoom, 'yes')).heading).toBe('Nothing is held for you');
  });

  it('`later` to an offer in the 1:1 room shows it again with how long it is held; `next person` passes it on', async () => {
    await offeredToLinus();
    const linusRoom = h.emu.directRoom(h.linus.id, h.bot.id);
    const again = await ask(h, h.linus, linusRoom, 'give me 5 minutes');
    expect(seenCard(again).heading).toBe('lab-1 is free: it is yours if you want it');
    expect(seenCard(again).texts[1]).toMatch(/^You were first in the queue\. lab-1 is held for you until .*; after that it goes to the next person\.$/);
    expect(buttonTitles(again)).toEqual(['Book it', 'No thanks']);
    const pass = await ask(h, h.linus, linusRoom, 'give it to the next person');
    expect(buttonTitles(pass)).toEqual(['No thanks']);
    // Said as people say it: `I'll pass`, `skip me` pass it on; `accept` opens its form, as `yes` does.
    for (const typed of ["I'll pass", 'skip me']) expect(seenCard(await ask(h, h.linus, linusRoom, typed)).heading, typed).toBe('Pass on lab-1?');
    expect(seenCard(await ask(h, h.linus, linusRoom, 'accept')).heading).toBe('lab-1 is free: it is yours if you want it');
  });
});

describe('declining a hand-off', () => {
  it('passes the testbed to the next person in the queue, then frees it for all', async () => {
    h = await startHarness({
      testbeds: [booking(1, 'lab-1', { email: 'ada@example.com', name: 'Ada Ops' }, Date.now() + 8 * HOUR)],
    });
    const grace = addGrace();
    for (const person of [h.linus, grace]) {
      const form = await click(h, person, await ask(h, person, h.lab, 'testbed'), 'register');
      await click(h, person, form, 'wait', { testbed_id: '1' });
    }
    const since = h.emu.messageCount();
    await click(h, h.ada, await ask(h, h.ada, h.lab, 'release'), 'release_submit', { testbed_id: '1' });
    const linusOffer = await nextDirect(h, h.linus, since);
    expect(seenCard(linusOffer).heading).toBe('lab-1 is free: it is yours if you want it');

    // Linus types `no thanks` in his 1:1 room (not an approved room): the card to pass it on, whose button declines.
    const linusRoom = h.emu.directRoom(h.linus.id, h.bot.id);
    const pass = await ask(h, h.linus, linusRoom, 'no thanks');
    expect(seenCard(pass).heading).toBe('Pass on lab-1?');
    expect(buttonTitles(pass)).toEqual(['No thanks']);

    // Linus says no thanks: Grace, next in line, gets the offer.
    const declineSince = h.emu.messageCount();
    const declined = await click(h, h.linus, pass, 'decline_offer');
    expect(seenCard(declined).heading).toBe('You passed on lab-1');
    const graceOffer = await nextDirect(h, grace, declineSince);
    expect(seenCard(graceOffer).heading).toBe('lab-1 is free: it is yours if you want it');
    expect(buttonTitles(graceOffer)).toEqual(['Book it', 'No thanks']);
    let life = JSON.parse(await readFile(join(h.dir, 'lifecycle.json'), 'utf8'));
    expect(life.lifecycle[0]).toMatchObject({ testbed_id: 1, queue: [], offer: { email: 'grace@example.com' } });

    // Linus changes his mind on his old offer: it is Grace's now, and nothing changes.
    const late = await click(h, h.linus, linusOffer, 'register_submit', { purpose: 'after all', release_choice: '1h' });
    expect(seenCard(late).heading).toBe('lab-1 is held');
    expect(seenCard(late).texts[1]).toMatch(/^lab-1 is held for Grace Hopper until /);
    expect((await h.readTestbeds())[0].status).toBe('available');

    // Grace declines too: nobody is left, so lab-1 is free for all.
    const graceDeclined = await click(h, grace, graceOffer, 'decline_offer');
    expect(seenCard(graceDeclined).heading).toBe('You passed on lab-1');
    life = JSON.parse(await readFile(join(h.dir, 'lifecycle.json'), 'utf8'));
    expect(life.lifecycle.filter((entry: { offer: unknown; queue: unknown[] }) => entry.offer !== null || entry.queue.length > 0)).toEqual([]);
    const adaForm = await click(h, h.ada, await ask(h, h.ada, h.lab, 'testbed'), 'register');
    expect(seenCard(adaForm).choices('testbed_id')).toEqual(['lab-1']);
    // Nobody was told a hold lapsed: both offers ended by a decline.
    await h.app.idle();
    expect(directMessages(h.linus).map((m) => seenCard(m).heading)).toEqual(['lab-1 is free: it is yours if you want it', 'Pass on lab-1?', 'You passed on lab-1', 'lab-1 is held']);
    // Grace heard she was next once Linus was offered it, then got her own offer.
    expect(directMessages(grace).map((m) => seenCard(m).heading)).toEqual(['You are next for lab-1', 'lab-1 is free: it is yours if you want it', 'You passed on lab-1']);
  });
});

describe('hand-off form with problems', () => {
  it('comes back as the form with the problem named and the values kept; nothing is booked and the hold stays', async () => {
    const offer = await offeredToLinus();
    await h.app.idle();
    const lifeBefore = await readFile(join(h.dir, 'lifecycle.json'), 'utf8');
    const testbedsBefore = await readFile(h.testbedPath, 'utf8');

    // A client that skips the form's own checks sends an empty purpose.
    const formSince = h.emu.messageCount();
    h.emu.submitRaw({ personId: h.linus.id, messageId: offer.id, inputs: { action: 'register_submit', testbed_id: '1', purpose: '  ', release_choice: '4h' } });
    const again = await nextDirect(h, h.linus, formSince);
    expect(seenCard(again).heading).toBe('lab-1 is free: it is yours if you want it');
    expect(seenCard(again).errors).toEqual(['Please check the fields marked below.', 'Tell us what you need the testbed for.']);
    expect(buttonTitles(again)).toEqual(['Book it', 'No thanks']);
    expect(again.text).toMatch(/Some fields need another look\./);
    await h.app.idle();
    expect(await readFile(join(h.dir, 'lifecycle.json'), 'utf8')).toBe(lifeBefore);
    expect(await readFile(h.testbedPath, 'utf8')).toBe(testbedsBefore);

    // A purpose that is too long: named, and what he typed is kept (up to the limit).
    const longSince = h.emu.messageCount();
    h.emu.submitRaw({ personId: h.linus.id, messageId: again.id, inputs: { action: 'register_submit', testbed_id: '1', purpose: 'p'.repeat(612), release_choice: '1d' } });
    const tooLong = await nextDirect(h, h.linus, longSince);
    expect(seenCard(tooLong).errors).toContain('Keep the purpose to 500 characters (you typed 612).');

    // Ada forges the same invalid submission from her own direct room: no form for her, and nothing changes.
    const adaRoom = h.emu.directRoom(h.ada.id, h.bot.id);
    const adaSince = h.emu.messageCount();
    h.emu.submitRaw({ personId: h.ada.id, messageId: offer.id, roomId: adaRoom.id, inputs: { action: 'register_submit', testbed_id: '1', purpose: '', release_choice: '1h' } });
    const notForAda = await nextDirect(h, h.ada, adaSince);
    expect(seenCard(notForAda).heading).toBe('Nothing was changed');
    expect(seenCard(notForAda).texts).toContain('lab-1 is not being offered to you right now.');
    await h.app.idle();
    expect(await readFile(join(h.dir, 'lifecycle.json'), 'utf8')).toBe(lifeBefore);
    expect(await readFile(h.testbedPath, 'utf8')).toBe(testbedsBefore);

    // Linus fills in the purpose on the form that came back; the kept choice goes with it.
    const booked = await click(h, h.linus, again, 'register_submit', { purpose: 'handed over' });
    expect(seenCard(booked).heading).toBe('Booked: lab-1');
    const record = (await h.readTestbeds())[0];
    expect(record).toMatchObject({ status: 'in_use', user_email: 'linus@example.com', purpose: 'handed over' });
    const hours = (Date.parse(record.expected_release_time!) - Date.parse(record.registered_time!)) / HOUR;
    expect(hours).toBeCloseTo(4, 1);
  });
});
