/**
 * Plain data shared by every layer: the stored records, and the values that
 * machines, cards and the app pass between them. Record field names keep the
 * documents' snake_case spelling because these are exactly the records on disk
 * (README, Documents). Types only, and two constructors.
 */

export type TestbedStatus = 'available' | 'in_use';

export interface TestbedRecord extends TestbedExtras {
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

/** A free testbed: the five user fields are null; `extras` (labels, description, maintenance) are kept as given. */
export function availableTestbed(id: number, testbed_name: string, extras: TestbedExtras = {}): TestbedRecord {
  return {
    id,
    testbed_name,
    status: 'available',
    user_email: null,
    user_name: null,
    registered_time: null,
    purpose: null,
    expected_release_time: null,
    ...extras,
  };
}

/** Someone waiting for a testbed to free up (identity from the platform profile). */
export interface WaitingPerson {
  email: string;
  name: string;
  /** ISO 8601 UTC: when they joined the queue. */
  since: string;
  /**
   * Set when they joined by waiting for any testbed carrying this label (`wait any 5g`): they are in the
   * queue of each such testbed that was busy, and leave the others once they hold one of them.
   */
  label?: string;
}

/** A free testbed kept for the first person in its queue until `until`. */
export interface HoldOffer {
  email: string;
  name: string;
  /** ISO 8601 UTC: the end of the hold. */
  until: string;
  /** The label they waited for (`wait any 5g`), carried over from their place in the queue. */
  label?: string;
}

/**
 * Who a just-released testbed goes to: the first person in its queue, offered it for `holdMinutes`
 * before it goes on to the next one.
 */
export interface NextInLine {
  name: string;
  holdMinutes: number;
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

/** A register form that asks for any free testbed carrying a label (compared ignoring case). */
export interface LabelRegisterForm {
  label: string;
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
/** `handedTo`: the first person waiting, who is offered it now. */
export type DirectMessage = { kind: 'releasedByOther'; testbedName: string; byName: string; byEmail: string; handedTo?: string };

/** How an extension is asked for: by a length, or to an instant (ISO 8601 UTC). */
export type ExtendBy = { minutes: number } | { until: string };

/** A request a person made about one testbed (or all of theirs). */
export type LifecycleRequest =
  /** Longer by `minutes` (from the expected release, or from now when that has passed), or until the instant `until`. */
  | ({ type: 'extend'; testbedId: number } & ExtendBy)
  /** Every booking the person holds, each extended as `extend` would be (`extend all my bookings by 2 hours`). */
  | ({ type: 'extendAll' } & ExtendBy)
  /** The booking's purpose (what status shows under it) changed by its holder. */
  | { type: 'repurpose'; testbedId: number; purpose: string }
  /** The holder expects to be done sooner: the expected release moves earlier, to `until` (ISO 8601 UTC). */
  | { type: 'doneBy'; testbedId: number; until: string }
  /**
   * The holder hands the booking to a colleague, named by their email (the platform says who that is). `holderEmail`: set
   * only by an admin's request (the fleet's admin path, after the admin check), whose booking they saw; never from a card.
   */
  | { type: 'handOver'; testbedId: number; toEmail: string; holderEmail?: string }
  /** Every booking the person holds, each handed over as `handOver` would (`give all my testbeds to Linus`). */
  | { type: 'handOverAll'; toEmail: string }
  /**
   * `label`: one of the waits of `waitLabel`, kept on the person's place in the queue. `offerIfFree`: a testbed that
   * just gained the label, free for anyone: it is offered to them at once (held, as after a release).
   */
  | { type: 'wait'; testbedId: number; label?: string; offerIfFree?: true }
  /**
   * Something is wrong with the testbed: the lab's admins are told (and its holder), in the reporter's words.
   * `holderOnly`: sent from a 1:1 room that is not approved, where only the holder may report it.
   */
  | { type: 'reportProblem'; testbedId: number; text: string; holderOnly?: true; fixed?: true }
  /** Wait for any testbed carrying the label: a place in the queue of each one that is busy. */
  | { type: 'waitLabel'; label: string }
  /** Stop waiting for any testbed carrying the label: the places `waitLabel` took are given up. */
  | { type: 'unwaitLabel'; label: string }
  | { type: 'unwait'; testbedId: number }
  | { type: 'decline'; testbedId: number }
  | { type: 'ask'; testbedId: number }
  | { type: 'keep'; testbedId: number }
  /**
   * The holder moves their booking of `testbedId` to `toTestbedId`, free for them: booked with the same purpose and
   * expected release (or until `until`, ISO 8601 UTC, and for `purpose`), then the first one released (and handed to
   * whoever waits for it).
   */
  | { type: 'switch'; testbedId: number; toTestbedId: number; until?: string; purpose?: string }
  /** Release every testbed the person holds, or only those of `testbedIds` (`release lab-3 and lab-5`). */
  | { type: 'releaseAll'; testbedIds?: number[] };

export type RefusalReason =
  /** Only the holder may do this (and the person is not, or no longer, the holder). */
  | 'not_holder'
  | 'not_in_use'
  /** The extension would end more than 90 days from now. */
  | 'too_far'
  /** An extension until an instant that is not later than the booking's expected release already is. */
  | 'not_later'
  /** `Done by` an instant that is not earlier than the booking's expected release already is. */
  | 'not_earlier'
  /** A time that has already passed. */
  | 'passed'
  /** Nobody on the platform has the email a hand-over names. */
  | 'no_person'
  /** The testbed is free: book it instead of waiting. */
  | 'free'
  /** The person holds it already. */
  | 'yours'
  /** Waiting for any testbed (of a label): every busy one is the person's own, so there is none to wait for. */
  | 'all_yours'
  /** Waiting for any testbed (of a label) where there is none (an empty lab, or the label gone meanwhile). */
  | 'none_to_wait_for'
  /** The person is being offered it right now: book it with the offer. */
  | 'offered'
  | 'not_offered'
  /** One ask per asker and booking per hour. */
  | 'too_soon'
  /** One problem report per person and testbed in ten minutes. */
  | 'reported_recently'
  /** The same news that a testbed works again, from the same person, within ten minutes. */
  | 'told_recently'
  /** News that a testbed works again, when it is not under maintenance (any more). */
  | 'in_service'
  | 'busy'
  | 'unknown';

export type LifecycleOutcome =
  | { type: 'extended'; record: TestbedRecord }
  /** `extendAll`: the bookings extended (`records`, as extended), and the answers of those that could not be (`refused`). */
  | { type: 'extendedAll'; records: TestbedRecord[]; refused: Array<Extract<LifecycleOutcome, { type: 'refused' }>> }
  /** `previous`: the purpose before; `changed` false when it already read so (nothing was written). */
  | { type: 'repurposed'; record: TestbedRecord; previous: string; changed: boolean }
  /** The expected release moved earlier; `previous`: the one before; `toldNext`: the first person waiting, told so. */
  | { type: 'dueEarlier'; record: TestbedRecord; previous: string; toldNext?: string }
  /** Handed to a colleague: `record` with its new holder, `previous` the booking as it was. */
  | { type: 'handedOver'; record: TestbedRecord; previous: TestbedRecord }
  /** `handOverAll`: the bookings handed over (`records`, with their new holder), and the answers of those that were not. */
  | { type: 'handedOverAll'; records: TestbedRecord[]; refused: Array<Extract<LifecycleOutcome, { type: 'refused' }>> }
  | { type: 'waiting'; record: TestbedRecord; position: number; length: number; already: boolean }
  | { type: 'unwaited'; record: TestbedRecord; wasWaiting: boolean }
  /**
   * They passed on an offer. `label`: it came from waiting for any testbed (of that label); `stillWaiting`: the label and
   * the testbeds in whose queues they still wait for it (added by the fleet).
   */
  | { type: 'declined'; record: TestbedRecord; label?: string; stillWaiting?: { label: string; names: string[] } }
  | { type: 'asked'; record: TestbedRecord }
  | { type: 'kept'; record: TestbedRecord; askers: number }
  /** `handedOn`: the ones that went to the first person in their queue (by testbed id). */
  | { type: 'releasedAll'; records: TestbedRecord[]; handedOn?: Record<string, string> }
  /** Waiting for any testbed carrying `label`: their place in each queue joined, or kept (`already`). */
  | { type: 'waitingLabel'; label: string; places: Array<{ record: TestbedRecord; position: number; length: number }> }
  /** The places taken by waiting for any testbed carrying `label` that were given up (none: they had none). */
  | { type: 'unwaitedLabel'; label: string; records: TestbedRecord[] }
  /**
   * A booking moved (`switch`): `record` the new booking, `previous` the old one as it was. `handedTo`: the first
   * person waiting for the old one, who is offered it; `kept`: the old one could not be released (the person holds both).
   */
  | { type: 'switched'; record: TestbedRecord; previous: TestbedRecord; handedTo?: string; kept?: true }
  /** A switch refused because the testbed to move to could not be booked (`record`, as it is); `from` stays theirs. */
  | { type: 'switchRefused'; record?: TestbedRecord; from: TestbedRecord; reason: 'taken' | 'held' | 'maintenance' | 'unknown' }
  /** A problem reported: `admins` told (how many), and whether its holder was. */
  /** `switchTo`: reported by its holder, a testbed free for anyone to move the booking to (one sharing a label first). */
  | { type: 'problemReported'; record: TestbedRecord; admins: number; holderTold: boolean; fixed?: true; switchTo?: TestbedRecord }
  | { type: 'refused'; reason: RefusalReason; record?: TestbedRecord; offer?: HoldOffer; until?: string };

/** Direct messages (1:1 rooms) about a booking: the testbed machine asks for them, the cards word them. */
export type DirectNotice =
  /** `waiting`: how many people are in the testbed's queue, so the holder knows somebody needs it next. */
  | { kind: 'reminder'; record: TestbedRecord; waiting?: number }
  | { kind: 'overdue'; record: TestbedRecord; waiting?: number }
  | { kind: 'offer'; record: TestbedRecord; offer: HoldOffer }
  /**
   * The hold ran out. `label`: it was offered from waiting for any testbed (of that label); `stillWaiting`: the testbeds in
   * whose queues the person still waits for it (added by the fleet as it passes the notice on).
   */
  | { kind: 'holdLapsed'; record: TestbedRecord; label?: string; stillWaiting?: string[] }
  | { kind: 'askHolder'; record: TestbedRecord; askerName: string }
  /** `handedTo`: released to the first person waiting (`toYou`: the asker is that person). */
  | { kind: 'askAnswered'; record: TestbedRecord; holderName: string; answer: 'kept' | 'released'; handedTo?: { name: string; toYou: boolean } }
  /** An admin ended the person's booking; `record` is the booking as it was; `handedTo`: the first person waiting, offered it now. */
  | { kind: 'forceReleased'; record: TestbedRecord; byName: string; reason: string; handedTo?: string }
  /** An admin (`byName`) extended the person's booking; `record` as extended, `previous`: when it was due before. */
  | { kind: 'extendedByAdmin'; record: TestbedRecord; byName: string; previous: string }
  /** A testbed the person was waiting for was retired. */
  /** `label`, `stillWaiting`: the place was taken by waiting for any testbed (of that label), and where they still wait. */
  | { kind: 'retired'; record: TestbedRecord; label?: string; stillWaiting?: string[] }
  /** The person moved up to first in the queue (the one ahead left it, or was offered the testbed). */
  | { kind: 'nowFirst'; record: TestbedRecord }
  /** The holder of a testbed the person is first in the queue for extended it (or an admin did: `byName`); `record` as extended. */
  | { kind: 'extendedAhead'; record: TestbedRecord; byName?: string }
  /** The holder of a testbed the person is first in the queue for expects to be done sooner; `previous`: the release before. */
  | { kind: 'dueEarlier'; record: TestbedRecord; previous: string }
  /** A colleague (`byName`) booked the testbed for the person; `record` as booked, theirs. */
  | { kind: 'bookedForYou'; record: TestbedRecord; byName: string }
  /** The person was handed a booking by its holder (`byName`), or by an admin (`byName`) for its holder (`forName`); `record` as it is now theirs. */
  | { kind: 'handedToYou'; record: TestbedRecord; byName: string; forName?: string }
  /** An admin (`byName`) handed the person's booking to a colleague (`toName`); `record` as it was, theirs. */
  | { kind: 'handedAway'; record: TestbedRecord; byName: string; toName: string }
  /**
   * Somebody (`reporter`) reported a problem with the testbed, in their words; `asAdmin`: told as one of the lab's admins,
   * else as its holder; `adminsTold`: whether any admin was (none is set up otherwise).
   */
  /** `fixed`: news that the testbed, under maintenance, works again (only the admins are told). */
  | { kind: 'problem'; record: TestbedRecord; reporter: Holder; text: string; asAdmin: boolean; adminsTold: boolean; fixed?: true }
  /**
   * The testbed lost the label the person waited for any testbed of (`label`, as they typed it), so their place in its
   * queue was given up; `stillWaiting`: the names of the testbeds whose queues they are still in for that label.
   */
  | { kind: 'labelLost'; record: TestbedRecord; label: string; stillWaiting: string[] }
  /** To the admin who started the maintenance: its expected end has passed and it still runs; `waiting`: the testbed's queue. */
  | { kind: 'maintenanceDue'; record: TestbedRecord; waiting: number }
  /**
   * To each person waiting for a testbed under maintenance: an admin (`byName`) moved its expected end (now in the
   * record; `previous`: the one before, null when none was given); `position`: their place in its queue.
   */
  | { kind: 'maintenanceMoved'; record: TestbedRecord; byName: string; previous: string | null; position: number };

/* ---------------------------------------------------------------------------------------------
 * Running the lab: labels, maintenance, administration and history (docs/lab-admin.md).
 * ------------------------------------------------------------------------------------------- */

/** A testbed taken out of service by an admin. Kept in the record; `status` stays `available`. */
export interface Maintenance {
  reason: string;
  /**
   * ISO 8601 UTC: when it is expected back, or null when unknown. Shown to people; once it passes, the admin who
   * started the maintenance is asked once whether the testbed is back (maintenance still ends only by an admin).
   */
  until: string | null;
  /** ISO 8601 UTC: when maintenance started. */
  since: string;
  by: Holder;
}

/** The optional fields a record may carry beside the eight of the original document. */
export interface TestbedExtras {
  /** Short labels such as `5g` (compared ignoring case). */
  labels?: string[];
  description?: string;
  /** Present (non-null) while the testbed is under maintenance. */
  maintenance?: Maintenance | null;
}

/** A testbed taken out of service for good: kept in the document's `retired` list so its id is never given out again. */
export interface RetiredTestbed {
  id: number;
  testbed_name: string;
  /** ISO 8601 UTC. */
  retired_at: string;
}

/** What an admin asks for from the admin card (or an admin API token). */
export type AdminRequest =
  | { type: 'add'; name: string; labels: string[]; description: string | null }
  | { type: 'rename'; testbedId: number; name: string }
  /** New labels and description (both replace what the testbed had; none and null clear them). */
  | { type: 'edit'; testbedId: number; labels: string[]; description: string | null }
  | { type: 'retire'; testbedId: number }
  | { type: 'maintenanceStart'; testbedId: number; reason: string; until: string | null }
  | { type: 'maintenanceEnd'; testbedId: number }
  | { type: 'forceRelease'; testbedId: number; reason: string }
  /**
   * Somebody else's booking made longer (`extend lab-3 by 2 hours` typed by an admin): by `minutes` or until `until`, as the
   * holder's Extend would. `holderEmail`: whose booking the admin saw; refused when it changed hands since.
   */
  | ({ type: 'extend'; testbedId: number; holderEmail: string } & ExtendBy)
  /**
   * Every booking one person holds made longer (`extend Linus's bookings by 2 hours` typed by an admin), each as `extend`
   * of it would be. `holderEmail`: whose bookings the admin saw.
   */
  | ({ type: 'extendAll'; holderEmail: string } & ExtendBy)
  /**
   * Somebody else's booking handed to a colleague (`give lab-3 to Grace` typed by an admin), as the holder's Hand over would.
   * `holderEmail`: whose booking the admin saw; `toEmail`: the colleague the card named (the platform is asked who that is).
   */
  | { type: 'handOver'; testbedId: number; holderEmail: string; toEmail: string };

/** The admin card's tasks: each is also the `action` of its form's Submit button. */
export type AdminTask = 'testbed_add' | 'testbed_rename' | 'testbed_edit' | 'testbed_retire' | 'maintenance_start' | 'maintenance_end' | 'force_release';

export type AdminRefusal =
  | 'unknown'
  /** Another testbed already has that name (ignoring case). */
  | 'name_taken'
  /** Retire or start maintenance on a testbed somebody holds. */
  | 'in_use'
  /** Force release of a testbed nobody holds. */
  | 'not_in_use'
  /** Kept for the first person in its queue right now. */
  | 'held'
  | 'in_maintenance'
  | 'not_in_maintenance'
  /** A change of this testbed is being saved right now. */
  | 'busy'
  /** An admin's extension of a booking that changed hands (or ended) since they saw it. */
  | 'changed_hands'
  /** An admin's extension until a time the booking already runs past. */
  | 'not_later'
  /** An admin's extension further ahead than a booking may run. */
  | 'too_far'
  /** An admin's hand-over to somebody the platform does not know (any more). */
  | 'no_person'
  /** An admin's hand-over to the person who holds it already. */
  | 'already_theirs';

/** What a testbed that gained labels did for the people waiting for any testbed of them. */
export interface LabelWaiters {
  /** Held for them at once (it was free): the first who waited, and the label they waited for. */
  offeredTo?: { name: string; label: string };
  /** How many took a place in its queue. */
  queued: number;
  /** How many gave up their place in its queue, taken for a label it no longer carries (each was told). */
  left?: number;
}

export type AdminOutcome =
  | { type: 'added'; record: TestbedRecord; waiters?: LabelWaiters }
  | { type: 'renamed'; record: TestbedRecord; previousName: string }
  /** `changed` false: the testbed already had these labels and this description, and nothing was written. */
  | { type: 'edited'; record: TestbedRecord; previous: { labels: string[]; description: string | null }; changed: boolean; waiters?: LabelWaiters }
  | { type: 'retired'; record: TestbedRecord }
  | { type: 'maintenanceStarted'; record: TestbedRecord }
  /**
   * Maintenance asked for a testbed already under it: its reason and expected end replaced (`previous`: as they were);
   * `changed` false when they already read so (nothing was written); `told`: the people waiting told of a new expected end.
   */
  | { type: 'maintenanceChanged'; record: TestbedRecord; previous: Maintenance; changed: boolean; told?: number }
  | { type: 'maintenanceEnded'; record: TestbedRecord }
  | { type: 'forceReleased'; record: TestbedRecord; previous: TestbedRecord; next?: NextInLine }
  /** Somebody's booking extended by an admin; `previousRelease`: when it was due before (ISO 8601 UTC). */
  | { type: 'extended'; record: TestbedRecord; previousRelease: string }
  /** Somebody's booking handed to a colleague by an admin; `previous`: the booking as it was. */
  | { type: 'handedOver'; record: TestbedRecord; previous: TestbedRecord }
  /** `extendAll`: each of the person's bookings extended (with when it was due), and those that were not, with why. */
  | { type: 'extendedAll'; extended: Array<{ record: TestbedRecord; previousRelease: string }>; refused: Array<{ record: TestbedRecord; reason: AdminRefusal }> }
  | { type: 'refused'; reason: AdminRefusal; record?: TestbedRecord };

/** The `event` values of history lines (one JSON object per line in HISTORY_DB_NAME). */
export type HistoryEventName =
  | 'registered'
  | 'released'
  | 'extended'
  /** The holder gave their booking a new purpose. */
  | 'purpose_changed'
  /** The holder expects to be done sooner: the expected release moved earlier. */
  | 'shortened'
  /** The holder handed the booking to a colleague: the line closes their part of it. */
  | 'handed_over'
  | 'force_released'
  /** A pipeline's hold that was not renewed in time, released by the bot. */
  | 'expired'
  | 'reminder_sent'
  | 'overdue'
  | 'queued'
  | 'left_queue'
  | 'offered'
  | 'offer_declined'
  | 'offer_expired'
  | 'added'
  | 'renamed'
  /** An admin gave the testbed new labels or a new description. */
  | 'edited'
  /** Somebody reported a problem with the testbed (the admins were told). */
  | 'problem_reported'
  | 'retired'
  | 'maintenance_started'
  /** An admin changed the reason or the expected end of a maintenance under way. */
  | 'maintenance_changed'
  | 'maintenance_ended';

/** The booking a release line closes: enough to compute usage from the release alone. */
export interface ClosedBooking {
  holder: Holder;
  registered_time: string;
  expected_release_time: string;
  purpose: string;
}

interface HistoryBase {
  /** ISO 8601 UTC with trailing Z. */
  at: string;
  testbed_id: number;
  testbed_name: string;
  /** Who did it; null for the bot itself (timers). */
  by: Holder | null;
}

export type HistoryEntry = HistoryBase &
  (
    /** `holder`: who holds the booking, when somebody else (`by`) booked it for them. */
    | { event: 'registered'; purpose: string; expected_release_time: string; via?: 'chat' | 'api'; holder?: Holder }
    | ({ event: 'released' } & ClosedBooking)
    | ({ event: 'force_released'; reason: string } & ClosedBooking)
    | ({ event: 'expired' } & ClosedBooking)
    | ({ event: 'handed_over'; to: Holder } & ClosedBooking)
    /** `holder`: whose booking it was, when somebody else (an admin) extended it. */
    | { event: 'extended'; expected_release_time: string; previous_expected_release_time: string; holder?: Holder }
    | { event: 'purpose_changed'; purpose: string; previous_purpose: string }
    | { event: 'shortened'; expected_release_time: string; previous_expected_release_time: string }
    | { event: 'reminder_sent'; holder: Holder; expected_release_time: string }
    | { event: 'overdue'; holder: Holder; expected_release_time: string; count: number }
    | { event: 'queued'; position: number }
    | { event: 'left_queue' }
    | { event: 'offered'; to: Holder; until: string }
    | { event: 'offer_declined' }
    | { event: 'offer_expired'; to: Holder }
    | { event: 'added'; labels: string[]; description: string | null }
    | { event: 'renamed'; previous_name: string }
    | { event: 'edited'; labels: string[]; description: string | null; previous_labels: string[]; previous_description: string | null }
    | { event: 'problem_reported'; text: string }
    | { event: 'retired' }
    | { event: 'maintenance_started'; reason: string; until: string | null }
    | { event: 'maintenance_changed'; reason: string; until: string | null; previous_reason: string; previous_until: string | null }
    | { event: 'maintenance_ended'; reason: string }
  );

/** A time typed with `extend` that no extension may reach: as typed, and whether it has passed or lies too far ahead. */
export interface ExtendRefused {
  typed: string;
  outside: 'passed' | 'tooFar';
}
