import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RetiredTestbed, TestbedRecord } from '../../src/domain.js';
import { TestbedIndex } from '../../src/store/testbed-index.js';
import { available, inUse } from './records.js';

type Outcome = { testbeds: TestbedRecord[] } | { refused: { id: number; problem: string; nameTaken: boolean } };

/**
 * The rules written the plain way: place the changes, then scan the whole resulting array for a
 * name seen before. The index must give the same answers.
 */
function reference(testbeds: readonly TestbedRecord[], retired: readonly RetiredTestbed[], changes: readonly TestbedRecord[]): Outcome {
  const next = testbeds.slice();
  const seen = new Set<number>();
  for (const record of changes) {
    if (seen.has(record.id)) return { refused: { id: record.id, problem: `id ${record.id} appears more than once in one save`, nameTaken: false } };
    if (retired.some((r) => r.id === record.id)) {
      return { refused: { id: record.id, problem: `id ${record.id} belongs to a retired testbed and is never used again`, nameTaken: false } };
    }
    seen.add(record.id);
    const at = next.findIndex((r) => r.id === record.id);
    if (at < 0) next.push(record);
    else next[at] = record;
  }
  const owners = new Map<string, TestbedRecord>();
  for (const record of next) {
    const key = record.testbed_name.trim().toLowerCase();
    const other = owners.get(key);
    if (other) {
      const [changed, kept] = seen.has(record.id) ? [record, other] : [other, record];
      const problem = `testbed_name "${changed.testbed_name}" is already used by testbed ${kept.id} ("${kept.testbed_name}"); names must be unique (ignoring case)`;
      return { refused: { id: changed.id, problem, nameTaken: true } };
    }
    owners.set(key, record);
  }
  return { testbeds: next };
}

const outcomeOf = (result: ReturnType<TestbedIndex['apply']>): Outcome =>
  'refused' in result ? { refused: { id: result.refused.record.id, problem: result.refused.problem, nameTaken: result.refused.nameTaken } } : result;

describe('TestbedIndex', () => {
  it('gives the same results as a scan of the whole array, over any sequence of saves, refusals and failed writes', () => {
    const names = ['Lab A', 'lab a ', 'LAB-B', 'lab-b', 'Rig 1', 'rig 2', 'Rig 2', 'spare'];
    const change = fc.record({ id: fc.integer({ min: 1, max: 9 }), name: fc.constantFrom(...names), busy: fc.boolean() }).map(({ id, name, busy }) => (busy ? inUse(id, name) : available(id, name)));
    const step = fc.record({
      changes: fc.array(change, { minLength: 1, maxLength: 3 }),
      // The write of the last accepted change failed: the next change meets the previous array.
      writeFailed: fc.boolean(),
      retire: fc.option(fc.integer({ min: 1, max: 9 }), { freq: 8 }),
    });
    fc.assert(
      fc.property(fc.array(step, { maxLength: 25 }), (steps) => {
        const index = new TestbedIndex();
        let committed: TestbedRecord[] = [available(1, 'Lab A'), inUse(2, 'LAB-B'), available(3, 'spare')];
        let retired: RetiredTestbed[] = [];
        for (const { changes, writeFailed, retire } of steps) {
          const expected = reference(committed, retired, changes);
          const actual = outcomeOf(index.apply(committed, retired, changes));
          expect(actual).toEqual(expected);
          if ('testbeds' in actual && !writeFailed) committed = actual.testbeds;
          for (const record of committed) expect(index.find(committed, record.id)).toBe(record);
          expect(index.find(committed, 10)).toBeUndefined();
          if (retire !== null && committed.some((r) => r.id === retire)) {
            retired = [...retired, { id: retire, testbed_name: 'gone', retired_at: '2026-03-02T10:00:00.000Z' }];
            committed = committed.filter((r) => r.id !== retire);
          }
        }
      }),
      { numRuns: 400 },
    );
  });

  it('a rename frees the old name and claims the new one', () => {
    const index = new TestbedIndex();
    let testbeds: TestbedRecord[] = [available(1, 'Lab A'), available(2, 'Lab B')];
    const renamed = index.apply(testbeds, undefined, [available(1, 'Lab C')]);
    if (!('testbeds' in renamed)) throw new Error('the rename was refused');
    testbeds = renamed.testbeds;
    expect(index.apply(testbeds, undefined, [available(2, 'lab c')])).toMatchObject({
      refused: { nameTaken: true, problem: 'testbed_name "lab c" is already used by testbed 1 ("Lab C"); names must be unique (ignoring case)' },
    });
    expect(index.apply(testbeds, undefined, [available(3, ' LAB A ')])).toMatchObject({ testbeds: [available(1, 'Lab C'), available(2, 'Lab B'), available(3, ' LAB A ')] });
  });

  it('two records may swap names in one save', () => {
    const index = new TestbedIndex();
    const testbeds = [available(1, 'Lab A'), available(2, 'Lab B')];
    expect(index.apply(testbeds, undefined, [available(1, 'Lab B'), available(2, 'Lab A')])).toEqual({ testbeds: [available(1, 'Lab B'), available(2, 'Lab A')] });
  });

  it('a refused change leaves the index as it was', () => {
    const index = new TestbedIndex();
    const testbeds = [available(1, 'Lab A'), available(2, 'Lab B')];
    index.apply(testbeds, undefined, []);
    // Refused after record 1 was looked at: record 1 must keep its name and place.
    expect(index.apply(testbeds, undefined, [available(1, 'Lab Z'), available(3, 'lab b')])).toMatchObject({ refused: { record: { id: 3 } } });
    expect(index.apply(testbeds, undefined, [available(4, 'lab a')])).toMatchObject({ refused: { record: { id: 4 }, nameTaken: true } });
    expect(index.apply(testbeds, undefined, [available(4, 'Lab Z')])).toEqual({ testbeds: [...testbeds, available(4, 'Lab Z')] });
  });
});
