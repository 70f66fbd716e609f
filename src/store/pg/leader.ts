/**
 * Leader election between bot instances that share one PostgreSQL database: the instance holding
 * the session advisory lock `LEADER_LOCK` on its own dedicated connection (never a pool
 * connection) is the leader; the others are standbys that ask again every `pollMs`.
 *
 * The lock lives exactly as long as that connection, so the leader watches it closely:
 * - an `error` or `end` of the connection steps it down at once (the listener runs inside the
 *   driver's event, before anything else can act);
 * - a keep-alive query every `pingMs` must answer within `pingTimeoutMs`, so a connection that
 *   went silent (a half-open TCP connection, a frozen network) is noticed within seconds;
 * - TCP keep-alive is on, and the server is told to end the session when it has been idle for
 *   `sessionTimeoutMs`, which frees the lock for a standby when the leader can no longer reach the
 *   server. `sessionTimeoutMs` is longer than `pingMs + pingTimeoutMs`, so a cut-off leader has
 *   stepped down before the server lets anyone else take the lock.
 * After a loss it connects again and competes like any standby.
 */
import pg from 'pg';
import { createActor, fromCallback, fromPromise, type Actor, type EventObject } from 'xstate';
import { scrub } from '../../secrets.js';
import { clientConfig, storeUnavailable, storeUrlSecrets } from './connection.js';
import { leaderMachine } from './leader.machine.js';
import { LEADER_LOCK, type LockKey } from './locks.js';

export type LeaderRole = 'leader' | 'standby' | 'stopped';

export interface LeaderLogger {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

export interface LeaderOptions {
  /** STORE_URL */
  url: string;
  /** A standby asks for the lock this often (default 1 s). */
  pollMs?: number;
  /** Pause before connecting again after a failure (default 1 s). */
  retryMs?: number;
  /** Keep-alive query interval (default 2 s). */
  pingMs?: number;
  /** A keep-alive query (or lock attempt) unanswered this long means the connection is lost (default 3 s). */
  pingTimeoutMs?: number;
  /** The server ends the session after this long without a query (default 8 s; must exceed ping + timeout). */
  sessionTimeoutMs?: number;
  /** Give up opening the connection after this long (default 5 s). */
  connectTimeoutMs?: number;
  /** Default `testbed-monitor-leader`. */
  applicationName?: string;
  /** Default LEADER_LOCK (tests may use another key to run several elections side by side). */
  lockKey?: LockKey;
  logger?: LeaderLogger;
}

export type RoleListener = (role: 'leader' | 'standby', reason: string) => void;

export interface LeaderElector {
  /** Starts competing (once). */
  start(): void;
  /** Steps down (giving the lock back), closes the connection; resolves once done. */
  stop(): Promise<void>;
  readonly role: LeaderRole;
  /** Called synchronously when this instance becomes leader and when it steps down. Returns an unsubscribe. */
  onChange(listener: RoleListener): () => void;
  /** The server process of the dedicated connection (null while disconnected): for diagnostics and tests. */
  readonly backendPid: number | null;
}

interface Connection {
  client: pg.Client;
  pid: number;
  /** Set by the watcher; called once when the connection fails. */
  onLost: ((reason: string) => void) | null;
  /** A failure seen before anyone watched. */
  lostEarly: string | null;
  closed: boolean;
}

export function createLeaderElector(options: LeaderOptions): LeaderElector {
  const pollMs = options.pollMs ?? 1_000;
  const retryMs = options.retryMs ?? 1_000;
  const pingMs = options.pingMs ?? 2_000;
  const pingTimeoutMs = options.pingTimeoutMs ?? 3_000;
  const sessionTimeoutMs = options.sessionTimeoutMs ?? 8_000;
  const lockKey = options.lockKey ?? LEADER_LOCK;
  if (sessionTimeoutMs <= pingMs + pingTimeoutMs) {
    throw new RangeError('sessionTimeoutMs must be longer than pingMs + pingTimeoutMs');
  }
  const secrets = storeUrlSecrets(options.url);
  const clean = (text: string) => scrub(text, secrets);
  const listeners = new Set<RoleListener>();
  let current: Connection | null = null;
  let actor: Actor<typeof leaderMachine> | null = null;
  let stopped = false;
  let warnedOutage = false;

  const lost = (connection: Connection, reason: string) => {
    if (connection.closed) return;
    connection.closed = true;
    if (connection.onLost) connection.onLost(reason);
    else connection.lostEarly = reason;
    // Whatever the server still thinks, this connection is done: let it go without waiting.
    void connection.client.end().catch(() => undefined);
  };

  const dispose = (connection: Connection | null) => {
    if (!connection || connection.closed) return;
    connection.closed = true;
    void connection.client.end().catch(() => undefined);
  };

  const connect = fromPromise<void, void>(async ({ signal }) => {
    dispose(current);
    current = null;
    const client = new pg.Client({
      ...clientConfig({ url: options.url, applicationName: options.applicationName ?? 'testbed-monitor-leader', connectTimeoutMs: options.connectTimeoutMs ?? 5_000 }),
      keepAlive: true,
      keepAliveInitialDelayMillis: 1_000,
    });
    const connection: Connection = { client, pid: 0, onLost: null, lostEarly: null, closed: false };
    client.on('error', (error) => lost(connection, `the connection failed: ${clean(error.message)}`));
    client.on('end', () => lost(connection, 'the connection ended'));
    try {
      await client.connect();
      // The server ends a session that goes quiet (the leader pings far more often), freeing the lock.
      await client.query(`SELECT set_config('idle_session_timeout', $1, false)`, [String(sessionTimeoutMs)]).catch(() => {
        options.logger?.warn({}, 'leader election: the server has no idle_session_timeout (PostgreSQL 14 or newer has it); '
          + 'a leader cut off from the database keeps the lock until the server notices the dead connection');
      });
      const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      connection.pid = rows[0].pid;
    } catch (error) {
      connection.closed = true;
      void client.end().catch(() => undefined);
      const failure = storeUnavailable(error, options.url, 'opening the leader connection');
      if (!warnedOutage) options.logger?.warn({ err: failure.message }, 'leader election: cannot reach the database; retrying');
      warnedOutage = true;
      throw failure;
    }
    if (signal.aborted) {
      // Stopped (or moved on) while connecting: this connection is nobody's.
      dispose(connection);
      return;
    }
    if (warnedOutage) options.logger?.info({}, 'leader election: the database is reachable again');
    warnedOutage = false;
    current = connection;
  });

  const tryLock = fromPromise<boolean, void>(async () => {
    const connection = current;
    if (!connection || connection.closed) throw new Error('no connection');
    const { rows } = await connection.client.query<{ locked: boolean }>({
      text: 'SELECT pg_try_advisory_lock($1, $2) AS locked',
      values: [...lockKey],
      query_timeout: pingTimeoutMs,
    } as pg.QueryConfig);
    return rows[0].locked === true;
  });

  const watch = fromCallback<EventObject, void>(({ sendBack }) => {
    const connection = current;
    const report = (reason: string) => sendBack({ type: 'connection.lost', reason });
    if (!connection || connection.closed) {
      report(connection?.lostEarly ?? 'no connection');
      return undefined;
    }
    if (connection.lostEarly) {
      report(connection.lostEarly);
      return undefined;
    }
    connection.onLost = report;
    let inFlight = false;
    const ping = setInterval(() => {
      if (inFlight || connection.closed) return;
      inFlight = true;
      connection.client
        .query({ text: 'SELECT 1', query_timeout: pingTimeoutMs } as pg.QueryConfig)
        .then(() => {
          inFlight = false;
        })
        .catch((error: unknown) => {
          inFlight = false;
          const timedOut = error instanceof Error && /timeout/i.test(error.message);
          lost(connection, timedOut ? `no answer to a keep-alive query within ${pingTimeoutMs} ms` : `a keep-alive query failed: ${clean(String((error as Error)?.message ?? error))}`);
        });
    }, pingMs);
    return () => {
      clearInterval(ping);
      connection.onLost = null;
    };
  });

  const disconnect = fromPromise<void, { unlock: boolean }>(async ({ input }) => {
    const connection = current;
    current = null;
    if (!connection || connection.closed) return;
    connection.closed = true;
    if (input.unlock) {
      await connection.client
        .query({ text: 'SELECT pg_advisory_unlock($1, $2)', values: [...lockKey], query_timeout: pingTimeoutMs } as pg.QueryConfig)
        .catch(() => undefined);
    }
    // Ending waits for the server's goodbye; a dead network must not hold the stop up.
    await Promise.race([connection.client.end().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, pingTimeoutMs).unref())]);
  });

  const notify = (role: 'leader' | 'standby', reason: string) => {
    for (const listener of listeners) {
      try {
        listener(role, reason);
      } catch (error) {
        options.logger?.warn({ err: error instanceof Error ? error.message : String(error) }, 'leader election: a role listener failed');
      }
    }
  };

  return {
    start() {
      if (actor || stopped) return;
      actor = createActor(leaderMachine.provide({ actors: { connect, tryLock, watch, disconnect } }), { input: { pollMs, retryMs } });
      actor.on('leader.elected', () => {
        options.logger?.info({ backendPid: current?.pid ?? null }, 'leader election: this instance is the leader');
        notify('leader', 'elected');
      });
      actor.on('leader.steppedDown', (event) => {
        // Listeners first: nothing may act as leader after this point.
        notify('standby', event.reason);
        options.logger?.warn({ reason: event.reason }, 'leader election: stepped down');
      });
      actor.start();
    },
    async stop() {
      stopped = true;
      const running = actor;
      if (!running) return;
      if (running.getSnapshot().status !== 'active') return;
      await new Promise<void>((resolve) => {
        const subscription = running.subscribe({
          next: (snapshot) => {
            if (snapshot.status === 'done') {
              subscription.unsubscribe();
              resolve();
            }
          },
          error: () => resolve(),
          complete: () => resolve(),
        });
        running.send({ type: 'stop.requested' });
      });
    },
    get role(): LeaderRole {
      if (!actor) return stopped ? 'stopped' : 'standby';
      const snapshot = actor.getSnapshot();
      if (snapshot.status !== 'active') return 'stopped';
      return snapshot.hasTag('leader') ? 'leader' : 'standby';
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get backendPid() {
      return current && !current.closed ? current.pid : null;
    },
  };
}
