/**
 * The usage report's figures on a made-up week with answers worked out by hand: bookings crossing
 * the window start, an overdue release, an extension that moved the expected release, a booking
 * still open (overdue now), a force release, a retired testbed, one in use the whole week and one
 * never used. Times are UTC; the busiest hours are read in Europe/Berlin (UTC+1 in early March).
 */
import { describe, expect, it } from 'vitest';
import { computeUsage, windowStart } from '../../src/reports/usage.js';
import { availableTestbed, type HistoryEntry } from '../../src/domain.js';
import { closing } from '../support/history.js';
import { WEEK_NOW, ada, inUse, linus, weekReport } from '../fixtures/usage-week.js';

const round = (value: number) => Math.round(value * 1000) / 1000;

describe('usage figures', () => {
  const report = weekReport();

  it('has the window: the last 7 days up to now', () => {
    expect(report.since).toBe('2026-03-03T12:00:00.000Z');
    expect(windowStart(WEEK_NOW, 30)).toBe('2026-02-08T12:00:00.000Z');
    expect(report.windowHours).toBe(168);
  });

  it('gives each testbed its hours in use, utilisation, bookings started and overdue hours, most used first', () => {
    const rows = report.testbeds.map((row) => ({ ...row, utilisation: round(row.utilisation) }));
    expect(rows).toEqual([
      { id: 4, name: 'lab-4', hours: 168, utilisation: 100, bookings: 0, overdueHours: 0, retired: false },
      { id: 2, name: 'lab-2', hours: 50, utilisation: round((50 / 168) * 100), bookings: 2, overdueHours: 18, retired: false },
      { id: 1, name: 'lab-1', hours: 15, utilisation: round((15 / 168) * 100), bookings: 1, overdueHours: 2, retired: false },
      { id: 9, name: 'old-rig', hours: 2, utilisation: round((2 / 168) * 100), bookings: 1, overdueHours: 0, retired: true },
      { id: 3, name: 'lab-3', hours: 0, utilisation: 0, bookings: 0, overdueHours: 0, retired: false },
    ]);
    expect(report.totals).toEqual({ hours: 235, bookings: 4, overdueHours: 20 });
  });

  it('ranks the holders by hours (bookings counted where they started inside the window)', () => {
    expect(report.holders).toEqual([
      { email: 'linus@example.com', name: 'Linus Lab', hours: 175, bookings: 1 },
      { email: 'ada@example.com', name: 'Ada Ops', hours: 34, bookings: 1 },
      { email: 'grace@example.com', name: 'Grace Hopper', hours: 26, bookings: 2 },
    ]);
  });

  it('finds the busiest hours of the day on the display clock', () => {
    // lab-4 and the two day-long bookings fill every hour (9 testbed-hours each); on top, Berlin's
    // 13:00 and 14:00 have A, B and E (12), 11:00, 12:00 and 15:00 have 11.
    const byHour = Object.fromEntries(report.hours.map((hour) => [hour.hour, round(hour.testbedHours)]));
    expect(byHour).toEqual({
      0: 9, 1: 9, 2: 9, 3: 9, 4: 9, 5: 9, 6: 9, 7: 9, 8: 9, 9: 10, 10: 10, 11: 11,
      12: 11, 13: 12, 14: 12, 15: 11, 16: 10, 17: 10, 18: 10, 19: 10, 20: 10, 21: 9, 22: 9, 23: 9,
    });
    expect(report.busiestHours.map((hour) => [hour.hour, round(hour.averageInUse)])).toEqual([
      [13, round(12 / 7)],
      [14, round(12 / 7)],
      [11, round(11 / 7)],
    ]);
    const total = report.hours.reduce((sum, hour) => sum + hour.testbedHours, 0);
    expect(round(total)).toBe(235);
  });

  it('reads the hours across a daylight-saving change in the zone', () => {
    // New York springs forward on 2026-03-08 at 02:00 (07:00Z): 05:00Z–09:00Z is 00:00–01:00–03:00–05:00 local.
    const entries = [closing('released', { at: '2026-03-08T09:00:00.000Z', id: 1, holder: ada, since: '2026-03-08T05:00:00.000Z', expected: '2026-03-08T09:00:00.000Z' })];
    const usage = computeUsage({ entries, records: [availableTestbed(1, 'lab-1')], now: WEEK_NOW, days: 7, timeZone: 'America/New_York' });
    const used = usage.hours.filter((hour) => hour.testbedHours > 0).map((hour) => [hour.hour, round(hour.testbedHours)]);
    expect(used).toEqual([[0, 1], [1, 1], [3, 1], [4, 1]]);
  });

  it('treats an expired pipeline hold like a release, and counts a booking once', () => {
    const hold = { at: '2026-03-09T12:00:00.000Z', id: 3, holder: linus, since: '2026-03-09T06:00:00.000Z', expected: '2026-03-09T10:00:00.000Z' };
    const open = inUse(3, linus, '2026-03-09T06:00:00.000Z', '2026-03-09T10:00:00.000Z');
    // The record still shows the same booking as the closing line (never both in practice): counted once.
    const usage = computeUsage({ entries: [closing('expired', hold)], records: [open], now: WEEK_NOW, days: 7, timeZone: 'UTC' });
    expect(usage.testbeds.map((row) => ({ ...row, utilisation: round(row.utilisation) }))).toEqual([
      { id: 3, name: 'lab-3', hours: 6, utilisation: round((6 / 168) * 100), bookings: 1, overdueHours: 2, retired: false },
    ]);
  });

  it('a hand-over closes the first holder\'s part: each holder counts the hours they held it', () => {
    // Ada held lab-3 from 06:00, handed it to Linus at 09:00; Linus still holds it at WEEK_NOW (12:00 on the 10th).
    const released = closing('released', { at: '2026-03-10T09:00:00.000Z', id: 3, holder: ada, since: '2026-03-10T06:00:00.000Z', expected: '2026-03-10T15:00:00.000Z' }) as Extract<HistoryEntry, { event: 'released' }>;
    const handed: HistoryEntry = { ...released, event: 'handed_over', to: linus };
    const open = inUse(3, linus, '2026-03-10T09:00:00.000Z', '2026-03-10T15:00:00.000Z');
    const usage = computeUsage({ entries: [handed], records: [open], now: WEEK_NOW, days: 7, timeZone: 'UTC' });
    expect(usage.testbeds.map((row) => [row.id, row.hours, row.bookings, row.overdueHours])).toEqual([[3, 6, 2, 0]]);
    expect(usage.holders.map((holder) => [holder.email, holder.hours])).toEqual([
      [ada.email, 3],
      [linus.email, 3],
    ]);
  });

  it('with 30 days, the same lines and records give the longer window', () => {
    const month = weekReport(30);
    expect(month.windowHours).toBe(720);
    // lab-4 is held since 1 March: 9 days 12 hours of the 30 days.
    expect(month.testbeds[0]).toMatchObject({ id: 4, hours: 228, bookings: 1 });
    // A now counts whole (12 h + 2 h late) and as a booking.
    expect(month.testbeds.find((row) => row.id === 1)).toMatchObject({ hours: 21, bookings: 2, overdueHours: 2 });
  });

  it('is empty but complete with no history and no testbeds', () => {
    const usage = computeUsage({ entries: [], records: [], now: WEEK_NOW, days: 7, timeZone: 'UTC' });
    expect(usage.testbeds).toEqual([]);
    expect(usage.holders).toEqual([]);
    expect(usage.busiestHours).toEqual([]);
    expect(usage.hours).toHaveLength(24);
    expect(usage.totals).toEqual({ hours: 0, bookings: 0, overdueHours: 0 });
  });
});
