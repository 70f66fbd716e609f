/**
 * An exclusive lock file (`<file>.lock` holding the owner's pid) so two bot processes never write
 * the same store. A lock whose pid is no longer alive is stale and taken over.
 */
import { randomBytes } from 'node:crypto';
import { unlinkSync, readFileSync } from 'node:fs';
import { link, open, readFile, rename, stat, unlink } from 'node:fs/promises';
import { StoreError } from './errors.js';

export interface FileLock {
  readonly path: string;
  release(): Promise<void>;
}

/** Lock files this process holds (a lock naming our own pid but not listed here is stale, e.g. pid 1 in a container). */
const held = new Set<string>();
let exitHookInstalled = false;

/** A lock file younger than this with unreadable content may be mid-creation by its owner. */
const FRESH_MS = 5_000;

export async function acquireLock(lockPath: string, file: string): Promise<FileLock> {
  installExitHook();
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const handle = await open(lockPath, 'wx');
      try {
        await handle.writeFile(`${process.pid}\n`);
      } finally {
        await handle.close();
      }
      held.add(lockPath);
      return { path: lockPath, release: () => releaseLock(lockPath) };
    } catch (error) {
      if (!isCode(error, 'EEXIST')) {
        throw new StoreError('STORE_LOCKED', file, `${file} cannot be locked (${describe(error)}; lock file ${lockPath})`, { cause: error });
      }
    }
    const seen = await readOrNull(lockPath);
    if (seen === null) continue; // released meanwhile: try again
    const pid = parsePid(seen);
    if (await isHeldByLiveProcess(lockPath, pid)) throw lockedError(file, lockPath, pid);
    await takeOverStale(lockPath, seen);
  }
  throw lockedError(file, lockPath, parsePid((await readOrNull(lockPath)) ?? ''));
}

async function releaseLock(lockPath: string): Promise<void> {
  if (!held.delete(lockPath)) return;
  const content = await readOrNull(lockPath);
  if (content !== null && parsePid(content) === process.pid) await unlink(lockPath).catch(() => undefined);
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

async function isHeldByLiveProcess(lockPath: string, pid: number | null): Promise<boolean> {
  if (pid === null) {
    const info = await stat(lockPath).catch(() => null);
    return info !== null && Date.now() - info.mtimeMs < FRESH_MS;
  }
  if (pid === process.pid) return held.has(lockPath);
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return isCode(error, 'EPERM');
  }
}

function lockedError(file: string, lockPath: string, pid: number | null): StoreError {
  const who = pid === null ? 'pid unknown' : `pid ${pid}`;
  return new StoreError(
    'STORE_LOCKED',
    file,
    `${file} is in use by another bot process (${who}); stop that process first (lock file ${lockPath})`,
  );
}

function parsePid(content: string): number | null {
  const text = content.trim();
  if (!/^\d+$/.test(text)) return null;
  const pid = Number(text);
  return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
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
  // Best effort for crashes that still run 'exit' (uncaught exceptions, process.exit): leave no lock behind.
  process.once('exit', () => {
    for (const lockPath of held) {
      try {
        if (parsePid(readFileSync(lockPath, 'utf8')) === process.pid) unlinkSync(lockPath);
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
