import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, initialTransition, transition, waitFor, type AnyMachineSnapshot } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import {
  conversationMachine,
  type ConversationEmitted,
  type ConversationEvent,
} from '../../src/machines/conversation.machine.js';
import { renderDirectMessage } from '../../src/app/render.js';
import { NOW, ana, available, bob, inUse } from '../fixtures/flows/records.js';
import { conversationFlows, graphEvents, type ConversationFakes, type ConversationFlow, type Fake } from '../fixtures/flows/conversation-flows.js';
import { conversationInput, emittedOf, replayConversation, type ExecAction } from '../fixtures/flows/replay.js';

const form = { testbedId: 1, purpose: 'perf run', expectedRelease: '2026-03-10T14:00:00.000Z' };
const submitted: ConversationEvent = { type: 'register.submitted', form, now: NOW };

function viewsOf(emitted: ConversationEmitted[]) {
  return emitted.flatMap((event) => (event.type === 'say.card' ? [event.view] : []));
}

function directsOf(emitted: ConversationEmitted[]) {
  return emitted.flatMap((event) => (event.type === 'say.direct' ? [event] : []));
}

function answer<T>(fake: Fake<T> | undefined, id: string): Promise<T> {
  if (!fake) return Promise.reject(new Error(`no fake for ${id}`));
  return 'error' in fake ? Promise.reject(new Error(fake.error)) : Promise.resolve(fake.output);
}

function live(fakes: ConversationFakes, timeoutMs = 60_000) {
  const calls: Record<string, unknown[]> = { lookUpPerson: [], claimTestbed: [], claimAnyTestbed: [], releaseTestbed: [], saveFeedback: [] };
  const fake = <K extends keyof ConversationFakes>(id: K) =>
    fromPromise(async ({ input }: { input: unknown }) => {
      calls[id].push(input);
      return answer(fakes[id] as Fake<unknown>, id);
    });
  const logic = conversationMachine.provide({
    actors: {
      lookUpPerson: fake('lookUpPerson'),
      claimTestbed: fake('claimTestbed'),
      claimAnyTestbed: fake('claimAnyTestbed'),
      releaseTestbed: fake('releaseTestbed'),
      saveFeedback: fake('saveFeedback'),
    },
  } as never);
  const actor = createActor(logic, { input: { ...conversationInput, timeoutMs } });
  const emitted: ConversationEmitted[] = [];
  actor.on('*', (event) => emitted.push(event as ConversationEmitted));
  actor.start();
  return { actor, emitted, calls };
}

async function runLive(flow: ConversationFlow) {
  const { actor, emitted, calls } = live(flow.fakes);
  for (const event of flow.events) {
    actor.send(event);
    await waitFor(actor, (snapshot) => !snapshot.hasTag('busy'));
  }
  const snapshot = actor.getSnapshot();
  actor.stop();
  return { snapshot, emitted, calls };
}

describe('conversation machine: replayed flows', () => {
  for (const flow of conversationFlows) {
    it(`transition(): ${flow.name}`, () => {
      const { snapshot, emitted } = replayConversation(flow);
      expect(snapshot.value).toEqual(flow.expect.state);
      expect(viewsOf(emitted).map((view) => view.kind)).toEqual(flow.expect.views);
      if (flow.expect.directTo) expect(directsOf(emitted).map((event) => event.toEmail)).toEqual(flow.expect.directTo);
    });

    it(`live actor: ${flow.name}`, async () => {
      const { snapshot, emitted } = await runLive(flow);
      expect(snapshot.value).toEqual(flow.expect.state);
      expect(viewsOf(emitted).map((view) => view.kind)).toEqual(flow.expect.views);
      if (flow.expect.directTo) expect(directsOf(emitted).map((event) => event.toEmail)).toEqual(flow.expect.directTo);
    });
  }

  it('claims with identity from the profile look-up and the form data only', () => {
    const flow = conversationFlows[0];
    const { invoked, emitted } = replayConversation(flow);
    expect(invoked.map((call) => call.id)).toEqual(['lookUpPerson', 'claimTestbed']);
    expect(invoked[0].input).toEqual({ personId: conversationInput.personId });
    expect(invoked[1].input).toEqual({ ...form, holder: ana, now: NOW });
    expect(viewsOf(emitted).at(-1)).toEqual({ kind: 'registered', record: inUse(1, ana, { since: NOW, until: form.expectedRelease, purpose: 'perf run' }) });
  });

  it('the refusal view names the requester so the card can say "you already hold it"', () => {
    const { emitted } = replayConversation(conversationFlows[1]);
    expect(viewsOf(emitted).at(-1)).toEqual({ kind: 'registerRefused', record: inUse(1, bob), requesterEmail: ana.email });
  });

  it('the direct message says who released which testbed (as data; the cards word it)', () => {
    const { emitted } = replayConversation(conversationFlows[7]);
    const [direct] = directsOf(emitted);
    expect(direct.message).toEqual({ kind: 'releasedByOther', testbedName: 'lab-1', byName: 'Ana Ops', byEmail: 'ana@example.com' });
    expect(renderDirectMessage(direct.message)).toContain('Ana Ops (ana@example.com) released lab-1');
    expect(viewsOf(emitted).at(-1)).toEqual({ kind: 'released', record: available(1), previous: inUse(1, bob) });
  });

  it('keeps errors and values of an invalid form in the view', () => {
    const { emitted } = replayConversation(conversationFlows[2]);
    expect(viewsOf(emitted)[1]).toEqual({
      kind: 'registerForm',
      errors: { purpose: 'Tell us what you need the testbed for.' },
      values: { testbed_id: '1' },
    });
  });
});

describe('conversation machine: who is asking', () => {
  it('a submission that already names the person goes straight to the claim (transition)', () => {
    const [start] = initialTransition(conversationMachine, conversationInput);
    const [next] = transition(conversationMachine, start, { ...submitted, holder: ana });
    expect(next.value).toEqual({ submitting: 'claiming' });
    expect(next.context.holder).toEqual(ana);
    const [looking] = transition(conversationMachine, start, submitted);
    expect(looking.value).toEqual({ submitting: 'identifying' });
    expect(looking.context.holder).toBeNull();
  });

  it.each([
    ['a booking by label', { type: 'register.submitted', form: { label: 'gpu', purpose: 'Soak test', expectedRelease: '2026-01-05T12:00:00.000Z' }, now: NOW }, 'claimingAny'],
    ['a release', { type: 'release.submitted', testbedId: 1, now: NOW }, 'releasing'],
    ['a lifecycle request', { type: 'lifecycle.submitted', request: { type: 'wait', testbedId: 1 }, now: NOW }, 'changingLifecycle'],
    ['feedback', { type: 'feedback.submitted', text: 'More testbeds please' }, 'savingFeedback'],
  ] as const)('%s that names the person goes straight to its work; without the name it looks the person up first', (_, event, work) => {
    const [start] = initialTransition(conversationMachine, conversationInput);
    const [named] = transition(conversationMachine, start, { ...event, holder: ana } as ConversationEvent);
    expect(named.value).toEqual({ submitting: work });
    expect(named.context.holder).toEqual(ana);
    const [unnamed] = transition(conversationMachine, start, event as ConversationEvent);
    expect(unnamed.value).toEqual({ submitting: 'identifying' });
  });

  it('books for the person the submission names, with no look-up actor, and answers as after a look-up (live)', async () => {
    const { actor, emitted, calls } = live({ claimTestbed: { output: { ok: true, record: inUse(1, ana) } } });
    actor.send({ ...submitted, holder: ana });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(calls.lookUpPerson).toEqual([]);
    expect(calls.claimTestbed).toEqual([{ ...form, holder: ana, now: NOW }]);
    expect(viewsOf(emitted)).toEqual([{ kind: 'registered', record: inUse(1, ana) }]);
  });

  it('a release that names the person tells the holder it was released by that person (live)', async () => {
    const { actor, emitted, calls } = live({ releaseTestbed: { output: { ok: true, record: available(1), previous: inUse(1, bob) } } });
    actor.send({ type: 'release.submitted', testbedId: 1, now: NOW, holder: ana });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(calls.lookUpPerson).toEqual([]);
    expect(calls.releaseTestbed).toEqual([{ testbedId: 1, by: ana, now: NOW }]);
    expect(directsOf(emitted).map((direct) => direct.message)).toEqual([{ kind: 'releasedByOther', testbedName: 'lab-1', byName: 'Ana Ops', byEmail: 'ana@example.com' }]);
  });

  it('a release that handed the testbed to somebody waiting says so in the view and in the holder\'s message', async () => {
    const next = { name: 'Cy Queue', holdMinutes: 10 };
    const { actor, emitted } = live({ releaseTestbed: { output: { ok: true, record: available(1), previous: inUse(1, bob), next } } });
    actor.send({ type: 'release.submitted', testbedId: 1, now: NOW, holder: ana });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(viewsOf(emitted)).toEqual([{ kind: 'released', record: available(1), previous: inUse(1, bob), next }]);
    const [direct] = directsOf(emitted);
    expect(direct.message).toEqual({ kind: 'releasedByOther', testbedName: 'lab-1', byName: 'Ana Ops', byEmail: 'ana@example.com', handedTo: 'Cy Queue' });
    expect(renderDirectMessage(direct.message)).toContain('It went to Cy Queue, who was waiting for it');
  });
});

describe('conversation machine: busy', () => {
  it('ignores a double submit, a cancel and any other event while busy (transition)', () => {
    const [start] = initialTransition(conversationMachine, conversationInput);
    const [busy] = transition(conversationMachine, start, submitted);
    expect(busy.hasTag('busy')).toBe(true);
    const others: ConversationEvent[] = [submitted, { type: 'conversation.cancelled' }, { type: 'menu.requested' }, { type: 'release.submitted', testbedId: 2, now: NOW }];
    for (const event of others) {
      const [next, actions] = transition(conversationMachine, busy, event);
      expect(next.value).toEqual(busy.value);
      expect(next.context).toEqual(busy.context);
      expect(actions).toEqual([]);
    }
  });

  it('a double click claims once and answers once (live)', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const claims: unknown[] = [];
    const logic = conversationMachine.provide({
      actors: {
        lookUpPerson: fromPromise(async () => ana),
        claimTestbed: fromPromise(async ({ input }: { input: unknown }) => {
          claims.push(input);
          await gate;
          return { ok: true as const, record: inUse(1, ana) };
        }),
      },
    } as never);
    const actor = createActor(logic, { input: conversationInput });
    const emitted: ConversationEmitted[] = [];
    actor.on('*', (event) => emitted.push(event as ConversationEmitted));
    actor.start();
    actor.send(submitted);
    await waitFor(actor, (snapshot) => snapshot.matches({ submitting: 'claiming' }));
    actor.send(submitted);
    actor.send({ type: 'conversation.cancelled' });
    open();
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(claims).toHaveLength(1);
    expect(actor.getSnapshot().value).toBe('done');
    expect(viewsOf(emitted).map((view) => view.kind)).toEqual(['registered']);
  });
});

describe('conversation machine: idle time-out', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each<[string, ConversationEvent[]]>([
    ['menu', [{ type: 'menu.requested' }]],
    ['registering', [{ type: 'registration.started' }]],
    ['releasing', [{ type: 'release.started' }]],
    ['feedback', [{ type: 'feedback.started' }]],
    ['idle', []],
  ])('%s times out after timeoutMs → timedOut (final)', (state, events) => {
    vi.useFakeTimers();
    const { actor, emitted } = live({}, 60_000);
    for (const event of events) actor.send(event);
    expect(actor.getSnapshot().value).toBe(state);
    vi.advanceTimersByTime(59_999);
    expect(actor.getSnapshot().value).toBe(state);
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().value).toBe('timedOut');
    expect(actor.getSnapshot().status).toBe('done');
    expect(viewsOf(emitted)).toHaveLength(events.length);
  });

  it('each interaction restarts the idle timer', () => {
    vi.useFakeTimers();
    const { actor } = live({}, 60_000);
    actor.send({ type: 'menu.requested' });
    vi.advanceTimersByTime(50_000);
    actor.send({ type: 'status.requested' });
    vi.advanceTimersByTime(50_000);
    expect(actor.getSnapshot().value).toBe('menu');
    vi.advanceTimersByTime(10_000);
    expect(actor.getSnapshot().value).toBe('timedOut');
  });
});

describe('conversation machine: graph invariants', () => {
  const events = graphEvents;
  const serializeState = (snapshot: AnyMachineSnapshot) => JSON.stringify([snapshot.value, snapshot.context]);
  const reachable = getShortestPaths(conversationMachine, { input: conversationInput, events, serializeState }).map((path) => path.state);
  const stateNames = new Set(reachable.map((snapshot) => JSON.stringify(snapshot.value)));

  it('reaches every state', () => {
    for (const name of ['idle', 'menu', 'registering', 'releasing', 'feedback', 'done', 'cancelled']) {
      expect(stateNames).toContain(JSON.stringify(name));
    }
    for (const name of ['identifying', 'claiming', 'releasing', 'savingFeedback']) {
      expect(stateNames).toContain(JSON.stringify({ submitting: name }));
    }
  });

  it('a resting state answers every event exactly as a fresh actor does (the host may drop resting actors)', () => {
    const fresh = reachable.find((snapshot) => snapshot.value === 'idle')!;
    // The graph also walks on from final states, which a live actor never leaves; keep the states a live actor
    // reaches: those whose context is still the fresh one (nothing of a submission in it).
    const resting = reachable.filter((snapshot) => snapshot.hasTag('resting') && JSON.stringify(snapshot.context) === JSON.stringify(fresh.context));
    expect(new Set(resting.map((snapshot) => snapshot.value))).toEqual(new Set(['menu', 'registering', 'releasing', 'feedback']));
    const userEvents = events.filter((event) => !event.type.startsWith('xstate.'));
    expect(userEvents.length).toBeGreaterThan(10);
    for (const snapshot of resting) {
      for (const event of userEvents) {
        const [fromRest, restActions] = transition(conversationMachine, snapshot as never, event as never);
        const [fromFresh, freshActions] = transition(conversationMachine, fresh as never, event as never);
        expect([fromRest.value, fromRest.context, emittedOf(restActions as ExecAction[])]).toEqual([
          fromFresh.value,
          fromFresh.context,
          emittedOf(freshActions as ExecAction[]),
        ]);
      }
    }
  });

  it('every waiting state handles cancel: cancelled card, final state', () => {
    const waiting = reachable.filter((snapshot) => snapshot.hasTag('awaitingUser') || snapshot.value === 'idle');
    expect(waiting.length).toBeGreaterThanOrEqual(5);
    for (const snapshot of waiting) {
      const [next, actions] = transition(conversationMachine, snapshot as never, { type: 'conversation.cancelled' });
      expect(next.value).toBe('cancelled');
      expect(next.status).toBe('done');
      expect(emittedOf(actions as ExecAction[])).toEqual([{ type: 'say.card', view: { kind: 'cancelled' } }]);
    }
  });

  it('every step into an awaitingUser state emits exactly one card', () => {
    let checked = 0;
    for (const snapshot of reachable) {
      for (const event of events) {
        const [next, actions] = transition(conversationMachine, snapshot as never, event as never);
        const ignoredEvent = actions.length === 0 && serializeState(next) === serializeState(snapshot);
        if (!next.hasTag('awaitingUser') || ignoredEvent) continue;
        const cards = emittedOf(actions as ExecAction[]).filter((emitted) => (emitted as { type: string }).type === 'say.card');
        expect(cards).toHaveLength(1);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('every path that ends a submission ends in done with exactly one card', () => {
    const busy = reachable.filter((snapshot) => snapshot.hasTag('busy'));
    expect(busy.length).toBeGreaterThan(0);
    const endings = new Set<string>();
    let checked = 0;
    for (const snapshot of busy) {
      for (const event of events.filter((candidate) => candidate.type.startsWith('xstate.'))) {
        const [next, actions] = transition(conversationMachine, snapshot as never, event as never);
        if (next.value !== 'done') continue;
        const cards = emittedOf(actions as ExecAction[]).filter((emitted) => (emitted as { type: string }).type === 'say.card');
        expect(cards).toHaveLength(1);
        checked += 1;
        const { view } = cards[0] as { view: { kind: string } };
        endings.add(`${JSON.stringify(snapshot.value)} ${event.type} → ${view.kind}`);
      }
    }
    // Every submission step's success and failure were among the checked cases.
    expect(endings).toEqual(
      new Set([
        '{"submitting":"identifying"} xstate.error.actor.lookUpPerson → error',
        '{"submitting":"claiming"} xstate.done.actor.claimTestbed → registered',
        '{"submitting":"claiming"} xstate.error.actor.claimTestbed → error',
        '{"submitting":"claimingAny"} xstate.done.actor.claimAnyTestbed → registered',
        '{"submitting":"claimingAny"} xstate.error.actor.claimAnyTestbed → error',
        '{"submitting":"releasing"} xstate.done.actor.releaseTestbed → released',
        '{"submitting":"releasing"} xstate.error.actor.releaseTestbed → error',
        '{"submitting":"savingFeedback"} xstate.done.actor.saveFeedback → feedbackThanks',
        '{"submitting":"savingFeedback"} xstate.error.actor.saveFeedback → error',
      ]),
    );
    expect(checked).toBeGreaterThanOrEqual(endings.size);
  });
});
