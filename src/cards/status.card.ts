/**
 * The status view: counts at the top, then every testbed colour-coded
 * (available green, in use amber, overdue red) with holder, held-for, purpose
 * and expected release (UTC and relative). Overdue first, then in use, then
 * available, each by name. Rows are packed into pages by size, so any number
 * of testbeds with any names stays under MAX_CARD_BYTES; `status_page`
 * buttons move between pages.
 */
import type { LifecycleEntry, TestbedRecord } from '../domain.js';
import type { AdaptiveCardJson } from '../platform/port.js';
import { ACTIONS, INPUT_IDS } from './actions.js';
import { MAX_CARD_BYTES, card, cardBytes, submit, textBlock, type CardElement } from './common.js';
import { buttons, byName, heading, inStatusOrder, plainText, safeName, sameEmail, small, testbedRow, testbedState } from './parts.js';
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
}

export function countTestbeds(testbeds: readonly TestbedRecord[], now: string): StatusCounts {
  const counts: StatusCounts = { total: testbeds.length, available: 0, inUse: 0, overdue: 0 };
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

/** Coloured counts at the top of status cards (the broadcast status card uses it too). */
export function countsRow(counts: StatusCounts): CardElement {
  const column = (label: string, value: number, color: string): CardElement => ({
    type: 'Column',
    width: 'auto',
    items: [textBlock(`${label}: ${value}`, { color, weight: 'Bolder' })],
  });
  return {
    type: 'ColumnSet',
    columns: [
      column('Available', counts.available, 'good'),
      column('In use', counts.inUse, 'warning'),
      column('Overdue', counts.overdue, 'attention'),
      column('Total', counts.total, 'default'),
    ],
  };
}

interface Layout {
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

function layOut({ testbeds, now, timeZone, page, life, requesterEmail }: StatusCardInput): Layout {
  const entries = new Map((life ?? []).map((entry) => [entry.testbed_id, entry]));
  const sorted = inStatusOrder(testbeds, now);
  const rows = sorted.map(({ record, state }) =>
    testbedRow(record, state, { now, timeZone, extra: queueLine(entries.get(record.id), requesterEmail, timeZone) }),
  );
  const isWaitable = (record: TestbedRecord) => record.status === 'in_use' || Boolean(entries.get(record.id)?.offer);
  const choiceBytes = sorted.map(({ record }) => (isWaitable(record) ? cardBytes(choiceOf(record)) + 1 : 0));
  const pages = paginate(rows, choiceBytes);
  const wanted = Number.isInteger(page) ? (page as number) : 1;
  const current = Math.min(Math.max(wanted, 1), pages.length);
  const shown = pages[current - 1].map((index) => sorted[index].record);
  const waitable = shown.filter(isWaitable);
  return { rows: pages[current - 1].map((index) => rows[index]), page: current, pages: pages.length, counts: countTestbeds(testbeds, now), waitable };
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

export function statusCard(input: StatusCardInput): AdaptiveCardJson {
  const { rows, page, pages, counts, waitable } = layout(input);
  const paging = pages > 1 ? ` · page ${page} of ${pages}` : '';
  const body: CardElement[] = [
    heading('Testbed status'),
    small(`As of ${formatUtc(input.now)}${paging}`, { isSubtle: true }),
    countsRow(counts),
  ];
  if (counts.total === 0) body.push(textBlock('No testbeds are configured yet.'));
  body.push(...rows);
  if (waitable.length > 0) body.push(...waitPicker(waitable));
  // Page buttons and "Notify me" first; the rest as long as there is room (the menu is one word away).
  const actions: CardElement[] = [];
  if (page > 1) actions.push(submit('◀ Previous', { action: ACTIONS.statusPage, page: page - 1 }, { associatedInputs: 'none' }));
  if (page < pages) actions.push(submit('Next ▶', { action: ACTIONS.statusPage, page: page + 1 }, { associatedInputs: 'none' }));
  if (waitable.length > 0) actions.push(submit('Notify me when free', { action: ACTIONS.wait }));
  const rest = [buttons.register(), buttons.release(), submit('Mine', { action: ACTIONS.mine }, { associatedInputs: 'none' }), buttons.menu()];
  actions.push(...rest.slice(0, MAX_BUTTONS - actions.length));
  return card(body, actions);
}

export function statusText(input: StatusCardInput): string {
  const { page, pages, counts } = layout(input);
  const paging = pages > 1 ? ` (page ${page} of ${pages})` : '';
  return `Testbed status${paging}: ${counts.available} available, ${counts.inUse} in use, ${counts.overdue} overdue, ${counts.total} in total.`;
}

/** How many pages the status view has for these testbeds. */
export function statusPageCount(testbeds: readonly TestbedRecord[], now: string, timeZone: string): number {
  return layout({ testbeds, now, timeZone }).pages;
}
