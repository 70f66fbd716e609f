/**
 * Reads the recent part of the history file (HISTORY_DB_NAME): every line whose `at` is at or
 * after `since`. Lines are appended in time order, so the file is read backwards from its end, in
 * chunks, and reading stops at the first line older than the window (less a tolerance, for lines
 * whose clocks disagree by a little). A year of history costs no more than the window asked for.
 *
 * Never fatal: a torn, garbled or invalid line is skipped, and all of them are reported in one
 * warning with their byte offsets. A missing file is an empty history. Only a file that cannot be
 * read at all (permissions, I/O) rejects, with a StoreError.
 */
import { open, type FileHandle } from 'node:fs/promises';
import type { HistoryEntry, HistoryEventName } from '../domain.js';
import { isoUtcMs } from '../time-rules.js';
import { StoreError } from './errors.js';
import { describe, isCode } from './lock.js';

/** Lines are read this far before `since` (an out-of-order line inside the window is still found). */
export const ORDER_TOLERANCE_MS = 60 * 60_000;
/** Bytes read from the file per step backwards. */
export const CHUNK_BYTES = 256 * 1024;
/** A longer "line" is garbage (a real one is well under 4 KiB): it is skipped without being kept. */
export const MAX_LINE_BYTES = 1024 * 1024;
/** Offsets listed in the warning (the count is always complete). */
const MAX_LISTED_OFFSETS = 20;

export interface SkippedLines {
  count: number;
  /** Byte offsets of the skipped lines' starts (the first MAX_LISTED_OFFSETS, in file order). */
  offsets: number[];
}

export interface HistoryWindow {
  /** The valid lines with `at` ≥ since, in file (time) order. */
  entries: HistoryEntry[];
  skipped: SkippedLines;
  /** Bytes read from the file. */
  bytesRead: number;
}

export interface ReadHistoryOptions {
  /** Told once per read when lines were skipped. */
  logger?: { warn(fields: object, message: string): void };
  /** Test seam: bytes per chunk. */
  chunkBytes?: number;
}

const EVENTS: ReadonlySet<HistoryEventName> = new Set<HistoryEventName>([
  'registered', 'released', 'extended', 'shortened', 'handed_over', 'purpose_changed', 'force_released', 'expired', 'reminder_sent', 'overdue', 'queued', 'left_queue',
  'offered', 'offer_declined', 'offer_expired', 'added', 'renamed', 'edited', 'problem_reported', 'retired', 'maintenance_started', 'maintenance_changed', 'maintenance_ended',
]);

const CLOSINGS: ReadonlySet<string> = new Set(['released', 'force_released', 'expired', 'handed_over']);

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const isIso = (value: unknown) => isoUtcMs(value) !== null;
const isPerson = (value: unknown) => isObject(value) && typeof value.email === 'string' && typeof value.name === 'string';

/**
 * One history line as an entry, or null when it is not one: the common fields always, and the
 * details the reports rely on (the booking a closing line carries, the new expected release).
 * Hand-written rather than a schema library: it runs on tens of thousands of lines per report.
 */
export function parseHistoryLine(text: string): HistoryEntry | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  return historyEntryOf(value);
}

/** One parsed history line (a JSON value) as an entry, or null when it is not one (see parseHistoryLine). */
export function historyEntryOf(value: unknown): HistoryEntry | null {
  if (!isObject(value)) return null;
  const { at, event, testbed_id: id, testbed_name: name, by } = value;
  if (!isIso(at) || typeof event !== 'string' || !EVENTS.has(event as HistoryEventName)) return null;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || typeof name !== 'string') return null;
  if (by !== null && !isPerson(by)) return null;
  if (CLOSINGS.has(event) && !(isPerson(value.holder) && isIso(value.registered_time) && isIso(value.expected_release_time))) return null;
  if ((event === 'registered' || event === 'extended' || event === 'shortened') && !isIso(value.expected_release_time)) return null;
  if (event === 'purpose_changed' && typeof value.purpose !== 'string') return null;
  if (event === 'handed_over' && !isPerson(value.to)) return null;
  return value as unknown as HistoryEntry;
}

const NEWLINE = 0x0a;

/**
 * The window's entries, newest lines read first. `since` is ISO 8601 UTC; an invalid `since`
 * reads nothing (rather than the whole file).
 */
export async function readHistorySince(path: string, since: string, options: ReadHistoryOptions = {}): Promise<HistoryWindow> {
  const sinceMs = isoUtcMs(since, { secondsOptional: true });
  const empty: HistoryWindow = { entries: [], skipped: { count: 0, offsets: [] }, bytesRead: 0 };
  if (sinceMs === null) return empty;
  let file: FileHandle;
  try {
    file = await open(path, 'r');
  } catch (error) {
    if (isCode(error, 'ENOENT')) return empty;
    throw new StoreError('STORE_CORRUPT', path, `${path} cannot be read (${describe(error)})`, { cause: error });
  }
  try {
    const window = await readBackwards(file, sinceMs, Math.max(1, options.chunkBytes ?? CHUNK_BYTES));
    if (window.skipped.count > 0) {
      options.logger?.warn(
        { file: path, skipped: window.skipped.count, byteOffsets: window.skipped.offsets },
        'history lines skipped: not valid history entries (torn or garbled)',
      );
    }
    return window;
  } catch (error) {
    if (error instanceof StoreError) throw error;
    throw new StoreError('STORE_CORRUPT', path, `${path} cannot be read (${describe(error)})`, { cause: error });
  } finally {
    await file.close().catch(() => undefined);
  }
}

async function readBackwards(file: FileHandle, sinceMs: number, chunkBytes: number): Promise<HistoryWindow> {
  const stopBefore = sinceMs - ORDER_TOLERANCE_MS;
  const newestFirst: HistoryEntry[] = [];
  const skippedAt: number[] = [];
  let position = (await file.stat()).size;
  let bytesRead = 0;
  // The bytes after the last newline seen so far (the end of a line whose start is further back).
  let tail: Buffer = Buffer.alloc(0);
  // That line already grew past MAX_LINE_BYTES: its bytes are dropped, only its start is noted.
  let oversized = false;
  let done = false;

  /** One complete line starting at byte `offset`; returns false once the window is behind us. */
  const take = (line: Buffer, offset: number, tooLong: boolean): boolean => {
    if (tooLong) {
      skippedAt.push(offset);
      return true;
    }
    if (line.length === 0 || (line.length === 1 && line[0] === 0x0d)) return true;
    const entry = parseHistoryLine(line.toString('utf8'));
    if (!entry) {
      skippedAt.push(offset);
      return true;
    }
    const at = isoUtcMs(entry.at) as number;
    if (at < stopBefore) return false;
    if (at >= sinceMs) newestFirst.push(entry);
    return true;
  };

  while (!done && position > 0) {
    const length = Math.min(chunkBytes, position);
    position -= length;
    const chunk = Buffer.allocUnsafe(length);
    const { bytesRead: got } = await file.read(chunk, 0, length, position);
    bytesRead += got;
    const data = oversized ? chunk.subarray(0, got) : Buffer.concat([chunk.subarray(0, got), tail]);
    // Complete lines in `data` end at each newline; walk them from the last to the first.
    let end = oversized ? -1 : data.length;
    let cut = data.lastIndexOf(NEWLINE, oversized ? data.length - 1 : end - 1);
    if (oversized && cut >= 0) {
      // The oversized line starts right after this newline.
      done = !take(Buffer.alloc(0), position + cut + 1, true);
      oversized = false;
      end = cut;
      cut = end > 0 ? data.lastIndexOf(NEWLINE, end - 1) : -1;
    }
    while (!done && cut >= 0 && end >= 0) {
      done = !take(data.subarray(cut + 1, end), position + cut + 1, false);
      end = cut;
      cut = end > 0 ? data.lastIndexOf(NEWLINE, end - 1) : -1;
    }
    if (done) break;
    if (oversized) continue;
    tail = Buffer.from(data.subarray(0, Math.max(end, 0)));
    if (tail.length > MAX_LINE_BYTES) {
      oversized = true;
      tail = Buffer.alloc(0);
    }
  }
  if (!done && position === 0) {
    // The file's first line (no newline before it).
    if (oversized) take(Buffer.alloc(0), 0, true);
    else if (tail.length > 0) take(tail, 0, false);
  }
  skippedAt.reverse();
  return {
    entries: newestFirst.reverse(),
    skipped: { count: skippedAt.length, offsets: skippedAt.slice(0, MAX_LISTED_OFFSETS) },
    bytesRead,
  };
}
