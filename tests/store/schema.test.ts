import { describe, expect, it } from 'vitest';
import {
  broadcastRoomsDocumentProblems,
  testbedRecordProblems,
  testbedsDocumentProblems,
} from '../../src/store/schema.js';
import { available, inUse } from './records.js';

describe('testbeds document schema', () => {
  it('accepts a valid document, including an empty one', () => {
    expect(testbedsDocumentProblems({ testbeds: [] })).toEqual([]);
    expect(testbedsDocumentProblems({ testbeds: [available(1), inUse(2), available(7, 'Lab X')] })).toEqual([]);
  });

  it.each([
    [{ ...available(3), user_email: 'a@b.co' }, 'testbeds[1].user_email must be null when status is available'],
    [{ ...available(3), purpose: 'x' }, 'testbeds[1].purpose must be null when status is available'],
    [{ ...available(3), expected_release_time: '2025-05-01T12:00:00Z' }, 'testbeds[1].expected_release_time must be null when status is available'],
    [{ ...inUse(3), user_name: null }, 'testbeds[1].user_name must be filled when status is in_use'],
    [{ ...inUse(3), purpose: '  ' }, 'testbeds[1].purpose must not be empty when status is in_use'],
    [{ ...inUse(3), user_email: 'not-mail' }, 'testbeds[1].user_email must be an email address'],
    [{ ...inUse(3), registered_time: '2025-05-01T08:00:00+02:00' }, 'testbeds[1].registered_time must be an ISO 8601 UTC timestamp ending in Z'],
    [{ ...inUse(3), registered_time: '2025-05-01 08:00:00Z' }, 'testbeds[1].registered_time must be an ISO 8601 UTC timestamp'],
    [{ ...inUse(3), expected_release_time: '2025-02-30T08:00:00Z' }, 'testbeds[1].expected_release_time must be an ISO 8601 UTC timestamp'],
    [{ ...available(3), status: 'busy' }, 'testbeds[1].status must be "available" or "in_use"'],
    [{ ...available(3), id: 0 }, 'testbeds[1].id must be a positive whole number'],
    [{ ...available(3), id: 2.5 }, 'testbeds[1].id must be a whole number'],
    [{ ...available(3), id: '3' }, 'testbeds[1].id must be a number'],
    [{ ...available(3), testbed_name: ' ' }, 'testbeds[1].testbed_name must not be empty'],
    [{ ...available(3), extra: true }, 'testbeds[1] has unknown field(s): extra'],
    [(({ purpose: _p, ...rest }) => rest)(available(3)), 'testbeds[1].purpose is missing'],
    [{ ...available(3), id: 1 }, 'testbeds[1].id 1 is already used by testbeds[0]'],
    [{ ...available(3), testbed_name: '  TESTBED 1 ' }, 'testbeds[1].testbed_name "  TESTBED 1 " is already used by testbeds[0]'],
    ['nope', 'testbeds[1] must be an object'],
  ])('names the record and field: %o', (second, expected) => {
    const problems = testbedsDocumentProblems({ testbeds: [available(1), second] });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(expected);
  });

  it('reports every problem of every record at once', () => {
    const problems = testbedsDocumentProblems({
      testbeds: [{ ...available(1), user_name: 'x' }, available(2), { ...inUse(3), purpose: null, user_email: null }],
    });
    expect(problems).toEqual(expect.arrayContaining([
      'testbeds[0].user_name must be null when status is available',
      'testbeds[2].purpose must be filled when status is in_use',
      'testbeds[2].user_email must be filled when status is in_use',
    ]));
    expect(problems).toHaveLength(3);
  });

  it.each([
    [[], 'the document must be a JSON object'],
    [null, 'the document must be a JSON object'],
    [{}, 'the document has no "testbeds" array'],
    [{ testbeds: {} }, 'testbeds must be an array'],
    [{ testbeds: [], rooms: [] }, 'the document has unknown top-level field(s): rooms'],
  ])('rejects a malformed document %o', (doc, expected) => {
    expect(testbedsDocumentProblems(doc)).toEqual([expected]);
  });

  it('checks one record on its own without the document prefix', () => {
    expect(testbedRecordProblems(inUse(1))).toEqual([]);
    expect(testbedRecordProblems({ ...inUse(1), user_email: null })).toEqual(['user_email must be filled when status is in_use']);
  });
});

describe('broadcast rooms document schema', () => {
  const room = (id: string) => ({ name: `Room ${id}`, room_id: id, description: '' });

  it('accepts valid rooms', () => {
    expect(broadcastRoomsDocumentProblems({ broadcast_rooms: [room('a'), room('b')] })).toEqual([]);
  });

  it('reports duplicates, missing and mistyped fields', () => {
    const problems = broadcastRoomsDocumentProblems({
      broadcast_rooms: [room('a'), room('a'), { name: '', room_id: 'c' }, { ...room('d'), description: 5 }],
    });
    expect(problems).toEqual([
      'broadcast_rooms[1].room_id is already used by broadcast_rooms[0]; room ids must be unique',
      'broadcast_rooms[2].name must not be empty',
      'broadcast_rooms[2].description is missing',
      'broadcast_rooms[3].description must be a string',
    ]);
  });
});
