/**
 * The daily digest posted to the broadcast rooms: the day in the heading, the counts (available,
 * in use, overdue, under maintenance), every overdue booking with its holder and how long it is
 * overdue, the bookings due back later that day, who waits for which testbed, and what is under maintenance. Pure; no clock: `now` and
 * the scheduled instant come in. Names go through the inert-text helpers like every card.
 */
import type { LifecycleEntry, TestbedRecord } from '../domain.js';
import type { AdaptiveCardJson } from '../platform/port.js';
import { card, textBlock, type CardElement } from './common.js';
import { ANY_TESTBED_LABEL, waitedForWords } from '../lab-rules.js';
import { byDueTime, byName, fact, factSet, heading, isDueBackToday, pastExpectedBack, plainText, safeName, small, testbedState } from './parts.js';
import { formatDuration, formatWhen, isoWeekday, parseIso, wallTimeAt, WEEKDAY_TITLES } from './time.js';

export interface DigestCardInput {
  testbeds: readonly TestbedRecord[];
  lifecycle: readonly LifecycleEntry[];
  /** ISO 8601 UTC: the digest time this digest is for; its day in `timeZone` is the heading's date. */
  scheduledFor: string;
  /** ISO 8601 UTC: the time the figures are computed at. */
  now: string;
  timeZone: string;
}

export interface DigestCounts {
  total: number;
  available: number;
  inUse: number;
  overdue: number;
  maintenance: number;
}

export interface OverdueBooking {
  record: TestbedRecord;
  overdueMs: number;
}

export interface WaitingLine {
  record: TestbedRecord;
  /** The person a hand-off is offered to right now, with the end of the hold. */
  offer: { name: string; until: string } | null;
  /** People in the queue, in order. */
  queue: string[];
}

/** People waiting for any testbed (the label `testbed`), any of a label or whichever of some testbeds: one line, not one per queue they are in. */
export interface WaitingAnyLine {
  /** As the first of them typed it. */
  label: string;
  /** Each once, longest waiting first. */
  people: string[];
}

export interface DigestSummary {
  counts: DigestCounts;
  /** Most overdue first. */
  overdue: OverdueBooking[];
  /** In use and due back later on the digest's day (in its zone), soonest first. */
  dueToday: TestbedRecord[];
  /** By testbed name: its offer and the people waiting for it itself. */
  waiting: WaitingLine[];
  /** Any testbed first, then by label. */
  waitingAny: WaitingAnyLine[];
  /** Testbeds under maintenance, by name. */
  maintenance: TestbedRecord[];
  /** People waiting or being offered a testbed (each counted once per testbed, and once per label waited for by label). */
  waitingPeople: number;
}

/** Rows listed per section before the rest is counted in one line (keeps the card well under the size limit). */
export const MAX_DIGEST_ROWS = 25;

const isUnderMaintenance = (record: TestbedRecord) => record.status !== 'in_use' && record.maintenance != null;

/** The figures of a digest, also used for its log line (counts only there). */
export function digestSummary(input: Pick<DigestCardInput, 'testbeds' | 'lifecycle' | 'now' | 'timeZone'>): DigestSummary {
  const now = parseIso(input.now) ?? 0;
  const dueToday: TestbedRecord[] = [];
  const counts: DigestCounts = { total: input.testbeds.length, available: 0, inUse: 0, overdue: 0, maintenance: 0 };
  const overdue: OverdueBooking[] = [];
  const maintenance: TestbedRecord[] = [];
  for (const record of input.testbeds) {
    if (isUnderMaintenance(record)) {
      counts.maintenance += 1;
      maintenance.push(record);
      continue;
    }
    const state = testbedState(record, input.now);
    counts[state] += 1;
    if (state === 'overdue') overdue.push({ record, overdueMs: now - (parseIso(record.expected_release_time) ?? now) });
    if (isDueBackToday(record, input.now, input.timeZone)) dueToday.push(record);
  }
  dueToday.sort(byDueTime);
  overdue.sort((a, b) => b.overdueMs - a.overdueMs || byName(a.record, b.record));
  const byId = new Map(input.testbeds.map((record) => [record.id, record]));
  const waiting: WaitingLine[] = [];
  let waitingPeople = 0;
  // Waiting by label: a place in every queue of the label, told once per label (by email, the earliest place first).
  const byLabel = new Map<string, { label: string; people: Map<string, { name: string; since: string }> }>();
  for (const entry of input.lifecycle) {
    const record = byId.get(entry.testbed_id);
    if (!record) continue;
    const own = entry.queue.filter((person) => person.label === undefined);
    for (const person of entry.queue) {
      if (person.label === undefined) continue;
      const group = byLabel.get(person.label.toLowerCase()) ?? { label: person.label, people: new Map() };
      byLabel.set(person.label.toLowerCase(), group);
      const known = group.people.get(person.email.toLowerCase());
      if (!known || person.since < known.since) group.people.set(person.email.toLowerCase(), { name: person.name, since: person.since });
    }
    if (own.length === 0 && entry.offer === null) continue;
    waiting.push({ record, offer: entry.offer ? { name: entry.offer.name, until: entry.offer.until } : null, queue: own.map((person) => person.name) });
    waitingPeople += own.length + (entry.offer ? 1 : 0);
  }
  waiting.sort((a, b) => byName(a.record, b.record));
  const waitingAny = [...byLabel.entries()]
    .sort(([a], [b]) => (a === ANY_TESTBED_LABEL ? -1 : b === ANY_TESTBED_LABEL ? 1 : a < b ? -1 : a > b ? 1 : 0))
    .map(([, group]) => ({ label: group.label, people: [...group.people.values()].sort((a, b) => (a.since < b.since ? -1 : a.since > b.since ? 1 : 0)).map((person) => person.name) }));
  for (const line of waitingAny) waitingPeople += line.people.length;
  maintenance.sort(byName);
  return { counts, overdue, dueToday, waiting, waitingAny, maintenance, waitingPeople };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `Tue 10 Mar 2026`: the day of `iso` in `timeZone` (independent of the host's locale). */
export function digestDate(iso: string, timeZone: string): string {
  const ms = parseIso(iso) ?? 0;
  const wall = wallTimeAt(ms, timeZone);
  return `${WEEKDAY_TITLES[isoWeekday(wall) - 1].slice(0, 3)} ${wall.day} ${MONTHS[wall.month - 1]} ${wall.year}`;
}

const title = (input: DigestCardInput) => `Daily digest · ${digestDate(input.scheduledFor, input.timeZone)}`;

/** Each row's words, written once for the card (markdown-inert names) and the text (plain names). */
interface Words {
  name: (value: unknown, max?: number) => string;
}

const CARD_WORDS: Words = { name: (value, max) => safeName(value, max) };
const TEXT_WORDS: Words = { name: (value, max) => plainText(value, max ?? 80) };

function overdueLine({ record, overdueMs }: OverdueBooking, words: Words): string {
  return `${words.name(record.testbed_name)} · ${words.name(record.user_name)} (${words.name(record.user_email, 120)}) · overdue by ${formatDuration(overdueMs)}`;
}

function dueTodayLine(record: TestbedRecord, words: Words, timeZone: string): string {
  return `${words.name(record.testbed_name)} · ${words.name(record.user_name)} · due back ${formatWhen(record.expected_release_time, timeZone)}`;
}

function waitingLine(line: WaitingLine, words: Words, timeZone: string): string {
  const parts: string[] = [];
  if (line.offer) parts.push(`offered to ${words.name(line.offer.name)} until ${formatWhen(line.offer.until, timeZone)}`);
  if (line.queue.length > 0) parts.push(`waiting: ${line.queue.map((name) => words.name(name)).join(', ')}`);
  return `${words.name(line.record.testbed_name)} · ${parts.join(' · ')}`;
}

function waitingAnyLine(line: WaitingAnyLine, words: Words): string {
  return `${waitedForWords(line.label, words.name)} · waiting: ${line.people.map((name) => words.name(name)).join(', ')}`;
}

/** The Waiting section's rows: each testbed's own, then one per label waited for by label. */
function waitingRows(summary: DigestSummary, words: Words, timeZone: string): string[] {
  return [...summary.waiting.map((line) => waitingLine(line, words, timeZone)), ...summary.waitingAny.map((line) => waitingAnyLine(line, words))];
}

/** `lab-4 · new firmware · expected back …`, or, that end passed, `… · was expected back … (past it by 1 d)`. */
function maintenanceLine(record: TestbedRecord, words: Words, timeZone: string, now: string): string {
  const reason = record.maintenance?.reason ? ` · ${words.name(record.maintenance.reason, 120)}` : '';
  const end = record.maintenance?.until;
  const late = pastExpectedBack(record, now);
  const until = !end ? '' : late > 0 ? ` · was expected back ${formatWhen(end, timeZone)} (past it by ${formatDuration(late)})` : ` · expected back ${formatWhen(end, timeZone)}`;
  return `${words.name(record.testbed_name)}${reason}${until}`;
}

/** A section: a bold title, its rows (at most MAX_DIGEST_ROWS, the rest counted), or one line when empty. */
function section(name: string, rows: string[], empty: string, color: string): CardElement[] {
  if (rows.length === 0) return [textBlock(empty, { isSubtle: true, spacing: 'Medium' })];
  const shown = rows.slice(0, MAX_DIGEST_ROWS).map((row) => small(row, { spacing: 'Small' }));
  const more = rows.length - shown.length;
  return [
    textBlock(`${name} (${rows.length})`, { weight: 'Bolder', color, spacing: 'Medium' }),
    ...shown,
    ...(more > 0 ? [small(`…and ${more} more.`, { isSubtle: true })] : []),
  ];
}

export function digestCard(input: DigestCardInput): AdaptiveCardJson {
  const summary = digestSummary(input);
  const { counts } = summary;
  const body: CardElement[] = [
    heading(title(input), { size: 'Large' }),
    small(`As of ${formatWhen(input.now, input.timeZone)}`, { isSubtle: true }),
    factSet([
      fact('Available', String(counts.available)),
      fact('In use', String(counts.inUse)),
      fact('Overdue', String(counts.overdue)),
      fact('Under maintenance', String(counts.maintenance)),
      fact('Total', String(counts.total)),
    ]),
    ...section('Overdue', summary.overdue.map((item) => overdueLine(item, CARD_WORDS)), 'Nothing is overdue.', 'attention'),
    ...(summary.dueToday.length > 0 ? section('Due back today', summary.dueToday.map((record) => dueTodayLine(record, CARD_WORDS, input.timeZone)), '', 'good') : []),
    ...section('Waiting', waitingRows(summary, CARD_WORDS, input.timeZone), 'Nobody is waiting for a testbed.', 'warning'),
  ];
  if (summary.maintenance.length > 0) {
    body.push(...section('Under maintenance', summary.maintenance.map((record) => maintenanceLine(record, CARD_WORDS, input.timeZone, input.now)), '', 'default'));
  }
  return card(body);
}

/** Plain fallback text for clients that cannot show cards: the same facts, one line each. */
export function digestText(input: DigestCardInput): string {
  const summary = digestSummary(input);
  const { counts } = summary;
  const lines = [
    title(input),
    `Available ${counts.available} · In use ${counts.inUse} · Overdue ${counts.overdue} · Under maintenance ${counts.maintenance} · Total ${counts.total}`,
  ];
  const list = (name: string, rows: string[], empty: string) => {
    if (rows.length === 0) return lines.push(empty);
    const more = rows.length - MAX_DIGEST_ROWS;
    lines.push(`${name}:`, ...rows.slice(0, MAX_DIGEST_ROWS).map((row) => `- ${row}`), ...(more > 0 ? [`…and ${more} more.`] : []));
  };
  list('Overdue', summary.overdue.map((item) => overdueLine(item, TEXT_WORDS)), 'Nothing is overdue.');
  if (summary.dueToday.length > 0) list('Due back today', summary.dueToday.map((record) => dueTodayLine(record, TEXT_WORDS, input.timeZone)), '');
  list('Waiting', waitingRows(summary, TEXT_WORDS, input.timeZone), 'Nobody is waiting for a testbed.');
  if (summary.maintenance.length > 0) list('Under maintenance', summary.maintenance.map((record) => maintenanceLine(record, TEXT_WORDS, input.timeZone, input.now)), '');
  return lines.join('\n');
}
