/**
 * One actor per testbed (key `testbed:<id>`), rebuilt from its store record at
 * start-up. The claim happens on the transition available → reserving, so a
 * second registration while one is being saved is refused at once: fifty
 * simultaneous clicks leave one holder and forty-nine polite refusals.
 *
 * The record in context only changes after `saveTestbed` resolved (the store
 * is the durable truth); a failed save goes back to the previous state.
 * Answers are emitted with the request id they belong to.
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import { availableTestbed, type Holder, type TestbedRecord } from '../domain.js';

export interface TestbedInput {
  record: TestbedRecord;
}

export type TestbedEvent =
  | { type: 'registration.requested'; requestId: string; holder: Holder; purpose: string; expectedRelease: string; now: string }
  | { type: 'release.requested'; requestId: string; by: Holder; now: string };

export type TestbedEmitted =
  | { type: 'registration.succeeded'; requestId: string; record: TestbedRecord }
  | { type: 'registration.refused'; requestId: string; record: TestbedRecord; reason: 'taken' }
  | { type: 'registration.failed'; requestId: string; message: string }
  | { type: 'release.succeeded'; requestId: string; record: TestbedRecord; previous: TestbedRecord }
  /** `busy`: a registration or release of this testbed is being saved right now. */
  | { type: 'release.refused'; requestId: string; record: TestbedRecord; reason: 'not_in_use' | 'busy' }
  | { type: 'release.failed'; requestId: string; message: string };

export interface TestbedContext {
  /** The record as last saved. */
  record: TestbedRecord;
  /** The change being saved, with the request it answers. */
  pending: { requestId: string; record: TestbedRecord } | null;
}

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

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'the change could not be saved';
}

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
  },
  guards: {
    isInUse: ({ context }) => context.record.status === 'in_use',
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
    keepSaved: assign({ record: (_, params: { record: TestbedRecord }) => params.record, pending: null }),
    dropPending: assign({ pending: null }),
    refuseRegistration: emit(({ context, event }) => ({
      type: 'registration.refused' as const,
      requestId: 'requestId' in event ? event.requestId : '',
      record: context.pending && context.pending.record.status === 'in_use' ? context.pending.record : context.record,
      reason: 'taken' as const,
    })),
    refuseRelease: emit(({ context, event }, params: { reason: 'not_in_use' | 'busy' }) => ({
      type: 'release.refused' as const,
      requestId: 'requestId' in event ? event.requestId : '',
      record: context.record,
      reason: params.reason,
    })),
    announce: emit((_, params: TestbedEmitted) => params),
  },
}).createMachine({
  id: 'testbed',
  context: ({ input }) => ({ record: input.record, pending: null }),
  initial: 'restoring',
  states: {
    restoring: {
      always: [{ guard: 'isInUse', target: 'inUse' }, { target: 'available' }],
    },
    available: {
      on: {
        'registration.requested': { target: 'reserving', actions: 'claim' },
        'release.requested': { actions: { type: 'refuseRelease', params: { reason: 'not_in_use' } } },
      },
    },
    reserving: {
      on: {
        'registration.requested': { actions: 'refuseRegistration' },
        'release.requested': { actions: { type: 'refuseRelease', params: { reason: 'busy' } } },
      },
      invoke: {
        id: 'saveClaim',
        src: 'saveTestbed',
        input: ({ context }) => ({ record: context.pending!.record }),
        onDone: {
          target: 'inUse',
          actions: [
            {
              type: 'announce',
              params: ({ context, event }) => ({ type: 'registration.succeeded', requestId: context.pending!.requestId, record: event.output }),
            },
            { type: 'keepSaved', params: ({ event }) => ({ record: event.output }) },
          ],
        },
        onError: {
          target: 'available',
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
    inUse: {
      on: {
        'registration.requested': { actions: 'refuseRegistration' },
        'release.requested': { target: 'releasing', actions: 'free' },
      },
    },
    releasing: {
      on: {
        'registration.requested': { actions: 'refuseRegistration' },
        'release.requested': { actions: { type: 'refuseRelease', params: { reason: 'busy' } } },
      },
      invoke: {
        id: 'saveRelease',
        src: 'saveTestbed',
        input: ({ context }) => ({ record: context.pending!.record }),
        onDone: {
          target: 'available',
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
            { type: 'keepSaved', params: ({ event }) => ({ record: event.output }) },
          ],
        },
        onError: {
          target: 'inUse',
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
  },
});
