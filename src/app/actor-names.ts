/**
 * Readable actor names for the Stately inspector (INSPECT=1): a conversation
 * shows as `conversation Lab Ops · Ada Lovelace` instead of its key with two
 * platform ids. Used only while inspecting: before an event creates an actor,
 * `learn` looks up the room title and the person's name (cached), and the host
 * names the actor with `nameOf`. The key stays the actor's systemId and log
 * binding; a failed look-up just leaves that part out.
 */
import type { Logger } from 'pino';
import type { Platform, PlatformEvent } from '../platform/port.js';
import type { LookUpPerson } from './people.js';
import type { ActorKey } from './actor-key.js';

export interface ActorNames {
  learn(event: PlatformEvent): Promise<void>;
  /** The display name for an actor key, or undefined to keep the key. */
  nameOf(key: ActorKey): string | undefined;
}

const MAX_ENTRIES = 1000;

function remember<V>(map: Map<string, V>, key: string, value: V): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > MAX_ENTRIES) map.delete(map.keys().next().value as string);
}

export function createActorNames(deps: { platform: Platform; lookUpPerson: LookUpPerson; logger: Logger }): ActorNames {
  const rooms = new Map<string, string>();
  const people = new Map<string, string>();

  async function learnRoom(roomId: string): Promise<void> {
    if (rooms.has(roomId)) return;
    for (const room of await deps.platform.listRooms()) remember(rooms, room.id, room.title);
    // Not among the bot's rooms: remember that too, so the list is not fetched again for it.
    if (!rooms.has(roomId)) remember(rooms, roomId, '');
  }

  async function learnPerson(personId: string): Promise<void> {
    if (people.has(personId)) return;
    remember(people, personId, (await deps.lookUpPerson(personId)).name);
  }

  return {
    async learn(event) {
      const results = await Promise.allSettled([learnRoom(event.roomId), learnPerson(event.personId)]);
      for (const result of results) {
        if (result.status === 'rejected') deps.logger.debug({ err: result.reason }, 'actor name look-up failed; the inspector shows the key');
      }
    },
    nameOf(key) {
      if (key.kind === 'testbed') return undefined;
      const parts = [rooms.get(key.roomId), people.get(key.personId)].filter((part): part is string => Boolean(part));
      return parts.length > 0 ? `${key.kind} ${parts.join(' · ')}` : undefined;
    },
  };
}
