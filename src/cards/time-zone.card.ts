/**
 * `what time zone do you use`, `what time is it`, `set my timezone to Europe/Berlin`: the clock every time the bot shows
 * and reads is on (the lab's display zone), what it reads there now, and how to type a time on another clock. The zone
 * is the lab's, one for everybody: asked to set one for a person, the card says so first. Pure; the clock comes in.
 */
import type { AdaptiveCardJson } from '../platform/port.js';
import { card, textBlock } from './common.js';
import { safeLine } from './inert-text.js';
import { buttons, heading, plainText, small } from './parts.js';
import { formatWall, isoWeekday, isUtcZone, safeZone, wallTimeAt, WEEKDAY_TITLES, zoneOffsetMs, type WallTime } from './time.js';
import { readTypedZone, zoneClock } from './typed-zone.js';

export interface TimeZoneInput {
  now: string;
  timeZone: string;
  /** They asked for a zone of their own (`set my timezone to …`). */
  set?: boolean;
  /** The words of another clock asked about (`what time is it in IST`, `… in Berlin`). */
  other?: string;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** `UTC+01:00`, `UTC-05:00`, `UTC+05:30`: an offset east of UTC, in milliseconds. */
function utcOffset(offsetMs: number): string {
  const minutes = Math.round(offsetMs / 60_000);
  return `UTC${minutes < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;
}

/** `Monday, 2026-03-02 15:30`: the wall clock's weekday, date and time. */
function dayAndTime(wall: WallTime): string {
  return `${WEEKDAY_TITLES[isoWeekday(wall) - 1]}, ${formatWall(wall)}`;
}

/**
 * The time on another clock asked about (a zone's name, an abbreviation, an offset, or a place the bot knows), or why not,
 * the words typed quoted as `quote` makes them safe.
 */
function otherClock(words: string, ms: number, quote: (typed: string) => string): string {
  const said = words.trim().replace(/[?.!]+$/, '');
  const zone = readTypedZone(said) ?? readTypedZone(`${said} time`);
  if (zone === null) return `I do not know the time zone “${quote(said)}”: write it as a zone’s name (Asia/Kolkata), an abbreviation (IST) or an offset (UTC+5:30).`;
  if (zone.kind === 'offset') return `At ${utcOffset(zone.offsetMs)} it is ${dayAndTime(zoneClock(zone).wallAt(ms))}.`;
  return `In ${zone.zone} (${utcOffset(zoneOffsetMs(ms, zone.zone))} now) it is ${dayAndTime(wallTimeAt(ms, zone.zone))}.`;
}

function lines(input: TimeZoneInput, quote: (typed: string) => string): { title: string; lines: string[] } {
  const zone = safeZone(input.timeZone);
  const ms = Date.parse(input.now);
  const clock = isUtcZone(zone) ? 'UTC' : `${zone} (${utcOffset(zoneOffsetMs(ms, zone))} now)`;
  const example = isUtcZone(zone) ? 'book lab-3 until 5pm CET, extend lab-3 until 17:00 America/New_York' : 'book lab-3 until 5pm UTC, extend lab-3 until 17:00 America/New_York';
  return {
    title: `Times here are on ${isUtcZone(zone) ? 'UTC' : zone}`,
    lines: [
      ...(input.set === true ? ['I keep one time zone for the whole lab, so I cannot set one for you.'] : []),
      ...(input.other === undefined ? [] : [otherClock(input.other, ms, quote)]),
      `Every time I show, and every time typed without a zone, is on ${clock}. It is ${dayAndTime(wallTimeAt(ms, zone))} ${isUtcZone(zone) ? 'UTC' : zone} there now.`,
      `To give a time on another clock, put its zone after it: ${example}, or an offset such as UTC+5:30. Forms show it on ${isUtcZone(zone) ? 'UTC' : zone}.`,
      'The lab’s zone is set where the bot runs (DISPLAY_TIMEZONE): ask whoever runs it to change it for everybody.',
    ],
  };
}

export function timeZoneCard(input: TimeZoneInput): AdaptiveCardJson {
  const said = lines(input, (typed) => safeLine(typed, 40));
  return card(
    [heading(said.title), ...said.lines.slice(0, -1).map((line) => textBlock(line)), small(said.lines.at(-1) ?? '', { isSubtle: true, spacing: 'Medium' })],
    [buttons.status(), buttons.help()],
  );
}

export function timeZoneText(input: TimeZoneInput): string {
  const said = lines(input, (typed) => plainText(typed, 40));
  return `${said.title}. ${said.lines.join(' ')}`;
}
