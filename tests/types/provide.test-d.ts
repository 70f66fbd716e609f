/**
 * Type tests, checked by `tsc` (`npm run typecheck`, and the first step of `npm test`); vitest
 * does not run this file. Every line under a `@ts-expect-error` must fail to compile: if a change
 * lets an actor with the wrong output or input through `provide()` or into the actor host again,
 * the directive is left unused and tsc fails on it.
 */
import { fromPromise } from 'xstate';
import type { BroadcastDeliveryResult, BroadcastRoomOption, HistoryEntry, Holder, LifecycleEntry, LifecycleOutcome, TestbedRecord } from '../../src/domain.js';
import type { SpawnSpec } from '../../src/app/actor-host.js';
import { broadcastMachine, type SendBroadcastInput } from '../../src/machines/broadcast.machine.js';
import {
  conversationMachine,
  type ClaimResult,
  type ClaimTestbedInput,
  type LookUpPersonInput,
  type RunLifecycleInput,
} from '../../src/machines/conversation.machine.js';
import { testbedMachine } from '../../src/machines/testbed.machine.js';

const holder: Holder = { email: 'ana@example.com', name: 'Ana Ops' };
const notProvided = () => Promise.reject(new Error('type test only'));

// Implementations typed like the machine's setup() stubs are accepted.
conversationMachine.provide({
  actors: {
    lookUpPerson: fromPromise<Holder, LookUpPersonInput>(async () => holder),
    claimTestbed: fromPromise<ClaimResult, ClaimTestbedInput>(notProvided),
    runLifecycle: fromPromise<LifecycleOutcome, RunLifecycleInput>(notProvided),
  },
});
testbedMachine.provide({
  actors: {
    saveLifecycle: fromPromise<LifecycleEntry, { entry: LifecycleEntry; history: HistoryEntry[] }>(async ({ input }) => input.entry),
  },
});
broadcastMachine.provide({
  actors: {
    listBroadcastRooms: fromPromise<BroadcastRoomOption[], void>(async () => []),
    sendBroadcast: fromPromise<BroadcastDeliveryResult[], SendBroadcastInput>(async () => []),
  },
});

// A wrong output is refused.
conversationMachine.provide({
  actors: {
    // @ts-expect-error lookUpPerson must resolve with a Holder
    lookUpPerson: fromPromise<number, LookUpPersonInput>(async () => 42),
  },
});
testbedMachine.provide({
  actors: {
    // @ts-expect-error saveTestbed must resolve with the saved record
    saveTestbed: fromPromise<void, { record: TestbedRecord }>(async () => undefined),
  },
});
testbedMachine.provide({
  actors: {
    // @ts-expect-error saveLifecycle must resolve with the saved entry
    saveLifecycle: fromPromise<void, { entry: LifecycleEntry }>(async () => undefined),
  },
});
conversationMachine.provide({
  actors: {
    // @ts-expect-error runLifecycle must resolve with what happened
    runLifecycle: fromPromise<string, RunLifecycleInput>(async () => 'done'),
  },
});

// A wrong input is refused, even a wider one.
conversationMachine.provide({
  actors: {
    // @ts-expect-error claimTestbed takes a ClaimTestbedInput
    claimTestbed: fromPromise<ClaimResult, { testbedId: string }>(notProvided),
  },
});
broadcastMachine.provide({
  actors: {
    // @ts-expect-error the broadcast kind is a BroadcastKind, not any string
    sendBroadcast: fromPromise<BroadcastDeliveryResult[], Omit<SendBroadcastInput, 'kind'> & { kind: string }>(async () => []),
  },
});

// The actor host's spawn spec takes exactly the machine's input.
export const rightSpec: SpawnSpec<typeof conversationMachine> = {
  logic: conversationMachine,
  input: { roomId: 'room', personId: 'person', timeoutMs: 1_000 },
};
export const wrongSpec: SpawnSpec<typeof conversationMachine> = {
  logic: conversationMachine,
  // @ts-expect-error the conversation machine's input needs timeoutMs
  input: { roomId: 'room', personId: 'person' },
};
