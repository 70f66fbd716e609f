/**
 * Registration: the form (free testbeds only, never one under maintenance; or,
 * instead of one testbed, a label: any free testbed carrying it), the success
 * card and the friendly refusals when somebody else got there first or nothing
 * with the label was free. Each card has a `xxxText` sibling with its plain
 * fallback text (see menu.card.ts).
 */
import type { FormErrors, FormValues, HoldOffer, Holder, TestbedRecord } from '../domain.js';
import type { AdaptiveCardJson } from '../platform/port.js';
import { ACTIONS, INPUT_IDS, LIMITS, RELEASE_CHOICES } from './actions.js';
import { card, safeLine, safeText, submit, textBlock, type CardElement } from './common.js';
import {
  buttons,
  byName,
  dueClause,
  dueText,
  errorSummary,
  fact,
  factSet,
  fieldError,
  heading,
  hasLabel,
  holderMarkdown,
  labelsInUse,
  plainText,
  safeName,
  sameEmail,
  small,
} from './parts.js';
import { freesUpFirst, freesUpFirstLine, waitPicker } from './status.card.js';
import { ANY_TESTBED_LABEL } from '../lab-rules.js';
import { DURATIONS, formatHeldFor, formatWhen, isUtcZone, localDate, parseIso, safeZone } from './time.js';

export interface RegisterFormInput {
  /** Bookable right now: free, not held for a hand-off, not under maintenance. */
  available: readonly TestbedRecord[];
  inUse: readonly TestbedRecord[];
  now: string;
  timeZone: string;
  errors?: FormErrors;
  values?: FormValues;
  /** Free testbeds held for somebody's hand-off (not bookable by others). */
  heldCount?: number;
  /** Testbeds under maintenance (not bookable). */
  maintenanceCount?: number;
  /** The colleague the booking is for (`book lab-3 for Linus`): they will hold it, and Register books for them. */
  forPerson?: Holder;
  /** Why words said of somebody (`on behalf of Zed`) name nobody the form can book for: said above it. */
  forProblem?: string;
  /** What filled the form in (`book again`: the booking it repeats), said above it. */
  note?: string;
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

function noneFreeCard({ inUse, now, timeZone, heldCount, maintenanceCount }: RegisterFormInput): AdaptiveCardJson {
  const first = freesUpFirst(inUse);
  if (!first && maintenanceCount && !heldCount) {
    return card(
      [heading('Register a testbed'), textBlock('Every testbed is under maintenance right now. Type status to see when they are expected back.')],
      [buttons.status(), buttons.menu()],
    );
  }
  if (!first && heldCount) {
    return card(
      [heading('Register a testbed'), textBlock('Every free testbed is held for somebody in its queue right now. Type status to see until when.')],
      [buttons.status(), buttons.menu()],
    );
  }
  if (!first) return card([heading('Register a testbed'), textBlock('There are no testbeds configured yet.')], [buttons.menu()]);
  return card(
    [
      heading('Register a testbed'),
      textBlock('All testbeds are in use right now.', { color: 'warning', weight: 'Bolder' }),
      textBlock(freesUpFirstLine(first, now, timeZone)),
      textBlock('Want the next free one? Press Wait for any testbed: the first to be handed on is offered to you.', { spacing: 'Medium' }),
      ...waitPicker(inUse, 'Or want one of them? Pick a testbed and press Notify me when free: I will message you when it is yours.'),
    ],
    [
      submit('Wait for any testbed', { action: ACTIONS.waitLabel, label: ANY_TESTBED_LABEL }, { associatedInputs: 'none' }),
      submit('Notify me when free', { action: ACTIONS.wait }),
      buttons.status(),
      buttons.menu(),
    ],
  );
}

/** "Or any free testbed with label": each label of the free testbeds, with how many carry it. */
function labelChoice(available: readonly TestbedRecord[], labels: readonly string[], kept: { value?: string }): CardElement[] {
  if (labels.length === 0) return [];
  const free = (label: string) => available.filter((record) => hasLabel(record, label)).length;
  return [
    {
      type: 'Input.ChoiceSet',
      id: INPUT_IDS.label,
      label: 'Or any free testbed with label',
      style: 'compact',
      placeholder: 'Choose a label',
      choices: labels.map((label) => ({ title: `${plainText(label, 32)} (${free(label)} free)`, value: label })),
      ...kept,
    },
  ];
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
  const labels = labelsInUse(available);
  const base = parseIso(now) ?? 0;
  const forPerson = input.forPerson;
  const body: CardElement[] = [
    ...(forPerson === undefined
      ? [heading('Register a testbed'), textBlock('Your name and email come from your Webex profile.', { isSubtle: true, spacing: 'None' })]
      : [
          heading(`Register a testbed for ${safeName(forPerson.name)}`),
          textBlock(`${safeName(forPerson.name)} (${safeName(forPerson.email, 120)}) will hold it and get a message saying you booked it for them; the reminders go to them.`),
        ]),
    ...(input.forProblem === undefined ? [] : [textBlock(safeLine(input.forProblem, 400), { color: 'warning' })]),
    ...(input.note === undefined ? [] : [textBlock(safeLine(input.note, 400))]),
    ...errorSummary(errors, FORM_INPUTS),
    ...(labels.length > 0 ? [small('Pick a testbed, or a label to get any free testbed carrying it (not both).', { spacing: 'Medium' })] : []),
    {
      type: 'Input.ChoiceSet',
      id: INPUT_IDS.testbedId,
      label: 'Testbed (available ones only)',
      style: 'compact',
      // With labels on offer either choice will do, so neither is required on the client.
      isRequired: labels.length === 0,
      errorMessage: 'Choose the testbed you want to book.',
      placeholder: 'Choose a testbed',
      choices: [...available].sort(byName).map((record) => ({ title: plainText(record.testbed_name, 80), value: String(record.id) })),
      ...value(INPUT_IDS.testbedId, ids),
    },
    ...fieldError(errors, INPUT_IDS.testbedId),
    ...labelChoice(available, labels, value(INPUT_IDS.label, labels)),
    ...fieldError(errors, INPUT_IDS.label),
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
  if (forPerson === undefined) return card(body, [submit('Register', { action: ACTIONS.registerSubmit }), buttons.cancel()]);
  return card(body, [
    submit(`Register for ${firstName(forPerson.name)}`, { action: ACTIONS.registerSubmit, for_email: forPerson.email, for_name: plainText(forPerson.name, 120) }),
    submit('Register for me', { action: ACTIONS.registerSubmit }),
    buttons.cancel(),
  ]);
}

/** The first word of a person's name, short enough for a button on a phone (`Linus` of Linus Lab). */
function firstName(name: string): string {
  return plainText(plainText(name, 120).split(' ')[0] || name, 20);
}

export function registerFormText(input: RegisterFormInput): string {
  if (input.available.length === 0) {
    if (input.inUse.length === 0 && input.maintenanceCount && !input.heldCount) return 'Every testbed is under maintenance right now. Type status to see when they are expected back.';
    return 'All testbeds are in use right now. Type wait any to be offered the first to be handed on, or status to see when they free up.';
  }
  const problems = input.errors && Object.keys(input.errors).length > 0 ? ' Some fields need another look.' : '';
  const forWhom = input.forPerson === undefined ? '' : ` for ${plainText(input.forPerson.name, 80)}`;
  const said = [input.forProblem, input.note].filter((line) => line !== undefined).map((line) => ` ${plainText(line, 400)}`).join('');
  return `Register a testbed${forWhom}: ${input.available.length} available.${problems}${said} Open the card to fill in the form.`;
}

export interface RegisteredCardInput {
  record: TestbedRecord;
  timeZone: string;
  now: string;
  /** Booked as "any free testbed with this label". */
  label?: string;
  /** Booked for a colleague (the record's holder), who has a message saying so. */
  forColleague?: boolean;
}

/**
 * `actions` replaces the lab room's buttons: a 1:1 room, where the menu's buttons do not work, gets the
 * booking's own (extend, release now), as its reminders carry.
 */
export function registeredCard({ record, timeZone, now, label, forColleague }: RegisteredCardInput, actions?: CardElement[]): AdaptiveCardJson {
  const byLabel = label === undefined ? [] : [textBlock(`You asked for any free testbed labelled ${safeName(label, 32)}: you got ${safeName(record.testbed_name)}.`)];
  const holder = safeName(record.user_name);
  const forThem = forColleague ? [textBlock(`${holder} holds it now, not you: they have a message saying you booked it for them, and the reminders go to them.`)] : [];
  return card(
    [
      heading(forColleague ? `Booked for ${holder}: ${safeName(record.testbed_name)}` : `Booked: ${safeName(record.testbed_name)}`, { color: 'good' }),
      ...byLabel,
      ...forThem,
      // Until when first, on a line of its own; the short facts below it.
      textBlock(dueText(record, now, timeZone).text, { weight: 'Bolder' }),
      factSet([
        fact('Held by', holderMarkdown(record)),
        fact('Since', formatWhen(record.registered_time, timeZone)),
        fact('Purpose', safeText(record.purpose ?? '', 500)),
      ]),
      ...(forColleague ? [] : [textBlock('Please release it when you are done, so others can use it.', { isSubtle: true })]),
    ],
    // Release starts its form on this booking (another may still be chosen there).
    actions ?? [buttons.status(), buttons.release('Release a testbed', record.id), buttons.menu()],
  );
}

export function registeredText({ record, timeZone, label, forColleague }: RegisteredCardInput): string {
  const byLabel = label === undefined ? '' : ` (labelled ${plainText(label, 32)})`;
  if (forColleague) return `Booked for ${plainText(record.user_name, 80)}: ${plainText(record.testbed_name, 80)}${byLabel} is theirs until ${formatWhen(record.expected_release_time, timeZone)}; they have a message saying so.`;
  return `Booked: ${plainText(record.testbed_name, 80)}${byLabel} is yours until ${formatWhen(record.expected_release_time, timeZone)}.`;
}

export interface NoneFreeCardInput {
  label: string;
  /** Every testbed (the ones carrying the label are picked out here). */
  testbeds: readonly TestbedRecord[];
}

/** Testbeds with the label that somebody may wait for: all of them, since none is free to book. */
function carriers({ label, testbeds }: NoneFreeCardInput): TestbedRecord[] {
  return testbeds.filter((record) => hasLabel(record, label));
}

/** Nothing carrying the label was free: offer the wait-list of the ones that carry it, or say no testbed does. */
export function noneFreeWithLabelCard(input: NoneFreeCardInput): AdaptiveCardJson {
  const name = safeName(input.label, 32);
  const waitable = carriers(input);
  if (waitable.length === 0) {
    const labels = labelsInUse(input.testbeds);
    const known = labels.length > 0 ? `Labels in use: ${labels.map((each) => safeName(each, 32)).join(', ')}.` : 'No testbed has a label yet.';
    return card(
      [heading(`No testbed labelled ${name}`, { color: 'warning' }), textBlock(`No testbed has the label ${name}. Nothing was booked.`), textBlock(known)],
      [buttons.register('Choose another'), buttons.status(), buttons.menu()],
    );
  }
  return card(
    [
      heading(`No free testbed labelled ${name}`, { color: 'warning' }),
      textBlock(`No free testbed labelled ${name} right now. Nothing was booked.`),
      textBlock(`Press Wait for any ${name} to wait for the first of them to be handed on.`, { spacing: 'Medium' }),
      ...waitPicker(waitable, 'Or want one of them? Pick a testbed and press Notify me when free: I will message you when it is yours.'),
    ],
    [
      submit(`Wait for any ${plainText(input.label, 32)}`, { action: ACTIONS.waitLabel, label: input.label }, { associatedInputs: 'none' }),
      submit('Notify me when free', { action: ACTIONS.wait }),
      buttons.register('Choose another'),
      buttons.status(),
      buttons.menu(),
    ],
  );
}

export function noneFreeWithLabelText(input: NoneFreeCardInput): string {
  const name = plainText(input.label, 32);
  if (carriers(input).length === 0) return `No testbed has the label ${name}. Nothing was booked.`;
  return `No free testbed labelled ${name} right now. Nothing was booked. Type wait any ${name} to wait for the first of them.`;
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
  // `Release was due: …` once it is overdue, as status says it.
  const due = dueText(record, now, timeZone).text;
  if (sameEmail(record.user_email, requesterEmail)) {
    return { title: 'You already hold it', lines: [`You already hold ${name}, since ${since}.`, `${due}.`] };
  }
  return {
    title: `${name} is taken`,
    lines: [`${name} is already held by ${holderMarkdown(record)}, since ${since}.`, `${due}.`],
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
  // One's own booking: Mine extends or releases it.
  const own = record.status === 'in_use' && !someoneElses ? [submit('Mine', { action: ACTIONS.mine }, { associatedInputs: 'none' })] : [];
  return card(
    [heading(title, { color: 'warning' }), ...lines.map((line) => textBlock(line)), textBlock('Nothing was changed.', { isSubtle: true })],
    [buttons.register('Choose another'), ...queue, ...askHolder, ...own, buttons.status(), buttons.menu()],
  );
}

export function registerRefusedText({ record, requesterEmail, offer, timeZone, now }: RegisterRefusedCardInput): string {
  const name = plainText(record.testbed_name, 80);
  if (record.maintenance) {
    const back = record.maintenance.until ? ` Expected back ${formatWhen(record.maintenance.until, timeZone)}.` : '';
    return `${name} is under maintenance: ${plainText(record.maintenance.reason, 200)}.${back} Nothing was changed.`;
  }
  if (offer) return `${name} is held for ${plainText(offer.name, 80)} until ${formatWhen(offer.until, timeZone)}. Nothing was changed.`;
  if (record.status !== 'in_use') return `${name} was busy a moment ago. Nothing was changed; please try again.`;
  const due = dueClause(record, now, timeZone);
  if (sameEmail(record.user_email, requesterEmail)) return `You already hold ${name}, ${due}. Nothing was changed.`;
  return `${name} is already held by ${plainText(record.user_name, 80)}, ${due}. Nothing was changed.`;
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
