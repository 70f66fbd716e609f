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
 * Cards that go to a person's 1:1 room (reminders, overdue notices, the hand-off offer, the ask to
 * the holder and its answer, and the replies to the buttons on them) are checked as clicked there:
 * the room is not on APPROVED_ROOMS, so every button must be one the router accepts from a direct
 * room. Typed `cancel` is ignored in such a room, so their way out is their own button (No thanks,
 * Release now) and that is what is checked for them.
 * The testbed machine is walked in several small walks, each from one start record with only the
 * events that matter there; together they must pass through every state the machine defines
 * (eventless ones such as restoring and tidying seen through the microsteps).
 * Minimum counts keep the walk from passing with nothing visited.
 */
import { describe, expect, it } from 'vitest';
import { getInitialMicrosteps, getMicrosteps, initialTransition, transition, type AnyEventObject, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { conversationMachine, type ConversationEvent } from '../../src/machines/conversation.machine.js';
import { broadcastMachine, type BroadcastInput, type BroadcastRoomOption } from '../../src/machines/broadcast.machine.js';
import { adminMachine } from '../../src/machines/admin.machine.js';
import { ADMIN_TASKS } from '../../src/cards/admin-actions.js';
import { testbedMachine, type TestbedContext, type TestbedEmitted, type TestbedEvent, type TestbedInput } from '../../src/machines/testbed.machine.js';
import { renderView, type View } from '../../src/app/render.js';
import { route, type RouteDecision, type Target } from '../../src/app/router.js';
import { cardSubmission } from '../../src/platform/emulator/card-submit.js';
import type { AdaptiveCardJson, CardActionEvent } from '../../src/platform/port.js';
import type { AdminOutcome, AdminRequest, DirectNotice, Holder, LifecycleEntry, LifecycleOutcome, TestbedRecord } from '../../src/domain.js';
import { emptyLifecycle } from '../../src/domain.js';
import { cardProblems } from '../support/adaptive-cards.js';
import { inspectCard, type WalkedInput } from '../cards/card-walk.js';
import { NOW, ana, available, bob, inUse } from '../fixtures/flows/records.js';
import { emittedOf, type ExecAction } from '../fixtures/flows/replay.js';

const ROOM = 'room-lab';
/** Ana's 1:1 room with the bot: not on APPROVED_ROOMS. */
const DM = 'room-dm-ana';
const PERSON = 'person-ana';
const grace: Holder = { email: 'grace@example.com', name: 'Grace Hopper' };
/** lab-5 is free and held for Ana (she was first in its queue); Grace waits for lab-2. */
const OFFER = { email: ana.email, name: ana.name, until: '2026-03-10T10:10:00.000Z' };
const ROOMS: BroadcastRoomOption[] = [
  { room_id: 'room-ops', name: 'Ops', description: 'Operations' },
  { room_id: 'room-qa', name: 'QA', description: 'Testers', discovered: true },
];
const TESTBEDS: TestbedRecord[] = [available(1), inUse(2, bob), inUse(3, ana, { until: '2026-03-10T09:00:00.000Z' }), available(5)];
const LIFE: LifecycleEntry[] = [
  { ...emptyLifecycle(5), offer: OFFER },
  { ...emptyLifecycle(2), queue: [{ email: grace.email, name: grace.name, since: NOW }, { email: ana.email, name: ana.name, since: NOW }] },
];
const RENDER = { botName: 'Testbed Monitor', testbeds: TESTBEDS, now: NOW, timeZone: 'UTC', requesterEmail: ana.email, life: LIFE };
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

function click(card: AdaptiveCardJson, button: { title: string; action: string }, where: 'group' | 'direct' = 'group'): CardActionEvent {
  const inputs = cardSubmission(card, { action: button.title, inputs: filledIn(card) });
  expect(inputs.action).toBe(button.action);
  const roomId = where === 'direct' ? DM : ROOM;
  return { type: 'cardAction', id: 'act-1', roomId, roomType: where, personId: PERSON, messageId: 'msg-1', inputs, receivedAt: NOW };
}

const FRESH = {
  conversation: initialTransition(conversationMachine, { roomId: ROOM, personId: PERSON, timeoutMs: 60_000 })[0] as AnyMachineSnapshot,
  broadcast: initialTransition(broadcastMachine, { roomId: ROOM, personId: PERSON, admins: [], timeoutMs: 60_000 })[0] as AnyMachineSnapshot,
  admin: initialTransition(adminMachine, { roomId: ROOM, personId: PERSON, admins: [ana.email], timeoutMs: 60_000 })[0] as AnyMachineSnapshot,
};

/** Every button of the card is understood by the router, and a fresh actor of the target flow takes the event. */
function checkCard(view: View, ctx = RENDER, routeCtx = ROUTE): { card: AdaptiveCardJson; routes: RouteDecision[] } {
  const { card } = renderView(view, ctx);
  expect(cardProblems(card), `${view.kind} parses cleanly`).toEqual([]);
  const routes: RouteDecision[] = [];
  for (const button of submits(card)) {
    const decision = route(click(card, button), routeCtx);
    expect(decision.kind, `${view.kind}: button ${button.title}`).toBe('dispatch');
    if (decision.kind !== 'dispatch') continue;
    for (const target of decision.targets.filter((t) => !t.ifExists)) {
      expect(FRESH[target.key.kind].can(target.event as never), `${view.kind}: ${button.title} → ${target.event.type}`).toBe(true);
    }
    routes.push(decision);
  }
  return { card, routes };
}

/**
 * A card shown in a 1:1 room that is not approved: it parses, and every button is one the router
 * accepts from there (anything else is silently ignored in such a room), taken by a fresh actor.
 */
function checkDirectCard(view: View, ctx = RENDER, routeCtx = ROUTE): { card: AdaptiveCardJson; routes: RouteDecision[] } {
  const { card } = renderView(view, { ...ctx, directRoom: true });
  const label = view.kind === 'notice' ? `notice ${view.notice.kind}` : view.kind === 'lifecycle' ? `lifecycle ${view.outcome.type}` : view.kind;
  expect(cardProblems(card), `${label} parses cleanly`).toEqual([]);
  const routes: RouteDecision[] = [];
  for (const button of submits(card)) {
    const decision = route(click(card, button, 'direct'), routeCtx);
    expect(decision.kind, `${label} in a 1:1 room: button ${button.title} (${button.action})`).toBe('dispatch');
    if (decision.kind !== 'dispatch') continue;
    for (const target of decision.targets) {
      // An admin's notice (a maintenance past its expected end) opens admin forms; every other button is the person's own conversation.
      const flow = label === 'notice maintenanceDue' ? 'admin' : 'conversation';
      expect(target.key.kind, `${label}: ${button.title}`).toBe(flow);
      expect(FRESH[flow].can(target.event as never), `${label}: ${button.title} → ${target.event.type}`).toBe(true);
    }
    routes.push(decision);
  }
  return { card, routes };
}

/** The event a direct-room button puts to the conversation, as the testbed fleet hands it to the testbed. */
function testbedEventOf(event: Target['event'], by: Holder): TestbedEvent | undefined {
  const now = String(event.now);
  if (event.type === 'release.submitted') return { type: 'release.requested', requestId: 'dm', by, now, holderOnly: event.holderOnly === true };
  if (event.type === 'register.submitted') {
    const form = event.form as { purpose: string; expectedRelease: string };
    return { type: 'registration.requested', requestId: 'dm', holder: by, purpose: form.purpose, expectedRelease: form.expectedRelease, now, offerOnly: event.offerOnly === true };
  }
  if (event.type !== 'lifecycle.submitted') return undefined;
  const request = event.request as { type: string; minutes?: number };
  const types: Record<string, TestbedEvent['type']> = { decline: 'offer.declined', keep: 'ask.kept', wait: 'wait.requested', unwait: 'unwait.requested', ask: 'ask.requested' };
  if (request.type === 'extend') return { type: 'extend.requested', requestId: 'dm', by, now, minutes: request.minutes ?? 0 };
  return types[request.type] ? ({ type: types[request.type], requestId: 'dm', by, now } as TestbedEvent) : undefined;
}

function cancelButtonRoutesToCancel(card: AdaptiveCardJson): boolean {
  const cancel = submits(card).find((button) => button.action === 'cancel');
  if (!cancel) return false;
  const decision = route(click(card, cancel), ROUTE);
  return decision.kind === 'dispatch' && decision.targets.every((target) => target.event.type === 'conversation.cancelled' && target.ifExists === true);
}

/** The lifecycle views: my bookings, the hand-off form back with problems, and every lifecycle request. */
const lifecycleEvents: AnyEventObject[] = [
  { type: 'mine.requested' },
  { type: 'offer.invalid', testbedId: 5, errors: { purpose: 'Tell us what you need the testbed for.' }, values: { testbed_id: '5', purpose: '', release_choice: '4h' } },
  { type: 'offer.invalid', testbedId: 1, errors: { purpose: 'Tell us what you need the testbed for.' }, values: { testbed_id: '1' } },
  { type: 'register.submitted', form: { testbedId: 5, purpose: 'handed over', expectedRelease: '2026-03-10T14:00:00.000Z' }, now: NOW, offerOnly: true },
  { type: 'release.submitted', testbedId: 3, now: NOW, holderOnly: true },
  ...(['wait', 'unwait', 'decline', 'ask', 'keep'] as const).map((type) => ({ type: 'lifecycle.submitted', request: { type, testbedId: 2 }, now: NOW })),
  { type: 'lifecycle.submitted', request: { type: 'extend', testbedId: 3, minutes: 60 }, now: NOW },
  { type: 'lifecycle.submitted', request: { type: 'releaseAll' }, now: NOW },
];

/** What the testbeds answer: every outcome and refusal a lifecycle request can get. */
const OUTCOMES: LifecycleOutcome[] = [
  { type: 'extended', record: inUse(3, ana, { until: '2026-03-10T13:00:00.000Z' }) },
  { type: 'waiting', record: inUse(2, bob), position: 2, length: 2, already: false },
  { type: 'waiting', record: inUse(2, bob), position: 1, length: 1, already: true },
  { type: 'unwaited', record: inUse(2, bob), wasWaiting: true },
  { type: 'unwaited', record: inUse(2, bob), wasWaiting: false },
  { type: 'declined', record: available(5) },
  { type: 'asked', record: inUse(2, bob) },
  { type: 'kept', record: inUse(3, ana), askers: 2 },
  { type: 'kept', record: inUse(3, ana), askers: 0 },
  { type: 'releasedAll', records: [inUse(3, ana), inUse(1, ana)] },
  { type: 'releasedAll', records: [] },
  ...(['not_holder', 'not_in_use', 'too_far', 'free', 'yours', 'not_offered', 'busy', 'unknown'] as const).map((reason) => ({ type: 'refused' as const, reason, record: inUse(2, bob) })),
  { type: 'refused', reason: 'offered', record: available(5), offer: OFFER, until: OFFER.until },
  { type: 'refused', reason: 'too_soon', record: inUse(2, bob), until: '2026-03-10T11:00:00.000Z' },
  { type: 'refused', reason: 'unknown' },
];
const lifecycleAnswers: AnyEventObject[] = [
  ...OUTCOMES.map((outcome) => done('runLifecycle', outcome)),
  failed('runLifecycle'),
  done('claimTestbed', { ok: false, reason: 'held', record: available(5), offer: { ...OFFER, email: grace.email, name: grace.name } }),
  done('claimTestbed', { ok: true, record: inUse(5, ana, { purpose: 'handed over' }) }),
  done('releaseTestbed', { ok: false, reason: 'not_holder', record: inUse(3, bob) }),
  done('releaseTestbed', { ok: true, record: available(3), previous: inUse(3, ana) }),
];

/** What the router hands the conversation from a direct room (the buttons on the cards sent there). */
const directEvents: AnyEventObject[] = [
  { type: 'register.submitted', form: { testbedId: 5, purpose: 'handed over', expectedRelease: '2026-03-10T14:00:00.000Z' }, now: NOW, offerOnly: true },
  { type: 'offer.invalid', testbedId: 5, errors: { purpose: 'Tell us what you need the testbed for.' }, values: { testbed_id: '5', purpose: '' } },
  { type: 'release.submitted', testbedId: 3, now: NOW, holderOnly: true },
  { type: 'lifecycle.submitted', request: { type: 'extend', testbedId: 3, minutes: 60 }, now: NOW },
  { type: 'lifecycle.submitted', request: { type: 'extend', testbedId: 3, minutes: 1440 }, now: NOW },
  { type: 'lifecycle.submitted', request: { type: 'decline', testbedId: 5 }, now: NOW },
  { type: 'lifecycle.submitted', request: { type: 'keep', testbedId: 3 }, now: NOW },
];

describe('conversation machine: every reachable state', () => {
  const form = { testbedId: 1, purpose: 'perf run', expectedRelease: '2026-03-10T14:00:00.000Z' };
  const events: AnyEventObject[] = [
    { type: 'menu.requested' },
    { type: 'help.requested' },
    { type: 'status.requested' },
    { type: 'status.requested', page: 2 },
    { type: 'status.requested', page: 2, label: '5g' },
    { type: 'registration.started' },
    { type: 'release.started' },
    { type: 'feedback.started' },
    { type: 'report.requested' },
    { type: 'report.requested', days: 30 },
    { type: 'history.requested', testbedId: 2 },
    { type: 'myHistory.requested' },
    { type: 'register.submitted', form, now: NOW },
    { type: 'register.submitted', form: { label: '5g', purpose: 'perf run', expectedRelease: '2026-03-10T14:00:00.000Z' }, now: NOW },
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
    done('claimAnyTestbed', { ok: true, record: inUse(1, ana) }),
    done('claimAnyTestbed', { ok: false, reason: 'none_free' }),
    failed('claimAnyTestbed'),
    done('releaseTestbed', { ok: true, record: available(2), previous: inUse(2, bob) }),
    done('releaseTestbed', { ok: false, reason: 'not_in_use', record: available(2) }),
    done('releaseTestbed', { ok: false, reason: 'busy' }),
    failed('releaseTestbed'),
    done('saveFeedback', undefined),
    failed('saveFeedback'),
    ...lifecycleEvents,
    ...lifecycleAnswers,
  ] satisfies Array<ConversationEvent | AnyEventObject>;
  const visited = walk(conversationMachine, { roomId: ROOM, personId: PERSON, timeoutMs: 60_000 }, events);

  const moves = steps(conversationMachine, visited, events);

  it('visits every state of the machine and sees many distinct cards on the way in', () => {
    const values = new Set(visited.map((v) => JSON.stringify(v.snapshot.value)));
    for (const value of ['idle', 'menu', 'registering', 'releasing', 'feedback', 'done', 'cancelled']) expect(values).toContain(JSON.stringify(value));
    for (const sub of ['identifying', 'claiming', 'claimingAny', 'releasing', 'savingFeedback', 'changingLifecycle']) expect(values).toContain(JSON.stringify({ submitting: sub }));
    expect(visited.length).toBeGreaterThanOrEqual(40);
    const kinds = new Set(moves.flatMap((move) => (move.view ? [move.view.kind] : [])));
    for (const kind of ['menu', 'help', 'status', 'registerForm', 'releaseForm', 'feedbackForm', 'registered', 'registerRefused', 'released', 'releaseRefused', 'feedbackThanks', 'cancelled', 'error', 'mine', 'offerForm', 'lifecycle', 'noneFree', 'report']) {
      expect(kinds, kind).toContain(kind);
    }
  });

  it('reaches every lifecycle answer: each outcome, each refusal, the held refusal and the release refused to a non-holder', () => {
    const shown = moves.flatMap((move) => (move.view?.kind === 'lifecycle' ? [JSON.stringify(move.view.outcome)] : []));
    for (const outcome of OUTCOMES) expect(shown, `${outcome.type} ${outcome.type === 'refused' ? outcome.reason : ''}`).toContain(JSON.stringify(outcome));
    expect(moves.some((move) => move.view?.kind === 'registerRefused' && move.view.offer?.email === grace.email)).toBe(true);
    expect(moves.some((move) => move.view?.kind === 'lifecycle' && move.view.outcome.type === 'refused' && move.view.outcome.reason === 'not_holder' && move.view.outcome.record?.id === 3)).toBe(true);
    // The hand-off form comes back as itself for the person it is held for, and as a refusal for a testbed that is not.
    const offerCards = moves.filter((move) => move.view?.kind === 'offerForm').map((move) => JSON.stringify(renderView(move.view!, RENDER).card));
    expect(offerCards.some((card) => card.includes('"No thanks"'))).toBe(true);
    expect(offerCards.some((card) => card.includes('is not being offered to you right now'))).toBe(true);
  });

  it('shows a card that parses and offers only buttons the router understands, on every step that shows one', () => {
    let checked = 0;
    for (const move of moves) {
      if (!move.view) continue;
      checkCard(move.view);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(260);
  });

  it('every step into a state that waits for the person shows exactly the card for it', () => {
    let waiting = 0;
    for (const move of moves.filter((m) => m.to.hasTag('awaitingUser') && serializeState(m.to) !== serializeState(m.from))) {
      expect(move.view, `${move.event.type} into ${JSON.stringify(move.to.value)}`).toBeDefined();
      waiting++;
    }
    expect(waiting).toBeGreaterThanOrEqual(50);
  });

  it('in a 1:1 room, every card the direct-room buttons lead to offers only buttons the router takes from there', () => {
    // Only what those buttons can get back: extended, declined, kept, any refusal, a booking or release result.
    const answers = lifecycleAnswers.filter((event) => !/runLifecycle$/.test(event.type) || !('output' in event) || ['extended', 'declined', 'kept', 'refused'].includes((event.output as LifecycleOutcome).type));
    const direct = walk(conversationMachine, { roomId: DM, personId: PERSON, timeoutMs: 60_000 }, [...directEvents, ...answers, done('lookUpPerson', ana), failed('lookUpPerson'), failed('claimTestbed'), failed('releaseTestbed')]);
    const directMoves = steps(conversationMachine, direct, [...directEvents, ...answers, done('lookUpPerson', ana)]);
    const kinds = new Set<string>();
    for (const move of directMoves) {
      if (!move.view) continue;
      checkDirectCard(move.view);
      kinds.add(move.view.kind);
    }
    expect([...kinds].sort()).toEqual(['error', 'lifecycle', 'offerForm', 'registerRefused', 'registered', 'released']);
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

  it('every form shown on the way into a waiting state has its way out: Cancel, or No thanks on the hand-off form', () => {
    const shown = new Map<string, View>();
    for (const move of moves) if (move.view && /Form$/.test(move.view.kind) && move.to.hasTag('awaitingUser')) shown.set(JSON.stringify(move.view), move.view);
    let offerForms = 0;
    for (const view of shown.values()) {
      const [next] = transition(conversationMachine, FRESH.conversation as never, CANCELLED as never) as [AnyMachineSnapshot, ExecAction[]];
      expect(next.value).toBe('cancelled');
      if (view.kind === 'offerForm' && view.testbedId === 5) {
        offerFormWayOut(view);
        offerForms++;
      } else if (view.kind !== 'offerForm') expect(cancelButtonRoutesToCancel(renderView(view, RENDER).card), view.kind).toBe(true);
    }
    expect(offerForms).toBe(1);
    expect(shown.size).toBeGreaterThanOrEqual(8);
  });

  /**
   * The hand-off form lives in a 1:1 room, where typed cancel is ignored and it carries no Cancel:
   * its way out is No thanks (`decline_offer`), which must reach the testbed as the offer declined
   * and pass the hold on.
   */
  function offerFormWayOut(view: View): void {
    const { card } = renderView(view, RENDER);
    expect(submits(card).some((button) => button.action === 'cancel')).toBe(false);
    const noThanks = submits(card).find((button) => button.title === 'No thanks');
    expect(noThanks?.action).toBe('decline_offer');
    const decision = route(click(card, noThanks!, 'direct'), ROUTE);
    expect(decision.kind === 'dispatch' && decision.targets.map((target) => target.event)).toEqual([
      { type: 'lifecycle.submitted', request: { type: 'decline', testbedId: 5 }, now: NOW },
    ]);
    const declined = testbedEventOf((decision as Extract<RouteDecision, { kind: 'dispatch' }>).targets[0].event, ana)!;
    const [held] = initialTransition(testbedMachine, { record: available(5), life: LIFE[0] }) as [AnyMachineSnapshot, ExecAction[]];
    expect(held.value).toBe('held');
    const [next] = transition(testbedMachine, held as never, declined as never) as [AnyMachineSnapshot, ExecAction[]];
    expect(next.value).toBe('updating');
    expect((next.context as { change: { life: LifecycleEntry } }).change.life.offer).toBeNull();
  }
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

describe('admin machine: every reachable state', () => {
  const input = { roomId: ROOM, personId: PERSON, admins: [ana.email], timeoutMs: 60_000 };
  const maintenance = { reason: 'firmware', until: '2026-03-12T10:00:00.000Z', since: NOW, by: ana };
  const OUTCOMES: AdminOutcome[] = [
    { type: 'added', record: { ...available(6), labels: ['5g'], description: 'spare' } },
    { type: 'renamed', record: available(1, 'lab-1b'), previousName: 'lab-1' },
    { type: 'edited', record: { ...available(1), labels: ['5g'] }, previous: { labels: [], description: 'spare' }, changed: true },
    { type: 'edited', record: available(1), previous: { labels: [], description: null }, changed: false },
    { type: 'retired', record: available(1) },
    { type: 'maintenanceStarted', record: { ...available(1), maintenance } },
    { type: 'maintenanceEnded', record: available(1) },
    { type: 'forceReleased', record: available(2), previous: inUse(2, bob) },
    ...(['unknown', 'in_use', 'not_in_use', 'held', 'in_maintenance', 'not_in_maintenance', 'busy'] as const).map((reason) => ({ type: 'refused' as const, reason, record: inUse(2, bob) })),
  ];
  const REQUESTS: AdminRequest[] = [
    { type: 'add', name: 'lab-1', labels: [], description: null },
    { type: 'edit', testbedId: 1, labels: ['5g'], description: null },
    { type: 'forceRelease', testbedId: 2, reason: 'overdue' },
  ];
  const events: AnyEventObject[] = [
    { type: 'admin.requested' },
    ...ADMIN_TASKS.map((task) => ({ type: 'admin.formRequested', task })),
    { type: 'admin.invalid', task: 'maintenance_start', errors: { until: 'That time has already passed.' }, values: { testbed_id: '1', reason: 'fw', until: '2020-01-01 10:00' } },
    { type: 'admin.formRequested', task: 'testbed_edit', values: { testbed_id: '1', labels: '5g' } },
    { type: 'admin.invalid', task: 'testbed_edit', errors: { labels: 'Not a label.' }, values: { testbed_id: '1', labels: 'r@n', description: '' } },
    ...REQUESTS.map((request) => ({ type: 'admin.submitted', request, now: NOW })),
    CANCELLED,
    done('lookUpPerson', ana),
    done('lookUpPerson', bob),
    failed('lookUpPerson'),
    ...OUTCOMES.map((outcome) => done('runAdmin', outcome)),
    done('runAdmin', { type: 'refused', reason: 'name_taken', record: available(1) }),
    failed('runAdmin'),
  ];
  const visited = walk(adminMachine, input, events);
  const moves = steps(adminMachine, visited, events);

  it('visits every state and shows every admin card on the way in', () => {
    expect(new Set(visited.map((v) => v.snapshot.value))).toEqual(new Set(['idle', 'checking', 'showing', 'running', 'notAllowed', 'done', 'cancelled', 'failed']));
    const kinds = new Set(moves.flatMap((move) => (move.view ? [move.view.kind] : [])));
    expect(kinds).toEqual(new Set(['adminMenu', 'adminForm', 'adminOutcome', 'adminNotAllowed', 'cancelled', 'error']));
    const forms = new Set(moves.flatMap((move) => (move.view?.kind === 'adminForm' ? [move.view.task] : [])));
    expect(forms).toEqual(new Set(ADMIN_TASKS));
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

  it('in a 1:1 room, every admin card offers only buttons the router takes from there, each for the admin flow', () => {
    const kinds = new Set<string>();
    for (const move of moves) {
      if (!move.view || move.view.kind === 'cancelled' || move.view.kind === 'error') continue;
      const { card } = renderView(move.view, { ...RENDER, directRoom: true });
      expect(cardProblems(card)).toEqual([]);
      for (const button of submits(card)) {
        const decision = route(click(card, button, 'direct'), ROUTE);
        expect(decision.kind, `${move.view.kind}: ${button.title}`).toBe('dispatch');
        if (decision.kind !== 'dispatch') continue;
        for (const target of decision.targets) {
          expect(target.key.kind).toBe('admin');
          expect(FRESH.admin.can(target.event as never)).toBe(true);
        }
      }
      kinds.add(move.view.kind);
    }
    expect(kinds).toEqual(new Set(['adminMenu', 'adminForm', 'adminOutcome', 'adminNotAllowed']));
  });

  it('cancel works from every waiting state and is ignored while busy; every form carries a Cancel', () => {
    let waiting = 0;
    for (const { snapshot, view, path } of visited) {
      if (snapshot.status === 'done') continue;
      const [next, actions] = transition(adminMachine, snapshot as never, CANCELLED as never) as [AnyMachineSnapshot, ExecAction[]];
      if (snapshot.hasTag('busy')) {
        expect(serializeState(next), `busy after ${path.join(' → ')}`).toBe(serializeState(snapshot));
        continue;
      }
      waiting++;
      expect(next.value).toBe('cancelled');
      expect(lastView(actions)).toEqual({ kind: 'cancelled' });
      if (view?.kind === 'adminForm' || view?.kind === 'adminMenu') expect(cancelButtonRoutesToCancel(renderView(view, RENDER).card), view.kind).toBe(true);
    }
    expect(waiting).toBeGreaterThanOrEqual(8);
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

describe('testbed machine: the lifecycle walked from five start records, every state and every message', () => {
  const UNTIL = '2026-03-10T14:00:00.000Z';
  /** 15 minutes before the noon deadline (the reminder), just after it (overdue), a day after the first overdue notice. */
  const REMIND = '2026-03-10T11:46:00.000Z';
  const DUE = '2026-03-10T12:01:00.000Z';
  const NEXT_DAY = '2026-03-11T10:00:00.000Z';
  const HOLD_ENDS = '2026-03-10T10:10:00.000Z';
  const ROUTE4 = { ...ROUTE, knownTestbedIds: [...ROUTE.knownTestbedIds, 4] };
  const RETRY: AnyEventObject = { type: 'xstate.after.retryLater.testbed.coolingDown' };

  const by = (type: string, who: Holder, extra: Record<string, unknown> = {}): AnyEventObject => ({ type, requestId: `${type}:${who.email}`, by: who, now: NOW, ...extra });
  const booking = (holder: Holder, offerOnly = false): AnyEventObject => ({
    type: 'registration.requested',
    requestId: `book:${holder.email}`,
    holder,
    purpose: 'soak',
    expectedRelease: UNTIL,
    now: NOW,
    ...(offerOnly ? { offerOnly: true } : {}),
  });
  const deadline = (now: string): AnyEventObject => ({ type: 'deadline.reached', now });
  /** What the invoked saves answer: what they were given to store, or a failure. */
  type SaveId = 'saveClaim' | 'saveRelease' | 'saveAmendment' | 'saveLifecycle' | 'saveChange' | 'saveRetirement';
  const saves = (snapshot: AnyMachineSnapshot, ...ids: SaveId[]): AnyEventObject[] => {
    const context = snapshot.context as TestbedContext;
    const output = (id: SaveId) => {
      if (id === 'saveLifecycle') return context.change?.life ?? context.life;
      if (id === 'saveRetirement') return { id: context.record.id, testbed_name: context.record.testbed_name, retired_at: NOW };
      return context.pending?.record ?? context.record;
    };
    return ids.flatMap((id) => [done(id, output(id)), failed(id)]);
  };
  const admin = (type: string, extra: Record<string, unknown> = {}): AnyEventObject => ({ type, requestId: `${type}:admin`, by: grace, now: NOW, ...extra });
  const ADMIN_EVENTS = [
    admin('rename.requested', { name: 'lab-4b' }),
    admin('edit.requested', { labels: ['5g', 'core'], description: 'Radio rack 2' }),
    admin('retire.requested'),
    admin('maintenanceStart.requested', { reason: 'new power supply', until: UNTIL }),
    admin('maintenanceEnd.requested'),
    admin('forceRelease.requested', { reason: 'the nightly run needs it' }),
  ];
  const UNDER_MAINTENANCE = { ...available(4), maintenance: { reason: 'new power supply', until: UNTIL, since: NOW, by: grace } };
  const anasAsk = { asker_email: ana.email, asker_name: ana.name, registered_time: '2026-03-10T08:00:00.000Z', asked_at: NOW, answered: false };

  interface Walk {
    name: string;
    input: TestbedInput;
    /** Only the events that matter from this start, the timers' completions included. */
    events: (snapshot: AnyMachineSnapshot) => AnyEventObject[];
  }
  const WALKS: Walk[] = [
    {
      name: 'free',
      input: { record: available(4) },
      events: (s) => [
        booking(ana),
        booking(grace, true),
        by('release.requested', bob),
        by('wait.requested', ana),
        // Gained a label Ana waits for: held for her at once.
        by('wait.requested', ana, { label: '5g', offerIfFree: true }),
        by('unwait.requested', ana),
        by('offer.declined', ana),
        by('ask.requested', ana),
        ...saves(s, 'saveClaim', 'saveRelease', 'saveLifecycle'),
      ],
    },
    {
      name: 'in use, a reminder due',
      input: { record: inUse(4, bob) },
      events: (s) => [
        deadline(REMIND),
        deadline(DUE),
        RETRY,
        // Extended once: every extension moves the deadline, so more would never end.
        ...((s.context as TestbedContext).record.expected_release_time === '2026-03-10T12:00:00.000Z' ? [by('extend.requested', bob, { minutes: 60 })] : []),
        by('extend.requested', bob, { minutes: 90 * 1440 }),
        by('extend.requested', ana, { minutes: 60 }),
        // A new purpose once, the same one again, and one from somebody who does not hold it.
        by('purpose.requested', bob, { purpose: 'bisecting the crash' }),
        by('purpose.requested', ana, { purpose: 'mine now' }),
        by('release.requested', ana, { holderOnly: true }),
        booking(ana),
        ...saves(s, 'saveLifecycle', 'saveAmendment'),
      ],
    },
    {
      name: 'overdue',
      input: { record: inUse(4, bob, { until: '2026-03-10T09:00:00.000Z' }) },
      events: (s) => [deadline(NOW), deadline(NEXT_DAY), RETRY, by('release.requested', bob, { holderOnly: true }), ...saves(s, 'saveLifecycle', 'saveRelease')],
    },
    {
      name: 'held for Ana, Grace next',
      input: {
        record: available(4),
        life: { ...emptyLifecycle(4), offer: { email: ana.email, name: ana.name, until: HOLD_ENDS }, queue: [{ email: grace.email, name: grace.name, since: NOW }] },
      },
      events: (s) => [
        deadline(HOLD_ENDS),
        booking(ana, true),
        booking(bob),
        by('offer.declined', ana),
        by('offer.declined', bob),
        by('wait.requested', ana),
        by('wait.requested', grace),
        by('wait.requested', bob),
        by('unwait.requested', grace),
        RETRY,
        ...saves(s, 'saveLifecycle', 'saveClaim'),
      ],
    },
    {
      name: 'free, an admin at work',
      input: { record: available(4) },
      events: (s) => [...ADMIN_EVENTS, booking(ana), by('wait.requested', ana), ...saves(s, 'saveChange', 'saveRetirement', 'saveClaim')],
    },
    {
      name: 'under maintenance, Ana waiting',
      input: { record: UNDER_MAINTENANCE, life: { ...emptyLifecycle(4), queue: [{ email: ana.email, name: ana.name, since: NOW }] } },
      events: (s) => [
        ...ADMIN_EVENTS,
        booking(bob),
        by('wait.requested', bob),
        by('wait.requested', ana),
        by('unwait.requested', ana),
        by('release.requested', bob),
        by('extend.requested', bob, { minutes: 60 }),
        by('purpose.requested', bob, { purpose: 'bisecting the crash' }),
        by('ask.requested', bob),
        by('offer.declined', ana),
        deadline(NOW),
        // Its expected end passes (Grace, who started it, is asked whether it is back), and Grace gives a later one (Ana is told).
        deadline(UNTIL),
        admin('maintenanceStart.requested', { reason: 'new power supply', until: NEXT_DAY }),
        ...saves(s, 'saveChange', 'saveRetirement', 'saveLifecycle'),
      ],
    },
    {
      name: 'in use, an admin at work',
      input: { record: inUse(4, bob), life: { ...emptyLifecycle(4), queue: [{ email: ana.email, name: ana.name, since: NOW }] } },
      events: (s) => [...ADMIN_EVENTS, deadline(NOW), ...saves(s, 'saveRelease', 'saveChange', 'saveLifecycle')],
    },
    {
      name: 'in use, Ana asked, Grace waiting',
      input: { record: inUse(4, bob), life: { ...emptyLifecycle(4), queue: [{ email: grace.email, name: grace.name, since: NOW }], asks: [anasAsk] } },
      events: (s) => [
        by('ask.kept', bob),
        by('ask.kept', ana),
        by('ask.requested', ana),
        by('ask.requested', grace),
        // Done sooner once (Grace, first in the queue, is told), a time already past, and one later than it is due.
        ...((s.context as TestbedContext).record.expected_release_time === '2026-03-10T12:00:00.000Z' ? [by('doneBy.requested', bob, { until: '2026-03-10T11:00:00.000Z' })] : []),
        by('doneBy.requested', bob, { until: '2026-03-10T09:00:00.000Z' }),
        by('doneBy.requested', bob, { until: '2026-03-10T13:00:00.000Z' }),
        by('doneBy.requested', ana, { until: '2026-03-10T11:00:00.000Z' }),
        // Handed to Grace, first in the queue, while Bob holds it; to himself; by somebody who does not hold it.
        ...((s.context as TestbedContext).record.user_email === bob.email ? [by('handOver.requested', bob, { to: grace })] : []),
        by('handOver.requested', bob, { to: bob }),
        by('handOver.requested', ana, { to: grace }),
        by('release.requested', bob),
        deadline(NOW),
        booking(grace, true),
        ...saves(s, 'saveLifecycle', 'saveRelease', 'saveClaim', 'saveAmendment'),
      ],
    },
  ];

  interface Said {
    walk: string;
    event: AnyEventObject;
    emitted: TestbedEmitted[];
  }
  /** Every state settled in or passed through (restoring and tidying only ever pass), per walk. */
  const statesOf = new Map<string, Set<string>>();
  const said: Said[] = [];
  /** Every state reached that carries the tag `resting`, with the walk's input. */
  const resting: Array<{ walk: string; input: TestbedInput; snapshot: AnyMachineSnapshot }> = [];
  let reachedCount = 0;
  for (const walk of WALKS) {
    const states = new Set<string>(getInitialMicrosteps(testbedMachine, walk.input).map(([snapshot]) => String(snapshot.value)));
    const reached = getShortestPaths(testbedMachine, { input: walk.input, events: walk.events, serializeState } as never).map((path) => path.state as AnyMachineSnapshot);
    reachedCount += reached.length;
    for (const snapshot of reached) if (snapshot.status === 'active' && snapshot.hasTag('resting')) resting.push({ walk: walk.name, input: walk.input, snapshot });
    for (const from of reached.filter((snapshot) => snapshot.status === 'active')) {
      states.add(String(from.value));
      for (const event of walk.events(from)) {
        const steps = getMicrosteps(testbedMachine, from as never, event as never) as Array<[AnyMachineSnapshot, ExecAction[]]>;
        for (const [snapshot] of steps) states.add(String(snapshot.value));
        said.push({ walk: walk.name, event, emitted: steps.flatMap(([, actions]) => emittedOf(actions)) as TestbedEmitted[] });
      }
    }
    statesOf.set(walk.name, states);
  }
  const notices = said.flatMap(({ emitted }) => emitted.flatMap((e) => (e.type === 'notify' ? [e] : [])));
  /** What the conversation hears (admin answers go to the admin's own flow). */
  type ConversationAnswer = Exclude<TestbedEmitted, { type: 'notify' | 'admin.answered' | 'admin.failed' }>;
  const isConversationAnswer = (e: TestbedEmitted): e is ConversationAnswer => e.type !== 'notify' && e.type !== 'admin.answered' && e.type !== 'admin.failed';
  const answers = said.flatMap(({ emitted }) => emitted.filter(isConversationAnswer));
  const renderFor = (records: TestbedRecord[]) => ({ ...RENDER, testbeds: [...TESTBEDS.filter((t) => !records.some((r) => r.id === t.id)), ...records] });

  /** A conversation waiting for the testbed's answer, as the fleet hands it on: booking, release, or a lifecycle request. */
  const waitingFor = (roomId: string) => {
    const fold = (events: AnyEventObject[]) =>
      events.reduce(
        (snapshot, event) => transition(conversationMachine, snapshot as never, event as never)[0] as AnyMachineSnapshot,
        initialTransition(conversationMachine, { roomId, personId: PERSON, timeoutMs: 60_000 })[0] as AnyMachineSnapshot,
      );
    return {
      claim: fold([{ type: 'register.submitted', form: { testbedId: 4, purpose: 'soak', expectedRelease: UNTIL }, now: NOW }, done('lookUpPerson', ana)]),
      release: fold([{ type: 'release.submitted', testbedId: 4, now: NOW }, done('lookUpPerson', ana)]),
      lifecycle: fold([{ type: 'lifecycle.submitted', request: { type: 'wait', testbedId: 4 }, now: NOW }, done('lookUpPerson', ana)]),
    };
  };
  const GROUP = waitingFor(ROOM);

  /** The card the conversation shows for the testbed's answer (the fleet turns answers into its actors' results). */
  function shownFor(answer: ConversationAnswer): View {
    const [from, event] = ((): [AnyMachineSnapshot, AnyEventObject] => {
      switch (answer.type) {
        case 'registration.succeeded':
          return [GROUP.claim, done('claimTestbed', { ok: true, record: answer.record })];
        case 'registration.refused':
          return [GROUP.claim, done('claimTestbed', { ok: false, reason: answer.reason, record: answer.record, ...(answer.reason === 'held' ? { offer: answer.offer ?? null } : {}) })];
        case 'release.succeeded':
          return [GROUP.release, done('releaseTestbed', { ok: true, record: answer.record, previous: answer.previous })];
        case 'release.refused':
          return [GROUP.release, done('releaseTestbed', { ok: false, reason: answer.reason, record: answer.record })];
        case 'request.answered':
          return [GROUP.lifecycle, done('runLifecycle', answer.outcome)];
        case 'registration.failed':
          return [GROUP.claim, failed('claimTestbed')];
        case 'release.failed':
          return [GROUP.release, failed('releaseTestbed')];
        case 'request.failed':
          return [GROUP.lifecycle, failed('runLifecycle')];
      }
    })();
    const [, actions] = transition(conversationMachine, from as never, event as never) as [AnyMachineSnapshot, ExecAction[]];
    const view = lastView(actions);
    expect(view, `a card for ${answer.type}`).toBeDefined();
    return view!;
  }

  it('a resting state is exactly what an actor built afresh from the stored record and entry starts in (the fleet lets such actors go)', () => {
    expect(new Set(resting.map(({ snapshot }) => String(snapshot.value)))).toEqual(new Set(['available', 'maintenance']));
    expect(new Set(resting.map(({ walk }) => walk)).size).toBeGreaterThanOrEqual(3);
    for (const { input, snapshot } of resting) {
      const context = snapshot.context as TestbedContext;
      const [fresh] = initialTransition(testbedMachine, { record: context.record, life: context.life, timing: input.timing });
      expect(fresh.value).toEqual(snapshot.value);
      expect(fresh.context).toEqual(context);
      expect(Object.keys(snapshot.children)).toEqual([]);
    }
  });

  it('visits every state in the machine definition, each walk the ones it is for', () => {
    const all = new Set(Object.keys(testbedMachine.root.states));
    expect(all.size).toBeGreaterThanOrEqual(11);
    const visited = new Set([...statesOf.values()].flatMap((states) => [...states]));
    expect(visited).toEqual(all);
    // `updating`, `held` and `coolingDown`: held for Ana at once when it gains a label she waits for.
    expect(statesOf.get('free')).toEqual(new Set(['restoring', 'available', 'reserving', 'tidying', 'inUse', 'releasing', 'updating', 'held', 'coolingDown']));
    for (const state of ['available', 'changing', 'maintenanceDue', 'retiring', 'retired']) expect(statesOf.get('free, an admin at work')).toContain(state);
    for (const state of ['maintenanceDue', 'maintenance', 'changing', 'updating', 'retiring', 'retired', 'handingOver', 'held']) expect(statesOf.get('under maintenance, Ana waiting')).toContain(state);
    for (const state of ['inUse', 'releasing', 'changing', 'handingOver', 'held']) expect(statesOf.get('in use, an admin at work')).toContain(state);
    expect(statesOf.get('in use, a reminder due')).toEqual(new Set(['restoring', 'inUse', 'updating', 'coolingDown', 'amending']));
    expect(statesOf.get('overdue')).toEqual(new Set(['restoring', 'inUse', 'updating', 'coolingDown', 'releasing', 'available']));
    for (const state of ['held', 'updating', 'reserving', 'tidying', 'inUse', 'available', 'coolingDown']) expect(statesOf.get('held for Ana, Grace next')).toContain(state);
    for (const state of ['inUse', 'updating', 'releasing', 'handingOver', 'held', 'reserving', 'tidying']) expect(statesOf.get('in use, Ana asked, Grace waiting')).toContain(state);
    expect(reachedCount).toBeGreaterThanOrEqual(40);
  });

  it('sends every kind of direct message; each parses, names the testbed and offers only buttons a 1:1 room accepts', () => {
    const kinds = new Set(notices.map(({ notice }) => (notice.kind === 'askAnswered' ? `askAnswered ${notice.answer}` : notice.kind)));
    expect(kinds).toEqual(
      new Set(['reminder', 'overdue', 'offer', 'holdLapsed', 'askHolder', 'askAnswered kept', 'askAnswered released', 'forceReleased', 'retired', 'nowFirst', 'dueEarlier', 'extendedAhead', 'handedToYou', 'maintenanceDue', 'maintenanceMoved']),
    );
    const distinct = new Map<string, DirectNotice>(notices.map(({ notice }) => [JSON.stringify(notice), notice]));
    for (const notice of distinct.values()) {
      const { card } = checkDirectCard({ kind: 'notice', notice }, renderFor([notice.record]), ROUTE4);
      const json = JSON.stringify(card);
      expect(json.includes('lab-4') || json.includes('lab\\\\-4'), `${notice.kind} names lab-4`).toBe(true);
      const titles = submits(card).map((button) => button.title);
      if (notice.kind === 'reminder' || notice.kind === 'overdue') expect(titles, notice.kind).toEqual(['Extend 1 hour', 'Extend 1 day', 'Release now']);
      if (notice.kind === 'offer') expect(titles).toEqual(['Book it', 'No thanks']);
      if (notice.kind === 'askHolder') expect(titles).toEqual(['Release now', 'Still need it']);
      if (notice.kind === 'maintenanceDue') expect(titles).toEqual(['End maintenance', 'New expected end', 'Admin']);
    }
    expect(distinct.size).toBeGreaterThanOrEqual(8);
  });

  it('every answer, as the conversation shows it, parses and offers only buttons the router takes, in the group room and in a 1:1 room', () => {
    const distinct = new Map(answers.map((answer) => [JSON.stringify(answer), answer] as const));
    const shown = new Set<string>();
    for (const answer of distinct.values()) {
      const view = shownFor(answer);
      const records = ['record', 'previous'].flatMap((key) => (key in answer ? [(answer as Record<string, unknown>)[key] as TestbedRecord] : []));
      checkCard(view, renderFor(records), ROUTE4);
      checkDirectCard(view, renderFor(records), ROUTE4);
      shown.add(view.kind === 'lifecycle' ? (view.outcome.type === 'refused' ? `refused ${view.outcome.reason}` : view.outcome.type) : view.kind);
    }
    for (const kind of [
      'registered',
      'registerRefused',
      'released',
      'releaseRefused',
      'error',
      'extended',
      'repurposed',
      'dueEarlier',
      'handedOver',
      'refused not_earlier',
      'refused passed',
      'waiting',
      'unwaited',
      'declined',
      'asked',
      'kept',
      'refused not_holder',
      'refused too_far',
      'refused free',
      'refused yours',
      'refused offered',
      'refused not_offered',
      'refused too_soon',
      'refused busy',
      'refused not_in_use',
    ]) {
      expect(shown, kind).toContain(kind);
    }
    expect(distinct.size).toBeGreaterThanOrEqual(60);
  });
});
