/**
 * The digest machine live, with simulated time: the real `waitUntil` timer, a fake `postDigest`
 * that records what it was asked for and keeps the "posted for" fact like the store would, and
 * restarts that rebuild the actor from that fact.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { createWaitUntil } from '../../src/app/wait-until.js';
import { digestMachine, type DigestEmitted, type PostDigestInput } from '../../src/digest/digest.machine.js';
import type { DigestSchedule } from '../../src/digest/schedule.js';

const NINE_UTC_MON_FRI: DigestSchedule = { hour: 9, minute: 0, timeZone: 'UTC', weekdays: [1, 2, 3, 4, 5] };

const at = (iso: string) => vi.setSystemTime(new Date(iso));
/** Moves simulated time forward to `iso`, running every timer due on the way. */
const until = async (iso: string) => vi.advanceTimersByTimeAsync(Date.parse(iso) - Date.now());

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** A bot with a digest: `boot()` starts it from the stored fact, like a restart. */
function bot(schedule: DigestSchedule = NINE_UTC_MON_FRI, options: { failSave?: boolean } = {}) {
  const disk: { lastPostedFor: string | null } = { lastPostedFor: null };
  const posted: Array<{ for: string; at: string }> = [];
  const emitted: DigestEmitted[] = [];
  let actor: ReturnType<typeof createActor<typeof digestMachine>> | undefined;
  const logic = digestMachine.provide({
    actors: {
      waitUntil: createWaitUntil(),
      postDigest: fromPromise<unknown, PostDigestInput>(async ({ input }) => {
        if (options.failSave) throw new Error('disk full');
        disk.lastPostedFor = input.scheduledFor;
        posted.push({ for: input.scheduledFor, at: new Date().toISOString() });
      }),
    },
  });
  return {
    disk,
    posted,
    emitted,
    async boot() {
      actor = createActor(logic, { input: { schedule, now: new Date().toISOString(), lastPostedFor: disk.lastPostedFor } });
      actor.on('*', (event) => emitted.push(event as DigestEmitted));
      actor.start();
      await vi.advanceTimersByTimeAsync(0);
      return this;
    },
    stop() {
      actor?.stop();
    },
    state: () => actor?.getSnapshot().value,
  };
}

describe('digest machine', () => {
  it('posts at 09:00 on each weekday, at that moment, and never on the weekend', async () => {
    at('2026-03-09T08:00:00.000Z'); // Monday
    const b = await bot().boot();
    expect(b.emitted).toEqual([{ type: 'digest.planned', at: '2026-03-09T09:00:00.000Z' }]);
    await until('2026-03-09T08:59:59.999Z');
    expect(b.posted).toEqual([]);
    await until('2026-03-09T09:00:00.000Z');
    expect(b.posted).toEqual([{ for: '2026-03-09T09:00:00.000Z', at: '2026-03-09T09:00:00.000Z' }]);
    await until('2026-03-16T10:00:00.000Z');
    expect(b.posted.map((item) => item.at)).toEqual([
      '2026-03-09T09:00:00.000Z',
      '2026-03-10T09:00:00.000Z',
      '2026-03-11T09:00:00.000Z',
      '2026-03-12T09:00:00.000Z',
      '2026-03-13T09:00:00.000Z',
      '2026-03-16T09:00:00.000Z',
    ]);
    expect(b.emitted.filter((event) => event.type === 'digest.planned').at(-1)).toEqual({ type: 'digest.planned', at: '2026-03-17T09:00:00.000Z' });
    b.stop();
  });

  it('in a zone across the spring-forward weekend: 09:00 local on both sides', async () => {
    at('2026-03-27T07:00:00.000Z'); // Friday, 08:00 in Berlin
    const b = await bot({ ...NINE_UTC_MON_FRI, timeZone: 'Europe/Berlin' }).boot();
    await until('2026-03-30T12:00:00.000Z');
    expect(b.posted.map((item) => item.at)).toEqual(['2026-03-27T08:00:00.000Z', '2026-03-30T07:00:00.000Z']);
    b.stop();
  });

  it('a digest missed by twenty minutes is posted once at start-up', async () => {
    at('2026-03-10T09:20:00.000Z');
    const b = await bot().boot();
    expect(b.posted).toEqual([{ for: '2026-03-10T09:00:00.000Z', at: '2026-03-10T09:20:00.000Z' }]);
    expect(b.state()).toBe('waiting');
    await until('2026-03-11T08:59:00.000Z');
    expect(b.posted).toHaveLength(1);
    b.stop();
  });

  it('a digest missed by more than an hour is skipped, and the next one comes on time', async () => {
    at('2026-03-10T10:00:01.000Z');
    const b = bot();
    b.disk.lastPostedFor = '2026-03-09T09:00:00.000Z';
    await b.boot();
    expect(b.posted).toEqual([]);
    expect(b.emitted).toEqual([
      { type: 'digest.skipped', scheduledFor: '2026-03-10T09:00:00.000Z' },
      { type: 'digest.planned', at: '2026-03-11T09:00:00.000Z' },
    ]);
    await until('2026-03-11T09:00:00.000Z');
    expect(b.posted.map((item) => item.for)).toEqual(['2026-03-11T09:00:00.000Z']);
    b.stop();
  });

  it('a restart after posting does not post again, and a restart before the time posts on time', async () => {
    at('2026-03-10T08:30:00.000Z');
    const b = await bot().boot();
    await until('2026-03-10T09:00:00.000Z');
    expect(b.posted).toHaveLength(1);
    b.stop();
    at('2026-03-10T09:10:00.000Z');
    await b.boot(); // within the hour, but already posted
    await until('2026-03-10T09:59:00.000Z');
    expect(b.posted).toHaveLength(1);
    b.stop();
    at('2026-03-11T08:59:00.000Z');
    await b.boot();
    await until('2026-03-11T09:00:00.000Z');
    expect(b.posted.map((item) => item.for)).toEqual(['2026-03-10T09:00:00.000Z', '2026-03-11T09:00:00.000Z']);
    b.stop();
  });

  it('a failed post is not retried for the same digest; the next day is tried again', async () => {
    at('2026-03-10T08:59:00.000Z');
    const b = await bot(NINE_UTC_MON_FRI, { failSave: true }).boot();
    await until('2026-03-10T09:00:00.000Z');
    expect(b.state()).toBe('waiting');
    expect(b.emitted.filter((event) => event.type === 'digest.planned').map((event) => (event as { at: string }).at)).toEqual([
      '2026-03-10T09:00:00.000Z',
      '2026-03-11T09:00:00.000Z',
    ]);
    b.stop();
  });

  it('the very first start after the time is quiet: nothing posted, nothing reported skipped', async () => {
    at('2026-03-10T10:00:01.000Z');
    const b = await bot().boot();
    expect(b.posted).toEqual([]);
    expect(b.emitted).toEqual([{ type: 'digest.planned', at: '2026-03-11T09:00:00.000Z' }]);
    b.stop();
  });
});
