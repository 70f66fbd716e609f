import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decodeId, encodeId } from '../../../src/platform/ids.js';
import { startEmulator } from '../../../src/platform/emulator/index.js';
import type { Emulator, EmuPerson, EmuRoom } from '../../../src/platform/emulator/api.js';
import { api, connect, type RawClient } from './helpers.js';

let emu: Emulator;
let bot: EmuPerson;
let ada: EmuPerson;
let bob: EmuPerson;
let group: EmuRoom;

beforeEach(async () => {
  emu = await startEmulator();
  bot = emu.createBot({ displayName: 'Testbed Monitor', email: 'testbed-monitor@webex.bot' });
  ada = emu.createPerson({ displayName: 'Ada Ops', email: 'ada@example.com' });
  bob = emu.createPerson({ displayName: 'Bob Builder', email: 'bob@example.com' });
  group = emu.createRoom({ title: 'Lab team', memberIds: [ada.id, bob.id, bot.id] });
});
afterEach(async () => {
  await emu.stop();
});

describe('say() → conversation.activity', () => {
  it('pushes a post activity whose ids decode to the message, room and author', async () => {
    const botSocket = await connect(emu, bot);
    const adaSocket = await connect(emu, ada);
    const direct = emu.directRoom(ada.id, bot.id);
    const message = emu.say({ personId: ada.id, roomId: direct.id, text: 'testbed' });

    const frame = (await botSocket.next((f) => f.data?.activity?.verb === 'post')).frame;
    const activity = frame.data.activity;
    expect(frame.data.eventType).toBe('conversation.activity');
    expect(activity.id).toBe(decodeId(message.id)!.uuid);
    expect(encodeId('MESSAGE', activity.id)).toBe(message.id);
    expect(activity.actor).toMatchObject({ entryUUID: ada.uuid, id: ada.uuid, type: 'PERSON', emailAddress: 'ada@example.com' });
    expect(activity.target).toMatchObject({ id: direct.uuid, objectType: 'conversation', tags: ['ONE_ON_ONE'] });
    expect(activity.target.url).toBe(`${emu.url}/conversation/api/v1/conversations/${direct.uuid}`);
    expect(activity.url).toBe(`${emu.url}/conversation/api/v1/activities/${activity.id}`);
    expect(activity.published).toBe(message.created);
    expect(activity).not.toHaveProperty('encryptionKeyUrl');
    expect(activity).not.toHaveProperty('parent');
    // the author's own sockets get it too
    expect((await adaSocket.next((f) => f.data?.activity?.id === activity.id)).frame.data.activity.verb).toBe('post');

    const fetched = await api(emu, 'GET', `/v1/messages/${encodeId('MESSAGE', activity.id)}`, bot.token);
    expect(fetched.status).toBe(200);
    expect(fetched.json).toEqual({
      id: message.id,
      roomId: direct.id,
      roomType: 'direct',
      text: 'testbed',
      personId: ada.id,
      personEmail: 'ada@example.com',
      created: message.created,
    });
    expect(fetched.headers.get('content-type')).toBe('application/json;charset=UTF-8');
    botSocket.close();
    adaSocket.close();
  });

  it('increases sequenceNumber by one per envelope on a connection', async () => {
    const socket = await connect(emu, bot);
    const direct = emu.directRoom(ada.id, bot.id);
    for (const text of ['one', 'two', 'three']) emu.say({ personId: ada.id, roomId: direct.id, text });
    await socket.next((f) => f.data?.activity?.verb === 'post' && socket.activities().length === 3);
    expect(socket.received.map((r) => r.frame.sequenceNumber)).toEqual([1, 2, 3, 4]);
    socket.close();
  });

  it('does not deliver an unmentioned group message to the bot, and GET answers 403', async () => {
    const botSocket = await connect(emu, bot);
    const bobSocket = await connect(emu, bob);
    const message = emu.say({ personId: ada.id, roomId: group.id, text: 'lunch?' });
    await bobSocket.next((f) => f.data?.activity?.id === decodeId(message.id)!.uuid);
    // frames on one socket keep their order: once the later mention arrives, the earlier one would have too
    const later = emu.say({ personId: ada.id, roomId: group.id, text: 'status', mentions: [bot.id] });
    await botSocket.next((f) => f.data?.activity?.id === decodeId(later.id)!.uuid);
    expect(botSocket.activities().map((f) => f.data.activity.id)).toEqual([decodeId(later.id)!.uuid]);
    const res = await api(emu, 'GET', `/v1/messages/${message.id}`, bot.token);
    expect(res.status).toBe(403);
    expect(res.json.message).toBe('Failed to get activity.');
    expect((await api(emu, 'GET', `/v1/messages/${message.id}`, bob.token)).status).toBe(200);
    botSocket.close();
    bobSocket.close();
  });

  it('delivers a mentioning group message to the bot, with the mention in text and html', async () => {
    const botSocket = await connect(emu, bot);
    const message = emu.say({ personId: ada.id, roomId: group.id, text: 'status lab-3', mentions: [bot.id] });
    const activity = (await botSocket.next((f) => f.data?.activity?.verb === 'post')).frame.data.activity;
    expect(activity.target.tags).toEqual([]);
    expect(activity.object.mentions.items).toEqual([{ id: bot.uuid, objectType: 'person' }]);
    const res = await api(emu, 'GET', `/v1/messages/${message.id}`, bot.token);
    expect(res.json.text).toBe('Testbed status lab-3');
    expect(res.json.mentionedPeople).toEqual([bot.id]);
    expect(res.json.roomType).toBe('group');
    expect(res.json.html).toContain(`<spark-mention data-object-type="person" data-object-id="${bot.id}">Testbed</spark-mention>`);
    botSocket.close();
  });

  it('delivers unmentioned group messages to bots when configured to', async () => {
    const open = await startEmulator({ deliverUnmentionedToBots: true });
    try {
      const b = open.createBot({ displayName: 'Bot', email: 'b@webex.bot' });
      const p = open.createPerson({ displayName: 'Pat', email: 'pat@example.com' });
      const room = open.createRoom({ title: 'G', memberIds: [p.id, b.id] });
      const socket: RawClient = await connect(open, b);
      const m = open.say({ personId: p.id, roomId: room.id, text: 'hi all' });
      await socket.next((f) => f.data?.activity?.id === decodeId(m.id)!.uuid);
      expect((await api(open, 'GET', `/v1/messages/${m.id}`, b.token)).status).toBe(200);
      socket.close();
    } finally {
      await open.stop();
    }
  });

  it('duplicates the next N activities when asked', async () => {
    const socket = await connect(emu, bot);
    const direct = emu.directRoom(ada.id, bot.id);
    emu.faults.duplicateActivities(1);
    const first = emu.say({ personId: ada.id, roomId: direct.id, text: 'twice' });
    emu.say({ personId: ada.id, roomId: direct.id, text: 'once' });
    await socket.next(() => socket.activities().length === 3);
    const ids = socket.activities().map((f) => f.data.activity.id);
    expect(ids.filter((id) => id === decodeId(first.id)!.uuid)).toHaveLength(2);
    const envelopeIds = socket.activities().map((f) => f.id);
    expect(new Set(envelopeIds).size).toBe(3);
    socket.close();
  });
});

describe('GET /messages/{id}', () => {
  it('decodes ids liberally but answers 404 for raw UUIDs and unknown ids', async () => {
    const direct = emu.directRoom(ada.id, bot.id);
    const message = emu.say({ personId: ada.id, roomId: direct.id, text: 'hello' });
    const uuid = decodeId(message.id)!.uuid;
    const urlSafe = Buffer.from(`ciscospark://urn:TEAM:eu-west-1_r/MESSAGE/${uuid}`).toString('base64url');
    const padded = `${encodeId('MESSAGE', uuid)}==`.slice(0, Math.ceil(message.id.length / 4) * 4);
    for (const id of [message.id, urlSafe, padded]) {
      expect((await api(emu, 'GET', `/v1/messages/${id}`, bot.token)).json.id).toBe(message.id);
    }
    expect((await api(emu, 'GET', `/v1/messages/${uuid}`, bot.token)).status).toBe(404);
    expect((await api(emu, 'GET', `/v1/messages/${encodeId('MESSAGE', '00000000-0000-0000-0000-000000000000')}`, bot.token)).status).toBe(404);
    expect((await api(emu, 'GET', `/v1/messages/${message.id}`, bob.token)).status).toBe(404);
    expect((await api(emu, 'GET', `/v1/messages/${message.id}`, undefined)).status).toBe(401);
  });
});

describe('POST /messages', () => {
  it('creates a message in a room, pushes it, and returns 200 with the message', async () => {
    const adaSocket = await connect(emu, ada);
    const res = await api(emu, 'POST', '/v1/messages', bot.token, { roomId: group.id, markdown: '**lab-3** is free, <@personEmail:ada@example.com|Ada>' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      roomId: group.id,
      roomType: 'group',
      personId: bot.id,
      personEmail: 'testbed-monitor@webex.bot',
      markdown: '**lab-3** is free, <@personEmail:ada@example.com|Ada>',
      text: 'lab-3 is free, Ada',
      mentionedPeople: [ada.id],
    });
    expect(res.json.html).toContain('<strong>lab-3</strong>');
    expect(res.headers.get('trackingid')).toMatch(/\S/);
    const activity = (await adaSocket.next((f) => f.data?.activity?.verb === 'post')).frame.data.activity;
    expect(activity.actor.type).toBe('BOT');
    expect(encodeId('MESSAGE', activity.id)).toBe(res.json.id);
    expect(emu.messages({ roomId: group.id }).map((m) => m.id)).toEqual([res.json.id]);
    adaSocket.close();
  });

  it('sends to a person by email or id through the direct room, echoing the destination', async () => {
    const byEmail = await api(emu, 'POST', '/v1/messages', bot.token, { toPersonEmail: 'ada@example.com', text: 'hi' });
    expect(byEmail.status).toBe(200);
    expect(byEmail.json.toPersonEmail).toBe('ada@example.com');
    expect(byEmail.json.roomType).toBe('direct');
    const byId = await api(emu, 'POST', '/v1/messages', bot.token, { toPersonId: ada.id, text: 'again' });
    expect(byId.json.toPersonId).toBe(ada.id);
    expect(byId.json.roomId).toBe(byEmail.json.roomId);
    expect(emu.directRoom(ada.id, bot.id).id).toBe(byEmail.json.roomId);
    expect(emu.messages({ toPersonEmail: 'ada@example.com' }).map((m) => m.text)).toEqual(['hi', 'again']);
  });

  it.each([
    ['two destinations', () => ({ roomId: group.id, toPersonEmail: 'ada@example.com', text: 'x' }), 400],
    ['no destination', () => ({ text: 'x' }), 400],
    ['no text, markdown or files', () => ({ roomId: group.id }), 400],
    ['text over 7439 bytes', () => ({ roomId: group.id, text: 'é'.repeat(3720) }), 400],
    ['markdown over 7439 bytes', () => ({ roomId: group.id, markdown: 'a'.repeat(7440) }), 400],
    ['a non-card attachment', () => ({ roomId: group.id, text: 'x', attachments: [{ contentType: 'text/plain', content: {} }] }), 400],
    ['an unknown room', () => ({ roomId: encodeId('ROOM', '11111111-2222-3333-4444-555555555555'), text: 'x' }), 404],
    ['a room the sender is not in', () => ({ roomId: emu.directRoom(ada.id, bob.id).id, text: 'x' }), 404],
    ['an unknown person', () => ({ toPersonEmail: 'nobody@example.com', text: 'x' }), 404],
  ])('rejects %s', async (_label, body, status) => {
    const res = await api(emu, 'POST', '/v1/messages', bot.token, body());
    expect(res.status).toBe(status);
    expect(res.json.errors[0].description).toBe(res.json.message);
    expect(res.json.trackingId).toBe(res.headers.get('trackingid'));
    expect(emu.messages()).toEqual([]);
  });

  it('accepts exactly 7439 bytes', async () => {
    expect((await api(emu, 'POST', '/v1/messages', bot.token, { roomId: group.id, text: 'a'.repeat(7439) })).status).toBe(200);
  });

  it('accepts a root message of the same room as parentId, and rejects replies and other rooms', async () => {
    const root = emu.say({ personId: ada.id, roomId: group.id, text: 'root', mentions: [bot.id] });
    const reply = await api(emu, 'POST', '/v1/messages', bot.token, { roomId: group.id, parentId: root.id, text: 'in thread' });
    expect(reply.status).toBe(200);
    expect(reply.json.parentId).toBe(root.id);
    const nested = await api(emu, 'POST', '/v1/messages', bot.token, { roomId: group.id, parentId: reply.json.id, text: 'x' });
    expect(nested.status).toBe(400);
    const otherRoom = emu.directRoom(ada.id, bot.id);
    const elsewhere = await api(emu, 'POST', '/v1/messages', bot.token, { roomId: otherRoom.id, parentId: root.id, text: 'x' });
    expect(elsewhere.status).toBe(400);
    const asRoom = await api(emu, 'POST', '/v1/messages', bot.token, { roomId: group.id, parentId: group.id, text: 'x' });
    expect(asRoom.status).toBe(400);
  });
});

describe('DELETE and list /messages', () => {
  it('deletes own messages only (204) and pushes a delete activity', async () => {
    const adaSocket = await connect(emu, ada);
    const mine = await api(emu, 'POST', '/v1/messages', bot.token, { roomId: group.id, text: 'oops' });
    const theirs = emu.say({ personId: ada.id, roomId: group.id, text: 'mine', mentions: [bot.id] });
    expect((await api(emu, 'DELETE', `/v1/messages/${theirs.id}`, bot.token)).status).toBe(403);
    const res = await api(emu, 'DELETE', `/v1/messages/${mine.json.id}`, bot.token);
    expect(res.status).toBe(204);
    expect(res.json).toBeUndefined();
    const del = (await adaSocket.next((f) => f.data?.activity?.verb === 'delete')).frame.data.activity;
    expect(del.object.id).toBe(decodeId(mine.json.id)!.uuid);
    expect((await api(emu, 'GET', `/v1/messages/${mine.json.id}`, bot.token)).status).toBe(404);
    expect(emu.messages().map((m) => m.id)).toEqual([theirs.id]);
    adaSocket.close();
  });

  it('lists mentioning messages newest first, following Link pagination; bots need mentionedPeople=me', async () => {
    const texts = ['a', 'b', 'c', 'd', 'e'];
    for (const text of texts) emu.say({ personId: ada.id, roomId: group.id, text, mentions: [bot.id] });
    emu.say({ personId: ada.id, roomId: group.id, text: 'not for the bot' });
    expect((await api(emu, 'GET', `/v1/messages?roomId=${group.id}`, bot.token)).status).toBe(403);
    const seen: string[] = [];
    let next: string | undefined = `/v1/messages?roomId=${group.id}&mentionedPeople=me&max=2`;
    while (next) {
      const res = await api(emu, 'GET', next, bot.token);
      expect(res.status).toBe(200);
      seen.push(...res.json.items.map((m: { text: string }) => m.text));
      const link = res.headers.get('link');
      next = link ? /<([^>]+)>;\s*rel="next"/.exec(link)![1] : undefined;
      if (next) expect(next).toContain('mentionedPeople=me');
    }
    expect(seen).toEqual(['Testbed e', 'Testbed d', 'Testbed c', 'Testbed b', 'Testbed a']);
    const all = await api(emu, 'GET', `/v1/messages?roomId=${group.id}`, ada.token);
    expect(all.json.items).toHaveLength(6);
  });
});
