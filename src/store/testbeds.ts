/**
 * The testbed repository: the only way testbed records change. Reads return copies; saves are
 * validated (null user fields when available, filled when in use, UTC times, names unique ignoring
 * case, labels, description and maintenance as documented), serialized and written atomically.
 * A change's history lines are appended after the document write and before the save resolves.
 */
import type { HistoryEntry, LifecycleEntry, RetiredTestbed, TestbedExtras, TestbedRecord } from '../domain.js';
import { copyRecord as copy, nextTestbedId } from '../lab-rules.js';
import type { JsonDocument } from './db.js';
import { StoreError } from './errors.js';
import { testbedRecordProblems, type TestbedsDocument } from './schema.js';
import { FrozenCopies } from './frozen-copies.js';
import { TestbedIndex } from './testbed-index.js';

export interface SaveOptions {
  /** When aborted before the write's turn comes, nothing is written (STORE_CANCELLED). */
  signal?: AbortSignal;
  /** Appended to the history once the document is written (a failed append is logged; the change stands). */
  history?: readonly HistoryEntry[];
  /**
   * The testbed's lifecycle entry, saved with the record: in the same transaction on PostgreSQL
   * (both or neither), right after the record for the JSON files.
   */
  lifecycle?: LifecycleEntry;
}

/** A new testbed: its name and optional fields (the id is given by the store). */
export interface NewTestbed extends TestbedExtras {
  testbed_name: string;
}

export interface TestbedRepository {
  all(): TestbedRecord[];
  /**
   * The records as they are now, for readers that only look: frozen and shared instead of copied,
   * each record the same object until it changes, and the same array until any of them does.
   */
  snapshot(): readonly TestbedRecord[];
  get(id: number): TestbedRecord | undefined;
  /** The retired testbeds (their ids are never given out again). */
  retired(): RetiredTestbed[];
  /**
   * Replaces the record with the same id (or appends a new one); resolves with a copy once it is on disk.
   * A name another record has (ignoring case) is refused with STORE_NAME_TAKEN.
   */
  save(record: TestbedRecord, options?: SaveOptions): Promise<TestbedRecord>;
  /** Saves several records in one write: all of them or none. */
  saveMany(records: TestbedRecord[]): Promise<void>;
  /**
   * Adds an available testbed with the next free id (one more than every id in `testbeds` and
   * `retired`); `history` builds the lines from the record as saved.
   */
  add(testbed: NewTestbed, options?: { history?: (record: TestbedRecord) => HistoryEntry[] }): Promise<TestbedRecord>;
  /**
   * Moves a free testbed to the `retired` list. STORE_NOT_FOUND for an unknown id; a testbed in
   * use is refused (STORE_RECORD_INVALID).
   */
  retire(id: number, options: SaveOptions & { at: string }): Promise<RetiredTestbed>;
}


export function createTestbedRepository(
  document: JsonDocument<TestbedsDocument>,
  recordHistory: (entries: readonly HistoryEntry[] | undefined) => Promise<void> = async () => undefined,
): TestbedRepository {
  const file = document.file;

  const invalid = (record: unknown, problems: string[], code: 'STORE_RECORD_INVALID' | 'STORE_NAME_TAKEN' = 'STORE_RECORD_INVALID') => {
    const id = (record as { id?: unknown } | null)?.id;
    const label = typeof id === 'number' ? `testbed ${id}` : 'testbed record';
    return new StoreError(code, file, `${label} was not saved: ${problems.join('; ')}`, { problems });
  };

  /** Validates records on their own and takes a private copy of each, before anything is queued. */
  const prepare = (records: TestbedRecord[]): TestbedRecord[] =>
    records.map((record) => {
      const problems = testbedRecordProblems(record);
      if (problems.length > 0) throw invalid(record, problems);
      return copy(record);
    });

  const cancelled = (what: string) => new StoreError('STORE_CANCELLED', file, `${what} was not saved: the request was withdrawn before the write`);

  /** Positions and names of the testbeds, carried from one save to the next. */
  const index = new TestbedIndex();

  /** Applies the changes to a new array, refusing duplicate ids in one batch, retired ids and name clashes. */
  const apply = (current: TestbedsDocument, changes: TestbedRecord[]): TestbedsDocument => {
    const result = index.apply(current.testbeds, current.retired, changes);
    if ('refused' in result) {
      const { record, problem, nameTaken } = result.refused;
      throw invalid(record, [problem], nameTaken ? 'STORE_NAME_TAKEN' : 'STORE_RECORD_INVALID');
    }
    return { ...current, testbeds: result.testbeds };
  };

  const frozen = new FrozenCopies<TestbedRecord>(copy);

  return {
    all: () => document.data.testbeds.map(copy),
    snapshot: () => frozen.list(document.data.testbeds),
    get(id) {
      const found = index.find(document.data.testbeds, id);
      return found ? copy(found) : undefined;
    },
    retired: () => (document.data.retired ?? []).map((r) => ({ id: r.id, testbed_name: r.testbed_name, retired_at: r.retired_at })),
    async save(record, options = {}) {
      const [prepared] = prepare([record]);
      await document.update((current) => {
        if (options.signal?.aborted) throw cancelled(`testbed ${prepared.id}`);
        return apply(current, [prepared]);
      });
      await recordHistory(options.history);
      return copy(prepared);
    },
    async saveMany(records) {
      if (records.length === 0) return;
      const prepared = prepare(records);
      await document.update((current) => apply(current, prepared));
    },
    async add(testbed, options = {}) {
      const draft: TestbedRecord = {
        ...copy({ ...testbed, id: 1, status: 'available', user_email: null, user_name: null, registered_time: null, purpose: null, expected_release_time: null }),
      };
      const problems = testbedRecordProblems(draft);
      if (problems.length > 0) throw invalid({}, problems);
      let added: TestbedRecord | undefined;
      await document.update((current) => {
        added = { ...draft, id: nextTestbedId(current.testbeds, current.retired ?? []) };
        return apply(current, [added]);
      });
      const saved = copy(added!);
      await recordHistory(options.history?.(saved));
      return saved;
    },
    async retire(id, options) {
      let retired: RetiredTestbed | undefined;
      await document.update((current) => {
        if (options.signal?.aborted) throw cancelled(`testbed ${id}`);
        const record = current.testbeds.find((r) => r.id === id);
        if (!record) throw new StoreError('STORE_NOT_FOUND', file, `testbed ${id} was not retired: there is no such testbed`);
        if (record.status !== 'available') throw invalid(record, [`testbed ${id} is in use and cannot be retired`]);
        retired = { id, testbed_name: record.testbed_name, retired_at: options.at };
        return { ...current, testbeds: current.testbeds.filter((r) => r.id !== id), retired: [...(current.retired ?? []), retired] };
      });
      await recordHistory(options.history);
      return { ...retired! };
    },
  };
}
