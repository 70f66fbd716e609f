/**
 * A time zone typed with a time (`until 17:00 CET`, `at 9am PST tomorrow`, `until 16:00 UTC`, `until 5pm
 * Bangalore time`, `until 14:00 UTC+5:30`): which clock the time is on. The bot shows its own times as
 * `18:00 UTC` (and `19:00 Europe/Berlin`), so what it writes reads back the same. Pure.
 */
import { isValidTimeZone } from '../time-rules.js';
import { instantOfWallTime, wallTimeAt, type WallTime } from './time.js';

const MINUTE = 60_000;

/** The clock a typed time is on: a zone Intl knows, or a fixed offset from UTC (`UTC+5:30`, which no zone name gives). */
export type TypedZone = { kind: 'zone'; zone: string } | { kind: 'offset'; offsetMs: number };

/** The clock typed times are read on: the display zone's, or the one typed with the time (`until 17:00 CET`). */
export interface ReadingClock {
  wallAt(ms: number): WallTime;
  instantOf(wall: WallTime): number;
}

export function zoneClock(zone: TypedZone): ReadingClock {
  if (zone.kind === 'zone') return { wallAt: (ms) => wallTimeAt(ms, zone.zone), instantOf: (wall) => instantOfWallTime(wall, zone.zone) };
  // A fixed offset: the UTC reading of the instant moved by it.
  const { offsetMs } = zone;
  return { wallAt: (ms) => wallTimeAt(ms + offsetMs, 'UTC'), instantOf: (wall) => instantOfWallTime(wall, 'UTC') - offsetMs };
}

/**
 * The abbreviations people type with a time, each read as the zone of the place it is usually said
 * about, so that summer time follows the calendar (`CET` in July is the clock in Berlin then). Some
 * are said of two places (`IST` of India and of Ireland, `CST` of the US and of China); the one a lab
 * team most likely means is taken, and a zone's full name (`Europe/Dublin`) says the other.
 */
const ABBREVIATIONS: Readonly<Record<string, string>> = {
  utc: 'UTC', gmt: 'UTC', z: 'UTC', zulu: 'UTC', ut: 'UTC',
  cet: 'Europe/Berlin', cest: 'Europe/Berlin', mez: 'Europe/Berlin', mesz: 'Europe/Berlin',
  eet: 'Europe/Athens', eest: 'Europe/Athens', wet: 'Europe/Lisbon', west: 'Europe/Lisbon',
  bst: 'Europe/London', msk: 'Europe/Moscow', ist: 'Asia/Kolkata',
  pt: 'America/Los_Angeles', pst: 'America/Los_Angeles', pdt: 'America/Los_Angeles',
  mt: 'America/Denver', mst: 'America/Denver', mdt: 'America/Denver',
  ct: 'America/Chicago', cst: 'America/Chicago', cdt: 'America/Chicago',
  et: 'America/New_York', est: 'America/New_York', edt: 'America/New_York',
  jst: 'Asia/Tokyo', kst: 'Asia/Seoul', sgt: 'Asia/Singapore', hkt: 'Asia/Hong_Kong',
  aest: 'Australia/Sydney', aedt: 'Australia/Sydney', nzst: 'Pacific/Auckland', nzdt: 'Pacific/Auckland',
  eastern: 'America/New_York', central: 'America/Chicago', mountain: 'America/Denver', pacific: 'America/Los_Angeles',
};

/** Abbreviations of one or two letters are words too often (`at 5 pt`?): they count only right after a time. */
const SHORT = /^[a-z]{1,2}$/;

/** `… time`: a region or a city that is no zone's last part (those are looked up in Intl's list). */
const PLACES: Readonly<Record<string, string>> = {
  india: 'Asia/Kolkata', indian: 'Asia/Kolkata', bangalore: 'Asia/Kolkata', bengaluru: 'Asia/Kolkata', mumbai: 'Asia/Kolkata',
  delhi: 'Asia/Kolkata', 'new delhi': 'Asia/Kolkata', chennai: 'Asia/Kolkata', hyderabad: 'Asia/Kolkata', pune: 'Asia/Kolkata',
  uk: 'Europe/London', british: 'Europe/London', 'san jose': 'America/Los_Angeles', 'san francisco': 'America/Los_Angeles',
  california: 'America/Los_Angeles', seattle: 'America/Los_Angeles', boston: 'America/New_York', raleigh: 'America/New_York',
  austin: 'America/Chicago', dallas: 'America/Chicago', beijing: 'Asia/Shanghai', munich: 'Europe/Berlin', ottawa: 'America/Toronto',
  'central european': 'Europe/Berlin', 'eastern european': 'Europe/Athens', 'western european': 'Europe/Lisbon',
};

/** A zone's last part as said (`new york`, `berlin`), built from Intl's list once a place is asked about. */
let cities: Map<string, string> | undefined;

function cityZone(place: string): string | undefined {
  if (cities === undefined) {
    cities = new Map();
    for (const zone of Intl.supportedValuesOf('timeZone')) {
      const city = zone.split('/').at(-1)?.replace(/_/g, ' ').toLowerCase();
      if (city !== undefined && zone.includes('/') && !cities.has(city)) cities.set(city, zone);
    }
  }
  return cities.get(place);
}

/** The widest offsets clocks keep: UTC−12 to UTC+14. */
const MAX_EAST = 14 * 60;
const MAX_WEST = 12 * 60;

/** `UTC+2`, `GMT-7`, `UTC+05:30`, `+05:30`, `-0700`: the offset, or null. A bare sign needs both digits of the hour. */
function readOffset(word: string): TypedZone | null {
  const match = /^(?:(?:utc|gmt)\s*([+\-−])\s*(\d{1,2})(?::?(\d{2}))?|([+\-−])(\d{2}):?(\d{2}))$/.exec(word);
  if (match === null) return null;
  const [sign, hours, minutes] = match[1] === undefined ? [match[4], match[5], match[6]] : [match[1], match[2], match[3] ?? '0'];
  const total = Number(hours) * 60 + Number(minutes);
  const east = sign === '+';
  if (Number(minutes) > 59 || total > (east ? MAX_EAST : MAX_WEST)) return null;
  return { kind: 'offset', offsetMs: (east ? total : -total) * MINUTE };
}

/** `Europe/Berlin`, `america/new_york`: a zone Intl knows (names are matched ignoring case). */
function readZoneName(word: string): TypedZone | null {
  if (!/^[a-z]+(?:\/[a-z0-9_+\-]+){1,2}$/i.test(word) || !isValidTimeZone(word)) return null;
  return { kind: 'zone', zone: word };
}

/**
 * The words as a zone (lowercase, single spaces): an abbreviation, a zone's name, an offset, or a
 * place followed by `time` (`berlin time`, `india time`, `pacific time`, `cet time`); null otherwise.
 */
export function readTypedZone(words: string, afterTime = true): TypedZone | null {
  const text = words.trim().toLowerCase();
  const abbreviation = ABBREVIATIONS[text];
  if (abbreviation !== undefined) return afterTime || !SHORT.test(text) ? { kind: 'zone', zone: abbreviation } : null;
  const named = readOffset(text.replace(/\s+/g, '')) ?? readZoneName(words.trim());
  if (named !== null) return named;
  const place = /^(.+?)\s+time$/.exec(text)?.[1];
  if (place === undefined) return null;
  const zone = ABBREVIATIONS[place] ?? PLACES[place] ?? cityZone(place);
  return zone === undefined ? readTypedZone(place) : { kind: 'zone', zone };
}

/** A word that ends a clock time: `17:00`, `5pm`, `5`, `pm`. */
const ENDS_A_TIME = /(?:\d|[ap]m)$/;

/**
 * A zone said in a time phrase, and the phrase without it: at its end (`friday 17:00 CET`, `end of
 * day IST`), or right after the time, before the day (`9am PST tomorrow`). At most four words
 * (`san francisco time`, `utc + 5:30`); null when the phrase says no zone.
 */
export function splitTypedZone(phrase: string): { rest: string; zone: TypedZone } | null {
  const words = phrase.trim().split(/\s+/);
  for (let start = 1; start < words.length; start++) {
    const afterTime = ENDS_A_TIME.test(words[start - 1].toLowerCase());
    for (let end = Math.min(words.length, start + 4); end > start; end--) {
      // In the middle, a zone follows the time it is about.
      if (end < words.length && !afterTime) continue;
      const zone = readTypedZone(words.slice(start, end).join(' '), afterTime);
      if (zone !== null) return { rest: [...words.slice(0, start), ...words.slice(end)].join(' '), zone };
    }
  }
  return null;
}

/** `CET for the soak` after a range's end: the zone's words and what follows them, or null when the text starts with no zone. */
export function leadingZone(text: string): { zoneWords: string; rest?: string } | null {
  // A zone is at most four short words: the rest of a long message need not be split.
  const words = text.trim().slice(0, 80).split(/\s+/);
  for (let end = Math.min(words.length, 4); end > 0; end--) {
    if (readTypedZone(words.slice(0, end).join(' ')) === null) continue;
    const rest = words.slice(end).join(' ');
    return { zoneWords: words.slice(0, end).join(' '), ...(rest === '' ? {} : { rest }) };
  }
  return null;
}
