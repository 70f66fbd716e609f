import { describe, expect, it } from 'vitest';
import { decodeId, encodeId, sameObject, uuidOf } from '../../src/platform/ids.js';

const UUID = 'bbceb1ad-43f1-3b58-9147-f14bb0c4d154';
/** `ciscospark://us/ROOM/<uuid>` plus a tail whose base64 uses `+` and `/`, so the URL-safe form differs. */
const WITH_SYMBOLS = Buffer.from('ciscospark://us/ROOM/x?>>?', 'utf8').toString('base64');

describe('platform ids', () => {
  it('encodes without padding and decodes back', () => {
    const id = encodeId('ROOM', UUID);
    expect(id).not.toMatch(/=$/);
    expect(decodeId(id)).toEqual({ cluster: 'us', type: 'ROOM', uuid: UUID });
    expect(decodeId(encodeId('PEOPLE', UUID, 'urn:TEAM:eu-central-1_k'))).toEqual({ cluster: 'urn:TEAM:eu-central-1_k', type: 'PEOPLE', uuid: UUID });
  });

  it('reads the standard and the URL-safe alphabet, padded or not', () => {
    expect(WITH_SYMBOLS).toMatch(/[+/]/);
    const urlSafe = WITH_SYMBOLS.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    for (const form of [WITH_SYMBOLS, WITH_SYMBOLS.replace(/=+$/, ''), urlSafe, `${urlSafe}==`]) {
      expect(decodeId(form)).toEqual({ cluster: 'us', type: 'ROOM', uuid: 'x?>>?' });
    }
  });

  it.each([
    ['a raw UUID', UUID],
    ['too short', 'abc'],
    ['not base64', 'Y2lzY29z!!cGFyazovL3Vz'],
    ['another scheme', Buffer.from(`https://us/ROOM/${UUID}`).toString('base64')],
    ['too few parts', Buffer.from(`ciscospark://us/${UUID}`).toString('base64')],
  ])('refuses %s', (_what, id) => {
    expect(decodeId(id)).toBeNull();
  });

  it('compares REST ids and raw UUIDs by the UUID inside, ignoring case', () => {
    expect(uuidOf(encodeId('ROOM', UUID))).toBe(UUID);
    expect(uuidOf(UUID)).toBe(UUID);
    expect(sameObject(encodeId('ROOM', UUID, 'eu'), UUID.toUpperCase())).toBe(true);
    expect(sameObject(encodeId('ROOM', UUID), encodeId('ROOM', 'other'))).toBe(false);
  });
});
