import { describe, expect, it } from 'vitest';
import { initialTransition, transition, type AnyEventObject } from 'xstate';
import {
  broadcastMachine,
  EXPIRED_NOTICE,
  UNKNOWN_ROOMS_ERROR,
  type BroadcastEmitted,
  type BroadcastInput,
  type BroadcastRoomOption,
  type BroadcastView,
} from '../../src/machines/broadcast.machine.js';

// Replays event scripts through transition(): nothing runs, nothing waits. Invoked
// actors are answered by feeding their done/error events, exactly as the runtime would.

const ANA = { email: 'ana@example.com', name: 'Ana Silva' };
const ROOMS: BroadcastRoomOption[] = [
  { room_id: 'room-ops', name: 'Ops', description: 'Operations' },
  { room_id: 'room-dev', name: 'Dev', description: 'Developers' },
  { room_id: 'room-qa', name: 'QA', description: 'Testers', discovered: true },
];
const INPUT: BroadcastInput = { roomId: 'room-home', personId: 'person-ana', admins: [], timeoutMs: 60_000 };

type Action = { type: string; params?: unknown };

const done = (id: string, output: unknown): AnyEventObject => ({ type: `xstate.done.actor.${id}`, output });
const failed = (id: string, error: unknown): AnyEventObject => ({ type: `xstate.error.actor.${id}`, error });
const person = (holder = ANA) => done('lookUpPerson', holder);
const rooms = (list = ROOMS) => done('listBroadcastRooms', list);

function replay(events: AnyEventObject[], input: BroadcastInput = INPUT) {
  let [snapshot, actions] = initialTransition(broadcastMachine, input);
  const all: Action[] = [...(actions as Action[])];
  for (const event of events) {
    [snapshot, actions] = transition(broadcastMachine, snapshot, event as never);
    all.push(...(actions as Action[]));
  }
  return { snapshot, actions: all };
}

function views(actions: Action[]): BroadcastView[] {
  return actions
    .filter((action) => action.type === 'xstate.emit')
    .map((action) => (action.params as { event: BroadcastEmitted }).event.view);
}

function spawned(actions: Action[], id: string): { input?: unknown }[] {
  return actions
    .filter((action) => action.type === 'xstate.spawnChild' && (action.params as { id: string }).id === id)
    .map((action) => action.params as { input?: unknown });
}

const toSelecting: AnyEventObject[] = [{ type: 'broadcast.started' }, person(), rooms()];
const toComposing: AnyEventObject[] = [...toSelecting, { type: 'rooms.submitted', roomIds: ['room-qa', 'room-ops'] }];
const toPreviewing: AnyEventObject[] = [...toComposing, { type: 'message.submitted', kind: 'maintenance', text: 'Lab 3 down' }];
const toSending: AnyEventObject[] = [...toPreviewing, { type: 'broadcast.confirmed' }];

describe('broadcastMachine (replayed)', () => {
  it('walks the happy path and sends exactly what was chosen', () => {
    const results = [
      { roomId: 'room-ops', name: 'Ops', delivered: true },
      { roomId: 'room-qa', name: 'QA', delivered: false, reason: 'HTTP 404' },
    ];
    const { snapshot, actions } = replay([...toSending, done('sendBroadcast', results)]);
    expect(snapshot.value).toBe('reported');
    expect(snapshot.status).toBe('done');
    expect(views(actions).map((view) => view.kind)).toEqual(['broadcastRooms', 'broadcastMessage', 'broadcastPreview', 'broadcastReport']);
    const sends = spawned(actions, 'sendBroadcast');
    expect(sends).toHaveLength(1);
    // Rooms come back in list order, whatever order the card submitted them in.
    expect(sends[0].input).toEqual({
      rooms: [
        { roomId: 'room-ops', name: 'Ops' },
        { roomId: 'room-qa', name: 'QA' },
      ],
      kind: 'maintenance',
      text: 'Lab 3 down',
      sender: ANA,
    });
    const [, message, preview, report] = views(actions);
    expect(message).toMatchObject({ kind: 'broadcastMessage', roomCount: 2 });
    expect(preview).toMatchObject({ kind: 'broadcastPreview', roomIds: ['room-ops', 'room-qa'], messageKind: 'maintenance', text: 'Lab 3 down' });
    expect(report).toEqual({ kind: 'broadcastReport', results });
  });

  it('refuses a person who is not an admin, without loading rooms', () => {
    const { snapshot, actions } = replay([{ type: 'broadcast.started' }, person()], { ...INPUT, admins: ['boss@example.com'] });
    expect(snapshot.value).toBe('notAllowed');
    expect(snapshot.status).toBe('done');
    expect(views(actions)).toEqual([{ kind: 'broadcastNotAllowed' }]);
    expect(spawned(actions, 'listBroadcastRooms')).toHaveLength(0);
  });

  it('compares admin emails case-insensitively and lets everyone in when the list is empty', () => {
    const admins = [' Ana@Example.COM ', 'boss@example.com'];
    expect(replay([{ type: 'broadcast.started' }, person()], { ...INPUT, admins }).snapshot.value).toBe('loadingRooms');
    expect(replay([{ type: 'broadcast.started' }, person({ email: '', name: 'No Mail' })], { ...INPUT, admins }).snapshot.value).toBe('notAllowed');
    expect(replay([{ type: 'broadcast.started' }, person({ email: 'x@y.z', name: 'X' })]).snapshot.value).toBe('loadingRooms');
  });

  it('ends with a card when there are no rooms', () => {
    const { snapshot, actions } = replay([{ type: 'broadcast.started' }, person(), rooms([])]);
    expect(snapshot.value).toBe('noRooms');
    expect(views(actions)).toEqual([{ kind: 'noBroadcastRooms' }]);
  });

  it('refuses a forged room id as a whole and never sends', () => {
    const forged: AnyEventObject = { type: 'rooms.submitted', roomIds: ['room-ops', 'room-evil'] };
    const { snapshot, actions } = replay([...toSelecting, forged, { type: 'broadcast.confirmed' }]);
    expect(snapshot.value).toBe('selectingRooms');
    const last = views(actions).at(-1);
    expect(last).toMatchObject({ kind: 'broadcastRooms', errors: { room_ids: UNKNOWN_ROOMS_ERROR }, values: { room_ids: 'room-ops' } });
    expect(spawned(actions, 'sendBroadcast')).toHaveLength(0);
    // Same from the message step: back to selection, nothing sent.
    const later = replay([...toComposing, forged, { type: 'broadcast.confirmed' }]);
    expect(later.snapshot.value).toBe('selectingRooms');
    expect(spawned(later.actions, 'sendBroadcast')).toHaveLength(0);
  });

  it('a click on the room card from a later step changes the selection, or refuses it', () => {
    const changed = replay([...toPreviewing, { type: 'rooms.submitted', roomIds: ['room-dev'] }, { type: 'message.submitted', kind: 'usage', text: '' }, { type: 'broadcast.confirmed' }]);
    expect(spawned(changed.actions, 'sendBroadcast').map((send) => send.input)).toEqual([{ rooms: [{ roomId: 'room-dev', name: 'Dev' }], kind: 'usage', text: '', sender: ANA }]);
    const forged = replay([...toPreviewing, { type: 'rooms.submitted', roomIds: ['room-evil'] }, { type: 'broadcast.confirmed' }]);
    expect(forged.snapshot.value).toBe('selectingRooms');
    expect(spawned(forged.actions, 'sendBroadcast')).toHaveLength(0);
  });

  it('refuses an empty selection', () => {
    const { snapshot } = replay([...toSelecting, { type: 'rooms.submitted', roomIds: [] }]);
    expect(snapshot.value).toBe('selectingRooms');
  });

  it('shows the form again with the problems named', () => {
    const invalidRooms = replay([...toSelecting, { type: 'rooms.invalid', errors: { room_ids: 'Choose one' }, values: { room_ids: '' } }]);
    expect(views(invalidRooms.actions).at(-1)).toEqual({ kind: 'broadcastRooms', rooms: ROOMS, errors: { room_ids: 'Choose one' }, values: { room_ids: '' } });
    const invalidMessage = replay([...toComposing, { type: 'message.invalid', errors: { message_kind: 'Choose' }, values: { message_text: 'hi' } }]);
    expect(invalidMessage.snapshot.value).toBe('composing');
    expect(views(invalidMessage.actions).at(-1)).toEqual({
      kind: 'broadcastMessage',
      roomCount: 2,
      errors: { message_kind: 'Choose' },
      values: { message_text: 'hi' },
    });
  });

  it('goes back a step keeping what was entered', () => {
    const fromPreview = replay([...toPreviewing, { type: 'broadcast.back' }]);
    expect(fromPreview.snapshot.value).toBe('composing');
    expect(views(fromPreview.actions).at(-1)).toMatchObject({ values: { message_kind: 'maintenance', message_text: 'Lab 3 down' } });
    const fromMessage = replay([...toPreviewing, { type: 'broadcast.back' }, { type: 'broadcast.back' }]);
    expect(fromMessage.snapshot.value).toBe('selectingRooms');
    expect(views(fromMessage.actions).at(-1)).toMatchObject({ kind: 'broadcastRooms', values: { room_ids: 'room-ops,room-qa' } });
  });

  it.each([
    ['idle', []],
    ['checking', [{ type: 'broadcast.started' }]],
    ['loadingRooms', [{ type: 'broadcast.started' }, person()]],
    ['selectingRooms', toSelecting],
    ['composing', toComposing],
    ['previewing', toPreviewing],
  ] as [string, AnyEventObject[]][])('cancels from %s with a card and sends nothing', (state, script) => {
    expect(replay(script).snapshot.value).toBe(state);
    const { snapshot, actions } = replay([...script, { type: 'conversation.cancelled' }, { type: 'broadcast.confirmed' }]);
    expect(snapshot.value).toBe('cancelled');
    expect(snapshot.status).toBe('done');
    expect(views(actions).at(-1)).toEqual({ kind: 'cancelled' });
    expect(spawned(actions, 'sendBroadcast')).toHaveLength(0);
  });

  it('ignores a second confirm and a cancel while sending', () => {
    const before = replay(toSending);
    expect(before.snapshot.value).toBe('sending');
    expect(before.snapshot.hasTag('busy')).toBe(true);
    let [snapshot, actions] = transition(broadcastMachine, before.snapshot, { type: 'broadcast.confirmed' });
    expect(snapshot.value).toBe('sending');
    expect(actions).toEqual([]);
    [snapshot, actions] = transition(broadcastMachine, snapshot, { type: 'conversation.cancelled' });
    expect(snapshot.value).toBe('sending');
    expect(actions).toEqual([]);
  });

  it.each([
    { type: 'rooms.submitted', roomIds: ['room-ops'] },
    { type: 'rooms.invalid', errors: { room_ids: 'x' }, values: {} },
    { type: 'message.submitted', kind: 'usage', text: 'old' },
    { type: 'message.invalid', errors: { message_kind: 'x' }, values: {} },
    { type: 'broadcast.confirmed' },
    { type: 'broadcast.back' },
  ] as AnyEventObject[])('a fresh actor answers a stale $type with the room selection and sends nothing', (stale) => {
    const { snapshot, actions } = replay([stale, person(), rooms(), { type: 'broadcast.confirmed' }]);
    expect(snapshot.value).toBe('selectingRooms');
    expect(views(actions)).toEqual([{ kind: 'broadcastRooms', rooms: ROOMS, notice: EXPIRED_NOTICE }]);
    expect(spawned(actions, 'sendBroadcast')).toHaveLength(0);
  });

  it('still checks who is asking when a stale submit arrives', () => {
    const { snapshot, actions } = replay([{ type: 'broadcast.confirmed' }, person()], { ...INPUT, admins: ['boss@example.com'] });
    expect(snapshot.value).toBe('notAllowed');
    expect(spawned(actions, 'sendBroadcast')).toHaveLength(0);
  });

  it('apologises when a look-up fails and when sending fails', () => {
    const lookup = replay([{ type: 'broadcast.started' }, failed('lookUpPerson', new Error('boom'))]);
    expect(lookup.snapshot.value).toBe('failed');
    expect(views(lookup.actions).at(-1)).toMatchObject({ kind: 'error' });
    const list = replay([{ type: 'broadcast.started' }, person(), failed('listBroadcastRooms', new Error('boom'))]);
    expect(list.snapshot.value).toBe('failed');
    const send = replay([...toSending, failed('sendBroadcast', new Error('boom'))]);
    expect(send.snapshot.value).toBe('failed');
    expect(send.snapshot.status).toBe('done');
    expect(views(send.actions).at(-1)).toMatchObject({ kind: 'error' });
  });

  it('starts over from any waiting step when the broadcast button is pressed again', () => {
    const { snapshot, actions } = replay([...toPreviewing, { type: 'broadcast.started' }, person(), rooms()]);
    expect(snapshot.value).toBe('selectingRooms');
    expect(snapshot.context.roomIds).toEqual([]);
    expect(views(actions).at(-1)).toEqual({ kind: 'broadcastRooms', rooms: ROOMS });
  });

  it('tags waiting states and gives each one a card on entry', () => {
    for (const [script, kind] of [
      [toSelecting, 'broadcastRooms'],
      [toComposing, 'broadcastMessage'],
      [toPreviewing, 'broadcastPreview'],
    ] as [AnyEventObject[], string][]) {
      const { snapshot, actions } = replay(script);
      expect(snapshot.hasTag('awaitingUser')).toBe(true);
      expect(views(actions).at(-1)?.kind).toBe(kind);
    }
  });

  it('times out from a waiting step', () => {
    const { snapshot } = replay([...toComposing, { type: 'xstate.after.idleTimeout.broadcast.composing' }]);
    expect(snapshot.value).toBe('timedOut');
    expect(snapshot.status).toBe('done');
  });
});
