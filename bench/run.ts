/**
 * `npm run bench`: figures, never assertions. The bot runs as production runs it (`node dist/main.js`,
 * NODE_ENV=production, LOG_LEVEL=info) against the emulator in another process, whose simulated
 * people click the bot's cards. Prints a table and writes bench/results.json:
 *
 * 1. reply latency (click → reply at the platform) for status, register and release, one person
 *    at a time and 50 people at once, next to the floor: the same REST round trips over bare
 *    keep-alive connections against the same emulator;
 * 2. replies per second at saturation and the bot's CPU per reply (/proc/<pid>/stat);
 * 3. the production process's peak RSS (VmHWM) with 1,000 testbeds after 10,000 handled events;
 * 4. heap per idle conversation with 10,000 of them (a probe preloaded for this run only);
 * 5. status reply build time and size at 10, 1,000 and 10,000 testbeds;
 * 6. durable store mutations per second at 10, 1,000 and 10,000 testbeds;
 * 7. the usage report at a year of history for 200 testbeds: reading the 7- and 30-day windows,
 *    computing the figures and building the card (bench/report.ts);
 * 8. the HTTP API's latency for a hold and a release (bench/api.ts);
 * 9. the store on PostgreSQL next to the JSON file: mutations per second at 10, 1,000 and 10,000
 *    testbeds and booking latency (bench/postgres.ts; skipped, with the reason, without a server).
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parse as parseEnv } from 'dotenv';
import { fileURLToPath } from 'node:url';
import { durableWrites, floorRounds, type FloorTarget } from './floor.js';
import { fleet, statusBuild, storeMutations, type StatusBuild, type StoreFigures } from './in-process.js';
import { reportBench, type ReportFigures } from './report.js';
import { cpuMs, ROOT, scrape, startBotProcess, startEmulatorProcess, vm, type BotProcess, type EmulatorProcess } from './processes.js';
import type { RunResult, StepKind } from './protocol.js';
import { readFlags } from '../src/cli-args.js';
import { apiLatency } from './api.js';
import { postgresBench, type PostgresFigures } from './postgres.js';

const MiB = 1024 * 1024;
const round = (value: number, digits = 2) => Number(value.toFixed(digits));

interface Percentiles {
  p50: number;
  p95: number;
  p99: number;
  n: number;
}

function percentiles(values: number[]): Percentiles {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
  return { p50: round(at(0.5)), p95: round(at(0.95)), p99: round(at(0.99)), n: sorted.length };
}

interface LatencyRow {
  action: 'status' | 'register' | 'release';
  mode: 'sequential' | '50 concurrent';
  bot: Percentiles;
  floor: Percentiles;
  ratioP50: number;
  ratioP99: number;
  /** Register and release also wait for their durable writes (document and history line): p50 against floor p50 + disk p50. */
  ratioP50WithWrite?: number;
}

interface Throughput {
  run: string;
  replies: number;
  repliesPerSecond: number;
  cpuMsPerReply: number;
  /** Reply latency p50 over every click of the run. */
  p50Ms: number;
}

const p50Of = (result: RunResult) => percentiles(Object.values(result.latencies).flat()).p50;

/** Every code path once per person, so the figures that follow are of warm code. */
async function warmUp(emu: EmulatorProcess, crowd: number[]): Promise<void> {
  checked(await emu.run({ users: crowd, concurrency: PEOPLE, rounds: 5, steps: ['menu', 'status', 'register', 'release'] }), 'warm-up');
}

/** A person's settings for the bot: the emulator's URLs, approved rooms, documents in `dir`. */
function botEnv(emu: EmulatorProcess, dir: string): Record<string, string> {
  return {
    PLATFORM_ACCESS_TOKEN: emu.ready.botToken,
    PLATFORM_API_URL: emu.ready.restUrl,
    PLATFORM_DISCOVERY_URL: emu.ready.discoveryUrl,
    APPROVED_ROOMS: emu.ready.roomIds.join(','),
    TESTBED_DB_NAME: join(dir, 'testbeds.json'),
    BROADCAST_DB_NAME: join(dir, 'broadcast_rooms.json'),
    FEEDBACK_LOG: join(dir, 'feedback.log'),
    LOG_LEVEL: 'info',
  };
}

async function withWorld<T>(
  options: { people: number; sharedRooms?: number; testbeds: number; freeFirst: number; heapProbe?: boolean; env?: Record<string, string> },
  body: (emu: EmulatorProcess, bot: BotProcess) => Promise<T>,
): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'tbm-bench-'));
  const args = ['--people', String(options.people), ...(options.sharedRooms ? ['--shared-rooms', String(options.sharedRooms)] : [])];
  const emu = await startEmulatorProcess(args);
  try {
    await writeFile(join(dir, 'testbeds.json'), JSON.stringify({ testbeds: fleet(options.testbeds, Date.now(), options.freeFirst) }, null, 2));
    await writeFile(join(dir, 'broadcast_rooms.json'), JSON.stringify({ broadcast_rooms: [] }, null, 2));
    const bot = await startBotProcess({ ...botEnv(emu, dir), ...options.env }, { heapProbe: options.heapProbe, profileDir });
    try {
      return await body(emu, bot);
    } finally {
      await bot.stop();
    }
  } finally {
    await emu.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

function checked(result: RunResult, what: string): RunResult {
  if (result.timeouts > 0 || result.unexpected > 0) {
    process.stderr.write(`warning: ${what}: ${result.timeouts} clicks got no reply, ${result.unexpected} replies were not the expected card\n`);
  }
  return result;
}

/** Runs clicks and reports throughput and the bot's CPU per reply over that run. */
async function measured(emu: EmulatorProcess, bot: BotProcess, what: string, command: Parameters<EmulatorProcess['run']>[0]) {
  const cpuBefore = cpuMs(bot.pid);
  const result = checked(await emu.run(command), what);
  const cpu = cpuMs(bot.pid) - cpuBefore;
  const throughput: Throughput = {
    run: what,
    replies: result.replies,
    repliesPerSecond: round(result.replies / (result.elapsedMs / 1000), 0),
    cpuMsPerReply: round(cpu / Math.max(1, result.replies), 3),
    p50Ms: p50Of(result),
  };
  return { result, throughput };
}

/** REST requests the bot made during `work`, per reply, by method and route. */
async function restCallsPerReply(bot: BotProcess, work: () => Promise<RunResult>): Promise<{ result: RunResult; calls: Record<string, number> }> {
  const before = await scrape(bot);
  const result = await work();
  const after = await scrape(bot);
  const calls: Record<string, number> = {};
  for (const [key, value] of after) {
    if (!key.startsWith('rest_requests_total{')) continue;
    const delta = value - (before.get(key) ?? 0);
    if (delta <= 0) continue;
    const method = /method="([^"]+)"/.exec(key)?.[1];
    const route = /route="([^"]+)"/.exec(key)?.[1];
    calls[`${method} ${route}`] = round(delta / Math.max(1, result.replies), 3);
  }
  return { result, calls };
}

const PEOPLE = 50;
/** Where the bot processes write CPU profiles (`--profile`); none when unset. */
let profileDir: string | undefined;

function merged(results: RunResult[]): RunResult {
  const out: RunResult = { latencies: {}, elapsedMs: 0, replies: 0, timeouts: 0, unexpected: 0, samples: {} };
  for (const result of results) {
    for (const [kind, values] of Object.entries(result.latencies) as [StepKind, number[]][]) (out.latencies[kind] ??= []).push(...values);
    for (const [kind, sample] of Object.entries(result.samples) as [StepKind, RunResult['samples'][StepKind]][]) out.samples[kind] ??= sample;
    out.elapsedMs += result.elapsedMs;
    out.replies += result.replies;
    out.timeouts += result.timeouts;
    out.unexpected += result.unexpected;
  }
  return out;
}

/**
 * Runs `chunks` times: the bot's clicks, then `between` (the floor for the same calls), so both
 * see the same machine load. Throughput and CPU count the bot's clicks only.
 */
async function interleaved(
  emu: EmulatorProcess,
  bot: BotProcess,
  what: string,
  chunks: number,
  command: Parameters<EmulatorProcess['run']>[0],
  between: (latest: RunResult) => Promise<void>,
): Promise<{ result: RunResult; throughput: Throughput }> {
  const results: RunResult[] = [];
  let cpu = 0;
  for (let chunk = 0; chunk < chunks; chunk++) {
    const before = cpuMs(bot.pid);
    results.push(checked(await emu.run(command), what));
    cpu += cpuMs(bot.pid) - before;
    await between(results[results.length - 1]);
  }
  const result = merged(results);
  return {
    result,
    throughput: {
      run: what,
      replies: result.replies,
      repliesPerSecond: round(result.replies / (result.elapsedMs / 1000), 0),
      cpuMsPerReply: round(cpu / Math.max(1, result.replies), 3),
      p50Ms: p50Of(result),
    },
  };
}

async function latencyAndSaturation() {
  // Person 0 clicks alone; people 1–50 click together. Person i books testbed i + 1.
  const testbeds = 60;
  return withWorld({ people: PEOPLE + 1, testbeds, freeFirst: PEOPLE + 1 }, async (emu, bot) => {
    const target: FloorTarget = { restUrl: emu.ready.restUrl, token: emu.ready.botToken, ...emu.ready.floor };
    const crowd = Array.from({ length: PEOPLE }, (_, i) => i + 1);
    const fileBytes = Buffer.byteLength(`${JSON.stringify({ testbeds: fleet(testbeds, Date.now(), PEOPLE + 1) }, null, 2)}\n`);
    await warmUp(emu, crowd);

    const floors = new Map<string, number[]>();
    const floorOf = (key: string) => floors.get(key) ?? (floors.set(key, []), floors.get(key)!);
    const floorFor = (key: string, kind: StepKind, clients: number, rounds: number) => async (latest: RunResult) => {
      floorOf(key).push(...(await floorRounds(target, latest.samples[kind] ?? {}, clients, rounds)));
    };
    const disk: number[] = [];

    const seqStatus = await restCallsPerReply(bot, async () =>
      (await interleaved(emu, bot, 'sequential status', 6, { users: [0], concurrency: 1, rounds: 50, steps: ['status'] }, floorFor('status sequential', 'status', 1, 25))).result,
    );
    const seqBooking = await restCallsPerReply(bot, async () =>
      (
        await interleaved(emu, bot, 'sequential register/release', 6, { users: [0], concurrency: 1, rounds: 25, steps: ['register', 'release'] }, async (latest) => {
          await floorFor('register sequential', 'register', 1, 25)(latest);
          await floorFor('release sequential', 'release', 1, 25)(latest);
          disk.push(...(await durableWrites(fileBytes, 25)));
        })
      ).result,
    );
    const status50 = await interleaved(emu, bot, 'status, 50 people', 3, { users: crowd, concurrency: PEOPLE, rounds: 10, steps: ['status'] }, floorFor('status 50', 'status', PEOPLE, 4));
    const menu50 = await measured(emu, bot, 'menu, 50 people', { users: crowd, concurrency: PEOPLE, rounds: 30, steps: ['menu'] });
    const booking50 = await interleaved(emu, bot, 'register + release, 50 people', 3, { users: crowd, concurrency: PEOPLE, rounds: 4, steps: ['register', 'release'] }, async (latest) => {
      await floorFor('register 50', 'register', PEOPLE, 2)(latest);
      await floorFor('release 50', 'release', PEOPLE, 2)(latest);
    });

    const write = percentiles(disk);
    const rows: LatencyRow[] = [];
    const row = (action: LatencyRow['action'], mode: LatencyRow['mode'], latencies: number[] | undefined, floorKey: string) => {
      const botFigures = percentiles(latencies ?? []);
      const floorFigures = percentiles(floorOf(floorKey));
      const books = action !== 'status';
      rows.push({
        action,
        mode,
        bot: botFigures,
        floor: floorFigures,
        ratioP50: round(botFigures.p50 / floorFigures.p50),
        ratioP99: round(botFigures.p99 / floorFigures.p99),
        ...(books ? { ratioP50WithWrite: round(botFigures.p50 / (floorFigures.p50 + write.p50)) } : {}),
      });
    };
    row('status', 'sequential', seqStatus.result.latencies.status, 'status sequential');
    row('register', 'sequential', seqBooking.result.latencies.register, 'register sequential');
    row('release', 'sequential', seqBooking.result.latencies.release, 'release sequential');
    row('status', '50 concurrent', status50.result.latencies.status, 'status 50');
    row('register', '50 concurrent', booking50.result.latencies.register, 'register 50');
    row('release', '50 concurrent', booking50.result.latencies.release, 'release 50');
    return {
      rows,
      durableWrite: { fileBytes, ...write },
      throughput: [status50.throughput, menu50.throughput, booking50.throughput],
      restCallsPerReply: { status: seqStatus.calls, 'register + release': seqBooking.calls },
    };
  });
}

/**
 * The same 50-people runs with the bot under the runtime settings production ships (deploy/runtime.env):
 * what the lean V8 heap costs in CPU and latency next to plain node above.
 */
async function saturationWithSettings(settings: Record<string, string>): Promise<Throughput[]> {
  return withWorld({ people: PEOPLE + 1, testbeds: 60, freeFirst: PEOPLE + 1, env: settings }, async (emu, bot) => {
    const crowd = Array.from({ length: PEOPLE }, (_, i) => i + 1);
    await warmUp(emu, crowd);
    const runs: [string, StepKind[], number][] = [
      ['status', ['status'], 30],
      ['menu', ['menu'], 30],
      ['register + release', ['register', 'release'], 12],
    ];
    const out: Throughput[] = [];
    for (const [what, steps, rounds] of runs) {
      out.push((await measured(emu, bot, `${what}, 50 people, runtime settings`, { users: crowd, concurrency: PEOPLE, rounds, steps })).throughput);
    }
    return out;
  });
}

/**
 * The lean runtime settings production uses (deploy/runtime.env: V8 and malloc settings, also in the
 * Dockerfile and the systemd unit). BENCH_RUNTIME_ENV names another such file to try other settings.
 */
function runtimeSettings(): Record<string, string> {
  const file = process.env.BENCH_RUNTIME_ENV ? resolve(process.env.BENCH_RUNTIME_ENV) : join(ROOT, 'deploy/runtime.env');
  return parseEnv(readFileSync(file, 'utf8'));
}

function describeSettings(settings: Record<string, string>): string {
  return Object.entries(settings)
    .map(([key, value]) => `${key}=${value.includes(' ') ? `"${value}"` : value}`)
    .join(' ');
}

async function productionMemory(settings?: Record<string, string>) {
  // 100 people, each with a room of their own; person i books testbed i + 1 of 1,000.
  const env: Record<string, string> = settings ?? {};
  const nodeOptions = settings ? describeSettings(settings) : undefined;
  return withWorld({ people: 100, testbeds: 1000, freeFirst: 100, env }, async (emu, bot) => {
    const rssAtStart = vm(bot.pid, 'VmRSS');
    const sequential = checked(await emu.run({ users: [0], concurrency: 1, rounds: 100, steps: ['status'] }), 'status at 1,000 testbeds');
    const users = Array.from({ length: 100 }, (_, i) => i);
    const load = await measured(emu, bot, `mixed, 1,000 testbeds, 50 people${nodeOptions ? ', runtime settings' : ', plain node'}`, { users, concurrency: PEOPLE, rounds: 25, steps: ['menu', 'status', 'register', 'release'] });
    const metrics = await scrape(bot);
    let handled = 0;
    for (const [key, value] of metrics) if (key.startsWith('events_handled_total{')) handled += value;
    return {
      nodeOptions: nodeOptions ?? '',
      testbeds: 1000,
      eventsHandled: handled,
      rssAtStartMiB: round(rssAtStart / MiB, 1),
      peakRssMiB: round(vm(bot.pid, 'VmHWM') / MiB, 1),
      rssAfterMiB: round(vm(bot.pid, 'VmRSS') / MiB, 1),
      rssAfterAnonMiB: round(vm(bot.pid, 'RssAnon') / MiB, 1),
      rssAfterFileMiB: round(vm(bot.pid, 'RssFile') / MiB, 1),
      statusReplySequential: percentiles(sequential.latencies.status ?? []),
      mixedLoad: load.throughput,
    };
  });
}

async function idleConversations() {
  const people = 10_000;
  const warm = 200;
  return withWorld({ people, sharedRooms: 20, testbeds: 10, freeFirst: 10, heapProbe: true }, async (emu, bot) => {
    const menuClicks = (from: number, to: number) =>
      emu.run({ users: Array.from({ length: to - from }, (_, i) => from + i), concurrency: PEOPLE, rounds: 1, steps: ['menu'] });
    checked(await menuClicks(0, warm), 'first menus');
    const before = await bot.heapAfterGc();
    checked(await menuClicks(warm, people), 'menus');
    const after = await bot.heapAfterGc();
    const live = (await scrape(bot)).get('conversations_active') ?? NaN;
    return {
      conversations: live,
      heapBeforeMiB: round(before / MiB, 1),
      heapAfterMiB: round(after / MiB, 1),
      heapGrowthMB: round((after - before) / 1e6, 1),
      heapPerConversationKB: round((after - before) / (people - warm) / 1024, 2),
    };
  });
}

function table(headers: string[], rows: (string | number)[][]): string {
  const widths = headers.map((header, i) => Math.max(header.length, ...rows.map((row) => String(row[i]).length)));
  const line = (cells: (string | number)[]) => `| ${cells.map((cell, i) => String(cell).padEnd(widths[i])).join(' | ')} |`;
  return [line(headers), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

const PARTS = ['latency', 'memory', 'idle', 'local', 'report', 'api', 'postgres'] as const;
type Part = (typeof PARTS)[number];
const USAGE =
  `Usage: npm run bench [-- --only ${PARTS.join(',')}] [--profile]\n` +
  '  --only     measure some parts only (bench/results.json is then left as it is)\n' +
  '  --profile  the bot processes write CPU profiles (node --cpu-prof) to bench/profiles/; see bench/profile-summary.ts';

function readOptions(): { parts: Set<Part>; profile: boolean } {
  const flags = readFlags(process.argv.slice(2), { only: { type: 'string' }, profile: { type: 'boolean' } });
  if (!flags.ok) {
    process.stderr.write(`${flags.problem}\n${USAGE}\n`);
    process.exit(2);
  }
  const profile = flags.values.profile === true;
  if (flags.values.only === undefined) return { parts: new Set(PARTS), profile };
  const asked = flags.values.only.split(',').map((part) => part.trim());
  const unknown = asked.filter((part) => !(PARTS as readonly string[]).includes(part));
  if (unknown.length > 0) {
    process.stderr.write(`Unknown part ${unknown.map((part) => `"${part}"`).join(', ')}.\n${USAGE}\n`);
    process.exit(2);
  }
  return { parts: new Set(asked as Part[]), profile };
}

async function main(): Promise<void> {
  const { parts, profile } = readOptions();
  if (profile) profileDir = fileURLToPath(new URL('./profiles/', import.meta.url));
  const startedAt = new Date();
  const loadBefore = loadavg()[0];
  let latency: Awaited<ReturnType<typeof latencyAndSaturation>> | undefined;
  let leanThroughput: Throughput[] = [];
  let memory: Awaited<ReturnType<typeof productionMemory>> | undefined;
  let leanMemory: Awaited<ReturnType<typeof productionMemory>> | undefined;
  let idle: Awaited<ReturnType<typeof idleConversations>> | undefined;
  if (parts.has('latency')) {
    process.stdout.write('Latency and saturation (bot and emulator in two processes)…\n');
    latency = await latencyAndSaturation();
    process.stdout.write('…and 50 people with the runtime settings…\n');
    leanThroughput = await saturationWithSettings(runtimeSettings());
  }
  if (parts.has('memory')) {
    process.stdout.write('Production memory with 1,000 testbeds…\n');
    memory = await productionMemory();
    const settings = runtimeSettings();
    process.stdout.write(`…and with the runtime settings ${describeSettings(settings)}…\n`);
    leanMemory = await productionMemory(settings);
  }
  if (parts.has('idle')) {
    process.stdout.write('10,000 idle conversations…\n');
    idle = await idleConversations();
  }
  const builds: StatusBuild[] = [];
  const stores: StoreFigures[] = [];
  if (parts.has('local')) {
    process.stdout.write('Status builds and store mutations…\n');
    for (const count of [10, 1000, 10_000]) builds.push(statusBuild(count));
    for (const count of [10, 1000, 10_000]) stores.push(await storeMutations(count));
  }
  let report: ReportFigures | undefined;
  if (parts.has('report')) {
    process.stdout.write('Usage report at a year of history for 200 testbeds…\n');
    report = await reportBench();
  }

  let api: Awaited<ReturnType<typeof apiLatency>> | undefined;
  if (parts.has('api')) {
    process.stdout.write('HTTP API: hold and release…\n');
    api = await apiLatency((env, body) => withWorld({ people: 1, testbeds: 100, freeFirst: 0, env }, () => body()));
  }

  let postgres: PostgresFigures | undefined;
  if (parts.has('postgres')) {
    process.stdout.write('The store on PostgreSQL next to the JSON file…\n');
    postgres = await postgresBench();
  }

  const machine = { cpus: cpus().length, model: cpus()[0]?.model ?? 'unknown', node: process.version, loadBefore: round(loadBefore), loadAfter: round(loadavg()[0]) };
  const results = {
    measuredAt: startedAt.toISOString(),
    machine,
    latencyMs: latency?.rows,
    throughput: [...(latency?.throughput ?? []), ...leanThroughput, ...(memory ? [memory.mixedLoad] : []), ...(leanMemory ? [leanMemory.mixedLoad] : [])],
    restCallsPerReply: latency?.restCallsPerReply,
    durableWriteMs: latency?.durableWrite,
    productionMemory: memory,
    productionMemoryLeanV8: leanMemory,
    idleConversations: idle,
    statusBuild: builds.map((b) => ({ ...b, ms: round(b.ms, 3) })),
    storeMutations: stores.map((s) => ({ ...s, sequentialPerSecond: round(s.sequentialPerSecond, 0), concurrentPerSecond: round(s.concurrentPerSecond, 0) })),
    apiLatencyMs: api?.map((row) => ({ call: row.call, mode: row.mode, ...percentiles(row.samples) })),
    usageReport: report,
    postgresStore:
      postgres && 'skipped' in postgres
        ? postgres
        : postgres && {
            mutations: postgres.mutations.map((m) => ({ ...m, sequentialPerSecond: round(m.sequentialPerSecond, 0), concurrentPerSecond: round(m.concurrentPerSecond, 0) })),
            bookingMs: postgres.booking.map((b) => ({ backend: b.backend, ...percentiles(b.samples) })),
          },
  };
  if (parts.size === PARTS.length) await writeFile(new URL('./results.json', import.meta.url), `${JSON.stringify(results, null, 2)}\n`);

  const sections: string[] = [`Measured ${startedAt.toISOString()} on ${machine.cpus} × ${machine.model}, Node ${machine.node}, load ${machine.loadBefore} → ${machine.loadAfter}`];
  if (latency) {
    sections.push(
      'Reply latency, ms (click → reply at the platform); floor = the same REST round trips, bare keep-alive\n' +
        table(
          ['action', 'people', 'p50', 'p95', 'p99', 'floor p50', 'floor p99', 'p50 ×floor', 'p99 ×floor', 'p50 ×(floor+write)'],
          latency.rows.map((r) => [r.action, r.mode, r.bot.p50, r.bot.p95, r.bot.p99, r.floor.p50, r.floor.p99, r.ratioP50, r.ratioP99, r.ratioP50WithWrite ?? '']),
        ),
      `Durable write of the ${latency.durableWrite.fileBytes}-byte testbed file (temp file with O_DSYNC, rename, folder sync, history line), bare: ` +
        `p50 ${latency.durableWrite.p50} ms, p99 ${latency.durableWrite.p99} ms`,
      `REST calls per reply: ${Object.entries(latency.restCallsPerReply)
        .map(([run, calls]) => `${run}: ${Object.entries(calls).map(([call, n]) => `${n} × ${call}`).join(', ')}`)
        .join('; ')}`,
    );
  }
  if (results.throughput.length > 0) {
    sections.push(
      'Throughput with 50 people clicking at once\n' +
        table(['run', 'replies', 'replies/s', 'bot CPU ms/reply', 'p50 ms'], results.throughput.map((t) => [t.run, t.replies, t.repliesPerSecond, t.cpuMsPerReply, t.p50Ms])),
    );
  }
  const memoryRows: string[][] = [];
  if (memory) {
    memoryRows.push(
      [`peak RSS (VmHWM), ${memory.testbeds} testbeds, after ${memory.eventsHandled} handled events`, `${memory.peakRssMiB} MiB`],
      ['RSS at start → after', `${memory.rssAtStartMiB} → ${memory.rssAfterMiB} MiB`],
      ['RSS after: anonymous (heap, stacks) + file-backed (node binary, libraries)', `${memory.rssAfterAnonMiB} + ${memory.rssAfterFileMiB} MiB`],
      [`status reply at ${memory.testbeds} testbeds, sequential p50 / p99`, `${memory.statusReplySequential.p50} / ${memory.statusReplySequential.p99} ms`],
    );
  }
  if (leanMemory) {
    memoryRows.push(
      [`peak RSS with the runtime settings (deploy/runtime.env: ${leanMemory.nodeOptions})`, `${leanMemory.peakRssMiB} MiB`],
      ['RSS at start → after, with those settings', `${leanMemory.rssAtStartMiB} → ${leanMemory.rssAfterMiB} MiB`],
      ['RSS after, with those settings: anonymous + file-backed', `${leanMemory.rssAfterAnonMiB} + ${leanMemory.rssAfterFileMiB} MiB`],
    );
  }
  if (idle) {
    memoryRows.push(
      [`heap per idle conversation (${idle.conversations} live)`, `${idle.heapPerConversationKB} KiB`],
      ['heap growth for them', `${idle.heapGrowthMB} MB (${idle.heapBeforeMiB} → ${idle.heapAfterMiB} MiB)`],
    );
  }
  if (memoryRows.length > 0) sections.push(table(['memory', 'value'], memoryRows));
  if (builds.length > 0) {
    sections.push(
      table(['status reply build', 'ms', 'card bytes', 'pages'], results.statusBuild.map((b) => [`${b.testbeds} testbeds`, b.ms, b.bytes, b.pages])),
      table(
        ['durable store', 'file bytes', 'mutations/s one at a time', 'mutations/s 50 at once'],
        results.storeMutations.map((s) => [`${s.testbeds} testbeds`, s.fileBytes, s.sequentialPerSecond, s.concurrentPerSecond]),
      ),
    );
  }
  if (results.apiLatencyMs) {
    sections.push(
      'HTTP API latency, ms (request → answer, the change on disk; keep-alive, 100 testbeds)\n' +
        table(['call', 'pipelines', 'p50', 'p95', 'p99', 'n'], results.apiLatencyMs.map((r) => [r.call, r.mode, r.p50, r.p95, r.p99, r.n])),
    );
  }
  if (report) {
    sections.push(
      `Usage report, ${report.testbeds} testbeds, ${report.historyDays} days of history: ${report.lines} lines, ${report.fileMB} MB\n` +
        table(
          ['window', 'lines in window', 'bytes read', 'read ms', 'figures + card ms', 'total ms', 'card bytes'],
          report.windows.map((w) => [`${w.days} days`, w.entries, w.bytesRead, w.readMs, w.computeAndCardMs, w.totalMs, w.cardBytes]),
        ),
    );
  }
  if (results.postgresStore && 'skipped' in results.postgresStore) {
    sections.push(`Store on PostgreSQL: skipped (${results.postgresStore.skipped})`);
  } else if (results.postgresStore) {
    sections.push(
      'Store mutations per second, PostgreSQL next to the JSON file (both durable: fsync on)\n' +
        table(
          ['testbeds', 'backend', 'mutations/s one at a time', 'mutations/s 50 at once'],
          results.postgresStore.mutations.map((m) => [m.testbeds, m.backend, m.sequentialPerSecond, m.concurrentPerSecond]),
        ),
      'Booking latency, ms (claim through the testbed actor → answer, the change and its history line stored; 100 testbeds)\n' +
        table(['backend', 'p50', 'p95', 'p99', 'n'], results.postgresStore.bookingMs.map((b) => [b.backend, b.p50, b.p95, b.p99, b.n])),
    );
  }
  const written = parts.size === PARTS.length ? 'Written to bench/results.json' : 'Some parts only: bench/results.json left as it was';
  process.stdout.write(`\n${sections.join('\n\n')}\n\n${written}\n`);
}

await main();
