/**
 * The status view: counts at the top, then every testbed colour-coded
 * (available green, in use amber, overdue red, maintenance grey) with its
 * labels; holder, held-for, purpose and expected release (UTC and relative)
 * for booked ones; reason and expected end for those under maintenance.
 * Overdue first, then in use, then available, then maintenance, each by name.
 * Rows are packed into pages by size, so any number of testbeds with any names
 * stays under MAX_CARD_BYTES; `status_page` buttons move between pages. With a
 * label (`status 5g`) only the testbeds carrying it are shown, and the page
 * buttons keep the label.
 */
import type { LifecycleEntry, TestbedRecord } from '../domain.js';
import type { AdaptiveCardJson } from '../platform/port.js';
import { ACTIONS, INPUT_IDS } from './actions.js';
import { MAX_CARD_BYTES, card, cardBytes, submit, textBlock, type CardElement } from './common.js';
import {
  buttons,
  byName,
  hasLabel,
  heading,
  inStatusOrder,
  labelsInUse,
  plainText,
  safeName,
  sameEmail,
  small,
  stateStyle,
  testbedRow,
  testbedState,
} from './parts.js';
import { formatUtc, formatWhen } from './time.js';

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

/** Queue length, the looker's own place, and a hold, as one small line (nothing when there is none). */
function queueLine(entry: LifecycleEntry | undefined, requesterEmail: string | undefined, timeZone: string): CardElement[] {
  if (!entry) return [];
  const parts: string[] = [];
  if (entry.offer) parts.push(`Held for ${safeName(entry.offer.name)} until ${formatWhen(entry.offer.until, timeZone)}`);
  if (entry.queue.length > 0) {
    const position = entry.queue.findIndex((person) => sameEmail(person.email, requesterEmail)) + 1;
    parts.push(`Queue: ${entry.queue.length} waiting${position > 0 ? ` · you are #${position}` : ''}`);
  }
  return parts.length > 0 ? [small(parts.join(' · '), { isSubtle: true })] : [];
}

/** Row indexes per page: greedy by size (a row's picker choice included), at most STATUS_ROWS_PER_PAGE each. */
function paginate(rows: readonly CardElement[], extraBytes: readonly number[]): number[][] {
  const budget = MAX_CARD_BYTES - FRAME_BYTES;
  const pages: number[][] = [[]];
  let used = 0;
  rows.forEach((element, index) => {
    const size = cardBytes(element as AdaptiveCardJson) + 1 + extraBytes[index];
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
 * Coloured counts at the top of status cards (the broadcast cards use it too). The grey
 * maintenance count is shown only when some testbed is under maintenance (phones are narrow).
 */
export function countsRow(counts: StatusCounts): CardElement {
  const column = (label: string, value: number, style: Record<string, unknown>): CardElement => ({
    type: 'Column',
    width: 'auto',
    items: [textBlock(`${label}: ${value}`, { ...style, weight: 'Bolder' })],
  });
  const maintenance = counts.maintenance > 0 ? [column('Maintenance', counts.maintenance, stateStyle('maintenance'))] : [];
  return {
    type: 'ColumnSet',
    columns: [
      column('Available', counts.available, stateStyle('available')),
      column('In use', counts.inUse, stateStyle('inUse')),
      column('Overdue', counts.overdue, stateStyle('overdue')),
      ...maintenance,
      column('Total', counts.total, { color: 'default' }),
    ],
  };
}

/** The counts in words, for fallback texts (maintenance only when there is some). */
export function countsText(counts: StatusCounts): string {
  const maintenance = counts.maintenance > 0 ? `, ${counts.maintenance} under maintenance` : '';
  return `${counts.available} available, ${counts.inUse} in use, ${counts.overdue} overdue${maintenance}`;
}

interface Layout {
  /** Set when the asked-for label is carried by no testbed: the card says so instead of listing rows. */
  unknownLabel: boolean;
  /** Every label in use (for the unknown-label answer). */
  labels: string[];
  rows: CardElement[];
  page: number;
  pages: number;
  counts: StatusCounts;
  /** Testbeds on this page somebody can wait for (in use, or held for someone's hand-off). */
  waitable: TestbedRecord[];
}

// statusCard and statusText of one reply are given the same input: lay it out once for both.
const layouts = new WeakMap<StatusCardInput, Layout>();

function layout(input: StatusCardInput): Layout {
  let found = layouts.get(input);
  if (!found) {
    found = layOut(input);
    layouts.set(input, found);
  }
  return found;
}

function layOut({ testbeds: all, now, timeZone, page, life, requesterEmail, label }: StatusCardInput): Layout {
  const filtered = label === undefined ? all : all.filter((record) => hasLabel(record, label));
  const unknownLabel = label !== undefined && filtered.length === 0;
  const labels = unknownLabel ? labelsInUse(all) : [];
  const testbeds = unknownLabel ? [] : filtered;
  const entries = new Map((life ?? []).map((entry) => [entry.testbed_id, entry]));
  const sorted = inStatusOrder(testbeds, now);
  const rows = sorted.map(({ record, state }) =>
    testbedRow(record, state, { now, timeZone, extra: queueLine(entries.get(record.id), requesterEmail, timeZone) }),
  );
  // Under maintenance counts as busy: people may wait for it to come back.
  const isWaitable = (record: TestbedRecord) => record.status === 'in_use' || Boolean(record.maintenance) || Boolean(entries.get(record.id)?.offer);
  const choiceBytes = sorted.map(({ record }) => (isWaitable(record) ? cardBytes(choiceOf(record)) + 1 : 0));
  const pages = paginate(rows, choiceBytes);
  const wanted = Number.isInteger(page) ? (page as number) : 1;
  const current = Math.min(Math.max(wanted, 1), pages.length);
  const shown = pages[current - 1].map((index) => sorted[index].record);
  const waitable = shown.filter(isWaitable);
  return {
    unknownLabel,
    labels,
    rows: pages[current - 1].map((index) => rows[index]),
    page: current,
    pages: pages.length,
    counts: countTestbeds(testbeds, now),
    waitable,
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

/** "No testbed has the label x" and the labels that do exist. */
function unknownLabelLines(label: string, labels: readonly string[]): CardElement[] {
  const known = labels.length > 0 ? `Labels in use: ${labels.map((each) => safeName(each, 32)).join(', ')}.` : 'No testbed has a label yet.';
  return [textBlock(`No testbed has the label ${safeName(label, 32)}.`, { color: 'warning', weight: 'Bolder' }), textBlock(known)];
}

export function statusCard(input: StatusCardInput): AdaptiveCardJson {
  const { unknownLabel, labels, rows, page, pages, counts, waitable } = layout(input);
  const label = input.label;
  if (unknownLabel && label !== undefined) {
    return card([heading('Testbed status'), ...unknownLabelLines(label, labels)], [submit('All testbeds', { action: ACTIONS.status }, { associatedInputs: 'none' }), buttons.menu()]);
  }
  const paging = pages > 1 ? ` · page ${page} of ${pages}` : '';
  const labelled = label === undefined ? '' : `Label ${safeName(label, 32)} · `;
  const body: CardElement[] = [
    heading('Testbed status'),
    small(`${labelled}As of ${formatUtc(input.now)}${paging}`, { isSubtle: true }),
    countsRow(counts),
  ];
  if (counts.total === 0) body.push(textBlock('No testbeds are configured yet.'));
  body.push(...rows);
  if (waitable.length > 0) body.push(...waitPicker(waitable));
  // Page buttons and "Notify me" first; the rest as long as there is room (the menu is one word away).
  const actions: CardElement[] = [];
  const filter = label === undefined ? {} : { label };
  if (page > 1) actions.push(submit('◀ Previous', { action: ACTIONS.statusPage, page: page - 1, ...filter }, { associatedInputs: 'none' }));
  if (page < pages) actions.push(submit('Next ▶', { action: ACTIONS.statusPage, page: page + 1, ...filter }, { associatedInputs: 'none' }));
  if (waitable.length > 0) actions.push(submit('Notify me when free', { action: ACTIONS.wait }));
  const rest = [buttons.register(), buttons.release(), submit('Mine', { action: ACTIONS.mine }, { associatedInputs: 'none' }), buttons.menu()];
  actions.push(...rest.slice(0, MAX_BUTTONS - actions.length));
  return card(body, actions);
}

export function statusText(input: StatusCardInput): string {
  const { unknownLabel, labels, page, pages, counts } = layout(input);
  const label = input.label === undefined ? '' : plainText(input.label, 32);
  if (unknownLabel) {
    const known = labels.length > 0 ? ` Labels in use: ${labels.map((each) => plainText(each, 32)).join(', ')}.` : ' No testbed has a label yet.';
    return `No testbed has the label ${label}.${known}`;
  }
  const paging = pages > 1 ? ` (page ${page} of ${pages})` : '';
  const labelled = label === '' ? '' : ` for label ${label}`;
  return `Testbed status${labelled}${paging}: ${countsText(counts)}, ${counts.total} in total.`;
}

/** How many pages the status view has for these testbeds. */
export function statusPageCount(testbeds: readonly TestbedRecord[], now: string, timeZone: string): number {
  return layout({ testbeds, now, timeZone }).pages;
}
