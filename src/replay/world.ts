/**
 * The people and rooms a recording talks about, rebuilt in the emulator: one
 * emulator person per pseudonym (plus the holders named in the start
 * document, so direct notices have somebody to reach), one room per recorded
 * room with the people who spoke there, and one group room per broadcast
 * target found in the room choices. Labels (`Person 1`, `Room 2`) stay those
 * of the recording; emulator ids never reach the transcript.
 */
import type { Emulator, EmuPerson } from '../platform/emulator/api.js';
import type { BroadcastRoomRecord, TestbedRecord } from '../domain.js';
import type { RecordedConnection, RecordedEvent } from '../app/record-format.js';

export const BOT_EMAIL = 'testbed-monitor@webex.bot';
const ROOM_PSEUDONYM = /^room-[0-9a-f]{16}$/;

interface RoomPlan {
  name: string;
  type: 'group' | 'direct';
  members: string[];
}

export interface ReplayWorld {
  bot: EmuPerson;
  /** Pseudonymous person id → emulator person. */
  people: Map<string, EmuPerson>;
  /** Pseudonymous room id → emulator room id. */
  rooms: Map<string, string>;
  /** Rooms the events happened in (approved for the replayed bot). */
  eventRoomIds: string[];
  /** The broadcast room document: every room a recorded broadcast chose. */
  broadcastRooms: BroadcastRoomRecord[];
  /** Emulator id (room or person) → label, for the transcript. */
  labels: Map<string, string>;
  /** Email → label, for direct messages. */
  emailLabels: Map<string, string>;
}

/** The room ids a `room_ids` choice names (tokens that are not room pseudonyms are left alone). */
export function chosenRooms(event: RecordedEvent['event']): string[] {
  if (event.type !== 'cardAction' || typeof event.inputs.room_ids !== 'string') return [];
  return event.inputs.room_ids
    .split(',')
    .map((token) => token.trim())
    .filter((token) => ROOM_PSEUDONYM.test(token));
}

function planRooms(lines: Array<RecordedEvent | RecordedConnection>): Map<string, RoomPlan> {
  const plans = new Map<string, RoomPlan>();
  const events = lines.filter((line): line is RecordedEvent => line.kind === 'event');
  for (const { event, room } of events) {
    const plan = plans.get(event.roomId) ?? { name: room.name, type: event.roomType, members: [] };
    if (!plan.members.includes(event.personId)) plan.members.push(event.personId);
    plans.set(event.roomId, plan);
  }
  const used = [...plans.values()].map((plan) => Number(/^Room (\d+)$/.exec(plan.name)?.[1] ?? 0));
  let next = Math.max(0, ...used) + 1;
  for (const { event } of events) {
    for (const roomId of chosenRooms(event)) {
      if (!plans.has(roomId)) plans.set(roomId, { name: `Room ${next++}`, type: 'group', members: [] });
    }
  }
  return plans;
}

export function buildWorld(emu: Emulator, input: { botName: string; lines: Array<RecordedEvent | RecordedConnection>; testbeds: TestbedRecord[] }): ReplayWorld {
  const bot = emu.createBot({ displayName: input.botName, email: BOT_EMAIL });
  const people = new Map<string, EmuPerson>();
  const labels = new Map<string, string>([[bot.id, input.botName]]);
  const emailLabels = new Map<string, string>();
  const emails = new Set<string>([BOT_EMAIL]);
  const addPerson = (name: string, email: string): EmuPerson | undefined => {
    const key = email.toLowerCase();
    if (emails.has(key)) return undefined;
    emails.add(key);
    const person = emu.createPerson({ displayName: name, email });
    labels.set(person.id, name);
    emailLabels.set(key, name);
    return person;
  };
  for (const line of input.lines) {
    if (line.kind !== 'event' || people.has(line.event.personId)) continue;
    const person = addPerson(line.person.name, line.person.email);
    if (person) people.set(line.event.personId, person);
  }
  for (const record of input.testbeds) {
    if (record.user_email) addPerson(record.user_name ?? record.user_email, record.user_email);
  }

  const rooms = new Map<string, string>();
  const eventRoomIds: string[] = [];
  const broadcastRooms: BroadcastRoomRecord[] = [];
  const chosen = new Set(input.lines.flatMap((line) => (line.kind === 'event' ? chosenRooms(line.event) : [])));
  for (const [pseudonym, plan] of planRooms(input.lines)) {
    const members = plan.members.map((id) => people.get(id)).filter((person): person is EmuPerson => person !== undefined);
    const created =
      plan.type === 'direct' && members.length > 0
        ? emu.directRoom(members[0].id, bot.id)
        : emu.createRoom({ title: plan.name, type: 'group', memberIds: [bot.id, ...members.map((person) => person.id)] });
    rooms.set(pseudonym, created.id);
    labels.set(created.id, plan.type === 'direct' ? `direct room of ${members[0]?.displayName ?? plan.name}` : plan.name);
    if (plan.members.length > 0) eventRoomIds.push(created.id);
    if (chosen.has(pseudonym)) broadcastRooms.push({ name: plan.name, room_id: created.id, description: '' });
  }
  return { bot, people, rooms, eventRoomIds, broadcastRooms, labels, emailLabels };
}
