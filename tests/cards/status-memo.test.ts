import { describe, expect, it } from 'vitest';
import { StatusMemo, statusCard, statusText, type StatusCardInput } from '../../src/cards/status.card.js';
import type { LifecycleEntry, TestbedRecord } from '../../src/domain.js';
import { emptyLifecycle } from '../../src/domain.js';
import { NOW, ana, available, bob, inUse } from '../fixtures/flows/records.js';
import { seenCard } from '../support/card-text.js';

const zone = 'Europe/Berlin';
const at = (ms: number) => new Date(ms).toISOString();
const base = Date.parse(NOW);

function underMaintenance(id: number, until: string | null): TestbedRecord {
  return { ...available(id), maintenance: { reason: 'new firmware', until, since: '2026-03-10T09:00:00.000Z', by: bob } };
}

/** A small lab with every kind of row whose text moves with the clock. */
function lab(): TestbedRecord[] {
  return [
    available(1),
    { ...available(2, 'lab-2 5g'), labels: ['5g'] },
    // Held since 07:59:30, due 10:00:30: overdue half a minute into the sweep.
    inUse(3, ana, { since: '2026-03-10T07:59:30.000Z', until: '2026-03-10T10:00:30.000Z' }),
    inUse(4, bob, { since: '2026-03-09T09:00:00.000Z', until: '2026-03-10T11:29:45.000Z' }),
    underMaintenance(5, '2026-03-10T10:45:10.000Z'),
    underMaintenance(6, null),
  ];
}

function fresh(input: StatusCardInput) {
  return { card: statusCard(input), text: statusText(input) };
}

describe('status memo', () => {
  it('gives the card and text a fresh build gives, second by second across state and relative-time changes', () => {
    const memo = new StatusMemo();
    const testbeds = lab();
    // Every 5 s for 50 min: minutes of "As of", held-for minutes, "in N min" rounding, overdue at 10:00:30.
    for (let ms = base - 60_000; ms <= base + 50 * 60_000; ms += 5_000) {
      const input = { testbeds, now: at(ms), timeZone: zone };
      expect(memo.view({ ...input })).toEqual(fresh(input));
    }
  });

  it('`status due today` follows the display zone’s midnight: a booking due at 00:30 joins the view as the day turns', () => {
    const memo = new StatusMemo();
    const testbeds = [inUse(1, ana, { since: '2026-03-10T08:00:00.000Z', until: '2026-03-10T23:30:00.000Z' }), inUse(2, bob, { since: '2026-03-10T08:00:00.000Z', until: '2026-03-11T22:00:00.000Z' })];
    const midnight = Date.parse('2026-03-10T23:00:00.000Z'); // 00:00 in Berlin
    const seen: string[] = [];
    for (let ms = midnight - 3 * 60_000; ms <= midnight + 3 * 60_000; ms += 5_000) {
      const input = { testbeds, now: at(ms), timeZone: zone, label: 'due-today' };
      const view = memo.view({ ...input });
      expect(view).toEqual(fresh(input));
      seen.push(seenCard(view.card).texts.includes('Nothing is due back today.') ? 'none' : 'lab-1');
    }
    expect(seen.indexOf('lab-1')).toBe(36);
    expect(seen.slice(36).every((item) => item === 'lab-1')).toBe(true);
  });

  it('follows every change to the records, the wait-lists, the looker, the page and the label', () => {
    const memo = new StatusMemo();
    const now = at(base + 17_000);
    const queue = (id: number, ...emails: string[]): LifecycleEntry => ({
      ...emptyLifecycle(id),
      queue: emails.map((email, i) => ({ email, name: `Person ${i}`, since: NOW })),
    });
    const booked = lab().map((record) => (record.id === 1 ? inUse(1, bob, { purpose: 'soak test' }) : record));
    const renamed = lab().map((record) => (record.id === 2 ? { ...record, testbed_name: 'lab-2 renamed' } : record));
    const relabelled = lab().map((record) => (record.id === 2 ? { ...record, labels: ['5G', 'lab'] } : record));
    const repaired = lab().map((record) => (record.maintenance ? { ...record, maintenance: { ...record.maintenance, reason: 'new power supply' } } : record));
    const held: LifecycleEntry = { ...emptyLifecycle(1), offer: { email: ana.email, name: ana.name, until: '2026-03-10T10:30:00.000Z' } };
    const many = Array.from({ length: 60 }, (_, i) => (i % 2 === 0 ? available(i + 1) : inUse(i + 1, ana)));
    const inputs: StatusCardInput[] = [
      { testbeds: lab(), now, timeZone: zone },
      { testbeds: booked, now, timeZone: zone },
      { testbeds: lab(), now, timeZone: zone },
      { testbeds: renamed, now, timeZone: zone },
      { testbeds: relabelled, now, timeZone: zone },
      { testbeds: repaired, now, timeZone: zone },
      { testbeds: lab(), now, timeZone: 'UTC' },
      { testbeds: lab(), now, timeZone: zone, label: '5g' },
      { testbeds: lab(), now, timeZone: zone, label: 'lab' },
      { testbeds: lab(), now, timeZone: zone, label: 'due-today' },
      // A person's bookings (`what does Bob have`), the same words as a label, and somebody who holds none.
      { testbeds: lab(), now, timeZone: zone, holder: 'bob' },
      { testbeds: lab(), now, timeZone: zone, label: 'bob' },
      { testbeds: lab(), now, timeZone: zone, holder: 'ana', requesterEmail: bob.email },
      { testbeds: lab(), now, timeZone: zone, holder: 'ana', requesterEmail: ana.email },
      { testbeds: lab(), now, timeZone: zone, holder: 'Zed' },
      { testbeds: booked, now, timeZone: zone, holder: 'bob' },
      { testbeds: lab(), now, timeZone: zone, holder: 'ana', life: [queue(4, bob.email, ana.email)] },
      // One testbed asked about names who waits for it; the whole lab's status the same queue counted only.
      { testbeds: lab(), now, timeZone: zone, label: 'lab-4', life: [queue(4, bob.email, ana.email)], requesterEmail: ana.email },
      { testbeds: lab(), now, timeZone: zone, life: [queue(4, bob.email, ana.email)], requesterEmail: ana.email },
      { testbeds: lab(), now, timeZone: zone, holder: 'Person 1', life: [queue(4, bob.email, ana.email)] },
      { testbeds: lab(), now, timeZone: zone, life: [queue(3, ana.email, bob.email)], requesterEmail: bob.email },
      { testbeds: lab(), now, timeZone: zone, life: [queue(3, ana.email, bob.email)], requesterEmail: ana.email },
      { testbeds: lab(), now, timeZone: zone, life: [queue(3, ana.email, bob.email)], requesterEmail: ' ANA@example.com ' },
      { testbeds: lab(), now, timeZone: zone, life: [queue(3, ana.email, bob.email)] },
      { testbeds: lab(), now, timeZone: zone, life: [queue(3, ana.email)], requesterEmail: bob.email },
      { testbeds: lab(), now, timeZone: zone, life: [held], requesterEmail: bob.email },
      // The same hold seen by the person it is held for: `Held for you`, never handed to another looker.
      { testbeds: lab(), now, timeZone: zone, life: [held], requesterEmail: ana.email },
      { testbeds: lab(), now, timeZone: zone, life: [held], requesterEmail: bob.email },
      { testbeds: lab().filter((record) => record.id !== 4), now, timeZone: zone },
      { testbeds: many, now, timeZone: zone, page: 1 },
      { testbeds: many, now, timeZone: zone, page: 2 },
      { testbeds: many, now, timeZone: zone, page: 3 },
      { testbeds: many.slice(0, 59), now, timeZone: zone, page: 2 },
      { testbeds: [], now, timeZone: zone },
    ];
    // Twice round: the second time every view may come from the memo.
    for (const input of [...inputs, ...inputs]) expect(memo.view({ ...input })).toEqual(fresh(input));
  });

  it('shows the looker their own place in a queue', () => {
    const memo = new StatusMemo();
    const life = [{ ...emptyLifecycle(3), queue: [ana, bob].map((person) => ({ email: person.email, name: person.name, since: NOW })) }];
    const texts = (requesterEmail: string) => seenCard(memo.view({ testbeds: lab(), now: NOW, timeZone: zone, life, requesterEmail }).card).texts;
    expect(texts(ana.email)).toContain('Queue: 2 waiting · you are #1');
    expect(texts(bob.email)).toContain('Queue: 2 waiting · you are #2');
  });

  it('shows a hold as the looker\'s own only to the person it is held for', () => {
    const memo = new StatusMemo();
    const life = [{ ...emptyLifecycle(1), offer: { email: ana.email, name: ana.name, until: '2026-03-10T10:30:00.000Z' } }];
    const texts = (requesterEmail: string) => seenCard(memo.view({ testbeds: lab(), now: NOW, timeZone: 'UTC', life, requesterEmail }).card).texts;
    expect(texts(ana.email)).toContain('Held for you until 2026-03-10 10:30 UTC');
    expect(texts(bob.email)).toContain('Held for Ana Ops until 2026-03-10 10:30 UTC');
  });

  it('hands out one frozen view while nothing it shows has changed', () => {
    const memo = new StatusMemo();
    const first = memo.view({ testbeds: lab(), now: NOW, timeZone: zone });
    const again = memo.view({ testbeds: lab(), now: at(base + 20_000), timeZone: zone });
    expect(again).toBe(first);
    // The same records written in another key order are the same records.
    const reordered = lab().map((record) => Object.fromEntries(Object.entries(record).reverse()) as unknown as TestbedRecord);
    expect(memo.view({ testbeds: reordered, now: NOW, timeZone: zone })).toBe(first);
    expect(Object.isFrozen(first.card)).toBe(true);
    expect(Object.isFrozen(first.card.body)).toBe(true);
    expect(() => (first.card.body as unknown[]).push({})).toThrow(TypeError);
    // A minute later "As of" and the relative times move on: a new view.
    expect(memo.view({ testbeds: lab(), now: at(base + 60_000), timeZone: zone })).not.toBe(first);
  });
});
