/**
 * `rules` (or `how long can I book lab-3`, `what's the max booking time`, `how does the queue work`, `when is the digest`): how
 * bookings work in this lab, with its own settings (how early the reminder comes, how often an overdue holder is told, how long a
 * released testbed is kept for the first in its queue, when the daily digest is posted, whether there are admins). Pure; the
 * settings come in.
 */
import type { AdaptiveCardJson } from '../platform/port.js';
import { ACTIONS } from './actions.js';
import { card, submit, textBlock } from './common.js';
import { buttons, heading, small } from './parts.js';
import { MAX_DAYS_AHEAD } from './release-time.js';
import type { DigestSchedule } from '../digest/schedule.js';
import { WEEKDAY_TITLES } from './time.js';

export interface LabRules {
  /** Minutes before the expected release that the holder is reminded (0: no reminder). */
  reminderMinutes: number;
  /** Hours between overdue notices (0: the first only). */
  overdueRepeatHours: number;
  /** Minutes a released testbed is kept for the first in its queue. */
  holdMinutes: number;
  /** How many admins the lab has. */
  admins: number;
  /** When the daily digest is posted (`DIGEST_AT`, `DIGEST_TZ`, `DIGEST_WEEKDAYS`); absent when it is not. */
  digest?: DigestSchedule;
}

/** `every day`, `Monday to Friday`, `Monday, Wednesday and Friday`: ISO weekdays (ascending) as people say them. */
function daysSaid(weekdays: readonly number[]): string {
  if (weekdays.length === 7) return 'every day';
  const names = weekdays.map((day) => WEEKDAY_TITLES[day - 1]);
  const consecutive = weekdays.every((day, index) => index === 0 || day === weekdays[index - 1] + 1);
  if (consecutive && names.length >= 3) return `${names[0]} to ${names[names.length - 1]}`;
  return names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

function digestSaid(digest: DigestSchedule | undefined): string {
  if (digest === undefined) return 'This lab has no daily digest (DIGEST_AT is not set where the bot runs). Type digest to see one as of now.';
  const at = `${String(digest.hour).padStart(2, '0')}:${String(digest.minute).padStart(2, '0')} ${digest.timeZone}`;
  const days = daysSaid(digest.weekdays);
  return `At ${at}, ${days === 'every day' ? days : `on ${days}`}, I post a digest to the lab’s rooms: what is overdue, what is due back that day, who waits and what is under maintenance. Type digest to see it as of now. When it comes is set where the bot runs (DIGEST_AT), for the whole lab.`;
}

/** A setting's length in the largest unit it is a whole number of: `15` and `minute`, `1` and `day`. */
function inUnits(minutes: number): [number, string] {
  return minutes % 1440 === 0 ? [minutes / 1440, 'day'] : minutes % 60 === 0 ? [minutes / 60, 'hour'] : [minutes, 'minute'];
}

/** `15 minutes`, `1 hour`, `2 days`. */
function spelled(minutes: number): string {
  const [count, unit] = inUnits(minutes);
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/** `every day`, `every 12 hours`. */
function every(minutes: number): string {
  const [count, unit] = inUnits(minutes);
  return count === 1 ? `every ${unit}` : `every ${count} ${unit}s`;
}

/** The lines of the card, each a title and its sentences; the text fallback says the same. */
function rules(settings: LabRules): Array<[string, string]> {
  const reminder =
    settings.reminderMinutes > 0
      ? `${spelled(settings.reminderMinutes)} before a booking is due, I remind its holder in a 1:1 room, with Extend and Release buttons.`
      : 'Holders get no reminder before a booking is due.';
  const overdue =
    settings.overdueRepeatHours > 0
      ? `Past its expected release a booking is overdue: red in status, and its holder is told at once and again ${every(settings.overdueRepeatHours * 60)} until it is released or extended.`
      : 'Past its expected release a booking is overdue: red in status, and its holder is told once.';
  const admins =
    settings.admins > 0
      ? 'The lab’s admins can extend, hand over or force release somebody’s booking and put a testbed into maintenance (type who are the admins).'
      : 'This lab has no admins, so nobody can force release a booking: ask its holder instead (Ask the holder on its status).';
  return [
    [
      'Booking',
      `A booking starts when it is made and runs until the expected release you choose, at most ${MAX_DAYS_AHEAD} days ahead. Extend it as often as you need: type mine. There is no booking ahead: to be next for a busy testbed, join its queue (type wait and its name).`,
    ],
    ['Reminders', reminder],
    ['Overdue', overdue],
    [
      'Queues',
      `A released testbed goes to the first in its queue: it is kept for them for ${spelled(settings.holdMinutes)}, then offered to the next. While somebody waits, its holder sees so on every reminder.`,
    ],
    ['Digest', digestSaid(settings.digest)],
    ['Admins', admins],
  ];
}

const TITLE = 'How booking works here';

export function rulesCard(settings: LabRules): AdaptiveCardJson {
  // Each title in bold with its sentences below, not a fact set, whose narrow title column crowds a phone (as on help).
  const lines = rules(settings).flatMap(([title, value], index) => [
    textBlock(title, { weight: 'Bolder', spacing: index === 0 ? 'Medium' : 'Small' }),
    textBlock(value, { spacing: 'None' }),
  ]);
  return card(
    [heading(TITLE), ...lines, small('Type help to see every command.', { isSubtle: true, spacing: 'Medium' })],
    [submit('Mine', { action: ACTIONS.mine }, { associatedInputs: 'none' }), buttons.status(), buttons.help()],
  );
}

export function rulesText(settings: LabRules): string {
  return `${TITLE}. ${rules(settings)
    .map(([title, value]) => `${title}: ${value}`)
    .join(' ')} Type help to see every command.`;
}
