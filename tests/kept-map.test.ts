import { describe, expect, it } from 'vitest';
import { KeptMap } from '../src/kept-map.js';

describe('KeptMap', () => {
  it('forgets everything at once when a new key would pass the limit, and keeps what is replaced in place', () => {
    const map = new KeptMap<string, number>(3);
    map.set('a', 1).set('b', 2).set('c', 3);
    map.set('b', 20); // a key it holds: nothing forgotten
    expect([...map]).toEqual([['a', 1], ['b', 20], ['c', 3]]);
    map.set('d', 4);
    expect([...map]).toEqual([['d', 4]]);
  });
});
