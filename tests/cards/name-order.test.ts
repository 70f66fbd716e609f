/** The natural order of names without ICU for printable ASCII, held to the collator it stands in for. */
import { describe, expect, it } from 'vitest';
import { compareNames } from '../../src/cards/name-order.js';
import { createRng, type Rng } from '../reliability/chaos/prng.js';

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
const sign = (n: number) => Math.sign(n);

const PRINTABLE = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i)).join('');

/** Names like the ones labs use, with digits, zeros and separators over-represented. */
function randomName(rng: Rng): string {
  const parts = rng.int(0, 5);
  let name = '';
  for (let p = 0; p < parts; p++) {
    const kind = rng.int(0, 3);
    if (kind === 0) name += String(rng.int(0, 3) === 0 ? '0'.repeat(rng.int(1, 3)) : '') + String(rng.int(0, 120));
    else if (kind === 1) name += rng.pick(['lab', 'Lab', 'LAB', 'rig', 'a', 'B', 'x', 'gpu', 'Gpu']);
    else if (kind === 2) name += rng.pick(['-', '_', ' ', '.', '/', ':', '#', '(', ')', '+', '~', '$', '@', '`', '\\', '"', "'"]);
    else name += PRINTABLE[rng.int(0, PRINTABLE.length - 1)];
  }
  return name;
}

describe('compareNames', () => {
  it('orders printable ASCII names exactly as the collator does (40,000 random pairs)', () => {
    const rng = createRng(20261127);
    const differing: string[] = [];
    for (let n = 0; n < 40_000; n++) {
      const a = randomName(rng);
      const b = rng.int(0, 4) === 0 ? a.toUpperCase() : randomName(rng);
      if (sign(compareNames(a, b)) !== sign(collator.compare(a, b))) differing.push(`${JSON.stringify(a)} vs ${JSON.stringify(b)}`);
    }
    expect(differing.slice(0, 10)).toEqual([]);
  });

  it('puts every pair of single printable characters in the collator’s order', () => {
    for (const a of PRINTABLE) for (const b of PRINTABLE) expect([a, b, sign(compareNames(a, b))]).toEqual([a, b, sign(collator.compare(a, b))]);
  });

  it.each([
    ['lab-2', 'lab-10', -1],
    ['lab-02', 'lab-2', 0],
    ['Lab-3', 'lab-3', 0],
    ['lab', 'lab-1', -1],
    ['lab 1', 'lab-1', -1],
    ['rig-9z', 'rig-10a', -1],
    ['x99999999999999999999', 'x100000000000000000000', -1],
  ])('%s against %s: %i', (a, b, expected) => {
    expect(sign(compareNames(a, b))).toBe(expected);
    expect(sign(collator.compare(a, b))).toBe(expected);
  });

  it('leaves names with other characters to the collator', () => {
    for (const [a, b] of [
      ['läb-2', 'lab-10'],
      ['Ölberg', 'Oz'],
      ['lab\t1', 'lab 1'],
      ['实验室-2', 'lab-2'],
      ['café-10', 'cafe-9'],
    ]) {
      expect(sign(compareNames(a, b))).toBe(sign(collator.compare(a, b)));
    }
  });
});
