/**
 * The usage report card as people read it (every text read alike by all three renderers): the
 * figures of the hand-computed week, each in the element that carries it; the switch between
 * 7 and 30 days; 200 testbeds with markup-heavy names within the card size budget; the plain
 * text fallback and a broadcast's intro.
 */
import { describe, expect, it } from 'vitest';
import { MAX_CARD_BYTES, cardBytes } from '../../src/cards/common.js';
import { formatHours, formatPercent, reportCard, reportText, usageBar, MAX_REPORT_ROWS } from '../../src/cards/report.card.js';
import { computeUsage } from '../../src/reports/usage.js';
import { availableTestbed, type HistoryEntry } from '../../src/domain.js';
import { cardProblems } from '../support/adaptive-cards.js';
import { buttonTitles, seenCard, type SeenText } from '../support/card-text.js';
import { markupFormed, unLookAlike } from '../support/rendered-text.js';
import { closing } from '../support/history.js';
import { WEEK_NOW, ada, weekReport } from '../fixtures/usage-week.js';
import { inspectCard } from './card-walk.js';

/** The three lines of a testbed's row: its name, the bar line, the bookings line. */
function rowOf(card: unknown, name: string): SeenText[] {
  const all = seenCard(card).all.filter((item) => item.role === 'heading' || item.role === 'text');
  const index = all.findIndex((item) => item.text === name);
  expect(index, `row ${name}`).toBeGreaterThanOrEqual(0);
  return all.slice(index, index + 3);
}

/** The figures under a top holder's name (the line after the bold name, below "Top holders"). */
function holderFigures(card: unknown, name: string): string | undefined {
  const all = seenCard(card).all.filter((item) => item.role === 'heading' || item.role === 'text');
  const holders = all.slice(all.findIndex((item) => item.text === 'Top holders'));
  const at = holders.findIndex((item) => item.text === name && item.element.weight === 'Bolder');
  return at < 0 ? undefined : holders[at + 1]?.text;
}

describe('usage report card', () => {
  const card = reportCard({ report: weekReport() });
  const seen = seenCard(card);

  it('parses cleanly and says which window it shows', () => {
    expect(cardProblems(card)).toEqual([]);
    expect(seen.heading).toBe('Usage, last 7 days');
    expect(seen.texts[1]).toBe('2026-03-03 13:00 Europe/Berlin to 2026-03-10 13:00 Europe/Berlin');
    expect(seen.texts[2]).toBe('All testbeds: 235 h in use · 4 bookings · 20 h overdue');
  });

  it('lists each testbed, most used first, with its bar, percent, hours, bookings and overdue hours', () => {
    const beforeHolders = seen.all.slice(0, seen.all.findIndex((item) => item.text === 'Top holders'));
    const names = beforeHolders.filter((item) => item.element.weight === 'Bolder' && item.element.size === undefined).map((item) => item.text);
    expect(names).toEqual(['All testbeds: 235 h in use · 4 bookings · 20 h overdue', 'lab-4', 'lab-2', 'lab-1', 'old-rig (retired)', 'lab-3']);
    expect(rowOf(card, 'lab-4').map((item) => item.text)).toEqual(['lab-4', '▰▰▰▰▰▰▰▰▰▰ 100% · 168 h in use', '0 bookings · 0 h overdue']);
    expect(rowOf(card, 'lab-2').map((item) => item.text)).toEqual(['lab-2', '▰▰▰▱▱▱▱▱▱▱ 30% · 50 h in use', '2 bookings · 18 h overdue']);
    expect(rowOf(card, 'lab-1').map((item) => item.text)).toEqual(['lab-1', '▰▱▱▱▱▱▱▱▱▱ 9% · 15 h in use', '1 booking · 2 h overdue']);
    expect(rowOf(card, 'old-rig (retired)').map((item) => item.text)).toEqual(['old-rig (retired)', '▰▱▱▱▱▱▱▱▱▱ 1% · 2 h in use', '1 booking · 0 h overdue']);
    expect(rowOf(card, 'lab-3').map((item) => item.text)).toEqual(['lab-3', '▱▱▱▱▱▱▱▱▱▱ 0% · 0 h in use', '0 bookings · 0 h overdue']);
    // Overdue hours are red; none is quiet grey.
    expect(rowOf(card, 'lab-2')[2].element.color).toBe('attention');
    expect(rowOf(card, 'lab-4')[2].element).toMatchObject({ isSubtle: true });
  });

  it('names the top holders and the busiest hours of the day', () => {
    expect(seen.texts).toContain('Top holders');
    expect(holderFigures(card, 'Linus Lab')).toBe('175 h · 1 booking');
    expect(holderFigures(card, 'Ada Ops')).toBe('34 h · 1 booking');
    expect(holderFigures(card, 'Grace Hopper')).toBe('26 h · 2 bookings');
    expect(seen.texts).toContain('Busiest hours (Europe/Berlin)');
    expect(seen.texts).toContain('Testbeds in use at that hour on an average day.');
    expect(seen.facts['13:00–14:00']).toBe('1.7 in use');
    expect(seen.facts['14:00–15:00']).toBe('1.7 in use');
    expect(seen.facts['11:00–12:00']).toBe('1.6 in use');
  });

  it('switches to 30 days and back with the report action', () => {
    expect(buttonTitles(card)).toEqual(['Last 30 days', 'Status', 'Menu']);
    expect(inspectCard(card).actions[0].data).toEqual({ action: 'report', days: 30 });
    const month = reportCard({ report: weekReport(30) });
    expect(seenCard(month).heading).toBe('Usage, last 30 days');
    expect(buttonTitles(month)[0]).toBe('Last 7 days');
    expect(inspectCard(month).actions[0].data).toEqual({ action: 'report', days: 7 });
  });

  it('has a plain text fallback with the same figures', () => {
    expect(reportText({ report: weekReport() })).toBe(
      'Usage, last 7 days (2026-03-03 13:00 Europe/Berlin to 2026-03-10 13:00 Europe/Berlin): 235 h in use, 4 bookings, 20 h overdue across 5 testbeds. ' +
        'Most used: lab-4 168 h (100%), lab-2 50 h (30%), lab-1 15 h (9%). Top holder: Linus Lab 175 h. Busiest hour: 13:00–14:00 Europe/Berlin.',
    );
  });

  it('says so when nobody used anything', () => {
    const empty = reportCard({ report: computeUsage({ entries: [], records: [], now: WEEK_NOW, days: 7, timeZone: 'UTC' }) });
    const texts = seenCard(empty).texts;
    expect(texts).toContain('No testbeds are registered yet.');
    expect(texts).toContain('No testbed was in use.');
    expect(texts).toContain('All testbeds: 0 h in use · 0 bookings · 0 h overdue');
    expect(texts).not.toContain('Top holders');
  });

  it('opens a broadcast with who sent it and what they typed, read as typed', () => {
    const intro = { senderName: 'Ada *Ops*', text: 'Numbers for [the week](http://x) _so far_' };
    const broadcast = reportCard({ report: weekReport(), intro });
    const texts = seenCard(broadcast).texts.map(unLookAlike);
    expect(texts.slice(0, 3)).toEqual(['Usage, last 7 days', 'From Ada *Ops*', 'Numbers for [the week](http://x) _so far_']);
    for (const text of inspectCard(broadcast).markdown) expect(markupFormed(text), text).toEqual([]);
    expect(reportText({ report: weekReport(), intro })).toMatch(/^Usage report from Ada \*Ops\*: Numbers for \[the week\]\(http:\/\/x\) _so far_\. Usage, last 7 days/);
  });
});

describe('usage report card at 200 testbeds', () => {
  const MARKUP = '*_[]()#+-.!|~>`<at>';
  const now = WEEK_NOW;
  // Testbed i was used i/8 hours from yesterday 00:00 by a person with a markup-heavy name.
  const records = Array.from({ length: 200 }, (_, i) => availableTestbed(i + 1, `tb${i + 1}x ${MARKUP.repeat(3)} 🧪`));
  const entries: HistoryEntry[] = records.map((record) => {
    const since = '2026-03-09T00:00:00.000Z';
    const at = new Date(Date.parse(since) + (record.id / 8) * 3_600_000).toISOString();
    return closing('released', { at, id: record.id, name: record.testbed_name, holder: { email: `p${record.id}@example.com`, name: `${MARKUP} Person ${record.id}` }, since, expected: at });
  });
  const report = computeUsage({ entries, records, now, days: 7, timeZone: 'UTC' });
  const card = reportCard({ report });
  const seen = seenCard(card);

  it('fits the size budget, shows the most used testbeds and sums up the rest', () => {
    expect(cardBytes(card)).toBeLessThan(MAX_CARD_BYTES);
    expect(cardProblems(card)).toEqual([]);
    const shown = seen.texts.map(unLookAlike).filter((text) => /^tb\d+x /.test(text)).map((text) => Number(/^tb(\d+)x/.exec(text)![1]));
    expect(shown.length).toBeGreaterThanOrEqual(10);
    expect(shown.length).toBeLessThanOrEqual(MAX_REPORT_ROWS);
    expect(shown).toEqual(Array.from({ length: shown.length }, (_, i) => 200 - i));
    // The rest: testbeds 1 … 200 - shown, used 1/8 h per id.
    const restCount = 200 - shown.length;
    const restHours = (restCount * (restCount + 1)) / 2 / 8;
    expect(seen.texts).toContain(`…and ${restCount} more testbeds, less used: ${formatHours(restHours)} in use, ${restCount} bookings, 0 h overdue together.`);
  });

  it('shows every name as typed, with no markup on any client', () => {
    const first = seen.texts.map(unLookAlike).find((text) => text.startsWith('tb200x'));
    expect(first).toBe(`tb200x ${MARKUP.repeat(3)} 🧪`);
    expect(seen.texts.map(unLookAlike)).toContain(`${MARKUP} Person 200`);
    for (const text of inspectCard(card).markdown) expect(markupFormed(text), text).toEqual([]);
  });

  it('reads the same shortened on a phone: one line per figure, the percent beside the bar', () => {
    const bars = seen.texts.filter((text) => /^[▰▱]{10} /.test(text));
    expect(bars.length).toBeGreaterThanOrEqual(10);
    for (const bar of bars) expect(bar).toMatch(/^[▰▱]{10} (\d+%|<1%) · [\d.]+ h in use$/);
  });
});

describe('bar and number formats', () => {
  it.each([
    [0, '▱▱▱▱▱▱▱▱▱▱', '0%'],
    [0.4, '▰▱▱▱▱▱▱▱▱▱', '<1%'],
    [34, '▰▰▰▱▱▱▱▱▱▱', '34%'],
    [35, '▰▰▰▰▱▱▱▱▱▱', '35%'],
    [96, '▰▰▰▰▰▰▰▰▰▱', '96%'],
    [99.7, '▰▰▰▰▰▰▰▰▰▱', '99%'],
    [100, '▰▰▰▰▰▰▰▰▰▰', '100%'],
  ])('%s %% is %s %s', (percent, bar, label) => {
    expect(usageBar(percent)).toBe(bar);
    expect(formatPercent(percent)).toBe(label);
  });

  it.each([
    [0, '0 h'],
    [0.01, '<0.1 h'],
    [0.25, '0.3 h'],
    [12, '12 h'],
    [57.14, '57.1 h'],
    [1234.96, '1235 h'],
  ])('%s hours read %s', (hours, text) => expect(formatHours(hours)).toBe(text));

  it('a holder with one booking reads in the singular', () => {
    const report = computeUsage({
      entries: [closing('released', { at: '2026-03-09T10:00:00.000Z', id: 1, holder: ada, since: '2026-03-09T09:00:00.000Z', expected: '2026-03-09T10:00:00.000Z' })],
      records: [availableTestbed(1, 'lab-1')],
      now: WEEK_NOW,
      days: 7,
      timeZone: 'UTC',
    });
    expect(holderFigures(reportCard({ report }), 'Ada Ops')).toBe('1 h · 1 booking');
  });
});
