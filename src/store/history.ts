/**
 * The history file (HISTORY_DB_NAME, default `history.jsonl`): one JSON object per line, appended
 * in order and never rewritten. Each append is on disk before it resolves (the file is opened for
 * synchronous writes, O_DSYNC, so the write itself waits for the disk); appends are serialized,
 * and those that arrive while a write is in flight go out together in the next write (one wait
 * for the disk for the group).
 *
 * A crash in the middle of a write can leave the last line without its line break. On open such a
 * file gets a line break first (with a warning), so the torn line stays a line of its own that
 * readers skip, and the next entry starts on a fresh line.
 */
import { constants } from 'node:fs';
import { mkdir, open, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { HistoryEntry } from '../domain.js';
import { StoreError } from './errors.js';
import { BatchQueue, type Queued } from './batch-queue.js';
import { readHistorySince } from './history-read.js';
import { describe } from './lock.js';
import { DURABLE_WRITES } from './db.js';

/** The logger calls the store makes (pino's signature). */
export interface StoreLogger {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export const silentStoreLogger: StoreLogger = { warn: () => undefined, error: () => undefined };

export interface HistoryLog {
  /** Absolute path of the file. */
  readonly path: string;
  /** Appends one line per entry, in order; resolves once they are flushed to disk. */
  append(entries: readonly HistoryEntry[]): Promise<void>;
  /**
   * The entries whose `at` is at or after `since` (ISO 8601 UTC), oldest first. Lines that are not
   * valid entries are skipped (with one warning); an invalid `since` reads nothing.
   */
  readSince(since: string): Promise<HistoryEntry[]>;
  /** Waits for queued appends, then closes the file; later appends are refused. */
  close(): Promise<void>;
}

const NEWLINE = 0x0a;

/** Opens (creating when missing) the history file for appending, ending a torn last line first. */
export async function openHistory(path: string, logger: StoreLogger = silentStoreLogger): Promise<HistoryLog> {
  let handle: FileHandle;
  try {
    await mkdir(dirname(path), { recursive: true });
    handle = await open(path, constants.O_RDWR | constants.O_APPEND | constants.O_CREAT | DURABLE_WRITES, 0o644);
  } catch (error) {
    throw new StoreError('STORE_WRITE', path, `${path} cannot be opened for appending (${describe(error)})`, { cause: error });
  }
  try {
    await endTornLine(handle, path, logger);
  } catch (error) {
    await handle.close().catch(() => undefined);
    throw new StoreError('STORE_WRITE', path, `${path} cannot be prepared for appending (${describe(error)})`, { cause: error });
  }
  return new AppendOnlyFile(path, handle, logger);
}

async function endTornLine(handle: FileHandle, path: string, logger: StoreLogger): Promise<void> {
  const { size } = await handle.stat();
  if (size === 0) return;
  const last = Buffer.alloc(1);
  await handle.read(last, 0, 1, size - 1);
  if (last[0] === NEWLINE) return;
  await handle.appendFile('\n', 'utf8');
  if (DURABLE_WRITES === 0) await handle.sync();
  logger.warn({ file: path, bytes: size }, 'the history file ended in the middle of a line (a crash while writing?); that line was closed and will be skipped by readers');
}

class AppendOnlyFile implements HistoryLog {
  private readonly queue = new BatchQueue<string>((batch) => this.writeBatch(batch));
  private closed = false;

  constructor(
    readonly path: string,
    private readonly handle: FileHandle,
    private readonly logger: StoreLogger,
  ) {}

  async readSince(since: string): Promise<HistoryEntry[]> {
    return (await readHistorySince(this.path, since, { logger: this.logger })).entries;
  }

  append(entries: readonly HistoryEntry[]): Promise<void> {
    if (this.closed) {
      return Promise.reject(new StoreError('STORE_WRITE', this.path, `${this.path} is closed; the history line was not written`));
    }
    if (entries.length === 0) return Promise.resolve();
    // Serialized now, so later changes to the objects cannot alter what is written.
    const text = entries.map((entry) => `${JSON.stringify(entry)}\n`).join('');
    return this.queue.push(text);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.queue.drain();
    await this.handle.close();
  }

  /** One durable append for the whole batch (the handle's writes are synchronous where the platform allows). */
  private async writeBatch(batch: Queued<string>[]): Promise<void> {
    try {
      await this.handle.appendFile(batch.map((queued) => queued.item).join(''), 'utf8');
      if (DURABLE_WRITES === 0) await this.handle.sync();
    } catch (error) {
      throw new StoreError('STORE_WRITE', this.path, `${this.path} could not be appended to (${describe(error)})`, { cause: error });
    }
    for (const queued of batch) queued.resolve();
  }
}

/**
 * The history as the repositories use it: an append that never rejects. The document change it
 * follows is already saved and is the truth, so a failed append is logged as an error and the
 * change stands.
 */
export function historyRecorder(history: HistoryLog, logger: StoreLogger): (entries: readonly HistoryEntry[] | undefined) => Promise<void> {
  return async (entries) => {
    if (!entries || entries.length === 0) return;
    try {
      await history.append(entries);
    } catch (error) {
      logger.error(
        { err: error, file: history.path, events: entries.map((entry) => entry.event), testbedIds: [...new Set(entries.map((entry) => entry.testbed_id))] },
        'history line(s) could not be written; the change itself was saved',
      );
    }
  };
}
