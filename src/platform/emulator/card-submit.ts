/**
 * What a Webex client submits when a person clicks an Action.Submit (pure).
 *
 * 1. Every input anywhere in the card (body, containers, columns, action sets,
 *    Action.ShowCard sub-cards) with its default: `value` as a string, or ''
 *    when it has none; Input.Toggle gives `valueOn`/`valueOff` (defaults
 *    "true"/"false"); a multi-select ChoiceSet's value is already comma-joined.
 * 2. Values typed by the person (`inputs`) replace the defaults.
 * 3. The client checks the inputs the button is bound to (those of the card
 *    holding the button and of the cards around it, as the adaptivecards
 *    renderer does) with the renderer's rules (card-input-rules.ts): when one
 *    fails, nothing is sent and `CardInputsInvalidError` names the inputs and
 *    the error messages the person sees.
 * 4. The chosen action's `data` object is merged on top: on a key clash the
 *    `data` value wins.
 * An action with `associatedInputs: "none"` submits only its data and checks nothing.
 */
import { CardInputsInvalidError, inputProblem, type InputProblem } from './card-input-rules.js';
import { isRecord } from './http-util.js';

export { CardInputsInvalidError, type InputProblem } from './card-input-rules.js';

interface FoundInput {
  element: Record<string, unknown>;
  value: string;
  /** The (sub-)card the input sits in, numbered in walk order; 0 is the message's card. */
  card: number;
}

interface FoundSubmit {
  action: Record<string, unknown>;
  /** The card holding the button and every card around it. */
  cards: ReadonlySet<number>;
}

interface Collected {
  inputs: Map<string, FoundInput>;
  submits: FoundSubmit[];
  cardCount: number;
}

const CONTAINER_KEYS = ['body', 'items', 'columns', 'actions', 'rows', 'cells'] as const;
const SINGLE_ACTION_KEYS = ['selectAction', 'inlineAction'] as const;

function defaultValue(el: Record<string, unknown>): string {
  if (el.type === 'Input.Toggle') {
    const on = typeof el.valueOn === 'string' ? el.valueOn : 'true';
    const off = typeof el.valueOff === 'string' ? el.valueOff : 'false';
    return el.value !== undefined && String(el.value) === on ? on : off;
  }
  if (el.value === undefined || el.value === null) return '';
  if (Array.isArray(el.value)) return el.value.map(String).join(',');
  return String(el.value);
}

/** `cards` lists the card the node is in and every card around it, innermost last. */
function walk(node: unknown, out: Collected, cards: number[]): void {
  if (Array.isArray(node)) {
    for (const child of node) walk(child, out, cards);
    return;
  }
  if (!isRecord(node)) return;
  const type = typeof node.type === 'string' ? node.type : '';
  if (type.startsWith('Input.') && typeof node.id === 'string' && node.id) {
    out.inputs.set(node.id, { element: node, value: defaultValue(node), card: cards[cards.length - 1] });
  }
  if (type === 'Action.Submit') out.submits.push({ action: node, cards: new Set(cards) });
  if (type === 'Action.ShowCard' && isRecord(node.card)) walk(node.card, out, [...cards, out.cardCount++]);
  for (const key of CONTAINER_KEYS) if (key in node) walk(node[key], out, cards);
  for (const key of SINGLE_ACTION_KEYS) if (key in node) walk(node[key], out, cards);
}

function describe(action: Record<string, unknown>): string {
  const data = isRecord(action.data) ? action.data : {};
  return `${JSON.stringify(action.title ?? '')}${data.action !== undefined ? ` (action ${JSON.stringify(data.action)})` : ''}`;
}

function chooseAction(submits: FoundSubmit[], wanted: string | undefined): FoundSubmit {
  const list = submits.map((s) => describe(s.action)).join(', ') || 'none';
  if (wanted === undefined) {
    if (submits.length === 1) return submits[0];
    throw new Error(`The card has ${submits.length} submit buttons (${list}); say which one with "action"`);
  }
  const byTitle = submits.find((s) => s.action.title === wanted);
  if (byTitle) return byTitle;
  const byData = submits.find((s) => isRecord(s.action.data) && s.action.data.action === wanted);
  if (byData) return byData;
  throw new Error(`The card has no submit button "${wanted}" (buttons: ${list})`);
}

/** The inputs the renderer would refuse to send for this button, in card order. */
function refusedInputs(collected: Collected, submit: FoundSubmit): InputProblem[] {
  if (submit.action.associatedInputs === 'none') return [];
  const problems: InputProblem[] = [];
  for (const [id, input] of collected.inputs) {
    if (!submit.cards.has(input.card)) continue;
    const problem = inputProblem(input.element, id, input.value);
    if (problem) problems.push(problem);
  }
  return problems;
}

/**
 * The inputs a client would submit for this card, action and typed values.
 * Throws on unknown buttons or inputs, and `CardInputsInvalidError` when the
 * client would refuse to send (a required input left empty, a date out of range…).
 */
export function cardSubmission(
  card: unknown,
  options: { action?: string; inputs?: Record<string, string> },
): Record<string, unknown> {
  const collected: Collected = { inputs: new Map(), submits: [], cardCount: 1 };
  walk(card, collected, [0]);
  for (const [id, value] of Object.entries(options.inputs ?? {})) {
    const input = collected.inputs.get(id);
    if (!input) {
      const known = [...collected.inputs.keys()].join(', ') || 'none';
      throw new Error(`The card has no input "${id}" (inputs: ${known})`);
    }
    input.value = String(value);
  }
  const submit = chooseAction(collected.submits, options.action);
  const problems = refusedInputs(collected, submit);
  if (problems.length > 0) throw new CardInputsInvalidError(problems);
  const result: Record<string, unknown> = {};
  // defineProperty, not assignment: keys such as "__proto__" stay plain data.
  const put = (key: string, value: unknown): void => {
    Object.defineProperty(result, key, { value, enumerable: true, writable: true, configurable: true });
  };
  const { action } = submit;
  if (action.associatedInputs !== 'none') for (const [id, input] of collected.inputs) put(id, input.value);
  if (isRecord(action.data)) for (const [key, value] of Object.entries(action.data)) put(key, structuredClone(value));
  return result;
}
