/**
 * A crashed bot always comes back: the real bot process is killed the way a supervisor, the OOM killer
 * or a container runtime would, and started again at once on the same files. The store lock must never
 * keep it out: not after SIGKILL of the bot alone or of its whole process group, not while the dead
 * bot is a zombie nobody reaped, not when the lock names a live unrelated pid, and not when the lock
 * file comes from another host or container. Plus a restart loop: twenty kills at seeded random moments
 * during a burst of bookings, each followed by an immediate restart.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { readFileSync, readlinkSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/platform/emulator/index.js';
import type { EmuMessage, EmuPerson, EmuRoom, Emulator } from '../../src/platform/emulator/api.js';
import { availableTestbed, type TestbedRecord } from '../../src/domain.js';
import { testbedsDocumentProblems } from '../../src/store/schema.js';
import { BOT_ENTRY, startBotProcess, type BotProcess } from '../support/bot-process.js';
import { procState, signal, startTicksOf } from '../support/processes.js';
import { botEnv } from '../support/harness.js';
import { until } from '../support/wait.js';
import { createRng } from './chaos/prng.js';

const REFUSED = 'is in use by another bot process';

interface World {
  emu: Emulator;
  bot: EmuPerson;
  ada: EmuPerson;
  lab: EmuRoom;
  dir: string;
  testbedPath: string;
  lockPath: string;
  env: Record<string, string>;
  /** Sockets the emulator has authorized so far (each start of the bot adds one). */
  authorized(): number;
}

const worlds: World[] = [];
const running: BotProcess[] = [];
const cleanups: (() => unknown)[] = [];

afterEach(async () => {
  for (const bot of running.splice(0)) bot.kill('SIGKILL');
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  for (const w of worlds.splice(0)) {
    await w.emu.stop();
    await rm(w.dir, { recursive: true, force: true });
  }
});

async function world(testbeds: TestbedRecord[]): Promise<World> {
  const emu = await startEmulator();
  const bot = emu.createBot({ displayName: 'Testbed Monitor', email: 'tbm@webex.bot' });
  const ada = emu.createPerson({ displayName: 'Ada Ops', email: 'ada@example.com' });
  const lab = emu.createRoom({ title: 'Lab', memberIds: [bot.id, ada.id] });
  const dir = await mkdtemp(join(tmpdir(), 'tbm-lock-'));
  const testbedPath = join(dir, 'testbeds.json');
  await writeFile(testbedPath, JSON.stringify({ testbeds }, null, 2));
  let authorized = 0;
  emu.subscribe((event) => {
    if (event.type === 'socket.authorized' && event.personId === bot.id) authorized++;
  });
  const w: World = {
    emu,
    bot,
    ada,
    lab,
    dir,
    testbedPath,
    lockPath: `${testbedPath}.lock`,
    env: {
      ...botEnv({ emu, bot, dir, approvedRooms: [lab.id], testbedPath, broadcastPath: join(dir, 'broadcast_rooms.json') }),
      LOG_LEVEL: 'warn',
    },
    authorized: () => authorized,
  };
  worlds.push(w);
  return w;
}

function start(w: World): BotProcess {
  const bot = startBotProcess(w.env, w.dir);
  running.push(bot);
  return bot;
}

const lockPid = (w: World): number | null => {
  try {
    const owner = JSON.parse(readFileSync(w.lockPath, 'utf8')) as { pid: number } | number; // a bare pid before
    return typeof owner === 'number' ? owner : owner.pid;
  } catch {
    return null;
  }
};

async function ask(w: World, text: string): Promise<EmuMessage> {
  const since = w.emu.messageCount();
  w.emu.say({ personId: w.ada.id, roomId: w.lab.id, text, mentions: [w.bot.id] });
  return w.emu.waitForMessage((m) => m.personId === w.bot.id && m.roomId === w.lab.id, { since, timeoutMs: 20_000 });
}

/** The bot came up: it took the lock, its socket was authorized, and it answers. */
async function expectUp(w: World, bot: { pid: number; output(): string; exitCode(): number | null }, authorizedBefore: number): Promise<void> {
  await until(() => lockPid(w) === bot.pid || bot.exitCode() !== null, { what: `pid ${bot.pid} to take the lock`, timeoutMs: 30_000 });
  expect(bot.output()).not.toContain(REFUSED);
  expect(bot.exitCode()).toBeNull();
  await until(() => w.authorized() > authorizedBefore, { what: 'the restarted bot to connect', timeoutMs: 30_000 });
  const menu = await ask(w, 'register');
  expect(menu.personId).toBe(w.bot.id);
}

/**
 * The bot started the way `npm start` runs it: a shell parent (as npm's `sh -c`) in a new session and
 * process group, with the node process as its child. The shell does not `exec`, so it stays the parent.
 *
 * `reaping: false` gives the bot a parent that never reaps it: the shell starts the bot in the
 * background and then becomes `sleep` (same process, so still the bot's parent), which never waits
 * for a child. (Stopping the shell instead does not hold: when the bot dies, the shell's process group
 * is orphaned with a stopped member, so the kernel sends it SIGHUP and SIGCONT, the shell dies, and
 * init reaps the bot.)
 */
function startUnderShell(w: World, { reaping = true }: { reaping?: boolean } = {}): { shell: ChildProcess; output(): string } {
  const script = reaping ? '"$@"; echo "bot ended with $?"' : '"$@" & exec sleep 600';
  const shell = spawn('sh', ['-c', script, 'sh', process.execPath, BOT_ENTRY], {
    cwd: w.dir,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...w.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  cleanups.push(() => signal(-shell.pid!, 'SIGKILL'));
  let output = '';
  shell.stdout!.on('data', (chunk) => (output += chunk));
  shell.stderr!.on('data', (chunk) => (output += chunk));
  return { shell, output: () => output };
}

/** The bot process under the shell, once it has taken the lock. */
async function botUnder(w: World, shell: ChildProcess): Promise<number> {
  await until(() => {
    const pid = lockPid(w);
    return pid !== null && procState(pid) !== null && readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[1] === String(shell.pid);
  }, { what: 'the bot under the shell to take the lock', timeoutMs: 30_000 });
  return lockPid(w)!;
}

describe('a killed bot restarted at once always comes up', () => {
  it('SIGKILL of the bot alone', async () => {
    const w = await world([availableTestbed(1, 'lab-1')]);
    const first = start(w);
    await expectUp(w, first, 0);
    first.kill('SIGKILL');
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
    expect(lockPid(w)).toBe(first.pid); // the kill left the lock file behind

    const second = start(w);
    await expectUp(w, second, w.authorized());
  }, 60_000);

  it('SIGKILL of the whole process group started like `npm start`', async () => {
    const w = await world([availableTestbed(1, 'lab-1')]);
    const { shell } = startUnderShell(w);
    const botPid = await botUnder(w, shell);
    await until(() => w.authorized() === 1, { what: 'the bot to connect', timeoutMs: 30_000 });

    const before = w.authorized();
    process.kill(-shell.pid!, 'SIGKILL'); // the whole group: shell and bot
    const second = start(w); // at once: the old bot may still be dying or a zombie
    await expectUp(w, second, before);
    expect(procState(botPid)?.state ?? 'gone').toMatch(/^(Z|X|gone)$/);
  }, 60_000);

  it('the killed bot stays a zombie because its parent does not reap it', async () => {
    const w = await world([availableTestbed(1, 'lab-1')]);
    const { shell } = startUnderShell(w, { reaping: false });
    const botPid = await botUnder(w, shell);
    await until(() => w.authorized() === 1, { what: 'the bot to connect', timeoutMs: 30_000 });

    process.kill(botPid, 'SIGKILL');
    await until(() => procState(botPid)?.state === 'Z', { what: 'the killed bot to be a zombie' });
    expect(() => process.kill(botPid, 0)).not.toThrow(); // what fooled the old lock: a signal still "reaches" it

    const second = start(w);
    await expectUp(w, second, 1);
    expect(procState(botPid)?.state).toBe('Z'); // it came up while the old one was still a zombie
  }, 60_000);

  describe('a stale lock file that names a live process', () => {
    const record = (changes: Record<string, unknown>) =>
      JSON.stringify({
        pid: process.pid,
        startTicks: startTicksOf(process.pid),
        bootId: readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim(),
        host: hostname(),
        pidNamespace: readlinkSync('/proc/self/ns/pid'),
        ...changes,
      });
    const cases: { name: string; content: (sleeper: number) => string }[] = [
      { name: "the test runner's pid, from an earlier process with that pid", content: () => record({ startTicks: startTicksOf(process.pid) - 1 }) },
      { name: 'an unrelated `sleep` (lock file of the previous version: the pid alone)', content: (sleeper) => `${sleeper}\n` },
      { name: 'written on another host', content: () => record({ host: 'bot-host-2', bootId: 'a1b2c3d4-0000-4000-8000-000000000000' }) },
      { name: 'written in another container on this host', content: () => record({ host: 'c0ffee123456', pidNamespace: 'pid:[4026532999]' }) },
    ];
    it.each(cases)('$name', async ({ content }) => {
      const w = await world([availableTestbed(1, 'lab-1')]);
      const sleeper = spawn('sleep', ['60'], { stdio: 'ignore' });
      cleanups.push(() => sleeper.kill('SIGKILL'));
      await new Promise((resolve) => sleeper.once('spawn', resolve));
      await writeFile(w.lockPath, content(sleeper.pid!));
      const bot = start(w);
      await expectUp(w, bot, 0);
    }, 60_000);
  });

  it('twenty kills at seeded random moments during a burst of bookings: every restart comes up, no confirmed booking is lost', async () => {
    const seed = 20260317;
    const schedule = createRng(seed); // the kill moments
    const pacing = schedule.fork(); // the gaps between clicks, drawn apart so the schedule never depends on timing
    const count = 300;
    const w = await world(Array.from({ length: count }, (_, i) => availableTestbed(i + 1, `lab-${i + 1}`)));
    const { emu } = w;
    const people = Array.from({ length: count }, (_, i) => emu.createPerson({ displayName: `Person ${i + 1}`, email: `p${i + 1}@example.com` }));
    for (const person of people) emu.addMember(w.lab.id, person.id);

    let bot = start(w);
    await expectUp(w, bot, 0);
    const form = await ask(w, 'register');

    // Bookings keep arriving every few ms while the bot is connected (Webex drops what arrives while it
    // is down, so nobody clicks then).
    let successes = 0;
    const unsubscribe = emu.subscribe((event) => {
      if (event.type === 'message.created' && /^Booked: /.test(event.message.text ?? '')) successes++;
    });
    let next = 0;
    let bursting = true;
    let authorizedAtStart = 0;
    const burst = (async () => {
      while (bursting && next < count) {
        if (w.authorized() <= authorizedAtStart) {
          await new Promise((resolve) => setTimeout(resolve, 10));
          continue;
        }
        const person = people[next++];
        emu.submitRaw({
          personId: person.id,
          messageId: form.id,
          inputs: { action: 'register_submit', testbed_id: String(next), purpose: `burst ${next}`, release_choice: '1d' },
        });
        await new Promise((resolve) => setTimeout(resolve, pacing.int(30, 120)));
      }
    })();

    const kills: string[] = [];
    for (let round = 0; round < 20; round++) {
      // A random moment: during start-up (before the lock, or just after it while loading and
      // connecting), or once it is up, at the k-th confirmed booking or a few ms into the burst.
      const when = schedule.pick(['starting', 'starting', 'just locked', 'at a booking', 'at a booking', 'mid-burst'] as const);
      if (when === 'starting') {
        await new Promise((resolve) => setTimeout(resolve, schedule.int(0, 1_000)));
      } else if (when === 'just locked') {
        await until(() => lockPid(w) === bot.pid, { what: `round ${round}: the restarted bot to take the lock`, timeoutMs: 30_000 });
        await new Promise((resolve) => setTimeout(resolve, schedule.int(0, 200)));
      } else {
        await until(() => w.authorized() > authorizedAtStart, { what: `round ${round}: the restarted bot to connect`, timeoutMs: 30_000 });
        if (when === 'at a booking') {
          const target = successes + schedule.int(1, 3);
          await until(() => successes >= target || next >= count, { what: `round ${round}: a booking`, timeoutMs: 30_000 });
        } else {
          await new Promise((resolve) => setTimeout(resolve, schedule.int(0, 300)));
        }
      }
      kills.push(when);
      bot.kill('SIGKILL');
      const ended = await bot.exited;
      // Killed by us, never refused (a refused bot exits 1 by itself).
      expect(ended, `round ${round} (${when}): ${bot.output()}`).toEqual({ code: null, signal: 'SIGKILL' });
      expect(bot.output()).not.toContain(REFUSED);
      authorizedAtStart = w.authorized();
      bot = start(w); // at once, as a supervisor would
    }
    await expectUp(w, bot, authorizedAtStart);
    bursting = false;
    await burst;
    unsubscribe();

    const told = emu
      .messages({ personId: w.bot.id })
      .map((m) => /^Booked: (lab-\d+) /.exec(m.text ?? '')?.[1])
      .filter((name): name is string => name !== undefined);
    expect(kills).toHaveLength(20);
    // Each kill "at a booking" waited for at least one more confirmation.
    expect(told.length).toBeGreaterThanOrEqual(kills.filter((k) => k === 'at a booking').length);
    const document = JSON.parse(await readFile(w.testbedPath, 'utf8')) as { testbeds: TestbedRecord[] };
    expect(testbedsDocumentProblems(document)).toEqual([]);
    for (const name of told) {
      const n = Number(name.slice(4));
      expect(document.testbeds.find((r) => r.testbed_name === name), name).toMatchObject({
        status: 'in_use',
        user_email: `p${n}@example.com`,
        purpose: `burst ${n}`,
      });
    }
    bot.kill('SIGTERM');
    expect((await bot.exited).code).toBe(0);
  }, 180_000);
});
