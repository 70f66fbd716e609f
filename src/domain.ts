/**
 * Plain data shared by every layer. Field names keep the spec's spelling
 * (spec §2.1, §2.2) because these are exactly the records on disk.
 */

export type TestbedStatus = 'available' | 'in_use';

export interface TestbedRecord {
  id: number;
  testbed_name: string;
  status: TestbedStatus;
  user_email: string | null;
  user_name: string | null;
  /** ISO 8601 UTC with trailing Z. */
  registered_time: string | null;
  purpose: string | null;
  /** ISO 8601 UTC with trailing Z. */
  expected_release_time: string | null;
}

export interface BroadcastRoomRecord {
  name: string;
  room_id: string;
  description: string;
}

/** Who holds (or wants to hold) a testbed: always taken from the platform profile. */
export interface Holder {
  email: string;
  name: string;
}

/** A free testbed: spec §2.1 rule 1, the five user fields are null. */
export function availableTestbed(id: number, testbed_name: string): TestbedRecord {
  return {
    id,
    testbed_name,
    status: 'available',
    user_email: null,
    user_name: null,
    registered_time: null,
    purpose: null,
    expected_release_time: null,
  };
}

/** Someone waiting for a testbed to free up (identity from the platform profile). */
export interface WaitingPerson {
  email: string;
  name: string;
  /** ISO 8601 UTC: when they joined the queue. */
  since: string;
}

/** A free testbed kept for the first person in its queue until `until`. */
export interface HoldOffer {
  email: string;
  name: string;
  /** ISO 8601 UTC: the end of the hold. */
  until: string;
}

/**
 * What was already sent about one booking's deadline. Kept with the `expected_release_time` it
 * belongs to, so facts about an earlier deadline never hold back a notice about a new one.
 */
export interface NoticeFacts {
  expected_release_time: string;
  reminder_sent_at: string | null;
  /** The latest overdue notice (the next one is due a repeat period after it). */
  overdue_sent_at: string | null;
  overdue_count: number;
}

/** Somebody asked the holder whether they still need the testbed (one booking = one registered_time). */
export interface AskFact {
  asker_email: string;
  asker_name: string;
  registered_time: string;
  asked_at: string;
  answered: boolean;
}

/** The lifecycle state of one testbed, kept beside (never inside) its record. */
export interface LifecycleEntry {
  testbed_id: number;
  notices: NoticeFacts | null;
  queue: WaitingPerson[];
  offer: HoldOffer | null;
  asks: AskFact[];
}

export function emptyLifecycle(testbedId: number): LifecycleEntry {
  return { testbed_id: testbedId, notices: null, queue: [], offer: null, asks: [] };
}
