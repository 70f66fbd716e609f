/**
 * A booking typed in one line: `book lab-3 for 2 hours`, `register lab-3 until 18:00`,
 * `book lab-3 for the firmware soak`, `book lab-3 until tomorrow 9am for the soak test`. It is read
 * into the register form's inputs, so the form arrives filled in and one press books; nothing is
 * booked from typed text alone. Pure; the time is read by `typed-time.ts`.
 */
import type { FormValues, TestbedRecord } from '../domain.js';
import { LAB_LIMITS, findByTypedName, hasLabel, labelCarried, sameName } from '../lab-rules.js';
import { INPUT_IDS, LIMITS } from './actions.js';
import { CLOCK_WITH_HOURS, MAX_TIME_PHRASE, isTypedTime, numberWord, readTypedRange, readTypedRelease, releaseOfValues } from './typed-time.js';
import { leadingZone } from './typed-zone.js';

/** The testbeds a typed booking is read against: their names, and the labels they carry (a booking may name one). */
type Lab = Pick<TestbedRecord, 'testbed_name' | 'labels'>;

/** How many places a clause could start (` for `, ` until `) are tried in one typed booking. */
const MAX_CLAUSE_STARTS = 6;

/** What a typed booking says: the testbed as typed (absent: none named), and the form inputs it fills. */
export interface TypedBooking {
  name?: string;
  values: FormValues;
  /** Words after the testbed that looked like a time and were not one (`until the demo`): the form says so. */
  unread?: string;
}

/**
 * Words after `register`, `book` or `release` that name no testbed: `book a testbed`, `book any
 * free one`, `register one please`, `release mine`.
 */
export const NO_NAME =
  /^(?:(?:(?:a|an|the|my|our|any|some|this|that|one)\s+)?(?:(?:first|next)\s+)?(?:(?:free|available)\s+)?(?:testbeds?|one|it|this|that|mine|something|anything|any|please|stuff|things)|(?:the\s+)?(?:first|next)\s+(?:free|available)|(?:whatever|whichever|anything|any(?:\s+one)?|one)\s+(?:(?:testbed\s+|one\s+)?(?:is|that(?:['’]s|\s+is))\s+)?(?:free|available)|(?:the\s+one|whatever|what)\s+i\s+(?:have|hold|booked|got))(?:\s+please)?$/i;

/** `2 testbeds`, `two 5g ones`, `a couple of boxes`: several testbeds at once, where a name would be (group 1, a label said with them). */
export const SEVERAL_AT_ONCE = /^(?:\d+|two|three|four|five|six|several|multiple|a\s+(?:couple|few)(?:\s+of)?)\s+(?:(?:free|available)\s+)?(?:(\S+)\s+)?(?:testbeds|ones|rigs|boxes)$/i;

/** Where a clause may start: before each ` for `, ` until `, ` till `, ` til `, ` to `, ` through `, ` over `, ` overnight` or ` because ` (and at the very start). */
function clauseStarts(text: string): number[] {
  const starts: number[] = [];
  const pattern = /(?:^|\s)(?=(?:for|until|till|til|to|through|thru|over|because)\s|overnight(?:\s|$))/gi;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    starts.push(match.index);
    pattern.lastIndex = match.index + Math.max(match[0].length, 1);
  }
  return starts;
}

/**
 * `<clauses>` after a testbed's name: a time (`for 2 hours`, `until 18:00`), a purpose
 * (`for the firmware soak`), or a time followed by a purpose. Null when there are none.
 */
function readClauses(rest: string, now: string, timeZone: string): FormValues | null {
  const text = rest.trim();
  const whole = readTime(text, now, timeZone);
  if (whole) return whole;
  // A time, then `for <purpose>` (or `to …`, `because …`).
  for (const start of clauseStarts(text).filter((at) => at > 0 && at <= MAX_TIME_PHRASE)) {
    const release = readTime(text.slice(0, start), now, timeZone);
    const purpose = PURPOSE.exec(text.slice(start).trim())?.[1];
    if (release && purpose !== undefined) return { ...release, ...purposeValue(purpose) };
  }
  // Only a purpose, or a purpose and then a time (`for the soak for 2 hours`, `for the soak until 5pm`, `for the soak, 2 hours`).
  const purpose = PURPOSE.exec(text)?.[1];
  // (`for 0 minutes`, `for -1 hours`: a length no booking can have, never the purpose; `for tomorrow`, a later day, which the form
  // names as booking ahead.)
  if (purpose === undefined || NO_LENGTH.test(purpose) || forLaterDay(` for ${purpose}`, now, timeZone) === 0) return null;
  return purposeThenTime(purpose, now, timeZone) ?? purposeValue(purpose);
}

/** `any two`, `any 3`: a count of testbeds, no testbed's name. */
const ANY_COUNT = /^any\s+(?:[2-9]|two|three|four|five|six)$/i;

/** A length of no time, or less than none: `0 minutes`, `-1 hours`. */
const NO_LENGTH = /^(?:[-−–]\s*\d+(?:[.,]\d+)?|0+(?:[.,]0+)?)\s*(?:m|mins?|minutes?|h|hrs?|hours?|d|days?|w|wks?|weeks?)$/i;

/** Where a time may follow a purpose: before ` for `, ` until `, ` till `, ` over `, `overnight`, or after a comma or a dash. */
const TIME_AFTER_PURPOSE = /(?:,\s*|\s+)(?=(?:for|until|till|til|through|thru|over)\s|overnight(?:\s|$))|(?:,|\s[-–—])\s*(?=\S)/gi;

/**
 * A purpose, then a time: the purpose is what comes before the last clause that reads as a time, as the form takes
 * it (`the soak for 2 hours`: the soak, two hours). Null when no clause does (`testing for the release`: a purpose).
 */
function purposeThenTime(purpose: string, now: string, timeZone: string): FormValues | null {
  const starts = [...purpose.slice(0, LIMITS.purposeMax + MAX_TIME_PHRASE).matchAll(TIME_AFTER_PURPOSE)].slice(-4).reverse();
  for (const start of starts) {
    const head = purpose.slice(0, start.index).trim();
    const tail = purpose.slice(start.index! + start[0].length).trim();
    if (head === '' || tail.length > MAX_TIME_PHRASE) continue;
    // After a comma the clause may have no word of its own: a length (`, 2 hours`) or a time (`, friday`).
    const release = asClause(tail, now, timeZone);
    if (release) return { ...release.values, ...purposeValue(head) };
  }
  // `regression testing 2h`: a length at the very end, with no word of its own.
  const length = LENGTH_LAST.exec(purpose.slice(0, LIMITS.purposeMax + MAX_TIME_PHRASE));
  const release = length === null ? null : readTime(`for ${length[2]}`, now, timeZone);
  return length !== null && release !== null ? { ...release, ...purposeValue(length[1]) } : null;
}

/** `for the firmware soak`, `to test the upgrade`, `because the rack moves`: the purpose after its first word. */
const PURPOSE = /^(?:for|to|because(?:\s+of)?)\s+(\S.*)$/is;

/**
 * A release time as the form reads it; `to friday` and `through friday` read as `until friday`, and `through the weekend` as
 * `over the weekend` (the weekend is in it: back on Monday morning).
 */
function readTime(phrase: string, now: string, timeZone: string): FormValues | null {
  if (/^\s*(?:through|thru)\s+(?:the\s+|this\s+)?weekend\s*$/i.test(phrase)) return readTypedRelease('over the weekend', now, timeZone);
  const until = /^\s*(?:to|through|thru)\s+(\S.*)$/is.exec(phrase)?.[1];
  return readTypedRelease(until === undefined ? phrase : `until ${until}`, now, timeZone);
}

/**
 * Words read as a release clause: as they stand when they start with one (`for 2 hours`, `until 5pm`), else after `until`
 * or `for` (`friday`, `2 hours`); the clause and what it fills in, or undefined when neither reads.
 */
function asClause(words: string, now: string, timeZone: string): { phrase: string; values: FormValues } | undefined {
  const said = /^(?:for|until|till|til|through|thru|over|overnight)\b/i.test(words) ? [words] : [`until ${words}`, `for ${words}`];
  let passed: { phrase: string; values: FormValues } | undefined;
  for (const phrase of said) {
    const values = readTime(phrase, now, timeZone);
    if (values === null) continue;
    // `book lab-5 this morning` at ten: not until nine, which has passed, but for the morning.
    if (passed === undefined && said.length > 1 && releaseOfValues(values, now, timeZone)?.ok === false) passed = { phrase, values };
    else return { phrase, values };
  }
  return passed;
}

function purposeValue(purpose: string): FormValues {
  // `(regression)`, `[soak]`, `"soak test"`: the brackets or quotes around the whole say nothing; `It's for the demo` (a sentence
  // of its own after the time) is `the demo`.
  const typed = purpose.trim().replace(/^(?:it|this|that)(?:['’]s|\s+is)\s+for\s+(?=\S)/i, '');
  const around = /^(?:\((?<round>[^()]+)\)|\[(?<square>[^[\]]+)\]|"(?<straight>[^"]+)"|'(?<single>[^']+)'|“(?<curly>[^“”]+)”|‘(?<curlySingle>[^‘’]+)’)$/.exec(typed)?.groups;
  const inside = around === undefined ? undefined : Object.values(around).find((words) => words !== undefined);
  return { [INPUT_IDS.purpose]: (inside ?? typed).trim().slice(0, LIMITS.purposeMax) };
}

/**
 * Reads what follows `book` or `register`. The testbed's name may hold spaces and even the word
 * `for`, so each place a clause could start is tried from the left: the first whose name is one
 * of `testbeds` (and whose rest reads as clauses) wins, then the first whose name is the start of
 * one; failing that, the first whose rest is a time. Otherwise the whole text is the name, as
 * before (the form then says no testbed is called so). A purpose is only read after a name that
 * finds a testbed or a label the lab has, or after words that name none (`a testbed for the soak`).
 * `asked`: `booking` when the words followed `book` (or words for it), which also reads a time and a purpose with
 * nothing between them; `maybe` when they may be something else (`lab-3 regression until 5pm` without `book`).
 */
export function readTypedBooking(typed: string, testbeds: readonly Lab[], now: string, timeZone: string, asked: 'booking' | 'maybe' = 'maybe'): TypedBooking {
  // (`any two`: a count, which the form answers one at a time, not `any` and a time.)
  if (ANY_COUNT.test(typed.trim())) return { name: typed.trim(), values: {} };
  const read = readBooking(typed, testbeds, now, timeZone, asked);
  // `…, back by 6`, `… until: 5pm`: kept when the end so said reads, every word with it (after `book` only: `lab-3 back by friday`
  // is news).
  const endSaid = asked === 'booking' ? withEndSaid(typed) : typed;
  const again = endSaid === typed ? undefined : readBooking(endSaid, testbeds, now, timeZone, asked);
  const better = again !== undefined && again.unread === undefined && again.values[INPUT_IDS.releaseChoice] !== undefined && read.values[INPUT_IDS.releaseChoice] === undefined;
  return withoutOwnLabel(better ? again : read, typed, testbeds);
}

/**
 * `book lab-5 5g 2h`, `book lab-5 (5g) until 5pm`, `book lab-5 5g testbed`: a label the named testbed carries, typed after
 * its name, says which testbed that is again; it is no purpose, nor words left unread. Said after `for` (`book lab-5 for
 * 5g`) it is the purpose typed.
 */
function withoutOwnLabel(read: TypedBooking, typed: string, testbeds: readonly Lab[]): TypedBooking {
  const match = read.name === undefined ? undefined : findByTypedName(testbeds, read.name);
  if (match === undefined || !('found' in match)) return read;
  const record = match.found;
  const own = (words: string | undefined): boolean => {
    const label = /^[([]?\s*(?:(?:the|a|an)\s+)?(\S+?)(?:\s+(?:testbed|one|box|rig|setup))?\s*[)\]]?$/i.exec(words?.trim() ?? '')?.[1];
    return label !== undefined && hasLabel(record, label);
  };
  const { [INPUT_IDS.purpose]: purpose, ...values } = read.values;
  const { unread, ...rest } = read;
  if (own(unread)) return rest;
  const saidFor = purpose !== undefined && typed.toLowerCase().includes(`for ${purpose.toLowerCase()}`);
  return own(purpose) && !saidFor ? { ...read, values } : read;
}

function readBooking(typed: string, testbeds: readonly Lab[], now: string, timeZone: string, asked: 'booking' | 'maybe'): TypedBooking {
  const read = readAsTyped(typed, testbeds, now, timeZone);
  if (asked === 'maybe') return read;
  // Only after `book` (or `register`) are a time and a purpose read with nothing between them: without the verb the same
  // words may be news about the testbed (`lab-3 maintenance until friday`).
  if (read.unread === undefined && (read.name === undefined || bookedName(testbeds, read.name) !== undefined)) return lengthBeforePurpose(read, now, timeZone);
  const said = withTimeAndPurpose(typed.trim(), testbeds, now, timeZone);
  const again = said === undefined ? undefined : readTypedWords(said, testbeds, now, timeZone);
  const whole = again !== undefined && again.unread === undefined && (again.name === undefined || bookedName(testbeds, again.name) !== undefined);
  return whole && again.values[INPUT_IDS.releaseChoice] !== undefined ? again : (startsLater(typed, read, testbeds) ?? read);
}

/**
 * `book lab-5 at 2pm for an hour`, `book lab-5 in 30 min for 2 hours`: a testbed, then a later start, where the name was read
 * as running up to the length (*lab-5 at 2pm*). The testbed, and the rest left unread, which the form names as booking ahead.
 */
function startsLater(typed: string, read: TypedBooking, testbeds: readonly Lab[]): TypedBooking | undefined {
  if (read.name === undefined || bookedName(testbeds, read.name) !== undefined) return undefined;
  const text = typed.trim();
  const end = wordEnds(text).find((at) => bookedName(testbeds, text.slice(0, at).trim(), true) !== undefined);
  const rest = end === undefined ? '' : text.slice(end).trim();
  return end !== undefined && /^(?:at|in|from|starting|beginning)\s/i.test(rest) && asksToBookAhead(rest) ? { name: text.slice(0, end).trim(), values: {}, unread: rest } : undefined;
}

/**
 * `…, back by 6`, `…, done by 5`, `… until: 5pm`, `… time=2h`: the end or the length said with other words or marks, as `until 6`
 * and `for 2h` say them.
 */
function withEndSaid(typed: string): string {
  return typed
    .replace(/\s*[,;]\s*(?:(?:i['’]?ll\s+be\s+|will\s+be\s+)?(?:back|done|finished|free|released?|returned?)\s+(?:by|at|around))\s+(?=\S)/gi, ' until ')
    .replace(/(?:\s*[,;]\s*|\s+)(?:until|till|end|due|release)\s*[:=]\s*(?=\S)/gi, ' until ')
    .replace(/(?:\s*[,;]\s*|\s+)(?:time|length|duration|for)\s*[:=]\s*(?=\S)/gi, ' for ')
    .replace(/(?<=\s)purpose\s*=\s*(?=\S)/gi, 'purpose: ');
}

/** Reads a typed booking as its words stand, and as said with `for` where they say a purpose or a time otherwise. */
function readAsTyped(typed: string, testbeds: readonly Lab[], now: string, timeZone: string): TypedBooking {
  const first = readTypedWords(typed, testbeds, now, timeZone);
  // `book lab-3 by eod`, `by 5pm`: a time after `by` is when it is due back, as after `until`.
  const byTime = first.unread === undefined ? undefined : /^by\s+(\S[\s\S]*)$/i.exec(first.unread)?.[1];
  const byUntil = byTime === undefined || !typed.endsWith(first.unread!) ? undefined : readTypedWords(`${typed.slice(0, -first.unread!.length).trimEnd()} until ${byTime}`, testbeds, now, timeZone);
  const read = byUntil !== undefined && byUntil.unread === undefined && byUntil.values[INPUT_IDS.releaseChoice] !== undefined ? byUntil : first;
  if (read.unread === undefined && (read.name === undefined || bookedName(testbeds, read.name) !== undefined)) return read;
  // `lab-3 purpose: the soak`, `lab-3, the soak, till 5`, `lab-3 2h regression`, `lab-3 just for today`: read again as said
  // with `for`, and kept when that names the testbed and reads whole.
  const said = withPurposeSaid(typed.trim(), testbeds);
  if (said === undefined) return read;
  const again = readTypedWords(said, testbeds, now, timeZone);
  return again.unread === undefined && again.name !== undefined && bookedName(testbeds, again.name) !== undefined && Object.keys(again.values).length > 0 ? again : read;
}

/** Words after a length that say nothing more (`for 2 hours today`, `for 3 days straight`): no purpose. */
const AFTER_LENGTH_NO_PURPOSE = /^(?:today|tonight|straight|in\s+a\s+row|solid|please|pls|plz|thanks?|thx|only|more|max(?:imum)?|tops|at\s+(?:most|least)|or\s+so|ish|approx(?:imately)?|roughly)$/i;

/**
 * `book lab-3 for 2h regression`, `for an hour demo`, `for 2 weeks of testing`: a length, then the purpose, where the
 * words after `for` were all taken as the purpose. The longest start of them that reads as a length is the time.
 */
function lengthBeforePurpose(read: TypedBooking, now: string, timeZone: string): TypedBooking {
  const purpose = read.values[INPUT_IDS.purpose];
  if (purpose === undefined || read.values[INPUT_IDS.releaseChoice] !== undefined) return read;
  const ends = [...purpose.slice(0, MAX_TIME_PHRASE + 1).matchAll(/[,;:]?\s+/g)].map((space) => space.index).reverse();
  for (const end of ends) {
    const release = readTime(`for ${purpose.slice(0, end)}`, now, timeZone);
    if (release === null) continue;
    // (A mark between them says nothing: `2h, soak`, `2h - soak`, `2h / soak`, `2h | soak`, `2h ... soak`.)
    const rest = purpose.slice(end).replace(/^[\s,;:|/]*(?:[-–—]\s*|(?:\.{2,}|…)\s*)?(?:of\s+|(?:purpose|reason)(?:\s*[:=]|\s+is)?\s+)?/i, '').trim();
    // (`2 hours or 3`: the length goes on.)
    if (/^(?:or|and|to)\s/i.test(rest)) return read;
    return { ...read, values: { ...release, ...(AFTER_LENGTH_NO_PURPOSE.test(rest) ? {} : purposeValue(rest)) } };
  }
  return read;
}

/**
 * `lab-3 2 hours for regression`, `lab-3 till eod regression`, `lab-3 2h: customer demo`, `lab-3 regression until 5pm`, `lab-3
 * soak test by 6pm`, `lab-3 couple of hours`: a time and perhaps a purpose after a testbed's name, in an order or with marks the
 * clauses do not read, said again as they do (`lab-3 for 2 hours for regression`); undefined when the words do not read so.
 */
function withTimeAndPurpose(text: string, testbeds: readonly Lab[], now: string, timeZone: string): string | undefined {
  // A whole name first (`TB-04 SD-WAN pod 2h for regression`), then the start of one (`TB-04 2h for regression`).
  const ends = wordEnds(text.slice(0, LAB_LIMITS.nameMax + 2));
  for (const [wholeName, end] of [...ends.map((at) => [true, at] as const), ...ends.map((at) => [false, at] as const)]) {
    const name = text.slice(0, end).replace(/[,;:]$/, '').trim();
    // (`a testbed 2h for regression`: no testbed named, as the form reads `a testbed for 2h`. A number alone is a count here:
    // `book 2 5g testbeds for 2 hours`.)
    if (/^\d+$/.test(name) || (bookedName(testbeds, name, wholeName) === undefined && !NO_NAME.test(name))) continue;
    // (Courtesy after the name says nothing: `book lab-3 please 2 hours for regression`.)
    const rest = text.slice(end).replace(/^[\s,;:]+(?:(?:please|pls|plz)(?:[\s,;:]+|$))?/i, '').slice(0, LIMITS.purposeMax + MAX_TIME_PHRASE);
    // (`next week for 3 days`, `at 4pm`, `on friday`: a later start, which the form names as such.)
    if (asksToBookAhead(rest)) return undefined;
    const time = (words: string): string | undefined => timeSaid(words, now, timeZone);
    const whole = time(rest);
    if (whole !== undefined) return `${name} ${whole}`;
    // A time, then the purpose (after `for`, a mark or nothing): the longest start that reads as a time.
    const splits = [...rest.slice(0, MAX_TIME_PHRASE + 8).matchAll(/\s+for\s+|\s*[,;:|/]\s*|\s+[-–—]\s+|\s*(?:\.{2,}|…)\s*|\s+/gi)].reverse();
    for (const split of splits) {
      const purpose = rest.slice(split.index + split[0].length);
      const said = isPurposeWords(purpose, testbeds, now, timeZone) ? time(rest.slice(0, split.index)) : undefined;
      if (said !== undefined) return `${name} ${said} for ${purpose}`;
    }
    // A purpose, then a time: the first place after which the rest reads whole as one.
    for (const space of rest.matchAll(/\s+/g)) {
      const purpose = rest.slice(0, space.index);
      const after = rest.slice(space.index + space[0].length);
      if (after.length > MAX_TIME_PHRASE) continue;
      // (Words that join or start clauses end the purpose, here and for every longer one.)
      if (/(?:^|\s)(?:for|until|till|til|to|and|or|from)(?:\s|$)/i.test(purpose)) break;
      if (NO_PURPOSE.test(purpose)) continue;
      // (`after lunch`, `starting tomorrow`, `end of week`: words about when, not what for.)
      if (/(?:^|\s)(?:at|in|on|after|before|from|starting|beginning|next|this|around|about|since|during|of|the|a|an)$/i.test(purpose)) continue;
      const said = isPurposeWords(purpose, testbeds, now, timeZone) ? time(after) : undefined;
      if (said !== undefined) return `${name} for ${purpose} ${said}`;
    }
  }
  return undefined;
}

/** Words that read as a release time, said as a clause: as they stand when they start with one, else after `until` or `for`. */
function timeSaid(words: string, now: string, timeZone: string): string | undefined {
  // (`2:30` without `am` or `pm` may be a length, as a stopwatch shows it: the form names it.)
  if (words.length > MAX_TIME_PHRASE || /^\d:\d{2}$/.test(words)) return undefined;
  // (A number in words alone is no clock: `the 5g one`, `the new one` say which testbed; `book lab-5 two` says no end.)
  if (numberWord(words.toLowerCase()) !== undefined) return undefined;
  // (`demo at 3pm`, `in an hour`: when something starts, not when the testbed is due back; `for 2 hours` is a length, `for
  // monday` a later day.)
  if (/^for\s/i.test(words) ? forLaterDay(` ${words}`, now, timeZone) === 0 : asksToBookAhead(words)) return undefined;
  return asClause(words.replace(/^(?:by|before)\s+/i, 'until '), now, timeZone)?.phrase;
}

/** Whether words after a time may be its purpose: not a testbed, not a time of their own, not words that go on with the time (`or 6`). */
function isPurposeWords(words: string, testbeds: readonly Lab[], now: string, timeZone: string): boolean {
  if (!/\p{L}/u.test(words) || /^(?:or|and|to|from|at|on|in|by|before|after|until|till|til|for|then|but|plus|with|of|[-–—(])(?:\s|$)/i.test(words)) return false;
  // (`today only`, `2h max`: words that say how the time is meant.)
  if (AFTER_LENGTH_NO_PURPOSE.test(words)) return false;
  // (`can I book it?`, `please`, `thanks`: a question or courtesy after the time, not what it is for.)
  if (/^(?:can|could|may|might|would|will|shall|should|is|are|do|does|did|please|pls|thanks?|thank\s+you|thx|ok(?:ay)?)(?:\s|$)/i.test(words)) return false;
  // (`local time`, `local`, `atlantis time`, `PST`: a zone the time reader did not know, which the form names.)
  if (/(?:^|\s)(?:time|zone|timezone)$|^local$/i.test(words) || /^[A-Z]{2,5}$/.test(words)) return false;
  return !startsWithTestbed(words, testbeds) && timeSaid(words, now, timeZone) === undefined;
}

/**
 * After a testbed's name, the words that say a purpose or a time follows in some other way than `for`: `just` before the time (group
 * 1), `purpose:` (2), `purpose`, `with the purpose`, `re` or `regarding` (3), a mark (4), `so I can` (5); then the rest (group 6).
 */
const SAID_OTHERWISE =
  /^(?:(just|only)\s+(?=(?:for|until|till|til|through|to)\s)|(purpose|reason|for)\s*[:=]\s*|((?:with\s+(?:the\s+|a\s+)?)?(?:purpose|reason)|re:?|regarding)\s+|([,;:|/»•·]|[-–—]{1,2}>?|=>|→|\.{2,}|…)\s*|(needed\s+for|so\s+(?:that\s+)?(?:i|we)\s+can|in\s+order\s+to)\s+)(\S.*)$/is;

/** Words before a length that say no purpose: courtesy, or how the time is said (`pls 1h`, `just 2h`, `now 2 hours`). */
const NO_PURPOSE = /^(?:please|pls|plz|thanks?|thx|now|asap|just|only|again|too|also|please\s+for|for\s+me|me)$/i;

/** The booking said with `for` (or `to`) where its words said it otherwise, after a testbed's whole name; undefined when they do not. */
function withPurposeSaid(text: string, testbeds: readonly Lab[]): string | undefined {
  for (const end of wordEnds(text.slice(0, LAB_LIMITS.nameMax + 2))) {
    const name = text.slice(0, end).replace(/[,;:]$/, '').trim();
    if (bookedName(testbeds, name, true) === undefined) continue;
    const rest = text.slice(name.length).trim();
    // `book lab-3 (soak)`, `book lab-3 [2h]`: what the brackets hold, as said after `for` (or as the time it is).
    const bracketed = /^[([]\s*([^()[\]]{1,200}?)\s*[)\]]$/.exec(rest)?.[1];
    if (bracketed !== undefined && !startsWithTestbed(bracketed, testbeds)) return /^(?:for|until|till|til|by)\s/i.test(bracketed) ? `${name} ${bracketed}` : `${name} for ${bracketed}`;
    const said = SAID_OTHERWISE.exec(rest);
    // `lab-3, lab-5`: a second testbed after the mark, never a purpose (the form says one at a time).
    if (said?.[4] !== undefined && startsWithTestbed(said[6], testbeds)) return undefined;
    if (said !== null) {
      const words = said[6];
      if (said[1] !== undefined) return `${name} ${words}`;
      return `${name} ${said[5] !== undefined && !/^needed/i.test(said[5]) ? 'to' : 'for'} ${words}`;
    }
    const length = LENGTH_THEN_WORDS.exec(rest);
    if (length !== null) return `${name} for ${length[1]} for ${length[2]}`;
    // `lab-3 next 2 hours`: a length said as what comes next (`next week for 3 days` is a later start and a length).
    if (/^(?:the\s+)?next\s+\S/i.test(rest) && !/\s(?:for|until|till|til|to|through|from)\s/i.test(rest) && LENGTH_LAST.test(rest)) return `${name} for the ${rest.replace(/^the\s+/i, '')}`;
    // `lab-3 regression 2h`: the purpose first, then a bare length (and no clause, second testbed, courtesy or time before it: `and
    // lab-5 for 2h`, `pls 1h`, `today 2h`, whose words are no purpose).
    const purposeFirst = LENGTH_LAST.exec(rest)?.[1];
    // (`in 5 min`: a later start; `=> 2h`: a mark, no purpose.)
    if (purposeFirst !== undefined && /\p{L}/u.test(purposeFirst) && !/^(?:in|at|on|by|from|after|before|around|about|within|starting)$/i.test(purposeFirst) && !/(?:^|\s)(?:for|until|till|til|to|through|thru|over|because|from|and|or|plus)(?:\s|$)/i.test(rest) && !NO_PURPOSE.test(purposeFirst) && !isTypedTime(`until ${purposeFirst}`) && !startsWithTestbed(purposeFirst, testbeds)) return `${name} for ${rest}`;
  }
  return undefined;
}

/** Whether words start with a testbed's whole name (`lab-5`, `lab-5 for 2h`). */
function startsWithTestbed(words: string, testbeds: readonly Lab[]): boolean {
  return [...wordEnds(words), words.length].some((end) => {
    const name = words.slice(0, end).replace(/[,;:]$/, '').trim();
    const match = findByTypedName(testbeds, name);
    return 'found' in match && sameName(match.found.testbed_name, name);
  });
}

/** Reads the words of a typed booking as they stand. */
function readTypedWords(typed: string, testbeds: readonly Lab[], now: string, timeZone: string): TypedBooking {
  const text = withFor(withoutForMe(withoutSeparator(typed.trim(), testbeds), testbeds), testbeds, now, timeZone);
  const named = (name: string): string | undefined => (name === '' || NO_NAME.test(name) ? undefined : withoutArticle(name, testbeds));
  // A name is at most LAB_LIMITS.nameMax characters, so a clause starts within reach of the start; and
  // no name holds more than a few of these words, so only the first few places are tried.
  const starts = clauseStarts(text)
    .filter((start) => start <= LAB_LIMITS.nameMax + 1)
    .slice(0, MAX_CLAUSE_STARTS);
  // A whole name first (`Room for testing for 2 hours`), then the start of one (`TB-08 for 2 hours`); or a label the
  // lab has where no testbed is called so (`any 5g for the soak`: any free testbed carrying it, as the form reads it).
  const finds = (name: string, whole: boolean): string | undefined => (named(name) === undefined ? undefined : bookedName(testbeds, name, whole));
  const whole = finds(text, true);
  if (whole !== undefined) return { name: whole, values: {} };
  // `lab-3 for a bit`, `a testbed for a while`: the testbed (if one is named), and the words named (no purpose `a bit`).
  for (const start of starts) {
    const [name, rest] = [text.slice(0, start).trim(), text.slice(start).trim()];
    if (!/^(?:for|until|till)\s/i.test(rest) || !isVagueLength(rest)) continue;
    if (name !== '' && NO_NAME.test(name)) return { values: {}, unread: rest };
    const found = finds(name, false);
    if (found !== undefined) return { name: found, values: {}, unread: rest };
  }
  // `tomorrow 9 to 12`, `on friday`, `next week`: a later start with no testbed named, which the form names as such.
  if (LATER_START.exec(` ${text}`)?.index === 0 || forLaterDay(` ${text}`, now, timeZone) === 0) return { values: {}, unread: text };
  const start = startWithoutName(text, testbeds, now, timeZone);
  if (start !== undefined) return start;
  const range = bookingRange(text, testbeds, now, timeZone);
  if (range !== undefined) return range;
  const ahead = bookingAhead(text, testbeds, now, timeZone);
  if (ahead !== undefined) return ahead;
  for (const exact of [true, false]) {
    for (const start of starts) {
      const name = finds(text.slice(0, start).trim(), exact);
      if (name === undefined) continue;
      const values = readClauses(text.slice(start), now, timeZone);
      if (values) return { name, values };
    }
  }
  // A testbed, then words that are no time (`lab-3 until the demo`): the form starts on the testbed and says so.
  for (const start of starts) {
    const name = text.slice(0, start).trim();
    const rest = text.slice(start).trim();
    const found = finds(name, false);
    if (found !== undefined && /^(?:until|till|til)\s/i.test(rest)) return { name: found, values: {}, unread: rest };
  }
  // `a testbed for the soak`, `something until 5 for the soak`, `for 2 hours for the soak`: no testbed named, and what follows as clauses.
  for (const start of starts) {
    const name = text.slice(0, start).trim();
    const values = name === '' || NO_NAME.test(name) || SEVERAL_AT_ONCE.test(name) ? readClauses(text.slice(start), now, timeZone) : null;
    // (`2 testbeds for the soak`: a count, which the form answers one at a time, and its purpose.)
    if (values && SEVERAL_AT_ONCE.test(name)) return { name, values };
    if (values) return { values };
    // (`a testbed for tomorrow`: a later day, no testbed named; the form names the words as booking ahead.)
    if (start > 0 && NO_NAME.test(name) && forLaterDay(` ${text.slice(start).trim()}`, now, timeZone) === 0) return { values: {}, unread: text.slice(start).trim() };
  }
  for (const start of starts) {
    if (text.length - start > MAX_TIME_PHRASE + 1) continue;
    const values = readTime(text.slice(start), now, timeZone);
    if (values) return { ...optional(named(text.slice(0, start).trim())), values };
  }
  const started = finds(text, false);
  if (started !== undefined) return { name: started, values: {} };
  // A testbed, then words that are none of the above (`lab-3 tomorrow`, `lab-3 from 2pm`): the form
  // starts on the longest name found, and names the rest it could not read.
  for (const space of wordEnds(text).reverse()) {
    const name = text.slice(0, space).trim();
    // (`3 testbeds`, `2 5g ones`: a count, which the form answers one at a time, not testbed number 3.)
    if (/^\d+$/.test(name) && COUNTED.test(text.slice(space).trim())) continue;
    const found = finds(name, false);
    if (found !== undefined) return { name: found, values: {}, unread: text.slice(space).trim() };
  }
  return { ...optional(named(text)), values: {} };
}

/** Somebody a typed booking may be for: what names them (`Linus`, `linus@example.com`), and the booking read without them. */
export interface ForWhom {
  words: string;
  booking: TypedBooking;
  /** Said so plainly (`on behalf of Linus`, an email) that nobody found by those words is worth saying. */
  explicit: boolean;
}

/** An email as typed after `for`: somebody, plainly. */
const EMAIL_WORDS = /^[^\s@,;()]+@[^\s@,;()]+\.[^\s@,;()]+$/;
/** Up to three words that could be a person's name: letters (any script), with `'`, `-` or `.` inside; not a possessive (`Linus's demo`). */
const NAME_WORDS = /^\p{L}[\p{L}\p{M}'’.-]*(?:\s+\p{L}[\p{L}\p{M}'’.-]*){0,2}$/u;
/** Words that start a purpose, never a name (`for the soak`, `for my demo`, `for testing`). */
const NOT_A_NAME =
  /^(?:the|a|an|my|our|your|his|her|their|this|that|these|those|some|any|all|me|us|myself|ourselves|them|him|testing|test|tests|debugging|now|today|tonight|later|good|ever|while|bit|who|what|which|anyone|anybody|someone|somebody|everyone|everybody|nobody|no\s+one|he|she|it|they|i|we|you)\b|['’]s$|['’]s\s/i;
/** Where a purpose's person ends and the rest of the booking starts: a clause, or a comma. */
const AFTER_PERSON = /(?:,\s*|\s+)(?=(?:for|until|till|til|to|through|thru|over|because|from|by)\s|overnight(?:\s|$))|,\s*(?=\S)/gi;
/** `on behalf of Linus`, `on Linus's behalf`: a booking for somebody else, said plainly. */
const ON_BEHALF =
  /(?:^|\s+)(?:on\s+behalf\s+of\s+([^\s,]+(?:\s+[^\s,]+){0,4}?)|on\s+([^\s,]+(?:\s+[^\s,]+){0,4}?)['’]s?\s+behalf)(?=\s*(?:$|,|\s(?:for|until|till|til|to|through|thru|over|overnight|because|from|by)\s))/i;

/** `my colleague Linus`, `our intern Grace`: words that say the name after them is a person's. */
const COLLEAGUE = /^(?:my|our)\s+(?:colleague|teammate|team-?mate|team\s+member|co-?worker|workmate|intern)\s+(?=\S)/i;

/**
 * Whether words after `for` may be somebody rather than a purpose: stricter than the router's `isPersonWords` (which
 * reads words already known to be about a person), since `for the soak` or `for testing` must stay purposes.
 */
function mayBeSomebody(words: string): boolean {
  return EMAIL_WORDS.test(words) || (NAME_WORDS.test(words) && !NOT_A_NAME.test(words));
}

/** The person typed words may name (`Linus`, `my colleague Linus`), and whether they say plainly it is one; null when none. */
function personOf(typed: string): { words: string; explicit: boolean } | null {
  const words = withoutMention(typed.replace(COLLEAGUE, ''));
  return mayBeSomebody(words) ? { words, explicit: words !== typed || EMAIL_WORDS.test(words) } : null;
}

/**
 * A colleague as chat writes them: `@Linus` (a mention typed out), `<linus@example.com>`, `Linus Lab (linus@example.com)` or
 * `Linus Lab <linus@example.com>`: the name, or the email when one is given (it finds the one person).
 */
export function withoutMention(words: string): string {
  const email = /^(?:[^<>()]*?\s*)?[<(]\s*([^\s@<>()]+@[^\s@<>()]+\.[^\s@<>()]+)\s*[>)]$/.exec(words)?.[1];
  return email ?? words.replace(/^@(?=\S)/, '');
}

/**
 * A typed booking and, when it may be for somebody else, that reading too: `lab-3 for Linus` (the purpose
 * `Linus`, or lab-3 for Linus), `lab-3 for Linus until 5pm for the soak`, `lab-3 for linus@example.com`,
 * `lab-3 on behalf of Linus`. Whether the words are somebody, only the platform can say (by name or email); so
 * both readings go on, and the form is drawn by whichever holds.
 */
export function readTypedBookingFor(
  typed: string,
  testbeds: readonly Lab[],
  now: string,
  timeZone: string,
): { booking: TypedBooking; forWhom?: ForWhom } {
  const behalf = testbeds.some((record) => ON_BEHALF.test(` ${record.testbed_name}`)) ? null : ON_BEHALF.exec(typed);
  const behalfPerson = personOf(behalf?.[1] ?? behalf?.[2] ?? '');
  if (behalf && behalfPerson !== null) {
    const rest = `${typed.slice(0, behalf.index)} ${typed.slice(behalf.index + behalf[0].length)}`.replace(/\s+/g, ' ').trim();
    const booking = readTypedBooking(rest === '' ? 'a testbed' : rest, testbeds, now, timeZone, 'booking');
    return { booking, forWhom: { words: behalfPerson.words, booking, explicit: true } };
  }
  const booking = readTypedBooking(typed, testbeds, now, timeZone, 'booking');
  const purpose = booking.values[INPUT_IDS.purpose];
  if (purpose === undefined) return { booking };
  const { [INPUT_IDS.purpose]: _purpose, ...timing } = booking.values;
  // The person is the whole purpose, or its first words before a clause (`Linus until 5pm for the soak`).
  const ends = [purpose.length, ...[...purpose.slice(0, 120).matchAll(AFTER_PERSON)].map((match) => match.index)];
  for (const end of ends.sort((a, b) => a - b)) {
    const person = personOf(purpose.slice(0, end).trim());
    if (person === null) continue;
    const { words, explicit } = person;
    const rest = purpose.slice(end).replace(/^\s*,?\s*/, '').trim();
    if (rest === '') return { booking, forWhom: { words, booking: { ...booking, values: timing }, explicit } };
    // `by 5pm` is until then; a clause as the form reads it; after a comma, a time (`Linus, friday`).
    const clause = /^by\s/i.test(rest) ? `until ${rest.slice(3)}` : /^(?:for|until|till|til|to|through|thru|over|overnight|because|from)\b/i.test(rest) ? rest : `until ${rest}`;
    const reread = readTypedBooking(`${booking.name ?? 'a testbed'} ${clause}`, testbeds, now, timeZone);
    const alone = { ...(booking.name === undefined ? {} : { name: booking.name }), values: { ...timing, ...reread.values }, ...(reread.unread === undefined ? {} : { unread: reread.unread }) };
    return { booking, forWhom: { words, booking: alone, explicit } };
  }
  return { booking };
}

/** `Linus needs lab-3 for 2 hours`, `my colleague Grace wants a 5g testbed`: who (group 1), and the booking (group 2). */
const NEEDS = /^(\S+(?:\s+\S+){0,4}?)\s+(?:needs|wants|would\s+like|could\s+use)\s+(\S[\s\S]*)$/i;
/**
 * `get Linus a testbed`, `could you grab Grace lab-3 for 2 hours`, `find my colleague Linus a 5g testbed`: who (group 1),
 * and the booking (group 2), which starts with an article or a word with a digit (a testbed's name, a label).
 */
const GET_SOMEBODY =
  /^(?:(?:can|could|would)\s+you\s+)?(?:please\s+)?(?:get|grab|find)\s+(\S+(?:\s+\S+){0,4}?)\s+(?=(?:a|an|any|one|the)\s|\S*\d)(\S[\s\S]*?)(?:,?\s+please)?$/i;
/** Words after `get` that say what is done, not for whom (`get going on lab-3`, `get back to lab-3`, `get started with …`). */
const GET_NOT_SOMEBODY = /(?:^|\s)(?:on|in|to|into|onto|with|at|of|from|by|up|off|out|back|going|started|working|ready|rid|done)(?:\s|$)/i;

/**
 * `Linus needs lab-3 for 2 hours` (or `get Linus lab-3 for 2 hours`): a booking for the person named, read as `lab-3 for
 * 2 hours` is; undefined when the words before `needs` (after `get`) are nobody's name, or the words after it name no testbed
 * or label (`Linus needs a break`).
 */
export function readNeededBooking(typed: string, testbeds: readonly Lab[], now: string, timeZone: string): ForWhom | undefined {
  const got = GET_SOMEBODY.exec(typed.slice(0, 400));
  const match = NEEDS.exec(typed.slice(0, 400)) ?? (got !== null && !GET_NOT_SOMEBODY.test(got[1]) ? got : null);
  const person = match === null ? null : personOf(match[1]);
  if (match === null || person === null) return undefined;
  const booking = readTypedBooking(match[2], testbeds, now, timeZone, 'booking');
  const named = booking.name === undefined ? NO_NAME.test(match[2].split(/\s+(?=for\s|until\s|till\s)/i)[0].trim()) : bookedName(testbeds, booking.name) !== undefined;
  return named ? { words: person.words, booking, explicit: true } : undefined;
}

/**
 * What typed words name, as the form takes it: a testbed (`whole`: by its whole name, else by its start too), or a
 * label the lab has where no testbed is called so (`any 5g`, `a 5g testbed`: `5g`, any free testbed carrying it).
 * Undefined when they name neither.
 */
function bookedName(testbeds: readonly Lab[], name: string, whole = false): string | undefined {
  if (name === '') return undefined;
  const match = findByTypedName(testbeds, name);
  if ('found' in match) return !whole || sameName(match.found.testbed_name, name) ? name : undefined;
  const label = withoutArticle(name, testbeds);
  return labelCarried(testbeds, label) ? label : undefined;
}

/**
 * `lab-3 from monday to wednesday`, `lab-3 starting tomorrow`: a start later than now, which a
 * booking cannot have (it starts when it is made). The form starts on the testbed and names the
 * words it did not take. `lab-3 from now until friday` is `lab-3 until friday`.
 */
function bookingAhead(text: string, testbeds: readonly Lab[], now: string, timeZone: string): TypedBooking | undefined {
  // The word comes right after a name, so it is looked for only within a name's reach.
  const head = text.slice(0, LAB_LIMITS.nameMax + 2);
  const found = [/\s(?:from|starting|beginning)\s/i.exec(head)?.index, LATER_START.exec(head)?.index, forLaterDay(head, now, timeZone)];
  // The first place that follows a testbed's name.
  for (const at of found.filter((index) => index !== undefined).sort((a, b) => a - b)) {
    const typed = text.slice(0, at).trim();
    const name = bookedName(testbeds, typed);
    if (name === undefined) continue;
    const match = findByTypedName(testbeds, typed);
    // A testbed whose own name goes on with `from …` is read whole by the caller's other readings.
    return 'found' in match && /\s(?:from|starting|beginning)\s/i.test(match.found.testbed_name) ? undefined : aheadFrom(name, text.slice(at).trim(), now, timeZone);
  }
  return undefined;
}

/** `lab-3` (or no testbed) and `from now until friday`: until friday; `from monday`: the words named, a start later than now. */
function aheadFrom(name: string | undefined, start: string, now: string, timeZone: string): TypedBooking {
  const fromNow = /^\S+\s+(?:now|right\s+now|today|immediately|this\s+(?:morning|afternoon))(?:\s+(\S.*))?$/is.exec(start);
  if (fromNow === null) return { ...optional(name), values: {}, unread: start };
  const values = fromNow[1] === undefined ? {} : readClauses(fromNow[1], now, timeZone);
  return values === null ? { ...optional(name), values: {}, unread: fromNow[1] } : { ...optional(name), values };
}

const MONTH = '(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*';
const WEEKDAY = '(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*';
/** A clock time as typed in a range: `9`, `9:30`, `2pm`, `14.30`. */
const CLOCK = '\\d{1,2}(?:[:.h]\\d{2})?(?:\\s*[ap]m)?';
/** Where a range may start and end besides a clock: `from noon to 3pm`, `9am to noon`, `9pm till midnight`. */
const RANGE_START = `(?:${CLOCK}|noon|midday)`;
const RANGE_END = `(?:${CLOCK}|noon|midday|midnight)`;

/**
 * `on friday`, `next week`, `tomorrow from 9`, `friday 9-12`: a day later than today, said as when the
 * booking would start (`tomorrow`, `friday 17:00` and `tomorrow at 9am` alone are until then).
 */
const LATER_START = new RegExp(
  `\\s(?:on\\s+(?=(?:the\\s+)?\\d|${WEEKDAY}(?:\\s|$)|${MONTH}\\s+\\d)|next\\s+(?=(?:week|month|${WEEKDAY})(?:\\s|$))|(?=(?:tomorrow|${WEEKDAY})\\s+(?:from|starting|beginning|between|${CLOCK}\\s*(?:[-–]|to|till|until)\\s*(?:\\d|noon|midday|midnight))))`,
  'i',
);

/** `from 9 to 12`, `9-17`, `between 2pm and 5pm`, then perhaps a purpose: the start, the end and the rest. */
const RANGE = new RegExp(
  `^(?:(?:from\\s+)?(${RANGE_START})\\s*(?:-|–|to|till|until)\\s*(${RANGE_END})|between\\s+(${RANGE_START})\\s+and\\s+(${RANGE_END}))(?:\\s+(\\S.*))?$`,
  'is',
);

/**
 * `for a bit`, `for a while`, `for 5`, `for some time`: a length said without saying how long. Read as a purpose they
 * would become the booking's purpose (`a bit`); the form names them and asks for the release time instead. (`for 45`, a
 * number no clock has, is minutes.)
 */
const VAGUE_LENGTH =
  /^(?:(?:for\s+|until\s+|till\s+)?(?:a\s+(?:(?:little|short|good|long)\s+)?(?:bit|while|moment|sec(?:ond)?|minute|min|few|couple)|(?:some|a\s+little|a\s+short|a\s+long)\s+time|later|now|(?:the\s+)?time\s+being|ever|good|long|awhile)|(?:for\s+)?\d{1,4}(?:[.,]\d{1,2})?)$/i;

export function isVagueLength(unread: string): boolean {
  const said = unread.trim();
  // (`for 45`: a number the time reader takes as minutes says how long.)
  const number = /^(?:for\s+)?(\d{1,4})$/i.exec(said)?.[1];
  return (VAGUE_LENGTH.test(said) && (number === undefined || !isTypedTime(`for ${number}`))) || isOpenEnded(unread);
}

/**
 * `forever`, `indefinitely`, `until further notice`, `until I'm done`, `for as long as needed`: a booking with no end, which
 * there is not (a booking runs until an expected release, extended as often as needed); the form says so and asks when.
 */
const OPEN_ENDED =
  /^(?:(?:for\s+)?(?:ever|good|forever|indefinitely|permanently|an?\s+(?:indefinite|unlimited|open-?ended)\s+(?:time|period)|as\s+long\s+as\s+(?:(?:it\s+is\s+|it['’]s\s+)?needed|necessary|possible|it\s+takes|(?:i|we)\s+(?:need(?:\s+it)?|want)))|(?:until|till)\s+(?:further\s+notice|(?:i|we)(?:['’]?m|['’]?re|\s+am|\s+are)?\s+(?:done|finished|through)|done|finished|(?:it|the\s+\S+(?:\s+\S+)?)\s+(?:is\s+)?(?:done|finished|finishes|ends|passes|completes|is\s+over)))$/i;

export function isOpenEnded(unread: string): boolean {
  return OPEN_ENDED.test(unread.trim());
}

/** Words a booking could not take because they say a length of no time (`for 0 minutes`, `for -1 hours`). */
export function isNoLength(unread: string): boolean {
  return NO_LENGTH.test(unread.replace(/^for\s+/i, '').trim());
}

/** Words a booking could not take because they ask for a later start (`from monday`, `on friday`, `9-12` said at 19:00). */
export function asksToBookAhead(unread: string): boolean {
  // (`at 5`, `in an hour`: when it should start.)
  return /^(?:from|starting|beginning|for|between|after)\s/i.test(unread) || /^(?:at\s+\d|in\s+(?:an?|one|two|half|\d))/i.test(unread) || RANGE.test(unread) || LATER_START.exec(` ${unread}`)?.index === 0;
}

/**
 * `lab-3 from 9 to 12`, `lab-3 9-17 for the soak`: a booking from a start that has come (or comes within
 * minutes) is until the end; a later start is booking ahead, which the form names as such.
 */
function bookingRange(text: string, testbeds: readonly Lab[], now: string, timeZone: string): TypedBooking | undefined {
  const head = text.slice(0, LAB_LIMITS.nameMax + 2);
  for (const space of head.matchAll(/\s+(?=(?:from\s+|between\s+)?(?:\d|noon|midday))/gi)) {
    const name = bookedName(testbeds, text.slice(0, space.index).trim());
    const read = name === undefined ? undefined : rangeRead(text.slice(space.index).trim(), now, timeZone);
    if (read !== undefined) return { name, ...read };
  }
  return undefined;
}

/**
 * `from 9 to 12`, `9-17 CET for the soak`, `between 2pm and 5pm`: until the end when the start has come (the purpose after it
 * read), the range named as booking ahead when it has not; undefined when the words are no range and a purpose.
 */
function rangeRead(typedRange: string, now: string, timeZone: string): Omit<TypedBooking, 'name'> | undefined {
  const match = RANGE.exec(typedRange);
  if (match === null) return undefined;
  const [start, typedEnd] = match[1] === undefined ? [match[3], match[4]] : [match[1], match[2]];
  // After the range, perhaps its zone (`9-12 CET`), then only a purpose (`for the soak`).
  const zoned = match[5] === undefined ? null : leadingZone(match[5]);
  const end = zoned === null ? typedEnd : `${typedEnd} ${zoned.zoneWords}`;
  const rest = zoned === null ? match[5] : zoned.rest;
  const purpose = rest === undefined ? undefined : PURPOSE.exec(rest.trim())?.[1];
  if (rest !== undefined && purpose === undefined) return undefined;
  const read = readTypedRange(start, end, now, timeZone);
  if (read === null) return undefined;
  if (read === 'ahead') return { values: {}, unread: rest === undefined ? typedRange : typedRange.slice(0, -rest.length).trim() };
  return { values: { ...read, ...(purpose === undefined ? {} : purposeValue(purpose)) } };
}

/**
 * `from monday`, `a testbed starting tomorrow`, `from 9 to 12 for the soak`, `from now until 5pm`, `between 9 and 12`: no testbed
 * named, then when the booking would start. From now on it is the rest; a range that has begun, until its end; a later start, the
 * words named as booking ahead. Undefined when the words name a testbed or start no such way.
 */
function startWithoutName(text: string, testbeds: readonly Lab[], now: string, timeZone: string): TypedBooking | undefined {
  // `from now`, `starting now` reach here without their `now`, which is read as courtesy before.
  const bare = /^(?:(\S.*?)\s+)?(?:from|starting|beginning)$/i.exec(text);
  if (bare !== null && (bare[1] === undefined || NO_NAME.test(bare[1]))) return { values: {} };
  const said = /^(?:(\S.*?)\s+)??((?:from|starting|beginning|between)\s+\S.*|\d{1,2}(?:[:.h]\d{2})?(?:\s*[ap]m)?\s*(?:-|–|to|till|until)\s*\S.*)$/is.exec(text);
  if (said === null || (said[1] !== undefined && !NO_NAME.test(said[1]))) return undefined;
  const when = said[2];
  // (A testbed whose name is its first word, `9`, is read as named by the other readings.)
  if (said[1] === undefined && 'found' in findByTypedName(testbeds, when.split(/\s/)[0])) return undefined;
  if (/^(?:from|starting|beginning)\s+(?:now|right\s+now|today|immediately|this\s+(?:morning|afternoon))(?:\s|$)/i.test(when)) return aheadFrom(undefined, when, now, timeZone);
  // (`from here`, `from my laptop`: no time, so no start; the words are read as before. `from friday for the soak`: a time first.)
  const ahead = /^(?:from|starting|beginning)\s/i.test(when) && !startWithoutTime(when);
  return rangeRead(when, now, timeZone) ?? (ahead ? { values: {}, unread: when } : undefined);
}

/** `from jenkins`, `starting with the firmware`: a start said with no time after it (`from friday for the soak` has one). */
export function startWithoutTime(words: string): boolean {
  const said = /^(?:from|starting|beginning)\s+(\S.*)$/is.exec(words)?.[1].split(/\s+/).slice(0, 6);
  return said !== undefined && !said.some((_, i) => isTypedTime(`until ${said.slice(0, said.length - i).join(' ')}`));
}
/** ` for ` and a day after today (`tomorrow`, `monday`, `next week`, `the 3rd`, `3 dec`, `2026-12-03`), then up to three more words. */
const LATER_DAY = new RegExp(
  `\\sfor\\s+((?:tomorrow|next\\s+\\S+|(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*|the\\s+\\d{1,2}(?:st|nd|rd|th)?|\\d{4}-\\d{2}-\\d{2}|\\d{1,2}(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH}|${MONTH}\\s+\\d{1,2}(?:st|nd|rd|th)?)(?=\\s|$)(?:\\s+\\S+){0,3})`,
  'i',
);

const PLAINLY_A_DAY = /^(?:tomorrow|next\s+(?:week|month|(?:mon|tues|wednes|thurs|fri|satur|sun)day)|(?:mon|tues|wednes|thurs|fri|satur|sun)day|the\s+\d{1,2}(?:st|nd|rd|th))(?=\s|$)/i;

/**
 * `lab-3 for tomorrow`, `lab-3 for monday`, `lab-3 for the 3rd`: a later day asked for, which is a start
 * later than now too (`for today`, `for tonight` and `for the day` are until then). Where its ` for ` is.
 */
function forLaterDay(head: string, now: string, timeZone: string): number | undefined {
  const match = LATER_DAY.exec(head);
  if (match === null) return undefined;
  // Plainly a day; otherwise only when the words read as one (`for monitoring`, `for tomorrow's demo` are purposes).
  if (PLAINLY_A_DAY.test(match[1])) return match.index;
  const words = match[1].split(/\s+/);
  for (let count = words.length; count > 0; count--) {
    if (readTypedRelease(`until ${words.slice(0, count).join(' ')}`, now, timeZone) !== null) return match.index;
  }
  return undefined;
}

/** What a count is of: `testbeds`, `5g ones`, `free rigs`. */
const COUNTED = /^(?:\S+\s+)?(?:testbeds|ones|rigs|labs|boxes)(?:\s|$)/i;

/** Where the first few words end, within reach of a name's length. */
function wordEnds(text: string): number[] {
  return [...text.slice(0, LAB_LIMITS.nameMax + 1).matchAll(/\s+/g)].map((space) => space.index).slice(0, MAX_CLAUSE_STARTS);
}

/**
 * `any 5g`, `a 5g testbed`, `a free lab-3`, `the wifi lab`, `next free 5g`, `something with 5g`, `whichever 5g is free`: the word between, when the
 * whole is no testbed's name (a label, or a name, as the form reads it).
 */
function withoutArticle(name: string, testbeds: readonly Lab[]): string {
  const word =
    /^(?:(?:any|an?|the|one)\s+(?:(?:first|next)\s+)?|(?:first|next)\s+)(?:(?:free|available)\s+)?(\S+?)(?:\s+(?:testbed|one|lab|rig|setup|bench|box))?$/i.exec(name)?.[1] ??
    /^(?:(?:a|any|the)\s+)?(?:testbed|one|something|anything)\s+(?:with|labell?ed|tagged)\s+(\S+)$/i.exec(name)?.[1] ??
    // `whichever 5g is free`, `whatever 5g testbed is available`.
    /^(?:whichever|whatever)\s+(\S+?)(?:\s+(?:testbed|one|box|rig))?\s+(?:is\s+|['’]s\s+)?(?:free|available)$/i.exec(name)?.[1];
  if (word === undefined) return name;
  const match = findByTypedName(testbeds, name);
  return 'found' in match && sameName(match.found.testbed_name, name) ? name : word;
}

/**
 * `lab-3 4h`, `lab-3 2 hours`: a testbed and a length without the `for`, read as `lab-3 for 4h`;
 * `lab-3 tomorrow`, `lab-3 today for the soak`, `lab-3 friday 17:00`: a day without the `until`, read as `lab-3 until tomorrow`.
 */
function withFor(typed: string, testbeds: readonly Lab[], now: string, timeZone: string): string {
  const text = withoutNow(typed, testbeds).replace(/\s\+(?=\d)/, ' ');
  const match = NAME_THEN_LENGTH.exec(text);
  // `lab-3 0930 hrs`: a clock, so until then.
  if (match && bookedName(testbeds, match[1]) !== undefined) return `${match[1]} ${CLOCK_WITH_HOURS.test(match[2]) ? 'until' : 'for'} ${match[2]}`;
  // `lab-3 all day`, `lab-3 rest of the week for the soak`: a stretch, as after `for`.
  const stretch = NAME_THEN_STRETCH.exec(text);
  if (stretch && bookedName(testbeds, stretch[1]) !== undefined) return `${stretch[1]} for ${stretch[2]}${stretch[3] ?? ''}`;
  const day = NAME_THEN_DAY.exec(text);
  // `lab-3 tomorrow 9 to 12` is a start and an end (booking ahead), not until ten to twelve.
  const ahead = day !== null && LATER_START.exec(` ${day[2]}`)?.index === 0;
  if (day && !ahead && bookedName(testbeds, day[1]) !== undefined && readTypedRelease(`until ${day[2]}`, now, timeZone) !== null) return `${day[1]} until ${day[2]}${day[3] ?? ''}`;
  // `lab-3 4pm`, `lab-3 16:00 CET for the soak`: a clock, so until then (as `lab-3 0930 hrs`; `at 4pm` asks for a later start).
  const clock = NAME_THEN_CLOCK.exec(text);
  if (clock && bookedName(testbeds, clock[1]) !== undefined && readTypedRelease(`until ${clock[2]}`, now, timeZone) !== null) return `${clock[1]} until ${clock[2]}${clock[3] ?? ''}`;
  return bareTime(text, testbeds, now, timeZone) ?? text;
}

/** A length without its `for`: `4h`, `2 hours`, `90 min`, `1.5 days`, `2h 30`. */
const BARE_LENGTH = String.raw`\d{1,4}(?:[.,]\d{1,2})?\s*(?:m|mins?|minutes?|h|hrs?|hours?|d|days?|w|wks?|weeks?)(?:\s*\d{1,2}\s*(?:m|mins?|minutes?)?)?`;
/** A length after the name, then the purpose (`lab-3 2h regression`; a mark between them says nothing: `lab-3 2h / regression`). */
const LENGTH_THEN_WORDS = new RegExp(String.raw`^(${BARE_LENGTH})(?:\s*(?:[|/]|\.{2,}|…)\s*|\s+)(?!(?:for|until|till|til|to|through|thru|over|because|from|or|and)\s)(\S.*)$`, 'is');
/** A purpose (group 1), then a length (group 2). */
const LENGTH_LAST = new RegExp(String.raw`^(\S.*?)\s+(${BARE_LENGTH})$`, 'is');
/** A day without its `until`: `tomorrow`, `friday 17:00`, `today 5pm`, `eod`. */
const BARE_DAY = String.raw`(?:today|tonight|tomorrow|eod|end\s+of\s+(?:the\s+)?day|(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*)(?:\s+(?:at\s+)?(?!for\s)\S+(?:\s+[ap]m)?)?(?:\s+(?!for\s)\S+){0,2}`;
/** A stretch of time without its `for`: `all day`, `the whole week`, `rest of the day`, `half a day`. */
const BARE_STRETCH = String.raw`(?:all|the\s+(?:whole|entire))\s+(?:day|week|morning|afternoon|evening)|(?:the\s+)?rest\s+of\s+(?:the\s+|this\s+)?(?:day|week|morning|afternoon|month)|(?:a\s+)?half(?:\s+a)?[\s-]+day`;
/** A testbed's name (group 1), then a stretch (group 2), then perhaps a purpose (group 3). */
const NAME_THEN_STRETCH = new RegExp(String.raw`^(\S.*?)\s+(${BARE_STRETCH})(\s+for\s+\S.*)?$`, 'i');
/** A testbed's name (group 1), then a length (group 2). */
const NAME_THEN_LENGTH = new RegExp(String.raw`^(\S.*?)\s+(${BARE_LENGTH})$`, 'i');
/**
 * A clock without its `until`: `4pm`, `4:30 pm`, `16:00`, `noon`, perhaps with its zone (`16:00 CET`); `2:30` may be a length, as a
 * stopwatch shows it, so without `am` or `pm` the hour has two digits.
 */
const BARE_CLOCK = String.raw`(?:\d{1,2}(?::\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)|\d{2}:\d{2}|noon|midday|midnight)(?:\s+(?!for\s)\S+)?`;
/** A testbed's name (group 1), then a clock (group 2), then perhaps a purpose (group 3). */
const NAME_THEN_CLOCK = new RegExp(String.raw`^(\S.*?)\s+(${BARE_CLOCK})(\s+for\s+\S.*)?$`, 'i');
/** A testbed's name (group 1), then a day (group 2), then perhaps a purpose (group 3). */
const NAME_THEN_DAY = new RegExp(String.raw`^(\S.*?)\s+(${BARE_DAY})(\s+for\s+\S.*)?$`, 'i');
/** A length (group 1), a day (group 2) or a stretch (group 3) with nothing before it, then perhaps a purpose (group 4). */
const TIME_ALONE = new RegExp(String.raw`^(?:(${BARE_LENGTH})|(${BARE_DAY})|(${BARE_STRETCH}))(\s+for\s+\S.*)?$`, 'i');
/** Words that start with a length, a day or a stretch. */
const TIME_FIRST = new RegExp(String.raw`^(?:${BARE_LENGTH}|${BARE_DAY}|${BARE_STRETCH})(?:\s|$)`, 'i');

/** Whether words start with a length or a day and no testbed (`5 minutes`, `2h for the soak`, `tomorrow`): a time, not what to book. */
export function startsWithBareTime(words: string): boolean {
  return TIME_FIRST.test(words.trim());
}

/**
 * `book 3 hours`, `book 2h for the soak`, `book tomorrow`, `book all day`: a length, a day or a stretch with no testbed
 * before it (and no testbed called so), read as `for 3 hours` or `until tomorrow`, so the form starts with the time and
 * the testbed to choose.
 */
function bareTime(text: string, testbeds: readonly Lab[], now: string, timeZone: string): string | undefined {
  const said = TIME_ALONE.exec(text);
  if (said === null || bookedName(testbeds, text) !== undefined) return undefined;
  const [, length, day, stretch, purpose = ''] = said;
  if (stretch !== undefined) return `for ${stretch}${purpose}`;
  if (length !== undefined) {
    // `3 hours` is no testbed's number: the number alone finds one only when nothing follows it. (`0h` is no length the form
    // takes: the words stay as typed, never a name they did not hold.)
    const timed = `${CLOCK_WITH_HOURS.test(length) ? 'until' : 'for'} ${length}`;
    return readTypedRelease(timed, now, timeZone) === null ? undefined : `${timed}${purpose}`;
  }
  if (LATER_START.exec(` ${day}`)?.index === 0 || readTypedRelease(`until ${day}`, now, timeZone) === null) return undefined;
  return `until ${day}${purpose}`;
}

/** ` for me`, ` for us` (or `for me` before the name): a booking is always the booker's own, so those words say nothing (unless a testbed's name holds them). */
const FOR_ME = /(?:^|\s+)for\s+(?:me|myself|us|ourselves)(?=\s|$)/i;

/** `lab-3 for me for 2 hours`, `lab-3 for 2 hours for us`: without the words that say for whom. */
function withoutForMe(text: string, testbeds: readonly Lab[]): string {
  if (!FOR_ME.test(text) || testbeds.some((record) => FOR_ME.test(` ${record.testbed_name}`))) return text;
  // (`for me lab-3`: said before the name too.)
  return text.replace(new RegExp(FOR_ME.source, 'gi'), '').trim();
}

/** `lab-3, 2 hours`, `lab-3 - until 5pm`, `lab-3 -> regression`, `lab-3 (2 hours)`: the testbed's whole name, then what follows it without the mark between. */
function withoutSeparator(text: string, testbeds: readonly Lab[]): string {
  const marked = /^(.+?)\s*(?:,|:|;|\s(?:[-–—]{1,2}|[-=]>|→)\s)\s*(\S.*)$/s.exec(text.slice(0, LAB_LIMITS.nameMax + 200)) ?? /^(.+?)\s*\((.+)\)$/s.exec(text.slice(0, LAB_LIMITS.nameMax + 200));
  if (marked === null || marked[0].length !== text.length) return text;
  const match = findByTypedName(testbeds, marked[1]);
  // `lab-3, lab-5`: two testbeds, which the form names as such (the comma stays).
  if (/^[^,;]*,/.test(marked[0].slice(marked[1].length)) && startsWithTestbed(marked[2], testbeds)) return text;
  return 'found' in match && sameName(match.found.testbed_name, marked[1]) ? `${marked[1]} ${marked[2]}` : text;
}

/**
 * `lab-3 now for 3 hours`, `lab-3 right now`, `lab-3 asap`, `lab-3 urgently`, `lab-3 instead`, `lab-3 starting now`: a booking
 * starts when it is made, so the word after a testbed's name is dropped.
 */
function withoutNow(text: string, testbeds: readonly Lab[]): string {
  // `lab-3 starting now` reaches here without its `now`, which is read as courtesy before.
  const starting = /\s+(?:from|starting|beginning)$/i.exec(text.slice(0, LAB_LIMITS.nameMax + 12));
  if (starting !== null && starting.index + starting[0].length === text.length && 'found' in findByTypedName(testbeds, text.slice(0, starting.index))) return text.slice(0, starting.index);
  const found = /\s+(?:(?:right\s+)?now|right\s+away|asap|immediately|urgently|as\s+soon\s+as\s+possible|instead)(?=\s|$|[,;:])/i.exec(text.slice(0, LAB_LIMITS.nameMax + 40));
  if (!found) return text;
  const name = text.slice(0, found.index);
  const match = findByTypedName(testbeds, name);
  // The testbed named (whole, or by the start of its name) unless its name goes on with the word (`TB-04 now` is one).
  const withWord = text.slice(0, found.index + found[0].length).trim().toLowerCase();
  const goesOn = 'found' in match && match.found.testbed_name.toLowerCase().startsWith(withWord);
  // A label the lab has, too (`any 5g instead`).
  const named = 'found' in match || bookedName(testbeds, name.trim()) !== undefined;
  if (!named || goesOn) return text;
  // (`lab-3 asap, customer issue`, `lab-3 now: 2h`: what follows the mark is said as after `for`, unless a clause word starts it,
  // or a question or courtesy: `urgently, can Linus release it` is no purpose.)
  const said = /^\s*[,;:]\s*(?!(?:for|until|till|til|by|to|because|can|could|would|will|is|are|do|does|please|pls|thanks?|thx)(?:\s|$))(?=\S)/i;
  const rest = text.slice(found.index + found[0].length).replace(said, ' for ').replace(/^\s*[,;:]\s*/, ' ');
  return `${name}${rest}`;
}

function optional(name: string | undefined): { name?: string } {
  return name === undefined ? {} : { name };
}
