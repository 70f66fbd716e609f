/**
 * Where each testbed sits in the document's array and who holds each name, kept from save to save
 * so a save checks and places its records in time proportional to the records it changes.
 *
 * The index describes one array: `apply` checks the changes against it, builds the next array and
 * moves the index over to that array. When it is asked about another array (the write of the last
 * one failed, a testbed was retired, the first save) it is rebuilt from that array, so it can never
 * answer for content it has not seen. A change that is refused leaves it as it was.
 */
import type { RetiredTestbed, TestbedRecord } from '../domain.js';

/** How names compare: ignoring case and surrounding spaces. */
export const nameKey = (name: string): string => name.trim().toLowerCase();

/** Why a change cannot be applied; `record` is the record the message is about. */
export interface IndexRefusal {
  record: TestbedRecord;
  problem: string;
  nameTaken: boolean;
}

export class TestbedIndex {
  private array: readonly TestbedRecord[] = [];
  private positions = new Map<number, number>();
  /** Name key → the record holding it. */
  private names = new Map<string, TestbedRecord>();
  private retiredArray: readonly RetiredTestbed[] | undefined;
  private retiredIds = new Set<number>();

  /** The record with `id` in `testbeds`. */
  find(testbeds: readonly TestbedRecord[], id: number): TestbedRecord | undefined {
    if (testbeds !== this.array) return testbeds.find((r) => r.id === id);
    const at = this.positions.get(id);
    return at === undefined ? undefined : testbeds[at];
  }

  /**
   * The array with `changes` in place (replaced by id, new ids appended in order), or the reason
   * the changes are refused: an id twice in the changes, a retired id, or a name that another
   * record would then share. The checks and their messages follow the order of the records in the
   * resulting array, as a scan of the whole array would report them.
   */
  apply(
    testbeds: readonly TestbedRecord[],
    retired: readonly RetiredTestbed[] | undefined,
    changes: readonly TestbedRecord[],
  ): { testbeds: TestbedRecord[] } | { refused: IndexRefusal } {
    this.follow(testbeds, retired);
    const seen = new Set<number>();
    for (const record of changes) {
      if (seen.has(record.id)) return refuse(record, `id ${record.id} appears more than once in one save`);
      if (this.retiredIds.has(record.id)) return refuse(record, `id ${record.id} belongs to a retired testbed and is never used again`);
      seen.add(record.id);
    }
    const clash = this.nameClash(testbeds, changes, seen);
    if (clash) return { refused: clash };

    const next = testbeds.slice();
    for (const record of changes) {
      const at = this.positions.get(record.id);
      if (at === undefined) continue;
      const before = next[at];
      const key = nameKey(before.testbed_name);
      if (this.names.get(key) === before) this.names.delete(key);
    }
    for (const record of changes) {
      const at = this.positions.get(record.id);
      if (at === undefined) {
        this.positions.set(record.id, next.length);
        next.push(record);
      } else {
        next[at] = record;
      }
      this.names.set(nameKey(record.testbed_name), record);
    }
    this.array = next;
    return { testbeds: next };
  }

  /**
   * The first name shared by two records of the resulting array, in array order: the later of the
   * two is reported when both are changes, the change when the other record stays as it is.
   */
  private nameClash(testbeds: readonly TestbedRecord[], changes: readonly TestbedRecord[], changed: Set<number>): IndexRefusal | undefined {
    let appended = testbeds.length;
    const holders = new Map<string, { record: TestbedRecord; at: number }[]>();
    for (const record of changes) {
      const at = this.positions.get(record.id) ?? appended++;
      const key = nameKey(record.testbed_name);
      let list = holders.get(key);
      if (!list) {
        list = [];
        const owner = this.names.get(key);
        if (owner && !changed.has(owner.id)) list.push({ record: owner, at: this.positions.get(owner.id)! });
        holders.set(key, list);
      }
      list.push({ record, at });
    }
    let first: { changed: TestbedRecord; kept: TestbedRecord; at: number } | undefined;
    for (const list of holders.values()) {
      if (list.length < 2) continue;
      const [a, b] = list.sort((x, y) => x.at - y.at);
      const [change, kept] = changed.has(b.record.id) ? [b.record, a.record] : [a.record, b.record];
      if (!first || b.at < first.at) first = { changed: change, kept, at: b.at };
    }
    if (!first) return undefined;
    const { changed: record, kept } = first;
    return {
      record,
      nameTaken: true,
      problem: `testbed_name "${record.testbed_name}" is already used by testbed ${kept.id} ("${kept.testbed_name}"); names must be unique (ignoring case)`,
    };
  }

  /** Makes the index describe `testbeds` and `retired`, rebuilding what describes other arrays. */
  private follow(testbeds: readonly TestbedRecord[], retired: readonly RetiredTestbed[] | undefined): void {
    if (testbeds !== this.array) {
      this.positions = new Map();
      this.names = new Map();
      testbeds.forEach((record, i) => {
        this.positions.set(record.id, i);
        this.names.set(nameKey(record.testbed_name), record);
      });
      this.array = testbeds;
    }
    if (retired !== this.retiredArray) {
      this.retiredIds = new Set((retired ?? []).map((r) => r.id));
      this.retiredArray = retired;
    }
  }
}

const refuse = (record: TestbedRecord, problem: string) => ({ refused: { record, problem, nameTaken: false } });
