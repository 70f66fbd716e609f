/**
 * Holds made through the API, through the same testbed actors as the chat: a hold is a claim in the
 * token's name (owner's email, token's name) of one or more testbeds, all or none. Its entry in the
 * holds document (hold id, time-to-live) is written just before the claims, so no booking made
 * through the API is ever on disk without it. Claims that fail take the entry (and any testbed
 * already claimed for it) away again; an entry left behind by a crash in between describes no
 * booking and is dropped at the next start.
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Holder, TestbedRecord } from '../domain.js';
import type { ClaimResult, ReleaseResult, TestbedFleet } from '../app/testbed-fleet.js';
import type { Store } from '../store/index.js';
import { isLive, type ApiHold, type ApiHoldRepository } from '../store/api-holds.js';
import type { ApiToken } from '../store/tokens.js';
import type { HoldKeepers } from './hold-keepers.js';
import { tokenHolder } from './view.js';

export interface HoldDeskDeps {
  store: Pick<Store, 'testbeds' | 'lifecycle'>;
  fleet: Pick<TestbedFleet, 'claim' | 'release' | 'lifecycle' | 'admin'>;
  holds: ApiHoldRepository;
  keepers: Pick<HoldKeepers, 'track' | 'renew' | 'forget'>;
  /** Releases a testbed whose hold was not renewed in time (its history says `expired`). */
  releaseExpired: (testbedId: number, holder: Holder, now: string) => Promise<ReleaseResult>;
  now: () => Date;
  logger: Logger;
}

export interface HoldAsk {
  token: ApiToken;
  testbedIds: number[];
  purpose: string;
  expectedRelease: string;
  ttlSeconds: number | null;
  /** The moment of the hold, the one `expectedRelease` was counted from, so `minutes` are exact. */
  now: string;
}

export type HoldAnswer = { ok: true; records: TestbedRecord[]; hold: ApiHold } | Extract<ClaimResult, { ok: false }>;

/** Who releases: the token that made the hold, or an admin token (a force release: the holder is told). */
export type Releaser = { token: ApiToken; own: boolean };

export interface HoldDesk {
  hold(ask: HoldAsk): Promise<HoldAnswer>;
  /** Releases one testbed; its hold entry loses the testbed (and goes when empty). */
  release(record: TestbedRecord, by: Releaser): Promise<ReleaseResult>;
  /** Releases every testbed the hold still has; resolves with the records as each release left them. */
  releaseHold(hold: ApiHold, by: Releaser): Promise<TestbedRecord[]>;
  /** The hold's testbeds whose bookings still exist (empty: the hold is over). */
  liveTestbeds(hold: ApiHold): TestbedRecord[];
  /** Stores a heartbeat and moves the deadline; undefined when the hold is gone or expiring. */
  heartbeat(hold: ApiHold): Promise<ApiHold | undefined>;
  /** Releases a hold that was not renewed in time (called by its watcher). */
  expire(holdId: string, now: string): Promise<void>;
  /** Drops entries whose bookings have ended, then watches the time-to-live of the others (start-up). */
  start(): Promise<void>;
}

export const deadlineOf = (hold: ApiHold): string | null =>
  hold.ttl_seconds === null ? null : new Date(Date.parse(hold.heartbeat_at) + hold.ttl_seconds * 1000).toISOString();

export function createHoldDesk(deps: HoldDeskDeps): HoldDesk {
  const { store, fleet, holds, keepers } = deps;
  /** Entries written for claims still in flight: never tidied away. */
  const inFlight = new Set<string>();

  const liveTestbeds = (hold: ApiHold): TestbedRecord[] =>
    hold.testbeds.flatMap((entry) => {
      const record = store.testbeds.get(entry.id);
      return record && isLive(hold, entry, record) ? [record] : [];
    });

  async function undo(entry: ApiHold, claimed: TestbedRecord[], holder: Holder): Promise<void> {
    const now = deps.now().toISOString();
    for (const record of claimed) {
      await fleet.release({ testbedId: record.id, by: holder, now, holderOnly: true }).catch((error) => deps.logger.error({ err: error, testbedId: record.id }, 'a part of a hold that failed could not be released'));
    }
    await holds.remove(entry.hold_id).catch((error) => deps.logger.warn({ err: error, holdId: entry.hold_id }, 'hold entry not removed after a failed hold'));
  }

  async function hold(ask: HoldAsk): Promise<HoldAnswer> {
    const now = ask.now;
    const holder = tokenHolder(ask.token);
    const entry: ApiHold = {
      hold_id: randomUUID(),
      token_name: ask.token.name,
      owner_email: ask.token.owner_email,
      testbeds: ask.testbedIds.map((id) => ({ id, registered_time: now })),
      created_at: now,
      ttl_seconds: ask.ttlSeconds,
      heartbeat_at: now,
    };
    inFlight.add(entry.hold_id);
    try {
      await holds.save(entry);
      const results = await Promise.allSettled(
        ask.testbedIds.map((testbedId) => fleet.claim({ testbedId, holder, purpose: ask.purpose, expectedRelease: ask.expectedRelease, now, via: 'api' })),
      );
      const claimed = results.flatMap((result) => (result.status === 'fulfilled' && result.value.ok ? [result.value.record] : []));
      if (claimed.length === ask.testbedIds.length) {
        const deadline = deadlineOf(entry);
        if (deadline) keepers.track(entry.hold_id, deadline);
        return { ok: true, records: claimed, hold: entry };
      }
      await undo(entry, claimed, holder);
      const thrown = results.find((result) => result.status === 'rejected');
      if (thrown) throw thrown.reason;
      const refused = results.find((result) => result.status === 'fulfilled' && !result.value.ok) as PromiseFulfilledResult<Extract<ClaimResult, { ok: false }>>;
      return refused.value;
    } catch (error) {
      await holds.remove(entry.hold_id).catch(() => undefined);
      throw error;
    } finally {
      inFlight.delete(entry.hold_id);
    }
  }

  /** A release in the token's name, or an admin's force release of somebody else's booking. */
  async function releaseOne(record: TestbedRecord, by: Releaser): Promise<ReleaseResult> {
    const now = deps.now().toISOString();
    if (by.own) return fleet.release({ testbedId: record.id, by: tokenHolder(by.token), now, holderOnly: true });
    const reason = `released through the API with the admin token ${by.token.name}`;
    const outcome = await fleet.admin({ request: { type: 'forceRelease', testbedId: record.id, reason }, by: tokenHolder(by.token), now });
    if (outcome.type === 'forceReleased') return { ok: true, record: outcome.record, previous: outcome.previous };
    if (outcome.type !== 'refused') throw new Error(`unexpected answer to a force release: ${outcome.type}`);
    const reasonOf = { unknown: 'unknown', not_in_use: 'not_in_use' } as const;
    return { ok: false, reason: reasonOf[outcome.reason as keyof typeof reasonOf] ?? 'busy', record: outcome.record };
  }

  async function release(record: TestbedRecord, by: Releaser): Promise<ReleaseResult> {
    const entry = holds.ofTestbed(record);
    const result = await releaseOne(record, by);
    if (result.ok && entry) await forgetTestbed(entry, record.id);
    return result;
  }

  /** The release is on disk either way; an entry that could not be updated describes no booking any more and goes at the next start. */
  async function forgetTestbed(entry: ApiHold, testbedId: number): Promise<void> {
    if (entry.testbeds.every((item) => item.id === testbedId)) keepers.forget(entry.hold_id);
    await holds.dropTestbed(entry.hold_id, testbedId).catch((error) => deps.logger.warn({ err: error, holdId: entry.hold_id }, 'hold entry not updated after a release'));
  }

  async function releaseHold(entry: ApiHold, by: Releaser): Promise<TestbedRecord[]> {
    const released: TestbedRecord[] = [];
    for (const record of liveTestbeds(entry)) {
      const result = await releaseOne(record, by);
      if (result.ok) released.push(result.record);
    }
    keepers.forget(entry.hold_id);
    await holds.remove(entry.hold_id).catch((error) => deps.logger.warn({ err: error, holdId: entry.hold_id }, 'hold entry not removed after a release'));
    return released;
  }

  async function heartbeat(entry: ApiHold): Promise<ApiHold | undefined> {
    const touched = await holds.touch(entry.hold_id, deps.now().toISOString());
    const deadline = touched ? deadlineOf(touched) : null;
    if (!touched || (deadline && !keepers.renew(touched.hold_id, deadline))) return undefined;
    return touched;
  }

  async function expire(holdId: string, now: string): Promise<void> {
    const entry = holds.get(holdId);
    if (!entry) return;
    for (const record of liveTestbeds(entry)) {
      const result = await deps.releaseExpired(record.id, { email: entry.owner_email, name: entry.token_name }, now);
      // Busy (a change being saved right now): the watcher tries again shortly.
      if (!result.ok && result.reason === 'busy') throw new Error(`testbed ${record.id} was busy; the expired hold is released on the next try`);
    }
    deps.logger.info({ holdId, tokenName: entry.token_name }, 'API hold expired (no heartbeat in time); released');
    await holds.remove(holdId);
  }

  return {
    hold,
    release,
    releaseHold,
    liveTestbeds,
    heartbeat,
    expire,
    async start() {
      await holds.prune((id) => store.testbeds.get(id), (holdId) => inFlight.has(holdId));
      for (const entry of holds.all()) {
        const deadline = deadlineOf(entry);
        if (deadline) keepers.track(entry.hold_id, deadline);
      }
    },
  };
}
