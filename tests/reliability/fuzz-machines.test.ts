/**
 * Fuzzing the machines with fake actors (pure transitions, nothing runs):
 * hostile card input routed into a conversation never starts a claim, release
 * or save unless it was validated; random event sequences against a testbed
 * keep its record within the document rules (README, Documents), change it only through a
 * successful save, and never let a second holder in.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { initialTransition, transition, type AnyMachineSnapshot } from 'xstate';
import { route } from '../../src/app/router.js';
import { conversationMachine } from '../../src/machines/conversation.machine.js';
import { testbedMachine, type TestbedEvent } from '../../src/machines/testbed.machine.js';
import { testbedRecordProblems } from '../../src/store/schema.js';
import type { TestbedRecord } from '../../src/domain.js';
import { emittedOf, spawnsOf, type ExecAction } from '../fixtures/flows/replay.js';
import { KNOWN_IDS, NOW, POLLUTION_KEYS, ROOM, cardEvent, hostileInputs, hostileString, messageEvent } from './fuzz-arbitraries.js';
import { available, inUse, ana } from '../fixtures/flows/records.js';

const RUNS = { numRuns: 200 };
const ROUTE_CTX = { approvedRooms: [ROOM], timeZone: 'UTC', knownTestbedIds: KNOWN_IDS, broadcastRoomIds: ['room-b1'] };
const STARTERS = [[], [{ type: 'menu.requested' }], [{ type: 'registration.started' }], [{ type: 'release.started' }], [{ type: 'feedback.started' }]];
const WORLD_ACTORS = new Set(['claimTestbed', 'releaseTestbed', 'saveFeedback']);

type Step = [AnyMachineSnapshot, ExecAction[]];

function conversationAt(starter: Array<{ type: string }>): AnyMachineSnapshot {
  let [snapshot] = initialTransition(conversationMachine, { roomId: ROOM, personId: 'person-ada', timeoutMs: 60_000 }) as Step;
  for (const event of starter) [snapshot] = transition(conversationMachine, snapshot as never, event as never) as Step;
  return snapshot;
}

describe('conversation machine fed with routed hostile input', () => {
  it('starts no claim, release or save for invalid input and shows the form again with the problems', () => {
    fc.assert(
      fc.property(fc.constantFrom(...STARTERS), hostileInputs, (starter, inputs) => {
        const decision = route(cardEvent(inputs), ROUTE_CTX);
        if (decision.kind !== 'dispatch') return;
        for (const target of decision.targets.filter((t) => t.key.kind === 'conversation' && !t.ifExists)) {
          const before = conversationAt(starter);
          const [after, actions] = transition(conversationMachine, before as never, target.event as never) as Step;
          const spawned = spawnsOf(actions).map((spawn) => spawn.id);
          if (target.event.type.endsWith('.invalid')) {
            expect(spawned.filter((id) => WORLD_ACTORS.has(id) || id === 'lookUpPerson')).toEqual([]);
            const [say] = emittedOf(actions) as Array<{ type: string; view: { kind: string; errors?: unknown } }>;
            expect(say.type).toBe('say.card');
            expect(say.view.kind).toMatch(/Form$/);
            expect(say.view.errors).toEqual(target.event.errors);
            expect(after.hasTag('awaitingUser')).toBe(true);
          } else if (!target.event.type.endsWith('.submitted')) {
            expect(spawned).toEqual([]);
          }
        }
      }),
      RUNS,
    );
  });

  it('routes any message text to a harmless event or a hint: never a booking, release, extension or form submission, at most joining or leaving a queue', () => {
    // The testbeds are at hand, so typed names (`wait lab-1`) are found; hostile names around the command words too.
    const named = { ...ROUTE_CTX, testbeds: KNOWN_IDS.map((id) => ({ id, testbed_name: `lab-${id}` })) };
    const commandWords = fc.constantFrom('wait ', 'unwait ', 'notify me when ', 'stop waiting for ', 'who has ', 'register ', 'release ', 'extend ', 'release all', 'testbed ');
    const typed = fc.tuple(commandWords, fc.oneof(hostileString, fc.constantFrom(...KNOWN_IDS.map((id) => `LAB-${id}`)))).map(([word, rest]) => word + rest);
    fc.assert(
      fc.property(fc.oneof(hostileString, fc.constantFrom(...POLLUTION_KEYS), typed), (text) => {
        const decision = route(messageEvent(text), named);
        if (decision.kind !== 'dispatch') return;
        for (const target of decision.targets) {
          expect(['conversation', 'broadcast', 'admin']).toContain(target.key.kind);
          if (target.event.type === 'lifecycle.submitted') {
            expect(['wait', 'unwait']).toContain((target.event.request as { type: string }).type);
          } else {
            expect(target.event.type).not.toMatch(/submitted|confirmed/);
          }
        }
      }),
      RUNS,
    );
  });

  it('answers `constructor`, `__proto__` and friends with the hint, not a crash (regression)', () => {
    for (const text of POLLUTION_KEYS) expect(route(messageEvent(text), ROUTE_CTX)).toEqual({ kind: 'reply', view: { kind: 'hint' } });
  });
});

type Command =
  | { kind: 'register'; email: string; name: string; purpose: string; until: string }
  | { kind: 'release'; email: string; name: string }
  | { kind: 'save'; ok: boolean }
  | { kind: 'noise'; type: string; payload: Record<string, unknown> };

const text = fc.oneof(fc.constantFrom('ana@example.com', 'bob@example.com', 'Ana', 'not-an-email', '', ' '), hostileString);
const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ kind: fc.constant('register' as const), email: text, name: text, purpose: text, until: fc.constantFrom('2026-03-10T14:00:00.000Z', 'tomorrow', '') }),
  fc.record({ kind: fc.constant('release' as const), email: text, name: text }),
  fc.record({ kind: fc.constant('save' as const), ok: fc.boolean() }),
  fc.record({
    kind: fc.constant('noise' as const),
    type: fc.oneof(hostileString, fc.constantFrom('registration.succeeded', 'release.refused', 'deadline.reached'))
      // 'xstate.*' and '*' are xstate's own protocol (it refuses '*'); no router output can produce them.
      .filter((t) => !t.startsWith('xstate.') && t !== '*'),
    payload: fc.dictionary(fc.string({ maxLength: 8 }), hostileString, { maxKeys: 3 }),
  }),
);

describe('testbed machine under random event sequences', () => {
  it('keeps a valid record, changes it only through a successful save, and never double-books', () => {
    fc.assert(
      fc.property(fc.constantFrom(available(1), inUse(1, ana)), fc.array(command, { maxLength: 25 }), (record, commands) => {
        let [snapshot, actions] = initialTransition(testbedMachine, { record }) as Step;
        const pending: Array<{ id: string; input: { record: TestbedRecord } }> = [];
        let n = 0;
        for (const step of commands) {
          const before = snapshot.context.record as TestbedRecord;
          let event: unknown;
          if (step.kind === 'register') {
            event = { type: 'registration.requested', requestId: `r${++n}`, holder: { email: step.email, name: step.name }, purpose: step.purpose, expectedRelease: step.until, now: NOW } satisfies TestbedEvent;
          } else if (step.kind === 'release') {
            event = { type: 'release.requested', requestId: `r${++n}`, by: { email: step.email, name: step.name }, now: NOW } satisfies TestbedEvent;
          } else if (step.kind === 'noise') {
            event = { ...step.payload, type: step.type };
          } else {
            const spawn = pending.shift();
            if (!spawn) continue;
            // Like the store: an invalid record is refused, whatever the caller hoped.
            const saved = step.ok && testbedRecordProblems(spawn.input.record).length === 0;
            event = saved
              ? { type: `xstate.done.actor.${spawn.id}`, output: spawn.input.record }
              : { type: `xstate.error.actor.${spawn.id}`, error: new Error('refused') };
            [snapshot, actions] = transition(testbedMachine, snapshot as never, event as never) as Step;
            const after = snapshot.context.record as TestbedRecord;
            if (saved) expect(after).toEqual(spawn.input.record);
            else expect(after).toEqual(before);
            if (saved && spawn.input.record.status === 'in_use') expect(before.status).toBe('available');
            expect(testbedRecordProblems(after)).toEqual([]);
            continue;
          }
          const value = snapshot.value;
          [snapshot, actions] = transition(testbedMachine, snapshot as never, event as never) as Step;
          pending.push(...(spawnsOf(actions) as typeof pending));
          // Requests and noise alone never change the record; noise never changes the state.
          expect(snapshot.context.record).toEqual(before);
          if (step.kind === 'noise') expect(snapshot.value).toEqual(value);
          expect(['available', 'reserving', 'inUse', 'releasing']).toContain(snapshot.value);
          expect(pending.length).toBeLessThanOrEqual(1);
        }
        const final = snapshot.context.record as TestbedRecord;
        expect(final.status === 'in_use').toBe(['inUse', 'releasing'].includes(snapshot.value as string));
      }),
      RUNS,
    );
  });
});
