/**
 * The emulator's own cost: its CPU per REST request and the floor's latency (bench/floor.ts: read
 * the card action, post the reply), with the bot's socket connected so every post also pushes an
 * activity, as in `npm run bench`. No bot process: the socket is a bare client that authorizes
 * and acknowledges nothing. Figures, never assertions.
 *
 *   node --import tsx bench/emulator-cpu.ts [--clients 50] [--rounds 40] [--runs 5] [--testbeds 60] [--root DIR] [--profile]
 *
 * `--root` starts `bench/emulator-server.ts` of another checkout (to compare two builds of the
 * emulator on the same load, alternating runs); `--profile` has the emulator write a CPU profile
 * to bench/profiles/ (summarise it with bench/profile-summary.ts). The reply is the status card
 * for `--testbeds` testbeds (60, as in `npm run bench`), or with 0 a short text without a card.
 */
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { WebSocket } from 'ws';
import { renderView } from '../src/app/render.js';
import { readFlags } from '../src/cli-args.js';
import { floorRounds } from './floor.js';
import { fleet } from './in-process.js';
import { cpuMs, ROOT } from './processes.js';
import type { EmulatorReady } from './protocol.js';

const USAGE = 'Usage: node --import tsx bench/emulator-cpu.ts [--clients N] [--rounds N] [--runs N] [--testbeds N] [--root DIR] [--profile]';

function whole(raw: string | undefined, fallback: number, name: string): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 10_000) {
    process.stderr.write(`--${name} must be a whole number from 1 to 10000 (got "${raw}").\n${USAGE}\n`);
    process.exit(2);
  }
  return value;
}

async function startEmulator(root: string, profileDir: string | undefined): Promise<{ ready: EmulatorReady; stop: () => Promise<void> }> {
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', join(root, 'bench/emulator-server.ts'), '--people', '1'], {
    cwd: root,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  const ready = await new Promise<EmulatorReady>((done, fail) => {
    lines.once('line', (line) => done(JSON.parse(line) as EmulatorReady));
    child.once('exit', (code) => fail(new Error(`the emulator exited (${code}) before it was ready`)));
  });
  return {
    ready,
    async stop() {
      const exited = new Promise((done) => child.once('exit', done));
      child.stdin.end('{"cmd":"stop"}\n');
      await exited;
    },
  };
}

/** Registers a device for the bot and keeps its socket open, as the bot does. */
async function connectBot(ready: EmulatorReady): Promise<WebSocket> {
  const response = await fetch(`${ready.url}/wdm/api/v1/devices`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ready.botToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ deviceName: 'bench', deviceType: 'DESKTOP', model: 'node', name: 'bench' }),
  });
  const device = (await response.json()) as { webSocketUrl: string };
  const ws = new WebSocket(device.webSocketUrl);
  await new Promise<void>((done, fail) => {
    ws.once('error', fail);
    ws.once('open', () => {
      ws.send(JSON.stringify({ id: 'auth', type: 'authorization', data: { token: `Bearer ${ready.botToken}` } }));
      ws.once('message', () => done());
    });
  });
  return ws;
}

const percentile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
};

async function main(): Promise<void> {
  const flags = readFlags(process.argv.slice(2), {
    clients: { type: 'string' },
    rounds: { type: 'string' },
    runs: { type: 'string' },
    root: { type: 'string' },
    testbeds: { type: 'string' },
    profile: { type: 'boolean' },
  });
  if (!flags.ok) {
    process.stderr.write(`${flags.problem}\n${USAGE}\n`);
    process.exit(2);
  }
  const clients = whole(flags.values.clients, 50, 'clients');
  const rounds = whole(flags.values.rounds, 40, 'rounds');
  const runs = whole(flags.values.runs, 5, 'runs');
  const testbeds = flags.values.testbeds === '0' ? 0 : whole(flags.values.testbeds, 60, 'testbeds');
  const root = flags.values.root ? resolve(flags.values.root) : ROOT;

  const now = Date.now();
  const rendered = renderView({ kind: 'status' }, { botName: 'Testbed Monitor', testbeds: fleet(testbeds, now), now: new Date(now).toISOString(), timeZone: 'Europe/Berlin' });
  // --testbeds 0: a short text reply, no card (the emulator's cost apart from the card's size).
  const reply = testbeds === 0 ? { text: 'Released: lab-1' } : { text: rendered.text, attachments: [{ contentType: 'application/vnd.microsoft.card.adaptive', content: rendered.card }] };

  const profileDir = flags.values.profile === true ? join(ROOT, 'bench/profiles') : undefined;
  const emu = await startEmulator(root, profileDir);
  const ws = await connectBot(emu.ready);
  let pushed = 0;
  ws.on('message', () => pushed++);
  const target = { restUrl: emu.ready.restUrl, token: emu.ready.botToken, ...emu.ready.floor };
  try {
    await floorRounds(target, reply, clients, 10); // warm-up
    for (let run = 0; run < runs; run++) {
      const before = cpuMs(emu.ready.pid);
      const times = await floorRounds(target, reply, clients, rounds);
      const cpu = cpuMs(emu.ready.pid) - before;
      const requests = times.length * 2;
      process.stdout.write(
        `${JSON.stringify({ root, clients, cardBytes: testbeds === 0 ? 0 : Buffer.byteLength(JSON.stringify(rendered.card)), requests, emulatorCpuMsPerRequest: Number((cpu / requests).toFixed(3)), p50: Number(percentile(times, 0.5).toFixed(1)), p99: Number(percentile(times, 0.99).toFixed(1)), pushed })}\n`,
      );
    }
  } finally {
    ws.close();
    await emu.stop();
  }
}

await main();
