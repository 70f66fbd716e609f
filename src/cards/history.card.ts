/**
 * Who had a testbed (`history lab-3`, `who had lab-3?`): its bookings of the last 30 days, newest
 * first, each with its holder, when and how long, the purpose and how it ended; above them the
 * booking now, if there is one. Pure: the history lines come read, and the clock comes in.
 */
import type { HistoryEntry, TestbedRecord } from '../domain.js';
import { holderNames, personCalled } from '../lab-rules.js';
import type { AdaptiveCardJson } from '../platform/port.js';
import { ACTIONS } from './actions.js';
import { card, safeLine, submit, textBlock, type CardElement } from './common.js';
import { buttons, dueText, heading, plainText, safeName, sameEmail, small } from './parts.js';
import { reportLine, reportsOf, type ProblemLine } from './problem.card.js';
import { DURATIONS, formatDuration, formatInZone, isUtcZone, parseIso, safeZone, wallTimeAt } from './time.js';

/** How far back the card looks. */
export const HISTORY_DAYS = 30;
/** Bookings listed one by one; older ones are counted. */
export const MAX_HISTORY_ROWS = 10;

export interface HistoryCardInput {
  /** The testbed as it is now. */
  record: TestbedRecord;
  /** History lines of the window (any testbed's: the card takes this one's). */
  entries: readonly HistoryEntry[];
  now: string;
  timeZone: string;
}

/** A line that closes a booking: it carries the whole booking. */
export type ClosedBookingLine = Extract<HistoryEntry, { event: 'released' | 'force_released' | 'expired' | 'handed_over' }>;

const CLOSING: ReadonlySet<string> = new Set(['released', 'force_released', 'expired', 'handed_over']);

/** The closed bookings `which` keeps (one testbed's, one person's), newest first. */
export function closedBookings(entries: readonly HistoryEntry[], which: (line: ClosedBookingLine) => boolean): ClosedBookingLine[] {
  return entries
    .filter((entry): entry is ClosedBookingLine => CLOSING.has(entry.event) && which(entry as ClosedBookingLine))
    .sort((a, b) => (parseIso(b.at) ?? 0) - (parseIso(a.at) ?? 0));
}

const ofTestbed = (testbedId: number) => (line: ClosedBookingLine) => line.testbed_id === testbedId;
const ofPerson = (email: string | undefined) => (line: ClosedBookingLine) => email !== undefined && sameEmail(line.holder.email, email);

const pad = (value: number) => String(value).padStart(2, '0');

/** `2026-11-26 09:00 → 14:30 UTC (5 h 30 min)`; the end's date is written only when it is another day. */
export function spanText(startIso: string, endIso: string, timeZone: string): string {
  const zone = safeZone(timeZone);
  const start = parseIso(startIso);
  const end = parseIso(endIso);
  if (start === null || end === null) return 'unknown';
  const [from, to] = [wallTimeAt(start, zone), wallTimeAt(end, zone)];
  const date = (wall: typeof from) => `${wall.year}-${pad(wall.month)}-${pad(wall.day)}`;
  const time = (wall: typeof from) => `${pad(wall.hour)}:${pad(wall.minute)}`;
  const sameDay = date(from) === date(to);
  const zoneName = isUtcZone(zone) ? 'UTC' : zone;
  return `${date(from)} ${time(from)} → ${sameDay ? '' : `${date(to)} `}${time(to)} ${zoneName} (${formatDuration(end - start)})`;
}

/** How a booking ended, and whether that is worth a colour: late, forced, or a pipeline's hold that ran out. */
function endingOf(line: ClosedBookingLine): { text: string; attention: boolean } {
  if (line.event === 'force_released') {
    return { text: `Force released by ${line.by ? safeName(line.by.name) : 'an admin'}: ${safeLine(line.reason, 120)}`, attention: true };
  }
  if (line.event === 'expired') return { text: 'Ended by the bot: its pipeline did not renew the hold', attention: true };
  if (line.event === 'handed_over') return { text: `Handed over to ${safeName(line.to.name)}`, attention: false };
  const late = (parseIso(line.at) ?? 0) - (parseIso(line.expected_release_time) ?? 0);
  const byOther = line.by && !sameEmail(line.by.email, line.holder.email) ? ` by ${safeName(line.by.name)}` : '';
  return late >= DURATIONS.MINUTE ? { text: `Released${byOther}, ${formatDuration(late)} late`, attention: true } : { text: `Released${byOther}`, attention: false };
}

/**
 * Who booked a booking for its holder, when somebody else did (`book lab-3 for Linus`): the `registered` line that
 * began it (that testbed, that instant) says so by its `holder`. Undefined when the holder booked it.
 */
function bookedByOther(entries: readonly HistoryEntry[], testbedId: number, registeredTime: string | null | undefined): string | undefined {
  const line = entries.find((entry) => entry.event === 'registered' && entry.testbed_id === testbedId && entry.at === registeredTime);
  if (line?.event !== 'registered' || line.holder === undefined || !line.by || sameEmail(line.by.email, line.holder.email)) return undefined;
  return line.by.name;
}

/** `Booked by Ada Ops`, under a booking somebody else made for its holder; nothing otherwise. */
function bookedByRow(entries: readonly HistoryEntry[], testbedId: number, registeredTime: string | null | undefined): CardElement[] {
  const by = bookedByOther(entries, testbedId, registeredTime);
  return by === undefined ? [] : [small(`Booked by ${safeName(by)}`, { isSubtle: true })];
}

/** One past booking; its first line is who held it (a testbed's history) or which testbed (a person's). */
function bookingRow(line: ClosedBookingLine, timeZone: string, title: 'holder' | 'testbed', entries: readonly HistoryEntry[]): CardElement {
  const ending = endingOf(line);
  return {
    type: 'Container',
    spacing: 'Medium',
    items: [
      textBlock(safeName(title === 'holder' ? line.holder.name : line.testbed_name), { weight: 'Bolder' }),
      small(spanText(line.registered_time, line.at, timeZone)),
      ...bookedByRow(entries, line.testbed_id, line.registered_time),
      small(`Purpose: ${safeLine(line.purpose, 120)}`, { isSubtle: true }),
      small(ending.text, ending.attention ? { color: 'attention' } : { isSubtle: true }),
    ],
  };
}

/** The booking now, or the maintenance, above the past ones. */
function nowRows(record: TestbedRecord, now: string, timeZone: string, entries: readonly HistoryEntry[]): CardElement[] {
  if (record.status === 'in_use') {
    const due = dueText(record, now, timeZone);
    return [
      textBlock(`Now: ${safeName(record.user_name)}`, { weight: 'Bolder', spacing: 'Medium' }),
      small(`Since ${formatInZone(record.registered_time, timeZone)}`),
      ...bookedByRow(entries, record.id, record.registered_time),
      small(due.text, due.overdue ? { color: 'attention' } : {}),
      small(`Purpose: ${safeLine(record.purpose ?? '', 120)}`, { isSubtle: true }),
    ];
  }
  if (record.maintenance) return [textBlock(`Now: under maintenance (${safeLine(record.maintenance.reason, 120)})`, { weight: 'Bolder', spacing: 'Medium' })];
  return [textBlock('Now: free', { weight: 'Bolder', spacing: 'Medium' })];
}

export function historyCard(input: HistoryCardInput): AdaptiveCardJson {
  const { record, now, timeZone } = input;
  const past = closedBookings(input.entries, ofTestbed(record.id));
  const body: CardElement[] = [
    heading(`History: ${safeName(record.testbed_name)}`),
    small(`Bookings of the last ${HISTORY_DAYS} days, newest first.`, { isSubtle: true }),
    ...nowRows(record, now, timeZone, input.entries),
  ];
  if (past.length === 0) body.push(textBlock(`No booking of it ended in the last ${HISTORY_DAYS} days.`, { spacing: 'Medium' }));
  body.push(...past.slice(0, MAX_HISTORY_ROWS).map((line) => bookingRow(line, timeZone, 'holder', input.entries)));
  const older = past.length - MAX_HISTORY_ROWS;
  if (older > 0) body.push(small(`And ${older} earlier ${older === 1 ? 'booking' : 'bookings'}. Type report 30 for the whole lab's usage.`, { isSubtle: true, spacing: 'Medium' }));
  body.push(...problemRows(reportsOf(input.entries, record.id), timeZone));
  return card(body, [buttons.status(), buttons.menu()]);
}

/** Problems listed one by one; older ones are counted. */
const MAX_PROBLEM_ROWS = 5;

/** `Problems reported`: when, who and what, so an admin sees what people ran into with it. */
function problemRows(problems: readonly ProblemLine[], timeZone: string): CardElement[] {
  if (problems.length === 0) return [];
  const rows = problems.slice(0, MAX_PROBLEM_ROWS).map((line) =>
    textBlock(reportLine(line, timeZone), { size: 'Small', spacing: 'Small' }),
  );
  const more = problems.length - MAX_PROBLEM_ROWS;
  return [
    textBlock('Problems reported', { weight: 'Bolder', spacing: 'Medium' }),
    ...rows,
    ...(more > 0 ? [small(`And ${more} earlier ${more === 1 ? 'one' : 'ones'}.`, { isSubtle: true })] : []),
  ];
}

export function historyText(input: HistoryCardInput): string {
  const past = closedBookings(input.entries, ofTestbed(input.record.id));
  const name = plainText(input.record.testbed_name, 80);
  const problems = reportsOf(input.entries, input.record.id);
  const reported = problems.length === 0 ? '' : ` ${problems.length} ${problems.length === 1 ? 'problem' : 'problems'} reported, the last by ${plainText(problems[0].by?.name ?? 'somebody', 80)}: ${plainText(problems[0].text, 200)}`;
  if (past.length === 0) return `History of ${name}: no bookings ended in the last ${HISTORY_DAYS} days.${reported}`;
  const last = past[0];
  const count = `${past.length} ${past.length === 1 ? 'booking' : 'bookings'}`;
  return `History of ${name}: ${count} in the last ${HISTORY_DAYS} days; the last by ${plainText(last.holder.name, 80)}, ${spanText(last.registered_time, last.at, input.timeZone)}.${reported}`;
}

export interface MyHistoryCardInput {
  /** Who asked (from the platform profile); without it, no booking is theirs. */
  email?: string;
  /** History lines of the window. */
  entries: readonly HistoryEntry[];
  timeZone: string;
}

/** `my history`: the person's own bookings that ended in the last 30 days, newest first, and their hours. */
export function myHistoryCard(input: MyHistoryCardInput): AdaptiveCardJson {
  const past = closedBookings(input.entries, ofPerson(input.email));
  const body: CardElement[] = [heading('Your past bookings'), small(myHistorySummary(past), { isSubtle: true })];
  body.push(...past.slice(0, MAX_HISTORY_ROWS).map((line) => bookingRow(line, input.timeZone, 'testbed', input.entries)));
  const older = past.length - MAX_HISTORY_ROWS;
  if (older > 0) body.push(small(`And ${older} earlier ${older === 1 ? 'booking' : 'bookings'}.`, { isSubtle: true, spacing: 'Medium' }));
  return card(body, [submit('Mine', { action: ACTIONS.mine }, { associatedInputs: 'none' }), buttons.menu()]);
}

export function myHistoryText(input: MyHistoryCardInput): string {
  return `Your past bookings: ${myHistorySummary(closedBookings(input.entries, ofPerson(input.email)))}`;
}

/** `3 bookings ended in the last 30 days, 14 h in all.` */
function myHistorySummary(past: readonly ClosedBookingLine[]): string {
  if (past.length === 0) return `None ended in the last ${HISTORY_DAYS} days. Type mine for the ones you hold now.`;
  return pastSummary(past);
}

function pastSummary(past: readonly ClosedBookingLine[]): string {
  const held = past.reduce((sum, line) => sum + Math.max(0, (parseIso(line.at) ?? 0) - (parseIso(line.registered_time) ?? 0)), 0);
  return `${past.length} ${past.length === 1 ? 'booking' : 'bookings'} ended in the last ${HISTORY_DAYS} days, ${formatDuration(held)} in all, newest first.`;
}

export interface PersonHistoryCardInput {
  /** The words that named them (`Linus`, `linus@example.com`), matched as a holder's name is (`personCalled`). */
  person: string;
  /** History lines of the window. */
  entries: readonly HistoryEntry[];
  timeZone: string;
}

/** The bookings of the person asked about, and the names they were held under (each once, newest first). */
function personPast({ person, entries }: PersonHistoryCardInput): { past: ClosedBookingLine[]; names: string } {
  const called = personCalled(person);
  const past = closedBookings(entries, (line) => called(line.holder.email, line.holder.name));
  return { past, names: holderNames(past.map((line) => ({ user_name: line.holder.name, user_email: line.holder.email }))) };
}

/** `what did Linus book`: the bookings of the person named that ended in the last 30 days, newest first, and their hours. */
export function personHistoryCard(input: PersonHistoryCardInput): AdaptiveCardJson {
  const { past, names } = personPast(input);
  if (past.length === 0) {
    const none = `No booking held by anybody called “${safeName(input.person)}” ended in the last ${HISTORY_DAYS} days.`;
    return card([heading('Past bookings'), textBlock(none), small('Type status to see who holds what now, or history and a testbed’s name for its bookings.', { isSubtle: true })], [buttons.status(), buttons.menu()]);
  }
  const body: CardElement[] = [heading(`Past bookings of ${safeName(names, 160)}`), small(pastSummary(past), { isSubtle: true })];
  body.push(...past.slice(0, MAX_HISTORY_ROWS).map((line) => bookingRow(line, input.timeZone, 'testbed', input.entries)));
  const older = past.length - MAX_HISTORY_ROWS;
  if (older > 0) body.push(small(`And ${older} earlier ${older === 1 ? 'booking' : 'bookings'}.`, { isSubtle: true, spacing: 'Medium' }));
  return card(body, [buttons.status(), buttons.menu()]);
}

export function personHistoryText(input: PersonHistoryCardInput): string {
  const { past, names } = personPast(input);
  if (past.length === 0) return `No booking held by anybody called “${plainText(input.person, 80)}” ended in the last ${HISTORY_DAYS} days.`;
  return `Past bookings of ${plainText(names, 160)}: ${pastSummary(past)}`;
}
