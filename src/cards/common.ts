/**
 * Small pure helpers every card builder shares. Cards target Adaptive Cards 1.3
 * (the newest version Webex renders) and only the elements Webex renders.
 */
import type { AdaptiveCardJson } from '../platform/port.js';

export const CARD_VERSION = '1.3';
/** Payloads above this are refused by our own checks; Webex' real limit is not published. */
export const MAX_CARD_BYTES = 20_000;

export type CardElement = Record<string, unknown>;

export function card(body: CardElement[], actions: CardElement[] = []): AdaptiveCardJson {
  const result: AdaptiveCardJson = {
    type: 'AdaptiveCard',
    $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
    version: CARD_VERSION,
    body,
  };
  if (actions.length > 0) result.actions = actions;
  return result;
}

/** User text for markdown fields (TextBlock text, FactSet values); see inert-text.ts. */
export { safeLine, safeText } from './inert-text.js';

export function textBlock(text: string, options: Record<string, unknown> = {}): CardElement {
  return { type: 'TextBlock', text, wrap: true, ...options };
}

export function submit(title: string, data: Record<string, unknown>, options: Record<string, unknown> = {}): CardElement {
  return { type: 'Action.Submit', title, data, ...options };
}

export function cardBytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value), 'utf8');
}

/** Cards and elements that are shared are frozen with everything in them. */
export { deepFreeze } from '../deep-freeze.js';
