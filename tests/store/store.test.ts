import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, StoreError, type Store } from '../../src/store/index.js';
import { available, inUse, tempDir } from './records.js';

let dir: string;
let testbedPath: string;
let broadcastPath: string;
const opened: Store[] = [];

beforeEach(() => {
  dir = tempDir();
  testbedPath = join(dir, 'testbeds.json');
  broadcastPath = join(dir, 'broadcast_rooms.json');
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()));
  rmSync(dir, { recursive: true, force: true });
});

async function open(): Promise<Store> {
  const store = await openStore({ testbedPath, broadcastPath });
  opened.push(store);
  return store;
}
const onDisk = (path = testbedPath) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
async function openError(): Promise<StoreError> {
  const error = await openStore({ testbedPath, broadcastPath }).then(
    (s) => { opened.push(s); return undefined; },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StoreError);
  return error as StoreError;
}

describe('openStore', () => {
  it('creates missing documents empty (in a missing folder too)', async () => {
    testbedPath = join(dir, 'nested', 'data', 'tb.json');
    broadcastPath = join(dir, 'nested', 'rooms.json');
    const store = await open();
    expect(onDisk()).toEqual({ testbeds: [] });
    expect(onDisk(broadcastPath)).toEqual({ broadcast_rooms: [] });
    expect(store.testbeds.all()).toEqual([]);
    expect(store.broadcastRooms.all()).toEqual([]);
  });

  it('loads existing documents', async () => {
    writeFileSync(testbedPath, JSON.stringify({ testbeds: [available(1), inUse(2)] }));
    const rooms = [{ name: 'Ops', room_id: 'r-1', description: 'operations' }];
    writeFileSync(broadcastPath, JSON.stringify({ broadcast_rooms: rooms }));
    const store = await open();
    expect(store.testbeds.all()).toEqual([available(1), inUse(2)]);
    expect(store.testbeds.get(2)).toEqual(inUse(2));
    expect(store.testbeds.get(3)).toBeUndefined();
    expect(store.broadcastRooms.all()).toEqual(rooms);
  });

  it.each([
    ['not json {', /is not valid JSON/],
    ['', /is not valid JSON: the file is empty/],
  ])('a corrupt file (%j) is reported and left byte-for-byte unchanged', async (content, reason) => {
    writeFileSync(testbedPath, content);
    const before = readFileSync(testbedPath);
    const error = await openError();
    expect(error.code).toBe('STORE_CORRUPT');
    expect(error.file).toBe(testbedPath);
    expect(error.message).toContain(testbedPath);
    expect(error.message).toMatch(reason);
    expect(readFileSync(testbedPath).equals(before)).toBe(true);
    expect(existsSync(`${testbedPath}.lock`)).toBe(false);
  });

  it('an invalid document names the record and the rule, and is left unchanged', async () => {
    const bad = { testbeds: [available(1), inUse(2), { ...available(3), user_email: 'x@y.z' }] };
    const text = `${JSON.stringify(bad, null, 4)}\n`;
    writeFileSync(testbedPath, text);
    const error = await openError();
    expect(error.code).toBe('STORE_INVALID');
    expect(error.message).toContain(testbedPath);
    expect(error.message).toContain('testbeds[2].user_email must be null when status is available');
    expect(error.problems).toEqual(['testbeds[2].user_email must be null when status is available']);
    expect(readFileSync(testbedPath, 'utf8')).toBe(text);
  });

  it('refuses names that differ only in case', async () => {
    writeFileSync(testbedPath, JSON.stringify({ testbeds: [available(1, 'Lab A'), available(2, 'lab a')] }));
    const error = await openError();
    expect(error.code).toBe('STORE_INVALID');
    expect(error.message).toContain('testbeds[1].testbed_name "lab a" is already used by testbeds[0]');
  });

  it('an invalid broadcast document is reported with its own path', async () => {
    const text = JSON.stringify({ broadcast_rooms: [{ name: 'A', room_id: 'r', description: '' }, { name: 'B', room_id: 'r', description: '' }] });
    writeFileSync(broadcastPath, text);
    const error = await openError();
    expect(error.code).toBe('STORE_INVALID');
    expect(error.file).toBe(broadcastPath);
    expect(error.message).toContain('broadcast_rooms[1].room_id is already used');
    expect(readFileSync(broadcastPath, 'utf8')).toBe(text);
  });
});

describe('testbed repository', () => {
  it('saves, replaces by id and appends new records, on disk before resolving', async () => {
    writeFileSync(testbedPath, JSON.stringify({ testbeds: [available(1), available(2)] }));
    const store = await open();
    const saved = await store.testbeds.save(inUse(2));
    expect(saved).toEqual(inUse(2));
    expect(onDisk()).toEqual({ testbeds: [available(1), inUse(2)] });
    await store.testbeds.save(available(9, 'New one'));
    expect(onDisk()).toEqual({ testbeds: [available(1), inUse(2), available(9, 'New one')] });
    expect(store.testbeds.all().map((r) => r.id)).toEqual([1, 2, 9]);
  });

  it('returns copies, never internal references', async () => {
    const store = await open();
    const input = available(1);
    const saved = await store.testbeds.save(input);
    input.testbed_name = 'changed after save';
    saved.testbed_name = 'changed result';
    store.testbeds.all()[0].testbed_name = 'changed list';
    store.testbeds.get(1)!.testbed_name = 'changed get';
    expect(store.testbeds.get(1)?.testbed_name).toBe('Testbed 1');
    expect(onDisk()).toEqual({ testbeds: [available(1)] });
  });

  it.each([
    [{ ...available(1), user_name: 'Ana' }, 'testbed 1 was not saved: user_name must be null when status is available'],
    [{ ...inUse(1), expected_release_time: null }, 'testbed 1 was not saved: expected_release_time must be filled when status is in_use'],
    [{ ...inUse(1), registered_time: '2025-05-01T08:00:00' }, 'registered_time must be an ISO 8601 UTC timestamp'],
    [{ ...available(1), id: -4 }, 'testbed -4 was not saved: id must be a positive whole number'],
  ])('refuses a record that breaks the rules: %o', async (record, message) => {
    writeFileSync(testbedPath, JSON.stringify({ testbeds: [available(1)] }));
    const store = await open();
    const before = readFileSync(testbedPath, 'utf8');
    const error = await store.testbeds.save(record as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreError);
    expect((error as StoreError).code).toBe('STORE_RECORD_INVALID');
    expect((error as StoreError).message).toContain(message);
    expect(readFileSync(testbedPath, 'utf8')).toBe(before);
    expect(store.testbeds.get(1)).toEqual(available(1));
  });

  it('refuses a name already used by another record, ignoring case and spaces', async () => {
    const store = await open();
    await store.testbeds.save(available(1, 'Lab A'));
    const error = await store.testbeds.save(available(2, ' LAB a')).catch((e: unknown) => e as StoreError);
    expect(error).toBeInstanceOf(StoreError);
    expect((error as StoreError).code).toBe('STORE_NAME_TAKEN');
    expect((error as StoreError).message).toContain('is already used by testbed 1 ("Lab A")');
    await expect(store.testbeds.save(available(1, 'LAB A'))).resolves.toMatchObject({ testbed_name: 'LAB A' });
    expect(store.testbeds.all()).toHaveLength(1);
  });

  it('200 concurrent saves of different records all reach the disk', async () => {
    const store = await open();
    const records = Array.from({ length: 200 }, (_, i) => (i % 2 ? inUse(i + 1, `Bed ${i + 1}`, `u${i}`) : available(i + 1, `Bed ${i + 1}`)));
    await Promise.all(records.map((r) => store.testbeds.save(r)));
    const disk = onDisk().testbeds as { id: number }[];
    expect(disk).toHaveLength(200);
    expect(new Set(disk.map((r) => r.id)).size).toBe(200);
    expect(disk).toEqual(expect.arrayContaining(records));
    await store.close();
    const reopened = await open();
    expect(reopened.testbeds.all()).toHaveLength(200);
  });

  it('one bad save in a concurrent burst is refused alone; the others are written', async () => {
    const store = await open();
    await store.testbeds.save(available(1, 'Taken'));
    const results = await Promise.allSettled([
      store.testbeds.save(available(2)),
      store.testbeds.save(available(3, 'taken')),
      store.testbeds.save(inUse(4)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((onDisk().testbeds as { id: number }[]).map((r) => r.id)).toEqual([1, 2, 4]);
  });

  it('saveMany writes all records or none', async () => {
    const store = await open();
    await store.testbeds.saveMany([available(1), available(2), inUse(3)]);
    expect((onDisk().testbeds as unknown[]).length).toBe(3);
    const before = readFileSync(testbedPath, 'utf8');
    await expect(store.testbeds.saveMany([inUse(1), { ...available(2), purpose: 'x' }])).rejects.toMatchObject({ code: 'STORE_RECORD_INVALID' });
    await expect(store.testbeds.saveMany([inUse(1), available(4, 'testbed 1')])).rejects.toMatchObject({ code: 'STORE_NAME_TAKEN' });
    await expect(store.testbeds.saveMany([inUse(1), available(1)])).rejects.toThrow(/appears more than once/);
    expect(readFileSync(testbedPath, 'utf8')).toBe(before);
    expect(store.testbeds.get(1)).toEqual(available(1));
  });

  it('leaves no temp files behind', async () => {
    const store = await open();
    await Promise.all(Array.from({ length: 30 }, (_, i) => store.testbeds.save(available(i + 1))));
    await store.close();
    expect(readdirSync(dir).sort()).toEqual(['broadcast_rooms.json', 'history.jsonl', 'lifecycle.json', 'testbeds.json']);
  });

  it('close() waits for pending writes, removes the lock and refuses later saves', async () => {
    const store = await open();
    const pending = store.testbeds.save(available(1));
    await store.close();
    await expect(pending).resolves.toEqual(available(1));
    expect(onDisk()).toEqual({ testbeds: [available(1)] });
    expect(existsSync(`${testbedPath}.lock`)).toBe(false);
    await expect(store.testbeds.save(available(2))).rejects.toMatchObject({ code: 'STORE_WRITE' });
    await expect(store.close()).resolves.toBeUndefined();
  });
});
