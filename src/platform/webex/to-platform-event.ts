/**
 * Pure mapping from Webex socket activities (plus the REST object each one
 * points at) to the bot's PlatformEvents. Step 1 `planEnvelope` decides what,
 * if anything, to fetch; step 2 `toMessageEvent` / `toCardActionEvent` build
 * the event from the fetched object. No I/O, no clock: receive time is passed in.
 */
import { encodeId, sameObject } from '../ids.js';
import type { CardActionEvent, MessageEvent, RoomType } from '../port.js';
import { clusterForUrl, type HostCatalog } from './cluster.js';
import { checkActivity, checkAttachmentAction, checkEnvelope, checkMessage, type Activity, type Envelope } from './frames.js';

export interface BotProfile {
  /** Raw UUID of the bot person (decoded from GET /people/me). */
  uuid: string;
  displayName: string;
  firstName?: string;
  nickName?: string;
}

export interface MappingContext {
  bot: BotProfile;
  hostCatalog?: HostCatalog;
}

export type ActivityPlan =
  | { kind: 'fetchMessage'; activityId: string; restId: string; activity: Activity }
  | { kind: 'fetchCardAction'; activityId: string; restId: string; activity: Activity }
  | { kind: 'ignore'; reason: string; eventType: string; activityId?: string; verb?: string }
  | { kind: 'malformed'; problem: string };

export type Mapped<T> = { ok: true; event: T } | { ok: false; reason: string; malformed?: boolean };

const CONVERSATION_ACTIVITY = 'conversation.activity';

function actorUuid(activity: Activity): string | undefined {
  return activity.actor.entryUUID ?? activity.actor.id ?? undefined;
}

function isOneOnOne(activity: Activity): boolean {
  return Array.isArray(activity.target?.tags) && activity.target.tags.includes('ONE_ON_ONE');
}

const stringOr = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** The id and verb of an activity the bot itself made, read without trusting the shape; undefined for anyone else's. */
function ownEcho(envelope: Envelope, ctx: MappingContext): { activityId?: string; verb?: string } | undefined {
  const activity = (envelope.data as { activity?: unknown }).activity;
  if (!activity || typeof activity !== 'object') return undefined;
  const { actor, id, verb } = activity as { actor?: { entryUUID?: unknown; id?: unknown } | null; id?: unknown; verb?: unknown };
  const uuid = stringOr(actor?.entryUUID) ?? stringOr(actor?.id);
  if (!uuid || !sameObject(uuid, ctx.bot.uuid)) return undefined;
  return { activityId: stringOr(id), verb: stringOr(verb) };
}

export function planEnvelope(envelope: unknown, ctx: MappingContext): ActivityPlan {
  const checked = checkEnvelope(envelope);
  if (!checked.ok) return { kind: 'malformed', problem: `envelope: ${checked.problem}` };
  const eventType = checked.value.data.eventType;
  if (eventType !== CONVERSATION_ACTIVITY) return { kind: 'ignore', reason: 'event type', eventType };
  // Every reply the bot posts comes back on its socket: known by its actor alone, it skips the full shape check.
  const echo = ownEcho(checked.value, ctx);
  if (echo) return { kind: 'ignore', reason: 'own activity', eventType, ...echo };
  const act = checkActivity(envelope);
  if (!act.ok) return { kind: 'malformed', problem: `activity: ${act.problem}` };
  const activity = act.value;
  const base = { eventType, activityId: activity.id, verb: activity.verb };
  const actor = actorUuid(activity);
  if (actor && sameObject(actor, ctx.bot.uuid)) return { kind: 'ignore', reason: 'own activity', ...base };
  const cluster = clusterForUrl(ctx.hostCatalog, activity.target?.url ?? undefined);
  switch (activity.verb) {
    case 'post':
      if (activity.parent?.type === 'edit') return { kind: 'ignore', reason: 'edit', ...base };
      return { kind: 'fetchMessage', activityId: activity.id, restId: encodeId('MESSAGE', activity.id, cluster), activity };
    case 'cardAction':
      return { kind: 'fetchCardAction', activityId: activity.id, restId: encodeId('ATTACHMENT_ACTION', activity.id, cluster), activity };
    case 'update':
      return { kind: 'ignore', reason: 'edit', ...base };
    default:
      return { kind: 'ignore', reason: 'verb', ...base };
  }
}

export function toMessageEvent(activity: Activity, fetched: unknown, ctx: MappingContext, receivedAt: string): Mapped<MessageEvent> {
  return messageToEvent(fetched, isOneOnOne(activity) ? 'direct' : 'group', ctx, receivedAt);
}

/**
 * A REST message (GET /messages/{id}, or an item of GET /messages when catching
 * up) as a MessageEvent; `fallbackRoomType` is used when the message omits roomType.
 */
export function messageToEvent(fetched: unknown, fallbackRoomType: RoomType, ctx: MappingContext, receivedAt: string): Mapped<MessageEvent> {
  const checked = checkMessage(fetched);
  if (!checked.ok) return { ok: false, reason: `message: ${checked.problem}`, malformed: true };
  const message = checked.value;
  if (sameObject(message.personId, ctx.bot.uuid)) return { ok: false, reason: 'own message' };
  const roomType: RoomType = message.roomType ?? fallbackRoomType;
  const raw = message.text ?? '';
  const text = roomType === 'group' ? stripBotMention(raw, message.html ?? undefined, ctx.bot) : raw.trim();
  const parentId = threadRoot(fetched);
  return {
    ok: true,
    event: {
      type: 'message',
      id: message.id,
      roomId: message.roomId,
      roomType,
      personId: message.personId,
      personEmail: message.personEmail ?? '',
      text,
      ...(parentId === undefined ? {} : { parentId }),
      receivedAt,
    },
  };
}

/**
 * The `parentId` of a message in a thread, when it looks like a REST id. Read leniently: a message
 * whose `parentId` is odd is still answered, in the room rather than in the thread.
 */
function threadRoot(fetched: unknown): string | undefined {
  const parentId = (fetched as { parentId?: unknown }).parentId;
  return typeof parentId === 'string' && /^[A-Za-z0-9_=-]{1,300}$/.test(parentId) ? parentId : undefined;
}

export function toCardActionEvent(activity: Activity, fetched: unknown, ctx: MappingContext, receivedAt: string): Mapped<CardActionEvent> {
  const checked = checkAttachmentAction(fetched);
  if (!checked.ok) return { ok: false, reason: `attachment action: ${checked.problem}`, malformed: true };
  const action = checked.value;
  if (sameObject(action.personId, ctx.bot.uuid)) return { ok: false, reason: 'own card action' };
  return {
    ok: true,
    event: {
      type: 'cardAction',
      id: action.id,
      roomId: action.roomId,
      roomType: isOneOnOne(activity) ? 'direct' : 'group',
      personId: action.personId,
      messageId: action.messageId,
      inputs: action.inputs ?? {},
      receivedAt,
    },
  };
}

function decodeEntities(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&');
}

/** The visible text of the bot's spark-mention span in `html`, if any. */
function mentionTextIn(html: string, botUuid: string): string | undefined {
  const spans = html.matchAll(/<spark-mention\b([^>]*)>([\s\S]*?)<\/spark-mention>/gi);
  for (const [, attrs = '', inner = ''] of spans) {
    const id = /data-object-id\s*=\s*["']([^"']+)["']/i.exec(attrs)?.[1];
    const type = /data-object-type\s*=\s*["']([^"']+)["']/i.exec(attrs)?.[1];
    if (id && (!type || type.toLowerCase() === 'person') && sameObject(id, botUuid)) {
      const visible = decodeEntities(inner.replace(/<[^>]*>/g, '')).trim();
      if (visible) return visible;
    }
  }
  return undefined;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Removes the bot's mention from a group message: the exact span text when the
 * html carries a spark-mention of the bot, else leading token(s) equal to the
 * bot's display name, first name or nickname (case-insensitive). Trimmed.
 */
export function stripBotMention(text: string, html: string | undefined, bot: BotProfile): string {
  const mention = html ? mentionTextIn(html, bot.uuid) : undefined;
  if (mention) {
    const at = text.toLowerCase().indexOf(mention.toLowerCase());
    if (at >= 0) {
      const before = text.slice(0, at).trimEnd();
      const after = text.slice(at + mention.length).replace(/^[\s,:;]+/, '');
      return (before && after ? `${before} ${after}` : before || after).trim();
    }
  }
  const names = [bot.displayName, bot.firstName, bot.nickName, bot.displayName.split(/\s+/)[0]]
    .filter((name): name is string => typeof name === 'string' && name.trim() !== '')
    .map((name) => name.trim())
    .sort((a, b) => b.length - a.length);
  const trimmed = text.trim();
  for (const name of names) {
    const leading = new RegExp(`^@?${escapeRegExp(name)}(?=$|[\\s,:;])[\\s,:;]*`, 'i');
    if (leading.test(trimmed)) return trimmed.replace(leading, '').trim();
  }
  return trimmed;
}
