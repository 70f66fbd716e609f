/**
 * An exclusive lock file (`<file>.lock`) so two bot processes never write the same store.
 *
 * Two layers; the lock counts as held when either says so:
 * 1. A kernel advisory lock (`flock`) on the lock file, kept by an open descriptor for as long as the
 *    lock is held. The kernel drops it the moment its process dies, however it died (SIGKILL of the
 *    bot or of its whole process group, an OOM kill) and before the process is even reaped, so a
 *    zombie or a reused pid can never keep it. It also works between containers that share the
 *    volume on one host, where pids mean nothing to each other. This is the robust layer: it asks
 *    the kernel instead of guessing from a pid.
 * 2. The owner record in the file (pid, start time, boot id, host, pid namespace; see lock-owner.ts).
 *    It names the owner in the "in use" message, judges lock files written by earlier versions (a bare
 *    pid, no kernel lock), and is the only guard where advisory locks are unavailable (the addon is
 *    not built, or a file system without them).
 *
 * A lock file is only ever created or replaced whole (written under a temporary name, locked, then
 * linked or renamed into place), so a bot killed at any moment leaves either no lock file or a complete
 * one that the next start can judge at once.
 */
import { randomBytes } from 'node:crypto';
import { fstatSync, statSync, unlinkSync } from 'node:fs';
import { link, open, readdir, readFile, rename, stat, unlink, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { StoreError } from './errors.js';
import { kernelLocksAvailable, tryExclusiveLock } from './flock.js';
import { contentPid, currentOwner, formatOwner, ownerIsAlive, parseLockContent, type LockContent } from './lock-owner.js';

export interface FileLock {
  readonly path: string;
  /** Whether the kernel lock backs this lock (false: the owner record alone guards it). */
  readonly kernelLocked: boolean;
  release(): Promise<void>;
}

export interface LockOptions {
  /** Use the kernel advisory lock when it is available (default true). */
  kernelLock?: boolean;
}

interface Held {
  handle: FileHandle;
  kernelLocked: boolean;
}

type Attempt = { kind: 'acquired'; held: Held } | { kind: 'held'; content: LockContent } | { kind: 'retry' } | { kind: 'unsupported' };

/** Lock files this process holds, with the open descriptor that keeps each one. */
const held = new Map<string, Held>();
let exitHookInstalled = false;

const ATTEMPTS = 5;
/** Pause before looking again when the file changed under us (another process is mid-takeover). */
const RETRY_MS = 20;

export async function acquireLock(lockPath: string, file: string, options: LockOptions = {}): Promise<FileLock> {
  installExitHook();
  let kernel = (options.kernelLock ?? true) && kernelLocksAvailable();
  let last: LockContent | undefined;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    let outcome: Attempt;
    try {
      outcome = kernel ? await attemptWithKernelLock(lockPath) : await attemptWithRecordOnly(lockPath);
    } catch (error) {
      throw new StoreError('STORE_LOCKED', file, `${file} cannot be locked (${describe(error)}; lock file ${lockPath})`, { cause: error });
    }
    if (outcome.kind === 'acquired') {
      held.set(lockPath, outcome.held);
      await sweepLeftovers(lockPath);
      return { path: lockPath, kernelLocked: outcome.held.kernelLocked, release: () => releaseLock(lockPath) };
    }
    if (outcome.kind === 'unsupported') {
      kernel = false;
      continue;
    }
    if (outcome.kind === 'held') {
      last = outcome.content;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
  }
  last ??= parseLockContent((await readOrNull(lockPath)) ?? '');
  throw lockedError(file, lockPath, last);
}

async function attemptWithKernelLock(lockPath: string): Promise<Attempt> {
  let handle: FileHandle;
  try {
    handle = await open(lockPath, 'r');
  } catch (error) {
    if (isCode(error, 'ENOENT')) return createLockFile(lockPath, true);
    throw error;
  }
  try {
    const result = tryExclusiveLock(handle.fd);
    if (result === 'unsupported') return { kind: 'unsupported' };
    if (result === 'busy') {
      const content = parseLockContent((await readOrNull(lockPath)) ?? (await handle.readFile('utf8')));
      // A live holder whose record names a dead owner is another starter taking the file over: look again.
      return isAlive(lockPath, content, Date.now()) ? { kind: 'held', content } : { kind: 'retry' };
    }
    // Locked: make sure it is still the file at lockPath (a releasing owner removes it).
    if (!(await isFileAt(handle, lockPath))) return { kind: 'retry' };
    const content = parseLockContent(await handle.readFile('utf8'));
    const { mtimeMs } = await handle.stat();
    if (isAlive(lockPath, content, mtimeMs)) return { kind: 'held', content };
    // Stale: swap in our own complete, already locked file while we hold the old one's lock.
    const fresh = await writeLockedTemp(lockPath, true);
    try {
      await rename(fresh.tempPath, lockPath);
    } catch (error) {
      await discard(fresh);
      throw error;
    }
    return { kind: 'acquired', held: fresh.held };
  } finally {
    await handle.close(); // the old file's lock; ours is on the file now in place
  }
}

async function attemptWithRecordOnly(lockPath: string): Promise<Attempt> {
  const created = await createLockFile(lockPath, false);
  if (created.kind !== 'retry') return created;
  const text = await readOrNull(lockPath);
  if (text === null) return { kind: 'retry' }; // released meanwhile
  const info = await stat(lockPath).catch(() => null);
  const content = parseLockContent(text);
  if (isAlive(lockPath, content, info?.mtimeMs ?? Date.now())) return { kind: 'held', content };
  await takeOverStale(lockPath, text);
  return { kind: 'retry' };
}

function isAlive(lockPath: string, content: LockContent, mtimeMs: number): boolean {
  return ownerIsAlive(content, { mtimeMs, nowMs: Date.now(), heldHere: held.has(lockPath) });
}

/** Links a complete lock file into place; 'retry' when one is already there. */
async function createLockFile(lockPath: string, kernel: boolean): Promise<Attempt> {
  const fresh = await writeLockedTemp(lockPath, kernel);
  try {
    await link(fresh.tempPath, lockPath);
  } catch (error) {
    await discard(fresh);
    if (isCode(error, 'EEXIST')) return { kind: 'retry' };
    throw error;
  }
  await unlink(fresh.tempPath).catch(() => undefined); // only a leftover name; the lock is in place
  return { kind: 'acquired', held: fresh.held };
}

/** Our owner record under a temporary name next to the lock file, kernel-locked when asked. */
async function writeLockedTemp(lockPath: string, kernel: boolean): Promise<{ tempPath: string; held: Held }> {
  const tempPath = `${lockPath}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  const handle = await open(tempPath, 'wx');
  try {
    await handle.writeFile(formatOwner(currentOwner()));
    const kernelLocked = kernel && tryExclusiveLock(handle.fd) === 'locked';
    return { tempPath, held: { handle, kernelLocked } };
  } catch (error) {
    await handle.close();
    await unlink(tempPath).catch(() => undefined);
    throw error;
  }
}

async function discard(fresh: { tempPath: string; held: Held }): Promise<void> {
  await fresh.held.handle.close();
  await unlink(fresh.tempPath).catch(() => undefined);
}

/** Moves the stale lock aside; if what was moved is not what we judged stale (a new owner won a race), puts it back. */
async function takeOverStale(lockPath: string, staleContent: string): Promise<void> {
  const aside = `${lockPath}.stale-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    await rename(lockPath, aside);
  } catch (error) {
    if (isCode(error, 'ENOENT')) return;
    throw error;
  }
  const moved = await readOrNull(aside);
  if (moved !== staleContent) await link(aside, lockPath).catch(() => undefined);
  await unlink(aside).catch(() => undefined);
}

/** A temporary or set-aside name older than this belongs to a starter that died mid-way. */
const LEFTOVER_MS = 60_000;
/** `<pid>-<hex>.tmp` (a new lock being written) or `stale-<pid>-<hex>` (an old one being set aside). */
const LEFTOVER_NAME = /^(?:\d+-[0-9a-f]{8}\.tmp|stale-\d+-[0-9a-f]{8})$/;

/**
 * Removes temporary and set-aside lock files that a starter killed at just the wrong moment left next
 * to the lock (a contender uses its own for well under a second, so old ones are garbage).
 */
async function sweepLeftovers(lockPath: string): Promise<void> {
  const prefix = `${basename(lockPath)}.`;
  const isLeftover = (name: string) => name.startsWith(prefix) && LEFTOVER_NAME.test(name.slice(prefix.length));
  const names = await readdir(dirname(lockPath)).catch(() => [] as string[]);
  for (const name of names.filter(isLeftover)) {
    const path = join(dirname(lockPath), name);
    const info = await stat(path).catch(() => null);
    // Best effort: a name that vanished or cannot be removed now is tried again at the next start.
    if (info && Date.now() - info.mtimeMs > LEFTOVER_MS) await unlink(path).catch(() => undefined);
  }
}

async function releaseLock(lockPath: string): Promise<void> {
  const entry = held.get(lockPath);
  if (!entry) return;
  held.delete(lockPath);
  try {
    if (await isFileAt(entry.handle, lockPath)) {
      await unlink(lockPath).catch((error: unknown) => {
        if (!isCode(error, 'ENOENT')) throw error;
      });
    }
  } finally {
    await entry.handle.close(); // drops the kernel lock, after the name is gone
  }
}

async function isFileAt(handle: FileHandle, path: string): Promise<boolean> {
  const [mine, there] = await Promise.all([handle.stat(), stat(path).catch(() => null)]);
  return there !== null && there.ino === mine.ino && there.dev === mine.dev;
}

function lockedError(file: string, lockPath: string, content: LockContent): StoreError {
  const pid = contentPid(content);
  const who = pid === null ? 'pid unknown' : `pid ${pid}`;
  const host = content.kind === 'owner' && content.owner.host !== currentOwner().host ? ` on host ${content.owner.host}` : '';
  return new StoreError(
    'STORE_LOCKED',
    file,
    `${file} is in use by another bot process (${who})${host}; stop that process first (lock file ${lockPath})`,
  );
}

async function readOrNull(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if (isCode(error, 'ENOENT')) return null;
    throw error;
  }
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // Best effort for exits that still run 'exit' (uncaught exceptions, process.exit): leave no lock file
  // behind. The kernel lock goes with the process anyway.
  process.once('exit', () => {
    for (const [lockPath, entry] of held) {
      try {
        const mine = fstatSync(entry.handle.fd);
        const there = statSync(lockPath);
        if (there.ino === mine.ino && there.dev === mine.dev) unlinkSync(lockPath);
      } catch {
        // nothing more can be done while exiting
      }
    }
  });
}

export function isCode(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;
}

export function describe(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === 'string' && !error.message.startsWith(code) ? `${code}: ${error.message}` : error.message;
  }
  return String(error);
}
