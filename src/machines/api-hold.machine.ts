/**
 * One actor per API hold with a time-to-live (key `api-hold:<hold_id>`): it watches the hold's
 * deadline (the last heartbeat plus the time-to-live, kept in the holds document) with `waitUntil`,
 * moves it on every heartbeat, and when the deadline passes asks `expireHold` to release the
 * hold's testbeds. A rebuilt actor arms the stored deadline again, so a deadline that passed while
 * the bot was down is acted on at start-up. A hold released some other way just ends the actor.
 */
import { assign, fromCallback, fromPromise, setup, type EventObject } from 'xstate';

export interface ApiHoldInput {
  holdId: string;
  /** ISO 8601 UTC: released when no heartbeat arrives before this. */
  deadline: string;
}

export type ApiHoldEvent =
  /** A heartbeat was stored; `deadline` is the new end. */
  | { type: 'heartbeat.received'; deadline: string }
  /** Released (or otherwise gone) through another path: nothing left to watch. */
  | { type: 'hold.ended' }
  /** From `waitUntil`. */
  | { type: 'deadline.reached'; now: string };

export interface ApiHoldContext {
  holdId: string;
  deadline: string;
  /** When the deadline was found passed (the time the release is made at). */
  expiredAt: string | null;
}

export const apiHoldMachine = setup({
  types: {
    context: {} as ApiHoldContext,
    events: {} as ApiHoldEvent,
    input: {} as ApiHoldInput,
  },
  actors: {
    waitUntil: fromCallback<EventObject, { at: string | null }>(() => {
      throw new Error('waitUntil not provided');
    }),
    /** Releases every testbed the hold still has and forgets the hold. */
    expireHold: fromPromise<void, { holdId: string; now: string }>(async () => {
      throw new Error('expireHold not provided');
    }),
  },
  actions: {
    renew: assign({ deadline: ({ context, event }) => (event.type === 'heartbeat.received' ? event.deadline : context.deadline) }),
    noteExpiry: assign({ expiredAt: ({ context, event }) => (event.type === 'deadline.reached' ? event.now : context.expiredAt) }),
  },
  delays: {
    retryLater: 30_000,
  },
}).createMachine({
  id: 'apiHold',
  context: ({ input }) => ({ holdId: input.holdId, deadline: input.deadline, expiredAt: null }),
  initial: 'watching',
  states: {
    watching: {
      invoke: { id: 'ttlTimer', src: 'waitUntil', input: ({ context }) => ({ at: context.deadline }) },
      on: {
        'heartbeat.received': { target: 'watching', reenter: true, actions: 'renew' },
        'deadline.reached': { target: 'expiring', actions: 'noteExpiry' },
        'hold.ended': 'ended',
      },
    },
    /** Releasing: a heartbeat now comes too late. */
    expiring: {
      tags: ['expiring'],
      invoke: {
        id: 'expire',
        src: 'expireHold',
        input: ({ context }) => ({ holdId: context.holdId, now: context.expiredAt ?? context.deadline }),
        onDone: 'expired',
        onError: 'coolingDown',
      },
    },
    /** The release could not be saved: tried again a little later, not in a loop. */
    coolingDown: {
      tags: ['expiring'],
      after: { retryLater: 'expiring' },
    },
    expired: { type: 'final' },
    ended: { type: 'final' },
  },
});
