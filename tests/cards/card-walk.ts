/**
 * Walks an Adaptive Card JSON: element types, every action (card-level and
 * ActionSet), inputs, the strings rendered as markdown (TextBlock text, fact
 * titles and values) and every other string except input values.
 */
const ALLOWED = new Set([
  'TextBlock', 'FactSet', 'ColumnSet', 'Column', 'Container', 'Image', 'ActionSet',
  'Input.Text', 'Input.Number', 'Input.Date', 'Input.Time', 'Input.Toggle', 'Input.ChoiceSet',
  'Action.Submit', 'Action.OpenUrl', 'Action.ShowCard',
]);

type Json = Record<string, unknown>;

export interface WalkedInput {
  id: string;
  type: string;
  value?: string;
  choices?: Array<{ title: string; value: string }>;
}

export interface WalkedCard {
  disallowedTypes: string[];
  actions: Array<{ type: string; title?: string; data?: Record<string, unknown> }>;
  inputs: WalkedInput[];
  markdown: string[];
  plainStrings: string[];
}

export function inspectCard(card: unknown): WalkedCard {
  const result: WalkedCard = { disallowedTypes: [], actions: [], inputs: [], markdown: [], plainStrings: [] };
  const visit = (node: unknown, isRoot = false): void => {
    if (Array.isArray(node)) return node.forEach((item) => visit(item));
    if (node === null || typeof node !== 'object') return;
    const element = node as Json;
    const type = typeof element.type === 'string' ? element.type : undefined;
    if (type && !isRoot && !ALLOWED.has(type)) result.disallowedTypes.push(type);
    if (type?.startsWith('Input.')) result.inputs.push(element as unknown as WalkedInput);
    if (type === 'TextBlock' && typeof element.text === 'string') result.markdown.push(element.text);
    if (type === 'FactSet') {
      for (const fact of (element.facts as Json[]) ?? []) result.markdown.push(String(fact.title), String(fact.value));
    }
    if (isRoot || type === 'ActionSet') result.actions.push(...(((element.actions as Json[]) ?? []) as WalkedCard['actions']));
    for (const [key, value] of Object.entries(element)) {
      if (typeof value === 'string') {
        if (!(type?.startsWith('Input.') && key === 'value')) result.plainStrings.push(value);
      } else {
        visit(value);
      }
    }
  };
  visit(card, true);
  return result;
}
