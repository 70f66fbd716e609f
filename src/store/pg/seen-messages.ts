/**
 * The messages the leader has taken from the platform socket lately, kept in the database (one
 * `bot_state` row, the newest few hundred ids). A standby that takes over catches up on messages
 * nobody received; with this list it skips the ones the old leader already answered, so a hand-over
 * never answers a message twice. Best effort: a failed write is logged and costs at most a repeat.
 */
import type pg from 'pg';
import { openPool } from './connection.js';

const ROW = 'socket_seen';
const KEEP = 500;

export interface SeenMessagesLogger {
  warn(fields: object, message: string): void;
}

export interface SeenMessages {
  /** Adds one message id (writes are queued, in order). */
  remember(id: string): void;
  /** The ids remembered by whichever instance led last, oldest first. */
  recent(): Promise<string[]>;
  close(): Promise<void>;
}

export async function openSeenMessages(options: { url: string; logger: SeenMessagesLogger; keep?: number }): Promise<SeenMessages> {
  const keep = options.keep ?? KEEP;
  const pool: pg.Pool = await openPool({ url: options.url, poolSize: 1, applicationName: 'testbed-monitor-seen', onIdleError: () => undefined });
  let queue: Promise<unknown> = Promise.resolve();
  let warned = false;
  const warn = (error: unknown) => {
    if (warned) return;
    warned = true;
    options.logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'could not note a received message in the database');
  };
  return {
    remember(id) {
      queue = queue.then(() =>
        pool
          .query(
            `INSERT INTO bot_state (name, value) VALUES ($1, jsonb_build_array($2::text))
             ON CONFLICT (name) DO UPDATE SET version = bot_state.version + 1, value = (
               SELECT coalesce(jsonb_agg(kept.e ORDER BY kept.n), '[]'::jsonb) FROM (
                 SELECT t.e, t.n FROM jsonb_array_elements(bot_state.value || jsonb_build_array($2::text)) WITH ORDINALITY AS t(e, n)
                 ORDER BY t.n DESC LIMIT $3) AS kept)`,
            [ROW, id, keep],
          )
          .then(() => {
            warned = false;
          }, warn),
      );
    },
    async recent() {
      const { rows } = await pool.query<{ value: unknown }>('SELECT value FROM bot_state WHERE name = $1', [ROW]);
      const value = rows[0]?.value;
      return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
    },
    async close() {
      await queue;
      await pool.end();
    },
  };
}
