import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, readlinkSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, StoreError, type Store } from '../../src/store/index.js';
import { acquireLock, type FileLock } from '../../src/store/lock.js';
import { lockHolder, procState, startTicksOf, zombie } from '../support/processes.js';
import { until } from '../support/wait.js';
import { tempDir } from './records.js';

let dir: string;
let testbedPath: string;
let lockPath: string;
const cleanups: (() => unknown)[] = [];

beforeEach(() => {
  dir = tempDir('lock-test-');
  testbedPath = join(dir, 'testbeds.json');
  lockPath = `${testbedPath}.lock`;
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  rmSync(dir, { recursive: true, force: true });
});

function track(child: ChildProcess): ChildProcess {
  cleanups.push(() => child.kill('SIGKILL'));
  return child;
}

async function openStoreHere(): Promise<Store> {
  const store = await openStore({ testbedPath, broadcastPath: join(dir, 'rooms.json') });
  cleanups.push(() => store.close());
  return store;
}

const ownRecord = () => ({
  pid: process.pid,
  startTicks: startTicksOf(process.pid),
  bootId: readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim(),
  host: hostname(),
  pidNamespace: readlinkSync('/proc/self/ns/pid'),
});
const recordFor = (pid: number, changes: Record<string, unknown> = {}) =>
  `${JSON.stringify({ ...ownRecord(), pid, startTicks: startTicksOf(pid), ...changes })}\n`;
const lockOwner = () => JSON.parse(readFileSync(lockPath, 'utf8')) as { pid: number; startTicks: number; host: string };

/** The pid of a process that has already exited. */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '0']).pid!;
}

/** A live process that is not a bot (a plain `sleep`). */
async function sleeper(): Promise<number> {
  const child = track(spawn('sleep', ['60'], { stdio: 'ignore' }));
  await new Promise((resolve) => child.once('spawn', resolve));
  return child.pid!;
}

/** A live node process (what a bot of the previous version looks like from outside). */
async function nodeProcess(): Promise<number> {
  const child = track(spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' }));
  await new Promise((resolve) => child.once('spawn', resolve));
  await until(() => procState(child.pid!)?.command === 'node', { what: 'the node child to run' });
  return child.pid!;
}

function backdate(path: string, ms: number): void {
  const then = new Date(Date.now() - ms);
  utimesSync(path, then, then);
}

async function lockHere(kernelLock: boolean): Promise<FileLock> {
  const lock = await acquireLock(lockPath, testbedPath, { kernelLock });
  cleanups.push(() => lock.release());
  return lock;
}

const inUseMessage = (pid: number | 'unknown') =>
  `${testbedPath} is in use by another bot process (pid ${pid})`;

describe.each([
  { mode: 'kernel lock + owner record', kernelLock: true },
  { mode: 'owner record alone', kernelLock: false },
])('store lock ($mode)', ({ kernelLock }) => {
  it('writes who holds it (pid, start time, boot id, host) and removes the file on release', async () => {
    const lock = await lockHere(kernelLock);
    expect(lock.kernelLocked).toBe(kernelLock);
    expect(lockOwner()).toEqual(ownRecord());
    await lock.release();
    expect(existsSync(lockPath)).toBe(false);
    expect(readdirSync(dir)).toEqual([]); // no temporary files left behind
  });

  it('refuses a second acquisition in the same process and leaves the first alone', async () => {
    await lockHere(kernelLock);
    const before = readFileSync(lockPath, 'utf8');
    const error = await acquireLock(lockPath, testbedPath, { kernelLock }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreError);
    expect(error).toMatchObject({ code: 'STORE_LOCKED', file: testbedPath });
    expect((error as StoreError).message).toContain(inUseMessage(process.pid));
    expect(readFileSync(lockPath, 'utf8')).toBe(before);
  });

  it('of eight simultaneous attempts exactly one wins', async () => {
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => acquireLock(lockPath, testbedPath, { kernelLock })));
    const won = results.filter((r): r is PromiseFulfilledResult<FileLock> => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    cleanups.push(() => won[0].value.release());
    for (const r of results) if (r.status === 'rejected') expect(String(r.reason)).toContain(inUseMessage(process.pid));
    expect(lockOwner().pid).toBe(process.pid);
  });

  describe('takes over a lock whose owner is gone', () => {
    const cases: { name: string; write: () => Promise<string> | string }[] = [
      { name: 'old format: the pid has exited', write: () => `${deadPid()}\n` },
      {
        name: 'old format: the pid is a zombie nobody reaped',
        write: async () => {
          const pid = await zombie(cleanups);
          expect(() => process.kill(pid, 0)).not.toThrow(); // a signal still "reaches" it
          return `${pid}\n`;
        },
      },
      { name: 'old format: the pid is now a live process that is no bot (sleep)', write: async () => `${await sleeper()}\n` },
      { name: 'old format: this pid, but this process does not hold the lock', write: () => `${process.pid}\n` },
      { name: 'the pid is reused by a live process (start time differs)', write: async () => recordFor(await sleeper(), { startTicks: 1 }) },
      { name: "the pid is the test runner's own, from an earlier start", write: () => recordFor(process.pid, { startTicks: startTicksOf(process.pid) - 1 }) },
      { name: 'the owner is a zombie', write: async () => recordFor(await zombie(cleanups)) },
      { name: 'another host (its pid names a live process here)', write: async () => recordFor(await sleeper(), { host: 'other-box', bootId: 'f00dfeed' }) },
      { name: 'an earlier boot of this host', write: async () => recordFor(await sleeper(), { bootId: '00000000-0000-0000-0000-000000000000' }) },
      { name: 'another container on this host (pid namespace)', write: async () => recordFor(await sleeper(), { pidNamespace: 'pid:[1]' }) },
    ];
    it.each(cases)('$name', async ({ write }) => {
      writeFileSync(lockPath, await write());
      await lockHere(kernelLock);
      expect(lockOwner()).toEqual(ownRecord());
    });

    it('old format: a live node process that started after the lock file was written (pid reused)', async () => {
      const pid = await nodeProcess();
      writeFileSync(lockPath, `${pid}\n`);
      backdate(lockPath, 60_000);
      await lockHere(kernelLock);
      expect(lockOwner().pid).toBe(process.pid);
    });

    it('unreadable content once it is older than a few seconds', async () => {
      writeFileSync(lockPath, '');
      await expect(acquireLock(lockPath, testbedPath, { kernelLock })).rejects.toThrow('(pid unknown)');
      backdate(lockPath, 60_000);
      await lockHere(kernelLock);
      expect(lockOwner().pid).toBe(process.pid);
    });
  });

  describe('refuses while the owner still runs, and leaves its lock file alone', () => {
    it('old format: a live node process that started before the lock (a bot of the previous version)', async () => {
      const pid = await nodeProcess();
      writeFileSync(lockPath, `${pid}\n`);
      await expect(acquireLock(lockPath, testbedPath, { kernelLock })).rejects.toThrow(inUseMessage(pid));
      expect(readFileSync(lockPath, 'utf8')).toBe(`${pid}\n`);
    });

    it('a record naming a live process with its own start time, boot and host', async () => {
      const pid = await sleeper();
      const record = recordFor(pid);
      writeFileSync(lockPath, record);
      await expect(acquireLock(lockPath, testbedPath, { kernelLock })).rejects.toThrow(inUseMessage(pid));
      expect(readFileSync(lockPath, 'utf8')).toBe(record);
    });
  });
});

describe('store lock: the kernel lock', () => {
  it('refuses while another process holds it, names that process, and comes free the moment it is killed', async () => {
    const holder = await lockHolder(lockPath, cleanups);
    await expect(acquireLock(lockPath, testbedPath)).rejects.toThrow(inUseMessage(holder.pid));
    expect(lockOwner().pid).toBe(holder.pid);

    holder.kill('SIGKILL');
    await holder.died();
    await lockHere(true);
    expect(lockOwner()).toEqual(ownRecord());
  });

  it('is freed when its holder dies even while that holder stays a zombie', async () => {
    const holder = await lockHolder(lockPath, cleanups, { underStoppedParent: true });
    holder.kill('SIGKILL');
    await until(() => procState(holder.pid)?.state === 'Z', { what: 'the killed holder to be a zombie' });
    await lockHere(true);
    expect(lockOwner().pid).toBe(process.pid);
  });

  it('refuses a live holder in another container sharing the volume, whose pid means nothing here', async () => {
    const holder = await lockHolder(lockPath, cleanups);
    // What a bot in another container writes: its own host name and pid namespace.
    writeFileSync(lockPath, recordFor(holder.pid, { host: 'container-b', pidNamespace: 'pid:[2]' }));
    await expect(acquireLock(lockPath, testbedPath)).rejects.toThrow(`${inUseMessage(holder.pid)} on host container-b`);
  });
});

describe('store lock: leftovers', () => {
  it('removes old temporary files a starter killed mid-way left behind, and nothing else', async () => {
    const oldTemp = `${lockPath}.4242-deadbeef.tmp`;
    const oldAside = `${lockPath}.stale-4243-0badf00d`;
    const freshTemp = `${lockPath}.4244-cafebabe.tmp`; // another starter may be using it right now
    const notOurs = `${lockPath}.notes`;
    for (const path of [oldTemp, oldAside, freshTemp, notOurs]) writeFileSync(path, '4242\n');
    for (const path of [oldTemp, oldAside, notOurs]) backdate(path, 120_000);
    await lockHere(true);
    expect(readdirSync(dir).sort()).toEqual(['testbeds.json.lock', 'testbeds.json.lock.4244-cafebabe.tmp', 'testbeds.json.lock.notes']);
  });
});

describe('store lock through openStore', () => {
  it('refuses a second open with the clear message and keeps the first', async () => {
    await openStoreHere();
    await expect(openStoreHere()).rejects.toMatchObject({ code: 'STORE_LOCKED', message: expect.stringContaining(inUseMessage(process.pid)) });
    expect(lockOwner().pid).toBe(process.pid);
  });

  it('releases the lock when opening fails on a corrupt document', async () => {
    writeFileSync(testbedPath, '{');
    await expect(openStoreHere()).rejects.toMatchObject({ code: 'STORE_CORRUPT' });
    expect(existsSync(lockPath)).toBe(false);
  });
});
