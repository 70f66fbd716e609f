import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decodeId } from '../../../src/platform/ids.js';
import { startEmulator } from '../../../src/platform/emulator/index.js';
import type { Emulator, EmuPerson } from '../../../src/platform/emulator/api.js';
import { api, connect } from './helpers.js';

let emu: Emulator;
let bot: EmuPerson;
let ada: EmuPerson;

beforeEach(async () => {
  emu = await startEmulator();
  bot = emu.createBot({ displayName: 'Testbed Monitor', email: 'testbed-monitor@webex.bot' });
  ada = emu.createPerson({ displayName: 'Ada Ops', email: 'ada@example.com' });
});
afterEach(async () => {
  await emu.stop();
});

function nextOf(link: string | null): string | undefined {
  return link ? /<([^>]+)>;\s*rel="next"/.exec(link)?.[1] : undefined;
}

async function followAll(path: string, token: string): Promise<{ items: any[]; pages: number }> {
  const items: any[] = [];
  let pages = 0;
  let next: string | undefined = path;
  while (next) {
    const res = await api(emu, 'GET', next, token);
    expect(res.status).toBe(200);
    items.push(...res.json.items);
    pages++;
    next = nextOf(res.headers.get('link'));
  }
  return { items, pages };
}

describe('people', () => {
  it('answers /people/me and /people/{id} with the profile; /people?id= echoes ids exactly as asked', async () => {
    const me = await api(emu, 'GET', '/v1/people/me', bot.token);
    expect(me.json).toMatchObject({ id: bot.id, emails: ['testbed-monitor@webex.bot'], displayName: 'Testbed Monitor', type: 'bot', firstName: 'Testbed' });
    expect((await api(emu, 'GET', `/v1/people/${ada.id}`, bot.token)).json).toMatchObject({ id: ada.id, type: 'person', emails: ['ada@example.com'] });
    expect((await api(emu, 'GET', `/v1/people/${ada.uuid}`, bot.token)).status).toBe(404);
    const urlSafe = Buffer.from(`ciscospark://us/PEOPLE/${ada.uuid}`).toString('base64url');
    const list = await api(emu, 'GET', `/v1/people?id=${bot.id},${urlSafe}&showAllTypes=false`, bot.token);
    expect(list.json.items.map((p: { id: string }) => p.id)).toEqual([bot.id, urlSafe]);
  });

  it('requires a token on every REST route, with a TrackingID header and the error body', async () => {
    for (const path of ['/v1/people/me', '/v1/rooms', '/v1/messages', '/v1/memberships']) {
      const res = await api(emu, 'GET', path, undefined);
      expect(res.status).toBe(401);
      expect(res.headers.get('trackingid')).toBe(res.json.trackingId);
      expect(res.json.errors).toEqual([{ description: res.json.message }]);
    }
  });

  it('creates demo tokens shaped <x>_<y>_<orgUuid>', () => {
    const parts = ada.token.split('_');
    expect(parts).toHaveLength(3);
    expect(decodeId(ada.orgId)!.uuid).toBe(parts[2]);
  });
});

describe('rooms and memberships', () => {
  it('pages through /rooms with Link rel="next", filtering by type and clamping max', async () => {
    const created = Array.from({ length: 5 }, (_, i) => emu.createRoom({ title: `Room ${i}`, memberIds: [ada.id, bot.id] }));
    emu.directRoom(ada.id, bot.id);
    const all = await followAll('/v1/rooms?max=2', bot.token);
    expect(all.pages).toBe(3);
    expect(all.items).toHaveLength(6);
    const groups = await followAll('/v1/rooms?type=group&max=2', bot.token);
    expect(groups.items.map((r) => r.id)).toEqual(created.map((r) => r.id));
    expect(groups.items.every((r) => r.type === 'group')).toBe(true);
    const clamped = await api(emu, 'GET', '/v1/rooms?max=0', bot.token);
    expect(clamped.json.items).toHaveLength(1);
    const big = await api(emu, 'GET', '/v1/rooms?max=5000', bot.token);
    expect(big.json.items).toHaveLength(6);
    expect(big.headers.get('link')).toBeNull();
  });

  it('names a direct room after the other person and keeps room ids identical everywhere', async () => {
    const direct = emu.directRoom(ada.id, bot.id);
    const seenByBot = await api(emu, 'GET', `/v1/rooms/${direct.id}`, bot.token);
    expect(seenByBot.json).toMatchObject({ id: direct.id, type: 'direct', title: 'Ada Ops' });
    expect((await api(emu, 'GET', `/v1/rooms/${direct.id}`, ada.token)).json.title).toBe('Testbed Monitor');
    const outsider = emu.createPerson({ displayName: 'Out Sider', email: 'out@example.com' });
    expect((await api(emu, 'GET', `/v1/rooms/${direct.id}`, outsider.token)).status).toBe(404);
    const memberships = await api(emu, 'GET', `/v1/memberships?roomId=${direct.id}`, bot.token);
    expect(memberships.json.items.map((m: { roomId: string }) => m.roomId)).toEqual([direct.id, direct.id]);
  });

  it('lists the caller’s memberships without roomId, a room’s members with it, and filters by email', async () => {
    const rooms = Array.from({ length: 3 }, (_, i) => emu.createRoom({ title: `R${i}`, memberIds: [ada.id, bot.id] }));
    const bob = emu.createPerson({ displayName: 'Bob Builder', email: 'bob@example.com' });
    emu.addMember(rooms[0].id, bob.id);
    const mine = await followAll('/v1/memberships?max=2', bot.token);
    expect(mine.pages).toBe(2);
    expect(mine.items.map((m) => m.roomId)).toEqual(rooms.map((r) => r.id));
    expect(mine.items.every((m) => m.personId === bot.id)).toBe(true);
    const members = await api(emu, 'GET', `/v1/memberships?roomId=${rooms[0].id}`, bot.token);
    expect(members.json.items.map((m: { personEmail: string }) => m.personEmail)).toEqual(['ada@example.com', 'testbed-monitor@webex.bot', 'bob@example.com']);
    const one = await api(emu, 'GET', `/v1/memberships?roomId=${rooms[0].id}&personEmail=bob@example.com`, bot.token);
    expect(one.json.items).toHaveLength(1);
    expect(one.json.items[0]).toMatchObject({ personId: bob.id, personDisplayName: 'Bob Builder', roomType: 'group' });
    expect((await api(emu, 'GET', '/v1/memberships?personEmail=bob@example.com', bot.token)).status).toBe(400);
  });
});

describe('POST /bots', () => {
  it('creates a usable bot with a token, and rejects missing fields and non-person callers', async () => {
    const res = await api(emu, 'POST', '/v1/bots', ada.token, { name: 'Lab Bot', username: 'lab-bot', avatar: 'https://example.com/a.png' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ name: 'Lab Bot', email: 'lab-bot@webex.bot' });
    expect(Object.keys(res.json).sort()).toEqual(['created', 'email', 'id', 'name', 'token']);
    const me = await api(emu, 'GET', '/v1/people/me', res.json.token);
    expect(me.json).toMatchObject({ id: res.json.id, type: 'bot', emails: ['lab-bot@webex.bot'] });
    const socket = await connect(emu, { ...me.json, token: res.json.token });
    socket.close();

    for (const missing of ['name', 'username', 'avatar']) {
      const body: Record<string, string> = { name: 'N', username: `u-${missing}`, avatar: 'https://example.com/a.png' };
      delete body[missing];
      const bad = await api(emu, 'POST', '/v1/bots', ada.token, body);
      expect(bad.status).toBe(400);
      expect(bad.json.message).toContain(missing);
    }
    expect((await api(emu, 'POST', '/v1/bots', bot.token, { name: 'N', username: 'n', avatar: 'a' })).status).toBe(403);
    expect((await api(emu, 'POST', '/v1/bots', undefined, { name: 'N', username: 'n', avatar: 'a' })).status).toBe(401);
  });
});

describe('REST faults', () => {
  it('answers an injected 429 with Retry-After the given number of times, then recovers', async () => {
    emu.faults.restFault({ method: 'GET', path: /^\/people\/me$/, status: 429, retryAfter: 7, times: 2 });
    for (let i = 0; i < 2; i++) {
      const res = await api(emu, 'GET', '/v1/people/me', bot.token);
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toBe('7');
      expect(res.json.trackingId).toBe(res.headers.get('trackingid'));
    }
    expect((await api(emu, 'GET', '/v1/people/me', bot.token)).status).toBe(200);
  });

  it('matches faults by method and body predicate, and clears them', async () => {
    const room = emu.createRoom({ title: 'R', memberIds: [ada.id, bot.id] });
    const other = emu.createRoom({ title: 'S', memberIds: [ada.id, bot.id] });
    emu.faults.restFault({ method: 'POST', path: /^\/messages$/, status: 503, retryAfter: 1, times: Infinity, when: (b) => (b as { roomId?: string }).roomId === room.id });
    expect((await api(emu, 'POST', '/v1/messages', bot.token, { roomId: room.id, text: 'x' })).status).toBe(503);
    expect((await api(emu, 'POST', '/v1/messages', bot.token, { roomId: other.id, text: 'x' })).status).toBe(200);
    expect((await api(emu, 'POST', '/v1/messages', bot.token, { roomId: room.id, text: 'x' })).status).toBe(503);
    expect((await api(emu, 'GET', `/v1/rooms/${room.id}`, bot.token)).status).toBe(200);
    emu.faults.clearRestFaults();
    expect((await api(emu, 'POST', '/v1/messages', bot.token, { roomId: room.id, text: 'x' })).status).toBe(200);
    expect(emu.messages().map((m) => m.roomId)).toEqual([other.id, room.id]);
  });

  it('applies faults to device routes by their full path', async () => {
    emu.faults.restFault({ path: /^\/wdm\/api\/v1\/devices$/, status: 500 });
    expect((await api(emu, 'GET', '/wdm/api/v1/devices', bot.token)).status).toBe(500);
    expect((await api(emu, 'GET', '/wdm/api/v1/devices', bot.token)).status).toBe(200);
  });

  it('still answers correctly with a response delay', async () => {
    emu.faults.restDelay(30);
    expect((await api(emu, 'GET', '/v1/people/me', bot.token)).json.id).toBe(bot.id);
    emu.faults.restDelay(0);
  });
});

describe('programmatic helpers', () => {
  it('waitForMessage resolves with an existing or a future message after `since`', async () => {
    const room = emu.createRoom({ title: 'R', memberIds: [ada.id, bot.id] });
    emu.say({ personId: ada.id, roomId: room.id, text: 'old', mentions: [bot.id] });
    const since = emu.messageCount();
    const pending = emu.waitForMessage((m) => m.personId === bot.id, { since, timeoutMs: 5000 });
    await api(emu, 'POST', '/v1/messages', bot.token, { roomId: room.id, text: 'reply' });
    expect((await pending).text).toBe('reply');
    expect((await emu.waitForMessage((m) => m.text === 'Testbed old')).personId).toBe(ada.id);
    await expect(emu.waitForMessage(() => false, { timeoutMs: 50 })).rejects.toThrow('no matching message');
  });

  it('emits message events to subscribers until they unsubscribe', async () => {
    const room = emu.createRoom({ title: 'R', memberIds: [ada.id, bot.id] });
    const seen: string[] = [];
    const unsubscribe = emu.subscribe((e) => seen.push(e.type));
    const msg = emu.say({ personId: ada.id, roomId: room.id, text: 'hi' });
    await api(emu, 'DELETE', `/v1/messages/${msg.id}`, ada.token);
    unsubscribe();
    emu.say({ personId: ada.id, roomId: room.id, text: 'unseen' });
    expect(seen).toEqual(['message.created', 'message.deleted']);
  });

  it('rejects unknown routes with 404 and wrong methods with 405, both with the error body', async () => {
    const missing = await api(emu, 'GET', '/v1/nothing-here', bot.token);
    expect(missing.status).toBe(404);
    expect(missing.json.trackingId).toBe(missing.headers.get('trackingid'));
    expect((await api(emu, 'PATCH', '/v1/messages', bot.token, {})).status).toBe(405);
  });
});
