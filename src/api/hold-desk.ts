/**
 * Holds made through the API, through the same testbed actors as the chat: a hold is a claim in the
 * token's name (owner's email, token's name), and its entry in the holds document (hold id,
 * time-to-live) is written just before the claim, so no booking made through the API is ever on
 * disk without it. A claim that is refused takes its entry away again; an entry left behind by a
 * crash in between describes no booking and is dropped at the next start.
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Holder, TestbedRecord } from '../domain.js';
import type { ClaimResult, ReleaseResult, TestbedFleet } from '../app/testbed-fleet.js';
import type { Store } from '../store/index.js';
import type { ApiHold, ApiHoldRepository } from '../store/api-holds.js';
import type { ApiToken } from '../store/tokens.js';
import { tokenHolder } from './view.js';

export interface HoldDeskDeps {
  store: Pick<Store, 'testbeds' | 'lifecycle'>;
  fleet: Pick<TestbedFleet, 'claim' | 'release' | 'lifecycle'>;
  holds: ApiHoldRepository;
  now: () => Date;
  logger: Logger;
}

export interface HoldAsk {
  token: ApiToken;
  testbedId: number;
  purpose: string;
  expectedRelease: string;
  ttlSeconds: number | null;
}

export type HoldAnswer = { ok: true; record: TestbedRecord; hold: ApiHold } | Extract<ClaimResult, { ok: false }>;

export interface HoldDesk {
  hold(ask: HoldAsk): Promise<HoldAnswer>;
  /** Releases the testbed in `by`'s name; its hold entry loses the testbed (and goes when empty). */
  release(record: TestbedRecord, by: Holder, holderOnly: boolean): Promise<ReleaseResult>;
  /** Drops entries whose bookings have ended (start-up). */
  tidy(): Promise<void>;
}

export function createHoldDesk(deps: HoldDeskDeps): HoldDesk {
  const { store, fleet, holds } = deps;
  /** Entries written for claims still in flight: never tidied away. */
  const inFlight = new Set<string>();

  async function hold(ask: HoldAsk): Promise<HoldAnswer> {
    const now = deps.now().toISOString();
    const entry: ApiHold = {
      hold_id: randomUUID(),
      token_name: ask.token.name,
      owner_email: ask.token.owner_email,
      testbeds: [{ id: ask.testbedId, registered_time: now }],
      created_at: now,
      ttl_seconds: ask.ttlSeconds,
      heartbeat_at: now,
    };
    inFlight.add(entry.hold_id);
    try {
      await holds.save(entry);
      let result: ClaimResult;
      try {
        result = await fleet.claim({ testbedId: ask.testbedId, holder: tokenHolder(ask.token), purpose: ask.purpose, expectedRelease: ask.expectedRelease, now });
      } catch (error) {
        await holds.remove(entry.hold_id).catch(() => undefined);
        throw error;
      }
      if (!result.ok) {
        await holds.remove(entry.hold_id);
        return result;
      }
      return { ok: true, record: result.record, hold: entry };
    } finally {
      inFlight.delete(entry.hold_id);
    }
  }

  async function release(record: TestbedRecord, by: Holder, holderOnly: boolean): Promise<ReleaseResult> {
    const entry = holds.ofTestbed(record);
    const result = await fleet.release({ testbedId: record.id, by, now: deps.now().toISOString(), holderOnly });
    if (result.ok && entry) {
      // The release is on disk either way; an entry that could not be updated describes no booking any more
      // and is dropped at the next start.
      await holds.dropTestbed(entry.hold_id, record.id).catch((error) => deps.logger.warn({ err: error, holdId: entry.hold_id }, 'hold entry not updated after a release'));
    }
    return result;
  }

  return {
    hold,
    release,
    tidy: () => holds.prune((id) => store.testbeds.get(id), (holdId) => inFlight.has(holdId)),
  };
}
