/**
 * Leader election against the real test cluster, in real time with short intervals: one leader of
 * two, a killed connection, a connection gone silent, a clean stop, and a database that comes late.
 * Waits are "eventually, within N seconds" (vi.waitFor); nothing asserts a speed.
 */
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLeaderElector, LEADER_LOCK, type LeaderElector, type LeaderOptions } from '../../../src/store/pg/index.js';
import { freshDatabase, testStoreUrl } from '../../support/postgres.js';
import { startTcpProxy } from '../../support/tcp-proxy.js';

const FAST = { pollMs: 100, retryMs: 100, pingMs: 200, pingTimeoutMs: 400, sessionTimeoutMs: 1_500, connectTimeoutMs: 2_000 } as const;
const EVENTUALLY = { timeout: 8_000, interval: 20 };

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Everything the electors of the running test said, in order: "a:leader", "b:standby". */
let said: string[] = [];
beforeEach(() => {
  said = [];
});

interface Named {
  name: string;
  elector: LeaderElector;
  reasons: string[];
  warnings: string[];
}

function elector(name: string, url: string, options: Partial<LeaderOptions> = {}): Named {
  const warnings: string[] = [];
  const made = createLeaderElector({
    url,
    ...FAST,
    ...options,
    logger: { info: () => undefined, warn: (fields, message) => warnings.push(`${message} ${JSON.stringify(fields)}`) },
  });
  const reasons: string[] = [];
  const log = said; // this test's list, not the next one's
  made.onChange((role, reason) => {
    log.push(`${name}:${role}`);
    if (role === 'standby') reasons.push(reason);
  });
  cleanups.push(() => made.stop());
  return { name, elector: made, reasons, warnings };
}

async function database(): Promise<{ url: string; admin: pg.Client; port: number }> {
  const db = await freshDatabase();
  const admin = new pg.Client({ connectionString: db.url });
  await admin.connect();
  cleanups.push(() => db.drop());
  cleanups.push(() => admin.end());
  return { url: db.url, admin, port: Number(new URL(db.url).port) };
}

/** The server processes holding the leader lock right now. */
async function lockHolders(admin: pg.Client): Promise<number[]> {
  const { rows } = await admin.query<{ pid: number }>(
    `SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted AND classid = $1 AND objid = $2 AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    [LEADER_LOCK[0], LEADER_LOCK[1]],
  );
  return rows.map((row) => row.pid);
}

const leaders = (...all: Named[]) => all.filter((n) => n.elector.role === 'leader');

describe('leader election', () => {
  it('makes exactly one of two instances the leader, holding the lock on its own connection', async () => {
    const { url, admin } = await database();
    const a = elector('a', url);
    const b = elector('b', url);
    a.elector.start();
    b.elector.start();
    await vi.waitFor(() => expect(leaders(a, b)).toHaveLength(1), EVENTUALLY);
    const [leader] = leaders(a, b);
    const standby = leader === a ? b : a;
    await vi.waitFor(() => expect(standby.elector.backendPid).not.toBeNull(), EVENTUALLY);
    expect(await lockHolders(admin)).toEqual([leader.elector.backendPid]);
    expect(standby.elector.role).toBe('standby');
    expect(said).toEqual([`${leader.name}:leader`]);
  });

  it('steps a leader down at once when its connection is killed, and the standby takes over', async () => {
    const { url, admin } = await database();
    // a waits a while before competing again, so the lock goes to the standby that was polling.
    const a = elector('a', url, { retryMs: 2_000 });
    a.elector.start();
    await vi.waitFor(() => expect(a.elector.role).toBe('leader'), EVENTUALLY);
    const b = elector('b', url);
    b.elector.start();
    await vi.waitFor(() => expect(b.elector.backendPid).not.toBeNull(), EVENTUALLY);
    const killed = a.elector.backendPid;

    await admin.query('SELECT pg_terminate_backend($1)', [killed]);

    await vi.waitFor(() => expect(b.elector.role).toBe('leader'), EVENTUALLY);
    // a heard its step-down before b was elected, and never led again.
    expect(said).toEqual(['a:leader', 'a:standby', 'b:leader']);
    // Noticed from the connection itself (or the query in flight on it), not from a time-out.
    expect(a.reasons[0]).toMatch(/^(the connection (failed|ended)|a keep-alive query failed)/);
    // a comes back as a standby on a new connection.
    await vi.waitFor(() => expect(a.elector.backendPid).not.toBeNull(), EVENTUALLY);
    expect(a.elector.backendPid).not.toBe(killed);
    expect(a.elector.role).toBe('standby');
    expect(await lockHolders(admin)).toEqual([b.elector.backendPid]);
  });

  it('steps a leader down when its connection goes silent, and the server frees the lock for the standby', async () => {
    const { url, admin, port } = await database();
    const proxy = await startTcpProxy(port);
    cleanups.push(() => proxy.close());
    const viaProxy = new URL(url);
    viaProxy.port = String(proxy.port);
    const a = elector('a', viaProxy.toString());
    a.elector.start();
    await vi.waitFor(() => expect(a.elector.role).toBe('leader'), EVENTUALLY);
    const b = elector('b', url);
    b.elector.start();
    await vi.waitFor(() => expect(b.elector.backendPid).not.toBeNull(), EVENTUALLY);

    // a's network is gone: nothing passes either way on its connection, nothing is closed, and it
    // cannot connect again.
    proxy.freeze();
    proxy.refuse(true);

    await vi.waitFor(() => expect(a.elector.role).not.toBe('leader'), EVENTUALLY);
    expect(a.reasons[0]).toMatch(/keep-alive/);
    await vi.waitFor(() => expect(b.elector.role).toBe('leader'), EVENTUALLY);
    expect(said.slice(0, 3)).toEqual(['a:leader', 'a:standby', 'b:leader']);
    expect(await lockHolders(admin)).toEqual([b.elector.backendPid]);
  });

  it('gives the lock back on stop, so the standby leads without waiting for a time-out', async () => {
    const { url, admin } = await database();
    const a = elector('a', url, { sessionTimeoutMs: 60_000 });
    a.elector.start();
    await vi.waitFor(() => expect(a.elector.role).toBe('leader'), EVENTUALLY);
    const b = elector('b', url);
    b.elector.start();
    await vi.waitFor(() => expect(b.elector.backendPid).not.toBeNull(), EVENTUALLY);

    await a.elector.stop();

    expect(a.elector.role).toBe('stopped');
    expect(a.reasons).toEqual(['stopping']);
    await vi.waitFor(() => expect(b.elector.role).toBe('leader'), EVENTUALLY);
    const { rows } = await admin.query(`SELECT pid FROM pg_stat_activity WHERE application_name = 'testbed-monitor-leader' AND datname = current_database()`);
    expect(rows.map((row) => row.pid)).toEqual([b.elector.backendPid]);
  });

  it('keeps trying while the database is unreachable, without the password in its warnings, and leads once it is back', async () => {
    const { url, port } = await database();
    const proxy = await startTcpProxy(port);
    cleanups.push(() => proxy.close());
    proxy.refuse(true);
    const viaProxy = new URL(url);
    viaProxy.port = String(proxy.port);
    const password = decodeURIComponent(viaProxy.password);
    const a = elector('a', viaProxy.toString());
    a.elector.start();
    await vi.waitFor(() => expect(a.warnings.length).toBeGreaterThan(0), EVENTUALLY);
    expect(a.elector.role).toBe('standby');
    expect(a.warnings[0]).toMatch(/cannot reach the database/);
    expect(a.warnings[0]).toContain(`127.0.0.1:${proxy.port}`);
    expect(a.warnings.join('\n')).not.toContain(password);

    proxy.refuse(false);

    await vi.waitFor(() => expect(a.elector.role).toBe('leader'), EVENTUALLY);
  });

  it('refuses a session time-out that would let a cut-off leader overlap with the next one', () => {
    expect(() => createLeaderElector({ url: testStoreUrl(), pingMs: 2_000, pingTimeoutMs: 3_000, sessionTimeoutMs: 5_000 })).toThrow(
      /sessionTimeoutMs must be longer/,
    );
  });
});
