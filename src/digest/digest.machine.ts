/**
 * The daily digest as a flow: decide (post a due digest, skip one missed by more than an hour, or
 * nothing), wait for the next digest instant, post, decide again. Pure: the time arrives on the
 * input and on `deadline.reached`; waiting and posting are named actors the app provides
 * (`waitUntil`, `postDigest`), and the stubs here throw until it does.
 */
import { assign, emit, fromCallback, fromPromise, setup, type EventObject } from 'xstate';
import { decideDigest, nextDigestAfter, type DigestDecision, type DigestSchedule } from './schedule.js';

export interface DigestInput {
  schedule: DigestSchedule;
  /** ISO 8601 UTC: the time at start-up. */
  now: string;
  /** ISO 8601 UTC: the scheduled instant of the last digest posted (from the store), or null. */
  lastPostedFor: string | null;
}

export interface DigestContext {
  schedule: DigestSchedule;
  /** The latest time the machine was told. */
  now: string;
  /** The latest scheduled instant dealt with: posted, given up on after a failed save, or skipped. */
  handledFor: string | null;
  /** The instant being posted right now. */
  postingFor: string | null;
  /** The instant being waited for. */
  nextAt: string | null;
}

export type DigestEvent = { type: 'deadline.reached'; now: string };

export interface PostDigestInput {
  /** ISO 8601 UTC: the scheduled instant this digest is for. */
  scheduledFor: string;
}

export type DigestEmitted =
  | { type: 'digest.planned'; at: string }
  /** The latest digest was due more than an hour ago (the bot was down): not posted. */
  | { type: 'digest.skipped'; scheduledFor: string };

const ms = (iso: string | null) => (iso === null ? null : Date.parse(iso));
const iso = (value: number) => new Date(value).toISOString();

function decisionOf(context: DigestContext): DigestDecision {
  return decideDigest(context.schedule, Date.parse(context.now), ms(context.handledFor));
}

export const digestMachine = setup({
  types: {
    context: {} as DigestContext,
    events: {} as DigestEvent,
    input: {} as DigestInput,
    emitted: {} as DigestEmitted,
  },
  actors: {
    waitUntil: fromCallback<EventObject, { at: string | null }>(() => {
      throw new Error('waitUntil was not provided');
    }),
    postDigest: fromPromise<unknown, PostDigestInput>(async () => {
      throw new Error('postDigest was not provided');
    }),
  },
  guards: {
    isDigestDue: ({ context }) => decisionOf(context).kind === 'post',
    /** Missed since the last one posted (on the very first start there is nothing to report). */
    wasDigestMissed: ({ context }) => context.handledFor !== null && decisionOf(context).kind === 'skip',
  },
  actions: {
    noteTime: assign({ now: ({ event }) => event.now }),
    takeDueDigest: assign({
      postingFor: ({ context }) => {
        const decision = decisionOf(context);
        return decision.kind === 'post' ? iso(decision.scheduledFor) : null;
      },
    }),
    reportSkipped: emit(({ context }) => {
      const decision = decisionOf(context);
      return { type: 'digest.skipped' as const, scheduledFor: decision.kind === 'none' ? context.now : iso(decision.scheduledFor) };
    }),
    markSkipped: assign({
      handledFor: ({ context }) => {
        const decision = decisionOf(context);
        return decision.kind === 'none' ? context.handledFor : iso(decision.scheduledFor);
      },
    }),
    planNextDigest: assign({ nextAt: ({ context }) => iso(nextDigestAfter(context.schedule, Date.parse(context.now))) }),
    reportPlanned: emit(({ context }) => ({ type: 'digest.planned' as const, at: context.nextAt ?? '' })),
    /** Posted, or not (the durable fact could not be saved): either way this instant is not tried again. */
    markHandled: assign({ handledFor: ({ context }) => context.postingFor, postingFor: null }),
  },
}).createMachine({
  id: 'digest',
  context: ({ input }) => ({
    schedule: input.schedule,
    now: input.now,
    handledFor: input.lastPostedFor,
    postingFor: null,
    nextAt: null,
  }),
  initial: 'deciding',
  states: {
    deciding: {
      always: [
        { guard: 'isDigestDue', target: 'posting', actions: 'takeDueDigest' },
        { guard: 'wasDigestMissed', target: 'waiting', actions: ['reportSkipped', 'markSkipped', 'planNextDigest', 'reportPlanned'] },
        { target: 'waiting', actions: ['planNextDigest', 'reportPlanned'] },
      ],
    },
    waiting: {
      invoke: { src: 'waitUntil', input: ({ context }) => ({ at: context.nextAt }) },
      on: { 'deadline.reached': { target: 'deciding', actions: 'noteTime' } },
    },
    posting: {
      invoke: {
        src: 'postDigest',
        input: ({ context }) => ({ scheduledFor: context.postingFor ?? context.now }),
        onDone: { target: 'deciding', actions: 'markHandled' },
        onError: { target: 'deciding', actions: 'markHandled' },
      },
    },
  },
});
