/**
 * A booking's new purpose (`purpose lab-3 soak test`): the form that changes what status shows under
 * one of the person's own bookings. Only the holder may change it; the testbed says so again when the
 * form is sent. The form has a plain-text sibling.
 */
import type { FormErrors, FormValues, TestbedRecord } from '../domain.js';
import type { AdaptiveCardJson } from '../platform/port.js';
import { ACTIONS, INPUT_IDS, LIMITS, chars } from './actions.js';
import { card, safeText, submit, textBlock, type CardElement } from './common.js';
import { buttons, byName, errorSummary, fieldError, heading, plainText, sameEmail, small } from './parts.js';

export interface PurposeFormInput {
  testbeds: readonly TestbedRecord[];
  requesterEmail?: string;
  /** The testbed named with the command (`purpose lab-3 …`). */
  testbedId?: number;
  /** The new purpose as typed; without it the form starts with the chosen booking's current one. */
  purpose?: string;
  errors?: FormErrors;
  /** A submission sent back with its problems: what was chosen and typed. */
  values?: FormValues;
  /** Shown in a 1:1 room that is not approved: nothing about other people's bookings. */
  directRoom?: boolean;
}

function ownBookings({ testbeds, requesterEmail }: PurposeFormInput): TestbedRecord[] {
  return testbeds.filter((record) => record.status === 'in_use' && sameEmail(record.user_email, requesterEmail)).sort(byName);
}

/** The booking the picker starts on: the one sent back, the one named, or their only one. */
function chosenOf(input: PurposeFormInput, own: readonly TestbedRecord[]): TestbedRecord | undefined {
  const asked = input.values?.[INPUT_IDS.testbedId] ?? (input.testbedId === undefined ? undefined : String(input.testbedId));
  const named = own.find((record) => String(record.id) === asked);
  if (named) return named;
  return own.length === 1 && asked === undefined ? own[0] : undefined;
}

/** A testbed named that is not one of theirs: why its purpose is not theirs to change. */
function notYours(input: PurposeFormInput, own: readonly TestbedRecord[]): string | undefined {
  if (input.testbedId === undefined || own.some((record) => record.id === input.testbedId)) return undefined;
  const record = input.testbeds.find((candidate) => candidate.id === input.testbedId);
  if (!record) return undefined;
  const name = plainText(record.testbed_name, 80);
  if (input.directRoom) return `You do not hold ${name}.`;
  return record.status === 'in_use' ? `You do not hold ${name}: its purpose is for ${plainText(record.user_name, 80)} to change.` : `${name} is not booked right now.`;
}

export function purposeFormCard(input: PurposeFormInput): AdaptiveCardJson {
  const own = ownBookings(input);
  const refusal = notYours(input, own);
  const why = refusal === undefined ? [] : [textBlock(safeText(refusal, 300), { color: 'warning' })];
  if (own.length === 0) {
    return card([heading('Change a purpose'), ...why, textBlock('You hold no testbeds right now, so there is no purpose to change.')], [buttons.status(), buttons.menu()]);
  }
  const chosen = chosenOf(input, own);
  const typed = input.values?.[INPUT_IDS.purpose] ?? input.purpose;
  const start = typed ?? chosen?.purpose ?? undefined;
  const body: CardElement[] = [
    heading('Change a purpose'),
    textBlock('Status shows the purpose under your booking, so people know what the testbed is doing.', { isSubtle: true }),
    ...why,
    ...errorSummary(input.errors, [INPUT_IDS.testbedId, INPUT_IDS.purpose]),
    {
      type: 'Input.ChoiceSet',
      id: INPUT_IDS.testbedId,
      label: 'Your booking',
      style: 'compact',
      isRequired: true,
      errorMessage: 'Choose the booking whose purpose you want to change.',
      placeholder: 'Choose a testbed',
      choices: own.map((record) => ({ title: plainText(record.testbed_name, 80), value: String(record.id) })),
      ...(chosen === undefined ? {} : { value: String(chosen.id) }),
    },
    ...fieldError(input.errors, INPUT_IDS.testbedId),
  ];
  // The purpose being replaced, when the input starts with something else.
  if (chosen?.purpose && typed !== undefined && typed !== chosen.purpose) body.push(small(`Now: ${safeText(chosen.purpose, 200)}`, { isSubtle: true }));
  const length = start === undefined ? 0 : chars(start);
  if (length > LIMITS.purposeMax && input.errors?.[INPUT_IDS.purpose] === undefined) {
    body.push(small(`Keep the purpose to ${LIMITS.purposeMax} characters (you typed ${length}): the box below holds the first ${LIMITS.purposeMax}.`, { color: 'attention' }));
  }
  body.push(
    {
      type: 'Input.Text',
      id: INPUT_IDS.purpose,
      label: 'New purpose',
      placeholder: 'What is it doing now?',
      isMultiline: true,
      isRequired: true,
      maxLength: LIMITS.purposeMax,
      errorMessage: 'Tell people what the testbed is doing now.',
      ...(start ? { value: [...start].slice(0, LIMITS.purposeMax).join('') } : {}),
    },
    ...fieldError(input.errors, INPUT_IDS.purpose),
  );
  return card(body, [submit('Save purpose', { action: ACTIONS.changePurpose }), buttons.cancel()]);
}

export function purposeFormText(input: PurposeFormInput): string {
  const own = ownBookings(input);
  const refusal = notYours(input, own);
  const lead = refusal === undefined ? '' : `${refusal} `;
  if (own.length === 0) return `${lead}You hold no testbeds right now, so there is no purpose to change.`;
  const chosen = chosenOf(input, own);
  const which = chosen ? `of ${plainText(chosen.testbed_name, 80)}` : 'of one of your bookings';
  return `${lead}Change the purpose ${which}: open the card, type the new one and press Save purpose.`;
}
