/** The leader machine on its own: fake actors, simulated time. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, type EventObject } from 'xstate';
import { leaderMachine } from '../../../src/store/pg/leader.machine.js';

interface World {
  connects: number;
  lockAnswers: boolean[];
  tryLocks: number;
  disconnects: { unlock: boolean }[];
  failConnect: boolean;
  /** The running watcher's way to report a loss. */
  reportLoss: ((reason: string) => void) | null;
}

function start(world: World) {
  const machine = leaderMachine.provide({
    actors: {
      connect: fromPromise<void, void>(async () => {
        world.connects++;
        if (world.failConnect) throw new Error('connection refused');
      }),
      tryLock: fromPromise<boolean, void>(async () => {
        world.tryLocks++;
        return world.lockAnswers.shift() ?? false;
      }),
      watch: fromCallback<EventObject, void>(({ sendBack }) => {
        world.reportLoss = (reason) => sendBack({ type: 'connection.lost', reason });
        return () => {
          world.reportLoss = null;
        };
      }),
      disconnect: fromPromise<void, { unlock: boolean }>(async ({ input }) => {
        world.disconnects.push(input);
      }),
    },
  });
  const actor = createActor(machine, { input: { pollMs: 1_000, retryMs: 500 } });
  const heard: string[] = [];
  actor.on('leader.elected', () => heard.push('elected'));
  actor.on('leader.steppedDown', (event) => heard.push(`steppedDown: ${event.reason}`));
  actor.start();
  return { actor, heard };
}

const newWorld = (): World => ({ connects: 0, lockAnswers: [], tryLocks: 0, disconnects: [], failConnect: false, reportLoss: null });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('leader machine', () => {
  it('asks for the lock every poll interval while another instance has it, and leads once granted', async () => {
    const world = newWorld();
    world.lockAnswers = [false, false, true];
    const { actor, heard } = start(world);
    await vi.advanceTimersByTimeAsync(0);
    expect(world.tryLocks).toBe(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(world.tryLocks).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(world.tryLocks).toBe(2);
    expect(heard).toEqual([]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(world.tryLocks).toBe(3);
    expect(heard).toEqual(['elected']);
    expect(actor.getSnapshot().hasTag('leader')).toBe(true);
    // A leader does not ask again.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(world.tryLocks).toBe(3);
  });

  it('steps down inside the loss report itself, before anything else runs', async () => {
    const world = newWorld();
    world.lockAnswers = [true];
    const { actor, heard } = start(world);
    await vi.advanceTimersByTimeAsync(0);
    expect(heard).toEqual(['elected']);

    world.reportLoss!('the connection ended');
    // No await between the report and this line: the step-down was heard synchronously.
    expect(heard).toEqual(['elected', 'steppedDown: the connection ended']);
    expect(actor.getSnapshot().hasTag('leader')).toBe(false);
    expect(actor.getSnapshot().context.problem).toBe('the connection ended');
  });

  it('connects again after the retry pause and competes like any standby', async () => {
    const world = newWorld();
    world.lockAnswers = [true, false, true];
    const { heard } = start(world);
    await vi.advanceTimersByTimeAsync(0);
    world.reportLoss!('the connection failed: terminating connection');
    expect(world.connects).toBe(1);
    await vi.advanceTimersByTimeAsync(499);
    expect(world.connects).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(world.connects).toBe(2);
    expect(world.tryLocks).toBe(2); // refused: somebody else leads now
    await vi.advanceTimersByTimeAsync(1_000);
    expect(heard).toEqual(['elected', 'steppedDown: the connection failed: terminating connection', 'elected']);
  });

  it('keeps retrying a connection that fails, without ever electing itself', async () => {
    const world = newWorld();
    world.failConnect = true;
    const { actor, heard } = start(world);
    await vi.advanceTimersByTimeAsync(2_100);
    expect(world.connects).toBe(5);
    expect(world.tryLocks).toBe(0);
    expect(heard).toEqual([]);
    expect(actor.getSnapshot().context.problem).toBe('connection refused');
  });

  it('a standby that loses its connection does not "step down"', async () => {
    const world = newWorld();
    const { heard } = start(world);
    await vi.advanceTimersByTimeAsync(0);
    world.reportLoss!('the connection ended');
    expect(heard).toEqual([]);
  });

  it('on stop, a leader steps down and gives the lock back before the connection closes', async () => {
    const world = newWorld();
    world.lockAnswers = [true];
    const { actor, heard } = start(world);
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'stop.requested' });
    expect(heard).toEqual(['elected', 'steppedDown: stopping']);
    await vi.advanceTimersByTimeAsync(0);
    expect(world.disconnects).toEqual([{ unlock: true }]);
    expect(actor.getSnapshot().status).toBe('done');
    expect(world.reportLoss).toBeNull();
  });
});
