/**
 * Holds made through the HTTP API (`API_HOLDS_DB_NAME`, default `api_holds.json` beside the testbed
 * document): which token made which hold, its `hold_id`, and its time-to-live. The testbed record
 * stays the truth about who holds a testbed; an entry here only describes a booking while that
 * booking exists (same testbed, same `registered_time`, same holder). Entries whose booking has
 * ended (released in chat, say) are stale and are dropped by `prune`.
 */
import * as yup from 'yup';
import type { TestbedRecord } from '../domain.js';
import { JsonDocument } from './db.js';
import { StoreError } from './errors.js';
import { problemsOf } from './schema.js';
import { timestamp } from './lifecycle-schema.js';

export interface ApiHoldTestbed {
  id: number;
  /** The booking's `registered_time`: ties the entry to that one booking. */
  registered_time: string;
}

export interface ApiHold {
  hold_id: string;
  /** The token's name: the records' `user_name`. */
  token_name: string;
  /** The token's owner: the records' `user_email`. */
  owner_email: string;
  testbeds: ApiHoldTestbed[];
  /** ISO 8601 UTC. */
  created_at: string;
  /** Released by the bot when not renewed within this many seconds; null: no time-to-live. */
  ttl_seconds: number | null;
  /** ISO 8601 UTC: the last heartbeat (or the creation); the time-to-live counts from here. */
  heartbeat_at: string;
}

export interface ApiHoldsDocument {
  holds: ApiHold[];
}

const text = () => yup.string().typeError('${path} must be a string').defined('${path} is missing').nonNullable('${path} must be a string').min(1, '${path} must not be empty');

const holdSchema = yup
  .object({
    hold_id: text(),
    token_name: text(),
    owner_email: text().email('${path} must be an email address'),
    testbeds: yup
      .array(
        yup
          .object({
            id: yup.number().typeError('${path} must be a number').defined('${path} is missing').integer('${path} must be a whole number').positive('${path} must be positive'),
            registered_time: timestamp(),
          })
          .noUnknown('${path} has unknown field(s): ${unknown}'),
      )
      .typeError('${path} must be an array')
      .defined('${path} is missing'),
    created_at: timestamp(),
    ttl_seconds: yup.number().typeError('${path} must be a number or null').nullable().defined('${path} is missing (use null)').integer('${path} must be a whole number').min(1, '${path} must be positive'),
    heartbeat_at: timestamp(),
  })
  .noUnknown('${path} has unknown field(s): ${unknown}')
  .typeError('${path} must be an object');

const documentSchema = yup
  .object({
    holds: yup
      .array(holdSchema)
      .typeError('holds must be an array')
      .defined('the document has no "holds" array')
      .test('unique', 'holds lists a hold_id twice', (holds) => {
        const ids = (holds ?? []).map((hold) => hold?.hold_id);
        return new Set(ids).size === ids.length;
      }),
  })
  .noUnknown('the document has unknown top-level field(s): ${unknown}');

/** True while the testbed's current booking is the one this entry describes. */
export function isLive(hold: ApiHold, entry: ApiHoldTestbed, record: TestbedRecord | undefined): boolean {
  return (
    record !== undefined &&
    record.status === 'in_use' &&
    record.registered_time === entry.registered_time &&
    record.user_name === hold.token_name &&
    record.user_email?.toLowerCase() === hold.owner_email.toLowerCase()
  );
}

export interface ApiHoldRepository {
  all(): ApiHold[];
  get(holdId: string): ApiHold | undefined;
  /** The entry describing the testbed's current booking, if it was made through the API. */
  ofTestbed(record: TestbedRecord): ApiHold | undefined;
  /** Adds or replaces the entry with the same hold_id; resolves once it is on disk. */
  save(hold: ApiHold): Promise<ApiHold>;
  remove(holdId: string): Promise<void>;
  /** Stores a heartbeat; resolves with the updated hold (undefined when there is no such hold). */
  touch(holdId: string, at: string): Promise<ApiHold | undefined>;
  /** Takes one testbed out of a hold (the hold goes when it has none left). */
  dropTestbed(holdId: string, testbedId: number): Promise<void>;
  /**
   * Drops testbeds whose booking has ended, and entries left with none; `keep` spares entries whose
   * booking is still being made (written just before the claim).
   */
  prune(recordOf: (id: number) => TestbedRecord | undefined, keep?: (holdId: string) => boolean): Promise<void>;
  close(): Promise<void>;
}

const copy = (hold: ApiHold): ApiHold => structuredClone(hold);

export async function openApiHolds(file: string): Promise<ApiHoldRepository> {
  const document = await JsonDocument.open<ApiHoldsDocument>({
    file,
    empty: () => ({ holds: [] }),
    problems: (doc) => problemsOf(documentSchema, doc),
  });
  const pruned = (holds: ApiHold[], recordOf: (id: number) => TestbedRecord | undefined, keep: (holdId: string) => boolean) =>
    holds
      .map((hold) => (keep(hold.hold_id) ? hold : { ...hold, testbeds: hold.testbeds.filter((entry) => isLive(hold, entry, recordOf(entry.id))) }))
      .filter((hold) => hold.testbeds.length > 0);
  return {
    all: () => document.data.holds.map(copy),
    get(holdId) {
      const found = document.data.holds.find((hold) => hold.hold_id === holdId);
      return found ? copy(found) : undefined;
    },
    ofTestbed(record) {
      const found = document.data.holds.find((hold) => hold.testbeds.some((entry) => entry.id === record.id && isLive(hold, entry, record)));
      return found ? copy(found) : undefined;
    },
    async save(hold) {
      const problems = problemsOf(holdSchema, hold, 'the hold');
      if (problems.length > 0) throw new StoreError('STORE_RECORD_INVALID', file, `hold ${String(hold?.hold_id)} was not saved: ${problems.join('; ')}`, { problems });
      const prepared = copy(hold);
      await document.update((current) => ({ holds: [...current.holds.filter((item) => item.hold_id !== prepared.hold_id), prepared] }));
      return copy(prepared);
    },
    async remove(holdId) {
      if (!document.data.holds.some((hold) => hold.hold_id === holdId)) return;
      await document.update((current) => ({ holds: current.holds.filter((hold) => hold.hold_id !== holdId) }));
    },
    async touch(holdId, at) {
      let touched: ApiHold | undefined;
      await document.update((current) => ({
        holds: current.holds.map((hold) => (hold.hold_id === holdId ? (touched = { ...hold, heartbeat_at: at }) : hold)),
      }));
      return touched ? copy(touched) : undefined;
    },
    async dropTestbed(holdId, testbedId) {
      await document.update((current) => ({
        holds: current.holds
          .map((hold) => (hold.hold_id === holdId ? { ...hold, testbeds: hold.testbeds.filter((entry) => entry.id !== testbedId) } : hold))
          .filter((hold) => hold.testbeds.length > 0),
      }));
    },
    async prune(recordOf, keep = () => false) {
      if (JSON.stringify(pruned(document.data.holds, recordOf, keep)) === JSON.stringify(document.data.holds)) return;
      await document.update((current) => ({ holds: pruned(current.holds, recordOf, keep) }));
    },
    close: () => document.close(),
  };
}
