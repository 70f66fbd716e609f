/**
 * What only PostgreSQL does: several instances on one database. Two stores opened on the same
 * database stand for two bot instances; the test cluster is real, and so are the notifications.
 */
import pg from 'pg';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestbedFleet, type TestbedFleet } from '../../../src/app/testbed-fleet.js';
import { emptyLifecycle, type HistoryEntry, type LifecycleEntry } from '../../../src/domain.js';
import { StoreError, type ExternalChange, type Store } from '../../../src/store/index.js';
import { loadMigrations, openPgStore } from '../../../src/store/pg/index.js';
import { freshDatabase, type FreshDatabase } from '../../support/postgres.js';
import { available, inUse } from '../records.js';

const logger = pino({ level: 'silent' });
const ADA = { email: 'ada@example.com', name: 'Ada Ops' };
const NOW = '2026-03-02T10:00:00.000Z';
const LATER = '2026-03-02T14:00:00.000Z';

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function database(): Promise<FreshDatabase> {
  const db = await freshDatabase();
  cleanups.push(() => db.drop());
  return db;
}

async function instance(url: string, options: { listenRetryMs?: number } = {}): Promise<Store> {
  const store = await openPgStore({ url, poolSize: 4, ...options });
  cleanups.push(() => store.close());
  return store;
}

async function sql<T extends pg.QueryResultRow>(url: string, text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}

/** The next change another instance made, as `store` is told about it. */
function nextChange(store: Store, wanted: (change: ExternalChange) => boolean): Promise<ExternalChange> {
  return new Promise((resolve) => {
    const stop = store.onExternalChange((change) => {
      if (!wanted(change)) return;
      stop();
      resolve(change);
    });
  });
}

const failure = (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => error as StoreError);

describe('PostgreSQL store: several instances on one database', () => {
  it('creates the schema at open, also when two instances open an empty database at once', async () => {
    const db = await database();
    const [first, second] = await Promise.all([instance(db.url), instance(db.url)]);
    const versions = await sql<{ version: number }>(db.url, 'SELECT version FROM schema_migrations ORDER BY version');
    expect(versions.map((row) => row.version)).toEqual(loadMigrations().map((migration) => migration.version));
    // The other instance learns of the change from the database's notification (which may arrive before the save's
    // own answer does, so the listener is in place first).
    const told = nextChange(second, (change) => change.kind === 'testbed');
    await first.testbeds.save(available(1));
    await told;
    expect(second.testbeds.all()).toEqual([available(1)]);
  });

  it('a stale save fails with STORE_CONFLICT carrying the stored record, and the loser\'s cache holds that record at once', async () => {
    const db = await database();
    const a = await instance(db.url);
    await a.testbeds.save(available(1));
    const b = await instance(db.url);
    // b saves from what it read before a's change reached it.
    const [winner, loser] = await Promise.allSettled([a.testbeds.save(inUse(1, 'Testbed 1', 'ana')), b.testbeds.save(inUse(1, 'Testbed 1', 'bob'))]);
    const results = [winner, loser];
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const lost = results.find((result) => result.status === 'rejected') as PromiseRejectedResult;
    expect(lost.reason).toBeInstanceOf(StoreError);
    expect(lost.reason.code).toBe('STORE_CONFLICT');
    expect(lost.reason.message).toContain('another instance changed it first');
    const stored = (await sql<{ user_email: string }>(db.url, 'SELECT user_email FROM testbeds WHERE id = 1'))[0].user_email;
    expect(lost.reason.current).toMatchObject({ id: 1, status: 'in_use', user_email: stored });
    expect(a.testbeds.get(1)?.user_email).toBe(stored);
    expect(b.testbeds.get(1)?.user_email).toBe(stored);
  });

  it('a save after the notification arrived is based on the new record and succeeds', async () => {
    const db = await database();
    const a = await instance(db.url);
    const b = await instance(db.url);
    await a.testbeds.save(available(1));
    await nextChange(b, (change) => change.kind === 'testbed');
    const told = nextChange(b, (change) => change.kind === 'testbed');
    await a.testbeds.save(inUse(1));
    expect(await told).toEqual({ kind: 'testbed', testbedId: 1 });
    expect(b.testbeds.get(1)).toEqual(inUse(1));
    await expect(b.testbeds.save(available(1))).resolves.toEqual(available(1));
  });

  it('a reminder fact is claimed by one instance only: the second save of the same lifecycle entry conflicts', async () => {
    const db = await database();
    const a = await instance(db.url);
    await a.testbeds.save(inUse(1));
    const b = await instance(db.url);
    const sent: LifecycleEntry = {
      ...emptyLifecycle(1),
      notices: { expected_release_time: inUse(1).expected_release_time!, reminder_sent_at: NOW, overdue_sent_at: null, overdue_count: 0 },
    };
    const results = await Promise.allSettled([a.lifecycle.save(sent), b.lifecycle.save(sent)]);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    const lost = (results.find((result) => result.status === 'rejected') as PromiseRejectedResult).reason as StoreError;
    expect(lost.code).toBe('STORE_CONFLICT');
    expect(lost.current).toEqual(sent);
    // The same for the digest: one instance posts it.
    const digests = await Promise.allSettled([a.lifecycle.saveDigest({ last_posted_for: NOW }), b.lifecycle.saveDigest({ last_posted_for: NOW })]);
    expect(digests.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(((digests.find((result) => result.status === 'rejected') as PromiseRejectedResult).reason as StoreError).code).toBe('STORE_CONFLICT');
    expect(b.lifecycle.digest()).toEqual({ last_posted_for: NOW });
  });

  it('the history row is part of the change: a failing history insert leaves the record as it was', async () => {
    const db = await database();
    const store = await instance(db.url);
    await store.testbeds.save(available(1));
    await sql(db.url, `CREATE FUNCTION refuse_history() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'history is read-only today'; END $$`);
    await sql(db.url, 'CREATE TRIGGER refuse_history BEFORE INSERT ON history FOR EACH ROW EXECUTE FUNCTION refuse_history()');
    const registered = { at: NOW, event: 'registered', testbed_id: 1, testbed_name: 'Testbed 1', by: ADA, purpose: 'x', expected_release_time: LATER } as HistoryEntry;
    const error = await failure(store.testbeds.save(inUse(1), { history: [registered] }));
    expect(error?.code).toBe('STORE_WRITE');
    expect(error?.message).toContain('history is read-only today');
    expect(error?.message).toContain('nothing was changed');
    expect(await sql(db.url, 'SELECT status, version FROM testbeds WHERE id = 1')).toEqual([{ status: 'available', version: 1 }]);
    expect(store.testbeds.get(1)).toEqual(available(1));
    // With the history writable again, the same save goes through (the cache still matches the row).
    await sql(db.url, 'DROP TRIGGER refuse_history ON history');
    await expect(store.testbeds.save(inUse(1), { history: [registered] })).resolves.toEqual(inUse(1));
    expect(await sql(db.url, 'SELECT event FROM history')).toEqual([{ event: 'registered' }]);
  });

  it('names stay unique across instances, and two instances adding at once get different ids', async () => {
    const db = await database();
    const a = await instance(db.url);
    const b = await instance(db.url);
    const added = await Promise.all([a.testbeds.add({ testbed_name: 'lab-a' }), b.testbeds.add({ testbed_name: 'lab-b' }), a.testbeds.add({ testbed_name: 'lab-c' })]);
    expect(added.map((record) => record.id).sort()).toEqual([1, 2, 3]);
    // b saves a name a has just taken, before (or after) hearing of it: refused either way.
    const [first, second] = await Promise.allSettled([a.testbeds.add({ testbed_name: 'Lab-X' }), b.testbeds.add({ testbed_name: ' lab-x ' })]);
    const outcomes = [first, second];
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const refused = (outcomes.find((outcome) => outcome.status === 'rejected') as PromiseRejectedResult).reason as StoreError;
    expect(refused.code).toBe('STORE_NAME_TAKEN');
    expect(refused.message).toMatch(/is already used by testbed 4 \("(Lab-X| lab-x )"\)/);
    expect(await sql(db.url, 'SELECT count(*)::int AS n FROM testbeds')).toEqual([{ n: 4 }]);
  });

  it('after the listening connection is lost, it reconnects and takes in what changed meanwhile', async () => {
    const db = await database();
    const a = await instance(db.url);
    const b = await instance(db.url, { listenRetryMs: 50 });
    await a.testbeds.save(available(1));
    await nextChange(b, (change) => change.kind === 'testbed');
    const reloaded = nextChange(b, (change) => change.kind === 'everything');
    await sql(db.url, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'testbed-monitor listener' AND datname = $1`, [db.name]);
    // Both instances' listeners were cut; a's change is saved while b may not be listening.
    await a.testbeds.save(inUse(1));
    await reloaded;
    expect(b.testbeds.get(1)).toEqual(inUse(1));
  });
});

describe('two fleets on one database (two instances answering people)', () => {
  async function fleets(testbeds: number) {
    const db = await database();
    const seed = await instance(db.url);
    for (let id = 1; id <= testbeds; id++) await seed.testbeds.save(available(id, `lab-${id}`));
    const stores = [await instance(db.url), await instance(db.url)];
    const made: TestbedFleet[] = stores.map((store) => createTestbedFleet({ store, logger }));
    for (const fleet of made) {
      fleet.start();
      cleanups.push(() => fleet.stop());
    }
    return { db, stores, fleets: made };
  }

  it('50 simultaneous claims of one testbed spread over both: exactly one holder, 49 told "taken" with that holder', async () => {
    const { db, fleets: [one, two] } = await fleets(1);
    const people = Array.from({ length: 50 }, (_, i) => ({ email: `p${i}@example.com`, name: `Person ${i}` }));
    const results = await Promise.all(
      people.map((holder, i) => (i % 2 ? two : one).claim({ testbedId: 1, holder, purpose: 'soak', expectedRelease: LATER, now: NOW })),
    );
    const booked = results.filter((result) => result.ok);
    expect(booked).toHaveLength(1);
    const holder = (await sql<{ user_email: string }>(db.url, 'SELECT user_email FROM testbeds WHERE id = 1'))[0].user_email;
    expect(booked[0]).toMatchObject({ record: { user_email: holder } });
    const refused = results.filter((result) => !result.ok);
    expect(refused.map((result) => (result as { reason: string }).reason)).toEqual(Array(49).fill('taken'));
    expect(await sql(db.url, `SELECT count(*)::int AS n FROM history WHERE event = 'registered'`)).toEqual([{ n: 1 }]);
  });

  it('a claim made through one instance reaches the other\'s actor: it answers "taken" with the holder', async () => {
    const { stores: [, second], fleets: [one, two] } = await fleets(2);
    const told = nextChange(second, (change) => change.kind === 'testbed' && change.testbedId === 2);
    expect(await one.claim({ testbedId: 2, holder: ADA, purpose: 'soak', expectedRelease: LATER, now: NOW })).toMatchObject({ ok: true });
    await told;
    const answer = await two.claim({ testbedId: 2, holder: { email: 'bob@example.com', name: 'Bob' }, purpose: 'mine', expectedRelease: LATER, now: NOW });
    expect(answer).toMatchObject({ ok: false, reason: 'taken', record: { user_email: ADA.email, user_name: ADA.name } });
    expect(await two.release({ testbedId: 2, by: ADA, now: LATER, holderOnly: true })).toMatchObject({ ok: true, previous: { user_email: ADA.email } });
  });
});
