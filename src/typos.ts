/**
 * Which word a mistyped one most likely meant: a command (`stauts` → `status`) or a testbed's
 * name (`lab3` → `lab-3`). Pure. On a phone keyboard the usual slips are one letter wrong, missing, doubled or two letters
 * swapped; each of those counts as one edit.
 */

/**
 * Edits between two words: a letter put in, left out, changed, or two neighbours swapped
 * (the restricted Damerau–Levenshtein distance). Stops counting once `limit` is passed.
 */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  // Three rows: the one before the previous (for swaps), the previous and the current.
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2] + 1);
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length];
}

/** Words shorter than this are too short to guess from (`hi`, `ok`). */
const SHORTEST_GUESS = 3;

/**
 * The one candidate within reach of `word` (lower case): one edit for words up to six letters,
 * two for longer ones (with two edits, `please` would already read as `release`). `undefined`
 * when none is, or when two are equally near (no guessing between them). A word that is a
 * candidate itself is returned as it is.
 */
export function closestWord(word: string, candidates: readonly string[]): string | undefined {
  return closestOf(word, candidates, (candidate) => [candidate]);
}

/**
 * `closestWord` for things that may be written several ways (a testbed by its whole name or by
 * the start of it): each item is as near as the nearest of its `spellings`.
 */
export function closestOf<T>(word: string, items: readonly T[], spellings: (item: T) => readonly string[]): T | undefined {
  if (word.length < SHORTEST_GUESS) return undefined;
  const reach = word.length <= 6 ? 1 : 2;
  let found: T | undefined;
  let nearest = reach + 1;
  let tie = false;
  for (const item of items) {
    const distance = Math.min(...spellings(item).map((spelling) => editDistance(word, spelling, reach)));
    if (distance < nearest) {
      nearest = distance;
      found = item;
      tie = false;
    } else if (distance === nearest && distance <= reach) {
      tie = true;
    }
  }
  return nearest <= reach && !tie ? found : undefined;
}
