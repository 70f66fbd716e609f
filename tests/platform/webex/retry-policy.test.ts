/** Pure table tests of the REST retry policy and backoff. */
import { describe, expect, it } from 'vitest';
import { backoffDelay } from '../../../src/platform/webex/backoff.js';
import { decideRetry, retryAfterMs, type AttemptOutcome } from '../../../src/platform/webex/retry-policy.js';

const timing = { backoffBaseMs: 1000, backoffCapMs: 32000, maxRetryAfterMs: 60_000, maxRateLimitRetries: 3, maxTransientRetries: 2 };
const fresh = { rateLimit: 0, transient: 0 };
const half = () => 0.5;

describe('decideRetry', () => {
  const table: Array<[string, string, AttemptOutcome, boolean, number?]> = [
    ['429 on POST waits Retry-After', 'POST', { kind: 'status', status: 429, retryAfter: '3' }, true, 3000],
    ['423 on POST waits Retry-After', 'POST', { kind: 'status', status: 423, retryAfter: '2' }, true, 2000],
    ['429 without Retry-After waits 15 s', 'GET', { kind: 'status', status: 429 }, true, 15000],
    ['429 with Retry-After 0 waits at least 1 s', 'GET', { kind: 'status', status: 429, retryAfter: '0' }, true, 1000],
    ['429 with a Retry-After above the maximum fails', 'POST', { kind: 'status', status: 429, retryAfter: '600' }, false],
    ['503 with Retry-After on POST waits it out', 'POST', { kind: 'status', status: 503, retryAfter: '4' }, true, 4000],
    ['503 without Retry-After on POST is not retried', 'POST', { kind: 'status', status: 503 }, false],
    ['500 on POST is not retried', 'POST', { kind: 'status', status: 500 }, false],
    ['502 on POST is not retried', 'POST', { kind: 'status', status: 502 }, false],
    ['502 on GET backs off', 'GET', { kind: 'status', status: 502 }, true, 750],
    ['504 on PUT backs off', 'PUT', { kind: 'status', status: 504 }, true, 750],
    ['503 on DELETE backs off', 'DELETE', { kind: 'status', status: 503 }, true, 750],
    ['400 is final', 'GET', { kind: 'status', status: 400 }, false],
    ['401 is final', 'GET', { kind: 'status', status: 401 }, false],
    ['404 is final', 'GET', { kind: 'status', status: 404 }, false],
    ['connection refused before sending a POST is retried', 'POST', { kind: 'network', sent: false }, true, 750],
    ['a reset after a POST may have been sent is not retried', 'POST', { kind: 'network', sent: true }, false],
    ['a reset on GET is retried', 'GET', { kind: 'network', sent: true }, true, 750],
  ];
  it.each(table)('%s', (_label, method, outcome, retry, delayMs) => {
    const decision = decideRetry(method, outcome, fresh, timing, half);
    expect(decision.retry).toBe(retry);
    if (retry && decision.retry) expect(decision.delayMs).toBe(delayMs);
  });

  it('stops after the configured number of rate-limit and transient retries', () => {
    expect(decideRetry('GET', { kind: 'status', status: 429, retryAfter: '1' }, { rateLimit: 3, transient: 0 }, timing).retry).toBe(false);
    expect(decideRetry('GET', { kind: 'status', status: 502 }, { rateLimit: 0, transient: 2 }, timing).retry).toBe(false);
    expect(decideRetry('GET', { kind: 'status', status: 502 }, { rateLimit: 5, transient: 1 }, timing).retry).toBe(true);
  });
});

describe('retryAfterMs', () => {
  it.each([
    [undefined, 15000],
    ['', 15000],
    ['garbage', 15000],
    ['7', 7000],
    ['0.2', 1000],
  ])('%j → %d ms', (header, ms) => {
    expect(retryAfterMs(header)).toBe(ms);
  });

  it('reads an HTTP date', () => {
    const now = Date.parse('2026-01-01T12:00:00Z');
    expect(retryAfterMs('Thu, 01 Jan 2026 12:00:30 GMT', now)).toBe(30_000);
  });
});

describe('backoffDelay', () => {
  it('doubles from the base, stays within [half, full] of the step and never exceeds the cap', () => {
    expect([0, 1, 2, 3].map((n) => backoffDelay(n, 1000, 32000, () => 0))).toEqual([500, 1000, 2000, 4000]);
    expect([0, 1, 2, 3].map((n) => backoffDelay(n, 1000, 32000, () => 1))).toEqual([1000, 2000, 4000, 8000]);
    expect(backoffDelay(10, 1000, 32000, () => 1)).toBe(32000);
    expect(backoffDelay(1000, 1000, 32000, () => 0)).toBe(16000);
  });
});
