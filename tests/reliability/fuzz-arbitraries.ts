/**
 * Hostile inputs for the fuzz tests: wrong types, huge and odd strings, markup,
 * prototype-pollution keys, nested objects and arrays — the things a forged or
 * broken card submission can carry.
 */
import fc from 'fast-check';
import { ACTIONS as CARD_ACTIONS } from '../../src/cards/actions.js';
import type { CardActionEvent, MessageEvent } from '../../src/platform/port.js';

export const ROOM = 'room-approved';
export const PERSON = 'person-ada';
export const NOW = '2026-03-10T10:00:00.000Z';
export const KNOWN_IDS = [1, 2, 3, 7, 42];

export const POLLUTION_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'] as const;
export const FORGED_KEYS = ['user_email', 'user_name', 'personId', 'personEmail', 'roomId', 'email', 'registered_time', 'status'] as const;
export const INPUT_KEYS = [
  'action', 'testbed_id', 'purpose', 'release_choice', 'release_date', 'release_time', 'feedback_text',
  'room_ids', 'select_all', 'message_kind', 'message_text', 'page',
  'testbed_name', 'labels', 'description', 'reason', 'until', 'form',
  'label', 'to_testbed_id', 'to_email', 'minutes', 'problem', 'news', 'days', 'queues',
] as const;
/** Every action a card carries, as the cards name them (a new one is fuzzed as soon as it exists). */
export const ACTIONS: readonly string[] = Object.values(CARD_ACTIONS);

const MARKUP = [
  '[x](http://evil.example)', '**bold**', '_it_', '<at>all</at>', '<@all>', '<script>alert(1)</script>', '# heading',
  '- list', '> quote', '`code`', '\n\n- injected', 'a\u200bb\u200e\u202e', '\u0000\u0007', '${path}', '{{x}}', '\\', '"\'',
];

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(...MARKUP, ...POLLUTION_KEYS, ...ACTIONS, '', ' ', '1', '01', '-1', '1e3', '0x1', '1.5', '99999999999', 'NaN'),
  fc.integer({ min: 501, max: 30_000 }).map((n) => 'x'.repeat(n)),
  fc.array(fc.constantFrom(...MARKUP), { maxLength: 6 }).map((parts) => parts.join(' ')),
);

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.array(hostileString, { maxLength: 3 }),
  fc.object({ maxDepth: 2, maxKeys: 3 }),
  fc.constant(JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}')),
);

const hostileKey = fc.oneof(fc.constantFrom(...INPUT_KEYS, ...POLLUTION_KEYS, ...FORGED_KEYS), fc.string({ maxLength: 12 }));

/** Card inputs: any keys and values, sometimes with a known action. */
export const hostileInputs: fc.Arbitrary<Record<string, unknown>> = fc
  .tuple(
    fc.dictionary(hostileKey, hostileValue, { maxKeys: 8 }),
    fc.option(
      fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom('register_submit', 'release_submit', 'feedback_submit', 'broadcast_rooms_submit', 'broadcast_message_submit') },
        { weight: 2, arbitrary: fc.constantFrom(...ACTIONS) },
        { weight: 1, arbitrary: hostileValue },
      ),
      { nil: undefined, freq: 8 },
    ),
  )
  .map(([inputs, action]) => {
    if (action === undefined) return inputs;
    // Own property even for odd keys; never through the prototype chain.
    Object.defineProperty(inputs, 'action', { value: action, enumerable: true, configurable: true, writable: true });
    return inputs;
  });

/** A testbed id no form would offer: unknown numbers, other types, odd spellings. */
export const invalidTestbedId: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer({ min: 43, max: 1e9 }).map(String),
  fc.constantFrom('0', '4', '5', '-1', '1.0', ' 1x', '0x1', '1e0', '+1', '', '١'),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.constant('1'), { minLength: 1, maxLength: 2 }),
  fc.constant({ toString: '1' }),
  hostileString.filter((text) => !/^\s*\d{1,9}\s*$/.test(text)),
);

export function cardEvent(inputs: Record<string, unknown>, roomId = ROOM): CardActionEvent {
  return { type: 'cardAction', id: 'action-1', roomId, roomType: 'group', personId: PERSON, messageId: 'card-1', inputs, receivedAt: NOW };
}

export function messageEvent(text: string, roomId = ROOM): MessageEvent {
  return { type: 'message', id: 'message-1', roomId, roomType: 'group', personId: PERSON, personEmail: 'ada@example.com', text, receivedAt: NOW };
}

/** A valid register submission (one of the quick release choices). */
export const validRegister = fc.record({
  action: fc.constant('register_submit'),
  testbed_id: fc.constantFrom(...KNOWN_IDS.map(String)),
  purpose: fc.string({ minLength: 1, maxLength: 400 }).filter((text) => text.trim() !== ''),
  release_choice: fc.constantFrom('1h', '4h', '1d', '3d', '1w'),
});

const MINUTE = 60_000;
const DAY_MINUTES = 24 * 60;
export const QUICK_CHOICES = ['1h', '4h', 'eod', '1d', '3d', '1w'] as const;

/** The form's custom date and time for the instant `minutes` after NOW (the fuzz context reads them in UTC). */
export function customFields(minutes: number): { release_date: string; release_time: string } {
  const iso = new Date(Date.parse(NOW) + minutes * MINUTE).toISOString();
  return { release_date: iso.slice(0, 10), release_time: iso.slice(11, 16) };
}

/** A valid register submission with a custom date and time in the window, under any quick choice (or none). */
export const validCustomRegister = fc
  .tuple(validRegister, fc.constantFrom('', 'custom', ...QUICK_CHOICES), fc.integer({ min: 1, max: 90 * DAY_MINUTES }))
  .map(([form, choice, minutes]) => ({ ...form, release_choice: choice, ...customFields(minutes) }));

/** A register submission whose custom date and time are past or beyond 90 days, under any quick choice (or none). */
export const outOfWindowRegister = fc
  .tuple(
    validRegister,
    fc.constantFrom('', 'custom', ...QUICK_CHOICES),
    fc.oneof(fc.integer({ min: -3 * DAY_MINUTES, max: 0 }), fc.integer({ min: 90 * DAY_MINUTES + 1, max: 400 * DAY_MINUTES })),
  )
  .map(([form, choice, minutes]) => ({ ...form, release_choice: choice, ...customFields(minutes) }));

const nonBlank = (maxLength: number) => fc.string({ minLength: 1, maxLength }).filter((text) => text.trim() !== '');

/** Release and feedback forms in one: a known testbed id and a feedback text, under either action. */
export const validReleaseAndFeedback = fc.record({
  action: fc.constantFrom('release_submit', 'feedback_submit'),
  testbed_id: fc.constantFrom(...KNOWN_IDS.map(String)),
  feedback_text: nonBlank(2000),
});

export const validBroadcastMessage = fc.record({
  action: fc.constant('broadcast_message_submit'),
  message_kind: fc.constantFrom('availability', 'maintenance', 'usage'),
  message_text: fc.string({ maxLength: 1000 }),
});

/** A room selection as the card sends it: some of `allowed` (ids or their choice values), or "select all". */
export function validRoomSelection(allowed: readonly string[], values: readonly string[]): fc.Arbitrary<Record<string, unknown>> {
  return fc.oneof(
    fc.subarray([...allowed, ...values], { minLength: 1 }).map((chosen) => ({ action: 'broadcast_rooms_submit', room_ids: chosen.join(','), select_all: 'false' })),
    fc.subarray([...values]).map((chosen) => ({ action: 'broadcast_rooms_submit', room_ids: chosen.join(','), select_all: 'true' })),
  );
}

/** A valid submission with one of its inputs replaced by a hostile value or dropped (often, not always, invalid). */
export function mutated(valid: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<Record<string, unknown>> {
  return fc.tuple(valid, fc.nat(), hostileValue, fc.boolean()).map(([inputs, index, value, drop]) => {
    const keys = Object.keys(inputs);
    const key = keys[index % keys.length];
    const copy: Record<string, unknown> = { ...inputs };
    if (drop) delete copy[key];
    else Object.defineProperty(copy, key, { value, enumerable: true, configurable: true, writable: true });
    return copy;
  });
}

/** Valid submissions, damaged ones and wholly hostile ones, so both "accepted" and "refused" branches run. */
export function mixed(valid: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<Record<string, unknown>> {
  return fc.oneof({ weight: 2, arbitrary: valid }, { weight: 2, arbitrary: mutated(valid) }, { weight: 1, arbitrary: hostileInputs });
}
