/**
 * An Adaptive Card as plain text lines, for replay transcripts and people
 * reading them: headings as `# …`, text blocks as written, facts as
 * `Title: value`, inputs as `[Label: value]` (choices listed with the selected
 * ones marked), buttons as `<Title>`. Pure; unknown elements are named, never
 * dropped silently. Choice and submit values (ids) are not shown, only titles.
 */

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isObject) : []);
const str = (value: unknown): string => (typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value));

const HEADING_SIZES = new Set(['medium', 'large', 'extralarge']);

export function cardToText(card: unknown): string[] {
  if (!isObject(card)) return ['(no card)'];
  return [...elements(list(card.body)), ...actions(list(card.actions))];
}

function elements(items: Json[]): string[] {
  return items.flatMap(element);
}

function element(item: Json): string[] {
  switch (item.type) {
    case 'TextBlock': {
      const text = str(item.text);
      const heading = HEADING_SIZES.has(str(item.size).toLowerCase()) && str(item.weight).toLowerCase() === 'bolder';
      return text.split('\n').map((line, index) => (heading && index === 0 ? `# ${line}` : line));
    }
    case 'FactSet':
      return list(item.facts).map((fact) => `${str(fact.title)}: ${str(fact.value)}`);
    case 'Container':
      return elements(list(item.items));
    case 'ColumnSet': {
      const columns = list(item.columns).map((column) => elements(list(column.items)));
      return columns.every((lines) => lines.length <= 1) ? [columns.map((lines) => lines[0] ?? '').filter(Boolean).join('   ')] : columns.flat();
    }
    case 'Image':
      return [`[image${item.altText ? `: ${str(item.altText)}` : ''}]`];
    case 'ActionSet':
      return actions(list(item.actions));
    case 'Input.Text':
    case 'Input.Number':
    case 'Input.Date':
    case 'Input.Time':
      return [`[${label(item)}: ${str(item.value) || '____'}]`];
    case 'Input.Toggle':
      return [`[${str(item.value) === str(item.valueOn ?? 'true') ? 'x' : ' '}] ${str(item.title)}`];
    case 'Input.ChoiceSet':
      return [choiceSet(item)];
    default:
      return [`(${str(item.type) || 'element'} not shown)`];
  }
}

function label(input: Json): string {
  return str(input.label) || str(input.placeholder) || str(input.id);
}

function choiceSet(input: Json): string {
  const multi = input.isMultiSelect === true;
  const selected = new Set(str(input.value).split(',').map((value) => value.trim()).filter(Boolean));
  const choices = list(input.choices).map((choice) => {
    const on = selected.has(str(choice.value));
    return `${multi ? (on ? '[x]' : '[ ]') : on ? '(•)' : '( )'} ${str(choice.title)}`;
  });
  return `[${label(input)}: ${choices.join(' | ') || 'no choices'}]`;
}

function actions(items: Json[]): string[] {
  if (items.length === 0) return [];
  const buttons = items.map((action) => {
    const title = str(action.title) || str(action.type);
    if (action.type === 'Action.ShowCard') return `<${title} ▸>`;
    if (action.type === 'Action.OpenUrl') return `<${title} ↗ ${str(action.url)}>`;
    return `<${title}>`;
  });
  const shown = items
    .filter((action) => action.type === 'Action.ShowCard' && isObject(action.card))
    .flatMap((action) => [`${str(action.title)} ▸`, ...cardToText(action.card).map((line) => `  ${line}`)]);
  return [buttons.join(' '), ...shown];
}
