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

// Repository behaviour on both backends: repository.test.ts. Here: what only the files show.
describe('testbed repository (JSON files)', () => {
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
