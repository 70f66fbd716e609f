import { describe, expect, it } from 'vitest';
import { readFlags } from '../src/cli-args.js';

const OPTIONS = { port: { type: 'string' }, inspect: { type: 'boolean' } } as const;

describe('readFlags', () => {
  it('reads string and boolean flags, also in --flag=value form; the last repeat wins', () => {
    expect(readFlags(['--port', '4100', '--inspect'], OPTIONS)).toEqual({ ok: true, values: { port: '4100', inspect: true } });
    expect(readFlags(['--port=0', '--port=7'], OPTIONS)).toEqual({ ok: true, values: { port: '7' } });
    expect(readFlags([], OPTIONS)).toEqual({ ok: true, values: {} });
  });

  it.each([
    [['--colour'], 'Unknown argument "--colour".'],
    [['--colour=red'], 'Unknown argument "--colour".'],
    [['extra'], 'Unknown argument "extra".'],
    [['-p', '1'], 'Unknown argument "-p".'],
    [['--port'], '--port needs a value.'],
    [['--port', '--inspect'], '--port needs a value.'],
    [['--inspect=yes'], '--inspect takes no value.'],
  ])('%j → %s', (argv, problem) => {
    expect(readFlags(argv, OPTIONS)).toEqual({ ok: false, problem });
  });
});
