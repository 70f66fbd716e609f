/**
 * `npm run store -- export / import` with STORE_URL: the command run in-process against a fresh
 * database of the test cluster, and real files in temp folders on the JSON side.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import type { LifecycleEntry } from '../../src/domain.js';
import { runStoreCommand } from '../../src/store/export-cli.js';
import { LEADER_LOCK, openPgStore } from '../../src/store/pg/index.js';
import { freshDatabase } from '../support/postgres.js';
import { available, inUse, tempDir } from './records.js';

const NOW = '2026-03-02T10:00:00.000Z';
const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function folder(): string {
  const dir = tempDir('store-export-pg-');
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function database() {
  const db = await freshDatabase();
  cleanups.push(() => db.drop());
  return db;
}

/** Runs `npm run store -- …` in-process: on the JSON files in `dir`, or on `storeUrl` when given. */
async function run(dir: string, storeUrl: string | undefined, ...argv: string[]) {
  let out = '';
  let err = '';
  const env: Record<string, string> = { TESTBED_DB_NAME: join(dir, 'testbeds.json'), BROADCAST_DB_NAME: join(dir, 'broadcast_rooms.json') };
  if (storeUrl) env.STORE_URL = storeUrl;
  const code = await runStoreCommand({ argv, env, cwd: dir, out: (text) => void (out += text), err: (text) => void (err += text), now: () => NOW });
  return { code, out, err };
}

const ADA = { email: 'ada@example.com', name: 'Ada Ops' };
const waiting: LifecycleEntry = {
  testbed_id: 2,
  notices: { expected_release_time: inUse(2).expected_release_time!, reminder_sent_at: '2025-05-01T11:45:00.000Z', overdue_sent_at: null, overdue_count: 0 },
  queue: [{ email: 'bo@example.com', name: 'Bo', since: '2025-05-01T09:00:00.000Z' }],
  offer: null,
  asks: [],
};
const documents = {
  'testbeds.json': {
    testbeds: [
      { ...available(1, 'Lab 1'), labels: ['5g', 'ran'], description: 'Rack 4' },
      inUse(2, 'Lab 2'),
      { ...available(7, 'Lab 7'), maintenance: { reason: 'new PSU', until: null, since: '2025-05-01T07:00:00.000Z', by: ADA } },
    ],
    retired: [{ id: 5, testbed_name: 'Old lab', retired_at: '2025-04-01T07:00:00.000Z' }],
  },
  'broadcast_rooms.json': { broadcast_rooms: [{ name: 'Lab news', room_id: 'room-news', description: 'announcements' }, { name: 'Ops', room_id: 'room-ops', description: '' }] },
  'lifecycle.json': { lifecycle: [waiting], digest: { last_posted_for: '2025-06-02T07:00:00.000Z' } },
};
const history = [
  { at: '2025-05-01T08:00:00.000Z', event: 'registered', testbed_id: 2, testbed_name: 'Lab 2', by: ADA, purpose: 'regression run', expected_release_time: '2025-05-01T12:00:00.000Z', via: 'chat' },
  { at: '2025-05-01T09:00:00.000Z', event: 'queued', testbed_id: 2, testbed_name: 'Lab 2', by: { email: 'bo@example.com', name: 'Bo' }, position: 1 },
];

function fullStore(dir: string): void {
  for (const [name, document] of Object.entries(documents)) writeFileSync(join(dir, name), JSON.stringify(document, null, 2));
  writeFileSync(join(dir, 'history.jsonl'), history.map((line) => `${JSON.stringify(line)}\n`).join(''));
}

const documentsOf = (dir: string) => ({
  ...Object.fromEntries(Object.keys(documents).map((name) => [name, JSON.parse(readFileSync(join(dir, name), 'utf8')) as unknown])),
  history: readFileSync(join(dir, 'history.jsonl'), 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as unknown),
});

describe('npm run store with STORE_URL (PostgreSQL)', () => {
  it('round trip: JSON files → PostgreSQL → JSON files gives the same documents', async () => {
    const db = await database();
    const from = folder();
    fullStore(from);
    const backupFile = join(folder(), 'backup.json');
    const exported = await run(from, undefined, 'export');
    expect(exported.code).toBe(0);
    writeFileSync(backupFile, exported.out);

    const imported = await run(folder(), db.url, 'import', backupFile);
    expect(imported.err).toBe('');
    expect(imported.out).toContain('testbeds: 3');
    expect(imported.out).toContain('history lines: 2');

    const fromPg = await run(folder(), db.url, 'export');
    expect(fromPg.code).toBe(0);
    const backup = JSON.parse(fromPg.out) as Record<string, unknown>;
    expect(backup).toMatchObject({ source: 'postgres', exported_at: NOW });
    const pgFile = join(folder(), 'from-pg.json');
    writeFileSync(pgFile, fromPg.out);

    const to = folder();
    expect((await run(to, undefined, 'import', pgFile)).code).toBe(0);
    expect(documentsOf(to)).toEqual(documentsOf(from));
  });

  it('a store opened on the imported database serves the records, and a plain testbed document imports too', async () => {
    const db = await database();
    const file = join(folder(), 'plain.json');
    writeFileSync(file, JSON.stringify({ testbeds: [available(1, 'lab-1'), inUse(3, 'lab-3')] }));
    expect((await run(folder(), db.url, 'import', file)).code).toBe(0);
    const store = await openPgStore({ url: db.url, poolSize: 2 });
    cleanups.push(() => store.close());
    expect(store.testbeds.all()).toEqual([available(1, 'lab-1'), inUse(3, 'lab-3')]);
    expect((await store.testbeds.add({ testbed_name: 'lab-4' })).id).toBe(4);
  });

  it('import is refused while a bot instance holds the leader lock, and nothing changes', async () => {
    const db = await database();
    const store = await openPgStore({ url: db.url, poolSize: 2 });
    cleanups.push(() => store.close());
    await store.testbeds.save(available(1, 'kept'));
    const leader = new pg.Client({ connectionString: db.url });
    await leader.connect();
    cleanups.push(() => leader.end());
    await leader.query('SELECT pg_advisory_lock($1, $2)', [...LEADER_LOCK]);
    const file = join(folder(), 'plain.json');
    writeFileSync(file, JSON.stringify({ testbeds: [available(1, 'replaced')] }));
    const { code, err } = await run(folder(), db.url, 'import', file);
    expect(code).toBe(1);
    expect(err).toContain('import refused: a bot instance is running on postgres://');
    expect(err).toContain('Nothing was changed.');
    expect(err).not.toContain(new URL(db.url).password);
    expect(JSON.parse((await run(folder(), db.url, 'export')).out).testbeds).toEqual([available(1, 'kept')]);
  });
});
