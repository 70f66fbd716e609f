import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, initialTransition, transition, type AnyMachineSnapshot } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import { testbedMachine, type TestbedEmitted, type TestbedEvent } from '../../src/machines/testbed.machine.js';
import type { HistoryEntry, TestbedRecord } from '../../src/domain.js';
import { NOW, ana, available, bob, inUse } from '../fixtures/flows/records.js';
import { register, testbedFlows } from '../fixtures/flows/testbed-flows.js';
import { emittedOf, replayTestbed, spawnsOf, type ExecAction } from '../fixtures/flows/replay.js';


function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function liveTestbed(record: TestbedRecord, save: (record: TestbedRecord) => Promise<TestbedRecord>) {
  const calls: TestbedRecord[] = [];
  const logic = testbedMachine.provide({
    actors: {
      saveTestbed: fromPromise(async ({ input }: { input: { record: TestbedRecord; history: HistoryEntry[] } }) => {
        calls.push(input.record);
        return save(input.record);
      }),
      // No deadline ever comes in these tests.
      waitUntil: fromCallback(() => undefined),
    },
  });
  const actor = createActor(logic, { input: { record } });
  const emitted: TestbedEmitted[] = [];
  actor.on('*', (event) => emitted.push(event as TestbedEmitted));
  actor.start();
  return { actor, emitted, calls };
}

describe('testbed machine: replayed scripts (transition only)', () => {
  for (const flow of testbedFlows) {
    it(flow.name, () => {
      const { snapshot, emitted } = replayTestbed(flow);
      expect(snapshot.value).toBe(flow.expect.state);
      expect(emitted.map((event) => event.type)).toEqual(flow.expect.emitted);
      expect((snapshot.context as { record: TestbedRecord }).record.user_email).toBe(flow.expect.holder);
    });
  }

  it('starts in the state its store record says', () => {
    expect(initialTransition(testbedMachine, { record: available(1) })[0].value).toBe('available');
    expect(initialTransition(testbedMachine, { record: inUse(1, ana) })[0].value).toBe('inUse');
  });

  it('saves the booking with identity from the event and registered_time = now', () => {
    const [start] = initialTransition(testbedMachine, { record: available(3, 'lab-x') });
    const [, actions] = transition(testbedMachine, start, register('r1', bob));
    const [spawn] = spawnsOf(actions as ExecAction[]);
    expect(spawn.input).toEqual({
      record: {
        id: 3,
        testbed_name: 'lab-x',
        status: 'in_use',
        user_email: bob.email,
        user_name: bob.name,
        registered_time: NOW,
        purpose: 'perf run',
        expected_release_time: '2026-03-10T14:00:00.000Z',
      },
      history: [
        {
          at: NOW,
          event: 'registered',
          testbed_id: 3,
          testbed_name: 'lab-x',
          by: bob,
          purpose: 'perf run',
          expected_release_time: '2026-03-10T14:00:00.000Z',
          via: 'chat',
        },
      ],
    });
  });

  it('release saves status available with the five user fields null, and a line with the booking it closes', () => {
    const [start] = initialTransition(testbedMachine, { record: inUse(2, ana) });
    const [, actions] = transition(testbedMachine, start, { type: 'release.requested', requestId: 'r', by: bob, now: NOW });
    expect(spawnsOf(actions as ExecAction[])[0].input).toEqual({
      record: available(2),
      history: [
        {
          at: NOW,
          event: 'released',
          testbed_id: 2,
          testbed_name: 'lab-2',
          by: bob,
          holder: ana,
          registered_time: '2026-03-10T08:00:00.000Z',
          expected_release_time: '2026-03-10T12:00:00.000Z',
          purpose: 'regression run',
        },
      ],
    });
  });

  it('booking and release keep labels and description; a booking never carries maintenance', () => {
    const labelled = { ...available(3), labels: ['5g'], description: 'rack 4' };
    const [start] = initialTransition(testbedMachine, { record: labelled });
    const [, booked] = transition(testbedMachine, start, register('r1', bob));
    expect(spawnsOf(booked as ExecAction[])[0].input).toMatchObject({ record: { status: 'in_use', labels: ['5g'], description: 'rack 4' } });
    const [held] = initialTransition(testbedMachine, { record: { ...inUse(3, ana), labels: ['5g'], description: 'rack 4' } });
    const [, released] = transition(testbedMachine, held, { type: 'release.requested', requestId: 'r', by: ana, now: NOW });
    expect((spawnsOf(released as ExecAction[])[0].input as { record: unknown }).record).toEqual(labelled);
  });

  it('keeps the saved record out of context until the save resolved', () => {
    const [start] = initialTransition(testbedMachine, { record: available(1) });
    const [reserving] = transition(testbedMachine, start, register('r1'));
    expect(reserving.value).toBe('reserving');
    expect(reserving.context.record).toEqual(available(1));
  });

  it('refuses while reserving with the pending record, and release while busy', () => {
    const [start] = initialTransition(testbedMachine, { record: available(1) });
    const [reserving] = transition(testbedMachine, start, register('r1', ana));
    const [, refusedActions] = transition(testbedMachine, reserving, register('r2', bob));
    const [refused] = emittedOf(refusedActions as ExecAction[]) as TestbedEmitted[];
    expect(refused).toMatchObject({ type: 'registration.refused', requestId: 'r2', reason: 'taken' });
    expect(refused.type === 'registration.refused' && refused.record.user_email).toBe(ana.email);
    const [, releaseActions] = transition(testbedMachine, reserving, { type: 'release.requested', requestId: 'r3', by: bob, now: NOW });
    expect(emittedOf(releaseActions as ExecAction[])).toEqual([
      { type: 'release.refused', requestId: 'r3', record: available(1), reason: 'busy' },
    ]);
  });
});

describe('testbed machine: live actor', () => {
  it('50 registrations in a row with a slow save → exactly 1 succeeded, 49 refused', async () => {
    const gate = deferred<void>();
    const { actor, emitted, calls } = liveTestbed(available(7), async (record) => {
      await gate.promise;
      return record;
    });
    for (let i = 0; i < 50; i++) {
      actor.send(register(`r${i}`, { email: `p${i}@example.com`, name: `Person ${i}` }));
    }
    gate.resolve();
    // Every request is answered once the save is through.
    await vi.waitFor(() => expect(emitted).toHaveLength(50));
    const succeeded = emitted.filter((event) => event.type === 'registration.succeeded');
    const refused = emitted.filter((event) => event.type === 'registration.refused');
    expect(succeeded).toHaveLength(1);
    expect(refused).toHaveLength(49);
    expect(calls).toHaveLength(1);
    expect(succeeded[0]).toMatchObject({ requestId: 'r0', record: { user_email: 'p0@example.com' } });
    expect(new Set(refused.map((event) => event.requestId)).size).toBe(49);
    expect(refused.every((event) => event.type === 'registration.refused' && event.record.user_email === 'p0@example.com')).toBe(true);
    expect(actor.getSnapshot().value).toBe('inUse');
    expect(actor.getSnapshot().context.record.user_email).toBe('p0@example.com');
    actor.stop();
  });

  it('a failed save rolls back: state and record unchanged, failure reported', async () => {
    const { actor, emitted } = liveTestbed(inUse(1, ana), async () => {
      throw new Error('disk full');
    });
    actor.send({ type: 'release.requested', requestId: 'x', by: bob, now: NOW });
    await vi.waitFor(() => expect(emitted).toHaveLength(1));
    expect(emitted).toEqual([{ type: 'release.failed', requestId: 'x', message: 'disk full' }]);
    expect(actor.getSnapshot().value).toBe('inUse');
    expect(actor.getSnapshot().context.record).toEqual(inUse(1, ana));
    actor.stop();
  });

  it('uses the record the store returned', async () => {
    const { actor, emitted } = liveTestbed(available(1), async (record) => ({ ...record, testbed_name: 'normalised' }));
    actor.send(register('r1'));
    await vi.waitFor(() => expect(emitted).toHaveLength(1));
    expect(actor.getSnapshot().context.record.testbed_name).toBe('normalised');
    expect(emitted[0]).toMatchObject({ type: 'registration.succeeded', record: { testbed_name: 'normalised' } });
    actor.stop();
  });
});

describe('testbed machine: graph invariants', () => {
  const events = (snapshot: AnyMachineSnapshot): TestbedEvent[] => {
    const pending = (snapshot.context as { pending: { record: TestbedRecord } | null }).pending;
    const saved = pending?.record ?? (snapshot.context as { record: TestbedRecord }).record;
    return [
      register('a', ana),
      register('b', bob),
      { type: 'release.requested', requestId: 'c', by: bob, now: NOW },
      ...(['saveClaim', 'saveRelease'] as const).flatMap((id) => [
        { type: `xstate.done.actor.${id}`, output: saved } as unknown as TestbedEvent,
        { type: `xstate.error.actor.${id}`, error: new Error('disk full') } as unknown as TestbedEvent,
      ]),
    ];
  };
  const serializeState = (snapshot: AnyMachineSnapshot) => JSON.stringify([snapshot.value, snapshot.context]);

  it('no path reaches inUse without a successful saveTestbed', () => {
    const paths = getSimplePaths(testbedMachine, { input: { record: available(1) }, events, serializeState });
    const intoInUse = paths.filter((path) => path.state.value === 'inUse');
    expect(intoInUse.length).toBeGreaterThan(0);
    for (const path of paths) {
      let previous: unknown = 'available';
      for (const step of path.steps) {
        if (step.state.value === 'inUse' && previous !== 'inUse') expect(step.event.type).toBe('xstate.done.actor.saveClaim');
        previous = step.state.value;
      }
    }
  });

  it('every reachable state: the record only changes on a resolved save', () => {
    const paths = getShortestPaths(testbedMachine, { input: { record: available(1) }, events, serializeState });
    expect(new Set(paths.map((path) => path.state.value))).toEqual(new Set(['available', 'reserving', 'inUse', 'releasing']));
    for (const path of paths) {
      for (const event of events(path.state)) {
        const [next] = transition(testbedMachine, path.state as never, event as never);
        const changed = JSON.stringify(next.context.record) !== JSON.stringify((path.state.context as { record: unknown }).record);
        if (changed) expect(event.type).toMatch(/^xstate\.done\.actor\.save/);
      }
    }
  });
});
