/**
 * The two time rules every layer shares, pure and clock-free: what counts as a stored timestamp
 * (ISO 8601 in UTC with a trailing Z, seconds required, a real calendar date and time), and what
 * counts as a time zone (an IANA name this runtime's Intl knows).
 */

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?Z$/;

/**
 * Milliseconds of an ISO 8601 UTC timestamp with a trailing Z that names a real calendar date and
 * time, or null. Seconds are required unless `secondsOptional` (cards read `…T09:30Z` too).
 */
export function isoUtcMs(value: unknown, options?: { secondsOptional?: boolean }): number | null {
  if (typeof value !== 'string' || !ISO_UTC.test(value)) return null;
  if (value.charCodeAt(16) !== COLON && options?.secondsOptional !== true) return null;
  // Date.parse refuses a 13th month or a 60th minute, but reads 24:00 and 30 February as later instants.
  const ms = Date.parse(value);
  if (!Number.isFinite(ms) || digits(value, 11, 2) > 23) return null;
  const year = digits(value, 0, 4);
  const day = digits(value, 8, 2);
  // Years before 100 are refused, as they always were here (Date.UTC reads them as 19xx).
  if (year < 100 || (day > 28 && day > daysInMonth(year, digits(value, 5, 2)))) return null;
  return ms;
}

const COLON = 58;

/** The number written by `count` ASCII digits from `start` (the pattern has checked they are digits). */
function digits(text: string, start: number, count: number): number {
  let result = 0;
  for (let i = start; i < start + count; i++) result = result * 10 + (text.charCodeAt(i) - 48);
  return result;
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysInMonth(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month === 2 && leap ? 29 : MONTH_DAYS[month - 1];
}

/**
 * Earlier instant first, for two ISO 8601 UTC timestamps (with or without milliseconds); text that is
 * not one sorts by its characters' codes, after every timestamp.
 */
export function compareInstants(a: string, b: string): number {
  const x = isoUtcMs(a);
  const y = isoUtcMs(b);
  if (x !== null && y !== null) return x - y;
  if (x !== null || y !== null) return x !== null ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** True for `2025-01-31T09:30:00Z` or `…:00.000Z`; false for a missing Z or seconds, or 30 February. */
export function isIsoUtcTimestamp(value: unknown): value is string {
  return isoUtcMs(value) !== null;
}

/** Zones already found valid (checking one builds an Intl formatter); bounded, since any text can be asked about. */
const knownZones = new Set<string>();
const MAX_KNOWN_ZONES = 1_000;

/** Names of UTC itself, valid without asking Intl (which would load the zone tables). */
const UTC_NAMES = new Set(['UTC', 'Etc/UTC', 'GMT', 'Etc/GMT']);

/** True for an IANA zone such as `UTC` or `Europe/Berlin` that Intl can format in. */
export function isValidTimeZone(zone: unknown): zone is string {
  if (typeof zone !== 'string' || zone.length === 0) return false;
  if (knownZones.has(zone)) return true;
  if (UTC_NAMES.has(zone)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
  } catch {
    return false;
  }
  if (knownZones.size < MAX_KNOWN_ZONES) knownZones.add(zone);
  return true;
}
