/**
 * Text people typed (names, emails, purposes, room names, messages) and the
 * bot's own words, made safe for card fields that clients render as markdown.
 *
 * Webex clients render card text three ways: the Adaptive Cards shared-model
 * parser on phones and desktops, markdown-it on the web, and no markdown at
 * all in some places. A backslash escape only works on the second, so nothing
 * here ever adds a backslash. Instead, only the constructs those renderers
 * honour are taken apart, with the smallest visible change:
 *
 * - a zero-width space (U+200B, invisible) between `]` and `(` (links), after
 *   `<` (autolinks, tags), after `&` of an entity, between `{{` (date
 *   functions), between `~~` (strikethrough), after a backslash that would
 *   escape something, and at the start of a line that would open a list,
 *   heading, quote, table, rule or code block;
 * - `*` and `_` that could open or close emphasis (any `*` not between two
 *   spaces, any `_` not between two letters or digits) become look-alikes
 *   (∗ U+2217, ＿ U+FF3F), and backticks become ˋ (U+02CB), because no
 *   invisible character stops emphasis or code on both parsers.
 *
 * Everything else (`-`, `.`, `@`, `#` or `+` mid-line, `!`, `(`, `)`, `<`, `>`,
 * `&`, underscores inside a word such as `ada_lovelace`) is left as typed.
 * Renderers HTML-escape `<`, `>` and `&`, so they are shown, never obeyed.
 *
 * The cards' own words use no markdown either (bold and colour come from
 * TextBlock properties), so every card text reads the same with or without a
 * markdown processor, and typed text never meets a marker of the bot's.
 */

export const ZERO_WIDTH_SPACE = '\u200B';

/** What a markdown emphasis or code character becomes when it could form markup. */
export const LOOK_ALIKES = { '*': '\u2217', _: '\uFF3F', '`': '\u02CB' } as const;

const Z = ZERO_WIDTH_SPACE;

// Control characters, invisible or direction-changing characters a person never means to show.
// Zero-width (non-)joiners stay: emoji sequences and several scripts need them.
// eslint-disable-next-line no-control-regex
const UNWANTED = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/g;

/** Normalised line breaks, unwanted characters removed. */
export function cleanText(value: unknown): string {
  return String(value ?? '')
    .replace(/\r\n?|[\u2028\u2029]/g, '\n')
    .replace(UNWANTED, '');
}

/** At most `max` characters (whole code points), with an ellipsis when cut. */
export function cutText(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return `${chars.slice(0, Math.max(0, max - 1)).join('')}…`;
}

const isBlank = (char: string | undefined) => char === ' ' || char === '\t';
const isWordChar = (char: string | undefined) => char !== undefined && /[\p{L}\p{N}]/u.test(char);

/** Runs of `*` or `_` that could be emphasis delimiters become look-alikes. */
function breakEmphasis(text: string): string {
  return text.replace(/\*+|_+/g, (run: string, offset: number, whole: string) => {
    const before = whole[offset - 1];
    const after = whole[offset + run.length];
    const inert = run[0] === '*' ? isBlank(before) && isBlank(after) : isWordChar(before) && isWordChar(after);
    return inert ? run : LOOK_ALIKES[run[0] as '*' | '_'].repeat(run.length);
  });
}

// A line that markdown-it or the shared-model parser would read as a block: indented code, list,
// heading, quote, table row, thematic break, setext underline, fence or link reference definition.
const BLOCK_START = /^(?:[ \t]|[-+*=_#>|:~`[]|\d+[.)])/;

/**
 * Markdown-inert text: reads as typed on every renderer and never forms a link,
 * emphasis, list, heading or code (see the file comment for each step).
 */
export function inertMarkdown(text: string): string {
  const inline = breakEmphasis(
    text
      // A backslash before punctuation or a line end is an escape or a hard break in CommonMark.
      .replace(/\\(?=[!-/:-@[-`{-~]|\n|$)/g, `\\${Z}`),
  )
    .replace(/`/g, LOOK_ALIKES['`'])
    .replace(/~(?=~)/g, `~${Z}`)
    .replace(/\](?=\()/g, `]${Z}`)
    .replace(/</g, `<${Z}`)
    .replace(/&(?=#?[A-Za-z0-9]+;)/g, `&${Z}`)
    .replace(/\{(?=\{)/g, `{${Z}`)
    // The shared-model parser starts a new block after `)` and `]` too.
    .replace(/([)\]])(?=[-+](?:[ \t\n]|$)|\d+\.(?:[ \t\n]|$))/g, `$1${Z}`);
  return inline
    .split('\n')
    .map((line) => (BLOCK_START.test(line) ? `${Z}${line}` : line))
    .join('\n');
}

/** User text for a markdown field that may span lines (purpose, broadcast message, error). */
export function safeText(value: unknown, maxLength = 500): string {
  return inertMarkdown(cutText(cleanText(value).replace(/\t/g, ' '), maxLength));
}

/** User text for a one-line markdown field (names, emails, room names): line breaks become spaces. */
export function safeLine(value: unknown, maxLength = 200): string {
  return inertMarkdown(cutText(cleanText(value).replace(/\s+/g, ' ').trim(), maxLength));
}
