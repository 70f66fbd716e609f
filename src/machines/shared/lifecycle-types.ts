/**
 * Timings of a booking's lifecycle (reminders, overdue notices, holds). The requests, answers and
 * direct messages the testbed machine shares with the cards live in domain.ts and are re-exported
 * here. Plain data only.
 */
export type { DirectNotice, LifecycleOutcome, LifecycleRequest, RefusalReason } from '../../domain.js';

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
