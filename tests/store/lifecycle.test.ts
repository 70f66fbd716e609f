/**
 * The lifecycle document (lifecycle.json) with real files: it sits beside testbeds.json, which
 * keeps exactly the specification's eight fields (a document written by the original bot loads
 * and stays byte for byte as it was); entries are validated; a corrupt file stops start-up with
 * the problem named and is never overwritten.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, StoreError, type Store } from '../../src/store/index.js';
import { emptyLifecycle, type LifecycleEntry } from '../../src/domain.js';
import { available, inUse, tempDir } from './records.js';

let dir: string;
const opened: Store[] = [];
const paths = () => ({ testbedPath: join(dir, 'testbeds.json'), broadcastPath: join(dir, 'broadcast_rooms.json') });

beforeEach(() => {
  dir = tempDir();
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((store) => store.close()));
  rmSync(dir, { recursive: true, force: true });
});

async function open(): Promise<Store> {
  const store = await openStore(paths());
  opened.push(store);
  return store;
}

const waiting = (): LifecycleEntry => ({
  ...emptyLifecycle(2),
  queue: [{ email: 'bob@example.com', name: 'Bob Builder', since: '2026-03-10T09:00:00.000Z' }],
  offer: null,
});

describe('lifecycle document', () => {
  it('lives beside testbeds.json, which an original document keeps byte for byte', async () => {
    const original = `${JSON.stringify({ testbeds: [available(1), inUse(2)] }, null, 4)}\n`;
    writeFileSync(paths().testbedPath, original);
    const store = await open();
    await store.lifecycle.save(waiting());
    expect(store.lifecycle.get(2).queue.map((person) => person.email)).toEqual(['bob@example.com']);
    expect(store.lifecycle.get(1)).toEqual(emptyLifecycle(1));
    await store.close();
    expect(readFileSync(paths().testbedPath, 'utf8')).toBe(original);
    expect(JSON.parse(readFileSync(join(dir, 'lifecycle.json'), 'utf8'))).toEqual({ lifecycle: [waiting()] });
    // An entry that says nothing any more is left out of the file.
    const again = await open();
    await again.lifecycle.save(emptyLifecycle(2));
    expect(JSON.parse(readFileSync(join(dir, 'lifecycle.json'), 'utf8'))).toEqual({ lifecycle: [] });
  });

  it('refuses an invalid entry with the problem named, and writes nothing', async () => {
    const store = await open();
    const bad = { ...waiting(), queue: [...waiting().queue, { email: 'BOB@example.com', name: 'Bob again', since: 'yesterday' }] };
    const error = await store.lifecycle.save(bad).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreError);
    expect((error as StoreError).problems).toEqual(['queue[1].since must be an ISO 8601 UTC timestamp ending in Z', 'queue lists somebody twice']);
    expect(JSON.parse(readFileSync(join(dir, 'lifecycle.json'), 'utf8'))).toEqual({ lifecycle: [] });
  });

  it('a corrupt or invalid lifecycle.json stops start-up with a clear error and is left untouched', async () => {
    for (const text of ['{ "lifecycle": [ ', JSON.stringify({ lifecycle: [{ testbed_id: 1, queue: 'bob' }] })]) {
      writeFileSync(join(dir, 'lifecycle.json'), text);
      const error = await openStore(paths()).then((store) => { opened.push(store); return undefined; }, (e: unknown) => e);
      expect(error).toBeInstanceOf(StoreError);
      expect((error as StoreError).message).toContain('lifecycle.json');
      expect(readFileSync(join(dir, 'lifecycle.json'), 'utf8')).toBe(text);
    }
  });
});
