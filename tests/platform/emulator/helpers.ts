/**
 * Test helpers: a raw `ws` Mercury client that records every frame, and a
 * small fetch wrapper for the emulator's REST routes.
 */
import { WebSocket } from 'ws';
import type { Emulator, EmuPerson } from '../../../src/platform/emulator/api.js';

export interface ReceivedFrame {
  frame: Record<string, any>;
  binary: boolean;
}

export class RawClient {
  readonly received: ReceivedFrame[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private waiters: (() => void)[] = [];

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data, isBinary) => {
      const text = Array.isArray(data) ? Buffer.concat(data).toString('utf8') : data.toString();
      this.received.push({ frame: JSON.parse(text), binary: isBinary });
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.closed = new Promise((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  }

  /** Opens a socket; rejects with the HTTP status when the upgrade is refused. */
  static open(url: string): Promise<RawClient> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url);
      const client = new RawClient(ws);
      ws.once('open', () => resolve(client));
      ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
      ws.once('error', reject);
    });
  }

  send(frame: unknown): void {
    this.ws.send(JSON.stringify(frame));
  }

  authorize(token: string): void {
    this.send({ id: 'auth-1', type: 'authorization', data: { token: `Bearer ${token}` }, trackingId: 'tb_test' });
  }

  /** The first frame (already received or future) that matches. */
  async next(predicate: (f: Record<string, any>) => boolean, timeoutMs = 5000): Promise<ReceivedFrame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.received.find((r) => predicate(r.frame));
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('no matching frame arrived');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  activities(): Record<string, any>[] {
    return this.received.map((r) => r.frame).filter((f) => f.data?.eventType === 'conversation.activity');
  }

  close(): void {
    this.ws.terminate();
  }
}

export async function api(
  emu: Emulator,
  method: string,
  path: string,
  token: string | undefined,
  body?: unknown,
): Promise<{ status: number; headers: Headers; json: any }> {
  const url = path.startsWith('http') ? path : `${emu.url}${path}`;
  const res = await fetch(url, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, json: text ? JSON.parse(text) : undefined };
}

export const DEVICE_BODY = {
  deviceName: 'testbed-monitor-bot',
  name: 'testbed-monitor-bot',
  deviceType: 'DESKTOP',
  model: 'node',
  localizedModel: 'node',
  systemName: 'testbed-monitor-bot',
  systemVersion: '1.0.0',
};

export async function registerDevice(emu: Emulator, who: EmuPerson): Promise<{ url: string; webSocketUrl: string }> {
  const res = await api(emu, 'POST', '/wdm/api/v1/devices?includeUpstreamServices=all', who.token, DEVICE_BODY);
  if (res.status !== 200) throw new Error(`device registration failed: ${res.status}`);
  return res.json;
}

/** Registers a device, opens its socket with the text wire format, authorizes and waits for buffer_state. */
export async function connect(emu: Emulator, who: EmuPerson, wire: 'text' | 'binary' = 'text'): Promise<RawClient> {
  const device = await registerDevice(emu, who);
  const query = wire === 'text' ? '?outboundWireFormat=text&bufferStates=true&aliasHttpStatus=true' : '';
  const client = await RawClient.open(`${device.webSocketUrl}${query}`);
  client.authorize(who.token);
  await client.next((f) => f.data?.eventType === 'mercury.buffer_state');
  return client;
}
