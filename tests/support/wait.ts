/** What `until` hands back: the check's first value that is not false, 0, '', null or undefined. */
export type Truthy<T> = Exclude<T, false | 0 | '' | null | undefined>;

/**
 * The one polling helper of the tests: calls `check` every `everyMs` until it returns a truthy
 * value, and resolves with that value; fails with `what` in the message after `timeoutMs`. The
 * time-out is only a safety limit, never an assertion about speed.
 */
export async function until<T>(
  check: () => T | Promise<T>,
  options: { timeoutMs?: number; what?: string; everyMs?: number } = {},
): Promise<Truthy<T>> {
  const { timeoutMs = 20_000, what = 'condition', everyMs = 25 } = options;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as Truthy<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
