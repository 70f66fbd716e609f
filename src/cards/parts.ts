/**
 * Building blocks the cards share: testbed state and colours, the testbed row of
 * the status and broadcast cards, plain (non-markdown) text for choice titles and
 * fallback texts, and the navigation buttons. Pure; no clock.
 */
import type { FormErrors, LifecycleEntry, TestbedRecord } from '../domain.js';
import { isUnderMaintenance } from '../lab-rules.js';
import { closestOf } from '../typos.js';
import { ACTIONS } from './actions.js';
import { safeLine, safeText, submit, textBlock, type CardElement } from './common.js';
import { cleanText, cutText } from './inert-text.js';
import { compareNames } from './name-order.js';
import { formatHeldFor, formatInZone, formatRelative, formatWhen, formatWhenRelative, localDate, parseIso } from './time.js';

export type TestbedState = 'available' | 'inUse' | 'overdue' | 'maintenance';

/**
 * Overdue = in use and the expected release time has passed (as of `now`). Maintenance = taken
 * out of service by an admin (the record carries `maintenance`; its status stays `available`).
 */
export function testbedState(record: TestbedRecord, now: string): TestbedState {
  if (record.status !== 'in_use') return isUnderMaintenance(record) ? 'maintenance' : 'available';
  const release = parseIso(record.expected_release_time);
  const base = parseIso(now);
  return release !== null && base !== null && release < base ? 'overdue' : 'inUse';
}

/** In use, not overdue, and due back later on the date `now` falls on in `timeZone` (the digest's and `status due today`'s). */
export function isDueBackToday(record: TestbedRecord, now: string, timeZone: string): boolean {
  const due = parseIso(record.expected_release_time);
  return testbedState(record, now) === 'inUse' && due !== null && localDate(due, timeZone) === localDate(parseIso(now) ?? 0, timeZone);
}

/** Soonest expected release first (a record without one last), then by name. */
export function byDueTime(a: TestbedRecord, b: TestbedRecord): number {
  const dueAt = (record: TestbedRecord) => parseIso(record.expected_release_time) ?? Number.MAX_SAFE_INTEGER;
  return dueAt(a) - dueAt(b) || byName(a, b);
}

/** Free for anyone to book right now (a hand-off hold is checked separately, from the lifecycle entry). */
export function isBookable(record: TestbedRecord): boolean {
  return record.status === 'available' && !isUnderMaintenance(record);
}

export const STATE_COLOURS: Record<TestbedState, 'good' | 'warning' | 'attention' | 'default'> = {
  available: 'good',
  inUse: 'warning',
  overdue: 'attention',
  maintenance: 'default',
};

/** Grey: the default colour, subtle (Adaptive Cards has no grey of its own). */
export const STATE_SUBTLE: Record<TestbedState, boolean> = { available: false, inUse: false, overdue: false, maintenance: true };

export const STATE_LABELS: Record<TestbedState, string> = {
  available: 'Available',
  inUse: 'In use',
  overdue: 'Overdue',
  maintenance: 'Maintenance',
};

/** A state's colour as TextBlock options (maintenance is grey). */
export function stateStyle(state: TestbedState): Record<string, unknown> {
  return STATE_SUBTLE[state] ? { color: STATE_COLOURS[state], isSubtle: true } : { color: STATE_COLOURS[state] };
}

/** True when the record carries the label, ignoring case (the rule lives in lab-rules.ts). */
export { hasLabel } from '../lab-rules.js';

/** Labels compared ignoring case. */
const labelKey = (label: string) => label.trim().toLowerCase();

/**
 * Every label the given testbeds carry, once each ignoring case (the first spelling met wins),
 * in natural order.
 */
export function labelsInUse(testbeds: readonly Pick<TestbedRecord, 'labels'>[]): string[] {
  const found = new Map<string, string>();
  for (const record of testbeds) {
    for (const label of record.labels ?? []) {
      if (typeof label === 'string' && label.trim() !== '' && !found.has(labelKey(label))) found.set(labelKey(label), label.trim());
    }
  }
  return [...found.values()].sort((a, b) => compareNames(a, b) || (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * After a label no testbed carries (`wait any 4g`) in a lab that has labels, plain words on what to type instead:
 * the label in use a slip away (`Did you mean 5g? Type wait any 5g.`), else the labels in use (twenty at most).
 */
export function otherLabelsText(label: string, testbeds: readonly Pick<TestbedRecord, 'labels'>[], command: string): string {
  const labels = labelsInUse(testbeds);
  const near = closestOf(label.toLowerCase(), labels, (each) => [each.toLowerCase()]);
  if (near !== undefined) return `Did you mean ${near}? Type ${command} any ${near}.`;
  return `Labels in use: ${labels.slice(0, 20).join(', ')}${labels.length > 20 ? ', …' : ''}.`;
}

/** A testbed's labels, compact (`5g · lab`), inert for markdown; '' when it has none. */
export function labelsMarkdown(record: TestbedRecord): string {
  return (record.labels ?? []).map((label) => safeLine(label, 32)).join(' · ');
}

/** Names joined by commas, `…and N more` after them when `total` is more than were named. */
export function namesAndMore(names: readonly string[], total: number): string {
  const more = total - names.length;
  return more > 0 ? `${names.join(', ')} …and ${more} more` : names.join(', ');
}

/** Lines of a card read as one paragraph of plain text: each ends as a sentence (a purpose rarely has its own full stop). */
export function sentences(lines: readonly string[]): string {
  return lines.map((line) => (/[.!?…:)”"]$/.test(line) ? line : `${line}.`)).join(' ');
}

/**
 * Text for places that are not markdown (compact choice titles, fallback texts): one
 * line, no control or direction characters, cut. Shown as typed, `<` and `>` included:
 * no client interprets these strings as markup.
 */
export function plainText(value: unknown, max = 200): string {
  return cutText(cleanText(value).replace(/\s+/g, ' ').trim(), max);
}

/** Testbed names, person names and emails inside markdown text: one line, inert, cut. */
export const safeName = (value: unknown, max = 80) => safeLine(value, max);

export function holderMarkdown(record: TestbedRecord): string {
  return `${safeName(record.user_name)} (${safeName(record.user_email, 120)})`;
}

export function holderPlain(record: TestbedRecord): string {
  return `${plainText(record.user_name, 80)} (${plainText(record.user_email, 120)})`;
}

export function sameEmail(a: string | null | undefined, b: string | null | undefined): boolean {
  return typeof a === 'string' && typeof b === 'string' && a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** Natural order of testbed names ("lab-2" before "lab-10"). */
export function byName(a: TestbedRecord, b: TestbedRecord): number {
  return compareNames(a.testbed_name, b.testbed_name) || a.id - b.id;
}

/**
 * The first testbed by name that anybody may book right now (not under maintenance, not held for somebody's hand-off,
 * nobody waiting for it) and that `also` accepts.
 */
export function firstFreeForAnyone(
  testbeds: readonly TestbedRecord[],
  life: readonly LifecycleEntry[],
  also: (record: TestbedRecord) => boolean = () => true,
): TestbedRecord | undefined {
  const claimed = new Set(life.filter((entry) => entry.offer !== null || entry.queue.length > 0).map((entry) => entry.testbed_id));
  return [...testbeds].sort(byName).find((record) => isBookable(record) && !claimed.has(record.id) && also(record));
}

export function heading(text: string, options: Record<string, unknown> = {}): CardElement {
  return textBlock(text, { size: 'Medium', weight: 'Bolder', ...options });
}

export function small(text: string, options: Record<string, unknown> = {}): CardElement {
  return textBlock(text, { size: 'Small', spacing: 'None', ...options });
}

export function fact(title: string, value: string): CardElement {
  return { title, value };
}

export function factSet(facts: CardElement[]): CardElement {
  return { type: 'FactSet', facts };
}

export interface StatedTestbed {
  record: TestbedRecord;
  state: TestbedState;
}

const STATE_ORDER: Record<TestbedState, number> = { overdue: 0, inUse: 1, available: 2, maintenance: 3 };

/**
 * Each testbed with its state as of `now`: overdue first, then in use, then available, then
 * under maintenance, each by name.
 */
export function inStatusOrder(testbeds: readonly TestbedRecord[], now: string): StatedTestbed[] {
  return testbeds
    .map((record) => ({ record, state: testbedState(record, now) }))
    .sort((a, b) => STATE_ORDER[a.state] - STATE_ORDER[b.state] || byName(a.record, b.record));
}

export interface TestbedRowOptions {
  now: string;
  timeZone: string;
  /** Say when the booking started, not only for how long it has been held (the broadcast card does). */
  withSince?: boolean;
  /** More lines under the row (the status card's queue and hold line). */
  extra?: CardElement[];
}

/** How long ago (ms) a maintenance's expected end passed: 0 while it is ahead, or when none was given (or no maintenance). */
export function pastExpectedBack(record: Pick<TestbedRecord, 'maintenance'>, now: string): number {
  const until = record.maintenance?.until;
  return until ? Math.max(0, Date.parse(now) - Date.parse(until)) : 0;
}

/** Why a testbed is under maintenance and when it is expected back (in the display zone). */
export function maintenanceLines(record: TestbedRecord, now: string, timeZone: string): CardElement[] {
  const maintenance = record.maintenance;
  if (!maintenance) return [];
  // Past its expected end: still under maintenance, so it was expected back then.
  const passed = pastExpectedBack(record, now) > 0;
  const back = maintenance.until
    ? `${passed ? 'Was expected back' : 'Expected back'}: ${formatInZone(maintenance.until, timeZone)} (${formatRelative(maintenance.until, now)})`
    : 'Expected back: until further notice';
  return [
    small(`Reason: ${safeLine(maintenance.reason, 300)}`, { isSubtle: true }),
    small(back, { isSubtle: true }),
  ];
}

/**
 * A booking's due time in words: `Expected release: 2026-03-10 12:00 UTC (in 2 h)`, or `Release was
 * due: … (2 h ago)` once it has passed (`overdue`, for the red). It is a line of its own, never a fact:
 * on a phone a fact's title of two words breaks over two lines.
 */
/** `until … (in 2 h)`, or `overdue since … (1 h ago)` once the expected release has passed: when a booking is due, in a sentence. */
export function dueClause(record: TestbedRecord, now: string, timeZone: string): string {
  const when = formatWhenRelative(record.expected_release_time, now, timeZone);
  return testbedState(record, now) === 'overdue' ? `overdue since ${when}` : `until ${when}`;
}

export function dueText(record: TestbedRecord, now: string, timeZone: string): { text: string; overdue: boolean } {
  const overdue = testbedState(record, now) === 'overdue';
  const when = formatWhenRelative(record.expected_release_time, now, timeZone);
  return { text: `${overdue ? 'Release was due' : 'Expected release'}: ${when}`, overdue };
}

/**
 * One testbed in the status and broadcast cards: name and state in the state's colour, and its
 * labels; for a booked one also the holder, how long it has been held, the expected release (red
 * when overdue) and the purpose; for one under maintenance the reason and the expected end.
 */
export function testbedRow(record: TestbedRecord, state: TestbedState, { now, timeZone, withSince = false, extra = [] }: TestbedRowOptions): CardElement {
  const title = textBlock(`● ${safeName(record.testbed_name)} · ${STATE_LABELS[state]}`, { ...stateStyle(state), weight: 'Bolder', spacing: 'Small' });
  const labels = labelsMarkdown(record);
  const labelLine = labels === '' ? [] : [small(labels, { isSubtle: true })];
  if (state === 'available' || state === 'maintenance') {
    const items = [title, ...labelLine, ...maintenanceLines(record, now, timeZone), ...extra];
    return items.length > 1 ? { type: 'Container', spacing: 'Small', items } : title;
  }
  const heldFor = `held for ${formatHeldFor(record.registered_time, now)}`;
  const held = withSince ? `since ${formatWhen(record.registered_time, timeZone)} (${heldFor})` : heldFor;
  const due = dueText(record, now, timeZone);
  return {
    type: 'Container',
    spacing: 'Small',
    items: [
      title,
      ...labelLine,
      small(`${holderMarkdown(record)} · ${held}`, { isSubtle: true }),
      small(due.text, { color: due.overdue ? 'attention' : 'default' }),
      small(`Purpose: ${safeLine(record.purpose ?? '', 120)}`, { isSubtle: true }),
      ...extra,
    ],
  };
}

/** A red line under an input naming its problem (nothing when there is none). */
export function fieldError(errors: FormErrors | undefined, inputId: string): CardElement[] {
  const message = errors && Object.prototype.hasOwnProperty.call(errors, inputId) ? errors[inputId] : undefined;
  return typeof message === 'string' ? [small(safeText(message, 300), { color: 'attention' })] : [];
}

/** A summary at the top of a form that came back with problems. */
export function errorSummary(errors: FormErrors | undefined, inputIds: readonly string[]): CardElement[] {
  if (!errors || Object.keys(errors).length === 0) return [];
  const general = Object.entries(errors)
    .filter(([key]) => !inputIds.includes(key))
    .map(([, message]) => safeText(String(message), 300));
  const text = ['Please check the fields marked below.', ...general].join(' ');
  return [textBlock(text, { color: 'attention', weight: 'Bolder' })];
}

/** Buttons that do not need the form's inputs (so client-side checks do not block them). */
const noInputs = { associatedInputs: 'none' };

export const buttons = {
  menu: () => submit('Menu', { action: ACTIONS.menu }, noInputs),
  cancel: () => submit('Cancel', { action: ACTIONS.cancel }, noInputs),
  status: () => submit('Status', { action: ACTIONS.status }, noInputs),
  /** `startOn`: the testbed the form starts on (the id; a button on a card about one free testbed). */
  register: (title = 'Register', startOn?: number) =>
    submit(title, { action: ACTIONS.register, ...(startOn === undefined ? {} : { start_on: startOn }) }, noInputs),
  /** `startOn`: the testbed the release form starts on (the id). */
  release: (title = 'Release', startOn?: number) => submit(title, { action: ACTIONS.release, ...(startOn === undefined ? {} : { start_on: startOn }) }, noInputs),
  broadcast: () => submit('Broadcast', { action: ACTIONS.broadcast }, noInputs),
  help: () => submit('Help', { action: ACTIONS.help }, noInputs),
  feedback: () => submit('Feedback', { action: ACTIONS.feedback }, noInputs),
};
