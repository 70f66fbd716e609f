/**
 * A simulated clock for the adapter's retry waits (`retryWait`), so a Retry-After costs a test no time.
 * By default every wait stays pending until the test moves the clock past it, and the test decides exactly
 * when it is over. With `instant`, each wait ends on the next turn of the event loop, as though its time
 * had passed, for tests that only need the waits to happen. Only these waits are simulated; sockets and
 * HTTP stay real.
 */
import type { RetryWait } from '../../src/platform/webex/rest.js';

interface Pending {
  ms: number;
  dueAt: number;
  resolve: () => void;
}

export interface SimulatedWaits {
  wait: RetryWait;
  /** The length of every wait still pending, in the order they began. */
  pending(): number[];
  /** The length of every wait that began, pending or over, in the order they began. */
  waited(): number[];
  /** Moves the clock on by `ms`: the waits that are due by then end. */
  advance(ms: number): void;
  /** How far the clock has been moved on in all, in ms (add it to the real clock for the app's `now`). */
  elapsed(): number;
}

export function simulatedWaits(options: { instant?: boolean } = {}): SimulatedWaits {
  let now = 0;
  let waiting: Pending[] = [];
  const all: number[] = [];
  const clock: SimulatedWaits = {
    wait(ms, signal) {
      all.push(ms);
      return new Promise<void>((resolve, reject) => {
        const onAbort = (): void => {
          waiting = waiting.filter((other) => other !== entry);
          reject(signal.reason);
        };
        const entry: Pending = {
          ms,
          dueAt: now + ms,
          resolve: () => {
            signal.removeEventListener('abort', onAbort);
            resolve();
          },
        };
        waiting.push(entry);
        signal.addEventListener('abort', onAbort, { once: true });
        if (options.instant) setImmediate(() => clock.advance(Math.max(0, entry.dueAt - now)));
      });
    },
    pending: () => waiting.map((entry) => entry.ms),
    waited: () => [...all],
    elapsed: () => now,
    advance(ms) {
      now += ms;
      const due = waiting.filter((entry) => entry.dueAt <= now);
      waiting = waiting.filter((entry) => entry.dueAt > now);
      for (const entry of due) entry.resolve();
    },
  };
  return clock;
}
