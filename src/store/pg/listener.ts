/**
 * The one connection that listens for other instances' changes: `LISTEN testbed_monitor_changed`
 * on a client of its own (never a pooled one: a pooled connection would listen only while it
 * happened to be idle). Every write transaction sends `NOTIFY testbed_monitor_changed,
 * '<table>:<id>'`; the notification reaches every listening session after the commit, carrying the
 * sender's backend process id, so an instance can tell its own writes from the others'.
 *
 * When the connection fails the listener reconnects (after `retryMs`, doubling up to 10 s) and
 * reports `resumed`: notifications sent meanwhile are lost, so the caller reloads everything.
 */
import pg from 'pg';
import type { StoreError } from '../errors.js';
import { clientConfig, storeUnavailable } from './connection.js';

export const CHANGE_CHANNEL = 'testbed_monitor_changed';
const MAX_RETRY_MS = 10_000;

export interface ChangeListenerOptions {
  url: string;
  /** One notification: its payload and the backend process id of the session that sent it. */
  onNotice: (payload: string, senderPid: number) => void;
  /** Listening again after the connection was lost (notifications may have been missed). */
  onResumed: () => void;
  /** The connection failed (it is retried). */
  onError: (error: StoreError) => void;
  /** First pause before reconnecting (default 1 s). */
  retryMs?: number;
}

export interface ChangeListener {
  close(): Promise<void>;
}

/** Connects and listens; rejects (with a StoreError) when the first connection fails. */
export async function listenForChanges(options: ChangeListenerOptions): Promise<ChangeListener> {
  const firstRetry = options.retryMs ?? 1_000;
  let client: pg.Client | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let retryMs = firstRetry;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ ...clientConfig({ url: options.url, applicationName: 'testbed-monitor listener' }) });
    next.on('notification', (message) => {
      if (message.channel === CHANGE_CHANNEL) options.onNotice(message.payload ?? '', message.processId);
    });
    let lost = false;
    const onLost = (error?: unknown) => {
      if (lost) return;
      lost = true;
      if (client === next) client = null;
      next.end().catch(() => undefined);
      if (closed) return;
      options.onError(storeUnavailable(error ?? new Error('the connection ended'), options.url, 'listening for changes'));
      schedule();
    };
    next.on('error', onLost);
    next.on('end', () => onLost());
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANGE_CHANNEL}`);
    } catch (error) {
      lost = true;
      await next.end().catch(() => undefined);
      throw storeUnavailable(error, options.url, 'listening for changes');
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
  };

  const schedule = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      connect().then(
        () => {
          retryMs = firstRetry;
          if (!closed) options.onResumed();
        },
        (error: StoreError) => {
          options.onError(error);
          retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
          schedule();
        },
      );
    }, retryMs);
    timer.unref();
  };

  await connect();
  return {
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}
