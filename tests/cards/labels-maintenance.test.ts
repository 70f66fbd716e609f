/**
 * Labels and maintenance in the cards people use: the status card (grey maintenance rows with
 * reason and expected end, labels on each row, the label filter and its paging), the register
 * form (no maintenance testbeds, the label choice), the answers to a booking by label, and the
 * parser of the register form's two ways to choose.
 */
import { describe, expect, it } from 'vitest';
import { parseRegisterSubmission, readStatusLabel } from '../../src/cards/actions.js';
import { MAX_CARD_BYTES, cardBytes } from '../../src/cards/common.js';
import { broadcastStatusCard, broadcastStatusText } from '../../src/cards/broadcast-status.card.js';
import { noneFreeWithLabelCard, noneFreeWithLabelText, registeredCard, registeredText } from '../../src/cards/register.card.js';
import { statusCard, statusText } from '../../src/cards/status.card.js';
import { renderView, type RenderContext } from '../../src/app/render.js';
import type { LifecycleEntry, Maintenance, TestbedRecord } from '../../src/domain.js';
import { cardProblems } from '../support/adaptive-cards.js';
import { seenCard, type SeenCard } from '../support/card-text.js';
import { NOW, ana, available, bob, dueTodayLab, inUse } from '../fixtures/flows/records.js';
import { inspectCard } from './card-walk.js';

const zone = 'Europe/Berlin';
const admin = { email: 'lead@example.com', name: 'Lab Lead' };

function labelled(record: TestbedRecord, ...labels: string[]): TestbedRecord {
  return { ...record, labels };
}

function underMaintenance(record: TestbedRecord, reason: string, until: string | null): TestbedRecord {
  const maintenance: Maintenance = { reason, until, since: '2026-03-10T09:00:00.000Z', by: admin };
  return { ...record, maintenance };
}

const fleet = [
  labelled(available(1, 'ran-1'), '5g', 'lab'),
  labelled(available(2, 'ran-2'), '5G'),
  labelled(inUse(3, ana, { name: 'core-3' }), 'core'),
  underMaintenance(labelled(available(4, 'ran-4'), '5g'), 'Replacing the radio unit', '2026-03-12T16:00:00.000Z'),
  underMaintenance(available(5, 'old-5'), 'Firmware upgrade', null),
  available(6, 'plain-6'),
];

/** The TextBlock whose text (as read) is `text`. */
function block(seen: SeenCard, text: string): Record<string, unknown> {
  const found = seen.all.find((item) => item.role !== 'choice' && item.text === text);
  if (!found) throw new Error(`No text ${JSON.stringify(text)} in ${JSON.stringify(seen.texts)}`);
  return found.element;
}

/** The texts from a row's title (● name · state) up to the next row. */
function rowOf(seen: SeenCard, name: string): string[] {
  const start = seen.texts.findIndex((text) => text.startsWith(`● ${name} · `));
  if (start < 0) throw new Error(`No row for ${name} in ${JSON.stringify(seen.texts)}`);
  const next = seen.texts.findIndex((text, index) => index > start && text.startsWith('● '));
  return seen.texts.slice(start, next < 0 ? undefined : next);
}

function rowNames(seen: SeenCard): string[] {
  return seen.texts.filter((text) => text.startsWith('● ')).map((text) => text.slice(2).split(' · ')[0]);
}

describe('status card: maintenance and labels', () => {
  const input = { testbeds: fleet, now: NOW, timeZone: zone };
  const seen = seenCard(statusCard(input));

  it('shows a testbed under maintenance in grey with its reason and the expected end in the display zone', () => {
    // The last row: the wait picker's prompt follows it.
    expect(rowOf(seen, 'ran-4').slice(0, 4)).toEqual([
      '● ran-4 · Maintenance',
      '5g',
      'Reason: Replacing the radio unit',
      'Expected back: 2026-03-12 17:00 Europe/Berlin (in 2 d)',
    ]);
    const title = block(seen, '● ran-4 · Maintenance');
    expect(title.color).toBe('default');
    expect(title.isSubtle).toBe(true);
  });

  it('once the expected end has passed, says it was expected back then', () => {
    const later = seenCard(statusCard({ ...input, now: '2026-03-12T18:00:00.000Z' }));
    expect(rowOf(later, 'ran-4')[3]).toBe('Was expected back: 2026-03-12 17:00 Europe/Berlin (2 h ago)');
  });

  it('says "until further notice" when maintenance has no expected end', () => {
    expect(rowOf(seen, 'old-5')).toEqual(['● old-5 · Maintenance', 'Reason: Firmware upgrade', 'Expected back: until further notice']);
  });

  it('shows each testbed with its labels, compact, and nothing for a testbed without labels', () => {
    expect(rowOf(seen, 'ran-1')).toEqual(['● ran-1 · Available', '5g · lab']);
    expect(rowOf(seen, 'ran-2')).toEqual(['● ran-2 · Available', '5G']);
    expect(rowOf(seen, 'core-3').slice(0, 2)).toEqual(['● core-3 · In use', 'core']);
    expect(rowOf(seen, 'plain-6')).toEqual(['● plain-6 · Available']);
    expect(block(seen, '● ran-1 · Available').color).toBe('good');
  });

  it('one testbed named (`status ran-1`, `who has ran-1`): what it is, as an admin described it, under its row; never in the whole list', () => {
    const described = fleet.map((record) => (record.testbed_name === 'ran-1' ? { ...record, description: 'Radio rack 2, shelf 4' } : record));
    const one = { testbeds: described, now: NOW, timeZone: zone, label: 'ran-1' };
    const shown = seenCard(statusCard(one));
    expect(rowOf(shown, 'ran-1')).toEqual(['● ran-1 · Available', '5g · lab', 'Radio rack 2, shelf 4']);
    expect(block(shown, 'Radio rack 2, shelf 4').isSubtle).toBe(true);
    expect(statusText(one)).toMatch(/ Radio rack 2, shelf 4$/);
    expect(seenCard(statusCard({ testbeds: described, now: NOW, timeZone: zone })).texts).not.toContain('Radio rack 2, shelf 4');
    expect(seenCard(statusCard({ testbeds: described, now: NOW, timeZone: zone, label: '5g' })).texts).not.toContain('Radio rack 2, shelf 4');
  });

  it('lists maintenance last and counts it on its own, not as available', () => {
    expect(rowNames(seen)).toEqual(['core-3', 'plain-6', 'ran-1', 'ran-2', 'old-5', 'ran-4']);
    expect(seen.texts.slice(2, 7)).toEqual(['Available: 3', 'In use: 1', 'Overdue: 0', 'Maintenance: 2', 'Total: 6']);
    expect(block(seen, 'Maintenance: 2').isSubtle).toBe(true);
    expect(statusText(input)).toBe('Testbed status: 3 available, 1 in use, 0 overdue, 2 under maintenance, 6 in total.');
  });

  it('leaves the maintenance count out while nothing is under maintenance', () => {
    const plain = seenCard(statusCard({ testbeds: [available(1), inUse(2, bob)], now: NOW, timeZone: zone }));
    expect(plain.texts.slice(2, 6)).toEqual(['Available: 1', 'In use: 1', 'Overdue: 0', 'Total: 2']);
  });

  it('sets the counts in two columns read top to bottom, so five of them fit a phone', () => {
    const columnTexts = (card: unknown): string[][] => {
      const set = (card as { body: Array<{ type: string; columns?: Array<{ items: Array<{ text: string }> }> }> }).body.find((element) => element.type === 'ColumnSet')!;
      return set.columns!.map((column) => column.items.map((item) => item.text));
    };
    expect(columnTexts(statusCard(input))).toEqual([
      ['Available: 3', 'In use: 1', 'Overdue: 0'],
      ['Maintenance: 2', 'Total: 6'],
    ]);
    expect(columnTexts(statusCard({ testbeds: [available(1), inUse(2, bob)], now: NOW, timeZone: zone }))).toEqual([
      ['Available: 1', 'In use: 1'],
      ['Overdue: 0', 'Total: 2'],
    ]);
  });

  it('offers the maintenance testbeds in the "Notify me when free" picker', () => {
    expect(seen.choices('testbed_id')).toEqual(['core-3', 'old-5', 'ran-4']);
  });

  it('the broadcast status card shows the maintenance rows and counts too', () => {
    const broadcast = { kind: 'maintenance', text: '', senderName: 'Ana', testbeds: fleet, now: NOW, timeZone: zone };
    const read = seenCard(broadcastStatusCard(broadcast));
    expect(read.texts).toContain('Reason: Replacing the radio unit');
    expect(read.texts).toContain('Maintenance: 2');
    expect(broadcastStatusText(broadcast)).toContain('3 available, 1 in use, 0 overdue, 2 under maintenance.');
  });
});

describe('status card: the label filter', () => {
  it('shows only the testbeds carrying the label, ignoring case, and says which label', () => {
    for (const label of ['5g', '5G']) {
      const input = { testbeds: fleet, now: NOW, timeZone: zone, label };
      const seen = seenCard(statusCard(input));
      expect(rowNames(seen)).toEqual(['ran-1', 'ran-2', 'ran-4']);
      expect(seen.texts[1]).toBe(`Label ${label} · As of 2026-03-10 10:00 UTC`);
      expect(seen.texts.slice(2, 7)).toEqual(['Available: 2', 'In use: 0', 'Overdue: 0', 'Maintenance: 1', 'Total: 3']);
      expect(statusText(input)).toBe(`Testbed status for label ${label}: 2 available, 0 in use, 0 overdue, 1 under maintenance, 3 in total.`);
    }
  });

  it('offers Wait for any 5g when none of the label is free, and not while one is, nor on a state or a name', () => {
    const busy = [labelled(inUse(1, bob, { name: 'ran-1' }), '5g', 'lab'), ...fleet.slice(1).map((record) => (record.id === 2 ? labelled(inUse(2, ana, { name: 'ran-2' }), '5G') : record))];
    const card = statusCard({ testbeds: busy, now: NOW, timeZone: zone, label: '5G' });
    expect(inspectCard(card).actions.map((action) => [action.title, action.data])).toEqual([
      ['Notify me when free', { action: 'wait' }],
      ['Wait for any 5G', { action: 'wait_label', label: '5G' }],
      ['Register', { action: 'register' }],
      ['Release', { action: 'release' }],
      ['Mine', { action: 'mine' }],
    ]);
    expect(cardProblems(card)).toEqual([]);
    const titles = (label: string, testbeds = fleet) => inspectCard(statusCard({ testbeds, now: NOW, timeZone: zone, label })).actions.map((action) => action.title);
    // ran-1 and ran-2 are free in the plain lab.
    expect(titles('5g')).not.toContain('Wait for any 5g');
    expect(titles('in-use', busy).some((title) => String(title).startsWith('Wait for any'))).toBe(false);
    expect(titles('ran-1', busy).some((title) => String(title).startsWith('Wait for any'))).toBe(false);
  });

  it('offers Wait for any testbed on the whole lab when none is free, and not while one is', () => {
    const busy = [inUse(1, bob, { name: 'ran-1' }), inUse(2, ana, { name: 'ran-2', until: '2026-03-10T11:00:00.000Z' })];
    const card = statusCard({ testbeds: busy, now: NOW, timeZone: zone });
    expect(inspectCard(card).actions.slice(0, 2).map((action) => [action.title, action.data])).toEqual([
      ['Notify me when free', { action: 'wait' }],
      ['Wait for any testbed', { action: 'wait_label', label: 'testbed' }],
    ]);
    expect(seenCard(card).texts).toContain('Waiting? Press Wait for any testbed for whichever is handed on first, or pick one and press Notify me when free.');
    // Which is due back first, under the counts; `what's free` with none free says the same.
    const soonest = 'ran-2 should free up first: expected back 2026-03-10 11:00 UTC (2026-03-10 12:00 Europe/Berlin) (in 1 h), held by Ana Ops (ana@example.com).';
    expect(seenCard(card).texts).toContain(soonest);
    const free = seenCard(statusCard({ testbeds: busy, now: NOW, timeZone: zone, label: 'free' }));
    expect(free.texts.slice(free.texts.indexOf('Nothing is free right now.') + 1)[0]).toBe(soonest);
    expect(inspectCard(statusCard({ testbeds: busy, now: NOW, timeZone: zone, label: 'free' })).actions.map((action) => action.title)).toContain('Wait for any testbed');
    const oneFree = statusCard({ testbeds: [...busy, available(3, 'ran-3')], now: NOW, timeZone: zone });
    expect(inspectCard(oneFree).actions.map((action) => action.title)).not.toContain('Wait for any testbed');
    expect(seenCard(oneFree).texts).toContain('Waiting for a busy testbed? Pick it and press Notify me when free.');
  });

  it('`status due today` lists the bookings due back later today on the display zone’s clock, soonest first; with none, says so above every testbed', () => {
    const lab = dueTodayLab();
    const rowsOf = (seen: SeenCard) => seen.texts.filter((text) => text.startsWith('● '));
    const berlin = statusCard({ testbeds: lab, now: NOW, timeZone: zone, label: 'due-today' });
    expect(cardProblems(berlin)).toEqual([]);
    expect(seenCard(berlin).texts[1]).toMatch(/^Due back today · As of /);
    expect(rowsOf(seenCard(berlin))).toEqual(['● rig-soon · In use', '● rig-late · In use']);
    expect(rowsOf(seenCard(statusCard({ testbeds: lab, now: NOW, timeZone: 'UTC', label: 'due-today' })))).toEqual(['● rig-soon · In use', '● rig-late · In use', '● rig-midnight · In use']);
    expect(statusText({ testbeds: lab, now: NOW, timeZone: zone, label: 'due-today' })).toMatch(/Due back today: rig-soon, rig-late\. All testbeds: /);
    const none = seenCard(statusCard({ testbeds: [lab[4], lab[5]], now: NOW, timeZone: zone, label: 'due-today' }));
    expect(none.texts).toContain('Nothing is due back today.');
    expect(rowsOf(none)).toEqual(['● rig-tomorrow · In use', '● rig-free · Available']);
  });

  it('says so for a label no testbed carries, and lists the labels in use', () => {
    const input = { testbeds: fleet, now: NOW, timeZone: zone, label: 'wifi' };
    const card = statusCard(input);
    const seen = seenCard(card);
    expect(seen.texts).toEqual(['Testbed status', 'No testbed has the label wifi.', 'Labels in use: 5g, core, lab.']);
    expect(statusText(input)).toBe('No testbed has the label wifi. Labels in use: 5g, core, lab.');
    expect(inspectCard(card).actions.map((action) => action.data)).toEqual([{ action: 'status' }, { action: 'menu' }]);
    expect(cardProblems(card)).toEqual([]);
  });

  it('says that no testbed has labels yet when none has', () => {
    const seen = seenCard(statusCard({ testbeds: [available(1)], now: NOW, timeZone: zone, label: '5g' }));
    expect(seen.texts).toEqual(['Testbed status', 'No testbed has the label 5g.', 'No testbed has a label yet.']);
  });

  it('keeps the label on the page buttons, and each page lists only labelled testbeds', () => {
    // 80 testbeds, every other one labelled 5g: 40 match, more than one page of 25 rows holds.
    const many = Array.from({ length: 80 }, (_, index) => {
      const record = available(index + 1, `node-${index + 1}`);
      return index % 2 === 0 ? labelled(record, '5g') : labelled(record, 'lab');
    });
    const first = statusCard({ testbeds: many, now: NOW, timeZone: 'UTC', label: '5g' });
    const data = inspectCard(first).actions.map((action) => action.data);
    expect(data).toContainEqual({ action: 'status_page', page: 2, label: '5g' });
    const second = statusCard({ testbeds: many, now: NOW, timeZone: 'UTC', label: '5g', page: 2 });
    expect(inspectCard(second).actions.map((action) => action.data)).toContainEqual({ action: 'status_page', page: 1, label: '5g' });
    const names = [...rowNames(seenCard(first)), ...rowNames(seenCard(second))];
    expect(names).toHaveLength(40);
    expect(names.every((name) => Number(name.split('-')[1]) % 2 === 1)).toBe(true);
    expect(statusText({ testbeds: many, now: NOW, timeZone: 'UTC', label: '5g', page: 2 })).toContain('for label 5g (page 2 of 2)');
    for (const card of [first, second]) {
      expect(cardProblems(card)).toEqual([]);
      expect(cardBytes(card)).toBeLessThan(MAX_CARD_BYTES);
    }
  });

  it('reads the label back from a page button, and ignores one that cannot be a label', () => {
    expect(readStatusLabel({ action: 'status_page', page: 2, label: '5g' })).toBe('5g');
    expect(readStatusLabel({ action: 'status_page', page: 2 })).toBeUndefined();
    expect(readStatusLabel({ action: 'status_page', label: '**x** y' })).toBeUndefined();
    expect(readStatusLabel({ action: 'status_page', label: ['5g'] })).toBeUndefined();
  });
});

describe('status card: a state asked for (status free, status in use, what\'s free?)', () => {
  const late = inUse(7, bob, { name: 'late-7', until: '2026-03-10T08:00:00.000Z' });
  const lab = [...fleet, late];
  // ran-2 is free but held for Bob's hand-off: not free for anyone else.
  const held: LifecycleEntry[] = [{ testbed_id: 2, notices: null, queue: [], offer: { ...bob, until: '2026-03-10T10:10:00.000Z' }, asks: [] }];
  const view = (label: string, testbeds: TestbedRecord[] = lab, entries: LifecycleEntry[] = held) => {
    const input = { testbeds, now: NOW, timeZone: zone, label, life: entries };
    return { input, seen: seenCard(statusCard(input)), text: statusText(input) };
  };

  it('free (or available): only the testbeds anyone can book now, with the whole lab counted above them', () => {
    for (const word of ['free', 'Available']) {
      const { seen, text } = view(word);
      expect(rowNames(seen)).toEqual(['plain-6', 'ran-1']);
      expect(seen.texts[1]).toBe('Free now · As of 2026-03-10 10:00 UTC');
      expect(seen.texts.slice(2, 7)).toEqual(['Available: 3', 'In use: 1', 'Overdue: 1', 'Maintenance: 2', 'Total: 7']);
      // The plain text (a phone's notification) names them first.
      expect(text).toBe('Free now: plain-6, ran-1. All testbeds: 3 available, 1 in use, 1 overdue, 2 under maintenance, 7 in total.');
    }
  });

  it('in use (busy) includes the overdue ones; overdue and maintenance show only those', () => {
    expect(rowNames(view('in-use').seen)).toEqual(['late-7', 'core-3']);
    expect(view('busy').seen.texts[1]).toBe('In use · As of 2026-03-10 10:00 UTC');
    expect(rowNames(view('overdue').seen)).toEqual(['late-7']);
    expect(view('late').seen.texts[1]).toBe('Overdue · As of 2026-03-10 10:00 UTC');
    expect(rowNames(view('maintenance').seen)).toEqual(['old-5', 'ran-4']);
    expect(view('maintenance').text).toBe('Under maintenance: old-5, ran-4. All testbeds: 3 available, 1 in use, 1 overdue, 2 under maintenance, 7 in total.');
    // Ten named at most, the rest counted.
    const many = Array.from({ length: 12 }, (_, index) => available(index + 1, `rig-${String(index + 1).padStart(2, '0')}`));
    expect(view('free', many, []).text).toBe('Free now: rig-01, rig-02, rig-03, rig-04, rig-05, rig-06, rig-07, rig-08, rig-09, rig-10 and 2 more. All testbeds: 12 available, 0 in use, 0 overdue, 12 in total.');
  });

  it('nothing in that state: says so, and shows every testbed with the picker to wait for a busy one', () => {
    const busy = [inUse(1, ana, { name: 'core-1' }), underMaintenance(available(2, 'ran-2'), 'Firmware upgrade', null)];
    const { input, seen, text } = view('free', busy, []);
    expect(seen.texts[1]).toBe('As of 2026-03-10 10:00 UTC');
    expect(block(seen, 'Nothing is free right now.')).toMatchObject({ weight: 'Bolder', color: 'warning' });
    expect(rowNames(seen)).toEqual(['core-1', 'ran-2']);
    expect(seen.choices('testbed_id')).toEqual(['core-1', 'ran-2']);
    expect(inspectCard(statusCard(input)).actions.map((action) => action.title)).toContain('Notify me when free');
    expect(text).toBe('Testbed status: 0 available, 1 in use, 0 overdue, 1 under maintenance, 2 in total. Nothing is free right now.');
    expect(rowNames(view('overdue', [available(1, 'ran-1')], []).seen)).toEqual(['ran-1']);
  });

  it('a label of that name comes first, and a state word is never read as the start of a testbed\'s name', () => {
    const withLabel = [labelled(inUse(1, ana, { name: 'core-1' }), 'free'), available(2, 'ran-2')];
    expect(rowNames(view('free', withLabel, []).seen)).toEqual(['core-1']);
    expect(view('free', withLabel, []).seen.texts[1]).toBe('Label free · As of 2026-03-10 10:00 UTC');
    const freezer = [available(1, 'Freezer rig'), inUse(2, ana, { name: 'core-2' })];
    expect(rowNames(view('free', freezer, []).seen)).toEqual(['Freezer rig']);
    expect(rowNames(view('busy', freezer, []).seen)).toEqual(['core-2']);
  });

  it('keeps the word on the page buttons, and every page lists only testbeds in that state', () => {
    // 48 testbeds, every fourth one in use: 36 free, more than one page of 25 rows holds.
    const many = Array.from({ length: 48 }, (_, index) => (index % 4 === 0 ? inUse(index + 1, ana, { name: `node-${index + 1}` }) : available(index + 1, `node-${index + 1}`)));
    const first = statusCard({ testbeds: many, now: NOW, timeZone: 'UTC', label: 'free' });
    expect(inspectCard(first).actions.map((action) => action.data)).toContainEqual({ action: 'status_page', page: 2, label: 'free' });
    const second = statusCard({ testbeds: many, now: NOW, timeZone: 'UTC', label: 'free', page: 2 });
    const names = [...rowNames(seenCard(first)), ...rowNames(seenCard(second))];
    expect(names).toHaveLength(36);
    expect(names.every((name) => Number(name.split('-')[1]) % 4 !== 1)).toBe(true);
    expect(seenCard(second).texts[1]).toBe('Free now · As of 2026-03-10 10:00 UTC · page 2 of 2');
  });
});

const life: LifecycleEntry[] = [];

function context(testbeds: TestbedRecord[], entries: LifecycleEntry[] = life): RenderContext {
  return { botName: 'Testbed Monitor', testbeds, now: NOW, timeZone: zone, life: entries };
}

describe('register form: maintenance and labels', () => {
  const rendered = renderView({ kind: 'registerForm' }, context(fleet));
  const seen = seenCard(rendered.card);

  it('does not offer testbeds under maintenance (nor busy ones)', () => {
    expect(seen.choices('testbed_id')).toEqual(['plain-6', 'ran-1', 'ran-2']);
    expect(rendered.text).toBe('Register a testbed: 3 available. Open the card to fill in the form.');
  });

  it('offers the labels of the free testbeds as a second way to choose, and explains it', () => {
    expect(seen.choices('label')).toEqual(['5g (2 free)', 'lab (1 free)']);
    expect(seen.texts).toContain('Pick a testbed, or a label to get any free testbed carrying it (not both).');
    const inputs = inspectCard(rendered.card).inputs;
    const label = inputs.find((input) => input.id === 'label') as unknown as Record<string, unknown>;
    const testbed = inputs.find((input) => input.id === 'testbed_id') as unknown as Record<string, unknown>;
    expect(label.isRequired).toBeUndefined();
    expect(testbed.isRequired).toBe(false);
    expect(cardProblems(rendered.card)).toEqual([]);
  });

  it('has no label choice, and a required testbed, when no free testbed carries a label', () => {
    const plain = renderView({ kind: 'registerForm' }, context([available(1), labelled(inUse(2, bob), '5g')]));
    expect(inspectCard(plain.card).inputs.map((input) => input.id)).not.toContain('label');
    expect((inspectCard(plain.card).inputs.find((input) => input.id === 'testbed_id') as unknown as Record<string, unknown>).isRequired).toBe(true);
  });

  it('puts a chosen label back and names the problem under it', () => {
    const again = renderView(
      { kind: 'registerForm', errors: { label: 'Choose a testbed or a label, not both.' }, values: { label: '5g', testbed_id: '1' } },
      context(fleet),
    );
    const label = inspectCard(again.card).inputs.find((input) => input.id === 'label');
    expect(label?.value).toBe('5g');
    expect(seenCard(again.card).texts).toContain('Choose a testbed or a label, not both.');
  });

  it('says every testbed is under maintenance when nothing else is left', () => {
    const all = [underMaintenance(available(1), 'Rack move', null), underMaintenance(available(2), 'Rack move', null)];
    const none = renderView({ kind: 'registerForm' }, context(all));
    expect(seenCard(none.card).texts).toContain('Every testbed is under maintenance right now. Type status to see when they are expected back.');
    expect(none.text).toBe('Every testbed is under maintenance right now. Type status to see when they are expected back.');
  });

  it('never offers a testbed that is both held for a hand-off and labelled', () => {
    const held: LifecycleEntry[] = [{ testbed_id: 1, notices: null, queue: [], offer: { ...bob, until: '2026-03-10T10:10:00.000Z' }, asks: [] }];
    const form = seenCard(renderView({ kind: 'registerForm' }, context(fleet, held)).card);
    expect(form.choices('testbed_id')).toEqual(['plain-6', 'ran-2']);
    expect(form.choices('label')).toEqual(['5G (1 free)']);
  });

  it('answers `book ran-4` under maintenance, and `book ran-1` held for somebody else, as refused bookings; a form with problems stays the form', () => {
    const down = seenCard(renderView({ kind: 'registerForm', named: 'ran-4', filled: { purpose: 'soak' } }, context(fleet)).card);
    expect(down.heading).toBe('ran-4 is under maintenance');
    expect(down.texts[1]).toBe('ran-4 is under maintenance: Replacing the radio unit. Expected back 2026-03-12 16:00 UTC (2026-03-12 17:00 Europe/Berlin).');
    const held: LifecycleEntry[] = [{ testbed_id: 1, notices: null, queue: [], offer: { ...bob, until: '2026-03-10T10:10:00.000Z' }, asks: [] }];
    const forBob = renderView({ kind: 'registerForm', named: 'ran-1' }, { ...context(fleet, held), requesterEmail: ana.email });
    expect(seenCard(forBob.card).heading).toBe('ran-1 is held');
    expect(forBob.text).toBe(`ran-1 is held for ${bob.name} until 2026-03-10 10:10 UTC (2026-03-10 11:10 Europe/Berlin). Nothing was changed.`);
    const again = seenCard(renderView({ kind: 'registerForm', named: 'ran-4', errors: { purpose: 'Tell us what you need the testbed for.' } }, context(fleet)).card);
    expect(again.heading).toBe('Register a testbed');
  });
});

describe('answers to a booking by label', () => {
  it('the success card names the testbed it got and the label asked for', () => {
    const record = labelled(inUse(2, ana, { name: 'ran-2' }), '5g');
    const seen = seenCard(registeredCard({ record, now: NOW, timeZone: zone, label: '5G' }));
    expect(seen.heading).toBe('Booked: ran-2');
    expect(seen.texts).toContain('You asked for any free testbed labelled 5G: you got ran-2.');
    expect(registeredText({ record, now: NOW, timeZone: zone, label: '5G' })).toMatch(/^Booked: ran-2 \(labelled 5G\) is yours until /);
  });

  it('none free: says so and offers the wait-list of the testbeds carrying the label', () => {
    const testbeds = [labelled(inUse(1, bob, { name: 'ran-1' }), '5g'), underMaintenance(labelled(available(4, 'ran-4'), '5G'), 'x', null), available(6)];
    const card = noneFreeWithLabelCard({ label: '5g', testbeds });
    const seen = seenCard(card);
    expect(seen.heading).toBe('No free testbed labelled 5g');
    expect(seen.texts).toContain('No free testbed labelled 5g right now. Nothing was booked.');
    expect(seen.choices('testbed_id')).toEqual(['ran-1', 'ran-4']);
    expect(inspectCard(card).actions.map((action) => [action.title, action.data])).toEqual([
      ['Wait for any 5g', { action: 'wait_label', label: '5g' }],
      ['Notify me when free', { action: 'wait' }],
      ['Choose another', { action: 'register' }],
      ['Status', { action: 'status' }],
      ['Menu', { action: 'menu' }],
    ]);
    expect(seen.texts).toContain('Press Wait for any 5g to wait for the first of them to be handed on.');
    expect(noneFreeWithLabelText({ label: '5g', testbeds })).toBe('No free testbed labelled 5g right now. Nothing was booked. Type wait any 5g to wait for the first of them.');
    expect(cardProblems(card)).toEqual([]);
  });

  it('none free because no testbed carries the label: says so and lists the labels in use', () => {
    const testbeds = [labelled(available(1), 'lab')];
    const seen = seenCard(noneFreeWithLabelCard({ label: 'wifi', testbeds }));
    expect(seen.texts).toEqual(['No testbed labelled wifi', 'No testbed has the label wifi. Nothing was booked.', 'Labels in use: lab.']);
  });
});

describe('parseRegisterSubmission: a testbed or a label', () => {
  const ctx = { now: NOW, timeZone: 'UTC', knownTestbedIds: [1, 2] };
  const rest = { purpose: 'soak', release_choice: '1h' };
  const until = '2026-03-10T11:00:00.000Z';

  it.each([
    ['a testbed', { testbed_id: '2' }, { testbedId: 2, purpose: 'soak', expectedRelease: until }],
    ['a label', { label: '5g' }, { label: '5g', purpose: 'soak', expectedRelease: until }],
    ['a label, trimmed, with an empty testbed picker', { label: ' 5G ', testbed_id: '' }, { label: '5G', purpose: 'soak', expectedRelease: until }],
    ['a testbed with an empty label picker', { testbed_id: '1', label: '' }, { testbedId: 1, purpose: 'soak', expectedRelease: until }],
  ])('accepts %s', (_name, choice, form) => {
    expect(parseRegisterSubmission({ ...rest, ...choice }, ctx)).toEqual({ ok: true, form });
  });

  it.each([
    ['both', { testbed_id: '1', label: '5g' }, { testbed_id: 'Choose a testbed or a label, not both.', label: 'Choose a testbed or a label, not both.' }],
    ['neither', {}, { testbed_id: 'Choose the testbed you want to book, or a label to get any free testbed with it.' }],
    ['neither (both pickers empty)', { testbed_id: '', label: '' }, { testbed_id: 'Choose the testbed you want to book, or a label to get any free testbed with it.' }],
    ['a label that cannot be one', { label: '5g lab' }, { label: 'A label is 1 to 32 letters, digits, dots, underscores or hyphens.' }],
    ['a label too long', { label: 'x'.repeat(33) }, { label: 'A label is 1 to 32 letters, digits, dots, underscores or hyphens.' }],
    ['a label that is not text', { label: ['5g'] }, { label: 'Choose a label from the list.' }],
    ['an unknown testbed', { testbed_id: '9' }, { testbed_id: 'That testbed is not in the list any more. Please choose another one.' }],
  ])('refuses %s, naming the problem and keeping the values', (_name, choice, errors) => {
    const result = parseRegisterSubmission({ ...rest, ...(choice as Record<string, unknown>) }, ctx);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual(errors);
    expect(result.values.purpose).toBe('soak');
    for (const [key, value] of Object.entries(choice)) if (typeof value === 'string') expect(result.values[key]).toBe(value.slice(0, 32));
  });
});
