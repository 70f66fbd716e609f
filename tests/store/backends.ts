/**
 * The two store backends behind one test interface, so the repository suite runs on both: the JSON
 * files in a temp folder, and PostgreSQL in a fresh database of the test cluster. Documents are
 * seeded and read back through the backup import and export, which both backends implement.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { exportJsonStore, importJsonStore, planImport, type Backup, type StorePaths } from '../../src/store/export.js';
import { exportPgStore, importPgStore } from '../../src/store/export-pg.js';
import { openStore, type Store } from '../../src/store/index.js';
import { openPgStore } from '../../src/store/pg/index.js';
import { freshDatabase } from '../support/postgres.js';
import { tempDir } from './records.js';

const NOW = '2026-03-02T10:00:00.000Z';

export interface StoreWorld {
  /** Writes documents (a backup's sections) before the store is opened. */
  seed(documents: Record<string, unknown>): Promise<void>;
  /** Opens a store on the world (closed by tearDown). */
  open(): Promise<Store>;
  /** What is stored now, as a backup (read from the files or the tables). */
  persisted(): Promise<Backup>;
  tearDown(): Promise<void>;
}

export interface StoreBackend {
  name: 'json' | 'postgres';
  setUp(): Promise<StoreWorld>;
}

export const jsonBackend: StoreBackend = {
  name: 'json',
  async setUp() {
    const dir = tempDir();
    const paths: StorePaths = {
      testbeds: join(dir, 'testbeds.json'),
      broadcastRooms: join(dir, 'broadcast_rooms.json'),
      lifecycle: join(dir, 'lifecycle.json'),
      history: join(dir, 'history.jsonl'),
    };
    const opened: Store[] = [];
    return {
      async seed(documents) {
        await importJsonStore(paths, planImport(JSON.stringify({ testbeds: [], ...documents }), 'seed'));
      },
      async open() {
        const store = await openStore({ testbedPath: paths.testbeds, broadcastPath: paths.broadcastRooms });
        opened.push(store);
        return store;
      },
      persisted: () => exportJsonStore(paths, { now: NOW }),
      async tearDown() {
        await Promise.all(opened.splice(0).map((store) => store.close()));
        rmSync(dir, { recursive: true, force: true });
      },
    };
  },
};

export const postgresBackend: StoreBackend = {
  name: 'postgres',
  async setUp() {
    const db = await freshDatabase();
    const opened: Store[] = [];
    return {
      async seed(documents) {
        await importPgStore(db.url, planImport(JSON.stringify({ testbeds: [], ...documents }), 'seed'));
      },
      async open() {
        const store = await openPgStore({ url: db.url, poolSize: 4 });
        opened.push(store);
        return store;
      },
      persisted: () => exportPgStore(db.url, { now: NOW }),
      async tearDown() {
        await Promise.all(opened.splice(0).map((store) => store.close()));
        await db.drop();
      },
    };
  },
};

export const BACKENDS: StoreBackend[] = [jsonBackend, postgresBackend];
