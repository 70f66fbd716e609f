import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  BROADCAST_KINDS,
  MESSAGE_ERRORS,
  ROOM_ERRORS,
  parseBroadcastMessage,
  parseRoomSelection,
  roomChoiceValues,
} from '../../src/cards/broadcast-actions.js';

const ALLOWED = ['Y2lzY29zcGFyazovL3VzL1JPT00vYWFh', 'Y2lzY29zcGFyazovL3VzL1JPT00vYmJi', 'Y2lzY29zcGFyazovL3VzL1JPT00vY2Nj'];
const [A, B, C] = ALLOWED;
const ctx = { allowedRoomIds: ALLOWED };

describe('parseRoomSelection', () => {
  it('accepts full ids and returns them in list order, without duplicates', () => {
    expect(parseRoomSelection({ action: 'broadcast_rooms_submit', room_ids: `${C}, ${A},${C}` }, ctx)).toEqual({ ok: true, roomIds: [A, C] });
  });

  it('accepts the short choice values the card uses', () => {
    const codes = roomChoiceValues(ALLOWED);
    const value = [codes.get(B), codes.get(A)].join(',');
    expect(value.length).toBeLessThan(A.length);
    expect(parseRoomSelection({ room_ids: value }, ctx)).toEqual({ ok: true, roomIds: [A, B] });
  });

  it('selects every allowed room with the toggle', () => {
    expect(parseRoomSelection({ select_all: 'true' }, ctx)).toEqual({ ok: true, roomIds: ALLOWED });
    expect(parseRoomSelection({ select_all: 'true', room_ids: A }, ctx)).toEqual({ ok: true, roomIds: ALLOWED });
    expect(parseRoomSelection({ select_all: 'false', room_ids: B }, ctx)).toEqual({ ok: true, roomIds: [B] });
  });

  it('refuses the whole submission when any id is not on the list', () => {
    const result = parseRoomSelection({ room_ids: `${A},Y2lzY29zcGFyazovL3VzL1JPT00vZXZpbA` }, ctx);
    expect(result).toEqual({ ok: false, errors: { room_ids: ROOM_ERRORS.unknown }, values: { room_ids: A, select_all: 'false' } });
    // The toggle does not launder a forged id either.
    expect(parseRoomSelection({ select_all: 'true', room_ids: 'forged' }, ctx).ok).toBe(false);
    // Nothing is allowed when the list is empty.
    expect(parseRoomSelection({ room_ids: A }, { allowedRoomIds: [] }).ok).toBe(false);
  });

  it('asks for at least one room', () => {
    for (const inputs of [{}, { room_ids: '' }, { room_ids: ' , ,' }, { select_all: 'false' }]) {
      expect(parseRoomSelection(inputs, ctx)).toMatchObject({ ok: false, errors: { room_ids: ROOM_ERRORS.empty } });
    }
    expect(parseRoomSelection({ select_all: 'true' }, { allowedRoomIds: [] })).toMatchObject({ ok: false });
  });

  it('refuses wrong types and oversized input', () => {
    for (const inputs of [{ room_ids: 42 }, { room_ids: [A] }, { room_ids: { A } }, { select_all: 'yes', room_ids: A }, { room_ids: 'x'.repeat(300_000) }]) {
      expect(parseRoomSelection(inputs as Record<string, unknown>, ctx)).toMatchObject({ ok: false, errors: { room_ids: ROOM_ERRORS.malformed } });
    }
  });

  it('reads only own keys: __proto__ and inherited values never count', () => {
    const hostile = JSON.parse(`{"__proto__": {"room_ids": "forged", "select_all": "true"}, "room_ids": "${B}"}`);
    expect(parseRoomSelection(hostile, ctx)).toEqual({ ok: true, roomIds: [B] });
    const inherited = Object.create({ room_ids: A, select_all: 'true' });
    expect(parseRoomSelection(inherited, ctx)).toMatchObject({ ok: false, errors: { room_ids: ROOM_ERRORS.empty } });
    expect(({} as Record<string, unknown>).room_ids).toBeUndefined();
  });

  it('never throws and only ever returns allowed rooms (fuzzed)', () => {
    const value = fc.oneof(fc.string(), fc.constantFrom(...ALLOWED), fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.string()), fc.object());
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom('room_ids', 'select_all', '__proto__', 'constructor', 'action', 'x'), value), (inputs) => {
        const result = parseRoomSelection(inputs, ctx);
        if (result.ok) {
          expect(result.roomIds.length).toBeGreaterThan(0);
          for (const id of result.roomIds) expect(ALLOWED).toContain(id);
        } else {
          expect(Object.keys(result.errors).length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('roomChoiceValues', () => {
  it('gives every room a distinct, comma-free value', () => {
    const ids = Array.from({ length: 500 }, (_, i) => `Y2lzY29zcGFyazovL3VzL1JPT00v${i.toString(36).padStart(8, '0')}`);
    const values = roomChoiceValues(ids);
    expect(new Set(values.values()).size).toBe(500);
    for (const value of values.values()) expect(value).not.toContain(',');
  });
});

describe('parseBroadcastMessage', () => {
  it.each(BROADCAST_KINDS)('accepts kind %s with an optional text', (kind) => {
    expect(parseBroadcastMessage({ action: 'broadcast_message_submit', message_kind: kind })).toEqual({ ok: true, kind, text: '' });
    expect(parseBroadcastMessage({ message_kind: kind, message_text: '  Lab 3\r\nis down  ' })).toEqual({ ok: true, kind, text: 'Lab 3\nis down' });
  });

  it('names each problem and keeps the values', () => {
    expect(parseBroadcastMessage({ message_text: 'hello' })).toEqual({
      ok: false,
      errors: { message_kind: MESSAGE_ERRORS.kind },
      values: { message_text: 'hello' },
    });
    expect(parseBroadcastMessage({ message_kind: 'party', message_text: 'x' })).toMatchObject({ ok: false, errors: { message_kind: MESSAGE_ERRORS.kind } });
    const long = parseBroadcastMessage({ message_kind: 'usage', message_text: 'y'.repeat(1001) });
    expect(long).toMatchObject({ ok: false, errors: { message_text: MESSAGE_ERRORS.tooLong }, values: { message_kind: 'usage' } });
    expect(parseBroadcastMessage({ message_kind: 'usage', message_text: 'y'.repeat(1000) }).ok).toBe(true);
    expect(parseBroadcastMessage({ message_kind: 'usage', message_text: 12 })).toMatchObject({ ok: false, errors: { message_text: MESSAGE_ERRORS.malformed } });
    expect(parseBroadcastMessage({ message_kind: ['usage'] })).toMatchObject({ ok: false });
  });

  it('ignores unexpected keys, including __proto__', () => {
    const hostile = JSON.parse('{"__proto__": {"message_kind": "usage"}, "message_kind": "maintenance", "user_email": "x@evil"}');
    const result = parseBroadcastMessage(hostile);
    expect(result).toEqual({ ok: true, kind: 'maintenance', text: '' });
    expect(parseBroadcastMessage(Object.create({ message_kind: 'usage' })).ok).toBe(false);
  });

  it('never throws (fuzzed)', () => {
    const value = fc.oneof(fc.string({ maxLength: 1500 }), fc.constantFrom(...BROADCAST_KINDS), fc.integer(), fc.constant(null), fc.object());
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom('message_kind', 'message_text', '__proto__', 'constructor'), value), (inputs) => {
        const result = parseBroadcastMessage(inputs);
        if (result.ok) {
          expect(BROADCAST_KINDS).toContain(result.kind);
          expect(result.text.length).toBeLessThanOrEqual(1000);
        }
      }),
      { numRuns: 500 },
    );
  });
});
