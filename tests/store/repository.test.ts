/**
 * The repositories' behaviour, the same on both backends: the JSON files in a temp folder and
 * PostgreSQL in a fresh database. What is stored is read back through the backup export (the files
 * or the tables), and by opening the store again.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emptyLifecycle, type HistoryEntry, type LifecycleEntry, type Maintenance } from '../../src/domain.js';
import { StoreError } from '../../src/store/index.js';
import { BACKENDS, type StoreWorld } from './backends.js';
import { available, inUse } from './records.js';

const ADA = { email: 'ada@example.com', name: 'Ada Ops' };
const AT = '2026-03-02T10:00:00.000Z';
const MAINTENANCE: Maintenance = { reason: 'new power supply', until: '2026-03-03T12:00:00.000Z', since: AT, by: ADA };
const ROOMS = [
  { name: 'Ops', room_id: 'r-1', description: 'operations' },
  { name: 'Lab news', room_id: 'r-0', description: '' },
];

const waiting = (id = 2): LifecycleEntry => ({
  ...emptyLifecycle(id),
  queue: [{ email: 'bob@example.com', name: 'Bob Builder', since: '2026-03-10T09:00:00.000Z' }],
});

const line = (event: HistoryEntry['event'], id: number, at = AT): HistoryEntry =>
  ({ at, event, testbed_id: id, testbed_name: `Testbed ${id}`, by: ADA, position: 1 }) as HistoryEntry;

const failure = (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => error as StoreError);

describe.each(BACKENDS)('store repositories ($name)', (backend) => {
  let world: StoreWorld;
  beforeEach(async () => {
    world = await backend.setUp();
  });
  afterEach(async () => {
    await world.tearDown();
  });
  const stored = async () => (await world.persisted()).testbeds;

  describe('testbeds', () => {
    it('loads what is stored: records in id order, broadcast rooms in their order', async () => {
      await world.seed({ testbeds: [available(1), inUse(2)], broadcast_rooms: ROOMS });
      const store = await world.open();
      expect(store.testbeds.all()).toEqual([available(1), inUse(2)]);
      expect(store.testbeds.get(2)).toEqual(inUse(2));
      expect(store.testbeds.get(3)).toBeUndefined();
      expect(store.broadcastRooms.all()).toEqual(ROOMS);
    });

    it('shares frozen snapshots: the same array while nothing changed, a changed record new and the others kept', async () => {
      await world.seed({ testbeds: [available(1), available(2), available(3)] });
      const store = await world.open();
      const first = store.testbeds.snapshot();
      expect(first).toEqual([available(1), available(2), available(3)]);
      expect(store.testbeds.snapshot()).toBe(first);
      expect(() => {
        (first[1] as { status: string }).status = 'in_use';
      }).toThrow(TypeError);
      expect(store.testbeds.get(2)).toEqual(available(2));

      await store.testbeds.save(inUse(2));
      const second = store.testbeds.snapshot();
      expect(second).not.toBe(first);
      expect(second).toEqual([available(1), inUse(2), available(3)]);
      expect(second[0]).toBe(first[0]);
      expect(second[2]).toBe(first[2]);
      expect(first[1]).toEqual(available(2));

      const life = store.lifecycle.snapshot();
      expect(life).toEqual([]);
      await store.lifecycle.save(waiting(3));
      const waitingNow = store.lifecycle.snapshot();
      expect(waitingNow).toEqual([waiting(3)]);
      expect(store.lifecycle.snapshot()).toBe(waitingNow);
      expect(() => {
        (waitingNow[0].queue as unknown[]).push({ email: 'eve@example.com' });
      }).toThrow(TypeError);
      expect(store.lifecycle.get(3)).toEqual(waiting(3));
    });

    it('saves, replaces by id and adds new records, stored before resolving and there after a reopen', async () => {
      await world.seed({ testbeds: [available(1), available(2)] });
      const store = await world.open();
      expect(await store.testbeds.save(inUse(2))).toEqual(inUse(2));
      expect(await stored()).toEqual([available(1), inUse(2)]);
      await store.testbeds.save(available(9, 'New one'));
      expect(await stored()).toEqual([available(1), inUse(2), available(9, 'New one')]);
      expect(store.testbeds.all().map((r) => r.id)).toEqual([1, 2, 9]);
      await store.close();
      expect((await world.open()).testbeds.all()).toEqual([available(1), inUse(2), available(9, 'New one')]);
    });

    it('returns copies, never its own values', async () => {
      const store = await world.open();
      const input = available(1);
      const saved = await store.testbeds.save(input);
      input.testbed_name = 'changed after save';
      saved.testbed_name = 'changed result';
      store.testbeds.all()[0].testbed_name = 'changed list';
      store.testbeds.get(1)!.testbed_name = 'changed get';
      expect(store.testbeds.get(1)?.testbed_name).toBe('Testbed 1');
      expect(await stored()).toEqual([available(1)]);
    });

    it.each([
      [{ ...available(1), user_name: 'Ana' }, 'testbed 1 was not saved: user_name must be null when status is available'],
      [{ ...inUse(1), expected_release_time: null }, 'testbed 1 was not saved: expected_release_time must be filled when status is in_use'],
      [{ ...inUse(1), registered_time: '2025-05-01T08:00:00' }, 'registered_time must be an ISO 8601 UTC timestamp'],
      [{ ...available(1), id: -4 }, 'testbed -4 was not saved: id must be a positive whole number'],
    ])('refuses a record that breaks the rules, and stores nothing: %o', async (record, message) => {
      await world.seed({ testbeds: [available(1)] });
      const store = await world.open();
      const error = await failure(store.testbeds.save(record as never));
      expect(error).toBeInstanceOf(StoreError);
      expect(error?.code).toBe('STORE_RECORD_INVALID');
      expect(error?.message).toContain(message);
      expect(await stored()).toEqual([available(1)]);
      expect(store.testbeds.get(1)).toEqual(available(1));
    });

    it('refuses a name another record has, ignoring case and spaces', async () => {
      const store = await world.open();
      await store.testbeds.save(available(1, 'Lab A'));
      const error = await failure(store.testbeds.save(available(2, ' LAB a')));
      expect(error?.code).toBe('STORE_NAME_TAKEN');
      expect(error?.message).toContain('is already used by testbed 1 ("Lab A")');
      await expect(store.testbeds.save(available(1, 'LAB A'))).resolves.toMatchObject({ testbed_name: 'LAB A' });
      expect(await stored()).toEqual([available(1, 'LAB A')]);
    });

    it('200 concurrent saves of different records are all stored', async () => {
      const store = await world.open();
      const records = Array.from({ length: 200 }, (_, i) => (i % 2 ? inUse(i + 1, `Bed ${i + 1}`, `u${i}`) : available(i + 1, `Bed ${i + 1}`)));
      await Promise.all(records.map((r) => store.testbeds.save(r)));
      expect(await stored()).toEqual(records);
      await store.close();
      expect((await world.open()).testbeds.all()).toHaveLength(200);
    });

    it('one bad save in a concurrent burst is refused alone; the others are stored', async () => {
      const store = await world.open();
      await store.testbeds.save(available(1, 'Taken'));
      const results = await Promise.allSettled([store.testbeds.save(available(2)), store.testbeds.save(available(3, 'taken')), store.testbeds.save(inUse(4))]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect((await stored()).map((r) => (r as { id: number }).id)).toEqual([1, 2, 4]);
    });

    it('saveMany stores all records or none', async () => {
      const store = await world.open();
      await store.testbeds.saveMany([available(1), available(2), inUse(3)]);
      await expect(store.testbeds.saveMany([inUse(1), { ...available(2), purpose: 'x' }])).rejects.toMatchObject({ code: 'STORE_RECORD_INVALID' });
      await expect(store.testbeds.saveMany([inUse(1), available(4, 'testbed 1')])).rejects.toMatchObject({ code: 'STORE_NAME_TAKEN' });
      await expect(store.testbeds.saveMany([inUse(1), available(1)])).rejects.toThrow(/appears more than once/);
      expect(await stored()).toEqual([available(1), available(2), inUse(3)]);
      expect(store.testbeds.get(1)).toEqual(available(1));
    });

    it('keeps labels, description and maintenance through saves and reopening', async () => {
      const lab = { ...available(1, 'lab-1'), labels: ['5G', 'ran'], description: 'Rack 4, top shelf', maintenance: MAINTENANCE };
      await world.seed({ testbeds: [lab, inUse(2, 'lab-2')], retired: [{ id: 7, testbed_name: 'old', retired_at: AT }] });
      const store = await world.open();
      expect(store.testbeds.get(1)).toEqual(lab);
      expect(store.testbeds.retired()).toEqual([{ id: 7, testbed_name: 'old', retired_at: AT }]);
      await store.testbeds.save({ ...lab, maintenance: null });
      const [first, second] = await stored();
      expect(first).toEqual({ ...available(1, 'lab-1'), labels: ['5G', 'ran'], description: 'Rack 4, top shelf' });
      expect(second).toEqual(inUse(2, 'lab-2'));
      expect(Object.keys(second as object)).toHaveLength(8);
    });

    it('add gives the next id after every live and retired id, and stores its history line', async () => {
      await world.seed({ testbeds: [available(2, 'lab-2')], retired: [{ id: 5, testbed_name: 'gone', retired_at: AT }] });
      const store = await world.open();
      const added = await store.testbeds.add(
        { testbed_name: 'lab-6', labels: ['5g'], description: 'new rack' },
        { history: (record) => [{ at: AT, event: 'added', testbed_id: record.id, testbed_name: record.testbed_name, by: ADA, labels: record.labels ?? [], description: record.description ?? null }] },
      );
      expect(added).toEqual({ ...available(6, 'lab-6'), labels: ['5g'], description: 'new rack' });
      expect((await stored()).map((r) => (r as { id: number }).id)).toEqual([2, 6]);
      expect((await world.persisted()).history).toEqual([{ at: AT, event: 'added', testbed_id: 6, testbed_name: 'lab-6', by: ADA, labels: ['5g'], description: 'new rack' }]);
    });

    it('add refuses a name in use (ignoring case) and stores nothing', async () => {
      await world.seed({ testbeds: [available(1, 'Lab-1')] });
      const store = await world.open();
      const error = await failure(store.testbeds.add({ testbed_name: ' lab-1 ' }));
      expect(error).toBeInstanceOf(StoreError);
      expect(error?.code).toBe('STORE_NAME_TAKEN');
      expect(await stored()).toHaveLength(1);
    });

    it('retire takes a free testbed out of service; an in-use one is refused; its id is never given again', async () => {
      await world.seed({ testbeds: [available(1, 'lab-1'), inUse(2, 'lab-2'), available(3, 'lab-3')] });
      const store = await world.open();
      const retiredLine: HistoryEntry = { at: AT, event: 'retired', testbed_id: 3, testbed_name: 'lab-3', by: ADA };
      expect(await store.testbeds.retire(3, { at: AT, history: [retiredLine] })).toEqual({ id: 3, testbed_name: 'lab-3', retired_at: AT });
      const backup = await world.persisted();
      expect(backup.testbeds).toEqual([available(1, 'lab-1'), inUse(2, 'lab-2')]);
      expect(backup.retired).toEqual([{ id: 3, testbed_name: 'lab-3', retired_at: AT }]);
      expect(backup.history).toEqual([retiredLine]);
      expect(store.testbeds.all().map((r) => r.id)).toEqual([1, 2]);
      await expect(store.testbeds.retire(2, { at: AT })).rejects.toMatchObject({ code: 'STORE_RECORD_INVALID', message: expect.stringContaining('in use') });
      await expect(store.testbeds.retire(9, { at: AT })).rejects.toMatchObject({ code: 'STORE_NOT_FOUND' });
      await expect(store.testbeds.save(available(3, 'again'))).rejects.toMatchObject({ message: expect.stringContaining('belongs to a retired testbed') });
      expect((await store.testbeds.add({ testbed_name: 'lab-new' })).id).toBe(4);
    });

    it('a save withdrawn before it was written stores nothing (STORE_CANCELLED)', async () => {
      await world.seed({ testbeds: [available(1)] });
      const store = await world.open();
      const controller = new AbortController();
      controller.abort();
      await expect(store.testbeds.save(inUse(1), { signal: controller.signal })).rejects.toMatchObject({ code: 'STORE_CANCELLED' });
      expect(await stored()).toEqual([available(1)]);
    });

    it('close() waits for pending writes and refuses later saves', async () => {
      const store = await world.open();
      const pending = store.testbeds.save(available(1));
      await store.close();
      await expect(pending).resolves.toEqual(available(1));
      expect(await stored()).toEqual([available(1)]);
      await expect(store.testbeds.save(available(2))).rejects.toMatchObject({ code: 'STORE_WRITE' });
      await expect(store.close()).resolves.toBeUndefined();
    });
  });

  describe('lifecycle', () => {
    it('saves entries per testbed; an entry that says nothing is left out', async () => {
      await world.seed({ testbeds: [available(1), inUse(2)] });
      const store = await world.open();
      await store.lifecycle.save(waiting());
      expect(store.lifecycle.get(2)).toEqual(waiting());
      expect(store.lifecycle.get(1)).toEqual(emptyLifecycle(1));
      expect(store.lifecycle.all()).toEqual([waiting()]);
      expect((await world.persisted()).lifecycle).toEqual([waiting()]);
      await store.close();
      const again = await world.open();
      expect(again.lifecycle.get(2)).toEqual(waiting());
      await again.lifecycle.save(emptyLifecycle(2));
      expect(again.lifecycle.all()).toEqual([]);
      expect((await world.persisted()).lifecycle).toEqual([]);
    });

    it('refuses an invalid entry with every problem named, and stores nothing', async () => {
      await world.seed({ testbeds: [available(1), inUse(2)] });
      const store = await world.open();
      const bad = { ...waiting(), queue: [...waiting().queue, { email: 'BOB@example.com', name: 'Bob again', since: 'yesterday' }] };
      const error = await failure(store.lifecycle.save(bad));
      expect(error?.code).toBe('STORE_RECORD_INVALID');
      expect(error?.problems).toEqual(['queue[1].since must be an ISO 8601 UTC timestamp ending in Z', 'queue lists somebody twice']);
      expect((await world.persisted()).lifecycle).toEqual([]);
    });

    it('keeps the label of a place taken, and of an offer made, by waiting for any testbed carrying it or for named ones; refuses one that is neither', async () => {
      await world.seed({ testbeds: [available(1), inUse(2)] });
      const store = await world.open();
      const byLabel: LifecycleEntry = {
        ...waiting(),
        queue: [
          ...waiting().queue,
          { email: 'ann@example.com', name: 'Ann', since: '2026-03-10T09:05:00.000Z', label: '5g' },
          // `wait lab-2 or TB 04 wifi`: the names, one per line.
          { email: 'dee@example.com', name: 'Dee', since: '2026-03-10T09:06:00.000Z', label: 'lab-2\nTB 04 wifi' },
        ],
        offer: { email: 'cy@example.com', name: 'Cy', until: '2026-03-10T09:10:00.000Z', label: '5G' },
      };
      await store.lifecycle.save(byLabel);
      await store.close();
      const again = await world.open();
      expect(again.lifecycle.get(2)).toEqual(byLabel);
      const bad = { ...byLabel, queue: [{ ...byLabel.queue[1], label: 'five g' }, { ...byLabel.queue[2], label: 'lab-2\n' }], offer: { ...byLabel.offer!, label: '' } };
      const error = await failure(again.lifecycle.save(bad));
      const problem = 'must be a label (1 to 32 letters, digits, dots, underscores or hyphens) or 2 to 10 testbed names, one per line';
      expect(error?.problems).toEqual([`queue[0].label ${problem}`, `queue[1].label ${problem}`, `offer.label ${problem}`]);
      expect(again.lifecycle.get(2)).toEqual(byLabel);
    });

    it('a record saved with its lifecycle entry stores both', async () => {
      await world.seed({ testbeds: [available(1), available(2)] });
      const store = await world.open();
      await store.testbeds.save(inUse(2), { lifecycle: waiting(), history: [line('registered', 2)] });
      const backup = await world.persisted();
      expect(backup.testbeds).toEqual([available(1), inUse(2)]);
      expect(backup.lifecycle).toEqual([waiting()]);
      expect(store.lifecycle.get(2)).toEqual(waiting());
    });
  });

  describe('digest fact', () => {
    it('is null at first; saved, it survives a reopen and entry saves leave it in place', async () => {
      await world.seed({ testbeds: [available(2)], lifecycle: [waiting()] });
      const store = await world.open();
      expect(store.lifecycle.digest()).toBeNull();
      await store.lifecycle.saveDigest({ last_posted_for: '2026-03-10T09:00:00.000Z' });
      await store.lifecycle.save({ ...waiting(), queue: [] });
      await store.close();
      const again = await world.open();
      expect(again.lifecycle.digest()).toEqual({ last_posted_for: '2026-03-10T09:00:00.000Z' });
      await again.lifecycle.saveDigest({ last_posted_for: '2026-03-11T09:00:00.000Z' });
      expect(again.lifecycle.digest()).toEqual({ last_posted_for: '2026-03-11T09:00:00.000Z' });
      expect((await world.persisted()).digest).toEqual({ last_posted_for: '2026-03-11T09:00:00.000Z' });
    });

    it('a bad value is refused before anything is stored', async () => {
      const store = await world.open();
      await store.lifecycle.saveDigest({ last_posted_for: '2026-03-10T09:00:00.000Z' });
      const error = await failure(store.lifecycle.saveDigest({ last_posted_for: '10 March' }));
      expect(error?.code).toBe('STORE_RECORD_INVALID');
      expect(store.lifecycle.digest()).toEqual({ last_posted_for: '2026-03-10T09:00:00.000Z' });
    });
  });

  describe('history', () => {
    it('keeps the lines of every change in order, and reads a window by time', async () => {
      await world.seed({ testbeds: [available(1), available(2)] });
      const store = await world.open();
      const early = line('registered', 1, '2026-03-01T08:00:00.000Z');
      const registered = { ...early, at: '2026-03-02T08:00:00.000Z', purpose: 'x', expected_release_time: '2026-03-02T10:00:00.000Z' } as HistoryEntry;
      await store.history.append([{ ...registered, at: early.at }]);
      await store.testbeds.save(inUse(2), { history: [registered] });
      await store.lifecycle.save(waiting(1), { history: [line('queued', 1, '2026-03-02T09:00:00.000Z')] });
      expect((await world.persisted()).history.map((entry) => entry.at)).toEqual(['2026-03-01T08:00:00.000Z', '2026-03-02T08:00:00.000Z', '2026-03-02T09:00:00.000Z']);
      const window = await store.history.readSince('2026-03-02T00:00:00.000Z');
      expect(window.map((entry) => [entry.event, entry.at])).toEqual([
        ['registered', '2026-03-02T08:00:00.000Z'],
        ['queued', '2026-03-02T09:00:00.000Z'],
      ]);
      expect(await store.history.readSince('not a time')).toEqual([]);
    });
  });
});

