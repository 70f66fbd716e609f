/**
 * What the production process loads. A plain chat bot (JSON files, no API, no PostgreSQL, no
 * recording, no inspector) must not load the optional parts: they cost memory in every deployment
 * that does not use them. A probe preloaded into the real process (`node --import
 * tests/support/module-probe.mjs dist/main.js`) writes down every module it imports.
 */
import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT, builtBotLab } from '../support/bot-process.js';
import { seenCard } from '../support/card-text.js';
import { freePort } from '../support/ports.js';
import { until } from '../support/wait.js';

const PROBE = join(ROOT, 'tests/support/module-probe.mjs');

/** Packages that only some settings need: the HTTP API, PostgreSQL, the inspector, the CLI's client, the sandbox's card renderer. */
const OPTIONAL_PACKAGES = ['fastify', '@fastify/swagger', 'pg', '@statelyai/inspect', 'got', 'adaptivecards'];
/** Our own optional parts, as paths under dist/. */
const OPTIONAL_MODULES = ['api/', 'store/pg/index.js', 'store/pg/store.js', 'store/pg/leader.js', 'sandbox/', 'platform/emulator/', 'app/recorder.js', 'replay/', 'app/digest-scheduler.js'];

interface Loaded {
  packages: Set<string>;
  /** Paths under dist/. */
  modules: Set<string>;
}

async function loadedBy(file: string): Promise<Loaded> {
  const urls = (await readFile(file, 'utf8')).split('\n').filter((line) => line.startsWith('file:'));
  const packages = new Set<string>();
  const modules = new Set<string>();
  for (const url of urls) {
    const path = fileURLToPath(url);
    const inPackage = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(path);
    if (inPackage) packages.add(inPackage[1]);
    else if (path.startsWith(join(ROOT, 'dist/'))) modules.add(relative(join(ROOT, 'dist'), path));
  }
  return { packages, modules };
}

const loads = (loaded: Loaded, module: string) => [...loaded.modules].some((path) => (module.endsWith('/') ? path.startsWith(module) : path === module));

describe('the production process loads only what its settings use', () => {
  const lab = builtBotLab('tbm-lean-');
  afterEach(() => lab.stop());

  async function startBot(extra: Record<string, string>) {
    const healthPort = await freePort();
    const { run: process, dir, emu, bot, ada, room } = await lab.start(
      (folder) => ({ HEALTH_PORT: String(healthPort), HEALTH_HOST: '127.0.0.1', MODULE_PROBE_FILE: join(folder, 'modules.txt'), ...extra }),
      ['--import', PROBE],
    );
    const probeFile = join(dir, 'modules.txt');
    const healthy = async () => {
      try {
        return ((await (await fetch(`http://127.0.0.1:${healthPort}/health`)).json()) as { status?: string }).status === 'healthy';
      } catch {
        return false;
      }
    };
    await until(async () => process.exitCode() !== null || (await healthy()), { what: 'a healthy bot' });
    expect(process.exitCode(), process.output()).toBeNull();
    // A conversation, so the reply path has run too.
    const since = emu.messageCount();
    emu.say({ personId: ada.id, roomId: room.id, text: 'testbed', mentions: [bot.id] });
    const reply = await emu.waitForMessage((m) => m.personId === bot.id, { since, timeoutMs: 10_000 });
    expect(seenCard(reply).texts).toContain('What would you like to do? Type help to see every command.');
    const metrics = await (await fetch(`http://127.0.0.1:${healthPort}/metrics`)).text();
    expect(metrics).toMatch(/^testbed_monitor_events_handled_total\{type="message",outcome="dispatched"\} 1$/m);
    return { process, probeFile };
  }

  it('a plain chat bot: no HTTP API, no PostgreSQL driver, no inspector, no recorder, no sandbox', async () => {
    const { process, probeFile } = await startBot({});
    process.kill('SIGTERM');
    expect((await process.exited).code).toBe(0);
    const loaded = await loadedBy(probeFile);
    // The probe does see what the bot uses.
    for (const used of ['xstate', 'ws', 'pino', 'prom-client', 'lowdb', 'yup']) expect(loaded.packages, used).toContain(used);
    expect(loaded.modules).toContain('app/create-app.js');
    expect(loaded.modules).toContain('store/index.js');
    for (const name of OPTIONAL_PACKAGES) expect(loaded.packages, name).not.toContain(name);
    for (const module of OPTIONAL_MODULES) expect(loads(loaded, module), module).toBe(false);
  });

  it('with API_PORT set, loads the HTTP API and serves it', async () => {
    const apiPort = await freePort();
    const { process, probeFile } = await startBot({ API_PORT: String(apiPort), API_HOST: '127.0.0.1' });
    const openApi = await fetch(`http://127.0.0.1:${apiPort}/api/v1/openapi.json`);
    expect(openApi.status).toBe(200);
    expect(((await openApi.json()) as { openapi?: string }).openapi).toMatch(/^3\./);
    process.kill('SIGTERM');
    expect((await process.exited).code).toBe(0);
    const loaded = await loadedBy(probeFile);
    expect(loaded.packages).toContain('fastify');
    expect(loaded.packages).toContain('@fastify/swagger');
    expect(loads(loaded, 'api/')).toBe(true);
    // Still no PostgreSQL driver on the JSON store.
    expect(loaded.packages).not.toContain('pg');
  });
});
