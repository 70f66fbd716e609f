/**
 * Pipelines asking for "any N testbeds with label X" (`POST /api/v1/holds`), in arrival order. Every
 * request passes through here, also one that does not wait, so a newer request never jumps the line.
 * A pass (run one at a time) hands the free testbeds out with `allocate`; it runs when a request
 * arrives or leaves and whenever the fleet says a testbed changed (a release in chat, a lapsed
 * hand-off, the end of maintenance). The line lives in memory on purpose: a waiting request is an
 * open HTTP connection, and nothing is left to wait for once the bot or the client has gone.
 *
 * A person waiting in chat for one particular testbed comes first for that testbed: while its
 * wait-list is offered it, it is not free here.
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { allocate, type FreeTestbed, type Want } from './allocate.js';

export interface WaitingRequest<G> {
  label: string | null;
  quantity: number;
  /** Claims exactly these testbeds, all or none; null when one was taken meanwhile. */
  grant(testbedIds: number[]): Promise<G | null>;
}

export type Admission<G> = { ok: true; granted: G } | { ok: false; reason: 'none_free' | 'gone' | 'closed' };

interface Waiter<G> extends Want {
  request: WaitingRequest<G>;
  settle(admission: Admission<G>): void;
  /** A grant is being made for it right now: it cannot leave until that is settled. */
  granting: boolean;
  leaving: Admission<G> | null;
  /** A pass has looked at it: a request that may not wait leaves only after that. */
  considered: boolean;
  /** Its waiting time is up (it leaves once considered). */
  expired: boolean;
  /** "Waiting in line" was logged for it. */
  told: boolean;
}

export interface WaitingRoom {
  /**
   * Joins the line; resolves when the request is granted, when `waitMs` has passed (`none_free`;
   * 0 = only what is free now), when `signal` aborts (`gone`), or when the room closes.
   */
  join<G>(request: WaitingRequest<G>, options: { waitMs: number; signal?: AbortSignal }): Promise<Admission<G>>;
  /** Something may have become free: hand it out. */
  wake(): void;
  /** Requests waiting right now (for tests and logs). */
  size(): number;
  close(): void;
}

export function createWaitingRoom(deps: { free: () => FreeTestbed[]; logger: Logger }): WaitingRoom {
  const line: Waiter<unknown>[] = [];
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;

  function remove(waiter: Waiter<unknown>): void {
    const at = line.indexOf(waiter);
    if (at >= 0) line.splice(at, 1);
  }

  /** Takes a waiter out of the line (now, or once its grant in flight is settled). */
  function leave(waiter: Waiter<unknown>, admission: Admission<unknown>): void {
    if (waiter.granting) {
      waiter.leaving ??= admission;
      return;
    }
    if (!line.includes(waiter)) return;
    remove(waiter);
    if (!admission.ok && admission.reason !== 'none_free') deps.logger.info({ reason: admission.reason, waiting: line.length }, 'hold request left the line');
    waiter.settle(admission);
    wake();
  }

  async function pass(): Promise<void> {
    const looked = [...line];
    for (const waiter of looked) waiter.considered = true;
    try {
      const grants = allocate(line, deps.free());
      await Promise.all(line.filter((waiter) => grants.has(waiter.id)).map((waiter) => grantTo(waiter, grants.get(waiter.id)!)));
    } finally {
      for (const waiter of looked) {
        if (waiter.expired) leave(waiter, { ok: false, reason: 'none_free' });
        else if (!waiter.told && line.includes(waiter) && !waiter.granting) {
          waiter.told = true;
          deps.logger.info({ label: waiter.label, quantity: waiter.quantity, position: line.indexOf(waiter) + 1 }, 'hold request waiting in line');
        }
      }
    }
  }

  async function grantTo(waiter: Waiter<unknown>, testbedIds: number[]): Promise<void> {
    waiter.granting = true;
    let result: unknown = null;
    let failed = false;
    try {
      result = await waiter.request.grant(testbedIds);
    } catch (error) {
      failed = true;
      deps.logger.error({ err: error }, 'a waiting hold could not be granted; it keeps its place');
    } finally {
      waiter.granting = false;
    }
    if (result !== null) {
      remove(waiter);
      waiter.settle({ ok: true, granted: result });
      return;
    }
    // Taken meanwhile (a booking in chat, say): look again at once. A failure waits for the next change.
    if (!failed) again = true;
    if (waiter.leaving) leave(waiter, waiter.leaving);
  }

  function wake(): void {
    if (closed || line.length === 0) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        await pass();
      } while (again && line.length > 0 && !closed);
    })()
      .catch((error) => deps.logger.error({ err: error }, 'handing out free testbeds failed'))
      .finally(() => {
        running = null;
      });
  }

  return {
    join<G>(request: WaitingRequest<G>, options: { waitMs: number; signal?: AbortSignal }): Promise<Admission<G>> {
      if (closed) return Promise.resolve({ ok: false, reason: 'closed' });
      return new Promise<Admission<G>>((resolve) => {
        let timer: NodeJS.Timeout | undefined;
        const waiter: Waiter<G> = {
          id: randomUUID(),
          label: request.label?.toLowerCase() ?? null,
          quantity: request.quantity,
          request,
          granting: false,
          leaving: null,
          considered: false,
          expired: false,
          told: false,
          settle: (admission) => {
            clearTimeout(timer);
            options.signal?.removeEventListener('abort', onAbort);
            resolve(admission);
          },
        };
        const onAbort = () => leave(waiter as Waiter<unknown>, { ok: false, reason: 'gone' });
        line.push(waiter as Waiter<unknown>);
        options.signal?.addEventListener('abort', onAbort, { once: true });
        const expire = () => {
          waiter.expired = true;
          if (waiter.considered) leave(waiter as Waiter<unknown>, { ok: false, reason: 'none_free' });
        };
        if (options.waitMs <= 0) waiter.expired = true;
        else timer = setTimeout(expire, options.waitMs);
        wake();
      });
    },
    wake,
    size: () => line.length,
    close() {
      closed = true;
      for (const waiter of line.splice(0)) waiter.settle({ ok: false, reason: 'closed' });
    },
  };
}
