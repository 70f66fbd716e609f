/**
 * The store the settings ask for: PostgreSQL when STORE_URL is set (shared by every instance,
 * schema migrated at start-up), else the JSON files (one instance, guarded by the lock file).
 */
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { openStore, type Store } from '../store/index.js';
import { migrate, openPool } from '../store/pg/index.js';

export async function openConfiguredStore(config: Config, logger: Logger): Promise<Store> {
  if (config.storeUrl) {
    const pool = await openPool({ url: config.storeUrl, poolSize: 1 });
    try {
      const result = await migrate(pool, config.storeUrl);
      logger.info({ applied: result.applied, schema: result.current }, 'database schema checked');
    } finally {
      await pool.end();
    }
  }
  return openStore({
    testbedPath: config.testbedDbPath,
    broadcastPath: config.broadcastDbPath,
    lifecyclePath: config.lifecycleDbPath,
    historyPath: config.historyDbPath,
    logger,
  });
}
