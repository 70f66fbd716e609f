/**
 * deploy/docker-compose.yml (two bots and PostgreSQL) checked against the real settings, the real
 * Dockerfile and a real health server. Docker is not available here: the file is read with a YAML
 * parser, its `${…}` references filled in the way Compose does, and each bot's environment goes
 * through the bot's own configuration loader.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parse as parseEnvFile } from 'dotenv';
import { parse as parseYaml } from 'yaml';
import { loadConfig } from '../src/config.js';
import { createHealthState, startHealthServer, type HealthServer } from '../src/health.js';
import { ROOT } from './support/bot-process.js';

interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile?: string };
  command?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
  ports?: string[];
  healthcheck?: { test: string[] };
}

const COMPOSE_DIR = join(ROOT, 'deploy');
const text = readFileSync(join(COMPOSE_DIR, 'docker-compose.yml'), 'utf8');
const compose = parseYaml(text, { merge: true }) as { services: Record<string, ComposeService> };
const services = compose.services;
const bots = Object.entries(services).filter(([, service]) => service.command?.includes('dist/main.js'));
const postgres = services.postgres;

/** What `deploy/.env` would hold. */
const DOT_ENV = { PLATFORM_ACCESS_TOKEN: 'compose-test-token', APPROVED_ROOMS: '*', TBM_DB_PASSWORD: 's3cret-pass_word' };

/** Compose's interpolation: `${NAME}`, `${NAME:?message}` (required) and `${NAME:-default}`. */
function interpolate(value: string, vars: Record<string, string>): string {
  return value.replace(/\$\{(\w+)(?::([?-])([^}]*))?\}/g, (_, name: string, kind?: string, rest?: string) => {
    if (vars[name] !== undefined) return vars[name];
    if (kind === '?') throw new Error(rest);
    return kind === '-' ? rest ?? '' : '';
  });
}

const envOf = (service: ComposeService, vars: Record<string, string> = DOT_ENV) =>
  Object.fromEntries(Object.entries(service.environment ?? {}).map(([key, value]) => [key, interpolate(String(value), vars)]));

/** The setting names the bot reads (every key of .env.example), plus the pg driver's TLS variable. */
const KNOWN_SETTINGS = new Set([...Object.keys(parseEnvFile(readFileSync(join(ROOT, '.env.example'), 'utf8'))), 'PGSSLMODE']);

/** The exec-form Dockerfile CMD of the last (runtime) stage. */
function dockerCmd(): string[] {
  const cmd = readFileSync(join(ROOT, 'Dockerfile'), 'utf8').split('\n').filter((line) => line.startsWith('CMD ')).at(-1) ?? '';
  return JSON.parse(cmd.slice(4)) as string[];
}

function run(command: string[], cwd: string): Promise<number> {
  const [file, ...args] = command;
  return new Promise((done) => {
    execFile(file === 'node' ? process.execPath : file, args, { cwd, timeout: 15_000 }, (error) =>
      done(error ? Number((error as { code?: number }).code ?? 1) : 0),
    );
  });
}

describe('deploy/docker-compose.yml', () => {
  let server: HealthServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('runs PostgreSQL and two bots built from this repository with the image entry point node dist/main.js', () => {
    expect(postgres?.image).toMatch(/^postgres:\d+/);
    expect(bots.map(([name]) => name)).toHaveLength(2);
    for (const [name, bot] of bots) {
      expect(bot.command, name).toEqual(['node', 'dist/main.js']);
      expect(bot.command).toEqual(dockerCmd());
      expect(resolve(COMPOSE_DIR, bot.build!.context, bot.build!.dockerfile ?? 'Dockerfile')).toBe(join(ROOT, 'Dockerfile'));
    }
  });

  it('sets only real settings, and each bot’s environment passes the bot’s own configuration check', () => {
    for (const [name, bot] of bots) {
      const env = envOf(bot);
      const unknown = Object.keys(env).filter((key) => !KNOWN_SETTINGS.has(key));
      expect(unknown, `${name} sets settings the bot does not read`).toEqual([]);
      const config = loadConfig(env, { cwd: COMPOSE_DIR });
      expect(config.storeUrl, name).toBeDefined();
      expect(config.health?.port).toBeGreaterThan(0);
      expect(config.api?.port).toBeGreaterThan(0);
    }
  });

  it('gives both bots the same STORE_URL, pointing at the postgres service with its user, password and database', () => {
    const urls = bots.map(([, bot]) => envOf(bot).STORE_URL);
    expect(new Set(urls).size).toBe(1);
    const url = new URL(urls[0]);
    const db = envOf(postgres);
    expect(url.hostname).toBe('postgres');
    expect(decodeURIComponent(url.username)).toBe(db.POSTGRES_USER);
    expect(decodeURIComponent(url.password)).toBe(db.POSTGRES_PASSWORD);
    expect(url.pathname).toBe(`/${db.POSTGRES_DB}`);
    // The password comes from deploy/.env, never from the committed file.
    expect(text).not.toContain(DOT_ENV.TBM_DB_PASSWORD);
    expect(() => envOf(bots[0][1], { ...DOT_ENV, TBM_DB_PASSWORD: undefined as unknown as string })).toThrow(/TBM_DB_PASSWORD/);
  });

  it('keeps each bot’s own files and host ports apart and shares the token file', () => {
    const dataVolumes = bots.map(([, bot]) => bot.volumes!.find((volume) => volume.endsWith(':/data')));
    expect(dataVolumes.every(Boolean)).toBe(true);
    expect(new Set(dataVolumes).size).toBe(2);
    const hostPorts = bots.flatMap(([, bot]) => (bot.ports ?? []).map((port) => port.split(':')[0]));
    expect(new Set(hostPorts).size).toBe(hostPorts.length);
    const tokens = bots.map(([, bot]) => envOf(bot).API_TOKENS_FILE);
    expect(new Set(tokens).size).toBe(1);
    for (const [, bot] of bots) expect(bot.volumes!.some((volume) => volume.includes(`:${tokens[0].slice(0, tokens[0].lastIndexOf('/'))}`))).toBe(true);
  });

  it('checks health on /health at the bot’s HEALTH_PORT: a connected leader and a standby with its database pass, others fail', async () => {
    for (const [name, bot] of bots) {
      const test = bot.healthcheck!.test;
      expect(test[0], name).toBe('CMD');
      const port = Number(envOf(bot).HEALTH_PORT);
      expect(test.join(' ')).toContain(`http://127.0.0.1:${port}/health`);
    }
    const [, bot] = bots[0];
    const command = bot.healthcheck!.test.slice(1);
    const state = createHealthState();
    server = await startHealthServer({ host: '127.0.0.1', port: 0, getStatus: state.getStatus });
    const onPort = command.map((part) => part.replace(`127.0.0.1:${envOf(bot).HEALTH_PORT}`, `127.0.0.1:${server!.port}`));
    expect(await run(onPort, ROOT)).toBe(1);
    state.setConnected(true);
    expect(await run(onPort, ROOT)).toBe(0);
    state.setConnected(false);
    state.setRole('standby', true);
    expect(await run(onPort, ROOT)).toBe(0);
    state.setRole('standby', false);
    expect(await run(onPort, ROOT)).toBe(1);
  });
});
