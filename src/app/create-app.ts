/**
 * Wiring without process concerns: platform + store + actor host + effects.
 * main.ts, the sandbox and the end-to-end tests all call createApp.
 */
import type { Logger } from 'pino';
import type { InspectionEvent, Observer } from 'xstate';
import type { Config } from '../config.js';
import type { Platform, PlatformEvent } from '../platform/port.js';
import { uuidOf } from '../platform/ids.js';
import { createWebexPlatform } from '../platform/webex/index.js';
import type { RetryWait } from '../platform/webex/rest.js';
import type { Store } from '../store/index.js';
import type { LeaderOptions } from '../store/pg/leader.js';
import type { SeenMessages } from '../store/pg/seen-messages.js';
import { createHealthState } from '../health.js';
import { Lanes } from '../lanes.js';
import { createMetrics, type HandledOutcome, type Metrics, type TestbedMetricState } from '../metrics.js';
import { testbedState } from '../cards/parts.js';
import type { TestbedRecord } from '../domain.js';
import { ActorHost } from './actor-host.js';
import { createRecentTestbeds } from './recent-testbeds.js';
import { route, type Target } from './router.js';
import { createEffects } from './effects.js';
import { createTestbedFleet } from './testbed-fleet.js';
import { createFlowFactory } from './flows.js';
import { createPeople } from './people.js';
import { ReplyTimer } from './reply-timer.js';
import { createActorNames } from './actor-names.js';
import { keyOf, testbedKey, type FlowKey } from './actor-key.js';
import { openConfiguredStore } from './open-store.js';
import type { SocketLeadership } from './socket-leadership.js';
import type { ConversationEvent } from '../machines/conversation.machine.js';

/** The conversation events that act for the person (and so need to know who they are). */
const SUBMISSIONS: ReadonlySet<string> = new Set<ConversationEvent['type']>(['register.submitted', 'release.submitted', 'lifecycle.submitted', 'feedback.submitted']);

/** Resting conversations kept live (about 5 KiB each): enough for everyone clicking at the same time in a busy lab. */
const KEPT_RESTING_CONVERSATIONS = 64;

export interface AppDeps {
  config: Config;
  logger: Logger;
  /** Injected by tests and the sandbox; defaults to the Webex adapter built from config. */
  platform?: Platform;
  store?: Store;
  inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void);
  /** Clock for receive times (also the Webex adapter's), reply latency and rendering; tests may pin it. */
  now?: () => Date;
  /** Where counts for `GET /metrics` go; defaults to a fresh registry of this app's own. */
  metrics?: Metrics;
  /** With STORE_URL: the leader election's timing (tests shorten it). */
  leaderTiming?: Pick<LeaderOptions, 'pollMs' | 'retryMs' | 'pingMs' | 'pingTimeoutMs' | 'sessionTimeoutMs'>;
  /**
   * With STORE_URL the socket opens after start() has resolved, whenever this instance is elected; a
   * platform that refuses to start for good (a revoked token) is reported here. Default: logged.
   */
  onPlatformFailed?: (error: unknown) => void;
  /** Resting conversations kept live; default 64. Tests set 0 to make every later click find a fresh actor. */
  keptRestingConversations?: number;
  /** How the Webex adapter's REST calls wait before a retry (a 429's Retry-After); tests pass a simulated clock. */
  retryWait?: RetryWait;
}

export interface App {
  start(): Promise<void>;
  stop(): Promise<void>;
  platform: Platform;
  store: Store;
  metrics: Metrics;
  healthStatus(): ReturnType<ReturnType<typeof createHealthState>['body']>;
  /** Conversation and broadcast actors held in memory (resting conversations excluded). */
  liveActors(): number;
  /** Resolves when every event received so far has been fully handled (tests). */
  idle(): Promise<void>;
  /** The HTTP API's base URL once started; null when API_PORT is not set. */
  apiUrl(): string | null;
  /** `leader` holds the platform socket; `standby` waits (only with STORE_URL). */
  role(): 'leader' | 'standby';
}

/** Testbeds by state as of `now` (the documents' spelling: `in_use`). */
function countByState(records: TestbedRecord[], now: string): Record<TestbedMetricState, number> {
  const counts = { available: 0, in_use: 0, overdue: 0, maintenance: 0 };
  for (const record of records) {
    const state = testbedState(record, now);
    counts[state === 'inUse' ? 'in_use' : state] += 1;
  }
  return counts;
}

/** One conversation: the same room and person (the router's actor keys are per room and person too). */
function conversationOf(event: PlatformEvent): string {
  return `${uuidOf(event.roomId).toLowerCase()} ${uuidOf(event.personId).toLowerCase()}`;
}

export async function createApp(deps: AppDeps): Promise<App> {
  const { config, logger } = deps;
  const now = deps.now ?? (() => new Date());
  const metrics = deps.metrics ?? createMetrics();
  const store = deps.store ?? (await openConfiguredStore(config, logger.child({ component: 'store' })));
  const platform =
    deps.platform ??
    createWebexPlatform({
      accessToken: config.accessToken,
      apiUrl: config.apiUrl,
      discoveryUrl: config.discoveryUrl,
      devicesUrl: config.devicesUrl,
      httpsProxy: config.httpsProxy,
      wssProxy: config.wssProxy,
      logger: logger.child({ component: 'platform' }),
      metrics,
      retryWait: deps.retryWait,
      now,
    });
  const health = createHealthState();
  const lookUpPerson = createPeople(platform);
  const replies = new ReplyTimer((view, seconds) => metrics.replyPosted(view, seconds), () => now().getTime());
  // The usage report reads its window of the history file when it is posted.
  const readHistory = (since: string) => store.history.readSince(since);
  // What `it` means to each person in a room: the testbed they last asked about, or a notice in their 1:1 room was about.
  const recentTestbeds = createRecentTestbeds();
  const effects = createEffects({
    platform,
    store,
    config,
    logger,
    now,
    lookUpPerson,
    readHistory,
    replied: (key, view) => replies.replied(key, view),
    noticed: (roomId, testbedId, at) => recentTestbeds.noteRoom(roomId, testbedId, at),
  });
  // Readable actor names cost a look-up per new actor: only while an inspector watches.
  const names = deps.inspect ? createActorNames({ platform, lookUpPerson, logger }) : undefined;
  const host = new ActorHost<FlowKey>({
    logger,
    inspect: deps.inspect,
    nameOf: names?.nameOf,
    onActorError: (key) => effects.apologise(key.roomId, key.personId),
    // With an inspector watching, conversations stay live in their waiting state so it can show them.
    restMs: deps.inspect ? 0 : config.conversationTimeoutMs,
    // The people clicking right now find their actor again instead of paying for a new one per click.
    keepResting: deps.keptRestingConversations ?? KEPT_RESTING_CONVERSATIONS,
    now: () => now().getTime(),
  });
  const fleet = createTestbedFleet({
    store,
    logger,
    inspect: deps.inspect,
    metrics,
    now,
    timing: { reminderMs: config.reminderMs, overdueRepeatMs: config.overdueRepeatMs, holdMs: config.holdMs },
    notify: ({ to, notice, testbedId }) => {
      logger.info({ key: keyOf(testbedKey(testbedId)), notice: notice.kind }, 'direct message about a booking');
      if (to) effects.notice(to, notice);
    },
    // A hand-over's colleague, by email: the one the platform has with it.
    findPerson: async (email) => (await effects.findPeople(email))[0],
    // Told when somebody reports a problem with a testbed.
    admins: config.admins,
  });
  // Optional parts load only when a setting asks for them, so a plain chat bot never loads the HTTP API,
  // the PostgreSQL driver, the recorder or the digest (tests/e2e/lean-start.test.ts checks it).
  const api = config.api
    ? await (await import('../api/index.js')).openApi({
        config: config.api,
        store,
        fleet,
        releaseExpired: (testbedId, holder, at) => fleet.release({ testbedId, by: holder, now: at, holderOnly: true, expired: true }),
        freeSince: (testbedId) => fleet.freeSince(testbedId),
        logger: logger.child({ component: 'api' }),
        now,
      })
    : undefined;
  // A testbed that changed state may have become free for a pipeline waiting in line (after the fleet's own bookkeeping).
  if (api) fleet.onChange(() => setImmediate(() => api.wake()));
  metrics.countTestbeds(() => countByState(store.testbeds.all(), now().toISOString()));
  metrics.countConversations(() => host.size());
  const flows = createFlowFactory({ platform, store, config, logger, fleet, effects, now, lookUpPerson });
  const recorder = config.record ? (await import('./recorder.js')).recorderFromConfig(config, logger) : undefined;
  const digest = config.digest ? (await import('./digest-scheduler.js')).createDigestScheduler({ schedule: config.digest, store, platform, logger, now }) : undefined;

  // Events of one conversation are handled one after another, so a person's clicks keep their order;
  // other conversations never wait for them.
  const lanes = new Lanes((error) => logger.error({ err: error }, 'event handling failed'));

  async function broadcastRoomIds(): Promise<string[]> {
    const rooms = await flows.listBroadcastRooms();
    return rooms.map((room) => room.room_id);
  }

  async function handle(event: PlatformEvent): Promise<void> {
    // Noted for whoever leads next, so its catch-up does not answer this message again.
    if (event.type === 'message') seen?.remember(uuidOf(event.id));
    let outcome: HandledOutcome = 'failed';
    try {
      outcome = await decide(event);
    } finally {
      metrics.eventHandled(event.type, outcome);
    }
  }

  // The ids of the testbeds as they are now: one frozen list per snapshot of the records, so a form costs no copies.
  let knownIdsOf: { records: readonly TestbedRecord[]; ids: readonly number[] } | undefined;
  function knownTestbedIds(): readonly number[] {
    const records = store.testbeds.snapshot();
    if (knownIdsOf?.records !== records) knownIdsOf = { records, ids: Object.freeze(records.map((record) => record.id)) };
    return knownIdsOf.ids;
  }

  async function decide(event: PlatformEvent): Promise<HandledOutcome> {
    const needsRooms = event.type === 'cardAction' && event.inputs.action === 'broadcast_rooms_submit';
    const roomIds = needsRooms ? await broadcastRoomIds() : undefined;
    const recentTestbedId = event.type === 'message' ? recentTestbeds.of(event.roomId, event.personId, event.receivedAt) : undefined;
    const decision = route(event, {
      approvedRooms: config.approvedRooms,
      timeZone: config.displayTimeZone,
      // Read only for the forms that name a testbed.
      get knownTestbedIds() {
        return knownTestbedIds();
      },
      // Read only for typed text that names a testbed (`wait lab-3`).
      get testbeds() {
        return store.testbeds.snapshot();
      },
      broadcastRoomIds: roomIds,
      ...(recentTestbedId === undefined ? {} : { recentTestbedId }),
    });
    if (decision.kind !== 'ignore') recentTestbeds.note(event.roomId, event.personId, decision, store.testbeds.snapshot(), event.receivedAt);
    if (decision.kind === 'ignore') {
      logger.debug({ eventType: event.type, eventId: event.id, roomId: event.roomId, reason: decision.reason }, 'event ignored');
      return 'ignored';
    }
    recorder?.record(event, { broadcastRoomIds: roomIds, testbeds: event.type === 'message' ? store.testbeds.snapshot() : undefined });
    health.markMessage(event.receivedAt);
    // Asked in a thread (or on a card in one): the answers go into that thread.
    const thread = effects.heard(event);
    if (decision.kind === 'reply') {
      replies.started(`reply:${event.roomId}`, event.receivedAt);
      effects.reply(event.roomId, decision.view, thread, event.type === 'message' ? event.personEmail : undefined);
      return 'replied';
    }
    if (names) await names.learn(event);
    let delivered = 0;
    for (const target of decision.targets) if (deliver(event, target)) delivered += 1;
    if (delivered === 0) {
      // `cancel` with no conversation open: the answer an open one gives, so nobody is left without a word.
      replies.started(`reply:${event.roomId}`, event.receivedAt);
      effects.reply(event.roomId, { kind: 'cancelled' }, thread);
      return 'replied';
    }
    return 'dispatched';
  }

  /** Hands the event to the target's actor; false when it is only for an open conversation and none is. */
  function deliver(event: PlatformEvent, target: Target): boolean {
    // Only to a conversation that is open (live or resting).
    if (target.ifExists && !host.has(target.key)) return false;
    const actor = host.getOrCreate(target.key, () => flows.spawn(target.key, event));
    replies.started(keyOf(target.key), event.receivedAt);
    actor.send(withKnownHolder(target));
    return true;
  }

  /** A conversation's submission carries the person's profile when it is cached, so the machine skips its look-up. */
  function withKnownHolder(target: Target): Target['event'] {
    if (target.key.kind !== 'conversation' || !SUBMISSIONS.has(target.event.type)) return target.event;
    const holder = lookUpPerson.known(target.key.personId);
    return holder ? { ...target.event, holder } : target.event;
  }

  // With PostgreSQL, several instances share the store and only the elected leader holds the socket.
  let leadership: SocketLeadership | undefined;
  let seen: SeenMessages | undefined;
  if (config.storeUrl) {
    const electorLogger = logger.child({ component: 'leader' });
    const [{ openSeenMessages }, { createLeaderElector }, { createSocketLeadership }] = await Promise.all([
      import('../store/pg/seen-messages.js'),
      import('../store/pg/leader.js'),
      import('./socket-leadership.js'),
    ]);
    const messages = await openSeenMessages({ url: config.storeUrl, logger: electorLogger });
    seen = messages;
    leadership = createSocketLeadership({
      elector: createLeaderElector({ url: config.storeUrl, ...deps.leaderTiming, logger: electorLogger }),
      platform,
      logger: electorLogger,
      onRole: (role) => metrics.leader(role === 'leader'),
      alreadyHandled: () => messages.recent(),
      onFatal: (error) => {
        if (deps.onPlatformFailed) deps.onPlatformFailed(error);
        else logger.error({ err: error }, 'the platform refused to start');
      },
    });
  }

  platform.onEvent((event) => lanes.add(conversationOf(event), () => handle(event)));
  platform.onConnectionState((state) => {
    health.setConnected(state === 'connected');
    recorder?.connection(state);
    logger.info({ state }, 'connection state');
  });

  return {
    platform,
    store,
    metrics,
    healthStatus() {
      if (leadership) health.setRole(leadership.role(), leadership.databaseUp());
      return health.body();
    },
    role: () => leadership?.role() ?? 'leader',
    liveActors: () => host.liveSize(),
    apiUrl: () => api?.url() ?? null,
    async idle() {
      await lanes.idle();
      await effects.idle();
      await digest?.idle();
      await recorder?.flush();
    },
    async start() {
      fleet.start();
      // Pipelines may hold testbeds while the chat side is still connecting.
      await api?.start();
      // A standby is started once it has joined the election; the socket follows the leadership.
      if (leadership) leadership.start();
      else await platform.start();
      digest?.start();
      logger.info({ testbeds: store.testbeds.all().length, role: leadership ? 'competing' : 'leader' }, 'bot started');
    },
    async stop() {
      // Step down first, so another instance takes the socket while this one finishes its work.
      await leadership?.stop();
      await api?.stop();
      host.stopAll();
      fleet.stop();
      await digest?.stop();
      await platform.stop();
      await effects.idle();
      await recorder?.close();
      await seen?.close();
      await store.close();
    },
  };
}
