/**
 * Direct messages about a booking: the reminder and overdue notices (Extend 1 hour, Extend 1 day,
 * Release now), the hand-off offer with its short booking form, the ask to the holder and the
 * answer to the asker, a booking ended by an admin, a retired testbed somebody waited for. Every button carries its action and the testbed id, so a click is a
 * complete request that the bot checks against the stored record or offer. Each card has a
 * plain-text sibling.
 */
import type { DirectNotice, FormErrors, FormValues, HoldOffer, TestbedRecord } from '../domain.js';
import type { AdaptiveCardJson } from '../platform/port.js';
import { ACTIONS, HANDOFF_FORM, INPUT_IDS } from './actions.js';
import { card, safeText, submit, textBlock, type CardElement } from './common.js';
import { dueText, errorSummary, fact, factSet, fieldError, heading, namesAndMore, plainText, safeName, sentences, small, testbedState } from './parts.js';
import { compareNames } from './name-order.js';
import { ANY_TESTBED_LABEL, eitherNames, sameLabel, waitedForWords } from '../lab-rules.js';
import { purposeInput } from './register.card.js';
import { adminButtons } from './admin-forms.card.js';
import { formatRelative, formatWhen, formatWhenRelative } from './time.js';

export interface NoticeInput {
  notice: DirectNotice;
  now: string;
  timeZone: string;
}

const noInputs = { associatedInputs: 'none' };

/** Extend and release buttons for one testbed (the reminder, the overdue notice, "Mine"). */
export function bookingButtons(testbedId: number, releaseTitle = 'Release now'): CardElement[] {
  return [...extendThisButtons(testbedId), submit(releaseTitle, { action: ACTIONS.releaseSubmit, testbed_id: String(testbedId) }, noInputs)];
}

/** Extend 1 hour and Extend 1 day for one booking, with no picker to read (a card about that booking alone). */
export function extendThisButtons(testbedId: number): CardElement[] {
  const id = String(testbedId);
  return [
    submit('Extend 1 hour', { action: ACTIONS.extend, testbed_id: id, minutes: '60' }, noInputs),
    submit('Extend 1 day', { action: ACTIONS.extend, testbed_id: id, minutes: '1440' }, noInputs),
  ];
}

/** The quick choices the hand-off form offers (a subset of the register form's). */
const HANDOFF_CHOICES: Array<[string, string]> = [
  ['1h', 'In 1 hour'],
  ['4h', 'In 4 hours'],
  ['eod', 'End of today'],
  ['1d', 'In 1 day'],
  ['3d', 'In 3 days'],
  ['1w', 'In 1 week'],
];

export interface OfferFormInput {
  record: TestbedRecord;
  offer: HoldOffer;
  now: string;
  timeZone: string;
  /** Set when the form came back with problems: they are named, and what the person filled in is kept. */
  errors?: FormErrors;
  values?: FormValues;
}

const OFFER_INPUTS = [INPUT_IDS.purpose, INPUT_IDS.releaseChoice];

/** The hand-off offer: a short booking form for the person first in the queue, and No thanks. */
export function offerFormCard({ record, offer, now, timeZone, errors, values = {} }: OfferFormInput): AdaptiveCardJson {
  const name = safeName(record.testbed_name);
  const until = formatWhenRelative(offer.until, now, timeZone);
  const kept = (id: string, allowed?: readonly string[]) => {
    const value = Object.hasOwn(values, id) ? values[id] : undefined;
    return typeof value === 'string' && value !== '' && (!allowed || allowed.includes(value)) ? { value } : {};
  };
  return card(
    [
      heading(`${name} is free: it is yours if you want it`, { color: 'good' }),
      textBlock(`You were first in the queue. ${name} is held for you until ${until}; after that it goes to the next person.`),
      // Waited for by label (`wait any 5g`): booking this one ends the other waits.
      ...(offer.label === undefined ? [] : [textBlock(`You waited for ${waitedForWords(offer.label, safeName)}: once you book ${name}, I take you out of the other queues.`)]),
      textBlock('Your name and email come from your Webex profile.', { isSubtle: true, spacing: 'None' }),
      ...errorSummary(errors, OFFER_INPUTS),
      purposeInput(kept(INPUT_IDS.purpose)),
      ...fieldError(errors, INPUT_IDS.purpose),
      {
        type: 'Input.ChoiceSet',
        id: INPUT_IDS.releaseChoice,
        label: 'Expected release',
        style: 'compact',
        isRequired: true,
        errorMessage: 'Choose when you expect to release it.',
        placeholder: 'Choose when',
        choices: HANDOFF_CHOICES.map(([value, title]) => ({ title, value })),
        ...kept(INPUT_IDS.releaseChoice, HANDOFF_CHOICES.map(([value]) => value)),
      },
      ...fieldError(errors, INPUT_IDS.releaseChoice),
    ],
    [
      submit('Book it', { action: ACTIONS.registerSubmit, testbed_id: String(record.id), [HANDOFF_FORM.key]: HANDOFF_FORM.value }),
      submit('No thanks', { action: ACTIONS.declineOffer, testbed_id: String(record.id) }, noInputs),
    ],
  );
}

export function offerFormText({ record, offer, timeZone, errors }: OfferFormInput): string {
  const problems = errors && Object.keys(errors).length > 0 ? ' Some fields need another look.' : '';
  return `${plainText(record.testbed_name, 80)} is free and held for you until ${formatWhen(offer.until, timeZone)}.${problems} Open the card to book it.`;
}

/** The booking's purpose, as the status rows show it. */
export function purposeLine(record: TestbedRecord): CardElement {
  return small(`Purpose: ${safeText(record.purpose ?? '', 200)}`, { isSubtle: true });
}

/** `2 people are waiting for it.`: somebody needs the testbed next (none: no line). */
export function waitingText(waiting: number | undefined): string {
  if (waiting === undefined || waiting < 1) return '';
  return ` ${waiting} ${waiting === 1 ? 'person is' : 'people are'} waiting for it.`;
}

function waitingLine(waiting: number | undefined): CardElement[] {
  const text = waitingText(waiting).trim();
  return text === '' ? [] : [textBlock(text, { weight: 'Bolder' })];
}

/** After the holder released it: who it went to, or that anybody may book it now. */
function releasedTo(handedTo: { name: string; toYou: boolean } | undefined, name: string, esc: (value: unknown) => string): string {
  if (handedTo === undefined) return `Anybody may book it now: type book ${name} in the lab room.`;
  return handedTo.toYou ? 'You were first in its queue: my next message offers it to you.' : `It goes to ${esc(handedTo.name)}, first in its queue.`;
}

/** `Linus Lab handed lab-3 over to you.`, or, an admin having done it, `Ada Ops handed lab-3 over to you; it was Linus Lab’s booking.` */
function handedOverLine(byName: string, forName: string | undefined, name: string, esc: (value: unknown) => string): string {
  return forName === undefined ? `${esc(byName)} handed ${name} over to you.` : `${esc(byName)} handed ${name} over to you; it was ${esc(forName)}’s booking.`;
}

/** `Linus Lab extended lab-3`, or, an admin having done it, `Ada Ops extended Linus Lab’s booking of lab-3`. */
function extendedBy(byName: string | undefined, holderName: string | null, name: string, esc: (value: unknown) => string): string {
  return byName === undefined ? `${esc(holderName)} extended ${name}` : `${esc(byName)} extended ${esc(holderName)}’s booking of ${name}`;
}

/** After `Still need it`: the expected release, or, past it, that no new time was given yet. */
function keptDue(record: TestbedRecord, when: string, now: string): string {
  return testbedState(record, now) === 'overdue' ? `It was due back ${when}; no new time was given yet.` : `Expected release: ${when}.`;
}

export function noticeCard({ notice, now, timeZone }: NoticeInput): AdaptiveCardJson {
  const record = notice.record;
  const name = safeName(record.testbed_name);
  const due = formatWhenRelative(record.expected_release_time, now, timeZone);
  switch (notice.kind) {
    case 'reminder':
      return card(
        [
          heading(`Reminder: ${name} is due back soon`, { color: 'warning' }),
          textBlock(`Your booking of ${name} ends ${formatRelative(record.expected_release_time, now)}.`),
          textBlock(dueText(record, now, timeZone).text, { weight: 'Bolder' }),
          purposeLine(record),
          ...waitingLine(notice.waiting),
          textBlock('Extend it if you still need it, or release it so others can use it.', { isSubtle: true }),
        ],
        bookingButtons(record.id),
      );
    case 'overdue':
      return card(
        [
          heading(`Overdue: ${name}`, { color: 'attention' }),
          textBlock(`Your booking of ${name} was due back ${formatRelative(record.expected_release_time, now)}.`),
          textBlock(dueText(record, now, timeZone).text, { weight: 'Bolder', color: 'attention' }),
          purposeLine(record),
          ...waitingLine(notice.waiting),
          textBlock('Extend it if you still need it, or release it so others can use it.', { isSubtle: true }),
        ],
        bookingButtons(record.id),
      );
    case 'offer':
      return offerFormCard({ record, offer: notice.offer, now, timeZone });
    case 'holdLapsed': {
      const still = stillOfferedLine(notice.label, notice.stillWaiting, (value, max) => safeName(value, max));
      return card(
        [
          heading(`${name}: the hold has ended`, { color: 'warning' }),
          textBlock(`${name} was held for you, but the time ran out. It went to the next person in the queue, or is free for all.`),
          ...(still === undefined ? [] : [textBlock(still)]),
        ],
        still === undefined || notice.label === undefined ? [] : [submit('Leave these queues', { action: ACTIONS.unwaitLabel, label: notice.label }, { associatedInputs: 'none' })],
      );
    }
    case 'askHolder':
      return card(
        [
          heading(`Do you still need ${name}?`),
          textBlock(`${safeName(notice.askerName)} asks whether you still need ${name}.`),
          textBlock(dueText(record, now, timeZone).text),
        ],
        [
          submit('Release now', { action: ACTIONS.releaseSubmit, testbed_id: String(record.id) }, noInputs),
          submit('Still need it', { action: ACTIONS.stillNeed, testbed_id: String(record.id) }, noInputs),
        ],
      );
    case 'askAnswered':
      return card([
        heading(notice.answer === 'released' ? `${name} was released` : `${name} is still needed`, {
          color: notice.answer === 'released' ? 'good' : 'warning',
        }),
        textBlock(
          notice.answer === 'released'
            ? `${safeName(notice.holderName)} released ${name}. ${releasedTo(notice.handedTo, name, safeName)}`
            : `${safeName(notice.holderName)} still needs ${name}. ${keptDue(record, due, now)}`,
        ),
      ]);
    case 'forceReleased':
      return card([
        heading(`${name} was released by an admin`, { color: 'attention' }),
        textBlock(`${safeName(notice.byName)} ended your booking of ${name}.`),
        factSet([fact('Reason', safeText(notice.reason, 200)), fact('Purpose', safeText(record.purpose ?? '', 200))]),
        textBlock(
          notice.handedTo === undefined
            ? 'Book it again, or another testbed, if you still need one.'
            : `It went to ${safeName(notice.handedTo)}, who was waiting for it. Type wait ${name} to queue for it again, or book another testbed.`,
          { isSubtle: true },
        ),
      ]);
    case 'nowFirst':
      return card([
        heading(`You are next for ${name}`, { color: 'good' }),
        textBlock(`You are now first in the queue for ${name}. I message you as soon as it is yours.`),
        ...(record.status === 'in_use' ? [small(dueText(record, now, timeZone).text, { isSubtle: true })] : []),
      ]);
    case 'extendedAhead':
      return card([
        heading(`${name} runs longer`, { color: 'warning' }),
        textBlock(`${extendedBy(notice.byName, record.user_name, name, safeName)}. Expected release: ${due}.`),
        textBlock('You are still first in its queue: I message you as soon as it is released.', { isSubtle: true }),
      ]);
    case 'handedToYou':
      return card(
        [
          heading(`${name} is yours now`, { color: 'good' }),
          textBlock(handedOverLine(notice.byName, notice.forName, name, safeName)),
          textBlock(dueText(record, now, timeZone).text, { weight: 'Bolder' }),
          purposeLine(record),
          textBlock('Reminders about it come to you now. Extend it if you need longer, and release it when you are done.', { isSubtle: true }),
        ],
        bookingButtons(record.id),
      );
    case 'bookedForYou':
      return card(
        [
          heading(`${name} is booked for you`, { color: 'good' }),
          textBlock(`${safeName(notice.byName)} booked ${name} for you; it is yours now.`),
          textBlock(dueText(record, now, timeZone).text, { weight: 'Bolder' }),
          purposeLine(record),
          textBlock('Reminders about it come to you. Extend it if you need longer, and release it when you are done, or now if you do not need it.', { isSubtle: true }),
        ],
        bookingButtons(record.id),
      );
    case 'handedAway':
      return card([
        heading(`${name} was handed over by an admin`, { color: 'attention' }),
        textBlock(`${safeName(notice.byName)} handed your booking of ${name} over to ${safeName(notice.toName)}, who holds it now.`),
        purposeLine(record),
        textBlock('Book another testbed if you still need one.', { isSubtle: true }),
      ]);
    case 'extendedByAdmin':
      return card(
        [
          heading(`${name} was extended by an admin`, { color: 'good' }),
          textBlock(`${safeName(notice.byName)} extended your booking of ${name}; it was due ${formatWhen(notice.previous, timeZone)}.`),
          textBlock(dueText(record, now, timeZone).text, { weight: 'Bolder' }),
          textBlock('Release it when you are done, so others can use it.', { isSubtle: true }),
        ],
        bookingButtons(record.id),
      );
    case 'dueEarlier':
      return card([
        heading(`${name} is due back sooner`, { color: 'good' }),
        textBlock(`${safeName(record.user_name)} expects to be done with ${name} by ${due}; it was ${formatWhen(notice.previous, timeZone)}.`),
        textBlock('You are first in its queue: I message you as soon as it is released.', { isSubtle: true }),
      ]);
    case 'problem':
      return problemCard(notice, now, timeZone);
    case 'labelLost':
      return card([
        heading(`${name} no longer carries ${safeName(notice.label, 32)}`, { color: 'warning' }),
        textBlock(`An admin took the label ${safeName(notice.label, 32)} off ${name}, so you no longer wait for it.`),
        textBlock(labelLostNext(notice, (value, max) => safeName(value, max)), { isSubtle: true }),
      ]);
    case 'maintenanceDue':
      return maintenanceDueCard(notice, now, timeZone);
    case 'maintenanceMoved':
      return card([
        heading(movedHeading(notice, name), { color: notice.record.maintenance?.until ? 'warning' : 'default' }),
        textBlock(movedLine(notice, name, timeZone, (value) => safeName(value))),
        textBlock(`You are #${notice.position} in its queue: I message you as soon as it is back and yours.`, { isSubtle: true }),
      ]);
    case 'retired': {
      const gone = textBlock(`${name} has been taken out of service for good, so you are no longer waiting for it.`);
      const next = retiredNext(notice, (value, max) => safeName(value, max));
      // Waiting for any testbed (of a label) elsewhere too: where, and one press to give those places up.
      const leave = notice.stillWaiting?.length && notice.label !== undefined ? [submit('Leave these queues', { action: ACTIONS.unwaitLabel, label: notice.label }, noInputs)] : [];
      return card([heading(`${name} was retired`, { color: 'warning' }), gone, textBlock(next, { isSubtle: leave.length === 0 })], leave);
    }
  }
}

/** Queues named one by one where somebody waits for any testbed (of a label); the rest are counted. */
export const NAMED_PLACES = 10;

/** `You still wait for any 5g in the queue of lab-1, lab-3`: the testbeds by name, `NAMED_PLACES` of them, the rest counted. */
function stillWaitingIn(label: string, names: readonly string[], esc: (value: unknown, max: number) => string): string {
  const sorted = [...names].sort(compareNames);
  // Testbeds they named (`wait lab-3 or lab-5`): the queues are all there is to say.
  const waited = eitherNames(label) === undefined ? ` for ${waitedForWords(label, esc)}` : '';
  return `You still wait${waited} in the queue of ${namesAndMore(sorted.slice(0, NAMED_PLACES).map((name) => esc(name, 80)), sorted.length)}`;
}

/** After an offer from waiting by label was passed on or ran out: where they still wait, when anywhere. */
export function stillOfferedLine(label: string | undefined, names: readonly string[] | undefined, esc: (value: unknown, max: number) => string): string | undefined {
  if (label === undefined || names === undefined || names.length === 0) return undefined;
  return `${stillWaitingIn(label, names, esc)}: the first of them handed on is offered to you.`;
}

/** After a retired testbed: where they still wait (a place taken by label), how to wait again, or to choose another. */
function retiredNext(notice: Extract<DirectNotice, { kind: 'retired' }>, esc: (value: unknown, max: number) => string): string {
  if (notice.label === undefined) return 'Choose another testbed if you still need one.';
  const still = stillOfferedLine(notice.label, notice.stillWaiting, esc);
  if (still !== undefined) return still;
  // One of the testbeds they named is the one retired: waiting for the same ones again would name it.
  if (eitherNames(notice.label) !== undefined) return 'You wait in no other queue now. Choose another testbed if you still need one.';
  return `You wait for ${waitedForWords(notice.label, esc)} in no other queue now: type ${waitAgain(notice.label, esc)} in the lab’s room to wait again.`;
}

/** `wait any` (any testbed at all) or `wait any 5g`. */
const waitAgain = (label: string, esc: (value: unknown, max: number) => string) => (sameLabel(label, ANY_TESTBED_LABEL) ? 'wait any' : `wait any ${esc(label, 32)}`);

/** Where somebody whose place went with a label still waits for it, or how to wait again. */
function labelLostNext(notice: Extract<DirectNotice, { kind: 'labelLost' }>, esc: (value: unknown, max: number) => string): string {
  if (notice.stillWaiting.length > 0) return `${stillWaitingIn(notice.label, notice.stillWaiting, esc)}.`;
  const label = esc(notice.label, 32);
  return `No other testbed you waited on carries ${label}. Type status ${label} in the lab’s room to see which testbeds do.`;
}

/** Who else knows of a problem, for its holder. */
const holderFootnote = (notice: Extract<DirectNotice, { kind: 'problem' }>) =>
  notice.adminsTold ? 'The lab’s admins were told.' : 'No admin is set up, so you are the one told.';

/** `Ada Ops holds it; expected release: … (in 2 h).` (or `release was due: …`): a booked testbed's holder and due time. */
export function heldUntilLine(record: TestbedRecord, now: string, timeZone: string, esc: (value: unknown) => string): string {
  return `${esc(record.user_name)} holds it; ${dueText(record, now, timeZone).text.replace(/^\w/, (first) => first.toLowerCase())}.`;
}

/** `You put lab-3 under maintenance 2 d ago (new power supply) and expected it back 2026-03-02 16:00 UTC (2 h ago).` */
function dueBackLine(notice: Extract<DirectNotice, { kind: 'maintenanceDue' }>, now: string, timeZone: string, esc: (value: unknown) => string): string {
  const maintenance = notice.record.maintenance;
  const name = esc(notice.record.testbed_name);
  if (!maintenance?.until) return `${name} is still under maintenance.`;
  return `You put ${name} under maintenance ${formatRelative(maintenance.since, now)} (${esc(maintenance.reason)}) and expected it back ${formatWhenRelative(maintenance.until, now, timeZone)}.`;
}

/**
 * To the admin who started it, once its expected end passed: is it back? One press ends it, or opens the maintenance
 * form on it with the reason filled in, for a new expected end.
 */
function maintenanceDueCard(notice: Extract<DirectNotice, { kind: 'maintenanceDue' }>, now: string, timeZone: string): AdaptiveCardJson {
  const record = notice.record;
  const id = String(record.id);
  const reason = record.maintenance?.reason ?? '';
  return card(
    [
      heading(`Is ${safeName(record.testbed_name)} back in service?`, { color: 'warning' }),
      textBlock(dueBackLine(notice, now, timeZone, (value) => safeName(value))),
      ...waitingLine(notice.waiting),
      textBlock('End the maintenance if it works again, or give a new expected end so the people waiting know. Nothing changes until you do.', { isSubtle: true }),
    ],
    [
      adminButtons.form('maintenance_end', 'End maintenance', { testbed_id: id }),
      adminButtons.form('maintenance_start', 'New expected end', { testbed_id: id, reason }),
      adminButtons.admin(),
    ],
  );
}

function movedHeading(notice: Extract<DirectNotice, { kind: 'maintenanceMoved' }>, name: string): string {
  const until = notice.record.maintenance?.until ?? null;
  if (until === null) return `${name}: no expected end now`;
  if (notice.previous === null) return `${name} has an expected end now`;
  return Date.parse(until) > Date.parse(notice.previous) ? `${name} is expected back later` : `${name} is expected back sooner`;
}

/** `Linus Lab now expects lab-3 back from maintenance 2026-03-04 18:00 UTC; it was 2026-03-03 12:00 UTC.` */
function movedLine(notice: Extract<DirectNotice, { kind: 'maintenanceMoved' }>, name: string, timeZone: string, esc: (value: unknown) => string): string {
  const until = notice.record.maintenance?.until ?? null;
  const was = notice.previous === null ? 'no time was given before' : `it was ${formatWhen(notice.previous, timeZone)}`;
  if (until === null) return `${esc(notice.byName)} no longer gives a time when ${name} is expected back from maintenance; ${was}.`;
  return `${esc(notice.byName)} now expects ${name} back from maintenance ${formatWhen(until, timeZone)}; ${was}.`;
}

/** How the testbed stands, for an admin told of a problem with it. */
function standing(record: TestbedRecord, now: string, timeZone: string, esc: (value: unknown) => string, news = false): string {
  if (record.status === 'in_use') return heldUntilLine(record, now, timeZone, esc);
  if (record.maintenance) return `It is under maintenance${news ? '' : ' already'}: ${esc(record.maintenance.reason)}.`;
  return 'Nobody holds it right now.';
}

/**
 * A problem reported with a testbed: to an admin, how it stands and the task that fits (start maintenance on a free
 * one, force release a booked one), each form filled in with the testbed and the reporter's words; to its holder,
 * who reported what, that the admins know, and their booking's buttons.
 */
function problemCard(notice: Extract<DirectNotice, { kind: 'problem' }>, now: string, timeZone: string): AdaptiveCardJson {
  const { record, reporter, text } = notice;
  const name = safeName(record.testbed_name);
  const who = `${safeName(reporter.name)} (${safeName(reporter.email, 120)})`;
  const said = textBlock(safeText(text, 500), { wrap: true, spacing: 'Small' });
  if (!notice.asAdmin) {
    return card(
      [heading(`A problem with ${name}`, { color: 'warning' }), textBlock(`${who} reports a problem with ${name}, which you hold:`), said, small(holderFootnote(notice), { isSubtle: true })],
      bookingButtons(record.id),
    );
  }
  if (notice.fixed) {
    // News that it works again: the admins' one step is ending the maintenance (its form, on this testbed).
    const end = record.maintenance ? [adminButtons.form('maintenance_end', 'End maintenance', { testbed_id: String(record.id) })] : [];
    return card(
      [heading(`${name} works again?`, { color: 'good' }), textBlock(`${who} says ${name} works again:`), said, textBlock(standing(record, now, timeZone, (value) => safeName(value), true))],
      [...end, submit('Admin', { action: ACTIONS.admin }, noInputs)],
    );
  }
  const reason = `Reported by ${reporter.name}: ${text}`.slice(0, 200);
  const task =
    record.status === 'in_use'
      ? [submit('Force release', { action: ACTIONS.adminForm, form: 'force_release', testbed_id: String(record.id), reason }, noInputs)]
      : record.maintenance
        ? []
        : [submit('Start maintenance', { action: ACTIONS.adminForm, form: 'maintenance_start', testbed_id: String(record.id), reason }, noInputs)];
  return card(
    [heading(`Problem reported: ${name}`, { color: 'warning' }), textBlock(`${who} reports a problem with ${name}:`), said, textBlock(standing(record, now, timeZone, (value) => safeName(value)))],
    [...task, submit('Admin', { action: ACTIONS.admin }, noInputs)],
  );
}

export function noticeText({ notice, now, timeZone }: NoticeInput): string {
  const record = notice.record;
  const name = plainText(record.testbed_name, 80);
  const when = formatWhen(record.expected_release_time, timeZone);
  switch (notice.kind) {
    case 'reminder':
      return `Reminder: your booking of ${name} ends ${formatRelative(record.expected_release_time, now)} (${when}).${waitingText(notice.waiting)} Extend or release it.`;
    case 'overdue':
      return `Overdue: your booking of ${name} was due back ${formatRelative(record.expected_release_time, now)} (${when}).${waitingText(notice.waiting)} Extend or release it.`;
    case 'offer':
      return offerFormText({ record, offer: notice.offer, now, timeZone });
    case 'holdLapsed': {
      const still = stillOfferedLine(notice.label, notice.stillWaiting, (value, max) => plainText(value, max));
      return `The hold on ${name} has ended; it went to the next person or is free for all.${still === undefined ? '' : ` ${still}`}`;
    }
    case 'askHolder':
      return `${plainText(notice.askerName, 80)} asks whether you still need ${name}.`;
    case 'askAnswered':
      return notice.answer === 'released'
        ? `${plainText(notice.holderName, 80)} released ${name}. ${releasedTo(notice.handedTo, name, (value) => plainText(value, 80))}`
        : `${plainText(notice.holderName, 80)} still needs ${name}. ${keptDue(record, when, now)}`;
    case 'forceReleased':
      return `${plainText(notice.byName, 80)} released your booking of ${name}. Reason: ${plainText(notice.reason, 200)}`;
    case 'problem':
      if (notice.fixed) return `${plainText(notice.reporter.name, 80)} says ${name} works again: ${sentences([plainText(notice.text, 500)])} ${standing(record, now, timeZone, (value) => plainText(value, 80), true)}`;
      return notice.asAdmin
        ? `Problem reported: ${plainText(notice.reporter.name, 80)} reports a problem with ${name}: ${sentences([plainText(notice.text, 500)])} ${standing(record, now, timeZone, (value) => plainText(value, 80))}`
        : `${plainText(notice.reporter.name, 80)} reports a problem with ${name}, which you hold: ${sentences([plainText(notice.text, 500)])} ${holderFootnote(notice)}`;
    case 'nowFirst':
      return `You are now first in the queue for ${name}. I message you as soon as it is yours.`;
    case 'extendedAhead':
      return `${extendedBy(notice.byName, record.user_name, name, (value) => plainText(value, 80))} (expected release ${when}). You are still first in its queue.`;
    case 'dueEarlier':
      return `${plainText(record.user_name, 80)} expects to be done with ${name} by ${when}. You are first in its queue.`;
    case 'handedToYou':
      return `${handedOverLine(notice.byName, notice.forName, name, (value) => plainText(value, 80))} Expected release: ${when}.`;
    case 'bookedForYou':
      return `${plainText(notice.byName, 80)} booked ${name} for you; it is yours now. Expected release: ${when}.`;
    case 'handedAway':
      return `${plainText(notice.byName, 80)} handed your booking of ${name} over to ${plainText(notice.toName, 80)}, who holds it now.`;
    case 'extendedByAdmin':
      return `${plainText(notice.byName, 80)} extended your booking of ${name}: expected release ${when}; it was due ${formatWhen(notice.previous, timeZone)}.`;
    case 'labelLost':
      return `${name} no longer carries ${plainText(notice.label, 32)}, so you no longer wait for it. ${labelLostNext(notice, (value, max) => plainText(value, max))}`;
    case 'maintenanceDue':
      return `${dueBackLine(notice, now, timeZone, (value) => plainText(value, 200))}${waitingText(notice.waiting)} End the maintenance if it works again, or give a new expected end.`;
    case 'maintenanceMoved':
      return `${movedLine(notice, name, timeZone, (value) => plainText(value, 80))} You are #${notice.position} in its queue.`;
    case 'retired':
      return `${name} was retired, so you are no longer waiting for it. ${retiredNext(notice, (value, max) => plainText(value, max))}`;
  }
}
