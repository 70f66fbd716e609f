/** The CLI's durations and the NAME=value lines it prints for shells. */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { assignments, parseDuration, shellValue } from '../../src/cli/words.js';

describe('parseDuration', () => {
  it.each([
    ['45', 45],
    ['90s', 90],
    ['30m', 1800],
    ['2h', 7200],
    ['1d', 86_400],
    [' 10M ', 600],
  ])('%j is %i seconds', (text, seconds) => {
    expect(parseDuration(text)).toBe(seconds);
  });

  it.each(['', 'soon', '1.5h', '-5m', '10 m', '5w'])('%j is not a duration', (text) => {
    expect(parseDuration(text)).toBeNull();
  });
});

describe('shell lines', () => {
  it('leaves plain values alone and quotes the rest so `eval` reads them back exactly', () => {
    expect(shellValue('lab-1,lab-2')).toBe('lab-1,lab-2');
    const tricky = `rig "B" it's $HOME; rm -rf /`;
    const lines = assignments({ TESTBED_NAME: tricky, TESTBED_ID: '3' });
    expect(lines).toBe(`TESTBED_NAME='rig "B" it'\\''s $HOME; rm -rf /'\nTESTBED_ID=3\n`);
    expect(execFileSync('sh', ['-c', `${lines} printf '%s|%s' "$TESTBED_NAME" "$TESTBED_ID"`], { encoding: 'utf8' })).toBe(`${tricky}|3`);
  });
});
