/** The broadcast room list (broadcast_rooms.json), read-only for the bot: edited by people, validated on load. */
import type { BroadcastRoomRecord } from '../domain.js';
import type { JsonDocument } from './db.js';
import type { BroadcastRoomsDocument } from './schema.js';

export interface BroadcastRoomRepository {
  all(): BroadcastRoomRecord[];
}

export function createBroadcastRoomRepository(document: JsonDocument<BroadcastRoomsDocument>): BroadcastRoomRepository {
  return {
    all: () => document.data.broadcast_rooms.map((r) => ({ name: r.name, room_id: r.room_id, description: r.description })),
  };
}
