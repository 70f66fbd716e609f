/**
 * Webex does not replay events that happened while the socket was down.
 * After a reconnect the adapter lists, over REST, the rooms active since the
 * connection was lost and their recent messages (in group rooms only those
 * that mention the bot, which is all a bot may read), and hands every message
 * it has not seen to the normal pipeline. Card submissions cannot be listed
 * over REST; those are lost with the socket. See docs/platform.md, Catching up
 * after a reconnect.
 */
import type { Logger } from 'pino';
import { uuidOf } from '../ids.js';
import type { MessageEvent, RoomType } from '../port.js';
import { PlatformError } from './errors.js';
import { nextPageUrl } from './outgoing.js';
import type { RestClient } from './rest.js';
import { messageToEvent, type MappingContext } from './to-platform-event.js';

export interface CatchUpDeps {
  rest: RestClient;
  logger: Logger;
  context: MappingContext;
  /** Delivers one event unless its id was already seen; true when delivered. */
  push(event: MessageEvent, activityId: string): boolean;
  now?: () => number;
}

interface RoomItem {
  id?: unknown;
  type?: unknown;
  lastActivity?: unknown;
}

interface MessageItem {
  created?: unknown;
}

const MAX_ROOM_PAGES = 3;
const MESSAGES_PER_ROOM = 25;

async function activeRooms(rest: RestClient, since: number): Promise<{ id: string; type: RoomType }[]> {
  const rooms: { id: string; type: RoomType }[] = [];
  let res = await rest.request<{ items?: RoomItem[] }>('GET', 'rooms', { searchParams: { sortBy: 'lastactivity', max: 100 } });
  for (let page = 1; ; page++) {
    const items = Array.isArray(res.body?.items) ? res.body.items : [];
    for (const item of items) {
      const last = typeof item.lastActivity === 'string' ? Date.parse(item.lastActivity) : NaN;
      // Newest first: the first room older than the outage ends the search.
      if (!(last >= since)) return rooms;
      if (typeof item.id === 'string') rooms.push({ id: item.id, type: item.type === 'direct' ? 'direct' : 'group' });
    }
    const next = nextPageUrl(res.headers.link);
    if (!next || page >= MAX_ROOM_PAGES) return rooms;
    res = await rest.request<{ items?: RoomItem[] }>('GET', next);
  }
}

async function missedIn(rest: RestClient, room: { id: string; type: RoomType }, since: number): Promise<unknown[]> {
  const searchParams: Record<string, string | number> = { roomId: room.id, max: MESSAGES_PER_ROOM };
  if (room.type === 'group') searchParams.mentionedPeople = 'me';
  const res = await rest.request<{ items?: MessageItem[] }>('GET', 'messages', { searchParams });
  const items = Array.isArray(res.body?.items) ? res.body.items : [];
  // Listed newest first; handle them in the order they were written.
  return items.filter((item) => typeof item.created === 'string' && Date.parse(item.created) >= since).reverse();
}

/** Returns how many missed messages were handed on. Never throws: catching up is best effort. */
export async function catchUp(deps: CatchUpDeps, lostAt: number, maxAgeMs: number): Promise<number> {
  const now = deps.now?.() ?? Date.now();
  // A few seconds of slack before the loss: frames in flight when the socket died.
  const since = Math.max(lostAt - 5_000, now - maxAgeMs);
  let delivered = 0;
  try {
    for (const room of await activeRooms(deps.rest, since)) {
      let messages: unknown[];
      try {
        messages = await missedIn(deps.rest, room, since);
      } catch (error) {
        const e = error instanceof PlatformError ? error : undefined;
        deps.logger.debug({ roomId: room.id, code: e?.code, status: e?.status }, 'catch-up: room not readable; skipped');
        continue;
      }
      for (const message of messages) {
        const mapped = messageToEvent(message, room.type, deps.context, new Date(now).toISOString());
        if (!mapped.ok) continue;
        if (deps.push(mapped.event, uuidOf(mapped.event.id))) delivered++;
      }
    }
  } catch (error) {
    const e = error instanceof PlatformError ? error : undefined;
    deps.logger.warn({ code: e?.code, status: e?.status }, 'catch-up after reconnect failed');
  }
  if (delivered > 0) deps.logger.info({ delivered }, 'caught up with messages sent while disconnected');
  return delivered;
}
