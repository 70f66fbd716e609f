/**
 * One MercurySocket against a bare `ws` server on 127.0.0.1, for wire details
 * the emulator does not vary: binary frames, pong mismatch, non-JSON frames.
 */
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { resolveTiming } from '../../../src/platform/webex/options.js';
import { MercurySocket, socketUrl, type SocketDown } from '../../../src/platform/webex/socket.js';
import { waitFor } from './harness.js';

const logger = pino({ level: 'silent' });
const timing = resolveTiming({ pingIntervalMs: 50, pongTimeoutMs: 1_000, silenceTimeoutMs: 2_000, requestTimeoutMs: 2_000 });

interface Server {
  url: string;
  received: Record<string, any>[];
  closes: { code: number; reason: string }[];
  queries: URLSearchParams[];
  onClient(handler: (ws: WebSocket) => void): void;
  close(): Promise<void>;
}

async function startServer(): Promise<Server> {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  const received: Record<string, any>[] = [];
  const closes: { code: number; reason: string }[] = [];
  const queries: URLSearchParams[] = [];
  let handler: (ws: WebSocket) => void = () => undefined;
  wss.on('connection', (ws, req) => {
    queries.push(new URL(req.url ?? '/', 'http://x').searchParams);
    ws.on('message', (data) => received.push(JSON.parse(data.toString())));
    ws.on('close', (code, reason) => closes.push({ code, reason: reason.toString() }));
    handler(ws);
  });
  const { port } = wss.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}/v1/apps/wx2/registrations/reg-1/messages`,
    received,
    closes,
    queries,
    onClient: (h) => {
      handler = h;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of wss.clients) client.terminate();
        wss.close(() => resolve());
      }),
  };
}

const binary = (ws: WebSocket, frame: unknown) => ws.send(Buffer.from(JSON.stringify(frame)), { binary: true });

let server: Server | undefined;
let socket: MercurySocket | undefined;
afterEach(async () => {
  socket?.shutdown();
  await server?.close();
  socket = undefined;
  server = undefined;
});

describe('MercurySocket wire details', () => {
  it('adds the Mercury query parameters to the device URL', () => {
    const url = new URL(socketUrl('wss://mercury.example.test/v1/apps/wx2/registrations/r/messages?x=1', 1767268800000));
    expect(Object.fromEntries(url.searchParams)).toEqual({
      x: '1', outboundWireFormat: 'text', bufferStates: 'true', aliasHttpStatus: 'true', clientTimestamp: '1767268800000',
    });
  });

  it('accepts binary frames, confirms on buffer_state, acks envelopes and skips non-JSON frames', async () => {
    server = await startServer();
    const envelopes: Record<string, unknown>[] = [];
    let connected = 0;
    server.onClient((ws) => {
      ws.on('message', (data) => {
        const frame = JSON.parse(data.toString());
        if (frame.type !== 'authorization') return;
        binary(ws, { id: 'env-1', data: { eventType: 'mercury.buffer_state' } });
        ws.send('this is not json');
        binary(ws, { id: 'env-2', data: { eventType: 'conversation.activity', activity: { id: 'a-1' } } });
      });
    });
    socket = new MercurySocket({ url: server.url, token: 'tok-123', timing, logger }, {
      onConnected: () => void (connected += 1),
      onEnvelope: (e) => void envelopes.push(e),
      onDown: () => undefined,
    });
    await waitFor(() => envelopes.length === 1, 'binary envelope');
    expect(connected).toBe(1);
    expect(envelopes[0]).toMatchObject({ id: 'env-2' });
    expect(server.queries[0]?.get('outboundWireFormat')).toBe('text');
    await waitFor(() => server!.received.filter((f) => f.type === 'ack').length === 2, 'acks');
    expect(server.received.filter((f) => f.type === 'ack').map((f) => f.messageId)).toEqual(['env-1', 'env-2']);
    expect(server.received[0]).toMatchObject({ type: 'authorization', data: { token: 'Bearer tok-123' } });
  });

  it('closes with 1000 "Pong mismatch" when a pong echoes another id', async () => {
    server = await startServer();
    const downs: SocketDown[] = [];
    server.onClient((ws) => {
      ws.on('message', (data) => {
        const frame = JSON.parse(data.toString());
        if (frame.type === 'authorization') ws.send(JSON.stringify({ id: 'env-1', data: { eventType: 'mercury.buffer_state' } }));
        if (frame.type === 'ping') ws.send(JSON.stringify({ type: 'pong', id: `not-${frame.id}` }));
      });
    });
    socket = new MercurySocket({ url: server.url, token: 'tok-123', timing, logger }, {
      onConnected: () => undefined,
      onEnvelope: () => undefined,
      onDown: (down) => void downs.push(down),
    });
    await waitFor(() => downs.length === 1, 'down');
    expect(downs[0]).toEqual({ kind: 'pong-mismatch' });
    await waitFor(() => server!.closes.length === 1, 'close frame');
    expect(server.closes[0]).toEqual({ code: 1000, reason: 'Pong mismatch' });
  });

  it('reports a refused upgrade with its HTTP status exactly once', async () => {
    const downs: SocketDown[] = [];
    const { createServer } = await import('node:http');
    const http = createServer((_req, res) => res.writeHead(404).end());
    http.on('upgrade', (_req, sock) => sock.end('HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n'));
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const { port } = http.address() as AddressInfo;
    socket = new MercurySocket({ url: `ws://127.0.0.1:${port}/x`, token: 'tok-123', timing, logger }, {
      onConnected: () => undefined,
      onEnvelope: () => undefined,
      onDown: (down) => void downs.push(down),
    });
    await waitFor(() => downs.length > 0, 'down');
    // The client socket still reports an error and its close after the refusal; once it is closed, nothing more can come.
    await socket.closed;
    expect(downs).toEqual([{ kind: 'upgrade-rejected', status: 404 }]);
    await new Promise<void>((resolve) => http.close(() => resolve()));
  });
});
