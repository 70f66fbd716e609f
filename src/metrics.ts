/**
 * Prometheus metrics for the health port's `GET /metrics`, on a registry of
 * their own (never prom-client's global one), so two apps in one process —
 * tests, the sandbox — never share counters. Label values are fixed words
 * (event type, outcome, state, view kind, status code, method and route
 * template): no ids, emails, names, text or tokens ever become a label.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { ConnectionState } from './platform/port.js';
import type { DropReason, PlatformMetrics } from './platform/webex/metrics.js';

export type HandledOutcome = 'dispatched' | 'replied' | 'ignored' | 'failed';
export type BookingOutcome = 'booked' | 'refused' | 'unknown' | 'failed';
export type ReleaseOutcome = 'released' | 'refused' | 'unknown' | 'failed';
export type TestbedMetricState = 'available' | 'in_use' | 'overdue' | 'maintenance';

/** What the app reports (the adapter reports through PlatformMetrics). */
export interface AppMetrics {
  eventHandled(type: 'message' | 'cardAction', outcome: HandledOutcome): void;
  /** Seconds from the arrival of the event a reply answers to the reply being posted; `view` is the card kind. */
  replyPosted(view: string, seconds: number): void;
  booking(outcome: BookingOutcome): void;
  release(outcome: ReleaseOutcome): void;
}

export interface Metrics extends PlatformMetrics, AppMetrics {
  readonly contentType: string;
  /** The whole registry in the Prometheus text format. */
  scrape(): Promise<string>;
  /** Testbeds by state are counted from `source` at every scrape. */
  countTestbeds(source: () => Record<TestbedMetricState, number>): void;
  /** Open conversations and broadcasts (live actors and resting conversations) are counted from `source` at every scrape. */
  countConversations(source: () => number): void;
  /** 1 while this instance holds the platform socket (or competes for nothing: the JSON store), 0 as a standby. */
  leader(isLeader: boolean): void;
}

export const silentAppMetrics: AppMetrics = {
  eventHandled() {},
  replyPosted() {},
  booking() {},
  release() {},
};

const PREFIX = 'testbed_monitor_';
const SOCKET_STATES: ConnectionState[] = ['connecting', 'connected', 'disconnected', 'stopped'];
const TESTBED_STATES: TestbedMetricState[] = ['available', 'in_use', 'overdue', 'maintenance'];
const EVENT_TYPES = ['message', 'cardAction'] as const;
const HANDLED_OUTCOMES: HandledOutcome[] = ['dispatched', 'replied', 'ignored', 'failed'];
const DROP_REASONS: DropReason[] = ['duplicate', 'unreadable', 'fetch_failed', 'invalid'];
const BOOKING_OUTCOMES: BookingOutcome[] = ['booked', 'refused', 'unknown', 'failed'];
const RELEASE_OUTCOMES: ReleaseOutcome[] = ['released', 'refused', 'unknown', 'failed'];
/** Reply latency buckets in seconds: a few ms (the bot alone) up to a long rate-limit wait. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export interface MetricsOptions {
  /**
   * Also collect prom-client's process and Node.js metrics (CPU, memory,
   * event loop lag, GC). These install observers that live as long as the
   * process, so only the production process turns them on.
   */
  processMetrics?: boolean;
}

export function createMetrics(options: MetricsOptions = {}): Metrics {
  const registry = new Registry();
  if (options.processMetrics) collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const counter = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) =>
    new Counter<L>({ name: `${PREFIX}${name}`, help, labelNames, registers });

  const received = counter(
    'events_received_total',
    'Inbound events (messages and card submissions) handed to the bot, by type',
    ['type'],
  );
  const dropped = counter(
    'events_dropped_total',
    'Inbound activities that did not become events: duplicate, unreadable, fetch_failed or invalid',
    ['reason'],
  );
  const handled = counter(
    'events_handled_total',
    'Events the bot finished routing, by type and outcome (dispatched to a conversation, replied, ignored, failed)',
    ['type', 'outcome'],
  );
  const latency = new Histogram({
    name: `${PREFIX}reply_latency_seconds`,
    help: 'Time from receiving an event to posting the reply that answers it, by card kind',
    labelNames: ['view'],
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const rest = counter(
    'rest_requests_total',
    'REST attempts to the platform by method, route template and status (network / timeout when there was no answer)',
    ['method', 'route', 'status'],
  );
  const rateLimitWaits = counter(
    'rest_rate_limit_waits_total',
    'Rate-limit answers (429, 423, 503 with Retry-After) waited out before retrying, by route template',
    ['route'],
  );
  const rateLimitSeconds = counter(
    'rest_rate_limit_wait_seconds_total',
    'Seconds spent waiting out rate-limit answers, by route template',
    ['route'],
  );
  const reconnects = counter('socket_reconnects_total', 'WebSocket connections confirmed after the first one');
  const socket = new Gauge({
    name: `${PREFIX}socket_state`,
    help: 'WebSocket state: 1 for the current state, 0 for the others',
    labelNames: ['state'],
    registers,
  });
  const bookings = counter(
    'bookings_total',
    'Booking requests by outcome: booked, refused (taken), unknown testbed, failed (not saved)',
    ['outcome'],
  );
  const releases = counter(
    'releases_total',
    'Release requests by outcome: released, refused (not in use / busy), unknown testbed, failed (not saved)',
    ['outcome'],
  );
  let testbedSource: (() => Record<TestbedMetricState, number>) | undefined;
  new Gauge({
    name: `${PREFIX}testbeds`,
    help: 'Testbeds by state (overdue = in use past the expected release time)',
    labelNames: ['state'],
    registers,
    collect() {
      const counts = testbedSource?.();
      for (const state of TESTBED_STATES) this.set({ state }, counts?.[state] ?? 0);
    },
  });

  // Known series start at zero, so a rate is defined from the first scrape on.
  let conversationSource: (() => number) | undefined;
  new Gauge({
    name: `${PREFIX}conversations_active`,
    help: 'Conversation and broadcast actors currently alive',
    registers,
    collect() {
      this.set(conversationSource?.() ?? 0);
    },
  });

  const leading = new Gauge({
    name: `${PREFIX}leader`,
    help: 'Whether this instance is the leader that holds the platform socket (1) or a standby (0)',
    registers,
  });
  leading.set(1);

  for (const state of SOCKET_STATES) socket.set({ state }, 0);
  for (const type of EVENT_TYPES) {
    received.inc({ type }, 0);
    for (const outcome of HANDLED_OUTCOMES) handled.inc({ type, outcome }, 0);
  }
  for (const reason of DROP_REASONS) dropped.inc({ reason }, 0);
  for (const outcome of BOOKING_OUTCOMES) bookings.inc({ outcome }, 0);
  for (const outcome of RELEASE_OUTCOMES) releases.inc({ outcome }, 0);

  return {
    contentType: registry.contentType,
    scrape: () => registry.metrics(),
    countTestbeds(source) {
      testbedSource = source;
    },
    countConversations(source) {
      conversationSource = source;
    },
    eventReceived: (type) => received.inc({ type }),
    eventDropped: (reason: DropReason) => dropped.inc({ reason }),
    restRequest: (method, route, status) => rest.inc({ method, route, status }),
    rateLimitWait(route, delayMs) {
      rateLimitWaits.inc({ route });
      rateLimitSeconds.inc({ route }, delayMs / 1000);
    },
    reconnected: () => reconnects.inc(),
    leader: (isLeader) => leading.set(isLeader ? 1 : 0),
    socketState(state) {
      for (const each of SOCKET_STATES) socket.set({ state: each }, each === state ? 1 : 0);
    },
    eventHandled: (type, outcome) => handled.inc({ type, outcome }),
    replyPosted: (view, seconds) => latency.observe({ view }, Math.max(0, seconds)),
    booking: (outcome) => bookings.inc({ outcome }),
    release: (outcome) => releases.inc({ outcome }),
  };
}
