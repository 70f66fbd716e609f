/**
 * What a status view is narrowed to by its argument (`status 5g`, `status free`, `status lab-3`, `status Linus`),
 * read in this order: a label a testbed carries, then a state, then a testbed's name, then a holder's. So a lab's
 * own label `free` wins, and `status free` never means the only testbed whose name starts so. Pure.
 */
import type { LifecycleEntry, TestbedRecord } from '../domain.js';
import { findByTypedName, findNamedWithin, findNearName, heldByTyped, holderNames, namesInWords, personCalled, testbedsNamed } from '../lab-rules.js';
import { hasLabel, isBookable, isDueBackToday, labelsInUse, testbedState } from './parts.js';

/** What a status view can be narrowed to by state (`status free`, `status in use`, `what's free?`). */
export type StatusShow = 'free' | 'busy' | 'overdue' | 'maintenance' | 'dueToday';

/**
 * The words that ask for a state. Typed phrases of two words arrive as one (`in use` as `in-use`,
 * see the router).
 */
const STATE_WORDS: Readonly<Record<string, StatusShow>> = {
  free: 'free',
  available: 'free',
  busy: 'busy',
  'in-use': 'busy',
  inuse: 'busy',
  booked: 'busy',
  taken: 'busy',
  overdue: 'overdue',
  late: 'overdue',
  maintenance: 'maintenance',
  'due-today': 'dueToday',
  due: 'dueToday',
};

/** How the card names each state view, and what it says when nothing is in that state. */
export const SHOW_TEXT: Readonly<Record<StatusShow, { title: string; none: string }>> = {
  free: { title: 'Free now', none: 'Nothing is free right now.' },
  busy: { title: 'In use', none: 'Nothing is in use right now.' },
  overdue: { title: 'Overdue', none: 'Nothing is overdue.' },
  maintenance: { title: 'Under maintenance', none: 'Nothing is under maintenance.' },
  dueToday: { title: 'Due back today', none: 'Nothing is due back today.' },
};

/** The state a status argument asks for (`free`, `in-use`, `overdue`, …; any case), if it is one of those words. */
function statusShowOf(word: string): StatusShow | undefined {
  const key = word.trim().toLowerCase();
  return Object.hasOwn(STATE_WORDS, key) ? STATE_WORDS[key] : undefined;
}

/** Whether a status view reads the words as a state (`free`, `in use`, `due today`), never as a testbed's name. */
export function isStateWord(words: string): boolean {
  return statusShowOf(words.trim().replace(/\s+/g, '-')) !== undefined;
}

/**
 * Whether a testbed is in the state a view asks for; `free` means bookable by anyone now (not held for a hand-off), `dueToday`
 * in use (not overdue) and due back later on today's date in `timeZone`.
 */
function isInState(record: TestbedRecord, show: StatusShow, now: string, entry: LifecycleEntry | undefined, timeZone: string): boolean {
  const state = testbedState(record, now);
  switch (show) {
    case 'free':
      return isBookable(record) && !entry?.offer;
    case 'busy':
      return state === 'inUse' || state === 'overdue';
    case 'overdue':
      return state === 'overdue';
    case 'maintenance':
      return state === 'maintenance';
    case 'dueToday':
      return isDueBackToday(record, now, timeZone);
  }
}

export interface Narrowed {
  /** The testbeds the view lists (none when the argument found nothing). */
  testbeds: readonly TestbedRecord[];
  /** The testbeds the counts are of: the listed ones, or the whole lab for a state view. */
  counted: readonly TestbedRecord[];
  /** Set when the argument is carried by no testbed, names no state and no testbed: the card says so. */
  unknownLabel: boolean;
  /** Set when the argument named one testbed (`status lab-3`): its name; or several (`status lab-3 and lab-5`): their names, as a sentence lists them. */
  named?: string;
  /** Set when the argument named several testbeds. */
  several?: true;
  /** With one testbed named, free for anyone now: its id, for a Register button that starts on it. */
  namedFree?: number;
  /** With one testbed named: what it is, as an admin described it. */
  description?: string;
  /** With an unknown label: the name of the one testbed a slip away from it (`lab-3` for `lab3`). */
  nearName?: string;
  /** Every label in use (for the unknown-label answer). */
  labels: string[];
  /** Set when the argument asked for a state (`status free`). */
  show?: StatusShow;
  /** With a state asked for and no testbed in it: the line that says so (every testbed is listed instead). */
  noneInState?: string;
  /** Set when the argument named the holder of the listed bookings (`status Linus`, `what does Linus have`): their names. */
  heldBy?: string;
  /** A person asked about (`what does Bob have`) who holds nothing: the words typed (every testbed is listed instead). */
  noHolder?: string;
  /** With a person asked about: where each person the words name waits, in queue order of the testbeds. */
  waits?: PersonWaits[];
}

/** One person's places in queues: the testbed's name and their place in its queue (1 = next). */
export interface PersonWaits {
  name: string;
  places: Array<{ testbed: string; position: number }>;
}

/** Where the people the words name wait (`what does Linus have`: he may hold nothing yet wait for two). */
function waitsOf(all: readonly TestbedRecord[], entries: ReadonlyMap<number, LifecycleEntry>, words: string): PersonWaits[] {
  const called = personCalled(words);
  const people = new Map<string, PersonWaits>();
  for (const record of all) {
    entries.get(record.id)?.queue.forEach((person, index) => {
      if (!called(person.email, person.name)) return;
      const key = person.email.trim().toLowerCase();
      const found = people.get(key) ?? { name: person.name || person.email, places: [] };
      found.places.push({ testbed: record.testbed_name, position: index + 1 });
      people.set(key, found);
    });
  }
  return [...people.values()];
}

/**
 * Narrows `all` by the view's argument (absent: every testbed), or to the bookings of the person `holder` names (a
 * person asked about, `what does Linus have`). `entries`: the lifecycle entries by testbed id.
 */
export function narrowStatus(
  all: readonly TestbedRecord[],
  label: string | undefined,
  now: string,
  entries: ReadonlyMap<number, LifecycleEntry>,
  timeZone: string,
  holder?: string,
): Narrowed {
  if (label === undefined && holder !== undefined) {
    const held = heldByTyped(all, holder);
    const waits = waitsOf(all, entries, holder);
    if (held.length > 0) return { testbeds: held, counted: held, unknownLabel: false, labels: [], heldBy: holderNames(held), waits };
    return { testbeds: all, counted: all, unknownLabel: false, labels: [], noHolder: holder, waits };
  }
  if (label === undefined) return { testbeds: all, counted: all, unknownLabel: false, labels: [] };
  const labelled = all.filter((record) => hasLabel(record, label));
  if (labelled.length > 0) return { testbeds: labelled, counted: labelled, unknownLabel: false, labels: [] };
  const show = statusShowOf(label);
  if (show !== undefined) {
    const inState = all.filter((record) => isInState(record, show, now, entries.get(record.id), timeZone));
    // Nothing in that state: every testbed, under a line that says so (and the picker to wait for a busy one).
    // The counts are the whole lab's: how many are free says more beside the busy ones than alone.
    if (inState.length > 0 || all.length === 0) return { testbeds: inState, counted: all, unknownLabel: false, labels: [], show };
    return { testbeds: all, counted: all, unknownLabel: false, labels: [], show, noneInState: SHOW_TEXT[show].none };
  }
  const nameMatch = findByTypedName(all, label);
  if ('found' in nameMatch) {
    const named = nameMatch.found;
    const free = isInState(named, 'free', now, entries.get(named.id), timeZone);
    return { testbeds: [named], counted: [named], unknownLabel: false, labels: [], named: named.testbed_name, ...(free ? { namedFree: named.id } : {}), ...(named.description ? { description: named.description } : {}) };
  }
  // `who has lab-3 and lab-5`, `status lab-3, lab-5`: those testbeds, each with its holder and queue.
  const several = 'none' in nameMatch ? testbedsNamed(all, label) : undefined;
  if (several !== undefined) return { testbeds: several, counted: several, unknownLabel: false, labels: [], named: namesInWords(several.map((record) => record.testbed_name)), several: true };
  // Nothing by that label or name: the bookings of the person it names (`status Linus`), if any.
  const held = 'none' in nameMatch ? heldByTyped(all, label) : [];
  if (held.length > 0) return { testbeds: held, counted: held, unknownLabel: false, labels: [], heldBy: holderNames(held), waits: waitsOf(all, entries, label) };
  // A testbed whose name is a slip away (`status lab3`) is named, not shown.
  const near = 'none' in nameMatch ? (findNearName(all, label) ?? findNamedWithin(all, label)) : undefined;
  return { testbeds: [], counted: [], unknownLabel: true, labels: labelsInUse(all), ...(near ? { nearName: near.testbed_name } : {}) };
}
