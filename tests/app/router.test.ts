import { describe, expect, it } from 'vitest';
import { flowKey, type Flow } from '../../src/app/actor-key.js';
import { isCommandText, route, type RouterContext } from '../../src/app/router.js';
import { hintCard } from '../../src/cards/menu.card.js';
import { encodeId } from '../../src/platform/ids.js';
import type { CardActionEvent, MessageEvent } from '../../src/platform/port.js';

const LAB = encodeId('ROOM', '0b6f7e2c-1111-4a4a-9999-000000000001');
const OTHER = encodeId('ROOM', '0b6f7e2c-1111-4a4a-9999-000000000002');
const ADA = encodeId('PEOPLE', '0b6f7e2c-2222-4a4a-9999-000000000001');
const NOW = '2026-03-02T10:00:00.000Z';
const ctx: RouterContext = { approvedRooms: [LAB], timeZone: 'UTC', knownTestbedIds: [1, 2], broadcastRoomIds: [LAB] };

function text(value: string, roomId = LAB): MessageEvent {
  return { type: 'message', id: 'm', roomId, roomType: 'group', personId: ADA, personEmail: 'ada@example.com', text: value, receivedAt: NOW };
}

function action(inputs: Record<string, unknown>, roomId = LAB): CardActionEvent {
  return { type: 'cardAction', id: 'a', roomId, roomType: 'group', personId: ADA, messageId: 'c', inputs, receivedAt: NOW };
}

const conversation = flowKey('conversation', LAB, ADA);
const broadcast = flowKey('broadcast', LAB, ADA);

describe('router', () => {
  it.each([
    ['testbed', 'conversation', 'menu.requested'],
    ['  TESTBED ', 'conversation', 'menu.requested'],
    ['help', 'conversation', 'help.requested'],
    ['status', 'conversation', 'status.requested'],
    ['register', 'conversation', 'registration.started'],
    ['book', 'conversation', 'registration.started'],
    ['release', 'conversation', 'release.started'],
    ['feedback', 'conversation', 'feedback.started'],
    ['broadcast', 'broadcast', 'broadcast.started'],
    ['mine', 'conversation', 'mine.requested'],
    ['extend', 'conversation', 'mine.requested'],
    ['Extend lab-3', 'conversation', 'mine.requested'],
    ['release all', 'conversation', 'mine.requested'],
    ['wait', 'conversation', 'status.requested'],
    ['hi', 'conversation', 'menu.requested'],
    ['Hello!', 'conversation', 'menu.requested'],
    ['Notify', 'conversation', 'status.requested'],
    ['Release all mine', 'conversation', 'mine.requested'],
    ['testbed release all my testbeds', 'conversation', 'mine.requested'],
  ] as [string, Flow, string][])('text %j goes to the %s actor as %s', (value, flow, type) => {
    expect(route(text(value), ctx)).toEqual({ kind: 'dispatch', targets: [{ key: flowKey(flow, LAB, ADA), event: { type } }] });
  });

  it.each([
    ['testbed status', 'conversation', 'status.requested'],
    ['Testbed Register', 'conversation', 'registration.started'],
    ['/testbed help', 'conversation', 'help.requested'],
    ['testbeds  mine', 'conversation', 'mine.requested'],
    ['testbed testbed', 'conversation', 'menu.requested'],
    ['testbed broadcast', 'broadcast', 'broadcast.started'],
    ['status?', 'conversation', 'status.requested'],
    ['Help!', 'conversation', 'help.requested'],
    ['testbed ?', 'conversation', 'help.requested'],
    ['testbed??', 'conversation', 'menu.requested'],
    ['?', 'conversation', 'help.requested'],
    ['list', 'conversation', 'status.requested'],
    ['show status', 'conversation', 'status.requested'],
    ['Show me all testbeds', 'conversation', 'status.requested'],
    ['list testbeds', 'conversation', 'status.requested'],
    ['show everything', 'conversation', 'status.requested'],
    ['my bookings', 'conversation', 'mine.requested'],
    ['show my testbeds', 'conversation', 'mine.requested'],
    ['My bookings?', 'conversation', 'mine.requested'],
    ['queue', 'conversation', 'mine.requested'],
    ['status mine', 'conversation', 'mine.requested'],
    ['my status', 'conversation', 'mine.requested'],
    ['status for me', 'conversation', 'mine.requested'],
  ] as [string, Flow, string][])('a leading \'testbed\' or a trailing ? is left out: %j goes to the %s actor as %s', (value, flow, type) => {
    expect(route(text(value), ctx)).toEqual({ kind: 'dispatch', targets: [{ key: flowKey(flow, LAB, ADA), event: { type } }] });
  });

  it.each([
    ['register lab-3', 'registration.started', 'lab-3'],
    ['Book  TB-03 Wi-Fi 7 lab ', 'registration.started', 'TB-03 Wi-Fi 7 lab'],
    ['release lab-2', 'release.started', 'lab-2'],
    ['testbed release lab-2?', 'release.started', 'lab-2'],
    ['register 5g', 'registration.started', '5g'],
  ])('%j opens the form as %s, starting on the testbed named %j', (typed, type, testbedName) => {
    expect(route(text(typed), ctx)).toEqual({ kind: 'dispatch', targets: [{ key: conversation, event: { type, testbedName } }] });
  });

  it.each([
    ['book a testbed', 'registration.started'],
    ['Register one please', 'registration.started'],
    ['release my testbed', 'release.started'],
    ['release mine', 'release.started'],
    ['testbed release it', 'release.started'],
    ['book any free testbed', 'registration.started'],
    ['book anything', 'registration.started'],
    ['register any', 'registration.started'],
    ['book whatever is free', 'registration.started'],
    ['book whichever one is available', 'registration.started'],
    ["book one that's free please", 'registration.started'],
  ])('%j names no testbed: the plain form (%s)', (typed, type) => {
    expect(route(text(typed), ctx)).toEqual({ kind: 'dispatch', targets: [{ key: conversation, event: { type } }] });
  });

  it('a booking typed in one line fills the form: the testbed, the release time, and a purpose after them', () => {
    const withLab: RouterContext = { ...ctx, testbeds: [{ id: 3, testbed_name: 'lab-3' }, { id: 4, testbed_name: 'Room for testing' }] };
    const started = (typed: string) => (route(text(typed), withLab) as { targets: Array<{ event: unknown }> }).targets[0].event;
    expect(started('book lab-3 for 2 hours')).toEqual({
      type: 'registration.started',
      testbedName: 'lab-3',
      filled: { release_choice: 'custom', release_date: '2026-03-02', release_time: '12:00' },
    });
    expect(started('register lab-3 for 4h for the firmware soak')).toEqual({
      type: 'registration.started',
      testbedName: 'lab-3',
      filled: { release_choice: '4h', purpose: 'the firmware soak' },
    });
    expect(started('book Room for testing until end of day')).toEqual({ type: 'registration.started', testbedName: 'Room for testing', filled: { release_choice: 'eod' } });
    expect(started('book for a week')).toEqual({ type: 'registration.started', filled: { release_choice: '1w' } });
    // Release takes no time: the whole text names the testbed, as before.
    expect(started('release lab-3 for 2 hours')).toEqual({ type: 'release.started', testbedName: 'lab-3 for 2 hours' });
  });

  it.each(['thanks', 'Thank you!', 'thx', 'thanks a lot', 'cheers', 'thank you very much', 'good bot', 'great job', 'well done'])('%j gets a short answer, and nothing is started', (typed) => {
    expect(route(text(typed), ctx)).toEqual({ kind: 'reply', view: { kind: 'thanks' } });
  });

  it.each(['yes', 'sure', 'yep, thanks'])('%j in a lab room: the offer held for them when there is one, else the hint', (typed) => {
    expect(route(text(typed), ctx)).toEqual({ kind: 'reply', view: { kind: 'offerTaken', otherwise: 'hint' } });
  });

  it.each(['thanks for nothing', 'show lab-3 please', 'my lab', 'list 5g'])('%j is no command: the hint', (typed) => {
    expect(route(text(typed), ctx).kind).toBe('reply');
    expect((route(text(typed), ctx) as { view: { kind: string } }).view.kind).toBe('hint');
  });

  it('`extend lab-3` (or `extend lab-3 by 2 hours`) shows their bookings with lab-3 chosen, and the length typed', () => {
    const withLab: RouterContext = { ...ctx, testbeds: [{ id: 3, testbed_name: 'lab-3' }, { id: 4, testbed_name: 'TB-04 SD-WAN pod' }] };
    const eventOf = (typed: string) => (route(text(typed), withLab) as { targets: Array<{ event: unknown }> }).targets[0].event;
    expect(eventOf('extend lab-3')).toEqual({ type: 'mine.requested', testbedId: 3 });
    expect(eventOf('extend LAB-3 by 2 hours')).toEqual({ type: 'mine.requested', testbedId: 3, extendMinutes: 120 });
    expect(eventOf('extend lab-3 for a day')).toEqual({ type: 'mine.requested', testbedId: 3, extendMinutes: 1440 });
    expect(eventOf('extend lab-3 90 min')).toEqual({ type: 'mine.requested', testbedId: 3, extendMinutes: 90 });
    expect(eventOf('extend TB-04 SD-WAN pod another hour')).toEqual({ type: 'mine.requested', testbedId: 4, extendMinutes: 60 });
    expect(eventOf('extend TB-04 SD-WAN pod')).toEqual({ type: 'mine.requested', testbedId: 4 });
    expect(eventOf('extend 2h')).toEqual({ type: 'mine.requested', extendMinutes: 120 });
    expect(eventOf('extend by 2 more hours')).toEqual({ type: 'mine.requested', extendMinutes: 120 });
    // A time: lab-3 is chosen, and the card offers to extend it to that time.
    expect(eventOf('extend lab-3 until 18:00')).toEqual({ type: 'mine.requested', testbedId: 3, extendUntil: '2026-03-02T18:00:00.000Z' });
    expect(eventOf('extend until tomorrow 9am')).toEqual({ type: 'mine.requested', extendUntil: '2026-03-03T09:00:00.000Z' });
    // A time that has passed, or more than 90 days ahead, is not offered: their bookings, lab-3 chosen, and why.
    expect(eventOf('extend lab-3 until today 9:00')).toEqual({ type: 'mine.requested', testbedId: 3, extendRefused: { typed: 'today 9:00', outside: 'passed' } });
    expect(eventOf('extend lab-3 for the demo')).toEqual({ type: 'mine.requested', testbedId: 3 });
    expect(eventOf('extend lab-9')).toEqual({ type: 'mine.requested' });
    expect(eventOf('extend lab-9 by 2 hours')).toEqual({ type: 'mine.requested' });
  });

  it('a Register button with start_on opens the form on that testbed, if it still exists', () => {
    const withLab: RouterContext = { ...ctx, testbeds: [{ id: 3, testbed_name: 'lab-3' }] };
    const started = (inputs: Record<string, unknown>) => route(action(inputs), withLab);
    expect(started({ action: 'register', start_on: 3 })).toEqual({ kind: 'dispatch', targets: [{ key: conversation, event: { type: 'registration.started', testbedName: 'lab-3' } }] });
    expect(started({ action: 'register', start_on: '3' })).toEqual(started({ action: 'register', start_on: 3 }));
    for (const startOn of [9, 0, -3, 3.5, 'lab-3', '', null, ['3'], { id: 3 }]) {
      expect(started({ action: 'register', start_on: startOn })).toEqual({ kind: 'dispatch', targets: [{ key: conversation, event: { type: 'registration.started' } }] });
    }
  });

  it('Book it again (start_on with the released booking\'s purpose and release) opens the form filled in as it was', () => {
    const withLab: RouterContext = { ...ctx, testbeds: [{ id: 3, testbed_name: 'lab-3' }] };
    const started = (inputs: Record<string, unknown>) => {
      const decision = route(action(inputs), withLab);
      return decision.kind === 'dispatch' ? decision.targets[0].event : decision;
    };
    const later = new Date(Date.parse(NOW) + 4 * 3_600_000).toISOString();
    expect(started({ action: 'register', start_on: 3, purpose: 'soak', until: later })).toEqual({
      type: 'registration.started',
      testbedName: 'lab-3',
      filled: { purpose: 'soak', release_choice: 'custom', release_date: later.slice(0, 10), release_time: later.slice(11, 16) },
    });
    // A release time that has passed is left for the person to choose; a purpose that is no purpose is dropped.
    expect(started({ action: 'register', start_on: 3, purpose: 'soak', until: '2020-01-01T00:00:00.000Z' })).toEqual({ type: 'registration.started', testbedName: 'lab-3', filled: { purpose: 'soak' } });
    for (const purpose of ['', '   ', 'x'.repeat(501), 42, ['soak']]) {
      expect(started({ action: 'register', start_on: 3, purpose, until: 'soon' }), String(purpose)).toEqual({ type: 'registration.started', testbedName: 'lab-3' });
    }
  });

  it('cuts a typed name longer than any testbed name may be to 80 characters', () => {
    const decision = route(text(`register ${'x'.repeat(500)}`), ctx);
    expect(decision).toEqual({ kind: 'dispatch', targets: [{ key: conversation, event: { type: 'registration.started', testbedName: 'x'.repeat(80) } }] });
  });

  it('reads `testbed status 5g` as `status 5g`, and `testbed cancel` as `cancel`', () => {
    expect(route(text('testbed status 5g'), ctx)).toEqual({ kind: 'dispatch', targets: [{ key: conversation, event: { type: 'status.requested', label: '5g' } }] });
    expect(route(text('status 5g?'), ctx)).toEqual({ kind: 'dispatch', targets: [{ key: conversation, event: { type: 'status.requested', label: '5g' } }] });
    const cancel = route(text('testbed cancel'), ctx);
    expect(cancel).toEqual(route(text('cancel'), ctx));
    expect(cancel.kind).toBe('dispatch');
  });

  it.each(['testbedstatus', 'my testbed status', 'testbed'.repeat(2) + ' status'])('%j is not a command: the hint', (value) => {
    expect(route(text(value), ctx)).toEqual({ kind: 'reply', view: { kind: 'hint' } });
  });

  it.each([
    ['stauts', 'status'],
    ['Stauts 5g', 'status'],
    ['testbed relase', 'release'],
    ['regsiter lab-3', 'register'],
    ['/hlep', 'help'],
    ['reprot?', 'report'],
    ['amdin', 'admin'],
    ['cancle', 'cancel'],
    ['extned', 'extend'],
    ['wiat', 'wait'],
  ])('%j is a typo: the hint names %j', (typed, suggestion) => {
    expect(route(text(typed), ctx)).toEqual({ kind: 'reply', view: { kind: 'hint', suggestion } });
  });

  it.each(['testbed', 'menu', 'help', 'status', 'register', 'book', 'release', 'feedback', 'mine', 'extend', 'wait', 'report', 'broadcast', 'admin', 'cancel'])(
    'the hint\'s button for %j does what typing it does',
    (command) => {
      const buttons = hintCard({ suggestion: command }).actions as Array<{ data: Record<string, unknown> }>;
      expect(buttons).toHaveLength(1);
      // The same actor gets the same kind of event (a report button also says its window, 7 days, the default).
      const gist = (decision: ReturnType<typeof route>) =>
        decision.kind === 'dispatch' ? decision.targets.map((target) => [target.key, target.event.type, target.ifExists === true]) : decision;
      expect(gist(route(action(buttons[0].data), ctx))).toEqual(gist(route(text(command), ctx)));
    },
  );

  it('answers unknown text with a hint, and a bare mention (no text left) with the menu', () => {
    expect(route(text('what is this'), ctx)).toEqual({ kind: 'reply', view: { kind: 'hint' } });
    expect(route(text('   '), ctx)).toEqual({ kind: 'dispatch', targets: [{ key: conversation, event: { type: 'menu.requested' } }] });
  });

  it('ignores messages and card actions from rooms that are not approved', () => {
    expect(route(text('testbed', OTHER), ctx)).toEqual({ kind: 'ignore', reason: 'unapproved_room' });
    expect(route(action({ action: 'register' }, OTHER), ctx)).toEqual({ kind: 'ignore', reason: 'unapproved_room' });
  });

  it('accepts every room with `*` and matches the same room under another id encoding', () => {
    expect(route(text('testbed', OTHER), { ...ctx, approvedRooms: '*' }).kind).toBe('dispatch');
    const urlSafe = LAB.replace(/\+/g, '-').replace(/\//g, '_') + '==';
    expect(route(text('testbed', urlSafe), ctx).kind).toBe('dispatch');
  });

  it('finds a room in a long approved list given as raw UUIDs, and still refuses the others', () => {
    const many = Array.from({ length: 200 }, (_, i) => `0B6F7E2C-3333-4A4A-9999-${String(i).padStart(12, '0')}`);
    const listed = { ...ctx, approvedRooms: [...many, '0B6F7E2C-1111-4A4A-9999-000000000001'] };
    expect(route(text('testbed', LAB), listed).kind).toBe('dispatch');
    expect(route(text('testbed', OTHER), listed)).toEqual({ kind: 'ignore', reason: 'unapproved_room' });
    expect(route(text('testbed', encodeId('ROOM', many[150].toLowerCase())), listed).kind).toBe('dispatch');
  });

  it.each([
    [{ action: 'status' }, 'status.requested'],
    [{ action: 'register' }, 'registration.started'],
    [{ action: 'release' }, 'release.started'],
    [{ action: 'menu' }, 'menu.requested'],
    [{ action: 'help' }, 'help.requested'],
    [{ action: 'feedback' }, 'feedback.started'],
  ])('card action %j becomes %s', (inputs, type) => {
    const result = route(action(inputs), ctx);
    expect(result).toEqual({ kind: 'dispatch', targets: [{ key: conversation, event: { type } }] });
  });

  it('validates a register submission before any machine sees it', () => {
    const ok = route(action({ action: 'register_submit', testbed_id: '2', purpose: 'soak', release_choice: '1h', user_email: 'x@evil' }), ctx);
    expect(ok).toEqual({
      kind: 'dispatch',
      targets: [
        {
          key: conversation,
          event: { type: 'register.submitted', now: NOW, form: { testbedId: 2, purpose: 'soak', expectedRelease: '2026-03-02T11:00:00.000Z' } },
        },
      ],
    });
    const bad = route(action({ action: 'register_submit', testbed_id: '99', purpose: '', release_choice: '1h' }), ctx);
    expect(bad.kind === 'dispatch' && bad.targets[0].event.type).toBe('register.invalid');
  });

  it('a register submission for a colleague carries their email; back with problems, it stays for them; an unreadable one is refused', () => {
    const inputs = { action: 'register_submit', testbed_id: '2', purpose: 'soak', release_choice: '1h', for_email: ' linus@example.com ', for_name: 'Linus Lab' };
    const submitted = route(action(inputs), ctx);
    expect(submitted.kind === 'dispatch' && submitted.targets[0].event).toEqual({
      type: 'register.submitted',
      now: NOW,
      form: { testbedId: 2, purpose: 'soak', expectedRelease: '2026-03-02T11:00:00.000Z' },
      forEmail: 'linus@example.com',
    });
    const back = route(action({ ...inputs, purpose: '' }), ctx);
    expect(back.kind === 'dispatch' && back.targets[0].event).toMatchObject({ type: 'register.invalid', forPerson: { email: 'linus@example.com', name: 'Linus Lab' } });
    // No name on the button: the email stands for it.
    const unnamed = route(action({ ...inputs, purpose: '', for_name: undefined }), ctx);
    expect(unnamed.kind === 'dispatch' && unnamed.targets[0].event).toMatchObject({ forPerson: { email: 'linus@example.com', name: 'linus@example.com' } });
    for (const forged of ['', 'linus', 42, ['linus@example.com']]) {
      expect(route(action({ ...inputs, for_email: forged }), ctx)).toEqual({
        kind: 'reply',
        view: { kind: 'error', message: 'The colleague this booking is for could not be read: type book, the testbed and their email again. Nothing was changed.' },
      });
    }
  });

  it('typed for somebody, the booking goes on with both readings, for the form to be drawn by whichever holds', () => {
    const lab = { ...ctx, testbeds: [{ id: 2, testbed_name: 'lab-2', status: 'available' as const }] };
    const typed = route(text('book lab-2 for Linus for 2 hours'), lab);
    expect(typed.kind === 'dispatch' && typed.targets[0].event).toEqual({
      type: 'registration.started',
      testbedName: 'lab-2',
      filled: { release_choice: 'custom', release_date: '2026-03-02', release_time: '12:00', purpose: 'Linus' },
      forWho: { words: 'Linus', testbedName: 'lab-2', filled: { release_choice: 'custom', release_date: '2026-03-02', release_time: '12:00' } },
    });
    const behalf = route(text('book lab-2 on behalf of linus@example.com'), lab);
    expect(behalf.kind === 'dispatch' && behalf.targets[0].event).toEqual({ type: 'registration.started', testbedName: 'lab-2', forWho: { words: 'linus@example.com', explicit: true, testbedName: 'lab-2' } });
    // Said of them: `Linus needs lab-2 for 2 hours` is for Linus, said plainly.
    const needs = route(text('Linus needs lab-2 for 2 hours'), lab);
    const inTwoHours = { release_choice: 'custom', release_date: '2026-03-02', release_time: '12:00' };
    expect(needs.kind === 'dispatch' && needs.targets[0].event).toEqual({
      type: 'registration.started',
      testbedName: 'lab-2',
      filled: inTwoHours,
      forWho: { words: 'Linus', explicit: true, testbedName: 'lab-2', filled: inTwoHours },
    });
    // A colleague's name is a person's words: a recording with RECORD_TEXT=off blanks it.
    for (const typed of ['book lab-2 for Linus', 'book lab-2 on behalf of Linus', 'Linus needs lab-2', 'book lab-2 for linus@example.com', 'book lab-2 for my colleague Linus']) {
      expect(isCommandText(typed, lab.testbeds), typed).toBe(false);
    }
    expect(isCommandText('book lab-2 for 2 hours', lab.testbeds)).toBe(true);
    const soak = route(text('book lab-2 for the soak'), lab);
    expect(soak.kind === 'dispatch' && soak.targets[0].event).toEqual({ type: 'registration.started', testbedName: 'lab-2', filled: { purpose: 'the soak' } });
  });

  it('sends cancel only to flows that exist, and refuses broadcast rooms off the list', () => {
    const cancel = route(action({ action: 'cancel' }), ctx);
    expect(cancel).toEqual({
      kind: 'dispatch',
      targets: [
        { key: conversation, event: { type: 'conversation.cancelled' }, ifExists: true },
        { key: broadcast, event: { type: 'conversation.cancelled' }, ifExists: true },
        { key: flowKey('admin', LAB, ADA), event: { type: 'conversation.cancelled' }, ifExists: true },
      ],
    });
    const forged = route(action({ action: 'broadcast_rooms_submit', room_ids: OTHER, select_all: 'false' }), ctx);
    expect(forged.kind === 'dispatch' && forged.targets[0].event.type).toBe('rooms.invalid');
  });

  it.each([[{}], [{ action: 'rm -rf' }], [{ action: 42 }], [{ __proto__: { action: 'status' } }]])(
    'answers an unknown or malformed card action %j with a friendly error',
    (inputs) => {
      const result = route(action(inputs as Record<string, unknown>), ctx);
      expect(result.kind).toBe('reply');
    },
  );
});
