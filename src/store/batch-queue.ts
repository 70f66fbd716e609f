/**
 * The write queue both file stores use: items queued while a write is in flight go out together
 * in the next write, in the order they were queued, and each caller's promise settles only once
 * the write that carried its item has finished (or failed).
 */

/** A queued item with its caller's promise; `write` settles every one of them. */
export interface Queued<I> {
  item: I;
  resolve(): void;
  reject(error: unknown): void;
}

export class BatchQueue<I> {
  private pending: Queued<I>[] = [];
  private flushing: Promise<void> | null = null;

  /** `write` gets each batch in order; an item it neither resolved nor rejected is rejected with what it threw. */
  constructor(private readonly write: (batch: Queued<I>[]) => Promise<void>) {}

  push(item: I): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.pending.push({ item, resolve, reject });
      this.schedule();
    });
  }

  /** Resolves once nothing is queued or being written. */
  async drain(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  /**
   * Starts a flush unless one runs. An item queued by a caller that was just resolved can arrive
   * after the flush loop saw an empty queue but before it counts as finished: it is picked up here.
   */
  private schedule(): void {
    if (this.flushing) return;
    this.flushing = this.flush().finally(() => {
      this.flushing = null;
      if (this.pending.length > 0) this.schedule();
    });
  }

  private async flush(): Promise<void> {
    await Promise.resolve(); // items queued in the same tick join this batch
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0);
      try {
        await this.write(batch);
      } catch (error) {
        // Settling twice is harmless: items already resolved stay resolved.
        for (const queued of batch) queued.reject(error);
      }
    }
  }
}
