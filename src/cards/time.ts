/**
 * Pure time helpers for cards and form validation. No clock: every "now" comes
 * in as an ISO string. Time-zone math uses only Intl.DateTimeFormat (the offset
 * of a zone at an instant), no libraries. What counts as a timestamp and as a
 * zone is decided once, in src/time-rules.ts.
 */
import { isoUtcMs, isValidTimeZone } from '../time-rules.js';
import { KeptMap } from '../kept-map.js';

export { isValidTimeZone } from '../time-rules.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const DURATIONS = { MINUTE, HOUR, DAY } as const;

const SECONDS_OPTIONAL = { secondsOptional: true } as const;

/** Timestamps read before: a status card reads "now" and each booking's times several times over. */
const parsedIso = new KeptMap<string, number | null>(4096);

/** Milliseconds of an ISO 8601 UTC timestamp (trailing Z; seconds may be left out), or null. */
export function parseIso(iso: unknown): number | null {
  if (typeof iso !== 'string') return isoUtcMs(iso, SECONDS_OPTIONAL);
  let ms = parsedIso.get(iso);
  if (ms === undefined) {
    ms = isoUtcMs(iso, SECONDS_OPTIONAL);
    parsedIso.set(iso, ms);
  }
  return ms;
}

/** ISO 8601 UTC with trailing Z for an instant (deterministic; not the clock). */
export function isoFromMs(ms: number): string {
  return new Date(ms).toISOString();
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone to use: the given one when valid, else UTC. */
export function safeZone(timeZone: unknown): string {
  return isValidTimeZone(timeZone) ? timeZone : 'UTC';
}

export function isUtcZone(timeZone: string): boolean {
  return timeZone === 'UTC' || timeZone === 'Etc/UTC' || timeZone === 'GMT' || timeZone === 'Etc/GMT';
}

export interface WallTime {
  year: number;
  month: number; // 1–12
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall-clock reading in `timeZone` at instant `ms`. */
export function wallTimeAt(ms: number, timeZone: string): WallTime {
  const zone = safeZone(timeZone);
  // UTC needs no zone data: the Date's own UTC fields give the reading (and ICU's zone tables stay unloaded).
  if (isUtcZone(zone)) return utcWallTime(ms);
  const offset = steadyOffset(zone, ms);
  return offset === null ? zoneReading(zone, ms) : utcWallTime(ms + offset);
}

/** Asks Intl for the reading (a few microseconds: a status card needs two per booking). */
function zoneReading(zone: string, ms: number): WallTime {
  const parts = formatterFor(zone).formatToParts(ms);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour') % 24, minute: get('minute'), second: get('second') };
}

/**
 * A zone's offset is the same all through most quarter hours: where the readings at a quarter hour's
 * first and last second agree on it, every instant in between has it too (offsets change at most once
 * in any quarter hour), so one look-up per zone and quarter hour serves every time in it. A quarter
 * hour with a change in it is read from Intl each time (null here).
 */
const QUARTER_HOUR = 15 * MINUTE;
const steadyOffsets = new KeptMap<string, number | null>(4096);

function steadyOffset(zone: string, ms: number): number | null {
  const start = Math.floor(ms / QUARTER_HOUR) * QUARTER_HOUR;
  const key = `${zone} ${start}`;
  let offset = steadyOffsets.get(key);
  if (offset === undefined) {
    const last = start + QUARTER_HOUR - 1000;
    const first = wallAsUtcMs(zoneReading(zone, start)) - start;
    offset = wallAsUtcMs(zoneReading(zone, last)) - last === first ? first : null;
    steadyOffsets.set(key, offset);
  }
  return offset;
}

function utcWallTime(ms: number): WallTime {
  const date = new Date(ms);
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    hour: date.getUTCHours(),
    minute: date.getUTCMinutes(),
    second: date.getUTCSeconds(),
  };
}

function wallAsUtcMs(wall: WallTime): number {
  const date = new Date(0);
  date.setUTCFullYear(wall.year, wall.month - 1, wall.day);
  date.setUTCHours(wall.hour, wall.minute, wall.second, 0);
  return date.getTime();
}

/** Offset of `timeZone` from UTC at instant `ms`, in milliseconds (east positive). */
export function zoneOffsetMs(ms: number, timeZone: string): number {
  const whole = Math.floor(ms / 1000) * 1000;
  return wallAsUtcMs(wallTimeAt(whole, timeZone)) - whole;
}

/**
 * The instant at which the wall clock in `timeZone` shows `wall`. For a time
 * that is skipped by a DST change the result lands just after the gap; for a
 * repeated time the earlier instant wins.
 */
export function instantOfWallTime(wall: WallTime, timeZone: string): number {
  const asUtc = wallAsUtcMs(wall);
  const offsets = new Set([zoneOffsetMs(asUtc - DAY, timeZone), zoneOffsetMs(asUtc, timeZone), zoneOffsetMs(asUtc + DAY, timeZone)]);
  const exact = [...offsets]
    .map((offset) => asUtc - offset)
    .filter((instant) => zoneOffsetMs(instant, timeZone) === asUtc - instant)
    .sort((a, b) => a - b);
  if (exact.length > 0) return exact[0];
  // Inside a DST gap: read it with the offset in force before the gap.
  return asUtc - zoneOffsetMs(asUtc - DAY, timeZone);
}

/** Days in a month of a year (month 1–12). */
export function daysInMonth(year: number, month: number): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month, 0);
  return date.getUTCDate();
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** `YYYY-MM-DD` of the wall clock in `timeZone` at `ms`. */
export function localDate(ms: number, timeZone: string): string {
  const wall = wallTimeAt(ms, timeZone);
  return `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}`;
}

/** `2026-01-01 14:00 UTC` */
export function formatUtc(iso: string | null | undefined): string {
  const ms = parseIso(iso);
  if (ms === null) return 'unknown';
  return `${isoFromMs(ms).slice(0, 16).replace('T', ' ')} UTC`;
}

/** `2026-01-01 15:00 Europe/Berlin` (or the UTC form when the zone is UTC). */
export function formatInZone(iso: string | null | undefined, timeZone: string): string {
  const zone = safeZone(timeZone);
  if (isUtcZone(zone)) return formatUtc(iso);
  const ms = parseIso(iso);
  if (ms === null) return 'unknown';
  return `${formatWall(wallTimeAt(ms, zone))} ${zone}`;
}

/** `2026-01-01 15:00`: a wall clock's date and time, as the bot writes them. */
export function formatWall(wall: WallTime): string {
  return `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)} ${pad(wall.hour)}:${pad(wall.minute)}`;
}

/** The weekdays as a sentence writes them, Monday first: ISO weekday 1 to 7 at index 0 to 6. */
export const WEEKDAY_TITLES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** The ISO weekday (1 = Monday … 7 = Sunday) of a wall clock's date. */
export function isoWeekday(wall: Pick<WallTime, 'year' | 'month' | 'day'>): number {
  const date = new Date(0);
  date.setUTCFullYear(wall.year, wall.month - 1, wall.day);
  return ((date.getUTCDay() + 6) % 7) + 1;
}

/** UTC always, plus the display zone's wall time when it is not UTC. */
export function formatWhen(iso: string | null | undefined, timeZone: string): string {
  const utc = formatUtc(iso);
  const zone = safeZone(timeZone);
  if (isUtcZone(zone) || utc === 'unknown') return utc;
  return `${utc} (${formatInZone(iso, zone)})`;
}

/** A coarse amount of time: `45 min`, `2 h`, `3 d`. */
function coarse(abs: number): string {
  const minutes = Math.round(abs / MINUTE);
  if (minutes < 60) return `${Math.max(minutes, 1)} min`;
  const hours = Math.round(abs / HOUR);
  if (hours < 48) return `${hours} h`;
  return `${Math.round(abs / DAY)} d`;
}

/** `in 2 h`, `3 d ago`, `just now`. */
/** `2026-03-10 12:00 UTC (in 2 h)`: an instant on the display clock, then how far it is from now. */
export function formatWhenRelative(iso: string | null | undefined, now: string, timeZone: string): string {
  return `${formatWhen(iso, timeZone)} (${formatRelative(iso, now)})`;
}

export function formatRelative(iso: string | null | undefined, now: string): string {
  const at = parseIso(iso);
  const base = parseIso(now);
  if (at === null || base === null) return 'unknown';
  const diff = at - base;
  if (Math.abs(diff) < MINUTE) return 'just now';
  return diff > 0 ? `in ${coarse(diff)}` : `${coarse(-diff)} ago`;
}

/** A held-for duration: `5 min`, `2 h 5 min`, `3 d 4 h`. */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < MINUTE) return 'less than a minute';
  const days = Math.floor(ms / DAY);
  const hours = Math.floor((ms % DAY) / HOUR);
  const minutes = Math.floor((ms % HOUR) / MINUTE);
  if (days > 0) return hours > 0 ? `${days} d ${hours} h` : `${days} d`;
  if (hours > 0) return minutes > 0 ? `${hours} h ${minutes} min` : `${hours} h`;
  return `${minutes} min`;
}

/** How long since `sinceIso`, as of `now`. */
export function formatHeldFor(sinceIso: string | null | undefined, now: string): string {
  const since = parseIso(sinceIso);
  const base = parseIso(now);
  if (since === null || base === null) return 'unknown';
  return formatDuration(base - since);
}
