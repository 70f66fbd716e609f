/**
 * One actor per testbed (key `testbed:<id>`), rebuilt from its store record and its lifecycle
 * entry at start-up. The claim happens on the transition available → reserving, so a second
 * registration while one is being saved is refused at once: fifty simultaneous clicks leave one
 * holder and forty-nine polite refusals.
 *
 * The record and the lifecycle entry in context only change after `saveTestbed` /
 * `saveLifecycle` resolved (the store is the durable truth); a failed save keeps the previous one.
 * Answers are emitted with the request id they belong to.
 *
 * Deadlines are data: the next reminder or overdue notice and the end of a hold are computed from
 * the stored record and entry, and `waitUntil` is invoked with that instant. A rebuilt actor simply
 * arms it again, and a deadline that passed while the bot was down fires at once. A notice is
 * stored as sent before it is handed to the edge, so a restart never sends it twice.
 *
 * Admins rename, edit (labels, description), retire, force release, extend a holder's booking (in the admin's name, the holder
 * told) and take a testbed out of service (`maintenance`: bookings
 * refused, waiting allowed; ending it goes back through `restoring`, so the queue is offered it). Asked
 * again while it runs, maintenance changes its reason and expected end. Until the admin who started it
 * has been told that its expected end passed, it waits for that end in `maintenanceDue` (a timer).
 * Every change carries its history lines (built here, as data) to the save actor, which appends
 * them after the document write and before the answer goes out.
 *
 * The states where nothing runs (`available`, `maintenance`: no timer, no save) carry the tag
 * `resting`: there the context is exactly the stored record and entry, and an actor built afresh
 * from them lands in the same state. The fleet may then let the actor go and build it again when
 * the testbed is next asked (app/testbed-fleet.ts); a test holds the machine to that promise.
 */
import { assign, emit, enqueueActions, fromCallback, fromPromise, setup, type EventObject } from 'xstate';
import {
  availableTestbed,
  emptyLifecycle,
  type AdminOutcome,
  type AdminRefusal,
  type ExtendBy,
  type HistoryEntry,
  type Holder,
  type LifecycleEntry,
  type Maintenance,
  type NextInLine,
  type RetiredTestbed,
  type TestbedRecord,
} from '../domain.js';
import { extrasOf } from '../lab-rules.js';
import { closedBooking, historyLine, holderOf } from './shared/history-lines.js';
import {
  DUE_AT_ONCE,
  afterBooking,
  askAgainAt,
  dueMaintenanceNotice,
  dueNotice,
  handOff,
  iso,
  joinQueue,
  leaveQueue,
  maintenanceNoticeAt,
  ms,
  nextNoticeAt,
  openAsks,
  positionOf,
  sameEmail,
} from './shared/lifecycle-rules.js';
import { DEFAULT_TIMING, MAX_AHEAD_MS, type DirectNotice, type LifecycleOutcome, type LifecycleTiming, type RefusalReason } from './shared/lifecycle-types.js';

export interface TestbedInput {
  record: TestbedRecord;
  /** The stored lifecycle entry (empty when absent). */
  life?: LifecycleEntry;
  timing?: LifecycleTiming;
}

type Request = { requestId: string; by: Holder; now: string };

export type TestbedEvent =
  | {
      type: 'registration.requested';
      requestId: string;
      holder: Holder;
      purpose: string;
      expectedRelease: string;
      now: string;
      /** Booked from a hand-off offer: only the person it was offered to may book. */
      offerOnly?: boolean;
      /** Where the booking came from (its history line says so); chat when absent. */
      via?: 'chat' | 'api';
      /** Somebody else booked it for `holder` (the history line is by them, and `holder` gets a message). */
      bookedBy?: Holder;
    }
  /**
   * `holderOnly`: asked from a direct message, where only the holder may release. `expired`: the bot
   * releases a pipeline's hold that was not renewed in time (history line `expired`, by nobody).
   */
  | ({ type: 'release.requested'; holderOnly?: boolean; expired?: boolean } & Request)
  | ({ type: 'extend.requested' } & ExtendBy & Request)
  /** The holder's new purpose for their booking. */
  | ({ type: 'purpose.requested'; purpose: string } & Request)
  /** The holder expects to be done sooner: the expected release moves earlier, to `until`. */
  | ({ type: 'doneBy.requested'; until: string } & Request)
  /**
   * The holder hands the booking to `to` (looked up on the platform by the fleet); with `holderEmail`, an admin does it
   * for that holder (the fleet checked who may), refused when the booking changed hands since.
   */
  | ({ type: 'handOver.requested'; to: Holder; holderEmail?: string } & Request)
  /** `label`: one of the waits for any testbed carrying it (`wait any 5g`), kept on the place in the queue. */
  /** `offerIfFree` (with a label): free for anyone, it is offered to them at once instead of refused as free. */
  | ({ type: 'wait.requested'; label?: string; offerIfFree?: true } & Request)
  | ({ type: 'unwait.requested' } & Request)
  | ({ type: 'offer.declined' } & Request)
  | ({ type: 'ask.requested' } & Request)
  /** The holder answered an ask: they still need it. */
  | ({ type: 'ask.kept' } & Request)
  /** From `waitUntil`: the instant it was armed with has come. */
  | { type: 'deadline.reached'; now: string }
  /* Admin requests (the fleet checks who may ask; answered with `admin.answered` / `admin.failed`). */
  | ({ type: 'rename.requested'; name: string } & Request)
  | ({ type: 'edit.requested'; labels: string[]; description: string | null } & Request)
  | ({ type: 'retire.requested' } & Request)
  | ({ type: 'maintenanceStart.requested'; reason: string; until: string | null } & Request)
  | ({ type: 'maintenanceEnd.requested' } & Request)
  | ({ type: 'forceRelease.requested'; reason: string } & Request)
  /** An admin extends `holderEmail`'s booking (the holder they saw); refused when it changed hands since. */
  | ({ type: 'adminExtend.requested'; holderEmail: string } & ExtendBy & Request);


export type Notification = { to: string; notice: DirectNotice };

export type TestbedEmitted =
  | { type: 'registration.succeeded'; requestId: string; record: TestbedRecord }
  /** `maintenance`: the record (with its `maintenance`) says why and until when. */
  | { type: 'registration.refused'; requestId: string; record: TestbedRecord; reason: 'taken' | 'held' | 'maintenance'; offer?: LifecycleEntry['offer'] }
  | { type: 'registration.failed'; requestId: string; message: string }
  /** `next`: the first person waiting, who is offered it at once. */
  | { type: 'release.succeeded'; requestId: string; record: TestbedRecord; previous: TestbedRecord; next?: NextInLine }
  /** `busy`: a change of this testbed is being saved right now. */
  | { type: 'release.refused'; requestId: string; record: TestbedRecord; reason: 'not_in_use' | 'busy' | 'not_holder' }
  | { type: 'release.failed'; requestId: string; message: string }
  | { type: 'request.answered'; requestId: string; outcome: LifecycleOutcome }
  | { type: 'request.failed'; requestId: string; message: string }
  | { type: 'admin.answered'; requestId: string; outcome: AdminOutcome }
  /** `code`: the store's error code when it refused (e.g. STORE_NAME_TAKEN for a name taken meanwhile). */
  | { type: 'admin.failed'; requestId: string; message: string; code?: string }
  /** A direct message for `to` (an email); posted after the fact it reports is stored. */
  | { type: 'notify'; to: string; notice: DirectNotice };

/** A lifecycle change being saved, with what to say once it is on disk. */
interface LifeChange {
  requestId: string | null;
  life: LifecycleEntry;
  outcome: LifecycleOutcome | null;
  notify: Notification[];
  /** Answers held back until this change is settled (saved or not): a booking's success after its tidy-up. */
  after?: TestbedEmitted[];
  /** Appended to the history once the change is stored. */
  history: HistoryEntry[];
}

/** What an admin's record change reports once it is saved. */
type AdminChange =
  | { type: 'renamed'; previousName: string }
  | { type: 'edited'; previous: { labels: string[]; description: string | null } }
  | { type: 'maintenanceStarted' }
  | { type: 'maintenanceChanged'; previous: Maintenance; byName: string }
  | { type: 'maintenanceEnded' }
  | { type: 'forceReleased'; byName: string; reason: string }
  | { type: 'extended'; byName: string; previousRelease: string }
  | { type: 'retired'; at: string };

/** A record change being saved, with the request it answers and its history lines. */
interface PendingChange {
  requestId: string;
  record: TestbedRecord;
  history: HistoryEntry[];
  /** Set when an admin asked for it: the answer is `admin.answered`. */
  admin?: AdminChange;
  /** When it was asked for (an extension: the first person waiting is told at most once an hour). */
  at?: string;
  /** Set when the holder amended their booking: what the answer reports once it is saved. */
  /** `byAdmin`: an admin handed it over for its holder. */
  amend?: { type: 'extended' } | { type: 'repurposed'; previous: string } | { type: 'dueEarlier'; previous: string } | { type: 'handedOver'; previous: TestbedRecord; byAdmin?: Holder };
}

export interface TestbedContext {
  /** The record as last saved. */
  record: TestbedRecord;
  /** The lifecycle entry as last saved. */
  life: LifecycleEntry;
  timing: LifecycleTiming;
  /** The record change being saved, with the request it answers. */
  pending: PendingChange | null;
  change: LifeChange | null;
  /**
   * Who was last told that the booking ahead runs longer, and when: at most once an hour each, so a
   * pipeline extending its hold every few minutes does not flood the first person waiting. Kept in
   * memory only (after a restart one more message may go out).
   */
  toldAhead?: { email: string; at: string };
}

/** The least time between two messages to the first person waiting that the booking ahead runs longer. */
const TOLD_AHEAD_GAP_MS = 3_600_000;

type RequestEvent = Extract<TestbedEvent, { by: Holder }>;

type RegistrationEvent = Extract<TestbedEvent, { type: 'registration.requested' }>;

/** The record once booked; labels and description stay (maintenance never reaches a booking). */
function bookedRecord(record: TestbedRecord, event: RegistrationEvent): TestbedRecord {
  return {
    id: record.id,
    testbed_name: record.testbed_name,
    status: 'in_use',
    user_email: event.holder.email,
    user_name: event.holder.name,
    registered_time: event.now,
    purpose: event.purpose,
    expected_release_time: event.expectedRelease,
    ...extrasOf({ ...record, maintenance: null }),
  };
}

/** The record once released: the user fields cleared, labels and description kept. */
function releasedRecord(record: TestbedRecord): TestbedRecord {
  return availableTestbed(record.id, record.testbed_name, extrasOf(record));
}

function claimChange(record: TestbedRecord, event: RegistrationEvent): PendingChange {
  const booked = bookedRecord(record, event);
  return {
    requestId: event.requestId,
    record: booked,
    history: [
      historyLine('registered', booked, event.now, event.bookedBy ?? event.holder, {
        purpose: event.purpose,
        expected_release_time: event.expectedRelease,
        via: event.via ?? 'chat',
        ...(event.bookedBy === undefined ? {} : { holder: { email: event.holder.email, name: event.holder.name } }),
      }),
    ],
  };
}

/** Booked for somebody by a colleague (the history line says by whom): they hear it is theirs. */
function bookedForNotices(history: readonly HistoryEntry[], record: TestbedRecord): Notification[] {
  const by = history[0]?.by;
  if (!by || sameEmail(by.email, record.user_email)) return [];
  return [{ to: record.user_email ?? '', notice: { kind: 'bookedForYou', record, byName: by.name } }];
}

function releaseChange(record: TestbedRecord, event: Extract<TestbedEvent, { type: 'release.requested' }>): PendingChange {
  const line = event.expired
    ? historyLine('expired', record, event.now, null, closedBooking(record))
    : historyLine('released', record, event.now, event.by, closedBooking(record));
  return { requestId: event.requestId, record: releasedRecord(record), history: [line] };
}

function forceReleaseChange(record: TestbedRecord, event: Extract<TestbedEvent, { type: 'forceRelease.requested' }>): PendingChange {
  return {
    requestId: event.requestId,
    record: releasedRecord(record),
    history: [historyLine('force_released', record, event.now, event.by, { reason: event.reason, ...closedBooking(record) })],
    admin: { type: 'forceReleased', byName: event.by.name, reason: event.reason },
  };
}

/** An admin's extension of the holder's booking: the holder's Extend, in the admin's name, the holder named on its line. */
function adminExtendChange(record: TestbedRecord, event: Extract<TestbedEvent, { type: 'adminExtend.requested' }>): PendingChange {
  const change = extendChange(record, { ...event, type: 'extend.requested' });
  const previousRelease = record.expected_release_time ?? '';
  return {
    ...change,
    history: change.history.map((line) => ({ ...line, holder: holderOf(record) }) as HistoryEntry),
    amend: undefined,
    admin: { type: 'extended', byName: event.by.name, previousRelease },
  };
}

function extendChange(record: TestbedRecord, event: Extract<TestbedEvent, { type: 'extend.requested' }>): PendingChange {
  const extended = { ...record, expected_release_time: extendedRelease(record, event, event.now) };
  return {
    requestId: event.requestId,
    record: extended,
    at: event.now,
    amend: { type: 'extended' },
    history: [
      historyLine('extended', record, event.now, event.by, {
        expected_release_time: extended.expected_release_time,
        previous_expected_release_time: record.expected_release_time ?? '',
      }),
    ],
  };
}

function purposeChange(record: TestbedRecord, event: Extract<TestbedEvent, { type: 'purpose.requested' }>): PendingChange {
  const previous = record.purpose ?? '';
  return {
    requestId: event.requestId,
    record: { ...record, purpose: event.purpose },
    history: [historyLine('purpose_changed', record, event.now, event.by, { purpose: event.purpose, previous_purpose: previous })],
    amend: { type: 'repurposed', previous },
  };
}

function doneByChange(record: TestbedRecord, event: Extract<TestbedEvent, { type: 'doneBy.requested' }>): PendingChange {
  const previous = record.expected_release_time ?? '';
  const sooner = { ...record, expected_release_time: iso(ms(event.until)) };
  return {
    requestId: event.requestId,
    record: sooner,
    history: [historyLine('shortened', record, event.now, event.by, { expected_release_time: sooner.expected_release_time, previous_expected_release_time: previous })],
    amend: { type: 'dueEarlier', previous },
  };
}

/** The booking goes on under its new holder from now: the part before is closed in the history as the first holder's. */
function handOverChange(record: TestbedRecord, event: Extract<TestbedEvent, { type: 'handOver.requested' }>): PendingChange {
  const to = { email: event.to.email, name: event.to.name };
  return {
    requestId: event.requestId,
    record: { ...record, user_email: to.email, user_name: to.name, registered_time: event.now },
    history: [historyLine('handed_over', record, event.now, event.by, { to, ...closedBooking(record) })],
    amend: { type: 'handedOver', previous: record, ...(event.holderEmail === undefined ? {} : { byAdmin: { email: event.by.email, name: event.by.name } }) },
  };
}

/**
 * A record change that gave the testbed a holder is settled by `tidying` (their offer used up, their queue place
 * left) before its answers and messages go out, so the files agree with what people hear.
 */
function settling(life: LifecycleEntry, after: TestbedEmitted[], notify: Notification[] = []): LifeChange {
  return { requestId: null, life, outcome: null, notify, history: [], after };
}

/**
 * Who hears of a hand-over: the new holder, from the holder; or, when an admin did it, from the admin (for the holder;
 * not the admin who took it over themselves, who has the answer), and the holder too, whose booking it was.
 */
function handedOverNotices(before: TestbedRecord, after: TestbedRecord, amend: PendingChange['amend']): Notification[] {
  const holderName = before.user_name ?? '';
  const byAdmin = amend?.type === 'handedOver' ? amend.byAdmin : undefined;
  if (byAdmin === undefined) return [{ to: after.user_email ?? '', notice: { kind: 'handedToYou', record: after, byName: holderName } }];
  const away: Notification = { to: before.user_email ?? '', notice: { kind: 'handedAway', record: before, byName: byAdmin.name, toName: after.user_name ?? '' } };
  if (sameEmail(after.user_email, byAdmin.email)) return [away];
  return [{ to: after.user_email ?? '', notice: { kind: 'handedToYou', record: after, byName: byAdmin.name, forName: holderName } }, away];
}

/** The answer to the holder's saved amendment: `record` as saved; `next`: the first person waiting (told of an earlier release). */
function amendedOutcome(pending: PendingChange, record: TestbedRecord, next: Holder | undefined): LifecycleOutcome {
  switch (pending.amend?.type) {
    case 'repurposed':
      return { type: 'repurposed', record, previous: pending.amend.previous, changed: true };
    case 'dueEarlier':
      return { type: 'dueEarlier', record, previous: pending.amend.previous, ...(next && !sameEmail(next.email, record.user_email) ? { toldNext: next.name } : {}) };
    case 'handedOver':
      return { type: 'handedOver', record, previous: pending.amend.previous };
    default:
      return { type: 'extended', record };
  }
}

function renameChange(record: TestbedRecord, event: Extract<TestbedEvent, { type: 'rename.requested' }>): PendingChange {
  const renamed = { ...record, testbed_name: event.name };
  return {
    requestId: event.requestId,
    record: renamed,
    history: [historyLine('renamed', renamed, event.now, event.by, { previous_name: record.testbed_name })],
    admin: { type: 'renamed', previousName: record.testbed_name },
  };
}

/** New labels and description: a record without labels has no `labels` key, one without a description no `description`. */
function editChange(record: TestbedRecord, event: Extract<TestbedEvent, { type: 'edit.requested' }>): PendingChange {
  const edited: TestbedRecord = { ...record };
  delete edited.labels;
  delete edited.description;
  if (event.labels.length > 0) edited.labels = [...event.labels];
  if (event.description !== null) edited.description = event.description;
  const previous = { labels: [...(record.labels ?? [])], description: record.description ?? null };
  return {
    requestId: event.requestId,
    record: edited,
    history: [
      historyLine('edited', edited, event.now, event.by, {
        labels: [...event.labels],
        description: event.description,
        previous_labels: previous.labels,
        previous_description: previous.description,
      }),
    ],
    admin: { type: 'edited', previous },
  };
}

function maintenanceStartChange(record: TestbedRecord, event: Extract<TestbedEvent, { type: 'maintenanceStart.requested' }>): PendingChange {
  const maintenance = { reason: event.reason, until: event.until, since: event.now, by: { email: event.by.email, name: event.by.name } };
  return {
    requestId: event.requestId,
    record: { ...record, maintenance },
    history: [historyLine('maintenance_started', record, event.now, event.by, { reason: event.reason, until: event.until })],
    admin: { type: 'maintenanceStarted' },
  };
}

/** Maintenance asked for again while it runs: the reason and the expected end replaced; when and by whom it started stay. */
function maintenanceChangeChange(record: TestbedRecord, previous: Maintenance, event: Extract<TestbedEvent, { type: 'maintenanceStart.requested' }>): PendingChange {
  const details = { reason: event.reason, until: event.until, previous_reason: previous.reason, previous_until: previous.until };
  return {
    requestId: event.requestId,
    record: { ...record, maintenance: { ...previous, reason: event.reason, until: event.until } },
    history: [historyLine('maintenance_changed', record, event.now, event.by, details)],
    admin: { type: 'maintenanceChanged', previous, byName: event.by.name },
  };
}

function maintenanceEndChange(record: TestbedRecord, event: Extract<TestbedEvent, { type: 'maintenanceEnd.requested' }>): PendingChange {
  const ended: TestbedRecord = { ...record };
  delete ended.maintenance;
  return {
    requestId: event.requestId,
    record: ended,
    history: [historyLine('maintenance_ended', record, event.now, event.by, { reason: record.maintenance?.reason ?? '' })],
    admin: { type: 'maintenanceEnded' },
  };
}

function retireChange(record: TestbedRecord, event: Extract<TestbedEvent, { type: 'retire.requested' }>): PendingChange {
  return { requestId: event.requestId, record, history: [historyLine('retired', record, event.now, event.by, {})], admin: { type: 'retired', at: event.now } };
}

/** The answer to an admin's saved change: `record` as saved, `previous` as it was. */
function adminOutcome(change: AdminChange, record: TestbedRecord, context: TestbedContext): AdminOutcome {
  const previous = context.record;
  switch (change.type) {
    case 'renamed':
      return { type: 'renamed', record, previousName: change.previousName };
    case 'edited':
      return { type: 'edited', record, previous: change.previous, changed: true };
    case 'maintenanceStarted':
      return { type: 'maintenanceStarted', record };
    case 'maintenanceChanged': {
      const told = movedEnd(change.previous, record) ? context.life.queue.length : 0;
      return { type: 'maintenanceChanged', record, previous: change.previous, changed: true, ...(told > 0 ? { told } : {}) };
    }
    case 'maintenanceEnded':
      return { type: 'maintenanceEnded', record };
    case 'forceReleased':
      return { type: 'forceReleased', record, previous, ...nextInLine(context) };
    case 'retired':
      return { type: 'retired', record: previous };
    case 'extended':
      return { type: 'extended', record, previousRelease: change.previousRelease };
  }
}

/** The new expected release: `until`, or `minutes` on from the current one (from now when that has passed). */
function extendedRelease(record: TestbedRecord, by: ExtendBy, now: string): string {
  if ('until' in by) return iso(ms(by.until));
  return iso(Math.max(ms(record.expected_release_time), ms(now)) + by.minutes * 60_000);
}

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'the change could not be saved';
}

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The person a testbed freed now is offered to, when anybody waits for it. */
function nextInLine({ life, timing }: TestbedContext): { next?: NextInLine } {
  const first = life.queue[0];
  return first ? { next: { name: first.name, holdMinutes: Math.round(timing.holdMs / 60_000) } } : {};
}

function handedTo(context: TestbedContext): { handedTo?: string } {
  const next = nextInLine(context).next;
  return next ? { handedTo: next.name } : {};
}

const byOf = (event: TestbedEvent): Holder | null => ('by' in event ? event.by : 'holder' in event ? event.holder : null);
const nowOf = (event: TestbedEvent): string => event.now;
const requestIdOf = (event: TestbedEvent): string => ('requestId' in event ? event.requestId : '');

/**
 * The change the hand-off makes at `now`: the next person gets an offer, the lapsed one is told.
 * `why`: the hold ran out (`lapsed`), the person declined it (`declined`, with who), or the testbed
 * was just freed with people waiting (`freed`).
 */
function handOffChange(
  context: TestbedContext,
  now: string,
  outcome: LifecycleOutcome | null,
  requestId: string | null,
  why: { type: 'lapsed' } | { type: 'declined'; by: Holder } | { type: 'freed' },
): LifeChange {
  const life = handOff(context.life, now, context.timing);
  const notify: Notification[] = [];
  const history: HistoryEntry[] = [];
  const previous = context.life.offer;
  if (why.type === 'lapsed' && previous) {
    notify.push({ to: previous.email, notice: { kind: 'holdLapsed', record: context.record, ...(previous.label === undefined ? {} : { label: previous.label }) } });
    history.push(historyLine('offer_expired', context.record, now, null, { to: { email: previous.email, name: previous.name } }));
  }
  if (why.type === 'declined') history.push(historyLine('offer_declined', context.record, now, why.by, {}));
  if (life.offer) {
    notify.push({ to: life.offer.email, notice: { kind: 'offer', record: context.record, offer: life.offer } }, ...movedUp(context, life));
    history.push(historyLine('offered', context.record, now, null, { to: { email: life.offer.email, name: life.offer.name }, until: life.offer.until }));
  }
  return { requestId, life, outcome, notify, history };
}

/**
 * While a write is in flight (or waiting to be retried): a booking is refused as taken, everything
 * else as busy, and a deadline that arrives meanwhile is ignored (timers are armed again from the
 * stored record once the write settles).
 */
/** An admin request this state refuses, with why. */
const refuseAdmin = (reason: AdminRefusal) => ({ actions: { type: 'refuseAdmin', params: { reason } } }) as const;

const ADMIN_BUSY = {
  'rename.requested': refuseAdmin('busy'),
  'edit.requested': refuseAdmin('busy'),
  'retire.requested': refuseAdmin('busy'),
  'maintenanceStart.requested': refuseAdmin('busy'),
  'maintenanceEnd.requested': refuseAdmin('busy'),
  'forceRelease.requested': refuseAdmin('busy'),
  'adminExtend.requested': refuseAdmin('busy'),
} as const;

const WHILE_SAVING = {
  'registration.requested': { actions: { type: 'refuseRegistration', params: { reason: 'taken' } } },
  'release.requested': { actions: { type: 'refuseRelease', params: { reason: 'busy' } } },
  'deadline.reached': {},
  ...ADMIN_BUSY,
  '*': { actions: { type: 'refuse', params: { reason: 'busy' } } },
} as const;

/** What a testbed nobody holds refuses (free, kept for somebody, or under maintenance): a holder's own requests. */
const NOBODY_HOLDS_IT = {
  'release.requested': { actions: { type: 'refuseRelease', params: { reason: 'not_in_use' } } },
  'extend.requested': { actions: { type: 'refuse', params: { reason: 'not_in_use' } } },
  'purpose.requested': { actions: { type: 'refuse', params: { reason: 'not_in_use' } } },
  'doneBy.requested': { actions: { type: 'refuse', params: { reason: 'not_in_use' } } },
  'handOver.requested': { actions: { type: 'refuse', params: { reason: 'not_in_use' } } },
  'ask.requested': { actions: { type: 'refuse', params: { reason: 'not_in_use' } } },
  'ask.kept': { actions: { type: 'refuse', params: { reason: 'not_in_use' } } },
} as const;

type Handled<E extends TestbedEvent['type']> = { context: TestbedContext; event: Extract<TestbedEvent, { type: E }> };

/** What a testbed under maintenance answers (told its admin or not yet): bookings refused with the reason, the queue open. */
const UNDER_MAINTENANCE = {
  'registration.requested': { actions: { type: 'refuseRegistration', params: { reason: 'maintenance' } } },
  ...NOBODY_HOLDS_IT,
  'offer.declined': { actions: { type: 'refuse', params: { reason: 'not_offered' } } },
  'wait.requested': [
    { guard: 'isWaitingForItsLabel', target: 'updating', actions: { type: 'planChange', params: ({ context, event }: Handled<'wait.requested'>) => forThisOneChange(context, event) } },
    { guard: 'isWaiting', actions: { type: 'answer', params: ({ context, event }: Handled<'wait.requested'>) => ({ outcome: waitingOutcome(context, context.life, event, true) }) } },
    { target: 'updating', actions: { type: 'planChange', params: ({ context, event }: Handled<'wait.requested'>) => joinChange(context, event) } },
  ],
  'unwait.requested': [
    { guard: 'isWaiting', target: 'updating', actions: { type: 'planChange', params: ({ context, event }: Handled<'unwait.requested'>) => leaveChange(context, event) } },
    { actions: { type: 'answer', params: ({ context }: Handled<'unwait.requested'>) => ({ outcome: { type: 'unwaited', record: context.record, wasWaiting: false } as const }) } },
  ],
  'rename.requested': { target: 'changing', actions: 'planAdmin' },
  'edit.requested': { target: 'changing', actions: 'planAdmin' },
  'retire.requested': { target: 'retiring', actions: 'planAdmin' },
  // Asked again while it runs: its reason and expected end change.
  'maintenanceStart.requested': { target: 'changing', actions: 'planAdmin' },
  'maintenanceEnd.requested': { target: 'changing', actions: 'planAdmin' },
  'forceRelease.requested': refuseAdmin('not_in_use'),
  'adminExtend.requested': refuseAdmin('changed_hands'),
} as const;

export const testbedMachine = setup({
  types: {
    context: {} as TestbedContext,
    events: {} as TestbedEvent,
    input: {} as TestbedInput,
    emitted: {} as TestbedEmitted,
    tags: {} as 'resting',
  },
  actors: {
    /** Writes the record, then appends `history`; resolves with the record as saved. */
    saveTestbed: fromPromise<TestbedRecord, { record: TestbedRecord; history: HistoryEntry[] }>(async () => {
      throw new Error('saveTestbed not provided');
    }),
    /** Writes the entry, then appends `history`; resolves with the entry as saved. */
    saveLifecycle: fromPromise<LifecycleEntry, { entry: LifecycleEntry; history: HistoryEntry[] }>(async () => {
      throw new Error('saveLifecycle not provided');
    }),
    /** Moves the record to the retired list, drops its lifecycle entry, then appends `history`. */
    retireTestbed: fromPromise<RetiredTestbed, { testbedId: number; at: string; history: HistoryEntry[] }>(async () => {
      throw new Error('retireTestbed not provided');
    }),
    /** Sends `deadline.reached` (with the time) once `at` has come; `at: null` never fires. */
    waitUntil: fromCallback<EventObject, { at: string | null }>(() => {
      throw new Error('waitUntil not provided');
    }),
  },
  guards: {
    isInUse: ({ context }) => context.record.status === 'in_use',
    isInMaintenance: ({ context }) => Boolean(context.record.maintenance),
    hasOffer: ({ context }) => context.life.offer !== null,
    hasQueue: ({ context }) => context.life.queue.length > 0,
    isHolder: ({ context, event }) => sameEmail(context.record.user_email, byOf(event)?.email),
    /** An admin's extension of a booking that is no longer the one of the holder they saw. */
    isNotHoldersAnyMore: ({ context, event }) =>
      (event.type === 'adminExtend.requested' || (event.type === 'handOver.requested' && event.holderEmail !== undefined)) && !sameEmail(context.record.user_email, event.holderEmail),
    /** A hand-over by somebody who neither holds the booking nor hands it over for its holder as an admin. */
    isStrangerHandingOver: ({ context, event }) => event.type === 'handOver.requested' && event.holderEmail === undefined && !sameEmail(context.record.user_email, event.by.email),
    isNotHolder: ({ context, event }) => !sameEmail(context.record.user_email, byOf(event)?.email),
    /** A release asked for from a direct message by somebody who does not hold the testbed (any more). */
    isHolderOnlyStranger: ({ context, event }) =>
      event.type === 'release.requested' && event.holderOnly === true && !sameEmail(context.record.user_email, event.by.email),
    isOfferedTo: ({ context, event }) => sameEmail(context.life.offer?.email, byOf(event)?.email),
    isOfferOnly: ({ event }) => event.type === 'registration.requested' && event.offerOnly === true,
    isWaiting: ({ context, event }) => positionOf(context.life, byOf(event)?.email) > 0,
    /** `wait lab-3` from somebody whose place in its queue was taken by `wait any 5g`: from now on they wait for lab-3 itself. */
    isOfferIfFree: ({ event }) => event.type === 'wait.requested' && event.offerIfFree === true && event.label !== undefined,
    isWaitingForItsLabel: ({ context, event }) =>
      event.type === 'wait.requested' && event.label === undefined && context.life.queue.some((person) => sameEmail(person.email, event.by.email) && person.label !== undefined),
    isTooFar: ({ context, event }) =>
      (event.type === 'extend.requested' || event.type === 'adminExtend.requested') && ms(extendedRelease(context.record, event, event.now)) - ms(event.now) > MAX_AHEAD_MS,
    /** `extend until 18:00` when the booking already runs that long (or the time has passed): nothing to do. */
    isNotLater: ({ context, event }) =>
      (event.type === 'extend.requested' || event.type === 'adminExtend.requested') &&
      'until' in event &&
      !(ms(event.until) > Math.max(ms(context.record.expected_release_time), ms(event.now))),
    /** `Done by` a time that has passed. */
    isPassed: ({ event }) => event.type === 'doneBy.requested' && !(ms(event.until) > ms(event.now)),
    /** `Done by` a time later than the booking is due (and within reach): an extension until then. */
    isLaterThanDue: ({ context, event }) => event.type === 'doneBy.requested' && ms(event.until) > ms(context.record.expected_release_time),
    /** The same, further ahead than a booking may run. */
    isLaterTooFar: ({ context, event }) =>
      event.type === 'doneBy.requested' && ms(event.until) > ms(context.record.expected_release_time) && ms(event.until) - ms(event.now) > MAX_AHEAD_MS,
    /** `Done by` a time the booking is already due back by: nothing to bring forward. */
    isNotEarlier: ({ context, event }) => event.type === 'doneBy.requested' && !(ms(event.until) < ms(context.record.expected_release_time)),
    /** A hand-over to the holder themselves: nothing to hand. */
    isToHolder: ({ context, event }) => event.type === 'handOver.requested' && sameEmail(event.to.email, context.record.user_email),
    isHandOver: ({ context }) => context.pending?.amend?.type === 'handedOver',
    /** A new purpose that reads exactly as the booking's purpose already does: nothing to save. */
    isSamePurpose: ({ context, event }) => event.type === 'purpose.requested' && event.purpose === (context.record.purpose ?? ''),
    isAskedRecently: ({ context, event }) => askAgainAt(context.record, context.life, byOf(event)?.email ?? '', nowOf(event)) !== null,
    isNoticeDue: ({ context, event }) =>
      event.type === 'deadline.reached' && !Number.isNaN(ms(event.now)) && dueNotice(context.record, context.life, context.timing, event.now) !== null,
    isMaintenanceNoticeAhead: ({ context }) => maintenanceNoticeAt(context.record, context.life) !== null,
    isMaintenanceNoticeDue: ({ context, event }) => event.type === 'deadline.reached' && dueMaintenanceNotice(context.record, context.life, event.now) !== null,
    isValidNow: ({ event }) => event.type === 'deadline.reached' && !Number.isNaN(ms(event.now)),
    needsTidy: ({ context }) => JSON.stringify(afterBooking(context.life, context.record)) !== JSON.stringify(context.life),
    hasChangeRequest: ({ context }) => context.change?.requestId !== null,
    isAdminChange: ({ context }) => context.pending?.admin !== undefined,
  },
  delays: {
    retryLater: 30_000,
  },
  actions: {
    claim: assign({
      pending: ({ context, event }) => (event.type === 'registration.requested' ? claimChange(context.record, event) : context.pending),
    }),
    free: assign({
      pending: ({ context, event }) => (event.type === 'release.requested' ? releaseChange(context.record, event) : context.pending),
    }),
    extend: assign({
      pending: ({ context, event }) => (event.type === 'extend.requested' ? extendChange(context.record, event) : context.pending),
    }),
    repurpose: assign({
      pending: ({ context, event }) => (event.type === 'purpose.requested' ? purposeChange(context.record, event) : context.pending),
    }),
    extendToDoneBy: assign({
      pending: ({ context, event }) =>
        event.type === 'doneBy.requested' ? extendChange(context.record, { ...event, type: 'extend.requested', until: event.until }) : context.pending,
    }),
    shorten: assign({
      pending: ({ context, event }) => (event.type === 'doneBy.requested' ? doneByChange(context.record, event) : context.pending),
    }),
    handOver: assign({
      pending: ({ context, event }) => (event.type === 'handOver.requested' ? handOverChange(context.record, event) : context.pending),
    }),
    /** An admin's change of the record (rename, maintenance, force release, retire), to be saved. */
    planAdmin: assign({
      pending: ({ context, event }) => {
        switch (event.type) {
          case 'rename.requested':
            return renameChange(context.record, event);
          case 'edit.requested':
            return editChange(context.record, event);
          case 'maintenanceStart.requested':
            return context.record.maintenance
              ? maintenanceChangeChange(context.record, context.record.maintenance, event)
              : maintenanceStartChange(context.record, event);
          case 'maintenanceEnd.requested':
            return maintenanceEndChange(context.record, event);
          case 'forceRelease.requested':
            return forceReleaseChange(context.record, event);
          case 'adminExtend.requested':
            return adminExtendChange(context.record, event);
          case 'retire.requested':
            return retireChange(context.record, event);
          default:
            return context.pending;
        }
      },
    }),
    keepSaved: assign({ record: (_, params: { record: TestbedRecord }) => params.record, pending: null }),
    dropPending: assign({ pending: null }),
    planChange: assign({ change: (_, params: LifeChange) => params }),
    keepLife: assign({ life: (_, params: { life: LifecycleEntry }) => params.life, change: null }),
    dropChange: assign({ change: null }),
    forgetToldAhead: assign({ toldAhead: undefined }),
    refuseRegistration: emit(({ context, event }, params: { reason: 'taken' | 'held' | 'maintenance' }) => ({
      type: 'registration.refused' as const,
      requestId: requestIdOf(event),
      record: context.pending && context.pending.record.status === 'in_use' ? context.pending.record : context.record,
      reason: params.reason,
      ...(params.reason === 'held' && context.life.offer ? { offer: context.life.offer } : {}),
    })),
    refuseRelease: emit(({ context, event }, params: { reason: 'not_in_use' | 'busy' | 'not_holder' }) => ({
      type: 'release.refused' as const,
      requestId: requestIdOf(event),
      record: context.record,
      reason: params.reason,
    })),
    refuseAdmin: emit(({ context, event }, params: { reason: AdminRefusal }) => ({
      type: 'admin.answered' as const,
      requestId: requestIdOf(event),
      outcome: { type: 'refused' as const, reason: params.reason, record: context.record },
    })),
    /** Once an admin's change is saved: the answer, then the direct messages it causes. */
    reportAdmin: enqueueActions(({ context, enqueue }, params: { record: TestbedRecord }) => {
      const pending = context.pending;
      if (!pending?.admin) return;
      enqueue.emit({ type: 'admin.answered', requestId: pending.requestId, outcome: adminOutcome(pending.admin, params.record, context) });
      const admin = pending.admin;
      if (admin.type === 'forceReleased' && context.record.user_email) {
        enqueue.emit({
          type: 'notify',
          to: context.record.user_email,
          notice: { kind: 'forceReleased', record: context.record, byName: admin.byName, reason: admin.reason, ...handedTo(context) },
        });
      }
      if (admin.type === 'extended' && params.record.user_email) {
        enqueue.emit({ type: 'notify', to: params.record.user_email, notice: { kind: 'extendedByAdmin', record: params.record, byName: admin.byName, previous: admin.previousRelease } });
      }
      if (admin.type === 'maintenanceChanged' && movedEnd(admin.previous, params.record)) {
        context.life.queue.forEach((waiting, index) => {
          const notice = { kind: 'maintenanceMoved', record: params.record, byName: admin.byName, previous: admin.previous.until, position: index + 1 } as const;
          enqueue.emit({ type: 'notify', to: waiting.email, notice });
        });
      }
      if (admin.type === 'retired') {
        for (const waiting of context.life.queue) {
          const label = waiting.label === undefined ? {} : { label: waiting.label };
          enqueue.emit({ type: 'notify', to: waiting.email, notice: { kind: 'retired', record: context.record, ...label } });
        }
      }
    }),
    failAdmin: emit(({ context }, params: { error: unknown }) => ({
      type: 'admin.failed' as const,
      requestId: context.pending?.requestId ?? '',
      message: messageOf(params.error),
      ...(codeOf(params.error) ? { code: codeOf(params.error) } : {}),
    })),
    answer: emit(({ event }, params: { outcome: LifecycleOutcome }) => ({
      type: 'request.answered' as const,
      requestId: requestIdOf(event),
      outcome: params.outcome,
    })),
    refuse: emit(({ context, event }, params: { reason: RefusalReason; until?: string }) => ({
      type: 'request.answered' as const,
      requestId: requestIdOf(event),
      outcome: { type: 'refused' as const, reason: params.reason, record: context.record, ...(params.until ? { until: params.until } : {}) },
    })),
    /** Once the change is on disk: the answer, then the direct messages. */
    reportChange: enqueueActions(({ context, enqueue }) => {
      const change = context.change;
      if (!change) return;
      for (const answer of change.after ?? []) enqueue.emit(answer);
      if (change.requestId && change.outcome) enqueue.emit({ type: 'request.answered', requestId: change.requestId, outcome: change.outcome });
      for (const item of change.notify) enqueue.emit({ type: 'notify', to: item.to, notice: item.notice });
    }),
    failChange: enqueueActions(({ context, enqueue }, params: { message: string }) => {
      for (const answer of context.change?.after ?? []) enqueue.emit(answer);
      if (context.change?.requestId) enqueue.emit({ type: 'request.failed', requestId: context.change.requestId, message: params.message });
    }),
    /** People who asked whether the holder still needs it hear that it was released. */
    tellAskersReleased: enqueueActions(({ context, enqueue }) => {
      const next = context.life.queue[0];
      for (const ask of openAsks(context.record, context.life)) {
        enqueue.emit({
          type: 'notify',
          to: ask.asker_email,
          notice: {
            kind: 'askAnswered',
            record: context.record,
            holderName: context.record.user_name ?? '',
            answer: 'released',
            ...(next ? { handedTo: { name: next.name, toYou: sameEmail(next.email, ask.asker_email) } } : {}),
          },
        });
      }
    }),
    /**
     * The first person waiting hears that the booking ahead of them runs longer, or ends sooner (the rest are told in turn,
     * when they are first); not one who waits for any testbed (of a label), for whom one testbed's news is noise: the offer is theirs.
     */
    tellNextInLine: enqueueActions(({ context, enqueue }, params: { record: TestbedRecord; now: string; amend: PendingChange['amend']; byName?: string }) => {
      const next = context.life.queue[0];
      if (!next || next.label !== undefined || sameEmail(next.email, params.record.user_email)) return;
      // Sooner is told every time (a holder brings a release forward rarely); later, at most once an hour.
      if (params.amend?.type === 'dueEarlier') {
        enqueue.emit({ type: 'notify', to: next.email, notice: { kind: 'dueEarlier', record: params.record, previous: params.amend.previous } });
        return;
      }
      if (params.amend?.type !== 'extended') return;
      const told = context.toldAhead;
      if (told && sameEmail(told.email, next.email) && ms(params.now) - ms(told.at) < TOLD_AHEAD_GAP_MS) return;
      enqueue.assign({ toldAhead: { email: next.email, at: params.now } });
      enqueue.emit({ type: 'notify', to: next.email, notice: { kind: 'extendedAhead', record: params.record, ...(params.byName === undefined ? {} : { byName: params.byName }) } });
    }),
    announce: emit((_, params: TestbedEmitted) => params),
  },
}).createMachine({
  id: 'testbed',
  context: ({ input }) => ({
    record: input.record,
    life: input.life ?? emptyLifecycle(input.record.id),
    timing: input.timing ?? DEFAULT_TIMING,
    pending: null,
    change: null,
  }),
  initial: 'restoring',
  states: {
    restoring: {
      always: [
        { guard: 'isInUse', target: 'inUse' },
        { guard: 'isMaintenanceNoticeAhead', target: 'maintenanceDue' },
        { guard: 'isInMaintenance', target: 'maintenance' },
        { guard: 'hasOffer', target: 'held' },
        { guard: 'hasQueue', target: 'handingOver' },
        { target: 'available' },
      ],
    },
    /** Free and waiting for nobody: no timer runs, and the context is what the store holds (tag `resting`). */
    available: {
      tags: 'resting',
      // Whom the booking that ended told it ran longer is nothing to keep: the next booking starts afresh.
      entry: 'forgetToldAhead',
      on: {
        'registration.requested': [
          { guard: 'isOfferOnly', actions: { type: 'refuseRegistration', params: { reason: 'taken' } } },
          { target: 'reserving', actions: 'claim' },
        ],
        ...NOBODY_HOLDS_IT,
        'wait.requested': [
          // It just gained a label this person waits for: held for them, as if it had been handed on to them.
          { guard: 'isOfferIfFree', target: 'updating', actions: { type: 'planChange', params: ({ context, event }) => offeredChange(context, event) } },
          { actions: { type: 'refuse', params: { reason: 'free' } } },
        ],
        'unwait.requested': { actions: { type: 'answer', params: ({ context }) => ({ outcome: { type: 'unwaited', record: context.record, wasWaiting: false } }) } },
        'offer.declined': { actions: { type: 'refuse', params: { reason: 'not_offered' } } },
        'rename.requested': { target: 'changing', actions: 'planAdmin' },
        'edit.requested': { target: 'changing', actions: 'planAdmin' },
        'retire.requested': { target: 'retiring', actions: 'planAdmin' },
        'maintenanceStart.requested': { target: 'changing', actions: 'planAdmin' },
        'maintenanceEnd.requested': refuseAdmin('not_in_maintenance'),
        'forceRelease.requested': refuseAdmin('not_in_use'),
        'adminExtend.requested': refuseAdmin('changed_hands'),
      },
    },
    /** Out of service: bookings are refused (the record says why), people may still join the queue. */
    maintenance: {
      tags: 'resting',
      entry: 'forgetToldAhead',
      on: UNDER_MAINTENANCE,
    },
    /** Under maintenance with an expected end still to pass (or passed, the admin not told yet): when it passes, the admin who started it is asked whether it is back. */
    maintenanceDue: {
      entry: 'forgetToldAhead',
      invoke: { id: 'maintenanceTimer', src: 'waitUntil', input: ({ context }) => ({ at: maintenanceNoticeAt(context.record, context.life) }) },
      on: {
        ...UNDER_MAINTENANCE,
        'deadline.reached': {
          guard: 'isMaintenanceNoticeDue',
          target: 'updating',
          actions: { type: 'planChange', params: ({ context, event }) => maintenanceNoticeChange(context, event.now) },
        },
      },
    },
    /** Free, but kept for the person it was offered to until the offer ends. */
    held: {
      invoke: { id: 'holdTimer', src: 'waitUntil', input: ({ context }) => ({ at: context.life.offer?.until ?? null }) },
      on: {
        'deadline.reached': {
          guard: 'isValidNow',
          target: 'updating',
          actions: { type: 'planChange', params: ({ context, event }) => handOffChange(context, event.now, null, null, { type: 'lapsed' }) },
        },
        'registration.requested': [
          { guard: 'isOfferedTo', target: 'reserving', actions: 'claim' },
          { actions: { type: 'refuseRegistration', params: { reason: 'held' } } },
        ],
        'offer.declined': [
          {
            guard: 'isOfferedTo',
            target: 'updating',
            actions: {
              type: 'planChange',
              params: ({ context, event }) =>
                handOffChange(context, event.now, declinedOutcome(context), event.requestId, { type: 'declined', by: event.by }),
            },
          },
          { actions: { type: 'refuse', params: { reason: 'not_offered' } } },
        ],
        'wait.requested': [
          { guard: 'isOfferedTo', actions: { type: 'refuse', params: ({ context }) => ({ reason: 'offered', until: context.life.offer?.until }) } },
          { guard: 'isWaitingForItsLabel', target: 'updating', actions: { type: 'planChange', params: ({ context, event }) => forThisOneChange(context, event) } },
          { guard: 'isWaiting', actions: { type: 'answer', params: ({ context, event }) => ({ outcome: waitingOutcome(context, context.life, event, true) }) } },
          { target: 'updating', actions: { type: 'planChange', params: ({ context, event }) => joinChange(context, event) } },
        ],
        'unwait.requested': [
          { guard: 'isWaiting', target: 'updating', actions: { type: 'planChange', params: ({ context, event }) => leaveChange(context, event) } },
          { actions: { type: 'answer', params: ({ context }) => ({ outcome: { type: 'unwaited', record: context.record, wasWaiting: false } }) } },
        ],
        ...NOBODY_HOLDS_IT,
        'rename.requested': { target: 'changing', actions: 'planAdmin' },
        'edit.requested': { target: 'changing', actions: 'planAdmin' },
        'retire.requested': refuseAdmin('held'),
        'maintenanceStart.requested': refuseAdmin('held'),
        'maintenanceEnd.requested': refuseAdmin('not_in_maintenance'),
        'forceRelease.requested': refuseAdmin('not_in_use'),
        'adminExtend.requested': refuseAdmin('changed_hands'),
      },
    },
    /** Free with people waiting and no offer yet (e.g. after a restart between two writes): offer it now. */
    handingOver: {
      invoke: { id: 'handOffTimer', src: 'waitUntil', input: () => ({ at: DUE_AT_ONCE }) },
      on: {
        'deadline.reached': {
          guard: 'isValidNow',
          target: 'updating',
          actions: { type: 'planChange', params: ({ context, event }) => handOffChange(context, event.now, null, null, { type: 'freed' }) },
        },
        'registration.requested': { actions: { type: 'refuseRegistration', params: { reason: 'taken' } } },
        'release.requested': { actions: { type: 'refuseRelease', params: { reason: 'busy' } } },
        ...ADMIN_BUSY,
        '*': { actions: { type: 'refuse', params: { reason: 'busy' } } },
      },
    },
    reserving: {
      on: WHILE_SAVING,
      invoke: {
        id: 'saveClaim',
        src: 'saveTestbed',
        input: ({ context }) => ({ record: context.pending!.record, history: context.pending!.history }),
        onDone: {
          target: 'tidying',
          actions: [
            // Answered once the offer is used up on disk too (tidying), so the file agrees with what people hear.
            {
              type: 'planChange',
              params: ({ context, event }) =>
                settling(
                  context.life,
                  [{ type: 'registration.succeeded', requestId: context.pending!.requestId, record: event.output }],
                  bookedForNotices(context.pending!.history, event.output),
                ),
            },
            { type: 'keepSaved', params: ({ event }) => ({ record: event.output }) },
          ],
        },
        onError: {
          target: 'restoring',
          actions: [
            {
              type: 'announce',
              params: ({ context, event }) => ({ type: 'registration.failed', requestId: context.pending!.requestId, message: messageOf(event.error) }),
            },
            'dropPending',
          ],
        },
      },
    },
    /** After a booking: the offer is used up and the new holder leaves the queue. */
    tidying: {
      always: [
        {
          guard: 'needsTidy',
          target: 'updating',
          actions: {
            type: 'planChange',
            params: ({ context }) => ({ ...context.change!, life: afterBooking(context.life, context.record) }),
          },
        },
        { target: 'inUse', actions: ['reportChange', 'dropChange'] },
      ],
    },
    inUse: {
      invoke: {
        id: 'noticeTimer',
        src: 'waitUntil',
        input: ({ context }) => ({ at: nextNoticeAt(context.record, context.life, context.timing) }),
      },
      on: {
        'deadline.reached': {
          guard: 'isNoticeDue',
          target: 'updating',
          actions: { type: 'planChange', params: ({ context, event }) => noticeChange(context, event.now) },
        },
        'registration.requested': { actions: { type: 'refuseRegistration', params: { reason: 'taken' } } },
        'release.requested': [
          { guard: 'isHolderOnlyStranger', actions: { type: 'refuseRelease', params: { reason: 'not_holder' } } },
          { target: 'releasing', actions: 'free' },
        ],
        'extend.requested': [
          { guard: 'isNotHolder', actions: { type: 'refuse', params: { reason: 'not_holder' } } },
          {
            guard: 'isNotLater',
            actions: { type: 'refuse', params: ({ context }) => ({ reason: 'not_later' as const, until: context.record.expected_release_time ?? undefined }) },
          },
          { guard: 'isTooFar', actions: { type: 'refuse', params: { reason: 'too_far' } } },
          { target: 'amending', actions: 'extend' },
        ],
        'purpose.requested': [
          { guard: 'isNotHolder', actions: { type: 'refuse', params: { reason: 'not_holder' } } },
          {
            guard: 'isSamePurpose',
            actions: { type: 'answer', params: ({ context }) => ({ outcome: { type: 'repurposed', record: context.record, previous: context.record.purpose ?? '', changed: false } }) },
          },
          { target: 'amending', actions: 'repurpose' },
        ],
        'doneBy.requested': [
          { guard: 'isNotHolder', actions: { type: 'refuse', params: { reason: 'not_holder' } } },
          { guard: 'isPassed', actions: { type: 'refuse', params: { reason: 'passed' } } },
          // A time later than it is due is an extension until then (a Done by pressed with another of their bookings in mind).
          { guard: 'isLaterTooFar', actions: { type: 'refuse', params: { reason: 'too_far' } } },
          { guard: 'isLaterThanDue', target: 'amending', actions: 'extendToDoneBy' },
          {
            guard: 'isNotEarlier',
            actions: { type: 'refuse', params: ({ context }) => ({ reason: 'not_earlier' as const, until: context.record.expected_release_time ?? undefined }) },
          },
          { target: 'amending', actions: 'shorten' },
        ],
        'handOver.requested': [
          { guard: 'isNotHoldersAnyMore', actions: { type: 'refuse', params: { reason: 'not_holder' } } },
          { guard: 'isStrangerHandingOver', actions: { type: 'refuse', params: { reason: 'not_holder' } } },
          { guard: 'isToHolder', actions: { type: 'refuse', params: { reason: 'yours' } } },
          { target: 'amending', actions: 'handOver' },
        ],
        'wait.requested': [
          { guard: 'isHolder', actions: { type: 'refuse', params: { reason: 'yours' } } },
          { guard: 'isWaitingForItsLabel', target: 'updating', actions: { type: 'planChange', params: ({ context, event }) => forThisOneChange(context, event) } },
          { guard: 'isWaiting', actions: { type: 'answer', params: ({ context, event }) => ({ outcome: waitingOutcome(context, context.life, event, true) }) } },
          { target: 'updating', actions: { type: 'planChange', params: ({ context, event }) => joinChange(context, event) } },
        ],
        'unwait.requested': [
          { guard: 'isWaiting', target: 'updating', actions: { type: 'planChange', params: ({ context, event }) => leaveChange(context, event) } },
          { actions: { type: 'answer', params: ({ context }) => ({ outcome: { type: 'unwaited', record: context.record, wasWaiting: false } }) } },
        ],
        'ask.requested': [
          { guard: 'isHolder', actions: { type: 'refuse', params: { reason: 'yours' } } },
          {
            guard: 'isAskedRecently',
            actions: {
              type: 'refuse',
              params: ({ context, event }) => ({ reason: 'too_soon', until: askAgainAt(context.record, context.life, event.by.email, event.now) ?? undefined }),
            },
          },
          { target: 'updating', actions: { type: 'planChange', params: ({ context, event }) => askChange(context, event) } },
        ],
        'ask.kept': [
          { guard: 'isNotHolder', actions: { type: 'refuse', params: { reason: 'not_holder' } } },
          { target: 'updating', actions: { type: 'planChange', params: ({ context, event }) => keptChange(context, event) } },
        ],
        'offer.declined': { actions: { type: 'refuse', params: { reason: 'not_offered' } } },
        'rename.requested': { target: 'changing', actions: 'planAdmin' },
        'edit.requested': { target: 'changing', actions: 'planAdmin' },
        'retire.requested': refuseAdmin('in_use'),
        'maintenanceStart.requested': refuseAdmin('in_use'),
        'maintenanceEnd.requested': refuseAdmin('not_in_maintenance'),
        'forceRelease.requested': { target: 'releasing', actions: 'planAdmin' },
        'adminExtend.requested': [
          { guard: 'isNotHoldersAnyMore', actions: { type: 'refuseAdmin', params: { reason: 'changed_hands' } } },
          { guard: 'isNotLater', actions: { type: 'refuseAdmin', params: { reason: 'not_later' } } },
          { guard: 'isTooFar', actions: { type: 'refuseAdmin', params: { reason: 'too_far' } } },
          { target: 'changing', actions: 'planAdmin' },
        ],
      },
    },
    /** The holder's amendment of their booking (a later or an earlier expected release, a new purpose, a new holder) being saved. */
    amending: {
      on: WHILE_SAVING,
      invoke: {
        id: 'saveAmendment',
        src: 'saveTestbed',
        input: ({ context }) => ({ record: context.pending!.record, history: context.pending!.history }),
        onDone: [
          // Handed over: as after a booking, the new holder leaves the queue (tidying) before anyone is told.
          {
            guard: 'isHandOver',
            target: 'tidying',
            actions: [
              {
                type: 'planChange',
                params: ({ context, event }) =>
                  settling(
                    context.life,
                    [{ type: 'request.answered', requestId: context.pending!.requestId, outcome: amendedOutcome(context.pending!, event.output, undefined) }],
                    handedOverNotices(context.record, event.output, context.pending!.amend),
                  ),
              },
              { type: 'keepSaved', params: ({ event }) => ({ record: event.output }) },
            ],
          },
          {
          target: 'restoring',
          actions: [
            {
              type: 'announce',
              params: ({ context, event }) => ({
                type: 'request.answered',
                requestId: context.pending!.requestId,
                outcome: amendedOutcome(context.pending!, event.output, context.life.queue[0]),
              }),
            },
            { type: 'tellNextInLine', params: ({ context, event }) => ({ record: event.output, now: context.pending!.at ?? '', amend: context.pending!.amend }) },
            { type: 'keepSaved', params: ({ event }) => ({ record: event.output }) },
          ],
          },
        ],
        onError: {
          target: 'restoring',
          actions: [
            {
              type: 'announce',
              params: ({ context, event }) => ({ type: 'request.failed', requestId: context.pending!.requestId, message: messageOf(event.error) }),
            },
            'dropPending',
          ],
        },
      },
    },
    /** A release by anyone, or a force release by an admin (then the holder is told who and why). */
    releasing: {
      on: WHILE_SAVING,
      invoke: {
        id: 'saveRelease',
        src: 'saveTestbed',
        input: ({ context }) => ({ record: context.pending!.record, history: context.pending!.history }),
        onDone: [
          {
            guard: 'isAdminChange',
            target: 'restoring',
            actions: [
              { type: 'reportAdmin', params: ({ event }) => ({ record: event.output }) },
              'tellAskersReleased',
              { type: 'keepSaved', params: ({ event }) => ({ record: event.output }) },
            ],
          },
          {
            target: 'restoring',
            actions: [
              {
                type: 'announce',
                params: ({ context, event }) => ({
                  type: 'release.succeeded',
                  requestId: context.pending!.requestId,
                  record: event.output,
                  previous: context.record,
                  ...nextInLine(context),
                }),
              },
              'tellAskersReleased',
              { type: 'keepSaved', params: ({ event }) => ({ record: event.output }) },
            ],
          },
        ],
        onError: [
          { guard: 'isAdminChange', target: 'restoring', actions: [{ type: 'failAdmin', params: ({ event }) => ({ error: event.error }) }, 'dropPending'] },
          {
            target: 'restoring',
            actions: [
              {
                type: 'announce',
                params: ({ context, event }) => ({ type: 'release.failed', requestId: context.pending!.requestId, message: messageOf(event.error) }),
              },
              'dropPending',
            ],
          },
        ],
      },
    },
    /** Saving an admin's change of the record: a new name, the start or the end of maintenance. */
    changing: {
      on: WHILE_SAVING,
      invoke: {
        id: 'saveChange',
        src: 'saveTestbed',
        input: ({ context }) => ({ record: context.pending!.record, history: context.pending!.history }),
        onDone: {
          target: 'restoring',
          actions: [
            { type: 'reportAdmin', params: ({ event }) => ({ record: event.output }) },
            // An admin's extension: the first person waiting hears it runs longer, as after the holder's own.
            {
              type: 'tellNextInLine',
              params: ({ context, event }) => {
                const admin = context.pending!.admin;
                return admin?.type === 'extended'
                  ? { record: event.output, now: context.pending!.at ?? '', amend: { type: 'extended' as const }, byName: admin.byName }
                  : { record: event.output, now: '', amend: undefined };
              },
            },
            { type: 'keepSaved', params: ({ event }) => ({ record: event.output }) },
          ],
        },
        onError: { target: 'restoring', actions: [{ type: 'failAdmin', params: ({ event }) => ({ error: event.error }) }, 'dropPending'] },
      },
    },
    /** Taking the testbed out of the document for good; people still waiting are told once it is done. */
    retiring: {
      on: WHILE_SAVING,
      invoke: {
        id: 'saveRetirement',
        src: 'retireTestbed',
        input: ({ context }) => {
          const pending = context.pending!;
          return { testbedId: context.record.id, at: pending.admin?.type === 'retired' ? pending.admin.at : (pending.history[0]?.at ?? ''), history: pending.history };
        },
        onDone: { target: 'retired', actions: [{ type: 'reportAdmin', params: ({ context }) => ({ record: context.record }) }, 'dropPending'] },
        onError: { target: 'restoring', actions: [{ type: 'failAdmin', params: ({ event }) => ({ error: event.error }) }, 'dropPending'] },
      },
    },
    /** Gone from the document: the actor stops here. */
    retired: { type: 'final' },
    /** Saving a lifecycle change (queue, hold, ask, notice fact); its messages go out once it is stored. */
    updating: {
      on: WHILE_SAVING,
      invoke: {
        id: 'saveLifecycle',
        src: 'saveLifecycle',
        input: ({ context }) => ({ entry: context.change!.life, history: context.change!.history }),
        onDone: {
          target: 'restoring',
          actions: ['reportChange', { type: 'keepLife', params: ({ event }) => ({ life: event.output }) }],
        },
        onError: [
          {
            guard: 'hasChangeRequest',
            target: 'restoring',
            actions: [{ type: 'failChange', params: ({ event }) => ({ message: messageOf(event.error) }) }, 'dropChange'],
          },
          // A timer's change (a notice, a hand-off) failed to save: try again a little later, not in a loop.
          { target: 'coolingDown', actions: [{ type: 'failChange', params: ({ event }) => ({ message: messageOf(event.error) }) }, 'dropChange'] },
        ],
      },
    },
    coolingDown: {
      after: { retryLater: 'restoring' },
      on: WHILE_SAVING,
    },
  },
});

function waitingOutcome(context: TestbedContext, life: LifecycleEntry, event: RequestEvent, already: boolean): LifecycleOutcome {
  return { type: 'waiting', record: context.record, position: positionOf(life, event.by.email), length: life.queue.length, already };
}

function joinChange(context: TestbedContext, event: RequestEvent): LifeChange {
  const life = joinQueue(context.life, event.by, event.now, event.type === 'wait.requested' ? event.label : undefined);
  const position = positionOf(life, event.by.email);
  return {
    requestId: event.requestId,
    life,
    outcome: waitingOutcome(context, life, event, false),
    notify: [],
    history: [historyLine('queued', context.record, event.now, event.by, { position })],
  };
}

/** A free testbed that gained the label they wait for: they join its (empty) queue and it is handed on to them at once. */
function offeredChange(context: TestbedContext, event: RequestEvent): LifeChange {
  const joined = { ...context, life: joinQueue(context.life, event.by, event.now, event.type === 'wait.requested' ? event.label : undefined) };
  const change = handOffChange(joined, event.now, null, event.requestId, { type: 'freed' });
  // No need to wait: it is being offered to them (as `wait` answers whoever holds an open offer).
  const offer = change.life.offer!;
  return { ...change, outcome: { type: 'refused', reason: 'offered', record: context.record, offer, until: offer.until } };
}

/** Their place in the queue stays, without its label: booking another testbed of the label no longer gives it up. */
function forThisOneChange(context: TestbedContext, event: RequestEvent): LifeChange {
  const queue = context.life.queue.map((person) => (sameEmail(person.email, event.by.email) ? { email: person.email, name: person.name, since: person.since } : person));
  const life = { ...context.life, queue };
  return { requestId: event.requestId, life, outcome: waitingOutcome(context, life, event, true), notify: [], history: [] };
}

/** The answer to passing on an offer: with the label it was made for (`wait any 5g`), when it was made from such a place. */
function declinedOutcome(context: TestbedContext): LifecycleOutcome {
  const label = context.life.offer?.label;
  return { type: 'declined', record: context.record, ...(label === undefined ? {} : { label }) };
}

/**
 * The person who is first in the queue now and was not before: told they are next (nobody when the first stayed, nor one
 * waiting for any testbed of a label, who hears of the first of them handed on).
 */
function movedUp(context: TestbedContext, life: LifecycleEntry): Notification[] {
  const [before, after] = [context.life.queue[0], life.queue[0]];
  if (!after || after.label !== undefined || (before && sameEmail(before.email, after.email))) return [];
  return [{ to: after.email, notice: { kind: 'nowFirst', record: context.record } }];
}

function leaveChange(context: TestbedContext, event: RequestEvent): LifeChange {
  const life = leaveQueue(context.life, event.by.email);
  return {
    requestId: event.requestId,
    life,
    outcome: { type: 'unwaited', record: context.record, wasWaiting: true },
    notify: movedUp(context, life),
    history: [historyLine('left_queue', context.record, event.now, event.by, {})],
  };
}

function askChange(context: TestbedContext, event: RequestEvent): LifeChange {
  const ask = { asker_email: event.by.email, asker_name: event.by.name, registered_time: context.record.registered_time ?? event.now, asked_at: event.now, answered: false };
  return {
    requestId: event.requestId,
    life: { ...context.life, asks: [...context.life.asks, ask] },
    outcome: { type: 'asked', record: context.record },
    notify: [{ to: context.record.user_email ?? '', notice: { kind: 'askHolder', record: context.record, askerName: event.by.name } }],
    history: [],
  };
}

function keptChange(context: TestbedContext, event: RequestEvent): LifeChange {
  const open = openAsks(context.record, context.life);
  const asks = context.life.asks.map((ask) => (open.includes(ask) ? { ...ask, answered: true } : ask));
  return {
    requestId: event.requestId,
    life: { ...context.life, asks },
    outcome: { type: 'kept', record: context.record, askers: open.length },
    notify: open.map((ask) => ({
      to: ask.asker_email,
      notice: { kind: 'askAnswered', record: context.record, holderName: context.record.user_name ?? '', answer: 'kept' } as const,
    })),
    history: [],
  };
}

/** The expected end of the maintenance moved (given, taken away or changed), as saved in `record`. */
function movedEnd(previous: Maintenance, record: TestbedRecord): boolean {
  return (record.maintenance?.until ?? null) !== previous.until;
}

/** The admin who started the maintenance is asked whether the testbed is back; the fact is stored first, so it is asked once. */
function maintenanceNoticeChange(context: TestbedContext, now: string): LifeChange {
  const notices = dueMaintenanceNotice(context.record, context.life, now)!;
  const by = context.record.maintenance?.by.email ?? '';
  return {
    requestId: null,
    life: { ...context.life, notices },
    outcome: null,
    notify: [{ to: by, notice: { kind: 'maintenanceDue', record: context.record, waiting: context.life.queue.length } }],
    history: [],
  };
}

function noticeChange(context: TestbedContext, now: string): LifeChange {
  const due = dueNotice(context.record, context.life, context.timing, now)!;
  const record = context.record;
  const deadline = record.expected_release_time ?? '';
  const line =
    due.kind === 'reminder'
      ? historyLine('reminder_sent', record, now, null, { holder: holderOf(record), expected_release_time: deadline })
      : historyLine('overdue', record, now, null, { holder: holderOf(record), expected_release_time: deadline, count: due.notices.overdue_count });
  return {
    requestId: null,
    life: { ...context.life, notices: due.notices },
    outcome: null,
    notify: [{ to: record.user_email ?? '', notice: { kind: due.kind, record, waiting: context.life.queue.length } }],
    history: [line],
  };
}
