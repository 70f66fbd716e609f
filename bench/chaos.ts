/**
 * `npm run chaos -- [--seed N] [--duration SECONDS] [--people N] [--testbeds N] [--no-broadcast]`
 *
 * A longer chaos run than the test's (default 120 s, a seed from the clock),
 * printed as JSON. Exits 1 when any promise was broken, so it can gate a CI job.
 * Replay a run by passing the seed it printed.
 */
import { runChaos } from '../tests/support/chaos.js';

function argValue(name: string): string | undefined {
  const args = process.argv.slice(2);
  const inline = args.find((arg) => arg.startsWith(`--${name}=`));
  if (inline) return inline.slice(name.length + 3);
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
}

function intArg(name: string, fallback: number, min: number, max: number): number {
  const raw = argValue(name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    process.stderr.write(`--${name} must be an integer from ${min} to ${max} (got ${JSON.stringify(raw)})\n`);
    process.exit(2);
  }
  return value;
}

const seed = intArg('seed', Date.now() % 2 ** 31, 0, 2 ** 32 - 1);
const durationSeconds = intArg('duration', 120, 1, 24 * 3600);
const people = intArg('people', 20, 1, 500);
const testbeds = intArg('testbeds', 8, 1, 500);
const broadcast = !process.argv.includes('--no-broadcast');

process.stderr.write(`chaos: seed ${seed}, ${durationSeconds} s, ${people} people, ${testbeds} testbeds${broadcast ? '' : ', no broadcast'}\n`);
const report = await runChaos({ seed, durationMs: durationSeconds * 1000, people, testbeds, broadcast });
process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
if (report.problems.length > 0) {
  process.stderr.write(`chaos: ${report.problems.length} problem(s) — replay with --seed ${seed}\n`);
  process.exit(1);
}
process.stderr.write('chaos: every promise kept\n');
process.exit(0);
