/**
 * Small pure helpers the broadcast cards share: titles by kind and fitting a list of rows into the card size budget. Testbed states, colours,
 * counts and plain text come from the conversation cards (parts.ts, status.card.ts),
 * time formatting from time.ts, so each fact has one home.
 */
import type { BroadcastKind } from '../domain.js';
import { MAX_CARD_BYTES, cardBytes, type CardElement } from './common.js';

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

/** `1 room`, `3 rooms`. */
export function roomsText(count: number): string {
  return count === 1 ? '1 room' : `${count} rooms`;
}

/** JSON size in bytes (the same measure as cardBytes, for any card fragment). */
export const byteLength = cardBytes;

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
