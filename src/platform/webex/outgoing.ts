/** Pure helpers for outgoing REST payloads and pagination. */
import type { OutgoingMessage } from '../port.js';
import { PlatformError } from './errors.js';

export const CARD_CONTENT_TYPE = 'application/vnd.microsoft.card.adaptive';

/** Plain-text fallback from markdown: drops emphasis/code marks and link targets. */
export function markdownToText(markdown: string): string {
  return markdown
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__|\*|_|`+|~~)/g, '')
    .replace(/^#+\s*/gm, '')
    .trim();
}

function firstCardText(card: Record<string, unknown>): string | undefined {
  const body = Array.isArray(card.body) ? card.body : [];
  for (const element of body as Array<Record<string, unknown>>) {
    if (element && element.type === 'TextBlock' && typeof element.text === 'string' && element.text.trim()) return element.text.trim();
  }
  return undefined;
}

/**
 * The POST /messages body: exactly one destination, a text fallback always
 * (from `text`, else `markdown`, else the card's first TextBlock), and the card
 * as the single attachment.
 */
export function messageBody(message: OutgoingMessage): Record<string, unknown> {
  const destinations = (['roomId', 'toPersonEmail', 'toPersonId'] as const).filter((key) => typeof message[key] === 'string' && message[key] !== '');
  if (destinations.length !== 1) {
    throw new PlatformError('bad_request', `a message needs exactly one of roomId, toPersonEmail, toPersonId (got ${destinations.length})`);
  }
  const destination = destinations[0] as (typeof destinations)[number];
  const text =
    (message.text && message.text.trim() ? message.text : undefined) ??
    (message.markdown ? markdownToText(message.markdown) : undefined) ??
    (message.card ? firstCardText(message.card) : undefined) ??
    (message.card ? 'This message contains a card; open it in a Webex client that shows cards.' : undefined);
  if (!text) throw new PlatformError('bad_request', 'a message needs text, markdown or a card');
  const body: Record<string, unknown> = { [destination]: message[destination], text };
  if (message.parentId) body.parentId = message.parentId;
  if (message.markdown) body.markdown = message.markdown;
  if (message.card) body.attachments = [{ contentType: CARD_CONTENT_TYPE, content: message.card }];
  return body;
}

// Frozen cards are shared between replies (many people shown the same status): each is written out
// once, as the UTF-8 bytes that go on the wire, so a reply neither copies the card's text nor encodes it again.
const cardBytes = new WeakMap<object, Buffer>();

function cardJson(card: Record<string, unknown>): Buffer {
  if (!Object.isFrozen(card)) return Buffer.from(JSON.stringify(card));
  let bytes = cardBytes.get(card);
  if (bytes === undefined) {
    bytes = Buffer.from(JSON.stringify(card));
    cardBytes.set(card, bytes);
  }
  return bytes;
}

const ATTACHMENT_HEAD = Buffer.from(`,"attachments":[{"contentType":${JSON.stringify(CARD_CONTENT_TYPE)},"content":`);
const ATTACHMENT_TAIL = Buffer.from('}]}');

/**
 * `messageBody` as the UTF-8 bytes of its JSON, the same as `Buffer.from(JSON.stringify(messageBody(message)))`.
 * A frozen card (one that is shared and so never changes) is serialised only the first time it is sent.
 */
export function messageJsonBytes(message: OutgoingMessage): Buffer {
  const { attachments: _attachments, ...head } = messageBody(message);
  if (!message.card) return Buffer.from(JSON.stringify(head));
  // The head always holds a destination and a text; the attachment goes last, where messageBody puts it.
  const headJson = JSON.stringify(head);
  const card = cardJson(message.card);
  const headBytes = Buffer.byteLength(headJson) - 1;
  const out = Buffer.allocUnsafe(headBytes + ATTACHMENT_HEAD.length + card.length + ATTACHMENT_TAIL.length);
  let at = out.write(headJson.slice(0, -1));
  at += ATTACHMENT_HEAD.copy(out, at);
  at += card.copy(out, at);
  ATTACHMENT_TAIL.copy(out, at);
  return out;
}

/**
 * How the platform begins a created message: its id, then its room. Matched on the first bytes of
 * the answer read as Latin-1, so the ids may hold printable ASCII only (what the platform's ids
 * are); anything else goes the long way.
 */
const CREATED_HEAD = /^[ \t\n\r]*\{[ \t\n\r]*"id"[ \t\n\r]*:[ \t\n\r]*"([\x20\x21\x23-\x5b\x5d-\x7e]*)"[ \t\n\r]*,[ \t\n\r]*"roomId"[ \t\n\r]*:[ \t\n\r]*"([\x20\x21\x23-\x5b\x5d-\x7e]*)"[ \t\n\r]*[,}]/;
/** How much of the answer the quick reading looks at. */
const CREATED_HEAD_BYTES = 1024;

/**
 * The id and room of a created message from the POST /messages answer. The answer repeats the
 * whole message, card included, and only these two are needed: when it begins with them (as the
 * platform writes it) nothing else is decoded or parsed; otherwise the whole body is. Throws when
 * the body is not JSON.
 */
export function readCreatedMessage(bytes: Buffer): { id?: unknown; roomId?: unknown } | undefined {
  const head = CREATED_HEAD.exec(bytes.toString('latin1', 0, Math.min(bytes.length, CREATED_HEAD_BYTES)));
  if (head) return { id: head[1], roomId: head[2] };
  const text = bytes.toString('utf8');
  return text ? (JSON.parse(text) as { id?: unknown; roomId?: unknown }) : undefined;
}

/** The `rel="next"` URL of a Link header, if any. The URL is opaque. */
export function nextPageUrl(header: string | string[] | undefined): string | undefined {
  const values = Array.isArray(header) ? header : header ? [header] : [];
  for (const value of values) {
    for (const part of value.split(/,(?=\s*<)/)) {
      const match = /<([^>]+)>\s*;(.*)$/.exec(part.trim());
      if (match && /\brel\s*=\s*"?([^";]*\s)?next(\s[^";]*)?"?/i.test(match[2] ?? '')) return match[1];
    }
  }
  return undefined;
}
