/**
 * The testbed repository: the only way testbed records change. Reads return copies; saves are
 * validated (null user fields when available, filled when in use, UTC times, names unique ignoring
 * case), serialized and written atomically.
 */
import type { TestbedRecord } from '../domain.js';
import type { JsonDocument } from './db.js';
import { StoreError } from './errors.js';
import { testbedRecordProblems, type TestbedsDocument } from './schema.js';

export interface TestbedRepository {
  all(): TestbedRecord[];
  get(id: number): TestbedRecord | undefined;
  /**
   * Replaces the record with the same id (or appends a new one); resolves with a copy once it is on disk.
   * When `signal` is aborted before the write's turn comes, nothing is written (STORE_CANCELLED).
   */
  save(record: TestbedRecord, options?: { signal?: AbortSignal }): Promise<TestbedRecord>;
  /** Saves several records in one write: all of them or none. */
  saveMany(records: TestbedRecord[]): Promise<void>;
}

const copy = (record: TestbedRecord): TestbedRecord => ({
  id: record.id,
  testbed_name: record.testbed_name,
  status: record.status,
  user_email: record.user_email,
  user_name: record.user_name,
  registered_time: record.registered_time,
  purpose: record.purpose,
  expected_release_time: record.expected_release_time,
});

export function createTestbedRepository(document: JsonDocument<TestbedsDocument>): TestbedRepository {
  const file = document.file;

  const invalid = (record: unknown, problems: string[]) => {
    const id = (record as { id?: unknown } | null)?.id;
    const label = typeof id === 'number' ? `testbed ${id}` : 'testbed record';
    return new StoreError('STORE_RECORD_INVALID', file, `${label} was not saved: ${problems.join('; ')}`, { problems });
  };

  /** Validates records on their own and takes a private copy of each, before anything is queued. */
  const prepare = (records: TestbedRecord[]): TestbedRecord[] =>
    records.map((record) => {
      const problems = testbedRecordProblems(record);
      if (problems.length > 0) throw invalid(record, problems);
      return copy(record);
    });

  /** Applies the changes to a new array, refusing duplicate ids in one batch and name clashes. */
  const apply = (current: TestbedsDocument, changes: TestbedRecord[]): TestbedsDocument => {
    const testbeds = current.testbeds.slice();
    const positions = new Map(testbeds.map((r, i) => [r.id, i]));
    const seen = new Set<number>();
    for (const record of changes) {
      if (seen.has(record.id)) throw invalid(record, [`id ${record.id} appears more than once in one save`]);
      seen.add(record.id);
      const at = positions.get(record.id);
      if (at === undefined) {
        positions.set(record.id, testbeds.length);
        testbeds.push(record);
      } else {
        testbeds[at] = record;
      }
    }
    const owners = new Map<string, TestbedRecord>();
    for (const record of testbeds) {
      const key = record.testbed_name.trim().toLowerCase();
      const other = owners.get(key);
      if (other) {
        const [changed, kept] = seen.has(record.id) ? [record, other] : [other, record];
        throw invalid(changed, [
          `testbed_name "${changed.testbed_name}" is already used by testbed ${kept.id} ("${kept.testbed_name}"); names must be unique (ignoring case)`,
        ]);
      }
      owners.set(key, record);
    }
    return { ...current, testbeds };
  };

  return {
    all: () => document.data.testbeds.map(copy),
    get(id) {
      const found = document.data.testbeds.find((r) => r.id === id);
      return found ? copy(found) : undefined;
    },
    async save(record, options = {}) {
      const [prepared] = prepare([record]);
      await document.update((current) => {
        if (options.signal?.aborted) {
          throw new StoreError('STORE_CANCELLED', file, `testbed ${prepared.id} was not saved: the request was withdrawn before the write`);
        }
        return apply(current, [prepared]);
      });
      return copy(prepared);
    },
    async saveMany(records) {
      if (records.length === 0) return;
      const prepared = prepare(records);
      await document.update((current) => apply(current, prepared));
    },
  };
}
