/**
 * The status view: counts at the top, then every testbed colour-coded
 * (available green, in use amber, overdue red, maintenance grey) with its
 * labels; holder, held-for, purpose and expected release (UTC and relative)
 * for booked ones; reason and expected end for those under maintenance.
 * Overdue first, then in use, then available, then maintenance, each by name.
 * Rows are packed into pages by size, so any number of testbeds with any names
 * stays under MAX_CARD_BYTES; `status_page` buttons move between pages. With a
 * label (`status 5g`) only the testbeds carrying it are shown, and the page
 * buttons keep the label. A state word in its place (`status free`, `status in-use`,
 * `status overdue`) shows the testbeds in that state when no testbed carries it as a label.
 */
import type { LifecycleEntry, TestbedRecord } from '../domain.js';
import { ANY_TESTBED_LABEL, eitherKey, LABEL_PATTERN, namesInWords, waitedForWords } from '../lab-rules.js';
import { SHOW_TEXT, narrowStatus, type Narrowed, type PersonWaits, type StatusShow } from './status-filter.js';
import type { AdaptiveCardJson } from '../platform/port.js';
import { ACTIONS, INPUT_IDS } from './actions.js';
import { MAX_CARD_BYTES, card, cardBytes, deepFreeze, safeText, submit, textBlock, type CardElement } from './common.js';
import {
  buttons,
  byDueTime,
  byName,
  hasLabel,
  heading,
  holderMarkdown,
  inStatusOrder,
  pastExpectedBack,
  plainText,
  safeName,
  sameEmail,
  small,
  stateStyle,
  testbedRow,
  testbedState,
  type TestbedState,
} from './parts.js';
import { formatHeldFor, formatRelative, formatUtc, formatWhen, formatWhenRelative, parseIso } from './time.js';

export interface StatusCardInput {
  testbeds: readonly TestbedRecord[];
  now: string;
  timeZone: string;
  /** 1-based; out-of-range pages show the nearest page. */
  page?: number;
  /** Wait-lists and holds by testbed (absent = none). */
  life?: readonly LifecycleEntry[];
  /** The person looking: their own place in each queue is shown. */
  requesterEmail?: string;
  /** Only testbeds carrying this label (ignoring case); absent = every testbed. */
  label?: string;
  /** With no label: only the bookings of the person these words name (`what does Linus have`); see `heldByTyped`. */
  holder?: string;
}

/** At most this many testbeds per page, however small they are. */
export const STATUS_ROWS_PER_PAGE = 25;
/** Bytes reserved for everything but the rows (heading, counts, buttons). */
const FRAME_BYTES = 3_000;

export interface StatusCounts {
  total: number;
  available: number;
  inUse: number;
  overdue: number;
  /** Under maintenance (not bookable; not counted as available). */
  maintenance: number;
}

export function countTestbeds(testbeds: readonly TestbedRecord[], now: string): StatusCounts {
  const counts: StatusCounts = { total: testbeds.length, available: 0, inUse: 0, overdue: 0, maintenance: 0 };
  for (const record of testbeds) counts[testbedState(record, now)] += 1;
  return counts;
}

/** Queue length, the looker's own place, and a hold, as one small line (nothing when there is none); `named`: who is in line too. */
function queueLine(entry: LifecycleEntry | undefined, requesterEmail: string | undefined, timeZone: string, named = false): CardElement[] {
  if (!entry) return [];
  const parts: string[] = [];
  if (entry.offer) {
    const whom = sameEmail(entry.offer.email, requesterEmail) ? 'you' : safeName(entry.offer.name);
    parts.push(`Held for ${whom} until ${formatWhen(entry.offer.until, timeZone)}`);
  }
  if (entry.queue.length > 0) {
    const position = entry.queue.findIndex((person) => sameEmail(person.email, requesterEmail)) + 1;
    // A place taken by waiting for any testbed (of a label) says so: it is given up once they hold one.
    const label = position > 0 ? entry.queue[position - 1].label : undefined;
    const anyOf = label === undefined ? '' : ` (waiting for ${waitedForWords(label, safeName)})`;
    parts.push(`Queue: ${entry.queue.length} waiting${position > 0 ? ` · you are #${position}${anyOf}` : ''}`);
  }
  const line = parts.length > 0 ? [small(parts.join(' · '), { isSubtle: true })] : [];
  // One testbed asked about (`who is waiting for lab-3`): who, in their order.
  return named && entry.queue.length > 0 ? [...line, small(inLine(entry, safeName), { isSubtle: true, spacing: 'None' })] : line;
}

/** `In line: Ada Ops, Linus Lab`: who waits for a testbed, next first (five named, the rest counted). */
function inLine(entry: LifecycleEntry, shown: (text: string, max: number) => string): string {
  const names = entry.queue.slice(0, 5).map((person) => shown(person.name || person.email, 80));
  const more = entry.queue.length > 5 ? ` and ${entry.queue.length - 5} more` : '';
  return `In line: ${names.join(', ')}${more}`;
}

/** Row indexes per page: greedy by size (a row's picker choice included), at most STATUS_ROWS_PER_PAGE each. */
function paginate(sizes: readonly number[]): number[][] {
  const budget = MAX_CARD_BYTES - FRAME_BYTES;
  const pages: number[][] = [[]];
  let used = 0;
  sizes.forEach((size, index) => {
    const current = pages[pages.length - 1];
    if (current.length > 0 && (current.length >= STATUS_ROWS_PER_PAGE || used + size > budget)) {
      pages.push([index]);
      used = size;
    } else {
      current.push(index);
      used += size;
    }
  });
  return pages;
}

/**
 * Coloured counts at the top of status cards (the broadcast cards use it too), as two columns
 * read top to bottom: `Available`, `In use` (and `Overdue` when there are five) on the left, the
 * rest on the right. One row of four or five counts does not fit a phone (about 235 px at
 * 360 px wide) and broke each count over two lines. The grey maintenance count is shown only
 * when some testbed is under maintenance.
 */
export function countsRow(counts: StatusCounts): CardElement {
  const line = (label: string, value: number, style: Record<string, unknown>): CardElement =>
    textBlock(`${label}: ${value}`, { ...style, weight: 'Bolder', spacing: 'None' });
  const lines = [
    line('Available', counts.available, stateStyle('available')),
    line('In use', counts.inUse, stateStyle('inUse')),
    line('Overdue', counts.overdue, stateStyle('overdue')),
    ...(counts.maintenance > 0 ? [line('Maintenance', counts.maintenance, stateStyle('maintenance'))] : []),
    line('Total', counts.total, { color: 'default' }),
  ];
  const left = Math.ceil(lines.length / 2);
  return {
    type: 'ColumnSet',
    columns: [
      { type: 'Column', width: 'auto', items: lines.slice(0, left) },
      { type: 'Column', width: 'auto', spacing: 'Medium', items: lines.slice(left) },
    ],
  };
}

/** The counts in words, for fallback texts (maintenance only when there is some). */
export function countsText(counts: StatusCounts): string {
  const maintenance = counts.maintenance > 0 ? `, ${counts.maintenance} under maintenance` : '';
  return `${counts.available} available, ${counts.inUse} in use, ${counts.overdue} overdue${maintenance}`;
}

interface Layout extends Omit<Narrowed, 'testbeds' | 'counted'> {
  rows: CardElement[];
  page: number;
  pages: number;
  counts: StatusCounts;
  /** Testbeds on this page somebody can wait for (in use, or held for someone's hand-off). */
  waitable: TestbedRecord[];
  /** The one testbed asked for by name (`who has lab-3`), with its queue and hold. */
  one?: { record: TestbedRecord; entry?: LifecycleEntry };
  /** The testbeds in the state asked for (`free`, `overdue`), in the card's order, when any is. */
  inState?: readonly TestbedRecord[];
  /** The bookings of the person asked about (`status Linus`), in the card's order. */
  held?: readonly TestbedRecord[];
}

/** A testbed row, its size in the card and that of its choice in the busy-testbed picker (as JSON, each with the comma that follows it). */
interface SizedRow {
  element: CardElement;
  bytes: number;
  choiceBytes: number;
}

function sizedRow(record: TestbedRecord, element: CardElement): SizedRow {
  return { element, bytes: cardBytes(element) + 1, choiceBytes: cardBytes(choiceOf(record)) + 1 };
}

/** Builds (or finds) the row of one testbed; `extra` is its queue line. */
type RowSource = (record: TestbedRecord, state: TestbedState, extra: CardElement[]) => SizedRow;

// statusCard and statusText of one reply are given the same input: lay it out once for both.
const layouts = new WeakMap<StatusCardInput, Layout>();

function layout(input: StatusCardInput): Layout {
  let found = layouts.get(input);
  if (!found) {
    found = layOut(input, (record, state, extra) => {
      return sizedRow(record, testbedRow(record, state, { now: input.now, timeZone: input.timeZone, extra }));
    });
    layouts.set(input, found);
  }
  return found;
}

function layOut({ testbeds: all, now, timeZone, page, life, requesterEmail, label, holder }: StatusCardInput, rowOf: RowSource): Layout {
  const entries = new Map((life ?? []).map((entry) => [entry.testbed_id, entry]));
  const { testbeds, counted, ...narrowed } = narrowStatus(all, label, now, entries, timeZone, holder);
  const sorted = inStatusOrder(testbeds, now);
  // What frees up today: soonest first.
  if (narrowed.show === 'dueToday' && narrowed.noneInState === undefined) sorted.sort((a, b) => byDueTime(a.record, b.record));
  const rows = sorted.map(({ record, state }) => rowOf(record, state, queueLine(entries.get(record.id), requesterEmail, timeZone, narrowed.named !== undefined)));
  // Under maintenance counts as busy: people may wait for it to come back.
  const isWaitable = (record: TestbedRecord) => record.status === 'in_use' || Boolean(record.maintenance) || Boolean(entries.get(record.id)?.offer);
  const sizes = sorted.map(({ record }, index) => rows[index].bytes + (isWaitable(record) ? rows[index].choiceBytes : 0));
  const pages = paginate(sizes);
  const wanted = Number.isInteger(page) ? (page as number) : 1;
  const current = Math.min(Math.max(wanted, 1), pages.length);
  const shown = pages[current - 1].map((index) => sorted[index].record);
  const waitable = shown.filter(isWaitable);
  return {
    ...narrowed,
    rows: pages[current - 1].map((index) => rows[index].element),
    page: current,
    pages: pages.length,
    counts: countTestbeds(counted, now),
    waitable,
    ...((narrowed.named !== undefined || narrowed.heldBy !== undefined) && testbeds.length === 1 ? { one: { record: testbeds[0], entry: entries.get(testbeds[0].id) } } : {}),
    ...(narrowed.show !== undefined && narrowed.noneInState === undefined ? { inState: sorted.map(({ record }) => record) } : {}),
    ...(narrowed.heldBy !== undefined ? { held: sorted.map(({ record }) => record) } : {}),
  };
}

/** A picker of busy testbeds for the "Notify me when free" button (the button reads it as `testbed_id`). */
export function waitPicker(waitable: readonly TestbedRecord[], label = 'Waiting for a busy testbed? Pick it and press Notify me when free.'): CardElement[] {
  return [
    small(label, { isSubtle: true, spacing: 'Medium' }),
    {
      type: 'Input.ChoiceSet',
      id: INPUT_IDS.testbedId,
      label: 'Busy testbed',
      style: 'compact',
      isRequired: true,
      errorMessage: 'Choose a testbed first.',
      placeholder: 'Choose a testbed',
      choices: [...waitable].sort(byName).map(choiceOf),
    },
  ];
}

/** Compact choices are a native picker: plain text, shown as typed. */
function choiceOf(record: TestbedRecord): { title: string; value: string } {
  return { title: plainText(record.testbed_name, 80), value: String(record.id) };
}

/** Webex shows at most five buttons on a card. */
const MAX_BUTTONS = 5;

/** "No testbed has the label x", the testbed that may have been meant, and the labels that do exist. */
function unknownLabelLines(label: string, labels: readonly string[], nearName: string | undefined): CardElement[] {
  const known = labels.length > 0 ? `Labels in use: ${labels.map((each) => safeName(each, 32)).join(', ')}.` : 'No testbed has a label yet.';
  const meant = nearName === undefined ? [] : [textBlock(`Did you mean the testbed ${safeName(nearName, 80)}?`)];
  return [textBlock(unknownLine(label, safeName), { color: 'warning', weight: 'Bolder' }), ...meant, textBlock(known)];
}

/**
 * The first line of the answer: what cannot be a label (`who has the wifi lab`) was only ever
 * meant as a testbed's name, so it is named as one.
 */
function unknownLine(label: string, shown: (text: string, max: number) => string): string {
  return LABEL_PATTERN.test(label) ? `No testbed has the label ${shown(label, 32)}.` : `No testbed is called “${shown(label, 80)}”.`;
}

/** The in-use testbed expected back first (overdue ones count as first). */
export function freesUpFirst(inUse: readonly TestbedRecord[]): TestbedRecord | undefined {
  const due = (record: TestbedRecord) => parseIso(record.expected_release_time) ?? Number.MAX_SAFE_INTEGER;
  return [...inUse].sort((a, b) => due(a) - due(b) || byName(a, b))[0];
}

/** `lab-3 should free up first: expected back 18:00 UTC (in 2 h), held by Ada Ops (ada@example.com).` */
export function freesUpFirstLine(first: TestbedRecord, now: string, timeZone: string): string {
  const overdue = testbedState(first, now) === 'overdue';
  const when = formatWhenRelative(first.expected_release_time, now, timeZone);
  return `${safeName(first.testbed_name)} should free up first: ${overdue ? 'it was due back' : 'expected back'} ${when}, held by ${holderMarkdown(first)}.`;
}

export function statusCard(input: StatusCardInput): AdaptiveCardJson {
  const { unknownLabel, named, several, namedFree, nearName, labels, show, noneInState, heldBy, noHolder, waits, rows, page, pages, counts, waitable, description } = layout(input);
  const label = input.label;
  // None free (of one label, `status 5g`, or of the whole lab, `what's free` included): which is due back first, and
  // waiting for whichever is handed on first is one press. Not among one person's bookings, which say nothing of the lab.
  const noneFree = show === undefined || (show === 'free' && noneInState !== undefined);
  const waitAny = named === undefined && heldBy === undefined && noneFree && !unknownLabel && counts.available === 0 && waitable.length > 0;
  // The label filtered on (`status 5g`), not a state asked for (`what's free`).
  const byLabel = show === undefined ? label : undefined;
  const waitedLabel = byLabel ?? ANY_TESTBED_LABEL;
  if (unknownLabel && label !== undefined) {
    return card([heading('Testbed status'), ...unknownLabelLines(label, labels, nearName)], [submit('All testbeds', { action: ACTIONS.status }, { associatedInputs: 'none' }), buttons.menu()]);
  }
  const paging = pages > 1 ? ` · page ${page} of ${pages}` : '';
  const labelled = heldBy === undefined ? filterLine(named, show, noneInState, label, safeName, several) : `Held by ${safeName(heldBy, 160)}`;
  const body: CardElement[] = [
    heading('Testbed status'),
    small(`${labelled === '' ? '' : `${labelled} · `}As of ${formatUtc(input.now)}${paging}`, { isSubtle: true }),
    // One testbed named (`who has lab-3?`): its row says it all, and counts of one would only push it down.
    ...(named === undefined ? [countsRow(counts)] : []),
  ];
  if (counts.total === 0) body.push(textBlock('No testbeds are configured yet.'));
  if (noneInState !== undefined) body.push(textBlock(noneInState, { weight: 'Bolder', color: 'warning' }));
  if (noHolder !== undefined) body.push(textBlock(nobodyHoldsLine(noHolder, safeName), { weight: 'Bolder', color: 'warning' }));
  // Where the person asked about waits, above the bookings (they may hold nothing and still wait).
  for (const person of waits ?? []) body.push(small(waitsLine(person, safeName), { spacing: 'Small' }));
  const first = waitAny ? freesUpFirst(input.testbeds.filter((record) => record.status === 'in_use' && (byLabel === undefined || hasLabel(record, byLabel)))) : undefined;
  if (first !== undefined) body.push(textBlock(freesUpFirstLine(first, input.now, input.timeZone)));
  body.push(...rows);
  // One testbed named: what it is, below its row.
  if (description !== undefined) body.push(small(safeText(description, 200), { isSubtle: true }));
  // One busy testbed named (`who has lab-3?`), or the one booking of the person asked about: its buttons say which, so
  // there is no picker of one.
  const only = (named !== undefined || (heldBy !== undefined && rows.length === 1)) && waitable.length === 1 ? waitable[0] : undefined;
  const yours = only !== undefined && only.status === 'in_use' && sameEmail(only.user_email, input.requesterEmail);
  const anyOf = plainText(waitedLabel, 32);
  // Several testbeds named (`who has lab-3 and lab-5`), each busy and none the looker's: waiting for whichever is handed
  // on first is one press.
  const inQueueOf = (record: TestbedRecord) => (input.life ?? []).some((entry) => entry.testbed_id === record.id && entry.queue.some((person) => sameEmail(person.email, input.requesterEmail)));
  const either =
    several && waitable.length > 1 && waitable.length === rows.length && !waitable.some((record) => sameEmail(record.user_email, input.requesterEmail)) && !waitable.every(inQueueOf);
  const eitherTitle = waitable.length === 2 ? 'Wait for either' : 'Wait for any of them';
  const pickerLine = waitAny
    ? `Waiting? Press Wait for any ${anyOf} for whichever is handed on first, or pick one and press Notify me when free.`
    : either
      ? `Waiting? Press ${eitherTitle} for whichever is handed on first, or pick one and press Notify me when free.`
      : undefined;
  if (waitable.length > 0 && only === undefined) body.push(...waitPicker(waitable, pickerLine));
  // Page buttons and "Notify me" first; the rest as long as there is room (the menu is one word away).
  const actions: CardElement[] = [];
  const filter = label !== undefined ? { label } : input.holder !== undefined ? { holder: input.holder } : {};
  if (page > 1) actions.push(submit('◀ Previous', { action: ACTIONS.statusPage, page: page - 1, ...filter }, { associatedInputs: 'none' }));
  if (page < pages) actions.push(submit('Next ▶', { action: ACTIONS.statusPage, page: page + 1, ...filter }, { associatedInputs: 'none' }));
  const entryOfOnly = only === undefined ? undefined : (input.life ?? []).find((entry) => entry.testbed_id === only.id);
  const waiting = only !== undefined && inQueueOf(only);
  // Held for the looker after their wait: booking it is theirs to do (the form is their hand-off form).
  const offeredToYou = entryOfOnly?.offer != null && sameEmail(entryOfOnly.offer.email, input.requesterEmail);
  if (only !== undefined && offeredToYou) {
    actions.push(buttons.register('Book it', only.id));
  } else if (only !== undefined && !yours) {
    const queue = waiting ? ['Leave the queue', ACTIONS.unwait] : ['Notify me when free', ACTIONS.wait];
    actions.push(submit(queue[0], { action: queue[1], testbed_id: String(only.id) }, { associatedInputs: 'none' }));
    if (only.status === 'in_use') actions.push(submit('Ask the holder', { action: ACTIONS.askHolder, testbed_id: String(only.id) }, { associatedInputs: 'none' }));
  } else if (waitable.length > 0 && only === undefined) actions.push(submit('Notify me when free', { action: ACTIONS.wait }));
  if (waitAny) actions.push(submit(`Wait for any ${anyOf}`, { action: ACTIONS.waitLabel, label: waitedLabel }, { associatedInputs: 'none' }));
  if (either) actions.push(submit(eitherTitle, { action: ACTIONS.waitLabel, label: eitherKey(waitable.map((record) => record.testbed_name)) }, { associatedInputs: 'none' }));
  const rest = [...(offeredToYou ? [] : [buttons.register('Register', namedFree)]), buttons.release(), submit('Mine', { action: ACTIONS.mine }, { associatedInputs: 'none' }), buttons.menu()];
  actions.push(...rest.slice(0, MAX_BUTTONS - actions.length));
  return card(body, actions);
}

export function statusText(input: StatusCardInput): string {
  const { unknownLabel, named, several, nearName, labels, show, noneInState, noHolder, waits, page, pages, counts, description, one, inState, held, heldBy } = layout(input);
  const waiting = (waits ?? []).map((person) => ` ${waitsLine(person, plainText)}`).join('');
  if (unknownLabel) {
    const meant = nearName === undefined ? '' : ` Did you mean the testbed ${plainText(nearName, 80)}?`;
    const known = labels.length > 0 ? ` Labels in use: ${labels.map((each) => plainText(each, 32)).join(', ')}.` : ' No testbed has a label yet.';
    return `${unknownLine(input.label ?? '', plainText)}${meant}${known}`;
  }
  const paging = pages > 1 ? ` (page ${page} of ${pages})` : '';
  const label = input.label;
  const labelled =
    named !== undefined ? ` for ${plainText(named, several ? 400 : 80)}`
    : show !== undefined ? (noneInState === undefined ? `, ${SHOW_TEXT[show].title.toLowerCase()}` : '')
    : label === undefined ? '' : ` for label ${plainText(label, 32)}`;
  const none = noneInState === undefined ? '' : ` ${noneInState}`;
  const about = description === undefined ? '' : ` ${plainText(description, 200)}`;
  // One testbed asked for by name: how it stands, in words (a phone's notification shows this text, not the card).
  if (one !== undefined) return `${oneTestbedText(one.record, one.entry, input)}${about}${waiting}`;
  // A person's bookings: which, and when each is due back.
  if (held !== undefined && heldBy !== undefined) {
    const each = held.slice(0, 10).map((record) => heldText(record, input.now, input.timeZone));
    const more = held.length > 10 ? `; and ${held.length - 10} more` : '';
    return `Held by ${plainText(heldBy, 160)}: ${each.join('; ')}${more}.${waiting}`;
  }
  if (noHolder !== undefined) return `${nobodyHoldsLine(noHolder, plainText)}${waiting} All testbeds: ${countsText(counts)}, ${counts.total} in total.`;
  // A state asked for (`what's free?`): which ones, first, then the counts.
  if (show !== undefined && inState !== undefined) {
    const names = inState.slice(0, 10).map((record) => plainText(record.testbed_name, 80));
    const more = inState.length > 10 ? ` and ${inState.length - 10} more` : '';
    return `${SHOW_TEXT[show].title}: ${names.join(', ')}${more}. All testbeds: ${countsText(counts)}, ${counts.total} in total.`;
  }
  return `Testbed status${labelled}${paging}: ${countsText(counts)}, ${counts.total} in total.${none}${about}`;
}

/** `lab-3 is in use by Ada Ops until 18:00 UTC (in 2 h). 1 person is waiting.`: one testbed's state as a sentence. */
function oneTestbedText(record: TestbedRecord, entry: LifecycleEntry | undefined, { now, timeZone, requesterEmail }: StatusCardInput): string {
  const name = plainText(record.testbed_name, 80);
  const when = (iso: string | null | undefined) => formatWhenRelative(iso, now, timeZone);
  const yours = sameEmail(record.user_email, requesterEmail);
  const holder = plainText(record.user_name || record.user_email || '', 80);
  const offer = entry?.offer;
  const state = testbedState(record, now);
  const standing =
    state === 'inUse' ? (yours ? `${name} is yours until ${when(record.expected_release_time)}.` : `${name} is in use by ${holder} until ${when(record.expected_release_time)}.`)
    : state === 'overdue' ? (yours ? `${name} is overdue: you were to release it ${when(record.expected_release_time)}.` : `${name} is overdue: ${holder} was to release it ${when(record.expected_release_time)}.`)
    : state === 'maintenance' ? `${name} is under maintenance${record.maintenance?.until ? `, expected back ${when(record.maintenance.until)}` : ' until further notice'}.`
    : offer && sameEmail(offer.email, requesterEmail) ? `${name} is held for you until ${formatWhen(offer.until, timeZone)}: type book ${name} to take it.`
    : offer ? `${name} is free and held for ${plainText(offer.name, 80)}, first in its queue, until ${formatWhen(offer.until, timeZone)}.`
    : `${name} is available.`;
  const waiting = entry?.queue.length ?? 0;
  return waiting === 0 || !entry ? standing : `${standing} ${waiting === 1 ? '1 person is' : `${waiting} people are`} waiting. ${inLine(entry, plainText)}.`;
}

/** `Linus Lab waits for lab-2 (#1) and lab-6 (#3).`: where a person asked about waits. */
function waitsLine({ name, places }: PersonWaits, shown: (text: string, max: number) => string): string {
  const each = places.slice(0, 10).map(({ testbed, position }) => `${shown(testbed, 80)} (#${position})`);
  const more = places.length > 10 ? ` and ${places.length - 10} more` : '';
  const list = more === '' ? namesInWords(each) : `${each.join(', ')}${more}`;
  return `${shown(name, 80)} waits for ${list}.`;
}

/** `Nobody called “Bob” holds a testbed right now.`: a person asked about who holds none. */
function nobodyHoldsLine(typed: string, shown: (text: string, max: number) => string): string {
  return `Nobody called “${shown(typed, 80)}” holds a testbed right now.`;
}

/** `lab-3, due back 18:00 UTC (in 2 h)`, or `lab-5, overdue since 09:00 UTC (1 h ago)`: one of a person's bookings. */
function heldText(record: TestbedRecord, now: string, timeZone: string): string {
  const when = formatWhenRelative(record.expected_release_time, now, timeZone);
  const due = testbedState(record, now) === 'overdue' ? `overdue since ${when}` : `due back ${when}`;
  return `${plainText(record.testbed_name, 80)}, ${due}`;
}

/**
 * What the view is narrowed to, for the line under the heading: `Testbed lab-3`, `Testbeds lab-3 and lab-5`, `Label 5g`,
 * `Free now`, or nothing (every testbed, also when a state was asked for and nothing is in it).
 */
function filterLine(
  named: string | undefined,
  show: StatusShow | undefined,
  noneInState: string | undefined,
  label: string | undefined,
  shown: (text: string, max: number) => string,
  several?: true,
): string {
  if (named !== undefined) return several ? `Testbeds ${shown(named, 400)}` : `Testbed ${shown(named, 80)}`;
  if (show !== undefined) return noneInState === undefined ? SHOW_TEXT[show].title : '';
  return label === undefined ? '' : `Label ${shown(label, 32)}`;
}

/** How many pages the status view has for these testbeds. */
export function statusPageCount(testbeds: readonly TestbedRecord[], now: string, timeZone: string): number {
  return layout({ testbeds, now, timeZone }).pages;
}

/** The status card and its fallback text, as one reply shows them. */
export interface StatusView {
  card: AdaptiveCardJson;
  text: string;
}

/** What a testbed's row shows that moves with the clock: its state, how long it has been held, and the relative times. */
function clockOf(record: TestbedRecord, state: TestbedState, now: string): string {
  const held = state === 'inUse' || state === 'overdue' ? `${formatHeldFor(record.registered_time, now)}|${formatRelative(record.expected_release_time, now)}` : '';
  const until = record.maintenance?.until;
  // Whether that end has passed too (the row says it was expected back then).
  const back = until ? `${formatRelative(until, now)}|${pastExpectedBack(record, now) > 0}` : '';
  return `${state}|${held}|${back}`;
}

/** How many whole status views a memo keeps (pages, labels and lookers in a queue each have their own). */
const KEPT_VIEWS = 16;

/** A plain object (what JSON gives): anything else is never taken for the same data. */
function isPlainObject(value: object): boolean {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** Same JSON data: plain objects (in any key order), arrays and primitives. Anything else counts as different. */
function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameData(a[i], b[i])) return false;
    return true;
  }
  if (!isPlainObject(a) || !isPlainObject(b)) return false;
  let count = 0;
  for (const key in a) {
    if (!Object.hasOwn(a, key)) continue;
    count += 1;
    if (!Object.hasOwn(b, key) || !sameData((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
  }
  return count === Object.keys(b).length;
}

/**
 * What earlier status builds made, kept for the next ones: a status reply for an unchanged lab is
 * built once and then handed out again while nothing it shows has changed, and after a change only
 * the rows that changed are built anew. Everything handed out is frozen, as it is shared.
 *
 * A view is found by everything the card and text read: the records and wait-lists (compared
 * field by field), the zone, page and label, the minute shown as "As of", each testbed's state and
 * the times its row gives relative to now, and the looker's email while somebody waits in a queue
 * or a testbed is held for somebody (the card tells them their place, or that it is held for them). Only views of the latest records and wait-lists are kept (a
 * few, in last-used order): once the lab changed, older views are not shown again. A row is found
 * the same way, by its record, state, relative times, zone and queue line; the last build's rows
 * are kept.
 *
 * The records and wait-lists given to `view` may be kept (frozen) to compare later ones with:
 * give it copies that nothing changes afterwards, as the store's reads are.
 */
export class StatusMemo {
  /** The records and wait-lists the kept views show (frozen). */
  private shown?: { testbeds: readonly TestbedRecord[]; life: readonly LifecycleEntry[] };
  /** Views of those, by zone, page, label, the minute of "As of", the looker and each testbed's clock line. */
  private readonly views = new Map<string, StatusView>();
  private rows = new Map<string, SizedRow>();

  view(input: StatusCardInput): StatusView {
    const { testbeds, now, timeZone, requesterEmail } = input;
    const life = input.life ?? [];
    // A place in a queue or a hold is shown to its own person as theirs (`you are #2`, `Held for you`).
    const queued = life.some((entry) => entry.queue.length > 0 || entry.offer !== null);
    // A view narrowed by a name or label may be of one testbed, whose buttons depend on whether the looker holds it.
    const looker = (queued || input.label !== undefined || input.holder !== undefined) && requesterEmail !== undefined ? requesterEmail.trim().toLowerCase() : null;
    const clocks = testbeds.map((record) => clockOf(record, testbedState(record, now), now));
    const head = `${JSON.stringify([timeZone, input.page ?? null, input.label ?? null, input.holder ?? null, formatUtc(now), looker])}\n${clocks.join('\n')}`;
    if (this.shown && sameData(this.shown.testbeds, testbeds) && sameData(this.shown.life, life)) {
      const kept = this.views.get(head);
      if (kept) {
        this.views.delete(head);
        this.views.set(head, kept);
        return kept;
      }
    } else {
      this.shown = { testbeds: deepFreeze(testbeds), life: deepFreeze(life) };
      this.views.clear();
    }
    const rows = new Map<string, SizedRow>();
    const found = layOut(input, (record, state, extra) => {
      const rowKey = `${timeZone}\n${clockOf(record, state, now)}\n${JSON.stringify(extra)}\n${JSON.stringify(record)}`;
      const row = rows.get(rowKey) ?? this.rows.get(rowKey) ?? sizedRow(record, deepFreeze(testbedRow(record, state, { now, timeZone, extra })));
      rows.set(rowKey, row);
      return row;
    });
    this.rows = rows;
    layouts.set(input, found);
    const view = deepFreeze({ card: statusCard(input), text: statusText(input) });
    this.views.set(head, view);
    if (this.views.size > KEPT_VIEWS) this.views.delete(this.views.keys().next().value as string);
    return view;
  }
}
