/**
 * Spawns the real bot process as it runs in production: `node dist/main.js`
 * (built by the test run's global set-up), with a clean environment. Node runs
 * the entry point directly, so signals (SIGTERM, SIGKILL) reach the bot itself
 * and not a wrapper process.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startEmulator } from '../../src/platform/emulator/index.js';
import type { Emulator, EmuPerson, EmuRoom } from '../../src/platform/emulator/api.js';

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

/**
 * One built bot in a temp folder, against an in-process emulator with a bot, Ada and a room of
 * both; `stop()` (for afterEach) kills the bot and removes everything. `start` runs the bot with
 * the settings a production process needs, plus `extra`.
 */
export interface BuiltBotLab {
  /** `extra` may be built from the lab's folder (for files the bot should write there). */
  start(extra: Record<string, string> | ((dir: string) => Record<string, string>), nodeArgs?: string[]): Promise<{ run: BotProcess; dir: string; emu: Emulator; bot: EmuPerson; ada: EmuPerson; room: EmuRoom }>;
  stop(): Promise<void>;
}

export function builtBotLab(prefix: string): BuiltBotLab {
  let dir: string | undefined;
  let emu: Emulator | undefined;
  let run: BotProcess | undefined;
  return {
    async start(extra, nodeArgs = []) {
      const folder = (dir = await mkdtemp(join(tmpdir(), prefix)));
      emu = await startEmulator();
      const bot = emu.createBot({ displayName: 'Testbed Monitor', email: 'tbm@webex.bot' });
      const ada = emu.createPerson({ displayName: 'Ada Ops', email: 'ada@example.com' });
      const room = emu.createRoom({ title: 'Lab', memberIds: [bot.id, ada.id] });
      const env = {
        NODE_ENV: 'production',
        PLATFORM_ACCESS_TOKEN: bot.token,
        PLATFORM_API_URL: emu.restUrl,
        PLATFORM_DISCOVERY_URL: emu.discoveryUrl,
        APPROVED_ROOMS: room.id,
        TESTBED_DB_NAME: join(dir, 'testbeds.json'),
        BROADCAST_DB_NAME: join(dir, 'broadcast_rooms.json'),
        FEEDBACK_LOG: join(dir, 'feedback.log'),
        ...(typeof extra === 'function' ? extra(folder) : extra),
      };
      run = startBotProcess(env, folder, [], undefined, nodeArgs);
      return { run, dir: folder, emu, bot, ada, room };
    },
    async stop() {
      run?.kill('SIGKILL');
      run = undefined;
      await emu?.stop();
      emu = undefined;
      if (dir) await rm(dir, { recursive: true, force: true });
      dir = undefined;
    },
  };
}
