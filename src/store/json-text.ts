/**
 * The bytes of a stored document: exactly `JSON.stringify(document, null, 2) + "\n"`, built without
 * stringifying the whole document on every save.
 *
 * The documents' top-level values are mostly arrays of records, and a save replaces a record with a
 * new object rather than editing it. The writer remembers, for the last document it wrote, where
 * each array item's text sits in that document's bytes. The next document is then assembled from
 * those bytes: runs of items that are the same objects are copied as they are (separators included),
 * and only items it has not seen are stringified. Two buffers take turns (the last document's bytes
 * and the next one's), so a save leaves no document-sized string or buffer behind as garbage, and
 * its work is one pass over the items, one copy of the bytes and the stringifying of what changed.
 *
 * The rule this relies on: an object, once written, is never edited in place (the documents'
 * repositories copy on the way in and out, and `JsonDocument.update` builds new documents).
 */

/** Indentation of the items of a top-level array in two-space pretty JSON. */
const ITEM_INDENT = '    ';
const ARRAY_OPEN = Buffer.from('[\n');
const ITEM_SEPARATOR = Buffer.from(',\n');
const ARRAY_CLOSE = Buffer.from('\n  ]');

/** Where the items of one top-level array sit in the bytes of the last document. */
interface ArrayLayout {
  items: readonly unknown[];
  starts: Uint32Array;
  ends: Uint32Array;
}

/** The last document assembled: its bytes and, per top-level key, its array's layout. */
interface Assembled {
  buffer: Buffer;
  arrays: Map<string, ArrayLayout>;
}

/** New bytes, or a range of the last document's bytes. */
type Segment = Buffer | { from: number; to: number };

/** True for a value JSON.stringify writes as a plain object (no toJSON of its own). */
const isPlainObject = (value: unknown): value is object =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && typeof (value as { toJSON?: unknown }).toJSON !== 'function';

/** `text` (pretty JSON of a value at depth 0) as it appears `indent` deeper. */
const indented = (text: string, indent: string): string => text.replaceAll('\n', `\n${indent}`);

/** The segments of one document and their total length; consecutive ranges are merged. */
class Segments {
  readonly list: Segment[] = [];
  length = 0;

  add(bytes: Buffer): void {
    this.list.push(bytes);
    this.length += bytes.length;
  }

  copy(from: number, to: number): void {
    const last = this.list[this.list.length - 1];
    if (last !== undefined && !Buffer.isBuffer(last) && last.to === from) last.to = to;
    else this.list.push({ from, to });
    this.length += to - from;
  }
}

export class PrettyJsonWriter {
  private last: Assembled | null = null;
  /** A buffer free for the next document (neither the last document's nor one being written). */
  private spare: Buffer | null = null;
  /** Buffers handed to a caller that has not finished with them. */
  private readonly busy = new Set<Buffer>();

  /**
   * Encodes `document` and hands the bytes to `use`; they are valid until `use` settles (the buffer
   * is reused afterwards). Returns what `use` returns.
   */
  async withBytes<R>(document: unknown, use: (bytes: Buffer) => Promise<R>): Promise<R> {
    const { buffer, length } = this.assemble(document);
    this.busy.add(buffer);
    try {
      return await use(buffer.subarray(0, length));
    } finally {
      this.busy.delete(buffer);
      if (buffer !== this.last?.buffer) this.spare = buffer;
    }
  }

  /** The whole text as a string (for tests and one-off writers). */
  text(document: unknown): string {
    const { buffer, length } = this.assemble(document);
    return buffer.toString('utf8', 0, length);
  }

  private assemble(document: unknown): { buffer: Buffer; length: number } {
    const before = this.last;
    const segments = new Segments();
    const arrays = new Map<string, ArrayLayout>();
    if (!isPlainObject(document)) {
      segments.add(Buffer.from(`${JSON.stringify(document, null, 2) ?? 'null'}\n`, 'utf8'));
    } else {
      let first = true;
      for (const [key, value] of Object.entries(document)) {
        if (value === undefined || typeof value === 'function' || typeof value === 'symbol') continue;
        segments.add(Buffer.from(`${first ? '{\n' : ',\n'}  ${JSON.stringify(key)}: `, 'utf8'));
        first = false;
        if (Array.isArray(value) && value.length > 0) {
          arrays.set(key, this.addArray(segments, value, before?.arrays.get(key)));
        } else {
          segments.add(Buffer.from(indented(JSON.stringify(value, null, 2), '  '), 'utf8'));
        }
      }
      segments.add(Buffer.from(first ? '{}\n' : '\n}\n', 'utf8'));
    }

    const buffer = this.freeBuffer(segments.length);
    let at = 0;
    for (const segment of segments.list) {
      if (Buffer.isBuffer(segment)) {
        buffer.set(segment, at);
        at += segment.length;
      } else {
        at += before!.buffer.copy(buffer, at, segment.from, segment.to);
      }
    }
    // The previous bytes are no longer needed for assembling; reuse them unless a caller holds them.
    if (before && !this.busy.has(before.buffer)) this.spare = before.buffer;
    this.last = { buffer, arrays };
    return { buffer, length: segments.length };
  }

  /**
   * Adds the items of a top-level array. An item that is the same object as one of the last
   * document's is copied from there (with the separator before it when its neighbour came along
   * too); an item that moved is looked up only when the array changed length.
   */
  private addArray(segments: Segments, items: readonly unknown[], before: ArrayLayout | undefined): ArrayLayout {
    const starts = new Uint32Array(items.length);
    const ends = new Uint32Array(items.length);
    let moved: Map<unknown, number> | undefined;
    // A run of the last document's bytes not yet added: [runFrom, runTo), to be placed at runAt.
    let runFrom = -1;
    let runTo = -1;
    let runAt = 0;
    let previous = -1; // where the item before this one sat in the last document (-1: it was new)
    segments.add(ARRAY_OPEN);
    for (let i = 0; i < items.length; i++) {
      const item = items[i];
      let found = -1;
      if (before !== undefined) {
        if (i < before.items.length && before.items[i] === item) {
          found = i;
        } else if (before.items.length !== items.length) {
          moved ??= new Map(before.items.map((old, at) => [old, at]));
          found = moved.get(item) ?? -1;
        }
      }
      if (found >= 0 && previous >= 0 && found === previous + 1) {
        runTo = before!.ends[found]; // its neighbour came along: the run grows, separator included
      } else {
        if (runFrom >= 0) segments.copy(runFrom, runTo);
        runFrom = -1;
        if (i > 0) segments.add(ITEM_SEPARATOR);
        if (found >= 0) {
          runFrom = before!.starts[found];
          runTo = before!.ends[found];
          runAt = segments.length;
        } else {
          // JSON.stringify writes undefined and functions inside an array as null.
          const text = Buffer.from(`${ITEM_INDENT}${indented(JSON.stringify(item, null, 2) ?? 'null', ITEM_INDENT)}`, 'utf8');
          starts[i] = segments.length;
          segments.add(text);
          ends[i] = segments.length;
        }
      }
      if (found >= 0) {
        starts[i] = runAt + before!.starts[found] - runFrom;
        ends[i] = runAt + before!.ends[found] - runFrom;
      }
      previous = found;
    }
    if (runFrom >= 0) segments.copy(runFrom, runTo);
    segments.add(ARRAY_CLOSE);
    return { items, starts, ends };
  }

  /** A buffer of at least `length` bytes that holds nothing anyone still needs. */
  private freeBuffer(length: number): Buffer {
    const spare = this.spare;
    this.spare = null;
    if (spare !== null && spare.length >= length && spare.length <= 4 * length + 65_536 && spare !== this.last?.buffer && !this.busy.has(spare)) {
      return spare;
    }
    // Room to grow a little without reallocating on every save; a much smaller document lets a large buffer go.
    return Buffer.allocUnsafeSlow(Math.max(length + (length >> 3), 4096));
  }
}
