/**
 * History lines for tests and the benchmark: small builders for hand-made histories, and a
 * generated history of many testbeds over many days (deterministic: a seeded random source),
 * written as the bot writes it (one JSON object per line, in time order).
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import type { ClosedBooking, HistoryEntry, Holder, TestbedRecord } from '../../src/domain.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A closing line (`released`, `force_released` or `expired`) carrying the booking it closes. */
export function closing(
  event: 'released' | 'force_released' | 'expired',
  p: { at: string; id: number; name?: string; by?: Holder | null; holder: Holder; since: string; expected: string; reason?: string },
): HistoryEntry {
  const booking: ClosedBooking = { holder: p.holder, registered_time: p.since, expected_release_time: p.expected, purpose: 'test run' };
  const base = { at: p.at, testbed_id: p.id, testbed_name: p.name ?? `lab-${p.id}`, by: p.by === undefined ? p.holder : p.by };
  if (event === 'force_released') return { ...base, event, reason: p.reason ?? 'needed for the release', ...booking };
  return { ...base, event, ...booking };
}

export function registered(p: { at: string; id: number; name?: string; holder: Holder; expected: string }): HistoryEntry {
  return { at: p.at, testbed_id: p.id, testbed_name: p.name ?? `lab-${p.id}`, by: p.holder, event: 'registered', purpose: 'test run', expected_release_time: p.expected, via: 'chat' };
}

export function extended(p: { at: string; id: number; name?: string; holder: Holder; expected: string; previous: string }): HistoryEntry {
  return {
    at: p.at,
    testbed_id: p.id,
    testbed_name: p.name ?? `lab-${p.id}`,
    by: p.holder,
    event: 'extended',
    expected_release_time: p.expected,
    previous_expected_release_time: p.previous,
  };
}

export function jsonLines(entries: readonly unknown[]): string {
  return entries.map((entry) => `${JSON.stringify(entry)}\n`).join('');
}

/** A seeded random source in [0, 1) (mulberry32). */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export interface GeneratedHistory {
  path: string;
  lines: number;
  bytes: number;
  /** The testbed records at `end`: bookings still open are in use. */
  records: TestbedRecord[];
  /** Every line written, oldest first (only when `keepEntries`). */
  entries?: HistoryEntry[];
}

/**
 * `days` of history for `testbeds` testbeds ending at `end`: several bookings a day each (1–10 h,
 * now and then a few days), reminders, about one in five extended, about one in six overdue (with
 * its overdue notice), some force releases, queues with offers, and the bookings still open at
 * the end left in use in the records.
 */
export async function writeGeneratedHistory(
  path: string,
  options: { testbeds: number; days: number; end: string; seed?: number; keepEntries?: boolean },
): Promise<GeneratedHistory> {
  const random = seeded(options.seed ?? 13);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];
  const between = (low: number, high: number) => low + random() * (high - low);
  const iso = (ms: number) => new Date(Math.round(ms)).toISOString();
  const people: Holder[] = Array.from({ length: 60 }, (_, i) => ({ email: `person.${i}@example.com`, name: `Person ${i}` }));
  const admin: Holder = { email: 'lead@example.com', name: 'Lab Lead' };
  const end = Date.parse(options.end);
  const start = end - options.days * DAY;
  const all: Array<{ ms: number; entry: HistoryEntry }> = [];
  const records: TestbedRecord[] = [];
  // Nothing after the end: a reminder or notice still to come is not history yet.
  const add = (ms: number, entry: HistoryEntry) => {
    if (ms <= end) all.push({ ms, entry });
  };

  for (let id = 1; id <= options.testbeds; id++) {
    const name = `lab-${String(id).padStart(3, '0')}`;
    const base = { testbed_id: id, testbed_name: name };
    let record: TestbedRecord = { id, testbed_name: name, status: 'available', user_email: null, user_name: null, registered_time: null, purpose: null, expected_release_time: null };
    let t = start + between(0, 6 * HOUR);
    while (t < end) {
      const holder = pick(people);
      const planned = random() < 0.05 ? between(24, 72) * HOUR : between(1, 10) * HOUR;
      let expected = t + planned;
      const since = iso(t);
      add(t, { ...base, at: since, by: holder, event: 'registered', purpose: 'regression run', expected_release_time: iso(expected), via: 'chat' });
      if (random() < 0.1) add(t + 10 * 60_000, { ...base, at: iso(t + 10 * 60_000), by: pick(people), event: 'queued', position: 1 });
      if (random() < 0.2) {
        const at = t + planned * 0.7;
        const previous = expected;
        expected += between(1, 4) * HOUR;
        add(at, { ...base, at: iso(at), by: holder, event: 'extended', expected_release_time: iso(expected), previous_expected_release_time: iso(previous) });
      }
      add(expected - 15 * 60_000, { ...base, at: iso(expected - 15 * 60_000), by: null, event: 'reminder_sent', holder, expected_release_time: iso(expected) });
      const overdue = random() < 0.16;
      const released = overdue ? expected + between(0.5, 8) * HOUR : t + (expected - t) * between(0.5, 1);
      if (overdue) add(expected + 60_000, { ...base, at: iso(expected + 60_000), by: null, event: 'overdue', holder, expected_release_time: iso(expected), count: 1 });
      if (released >= end) {
        record = { ...record, status: 'in_use', user_email: holder.email, user_name: holder.name, registered_time: since, purpose: 'regression run', expected_release_time: iso(expected) };
        break;
      }
      const forced = overdue && random() < 0.2;
      const booking: ClosedBooking = { holder, registered_time: since, expected_release_time: iso(expected), purpose: 'regression run' };
      add(
        released,
        forced
          ? { ...base, at: iso(released), by: admin, event: 'force_released', reason: 'needed for the nightly run', ...booking }
          : { ...base, at: iso(released), by: holder, event: 'released', ...booking },
      );
      if (random() < 0.1) {
        const to = pick(people);
        add(released + 1_000, { ...base, at: iso(released + 1_000), by: null, event: 'offered', to, until: iso(released + 15 * 60_000) });
      }
      t = released + between(0.5, 10) * HOUR;
    }
    records.push(record);
  }
  // Lines of one instant keep the order they were made in (a stable sort).
  all.sort((a, b) => a.ms - b.ms);
  const out = createWriteStream(path);
  let bytes = 0;
  let batch = '';
  for (const { entry } of all) {
    batch += `${JSON.stringify(entry)}\n`;
    if (batch.length > 1 << 20) {
      bytes += Buffer.byteLength(batch);
      if (!out.write(batch)) await once(out, 'drain');
      batch = '';
    }
  }
  bytes += Buffer.byteLength(batch);
  out.end(batch);
  await once(out, 'finish');
  return { path, lines: all.length, bytes, records, ...(options.keepEntries ? { entries: all.map((item) => item.entry) } : {}) };
}
