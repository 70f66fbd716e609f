/**
 * The platform emulator as a process of its own, with simulated people, for `npm run bench`
 * (the bot runs in another process, as in production). Also handy by hand:
 *
 *   node --import tsx bench/emulator-server.ts --people 5
 *
 * prints one JSON line (URLs, the bot's token, the rooms; see EmulatorReady in protocol.ts), then
 * reads commands, one JSON line each, on stdin and answers each with one JSON line on stdout.
 * Person i is `person{i}@example.com`; with `--shared-rooms K` the people share K rooms, otherwise
 * each person has a room of their own with the bot. Every room starts with a card the bot posted,
 * which the people click (a click reaches the bot because it wrote the card).
 */
import { createInterface } from 'node:readline';
import { readFlags } from '../src/cli-args.js';
import { startEmulator } from '../src/platform/emulator/index.js';
import type { Emulator, EmuPerson } from '../src/platform/emulator/api.js';
import { runClicks } from './load-driver.js';
import type { Command, EmulatorReady } from './protocol.js';

const USAGE = 'Usage: node --import tsx bench/emulator-server.ts --people N [--shared-rooms K]';

function fail(problem: string): never {
  process.stderr.write(`${problem}\n${USAGE}\n`);
  process.exit(2);
}

function count(raw: string | undefined, fallback: number, name: string): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 100_000) fail(`--${name} must be a whole number from 0 to 100000 (got "${raw}").`);
  return value;
}

/** Posts a small card into a room as the bot, over REST like any client: the card people click. */
async function anchorCard(emu: Emulator, bot: EmuPerson, roomId: string): Promise<string> {
  const response = await fetch(`${emu.restUrl}/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${bot.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      roomId,
      text: 'Benchmark card',
      attachments: [
        {
          contentType: 'application/vnd.microsoft.card.adaptive',
          content: { type: 'AdaptiveCard', version: '1.3', body: [{ type: 'TextBlock', text: 'Benchmark' }], actions: [{ type: 'Action.Submit', title: 'Status', data: { action: 'status' } }] },
        },
      ],
    }),
  });
  const body = (await response.json()) as { id?: string };
  if (!response.ok || typeof body.id !== 'string') throw new Error(`could not post the anchor card (HTTP ${response.status})`);
  return body.id;
}

async function main(): Promise<void> {
  const flags = readFlags(process.argv.slice(2), { people: { type: 'string' }, 'shared-rooms': { type: 'string' } });
  if (!flags.ok) fail(flags.problem);
  const peopleCount = count(flags.values.people, 1, 'people');
  const sharedRooms = count(flags.values['shared-rooms'], 0, 'shared-rooms');

  // Nobody reads the socket frame log here, and keeping every frame of a long run costs the emulator time.
  const emu = await startEmulator({ recordFrames: false });
  const bot = emu.createBot({ displayName: 'Testbed Monitor', email: 'testbed-monitor@webex.bot' });
  const people = Array.from({ length: peopleCount }, (_, i) => emu.createPerson({ displayName: `Person ${i}`, email: `person${i}@example.com` }));
  const roomOf: string[] = [];
  const roomIds: string[] = [];
  if (sharedRooms > 0) {
    for (let r = 0; r < sharedRooms; r++) roomIds.push(emu.createRoom({ title: `Bench room ${r}`, memberIds: [bot.id] }).id);
    people.forEach((person, i) => {
      const roomId = roomIds[i % sharedRooms];
      emu.addMember(roomId, person.id);
      roomOf.push(roomId);
    });
  } else {
    for (const [i, person] of people.entries()) {
      const roomId = emu.createRoom({ title: `Bench room ${i}`, memberIds: [bot.id, person.id] }).id;
      roomIds.push(roomId);
      roomOf.push(roomId);
    }
  }
  const anchors = new Map<string, string>();
  for (const roomId of roomIds) anchors.set(roomId, await anchorCard(emu, bot, roomId));

  const floorPerson = emu.createPerson({ displayName: 'Floor Probe', email: 'floor@example.com' });
  const floorRoom = emu.createRoom({ title: 'Floor', memberIds: [bot.id, floorPerson.id] });
  const floorAnchor = await anchorCard(emu, bot, floorRoom.id);
  const floorAction = emu.submitRaw({ personId: floorPerson.id, messageId: floorAnchor, inputs: { action: 'status' } });

  const ready: EmulatorReady = {
    ready: true,
    pid: process.pid,
    url: emu.url,
    restUrl: emu.restUrl,
    discoveryUrl: emu.discoveryUrl,
    botToken: bot.token,
    roomIds,
    people: peopleCount,
    floor: { actionId: floorAction.id, roomId: floorRoom.id },
  };
  process.stdout.write(`${JSON.stringify(ready)}\n`);

  const world = { emu, bot, people, roomOf, anchors };
  // One command at a time, in order: the bench waits for each answer before it sends the next.
  for await (const line of createInterface({ input: process.stdin })) {
    if (line.trim() === '') continue;
    let command: Command;
    try {
      command = JSON.parse(line) as Command;
    } catch {
      process.stdout.write(`${JSON.stringify({ error: 'not JSON' })}\n`);
      continue;
    }
    if (command.cmd === 'stop') break;
    if (command.cmd === 'run') {
      const result = await runClicks(world, command).catch((error: unknown) => ({ error: error instanceof Error ? error.message : String(error) }));
      process.stdout.write(`${JSON.stringify(result)}\n`);
    } else {
      process.stdout.write(`${JSON.stringify({ error: 'unknown command' })}\n`);
    }
  }
  await emu.stop();
  process.exit(0);
}

await main();
