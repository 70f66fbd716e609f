/**
 * What the adapter reports for monitoring, as plain calls: whoever builds the
 * adapter decides what to do with them (the app feeds a Prometheus registry).
 * Every value passed here is a fixed word or a route template; ids, emails,
 * message text and tokens never are.
 */
import type { ConnectionState, PlatformEvent } from '../port.js';

/** Why an inbound activity did not become an event. */
export type DropReason = 'duplicate' | 'unreadable' | 'fetch_failed' | 'invalid';

export interface PlatformMetrics {
  /** An activity became an event and is on its way to the handlers. */
  eventReceived(type: PlatformEvent['type']): void;
  eventDropped(reason: DropReason): void;
  /** One HTTP attempt: `status` is the status code, or `network` / `timeout` when there was no answer. */
  restRequest(method: string, route: string, status: string): void;
  /** A 429 (or 423, or 503 with Retry-After) is being waited out for `delayMs`. */
  rateLimitWait(route: string, delayMs: number): void;
  /** A socket other than the first one was confirmed. */
  reconnected(): void;
  socketState(state: ConnectionState): void;
}

export const silentMetrics: PlatformMetrics = {
  eventReceived() {},
  eventDropped() {},
  restRequest() {},
  rateLimitWait() {},
  reconnected() {},
  socketState() {},
};

/** Path segments that are part of an API's shape; any other segment is an id. */
const ROUTE_WORDS = new Set([
  'v1', 'api', 'wdm', 'u2c', 'limited', 'catalog', 'devices',
  'people', 'me', 'messages', 'direct', 'attachment', 'actions', 'rooms', 'memberships', 'teams', 'webhooks',
]);

/**
 * The route template of a request: `messages/{id}`, `people/me`,
 * `wdm/api/v1/devices/{id}`. Relative to `apiUrl` when the URL lies under it;
 * host, query and every id-like segment are left out.
 */
export function routeTemplate(pathOrUrl: string, apiUrl: string): string {
  let path = pathOrUrl;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(pathOrUrl)) {
    const base = apiUrl.replace(/\/+$/, '');
    if (pathOrUrl.startsWith(`${base}/`)) path = pathOrUrl.slice(base.length + 1);
    else {
      try {
        path = new URL(pathOrUrl).pathname;
      } catch {
        return 'unknown';
      }
    }
  }
  const segments = path.split(/[?#]/)[0]?.split('/').filter((segment) => segment !== '') ?? [];
  if (segments.length === 0) return '/';
  return segments.map((segment) => (ROUTE_WORDS.has(segment) ? segment : '{id}')).join('/');
}
