/**
 * When a person typed they expect to release a testbed (`for 2 hours`, `until 18:00`, `till fri
 * 17:00`, `until 3 dec`), read into the register form's release inputs. Pure: `now` comes in as an
 * ISO string, and clock times and days are read on the display zone's clock and calendar.
 */
import type { FormValues } from '../domain.js';
import { INPUT_IDS } from './actions.js';
import { resolveRelease } from './release-time.js';
import { DURATIONS, daysInMonth, localDate, parseIso, safeZone, wallTimeAt, type WallTime } from './time.js';
import { splitTypedZone, zoneClock, type ReadingClock } from './typed-zone.js';

const { MINUTE, HOUR, DAY } = DURATIONS;

const SMALL_NUMBERS = [
  'zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve',
  'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen',
];
const TENS: Readonly<Record<string, number>> = { twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90 };

/** `one` to `ninety-nine` (`twenty five`, `forty-five`), `a`/`an` (one) and `a few` (three): the number, or undefined. */
export function numberWord(text: string): number | undefined {
  const words = text.toLowerCase();
  if (words === 'a' || words === 'an') return 1;
  if (words === 'a few' || words === 'few') return 3;
  const small = SMALL_NUMBERS.indexOf(words);
  if (small > 0) return small;
  const [, tens, unit] = /^([a-z]+)(?:[-\s]([a-z]+))?$/.exec(words) ?? [];
  const units = unit === undefined ? 0 : SMALL_NUMBERS.indexOf(unit);
  return tens !== undefined && TENS[tens] !== undefined && units >= 0 && units < 10 ? TENS[tens] + units : undefined;
}

/** A number in digits or in words (`5`, `five`, `twenty-five`), or undefined. */
function readNumber(text: string): number | undefined {
  return /^\d{1,4}$/.test(text) ? Number(text) : numberWord(text);
}

const UNITS: ReadonlyArray<[RegExp, number]> = [
  [/^(?:m|mins?|minutes?)$/, MINUTE],
  [/^(?:h|hrs?|hours?)$/, HOUR],
  [/^(?:d|days?)$/, DAY],
  [/^(?:w|wks?|weeks?)$/, 7 * DAY],
  [/^fortnights?$/, 14 * DAY],
  // A month said as a length is thirty days.
  [/^months?$/, 30 * DAY],
];

/** A time is a few words (`until tomorrow at 17:30`): longer text is not one, and is not read any further. */
export const MAX_TIME_PHRASE = 48;

/** The form's quick choices, by their length. */
const QUICK_CHOICES = new Map<number, string>([
  [HOUR, '1h'],
  [4 * HOUR, '4h'],
  [DAY, '1d'],
  [3 * DAY, '3d'],
  [7 * DAY, '1w'],
]);

/** `for the day`, `until tonight`, `until end of day`, `until midnight`: the form's "end of today" choice. */
const END_OF_DAY =
  /^(?:eod|cob|eob|the\s+day|today|tonight|midnight|24:00|(?:the\s+)?rest\s+of\s+(?:the\s+day|today|day)|(?:the\s+)?(?:whole|entire|full)[\s-]day|all[\s-]day|(?:the\s+)?end\s+of\s+(?:the\s+|to)?(?:(?:business|work(?:ing)?)\s*)?day|(?:the\s+)?(?:close|end)\s+of\s+(?:business|play))$/i;

/**
 * `for the afternoon`, `over the weekend`, `overnight`: a stretch of time, read as when it ends (the
 * morning at noon, the afternoon at 17:00, the night and the weekend on the next working morning at 9:00).
 */
const SPANS: ReadonlyArray<[RegExp, string]> = [
  [/^(?:(?:the\s+)?rest\s+of\s+)?(?:the\s+|this\s+|all\s+)?morning$/i, 'noon'],
  [/^(?:(?:the\s+)?rest\s+of\s+)?(?:the\s+(?:whole\s+|entire\s+)?|this\s+|an\s+|all\s+)?afternoon$/i, '17:00'],
  [/^(?:(?:the\s+)?rest\s+of\s+)?(?:the\s+|this\s+|all\s+)?evening$/i, 'tonight'],
  [/^(?:the\s+|all\s+)?night$/i, 'morning'],
  [/^(?:the\s+|this\s+)?weekend$/i, 'monday morning'],
  [/^(?:(?:the\s+)?rest\s+of\s+)?(?:the\s+|this\s+)?week$/i, 'friday'],
  [/^(?:all|the\s+(?:whole|entire))\s+week$/i, 'friday'],
  [/^(?:the\s+)?rest\s+of\s+(?:the\s+|this\s+)?month$/i, 'the end of the month'],
];

/** `eod`, `cob`, `end of day`, `close of business`: the end of a working day, which may be named beside it (`eod friday`, `tomorrow cob`). */
const END_OF_WORKDAY = '(?:eod|cob|eob|(?:the\\s+)?end\\s+of\\s+(?:the\\s+)?(?:(?:business|work(?:ing)?)\\s*)?day|(?:the\\s+)?close\\s+of\\s+business)';
const DAY_AND_END_OF_DAY = new RegExp(`^(?:(\\S+(?:\\s+\\S+)?)\\s+(?:at\\s+)?${END_OF_WORKDAY}|${END_OF_WORKDAY}\\s+(?:on\\s+)?(\\S+(?:\\s+\\S+)?))$`, 'i');

/**
 * `about 2 hours`, `around 5`, `5ish`, `up to 2 hours`: a length or a time said roughly, or as a bound, is read as the one said;
 * `3 days starting now`, `2 hours from now`: a booking starts when it is made, so the start adds nothing.
 */
function withoutHedges(words: string): string {
  return words
    .replace(/(?<=\d\s*)([ap])\.m\.?(?=\s|$)/gi, '$1m')
    .replace(/^(?:just|only)\s+(?=\S)/i, '')
    .replace(/^(?:about|around|approximately|approx\.?|roughly|~|like|max(?:imum)?|at\s+(?:the\s+)?(?:most|least|latest)|up\s+to|no\s+(?:more|later)\s+than|a\s+max(?:imum)?\s+of)\s*(?=\S)/i, '')
    .replace(/\s+(?:at\s+the\s+(?:latest|most)|or\s+so|or\s+(?:earlier|less)|tops|max(?:imum)?|at\s+most|give\s+or\s+take|sharp|only|(?:starting|beginning)(?:\s+(?:from\s+)?(?:right\s+)?(?:now|today))?|from\s+(?:right\s+)?(?:now|today))$/i, '')
    .replace(/(\d|[ap]m)\s*-?\s*ish(?=\s|$)/i, '$1');
}

/**
 * Everyday words for a length or a time, as the words the reader knows: `half an hour` is `30 min`,
 * `an hour and a half` `90 min`, `half a day` (of work) `4 hours`, `a couple of hours` `2 hours`, `the end of the week` `friday`,
 * `noon` `12:00`, `monday morning` `monday 9:00`. The words are short (a time phrase is), so each
 * pattern runs over a few dozen characters at most.
 */
const EVERYDAY_TIMES: ReadonlyArray<[RegExp, string]> = [
  // `another half hour` reaches here as `1 half hour`.
  [/^(?:a\s+|1\s+)?half\s+(?:an\s+)?hour$/i, '30 min'],
  [/^(?:a\s+|1\s+)?quarter\s+(?:of\s+)?(?:an\s+)?hour$/i, '15 min'],
  [/^eom$/i, 'the end of the month'],
  [/^(?:an?|one|1)\s+(?:hour\s+and\s+a\s+half|and\s+a\s+half\s+hours?)$/i, '90 min'],
  // Half a working day.
  [/^(?:a\s+|1\s+)?half(?:\s+a)?[\s-]+day$/i, '4 hours'],
  [/^(?:a\s+)?couple\s+(?:of\s+)?(hours|days|weeks|minutes|mins)$/i, '2 $1'],
  [/^(?:(?:the\s+)?end\s+of\s+(?:the\s+|this\s+)?week|eow)$/i, 'friday'],
  [/^(?:(\S+(?:\s+\S+)?)\s+)?(?:at\s+)?(?:noon|midday)$/i, '$1 12:00'],
  // `noon tomorrow`, `midday on friday`: the day said after.
  [/^(?:noon|midday)\s+(?:on\s+)?(tomorrow|(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*)$/i, '$1 12:00'],
  [/^(?:(\S+(?:\s+\S+)?)\s+)?morning$/i, '$1 9:00'],
  [/^(?:(\S+(?:\s+\S+)?)\s+)?after\s+lunch$/i, '$1 13:00'],
  [/^(?:(\S+(?:\s+\S+)?)\s+)?(?:at\s+)?lunch(?:\s*time)?$/i, '$1 12:00'],
  [/^(?:(\S+(?:\s+\S+)?)\s+)?afternoon$/i, '$1 17:00'],
  [/^(?:(\S+(?:\s+\S+)?)\s+)?evening$/i, '$1 18:00'],
  [/^after\s+the\s+weekend$/i, 'monday 9:00'],
  [/^(?:the\s+)?weekend$/i, 'friday'],
  [/^next\s+week$/i, 'next monday 9:00'],
  [/^(\S+(?:\s+\S+)?)\s+night$/i, '$1 23:59'],
  // `the end of tomorrow`, `end of friday`: the end of that day.
  [/^(?:the\s+)?end\s+of\s+(tomorrow|(?!month)(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*)$/i, '$1 23:59'],
  // `tonight 8pm`, `8:30 pm tonight`: today at that time (a bare hour with `tonight`, `8 tonight`, is read before these).
  [/^tonight\s+(?:at\s+)?(\d{1,2}(?::\d{2})?\s*[ap]m|\d{1,2}:\d{2})$/i, 'today $1'],
  [/^(\d{1,2}(?::\d{2})?\s*[ap]m|\d{1,2}:\d{2})\s+tonight$/i, 'today $1'],
  [/^first\s+thing(?:\s+in\s+the\s+morning|\s+(\S+)(?:\s+morning)?)?$/i, '$1 9:00'],
];

/** `2 hours and a half`, `two and a half hours`, `a day and a half`: the amount (digits or words) and its unit, and the half. */
const AND_A_HALF = /^(\d{1,3}|[a-z]+(?:-[a-z]+)?)\s+(?:(hours?|days?|weeks?)\s+and\s+a\s+half|and\s+a\s+half\s+(hours?|days?|weeks?))$/i;

function withHalf(typed: string): string {
  const half = AND_A_HALF.exec(typed);
  const amount = half === null ? undefined : /^\d/.test(half[1]) ? Number(half[1]) : numberWord(half[1]);
  return half === null || amount === undefined ? typed : `${amount + 0.5} ${half[2] ?? half[3]}`;
}

function everydayTime(typed: string): string {
  // `this afternoon`, `this evening`: today's; `the morning`, `late afternoon`, `early evening`: the part of the day as said alone.
  const words = withHalf(typed)
    .replace(/^this\s+(?=morning|afternoon|evening|lunch)/i, 'today ')
    .replace(/(^|\s)(?<!\bin\s)(?:the|early|late)\s+(?=(?:morning|afternoon|evening)$)/i, '$1');
  for (const [pattern, replacement] of EVERYDAY_TIMES) if (pattern.test(words)) return words.replace(pattern, replacement).trim();
  return words;
}

/** `1h30`, `1h 30m`, `1 hour 30 minutes`, `2 hours and 15 minutes`: hours and minutes, in ms, or null. */
function readHoursAndMinutes(text: string): number | null {
  // `1h30`, `2 hours and 15 minutes`, or the way a stopwatch shows it: `2:30`.
  const match = /^(\d{1,3})\s*(?:h|hrs?|hours?)\s*(?:and\s+)?(\d{1,2})\s*(?:m|mins?|minutes?)?$/i.exec(text) ?? /^(\d{1,2}):(\d{2})(?:\s*(?:h|hrs?|hours?))?$/i.exec(text);
  if (!match || Number(match[2]) > 59) return null;
  const length = Number(match[1]) * HOUR + Number(match[2]) * MINUTE;
  return length > 0 ? length : null;
}

/** `2 hours`, `2h`, `90 min`, `an hour`, `1.5 days`, `ninety minutes`, `2 days and 3 hours`: the length in ms, or null. */
/** `0930 hrs`, `1730h`: a 24-hour time without its colon (four digits that make one), not 930 hours. */
export const CLOCK_WITH_HOURS = /^(?:[01]\d|2[0-3])[0-5]\d\s*(?:h|hrs?)$/i;

function readDuration(typed: string): number | null {
  if (CLOCK_WITH_HOURS.test(typed.trim())) return null;
  const text = withFractions(typed);
  const both = readHoursAndMinutes(text);
  if (both !== null) return both;
  const one = readOneDuration(text);
  if (one !== null) return one;
  // Lengths said one after another add up: `2 days and 3 hours`, `1 day, 4 hours`, `1 day 2 hours`.
  const parts = text.split(/\s*(?:,|\band\b)\s*|(?<=[a-z])\s+(?=\d)/i);
  if (parts.length < 2 || parts.length > 3) return null;
  const lengths = parts.map(readOneDuration);
  return lengths.every((length): length is number => length !== null) ? lengths.reduce((sum, length) => sum + length, 0) : null;
}

/**
 * `30`, `45`, `90`: a round number alone that no clock has (25 to 240, in fives) is minutes, as people type them after `for` or
 * `extend`; `5` (five minutes or five hours?), `24` and `48` (hours, as often as not) stay unread.
 */
function bareMinutes(words: string): number | null {
  const said = /^\d{2,3}$/.test(words.trim()) ? Number(words.trim()) : 0;
  return said >= 25 && said <= 240 && said % 5 === 0 ? said * MINUTE : null;
}

/** `1 1/2 hours`, `1½ hours`, `¼ hour`, `.5h`: the amount written as a decimal (`1.5 hours`, `0.25 hour`, `0.5h`). */
function withFractions(text: string): string {
  if (!/[½¼¾/]|(?:^|\s)\./.test(text)) return text;
  const parts: Record<string, string> = { '1/2': '5', '½': '5', '1/4': '25', '¼': '25', '3/4': '75', '¾': '75' };
  return text
    .trim()
    .replace(/^(\d{1,3})(?:\s+(1\/2|1\/4|3\/4)|\s*([½¼¾]))(?=\s*[a-z])/i, (_whole, units: string, slash?: string, glyph?: string) => `${units}.${parts[slash ?? glyph ?? '']}`)
    .replace(/^(1\/2|1\/4|3\/4|[½¼¾])(?=\s*[a-z])/i, (fraction: string) => `0.${parts[fraction]}`)
    .replace(/^\.(\d{1,2})(?=\s*[a-z])/i, '0.$1');
}

/** A length after `for`, perhaps said as what comes next (`the next 2 hours`, `next 2 hours`, `another hour`, `the next hour`). */
function readLength(words: string): number | null {
  const minutes = bareMinutes(words);
  if (minutes !== null) return minutes;
  // (`next 2 hours` without `the`; `next week` is a day, not a length.)
  const next = /^(?:the\s+next|the\s+coming|another|an\s+extra|next(?=\s+(?:\d|(?:two|three|four|five|six|few|couple)\b)))\s+(\S.*)$/i.exec(words)?.[1];
  if (next !== undefined) return readDuration(next) ?? readDuration(`1 ${next}`) ?? readDuration(everydayTime(`an ${next}`));
  return readDuration(words) ?? readLengthRange(words);
}

/** `2-3 hours`, `2 or 3 days`, `an hour or two`: the longer of the two, which is what the booking must cover. */
function readLengthRange(words: string): number | null {
  // (`2-3h`: the unit touching the second number.)
  const upTo = /^(\S+)\s*(?:-|–|to|or)\s*(\S+)\s+([a-z]+)$/i.exec(words.replace(/^(\d{1,3}\s*[-–]\s*\d{1,3})(?=[a-z])/i, '$1 '));
  if (upTo !== null) return readDuration(`${upTo[1]} ${upTo[3]}`) === null ? null : readDuration(`${upTo[2]} ${upTo[3]}`);
  const orMore = /^(?:an?|one)\s+([a-z]+)\s+or\s+(\S+)$/i.exec(words);
  return orMore === null ? null : readDuration(`${orMore[2]} ${orMore[1]}`);
}

/** One length: an amount (digits, or words) and a unit. */
function readOneDuration(text: string): number | null {
  // Digits may touch their unit (`2h`); words are apart from it (`ninety minutes`).
  const match = /^(?:(\d{1,4}(?:[.,]\d{1,2})?)\s*|([a-z]+(?:[-\s][a-z]+)?)\s+)([a-z]+)$/i.exec(text.trim());
  if (!match) return null;
  const amount = match[1] === undefined ? numberWord(match[2]) : Number(match[1].replace(',', '.'));
  const unit = UNITS.find(([pattern]) => pattern.test(match[3].toLowerCase()));
  if (amount === undefined || !unit || !(amount > 0)) return null;
  return Math.round(amount * unit[1]);
}

const WEEKDAYS: ReadonlyArray<RegExp> = [/^sun(?:day)?$/, /^mon(?:day)?$/, /^tue(?:s|sday)?$/, /^wed(?:nesday)?$/, /^thu(?:r|rs|rsday)?$/, /^fri(?:day)?$/, /^sat(?:urday)?$/];
const MONTHS: ReadonlyArray<RegExp> = [
  /^jan(?:uary)?$/, /^feb(?:ruary)?$/, /^mar(?:ch)?$/, /^apr(?:il)?$/, /^may$/, /^june?$/,
  /^july?$/, /^aug(?:ust)?$/, /^sep(?:t|tember)?$/, /^oct(?:ober)?$/, /^nov(?:ember)?$/, /^dec(?:ember)?$/,
];

/** A calendar date as typed (month 1–12); the year is absent when not typed (the next such date is meant). */
interface TypedDate {
  year?: number;
  /** Absent: `the 5th`, the next 5th of a month. */
  month?: number;
  day: number;
}

/** A day, and perhaps a time on it, as typed after `until`. */
interface TypedClock {
  /**
   * `today`, `tomorrow`, `the day after tomorrow`, a weekday (0 = Sunday; 7 to 13 for `next monday`, a week on when it is
   * today; 14 to 20 for `monday next week`, in the week after this one), a date, or `next`: the next time the clock shows that time.
   */
  day: 'today' | 'tomorrow' | 'overmorrow' | 'next' | number | TypedDate;
  /** Absent: the end of that day (`until friday`, `until 3 dec`). */
  time?: { hour: number; minute: number };
}

/** `18:00`, `6pm`, `6:30 pm`, `9.15`: the time, when the words are one (a bare `6` is not, beside a day: `until 5` alone is read by `nextBareHour`). */
function readTime(words: readonly string[]): { hour: number; minute: number } | null {
  const match = /^(\d{1,2})(?:[:.h](\d{2}))?\s*(am|pm)?$/.exec(words.join(' '));
  if (!match || (match[2] === undefined && match[3] === undefined)) return null;
  let hour = Number(match[1]);
  const minute = match[2] === undefined ? 0 : Number(match[2]);
  if (match[3] !== undefined) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (match[3] === 'pm' ? 12 : 0);
  }
  return hour > 23 || minute > 59 ? null : { hour, minute };
}

/** `today`, `tomorrow`, `friday`, `2026-12-03`, `3 dec`, `the 3rd of december`, `december 3`: the day, or null. */
function readDay(words: readonly string[]): TypedClock['day'] | null {
  if (words.length === 0) return 'next';
  const text = words.join(' ');
  if (text === 'today' || text === 'tomorrow') return text;
  if (/^(?:the\s+)?day\s+after\s+tomorrow$|^overmorrow$/.test(text)) return 'overmorrow';
  // `wed next week`: that weekday in the week after this one (weeks start on Monday).
  const nextWeek = /^(\S+)\s+next\s+week$/.exec(text)?.[1];
  const weekdayNextWeek = nextWeek === undefined ? -1 : WEEKDAYS.findIndex((pattern) => pattern.test(nextWeek));
  if (weekdayNextWeek >= 0) return weekdayNextWeek + 14;
  // `friday`, `on friday`, `this friday`; `next friday` (a week on, said on a Friday).
  const [, before, dayName] = /^(?:(on|this|next|this\s+coming|coming)\s+)?(\S+)$/.exec(text) ?? [];
  const weekday = dayName === undefined ? -1 : WEEKDAYS.findIndex((pattern) => pattern.test(dayName));
  if (weekday >= 0) return before === 'next' ? weekday + 7 : weekday;
  const dayOfMonth = /^(?:on\s+)?the\s+(\d{1,2})(?:st|nd|rd|th)$/.exec(text);
  if (dayOfMonth) return { day: Number(dayOfMonth[1]) };
  const iso = /^(\d{4})[-/](\d{2})[-/](\d{2})$/.exec(text);
  if (iso) return { year: Number(iso[1]), month: Number(iso[2]), day: Number(iso[3]) };
  const numeric = numericDate(text);
  if (numeric !== undefined) return numeric;
  // `3 dec`, `the 3rd of december`, `december 3rd`; with its year, `31 dec 2026`, `december 31, 2026`.
  const dayFirst = /^(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)?(?:\s+of)?\s+([a-z]+),?(?:\s+(\d{4}))?$/.exec(text);
  const monthFirst = /^([a-z]+)\s+(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)?,?(?:\s+(\d{4}))?$/.exec(text);
  const [day, monthWord, year] = dayFirst ? [dayFirst[1], dayFirst[2], dayFirst[3]] : monthFirst ? [monthFirst[2], monthFirst[1], monthFirst[3]] : [];
  const month = monthWord === undefined ? -1 : MONTHS.findIndex((pattern) => pattern.test(monthWord));
  return month >= 0 ? { ...(year === undefined ? {} : { year: Number(year) }), month: month + 1, day: Number(day) } : null;
}

/**
 * A date in digits as people write it: `24.12.2026` (day first, with its year: without one, `14.30` is a time),
 * `12/24` or `24/12` (whichever way round only one reading is a date; `3/4` could be either, so it is none), with a
 * year or not (`12/24/26`). Undefined for other words, null for a date that reads both ways or not at all.
 */
function numericDate(text: string): TypedClock['day'] | null | undefined {
  const dotted = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text);
  if (dotted) return { year: Number(dotted[3]), month: Number(dotted[2]), day: Number(dotted[1]) };
  const slashed = /^(\d{1,2})\/(\d{1,2})(?:\/(\d{2}|\d{4}))?$/.exec(text);
  if (!slashed) return undefined;
  const [first, second] = [Number(slashed[1]), Number(slashed[2])];
  const year = slashed[3] === undefined ? {} : { year: slashed[3].length === 2 ? 2000 + Number(slashed[3]) : Number(slashed[3]) };
  if (first > 12 && second <= 12) return { ...year, month: second, day: first };
  if (second > 12 && first <= 12) return { ...year, month: first, day: second };
  return null;
}

/** The words after `until`: a day, a time, or a day and a time (`fri 17:00`, `3 dec at 9am`), or null. */
function readClock(text: string): TypedClock | null {
  const words = text.toLowerCase().split(' ');
  // The time is the last word, or the last two (`6:30 pm`); an `at` before it belongs to neither.
  for (const size of [2, 1]) {
    if (words.length < size) continue;
    const time = readTime(words.slice(-size));
    if (time === null) continue;
    const dayWords = words.slice(0, -size);
    const day = readDay(dayWords.at(-1) === 'at' ? dayWords.slice(0, -1) : dayWords);
    return day === null ? null : { day, time };
  }
  // Or the time first (`3 pm tomorrow`, `17:00 on friday`).
  for (const size of [2, 1]) {
    const time = words.length > size ? readTime(words.slice(0, size)) : null;
    const day = time === null ? null : readDay(words.slice(size));
    if (time !== null && day !== null && day !== 'next') return { day, time };
  }
  const day = readDay(words);
  // A day alone is its end; `until today` and `until tomorrow` are read before this, and `next` needs a time.
  return day === null || day === 'next' ? null : { day };
}

/**
 * How many calendar days after `today` the typed day is: a weekday's next one (today counts), a
 * date without a year its next one (today counts). Null for a date that does not exist.
 */
function daysAhead(day: TypedClock['day'], today: WallTime): number | null {
  const dayNumber = (year: number, month: number, date: number) => Date.UTC(year, month - 1, date) / DAY;
  const now = dayNumber(today.year, today.month, today.day);
  if (day === 'today' || day === 'next') return 0;
  if (day === 'tomorrow') return 1;
  if (day === 'overmorrow') return 2;
  if (typeof day === 'number' && day >= 14) {
    // Monday of next week, then the weekday in it (Sunday last).
    const today0 = new Date(now * DAY).getUTCDay();
    const toMonday = (8 - today0) % 7 || 7;
    return toMonday + ((day - 14 + 6) % 7);
  }
  if (typeof day === 'number') {
    const ahead = ((day % 7) - new Date(now * DAY).getUTCDay() + 7) % 7;
    return ahead === 0 && day >= 7 ? 7 : ahead;
  }
  if (day.month === undefined) return dayOfMonthAhead(day.day, today, now);
  if (day.month < 1 || day.month > 12 || day.day < 1 || day.day > daysInMonth(day.year ?? 2000, day.month)) return null;
  if (day.year !== undefined) return dayNumber(day.year, day.month, day.day) - now;
  const thisYear = dayNumber(today.year, day.month, day.day);
  // 29 February without a year: the next year that has one is not looked for; this year's or next year's must exist.
  const ahead = thisYear >= now ? thisYear - now : dayNumber(today.year + 1, day.month, day.day) - now;
  const landed = new Date((now + ahead) * DAY);
  return landed.getUTCDate() === day.day ? ahead : null;
}

/** `the 5th`: this month's when it is today or later, else next month's; null when that month has no such day. */
function dayOfMonthAhead(date: number, today: WallTime, now: number): number | null {
  const [year, month] = date >= today.day ? [today.year, today.month] : today.month === 12 ? [today.year + 1, 1] : [today.year, today.month + 1];
  if (date < 1 || date > daysInMonth(year, month)) return null;
  return Date.UTC(year, month - 1, date) / DAY - now;
}

/** The instant `days` calendar days after `today`'s date, at `hour:minute` on the clock (right across clock changes). */
function onDay(today: WallTime, days: number, hour: number, minute: number, clock: ReadingClock): number {
  const date = new Date(Date.UTC(today.year, today.month - 1, today.day + days));
  return clock.instantOf({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate(), hour, minute, second: 0 });
}

/** `2 working days`, `three business days`, `a work day`: how many (group 1). */
const WORKING_DAYS = /^(\d{1,2}|an?|one|two|three|four|five|six|seven|eight|nine|ten)\s+(?:business|working|work)\s+days?$/i;

/** How many calendar days on the `count`th weekday after `today` is (Saturday and Sunday not counted); undefined past 64 (about 90 days). */
function weekdaysAhead(today: WallTime, count: number): number | undefined {
  if (count < 1 || count > 64) return undefined;
  const start = new Date(Date.UTC(today.year, today.month - 1, today.day)).getUTCDay();
  let days = 0;
  for (let left = count; left > 0; ) {
    days += 1;
    const weekday = (start + days) % 7;
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return days;
}

/** The end of the day `days` after today on the clock, as the form's last minute of a day. */
function endOfDay(today: WallTime, days: number, clock: ReadingClock): number {
  return onDay(today, days, 23, 59, clock);
}

/** The release inputs for an instant (ISO 8601 UTC) on the display zone's clock, or none when it is not ahead of `now`. */
export function releaseInputsAt(at: string, now: string, timeZone: string): FormValues {
  const [when, base] = [parseIso(at), parseIso(now)];
  return when === null || base === null || when <= base ? {} : customValues(when, safeZone(timeZone));
}

/** The release inputs for a custom instant: its date and time in the zone. */
function customValues(ms: number, timeZone: string): FormValues {
  const wall = wallTimeAt(ms, timeZone);
  const time = `${String(wall.hour).padStart(2, '0')}:${String(wall.minute).padStart(2, '0')}`;
  return { [INPUT_IDS.releaseChoice]: 'custom', [INPUT_IDS.releaseDate]: localDate(ms, timeZone), [INPUT_IDS.releaseTime]: time };
}

/**
 * `until 5`: a bare hour, as said aloud. 13 to 23 is that hour; 1 to 12 is the next time the clock
 * shows it, morning or afternoon (`until 5` at 10:00 is 17:00, at 03:00 it is 05:00; `until 12` is
 * noon or midnight). The form shows the date and time it chose before anything is booked.
 */
function nextBareHour(typed: number, base: number, clock: ReadingClock, minute = 0): number | null {
  if (typed < 1 || typed > 23) return null;
  const hours = bareHours(typed);
  const today = clock.wallAt(base);
  const times = [0, 1].flatMap((days) => hours.map((hour) => onDay(today, days, hour, minute, clock))).filter((at) => at > base);
  return Math.min(...times);
}

/** An hour of the clock said without am or pm, and its minutes: `5`, `five`, `5 o'clock`, `half past five`. */
interface BareClock {
  hour: number;
  minute: number;
}

/**
 * A clock time as said aloud, without am or pm: `5`, `17`, `five`, `5 o'clock`, `half past five` (5:30),
 * `quarter past 3`, `quarter to six` (5:45), `ten to 12`, `twenty past four`, `half five` (5:30, as said in
 * Britain); null for anything else.
 */
function readSpokenClock(text: string): BareClock | null {
  const words = text.replace(/\s+o['’]?\s*clock$/, '');
  const hourOf = (word: string, most = 12): number | undefined => {
    // `a` and `few` count lengths, not hours.
    const hour = /^(?:an?|(?:a\s+)?few)$/.test(word) ? undefined : readNumber(word);
    return hour !== undefined && hour >= 1 && hour <= most && (!/^\d/.test(word) || /^\d{1,2}$/.test(word)) ? hour : undefined;
  };
  // Digits alone may be any hour of the day (`until 17`); words are the twelve of the clock face.
  const alone = hourOf(words, /^\d/.test(words) ? 23 : 12);
  if (alone !== undefined) return { hour: alone, minute: 0 };
  // `4:30`, `4.30`: an afternoon hour of the working day with its minutes, read as the hour alone is (the next 4:30, so 16:30 in
  // the morning, where the day's clock read 4:30 tomorrow); `9:30`, `09:30`, `16:30` stay the day's clock.
  const faced = /^([1-6])[:.]([0-5]\d)$/.exec(words);
  if (faced !== null) return { hour: Number(faced[1]), minute: Number(faced[2]) };
  // `five thirty`, `four forty-five`, `one fifteen`: the hour and its minutes in words, as the clock is read aloud.
  const aloud = /^([a-z]+)\s+([a-z]+(?:-[a-z]+)?)$/.exec(words);
  const aloudHour = aloud === null ? undefined : hourOf(aloud[1]);
  const aloudMinutes = aloud === null || aloudHour === undefined ? undefined : numberWord(aloud[2]);
  if (aloudHour !== undefined && aloudMinutes !== undefined && aloudMinutes >= 10 && aloudMinutes <= 59) return { hour: aloudHour, minute: aloudMinutes };
  const said = /^(half|(?:a\s+)?quarter|[a-z]+(?:[-\s][a-z]+)?|\d{1,2})(?:\s+minutes?)?\s+(past|after|to|before|till)\s+(\S+)$/.exec(words);
  if (said !== null) {
    // (`a quarter`, never another word before `quarter`: `Zebrafalcon quarter to six` is no time.)
    const minutes = said[1] === 'half' ? 30 : /^(?:a\s+)?quarter$/.test(said[1]) ? 15 : /^(?:an?|few)$/.test(said[1]) ? undefined : readNumber(said[1]);
    const hour = hourOf(said[3]);
    if (minutes === undefined || hour === undefined || minutes < 1 || minutes > 30 || (said[1] === 'half' && !/^(?:past|after)$/.test(said[2]))) return null;
    if (/^(?:past|after)$/.test(said[2])) return { hour, minute: minutes };
    return { hour: hour === 1 ? 12 : hour - 1, minute: 60 - minutes };
  }
  const british = /^half\s+(\S+)$/.exec(words);
  const hour = british === null ? undefined : hourOf(british[1]);
  return hour === undefined ? null : { hour, minute: 30 };
}

/** A clock said aloud and the day it is on, either way round (`5 tomorrow`, `friday at 5`, `half past five`), or null. */
function readBareClock(text: string): (BareClock & { day: TypedClock['day'] }) | null {
  const words = text.split(' ');
  for (let cut = words.length; cut >= 1; cut--) {
    const clock = readSpokenClock(words.slice(0, cut).join(' '));
    const day = clock === null ? null : readDay(words.slice(cut));
    if (clock !== null && day !== null) return { ...clock, day };
  }
  for (let cut = 1; cut < words.length; cut++) {
    const dayWords = words.slice(0, cut);
    const clock = readSpokenClock(words.slice(cut).join(' '));
    const day = clock === null ? null : readDay(dayWords.at(-1) === 'at' ? dayWords.slice(0, -1) : dayWords);
    if (clock !== null && day !== null && day !== 'next') return { ...clock, day };
  }
  return null;
}

/**
 * The hour a clock said aloud means on a day named with it (`tomorrow at 9`, `friday at 5`): the working
 * day's, 7 to 11 in the morning and 1 to 6 in the afternoon; 12 is noon.
 */
function daytimeHour(hour: number): number {
  return hour >= 1 && hour <= 6 ? hour + 12 : hour;
}

/** `5 this afternoon`, `9 tomorrow morning`, `10 tonight`, `6 in the evening`: the clock and the part of the day said with it. */
const PART_OF_DAY = /^(.+?)\s+(?:(this|today|tomorrow|in\s+the|at)\s+)?(morning|afternoon|evening|night|tonight)$/;

/**
 * The instant of a clock said with the part of the day (`5 this afternoon` is 17:00 today, `12 tonight` the
 * end of today); undefined when the words are not so, null when they are but name no such time.
 */
function partOfDayAt(said: string, today: WallTime, base: number, clock: ReadingClock): number | null | undefined {
  const match = PART_OF_DAY.exec(said);
  const bare = match === null ? null : readBareClock(match[1]);
  if (match === null || bare === null) return undefined;
  const day = match[2] === 'tomorrow' ? 'tomorrow' : match[2] === 'this' || match[2] === 'today' ? 'today' : bare.day;
  const ahead = daysAhead(day, today);
  if (ahead === null || bare.hour > 12) return null;
  const late = match[3] !== 'morning';
  // `12 tonight` is midnight: the end of that day.
  if (late && bare.hour === 12 && /night/.test(match[3])) return endOfDay(today, ahead, clock);
  const hour = (bare.hour % 12) + (late ? 12 : 0);
  const at = onDay(today, ahead, hour, bare.minute, clock);
  if (at > base || (day !== 'next' && typeof day !== 'number')) return at;
  return onDay(today, ahead + (day === 'next' ? 1 : 7), hour, bare.minute, clock);
}

/** A clock said aloud, on its day: the next time the clock shows it when no day is named, else on that day in working hours. */
function bareClockAt(bare: BareClock & { day: TypedClock['day'] }, today: WallTime, base: number, clock: ReadingClock): number | null {
  if (bare.day === 'next') return nextBareHour(bare.hour, base, clock, bare.minute);
  const ahead = daysAhead(bare.day, today);
  if (ahead === null) return null;
  const at = onDay(today, ahead, daytimeHour(bare.hour), bare.minute, clock);
  // `friday at 5` said on a Friday evening: next week's.
  return at <= base && typeof bare.day === 'number' ? onDay(today, 7, daytimeHour(bare.hour), bare.minute, clock) : at;
}

/** `end of next week` (its Friday), `end of the month`, `end of next month`: how many days ahead that day is, or undefined. */
function daysToPeriodEnd(words: string, today: WallTime): number | undefined {
  const period = /^(?:the\s+)?end\s+of\s+(?:(next)\s+|the\s+|this\s+)?(week|month)$/.exec(words);
  // `the end of the week` is read as friday already.
  if (period === null || (period[2] === 'week' && period[1] === undefined)) return undefined;
  const weekday = new Date(Date.UTC(today.year, today.month - 1, today.day)).getUTCDay();
  if (period[2] === 'week') return ((8 - weekday) % 7 || 7) + 4;
  const [year, month] = period[1] === undefined ? [today.year, today.month] : today.month === 12 ? [today.year + 1, 1] : [today.year, today.month + 1];
  return Date.UTC(year, month - 1, daysInMonth(year, month)) / DAY - Date.UTC(today.year, today.month - 1, today.day) / DAY;
}

/** The hours on the clock a bare hour may mean: 1 to 12 morning or afternoon (12: midnight or noon), else that hour. */
function bareHours(typed: number): number[] {
  return typed === 0 || typed > 12 ? [typed] : [typed % 12, (typed % 12) + 12];
}

/**
 * How much longer `extend lab-3 by 2 hours` asks for (`by 2 hours`, `for a day`, `2h`, `another hour`,
 * `2 more hours`): whole minutes, or null when the words are no length (`until 18:00` is a time, not one).
 */
export function readTypedExtension(phrase: string): number | null {
  const trimmed = phrase.trim().replace(/\.$/, '');
  if (trimmed.length > MAX_TIME_PHRASE) return null;
  const words = withoutHedges(trimmed.replace(/^(?:by|for)\s+/i, ''))
    .replace(/\s+(?:more|longer|extra)$/i, '')
    .replace(/^((?:a\s+)?\S+)\s+more\s+(?=\S+$)/i, '$1 ')
    .replace(/^(?:another|an\s+extra|one\s+more)\s+(?=(\d)?)/i, (_words, digit?: string) => (digit === undefined ? '1 ' : ''));
  // A clock said in words (`noon`, `after lunch`) is a time, not a length; so is `17:00`, an hour past what an
  // extension's stopwatch shows (`2:30` stays two and a half hours).
  const spelled = everydayTime(words);
  const clock = /^(\d{1,2}):\d{2}$/.exec(spelled);
  if (clock && (spelled !== words || Number(clock[1]) >= 13)) return null;
  const length = readDuration(spelled) ?? bareMinutes(spelled) ?? readLengthRange(spelled);
  return length === null || length < MINUTE ? null : Math.round(length / MINUTE);
}

/**
 * `for 2 hours`, `until 18:00`, `till tomorrow 9am`, `for the day`: the register form's release
 * inputs (a quick choice when one says exactly that, else a custom date and time), or null when
 * the words are not a time. Whether the time is allowed (in the future, at most 90 days ahead) is
 * the form's check, as for anything chosen in it.
 */
export function readTypedRelease(phrase: string, now: string, timeZone: string): FormValues | null {
  // One full stop at the end is how a sentence ends (`book lab-3 for 2 hours.`).
  const trimmed = phrase.trim().replace(/\.$/, '');
  if (trimmed.length > MAX_TIME_PHRASE) return null;
  const match = /^(for|over|until|till|til)\s+(\S.*)$/i.exec(/^overnight$/i.test(trimmed) ? 'for the night' : trimmed);
  const base = parseIso(now);
  if (!match || base === null) return null;
  const display = safeZone(timeZone);
  const keyword = match[1].toLowerCase();
  // `until 2026-12-03T17:00Z`, `until 2026-12-03T18:00+01:00`: an instant, as a pipeline writes one.
  const instant = keyword === 'for' ? undefined : typedIsoInstant(match[2]);
  if (instant !== undefined) return customValues(instant, display);
  // `until 17:00 CET`: the time is on that zone's clock; the form still shows it on the display zone's.
  const zoned = splitTypedZone(match[2]);
  const said = withoutHedges((zoned?.rest ?? match[2]).trim());
  // A length may be any number (`for 2100 hours`); a time after `until` may be written without its colon.
  const typed = keyword === 'for' ? said : withColons(said);
  const clock = zoneClock(zoned?.zone ?? { kind: 'zone', zone: display });
  // `for the afternoon`, `over the weekend`: until the stretch ends. `over` says nothing else.
  const span = keyword === 'for' || keyword === 'over' ? SPANS.find(([pattern]) => pattern.test(typed))?.[1] : undefined;
  if (keyword === 'over' && span === undefined) return null;
  const today = clock.wallAt(base);
  // `5 this afternoon`, `9 tomorrow morning`: said before the everyday words make `morning` a time of its own.
  const part = keyword === 'for' ? undefined : partOfDayAt(typed.toLowerCase(), today, base, clock);
  if (part !== undefined) return part === null ? null : customValues(part, display);
  const words = everydayTime(span ?? typed);
  // The form's `end of today` is the display zone's; another zone's day ends at another instant.
  if (END_OF_DAY.test(words)) return zoned === null ? { [INPUT_IDS.releaseChoice]: 'eod' } : customValues(endOfDay(today, 0, clock), display);
  // `eod friday`, `tomorrow cob`: the end of that day.
  const endOfNamedDay = keyword === 'for' ? null : DAY_AND_END_OF_DAY.exec(words);
  if (endOfNamedDay !== null) {
    const day = readDay((endOfNamedDay[1] ?? endOfNamedDay[2]).toLowerCase().split(/\s+/));
    const ahead = day === null || day === 'next' ? null : daysAhead(day, today);
    return ahead === null ? null : customValues(endOfDay(today, ahead, clock), display);
  }
  // `for 2 working days`, `for 3 business days`: that many weekdays on, at this time of day (Saturday and Sunday skipped).
  const workdays = keyword === 'for' && zoned === null ? WORKING_DAYS.exec(words)?.[1] : undefined;
  if (workdays !== undefined) {
    const count = /^\d+$/.test(workdays) ? Number(workdays) : numberWord(workdays.toLowerCase()) ?? (/^(?:a|one)$/i.test(workdays) ? 1 : undefined);
    const ahead = count === undefined ? undefined : weekdaysAhead(today, count);
    return ahead === undefined ? null : customValues(onDay(today, ahead, today.hour, today.minute, clock), display);
  }
  if (keyword === 'for' && span === undefined) {
    // A length is the same on every clock: `for 2 hours CET` says something else.
    // `for the next 2 hours`, `for another hour`: the length that follows.
    const length = zoned === null ? readLength(words) : null;
    if (length === null) return null;
    const quick = QUICK_CHOICES.get(length);
    return quick ? { [INPUT_IDS.releaseChoice]: quick } : customValues(base + length, display);
  }
  // `until tomorrow`: the same time tomorrow.
  if (/^tomorrow$/i.test(words)) return { [INPUT_IDS.releaseChoice]: '1d' };
  const periodDays = daysToPeriodEnd(words.toLowerCase(), today);
  if (periodDays !== undefined) return customValues(endOfDay(today, periodDays, clock), display);
  // A clock said aloud (`until 5`, `until five`, `until half past five`, `until friday at 5`).
  const bare = readBareClock(words.toLowerCase());
  if (bare !== null) {
    const at = bareClockAt(bare, today, base, clock);
    return at === null ? null : customValues(at, display);
  }
  const clockTime = readClock(words);
  if (clockTime === null) return null;
  const ahead = daysAhead(clockTime.day, today);
  if (ahead === null) return null;
  // `until friday`, `until 3 dec`: the end of that day (`until friday` on a Friday is the end of today).
  if (clockTime.time === undefined) {
    return ahead === 0 && zoned === null ? { [INPUT_IDS.releaseChoice]: 'eod' } : customValues(endOfDay(today, ahead, clock), display);
  }
  const { hour, minute } = clockTime.time;
  let at = onDay(today, ahead, hour, minute, clock);
  // `until 9:00` said at 10:00 means tomorrow, `until fri 9:00` said on a Friday at 10:00 next week;
  // `until today 9:00` (or a date typed with its year) stays in the past, and the form says so.
  if (at <= base && clockTime.day === 'next') at = onDay(today, 1, hour, minute, clock);
  if (at <= base && typeof clockTime.day === 'number') at = onDay(today, 7, hour, minute, clock);
  return customValues(at, display);
}

/** A date said with its month's name, just before a year (`31 dec `, `december 31, `, `the 3rd of march `). */
const DATE_BEFORE_YEAR =
  /(?:^|\s)(?:(?:the\s+)?\d{1,2}(?:st|nd|rd|th)?(?:\s+of)?\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\s+(?:the\s+)?\d{1,2}(?:st|nd|rd|th)?),?\s+$/i;

/** `1730`, `1730h`, `0930 hrs`, `17h`: a 24-hour time written without its colon, as `17:30` (other words stay as typed). */
function withColons(words: string): string {
  return words
    .replace(/(^|\s)([01]\d|2[0-3])([0-5]\d)(?:\s*(?:h|hrs))?(?=\s|$)/gi, (whole: string, lead: string, hours: string, minutes: string, at: number, text: string) =>
      // `31 dec 2026`, `december 31, 2026`: after a date with its month's name, 20xx is its year.
      hours === '20' && !/h/i.test(whole) && DATE_BEFORE_YEAR.test(text.slice(0, at + lead.length)) ? whole : `${lead}${hours}:${minutes}`,
    )
    .replace(/(^|\s)(0\d|1[3-9]|2[0-3])h(?=\s|$)/gi, '$1$2:00')
    // `17:00h`, `17 uhr`: the hour mark after a 24-hour time says nothing more.
    .replace(/(^|\s)([01]?\d|2[0-3]):([0-5]\d)\s*(?:h|hrs|uhr)(?=\s|$)/gi, '$1$2:$3')
    .replace(/(^|\s)(1[3-9]|2[0-3])\s+uhr(?=\s|$)/gi, '$1$2:00')
    // `5:30p`, `5p`: pm (and `a`, am), as a phone shortens them; `5 o'clock pm`: 5 pm.
    .replace(/(^|\s)(\d{1,2}(?:[:.][0-5]\d)?)\s*([ap])(?=\s|$)/gi, '$1$2$3m')
    .replace(/(^|\s)(\d{1,2})\s+o['’]?\s*clock\s+([ap]\.?m\.?)(?=\s|$)/gi, '$1$2 $3');
}

/** An ISO 8601 date and time with `Z` or an offset, in ms; undefined for anything else. */
function typedIsoInstant(text: string): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/i.test(text.trim())) return undefined;
  const ms = Date.parse(text.trim().toUpperCase());
  return Number.isNaN(ms) ? undefined : ms;
}

const ANY_INSTANT = new Date(0).toISOString();

/**
 * Whether the words read as a time at all (`until friday`, `for 2 hours`): that does not depend on the clock,
 * so any instant serves.
 */
export function isTypedTime(phrase: string): boolean {
  return readTypedRelease(phrase, ANY_INSTANT, 'UTC') !== null;
}

/**
 * `until 17:00 atlantis time`, `until 5pm Mars/Olympus`: the last words, when they are what keeps a time from
 * being read (so likely a zone the bot does not know); undefined otherwise.
 */
export function unknownZoneWords(phrase: string): string | undefined {
  const words = phrase.trim().split(/\s+/);
  for (let count = 1; count <= 3 && count < words.length - 1; count++) {
    const zone = words.slice(-count).join(' ');
    // Words that could name a place or a zone, not a purpose or the rest of a sentence.
    if (!/^(?:[a-z][a-z_/+-]*(?:\s+[a-z][a-z_/+-]*)*?(?:\s+time)?|[a-z]+\/[a-z_]+)$/i.test(zone) || !(/\btime$|\//i.test(zone) || /^[A-Z]{2,5}$/.test(zone))) continue;
    if (isTypedTime(words.slice(0, -count).join(' '))) return zone;
  }
  return undefined;
}

/**
 * `until 18:00`, `until tomorrow 9am`, `till fri 17:00`: the instant meant (ISO 8601 UTC), read as
 * the register form reads it, or null when the words are no time or the time is not allowed
 * (passed, or more than 90 days ahead).
 */
export function readTypedInstant(phrase: string, now: string, timeZone: string): string | null {
  const values = readTypedRelease(phrase, now, timeZone);
  const resolved = values === null ? null : releaseOfValues(values, now, timeZone);
  return resolved?.ok ? resolved.iso : null;
}

/** The release a form's values say (the instant, or why it is not allowed); null when they say none. */
export function releaseOfValues(values: FormValues, now: string, timeZone: string): ReturnType<typeof resolveRelease> | null {
  const [choice, date, time] = [INPUT_IDS.releaseChoice, INPUT_IDS.releaseDate, INPUT_IDS.releaseTime].map((id) => values[id] ?? '');
  return choice === '' && date === '' && time === '' ? null : resolveRelease(choice, date, time, now, timeZone);
}

/** A start said a little ahead (`from 10` at 09:50) is now: the booking starts when it is made. */
const START_GRACE_MS = 15 * MINUTE;
/** A range longer than this, from a start that has passed, is about another day (`from 9 to 12` said at 19:00). */
const RANGE_MAX_MS = 12 * HOUR;

/**
 * `from 9 to 12`, `9-17`, `between 2pm and 5pm`: a start and an end on today's clock. When the
 * start is now or has passed (a bare hour is the one nearest now, morning or afternoon), the
 * release inputs for the end, as `until 12` reads it; `ahead` when the start is later than now
 * (a booking starts when it is made) or the range is about another day; null when the words are
 * no clock times.
 */
export function readTypedRange(start: string, end: string, now: string, timeZone: string): FormValues | 'ahead' | null {
  const base = parseIso(now);
  // A bare hour may mean two times on today's clock; `9:30`, `2pm` one.
  const typed = start.trim().toLowerCase().replace(/^(?:noon|midday)$/, '12:00');
  const bare = /^\d{1,2}$/.test(typed) ? Number(typed) : undefined;
  const time = bare === undefined ? readTime(typed.split(/\s+/)) : null;
  const clock = bare !== undefined && bare <= 23 ? bareHours(bare).map((hour) => ({ hour, minute: 0 })) : time ? [time] : [];
  if (base === null || clock.length === 0) return null;
  // `from 9 to 12 CET`: the zone said after the end is the start's too.
  const zone = splitTypedZone(end)?.zone ?? { kind: 'zone', zone: safeZone(timeZone) };
  const reading = zoneClock(zone);
  const today = reading.wallAt(base);
  const starts = clock.map(({ hour, minute }) => onDay(today, 0, hour, minute, reading));
  const values = readTypedRelease(`until ${end}`, now, timeZone);
  if (values === null) return null;
  const resolved = resolveRelease(values[INPUT_IDS.releaseChoice] ?? '', values[INPUT_IDS.releaseDate] ?? '', values[INPUT_IDS.releaseTime] ?? '', now, timeZone);
  const until = resolved.ok ? Date.parse(resolved.iso) : undefined;
  // A start comes before its end (`9-17`: nine in the morning), and of those the one nearest now.
  const beforeEnd = until === undefined ? [] : starts.filter((at) => at < until);
  const from = (beforeEnd.length > 0 ? beforeEnd : starts).reduce((best, at) => (Math.abs(at - base) < Math.abs(best - base) ? at : best));
  if (from > base + START_GRACE_MS) return 'ahead';
  return until !== undefined && until - from <= RANGE_MAX_MS ? values : 'ahead';
}
