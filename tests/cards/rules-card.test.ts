/**
 * The rules card (`rules`, `how long can I book a testbed`): how bookings work in this lab, said with the lab's own
 * reminder, overdue and hold settings, each under its title in bold, and the same in the text fallback.
 */
import { describe, expect, it } from 'vitest';
import { rulesCard, rulesText, type LabRules } from '../../src/cards/rules.card.js';
import { cardProblems } from '../support/adaptive-cards.js';
import { buttonTitles, seenCard } from '../support/card-text.js';

const defaults: LabRules = { reminderMinutes: 15, overdueRepeatHours: 24, holdMinutes: 10, admins: 2 };

/** The sentences under a bold title, as a person reads them. */
function under(settings: LabRules, title: string): string | undefined {
  const entries = seenCard(rulesCard(settings)).all.filter((item) => item.role === 'text');
  const at = entries.findIndex((item) => item.text === title && item.element.weight === 'Bolder');
  return at < 0 ? undefined : entries[at + 1]?.text;
}

describe('the rules card', () => {
  it('says how long a booking may run, when reminders and overdue notices come and how long a hand-off is kept', () => {
    const card = rulesCard(defaults);
    expect(cardProblems(card)).toEqual([]);
    expect(seenCard(card).heading).toBe('How booking works here');
    const titles = seenCard(card).all.filter((item) => item.role === 'text' && item.element.weight === 'Bolder').map((item) => item.text);
    expect(titles).toEqual(['Booking', 'Reminders', 'Overdue', 'Queues', 'Digest', 'Admins']);
    expect(under(defaults, 'Booking')).toBe(
      'A booking starts when it is made and runs until the expected release you choose, at most 90 days ahead. Extend it as often as you need: type mine. There is no booking ahead: to be next for a busy testbed, join its queue (type wait and its name).',
    );
    expect(under(defaults, 'Reminders')).toBe('15 minutes before a booking is due, I remind its holder in a 1:1 room, with Extend and Release buttons.');
    expect(under(defaults, 'Overdue')).toBe(
      'Past its expected release a booking is overdue: red in status, and its holder is told at once and again every day until it is released or extended.',
    );
    expect(under(defaults, 'Queues')).toBe(
      'A released testbed goes to the first in its queue: it is kept for them for 10 minutes, then offered to the next. While somebody waits, its holder sees so on every reminder.',
    );
    expect(under(defaults, 'Digest')).toBe('This lab has no daily digest (DIGEST_AT is not set where the bot runs). Type digest to see one as of now.');
    expect(under(defaults, 'Admins')).toBe('The lab’s admins can extend, hand over or force release somebody’s booking and put a testbed into maintenance (type who are the admins).');
    expect(buttonTitles(card)).toEqual(['Mine', 'Status', 'Help']);
  });

  it('follows the settings: hours and days in whole units, reminders off, one overdue notice, no admins', () => {
    const other: LabRules = { reminderMinutes: 60, overdueRepeatHours: 12, holdMinutes: 1, admins: 0 };
    expect(under(other, 'Reminders')).toBe('1 hour before a booking is due, I remind its holder in a 1:1 room, with Extend and Release buttons.');
    expect(under(other, 'Overdue')).toMatch(/ again every 12 hours until it is released or extended\.$/);
    expect(under(other, 'Queues')).toMatch(/ kept for them for 1 minute, then offered to the next\./);
    expect(under(other, 'Admins')).toBe('This lab has no admins, so nobody can force release a booking: ask its holder instead (Ask the holder on its status).');
    const quiet: LabRules = { reminderMinutes: 0, overdueRepeatHours: 0, holdMinutes: 2880, admins: 1 };
    expect(under(quiet, 'Reminders')).toBe('Holders get no reminder before a booking is due.');
    expect(under(quiet, 'Overdue')).toBe('Past its expected release a booking is overdue: red in status, and its holder is told once.');
    expect(under(quiet, 'Queues')).toMatch(/ kept for them for 2 days, /);
    expect(under({ ...defaults, reminderMinutes: 90 }, 'Reminders')).toMatch(/^90 minutes before /);
  });

  it('says when the digest is posted: its time and zone, and its days as people say them', () => {
    const weekdays: LabRules = { ...defaults, digest: { hour: 9, minute: 0, timeZone: 'Europe/Berlin', weekdays: [1, 2, 3, 4, 5] } };
    expect(under(weekdays, 'Digest')).toBe(
      'At 09:00 Europe/Berlin, on Monday to Friday, I post a digest to the lab’s rooms: what is overdue, what is due back that day, who waits and what is under maintenance. Type digest to see it as of now. When it comes is set where the bot runs (DIGEST_AT), for the whole lab.',
    );
    const daily = (weekdays: number[]) => under({ ...defaults, digest: { hour: 17, minute: 5, timeZone: 'UTC', weekdays } }, 'Digest');
    expect(daily([1, 2, 3, 4, 5, 6, 7])).toMatch(/^At 17:05 UTC, every day, I post /);
    expect(daily([1, 3, 5])).toMatch(/^At 17:05 UTC, on Monday, Wednesday and Friday, I post /);
    expect(daily([6, 7])).toMatch(/^At 17:05 UTC, on Saturday and Sunday, I post /);
    expect(daily([2])).toMatch(/^At 17:05 UTC, on Tuesday, I post /);
    expect(rulesText(weekdays)).toContain(' Digest: At 09:00 Europe/Berlin, on Monday to Friday, I post a digest ');
  });

  it('says the same in its text fallback, for clients that show no cards', () => {
    const text = rulesText({ ...defaults, reminderMinutes: 30 });
    expect(text).toMatch(/^How booking works here\. Booking: A booking starts when it is made /);
    expect(text).toContain(' Reminders: 30 minutes before a booking is due, I remind its holder in a 1:1 room');
    expect(text).toContain(' Queues: A released testbed goes to the first in its queue: it is kept for them for 10 minutes,');
    expect(text).toMatch(/ Type help to see every command\.$/);
  });
});
