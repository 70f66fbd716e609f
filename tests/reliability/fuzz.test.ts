/**
 * Fuzzing the pure edges with fast-check (≤ 200 runs per property): route(),
 * the parse* validators and the readers never throw, never let invalid input
 * through, always explain a refusal, and never let extra keys (forged identity,
 * prototype-pollution keys) change a result.
 *
 * The inputs mix valid submissions, damaged ones and wholly hostile ones, and
 * every property with an "accepted" and a "refused" branch counts both and
 * fails when either ran fewer than MEANINGFUL times.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { route, type RouteDecision } from '../../src/app/router.js';
import {
  parseFeedbackSubmission,
  parseRegisterSubmission,
  parseReleaseSubmission,
  readAction,
  readStatusPage,
} from '../../src/cards/actions.js';
import { parseBroadcastMessage, parseRoomSelection, roomChoiceValues } from '../../src/cards/broadcast-actions.js';
import {
  ACTIONS, FORGED_KEYS, KNOWN_IDS, NOW, PERSON, POLLUTION_KEYS, ROOM, cardEvent, hostileInputs, hostileString, hostileValue,
  invalidTestbedId, messageEvent, mixed, outOfWindowRegister, validBroadcastMessage, validCustomRegister, validRegister,
  validReleaseAndFeedback, validRoomSelection,
} from './fuzz-arbitraries.js';

const RUNS = { numRuns: 200 };
/** Each branch of a property must run at least this often (a tenth of the runs). */
const MEANINGFUL = RUNS.numRuns / 10;
const CTX = { now: NOW, timeZone: 'UTC', knownTestbedIds: KNOWN_IDS };
const ROUTE_CTX = { approvedRooms: [ROOM], timeZone: 'UTC', knownTestbedIds: KNOWN_IDS, broadcastRoomIds: ['room-b1', 'room-b2'] };
const SUBMITTED = new Set(['register.submitted', 'release.submitted', 'feedback.submitted', 'rooms.submitted', 'message.submitted']);
const MACHINE_EVENTS = new Set([
  'menu.requested', 'help.requested', 'status.requested', 'registration.started', 'release.started', 'feedback.started',
  'register.submitted', 'register.invalid', 'release.submitted', 'release.invalid', 'feedback.submitted', 'feedback.invalid',
  'conversation.cancelled', 'broadcast.started', 'rooms.submitted', 'rooms.invalid', 'message.submitted', 'message.invalid',
  'broadcast.confirmed', 'broadcast.back',
  'admin.requested', 'admin.formRequested', 'admin.submitted', 'admin.invalid',
  // The buttons on bookings, queues and reports: each answered by the testbed or a card of the person's own.
  'lifecycle.submitted', 'mine.requested', 'history.requested', 'report.requested', 'purpose.started', 'purpose.requested', 'purpose.invalid', 'offer.invalid',
]);

/** A refusal must say what is wrong, in words, and keep only short strings. */
function expectClearRefusal(result: { errors: Record<string, unknown>; values: Record<string, unknown> }): void {
  const messages = Object.values(result.errors);
  expect(messages.length).toBeGreaterThan(0);
  for (const message of messages) expect(message).toMatch(/^[A-Z].{8,300}$/s);
  for (const value of Object.values(result.values)) {
    expect(typeof value).toBe('string');
    expect((value as string).length).toBeLessThanOrEqual(2000);
  }
}

function expectWellFormed(decision: RouteDecision): void {
  if (decision.kind === 'ignore') return void expect(decision.reason).toBe('unapproved_room');
  // A short random text may be a courtesy (`ok`, `👍`) as well as unknown words: both are answers of the router's own.
  // A problem report without words comes back as its form, the problem named under the box.
  if (decision.kind === 'reply' && decision.view.kind === 'problemForm') return void expect(Object.values(decision.view.errors ?? {}).join('')).not.toBe('');
  // So are the few cards a word or two asks for (`tz` is the lab's clock, `rules` the house rules) and the answers to an offer (`ya`, `no`).
  const ownAnswers = ['hint', 'error', 'thanks', 'timeZone', 'rules', 'digest', 'labels', 'problems', 'offerTaken', 'notNeeded'];
  if (decision.kind === 'reply') return void expect(ownAnswers).toContain(decision.view.kind);
  expect(decision.targets.length).toBeGreaterThan(0);
  for (const target of decision.targets) {
    expect(target.key).toEqual({ kind: target.key.kind, roomId: ROOM, personId: PERSON });
    expect(['conversation', 'broadcast', 'admin']).toContain(target.key.kind);
    expect(MACHINE_EVENTS.has(target.event.type)).toBe(true);
    if (target.event.type.endsWith('.invalid')) expectClearRefusal(target.event as never);
  }
}

interface Branches {
  accepted: number;
  refused: number;
}

const branches = (): Branches => ({ accepted: 0, refused: 0 });

function count(seen: Branches, accepted: boolean): void {
  if (accepted) seen.accepted += 1;
  else seen.refused += 1;
}

function expectBothBranches(seen: Branches, what: string): void {
  expect(seen.accepted, `${what}: accepted runs`).toBeGreaterThanOrEqual(MEANINGFUL);
  expect(seen.refused, `${what}: refused runs`).toBeGreaterThanOrEqual(MEANINGFUL);
}

const BROADCAST_ROOMS = ['room-b1', 'room-b2'];
const validRegisterAny = fc.oneof(validRegister, validCustomRegister);
/** Every kind of form submission, valid, damaged or hostile. */
const anySubmission = fc.oneof(
  mixed(validRegisterAny),
  mixed(validReleaseAndFeedback),
  mixed(validBroadcastMessage),
  mixed(validRoomSelection(BROADCAST_ROOMS, [...roomChoiceValues(BROADCAST_ROOMS).values()])),
);

/** A button of a booking, queue or report, aimed: known testbeds mostly, plausible values mixed with hostile ones. */
const aimedButton = fc.record(
  {
    action: fc.constantFrom(...ACTIONS),
    testbed_id: fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...KNOWN_IDS.map(String)) }, { weight: 1, arbitrary: invalidTestbedId }),
    to_testbed_id: fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...KNOWN_IDS.map(String)) }, { weight: 1, arbitrary: invalidTestbedId }),
    label: fc.oneof(fc.constantFrom('testbed', '5g', 'TESTBED', ''), hostileValue),
    until: fc.oneof(fc.constantFrom('2026-03-10T12:00:00.000Z', '2026-03-09T12:00:00.000Z', '2027-03-10T12:00:00.000Z', 'tomorrow'), hostileValue),
    minutes: fc.oneof(fc.constantFrom('60', '0', '-5', '1e9', '90.5'), hostileValue),
    purpose: hostileValue,
    problem: hostileValue,
    news: fc.oneof(fc.constant('fixed'), hostileValue),
    to_email: fc.oneof(fc.constant('linus@example.com'), hostileValue),
    days: fc.oneof(fc.constantFrom('7', '30', '31'), hostileValue),
  },
  { requiredKeys: ['action'] },
);

afterAll(() => {
  // Nothing above may have reached Object.prototype through a `__proto__` key.
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(Object.keys(Object.prototype)).toEqual([]);
});

describe('route() under hostile input', () => {
  it('never throws and always returns a well-formed decision for card submissions', () => {
    fc.assert(fc.property(fc.oneof(hostileInputs, anySubmission, aimedButton), (inputs) => expectWellFormed(route(cardEvent(inputs), ROUTE_CTX))), RUNS);
  });

  it('a button of a booking or queue reaches a testbed only with a known id, and an instant only as one', () => {
    const seen = branches();
    fc.assert(
      fc.property(aimedButton, (inputs) => {
        const decision = route(cardEvent(inputs), ROUTE_CTX);
        expectWellFormed(decision);
        const sent = decision.kind === 'dispatch' ? decision.targets.find((target) => target.event.type === 'lifecycle.submitted') : undefined;
        count(seen, sent !== undefined);
        if (sent === undefined) return;
        const request = sent.event.request as Record<string, unknown>;
        for (const key of ['testbedId', 'toTestbedId', 'fromId'] as const) if (request[key] !== undefined) expect(KNOWN_IDS).toContain(request[key]);
        if (request.until !== undefined) expect(new Date(request.until as string).toISOString()).toBe(request.until);
        if (request.label !== undefined) expect(request.label).toMatch(/^[A-Za-z0-9._-]{1,32}$/);
        for (const key of [...FORGED_KEYS, ...POLLUTION_KEYS]) expect(Object.hasOwn(request, key)).toBe(false);
      }),
      { numRuns: 400 },
    );
    expectBothBranches(seen, 'lifecycle buttons');
  });

  it('never throws for message texts of any shape, and answers unknown text with a hint', () => {
    fc.assert(
      fc.property(fc.oneof(hostileString, fc.string({ unit: 'binary', maxLength: 300 })), (text) => {
        const decision = route(messageEvent(text), ROUTE_CTX);
        expectWellFormed(decision);
        if (text.trim() === '') expect(decision).toMatchObject({ kind: 'dispatch', targets: [{ event: { type: 'menu.requested' } }] });
      }),
      RUNS,
    );
  });

  it('ignores everything from an unapproved room, whatever it carries', () => {
    fc.assert(
      fc.property(fc.oneof(hostileInputs.map((i) => cardEvent(i, 'room-other')), hostileString.map((t) => messageEvent(t, 'room-other'))), (event) => {
        expect(route(event, ROUTE_CTX)).toEqual({ kind: 'ignore', reason: 'unapproved_room' });
      }),
      RUNS,
    );
  });

  it('forwards a submission only with validated data (known testbed, bounded text, no foreign keys)', () => {
    const seen = branches();
    fc.assert(
      fc.property(anySubmission, (inputs) => {
        const decision = route(cardEvent(inputs), ROUTE_CTX);
        if (decision.kind !== 'dispatch') return;
        for (const { event } of decision.targets) {
          if (SUBMITTED.has(event.type)) seen.accepted += 1;
          else if (event.type.endsWith('.invalid')) seen.refused += 1;
          if (event.type === 'register.submitted') expect(KNOWN_IDS).toContain((event.form as { testbedId: number }).testbedId);
          if (event.type === 'release.submitted') expect(KNOWN_IDS).toContain(event.testbedId);
          if (event.type === 'rooms.submitted') for (const id of event.roomIds as string[]) expect(['room-b1', 'room-b2']).toContain(id);
          for (const key of [...FORGED_KEYS, ...POLLUTION_KEYS]) expect(Object.hasOwn(event, key)).toBe(false);
        }
      }),
      RUNS,
    );
    expectBothBranches(seen, 'forwarded submissions');
  });
});

describe('parse* validators under hostile input', () => {
  it('parseRegisterSubmission: never throws; an accepted form is within every rule', () => {
    const seen = branches();
    fc.assert(
      fc.property(mixed(validRegisterAny), (inputs) => {
        const result = parseRegisterSubmission(inputs, CTX);
        count(seen, result.ok);
        if (!result.ok) return expectClearRefusal(result);
        if ('testbedId' in result.form) expect(KNOWN_IDS).toContain(result.form.testbedId);
        else expect(result.form.label).toMatch(/^[A-Za-z0-9._-]{1,32}$/);
        expect(result.form.purpose).toBe(result.form.purpose.trim());
        expect(result.form.purpose.length).toBeGreaterThan(0);
        expect([...result.form.purpose].length).toBeLessThanOrEqual(500);
        const until = Date.parse(result.form.expectedRelease);
        expect(result.form.expectedRelease).toMatch(/Z$/);
        expect(until).toBeGreaterThan(Date.parse(NOW));
        expect(until).toBeLessThanOrEqual(Date.parse(NOW) + 90 * 86_400_000);
        // A filled custom date is what gets booked, whatever the quick choice says.
        const date = typeof inputs.release_date === 'string' ? inputs.release_date.trim() : '';
        const time = typeof inputs.release_time === 'string' ? inputs.release_time.trim() : '';
        if (date !== '') expect(result.form.expectedRelease).toBe(`${date}T${time}:00.000Z`);
      }),
      RUNS,
    );
    expectBothBranches(seen, 'register');
  });

  it('parseRegisterSubmission: a custom date and time in the window are booked exactly, whatever the quick choice', () => {
    fc.assert(
      fc.property(validCustomRegister, (form) => {
        expect(parseRegisterSubmission(form, CTX)).toEqual({
          ok: true,
          form: { testbedId: Number(form.testbed_id), purpose: form.purpose.trim(), expectedRelease: `${form.release_date}T${form.release_time}:00.000Z` },
        });
      }),
      RUNS,
    );
  });

  it('parseRegisterSubmission: a custom date past or beyond 90 days is refused on the date, whatever the quick choice', () => {
    fc.assert(
      fc.property(outOfWindowRegister, (form) => {
        const result = parseRegisterSubmission(form, CTX);
        expect(result.ok).toBe(false);
        if (result.ok) return;
        expect(Object.keys(result.errors)).toEqual(['release_date']);
        expect(result.errors.release_date).toMatch(/already passed|at most 90 days/);
        expect(result.values).toMatchObject({ release_choice: form.release_choice, release_date: form.release_date, release_time: form.release_time });
      }),
      RUNS,
    );
  });

  it('parseRegisterSubmission: a testbed id no form offers is always refused, naming the field', () => {
    fc.assert(
      fc.property(validRegister, invalidTestbedId, (form, testbedId) => {
        const result = parseRegisterSubmission({ ...form, testbed_id: testbedId }, CTX);
        expect(result.ok).toBe(false);
        if (!result.ok) expect(result.errors.testbed_id).toMatch(/testbed/i);
      }),
      RUNS,
    );
  });

  it('parseRegisterSubmission: extra keys (forged identity, __proto__, constructor …) never change the result', () => {
    const extra = fc.dictionary(fc.constantFrom(...FORGED_KEYS, ...POLLUTION_KEYS), hostileValue, { minKeys: 1 });
    fc.assert(
      fc.property(validRegister, extra, (form, additions) => {
        const withExtras = { ...form };
        for (const [key, value] of Object.entries(additions)) {
          Object.defineProperty(withExtras, key, { value, enumerable: true, configurable: true, writable: true });
        }
        const plain = parseRegisterSubmission(form, CTX);
        expect(plain.ok).toBe(true);
        expect(parseRegisterSubmission(withExtras, CTX)).toEqual(plain);
      }),
      RUNS,
    );
  });

  it('parseReleaseSubmission and parseFeedbackSubmission: never throw; accept only what they should', () => {
    const releases = branches();
    const feedbacks = branches();
    fc.assert(
      fc.property(mixed(validReleaseAndFeedback), (inputs) => {
        const release = parseReleaseSubmission(inputs, { knownTestbedIds: KNOWN_IDS });
        count(releases, release.ok);
        if (release.ok) expect(KNOWN_IDS).toContain(release.form.testbedId);
        else expectClearRefusal(release);
        const feedback = parseFeedbackSubmission(inputs);
        count(feedbacks, feedback.ok);
        const raw = Object.hasOwn(inputs, 'feedback_text') ? inputs.feedback_text : undefined;
        const shouldAccept = typeof raw === 'string' && raw.trim() !== '' && [...raw.trim()].length <= 2000;
        expect(feedback.ok).toBe(shouldAccept);
        if (feedback.ok) expect(feedback.text).toBe((raw as string).trim());
        else expectClearRefusal(feedback);
      }),
      RUNS,
    );
    expectBothBranches(releases, 'release');
    expectBothBranches(feedbacks, 'feedback');
  });

  it('parseRoomSelection: one room id not on the list refuses the whole submission', () => {
    const allowed = ['room-a', 'room-b', 'room-c'];
    const codes = [...roomChoiceValues(allowed).values()];
    const seen = branches();
    const extra = fc.oneof(hostileString, fc.constantFrom('', ...allowed, ...codes));
    fc.assert(
      fc.property(fc.subarray([...allowed, ...codes]), extra, fc.oneof(hostileValue, fc.constantFrom('true', 'false')), (chosen, forged, all) => {
        const result = parseRoomSelection({ room_ids: [...chosen, forged].join(','), select_all: all }, { allowedRoomIds: allowed });
        count(seen, result.ok);
        if (result.ok) {
          for (const id of result.roomIds) expect(allowed).toContain(id);
          expect(result.roomIds.length).toBeGreaterThan(0);
          for (const token of forged.split(',')) expect([...allowed, ...codes, '']).toContain(token.trim());
        } else {
          expectClearRefusal(result);
        }
      }),
      RUNS,
    );
    expectBothBranches(seen, 'room selection');
  });

  it('parseBroadcastMessage, readAction, readStatusPage: never throw, stay within bounds', () => {
    const seen = branches();
    fc.assert(
      fc.property(fc.oneof(hostileInputs, mixed(validBroadcastMessage)), (inputs) => {
        const message = parseBroadcastMessage(inputs);
        count(seen, message.ok);
        if (message.ok) {
          expect(['availability', 'maintenance', 'usage']).toContain(message.kind);
          expect(message.text.length).toBeLessThanOrEqual(1000);
        } else expectClearRefusal(message);
        const action = readAction(inputs);
        expect(action === null || (ACTIONS as readonly string[]).includes(action)).toBe(true);
        const page = readStatusPage(inputs);
        expect(Number.isInteger(page) && page >= 1 && page <= 10_000).toBe(true);
      }),
      RUNS,
    );
    expectBothBranches(seen, 'broadcast message');
  });

  it('survives inputs that are not plain objects at all', () => {
    for (const inputs of [null, undefined, 'register_submit', 42, [], [['action', 'register_submit']], Object.create(null), new Date(0)]) {
      expect(parseRegisterSubmission(inputs as never, CTX).ok).toBe(false);
      expect(parseReleaseSubmission(inputs as never, { knownTestbedIds: KNOWN_IDS }).ok).toBe(false);
      expect(parseFeedbackSubmission(inputs as never).ok).toBe(false);
      expect(readAction(inputs)).toBeNull();
      expect(readStatusPage(inputs)).toBe(1);
    }
  });
});
