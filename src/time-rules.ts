/**
 * The two time rules every layer shares, pure and clock-free: what counts as a stored timestamp
 * (ISO 8601 in UTC with a trailing Z, seconds required, a real calendar date and time), and what
 * counts as a time zone (an IANA name this runtime's Intl knows).
 */

const ISO_UTC = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?Z$/;

/**
 * Milliseconds of an ISO 8601 UTC timestamp with a trailing Z that names a real calendar date and
 * time, or null. Seconds are required unless `secondsOptional` (cards read `…T09:30Z` too).
 */
export function isoUtcMs(value: unknown, { secondsOptional = false }: { secondsOptional?: boolean } = {}): number | null {
  if (typeof value !== 'string') return null;
  const m = ISO_UTC.exec(value);
  if (!m || (m[6] === undefined && !secondsOptional)) return null;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map((part) => Number(part ?? 0));
  if (hour > 23 || minute > 59 || second > 59) return null;
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? ms : null;
}

/** True for `2025-01-31T09:30:00Z` or `…:00.000Z`; false for a missing Z or seconds, or 30 February. */
export function isIsoUtcTimestamp(value: unknown): value is string {
  return isoUtcMs(value) !== null;
}

/** Zones already found valid (checking one builds an Intl formatter); bounded, since any text can be asked about. */
const knownZones = new Set<string>();
const MAX_KNOWN_ZONES = 1_000;

/** True for an IANA zone such as `UTC` or `Europe/Berlin` that Intl can format in. */
export function isValidTimeZone(zone: unknown): zone is string {
  if (typeof zone !== 'string' || zone.length === 0) return false;
  if (knownZones.has(zone)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
  } catch {
    return false;
  }
  if (knownZones.size < MAX_KNOWN_ZONES) knownZones.add(zone);
  return true;
}
