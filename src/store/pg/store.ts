/**
 * The PostgreSQL store: the same `Store` the JSON files give, for several instances on one
 * database. Reads are synchronous, from a cache loaded at open (cache.ts); every change is one
 * transaction (repositories.ts) that also sends `NOTIFY testbed_monitor_changed, '<table>:<id>'`,
 * and one listening connection (listener.ts) brings other instances' changes into the cache and
 * tells `onExternalChange` listeners. After that connection was lost, everything is reloaded.
 */
import type pg from 'pg';
import type { ExternalChange, Store } from '../index.js';
import { silentStoreLogger, type StoreLogger } from '../history.js';
import { loadRooms, PgCache, readDigestRow, readLifecycleRow, readTestbedRow } from './cache.js';
import { DEFAULT_POOL_SIZE, openPool, redactUrl, storeUnavailable } from './connection.js';
import { listenForChanges, type ChangeListener } from './listener.js';
import { migrate } from './migrate.js';
import { createPgRepositories, type PgContext } from './repositories.js';

export interface OpenPgStoreOptions {
  /** STORE_URL (the password never appears in errors or logs). */
  url: string;
  /** STORE_POOL_SIZE (default 10); the listening connection is one more. */
  poolSize?: number;
  logger?: StoreLogger;
  /** First pause before the listening connection reconnects (default 1 s). */
  listenRetryMs?: number;
}

/**
 * Connects, brings the schema up to date, loads every row and starts listening. A wrong URL, an
 * unreachable server or a failed migration rejects with a StoreError and leaves nothing open.
 */
export async function openPgStore(options: OpenPgStoreOptions): Promise<Store> {
  const logger = options.logger ?? silentStoreLogger;
  const where = redactUrl(options.url);
  const pool = await openPool({
    url: options.url,
    poolSize: options.poolSize ?? DEFAULT_POOL_SIZE,
    onIdleError: (error) => logger.warn({ err: error }, 'an idle PostgreSQL connection failed; the pool opens another when needed'),
  });
  /** Backend process ids of this instance's pool connections: notifications from them are our own writes. */
  const ownPids = new Set<number>();
  pool.on('remove', (client) => {
    const pid = (client as pg.PoolClient & { processID?: number | null }).processID;
    if (typeof pid === 'number') ownPids.delete(pid);
  });
  const cache = new PgCache();
  const listeners = new Set<(change: ExternalChange) => void>();
  let listener: ChangeListener | undefined;
  try {
    const result = await migrate(pool, options.url);
    if (result.current > result.latest) {
      logger.warn({ current: result.current, latest: result.latest }, 'the database schema is newer than this version of the bot knows; carrying on');
    }
    await cache.loadAll(pool).catch((error: unknown) => {
      throw storeUnavailable(error, options.url, 'loading the store');
    });
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }

  const tell = (change: ExternalChange) => {
    for (const listen of listeners) {
      try {
        listen(change);
      } catch (error) {
        logger.error({ err: error, change: change.kind }, 'a listener for changes made elsewhere failed');
      }
    }
  };

  /** Reloads one changed row (notifications are handled one after another, in arrival order). */
  const reload = async (payload: string): Promise<void> => {
    const [table, key] = payload.split(':');
    const id = Number(key);
    if (table === 'testbeds' && Number.isInteger(id)) {
      const row = await readTestbedRow(pool, id);
      if (row && cache.applyTestbed(row)) tell({ kind: 'testbed', testbedId: id });
    } else if (table === 'lifecycle' && Number.isInteger(id)) {
      const row = await readLifecycleRow(pool, id);
      if (row && cache.applyLifecycle(row)) tell({ kind: 'lifecycle', testbedId: id });
    } else if (table === 'bot_state' && key === 'digest') {
      const row = await readDigestRow(pool);
      if (row && cache.applyDigest(row)) tell({ kind: 'digest' });
    } else if (table === 'broadcast_rooms') {
      cache.rooms = await loadRooms(pool);
      tell({ kind: 'broadcastRooms' });
    } else {
      await cache.loadAll(pool);
      tell({ kind: 'everything' });
    }
  };
  let reloading: Promise<void> = Promise.resolve();
  const queueReload = (payload: string) => {
    reloading = reloading.then(() =>
      reload(payload).catch((error: unknown) => {
        logger.error({ err: storeUnavailable(error, options.url, 'reading a change made elsewhere'), payload }, 'a change made by another instance could not be read; it is read at the next reload');
      }),
    );
  };

  try {
    listener = await listenForChanges({
      url: options.url,
      retryMs: options.listenRetryMs,
      onNotice: (payload, senderPid) => {
        if (!ownPids.has(senderPid)) queueReload(payload);
      },
      onResumed: () => queueReload('*'),
      onError: (error) => logger.warn({ err: error }, 'the connection listening for other instances\' changes failed; reconnecting'),
    });
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }

  const inFlight = new Set<Promise<unknown>>();
  let closed = false;
  const context: PgContext = {
    url: options.url,
    where,
    cache,
    isClosed: () => closed,
    async connect() {
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (error) {
        throw storeUnavailable(error, options.url, 'connecting');
      }
      const pid = (client as pg.PoolClient & { processID?: number | null }).processID;
      if (typeof pid === 'number') ownPids.add(pid);
      return client;
    },
    track(work) {
      inFlight.add(work);
      void work.finally(() => inFlight.delete(work)).catch(() => undefined);
      return work;
    },
    pool,
  };
  const repositories = createPgRepositories(context);
  let closing: Promise<void> | undefined;

  return {
    ...repositories,
    backend: 'postgres',
    onExternalChange(listen) {
      listeners.add(listen);
      return () => listeners.delete(listen);
    },
    close() {
      closing ??= (async () => {
        closed = true;
        while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
        await listener?.close();
        await reloading;
        await pool.end().catch(() => undefined);
      })();
      return closing;
    },
  };
}

