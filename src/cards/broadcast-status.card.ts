/**
 * The rich status card a broadcast posts to each selected room: a title by kind,
 * the sender's optional message, counts, then every testbed with full details
 * (colour, holder name and email, since, purpose, expected release). Overdue and
 * in-use testbeds come first; when the card would outgrow the size budget the rest
 * is summarised in one line that points to the `testbed` command.
 */
import type { TestbedRecord } from '../domain.js';
import type { AdaptiveCardJson } from '../platform/port.js';
import { card, safeLine, safeText, textBlock, type CardElement } from './common.js';
import { byteLength, kindTitle, rowsThatFit } from './broadcast-format.js';
import { STATE_COLOURS, STATE_LABELS, byName, holderMarkdown, plainText, safeName, small, testbedState, type TestbedState } from './parts.js';
import { countTestbeds, countsRow } from './status.card.js';
import { formatHeldFor, formatRelative, formatWhen } from './time.js';

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

const STATE_ORDER: Record<TestbedState, number> = { overdue: 0, inUse: 1, available: 2 };

interface Classified {
  record: TestbedRecord;
  state: TestbedState;
}

function classify(testbeds: readonly TestbedRecord[], now: string): Classified[] {
  return testbeds
    .map((record) => ({ record, state: testbedState(record, now) }))
    .sort((a, b) => STATE_ORDER[a.state] - STATE_ORDER[b.state] || byName(a.record, b.record));
}

/** One in-use or overdue testbed: name and state in its colour, holder, since, release, purpose. */
export function testbedRow(record: TestbedRecord, state: TestbedState, now: string, timeZone: string): CardElement {
  const since = `since ${formatWhen(record.registered_time, timeZone)} (held for ${formatHeldFor(record.registered_time, now)})`;
  const due = state === 'overdue' ? 'Release was due' : 'Expected release';
  const release = `${due}: ${formatWhen(record.expected_release_time, timeZone)} (${formatRelative(record.expected_release_time, now)})`;
  return {
    type: 'Container',
    spacing: 'Small',
    items: [
      textBlock(`● ${safeName(record.testbed_name)} · ${STATE_LABELS[state]}`, { color: STATE_COLOURS[state], weight: 'Bolder', spacing: 'None' }),
      small(`${holderMarkdown(record)} · ${since}`, { isSubtle: true }),
      small(release, { color: state === 'overdue' ? 'attention' : 'default' }),
      small(`Purpose: ${safeLine(record.purpose ?? '', 120)}`, { isSubtle: true }),
    ],
  };
}

/** Available testbeds need no details beyond their name: one green block, names cut to a byte budget. */
function availableBlock(free: readonly Classified[]): CardElement[] {
  if (free.length === 0) return [];
  const names: string[] = [];
  let used = 0;
  for (const { record } of free) {
    const name = safeName(record.testbed_name, 60);
    used += Buffer.byteLength(name, 'utf8') + 2;
    if (used > AVAILABLE_BLOCK_BYTES) break;
    names.push(name);
  }
  const more = free.length - names.length;
  const list = more > 0 ? `${names.join(', ')} …and ${more} more` : names.join(', ');
  return [
    textBlock(`● Available (${free.length})`, { color: STATE_COLOURS.available, weight: 'Bolder', spacing: 'Medium' }),
    textBlock(list, { color: STATE_COLOURS.available, spacing: 'None' }),
  ];
}

function summaryLine(omitted: number): CardElement {
  return textBlock(`…and ${omitted} more in use; type testbed for the full list.`, { isSubtle: true, spacing: 'Small' });
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
  const all = classify(input.testbeds, input.now);
  const busy = all.filter((item) => item.state !== 'available');
  const free = availableBlock(all.filter((item) => item.state === 'available'));
  const rows = busy.map(({ record, state }) => testbedRow(record, state, input.now, input.timeZone));
  const reserve = byteLength(card([...top, ...free, summaryLine(busy.length)])) + 200;
  const shown = rowsThatFit(rows, reserve, MAX_STATUS_ROWS);
  const body = [...top, ...rows.slice(0, shown)];
  if (shown < rows.length) body.push(summaryLine(rows.length - shown));
  return card([...body, ...free]);
}

/** Plain fallback text for clients that cannot show cards. */
export function broadcastStatusText(input: BroadcastStatusInput): string {
  const counts = countTestbeds(input.testbeds, input.now);
  const message = input.text.trim() === '' ? '' : ` ${plainText(input.text, 300)}`;
  return (
    `${kindTitle(input.kind)} from ${plainText(input.senderName, 80)}:${message} ` +
    `${counts.available} available, ${counts.inUse} in use, ${counts.overdue} overdue. Type testbed for details.`
  );
}
