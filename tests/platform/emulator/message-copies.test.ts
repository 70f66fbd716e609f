/**
 * One message, many readers: the emulator keeps a card once (as JSON text) and hands every reader
 * the same message, in the platform's key order, as a copy of its own.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator } from '../../../src/platform/emulator/index.js';
import { decodeId } from '../../../src/platform/ids.js';
import type { Emulator, EmuMessage, EmuPerson, EmuRoom } from '../../../src/platform/emulator/api.js';
import { api, connect } from './helpers.js';

const CARD_TYPE = 'application/vnd.microsoft.card.adaptive';
/** Parsed from text so that "__proto__" is a plain key, as it is in a request body. */
const CARD = JSON.parse(
  JSON.stringify({
    type: 'AdaptiveCard',
    version: '1.3',
    body: [
      { type: 'TextBlock', text: 'Grüße aus dem Labor ✓ "lab-3" \\ done', wrap: true },
      { type: 'FactSet', facts: [{ title: 'Holder', value: 'Ada <ada@example.com>' }] },
    ],
    actions: [{ type: 'Action.Submit', title: 'Status', data: { action: 'status', page: 2, flags: [true, null] } }],
  }).replace('"version"', '"__proto__":{"polluted":true},"version"'),
) as Record<string, unknown>;

const MESSAGE_KEYS = ['id', 'roomId', 'roomType', 'text', 'attachments', 'personId', 'personEmail', 'created'];

let emu: Emulator;
let bot: EmuPerson;
let ada: EmuPerson;
let room: EmuRoom;

beforeEach(async () => {
  emu = await startEmulator();
  bot = emu.createBot({ displayName: 'Testbed Monitor', email: 'testbed-monitor@webex.bot' });
  ada = emu.createPerson({ displayName: 'Ada Ops', email: 'ada@example.com' });
  room = emu.createRoom({ title: 'Lab team', memberIds: [ada.id, bot.id] });
});
afterEach(async () => {
  await emu.stop();
});

async function postCard(): Promise<EmuMessage> {
  const res = await api(emu, 'POST', '/v1/messages', bot.token, { roomId: room.id, text: 'Testbed status', attachments: [{ contentType: CARD_TYPE, content: CARD }] });
  expect(res.status).toBe(200);
  return res.json as EmuMessage;
}

describe('a card message', () => {
  it('reads the same in the post answer, GET, the list, the conversation link, events and the programmatic copy', async () => {
    const events: EmuMessage[] = [];
    emu.subscribe((event) => {
      if (event.type === 'message.created') events.push(event.message);
    });
    const posted = await postCard();
    expect(Object.keys(posted)).toEqual(MESSAGE_KEYS);
    expect(JSON.stringify(posted.attachments)).toBe(JSON.stringify([{ contentType: CARD_TYPE, content: CARD }]));
    expect(Object.keys(posted.attachments![0].content)).toContain('__proto__');

    const read = await api(emu, 'GET', `/v1/messages/${posted.id}`, ada.token);
    expect(JSON.stringify(read.json)).toBe(JSON.stringify(posted));
    const listed = await api(emu, 'GET', `/v1/messages?roomId=${room.id}`, ada.token);
    expect(JSON.stringify(listed.json)).toBe(JSON.stringify({ items: [posted] }));
    const raw = await api(emu, 'GET', `/conversation/api/v1/messages/${decodeId(posted.id)!.uuid}`, ada.token);
    expect(JSON.stringify(raw.json)).toBe(JSON.stringify(posted));
    expect(JSON.stringify(emu.messages())).toBe(JSON.stringify([posted]));
    expect(JSON.stringify(events)).toBe(JSON.stringify([posted]));
    const copy = emu.messages()[0];
    expect(Object.keys(copy)).toEqual(MESSAGE_KEYS);
    expect(copy).toEqual(posted);
    expect(copy.attachments).toBe(copy.attachments);
    expect(structuredClone(emu.messages()[0])).toEqual(posted);
  });

  it('lets a caller replace the attachments of its copy, before or after reading them', async () => {
    const posted = await postCard();
    const unread = emu.messages()[0];
    unread.attachments = [];
    expect(unread.attachments).toEqual([]);
    const read = emu.messages()[0];
    expect(read.attachments).toHaveLength(1);
    read.attachments = undefined;
    expect(read.attachments).toBeUndefined();
    expect(Object.keys(read)).toEqual(MESSAGE_KEYS);
    expect(emu.messages()[0]).toEqual(posted);
  });

  it('goes out in the activity as the card text, inside an envelope in the platform key order', async () => {
    const adaSocket = await connect(emu, ada);
    const posted = await postCard();
    const { frame } = await adaSocket.next((f) => f.data?.activity?.verb === 'post');
    expect(Object.keys(frame)).toEqual(['id', 'sequenceNumber', 'timestamp', 'wsWriteTimestamp', 'trackingId', 'alertType', 'headers', 'filterMessage', 'data']);
    expect(frame.data.activity.object.cards).toEqual([JSON.stringify(CARD)]);
    expect(frame.data.activity.object.displayName).toBe(posted.text);
    adaSocket.close();
  });

  it('hands out copies: what a caller changes in its copy changes nothing stored', async () => {
    const events: EmuMessage[] = [];
    emu.subscribe((event) => {
      if (event.type === 'message.created') events.push(event.message);
    });
    const posted = await postCard();
    const listedCopy = emu.messages()[0];
    (listedCopy.attachments![0].content.body as { text: string }[])[0].text = 'changed in a listed copy';
    (events[0].attachments![0].content.body as { text: string }[])[0].text = 'changed in an event copy';
    listedCopy.attachments!.push({ contentType: 'text/plain', content: { type: 'AdaptiveCard', version: '1.3' } });

    const inputs: Record<string, unknown> = { action: 'status', choices: ['a'] };
    const action = emu.submitRaw({ personId: ada.id, messageId: posted.id, inputs });
    (inputs.choices as string[]).push('changed by the caller');
    action.inputs.action = 'changed in the returned copy';

    expect(JSON.stringify(emu.messages())).toBe(JSON.stringify([posted]));
    expect((await api(emu, 'GET', `/v1/messages/${posted.id}`, ada.token)).json).toEqual(posted);
    const readAction = await api(emu, 'GET', `/v1/attachment/actions/${action.id}`, bot.token);
    expect(readAction.json.inputs).toEqual({ action: 'status', choices: ['a'] });
  });

  it('is still the card a person clicks: submitCard reads it back from the stored text', async () => {
    const posted = await postCard();
    const action = emu.submitCard({ personId: ada.id, messageId: posted.id });
    expect(action.inputs).toEqual({ action: 'status', page: 2, flags: [true, null] });
  });
});

describe('an emulator started with recordFrames: false', () => {
  it('delivers the same frames, and frames() says it keeps no log', async () => {
    const quiet = await startEmulator({ recordFrames: false });
    try {
      const quietBot = quiet.createBot({ displayName: 'Testbed Monitor', email: 'testbed-monitor@webex.bot' });
      const quietAda = quiet.createPerson({ displayName: 'Ada Ops', email: 'ada@example.com' });
      const direct = quiet.directRoom(quietAda.id, quietBot.id);
      const botSocket = await connect(quiet, quietBot);
      const said = quiet.say({ personId: quietAda.id, roomId: direct.id, text: 'testbed' });
      const { frame } = await botSocket.next((f) => f.data?.activity?.verb === 'post');
      expect(frame.data.activity.object.displayName).toBe(said.text);
      expect(() => quiet.frames()).toThrow('recordFrames: false');
      botSocket.close();
    } finally {
      await quiet.stop();
    }
  });
});
