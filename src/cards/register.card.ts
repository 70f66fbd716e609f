/**
 * Registration: the form (available testbeds only), the success card and the
 * friendly refusal when somebody else got there first. Each card has a
 * `xxxText` sibling with its plain fallback text (see menu.card.ts).
 */
import type { FormErrors, FormValues, HoldOffer, TestbedRecord } from '../domain.js';
import type { AdaptiveCardJson } from '../platform/port.js';
import { ACTIONS, INPUT_IDS, LIMITS, RELEASE_CHOICES } from './actions.js';
import { card, safeText, submit, textBlock, type CardElement } from './common.js';
import {
  buttons,
  byName,
  errorSummary,
  fact,
  factSet,
  fieldError,
  heading,
  holderMarkdown,
  plainText,
  safeName,
  sameEmail,
  testbedState,
} from './parts.js';
import { waitPicker } from './status.card.js';
import { DURATIONS, formatHeldFor, formatRelative, formatWhen, isUtcZone, localDate, parseIso, safeZone } from './time.js';

export interface RegisterFormInput {
  available: readonly TestbedRecord[];
  inUse: readonly TestbedRecord[];
  now: string;
  timeZone: string;
  errors?: FormErrors;
  values?: FormValues;
  /** Free testbeds held for somebody's hand-off (not bookable by others). */
  heldCount?: number;
}

const FORM_INPUTS = Object.values(INPUT_IDS);

function choiceTitle(choice: (typeof RELEASE_CHOICES)[number], zone: string): string {
  const label = isUtcZone(zone) ? 'UTC' : zone;
  const titles: Record<typeof choice, string> = {
    '1h': 'In 1 hour',
    '4h': 'In 4 hours',
    eod: `End of today (23:59 ${label})`,
    '1d': 'In 1 day',
    '3d': 'In 3 days',
    '1w': 'In 1 week',
    custom: `Custom: the date and time below (${label})`,
  };
  return titles[choice];
}

/** The in-use testbed expected back first (overdue ones count as first). */
function freesUpFirst(inUse: readonly TestbedRecord[]): TestbedRecord | undefined {
  const due = (record: TestbedRecord) => parseIso(record.expected_release_time) ?? Number.MAX_SAFE_INTEGER;
  return [...inUse].sort((a, b) => due(a) - due(b) || byName(a, b))[0];
}

function noneFreeCard({ inUse, now, timeZone, heldCount }: RegisterFormInput): AdaptiveCardJson {
  const first = freesUpFirst(inUse);
  if (!first && heldCount) {
    return card(
      [heading('Register a testbed'), textBlock('Every free testbed is held for somebody in its queue right now. Type status to see until when.')],
      [buttons.status(), buttons.menu()],
    );
  }
  if (!first) return card([heading('Register a testbed'), textBlock('There are no testbeds configured yet.')], [buttons.menu()]);
  const overdue = testbedState(first, now) === 'overdue';
  const when = `${formatWhen(first.expected_release_time, timeZone)} (${formatRelative(first.expected_release_time, now)})`;
  return card(
    [
      heading('Register a testbed'),
      textBlock('All testbeds are in use right now.', { color: 'warning', weight: 'Bolder' }),
      textBlock(
        `${safeName(first.testbed_name)} should free up first: ${overdue ? 'it was due back' : 'expected back'} ${when}, ` +
          `held by ${holderMarkdown(first)}.`,
      ),
      ...waitPicker(inUse, 'Want the next free one? Pick a testbed and I will message you when it is yours.'),
    ],
    [submit('Notify me when free', { action: ACTIONS.wait }), buttons.status(), buttons.menu()],
  );
}

export function registerFormCard(input: RegisterFormInput): AdaptiveCardJson {
  const { available, now, errors } = input;
  if (available.length === 0) return noneFreeCard(input);
  const zone = safeZone(input.timeZone);
  const label = isUtcZone(zone) ? 'UTC' : zone;
  const values = input.values ?? {};
  const value = (id: string, allowed?: readonly string[]) => {
    const kept = Object.prototype.hasOwnProperty.call(values, id) ? values[id] : undefined;
    if (typeof kept !== 'string' || kept === '' || (allowed && !allowed.includes(kept))) return {};
    return { value: kept };
  };
  const ids = [...available].sort(byName).map((record) => String(record.id));
  const base = parseIso(now) ?? 0;
  const body: CardElement[] = [
    heading('Register a testbed'),
    textBlock('Your name and email come from your Webex profile.', { isSubtle: true, spacing: 'None' }),
    ...errorSummary(errors, FORM_INPUTS),
    {
      type: 'Input.ChoiceSet',
      id: INPUT_IDS.testbedId,
      label: 'Testbed (available ones only)',
      style: 'compact',
      isRequired: true,
      errorMessage: 'Choose the testbed you want to book.',
      placeholder: 'Choose a testbed',
      choices: [...available].sort(byName).map((record) => ({ title: plainText(record.testbed_name, 80), value: String(record.id) })),
      ...value(INPUT_IDS.testbedId, ids),
    },
    ...fieldError(errors, INPUT_IDS.testbedId),
    purposeInput(value(INPUT_IDS.purpose)),
    ...fieldError(errors, INPUT_IDS.purpose),
    {
      type: 'Input.ChoiceSet',
      id: INPUT_IDS.releaseChoice,
      label: 'Expected release',
      style: 'compact',
      // Not required: a filled custom date and time are enough on their own.
      placeholder: 'Choose when',
      choices: RELEASE_CHOICES.map((choice) => ({ title: choiceTitle(choice, zone), value: choice })),
      ...value(INPUT_IDS.releaseChoice, RELEASE_CHOICES),
    },
    ...fieldError(errors, INPUT_IDS.releaseChoice),
    {
      type: 'Input.Date',
      id: INPUT_IDS.releaseDate,
      label: `Custom date (${label})`,
      min: localDate(base, zone),
      max: localDate(base + LIMITS.maxDaysAhead * DURATIONS.DAY, zone),
      errorMessage: `Pick a date from today to ${LIMITS.maxDaysAhead} days ahead.`,
      ...value(INPUT_IDS.releaseDate),
    },
    ...fieldError(errors, INPUT_IDS.releaseDate),
    { type: 'Input.Time', id: INPUT_IDS.releaseTime, label: `Custom time (${label})`, ...value(INPUT_IDS.releaseTime) },
    ...fieldError(errors, INPUT_IDS.releaseTime),
  ];
  return card(body, [submit('Register', { action: ACTIONS.registerSubmit }), buttons.cancel()]);
}

export function registerFormText(input: RegisterFormInput): string {
  if (input.available.length === 0) return 'All testbeds are in use right now. Type status to see when they free up.';
  const problems = input.errors && Object.keys(input.errors).length > 0 ? ' Some fields need another look.' : '';
  return `Register a testbed: ${input.available.length} available.${problems} Open the card to fill in the form.`;
}

export interface RegisteredCardInput {
  record: TestbedRecord;
  timeZone: string;
  now: string;
}

export function registeredCard({ record, timeZone, now }: RegisteredCardInput): AdaptiveCardJson {
  return card(
    [
      heading(`Booked: ${safeName(record.testbed_name)}`, { color: 'good' }),
      factSet([
        fact('Held by', holderMarkdown(record)),
        fact('Since', formatWhen(record.registered_time, timeZone)),
        fact('Expected release', `${formatWhen(record.expected_release_time, timeZone)} (${formatRelative(record.expected_release_time, now)})`),
        fact('Purpose', safeText(record.purpose ?? '', 500)),
      ]),
      textBlock('Please release it when you are done, so others can use it.', { isSubtle: true }),
    ],
    [buttons.status(), buttons.release('Release a testbed'), buttons.menu()],
  );
}

export function registeredText({ record, timeZone }: RegisteredCardInput): string {
  return `Booked: ${plainText(record.testbed_name, 80)} is yours until ${formatWhen(record.expected_release_time, timeZone)}.`;
}

export interface RegisterRefusedCardInput {
  record: TestbedRecord;
  now: string;
  timeZone: string;
  requesterEmail?: string;
  /** Set when the testbed is held for somebody's hand-off. */
  offer?: HoldOffer | null;
}

function refusal({ record, now, timeZone, requesterEmail, offer }: RegisterRefusedCardInput): { title: string; lines: string[] } {
  const name = safeName(record.testbed_name);
  if (record.maintenance) {
    const back = record.maintenance.until ? `Expected back ${formatWhen(record.maintenance.until, timeZone)}.` : 'No expected end was given.';
    return {
      title: `${name} is under maintenance`,
      lines: [`${name} is under maintenance: ${safeText(record.maintenance.reason, 200)}. ${back}`],
    };
  }
  if (offer) {
    return {
      title: `${name} is held`,
      lines: [`${name} is held for ${safeName(offer.name)} until ${formatWhen(offer.until, timeZone)}, who was first in its queue.`],
    };
  }
  if (record.status !== 'in_use') {
    return { title: `${name} was busy`, lines: [`${name} was being changed a moment ago. Please try again.`] };
  }
  const since = `${formatWhen(record.registered_time, timeZone)} (${formatHeldFor(record.registered_time, now)})`;
  const until = `${formatWhen(record.expected_release_time, timeZone)} (${formatRelative(record.expected_release_time, now)})`;
  if (sameEmail(record.user_email, requesterEmail)) {
    return { title: 'You already hold it', lines: [`You already hold ${name}, since ${since}.`, `Expected release: ${until}.`] };
  }
  return {
    title: `${name} is taken`,
    lines: [`${name} is already held by ${holderMarkdown(record)}, since ${since}.`, `Expected release: ${until}.`],
  };
}

export function registerRefusedCard(input: RegisterRefusedCardInput): AdaptiveCardJson {
  const { title, lines } = refusal(input);
  const { record } = input;
  const id = String(record.id);
  const someoneElses =
    (record.status === 'in_use' && !sameEmail(record.user_email, input.requesterEmail)) || Boolean(input.offer) || Boolean(record.maintenance);
  const queue = someoneElses ? [submit('Notify me when free', { action: ACTIONS.wait, testbed_id: id }, { associatedInputs: 'none' })] : [];
  const askHolder = record.status === 'in_use' && someoneElses ? [submit('Ask the holder', { action: ACTIONS.askHolder, testbed_id: id }, { associatedInputs: 'none' })] : [];
  return card(
    [heading(title, { color: 'warning' }), ...lines.map((line) => textBlock(line)), textBlock('Nothing was changed.', { isSubtle: true })],
    [buttons.register('Choose another'), ...queue, ...askHolder, buttons.status(), buttons.menu()],
  );
}

export function registerRefusedText({ record, requesterEmail, offer, timeZone }: RegisterRefusedCardInput): string {
  const name = plainText(record.testbed_name, 80);
  if (record.maintenance) {
    const back = record.maintenance.until ? ` Expected back ${formatWhen(record.maintenance.until, timeZone)}.` : '';
    return `${name} is under maintenance: ${plainText(record.maintenance.reason, 200)}.${back} Nothing was changed.`;
  }
  if (offer) return `${name} is held for ${plainText(offer.name, 80)} until ${formatWhen(offer.until, timeZone)}. Nothing was changed.`;
  if (record.status !== 'in_use') return `${name} was busy a moment ago. Nothing was changed; please try again.`;
  if (sameEmail(record.user_email, requesterEmail)) return `You already hold ${name}. Nothing was changed.`;
  return `${name} is already held by ${plainText(record.user_name, 80)}. Nothing was changed.`;
}

/** The purpose field of every booking form (the register form and the hand-off form), with a kept value. */
export function purposeInput(kept: { value?: string }): CardElement {
  return {
    type: 'Input.Text',
    id: INPUT_IDS.purpose,
    label: 'Purpose',
    placeholder: 'What will you use it for?',
    isMultiline: true,
    isRequired: true,
    maxLength: LIMITS.purposeMax,
    errorMessage: 'Tell us what you need the testbed for.',
    ...kept,
  };
}
