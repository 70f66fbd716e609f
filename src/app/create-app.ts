/**
 * Wiring without process concerns: platform + store + actor host + effects.
 * main.ts, the sandbox and the end-to-end tests all call createApp.
 */
import type { Logger } from 'pino';
import type { InspectionEvent, Observer } from 'xstate';
import type { Config } from '../config.js';
import type { Platform, PlatformEvent } from '../platform/port.js';
import { createWebexPlatform } from '../platform/webex/index.js';
import { openStore, type Store } from '../store/index.js';
import { createHealthState } from '../health.js';
import { ActorHost } from './actor-host.js';
import { route, type Target } from './router.js';
import { createEffects } from './effects.js';
import { createTestbedFleet } from './testbed-fleet.js';
import { createFlowFactory } from './flows.js';
import { createPeople } from './people.js';
import { recorderFromConfig } from './recorder.js';
import { createActorNames } from './actor-names.js';

export interface AppDeps {
  config: Config;
  logger: Logger;
  /** Injected by tests and the sandbox; defaults to the Webex adapter built from config. */
  platform?: Platform;
  store?: Store;
  inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void);
  /** Clock for receive times and rendering; tests may pin it. */
  now?: () => Date;
}

export interface App {
  start(): Promise<void>;
  stop(): Promise<void>;
  platform: Platform;
  store: Store;
  healthStatus(): ReturnType<ReturnType<typeof createHealthState>['body']>;
  /** Number of live conversation/broadcast actors (for benchmarks and tests). */
  liveActors(): number;
  /** Resolves when every event received so far has been fully handled (tests). */
  idle(): Promise<void>;
}

export async function createApp(deps: AppDeps): Promise<App> {
  const { config, logger } = deps;
  const now = deps.now ?? (() => new Date());
  const store = deps.store ?? (await openStore({ testbedPath: config.testbedDbPath, broadcastPath: config.broadcastDbPath }));
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
    });
  const health = createHealthState();
  const lookUpPerson = createPeople(platform);
  const effects = createEffects({ platform, store, config, logger, now, lookUpPerson });
  // Readable actor names cost a look-up per new actor: only while an inspector watches.
  const names = deps.inspect ? createActorNames({ platform, lookUpPerson, logger }) : undefined;
  const host = new ActorHost({
    logger,
    inspect: deps.inspect,
    nameOf: names?.nameOf,
    onActorError: (key) => {
      const roomId = key.split(':')[1];
      if (roomId) effects.apologise(roomId);
    },
  });
  const fleet = createTestbedFleet({ store, logger, inspect: deps.inspect });
  const flows = createFlowFactory({ platform, store, config, logger, fleet, effects, now, lookUpPerson });
  const recorder = recorderFromConfig(config, logger);

  let pending = Promise.resolve();

  async function broadcastRoomIds(): Promise<string[]> {
    const rooms = await flows.listBroadcastRooms();
    return rooms.map((room) => room.room_id);
  }

  async function handle(event: PlatformEvent): Promise<void> {
    const needsRooms = event.type === 'cardAction' && event.inputs.action === 'broadcast_rooms_submit';
    const roomIds = needsRooms ? await broadcastRoomIds() : undefined;
    const decision = route(event, {
      approvedRooms: config.approvedRooms,
      timeZone: config.displayTimeZone,
      knownTestbedIds: store.testbeds.all().map((record) => record.id),
      broadcastRoomIds: roomIds,
    });
    const log = logger.child({ eventType: event.type, eventId: event.id, roomId: event.roomId });
    if (decision.kind === 'ignore') {
      log.debug({ reason: decision.reason }, 'event ignored');
      return;
    }
    recorder?.record(event, { broadcastRoomIds: roomIds });
    health.markMessage(event.receivedAt);
    if (decision.kind === 'reply') {
      effects.reply(event.roomId, decision.view);
      return;
    }
    if (names) await names.learn(event);
    for (const target of decision.targets) deliver(event, target);
  }

  function deliver(event: PlatformEvent, target: Target): void {
    if (target.ifExists) {
      host.sendIfExists(target.key, target.event);
      return;
    }
    const actor = host.getOrCreate(target.key, () => flows.spawn(target.flow, event));
    actor.send(target.event);
  }

  platform.onEvent((event) => {
    // Events are processed one after another so that a user's clicks keep their order.
    pending = pending.then(() => handle(event)).catch((error) => logger.error({ err: error }, 'event handling failed'));
    return pending;
  });
  platform.onConnectionState((state) => {
    health.setConnected(state === 'connected');
    recorder?.connection(state);
    logger.info({ state }, 'connection state');
  });

  return {
    platform,
    store,
    healthStatus: () => health.body(),
    liveActors: () => host.size(),
    async idle() {
      await pending;
      await effects.idle();
      await recorder?.flush();
    },
    async start() {
      fleet.start();
      await platform.start();
      logger.info({ testbeds: store.testbeds.all().length }, 'bot started');
    },
    async stop() {
      host.stopAll();
      fleet.stop();
      await platform.stop();
      await effects.idle();
      await recorder?.close();
      await store.close();
    },
  };
}
