/**
 * The holder changing their booking, end to end over the emulator. A new purpose: typed in the lab
 * room, the form arrives filled in, one press saves it to the testbed document and the history, and
 * status shows it. Done sooner: typed with a time, one press on Done by brings the expected release
 * forward and tells the first person waiting in their 1:1 room. Only the holder may do either.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TestbedRecord } from '../../src/domain.js';
import { ask, availableTestbed, buttonTitles, cardActions, click, seenCard, startHarness, type Harness } from '../support/harness.js';
import { input } from '../support/form-card.js';
import { unLookAlike } from '../support/rendered-text.js';
import { inUse } from '../fixtures/flows/records.js';

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** A booking of lab-N by `who`, made an hour ago and due in four. */
const booking = (id: number, name: string, who: { email: string; name: string }, purpose: string): TestbedRecord =>
  inUse(id, who, { name, purpose, since: iso(Date.now() - HOUR), until: iso(Date.now() + 4 * HOUR) });

let h: Harness;
afterEach(async () => {
  await h?.close();
});

/** Who waits for the testbed, as lifecycle.json has it (no entry: nobody). */
async function queueOf(testbedId: number): Promise<string[]> {
  const stored = JSON.parse(await readFile(join(h.dir, 'lifecycle.json'), 'utf8')) as { lifecycle: Array<{ testbed_id: number; queue: Array<{ email: string }> }> };
  return (stored.lifecycle.find((entry) => entry.testbed_id === testbedId)?.queue ?? []).map((person) => person.email);
}

async function historyLines(): Promise<Array<Record<string, unknown>>> {
  const text = await readFile(join(h.dir, 'history.jsonl'), 'utf8').catch(() => '');
  return text.split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('a new purpose for a booking', () => {
  it('typed by the holder: the form arrives filled in, one press saves it, and status shows it', async () => {
    const ada = { email: 'ada@example.com', name: 'Ada Ops' };
    h = await startHarness({ testbeds: [booking(1, 'lab-1', ada, 'soak test'), availableTestbed(2, 'lab-2')] });

    const form = await ask(h, h.ada, h.lab, 'change the purpose of lab-1 to bisecting the **crash**');
    expect(seenCard(form).heading).toBe('Change a purpose');
    expect(input(form, 'testbed_id').value).toBe('1');
    expect(input(form, 'purpose').value).toBe('bisecting the **crash**');
    expect(seenCard(form).texts).toContain('Now: soak test');
    expect(buttonTitles(form)).toEqual(['Save purpose', 'Cancel']);

    const saved = await click(h, h.ada, form, 'change_purpose');
    expect(seenCard(saved).heading).toBe('New purpose: lab-1');
    expect(seenCard(saved).texts.slice(1).map(unLookAlike)).toEqual(['Purpose: bisecting the **crash**', 'It was: soak test', 'Status shows it under your booking.']);
    expect((await h.readTestbeds())[0]).toMatchObject({ user_email: ada.email, purpose: 'bisecting the **crash**' });
    expect((await historyLines()).filter((line) => line.event === 'purpose_changed')).toEqual([
      expect.objectContaining({ testbed_id: 1, by: ada, purpose: 'bisecting the **crash**', previous_purpose: 'soak test' }),
    ]);

    const status = await ask(h, h.linus, h.lab, 'status lab-1');
    expect(seenCard(status).texts.map(unLookAlike)).toContain('Purpose: bisecting the **crash**');

    // Pressing the same form again: nothing to save, and no second history line.
    const again = await click(h, h.ada, form, 'change_purpose');
    expect(seenCard(again).texts.slice(0, 2)).toEqual(['Nothing was changed', 'The purpose of lab-1 already reads so.']);
    expect((await historyLines()).filter((line) => line.event === 'purpose_changed')).toHaveLength(1);
  });

  it('somebody else pressing it is refused and nothing changes; an empty purpose brings the form back', async () => {
    const ada = { email: 'ada@example.com', name: 'Ada Ops' };
    h = await startHarness({ testbeds: [booking(1, 'lab-1', ada, 'soak test')] });
    const form = await ask(h, h.ada, h.lab, 'purpose lab-1 bisecting');

    const refused = await click(h, h.linus, form, 'change_purpose');
    expect(seenCard(refused).texts).toEqual(['Nothing was changed', 'Only the holder can do that, and lab-1 is held by Ada Ops.']);

    const empty = await click(h, h.ada, form, 'change_purpose', { purpose: '   ' });
    expect(seenCard(empty).heading).toBe('Change a purpose');
    expect(seenCard(empty).errors).toEqual(['Please check the fields marked below.', 'Tell people what the testbed is doing now.']);
    expect(input(empty, 'testbed_id').value).toBe('1');

    expect((await h.readTestbeds())[0].purpose).toBe('soak test');
    expect((await historyLines()).filter((line) => line.event === 'purpose_changed')).toEqual([]);

    // Linus holds nothing: typing it tells him so instead of a form he cannot use.
    const nothing = await ask(h, h.linus, h.lab, 'purpose lab-1 mine now');
    expect(seenCard(nothing).texts.slice(1)).toEqual(['You do not hold lab-1: its purpose is for Ada Ops to change.', 'You hold no testbeds right now, so there is no purpose to change.']);
  });
});

describe('done sooner', () => {
  it('typed with a time: Done by moves the release earlier, writes it down and tells the first person waiting', async () => {
    const ada = { email: 'ada@example.com', name: 'Ada Ops' };
    h = await startHarness({ testbeds: [booking(1, 'lab-1', ada, 'soak test')] });
    const queued = await ask(h, h.linus, h.lab, 'wait lab-1');
    expect(seenCard(queued).heading).toBe('You are #1 for lab-1');

    const due = Date.parse((await h.readTestbeds())[0].expected_release_time!);
    const mine = await ask(h, h.ada, h.lab, "I'll be done with lab-1 in 2 hours");
    const done = buttonTitles(mine)[0];
    expect(done).toMatch(/^Done by (?:\d{2}:\d{2}|\d{4}-\d{2}-\d{2} \d{2}:\d{2}) UTC$/);
    expect(input(mine, 'testbed_id').value).toBe('1');

    const linusRoom = h.emu.directRoom(h.linus.id, h.bot.id);
    const since = h.emu.messageCount();
    const answer = await click(h, h.ada, mine, 'done_by');
    expect(seenCard(answer).heading).toBe('Due back sooner: lab-1');
    expect(seenCard(answer).texts).toContain('I told Linus Lab, first in its queue.');
    const record = (await h.readTestbeds())[0];
    const sooner = Date.parse(record.expected_release_time!);
    expect(sooner).toBeLessThan(due);
    expect(Math.abs(sooner - (Date.now() + 2 * HOUR))).toBeLessThan(5 * 60_000);
    expect((await historyLines()).filter((line) => line.event === 'shortened')).toEqual([
      expect.objectContaining({ testbed_id: 1, by: ada, expected_release_time: record.expected_release_time, previous_expected_release_time: iso(due) }),
    ]);
    const told = await h.emu.waitForMessage((m) => m.roomId === linusRoom.id && m.personId === h.bot.id, { since, timeoutMs: 10_000 });
    expect(seenCard(told).heading).toBe('lab-1 is due back sooner');

    // Pressed again: already due back then. Linus forging it: only the holder.
    const again = await click(h, h.ada, mine, 'done_by');
    expect(seenCard(again).texts[0]).toBe('Nothing was changed');
    const forged = await click(h, h.linus, mine, 'done_by');
    expect(seenCard(forged).texts).toEqual(['Nothing was changed', 'Only the holder can do that, and lab-1 is held by Ada Ops.']);
    expect((await h.readTestbeds())[0].expected_release_time).toBe(record.expected_release_time);
  });
});

describe('Done by with two bookings', () => {
  it('a time earlier than one booking and later than the other: Done by, pressed for the later one, extends it until then', async () => {
    const ada = { email: 'ada@example.com', name: 'Ada Ops' };
    const longer = inUse(2, ada, { name: 'lab-2', purpose: 'fuzzing', since: iso(Date.now() - HOUR), until: iso(Date.now() + 8 * HOUR) });
    h = await startHarness({ testbeds: [booking(1, 'lab-1', ada, 'soak test'), longer] });
    const clock = (at: number) => new Date(at).toISOString().slice(11, 16);
    const mine = await ask(h, h.ada, h.lab, `I'll be done at ${clock(Date.now() + 6 * HOUR)}`);
    expect(buttonTitles(mine)[0]).toMatch(/^Done by /);
    // lab-1 is due in four hours: six hours from now is later, so the press extends it.
    const answer = await click(h, h.ada, mine, 'done_by', { testbed_id: '1' });
    expect(seenCard(answer).heading).toBe('Extended: lab-1');
    const record = (await h.readTestbeds()).find((candidate) => candidate.id === 1)!;
    expect(Math.abs(Date.parse(record.expected_release_time!) - (Date.now() + 6 * HOUR))).toBeLessThan(2 * 60_000);
    // lab-2, due in eight hours, comes forward to then.
    const sooner = await click(h, h.ada, mine, 'done_by', { testbed_id: '2' });
    expect(seenCard(sooner).heading).toBe('Due back sooner: lab-2');
  });
});

describe('more time, and a new time, in everyday words', () => {
  it('`I need 2 more hours` extends by two hours with one press; `move my booking to …` offers Done by when earlier, Extend to when later', async () => {
    const ada = { email: 'ada@example.com', name: 'Ada Ops' };
    h = await startHarness({ testbeds: [booking(1, 'lab-1', ada, 'soak test')] });
    const due = Date.parse((await h.readTestbeds())[0].expected_release_time!);

    const more = await ask(h, h.ada, h.lab, 'I need 2 more hours');
    expect(seenCard(more).heading).toBe('Your bookings');
    expect(buttonTitles(more)[0]).toBe('Extend 2 hours');
    const extended = await click(h, h.ada, more, 'extend');
    expect(seenCard(extended).heading).toBe('Extended: lab-1');
    expect(Date.parse((await h.readTestbeds())[0].expected_release_time!)).toBe(due + 2 * HOUR);

    // Due in six hours now: an hour from now is earlier (Done by), ten hours from now later (Extend to).
    const clock = (at: number) => new Date(at).toISOString().slice(11, 16);
    const sooner = await ask(h, h.ada, h.lab, `move my booking to ${clock(Date.now() + HOUR)}`);
    expect(buttonTitles(sooner)[0]).toMatch(/^Done by (?:\d{2}:\d{2}|\d{4}-\d{2}-\d{2} \d{2}:\d{2}) UTC$/);
    const later = await ask(h, h.ada, h.lab, `push lab-1 to ${clock(Date.now() + 10 * HOUR)}`);
    expect(buttonTitles(later)[0]).toMatch(/^Extend to (?:\d{2}:\d{2}|\d{4}-\d{2}-\d{2} \d{2}:\d{2}) UTC$/);
    const pushed = await click(h, h.ada, later, 'extend');
    expect(seenCard(pushed).heading).toBe('Extended: lab-1');
    const now = Date.parse((await h.readTestbeds())[0].expected_release_time!);
    expect(Math.abs(now - (Date.now() + 10 * HOUR))).toBeLessThan(2 * 60_000);
  });
});

describe('done in a few minutes, and a testbed asked for politely', () => {
  it('`done in 10` offers Done by ten minutes from now and one press sets it; Linus\'s `lab-2 please` books lab-2 in one press', async () => {
    const ada = { email: 'ada@example.com', name: 'Ada Ops' };
    h = await startHarness({ testbeds: [booking(1, 'lab-1', ada, 'soak test'), availableTestbed(2, 'lab-2')] });
    const soon = await ask(h, h.ada, h.lab, 'done in 10');
    expect(buttonTitles(soon)[0]).toMatch(/^Done by (?:\d{2}:\d{2}|\d{4}-\d{2}-\d{2} \d{2}:\d{2}) UTC$/);
    expect(seenCard(await click(h, h.ada, soon, 'done_by')).heading).toBe('Due back sooner: lab-1');
    const due = Date.parse((await h.readTestbeds())[0].expected_release_time!);
    expect(Math.abs(due - (Date.now() + 10 * 60_000))).toBeLessThan(2 * 60_000);

    const asked = await ask(h, h.linus, h.lab, 'lab-2 please');
    expect(seenCard(asked).heading).toBe('Register a testbed');
    expect(seenCard(await click(h, h.linus, asked, 'register_submit', { purpose: 'firmware', release_choice: '1h' })).heading).toBe('Booked: lab-2');
  });
});

describe('every booking extended at once', () => {
  it('`extend all my bookings by 2 hours`: one press extends each, the card says until when; a time one already runs past says so for it', async () => {
    const ada = { email: 'ada@example.com', name: 'Ada Ops' };
    const linus = { email: 'linus@example.com', name: 'Linus Lab' };
    const soon = booking(1, 'lab-1', ada, 'soak');
    const later = { ...booking(2, 'lab-2', ada, 'soak'), expected_release_time: iso(Date.now() + 30 * HOUR) };
    h = await startHarness({ testbeds: [soon, later, booking(3, 'lab-3', linus, 'other')] });
    let stored: TestbedRecord[] = [];
    const load = async () => (stored = await h.readTestbeds());
    const due = (id: number) => Date.parse(stored.find((record) => record.id === id)?.expected_release_time ?? '');
    await load();
    const [before1, before2, before3] = [due(1), due(2), due(3)];

    const mine = await ask(h, h.ada, h.lab, 'extend all my bookings by 2 hours');
    expect(seenCard(mine).heading).toBe('Your bookings');
    expect(buttonTitles(mine)).toEqual(['Extend all by 2 hours', 'Extend 2 hours', 'Release', 'Release all mine', 'Status']);
    const extended = await click(h, h.ada, mine, 'extend_all');
    const seen = seenCard(extended);
    expect(seen.heading).toBe('Extended 2 bookings');
    expect(seen.texts[1]).toMatch(/^lab-1 is yours until .* \(in 6 h\)\.$/);
    expect(seen.texts[2]).toMatch(/^lab-2 is yours until .* \(in 32 h\)\.$/);
    await load();
    expect([due(1) - before1, due(2) - before2, due(3) - before3]).toEqual([2 * HOUR, 2 * HOUR, 0]);
    expect((await historyLines()).filter((line) => line.event === 'extended').map((line) => line.testbed_id)).toEqual([1, 2]);

    // Until a time lab-2 already runs past: lab-1 is extended, lab-2 says why not.
    const target = new Date(Math.ceil((Date.now() + 10 * HOUR) / 60_000) * 60_000).toISOString().replace(':00.000Z', 'Z');
    const untilTonight = await ask(h, h.ada, h.lab, `extend both until ${target}`);
    expect(buttonTitles(untilTonight)[0]).toMatch(/^Extend all to /);
    const partly = seenCard(await click(h, h.ada, untilTonight, 'extend_all'));
    await load();
    const tonight = due(1);
    expect(partly.heading).toBe('Extended 1 booking');
    expect(partly.texts.slice(1)).toEqual([expect.stringMatching(/^lab-1 is yours until /), expect.stringMatching(/^lab-2 is already booked until .*, so there is nothing to extend\.$/)]);
    expect(due(2)).toBe(before2 + 2 * HOUR);
    expect(tonight).toBe(Date.parse(target));

    // One booking only: nothing to extend all of (the plain card); Linus pressing Ada's button extends his own.
    expect(buttonTitles(await ask(h, h.linus, h.lab, 'extend all my bookings by 2 hours'))[0]).toBe('Extend 2 hours');
    expect(seenCard(await click(h, h.linus, mine, 'extend_all')).heading).toBe('Extended 1 booking');
    await load();
    expect(due(3)).toBe(before3 + 2 * HOUR);
    expect([due(1), due(2)]).toEqual([tonight, before2 + 2 * HOUR]);
  });
});

describe('released by mistake', () => {
  it('Book it again on the released card opens the form filled in as the booking was; one press takes it back', async () => {
    const ada = { email: 'ada@example.com', name: 'Ada Ops' };
    h = await startHarness({ testbeds: [booking(1, 'lab-1', ada, 'soak test')] });
    const due = Date.parse((await h.readTestbeds())[0].expected_release_time!);
    const released = await click(h, h.ada, await ask(h, h.ada, h.lab, 'release lab-1'), 'release_submit');
    expect(seenCard(released).heading).toBe('Released: lab-1');
    expect(buttonTitles(released)).toEqual(['Status', 'Book it again', 'Menu']);
    const form = await click(h, h.ada, released, 'register');
    expect(input(form, 'testbed_id').value).toBe('1');
    expect(input(form, 'purpose').value).toBe('soak test');
    expect(input(form, 'release_choice').value).toBe('custom');
    expect(input(form, 'release_time').value).toBe(new Date(due).toISOString().slice(11, 16));
    const booked = await click(h, h.ada, form, 'register_submit');
    expect(seenCard(booked).heading).toBe('Booked: lab-1');
    const record = (await h.readTestbeds())[0];
    expect(record).toMatchObject({ status: 'in_use', user_email: ada.email, purpose: 'soak test' });
    // The form reads the time to the minute.
    expect(Math.abs(Date.parse(record.expected_release_time!) - due)).toBeLessThan(60_000);
  });
});

describe('in the 1:1 room, where the reminders arrive', () => {
  it('the holder types about their own booking there and its buttons work there; somebody holding nothing learns nothing of the lab', async () => {
    const ada = { email: 'ada@example.com', name: 'Ada Ops' };
    h = await startHarness({ testbeds: [booking(1, 'lab-1', ada, 'soak test'), booking(2, 'lab-2', { email: 'grace@example.com', name: 'Grace Hopper' }, 'fuzzing')] });
    const adaRoom = h.emu.directRoom(h.ada.id, h.bot.id);
    expect(h.lab.id).not.toBe(adaRoom.id);

    const mine = await ask(h, h.ada, adaRoom, 'extend lab-1 by 2 hours');
    expect(seenCard(mine).heading).toBe('Your bookings');
    // Only the buttons that work in a 1:1 room.
    expect(buttonTitles(mine)).toEqual(['Extend 2 hours', 'Extend 1 day', 'Release']);
    const due = Date.parse((await h.readTestbeds())[0].expected_release_time!);
    const extended = await click(h, h.ada, mine, 'extend');
    expect(seenCard(extended).heading).toBe('Extended: lab-1');
    expect(Date.parse((await h.readTestbeds())[0].expected_release_time!)).toBe(due + 2 * HOUR);

    const form = await ask(h, h.ada, adaRoom, 'purpose lab-1 bisecting');
    expect(buttonTitles(form)).toEqual(['Save purpose']);
    const saved = await click(h, h.ada, form, 'change_purpose');
    expect(seenCard(saved).heading).toBe('New purpose: lab-1');
    expect((await h.readTestbeds())[0].purpose).toBe('bisecting');

    // A form opened there is closed by typing cancel (its Cancel button is not sent there).
    await ask(h, h.ada, adaRoom, 'purpose lab-1');
    const cancelled = await ask(h, h.ada, adaRoom, 'cancel');
    expect(seenCard(cancelled).texts).toEqual(['Cancelled. Nothing was changed.']);
    expect(buttonTitles(cancelled)).toEqual([]);

    // Ada asking about Grace's booking there hears nothing of it but that it is not hers.
    const notHers = await ask(h, h.ada, adaRoom, 'purpose lab-2 mine now');
    expect(seenCard(notHers).texts).toContain('You do not hold lab-2.');

    // Linus holds nothing: his bookings are none, and status stays a lab-room command.
    const linusRoom = h.emu.directRoom(h.linus.id, h.bot.id);
    const none = await ask(h, h.linus, linusRoom, 'mine');
    expect(seenCard(none).texts).toEqual(['Your bookings', 'You hold no testbeds right now.']);
    expect(buttonTitles(none)).toEqual([]);
    const status = await ask(h, h.linus, linusRoom, 'status');
    expect(seenCard(status).texts[0]).toMatch(/^I answer commands in the lab’s rooms/);
  });
});

describe('handing a booking to a colleague', () => {
  it('typed by the holder: the card names who the platform found, one press hands it over, and the colleague is told', async () => {
    const ada = { email: 'ada@example.com', name: 'Ada Ops' };
    h = await startHarness({ testbeds: [booking(1, 'lab-1', ada, 'soak test')] });
    await ask(h, h.linus, h.lab, 'wait lab-1');
    expect(await queueOf(1)).toEqual(['linus@example.com']);

    const nobody = await ask(h, h.ada, h.lab, 'give lab-1 to Zebrafalcon');
    expect(seenCard(nobody).texts.slice(1)).toEqual(['I could not find anybody called “Zebrafalcon”. Type their email instead: give lab-1 to name@example.com.']);

    // Said of her one booking without its name: the same card for lab-1.
    expect(seenCard(await ask(h, h.ada, h.lab, 'give my testbed to Linus')).heading).toBe('Hand lab-1 over?');
    expect(seenCard(await ask(h, h.ada, h.lab, 'give it to Linus')).heading).toBe('Hand lab-1 over?');
    const card = await ask(h, h.ada, h.lab, 'hand lab-1 over to Linus');
    expect(seenCard(card).heading).toBe('Hand lab-1 over?');
    expect(seenCard(card).texts[1]).toMatch(/^Linus Lab \(linus@example\.com\) will hold lab-1 from now on\. Expected release: /);
    expect(buttonTitles(card)).toEqual(['Hand over', 'Cancel']);

    const linusRoom = h.emu.directRoom(h.linus.id, h.bot.id);
    const since = h.emu.messageCount();
    const handed = await click(h, h.ada, card, 'hand_over');
    expect(seenCard(handed).heading).toBe('Handed over: lab-1');
    const record = (await h.readTestbeds())[0];
    expect(record).toMatchObject({ status: 'in_use', user_email: 'linus@example.com', user_name: 'Linus Lab', purpose: 'soak test' });
    expect((await historyLines()).filter((line) => line.event === 'handed_over')).toEqual([
      expect.objectContaining({ testbed_id: 1, by: ada, holder: ada, to: { email: 'linus@example.com', name: 'Linus Lab' } }),
    ]);
    const told = await h.emu.waitForMessage((m) => m.roomId === linusRoom.id && m.personId === h.bot.id, { since, timeoutMs: 10_000 });
    expect(seenCard(told).heading).toBe('lab-1 is yours now');
    expect(seenCard(told).texts[1]).toBe('Ada Ops handed lab-1 over to you.');
    expect(buttonTitles(told)).toEqual(['Extend 1 hour', 'Extend 1 day', 'Release now']);
    // Linus holds it now, so he is no longer waiting for it (he was, before).
    expect(await queueOf(1)).toEqual([]);

    // The same press again, by Ada who no longer holds it: nothing changes.
    const again = await click(h, h.ada, card, 'hand_over');
    expect(seenCard(again).texts).toEqual(['Nothing was changed', 'Only the holder can do that, and lab-1 is held by Linus Lab.']);
    // Ada cannot give away what she does not hold.
    const notHers = await ask(h, h.ada, h.lab, 'give lab-1 to linus@example.com');
    expect(seenCard(notHers).texts.slice(1)).toEqual(['You do not hold lab-1, so it is not yours to hand over. Only its holder can.']);
    expect(seenCard(await ask(h, h.ada, h.lab, 'give my testbed to Linus')).texts).toContain('You hold no testbed right now, so there is nothing to hand over. Type mine to see your bookings.');
  });

  it('every booking at once (`give all my testbeds to Linus`): the card lists them, one press hands each over, and Linus is told of each', async () => {
    const ada = { email: 'ada@example.com', name: 'Ada Ops' };
    const grace = { email: 'grace@example.com', name: 'Grace Hopper' };
    h = await startHarness({ testbeds: [booking(1, 'lab-1', ada, 'soak'), booking(2, 'lab-2', grace, 'other'), booking(3, 'lab-3', ada, 'firmware')] });

    expect(seenCard(await ask(h, h.ada, h.lab, 'give all my testbeds to Zebrafalcon')).texts.slice(1)).toEqual([
      'I could not find anybody called “Zebrafalcon”. Type their email instead: give all my testbeds to name@example.com.',
    ]);
    const card = await ask(h, h.ada, h.lab, 'hand everything over to Linus');
    const seen = seenCard(card);
    expect(seen.heading).toBe('Hand 2 bookings over?');
    expect(seen.texts.slice(1, 4)).toEqual([
      'Linus Lab (linus@example.com) will hold each of them from now on:',
      expect.stringMatching(/^lab-1 · Expected release: /),
      expect.stringMatching(/^lab-3 · Expected release: /),
    ]);
    expect(buttonTitles(card)).toEqual(['Hand all over', 'Cancel']);

    const linusRoom = h.emu.directRoom(h.linus.id, h.bot.id);
    const since = h.emu.messageCount();
    const handed = seenCard(await click(h, h.ada, card, 'hand_over_all'));
    expect(handed.heading).toBe('Handed over 2 bookings');
    expect(handed.texts[1]).toBe('Linus Lab holds lab-1, lab-3 now. I told them, and the reminders go to them.');
    const holders = (await h.readTestbeds()).map((record) => [record.testbed_name, record.user_email, record.purpose]);
    expect(holders).toEqual([['lab-1', 'linus@example.com', 'soak'], ['lab-2', 'grace@example.com', 'other'], ['lab-3', 'linus@example.com', 'firmware']]);
    await h.emu.waitForMessage((m) => m.roomId === linusRoom.id && m.personId === h.bot.id && seenCard(m).heading === 'lab-3 is yours now', { since, timeoutMs: 10_000 });
    // Linus had no 1:1 messages before: these are all of them.
    const told = h.emu.messages({ roomId: linusRoom.id, personId: h.bot.id }).map((m) => seenCard(m).heading);
    expect(told).toEqual(['lab-1 is yours now', 'lab-3 is yours now']);

    // Pressed again, with nothing left to hand over: nothing changes.
    expect(seenCard(await click(h, h.ada, card, 'hand_over_all')).texts).toEqual(['Nothing to hand over', 'You hold no testbeds right now. Nothing was changed.']);
    expect(seenCard(await ask(h, h.ada, h.lab, 'give both to Linus')).texts.slice(1)).toEqual(['You hold no testbeds right now.']);
  });
});

describe('an admin extending somebody else’s booking', () => {
  it('`extend lab-1 by 2 hours` typed by an admin offers Extend theirs; one press extends it, the holder is told, anybody else is refused', async () => {
    const linus = { email: 'linus@example.com', name: 'Linus Lab' };
    h = await startHarness({ env: { ADMINS: 'ada@example.com' }, testbeds: [booking(1, 'lab-1', linus, 'soak test'), availableTestbed(2, 'lab-2')] });
    const before = Date.parse((await h.readTestbeds())[0].expected_release_time!);

    const card = await ask(h, h.ada, h.lab, 'extend lab-1 by 2 hours');
    expect(seenCard(card).texts[1]).toMatch(/^You do not hold lab-1: Linus Lab holds it; expected release: /);
    expect(seenCard(card).texts[2]).toBe('As an admin, you may extend Linus Lab’s booking of lab-1; they get a message saying you did.');
    expect(buttonTitles(card)).toEqual(['Extend theirs by 2 hours', 'Status', 'Menu']);

    const linusRoom = h.emu.directRoom(h.linus.id, h.bot.id);
    const since = h.emu.messageCount();
    const done = seenCard(await click(h, h.ada, card, 'admin_extend'));
    expect(done.heading).toBe('Extended: lab-1');
    expect(done.texts[1]).toBe('Linus Lab gets a direct message saying you extended their booking.');
    expect(done.facts['Held by']).toBe('Linus Lab (linus@example.com)');
    const record = (await h.readTestbeds())[0];
    expect(record).toMatchObject({ user_email: linus.email, purpose: 'soak test' });
    expect(Date.parse(record.expected_release_time!) - before).toBe(2 * HOUR);
    expect((await historyLines()).filter((line) => line.event === 'extended')).toEqual([
      expect.objectContaining({ testbed_id: 1, by: { email: 'ada@example.com', name: 'Ada Ops' }, holder: linus, expected_release_time: record.expected_release_time }),
    ]);
    const told = await h.emu.waitForMessage((m) => m.roomId === linusRoom.id && m.personId === h.bot.id, { since, timeoutMs: 10_000 });
    expect(seenCard(told).heading).toBe('lab-1 was extended by an admin');
    expect(seenCard(told).texts[1]).toMatch(/^Ada Ops extended your booking of lab-1; it was due /);
    expect(buttonTitles(told)).toEqual(['Extend 1 hour', 'Extend 1 day', 'Release now']);

    // Linus is no admin: pressing the same button changes nothing.
    expect(seenCard(await click(h, h.linus, card, 'admin_extend')).heading).toBe('For the lab’s admins');
    expect((await h.readTestbeds())[0].expected_release_time).toBe(record.expected_release_time);

    // Handed back and booked by somebody else meanwhile: the old button extends nobody's booking.
    await click(h, h.linus, await ask(h, h.linus, h.lab, 'release lab-1'), 'release_submit');
    const late = seenCard(await click(h, h.ada, card, 'admin_extend'));
    expect(late.texts).toEqual(['Nothing was changed', 'lab-1 is not booked any more, so there is no booking to extend.']);
  });
});

describe('an admin extending every booking of one person', () => {
  it('`extend Linus’s bookings by 2 hours` with two of his: Extend all of theirs for an admin, his bookings as status shows them for anybody else', async () => {
    const linus = { email: 'linus@example.com', name: 'Linus Lab' };
    const grace = { email: 'grace@example.com', name: 'Grace Hopper' };
    h = await startHarness({
      env: { ADMINS: 'ada@example.com' },
      testbeds: [booking(1, 'lab-1', linus, 'soak'), booking(2, 'lab-2', linus, 'soak'), booking(4, 'lab-4', grace, 'demo'), booking(5, 'lab-5', grace, 'demo')],
    });
    const before = (await h.readTestbeds()).map((record) => Date.parse(record.expected_release_time ?? ''));

    const card = await ask(h, h.ada, h.lab, "extend Linus's bookings by 2 hours");
    expect(seenCard(card).heading).toBe('Linus Lab’s bookings');
    expect(seenCard(card).texts.at(-1)).toBe('As an admin, you may extend all 2 of Linus Lab’s bookings at once; they get a message for each.');
    expect(buttonTitles(card)).toEqual(['Extend all of theirs by 2 hours', 'Status', 'Cancel']);

    const linusRoom = h.emu.directRoom(h.linus.id, h.bot.id);
    const since = h.emu.messageCount();
    const done = seenCard(await click(h, h.ada, card, 'admin_extend_all'));
    expect(done.heading).toBe('Extended 2 bookings of Linus Lab');
    const after = (await h.readTestbeds()).map((record) => Date.parse(record.expected_release_time ?? ''));
    expect(after.slice(0, 2).map((at, index) => at - before[index])).toEqual([2 * HOUR, 2 * HOUR]);
    expect((await historyLines()).filter((line) => line.event === 'extended').map((line) => [line.testbed_id, line.holder])).toEqual([
      [1, linus],
      [2, linus],
    ]);
    await h.emu.waitForMessage((m) => m.roomId === linusRoom.id && m.personId === h.bot.id && seenCard(m).heading === 'lab-2 was extended by an admin', { since, timeoutMs: 10_000 });
    expect(h.emu.messages({ roomId: linusRoom.id, personId: h.bot.id }).map((m) => seenCard(m).heading)).toEqual(['lab-1 was extended by an admin', 'lab-2 was extended by an admin']);

    // Linus is no admin: the button changes nothing, and the words show his bookings as status does.
    expect(seenCard(await click(h, h.linus, card, 'admin_extend_all')).heading).toBe('For the lab’s admins');
    const asked = await ask(h, h.linus, h.lab, "extend Grace's bookings by 2 hours");
    expect(seenCard(asked).heading).toBe('Testbed status');
    expect(seenCard(asked).texts[1]).toMatch(/^Held by Grace Hopper · As of /);
    expect(cardActions(asked)).not.toContain('admin_extend_all');
    expect((await h.readTestbeds()).map((record) => Date.parse(record.expected_release_time ?? ''))).toEqual(after);
  });
});

describe('an admin handing somebody else’s booking over', () => {
  it('`give lab-1 to ada@example.com` typed by an admin: the card says whose it is, one press hands it over, both are told', async () => {
    const linus = { email: 'linus@example.com', name: 'Linus Lab' };
    h = await startHarness({ env: { ADMINS: 'ada@example.com' }, testbeds: [booking(1, 'lab-1', linus, 'soak test'), availableTestbed(2, 'lab-2')] });
    const before = (await h.readTestbeds())[0];

    const card = await ask(h, h.ada, h.lab, 'give lab-1 to ada@example.com');
    expect(seenCard(card).heading).toBe('Hand lab-1 over for Linus Lab?');
    expect(seenCard(card).texts[1]).toMatch(/^Ada Ops \(ada@example\.com\) will hold lab-1 from now on, instead of Linus Lab\. Expected release: /);
    expect(buttonTitles(card)).toEqual(['Hand over for them', 'Cancel']);

    const adaRoom = h.emu.directRoom(h.ada.id, h.bot.id);
    const linusRoom = h.emu.directRoom(h.linus.id, h.bot.id);
    const since = h.emu.messageCount();
    const adaHad = h.emu.messages({ roomId: adaRoom.id }).length;
    const done = seenCard(await click(h, h.ada, card, 'admin_hand_over'));
    expect(done.heading).toBe('Handed over: lab-1');
    expect(done.texts[1]).toBe('Ada Ops holds it now, with its purpose and expected release. Linus Lab gets a direct message saying you did.');
    expect(done.facts['Was held by']).toBe('Linus Lab (linus@example.com)');
    expect(done.facts['Now held by']).toBe('Ada Ops (ada@example.com)');
    expect((await h.readTestbeds())[0]).toMatchObject({ user_email: 'ada@example.com', user_name: 'Ada Ops', purpose: 'soak test', expected_release_time: before.expected_release_time });
    expect((await historyLines()).filter((line) => line.event === 'handed_over')).toEqual([
      expect.objectContaining({ testbed_id: 1, by: { email: 'ada@example.com', name: 'Ada Ops' }, holder: linus, to: { email: 'ada@example.com', name: 'Ada Ops' } }),
    ]);
    const toLinus = await h.emu.waitForMessage((m) => m.roomId === linusRoom.id && m.personId === h.bot.id, { since, timeoutMs: 10_000 });
    expect(seenCard(toLinus).heading).toBe('lab-1 was handed over by an admin');
    expect(seenCard(toLinus).texts[1]).toBe('Ada Ops handed your booking of lab-1 over to Ada Ops, who holds it now.');
    // Ada took it over herself: the answer says so, and her 1:1 room gets no second word of it (it would come before Linus's).
    expect(h.emu.messages({ roomId: adaRoom.id })).toHaveLength(adaHad);

    // Pressed again: the booking is Ada's now, not Linus's, so nothing changes; Linus, no admin, is refused outright.
    expect(seenCard(await click(h, h.ada, card, 'admin_hand_over')).texts[1]).toBe(
      'lab-1 changed hands meanwhile: Ada Ops holds it now, so nothing was handed over. Type give lab-1 to and the colleague again to hand over their booking.',
    );
    expect(seenCard(await click(h, h.linus, card, 'admin_hand_over')).heading).toBe('For the lab’s admins');
    expect((await h.readTestbeds())[0]).toMatchObject({ user_email: 'ada@example.com' });
  });
});

describe('booking for a colleague', () => {
  it('`book lab-2 for Linus for 3 hours for the soak`: the form is for Linus, one press books it in his name, and he is told', async () => {
    const ada = { email: 'ada@example.com', name: 'Ada Ops' };
    const linus = { email: 'linus@example.com', name: 'Linus Lab' };
    h = await startHarness({ testbeds: [availableTestbed(1, 'lab-1'), availableTestbed(2, 'lab-2')] });

    const form = await ask(h, h.ada, h.lab, 'book lab-2 for Linus for 3 hours for the soak');
    expect(seenCard(form).heading).toBe('Register a testbed for Linus Lab');
    expect(seenCard(form).texts[1]).toBe('Linus Lab (linus@example.com) will hold it and get a message saying you booked it for them; the reminders go to them.');
    expect(input(form, 'testbed_id').value).toBe('2');
    expect(input(form, 'purpose').value).toBe('the soak');
    expect(input(form, 'release_choice').value).toBe('custom');
    expect(buttonTitles(form)).toEqual(['Register for Linus', 'Register for me', 'Cancel']);

    const linusRoom = h.emu.directRoom(h.linus.id, h.bot.id);
    const since = h.emu.messageCount();
    const pressedAt = Date.now();
    const booked = await click(h, h.ada, form, 'Register for Linus');
    expect(seenCard(booked).heading).toBe('Booked for Linus Lab: lab-2');
    expect(seenCard(booked).texts[1]).toBe('Linus Lab holds it now, not you: they have a message saying you booked it for them, and the reminders go to them.');
    const record = (await h.readTestbeds()).find((candidate) => candidate.id === 2);
    expect(record).toMatchObject({ status: 'in_use', user_email: linus.email, user_name: linus.name, purpose: 'the soak' });
    // Until the minute the form showed, three hours on from when it was typed.
    expect(Math.abs(Date.parse(record?.expected_release_time ?? '') - (pressedAt + 3 * HOUR))).toBeLessThan(2 * 60_000);
    expect((await historyLines()).filter((line) => line.event === 'registered')).toEqual([
      expect.objectContaining({ testbed_id: 2, by: ada, holder: linus, purpose: 'the soak', via: 'chat' }),
    ]);
    const told = await h.emu.waitForMessage((m) => m.roomId === linusRoom.id && m.personId === h.bot.id, { since, timeoutMs: 10_000 });
    expect(seenCard(told).heading).toBe('lab-2 is booked for you');
    expect(seenCard(told).texts[1]).toBe('Ada Ops booked lab-2 for you; it is yours now.');
    expect(buttonTitles(told)).toEqual(['Extend 1 hour', 'Extend 1 day', 'Release now']);
    // Who booked it for him, in the testbed's history.
    const history = seenCard(await ask(h, h.linus, h.lab, 'history lab-2')).texts;
    expect(history.slice(history.indexOf('Now: Linus Lab'), history.indexOf('Now: Linus Lab') + 3)).toEqual(['Now: Linus Lab', expect.stringMatching(/^Since /), 'Booked by Ada Ops']);
    // It is his: Release now in his 1:1 room frees it.
    const released = await click(h, h.linus, told, 'Release now');
    expect(seenCard(released).heading).toBe('Released: lab-2');
    expect((await h.readTestbeds()).find((candidate) => candidate.id === 2)).toMatchObject({ status: 'available' });
  });

  it('words that name nobody stay the purpose; said plainly, the form says so; oneself, several people, an email, a booking one holds', async () => {
    h = await startHarness({ testbeds: [availableTestbed(1, 'lab-1'), availableTestbed(2, 'lab-2')] });
    const plain = async (text: string) => {
      const form = await ask(h, h.ada, h.lab, text);
      expect(seenCard(form).heading).toBe('Register a testbed');
      expect(buttonTitles(form)).toEqual(['Register', 'Cancel']);
      return form;
    };
    expect(input(await plain('book lab-1 for testing'), 'purpose').value).toBe('testing');
    expect(input(await plain('book lab-1 for Zebrafalcon'), 'purpose').value).toBe('Zebrafalcon');
    const unknown = await plain('book lab-1 on behalf of Zebrafalcon');
    expect(seenCard(unknown).texts[2]).toBe(
      'I could not find anybody called “Zebrafalcon”, so this form books for you. To book for a colleague, type book and their email: book lab-1 for name@example.com.',
    );
    expect(input(unknown, 'purpose').value).toBeUndefined();
    // Her own name is her own booking, and not its purpose.
    const own = await plain('book lab-1 for Ada for 2 hours');
    expect(input(own, 'purpose').value).toBeUndefined();
    expect(input(own, 'release_choice').value).toBe('custom');

    h.emu.createPerson({ displayName: 'Linus Torvalds', email: 'torvalds@example.com' });
    expect(input(await plain('book lab-1 for Linus'), 'purpose').value).toBe('Linus');
    expect(seenCard(await plain('book lab-1 on behalf of Linus')).texts[2]).toBe(
      'Several people go by “Linus”, so this form books for you. To book for one of them, type book and their email: book lab-1 for linus@example.com.',
    );
    const needs = await ask(h, h.ada, h.lab, 'Linus Torvalds needs lab-1 until 5pm');
    expect(seenCard(needs).heading).toBe('Register a testbed for Linus Torvalds');
    expect(input(needs, 'release_time').value).toBe('17:00');
    const byEmail = await ask(h, h.ada, h.lab, 'book lab-1 for torvalds@example.com');
    expect(seenCard(byEmail).heading).toBe('Register a testbed for Linus Torvalds');
    expect(buttonTitles(byEmail)).toEqual(['Register for Linus', 'Register for me', 'Cancel']);

    // Her own booking is hers to give, not to book again.
    await click(h, h.ada, await ask(h, h.ada, h.lab, 'book lab-1 for the soak'), 'register_submit', { release_choice: '4h' });
    expect(seenCard(await ask(h, h.ada, h.lab, 'book lab-1 for Linus Lab')).texts.slice(1)).toEqual([
      'You hold lab-1 already. To let Linus Lab have it, type give lab-1 to linus@example.com.',
    ]);
  });

  it('a form sent back keeps its colleague; a colleague the platform no longer knows books nothing', async () => {
    h = await startHarness({ testbeds: [availableTestbed(1, 'lab-1')] });
    const form = await ask(h, h.ada, h.lab, 'book lab-1 for Linus');
    const raw = (inputs: Record<string, string>) => {
      const since = h.emu.messageCount();
      h.emu.submitRaw({ personId: h.ada.id, messageId: form.id, inputs: { action: 'register_submit', testbed_id: '1', release_choice: '4h', ...inputs } });
      return h.emu.waitForMessage((m) => m.roomId === h.lab.id && m.personId === h.bot.id, { since, timeoutMs: 10_000 });
    };
    const back = await raw({ purpose: '', for_email: 'linus@example.com', for_name: 'Linus Lab' });
    expect(seenCard(back).heading).toBe('Register a testbed for Linus Lab');
    expect(buttonTitles(back)).toEqual(['Register for Linus', 'Register for me', 'Cancel']);

    const gone = await raw({ purpose: 'soak', for_email: 'nobody@example.com', for_name: 'Nobody' });
    expect(seenCard(gone).texts.slice(1)).toEqual(['I could not find the colleague this booking was for any more, so nothing was booked. Type book and their email to try again.']);
    const unreadable = await raw({ purpose: 'soak', for_email: 'not an email' });
    expect(seenCard(unreadable).texts.slice(1)).toEqual(['The colleague this booking is for could not be read: type book, the testbed and their email again. Nothing was changed.']);
    expect((await h.readTestbeds())[0]).toMatchObject({ status: 'available' });
    expect((await historyLines()).filter((line) => line.event === 'registered')).toEqual([]);
  });

  it('a booking a colleague made for Linus is his to book again; it is not hers', async () => {
    h = await startHarness({ testbeds: [availableTestbed(1, 'lab-1'), availableTestbed(2, 'lab-2')] });
    await click(h, h.ada, await ask(h, h.ada, h.lab, 'book lab-2 for Linus for 2 hours for the radio soak'), 'Register for Linus');
    expect(seenCard(await click(h, h.linus, await ask(h, h.linus, h.lab, 'release lab-2'), 'release_submit')).heading).toBe('Released: lab-2');
    const day = new Date().toISOString().slice(0, 10);
    const his = await ask(h, h.linus, h.lab, 'book again');
    expect(seenCard(his).texts).toContain(`As your booking of lab-2 on ${day}: 2 h, for “the radio soak”.`);
    expect(input(his, 'testbed_id').value).toBe('2');
    expect(seenCard(await ask(h, h.ada, h.lab, 'book again')).texts).toContain('I found no booking of yours in the last 30 days to book again, so nothing more is filled in.');
  });
});

describe('a new end said as a change, and running late', () => {
  it('`change my release time to <an hour from now>` offers Done by; `running late, need another hour` offers Extend 1 hour and one press extends', async () => {
    const ada = { email: 'ada@example.com', name: 'Ada Ops' };
    h = await startHarness({ testbeds: [booking(1, 'lab-1', ada, 'soak test')] });
    const clock = (at: number) => new Date(at).toISOString().slice(11, 16);
    const sooner = await ask(h, h.ada, h.lab, `change my release time to ${clock(Date.now() + HOUR)}`);
    expect(seenCard(sooner).heading).toBe('Your bookings');
    expect(buttonTitles(sooner)[0]).toMatch(/^Done by (?:\d{2}:\d{2}|\d{4}-\d{2}-\d{2} \d{2}:\d{2}) UTC$/);

    const due = Date.parse((await h.readTestbeds())[0].expected_release_time!);
    const late = await ask(h, h.ada, h.lab, 'running late, need another hour');
    expect(seenCard(late).heading).toBe('Your bookings');
    expect(buttonTitles(late)[0]).toBe('Extend 1 hour');
    expect(seenCard(await click(h, h.ada, late, 'extend')).heading).toBe('Extended: lab-1');
    expect(Date.parse((await h.readTestbeds())[0].expected_release_time!)).toBe(due + HOUR);
  });
});

describe('more time asked with a reason, and a question with more after it', () => {
  it('`extend lab-1 2h for the soak` offers Extend 2 hours on lab-1 and one press extends; `is lab-2 free? need it for a demo` is its status', async () => {
    const ada = { email: 'ada@example.com', name: 'Ada Ops' };
    h = await startHarness({ testbeds: [booking(1, 'lab-1', ada, 'soak test'), availableTestbed(2, 'lab-2')] });
    const due = Date.parse((await h.readTestbeds())[0].expected_release_time!);
    const asked = await ask(h, h.ada, h.lab, 'extend lab-1 2h for the soak');
    expect(seenCard(asked).heading).toBe('Your bookings');
    expect(buttonTitles(asked)[0]).toBe('Extend 2 hours');
    expect(seenCard(await click(h, h.ada, asked, 'extend')).heading).toBe('Extended: lab-1');
    expect(Date.parse((await h.readTestbeds())[0].expected_release_time!)).toBe(due + 2 * HOUR);

    const status = await ask(h, h.linus, h.lab, 'is lab-2 free? need it for a demo');
    expect(seenCard(status).heading).toBe('Testbed status');
    expect(seenCard(status).texts[2]).toBe('● lab-2 · Available');
    expect(buttonTitles(status)[0]).toBe('Register');
  });
});
