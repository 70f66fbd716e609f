/**
 * Capped exponential backoff with jitter, and the one cancellable `sleep`: the adapter, broadcast
 * delivery and the emulator's fault delays all wait through these two.
 */

/**
 * Delay before retry number `attempt` (0-based): base·2^attempt capped at `cap`,
 * then "equal jitter" (half fixed, half random) so many clients that lost the
 * same server do not come back in lock-step, yet never retry in a tight loop.
 */
export function backoffDelay(attempt: number, baseMs: number, capMs: number, random: () => number = Math.random): number {
  const exp = Math.min(capMs, baseMs * 2 ** Math.min(Math.max(attempt, 0), 30));
  return Math.round(exp / 2 + random() * (exp / 2));
}

/** Resolves after `ms`, or rejects with the signal's reason when aborted first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
