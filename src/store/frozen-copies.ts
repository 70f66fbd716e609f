/**
 * Shared, frozen reads of a repository's values. The stored values are replaced on every change,
 * never changed in place, so a frozen copy made for one of them stays right for as long as it is
 * stored: each is copied once, and a list of them is the same array (the same identity) until a value
 * in it changes. Readers that only look (cards, counts) take these instead of fresh copies.
 */
import { deepFreeze } from '../deep-freeze.js';

export class FrozenCopies<T extends object> {
  private readonly copies = new WeakMap<T, T>();
  private last?: { from: readonly T[]; list: readonly T[] };

  constructor(private readonly copy: (value: T) => T) {}

  /** The frozen copy of one stored value. */
  of(value: T): T {
    let frozen = this.copies.get(value);
    if (frozen === undefined) {
      frozen = deepFreeze(this.copy(value));
      this.copies.set(value, frozen);
    }
    return frozen;
  }

  /** Frozen copies of the stored values, in order; the previous array again when nothing in it changed. */
  list(values: readonly T[]): readonly T[] {
    const last = this.last;
    if (last?.from === values) return last.list;
    const list = values.map((value) => this.of(value));
    const unchanged = last !== undefined && last.list.length === list.length && list.every((value, i) => value === last.list[i]);
    const result = unchanged ? last.list : Object.freeze(list);
    this.last = { from: values, list: result };
    return result;
  }
}
