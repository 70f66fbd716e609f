/**
 * What a person sees of card text, on the three kinds of renderer Webex clients use:
 *
 * - `markdown-it`: web renderers (the real library, with the defaults a web host uses:
 *   no raw HTML, no linkify, no typographer);
 * - `shared-model`: native clients (iOS, Android, macOS), a small model of the Adaptive
 *   Cards shared-model markdown parser written from its observable facts (see
 *   `readSharedModel`);
 * - `no markdown`: renderers that show the text raw (FactSet in some hosts, a JS host without
 *   a markdown processor).
 *
 * Each reading gives the HTML, the tags it formed and the visible text: tags removed,
 * entities decoded, zero-width spaces dropped (nobody sees them) and white space collapsed.
 */
import MarkdownIt from 'markdown-it';

export interface Reading {
  html: string;
  /** Tag names the renderer produced, e.g. `p`, `strong`, `a`, `li`. */
  tags: string[];
  /** The text a person reads. */
  text: string;
}

export type RendererName = 'markdown-it' | 'shared-model' | 'no markdown';

/** Tags that mean typed text turned into markup (the bot's own cards use none of them). */
export const MARKUP_TAGS = ['a', 'strong', 'em', 'li', 'ul', 'ol', 'code', 'pre', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 's', 'blockquote', 'img', 'table', 'hr'];

const markdownIt = new MarkdownIt();

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function decodeEntities(html: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
  return html.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return String.fromCodePoint(code);
    }
    return named[body.toLowerCase()] ?? entity;
  });
}

/** Visible text of plain text: zero-width spaces dropped, white space collapsed. */
export function visible(text: string): string {
  return text.replace(/\u200B/g, '').replace(/\s+/g, ' ').trim();
}

function htmlText(html: string): string {
  return visible(decodeEntities(html.replace(/<br\s*\/?>|<\/(?:p|li|h\d)>/gi, ' ').replace(/<[^>]*>/g, '')));
}

function tagsOf(html: string): string[] {
  return [...html.matchAll(/<([a-z][a-z0-9]*)\b/gi)].map((match) => match[1].toLowerCase());
}

export function readMarkdownIt(source: string): Reading {
  const html = markdownIt.render(source);
  return { html, tags: tagsOf(html), text: htmlText(html) };
}

export function readPlain(source: string): Reading {
  return { html: escapeHtml(source), tags: [], text: visible(source) };
}

// ---------------------------------------------------------------------------------------------
// A small model of the shared-model parser (native clients). It encodes the facts we rely on:
// - it removes a backslash only before `[`, `]` and `)`; every other backslash stays visible;
// - when it finds no markup at all, iOS shows the raw string (backslashes and all);
// - `[text](url)` is a link; `]` and `(` must touch;
// - at the start of the text, of a line, or right after `)` or `]`, `- `, `+ `, `* ` and `1. `
//   start a list item;
// - `*` and `_` runs are emphasis delimiters by the parser's own flanking rules (ASCII classes;
//   any non-ASCII character counts as a letter; `_` never opens or closes inside a word), paired
//   with the nearest opener of the same character: one left over gives <em>, each pair <strong>;
// - `<`, `>`, `&` and `"` are HTML-escaped.
// ---------------------------------------------------------------------------------------------

type CharClass = 'start' | 'end' | 'space' | 'punct' | 'escape' | 'alnum';

function classOf(char: string | undefined, edge: 'start' | 'end'): CharClass {
  if (char === undefined) return edge;
  if (/\s/.test(char) && char.charCodeAt(0) < 128) return 'space';
  if (char === '\\') return 'escape';
  if (/[!-/:-@[-`{-~]/.test(char)) return 'punct';
  return 'alnum';
}

interface Delimiter {
  start: number;
  end: number;
  char: '*' | '_';
  left: boolean;
  right: boolean;
  rest: number;
  opens: string[];
  closes: string[];
}

function delimiter(source: string, start: number, end: number): Delimiter {
  const char = source[start] as '*' | '_';
  const before = classOf(source[start - 1], 'start');
  const after = classOf(source[end], 'end');
  const afterPunct = after === 'punct' || after === 'escape';
  const checkLookAhead = before === 'punct';
  const checkIntraWord = before === 'alnum' && char === '_';
  const right =
    ((after === 'end' || after === 'space') && before !== 'space' && (checkLookAhead || checkIntraWord || char === '*')) ||
    (after === 'alnum' && before !== 'space' && before !== 'start' && !checkLookAhead && !checkIntraWord) ||
    (afterPunct && before !== 'space');
  const left = after !== 'end' && after !== 'space' && !(before === 'alnum' && afterPunct) && !(before === 'alnum' && char === '_');
  return { start, end, char, left, right, rest: end - start, opens: [], closes: [] };
}

function pairDelimiters(delimiters: Delimiter[]): void {
  const openers: Delimiter[] = [];
  for (const current of delimiters) {
    if (current.left && (!current.right || openers.length === 0)) {
      openers.push(current);
      continue;
    }
    if (!current.right) continue;
    while (current.rest > 0) {
      const index = openers.map((opener) => opener.char).lastIndexOf(current.char);
      if (index < 0) {
        if (current.left) openers.push(current);
        break;
      }
      openers.length = index + 1;
      const opener = openers[index];
      const used = Math.min(opener.rest, current.rest);
      opener.rest -= used;
      current.rest -= used;
      if (used % 2 === 1) {
        opener.opens.push('em');
        current.closes.push('em');
      }
      for (let k = 0; k < Math.floor(used / 2); k++) {
        opener.opens.push('strong');
        current.closes.push('strong');
      }
      if (opener.rest === 0) openers.pop();
    }
  }
}

interface Span {
  start: number;
  end: number;
  html: () => string;
}

function sharedModelSpans(source: string): Span[] {
  const spans: Span[] = [];
  const taken = (index: number) => spans.some((span) => index >= span.start && index < span.end);
  // Links.
  for (const match of source.matchAll(/(?<!\\)\[([^[\]\n]*)\]\(([^()\s]*)\)/g)) {
    const [whole, label, url] = match;
    const start = match.index;
    spans.push({ start, end: start + whole.length, html: () => `<a href="${escapeHtml(url)}">${escapeHtml(label)}</a>` });
  }
  // List items at block starts: text start, after a line break, after `)` or `]`.
  for (const match of source.matchAll(/(^|\n|(?<!\\)[)\]])([-+*] +|\d+\. +)/g)) {
    const start = match.index + match[1].length;
    if (taken(start)) continue;
    const lineEnd = source.indexOf('\n', start);
    spans.push({ start, end: start + match[2].length, html: () => '<li>' });
    spans.push({ start: lineEnd < 0 ? source.length : lineEnd, end: lineEnd < 0 ? source.length : lineEnd, html: () => '</li>' });
  }
  // Emphasis delimiters (a run after a backslash is literal).
  const delimiters: Delimiter[] = [];
  for (const match of source.matchAll(/(?<!\\)(\*+|_+)/g)) {
    if (taken(match.index)) continue;
    delimiters.push(delimiter(source, match.index, match.index + match[0].length));
  }
  pairDelimiters(delimiters);
  for (const item of delimiters) {
    const leftover = item.char.repeat(item.rest);
    spans.push({
      start: item.start,
      end: item.end,
      html: () =>
        item.opens.length > 0
          ? leftover + [...item.opens].reverse().map((tag) => `<${tag}>`).join('')
          : item.closes.map((tag) => `</${tag}>`).join('') + leftover,
    });
  }
  return spans.sort((a, b) => a.start - b.start || a.end - b.end);
}

/** The shared-model parser's reading (a model; see the facts above). */
export function readSharedModel(source: string): Reading {
  const spans = sharedModelSpans(source);
  let html = '';
  let position = 0;
  const text = (from: number, to: number) => escapeHtml(source.slice(from, to).replace(/\\([[\])])/g, '$1')).replace(/\n/g, '<br>');
  for (const span of spans) {
    if (span.start < position) continue;
    html += text(position, span.start) + span.html();
    position = span.end;
  }
  html = `<p>${html}${text(position, source.length)}</p>`;
  const tags = tagsOf(html).filter((tag) => tag !== 'p' && tag !== 'br');
  // iOS shows the raw string when the parser found no markup at all.
  if (tags.length === 0) return { html: escapeHtml(source), tags: [], text: visible(source) };
  return { html, tags, text: htmlText(html) };
}

export const RENDERERS: Record<RendererName, (source: string) => Reading> = {
  'markdown-it': readMarkdownIt,
  'shared-model': readSharedModel,
  'no markdown': readPlain,
};

/** Every renderer's reading of one card text. */
export function readEverywhere(source: string): Record<RendererName, Reading> {
  return {
    'markdown-it': readMarkdownIt(source),
    'shared-model': readSharedModel(source),
    'no markdown': readPlain(source),
  };
}

/**
 * The one text every renderer shows for `source`; throws, naming the renderers and what
 * each shows, when they disagree (a person on another client would read something else).
 */
export function seenAlike(source: string): string {
  const readings = readEverywhere(source);
  const texts = new Set(Object.values(readings).map((reading) => reading.text));
  if (texts.size !== 1) {
    const detail = Object.entries(readings).map(([name, reading]) => `  ${name}: ${JSON.stringify(reading.text)}`).join('\n');
    throw new Error(`Renderers disagree on ${JSON.stringify(source)}:\n${detail}`);
  }
  return readings['markdown-it'].text;
}

/** Markup tags any renderer formed for `source` (empty when the text is inert everywhere). */
export function markupFormed(source: string): string[] {
  const found = Object.values(readEverywhere(source)).flatMap((reading) => reading.tags);
  return [...new Set(found.filter((tag) => MARKUP_TAGS.includes(tag)))];
}

/** Maps the look-alikes used for emphasis and code characters back, to compare with what was typed. */
export function unLookAlike(text: string): string {
  return text.replace(/\u2217/g, '*').replace(/\uFF3F/g, '_').replace(/\u02CB/g, '`');
}
