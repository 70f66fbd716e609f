/** A booking typed in one line (`book lab-3 for 2 hours`): what it fills into the register form. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RELEASE_CHOICES } from '../../src/cards/actions.js';
import { hostileString } from '../reliability/fuzz-arbitraries.js';
import { asksToBookAhead, isVagueLength, readNeededBooking, readTypedBooking, readTypedBookingFor } from '../../src/cards/typed-booking.js';
import { readTypedExtension, readTypedRange, readTypedRelease, unknownZoneWords } from '../../src/cards/typed-time.js';
import { resolveRelease } from '../../src/cards/release-time.js';

const NOW = '2026-03-10T10:00:00.000Z';
const LAB = [{ testbed_name: 'lab-1' }, { testbed_name: 'lab-3' }, { testbed_name: 'Room for testing' }, { testbed_name: 'TB-08 Voice and video lab' }];
const custom = (date: string, time: string) => ({ release_choice: 'custom', release_date: date, release_time: time });

describe('readTypedRelease', () => {
  it.each([
    ['for 1 hour', { release_choice: '1h' }],
    ['for an hour', { release_choice: '1h' }],
    ['for 4h', { release_choice: '4h' }],
    ['for four hours', { release_choice: '4h' }],
    ['for a day', { release_choice: '1d' }],
    ['for 24 hrs', { release_choice: '1d' }],
    ['for 3 days', { release_choice: '3d' }],
    ['for a week', { release_choice: '1w' }],
    ['for 7d', { release_choice: '1w' }],
    ['for the day', { release_choice: 'eod' }],
    ['until end of day', { release_choice: 'eod' }],
    ['till tonight', { release_choice: 'eod' }],
    ['until midnight', { release_choice: 'eod' }],
    ['until end of today', { release_choice: 'eod' }],
    ['until tomorrow', { release_choice: '1d' }],
    // 2026-03-10 is a Tuesday: `until tuesday` is the end of today.
    ['until tuesday', { release_choice: 'eod' }],
    ['until COB', { release_choice: 'eod' }],
    ['until close of business', { release_choice: 'eod' }],
    ['until the end of the working day', { release_choice: 'eod' }],
    ['for the evening', { release_choice: 'eod' }],
    // Today is the 10th.
    ['until the 10th', { release_choice: 'eod' }],
  ])('%j is the quick choice %j', (phrase, values) => {
    expect(readTypedRelease(phrase, NOW, 'UTC')).toEqual(values);
  });

  it.each([
    ['for 2 hours', 'UTC', custom('2026-03-10', '12:00')],
    ['for 90 min', 'UTC', custom('2026-03-10', '11:30')],
    ['for 2 hours.', 'UTC', custom('2026-03-10', '12:00')],
    ['for 1.5 h', 'UTC', custom('2026-03-10', '11:30')],
    ['for 2 weeks', 'UTC', custom('2026-03-24', '10:00')],
    ['until 18:00', 'UTC', custom('2026-03-10', '18:00')],
    ['until 6pm', 'UTC', custom('2026-03-10', '18:00')],
    ['until 6:30 pm', 'UTC', custom('2026-03-10', '18:30')],
    // Already past today: the next one, tomorrow.
    ['until 9:00', 'UTC', custom('2026-03-11', '09:00')],
    ['until 12am', 'UTC', custom('2026-03-11', '00:00')],
    ['till tomorrow 9am', 'UTC', custom('2026-03-11', '09:00')],
    ['until tomorrow at 17:30', 'UTC', custom('2026-03-11', '17:30')],
    ['until friday', 'UTC', custom('2026-03-13', '23:59')],
    ['until fri 17:00', 'UTC', custom('2026-03-13', '17:00')],
    ['till Monday at 9am', 'UTC', custom('2026-03-16', '09:00')],
    ['until tuesday 18:00', 'UTC', custom('2026-03-10', '18:00')],
    // Tuesday 9:00 has passed today: next week's.
    ['until tue 9:00', 'UTC', custom('2026-03-17', '09:00')],
    // Dates: the end of that day, or a time on it; without a year the next such date.
    ['until 2026-03-20', 'UTC', custom('2026-03-20', '23:59')],
    ['until 2026-03-20 18:00', 'UTC', custom('2026-03-20', '18:00')],
    ['until 3 apr', 'UTC', custom('2026-04-03', '23:59')],
    ['until the 3rd of april at 6:30 pm', 'UTC', custom('2026-04-03', '18:30')],
    ['until April 3 9am', 'UTC', custom('2026-04-03', '09:00')],
    ['till 1 jan', 'UTC', custom('2027-01-01', '23:59')],
    // Read on the display zone's clock (Berlin is UTC+1 in March): 18:00 there, and 2 hours from 11:00 there.
    ['until 18:00', 'Europe/Berlin', custom('2026-03-10', '18:00')],
    ['for 2 hours', 'Europe/Berlin', custom('2026-03-10', '13:00')],
    // Everyday words (NOW is Tuesday 10:00): half an hour, an hour and a half, a couple of hours, the end of the week, noon, morning.
    ['for half an hour', 'UTC', custom('2026-03-10', '10:30')],
    ['for a half hour', 'UTC', custom('2026-03-10', '10:30')],
    ['for an hour and a half', 'UTC', custom('2026-03-10', '11:30')],
    ['for one and a half hours', 'UTC', custom('2026-03-10', '11:30')],
    ['for a couple of hours', 'UTC', custom('2026-03-10', '12:00')],
    ['for a couple of days', 'UTC', custom('2026-03-12', '10:00')],
    ['until the end of the week', 'UTC', custom('2026-03-13', '23:59')],
    ['until end of this week', 'UTC', custom('2026-03-13', '23:59')],
    ['until noon', 'UTC', custom('2026-03-10', '12:00')],
    ['until friday at noon', 'UTC', custom('2026-03-13', '12:00')],
    ['until tomorrow midday', 'UTC', custom('2026-03-11', '12:00')],
    ['until monday morning', 'UTC', custom('2026-03-16', '09:00')],
    ['until tomorrow morning', 'UTC', custom('2026-03-11', '09:00')],
    // 9:00 has passed today: tomorrow's.
    ['until morning', 'UTC', custom('2026-03-11', '09:00')],
    // The working day's words: lunch, this afternoon, this evening; after the weekend, next week.
    ['until lunch', 'UTC', custom('2026-03-10', '12:00')],
    ['until tomorrow lunchtime', 'UTC', custom('2026-03-11', '12:00')],
    ['until this afternoon', 'UTC', custom('2026-03-10', '17:00')],
    ['until this evening', 'UTC', custom('2026-03-10', '18:00')],
    ['until friday afternoon', 'UTC', custom('2026-03-13', '17:00')],
    ['until after the weekend', 'UTC', custom('2026-03-16', '09:00')],
    ['until the weekend', 'UTC', custom('2026-03-13', '23:59')],
    ['until next week', 'UTC', custom('2026-03-16', '09:00')],
    // A stretch of time ends: the morning at noon, the afternoon at 17:00, the night and the weekend on the next working morning.
    ['for the morning', 'UTC', custom('2026-03-10', '12:00')],
    ['for the afternoon', 'UTC', custom('2026-03-10', '17:00')],
    ['for the night', 'UTC', custom('2026-03-11', '09:00')],
    ['overnight', 'UTC', custom('2026-03-11', '09:00')],
    ['for the weekend', 'UTC', custom('2026-03-16', '09:00')],
    ['over the weekend', 'UTC', custom('2026-03-16', '09:00')],
    // Hours and minutes together.
    ['for 1h30', 'UTC', custom('2026-03-10', '11:30')],
    ['for 1h 30m', 'UTC', custom('2026-03-10', '11:30')],
    ['for 2 hours and 15 minutes', 'UTC', custom('2026-03-10', '12:15')],
    // The time before the day; `next` and `this` before a weekday; a day of the month.
    ['until 3 pm tomorrow', 'UTC', custom('2026-03-11', '15:00')],
    ['until 17:00 on friday', 'UTC', custom('2026-03-13', '17:00')],
    ['until this friday', 'UTC', custom('2026-03-13', '23:59')],
    ['until next thursday', 'UTC', custom('2026-03-12', '23:59')],
    // Said on a Tuesday, next Tuesday is a week on.
    ['until next tuesday', 'UTC', custom('2026-03-17', '23:59')],
    ['until the 31st', 'UTC', custom('2026-03-31', '23:59')],
    // The 5th has passed this month: April's.
    ['until the 5th at 9am', 'UTC', custom('2026-04-05', '09:00')],
  ])('%j in %s is the custom date and time %j', (phrase, zone, values) => {
    expect(readTypedRelease(phrase, NOW, zone)).toEqual(values);
  });

  it('counts days on the calendar, so tomorrow stays tomorrow across a clock change', () => {
    // 23:30 in Berlin on the night the clocks go forward (02:00 → 03:00 on 2026-03-29).
    const lateNight = '2026-03-28T22:30:00.000Z';
    expect(readTypedRelease('until tomorrow 9am', lateNight, 'Europe/Berlin')).toEqual(custom('2026-03-29', '09:00'));
    expect(readTypedRelease('until sunday 9am', lateNight, 'Europe/Berlin')).toEqual(custom('2026-03-29', '09:00'));
  });

  it('a date with its month’s name and its year reads the year as a year, not as a clock (it read 31 dec 2026 as 20:26)', () => {
    expect(readTypedRelease('until 31 dec 2026', NOW, 'UTC')).toEqual(custom('2026-12-31', '23:59'));
    expect(readTypedRelease('until december 31, 2026', NOW, 'UTC')).toEqual(custom('2026-12-31', '23:59'));
    expect(readTypedRelease('until dec 3 2026 5pm', NOW, 'UTC')).toEqual(custom('2026-12-03', '17:00'));
    expect(readTypedRelease('until the 3rd of april 2026 at 17:00', NOW, 'UTC')).toEqual(custom('2026-04-03', '17:00'));
    // A clock after a date is still a clock, and a year with no month's name is still read as it was.
    expect(readTypedRelease('until 3 apr 1730', NOW, 'UTC')).toEqual(custom('2026-04-03', '17:30'));
    expect(readTypedRelease('until friday 2030', NOW, 'UTC')).toEqual(custom('2026-03-13', '20:30'));
  });

  it('reads a purpose said before a bare length (`lab-3 regression 2h`), but not a second testbed before it', () => {
    const lab = [{ testbed_name: 'lab-3' }, { testbed_name: 'lab-5' }];
    expect(readTypedBooking('lab-3 regression 2h', lab, NOW, 'UTC')).toEqual({ name: 'lab-3', values: { ...custom('2026-03-10', '12:00'), purpose: 'regression' } });
    expect(readTypedBooking('lab-3 firmware soak 3 hours', lab, NOW, 'UTC')).toEqual({ name: 'lab-3', values: { ...custom('2026-03-10', '13:00'), purpose: 'firmware soak' } });
    expect(readTypedBooking('lab-3 and lab-5 2h', lab, NOW, 'UTC').values.purpose).toBeUndefined();
    // Courtesy before the length is no purpose (and no colleague to book for); `next 2 hours` is a length.
    expect(readTypedBooking('lab-3 pls 1h', lab, NOW, 'UTC').values.purpose).toBeUndefined();
    expect(readTypedBookingFor('lab-3 pls 1h', lab, NOW, 'UTC').forWhom).toBeUndefined();
    expect(readTypedBooking('lab-3 next 2 hours', lab, NOW, 'UTC')).toEqual({ name: 'lab-3', values: custom('2026-03-10', '12:00') });
    // A time word before it is no purpose either (as before, the words are named under the picker).
    expect(readTypedBooking('lab-3 today 2h', lab, NOW, 'UTC')).toEqual({ name: 'lab-3', values: {}, unread: 'today 2h' });
    expect(readTypedRelease('until eow', NOW, 'UTC')).toEqual(custom('2026-03-13', '23:59'));
  });

  it('reads open-ended words as a booking without an end, and `by` a time as until it', () => {
    for (const said of ['forever', 'indefinitely', 'until further notice', "until I'm done", 'until the test finishes', 'for as long as needed']) {
      expect(readTypedBooking(`lab-3 ${said}`, [{ testbed_name: 'lab-3' }], NOW, 'UTC'), said).toEqual({ name: 'lab-3', values: {}, unread: said });
    }
    expect(readTypedBooking('lab-3 by 5pm', [{ testbed_name: 'lab-3' }], NOW, 'UTC')).toEqual({ name: 'lab-3', values: custom('2026-03-10', '17:00') });
    expect(readTypedBooking('lab-3 by Linus', [{ testbed_name: 'lab-3' }], NOW, 'UTC')).toEqual({ name: 'lab-3', values: {}, unread: 'by Linus' });
  });

  it('reads a bare hour (`until 6`) as the next time the clock shows it, morning or afternoon', () => {
    // NOW is 10:00 UTC.
    expect(readTypedRelease('until 6', NOW, 'UTC')).toEqual(custom('2026-03-10', '18:00'));
    expect(readTypedRelease('till 11', NOW, 'UTC')).toEqual(custom('2026-03-10', '11:00'));
    expect(readTypedRelease('until 12', NOW, 'UTC')).toEqual(custom('2026-03-10', '12:00'));
    expect(readTypedRelease('until 17', NOW, 'UTC')).toEqual(custom('2026-03-10', '17:00'));
    expect(readTypedRelease('until 10', NOW, 'UTC')).toEqual(custom('2026-03-10', '22:00'));
    expect(readTypedRelease('until 9', '2026-03-10T22:30:00.000Z', 'UTC')).toEqual(custom('2026-03-11', '09:00'));
    expect(readTypedRelease('until 5', '2026-03-10T03:00:00.000Z', 'UTC')).toEqual(custom('2026-03-10', '05:00'));
    // On the display zone's clock: 10:00 UTC is 11:00 in Berlin, so `until 11` is 23:00 there.
    expect(readTypedRelease('until 11', NOW, 'Europe/Berlin')).toEqual(custom('2026-03-10', '23:00'));
  });

  it('gives what the form resolves to the instant meant', () => {
    const until = readTypedRelease('until 18:00', NOW, 'Europe/Berlin')!;
    expect(resolveRelease(until.release_choice, until.release_date, until.release_time, NOW, 'Europe/Berlin')).toEqual({ ok: true, iso: '2026-03-10T17:00:00.000Z' });
    const later = readTypedRelease('for 2 hours', NOW, 'UTC')!;
    expect(resolveRelease(later.release_choice, later.release_date, later.release_time, NOW, 'UTC')).toEqual({ ok: true, iso: '2026-03-10T12:00:00.000Z' });
  });

  it.each(['for soak testing', 'for 0 hours', 'for -2 hours', 'for 2 parsecs', 'until 0', 'until 24', 'until 25:00', 'until 13pm', 'until friyay', 'until at 9', 'until 31 feb', 'until 2026-02-30', 'until 3 smarch', 'for', 'soon', 'for 2 hours please', 'over lunch', 'over 2 hours', 'for 1h75', 'until the 31st of february', 'until next fortnight'])(
    '%j is not a time',
    (phrase) => {
      expect(readTypedRelease(phrase, NOW, 'UTC')).toBeNull();
    },
  );
});

describe('readTypedExtension', () => {
  it.each([
    ['by 2 hours', 120],
    ['2h', 120],
    ['for a day', 1440],
    ['by 90 min', 90],
    ['another hour', 60],
    ['another 2 hours', 120],
    ['an extra day', 1440],
    ['one more hour', 60],
    ['2 more hours', 120],
    ['2 hours longer', 120],
    ['by 1.5 days.', 2160],
    ['by half an hour', 30],
    ['another half hour', 30],
    ['by an hour and a half', 90],
    ['for a couple of hours', 120],
    ['1h30', 90],
    ['by 2 hours and 15 minutes', 135],
    // Three digits, or four that make no clock, are hours.
    ['120h', 7200],
    ['2400h', 144000],
  ])('%j is %d minutes more', (typed, minutes) => {
    expect(readTypedExtension(typed)).toBe(minutes);
  });

  it.each(['until 18:00', 'by the demo', '', 'by 0 hours', 'for 30 seconds', 'by 2 hours ' + 'x'.repeat(60), '0930 hrs', '1730h'])('%j is no length', (typed) => {
    expect(readTypedExtension(typed)).toBeNull();
  });
});

describe('readTypedRange', () => {
  // NOW is 10:00 UTC.
  it.each([
    ['9', '12', custom('2026-03-10', '12:00')],
    ['9:30', '17:00', custom('2026-03-10', '17:00')],
    // `9 to 5`: the afternoon's 5.
    ['9', '5', custom('2026-03-10', '17:00')],
    // A start a few minutes ahead is now.
    ['10:10', '12', custom('2026-03-10', '12:00')],
    ['10am', '1pm', custom('2026-03-10', '13:00')],
  ])('from %s to %s, begun, is until the end: %j', (start, end, values) => {
    expect(readTypedRange(start, end, NOW, 'UTC')).toEqual(values);
  });

  it.each([
    // Later today.
    ['2pm', '5pm'],
    ['10:30', '12'],
    // 8 to 9 said at 10:00 is this evening's.
    ['8', '9'],
  ])('from %s to %s is ahead', (start, end) => {
    expect(readTypedRange(start, end, NOW, 'UTC')).toBe('ahead');
  });

  it('a bare start is the one before the end: `9-17` said at 16:00 began at nine in the morning', () => {
    expect(readTypedRange('9', '17', '2026-03-10T16:00:00.000Z', 'UTC')).toEqual(custom('2026-03-10', '17:00'));
  });

  it('a range whose start passed long before its end is about another day', () => {
    // 19:00: `from 9am to 12` means tomorrow morning, not until midnight.
    expect(readTypedRange('9am', '12', '2026-03-10T19:00:00.000Z', 'UTC')).toBe('ahead');
  });

  it.each([['25', '12'], ['9', 'the demo'], ['13pm', '5'], ['9:75', '12']])('from %j to %j is no range', (start, end) => {
    expect(readTypedRange(start, end, NOW, 'UTC')).toBeNull();
  });
});

describe('readTypedBooking', () => {
  it('a range after a testbed: begun, until its end (with a purpose after it); later, booking ahead', () => {
    expect(readTypedBooking('lab-3 from 9 to 12', LAB, NOW, 'UTC')).toEqual({ name: 'lab-3', values: custom('2026-03-10', '12:00') });
    expect(readTypedBooking('lab-3 9-17 for the soak', LAB, NOW, 'UTC')).toEqual({ name: 'lab-3', values: { ...custom('2026-03-10', '17:00'), purpose: 'the soak' } });
    expect(readTypedBooking('TB-08 Voice and video lab between 9 and 5', LAB, NOW, 'UTC')).toEqual({ name: 'TB-08 Voice and video lab', values: custom('2026-03-10', '17:00') });
    expect(readTypedBooking('lab-3 2pm-5pm', LAB, NOW, 'UTC')).toEqual({ name: 'lab-3', values: {}, unread: '2pm-5pm' });
    expect(readTypedBooking('lab-3 from 2pm to 5pm for the demo', LAB, NOW, 'UTC')).toEqual({ name: 'lab-3', values: {}, unread: 'from 2pm to 5pm' });
  });

  it('a range may start or end at noon (or end at midnight): begun, until its end; later, booking ahead', () => {
    expect(readTypedBooking('lab-3 9am to noon', LAB, NOW, 'UTC')).toEqual({ name: 'lab-3', values: custom('2026-03-10', '12:00') });
    expect(readTypedBooking('lab-3 from 9 till midday for the soak', LAB, NOW, 'UTC')).toEqual({ name: 'lab-3', values: { ...custom('2026-03-10', '12:00'), purpose: 'the soak' } });
    for (const later of ['from noon to 3pm', 'noon-5pm', '8pm to midnight']) {
      expect(readTypedBooking(`lab-3 ${later}`, LAB, NOW, 'UTC'), later).toEqual({ name: 'lab-3', values: {}, unread: later });
      expect(asksToBookAhead(later), later).toBe(true);
    }
    expect(readTypedRange('noon', '3pm', '2026-03-10T13:00:00.000Z', 'UTC')).toEqual(custom('2026-03-10', '15:00'));
  });

  it('a later day said as a start (`on friday`, `next week`, `tomorrow from 9`) is booking ahead; `tomorrow` alone is until then', () => {
    for (const later of ['on friday', 'on the 20th', 'next week', 'next monday', 'tomorrow from 9 to 12', 'friday 9-12', 'thursday between 9 and 12', 'tomorrow 9am to noon', 'monday 9am until 5pm', 'tomorrow 9 to 12']) {
      expect(readTypedBooking(`lab-3 ${later}`, LAB, NOW, 'UTC'), later).toEqual({ name: 'lab-3', values: {}, unread: later });
      expect(asksToBookAhead(later), later).toBe(true);
    }
    expect(readTypedBooking('lab-3 tomorrow at 9am', LAB, NOW, 'UTC')).toEqual({ name: 'lab-3', values: custom('2026-03-11', '09:00') });
    expect(readTypedBooking('lab-3 over the weekend for the soak', LAB, NOW, 'UTC')).toEqual({ name: 'lab-3', values: { ...custom('2026-03-16', '09:00'), purpose: 'the soak' } });
    expect(readTypedBooking('Room for testing overnight', LAB, NOW, 'UTC')).toEqual({ name: 'Room for testing', values: custom('2026-03-11', '09:00') });
    expect(readTypedBooking('lab-3 1h30', LAB, NOW, 'UTC')).toEqual({ name: 'lab-3', values: custom('2026-03-10', '11:30') });
    // Words that only look like it are no start.
    for (const other of ['next to the rack', 'on call', 'until the demo', 'whenever']) expect(asksToBookAhead(other), other).toBe(false);
    expect(asksToBookAhead('after lunch')).toBe(true);
  });

  it('reads a day without its until after a testbed (`lab-3 tomorrow`), and names other words it could not read', () => {
    expect(readTypedBooking('lab-3 tomorrow', LAB, NOW, 'UTC')).toEqual({ name: 'lab-3', values: { release_choice: '1d' } });
    expect(readTypedBooking('lab-3 today', LAB, NOW, 'UTC')).toEqual({ name: 'lab-3', values: { release_choice: 'eod' } });
    expect(readTypedBooking('lab-3 today for the soak', LAB, NOW, 'UTC')).toEqual({ name: 'lab-3', values: { release_choice: 'eod', purpose: 'the soak' } });
    expect(readTypedBooking('lab-3 fri 17:00', LAB, NOW, 'UTC')).toEqual({ name: 'lab-3', values: custom('2026-03-13', '17:00') });
    expect(readTypedBooking('TB-08 Voice and video lab tomorrow at 9am', LAB, NOW, 'UTC')).toEqual({ name: 'TB-08 Voice and video lab', values: custom('2026-03-11', '09:00') });
    expect(readTypedBooking('TB-08 from 2pm to 5pm', LAB, NOW, 'UTC')).toEqual({ name: 'TB-08', values: {}, unread: 'from 2pm to 5pm' });
    expect(readTypedBooking('TB-08 Voice and video lab whenever', LAB, NOW, 'UTC')).toEqual({ name: 'TB-08 Voice and video lab', values: {}, unread: 'whenever' });
    // A name the lab does not have stays the name, and the form says no testbed is called so.
    expect(readTypedBooking('lab-9 tomorrow', LAB, NOW, 'UTC')).toEqual({ name: 'lab-9 tomorrow', values: {} });
    // A 24-hour time without its colon is until then (it read as 930 hours); a length of hours stays one.
    expect(readTypedBooking('lab-3 0930 hrs', LAB, NOW, 'UTC')).toEqual({ name: 'lab-3', values: custom('2026-03-11', '09:30') });
    expect(readTypedBooking('lab-3 1730h', LAB, NOW, 'UTC')).toEqual({ name: 'lab-3', values: custom('2026-03-10', '17:30') });
    expect(readTypedBooking('lab-3 120h', LAB, NOW, 'UTC')).toEqual({ name: 'lab-3', values: custom('2026-03-15', '10:00') });
  });

  it('reads `to` and `through` as until, `to …` and `because …` as a purpose, and a start later than now as booking ahead', () => {
    expect(readTypedBooking('lab-3 to friday', LAB, NOW, 'UTC')).toEqual({ name: 'lab-3', values: custom('2026-03-13', '23:59') });
    expect(readTypedBooking('lab-3 through thursday 17:00', LAB, NOW, 'UTC')).toEqual({ name: 'lab-3', values: custom('2026-03-12', '17:00') });
    expect(readTypedBooking('lab-3 to test the upgrade', LAB, NOW, 'UTC')).toEqual({ name: 'lab-3', values: { purpose: 'test the upgrade' } });
    expect(readTypedBooking('lab-3 for 3 hours to test the upgrade', LAB, NOW, 'UTC')).toEqual({
      name: 'lab-3',
      values: { ...custom('2026-03-10', '13:00'), purpose: 'test the upgrade' },
    });
    expect(readTypedBooking('lab-3 until 18:00 because the rack moves', LAB, NOW, 'UTC')).toEqual({
      name: 'lab-3',
      values: { ...custom('2026-03-10', '18:00'), purpose: 'the rack moves' },
    });
    expect(readTypedBooking('lab-3 from monday to wednesday', LAB, NOW, 'UTC')).toEqual({ name: 'lab-3', values: {}, unread: 'from monday to wednesday' });
    expect(readTypedBooking('lab-3 starting tomorrow', LAB, NOW, 'UTC')).toEqual({ name: 'lab-3', values: {}, unread: 'starting tomorrow' });
    expect(readTypedBooking('lab-3 from now until friday for the soak', LAB, NOW, 'UTC')).toEqual({
      name: 'lab-3',
      values: { ...custom('2026-03-13', '23:59'), purpose: 'the soak' },
    });
    expect(readTypedBooking('lab-3 from today', LAB, NOW, 'UTC')).toEqual({ name: 'lab-3', values: {} });
    // `for` and a later day asks for a later start too; `for today` and a length are until then, and a purpose stays one.
    for (const day of ['tomorrow', 'monday morning', 'next week', 'the 3rd', '3 dec', '2026-03-20', 'friday for the demo']) {
      expect(readTypedBooking(`lab-3 for ${day}`, LAB, NOW, 'UTC'), day).toEqual({ name: 'lab-3', values: {}, unread: `for ${day}` });
    }
    expect(readTypedBooking('lab-3 for today', LAB, NOW, 'UTC')).toEqual({ name: 'lab-3', values: { release_choice: 'eod' } });
    expect(readTypedBooking('lab-3 for 2 hours', LAB, NOW, 'UTC')).toEqual({ name: 'lab-3', values: custom('2026-03-10', '12:00') });
    expect(readTypedBooking("lab-3 for tomorrow's demo", LAB, NOW, 'UTC')).toEqual({ name: 'lab-3', values: { purpose: "tomorrow's demo" } });
    expect(readTypedBooking('lab-3 for monitoring', LAB, NOW, 'UTC')).toEqual({ name: 'lab-3', values: { purpose: 'monitoring' } });
    // A testbed whose own name holds `to` or `from` is still found whole.
    const named = [...LAB, { testbed_name: 'Path to prod' }, { testbed_name: 'Data from field' }];
    expect(readTypedBooking('Path to prod for 2 hours', named, NOW, 'UTC')).toEqual({ name: 'Path to prod', values: custom('2026-03-10', '12:00') });
    expect(readTypedBooking('Data from field', named, NOW, 'UTC')).toEqual({ name: 'Data from field', values: {} });
    expect(readTypedBooking('Data from field until 18:00', named, NOW, 'UTC')).toEqual({ name: 'Data from field', values: custom('2026-03-10', '18:00') });
  });

  it('reads the testbed, the time, and a purpose after them', () => {
    expect(readTypedBooking('lab-3 for 2 hours', LAB, NOW, 'UTC')).toEqual({ name: 'lab-3', values: custom('2026-03-10', '12:00') });
    expect(readTypedBooking('lab-3 until 18:00 for the firmware soak', LAB, NOW, 'UTC')).toEqual({
      name: 'lab-3',
      values: { ...custom('2026-03-10', '18:00'), purpose: 'the firmware soak' },
    });
    expect(readTypedBooking('lab-3 for 4h for soak', LAB, NOW, 'UTC')).toEqual({ name: 'lab-3', values: { release_choice: '4h', purpose: 'soak' } });
    expect(readTypedBooking('LAB-3 for the firmware soak', LAB, NOW, 'UTC')).toEqual({ name: 'LAB-3', values: { purpose: 'the firmware soak' } });
  });

  it('reads a purpose and then a time after it, as people often put them; a purpose with no time after it stays whole', () => {
    const read = (typed: string) => readTypedBooking(typed, LAB, NOW, 'UTC');
    expect(read('lab-3 for the soak for 2 hours')).toEqual({ name: 'lab-3', values: { ...custom('2026-03-10', '12:00'), purpose: 'the soak' } });
    expect(read('lab-3 for the soak until 18:00')).toEqual({ name: 'lab-3', values: { ...custom('2026-03-10', '18:00'), purpose: 'the soak' } });
    expect(read('lab-3 for the firmware soak, 4 hours')).toEqual({ name: 'lab-3', values: { release_choice: '4h', purpose: 'the firmware soak' } });
    expect(read('lab-3 for the soak, friday')).toEqual({ name: 'lab-3', values: { ...custom('2026-03-13', '23:59'), purpose: 'the soak' } });
    expect(read('lab-3 for the demo till tomorrow 9am')).toEqual({ name: 'lab-3', values: { ...custom('2026-03-11', '09:00'), purpose: 'the demo' } });
    expect(read('lab-3 for the soak overnight')).toEqual({ name: 'lab-3', values: { ...custom('2026-03-11', '09:00'), purpose: 'the soak' } });
    // The last clause that reads as a time: a purpose may hold `for` itself.
    expect(read('lab-3 for testing for the release for 2 hours')).toEqual({ name: 'lab-3', values: { ...custom('2026-03-10', '12:00'), purpose: 'testing for the release' } });
    for (const purpose of ['testing for the release', 'regression, run 2', 'a demo for the customer', 'the soak, then the upgrade']) {
      expect(read(`lab-3 for ${purpose}`), purpose).toEqual({ name: 'lab-3', values: { purpose } });
    }
  });

  it('`now`, `right now` or `asap` after a testbed is dropped: a booking starts when it is made', () => {
    expect(readTypedBooking('lab-3 now for 3 hours', LAB, NOW, 'UTC')).toEqual({ name: 'lab-3', values: custom('2026-03-10', '13:00') });
    expect(readTypedBooking('lab-3 right now', LAB, NOW, 'UTC')).toEqual({ name: 'lab-3', values: {} });
    expect(readTypedBooking('TB-08 Voice and video lab asap for the demo', LAB, NOW, 'UTC')).toEqual({ name: 'TB-08 Voice and video lab', values: { purpose: 'the demo' } });
    // Not after a testbed's name: left as typed.
    expect(readTypedBooking('lab now', LAB, NOW, 'UTC')).toEqual({ name: 'lab now', values: {} });
    // `instead` too, and after the start of a name (`TB-08 instead`); a name that goes on with the word keeps it.
    expect(readTypedBooking('TB-08 instead for 2 hours', LAB, NOW, 'UTC')).toEqual({ name: 'TB-08', values: custom('2026-03-10', '12:00') });
    expect(readTypedBooking('rig now', [{ testbed_name: 'Rig now and then' }], NOW, 'UTC')).toEqual({ name: 'rig now', values: {} });
  });

  it('a testbed and a length without the `for` (`lab-3 4h`) read as with it; anything else stays the name', () => {
    expect(readTypedBooking('lab-3 4h', LAB, NOW, 'UTC')).toEqual({ name: 'lab-3', values: { release_choice: '4h' } });
    expect(readTypedBooking('lab-3 2 hours', LAB, NOW, 'UTC')).toEqual({ name: 'lab-3', values: custom('2026-03-10', '12:00') });
    expect(readTypedBooking('lab-9 4h', LAB, NOW, 'UTC')).toEqual({ name: 'lab-9 4h', values: {} });
  });

  it('a name may hold spaces and the word for: the split that finds a testbed wins', () => {
    expect(readTypedBooking('Room for testing for 2 hours', LAB, NOW, 'UTC')).toEqual({ name: 'Room for testing', values: custom('2026-03-10', '12:00') });
    expect(readTypedBooking('Room for testing', LAB, NOW, 'UTC')).toEqual({ name: 'Room for testing', values: {} });
    expect(readTypedBooking('TB-08 Voice and video lab until tomorrow 9am', LAB, NOW, 'UTC')).toEqual({
      name: 'TB-08 Voice and video lab',
      values: custom('2026-03-11', '09:00'),
    });
  });

  it('a time with no testbed, or with a name no testbed has, still fills the time; a purpose needs a testbed found', () => {
    expect(readTypedBooking('for 3 days', LAB, NOW, 'UTC')).toEqual({ values: { release_choice: '3d' } });
    expect(readTypedBooking('a testbed for 3 days', LAB, NOW, 'UTC')).toEqual({ values: { release_choice: '3d' } });
    expect(readTypedBooking('lab-9 for 2h', LAB, NOW, 'UTC')).toEqual({ name: 'lab-9', values: custom('2026-03-10', '12:00') });
    // Without a testbed found, words after `for` stay part of the name (the form says no testbed is called so).
    expect(readTypedBooking('lab-9 for the soak', LAB, NOW, 'UTC')).toEqual({ name: 'lab-9 for the soak', values: {} });
    expect(readTypedBooking('lab-3', LAB, NOW, 'UTC')).toEqual({ name: 'lab-3', values: {} });
  });

  it('a length or a day with no testbed before it (`3 hours`, `2h for the soak`, `tomorrow`) is the time, and the testbed is to choose', () => {
    expect(readTypedBooking('3 hours', LAB, NOW, 'UTC')).toEqual({ values: custom('2026-03-10', '13:00') });
    expect(readTypedBooking('4h', LAB, NOW, 'UTC')).toEqual({ values: { release_choice: '4h' } });
    expect(readTypedBooking('90 min', LAB, NOW, 'UTC')).toEqual({ values: custom('2026-03-10', '11:30') });
    expect(readTypedBooking('2 days for the soak', LAB, NOW, 'UTC')).toEqual({ values: { ...custom('2026-03-12', '10:00'), purpose: 'the soak' } });
    expect(readTypedBooking('tomorrow', LAB, NOW, 'UTC')).toEqual({ values: { release_choice: '1d' } });
    expect(readTypedBooking('friday 5pm', LAB, NOW, 'UTC')).toEqual({ values: custom('2026-03-13', '17:00') });
    expect(readTypedBooking('0930 hrs', LAB, NOW, 'UTC')).toEqual({ values: custom('2026-03-11', '09:30') });
    // A clause first, with no testbed before it: the time and the purpose.
    expect(readTypedBooking('for 2 hours for the soak', LAB, NOW, 'UTC')).toEqual({ values: { ...custom('2026-03-10', '12:00'), purpose: 'the soak' } });
    expect(readTypedBooking('until 5pm for the soak', LAB, NOW, 'UTC')).toEqual({ values: { ...custom('2026-03-10', '17:00'), purpose: 'the soak' } });
    expect(readTypedBooking('for the soak', LAB, NOW, 'UTC')).toEqual({ values: { purpose: 'the soak' } });
    // A later start with no testbed: booking ahead, named, never a name (`tomorrow 9` was read as one).
    expect(readTypedBooking('tomorrow 9 to 12', LAB, NOW, 'UTC')).toEqual({ values: {}, unread: 'tomorrow 9 to 12' });
    expect(readTypedBooking('next week', LAB, NOW, 'UTC')).toEqual({ values: {}, unread: 'next week' });
    expect(readTypedBooking('for monday for the soak', LAB, NOW, 'UTC')).toEqual({ values: {}, unread: 'for monday for the soak' });
    // A testbed called so keeps its name, and a testbed's number is read by the form (`3` is lab-3 there).
    expect(readTypedBooking('3 hours', [...LAB, { testbed_name: '3 hours' }], NOW, 'UTC')).toEqual({ name: '3 hours', values: {} });
    expect(readTypedBooking('3', LAB, NOW, 'UTC')).toEqual({ name: '3', values: {} });
  });

  it('a stretch said without `for` (`lab-3 all day`, `all week`, `rest of the day`, `half a day`), after a testbed or alone', () => {
    expect(readTypedBooking('lab-3 all day', LAB, NOW, 'UTC')).toEqual({ name: 'lab-3', values: { release_choice: 'eod' } });
    expect(readTypedBooking('lab-3 the whole day', LAB, NOW, 'UTC')).toEqual({ name: 'lab-3', values: { release_choice: 'eod' } });
    expect(readTypedBooking('lab-3 rest of day', LAB, NOW, 'UTC')).toEqual({ name: 'lab-3', values: { release_choice: 'eod' } });
    // Tuesday 2026-03-10: the week ends at the end of Friday.
    expect(readTypedBooking('lab-3 all week for the soak', LAB, NOW, 'UTC')).toEqual({ name: 'lab-3', values: { ...custom('2026-03-13', '23:59'), purpose: 'the soak' } });
    // Half a working day.
    expect(readTypedBooking('lab-3 half a day', LAB, NOW, 'UTC')).toEqual({ name: 'lab-3', values: { release_choice: '4h' } });
    expect(readTypedBooking('lab-3 for half a day', LAB, NOW, 'UTC')).toEqual({ name: 'lab-3', values: { release_choice: '4h' } });
    expect(readTypedBooking('all day', LAB, NOW, 'UTC')).toEqual({ values: { release_choice: 'eod' } });
    expect(readTypedBooking('lab-3 all day long', LAB, NOW, 'UTC')).toEqual({ name: 'lab-3', values: {}, unread: 'all day long' });
  });

  it('`any 5g`, `a 5g testbed`: the word between (a label or a name, as the form reads it); `a free one` names nothing', () => {
    expect(readTypedBooking('any 5g', LAB, NOW, 'UTC')).toEqual({ name: '5g', values: {} });
    expect(readTypedBooking('a 5g testbed for 4h', LAB, NOW, 'UTC')).toEqual({ name: '5g', values: { release_choice: '4h' } });
    expect(readTypedBooking('any free one', LAB, NOW, 'UTC')).toEqual({ values: {} });
    expect(readTypedBooking('anything', LAB, NOW, 'UTC')).toEqual({ values: {} });
    // A testbed called so keeps its whole name.
    expect(readTypedBooking('a 5g testbed', [{ testbed_name: 'A 5g testbed' }], NOW, 'UTC')).toEqual({ name: 'a 5g testbed', values: {} });
    // `the wifi lab`, `a 5g rig`: as people name a kind of testbed.
    expect(readTypedBooking('the wifi lab for 4h', LAB, NOW, 'UTC')).toEqual({ name: 'wifi', values: { release_choice: '4h' } });
    expect(readTypedBooking('a 5g rig', LAB, NOW, 'UTC')).toEqual({ name: '5g', values: {} });
    expect(readTypedBooking('the wifi lab', [{ testbed_name: 'The wifi lab' }], NOW, 'UTC')).toEqual({ name: 'the wifi lab', values: {} });
  });

  it('a testbed, then words that look like a time and are not one: the testbed, and the words to name', () => {
    expect(readTypedBooking('lab-3 until the demo', LAB, NOW, 'UTC')).toEqual({ name: 'lab-3', values: {}, unread: 'until the demo' });
    // Read as a time, they are no problem.
    expect(readTypedBooking('lab-3 until friday', LAB, NOW, 'UTC')).toEqual({ name: 'lab-3', values: custom('2026-03-13', '23:59') });
  });

  it('cuts a purpose to what the form takes', () => {
    const read = readTypedBooking(`lab-3 for ${'x'.repeat(600)}`, LAB, NOW, 'UTC');
    expect(read.values.purpose).toHaveLength(500);
  });
});

describe('typed bookings, whatever is typed', () => {
  const RUNS = { numRuns: 200 };
  const word = fc.constantFrom('for', 'until', 'till', 'a', 'any', 'the', 'lab-3', 'Room', 'testing', '2', 'hours', '18:00', 'pm', 'fri', 'dec', '3rd', 'of', 'tomorrow', 'at', 'day', '.');
  const clock = fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })).map(([h, m]) => `${h}:${String(m).padStart(2, '0')}`);
  const times = fc.oneof(
    fc.tuple(fc.integer({ min: 1, max: 2000 }), fc.constantFrom('min', 'h', 'hours', 'days', 'd', 'weeks')).map(([n, unit]) => `for ${n} ${unit}`),
    clock.map((time) => `until ${time}`),
    fc.tuple(fc.constantFrom('mon', 'friday', 'Sun', 'tomorrow', 'today'), clock).map(([day, time]) => `till ${day} at ${time}`),
    fc.tuple(fc.integer({ min: 1, max: 31 }), fc.constantFrom('jan', 'feb', 'March', 'dec'), fc.option(clock)).map(([d, mon, time]) => `until ${d} ${mon}${time ? ` ${time}` : ''}`),
  );
  const phrase = fc.oneof(hostileString, fc.array(word, { maxLength: 10 }).map((words) => words.join(' ')), times);

  it('reads a time or nothing, never throws, and gives only what the form can show', () => {
    let read = 0;
    let notRead = 0;
    fc.assert(
      fc.property(phrase, fc.constantFrom('UTC', 'Europe/Berlin', 'America/New_York'), (typed, zone) => {
        const values = readTypedRelease(typed, NOW, zone);
        if (values === null) return void (notRead += 1);
        read += 1;
        expect(RELEASE_CHOICES).toContain(values.release_choice);
        if (values.release_choice === 'custom') {
          expect(values.release_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
          expect(values.release_time).toMatch(/^\d{2}:\d{2}$/);
        }
        // The form decides; it always answers, either an instant or a named problem.
        const resolved = resolveRelease(values.release_choice, values.release_date ?? '', values.release_time ?? '', NOW, zone);
        expect(resolved.ok || resolved.message.length > 0).toBe(true);
      }),
      RUNS,
    );
    expect(read).toBeGreaterThan(20);
    expect(notRead).toBeGreaterThan(20);
  });

  it('`for N hours` is booked N hours from now, to the minute, in any zone', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 24 * 89 }), fc.constantFrom('UTC', 'Europe/Berlin', 'Asia/Kolkata'), (hours, zone) => {
        const values = readTypedRelease(`for ${hours} hours`, NOW, zone)!;
        const resolved = resolveRelease(values.release_choice, values.release_date ?? '', values.release_time ?? '', NOW, zone);
        expect(resolved).toEqual({ ok: true, iso: new Date(Date.parse(NOW) + hours * 3_600_000).toISOString() });
      }),
      RUNS,
    );
  });

  it('names only text that was typed, and fills only the form\'s own inputs', () => {
    fc.assert(
      fc.property(phrase, (typed) => {
        const booking = readTypedBooking(typed, LAB, NOW, 'UTC');
        if (booking.name !== undefined) expect(typed.toLowerCase()).toContain(booking.name.toLowerCase());
        for (const key of Object.keys(booking.values)) expect(['release_choice', 'release_date', 'release_time', 'purpose']).toContain(key);
        if (booking.values.purpose !== undefined) expect(booking.values.purpose.length).toBeLessThanOrEqual(500);
      }),
      RUNS,
    );
  });
});


describe('a zone typed with the time', () => {
  // NOW is Tuesday 2026-03-10 10:00 UTC: Berlin is on CET (+1), the US on summer time since 8 March, India at +5:30.
  it.each([
    ['until 17:00 CET', 'UTC', custom('2026-03-10', '16:00')],
    // Summer time follows the calendar, whichever of the pair is typed.
    ['until 17:00 CEST', 'UTC', custom('2026-03-10', '16:00')],
    ['until 9am PST', 'UTC', custom('2026-03-10', '16:00')],
    ['until 5pm IST', 'UTC', custom('2026-03-10', '11:30')],
    // The bot's own way of writing a time reads back as written, on the display zone's clock in the form.
    ['until 16:00 UTC', 'Europe/Berlin', custom('2026-03-10', '17:00')],
    ['until 2026-03-12 18:00 UTC', 'UTC', custom('2026-03-12', '18:00')],
    ['until 17:00 Europe/Berlin', 'UTC', custom('2026-03-10', '16:00')],
    ['until 17:00 europe/dublin', 'UTC', custom('2026-03-10', '17:00')],
    ['until friday 17:00 UTC', 'Europe/Berlin', custom('2026-03-13', '18:00')],
    // The zone right after the time, before the day; `tomorrow` is tomorrow on that zone's calendar.
    ['until 9am PST tomorrow', 'UTC', custom('2026-03-11', '16:00')],
    // 14:00 at +5:30 passed at 08:30 UTC: the next one.
    ['until 14:00 UTC+5:30', 'UTC', custom('2026-03-11', '08:30')],
    ['until 17:00 gmt-7', 'UTC', custom('2026-03-11', '00:00')],
    ['until 17:00 +02:00', 'UTC', custom('2026-03-10', '15:00')],
    ['until 5pm bangalore time', 'UTC', custom('2026-03-10', '11:30')],
    ['until 17:00 new york time', 'UTC', custom('2026-03-10', '21:00')],
    ['until 5pm pacific', 'UTC', custom('2026-03-11', '00:00')],
    // A day that ends on another clock ends at another instant.
    ['until end of day IST', 'UTC', custom('2026-03-10', '18:29')],
    ['until friday IST', 'UTC', custom('2026-03-13', '18:29')],
    ['for the afternoon CET', 'UTC', custom('2026-03-10', '16:00')],
    // As a pipeline writes an instant.
    ['until 2026-03-11T15:00Z', 'UTC', custom('2026-03-11', '15:00')],
    ['until 2026-03-11T15:00:00+01:00', 'UTC', custom('2026-03-11', '14:00')],
  ])('%j in %s is %j', (phrase, zone, values) => {
    expect(readTypedRelease(phrase, NOW, zone)).toEqual(values);
  });

  it.each([
    // A length is the same on every clock.
    'for 2 hours CET',
    'until 17:00 Mars/Olympus',
    'until 17:00 atlantis time',
    'until 17:00 UTC+15',
    // A bare sign needs both digits of the hour.
    'until 17:00 +5',
    'until 2026-13-11T15:00Z',
    'for the IST team',
  ])('%j is no time', (phrase) => {
    expect(readTypedRelease(phrase, NOW, 'UTC')).toBeNull();
  });

  it('a range says its zone after the end, and the start is on that clock too', () => {
    // 10:00 UTC is 15:30 in India: 9 to 17 there has begun, and runs until 11:30 UTC.
    expect(readTypedRange('9', '17 IST', NOW, 'UTC')).toEqual(custom('2026-03-10', '11:30'));
    // 2pm in Berlin is 13:00 UTC, later than now.
    expect(readTypedRange('2pm', '5pm CET', NOW, 'UTC')).toBe('ahead');
  });

  it('a typed booking reads the zone with its time, and the purpose after it', () => {
    expect(readTypedBooking('lab-3 until 5pm IST for the soak', LAB, NOW, 'UTC')).toEqual({ name: 'lab-3', values: { ...custom('2026-03-10', '11:30'), purpose: 'the soak' } });
    expect(readTypedBooking('lab-3 friday 17:00 CET', LAB, NOW, 'UTC')).toEqual({ name: 'lab-3', values: custom('2026-03-13', '16:00') });
    expect(readTypedBooking('lab-3 from 9 to 12 CET for the soak', LAB, NOW, 'UTC')).toEqual({ name: 'lab-3', values: { ...custom('2026-03-10', '11:00'), purpose: 'the soak' } });
    expect(readTypedBooking('lab-3 until 17:00 atlantis time', LAB, NOW, 'UTC')).toEqual({ name: 'lab-3', values: {}, unread: 'until 17:00 atlantis time' });
  });
});

describe('times and lengths said aloud', () => {
  // NOW is Tuesday 2026-03-10 10:00 UTC.
  it.each([
    // A clock said without am or pm is the next time the clock shows it, as a bare hour is.
    ['until five', custom('2026-03-10', '17:00')],
    ['until eleven', custom('2026-03-10', '11:00')],
    ["until 5 o'clock", custom('2026-03-10', '17:00')],
    ['until half past five', custom('2026-03-10', '17:30')],
    ['until quarter past 3', custom('2026-03-10', '15:15')],
    ['until quarter to six', custom('2026-03-10', '17:45')],
    ['until ten to twelve', custom('2026-03-10', '11:50')],
    ['until twenty past four', custom('2026-03-10', '16:20')],
    ['until half five', custom('2026-03-10', '17:30')],
    // With a day, the working day's hour: 7 to 11 in the morning, 1 to 6 in the afternoon.
    ['until tomorrow at 9', custom('2026-03-11', '09:00')],
    ['until friday at 5', custom('2026-03-13', '17:00')],
    ['until 5 tomorrow', custom('2026-03-11', '17:00')],
    // The part of the day says which.
    ['until 5 this afternoon', custom('2026-03-10', '17:00')],
    ['until 9 tomorrow morning', custom('2026-03-11', '09:00')],
    ['until 10 tonight', custom('2026-03-10', '22:00')],
    ['until 12 tonight', custom('2026-03-10', '23:59')],
    ['until 6 in the evening', custom('2026-03-10', '18:00')],
    ['until half past 8 in the morning', custom('2026-03-11', '08:30')],
    // A 24-hour time without its colon.
    ['until 1730', custom('2026-03-10', '17:30')],
    ['until 0930 hrs tomorrow', custom('2026-03-11', '09:30')],
    ['until 17h', custom('2026-03-10', '17:00')],
    // The end of a week or a month.
    ['until end of next week', custom('2026-03-20', '23:59')],
    ['until the end of the month', custom('2026-03-31', '23:59')],
    ['until the end of next month', custom('2026-04-30', '23:59')],
    // Lengths in words, added up, or as what comes next.
    ['for ninety minutes', custom('2026-03-10', '11:30')],
    ['for thirty minutes', custom('2026-03-10', '10:30')],
    ['for twenty-five minutes', custom('2026-03-10', '10:25')],
    ['for 2 days and 3 hours', custom('2026-03-12', '13:00')],
    ['for a fortnight', custom('2026-03-24', '10:00')],
    ['for a few hours', custom('2026-03-10', '13:00')],
    ['for the next 2 hours', custom('2026-03-10', '12:00')],
    ['for the next hour', { release_choice: '1h' }],
    ['for another 2 hours', custom('2026-03-10', '12:00')],
    // A decimal comma, a length as a stopwatch shows it, lengths one after another without `and`.
    ['for 1,5 hours', custom('2026-03-10', '11:30')],
    ['for 2:30', custom('2026-03-10', '12:30')],
    ['for 1 day 2 hours', custom('2026-03-11', '12:00')],
  ])('%j is %j', (phrase, values) => {
    expect(readTypedRelease(phrase, NOW, 'UTC')).toEqual(values);
  });

  it.each(['until a', 'until few', 'until thirteen', 'until half to five', 'until one of us is done', 'for the next release', 'for a few'])('%j is no time', (phrase) => {
    expect(readTypedRelease(phrase, NOW, 'UTC')).toBeNull();
  });

  it('a clock said aloud follows the display zone\'s clock and calendar', () => {
    // 10:00 UTC is 11:00 in Berlin: half past five is 17:30 there, 16:30 UTC, shown on Berlin's clock.
    expect(readTypedRelease('until half past five', NOW, 'Europe/Berlin')).toEqual(custom('2026-03-10', '17:30'));
    expect(readTypedBooking('lab-3 until friday at 5 for the soak', LAB, NOW, 'UTC')).toEqual({ name: 'lab-3', values: { ...custom('2026-03-13', '17:00'), purpose: 'the soak' } });
  });
});

describe('times said roughly, as a bound, or with the end of a working day', () => {
  // NOW is Tuesday 2026-03-10 10:00 UTC.
  it.each([
    ['for about 2 hours', custom('2026-03-10', '12:00')],
    ['for ~2h', custom('2026-03-10', '12:00')],
    ['for 2 hours or so', custom('2026-03-10', '12:00')],
    ['for up to 2 hours', custom('2026-03-10', '12:00')],
    ['for 3 hours tops', custom('2026-03-10', '13:00')],
    ['until around 5', custom('2026-03-10', '17:00')],
    ['until 5ish', custom('2026-03-10', '17:00')],
    ['until 5pm at the latest', custom('2026-03-10', '17:00')],
    ['until 5pm sharp', custom('2026-03-10', '17:00')],
    // A range of lengths: the longer, which the booking must cover.
    ['for 2-3 hours', custom('2026-03-10', '13:00')],
    ['for an hour or two', custom('2026-03-10', '12:00')],
    ['for 2 or 3 days', { release_choice: '3d' }],
    // The end of a working day named beside it.
    ['until eod tomorrow', custom('2026-03-11', '23:59')],
    ['until COB friday', custom('2026-03-13', '23:59')],
    ['until tomorrow eod', custom('2026-03-11', '23:59')],
    ['until end of day tomorrow', custom('2026-03-11', '23:59')],
    ['until friday night', custom('2026-03-13', '23:59')],
    ['until first thing tomorrow', custom('2026-03-11', '09:00')],
    ['until first thing in the morning', custom('2026-03-11', '09:00')],
    ['for the rest of the week', custom('2026-03-13', '23:59')],
    ['for the rest of the month', custom('2026-03-31', '23:59')],
    ['for the rest of the afternoon', custom('2026-03-10', '17:00')],
    ['for the week', custom('2026-03-13', '23:59')],
    ['until after lunch', custom('2026-03-10', '13:00')],
    ['until tomorrow after lunch', custom('2026-03-11', '13:00')],
    // A date in digits: whichever way round only one reading is a date, or day first with its year after dots.
    ['until 12/24', custom('2026-12-24', '23:59')],
    ['until 24/12', custom('2026-12-24', '23:59')],
    ['until 24.12.2026', custom('2026-12-24', '23:59')],
    ['until 2026/12/24', custom('2026-12-24', '23:59')],
    ['until 12/24/26 5pm', custom('2026-12-24', '17:00')],
  ])('%j is %j', (phrase, values) => {
    expect(readTypedRelease(phrase, NOW, 'UTC')).toEqual(values);
  });

  it('a date in digits that reads both ways (`3/4`), or neither, is no time; `12.30` stays a time', () => {
    for (const phrase of ['until 3/4', 'until 13/13', 'until 31.02.2026x']) expect(readTypedRelease(phrase, NOW, 'UTC'), phrase).toBeNull();
    expect(readTypedRelease('until 12.30', NOW, 'UTC')).toEqual(custom('2026-03-10', '12:30'));
  });

  it('a length said without how long (`for a bit`, `for a while`, `for 5`) is named, never taken as the purpose', () => {
    expect(readTypedBooking('lab-3 for a bit', LAB, NOW, 'UTC')).toEqual({ name: 'lab-3', values: {}, unread: 'for a bit' });
    expect(readTypedBooking('lab-3 for 5', LAB, NOW, 'UTC')).toEqual({ name: 'lab-3', values: {}, unread: 'for 5' });
    expect(readTypedBooking('a testbed for a while', LAB, NOW, 'UTC')).toEqual({ values: {}, unread: 'for a while' });
    expect(isVagueLength('until later')).toBe(true);
    // With more words it is a purpose after all; with a unit, a length.
    expect(readTypedBooking('lab-3 for a bit of testing', LAB, NOW, 'UTC')).toEqual({ name: 'lab-3', values: { purpose: 'a bit of testing' } });
    expect(readTypedBooking('lab-3 for 5 mins', LAB, NOW, 'UTC')).toEqual({ name: 'lab-3', values: custom('2026-03-10', '10:05') });
  });

  it('a length of no time typed alone (`0h`) stays as typed: never a name the person did not type (it was *for 0h*)', () => {
    expect(readTypedBooking('0h', LAB, NOW, 'UTC')).toEqual({ name: '0h', values: {} });
    expect(readTypedBooking('0 min', LAB, NOW, 'UTC')).toEqual({ name: '0 min', values: {} });
    expect(readTypedBooking('2h', LAB, NOW, 'UTC')).toEqual({ values: custom('2026-03-10', '12:00') });
  });

  it('the hedges leave what is no time alone: a purpose stays the words typed', () => {
    expect(readTypedRelease('for like the demo', NOW, 'UTC')).toBeNull();
    expect(readTypedRelease('until eod someday', NOW, 'UTC')).toBeNull();
    expect(readTypedBooking('lab-3 for about 2 hours for the soak', LAB, NOW, 'UTC')).toEqual({ name: 'lab-3', values: { ...custom('2026-03-10', '12:00'), purpose: 'the soak' } });
    expect(readTypedExtension('by about an hour')).toBe(60);
    expect(readTypedExtension('2 hours max')).toBe(120);
    // A clock in words, or an hour no extension's stopwatch shows, is no length; a stopwatch's is.
    for (const clock of ['noon', 'after lunch', 'by midday', '17:00', 'by 14:00']) expect(readTypedExtension(clock), clock).toBeNull();
    expect(readTypedExtension('2:30')).toBe(150);
    expect(readTypedExtension('by 1:45')).toBe(105);
  });
});

describe('a mark between the testbed and the rest', () => {
  it.each([
    ['lab-3, 2 hours', custom('2026-03-10', '12:00')],
    ['lab-3 - 2 hours', custom('2026-03-10', '12:00')],
    ['lab-3 (2 hours)', custom('2026-03-10', '12:00')],
    ['lab-3: until 5pm', custom('2026-03-10', '17:00')],
  ])('%j is lab-3 for what follows the mark', (typed, values) => {
    expect(readTypedBooking(typed, LAB, NOW, 'UTC')).toEqual({ name: 'lab-3', values });
  });

  it('a mark inside a name, or after words that are no whole name, is left as typed', () => {
    expect(readTypedBooking('TB-08 Voice and video lab, 2 hours', LAB, NOW, 'UTC')).toEqual({ name: 'TB-08 Voice and video lab', values: custom('2026-03-10', '12:00') });
    expect(readTypedBooking('lab-3, for the soak, then the upgrade', LAB, NOW, 'UTC')).toEqual({ name: 'lab-3', values: { purpose: 'the soak, then the upgrade' } });
    expect(readTypedBooking('lab, 2 hours', LAB, NOW, 'UTC').name).toBe('lab, 2 hours');
  });
});

describe('a plus before the length', () => {
  it('`lab-3 +2h` is lab-3 for two hours', () => {
    expect(readTypedBooking('lab-3 +2h', LAB, NOW, 'UTC')).toEqual({ name: 'lab-3', values: custom('2026-03-10', '12:00') });
  });
});

describe('for whom a booking is', () => {
  it('`for me` and `for us` say nothing: a booking is always the booker\'s own', () => {
    expect(readTypedBooking('lab-3 for me', LAB, NOW, 'UTC')).toEqual({ name: 'lab-3', values: {} });
    expect(readTypedBooking('lab-3 for me for 2 hours', LAB, NOW, 'UTC')).toEqual({ name: 'lab-3', values: custom('2026-03-10', '12:00') });
    expect(readTypedBooking('lab-3 for 2 hours for us', LAB, NOW, 'UTC')).toEqual({ name: 'lab-3', values: custom('2026-03-10', '12:00') });
    expect(readTypedBooking('lab-3 for me to test the upgrade', LAB, NOW, 'UTC')).toEqual({ name: 'lab-3', values: { purpose: 'test the upgrade' } });
  });

  it('a team named is a purpose, and a testbed whose name says for whom keeps its name', () => {
    expect(readTypedBooking('lab-3 for my team', LAB, NOW, 'UTC')).toEqual({ name: 'lab-3', values: { purpose: 'my team' } });
    const named = [...LAB, { testbed_name: 'Bench for us' }];
    expect(readTypedBooking('Bench for us for 2 hours', named, NOW, 'UTC')).toEqual({ name: 'Bench for us', values: custom('2026-03-10', '12:00') });
  });
});

describe('unknownZoneWords', () => {
  it('names the last words that keep a time from being read, when they look like a zone', () => {
    expect(unknownZoneWords('until 17:00 atlantis time')).toBe('atlantis time');
    expect(unknownZoneWords('until 5pm Mars/Olympus')).toBe('Mars/Olympus');
    expect(unknownZoneWords('until 17:00 XYZ')).toBe('XYZ');
  });

  it('names nothing for words that are no zone, or no time before them', () => {
    for (const phrase of ['until the demo', 'until 17:00 for the soak', 'until 17:00 the team', 'until friday gmtx', 'until the atlantis time']) {
      expect(unknownZoneWords(phrase), phrase).toBeUndefined();
    }
  });
});

describe('no testbed named, and a purpose', () => {
  it('`a testbed for the soak` names no testbed: the purpose is read, not taken for a name', () => {
    expect(readTypedBooking('a testbed for the soak', LAB, NOW, 'UTC')).toEqual({ values: { purpose: 'the soak' } });
    expect(readTypedBooking('something for the soak', LAB, NOW, 'UTC')).toEqual({ values: { purpose: 'the soak' } });
    expect(readTypedBooking('any free one until 5 for the soak', LAB, NOW, 'UTC')).toEqual({ values: { ...custom('2026-03-10', '17:00'), purpose: 'the soak' } });
  });
});

describe('readTypedBookingFor: a booking that may be for somebody else', () => {
  const read = (typed: string) => readTypedBookingFor(typed, LAB, NOW, 'UTC');

  it.each([
    // The words, whether said plainly, and the booking read without them.
    ['lab-3 for Linus', 'Linus', false, { name: 'lab-3', values: {} }],
    ['lab-3 for Linus Lab for 2 hours', 'Linus Lab', false, { name: 'lab-3', values: custom('2026-03-10', '12:00') }],
    ['lab-3 for Linus until 5pm for the soak', 'Linus', false, { name: 'lab-3', values: { ...custom('2026-03-10', '17:00'), purpose: 'the soak' } }],
    ['lab-3 for Linus by 5pm', 'Linus', false, { name: 'lab-3', values: custom('2026-03-10', '17:00') }],
    ['lab-3 for Linus, friday', 'Linus', false, { name: 'lab-3', values: custom('2026-03-13', '23:59') }],
    ['lab-3 for 2 hours for Linus', 'Linus', false, { name: 'lab-3', values: custom('2026-03-10', '12:00') }],
    ['lab-3 for linus@example.com', 'linus@example.com', true, { name: 'lab-3', values: {} }],
    ['lab-3 on behalf of Linus Lab for 2 hours', 'Linus Lab', true, { name: 'lab-3', values: custom('2026-03-10', '12:00') }],
    ["lab-3 on Linus's behalf, until 5pm", 'Linus', true, { name: 'lab-3', values: custom('2026-03-10', '17:00') }],
    ['a testbed for Linus', 'Linus', false, { values: {} }],
    ['lab-3 for my colleague Linus', 'Linus', true, { name: 'lab-3', values: {} }],
    ['lab-3 for our intern Grace Hopper until 5pm', 'Grace Hopper', true, { name: 'lab-3', values: custom('2026-03-10', '17:00') }],
    ['lab-3 on behalf of my colleague Linus Lab for 2 hours', 'Linus Lab', true, { name: 'lab-3', values: custom('2026-03-10', '12:00') }],
    // Without `my`, the words may be a purpose: only the platform knows.
    ['lab-3 for colleague onboarding', 'colleague onboarding', false, { name: 'lab-3', values: {} }],
  ])('%j may be for %j (said plainly: %j)', (typed, words, explicit, booking) => {
    expect(read(typed).forWhom).toEqual({ words, explicit, booking });
  });

  it('the plain reading stays as it was: the words are the purpose', () => {
    expect(read('lab-3 for Linus until 5pm for the soak').booking).toEqual(readTypedBooking('lab-3 for Linus until 5pm for the soak', LAB, NOW, 'UTC'));
    expect(read('lab-3 for Linus').booking).toEqual({ name: 'lab-3', values: { purpose: 'Linus' } });
    // Said plainly, the words are nobody's purpose.
    expect(read('lab-3 on behalf of Linus').booking).toEqual({ name: 'lab-3', values: {} });
  });

  it.each(['lab-3 for the soak', 'lab-3 for testing', "lab-3 for Linus's demo", 'lab-3 for my demo', 'lab-3 for 2 hours', 'lab-3', 'lab-3 on behalf of the team', 'Room for testing'])(
    '%j is for nobody else',
    (typed) => {
      expect(read(typed).forWhom).toBeUndefined();
    },
  );

  it('a testbed whose name holds the words is read as its name', () => {
    const lab = [{ testbed_name: 'Rig on behalf of QA' }];
    expect(readTypedBookingFor('Rig on behalf of QA', lab, NOW, 'UTC')).toEqual({ booking: { name: 'Rig on behalf of QA', values: {} } });
  });
});

describe('readTypedBooking: a label the lab has, then a time or a purpose', () => {
  const LABELLED = [{ testbed_name: 'lab-1', labels: ['5g'] }, { testbed_name: 'lab-3' }, { testbed_name: '5G core' }];
  const read = (typed: string) => readTypedBooking(typed, LABELLED, NOW, 'UTC');

  it.each([
    ['any 5g for the soak', { name: '5g', values: { purpose: 'the soak' } }],
    ['a 5g testbed for 2 hours for the soak', { name: '5g', values: { ...custom('2026-03-10', '12:00'), purpose: 'the soak' } }],
    ['5g for testing', { name: '5g', values: { purpose: 'testing' } }],
    ['any 5g until the demo', { name: '5g', values: {}, unread: 'until the demo' }],
    ['any 5g for a while', { name: '5g', values: {}, unread: 'for a while' }],
    ['any 5g from 9 to 12', { name: '5g', values: custom('2026-03-10', '12:00') }],
    ['any 5g tomorrow', { name: '5g', values: { release_choice: '1d' } }],
    ['any 5g 4h', { name: '5g', values: { release_choice: '4h' } }],
    ['any 5g', { name: '5g', values: {} }],
  ])('%j is any free testbed labelled 5g: %j', (typed, booking) => {
    expect(read(typed)).toEqual(booking);
  });

  it('a testbed whose name starts so is still that testbed, and a label nobody carries is read as a name', () => {
    expect(read('5G core for the soak')).toEqual({ name: '5G core', values: { purpose: 'the soak' } });
    expect(read('any wifi for the soak')).toEqual({ name: 'any wifi for the soak', values: {} });
  });
});

describe('readNeededBooking: `Linus needs lab-3`', () => {
  const LABELLED = [{ testbed_name: 'lab-3' }, { testbed_name: 'lab-1', labels: ['5g'] }];
  const read = (typed: string) => readNeededBooking(typed, LABELLED, NOW, 'UTC');

  it.each([
    ['Linus needs lab-3 for 2 hours', 'Linus', { name: 'lab-3', values: custom('2026-03-10', '12:00') }],
    ['Linus Lab would like lab-3 until 5pm for the soak', 'Linus Lab', { name: 'lab-3', values: { ...custom('2026-03-10', '17:00'), purpose: 'the soak' } }],
    ['my colleague Grace wants a 5g testbed', 'Grace', { name: '5g', values: {} }],
    ['Grace could use a testbed for the demo', 'Grace', { values: { purpose: 'the demo' } }],
    ['linus@example.com needs lab-3', 'linus@example.com', { name: 'lab-3', values: {} }],
  ])('%j is a booking for %j: %j', (typed, words, booking) => {
    expect(read(typed)).toEqual({ words, explicit: true, booking });
  });

  it.each([
    ['get Linus a testbed', 'Linus', { values: {} }],
    ['get Linus lab-3 for 2 hours', 'Linus', { name: 'lab-3', values: custom('2026-03-10', '12:00') }],
    ['could you grab Grace lab-3 please', 'Grace', { name: 'lab-3', values: {} }],
    ['find my colleague Linus Lab a 5g testbed until 5pm', 'Linus Lab', { name: '5g', values: custom('2026-03-10', '17:00') }],
  ])('%j gets %j a booking: %j', (typed, words, booking) => {
    expect(read(typed)).toEqual({ words, explicit: true, booking });
  });

  it.each(['get going on lab-3', 'get back to lab-3', 'get started with lab-3', 'get everyone a testbed', 'get the testbed', 'grab lunch at 12', 'get Linus a coffee', 'get me lab-3'])(
    '%j gets nobody a booking',
    (typed) => {
      expect(read(typed)).toBeUndefined();
    },
  );

  it.each(['Linus needs a break', 'lab-3 needs a reboot', 'who needs lab-3', 'nobody needs lab-3 anymore', 'the team needs lab-3', 'Linus needs lab-9', 'I need lab-3'])(
    '%j is no booking for somebody',
    (typed) => {
      expect(read(typed)).toBeUndefined();
    },
  );
});

describe('a purpose said another way than with `for`', () => {
  it.each([
    ['lab-3 purpose: regression', { purpose: 'regression' }],
    ['lab-3 reason: the soak', { purpose: 'the soak' }],
    ['lab-3 for: regression', { purpose: 'regression' }],
    ['lab-3 purpose regression until 5', { ...custom('2026-03-10', '17:00'), purpose: 'regression' }],
    ['lab-3, regression, till 5', { ...custom('2026-03-10', '17:00'), purpose: 'regression' }],
    ['lab-3 - regression - 2h', { ...custom('2026-03-10', '12:00'), purpose: 'regression' }],
    ['lab-3 2h regression', { ...custom('2026-03-10', '12:00'), purpose: 'regression' }],
    ['lab-3 for regression testing 2h', { ...custom('2026-03-10', '12:00'), purpose: 'regression testing' }],
    ['lab-3 needed for regression', { purpose: 'regression' }],
    ['lab-3 so I can run regression', { purpose: 'run regression' }],
    ['lab-3 in order to run the regression', { purpose: 'run the regression' }],
    ['lab-3 just for today', { release_choice: 'eod' }],
    ['lab-3 only until 5pm', custom('2026-03-10', '17:00')],
    ['lab-3 for 3 days starting now', { release_choice: '3d' }],
    ['lab-3 for 2 hours from now', custom('2026-03-10', '12:00')],
  ])('%j is lab-3 with %j', (typed, values) => {
    expect(readTypedBooking(typed, LAB, NOW, 'UTC')).toEqual({ name: 'lab-3', values });
  });

  it('`starting` left at the end (its `now` read as courtesy) starts now; a purpose that only holds a length stays whole', () => {
    expect(readTypedBooking('lab-3 starting', LAB, NOW, 'UTC')).toEqual({ name: 'lab-3', values: {} });
    expect(readTypedBooking('lab-3 for the 24h soak', LAB, NOW, 'UTC')).toEqual({ name: 'lab-3', values: { purpose: 'the 24h soak' } });
    // Words that are no purpose and no time are still named, and a name no testbed has is still the name typed.
    expect(readTypedBooking('lab-3 until the demo', LAB, NOW, 'UTC')).toEqual({ name: 'lab-3', values: {}, unread: 'until the demo' });
    expect(readTypedBooking('lab-9, regression, till 5', LAB, NOW, 'UTC')).toEqual({ name: 'lab-9, regression,', values: custom('2026-03-10', '17:00') });
  });
});

describe('halves, and tonight at a time', () => {
  it.each([
    ['for 2 hours and a half', custom('2026-03-10', '12:30')],
    ['for 2 and a half hours', custom('2026-03-10', '12:30')],
    ['for two and a half hours', custom('2026-03-10', '12:30')],
    ['for a day and a half', custom('2026-03-11', '22:00')],
    ['until tonight 8pm', custom('2026-03-10', '20:00')],
    ['until tonight at 8:30 pm', custom('2026-03-10', '20:30')],
    ['until 8pm tonight', custom('2026-03-10', '20:00')],
    ['until 20:00 tonight', custom('2026-03-10', '20:00')],
  ])('%j: %j', (typed, values) => {
    expect(readTypedRelease(typed, NOW, 'UTC')).toEqual(values);
  });

  it('a half more is read by extend too', () => {
    expect(readTypedExtension('by 2 hours and a half')).toBe(150);
    expect(readTypedExtension('one and a half hours')).toBe(90);
  });
});

describe('more times as people write them', () => {
  // NOW is Tuesday 2026-03-10, 10:00 UTC.
  it.each([
    ['until the day after tomorrow', custom('2026-03-12', '23:59')],
    ['until the day after tomorrow at 3pm', custom('2026-03-12', '15:00')],
    ['until wed next week', custom('2026-03-18', '23:59')],
    ['until monday next week 9am', custom('2026-03-16', '09:00')],
    ['until sunday next week', custom('2026-03-22', '23:59')],
    ['until 24:00', { release_choice: 'eod' }],
    ['for the rest of today', { release_choice: 'eod' }],
    ['for the whole afternoon', custom('2026-03-10', '17:00')],
    ['until 5 p.m.', custom('2026-03-10', '17:00')],
    ['until 5:30 p.m', custom('2026-03-10', '17:30')],
    ['until 9 a.m. tomorrow', custom('2026-03-11', '09:00')],
    ['until the end of tomorrow', custom('2026-03-11', '23:59')],
    ['until end of friday', custom('2026-03-13', '23:59')],
    ['for a month', custom('2026-04-09', '10:00')],
  ])('%j: %j', (typed, values) => {
    expect(readTypedRelease(typed, NOW, 'UTC')).toEqual(values);
  });

  it('said on a Sunday, `monday next week` is the next day; a month more is thirty days', () => {
    expect(readTypedRelease('until monday next week', '2026-03-15T10:00:00.000Z', 'UTC')).toEqual(custom('2026-03-16', '23:59'));
    expect(readTypedExtension('by a month')).toBe(30 * 24 * 60);
    // `p.m.` only after a number: `until p.m.` is no time.
    expect(readTypedRelease('until p.m.', NOW, 'UTC')).toBeNull();
  });
});
