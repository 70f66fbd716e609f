/**
 * One testbed actor per record, built from the store at start-up. Claims and
 * releases are requests to the right actor; the answer is the event it emits
 * for that request id. The store write happens inside the actor's
 * `saveTestbed` step, so a success is only reported after it is on disk.
 */
import { randomUUID } from 'node:crypto';
import { createActor, type Actor, type InspectionEvent, type Observer } from 'xstate';
import { fromPromise } from 'xstate';
import type { Logger } from 'pino';
import type { Holder, TestbedRecord } from '../domain.js';
import { testbedMachine } from '../machines/testbed.machine.js';
import type { ClaimResult, ReleaseResult } from '../machines/conversation.machine.js';
import type { Store } from '../store/index.js';
import { silentAppMetrics, type AppMetrics } from '../metrics.js';
import { keyOf, testbedKey } from './actor-key.js';

/** The answers the conversation machine's `claimTestbed` / `releaseTestbed` actors expect. */
export type { ClaimResult, ReleaseResult } from '../machines/conversation.machine.js';

export interface TestbedFleet {
  start(): void;
  stop(): void;
  claim(request: { testbedId: number; holder: Holder; purpose: string; expectedRelease: string; now: string }): Promise<ClaimResult>;
  release(request: { testbedId: number; by: Holder; now: string }): Promise<ReleaseResult>;
}

type TestbedActor = Actor<typeof testbedMachine>;

export function createTestbedFleet(deps: {
  store: Store;
  logger: Logger;
  inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void);
  /** Counts bookings and releases by outcome. */
  metrics?: Pick<AppMetrics, 'booking' | 'release'>;
}): TestbedFleet {
  const metrics = deps.metrics ?? silentAppMetrics;
  const actors = new Map<number, TestbedActor>();
  const logic = testbedMachine.provide({
    actors: {
      // The signal aborts when the actor stops: a write still waiting for its turn is then dropped,
      // so a claim the asker was told had failed never lands on disk afterwards.
      saveTestbed: fromPromise(async ({ input, signal }: { input: { record: TestbedRecord }; signal: AbortSignal }) =>
        deps.store.testbeds.save(input.record, { signal }),
      ),
    },
  });

  function spawn(record: TestbedRecord): TestbedActor {
    const key = keyOf(testbedKey(record.id));
    // The id is what the inspector shows (`testbed lab-3`); the key stays the systemId.
    const name = `testbed ${record.testbed_name}`;
    const actor = createActor(logic, { input: { record }, id: name, systemId: key, inspect: deps.inspect } as never) as TestbedActor;
    actor.subscribe({
      error: (error) => {
        deps.logger.error({ err: error, key }, 'testbed actor failed; it is rebuilt from the store on the next request');
        if (actors.get(record.id) === actor) actors.delete(record.id);
      },
    });
    actor.start();
    return actor;
  }

  function actorFor(testbedId: number): TestbedActor | undefined {
    const existing = actors.get(testbedId);
    if (existing) return existing;
    // A record the store knows but no actor yet (e.g. added while running): build it now.
    const record = deps.store.testbeds.get(testbedId);
    if (!record) return undefined;
    const actor = spawn(record);
    actors.set(testbedId, actor);
    return actor;
  }

  /**
   * Sends an event and resolves with the first emitted answer carrying the same
   * request id; rejects if the actor fails or stops before answering, so a
   * conversation never waits forever.
   */
  function ask<T>(actor: TestbedActor, event: Record<string, unknown> & { type: string }, answers: string[]): Promise<T> {
    const requestId = randomUUID();
    return new Promise<T>((resolve, reject) => {
      const subscriptions: { unsubscribe(): void }[] = [];
      const finish = (settle: () => void) => {
        for (const subscription of subscriptions) subscription.unsubscribe();
        settle();
      };
      for (const type of answers) {
        subscriptions.push(
          actor.on(type as never, (emitted: unknown) => {
            if ((emitted as { requestId?: string }).requestId === requestId) finish(() => resolve(emitted as T));
          }),
        );
      }
      subscriptions.push(
        actor.subscribe({
          error: () => finish(() => reject(new Error('the testbed could not take the request'))),
          complete: () => finish(() => reject(new Error('the testbed stopped before answering'))),
        }),
      );
      if (actor.getSnapshot().status !== 'active') {
        finish(() => reject(new Error('the testbed is not available right now')));
        return;
      }
      actor.send({ ...event, requestId } as never);
    });
  }

  async function claim(request: Parameters<TestbedFleet['claim']>[0]): Promise<ClaimResult> {
    const actor = actorFor(request.testbedId);
    if (!actor) return { ok: false, reason: 'unknown' };
    const answer = await ask<{ type: string; record: TestbedRecord; message?: string }>(
      actor,
      { type: 'registration.requested', holder: request.holder, purpose: request.purpose, expectedRelease: request.expectedRelease, now: request.now },
      ['registration.succeeded', 'registration.refused', 'registration.failed'],
    );
    if (answer.type === 'registration.succeeded') return { ok: true, record: answer.record };
    if (answer.type === 'registration.refused') return { ok: false, reason: 'taken', record: answer.record };
    throw new Error(answer.message ?? 'the booking could not be saved');
  }

  async function release(request: Parameters<TestbedFleet['release']>[0]): Promise<ReleaseResult> {
    const actor = actorFor(request.testbedId);
    if (!actor) return { ok: false, reason: 'unknown' };
    const answer = await ask<{ type: string; record: TestbedRecord; previous?: TestbedRecord; reason?: 'not_in_use' | 'busy'; message?: string }>(
      actor,
      { type: 'release.requested', by: request.by, now: request.now },
      ['release.succeeded', 'release.refused', 'release.failed'],
    );
    if (answer.type === 'release.succeeded' && answer.previous) return { ok: true, record: answer.record, previous: answer.previous };
    if (answer.type === 'release.refused') return { ok: false, reason: answer.reason ?? 'not_in_use', record: answer.record };
    throw new Error(answer.message ?? 'the release could not be saved');
  }

  return {
    start() {
      for (const record of deps.store.testbeds.all()) actors.set(record.id, spawn(record));
    },
    stop() {
      for (const actor of actors.values()) actor.stop();
      actors.clear();
    },
    async claim(request) {
      const result = await claim(request).catch((error: unknown) => {
        metrics.booking('failed');
        throw error;
      });
      metrics.booking(result.ok ? 'booked' : result.reason === 'taken' ? 'refused' : 'unknown');
      return result;
    },
    async release(request) {
      const result = await release(request).catch((error: unknown) => {
        metrics.release('failed');
        throw error;
      });
      metrics.release(result.ok ? 'released' : result.reason === 'unknown' ? 'unknown' : 'refused');
      return result;
    },
  };
}
