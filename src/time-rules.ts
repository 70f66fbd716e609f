/**
 * The two time rules every layer shares, pure and clock-free: what counts as a stored timestamp
 * (ISO 8601 in UTC with a trailing Z, seconds required, a real calendar date and time), and what
 * counts as a time zone (an IANA name this runtime's Intl knows).
 */

const ISO_UTC = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?Z$/;

/** True for `2025-01-31T09:30:00Z` or `…:00.000Z`; false for a missing Z or seconds, or 30 February. */
export function isIsoUtcTimestamp(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = ISO_UTC.exec(value);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  return (
    hour < 24 && minute < 60 && second < 60 &&
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/** True for an IANA zone such as `UTC` or `Europe/Berlin` that Intl can format in. */
export function isValidTimeZone(zone: unknown): zone is string {
  if (typeof zone !== 'string' || zone.length === 0) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
