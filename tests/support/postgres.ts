/**
 * Vitest global set-up: a throwaway PostgreSQL cluster for the store tests.
 *
 * `initdb` into a fresh temp folder, `pg_ctl start` listening on 127.0.0.1 only (a free port, unix
 * sockets inside the temp folder, fsync off), a test role with a random password; the URL reaches
 * the tests as `TEST_STORE_URL`; the cluster is stopped and its folder removed at the end. PostgreSQL
 * refuses to run as root, so as root (CI) the server runs as the `postgres` user (or a system user
 * created for it) through `runuser`, with the temp folder owned by that user.
 *
 * With `TEST_STORE_URL` already set, that server is used and nothing is started. Missing PostgreSQL
 * binaries stop the run with the install line: these tests are never skipped.
 *
 * Tests get a database of their own with `freshDatabase()`.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './ports.js';

const INSTALL_LINE = 'apt-get install -y postgresql';
const DIR_PREFIX = 'tbm-pg-';
const TEST_ROLE = 'tbm_test';
/** Used when there is no `postgres` user to run the server as root. */
const FALLBACK_USER = 'tbm-postgres';

interface Runner {
  /** Runs a PostgreSQL program (as the unprivileged user when we are root). */
  run(program: string, args: string[]): string;
  /** The uid/gid that must own the cluster's folder, or null when it is ours. */
  owner: { uid: number; gid: number } | null;
}

/** The folder holding initdb, pg_ctl and postgres: Debian's newest version first, then the PATH. */
export function findPostgresBin(): string {
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((name) => /^\d+(\.\d+)?$/.test(name) && existsSync(join(debian, name, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions.length > 0) return join(debian, versions[0], 'bin');
  }
  try {
    const initdb = execFileSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).trim();
    if (initdb) return initdb.slice(0, initdb.lastIndexOf('/'));
  } catch {
    // not on the PATH either
  }
  throw new Error(`The store tests need PostgreSQL (initdb, pg_ctl) and it is not installed. Install with: sudo ${INSTALL_LINE}`);
}

function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

function userIds(name: string): { uid: number; gid: number } | null {
  try {
    const uid = Number(execFileSync('id', ['-u', name], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', name], { encoding: 'utf8' }).trim());
    return { uid, gid };
  } catch {
    return null;
  }
}

function runner(bin: string): Runner {
  if (!isRoot()) {
    return {
      owner: null,
      run: (program, args) => execFileSync(join(bin, program), args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }),
    };
  }
  let user = 'postgres';
  let owner = userIds(user);
  if (!owner) {
    user = FALLBACK_USER;
    owner = userIds(user);
    if (!owner) {
      execFileSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', user], { stdio: 'ignore' });
      owner = userIds(user);
    }
    if (!owner) throw new Error(`Could not find or create an unprivileged user to run PostgreSQL as (tried postgres and ${FALLBACK_USER}).`);
  }
  return {
    owner,
    run: (program, args) =>
      execFileSync('runuser', ['-u', user, '--', join(bin, program), ...args], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
        cwd: tmpdir(),
      }),
  };
}


function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === 'EPERM';
  }
}

/** Stops and removes clusters left by earlier test runs whose vitest process is gone (a killed run). */
function sweepAbandoned(run: Runner): void {
  for (const name of readdirSync(tmpdir()).filter((entry) => entry.startsWith(DIR_PREFIX))) {
    const dir = join(tmpdir(), name);
    let ownerPid: number;
    try {
      ownerPid = Number(readFileSync(join(dir, 'owner.pid'), 'utf8').trim());
    } catch {
      continue; // not one of ours, or still being set up
    }
    if (!Number.isInteger(ownerPid) || ownerPid <= 0 || isAlive(ownerPid)) continue;
    try {
      if (existsSync(join(dir, 'data', 'postmaster.pid'))) run.run('pg_ctl', ['stop', '-D', join(dir, 'data'), '-m', 'immediate', '-w']);
    } catch {
      // already stopped
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

interface Cluster {
  url: string;
  stop(): void;
}

function startCluster(bin: string): Promise<Cluster> {
  const run = runner(bin);
  sweepAbandoned(run);
  const dir = mkdtempSync(join(tmpdir(), DIR_PREFIX));
  // First of all, so a run killed at any later point leaves a folder the next run can judge.
  writeFileSync(join(dir, 'owner.pid'), `${process.pid}\n`);
  const data = join(dir, 'data');
  const password = randomBytes(18).toString('base64url');
  const passwordFile = join(dir, 'password');
  writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  if (run.owner) {
    chownSync(dir, run.owner.uid, run.owner.gid);
    chownSync(passwordFile, run.owner.uid, run.owner.gid);
  }
  chmodSync(dir, 0o755); // the vitest process (when root, not the owner) reads the log and owner.pid
  const stop = () => {
    try {
      if (existsSync(join(data, 'postmaster.pid'))) run.run('pg_ctl', ['stop', '-D', data, '-m', 'immediate', '-w']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  try {
    run.run('initdb', [
      '-D', data, '-U', TEST_ROLE, `--pwfile=${passwordFile}`, '--auth-local=trust', '--auth-host=scram-sha-256',
      '--encoding=UTF8', '--locale=C', '--no-sync',
    ]);
  } catch (error) {
    stop();
    throw new Error(`initdb failed: ${describeRun(error)}`);
  }
  rmSync(passwordFile, { force: true });
  return (async () => {
    let lastProblem = '';
    for (let attempt = 0; attempt < 3; attempt++) {
      const port = await freePort();
      const options = [
        "-c listen_addresses='127.0.0.1'", `-c port=${port}`, `-c unix_socket_directories='${dir}'`,
        '-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off', '-c max_connections=200',
      ].join(' ');
      try {
        run.run('pg_ctl', ['start', '-D', data, '-w', '-t', '60', '-l', join(dir, 'postgres.log'), '-o', options]);
        return { url: `postgres://${TEST_ROLE}:${password}@127.0.0.1:${port}/postgres`, stop };
      } catch (error) {
        // Most likely another process took the port meanwhile: try another one.
        lastProblem = `${describeRun(error)}\n${readLog(dir)}`;
      }
    }
    stop();
    throw new Error(`PostgreSQL did not start: ${lastProblem}`);
  })();
}

function describeRun(error: unknown): string {
  const stderr = (error as { stderr?: unknown }).stderr;
  return typeof stderr === 'string' && stderr.trim() ? stderr.trim() : error instanceof Error ? error.message : String(error);
}

function readLog(dir: string): string {
  try {
    return readFileSync(join(dir, 'postgres.log'), 'utf8').split('\n').slice(-15).join('\n');
  } catch {
    return '';
  }
}

export default async function setupPostgres(): Promise<(() => void) | undefined> {
  if (process.env.TEST_STORE_URL) return undefined;
  const cluster = await startCluster(findPostgresBin());
  process.env.TEST_STORE_URL = cluster.url;
  return () => {
    delete process.env.TEST_STORE_URL;
    cluster.stop();
  };
}

/* --------------------------------------------------------------------------------------------- */

/** The test cluster's URL (set by the global set-up). */
export function testStoreUrl(): string {
  const url = process.env.TEST_STORE_URL;
  if (!url) throw new Error('TEST_STORE_URL is not set: tests/support/postgres.ts must be in vitest globalSetup.');
  return url;
}

/** The same URL pointing at another database. */
export function withDatabase(url: string, database: string): string {
  const next = new URL(url);
  next.pathname = `/${database}`;
  return next.toString();
}

export interface FreshDatabase {
  url: string;
  name: string;
  /** Drops it, ending any connection still open to it. */
  drop(): Promise<void>;
}

/** A new, empty database on the test cluster. */
export async function freshDatabase(): Promise<FreshDatabase> {
  const admin = testStoreUrl();
  const name = `t_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    // FILE_COPY: much quicker than logging the whole template when fsync is off.
    await client.query(`CREATE DATABASE ${name} STRATEGY = FILE_COPY`);
  } finally {
    await client.end();
  }
  return {
    name,
    url: withDatabase(admin, name),
    async drop() {
      const dropper = new pg.Client({ connectionString: admin });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
