/**
 * The optional health endpoint (README, Health endpoint): GET /health answers with the bot's status as JSON;
 * GET /metrics (when a metrics source is given) answers in the Prometheus text format;
 * every other path or method gets 404 with an empty body.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type InstanceRole = 'leader' | 'standby';

/**
 * The response body: exactly these seven fields, which monitoring relies on. `status` is `healthy`
 * when the instance does its part: the leader (every single instance on the JSON store is one) while
 * its platform socket is connected; a standby while its database connection is up, so it can take over.
 */
export interface HealthStatus {
  status: 'healthy' | 'unhealthy';
  /** Seconds since start. */
  uptime: number;
  /** ISO 8601 UTC. */
  started_at: string;
  /** ISO 8601 UTC of the last handled message, or null. */
  last_message: string | null;
  websocket_connected: boolean;
  messages_processed: number;
  /** Whether this instance holds the platform socket (`leader`) or waits to take it over (`standby`). */
  role: InstanceRole;
}

export interface HealthState {
  /** Counts one processed message and remembers when (a Date or ISO string; default: now). */
  markMessage(at?: Date | string): void;
  setConnected(connected: boolean): void;
  /** Leader or standby (default leader); `databaseUp` says whether a standby could take over. */
  setRole(role: InstanceRole, databaseUp?: boolean): void;
  /** The body to serve right now. */
  body(): HealthStatus;
  /** Same as body(); handy as `startHealthServer({ getStatus: state.getStatus })`. */
  getStatus(): HealthStatus;
}

export function createHealthState(options: { now?: () => Date } = {}): HealthState {
  const now = options.now ?? (() => new Date());
  const startedAt = now();
  let lastMessage: Date | null = null;
  let processed = 0;
  let connected = false;
  let role: InstanceRole = 'leader';
  let databaseUp = true;
  const body = (): HealthStatus => {
    const uptimeMs = Math.max(0, now().getTime() - startedAt.getTime());
    const doingItsPart = role === 'leader' ? connected : databaseUp;
    return {
      status: doingItsPart ? 'healthy' : 'unhealthy',
      uptime: Math.round(uptimeMs) / 1000,
      started_at: startedAt.toISOString(),
      last_message: lastMessage ? lastMessage.toISOString() : null,
      websocket_connected: connected,
      messages_processed: processed,
      role,
    };
  };
  return {
    markMessage(at) {
      const when = at === undefined ? now() : new Date(at);
      processed += 1;
      // An unparseable time still counts the message; it is then stamped with the clock.
      lastMessage = Number.isNaN(when.getTime()) ? now() : when;
    },
    setConnected(value) {
      connected = value;
    },
    setRole(next, up = true) {
      role = next;
      databaseUp = up;
    },
    body,
    getStatus: body,
  };
}

/** A source of Prometheus text (src/metrics.ts). */
export interface MetricsSource {
  readonly contentType: string;
  scrape(): Promise<string>;
}

export interface HealthServerOptions {
  host: string;
  port: number;
  getStatus: () => HealthStatus;
  /** Serves GET /metrics when given. */
  metrics?: MetricsSource;
}

export interface HealthServer {
  /** The port actually bound (useful with port 0). */
  port: number;
  close(): Promise<void>;
}

export async function startHealthServer(options: HealthServerOptions): Promise<HealthServer> {
  const server = createServer((req, res) => handle(req, res, options));
  await new Promise<void>((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    server.listen(options.port, options.host, () => {
      server.off('error', onError);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  return {
    port,
    close() {
      closing ??= new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

function empty(res: ServerResponse, status: number): void {
  res.writeHead(status, { 'Content-Length': '0' });
  res.end();
}

function handle(req: IncomingMessage, res: ServerResponse, options: HealthServerOptions): void {
  const path = (req.url ?? '').split('?')[0];
  if (req.method === 'GET' && path === '/metrics' && options.metrics) {
    void serveMetrics(res, options.metrics);
    return;
  }
  if (req.method !== 'GET' || path !== '/health') {
    empty(res, 404);
    return;
  }
  let body: string;
  try {
    const s = options.getStatus();
    // Exactly the documented fields, whatever else the provider may carry.
    body = JSON.stringify({
      status: s.status,
      uptime: s.uptime,
      started_at: s.started_at,
      last_message: s.last_message,
      websocket_connected: s.websocket_connected,
      messages_processed: s.messages_processed,
      role: s.role,
    });
  } catch {
    empty(res, 500);
    return;
  }
  res.writeHead(200, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
  });
  res.end(body);
}

async function serveMetrics(res: ServerResponse, metrics: MetricsSource): Promise<void> {
  let body: string;
  try {
    body = await metrics.scrape();
  } catch {
    empty(res, 500);
    return;
  }
  res.writeHead(200, {
    'Content-Type': metrics.contentType,
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
  });
  res.end(body);
}
