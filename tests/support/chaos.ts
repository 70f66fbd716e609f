/**
 * The chaos driver shared by tests/reliability/chaos.test.ts (fixed seed, short)
 * and `npm run chaos` (bench/chaos.ts, longer). It runs the real bot (createApp
 * with the real Webex adapter and the real lowdb store) against the emulator,
 * lets simulated people book, release, look and broadcast from their own rooms
 * while a seeded monkey breaks the socket and the REST API, then checks the
 * promises (checks.ts) and returns the figures.
 *
 * Time is compressed: the adapter's ping, silence and reconnect back-off timings
 * are shortened (the real defaults back off up to 32 s, which a one-minute run
 * could not absorb); the code paths are the production ones.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulator } from '../../src/platform/emulator/index.js';
import { createWebexPlatform } from '../../src/platform/webex/index.js';
import { loadConfig } from '../../src/config.js';
import { createApp } from '../../src/app/create-app.js';
import { openStore } from '../../src/store/index.js';
import { availableTestbed, type TestbedRecord } from '../../src/domain.js';
import { createRng } from '../reliability/chaos/prng.js';
import { Recorder } from '../reliability/chaos/recorder.js';
import { runMonkey, type MonkeyReport } from '../reliability/chaos/monkey.js';
import { createPerson, type StepStats } from '../reliability/chaos/person.js';
import { checkRun, type CheckFigures } from '../reliability/chaos/checks.js';
import { botEnv, collectingLogger } from './harness.js';
import { until } from './wait.js';

export interface ChaosOptions {
  seed: number;
  /** How long people act and faults are injected. */
  durationMs: number;
  people?: number;
  testbeds?: number;
  broadcastRooms?: number;
  /** Pause between two faults, ms (default 150–900). */
  faultGapMs?: [number, number];
  /** Include the broadcast flow (default true). */
  broadcast?: boolean;
}

export interface ChaosReport {
  seed: number;
  durationMs: number;
  wallMs: number;
  people: number;
  testbeds: number;
  broadcastRooms: number;
  faults: MonkeyReport;
  steps: StepStats;
  /** Times the bot's socket came back (connection state → connected after the first). */
  reconnects: number;
  figures: CheckFigures;
  healthyAtEnd: boolean;
  tokenInLogs: boolean;
  problems: string[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));


export async function runChaos(options: ChaosOptions): Promise<ChaosReport> {
  const started = Date.now();
  const rng = createRng(options.seed);
  const peopleCount = options.people ?? 12;
  const testbedCount = options.testbeds ?? 6;
  const broadcastCount = options.broadcastRooms ?? 3;
  const broadcast = options.broadcast ?? true;

  const emu = await startEmulator();
  const dir = await mkdtemp(join(tmpdir(), 'tbm-chaos-'));
  const logs: string[] = [];
  let stopApp: (() => Promise<void>) | undefined;
  try {
    const bot = emu.createBot({ displayName: 'Testbed Monitor', email: 'testbed-monitor@webex.bot' });
    const people = Array.from({ length: peopleCount }, (_, i) =>
      emu.createPerson({ displayName: `Person ${i + 1}`, email: `person${i + 1}@example.com` }),
    );
    const rooms = people.map((person, i) => emu.createRoom({ title: `Desk ${i + 1}`, memberIds: [bot.id, person.id] }));
    const broadcastRooms = Array.from({ length: broadcastCount }, (_, i) => emu.createRoom({ title: `Notices ${i + 1}`, memberIds: [bot.id] }));
    const initial: TestbedRecord[] = Array.from({ length: testbedCount }, (_, i) => availableTestbed(i + 1, `lab-${i + 1}`));
    const testbedPath = join(dir, 'testbeds.json');
    const broadcastPath = join(dir, 'broadcast_rooms.json');
    await writeFile(testbedPath, JSON.stringify({ testbeds: initial }, null, 2));
    await writeFile(
      broadcastPath,
      JSON.stringify({ broadcast_rooms: broadcastRooms.map((room) => ({ name: room.title, room_id: room.id, description: 'chaos notices' })) }),
    );

    const config = loadConfig(
      {
        ...botEnv({ emu, bot, dir, approvedRooms: rooms.map((room) => room.id), testbedPath, broadcastPath }),
        LOG_LEVEL: 'info',
      },
      { cwd: dir },
    );
    const logger = collectingLogger(config, logs);
    const recorder = new Recorder();
    const webex = createWebexPlatform({
      accessToken: config.accessToken,
      apiUrl: config.apiUrl,
      discoveryUrl: config.discoveryUrl,
      logger: logger.child({ component: 'platform' }),
      timing: {
        pingIntervalMs: 2_000,
        pongTimeoutMs: 3_000,
        silenceTimeoutMs: 8_000,
        backoffBaseMs: 200,
        backoffCapMs: 2_000,
        backoffResetAfterMs: 3_000,
        requestTimeoutMs: 8_000,
      },
    });
    const store = recorder.wrapStore(await openStore({ testbedPath, broadcastPath }));
    const app = await createApp({ config, logger, platform: recorder.wrapPlatform(webex), store });
    stopApp = () => app.stop();
    await app.start();

    let stopped = false;
    const isStopped = () => stopped;
    const steps: StepStats = { sent: 0, lostAndResent: 0, recoveredByCatchUp: 0, answered: 0, unanswered: 0, scenarios: {} };
    const monkey = runMonkey({ emu, bot, rng: rng.fork(), gapMs: options.faultGapMs ?? [150, 900], stopped: isStopped });
    const actors = people.map((person, i) =>
      createPerson({ emu, bot, person, room: rooms[i], rng: rng.fork(), stats: steps, broadcast, stopped: isStopped }).run(testbedCount),
    );
    await sleep(options.durationMs);
    stopped = true;
    const faults = await monkey;
    await Promise.all(actors);

    // Let the bot come back and finish everything it started.
    const healthyAtEnd = await until(() => app.healthStatus().status === 'healthy', { timeoutMs: 20_000, everyMs: 50 }).then(
      () => true,
      () => false,
    );
    let seen = -1;
    while (seen !== recorder.last) {
      seen = recorder.last;
      await webex.idle();
      await app.idle();
      await sleep(400);
    }
    const botMessages = emu.messages({ personId: bot.id });
    stopApp = undefined;
    await app.stop();
    const disk: unknown = JSON.parse(await readFile(testbedPath, 'utf8'));

    const personRooms = new Map(rooms.map((room, i) => [room.id, { email: people[i].emails[0], name: people[i].displayName }]));
    const { problems, figures } = checkRun({
      recorder,
      initial,
      disk,
      personRooms,
      broadcastRoomIds: broadcastRooms.map((room) => room.id),
      botMessages,
    });
    const tokenInLogs = logs.some((line) => line.includes(bot.token));
    if (!healthyAtEnd) problems.push('the bot did not become healthy again after the faults stopped');
    if (tokenInLogs) problems.push('the access token appeared in the logs');
    const connects = recorder.connections.filter((state) => state === 'connected').length;
    return {
      seed: options.seed,
      durationMs: options.durationMs,
      wallMs: Date.now() - started,
      people: peopleCount,
      testbeds: testbedCount,
      broadcastRooms: broadcastCount,
      faults,
      steps,
      reconnects: Math.max(0, connects - 1),
      figures,
      healthyAtEnd,
      tokenInLogs,
      problems,
    };
  } finally {
    await stopApp?.().catch(() => undefined);
    await emu.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
