/**
 * Pure rules of a booking's lifecycle: when the next reminder or overdue notice is due, who gets
 * a freed testbed next, where somebody stands in a queue, whether an ask is allowed. No clock:
 * every function takes `now`.
 */
import type { Holder, LifecycleEntry, NoticeFacts, TestbedRecord } from '../../domain.js';
import type { LifecycleTiming } from './lifecycle-types.js';

const HOUR = 3_600_000;
/** A deadline that is due at once (a hand-off left over from before a restart). */
export const DUE_AT_ONCE = '1970-01-01T00:00:00.000Z';

export const ms = (iso: string | null | undefined): number => (iso ? Date.parse(iso) : NaN);
export const iso = (at: number): string => new Date(at).toISOString();
export const sameEmail = (a: string | null | undefined, b: string | null | undefined): boolean =>
  typeof a === 'string' && typeof b === 'string' && a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The facts sent about the record's current deadline (facts about an older one do not count, nor facts
 * sent before this booking began: the holder before a hand-over was told, not this one).
 */
export function currentNotices(record: TestbedRecord, life: LifecycleEntry): NoticeFacts {
  const due = record.expected_release_time ?? '';
  const began = ms(record.registered_time);
  const sentBefore = (at: string | null) => at !== null && ms(at) < began;
  const facts = life.notices;
  if (facts && facts.expected_release_time === due && !sentBefore(facts.reminder_sent_at) && !sentBefore(facts.overdue_sent_at)) return facts;
  return { expected_release_time: due, reminder_sent_at: null, overdue_sent_at: null, overdue_count: 0 };
}

/** A reminder only makes sense when the booking started before the reminder time. */
function wantsReminder(record: TestbedRecord, facts: NoticeFacts, timing: LifecycleTiming): boolean {
  if (timing.reminderMs <= 0 || facts.reminder_sent_at !== null || facts.overdue_sent_at !== null) return false;
  const booked = ms(record.registered_time);
  return Number.isNaN(booked) || booked < ms(record.expected_release_time) - timing.reminderMs;
}

/** When the next notice about this booking is due, or null when none is. */
export function nextNoticeAt(record: TestbedRecord, life: LifecycleEntry, timing: LifecycleTiming): string | null {
  if (record.status !== 'in_use') return null;
  const deadline = ms(record.expected_release_time);
  if (Number.isNaN(deadline)) return null;
  const facts = currentNotices(record, life);
  if (wantsReminder(record, facts, timing)) return iso(deadline - timing.reminderMs);
  if (facts.overdue_sent_at === null) return iso(deadline);
  if (timing.overdueRepeatMs <= 0) return null;
  return iso(ms(facts.overdue_sent_at) + timing.overdueRepeatMs);
}

/** The notice due at `now` and the facts to store before sending it (null when nothing is due). */
export function dueNotice(
  record: TestbedRecord,
  life: LifecycleEntry,
  timing: LifecycleTiming,
  now: string,
): { kind: 'reminder' | 'overdue'; notices: NoticeFacts } | null {
  const next = nextNoticeAt(record, life, timing);
  if (next === null || ms(next) > ms(now)) return null;
  const facts = currentNotices(record, life);
  if (ms(now) >= ms(record.expected_release_time)) {
    return { kind: 'overdue', notices: { ...facts, overdue_sent_at: now, overdue_count: facts.overdue_count + 1 } };
  }
  return { kind: 'reminder', notices: { ...facts, reminder_sent_at: now } };
}

/**
 * When the admin who put the testbed under maintenance is to be asked whether it is back: its expected end, until
 * they were told about that end (told once per expected end; a new one given is told again once it passes). The
 * fact is kept in `notices` like a booking's overdue notice, its `expected_release_time` naming the end it was about.
 */
export function maintenanceNoticeAt(record: TestbedRecord, life: LifecycleEntry): string | null {
  const maintenance = record.maintenance;
  if (!maintenance?.until) return null;
  const facts = life.notices;
  const told = facts !== null && facts.expected_release_time === maintenance.until && facts.overdue_sent_at !== null && ms(facts.overdue_sent_at) >= ms(maintenance.since);
  return told ? null : maintenance.until;
}

/** The facts to store once the admin is told that the maintenance outlasted its expected end (null when nothing is due at `now`). */
export function dueMaintenanceNotice(record: TestbedRecord, life: LifecycleEntry, now: string): NoticeFacts | null {
  const at = maintenanceNoticeAt(record, life);
  if (at === null || Number.isNaN(ms(now)) || ms(at) > ms(now)) return null;
  return { expected_release_time: at, reminder_sent_at: null, overdue_sent_at: now, overdue_count: 1 };
}

/** The entry after handing the testbed to the next person in the queue (or freeing it for all). */
export function handOff(life: LifecycleEntry, now: string, timing: LifecycleTiming): LifecycleEntry {
  const [next, ...rest] = life.queue;
  if (!next) return { ...life, offer: null, queue: [] };
  const offer = { email: next.email, name: next.name, until: iso(ms(now) + timing.holdMs) };
  return { ...life, queue: rest, offer: next.label === undefined ? offer : { ...offer, label: next.label } };
}

/** 1-based place of the person in the queue, or 0 when they are not in it. */
export function positionOf(life: LifecycleEntry, email: string | null | undefined): number {
  return life.queue.findIndex((entry) => sameEmail(entry.email, email)) + 1;
}

/** `label`: they wait for any testbed carrying it (`wait any 5g`). */
export function joinQueue(life: LifecycleEntry, who: Holder, now: string, label?: string): LifecycleEntry {
  const person = { email: who.email, name: who.name, since: now };
  return { ...life, queue: [...life.queue, label === undefined ? person : { ...person, label }] };
}

export function leaveQueue(life: LifecycleEntry, email: string): LifecycleEntry {
  return { ...life, queue: life.queue.filter((entry) => !sameEmail(entry.email, email)) };
}

/** When the asker may ask again about this booking, or null when they may ask now. */
export function askAgainAt(record: TestbedRecord, life: LifecycleEntry, asker: string, now: string): string | null {
  const last = life.asks
    .filter((ask) => ask.registered_time === record.registered_time && sameEmail(ask.asker_email, asker))
    .map((ask) => ms(ask.asked_at))
    .reduce((a, b) => Math.max(a, b), -Infinity);
  return last + HOUR > ms(now) ? iso(last + HOUR) : null;
}

/** Asks about the current booking nobody answered yet. */
export function openAsks(record: TestbedRecord, life: LifecycleEntry) {
  return life.asks.filter((ask) => !ask.answered && ask.registered_time === record.registered_time);
}

/** The entry as it should be once `holder` has booked the testbed: no offer, not in the queue, no old asks. */
export function afterBooking(life: LifecycleEntry, record: TestbedRecord): LifecycleEntry {
  const holder = record.user_email ?? '';
  return { ...leaveQueue(life, holder), offer: null, asks: life.asks.filter((ask) => ask.registered_time === record.registered_time) };
}
