/**
 * Spawns the real bot process as it runs in production: `node dist/main.js`
 * (built by the test run's global set-up), with a clean environment. Node runs
 * the entry point directly, so signals (SIGTERM, SIGKILL) reach the bot itself
 * and not a wrapper process.
 */
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');
/** The compiled entry point: what `npm start`, the Dockerfile and the systemd unit run. */
export const BOT_ENTRY = join(ROOT, 'dist/main.js');

export interface BotProcess {
  pid: number;
  /** Everything written to stdout and stderr so far. */
  output(): string;
  /** Exit code, or null while running (or when killed by a signal). */
  exitCode(): number | null;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(signal?: NodeJS.Signals): void;
}

/** `nodeArgs` go to Node itself, before the entry point (e.g. `--import` of a test probe). */
export function startBotProcess(env: Record<string, string>, cwd: string, args: string[] = [], entry = BOT_ENTRY, nodeArgs: string[] = []): BotProcess {
  const child = spawn(process.execPath, [...nodeArgs, entry, ...args], {
    cwd,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.on('exit', (code, signal) => done({ code, signal })),
  );
  return {
    pid: child.pid ?? -1,
    output: () => output,
    exitCode: () => child.exitCode,
    exited,
    kill: (signal = 'SIGTERM') => child.kill(signal),
  };
}
