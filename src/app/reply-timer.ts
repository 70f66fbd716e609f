/**
 * Times replies: remembers, per key, when the latest event for that key
 * arrived, and reports the time to the first reply posted for it. A key whose
 * event gets no reply is forgotten once too many keys wait (oldest first).
 */
export class ReplyTimer {
  private readonly startedAt = new Map<string, number>();

  constructor(
    private readonly report: (view: string, seconds: number) => void,
    private readonly now: () => number,
    private readonly maxWaiting = 10_000,
  ) {}

  /** An event for `key` arrived at `receivedAt` (ISO time; the clock is used when it cannot be read). */
  started(key: string, receivedAt: string): void {
    const at = Date.parse(receivedAt);
    this.startedAt.delete(key);
    this.startedAt.set(key, Number.isNaN(at) ? this.now() : at);
    if (this.startedAt.size > this.maxWaiting) {
      const oldest = this.startedAt.keys().next().value;
      if (oldest !== undefined) this.startedAt.delete(oldest);
    }
  }

  /** A reply for `key` was posted; only the first one after an event is timed. */
  replied(key: string, view: string): void {
    const at = this.startedAt.get(key);
    if (at === undefined) return;
    this.startedAt.delete(key);
    this.report(view, Math.max(0, this.now() - at) / 1000);
  }

  get waiting(): number {
    return this.startedAt.size;
  }
}
