/**
 * The lab admins' cards: the admin card (one button per task, grouped so they fit a phone), what
 * each request did, and the polite refusal for everyone else. Each card has a plain-text sibling.
 * Pure; `now` and the zone come in.
 */
import type { AdminOutcome, AdminRefusal, AdminRequest, AdminTask, LabelWaiters, LifecycleEntry, TestbedRecord } from '../domain.js';
import type { AdaptiveCardJson } from '../platform/port.js';
import { ACTIONS } from './actions.js';
import { taskOfRequest, valuesOfRequest } from './admin-actions.js';
import { sameName } from '../lab-rules.js';
import { adminButtons, adminFormCard, adminFormText } from './admin-forms.card.js';
import { card, safeText, submit, textBlock, type CardElement } from './common.js';
import { buttons, byName, fact, factSet, heading, holderMarkdown, pastExpectedBack, plainText, safeName, sameEmail, small } from './parts.js';
import { formatDuration, formatWhen, formatWhenRelative } from './time.js';
import { MAX_DAYS_AHEAD } from './release-time.js';

/* The admin card ----------------------------------------------------------------------------- */

export interface AdminMenuInput {
  testbeds: readonly TestbedRecord[];
  /** The ADMINS emails, shown at the foot (absent: not shown). */
  admins?: readonly string[];
  /** ISO 8601 UTC: with it, the maintenances past their expected end are named (absent: not). */
  now?: string;
}

/** `The maintenance of lab-3 is past its expected end (by 2 h).`: what an admin may want to end, or give a new end. */
function pastDue(testbeds: readonly TestbedRecord[], now: string | undefined, esc: (value: unknown) => string): string[] {
  if (now === undefined) return [];
  const late = testbeds.filter((record) => pastExpectedBack(record, now) > 0).sort(byName);
  if (late.length === 0) return [];
  const named = late.slice(0, 5).map((record) => `${esc(record.testbed_name)} (by ${formatDuration(pastExpectedBack(record, now))})`);
  const more = late.length > 5 ? ` and ${late.length - 5} more` : '';
  return [`Past the expected end of their maintenance: ${named.join(', ')}${more}.`];
}

function counts(testbeds: readonly TestbedRecord[]) {
  const inUse = testbeds.filter((record) => record.status === 'in_use').length;
  const maintenance = testbeds.filter((record) => record.status !== 'in_use' && record.maintenance).length;
  return { total: testbeds.length, inUse, maintenance, free: testbeds.length - inUse - maintenance };
}

function summary(testbeds: readonly TestbedRecord[]): string {
  const { total, inUse, maintenance, free } = counts(testbeds);
  if (total === 0) return 'There are no testbeds yet.';
  return `${total} ${total === 1 ? 'testbed' : 'testbeds'}: ${inUse} in use, ${maintenance} under maintenance, ${free} free.`;
}

const SECTIONS: Array<{ title: string; tasks: Array<[AdminTask, string]> }> = [
  { title: 'Testbeds', tasks: [['testbed_add', 'Add'], ['testbed_rename', 'Rename'], ['testbed_retire', 'Retire']] },
  { title: 'Labels and description', tasks: [['testbed_edit', 'Edit']] },
  { title: 'Maintenance', tasks: [['maintenance_start', 'Start'], ['maintenance_end', 'End']] },
  { title: 'Bookings', tasks: [['force_release', 'Force release']] },
];

/** The admin card's reminder that each task can be typed, the testbed named. */
const ADMIN_TYPED_HINT =
  'Or type it: add testbed lab-9, rename lab-3 to lab-3b, add label 5g to lab-3, describe lab-3 as Radio rack 2, retire lab-3, maintenance lab-3, end maintenance lab-3, force release lab-3; for somebody else’s booking, extend lab-3 by 2 hours or give lab-3 to Grace.';

export function adminMenuCard({ testbeds, admins, now }: AdminMenuInput): AdaptiveCardJson {
  const late = pastDue(testbeds, now, (value) => safeName(value, 80)).map((line) => textBlock(line, { spacing: 'Small', color: 'warning' }));
  const body: CardElement[] = [heading('Lab admin'), textBlock(summary(testbeds), { spacing: 'None' }), ...late];
  for (const section of SECTIONS) {
    body.push(textBlock(section.title, { weight: 'Bolder', spacing: 'Medium' }));
    body.push({ type: 'ActionSet', spacing: 'Small', actions: section.tasks.map(([task, title]) => adminButtons.form(task, title)) });
  }
  body.push(small(ADMIN_TYPED_HINT, { isSubtle: true, spacing: 'Medium' }));
  if (admins !== undefined) body.push(small(adminsLine(admins, (value) => safeName(value, 120)), { isSubtle: true }));
  return card(body, [buttons.status(), buttons.cancel()]);
}

export function adminMenuText({ testbeds, now }: AdminMenuInput): string {
  const late = pastDue(testbeds, now, (value) => plainText(value, 80)).map((line) => ` ${line}`).join('');
  return `Lab admin. ${summary(testbeds)}${late} Open the card to add, rename, edit or retire a testbed, start or end maintenance, force release a booking, or type extend lab-3 by 2 hours or give lab-3 to Grace for somebody else’s booking.`;
}

/* Not an admin ------------------------------------------------------------------------------- */

const NOT_ALLOWED = [
  'Sorry, the admin card is only for the lab\u2019s admins, so nothing was changed.',
  'If a testbed needs adding, fixing or freeing, please ask one of them (type who are the admins in a lab room).',
];

/** Who the lab's admins are (the ADMINS emails), or that none is set up. */
function adminsLine(admins: readonly string[], esc: (value: unknown) => string): string {
  return admins.length === 0 ? 'No admin is set up yet (the ADMINS setting is empty).' : `Admins: ${admins.map((email) => esc(email)).join(', ')}.`;
}

export function adminNotAllowedCard(): AdaptiveCardJson {
  return card([heading('For the lab\u2019s admins'), ...NOT_ALLOWED.map((line) => textBlock(line))], [buttons.menu()]);
}

export interface MaintenanceAheadInput {
  record: TestbedRecord;
  now: string;
  timeZone: string;
}

/** `Ada Ops holds it until …`: a booking of it runs until its holder releases it, whatever is planned. */
function heldLine(record: TestbedRecord, timeZone: string, esc: (value: unknown) => string): string[] {
  if (record.status !== 'in_use') return [];
  return [`${esc(record.user_name)} holds it, expected release ${formatWhen(record.expected_release_time, timeZone)}; a booking runs until it is released.`];
}

const AHEAD_WHY = 'maintenance starts when an admin starts it and lasts until an admin ends it.';
const aheadHow = (name: string) =>
  `To plan it: tell the lab now with a maintenance notice (Broadcast), and when the time comes, start it (Start maintenance, or type maintenance ${name} until …).`;

/** `schedule maintenance for lab-3 on saturday`: it cannot be set ahead; what to do instead, one press each. */
export function maintenanceAheadCard({ record, timeZone }: MaintenanceAheadInput): AdaptiveCardJson {
  const name = safeName(record.testbed_name, 80);
  const under = record.maintenance ? [textBlock(`${name} is under maintenance now (${safeName(record.maintenance.reason, 200)}).`, { spacing: 'Small' })] : [];
  return card(
    [
      heading(`Maintenance of ${name} cannot be set for later`),
      textBlock(`I cannot put ${name} into maintenance at a later time: ${AHEAD_WHY}`),
      ...under,
      ...heldLine(record, timeZone, (value) => safeName(value)).map((line) => textBlock(line, { spacing: 'Small' })),
      small(aheadHow(name), { isSubtle: true }),
    ],
    [
      submit('Broadcast', { action: ACTIONS.broadcast }, { associatedInputs: 'none' }),
      adminButtons.form('maintenance_start', 'Start maintenance', { testbed_id: String(record.id) }),
    ],
  );
}

export function maintenanceAheadText({ record, timeZone }: MaintenanceAheadInput): string {
  const name = plainText(record.testbed_name, 80);
  return [`I cannot put ${name} into maintenance at a later time: ${AHEAD_WHY}`, ...heldLine(record, timeZone, (value) => plainText(value, 80)), aheadHow(name)].join(' ');
}

export interface AdminListInput {
  admins: readonly string[];
  /** Who asked (absent: not known), so the card can say whether they are one. */
  requesterEmail?: string;
}

/** `am I an admin?`: whether the person asking is one, and how one becomes one. */
function youLine({ admins, requesterEmail }: AdminListInput): string[] {
  if (requesterEmail === undefined || admins.length === 0) return [];
  return admins.some((email) => sameEmail(email, requesterEmail))
    ? ['You are one of them.']
    : ['You are not one of them. To become one, ask whoever runs the bot to add your email to its ADMINS setting.'];
}

/** `who are the admins?`: the ADMINS emails and what they can do. */
export function adminListCard(input: AdminListInput): AdaptiveCardJson {
  const you = youLine(input).map((line) => textBlock(line, { spacing: 'Small' }));
  return card([heading('The lab\u2019s admins'), textBlock(adminsLine(input.admins, (value) => safeName(value, 120))), ...you, small(ADMINS_DO, { isSubtle: true })], [buttons.menu()]);
}

export function adminListText(input: AdminListInput): string {
  return [adminsLine(input.admins, (value) => plainText(value, 120)), ...youLine(input), ADMINS_DO].join(' ');
}

const ADMINS_DO = 'They add, rename, label and retire testbeds, start and end maintenance, and extend, hand over or force release somebody\u2019s booking.';

export function adminNotAllowedText(): string {
  return NOT_ALLOWED.join(' ');
}

/* What a request did --------------------------------------------------------------------------- */

export interface AdminOutcomeInput {
  request: AdminRequest;
  outcome: AdminOutcome;
  /** The current records (for names a refusal does not carry, and the forms shown again). */
  testbeds: readonly TestbedRecord[];
  /** Holds, to say for whom a testbed is kept. */
  life: readonly LifecycleEntry[];
  now: string;
  timeZone: string;
  /** The admin who asked (a booking they handed over to themselves is not news to them). */
  requesterEmail?: string;
}

/** How user values are written: markdown-inert on the card, plain in the fallback text. */
interface Escape {
  line(value: unknown, max: number): string;
  text(value: unknown, max: number): string;
  holder(record: TestbedRecord): string;
}

const onCard: Escape = { line: safeName, text: safeText, holder: holderMarkdown };
const inText: Escape = {
  line: plainText,
  text: plainText,
  holder: (record) => `${plainText(record.user_name, 80)} (${plainText(record.user_email, 120)})`,
};

interface Told {
  title: string;
  colour: 'good' | 'warning' | 'default';
  lines: string[];
  facts: Array<[string, string]>;
}

function requestedId(request: AdminRequest): number | null {
  return request.type === 'add' || request.type === 'extendAll' ? null : request.testbedId;
}

/** A refused add or rename because of the name comes back as its form, the problem on the name. */
function isNameRefusal(input: AdminOutcomeInput): input is AdminOutcomeInput & { request: Extract<AdminRequest, { type: 'add' | 'rename' }> } {
  return input.outcome.type === 'refused' && input.outcome.reason === 'name_taken' && (input.request.type === 'add' || input.request.type === 'rename');
}

/** The taken name as the records have it (the request may differ in case). */
function takenName(request: AdminRequest, record: TestbedRecord | undefined, testbeds: readonly TestbedRecord[]): string {
  const wanted = request.type === 'add' || request.type === 'rename' ? request.name : '';
  const id = requestedId(request);
  // The refusal may carry the testbed being renamed rather than the one that has the name.
  const holder = testbeds.find((candidate) => candidate.id !== id && sameName(candidate.testbed_name, wanted));
  return holder?.testbed_name ?? (record && record.id !== id ? record.testbed_name : wanted);
}

function refusalLine(reason: AdminRefusal, input: AdminOutcomeInput, record: TestbedRecord | undefined, esc: Escape): string {
  const name = record ? esc.line(record.testbed_name, 80) : 'That testbed';
  const { timeZone } = input;
  switch (reason) {
    case 'unknown':
      return 'That testbed is not in the list any more.';
    case 'name_taken':
      return `Another testbed is already called ${esc.line(takenName(input.request, record, input.testbeds), 80)} (names are compared ignoring case).`;
    case 'in_use': {
      const holder = record?.user_name ? ` by ${esc.line(record.user_name, 80)}` : '';
      const task = input.request.type === 'retire' ? 'retire it' : 'start maintenance';
      return `${name} is in use${holder}; force release it first if you need to ${task} now.`;
    }
    case 'not_in_use':
      return `${name} is not in use, so there is nothing to force release.`;
    case 'held': {
      const offer = record ? input.life.find((entry) => entry.testbed_id === record.id)?.offer : undefined;
      return offer
        ? `${name} is being kept for ${esc.line(offer.name, 80)}, first in its queue, until ${formatWhen(offer.until, timeZone)}. Try again once the hold has ended.`
        : `${name} is being kept for the first person in its queue right now. Try again once the hold has ended.`;
    }
    case 'in_maintenance':
      return `${name} is already under maintenance.`;
    case 'not_in_maintenance':
      return `${name} is not under maintenance.`;
    case 'busy':
      return `${name} is being changed right now. Please try again in a moment.`;
    case 'changed_hands': {
      // Every booking of one person: none is theirs any more.
      if (input.request.type === 'extendAll' && record === undefined) return `${esc.line(input.request.holderEmail, 120)} holds no testbed any more, so nothing was extended.`;
      const [doing, done, typed] = input.request.type === 'handOver' ? ['hand over', 'handed over', `give ${name} to and the colleague`] : ['extend', 'extended', `extend ${name}`];
      if (record?.status !== 'in_use') return `${name} is not booked any more, so there is no booking to ${doing}.`;
      return `${name} changed hands meanwhile: ${esc.line(record.user_name, 80)} holds it now, so nothing was ${done}. Type ${typed} again to ${doing} their booking.`;
    }
    case 'no_person':
      return 'The platform no longer knows that colleague, so nothing was handed over. Type their email instead.';
    case 'already_theirs':
      return `${record?.user_name ? esc.line(record.user_name, 80) : 'That colleague'} holds ${name} already.`;
    case 'not_later':
      return `${name} already runs until ${formatWhen(record?.expected_release_time, timeZone)}, so there is nothing to extend to then.`;
    case 'too_far':
      return `A booking runs at most ${MAX_DAYS_AHEAD} days ahead, so ${name} was not extended.`;
  }
}

/** Maintenance asked for a testbed already under it: what it says now, and the expected end it replaced. */
function maintenanceChangedTold(outcome: Extract<AdminOutcome, { type: 'maintenanceChanged' }>, input: AdminOutcomeInput, esc: Escape): Told {
  const { now, timeZone } = input;
  const name = esc.line(outcome.record.testbed_name, 80);
  const maintenance = outcome.record.maintenance;
  const until = maintenance?.until ? formatWhenRelative(maintenance.until, now, timeZone) : 'not given';
  const facts: Array<[string, string]> = [['Reason', esc.text(maintenance?.reason ?? '', 300)], ['Expected back', until]];
  if (!outcome.changed) {
    return { title: 'Nothing was changed', colour: 'warning', lines: [`${name} is under maintenance with this reason and expected end already.`], facts };
  }
  const before = outcome.previous.until;
  const moved = before === (maintenance?.until ?? null) ? [] : [before === null ? 'No expected end was given before.' : `It was expected back ${formatWhen(before, timeZone)}.`];
  const told = outcome.told ? [`I told the ${outcome.told === 1 ? 'person' : `${outcome.told} people`} waiting for it.`] : [];
  return { title: `${name}: maintenance changed`, colour: 'good', lines: ['It stays under maintenance until an admin ends it.', ...moved, ...told], facts };
}

function told(input: AdminOutcomeInput, esc: Escape): Told {
  const { outcome, request, timeZone, now } = input;
  switch (outcome.type) {
    case 'added': {
      const record = outcome.record;
      const labels = record.labels && record.labels.length > 0 ? record.labels.map((label) => esc.line(label, 32)).join(', ') : 'none';
      const description: Array<[string, string]> = record.description ? [['Description', esc.text(record.description, 200)]] : [];
      return {
        title: `Added: ${esc.line(record.testbed_name, 80)}`,
        colour: 'good',
        lines: outcome.waiters?.offeredTo ? waitersLines(outcome.waiters, esc) : ['It is available to book now.', ...waitersLines(outcome.waiters, esc)],
        facts: [['Id', String(record.id)], ['Labels', labels], ...description],
      };
    }
    case 'renamed':
      return {
        title: `Renamed: ${esc.line(outcome.previousName, 80)} → ${esc.line(outcome.record.testbed_name, 80)}`,
        colour: 'good',
        lines: ['Status and the forms show the new name now; bookings and queues are unchanged.'],
        facts: [],
      };
    case 'edited':
      return outcome.changed ? editedTold(outcome, esc) : {
        title: 'Nothing was changed',
        colour: 'warning',
        lines: [`${esc.line(outcome.record.testbed_name, 80)} already has these labels and this description.`],
        facts: [],
      };
    case 'retired':
      return {
        title: `Retired: ${esc.line(outcome.record.testbed_name, 80)}`,
        colour: 'good',
        lines: [`It is gone from status and the forms. Its id ${outcome.record.id} is never given out again.`],
        facts: [],
      };
    case 'maintenanceStarted': {
      const maintenance = outcome.record.maintenance;
      const until = maintenance?.until ? formatWhenRelative(maintenance.until, now, timeZone) : 'not given';
      return {
        title: `${esc.line(outcome.record.testbed_name, 80)} is under maintenance`,
        colour: 'good',
        lines: ['Nobody can book it until an admin ends the maintenance.'],
        facts: [['Reason', esc.text(maintenance?.reason ?? (request.type === 'maintenanceStart' ? request.reason : ''), 300)], ['Expected back', until]],
      };
    }
    case 'maintenanceChanged':
      return maintenanceChangedTold(outcome, input, esc);
    case 'maintenanceEnded':
      return {
        title: `${esc.line(outcome.record.testbed_name, 80)} is back in service`,
        colour: 'good',
        lines: ['It can be booked again; the first person in its queue, if any, is offered it.'],
        facts: [],
      };
    case 'forceReleased': {
      const previous = outcome.previous;
      return {
        title: `Force released: ${esc.line(previous.testbed_name, 80)}`,
        colour: 'good',
        lines: [
          outcome.next
            ? `It goes to ${esc.line(outcome.next.name, 80)}, first in its queue. The holder gets a direct message with your name and the reason.`
            : 'It is free again. The holder gets a direct message with your name and the reason.',
        ],
        facts: [
          ['Was held by', esc.holder(previous)],
          ['Since', formatWhen(previous.registered_time, timeZone)],
          ['Purpose', esc.text(previous.purpose ?? '', 300)],
          ['Reason', esc.text(request.type === 'forceRelease' ? request.reason : '', 300)],
        ],
      };
    }
    case 'extended': {
      const record = outcome.record;
      return {
        title: `Extended: ${esc.line(record.testbed_name, 80)}`,
        colour: 'good',
        lines: [`${esc.line(record.user_name, 80)} gets a direct message saying you extended their booking.`],
        facts: [
          ['Held by', esc.holder(record)],
          ['Expected release', formatWhenRelative(record.expected_release_time, now, timeZone)],
          ['Was due', formatWhen(outcome.previousRelease, timeZone)],
        ],
      };
    }
    case 'handedOver': {
      const { record, previous } = outcome;
      // Taken over by the admin themselves: only the holder it was taken from hears of it.
      const told = sameEmail(record.user_email, input.requesterEmail) ? `${esc.line(previous.user_name, 80)} gets a direct message saying you did.` : 'Both get a direct message saying you did.';
      return {
        title: `Handed over: ${esc.line(record.testbed_name, 80)}`,
        colour: 'good',
        lines: [`${esc.line(record.user_name, 80)} holds it now, with its purpose and expected release. ${told}`],
        facts: [
          ['Was held by', esc.holder(previous)],
          ['Now held by', esc.holder(record)],
          ['Expected release', formatWhenRelative(record.expected_release_time, now, timeZone)],
        ],
      };
    }
    case 'extendedAll': {
      const [first] = outcome.extended;
      const whose = first ? esc.line(first.record.user_name, 80) : esc.line(request.type === 'extendAll' ? request.holderEmail : '', 120);
      const count = outcome.extended.length;
      const extended = outcome.extended.map(({ record, previousRelease }) => `${esc.line(record.testbed_name, 80)}: expected release ${formatWhenRelative(record.expected_release_time, now, timeZone)}; it was due ${formatWhen(previousRelease, timeZone)}.`);
      // Each says which testbed it is about.
      const notExtended = outcome.refused.map(({ record, reason }) => refusalLine(reason, input, record, esc));
      return {
        title: count === 0 ? 'Nothing was changed' : `Extended ${count === 1 ? '1 booking' : `${count} bookings`} of ${whose}`,
        colour: count === 0 ? 'warning' : 'good',
        lines: [...extended, ...notExtended, ...(count === 0 ? [] : [`${whose} gets a direct message for each, saying you extended it.`])],
        facts: [],
      };
    }
    case 'refused': {
      const id = requestedId(request);
      const record = outcome.record ?? (id === null ? undefined : input.testbeds.find((candidate) => candidate.id === id));
      return { title: 'Nothing was changed', colour: 'warning', lines: [refusalLine(outcome.reason, input, record, esc)], facts: [] };
    }
  }
}

/** Saved labels and description, each with what it was when it changed. */
function editedTold(outcome: Extract<AdminOutcome, { type: 'edited' }>, esc: Escape): Told {
  const { record, previous } = outcome;
  const labelsOf = (labels: readonly string[] | undefined) => (labels?.length ? labels.map((label) => esc.line(label, 32)).join(', ') : 'none');
  const describe = (text: string | null | undefined) => (text ? esc.text(text, 200) : 'none');
  const labels = labelsOf(record.labels);
  const description = describe(record.description);
  const was = (now: string, before: string) => (now === before ? now : `${now} (was: ${before})`);
  return {
    title: `Saved: ${esc.line(record.testbed_name, 80)}`,
    colour: 'good',
    lines: [outcome.waiters ? 'Status and the forms show them now; bookings are unchanged.' : 'Status and the forms show them now; bookings and queues are unchanged.', ...waitersLines(outcome.waiters, esc)],
    facts: [['Labels', was(labels, labelsOf(previous.labels))], ['Description', was(description, describe(previous.description))]],
  };
}

/** What a testbed that gained (or lost) labels did for the people waiting for any testbed of one of them. */
function waitersLines(waiters: LabelWaiters | undefined, esc: Escape): string[] {
  if (!waiters) return [];
  const people = (count: number) => (count === 1 ? '1 person waiting for any testbed of its labels takes a place' : `${count} people waiting for any testbed of its labels take a place`);
  const offered = waiters.offeredTo
    ? [`It is held for ${esc.line(waiters.offeredTo.name, 80)}, who was waiting for any ${esc.line(waiters.offeredTo.label, 32)}; they have a message with Book it.`]
    : [];
  const queued = waiters.queued > 0 ? [`${people(waiters.queued)} in its queue.`] : [];
  const left = waiters.left ?? 0;
  const gone =
    left > 0 ? [`${left === 1 ? '1 person' : `${left} people`} waiting for any testbed of a label it no longer carries left its queue; I told ${left === 1 ? 'them' : 'each of them'}.`] : [];
  return [...offered, ...queued, ...gone];
}

export function adminOutcomeCard(input: AdminOutcomeInput): AdaptiveCardJson {
  if (isNameRefusal(input)) return adminFormCard(nameRefusalForm(input));
  const { title, colour, lines, facts } = told(input, onCard);
  const body: CardElement[] = [heading(title, { color: colour }), ...lines.map((line) => textBlock(line))];
  if (facts.length > 0) body.push(factSet(facts.map(([name, value]) => fact(name, value))));
  return card(body, [adminButtons.admin('Admin'), buttons.status()]);
}

export function adminOutcomeText(input: AdminOutcomeInput): string {
  if (isNameRefusal(input)) return adminFormText(nameRefusalForm(input));
  const { title, lines } = told(input, inText);
  return `${title}. ${lines.join(' ')}`;
}

function nameRefusalForm(input: AdminOutcomeInput & { request: Extract<AdminRequest, { type: 'add' | 'rename' }> }) {
  const record = input.outcome.type === 'refused' ? input.outcome.record : undefined;
  return {
    task: taskOfRequest(input.request),
    testbeds: input.testbeds,
    now: input.now,
    timeZone: input.timeZone,
    // Shown through safeText under the name input, like every form problem.
    errors: { testbed_name: `Another testbed is already called ${plainText(takenName(input.request, record, input.testbeds), 80)} (names are compared ignoring case). Choose another name.` },
    values: valuesOfRequest(input.request),
  };
}
