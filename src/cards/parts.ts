/**
 * Building blocks the conversation cards share: testbed state and colours,
 * plain (non-markdown) text for choice titles and fallback texts, and the
 * navigation buttons. Pure; no clock.
 */
import type { FormErrors, TestbedRecord } from '../domain.js';
import { ACTIONS } from './actions.js';
import { safeLine, safeText, submit, textBlock, type CardElement } from './common.js';
import { cleanText, cutText } from './inert-text.js';
import { parseIso } from './time.js';

export type TestbedState = 'available' | 'inUse' | 'overdue';

/** Overdue = in use and the expected release time has passed (as of `now`). */
export function testbedState(record: TestbedRecord, now: string): TestbedState {
  if (record.status !== 'in_use') return 'available';
  const release = parseIso(record.expected_release_time);
  const base = parseIso(now);
  return release !== null && base !== null && release < base ? 'overdue' : 'inUse';
}

export const STATE_COLOURS: Record<TestbedState, 'good' | 'warning' | 'attention'> = {
  available: 'good',
  inUse: 'warning',
  overdue: 'attention',
};

export const STATE_LABELS: Record<TestbedState, string> = { available: 'Available', inUse: 'In use', overdue: 'Overdue' };

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
  return a.testbed_name.localeCompare(b.testbed_name, 'en', { numeric: true, sensitivity: 'base' }) || a.id - b.id;
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
  register: (title = 'Register') => submit(title, { action: ACTIONS.register }, noInputs),
  release: (title = 'Release') => submit(title, { action: ACTIONS.release }, noInputs),
  broadcast: () => submit('Broadcast', { action: ACTIONS.broadcast }, noInputs),
  help: () => submit('Help', { action: ACTIONS.help }, noInputs),
  feedback: () => submit('Feedback', { action: ACTIONS.feedback }, noInputs),
};
