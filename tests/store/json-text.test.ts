import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PrettyJsonWriter } from '../../src/store/json-text.js';
import { available, inUse } from './records.js';

/** What the file must hold: the document as JSON.stringify pretty-prints it, plus a newline. */
const pretty = (document: unknown) => `${JSON.stringify(document, null, 2)}\n`;

const bytesOf = (writer: PrettyJsonWriter, document: unknown) => writer.withBytes(document, async (bytes) => Buffer.from(bytes).toString('utf8'));

describe('PrettyJsonWriter', () => {
  it.each([
    ['an empty object', {}],
    ['empty arrays', { testbeds: [], retired: [] }],
    ['records and retired testbeds', { testbeds: [available(1), inUse(2)], retired: [{ id: 7, testbed_name: 'old', retired_at: '2026-03-02T10:00:00.000Z' }] }],
    ['nested values beside the arrays', { lifecycle: [{ testbed_id: 2, queue: [{ email: 'b@example.com' }], offer: null, asks: [] }], digest: { last_posted_for: 'x' } }],
    ['text outside ASCII and escapes', { testbeds: [available(1, 'Prüfstand "Süd" 🚀'), available(2, 'line\nbreak\ttab \\ slash')] }],
    ['values JSON leaves out or turns into null', { a: undefined, b: [undefined, () => 1, 3, 'x', null, [1, [2]]], c: () => 2, d: 1 }],
    ['integer-like keys, which come first', { b: 1, 2: 'two', a: [{ z: 1, 1: 0 }] }],
    ['a value with its own toJSON', { at: new Date('2026-03-02T10:00:00.000Z'), list: [new Date(0)] }],
    ['only values that are left out', { a: undefined }],
  ])('writes exactly JSON.stringify(document, null, 2) and a newline: %s', async (_, document) => {
    const writer = new PrettyJsonWriter();
    expect(writer.text(document)).toBe(pretty(document));
    expect(await bytesOf(writer, document)).toBe(pretty(document));
  });

  it('writes the same text as JSON.stringify for any JSON document, also when items are reused between writes', async () => {
    const writer = new PrettyJsonWriter();
    let previous: Record<string, unknown[]> = {};
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.string(), fc.array(fc.jsonValue({ maxDepth: 3 }), { maxLength: 6 }), { maxKeys: 4 }),
        fc.boolean(),
        async (fresh, reuse) => {
          // Keep some items of the previous document (same objects), as a save does for unchanged records.
          const document = reuse ? Object.fromEntries(Object.entries(fresh).map(([key, items]) => [key, [...(Object.hasOwn(previous, key) ? previous[key] : []), ...items]])) : fresh;
          expect(await bytesOf(writer, document)).toBe(pretty(document));
          previous = document;
        },
      ),
      { numRuns: 300 },
    );
  });

  it('writes the right text when items are removed, inserted, replaced, moved or repeated between writes', async () => {
    const item = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.record({ id: fc.nat(), name: fc.string() }));
    const edit = fc.oneof(
      fc.record({ kind: fc.constant('remove' as const), at: fc.nat() }),
      fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), value: item }),
      fc.record({ kind: fc.constant('replace' as const), at: fc.nat(), value: item }),
      fc.record({ kind: fc.constant('swap' as const), at: fc.nat(), other: fc.nat() }),
      fc.record({ kind: fc.constant('repeat' as const), at: fc.nat() }),
      fc.record({ kind: fc.constant('reverse' as const) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(item, { maxLength: 8 }), fc.array(fc.record({ key: fc.constantFrom('a', 'b'), edit }), { maxLength: 12 }), async (start, edits) => {
        const writer = new PrettyJsonWriter();
        let document: Record<string, unknown[]> = { a: start, b: [...start].reverse() };
        expect(await bytesOf(writer, document)).toBe(pretty(document));
        for (const { key, edit: change } of edits) {
          const items = [...document[key]];
          const at = 'at' in change && items.length > 0 ? change.at % items.length : 0;
          if (change.kind === 'remove') items.splice(at, 1);
          if (change.kind === 'insert') items.splice(at, 0, change.value);
          if (change.kind === 'replace' && items.length > 0) items[at] = change.value;
          if (change.kind === 'swap' && items.length > 0) {
            const other = change.other % items.length;
            [items[at], items[other]] = [items[other], items[at]];
          }
          if (change.kind === 'repeat' && items.length > 0) items.push(items[at]);
          if (change.kind === 'reverse') items.reverse();
          document = { ...document, [key]: items };
          expect(await bytesOf(writer, document)).toBe(pretty(document));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('a record replaced by a new object with the same id is written with its new content', async () => {
    const writer = new PrettyJsonWriter();
    const first = { testbeds: [available(1), available(2)] };
    expect(await bytesOf(writer, first)).toBe(pretty(first));
    const second = { testbeds: [first.testbeds[0], inUse(2)] };
    const text = await bytesOf(writer, second);
    expect(text).toBe(pretty(second));
    expect(text).toContain('"user_email": "ana@example.com"');
  });

  it('a smaller document after a larger one leaves none of the larger one behind', async () => {
    const writer = new PrettyJsonWriter();
    const large = { testbeds: Array.from({ length: 50 }, (_, i) => inUse(i + 1)) };
    const small = { testbeds: [available(1)] };
    expect(await bytesOf(writer, large)).toBe(pretty(large));
    expect(await bytesOf(writer, small)).toBe(pretty(small));
    expect(await bytesOf(writer, large)).toBe(pretty(large));
  });

  it('a second write started while the first holds its bytes gets bytes of its own', async () => {
    const writer = new PrettyJsonWriter();
    const one = { testbeds: [available(1)] };
    const two = { testbeds: [inUse(2), available(3)] };
    await bytesOf(writer, two); // leaves a buffer to reuse
    let inner = '';
    const outer = await writer.withBytes(one, async (bytes) => {
      inner = await bytesOf(writer, two);
      return Buffer.from(bytes).toString('utf8');
    });
    expect(outer).toBe(pretty(one));
    expect(inner).toBe(pretty(two));
  });
});
