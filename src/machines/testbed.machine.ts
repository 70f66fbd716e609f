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
 */
import { assign, emit, enqueueActions, fromCallback, fromPromise, setup, type EventObject } from 'xstate';
import { availableTestbed, emptyLifecycle, type Holder, type LifecycleEntry, type TestbedRecord } from '../domain.js';
import {
  DUE_AT_ONCE,
  afterBooking,
  askAgainAt,
  dueNotice,
  handOff,
  iso,
  joinQueue,
  leaveQueue,
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
    }
  /** `holderOnly`: asked from a direct message, where only the holder may release. */
  | ({ type: 'release.requested'; holderOnly?: boolean } & Request)
  | ({ type: 'extend.requested'; minutes: number } & Request)
  | ({ type: 'wait.requested' } & Request)
  | ({ type: 'unwait.requested' } & Request)
  | ({ type: 'offer.declined' } & Request)
  | ({ type: 'ask.requested' } & Request)
  /** The holder answered an ask: they still need it. */
  | ({ type: 'ask.kept' } & Request)
  /** From `waitUntil`: the instant it was armed with has come. */
  | { type: 'deadline.reached'; now: string };

export type Notification = { to: string; notice: DirectNotice };

export type TestbedEmitted =
  | { type: 'registration.succeeded'; requestId: string; record: TestbedRecord }
  | { type: 'registration.refused'; requestId: string; record: TestbedRecord; reason: 'taken' | 'held'; offer?: LifecycleEntry['offer'] }
  | { type: 'registration.failed'; requestId: string; message: string }
  | { type: 'release.succeeded'; requestId: string; record: TestbedRecord; previous: TestbedRecord }
  /** `busy`: a change of this testbed is being saved right now. */
  | { type: 'release.refused'; requestId: string; record: TestbedRecord; reason: 'not_in_use' | 'busy' | 'not_holder' }
  | { type: 'release.failed'; requestId: string; message: string }
  | { type: 'request.answered'; requestId: string; outcome: LifecycleOutcome }
  | { type: 'request.failed'; requestId: string; message: string }
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
}

export interface TestbedContext {
  /** The record as last saved. */
  record: TestbedRecord;
  /** The lifecycle entry as last saved. */
  life: LifecycleEntry;
  timing: LifecycleTiming;
  /** The record change being saved, with the request it answers. */
  pending: { requestId: string; record: TestbedRecord } | null;
  change: LifeChange | null;
}

type RequestEvent = Extract<TestbedEvent, { by: Holder }>;

function bookedRecord(record: TestbedRecord, event: Extract<TestbedEvent, { type: 'registration.requested' }>): TestbedRecord {
  return {
    id: record.id,
    testbed_name: record.testbed_name,
    status: 'in_use',
    user_email: event.holder.email,
    user_name: event.holder.name,
    registered_time: event.now,
    purpose: event.purpose,
    expected_release_time: event.expectedRelease,
  };
}

function releasedRecord(record: TestbedRecord): TestbedRecord {
  return availableTestbed(record.id, record.testbed_name);
}

/** The new expected release: from the current one, or from now when that has passed. */
function extendedRelease(record: TestbedRecord, minutes: number, now: string): string {
  return iso(Math.max(ms(record.expected_release_time), ms(now)) + minutes * 60_000);
}

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'the change could not be saved';
}

const byOf = (event: TestbedEvent): Holder | null => ('by' in event ? event.by : 'holder' in event ? event.holder : null);
const nowOf = (event: TestbedEvent): string => event.now;
const requestIdOf = (event: TestbedEvent): string => ('requestId' in event ? event.requestId : '');

/** The change the hand-off makes at `now`: the next person gets an offer, the lapsed one is told. */
function handOffChange(context: TestbedContext, now: string, outcome: LifecycleOutcome | null, requestId: string | null, lapsed: boolean): LifeChange {
  const life = handOff(context.life, now, context.timing);
  const notify: Notification[] = [];
  if (lapsed && context.life.offer) notify.push({ to: context.life.offer.email, notice: { kind: 'holdLapsed', record: context.record } });
  if (life.offer) notify.push({ to: life.offer.email, notice: { kind: 'offer', record: context.record, offer: life.offer } });
  return { requestId, life, outcome, notify };
}

/**
 * While a write is in flight (or waiting to be retried): a booking is refused as taken, everything
 * else as busy, and a deadline that arrives meanwhile is ignored (timers are armed again from the
 * stored record once the write settles).
 */
const WHILE_SAVING = {
  'registration.requested': { actions: { type: 'refuseRegistration', params: { reason: 'taken' } } },
  'release.requested': { actions: { type: 'refuseRelease', params: { reason: 'busy' } } },
  'deadline.reached': {},
  '*': { actions: { type: 'refuse', params: { reason: 'busy' } } },
} as const;

export const testbedMachine = setup({
  types: {
    context: {} as TestbedContext,
    events: {} as TestbedEvent,
    input: {} as TestbedInput,
    emitted: {} as TestbedEmitted,
  },
  actors: {
    saveTestbed: fromPromise<TestbedRecord, { record: TestbedRecord }>(async () => {
      throw new Error('saveTestbed not provided');
    }),
    saveLifecycle: fromPromise<LifecycleEntry, { entry: LifecycleEntry }>(async () => {
      throw new Error('saveLifecycle not provided');
    }),
    /** Sends `deadline.reached` (with the time) once `at` has come; `at: null` never fires. */
    waitUntil: fromCallback<EventObject, { at: string | null }>(() => {
      throw new Error('waitUntil not provided');
    }),
  },
  guards: {
    isInUse: ({ context }) => context.record.status === 'in_use',
    hasOffer: ({ context }) => context.life.offer !== null,
    hasQueue: ({ context }) => context.life.queue.length > 0,
    isHolder: ({ context, event }) => sameEmail(context.record.user_email, byOf(event)?.email),
    isNotHolder: ({ context, event }) => !sameEmail(context.record.user_email, byOf(event)?.email),
    /** A release asked for from a direct message by somebody who does not hold the testbed (any more). */
    isHolderOnlyStranger: ({ context, event }) =>
      event.type === 'release.requested' && event.holderOnly === true && !sameEmail(context.record.user_email, event.by.email),
    isOfferedTo: ({ context, event }) => sameEmail(context.life.offer?.email, byOf(event)?.email),
    isOfferOnly: ({ event }) => event.type === 'registration.requested' && event.offerOnly === true,
    isWaiting: ({ context, event }) => positionOf(context.life, byOf(event)?.email) > 0,
    isTooFar: ({ context, event }) =>
      event.type === 'extend.requested' && ms(extendedRelease(context.record, event.minutes, event.now)) - ms(event.now) > MAX_AHEAD_MS,
    isAskedRecently: ({ context, event }) => askAgainAt(context.record, context.life, byOf(event)?.email ?? '', nowOf(event)) !== null,
    isNoticeDue: ({ context, event }) =>
      event.type === 'deadline.reached' && !Number.isNaN(ms(event.now)) && dueNotice(context.record, context.life, context.timing, event.now) !== null,
    isValidNow: ({ event }) => event.type === 'deadline.reached' && !Number.isNaN(ms(event.now)),
    needsTidy: ({ context }) => JSON.stringify(afterBooking(context.life, context.record)) !== JSON.stringify(context.life),
    hasChangeRequest: ({ context }) => context.change?.requestId !== null,
  },
  delays: {
    retryLater: 30_000,
  },
  actions: {
    claim: assign({
      pending: ({ context, event }) =>
        event.type === 'registration.requested' ? { requestId: event.requestId, record: bookedRecord(context.record, event) } : context.pending,
    }),
    free: assign({
      pending: ({ context, event }) =>
        event.type === 'release.requested' ? { requestId: event.requestId, record: releasedRecord(context.record) } : context.pending,
    }),
    extend: assign({
      pending: ({ context, event }) =>
        event.type === 'extend.requested'
          ? { requestId: event.requestId, record: { ...context.record, expected_release_time: extendedRelease(context.record, event.minutes, event.now) } }
          : context.pending,
    }),
    keepSaved: assign({ record: (_, params: { record: TestbedRecord }) => params.record, pending: null }),
    dropPending: assign({ pending: null }),
    planChange: assign({ change: (_, params: LifeChange) => params }),
    keepLife: assign({ life: (_, params: { life: LifecycleEntry }) => params.life, change: null }),
    dropChange: assign({ change: null }),
    refuseRegistration: emit(({ context, event }, params: { reason: 'taken' | 'held' }) => ({
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
      for (const ask of openAsks(context.record, context.life)) {
        enqueue.emit({
          type: 'notify',
          to: ask.asker_email,
          notice: { kind: 'askAnswered', record: context.record, holderName: context.record.user_name ?? '', answer: 'released' },
        });
      }
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
        { guard: 'hasOffer', target: 'held' },
        { guard: 'hasQueue', target: 'handingOver' },
        { target: 'available' },
      ],
    },
    available: {
      on: {
        'registration.requested': [
          { guard: 'isOfferOnly', actions: { type: 'refuseRegistration', params: { reason: 'taken' } } },
          { target: 'reserving', actions: 'claim' },
        ],
        'release.requested': { actions: { type: 'refuseRelease', params: { reason: 'not_in_use' } } },
        'extend.requested': { actions: { type: 'refuse', params: { reason: 'not_in_use' } } },
        'ask.requested': { actions: { type: 'refuse', params: { reason: 'not_in_use' } } },
        'ask.kept': { actions: { type: 'refuse', params: { reason: 'not_in_use' } } },
        'wait.requested': { actions: { type: 'refuse', params: { reason: 'free' } } },
        'unwait.requested': { actions: { type: 'answer', params: ({ context }) => ({ outcome: { type: 'unwaited', record: context.record, wasWaiting: false } }) } },
        'offer.declined': { actions: { type: 'refuse', params: { reason: 'not_offered' } } },
      },
    },
    /** Free, but kept for the person it was offered to until the offer ends. */
    held: {
      invoke: { id: 'holdTimer', src: 'waitUntil', input: ({ context }) => ({ at: context.life.offer?.until ?? null }) },
      on: {
        'deadline.reached': {
          guard: 'isValidNow',
          target: 'updating',
          actions: { type: 'planChange', params: ({ context, event }) => handOffChange(context, event.now, null, null, true) },
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
                handOffChange(context, event.now, { type: 'declined', record: context.record }, event.requestId, false),
            },
          },
          { actions: { type: 'refuse', params: { reason: 'not_offered' } } },
        ],
        'wait.requested': [
          { guard: 'isOfferedTo', actions: { type: 'refuse', params: ({ context }) => ({ reason: 'offered', until: context.life.offer?.until }) } },
          { guard: 'isWaiting', actions: { type: 'answer', params: ({ context, event }) => ({ outcome: waitingOutcome(context, context.life, event, true) }) } },
          { target: 'updating', actions: { type: 'planChange', params: ({ context, event }) => joinChange(context, event) } },
        ],
        'unwait.requested': [
          { guard: 'isWaiting', target: 'updating', actions: { type: 'planChange', params: ({ context, event }) => leaveChange(context, event) } },
          { actions: { type: 'answer', params: ({ context }) => ({ outcome: { type: 'unwaited', record: context.record, wasWaiting: false } }) } },
        ],
        'release.requested': { actions: { type: 'refuseRelease', params: { reason: 'not_in_use' } } },
        'extend.requested': { actions: { type: 'refuse', params: { reason: 'not_in_use' } } },
        'ask.requested': { actions: { type: 'refuse', params: { reason: 'not_in_use' } } },
        'ask.kept': { actions: { type: 'refuse', params: { reason: 'not_in_use' } } },
      },
    },
    /** Free with people waiting and no offer yet (e.g. after a restart between two writes): offer it now. */
    handingOver: {
      invoke: { id: 'handOffTimer', src: 'waitUntil', input: () => ({ at: DUE_AT_ONCE }) },
      on: {
        'deadline.reached': {
          guard: 'isValidNow',
          target: 'updating',
          actions: { type: 'planChange', params: ({ context, event }) => handOffChange(context, event.now, null, null, false) },
        },
        'registration.requested': { actions: { type: 'refuseRegistration', params: { reason: 'taken' } } },
        'release.requested': { actions: { type: 'refuseRelease', params: { reason: 'busy' } } },
        '*': { actions: { type: 'refuse', params: { reason: 'busy' } } },
      },
    },
    reserving: {
      on: WHILE_SAVING,
      invoke: {
        id: 'saveClaim',
        src: 'saveTestbed',
        input: ({ context }) => ({ record: context.pending!.record }),
        onDone: {
          target: 'tidying',
          actions: [
            // Answered once the offer is used up on disk too (tidying), so the file agrees with what people hear.
            {
              type: 'planChange',
              params: ({ context, event }) => ({
                requestId: null,
                life: context.life,
                outcome: null,
                notify: [],
                after: [{ type: 'registration.succeeded', requestId: context.pending!.requestId, record: event.output }],
              }),
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
          { guard: 'isTooFar', actions: { type: 'refuse', params: { reason: 'too_far' } } },
          { target: 'extending', actions: 'extend' },
        ],
        'wait.requested': [
          { guard: 'isHolder', actions: { type: 'refuse', params: { reason: 'yours' } } },
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
      },
    },
    extending: {
      on: WHILE_SAVING,
      invoke: {
        id: 'saveExtension',
        src: 'saveTestbed',
        input: ({ context }) => ({ record: context.pending!.record }),
        onDone: {
          target: 'restoring',
          actions: [
            {
              type: 'announce',
              params: ({ context, event }) => ({
                type: 'request.answered',
                requestId: context.pending!.requestId,
                outcome: { type: 'extended', record: event.output },
              }),
            },
            { type: 'keepSaved', params: ({ event }) => ({ record: event.output }) },
          ],
        },
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
    releasing: {
      on: WHILE_SAVING,
      invoke: {
        id: 'saveRelease',
        src: 'saveTestbed',
        input: ({ context }) => ({ record: context.pending!.record }),
        onDone: {
          target: 'restoring',
          actions: [
            {
              type: 'announce',
              params: ({ context, event }) => ({
                type: 'release.succeeded',
                requestId: context.pending!.requestId,
                record: event.output,
                previous: context.record,
              }),
            },
            'tellAskersReleased',
            { type: 'keepSaved', params: ({ event }) => ({ record: event.output }) },
          ],
        },
        onError: {
          target: 'restoring',
          actions: [
            {
              type: 'announce',
              params: ({ context, event }) => ({ type: 'release.failed', requestId: context.pending!.requestId, message: messageOf(event.error) }),
            },
            'dropPending',
          ],
        },
      },
    },
    /** Saving a lifecycle change (queue, hold, ask, notice fact); its messages go out once it is stored. */
    updating: {
      on: WHILE_SAVING,
      invoke: {
        id: 'saveLifecycle',
        src: 'saveLifecycle',
        input: ({ context }) => ({ entry: context.change!.life }),
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
  const life = joinQueue(context.life, event.by, event.now);
  return { requestId: event.requestId, life, outcome: waitingOutcome(context, life, event, false), notify: [] };
}

function leaveChange(context: TestbedContext, event: RequestEvent): LifeChange {
  const life = leaveQueue(context.life, event.by.email);
  return { requestId: event.requestId, life, outcome: { type: 'unwaited', record: context.record, wasWaiting: true }, notify: [] };
}

function askChange(context: TestbedContext, event: RequestEvent): LifeChange {
  const ask = { asker_email: event.by.email, asker_name: event.by.name, registered_time: context.record.registered_time ?? event.now, asked_at: event.now, answered: false };
  return {
    requestId: event.requestId,
    life: { ...context.life, asks: [...context.life.asks, ask] },
    outcome: { type: 'asked', record: context.record },
    notify: [{ to: context.record.user_email ?? '', notice: { kind: 'askHolder', record: context.record, askerName: event.by.name } }],
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
  };
}

function noticeChange(context: TestbedContext, now: string): LifeChange {
  const due = dueNotice(context.record, context.life, context.timing, now)!;
  return {
    requestId: null,
    life: { ...context.life, notices: due.notices },
    outcome: null,
    notify: [{ to: context.record.user_email ?? '', notice: { kind: due.kind, record: context.record } }],
  };
}
