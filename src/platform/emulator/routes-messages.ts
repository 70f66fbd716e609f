/**
 * REST: messages and attachment actions. The same lookups are offered under
 * the conversation service link with raw UUIDs, as Webex's conversation
 * service answers them. Stored records go out as they are (their keys are in the platform's
 * order): a response body is turned into JSON at once and never kept; messages go out as
 * `messageText` makes them, their card embedded as the stored JSON text.
 */
import { canSee } from './activities.js';
import { messageText } from './format.js';
import { clampMax, HttpError, isRecord, nextPageLinkHeader } from './http-util.js';
import type { RouteEnv } from './route-env.js';
import type { Route, RouteContext, RouteResult } from './server.js';
import type { MessageRec, PersonRec, RoomRec } from './store.js';

const DESTINATION =
  'Message destination could not be determined. Provide only one destination in the roomId, toPersonEmail, or toPersonId field.';
const ROOM_NOT_FOUND = 'Could not find a room with provided ID.';

export function messageRoutes(env: RouteEnv): Route[] {
  const { store, ops } = env;

  const memberRoom = (caller: PersonRec, roomId: unknown): RoomRec => {
    const room = typeof roomId === 'string' ? store.room(roomId, false) : undefined;
    if (!room || !room.members.has(caller.uuid)) throw new HttpError(404, ROOM_NOT_FOUND);
    return room;
  };

  const getMessage = (ctx: RouteContext, raw: boolean): RouteResult => {
    const msg = store.message(ctx.params[0], raw);
    const room = msg ? store.roomByUuid(msg.roomUuid) : undefined;
    if (!msg || !room || !room.members.has(ctx.caller.uuid)) throw new HttpError(404, 'Unable to get message.');
    if (!canSee(env.activity, msg, room, ctx.caller)) throw new HttpError(403, 'Failed to get activity.');
    return { status: 200, json: messageText(msg) };
  };

  const getAction = (ctx: RouteContext, raw: boolean): RouteResult => {
    const action = store.action(ctx.params[0], raw);
    if (!action) throw new HttpError(404, 'Unable to get attachment action.');
    if (action.cardAuthorUuid !== ctx.caller.uuid) {
      const room = store.room(action.json.roomId);
      const member = room?.members.has(ctx.caller.uuid) ?? false;
      throw new HttpError(member ? 403 : 404, member ? 'Only the card author can read this attachment action.' : 'Unable to get attachment action.');
    }
    return { status: 200, body: action.json };
  };

  const postMessage = (ctx: RouteContext): RouteResult => {
    const body = ctx.body;
    if (!isRecord(body)) throw new HttpError(400, 'The request body must be a JSON object.');
    const present = (key: string) => body[key] !== undefined && body[key] !== null && body[key] !== '';
    if (['roomId', 'toPersonEmail', 'toPersonId'].filter(present).length !== 1) throw new HttpError(400, DESTINATION);
    const draft = ops.draftFromBody(body);
    let room: RoomRec;
    const echo: { toPersonEmail?: string; toPersonId?: string } = {};
    if (present('roomId')) {
      room = memberRoom(ctx.caller, body.roomId);
    } else {
      const byEmail = present('toPersonEmail');
      const ref = byEmail ? body.toPersonEmail : body.toPersonId;
      if (typeof ref !== 'string') throw new HttpError(400, DESTINATION);
      const target = byEmail ? store.personByEmail(ref) : store.person(ref, false);
      if (!target) throw new HttpError(404, 'Unable to find the person to send the message to.');
      if (target.uuid === ctx.caller.uuid) throw new HttpError(400, 'Cannot send a direct message to yourself.');
      room = store.directRoom(ctx.caller, target);
      if (byEmail) echo.toPersonEmail = ref;
      else echo.toPersonId = ref;
    }
    const message = ops.createMessage(ctx.caller, { ...draft, ...echo, room, parentId: body.parentId as string | undefined }, ctx.trackingId);
    return { status: 200, json: messageText(message) };
  };

  const listMessages = (ctx: RouteContext): RouteResult => {
    const { query, caller } = ctx;
    if (!query.get('roomId')) throw new HttpError(400, 'roomId is required.');
    const room = memberRoom(caller, query.get('roomId'));
    const mentioned = query.get('mentionedPeople');
    const botInGroup = caller.type === 'bot' && room.type === 'group' && !env.activity.deliverUnmentionedToBots;
    if (botInGroup && !mentioned) throw new HttpError(403, 'Bots must use mentionedPeople=me to list group messages.');
    let items: MessageRec[] = store.allMessages().filter((m) => m.roomUuid === room.uuid && canSee(env.activity, m, room, caller));
    if (mentioned) {
      const uuids = mentioned.split(',').map((p) => (p.trim() === 'me' ? caller.uuid : store.uuidFrom(p.trim(), 'PEOPLE')));
      items = items.filter((m) => m.mentionUuids.some((u) => uuids.includes(u)));
    }
    const parentId = query.get('parentId');
    if (parentId) items = items.filter((m) => m.parentUuid === store.uuidFrom(parentId, 'MESSAGE'));
    const before = query.get('before');
    if (before) {
      const limit = Date.parse(before);
      if (Number.isNaN(limit)) throw new HttpError(400, 'Invalid before parameter.');
      items = items.filter((m) => Date.parse(m.json.created) < limit);
    }
    const beforeMessage = query.get('beforeMessage');
    if (beforeMessage) {
      const anchor = store.message(beforeMessage, false);
      if (!anchor) throw new HttpError(400, 'Invalid beforeMessage parameter.');
      items = items.filter((m) => m.seq < anchor.seq);
    }
    items.sort((a, b) => b.seq - a.seq);
    const max = clampMax(query.get('max'), 50, 1000);
    const page = items.slice(0, max);
    const headers: Record<string, string> = {};
    if (items.length > max) headers.Link = nextPageLinkHeader(env.links.url, ctx.path, query, 'beforeMessage', page[page.length - 1].json.id);
    return { status: 200, json: `{"items":[${page.map(messageText).join(',')}]}`, headers };
  };

  const postAction = (ctx: RouteContext): RouteResult => {
    const body = ctx.body;
    if (!isRecord(body)) throw new HttpError(400, 'The request body must be a JSON object.');
    if (body.type !== 'submit') throw new HttpError(400, 'Invalid type: must be submit.');
    if (!isRecord(body.inputs)) throw new HttpError(400, 'Invalid inputs: must be an object.');
    const card = typeof body.messageId === 'string' ? store.message(body.messageId, false) : undefined;
    const room = card ? store.roomByUuid(card.roomUuid) : undefined;
    if (!card || !room || !room.members.has(ctx.caller.uuid)) throw new HttpError(404, 'Unable to find the message.');
    if (!card.card) throw new HttpError(400, 'The message has no card.');
    return { status: 200, body: ops.createAction(ctx.caller, card, room, body.inputs, ctx.trackingId).json };
  };

  return [
    { method: 'POST', pattern: /^\/v1\/messages\/?$/, handler: postMessage },
    { method: 'GET', pattern: /^\/v1\/messages\/?$/, handler: listMessages },
    { method: 'GET', pattern: /^\/v1\/messages\/([^/]+)\/?$/, handler: (ctx) => getMessage(ctx, false) },
    {
      method: 'DELETE',
      pattern: /^\/v1\/messages\/([^/]+)\/?$/,
      handler: (ctx) => {
        const msg = store.message(ctx.params[0], false);
        const room = msg ? store.roomByUuid(msg.roomUuid) : undefined;
        if (!msg || !room || !room.members.has(ctx.caller.uuid)) throw new HttpError(404, 'Unable to delete message.');
        ops.deleteMessage(ctx.caller, msg, ctx.trackingId);
        return { status: 204 };
      },
    },
    { method: 'POST', pattern: /^\/v1\/attachment\/actions\/?$/, handler: postAction },
    { method: 'GET', pattern: /^\/v1\/attachment\/actions\/([^/]+)\/?$/, handler: (ctx) => getAction(ctx, false) },
    { method: 'GET', pattern: /^\/conversation\/api\/v1\/messages\/([^/]+)\/?$/, handler: (ctx) => getMessage(ctx, true) },
    {
      method: 'GET',
      pattern: /^\/conversation\/api\/v1\/attachment\/actions\/([^/]+)\/?$/,
      handler: (ctx) => getAction(ctx, true),
    },
  ];
}
