/**
 * lowdb with an explicit file adapter (never the JSON-file preset, which silently switches to
 * memory when NODE_ENV=test) plus a serialized, group-committed write queue.
 *
 * How `Low` is used: it does every read and write, always through `AtomicJsonFileAdapter`, but its
 * `data` is never changed in place. `Low.write()` saves whatever `data` holds at that moment, and
 * readers here must only ever see committed content. So each committed version of a document is
 * one `Low`: a batch of changes builds the next document, writes it through a fresh `Low` over the
 * same adapter, and that `Low` becomes the one everyone reads only once its write has succeeded.
 */
import { constants as fsConstants } from 'node:fs';
import * as fsp from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { Low, type Adapter } from 'lowdb';
import { StoreError } from './errors.js';
import { BatchQueue, type Queued } from './batch-queue.js';
import { describe, isCode } from './lock.js';
import { PrettyJsonWriter } from './json-text.js';

/** The file operations the adapter uses; replaceable in tests to inject faults. */
export interface FileOps {
  readFile: (path: string, encoding: 'utf8') => Promise<string>;
  open: typeof fsp.open;
  rename: typeof fsp.rename;
  unlink: typeof fsp.unlink;
  mkdir: typeof fsp.mkdir;
}

export const nodeFileOps: FileOps = {
  readFile: (path, encoding) => fsp.readFile(path, encoding),
  open: fsp.open,
  rename: fsp.rename,
  unlink: fsp.unlink,
  mkdir: fsp.mkdir,
};

let tempCounter = 0;

/**
 * Flags for a file whose every write is on disk when it returns (O_DSYNC: the data and what is
 * needed to read it back, as `fdatasync` after it would), so no separate sync call is needed. Where
 * the platform has no O_DSYNC, `0`, and the caller syncs itself.
 */
export const DURABLE_WRITES = fsConstants.O_DSYNC ?? 0;

/**
 * Reads a JSON file (null when missing; StoreError STORE_CORRUPT when unreadable or not JSON) and
 * writes atomically: temp file in the same folder, written durably, rename over the target, sync
 * of the folder. On any failure the temp file is removed and the previous file is left as it was.
 *
 * `keepFolderOpen` (for a document written again and again) keeps the folder's handle open from
 * one write to the next, so that syncing it costs one call; `close()` closes it.
 */
export class AtomicJsonFileAdapter<T> implements Adapter<T> {
  /** Pretty JSON with the text of unchanged records reused from the previous write. */
  private readonly writer = new PrettyJsonWriter();
  private folder: Promise<fsp.FileHandle | null> | undefined;

  constructor(
    readonly file: string,
    private readonly io: FileOps = nodeFileOps,
    private readonly options: { keepFolderOpen?: boolean } = {},
  ) {}

  async read(): Promise<T | null> {
    let text: string;
    try {
      text = await this.io.readFile(this.file, 'utf8');
    } catch (error) {
      if (isCode(error, 'ENOENT')) return null;
      throw new StoreError('STORE_CORRUPT', this.file, `${this.file} cannot be read (${describe(error)})`, { cause: error });
    }
    if (text.trim() === '') {
      throw new StoreError('STORE_CORRUPT', this.file, `${this.file} is not valid JSON: the file is empty`);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new StoreError('STORE_CORRUPT', this.file, `${this.file} is not valid JSON: ${reason}`, { cause: error });
    }
    // A bare null, false, 0 or "" would read as "no file yet" and be overwritten; refuse it instead.
    if (typeof parsed !== 'object' || parsed === null) {
      const problem = `the document must be a JSON object (found ${text.trim().slice(0, 20)})`;
      throw new StoreError('STORE_INVALID', this.file, `${this.file} is invalid: ${problem}`, { problems: [problem] });
    }
    return parsed as T;
  }

  async write(data: T): Promise<void> {
    const temp = join(dirname(this.file), `.${basename(this.file)}.${process.pid}.${++tempCounter}.tmp`);
    try {
      const { O_WRONLY, O_CREAT, O_EXCL } = fsConstants;
      const handle = await this.io.open(temp, O_WRONLY | O_CREAT | O_EXCL | DURABLE_WRITES, 0o644);
      try {
        await this.writer.withBytes(data, (bytes) => writeAll(handle, bytes));
        if (DURABLE_WRITES === 0) await handle.sync();
      } catch (error) {
        await handle.close().catch(() => undefined);
        throw error;
      }
      // The bytes are on disk now, so the file is closed while it is moved into place (one wait
      // less); only the move decides whether the write happened.
      const [, moved] = await Promise.allSettled([handle.close(), this.io.rename(temp, this.file)]);
      if (moved.status === 'rejected') throw moved.reason;
    } catch (error) {
      await this.io.unlink(temp).catch(() => undefined);
      throw new StoreError('STORE_WRITE', this.file, `${this.file} could not be written (${describe(error)}); the previous content is unchanged`, { cause: error });
    }
    await this.syncFolder();
    if (!this.options.keepFolderOpen) await this.close();
  }

  /** Closes the folder's handle kept by `keepFolderOpen` (a later write opens it again). */
  async close(): Promise<void> {
    const folder = this.folder;
    this.folder = undefined;
    await (await folder)?.close().catch(() => undefined);
  }

  /** Makes the rename itself durable. */
  private async syncFolder(): Promise<void> {
    this.folder ??= this.io.open(dirname(this.file), 'r').catch(() => null);
    const handle = await this.folder;
    // Best effort: some platforms cannot sync a folder, which is fine (the file is written).
    // A folder that could not be opened this time is tried again at the next write.
    if (!handle) this.folder = undefined;
    await handle?.sync().catch(() => undefined);
  }
}

/** Writes every byte (a regular file takes them in one call; the loop is for the rare short write). */
async function writeAll(handle: fsp.FileHandle, bytes: Buffer): Promise<void> {
  let at = 0;
  while (at < bytes.length) {
    const { bytesWritten } = await handle.write(bytes, at, bytes.length - at, at);
    if (bytesWritten === 0) throw Object.assign(new Error('the file took no more bytes'), { code: 'EIO' });
    at += bytesWritten;
  }
}

export interface OpenDocumentOptions<T> {
  file: string;
  empty: () => T;
  /** Every problem of a loaded document (empty when valid). */
  problems: (document: unknown) => string[];
  io?: FileOps;
}

/**
 * One JSON document on disk. `data` is the last committed content (treat it as read-only).
 * `update` queues a change; queued changes are applied in order and written together, and each
 * caller's promise settles only after the write that includes its change has finished.
 */
export class JsonDocument<T> {
  private readonly queue = new BatchQueue<(current: T) => T>((batch) => this.writeBatch(batch));
  private closed = false;

  private constructor(
    readonly file: string,
    /** The last committed version; replaced, never edited. */
    private low: Low<T>,
    private readonly adapter: AtomicJsonFileAdapter<T>,
  ) {}

  static async open<T>(options: OpenDocumentOptions<T>): Promise<JsonDocument<T>> {
    const io = options.io ?? nodeFileOps;
    const empty = options.empty();
    const adapter = new AtomicJsonFileAdapter<T>(options.file, io, { keepFolderOpen: true });
    const low = new Low<T>(adapter, empty);
    await low.read();
    if (low.data === empty) {
      // The adapter found no file (Low keeps the default data): create it, empty.
      await io.mkdir(dirname(options.file), { recursive: true }).catch(() => undefined);
      // (The folder's handle is opened only after a write succeeded, so a failure here leaves none open.)
      await low.write();
    } else {
      const problems = options.problems(low.data);
      if (problems.length > 0) {
        const shown = problems.slice(0, 20).join('; ');
        const more = problems.length > 20 ? `; and ${problems.length - 20} more` : '';
        throw new StoreError('STORE_INVALID', options.file, `${options.file} is invalid: ${shown}${more}`, { problems });
      }
    }
    return new JsonDocument(options.file, low, adapter);
  }

  get data(): T {
    return this.low.data;
  }

  /** `change` must return a new document and not mutate `current`; throwing rejects only this update. */
  update(change: (current: T) => T): Promise<void> {
    if (this.closed) {
      return Promise.reject(new StoreError('STORE_WRITE', this.file, `${this.file} is closed; the change was not saved`));
    }
    return this.queue.push(change);
  }

  /** Waits for queued writes, then refuses further updates. */
  async close(): Promise<void> {
    this.closed = true;
    await this.queue.drain();
    await this.adapter.close();
  }

  /** Applies the batch's changes in order (one that throws is refused alone), then writes once. */
  private async writeBatch(batch: Queued<(current: T) => T>[]): Promise<void> {
    let next = this.low.data;
    const accepted: Queued<(current: T) => T>[] = [];
    for (const queued of batch) {
      try {
        next = queued.item(next);
        accepted.push(queued);
      } catch (error) {
        queued.reject(error);
      }
    }
    if (accepted.length === 0) return;
    const committed = new Low<T>(this.low.adapter, next);
    await committed.write();
    this.low = committed;
    for (const queued of accepted) queued.resolve();
  }
}
