/** Who had a testbed: its past bookings as a person reads them, newest first, with how each ended. */
import { describe, expect, it } from 'vitest';
import { HISTORY_DAYS, MAX_HISTORY_ROWS, historyCard, historyText, myHistoryCard, myHistoryText, personHistoryCard, personHistoryText, spanText } from '../../src/cards/history.card.js';
import type { HistoryEntry, Holder, TestbedRecord } from '../../src/domain.js';
import type { AdaptiveCardJson } from '../../src/platform/port.js';
import { buttonTitles, seenCard } from '../support/card-text.js';
import { cardProblems } from '../support/adaptive-cards.js';
import { markupFormed, unLookAlike } from '../support/rendered-text.js';
import { NOW, ana, available, bob, inUse } from '../fixtures/flows/records.js';

const grace: Holder = { email: 'grace@example.com', name: 'Grace Hopper' };

/** A booking of `testbedId` by `holder` from `from` to `to` (ISO), closed by `event`. */
function closed(testbedId: number, holder: Holder, from: string, to: string, options: Partial<{ due: string; by: Holder | null; event: 'released' | 'force_released' | 'expired'; reason: string; purpose: string }> = {}): HistoryEntry {
  const base = {
    at: to,
    testbed_id: testbedId,
    testbed_name: `lab-${testbedId}`,
    by: options.by === undefined ? holder : options.by,
    holder,
    registered_time: from,
    expected_release_time: options.due ?? to,
    purpose: options.purpose ?? 'soak test',
  };
  if (options.event === 'force_released') return { ...base, event: 'force_released', reason: options.reason ?? 'needed' };
  if (options.event === 'expired') return { ...base, event: 'expired', by: null };
  return { ...base, event: 'released' };
}

/** Each booking row (a Container) as the lines a person reads, top to bottom. */
function rows(cardJson: AdaptiveCardJson): string[][] {
  return (cardJson.body as Array<Record<string, unknown>>)
    .filter((element) => element.type === 'Container')
    .map((container) => seenCard({ type: 'AdaptiveCard', version: '1.3', body: container.items }).texts);
}

describe('the history card: problems reported', () => {
  const problem = (testbedId: number, at: string, by: Holder, text: string): HistoryEntry => ({ at, event: 'problem_reported', testbed_id: testbedId, testbed_name: `lab-${testbedId}`, by, text });

  it('lists the problems reported with it under its bookings, newest first, five at most, the rest counted; other testbeds’ stay out', () => {
    const entries: HistoryEntry[] = [
      closed(3, ana, '2026-03-09T08:00:00.000Z', '2026-03-09T12:30:00.000Z'),
      problem(3, '2026-03-09T09:15:00.000Z', bob, 'no power on **slot 2**'),
      problem(4, '2026-03-09T09:20:00.000Z', bob, 'not this one'),
      ...[1, 2, 3, 4, 5].map((day) => problem(3, `2026-03-0${day}T10:00:00.000Z`, grace, `fan ${day}`)),
    ];
    const input = { record: available(3), entries, now: NOW, timeZone: 'UTC' };
    const texts = seenCard(historyCard(input)).texts.map(unLookAlike);
    const at = texts.indexOf('Problems reported');
    expect(texts.slice(at)).toEqual([
      'Problems reported',
      '2026-03-09 09:15 UTC · Bob Builder: no power on **slot 2**',
      '2026-03-05 10:00 UTC · Grace Hopper: fan 5',
      '2026-03-04 10:00 UTC · Grace Hopper: fan 4',
      '2026-03-03 10:00 UTC · Grace Hopper: fan 3',
      '2026-03-02 10:00 UTC · Grace Hopper: fan 2',
      'And 1 earlier one.',
    ]);
    // What people typed stays as typed: no bold formed from it.
    for (const item of seenCard(historyCard(input)).all) if (item.markdown) expect(markupFormed(item.source), item.source).toEqual([]);
    expect(historyText(input)).toMatch(/ 6 problems reported, the last by Bob Builder: no power on \*\*slot 2\*\*$/);
    // None reported: no such section.
    expect(seenCard(historyCard({ ...input, entries: entries.slice(0, 1) })).texts).not.toContain('Problems reported');
  });
});

describe('the history card', () => {
  const entries: HistoryEntry[] = [
    closed(3, ana, '2026-03-09T08:00:00.000Z', '2026-03-09T12:30:00.000Z'),
    closed(3, bob, '2026-03-08T09:00:00.000Z', '2026-03-08T15:00:00.000Z', { due: '2026-03-08T13:00:00.000Z' }),
    closed(3, ana, '2026-03-07T09:00:00.000Z', '2026-03-07T10:00:00.000Z', { by: bob }),
    closed(3, bob, '2026-03-05T22:00:00.000Z', '2026-03-06T09:15:00.000Z', { event: 'force_released', by: grace, reason: 'overdue, needed for the release' }),
    closed(3, { email: 'ci@example.com', name: 'nightly-pipeline' }, '2026-03-04T01:00:00.000Z', '2026-03-04T03:00:00.000Z', { event: 'expired' }),
    // Another testbed's booking, and a line that closes nothing: neither is listed.
    closed(4, bob, '2026-03-09T08:00:00.000Z', '2026-03-09T09:00:00.000Z'),
    { at: '2026-03-09T08:00:00.000Z', testbed_id: 3, testbed_name: 'lab-3', by: ana, event: 'registered', purpose: 'soak test', expected_release_time: '2026-03-09T12:00:00.000Z' },
  ];

  it('lists the bookings newest first: who, when and how long, the purpose, and how each ended', () => {
    const cardJson = historyCard({ record: available(3), entries, now: NOW, timeZone: 'UTC' });
    expect(cardProblems(cardJson)).toEqual([]);
    const seen = seenCard(cardJson);
    expect(seen.heading).toBe('History: lab-3');
    expect(seen.texts.slice(1, 3)).toEqual([`Bookings of the last ${HISTORY_DAYS} days, newest first.`, 'Now: free']);
    expect(rows(cardJson)).toEqual([
      ['Ana Ops', '2026-03-09 08:00 → 12:30 UTC (4 h 30 min)', 'Purpose: soak test', 'Released'],
      ['Bob Builder', '2026-03-08 09:00 → 15:00 UTC (6 h)', 'Purpose: soak test', 'Released, 2 h late'],
      ['Ana Ops', '2026-03-07 09:00 → 10:00 UTC (1 h)', 'Purpose: soak test', 'Released by Bob Builder'],
      ['Bob Builder', '2026-03-05 22:00 → 2026-03-06 09:15 UTC (11 h 15 min)', 'Purpose: soak test', 'Force released by Grace Hopper: overdue, needed for the release'],
      ['nightly-pipeline', '2026-03-04 01:00 → 03:00 UTC (2 h)', 'Purpose: soak test', 'Ended by the bot: its pipeline did not renew the hold'],
    ]);
    expect(buttonTitles(cardJson)).toEqual(['Status', 'Menu']);
    expect(historyText({ record: available(3), entries, now: NOW, timeZone: 'UTC' })).toBe(
      'History of lab-3: 5 bookings in the last 30 days; the last by Ana Ops, 2026-03-09 08:00 → 12:30 UTC (4 h 30 min).',
    );
  });

  it('a booking handed to a colleague ends, for its first holder, as handed over to them', () => {
    const released = closed(3, ana, '2026-03-09T08:00:00.000Z', '2026-03-09T10:00:00.000Z', { due: '2026-03-09T18:00:00.000Z' }) as Extract<HistoryEntry, { event: 'released' }>;
    const handed: HistoryEntry = { ...released, event: 'handed_over', to: { email: bob.email, name: 'Bob *B*' } };
    const cardJson = historyCard({ record: inUse(3, bob), entries: [handed], now: NOW, timeZone: 'UTC' });
    expect(rows(cardJson).map((row) => row.map(unLookAlike))).toEqual([['Ana Ops', '2026-03-09 08:00 → 10:00 UTC (2 h)', 'Purpose: soak test', 'Handed over to Bob *B*']]);
  });

  it('colours what went wrong: late, forced, a hold that ran out', () => {
    const endings = (historyCard({ record: available(3), entries, now: NOW, timeZone: 'UTC' }).body as Array<{ items?: Array<Record<string, unknown>> }>)
      .filter((element) => element.items)
      .map((element) => element.items!.at(-1)!.color ?? 'default');
    expect(endings).toEqual(['default', 'attention', 'default', 'attention', 'attention']);
  });

  it('shows the booking now above the past ones, or the maintenance', () => {
    const held = seenCard(historyCard({ record: inUse(3, bob, { purpose: 'firmware' }), entries, now: NOW, timeZone: 'UTC' }));
    expect(held.texts.slice(2, 6)).toEqual([
      'Now: Bob Builder',
      'Since 2026-03-10 08:00 UTC',
      'Expected release: 2026-03-10 12:00 UTC (in 2 h)',
      'Purpose: firmware',
    ]);
    const down: TestbedRecord = { ...available(3), maintenance: { reason: 'new optics', until: null, since: NOW, by: grace } };
    expect(seenCard(historyCard({ record: down, entries, now: NOW, timeZone: 'UTC' })).texts[2]).toBe('Now: under maintenance (new optics)');
  });

  it('says so when no booking ended in the window, and counts what it leaves off', () => {
    const none = seenCard(historyCard({ record: available(3), entries: [], now: NOW, timeZone: 'UTC' }));
    expect(none.texts.at(-1)).toBe('No booking of it ended in the last 30 days.');
    expect(historyText({ record: available(3), entries: [], now: NOW, timeZone: 'UTC' })).toBe('History of lab-3: no bookings ended in the last 30 days.');

    const many = Array.from({ length: MAX_HISTORY_ROWS + 3 }, (_, i) =>
      closed(3, i % 2 ? ana : bob, new Date(Date.parse(NOW) - (i + 2) * 3_600_000).toISOString(), new Date(Date.parse(NOW) - (i + 1) * 3_600_000).toISOString()),
    );
    const cardJson = historyCard({ record: available(3), entries: many, now: NOW, timeZone: 'UTC' });
    expect(rows(cardJson)).toHaveLength(MAX_HISTORY_ROWS);
    expect(seenCard(cardJson).texts.at(-1)).toBe("And 3 earlier bookings. Type report 30 for the whole lab's usage.");
  });

  it('writes times on the display zone’s clock, the end’s date only on another day', () => {
    expect(spanText('2026-03-09T08:00:00.000Z', '2026-03-09T12:30:00.000Z', 'Europe/Berlin')).toBe('2026-03-09 09:00 → 13:30 Europe/Berlin (4 h 30 min)');
    expect(spanText('2026-03-09T22:30:00.000Z', '2026-03-09T23:30:00.000Z', 'Europe/Berlin')).toBe('2026-03-09 23:30 → 2026-03-10 00:30 Europe/Berlin (1 h)');
  });

  it('shows names, reasons and purposes as typed, never as markup', () => {
    const tricky: Holder = { email: 'x@example.com', name: '**Boss** _admin_' };
    const line = closed(3, tricky, '2026-03-09T08:00:00.000Z', '2026-03-09T09:00:00.000Z', { purpose: '[click](http://evil.example) `rm -rf`' });
    const cardJson = historyCard({ record: available(3), entries: [line], now: NOW, timeZone: 'UTC' });
    const [row] = rows(cardJson);
    expect(unLookAlike(row[0])).toBe('**Boss** _admin_');
    expect(unLookAlike(row[2])).toBe('Purpose: [click](http://evil.example) `rm -rf`');
    for (const item of seenCard(cardJson).all) if (item.markdown) expect(markupFormed(item.source), item.source).toEqual([]);
  });
});

describe('my history', () => {
  const entries: HistoryEntry[] = [
    closed(3, ana, '2026-03-09T08:00:00.000Z', '2026-03-09T12:30:00.000Z'),
    closed(4, bob, '2026-03-09T09:00:00.000Z', '2026-03-09T10:00:00.000Z'),
    closed(4, { ...ana, email: 'ANA@example.com' }, '2026-03-07T09:00:00.000Z', '2026-03-07T11:00:00.000Z', { due: '2026-03-07T10:00:00.000Z' }),
  ];

  it('lists the asker’s own bookings, newest first, each under its testbed, with their hours in all', () => {
    const cardJson = myHistoryCard({ email: ana.email, entries, timeZone: 'UTC' });
    expect(cardProblems(cardJson)).toEqual([]);
    const seen = seenCard(cardJson);
    expect(seen.texts.slice(0, 2)).toEqual(['Your past bookings', '2 bookings ended in the last 30 days, 6 h 30 min in all, newest first.']);
    expect(rows(cardJson)).toEqual([
      ['lab-3', '2026-03-09 08:00 → 12:30 UTC (4 h 30 min)', 'Purpose: soak test', 'Released'],
      ['lab-4', '2026-03-07 09:00 → 11:00 UTC (2 h)', 'Purpose: soak test', 'Released, 1 h late'],
    ]);
    expect(buttonTitles(cardJson)).toEqual(['Mine', 'Menu']);
    expect(myHistoryText({ email: ana.email, entries, timeZone: 'UTC' })).toBe('Your past bookings: 2 bookings ended in the last 30 days, 6 h 30 min in all, newest first.');
  });

  it('says so when none of theirs ended, and shows nobody’s when the asker is not known', () => {
    expect(seenCard(myHistoryCard({ email: 'carol@example.com', entries, timeZone: 'UTC' })).texts[1]).toBe('None ended in the last 30 days. Type mine for the ones you hold now.');
    expect(rows(myHistoryCard({ entries, timeZone: 'UTC' }))).toEqual([]);
  });
});

describe('somebody else’s history (`what did Grace book`)', () => {
  const entries: HistoryEntry[] = [
    closed(3, grace, '2026-03-09T08:00:00.000Z', '2026-03-09T12:30:00.000Z'),
    closed(4, bob, '2026-03-09T09:00:00.000Z', '2026-03-09T10:00:00.000Z'),
    closed(5, { ...grace, email: 'GRACE@example.com' }, '2026-03-07T09:00:00.000Z', '2026-03-07T11:00:00.000Z', { due: '2026-03-07T10:00:00.000Z' }),
    closed(6, { email: 'grace.kelly@example.com', name: 'Grace Kelly' }, '2026-03-06T09:00:00.000Z', '2026-03-06T10:00:00.000Z'),
  ];

  it('lists the bookings of the person named, newest first, under their name, with their hours in all', () => {
    const cardJson = personHistoryCard({ person: 'Hopper', entries, timeZone: 'UTC' });
    expect(cardProblems(cardJson)).toEqual([]);
    expect(seenCard(cardJson).texts.slice(0, 2)).toEqual(['Past bookings of Grace Hopper', '2 bookings ended in the last 30 days, 6 h 30 min in all, newest first.']);
    expect(rows(cardJson)).toEqual([
      ['lab-3', '2026-03-09 08:00 → 12:30 UTC (4 h 30 min)', 'Purpose: soak test', 'Released'],
      ['lab-5', '2026-03-07 09:00 → 11:00 UTC (2 h)', 'Purpose: soak test', 'Released, 1 h late'],
    ]);
    expect(buttonTitles(cardJson)).toEqual(['Status', 'Menu']);
    expect(personHistoryText({ person: 'grace@example.com', entries, timeZone: 'UTC' })).toBe('Past bookings of Grace Hopper: 2 bookings ended in the last 30 days, 6 h 30 min in all, newest first.');
  });

  it('names everybody the words fit', () => {
    expect(seenCard(personHistoryCard({ person: 'grace', entries, timeZone: 'UTC' })).heading).toBe('Past bookings of Grace Hopper and Grace Kelly');
    expect(rows(personHistoryCard({ person: 'grace', entries, timeZone: 'UTC' })).map((row) => row[0])).toEqual(['lab-3', 'lab-5', 'lab-6']);
  });

  it('says so when nobody called so had a booking end, the words inert', () => {
    const seen = seenCard(personHistoryCard({ person: '**Zed**', entries, timeZone: 'UTC' }));
    expect(seen.heading).toBe('Past bookings');
    expect(unLookAlike(seen.texts[1])).toBe('No booking held by anybody called “**Zed**” ended in the last 30 days.');
    expect(seen.texts[1]).not.toContain('**');
    expect(personHistoryText({ person: 'Zed', entries, timeZone: 'UTC' })).toBe('No booking held by anybody called “Zed” ended in the last 30 days.');
  });
});

describe('the history card: a booking made for its holder by somebody else', () => {
  const registered = (testbedId: number, at: string, by: Holder, holder?: Holder): HistoryEntry => ({
    at,
    event: 'registered',
    testbed_id: testbedId,
    testbed_name: `lab-${testbedId}`,
    by,
    purpose: 'soak test',
    expected_release_time: '2026-03-10T18:00:00.000Z',
    via: 'chat',
    ...(holder === undefined ? {} : { holder }),
  });

  it('says who booked it under the booking: in the testbed’s history, now and past, and in the holder’s own', () => {
    const booking = inUse(3, bob, { since: '2026-03-10T08:00:00.000Z' });
    const entries: HistoryEntry[] = [
      registered(3, '2026-03-09T08:00:00.000Z', ana, bob),
      closed(3, bob, '2026-03-09T08:00:00.000Z', '2026-03-09T12:00:00.000Z'),
      registered(3, '2026-03-08T08:00:00.000Z', bob),
      closed(3, bob, '2026-03-08T08:00:00.000Z', '2026-03-08T12:00:00.000Z'),
      registered(3, '2026-03-10T08:00:00.000Z', grace, bob),
    ];
    const card = historyCard({ record: booking, entries, now: NOW, timeZone: 'UTC' });
    const texts = seenCard(card).texts;
    expect(texts.slice(texts.indexOf('Now: Bob Builder'), texts.indexOf('Now: Bob Builder') + 3)).toEqual(['Now: Bob Builder', 'Since 2026-03-10 08:00 UTC', 'Booked by Grace Hopper']);
    expect(rows(card).map((row) => row.slice(0, 3))).toEqual([
      ['Bob Builder', '2026-03-09 08:00 → 12:00 UTC (4 h)', 'Booked by Ana Ops'],
      ['Bob Builder', '2026-03-08 08:00 → 12:00 UTC (4 h)', 'Purpose: soak test'],
    ]);
    const mine = myHistoryCard({ email: bob.email, entries, timeZone: 'UTC' });
    expect(rows(mine)[0].slice(0, 3)).toEqual(['lab-3', '2026-03-09 08:00 → 12:00 UTC (4 h)', 'Booked by Ana Ops']);
  });
});
