/**
 * What a save keeps from one save to the next (the testbed index, the text of unchanged records)
 * never shows: the file always holds the pretty JSON of exactly what was acknowledged, and a save
 * that was refused or whose write failed leaves no trace in later answers.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestbedRecord } from '../../src/domain.js';
import { nodeFileOps, type FileOps } from '../../src/store/db.js';
import { openStore, type Store } from '../../src/store/index.js';
import { available, inUse, tempDir } from './records.js';

let dir: string;
let testbedPath: string;
const opened: Store[] = [];

beforeEach(() => {
  dir = tempDir('save-caches-');
  testbedPath = join(dir, 'testbeds.json');
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((store) => store.close()));
  rmSync(dir, { recursive: true, force: true });
});

/** Real file operations; `gate` (when set) is awaited before each rename, `failRename` makes it fail. */
function controlledIo(): FileOps & { failRename: boolean; gate?: () => Promise<void> } {
  const io: FileOps & { failRename: boolean; gate?: () => Promise<void> } = {
    ...nodeFileOps,
    failRename: false,
    rename: async (from, to) => {
      await io.gate?.();
      if (io.failRename) throw Object.assign(new Error('EIO: i/o error, rename'), { code: 'EIO' });
      return nodeFileOps.rename(from, to);
    },
  };
  return io;
}

async function open(io?: FileOps): Promise<Store> {
  const store = await openStore({ testbedPath, broadcastPath: join(dir, 'rooms.json'), io });
  opened.push(store);
  return store;
}

const fileText = () => readFileSync(testbedPath, 'utf8');
const fresh = (store: Store) => {
  const retired = store.testbeds.retired();
  return `${JSON.stringify(retired.length > 0 ? { testbeds: store.testbeds.all(), retired } : { testbeds: store.testbeds.all() }, null, 2)}\n`;
};

describe('what saves carry over', () => {
  it('after many saves, refusals and a failed write the file is the pretty JSON of the acknowledged records, and reopening reads them back', async () => {
    writeFileSync(testbedPath, JSON.stringify({ testbeds: Array.from({ length: 30 }, (_, i) => available(i + 1, `lab-${i + 1}`)) }));
    const io = controlledIo();
    const store = await open(io);
    const expected = new Map<number, TestbedRecord>(store.testbeds.all().map((r) => [r.id, r]));
    const acknowledged = async (record: TestbedRecord) => {
      await store.testbeds.save(record);
      expected.set(record.id, record);
    };

    for (let round = 0; round < 40; round++) {
      const id = (round * 7) % 30 + 1;
      const current = expected.get(id)!;
      await acknowledged(current.status === 'available' ? inUse(id, current.testbed_name, `p${round}`) : available(id, current.testbed_name));
    }
    await acknowledged(available(4, 'Lab Four'));
    await expect(store.testbeds.save(available(5, 'lab four'))).rejects.toMatchObject({ code: 'STORE_NAME_TAKEN' });
    await expect(store.testbeds.save({ ...available(6), user_name: 'x' })).rejects.toMatchObject({ code: 'STORE_RECORD_INVALID' });
    io.failRename = true;
    await expect(store.testbeds.save(inUse(7, 'lab-7'))).rejects.toMatchObject({ code: 'STORE_WRITE' });
    io.failRename = false;
    await Promise.all([acknowledged(inUse(8, 'lab-8')), acknowledged(available(31, 'lab-31')), acknowledged(available(9, 'Lab Nine'))]);
    await acknowledged(available(10, 'lab-10'));
    await store.testbeds.retire(10, { at: '2026-03-02T10:00:00.000Z' });
    expected.delete(10);
    const added = await store.testbeds.add({ testbed_name: 'lab-10' });
    expected.set(added.id, added);

    expect(store.testbeds.all()).toEqual([...expected.values()]);
    expect(store.testbeds.get(7)).toEqual(expected.get(7));
    expect(store.testbeds.get(7)?.user_email).not.toBe('ana@example.com');
    expect(fileText()).toBe(fresh(store));
    const before = store.testbeds.all();
    await store.close();
    const reopened = await open();
    expect(reopened.testbeds.all()).toEqual(before);
    expect(reopened.testbeds.retired()).toEqual([{ id: 10, testbed_name: 'lab-10', retired_at: '2026-03-02T10:00:00.000Z' }]);
  });

  it('a record whose write failed holds no name and no place afterwards', async () => {
    writeFileSync(testbedPath, JSON.stringify({ testbeds: [available(1, 'Lab A')] }));
    const io = controlledIo();
    const store = await open(io);
    io.failRename = true;
    await expect(store.testbeds.save(available(5, 'Lab X'))).rejects.toMatchObject({ code: 'STORE_WRITE' });
    await expect(store.testbeds.save(available(1, 'Lab B'))).rejects.toMatchObject({ code: 'STORE_WRITE' });
    io.failRename = false;
    expect(store.testbeds.get(5)).toBeUndefined();
    // The failed rename did not happen: "Lab A" is still taken, "Lab B" and "Lab X" are free.
    await expect(store.testbeds.save(available(2, 'lab a'))).rejects.toMatchObject({ code: 'STORE_NAME_TAKEN', message: expect.stringContaining('testbed 1 ("Lab A")') });
    await expect(store.testbeds.save(available(2, 'lab b'))).resolves.toEqual(available(2, 'lab b'));
    await expect(store.testbeds.save(available(6, 'lab x'))).resolves.toEqual(available(6, 'lab x'));
    expect(store.testbeds.all()).toEqual([available(1, 'Lab A'), available(2, 'lab b'), available(6, 'lab x')]);
    expect(fileText()).toBe(fresh(store));
  });

  it('while a save is being written, reads answer with the record on disk; afterwards with the new one', async () => {
    writeFileSync(testbedPath, JSON.stringify({ testbeds: [available(1), available(2)] }));
    const io = controlledIo();
    const store = await open(io);
    let release: () => void = () => undefined;
    const reached = new Promise<void>((resolve) => {
      io.gate = () => {
        resolve();
        return new Promise<void>((go) => (release = go));
      };
    });
    const saving = store.testbeds.save(inUse(2));
    await reached;
    try {
      expect(store.testbeds.get(2)).toEqual(available(2));
      expect(store.testbeds.get(1)).toEqual(available(1));
    } finally {
      io.gate = undefined;
      release();
    }
    await saving;
    expect(store.testbeds.get(2)).toEqual(inUse(2));
    expect(fileText()).toBe(fresh(store));
  });
});
