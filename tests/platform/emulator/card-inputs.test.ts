/**
 * The emulator's client checks a card's inputs before sending a submit, with
 * the rules of the adaptivecards renderer the sandbox page uses.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decodeId } from '../../../src/platform/ids.js';
import { cardSubmission, startEmulator } from '../../../src/platform/emulator/index.js';
import { refusal } from '../../support/form-card.js';
import type { Emulator, EmuMessage, EmuPerson, EmuRoom } from '../../../src/platform/emulator/api.js';
import { api, connect } from './helpers.js';

const card = (body: unknown[], actions: unknown[] = [{ type: 'Action.Submit', title: 'Send', data: { action: 'send' } }]) => ({
  type: 'AdaptiveCard',
  version: '1.3',
  body,
  actions,
});

describe('cardSubmission checks inputs like the renderer', () => {
  const required = (type: string, extra: Record<string, unknown> = {}) => ({ type, id: 'x', label: 'X', isRequired: true, errorMessage: 'Fill in X.', ...extra });

  it.each([
    ['Input.Text', {}],
    ['Input.Number', {}],
    ['Input.Date', {}],
    ['Input.Time', {}],
    ['Input.ChoiceSet', { choices: [{ title: 'A', value: 'a' }] }],
  ])('an empty required %s is not sent; the card’s error message is what the person sees', (type, extra) => {
    const form = card([required(type, extra)]);
    expect(refusal(() => cardSubmission(form, {})).problems).toEqual([{ id: 'x', message: 'Fill in X.' }]);
    expect(refusal(() => cardSubmission(form, {})).message).toContain('x ("Fill in X.")');
  });

  it.each([
    ['Input.Text', 'hello'],
    ['Input.Number', '3'],
    ['Input.Date', '2026-03-12'],
    ['Input.Time', '09:30'],
    ['Input.ChoiceSet', 'a'],
  ])('a filled required %s is sent', (type, value) => {
    expect(cardSubmission(card([required(type, { choices: [{ title: 'A', value: 'a' }] })]), { inputs: { x: value } })).toEqual({ x: value, action: 'send' });
  });

  it('spaces count as filled in (the renderer does not trim), a card default counts as filled in', () => {
    expect(cardSubmission(card([required('Input.Text')]), { inputs: { x: '   ' } }).x).toBe('   ');
    expect(cardSubmission(card([required('Input.Text', { value: 'kept' })]), {}).x).toBe('kept');
    expect(refusal(() => cardSubmission(card([required('Input.Text', { value: 'kept' })]), { inputs: { x: '' } })).problems).toHaveLength(1);
  });

  it('a required Toggle must be on; an optional one is sent off', () => {
    const toggle = { type: 'Input.Toggle', id: 't', title: 'Agree', valueOn: 'yes', valueOff: 'no' };
    expect(refusal(() => cardSubmission(card([{ ...toggle, isRequired: true, errorMessage: 'Agree first.' }]), {})).problems).toEqual([
      { id: 't', message: 'Agree first.' },
    ]);
    expect(cardSubmission(card([{ ...toggle, isRequired: true }]), { inputs: { t: 'yes' } }).t).toBe('yes');
    expect(cardSubmission(card([toggle]), {}).t).toBe('no');
  });

  it('a Number must read as a number when required, and lie within min and max', () => {
    const number = { type: 'Input.Number', id: 'n', min: 1, max: 5 };
    expect(refusal(() => cardSubmission(card([{ ...number, isRequired: true }]), { inputs: { n: 'abc' } })).problems).toEqual([{ id: 'n', message: '' }]);
    expect(refusal(() => cardSubmission(card([number]), { inputs: { n: '6' } })).problems).toHaveLength(1);
    expect(refusal(() => cardSubmission(card([number]), { inputs: { n: '0' } })).problems).toHaveLength(1);
    expect(cardSubmission(card([number]), { inputs: { n: '5' } }).n).toBe('5');
    expect(cardSubmission(card([number]), {}).n).toBe('');
  });

  it('a Date or Time outside min and max is not sent even when optional; empty optional ones are', () => {
    const date = { type: 'Input.Date', id: 'd', min: '2026-03-10', max: '2026-06-08', errorMessage: 'Pick a date in range.' };
    expect(refusal(() => cardSubmission(card([date]), { inputs: { d: '2026-03-09' } })).problems).toEqual([{ id: 'd', message: 'Pick a date in range.' }]);
    expect(refusal(() => cardSubmission(card([date]), { inputs: { d: '2026-06-09' } })).problems).toHaveLength(1);
    expect(cardSubmission(card([date]), { inputs: { d: '2026-03-10' } }).d).toBe('2026-03-10');
    expect(cardSubmission(card([date]), { inputs: { d: '2026-06-08' } }).d).toBe('2026-06-08');
    expect(cardSubmission(card([date]), {}).d).toBe('');

    const time = { type: 'Input.Time', id: 't', min: '09:00', max: '17:00' };
    expect(refusal(() => cardSubmission(card([time]), { inputs: { t: '08:59' } })).problems).toHaveLength(1);
    expect(refusal(() => cardSubmission(card([time]), { inputs: { t: '17:01' } })).problems).toHaveLength(1);
    expect(cardSubmission(card([time]), { inputs: { t: '12:00' } }).t).toBe('12:00');
  });

  it('a Text must match its regex when filled in; an invalid regex on the card is named', () => {
    const text = { type: 'Input.Text', id: 'code', regex: '^[A-Z]{3}$', errorMessage: 'Three capital letters.' };
    expect(refusal(() => cardSubmission(card([text]), { inputs: { code: 'abc' } })).problems).toEqual([{ id: 'code', message: 'Three capital letters.' }]);
    expect(cardSubmission(card([text]), { inputs: { code: 'ABC' } }).code).toBe('ABC');
    expect(cardSubmission(card([text]), {}).code).toBe('');
    expect(() => cardSubmission(card([{ ...text, regex: '([' }]), { inputs: { code: 'x' } })).toThrow('regex "([" is not a valid regular expression');
  });

  it('a filtered ChoiceSet holds one of its values; other styles take what the person picked', () => {
    const choices = [{ title: 'Alpha', value: 'a' }];
    expect(refusal(() => cardSubmission(card([{ type: 'Input.ChoiceSet', id: 'c', style: 'filtered', choices }]), { inputs: { c: 'zzz' } })).problems).toHaveLength(1);
    expect(cardSubmission(card([{ type: 'Input.ChoiceSet', id: 'c', style: 'filtered', choices }]), { inputs: { c: 'a' } }).c).toBe('a');
    expect(cardSubmission(card([{ type: 'Input.ChoiceSet', id: 'c', style: 'compact', choices }]), { inputs: { c: 'zzz' } }).c).toBe('zzz');
  });

  it('lists every failing input in card order', () => {
    const form = card([
      { type: 'Container', items: [required('Input.Text', { id: 'a', errorMessage: 'A please.' })] },
      { type: 'Input.Text', id: 'fine' },
      { type: 'ColumnSet', columns: [{ type: 'Column', items: [required('Input.Date', { id: 'b', errorMessage: 'B please.' })] }] },
    ]);
    expect(refusal(() => cardSubmission(form, {})).problems).toEqual([
      { id: 'a', message: 'A please.' },
      { id: 'b', message: 'B please.' },
    ]);
  });

  it('checks nothing for a button with associatedInputs "none"', () => {
    const form = card([required('Input.Text')], [{ type: 'Action.Submit', title: 'Cancel', data: { action: 'cancel' }, associatedInputs: 'none' }]);
    expect(cardSubmission(form, {})).toEqual({ action: 'cancel' });
  });

  it('checks the inputs of the button’s own card and the cards around it, not those of other sub-cards', () => {
    const form = card(
      [required('Input.Text', { id: 'outer', errorMessage: 'Outer please.' })],
      [
        { type: 'Action.Submit', title: 'Send', data: { action: 'send' } },
        {
          type: 'Action.ShowCard',
          title: 'More',
          card: {
            type: 'AdaptiveCard',
            body: [required('Input.Text', { id: 'inner', errorMessage: 'Inner please.' })],
            actions: [{ type: 'Action.Submit', title: 'Send more', data: { action: 'more' } }],
          },
        },
      ],
    );
    expect(refusal(() => cardSubmission(form, { action: 'Send' })).problems).toEqual([{ id: 'outer', message: 'Outer please.' }]);
    expect(cardSubmission(form, { action: 'Send', inputs: { outer: 'o' } })).toMatchObject({ outer: 'o', action: 'send' });
    expect(refusal(() => cardSubmission(form, { action: 'Send more', inputs: { outer: 'o' } })).problems).toEqual([{ id: 'inner', message: 'Inner please.' }]);
    expect(refusal(() => cardSubmission(form, { action: 'Send more', inputs: { inner: 'i' } })).problems).toEqual([{ id: 'outer', message: 'Outer please.' }]);
  });
});

describe('a refused submit never reaches the platform', () => {
  let emu: Emulator;
  let bot: EmuPerson;
  let ada: EmuPerson;
  let room: EmuRoom;
  let message: EmuMessage;

  beforeEach(async () => {
    emu = await startEmulator();
    bot = emu.createBot({ displayName: 'Testbed Monitor', email: 'testbed-monitor@webex.bot' });
    ada = emu.createPerson({ displayName: 'Ada Ops', email: 'ada@example.com' });
    room = emu.createRoom({ title: 'Lab team', memberIds: [ada.id, bot.id] });
    const form = card([{ type: 'Input.Text', id: 'purpose', label: 'Purpose', isRequired: true, errorMessage: 'Tell us why.' }]);
    const res = await api(emu, 'POST', '/v1/messages', bot.token, {
      roomId: room.id,
      text: 'A form',
      attachments: [{ contentType: 'application/vnd.microsoft.card.adaptive', content: form }],
    });
    message = res.json;
  });
  afterEach(async () => {
    await emu.stop();
  });

  it('sends no card action for the refused click; the complete one that follows is the first the bot sees', async () => {
    const botSocket = await connect(emu, bot);
    const refused = refusal(() => emu.submitCard({ personId: ada.id, messageId: message.id, inputs: { purpose: '' } }));
    expect(refused.problems).toEqual([{ id: 'purpose', message: 'Tell us why.' }]);
    const sent = emu.submitCard({ personId: ada.id, messageId: message.id, inputs: { purpose: 'soak test' } });
    const first = (await botSocket.next((f) => f.data?.activity?.verb === 'cardAction')).frame.data.activity;
    expect(first.id).toBe(decodeId(sent.id)!.uuid);
    const read = await api(emu, 'GET', `/v1/attachment/actions/${sent.id}`, bot.token);
    expect(read.json.inputs).toEqual({ purpose: 'soak test', action: 'send' });
    botSocket.close();
  });
});
