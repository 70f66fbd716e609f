/**
 * `flock(2)` on an open descriptor, through the `fs-ext` native addon. The kernel drops such a lock
 * when the last descriptor of the open file goes away, which happens while a process dies (before it
 * is a zombie), whatever killed it. Node opens files close-on-exec, so child processes never inherit it.
 */
import { createRequire } from 'node:module';

interface FsExt {
  flockSync(fd: number, flags: 'exnb' | 'un'): void;
}

export type FlockResult = 'locked' | 'busy' | 'unsupported';

let addon: FsExt | null | undefined;

/** The addon, or null when it is not built for this Node (the lock then relies on the owner record alone). */
export function kernelLocksAvailable(): boolean {
  if (addon === undefined) {
    try {
      addon = createRequire(import.meta.url)('fs-ext') as FsExt;
    } catch {
      addon = null;
    }
  }
  return addon !== null;
}

/** Tries to lock `fd` exclusively without waiting. */
export function tryExclusiveLock(fd: number): FlockResult {
  if (!kernelLocksAvailable()) return 'unsupported';
  try {
    addon!.flockSync(fd, 'exnb');
    return 'locked';
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'EAGAIN' || code === 'EWOULDBLOCK') return 'busy';
    // A file system without advisory locks (some network or FUSE mounts).
    if (code === 'ENOLCK' || code === 'EOPNOTSUPP' || code === 'ENOTSUP' || code === 'ENOSYS' || code === 'EINVAL') return 'unsupported';
    throw error;
  }
}
