/** The router's label paths: `status <label>` typed, page buttons that keep the label, booking by label. */
import { describe, expect, it } from 'vitest';
import { flowKey } from '../../src/app/actor-key.js';
import { isCommandText, route, type RouterContext } from '../../src/app/router.js';
import { encodeId } from '../../src/platform/ids.js';
import type { CardActionEvent, MessageEvent } from '../../src/platform/port.js';

const LAB = encodeId('ROOM', '0b6f7e2c-1111-4a4a-9999-000000000001');
const DIRECT = encodeId('ROOM', '0b6f7e2c-1111-4a4a-9999-000000000009');
const ADA = encodeId('PEOPLE', '0b6f7e2c-2222-4a4a-9999-000000000001');
const NOW = '2026-03-02T10:00:00.000Z';
const ctx: RouterContext = { approvedRooms: [LAB], timeZone: 'UTC', knownTestbedIds: [1, 2] };
const conversation = flowKey('conversation', LAB, ADA);

function text(value: string): MessageEvent {
  return { type: 'message', id: 'm', roomId: LAB, roomType: 'group', personId: ADA, personEmail: 'ada@example.com', text: value, receivedAt: NOW };
}

function action(inputs: Record<string, unknown>, roomId = LAB, roomType: 'group' | 'direct' = 'group'): CardActionEvent {
  return { type: 'cardAction', id: 'a', roomId, roomType, personId: ADA, messageId: 'c', inputs, receivedAt: NOW };
}

const ARGUMENT_HELP =
  'Type status to see every testbed, or status and one label to see only the testbeds carrying it (for example: status 5g). ' +
  'A label is 1 to 32 letters, digits, dots, underscores or hyphens.';

describe('router: status with a label', () => {
  it.each([
    ['status 5g', '5g'],
    ['STATUS 5G', '5G'],
    ['  Status   lab-2.x_y ', 'lab-2.x_y'],
    ['/status 5g', '5g'],
    ['status label:5g', '5g'],
    ['status LABEL: 5g', '5g'],
    ['testbed status 5g', '5g'],
    ['Testbed status label:5g', '5g'],
    ['status of 5g', '5g'],
    ['status for lab-3', 'lab-3'],
  ])('%j asks for the status of the testbeds labelled %j', (typed, label) => {
    expect(route(text(typed), ctx)).toEqual({ kind: 'dispatch', targets: [{ key: conversation, event: { type: 'status.requested', label } }] });
    // Kept in a recording as the lab's own words: a label a testbed carries, or a testbed's name.
    expect(isCommandText(typed, [{ testbed_name: 'lab-3', labels: ['5g', 'lab-2.x_y'] }])).toBe(true);
  });

  it.each(['status Linus', 'status 5g', 'status of lab-9'])('%j, with no testbed or label called so, may name a person: not kept in a recording', (typed) => {
    expect(isCommandText(typed, [{ testbed_name: 'lab-3', labels: ['wifi'] }])).toBe(false);
  });

  it.each(['status free', 'status in use', 'status overdue', 'status due today'])('%j asks for a state: kept in a recording with no label in the lab', (typed) => {
    expect(isCommandText(typed, [])).toBe(true);
  });

  it('plain status still shows every testbed', () => {
    expect(route(text('status'), ctx)).toEqual({ kind: 'dispatch', targets: [{ key: conversation, event: { type: 'status.requested' } }] });
  });

  it.each(['status 5g lab', 'status label:', 'status **5g', `status ${'x'.repeat(33)}`, 'status <at>all</at>'])(
    '%j is answered with how to use it, and nothing else happens',
    (typed) => {
      expect(route(text(typed), ctx)).toEqual({ kind: 'reply', view: { kind: 'error', message: ARGUMENT_HELP } });
      expect(isCommandText(typed)).toBe(false);
    },
  );

  it.each([
    ['testbed 5g', undefined],
    ['statuses', 'status'],
    ['mine 5g', 'mine'],
  ])('other commands take no argument: %j gets the hint, naming the command it starts like', (typed, suggestion) => {
    expect(route(text(typed), ctx)).toEqual({ kind: 'reply', view: suggestion === undefined ? { kind: 'hint' } : { kind: 'hint', suggestion } });
  });

  it.each([
    [{ action: 'status_page', page: 2, label: '5g' }, { type: 'status.requested', page: 2, label: '5g' }],
    [{ action: 'status_page', page: '3', label: 'Lab' }, { type: 'status.requested', page: 3, label: 'Lab' }],
    [{ action: 'status_page', page: 2 }, { type: 'status.requested', page: 2 }],
    [{ action: 'status_page', page: 2, label: 'not a label' }, { type: 'status.requested', page: 2 }],
  ])('page button %j keeps the filter: %j', (inputs, event) => {
    expect(route(action(inputs), ctx)).toEqual({ kind: 'dispatch', targets: [{ key: conversation, event }] });
  });
});

describe('router: a state asked for', () => {
  it.each([
    ['free', 'free'],
    ["what's free?", 'free'],
    ['what’s free?', 'free'],
    ['whats free', 'free'],
    ['What is free right now', 'free'],
    ['anything available?', 'free'],
    ['is anything free', 'free'],
    ['is there a testbed free?', 'free'],
    ['which testbeds are free', 'free'],
    ['free testbeds', 'free'],
    ['available', 'free'],
    ['testbed free', 'free'],
    ['status free', 'free'],
    ['status in use', 'in-use'],
    ['Status  In Use', 'in-use'],
    ['status under maintenance', 'maintenance'],
    ['status overdue', 'overdue'],
  ])('%j asks for the status of the testbeds %j', (typed, label) => {
    expect(route(text(typed), ctx)).toEqual({ kind: 'dispatch', targets: [{ key: conversation, event: { type: 'status.requested', label } }] });
    expect(isCommandText(typed)).toBe(true);
  });

  it.each([
    ['when is lab-3 free?', 'lab-3'],
    ['When will TB-02 Edge router pair be free', 'TB-02 Edge router pair'],
    ['is lab-3 free', 'lab-3'],
    ["when's lab-3 back?", 'lab-3'],
    ['when’s lab-3 free?', 'lab-3'],
    ['is lab-3 busy?', 'lab-3'],
    ['is TB-03 in use', 'TB-03'],
    ['when is lab-3 available again', 'lab-3'],
  ])('%j asks for the status of that testbed: %j', (typed, label) => {
    expect(route(text(typed), ctx)).toEqual({ kind: 'dispatch', targets: [{ key: conversation, event: { type: 'status.requested', label } }] });
  });

  it.each(['who has what?', "who's using which testbeds", 'who’s using what', 'whos on everything', 'who is on everything', 'who holds all the testbeds', "who's using the lab", 'who has testbeds', 'who is using the testbeds'])('%j shows the status of every testbed', (typed) => {
    expect(route(text(typed), ctx)).toEqual({ kind: 'dispatch', targets: [{ key: conversation, event: { type: 'status.requested' } }] });
    expect(isCommandText(typed)).toBe(true);
  });

  it('free words inside other text are not a question about what is free', () => {
    expect(route(text('free beer'), ctx)).toEqual({ kind: 'reply', view: { kind: 'hint' } });
    expect(route(text('I am free tomorrow'), ctx)).toEqual({ kind: 'reply', view: { kind: 'hint' } });
    expect(isCommandText('free beer')).toBe(false);
  });
});

describe('router: what recordings keep of a typed booking', () => {
  it('a typed booking with a time is a command worth keeping; one with a purpose carries words a person wrote', () => {
    const lab = [{ testbed_name: 'lab-3' }];
    expect(isCommandText('book lab-3 for 2 hours', lab)).toBe(true);
    expect(isCommandText('register lab-3 until 18:00', lab)).toBe(true);
    expect(isCommandText('book lab-3 for the firmware soak', lab)).toBe(false);
    expect(isCommandText('book lab-3 for 2 hours for Project Falcon', lab)).toBe(false);
    expect(isCommandText('book lab-9 for 2 hours', lab)).toBe(false);
    // Words that were not read as a time are a person's words too.
    expect(isCommandText('book lab-3 tomorrow', lab)).toBe(true);
    expect(isCommandText('book lab-3 until the ACME demo', lab)).toBe(false);
    expect(isCommandText('book lab-3 firmware soak', lab)).toBe(false);
    // A label a testbed carries is lab data too.
    expect(isCommandText('book any 5g for 2 hours', [{ testbed_name: 'lab-3', labels: ['5G'] }])).toBe(true);
    expect(isCommandText('book any wifi', [{ testbed_name: 'lab-3', labels: ['5G'] }])).toBe(false);
  });
});

describe('router: booking by label', () => {
  it('turns a register form with a label into a booking of any free testbed with it', () => {
    const decision = route(action({ action: 'register_submit', label: '5g', testbed_id: '', purpose: 'soak', release_choice: '1h' }), ctx);
    expect(decision).toEqual({
      kind: 'dispatch',
      targets: [{ key: conversation, event: { type: 'register.submitted', now: NOW, form: { label: '5g', purpose: 'soak', expectedRelease: '2026-03-02T11:00:00.000Z' } } }],
    });
  });

  it('sends the form back when both or neither are chosen, with the values kept', () => {
    const both = route(action({ action: 'register_submit', label: '5g', testbed_id: '1', purpose: 'soak', release_choice: '1h' }), ctx);
    expect(both).toEqual({
      kind: 'dispatch',
      targets: [
        {
          key: conversation,
          event: {
            type: 'register.invalid',
            errors: { testbed_id: 'Choose a testbed or a label, not both.', label: 'Choose a testbed or a label, not both.' },
            values: { testbed_id: '1', label: '5g', purpose: 'soak', release_choice: '1h' },
          },
        },
      ],
    });
  });

  it('a forged label or testbed that is no text beside the other is named in words, not in the validator\'s', () => {
    const errorsOf = (inputs: Record<string, unknown>) => {
      const decision = route(action({ action: 'register_submit', purpose: 'soak', release_choice: '1h', ...inputs }), ctx);
      return decision.kind === 'dispatch' ? (decision.targets[0].event as { errors?: Record<string, string> }).errors : undefined;
    };
    expect(errorsOf({ testbed_id: '1', label: 0 })).toEqual({ testbed_id: 'Choose a testbed or a label, not both.', label: 'Choose a label from the list.' });
    expect(errorsOf({ testbed_id: { toString: '1' }, label: '5g' })).toEqual({ testbed_id: 'Choose a testbed from the list.', label: 'Choose a testbed or a label, not both.' });
  });

  it('refuses a label on the hand-off form, which books only the testbed offered', () => {
    const handOff = route(action({ action: 'register_submit', form: 'handoff', label: '5g', purpose: 'soak', release_choice: '1h' }), ctx);
    expect(handOff).toEqual({
      kind: 'reply',
      view: { kind: 'error', message: 'This form books the testbed offered to you; choose it, not a label. Nothing was changed.' },
    });
    const direct = route(action({ action: 'register_submit', label: '5g', purpose: 'soak', release_choice: '1h' }, DIRECT, 'direct'), ctx);
    expect(direct.kind).toBe('reply');
  });
});
