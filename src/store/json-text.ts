/**
 * The bytes of a stored document: exactly `JSON.stringify(document, null, 2) + "\n"`, built without
 * stringifying the whole document on every save.
 *
 * The documents' top-level values are mostly arrays of records, and a save replaces a record with a
 * new object rather than editing it. So the pretty text of each array item is kept per object (a
 * WeakMap: an item that leaves the document takes its text with it) and a save stringifies only the
 * items it has not seen, then copies the pieces into one buffer that is reused from save to save.
 * That keeps the work per save proportional to what changed (plus one copy of the bytes) and leaves
 * no document-sized string or buffer behind as garbage.
 *
 * The rule this relies on: an object, once written, is never edited in place (the documents'
 * repositories copy on the way in and out, and `JsonDocument.update` builds new documents).
 */

/** Indentation of the items of a top-level array in two-space pretty JSON. */
const ITEM_INDENT = '    ';

/** A piece of the text, as UTF-8 bytes. */
type Piece = Buffer;

/** Bytes for this write only (from Node's shared pool for small ones). */
const piece = (text: string): Piece => Buffer.from(text, 'utf8');

/**
 * Bytes kept while their item is in the document: a buffer of their own, so a long-lived item never
 * holds on to a shared pool slab that other, short-lived buffers came from.
 */
function kept(text: string): Piece {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text, 'utf8'));
  bytes.write(text, 0, 'utf8');
  return bytes;
}

const ARRAY_OPEN = kept('[\n');
const ITEM_SEPARATOR = kept(',\n');
const ARRAY_CLOSE = kept('\n  ]');

/** True for a value JSON.stringify writes as a plain object or array (no toJSON of its own). */
const isPlainContainer = (value: unknown): value is object =>
  typeof value === 'object' && value !== null && typeof (value as { toJSON?: unknown }).toJSON !== 'function';

/** `text` (pretty JSON of a value at depth 0) as it appears `indent` deeper. */
const indented = (text: string, indent: string): string => text.replaceAll('\n', `\n${indent}`);

export class PrettyJsonWriter {
  /** Item object → its UTF-8 text at the depth of a top-level array's items, indent included. */
  private readonly items = new WeakMap<object, Piece>();
  /** The buffer the last write used; taken while a write is in flight (a second one gets its own). */
  private spare: Buffer | null = null;

  /**
   * Encodes `document` and hands the bytes to `use`; the buffer is only valid until `use` settles
   * (it is reused by the next call). Returns what `use` returns.
   */
  async withBytes<R>(document: unknown, use: (bytes: Buffer) => Promise<R>): Promise<R> {
    const pieces = this.pieces(document);
    let length = 0;
    for (const bytes of pieces) length += bytes.length;
    let buffer = this.spare;
    this.spare = null;
    if (buffer === null || buffer.length < length || buffer.length > 4 * length + 65_536) {
      // Room to grow a little without reallocating on every save; a much smaller document lets it go.
      buffer = Buffer.allocUnsafeSlow(Math.max(length + (length >> 3), 4096));
    }
    let at = 0;
    for (const bytes of pieces) {
      buffer.set(bytes, at);
      at += bytes.length;
    }
    try {
      return await use(buffer.subarray(0, length));
    } finally {
      this.spare = buffer;
    }
  }

  /** The whole text as a string (for tests and one-off writers). */
  text(document: unknown): string {
    return Buffer.concat(this.pieces(document)).toString('utf8');
  }

  private pieces(document: unknown): Piece[] {
    if (!isPlainContainer(document) || Array.isArray(document)) {
      return [piece(`${JSON.stringify(document, null, 2) ?? 'null'}\n`)];
    }
    const pieces: Piece[] = [];
    let first = true;
    for (const [key, value] of Object.entries(document)) {
      if (value === undefined || typeof value === 'function' || typeof value === 'symbol') continue;
      pieces.push(piece(`${first ? '{\n' : ',\n'}  ${JSON.stringify(key)}: `));
      first = false;
      if (Array.isArray(value) && value.length > 0) {
        this.pushArray(pieces, value);
      } else {
        pieces.push(piece(indented(JSON.stringify(value, null, 2), '  ')));
      }
    }
    pieces.push(piece(first ? '{}\n' : '\n}\n'));
    return pieces;
  }

  private pushArray(pieces: Piece[], items: unknown[]): void {
    pieces.push(ARRAY_OPEN);
    items.forEach((item, i) => {
      if (i > 0) pieces.push(ITEM_SEPARATOR);
      if (!isPlainContainer(item)) {
        // Numbers, strings, null; undefined and functions become null, as in JSON.stringify.
        pieces.push(piece(`${ITEM_INDENT}${indented(JSON.stringify(item, null, 2) ?? 'null', ITEM_INDENT)}`));
        return;
      }
      let text = this.items.get(item);
      if (text === undefined) {
        text = kept(`${ITEM_INDENT}${indented(JSON.stringify(item, null, 2), ITEM_INDENT)}`);
        this.items.set(item, text);
      }
      pieces.push(text);
    });
    pieces.push(ARRAY_CLOSE);
  }
}
