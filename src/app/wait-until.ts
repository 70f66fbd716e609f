/**
 * The real `waitUntil` timer the testbed machine invokes with a stored instant: it sends
 * `deadline.reached` (with the time) once that instant has come, and never when `at` is null.
 * Long waits are armed in steps (a Node timer holds at most about 24.8 days), and each step checks
 * the clock again, so a timer never fires early.
 */
import { fromCallback, type EventObject } from 'xstate';

const MAX_STEP_MS = 2 ** 31 - 1;

export function createWaitUntil(now: () => Date = () => new Date()) {
  return fromCallback<EventObject, { at: string | null }>(({ input, sendBack }) => {
    if (input.at === null) return undefined;
    const at = Date.parse(input.at);
    if (Number.isNaN(at)) return undefined;
    let timer: NodeJS.Timeout | undefined;
    const arm = () => {
      const left = at - now().getTime();
      if (left <= 0) {
        timer = undefined;
        sendBack({ type: 'deadline.reached', now: now().toISOString() });
        return;
      }
      timer = setTimeout(arm, Math.min(left, MAX_STEP_MS));
    };
    // Never from inside start-up: the first check runs on the next turn of the timers.
    timer = setTimeout(arm, Math.max(0, Math.min(at - now().getTime(), MAX_STEP_MS)));
    return () => {
      if (timer) clearTimeout(timer);
    };
  });
}
