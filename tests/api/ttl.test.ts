/**
 * Holds with a time-to-live, over a real store in a temp folder and the real testbed actors, with
 * simulated time: renewed by heartbeats, released by the bot once no heartbeat came in time (and
 * the hold forgotten), and a deadline that passed while the bot was down acted on at start-up.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestbedFleet, type TestbedFleet } from '../../src/app/testbed-fleet.js';
import { availableTestbed, type TestbedRecord } from '../../src/domain.js';
import { openStore, type Store } from '../../src/store/index.js';
import { openApiHolds, type ApiHold, type ApiHoldRepository } from '../../src/store/api-holds.js';
import { createHoldDesk, type HoldDesk } from '../../src/api/hold-desk.js';
import { createHoldKeepers, type HoldKeepers } from '../../src/api/hold-keepers.js';
import type { ApiToken } from '../../src/store/tokens.js';

const T0 = Date.parse('2030-06-15T10:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const TOKEN: ApiToken = { name: 'nightly-ci', owner_email: 'owner@example.com', sha256: 'f'.repeat(64), admin: false };
const logger = pino({ level: 'silent' });

let dir: string;
let store: Store;
let fleet: TestbedFleet;
let holds: ApiHoldRepository;
let keepers: HoldKeepers;
let desk: HoldDesk;

async function open(records: TestbedRecord[], holdsDoc?: { holds: ApiHold[] }): Promise<void> {
  await writeFile(join(dir, 'testbeds.json'), JSON.stringify({ testbeds: records }));
  if (holdsDoc) await writeFile(join(dir, 'api_holds.json'), JSON.stringify(holdsDoc));
  store = await openStore({ testbedPath: join(dir, 'testbeds.json'), broadcastPath: join(dir, 'broadcast_rooms.json') });
  fleet = createTestbedFleet({ store, logger });
  fleet.start();
  holds = await openApiHolds(join(dir, 'api_holds.json'));
  keepers = createHoldKeepers({ expire: (holdId, now) => desk.expire(holdId, now), logger });
  desk = createHoldDesk({
    store,
    fleet,
    holds,
    keepers,
    releaseExpired: (testbedId, holder, now) => fleet.release({ testbedId, by: holder, now, holderOnly: true, expired: true }),
    now: () => new Date(),
    logger,
  });
  await desk.start();
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tbm-ttl-'));
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.setSystemTime(T0);
});
afterEach(async () => {
  keepers.stop();
  fleet.stop();
  await holds.close();
  await store.close();
  vi.useRealTimers();
  await rm(dir, { recursive: true, force: true });
});

const status = (id: number) => store.testbeds.get(id)?.status;
const holdsOnDisk = async () => (JSON.parse(await readFile(join(dir, 'api_holds.json'), 'utf8')) as { holds: ApiHold[] }).holds;

describe('holds with a time-to-live', () => {
  it('stay held while heartbeats come in time, and are released once they stop', async () => {
    await open([availableTestbed(1, 'lab-1'), availableTestbed(2, 'lab-2')]);
    const held = await desk.hold({ token: TOKEN, testbedIds: [1, 2], purpose: 'nightly', expectedRelease: iso(T0 + 7_200_000), ttlSeconds: 60, now: iso(T0) });
    expect(held.ok).toBe(true);
    if (!held.ok) return;
    expect((await holdsOnDisk())[0]).toMatchObject({ hold_id: held.hold.hold_id, ttl_seconds: 60, heartbeat_at: iso(T0) });

    await vi.advanceTimersByTimeAsync(50_000);
    const renewed = await desk.heartbeat(held.hold);
    expect(renewed?.heartbeat_at).toBe(iso(T0 + 50_000));
    expect((await holdsOnDisk())[0].heartbeat_at).toBe(iso(T0 + 50_000));
    await vi.advanceTimersByTimeAsync(59_000);
    expect([status(1), status(2)]).toEqual(['in_use', 'in_use']);

    await vi.advanceTimersByTimeAsync(1_000);
    await vi.waitFor(() => expect([status(1), status(2)]).toEqual(['available', 'available']));
    await vi.waitFor(async () => expect(await holdsOnDisk()).toEqual([]));
    expect(await desk.heartbeat(held.hold)).toBeUndefined();
    const lines = (await readFile(join(dir, 'history.jsonl'), 'utf8')).trim().split('\n').map((line) => JSON.parse(line));
    // The two claims (and the two releases) run side by side: their lines may come in either order.
    const seen = (part: typeof lines) => part.map((line) => [line.event, line.testbed_id, line.by?.name ?? null]).sort();
    expect(seen(lines.slice(0, 2))).toEqual([
      ['registered', 1, 'nightly-ci'],
      ['registered', 2, 'nightly-ci'],
    ]);
    expect(seen(lines.slice(2))).toEqual([
      ['expired', 1, null],
      ['expired', 2, null],
    ]);
    expect(lines[0].via).toBe('api');
    expect(lines.find((line) => line.event === 'expired' && line.testbed_id === 1)).toMatchObject({ at: iso(T0 + 110_000), holder: { email: 'owner@example.com', name: 'nightly-ci' }, registered_time: iso(T0) });
  });

  it('leave a hold without a time-to-live alone', async () => {
    await open([availableTestbed(1, 'lab-1')]);
    await desk.hold({ token: TOKEN, testbedIds: [1], purpose: 'nightly', expectedRelease: iso(T0 + 7_200_000), ttlSeconds: null, now: iso(T0) });
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(status(1)).toBe('in_use');
  });

  it('are released at start-up when the deadline passed while the bot was down; stale entries are dropped', async () => {
    const registered = iso(T0 - 600_000);
    const booking: TestbedRecord = {
      ...availableTestbed(1, 'lab-1'),
      status: 'in_use',
      user_email: TOKEN.owner_email,
      user_name: TOKEN.name,
      registered_time: registered,
      purpose: 'nightly',
      expected_release_time: iso(T0 + 3_600_000),
    };
    const entry = (holdId: string, id: number): ApiHold => ({
      hold_id: holdId,
      token_name: TOKEN.name,
      owner_email: TOKEN.owner_email,
      testbeds: [{ id, registered_time: registered }],
      created_at: registered,
      ttl_seconds: 120,
      heartbeat_at: iso(T0 - 300_000),
    });
    // Hold "stale" describes a booking of lab-2 that ended meanwhile (released in chat).
    await open([booking, availableTestbed(2, 'lab-2')], { holds: [entry('late', 1), entry('stale', 2)] });
    expect((await holdsOnDisk()).map((hold) => hold.hold_id)).toEqual(['late']);
    await vi.advanceTimersByTimeAsync(0);
    await vi.waitFor(() => expect(status(1)).toBe('available'));
    await vi.waitFor(async () => expect(await holdsOnDisk()).toEqual([]));
  });
});
