/**
 * Moving a booking to another testbed, end to end over the emulator: typed in the lab room, the card says what one
 * press will do; the press books the other testbed with the booking's purpose and expected release, then releases
 * the first to whoever waits for it (on disk and in the history). A testbed taken meanwhile changes nothing; only
 * the holder's press moves a booking; holding several, the person chooses which one.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TestbedRecord } from '../../src/domain.js';
import { ask, availableTestbed, buttonTitles, click, seenCard, startHarness, type Harness } from '../support/harness.js';
import { input } from '../support/form-card.js';
import { unLookAlike } from '../support/rendered-text.js';
import { inUse } from '../fixtures/flows/records.js';

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();
const ada = { email: 'ada@example.com', name: 'Ada Ops' };
const linus = { email: 'linus@example.com', name: 'Linus Lab' };
const due = iso(Math.floor((Date.now() + 4 * HOUR) / 60_000) * 60_000);

/** A booking of lab-N by `who`, made an hour ago and due in four. */
const booking = (id: number, who: { email: string; name: string }, purpose: string): TestbedRecord =>
  inUse(id, who, { name: `lab-${id}`, purpose, since: iso(Date.now() - HOUR), until: due });

let h: Harness;
afterEach(async () => {
  await h?.close();
});

async function historyLines(): Promise<Array<Record<string, unknown>>> {
  const text = await readFile(join(h.dir, 'history.jsonl'), 'utf8').catch(() => '');
  return text.split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);
}

const byId = async (id: number) => (await h.readTestbeds()).find((record) => record.id === id);

describe('switching a booking to another testbed', () => {
  it('one press books the other testbed as the booking was and releases the first to the person waiting for it', async () => {
    h = await startHarness({ testbeds: [booking(1, ada, 'soak test'), availableTestbed(2, 'lab-2')] });
    await ask(h, h.linus, h.lab, 'wait lab-1');

    const card = await ask(h, h.ada, h.lab, 'switch to lab-2');
    expect(seenCard(card).heading).toBe('Switch lab-1 to lab-2?');
    expect(seenCard(card).texts.slice(1, 3)).toEqual([expect.stringMatching(/^You will hold lab-2 instead, until .+ as now\.$/), 'Purpose: soak test']);
    expect(seenCard(card).texts[3]).toBe('lab-1 is released at the same time. 1 person is waiting for it. The first of them is offered it.');
    expect(buttonTitles(card)).toEqual(['Switch to lab-2', 'Cancel']);
    // Nothing is changed before the press.
    expect(await byId(2)).toMatchObject({ status: 'available' });

    const linusRoom = h.emu.directRoom(h.linus.id, h.bot.id);
    const since = h.emu.messageCount();
    const switched = await click(h, h.ada, card, 'switch');
    expect(seenCard(switched).heading).toBe('Switched to lab-2');
    expect(seenCard(switched).texts.slice(1)).toEqual([
      expect.stringMatching(/^You hold lab-2 now, until /),
      'Purpose: soak test',
      'lab-1 is released and offered to Linus Lab, first in its queue.',
    ]);
    expect(buttonTitles(switched)).toEqual(['Mine']);
    expect(await byId(2)).toMatchObject({ status: 'in_use', user_email: ada.email, purpose: 'soak test', expected_release_time: due });
    expect(await byId(1)).toMatchObject({ status: 'available', user_email: null });
    const lines = (await historyLines()).filter((line) => line.event === 'registered' || line.event === 'released');
    expect(lines).toEqual([expect.objectContaining({ event: 'registered', testbed_id: 2 }), expect.objectContaining({ event: 'released', testbed_id: 1 })]);
    const offer = await h.emu.waitForMessage((m) => m.roomId === linusRoom.id && m.personId === h.bot.id, { since, timeoutMs: 10_000 });
    expect(seenCard(offer).heading).toBe('lab-1 is free: it is yours if you want it');

    // The same press again: lab-1 is no longer hers, and nothing changes.
    const again = await click(h, h.ada, card, 'switch');
    expect(seenCard(again).texts).toEqual(['Nothing was changed', 'Only the holder can do that, and lab-1 is not booked any more.']);
    expect(await byId(2)).toMatchObject({ user_email: ada.email });
  });

  it('a testbed taken in the meantime changes nothing; somebody else pressing the card is refused', async () => {
    h = await startHarness({ testbeds: [booking(1, ada, 'soak test'), availableTestbed(2, 'lab-2'), booking(3, linus, 'demo')] });
    const taken = await ask(h, h.ada, h.lab, 'swap lab-1 for lab-3');
    expect(seenCard(taken).heading).toBe('lab-3 cannot be booked now');
    expect(seenCard(taken).texts.slice(1)).toEqual([expect.stringMatching(/^lab-3 is taken: Linus Lab holds it; expected release: .+\. You keep lab-1\.$/), 'Nothing was changed.']);
    expect(buttonTitles(taken)).toEqual(['Notify me when free', 'Menu']);

    const card = await ask(h, h.ada, h.lab, 'move my booking to lab-2');
    expect(buttonTitles(card)).toEqual(['Switch to lab-2', 'Cancel']);
    const refused = await click(h, h.linus, card, 'switch');
    expect(seenCard(refused).texts).toEqual(['Nothing was changed', 'Only the holder can do that, and lab-1 is held by Ada Ops.']);

    const form = await ask(h, h.linus, h.lab, 'book lab-2');
    await click(h, h.linus, form, 'register_submit', { testbed_id: '2', purpose: 'bisect', release_choice: '1h' });
    expect(await byId(2)).toMatchObject({ user_email: linus.email });
    const late = await click(h, h.ada, card, 'switch');
    expect(seenCard(late).texts).toEqual(['Nothing was changed', expect.stringMatching(/^lab-2 is taken: Linus Lab holds it; expected release: /), 'You still hold lab-1.']);
    expect(buttonTitles(late)).toEqual(['Notify me when free']);
    expect(await byId(1)).toMatchObject({ status: 'in_use', user_email: ada.email, purpose: 'soak test' });
  });

  it('a time typed with it sets the new expected release; a press carrying a time passed or too far changes nothing', async () => {
    h = await startHarness({ testbeds: [booking(1, ada, 'soak test'), availableTestbed(2, 'lab-2')] });
    const card = await ask(h, h.ada, h.lab, 'release lab-1 and book lab-2 for 3 hours');
    expect(seenCard(card).texts[1]).toMatch(/^You will hold lab-2 instead, until .+ \(in 3 h\)\.$/);
    for (const until of [iso(Date.now() - HOUR), iso(Date.now() + 100 * 24 * HOUR)]) {
      const since = h.emu.messageCount();
      h.emu.submitRaw({ personId: h.ada.id, messageId: card.id, inputs: { action: 'switch', testbed_id: '1', to_testbed_id: '2', until } });
      const refused = await h.emu.waitForMessage((m) => m.roomId === h.lab.id && m.personId === h.bot.id, { since, timeoutMs: 10_000 });
      expect(seenCard(refused).texts[0]).toBe('Nothing was changed');
    }
    expect(await byId(2)).toMatchObject({ status: 'available' });
    const switched = await click(h, h.ada, card, 'switch');
    expect(seenCard(switched).heading).toBe('Switched to lab-2');
    const booked = await byId(2);
    const hours = (Date.parse(booked?.expected_release_time ?? '') - Date.now()) / HOUR;
    expect(hours).toBeGreaterThan(2.9);
    expect(hours).toBeLessThanOrEqual(3);
    expect(booked).toMatchObject({ user_email: ada.email, purpose: 'soak test' });

    // Back, with a new purpose: the booking runs on as it is, for the purpose typed.
    const back = await ask(h, h.ada, h.lab, 'switch to lab-1 for the firmware **bisect**');
    expect(seenCard(back).texts.slice(2, 4).map(unLookAlike)).toEqual(['Purpose: the firmware **bisect**', 'It was: soak test']);
    await click(h, h.ada, back, 'switch');
    expect(await byId(1)).toMatchObject({ user_email: ada.email, purpose: 'the firmware **bisect**', expected_release_time: booked?.expected_release_time });
  });

  it('to any testbed of a label: the first free one is named and booked; none free, a place in their queues is offered', async () => {
    const five = (record: TestbedRecord) => ({ ...record, labels: ['5g'] });
    h = await startHarness({ testbeds: [booking(1, ada, 'soak test'), five(availableTestbed(2, 'lab-2')), five(booking(3, linus, 'demo'))] });
    const card = await ask(h, h.ada, h.lab, 'switch to any 5g');
    expect(seenCard(card).texts.slice(0, 2)).toEqual(['Switch lab-1 to lab-2?', 'lab-2 is the first 5g testbed free for anyone.']);
    expect(seenCard(await click(h, h.ada, card, 'switch')).heading).toBe('Switched to lab-2');
    expect(await byId(2)).toMatchObject({ user_email: ada.email, purpose: 'soak test' });

    const none = await ask(h, h.ada, h.lab, 'swap lab-2 for a 5g one');
    expect(seenCard(none).texts).toEqual(['No 5g testbed is free', 'No testbed labelled 5g is free right now, so there is nothing to switch to. You keep lab-2.']);
    expect(buttonTitles(none)).toEqual(['Wait for any 5g', 'Menu']);
  });

  it('a holder reporting a problem with their testbed is offered one that works, sharing its label first; one press moves the booking, in the 1:1 room too', async () => {
    const five = (record: TestbedRecord) => ({ ...record, labels: ['5g'] });
    h = await startHarness({ env: { ADMINS: 'linus@example.com' }, testbeds: [five(booking(1, ada, 'soak test')), availableTestbed(2, 'lab-2'), five(availableTestbed(3, 'lab-3'))] });
    const form = await ask(h, h.ada, h.lab, 'lab-1 is broken');
    const reported = await click(h, h.ada, form, 'report_problem', { problem: 'no power' });
    expect(seenCard(reported).texts).toEqual([
      'Reported: lab-1',
      'I told the lab’s admin.',
      'lab-3 is free: Switch moves your booking there, with its purpose and expected release, and releases lab-1.',
    ]);
    expect(buttonTitles(reported)).toEqual(['Switch to lab-3', 'Status']);
    expect(seenCard(await click(h, h.ada, reported, 'switch')).heading).toBe('Switched to lab-3');
    expect(await byId(3)).toMatchObject({ user_email: ada.email, purpose: 'soak test' });

    // From the 1:1 room, where reminders arrive: the same offer, and its button works there.
    const adaRoom = h.emu.directRoom(h.ada.id, h.bot.id);
    const direct = await ask(h, h.ada, adaRoom, 'lab-3 is broken');
    const told = await click(h, h.ada, direct, 'report_problem', { problem: 'fan stuck' });
    expect(buttonTitles(told)).toEqual(['Switch to lab-1']);
    const moved = await click(h, h.ada, told, 'switch');
    expect(seenCard(moved).heading).toBe('Switched to lab-1');
    expect(await byId(1)).toMatchObject({ user_email: ada.email });
    // Typed there by a holder: the switch card, whose button works there; by somebody holding nothing: where to ask.
    expect(buttonTitles(await ask(h, h.ada, adaRoom, 'switch to lab-2'))).toEqual(['Switch to lab-2']);
    const linusRoom = h.emu.directRoom(h.linus.id, h.bot.id);
    expect(seenCard(await ask(h, h.linus, linusRoom, 'switch to lab-2')).texts[0]).toMatch(/^I answer commands in the lab’s rooms/);
  });

  it('holding several, the person chooses which booking moves', async () => {
    h = await startHarness({ testbeds: [booking(1, ada, 'soak test'), availableTestbed(2, 'lab-2'), booking(3, ada, 'firmware')] });
    const card = await ask(h, h.ada, h.lab, 'I want to switch to lab-2');
    expect(seenCard(card).heading).toBe('Switch to lab-2?');
    expect((input(card, 'testbed_id').choices as Array<{ title: string }>).map((choice) => choice.title)).toEqual(['lab-1', 'lab-3']);
    expect(input(card, 'testbed_id').value).toBeUndefined();

    // A client that sends the form without a choice (the card marks it required): why, and nothing changes.
    const since = h.emu.messageCount();
    h.emu.submitRaw({ personId: h.ada.id, messageId: card.id, inputs: { action: 'switch', to_testbed_id: '2', testbed_id: '' } });
    const unchosen = await h.emu.waitForMessage((m) => m.roomId === h.lab.id && m.personId === h.bot.id, { since, timeoutMs: 10_000 });
    expect(seenCard(unchosen).texts).toEqual(['Sorry', 'Choose the booking to move. Nothing was changed.']);

    const switched = await click(h, h.ada, card, 'switch', { testbed_id: '3' });
    expect(seenCard(switched).heading).toBe('Switched to lab-2');
    expect(await byId(2)).toMatchObject({ user_email: ada.email, purpose: 'firmware' });
    expect(await byId(3)).toMatchObject({ status: 'available' });
    expect(await byId(1)).toMatchObject({ status: 'in_use', user_email: ada.email });
  });
});
