/**
 * Small pure helpers of the CLI: durations as people write them (`90s`, `30m`, `2h`, or plain
 * seconds), and `NAME=value` lines a shell can `eval` safely.
 */

const UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 };

/** Seconds in `30m`, `90s`, `2h`, `1d` or `45` (seconds); null when it is not a duration. */
export function parseDuration(text: string): number | null {
  const match = /^(\d{1,7})([smhd]?)$/.exec(text.trim().toLowerCase());
  if (!match) return null;
  return Number(match[1]) * UNITS[match[2] || 's'];
}

/** A value quoted for a POSIX shell when it holds anything but plain characters. */
export function shellValue(value: string): string {
  return /^[A-Za-z0-9._,:/@+-]*$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}

export function assignments(pairs: Record<string, string>): string {
  return Object.entries(pairs)
    .map(([name, value]) => `${name}=${shellValue(value)}\n`)
    .join('');
}
