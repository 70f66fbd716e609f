/**
 * Vitest global set-up: the tests that spawn the bot run the compiled process (`node dist/main.js`,
 * as `npm start` and the deployment files do), so dist/ is rebuilt first whenever the sources
 * changed since the last build. An up-to-date build costs only a hash of the sources.
 */
import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';

export default function buildDist(): void {
  const root = resolve(import.meta.dirname, '../..');
  execFileSync(process.execPath, [join(root, 'scripts/build.mjs'), '--if-stale'], { cwd: root, stdio: 'inherit' });
}
