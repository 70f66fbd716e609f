import { describe, expect, it } from 'vitest';
import {
  broadcastRoomsDocumentProblems,
  problemsOf,
  testbedRecordProblems,
  testbedRecordSchema,
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

  it('points every repeat in a large document at the first record with that id or name', () => {
    const testbeds: unknown[] = Array.from({ length: 5_000 }, (_, i) => available(i + 1, `Lab ${i + 1}`));
    testbeds.push({ ...available(9_001), testbed_name: 'lab 17' }, { ...available(17), testbed_name: 'Lab 9002' }, { ...available(9_003), testbed_name: ' LAB 17' });
    testbeds.splice(10, 0, null);
    expect(testbedsDocumentProblems({ testbeds })).toEqual([
      'testbeds[10] cannot be null',
      'testbeds[5001].testbed_name "lab 17" is already used by testbeds[17]; names must be unique (ignoring case)',
      'testbeds[5002].id 17 is already used by testbeds[17]; ids must be unique',
      'testbeds[5003].testbed_name " LAB 17" is already used by testbeds[17]; names must be unique (ignoring case)',
    ]);
    // A second look at a changed document sees the change.
    testbeds.splice(10, 1);
    testbeds.splice(5_000, 3);
    expect(testbedsDocumentProblems({ testbeds })).toEqual([]);
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

  it('a record-level check agrees with the full schema on every kind of record, valid or not', () => {
    const maintenance = { reason: 'Firmware', until: null, since: '2025-05-01T08:00:00.000Z', by: { email: 'ada@example.com', name: 'Ada' } };
    const records: unknown[] = [
      available(1),
      inUse(2),
      { ...available(3), labels: ['rack-4', 'gpu'], description: 'The one by the window', maintenance: null },
      { ...inUse(4), labels: [] },
      { ...available(5), maintenance },
      { ...inUse(6), maintenance },
      { ...inUse(7), maintenance: null },
      { ...available(8), labels: ['no spaces allowed'] },
      { ...available(9), labels: ['a', 'a'] },
      { ...available(10), labels: 'gpu' },
      { ...available(11), labels: [3] },
      { ...available(12), description: 'x'.repeat(201) },
      { ...available(13), description: null },
      { ...available(14), extra: 1 },
      { ...available(15), user_name: '' },
      { ...inUse(16), user_email: 'not-mail' },
      { ...inUse(17), user_email: 'ada@' },
      { ...inUse(18), purpose: ' ' },
      { ...inUse(19), registered_time: '2025-05-01T08:00:00+02:00' },
      { ...inUse(20), expected_release_time: '2025-02-30T08:00:00Z' },
      { ...inUse(21), user_name: 7 },
      { ...available(22), status: 'busy' },
      { ...available(23), id: 0 },
      { ...available(24), id: 2.5 },
      { ...available(25), testbed_name: '   ' },
      (({ purpose: _p, ...rest }) => rest)(available(26)),
      (({ purpose: _p, ...rest }) => rest)(inUse(27)),
    ];
    const verdicts = records.map((record) => testbedRecordProblems(record));
    expect(verdicts).toEqual(records.map((record) => problemsOf(testbedRecordSchema, record, 'the record')));
    // The list holds both kinds, so the comparison above covers each.
    expect(verdicts.filter((problems) => problems.length === 0)).toHaveLength(6);
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
