import { constants, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AtomicJsonFileAdapter, JsonDocument, nodeFileOps, type FileOps } from '../../src/store/db.js';
import { openStore, StoreError } from '../../src/store/index.js';
import { available, inUse, tempDir } from './records.js';
import { openFilesOf } from '../support/open-files.js';

let dir: string;
beforeEach(() => {
  dir = tempDir('db-test-');
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Real file operations, with switches that make rename (the commit step) or the temp file's durable write fail. */
function faultyIo(): FileOps & { failRename: boolean; failWrite: boolean } {
  const io = {
    ...nodeFileOps,
    failRename: false,
    failWrite: false,
    rename: async (from: Parameters<FileOps['rename']>[0], to: Parameters<FileOps['rename']>[1]) => {
      if (io.failRename) throw Object.assign(new Error('EIO: i/o error, rename'), { code: 'EIO' });
      return nodeFileOps.rename(from, to);
    },
    open: (async (...args: Parameters<FileOps['open']>) => {
      const handle = await nodeFileOps.open(...args);
      if (io.failWrite && String(args[0]).endsWith('.tmp')) {
        handle.write = (async () => {
          throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
        }) as typeof handle.write;
      }
      return handle;
    }) as FileOps['open'],
  };
  return io;
}

describe('AtomicJsonFileAdapter', () => {
  it('reads null for a missing file and parses JSON otherwise', async () => {
    const file = join(dir, 'doc.json');
    const adapter = new AtomicJsonFileAdapter<{ a: number }>(file);
    expect(await adapter.read()).toBeNull();
    writeFileSync(file, '{"a": 1}');
    expect(await adapter.read()).toEqual({ a: 1 });
  });

  it('writes pretty JSON through a temp file and leaves nothing else behind', async () => {
    const file = join(dir, 'doc.json');
    const adapter = new AtomicJsonFileAdapter<{ a: number[] }>(file);
    await adapter.write({ a: [1, 2] });
    expect(readFileSync(file, 'utf8')).toBe('{\n  "a": [\n    1,\n    2\n  ]\n}\n');
    expect(readdirSync(dir)).toEqual(['doc.json']);
  });

  it.each([
    ['rename', 'EIO'],
    ['durable write', 'ENOSPC'],
  ])('a failing %s leaves the previous file intact and removes the temp file', async (step, code) => {
    const file = join(dir, 'doc.json');
    writeFileSync(file, '{"a": 1}');
    const io = faultyIo();
    if (step === 'rename') io.failRename = true;
    else io.failWrite = true;
    const adapter = new AtomicJsonFileAdapter<{ a: number }>(file, io);
    const error = await adapter.write({ a: 2 }).catch((e: unknown) => e as StoreError);
    expect(error).toBeInstanceOf(StoreError);
    expect(error).toMatchObject({ code: 'STORE_WRITE', file });
    expect((error as StoreError).message).toContain(code);
    expect(readFileSync(file, 'utf8')).toBe('{"a": 1}');
    expect(readdirSync(dir)).toEqual(['doc.json']);
  });
});

describe('JsonDocument', () => {
  it('writes the temp file synchronously (O_DSYNC), keeps one handle on its folder across writes and closes it with the document', async () => {
    const file = join(dir, 'n.json');
    const tempFlags: number[] = [];
    const io: FileOps = {
      ...nodeFileOps,
      open: (async (...args: Parameters<FileOps['open']>) => {
        if (String(args[0]).endsWith('.tmp')) tempFlags.push(Number(args[1]));
        return nodeFileOps.open(...args);
      }) as FileOps['open'],
    };
    const folder = realpathSync(dir);
    const doc = await JsonDocument.open<{ n: number[] }>({ file, empty: () => ({ n: [] }), problems: () => [], io });
    for (let i = 1; i <= 3; i++) await doc.update((current) => ({ n: [...current.n, i] }));
    expect(openFilesOf(folder)).toHaveLength(1);
    expect(tempFlags).toHaveLength(4);
    for (const flags of tempFlags) expect(flags & constants.O_DSYNC).toBe(constants.O_DSYNC);
    await doc.close();
    expect(openFilesOf(folder)).toEqual([]);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ n: [1, 2, 3] });
  });

  it('a folder that cannot be opened for its sync does not fail the write, and is opened again at the next one', async () => {
    const file = join(dir, 'n.json');
    writeFileSync(file, '{"n": []}');
    const folder = realpathSync(dir);
    let refuse = true;
    const io: FileOps = {
      ...nodeFileOps,
      open: (async (...args: Parameters<FileOps['open']>) => {
        if (refuse && String(args[0]) === dir) throw Object.assign(new Error('EMFILE: too many open files'), { code: 'EMFILE' });
        return nodeFileOps.open(...args);
      }) as FileOps['open'],
    };
    const doc = await JsonDocument.open<{ n: number[] }>({ file, empty: () => ({ n: [] }), problems: () => [], io });
    await doc.update(() => ({ n: [1] }));
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ n: [1] });
    expect(openFilesOf(folder)).toEqual([]);
    refuse = false;
    await doc.update(() => ({ n: [1, 2] }));
    expect(openFilesOf(folder)).toHaveLength(1);
    await doc.close();
    expect(openFilesOf(folder)).toEqual([]);
  });

  it('writes a change queued the moment the previous one resolved (awaited one after another)', async () => {
    const file = join(dir, 'n.json');
    const doc = await JsonDocument.open<{ n: number[] }>({ file, empty: () => ({ n: [] }), problems: () => [] });
    for (let i = 1; i <= 5; i++) await doc.update((current) => ({ n: [...current.n, i] }));
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ n: [1, 2, 3, 4, 5] });
    await doc.close();
  });

  it('applies queued changes in order, in one batch', async () => {
    const file = join(dir, 'n.json');
    const doc = await JsonDocument.open<{ n: number[] }>({ file, empty: () => ({ n: [] }), problems: () => [] });
    await Promise.all([1, 2, 3, 4, 5].map((i) => doc.update((d) => ({ n: [...d.n, i] }))));
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ n: [1, 2, 3, 4, 5] });
    await doc.close();
  });

  it('creates a missing file (and its folder) holding the empty document', async () => {
    const file = join(dir, 'new', 'n.json');
    const doc = await JsonDocument.open<{ n: number[] }>({ file, empty: () => ({ n: [] }), problems: () => [] });
    expect(doc.data).toEqual({ n: [] });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ n: [] });
    await doc.close();
  });

  it('readers see only committed content: a change shows once its write is on disk', async () => {
    const file = join(dir, 'n.json');
    const io: FileOps = { ...nodeFileOps };
    let releaseRename: () => void = () => undefined;
    const renameReached = new Promise<void>((reached) => {
      io.rename = async (from, to) => {
        reached();
        await new Promise<void>((release) => (releaseRename = release));
        return nodeFileOps.rename(from, to);
      };
    });
    writeFileSync(file, '{"n": [1]}');
    const doc = await JsonDocument.open<{ n: number[] }>({ file, empty: () => ({ n: [] }), problems: () => [], io });
    const saved = doc.update((d) => ({ n: [...d.n, 2] }));
    await renameReached;
    expect(doc.data).toEqual({ n: [1] });
    releaseRename();
    await saved;
    expect(doc.data).toEqual({ n: [1, 2] });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ n: [1, 2] });
    await doc.close();
  });

  it.each(['null', 'false', '0', '""', '"text"'])('a file holding only %s is refused as invalid and left unchanged', async (content) => {
    const file = join(dir, 'n.json');
    writeFileSync(file, content);
    const error = await JsonDocument.open<{ n: number[] }>({ file, empty: () => ({ n: [] }), problems: () => [] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreError);
    expect(error).toMatchObject({ code: 'STORE_INVALID', file });
    expect((error as StoreError).message).toContain(`the document must be a JSON object (found ${content})`);
    expect(readFileSync(file, 'utf8')).toBe(content);
  });
});

describe('store write failures', () => {
  it('a failed write rejects with STORE_WRITE and keeps both the file and memory as before', async () => {
    const testbedPath = join(dir, 'testbeds.json');
    writeFileSync(testbedPath, JSON.stringify({ testbeds: [available(1)] }));
    const before = readFileSync(testbedPath, 'utf8');
    const io = faultyIo();
    const store = await openStore({ testbedPath, broadcastPath: join(dir, 'rooms.json'), io });
    io.failRename = true;
    await expect(store.testbeds.save(inUse(1))).rejects.toMatchObject({ code: 'STORE_WRITE', file: testbedPath });
    expect(readFileSync(testbedPath, 'utf8')).toBe(before);
    expect(store.testbeds.get(1)).toEqual(available(1));
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    io.failRename = false;
    await expect(store.testbeds.save(inUse(1))).resolves.toEqual(inUse(1));
    expect(JSON.parse(readFileSync(testbedPath, 'utf8'))).toEqual({ testbeds: [inUse(1)] });
    await store.close();
  });
});
