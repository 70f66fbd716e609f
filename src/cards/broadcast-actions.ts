/**
 * Broadcast card submits: action names and validation of their inputs.
 * Pure, never throws; only the expected keys are read (own properties only), so
 * unexpected keys, `__proto__` and `constructor` can never reach a result.
 *
 * Room choices carry a short code instead of the long REST room id so that a
 * selection card for 200 rooms stays small; `parseRoomSelection` accepts either
 * the code or the full id and resolves both against the allowed list only.
 */
import type { BroadcastKind, FormErrors, FormValues } from '../domain.js';
import { ACTIONS, type Invalid } from './actions.js';

/** The broadcast flow's card actions (the names themselves live in actions.ts). */
export const BROADCAST_ACTIONS = {
  open: ACTIONS.broadcast,
  roomsSubmit: ACTIONS.broadcastRoomsSubmit,
  messageSubmit: ACTIONS.broadcastMessageSubmit,
  confirm: ACTIONS.broadcastConfirm,
  back: ACTIONS.broadcastBack,
  cancel: ACTIONS.cancel,
} as const;

export const BROADCAST_KINDS: readonly BroadcastKind[] = ['availability', 'maintenance', 'usage'];
export const MAX_MESSAGE_LENGTH = 1000;
/** Longer `room_ids` strings are refused outright (no list of rooms is that long). */
const MAX_ROOM_IDS_LENGTH = 200_000;

export type { Invalid } from './actions.js';
export type RoomSelectionResult = { ok: true; roomIds: string[] } | Invalid;
export type BroadcastMessageResult = { ok: true; kind: BroadcastKind; text: string } | Invalid;

export const ROOM_ERRORS = {
  empty: 'Choose at least one room, or switch on "All rooms".',
  unknown: 'Some selected rooms are not on the broadcast list (any more). Nothing was sent; please choose again.',
  malformed: 'The room selection could not be read. Please choose the rooms again.',
} as const;

export const MESSAGE_ERRORS = {
  kind: 'Choose what kind of message to send.',
  tooLong: `Keep the message to ${MAX_MESSAGE_LENGTH} characters or fewer.`,
  malformed: 'The message could not be read. Please type it again.',
} as const;

/** Reads an own property only; anything inherited (e.g. via `__proto__`) is ignored. */
function own(inputs: unknown, key: string): unknown {
  if (inputs === null || typeof inputs !== 'object' || Array.isArray(inputs)) return undefined;
  return Object.prototype.hasOwnProperty.call(inputs, key) ? (inputs as Record<string, unknown>)[key] : undefined;
}

/** FNV-1a (32 bit) of the id, in base 36: a short, stable choice value. */
function shortHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `r${hash.toString(36)}`;
}

/**
 * Choice values for the selection card, keyed by room id: a short code, or the
 * full id for the (unlikely) rooms whose codes collide within this list.
 */
export function roomChoiceValues(roomIds: readonly string[]): Map<string, string> {
  const counts = new Map<string, number>();
  for (const id of roomIds) counts.set(shortHash(id), (counts.get(shortHash(id)) ?? 0) + 1);
  const values = new Map<string, string>();
  for (const id of roomIds) {
    const code = shortHash(id);
    values.set(id, counts.get(code) === 1 ? code : id);
  }
  return values;
}

function invalidRooms(error: string, roomIds: string, selectAll: boolean): Invalid {
  return { ok: false, errors: { room_ids: error }, values: { room_ids: roomIds, select_all: String(selectAll) } };
}

export function parseRoomSelection(inputs: Record<string, unknown>, ctx: { allowedRoomIds: string[] }): RoomSelectionResult {
  const rawIds = own(inputs, 'room_ids');
  const rawAll = own(inputs, 'select_all');
  if (rawIds !== undefined && (typeof rawIds !== 'string' || rawIds.length > MAX_ROOM_IDS_LENGTH)) {
    return invalidRooms(ROOM_ERRORS.malformed, '', false);
  }
  if (rawAll !== undefined && rawAll !== 'true' && rawAll !== 'false' && rawAll !== true && rawAll !== false) {
    return invalidRooms(ROOM_ERRORS.malformed, '', false);
  }
  const selectAll = rawAll === 'true' || rawAll === true;
  const tokens = [...new Set((rawIds ?? '').split(',').map((token) => token.trim()).filter((token) => token !== ''))];

  const allowed = [...new Set(ctx.allowedRoomIds)];
  const byToken = new Map<string, string>();
  for (const [id, value] of roomChoiceValues(allowed)) byToken.set(value, id);
  for (const id of allowed) byToken.set(id, id);

  const chosen = new Set<string>();
  const kept: string[] = [];
  let unknown = false;
  for (const token of tokens) {
    const id = byToken.get(token);
    if (id === undefined) unknown = true;
    else {
      chosen.add(id);
      kept.push(token);
    }
  }
  // One id that is not on the list refuses the whole submission: nothing is sent anywhere.
  if (unknown) return invalidRooms(ROOM_ERRORS.unknown, kept.join(','), selectAll);
  const roomIds = selectAll ? allowed : allowed.filter((id) => chosen.has(id));
  if (roomIds.length === 0) return invalidRooms(ROOM_ERRORS.empty, '', selectAll);
  return { ok: true, roomIds };
}

export function parseBroadcastMessage(inputs: Record<string, unknown>): BroadcastMessageResult {
  const rawKind = own(inputs, 'message_kind');
  const rawText = own(inputs, 'message_text');
  const errors: FormErrors = {};
  const values: FormValues = {};

  let kind: BroadcastKind | null = null;
  if (typeof rawKind === 'string' && (BROADCAST_KINDS as readonly string[]).includes(rawKind.trim())) {
    kind = rawKind.trim() as BroadcastKind;
    values.message_kind = kind;
  } else {
    errors.message_kind = MESSAGE_ERRORS.kind;
  }

  let text = '';
  if (rawText === undefined || rawText === null) text = '';
  else if (typeof rawText !== 'string') errors.message_text = MESSAGE_ERRORS.malformed;
  else {
    text = rawText.replace(/\r\n?/g, '\n').trim();
    values.message_text = text.slice(0, MAX_MESSAGE_LENGTH);
    if (text.length > MAX_MESSAGE_LENGTH) errors.message_text = MESSAGE_ERRORS.tooLong;
  }

  if (kind === null || Object.keys(errors).length > 0) return { ok: false, errors, values };
  return { ok: true, kind, text };
}
