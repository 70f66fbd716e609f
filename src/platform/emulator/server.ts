/**
 * The emulator's HTTP server: one node:http server on 127.0.0.1 serving U2C,
 * WDM and REST routes, with WebSocket upgrades handed to the Mercury hub.
 * Every response carries a TrackingID; errors use the platform's error body.
 * REST delay and faults apply before routing (and before authentication).
 */
import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { sleep } from '../webex/backoff.js';
import type { FaultState } from './faults.js';
import { bearerToken, HttpError, newTrackingId, readJsonBody, sendError, sendJson, sendJsonText } from './http-util.js';
import type { MercuryHub } from './mercury.js';
import type { EmulatorStore, PersonRec } from './store.js';

export interface RouteContext {
  req: IncomingMessage;
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  /** The token owner (always set on routes with `auth`). */
  caller: PersonRec;
  params: string[];
  trackingId: string;
}

export interface RouteResult {
  status: number;
  body?: unknown;
  /** The body already turned into JSON (instead of `body`). */
  json?: string;
  headers?: Record<string, string>;
}

export interface Route {
  method: string;
  pattern: RegExp;
  /** Requires `Authorization: Bearer <token>` of a known person (default true). */
  auth?: boolean;
  handler: (ctx: RouteContext) => RouteResult | Promise<RouteResult>;
}

export interface ServerDeps {
  store: EmulatorStore;
  faults: FaultState;
  hub: MercuryHub;
  tls?: { key: string | Buffer; cert: string | Buffer };
}

const UNAUTHORIZED = 'The request requires a valid access token set in the Authorization request header.';

function faultMessage(status: number): string {
  if (status === 429) return 'Too many requests have been sent in a given amount of time.';
  return STATUS_CODES[status] ?? 'Injected fault.';
}

export class EmulatorServer {
  private readonly server: Server;
  private routeTable: Route[] = [];
  /** REST requests received and not yet answered (a delay fault holds them). */
  private readonly unanswered = new Set<Promise<void>>();

  constructor(private readonly deps: ServerDeps) {
    const handler = (req: IncomingMessage, res: ServerResponse): void => {
      const handling = this.handle(req, res).finally(() => this.unanswered.delete(handling));
      this.unanswered.add(handling);
    };
    this.server = deps.tls ? createTlsServer({ key: deps.tls.key, cert: deps.tls.cert }, handler) : createServer(handler);
    this.server.on('upgrade', (req, socket, head) => deps.hub.handleUpgrade(req, socket, head));
    this.server.on('clientError', (_err, socket) => socket.destroy());
  }

  async listen(port: number, host: string): Promise<number> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => {
        this.server.off('error', reject);
        resolve();
      });
    });
    return (this.server.address() as AddressInfo).port;
  }

  /** Installs the routes (they need the port, known only after `listen`). */
  setRoutes(routes: Route[]): void {
    this.routeTable = routes;
  }

  /** Resolves once every REST request received so far has been answered. */
  async settled(): Promise<void> {
    await Promise.all([...this.unanswered]);
  }

  async close(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server.closeAllConnections();
    await closed;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const trackingId = newTrackingId();
    try {
      const url = new URL(req.url ?? '/', 'http://emulator.invalid');
      const method = (req.method ?? 'GET').toUpperCase();
      const body = await readJsonBody(req);
      const { faults } = this.deps;
      if (faults.delayMs > 0) await sleep(faults.delayMs);
      const faultPath = url.pathname.startsWith('/v1/') ? url.pathname.slice(3) : url.pathname;
      const fault = faults.takeRestFault(method, faultPath, body);
      if (fault) {
        const headers: Record<string, string> = fault.retryAfter !== undefined ? { 'Retry-After': String(fault.retryAfter) } : {};
        throw new HttpError(fault.status, faultMessage(fault.status), headers);
      }
      const result = await this.route(req, method, url, body, trackingId);
      if (result.json !== undefined) sendJsonText(res, result.status, result.json, trackingId, result.headers);
      else sendJson(res, result.status, result.body, trackingId, result.headers);
    } catch (error) {
      const httpError = error instanceof HttpError ? error : new HttpError(500, 'Internal emulator error.');
      sendError(res, httpError, trackingId);
    }
  }

  private async route(req: IncomingMessage, method: string, url: URL, body: unknown, trackingId: string): Promise<RouteResult> {
    let pathMatched = false;
    for (const route of this.routeTable) {
      const match = route.pattern.exec(url.pathname);
      if (!match) continue;
      pathMatched = true;
      if (route.method !== method) continue;
      let caller: PersonRec | undefined;
      if (route.auth !== false) {
        caller = this.deps.store.personByToken(bearerToken(req));
        if (!caller) throw new HttpError(401, UNAUTHORIZED);
      }
      const params = match.slice(1).map((p) => {
        try {
          return decodeURIComponent(p);
        } catch {
          return p;
        }
      });
      return route.handler({
        req,
        method,
        path: url.pathname,
        query: url.searchParams,
        body,
        caller: caller as PersonRec,
        params,
        trackingId,
      });
    }
    if (pathMatched) throw new HttpError(405, `Method ${method} is not allowed here.`);
    throw new HttpError(404, 'The requested resource could not be found.');
  }
}
