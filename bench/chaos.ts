/**
 * `npm run chaos -- [--seed N] [--duration SECONDS] [--people N] [--testbeds N] [--no-broadcast]`
 *
 * A longer chaos run than the test's (default 120 s, a seed from the clock),
 * printed as JSON. Exits 1 when any promise was broken, so it can gate a CI job.
 * Replay a run by passing the seed it printed.
 */
import { readFlags } from '../src/cli-args.js';
import { runChaos } from '../tests/support/chaos.js';

const USAGE = 'Usage: npm run chaos -- [--seed N] [--duration SECONDS] [--people N] [--testbeds N] [--no-broadcast]';
const flags = readFlags(process.argv.slice(2), {
  seed: { type: 'string' },
  duration: { type: 'string' },
  people: { type: 'string' },
  testbeds: { type: 'string' },
  'no-broadcast': { type: 'boolean' },
});
if (!flags.ok) {
  process.stderr.write(`${flags.problem}\n${USAGE}\n`);
  process.exit(2);
}
const values = flags.values;

function intArg(name: 'seed' | 'duration' | 'people' | 'testbeds', fallback: number, min: number, max: number): number {
  const raw = values[name];
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isInteger(value) || value < min || value > max) {
    process.stderr.write(`--${name} must be an integer from ${min} to ${max} (got ${JSON.stringify(raw)})\n`);
    process.exit(2);
  }
  return value;
}

const seed = intArg('seed', Date.now() % 2 ** 31, 0, 2 ** 32 - 1);
const durationSeconds = intArg('duration', 120, 1, 24 * 3600);
const people = intArg('people', 20, 1, 500);
const testbeds = intArg('testbeds', 8, 1, 500);
const broadcast = values['no-broadcast'] !== true;

process.stderr.write(`chaos: seed ${seed}, ${durationSeconds} s, ${people} people, ${testbeds} testbeds${broadcast ? '' : ', no broadcast'}\n`);
const report = await runChaos({ seed, durationMs: durationSeconds * 1000, people, testbeds, broadcast });
process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
if (report.problems.length > 0) {
  process.stderr.write(`chaos: ${report.problems.length} problem(s) — replay with --seed ${seed}\n`);
  process.exit(1);
}
process.stderr.write('chaos: every promise kept\n');
process.exit(0);
