/**
 * Rows of the PostgreSQL store and the records they hold. Field names keep the documents'
 * spelling; times come back from `timestamptz` as ISO 8601 UTC with milliseconds (`toISOString()`).
 * A testbed without labels has an empty `labels` array in its row and no `labels` key as a record.
 */
import type { BroadcastRoomRecord, HistoryEntry, LifecycleEntry, Maintenance, RetiredTestbed, TestbedRecord } from '../../domain.js';
import type { DigestFacts } from '../lifecycle-schema.js';

/** A value with the row version it was read at (conditional updates compare it). */
export interface Versioned<T> {
  value: T;
  version: number;
}

export interface TestbedRow {
  id: number;
  testbed_name: string;
  status: 'available' | 'in_use';
  user_email: string | null;
  user_name: string | null;
  registered_time: Date | null;
  purpose: string | null;
  expected_release_time: Date | null;
  labels: string[] | null;
  description: string | null;
  maintenance: Maintenance | null;
  retired_at: Date | null;
  version: number;
}

export interface LifecycleRow {
  testbed_id: number;
  entry: Omit<LifecycleEntry, 'testbed_id'>;
  version: number;
}

export interface RoomRow {
  room_id: string;
  name: string;
  description: string;
}

export const TESTBED_COLUMNS =
  'id, testbed_name, status, user_email, user_name, registered_time, purpose, expected_release_time, labels, description, maintenance, retired_at, version';

const iso = (value: Date | null): string | null => (value === null ? null : value.toISOString());

export function recordOf(row: TestbedRow): TestbedRecord {
  const record: TestbedRecord = {
    id: row.id,
    testbed_name: row.testbed_name,
    status: row.status,
    user_email: row.user_email,
    user_name: row.user_name,
    registered_time: iso(row.registered_time),
    purpose: row.purpose,
    expected_release_time: iso(row.expected_release_time),
  };
  if (row.labels && row.labels.length > 0) record.labels = [...row.labels];
  if (row.description !== null) record.description = row.description;
  if (row.maintenance) record.maintenance = row.maintenance;
  return record;
}

export const retiredOf = (row: TestbedRow): RetiredTestbed => ({ id: row.id, testbed_name: row.testbed_name, retired_at: iso(row.retired_at)! });

/** The parameters $2…$11 of an insert or update of the record (the id is $1). */
export function recordParams(record: TestbedRecord): unknown[] {
  return [
    record.id,
    record.testbed_name,
    record.status,
    record.user_email,
    record.user_name,
    record.registered_time,
    record.purpose,
    record.expected_release_time,
    record.labels ?? [],
    record.description ?? null,
    record.maintenance ? JSON.stringify(record.maintenance) : null,
  ];
}

export function lifecycleOf(row: LifecycleRow): LifecycleEntry {
  return {
    testbed_id: row.testbed_id,
    notices: row.entry.notices ?? null,
    queue: row.entry.queue ?? [],
    offer: row.entry.offer ?? null,
    asks: row.entry.asks ?? [],
  };
}

/** The entry as the `entry` column holds it (without its testbed id). */
export function entryValue(entry: LifecycleEntry): string {
  const { testbed_id: _id, ...rest } = entry;
  return JSON.stringify(rest);
}

export const roomOf = (row: RoomRow): BroadcastRoomRecord => ({ name: row.name, room_id: row.room_id, description: row.description });

export const digestOf = (value: unknown): DigestFacts => ({ last_posted_for: (value as DigestFacts).last_posted_for });

/** True when the entry says nothing (left out of `all()` and of exports, as the JSON file leaves it out). */
export function isEmptyEntry(entry: LifecycleEntry): boolean {
  return entry.notices === null && entry.queue.length === 0 && entry.offer === null && entry.asks.length === 0;
}

/**
 * Inserts history lines in order, inside the caller's transaction: `at`, `event` and `testbed_id`
 * are copied out of each line into their columns.
 */
export const INSERT_HISTORY = `INSERT INTO history (at, event, testbed_id, line)
  SELECT (item.line ->> 'at')::timestamptz, item.line ->> 'event', (item.line ->> 'testbed_id')::integer, item.line
  FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS item(line, n)
  ORDER BY item.n`;

export const historyParam = (entries: readonly (HistoryEntry | Record<string, unknown>)[]): string => JSON.stringify(entries);
