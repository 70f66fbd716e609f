/** Options of `createWebexPlatform` and the timing defaults (overridable in tests). */
import type { Logger } from 'pino';
import type { PlatformMetrics } from './metrics.js';
import type { RetryWait } from './rest.js';

export interface WebexTiming {
  /** App-level ping interval once connected. */
  pingIntervalMs: number;
  /** A pong must echo the ping id within this time. */
  pongTimeoutMs: number;
  /** No frame at all for this long ⇒ the socket is dead (also bounds the auth phase). */
  silenceTimeoutMs: number;
  /** Capped exponential backoff (socket reconnects and REST retries). */
  backoffBaseMs: number;
  backoffCapMs: number;
  /** A connection that stayed up this long resets the reconnect backoff. */
  backoffResetAfterMs: number;
  /** Time-out of every REST request and of the WebSocket handshake. */
  requestTimeoutMs: number;
  /** A Retry-After longer than this is not waited out; the call fails (retryable). */
  maxRetryAfterMs: number;
  /** How many 429/423 answers one call waits out before giving up. */
  maxRateLimitRetries: number;
  /** How many 5xx / network failures one (idempotent) call retries. */
  maxTransientRetries: number;
  /** Pause between deleting our stale devices and retrying the registration. */
  deviceCleanupDelayMs: number;
  /** After a reconnect, messages sent while the socket was down and younger than this are fetched and handled. 0 = off. */
  catchUpMaxAgeMs: number;
}

export const DEFAULT_TIMING: WebexTiming = {
  pingIntervalMs: 15_000,
  pongTimeoutMs: 14_000,
  silenceTimeoutMs: 45_000,
  backoffBaseMs: 1_000,
  backoffCapMs: 32_000,
  backoffResetAfterMs: 60_000,
  requestTimeoutMs: 10_000,
  maxRetryAfterMs: 300_000,
  maxRateLimitRetries: 10,
  maxTransientRetries: 4,
  deviceCleanupDelayMs: 2_000,
  catchUpMaxAgeMs: 10 * 60_000,
};

export interface WebexPlatformOptions {
  accessToken: string;
  /** REST base with the /v1 segment, e.g. https://webexapis.com/v1 */
  apiUrl: string;
  /** U2C base, e.g. https://u2c.wbx2.com/u2c/api/v1 */
  discoveryUrl: string;
  /** Device collection URL (…/wdm/api/v1/devices); skips discovery when set. */
  devicesUrl?: string;
  /** Proxy for REST, discovery and device calls (http or https URL, may carry credentials). */
  httpsProxy?: string;
  /** Proxy for the WebSocket (http, https or socks5 URL). */
  wssProxy?: string;
  logger: Logger;
  /** Fixed, unique device name (default 'testbed-monitor-bot'). */
  deviceName?: string;
  timing?: Partial<WebexTiming>;
  /** How long an activity id is remembered for de-duplication (default 5 min). */
  dedupeWindowMs?: number;
  /** How many activity ids are remembered at most (default 5000). */
  dedupeMaxSize?: number;
  /** Receives counts for monitoring (events, REST calls, rate-limit waits, socket); default: none kept. */
  metrics?: PlatformMetrics;
  /** How a REST call waits before its retry; default a timer. Tests pass a simulated clock. */
  retryWait?: RetryWait;
  /** The clock that stamps each event's `receivedAt`; default the system clock. */
  now?: () => Date;
}

export const DEFAULT_DEVICE_NAME = 'testbed-monitor-bot';
export const DEFAULT_DEDUPE_WINDOW_MS = 5 * 60_000;
export const DEFAULT_DEDUPE_MAX_SIZE = 5_000;

export function resolveTiming(overrides: Partial<WebexTiming> = {}): WebexTiming {
  const timing = { ...DEFAULT_TIMING };
  for (const [key, value] of Object.entries(overrides)) {
    if (typeof value === 'number' && Number.isFinite(value) && value >= 0) {
      timing[key as keyof WebexTiming] = value;
    }
  }
  return Object.freeze(timing);
}
