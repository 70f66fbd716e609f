/**
 * Plain data shared by every layer: the stored records, and the values that
 * machines, cards and the app pass between them. Record field names keep the
 * documents' snake_case spelling because these are exactly the records on disk
 * (README, Documents). Types only, and one constructor.
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

/** A free testbed: the five user fields are null. */
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

/** Input id → friendly message, for a form that came back with problems. */
export type FormErrors = Record<string, string>;
/** Input id → the value to put back into the form. */
export type FormValues = Record<string, string>;

/** A register form that passed validation. */
export interface RegisterForm {
  testbedId: number;
  purpose: string;
  /** ISO 8601 UTC with trailing Z. */
  expectedRelease: string;
}

export type BroadcastKind = 'availability' | 'maintenance' | 'usage';

/** A room a broadcast may go to: from the broadcast_rooms document, or found through room discovery. */
export interface BroadcastRoomOption extends BroadcastRoomRecord {
  /** Found through room discovery rather than the broadcast_rooms document. */
  discovered?: boolean;
}

/** A room a broadcast is being delivered to. */
export interface DeliveryRoom {
  roomId: string;
  name: string;
}

/** What happened to a broadcast in one room. */
export interface BroadcastDeliveryResult extends DeliveryRoom {
  delivered: boolean;
  /** Why delivery failed (never contains secrets). */
  reason?: string;
}

/**
 * A direct message to one person, as data: the machine says what happened, the
 * cards word it (cards/direct-message.ts).
 */
export type DirectMessage = { kind: 'releasedByOther'; testbedName: string; byName: string; byEmail: string };
