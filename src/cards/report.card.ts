/**
 * The usage report card: for the last 7 or 30 days, each testbed's hours in use, utilisation
 * drawn as a text bar (reads the same on every client, the percent beside it), bookings started
 * and overdue hours; the top holders; the busiest hours of the day. The most used testbeds are
 * listed while they fit the card size budget, the rest summed up in one line. A button switches
 * between the two windows. Pure: the figures come computed (reports/usage.ts).
 */
import type { AdaptiveCardJson } from '../platform/port.js';
import type { ReportDays, TestbedUsage, UsageReport } from '../reports/usage.js';
import { ACTIONS } from './actions.js';
import { card, safeLine, safeText, submit, textBlock, type CardElement } from './common.js';
import { byteLength, rowsThatFit } from './broadcast-format.js';
import { buttons, heading, plainText, safeName, small } from './parts.js';
import { formatInZone } from './time.js';

export interface ReportCardInput {
  report: UsageReport;
  /** A broadcast's opening: who sent it and what they typed (the text may be empty). */
  intro?: { senderName: string; text: string };
  /** The label the report is of (`report 5g`): only the testbeds carrying it. */
  label?: string;
}

/** Testbeds listed one by one before the rest is summed up (the size budget may stop earlier). */
export const MAX_REPORT_ROWS = 25;
/** Holders listed by name. */
export const TOP_HOLDERS = 5;
/** Cells of the utilisation bar (one per 10 %). */
const BAR_CELLS = 10;

const FULL = '▰';
const EMPTY = '▱';

/** `▰▰▰▱▱▱▱▱▱▱`: a cell per 10 % (rounded; anything above 0 % shows one, anything below 100 % leaves one empty). */
export function usageBar(percent: number, cells = BAR_CELLS): string {
  let filled = Math.round((Math.max(0, Math.min(100, percent)) / 100) * cells);
  if (percent > 0 && filled === 0) filled = 1;
  if (percent < 100 && filled === cells) filled = cells - 1;
  return FULL.repeat(filled) + EMPTY.repeat(cells - filled);
}

/** `34%`, `<1%` for a little use, never `100%` unless it was in use all the time. */
export function formatPercent(percent: number): string {
  if (percent <= 0) return '0%';
  if (percent < 1) return '<1%';
  const rounded = Math.round(percent);
  return `${percent < 100 && rounded === 100 ? 99 : rounded}%`;
}

/** `57.1 h`, `12 h`, `0 h`, `<0.1 h`. */
export function formatHours(hours: number): string {
  if (hours <= 0) return '0 h';
  if (hours < 0.05) return '<0.1 h';
  return `${oneDecimal(hours)} h`;
}

function oneDecimal(value: number): string {
  return (Math.round(value * 10) / 10).toFixed(1).replace(/\.0$/, '');
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** `14:00–15:00` (hour of the day in the report's zone). */
export function hourLabel(hour: number): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(hour)}:00–${pad(hour + 1)}:00`;
}

export function reportTitle(days: number, label?: string): string {
  return label === undefined ? `Usage, last ${days} days` : `Usage of ${label}, last ${days} days`;
}

function windowLine(report: UsageReport): string {
  return `${formatInZone(report.since, report.timeZone)} to ${formatInZone(report.now, report.timeZone)}`;
}

function totalsLine(report: UsageReport, label?: string): string {
  const { hours, bookings, overdueHours } = report.totals;
  const which = label === undefined ? 'All testbeds' : `All ${safeLine(label, 40)} testbeds`;
  return `${which}: ${formatHours(hours)} in use · ${plural(bookings, 'booking')} · ${formatHours(overdueHours)} overdue`;
}

function testbedRow(row: TestbedUsage): CardElement {
  const overdue = row.overdueHours > 0;
  return {
    type: 'Container',
    spacing: 'Small',
    items: [
      textBlock(`${safeName(row.name)}${row.retired ? ' (retired)' : ''}`, { weight: 'Bolder', spacing: 'Small' }),
      textBlock(`${usageBar(row.utilisation)} ${formatPercent(row.utilisation)} · ${formatHours(row.hours)} in use`, { spacing: 'None' }),
      small(`${plural(row.bookings, 'booking')} · ${formatHours(row.overdueHours)} overdue`, overdue ? { color: 'attention' } : { isSubtle: true }),
    ],
  };
}

function restLine(rest: readonly TestbedUsage[]): CardElement {
  const hours = rest.reduce((sum, row) => sum + row.hours, 0);
  const bookings = rest.reduce((sum, row) => sum + row.bookings, 0);
  const overdue = rest.reduce((sum, row) => sum + row.overdueHours, 0);
  return textBlock(
    `…and ${plural(rest.length, 'more testbed')}, less used: ${formatHours(hours)} in use, ${plural(bookings, 'booking')}, ${formatHours(overdue)} overdue together.`,
    { isSubtle: true, spacing: 'Small' },
  );
}

function holdersBlock(report: UsageReport): CardElement[] {
  const top = report.holders.filter((holder) => holder.hours > 0 || holder.bookings > 0).slice(0, TOP_HOLDERS);
  if (top.length === 0) return [];
  // Each name in bold above its figures, as the testbeds above: as a fact title a name had to
  // share a phone's width with its figures, and broke over two lines.
  return [
    heading('Top holders', { spacing: 'Medium' }),
    ...top.map(
      (holder): CardElement => ({
        type: 'Container',
        spacing: 'Small',
        items: [
          textBlock(safeName(holder.name, 40), { weight: 'Bolder', spacing: 'Small' }),
          small(`${formatHours(holder.hours)} · ${plural(holder.bookings, 'booking')}`, { isSubtle: true }),
        ],
      }),
    ),
  ];
}

function hoursBlock(report: UsageReport): CardElement[] {
  const top = report.busiestHours;
  return [
    heading(`Busiest hours (${report.timeZone})`, { spacing: 'Medium' }),
    small('Testbeds in use at that hour on an average day.', { isSubtle: true }),
    top.length === 0
      ? textBlock('No testbed was in use.', { isSubtle: true })
      : {
          type: 'FactSet',
          facts: top.map((hour) => ({ title: hourLabel(hour.hour), value: inUseOnAverage(hour.averageInUse) })),
        },
  ];
}

/**
 * `4.2 in use`, `<0.1 in use` (the line above the hours says they are testbeds on an average day).
 * Short, so that on a phone the hour beside it keeps one line.
 */
function inUseOnAverage(average: number): string {
  const shown = average > 0 && average < 0.05 ? '<0.1' : oneDecimal(average);
  return `${shown} in use`;
}

function introBlock(intro: ReportCardInput['intro']): CardElement[] {
  if (!intro) return [];
  const from = textBlock(`From ${safeName(intro.senderName)}`, { isSubtle: true, spacing: 'None' });
  return intro.text.trim() === '' ? [from] : [from, textBlock(safeText(intro.text, 1000))];
}

/** The other window's button: 7 days ↔ 30 days (of the same label, when the report is of one). */
export function switchButton(days: number, label?: string): CardElement {
  const other: ReportDays = days === 30 ? 7 : 30;
  return submit(`Last ${other} days`, { action: ACTIONS.report, days: other, ...(label === undefined ? {} : { label }) }, { associatedInputs: 'none' });
}

export function reportCard(input: ReportCardInput): AdaptiveCardJson {
  const { report } = input;
  const top: CardElement[] = [
    textBlock(safeLine(reportTitle(report.days, input.label), 80), { size: 'Large', weight: 'Bolder' }),
    ...introBlock(input.intro),
    small(windowLine(report), { isSubtle: true }),
    textBlock(totalsLine(report, input.label), { weight: 'Bolder', spacing: 'Small' }),
  ];
  if (report.testbeds.length === 0) top.push(textBlock(input.label === undefined ? 'No testbeds are registered yet.' : 'No testbed carries that label.', { isSubtle: true }));
  else top.push(heading('Testbeds, most used first', { spacing: 'Medium' }));
  const bottom = [...holdersBlock(report), ...hoursBlock(report)];
  const actions = [switchButton(report.days, input.label), buttons.status(), buttons.menu()];
  const rows = report.testbeds.map(testbedRow);
  const reserve = byteLength(card([...top, ...bottom, restLine(report.testbeds)], actions)) + 200;
  const shown = rowsThatFit(rows, reserve, MAX_REPORT_ROWS);
  const body = [...top, ...rows.slice(0, shown)];
  if (shown < rows.length) body.push(restLine(report.testbeds.slice(shown)));
  return card([...body, ...bottom], actions);
}

/** Plain fallback text for clients that cannot show cards. */
export function reportText(input: ReportCardInput): string {
  const { report } = input;
  const { hours, bookings, overdueHours } = report.totals;
  const parts: string[] = [];
  if (input.intro) {
    const message = input.intro.text.trim() === '' ? '' : `: ${plainText(input.intro.text, 300)}`;
    parts.push(`Usage report from ${plainText(input.intro.senderName, 80)}${message}.`);
  }
  parts.push(
    `${reportTitle(report.days, input.label === undefined ? undefined : plainText(input.label, 40))} (${windowLine(report)}): ${formatHours(hours)} in use, ${plural(bookings, 'booking')}, ` +
      `${formatHours(overdueHours)} overdue across ${plural(report.testbeds.length, 'testbed')}.`,
  );
  const used = report.testbeds.filter((row) => row.hours > 0).slice(0, 3);
  if (used.length > 0) {
    parts.push(`Most used: ${used.map((row) => `${plainText(row.name, 60)} ${formatHours(row.hours)} (${formatPercent(row.utilisation)})`).join(', ')}.`);
  }
  const holder = report.holders.find((candidate) => candidate.hours > 0);
  if (holder) parts.push(`Top holder: ${plainText(holder.name, 80)} ${formatHours(holder.hours)}.`);
  if (report.busiestHours.length > 0) parts.push(`Busiest hour: ${hourLabel(report.busiestHours[0].hour)} ${report.timeZone}.`);
  return parts.join(' ');
}
