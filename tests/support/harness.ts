/**
 * End-to-end harness: the real emulator on 127.0.0.1, real lowdb files in a temp
 * folder and the real app (createApp) with the Webex adapter, wired exactly
 * like production. A transcript helper keeps the tests readable.
 */
import { mkdtemp, writeFile, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { startEmulator } from '../../src/platform/emulator/index.js';
import type { Emulator, EmuMessage, EmuPerson, EmuRoom } from '../../src/platform/emulator/api.js';
import { loadConfig, type Config } from '../../src/config.js';
import type { Logger } from 'pino';
import { createLogger } from '../../src/log.js';
import { createApp, type App, type AppDeps } from '../../src/app/create-app.js';
import { availableTestbed, type BroadcastRoomRecord, type TestbedRecord } from '../../src/domain.js';

export interface Harness {
  emu: Emulator;
  app: App;
  bot: EmuPerson;
  ada: EmuPerson;
  linus: EmuPerson;
  lab: EmuRoom;
  unapproved: EmuRoom;
  dir: string;
  testbedPath: string;
  logs: string[];
  /** Restart the bot process-equivalent (new app, same files). */
  restart(extraEnv?: Record<string, string>): Promise<void>;
  readTestbeds(): Promise<TestbedRecord[]>;
  close(): Promise<void>;
}

export { availableTestbed };

/** The settings of a bot that talks to the emulator as `bot`, with its documents in `dir`. */
export function botEnv(p: {
  emu: Emulator;
  bot: EmuPerson;
  dir: string;
  approvedRooms: string[];
  testbedPath: string;
  broadcastPath: string;
}): Record<string, string> {
  return {
    PLATFORM_ACCESS_TOKEN: p.bot.token,
    PLATFORM_API_URL: p.emu.restUrl,
    PLATFORM_DISCOVERY_URL: p.emu.discoveryUrl,
    APPROVED_ROOMS: p.approvedRooms.join(','),
    TESTBED_DB_NAME: p.testbedPath,
    BROADCAST_DB_NAME: p.broadcastPath,
    FEEDBACK_LOG: join(p.dir, 'feedback.log'),
    HEALTH_PORT: 'off',
  };
}

/** The production logger (with secret scrubbing), writing its lines into `logs`. */
export function collectingLogger(config: Config, logs: string[]): Logger {
  const destination = new Writable({
    write(chunk, _encoding, callback) {
      logs.push(String(chunk));
      callback();
    },
  });
  return createLogger({ level: config.logLevel, secrets: [config.accessToken], destination });
}

export async function startHarness(options: {
  testbeds?: TestbedRecord[];
  broadcastRooms?: (rooms: { lab: EmuRoom }) => BroadcastRoomRecord[];
  env?: Record<string, string>;
  emulator?: Parameters<typeof startEmulator>[0];
  setup?: (emu: Emulator) => void;
  inspect?: AppDeps['inspect'];
  keptRestingConversations?: AppDeps['keptRestingConversations'];
  /** The bot's clock (the real one when absent). */
  now?: AppDeps['now'];
  /** How the adapter waits before a REST retry (a timer when absent); see simulated-waits.ts. */
  retryWait?: AppDeps['retryWait'];
} = {}): Promise<Harness> {
  const emu = await startEmulator(options.emulator ?? {});
  const bot = emu.createBot({ displayName: 'Testbed Monitor', email: 'testbed-monitor@webex.bot' });
  const ada = emu.createPerson({ displayName: 'Ada Ops', email: 'ada@example.com' });
  const linus = emu.createPerson({ displayName: 'Linus Lab', email: 'linus@example.com' });
  const lab = emu.createRoom({ title: 'Lab Team', memberIds: [bot.id, ada.id, linus.id] });
  const unapproved = emu.createRoom({ title: 'Random Chat', memberIds: [bot.id, ada.id] });
  options.setup?.(emu);
  const dir = await mkdtemp(join(tmpdir(), 'tbm-e2e-'));
  const testbedPath = join(dir, 'testbeds.json');
  const broadcastPath = join(dir, 'broadcast_rooms.json');
  const testbeds = options.testbeds ?? [availableTestbed(1, 'lab-1'), availableTestbed(2, 'lab-2'), availableTestbed(3, 'lab-3')];
  await writeFile(testbedPath, JSON.stringify({ testbeds }, null, 2));
  await writeFile(broadcastPath, JSON.stringify({ broadcast_rooms: options.broadcastRooms?.({ lab }) ?? [] }, null, 2));
  const logs: string[] = [];

  async function makeApp(extraEnv: Record<string, string> = {}): Promise<App> {
    const config = loadConfig(
      {
        ...botEnv({ emu, bot, dir, approvedRooms: [lab.id], testbedPath, broadcastPath }),
        LOG_LEVEL: 'debug',
        ...options.env,
        ...extraEnv,
      },
      { cwd: dir },
    );
    const logger = collectingLogger(config, logs);
    const app = await createApp({ config, logger, inspect: options.inspect, keptRestingConversations: options.keptRestingConversations, now: options.now, retryWait: options.retryWait });
    await app.start();
    return app;
  }

  const harness: Harness = {
    emu,
    app: await makeApp(),
    bot,
    ada,
    linus,
    lab,
    unapproved,
    dir,
    testbedPath,
    logs,
    async restart(extraEnv) {
      await harness.app.stop();
      harness.app = await makeApp(extraEnv);
    },
    async readTestbeds() {
      return (JSON.parse(await readFile(testbedPath, 'utf8')) as { testbeds: TestbedRecord[] }).testbeds;
    },
    async close() {
      await harness.app.stop().catch(() => undefined);
      await emu.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
  return harness;
}

/** What people read on a card, element by element (identical on every renderer); see card-text.ts. */
export { buttonTitles, seenCard, type SeenCard } from './card-text.js';

/** Actions (data.action values) of the buttons on a card message. */
export function cardActions(message: EmuMessage): string[] {
  const found: string[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      const record = node as Record<string, unknown>;
      if (record.type === 'Action.Submit' && record.data && typeof record.data === 'object') {
        const action = (record.data as Record<string, unknown>).action;
        if (typeof action === 'string') found.push(action);
      }
      Object.values(record).forEach(walk);
    }
  };
  walk(message.attachments?.[0]?.content);
  return found;
}

/** Person says something in a room and the next bot message in that room is returned. */
/** The next card the bot posts in the person's 1:1 room, after message `since` (a count of the emulator's messages). */
export function nextDirect(h: Harness, person: EmuPerson, since = 0): Promise<EmuMessage> {
  const room = h.emu.directRoom(person.id, h.bot.id);
  return h.emu.waitForMessage((m) => m.roomId === room.id && m.personId === h.bot.id, { since, timeoutMs: 10_000 });
}

export async function ask(h: Harness, person: EmuPerson, room: EmuRoom, text: string): Promise<EmuMessage> {
  const since = h.emu.messageCount();
  h.emu.say({ personId: person.id, roomId: room.id, text, mentions: room.type === 'group' ? [h.bot.id] : undefined });
  return h.emu.waitForMessage((m) => m.roomId === room.id && m.personId === h.bot.id, { since, timeoutMs: 10_000 });
}

/** Person clicks a button on a card and the next bot message in that room is returned. */
export async function click(
  h: Harness,
  person: EmuPerson,
  card: EmuMessage,
  action: string,
  inputs: Record<string, string> = {},
): Promise<EmuMessage> {
  const since = h.emu.messageCount();
  h.emu.submitCard({ personId: person.id, messageId: card.id, action, inputs });
  return h.emu.waitForMessage((m) => m.roomId === card.roomId && m.personId === h.bot.id, { since, timeoutMs: 10_000 });
}
