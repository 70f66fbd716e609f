/**
 * Last broadcast step: which rooms got the card and which did not (with the reason).
 * Failures are listed one by one first; delivered rooms are listed by name in one
 * block. Both shrink to fit the size budget, always with the exact counts on top,
 * so no room disappears silently.
 */
import type { AdaptiveCardJson } from '../platform/port.js';
import type { BroadcastDeliveryResult } from '../domain.js';
import { card, safeLine, textBlock, type CardElement } from './common.js';
import { byteLength, roomsText, rowsThatFit } from './broadcast-format.js';
import { buttons, namesAndMore, plainText, safeName } from './parts.js';

export interface BroadcastReportInput {
  results: readonly BroadcastDeliveryResult[];
}

const MAX_FAILURE_ROWS = 50;
const MAX_DELIVERED_NAMES = 150;

function failureRow(result: BroadcastDeliveryResult): CardElement {
  const reason = result.reason ? safeLine(result.reason, 160) : 'unknown reason';
  return textBlock(`✗ ${safeName(result.name, 60)}: ${reason}`, { color: 'attention', spacing: 'None' });
}

function namesLine(names: string[], total: number): string {
  return namesAndMore(names, total);
}

export function broadcastReportCard(input: BroadcastReportInput): AdaptiveCardJson {
  const failed = input.results.filter((result) => !result.delivered);
  const delivered = input.results.filter((result) => result.delivered);
  const total = input.results.length;
  const header: CardElement[] = [
    textBlock('Broadcast report', { size: 'Large', weight: 'Bolder' }),
    textBlock(`Delivered to ${delivered.length} of ${roomsText(total)}.`, {
      color: failed.length === 0 ? 'good' : 'warning',
      weight: 'Bolder',
      spacing: 'None',
    }),
  ];
  const actions = [buttons.menu()];

  // Delivered names: at most MAX_DELIVERED_NAMES, and at most ~6 KB of them.
  let names = delivered.slice(0, MAX_DELIVERED_NAMES).map((result) => safeName(result.name, 40));
  while (names.length > 0 && Buffer.byteLength(names.join(', '), 'utf8') > 6_000) names = names.slice(0, -10);
  const deliveredBlock: CardElement[] =
    delivered.length === 0
      ? []
      : [textBlock(`Delivered (${delivered.length})`, { weight: 'Bolder', color: 'good' }), textBlock(namesLine(names, delivered.length), { spacing: 'None' })];

  const failureRows = failed.map(failureRow);
  const failedTitle = textBlock(`Not delivered (${failed.length})`, { weight: 'Bolder', color: 'attention' });
  const failedMore = textBlock(`…and ${failed.length} more not delivered.`, { color: 'attention', spacing: 'None' });
  const fixed = byteLength(card([...header, failedTitle, failedMore, ...deliveredBlock], actions)) + 100;
  const shown = rowsThatFit(failureRows, fixed, MAX_FAILURE_ROWS);
  const failedBlock: CardElement[] =
    failed.length === 0 ? [] : [failedTitle, ...failureRows.slice(0, shown)];
  if (shown < failed.length) {
    failedBlock.push(textBlock(`…and ${failed.length - shown} more not delivered.`, { color: 'attention', spacing: 'None' }));
  }
  return card([...header, ...failedBlock, ...deliveredBlock], actions);
}

export function broadcastReportText(input: BroadcastReportInput): string {
  const delivered = input.results.filter((result) => result.delivered).length;
  const failed = input.results.filter((result) => !result.delivered).map((result) => plainText(result.name, 60));
  const failures = failed.length === 0 ? '' : ` Not delivered: ${failed.slice(0, 20).join(', ')}${failed.length > 20 ? ', …' : ''}.`;
  return `Broadcast delivered to ${delivered} of ${roomsText(input.results.length)}.${failures}`;
}
