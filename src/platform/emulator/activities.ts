/**
 * `conversation.activity` payloads (docs/platform.md, From activity to event) as the emulator
 * sends them: plaintext (no `encryptionKeyUrl`, the emulator has no key
 * service), raw UUIDs, `target.url` under the conversation service link.
 * Payloads may share objects with the stored records: they are turned into JSON when sent and
 * never kept or changed.
 */
import { randomUUID } from 'node:crypto';
import type { ActionRec, MessageRec, PersonRec, RoomRec } from './store.js';

export interface ActivityContext {
  /** Conversation service link, e.g. http://127.0.0.1:4000/conversation/api/v1 */
  conversationUrl: string;
  botActorType: string;
  deliverUnmentionedToBots: boolean;
}

function actor(ctx: ActivityContext, p: PersonRec): Record<string, unknown> {
  return {
    id: p.uuid,
    entryUUID: p.uuid,
    objectType: 'person',
    type: p.type === 'bot' ? ctx.botActorType : 'PERSON',
    displayName: p.displayName,
    emailAddress: p.emails[0],
    entryEmail: p.emails[0],
    orgId: p.orgUuid,
  };
}

function target(ctx: ActivityContext, room: RoomRec): Record<string, unknown> {
  return {
    id: room.uuid,
    objectType: 'conversation',
    url: `${ctx.conversationUrl}/conversations/${room.uuid}`,
    tags: room.type === 'direct' ? ['ONE_ON_ONE'] : [],
  };
}

function envelopeData(activity: Record<string, unknown>): Record<string, unknown> {
  return { eventType: 'conversation.activity', activity };
}

/** `post` (or `share` for messages with files) for a created message; `cardJson` is its card's JSON text. */
export function postActivity(ctx: ActivityContext, msg: MessageRec, author: PersonRec, room: RoomRec, cardJson: string | undefined): Record<string, unknown> {
  const m = msg.json;
  const hasFiles = Array.isArray(m.files) && m.files.length > 0;
  const object: Record<string, unknown> = {
    objectType: hasFiles ? 'content' : 'comment',
    displayName: m.text ?? '',
    content: m.html ?? m.text ?? '',
  };
  if (m.markdown !== undefined) object.markdown = m.markdown;
  if (msg.mentionUuids.length > 0) {
    object.mentions = { items: msg.mentionUuids.map((uuid) => ({ id: uuid, objectType: 'person' })) };
  }
  if (hasFiles) object.files = { items: m.files!.map((url) => ({ objectType: 'file', url })) };
  if (cardJson !== undefined) object.cards = [cardJson];
  return envelopeData({
    id: msg.uuid,
    objectType: 'activity',
    verb: hasFiles ? 'share' : 'post',
    published: m.created,
    url: `${ctx.conversationUrl}/activities/${msg.uuid}`,
    actor: actor(ctx, author),
    object,
    target: target(ctx, room),
    ...(msg.parentUuid ? { parent: { id: msg.parentUuid, type: 'reply' } } : {}),
  });
}

/** `delete`: `object.id` is the deleted message's UUID. */
export function deleteActivity(ctx: ActivityContext, msg: MessageRec, by: PersonRec, room: RoomRec): Record<string, unknown> {
  const id = randomUUID();
  return envelopeData({
    id,
    objectType: 'activity',
    verb: 'delete',
    published: new Date().toISOString(),
    url: `${ctx.conversationUrl}/activities/${id}`,
    actor: actor(ctx, by),
    object: { objectType: 'activity', id: msg.uuid },
    target: target(ctx, room),
  });
}

/** `cardAction`: `activity.id` = attachment action UUID, `parent.id` = card message UUID. */
export function cardActionActivity(
  ctx: ActivityContext,
  action: ActionRec,
  cardMessageUuid: string,
  submitter: PersonRec,
  room: RoomRec,
): Record<string, unknown> {
  return envelopeData({
    id: action.uuid,
    objectType: 'activity',
    verb: 'cardAction',
    published: action.json.created,
    url: `${ctx.conversationUrl}/activities/${action.uuid}`,
    actor: actor(ctx, submitter),
    object: { objectType: 'submit', inputs: action.json.inputs },
    target: target(ctx, room),
    parent: { id: cardMessageUuid, type: 'cardAction' },
  });
}

/**
 * Whether `viewer` receives (and may read over REST) a message: room members
 * see everything, except that bots in group rooms only see messages that
 * mention them or that they wrote (unless `deliverUnmentionedToBots`).
 */
export function canSee(ctx: ActivityContext, msg: MessageRec, room: RoomRec, viewer: PersonRec): boolean {
  if (!room.members.has(viewer.uuid)) return false;
  if (viewer.type !== 'bot' || room.type === 'direct') return true;
  if (msg.authorUuid === viewer.uuid || ctx.deliverUnmentionedToBots) return true;
  return msg.mentionUuids.includes(viewer.uuid);
}
