/**
 * Typed text in card markdown fields: reads as typed on markdown-it, the shared-model parser and
 * with no markdown at all, never forms markup, and never gains a backslash.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanText, inertMarkdown, safeLine, safeText } from '../../src/cards/inert-text.js';
import { markupFormed, readEverywhere, seenAlike, unLookAlike, visible, type RendererName } from '../support/rendered-text.js';

const RENDERER_NAMES: RendererName[] = ['markdown-it', 'shared-model', 'no markdown'];

describe('ordinary text reads exactly as typed on every renderer', () => {
  it.each([
    'lab-alpha',
    'ada@example.com',
    'ada_lovelace@x.com',
    'a-b.c',
    'Version 1.0.8',
    'Dr. Ana O\'Neil-Smith',
    'C++ & C# (rack 3)!',
    '#7 lab + spare',
    'Wi-Fi 7 lab: 2.4/5/6 GHz',
    'x < y > z',
    'snake_case_name',
    '5 * 3 = 15',
    '~/home',
    'Straße 5 · 東京 · 😀',
  ])('%s', (typed) => {
    const inert = safeLine(typed);
    expect(inert).not.toContain('\\');
    for (const name of RENDERER_NAMES) expect(readEverywhere(inert)[name].text, name).toBe(typed);
    expect(markupFormed(inert)).toEqual([]);
  });

  it('leaves characters that never start markup untouched, byte for byte', () => {
    for (const typed of ['lab-alpha', 'ada@example.com', 'ada_lovelace@x.com', 'a-b.c', 'Version 1.0.8', 'a+b (c) !d #e x<y']) {
      expect(safeLine(typed).replace(/\u200B/g, '')).toBe(typed);
    }
    expect(safeLine('lab-alpha')).toBe('lab-alpha');
    expect(safeLine('ada_lovelace@x.com')).toBe('ada_lovelace@x.com');
  });
});

describe('markup a person types stays inert', () => {
  it.each([
    ['**x**', '∗∗x∗∗'],
    ['_x_', '＿x＿'],
    ['[t](http://evil)', '[t](http://evil)'],
    ['- item', '- item'],
    ['1. item', '1. item'],
    ['<b>bold</b>', '<b>bold</b>'],
    ['`code`', 'ˋcodeˋ'],
    ['# heading', '# heading'],
    ['> quote', '> quote'],
    ['~~struck~~', '~~struck~~'],
    ['<http://evil.example>', '<http://evil.example>'],
    ['&copy; &#42;', '&copy; &#42;'],
    ['{{DATE(2026-03-10T10:00:00Z, SHORT)}}', '{{DATE(2026-03-10T10:00:00Z, SHORT)}}'],
    ['a\\*b\\* c\\', 'a\\∗b\\∗ c\\'],
    ['(see)- item', '(see)- item'],
  ])('%j reads %j everywhere and forms nothing', (typed, seen) => {
    const inert = safeLine(typed);
    expect(markupFormed(inert)).toEqual([]);
    expect(seenAlike(inert)).toBe(seen);
    expect(unLookAlike(seenAlike(inert))).toBe(typed);
  });

  it('keeps the lines of a multi-line text and neutralises each line start', () => {
    const typed = 'Plan:\n- flash\n1. reboot\n    indented\n---\n# done\n[a]: http://evil\nsee [a]';
    const inert = safeText(typed);
    expect(inert.split('\n')).toHaveLength(8);
    expect(markupFormed(inert)).toEqual([]);
    expect(seenAlike(inert)).toBe(visible(typed));
  });

  it('collapses line breaks in one-line fields and removes control and direction characters', () => {
    expect(safeLine('Ada\n- Ops\r\n\tx')).toBe('Ada - Ops x');
    expect(safeLine('a\u0000b\u202Ec\u200Bd\u2066e')).toBe('abcde');
    // Joiners stay: emoji sequences need them.
    expect(safeLine('👩\u200D💻')).toBe('👩\u200D💻');
  });

  it('cuts long text on a whole character with an ellipsis, then neutralises', () => {
    expect(safeLine('a'.repeat(10), 5)).toBe('aaaa…');
    expect(safeLine('😀😀😀😀', 3)).toBe('😀😀…');
    expect(safeLine('x**y**', 4)).toBe('x∗∗…');
  });
});

/** Strings rich in everything markdown reacts to, plus ordinary and unusual characters. */
const markupHeavy = fc
  .array(
    fc.oneof(
      fc.constantFrom('*', '**', '_', '__', '`', '~~', '[', ']', '(', ')', '](', '<', '>', '&', '&amp;', '&#42;', '\\', '#', '-', '+', '1.', '2)', '!', '|', ':', '=', '{{', '}}', ' ', '  ', '\n', '\t', '\r\n'),
      fc.constantFrom('a', 'lab', 'x', '9', 'é', 'ß', '東', '😀', 'http://evil', '@', '.', '∗', '\u200B', '\u202E'),
    ),
    { maxLength: 40 },
  )
  .map((parts) => parts.join(''));

describe('any text at all (fast-check)', () => {
  const arbitraryText = fc.oneof(markupHeavy, fc.string({ unit: 'grapheme', maxLength: 60 }));
  const RUNS = { numRuns: 400 };

  it('reads the same on all three renderers, as typed (look-alikes aside), forms no markup and gains no backslash', () => {
    fc.assert(
      fc.property(arbitraryText, fc.boolean(), (typed, oneLine) => {
        const inert = oneLine ? safeLine(typed, 10_000) : safeText(typed, 10_000);
        const cleaned = cleanText(typed);
        expect(inert.split('\\').length).toBe(cleaned.split('\\').length);
        expect(markupFormed(inert)).toEqual([]);
        expect(unLookAlike(seenAlike(inert))).toBe(visible(unLookAlike(cleaned)));
      }),
      RUNS,
    );
  });

  it('is stable: neutralising inert text again changes only what it must', () => {
    fc.assert(
      fc.property(arbitraryText, (typed) => {
        const once = safeText(typed, 10_000);
        expect(markupFormed(inertMarkdown(once))).toEqual([]);
        expect(seenAlike(inertMarkdown(once))).toBe(seenAlike(once));
      }),
      RUNS,
    );
  });
});
