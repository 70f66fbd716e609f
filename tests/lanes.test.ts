/** Lanes: per-key order, no waiting across keys, failures reported, idle() covers what was added so far. */
import { describe, expect, it } from 'vitest';
import { Lanes } from '../src/lanes.js';

function gate(): { open: () => void; wait: Promise<void> } {
  let open: () => void = () => undefined;
  const wait = new Promise<void>((resolve) => (open = resolve));
  return { open, wait };
}

/** Lets every queued promise callback run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('Lanes', () => {
  it('runs one key’s jobs in the order added and another key’s jobs without waiting', async () => {
    const lanes = new Lanes(() => undefined);
    const log: string[] = [];
    const slow = gate();
    void lanes.add('ada', async () => {
      log.push('ada 1 start');
      await slow.wait;
      log.push('ada 1 end');
    });
    void lanes.add('ada', () => void log.push('ada 2'));
    void lanes.add('linus', () => void log.push('linus 1'));
    await settle();
    expect(log).toEqual(['ada 1 start', 'linus 1']);
    slow.open();
    await lanes.idle();
    expect(log).toEqual(['ada 1 start', 'linus 1', 'ada 1 end', 'ada 2']);
  });

  it('reports a failed job with its key and carries on with the lane', async () => {
    const failures: [string, string][] = [];
    const lanes = new Lanes((error, key) => failures.push([key, (error as Error).message]));
    const log: string[] = [];
    const first = lanes.add('room', () => {
      throw new Error('bad input');
    });
    void lanes.add('room', () => void log.push('next'));
    await expect(first).resolves.toBeUndefined();
    await lanes.idle();
    expect(failures).toEqual([['room', 'bad input']]);
    expect(log).toEqual(['next']);
  });

  it('idle() waits for every job added so far, not for later ones, and finished lanes are forgotten', async () => {
    const lanes = new Lanes(() => undefined);
    const early = gate();
    const late = gate();
    void lanes.add('a', () => early.wait);
    let idle = false;
    const idled = lanes.idle().then(() => (idle = true));
    void lanes.add('b', () => late.wait);
    await settle();
    expect(idle).toBe(false);
    expect(lanes.busy).toBe(2);
    early.open();
    await idled;
    expect(lanes.busy).toBe(1);
    late.open();
    await lanes.idle();
    await settle();
    expect(lanes.busy).toBe(0);
  });
});

describe('Lanes.run', () => {
  it('hands the job’s result or failure to the caller, in the lane’s order, and a failure does not stop the lane', async () => {
    const lanes = new Lanes(() => undefined);
    const slow = gate();
    const log: string[] = [];
    const first = lanes.run('lab-1', async () => {
      await slow.wait;
      log.push('first');
      throw new Error('first failed');
    });
    const second = lanes.run('lab-1', () => {
      log.push('second');
      return 42;
    });
    await settle();
    expect(log).toEqual([]);
    slow.open();
    await expect(first).rejects.toThrow('first failed');
    await expect(second).resolves.toBe(42);
    expect(log).toEqual(['first', 'second']);
    await lanes.idle();
    expect(lanes.busy).toBe(0);
  });
});
