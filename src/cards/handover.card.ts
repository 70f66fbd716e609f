/**
 * Handing a booking to a colleague (`give lab-3 to Linus`): the card that names who the words found on
 * the platform and asks the holder to confirm with one press, or says why it cannot (not theirs, nobody
 * or several people found). A lab admin may hand over somebody else's booking the same way, for them.
 * The card has a plain-text sibling.
 */
import type { LifecycleEntry, TestbedRecord } from '../domain.js';
import type { AdaptiveCardJson } from '../platform/port.js';
import { ACTIONS } from './actions.js';
import { card, safeText, submit, textBlock } from './common.js';
import { buttons, dueText, heading, plainText, safeName, sameEmail, sentences } from './parts.js';
import { waitingText } from './lifecycle-notice.card.js';

/** Somebody the platform found for the words typed. */
export interface FoundPerson {
  email: string;
  name: string;
}

export interface HandOverInput {
  record: TestbedRecord | undefined;
  /** Every booking of theirs, when all are to be handed over (`give all my testbeds to Linus`); `record` is then unused. */
  all?: readonly TestbedRecord[];
  life: readonly LifecycleEntry[];
  requesterEmail?: string;
  /** The words that named the colleague (`Linus`, `linus@example.com`). */
  to: string;
  /** Who the platform found for them (none: nobody; several: which one is not clear). */
  found: readonly FoundPerson[];
  now: string;
  timeZone: string;
  /** The person asking is one of the lab's admins: somebody else's booking may be handed over for them. */
  asAdmin?: boolean;
}

/** `forHolder`: the confirmation hands over somebody else's booking, as an admin (whose booking it is now). */
type Answer = { title: string; lines: string[]; confirm?: FoundPerson; forHolder?: string };

/** `give lab-3 to me`: the person typing, whom the platform need not be asked about. */
export const SELF = /^(?:me|myself)$/i;

/** `esc` makes a name safe where it goes (markdown-inert on the card, plain in the text); `escLong` a purpose. */
function answer(input: HandOverInput, esc: (value: unknown, max?: number) => string, escLong: (value: unknown) => string): Answer {
  if (input.all !== undefined) return answerAll(input, input.all, esc);
  const { record, life, requesterEmail, to, found, now, timeZone } = input;
  if (!record) return { title: 'Nothing to hand over', lines: ['That testbed is no longer in the lab. Type status to see the testbeds there are.'] };
  const name = esc(record.testbed_name);
  if (input.asAdmin && record.status === 'in_use' && record.user_email && !sameEmail(record.user_email, requesterEmail)) return answerForThem(input, record, esc, escLong);
  if (record.status !== 'in_use' || !sameEmail(record.user_email, requesterEmail)) {
    return { title: 'Nothing to hand over', lines: [`You do not hold ${name}, so it is not yours to hand over. Only its holder can.`] };
  }
  const example = `give ${name} to name@example.com`;
  if (SELF.test(to.trim())) return { title: 'Nothing to hand over', lines: [`That is you: ${name} is yours already.`] };
  const unclear = notOnePerson(to, found, example, esc);
  if (unclear) return unclear;
  const person = found[0];
  if (sameEmail(person.email, requesterEmail)) return { title: 'Nothing to hand over', lines: [`That is you: ${name} is yours already.`] };
  // The colleague leaves the queue once it is theirs: the others stay in it.
  const others = life.find((entry) => entry.testbed_id === record.id)?.queue.filter((waiter) => !sameEmail(waiter.email, person.email)).length;
  const waiting = waitingText(others).trim();
  return {
    title: `Hand ${name} over?`,
    lines: [
      `${esc(person.name)} (${esc(person.email, 120)}) will hold ${name} from now on. ${dueText(record, now, timeZone).text}.`,
      `Purpose: ${escLong(record.purpose)}`,
      'They get a message saying so, and the reminders go to them.',
      ...(waiting === '' ? [] : [`${waiting} They stay in its queue.`]),
    ],
    confirm: person,
  };
}

/** An admin's `give lab-3 to Grace` while Linus holds lab-3: the same card, handing it over for Linus. */
function answerForThem(input: HandOverInput, record: TestbedRecord, esc: (value: unknown, max?: number) => string, escLong: (value: unknown) => string): Answer {
  const name = esc(record.testbed_name);
  const holder = esc(record.user_name);
  const example = `give ${name} to name@example.com`;
  if (SELF.test(input.to.trim())) return { title: 'Nothing to hand over', lines: [`To take ${name} over from ${holder} yourself, type your own email: ${example}.`] };
  const unclear = notOnePerson(input.to, input.found, example, esc);
  if (unclear) return unclear;
  const person = input.found[0];
  if (sameEmail(person.email, record.user_email)) return { title: 'Nothing to hand over', lines: [`${holder} holds ${name} already.`] };
  return {
    title: `Hand ${name} over for ${holder}?`,
    lines: [
      `${esc(person.name)} (${esc(person.email, 120)}) will hold ${name} from now on, instead of ${holder}. ${dueText(record, input.now, input.timeZone).text}.`,
      `Purpose: ${escLong(record.purpose)}`,
      `As an admin, you may hand it over for them: both get a message saying you did, and the reminders go to ${esc(person.name)}.`,
    ],
    confirm: person,
    forHolder: record.user_email ?? '',
  };
}

/** Nobody, or more than one person, found for the words: what to type instead (undefined when one was found). */
function notOnePerson(to: string, found: readonly FoundPerson[], example: string, esc: (value: unknown, max?: number) => string): Answer | undefined {
  const words = `“${esc(to)}”`;
  if (found.length === 0) {
    const called = to.includes('@') ? `with the email ${words}` : `called ${words}`;
    return { title: 'Nobody found', lines: [`I could not find anybody ${called}. Type their email instead: ${example}.`] };
  }
  if (found.length > 1) {
    const people = found.slice(0, 5).map((person) => `${esc(person.name)} (${esc(person.email, 120)})`);
    return { title: 'Which one?', lines: [`More than one person is called ${words}: ${people.join(', ')}.`, `Type the email of the one you mean: ${example}.`] };
  }
  return undefined;
}

/** `give all my testbeds to Linus`: every booking of theirs, to the one person the words found. */
function answerAll({ requesterEmail, to, found, now, timeZone }: HandOverInput, all: readonly TestbedRecord[], esc: (value: unknown, max?: number) => string): Answer {
  const held = all.filter((record) => record.status === 'in_use' && sameEmail(record.user_email, requesterEmail));
  if (held.length === 0) return { title: 'Nothing to hand over', lines: ['You hold no testbeds right now.'] };
  if (SELF.test(to.trim())) return { title: 'Nothing to hand over', lines: ['That is you: your bookings are yours already.'] };
  const unclear = notOnePerson(to, found, 'give all my testbeds to name@example.com', esc);
  if (unclear) return unclear;
  const person = found[0];
  if (sameEmail(person.email, requesterEmail)) return { title: 'Nothing to hand over', lines: ['That is you: your bookings are yours already.'] };
  const count = held.length === 1 ? esc(held[0].testbed_name) : `${held.length} bookings`;
  return {
    title: `Hand ${count} over?`,
    lines: [
      `${esc(person.name)} (${esc(person.email, 120)}) will hold ${held.length === 1 ? 'it' : 'each of them'} from now on:`,
      ...held.map((record) => `${esc(record.testbed_name)} · ${dueText(record, now, timeZone).text}`),
      `They get a message for ${held.length === 1 ? 'it' : 'each'}, and the reminders go to them.`,
    ],
    confirm: person,
  };
}

export function handOverCard(input: HandOverInput): AdaptiveCardJson {
  const { title, lines, confirm, forHolder } = answer(input, (value, max) => safeName(value, max), (value) => safeText(value, 200));
  const body = [heading(title), ...lines.map((line) => textBlock(line))];
  if (confirm && forHolder !== undefined && input.record) {
    const data = { action: ACTIONS.adminHandOver, for_testbed_id: String(input.record.id), holder_email: forHolder, to_email: confirm.email };
    return card(body, [submit('Hand over for them', data, { associatedInputs: 'none' }), buttons.cancel()]);
  }
  if (confirm && input.all !== undefined) return card(body, [submit('Hand all over', { action: ACTIONS.handOverAll, to_email: confirm.email }, { associatedInputs: 'none' }), buttons.cancel()]);
  if (!confirm || !input.record) return card(body, [buttons.status(), buttons.menu()]);
  return card(body, [submit('Hand over', { action: ACTIONS.handOver, testbed_id: String(input.record.id), to_email: confirm.email }, { associatedInputs: 'none' }), buttons.cancel()]);
}

export function handOverText(input: HandOverInput): string {
  const { title, lines } = answer(input, (value, max = 80) => plainText(value, max), (value) => plainText(value, 200));
  return sentences([title, ...lines]);
}
