// Runs before `npm test`: the browser test needs Debian's chromium and the proxy test needs openssl.
// Missing ones are installed when we are root (as on a fresh CI machine); otherwise the run stops
// here with the exact command to run. Nothing is ever skipped silently.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const onPath = (command) => {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

const missing = [];
const chromium = process.env.CHROMIUM_PATH || ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) => existsSync(path));
if (!chromium || !existsSync(chromium)) missing.push('chromium');
if (!onPath('openssl')) missing.push('openssl');

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
