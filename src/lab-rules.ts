/**
 * The rules about testbeds themselves that every layer shares, pure and clock-free: what a label
 * may look like, how long a description may be, how names and labels compare, which id a new
 * testbed gets, and which optional fields a record carries beside the original eight.
 */
import type { RetiredTestbed, TestbedExtras, TestbedRecord } from './domain.js';
import { closestOf } from './typos.js';

export const LAB_LIMITS = {
  /** Characters in one label. */
  labelMax: 32,
  /** Labels on one testbed. */
  labelsMax: 10,
  descriptionMax: 200,
  /** Characters in a testbed name. */
  nameMax: 80,
  /** Characters in a maintenance or force-release reason. */
  reasonMax: 200,
} as const;

/** Letters, digits, `.`, `_` and `-`, 1 to 32 of them. */
export const LABEL_PATTERN = /^[A-Za-z0-9._-]{1,32}$/;

const fold = (text: string) => text.trim().toLowerCase();
/** A name between quotes of any kind, or in brackets: the name inside. */
const QUOTED = /^["'“”‘’«»„`(\[<]\s*([^"'“”‘’«»„`()[\]<>]+?)\s*["'“”‘’«»`)\]>]$/;

/** Two testbed names are the same when they only differ in case or surrounding spaces. */
export const sameName = (a: string, b: string): boolean => fold(a) === fold(b);

export const sameLabel = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/**
 * The testbed a person means by a typed name: the one with that name (ignoring case), else the only
 * one whose name starts with it (`TB-03` for `TB-03 Wi-Fi 7 lab`); failing both, the same with any
 * separators read alike (`lab 3`, `lab_3`, `lab–3` for lab-3), then run together (`lab3`) or its number alone
 * (`3`, `#3`). `ambiguous` when several start with it (or read alike), `none` when nothing does.
 */
export function findByTypedName<T extends Pick<TestbedRecord, 'testbed_name'>>(
  records: readonly T[],
  typed: string,
): { found: T } | { ambiguous: true } | { none: true } {
  const wanted = fold(typed);
  if (wanted === '') return { none: true };
  const strict = matchName(records, foldedNamesOf(records), wanted);
  // `'lab-3'`, `"lab-3"`, `«lab-3»`: the name in quotes, as people write a name (unless a name holds them).
  const unquoted = 'none' in strict && wanted.length <= LAB_LIMITS.nameMax + 4 ? QUOTED.exec(wanted)?.[1] : undefined;
  if (unquoted !== undefined) return findByTypedName(records, unquoted);
  // (Words much longer than any name cannot be one, whatever their separators.)
  if (!('none' in strict) || wanted.length > LAB_LIMITS.nameMax * 2) return strict;
  if (!SEPARATOR.test(wanted)) return matchLoosely(records, wanted);
  // `lab 3`, `lab_3`, `lab–3` (a phone's dash) for lab-3: the same name with another separator between its parts.
  const other = matchSpaced(records, spaced(wanted), spaced);
  // `tb 4` for TB-04: a number without its leading zeros, read the same.
  const withoutZeros = 'none' in other ? matchSpaced(records, spacedUnpadded(wanted), spacedUnpadded) : other;
  return 'none' in withoutZeros ? matchLoosely(records, wanted) : withoutZeros;
}

/**
 * The readings of a name people type when they leave its separators out or use its number alone, asked when every
 * stricter reading found nothing: `lab3` for lab-3 and `tb03` or `tb3` for TB-03 Wi-Fi 7 lab (the name, or its first
 * whole parts, run together, leading zeros dropped), `3`, `#3`, `no. 3` or `testbed 3` for the one testbed whose
 * number is 3 (the first part of its name that ends in digits: lab-3, TB-03 …, rack3), and `the SD-WAN pod` or `sdwan pod`
 * for TB-04 SD-WAN pod (its last two words or more, six letters or more run together). A name run together only ever
 * stops where one of its parts ends, so `lab3` never finds lab-30; several testbeds read alike find none of them.
 */
function matchLoosely<T extends Pick<TestbedRecord, 'testbed_name'>>(records: readonly T[], wanted: string): { found: T } | { ambiguous: true } | { none: true } {
  if (wanted.length > LAB_LIMITS.nameMax * 2) return { none: true };
  const index = looseIndexOf(records);
  const number = NUMBER_ALONE.exec(wanted)?.[1];
  const squashedWanted = squashed(wanted);
  // (`the SD-WAN pod`, `sdwan pod` for TB-04 SD-WAN pod: its last words, the article before them said or not.)
  const tail = index.tail.get(squashed(wanted.replace(/^the\s+/, '')));
  const readings = [index.whole.get(squashedWanted), index.start.get(squashedWanted), number === undefined ? undefined : index.number.get(number), tail];
  for (const found of readings) {
    if (found === undefined) continue;
    return found.length === 1 ? { found: records[found[0]] } : { ambiguous: true };
  }
  return { none: true };
}

/**
 * The start of the answer when typed words meant several testbeds (`findByTypedName` said `ambiguous`): by their number
 * (`3` for lab-3 and TB-03 …), or by the start of their names.
 */
export function severalMeant(typed: string): string {
  const number = NUMBER_ALONE.exec(fold(typed))?.[1];
  return number === undefined ? `More than one testbed starts with “${typed}”` : `More than one testbed has the number ${number}`;
}

/** A testbed's number typed alone: `3`, `03`, `#3`, `no. 3`, `nr 3`, `number 3`, `testbed 3`, `tb 3`. */
const NUMBER_ALONE = /^(?:#|n(?:o|r|umber)\.?|testbed|tb)?\s*#?0*(\d{1,9})$/;
/** A folded name without separators and without the leading zeros of its numbers (`tb-03 wi-fi` reads `tb3wifi`). */
const squashed = (folded: string) => folded.replace(SEPARATORS, '').replace(/(^|\D)0+(?=\d)/g, '$1');

/** Typed words as names are compared however their separators are typed (`SD-WAN pod`, `sdwan pod`: `sdwanpod`). */
export function squashedWords(typed: string): string {
  return squashed(fold(typed));
}
/** A part of a name that ends in digits, and its number without leading zeros (`03`, `lab3`; not `5g`). */
const NUMBERED_PART = /^\D*?0*(\d+)$/;

interface LooseIndex {
  /** Whole names run together, to the records that read so. */
  whole: Map<string, number[]>;
  /** Names' first whole parts run together (not the whole name), to the records that start so. */
  start: Map<string, number[]>;
  /** Each name's number, to the records that carry it. */
  number: Map<string, number[]>;
  /** Names' last two words or more run together (not the whole name, six letters or more), to the records that end so. */
  tail: Map<string, number[]>;
}

const looseIndexes = new WeakMap<readonly object[], LooseIndex>();

/** Words a name's last words never start with when they are said for the whole name. */
const LITTLE_WORD = /^(?:to|of|in|on|at|for|with|and|or|the|a|an|by|from)$/;

/** Kept for a frozen list, like the sorted names: most readings of a message find nothing, and each costs a look-up. */
function looseIndexOf(records: readonly Pick<TestbedRecord, 'testbed_name'>[]): LooseIndex {
  const known = looseIndexes.get(records);
  if (known !== undefined) return known;
  const index: LooseIndex = { whole: new Map(), start: new Map(), number: new Map(), tail: new Map() };
  const add = (map: Map<string, number[]>, key: string, at: number) => {
    const list = map.get(key);
    if (list === undefined) map.set(key, [at]);
    else if (list[list.length - 1] !== at) list.push(at);
  };
  records.forEach((record, at) => {
    const parts = fold(record.testbed_name).split(SEPARATORS).filter((part) => part !== '');
    for (let end = 1; end < parts.length; end++) add(index.start, squashed(parts.slice(0, end).join('')), at);
    add(index.whole, squashed(parts.join('')), at);
    const numbered = parts.map((part) => NUMBERED_PART.exec(part)?.[1]).find((number) => number !== undefined);
    if (numbered !== undefined) add(index.number, numbered, at);
    const words = fold(record.testbed_name).split(/\s+/).filter((word) => word !== '');
    // (Two words at least, not starting with a little word: `SD-WAN pod`, never `pod` or `to core` of Link to core.)
    for (let start = 1; start < words.length - 1; start++) {
      if (LITTLE_WORD.test(words[start])) continue;
      const tail = squashed(words.slice(start).join(''));
      if (tail.length >= 6) add(index.tail, tail, at);
    }
  });
  if (Object.isFrozen(records) && records.every((record) => Object.isFrozen(record))) looseIndexes.set(records, index);
  return index;
}

/** A spaced name with each number's leading zeros left out (`tb-04` reads `tb-4`). */
const unpadded = (name: string) => name.replace(/(^|-)0+(?=\d)/g, '$1');
/** One function (the key its sorted names are kept under): spaced, then without the zeros. */
const spacedUnpadded = (folded: string) => unpadded(spaced(folded));

/**
 * `matchName` over the names with their separators read alike, looked up in those names sorted (kept for a frozen
 * list): a typed message tries many readings, and most find nothing, so each costs a search, not a pass over the lab.
 */
function matchSpaced<T extends Pick<TestbedRecord, 'testbed_name'>>(
  records: readonly T[],
  wanted: string,
  reading: (folded: string) => string,
): { found: T } | { ambiguous: true } | { none: true } {
  const sorted = sortedNamesOf(records, reading);
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle].name < wanted) low = middle + 1;
    else high = middle;
  }
  const first = sorted[low];
  if (first === undefined || !first.name.startsWith(wanted)) return { none: true };
  const second = sorted[low + 1];
  // One name that is exactly it wins over longer ones it starts, unless another reads the same.
  if (first.name === wanted) return second?.name === wanted ? { ambiguous: true } : { found: records[first.index] };
  return second !== undefined && second.name.startsWith(wanted) ? { ambiguous: true } : { found: records[first.index] };
}

/** Per way of reading the names, the sorted names of each frozen list. */
const sortedByReading = new Map<(folded: string) => string, WeakMap<readonly object[], ReadonlyArray<{ name: string; index: number }>>>();

function sortedNamesOf(records: readonly Pick<TestbedRecord, 'testbed_name'>[], reading: (folded: string) => string): ReadonlyArray<{ name: string; index: number }> {
  let kept = sortedByReading.get(reading);
  if (kept === undefined) sortedByReading.set(reading, (kept = new WeakMap()));
  const known = kept.get(records);
  if (known !== undefined) return known;
  const sorted = records.map((record, index) => ({ name: reading(fold(record.testbed_name)), index })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.index - b.index));
  if (Object.isFrozen(records) && records.every((record) => Object.isFrozen(record))) kept.set(records, sorted);
  return sorted;
}

/** The one record whose name (as compared) is `wanted`, else the only one whose name starts so. */
function matchName<T>(records: readonly T[], names: readonly string[], wanted: string): { found: T } | { ambiguous: true } | { none: true } {
  const exact = names.indexOf(wanted);
  if (exact >= 0) return { found: records[exact] };
  // The only name that starts so; a second one makes it ambiguous.
  let first = -1;
  for (let i = 0; i < names.length; i++) {
    if (!names[i].startsWith(wanted)) continue;
    if (first >= 0) return { ambiguous: true };
    first = i;
  }
  return first >= 0 ? { found: records[first] } : { none: true };
}

/** What may stand between the parts of a name: spaces, underscores, hyphens and the dashes phones put in their place. */
const SEPARATOR = /[\s_\u2010-\u2015\u2212-]/;
const SEPARATORS = /[\s_\u2010-\u2015\u2212-]+/g;
/** A folded name with every run of separators as one hyphen (`lab 3`, `lab_3`, `lab–3` all read `lab-3`). */
const spaced = (folded: string) => folded.replace(SEPARATORS, '-');

const foldedNames = new WeakMap<readonly object[], readonly string[]>();

/**
 * The names of `records` as compared (`fold`), in order. A frozen list (the store's snapshot, the same array until a
 * record changes) keeps them, so a typed message that tries many readings over a large lab folds each name once.
 */
function foldedNamesOf(records: readonly Pick<TestbedRecord, 'testbed_name'>[]): readonly string[] {
  const kept = foldedNames.get(records);
  if (kept !== undefined) return kept;
  const names = records.map((record) => fold(record.testbed_name));
  // Frozen list and records: nothing in it can change, so neither can the names.
  if (Object.isFrozen(records) && records.every((record) => Object.isFrozen(record))) foldedNames.set(records, names);
  return names;
}

/**
 * The one testbed whose name, or the start of it, is a slip of the thumb away from what was typed
 * (`lab3` for lab-3, `tb04` for TB-04 SD-WAN pod; ignoring case), for a "Did you mean …?". Only
 * asked after `findByTypedName` found nothing.
 */
export function findNearName<T extends Pick<TestbedRecord, 'testbed_name'>>(records: readonly T[], typed: string): T | undefined {
  const wanted = fold(typed);
  const length = wanted.length;
  // A whole name first: `lab3` is one slip from lab-3, and also from the start (`lab-`) of every lab-N.
  const whole = closestOf(wanted, records, (record) => [fold(record.testbed_name)]);
  if (whole) return whole;
  return closestOf(wanted, records, (record) => {
    const name = fold(record.testbed_name);
    return [name.slice(0, length - 1), name.slice(0, length), name.slice(0, length + 1)];
  });
}

/**
 * `sd-wan`, `the SD-WAN pod`, `wi-fi 7` for TB-04 SD-WAN pod or TB-03 Wi-Fi 7 lab: the one testbed whose name holds the
 * typed words as whole parts further in (its start is read by `findByTypedName`). Only named back to the person
 * (`Did you mean …?`), never chosen for them; undefined when no name or several hold them.
 */
export function findNamedWithin<T extends Pick<TestbedRecord, 'testbed_name'>>(records: readonly T[], typed: string): T | undefined {
  const wanted = unpadded(spaced(fold(typed).replace(/^(?:the|a|an|our|my)\s+/, '')));
  if (wanted.replace(/-/g, '').length < 3 || wanted.length > LAB_LIMITS.nameMax) return undefined;
  const within = records.filter((record) => `-${unpadded(spaced(fold(record.testbed_name)))}-`.includes(`-${wanted}-`));
  return within.length === 1 ? within[0] : undefined;
}

/** Words that name nobody in particular, typed alone: never read as a holder's name. */
const NOBODY_IN_PARTICULAR = new Set([
  'i', 'me', 'my', 'mine', 'we', 'us', 'our', 'ours', 'you', 'your', 'yours', 'he', 'him', 'his', 'she', 'her', 'hers', 'they', 'them',
  'their', 'it', 'its', 'this', 'that', 'someone', 'somebody', 'anyone', 'anybody', 'everyone', 'everybody', 'nobody', 'people', 'team',
  'the', 'a', 'an', 'lab', 'testbed', 'testbeds', 'bot', 'who', 'what',
]);

/** A person's name or email as typed: any case, one space between words, without an `@` before it or a `'s` after it. */
function foldPerson(typed: string): string {
  const words = typed.trim().toLowerCase().replace(/\s+/g, ' ');
  const unquoted = QUOTED.exec(words)?.[1] ?? words;
  return unquoted.replace(/^@/, '').replace(/(?:['’]s|['’])$/, '').replace(/[.,!?]+$/, '').trim();
}

/**
 * The bookings (in use) whose holder the words name: their email, the part of it before the `@`, their whole name, or
 * whole words of it in order (`Linus`, `Torvalds` or `linus torvalds` for Linus Torvalds). Nothing for a word that names nobody in
 * particular (`me`, `everyone`, `lab`), a number, or fewer than two characters.
 */
export function heldByTyped<T extends Partial<Pick<TestbedRecord, 'status' | 'user_email' | 'user_name'>>>(
  records: readonly T[],
  typed: string,
): T[] {
  const called = personCalled(typed);
  return records.filter((record) => record.status === 'in_use' && called(record.user_email, record.user_name));
}

/** Whether a person (email, name) is the one the words name, by the rules of `heldByTyped`; made once for many people. */
export function personCalled(typed: string): (email: string | null | undefined, name: string | null | undefined) => boolean {
  const wanted = foldPerson(typed);
  if (wanted.length < 2 || wanted.length > 120 || /^\d+$/.test(wanted) || NOBODY_IN_PARTICULAR.has(wanted)) return () => false;
  const wantedWords = ` ${wanted} `;
  return (rawEmail, rawName) => {
    const email = (rawEmail ?? '').trim().toLowerCase();
    if (email !== '' && (email === wanted || email.split('@')[0] === wanted)) return true;
    const name = (rawName ?? '').trim().toLowerCase().replace(/\s+/g, ' ');
    return name !== '' && ` ${name} `.includes(wantedWords);
  };
}

/** The names of the holders of these bookings, each once, in the order given (`Linus Lab`, `Ada Ops and Linus Lab`). */
export function holderNames(records: readonly Pick<TestbedRecord, 'user_name' | 'user_email'>[]): string {
  const names: string[] = [];
  for (const record of records) {
    const name = (record.user_name || record.user_email || '').trim();
    if (name !== '' && !names.some((known) => known.toLowerCase() === name.toLowerCase())) names.push(name);
  }
  return namesInWords(names);
}

/** A wait for whichever of several testbeds is handed on first, or a list of them typed, names at most this many. */
export const EITHER_MAX = 10;

/**
 * `lab-3 and lab-5`, `lab-3, lab-5 or TB-04`, `lab-3 lab-5`: the testbeds named, two to ten parts, each found by its typed name
 * (in the order typed, each once); undefined unless every part names one and more than one is named. Given `labelled`, a
 * part that names no testbed may stand for several (`lab-3 or any 5g`: lab-3 and the testbeds carrying 5g).
 */
export function testbedsNamed<T extends Pick<TestbedRecord, 'testbed_name'>>(
  records: readonly T[],
  words: string,
  labelled?: (part: string) => readonly T[] | undefined,
): T[] | undefined {
  const typed = words.trim().slice(0, 400);
  const byMarks = typed.split(/\s*(?:,|&|\+|\/|\s(?:and|or|plus|vs\.?)\s)\s*/i);
  const parts = byMarks.length > 1 ? byMarks : typed.split(/\s+/);
  if (parts.length < 2 || parts.length > EITHER_MAX) return undefined;
  const found: T[] = [];
  for (const part of parts) {
    const match = /^\d+$/.test(part) ? { none: true as const } : findByTypedName(records, part);
    // `lab-3 or any 5g`: a part that names no testbed may name a label, which stands for the testbeds carrying it.
    const each = 'found' in match ? [match.found] : labelled?.(part);
    if (each === undefined || each.length === 0) return undefined;
    for (const record of each) if (!found.includes(record)) found.push(record);
  }
  return found.length > 1 ? found : undefined;
}

/** Names as a sentence lists them: `lab-3`, `lab-3 and lab-5`, `lab-1, lab-3 and lab-5`. */
export function namesInWords(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * The label every testbed counts as carrying when somebody waits for one (`wait any testbed`): a place taken
 * for it is kept in the queue as any label's is, and whichever testbed is handed on first is offered.
 */
export const ANY_TESTBED_LABEL = 'testbed';

/**
 * A wait for whichever of several named testbeds is handed on first (`wait lab-3 or lab-5`), kept where a label is:
 * their names, each once, ordered ignoring case, one per line (a testbed name never has a line break, a label never
 * has one either). Their places are taken and given up together, as the places of a wait by label are.
 */
export function eitherKey(names: readonly string[]): string {
  const unique = names.filter((name, i) => !names.slice(0, i).some((earlier) => sameName(earlier, name)));
  return unique.sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true })).join('\n');
}

/** The testbed names of a wait for whichever of them is handed on first, or undefined for a label. */
export function eitherNames(label: string): string[] | undefined {
  return label.includes('\n') ? label.split('\n') : undefined;
}

/** The names of a wait for whichever is handed on first as they are kept: 2 to 10, each a name a testbed may have. */
export function isEitherKey(value: string): boolean {
  const names = eitherNames(value);
  return names !== undefined && names.length >= 2 && names.length <= EITHER_MAX && names.every((name) => name.trim() !== '' && name.length <= LAB_LIMITS.nameMax);
}

/**
 * True when a wait kept with `label` is a wait for this testbed: it carries the label, the wait is for any testbed,
 * or it is one of the testbeds named (`wait lab-3 or lab-5`).
 */
export function waitsFor(record: Pick<TestbedRecord, 'labels' | 'testbed_name'>, label: string): boolean {
  const named = eitherNames(label);
  if (named !== undefined) return named.some((name) => sameName(name, record.testbed_name));
  return sameLabel(label, ANY_TESTBED_LABEL) || hasLabel(record, label);
}

/**
 * What a wait kept with `label` was for, as a sentence says it: `any 5g`, `any testbed`, or `lab-3 or lab-5`;
 * `shown` makes each name or label safe for where it goes.
 */
export function waitedForWords(label: string, shown: (text: string, max: number) => string): string {
  const named = eitherNames(label);
  if (named === undefined) return `any ${shown(label, LAB_LIMITS.labelMax)}`;
  const names = named.map((name) => shown(name, LAB_LIMITS.nameMax));
  return names.length <= 2 ? names.join(' or ') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

/** True when the record carries the label (ignoring case); a null label matches every record. */
export function hasLabel(record: Pick<TestbedRecord, 'labels'>, label: string | null): boolean {
  if (label === null) return true;
  const wanted = asLabel(label);
  return wanted !== null && carries(record, wanted);
}

/** True when some testbed carries the label (ignoring case): a label in use in the lab. */
export function labelCarried(records: readonly Pick<TestbedRecord, 'labels'>[], label: string): boolean {
  const wanted = asLabel(label);
  return wanted !== null && records.some((record) => carries(record, wanted));
}

/** The typed label as labels are compared, once; null when it is longer than any label may be (none carries it). */
function asLabel(typed: string): string | null {
  const label = typed.trim();
  return label.length > LAB_LIMITS.labelMax ? null : label.toLowerCase();
}

const carries = (record: Pick<TestbedRecord, 'labels'>, wanted: string): boolean => (record.labels ?? []).some((own) => own.toLowerCase() === wanted);

/** What is wrong with a list of labels, one sentence each (empty when fine). */
export function labelProblems(labels: readonly string[]): string[] {
  const problems: string[] = [];
  if (labels.length > LAB_LIMITS.labelsMax) problems.push(`at most ${LAB_LIMITS.labelsMax} labels are allowed (found ${labels.length})`);
  labels.forEach((label, i) => {
    if (!LABEL_PATTERN.test(label)) {
      problems.push(`label "${label}" must be 1 to ${LAB_LIMITS.labelMax} letters, digits, ".", "_" or "-"`);
    } else if (labels.slice(0, i).some((earlier) => sameLabel(earlier, label))) {
      problems.push(`label "${label}" is listed twice`);
    }
  });
  return problems;
}

/** The id a new testbed gets: one more than every id in use or retired. */
export function nextTestbedId(testbeds: readonly Pick<TestbedRecord, 'id'>[], retired: readonly Pick<RetiredTestbed, 'id'>[] = []): number {
  let max = 0;
  for (const { id } of testbeds) max = Math.max(max, id);
  for (const { id } of retired) max = Math.max(max, id);
  return max + 1;
}

/** The optional fields the record carries (only the ones that are set), as fresh copies. */
export function extrasOf(record: TestbedExtras): TestbedExtras {
  const extras: TestbedExtras = {};
  if (Array.isArray(record.labels)) extras.labels = [...record.labels];
  if (typeof record.description === 'string') extras.description = record.description;
  if (record.maintenance) extras.maintenance = { ...record.maintenance, by: { ...record.maintenance.by } };
  return extras;
}

/** A fresh copy of a record: the eight original fields and the extras it carries. */
export function copyRecord(record: TestbedRecord): TestbedRecord {
  return {
    id: record.id,
    testbed_name: record.testbed_name,
    status: record.status,
    user_email: record.user_email,
    user_name: record.user_name,
    registered_time: record.registered_time,
    purpose: record.purpose,
    expected_release_time: record.expected_release_time,
    ...extrasOf(record),
  };
}

/** Under maintenance: not free, whatever its status says. */
export const isUnderMaintenance = (record: TestbedExtras): boolean => Boolean(record.maintenance);
