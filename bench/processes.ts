/**
 * The two processes of a benchmark run: the emulator with its simulated people
 * (bench/emulator-server.ts) and the bot as production runs it (`node dist/main.js`),
 * plus what Linux tells about a process (CPU time, peak resident memory).
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import type { Command, EmulatorReady, RunCommand, RunResult } from './protocol.js';

export const ROOT = resolve(import.meta.dirname, '..');
/** The bot's entry; BENCH_BOT_ENTRY runs another build (e.g. a copy of an older dist/ to compare against). */
const BOT_ENTRY = process.env.BENCH_BOT_ENTRY ? resolve(process.env.BENCH_BOT_ENTRY) : join(ROOT, 'dist/main.js');

function lines(child: ChildProcess, stream: 'stdout' | 'stderr', onLine: (line: string) => void): void {
  const source = child[stream];
  if (source) createInterface({ input: source }).on('line', onLine);
}

function exitedEarly(child: ChildProcess, what: string, output: () => string): Promise<never> {
  return new Promise((_, reject) =>
    child.once('exit', (code, signal) => reject(new Error(`${what} exited (${signal ?? code}) before it was ready:\n${output()}`))),
  );
}

export interface EmulatorProcess {
  ready: EmulatorReady;
  run(command: Omit<RunCommand, 'cmd'>): Promise<RunResult>;
  stop(): Promise<void>;
}

export async function startEmulatorProcess(args: string[]): Promise<EmulatorProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'bench/emulator-server.ts'), ...args], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let errors = '';
  lines(child, 'stderr', (line) => (errors = `${errors}${line}\n`.slice(-4000)));
  const answers: Array<(line: string) => void> = [];
  let readyLine: ((line: string) => void) | undefined;
  lines(child, 'stdout', (line) => {
    if (readyLine) {
      const take = readyLine;
      readyLine = undefined;
      take(line);
    } else answers.shift()?.(line);
  });
  const ready = await Promise.race([
    new Promise<EmulatorReady>((done) => (readyLine = (line) => done(JSON.parse(line) as EmulatorReady))),
    exitedEarly(child, 'The emulator process', () => errors),
  ]);
  const send = (command: Command) => child.stdin?.write(`${JSON.stringify(command)}\n`);
  return {
    ready,
    run(command) {
      return new Promise((done, fail) => {
        answers.push((line) => {
          const answer = JSON.parse(line) as RunResult | { error: string };
          if ('error' in answer) fail(new Error(`emulator: ${answer.error}`));
          else done(answer);
        });
        send({ cmd: 'run', ...command });
      });
    },
    async stop() {
      const exited = new Promise((done) => child.once('exit', done));
      send({ cmd: 'stop' });
      child.stdin?.end();
      await exited;
    },
  };
}

export interface BotProcess {
  pid: number;
  healthUrl: string;
  stop(): Promise<void>;
  /** Sends SIGUSR2 and resolves with the heap the probe (bench/heap-probe.mjs) reports after a full GC. */
  heapAfterGc(): Promise<number>;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  await new Promise((done) => server.close(done));
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

/**
 * Starts `node dist/main.js` with production settings and resolves once it is connected.
 * `heapProbe` preloads bench/heap-probe.mjs (with --expose-gc) to read the heap after a full GC;
 * `profileDir` has Node write a CPU profile of the whole run there when the bot stops.
 */
export async function startBotProcess(env: Record<string, string>, options: { heapProbe?: boolean; profileDir?: string } = {}): Promise<BotProcess> {
  const port = await freePort();
  const nodeArgs = [
    ...(options.heapProbe ? ['--expose-gc', '--import', join(ROOT, 'bench/heap-probe.mjs')] : []),
    ...(options.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.profileDir}`] : []),
  ];
  const child = spawn(process.execPath, [...nodeArgs, BOT_ENTRY], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'production', HEALTH_PORT: String(port), HEALTH_HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let started: (() => void) | undefined;
  const heapWaiters: Array<(bytes: number) => void> = [];
  lines(child, 'stdout', (line) => {
    output = `${output}${line}\n`.slice(-4000);
    if (line.includes('"msg":"bot started"')) started?.();
  });
  lines(child, 'stderr', (line) => {
    const heap = /^BENCH_HEAP (\d+)$/.exec(line);
    if (heap) heapWaiters.shift()?.(Number(heap[1]));
    else output = `${output}${line}\n`.slice(-4000);
  });
  await Promise.race([new Promise<void>((done) => (started = done)), exitedEarly(child, 'The bot', () => output)]);
  const pid = child.pid ?? -1;
  return {
    pid,
    healthUrl: `http://127.0.0.1:${port}`,
    async stop() {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    },
    heapAfterGc() {
      return new Promise((done) => {
        heapWaiters.push(done);
        child.kill('SIGUSR2');
      });
    },
  };
}

let ticksPerSecond: number | undefined;

/** User + system CPU time of a process so far, in milliseconds (from /proc/<pid>/stat). */
export function cpuMs(pid: number): number {
  ticksPerSecond ??= (() => {
    try {
      return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      return 100;
    }
  })();
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may contain spaces) start at state; utime and stime are fields 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) / ticksPerSecond) * 1000;
}

/**
 * A line of /proc/<pid>/status, in bytes: VmHWM the peak resident set, VmRSS the resident set now,
 * RssAnon and RssFile its anonymous (heap, stacks) and file-backed (the node binary, libraries) parts.
 */
export function vm(pid: number, field: 'VmHWM' | 'VmRSS' | 'RssAnon' | 'RssFile'): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : NaN;
}

/** Sums of the bot's Prometheus counters, by metric name and label set (e.g. `rest_requests_total{...}`). */
export async function scrape(bot: BotProcess): Promise<Map<string, number>> {
  const text = await (await fetch(`${bot.healthUrl}/metrics`)).text();
  const values = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line.startsWith('testbed_monitor_')) continue;
    const at = line.lastIndexOf(' ');
    values.set(line.slice('testbed_monitor_'.length, at), Number(line.slice(at + 1)));
  }
  return values;
}
