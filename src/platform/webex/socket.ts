/**
 * One Mercury WebSocket connection (docs/platform.md, The Mercury socket): authorization frame,
 * confirmation, acknowledgements, app pings with pong checking and silence
 * detection. It reports exactly one `onDown` per connection; reconnecting is
 * connection.ts's job.
 */
import { randomUUID } from 'node:crypto';
import type { Agent } from 'node:http';
import type { Logger } from 'pino';
import WebSocket, { type RawData } from 'ws';
import type { WebexTiming } from './options.js';
import { PROXY_REFUSED } from './proxy.js';

export type SocketDown =
  | { kind: 'closed'; code: number; reason: string }
  | { kind: 'upgrade-rejected'; status: number }
  | { kind: 'error'; message: string }
  | { kind: 'pong-timeout' }
  | { kind: 'pong-mismatch' }
  | { kind: 'silence' };

export interface SocketHandlers {
  /** The server confirmed the authorization (mercury.buffer_state / registration_status). */
  onConnected(): void;
  /** Any other envelope, already acknowledged. */
  onEnvelope(envelope: Record<string, unknown>): void;
  onDown(down: SocketDown): void;
}

export interface MercurySocketOptions {
  /** Device webSocketUrl (the query is added here). */
  url: string;
  token: string;
  timing: WebexTiming;
  logger: Logger;
  agent?: Agent;
}

const CONFIRMATIONS = new Set(['mercury.buffer_state', 'mercury.registration_status']);

export function socketUrl(webSocketUrl: string, now: number = Date.now()): string {
  const url = new URL(webSocketUrl);
  url.searchParams.set('outboundWireFormat', 'text');
  url.searchParams.set('bufferStates', 'true');
  url.searchParams.set('aliasHttpStatus', 'true');
  url.searchParams.set('clientTimestamp', String(now));
  return url.toString();
}

function rawText(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}

export class MercurySocket {
  private readonly ws: WebSocket;
  private finished = false;
  private confirmed = false;
  private silenceTimer?: NodeJS.Timeout;
  private pingTimer?: NodeJS.Timeout;
  private pongTimer?: NodeJS.Timeout;
  private pendingPing?: string;
  /** Settles once the connection is closed for good: after `onDown` or `shutdown`, nothing more comes from it. */
  readonly closed: Promise<void>;

  constructor(private readonly options: MercurySocketOptions, private readonly handlers: SocketHandlers) {
    const { timing, agent } = options;
    this.ws = new WebSocket(socketUrl(options.url), { agent, handshakeTimeout: timing.requestTimeoutMs, perMessageDeflate: false });
    this.ws.on('open', () => this.onOpen());
    this.ws.on('message', (data) => this.onMessage(data));
    this.ws.on('ping', () => this.touch());
    this.ws.on('pong', () => this.touch());
    this.ws.on('unexpected-response', (req, res) => {
      res.resume();
      this.finish({ kind: 'upgrade-rejected', status: res.statusCode ?? 0 });
      req.destroy();
    });
    this.ws.on('error', (error) => {
      const code = (error as NodeJS.ErrnoException).code;
      this.finish({ kind: 'error', message: code === PROXY_REFUSED ? error.message : code ?? 'socket error' });
    });
    this.ws.on('close', (code, reason) => this.finish({ kind: 'closed', code, reason: reason.toString('utf8') }));
    this.closed = new Promise((resolve) => this.ws.once('close', () => resolve()));
  }

  get isConfirmed(): boolean {
    return this.confirmed;
  }

  /** Local shutdown: closes without reporting onDown. */
  shutdown(code = 1000, reason = 'done'): void {
    if (this.finished) return;
    this.finished = true;
    this.clearTimers();
    this.closeThenTerminate(code, reason);
  }

  private onOpen(): void {
    this.touch();
    this.send({
      id: randomUUID(),
      type: 'authorization',
      data: { token: `Bearer ${this.options.token}` },
      trackingId: `testbed-monitor_${randomUUID()}`,
    });
  }

  private onMessage(data: RawData): void {
    if (this.finished) return;
    this.touch();
    let frame: unknown;
    try {
      frame = JSON.parse(rawText(data));
    } catch {
      this.options.logger.warn({ bytes: rawText(data).length }, 'socket frame is not JSON; skipped');
      return;
    }
    if (!frame || typeof frame !== 'object' || Array.isArray(frame)) {
      this.options.logger.warn('socket frame is not an object; skipped');
      return;
    }
    const record = frame as Record<string, unknown>;
    if (record.type === 'pong') {
      this.onPong(record.id);
      return;
    }
    if (typeof record.id === 'string' && record.id) this.send({ type: 'ack', messageId: record.id });
    const eventType = (record.data as { eventType?: unknown } | undefined)?.eventType;
    if (typeof eventType === 'string' && CONFIRMATIONS.has(eventType)) {
      if (!this.confirmed) {
        this.confirmed = true;
        this.startPinging();
        this.handlers.onConnected();
      }
      return;
    }
    try {
      this.handlers.onEnvelope(record);
    } catch (error) {
      this.options.logger.error({ err: error instanceof Error ? error.message : String(error) }, 'envelope handler threw');
    }
  }

  private startPinging(): void {
    this.pingTimer = setInterval(() => {
      if (this.pendingPing || this.finished) return;
      const id = randomUUID();
      this.pendingPing = id;
      this.send({ id, type: 'ping' });
      this.pongTimer = setTimeout(() => this.fail({ kind: 'pong-timeout' }, 'Pong not received'), this.options.timing.pongTimeoutMs);
    }, this.options.timing.pingIntervalMs);
  }

  private onPong(id: unknown): void {
    if (!this.pendingPing) {
      this.options.logger.debug('unexpected pong ignored');
      return;
    }
    if (id !== this.pendingPing) {
      this.fail({ kind: 'pong-mismatch' }, 'Pong mismatch');
      return;
    }
    this.pendingPing = undefined;
    clearTimeout(this.pongTimer);
  }

  /** Any frame (data, protocol ping or pong) proves the socket is alive. */
  private touch(): void {
    if (this.finished) {
      clearTimeout(this.silenceTimer);
      return;
    }
    // Every frame moves the deadline: the same timer, started again (no new timer per frame).
    if (this.silenceTimer) {
      this.silenceTimer.refresh();
      return;
    }
    this.silenceTimer = setTimeout(() => {
      if (this.finished) return;
      this.finish({ kind: 'silence' });
      this.ws.terminate();
    }, this.options.timing.silenceTimeoutMs);
  }

  private send(frame: Record<string, unknown>): void {
    if (this.ws.readyState !== WebSocket.OPEN) return;
    this.ws.send(JSON.stringify(frame), (error) => {
      if (error) this.options.logger.debug({ type: frame.type }, 'socket send failed');
    });
  }

  /** We decided the socket is unusable: close it ourselves and report. */
  private fail(down: SocketDown, reason: string): void {
    if (this.finished) return;
    this.finish(down);
    this.closeThenTerminate(1000, reason);
  }

  private closeThenTerminate(code: number, reason: string): void {
    try {
      if (this.ws.readyState === WebSocket.OPEN) this.ws.close(code, reason);
    } catch {
      // closing a broken socket may throw; terminate below handles it
    }
    // A peer that stopped answering will not complete the close handshake either.
    setTimeout(() => this.ws.terminate(), 1_000).unref();
  }

  private finish(down: SocketDown): void {
    if (this.finished) return;
    this.finished = true;
    this.clearTimers();
    if (down.kind === 'error' || down.kind === 'upgrade-rejected') this.ws.terminate();
    this.handlers.onDown(down);
  }

  private clearTimers(): void {
    clearTimeout(this.silenceTimer);
    clearInterval(this.pingTimer);
    clearTimeout(this.pongTimer);
    this.pendingPing = undefined;
  }
}
