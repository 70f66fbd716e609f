/** Polls until `check` holds; fails with `what` in the message after `timeoutMs`. */
export async function until(
  check: () => boolean | Promise<boolean>,
  options: { timeoutMs?: number; what?: string; everyMs?: number } = {},
): Promise<void> {
  const { timeoutMs = 20_000, what = 'condition', everyMs = 25 } = options;
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
