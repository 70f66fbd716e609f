/**
 * What a Webex client submits when a person clicks an Action.Submit (pure).
 *
 * 1. Every input anywhere in the card (body, containers, columns, action sets,
 *    Action.ShowCard sub-cards) with its default: `value` as a string, or ''
 *    when it has none; Input.Toggle gives `valueOn`/`valueOff` (defaults
 *    "true"/"false"); a multi-select ChoiceSet's value is already comma-joined.
 * 2. Values typed by the person (`inputs`) replace the defaults.
 * 3. The chosen action's `data` object is merged on top: on a key clash the
 *    `data` value wins (as in the adaptivecards renderer).
 * An action with `associatedInputs: "none"` submits only its data.
 */
import { isRecord } from './http-util.js';

interface Collected {
  inputs: Map<string, string>;
  submits: Record<string, unknown>[];
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

function walk(node: unknown, out: Collected): void {
  if (Array.isArray(node)) {
    for (const child of node) walk(child, out);
    return;
  }
  if (!isRecord(node)) return;
  const type = typeof node.type === 'string' ? node.type : '';
  if (type.startsWith('Input.') && typeof node.id === 'string' && node.id) out.inputs.set(node.id, defaultValue(node));
  if (type === 'Action.Submit') out.submits.push(node);
  if (type === 'Action.ShowCard' && isRecord(node.card)) walk(node.card, out);
  for (const key of CONTAINER_KEYS) if (key in node) walk(node[key], out);
  for (const key of SINGLE_ACTION_KEYS) if (key in node) walk(node[key], out);
}

function describe(action: Record<string, unknown>): string {
  const data = isRecord(action.data) ? action.data : {};
  return `${JSON.stringify(action.title ?? '')}${data.action !== undefined ? ` (action ${JSON.stringify(data.action)})` : ''}`;
}

function chooseAction(submits: Record<string, unknown>[], wanted: string | undefined): Record<string, unknown> {
  const list = submits.map(describe).join(', ') || 'none';
  if (wanted === undefined) {
    if (submits.length === 1) return submits[0];
    throw new Error(`The card has ${submits.length} submit buttons (${list}); say which one with "action"`);
  }
  const byTitle = submits.find((a) => a.title === wanted);
  if (byTitle) return byTitle;
  const byData = submits.find((a) => isRecord(a.data) && a.data.action === wanted);
  if (byData) return byData;
  throw new Error(`The card has no submit button "${wanted}" (buttons: ${list})`);
}

/** The inputs a client would submit for this card, action and typed values. Throws on unknown buttons or inputs. */
export function cardSubmission(
  card: unknown,
  options: { action?: string; inputs?: Record<string, string> },
): Record<string, unknown> {
  const collected: Collected = { inputs: new Map(), submits: [] };
  walk(card, collected);
  for (const [id, value] of Object.entries(options.inputs ?? {})) {
    if (!collected.inputs.has(id)) {
      const known = [...collected.inputs.keys()].join(', ') || 'none';
      throw new Error(`The card has no input "${id}" (inputs: ${known})`);
    }
    collected.inputs.set(id, String(value));
  }
  const action = chooseAction(collected.submits, options.action);
  const result: Record<string, unknown> = {};
  // defineProperty, not assignment: keys such as "__proto__" stay plain data.
  const put = (key: string, value: unknown): void => {
    Object.defineProperty(result, key, { value, enumerable: true, writable: true, configurable: true });
  };
  if (action.associatedInputs !== 'none') for (const [id, value] of collected.inputs) put(id, value);
  if (isRecord(action.data)) for (const [key, value] of Object.entries(action.data)) put(key, structuredClone(value));
  return result;
}

/** The Adaptive Card of a message's attachments, if any. */
export function cardOf(attachments: { contentType: string; content: unknown }[] | undefined): Record<string, unknown> | undefined {
  const found = attachments?.find((a) => a.contentType === 'application/vnd.microsoft.card.adaptive');
  return found && isRecord(found.content) ? found.content : undefined;
}
