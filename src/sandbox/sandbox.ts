/**
 * One process, the whole experience: the embedded platform emulator with demo people and rooms,
 * the real bot (createApp, the production code path) configured against it with a data folder of
 * its own, and the local chat page. `npm run sandbox` and the end-to-end test both call this.
 */
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { DestinationStream, Logger } from 'pino';
import { configSecrets, loadConfig } from '../config.js';
import { createLogger } from '../log.js';
import { createApp, type App } from '../app/create-app.js';
import { createInspection, type Inspection } from '../app/inspect.js';
import { startEmulator } from '../platform/emulator/index.js';
import { acquireLock } from '../store/lock.js';
import type { EmuPerson, Emulator } from '../platform/emulator/api.js';
import {
  APPROVED_ROOM_TITLES,
  BOT_EMAIL,
  BROADCAST_ROOMS,
  DEMO_PEOPLE,
  UNAPPROVED_ROOM_TITLES,
  prepareDataDir,
  type DataPaths,
} from './demo-data.js';
import { startPageServer, type PageServer } from './server.js';

const SANDBOX_LOCK = 'sandbox.lock';
import { ConnectionTracker, type SandboxDirectory, type SandboxRoom } from './state.js';

export interface SandboxOptions {
  /** Chat page port on 127.0.0.1; 0 picks a free one. Default 3000. */
  port?: number;
  /** Data folder. Default SANDBOX_DATA_DIR or `.sandbox-data/` in the working directory. */
  dataDir?: string;
  /** Default BOT_NAME or "Testbed Monitor". */
  botName?: string;
  /** Connect every actor to the Stately inspector. */
  inspect?: boolean;
  /** pino level for the bot's log. Default LOG_LEVEL or `warn` (the terminal stays readable). */
  logLevel?: string;
  /** Where log lines go (tests); stdout by default. */
  logDestination?: DestinationStream;
  /** DISPLAY_TIMEZONE for the bot. Default the environment's DISPLAY_TIMEZONE, else UTC. */
  displayTimeZone?: string;
}

export interface Sandbox {
  /** The chat page, e.g. http://127.0.0.1:3000 */
  url: string;
  port: number;
  emulator: Emulator;
  app: App;
  directory: SandboxDirectory;
  data: DataPaths & { seededTestbeds: boolean };
  connection: ConnectionTracker;
  logger: Logger;
  /** Inspector page when `inspect` is on. */
  inspectorUrl?: string;
  stop(): Promise<void>;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const cleanUps: (() => Promise<unknown> | void)[] = [];
  const stopAll = async () => {
    for (const cleanUp of cleanUps.splice(0).reverse()) await Promise.resolve(cleanUp()).catch(() => undefined);
  };
  try {
    // One sandbox per data folder: a second one must not rewrite the first one's documents.
    const dataDir = resolve(options.dataDir ?? process.env.SANDBOX_DATA_DIR ?? '.sandbox-data');
    await mkdir(dataDir, { recursive: true });
    const lock = await acquireLock(join(dataDir, SANDBOX_LOCK), dataDir);
    cleanUps.push(() => lock.release());

    const emulator = await startEmulator({ port: 0 });
    cleanUps.push(() => emulator.stop());
    const botName = options.botName ?? process.env.BOT_NAME?.trim() ?? 'Testbed Monitor';
    const directory = createDemoWorld(emulator, botName || 'Testbed Monitor');
    const data = await prepareDataDir(dataDir, {
      now: new Date(),
      broadcastRooms: directory.rooms
        .filter((room) => room.broadcast)
        .map((room) => ({ name: room.title, room_id: room.id, description: room.description ?? '' })),
    });

    const env: Record<string, string> = {
      PLATFORM_ACCESS_TOKEN: directory.bot.token,
      PLATFORM_API_URL: emulator.restUrl,
      PLATFORM_DISCOVERY_URL: emulator.discoveryUrl,
      APPROVED_ROOMS: directory.rooms.filter((room) => room.approved).map((room) => room.id).join(','),
      BOT_NAME: directory.bot.displayName,
      TESTBED_DB_NAME: data.testbedPath,
      BROADCAST_DB_NAME: data.broadcastPath,
      FEEDBACK_LOG: data.feedbackPath,
      HEALTH_PORT: 'off',
      LOG_LEVEL: options.logLevel ?? process.env.LOG_LEVEL ?? 'warn',
      DISPLAY_TIMEZONE: options.displayTimeZone ?? process.env.DISPLAY_TIMEZONE ?? 'UTC',
      INSPECT: options.inspect ? '1' : '0',
      // Grace is the demo lab's admin: as her, type admin to try the admin card.
      ADMINS: DEMO_PEOPLE[2].email,
    };
    // cwd = the data folder: the user's own .env (real token, proxies) must not leak into the sandbox.
    const config = loadConfig(env, { cwd: data.dir });
    const logger = createLogger({ level: config.logLevel, secrets: configSecrets(config), destination: options.logDestination });

    let inspection: Inspection | undefined;
    if (options.inspect) {
      inspection = await createInspection(logger);
      cleanUps.push(() => inspection?.stop());
    }
    const app = await createApp({ config, logger, inspect: inspection?.inspect });
    const connection = new ConnectionTracker();
    app.platform.onConnectionState((state) => connection.set(state));
    cleanUps.push(() => app.stop());
    await app.start();
    if (app.platform.isConnected()) connection.set('connected');

    const pageServer: PageServer = await startPageServer({
      emulator,
      directory,
      connection,
      port: options.port ?? 3000,
      secrets: [directory.bot.token, ...directory.people.map((person) => person.token)],
      onError: (error) => logger.error({ err: error }, 'sandbox page request failed'),
    });
    cleanUps.push(() => pageServer.close());

    return {
      url: pageServer.url,
      port: pageServer.port,
      emulator,
      app,
      directory,
      data,
      connection,
      logger,
      inspectorUrl: inspection ? inspection.url.replace(/^ws:/, 'http:') : undefined,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/** Demo people, the bot, and the rooms the page offers. */
export function createDemoWorld(emulator: Emulator, botName: string): SandboxDirectory {
  const people = DEMO_PEOPLE.map((person) => emulator.createPerson({ displayName: person.displayName, email: person.email }));
  const bot = emulator.createBot({ displayName: botName, email: BOT_EMAIL });
  const everyone = [...people.map((person) => person.id), bot.id];
  const rooms: SandboxRoom[] = [];
  const group = (title: string, flags: { approved: boolean; broadcast: boolean; description?: string }) => {
    const room = emulator.createRoom({ title, type: 'group', memberIds: everyone });
    rooms.push({ id: room.id, title, type: 'group', memberIds: [...everyone], ...flags });
  };
  for (const title of APPROVED_ROOM_TITLES) group(title, { approved: true, broadcast: false });
  for (const title of UNAPPROVED_ROOM_TITLES) group(title, { approved: false, broadcast: false });
  for (const room of BROADCAST_ROOMS) group(room.title, { approved: false, broadcast: true, description: room.description });
  for (const person of people) {
    const room = emulator.directRoom(person.id, bot.id);
    rooms.push({ id: room.id, title: bot.displayName, type: 'direct', approved: true, broadcast: false, memberIds: [person.id, bot.id] });
  }
  return { bot, people: people as EmuPerson[], rooms };
}
