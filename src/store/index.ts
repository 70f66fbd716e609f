/**
 * The store: three lowdb documents (testbeds, broadcast rooms, lifecycle) behind repositories, plus the
 * append-only history file, all guarded by an exclusive lock file so only one bot process writes them.
 */
import { mkdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { createBroadcastRoomRepository, type BroadcastRoomRepository } from './broadcast-rooms.js';
import { JsonDocument, type FileOps } from './db.js';
import { acquireLock } from './lock.js';
import {
  broadcastRoomsDocumentProblems,
  emptyBroadcastRoomsDocument,
  emptyTestbedsDocument,
  testbedsDocumentProblems,
  type BroadcastRoomsDocument,
  type TestbedsDocument,
} from './schema.js';
import { createTestbedRepository, type TestbedRepository } from './testbeds.js';
import { createLifecycleRepository, type LifecycleRepository } from './lifecycle.js';
import { emptyLifecycleDocument, lifecycleDocumentProblems, type LifecycleDocument } from './lifecycle-schema.js';
import { historyRecorder, openHistory, silentStoreLogger, type HistoryLog, type StoreLogger } from './history.js';

export { StoreError, type StoreErrorCode } from './errors.js';
export type { TestbedRepository } from './testbeds.js';
export type { BroadcastRoomRepository } from './broadcast-rooms.js';
export type { LifecycleRepository } from './lifecycle.js';
export type { HistoryLog, StoreLogger } from './history.js';
export type { NewTestbed, SaveOptions } from './testbeds.js';

/** What another instance changed (PostgreSQL): the cache already holds the new value when this is told. */
export type ExternalChange =
  | { kind: 'testbed'; testbedId: number }
  | { kind: 'lifecycle'; testbedId: number }
  | { kind: 'digest' }
  | { kind: 'broadcastRooms' }
  /** Everything was reloaded (after a reconnect, or an import): any record may have changed. */
  | { kind: 'everything' };

export interface Store {
  testbeds: TestbedRepository;
  broadcastRooms: BroadcastRoomRepository;
  /** Reminder facts, wait-lists, holds and asks (lifecycle.json). */
  lifecycle: LifecycleRepository;
  /**
   * Who did what, when (HISTORY_DB_NAME): one JSON line per change, appended by the repositories
   * after each document write. `append` is there for changes that touch no document.
   */
  history: HistoryLog;
  /** Which backend holds the documents. */
  readonly backend: 'json' | 'postgres';
  /**
   * Tells `listener` about changes made by other instances on the same database (PostgreSQL),
   * after the cache took them in; returns the unsubscribe. The JSON files have one writer, so it
   * never fires there.
   */
  onExternalChange(listener: (change: ExternalChange) => void): () => void;
  /** Waits for pending writes, then releases the lock. Safe to call twice. */
  close(): Promise<void>;
}

export interface OpenStoreOptions {
  testbedPath: string;
  broadcastPath: string;
  /** Default: `lifecycle.json` beside the testbed document. */
  lifecyclePath?: string;
  /** Default: `history.jsonl` beside the testbed document. */
  historyPath?: string;
  /** Warnings (a torn history line repaired) and errors (a history append that failed). */
  logger?: StoreLogger;
  /** Test seam: file operations used for reading and writing the documents. */
  io?: FileOps;
}

/**
 * Locks `<testbedPath>.lock`, then loads the documents (creating missing ones empty). A corrupt or
 * invalid document rejects with a StoreError naming the file and the problem, and is not touched.
 */
export async function openStore(options: OpenStoreOptions): Promise<Store> {
  const testbedPath = resolve(options.testbedPath);
  const broadcastPath = resolve(options.broadcastPath);
  const lifecyclePath = resolve(options.lifecyclePath ?? join(dirname(testbedPath), 'lifecycle.json'));
  const historyPath = resolve(options.historyPath ?? join(dirname(testbedPath), 'history.jsonl'));
  const logger = options.logger ?? silentStoreLogger;
  await mkdir(dirname(testbedPath), { recursive: true });
  const lock = await acquireLock(`${testbedPath}.lock`, testbedPath);
  let testbeds: JsonDocument<TestbedsDocument>;
  let rooms: JsonDocument<BroadcastRoomsDocument>;
  let lifecycle: JsonDocument<LifecycleDocument>;
  let history: HistoryLog;
  try {
    testbeds = await JsonDocument.open({
      file: testbedPath,
      empty: emptyTestbedsDocument,
      problems: testbedsDocumentProblems,
      io: options.io,
    });
    rooms = await JsonDocument.open({
      file: broadcastPath,
      empty: emptyBroadcastRoomsDocument,
      problems: broadcastRoomsDocumentProblems,
      io: options.io,
    });
    lifecycle = await JsonDocument.open({
      file: lifecyclePath,
      empty: emptyLifecycleDocument,
      problems: lifecycleDocumentProblems,
      io: options.io,
    });
    history = await openHistory(historyPath, logger);
  } catch (error) {
    await lock.release();
    throw error;
  }
  let closing: Promise<void> | undefined;
  const record = historyRecorder(history, logger);
  const lifecycleRepository = createLifecycleRepository(lifecycle, record);
  return {
    testbeds: withLifecycle(createTestbedRepository(testbeds, record), lifecycleRepository),
    broadcastRooms: createBroadcastRoomRepository(rooms),
    lifecycle: lifecycleRepository,
    history,
    backend: 'json',
    onExternalChange: () => () => undefined,
    close() {
      closing ??= (async () => {
        try {
          await Promise.all([testbeds.close(), rooms.close(), lifecycle.close()]);
          await history.close();
        } finally {
          await lock.release();
        }
      })();
      return closing;
    },
  };
}

/** JSON files: a save that carries a lifecycle entry writes the record first, then the entry. */
function withLifecycle(testbeds: TestbedRepository, lifecycle: LifecycleRepository): TestbedRepository {
  return {
    ...testbeds,
    async save(record, options = {}) {
      const { lifecycle: entry, ...rest } = options;
      const saved = await testbeds.save(record, rest);
      if (entry) await lifecycle.save(entry);
      return saved;
    },
  };
}
