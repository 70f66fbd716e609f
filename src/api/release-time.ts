/**
 * When a hold asked for through the API ends: `minutes` from now, or an `expected_release_time`
 * (ISO 8601 with `Z` or an offset such as `+02:00`), in the future and at most 90 days ahead,
 * like every booking. Pure: the time comes in as an argument.
 */
import { isoUtcMs } from '../time-rules.js';
import { LAB_LIMITS } from '../lab-rules.js';
import { MAX_AHEAD_MS } from '../machines/shared/lifecycle-types.js';

export const MAX_MINUTES = MAX_AHEAD_MS / 60_000;
export const PURPOSE_MAX = 500;

export interface HoldTiming {
  minutes?: number;
  expected_release_time?: string;
}

export type ReleaseTime = { ok: true; iso: string } | { ok: false; message: string };

const WITH_OFFSET = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)([+-])(\d{2}):(\d{2})$/;

/** Milliseconds of an ISO 8601 time with `Z` or a `±HH:MM` offset naming a real date and time, or null. */
export function isoMs(value: string): number | null {
  const utc = isoUtcMs(value, { secondsOptional: true });
  if (utc !== null) return utc;
  const match = WITH_OFFSET.exec(value);
  if (!match) return null;
  const local = isoUtcMs(`${match[1]}Z`, { secondsOptional: true });
  const hours = Number(match[3]);
  const minutes = Number(match[4]);
  if (local === null || hours > 23 || minutes > 59) return null;
  return local - (match[2] === '+' ? 1 : -1) * (hours * 60 + minutes) * 60_000;
}

export function releaseTime(body: HoldTiming, now: string): ReleaseTime {
  const hasMinutes = body.minutes !== undefined;
  const hasTime = body.expected_release_time !== undefined;
  if (hasMinutes && hasTime) return { ok: false, message: 'Give either minutes or expected_release_time, not both.' };
  if (!hasMinutes && !hasTime) return { ok: false, message: 'minutes or expected_release_time is required (how long the hold lasts).' };
  return hasMinutes ? minutesOn(body.minutes!, now) : instantAhead(body.expected_release_time!, now, 'expected_release_time');
}

function minutesOn(minutes: number, now: string): ReleaseTime {
  return { ok: true, iso: new Date(Date.parse(now) + minutes * 60_000).toISOString() };
}

/** A time typed in `field`: ISO 8601 with `Z` or an offset, in the future and at most 90 days ahead. */
function instantAhead(value: string, now: string, field: string): ReleaseTime {
  const nowMs = Date.parse(now);
  const at = isoMs(value);
  if (at === null) return { ok: false, message: `${field} must be an ISO 8601 date and time such as 2030-01-31T18:00:00Z or 2030-01-31T19:00:00+01:00.` };
  if (at <= nowMs) return { ok: false, message: `${field} must be in the future.` };
  if (at - nowMs > MAX_AHEAD_MS) return { ok: false, message: `${field} must be at most 90 days from now.` };
  return { ok: true, iso: new Date(at).toISOString() };
}

/** The purpose as stored: trimmed; a message when empty or too long. */
export function purposeOf(raw: string): { ok: true; purpose: string } | { ok: false; message: string } {
  const purpose = raw.trim();
  if (purpose === '') return { ok: false, message: 'purpose must not be empty (say what the testbed is for).' };
  const length = [...purpose].length;
  if (length > PURPOSE_MAX) return { ok: false, message: `purpose must be at most ${PURPOSE_MAX} characters (it has ${length}).` };
  return { ok: true, purpose };
}

export interface MaintenanceTiming {
  minutes?: number;
  until?: string | null;
}

export type MaintenanceEnd = { ok: true; iso: string | null } | { ok: false; message: string };

/** When a maintenance asked for through the API is expected to end: `until`, `minutes` from now, or neither (not known). */
export function maintenanceEnd(body: MaintenanceTiming, now: string): MaintenanceEnd {
  const hasMinutes = body.minutes !== undefined;
  const hasUntil = body.until !== undefined && body.until !== null;
  if (hasMinutes && hasUntil) return { ok: false, message: 'Give either minutes or until, not both (or neither: no expected end).' };
  if (!hasMinutes && !hasUntil) return { ok: true, iso: null };
  return hasMinutes ? minutesOn(body.minutes!, now) : instantAhead(body.until!, now, 'until');
}

/** A maintenance reason as stored: trimmed, 1 to 200 characters. */
export function reasonOf(raw: string): { ok: true; reason: string } | { ok: false; message: string } {
  const reason = raw.trim();
  if (reason === '') return { ok: false, message: 'reason must not be empty (say why it is out of service; people see it in status).' };
  const length = [...reason].length;
  if (length > LAB_LIMITS.reasonMax) return { ok: false, message: `reason must be at most ${LAB_LIMITS.reasonMax} characters (it has ${length}).` };
  return { ok: true, reason };
}
