/** The bounded set of recent activity ids. */
import { describe, expect, it } from 'vitest';
import { RecentIds } from '../../../src/platform/webex/dedupe.js';

describe('RecentIds', () => {
  it('remembers ids for the window only and never more than maxSize', () => {
    let now = 0;
    const recent = new RecentIds(1000, 3, () => now);
    expect(recent.checkAndRemember('a')).toBe(false);
    expect(recent.checkAndRemember('A')).toBe(true);
    now = 999;
    expect(recent.checkAndRemember('a')).toBe(true);
    now = 1000;
    expect(recent.checkAndRemember('a')).toBe(false);
    for (const id of ['b', 'c', 'd']) recent.checkAndRemember(id);
    expect(recent.size).toBe(3);
    expect(recent.checkAndRemember('a')).toBe(false);
  });
});
