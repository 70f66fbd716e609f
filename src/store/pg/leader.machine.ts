/**
 * Leader election as a pure machine: connect a dedicated connection, try the advisory lock, poll
 * while another instance has it, lead once granted, and step down the moment the connection is
 * lost. The world is reached only through four named actors that `leader.ts` provides:
 * `connect`, `tryLock`, `watch` (sends `connection.lost`) and `disconnect`.
 *
 * Emitted events are the decisions: `leader.elected` and `leader.steppedDown`. The step-down is
 * emitted on the very transition that handles `connection.lost`, so listeners hear it before any
 * other event (or timer) is handled.
 */
import { assign, emit, fromCallback, fromPromise, setup, type EventObject } from 'xstate';

export interface LeaderInput {
  /** How often a standby asks for the lock again. */
  pollMs: number;
  /** Pause before connecting again after a failure or a lost connection. */
  retryMs: number;
}

interface LeaderContext extends LeaderInput {
  /** Why the last connection attempt failed or the connection was lost (null when fine). */
  problem: string | null;
}

export type LeaderEvent =
  | { type: 'connection.lost'; reason: string }
  | { type: 'stop.requested' };

export type LeaderEmitted =
  | { type: 'leader.elected' }
  | { type: 'leader.steppedDown'; reason: string };

const reasonOf = (event: { error?: unknown }): string =>
  event.error instanceof Error ? event.error.message : String(event.error ?? 'unknown failure');

export const leaderMachine = setup({
  types: {
    context: {} as LeaderContext,
    events: {} as LeaderEvent,
    input: {} as LeaderInput,
    emitted: {} as LeaderEmitted,
  },
  actors: {
    /** Opens the dedicated connection (replacing any earlier one). */
    connect: fromPromise<void, void>(async () => {
      throw new Error('connect not provided');
    }),
    /** Asks for the lock without waiting: true when granted. */
    tryLock: fromPromise<boolean, void>(async () => {
      throw new Error('tryLock not provided');
    }),
    /** Keeps the connection under watch; sends `connection.lost` (once) when it errors, ends or stops answering. */
    watch: fromCallback<EventObject, void>(() => {
      throw new Error('watch not provided');
    }),
    /** Closes the connection, giving the lock back first when `unlock` (a clean stop). */
    disconnect: fromPromise<void, { unlock: boolean }>(async () => {
      throw new Error('disconnect not provided');
    }),
  },
  guards: {
    isGranted: (_, params: { granted: boolean }) => params.granted,
  },
  delays: {
    pollInterval: ({ context }) => context.pollMs,
    retryDelay: ({ context }) => context.retryMs,
  },
  actions: {
    noteProblem: assign({ problem: (_, params: { reason: string }) => params.reason }),
    clearProblem: assign({ problem: null }),
    stepDown: emit((_, params: { reason: string }) => ({ type: 'leader.steppedDown' as const, reason: params.reason })),
  },
}).createMachine({
  id: 'leader',
  context: ({ input }) => ({ ...input, problem: null }),
  initial: 'connecting',
  on: {
    'stop.requested': { target: '.stopping' },
  },
  states: {
    connecting: {
      invoke: {
        src: 'connect',
        onDone: { target: 'connected', actions: 'clearProblem' },
        onError: { target: 'reconnecting', actions: { type: 'noteProblem', params: ({ event }) => ({ reason: reasonOf(event) }) } },
      },
    },
    connected: {
      invoke: { src: 'watch' },
      on: {
        'connection.lost': { target: 'reconnecting', actions: { type: 'noteProblem', params: ({ event }) => ({ reason: event.reason }) } },
      },
      initial: 'trying',
      states: {
        trying: {
          invoke: {
            src: 'tryLock',
            onDone: [
              { guard: { type: 'isGranted', params: ({ event }) => ({ granted: event.output }) }, target: 'leading' },
              { target: 'waiting' },
            ],
            onError: { target: '#leader.reconnecting', actions: { type: 'noteProblem', params: ({ event }) => ({ reason: reasonOf(event) }) } },
          },
        },
        waiting: {
          after: { pollInterval: 'trying' },
        },
        leading: {
          tags: ['leader'],
          entry: emit({ type: 'leader.elected' as const }),
          on: {
            'connection.lost': {
              target: '#leader.reconnecting',
              actions: [
                { type: 'stepDown', params: ({ event }) => ({ reason: event.reason }) },
                { type: 'noteProblem', params: ({ event }) => ({ reason: event.reason }) },
              ],
            },
            'stop.requested': {
              target: '#leader.stopping',
              actions: { type: 'stepDown', params: { reason: 'stopping' } },
            },
          },
        },
      },
    },
    reconnecting: {
      after: { retryDelay: 'connecting' },
    },
    stopping: {
      on: { 'stop.requested': {} },
      invoke: {
        src: 'disconnect',
        input: { unlock: true },
        onDone: 'stopped',
        onError: 'stopped',
      },
    },
    stopped: { type: 'final' },
  },
});
