/**
 * Labels and maintenance end to end: the bot against the emulator, with a testbed document
 * written before start that carries labels and one testbed under maintenance.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EmuMessage } from '../../src/platform/emulator/api.js';
import type { Maintenance, TestbedRecord } from '../../src/domain.js';
import { ask, availableTestbed, buttonTitles, cardActions, click, seenCard, startHarness, type Harness } from '../support/harness.js';
import { fieldErrorText, input } from '../support/form-card.js';

const lead = { email: 'lead@example.com', name: 'Lab Lead' };
const radio: Maintenance = { reason: 'Replacing the radio unit', until: '2099-01-02T16:00:00.000Z', since: '2026-01-01T08:00:00.000Z', by: lead };

function labelled(id: number, name: string, ...labels: string[]): TestbedRecord {
  return { ...availableTestbed(id, name), labels };
}

const fleet: TestbedRecord[] = [
  labelled(1, 'ran-1', '5g', 'lab'),
  labelled(2, 'ran-2', '5G'),
  labelled(3, 'core-3', 'core'),
  { ...labelled(4, 'ran-4', '5g'), maintenance: radio },
  availableTestbed(5, 'plain-5'),
];

/** Names of the testbed rows on a status card, in order. */
function rows(message: EmuMessage): string[] {
  return seenCard(message)
    .texts.filter((text) => text.startsWith('● '))
    .map((text) => text.slice(2));
}

/** Each testbed's queue as lifecycle.json holds it: `email label` per place (the label only when it was taken with one). */
async function queues(h: Harness): Promise<Record<number, string[]>> {
  const life = JSON.parse(await readFile(join(h.dir, 'lifecycle.json'), 'utf8')) as { lifecycle: Array<{ testbed_id: number; queue: Array<{ email: string; label?: string }> }> };
  return Object.fromEntries(life.lifecycle.map((entry) => [entry.testbed_id, entry.queue.map((person) => `${person.email} ${person.label ?? ''}`.trim())]));
}

describe('labels and maintenance, end to end', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness({ testbeds: fleet });
  });
  afterEach(async () => {
    await h.close();
  });

  it('`labels` lists the labels in use with their testbeds; `which testbeds have 5g` and `tell me about ran-1` show them', async () => {
    const labels = await ask(h, h.ada, h.lab, 'what labels are there?');
    expect(seenCard(labels).texts.slice(0, 2)).toEqual(['Labels', '3 labels on 4 testbeds.']);
    expect(Object.entries(seenCard(labels).facts)).toEqual([['5g', '3 testbeds: ran-1, ran-2, ran-4'], ['core', '1 testbed: core-3'], ['lab', '1 testbed: ran-1']]);
    expect(labels.text).toMatch(/^Labels: 5g \(3 testbeds\), core \(1 testbed\), lab \(1 testbed\)\. /);
    expect(rows(await ask(h, h.ada, h.lab, 'which testbeds have 5g'))).toEqual(['ran-1 · Available', 'ran-2 · Available', 'ran-4 · Maintenance']);
    // Its status, not a place in its queue (which `remind me about ran-1` is).
    const about = await ask(h, h.ada, h.lab, 'tell me about ran-1');
    expect(rows(about)).toEqual(['ran-1 · Available']);
    expect(seenCard(about).texts).toContain('5g · lab');
  });

  it('status shows the maintenance testbed grey with reason and expected end, and labels on each row', async () => {
    const status = await ask(h, h.linus, h.lab, 'status');
    const seen = seenCard(status);
    expect(rows(status)).toEqual(['core-3 · Available', 'plain-5 · Available', 'ran-1 · Available', 'ran-2 · Available', 'ran-4 · Maintenance']);
    const at = seen.texts.indexOf('● ran-4 · Maintenance');
    expect(seen.texts.slice(at, at + 3)).toEqual(['● ran-4 · Maintenance', '5g', 'Reason: Replacing the radio unit']);
    expect(seen.texts[at + 3]).toMatch(/^Expected back: 2099-01-02 16:00 UTC \(in \d+ d\)$/);
    expect(seen.all.find((item) => item.text === '● ran-4 · Maintenance')?.element).toMatchObject({ color: 'default', isSubtle: true });
    expect(seen.texts).toContain('5g · lab');
    expect(seen.texts).toContain('Maintenance: 1');
    expect(status.text).toBe('Testbed status: 4 available, 0 in use, 0 overdue, 1 under maintenance, 5 in total.');

    // People may wait for it to come back, like for a busy one.
    expect(seen.choices('testbed_id')).toEqual(['ran-4']);
    const waiting = await click(h, h.linus, status, 'wait', { testbed_id: '4' });
    expect(seenCard(waiting).heading).toBe('You are #1 for ran-4');
  });

  it('`status 5g` (any case) shows only the testbeds with that label; an unknown label says so and lists the labels', async () => {
    for (const typed of ['status 5g', 'STATUS 5G', 'status label:5g']) {
      const filtered = await ask(h, h.linus, h.lab, typed);
      expect(rows(filtered)).toEqual(['ran-1 · Available', 'ran-2 · Available', 'ran-4 · Maintenance']);
    }
    const unknown = await ask(h, h.linus, h.lab, 'status wifi');
    expect(seenCard(unknown).texts).toEqual(['Testbed status', 'No testbed has the label wifi.', 'Labels in use: 5g, core, lab.']);
    expect(buttonTitles(unknown)).toEqual(['All testbeds', 'Menu']);
    const wrong = await ask(h, h.linus, h.lab, 'status 5g lab');
    expect(seenCard(wrong).texts.join(' ')).toContain('Type status to see every testbed, or status and one label');
  });

  it('`status core-3` names a testbed, not a label: only that testbed is shown, and a label wins over a name', async () => {
    const one = await ask(h, h.linus, h.lab, 'status Core-3');
    expect(rows(one)).toEqual(['core-3 · Available']);
    expect(seenCard(one).texts.find((text) => text.includes('As of'))).toMatch(/^Testbed core-3 · As of /);
    expect(one.text).toMatch(/^core-3 is available\./);
    // Its row says it all: no counts of one above it.
    expect(seenCard(one).texts.filter((text) => /^(Available|In use|Overdue|Total): \d+$/.test(text))).toEqual([]);
    expect(seenCard(await ask(h, h.linus, h.lab, 'status 5g')).texts).toContain('Available: 2');
    // The start of a name that only one testbed has is enough.
    expect(rows(await ask(h, h.linus, h.lab, 'status plain'))).toEqual(['plain-5 · Available']);
    // `lab` is a label (ran-1 carries it), so the label is what counts.
    expect(rows(await ask(h, h.linus, h.lab, 'status lab'))).toEqual(['ran-1 · Available']);
    // Several names start with `ran`, and it is no label: the unknown-label answer.
    expect(seenCard(await ask(h, h.linus, h.lab, 'status ran')).texts).toContain('No testbed has the label ran.');
    // A slip in a name (`core-33` for core-3): that testbed is named, not shown.
    const slip = await ask(h, h.linus, h.lab, 'status core-33');
    expect(seenCard(slip).texts).toEqual(['Testbed status', 'No testbed has the label core-33.', 'Did you mean the testbed core-3?', 'Labels in use: 5g, core, lab.']);
    expect(slip.text).toBe('No testbed has the label core-33. Did you mean the testbed core-3? Labels in use: 5g, core, lab.');
    // Run together (`core3`), it is core-3 itself.
    expect(rows(await ask(h, h.linus, h.lab, 'status core3'))).toEqual(['core-3 · Available']);
  });

  it('the register form does not offer the maintenance testbed, and offers the labels of the free ones', async () => {
    const form = await click(h, h.ada, await ask(h, h.ada, h.lab, 'testbed'), 'register');
    const seen = seenCard(form);
    expect(seen.choices('testbed_id')).toEqual(['core-3', 'plain-5', 'ran-1', 'ran-2']);
    expect(seen.choices('label')).toEqual(['5g (2 free)', 'core (1 free)', 'lab (1 free)']);
    expect(input(form, 'label').type).toBe('Input.ChoiceSet');
  });

  it('books any free testbed with the label, the file shows it, and refuses when none is left', async () => {
    const form = await click(h, h.ada, await ask(h, h.ada, h.lab, 'testbed'), 'register');
    const first = await click(h, h.ada, form, 'register_submit', { label: '5g', purpose: 'Radio soak', release_choice: '4h' });
    const firstName = seenCard(first).heading.replace('Booked: ', '');
    expect(['ran-1', 'ran-2']).toContain(firstName);
    expect(seenCard(first).texts).toContain(`You asked for any free testbed labelled 5g: you got ${firstName}.`);
    let onDisk = await h.readTestbeds();
    const booked = onDisk.find((record) => record.testbed_name === firstName)!;
    expect(booked).toMatchObject({ status: 'in_use', user_email: 'ada@example.com', user_name: 'Ada Ops', purpose: 'Radio soak' });
    expect(booked.labels?.map((label) => label.toLowerCase())).toContain('5g');

    const again = await click(h, h.linus, await click(h, h.linus, await ask(h, h.linus, h.lab, 'testbed'), 'register'), 'register_submit', {
      label: '5G',
      purpose: 'Second soak',
      release_choice: '1h',
    });
    const secondName = seenCard(again).heading.replace('Booked: ', '');
    expect(secondName).toBe(firstName === 'ran-1' ? 'ran-2' : 'ran-1');

    // ran-4 carries 5g too, but is under maintenance: nothing with 5g is free now.
    const formAgain = await click(h, h.ada, await ask(h, h.ada, h.lab, 'testbed'), 'register');
    expect(seenCard(formAgain).choices('label')).toEqual(['core (1 free)']);
    const before = await h.readTestbeds();
    const since = h.emu.messageCount();
    h.emu.submitRaw({ personId: h.ada.id, messageId: formAgain.id, inputs: { action: 'register_submit', label: '5g', purpose: 'Third', release_choice: '1h' } });
    const none = await h.emu.waitForMessage((m) => m.roomId === h.lab.id && m.personId === h.bot.id, { since });
    expect(seenCard(none).heading).toBe('No free testbed labelled 5g');
    expect(seenCard(none).texts).toContain('No free testbed labelled 5g right now. Nothing was booked.');
    expect(seenCard(none).choices('testbed_id')).toEqual(['ran-1', 'ran-2', 'ran-4']);
    expect(cardActions(none)).toContain('wait');
    expect(await h.readTestbeds()).toEqual(before);

    // The bookings and the labels survive a restart.
    await h.restart();
    onDisk = await h.readTestbeds();
    expect(onDisk.find((record) => record.id === 4)?.maintenance).toEqual(radio);
    const after = await ask(h, h.linus, h.lab, 'status 5g');
    expect(rows(after)).toEqual(['ran-1 · In use', 'ran-2 · In use', 'ran-4 · Maintenance']);
  });

  it('`book any 5g` (or `book 5g`) opens the form on the label, and Register books a testbed carrying it; with none free it says so', async () => {
    for (const typed of ['book any 5g', 'register 5G', 'book a 5g testbed']) {
      const form = await ask(h, h.ada, h.lab, typed);
      expect((input(form, 'label') as { value?: string }).value, typed).toBe('5g');
      expect((input(form, 'testbed_id') as { value?: string }).value, typed).toBeUndefined();
    }
    // More than one asked for at once: the form on the label, one at a time.
    const two = await ask(h, h.ada, h.lab, 'book 2 5g testbeds for 2 hours');
    expect((input(two, 'label') as { value?: string }).value).toBe('5g');
    expect(fieldErrorText(two, 'testbed_id')).toBe('One testbed at a time: this form books one labelled 5g. Press Register, then type book again for the next.');
    // All of a label at once (`book all 5g`, `book every 5g testbed`): the same.
    for (const typed of ['book all 5g', 'book every 5g testbed', 'book all the 5g testbeds']) {
      const all = await ask(h, h.ada, h.lab, typed);
      expect((input(all, 'label') as { value?: string }).value, typed).toBe('5g');
      expect(fieldErrorText(all, 'testbed_id'), typed).toBe('One testbed at a time: this form books one labelled 5g. Press Register, then type book again for the next.');
    }
    // A label the lab does not have: named as one under the picker, with the one a slip away or the labels in use.
    expect(fieldErrorText(await ask(h, h.ada, h.lab, 'book any 5gg'), 'testbed_id')).toBe('No testbed is called “5gg” or has that label. Did you mean 5g? Type book any 5g. Or choose one from the list.');
    expect(fieldErrorText(await ask(h, h.ada, h.lab, 'book a wifi testbed'), 'testbed_id')).toBe('No testbed is called “wifi” or has that label. Labels in use: 5g, core, lab. Or choose one from the list.');
    // With a purpose after the label (and a time), the form arrives filled in, the label chosen.
    const form = await ask(h, h.ada, h.lab, 'book any 5g for 2 hours for the radio soak');
    expect((input(form, 'label') as { value?: string }).value).toBe('5g');
    expect((input(form, 'purpose') as { value?: string }).value).toBe('the radio soak');
    expect(fieldErrorText(form, 'testbed_id')).toBeUndefined();
    const booked = await click(h, h.ada, form, 'register_submit');
    expect(['Booked: ran-1', 'Booked: ran-2']).toContain(seenCard(booked).heading);
    expect((await h.readTestbeds()).filter((record) => record.purpose === 'the radio soak').map((record) => record.user_email)).toEqual(['ada@example.com']);
    await click(h, h.linus, await ask(h, h.linus, h.lab, 'book any 5g'), 'register_submit', { purpose: 'Second soak', release_choice: '1h' });

    // Both free ones are booked now (ran-4 is under maintenance): the answer says so, and waits for any of them in one press.
    const none = await ask(h, h.ada, h.lab, 'I need a 5g testbed');
    expect(seenCard(none).heading).toBe('No free testbed labelled 5g');
    expect(buttonTitles(none)[0]).toBe('Wait for any 5g');
    const waiting = await click(h, h.ada, none, 'wait_label');
    expect(seenCard(waiting).heading).toBe('Waiting for any 5g');
  });

  it('`wait any 5g` takes a place in each busy 5g queue; the first handed on is offered, and booking it leaves the other queues', async () => {
    await click(h, h.ada, await ask(h, h.ada, h.lab, 'book ran-1'), 'register_submit', { purpose: 'Radio soak', release_choice: '4h' });
    await click(h, h.ada, await ask(h, h.ada, h.lab, 'book ran-2'), 'register_submit', { purpose: 'Radio soak', release_choice: '4h' });
    const waiting = await ask(h, h.linus, h.lab, 'wait any 5g');
    expect(seenCard(waiting).heading).toBe('Waiting for any 5g');
    expect(seenCard(waiting).texts[1]).toBe('You are in the queue of every 5g testbed that is busy: #1 for ran-1, #1 for ran-2, #1 for ran-4.');
    expect(await queues(h)).toMatchObject({ 1: ['linus@example.com 5g'], 2: ['linus@example.com 5g'], 4: ['linus@example.com 5g'] });
    expect(seenCard(await ask(h, h.linus, h.lab, 'mine')).texts).toContain('You are #1 for ran-2 (waiting for any 5g).');

    // Ada gives ran-2 back: it is offered to Linus, who books it from his direct room.
    const room = h.emu.directRoom(h.linus.id, h.bot.id);
    const since = h.emu.messageCount();
    await click(h, h.ada, await ask(h, h.ada, h.lab, 'release ran-2'), 'release_submit');
    const offer = await h.emu.waitForMessage((m) => m.roomId === room.id && m.personId === h.bot.id, { since, timeoutMs: 10_000 });
    expect(seenCard(offer).heading).toBe('ran-2 is free: it is yours if you want it');
    expect(seenCard(offer).texts).toContain('You waited for any 5g: once you book ran-2, I take you out of the other queues.');
    const booked = await click(h, h.linus, offer, 'register_submit', { purpose: 'Radio check', release_choice: '4h' });
    expect(seenCard(booked).heading).toBe('Booked: ran-2');
    const after = await queues(h);
    expect(after[1] ?? []).toEqual([]);
    expect(after[4] ?? []).toEqual([]);
    const mine = seenCard(await ask(h, h.linus, h.lab, 'mine'));
    expect(mine.texts.filter((text) => text.startsWith('You are #'))).toEqual([]);

    // With a 5g testbed free for anyone, waiting is no answer: book it.
    await click(h, h.ada, await ask(h, h.ada, h.lab, 'release ran-1'), 'release_submit');
    const free = await ask(h, h.ada, h.lab, 'wait any 5g');
    expect(seenCard(free).texts).toContain('ran-1 is free right now: book it instead of waiting.');
  });

  it('Leave these queues on the waiting card gives up every place taken for any 5g; `unwait any 5g` then changes nothing', async () => {
    await click(h, h.ada, await ask(h, h.ada, h.lab, 'book ran-1'), 'register_submit', { purpose: 'Radio soak', release_choice: '4h' });
    await click(h, h.ada, await ask(h, h.ada, h.lab, 'book ran-2'), 'register_submit', { purpose: 'Radio soak', release_choice: '4h' });
    const waiting = await ask(h, h.linus, h.lab, 'wait any 5g');
    expect(buttonTitles(waiting)).toEqual(['Leave these queues', 'Mine']);
    const left = await click(h, h.linus, waiting, 'unwait_label');
    expect(seenCard(left).heading).toBe('You stopped waiting for any 5g');
    expect(seenCard(left).texts[1]).toBe('You left the queue of ran-1, ran-2, ran-4. You will not get an offer for them.');
    const life = JSON.parse(await readFile(join(h.dir, 'lifecycle.json'), 'utf8')) as { lifecycle: Array<{ queue: unknown[] }> };
    expect(life.lifecycle.flatMap((entry) => entry.queue)).toEqual([]);
    expect(seenCard(await ask(h, h.linus, h.lab, 'unwait any 5g')).heading).toBe('You were not waiting for any 5g');
  });

  it('`wait for ran-2 or core-3` queues for both; passing on the first offer keeps the other place, Leave these queues ends it, and a booking from the next offer ends the wait', async () => {
    await click(h, h.ada, await ask(h, h.ada, h.lab, 'book ran-2'), 'register_submit', { purpose: 'Radio soak', release_choice: '4h' });
    await click(h, h.ada, await ask(h, h.ada, h.lab, 'book core-3'), 'register_submit', { purpose: 'Core soak', release_choice: '4h' });
    const waiting = await ask(h, h.linus, h.lab, 'wait for ran-2 or core-3');
    expect(seenCard(waiting).heading).toBe('Waiting for core-3 or ran-2');
    expect(seenCard(waiting).texts[1]).toBe('Your places: #1 for core-3, #1 for ran-2.');
    // ran-1 and ran-4 carry 5g as ran-2 does, but were not named.
    expect(await queues(h)).toEqual({ 2: ['linus@example.com core-3\nran-2'], 3: ['linus@example.com core-3\nran-2'] });

    // Ada gives core-3 back; Linus passes: it goes on, and he still waits for ran-2.
    const room = h.emu.directRoom(h.linus.id, h.bot.id);
    let since = h.emu.messageCount();
    await click(h, h.ada, await ask(h, h.ada, h.lab, 'release core-3'), 'release_submit');
    const first = await h.emu.waitForMessage((m) => m.roomId === room.id && m.personId === h.bot.id, { since, timeoutMs: 10_000 });
    expect(seenCard(first).texts).toContain('You waited for core-3 or ran-2: once you book core-3, I take you out of the other queues.');
    const passed = await click(h, h.linus, first, 'decline_offer');
    expect(seenCard(passed).texts).toContain('You still wait in the queue of ran-2: the first of them handed on is offered to you.');
    expect(await queues(h)).toMatchObject({ 2: ['linus@example.com core-3\nran-2'] });

    // Waiting again, then Ada gives ran-2 back: booked from its offer, the place for core-3 goes too.
    await click(h, h.ada, await ask(h, h.ada, h.lab, 'book core-3'), 'register_submit', { purpose: 'Core soak', release_choice: '4h' });
    expect(seenCard(await ask(h, h.linus, h.lab, 'wait ran-2 or core-3')).texts[1]).toBe('Your places: #1 for core-3, #1 for ran-2.');
    since = h.emu.messageCount();
    await click(h, h.ada, await ask(h, h.ada, h.lab, 'release ran-2'), 'release_submit');
    const second = await h.emu.waitForMessage((m) => m.roomId === room.id && m.personId === h.bot.id, { since, timeoutMs: 10_000 });
    expect(seenCard(second).heading).toBe('ran-2 is free: it is yours if you want it');
    expect(seenCard(await click(h, h.linus, second, 'register_submit', { purpose: 'Radio check', release_choice: '4h' })).heading).toBe('Booked: ran-2');
    expect((await queues(h))[3] ?? []).toEqual([]);

    // Waiting for two and leaving with the card's button: both places go.
    await click(h, h.linus, await ask(h, h.linus, h.lab, 'book ran-1'), 'register_submit', { purpose: 'Radio check', release_choice: '4h' });
    const again = await ask(h, h.ada, h.lab, 'wait for ran-1 or ran-2');
    expect(seenCard(again).heading).toBe('Waiting for ran-1 or ran-2');
    const left = await click(h, h.ada, again, 'unwait_label');
    expect(seenCard(left).heading).toBe('You stopped waiting for ran-1 or ran-2');
    expect(seenCard(left).texts[1]).toBe('You left the queue of ran-1, ran-2. You will not get an offer for them.');
    expect(Object.values(await queues(h)).flat()).toEqual([]);
  });

  it('`wait for core-3 or any 5g` queues for core-3 and each testbed carrying 5g now, as one wait, and the first handed on is offered', async () => {
    for (const name of ['ran-1', 'ran-2', 'core-3']) {
      await click(h, h.ada, await ask(h, h.ada, h.lab, `book ${name}`), 'register_submit', { purpose: 'Soak', release_choice: '4h' });
    }
    const waiting = await ask(h, h.linus, h.lab, 'wait for core-3 or any 5g');
    expect(seenCard(waiting).heading).toBe('Waiting for core-3, ran-1, ran-2 or ran-4');
    expect(seenCard(waiting).texts[1]).toBe('Your places: #1 for core-3, #1 for ran-1, #1 for ran-2, #1 for ran-4.');
    const key = 'linus@example.com core-3\nran-1\nran-2\nran-4';
    expect(await queues(h)).toEqual({ 1: [key], 2: [key], 3: [key], 4: [key] });
    // Ada gives ran-2 back: it is offered to Linus as one of those he waited for.
    const room = h.emu.directRoom(h.linus.id, h.bot.id);
    const since = h.emu.messageCount();
    await click(h, h.ada, await ask(h, h.ada, h.lab, 'release ran-2'), 'release_submit');
    const offer = await h.emu.waitForMessage((m) => m.roomId === room.id && m.personId === h.bot.id, { since, timeoutMs: 10_000 });
    expect(seenCard(offer).texts).toContain('You waited for core-3, ran-1, ran-2 or ran-4: once you book ran-2, I take you out of the other queues.');
    expect(seenCard(await click(h, h.linus, offer, 'register_submit', { purpose: 'Radio check', release_choice: '4h' })).heading).toBe('Booked: ran-2');
    expect(Object.values(await queues(h)).flat()).toEqual([]);
  });

  it('a label no testbed carries in such a wait changes nothing and says why', async () => {
    await click(h, h.ada, await ask(h, h.ada, h.lab, 'book core-3'), 'register_submit', { purpose: 'Soak', release_choice: '4h' });
    const unknown = await ask(h, h.linus, h.lab, 'wait for core-3 or any 7g');
    expect(seenCard(unknown).texts).toContain('No testbed is called “core-3 or any 7g”. Type status to see them all.');
    expect(Object.values(await queues(h)).flat()).toEqual([]);
  });

  it('both a testbed and a label: the form comes back with the problem named and the values kept', async () => {
    const form = await ask(h, h.ada, h.lab, 'register');
    const back = await click(h, h.ada, form, 'register_submit', { testbed_id: '1', label: '5g', purpose: 'Radio soak', release_choice: '1h' });
    expect(seenCard(back).heading).toBe('Register a testbed');
    expect(seenCard(back).texts.filter((text) => text === 'Choose a testbed or a label, not both.')).toHaveLength(2);
    expect(input(back, 'label').value).toBe('5g');
    expect(input(back, 'testbed_id').value).toBe('1');
    expect((await h.readTestbeds()).every((record) => record.status === 'available')).toBe(true);
  });

  it('a booking of the maintenance testbed by id is refused and changes nothing', async () => {
    const form = await click(h, h.ada, await ask(h, h.ada, h.lab, 'testbed'), 'register');
    const before = await h.readTestbeds();
    const since = h.emu.messageCount();
    // The form does not offer ran-4: an old card or a crafted submission is what could ask for it.
    h.emu.submitRaw({ personId: h.ada.id, messageId: form.id, inputs: { action: 'register_submit', testbed_id: '4', purpose: 'Sneak in', release_choice: '1h' } });
    const refused = await h.emu.waitForMessage((m) => m.roomId === h.lab.id && m.personId === h.bot.id, { since });
    expect(seenCard(refused).heading).toBe('ran-4 is under maintenance');
    expect(seenCard(refused).texts.join(' ')).toContain('Replacing the radio unit');
    expect(await h.readTestbeds()).toEqual(before);
  });
});

describe('a filtered status over several pages, end to end', () => {
  let h: Harness;
  beforeEach(async () => {
    // 60 testbeds, every other one labelled 5g: 30 with the label, more than one page of 25 rows.
    const many = Array.from({ length: 60 }, (_, index) => labelled(index + 1, `node-${index + 1}`, index % 2 === 0 ? '5g' : 'lab'));
    h = await startHarness({ testbeds: many });
  });
  afterEach(async () => {
    await h.close();
  });

  it('the Next button keeps the label', async () => {
    const first = await ask(h, h.ada, h.lab, 'status 5g');
    expect(seenCard(first).texts[1]).toMatch(/^Label 5g · As of .* · page 1 of 2$/);
    const second = await click(h, h.ada, first, 'status_page');
    expect(seenCard(second).texts[1]).toMatch(/^Label 5g · As of .* · page 2 of 2$/);
    const names = [...rows(first), ...rows(second)].map((row) => Number(/^node-(\d+) /.exec(row)?.[1]));
    expect(names).toHaveLength(30);
    expect(names.every((id) => id % 2 === 1)).toBe(true);
  });
});
