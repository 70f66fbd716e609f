/**
 * The client-side input checks of an Adaptive Cards 1.3 renderer (the rules
 * of the `adaptivecards` library the sandbox page uses), applied to the value
 * an input would submit. Pure.
 *
 * An input passes when it is valid, and, if `isRequired`, also set:
 * - set: a non-empty value; a Number must read as a number; a required
 *   Toggle must be on (its value equals `valueOn`).
 * - valid: an empty value is valid unless required (Number, Date, Time) or
 *   always (Text, ChoiceSet); a Text matches its `regex`; a Number, Date or
 *   Time lies within `min`/`max`; a `filtered` single-choice ChoiceSet holds
 *   one of its choice values.
 * A submit whose inputs fail is not sent: the renderer shows each failing
 * input's `errorMessage` instead.
 */
import { isRecord } from './http-util.js';

export interface InputProblem {
  id: string;
  /** The card's `errorMessage` for the input (what the person sees), or '' when the card has none. */
  message: string;
}

/** A person's client refused to send a submit, as a renderer does when inputs fail its checks. */
export class CardInputsInvalidError extends Error {
  readonly code = 'CARD_INPUTS_INVALID';

  constructor(readonly problems: InputProblem[]) {
    const listed = problems.map((p) => `${p.id} (${p.message ? JSON.stringify(p.message) : 'no error message on the card'})`);
    super(`The client does not send this submit; the card marks ${listed.join(', ')}`);
    this.name = 'CardInputsInvalidError';
  }
}

const TIME = /^\d{2}:\d{2}$/;

function flag(value: unknown): boolean {
  return value === true || (typeof value === 'string' && value.toLowerCase() === 'true');
}

function finite(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

const dateMs = (text: unknown) => (typeof text === 'string' && text ? new Date(text).getTime() : undefined);
const timeMs = (text: unknown) => (typeof text === 'string' && TIME.test(text) ? new Date(`1973-09-04T${text}:00Z`).getTime() : undefined);

/** NaN comparisons are false, as in the renderer: an unreadable date or time fails a bound. */
function withinBounds(value: number, min: number | undefined, max: number | undefined): boolean {
  return (min === undefined || value >= min) && (max === undefined || value <= max);
}

function matches(pattern: string, value: string): boolean {
  let regex: RegExp;
  try {
    regex = new RegExp(pattern, 'g');
  } catch {
    throw new Error(`The card's regex ${JSON.stringify(pattern)} is not a valid regular expression`);
  }
  return regex.test(value);
}

function isSet(el: Record<string, unknown>, value: string, required: boolean): boolean {
  if (el.type === 'Input.Toggle') {
    const on = typeof el.valueOn === 'string' ? el.valueOn : 'true';
    return required ? value === on : value !== '';
  }
  if (el.type === 'Input.Number') return value !== '' && !Number.isNaN(Number(value));
  return value !== '';
}

function isValid(el: Record<string, unknown>, value: string, required: boolean): boolean {
  switch (el.type) {
    case 'Input.Text':
      return value === '' || typeof el.regex !== 'string' || el.regex === '' || matches(el.regex, value);
    case 'Input.Number': {
      if (value === '' || Number.isNaN(Number(value))) return !required;
      return withinBounds(Number(value), finite(el.min), finite(el.max));
    }
    case 'Input.Date':
      if (value === '') return !required;
      return withinBounds(new Date(value).getTime(), dateMs(el.min), dateMs(el.max));
    case 'Input.Time':
      if (value === '') return !required;
      return withinBounds(new Date(`1973-09-04T${value}:00Z`).getTime(), timeMs(el.min), timeMs(el.max));
    case 'Input.ChoiceSet': {
      if (el.style !== 'filtered' || flag(el.isMultiSelect) || value === '' || value === el.placeholder) return true;
      const choices = Array.isArray(el.choices) ? el.choices : [];
      return choices.some((choice) => isRecord(choice) && choice.value === value);
    }
    default:
      return true;
  }
}

/** The problem with an input holding `value`, or undefined when the renderer would send it. */
export function inputProblem(el: Record<string, unknown>, id: string, value: string): InputProblem | undefined {
  const required = flag(el.isRequired);
  const ok = required ? isSet(el, value, required) && isValid(el, value, required) : isValid(el, value, required);
  if (ok) return undefined;
  return { id, message: typeof el.errorMessage === 'string' ? el.errorMessage : '' };
}
