/**
 * Spawns the real bot process (`src/main.ts`, as `npm start` runs it) with a
 * clean environment. Node is started with tsx's loader directly, so signals
 * (SIGTERM, SIGKILL) reach the bot itself and not a wrapper process.
 */
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export const ROOT = resolve(import.meta.dirname, '../..');
const TSX_LOADER = pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;

export interface BotProcess {
  pid: number;
  /** Everything written to stdout and stderr so far. */
  output(): string;
  /** Exit code, or null while running (or when killed by a signal). */
  exitCode(): number | null;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(signal?: NodeJS.Signals): void;
}

export function startBotProcess(env: Record<string, string>, cwd: string): BotProcess {
  const child = spawn(process.execPath, ['--import', TSX_LOADER, join(ROOT, 'src/main.ts')], {
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
