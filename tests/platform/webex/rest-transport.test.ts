/**
 * The REST client's connections against a plain HTTP server on 127.0.0.1: an answer cut off half-way
 * (which the emulator cannot do), and connections kept for the calls that follow.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveTiming } from '../../../src/platform/webex/options.js';
import { createRestClient, type RestClient } from '../../../src/platform/webex/rest.js';
import { simulatedWaits } from '../../support/simulated-waits.js';

let server: Server | undefined;
let rest: RestClient | undefined;
afterEach(async () => {
  rest?.dispose();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
  rest = undefined;
});

async function serve(handler: Parameters<typeof createServer>[1]): Promise<string> {
  server = createServer(handler);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
}

function client(apiUrl: string): RestClient {
  rest = createRestClient({ apiUrl, token: 'not-a-real-token', timing: resolveTiming({}), logger: pino({ level: 'silent' }), retryWait: simulatedWaits({ instant: true }).wait });
  return rest;
}

describe('REST connections', () => {
  it('counts an answer cut off half-way as failed: a GET is asked again, a POST is reported and never repeated', async () => {
    const calls = { GET: 0, POST: 0 };
    const apiUrl = await serve((req, res) => {
      const method = req.method as 'GET' | 'POST';
      calls[method] += 1;
      req.resume();
      if (method === 'GET' && calls.GET > 1) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"id":"whole"}');
        return;
      }
      // Promises 100 bytes, sends nine, and hangs up.
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"id":"ha', () => res.socket?.destroy());
    });
    const api = client(apiUrl);
    await expect(api.get('people/me')).resolves.toEqual({ id: 'whole' });
    expect(calls.GET).toBe(2);
    const error = await api.request('POST', 'messages', { json: { text: 'once' } }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: 'network', retryable: true, method: 'POST' });
    expect(calls.POST).toBe(1);
  });

  it('keeps its connections for the calls that follow', async () => {
    const sockets = new Set<unknown>();
    const apiUrl = await serve((req, res) => {
      sockets.add(req.socket);
      req.resume();
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ n: sockets.size }));
    });
    const api = client(apiUrl);
    for (let i = 0; i < 10; i++) {
      await api.get('people/me');
      await api.request('POST', 'messages', { json: { text: `call ${i}` } });
    }
    // Twenty calls, one after the other, over at most two kept connections (not one each).
    expect(sockets.size).toBeLessThanOrEqual(2);
  });
});
