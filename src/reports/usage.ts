/**
 * The usage report's figures, computed from the history lines of a window and the records still
 * in use. Pure: the lines, the records, `now` and the zone come in; nothing is read or written.
 *
 * A booking is an interval on one testbed: from its `registered_time` to the line that closed it
 * (`released`, `force_released` or `expired`, which carry the whole booking), or to `now` while the
 * record is still in use. Only the part inside the window counts, so a booking that started
 * before the window adds its hours but not a booking. Overdue time is the part after the final
 * expected release (the closing line's, or the record's for an open booking) while still held.
 */
import type { HistoryEntry, Holder, TestbedRecord } from '../domain.js';
import { isoUtcMs } from '../time-rules.js';
import { compareNames } from '../cards/name-order.js';
import { isUtcZone, safeZone, zoneOffsetMs } from '../cards/time.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The windows a report can show: the last 7 or the last 30 days. */
export const REPORT_DAYS = [7, 30] as const;
export type ReportDays = (typeof REPORT_DAYS)[number];

export interface UsageInput {
  /** History lines of the window (at ≥ since), in time order. */
  entries: readonly HistoryEntry[];
  /** The current records (open bookings and today's names). */
  records: readonly TestbedRecord[];
  /** ISO 8601 UTC: the end of the window. */
  now: string;
  days: number;
  /** DISPLAY_TIMEZONE: which hours of the day are busiest is read on this clock. */
  timeZone: string;
}

export interface TestbedUsage {
  id: number;
  name: string;
  /** Hours in use inside the window. */
  hours: number;
  /** Hours in use / window hours, in percent (0–100). */
  utilisation: number;
  /** Bookings that started inside the window. */
  bookings: number;
  /** Hours held past the expected release, inside the window. */
  overdueHours: number;
  /** No longer in the testbed document (retired): its name comes from the history lines. */
  retired: boolean;
}

export interface HolderUsage {
  email: string;
  name: string;
  hours: number;
  bookings: number;
}

export interface HourUsage {
  /** Hour of the day in the report's zone, 0–23 (the hour from `hour`:00 to `hour + 1`:00). */
  hour: number;
  /** Testbed-hours in use during this hour of the day, over the whole window. */
  testbedHours: number;
  /** Testbeds in use during this hour on an average day of the window. */
  averageInUse: number;
}

export interface UsageReport {
  days: number;
  /** ISO 8601 UTC: the window is [since, now]. */
  since: string;
  now: string;
  timeZone: string;
  windowHours: number;
  /** Most used first (hours, then bookings, then name). */
  testbeds: TestbedUsage[];
  /** Most hours first. */
  holders: HolderUsage[];
  /** All 24 hours of the day, 0 to 23. */
  hours: HourUsage[];
  /** The hours of the day with the most testbed-hours in use (at most three, none when idle). */
  busiestHours: HourUsage[];
  totals: { hours: number; bookings: number; overdueHours: number };
}

/** ISO 8601 UTC start of a window of `days` days ending at `now`. */
export function windowStart(now: string, days: number): string {
  const end = isoUtcMs(now, { secondsOptional: true }) ?? 0;
  return new Date(end - days * DAY).toISOString();
}

interface Booking {
  testbedId: number;
  holder: Holder;
  start: number;
  end: number;
  expected: number | null;
}

const CLOSINGS = new Set(['released', 'force_released', 'expired', 'handed_over']);
const ms = (iso: string | null | undefined) => isoUtcMs(iso, { secondsOptional: true });

/** Every booking that touches the window: closed ones from their lines, open ones from the records. */
function bookingsOf(entries: readonly HistoryEntry[], records: readonly TestbedRecord[], now: number): Booking[] {
  const found: Booking[] = [];
  // Starts of the closed bookings by testbed, so a record showing one of them again is not counted twice.
  const closedStarts = new Map<number, Set<number>>();
  for (const entry of entries) {
    if (!CLOSINGS.has(entry.event)) continue;
    const closed = entry as Extract<HistoryEntry, { event: 'released' }>;
    const start = ms(closed.registered_time);
    const end = ms(closed.at);
    if (start === null || end === null || end < start) continue;
    const starts = closedStarts.get(closed.testbed_id) ?? new Set<number>();
    if (starts.has(start)) continue;
    starts.add(start);
    closedStarts.set(closed.testbed_id, starts);
    found.push({ testbedId: closed.testbed_id, holder: closed.holder, start, end, expected: ms(closed.expected_release_time) });
  }
  for (const record of records) {
    if (record.status !== 'in_use' || !record.user_email) continue;
    const start = ms(record.registered_time);
    if (start === null || start > now || closedStarts.get(record.id)?.has(start)) continue;
    const holder = { email: record.user_email, name: record.user_name ?? record.user_email };
    found.push({ testbedId: record.id, holder, start, end: now, expected: ms(record.expected_release_time) });
  }
  return found;
}

/** Length of [a, b) ∩ [from, to). */
function overlap(a: number, b: number, from: number, to: number): number {
  return Math.max(0, Math.min(b, to) - Math.max(a, from));
}

/**
 * Testbed-milliseconds in use per hour of the day (in `timeZone`): a sweep over the bookings'
 * starts and ends, each stretch of constant use split at the zone's hour boundaries.
 */
function perHourOfDay(spans: Array<[number, number]>, timeZone: string): number[] {
  const buckets = new Array<number>(24).fill(0);
  const zone = safeZone(timeZone);
  const utc = isUtcZone(zone);
  const offsets = new Map<number, number>();
  const offsetAt = (t: number) => {
    if (utc) return 0;
    const slot = Math.floor(t / HOUR);
    let offset = offsets.get(slot);
    if (offset === undefined) {
      offset = zoneOffsetMs(slot * HOUR, zone);
      offsets.set(slot, offset);
    }
    return offset;
  };
  const spread = (from: number, to: number, weight: number) => {
    let t = from;
    while (t < to) {
      const offset = offsetAt(t);
      const localHour = Math.floor((t + offset) / HOUR);
      const next = Math.min(to, (localHour + 1) * HOUR - offset);
      buckets[((localHour % 24) + 24) % 24] += weight * (next - t);
      t = next;
    }
  };
  const changes: Array<[number, number]> = [];
  for (const [from, to] of spans) changes.push([from, 1], [to, -1]);
  changes.sort((a, b) => a[0] - b[0]);
  let inUse = 0;
  let last = changes.length > 0 ? changes[0][0] : 0;
  for (const [at, delta] of changes) {
    if (inUse > 0 && at > last) spread(last, at, inUse);
    inUse += delta;
    last = at;
  }
  return buckets;
}

export function computeUsage(input: UsageInput): UsageReport {
  const now = ms(input.now) ?? 0;
  const since = now - input.days * DAY;
  const windowMs = input.days * DAY;
  const current = new Map(input.records.map((record) => [record.id, record]));

  // One row per testbed of the document and per testbed the window's lines name (retired ones too).
  const rows = new Map<number, TestbedUsage>();
  const rowOf = (id: number, name: string) => {
    let row = rows.get(id);
    if (!row) {
      const record = current.get(id);
      row = { id, name: record?.testbed_name ?? name, hours: 0, utilisation: 0, bookings: 0, overdueHours: 0, retired: !record };
      rows.set(id, row);
    } else if (row.retired) {
      row.name = name;
    }
    return row;
  };
  for (const record of input.records) rowOf(record.id, record.testbed_name);
  for (const entry of input.entries) rowOf(entry.testbed_id, entry.testbed_name);

  const holders = new Map<string, HolderUsage & { latest: number }>();
  const spans: Array<[number, number]> = [];
  let totalMs = 0;
  let overdueMs = 0;
  let started = 0;
  for (const booking of bookingsOf(input.entries, input.records, now)) {
    const inside = overlap(booking.start, booking.end, since, now);
    const startedHere = booking.start >= since && booking.start <= now;
    if (inside === 0 && !startedHere) continue;
    const overdue = booking.expected !== null && booking.expected < booking.end ? overlap(Math.max(booking.expected, booking.start), booking.end, since, now) : 0;
    const row = rows.get(booking.testbedId) ?? rowOf(booking.testbedId, `testbed ${booking.testbedId}`);
    row.hours += inside / HOUR;
    row.overdueHours += overdue / HOUR;
    if (startedHere) row.bookings += 1;
    totalMs += inside;
    overdueMs += overdue;
    if (startedHere) started += 1;
    if (inside > 0) spans.push([Math.max(booking.start, since), Math.min(booking.end, now)]);

    const key = booking.holder.email.trim().toLowerCase();
    const holder = holders.get(key) ?? { email: booking.holder.email, name: booking.holder.name, hours: 0, bookings: 0, latest: -Infinity };
    holder.hours += inside / HOUR;
    if (startedHere) holder.bookings += 1;
    if (booking.start > holder.latest) {
      holder.latest = booking.start;
      holder.name = booking.holder.name;
      holder.email = booking.holder.email;
    }
    holders.set(key, holder);
  }

  const testbeds = [...rows.values()]
    .map((row) => ({ ...row, utilisation: windowMs > 0 ? Math.min(100, (row.hours * HOUR * 100) / windowMs) : 0 }))
    .sort((a, b) => b.hours - a.hours || b.bookings - a.bookings || compareNames(a.name, b.name) || a.id - b.id);
  const holderList = [...holders.values()]
    .map(({ latest: _latest, ...holder }) => holder)
    .sort((a, b) => b.hours - a.hours || b.bookings - a.bookings || compareNames(a.name, b.name));
  const buckets = perHourOfDay(spans, input.timeZone);
  const hours = buckets.map((bucket, hour) => ({ hour, testbedHours: bucket / HOUR, averageInUse: input.days > 0 ? bucket / HOUR / input.days : 0 }));
  const busiestHours = hours
    .filter((hour) => hour.testbedHours > 0)
    .sort((a, b) => b.testbedHours - a.testbedHours || a.hour - b.hour)
    .slice(0, 3);
  return {
    days: input.days,
    since: new Date(since).toISOString(),
    now: new Date(now).toISOString(),
    timeZone: safeZone(input.timeZone),
    windowHours: input.days * 24,
    testbeds,
    holders: holderList,
    hours,
    busiestHours,
    totals: { hours: totalMs / HOUR, bookings: started, overdueHours: overdueMs / HOUR },
  };
}
