/**
 * Replays a recording (RECORD_EVENTS) against the embedded emulator and a
 * fresh bot built with createApp, the production wiring: each recorded event
 * is performed by its (pseudonymous) person through the emulator's
 * "say" / "submit a card" API, so it travels the real socket, adapter and
 * router. The bot lives at the recorded time (its clock reads each event's
 * receive time) and finishes an event before the next one is fed, so a file
 * and a start document always give the same transcript.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { loadConfig } from '../config.js';
import { createApp, type App } from '../app/create-app.js';
import type { TestbedRecord } from '../domain.js';
import { createWebexPlatform } from '../platform/webex/index.js';
import { startEmulator } from '../platform/emulator/index.js';
import type { Emulator, EmuMessage } from '../platform/emulator/api.js';
import type { ParsedRecording, RecordedConnection, RecordedEvent } from '../app/record-format.js';
import { BusyTracker, ReplayClock, ReplayPlatform } from './harness.js';
import { buildWorld, type ReplayWorld } from './world.js';
import { describeBotMessage, describeConnection, describeEvent, destinationOf, relativeTime } from './transcript.js';

export interface ReplayOptions {
  recording: ParsedRecording;
  /** Shown in the first line (usually the file name). */
  name: string;
  /** The start document's testbeds; empty when absent. */
  testbeds?: TestbedRecord[];
  /** Original spacing divided by this; `Infinity` = as fast as possible. Default 1. */
  speed?: number;
  logger: Logger;
  /** Called with each transcript line as soon as it is known. */
  onLine?: (line: string) => void;
  /** How long one event may take to reach the bot and be answered. Default 15 s. */
  stepTimeoutMs?: number;
}

export interface ReplayResult {
  transcript: string;
  /** Events that never reached the bot or were not finished in time. */
  stalled: number;
}

const PLACEHOLDER = '(a card posted before the recording started)';

export async function replayRecording(options: ReplayOptions): Promise<ReplayResult> {
  const { recording, logger } = options;
  const lines: string[] = [];
  const out = (line: string) => {
    lines.push(line);
    options.onLine?.(line);
  };
  const header = recording.header;
  const start = header?.at ?? recording.lines[0]?.at ?? new Date(0).toISOString();
  const testbeds = options.testbeds ?? [];
  const speed = options.speed ?? 1;
  const stepTimeoutMs = options.stepTimeoutMs ?? 15_000;
  const events = recording.lines.filter((line) => line.kind === 'event').length;

  out(`Replay of ${options.name}: ${events} event(s), start document with ${testbeds.length} testbed(s)`);
  out(`Recording started ${start}; times are relative to it. Bot "${header?.botName ?? 'Testbed Monitor'}", time zone ${header?.timeZone ?? 'UTC'}.`);
  if (!header) out('(the file has no header line; defaults used)');
  for (const problem of recording.problems) out(`(line ${problem.line} left out: ${problem.problem})`);

  const emu = await startEmulator();
  const dir = await mkdtemp(join(tmpdir(), 'tbm-replay-'));
  let app: App | undefined;
  let stalled = 0;
  try {
    const world = buildWorld(emu, { botName: header?.botName ?? 'Testbed Monitor', lines: recording.lines, testbeds });
    const roomNames = new Map([...world.rooms].map(([pseudonym, id]) => [pseudonym, world.labels.get(id) ?? pseudonym]));
    const clock = new ReplayClock(start);
    const busy = new BusyTracker();
    const replies: EmuMessage[] = [];
    emu.subscribe((event) => {
      if (event.type === 'message.created' && event.message.personId === world.bot.id && event.message.text !== PLACEHOLDER) replies.push(event.message);
    });

    const started = await startBot({ emu, world, dir, testbeds, header, logger, clock, busy });
    app = started.app;
    const platform = started.platform;

    const settle = async (): Promise<boolean> => {
      const deadline = Date.now() + stepTimeoutMs;
      for (;;) {
        await app!.idle();
        if (busy.busyCount() === 0) {
          await app!.idle();
          if (busy.busyCount() === 0) return true;
        }
        if (Date.now() > deadline) return false;
        await busy.change(25);
      }
    };

    const flushReplies = () => {
      const batch = replies.splice(0);
      const destinations = new Map<string, EmuMessage[]>();
      for (const message of batch) {
        const destination = destinationOf(message, world.labels, world.emailLabels);
        destinations.set(destination, [...(destinations.get(destination) ?? []), message]);
      }
      // Posts to different rooms may finish in any order; within one room the order is the bot's.
      for (const destination of [...destinations.keys()].sort()) {
        for (const message of destinations.get(destination)!) for (const line of describeBotMessage(message, destination, world.labels)) out(`    ${line}`);
      }
    };

    const startedAt = Date.now();
    const base = Date.parse(start);
    let dropped = false;
    // Lines are written as events finish routing, which for different conversations need not be
    // the order they arrived in: replay them in receive order.
    const ordered = [...recording.lines].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
    for (const line of ordered) {
      const offset = Date.parse(line.at) - base;
      if (Number.isFinite(speed)) {
        const wait = offset / speed - (Date.now() - startedAt);
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      }
      clock.set(line.at);
      if (line.kind === 'connection') {
        const said = await replayConnection(line, { emu, platform, dropped, stepTimeoutMs });
        if (said === undefined) continue;
        dropped = line.state === 'disconnected';
        out('');
        out(`${relativeTime(offset)}  ${said}`);
        continue;
      }
      out('');
      out(`${relativeTime(offset)}  ${describeEvent(line, roomNames)}`);
      perform(line, { emu, world });
      const arrival = await platform.nextArrival(stepTimeoutMs);
      if (!arrival) {
        stalled++;
        out(`    (this event did not reach the bot within ${stepTimeoutMs / 1000} s)`);
        continue;
      }
      await arrival.handled;
      if (!(await settle())) {
        stalled++;
        out(`    (the bot was still busy with this event after ${stepTimeoutMs / 1000} s)`);
      }
      flushReplies();
    }
    out('');
    out(`End of replay: ${events} event(s)${stalled ? `, ${stalled} not finished` : ''}.`);
  } finally {
    await app?.stop().catch((error) => logger.error({ err: error }, 'replayed bot did not stop cleanly'));
    await emu.stop();
    await rm(dir, { recursive: true, force: true });
  }
  return { transcript: `${lines.join('\n')}\n`, stalled };
}

async function startBot(p: {
  emu: Emulator;
  world: ReplayWorld;
  dir: string;
  testbeds: TestbedRecord[];
  header: ParsedRecording['header'];
  logger: Logger;
  clock: ReplayClock;
  busy: BusyTracker;
}): Promise<{ app: App; platform: ReplayPlatform }> {
  const testbedPath = join(p.dir, 'testbeds.json');
  const broadcastPath = join(p.dir, 'broadcast_rooms.json');
  await writeFile(testbedPath, JSON.stringify({ testbeds: p.testbeds }, null, 2));
  await writeFile(broadcastPath, JSON.stringify({ broadcast_rooms: p.world.broadcastRooms }, null, 2));
  const config = loadConfig(
    {
      PLATFORM_ACCESS_TOKEN: p.world.bot.token,
      PLATFORM_API_URL: p.emu.restUrl,
      PLATFORM_DISCOVERY_URL: p.emu.discoveryUrl,
      APPROVED_ROOMS: p.world.eventRoomIds.length > 0 ? p.world.eventRoomIds.join(',') : '*',
      BOT_NAME: p.header?.botName ?? 'Testbed Monitor',
      DISPLAY_TIMEZONE: p.header?.timeZone ?? 'UTC',
      CONVERSATION_TIMEOUT_MINUTES: String(p.header?.conversationTimeoutMinutes ?? 15),
      TESTBED_DB_NAME: testbedPath,
      BROADCAST_DB_NAME: broadcastPath,
      FEEDBACK_LOG: join(p.dir, 'feedback.log'),
      HEALTH_PORT: 'off',
    },
    // cwd = the temp folder: the developer's own .env must not leak into the replay.
    { cwd: p.dir },
  );
  const webex = createWebexPlatform({
    accessToken: config.accessToken,
    apiUrl: config.apiUrl,
    discoveryUrl: config.discoveryUrl,
    logger: p.logger.child({ component: 'platform' }),
    timing: { backoffBaseMs: 50, backoffCapMs: 500 },
  });
  const platform = new ReplayPlatform(webex, p.clock);
  const app = await createApp({ config, logger: p.logger, platform, now: p.clock.now, inspect: p.busy.inspect });
  await app.start();
  return { app, platform };
}

/** Drops or awaits the socket as the recording says; returns what the transcript says, if anything. */
async function replayConnection(
  line: RecordedConnection,
  p: { emu: Emulator; platform: ReplayPlatform; dropped: boolean; stepTimeoutMs: number },
): Promise<string | undefined> {
  if (line.state === 'disconnected') {
    if (p.dropped) return undefined;
    p.emu.faults.closeSockets({ code: 1011, reason: 'replay: the recording lost its connection here' });
    await p.platform.connection('down', p.stepTimeoutMs);
    return describeConnection(line);
  }
  if (line.state === 'connected') {
    const back = await p.platform.connection('connected', p.stepTimeoutMs);
    if (!p.dropped) return undefined;
    return back ? describeConnection(line) : `the bot did not reconnect within ${p.stepTimeoutMs / 1000} s`;
  }
  return undefined;
}

/** The person does what the recording says, through the emulator like a client would. */
function perform(line: RecordedEvent, p: { emu: Emulator; world: ReplayWorld }): void {
  const { emu, world } = p;
  const person = world.people.get(line.event.personId)!;
  const roomId = world.rooms.get(line.event.roomId)!;
  if (line.event.type === 'message') {
    const group = line.event.roomType === 'group';
    emu.say({ personId: person.id, roomId, text: line.event.text, mentions: group ? [world.bot.id] : undefined });
    return;
  }
  const inputs: Record<string, unknown> = { ...line.event.inputs };
  if (typeof inputs.room_ids === 'string') {
    inputs.room_ids = inputs.room_ids
      .split(',')
      .map((token) => world.rooms.get(token.trim()) ?? token.trim())
      .join(',');
  }
  // The bot reads only the submitted values, so any card of the bot in that room will do as the clicked one.
  const cards = emu.messages({ roomId, personId: world.bot.id });
  const card = cards.at(-1) ?? emu.say({ personId: world.bot.id, roomId, text: PLACEHOLDER });
  emu.submitRaw({ personId: person.id, messageId: card.id, roomId, inputs });
}
