/**
 * REST client on undici's dispatcher (keep-alive connections, no per-call option merging): bearer
 * auth and a time-out on every call, JSON in and out, and our own retry policy (retry-policy.ts),
 * so that a POST is never repeated unless the platform proved it did not act on it. Failures
 * become PlatformError without the token or proxy credentials.
 */
import { createRequire } from 'node:module';
import type { Dispatcher, util as UndiciUtil } from 'undici';
import type { Logger } from 'pino';
import { sleep } from './backoff.js';
import { scrub } from '../../secrets.js';
import { PlatformError, codeForStatus, safePath } from './errors.js';
import { routeTemplate, silentMetrics, type PlatformMetrics } from './metrics.js';
import type { WebexTiming } from './options.js';
import { PROXY_REFUSED, explainRestProxyRefusal, restDispatcher } from './proxy.js';
import { decideRetry, type AttemptOutcome, type RetryCounters } from './retry-policy.js';

// From its own file rather than undici's index, like the Agent (proxy.ts).
const { parseHeaders } = createRequire(import.meta.url)('undici/lib/core/util.js') as typeof UndiciUtil;

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RestResponse<T> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | undefined>;
}

export interface RequestOptions {
  json?: unknown;
  /** A body already written as JSON, as its UTF-8 bytes (sent as they are, instead of `json`). */
  jsonBytes?: Buffer;
  /** Reads a successful answer's body (its bytes) instead of parsing all of it as JSON; throws when it is not JSON. */
  readBody?: (bytes: Buffer) => unknown;
  searchParams?: Record<string, string | number>;
}

export interface RestClient {
  /** `pathOrUrl` is relative to apiUrl (`people/me`) or absolute (device url, Link next). */
  request<T = unknown>(method: Method, pathOrUrl: string, options?: RequestOptions): Promise<RestResponse<T>>;
  get<T = unknown>(pathOrUrl: string, options?: RequestOptions): Promise<T>;
  /** Aborts in-flight requests and pending retry waits (used by stop()). */
  dispose(): void;
}

export interface RestConfig {
  apiUrl: string;
  token: string;
  timing: WebexTiming;
  logger: Logger;
  httpsProxy?: string;
  /** Counts every attempt by route template and status, and every rate-limit wait. */
  metrics?: PlatformMetrics;
  /** How a call waits before its retry (a 429's Retry-After, a backoff); default a timer. Tests pass a simulated clock. */
  retryWait?: RetryWait;
}

/** Resolves after `ms`, or rejects when the signal (the client stopping) aborts first. */
export type RetryWait = (ms: number, signal: AbortSignal) => Promise<void>;

/** Connection failures that happen before any byte of the request leaves this host. */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
  PROXY_REFUSED,
]);
/** Time-outs: ours for the whole attempt, and undici's for connecting, headers and body. */
const TIMEOUT_CODES = new Set(['REQUEST_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

type Headers = Record<string, string | string[] | undefined>;

/** Our own time-out fired: the request may have reached the platform. */
class RequestTimedOut extends Error {
  readonly code = 'REQUEST_TIMEOUT';
}

interface RawResponse {
  statusCode: number;
  headers: Headers;
  /** As it arrived: decoded only by whoever reads it. */
  body: Buffer;
}

function isAbsolute(pathOrUrl: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(pathOrUrl);
}

function parseBody(bytes: Buffer): unknown {
  if (bytes.length === 0) return undefined;
  return JSON.parse(bytes.toString('utf8'));
}

function header(res: RawResponse, name: string): string | undefined {
  const value = res.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

export function createRestClient(config: RestConfig): RestClient {
  const { token, timing, logger } = config;
  const metrics = config.metrics ?? silentMetrics;
  const retryWait = config.retryWait ?? sleep;
  const secrets = [token, config.httpsProxy ?? ''];
  // Aborts the retry waits on stop(); destroying the dispatcher ends the requests in flight.
  const controller = new AbortController();
  const dispatcher = restDispatcher(config.httpsProxy, timing.requestTimeoutMs);
  const apiBase = `${config.apiUrl.replace(/\/+$/, '')}/`;
  const plainHeaders = { authorization: `Bearer ${token}`, accept: 'application/json' };
  const jsonHeaders = { ...plainHeaders, 'content-type': 'application/json' };

  function urlOf(pathOrUrl: string, searchParams: RequestOptions['searchParams']): string {
    const url = isAbsolute(pathOrUrl) ? pathOrUrl : apiBase + pathOrUrl.replace(/^\/+/, '');
    if (!searchParams) return url;
    const withQuery = new URL(url);
    for (const [name, value] of Object.entries(searchParams)) withQuery.searchParams.set(name, String(value));
    return withQuery.href;
  }

  /**
   * One attempt, answer and body included, within `requestTimeoutMs` (our own timer: undici's
   * time-outs tick in half-second steps). It talks to undici's dispatcher directly: the answer is
   * gathered as it arrives, without the stream and abort signal its `request` sets up for each call.
   */
  function send(method: Method, pathOrUrl: string, options: RequestOptions): Promise<RawResponse> {
    const body = options.jsonBytes ?? (options.json !== undefined ? JSON.stringify(options.json) : undefined);
    const url = new URL(urlOf(pathOrUrl, options.searchParams));
    return new Promise<RawResponse>((resolve, reject) => {
      let abortRequest: ((reason: Error) => void) | undefined;
      let timedOut: RequestTimedOut | undefined;
      let statusCode = 0;
      let headers: Headers = {};
      const chunks: Buffer[] = [];
      const timer = setTimeout(() => {
        timedOut = new RequestTimedOut();
        if (abortRequest) abortRequest(timedOut);
        else reject(timedOut);
      }, timing.requestTimeoutMs);
      const handler: Dispatcher.DispatchHandlers = {
        onConnect(abort) {
          if (timedOut) abort(timedOut);
          else abortRequest = abort;
        },
        onHeaders(status, rawHeaders) {
          if (status < 200) return true;
          statusCode = status;
          headers = parseHeaders(rawHeaders) as Headers;
          return true;
        },
        onData(chunk) {
          chunks.push(chunk);
          return true;
        },
        onComplete() {
          clearTimeout(timer);
          resolve({ statusCode, headers, body: chunks.length === 1 ? chunks[0] : Buffer.concat(chunks) });
        },
        onError(error) {
          clearTimeout(timer);
          reject(error);
        },
      };
      try {
        dispatcher.dispatch(
          {
            origin: url.origin,
            path: url.search ? `${url.pathname}${url.search}` : url.pathname,
            method,
            headers: body !== undefined ? jsonHeaders : plainHeaders,
            body,
          },
          handler,
        );
      } catch (error) {
        clearTimeout(timer);
        reject(error);
      }
    });
  }

  function describe(method: string, pathOrUrl: string): string {
    return isAbsolute(pathOrUrl) ? safePath(pathOrUrl) : safePath(`${config.apiUrl.replace(/\/+$/, '')}/${pathOrUrl}`);
  }

  function httpError(method: Method, where: string, res: RawResponse): PlatformError {
    let body: { message?: unknown; trackingId?: unknown } | undefined;
    try {
      body = parseBody(res.body) as typeof body;
    } catch {
      body = undefined;
    }
    const platformMessage = typeof body?.message === 'string' ? scrub(body.message, secrets) : undefined;
    const trackingId = typeof body?.trackingId === 'string' ? body.trackingId : header(res, 'trackingid');
    const status = res.statusCode;
    return new PlatformError(codeForStatus(status), `${method} ${where} failed with HTTP ${status}${platformMessage ? `: ${platformMessage}` : ''}`, {
      status,
      retryable: status === 429 || status === 423 || status >= 500,
      platformMessage,
      trackingId,
      method,
      path: where,
    });
  }

  function networkError(method: Method, where: string, error: unknown): { error: PlatformError; sent: boolean } {
    const err = explainRestProxyRefusal(error) as { code?: string; message?: string };
    if (controller.signal.aborted) {
      return { error: new PlatformError('stopped', `${method} ${where} aborted: platform stopped`, { method, path: where }), sent: true };
    }
    const timedOut = TIMEOUT_CODES.has(err.code ?? '');
    const sent = !NOT_SENT_CODES.has(err.code ?? '');
    // A proxy refusal's message says what went wrong (e.g. HTTP 407); other errors are known by their code.
    const detail = scrub((err.code === PROXY_REFUSED ? err.message : err.code) ?? err.message ?? 'unknown error', secrets);
    const platformError = new PlatformError(
      timedOut ? 'timeout' : 'network',
      `${method} ${where} failed: ${timedOut ? `no answer within ${timing.requestTimeoutMs} ms` : detail}`,
      { retryable: true, method, path: where },
    );
    return { error: platformError, sent };
  }

  async function request<T>(method: Method, pathOrUrl: string, options: RequestOptions = {}): Promise<RestResponse<T>> {
    // Where the request went, as logs and errors show it: worked out only when something is logged or fails.
    let described: string | undefined;
    const where = () => (described ??= describe(method, pathOrUrl));
    const route = routeTemplate(pathOrUrl, config.apiUrl);
    const counters: RetryCounters = { rateLimit: 0, transient: 0 };
    for (;;) {
      let outcome: AttemptOutcome;
      let failure: PlatformError;
      try {
        if (controller.signal.aborted) throw new PlatformError('stopped', `${method} ${where()} aborted: platform stopped`, { method, path: where() });
        const res = await send(method, pathOrUrl, options);
        if (logger.isLevelEnabled('debug')) logger.debug({ method, path: where(), status: res.statusCode, trackingId: header(res, 'trackingid') }, 'rest call');
        metrics.restRequest(method, route, String(res.statusCode));
        if (res.statusCode < 400) {
          try {
            return { status: res.statusCode, body: (options.readBody ?? parseBody)(res.body) as T, headers: res.headers };
          } catch {
            throw new PlatformError('invalid_response', `${method} ${where()} returned a body that is not JSON`, {
              status: res.statusCode, method, path: where(), trackingId: header(res, 'trackingid'),
            });
          }
        }
        failure = httpError(method, where(), res);
        outcome = { kind: 'status', status: res.statusCode, retryAfter: header(res, 'retry-after') };
      } catch (error) {
        if (error instanceof PlatformError) throw error;
        const network = networkError(method, where(), error);
        if (network.error.code === 'stopped') throw network.error;
        metrics.restRequest(method, route, network.error.code === 'timeout' ? 'timeout' : 'network');
        failure = network.error;
        outcome = { kind: 'network', sent: network.sent };
      }
      const decision = decideRetry(method, outcome, counters, timing);
      if (!decision.retry) {
        logger.debug({ method, path: where(), code: failure.code, status: failure.status, why: decision.why }, 'rest call failed');
        throw failure;
      }
      counters[decision.kind] += 1;
      if (decision.kind === 'rateLimit') metrics.rateLimitWait(route, decision.delayMs);
      logger.warn({ method, path: where(), status: failure.status, code: failure.code, reason: failure.message, delayMs: decision.delayMs, trackingId: failure.trackingId }, 'rest call will be retried');
      try {
        await retryWait(decision.delayMs, controller.signal);
      } catch {
        throw new PlatformError('stopped', `${method} ${where()} aborted: platform stopped`, { method, path: where() });
      }
    }
  }

  return {
    request,
    async get<T>(pathOrUrl: string, options?: RequestOptions): Promise<T> {
      return (await request<T>('GET', pathOrUrl, options)).body;
    },
    dispose() {
      controller.abort(new PlatformError('stopped', 'platform stopped'));
      dispatcher.destroy().catch(() => undefined);
    },
  };
}
