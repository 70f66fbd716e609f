/** The order in which waiting pipelines get free testbeds: a table of queues, free testbeds and grants. */
import { describe, expect, it } from 'vitest';
import { allocate, type FreeTestbed, type Want } from '../../src/api/allocate.js';

const tb = (id: number, ...labels: string[]): FreeTestbed => ({ id, labels });
const want = (id: string, quantity: number, label: string | null = null): Want => ({ id, label, quantity });
const grants = (wants: Want[], free: FreeTestbed[]) => Object.fromEntries(allocate(wants, free));

describe('allocate', () => {
  it('serves requests in arrival order, preferring the testbeds listed first (free longest)', () => {
    expect(grants([want('a', 1), want('b', 2)], [tb(3), tb(1), tb(2), tb(4)])).toEqual({ a: [3], b: [1, 2] });
  });

  it('gives a request all it asked for or nothing', () => {
    expect(grants([want('a', 3)], [tb(1), tb(2)])).toEqual({});
  });

  it('keeps the free testbeds an older larger request needs away from a newer smaller one', () => {
    // a waits for 2 and only 1 is free: b (1) must not take it.
    expect(grants([want('a', 2), want('b', 1)], [tb(1)])).toEqual({});
    // Once a second one is free, a gets both; c behind it still gets nothing.
    expect(grants([want('a', 2), want('b', 1)], [tb(1), tb(2)])).toEqual({ a: [1, 2] });
    expect(grants([want('a', 2), want('b', 1)], [tb(1), tb(2), tb(3)])).toEqual({ a: [1, 2], b: [3] });
  });

  it('serves requests that need other testbeds while an older one waits', () => {
    const free = [tb(1, '5g'), tb(2, 'lte'), tb(3, 'lte', '5G')];
    // a needs three 5g testbeds (two are free, both kept for it); b wants lte and gets the one a does not need.
    expect(grants([want('a', 3, '5g'), want('b', 1, 'lte')], free)).toEqual({ b: [2] });
    expect(grants([want('a', 2, '5G'), want('b', 1, 'lte')], free)).toEqual({ a: [1, 3], b: [2] });
  });

  it('compares labels ignoring case and treats no label as any testbed', () => {
    expect(grants([want('a', 1, 'LTE')], [tb(1, '5g'), tb(2, 'lte')])).toEqual({ a: [2] });
    expect(grants([want('a', 1, 'wifi')], [tb(1, '5g')])).toEqual({});
    expect(grants([want('a', 2)], [tb(1, '5g'), tb(2)])).toEqual({ a: [1, 2] });
  });
});
