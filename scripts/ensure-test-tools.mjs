// Runs before `npm test`: the browser test needs Debian's chromium, the proxy test needs openssl and the
// store tests need PostgreSQL (tests/support/postgres.ts starts a throwaway cluster from its binaries).
// Missing ones are installed when we are root (as on a fresh CI machine); otherwise the run stops
// here with the exact command to run. Nothing is ever skipped silently.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

const onPath = (command) => {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

/** Debian keeps the server programs under /usr/lib/postgresql/<version>/bin, off the PATH. */
const hasPostgres = () => {
  const debian = '/usr/lib/postgresql';
  const versions = existsSync(debian) ? readdirSync(debian) : [];
  return versions.some((version) => existsSync(`${debian}/${version}/bin/initdb`)) || (onPath('initdb') && onPath('pg_ctl'));
};

const missing = [];
const chromium = process.env.CHROMIUM_PATH || ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) => existsSync(path));
if (!chromium || !existsSync(chromium)) missing.push('chromium');
if (!onPath('openssl')) missing.push('openssl');
// With TEST_STORE_URL set the tests use that server and start none of their own.
if (!process.env.TEST_STORE_URL && !hasPostgres()) missing.push('postgresql');

if (missing.length > 0) {
  const command = `apt-get install -y ${missing.join(' ')}`;
  if (typeof process.getuid === 'function' && process.getuid() === 0 && onPath('apt-get')) {
    process.stdout.write(`Installing what the tests need: ${missing.join(', ')}\n`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit', env });
  } else {
    process.stderr.write(`The tests need ${missing.join(' and ')}. Install with: sudo ${command}\n`);
    process.exit(1);
  }
}
