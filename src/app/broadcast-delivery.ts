/**
 * Posts one broadcast to many rooms: a bounded number of posts in flight, retries
 * with exponential backoff for errors the caller classifies as retryable (the REST
 * client already waits out 429 Retry-After; this retries what is left), and a
 * result for every room exactly once, so no room is ever dropped silently.
 */
import type { BroadcastDeliveryResult, DeliveryRoom } from '../domain.js';
import { backoffDelay, sleep as wait } from '../platform/webex/backoff.js';
import { scrub } from '../secrets.js';

export type { DeliveryRoom } from '../domain.js';

export interface DeliverBroadcastOptions {
  rooms: readonly DeliveryRoom[];
  send: (roomId: string) => Promise<void>;
  /** Posts in flight at once (default 4). */
  concurrency?: number;
  /** Tries per room including the first (default 4). */
  maxAttempts?: number;
  isRetryable: (error: unknown) => boolean;
  sleep?: (ms: number) => Promise<void>;
  /** First backoff delay in ms (default 500), doubled per attempt up to maxDelayMs (default 8000), with equal jitter. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Jitter source in [0, 1) (default Math.random). */
  random?: () => number;
  /** Turns an error into a short report reason; the default keeps status/code and a redacted message. */
  describeError?: (error: unknown) => string;
}

/** Report text is shown in a room: besides credentials, every long opaque string (tokens, ids) goes. */
function redact(text: string): string {
  return scrub(text, [], { hideLongRuns: true }).replace(/\s+/g, ' ').trim();
}

export function describeDeliveryError(error: unknown): string {
  if (error === null || typeof error !== 'object') return 'unknown error';
  const candidate = error as { status?: unknown; statusCode?: unknown; code?: unknown; message?: unknown };
  const status = typeof candidate.status === 'number' ? candidate.status : candidate.statusCode;
  const parts: string[] = [];
  if (typeof status === 'number') parts.push(`HTTP ${status}`);
  if (typeof candidate.code === 'string' && candidate.code.length <= 40) parts.push(candidate.code);
  if (typeof candidate.message === 'string' && candidate.message.trim() !== '') parts.push(redact(candidate.message).slice(0, 160));
  return parts.length > 0 ? parts.join(': ') : 'unknown error';
}

function positiveInt(value: number | undefined, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 1 ? Math.floor(value) : fallback;
}

export async function deliverBroadcast(options: DeliverBroadcastOptions): Promise<BroadcastDeliveryResult[]> {
  const concurrency = positiveInt(options.concurrency, 4);
  const maxAttempts = positiveInt(options.maxAttempts, 4);
  const sleep = options.sleep ?? ((ms: number) => wait(ms));
  const baseDelay = options.baseDelayMs ?? 500;
  const maxDelay = options.maxDelayMs ?? 8_000;
  const random = options.random ?? Math.random;
  const describe = options.describeError ?? describeDeliveryError;

  // One result per distinct room id, in the order given.
  const rooms: DeliveryRoom[] = [];
  const seen = new Set<string>();
  for (const room of options.rooms) {
    if (seen.has(room.roomId)) continue;
    seen.add(room.roomId);
    rooms.push(room);
  }
  const results: BroadcastDeliveryResult[] = new Array(rooms.length);

  const retryable = (error: unknown): boolean => {
    try {
      return options.isRetryable(error) === true;
    } catch {
      return false;
    }
  };
  const reasonFor = (error: unknown, attempts: number): string => {
    let reason: string;
    try {
      reason = describe(error);
    } catch {
      reason = 'unknown error';
    }
    return attempts > 1 ? `${reason} (after ${attempts} attempts)` : reason;
  };

  async function deliverOne(room: DeliveryRoom): Promise<BroadcastDeliveryResult> {
    for (let attempt = 1; ; attempt++) {
      try {
        await Promise.resolve().then(() => options.send(room.roomId));
        return { roomId: room.roomId, name: room.name, delivered: true };
      } catch (error) {
        if (attempt >= maxAttempts || !retryable(error)) {
          return { roomId: room.roomId, name: room.name, delivered: false, reason: reasonFor(error, attempt) };
        }
        try {
          await sleep(backoffDelay(attempt - 1, baseDelay, maxDelay, random));
        } catch {
          // A failed wait only shortens the pause; the room is still tried again.
        }
      }
    }
  }

  let next = 0;
  async function worker(): Promise<void> {
    while (next < rooms.length) {
      const index = next++;
      results[index] = await deliverOne(rooms[index]);
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, rooms.length) }, () => worker()));
  return results;
}
