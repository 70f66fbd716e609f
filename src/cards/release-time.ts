/**
 * The expected release time of a register form: a quick choice (1h, 4h, end
 * of today in the display zone, 1d, 3d, 1w) or a custom date + time read in
 * the display zone. Must be in the future and at most MAX_DAYS_AHEAD
 * days ahead. Pure: `now` comes in as an ISO string.
 *
 * A filled custom date or time is the person's choice whatever the quick
 * choice says (a client may pre-select a quick choice, or keep one from an
 * earlier attempt): it is never silently replaced by the quick choice. When
 * it cannot be used, the problem is named and nothing is booked.
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

export type ReleaseField = 'release_choice' | 'release_date' | 'release_time';

/** `outside`: a time that was read, but has passed or lies past MAX_DAYS_AHEAD (the words were right, the time is not). */
export type Resolved = { ok: true; iso: string } | { ok: false; field: ReleaseField; message: string; outside?: 'passed' | 'tooFar' };

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

const has = (record: Record<string, number>, key: string) => Object.prototype.hasOwnProperty.call(record, key);

/** A quick choice the form offers (anything but custom or nothing). */
function isQuickChoice(choice: string): boolean {
  return choice === 'eod' || has(QUICK_OFFSETS, choice);
}

function refuse(field: ReleaseField, message: string, outside?: 'passed' | 'tooFar'): Resolved {
  return { ok: false, field, message, ...(outside === undefined ? {} : { outside }) };
}

/**
 * The instant of a custom date and time, or the problem with them. `hint` is
 * added where clearing the custom fields would let the quick choice apply.
 */
function customInstant(date: string, time: string, timeZone: string, hint: string): Resolved | number {
  if (date === '' && time === '') return refuse('release_date', 'Pick a date and a time for your custom release time.');
  if (date === '') return refuse('release_date', `You filled in a time: pick a date for it too.${hint}`);
  const dateMatch = DATE_PATTERN.exec(date);
  const [year, month, day] = dateMatch ? dateMatch.slice(1, 4).map(Number) : [0, 0, 0];
  if (!dateMatch || year < 1970 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    return refuse('release_date', 'That is not a real date. Use a date like 2026-03-14.');
  }
  if (time === '') return refuse('release_time', `You filled in a date: pick a time for it too.${hint}`);
  const timeMatch = TIME_PATTERN.exec(time);
  if (!timeMatch) return refuse('release_time', 'That is not a real time. Use a time like 17:30.');
  return instantOfWallTime({ year, month, day, hour: Number(timeMatch[1]), minute: Number(timeMatch[2]), second: 0 }, timeZone);
}

/**
 * Turns the release inputs into an ISO UTC instant in the allowed window;
 * `field` names the input at fault. A filled date or time makes the release
 * custom, whatever `choice` says.
 */
export function resolveRelease(choice: string, date: string, time: string, now: string, timeZone: string): Resolved {
  const base = parseIso(now);
  if (base === null) return refuse('release_choice', 'I could not work out the time. Please try again.');
  const zone = safeZone(timeZone);
  const custom = choice === 'custom' || date !== '' || time !== '';
  const hint = isQuickChoice(choice) ? ' Or clear the custom date and time to use the quick choice.' : '';
  let instant: number;
  let field: ReleaseField = 'release_choice';
  if (custom) {
    const result = customInstant(date, time, zone, hint);
    if (typeof result !== 'number') return result;
    instant = result;
    field = 'release_date';
  } else if (choice === 'eod') {
    instant = instantOfWallTime({ ...wallTimeAt(base, zone), hour: 23, minute: 59, second: 0 }, zone);
  } else if (has(QUICK_OFFSETS, choice)) {
    instant = base + QUICK_OFFSETS[choice];
  } else {
    return refuse(field, 'Choose when you expect to release it, or fill in a custom date and time.');
  }
  if (instant <= base) {
    return refuse(field, `That time has already passed (${zone}). Choose a time in the future.${hint}`, 'passed');
  }
  const latest = base + MAX_DAYS_AHEAD * DURATIONS.DAY;
  if (instant > latest) {
    return refuse(field, `Book for at most ${MAX_DAYS_AHEAD} days (until ${formatUtc(isoFromMs(latest))}).${hint}`, 'tooFar');
  }
  return { ok: true, iso: isoFromMs(instant) };
}
