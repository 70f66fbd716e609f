/**
 * Everything the API needs, opened and closed together: the live token list, the holds document,
 * the watchers of holds with a time-to-live, the line of waiting requests, the hold desk and the
 * HTTP server. `createApp` calls `openApi` when API_PORT is set.
 */
import type { Logger } from 'pino';
import type { ApiConfig } from '../config.js';
import type { Store } from '../store/index.js';
import { openApiHolds } from '../store/api-holds.js';
import { openLiveTokens } from '../store/tokens-live.js';
import type { FreeTestbed } from './allocate.js';
import { createHoldDesk, type HoldDesk, type HoldDeskDeps } from './hold-desk.js';
import { createHoldKeepers } from './hold-keepers.js';
import { createApiServer } from './server.js';
import { isFree } from './view.js';
import { compareInstants } from '../time-rules.js';
import { createWaitingRoom } from './waiting-room.js';

export interface Api {
  /** Starts listening; resolves with the base URL. */
  start(): Promise<string>;
  /** The base URL once started (null before). */
  url(): string | null;
  /** A testbed may have become free (a release in chat, the end of maintenance): wake waiting requests. */
  wake(): void;
  stop(): Promise<void>;
}

export async function openApi(deps: {
  config: ApiConfig;
  store: Store;
  fleet: HoldDeskDeps['fleet'];
  releaseExpired: HoldDeskDeps['releaseExpired'];
  /** How long each free testbed has been free (ISO); earlier is handed out first. */
  freeSince?: (testbedId: number) => string | undefined;
  logger: Logger;
  now: () => Date;
}): Promise<Api> {
  const { config, logger, store } = deps;
  const holds = await openApiHolds(config.holdsPath);
  const tokens = await openLiveTokens({ file: config.tokensPath, logger });
  let desk: HoldDesk | undefined;
  const keepers = createHoldKeepers({ expire: (holdId, now) => desk!.expire(holdId, now), logger, now: deps.now });
  desk = createHoldDesk({ store, fleet: deps.fleet, holds, keepers, releaseExpired: deps.releaseExpired, now: deps.now, logger });

  /** Free to hand out: free, not kept for anybody, nobody waiting for it in chat; free longest first. */
  function freeTestbeds(): FreeTestbed[] {
    const since = (id: number) => deps.freeSince?.(id) ?? '';
    return store.testbeds
      .all()
      .filter((record) => isFree(record, store.lifecycle.get(record.id)))
      .sort((a, b) => compareInstants(since(a.id), since(b.id)) || a.id - b.id)
      .map((record) => ({ id: record.id, labels: record.labels ?? [] }));
  }

  const room = createWaitingRoom({ free: freeTestbeds, logger });
  const server = await createApiServer({ store, fleet: deps.fleet, desk, holds, room, now: deps.now, tokens, logger });
  let url: string | null = null;
  let stopping: Promise<void> | undefined;
  return {
    async start() {
      await desk!.start();
      url = await server.listen({ host: config.host, port: config.port });
      logger.info({ url, tokens: tokens.count() }, 'API listening');
      return url;
    },
    url: () => url,
    wake: () => room.wake(),
    stop() {
      stopping ??= (async () => {
        tokens.close();
        room.close();
        keepers.stop();
        await server.close();
        await holds.close();
      })();
      return stopping;
    },
  };
}
