/**
 * The one error type the Webex adapter throws. It carries what callers need to
 * decide (code, HTTP status, whether retrying later can help) and what an admin
 * needs to ask Webex support (the platform's message and TrackingID) — and
 * never the access token, an Authorization header or proxy credentials.
 */
import { scrub } from '../../secrets.js';

export type PlatformErrorCode =
  | 'unauthorized' // 401 / socket 4401: the token is bad — fatal, stop and alert
  | 'forbidden' // 403
  | 'not_found' // 404
  | 'bad_request' // 400 or a request we refused to send
  | 'rate_limited' // 429 / 423 that we could not wait out
  | 'server_error' // 5xx
  | 'network' // connection failed or was cut
  | 'timeout' // no answer within requestTimeoutMs
  | 'invalid_response' // answer we could not parse
  | 'socket_rejected' // socket closed with 4400 / 4403 / 1003: no retry
  | 'device_cap' // 403 "User has excessive device registrations" even after cleanup
  | 'stopped' // the platform was stopped while the call was pending
  | 'http_error'; // any other status

export interface PlatformErrorDetails {
  status?: number;
  retryable?: boolean;
  /** The platform's own `message` from the error body (scrubbed). */
  platformMessage?: string;
  trackingId?: string;
  method?: string;
  /** Request path without query string or credentials. */
  path?: string;
}

export class PlatformError extends Error {
  override readonly name = 'PlatformError';
  readonly code: PlatformErrorCode;
  readonly status?: number;
  readonly retryable: boolean;
  readonly platformMessage?: string;
  readonly trackingId?: string;
  readonly method?: string;
  readonly path?: string;

  constructor(code: PlatformErrorCode, message: string, details: PlatformErrorDetails = {}) {
    super(message);
    this.code = code;
    this.status = details.status;
    this.retryable = details.retryable ?? false;
    this.platformMessage = details.platformMessage;
    this.trackingId = details.trackingId;
    this.method = details.method;
    this.path = details.path;
  }

  /** Errors after which the adapter must stop rather than retry (bad token). */
  get fatal(): boolean {
    return this.code === 'unauthorized';
  }
}

export function isPlatformError(error: unknown): error is PlatformError {
  return error instanceof PlatformError;
}

export function codeForStatus(status: number): PlatformErrorCode {
  if (status === 400) return 'bad_request';
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 423 || status === 429) return 'rate_limited';
  if (status >= 500) return 'server_error';
  return 'http_error';
}

/** A URL made safe for messages: no credentials, no query string. */
export function safePath(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname}`;
  } catch {
    return scrub(url.split('?')[0] ?? '');
  }
}
