/**
 * The adapter's only memory of events: a bounded set of recently seen
 * activity ids (by count and by age), so an activity delivered twice — as
 * happens around reconnects — is handled once.
 */
export class RecentIds {
  private readonly seenAt = new Map<string, number>();

  constructor(
    private readonly windowMs: number,
    private readonly maxSize: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** True when `id` was already seen within the window; otherwise remembers it and returns false. */
  checkAndRemember(id: string): boolean {
    const now = this.now();
    this.prune(now);
    const key = id.toLowerCase();
    if (this.seenAt.has(key)) return true;
    this.seenAt.set(key, now);
    while (this.seenAt.size > this.maxSize) {
      const oldest = this.seenAt.keys().next().value;
      if (oldest === undefined) break;
      this.seenAt.delete(oldest);
    }
    return false;
  }

  get size(): number {
    return this.seenAt.size;
  }

  /** Entries are in insertion order, which is time order: drop from the front. */
  private prune(now: number): void {
    for (const [key, at] of this.seenAt) {
      if (now - at < this.windowMs) break;
      this.seenAt.delete(key);
    }
  }
}
