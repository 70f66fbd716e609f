/** `npm run replay` command line: what it accepts, and a clear problem for everything else. */
import { describe, expect, it } from 'vitest';
import { parseReplayArgs } from '../../src/replay/args.js';

describe('parseReplayArgs', () => {
  it.each([
    [['day.jsonl'], { recording: 'day.jsonl', speed: 1, logLevel: 'warn' }],
    [['day.jsonl', '--speed', '4'], { recording: 'day.jsonl', speed: 4, logLevel: 'warn' }],
    [['--speed=0.5', 'day.jsonl'], { recording: 'day.jsonl', speed: 0.5, logLevel: 'warn' }],
    [['day.jsonl', '--as-fast-as-possible', '--testbeds', 'tb.json', '--out', 'x.txt'], { recording: 'day.jsonl', speed: Infinity, testbeds: 'tb.json', out: 'x.txt', logLevel: 'warn' }],
    [['day.jsonl', '--log-level', 'DEBUG'], { recording: 'day.jsonl', speed: 1, logLevel: 'debug' }],
  ])('%j', (argv, expected) => {
    expect(parseReplayArgs(argv)).toEqual({ ok: true, args: expected });
  });

  it.each([
    [[], 'Name the recording to replay.'],
    [['a.jsonl', 'b.jsonl'], 'Replay one recording at a time (got 2).'],
    [['a.jsonl', '--speed', '0'], '--speed must be a number above 0, such as 2 or 0.5 (got "0").'],
    [['a.jsonl', '--speed', 'fast'], '--speed must be a number above 0, such as 2 or 0.5 (got "fast").'],
    [['a.jsonl', '--speed', '2', '--as-fast-as-possible'], 'Use either --speed or --as-fast-as-possible, not both.'],
    [['a.jsonl', '--log-level', 'loud'], '--log-level must be one of fatal, error, warn, info, debug, trace, silent.'],
  ])('%j is refused', (argv, problem) => {
    expect(parseReplayArgs(argv)).toEqual({ ok: false, problem });
  });

  it('names an unknown option', () => {
    const result = parseReplayArgs(['a.jsonl', '--sped', '2']);
    expect(result.ok).toBe(false);
    expect(result.ok === false && result.problem).toContain("'--sped'");
  });

  it('asks for the usage with --help', () => {
    expect(parseReplayArgs(['--help'])).toEqual({ ok: 'help' });
  });
});
