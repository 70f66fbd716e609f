/** When an API hold ends, and what its purpose may be: a table of inputs and answers. */
import { describe, expect, it } from 'vitest';
import { isoMs, purposeOf, releaseTime } from '../../src/api/release-time.js';

const NOW = '2030-06-15T10:00:00.000Z';

describe('releaseTime', () => {
  it.each([
    [{ minutes: 90 }, '2030-06-15T11:30:00.000Z'],
    [{ minutes: 129_600 }, '2030-09-13T10:00:00.000Z'],
    [{ expected_release_time: '2030-06-15T18:00:00Z' }, '2030-06-15T18:00:00.000Z'],
    [{ expected_release_time: '2030-06-15T18:00Z' }, '2030-06-15T18:00:00.000Z'],
    [{ expected_release_time: '2030-06-15T20:00:00+02:00' }, '2030-06-15T18:00:00.000Z'],
    [{ expected_release_time: '2030-06-15T05:30:00.250-04:30' }, '2030-06-15T10:00:00.250Z'],
  ])('%j ends at %s', (body, iso) => {
    expect(releaseTime(body, NOW)).toEqual({ ok: true, iso });
  });

  it.each([
    [{}, 'minutes or expected_release_time is required (how long the hold lasts).'],
    [{ minutes: 5, expected_release_time: '2030-06-15T18:00:00Z' }, 'Give either minutes or expected_release_time, not both.'],
    [{ expected_release_time: '2030-06-15T10:00:00Z' }, 'expected_release_time must be in the future.'],
    [{ expected_release_time: '2030-09-13T10:00:01Z' }, 'expected_release_time must be at most 90 days from now.'],
    [{ expected_release_time: '2030-02-29T10:00:00Z' }, expect.stringMatching(/^expected_release_time must be an ISO 8601 date and time/)],
    [{ expected_release_time: '2030-06-15 18:00' }, expect.stringMatching(/^expected_release_time must be an ISO 8601/)],
    [{ expected_release_time: '2030-06-15T18:00:00+24:00' }, expect.stringMatching(/^expected_release_time must be an ISO 8601/)],
  ])('%j is refused', (body, message) => {
    expect(releaseTime(body, NOW)).toEqual({ ok: false, message });
  });

  it('reads offsets on both sides of UTC and leaves local calendar checks to the shared rule', () => {
    expect(isoMs('2030-01-01T00:30:00+01:00')).toBe(Date.parse('2029-12-31T23:30:00Z'));
    expect(isoMs('2030-01-31T23:00:00-02:00')).toBe(Date.parse('2030-02-01T01:00:00Z'));
    expect(isoMs('2030-02-30T10:00:00+01:00')).toBeNull();
  });
});

describe('purposeOf', () => {
  it('trims, refuses empty text and counts characters, not UTF-16 units', () => {
    expect(purposeOf('  nightly #1 ')).toEqual({ ok: true, purpose: 'nightly #1' });
    expect(purposeOf(' \t ')).toEqual({ ok: false, message: 'purpose must not be empty (say what the testbed is for).' });
    expect(purposeOf('🚀'.repeat(500))).toEqual({ ok: true, purpose: '🚀'.repeat(500) });
    expect(purposeOf('🚀'.repeat(501))).toEqual({ ok: false, message: 'purpose must be at most 500 characters (it has 501).' });
  });
});
