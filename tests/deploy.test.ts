/**
 * The deployment files checked against the real build and the real settings. Docker is not available
 * here, so nothing is built with it: the Dockerfile is read instruction by instruction, its runtime
 * stage is laid out in a temp folder and started with the image's own command, and the image's health
 * check runs against a real health server. The systemd unit is read the same way.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cp, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join, posix } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parse as parseEnvFile } from 'dotenv';
import { loadConfig } from '../src/config.js';
import { createHealthState, startHealthServer, type HealthServer } from '../src/health.js';
import { startEmulator } from '../src/platform/emulator/index.js';
import type { Emulator } from '../src/platform/emulator/api.js';
import { ROOT, startBotProcess, type BotProcess } from './support/bot-process.js';
import { until } from './support/wait.js';
import { freePort } from './support/ports.js';

interface Instruction {
  keyword: string;
  args: string;
}

/** Dockerfile instructions with line continuations joined and comments dropped, grouped by stage. */
function dockerStages(text: string): { from: string; name?: string; instructions: Instruction[] }[] {
  const args = new Map<string, string>();
  const stages: { from: string; name?: string; instructions: Instruction[] }[] = [];
  const logical = text.replace(/\\\n/g, ' ').split('\n').map((line) => line.trim()).filter((line) => line && !line.startsWith('#'));
  for (const line of logical) {
    const [, keyword, rest] = /^(\S+)\s+(.*)$/.exec(line) ?? [];
    const instruction = { keyword: keyword.toUpperCase(), args: rest.trim() };
    if (instruction.keyword === 'ARG' && stages.length === 0) {
      const [name, value = ''] = instruction.args.split('=');
      args.set(name, value);
    } else if (instruction.keyword === 'FROM') {
      const [image, as, name] = instruction.args.split(/\s+/);
      const from = image.replace(/\$\{(\w+)\}|\$(\w+)/g, (_, a: string, b: string) => args.get(a ?? b) ?? '');
      stages.push({ from, name: as?.toUpperCase() === 'AS' ? name : undefined, instructions: [] });
    } else {
      stages.at(-1)?.instructions.push(instruction);
    }
  }
  return stages;
}

/** ENV instructions in both forms (`ENV A=1 B=2` and the legacy `ENV A 1`). */
function envOf(instructions: Instruction[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const { args } of instructions.filter((i) => i.keyword === 'ENV')) {
    if (args.includes('=')) for (const [, name, value] of args.matchAll(/(\w+)=("[^"]*"|\S*)/g)) env[name] = value.replace(/^"|"$/g, '');
    else {
      const [name, ...value] = args.split(/\s+/);
      env[name] = value.join(' ');
    }
  }
  return env;
}

/** [Section] → key → every value (keys such as Environment= may repeat). */
function unitFile(text: string): Map<string, Map<string, string[]>> {
  const sections = new Map<string, Map<string, string[]>>();
  let current: Map<string, string[]> | undefined;
  for (const line of text.split('\n').map((l) => l.trim())) {
    if (!line || line.startsWith('#') || line.startsWith(';')) continue;
    const section = /^\[(.+)\]$/.exec(line);
    if (section) {
      current = new Map();
      sections.set(section[1], current);
      continue;
    }
    const [key, ...value] = line.split('=');
    current?.set(key, [...(current.get(key) ?? []), value.join('=')]);
  }
  return sections;
}

/** The setting names the bot documents and reads: every key of .env.example. */
const KNOWN_SETTINGS = new Set(Object.keys(parseEnvFile(readFileSync(join(ROOT, '.env.example'), 'utf8'))));
const REQUIRED = { PLATFORM_ACCESS_TOKEN: 'deploy-test-token', APPROVED_ROOMS: '*' };
/** The lean runtime settings production runs with (V8 and malloc, not the bot's settings). */
const RUNTIME_ENV = parseEnvFile(readFileSync(join(ROOT, 'deploy/runtime.env'), 'utf8'));

/** The V8 heap limit, in MiB, of a Node started with these environment variables. */
function heapLimitMiB(env: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['-p', "require('node:v8').getHeapStatistics().heap_size_limit / 1048576"],
      { env: { PATH: process.env.PATH ?? '', ...env }, timeout: 15_000 },
      (error, stdout, stderr) => (error ? reject(new Error(`node refused the settings: ${stderr}`)) : resolve(Number(stdout.trim()))),
    );
  });
}

const dockerfile = dockerStages(readFileSync(join(ROOT, 'Dockerfile'), 'utf8'));
const runtime = dockerfile.at(-1)!;
const build = dockerfile[0];
/** The stage whose node_modules the runtime stage copies: runtime dependencies only, native addons built. */
const deps = dockerfile.find((stage) => stage.name === 'deps');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
};
const unit = unitFile(readFileSync(join(ROOT, 'deploy/testbed-monitor.service'), 'utf8'));
const service = unit.get('Service') ?? new Map<string, string[]>();
const one = (key: string) => service.get(key)?.at(-1);

const dockerCommand = (keyword: 'CMD' | 'HEALTHCHECK'): string[] => {
  const args = runtime.instructions.filter((i) => i.keyword === keyword).at(-1)?.args ?? '';
  const json = /CMD\s+(\[.*\])$/.exec(args)?.[1] ?? (keyword === 'CMD' ? args : '');
  return JSON.parse(json) as string[];
};

/** Runs an exec-form command the way Docker would (`node` is this Node), resolving to its exit code. */
function runCommand(command: string[], env: Record<string, string>, cwd = ROOT): Promise<number> {
  const [file, ...args] = command;
  return new Promise((resolve) => {
    execFile(file === 'node' ? process.execPath : file, args, { cwd, env: { PATH: process.env.PATH ?? '', ...env }, timeout: 15_000 }, (error) =>
      resolve(error ? Number((error as { code?: number }).code ?? 1) : 0),
    );
  });
}

/** .dockerignore with its plain names, directory names and `*.ext` patterns, as the Dockerfile relies on them. */
function dockerIgnored(path: string): boolean {
  const patterns = readFileSync(join(ROOT, '.dockerignore'), 'utf8').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
  return patterns.some((pattern) => {
    if (pattern.startsWith('*')) return basename(path).endsWith(pattern.slice(1));
    if (pattern.endsWith('.*')) return basename(path).startsWith(pattern.slice(0, -1));
    return path === pattern || path.startsWith(`${pattern}/`);
  });
}

describe('Dockerfile', () => {
  it('builds in one stage and runs the compiled entry point with runtime dependencies only, as a non-root user', () => {
    expect(dockerfile.length).toBeGreaterThanOrEqual(2);
    for (const stage of dockerfile) expect(stage.from).toMatch(/^node:20[.-]/);
    const buildRuns = build.instructions.filter((i) => i.keyword === 'RUN').map((i) => i.args).join('\n');
    expect(buildRuns).toMatch(/npm ci\b/);
    expect(buildRuns).toMatch(/npm run build\b/);
    expect(pkg.scripts.build).toBe('node scripts/build.mjs');

    expect(deps, 'a deps stage').toBeDefined();
    const depsRuns = deps!.instructions.filter((i) => i.keyword === 'RUN').map((i) => i.args).join('\n');
    expect(depsRuns).toMatch(/npm ci\b[^\n&]*--omit=dev/);
    // The store's kernel lock is a native addon: it must be built, not skipped with the install scripts.
    expect(depsRuns).toMatch(/npm rebuild fs-ext\b/);
    expect(pkg.dependencies['fs-ext']).toBeDefined();
    expect(runtime.instructions.find((i) => i.keyword === 'COPY' && i.args.includes('--from=deps'))?.args).toMatch(/\/node_modules\s+\.\/node_modules$/);
    const runtimeRuns = runtime.instructions.filter((i) => i.keyword === 'RUN').map((i) => i.args).join('\n');
    expect(runtimeRuns).not.toMatch(/npm (ci|install)|npm run build|tsc\b/);
    expect(runtime.instructions.find((i) => i.keyword === 'COPY' && i.args.includes(`--from=${build.name}`))?.args).toMatch(/\/dist\s+\.\/dist$/);

    const cmd = dockerCommand('CMD');
    expect(cmd).toEqual(['node', 'dist/main.js']);
    expect(existsSync(join(ROOT, cmd[1]))).toBe(true);
    expect(pkg.scripts.start).toBe(`node ${cmd[1]}`);

    const keywords = runtime.instructions.map((i) => i.keyword);
    const user = runtime.instructions.filter((i) => i.keyword === 'USER').at(-1)?.args;
    expect(user).toBeDefined();
    expect(['root', '0']).not.toContain(user!.split(':')[0]);
    expect(keywords.lastIndexOf('USER')).toBeLessThan(keywords.lastIndexOf('CMD'));
  });

  it('copies only files that exist and are in the build context, and keeps secrets and data out of it', () => {
    const sources = dockerfile
      .flatMap((stage) => stage.instructions)
      .filter((i) => i.keyword === 'COPY' && !i.args.startsWith('--from'))
      .flatMap((i) => i.args.split(/\s+/).slice(0, -1));
    expect(sources).toEqual(expect.arrayContaining(['package.json', 'package-lock.json', 'src', 'tsconfig.build.json']));
    for (const source of sources) {
      expect(existsSync(join(ROOT, source)), source).toBe(true);
      expect(dockerIgnored(source), source).toBe(false);
    }
    for (const secretOrData of ['.env', '.env.production', 'testbeds.json', 'broadcast_rooms.json', 'feedback.log', 'node_modules', 'dist', '.sandbox-data', '.git']) {
      expect(dockerIgnored(secretOrData), secretOrData).toBe(true);
    }
  });

  it('sets only real settings, and the data paths it sets are what the bot uses, inside a volume the user owns', () => {
    const env = envOf(runtime.instructions);
    expect(env.NODE_ENV).toBe('production');
    for (const name of Object.keys(env).filter((n) => n !== 'NODE_ENV' && !(n in RUNTIME_ENV))) expect(KNOWN_SETTINGS, name).toContain(name);
    const config = loadConfig({ ...env, ...REQUIRED }, { cwd: '/app' });
    expect(config.testbedDbPath).toBe(env.TESTBED_DB_NAME);
    expect(config.broadcastDbPath).toBe(env.BROADCAST_DB_NAME);
    expect(config.feedbackLogPath).toBe(env.FEEDBACK_LOG);
    const volume = JSON.parse(runtime.instructions.find((i) => i.keyword === 'VOLUME')?.args ?? '[]') as string[];
    const user = runtime.instructions.filter((i) => i.keyword === 'USER').at(-1)!.args;
    for (const path of [config.testbedDbPath, config.broadcastDbPath, config.feedbackLogPath]) {
      const dir = posix.dirname(path);
      expect(volume, path).toContain(dir);
      expect(runtime.instructions.some((i) => i.keyword === 'RUN' && i.args.includes(`chown ${user}`) && i.args.includes(dir)), dir).toBe(true);
    }
  });

  it('runs with the lean runtime settings of deploy/runtime.env, and Node takes them', async () => {
    const env = envOf(runtime.instructions);
    expect(Object.keys(RUNTIME_ENV)).toEqual(expect.arrayContaining(['NODE_OPTIONS', 'MALLOC_ARENA_MAX']));
    for (const [name, value] of Object.entries(RUNTIME_ENV)) expect(env[name], name).toBe(value);
    const oldSpace = Number(/--max-old-space-size=(\d+)/.exec(RUNTIME_ENV.NODE_OPTIONS)?.[1]);
    expect(oldSpace).toBeGreaterThan(0);
    const plain = await heapLimitMiB({});
    const lean = await heapLimitMiB(RUNTIME_ENV);
    // The old generation's cap plus a young generation of a few MiB.
    expect(lean).toBeGreaterThanOrEqual(oldSpace);
    expect(lean).toBeLessThan(oldSpace + 32);
    expect(plain).toBeGreaterThan(lean);
  });

  it("health check: on /health at HEALTH_PORT, the bot's default port, exposed", () => {
    const script = dockerCommand('HEALTHCHECK').join(' ');
    const defaultPort = loadConfig(REQUIRED, { cwd: '/app' }).health?.port;
    expect(script).toContain('/health');
    expect(script).toContain(`process.env.HEALTH_PORT||${defaultPort}`);
    expect(runtime.instructions.find((i) => i.keyword === 'EXPOSE')?.args).toBe(String(defaultPort));
  });

  describe('health check command, run for real with node alone', () => {
    let server: HealthServer | undefined;
    afterEach(async () => {
      await server?.close();
      server = undefined;
    });

    it('passes while the bot is connected and fails while it is not or when nothing answers', async () => {
      const state = createHealthState();
      server = await startHealthServer({ host: '127.0.0.1', port: 0, getStatus: state.getStatus });
      const check = dockerCommand('HEALTHCHECK');
      expect(check[0]).toBe('node');
      const env = { HEALTH_PORT: String(server.port) };
      expect(await runCommand(check, env)).toBe(1);
      state.setConnected(true);
      expect(await runCommand(check, env)).toBe(0);
      await server.close();
      server = undefined;
      expect(await runCommand(check, env)).toBe(1);
    });
  });
});

describe("the runtime image's layout, started with the image's command", () => {
  let dir: string | undefined;
  let emu: Emulator | undefined;
  let bot: BotProcess | undefined;
  afterEach(async () => {
    bot?.kill('SIGKILL');
    bot = undefined;
    await emu?.stop();
    emu = undefined;
    if (dir) await rm(dir, { recursive: true, force: true });
    dir = undefined;
  });

  /** /app as the runtime stage leaves it: its COPY lines, the build's dist/, and installed packages. */
  async function imageApp(): Promise<string> {
    dir = await mkdtemp(join(tmpdir(), 'tbm-image-'));
    const app = join(dir, 'app');
    for (const copy of runtime.instructions.filter((i) => i.keyword === 'COPY')) {
      // The deps stage's node_modules: stood in for by this checkout's installed packages (linked below).
      if (copy.args.includes('--from=deps')) continue;
      const parts = copy.args.split(/\s+/).filter((part) => !part.startsWith('--'));
      const target = parts.at(-1)!;
      for (const source of parts.slice(0, -1)) {
        const local = copy.args.includes('--from=') ? join(ROOT, basename(source)) : join(ROOT, source);
        const to = target.endsWith('/') ? join(app, target, basename(source)) : join(app, target);
        await cp(local, to, { recursive: true });
      }
    }
    await symlink(join(ROOT, 'node_modules'), join(app, 'node_modules'), 'dir');
    return app;
  }

  it('refuses to start without settings under NODE_ENV=production, naming each one', async () => {
    const app = await imageApp();
    const env = { ...envOf(runtime.instructions), TESTBED_DB_NAME: join(dir!, 'testbeds.json'), SANDBOX_PORT: '0' };
    const run = startCommand(app, env);
    expect((await run.exited).code).toBe(1);
    expect(run.output()).toContain('Configuration error:');
    expect(run.output()).toMatch(/PLATFORM_ACCESS_TOKEN is required/);
    expect(run.output()).toMatch(/APPROVED_ROOMS is required/);
    expect(run.output()).not.toContain('sandbox');
    expect(existsSync(join(app, '.sandbox-data'))).toBe(false);
  });

  it('configured, connects, passes its own health check and stops with exit 0 on SIGTERM', async () => {
    const app = await imageApp();
    emu = await startEmulator();
    const account = emu.createBot({ displayName: 'Testbed Monitor', email: 'tbm@webex.bot' });
    // A port from this worker's own block, below the range the system gives out for port 0 (ports.ts).
    const healthPort = String(await freePort());
    const data = join(dir!, 'data');
    const env = {
      ...envOf(runtime.instructions),
      // What `docker run -e … -v …` would add: the settings, and data paths in a folder this test owns.
      TESTBED_DB_NAME: join(data, 'testbeds.json'),
      BROADCAST_DB_NAME: join(data, 'broadcast_rooms.json'),
      FEEDBACK_LOG: join(data, 'feedback.log'),
      PLATFORM_ACCESS_TOKEN: account.token,
      PLATFORM_API_URL: emu.restUrl,
      PLATFORM_DISCOVERY_URL: emu.discoveryUrl,
      APPROVED_ROOMS: '*',
      HEALTH_PORT: healthPort,
      HEALTH_HOST: '127.0.0.1',
    };
    const run = (bot = startCommand(app, env));
    const check = dockerCommand('HEALTHCHECK');
    await until(async () => run.exitCode() !== null || (await runCommand(check, { HEALTH_PORT: healthPort }, app)) === 0, {
      what: "the image's health check to pass",
      everyMs: 250,
    });
    expect(run.exitCode(), run.output()).toBeNull();
    expect(existsSync(join(data, 'testbeds.json'))).toBe(true);
    run.kill('SIGTERM');
    expect((await run.exited).code).toBe(0);
    expect(run.output()).not.toContain(account.token);
  });

  function startCommand(app: string, env: Record<string, string>): BotProcess {
    const [file, entry] = dockerCommand('CMD');
    expect(file).toBe('node');
    return startBotProcess(env, app, [], join(app, entry));
  }
});

describe('dist/ needs runtime dependencies only', () => {
  it('every package the compiled code imports or resolves is a runtime dependency or built into Node', () => {
    const files = readdirSync(join(ROOT, 'dist'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js') && !f.startsWith('sandbox/public'));
    expect(files).toContain('main.js');
    const specifiers = new Set<string>();
    for (const file of files) {
      const code = readFileSync(join(ROOT, 'dist', file), 'utf8');
      for (const [, spec] of code.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\brequire(?:\.resolve)?\(\s*)['"]([^'"./][^'"]*)['"]/g)) specifiers.add(spec);
    }
    const packages = [...specifiers].filter((spec) => !spec.startsWith('node:')).map((spec) => spec.split('/').slice(0, spec.startsWith('@') ? 2 : 1).join('/'));
    expect(packages).toContain('adaptivecards');
    for (const name of packages) expect(Object.keys(pkg.dependencies), name).toContain(name);
  });
});

describe('systemd unit', () => {
  it('runs the compiled entry point with node as a non-root user, in production, restarting on failure', () => {
    const [node, entry, ...rest] = (one('ExecStart') ?? '').split(/\s+/);
    expect(node).toMatch(/^\/\S*\/node$/);
    expect(rest).toEqual([]);
    expect(entry).toMatch(/^\/.+\/dist\/main\.js$/);
    expect(existsSync(join(ROOT, 'dist/main.js'))).toBe(true);
    expect(entry.endsWith(`/${dockerCommand('CMD')[1]}`)).toBe(true);
    expect(one('User')).toBeDefined();
    expect(['root', '0']).not.toContain(one('User'));
    expect(one('Restart')).toBe('on-failure');
    expect(service.get('Environment')).toContain('NODE_ENV=production');
    expect(one('EnvironmentFile')).toMatch(/^-?\//);
    // The lean runtime settings ship with the bot (deploy/ beside dist/), read before the site's own settings.
    const files = service.get('EnvironmentFile') ?? [];
    const home = posix.dirname(posix.dirname(entry));
    expect(files[0]).toBe(`${home}/deploy/runtime.env`);
    expect(existsSync(join(ROOT, 'deploy/runtime.env'))).toBe(true);
    expect(unit.get('Install')?.get('WantedBy')).toEqual(['multi-user.target']);
  });

  it('sets only real settings and keeps the data in its writable state directory', () => {
    const names = (service.get('Environment') ?? []).flatMap((value) => [...value.matchAll(/(?:^|\s)"?(\w+)=/g)].map((m) => m[1]));
    for (const name of names.filter((n) => n !== 'NODE_ENV')) expect(KNOWN_SETTINGS, name).toContain(name);
    const stateDir = `/var/lib/${one('StateDirectory')}`;
    expect(one('WorkingDirectory')).toBe(stateDir);
    expect(one('ProtectSystem')).toBe('strict');
    // With the defaults, every file the bot writes lands in the state directory, the only writable place.
    const config = loadConfig(REQUIRED, { cwd: stateDir });
    for (const path of [config.testbedDbPath, config.broadcastDbPath, config.feedbackLogPath]) expect(posix.dirname(path)).toBe(stateDir);
  });
});
