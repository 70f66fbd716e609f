/**
 * When to retry a REST call, and after how long. Pure: the REST client feeds it
 * what happened, it answers. Kept apart so the POST rules can be table-tested.
 */
import { backoffDelay } from './backoff.js';
import type { WebexTiming } from './options.js';

export type AttemptOutcome =
  | { kind: 'status'; status: number; retryAfter?: string }
  /** `sent: false` only when the connection failed before any byte of the request left. */
  | { kind: 'network'; sent: boolean };

export interface RetryCounters {
  rateLimit: number;
  transient: number;
}

export type RetryDecision =
  | { retry: true; delayMs: number; kind: 'rateLimit' | 'transient' }
  | { retry: false; why: string };

const DEFAULT_RETRY_AFTER_MS = 15_000;
const MIN_RETRY_AFTER_MS = 1_000;
const TRANSIENT_STATUSES = new Set([500, 502, 503, 504]);

/** Retry-After in seconds (or an HTTP date) → ms; default 15 s when missing/invalid; at least 1 s. */
export function retryAfterMs(header: string | undefined, now: number = Date.now()): number {
  if (header === undefined || header.trim() === '') return DEFAULT_RETRY_AFTER_MS;
  const value = header.trim();
  let ms: number;
  if (/^\d+(\.\d+)?$/.test(value)) ms = Number(value) * 1000;
  else {
    const date = Date.parse(value);
    ms = Number.isNaN(date) ? DEFAULT_RETRY_AFTER_MS : date - now;
  }
  return Math.max(MIN_RETRY_AFTER_MS, Math.round(ms));
}

export function decideRetry(
  method: string,
  outcome: AttemptOutcome,
  counters: RetryCounters,
  timing: Pick<WebexTiming, 'backoffBaseMs' | 'backoffCapMs' | 'maxRetryAfterMs' | 'maxRateLimitRetries' | 'maxTransientRetries'>,
  random: () => number = Math.random,
): RetryDecision {
  const isPost = method.toUpperCase() === 'POST';

  if (outcome.kind === 'status') {
    const { status, retryAfter } = outcome;
    // 429 and 423 mean "refused, come back later": the platform did NOT act on the request,
    // so repeating it is safe even for POST. The same holds for a 503 that carries
    // Retry-After (the platform's explicit "not processed, retry then").
    if (status === 429 || status === 423 || (status === 503 && retryAfter !== undefined)) {
      if (counters.rateLimit >= timing.maxRateLimitRetries) return { retry: false, why: 'too many rate-limit answers' };
      const delayMs = retryAfterMs(retryAfter);
      if (delayMs > timing.maxRetryAfterMs) return { retry: false, why: 'Retry-After longer than allowed' };
      return { retry: true, delayMs, kind: 'rateLimit' };
    }
    if (!TRANSIENT_STATUSES.has(status)) return { retry: false, why: 'status is final' };
    // A 5xx on POST does not prove the message was not created (the gateway may have timed
    // out after the backend stored it). Retrying could post it twice, so POST is never
    // retried here; the caller gets a retryable error and decides.
    if (isPost) return { retry: false, why: 'POST may already have been accepted' };
    if (counters.transient >= timing.maxTransientRetries) return { retry: false, why: 'too many failures' };
    return { retry: true, delayMs: backoffDelay(counters.transient, timing.backoffBaseMs, timing.backoffCapMs, random), kind: 'transient' };
  }

  // Network failure. For POST only a failure before the request was sent (connection refused,
  // name not resolved) proves the platform never saw it; a reset or time-out afterwards may
  // hide a created message, so no retry then.
  if (isPost && outcome.sent) return { retry: false, why: 'POST may already have been sent' };
  if (counters.transient >= timing.maxTransientRetries) return { retry: false, why: 'too many failures' };
  return { retry: true, delayMs: backoffDelay(counters.transient, timing.backoffBaseMs, timing.backoffCapMs, random), kind: 'transient' };
}
