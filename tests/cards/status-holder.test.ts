/** `what does Linus have`, `status Linus`: the status view narrowed to one person's bookings. */
import { describe, expect, it } from 'vitest';
import { statusCard, statusText, type StatusCardInput } from '../../src/cards/status.card.js';
import { emptyLifecycle, type TestbedRecord } from '../../src/domain.js';
import { heldByTyped, holderNames } from '../../src/lab-rules.js';
import { cardProblems } from '../support/adaptive-cards.js';
import { buttonTitles, seenCard } from '../support/card-text.js';
import { NOW, ana, available, bob, inUse } from '../fixtures/flows/records.js';
import { unLookAlike } from '../support/rendered-text.js';
import { inspectCard } from './card-walk.js';

const linus = { email: 'linus.lab@example.com', name: 'Linus Lab' };
const torvalds = { email: 'lt@example.com', name: 'Linus Torvalds' };

function lab(): TestbedRecord[] {
  return [
    inUse(1, linus, { until: '2026-03-10T12:00:00.000Z' }),
    inUse(2, linus, { until: '2026-03-10T09:00:00.000Z' }),
    inUse(3, bob),
    { ...available(4), labels: ['radio'] },
    inUse(5, torvalds, { until: '2026-03-10T15:00:00.000Z' }),
  ];
}

const rowNames = (input: StatusCardInput) =>
  seenCard(statusCard(input))
    .texts.map((text) => /^● (\S+) · /.exec(text)?.[1])
    .filter((name) => name !== undefined);

describe('who a person is, as typed', () => {
  const records = lab();
  const ids = (typed: string) => heldByTyped(records, typed).map((record) => record.id);

  it.each([
    ['Linus Lab', [1, 2]],
    ['  linus   LAB ', [1, 2]],
    ['linus.lab@example.com', [1, 2]],
    ['LINUS.LAB', [1, 2]],
    ['@Linus Lab', [1, 2]],
    ["Linus Lab's", [1, 2]],
    ['“Linus Lab”', [1, 2]],
    ['Linus', [1, 2, 5]],
    ['torvalds', [5]],
    ['Bob Builder', [3]],
  ])('%j names the holder of %j', (typed, expected) => {
    expect(ids(typed)).toEqual(expected);
  });

  it.each(['Lin', 'Linus Builder', 'lab', 'me', 'everyone', 'it', 'x', '3', 'example.com', 'lab-4', ''])('%j names nobody', (typed) => {
    expect(ids(typed)).toEqual([]);
  });

  it('names a pipeline by its token’s name, as its holds show it', () => {
    const pipeline = inUse(7, { email: 'owner@example.com', name: 'nightly-ci' });
    expect(heldByTyped([...records, pipeline], 'nightly-ci').map((record) => record.id)).toEqual([7]);
    expect(heldByTyped([...records, pipeline], 'ci')).toEqual([]);
  });

  it('never names a free testbed, whatever is left in its fields', () => {
    expect(heldByTyped([{ ...available(9), user_name: 'Linus Lab' }], 'Linus')).toEqual([]);
  });

  it('names each holder once, in order', () => {
    expect(holderNames(heldByTyped(records, 'Linus'))).toBe('Linus Lab and Linus Torvalds');
    expect(holderNames([...heldByTyped(records, 'Linus'), records[2]])).toBe('Linus Lab, Linus Torvalds and Bob Builder');
  });
});

describe('status card of one person’s bookings', () => {
  const input = (extra: Partial<StatusCardInput>): StatusCardInput => ({ testbeds: lab(), now: NOW, timeZone: 'UTC', requesterEmail: ana.email, ...extra });

  it('lists only their bookings, overdue first, under “Held by” their name', () => {
    const shown = input({ holder: 'linus lab' });
    const card = statusCard(shown);
    expect(cardProblems(card)).toEqual([]);
    expect(seenCard(card).texts[1]).toBe('Held by Linus Lab · As of 2026-03-10 10:00 UTC');
    expect(rowNames(shown)).toEqual(['lab-2', 'lab-1']);
    // The picker to wait for one of them, and no “Wait for any testbed”: their bookings say nothing of the lab.
    expect(seenCard(card).choices('testbed_id')).toEqual(['lab-1', 'lab-2']);
    expect(buttonTitles(card)).toEqual(['Notify me when free', 'Register', 'Release', 'Mine', 'Menu']);
    expect(statusText(shown)).toBe('Held by Linus Lab: lab-2, overdue since 2026-03-10 09:00 UTC (1 h ago); lab-1, due back 2026-03-10 12:00 UTC (in 2 h).');
  });

  it('names both holders when the words fit two people', () => {
    const shown = input({ holder: 'Linus' });
    expect(seenCard(statusCard(shown)).texts[1]).toBe('Held by Linus Lab and Linus Torvalds · As of 2026-03-10 10:00 UTC');
    expect(rowNames(shown)).toEqual(['lab-2', 'lab-1', 'lab-5']);
  });

  it('with one booking, offers its buttons: wait for it, or ask the holder', () => {
    const shown = input({ holder: 'bob' });
    const card = statusCard(shown);
    expect(rowNames(shown)).toEqual(['lab-3']);
    expect(buttonTitles(card).slice(0, 2)).toEqual(['Notify me when free', 'Ask the holder']);
    expect(inspectCard(card).actions[1].data).toMatchObject({ action: 'ask_holder', testbed_id: '3' });
    expect(statusText(shown)).toBe('lab-3 is in use by Bob Builder until 2026-03-10 12:00 UTC (in 2 h).');
    // Their own booking, asked about by name: nothing to wait for or ask.
    expect(buttonTitles(statusCard({ ...shown, requesterEmail: bob.email }))).toEqual(['Register', 'Release', 'Mine', 'Menu']);
    // Already waiting for it: the button leaves the queue.
    const queued = { ...shown, life: [{ ...emptyLifecycle(3), queue: [{ email: ana.email, name: ana.name, since: NOW }] }] };
    expect(buttonTitles(statusCard(queued))[0]).toBe('Leave the queue');
  });

  it('says so when nobody called so holds a testbed, above every testbed', () => {
    const shown = input({ holder: 'Zed' });
    const seen = seenCard(statusCard(shown));
    const line = seen.all.find((item) => item.text.startsWith('Nobody'));
    expect(line?.text).toBe('Nobody called “Zed” holds a testbed right now.');
    expect(line?.element.color).toBe('warning');
    expect(rowNames(shown)).toEqual(['lab-2', 'lab-1', 'lab-3', 'lab-5', 'lab-4']);
    expect(statusText(shown)).toBe('Nobody called “Zed” holds a testbed right now. All testbeds: 1 available, 3 in use, 1 overdue, 5 in total.');
  });

  it('keeps the words typed inert in the card', () => {
    const line = seenCard(statusCard(input({ holder: '**Zed** [x](http://e.x)' }))).all.find((item) => item.text.startsWith('Nobody'));
    // No bold, no link: the characters as typed (look-alikes of the markup ones).
    expect(unLookAlike(line?.text ?? '')).toBe('Nobody called “**Zed** [x](http://e.x)” holds a testbed right now.');
    expect(line?.text).not.toContain('**');
  });

  it('`status Linus`: a label or testbed called so comes first, then a holder', () => {
    expect(rowNames(input({ label: 'Torvalds' }))).toEqual(['lab-5']);
    expect(seenCard(statusCard(input({ label: 'Torvalds' }))).texts[1]).toBe('Held by Linus Torvalds · As of 2026-03-10 10:00 UTC');
    const radio = lab().map((record) => (record.id === 3 ? inUse(3, { email: 'r@example.com', name: 'Radio Ham' }) : record));
    expect(rowNames({ ...input({ label: 'radio' }), testbeds: radio })).toEqual(['lab-4']);
    // Nobody and nothing called so: the label answer, as before.
    expect(seenCard(statusCard(input({ label: 'zed' }))).texts[1]).toBe('No testbed has the label zed.');
  });

  it('says where the person waits, above their bookings, and also when they hold none', () => {
    const life = [
      { ...emptyLifecycle(3), queue: [{ email: ana.email, name: ana.name, since: NOW }, { email: linus.email, name: linus.name, since: NOW }] },
      { ...emptyLifecycle(5), queue: [{ email: linus.email, name: linus.name, since: NOW }] },
    ];
    const waiting = input({ holder: 'Linus Lab', life });
    const texts = seenCard(statusCard(waiting)).texts;
    expect(texts.indexOf('Linus Lab waits for lab-3 (#2) and lab-5 (#1).')).toBeLessThan(texts.indexOf('● lab-2 · Overdue'));
    expect(statusText(waiting)).toMatch(/^Held by Linus Lab: lab-2, overdue since .*\. Linus Lab waits for lab-3 \(#2\) and lab-5 \(#1\)\.$/);
    // Bob holds lab-3 and waits nowhere: no such line.
    expect(seenCard(statusCard(input({ holder: 'bob', life }))).texts.filter((text) => text.includes(' waits for '))).toEqual([]);
    // Holding nothing, waiting for one: both said.
    const ada = input({ holder: 'ana', life });
    expect(seenCard(statusCard(ada)).texts.slice(6, 8)).toEqual(['Nobody called “ana” holds a testbed right now.', 'Ana Ops waits for lab-3 (#1).']);
    expect(statusText(ada)).toBe('Nobody called “ana” holds a testbed right now. Ana Ops waits for lab-3 (#1). All testbeds: 1 available, 3 in use, 1 overdue, 5 in total.');
  });

  it('keeps the person on its page buttons', () => {
    const many = Array.from({ length: 30 }, (_, i) => inUse(i + 1, linus));
    const card = statusCard({ testbeds: many, now: NOW, timeZone: 'UTC', holder: 'Linus' });
    const next = inspectCard(card).actions.find((action) => action.title === 'Next ▶');
    expect(next?.data).toEqual({ action: 'status_page', page: 2, holder: 'Linus' });
  });
});

describe('who waits for one testbed (`who is waiting for lab-3`)', () => {
  const queue = (names: string[]) => names.map((name, index) => ({ email: `p${index}@example.com`, name, since: NOW }));

  it('names them under its row, next first; five named, the rest counted', () => {
    const life = [{ ...emptyLifecycle(3), queue: queue(['Ada Ops', 'Linus *L*']) }];
    const seen = seenCard(statusCard({ testbeds: [inUse(3, bob), available(4)], now: NOW, timeZone: 'UTC', life, label: 'lab-3' }));
    expect(seen.texts.map(unLookAlike).slice(-2)).toEqual(['Queue: 2 waiting', 'In line: Ada Ops, Linus *L*']);
    expect(statusText({ testbeds: [inUse(3, bob)], now: NOW, timeZone: 'UTC', life, label: 'lab-3' })).toBe(
      'lab-3 is in use by Bob Builder until 2026-03-10 12:00 UTC (in 2 h). 2 people are waiting. In line: Ada Ops, Linus *L*.',
    );
    const many = [{ ...emptyLifecycle(3), queue: queue(['A a', 'B b', 'C c', 'D d', 'E e', 'F f', 'G g']) }];
    expect(seenCard(statusCard({ testbeds: [inUse(3, bob)], now: NOW, timeZone: 'UTC', life: many, label: 'lab-3' })).texts.at(-1)).toBe('In line: A a, B b, C c, D d, E e and 2 more');
  });

  it('the whole lab’s status keeps its rows short: counts only', () => {
    const life = [{ ...emptyLifecycle(3), queue: queue(['Ada Ops']) }];
    const texts = seenCard(statusCard({ testbeds: [inUse(3, bob), available(4)], now: NOW, timeZone: 'UTC', life })).texts;
    expect(texts).toContain('Queue: 1 waiting');
    expect(texts.filter((text) => text.startsWith('In line'))).toEqual([]);
  });
});
