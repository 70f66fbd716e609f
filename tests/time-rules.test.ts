import { describe, expect, it } from 'vitest';
import { isIsoUtcTimestamp, isValidTimeZone } from '../src/time-rules.js';

describe('isIsoUtcTimestamp', () => {
  it.each([
    ['2025-01-31T09:30:00.000Z', true],
    ['2025-01-31T09:30:00Z', true],
    ['2024-02-29T23:59:59.999999Z', true],
    ['2025-02-29T00:00:00Z', false],
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
});
