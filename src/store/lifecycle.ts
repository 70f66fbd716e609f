/**
 * The lifecycle repository: reminder facts, wait-lists, holds and asks per testbed. Reads return
 * copies (an empty entry for a testbed with none); saves are validated, serialized and atomic.
 */
import { emptyLifecycle, type HistoryEntry, type LifecycleEntry } from '../domain.js';
import type { JsonDocument } from './db.js';
import { StoreError } from './errors.js';
import { FrozenCopies } from './frozen-copies.js';
import { digestFactsProblems, lifecycleEntryProblems, type DigestFacts, type LifecycleDocument } from './lifecycle-schema.js';

export type { DigestFacts } from './lifecycle-schema.js';

export interface LifecycleRepository {
  all(): LifecycleEntry[];
  /** The entries as they are now, frozen and shared instead of copied (see TestbedRepository.snapshot). */
  snapshot(): readonly LifecycleEntry[];
  get(testbedId: number): LifecycleEntry;
  /**
   * Replaces the entry of its testbed (an empty entry removes it); resolves with a copy once it is
   * on disk and its `history` lines are appended (a failed append is logged; the change stands).
   */
  save(entry: LifecycleEntry, options?: { signal?: AbortSignal; history?: readonly HistoryEntry[] }): Promise<LifecycleEntry>;
  /** The daily digest's fact (the last digest posted), or null before the first one. */
  digest(): DigestFacts | null;
  /** Replaces the digest's fact; resolves once it is on disk. */
  saveDigest(facts: DigestFacts): Promise<void>;
}

const copy = (entry: LifecycleEntry): LifecycleEntry => structuredClone(entry);

/** True when the entry says nothing (it is then left out of the file). */
function isEmpty(entry: LifecycleEntry): boolean {
  return entry.notices === null && entry.queue.length === 0 && entry.offer === null && entry.asks.length === 0;
}

export function createLifecycleRepository(
  document: JsonDocument<LifecycleDocument>,
  recordHistory: (entries: readonly HistoryEntry[] | undefined) => Promise<void> = async () => undefined,
): LifecycleRepository {
  const file = document.file;
  const frozen = new FrozenCopies<LifecycleEntry>(copy);
  return {
    all: () => document.data.lifecycle.map(copy),
    snapshot: () => frozen.list(document.data.lifecycle),
    get(testbedId) {
      const found = document.data.lifecycle.find((entry) => entry.testbed_id === testbedId);
      return found ? copy(found) : emptyLifecycle(testbedId);
    },
    async save(entry, options = {}) {
      const problems = lifecycleEntryProblems(entry);
      if (problems.length > 0) {
        throw new StoreError('STORE_RECORD_INVALID', file, `lifecycle of testbed ${String(entry?.testbed_id)} was not saved: ${problems.join('; ')}`, { problems });
      }
      const prepared = copy(entry);
      await document.update((current) => {
        if (options.signal?.aborted) {
          throw new StoreError('STORE_CANCELLED', file, `lifecycle of testbed ${prepared.testbed_id} was not saved: the request was withdrawn before the write`);
        }
        const others = current.lifecycle.filter((item) => item.testbed_id !== prepared.testbed_id);
        return { ...current, lifecycle: isEmpty(prepared) ? others : [...others, prepared].sort((a, b) => a.testbed_id - b.testbed_id) };
      });
      await recordHistory(options.history);
      return copy(prepared);
    },
    digest() {
      const facts = document.data.digest;
      return facts ? { last_posted_for: facts.last_posted_for } : null;
    },
    async saveDigest(facts) {
      const problems = digestFactsProblems(facts);
      if (problems.length > 0) {
        throw new StoreError('STORE_RECORD_INVALID', file, `the digest fact was not saved: ${problems.join('; ')}`, { problems });
      }
      const prepared: DigestFacts = { last_posted_for: facts.last_posted_for };
      await document.update((current) => ({ ...current, digest: prepared }));
    },
  };
}
