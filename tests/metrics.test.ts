/**
 * GET /metrics over HTTP: the real app against the emulator, the health server
 * on 127.0.0.1, a booking and a release, then the scrape is parsed and checked —
 * the counters moved, and no id, email, text or token is in it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startHealthServer, type HealthServer } from '../src/health.js';
import { createMetrics } from '../src/metrics.js';
import { ReplyTimer } from '../src/app/reply-timer.js';
import { routeTemplate } from '../src/platform/webex/metrics.js';
import { startEmulator } from '../src/platform/emulator/index.js';
import { ask, click, seenCard, startHarness, type Harness } from './support/harness.js';
import { startBotProcess } from './support/bot-process.js';
import { until as untilTrue } from './support/wait.js';
import { freePort } from './support/ports.js';
import { simulatedWaits } from './support/simulated-waits.js';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function get(port: number, path: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The Prometheus text format, sample lines only. */
function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, raw] of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[key] = raw;
    samples.push({ name: match[1], labels, value: Number(match[3]) });
  }
  return samples;
}

/** The value of the one sample with exactly these labels (undefined when there is none). */
function value(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels);
  return samples.find((s) => s.name === name && Object.keys(s.labels).length === wanted.length && wanted.every(([k, v]) => s.labels[k] === v))?.value;
}

let h: Harness | undefined;
let server: HealthServer | undefined;
afterEach(async () => {
  await server?.close();
  await h?.close();
  server = undefined;
  h = undefined;
});

describe('GET /metrics on the health port', () => {
  it('counts events, replies, REST calls, a 429 wait, a reconnect, a booking and a release, without personal data', async () => {
    // The 429's second passes on a simulated clock, which the app's clock (and so the reply latency) follows.
    const clock = simulatedWaits({ instant: true });
    h = await startHarness({ retryWait: clock.wait, now: () => new Date(Date.now() + clock.elapsed()) });
    const harness = h;
    server = await startHealthServer({ host: '127.0.0.1', port: 0, getStatus: () => harness.app.healthStatus(), metrics: harness.app.metrics });
    const port = server.port;
    const scrape = async () => parse((await get(port, '/metrics')).body);
    const until = (check: (samples: Sample[]) => boolean, what: string) => untilTrue(async () => check(await scrape()), { what, timeoutMs: 10_000 });
    const T = 'testbed_monitor_';

    // The first profile look-up is rate limited once.
    h.emu.faults.restFault({ method: 'GET', path: /^\/people\/[^/]+$/, status: 429, retryAfter: 1, times: 1 });
    h.emu.say({ personId: h.ada.id, roomId: h.unapproved.id, text: 'testbed', mentions: [h.bot.id] });
    await until((s) => value(s, `${T}events_handled_total`, { type: 'message', outcome: 'ignored' }) === 1, 'the ignored message');
    const hint = await ask(h, h.linus, h.lab, 'what is this');
    expect(seenCard(hint).texts).toEqual(['I did not understand that. Type testbed to open the menu, or help to see everything I can do.']);
    const form = await click(h, h.ada, await ask(h, h.ada, h.lab, 'testbed'), 'register');
    // Ada's conversation is alive while her form is open, and ends with the booking.
    expect(value(await scrape(), `${T}conversations_active`)).toBe(1);
    const booked = await click(h, h.ada, form, 'register_submit', { testbed_id: '2', purpose: 'secret purpose text', release_choice: '4h' });
    expect(seenCard(booked).heading).toBe('Booked: lab-2');
    await h.app.idle();

    const reply = await get(port, '/metrics');
    expect(reply.status).toBe(200);
    expect(reply.type).toBe('text/plain; version=0.0.4; charset=utf-8');
    let s = parse(reply.body);
    expect(value(s, `${T}bookings_total`, { outcome: 'booked' })).toBe(1);
    expect(value(s, `${T}bookings_total`, { outcome: 'refused' })).toBe(0);
    expect(value(s, `${T}testbeds`, { state: 'in_use' })).toBe(1);
    expect(value(s, `${T}testbeds`, { state: 'available' })).toBe(2);
    expect(value(s, `${T}testbeds`, { state: 'overdue' })).toBe(0);
    expect(value(s, `${T}events_received_total`, { type: 'message' })).toBe(3);
    expect(value(s, `${T}events_received_total`, { type: 'cardAction' })).toBe(2);
    expect(value(s, `${T}events_handled_total`, { type: 'message', outcome: 'replied' })).toBe(1);
    expect(value(s, `${T}events_handled_total`, { type: 'message', outcome: 'dispatched' })).toBe(1);
    expect(value(s, `${T}events_handled_total`, { type: 'cardAction', outcome: 'dispatched' })).toBe(2);
    expect(value(s, `${T}rest_requests_total`, { method: 'GET', route: 'people/me', status: '200' })).toBe(1);
    expect(value(s, `${T}rest_requests_total`, { method: 'GET', route: 'people/{id}', status: '429' })).toBe(1);
    expect(value(s, `${T}rest_requests_total`, { method: 'GET', route: 'messages/{id}', status: '200' })).toBe(3);
    expect(value(s, `${T}rest_requests_total`, { method: 'GET', route: 'attachment/actions/{id}', status: '200' })).toBe(2);
    expect(value(s, `${T}rest_requests_total`, { method: 'POST', route: 'messages', status: '200' })).toBe(4);
    expect(value(s, `${T}rest_requests_total`, { method: 'POST', route: 'wdm/api/v1/devices', status: '200' })).toBe(1);
    expect(value(s, `${T}rest_rate_limit_waits_total`, { route: 'people/{id}' })).toBe(1);
    expect(value(s, `${T}rest_rate_limit_wait_seconds_total`, { route: 'people/{id}' })).toBe(1);
    expect(value(s, `${T}socket_state`, { state: 'connected' })).toBe(1);
    expect(value(s, `${T}socket_state`, { state: 'disconnected' })).toBe(0);
    expect(value(s, `${T}reply_latency_seconds_count`, { view: 'menu' })).toBe(1);
    expect(value(s, `${T}reply_latency_seconds_count`, { view: 'hint' })).toBe(1);
    expect(value(s, `${T}reply_latency_seconds_count`, { view: 'registerForm' })).toBe(1);
    expect(value(s, `${T}reply_latency_seconds_count`, { view: 'registered' })).toBe(1);
    // The booking waited out the 1 s Retry-After, so its reply sits above the 1 s bucket.
    expect(value(s, `${T}reply_latency_seconds_bucket`, { view: 'registered', le: '0.5' })).toBe(0);
    expect(value(s, `${T}reply_latency_seconds_bucket`, { view: 'registered', le: '+Inf' })).toBe(1);
    expect(value(s, `${T}conversations_active`)).toBe(0);

    const releaseForm = await ask(h, h.ada, h.lab, 'release');
    expect(seenCard(await click(h, h.ada, releaseForm, 'release_submit', { testbed_id: '2' })).heading).toBe('Released: lab-2');
    // The adapter stamps each event with the app's clock: since the simulated second, a second ahead of the system's.
    expect(Date.parse(h.app.healthStatus().last_message!)).toBeGreaterThan(Date.now() + 500);
    h.emu.faults.closeSockets({ personId: h.bot.id });
    await until((samples) => value(samples, `${T}socket_reconnects_total`) === 1 && value(samples, `${T}socket_state`, { state: 'connected' }) === 1, 'the reconnect');
    await h.app.idle();

    const body = (await get(port, '/metrics')).body;
    s = parse(body);
    expect(value(s, `${T}releases_total`, { outcome: 'released' })).toBe(1);
    expect(value(s, `${T}bookings_total`, { outcome: 'booked' })).toBe(1);
    expect(value(s, `${T}testbeds`, { state: 'in_use' })).toBe(0);
    expect(value(s, `${T}testbeds`, { state: 'available' })).toBe(3);
    expect(value(s, `${T}socket_reconnects_total`)).toBe(1);

    // Nothing personal or secret, anywhere in the scrape.
    for (const secret of [h.bot.token, 'example.com', '@', 'Ada', 'secret purpose', 'what is this', h.lab.id, h.lab.uuid, h.ada.id, h.ada.uuid, h.linus.uuid, 'Y2lzY29zcGFyazov', '127.0.0.1']) {
      expect(body).not.toContain(secret);
    }
    // Label values are fixed words and route templates only.
    for (const sample of s) {
      for (const [key, label] of Object.entries(sample.labels)) {
        if (key === 'route') expect(label).toMatch(/^([a-z0-9]+|\{id\})(\/([a-z0-9]+|\{id\}))*$/);
        else if (key === 'le') expect(label).toMatch(/^(\+Inf|\d+(\.\d+)?)$/);
        else expect(label).toMatch(/^[A-Za-z0-9_.-]{1,24}$/);
      }
    }
  }, 30_000);
});

describe('GET /metrics from the bot process', () => {
  it('serves the bot’s counters and the process metrics on the health port', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tbm-metrics-'));
    const emu = await startEmulator();
    try {
      const bot = emu.createBot({ displayName: 'Testbed Monitor', email: 'tbm@webex.bot' });
      const ada = emu.createPerson({ displayName: 'Ada Ops', email: 'ada@example.com' });
      const room = emu.createRoom({ title: 'Lab', memberIds: [bot.id, ada.id] });
      const port = await freePort();
      const run = startBotProcess(
        {
          PLATFORM_ACCESS_TOKEN: bot.token,
          PLATFORM_API_URL: emu.restUrl,
          PLATFORM_DISCOVERY_URL: emu.discoveryUrl,
          APPROVED_ROOMS: room.id,
          HEALTH_PORT: String(port),
          HEALTH_HOST: '127.0.0.1',
        },
        dir,
      );
      const connected = async () => {
        try {
          return value(parse((await get(port, '/metrics')).body), 'testbed_monitor_socket_state', { state: 'connected' }) === 1;
        } catch {
          return false;
        }
      };
      await untilTrue(connected, { what: 'a connected bot' });
      const since = emu.messageCount();
      emu.say({ personId: ada.id, roomId: room.id, text: 'testbed', mentions: [bot.id] });
      await emu.waitForMessage((m) => m.personId === bot.id, { since, timeoutMs: 10_000 });
      const body = (await get(port, '/metrics')).body;
      const s = parse(body);
      expect(value(s, 'testbed_monitor_events_received_total', { type: 'message' })).toBe(1);
      expect(value(s, 'testbed_monitor_rest_requests_total', { method: 'POST', route: 'messages', status: '200' })).toBe(1);
      expect(s.find((sample) => sample.name === 'process_cpu_user_seconds_total')?.value).toBeGreaterThan(0);
      expect(s.find((sample) => sample.name === 'nodejs_heap_size_used_bytes')?.value).toBeGreaterThan(0);
      for (const secret of [bot.token, 'example.com', room.id, room.uuid, ada.id]) expect(body).not.toContain(secret);
      run.kill('SIGTERM');
      expect((await run.exited).code).toBe(0);
    } finally {
      await emu.stop();
      await rm(dir, { recursive: true, force: true });
    }
  }, 30_000);
});

describe('metrics building blocks', () => {
  it.each([
    ['people/me', 'people/me'],
    ['people/Y2lzY29zcGFyazovL3VzL1BFT1BMRS9hYmM', 'people/{id}'],
    ['messages', 'messages'],
    ['messages/Y2lzY29zcGFyazovL3VzL01FU1NBR0UvMTIz', 'messages/{id}'],
    ['attachment/actions/Y2lzY29zcGFyazovL3VzL0FUVEFDSE1FTlRfQUNUSU9OLzE', 'attachment/actions/{id}'],
    ['https://webexapis.com/v1/rooms?cursor=abc&max=100', 'rooms'],
    ['https://wdm-a.wbx2.com/wdm/api/v1/devices/6f2b1c3e-0000-4000-8000-000000000001', 'wdm/api/v1/devices/{id}'],
    ['https://u2c.wbx2.com/u2c/api/v1/catalog?format=hostmap&email=ada@example.com', 'u2c/api/v1/catalog'],
    ['people?email=ada@example.com', 'people'],
    ['https://proxy.example/people/ada', 'people/{id}'],
  ])('route template of %s is %s', (path, template) => {
    expect(routeTemplate(path, 'https://webexapis.com/v1')).toBe(template);
  });

  it('times the first reply after an event for a key, and only that one', () => {
    let clock = Date.parse('2025-05-01T10:00:00.000Z');
    const seen: [string, number][] = [];
    const timer = new ReplyTimer((view, seconds) => seen.push([view, seconds]), () => clock);
    timer.started('conversation:r:p', '2025-05-01T10:00:00.000Z');
    clock += 250;
    timer.replied('conversation:r:p', 'menu');
    clock += 100;
    timer.replied('conversation:r:p', 'status');
    timer.replied('conversation:other:p', 'menu');
    expect(seen).toEqual([['menu', 0.25]]);
    expect(timer.waiting).toBe(0);
  });

  it('forgets the oldest waiting key when too many wait', () => {
    const seen: string[] = [];
    const timer = new ReplyTimer((view) => seen.push(view), () => 0, 2);
    timer.started('a', '1970-01-01T00:00:00.000Z');
    timer.started('b', '1970-01-01T00:00:00.000Z');
    timer.started('c', '1970-01-01T00:00:00.000Z');
    timer.replied('a', 'menu');
    timer.replied('c', 'status');
    expect(seen).toEqual(['status']);
    expect(timer.waiting).toBe(1);
  });

  it('keeps each app’s counts apart, and adds process metrics only when asked', async () => {
    const one = createMetrics();
    const two = createMetrics({ processMetrics: true });
    one.booking('booked');
    expect(value(parse(await one.scrape()), 'testbed_monitor_bookings_total', { outcome: 'booked' })).toBe(1);
    const other = parse(await two.scrape());
    expect(value(other, 'testbed_monitor_bookings_total', { outcome: 'booked' })).toBe(0);
    expect(other.some((sample) => sample.name === 'process_cpu_user_seconds_total')).toBe(true);
    expect(parse(await one.scrape()).some((sample) => sample.name === 'process_cpu_user_seconds_total')).toBe(false);
  });

  it('reports leadership as a 1/0 gauge: 1 by default (a single instance), 0 as a standby', async () => {
    const metrics = createMetrics();
    expect(value(parse(await metrics.scrape()), 'testbed_monitor_leader')).toBe(1);
    metrics.leader(false);
    expect(value(parse(await metrics.scrape()), 'testbed_monitor_leader')).toBe(0);
    metrics.leader(true);
    expect(value(parse(await metrics.scrape()), 'testbed_monitor_leader')).toBe(1);
  });
});
