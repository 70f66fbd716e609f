/**
 * This process's open file descriptors as Linux reports them (`/proc/self/fd` and
 * `/proc/self/fdinfo`): which paths are open, and with which open flags. The store's durability
 * tests read them to check a file is written synchronously and a kept handle is closed again.
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

export interface OpenFile {
  path: string;
  /** The flags the file was opened with (`O_APPEND`, `O_DSYNC`, … as in `fs.constants`). */
  flags: number;
}

export function openFiles(): OpenFile[] {
  const files: OpenFile[] = [];
  for (const fd of readdirSync('/proc/self/fd')) {
    try {
      const path = readlinkSync(`/proc/self/fd/${fd}`);
      const flags = /^flags:\s+([0-7]+)$/m.exec(readFileSync(`/proc/self/fdinfo/${fd}`, 'utf8'));
      files.push({ path, flags: flags ? parseInt(flags[1], 8) : 0 });
    } catch {
      // closed between the listing and the look (the listing's own descriptor, for one)
    }
  }
  return files;
}

/** The open descriptors of `path`. */
export const openFilesOf = (path: string): OpenFile[] => openFiles().filter((file) => file.path === path);
