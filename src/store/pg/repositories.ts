/**
 * The repositories of the PostgreSQL store. Reads come from the cache. Every change is one
 * transaction: the record, updated only if its row still has the version this instance last saw
 * (`UPDATE … WHERE id = $1 AND version = $2`), plus the lifecycle row (conditional the same way)
 * when given, plus the history rows, plus the notification to the other instances. When no row
 * was updated somebody else changed it first: the cache takes in the stored row and the save fails
 * with STORE_CONFLICT carrying it. Names are unique ignoring case: checked against the cache first,
 * and by the database's unique index as the last guard.
 */
import type pg from 'pg';
import type { HistoryEntry, LifecycleEntry, RetiredTestbed, TestbedRecord } from '../../domain.js';
import { emptyLifecycle } from '../../domain.js';
import { copyRecord as copy } from '../../lab-rules.js';
import { isoUtcMs } from '../../time-rules.js';
import type { BroadcastRoomRepository } from '../broadcast-rooms.js';
import { StoreError } from '../errors.js';
import { FrozenCopies } from '../frozen-copies.js';
import type { HistoryLog } from '../history.js';
import { historyEntryOf } from '../history-read.js';
import type { LifecycleRepository } from '../lifecycle.js';
import { digestFactsProblems, lifecycleEntryProblems, type DigestFacts } from '../lifecycle-schema.js';
import { testbedRecordProblems } from '../schema.js';
import type { NewTestbed, SaveOptions, TestbedRepository } from '../testbeds.js';
import { nameKey, readDigestRow, readLifecycleRow, readTestbedRow, type PgCache } from './cache.js';
import { inTransaction, storeUnavailable, storeUrlSecrets } from './connection.js';
import { CHANGE_CHANNEL } from './listener.js';
import { ADD_TESTBED_LOCK } from './locks.js';
import { entryValue, historyParam, INSERT_HISTORY, isEmptyEntry, lifecycleOf, recordOf, recordParams, TESTBED_COLUMNS, type LifecycleRow, type TestbedRow } from './rows.js';
import { scrub } from '../../secrets.js';

export interface PgContext {
  url: string;
  /** The URL with the password redacted: the `file` of every StoreError. */
  where: string;
  cache: PgCache;
  pool: pg.Pool;
  isClosed(): boolean;
  /** A pool connection, noted as ours (its notifications are our own writes). */
  connect(): Promise<pg.PoolClient>;
  /** Keeps `close()` waiting for this work. */
  track<T>(work: Promise<T>): Promise<T>;
}

export interface PgRepositories {
  testbeds: TestbedRepository;
  lifecycle: LifecycleRepository;
  broadcastRooms: BroadcastRoomRepository;
  history: HistoryLog;
}

/** Thrown inside a transaction when a conditional update found a newer row; turned into STORE_CONFLICT. */
class Stale extends Error {
  constructor(readonly table: 'testbeds' | 'lifecycle' | 'digest', readonly id: number) {
    super('stale');
  }
}



export function createPgRepositories(context: PgContext): PgRepositories {
  const { cache, where } = context;

  const invalid = (record: unknown, problems: string[], code: 'STORE_RECORD_INVALID' | 'STORE_NAME_TAKEN' = 'STORE_RECORD_INVALID') => {
    const id = (record as { id?: unknown } | null)?.id;
    const label = typeof id === 'number' ? `testbed ${id}` : 'testbed record';
    return new StoreError(code, where, `${label} was not saved: ${problems.join('; ')}`, { problems });
  };
  const cancelled = (what: string) => new StoreError('STORE_CANCELLED', where, `${what} was not saved: the request was withdrawn before the write`);
  const nameTaken = (changed: TestbedRecord, kept: { id: number; testbed_name: string }) =>
    invalid(changed, [`testbed_name "${changed.testbed_name}" is already used by testbed ${kept.id} ("${kept.testbed_name}"); names must be unique (ignoring case)`], 'STORE_NAME_TAKEN');

  /** Refuses duplicate ids in one batch, retired ids and name clashes with the records as they would be. */
  const checkChanges = (changes: TestbedRecord[]) => {
    if (changes.length === 1) {
      // The common case, without walking every record: the name index says who holds the name.
      const [record] = changes;
      if (cache.retired.has(record.id)) throw invalid(record, [`id ${record.id} belongs to a retired testbed and is never used again`]);
      const owner = cache.names.get(nameKey(record.testbed_name));
      const kept = owner === undefined || owner === record.id ? undefined : cache.live.get(owner);
      if (kept) throw nameTaken(record, kept.value);
      return;
    }
    const seen = new Set<number>();
    for (const record of changes) {
      if (seen.has(record.id)) throw invalid(record, [`id ${record.id} appears more than once in one save`]);
      if (cache.retired.has(record.id)) throw invalid(record, [`id ${record.id} belongs to a retired testbed and is never used again`]);
      seen.add(record.id);
    }
    const owners = new Map<string, TestbedRecord>();
    const byId = new Map(changes.map((record) => [record.id, record]));
    const after = [...cache.liveInOrder().map((item) => byId.get(item.value.id) ?? item.value), ...changes.filter((record) => !cache.live.has(record.id))];
    for (const record of after) {
      const key = nameKey(record.testbed_name);
      const other = owners.get(key);
      if (other) {
        const [changed, kept] = seen.has(record.id) ? [record, other] : [other, record];
        throw nameTaken(changed, kept);
      }
      owners.set(key, record);
    }
  };

  const prepare = (records: TestbedRecord[]): TestbedRecord[] =>
    records.map((record) => {
      const problems = testbedRecordProblems(record);
      if (problems.length > 0) throw invalid(record, problems);
      return copy(record);
    });

  /** The database's words for a failed write, with every secret scrubbed. */
  const writeFailed = (error: unknown, doing: string): StoreError => {
    if (error instanceof StoreError) return error;
    const code = (error as { code?: unknown }).code;
    if (typeof code !== 'string' || /^(08|53|57)/.test(code) || !/^[0-9A-Z]{5}$/.test(code)) return storeUnavailable(error, context.url, doing);
    const detail = scrub(error instanceof Error ? error.message : String(error), storeUrlSecrets(context.url));
    return new StoreError('STORE_WRITE', where, `PostgreSQL at ${where}: ${doing} failed (${code}: ${detail}); nothing was changed`);
  };

  /** BEGIN … COMMIT on one pool connection; any failure rolls everything back. */
  const transaction = <T>(doing: string, work: (client: pg.PoolClient) => Promise<T>): Promise<T> => {
    if (context.isClosed()) return Promise.reject(new StoreError('STORE_WRITE', where, `${where} is closed; ${doing} was not saved`));
    return context.track((async () => inTransaction(await context.connect(), 'BEGIN', work))());
  };

  const notify = (client: pg.PoolClient, payload: string) => client.query('SELECT pg_notify($1, $2)', [CHANGE_CHANNEL, payload]);

  const insertHistory = async (client: pg.PoolClient, entries: readonly HistoryEntry[] | undefined) => {
    if (entries && entries.length > 0) await client.query(INSERT_HISTORY, [historyParam(entries)]);
  };

  /** Writes the testbed row if it still has `base` (null: a new id); throws Stale otherwise. */
  const writeRecord = async (client: pg.PoolClient, record: TestbedRecord, base: number | null): Promise<TestbedRow> => {
    const params = recordParams(record);
    const { rows } =
      base === null
        ? await client.query<TestbedRow>(
            `INSERT INTO testbeds (id, testbed_name, status, user_email, user_name, registered_time, purpose, expected_release_time, labels, description, maintenance)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (id) DO NOTHING RETURNING ${TESTBED_COLUMNS}`,
            params,
          )
        : await client.query<TestbedRow>(
            `UPDATE testbeds SET testbed_name = $2, status = $3, user_email = $4, user_name = $5, registered_time = $6, purpose = $7,
               expected_release_time = $8, labels = $9, description = $10, maintenance = $11, version = version + 1, updated_at = now()
             WHERE id = $1 AND version = $12 AND retired_at IS NULL RETURNING ${TESTBED_COLUMNS}`,
            [...params, base],
          );
    if (!rows[0]) throw new Stale('testbeds', record.id);
    await notify(client, `testbeds:${record.id}`);
    return rows[0];
  };

  const writeEntry = async (client: pg.PoolClient, entry: LifecycleEntry, base: number | null): Promise<LifecycleRow> => {
    const { rows } =
      base === null
        ? await client.query<LifecycleRow>(
            'INSERT INTO lifecycle (testbed_id, entry) VALUES ($1, $2) ON CONFLICT (testbed_id) DO NOTHING RETURNING testbed_id, entry, version',
            [entry.testbed_id, entryValue(entry)],
          )
        : await client.query<LifecycleRow>(
            'UPDATE lifecycle SET entry = $2, version = version + 1 WHERE testbed_id = $1 AND version = $3 RETURNING testbed_id, entry, version',
            [entry.testbed_id, entryValue(entry), base],
          );
    if (!rows[0]) throw new Stale('lifecycle', entry.testbed_id);
    await notify(client, `lifecycle:${entry.testbed_id}`);
    return rows[0];
  };

  /** After a lost race: takes in what is stored now and says so with STORE_CONFLICT. */
  const conflict = async (stale: Stale, what: string): Promise<StoreError> => {
    let current: unknown = null;
    try {
      if (stale.table === 'testbeds') {
        const row = await readTestbedRow(context.pool, stale.id);
        if (row) {
          cache.applyTestbed(row);
          current = row.retired_at === null ? recordOf(row) : null;
        }
      } else if (stale.table === 'lifecycle') {
        const row = await readLifecycleRow(context.pool, stale.id);
        if (row) cache.applyLifecycle(row);
        current = row ? lifecycleOf(row) : emptyLifecycle(stale.id);
      } else {
        const row = await readDigestRow(context.pool);
        if (row) cache.applyDigest(row);
        current = cache.digest ? { ...cache.digest.value } : null;
      }
    } catch (error) {
      return storeUnavailable(error, context.url, `reading ${what} after a conflicting change`);
    }
    return new StoreError('STORE_CONFLICT', where, `${what} was not saved: another instance changed it first`, { current });
  };

  /** A unique-name violation from the database: names the testbed that holds the name now. */
  const nameClash = async (record: TestbedRecord): Promise<StoreError> => {
    const { rows } = await context.pool
      .query<TestbedRow>(`SELECT ${TESTBED_COLUMNS} FROM testbeds WHERE lower(btrim(testbed_name)) = lower(btrim($1)) AND retired_at IS NULL AND id <> $2`, [
        record.testbed_name,
        record.id,
      ])
      .catch(() => ({ rows: [] as TestbedRow[] }));
    if (rows[0]) cache.applyTestbed(rows[0]);
    return nameTaken(record, rows[0] ?? { id: 0, testbed_name: record.testbed_name });
  };

  /** Runs a change, turning a lost race, a name clash and database failures into StoreErrors. */
  const change = async <T>(what: string, clashing: TestbedRecord | null | (() => TestbedRecord | null), work: (client: pg.PoolClient) => Promise<T>): Promise<T> => {
    try {
      return await transaction(`saving ${what}`, work);
    } catch (error) {
      if (error instanceof Stale) throw await conflict(error, what);
      const record = typeof clashing === 'function' ? clashing() : clashing;
      if (record && (error as { code?: unknown }).code === '23505' && /testbeds_name_unique/.test(String((error as { constraint?: unknown }).constraint))) {
        throw await nameClash(record);
      }
      if ((error as { code?: unknown }).code === '23503') {
        throw new StoreError('STORE_NOT_FOUND', where, `${what} was not saved: there is no such testbed`);
      }
      throw writeFailed(error, `saving ${what}`);
    }
  };

  const checkEntry = (entry: LifecycleEntry) => {
    const problems = lifecycleEntryProblems(entry);
    if (problems.length > 0) {
      throw new StoreError('STORE_RECORD_INVALID', where, `lifecycle of testbed ${String(entry?.testbed_id)} was not saved: ${problems.join('; ')}`, { problems });
    }
    return structuredClone(entry);
  };

  const frozenRecords = new FrozenCopies<TestbedRecord>(copy);
  const frozenEntries = new FrozenCopies<LifecycleEntry>((entry) => structuredClone(entry));

  const testbeds: TestbedRepository = {
    all: () => cache.liveInOrder().map((item) => copy(item.value)),
    snapshot: () => frozenRecords.list(cache.liveInOrder().map((item) => item.value)),
    get(id) {
      const found = cache.live.get(id);
      return found ? copy(found.value) : undefined;
    },
    retired: () => [...cache.retired.values()].map(({ value }) => ({ ...value })).sort((a, b) => a.id - b.id),
    async save(record, options: SaveOptions = {}) {
      const [prepared] = prepare([record]);
      const entry = options.lifecycle ? checkEntry(options.lifecycle) : undefined;
      checkChanges([prepared]);
      if (options.signal?.aborted) throw cancelled(`testbed ${prepared.id}`);
      // The versions this instance's view is based on, taken now: a newer row means a lost race.
      const base = cache.live.get(prepared.id)?.version ?? null;
      const entryBase = entry ? (cache.lifecycle.get(entry.testbed_id)?.version ?? null) : null;
      const { row, life } = await change(`testbed ${prepared.id}`, prepared, async (client) => {
        if (options.signal?.aborted) throw cancelled(`testbed ${prepared.id}`);
        const saved = await writeRecord(client, prepared, base);
        const written = entry ? await writeEntry(client, entry, entryBase) : undefined;
        await insertHistory(client, options.history);
        return { row: saved, life: written };
      });
      cache.applyTestbed(row);
      if (life) cache.applyLifecycle(life);
      return recordOf(row);
    },
    async saveMany(records) {
      if (records.length === 0) return;
      const prepared = prepare(records);
      checkChanges(prepared);
      const bases = prepared.map((record) => cache.live.get(record.id)?.version ?? null);
      let current: TestbedRecord | null = null;
      const rows = await change('several testbeds', () => current, async (client) => {
        const written: TestbedRow[] = [];
        for (const [index, record] of prepared.entries()) {
          current = record;
          written.push(await writeRecord(client, record, bases[index]));
        }
        return written;
      });
      for (const row of rows) cache.applyTestbed(row);
    },
    async add(testbed: NewTestbed, options = {}) {
      const draft: TestbedRecord = copy({ ...testbed, id: 1, status: 'available', user_email: null, user_name: null, registered_time: null, purpose: null, expected_release_time: null });
      const problems = testbedRecordProblems(draft);
      if (problems.length > 0) throw invalid({}, problems);
      const owner = cache.names.get(nameKey(draft.testbed_name));
      const holder = owner === undefined ? undefined : cache.live.get(owner);
      if (holder) throw nameTaken(draft, holder.value);
      const row = await change(`new testbed "${draft.testbed_name}"`, draft, async (client) => {
        // One instance at a time picks the next id: the highest ever given (retired ones too) plus one.
        await client.query('SELECT pg_advisory_xact_lock($1, $2)', [...ADD_TESTBED_LOCK]);
        const { rows } = await client.query<{ next: number }>('SELECT coalesce(max(id), 0) + 1 AS next FROM testbeds');
        draft.id = rows[0].next;
        const saved = await writeRecord(client, draft, null);
        await insertHistory(client, options.history?.(recordOf(saved)));
        return saved;
      });
      cache.applyTestbed(row);
      return recordOf(row);
    },
    async retire(id, options): Promise<RetiredTestbed> {
      if (options.signal?.aborted) throw cancelled(`testbed ${id}`);
      const known = cache.live.get(id);
      if (!known) throw new StoreError('STORE_NOT_FOUND', where, `testbed ${id} was not retired: there is no such testbed`);
      if (known.value.status !== 'available') throw invalid(known.value, [`testbed ${id} is in use and cannot be retired`]);
      const row = await change(`testbed ${id}`, null, async (client) => {
        const { rows } = await client.query<TestbedRow>(
          `UPDATE testbeds SET retired_at = $3, version = version + 1, updated_at = now()
           WHERE id = $1 AND version = $2 AND retired_at IS NULL AND status = 'available' RETURNING ${TESTBED_COLUMNS}`,
          [id, known.version, options.at],
        );
        if (!rows[0]) throw new Stale('testbeds', id);
        await notify(client, `testbeds:${id}`);
        await insertHistory(client, options.history);
        return rows[0];
      });
      cache.applyTestbed(row);
      return { id, testbed_name: row.testbed_name, retired_at: row.retired_at!.toISOString() };
    },
  };

  /** The entries that say something, in testbed order (as the JSON file keeps them). */
  const storedEntries = () =>
    [...cache.lifecycle.values()]
      .map(({ value }) => value)
      .filter((entry) => !isEmptyEntry(entry))
      .sort((a, b) => a.testbed_id - b.testbed_id);

  const lifecycle: LifecycleRepository = {
    all: () => storedEntries().map((entry) => structuredClone(entry)),
    snapshot: () => frozenEntries.list(storedEntries()),
    get(testbedId) {
      const found = cache.lifecycle.get(testbedId);
      return found ? structuredClone(found.value) : emptyLifecycle(testbedId);
    },
    async save(entry, options = {}) {
      const prepared = checkEntry(entry);
      if (options.signal?.aborted) throw cancelled(`lifecycle of testbed ${prepared.testbed_id}`);
      const base = cache.lifecycle.get(prepared.testbed_id)?.version ?? null;
      const row = await change(`lifecycle of testbed ${prepared.testbed_id}`, null, async (client) => {
        if (options.signal?.aborted) throw cancelled(`lifecycle of testbed ${prepared.testbed_id}`);
        const saved = await writeEntry(client, prepared, base);
        await insertHistory(client, options.history);
        return saved;
      });
      cache.applyLifecycle(row);
      return lifecycleOf(row);
    },
    digest: () => (cache.digest ? { last_posted_for: cache.digest.value.last_posted_for } : null),
    async saveDigest(facts) {
      const problems = digestFactsProblems(facts);
      if (problems.length > 0) throw new StoreError('STORE_RECORD_INVALID', where, `the digest fact was not saved: ${problems.join('; ')}`, { problems });
      const prepared: DigestFacts = { last_posted_for: facts.last_posted_for };
      const base = cache.digest?.version ?? null;
      const row = await change('the digest fact', null, async (client) => {
        const { rows } =
          base === null
            ? await client.query<{ value: unknown; version: number }>(
                `INSERT INTO bot_state (name, value) VALUES ('digest', $1) ON CONFLICT (name) DO NOTHING RETURNING value, version`,
                [JSON.stringify(prepared)],
              )
            : await client.query<{ value: unknown; version: number }>(
                `UPDATE bot_state SET value = $1, version = version + 1 WHERE name = 'digest' AND version = $2 RETURNING value, version`,
                [JSON.stringify(prepared), base],
              );
        if (!rows[0]) throw new Stale('digest', 0);
        await notify(client, 'bot_state:digest');
        return rows[0];
      });
      cache.applyDigest(row);
    },
  };

  const history: HistoryLog = {
    path: `${where}#history`,
    async append(entries) {
      if (entries.length === 0) return;
      try {
        await transaction('history lines', (client) => insertHistory(client, entries));
      } catch (error) {
        throw writeFailed(error, 'appending history lines');
      }
    },
    async readSince(since) {
      const sinceMs = isoUtcMs(since, { secondsOptional: true });
      if (sinceMs === null) return [];
      try {
        const { rows } = await context.pool.query<{ line: unknown }>('SELECT line FROM history WHERE at >= $1 ORDER BY seq', [new Date(sinceMs).toISOString()]);
        return rows.map((row) => historyEntryOf(row.line)).filter((entry): entry is HistoryEntry => entry !== null);
      } catch (error) {
        throw storeUnavailable(error, context.url, 'reading the history');
      }
    },
    // The pool is closed with the store.
    close: async () => undefined,
  };

  return {
    testbeds,
    lifecycle,
    broadcastRooms: { all: () => cache.rooms.map((room) => ({ ...room })) },
    history,
  };
}
