/**
 * The natural order of names ("lab-2" before "lab-10", case ignored), as
 * `new Intl.Collator('en', { numeric: true, sensitivity: 'base' })` gives it.
 *
 * Names made of printable ASCII only (what testbed names nearly always are) are compared here, by
 * the same rules the collator follows for them: a run of digits counts as its number (leading zeros
 * ignored), space and punctuation come first in a fixed order, then numbers, then letters (upper and
 * lower case alike). Anything else goes to the collator itself, which is made only then: building one
 * maps a few MiB of ICU's collation data into the process, which a bot that never meets such a name
 * does not pay. `tests/cards/name-order.test.ts` holds the two to the same answers.
 */

/** Space, punctuation and symbols, in the collator's order (each its own rank). */
const SYMBOLS = ` _-,;:!?.'"()[]{}@*/\\&#%\`^+<=>|~$`;

const FIRST_PRINTABLE = 0x20;
const LAST_PRINTABLE = 0x7e;
const DIGIT_0 = 0x30;
const DIGIT_9 = 0x39;

/** Rank of each printable ASCII character outside the digits (index: code − 0x20). */
const RANKS: number[] = (() => {
  const ranks = new Array<number>(LAST_PRINTABLE - FIRST_PRINTABLE + 1).fill(-1);
  for (let i = 0; i < SYMBOLS.length; i++) ranks[SYMBOLS.charCodeAt(i) - FIRST_PRINTABLE] = i;
  // Numbers rank between the symbols and the letters.
  const letters = SYMBOLS.length + 1;
  for (let i = 0; i < 26; i++) {
    ranks[0x41 + i - FIRST_PRINTABLE] = letters + i;
    ranks[0x61 + i - FIRST_PRINTABLE] = letters + i;
  }
  return ranks;
})();
const NUMBER_RANK = SYMBOLS.length;

let collator: Intl.Collator | undefined;

function viaCollator(a: string, b: string): number {
  collator ??= new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
  return collator.compare(a, b);
}

function isPrintableAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < FIRST_PRINTABLE || code > LAST_PRINTABLE) return false;
  }
  return true;
}

const isDigit = (code: number) => code >= DIGIT_0 && code <= DIGIT_9;

/** Negative when `a` comes first, positive when `b` does, 0 when the collator would call them equal. */
export function compareNames(a: string, b: string): number {
  if (a === b) return 0;
  if (!isPrintableAscii(a) || !isPrintableAscii(b)) return viaCollator(a, b);
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(j);
    if (isDigit(x) && isDigit(y)) {
      // Two numbers: by their values, whatever their leading zeros.
      let endA = i;
      while (endA < a.length && isDigit(a.charCodeAt(endA))) endA++;
      let endB = j;
      while (endB < b.length && isDigit(b.charCodeAt(endB))) endB++;
      while (i < endA - 1 && a.charCodeAt(i) === DIGIT_0) i++;
      while (j < endB - 1 && b.charCodeAt(j) === DIGIT_0) j++;
      const lengths = endA - i - (endB - j);
      if (lengths !== 0) return lengths;
      for (; i < endA; i++, j++) {
        const digits = a.charCodeAt(i) - b.charCodeAt(j);
        if (digits !== 0) return digits;
      }
      continue;
    }
    const rankX = isDigit(x) ? NUMBER_RANK : RANKS[x - FIRST_PRINTABLE];
    const rankY = isDigit(y) ? NUMBER_RANK : RANKS[y - FIRST_PRINTABLE];
    if (rankX !== rankY) return rankX - rankY;
    i++;
    j++;
  }
  return a.length - i - (b.length - j);
}
