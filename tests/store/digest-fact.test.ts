/**
 * The digest's durable fact, `digest.last_posted_for` in lifecycle.json, with real files: documents
 * without it stay valid, it survives a reopen and the entry saves around it, and a bad value is
 * refused with its place named.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, StoreError, type Store } from '../../src/store/index.js';
import { emptyLifecycle, type LifecycleEntry } from '../../src/domain.js';
import { tempDir } from './records.js';

let dir: string;
const opened: Store[] = [];
const lifecyclePath = () => join(dir, 'lifecycle.json');

beforeEach(() => {
  dir = tempDir();
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((store) => store.close()));
  rmSync(dir, { recursive: true, force: true });
});

async function open(): Promise<Store> {
  const store = await openStore({ testbedPath: join(dir, 'testbeds.json'), broadcastPath: join(dir, 'broadcast_rooms.json') });
  opened.push(store);
  return store;
}

const waiting: LifecycleEntry = {
  ...emptyLifecycle(2),
  queue: [{ email: 'bob@example.com', name: 'Bob Builder', since: '2026-03-10T09:00:00.000Z' }],
};

describe('digest fact in lifecycle.json', () => {
  it('a document without it loads (null), and saving it keeps the entries', async () => {
    writeFileSync(lifecyclePath(), JSON.stringify({ lifecycle: [waiting] }));
    const store = await open();
    expect(store.lifecycle.digest()).toBeNull();
    await store.lifecycle.saveDigest({ last_posted_for: '2026-03-10T09:00:00.000Z' });
    expect(JSON.parse(readFileSync(lifecyclePath(), 'utf8'))).toEqual({
      lifecycle: [waiting],
      digest: { last_posted_for: '2026-03-10T09:00:00.000Z' },
    });
  });

  it('survives a reopen, and entry saves leave it in place', async () => {
    const store = await open();
    await store.lifecycle.saveDigest({ last_posted_for: '2026-03-10T09:00:00.000Z' });
    await store.lifecycle.save(waiting);
    await store.close();
    const again = await open();
    expect(again.lifecycle.digest()).toEqual({ last_posted_for: '2026-03-10T09:00:00.000Z' });
    expect(again.lifecycle.get(2).queue).toHaveLength(1);
    await again.lifecycle.saveDigest({ last_posted_for: '2026-03-11T09:00:00.000Z' });
    expect(again.lifecycle.digest()).toEqual({ last_posted_for: '2026-03-11T09:00:00.000Z' });
  });

  it('an invalid value on disk stops start-up naming the field, and the file is left alone', async () => {
    const text = JSON.stringify({ lifecycle: [], digest: { last_posted_for: 'yesterday', extra: 1 } });
    writeFileSync(lifecyclePath(), text);
    const error = await open().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StoreError);
    expect((error as StoreError).code).toBe('STORE_INVALID');
    expect((error as StoreError).message).toContain('digest.last_posted_for must be an ISO 8601 UTC timestamp ending in Z');
    expect((error as StoreError).message).toContain('digest has unknown field(s): extra');
    expect(readFileSync(lifecyclePath(), 'utf8')).toBe(text);
  });

  it('a bad value is refused before anything is written', async () => {
    const store = await open();
    await store.lifecycle.saveDigest({ last_posted_for: '2026-03-10T09:00:00.000Z' });
    const error = await store.lifecycle.saveDigest({ last_posted_for: '10 March' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StoreError);
    expect((error as StoreError).code).toBe('STORE_RECORD_INVALID');
    expect(store.lifecycle.digest()).toEqual({ last_posted_for: '2026-03-10T09:00:00.000Z' });
  });
});
