import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, StoreError, type Store } from '../../src/store/index.js';
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
  for (const cleanup of cleanups.splice(0)) await cleanup();
  rmSync(dir, { recursive: true, force: true });
});

async function open(): Promise<Store> {
  const store = await openStore({ testbedPath, broadcastPath: join(dir, 'rooms.json') });
  cleanups.push(() => store.close());
  return store;
}

/** The pid of a process that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '0']);
  return child.pid!;
}

describe('store lock', () => {
  it('writes the pid into <testbedPath>.lock and removes it on close', async () => {
    const store = await open();
    expect(readFileSync(lockPath, 'utf8').trim()).toBe(String(process.pid));
    await store.close();
    expect(existsSync(lockPath)).toBe(false);
  });

  it('refuses a second open while the first is open', async () => {
    await open();
    const error = await open().catch((e: unknown) => e as StoreError);
    expect(error).toBeInstanceOf(StoreError);
    expect(error).toMatchObject({ code: 'STORE_LOCKED', file: testbedPath });
    expect((error as StoreError).message).toContain(`${testbedPath} is in use by another bot process (pid ${process.pid})`);
    expect(readFileSync(lockPath, 'utf8').trim()).toBe(String(process.pid));
  });

  it('refuses while another live process holds the lock, and leaves its lock alone', async () => {
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    cleanups.push(() => other.kill('SIGKILL'));
    await new Promise((resolve) => other.once('spawn', resolve));
    writeFileSync(lockPath, `${other.pid}\n`);
    await expect(open()).rejects.toThrow(`is in use by another bot process (pid ${other.pid})`);
    expect(readFileSync(lockPath, 'utf8')).toBe(`${other.pid}\n`);
    expect(existsSync(testbedPath)).toBe(false);
  });

  it('takes over a stale lock whose process is gone', async () => {
    const pid = deadPid();
    writeFileSync(lockPath, `${pid}\n`);
    await open();
    expect(readFileSync(lockPath, 'utf8').trim()).toBe(String(process.pid));
  });

  it('takes over a lock naming this pid that this process does not hold (restart with the same pid)', async () => {
    writeFileSync(lockPath, `${process.pid}\n`);
    await open();
    expect(readFileSync(lockPath, 'utf8').trim()).toBe(String(process.pid));
  });

  it('a lock with unreadable content is respected while fresh and taken over when old', async () => {
    writeFileSync(lockPath, '');
    await expect(open()).rejects.toThrow('(pid unknown)');
    const old = new Date(Date.now() - 60_000);
    utimesSync(lockPath, old, old);
    await open();
    expect(readFileSync(lockPath, 'utf8').trim()).toBe(String(process.pid));
  });

  it('releases the lock when opening fails on a corrupt document', async () => {
    writeFileSync(testbedPath, '{');
    await expect(open()).rejects.toMatchObject({ code: 'STORE_CORRUPT' });
    expect(existsSync(lockPath)).toBe(false);
  });
});
