/**
 * Actors that came to rest, kept live while they are among the `keep` that rested last: a person's
 * next click, or the next booking of a testbed just released, usually comes soon and then finds its
 * actor instead of paying for a new one. Past that number the one that rested longest ago is handed
 * to `letGo`, unless it took work since (then it comes back here when it rests again).
 */
export class RecentlyRested<K, V> {
  /** The one that rested longest ago first. */
  private readonly entries = new Map<K, V>();

  constructor(
    private readonly keep: number,
    private readonly stillResting: (key: K, value: V) => boolean,
    private readonly letGo: (key: K, value: V) => void,
  ) {}

  rested(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.keep) break;
      this.entries.delete(oldest);
      if (this.stillResting(oldest, entry)) this.letGo(oldest, entry);
    }
  }

  /** Forgets `key` when `matches` its entry (an actor that finished, failed or was replaced). */
  forget(key: K, matches: (value: V) => boolean): void {
    const entry = this.entries.get(key);
    if (entry !== undefined && matches(entry)) this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
