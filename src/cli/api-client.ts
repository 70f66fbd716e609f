/**
 * The CLI's side of the HTTP API: one call, one outcome, and the exit code a shell can trust
 * (0 done, 2 usage, 3 none free / taken, 4 auth, 5 server unreachable, 1 anything else). Uses got
 * with no time-out and no retries: a hold that waits for a testbed may take up to an hour, and a
 * retried POST could hold twice.
 */
import got, { RequestError } from 'got';

export const EXIT = { ok: 0, failed: 1, usage: 2, unavailable: 3, auth: 4, unreachable: 5 } as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

export type Outcome<T> = { ok: true; body: T } | { ok: false; code: ExitCode; status: number | null; error: string; message: string };

export interface ApiClient {
  call<T>(method: 'GET' | 'POST', path: string, body?: unknown, options?: { signal?: AbortSignal }): Promise<Outcome<T>>;
}

/** The exit code for an HTTP answer's status and error code. */
export function exitFor(status: number, error: string): ExitCode {
  if (status === 401 || status === 403) return EXIT.auth;
  if (status === 409 && (error === 'none_free' || error === 'taken')) return EXIT.unavailable;
  if (status === 422 || status === 400) return EXIT.usage;
  return EXIT.failed;
}

const UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ETIMEDOUT', 'EPIPE']);

export function createApiClient(baseUrl: string, token: string): ApiClient {
  const client = got.extend({
    prefixUrl: baseUrl.replace(/\/+$/, ''),
    headers: { authorization: `Bearer ${token}` },
    throwHttpErrors: false,
    retry: { limit: 0 },
    responseType: 'text',
  });
  return {
    async call<T>(method: 'GET' | 'POST', path: string, body?: unknown, options: { signal?: AbortSignal } = {}): Promise<Outcome<T>> {
      let status: number;
      let text: string;
      try {
        const response = await client(path.replace(/^\//, ''), { method, json: method === 'POST' ? (body ?? {}) : undefined, signal: options.signal });
        status = response.statusCode;
        text = response.body;
      } catch (error) {
        const code = error instanceof RequestError ? error.code : undefined;
        const words = code && UNREACHABLE.has(code) ? `the API at ${baseUrl} cannot be reached (${code})` : `the request failed (${code ?? (error as Error).message})`;
        return { ok: false, code: code && UNREACHABLE.has(code) ? EXIT.unreachable : EXIT.failed, status: null, error: 'unreachable', message: words };
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return { ok: false, code: EXIT.failed, status, error: 'not_json', message: `the server at ${baseUrl} answered ${status} with something that is not JSON (is TESTBED_API_URL the bot's API?)` };
      }
      if (status >= 200 && status < 300) return { ok: true, body: parsed as T };
      const { error = 'unknown', message = `HTTP ${status}` } = (parsed ?? {}) as { error?: string; message?: string };
      return { ok: false, code: exitFor(status, error), status, error, message };
    },
  };
}
