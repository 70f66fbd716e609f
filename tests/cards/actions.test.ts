import { describe, expect, it } from 'vitest';
import {
  ACTIONS,
  parseFeedbackSubmission,
  parseRegisterSubmission,
  parseReleaseSubmission,
  parseSwitchSubmission,
  parseTestbedChoice,
  pick,
  plainRegisterForm,
  readAction,
  registerSchema,
  validate,
  readStatusPage,
} from '../../src/cards/actions.js';

const NOW = '2026-03-10T10:00:00.000Z';
const ctx = { now: NOW, timeZone: 'Europe/Berlin', knownTestbedIds: [1, 2, 3] };
const base = { testbed_id: '2', purpose: 'perf run', release_choice: '4h' };

describe('parseRegisterSubmission: accepted', () => {
  it.each([
    ['1h', '2026-03-10T11:00:00.000Z'],
    ['4h', '2026-03-10T14:00:00.000Z'],
    ['1d', '2026-03-11T10:00:00.000Z'],
    ['3d', '2026-03-13T10:00:00.000Z'],
    ['1w', '2026-03-17T10:00:00.000Z'],
    ['eod', '2026-03-10T22:59:00.000Z'], // 23:59 in Berlin (UTC+1 in March before DST)
  ])('quick choice %s → %s', (choice, expected) => {
    expect(parseRegisterSubmission({ ...base, release_choice: choice }, ctx)).toEqual({
      ok: true,
      form: { testbedId: 2, purpose: 'perf run', expectedRelease: expected },
    });
  });

  it.each([
    ['custom', '2026-03-12', '17:30', '2026-03-12T16:30:00.000Z'],
    ['custom', '2026-05-01', '09:00', '2026-05-01T07:00:00.000Z'], // summer time, UTC+2
    ['custom', '2026-03-29', '02:30', '2026-03-29T01:30:00.000Z'], // skipped by DST: read just after the gap
    ['', '2026-03-12', '17:30', '2026-03-12T16:30:00.000Z'], // a date without a choice means custom
    ['custom', '2026-06-08', '12:00', '2026-06-08T10:00:00.000Z'], // exactly 90 days ahead
  ])('custom %s %s %s (Europe/Berlin) → %s', (choice, date, time, expected) => {
    const result = parseRegisterSubmission({ ...base, release_choice: choice, release_date: date, release_time: time }, ctx);
    expect(result).toEqual({ ok: true, form: { testbedId: 2, purpose: 'perf run', expectedRelease: expected } });
  });

  it('trims the purpose and reads custom times in UTC when the zone is UTC or invalid', () => {
    for (const timeZone of ['UTC', 'Not/AZone']) {
      const result = parseRegisterSubmission(
        { testbed_id: ' 1 ', purpose: '  soak test \n', release_choice: 'custom', release_date: '2026-03-12', release_time: '17:30' },
        { ...ctx, timeZone },
      );
      expect(result).toEqual({ ok: true, form: { testbedId: 1, purpose: 'soak test', expectedRelease: '2026-03-12T17:30:00.000Z' } });
    }
  });

  it('ignores forged identity and prototype keys: they never reach the result', () => {
    const forged = JSON.parse(
      '{"testbed_id":"1","purpose":"x","release_choice":"1h","user_email":"boss@example.com","user_name":"Boss",' +
        '"__proto__":{"polluted":true,"user_email":"evil@example.com"},"constructor":{"prototype":{"polluted":true}},"action":"register_submit"}',
    );
    const result = parseRegisterSubmission(forged, ctx);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(Object.keys(result.form).sort()).toEqual(['expectedRelease', 'purpose', 'testbedId']);
    expect(JSON.stringify(result)).not.toMatch(/boss|evil|Boss|polluted/);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('parseRegisterSubmission: refused with friendly errors', () => {
  const cases: Array<[string, Record<string, unknown>, Record<string, RegExp>]> = [
    ['nothing at all', {}, { testbed_id: /choose the testbed/i, purpose: /what you need/i, release_choice: /when you expect/i }],
    ['unknown testbed', { ...base, testbed_id: '99' }, { testbed_id: /not in the list/i }],
    ['testbed id with junk', { ...base, testbed_id: '1; drop table' }, { testbed_id: /from the list/i }],
    ['testbed id as a number', { ...base, testbed_id: 2 }, { testbed_id: /from the list/i }],
    ['testbed id as an array', { ...base, testbed_id: ['2'] }, { testbed_id: /from the list/i }],
    ['purpose only spaces', { ...base, purpose: '   ' }, { purpose: /what you need/i }],
    ['purpose as an object', { ...base, purpose: { text: 'x' } }, { purpose: /what you need/i }],
    ['purpose over 500', { ...base, purpose: 'x'.repeat(501) }, { purpose: /500 characters \(you typed 501\)/ }],
    ['unknown choice', { ...base, release_choice: '1y' }, { release_choice: /when you expect/i }],
    ['custom without date', { ...base, release_choice: 'custom', release_time: '10:00' }, { release_date: /pick a date/i }],
    ['custom without time', { ...base, release_choice: 'custom', release_date: '2026-03-12' }, { release_time: /pick a time/i }],
    ['impossible date', { ...base, release_choice: 'custom', release_date: '2026-02-30', release_time: '10:00' }, { release_date: /not a real date/i }],
    ['absurd year', { ...base, release_choice: 'custom', release_date: '0099-01-01', release_time: '10:00' }, { release_date: /not a real date/i }],
    ['date in another shape', { ...base, release_choice: 'custom', release_date: '12/03/2026', release_time: '10:00' }, { release_date: /not a real date/i }],
    ['impossible time', { ...base, release_choice: 'custom', release_date: '2026-03-12', release_time: '25:00' }, { release_time: /not a real time/i }],
    ['in the past', { ...base, release_choice: 'custom', release_date: '2026-03-10', release_time: '10:30' }, { release_date: /already passed/i }],
    ['too far ahead', { ...base, release_choice: 'custom', release_date: '2026-06-08', release_time: '12:01' }, { release_date: /at most 90 days/i }],
    ['far future', { ...base, release_choice: 'custom', release_date: '9999-12-31', release_time: '23:59' }, { release_date: /at most 90 days/i }],
    ['date as a number', { ...base, release_choice: 'custom', release_date: 20260312, release_time: '10:00' }, { release_date: /calendar/i }],
  ];

  it.each(cases)('%s', (_name, inputs, expected) => {
    const result = parseRegisterSubmission(inputs, ctx);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors).sort()).toEqual(Object.keys(expected).sort());
    for (const [field, pattern] of Object.entries(expected)) expect(result.errors[field]).toMatch(pattern);
  });

  it('end of today is refused once it has passed', () => {
    const late = { ...ctx, now: '2026-03-10T22:59:30.000Z' }; // 23:59:30 in Berlin
    const result = parseRegisterSubmission({ ...base, release_choice: 'eod' }, late);
    expect(result).toMatchObject({ ok: false, errors: { release_choice: expect.stringMatching(/already passed/) } });
  });

  it('keeps the typed values (strings only, cut) so the form can come back filled in', () => {
    const result = parseRegisterSubmission({ testbed_id: '99', purpose: 'p'.repeat(3000), release_choice: '1h', release_date: 5 }, ctx);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.values).toEqual({ testbed_id: '99', purpose: 'p'.repeat(500), release_choice: '1h' });
  });

  it.each([null, undefined, 'text', 42, ['testbed_id', '1']])('never throws on inputs %j', (inputs) => {
    const result = parseRegisterSubmission(inputs as never, ctx);
    expect(result.ok).toBe(false);
  });

  it('never throws when reading an input throws', () => {
    const hostile = Object.defineProperty({}, 'purpose', { enumerable: true, get: () => { throw new Error('boom'); } });
    expect(parseRegisterSubmission(hostile, ctx)).toEqual({ ok: false, errors: { form: expect.any(String) }, values: {} });
  });
});

describe('the register form’s quick check', () => {
  it('passes only forms the schema accepts as they are, and both kinds occur', () => {
    const known = { knownIds: new Set([1, 2, 3]) };
    const forms: Record<string, unknown>[] = [
      base,
      { ...base, release_choice: '' },
      { ...base, release_choice: 'custom', release_date: '2026-03-12', release_time: '09:00' },
      { ...base, purpose: 'x'.repeat(500) },
      { ...base, purpose: 'x'.repeat(501) },
      { ...base, purpose: '   ' },
      { ...base, purpose: 7 },
      { ...base, testbed_id: '9' },
      { ...base, testbed_id: '2.0' },
      { ...base, testbed_id: 2 },
      { ...base, testbed_id: '' },
      { ...base, label: 'gpu' },
      { ...base, testbed_id: '', label: 'gpu' },
      { ...base, release_choice: 'soon' },
      { ...base, release_choice: undefined },
      { ...base, release_date: 20260312 },
      { ...base, release_time: ['09:00'] },
    ];
    let passed = 0;
    for (const inputs of forms) {
      const picked = pick(inputs, ['testbed_id', 'label', 'purpose', 'release_choice', 'release_date', 'release_time']);
      for (const field of ['testbed_id', 'label'] as const) if (picked[field] === '') delete picked[field];
      if (!plainRegisterForm(picked, known)) continue;
      passed += 1;
      const chosen = { testbed: picked.testbed_id !== undefined, label: picked.label !== undefined };
      expect(validate(registerSchema(chosen), picked, known), JSON.stringify(inputs)).toEqual({});
    }
    expect(passed).toBe(4);
  });
});

describe('parseReleaseSubmission', () => {
  it.each<[Record<string, unknown>, boolean, RegExp | null]>([
    [{ testbed_id: '3' }, true, null],
    [{ testbed_id: '3', user_email: 'evil@example.com' }, true, null],
    [{ testbed_id: '4' }, false, /not in the list/],
    [{ testbed_id: '' }, false, /choose the testbed/i],
    [{}, false, /choose the testbed/i],
    [{ testbed_id: 3 }, false, /from the list/],
    [{ testbed_id: '-1' }, false, /from the list/],
  ])('%j → ok %s', (inputs, ok, error) => {
    const result = parseReleaseSubmission(inputs, { knownTestbedIds: [1, 2, 3] });
    expect(result.ok).toBe(ok);
    if (result.ok) expect(result.form).toEqual({ testbedId: 3 });
    else expect(result.errors.testbed_id).toMatch(error!);
  });
});

describe('the testbeds a form may name', () => {
  const gone = 'That testbed is not in the list any more. Please choose another one.';

  it('are the ones known at each submission, one after another', () => {
    expect(parseReleaseSubmission({ testbed_id: '3' }, { knownTestbedIds: [3] })).toEqual({ ok: true, form: { testbedId: 3 } });
    expect(parseReleaseSubmission({ testbed_id: '3' }, { knownTestbedIds: [4] })).toMatchObject({ ok: false, errors: { testbed_id: gone } });
    expect(parseRegisterSubmission(base, { ...ctx, knownTestbedIds: [] })).toMatchObject({ ok: false, errors: { testbed_id: gone } });
    expect(parseRegisterSubmission(base, ctx)).toMatchObject({ ok: true, form: { testbedId: 2 } });
    expect(parseTestbedChoice({ testbed_id: '7' }, { knownTestbedIds: [7] })).toEqual({ ok: true, testbedId: 7 });
    expect(parseTestbedChoice({ testbed_id: '7' }, { knownTestbedIds: [1, 2] })).toMatchObject({ ok: false, errors: { testbed_id: gone } });
  });
});

describe('parseFeedbackSubmission', () => {
  it.each<[unknown, boolean]>([
    ['  Great bot  ', true],
    ['x'.repeat(2000), true],
    ['x'.repeat(2001), false],
    ['   ', false],
    [undefined, false],
    [12, false],
  ])('%j → ok %s', (text, ok) => {
    const result = parseFeedbackSubmission(text === undefined ? {} : { feedback_text: text });
    expect(result.ok).toBe(ok);
    if (result.ok) expect(result.text).toBe(String(text).trim());
    else expect(result.errors.feedback_text).toMatch(/feedback/i);
  });
});

describe('readAction and readStatusPage', () => {
  it('knows every card action, including the broadcast flow', () => {
    for (const action of Object.values(ACTIONS)) expect(readAction({ action })).toBe(action);
    expect(readAction({ action: 'broadcast_confirm' })).toBe('broadcast_confirm');
  });

  it.each([{ action: 'rm -rf' }, { action: 'toString' }, { action: 5 }, {}, null, JSON.parse('{"__proto__":{"action":"status"}}')])(
    'returns null for %j',
    (inputs) => {
      expect(readAction(inputs)).toBeNull();
    },
  );

  it.each<[unknown, number]>([
    [{ page: 3 }, 3],
    [{ page: '2' }, 2],
    [{ page: 0 }, 1],
    [{ page: 2.5 }, 1],
    [{ page: '1e9' }, 1],
    [{}, 1],
  ])('page of %j is %i', (inputs, page) => {
    expect(readStatusPage(inputs)).toBe(page);
  });
});

describe('parseSwitchSubmission', () => {
  it('reads the booking to move and the testbed to move it to, both in the lab', () => {
    expect(parseSwitchSubmission({ action: 'switch', testbed_id: '1', to_testbed_id: '3' }, ctx)).toEqual({ ok: true, testbedId: 1, toTestbedId: 3 });
    expect(readAction({ action: ACTIONS.switch })).toBe('switch');
    expect(parseSwitchSubmission({ testbed_id: '1', to_testbed_id: '3', until: '2026-03-10T18:00:00Z' }, ctx)).toEqual({ ok: true, testbedId: 1, toTestbedId: 3, until: '2026-03-10T18:00:00.000Z' });
    expect(parseSwitchSubmission({ testbed_id: '1', to_testbed_id: '3', purpose: ' soak ' }, ctx)).toEqual({ ok: true, testbedId: 1, toTestbedId: 3, purpose: 'soak' });
    expect(parseSwitchSubmission({ testbed_id: '1', to_testbed_id: '3', purpose: 'x'.repeat(501) }, ctx)).toMatchObject({ ok: false, errors: { purpose: expect.stringMatching(/^A purpose may be at most 500 characters/) } });
    expect(parseSwitchSubmission({ testbed_id: '1', to_testbed_id: '3', until: 'friday' }, ctx)).toMatchObject({ ok: false, errors: { until: 'The time could not be read. Type switch, the testbed and the time again.' } });
  });

  it.each([
    [{ testbed_id: '', to_testbed_id: '3' }, 'testbed_id', 'Choose the booking to move.'],
    [{ testbed_id: '1', to_testbed_id: '9' }, 'to_testbed_id', 'The testbed to move to is not in the list any more. Type status to see the testbeds.'],
    [{ testbed_id: '1', to_testbed_id: ['3'] }, 'to_testbed_id', 'The testbed to move to is not in the list any more. Type status to see the testbeds.'],
    [{ testbed_id: '1' }, 'to_testbed_id', 'The testbed to move to is not in the list any more. Type status to see the testbeds.'],
  ])('%j is refused, naming the problem', (inputs, field, message) => {
    const result = parseSwitchSubmission(inputs, ctx);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[field]).toBe(message);
  });
});
