/**
 * What a person reads on a card, element by element. Every TextBlock text, fact title and
 * value and expanded choice title is read by all three renderers (see rendered-text.ts) and
 * must read the same on each; the helpers return that reading, so an assertion on them is an
 * assertion on what every client shows.
 */
import type { EmuMessage } from '../../src/platform/emulator/api.js';
import { readPlain, seenAlike } from './rendered-text.js';

type Json = Record<string, unknown>;

export interface SeenText {
  /** Where the text sits: a heading, another TextBlock, a fact title or value, a choice title. */
  role: 'heading' | 'text' | 'factTitle' | 'factValue' | 'choice';
  /** What the card JSON carries. */
  source: string;
  /** What a person reads (identical on every renderer). */
  text: string;
  /** Whether some renderer passes the text through markdown (false for a compact picker's choices). */
  markdown: boolean;
  element: Json;
  /** The input a choice belongs to. */
  inputId?: string;
}

export interface SeenCard {
  /** Every text of the card in order. */
  all: SeenText[];
  /** The first heading (a Bolder TextBlock of Medium or Large size), or '' when there is none. */
  heading: string;
  /** Every TextBlock, headings included, in order. */
  texts: string[];
  /** Fact values by fact title. */
  facts: Record<string, string>;
  /** Top-level TextBlocks in the attention colour (not headings): the problems a form or report names. */
  errors: string[];
  /** Titles of an input's choices, as shown in the picker. */
  choices(inputId: string): string[];
}

function isHeading(element: Json): boolean {
  return element.weight === 'Bolder' && (element.size === 'Medium' || element.size === 'Large');
}

function contentOf(card: EmuMessage | unknown): unknown {
  const message = card as EmuMessage;
  if (message && typeof message === 'object' && 'attachments' in message) return message.attachments?.[0]?.content;
  return card;
}

/** Reads a card (or a bot message carrying one) the way people see it. */
export function seenCard(card: EmuMessage | unknown): SeenCard {
  const content = contentOf(card);
  if (!content || typeof content !== 'object') throw new Error('This message carries no card.');
  const all: SeenText[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    const element = node as Json;
    if (element.type === 'TextBlock' && typeof element.text === 'string') {
      all.push({ role: isHeading(element) ? 'heading' : 'text', source: element.text, text: seenAlike(element.text), markdown: true, element });
    }
    if (element.type === 'FactSet' && Array.isArray(element.facts)) {
      for (const fact of element.facts as Json[]) {
        all.push({ role: 'factTitle', source: String(fact.title), text: seenAlike(String(fact.title)), markdown: true, element: fact });
        all.push({ role: 'factValue', source: String(fact.value), text: seenAlike(String(fact.value)), markdown: true, element: fact });
      }
    }
    if (element.type === 'Input.ChoiceSet' && Array.isArray(element.choices)) {
      // Compact choices are a native picker (plain text); expanded ones are labels that web renderers pass through markdown.
      const markdown = element.style === 'expanded';
      const read = markdown ? seenAlike : (text: string) => readPlain(text).text;
      for (const choice of element.choices as Json[]) {
        const title = String(choice.title);
        all.push({ role: 'choice', source: title, text: read(title), markdown, element: choice, inputId: String(element.id) });
      }
    }
    for (const value of Object.values(element)) if (value && typeof value === 'object') visit(value);
  };
  visit((content as Json).body);
  const facts: Record<string, string> = {};
  for (let i = 0; i < all.length; i++) {
    if (all[i].role === 'factTitle' && all[i + 1]?.role === 'factValue') facts[all[i].text] = all[i + 1].text;
  }
  const topLevel = new Set(((content as Json).body as Json[] | undefined) ?? []);
  const blocks = all.filter((item) => item.role === 'heading' || item.role === 'text');
  return {
    all,
    heading: all.find((item) => item.role === 'heading')?.text ?? '',
    texts: blocks.map((item) => item.text),
    facts,
    errors: blocks.filter((item) => item.role === 'text' && item.element.color === 'attention' && topLevel.has(item.element)).map((item) => item.text),
    choices: (inputId) => all.filter((item) => item.role === 'choice' && item.inputId === inputId).map((item) => item.text),
  };
}

/** Titles of the card's buttons, in order. */
export function buttonTitles(card: EmuMessage | unknown): string[] {
  const content = contentOf(card) as Json | undefined;
  return ((content?.actions as Json[] | undefined) ?? []).map((action) => String(action.title));
}
