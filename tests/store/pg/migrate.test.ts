/** Schema migrations against the real test cluster: from empty, again, from two instances at once, and a failure. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { StoreError } from '../../../src/store/errors.js';
import { loadMigrations, migrate, openPool } from '../../../src/store/pg/index.js';
import { freshDatabase, type FreshDatabase } from '../../support/postgres.js';

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function database(): Promise<FreshDatabase> {
  const db = await freshDatabase();
  cleanups.push(() => db.drop());
  return db;
}

async function pool(url: string, poolSize = 2): Promise<pg.Pool> {
  const opened = await openPool({ url, poolSize });
  cleanups.push(() => opened.end());
  return opened;
}

function migrationsDir(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'tbm-migrations-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  for (const [name, sql] of Object.entries(files)) writeFileSync(join(dir, name), sql);
  return dir;
}

const tablesOf = async (db: pg.Pool) =>
  (await db.query<{ table_name: string }>(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1`)).rows.map(
    (row) => row.table_name,
  );

const versionsOf = async (db: pg.Pool) =>
  (await db.query<{ version: number; name: string }>('SELECT version, name FROM schema_migrations ORDER BY version')).rows;

describe('migrate', () => {
  it('creates every table on an empty database and records the version', async () => {
    const db = await database();
    const store = await pool(db.url);
    const result = await migrate(store, db.url);
    const latest = loadMigrations().length;
    expect(result).toEqual({ applied: Array.from({ length: latest }, (_, i) => i + 1), current: latest, latest });
    expect(await tablesOf(store)).toEqual(
      expect.arrayContaining(['bot_state', 'broadcast_rooms', 'history', 'lifecycle', 'schema_migrations', 'testbeds', 'timer_claims']),
    );
    expect((await versionsOf(store))[0]).toEqual({ version: 1, name: '001-initial' });
  });

  it('keeps the documents\' rules: holder fields follow the status, names are unique ignoring case', async () => {
    const db = await database();
    const store = await pool(db.url);
    await migrate(store, db.url);
    await store.query(`INSERT INTO testbeds (id, testbed_name, status) VALUES (1, 'Lab-1', 'available')`);
    await expect(store.query(`INSERT INTO testbeds (id, testbed_name, status) VALUES (2, ' lab-1', 'available')`)).rejects.toThrow(
      /testbeds_name_unique/,
    );
    await expect(store.query(`INSERT INTO testbeds (id, testbed_name, status) VALUES (3, 'Lab-3', 'in_use')`)).rejects.toThrow(
      /testbeds_holder_matches_status/,
    );
    // A retired name may be used again by a testbed in service.
    await store.query(`UPDATE testbeds SET retired_at = now() WHERE id = 1`);
    await store.query(`INSERT INTO testbeds (id, testbed_name, status) VALUES (2, 'lab-1', 'available')`);
    expect((await store.query('SELECT count(*)::int AS n FROM testbeds')).rows[0].n).toBe(2);
  });

  it('does nothing the second time', async () => {
    const db = await database();
    const store = await pool(db.url);
    await migrate(store, db.url);
    const again = await migrate(store, db.url);
    expect(again.applied).toEqual([]);
    expect(again.current).toBe(again.latest);
    expect(await versionsOf(store)).toHaveLength(again.latest);
  });

  it('lets two instances starting at once take turns: each migration is applied exactly once', async () => {
    const db = await database();
    // A slow second migration keeps the first instance inside its transaction while the other arrives.
    const dir = migrationsDir({
      '001-first.sql': 'CREATE TABLE one (id integer PRIMARY KEY);',
      '002-slow.sql': 'SELECT pg_sleep(0.5); CREATE TABLE two (id integer PRIMARY KEY);',
    });
    const migrations = loadMigrations(dir);
    const [a, b] = [await pool(db.url), await pool(db.url)];
    const results = await Promise.all([migrate(a, db.url, migrations), migrate(b, db.url, migrations)]);
    expect(results.map((r) => r.applied).sort((x, y) => y.length - x.length)).toEqual([[1, 2], []]);
    expect(await versionsOf(a)).toEqual([
      { version: 1, name: '001-first' },
      { version: 2, name: '002-slow' },
    ]);
  });

  it('applies the shipped migrations from two instances at once', async () => {
    const db = await database();
    const pools = await Promise.all([pool(db.url), pool(db.url), pool(db.url)]);
    const results = await Promise.all(pools.map((p) => migrate(p, db.url)));
    const applied = results.flatMap((r) => r.applied).sort();
    expect(applied).toEqual(loadMigrations().map((m) => m.version));
    expect(results.every((r) => r.current === r.latest)).toBe(true);
  });

  it('rolls a failed migration back entirely and names it', async () => {
    const db = await database();
    const dir = migrationsDir({
      '001-fine.sql': 'CREATE TABLE fine (id integer PRIMARY KEY);',
      '002-broken.sql': 'CREATE TABLE broken (id integer PRIMARY KEY, oops nosuchtype);',
    });
    const store = await pool(db.url);
    const failure = await migrate(store, db.url, loadMigrations(dir)).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(StoreError);
    expect((failure as StoreError).code).toBe('STORE_SCHEMA');
    expect((failure as StoreError).message).toMatch(/applying migration 002-broken failed/);
    expect((failure as StoreError).message).toMatch(/nosuchtype/);
    expect((failure as StoreError).message).toMatch(/nothing was changed/);
    expect(await tablesOf(store)).toEqual([]);
  });

  it('reports a database that is newer than the code and leaves it alone', async () => {
    const db = await database();
    const store = await pool(db.url);
    const two = loadMigrations(migrationsDir({ '001-a.sql': 'CREATE TABLE a (id integer);', '002-b.sql': 'CREATE TABLE b (id integer);' }));
    await migrate(store, db.url, two);
    const older = await migrate(store, db.url, two.slice(0, 1));
    expect(older).toEqual({ applied: [], current: 2, latest: 1 });
  });

  it('refuses badly named or numbered migration files', () => {
    expect(() => loadMigrations(migrationsDir({ '1-a.sql': '' }))).toThrow(/001-short-name\.sql/);
    expect(() => loadMigrations(migrationsDir({ '001-a.sql': '', '003-c.sql': '' }))).toThrow(/003-c should be number 002/);
  });
});
