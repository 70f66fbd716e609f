/**
 * Several real bot processes (`node dist/main.js`) against one PostgreSQL database and the emulator
 * served from the test process: what a deployment with two instances looks like, on 127.0.0.1.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Emulator, EmuPerson } from '../../src/platform/emulator/api.js';
import { migrate, openPool } from '../../src/store/pg/index.js';
import { startBotProcess, type BotProcess } from './bot-process.js';
import { freePort } from './ports.js';
import { until } from './wait.js';

export interface Health {
  status: 'healthy' | 'unhealthy';
  role: 'leader' | 'standby';
  websocket_connected: boolean;
}

export interface Instance {
  name: string;
  process: BotProcess;
  healthPort: number;
  /** The HTTP API's base URL. */
  api: string;
  /** The health body, or undefined while the process does not answer. */
  health(): Promise<Health | undefined>;
  /** The value of the `testbed_monitor_leader` gauge. */
  leaderGauge(): Promise<number | undefined>;
  dir: string;
}

export interface InstanceSettings {
  emu: Emulator;
  bot: EmuPerson;
  approvedRooms: string[];
  storeUrl: string;
  tokensFile: string;
  extraEnv?: Record<string, string>;
}

/** Starts one bot process with its own folder (feedback log, API holds) and its own ports. */
export async function startInstance(name: string, settings: InstanceSettings, cleanups: (() => unknown)[]): Promise<Instance> {
  const dir = await mkdtemp(join(tmpdir(), `tbm-${name}-`));
  const healthPort = await freePort();
  const apiPort = await freePort();
  const run = startBotProcess(
    {
      PLATFORM_ACCESS_TOKEN: settings.bot.token,
      PLATFORM_API_URL: settings.emu.restUrl,
      PLATFORM_DISCOVERY_URL: settings.emu.discoveryUrl,
      APPROVED_ROOMS: settings.approvedRooms.join(','),
      STORE_URL: settings.storeUrl,
      STORE_POOL_SIZE: '4',
      HEALTH_PORT: String(healthPort),
      HEALTH_HOST: '127.0.0.1',
      API_PORT: String(apiPort),
      API_HOST: '127.0.0.1',
      API_TOKENS_FILE: settings.tokensFile,
      LOG_LEVEL: 'info',
      ...settings.extraEnv,
    },
    dir,
  );
  cleanups.push(async () => {
    run.kill('SIGKILL');
    await run.exited;
    await rm(dir, { recursive: true, force: true });
  });
  const health = async () => {
    try {
      const response = await fetch(`http://127.0.0.1:${healthPort}/health`, { signal: AbortSignal.timeout(2_000) });
      return (await response.json()) as Health;
    } catch {
      return undefined;
    }
  };
  const leaderGauge = async () => {
    try {
      const text = await (await fetch(`http://127.0.0.1:${healthPort}/metrics`, { signal: AbortSignal.timeout(2_000) })).text();
      const line = /^testbed_monitor_leader (\S+)$/m.exec(text);
      return line ? Number(line[1]) : undefined;
    } catch {
      return undefined;
    }
  };
  return { name, process: run, healthPort, api: `http://127.0.0.1:${apiPort}`, health, leaderGauge, dir };
}

/** Waits until the instance answers /health with this role and `healthy`. */
export async function untilRole(instance: Instance, role: Health['role'], timeoutMs = 20_000): Promise<void> {
  let last: Health | undefined;
  try {
    await until(
      async () => {
        if (instance.process.exitCode() !== null) throw new Error(`${instance.name} exited:\n${instance.process.output()}`);
        last = await instance.health();
        return last?.role === role && last.status === 'healthy';
      },
      { what: `${instance.name} to be a healthy ${role}`, timeoutMs, everyMs: 50 },
    );
  } catch (error) {
    const tail = instance.process.output().split('\n').slice(-25).join('\n');
    throw new Error(`${(error as Error).message}; last health ${JSON.stringify(last)}; its last lines:\n${tail}`);
  }
}

/** The schema, migrated, with `count` available testbeds lab-1 … lab-N. */
export async function seedTestbeds(url: string, count: number): Promise<void> {
  const pool = await openPool({ url, poolSize: 1 });
  try {
    await migrate(pool, url);
    for (let id = 1; id <= count; id++) {
      await pool.query("INSERT INTO testbeds (id, testbed_name, status) VALUES ($1, $2, 'available')", [id, `lab-${id}`]);
    }
  } finally {
    await pool.end();
  }
}

export interface HolderRow {
  id: number;
  status: string;
  user_email: string | null;
}

/** What the database says, read with a connection of the test's own. */
export async function query<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}
