/**
 * What the PostgreSQL store serves its synchronous reads from: every row, loaded at open and kept
 * current by this instance's own writes and by other instances' notifications. Each value keeps
 * the row version it was read at; a row is only ever replaced by a newer version, so a reload
 * that raced with a later write can never bring back an older value.
 */
import type pg from 'pg';
import type { BroadcastRoomRecord, LifecycleEntry, RetiredTestbed, TestbedRecord } from '../../domain.js';
import type { DigestFacts } from '../lifecycle-schema.js';
import { inTransaction } from './connection.js';
import {
  digestOf,
  lifecycleOf,
  recordOf,
  retiredOf,
  roomOf,
  TESTBED_COLUMNS,
  type LifecycleRow,
  type RoomRow,
  type TestbedRow,
  type Versioned,
} from './rows.js';

/** Position of `id` in records sorted by id (binary search; the id is there). */
function indexOf(ordered: Versioned<TestbedRecord>[], id: number): number {
  let low = 0;
  let high = ordered.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (ordered[middle].value.id < id) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** How names compare: ignoring case and surrounding spaces. */
export const nameKey = (name: string) => name.trim().toLowerCase();

type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;

export class PgCache {
  live = new Map<number, Versioned<TestbedRecord>>();
  retired = new Map<number, Versioned<RetiredTestbed>>();
  lifecycle = new Map<number, Versioned<LifecycleEntry>>();
  digest: Versioned<DigestFacts> | null = null;
  rooms: BroadcastRoomRecord[] = [];
  /** Live testbeds by name (trimmed, lower case): who holds each name. */
  names = new Map<string, number>();
  /** The live records in id order, rebuilt when a record was added or removed. */
  private ordered: Versioned<TestbedRecord>[] | null = null;

  liveInOrder(): Versioned<TestbedRecord>[] {
    this.ordered ??= [...this.live.values()].sort((a, b) => a.value.id - b.value.id);
    return this.ordered;
  }

  /** The version this instance last saw of the testbed's row (live or retired), or null. */
  testbedVersion(id: number): number | null {
    return this.live.get(id)?.version ?? this.retired.get(id)?.version ?? null;
  }

  /** Takes in a testbed row when it is newer than what is known; true when something changed. */
  applyTestbed(row: TestbedRow): boolean {
    const known = this.testbedVersion(row.id);
    if (known !== null && row.version <= known) return false;
    const before = this.live.get(row.id);
    if (before && this.names.get(nameKey(before.value.testbed_name)) === row.id) this.names.delete(nameKey(before.value.testbed_name));
    if (row.retired_at === null) this.names.set(nameKey(row.testbed_name), row.id);
    if (row.retired_at !== null) {
      if (this.live.delete(row.id)) this.ordered = null;
      this.retired.set(row.id, { value: retiredOf(row), version: row.version });
    } else {
      if (!this.live.has(row.id)) this.ordered = null;
      const value = { value: recordOf(row), version: row.version };
      this.live.set(row.id, value);
      if (this.ordered) this.ordered[indexOf(this.ordered, row.id)] = value;
    }
    return true;
  }

  applyLifecycle(row: LifecycleRow): boolean {
    const known = this.lifecycle.get(row.testbed_id)?.version ?? null;
    if (known !== null && row.version <= known) return false;
    this.lifecycle.set(row.testbed_id, { value: lifecycleOf(row), version: row.version });
    return true;
  }

  applyDigest(row: { value: unknown; version: number }): boolean {
    if (this.digest && row.version <= this.digest.version) return false;
    this.digest = { value: digestOf(row.value), version: row.version };
    return true;
  }

  /** Replaces everything with what the database holds now (one consistent snapshot). */
  async loadAll(db: pg.Pool): Promise<void> {
    const { testbeds, lifecycle, digest, rooms } = await inTransaction(await db.connect(), 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY', async (client) => ({
      testbeds: await client.query<TestbedRow>(`SELECT ${TESTBED_COLUMNS} FROM testbeds ORDER BY id`),
      lifecycle: await client.query<LifecycleRow>('SELECT testbed_id, entry, version FROM lifecycle ORDER BY testbed_id'),
      digest: await client.query<{ value: unknown; version: number }>(`SELECT value, version FROM bot_state WHERE name = 'digest'`),
      rooms: await loadRooms(client),
    }));
    this.live = new Map();
    this.names = new Map();
    this.retired = new Map();
    this.lifecycle = new Map();
    this.digest = null;
    this.ordered = null;
    for (const row of testbeds.rows) this.applyTestbed(row);
    for (const row of lifecycle.rows) this.applyLifecycle(row);
    if (digest.rows[0]) this.applyDigest(digest.rows[0]);
    this.rooms = rooms;
  }
}

export async function loadRooms(db: Queryable): Promise<BroadcastRoomRecord[]> {
  const { rows } = await db.query<RoomRow>('SELECT room_id, name, description FROM broadcast_rooms ORDER BY position, room_id');
  return rows.map(roomOf);
}

export async function readTestbedRow(db: Queryable, id: number): Promise<TestbedRow | undefined> {
  return (await db.query<TestbedRow>(`SELECT ${TESTBED_COLUMNS} FROM testbeds WHERE id = $1`, [id])).rows[0];
}

export async function readLifecycleRow(db: Queryable, testbedId: number): Promise<LifecycleRow | undefined> {
  return (await db.query<LifecycleRow>('SELECT testbed_id, entry, version FROM lifecycle WHERE testbed_id = $1', [testbedId])).rows[0];
}

export async function readDigestRow(db: Queryable): Promise<{ value: unknown; version: number } | undefined> {
  return (await db.query<{ value: unknown; version: number }>(`SELECT value, version FROM bot_state WHERE name = 'digest'`)).rows[0];
}
