/**
 * The digest schedule as tables: reading DIGEST_AT and DIGEST_WEEKDAYS, the next digest instant in
 * several zones (daylight-saving days included), and the start-up rule for a missed digest.
 */
import { describe, expect, it } from 'vitest';
import {
  decideDigest,
  describeSchedule,
  latestDigestAtOrBefore,
  nextDigestAfter,
  parseDigestTime,
  parseWeekdays,
  type DigestSchedule,
} from '../../src/digest/schedule.js';

const MON_FRI = [1, 2, 3, 4, 5];
const DAILY = [1, 2, 3, 4, 5, 6, 7];

function schedule(at: string, timeZone: string, weekdays: number[] = MON_FRI): DigestSchedule {
  const time = parseDigestTime(at);
  if (!time) throw new Error(`bad time ${at}`);
  return { ...time, timeZone, weekdays };
}

const next = (s: DigestSchedule, after: string) => new Date(nextDigestAfter(s, Date.parse(after))).toISOString();

describe('DIGEST_AT', () => {
  it.each([
    ['09:00', { hour: 9, minute: 0 }],
    ['9:30', { hour: 9, minute: 30 }],
    ['00:00', { hour: 0, minute: 0 }],
    ['23:59', { hour: 23, minute: 59 }],
    [' 07:05 ', { hour: 7, minute: 5 }],
  ])('reads %j', (text, expected) => {
    expect(parseDigestTime(text)).toEqual(expected);
  });

  it.each(['24:00', '12:60', '9am', '0900', '9:5', '09:00:00', '', '-1:00', '09.00', '１２:００'])('refuses %j', (text) => {
    expect(parseDigestTime(text)).toBeNull();
  });
});

describe('DIGEST_WEEKDAYS', () => {
  it.each([
    ['mon-fri', MON_FRI],
    ['MON,Wed,fri', [1, 3, 5]],
    ['sat-sun', [6, 7]],
    ['daily', DAILY],
    ['Daily', DAILY],
    ['mon-sun', DAILY],
    ['fri-mon', [1, 5, 6, 7]],
    ['Monday - Friday', MON_FRI],
    ['Mon\u2013Fri', MON_FRI],
    ['tues, thurs', [2, 4]],
    ['wed', [3]],
    ['mon-mon', [1]],
    ['mon-wed,tue-thu', [1, 2, 3, 4]],
  ])('reads %j', (text, weekdays) => {
    expect(parseWeekdays(text)).toEqual({ ok: true, weekdays });
  });

  it.each([
    ['funday', ['funday']],
    ['mon,funday,fri', ['funday']],
    ['mon-', ['mon-']],
    ['mon-tue-wed', ['mon-tue-wed']],
    ['mo', ['mo']],
    ['weekdays', ['weekdays']],
    ['', []],
    [' , ', []],
  ])('refuses %j and names %j', (text, unknown) => {
    expect(parseWeekdays(text)).toEqual({ ok: false, unknown });
  });
});

describe('the next digest', () => {
  it.each([
    // zone, at, weekdays, after, next, why
    ['UTC', '09:00', MON_FRI, '2026-03-10T08:59:59.000Z', '2026-03-10T09:00:00.000Z', 'later the same Tuesday'],
    ['UTC', '09:00', MON_FRI, '2026-03-10T09:00:00.000Z', '2026-03-11T09:00:00.000Z', 'strictly after: not the instant itself'],
    ['UTC', '09:00', MON_FRI, '2026-03-13T09:00:01.000Z', '2026-03-16T09:00:00.000Z', 'Friday after the digest: Monday'],
    ['UTC', '09:00', [6, 7], '2026-03-10T12:00:00.000Z', '2026-03-14T09:00:00.000Z', 'weekends only: Saturday'],
    ['UTC', '09:00', [1, 5, 6, 7], '2026-03-10T12:00:00.000Z', '2026-03-13T09:00:00.000Z', 'fri-mon from a Tuesday: Friday'],
    ['UTC', '00:00', DAILY, '2026-03-10T23:59:59.000Z', '2026-03-11T00:00:00.000Z', 'midnight'],
    ['UTC', '23:59', MON_FRI, '2026-03-13T23:59:00.000Z', '2026-03-16T23:59:00.000Z', 'last minute of Friday: Monday'],
    ['Europe/Berlin', '09:00', MON_FRI, '2026-03-10T07:00:00.000Z', '2026-03-10T08:00:00.000Z', 'winter time, UTC+1'],
    ['Europe/Berlin', '09:00', MON_FRI, '2026-03-27T08:00:00.000Z', '2026-03-30T07:00:00.000Z', 'over the spring-forward weekend: summer time on Monday'],
    ['Europe/Berlin', '02:30', DAILY, '2026-03-28T12:00:00.000Z', '2026-03-29T01:30:00.000Z', '02:30 does not exist on 29 March: 03:30 summer time'],
    ['Europe/Berlin', '02:30', DAILY, '2026-03-29T01:30:00.000Z', '2026-03-30T00:30:00.000Z', 'the day after the gap is 02:30 summer time again'],
    ['Europe/Berlin', '02:30', DAILY, '2026-10-24T12:00:00.000Z', '2026-10-25T00:30:00.000Z', '02:30 happens twice on 25 October: the first'],
    ['Europe/Berlin', '02:30', DAILY, '2026-10-25T00:30:00.000Z', '2026-10-26T01:30:00.000Z', 'and never the second one'],
    ['America/New_York', '09:00', DAILY, '2026-03-07T15:00:00.000Z', '2026-03-08T13:00:00.000Z', 'US spring-forward day: 09:00 EDT'],
    ['America/New_York', '02:30', DAILY, '2026-03-08T05:00:00.000Z', '2026-03-08T07:30:00.000Z', 'skipped 02:30 in New York: 03:30 EDT'],
    ['America/New_York', '01:30', DAILY, '2026-11-01T04:00:00.000Z', '2026-11-01T05:30:00.000Z', '01:30 twice on 1 November: the EDT one'],
    ['Asia/Kolkata', '00:00', MON_FRI, '2026-03-10T00:00:00.000Z', '2026-03-10T18:30:00.000Z', 'half-hour offset: Wednesday midnight IST'],
    ['Pacific/Auckland', '23:59', [6, 7], '2026-03-10T00:00:00.000Z', '2026-03-14T10:59:00.000Z', 'UTC+13: Saturday 23:59 is Saturday morning in UTC'],
    ['Pacific/Auckland', '08:00', MON_FRI, '2026-03-15T19:30:00.000Z', '2026-03-16T19:00:00.000Z', 'already Monday 08:30 in Auckland: Tuesday 08:00'],
  ])('%s %s %j after %s → %s (%s)', (zone, at, weekdays, after, expected, _why) => {
    expect(next(schedule(at, zone, weekdays as number[]), after)).toBe(expected);
  });

  it('every weekday of a year gets exactly one digest, and weekend days none, in Berlin', () => {
    const s = schedule('02:30', 'Europe/Berlin');
    const seen: string[] = [];
    let at = Date.parse('2026-01-01T00:00:00.000Z');
    while (at < Date.parse('2027-01-01T00:00:00.000Z')) {
      at = nextDigestAfter(s, at);
      seen.push(new Date(at).toISOString());
    }
    const days = seen.slice(0, -1).map((iso) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', dateStyle: 'short' }).format(new Date(iso)));
    expect(new Set(days).size).toBe(days.length);
    expect(days).toHaveLength(261); // the weekdays of 2026
    const weekdays = new Set(seen.map((iso) => new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Berlin', weekday: 'short' }).format(new Date(iso))));
    expect([...weekdays].sort()).toEqual(['Fri', 'Mon', 'Thu', 'Tue', 'Wed']);
  });
});

describe('a digest missed while the bot was down', () => {
  const s = schedule('09:00', 'UTC');
  const decide = (now: string, handled: string | null) => {
    const decision = decideDigest(s, Date.parse(now), handled === null ? null : Date.parse(handled));
    return decision.kind === 'none' ? 'none' : `${decision.kind} ${new Date(decision.scheduledFor).toISOString()}`;
  };

  it.each([
    ['2026-03-10T09:20:00.000Z', null, 'post 2026-03-10T09:00:00.000Z', '20 minutes late, never posted: posted now'],
    ['2026-03-10T09:20:00.000Z', '2026-03-09T09:00:00.000Z', 'post 2026-03-10T09:00:00.000Z', 'only yesterday\'s was posted'],
    ['2026-03-10T09:20:00.000Z', '2026-03-10T09:00:00.000Z', 'none', 'already posted: never twice'],
    ['2026-03-10T09:00:00.000Z', null, 'post 2026-03-10T09:00:00.000Z', 'exactly on time'],
    ['2026-03-10T10:00:00.000Z', null, 'post 2026-03-10T09:00:00.000Z', 'an hour late: still posted'],
    ['2026-03-10T10:00:01.000Z', null, 'skip 2026-03-10T09:00:00.000Z', 'more than an hour late: skipped'],
    ['2026-03-10T08:59:59.000Z', '2026-03-09T09:00:00.000Z', 'none', 'before today\'s time: yesterday\'s was posted'],
    ['2026-03-10T08:59:59.000Z', '2026-03-06T09:00:00.000Z', 'skip 2026-03-09T09:00:00.000Z', 'Monday\'s was missed: skipped, not posted late'],
    ['2026-03-14T09:30:00.000Z', null, 'skip 2026-03-13T09:00:00.000Z', 'Saturday with mon-fri: Friday\'s is long past'],
    ['2026-03-14T09:30:00.000Z', '2026-03-13T09:00:00.000Z', 'none', 'Saturday after Friday\'s digest'],
    ['2026-03-16T09:30:00.000Z', '2026-03-13T09:00:00.000Z', 'post 2026-03-16T09:00:00.000Z', 'Monday after the weekend'],
  ])('at %s, last posted %s: %s (%s)', (now, handled, expected, _why) => {
    expect(decide(now, handled)).toBe(expected);
  });

  it('the latest digest at or before an instant includes the instant itself', () => {
    expect(new Date(latestDigestAtOrBefore(s, Date.parse('2026-03-10T09:00:00.000Z'))).toISOString()).toBe('2026-03-10T09:00:00.000Z');
    expect(new Date(latestDigestAtOrBefore(s, Date.parse('2026-03-10T08:59:59.999Z'))).toISOString()).toBe('2026-03-09T09:00:00.000Z');
  });
});

describe('describeSchedule', () => {
  it('reads like the settings', () => {
    expect(describeSchedule(schedule('9:05', 'Europe/Berlin'))).toBe('Mon, Tue, Wed, Thu, Fri at 09:05 Europe/Berlin');
    expect(describeSchedule(schedule('23:59', 'UTC', DAILY))).toBe('daily at 23:59 UTC');
  });
});
