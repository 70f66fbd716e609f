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
 * Minimum counts keep the walk from passing with nothing visited.
 */
import { describe, expect, it } from 'vitest';
import { initialTransition, transition, type AnyEventObject, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { conversationMachine, type ConversationEvent } from '../../src/machines/conversation.machine.js';
import { broadcastMachine, type BroadcastInput, type BroadcastRoomOption } from '../../src/machines/broadcast.machine.js';
import { testbedMachine, type TestbedEvent } from '../../src/machines/testbed.machine.js';
import { renderView, type View } from '../../src/app/render.js';
import { route, type RouteDecision, type Target } from '../../src/app/router.js';
import { cardSubmission } from '../../src/platform/emulator/card-submit.js';
import type { AdaptiveCardJson, CardActionEvent } from '../../src/platform/port.js';
import type { Holder, LifecycleEntry, LifecycleOutcome, TestbedRecord } from '../../src/domain.js';
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

/**
 * A card shown in a 1:1 room that is not approved: it parses, and every button is one the router
 * accepts from there (anything else is silently ignored in such a room), taken by a fresh actor.
 */
function checkDirectCard(view: View, ctx = RENDER): { card: AdaptiveCardJson; routes: RouteDecision[] } {
  const { card } = renderView(view, { ...ctx, directRoom: true });
  const label = view.kind === 'notice' ? `notice ${view.notice.kind}` : view.kind === 'lifecycle' ? `lifecycle ${view.outcome.type}` : view.kind;
  expect(cardProblems(card), `${label} parses cleanly`).toEqual([]);
  const routes: RouteDecision[] = [];
  for (const button of submits(card)) {
    const decision = route(click(card, button, 'direct'), ROUTE);
    expect(decision.kind, `${label} in a 1:1 room: button ${button.title} (${button.action})`).toBe('dispatch');
    if (decision.kind !== 'dispatch') continue;
    for (const target of decision.targets) {
      expect(target.key.kind, `${label}: ${button.title}`).toBe('conversation');
      expect(FRESH.conversation.can(target.event as never), `${label}: ${button.title} → ${target.event.type}`).toBe(true);
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
    ...lifecycleEvents,
    ...lifecycleAnswers,
  ] satisfies Array<ConversationEvent | AnyEventObject>;
  const visited = walk(conversationMachine, { roomId: ROOM, personId: PERSON, timeoutMs: 60_000 }, events);

  const moves = steps(conversationMachine, visited, events);

  it('visits every state of the machine and sees many distinct cards on the way in', () => {
    const values = new Set(visited.map((v) => JSON.stringify(v.snapshot.value)));
    for (const value of ['idle', 'menu', 'registering', 'releasing', 'feedback', 'done', 'cancelled']) expect(values).toContain(JSON.stringify(value));
    for (const sub of ['identifying', 'claiming', 'releasing', 'savingFeedback', 'changingLifecycle']) expect(values).toContain(JSON.stringify({ submitting: sub }));
    expect(visited.length).toBeGreaterThanOrEqual(40);
    const kinds = new Set(moves.flatMap((move) => (move.view ? [move.view.kind] : [])));
    for (const kind of ['menu', 'help', 'status', 'registerForm', 'releaseForm', 'feedbackForm', 'registered', 'registerRefused', 'released', 'releaseRefused', 'feedbackThanks', 'cancelled', 'error', 'mine', 'offerForm', 'lifecycle']) {
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
