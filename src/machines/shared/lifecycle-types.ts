/**
 * What the lifecycle requests (extend, wait-list, hand-off, asks, release all) answer, and the
 * direct messages the testbed machine asks the edge to send. Plain data only.
 */
import type { HoldOffer, TestbedRecord } from '../../domain.js';

/** How long before, and how often, people are told about their deadlines. Milliseconds. */
export interface LifecycleTiming {
  /** Reminder this long before the expected release; 0 = no reminders. */
  reminderMs: number;
  /** Between overdue notices while the testbed stays overdue; 0 = only the first one. */
  overdueRepeatMs: number;
  /** A freed testbed is kept this long for the first person in its queue. */
  holdMs: number;
}

export const DEFAULT_TIMING: LifecycleTiming = { reminderMs: 15 * 60_000, overdueRepeatMs: 24 * 3_600_000, holdMs: 10 * 60_000 };

/** Extensions may not move the expected release more than this far from now. */
export const MAX_AHEAD_MS = 90 * 86_400_000;

/** A request a person made about one testbed (or all of theirs). */
export type LifecycleRequest =
  | { type: 'extend'; testbedId: number; minutes: number }
  | { type: 'wait'; testbedId: number }
  | { type: 'unwait'; testbedId: number }
  | { type: 'decline'; testbedId: number }
  | { type: 'ask'; testbedId: number }
  | { type: 'keep'; testbedId: number }
  | { type: 'releaseAll' };

export type RefusalReason =
  /** Only the holder may do this (and the person is not, or no longer, the holder). */
  | 'not_holder'
  | 'not_in_use'
  /** The extension would end more than 90 days from now. */
  | 'too_far'
  /** The testbed is free: book it instead of waiting. */
  | 'free'
  /** The person holds it already. */
  | 'yours'
  /** The person is being offered it right now: book it with the offer. */
  | 'offered'
  | 'not_offered'
  /** One ask per asker and booking per hour. */
  | 'too_soon'
  | 'busy'
  | 'unknown';

export type LifecycleOutcome =
  | { type: 'extended'; record: TestbedRecord }
  | { type: 'waiting'; record: TestbedRecord; position: number; length: number; already: boolean }
  | { type: 'unwaited'; record: TestbedRecord; wasWaiting: boolean }
  | { type: 'declined'; record: TestbedRecord }
  | { type: 'asked'; record: TestbedRecord }
  | { type: 'kept'; record: TestbedRecord; askers: number }
  | { type: 'releasedAll'; records: TestbedRecord[] }
  | { type: 'refused'; reason: RefusalReason; record?: TestbedRecord; offer?: HoldOffer; until?: string };

/** Direct messages (1:1 rooms) the testbed machine asks the edge to post. */
export type DirectNotice =
  | { kind: 'reminder'; record: TestbedRecord }
  | { kind: 'overdue'; record: TestbedRecord }
  | { kind: 'offer'; record: TestbedRecord; offer: HoldOffer }
  | { kind: 'holdLapsed'; record: TestbedRecord }
  | { kind: 'askHolder'; record: TestbedRecord; askerName: string }
  | { kind: 'askAnswered'; record: TestbedRecord; holderName: string; answer: 'kept' | 'released' };
