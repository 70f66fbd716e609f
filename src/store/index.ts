/**
 * The store: two lowdb documents (testbeds, broadcast rooms) behind repositories, guarded by an
 * exclusive lock file so only one bot process writes them.
 */
import { mkdir } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
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

export { StoreError, type StoreErrorCode } from './errors.js';
export type { TestbedRepository } from './testbeds.js';
export type { BroadcastRoomRepository } from './broadcast-rooms.js';

export interface Store {
  testbeds: TestbedRepository;
  broadcastRooms: BroadcastRoomRepository;
  /** Waits for pending writes, then releases the lock. Safe to call twice. */
  close(): Promise<void>;
}

export interface OpenStoreOptions {
  testbedPath: string;
  broadcastPath: string;
  /** Test seam: file operations used for reading and writing the documents. */
  io?: FileOps;
}

/**
 * Locks `<testbedPath>.lock`, then loads both documents (creating missing ones empty). A corrupt or
 * invalid document rejects with a StoreError naming the file and the problem, and is not touched.
 */
export async function openStore(options: OpenStoreOptions): Promise<Store> {
  const testbedPath = resolve(options.testbedPath);
  const broadcastPath = resolve(options.broadcastPath);
  await mkdir(dirname(testbedPath), { recursive: true });
  const lock = await acquireLock(`${testbedPath}.lock`, testbedPath);
  let testbeds: JsonDocument<TestbedsDocument>;
  let rooms: JsonDocument<BroadcastRoomsDocument>;
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
  } catch (error) {
    await lock.release();
    throw error;
  }
  let closing: Promise<void> | undefined;
  return {
    testbeds: createTestbedRepository(testbeds),
    broadcastRooms: createBroadcastRoomRepository(rooms),
    close() {
      closing ??= (async () => {
        try {
          await Promise.all([testbeds.close(), rooms.close()]);
        } finally {
          await lock.release();
        }
      })();
      return closing;
    },
  };
}
