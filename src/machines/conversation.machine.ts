/**
 * One short-lived actor per (room, person), key `conversation:<roomId>:<personId>`.
 * It holds no durable facts: every card it asks for carries, in its submit
 * data, the action and the ids it needs, so a click on an old card, after a
 * restart or after the idle time-out is a complete request that a fresh actor
 * handles from `idle`.
 *
 * Waiting states (tag `awaitingUser`) time out after `timeoutMs` → `timedOut`;
 * submitting states (tag `busy`) ignore every user event, so a double click
 * meets a state that no longer accepts it. Cancel is handled once, at the root.
 *
 * The waiting states also carry the tag `resting`: every event is handled at the root, so an
 * actor resting there answers exactly as a fresh one would. The host may then drop the actor and
 * keep only its key and time-out (app/actor-host.ts); a test holds the machine to that promise.
 */
import { and, assign, emit, enqueueActions, fromPromise, setup } from 'xstate';
import type { DirectMessage, Holder, TestbedRecord } from '../domain.js';
import type {
  CardView,
  ClaimAnyInput,
  ClaimResult,
  ClaimTestbedInput,
  ConversationEmitted,
  ConversationEvent,
  LookUpPersonInput,
  ReleaseResult,
  ReleaseTestbedInput,
  RunLifecycleInput,
  SaveFeedbackInput,
} from './shared/conversation-types.js';
import type { LifecycleOutcome, LifecycleRequest } from './shared/lifecycle-types.js';
import { sameEmail } from './shared/lifecycle-rules.js';

export type * from './shared/conversation-types.js';

export interface ConversationInput {
  roomId: string;
  personId: string;
  timeoutMs: number;
}

/** `forEmail`: booked for a colleague. */
type Submission =
  | { kind: 'register'; testbedId: number; purpose: string; expectedRelease: string; now: string; offerOnly?: boolean; forEmail?: string }
  /** Any free testbed carrying the label. */
  | { kind: 'registerByLabel'; label: string; purpose: string; expectedRelease: string; now: string; forEmail?: string }
  | { kind: 'release'; testbedId: number; now: string; holderOnly?: boolean }
  | { kind: 'feedback'; text: string }
  | { kind: 'lifecycle'; request: LifecycleRequest; now: string };

export interface ConversationContext {
  roomId: string;
  personId: string;
  timeoutMs: number;
  /** From the platform profile, looked up when a form is submitted (never from the form). */
  holder: Holder | null;
  submission: Submission | null;
}

export const SOMETHING_WENT_WRONG = 'Sorry, something went wrong on my side. Nothing was changed; please try again.';
const UNKNOWN_TESTBED = 'That testbed is not in the list any more. Nothing was changed.';
const NONE_FREE = 'No matching testbed is free right now. Nothing was changed; you can join the wait-list of one that is taken.';
const NO_COLLEAGUE = 'I could not find the colleague this booking was for any more, so nothing was booked. Type book and their email to try again.';
const BUSY_TESTBED = 'That testbed is being booked or released by someone else right now. Nothing was changed; please try again in a moment.';

/** Booked for somebody other than who pressed: the card says whose it is now. */
const forColleague = (record: TestbedRecord, holder: Holder | null): { forColleague?: true } =>
  holder !== null && !sameEmail(record.user_email, holder.email) ? { forColleague: true } : {};

function claimView(result: ClaimResult, holder: Holder | null): CardView {
  if (result.ok) return { kind: 'registered', record: result.record, ...forColleague(result.record, holder) };
  if (result.reason === 'no_person') return { kind: 'error', message: NO_COLLEAGUE };
  if (result.reason === 'held' && result.record) return { kind: 'registerRefused', record: result.record, offer: result.offer ?? null };
  // The card reads the reason and the expected end from the record's `maintenance`.
  if (result.reason === 'maintenance' && result.record) return { kind: 'registerRefused', record: result.record };
  if (result.reason === 'none_free') return { kind: 'error', message: NONE_FREE };
  if (result.reason === 'taken' && result.record) {
    return holder ? { kind: 'registerRefused', record: result.record, requesterEmail: holder.email } : { kind: 'registerRefused', record: result.record };
  }
  return { kind: 'error', message: UNKNOWN_TESTBED };
}

/** The answer to a booking by label: the testbed it got, or that none carrying the label was free. */
function claimAnyView(result: ClaimResult, label: string, holder: Holder | null): CardView {
  if (result.ok) return { kind: 'registered', record: result.record, label, ...forColleague(result.record, holder) };
  if (result.reason === 'none_free') return { kind: 'noneFree', label };
  if (result.reason === 'no_person') return { kind: 'error', message: NO_COLLEAGUE };
  return { kind: 'error', message: SOMETHING_WENT_WRONG };
}

function releaseView(result: ReleaseResult): CardView {
  if (result.ok) return { kind: 'released', record: result.record, previous: result.previous, ...(result.next ? { next: result.next } : {}) };
  if (result.reason === 'not_in_use' && result.record) return { kind: 'releaseRefused', record: result.record };
  if (result.reason === 'not_holder') return { kind: 'lifecycle', outcome: { type: 'refused', reason: 'not_holder', record: result.record } };
  return { kind: 'error', message: result.reason === 'busy' ? BUSY_TESTBED : UNKNOWN_TESTBED };
}

/** The holder is told when somebody else released their testbed. */
function directMessage(result: ReleaseResult, by: Holder | null): { toEmail: string; message: DirectMessage } | null {
  if (!result.ok || !by) return null;
  const heldBy = result.previous.user_email;
  if (!heldBy || heldBy.trim().toLowerCase() === by.email.trim().toLowerCase()) return null;
  return {
    toEmail: heldBy,
    message: {
      kind: 'releasedByOther',
      testbedName: result.previous.testbed_name,
      byName: by.name,
      byEmail: by.email,
      ...(result.next ? { handedTo: result.next.name } : {}),
    },
  };
}

const ignored = {};

/** The testbed name typed with a command, for the form's view (nothing when none was typed). */
const named = (testbedName: string | undefined): { named?: string } => (testbedName === undefined ? {} : { named: testbedName });

type Submitted<T extends ConversationEvent['type']> = Extract<ConversationEvent, { type: T }>;
type Remembered = { submission: Submission; holder: Holder | undefined };

const forEmailOf = (source: { forEmail?: string }): { forEmail?: string } => (source.forEmail === undefined ? {} : { forEmail: source.forEmail });
const registerSubmission = ({ event }: { event: Submitted<'register.submitted'> }): Remembered => ({
  submission:
    'label' in event.form
      ? { kind: 'registerByLabel', ...event.form, now: event.now, ...forEmailOf(event) }
      : { kind: 'register', ...event.form, now: event.now, ...(event.offerOnly ? { offerOnly: true } : {}), ...forEmailOf(event) },
  holder: event.holder,
});
const releaseSubmission = ({ event }: { event: Submitted<'release.submitted'> }): Remembered => ({
  submission: { kind: 'release', testbedId: event.testbedId, now: event.now, ...(event.holderOnly ? { holderOnly: true } : {}) },
  holder: event.holder,
});
const lifecycleSubmission = ({ event }: { event: Submitted<'lifecycle.submitted'> }): Remembered => ({
  submission: { kind: 'lifecycle', request: event.request, now: event.now },
  holder: event.holder,
});
const feedbackSubmission = ({ event }: { event: Submitted<'feedback.submitted'> }): Remembered => ({
  submission: { kind: 'feedback', text: event.text },
  holder: event.holder,
});

export const conversationMachine = setup({
  types: {
    context: {} as ConversationContext,
    events: {} as ConversationEvent,
    input: {} as ConversationInput,
    emitted: {} as ConversationEmitted,
    tags: {} as 'awaitingUser' | 'busy' | 'resting',
  },
  actors: {
    lookUpPerson: fromPromise<Holder, LookUpPersonInput>(async () => {
      throw new Error('lookUpPerson not provided');
    }),
    claimTestbed: fromPromise<ClaimResult, ClaimTestbedInput>(async () => {
      throw new Error('claimTestbed not provided');
    }),
    claimAnyTestbed: fromPromise<ClaimResult, ClaimAnyInput>(async () => {
      throw new Error('claimAnyTestbed not provided');
    }),
    releaseTestbed: fromPromise<ReleaseResult, ReleaseTestbedInput>(async () => {
      throw new Error('releaseTestbed not provided');
    }),
    saveFeedback: fromPromise<void, SaveFeedbackInput>(async () => {
      throw new Error('saveFeedback not provided');
    }),
    runLifecycle: fromPromise<LifecycleOutcome, RunLifecycleInput>(async () => {
      throw new Error('runLifecycle not provided');
    }),
  },
  delays: {
    idleTimeout: ({ context }) => context.timeoutMs,
  },
  guards: {
    submitted: ({ context }, params: { kind: Submission['kind'] }) => context.submission?.kind === params.kind,
    /** The submission names its sender (so no look-up is needed). */
    holderGiven: ({ event }) => 'holder' in event && event.holder !== undefined,
    /** A booking of any free testbed carrying a label, rather than of one testbed. */
    byLabel: ({ event }) => event.type === 'register.submitted' && 'label' in event.form,
  },
  actions: {
    sayCard: emit((_, params: { view: CardView }) => ({ type: 'say.card' as const, view: params.view })),
    sayError: emit({ type: 'say.card' as const, view: { kind: 'error' as const, message: SOMETHING_WENT_WRONG } }),
    /** The outcome card, and a direct message to the holder when somebody else released their testbed. */
    reportRelease: enqueueActions(({ context, enqueue }, params: { result: ReleaseResult }) => {
      enqueue.emit({ type: 'say.card', view: releaseView(params.result) });
      const direct = directMessage(params.result, context.holder);
      if (direct) enqueue.emit({ type: 'say.direct', ...direct });
    }),
    /** The submission, and who sent it when the event already says (else `identifying` looks it up). */
    rememberSubmission: assign((_, params: { submission: Submission; holder: Holder | undefined }) => ({
      submission: params.submission,
      holder: params.holder ?? null,
    })),
    rememberHolder: assign({ holder: (_, params: { holder: Holder }) => params.holder }),
  },
}).createMachine({
  id: 'conversation',
  context: ({ input }) => ({ roomId: input.roomId, personId: input.personId, timeoutMs: input.timeoutMs, holder: null, submission: null }),
  initial: 'idle',
  on: {
    'menu.requested': { target: '.menu', actions: { type: 'sayCard', params: { view: { kind: 'menu' } } } },
    'help.requested': { target: '.menu', actions: { type: 'sayCard', params: { view: { kind: 'help' } } } },
    'status.requested': {
      target: '.menu',
      actions: {
        type: 'sayCard',
        params: ({ event }) => ({
          view: {
            kind: 'status',
            ...(event.page ? { page: event.page } : {}),
            ...(event.label === undefined ? {} : { label: event.label }),
            ...(event.holder === undefined ? {} : { holder: event.holder }),
          },
        }),
      },
    },
    'registration.started': {
      target: '.registering',
      actions: {
        type: 'sayCard',
        params: ({ event }) => ({
          view: {
            kind: 'registerForm',
            ...named(event.testbedName),
            ...(event.filled ? { filled: event.filled } : {}),
            ...(event.unread === undefined ? {} : { unread: event.unread }),
            ...(event.forWho === undefined ? {} : { forWho: event.forWho }),
            ...(event.again ? { again: true as const } : {}),
          },
        }),
      },
    },
    'register.invalid': {
      target: '.registering',
      actions: {
        type: 'sayCard',
        params: ({ event }) => ({
          view: { kind: 'registerForm', errors: event.errors, values: event.values, ...(event.forPerson === undefined ? {} : { forPerson: event.forPerson }) },
        }),
      },
    },
    'offer.invalid': {
      target: '.registering',
      actions: {
        type: 'sayCard',
        params: ({ event }) => ({ view: { kind: 'offerForm', testbedId: event.testbedId, errors: event.errors, values: event.values } }),
      },
    },
    'release.started': {
      target: '.releasing',
      actions: { type: 'sayCard', params: ({ event }) => ({ view: { kind: 'releaseForm', ...named(event.testbedName) } }) },
    },
    'release.invalid': {
      target: '.releasing',
      actions: { type: 'sayCard', params: ({ event }) => ({ view: { kind: 'releaseForm', errors: event.errors } }) },
    },
    'feedback.started': {
      target: '.feedback',
      actions: { type: 'sayCard', params: ({ event }) => ({ view: { kind: 'feedbackForm', ...(event.text === undefined ? {} : { values: { feedback_text: event.text } }) } }) },
    },
    'mine.requested': {
      target: '.menu',
      actions: {
        type: 'sayCard',
        params: ({ event }) => ({
          view: {
            kind: 'mine',
            ...(event.testbedId === undefined ? {} : { testbedId: event.testbedId }),
            ...(event.extendMinutes === undefined ? {} : { extendMinutes: event.extendMinutes }),
            ...(event.extendUntil === undefined ? {} : { extendUntil: event.extendUntil }),
            ...(event.extendAll ? { extendAll: true as const } : {}),
            ...(event.queues ? { queues: true as const } : {}),
            ...(event.doneBy === undefined ? {} : { doneBy: event.doneBy }),
            ...(event.extendRefused === undefined ? {} : { extendRefused: event.extendRefused }),
          },
        }),
      },
    },
    'purpose.started': {
      target: '.menu',
      actions: {
        type: 'sayCard',
        params: ({ event }) => ({
          view: {
            kind: 'purposeForm',
            ...(event.testbedId === undefined ? {} : { testbedId: event.testbedId }),
            ...(event.purpose === undefined ? {} : { purpose: event.purpose }),
          },
        }),
      },
    },
    'handOver.started': {
      target: '.menu',
      actions: {
        type: 'sayCard',
        params: ({ event }) => ({
          view: { kind: 'handOverForm', ...(event.testbedId === undefined ? {} : { testbedId: event.testbedId }), ...(event.all ? { all: true as const } : {}), to: event.to },
        }),
      },
    },
    'purpose.invalid': {
      target: '.menu',
      actions: { type: 'sayCard', params: ({ event }) => ({ view: { kind: 'purposeForm', errors: event.errors, values: event.values } }) },
    },
    'history.requested': {
      target: '.menu',
      actions: { type: 'sayCard', params: ({ event }) => ({ view: { kind: 'history', testbedId: event.testbedId } }) },
    },
    'myHistory.requested': {
      target: '.menu',
      actions: { type: 'sayCard', params: ({ event }) => ({ view: { kind: 'myHistory', ...(event.person === undefined ? {} : { person: event.person }) } }) },
    },
    'report.requested': {
      target: '.menu',
      actions: {
        type: 'sayCard',
        params: ({ event }) => ({ view: { kind: 'report', days: event.days === 30 ? 30 : 7, ...(event.label === undefined ? {} : { label: event.label }) } }),
      },
    },
    'feedback.invalid': {
      target: '.feedback',
      actions: { type: 'sayCard', params: ({ event }) => ({ view: { kind: 'feedbackForm', errors: event.errors, values: event.values } }) },
    },
    // A submission that names its sender (the app looked them up a moment ago) goes straight to its work;
    // otherwise `submitting` starts by looking them up (`identifying`, then `routing`).
    'register.submitted': [
      { guard: and(['holderGiven', 'byLabel']), target: '.submitting.claimingAny', actions: { type: 'rememberSubmission', params: registerSubmission } },
      { guard: 'holderGiven', target: '.submitting.claiming', actions: { type: 'rememberSubmission', params: registerSubmission } },
      { target: '.submitting', actions: { type: 'rememberSubmission', params: registerSubmission } },
    ],
    'release.submitted': [
      { guard: 'holderGiven', target: '.submitting.releasing', actions: { type: 'rememberSubmission', params: releaseSubmission } },
      { target: '.submitting', actions: { type: 'rememberSubmission', params: releaseSubmission } },
    ],
    'lifecycle.submitted': [
      { guard: 'holderGiven', target: '.submitting.changingLifecycle', actions: { type: 'rememberSubmission', params: lifecycleSubmission } },
      { target: '.submitting', actions: { type: 'rememberSubmission', params: lifecycleSubmission } },
    ],
    'feedback.submitted': [
      { guard: 'holderGiven', target: '.submitting.savingFeedback', actions: { type: 'rememberSubmission', params: feedbackSubmission } },
      { target: '.submitting', actions: { type: 'rememberSubmission', params: feedbackSubmission } },
    ],
    'conversation.cancelled': { target: '.cancelled', actions: { type: 'sayCard', params: { view: { kind: 'cancelled' } } } },
  },
  states: {
    idle: { after: { idleTimeout: 'timedOut' } },
    menu: { tags: ['awaitingUser', 'resting'], after: { idleTimeout: 'timedOut' } },
    registering: { tags: ['awaitingUser', 'resting'], after: { idleTimeout: 'timedOut' } },
    releasing: { tags: ['awaitingUser', 'resting'], after: { idleTimeout: 'timedOut' } },
    feedback: { tags: ['awaitingUser', 'resting'], after: { idleTimeout: 'timedOut' } },
    submitting: {
      tags: 'busy',
      // Busy: every user event is swallowed here (double clicks, a late cancel).
      on: {
        'menu.requested': ignored,
        'help.requested': ignored,
        'status.requested': ignored,
        'registration.started': ignored,
        'register.invalid': ignored,
        'offer.invalid': ignored,
        'release.started': ignored,
        'release.invalid': ignored,
        'feedback.started': ignored,
        'feedback.invalid': ignored,
        'register.submitted': ignored,
        'release.submitted': ignored,
        'feedback.submitted': ignored,
        'mine.requested': ignored,
        'purpose.started': ignored,
        'purpose.invalid': ignored,
        'handOver.started': ignored,
        'report.requested': ignored,
        'history.requested': ignored,
        'myHistory.requested': ignored,
        'lifecycle.submitted': ignored,
        'conversation.cancelled': ignored,
      },
      // Entered here only when the submission did not name its sender; the others enter their work directly.
      initial: 'identifying',
      states: {
        identifying: {
          invoke: {
            id: 'lookUpPerson',
            src: 'lookUpPerson',
            input: ({ context }) => ({ personId: context.personId }),
            onDone: { target: 'routing', actions: { type: 'rememberHolder', params: ({ event }) => ({ holder: event.output }) } },
            onError: { target: '#conversation.done', actions: 'sayError' },
          },
        },
        routing: {
          always: [
            { guard: { type: 'submitted', params: { kind: 'register' } }, target: 'claiming' },
            { guard: { type: 'submitted', params: { kind: 'registerByLabel' } }, target: 'claimingAny' },
            { guard: { type: 'submitted', params: { kind: 'release' } }, target: 'releasing' },
            { guard: { type: 'submitted', params: { kind: 'feedback' } }, target: 'savingFeedback' },
            { guard: { type: 'submitted', params: { kind: 'lifecycle' } }, target: 'changingLifecycle' },
            { target: '#conversation.done', actions: 'sayError' },
          ],
        },
        claiming: {
          invoke: {
            id: 'claimTestbed',
            src: 'claimTestbed',
            input: ({ context }) => {
              const submission = context.submission as Extract<Submission, { kind: 'register' }>;
              return {
                testbedId: submission.testbedId,
                holder: context.holder!,
                purpose: submission.purpose,
                expectedRelease: submission.expectedRelease,
                now: submission.now,
                ...(submission.offerOnly ? { offerOnly: true } : {}),
                ...forEmailOf(submission),
              };
            },
            onDone: {
              target: '#conversation.done',
              actions: { type: 'sayCard', params: ({ context, event }) => ({ view: claimView(event.output, context.holder) }) },
            },
            onError: { target: '#conversation.done', actions: 'sayError' },
          },
        },
        claimingAny: {
          invoke: {
            id: 'claimAnyTestbed',
            src: 'claimAnyTestbed',
            input: ({ context }) => {
              const submission = context.submission as Extract<Submission, { kind: 'registerByLabel' }>;
              return {
                label: submission.label,
                holder: context.holder!,
                purpose: submission.purpose,
                expectedRelease: submission.expectedRelease,
                now: submission.now,
                ...forEmailOf(submission),
              };
            },
            onDone: {
              target: '#conversation.done',
              actions: {
                type: 'sayCard',
                params: ({ context, event }) => ({
                  view: claimAnyView(event.output, (context.submission as Extract<Submission, { kind: 'registerByLabel' }>).label, context.holder),
                }),
              },
            },
            onError: { target: '#conversation.done', actions: 'sayError' },
          },
        },
        releasing: {
          invoke: {
            id: 'releaseTestbed',
            src: 'releaseTestbed',
            input: ({ context }) => {
              const submission = context.submission as Extract<Submission, { kind: 'release' }>;
              return { testbedId: submission.testbedId, by: context.holder!, now: submission.now, ...(submission.holderOnly ? { holderOnly: true } : {}) };
            },
            onDone: { target: '#conversation.done', actions: { type: 'reportRelease', params: ({ event }) => ({ result: event.output }) } },
            onError: { target: '#conversation.done', actions: 'sayError' },
          },
        },
        changingLifecycle: {
          invoke: {
            id: 'runLifecycle',
            src: 'runLifecycle',
            input: ({ context }) => {
              const submission = context.submission as Extract<Submission, { kind: 'lifecycle' }>;
              return { request: submission.request, by: context.holder!, now: submission.now };
            },
            onDone: { target: '#conversation.done', actions: { type: 'sayCard', params: ({ event }) => ({ view: { kind: 'lifecycle', outcome: event.output } }) } },
            onError: { target: '#conversation.done', actions: 'sayError' },
          },
        },
        savingFeedback: {
          invoke: {
            id: 'saveFeedback',
            src: 'saveFeedback',
            input: ({ context }) => ({ text: (context.submission as Extract<Submission, { kind: 'feedback' }>).text, from: context.holder! }),
            onDone: { target: '#conversation.done', actions: { type: 'sayCard', params: { view: { kind: 'feedbackThanks' } } } },
            onError: { target: '#conversation.done', actions: 'sayError' },
          },
        },
      },
    },
    done: { type: 'final' },
    cancelled: { type: 'final' },
    timedOut: { type: 'final' },
  },
});
