/**
 * The daily digest card as people read it on every client: the day in the heading, the counts,
 * overdue bookings with holder names and how long overdue, who waits for what, maintenance; names
 * shown as typed with nothing turned into markup; a long list cut, not the card; the text fallback
 * saying the same.
 */
import { describe, expect, it } from 'vitest';
import { digestCard, digestDate, digestSummary, digestText, MAX_DIGEST_ROWS, type DigestCardInput } from '../../src/cards/digest.card.js';
import { cardBytes, MAX_CARD_BYTES } from '../../src/cards/common.js';
import { emptyLifecycle, type LifecycleEntry, type TestbedRecord } from '../../src/domain.js';
import { seenCard } from '../support/card-text.js';
import { cardProblems } from '../support/adaptive-cards.js';
import { markupFormed, unLookAlike } from '../support/rendered-text.js';
import { NOW, ana, available, bob, dueTodayLab, inUse } from '../fixtures/flows/records.js';
import { inspectCard } from './card-walk.js';

const TRICKY = '**lab_4** [x](http://evil)';
const trickyHolder = { email: 'eve@example.com', name: '_Eve_ <b>' };

const underMaintenance = (id: number, name: string): TestbedRecord => ({
  ...available(id, name),
  maintenance: { reason: 'new *firmware*', until: '2026-03-11T12:00:00.000Z', since: '2026-03-10T06:00:00.000Z', by: ana },
});

const testbeds: TestbedRecord[] = [
  available(1),
  inUse(2, ana, { until: '2026-03-10T12:00:00.000Z' }),
  inUse(3, bob, { until: '2026-03-10T07:55:00.000Z' }),
  inUse(4, trickyHolder, { name: TRICKY, until: '2026-03-09T10:00:00.000Z' }),
  underMaintenance(5, 'lab-5'),
];

const lifecycle: LifecycleEntry[] = [
  {
    ...emptyLifecycle(1),
    offer: { email: 'carol@example.com', name: 'Carol Dev', until: '2026-03-10T10:10:00.000Z' },
    queue: [{ email: 'dan@example.com', name: 'Dan *D*', since: '2026-03-10T09:00:00.000Z' }],
  },
  {
    ...emptyLifecycle(2),
    queue: [
      { email: 'grace@example.com', name: 'Grace Hopper', since: '2026-03-10T08:00:00.000Z' },
      { email: bob.email, name: bob.name, since: '2026-03-10T08:30:00.000Z' },
    ],
  },
  // A testbed that no longer exists is left out; one with nothing to say too.
  { ...emptyLifecycle(9), queue: [{ email: 'x@example.com', name: 'Ghost', since: '2026-03-10T08:00:00.000Z' }] },
  { ...emptyLifecycle(3), notices: { expected_release_time: '2026-03-10T07:55:00.000Z', reminder_sent_at: null, overdue_sent_at: null, overdue_count: 0 } },
];

const input: DigestCardInput = { testbeds, lifecycle, scheduledFor: '2026-03-10T09:00:00.000Z', now: NOW, timeZone: 'UTC' };

describe('digest card', () => {
  it('reads right: heading, counts, overdue with holders, due back today, waiting people, maintenance', () => {
    const seen = seenCard(digestCard(input));
    expect(seen.heading).toBe('Daily digest · Tue 10 Mar 2026');
    expect(seen.facts).toEqual({ Available: '1', 'In use': '1', Overdue: '2', 'Under maintenance': '1', Total: '5' });
    expect(seen.texts.map(unLookAlike)).toEqual([
      'Daily digest · Tue 10 Mar 2026',
      'As of 2026-03-10 10:00 UTC',
      'Overdue (2)',
      `${TRICKY} · _Eve_ <b> (eve@example.com) · overdue by 1 d`,
      'lab-3 · Bob Builder (bob@example.com) · overdue by 2 h 5 min',
      'Due back today (1)',
      'lab-2 · Ana Ops · due back 2026-03-10 12:00 UTC',
      'Waiting (2)',
      'lab-1 · offered to Carol Dev until 2026-03-10 10:10 UTC · waiting: Dan *D*',
      'lab-2 · waiting: Grace Hopper, Bob Builder',
      'Under maintenance (1)',
      'lab-5 · new *firmware* · expected back 2026-03-11 12:00 UTC',
    ]);
  });

  it('a maintenance past its expected end says so, and by how long', () => {
    const late = { ...underMaintenance(5, 'lab-5'), maintenance: { ...underMaintenance(5, 'lab-5').maintenance!, until: '2026-03-09T08:00:00.000Z' } };
    const shown = { ...input, testbeds: [available(1), late] };
    expect(unLookAlike(seenCard(digestCard(shown)).texts.at(-1)!)).toBe('lab-5 · new *firmware* · was expected back 2026-03-09 08:00 UTC (past it by 1 d 2 h)');
    expect(digestText(shown).split('\n').at(-1)).toBe('- lab-5 · new *firmware* · was expected back 2026-03-09 08:00 UTC (past it by 1 d 2 h)');
  });

  it('is a valid card without buttons, and no typed text forms markup on any renderer', () => {
    const json = digestCard(input);
    expect(cardProblems(json)).toEqual([]);
    const walked = inspectCard(json);
    expect(walked.disallowedTypes).toEqual([]);
    expect(walked.actions).toEqual([]);
    for (const item of seenCard(json).all) if (item.markdown) expect(markupFormed(item.source)).toEqual([]);
  });

  it('says so when nothing is overdue and nobody waits, and leaves due back today and maintenance out when there is none', () => {
    const seen = seenCard(digestCard({ ...input, testbeds: [available(1), inUse(2, ana, { until: '2026-03-11T09:00:00.000Z' })], lifecycle: [] }));
    expect(seen.texts).toEqual(['Daily digest · Tue 10 Mar 2026', 'As of 2026-03-10 10:00 UTC', 'Nothing is overdue.', 'Nobody is waiting for a testbed.']);
    expect(seen.facts).toMatchObject({ Available: '1', 'In use': '1', Overdue: '0', 'Under maintenance': '0', Total: '2' });
  });

  it('due back today lists the bookings due later on the digest’s day in its zone, soonest first: not overdue ones, not tomorrow’s', () => {
    const due = dueTodayLab();
    const dueRows = (timeZone: string) => {
      const texts = seenCard(digestCard({ ...input, testbeds: due, lifecycle: [], timeZone })).texts;
      const at = texts.findIndex((text) => text.startsWith('Due back today'));
      return at < 0 ? [] : texts.slice(at, texts.findIndex((text, index) => index > at && !text.includes(' · due back ')));
    };
    expect(dueRows('UTC')).toEqual([
      'Due back today (3)',
      'rig-soon · Ana Ops · due back 2026-03-10 11:00 UTC',
      'rig-late · Bob Builder · due back 2026-03-10 21:30 UTC',
      'rig-midnight · Ana Ops · due back 2026-03-10 23:30 UTC',
    ]);
    expect(dueRows('Europe/Berlin')).toEqual([
      'Due back today (2)',
      'rig-soon · Ana Ops · due back 2026-03-10 11:00 UTC (2026-03-10 12:00 Europe/Berlin)',
      'rig-late · Bob Builder · due back 2026-03-10 21:30 UTC (2026-03-10 22:30 Europe/Berlin)',
    ]);
  });

  it('the heading has the digest\'s day in its zone, and times are shown in that zone too', () => {
    expect(digestDate('2026-03-09T23:30:00.000Z', 'Europe/Berlin')).toBe('Tue 10 Mar 2026');
    expect(digestDate('2026-03-09T23:30:00.000Z', 'UTC')).toBe('Mon 9 Mar 2026');
    expect(digestDate('2026-12-31T23:00:00.000Z', 'Pacific/Auckland')).toBe('Fri 1 Jan 2027');
    const seen = seenCard(digestCard({ ...input, scheduledFor: '2026-03-10T08:00:00.000Z', timeZone: 'Europe/Berlin' }));
    expect(seen.heading).toBe('Daily digest · Tue 10 Mar 2026');
    expect(seen.texts[1]).toBe('As of 2026-03-10 10:00 UTC (2026-03-10 11:00 Europe/Berlin)');
  });

  it('a long overdue list is cut to a size every client accepts, the rest counted', () => {
    const many = Array.from({ length: 200 }, (_, i) =>
      inUse(i + 1, { email: `person-${i}@example.com`, name: `Person ${'x'.repeat(60)} ${i}` }, { name: `testbed-${'y'.repeat(40)}-${i}`, until: '2026-03-09T10:00:00.000Z' }),
    );
    const queues = many.map((record) => ({ ...emptyLifecycle(record.id), queue: [{ email: 'w@example.com', name: `Waiting ${'z'.repeat(60)}`, since: NOW }] }));
    const json = digestCard({ ...input, testbeds: many, lifecycle: queues });
    expect(cardBytes(json)).toBeLessThan(MAX_CARD_BYTES);
    const seen = seenCard(json);
    expect(seen.texts).toContain('Overdue (200)');
    expect(seen.texts).toContain(`…and ${200 - MAX_DIGEST_ROWS} more.`);
    expect(seen.texts.filter((text) => text.includes('overdue by'))).toHaveLength(MAX_DIGEST_ROWS);
    expect(cardProblems(json)).toEqual([]);
  });

  it('the text fallback says the same in plain words', () => {
    expect(digestText(input)).toBe(
      [
        'Daily digest · Tue 10 Mar 2026',
        'Available 1 · In use 1 · Overdue 2 · Under maintenance 1 · Total 5',
        'Overdue:',
        `- ${TRICKY} · _Eve_ <b> (eve@example.com) · overdue by 1 d`,
        '- lab-3 · Bob Builder (bob@example.com) · overdue by 2 h 5 min',
        'Due back today:',
        '- lab-2 · Ana Ops · due back 2026-03-10 12:00 UTC',
        'Waiting:',
        '- lab-1 · offered to Carol Dev until 2026-03-10 10:10 UTC · waiting: Dan *D*',
        '- lab-2 · waiting: Grace Hopper, Bob Builder',
        'Under maintenance:',
        '- lab-5 · new *firmware* · expected back 2026-03-11 12:00 UTC',
      ].join('\n'),
    );
  });

  it('people waiting for any testbed (or any of a label, or whichever of named ones) are one line each, not a line per queue they are in', () => {
    const byLabel: LifecycleEntry[] = [
      { ...emptyLifecycle(2), queue: [{ email: 'grace@example.com', name: 'Grace Hopper', since: '2026-03-10T08:00:00.000Z', label: 'testbed' }] },
      {
        ...emptyLifecycle(3),
        queue: [
          { email: 'GRACE@example.com', name: 'Grace Hopper', since: '2026-03-10T08:00:00.000Z', label: 'testbed' },
          { email: 'dan@example.com', name: 'Dan Ops', since: '2026-03-10T08:10:00.000Z', label: '5g' },
          { email: bob.email, name: bob.name, since: '2026-03-10T08:20:00.000Z' },
        ],
      },
      {
        ...emptyLifecycle(4),
        queue: [
          { email: 'eve@example.com', name: 'Eve', since: '2026-03-10T07:00:00.000Z', label: 'testbed' },
          { email: 'grace@example.com', name: 'Grace Hopper', since: '2026-03-10T08:00:00.000Z', label: 'testbed' },
          // `wait lab-2 or lab-4`: named with or.
          { email: 'fay@example.com', name: 'Fay', since: '2026-03-10T08:30:00.000Z', label: 'lab-2\nlab-4' },
        ],
      },
      { ...emptyLifecycle(5), queue: [{ email: 'fay@example.com', name: 'Fay', since: '2026-03-10T08:30:00.000Z', label: 'lab-2\nlab-4' }] },
    ];
    const withLabels = { ...input, lifecycle: byLabel };
    const seen = seenCard(digestCard(withLabels));
    const rows = seen.texts.slice(seen.texts.indexOf('Waiting (4)') + 1, seen.texts.indexOf('Under maintenance (1)'));
    expect(rows).toEqual(['lab-3 · waiting: Bob Builder', 'any testbed · waiting: Eve, Grace Hopper', 'any 5g · waiting: Dan Ops', 'lab-2 or lab-4 · waiting: Fay']);
    expect(digestText(withLabels)).toContain('Waiting:\n- lab-3 · waiting: Bob Builder\n- any testbed · waiting: Eve, Grace Hopper\n- any 5g · waiting: Dan Ops\n- lab-2 or lab-4 · waiting: Fay\n');
    // Bob once for lab-3, Eve and Grace once for any testbed, Dan once for any 5g, Fay once for lab-2 or lab-4.
    expect(digestSummary(withLabels).waitingPeople).toBe(5);
  });

  it('the summary counts people waiting (an offer counts as one) without naming them', () => {
    const summary = digestSummary(input);
    expect(summary.counts).toEqual({ total: 5, available: 1, inUse: 1, overdue: 2, maintenance: 1 });
    expect(summary.waitingPeople).toBe(4);
  });
});
