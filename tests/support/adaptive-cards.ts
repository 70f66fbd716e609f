/**
 * Parses a card with the real `adaptivecards` library (the renderer the sandbox
 * page uses) and returns every parse and validation problem it reports.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
// The package's lib/ build has extension-less ESM imports; the bundle loads fine in Node.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const AC = require('adaptivecards/dist/adaptivecards.js');

export function cardProblems(json: unknown): string[] {
  const card = new AC.AdaptiveCard();
  const context = new AC.SerializationContext();
  card.parse(json, context);
  const problems: string[] = [];
  for (let i = 0; i < context.eventCount; i++) problems.push(context.getEventAt(i).message);
  for (const event of card.validateProperties().validationEvents) problems.push(event.message);
  return problems;
}

/** Input ids declared anywhere in the card (for asserting form shapes). */
export function cardInputIds(json: unknown): string[] {
  const card = new AC.AdaptiveCard();
  card.parse(json, new AC.SerializationContext());
  return card.getAllInputs().map((input: { id: string }) => input.id);
}
