import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestbedFleet } from '../../src/app/testbed-fleet.js';
import { availableTestbed, type TestbedRecord } from '../../src/domain.js';
import { openStore, type Store } from '../../src/store/index.js';

const ADA = { email: 'ada@example.com', name: 'Ada Ops' };
const LINUS = { email: 'linus@example.com', name: 'Linus Lab' };
const NOW = '2026-03-02T10:00:00.000Z';
const LATER = '2026-03-02T14:00:00.000Z';
const logger = pino({ level: 'silent' });

describe('testbed fleet (actors over a real store file)', () => {
  let dir: string;
  let store: Store;
  afterEach(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  async function open(records: TestbedRecord[]) {
    dir = await mkdtemp(join(tmpdir(), 'fleet-'));
    const testbedPath = join(dir, 'testbeds.json');
    await writeFile(testbedPath, JSON.stringify({ testbeds: records }));
    store = await openStore({ testbedPath, broadcastPath: join(dir, 'broadcast_rooms.json') });
    return store;
  }

  it('claims, refuses a second claim, and releases, writing each change before answering', async () => {
    const fleet = createTestbedFleet({ store: await open([availableTestbed(1, 'lab-1')]), logger });
    fleet.start();
    const claimed = await fleet.claim({ testbedId: 1, holder: ADA, purpose: 'soak', expectedRelease: LATER, now: NOW });
    expect(claimed).toMatchObject({ ok: true, record: { status: 'in_use', user_email: ADA.email, registered_time: NOW } });
    expect(store.testbeds.get(1)?.user_email).toBe(ADA.email);
    const refused = await fleet.claim({ testbedId: 1, holder: LINUS, purpose: 'mine', expectedRelease: LATER, now: NOW });
    expect(refused).toMatchObject({ ok: false, reason: 'taken', record: { user_email: ADA.email } });
    const released = await fleet.release({ testbedId: 1, by: LINUS, now: NOW });
    expect(released).toMatchObject({ ok: true, record: availableTestbed(1, 'lab-1'), previous: { user_email: ADA.email } });
    expect(store.testbeds.get(1)).toEqual(availableTestbed(1, 'lab-1'));
    expect(await fleet.release({ testbedId: 1, by: LINUS, now: NOW })).toMatchObject({ ok: false, reason: 'not_in_use' });
    fleet.stop();
  });

  it('answers unknown for a testbed the store does not have', async () => {
    const fleet = createTestbedFleet({ store: await open([availableTestbed(1, 'lab-1')]), logger });
    fleet.start();
    expect(await fleet.claim({ testbedId: 9, holder: ADA, purpose: 'x', expectedRelease: LATER, now: NOW })).toEqual({ ok: false, reason: 'unknown' });
    fleet.stop();
  });

  it('rejects (never hangs) when the testbed actor is stopped while a save is pending, and nothing is claimed', async () => {
    const real = await open([availableTestbed(1, 'lab-1')]);
    let saveCalled: () => void = () => undefined;
    const called = new Promise<void>((resolve) => (saveCalled = resolve));
    let diskFree: () => void = () => undefined;
    const turn = new Promise<void>((resolve) => (diskFree = resolve));
    let write: Promise<TestbedRecord> | undefined;
    const slowStore: Store = {
      ...real,
      testbeds: {
        ...real.testbeds,
        // A write queued behind a busy disk: once its turn comes it goes to the real file.
        save: (record, options) => {
          write = turn.then(() => real.testbeds.save(record, options));
          saveCalled();
          return write;
        },
      },
    };
    const fleet = createTestbedFleet({ store: slowStore, logger });
    fleet.start();
    const pending = fleet.claim({ testbedId: 1, holder: ADA, purpose: 'x', expectedRelease: LATER, now: NOW });
    await called;
    fleet.stop();
    await expect(pending).rejects.toThrow(/testbed/);
    diskFree();
    await expect(write).rejects.toMatchObject({ code: 'STORE_CANCELLED' });
    expect(real.testbeds.get(1)?.status).toBe('available');
    const onDisk = JSON.parse(await readFile(join(dir, 'testbeds.json'), 'utf8')) as { testbeds: TestbedRecord[] };
    expect(onDisk.testbeds).toEqual([availableTestbed(1, 'lab-1')]);
  });

  it('reports a failed write as an error and keeps the testbed free for the next try', async () => {
    const real = await open([availableTestbed(1, 'lab-1')]);
    let failNext = true;
    const flakyStore: Store = {
      ...real,
      testbeds: {
        ...real.testbeds,
        save: async (record) => {
          if (failNext) {
            failNext = false;
            throw new Error('disk full');
          }
          return real.testbeds.save(record);
        },
      },
    };
    const fleet = createTestbedFleet({ store: flakyStore, logger });
    fleet.start();
    await expect(fleet.claim({ testbedId: 1, holder: ADA, purpose: 'x', expectedRelease: LATER, now: NOW })).rejects.toThrow();
    expect(real.testbeds.get(1)?.status).toBe('available');
    expect(await fleet.claim({ testbedId: 1, holder: ADA, purpose: 'x', expectedRelease: LATER, now: NOW })).toMatchObject({ ok: true });
    fleet.stop();
  });

  describe('actors at rest', () => {
    const inUse = (id: number, holder: typeof ADA): TestbedRecord => ({
      ...availableTestbed(id, `lab-${id}`),
      status: 'in_use',
      user_email: holder.email,
      user_name: holder.name,
      registered_time: NOW,
      purpose: 'soak',
      expected_release_time: LATER,
    });
    const maintained = availableTestbed(4, 'lab-4', { maintenance: { reason: 'new firmware', until: null, since: NOW, by: LINUS } });
    const settled = () => new Promise<void>((resolve) => setImmediate(resolve));

    it('keeps live actors only for testbeds that are busy, and builds the others again when asked', async () => {
      // The clock stands at NOW, so lab-3's first reminder (before LATER) is hours away.
      const fleet = createTestbedFleet({ store: await open([availableTestbed(1, 'lab-1'), availableTestbed(2, 'lab-2'), inUse(3, ADA), maintained]), logger, now: () => new Date(NOW), keepResting: 0 });
      fleet.start();
      await settled();
      // lab-3 is booked (its reminder timer runs); free lab-1, lab-2 and lab-4 under maintenance rest.
      expect(fleet.liveActors()).toBe(1);

      expect(await fleet.claim({ testbedId: 1, holder: LINUS, purpose: 'x', expectedRelease: LATER, now: NOW })).toMatchObject({ ok: true, record: { user_email: LINUS.email } });
      await settled();
      expect(fleet.liveActors()).toBe(2);
      expect(await fleet.claim({ testbedId: 4, holder: LINUS, purpose: 'x', expectedRelease: LATER, now: NOW })).toMatchObject({ ok: false, reason: 'maintenance' });
      expect(await fleet.release({ testbedId: 3, by: LINUS, now: NOW, holderOnly: true })).toMatchObject({ ok: false, reason: 'not_holder' });
      expect(await fleet.release({ testbedId: 1, by: LINUS, now: NOW })).toMatchObject({ ok: true, previous: { user_email: LINUS.email } });
      await settled();
      expect(fleet.liveActors()).toBe(1);
      expect(store.testbeds.get(1)).toEqual(availableTestbed(1, 'lab-1'));
      fleet.stop();
    });

    it('keeps the most recently rested actors live, up to keepResting, and lets the one that rested longest ago go', async () => {
      const fleet = createTestbedFleet({ store: await open([1, 2, 3].map((id) => availableTestbed(id, `lab-${id}`))), logger, now: () => new Date(NOW), keepResting: 1 });
      fleet.start();
      await settled();
      expect(fleet.liveActors()).toBe(1);
      for (const id of [1, 2]) await fleet.claim({ testbedId: id, holder: ADA, purpose: 'x', expectedRelease: LATER, now: NOW });
      await settled();
      // Two booked, and lab-3 (the last to rest at start) still kept.
      expect(fleet.liveActors()).toBe(3);
      expect(await fleet.release({ testbedId: 1, by: ADA, now: NOW })).toMatchObject({ ok: true });
      await settled();
      // lab-1 rested last: it is kept, and lab-3 is let go.
      expect(fleet.liveActors()).toBe(2);
      expect(await fleet.release({ testbedId: 2, by: ADA, now: NOW })).toMatchObject({ ok: true });
      await settled();
      expect(fleet.liveActors()).toBe(1);
      expect(await fleet.claim({ testbedId: 3, holder: LINUS, purpose: 'y', expectedRelease: LATER, now: NOW })).toMatchObject({ ok: true, record: { user_email: LINUS.email } });
      fleet.stop();
    });

    it('still books a resting testbed once when two people ask for it at the same moment', async () => {
      const fleet = createTestbedFleet({ store: await open([availableTestbed(1, 'lab-1')]), logger, keepResting: 0 });
      fleet.start();
      await settled();
      expect(fleet.liveActors()).toBe(0);
      const [first, second] = await Promise.all([
        fleet.claim({ testbedId: 1, holder: ADA, purpose: 'a', expectedRelease: LATER, now: NOW }),
        fleet.claim({ testbedId: 1, holder: LINUS, purpose: 'b', expectedRelease: LATER, now: NOW }),
      ]);
      expect(first).toMatchObject({ ok: true, record: { user_email: ADA.email } });
      expect(second).toMatchObject({ ok: false, reason: 'taken' });
      expect(store.testbeds.get(1)?.user_email).toBe(ADA.email);
      fleet.stop();
    });

    it('remembers when each testbed was freed after its actor was let go (booking any free one takes the one free longest)', async () => {
      const fleet = createTestbedFleet({ store: await open([availableTestbed(1, 'lab-1'), availableTestbed(2, 'lab-2')]), logger, now: () => new Date(NOW), keepResting: 0 });
      fleet.start();
      for (const id of [1, 2]) await fleet.claim({ testbedId: id, holder: ADA, purpose: 'x', expectedRelease: LATER, now: NOW });
      await fleet.release({ testbedId: 2, by: ADA, now: '2026-03-02T11:00:00.000Z' });
      await fleet.release({ testbedId: 1, by: ADA, now: '2026-03-02T12:00:00.000Z' });
      // Asked again while free (built, refused, let go once more).
      expect(await fleet.release({ testbedId: 2, by: ADA, now: LATER })).toMatchObject({ ok: false, reason: 'not_in_use' });
      await settled();
      expect(fleet.liveActors()).toBe(0);
      expect(fleet.freeSince(2)).toBe('2026-03-02T11:00:00.000Z');
      const any = await fleet.claimAny({ label: null, holder: LINUS, purpose: 'y', expectedRelease: LATER, now: NOW });
      expect(any).toMatchObject({ ok: true, record: { id: 2, user_email: LINUS.email } });
      fleet.stop();
    });
  });
});
