/**
 * When the daily digest is due: a wall-clock time (`DIGEST_AT`) in a zone (`DIGEST_TZ`) on chosen
 * weekdays (`DIGEST_WEEKDAYS`). Pure and clock-free: every "now" comes in as milliseconds.
 *
 * Daylight-saving changes follow one rule (the one `instantOfWallTime` applies everywhere):
 * - a time the clocks skip (02:30 on a spring-forward night in Europe) is read with the offset in
 *   force before the change, so the digest comes as many minutes after the gap as the time was into
 *   it (02:30 becomes 03:30 summer time): still on that day, still exactly once;
 * - a time the clocks pass twice (02:30 on a fall-back night) means the first of the two.
 */
import { instantOfWallTime, wallTimeAt, WEEKDAY_TITLES } from '../cards/time.js';

export interface DigestSchedule {
  hour: number;
  minute: number;
  /** IANA zone the time and the weekdays are read in. */
  timeZone: string;
  /** ISO weekday numbers, 1 = Monday … 7 = Sunday, ascending, at least one. */
  weekdays: readonly number[];
}

/** A digest posted later than this after its time is skipped (start-up after a longer outage). */
export const DIGEST_GRACE_MS = 60 * 60_000;

/** `09:00` → { hour: 9, minute: 0 }; one- or two-digit hours, two-digit minutes, 24-hour clock; else null. */
export function parseDigestTime(text: string): { hour: number; minute: number } | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  return hour <= 23 && minute <= 59 ? { hour, minute } : null;
}

/** `mon`, `Tue`, `wednesday`, `thurs` → its ISO number; anything else → null. */
function dayNumber(word: string): number | null {
  const lower = word.toLowerCase();
  if (lower.length < 3) return null;
  const index = WEEKDAY_TITLES.findIndex((name) => name.toLowerCase().startsWith(lower));
  return index < 0 ? null : index + 1;
}

export type WeekdaysReading = { ok: true; weekdays: number[] } | { ok: false; unknown: string[] };

/**
 * Reads `mon-fri`, `mon,wed,fri`, `sat-sun`, `daily` or `mon-sun` (case ignored, spaces allowed
 * around commas and dashes, an en dash as typed by some keyboards counts as a dash). A range may wrap past Sunday: `fri-mon` is Friday to Monday.
 * Unknown parts are returned as written, so the problem can be named.
 */
export function parseWeekdays(text: string): WeekdaysReading {
  const days = new Set<number>();
  const unknown: string[] = [];
  const parts = text.split(',').map((part) => part.trim());
  for (const part of parts) {
    if (part === '') continue;
    if (part.toLowerCase() === 'daily') {
      for (let day = 1; day <= 7; day++) days.add(day);
      continue;
    }
    const ends = part.split(/[-\u2013]/).map((end) => end.trim());
    const numbers = ends.map(dayNumber);
    if (ends.length > 2 || numbers.some((n) => n === null)) {
      unknown.push(part);
      continue;
    }
    const [from, to = from] = numbers as number[];
    for (let day = from, steps = 0; steps < 7; day = (day % 7) + 1, steps++) {
      days.add(day);
      if (day === to) break;
    }
  }
  if (unknown.length > 0) return { ok: false, unknown };
  if (days.size === 0) return { ok: false, unknown: [] };
  return { ok: true, weekdays: [...days].sort((a, b) => a - b) };
}

interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

/** The calendar day `offset` days after `date` (plain calendar arithmetic, no zone). */
function addDays(date: CalendarDay, offset: number): CalendarDay {
  const shifted = new Date(0);
  shifted.setUTCFullYear(date.year, date.month - 1, date.day + offset);
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

function isoWeekday(date: CalendarDay): number {
  const value = new Date(0);
  value.setUTCFullYear(date.year, date.month - 1, date.day);
  return ((value.getUTCDay() + 6) % 7) + 1;
}

/** The digest instant of a calendar day in the schedule's zone, or null when that day is not chosen. */
function occurrenceOn(schedule: DigestSchedule, date: CalendarDay): number | null {
  if (!schedule.weekdays.includes(isoWeekday(date))) return null;
  return instantOfWallTime({ ...date, hour: schedule.hour, minute: schedule.minute, second: 0 }, schedule.timeZone);
}

function assertUsable(schedule: DigestSchedule): void {
  if (schedule.weekdays.length === 0) throw new Error('A digest schedule needs at least one weekday.');
}

/** The first digest instant strictly after `afterMs`. */
export function nextDigestAfter(schedule: DigestSchedule, afterMs: number): number {
  assertUsable(schedule);
  const today = wallTimeAt(afterMs, schedule.timeZone);
  // From yesterday: a skipped late-evening time could be read into the next day.
  for (let offset = -1; offset <= 8; offset++) {
    const at = occurrenceOn(schedule, addDays(today, offset));
    if (at !== null && at > afterMs) return at;
  }
  throw new Error('No digest instant found within a week.');
}

/** The latest digest instant at or before `atMs`. */
export function latestDigestAtOrBefore(schedule: DigestSchedule, atMs: number): number {
  assertUsable(schedule);
  const today = wallTimeAt(atMs, schedule.timeZone);
  for (let offset = 1; offset >= -8; offset--) {
    const at = occurrenceOn(schedule, addDays(today, offset));
    if (at !== null && at <= atMs) return at;
  }
  throw new Error('No digest instant found within a week.');
}

export type DigestDecision =
  /** Post the digest of this instant now (it is due, at most an hour ago, and not handled yet). */
  | { kind: 'post'; scheduledFor: number }
  /** The latest digest was missed by more than an hour and is not posted. */
  | { kind: 'skip'; scheduledFor: number }
  | { kind: 'none' };

/**
 * What to do at `nowMs` given the latest digest already handled (posted, or given up on):
 * the latest scheduled instant at or before now is posted when it is at most `DIGEST_GRACE_MS` old
 * and later than the handled one, skipped when older, and nothing happens when it was handled.
 * Digests before the latest one are never posted late.
 */
export function decideDigest(schedule: DigestSchedule, nowMs: number, handledFor: number | null): DigestDecision {
  const latest = latestDigestAtOrBefore(schedule, nowMs);
  if (handledFor !== null && handledFor >= latest) return { kind: 'none' };
  return nowMs - latest <= DIGEST_GRACE_MS ? { kind: 'post', scheduledFor: latest } : { kind: 'skip', scheduledFor: latest };
}

/** `Mon–Fri at 09:00 Europe/Berlin`, for logs and the README. */
export function describeSchedule(schedule: DigestSchedule): string {
  const short = (day: number) => WEEKDAY_TITLES[day - 1].slice(0, 3);
  const days = schedule.weekdays.length === 7 ? 'daily' : schedule.weekdays.map(short).join(', ');
  const time = `${String(schedule.hour).padStart(2, '0')}:${String(schedule.minute).padStart(2, '0')}`;
  return `${days} at ${time} ${schedule.timeZone}`;
}
