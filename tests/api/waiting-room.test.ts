/**
 * The line of pipelines waiting for "any N with label X": granted at once when free, woken when a
 * testbed frees up, first come first served without starving a larger older request, leaving on
 * time-out or when the client goes away. Simulated time; the testbeds are a plain list.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import { createWaitingRoom, type Admission, type WaitingRoom } from '../../src/api/waiting-room.js';
import type { FreeTestbed } from '../../src/api/allocate.js';

let free: FreeTestbed[];
let room: WaitingRoom;
/** Testbed ids a grant finds taken meanwhile (once each). */
let stolen: Set<number>;

const request = (quantity: number, label: string | null = null) => ({
  label,
  quantity,
  grant: async (ids: number[]) => {
    await Promise.resolve();
    if (ids.some((id) => stolen.delete(id))) {
      free = free.filter((t) => !ids.includes(t.id));
      return null;
    }
    free = free.filter((t) => !ids.includes(t.id));
    return ids;
  },
});
const freeUp = (...ids: number[]) => {
  free.push(...ids.map((id) => ({ id, labels: id % 2 === 0 ? ['5g'] : ['lte'] })));
  room.wake();
};

beforeEach(() => {
  vi.useFakeTimers();
  free = [];
  stolen = new Set();
  room = createWaitingRoom({ free: () => free, logger: pino({ level: 'silent' }) });
});
afterEach(() => {
  room.close();
  vi.useRealTimers();
});

describe('waiting room', () => {
  it('grants what is free at once, and refuses at once when nothing is and the request may not wait', async () => {
    free = [{ id: 1, labels: [] }];
    expect(await room.join(request(1), { waitMs: 0 })).toEqual({ ok: true, granted: [1] });
    expect(await room.join(request(1), { waitMs: 0 })).toEqual({ ok: false, reason: 'none_free' });
    expect(room.size()).toBe(0);
  });

  it('wakes a waiting request when a testbed with its label frees up', async () => {
    const answer = room.join(request(1, '5G'), { waitMs: 60_000 });
    await vi.advanceTimersByTimeAsync(10_000);
    freeUp(3);
    await vi.advanceTimersByTimeAsync(0);
    expect(room.size()).toBe(1);
    freeUp(4);
    expect(await answer).toEqual({ ok: true, granted: [4] });
    expect(free.map((t) => t.id)).toEqual([3]);
  });

  it('gives up when the waiting time is over, and leaves the line when the client goes away', async () => {
    const timedOut = room.join(request(1), { waitMs: 30_000 });
    const controller = new AbortController();
    const gone = room.join(request(1), { waitMs: 30_000, signal: controller.signal });
    controller.abort();
    expect(await gone).toEqual({ ok: false, reason: 'gone' });
    expect(room.size()).toBe(1);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(await timedOut).toEqual({ ok: false, reason: 'none_free' });
    expect(room.size()).toBe(0);
    freeUp(1);
    expect(free.map((t) => t.id)).toEqual([1]);
  });

  it('serves an older request for two before a newer one for one takes the testbed it needs', async () => {
    const settled: string[] = [];
    const big = room.join(request(2), { waitMs: 600_000 }).then((a) => (settled.push('big'), a));
    const small = room.join(request(1), { waitMs: 600_000 }).then((a) => (settled.push('small'), a));
    freeUp(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toEqual([]);
    // Even a request that does not wait cannot take it.
    expect(await room.join(request(1), { waitMs: 0 })).toEqual({ ok: false, reason: 'none_free' });
    freeUp(2);
    expect(await big).toEqual({ ok: true, granted: [1, 2] });
    freeUp(3);
    expect(await small).toEqual({ ok: true, granted: [3] });
    expect(settled).toEqual(['big', 'small']);
  });

  it('lets a request for another label through while an older one waits', async () => {
    const fiveG = room.join(request(2, '5g'), { waitMs: 600_000 });
    freeUp(2, 1);
    expect(await room.join(request(1, 'lte'), { waitMs: 0 })).toEqual({ ok: true, granted: [1] });
    freeUp(4);
    expect(await fiveG).toEqual({ ok: true, granted: [2, 4] });
  });

  it('keeps its place when a testbed is taken in chat between the look and the claim', async () => {
    const answer = room.join(request(1), { waitMs: 600_000 });
    stolen.add(1);
    freeUp(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(room.size()).toBe(1);
    freeUp(3);
    expect(await answer).toEqual({ ok: true, granted: [3] });
  });

  it('answers every waiting request when it closes', async () => {
    const answer: Promise<Admission<number[]>> = room.join(request(1), { waitMs: 600_000 });
    room.close();
    expect(await answer).toEqual({ ok: false, reason: 'closed' });
    expect(await room.join(request(1), { waitMs: 0 })).toEqual({ ok: false, reason: 'closed' });
  });
});
