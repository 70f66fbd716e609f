/**
 * Who gets which free testbeds, among pipelines asking for "any N with label X". Pure.
 *
 * Requests are served in the order they arrived. One that can be met gets the testbeds it needs,
 * preferring the ones listed first (free longest). One that cannot be met yet keeps the matching
 * free testbeds it would need, so a newer, smaller request never takes the last free testbed an
 * older, larger one is waiting for; requests that need other testbeds are served meanwhile.
 */

export interface Want {
  id: string;
  /** Lower-case comparison; null = any testbed. */
  label: string | null;
  quantity: number;
}

export interface FreeTestbed {
  id: number;
  labels: readonly string[];
}

export function matches(label: string | null, testbed: Pick<FreeTestbed, 'labels'>): boolean {
  if (label === null) return true;
  const wanted = label.toLowerCase();
  return testbed.labels.some((own) => own.toLowerCase() === wanted);
}

/** Want id → the testbed ids it gets now (only wants that can be met in full appear). */
export function allocate(wants: readonly Want[], free: readonly FreeTestbed[]): Map<string, number[]> {
  let left = [...free];
  const grants = new Map<string, number[]>();
  for (const want of wants) {
    const fitting = left.filter((testbed) => matches(want.label, testbed));
    const taken = new Set((fitting.length >= want.quantity ? fitting.slice(0, want.quantity) : fitting).map((testbed) => testbed.id));
    if (fitting.length >= want.quantity) grants.set(want.id, [...taken]);
    left = left.filter((testbed) => !taken.has(testbed.id));
  }
  return grants;
}
