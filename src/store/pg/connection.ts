/**
 * Connections to PostgreSQL: the query pool, the settings every connection shares, and errors that
 * say what failed without ever carrying the password.
 *
 * TLS follows the standard `PGSSLMODE` variable (or `sslmode=` in the URL, which wins), read by `pg`
 * itself: `disable`; `no-verify` (encrypted, certificate not checked); `prefer`, `require`,
 * `verify-ca`, `verify-full` (encrypted and the server's certificate checked, against Node's CA list
 * or the file named by `sslrootcert=` in the URL). Other `PG*` variables (`PGPASSWORD`, `PGHOST`, …)
 * fill in what the URL leaves out.
 */
import type pg from 'pg';
import { REDACTED, scrub, urlCredentials } from '../../secrets.js';
import { StoreError } from '../errors.js';

export interface PgSettings {
  /** STORE_URL: postgres://user:password@host:port/database */
  url: string;
  /** STORE_POOL_SIZE: connections the query pool may open (the leader's lock connection is extra). */
  poolSize: number;
  /** Shown in `pg_stat_activity` (default `testbed-monitor`). */
  applicationName?: string;
  /** Give up on opening one connection after this long (default 10 s). */
  connectTimeoutMs?: number;
}

export const DEFAULT_POOL_SIZE = 10;
const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;
const DEFAULT_APPLICATION_NAME = 'testbed-monitor';

/** True for a URL `pg` can use: scheme postgres or postgresql, and a host (or a socket folder in `host=`). */
export function isPostgresUrl(value: string): boolean {
  try {
    const url = new URL(value);
    if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') return false;
    return url.hostname.length > 0 || url.searchParams.has('host');
  } catch {
    return false;
  }
}

/**
 * The URL as it may be shown: the password (and any `password=` parameter) replaced by
 * [REDACTED], the user, host, port and database kept so people can tell which server it was.
 */
export function redactUrl(value: string): string {
  try {
    const url = new URL(value);
    const user = url.username ? `${url.username}${url.password ? `:${REDACTED}` : ''}@` : '';
    const query = [...url.searchParams.keys()].length > 0 ? `?${scrub(url.searchParams.toString())}` : '';
    return `${url.protocol}//${user}${url.host}${url.pathname}${query}`;
  } catch {
    // Not a URL we can read: keep only the scheme.
    const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(value)?.[1];
    return scheme ? `${scheme}://${REDACTED}` : REDACTED;
  }
}

/** The secrets inside a store URL, for the log scrubber: user-info and password, raw and decoded. */
export function storeUrlSecrets(value: string | undefined): string[] {
  if (!value) return [];
  const found = new Set(urlCredentials(value));
  try {
    const url = new URL(value);
    if (url.password) {
      found.add(url.password);
      found.add(decodeURIComponentSafe(url.password));
    }
    const param = url.searchParams.get('password');
    if (param) found.add(param);
  } catch {
    // urlCredentials already took what it could
  }
  return [...found].filter((secret) => secret.length > 0);
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** What every connection of ours is opened with (the pool's and the leader's). */
export function clientConfig(settings: Pick<PgSettings, 'url' | 'applicationName' | 'connectTimeoutMs'>): pg.ClientConfig {
  return {
    connectionString: settings.url,
    application_name: settings.applicationName ?? DEFAULT_APPLICATION_NAME,
    connectionTimeoutMillis: settings.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  };
}

const FRIENDLY: Record<string, string> = {
  ECONNREFUSED: 'nothing is listening there',
  ENOTFOUND: 'the host name is unknown',
  EAI_AGAIN: 'the host name could not be looked up',
  ETIMEDOUT: 'the connection timed out',
  EHOSTUNREACH: 'the host is unreachable',
  ECONNRESET: 'the server closed the connection',
  '28P01': 'the password was refused',
  '28000': 'the server refused this user',
  '3D000': 'the database does not exist',
  '42501': 'the user lacks a needed permission',
  '53300': 'the server has no free connections',
  '57P03': 'the server is starting up or shutting down',
};

/**
 * A StoreError for a failure while `doing` something with the database at `url`: names the server
 * by its redacted URL, says what went wrong in plain words, and carries the driver's own words with
 * every secret scrubbed. The driver's error is not attached (its fields may hold the URL).
 */
export function storeUnavailable(error: unknown, url: string, doing: string): StoreError {
  const code = typeof (error as { code?: unknown })?.code === 'string' ? (error as { code: string }).code : undefined;
  const raw = error instanceof Error ? error.message : String(error);
  const detail = scrub(raw || (error instanceof Error ? error.name : 'unknown error'), storeUrlSecrets(url));
  const plain = code ? FRIENDLY[code] : /timeout/i.test(raw) ? 'the connection timed out' : undefined;
  const where = redactUrl(url);
  const message = `PostgreSQL at ${where}: ${doing} failed${plain ? `, ${plain}` : ''} (${code && !detail.includes(code) ? `${code}: ` : ''}${detail})`;
  return new StoreError('STORE_UNAVAILABLE', where, message);
}

export interface PoolOptions extends PgSettings {
  /** An idle connection failed (the pool drops it and opens another when needed). */
  onIdleError?: (error: StoreError) => void;
}

/**
 * The query pool. Opens one connection first so a wrong URL, password or database fails here,
 * with a StoreError, rather than at the first booking.
 */
export async function openPool(options: PoolOptions): Promise<pg.Pool> {
  // The driver loads with the first pool, so a bot on the JSON store never loads it.
  const { Pool } = (await import('pg')).default;
  const pool = new Pool({ ...clientConfig(options), max: options.poolSize, idleTimeoutMillis: 30_000 });
  // Without a listener an idle connection's error would end the process.
  pool.on('error', (error) => options.onIdleError?.(storeUnavailable(error, options.url, 'an idle connection')));
  try {
    const client = await pool.connect();
    client.release();
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw storeUnavailable(error, options.url, 'connecting');
  }
  return pool;
}

/**
 * Runs `work` in one transaction on a connection taken from the pool, and gives the connection back
 * afterwards. Any failure rolls everything back and is thrown as it came; a connection whose
 * rollback failed is discarded rather than returned to the pool.
 */
export async function inTransaction<T>(client: pg.PoolClient, begin: string, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  let broken: Error | undefined;
  try {
    await client.query(begin);
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch((rollbackError: unknown) => {
      broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
    });
    throw error;
  } finally {
    client.release(broken);
  }
}
