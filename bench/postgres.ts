/**
 * The store on PostgreSQL next to the JSON file, measured in this process on the code the bot runs:
 * store mutations per second (one at a time, and 50 in flight) at 10, 1,000 and 10,000 testbeds,
 * and booking latency (a claim through the testbed fleet, answered once the change is stored,
 * then its release). The server is a throwaway cluster (tests/support/postgres.ts) with durable
 * commits switched back on (fsync, synchronous_commit, full_page_writes), so both backends pay
 * for durability. No server can be started → the section is skipped with the reason printed.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import pino from 'pino';
import { createTestbedFleet } from '../src/app/testbed-fleet.js';
import { availableTestbed, type TestbedRecord } from '../src/domain.js';
import { importPgStore } from '../src/store/export-pg.js';
import { planImport } from '../src/store/export.js';
import { openStore, type Store } from '../src/store/index.js';
import { openPgStore } from '../src/store/pg/index.js';
import setupPostgres, { freshDatabase, testStoreUrl } from '../tests/support/postgres.js';
import { fleet } from './in-process.js';

export interface BackendMutations {
  backend: 'json' | 'postgres';
  testbeds: number;
  sequentialPerSecond: number;
  concurrentPerSecond: number;
}

export interface BookingLatency {
  backend: 'json' | 'postgres';
  /** Claim → answer (stored), one at a time, ms. */
  samples: number[];
}

export type PostgresFigures = { skipped: string } | { mutations: BackendMutations[]; booking: BookingLatency[] };

interface World {
  store: Store;
  close(): Promise<void>;
}

async function jsonWorld(records: TestbedRecord[]): Promise<World> {
  const dir = await mkdtemp(join(tmpdir(), 'tbm-bench-pg-json-'));
  const testbedPath = join(dir, 'testbeds.json');
  await writeFile(testbedPath, JSON.stringify({ testbeds: records }, null, 2));
  const store = await openStore({ testbedPath, broadcastPath: join(dir, 'broadcast_rooms.json') });
  return {
    store,
    async close() {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function postgresWorld(records: TestbedRecord[]): Promise<World> {
  const db = await freshDatabase();
  await importPgStore(db.url, planImport(JSON.stringify({ testbeds: records }), 'bench'));
  const store = await openPgStore({ url: db.url, poolSize: 10 });
  return {
    store,
    async close() {
      await store.close();
      await db.drop();
    },
  };
}

/** Books and frees testbeds through the store, as the testbed actors do. */
async function mutations(backend: BackendMutations['backend'], world: World, count: number): Promise<BackendMutations> {
  const { store } = world;
  const now = Date.now();
  let flip = 0;
  const mutate = (id: number) => {
    const record = store.testbeds.get(id)!;
    flip += 1;
    const next: TestbedRecord =
      record.status === 'available'
        ? { ...record, status: 'in_use', user_email: 'bench@example.com', user_name: 'Bench', registered_time: new Date(now).toISOString(), purpose: `run ${flip}`, expected_release_time: new Date(now + 3_600_000).toISOString() }
        : availableTestbed(record.id, record.testbed_name);
    return store.testbeds.save(next);
  };
  const sequentialRuns = count >= 10_000 ? 20 : 100;
  let started = performance.now();
  for (let i = 0; i < sequentialRuns; i++) await mutate(1);
  const sequentialPerSecond = sequentialRuns / ((performance.now() - started) / 1000);
  const inFlight = Math.min(50, count);
  const rounds = count >= 10_000 ? 4 : 20;
  started = performance.now();
  for (let round = 0; round < rounds; round++) await Promise.all(Array.from({ length: inFlight }, (_, i) => mutate(i + 1)));
  const concurrentPerSecond = (inFlight * rounds) / ((performance.now() - started) / 1000);
  return { backend, testbeds: count, sequentialPerSecond, concurrentPerSecond };
}

/** Claims and releases through the testbed fleet (actor, store write, history line), one at a time. */
async function booking(backend: BookingLatency['backend'], world: World): Promise<BookingLatency> {
  const testbeds = createTestbedFleet({ store: world.store, logger: pino({ level: 'silent' }) });
  testbeds.start();
  const holder = { email: 'bench@example.com', name: 'Bench' };
  const samples: number[] = [];
  try {
    for (let i = 0; i < 200; i++) {
      const now = new Date().toISOString();
      const started = performance.now();
      const result = await testbeds.claim({ testbedId: 1 + (i % 10), holder, purpose: 'bench', expectedRelease: new Date(Date.now() + 3_600_000).toISOString(), now });
      samples.push(performance.now() - started);
      if (!result.ok) throw new Error(`booking ${i} was refused (${result.reason})`);
      await testbeds.release({ testbedId: 1 + (i % 10), by: holder, now, holderOnly: true });
    }
  } finally {
    testbeds.stop();
  }
  return { backend, samples };
}

/** Durable commits, as a production server has them (the test cluster starts without). */
async function durableCommits(): Promise<void> {
  const client = new pg.Client({ connectionString: testStoreUrl() });
  await client.connect();
  try {
    for (const setting of ['fsync = on', 'synchronous_commit = on', 'full_page_writes = on']) await client.query(`ALTER SYSTEM SET ${setting}`);
    await client.query('SELECT pg_reload_conf()');
  } finally {
    await client.end();
  }
}

export async function postgresBench(): Promise<PostgresFigures> {
  let stop: (() => void) | undefined;
  try {
    stop = (await setupPostgres()) ?? undefined;
  } catch (error) {
    return { skipped: `no PostgreSQL server could be started: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}` };
  }
  try {
    await durableCommits();
    const figures: BackendMutations[] = [];
    for (const count of [10, 1000, 10_000]) {
      const records = fleet(count, Date.now(), Math.min(count, 50));
      for (const [backend, open] of [['json', jsonWorld], ['postgres', postgresWorld]] as const) {
        const world = await open(records);
        try {
          figures.push(await mutations(backend, world, count));
        } finally {
          await world.close();
        }
      }
    }
    const latency: BookingLatency[] = [];
    for (const [backend, open] of [['json', jsonWorld], ['postgres', postgresWorld]] as const) {
      const world = await open(fleet(100, Date.now(), 100));
      try {
        latency.push(await booking(backend, world));
      } finally {
        await world.close();
      }
    }
    return { mutations: figures, booking: latency };
  } finally {
    stop?.();
  }
}
