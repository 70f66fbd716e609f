/**
 * REST: people (`GET /people?id=a,b` answers each id as asked), rooms and
 * memberships (without roomId: the caller's own) with Link pagination, and
 * bot provisioning (`POST /bots`, used by npm run provision).
 */
import { membershipJson, personJson, roomJson } from './format.js';
import { HttpError, isRecord, paginate } from './http-util.js';
import type { RouteEnv } from './route-env.js';
import type { Route, RouteContext } from './server.js';
import type { RoomRec } from './store.js';

const ROOM_NOT_FOUND = 'Could not find a room with provided ID.';

export function peopleRoomRoutes(env: RouteEnv): Route[] {
  const { store } = env;
  const page = <T extends { seq: number }>(ctx: RouteContext, items: T[]) =>
    paginate(items, ctx.query, { base: env.links.url, path: ctx.path, fallbackMax: 100, cap: 1000 });
  const memberRoom = (ctx: RouteContext, id: string): RoomRec => {
    const room = store.room(id, false);
    if (!room || !room.members.has(ctx.caller.uuid)) throw new HttpError(404, ROOM_NOT_FOUND);
    return room;
  };

  return [
    { method: 'GET', pattern: /^\/v1\/people\/me\/?$/, handler: (ctx) => ({ status: 200, body: personJson(ctx.caller) }) },
    {
      method: 'GET',
      pattern: /^\/v1\/people\/([^/]+)\/?$/,
      handler: (ctx) => {
        const person = store.person(ctx.params[0], false);
        if (!person) throw new HttpError(404, 'Person not found.');
        return { status: 200, body: personJson(person) };
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/people\/?$/,
      handler: (ctx) => {
        const ids = ctx.query.get('id');
        const email = ctx.query.get('email');
        const displayName = ctx.query.get('displayName');
        let items: Record<string, unknown>[];
        if (ids) {
          items = ids
            .split(',')
            .map((id) => id.trim())
            .filter(Boolean)
            .flatMap((id) => {
              const p = store.person(id, false);
              return p ? [personJson(p, id)] : [];
            });
        } else if (email) {
          const p = store.personByEmail(email);
          items = p ? [personJson(p)] : [];
        } else if (displayName) {
          const wanted = displayName.toLowerCase();
          items = store
            .allPeople()
            .filter((p) => p.displayName.toLowerCase().startsWith(wanted))
            .map((p) => personJson(p));
        } else {
          throw new HttpError(400, 'Email, displayName, or id list should be specified.');
        }
        return { status: 200, body: { notFoundIds: null, items } };
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/rooms\/?$/,
      handler: (ctx) => {
        const type = ctx.query.get('type');
        if (type && type !== 'direct' && type !== 'group') throw new HttpError(400, 'Invalid type: must be direct or group.');
        const sortBy = ctx.query.get('sortBy');
        if (sortBy && !['id', 'lastactivity', 'created'].includes(sortBy)) throw new HttpError(400, 'Invalid sortBy: must be id, lastactivity or created.');
        // Like Webex: `lastactivity` and `created` list the newest first.
        const order =
          sortBy === 'lastactivity'
            ? (a: { lastActivity: string; seq: number }, b: { lastActivity: string; seq: number }) => b.lastActivity.localeCompare(a.lastActivity) || b.seq - a.seq
            : sortBy === 'created'
              ? (a: { seq: number }, b: { seq: number }) => b.seq - a.seq
              : (a: { seq: number }, b: { seq: number }) => a.seq - b.seq;
        const rooms = store
          .roomsOf(ctx.caller.uuid)
          .filter((r) => !type || r.type === type)
          .sort(order);
        const { page: items, headers } = page(ctx, rooms);
        return { status: 200, body: { items: items.map((r) => roomJson(store, r, ctx.caller.uuid)) }, headers };
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/rooms\/([^/]+)\/?$/,
      handler: (ctx) => ({ status: 200, body: roomJson(store, memberRoom(ctx, ctx.params[0]), ctx.caller.uuid) }),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/memberships\/?$/,
      handler: (ctx) => {
        const roomId = ctx.query.get('roomId');
        const personId = ctx.query.get('personId');
        const personEmail = ctx.query.get('personEmail');
        let rows: { room: RoomRec; seq: number; personUuid: string; created: string }[];
        if (roomId) {
          const room = memberRoom(ctx, roomId);
          const wantedUuid = personId ? store.uuidFrom(personId, 'PEOPLE') ?? '-' : undefined;
          const byEmail = personEmail ? store.personByEmail(personEmail)?.uuid ?? '-' : undefined;
          rows = [...room.members.values()]
            .filter((m) => (!wantedUuid || m.personUuid === wantedUuid) && (!byEmail || m.personUuid === byEmail))
            .map((m) => ({ room, ...m }));
        } else {
          if (personId || personEmail) throw new HttpError(400, 'personId and personEmail filters require roomId.');
          rows = store.roomsOf(ctx.caller.uuid).map((room) => ({ room, ...room.members.get(ctx.caller.uuid)! }));
        }
        rows.sort((a, b) => a.seq - b.seq);
        const { page: items, headers } = page(ctx, rows);
        return { status: 200, body: { items: items.map((row) => membershipJson(store, row.room, row)) }, headers };
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/bots\/?$/,
      handler: (ctx) => {
        if (ctx.caller.type !== 'person') throw new HttpError(403, 'Only people can create bots.');
        const body = isRecord(ctx.body) ? ctx.body : {};
        for (const field of ['name', 'username', 'avatar']) {
          const value = body[field];
          if (typeof value !== 'string' || !value.trim()) throw new HttpError(400, `Missing required field: ${field}.`);
        }
        const username = (body.username as string).trim().replace(/@webex\.bot$/i, '');
        if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(username)) throw new HttpError(400, 'Invalid username.');
        const email = `${username}@webex.bot`;
        if (store.personByEmail(email)) throw new HttpError(409, 'That bot username is already taken.');
        const bot = store.addPerson({
          displayName: (body.name as string).trim(),
          email,
          type: 'bot',
          avatar: body.avatar as string,
          orgUuid: ctx.caller.orgUuid,
        });
        return { status: 200, body: { id: bot.id, name: bot.displayName, created: bot.created, email, token: bot.token } };
      },
    },
  ];
}
