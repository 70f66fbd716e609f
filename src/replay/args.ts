/**
 * Command line of `npm run replay -- <recording> [--speed N | --as-fast-as-possible] [--testbeds file]
 * [--out file] [--log-level level]`, read with util.parseArgs. Pure: returns the options or a problem.
 */
import { parseArgs } from 'node:util';
import { LOG_LEVELS } from '../config/schema.js';

export interface ReplayArgs {
  recording: string;
  /** Divides the recorded spacing; Infinity = as fast as possible. */
  speed: number;
  testbeds?: string;
  out?: string;
  logLevel: string;
}

export const REPLAY_USAGE = [
  'Usage: npm run replay -- <recording.jsonl> [--speed N | --as-fast-as-possible] [--testbeds file] [--out file]',
  '  --speed N                 replay N times faster than recorded (default 1; 0.5 = half speed)',
  '  --as-fast-as-possible     no pauses between events (the transcript is the same)',
  '  --testbeds file           start from a copy of this testbed document (default: no testbeds)',
  '  --out file                write the transcript to this file instead of the terminal',
  '  --log-level level         the replayed bot log on stderr (default warn)',
].join('\n');

export function parseReplayArgs(argv: string[]): { ok: true; args: ReplayArgs } | { ok: false; problem: string } | { ok: 'help' } {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        speed: { type: 'string' },
        'as-fast-as-possible': { type: 'boolean' },
        testbeds: { type: 'string' },
        out: { type: 'string' },
        'log-level': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    return { ok: false, problem: (error as Error).message };
  }
  const { values, positionals } = parsed;
  if (values.help) return { ok: 'help' };
  if (positionals.length !== 1) {
    return { ok: false, problem: positionals.length === 0 ? 'Name the recording to replay.' : `Replay one recording at a time (got ${positionals.length}).` };
  }
  if (values.speed !== undefined && values['as-fast-as-possible']) return { ok: false, problem: 'Use either --speed or --as-fast-as-possible, not both.' };
  let speed = 1;
  if (values['as-fast-as-possible']) speed = Infinity;
  else if (values.speed !== undefined) {
    speed = Number(values.speed);
    if (!/^\d+(\.\d+)?$/.test(values.speed.trim()) || !(speed > 0)) return { ok: false, problem: `--speed must be a number above 0, such as 2 or 0.5 (got "${values.speed}").` };
  }
  const logLevel = (values['log-level'] ?? 'warn').toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) return { ok: false, problem: `--log-level must be one of ${LOG_LEVELS.join(', ')}.` };
  return { ok: true, args: { recording: positionals[0], speed, testbeds: values.testbeds, out: values.out, logLevel } };
}
