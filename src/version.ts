/**
 * The bot's version, read once from this package's package.json. The file is found by walking up
 * from this module's folder, so the same code works from `src/` (tsx) and from a compiled `dist/`
 * tree; a package.json of another name on the way (e.g. a `{"type":"module"}` marker) is skipped.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE_NAME = 'testbed-monitor-bot';

export function readPackageVersion(startDir: string, packageName = PACKAGE_NAME): string {
  for (let dir = startDir; ; dir = dirname(dir)) {
    const version = versionIn(join(dir, 'package.json'), packageName);
    if (version !== undefined) return version;
    if (dirname(dir) === dir) throw new Error(`No package.json named "${packageName}" with a version was found in ${startDir} or above it.`);
  }
}

function versionIn(file: string, packageName: string): string | undefined {
  let manifest: unknown;
  try {
    manifest = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined; // missing or unreadable: keep walking up
  }
  const { name, version } = (manifest ?? {}) as { name?: unknown; version?: unknown };
  return name === packageName && typeof version === 'string' && version !== '' ? version : undefined;
}

export const BOT_VERSION = readPackageVersion(dirname(fileURLToPath(import.meta.url)));
