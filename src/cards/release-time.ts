/**
 * The expected release time of a register form: a quick choice (1h, 4h, end
 * of today in the display zone, 1d, 3d, 1w) or a custom date + time read in
 * the display zone. Must be in the future and at most MAX_DAYS_AHEAD
 * days ahead. Pure: `now` comes in as an ISO string.
 */
import { DURATIONS, daysInMonth, formatUtc, instantOfWallTime, isoFromMs, parseIso, safeZone, wallTimeAt } from './time.js';

/** A booking may last at most this many days. */
export const MAX_DAYS_AHEAD = 90;

const QUICK_OFFSETS: Record<string, number> = {
  '1h': DURATIONS.HOUR,
  '4h': 4 * DURATIONS.HOUR,
  '1d': DURATIONS.DAY,
  '3d': 3 * DURATIONS.DAY,
  '1w': 7 * DURATIONS.DAY,
};

export type Resolved = { ok: true; iso: string } | { ok: false; field: string; message: string };

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

function customInstant(date: string, time: string, timeZone: string): Resolved | number {
  if (date === '') return { ok: false, field: 'release_date', message: 'Pick a date for your custom release time.' };
  const dateMatch = DATE_PATTERN.exec(date);
  const [year, month, day] = dateMatch ? dateMatch.slice(1, 4).map(Number) : [0, 0, 0];
  if (!dateMatch || year < 1970 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    return { ok: false, field: 'release_date', message: 'That is not a real date. Use a date like 2026-03-14.' };
  }
  if (time === '') return { ok: false, field: 'release_time', message: 'Pick a time for your custom release time.' };
  const timeMatch = TIME_PATTERN.exec(time);
  if (!timeMatch) return { ok: false, field: 'release_time', message: 'That is not a real time. Use a time like 17:30.' };
  return instantOfWallTime({ year, month, day, hour: Number(timeMatch[1]), minute: Number(timeMatch[2]), second: 0 }, timeZone);
}

/** Turns the release inputs into an ISO UTC instant in the allowed window; `field` names the input at fault. */
export function resolveRelease(choice: string, date: string, time: string, now: string, timeZone: string): Resolved {
  const base = parseIso(now);
  if (base === null) return { ok: false, field: 'release_choice', message: 'I could not work out the time. Please try again.' };
  const zone = safeZone(timeZone);
  const custom = choice === 'custom' || (choice === '' && date !== '');
  let instant: number;
  let field = 'release_choice';
  if (custom) {
    const result = customInstant(date, time, zone);
    if (typeof result !== 'number') return result;
    instant = result;
    field = 'release_date';
  } else if (choice === 'eod') {
    instant = instantOfWallTime({ ...wallTimeAt(base, zone), hour: 23, minute: 59, second: 0 }, zone);
  } else if (Object.prototype.hasOwnProperty.call(QUICK_OFFSETS, choice)) {
    instant = base + QUICK_OFFSETS[choice];
  } else {
    return { ok: false, field, message: 'Choose when you expect to release it.' };
  }
  if (instant <= base) {
    return { ok: false, field, message: `That time has already passed (${zone}). Choose a time in the future.` };
  }
  const latest = base + MAX_DAYS_AHEAD * DURATIONS.DAY;
  if (instant > latest) {
    return { ok: false, field, message: `Book for at most ${MAX_DAYS_AHEAD} days (until ${formatUtc(isoFromMs(latest))}).` };
  }
  return { ok: true, iso: isoFromMs(instant) };
}
