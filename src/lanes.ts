/**
 * Work in lanes: jobs with the same key run one after another, in the order
 * they were added; jobs with different keys never wait for each other. A job
 * that fails is reported and its lane carries on. Finished lanes are
 * forgotten, so memory follows the number of busy keys, not of keys ever seen.
 */
export class Lanes {
  private readonly tails = new Map<string, Promise<void>>();

  constructor(private readonly onError: (error: unknown, key: string) => void) {}

  /**
   * Queues `job` behind the earlier jobs of `key`; resolves (never rejects)
   * when it has finished. With nothing ahead of it the job starts at once.
   */
  add(key: string, job: () => void | Promise<void>): Promise<void> {
    return this.run(key, async () => {
      try {
        await job();
      } catch (error) {
        this.onError(error, key);
      }
    });
  }

  /**
   * Queues `job` like `add`, but hands its result (or its failure) to the
   * caller; a failure does not hold up the lane.
   */
  run<T>(key: string, job: () => T | Promise<T>): Promise<T> {
    const previous = this.tails.get(key);
    const result = previous ? previous.then(job) : (async () => job())();
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Resolves when every job added so far has finished (later jobs are not waited for). */
  async idle(): Promise<void> {
    await Promise.all(this.tails.values());
  }

  /** Lanes with work queued or running. */
  get busy(): number {
    return this.tails.size;
  }
}
