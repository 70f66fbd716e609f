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
