/**
 * The Webex adapter: implements the Platform port over the real protocol —
 * discovery → device → Mercury socket → REST (docs/platform.md).
 */
import { uuidOf } from '../ids.js';
import type { ConnectionState, OutgoingMessage, Person, Platform, PlatformStartOptions, PostedMessage, RoomSummary } from '../port.js';
import { backoffDelay, sleep } from './backoff.js';
import { catchUp } from './catch-up.js';
import type { HostCatalog } from './cluster.js';
import { MercuryConnection, type PrepareKind } from './connection.js';
import { RecentIds } from './dedupe.js';
import { DeviceRegistry } from './device.js';
import { discoverServices } from './discovery.js';
import { PlatformError } from './errors.js';
import { InboundPipeline, type EventHandler } from './inbound.js';
import { silentMetrics } from './metrics.js';
import { DEFAULT_DEDUPE_MAX_SIZE, DEFAULT_DEDUPE_WINDOW_MS, DEFAULT_DEVICE_NAME, resolveTiming, type WebexPlatformOptions } from './options.js';
import { messageJsonBytes, nextPageUrl, readCreatedMessage } from './outgoing.js';
import { createRestClient } from './rest.js';
import type { BotProfile } from './to-platform-event.js';

export { PlatformError, isPlatformError, type PlatformErrorCode } from './errors.js';
export type { WebexPlatformOptions, WebexTiming } from './options.js';
export { routeTemplate, type DropReason, type PlatformMetrics } from './metrics.js';

export interface WebexPlatform extends Platform {
  pause(): Promise<void>;
  connectionState(): ConnectionState;
  /** Resolves when every event received so far has been handed to the handlers. */
  idle(): Promise<void>;
}

interface PersonBody {
  id?: unknown;
  emails?: unknown;
  displayName?: unknown;
  firstName?: unknown;
  nickName?: unknown;
  type?: unknown;
}

function toPerson(body: PersonBody | undefined): Person {
  if (!body || typeof body.id !== 'string') throw new PlatformError('invalid_response', 'person without an id');
  const type = body.type === 'person' || body.type === 'bot' || body.type === 'appuser' ? body.type : undefined;
  return {
    id: body.id,
    emails: Array.isArray(body.emails) ? body.emails.filter((e): e is string => typeof e === 'string') : [],
    displayName: typeof body.displayName === 'string' ? body.displayName : '',
    ...(type ? { type } : {}),
  };
}

function checkOptions(options: WebexPlatformOptions): void {
  if (typeof options.accessToken !== 'string' || options.accessToken.trim() === '') throw new TypeError('accessToken is required');
  for (const key of ['apiUrl', 'discoveryUrl', 'devicesUrl'] as const) {
    const value = options[key];
    if (value === undefined && key === 'devicesUrl') continue;
    if (typeof value !== 'string' || !URL.canParse(value)) throw new TypeError(`${key} must be an absolute URL`);
  }
}

export function createWebexPlatform(options: WebexPlatformOptions): WebexPlatform {
  checkOptions(options);
  const timing = resolveTiming(options.timing);
  const logger = options.logger;
  const token = options.accessToken;
  const metrics = options.metrics ?? silentMetrics;
  const rest = createRestClient({ apiUrl: options.apiUrl, token, timing, logger, httpsProxy: options.httpsProxy, metrics, retryWait: options.retryWait });
  const recent = new RecentIds(options.dedupeWindowMs ?? DEFAULT_DEDUPE_WINDOW_MS, options.dedupeMaxSize ?? DEFAULT_DEDUPE_MAX_SIZE);
  const stateHandlers: Array<(state: ConnectionState) => void> = [];
  let state: ConnectionState = 'disconnected';
  let profile: Person | undefined;
  let bot: BotProfile | undefined;
  let hostCatalog: HostCatalog = {};
  let registry: DeviceRegistry | undefined;
  let connection: MercuryConnection | undefined;
  let starting: Promise<void> | undefined;
  let stopping = false;
  /** Raised by every pause: a start-up of an older generation gives up at its next step. */
  let generation = 0;
  let paused = false;
  const halted = (gen: number) => stopping || gen !== generation;
  /** When the socket was lost (for catching up on what was said meanwhile); unset while connected. */
  let lostAt: number | undefined;
  const inbound = new InboundPipeline({ rest, logger, recent, metrics, now: options.now, context: () => (bot ? { bot, hostCatalog } : undefined) });
  metrics.socketState(state);

  function setState(next: ConnectionState): void {
    if (state === next) return;
    if (state === 'connected' && lostAt === undefined) lostAt = Date.now();
    state = next;
    metrics.socketState(next);
    for (const handler of stateHandlers) {
      try {
        handler(next);
      } catch (error) {
        logger.error({ err: error instanceof Error ? error.message : String(error) }, 'connection state handler threw');
      }
    }
  }

  /** Start-up steps retry transient failures for as long as it takes; fatal ones reject. */
  async function persistently<T>(gen: number, step: string, run: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await run();
      } catch (error) {
        if (halted(gen)) throw new PlatformError('stopped', 'platform stopped during start-up');
        if (!(error instanceof PlatformError) || !error.retryable) throw error;
        const delayMs = backoffDelay(attempt, timing.backoffBaseMs, timing.backoffCapMs);
        logger.warn({ step, code: error.code, status: error.status, delayMs }, 'start-up step failed; retrying');
        await sleep(delayMs);
      }
    }
  }

  async function prepare(kind: PrepareKind): Promise<string> {
    const devices = registry as DeviceRegistry;
    const current = devices.device;
    if (kind === 'current' && current) return current.webSocketUrl;
    if (kind === 'replace') return (await devices.replace()).webSocketUrl;
    return (await devices.refresh()).webSocketUrl;
  }

  /** After a reconnect, PUT the device so the platform keeps it (and we learn if it moved). */
  function afterReconnect(): void {
    metrics.reconnected();
    refreshDevice();
    const since = lostAt;
    lostAt = undefined;
    if (since === undefined || !bot || timing.catchUpMaxAgeMs <= 0) return;
    const context = { bot, hostCatalog };
    void catchUp({ rest, logger, context, push: (event, id) => inbound.pushEvent(event, id) }, since, timing.catchUpMaxAgeMs);
  }

  function refreshDevice(): void {
    const devices = registry as DeviceRegistry;
    const before = devices.device?.webSocketUrl;
    devices.refresh().then(
      (device) => {
        if (before && device.webSocketUrl !== before) logger.info('device socket URL changed; the next reconnect uses the new one');
      },
      (error: unknown) => {
        const e = error instanceof PlatformError ? error : undefined;
        if (e?.fatal) {
          logger.error({ code: e.code }, 'device refresh rejected the token; stopping');
          connection?.stop();
        } else if (e?.code !== 'stopped') {
          logger.warn({ code: e?.code, status: e?.status }, 'device refresh after reconnect failed');
        }
      },
    );
  }

  const stopped = () => new PlatformError('stopped', 'platform stopped during start-up');
  let devicesUrl = options.devicesUrl;

  async function run(gen: number, startOptions: PlatformStartOptions): Promise<void> {
    setState('connecting');
    // A fresh socket catches up only as far as it is told; an older loss is somebody else's.
    lostAt = undefined;
    if (!profile) {
      const raw = await persistently(gen, 'people/me', () => rest.get<PersonBody>('people/me'));
      const me = toPerson(raw);
      profile = me;
      bot = {
        uuid: uuidOf(me.id),
        displayName: me.displayName,
        firstName: typeof raw.firstName === 'string' ? raw.firstName : undefined,
        nickName: typeof raw.nickName === 'string' ? raw.nickName : undefined,
      };
    }
    if (!devicesUrl) {
      const found = await discoverServices(rest, options.discoveryUrl, logger);
      devicesUrl = found.devicesUrl;
      hostCatalog = found.hostCatalog;
    }
    if (halted(gen)) throw stopped();
    const devices = new DeviceRegistry({ rest, devicesUrl, name: options.deviceName ?? DEFAULT_DEVICE_NAME, logger, cleanupDelayMs: timing.deviceCleanupDelayMs });
    registry = devices;
    const device = await persistently(gen, 'device registration', () => devices.register());
    if (halted(gen)) throw stopped();
    const socket = new MercuryConnection(
      { token, timing, logger, wssProxy: options.wssProxy },
      { prepare, onReconnected: afterReconnect, onEnvelope: (envelope) => inbound.push(envelope), onState: setState },
    );
    connection = socket;
    await socket.start(device.webSocketUrl);
    for (const id of startOptions.alreadyHandled ?? []) recent.checkAndRemember(id);
    const since = startOptions.catchUpSince;
    if (since !== undefined && bot && timing.catchUpMaxAgeMs > 0 && !halted(gen)) {
      const context = { bot, hostCatalog };
      void catchUp({ rest, logger, context, push: (event, id) => inbound.pushEvent(event, id) }, since, timing.catchUpMaxAgeMs);
    }
  }

  return {
    start(startOptions: PlatformStartOptions = {}) {
      if (!starting) {
        paused = false;
        const gen = generation;
        starting = run(gen, startOptions).catch((error: unknown) => {
          if (!halted(gen)) {
            const e = error instanceof PlatformError ? error : undefined;
            logger.error({ code: e?.code, status: e?.status, trackingId: e?.trackingId }, 'platform start failed');
            connection?.stop();
            setState('stopped');
          }
          throw error;
        });
      }
      return starting;
    },

    pause() {
      if (stopping || paused) return Promise.resolve();
      paused = true;
      generation += 1;
      starting = undefined;
      // At once, before anything else runs: no frame is taken after this.
      connection?.stop();
      connection = undefined;
      setState('stopped');
      return Promise.resolve();
    },

    async stop() {
      if (stopping) return;
      stopping = true;
      connection?.stop();
      // A paused instance leaves the device alone: whoever holds the socket now may be using it.
      const unregister = !paused;
      try {
        if (unregister) await registry?.unregister();
      } catch (error) {
        logger.warn({ code: error instanceof PlatformError ? error.code : 'unknown' }, 'could not unregister the device');
      }
      rest.dispose();
      setState('stopped');
    },

    onEvent(handler: EventHandler) {
      inbound.onEvent(handler);
    },
    onConnectionState(handler) {
      stateHandlers.push(handler);
    },
    isConnected: () => state === 'connected',
    connectionState: () => state,
    idle: () => inbound.idle(),

    me() {
      if (!profile) throw new Error('me() is available after start()');
      return profile;
    },

    async getPerson(personId: string) {
      return toPerson(await rest.get<PersonBody>(`people/${encodeURIComponent(personId)}`));
    },

    async findPeople(query: { email: string } | { displayName: string }): Promise<Person[]> {
      const searchParams: Record<string, string | number> = 'email' in query ? { email: query.email } : { displayName: query.displayName, max: 10 };
      const res = await rest.request<{ items?: unknown }>('GET', 'people', { searchParams });
      const found: Person[] = [];
      for (const item of Array.isArray(res.body?.items) ? res.body.items.slice(0, 10) : []) {
        const body = item as PersonBody;
        if (typeof body?.id !== 'string') continue;
        const person = toPerson(body);
        if (person.type === undefined || person.type === 'person') found.push(person);
      }
      return found;
    },

    async postMessage(message: OutgoingMessage): Promise<PostedMessage> {
      const res = await rest.request<{ id?: unknown; roomId?: unknown }>('POST', 'messages', { jsonBytes: messageJsonBytes(message), readBody: readCreatedMessage });
      const { id, roomId } = res.body ?? {};
      if (typeof id !== 'string' || typeof roomId !== 'string') throw new PlatformError('invalid_response', 'created message without id/roomId');
      return { id, roomId };
    },

    async deleteMessage(messageId: string) {
      await rest.request('DELETE', `messages/${encodeURIComponent(messageId)}`);
    },

    async listRooms(): Promise<RoomSummary[]> {
      const rooms: RoomSummary[] = [];
      let res = await rest.request<{ items?: unknown }>('GET', 'rooms', { searchParams: { max: 100 } });
      for (;;) {
        for (const item of Array.isArray(res.body?.items) ? res.body.items : []) {
          const room = item as { id?: unknown; title?: unknown; type?: unknown };
          if (typeof room.id !== 'string') continue;
          rooms.push({ id: room.id, title: typeof room.title === 'string' ? room.title : '', type: room.type === 'direct' ? 'direct' : 'group' });
        }
        const next = nextPageUrl(res.headers.link);
        if (!next) return rooms;
        res = await rest.request<{ items?: unknown }>('GET', next);
      }
    },
  };
}
