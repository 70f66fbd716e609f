import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decodeId, encodeId } from '../../../src/platform/ids.js';
import { cardSubmission, startEmulator } from '../../../src/platform/emulator/index.js';
import type { Emulator, EmuMessage, EmuPerson, EmuRoom } from '../../../src/platform/emulator/api.js';
import { api, connect } from './helpers.js';

const FORM = {
  type: 'AdaptiveCard',
  version: '1.3',
  body: [
    { type: 'TextBlock', text: 'Register a testbed' },
    {
      type: 'Container',
      items: [
        {
          type: 'ColumnSet',
          columns: [
            { type: 'Column', items: [{ type: 'Input.ChoiceSet', id: 'testbed', value: 'lab-1', choices: [{ title: 'lab-1', value: 'lab-1' }, { title: 'lab-3', value: 'lab-3' }] }] },
            { type: 'Column', items: [{ type: 'Input.Text', id: 'purpose' }] },
          ],
        },
      ],
    },
    { type: 'Input.ChoiceSet', id: 'nodes', isMultiSelect: true, value: 'n1,n3', choices: [] },
    { type: 'Input.Toggle', id: 'notify', title: 'Notify me' },
    { type: 'Input.Toggle', id: 'shared', title: 'Shared', value: 'yes', valueOn: 'yes', valueOff: 'no' },
    { type: 'Input.Number', id: 'count', value: 2 },
  ],
  actions: [
    { type: 'Action.Submit', title: 'Submit', data: { action: 'register', purpose: 'from data' } },
    { type: 'Action.Submit', title: 'Cancel', data: { action: 'cancel' }, associatedInputs: 'none' },
    {
      type: 'Action.ShowCard',
      title: 'Custom time',
      card: {
        type: 'AdaptiveCard',
        body: [{ type: 'Input.Date', id: 'date', value: '2026-01-02' }, { type: 'Input.Time', id: 'time' }],
        actions: [{ type: 'Action.Submit', title: 'Use custom time', data: { action: 'register', custom: 'yes' } }],
      },
    },
  ],
};

describe('cardSubmission (what a client submits)', () => {
  it('collects defaults from every input, overrides with typed values and merges the action data on top', () => {
    const inputs = cardSubmission(FORM, { action: 'Use custom time', inputs: { testbed: 'lab-3', time: '09:30' } });
    expect(inputs).toEqual({
      testbed: 'lab-3',
      purpose: '',
      nodes: 'n1,n3',
      notify: 'false',
      shared: 'yes',
      count: '2',
      date: '2026-01-02',
      time: '09:30',
      action: 'register',
      custom: 'yes',
    });
  });

  it('lets the action data win over an input with the same id', () => {
    expect(cardSubmission(FORM, { action: 'Submit', inputs: { purpose: 'typed' } }).purpose).toBe('from data');
  });

  it('selects a button by its data.action and honours associatedInputs "none"', () => {
    expect(cardSubmission(FORM, { action: 'cancel' })).toEqual({ action: 'cancel' });
  });

  it('throws clear errors for unknown buttons, unknown inputs and ambiguous clicks', () => {
    expect(() => cardSubmission(FORM, { action: 'Nope' })).toThrow('no submit button "Nope"');
    expect(() => cardSubmission(FORM, { action: 'Submit', inputs: { user_email: 'x' } })).toThrow('no input "user_email"');
    expect(() => cardSubmission(FORM, {})).toThrow('3 submit buttons');
  });

  it('keeps hostile keys as plain data', () => {
    const card = { type: 'AdaptiveCard', version: '1.3', body: [], actions: [{ type: 'Action.Submit', data: JSON.parse('{"__proto__":{"polluted":1},"action":"x"}') }] };
    const inputs = cardSubmission(card, {});
    expect(Object.keys(inputs)).toEqual(['__proto__', 'action']);
    expect((inputs as { polluted?: number }).polluted).toBeUndefined();
  });
});

describe('card submissions against the emulator', () => {
  let emu: Emulator;
  let bot: EmuPerson;
  let ada: EmuPerson;
  let bob: EmuPerson;
  let room: EmuRoom;
  let card: EmuMessage;

  beforeEach(async () => {
    emu = await startEmulator();
    bot = emu.createBot({ displayName: 'Testbed Monitor', email: 'testbed-monitor@webex.bot' });
    ada = emu.createPerson({ displayName: 'Ada Ops', email: 'ada@example.com' });
    bob = emu.createPerson({ displayName: 'Bob Builder', email: 'bob@example.com' });
    room = emu.createRoom({ title: 'Lab team', memberIds: [ada.id, bob.id, bot.id] });
    const res = await api(emu, 'POST', '/v1/messages', bot.token, {
      roomId: room.id,
      text: 'Register a testbed',
      attachments: [{ contentType: 'application/vnd.microsoft.card.adaptive', content: FORM }],
    });
    card = res.json;
  });
  afterEach(async () => {
    await emu.stop();
  });

  it('pushes a cardAction to the card author and serves the action to the author only', async () => {
    const botSocket = await connect(emu, bot);
    const adaSocket = await connect(emu, ada);
    const action = emu.submitCard({ personId: ada.id, messageId: card.id, action: 'register', inputs: { testbed: 'lab-3' } });
    expect(action).toMatchObject({ type: 'submit', messageId: card.id, roomId: room.id, personId: ada.id });
    expect(action.inputs).toMatchObject({ testbed: 'lab-3', action: 'register', notify: 'false' });

    const activity = (await botSocket.next((f) => f.data?.activity?.verb === 'cardAction')).frame.data.activity;
    expect(activity.id).toBe(decodeId(action.id)!.uuid);
    expect(activity.parent.id).toBe(decodeId(card.id)!.uuid);
    expect(activity.object.objectType).toBe('submit');
    expect(activity.actor.entryUUID).toBe(ada.uuid);
    expect(activity.target.id).toBe(room.uuid);

    const restId = encodeId('ATTACHMENT_ACTION', activity.id);
    const read = await api(emu, 'GET', `/v1/attachment/actions/${restId}`, bot.token);
    expect(read.status).toBe(200);
    expect(read.json).toEqual(action);
    expect((await api(emu, 'GET', `/v1/attachment/actions/${restId}`, bob.token)).status).toBe(403);
    const outsider = emu.createPerson({ displayName: 'Out Sider', email: 'out@example.com' });
    expect((await api(emu, 'GET', `/v1/attachment/actions/${restId}`, outsider.token)).status).toBe(404);

    // the submitter's own sockets do not get the card action (it goes to the card author)
    const marker = emu.say({ personId: bob.id, roomId: room.id, text: 'after' });
    await adaSocket.next((f) => f.data?.activity?.id === decodeId(marker.id)!.uuid);
    expect(adaSocket.activities().some((f) => f.data.activity.verb === 'cardAction')).toBe(false);
    botSocket.close();
    adaSocket.close();
  });

  it('throws for a message without a card, and submitRaw sends exactly the given inputs', () => {
    const plain = emu.say({ personId: ada.id, roomId: room.id, text: 'no card here' });
    expect(() => emu.submitCard({ personId: ada.id, messageId: plain.id })).toThrow('has no Adaptive Card');
    const forged = emu.submitRaw({ personId: ada.id, messageId: card.id, inputs: { action: 'register', user_email: 'evil@example.com' } });
    expect(forged.inputs).toEqual({ action: 'register', user_email: 'evil@example.com' });
  });

  it('accepts POST /attachment/actions from a room member, like a client', async () => {
    const res = await api(emu, 'POST', '/v1/attachment/actions', ada.token, { type: 'submit', messageId: card.id, inputs: { action: 'status' } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ personId: ada.id, messageId: card.id, inputs: { action: 'status' } });
  });
});
