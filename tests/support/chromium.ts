/**
 * Finds Debian's Chromium for the browser tests and launches it headless through playwright-core.
 * A missing browser is a failure with the exact install command, never a silent skip.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

export const CHROMIUM_MISSING =
  'Chromium was not found (looked for CHROMIUM_PATH, /usr/bin/chromium, /usr/bin/chromium-browser): ' +
  'install it with `apt-get install -y chromium`';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Path of the browser binary; throws with the install command when there is none. */
export function findChromium(env: Record<string, string | undefined> = process.env, exists = existsSync): string {
  const candidates = env.CHROMIUM_PATH ? [env.CHROMIUM_PATH, ...CHROMIUM_CANDIDATES] : CHROMIUM_CANDIDATES;
  const found = candidates.find((path) => exists(path));
  if (!found) throw new Error(CHROMIUM_MISSING);
  return found;
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: findChromium(), headless: true, args: CHROMIUM_ARGS });
}
