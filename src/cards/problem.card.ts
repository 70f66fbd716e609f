/**
 * A problem with a testbed (`lab-3 is broken`, `report a problem with lab-3`): the form that tells the lab's admins,
 * in the reporter's words, with their name. Nothing is sent before **Tell the admins** is pressed, so a question
 * that only sounded like a report costs nothing. The form has a plain-text sibling.
 */
import type { FormErrors, HistoryEntry, TestbedRecord } from '../domain.js';
import type { AdaptiveCardJson } from '../platform/port.js';
import { ACTIONS, INPUT_IDS, LIMITS } from './actions.js';
import { card, safeLine, submit, textBlock, type CardElement } from './common.js';
import { formatInZone, parseIso } from './time.js';
import { buttons, errorSummary, fieldError, heading, plainText, safeName, sameEmail, small } from './parts.js';

export interface ProblemFormInput {
  record: TestbedRecord;
  /** What the person typed, to start the box with. */
  text?: string;
  errors?: FormErrors;
  /** How many admins there are to tell (none: the form says so and offers feedback instead). */
  admins: number;
  /** Who reports: the holder is told too, unless that is them. */
  requesterEmail?: string;
  /** News that the testbed, under maintenance, works again: the admins get a button that ends the maintenance. */
  fixed?: true;
}

/** Who gets the report: the admins, and the holder when somebody else holds the testbed. */
function whoIsTold(record: TestbedRecord, requesterEmail: string | undefined, esc: (value: string) => string): string {
  const other = record.status === 'in_use' && record.user_email && !sameEmail(record.user_email, requesterEmail);
  const holder = other ? `, and so does ${esc(record.user_name || record.user_email || '')}, who holds it` : '';
  return `The lab’s admins get it in a direct message with your name${holder}.`;
}

/** The form that tells the admins: a heading, who gets it, the `problem` box and **Tell the admins** (`news` in its data). */
function tellAdminsForm(
  record: TestbedRecord,
  parts: { title: string; note: string; box: { label: string; errorMessage: string; placeholder?: string; value?: string }; errors?: FormErrors; news?: 'fixed' },
): AdaptiveCardJson {
  const box = { type: 'Input.Text', id: INPUT_IDS.problem, isMultiline: true, isRequired: true, maxLength: LIMITS.problemMax, ...parts.box };
  return card(
    [heading(parts.title), small(parts.note, { isSubtle: true }), ...errorSummary(parts.errors, [INPUT_IDS.problem]), box, ...fieldError(parts.errors, INPUT_IDS.problem)],
    [submit('Tell the admins', { action: ACTIONS.reportProblem, testbed_id: String(record.id), ...(parts.news ? { news: parts.news } : {}) }), buttons.cancel()],
  );
}

export function problemFormCard(input: ProblemFormInput): AdaptiveCardJson {
  const { record, text, errors, admins, requesterEmail } = input;
  const name = safeName(record.testbed_name);
  if (admins === 0) {
    return card(
      [heading(`A problem with ${name}`), textBlock('No admin is set up (the ADMINS setting is empty), so there is nobody to tell. Leave a note with feedback instead.')],
      [buttons.feedback(), buttons.menu()],
    );
  }
  // `lab-3 is fixed` from somebody who is no admin: what they saw, for the admins, who can end the maintenance.
  if (input.fixed && !record.maintenance) {
    return card([heading(`${name} is in service`), textBlock(`${name} is not under maintenance: anybody can book it.`)], [buttons.register('Book it', record.id), buttons.menu()]);
  }
  if (input.fixed) {
    return tellAdminsForm(record, {
      title: `Tell the admins ${name} works again`,
      note: `${name} is under maintenance, and only an admin can end it. They get a direct message with your name and a button that ends it.`,
      box: { label: 'What did you see?', errorMessage: 'Say what you saw, in a few words.', value: (text ?? 'It works again.').slice(0, LIMITS.problemMax) },
      errors,
      news: 'fixed',
    });
  }
  return tellAdminsForm(record, {
    title: `Report a problem with ${name}`,
    note: whoIsTold(record, requesterEmail, (value) => safeName(value)),
    box: { label: 'What is wrong?', placeholder: 'e.g. no power on slot 2 since this morning', errorMessage: 'Say what is wrong, in a few words.', ...(text ? { value: text.slice(0, LIMITS.problemMax) } : {}) },
    errors,
  });
}

export function problemFormText({ record, admins, requesterEmail, fixed }: ProblemFormInput): string {
  const name = plainText(record.testbed_name, 80);
  if (admins > 0 && fixed && !record.maintenance) return `${name} is not under maintenance: anybody can book it.`;
  if (admins > 0 && fixed) return `Tell the admins ${name} works again: open the card, say what you saw and press Tell the admins. Only an admin can end its maintenance.`;
  if (admins === 0) return `No admin is set up, so there is nobody to tell about ${name}. Leave a note with feedback instead.`;
  return `Report a problem with ${name}: open the card, say what is wrong and press Tell the admins. ${whoIsTold(record, requesterEmail, (value) => plainText(value, 80))}`;
}

/* The problems reported lately (`problems`, `what is broken?`) ---------------------------------------- */

/** How far back `problems` looks, in days. */
export const PROBLEMS_DAYS = 7;
/** Reports listed one by one; older ones are counted. */
const MAX_PROBLEMS = 10;

export interface ProblemsInput {
  /** History lines of the window (every kind: the card takes the reports). */
  entries: readonly HistoryEntry[];
  timeZone: string;
}

export type ProblemLine = Extract<HistoryEntry, { event: 'problem_reported' }>;

/** The problems reported (with one testbed, when `testbedId` is given), newest first. */
export function reportsOf(entries: readonly HistoryEntry[], testbedId?: number): ProblemLine[] {
  return entries
    .filter((entry): entry is ProblemLine => entry.event === 'problem_reported' && typeof (entry as ProblemLine).text === 'string' && (testbedId === undefined || entry.testbed_id === testbedId))
    .sort((a, b) => (parseIso(b.at) ?? 0) - (parseIso(a.at) ?? 0));
}

/** `2026-11-27 17:50 UTC · Ada Ops: no power on slot 2`, inert for markdown. */
export function reportLine(line: ProblemLine, timeZone: string): string {
  return `${formatInZone(line.at, timeZone)} · ${safeName(line.by?.name ?? 'somebody')}: ${safeLine(line.text, 200)}`;
}

const NO_PROBLEMS = `No problem was reported in the last ${PROBLEMS_DAYS} days. Tell the admins about one by typing, for example, lab-3 is broken.`;

/** Every problem reported in the last 7 days, newest first: which testbed, when, who and what. */
export function problemsCard({ entries, timeZone }: ProblemsInput): AdaptiveCardJson {
  const reports = reportsOf(entries);
  if (reports.length === 0) return card([heading('Problems reported'), textBlock(NO_PROBLEMS)], [buttons.status(), buttons.menu()]);
  const body: CardElement[] = [heading('Problems reported'), small(`In the last ${PROBLEMS_DAYS} days, newest first.`, { isSubtle: true })];
  for (const line of reports.slice(0, MAX_PROBLEMS)) {
    body.push(textBlock(safeName(line.testbed_name), { weight: 'Bolder', spacing: 'Medium' }));
    body.push(small(reportLine(line, timeZone)));
  }
  const more = reports.length - MAX_PROBLEMS;
  if (more > 0) body.push(small(`And ${more} earlier ${more === 1 ? 'one' : 'ones'}. Type history and a testbed's name for all of its own.`, { isSubtle: true, spacing: 'Medium' }));
  return card(body, [buttons.status(), buttons.menu()]);
}

export function problemsText({ entries }: ProblemsInput): string {
  const reports = reportsOf(entries);
  if (reports.length === 0) return NO_PROBLEMS;
  const last = reports[0];
  const count = `${reports.length} ${reports.length === 1 ? 'problem' : 'problems'}`;
  return `${count} reported in the last ${PROBLEMS_DAYS} days; the last with ${plainText(last.testbed_name, 80)}, by ${plainText(last.by?.name ?? 'somebody', 80)}: ${plainText(last.text, 200)}`;
}
