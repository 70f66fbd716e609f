/**
 * The rich status card a broadcast posts to each selected room: a title by kind,
 * the sender's optional message, counts, then every testbed with full details
 * (colour, holder name and email, since, purpose, expected release). Overdue and
 * in-use testbeds come first; when the card would outgrow the size budget the rest
 * is summarised in one line that points to the `testbed` command.
 */
import type { TestbedRecord } from '../domain.js';
import type { AdaptiveCardJson } from '../platform/port.js';
import { card, safeText, textBlock, type CardElement } from './common.js';
import { byteLength, kindTitle, rowsThatFit } from './broadcast-format.js';
import { STATE_COLOURS, inStatusOrder, namesAndMore, plainText, safeName, testbedRow, type StatedTestbed } from './parts.js';
import { countTestbeds, countsRow, countsText } from './status.card.js';
import { formatWhen } from './time.js';

export interface BroadcastStatusInput {
  kind: string;
  text: string;
  senderName: string;
  testbeds: readonly TestbedRecord[];
  now: string;
  timeZone: string;
}

/** Busy testbeds shown with full details before the rest is summarised (the size budget may cut earlier). */
export const MAX_STATUS_ROWS = 60;
/** Bytes the green "available" block may take; names beyond it are counted, not listed. */
const AVAILABLE_BLOCK_BYTES = 4_000;

/** Available testbeds need no details beyond their name: one green block, names cut to a byte budget. */
function availableBlock(free: readonly StatedTestbed[]): CardElement[] {
  if (free.length === 0) return [];
  const names: string[] = [];
  let used = 0;
  for (const { record } of free) {
    const name = safeName(record.testbed_name, 60);
    used += Buffer.byteLength(name, 'utf8') + 2;
    if (used > AVAILABLE_BLOCK_BYTES) break;
    names.push(name);
  }
  const list = namesAndMore(names, free.length);
  return [
    textBlock(`● Available (${free.length})`, { color: STATE_COLOURS.available, weight: 'Bolder', spacing: 'Medium' }),
    textBlock(list, { color: STATE_COLOURS.available, spacing: 'None' }),
  ];
}

function summaryLine(omitted: readonly StatedTestbed[]): CardElement {
  const what = omitted.some((item) => item.state === 'maintenance') ? 'in use or under maintenance' : 'in use';
  return textBlock(`…and ${omitted.length} more ${what}; type testbed for the full list.`, { isSubtle: true, spacing: 'Small' });
}

function header(input: BroadcastStatusInput): CardElement[] {
  const elements: CardElement[] = [
    textBlock(kindTitle(input.kind), { size: 'Large', weight: 'Bolder' }),
    textBlock(`From ${safeName(input.senderName)} · as of ${formatWhen(input.now, input.timeZone)}`, {
      isSubtle: true,
      spacing: 'None',
    }),
  ];
  if (input.text.trim() !== '') elements.push(textBlock(safeText(input.text, 1000)));
  elements.push(countsRow(countTestbeds(input.testbeds, input.now)));
  if (input.testbeds.length === 0) elements.push(textBlock('No testbeds are registered yet.', { isSubtle: true }));
  return elements;
}

export function broadcastStatusCard(input: BroadcastStatusInput): AdaptiveCardJson {
  const top = header(input);
  const all = inStatusOrder(input.testbeds, input.now);
  const busy = all.filter((item) => item.state !== 'available');
  const free = availableBlock(all.filter((item) => item.state === 'available'));
  const rows = busy.map(({ record, state }) => testbedRow(record, state, { now: input.now, timeZone: input.timeZone, withSince: true }));
  const reserve = byteLength(card([...top, ...free, summaryLine(busy)])) + 200;
  const shown = rowsThatFit(rows, reserve, MAX_STATUS_ROWS);
  const body = [...top, ...rows.slice(0, shown)];
  if (shown < rows.length) body.push(summaryLine(busy.slice(shown)));
  return card([...body, ...free]);
}

/** Plain fallback text for clients that cannot show cards. */
export function broadcastStatusText(input: BroadcastStatusInput): string {
  const counts = countTestbeds(input.testbeds, input.now);
  const message = input.text.trim() === '' ? '' : ` ${plainText(input.text, 300)}`;
  return (
    `${kindTitle(input.kind)} from ${plainText(input.senderName, 80)}:${message} ` +
    `${countsText(counts)}. Type testbed for details.`
  );
}
