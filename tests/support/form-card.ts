/**
 * Reads single elements of a posted card straight from its JSON, so a test
 * asserts on the element that carries the meaning (the error under a field,
 * one fact of a FactSet, the value an input comes back with).
 */
import type { EmuMessage } from '../../src/platform/emulator/api.js';
import { CardInputsInvalidError } from '../../src/platform/emulator/index.js';

type Json = Record<string, unknown>;

const isJson = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

export function cardJson(message: EmuMessage): Json {
  const content = message.attachments?.find((a) => a.contentType === 'application/vnd.microsoft.card.adaptive')?.content;
  if (!isJson(content)) throw new Error(`Message ${message.id} carries no Adaptive Card`);
  return content;
}

/** Every element list (body, items, columns …) in the card, depth first. */
function elementLists(node: unknown, out: Json[][] = []): Json[][] {
  if (Array.isArray(node)) {
    out.push(node.filter(isJson));
    for (const child of node) elementLists(child, out);
  } else if (isJson(node)) {
    for (const value of Object.values(node)) elementLists(value, out);
  }
  return out;
}

/** The input element with this id. */
export function input(message: EmuMessage, id: string): Json {
  for (const list of elementLists(cardJson(message))) {
    const found = list.find((el) => typeof el.type === 'string' && el.type.startsWith('Input.') && el.id === id);
    if (found) return found;
  }
  throw new Error(`The card has no input "${id}"`);
}

/** The text of the error line right under an input, or undefined when the field has none. */
export function fieldErrorText(message: EmuMessage, id: string): string | undefined {
  for (const list of elementLists(cardJson(message))) {
    const at = list.findIndex((el) => el.id === id);
    if (at < 0) continue;
    const next = list[at + 1];
    return next?.type === 'TextBlock' && next.color === 'attention' ? String(next.text) : undefined;
  }
  throw new Error(`The card has no input "${id}"`);
}

/** The text of the first TextBlock (the card's heading). */
export function headingText(message: EmuMessage): string {
  const body = cardJson(message).body;
  const first = Array.isArray(body) ? body.find((el) => isJson(el) && el.type === 'TextBlock') : undefined;
  return isJson(first) ? String(first.text) : '';
}

/** The refusal a client gives instead of sending (with the problems it shows); fails the test when it sends. */
export function refusal(submit: () => unknown): CardInputsInvalidError {
  try {
    submit();
  } catch (error) {
    if (error instanceof CardInputsInvalidError) return error;
    throw error;
  }
  throw new Error('The client sent a submit it should have refused');
}
