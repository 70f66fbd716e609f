/**
 * Small pure helpers the broadcast cards share: titles by kind, the counts row
 * and fitting a list of rows into the card size budget. Testbed states, colours,
 * counts and plain text come from the conversation cards (parts.ts, status.card.ts),
 * time formatting from time.ts, so each fact has one home.
 */
import type { BroadcastKind } from '../machines/broadcast.machine.js';
import { MAX_CARD_BYTES, textBlock, type CardElement } from './common.js';
import type { StatusCounts } from './status.card.js';

export const KIND_TITLES: Record<BroadcastKind, string> = {
  availability: 'Testbed availability update',
  maintenance: 'Maintenance notice',
  usage: 'Testbed usage report',
};

export const KIND_LABELS: Record<BroadcastKind, string> = {
  availability: 'Availability update',
  maintenance: 'Maintenance notice',
  usage: 'Usage report',
};

export function kindTitle(kind: string): string {
  return Object.prototype.hasOwnProperty.call(KIND_TITLES, kind) ? KIND_TITLES[kind as BroadcastKind] : 'Testbed status';
}

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
    ],
  };
}

export function byteLength(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value), 'utf8');
}

/**
 * How many of `rows`, taken in order, fit next to `fixedBytes` of everything else
 * (including room for a summary line) within `budget` bytes; at most `maxRows`.
 */
export function rowsThatFit(rows: readonly CardElement[], fixedBytes: number, maxRows: number, budget = MAX_CARD_BYTES - 1_000): number {
  let used = fixedBytes;
  let count = 0;
  for (const row of rows) {
    if (count >= maxRows) break;
    const size = byteLength(row) + 1;
    if (used + size > budget) break;
    used += size;
    count += 1;
  }
  return count;
}
