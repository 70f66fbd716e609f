/** The DIGEST_* settings: defaults, what they become, and every problem named. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

const base = { PLATFORM_ACCESS_TOKEN: 'token-for-config-tests', APPROVED_ROOMS: 'room-1' };

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'digest-config-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const load = (env: Record<string, string>) => loadConfig({ ...base, ...env }, { cwd: dir });
function problemsOf(env: Record<string, string>): string[] {
  try {
    load(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error('expected a ConfigError');
}

describe('digest settings', () => {
  it('no DIGEST_AT: no digest, whatever the other two say', () => {
    expect(load({})).not.toHaveProperty('digest');
    expect(load({ DIGEST_TZ: 'Europe/Berlin', DIGEST_WEEKDAYS: 'daily' })).not.toHaveProperty('digest');
  });

  it('DIGEST_AT alone: UTC, Monday to Friday', () => {
    expect(load({ DIGEST_AT: '09:00' }).digest).toEqual({ hour: 9, minute: 0, timeZone: 'UTC', weekdays: [1, 2, 3, 4, 5] });
  });

  it('all three, frozen', () => {
    const config = load({ DIGEST_AT: '17:45', DIGEST_TZ: 'America/New_York', DIGEST_WEEKDAYS: 'Mon,WED,fri' });
    expect(config.digest).toEqual({ hour: 17, minute: 45, timeZone: 'America/New_York', weekdays: [1, 3, 5] });
    expect(Object.isFrozen(config.digest)).toBe(true);
    expect(Object.isFrozen(config.digest?.weekdays)).toBe(true);
  });

  it('names every problem at once, with the value that was given', () => {
    expect(problemsOf({ DIGEST_AT: '9am', DIGEST_TZ: 'Mars/Olympus', DIGEST_WEEKDAYS: 'mon,funday,sat-xyz' })).toEqual([
      'DIGEST_AT must be a time of day as HH:MM on the 24-hour clock, such as 09:00 or 17:30 (got "9am").',
      'DIGEST_TZ must be an IANA time zone such as UTC or Europe/Berlin (got "Mars/Olympus").',
      'DIGEST_WEEKDAYS must name days as mon … sun, ranges such as mon-fri or sat-sun, lists such as mon,wed,fri, or daily; not understood: "funday", "sat-xyz".',
    ]);
  });

  it.each([['24:00'], ['12:60'], ['0900']])('DIGEST_AT=%s is refused', (value) => {
    expect(problemsOf({ DIGEST_AT: value })).toEqual([
      `DIGEST_AT must be a time of day as HH:MM on the 24-hour clock, such as 09:00 or 17:30 (got "${value}").`,
    ]);
  });

  it('a DIGEST_WEEKDAYS of commas names no day', () => {
    expect(problemsOf({ DIGEST_AT: '09:00', DIGEST_WEEKDAYS: ',,' })).toEqual([
      'DIGEST_WEEKDAYS names no day; use a range such as mon-fri, a list such as mon,wed,fri, or daily.',
    ]);
  });

  it('problems are found even without DIGEST_AT (a typo is not silently ignored)', () => {
    expect(problemsOf({ DIGEST_WEEKDAYS: 'workdays' })).toHaveLength(1);
  });
});
