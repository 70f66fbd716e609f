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
    const run = async (): Promise<void> => {
      try {
        await job();
      } catch (error) {
        this.onError(error, key);
      }
    };
    const previous = this.tails.get(key);
    const tail = previous ? previous.then(run) : run();
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return tail;
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
