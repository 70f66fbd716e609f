/**
 * `labels` (or `list labels`, `what labels are there`): every label the testbeds carry, each with how many
 * testbeds carry it and their names, and what to type next. Pure; the records come in.
 */
import type { TestbedRecord } from '../domain.js';
import type { AdaptiveCardJson } from '../platform/port.js';
import { card, textBlock, type CardElement } from './common.js';
import { buttons, byName, fact, factSet, hasLabel, heading, labelsInUse, plainText, safeName, small } from './parts.js';

/** Labels listed on the card; more are counted. */
const SHOWN_LABELS = 40;
/** Names listed per label; more are counted. */
const SHOWN_NAMES = 6;

interface LabelLine {
  label: string;
  names: string[];
  more: number;
  count: number;
}

function lines(testbeds: readonly TestbedRecord[]): { shown: LabelLine[]; hidden: number } {
  const labels = labelsInUse(testbeds);
  const shown = labels.slice(0, SHOWN_LABELS).map((label) => {
    const carrying = testbeds.filter((record) => hasLabel(record, label)).sort(byName);
    return { label, names: carrying.slice(0, SHOWN_NAMES).map((record) => record.testbed_name), more: Math.max(0, carrying.length - SHOWN_NAMES), count: carrying.length };
  });
  return { shown, hidden: labels.length - shown.length };
}

const testbedCount = (count: number) => `${count} ${count === 1 ? 'testbed' : 'testbeds'}`;

function summary(labels: number, testbeds: readonly TestbedRecord[]): string {
  const labelled = testbeds.filter((record) => (record.labels ?? []).length > 0).length;
  return `${labels} ${labels === 1 ? 'label' : 'labels'} on ${testbedCount(labelled)}.`;
}

function example(shown: readonly LabelLine[], esc: (value: unknown, max: number) => string): string {
  const label = esc(shown[0].label, 32);
  return `Type status ${label} to see them, book any ${label} to book a free one, wait any ${label} to wait for whichever is handed on first.`;
}

const NONE = 'No testbed has a label yet. Admins give them one: add label 5g to lab-3.';

export function labelsCard({ testbeds }: { testbeds: readonly TestbedRecord[] }): AdaptiveCardJson {
  const { shown, hidden } = lines(testbeds);
  if (shown.length === 0) return card([heading('Labels'), textBlock(NONE)], [buttons.status(), buttons.menu()]);
  const body: CardElement[] = [heading('Labels'), textBlock(summary(shown.length + hidden, testbeds), { spacing: 'None' })];
  // A fact per label: the label in the title column, where it stands out; its testbeds beside it.
  const facts = shown.map((line) => {
    const names = line.names.map((name) => safeName(name, 64)).join(', ');
    const more = line.more > 0 ? ` and ${line.more} more` : '';
    return fact(safeName(line.label, 32), `${testbedCount(line.count)}: ${names}${more}`);
  });
  body.push(factSet(facts));
  if (hidden > 0) body.push(small(`And ${hidden} more ${hidden === 1 ? 'label' : 'labels'}.`, { isSubtle: true }));
  body.push(small(example(shown, safeName), { isSubtle: true, spacing: 'Medium' }));
  return card(body, [buttons.status(), buttons.menu()]);
}

export function labelsText({ testbeds }: { testbeds: readonly TestbedRecord[] }): string {
  const { shown, hidden } = lines(testbeds);
  if (shown.length === 0) return NONE;
  const listed = shown.map((line) => `${plainText(line.label, 32)} (${testbedCount(line.count)})`).join(', ');
  const more = hidden > 0 ? ` and ${hidden} more` : '';
  return `Labels: ${listed}${more}. ${example(shown, plainText)}`;
}
