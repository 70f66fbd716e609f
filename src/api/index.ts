/**
 * Everything the API needs, opened and closed together: the live token list, the holds document,
 * the hold desk and the HTTP server. `createApp` calls `openApi` when API_PORT is set.
 */
import type { Logger } from 'pino';
import type { ApiConfig } from '../config.js';
import type { Store } from '../store/index.js';
import { openApiHolds } from '../store/api-holds.js';
import { openLiveTokens } from '../store/tokens-live.js';
import { createHoldDesk, type HoldDeskDeps } from './hold-desk.js';
import { createApiServer } from './server.js';

export interface Api {
  /** Starts listening; resolves with the base URL. */
  start(): Promise<string>;
  /** The base URL once started (null before). */
  url(): string | null;
  stop(): Promise<void>;
}

export async function openApi(deps: {
  config: ApiConfig;
  store: Store;
  fleet: HoldDeskDeps['fleet'];
  logger: Logger;
  now: () => Date;
}): Promise<Api> {
  const { config, logger } = deps;
  const holds = await openApiHolds(config.holdsPath);
  const tokens = await openLiveTokens({ file: config.tokensPath, logger });
  const desk = createHoldDesk({ store: deps.store, fleet: deps.fleet, holds, now: deps.now, logger });
  const server = await createApiServer({ store: deps.store, fleet: deps.fleet, desk, now: deps.now, tokens, logger });
  let url: string | null = null;
  let stopping: Promise<void> | undefined;
  return {
    async start() {
      await desk.tidy();
      url = await server.listen({ host: config.host, port: config.port });
      logger.info({ url, tokens: tokens.count() }, 'API listening');
      return url;
    },
    url: () => url,
    stop() {
      stopping ??= (async () => {
        tokens.close();
        await server.close();
        await holds.close();
      })();
      return stopping;
    },
  };
}
