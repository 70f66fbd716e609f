/**
 * The status view: counts at the top, then every testbed colour-coded
 * (available green, in use amber, overdue red) with holder, held-for, purpose
 * and expected release (UTC and relative). Overdue first, then in use, then
 * available, each by name. Rows are packed into pages by size, so any number
 * of testbeds with any names stays under MAX_CARD_BYTES; `status_page`
 * buttons move between pages.
 */
import type { TestbedRecord } from '../domain.js';
import type { AdaptiveCardJson } from '../platform/port.js';
import { ACTIONS } from './actions.js';
import { MAX_CARD_BYTES, card, cardBytes, submit, textBlock, type CardElement } from './common.js';
import { buttons, heading, inStatusOrder, small, testbedRow, testbedState } from './parts.js';
import { formatUtc } from './time.js';

export interface StatusCardInput {
  testbeds: readonly TestbedRecord[];
  now: string;
  timeZone: string;
  /** 1-based; out-of-range pages show the nearest page. */
  page?: number;
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

/** Row indexes per page: greedy by size, at most STATUS_ROWS_PER_PAGE each. */
function paginate(rows: readonly CardElement[]): number[][] {
  const budget = MAX_CARD_BYTES - FRAME_BYTES;
  const pages: number[][] = [[]];
  let used = 0;
  rows.forEach((element, index) => {
    const size = cardBytes(element as AdaptiveCardJson) + 1;
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
}

function layout({ testbeds, now, timeZone, page }: StatusCardInput): Layout {
  const rows = inStatusOrder(testbeds, now).map(({ record, state }) => testbedRow(record, state, { now, timeZone }));
  const pages = paginate(rows);
  const wanted = Number.isInteger(page) ? (page as number) : 1;
  const current = Math.min(Math.max(wanted, 1), pages.length);
  return { rows: pages[current - 1].map((index) => rows[index]), page: current, pages: pages.length, counts: countTestbeds(testbeds, now) };
}

export function statusCard(input: StatusCardInput): AdaptiveCardJson {
  const { rows, page, pages, counts } = layout(input);
  const paging = pages > 1 ? ` · page ${page} of ${pages}` : '';
  const body: CardElement[] = [
    heading('Testbed status'),
    small(`As of ${formatUtc(input.now)}${paging}`, { isSubtle: true }),
    countsRow(counts),
  ];
  if (counts.total === 0) body.push(textBlock('No testbeds are configured yet.'));
  body.push(...rows);
  const actions: CardElement[] = [];
  if (page > 1) actions.push(submit('◀ Previous', { action: ACTIONS.statusPage, page: page - 1 }, { associatedInputs: 'none' }));
  if (page < pages) actions.push(submit('Next ▶', { action: ACTIONS.statusPage, page: page + 1 }, { associatedInputs: 'none' }));
  actions.push(buttons.register(), buttons.release(), buttons.menu());
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
