/**
 * Release: the form (in-use testbeds, the requester's own first, each with its
 * holder), the confirmation, the note for one already available, and the
 * direct-message text for a holder whose testbed somebody else released.
 * Each card has a `xxxText` sibling with its plain fallback text.
 */
import type { DirectMessage, FormErrors, FormValues, NextInLine, TestbedRecord } from '../domain.js';
import type { AdaptiveCardJson } from '../platform/port.js';
import { ACTIONS, INPUT_IDS } from './actions.js';
import { card, submit, textBlock, type CardElement } from './common.js';
import {
  buttons,
  byName,
  errorSummary,
  fieldError,
  heading,
  holderMarkdown,
  holderPlain,
  plainText,
  safeName,
  sameEmail,
} from './parts.js';
import { formatHeldFor, formatWhen } from './time.js';


export interface ReleaseFormInput {
  inUse: readonly TestbedRecord[];
  /** Puts the requester's own bookings first; unknown = no ordering by owner. */
  requesterEmail?: string;
  now: string;
  timeZone: string;
  errors?: FormErrors;
  /** `testbed_id`: the testbed the picker starts on (when it is in use). */
  values?: FormValues;
}

function ordered(inUse: readonly TestbedRecord[], requesterEmail?: string): { own: TestbedRecord[]; others: TestbedRecord[] } {
  const own = inUse.filter((record) => sameEmail(record.user_email, requesterEmail)).sort(byName);
  const others = inUse.filter((record) => !sameEmail(record.user_email, requesterEmail)).sort(byName);
  return { own, others };
}

export function releaseFormCard({ inUse, requesterEmail, now, errors, values }: ReleaseFormInput): AdaptiveCardJson {
  if (inUse.length === 0) {
    return card(
      [heading('Release a testbed'), textBlock('Nothing is booked right now, so there is nothing to release.')],
      [buttons.status(), buttons.register(), buttons.menu()],
    );
  }
  const { own, others } = ordered(inUse, requesterEmail);
  const held = (record: TestbedRecord) => `held for ${formatHeldFor(record.registered_time, now)}`;
  const choices = [
    ...own.map((record) => ({ title: `${plainText(record.testbed_name, 80)} — yours, ${held(record)}`, value: String(record.id) })),
    ...others.map((record) => ({ title: `${plainText(record.testbed_name, 80)} — ${holderPlain(record)}, ${held(record)}`, value: String(record.id) })),
  ];
  const body: CardElement[] = [
    heading('Release a testbed'),
    ...errorSummary(errors, [INPUT_IDS.testbedId]),
    {
      type: 'Input.ChoiceSet',
      id: INPUT_IDS.testbedId,
      label: own.length > 0 ? 'Testbed (yours first)' : 'Testbed',
      style: 'compact',
      isRequired: true,
      errorMessage: 'Choose the testbed to release.',
      placeholder: 'Choose a testbed',
      choices,
      ...pickerStart(values?.[INPUT_IDS.testbedId], choices, own),
    },
    ...fieldError(errors, INPUT_IDS.testbedId),
  ];
  if (others.length > 0) {
    body.push(textBlock('You may release a testbed somebody else holds; they will get a message saying you did.', { isSubtle: true }));
  }
  return card(body, [submit('Release', { action: ACTIONS.releaseSubmit }), buttons.cancel()]);
}

/** The picker starts on the testbed asked for, else on the person's only booking. */
function pickerStart(asked: string | undefined, choices: readonly { value: string }[], own: readonly TestbedRecord[]): { value?: string } {
  if (asked !== undefined && choices.some((choice) => choice.value === asked)) return { value: asked };
  return own.length === 1 ? { value: String(own[0].id) } : {};
}

export function releaseFormText({ inUse, requesterEmail }: ReleaseFormInput): string {
  if (inUse.length === 0) return 'Nothing is booked right now, so there is nothing to release.';
  const own = ordered(inUse, requesterEmail).own.length;
  return `Release a testbed: ${inUse.length} in use${own > 0 ? `, ${own} of them yours` : ''}. Open the card to choose one.`;
}

export interface ReleasedCardInput {
  record: TestbedRecord;
  previous: TestbedRecord;
  /** Display zone for the "held since" time; UTC when absent. */
  timeZone?: string;
  /** Somebody was waiting: it is offered to them, not free for anyone. */
  next?: NextInLine;
}

const minutesText = (minutes: number): string => `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;

export function releasedCard({ record, previous, timeZone = 'UTC', next }: ReleasedCardInput): AdaptiveCardJson {
  const name = safeName(record.testbed_name);
  const body: CardElement[] = [heading(`Released: ${name}`, { color: 'good' })];
  if (next) {
    body.push(textBlock(`It goes to ${safeName(next.name)}, first in its queue: it is kept for them for ${minutesText(next.holdMinutes)}.`));
    body.push(textBlock('If they do not book it by then, the next person waiting gets it.', { isSubtle: true }));
  } else {
    body.push(textBlock(`${name} is available again.`));
  }
  if (previous.status === 'in_use') {
    body.push(textBlock(`It was held by ${holderMarkdown(previous)} since ${formatWhen(previous.registered_time, timeZone)}.`, { isSubtle: true }));
  }
  return card(body, next ? [buttons.status(), buttons.menu()] : [buttons.status(), previous.status === 'in_use' ? bookAgain(record, previous) : buttons.register(), buttons.menu()]);
}

/**
 * Released by mistake: **Book it again** opens the booking form on it, filled in with the booking's purpose and
 * expected release (while that is still ahead), so one more press takes it back while nobody else has.
 */
function bookAgain(record: TestbedRecord, previous: TestbedRecord): CardElement {
  const again = { start_on: record.id, ...(previous.purpose ? { purpose: previous.purpose } : {}), ...(previous.expected_release_time ? { until: previous.expected_release_time } : {}) };
  return submit('Book it again', { action: ACTIONS.register, ...again }, { associatedInputs: 'none' });
}

export function releasedText({ record, next }: ReleasedCardInput): string {
  const name = plainText(record.testbed_name, 80);
  return next
    ? `Released: ${name}. It goes to ${plainText(next.name, 80)}, first in its queue, who has ${minutesText(next.holdMinutes)} to book it.`
    : `Released: ${name} is available again.`;
}

export interface ReleaseRefusedCardInput {
  record: TestbedRecord;
}

export function releaseRefusedCard({ record }: ReleaseRefusedCardInput): AdaptiveCardJson {
  return card(
    [
      heading('Nothing to release'),
      textBlock(`${safeName(record.testbed_name)} is already available. Nothing was changed.`),
    ],
    [buttons.status(), buttons.register(), buttons.menu()],
  );
}

export function releaseRefusedText({ record }: ReleaseRefusedCardInput): string {
  return `${plainText(record.testbed_name, 80)} is already available. Nothing was changed.`;
}

export type ReleasedByOther = Omit<Extract<DirectMessage, { kind: 'releasedByOther' }>, 'kind'>;

/**
 * A value inside a direct message, which is sent as plain `text` (not markdown): one line, cut,
 * with `<` and `>` shown as ‹ › so no client takes a name for a tag.
 */
function plainValue(value: string, max: number): string {
  return plainText(value, max).replace(/</g, '\u2039').replace(/>/g, '\u203A');
}

/** The direct message a holder gets when somebody else released their testbed. */
export function releasedByOtherText({ testbedName, byName, byEmail, handedTo }: ReleasedByOther): string {
  const start = `Heads-up: ${plainValue(byName, 80)} (${plainValue(byEmail, 120)}) released ${plainValue(testbedName, 80)}, which you had booked.`;
  return handedTo === undefined
    ? `${start} It is available again; type testbed if you need to book it back.`
    : `${start} It went to ${plainValue(handedTo, 80)}, who was waiting for it; type wait ${plainValue(testbedName, 80)} to queue for it again.`;
}
