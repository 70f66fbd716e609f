import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createHealthState, startHealthServer, type HealthServer, type HealthStatus } from '../src/health.js';

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function call(port: number, path: string, method = 'GET'): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

let server: HealthServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('health server', () => {
  it('serves exactly the documented fields with the right types on GET /health', async () => {
    const state = createHealthState();
    server = await startHealthServer({ host: '127.0.0.1', port: 0, getStatus: state.getStatus });
    expect(server.port).toBeGreaterThan(0);
    const reply = await call(server.port, '/health');
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('application/json');
    const body = JSON.parse(reply.body) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(
      ['last_message', 'messages_processed', 'role', 'started_at', 'status', 'uptime', 'websocket_connected'],
    );
    expect(body.role).toBe('leader');
    expect(body.status).toBe('unhealthy');
    expect(typeof body.uptime).toBe('number');
    expect(body.uptime as number).toBeGreaterThanOrEqual(0);
    expect(body.started_at).toMatch(ISO_UTC);
    expect(body.last_message).toBeNull();
    expect(body.websocket_connected).toBe(false);
    expect(body.messages_processed).toBe(0);
  });

  it('flips between healthy and unhealthy with the socket state and counts messages', async () => {
    const state = createHealthState();
    server = await startHealthServer({ host: '127.0.0.1', port: 0, getStatus: state.getStatus });
    state.setConnected(true);
    state.markMessage(new Date('2025-03-01T10:00:00.000Z'));
    state.markMessage(new Date('2025-03-01T10:05:00.000Z'));
    let body = JSON.parse((await call(server.port, '/health')).body) as HealthStatus;
    expect(body).toMatchObject({
      status: 'healthy',
      websocket_connected: true,
      messages_processed: 2,
      last_message: '2025-03-01T10:05:00.000Z',
    });
    state.setConnected(false);
    body = JSON.parse((await call(server.port, '/health?probe=1')).body) as HealthStatus;
    expect(body.status).toBe('unhealthy');
    expect(body.websocket_connected).toBe(false);
    expect(body.messages_processed).toBe(2);
  });

  it('a standby is healthy while its database connection is up, with the socket closed, and unhealthy without it', async () => {
    const state = createHealthState();
    server = await startHealthServer({ host: '127.0.0.1', port: 0, getStatus: state.getStatus });
    state.setRole('standby', true);
    let reply = await call(server.port, '/health');
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body)).toMatchObject({ status: 'healthy', role: 'standby', websocket_connected: false });
    state.setRole('standby', false);
    reply = await call(server.port, '/health');
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body)).toMatchObject({ status: 'unhealthy', role: 'standby', websocket_connected: false });
    // Elected: healthy again only once the socket is connected.
    state.setRole('leader', true);
    expect(JSON.parse((await call(server.port, '/health')).body)).toMatchObject({ status: 'unhealthy', role: 'leader' });
    state.setConnected(true);
    expect(JSON.parse((await call(server.port, '/health')).body)).toMatchObject({ status: 'healthy', role: 'leader', websocket_connected: true });
  });

  it('serves only the documented fields even if the provider returns more', async () => {
    const getStatus = () => ({ ...createHealthState().getStatus(), token: 'nope' }) as HealthStatus;
    server = await startHealthServer({ host: '127.0.0.1', port: 0, getStatus });
    expect((await call(server.port, '/health')).body).not.toContain('token');
  });

  it.each([
    ['GET', '/'],
    ['GET', '/healthz'],
    ['GET', '/health/'],
    ['GET', '/health/extra'],
    ['POST', '/health'],
    ['DELETE', '/health'],
    ['PUT', '/anything'],
  ])('%s %s → 404 with an empty body', async (method, path) => {
    server = await startHealthServer({ host: '127.0.0.1', port: 0, getStatus: createHealthState().getStatus });
    const reply = await call(server.port, path, method);
    expect(reply.status).toBe(404);
    expect(reply.body).toBe('');
  });

  it('serves GET /metrics from the metrics source in its content type, and 404 there without one', async () => {
    const metrics = { contentType: 'text/plain; version=0.0.4; charset=utf-8', scrape: async () => 'testbed_monitor_bookings_total{outcome="booked"} 2\n' };
    server = await startHealthServer({ host: '127.0.0.1', port: 0, getStatus: createHealthState().getStatus, metrics });
    const reply = await call(server.port, '/metrics');
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(reply.body).toBe('testbed_monitor_bookings_total{outcome="booked"} 2\n');
    expect((await call(server.port, '/metrics', 'POST')).status).toBe(404);
    await server.close();
    server = await startHealthServer({ host: '127.0.0.1', port: 0, getStatus: createHealthState().getStatus });
    const without = await call(server.port, '/metrics');
    expect(without.status).toBe(404);
    expect(without.body).toBe('');
  });

  it('answers 500 with an empty body when the metrics cannot be collected, and keeps serving', async () => {
    let fail = true;
    const metrics = {
      contentType: 'text/plain',
      scrape: async () => {
        if (fail) throw new Error('collector broke');
        return 'ok 1\n';
      },
    };
    server = await startHealthServer({ host: '127.0.0.1', port: 0, getStatus: createHealthState().getStatus, metrics });
    const broken = await call(server.port, '/metrics');
    expect(broken.status).toBe(500);
    expect(broken.body).toBe('');
    fail = false;
    expect((await call(server.port, '/metrics')).body).toBe('ok 1\n');
    expect((await call(server.port, '/health')).status).toBe(200);
  });

  it('close() stops listening', async () => {
    const started = await startHealthServer({ host: '127.0.0.1', port: 0, getStatus: createHealthState().getStatus });
    await started.close();
    await expect(call(started.port, '/health')).rejects.toThrow();
  });

  it('rejects when the port is taken', async () => {
    server = await startHealthServer({ host: '127.0.0.1', port: 0, getStatus: createHealthState().getStatus });
    await expect(startHealthServer({ host: '127.0.0.1', port: server.port, getStatus: createHealthState().getStatus }))
      .rejects.toThrow(/EADDRINUSE/);
  });
});

describe('createHealthState', () => {
  it('measures uptime in seconds from its own start', () => {
    let now = new Date('2025-01-01T00:00:00.000Z');
    const state = createHealthState({ now: () => now });
    now = new Date('2025-01-01T00:01:30.250Z');
    const status = state.getStatus();
    expect(status.uptime).toBe(90.25);
    expect(status.started_at).toBe('2025-01-01T00:00:00.000Z');
  });

  it('markMessage without a time uses the clock', () => {
    const now = new Date('2025-06-01T12:00:00.000Z');
    const state = createHealthState({ now: () => now });
    state.markMessage();
    expect(state.getStatus()).toMatchObject({ last_message: '2025-06-01T12:00:00.000Z', messages_processed: 1 });
  });

  it('body() equals getStatus() and markMessage accepts ISO strings', () => {
    const state = createHealthState({ now: () => new Date('2025-06-01T12:00:00.000Z') });
    state.markMessage('2025-06-01T11:59:58.500Z');
    expect(state.body()).toEqual(state.getStatus());
    expect(state.body()).toMatchObject({ last_message: '2025-06-01T11:59:58.500Z', messages_processed: 1 });
    state.markMessage('not a time');
    expect(state.body()).toMatchObject({ last_message: '2025-06-01T12:00:00.000Z', messages_processed: 2 });
  });
});
