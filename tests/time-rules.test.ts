import { describe, expect, it } from 'vitest';
import { parseIso } from '../src/cards/time.js';
import { compareInstants, isIsoUtcTimestamp, isValidTimeZone, isoUtcMs } from '../src/time-rules.js';

describe('isIsoUtcTimestamp', () => {
  it.each([
    ['2025-01-31T09:30:00.000Z', true],
    ['2025-01-31T09:30:00Z', true],
    ['2024-02-29T23:59:59.999999Z', true],
    ['2025-02-29T00:00:00Z', false],
    ['2000-02-29T12:00:00Z', true],
    ['2100-02-29T12:00:00Z', false],
    ['2025-12-31T23:59:59Z', true],
    ['2025-13-01T00:00:00Z', false],
    ['2025-01-00T00:00:00Z', false],
    ['2025-04-31T00:00:00Z', false],
    ['2025-01-31T24:00:00Z', false],
    ['2025-01-31T09:60:00Z', false],
    ['2025-01-31T09:30Z', false],
    ['2025-01-31T09:30:00', false],
    ['2025-01-31T09:30:00+02:00', false],
    ['2025-01-31T09:30:00.000z', false],
    [1700000000000, false],
    [null, false],
  ])('%s → %s', (value, expected) => {
    expect(isIsoUtcTimestamp(value)).toBe(expected);
  });
});

describe('isoUtcMs', () => {
  it('gives the instant of a valid timestamp', () => {
    expect(isoUtcMs('2025-01-31T09:30:00.250Z')).toBe(Date.UTC(2025, 0, 31, 9, 30, 0, 250));
  });

  it('lets cards leave out the seconds, and still refuses what no calendar has', () => {
    expect(isoUtcMs('2025-01-31T09:30Z')).toBeNull();
    expect(isoUtcMs('2025-01-31T09:30Z', { secondsOptional: true })).toBe(Date.UTC(2025, 0, 31, 9, 30));
    expect(parseIso('2025-01-31T09:30Z')).toBe(Date.UTC(2025, 0, 31, 9, 30));
    expect(parseIso('2025-02-30T09:30Z')).toBeNull();
    expect(parseIso('2025-01-31T24:00Z')).toBeNull();
    expect(parseIso('2025-01-31 09:30Z')).toBeNull();
  });
});

describe('isValidTimeZone', () => {
  it.each([
    ['UTC', true],
    ['Europe/Berlin', true],
    ['America/Argentina/Buenos_Aires', true],
    ['Mars/Olympus', false],
    ['', false],
    [42, false],
    [undefined, false],
  ])('%s → %s', (zone, expected) => {
    expect(isValidTimeZone(zone)).toBe(expected);
  });

  it('answers the same when asked again (valid zones are remembered)', () => {
    expect([isValidTimeZone('Asia/Kolkata'), isValidTimeZone('Asia/Kolkata'), isValidTimeZone('Asia/Nowhere'), isValidTimeZone('Asia/Nowhere')]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});

describe('compareInstants', () => {
  it.each([
    ['2026-03-02T11:00:00.000Z', '2026-03-02T12:00:00.000Z', -1],
    ['2026-03-02T11:00:00Z', '2026-03-02T11:00:00.500Z', -1],
    ['2026-03-02T11:00:01Z', '2026-03-02T11:00:00.500Z', 1],
    ['2026-03-02T11:00:00Z', '2026-03-02T11:00:00.000Z', 0],
    ['2026-03-02T11:00:00.000Z', '', -1],
    ['', '2026-03-02T11:00:00.000Z', 1],
    ['', '', 0],
  ])('%j against %j: %i', (a, b, expected) => {
    expect(Math.sign(compareInstants(a, b))).toBe(expected);
  });
});
