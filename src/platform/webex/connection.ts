/**
 * Keeps one Mercury socket up for as long as the bot runs: capped exponential
 * backoff with jitter (reset after a long enough connection), exactly one
 * reconnect in flight, a device refresh (PUT) after every reconnect,
 * re-registration on a 404 handshake, and a stop on the close codes that
 * retrying cannot fix.
 */
import type { Logger } from 'pino';
import type { ConnectionState } from '../port.js';
import { backoffDelay } from './backoff.js';
import { reactionTo } from './close-codes.js';
import { PlatformError } from './errors.js';
import type { WebexTiming } from './options.js';
import { socketAgent } from './proxy.js';
import { MercurySocket, type SocketDown } from './socket.js';

/**
 * What to do to the device before the next connect: nothing (`current`),
 * refresh-or-create it (`reregister`, after a 404 handshake), or delete and
 * create it (`replace`, when a refreshed URL still answers 404).
 */
export type PrepareKind = 'current' | 'reregister' | 'replace';

export interface ConnectionHooks {
  /** Updates the device as asked and returns the webSocketUrl to use. */
  prepare(kind: PrepareKind): Promise<string>;
  /** A socket other than the first one was confirmed (refresh the device now). */
  onReconnected(): void;
  onEnvelope(envelope: Record<string, unknown>): void;
  onState(state: ConnectionState): void;
}

export interface ConnectionOptions {
  token: string;
  timing: WebexTiming;
  logger: Logger;
  wssProxy?: string;
}

export class MercuryConnection {
  private state: ConnectionState = 'disconnected';
  private socket?: MercurySocket;
  private attempt = 0;
  private connectedAt?: number;
  private upgrade404s = 0;
  private reconnectTimer?: NodeJS.Timeout;
  private preparing = false;
  private stopped = false;
  private firstConnect?: { resolve: () => void; reject: (error: Error) => void };

  constructor(private readonly options: ConnectionOptions, private readonly hooks: ConnectionHooks) {}

  get connectionState(): ConnectionState {
    return this.state;
  }

  /** Opens the first socket; resolves once it is confirmed, rejects on a fatal close. */
  start(webSocketUrl: string): Promise<void> {
    return new Promise((resolve, reject) => {
      this.firstConnect = { resolve, reject };
      this.open(webSocketUrl);
    });
  }

  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    this.socket?.shutdown(1000, 'done');
    this.socket = undefined;
    this.setState('stopped');
    this.firstConnect?.reject(new PlatformError('stopped', 'platform stopped before the socket connected'));
    this.firstConnect = undefined;
  }

  private setState(next: ConnectionState): void {
    if (this.state === next) return;
    this.state = next;
    this.options.logger.info({ state: next }, 'connection state');
    try {
      this.hooks.onState(next);
    } catch (error) {
      this.options.logger.error({ err: error instanceof Error ? error.message : String(error) }, 'connection state handler threw');
    }
  }

  private open(webSocketUrl: string): void {
    if (this.stopped) return;
    this.setState('connecting');
    const { token, timing, logger, wssProxy } = this.options;
    let agent;
    try {
      agent = socketAgent(wssProxy, webSocketUrl);
    } catch (error) {
      this.fatal(new PlatformError('bad_request', error instanceof Error ? error.message : 'bad WSS_PROXY'));
      return;
    }
    const socket = new MercurySocket({ url: webSocketUrl, token, timing, logger, agent }, {
      onConnected: () => {
        if (this.socket !== socket) return;
        this.connectedAt = Date.now();
        this.upgrade404s = 0;
        this.setState('connected');
        if (this.firstConnect) {
          this.firstConnect.resolve();
          this.firstConnect = undefined;
        } else {
          this.hooks.onReconnected();
        }
      },
      onEnvelope: (envelope) => {
        if (this.socket === socket) this.hooks.onEnvelope(envelope);
      },
      onDown: (down) => {
        if (this.socket === socket) this.onDown(down);
      },
    });
    this.socket = socket;
  }

  private onDown(down: SocketDown): void {
    this.socket = undefined;
    if (this.stopped) return;
    const upFor = this.connectedAt === undefined ? 0 : Date.now() - this.connectedAt;
    if (upFor >= this.options.timing.backoffResetAfterMs) this.attempt = 0;
    this.connectedAt = undefined;
    const reaction = reactionTo(down);
    const { logger } = this.options;
    if (reaction.action === 'stop') {
      logger.error({ code: reaction.code }, `socket stopped: ${reaction.note}`);
      this.fatal(new PlatformError(reaction.code, `WebSocket ${reaction.note}`, { retryable: false }));
      return;
    }
    this.setState('disconnected');
    if (reaction.action === 'reregister') {
      this.upgrade404s += 1;
      logger.warn({ attempt: this.upgrade404s }, `socket down: ${reaction.note}; re-registering the device`);
      this.scheduleReconnect(this.upgrade404s > 1 ? 'replace' : 'reregister');
      return;
    }
    logger[reaction.level](`socket down: ${reaction.note}; reconnecting`);
    this.scheduleReconnect('current');
  }

  private fatal(error: PlatformError): void {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    this.socket?.shutdown();
    this.socket = undefined;
    this.setState('stopped');
    this.firstConnect?.reject(error);
    this.firstConnect = undefined;
  }

  /** Only one reconnect may be pending or preparing at any time. */
  private scheduleReconnect(kind: PrepareKind): void {
    if (this.stopped || this.reconnectTimer || this.preparing || this.socket) return;
    const { backoffBaseMs, backoffCapMs } = this.options.timing;
    const delayMs = backoffDelay(this.attempt, backoffBaseMs, backoffCapMs);
    this.attempt += 1;
    this.options.logger.debug({ delayMs, attempt: this.attempt, kind }, 'reconnect scheduled');
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      void this.reconnect(kind);
    }, delayMs);
  }

  private async reconnect(kind: PrepareKind): Promise<void> {
    this.preparing = true;
    let url: string;
    try {
      url = await this.hooks.prepare(kind);
    } catch (error) {
      this.preparing = false;
      if (this.stopped) return;
      if (error instanceof PlatformError && error.fatal) {
        this.options.logger.error({ code: error.code }, 'device refresh rejected the token; stopping');
        this.fatal(error);
        return;
      }
      this.options.logger.warn({ code: error instanceof PlatformError ? error.code : 'unknown', kind }, 'device preparation failed; will retry');
      this.scheduleReconnect(kind);
      return;
    }
    this.preparing = false;
    this.open(url);
  }
}
