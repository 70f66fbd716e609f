/**
 * Versioned schema migrations: `migrations/NNN-name.sql`, applied in order at start-up, each
 * recorded in `schema_migrations`. The whole run is one transaction holding a transaction-scoped
 * advisory lock, so two instances starting at once take turns: the first applies what is missing,
 * the second finds nothing left to do. A failed migration rolls back entirely.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { StoreError } from '../errors.js';
import { redactUrl, storeUnavailable } from './connection.js';
import { MIGRATION_LOCK } from './locks.js';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export interface MigrationResult {
  /** Versions applied by this call, in order (empty when the schema was already current). */
  applied: number[];
  /** The schema version now in the database. */
  current: number;
  /** The newest version this code knows. */
  latest: number;
}

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
const FILE_NAME = /^(\d{3})-([a-z0-9][a-z0-9-]*)\.sql$/;
/** A second instance waits this long for the first to finish migrating. */
const LOCK_WAIT = '120s';

/** The migrations shipped with the code, checked: numbered 1, 2, 3, … without gaps. */
export function loadMigrations(dir = MIGRATIONS_DIR): Migration[] {
  const migrations = readdirSync(dir)
    .filter((name) => name.endsWith('.sql'))
    .map((name) => {
      const match = FILE_NAME.exec(name);
      if (!match) throw new Error(`migration file name "${name}" must look like 001-short-name.sql`);
      return { version: Number(match[1]), name: `${match[1]}-${match[2]}`, sql: readFileSync(join(dir, name), 'utf8') };
    })
    .sort((a, b) => a.version - b.version);
  migrations.forEach((migration, index) => {
    if (migration.version !== index + 1) throw new Error(`migration ${migration.name} should be number ${String(index + 1).padStart(3, '0')}`);
  });
  return migrations;
}

/**
 * Brings the schema up to date. `url` only names the server in errors (redacted). A database
 * already at a newer version than this code is left alone (`current > latest`; the caller decides
 * whether to run).
 */
export async function migrate(pool: pg.Pool, url: string, migrations: Migration[] = loadMigrations()): Promise<MigrationResult> {
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch (error) {
    throw storeUnavailable(error, url, 'connecting to migrate the schema');
  }
  const latest = migrations.at(-1)?.version ?? 0;
  let step = 'starting the migration';
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    await client.query(`SET LOCAL lock_timeout = '${LOCK_WAIT}'`);
    step = 'waiting for another instance to finish migrating';
    await client.query('SELECT pg_advisory_xact_lock($1, $2)', [...MIGRATION_LOCK]);
    step = 'reading schema_migrations';
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version    integer PRIMARY KEY,
      name       text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const { rows } = await client.query<{ version: number }>('SELECT version FROM schema_migrations');
    const done = new Set(rows.map((row) => row.version));
    const applied: number[] = [];
    for (const migration of migrations) {
      if (done.has(migration.version)) continue;
      step = `applying migration ${migration.name}`;
      await client.query(migration.sql);
      await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
      applied.push(migration.version);
    }
    await client.query('COMMIT');
    return { applied, current: Math.max(latest, ...done), latest };
  } catch (error) {
    await client.query('ROLLBACK').catch((rollbackError: unknown) => {
      broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
    });
    const failure = storeUnavailable(error, url, step);
    const code = (error as { code?: unknown }).code;
    const sqlState = typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
    // No SQL state (a lost connection) or a connection, resource or shut-down class: "unavailable".
    if (!sqlState || /^(08|53|57)/.test(sqlState)) throw failure;
    throw new StoreError('STORE_SCHEMA', redactUrl(url), `${failure.message}; nothing was changed`);
  } finally {
    client.release(broken);
  }
}
