/**
 * The renderer readings the card tests rely on, checked against the measured facts: markdown-it
 * is the real library; the shared-model reading is our own model and must stay honest (it shows
 * the backslashes the native clients show).
 */
import { describe, expect, it } from 'vitest';
import { markupFormed, readMarkdownIt, readPlain, readSharedModel, seenAlike } from '../support/rendered-text.js';

const Z = '\u200B';

describe('the shared-model reading (native clients)', () => {
  it.each([
    ['lab\\-alpha', 'lab\\-alpha'],
    ['ada@example\\.com', 'ada@example\\.com'],
    ['\\*x\\*', '\\*x\\*'],
    ['Version 1\\.0\\.8', 'Version 1\\.0\\.8'],
  ])('shows the backslashes of %s', (source, shown) => {
    expect(readSharedModel(source).text).toBe(shown);
    expect(readSharedModel(source).tags).toEqual([]);
  });

  it('removes a backslash before [, ] and ) only, once it parses markup', () => {
    expect(readSharedModel('**b** \\[x\\] \\(y\\) \\-z').text).toBe('b [x] \\(y) \\-z');
  });

  it.each([
    ['lab-alpha'],
    ['ada@example.com'],
    ['a-b.c'],
    ['ada_lovelace@x.com'],
    ['C++ & C# (lab)! <b>'],
  ])('shows %s as typed', (typed) => {
    expect(readSharedModel(typed).text).toBe(typed);
    expect(readSharedModel(typed).tags).toEqual([]);
  });

  it.each([
    ['**x**', ['strong'], 'x'],
    ['*x*', ['em'], 'x'],
    ['_x_', ['em'], 'x'],
    ['say _x_ now', ['em'], 'say x now'],
    ['[t](http://u)', ['a'], 't'],
    ['- item', ['li'], 'item'],
    ['* item', ['li'], 'item'],
    ['+ item', ['li'], 'item'],
    ['1. item', ['li'], 'item'],
    ['first\n- item', ['li'], 'first item'],
    ['(see)- item', ['li'], '(see)item'],
  ])('forms markup from %j', (source, tags, shown) => {
    expect(readSharedModel(source).tags).toEqual(tags);
    expect(readSharedModel(source).text).toBe(shown);
  });

  it.each([[`[t]${Z}(http://u)`], [`${Z}- item`], [`a${Z}\n${Z}1. item`]])('forms nothing from %j (zero-width space)', (source) => {
    expect(readSharedModel(source).tags).toEqual([]);
  });
});

describe('the markdown-it reading (web clients)', () => {
  it('removes every CommonMark escape, which is why backslashes looked fine on the web', () => {
    expect(readMarkdownIt('lab\\-alpha').text).toBe('lab-alpha');
    expect(readMarkdownIt('ada@example\\.com').text).toBe('ada@example.com');
    expect(readMarkdownIt('\\*x\\*').text).toBe('*x*');
  });

  it.each([
    ['**x**', 'strong'],
    ['_x_', 'em'],
    ['[t](http://u)', 'a'],
    ['- item', 'li'],
    ['1. item', 'li'],
    ['# h', 'h1'],
    ['`c`', 'code'],
    ['<http://u.example>', 'a'],
  ])('forms markup from %j', (source, tag) => {
    expect(readMarkdownIt(source).tags).toContain(tag);
  });

  it('escapes HTML and forms nothing from a zero-width space before markers', () => {
    expect(readMarkdownIt('<b>x</b>').text).toBe('<b>x</b>');
    expect(readMarkdownIt('<b>x</b>').tags).toEqual(['p']);
    expect(readMarkdownIt(`[t]${Z}(http://u)`).tags).toEqual(['p']);
    expect(readMarkdownIt(`${Z}- item`).tags).toEqual(['p']);
  });
});

describe('reading a text everywhere', () => {
  it('the plain reading is the raw text with the invisible characters dropped', () => {
    expect(readPlain(`a${Z}\n  **b**`).text).toBe('a **b**');
  });

  it('agrees when a text is inert and names the disagreement otherwise', () => {
    expect(seenAlike(`lab-alpha ${Z}- ada@example.com`)).toBe('lab-alpha - ada@example.com');
    expect(() => seenAlike('lab\\-alpha')).toThrow(/markdown-it: "lab-alpha"[\s\S]*shared-model: "lab\\\\-alpha"/);
    expect(() => seenAlike('**x**')).toThrow(/no markdown: "\*\*x\*\*"/);
    expect(markupFormed('**x** [t](http://u)')).toEqual(['strong', 'a']);
    expect(markupFormed('lab-alpha')).toEqual([]);
  });
});
