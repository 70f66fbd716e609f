import { describe, expect, it } from 'vitest';
import {
  formatDuration,
  formatRelative,
  formatUtc,
  formatWhen,
  instantOfWallTime,
  isValidTimeZone,
  localDate,
  wallTimeAt,
  zoneOffsetMs,
} from '../../src/cards/time.js';

const HOUR = 3_600_000;
const at = (iso: string) => Date.parse(iso);
const wall = (date: string, time: string) => {
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  return { year, month, day, hour, minute, second: 0 };
};

describe('zone math with Intl only', () => {
  it.each([
    ['Europe/Berlin', '2026-01-15T12:00:00Z', 1],
    ['Europe/Berlin', '2026-07-15T12:00:00Z', 2],
    ['America/New_York', '2026-01-15T12:00:00Z', -5],
    ['Asia/Kolkata', '2026-01-15T12:00:00Z', 5.5],
    ['UTC', '2026-07-15T12:00:00Z', 0],
  ])('offset of %s at %s is %s h', (zone, iso, hours) => {
    expect(zoneOffsetMs(at(iso), zone)).toBe(hours * HOUR);
  });

  it.each([
    ['Europe/Berlin', '2026-07-01', '12:00', '2026-07-01T10:00:00.000Z'],
    ['Europe/Berlin', '2026-03-29', '02:30', '2026-03-29T01:30:00.000Z'], // in the spring gap
    ['Europe/Berlin', '2026-10-25', '02:30', '2026-10-25T00:30:00.000Z'], // repeated hour: the earlier one
    ['America/New_York', '2026-01-15', '23:30', '2026-01-16T04:30:00.000Z'],
    ['Asia/Kolkata', '2026-01-15', '00:00', '2026-01-14T18:30:00.000Z'],
  ])('%s %s %s is %s', (zone, date, time, iso) => {
    expect(new Date(instantOfWallTime(wall(date, time), zone)).toISOString()).toBe(iso);
  });

  it('local date follows the zone', () => {
    expect(localDate(at('2026-01-15T23:30:00Z'), 'Europe/Berlin')).toBe('2026-01-16');
    expect(localDate(at('2026-01-15T23:30:00Z'), 'UTC')).toBe('2026-01-15');
  });

  it('validates zone names', () => {
    expect(isValidTimeZone('Europe/Berlin')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
  });
});

describe('wall-clock readings around offset changes', () => {
  /** What Intl itself reads at `ms` in `timeZone`, asked afresh. */
  function intlReading(ms: number, timeZone: string) {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
    }).formatToParts(ms);
    const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
    return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour') % 24, minute: get('minute'), second: get('second') };
  }

  it.each([
    ['Europe/Berlin', '2026-03-29T01:00:00Z'], // DST starts: 02:00 becomes 03:00
    ['Europe/Berlin', '2026-10-25T01:00:00Z'], // DST ends: 03:00 becomes 02:00 again
    ['America/St_Johns', '2026-03-08T05:30:00Z'], // a half-hour zone
    ['Australia/Lord_Howe', '2026-04-04T15:00:00Z'], // DST of half an hour
    ['Asia/Kathmandu', '1985-12-31T18:30:00Z'], // +05:30 to +05:45
    ['Africa/Monrovia', '1972-01-07T00:44:30Z'], // -00:44:30 to +00:00, in the middle of a quarter hour
  ])('%s near %s reads as Intl does, second by second and across the change', (timeZone, iso) => {
    const change = at(iso);
    const instants: number[] = [];
    for (let s = -1_200; s <= 1_200; s += 7) instants.push(change + s * 1000 + 250);
    for (let h = -30; h <= 30; h += 1) instants.push(change + h * 37 * 60_000);
    for (const ms of instants) expect(wallTimeAt(ms, timeZone), new Date(ms).toISOString()).toEqual(intlReading(ms, timeZone));
  });
});

describe('formatting', () => {
  const now = '2026-03-10T10:00:00.000Z';

  it.each([
    ['2026-03-10T12:00:00.000Z', 'in 2 h'],
    ['2026-03-07T10:00:00.000Z', '3 d ago'],
    ['2026-03-10T10:45:00.000Z', 'in 45 min'],
    ['2026-03-10T09:59:30.000Z', 'just now'],
    [null, 'unknown'],
  ])('relative %s → %s', (iso, text) => {
    expect(formatRelative(iso, now)).toBe(text);
  });

  it.each([
    [30_000, 'less than a minute'],
    [5 * 60_000, '5 min'],
    [2 * HOUR + 5 * 60_000, '2 h 5 min'],
    [3 * 24 * HOUR + 4 * HOUR, '3 d 4 h'],
  ])('duration %i ms → %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });

  it('absolute times are UTC, with the display zone added when it is not UTC', () => {
    expect(formatUtc('2026-03-10T14:05:00.000Z')).toBe('2026-03-10 14:05 UTC');
    expect(formatWhen('2026-03-10T14:05:00.000Z', 'UTC')).toBe('2026-03-10 14:05 UTC');
    expect(formatWhen('2026-03-10T14:05:00.000Z', 'Europe/Berlin')).toBe('2026-03-10 14:05 UTC (2026-03-10 15:05 Europe/Berlin)');
    expect(formatUtc('yesterday')).toBe('unknown');
  });
});
