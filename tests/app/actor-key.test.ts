import { describe, expect, it } from 'vitest';
import { flowKey, keyOf, testbedKey } from '../../src/app/actor-key.js';
import { encodeId } from '../../src/platform/ids.js';

const ROOM = encodeId('ROOM', '0b6f7e2c-1111-4a4a-9999-000000000001');
const PERSON = encodeId('PEOPLE', '0b6f7e2c-2222-4a4a-9999-000000000001');

describe('actor keys', () => {
  it('keep the string form that logs, the inspector and the reply queues read', () => {
    expect(keyOf(testbedKey(7))).toBe('testbed:7');
    expect(keyOf(flowKey('conversation', ROOM, PERSON))).toBe(`conversation:${ROOM}:${PERSON}`);
    expect(keyOf(flowKey('broadcast', ROOM, PERSON))).toBe(`broadcast:${ROOM}:${PERSON}`);
  });

  it('carry the room and person as fields, so nothing splits the string to find them', () => {
    const key = flowKey('conversation', ROOM, PERSON);
    expect(key).toEqual({ kind: 'conversation', roomId: ROOM, personId: PERSON });
    expect(keyOf(flowKey('conversation', ROOM, PERSON))).not.toBe(keyOf(flowKey('broadcast', ROOM, PERSON)));
  });
});
