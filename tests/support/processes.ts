/**
 * Real processes for the lock tests: zombies, lock holders, and what `/proc` says about a pid.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './bot-process.js';
import { until } from './wait.js';

const TSX_LOADER = pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;
const LOCK_MODULE = pathToFileURL(join(ROOT, 'src/store/lock.ts')).href;

/** State letter, start time (clock ticks since boot) and command name of a pid, or null when there is none. */
export function procState(pid: number): { state: string; startTicks: number; command: string } | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  const close = text.lastIndexOf(')');
  const fields = text.slice(close + 2).split(' ');
  return { state: fields[0], startTicks: Number(fields[19]), command: text.slice(text.indexOf('(') + 1, close) };
}

export function startTicksOf(pid: number): number {
  const state = procState(pid);
  if (!state) throw new Error(`no process ${pid}`);
  return state.startTicks;
}

/** Collects everything a child writes to stdout and stderr. */
function collect(child: ChildProcess): () => string {
  let out = '';
  child.stdout?.on('data', (chunk) => (out += chunk));
  child.stderr?.on('data', (chunk) => (out += chunk));
  return () => out;
}

/**
 * A zombie: a `node` child that has exited while its parent shell is stopped and so cannot reap it.
 * The cleanup kills the parent, after which the zombie is reaped by init.
 */
export async function zombie(cleanups: (() => unknown)[]): Promise<number> {
  const parent = spawn('sh', ['-c', '"$0" -e 0 & echo $!; kill -STOP $$', process.execPath], { stdio: ['ignore', 'pipe', 'pipe'] });
  cleanups.push(() => parent.kill('SIGKILL'));
  const output = collect(parent);
  await until(() => /^\d+\n/.test(output()), { what: 'the zombie-to-be to start' });
  const pid = Number(output().trim());
  await until(() => procState(pid)?.state === 'Z', { what: `pid ${pid} to become a zombie` });
  return pid;
}

export interface LockHolder {
  /** The process that holds the lock. */
  pid: number;
  kill(signal: NodeJS.Signals): void;
  /** Resolves once the holder has died (reaped, or a zombie under its stopped parent). */
  died(): Promise<void>;
}

/**
 * Another process that takes the lock through the real lock module and keeps it until killed. With
 * `underStoppedParent`, it runs under a shell that is stopped once the lock is taken, so the holder
 * stays a zombie after it is killed.
 */
export async function lockHolder(
  lockPath: string,
  cleanups: (() => unknown)[],
  options: { underStoppedParent?: boolean } = {},
): Promise<LockHolder> {
  const script = [
    `const { acquireLock } = await import(${JSON.stringify(LOCK_MODULE)});`,
    `await acquireLock(${JSON.stringify(lockPath)}, 'holder');`,
    `process.stdout.write('locked\\n');`,
    'setInterval(() => {}, 1000);',
  ].join('\n');
  const nodeArgs = ['--import', TSX_LOADER, '--input-type=module', '-e', script];
  if (!options.underStoppedParent) {
    const child = spawn(process.execPath, nodeArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
    cleanups.push(() => child.kill('SIGKILL'));
    const output = collect(child);
    await until(() => output().includes('locked\n'), { what: `the lock holder (${output()})`, timeoutMs: 20_000 });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    return { pid: child.pid!, kill: (signal) => child.kill(signal), died: () => exited };
  }
  const parent = spawn('sh', ['-c', '"$@" & echo "holder $!"; wait', 'sh', process.execPath, ...nodeArgs], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanups.push(() => parent.kill('SIGKILL'));
  const output = collect(parent);
  await until(() => output().includes('locked\n'), { what: `the lock holder (${output()})`, timeoutMs: 20_000 });
  const pid = Number(/holder (\d+)/.exec(output())![1]);
  cleanups.push(() => signal(pid, 'SIGKILL'));
  parent.kill('SIGSTOP');
  await until(() => procState(parent.pid!)?.state === 'T', { what: 'the parent shell to stop' });
  return {
    pid,
    kill: (name) => signal(pid, name),
    died: async () => {
      await until(() => [undefined, 'Z', 'X'].includes(procState(pid)?.state), { what: `pid ${pid} to die` });
    },
  };
}

/** Sends a signal to a pid that may be gone already. */
export function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'ESRCH') throw error;
  }
}
