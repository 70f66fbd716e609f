/**
 * The Mercury socket (docs/platform.md, The Mercury socket): upgrade on the device's
 * `webSocketUrl`, in-band authorization, `mercury.buffer_state` first,
 * envelopes with per-connection sequence numbers, app ping/pong, protocol
 * pings, one live socket per registration ("replaced"), and socket faults.
 */
import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import type { EmulatorEvent } from './api.js';
import type { LoggedFrame } from './events.js';
import type { FaultState } from './faults.js';
import { isRecord, JSON_TYPE, newTrackingId } from './http-util.js';
import type { DeviceRec, EmulatorStore } from './store.js';

export const MERCURY_PATH = /^\/v1\/apps\/wx2\/registrations\/([^/]+)\/messages\/?$/;

interface Conn {
  ws: WebSocket;
  regUuid: string;
  ownerUuid: string;
  text: boolean;
  authorized: boolean;
  seq: number;
  authTimer?: NodeJS.Timeout;
}

export interface MercuryDeps {
  store: EmulatorStore;
  faults: FaultState;
  emit(event: EmulatorEvent): void;
  record(frame: LoggedFrame): void;
  authTimeoutMs: number;
  pingIntervalMs: number;
}

/** Codes a close frame may carry (1005/1006/1015 are only ever observed locally). */
function sendableCloseCode(code: number): boolean {
  return (code >= 1000 && code <= 1014 && ![1004, 1005, 1006].includes(code)) || (code >= 3000 && code <= 4999);
}

/** An envelope's `data`, turned into JSON once however many sockets (and times) it goes to. */
export class EnvelopeData {
  private json?: string;

  constructor(private readonly data: Record<string, unknown>) {}

  text(): string {
    this.json ??= JSON.stringify(this.data);
    return this.json;
  }
}

function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}

export class MercuryHub {
  private readonly wss = new WebSocketServer({ noServer: true, autoPong: false });
  private readonly conns = new Set<Conn>();
  private readonly pingTimer: NodeJS.Timeout;

  constructor(private readonly deps: MercuryDeps) {
    this.pingTimer = setInterval(() => this.protocolPing(), deps.pingIntervalMs);
    this.pingTimer.unref();
  }

  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    socket.on('error', () => undefined);
    const url = new URL(req.url ?? '/', 'http://emulator.invalid');
    const match = MERCURY_PATH.exec(url.pathname);
    if (!match) return this.reject(socket, 404);
    if (this.deps.faults.refuseSockets) return this.reject(socket, 503);
    const device = this.deps.store.devices.byRegistration(match[1]);
    if (!device) return this.reject(socket, 404);
    const text = url.searchParams.get('outboundWireFormat') === 'text';
    this.wss.handleUpgrade(req, socket, head, (ws) => this.accept(ws, device, text));
  }

  /** Sends `data` as an envelope to every authorized socket of a person, `times` times. */
  deliver(personUuid: string, data: EnvelopeData, trackingId: string, times = 1): number {
    let sent = 0;
    for (const conn of this.conns) {
      if (!conn.authorized || conn.ownerUuid !== personUuid) continue;
      for (let i = 0; i < times; i++) if (this.sendEnvelope(conn, data, trackingId)) sent++;
    }
    return sent;
  }

  closeSockets(filter: { personUuid?: string; regUuid?: string }, code: number, reason: string): void {
    for (const conn of this.matching(filter)) this.close(conn, code, reason);
  }

  dropSockets(filter: { personUuid?: string }): void {
    for (const conn of this.matching(filter)) conn.ws.terminate();
  }

  connectedCount(personUuid: string): number {
    let n = 0;
    for (const c of this.conns) if (c.authorized && c.ownerUuid === personUuid && c.ws.readyState === WebSocket.OPEN) n++;
    return n;
  }

  async stop(): Promise<void> {
    clearInterval(this.pingTimer);
    for (const conn of this.conns) {
      clearTimeout(conn.authTimer);
      conn.ws.terminate();
    }
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }

  private matching(filter: { personUuid?: string; regUuid?: string }): Conn[] {
    return [...this.conns].filter(
      (c) => (!filter.personUuid || c.ownerUuid === filter.personUuid) && (!filter.regUuid || c.regUuid === filter.regUuid),
    );
  }

  private reject(socket: Duplex, status: number): void {
    const trackingId = newTrackingId();
    const message = STATUS_CODES[status] ?? 'Error';
    const body = JSON.stringify({ message, errors: [{ description: message }], trackingId });
    socket.end(
      `HTTP/1.1 ${status} ${message}\r\nConnection: close\r\nContent-Type: ${JSON_TYPE}\r\nTrackingID: ${trackingId}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
    socket.once('finish', () => socket.destroy());
  }

  private accept(ws: WebSocket, device: DeviceRec, text: boolean): void {
    const conn: Conn = { ws, regUuid: device.regUuid, ownerUuid: device.ownerUuid, text, authorized: false, seq: 0 };
    this.conns.add(conn);
    conn.authTimer = setTimeout(() => this.close(conn, 1008, 'authentication timeout'), this.deps.authTimeoutMs);
    ws.on('message', (data) => this.onFrame(conn, rawText(data)));
    ws.on('ping', (data) => {
      if (!this.deps.faults.silence && ws.readyState === WebSocket.OPEN) ws.pong(data);
    });
    ws.on('error', () => undefined);
    ws.on('close', (code, reason) => {
      clearTimeout(conn.authTimer);
      this.conns.delete(conn);
      const owner = this.deps.store.person(conn.ownerUuid);
      this.deps.emit({
        type: 'socket.closed',
        registrationId: conn.regUuid,
        ...(conn.authorized && owner ? { personId: owner.id } : {}),
        code,
        reason: reason.toString('utf8'),
      });
    });
  }

  private onFrame(conn: Conn, text: string): void {
    let frame: unknown;
    try {
      frame = JSON.parse(text);
    } catch {
      frame = undefined;
    }
    if (!isRecord(frame)) {
      this.record(conn, 'in', JSON.stringify({ unparsed: text.slice(0, 1000) }));
      this.close(conn, conn.authorized ? 1003 : 1008, conn.authorized ? 'invalid frame' : 'authentication failed');
      return;
    }
    this.record(conn, 'in', text);
    if (!conn.authorized) {
      this.authorize(conn, frame);
      return;
    }
    if (frame.type === 'ping' && !this.deps.faults.dropPongs) {
      this.send(conn, { type: 'pong', id: frame.id, wsWriteTimestamp: Date.now() });
    }
    // Acks ({type:"ack", messageId}) and anything else are only recorded.
  }

  private authorize(conn: Conn, frame: Record<string, unknown>): void {
    const data = frame.data;
    const token = isRecord(data) && typeof data.token === 'string' ? data.token : '';
    const bearer = /^Bearer (\S+)$/.exec(token);
    const person = bearer ? this.deps.store.personByToken(bearer[1]) : undefined;
    if (frame.type !== 'authorization' || !person || person.uuid !== conn.ownerUuid) {
      this.close(conn, 1008, 'authentication failed');
      return;
    }
    clearTimeout(conn.authTimer);
    conn.authorized = true;
    for (const other of this.conns) {
      if (other !== conn && other.regUuid === conn.regUuid && other.authorized) this.close(other, 4000, 'replaced');
    }
    this.sendEnvelope(conn, new EnvelopeData({ eventType: 'mercury.buffer_state', state: 'IN_SYNC' }), newTrackingId());
    this.deps.emit({ type: 'socket.authorized', registrationId: conn.regUuid, personId: person.id });
  }

  private sendEnvelope(conn: Conn, data: EnvelopeData, trackingId: string): boolean {
    if (this.deps.faults.silence || conn.ws.readyState !== WebSocket.OPEN) return false;
    const now = Date.now();
    conn.seq += 1;
    const head = JSON.stringify({
      id: randomUUID(),
      sequenceNumber: conn.seq,
      timestamp: now,
      wsWriteTimestamp: now,
      trackingId,
      alertType: 'none',
      headers: {},
      filterMessage: false,
    });
    // The same text JSON.stringify gives with `data` as the last key, without turning `data` into JSON again.
    return this.sendText(conn, `${head.slice(0, -1)},"data":${data.text()}}`);
  }

  private send(conn: Conn, frame: Record<string, unknown>): boolean {
    return this.sendText(conn, JSON.stringify(frame));
  }

  private sendText(conn: Conn, text: string): boolean {
    if (this.deps.faults.silence || conn.ws.readyState !== WebSocket.OPEN) return false;
    if (conn.text) conn.ws.send(text);
    else conn.ws.send(Buffer.from(text, 'utf8'), { binary: true });
    this.record(conn, 'out', text);
    return true;
  }

  private close(conn: Conn, code: number, reason: string): void {
    clearTimeout(conn.authTimer);
    if (conn.ws.readyState === WebSocket.CLOSED) return;
    if (sendableCloseCode(code)) conn.ws.close(code, Buffer.from(reason, 'utf8').subarray(0, 123).toString('utf8'));
    else conn.ws.terminate();
  }

  private protocolPing(): void {
    if (this.deps.faults.silence) return;
    for (const conn of this.conns) if (conn.ws.readyState === WebSocket.OPEN) conn.ws.ping();
  }

  private record(conn: Conn, direction: 'in' | 'out', text: string): void {
    this.deps.record({ registrationId: conn.regUuid, direction, text, at: Date.now() });
  }
}
