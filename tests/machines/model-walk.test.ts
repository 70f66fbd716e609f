/**
 * Model-based walk of every machine with `xstate/graph`: the shortest path to
 * every reachable state (explicit event payloads, including what the invoked
 * actors answer), then every event from each of those states, and for each
 * step into a state the card a person sees there:
 *   - it parses with the `adaptivecards` library without a single problem;
 *   - every button submits something the router understands (no "I do not
 *     understand that button"), which a fresh actor accepts, since a click may
 *     come after the conversation ended;
 *   - cancel works from the state (and the card's Cancel button is routed to it).
 * Minimum counts keep the walk from passing with nothing visited.
 */
import { describe, expect, it } from 'vitest';
import { initialTransition, transition, type AnyEventObject, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { conversationMachine, type ConversationEvent } from '../../src/machines/conversation.machine.js';
import { broadcastMachine, type BroadcastInput, type BroadcastRoomOption } from '../../src/machines/broadcast.machine.js';
import { testbedMachine, type TestbedEvent } from '../../src/machines/testbed.machine.js';
import { renderView, type View } from '../../src/app/render.js';
import { route, type RouteDecision } from '../../src/app/router.js';
import { cardSubmission } from '../../src/platform/emulator/card-submit.js';
import type { AdaptiveCardJson, CardActionEvent } from '../../src/platform/port.js';
import type { TestbedRecord } from '../../src/domain.js';
import { cardProblems } from '../support/adaptive-cards.js';
import { inspectCard, type WalkedInput } from '../cards/card-walk.js';
import { NOW, ana, available, bob, inUse } from '../fixtures/flows/records.js';
import { emittedOf, type ExecAction } from '../fixtures/flows/replay.js';

const ROOM = 'room-lab';
const PERSON = 'person-ana';
const ROOMS: BroadcastRoomOption[] = [
  { room_id: 'room-ops', name: 'Ops', description: 'Operations' },
  { room_id: 'room-qa', name: 'QA', description: 'Testers', discovered: true },
];
const TESTBEDS: TestbedRecord[] = [available(1), inUse(2, bob), inUse(3, ana, { until: '2026-03-10T09:00:00.000Z' })];
const RENDER = { botName: 'Testbed Monitor', testbeds: TESTBEDS, now: NOW, timeZone: 'UTC', requesterEmail: ana.email };
const ROUTE = { approvedRooms: [ROOM], timeZone: 'UTC', knownTestbedIds: TESTBEDS.map((record) => record.id), broadcastRoomIds: ROOMS.map((room) => room.room_id) };
const CANCELLED = { type: 'conversation.cancelled' };

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as AnyEventObject;
const failed = (id: string) => ({ type: `xstate.error.actor.${id}`, error: new Error('boom') }) as AnyEventObject;
const serializeState = (snapshot: AnyMachineSnapshot) => JSON.stringify([snapshot.value, snapshot.context]);

interface Visited {
  snapshot: AnyMachineSnapshot;
  /** The last card shown on the way here: what the person sees in this state. */
  view: View | undefined;
  path: string[];
}

/** Shortest paths to every reachable state, folded again with transition() to collect the cards shown. */
function walk(machine: AnyStateMachine, input: unknown, events: AnyEventObject[]): Visited[] {
  const paths = getShortestPaths(machine, { input, events, serializeState } as never);
  return paths.map((path) => {
    let [snapshot, actions] = initialTransition(machine, input) as [AnyMachineSnapshot, ExecAction[]];
    let view = lastView(actions);
    for (const step of path.steps.slice(1)) {
      [snapshot, actions] = transition(machine, snapshot as never, step.event as never) as [AnyMachineSnapshot, ExecAction[]];
      view = lastView(actions) ?? view;
    }
    expect(serializeState(snapshot)).toBe(serializeState(path.state as AnyMachineSnapshot));
    return { snapshot, view, path: path.steps.map((step) => step.event.type) };
  });
}

interface Step {
  from: AnyMachineSnapshot;
  event: AnyEventObject;
  to: AnyMachineSnapshot;
  /** The card shown on the way into `to`, if the step shows one. */
  view: View | undefined;
}

/** Every event from every reachable, unfinished state: all the ways into every state. */
function steps(machine: AnyStateMachine, visited: Visited[], events: AnyEventObject[]): Step[] {
  return visited
    .filter(({ snapshot }) => snapshot.status === 'active')
    .flatMap(({ snapshot }) =>
      events.map((event) => {
        const [to, actions] = transition(machine, snapshot as never, event as never) as [AnyMachineSnapshot, ExecAction[]];
        return { from: snapshot, event, to, view: lastView(actions) };
      }),
    );
}

function lastView(actions: ExecAction[]): View | undefined {
  const cards = (emittedOf(actions) as Array<{ type: string; view?: View }>).filter((emitted) => emitted.type === 'say.card');
  return cards.at(-1)?.view;
}

function submits(card: unknown): Array<{ title: string; action: string }> {
  const found: Array<{ title: string; action: string }> = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    const element = node as Record<string, unknown>;
    if (element.type === 'Action.Submit') {
      const data = (element.data ?? {}) as Record<string, unknown>;
      found.push({ title: String(element.title), action: String(data.action) });
    }
    Object.values(element).forEach(visit);
  };
  visit(card);
  return found;
}

/** What a person fills in before a client lets them submit: every required input gets a value. */
function filledIn(card: AdaptiveCardJson): Record<string, string> {
  const values: Record<string, string> = {};
  for (const input of inspectCard(card).inputs as Array<WalkedInput & { isRequired?: boolean }>) {
    if (!input.isRequired || input.value) continue;
    if (input.type === 'Input.ChoiceSet') values[input.id] = input.choices?.[0]?.value ?? '';
    else if (input.type === 'Input.Date') values[input.id] = '2026-03-11';
    else if (input.type === 'Input.Time') values[input.id] = '12:00';
    else if (input.type === 'Input.Number') values[input.id] = '1';
    else values[input.id] = 'model walk';
  }
  return values;
}

function click(card: AdaptiveCardJson, button: { title: string; action: string }): CardActionEvent {
  const inputs = cardSubmission(card, { action: button.title, inputs: filledIn(card) });
  expect(inputs.action).toBe(button.action);
  return { type: 'cardAction', id: 'act-1', roomId: ROOM, roomType: 'group', personId: PERSON, messageId: 'msg-1', inputs, receivedAt: NOW };
}

const FRESH = {
  conversation: initialTransition(conversationMachine, { roomId: ROOM, personId: PERSON, timeoutMs: 60_000 })[0] as AnyMachineSnapshot,
  broadcast: initialTransition(broadcastMachine, { roomId: ROOM, personId: PERSON, admins: [], timeoutMs: 60_000 })[0] as AnyMachineSnapshot,
};

/** Every button of the card is understood by the router, and a fresh actor of the target flow takes the event. */
function checkCard(view: View): { card: AdaptiveCardJson; routes: RouteDecision[] } {
  const { card } = renderView(view, RENDER);
  expect(cardProblems(card), `${view.kind} parses cleanly`).toEqual([]);
  const routes: RouteDecision[] = [];
  for (const button of submits(card)) {
    const decision = route(click(card, button), ROUTE);
    expect(decision.kind, `${view.kind}: button ${button.title}`).toBe('dispatch');
    if (decision.kind !== 'dispatch') continue;
    for (const target of decision.targets.filter((t) => !t.ifExists)) {
      expect(FRESH[target.key.kind].can(target.event as never), `${view.kind}: ${button.title} → ${target.event.type}`).toBe(true);
    }
    routes.push(decision);
  }
  return { card, routes };
}

function cancelButtonRoutesToCancel(card: AdaptiveCardJson): boolean {
  const cancel = submits(card).find((button) => button.action === 'cancel');
  if (!cancel) return false;
  const decision = route(click(card, cancel), ROUTE);
  return decision.kind === 'dispatch' && decision.targets.every((target) => target.event.type === 'conversation.cancelled' && target.ifExists === true);
}

describe('conversation machine: every reachable state', () => {
  const form = { testbedId: 1, purpose: 'perf run', expectedRelease: '2026-03-10T14:00:00.000Z' };
  const events: AnyEventObject[] = [
    { type: 'menu.requested' },
    { type: 'help.requested' },
    { type: 'status.requested' },
    { type: 'status.requested', page: 2 },
    { type: 'registration.started' },
    { type: 'release.started' },
    { type: 'feedback.started' },
    { type: 'register.submitted', form, now: NOW },
    { type: 'register.invalid', errors: { purpose: 'Tell us what you need the testbed for.' }, values: { testbed_id: '1' } },
    { type: 'release.submitted', testbedId: 2, now: NOW },
    { type: 'release.invalid', errors: { testbed_id: 'Choose the testbed to release.' }, values: {} },
    { type: 'feedback.submitted', text: 'Nice bot' },
    { type: 'feedback.invalid', errors: { feedback_text: 'Please write a few words of feedback first.' }, values: {} },
    CANCELLED,
    done('lookUpPerson', ana),
    failed('lookUpPerson'),
    done('claimTestbed', { ok: true, record: inUse(1, ana) }),
    done('claimTestbed', { ok: false, reason: 'taken', record: inUse(1, bob) }),
    done('claimTestbed', { ok: false, reason: 'unknown' }),
    failed('claimTestbed'),
    done('releaseTestbed', { ok: true, record: available(2), previous: inUse(2, bob) }),
    done('releaseTestbed', { ok: false, reason: 'not_in_use', record: available(2) }),
    done('releaseTestbed', { ok: false, reason: 'busy' }),
    failed('releaseTestbed'),
    done('saveFeedback', undefined),
    failed('saveFeedback'),
  ] satisfies Array<ConversationEvent | AnyEventObject>;
  const visited = walk(conversationMachine, { roomId: ROOM, personId: PERSON, timeoutMs: 60_000 }, events);

  const moves = steps(conversationMachine, visited, events);

  it('visits every state of the machine and sees many distinct cards on the way in', () => {
    const values = new Set(visited.map((v) => JSON.stringify(v.snapshot.value)));
    for (const value of ['idle', 'menu', 'registering', 'releasing', 'feedback', 'done', 'cancelled']) expect(values).toContain(JSON.stringify(value));
    for (const sub of ['identifying', 'claiming', 'releasing', 'savingFeedback']) expect(values).toContain(JSON.stringify({ submitting: sub }));
    expect(visited.length).toBeGreaterThanOrEqual(14);
    const kinds = new Set(moves.flatMap((move) => (move.view ? [move.view.kind] : [])));
    for (const kind of ['menu', 'help', 'status', 'registerForm', 'releaseForm', 'feedbackForm', 'registered', 'registerRefused', 'released', 'releaseRefused', 'feedbackThanks', 'cancelled', 'error']) {
      expect(kinds, kind).toContain(kind);
    }
  });

  it('shows a card that parses and offers only buttons the router understands, on every step that shows one', () => {
    let checked = 0;
    for (const move of moves) {
      if (!move.view) continue;
      checkCard(move.view);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(60);
  });

  it('every step into a state that waits for the person shows exactly the card for it', () => {
    let waiting = 0;
    for (const move of moves.filter((m) => m.to.hasTag('awaitingUser') && serializeState(m.to) !== serializeState(m.from))) {
      expect(move.view, `${move.event.type} into ${JSON.stringify(move.to.value)}`).toBeDefined();
      waiting++;
    }
    expect(waiting).toBeGreaterThanOrEqual(35);
  });

  it('cancel works from every state: waiting states end cancelled with a card, busy ones ignore it, forms carry a Cancel', () => {
    let waiting = 0;
    for (const { snapshot, view, path } of visited) {
      if (snapshot.status === 'done') continue;
      const [next, actions] = transition(conversationMachine, snapshot as never, CANCELLED as never) as [AnyMachineSnapshot, ExecAction[]];
      if (snapshot.hasTag('busy')) {
        expect(serializeState(next), `busy after ${path.join(' → ')}`).toBe(serializeState(snapshot));
        continue;
      }
      waiting++;
      expect(next.value, `after ${path.join(' → ')}`).toBe('cancelled');
      expect(lastView(actions)).toEqual({ kind: 'cancelled' });
      if (view && /Form$/.test(view.kind)) expect(cancelButtonRoutesToCancel(renderView(view, RENDER).card), view.kind).toBe(true);
    }
    expect(waiting).toBe(5); // idle, menu, registering, releasing, feedback
  });
});

describe('broadcast machine: every reachable state', () => {
  const input: BroadcastInput = { roomId: ROOM, personId: PERSON, admins: [ana.email], timeoutMs: 60_000 };
  const events: AnyEventObject[] = [
    { type: 'broadcast.started' },
    { type: 'rooms.submitted', roomIds: ['room-qa', 'room-ops'] },
    { type: 'rooms.submitted', roomIds: ['room-forged'] },
    { type: 'rooms.invalid', errors: { room_ids: 'Choose at least one room.' }, values: { room_ids: '' } },
    { type: 'message.submitted', kind: 'maintenance', text: 'Lab 3 down at 18:00' },
    { type: 'message.invalid', errors: { message_kind: 'Choose what the message is about.' }, values: {} },
    { type: 'broadcast.confirmed' },
    { type: 'broadcast.back' },
    CANCELLED,
    done('lookUpPerson', ana),
    done('lookUpPerson', bob),
    failed('lookUpPerson'),
    done('listBroadcastRooms', ROOMS),
    done('listBroadcastRooms', []),
    failed('listBroadcastRooms'),
    done('sendBroadcast', [
      { roomId: 'room-ops', name: 'Ops', delivered: true },
      { roomId: 'room-qa', name: 'QA', delivered: false, reason: 'the room is gone' },
    ]),
    failed('sendBroadcast'),
  ];
  const visited = walk(broadcastMachine, input, events);

  const moves = steps(broadcastMachine, visited, events);

  it('visits every state of the machine and sees every card on the way in', () => {
    const values = new Set(visited.map((v) => v.snapshot.value as string));
    expect(values).toEqual(
      new Set(['idle', 'checking', 'notAllowed', 'loadingRooms', 'noRooms', 'selectingRooms', 'composing', 'previewing', 'sending', 'reported', 'cancelled', 'failed']),
    );
    expect(visited.length).toBeGreaterThanOrEqual(20);
    const kinds = new Set(moves.flatMap((move) => (move.view ? [move.view.kind] : [])));
    expect(kinds).toEqual(new Set(['broadcastRooms', 'broadcastMessage', 'broadcastPreview', 'broadcastReport', 'broadcastNotAllowed', 'noBroadcastRooms', 'cancelled', 'error']));
  });

  it('shows a card that parses and offers only buttons the router understands, on every step that shows one', () => {
    let checked = 0;
    for (const move of moves) {
      if (!move.view) continue;
      checkCard(move.view);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(150);
  });

  it('cancel works from every state but sending: the cancelled card, a final state; while sending it changes nothing', () => {
    let cancelled = 0;
    for (const { snapshot, view, path } of visited) {
      if (snapshot.status === 'done') continue;
      const [next, actions] = transition(broadcastMachine, snapshot as never, CANCELLED as never) as [AnyMachineSnapshot, ExecAction[]];
      if (snapshot.value === 'sending') {
        expect(serializeState(next)).toBe(serializeState(snapshot));
        continue;
      }
      cancelled++;
      expect(next.value, `after ${path.join(' → ')}`).toBe('cancelled');
      expect(lastView(actions)).toEqual({ kind: 'cancelled' });
      if (snapshot.hasTag('awaitingUser')) expect(cancelButtonRoutesToCancel(renderView(view!, RENDER).card), String(snapshot.value)).toBe(true);
    }
    expect(cancelled).toBeGreaterThanOrEqual(10);
  });
});

describe('testbed machine: every reachable state, as the cards show it', () => {
  const booking = (requestId: string, holder = ana): TestbedEvent => ({ type: 'registration.requested', requestId, holder, purpose: 'soak', expectedRelease: '2026-03-10T14:00:00.000Z', now: NOW });
  const events = (snapshot: AnyMachineSnapshot): AnyEventObject[] => {
    const context = snapshot.context as { record: TestbedRecord; pending: { record: TestbedRecord } | null };
    const saved = context.pending?.record ?? context.record;
    return [
      booking('a'),
      booking('b', bob),
      { type: 'release.requested', requestId: 'c', by: bob, now: NOW },
      ...['saveClaim', 'saveRelease'].flatMap((id) => [done(id, saved), failed(id)]),
    ];
  };
  const starts = [available(4, 'lab-4'), inUse(4, bob, { name: 'lab-4' })];
  const visited = starts.flatMap((record) => {
    const paths = getShortestPaths(testbedMachine, { input: { record }, events, serializeState } as never);
    return paths.map((path) => path.state as AnyMachineSnapshot);
  });

  it('visits available, reserving, inUse and releasing from both start records', () => {
    expect(new Set(visited.map((snapshot) => snapshot.value))).toEqual(new Set(['available', 'reserving', 'inUse', 'releasing']));
    expect(visited.length).toBeGreaterThanOrEqual(8);
  });

  it('shows the testbed on the status, register and release cards in every state; the forms can be cancelled', () => {
    let checked = 0;
    for (const snapshot of visited) {
      const record = (snapshot.context as { record: TestbedRecord }).record;
      const testbeds = [...TESTBEDS, record];
      const views: View[] = [{ kind: 'status' }, { kind: 'registerForm' }, { kind: 'releaseForm' }];
      for (const view of views) {
        const { card } = renderView(view, { ...RENDER, testbeds });
        expect(cardProblems(card), `${view.kind} in ${String(snapshot.value)}`).toEqual([]);
        for (const button of submits(card)) expect(route(click(card, button), { ...ROUTE, knownTestbedIds: [...ROUTE.knownTestbedIds, 4] }).kind).toBe('dispatch');
        const shown = JSON.stringify(card).includes('lab-4') || JSON.stringify(card).includes('lab\\\\-4');
        const listed = view.kind === 'status' || (view.kind === 'registerForm') === (record.status === 'available');
        if (listed) expect(shown, `${view.kind} lists lab-4 while ${String(snapshot.value)}`).toBe(true);
        if (view.kind !== 'status') expect(cancelButtonRoutesToCancel(card)).toBe(true);
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(40);
  });
});
