import { describe, expect, it } from 'vitest';
import { parseRegisterSubmission } from '../../src/cards/actions.js';
import { resolveRelease } from '../../src/cards/release-time.js';

const NOW = '2026-03-10T10:00:00.000Z'; // 11:00 in Berlin (UTC+1 until 29 March)
const ZONE = 'Europe/Berlin';
const QUICK = ['1h', '4h', 'eod', '1d', '3d', '1w'] as const;
const HINT = 'Or clear the custom date and time to use the quick choice.';

describe('resolveRelease: a filled custom date or time is the person’s choice', () => {
  it.each(QUICK)('date and time win over the quick choice %s', (choice) => {
    expect(resolveRelease(choice, '2026-03-12', '17:30', NOW, ZONE)).toEqual({ ok: true, iso: '2026-03-12T16:30:00.000Z' });
  });

  it('date and time alone (no choice) and with "custom" give the same instant', () => {
    for (const choice of ['', 'custom']) {
      expect(resolveRelease(choice, '2026-03-12', '17:30', NOW, ZONE)).toEqual({ ok: true, iso: '2026-03-12T16:30:00.000Z' });
    }
  });

  it.each(QUICK)('quick choice %s with a past date is refused on the date, naming the way back to the quick choice', (choice) => {
    expect(resolveRelease(choice, '2026-03-10', '10:30', NOW, ZONE)).toEqual({
      ok: false,
      field: 'release_date',
      message: `That time has already passed (${ZONE}). Choose a time in the future. ${HINT}`,
      outside: 'passed',
    });
  });

  it('a past custom date without a quick choice is refused without the hint', () => {
    expect(resolveRelease('custom', '2026-03-09', '12:00', NOW, ZONE)).toEqual({
      ok: false,
      field: 'release_date',
      message: `That time has already passed (${ZONE}). Choose a time in the future.`,
      outside: 'passed',
    });
  });

  it('now itself counts as past; one minute later is accepted', () => {
    expect(resolveRelease('1h', '2026-03-10', '11:00', NOW, ZONE)).toMatchObject({ ok: false, field: 'release_date' });
    expect(resolveRelease('1h', '2026-03-10', '11:01', NOW, ZONE)).toEqual({ ok: true, iso: '2026-03-10T10:01:00.000Z' });
  });

  it('more than 90 days ahead is refused on the date, also with a quick choice', () => {
    expect(resolveRelease('1w', '2026-06-08', '12:01', NOW, ZONE)).toEqual({
      ok: false,
      field: 'release_date',
      message: `Book for at most 90 days (until 2026-06-08 10:00 UTC). ${HINT}`,
      outside: 'tooFar',
    });
    expect(resolveRelease('1w', '2026-06-08', '12:00', NOW, ZONE)).toEqual({ ok: true, iso: '2026-06-08T10:00:00.000Z' });
  });

  it('custom with an empty date and time asks for both, on the date', () => {
    expect(resolveRelease('custom', '', '', NOW, ZONE)).toEqual({
      ok: false,
      field: 'release_date',
      message: 'Pick a date and a time for your custom release time.',
    });
  });

  it.each([
    ['1h', ` ${HINT}`],
    ['eod', ` ${HINT}`],
    ['custom', ''],
    ['', ''],
  ])('a time without a date (choice "%s") asks for the date', (choice, hint) => {
    expect(resolveRelease(choice, '', '10:00', NOW, ZONE)).toEqual({
      ok: false,
      field: 'release_date',
      message: `You filled in a time: pick a date for it too.${hint}`,
    });
  });

  it.each([
    ['4h', ` ${HINT}`],
    ['', ''],
  ])('a date without a time (choice "%s") asks for the time', (choice, hint) => {
    expect(resolveRelease(choice, '2026-03-12', '', NOW, ZONE)).toEqual({
      ok: false,
      field: 'release_time',
      message: `You filled in a date: pick a time for it too.${hint}`,
    });
  });

  it('a badly formed date or time is named on its own field even with a quick choice', () => {
    expect(resolveRelease('1h', '12/03/2026', '10:00', NOW, ZONE)).toMatchObject({ ok: false, field: 'release_date', message: expect.stringMatching(/not a real date/) });
    expect(resolveRelease('1h', '2026-03-12', '7pm', NOW, ZONE)).toMatchObject({ ok: false, field: 'release_time', message: expect.stringMatching(/not a real time/) });
  });

  it('without a date or time the quick choice applies, and with nothing at all the choice is asked for', () => {
    expect(resolveRelease('1h', '', '', NOW, ZONE)).toEqual({ ok: true, iso: '2026-03-10T11:00:00.000Z' });
    expect(resolveRelease('', '', '', NOW, ZONE)).toEqual({
      ok: false,
      field: 'release_choice',
      message: 'Choose when you expect to release it, or fill in a custom date and time.',
    });
  });
});

describe('parseRegisterSubmission with a release time', () => {
  const ctx = { now: NOW, timeZone: ZONE, knownTestbedIds: [1, 2] };

  it('books the custom date when the quick choice says otherwise', () => {
    const result = parseRegisterSubmission(
      { testbed_id: '1', purpose: 'soak', release_choice: '1h', release_date: '2026-03-12', release_time: '17:30' },
      ctx,
    );
    expect(result).toEqual({ ok: true, form: { testbedId: 1, purpose: 'soak', expectedRelease: '2026-03-12T16:30:00.000Z' } });
  });

  it('treats a date or time of only spaces as not filled in', () => {
    const result = parseRegisterSubmission({ testbed_id: '1', purpose: 'soak', release_choice: '1h', release_date: ' ', release_time: '  ' }, ctx);
    expect(result).toEqual({ ok: true, form: { testbedId: 1, purpose: 'soak', expectedRelease: '2026-03-10T11:00:00.000Z' } });
  });

  it('refuses a past date under a quick choice and keeps every value for the form', () => {
    const inputs = { testbed_id: '2', purpose: 'late', release_choice: '1d', release_date: '2026-03-01', release_time: '09:00' };
    const result = parseRegisterSubmission(inputs, ctx);
    expect(result).toEqual({
      ok: false,
      errors: { release_date: `That time has already passed (${ZONE}). Choose a time in the future. ${HINT}` },
      values: inputs,
    });
  });
});
