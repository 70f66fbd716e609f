/**
 * The rules for labels, description, maintenance and retired testbeds in the testbed document.
 * How the repositories keep them (add, retire, saves) is tested on both backends in repository.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { Maintenance } from '../../src/domain.js';
import { testbedsDocumentProblems } from '../../src/store/schema.js';
import { available, inUse } from './records.js';

const ADA = { email: 'ada@example.com', name: 'Ada Ops' };
const AT = '2026-03-02T10:00:00.000Z';
const MAINTENANCE: Maintenance = { reason: 'new power supply', until: '2026-03-03T12:00:00.000Z', since: AT, by: ADA };

describe('labels, description, maintenance and retired testbeds in testbeds.json', () => {
  it.each([
    [{ ...available(1), labels: ['5g', 'with space'] }, 'testbeds[0].labels: label "with space" must be 1 to 32 letters'],
    [{ ...available(1), labels: ['5g', '5G'] }, 'label "5G" is listed twice'],
    [{ ...available(1), labels: Array.from({ length: 11 }, (_, i) => `l${i}`) }, 'at most 10 labels are allowed (found 11)'],
    [{ ...available(1), labels: ['x'.repeat(33)] }, 'must be 1 to 32 letters'],
    [{ ...available(1), description: 'd'.repeat(201) }, 'testbeds[0].description must be at most 200 characters'],
    [{ ...inUse(1), maintenance: MAINTENANCE }, 'testbeds[0].maintenance must be null or absent when status is in_use'],
    [{ ...available(1), maintenance: { ...MAINTENANCE, reason: ' ' } }, 'testbeds[0].maintenance.reason must not be empty'],
    [{ ...available(1), maintenance: { ...MAINTENANCE, since: 'yesterday' } }, 'testbeds[0].maintenance.since must be an ISO 8601 UTC timestamp'],
  ])('names the problem of an invalid record: %o', (record, message) => {
    expect(testbedsDocumentProblems({ testbeds: [record] }).join('\n')).toContain(message);
  });

  it('refuses a retired id that is still used, or listed twice', () => {
    const problems = testbedsDocumentProblems({
      testbeds: [available(1)],
      retired: [{ id: 1, testbed_name: 'a', retired_at: AT }, { id: 3, testbed_name: 'b', retired_at: AT }, { id: 3, testbed_name: 'c', retired_at: AT }],
    });
    expect(problems).toEqual(['retired[0].id 1 is still used by a testbed; a retired id is never used again', 'retired[2].id 3 is listed twice']);
  });

});
