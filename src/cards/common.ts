/**
 * Small pure helpers every card builder shares. Cards target Adaptive Cards 1.3
 * (the newest version Webex renders) and only the elements listed in the
 * protocol notes §7.
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

/**
 * Makes user-typed text inert inside a TextBlock: markdown punctuation is
 * backslash-escaped, angle brackets and control characters are neutralised,
 * and very long text is cut, so nobody can inject links, emphasis, mentions or
 * break the card layout.
 */
export function safeText(value: string, maxLength = 500): string {
  let text = String(value)
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u200B-\u200F\u202A-\u202E\u2066-\u2069]/g, '')
    .replace(/\r\n?/g, '\n');
  if (text.length > maxLength) text = `${text.slice(0, maxLength - 1)}…`;
  return text
    .replace(/([\\`*_{}[\]()#+\-.!|~])/g, '\\$1')
    .replace(/</g, '\u2039')
    .replace(/>/g, '\u203A');
}

export function textBlock(text: string, options: Record<string, unknown> = {}): CardElement {
  return { type: 'TextBlock', text, wrap: true, ...options };
}

export function submit(title: string, data: Record<string, unknown>, options: Record<string, unknown> = {}): CardElement {
  return { type: 'Action.Submit', title, data, ...options };
}

export function cardBytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value), 'utf8');
}
