/**
 * The expected end of maintenance as an admin types it: `YYYY-MM-DD HH:MM` in DISPLAY_TIMEZONE, or
 * ISO 8601 naming its own offset (`Z`, `+01:00`, `+0100`, `+01`), or followed by a zone as the bot
 * shows its times (`UTC`, `Europe/Berlin`, `CET`); empty means not known. It must lie
 * in the future and at most 90 days ahead. Pure: `now` comes in as an ISO string.
 */
import { DURATIONS, daysInMonth, formatInZone, instantOfWallTime, isUtcZone, isoFromMs, parseIso, safeZone } from './time.js';
import { splitTypedZone, zoneClock } from './typed-zone.js';

/** `until` may lie at most this many days ahead. */
export const UNTIL_DAYS_AHEAD = 90;

// `2026-03-14 18:00` (or with a T, and optional seconds) in the display zone; with `Z` or an offset
// such as `+01:00`, `+0100` or `+01` it is read in that offset instead.
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?\s?(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

export type UntilResult = { ok: true; iso: string | null } | { ok: false; message: string };

/** A format example: tomorrow (in the zone) at 18:00, e.g. `2026-03-11 18:00`. */
export function untilExample(now: string, timeZone: string): string {
  const base = parseIso(now) ?? 0;
  const shown = formatInZone(isoFromMs(base + DURATIONS.DAY), safeZone(timeZone));
  return `${shown.slice(0, 10)} 18:00`;
}

function zoneLabel(timeZone: string): string {
  return isUtcZone(timeZone) ? 'UTC' : timeZone;
}

function offsetMs(designator: string): number | null {
  if (designator.toUpperCase() === 'Z') return 0;
  const sign = designator.startsWith('-') ? -1 : 1;
  const digits = designator.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = digits.length > 2 ? Number(digits.slice(2, 4)) : 0;
  if (hours > 14 || minutes > 59) return null;
  return sign * (hours * DURATIONS.HOUR + minutes * DURATIONS.MINUTE);
}

/**
 * The expected end of maintenance: empty means unknown (null); otherwise a date and time in the
 * future, at most 90 days ahead, as ISO 8601 UTC.
 */
export function parseUntil(text: string, now: string, timeZone: string): UntilResult {
  const value = text.trim();
  if (value === '') return { ok: true, iso: null };
  const zone = safeZone(timeZone);
  const format = `Write it as YYYY-MM-DD HH:MM (${zoneLabel(zone)}), for example ${untilExample(now, zone)}, or leave it empty.`;
  // `2026-03-14 18:00 UTC`, `2026-03-14 19:00 Europe/Berlin`: as the bot shows a time, with its zone's name.
  const zoned = DATE_TIME.test(value) ? null : splitTypedZone(value);
  const match = DATE_TIME.exec(zoned?.rest ?? value);
  if (!match || (zoned !== null && match[7] !== undefined)) return { ok: false, message: `That is not a date and time I can read. ${format}` };
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map((part) => Number(part ?? 0));
  if (year < 1970 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month) || hour > 23 || minute > 59 || second > 59) {
    return { ok: false, message: `That is not a real date and time. ${format}` };
  }
  let instant: number;
  const wall = { year, month, day, hour, minute, second };
  if (zoned !== null) {
    instant = zoneClock(zoned.zone).instantOf(wall);
  } else if (match[7] === undefined) {
    instant = instantOfWallTime(wall, zone);
  } else {
    const offset = offsetMs(match[7]);
    if (offset === null) return { ok: false, message: `That time zone offset is not a real one. ${format}` };
    instant = Date.UTC(year, month - 1, day, hour, minute, second) - offset;
  }
  const base = parseIso(now);
  if (base === null) return { ok: false, message: 'I could not work out the time. Please try again.' };
  if (instant <= base) return { ok: false, message: 'That time has already passed. Give a time in the future, or leave it empty.' };
  const latest = base + UNTIL_DAYS_AHEAD * DURATIONS.DAY;
  if (instant > latest) {
    return {
      ok: false,
      message: `Give a time at most ${UNTIL_DAYS_AHEAD} days ahead (by ${formatInZone(isoFromMs(latest), zone)}), or leave it empty.`,
    };
  }
  return { ok: true, iso: isoFromMs(instant) };
}
