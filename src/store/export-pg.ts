/**
 * Backups of a PostgreSQL store, in the same format as the JSON files' (export.ts; the mapping of
 * backup keys onto tables is in docs/store.md). Export reads one consistent snapshot; import runs
 * as one transaction, and only while no bot instance holds the leader lock (it holds that lock
 * itself meanwhile, so no instance starts leading half-way). Both bring the schema up to date first.
 */
import pg from 'pg';
import { StoreError } from './errors.js';
import { BACKUP_FORMAT, BACKUP_VERSION, type Backup, type HistoryLine, type ImportPlan, type ImportSummary } from './export.js';
import { clientConfig, openPool, redactUrl, storeUnavailable } from './pg/connection.js';
import { CHANGE_CHANNEL } from './pg/listener.js';
import { LEADER_LOCK } from './pg/locks.js';
import { migrate } from './pg/migrate.js';
import { entryValue, historyParam, INSERT_HISTORY, isEmptyEntry, lifecycleOf, recordOf, recordParams, retiredOf, TESTBED_COLUMNS, type LifecycleRow, type RoomRow, type TestbedRow } from './pg/rows.js';
import type { LifecycleEntry, RetiredTestbed, TestbedRecord } from '../domain.js';
import type { BroadcastRoomRecord } from '../domain.js';

/** Every document of the database as one backup (`source: "postgres"`). */
export async function exportPgStore(url: string, options: { now: string }): Promise<Backup> {
  const pool = await openPool({ url, poolSize: 1 });
  try {
    await migrate(pool, url);
    const client = await pool.connect();
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const testbeds = (await client.query<TestbedRow>(`SELECT ${TESTBED_COLUMNS} FROM testbeds ORDER BY id`)).rows;
      const rooms = (await client.query<RoomRow>('SELECT room_id, name, description FROM broadcast_rooms ORDER BY position, room_id')).rows;
      const lifecycle = (await client.query<LifecycleRow>('SELECT testbed_id, entry, version FROM lifecycle ORDER BY testbed_id')).rows;
      const digest = (await client.query<{ value: unknown }>(`SELECT value FROM bot_state WHERE name = 'digest'`)).rows[0];
      const history = (await client.query<{ line: HistoryLine }>('SELECT line FROM history ORDER BY seq')).rows;
      await client.query('COMMIT');
      const retired = testbeds.filter((row) => row.retired_at !== null).map(retiredOf);
      return {
        format: BACKUP_FORMAT,
        version: BACKUP_VERSION,
        exported_at: options.now,
        source: 'postgres',
        testbeds: testbeds.filter((row) => row.retired_at === null).map(recordOf),
        ...(retired.length > 0 ? { retired } : {}),
        broadcast_rooms: rooms.map((row): BroadcastRoomRecord => ({ name: row.name, room_id: row.room_id, description: row.description })),
        lifecycle: lifecycle.map(lifecycleOf).filter((entry) => !isEmptyEntry(entry)),
        ...(digest ? { digest: digest.value } : {}),
        history: history.map((row) => row.line),
      };
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw storeUnavailable(error, url, 'reading the store for the export');
    } finally {
      client.release();
    }
  } finally {
    await pool.end().catch(() => undefined);
  }
}

/**
 * Writes a checked backup into the database: the documents it names are replaced whole, in one
 * transaction (testbeds imported without lifecycle clear the lifecycle entries, as for the files).
 * Refused with STORE_LOCKED while a bot instance holds the leader lock.
 */
export async function importPgStore(url: string, plan: ImportPlan): Promise<ImportSummary> {
  const where = redactUrl(url);
  const pool = await openPool({ url, poolSize: 1 });
  const guard = new pg.Client(clientConfig({ url, applicationName: 'testbed-monitor import' }));
  try {
    await migrate(pool, url);
    try {
      await guard.connect();
    } catch (error) {
      throw storeUnavailable(error, url, 'connecting');
    }
    const { rows } = await guard.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS locked', [...LEADER_LOCK]);
    if (!rows[0].locked) {
      throw new StoreError('STORE_LOCKED', where, `a bot instance is running on ${where} (it holds the leader lock); stop every instance first`);
    }
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const summary = await writePlan(client, plan);
      await client.query('SELECT pg_notify($1, $2)', [CHANGE_CHANNEL, '*']);
      await client.query('COMMIT');
      return { ...summary, written: [where] };
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      if (error instanceof StoreError) throw error;
      const failure = storeUnavailable(error, url, 'importing');
      throw new StoreError('STORE_WRITE', where, `${failure.message}; nothing was changed`);
    } finally {
      client.release();
    }
  } finally {
    await guard.end().catch(() => undefined);
    await pool.end().catch(() => undefined);
  }
}

async function writePlan(client: pg.PoolClient, plan: ImportPlan): Promise<Omit<ImportSummary, 'written'>> {
  const { testbeds, broadcastRooms, lifecycle } = plan.documents;
  let lifecycleCleared = false;
  let lifecycleEntries = (await client.query<LifecycleRow>('SELECT testbed_id, entry, version FROM lifecycle')).rows.map(lifecycleOf).filter((entry) => !isEmptyEntry(entry)).length;
  if (testbeds || lifecycle) {
    // Lifecycle rows point at testbeds: they go first, and come back from the backup (or stay cleared).
    const { rowCount } = await client.query('DELETE FROM lifecycle');
    lifecycleCleared = !lifecycle && (rowCount ?? 0) > 0 && lifecycleEntries > 0;
    lifecycleEntries = 0;
  }
  if (testbeds) {
    await client.query('DELETE FROM testbeds');
    for (const record of (testbeds.testbeds as TestbedRecord[]) ?? []) {
      await client.query(
        `INSERT INTO testbeds (id, testbed_name, status, user_email, user_name, registered_time, purpose, expected_release_time, labels, description, maintenance)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        recordParams(record),
      );
    }
    for (const retired of (testbeds.retired as RetiredTestbed[] | undefined) ?? []) {
      await client.query(`INSERT INTO testbeds (id, testbed_name, status, retired_at) VALUES ($1, $2, 'available', $3)`, [retired.id, retired.testbed_name, retired.retired_at]);
    }
  }
  if (lifecycle) {
    const entries = (lifecycle.lifecycle as LifecycleEntry[]) ?? [];
    for (const entry of entries) {
      await client.query('INSERT INTO lifecycle (testbed_id, entry) VALUES ($1, $2)', [entry.testbed_id, entryValue(entry)]);
    }
    lifecycleEntries = entries.length;
    await client.query(`DELETE FROM bot_state WHERE name = 'digest'`);
    if (lifecycle.digest) await client.query(`INSERT INTO bot_state (name, value) VALUES ('digest', $1)`, [JSON.stringify(lifecycle.digest)]);
  }
  if (broadcastRooms) {
    await client.query('DELETE FROM broadcast_rooms');
    const rooms = (broadcastRooms.broadcast_rooms as BroadcastRoomRecord[]) ?? [];
    for (const [position, room] of rooms.entries()) {
      await client.query('INSERT INTO broadcast_rooms (room_id, name, description, position) VALUES ($1, $2, $3, $4)', [room.room_id, room.name, room.description, position]);
    }
  }
  if (plan.history) {
    await client.query('DELETE FROM history');
    // In slices, so a long history never makes one enormous parameter.
    for (let start = 0; start < plan.history.length; start += 5_000) {
      await client.query(INSERT_HISTORY, [historyParam(plan.history.slice(start, start + 5_000))]);
    }
  }
  const count = (document: Record<string, unknown> | undefined, key: string) => (document ? ((document[key] as unknown[]) ?? []).length : null);
  return {
    testbeds: count(testbeds, 'testbeds') ?? (await client.query('SELECT 1 FROM testbeds WHERE retired_at IS NULL')).rowCount ?? 0,
    broadcastRooms: count(broadcastRooms, 'broadcast_rooms'),
    lifecycleEntries,
    lifecycleCleared,
    historyLines: plan.history ? plan.history.length : null,
  };
}
