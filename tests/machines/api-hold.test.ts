/**
 * The API hold watcher: a hold with a time-to-live is released once no heartbeat came in time,
 * heartbeats move the deadline, a hold released another way is left alone, a deadline passed while
 * the bot was down is acted on at once, and a release that fails is tried again later. Simulated time.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import { createHoldKeepers, type HoldKeepers } from '../../src/api/hold-keepers.js';

const START = Date.parse('2030-06-15T10:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const logger = pino({ level: 'silent' });

let keepers: HoldKeepers;
let expired: { holdId: string; now: string }[];
let fail = 0;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(START);
  expired = [];
  fail = 0;
  keepers = createHoldKeepers({
    logger,
    expire: async (holdId, now) => {
      if (fail > 0) {
        fail -= 1;
        throw new Error('disk full');
      }
      expired.push({ holdId, now });
    },
  });
});
afterEach(() => {
  keepers.stop();
  vi.useRealTimers();
});

describe('api hold watcher', () => {
  it('releases a hold whose time-to-live ran out, once, at the deadline', async () => {
    keepers.track('h1', iso(START + 60_000));
    await vi.advanceTimersByTimeAsync(59_999);
    expect(expired).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(expired).toEqual([{ holdId: 'h1', now: iso(START + 60_000) }]);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(expired).toHaveLength(1);
    expect(keepers.renew('h1', iso(START + 700_000))).toBe(false);
  });

  it('moves the deadline on every heartbeat', async () => {
    keepers.track('h1', iso(START + 60_000));
    await vi.advanceTimersByTimeAsync(50_000);
    expect(keepers.renew('h1', iso(START + 110_000))).toBe(true);
    await vi.advanceTimersByTimeAsync(50_000);
    expect(expired).toEqual([]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(expired.map((e) => e.holdId)).toEqual(['h1']);
  });

  it('leaves a hold released another way alone', async () => {
    keepers.track('h1', iso(START + 60_000));
    keepers.forget('h1');
    await vi.advanceTimersByTimeAsync(120_000);
    expect(expired).toEqual([]);
    expect(keepers.renew('h1', iso(START + 200_000))).toBe(false);
  });

  it('acts at once on a deadline that passed while the bot was down', async () => {
    keepers.track('h1', iso(START - 3_600_000));
    await vi.advanceTimersByTimeAsync(0);
    expect(expired).toEqual([{ holdId: 'h1', now: iso(START) }]);
  });

  it('tries a failed release again 30 s later, refusing heartbeats meanwhile', async () => {
    fail = 1;
    keepers.track('h1', iso(START + 1_000));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(expired).toEqual([]);
    expect(keepers.isExpiring('h1')).toBe(true);
    expect(keepers.renew('h1', iso(START + 100_000))).toBe(false);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(expired.map((e) => e.holdId)).toEqual(['h1']);
    expect(keepers.isExpiring('h1')).toBe(false);
  });
});
