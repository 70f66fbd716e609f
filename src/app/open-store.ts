/**
 * The store the settings ask for: PostgreSQL when STORE_URL is set (shared by every instance; the
 * schema is migrated as it opens), else the JSON files (one instance, guarded by the lock file).
 */
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { openStore, type Store } from '../store/index.js';

export async function openConfiguredStore(config: Config, logger: Logger): Promise<Store> {
  if (config.storeUrl) {
    // The PostgreSQL store (and its driver) loads only when asked for.
    const { openPgStore } = await import('../store/pg/index.js');
    return openPgStore({ url: config.storeUrl, poolSize: config.storePoolSize, logger });
  }
  return openStore({
    testbedPath: config.testbedDbPath,
    broadcastPath: config.broadcastDbPath,
    lifecyclePath: config.lifecycleDbPath,
    historyPath: config.historyDbPath,
    logger,
  });
}
