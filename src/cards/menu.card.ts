/**
 * The main menu, help, hint, cancelled and error cards.
 *
 * Fallback text convention (all conversation cards): every `xxxCard(input)`
 * has a sibling `xxxText(input)` taking the same input and returning plain
 * text (no markdown) to send as the message's `text` next to the card.
 */
import type { AdaptiveCardJson } from '../platform/port.js';
import { ACTIONS } from './actions.js';
import { card, safeLine, safeText, submit, textBlock, type CardElement } from './common.js';
import { buttons, heading, plainText } from './parts.js';

export interface MenuCardInput {
  botName: string;
}

/** Title, prompt and the four menu buttons (data = `{ action }` only). */
export function menuCard({ botName }: MenuCardInput): AdaptiveCardJson {
  return card(
    [heading(safeLine(botName, 80)), textBlock('What would you like to do? Type help to see every command.')],
    [
      submit('Status', { action: ACTIONS.status }),
      submit('Register', { action: ACTIONS.register }),
      submit('Release', { action: ACTIONS.release }),
      submit('Broadcast', { action: ACTIONS.broadcast }),
    ],
  );
}

export function menuText({ botName }: MenuCardInput): string {
  return `${plainText(botName, 80)}: status, register, release or broadcast? Type help to see every command.`;
}

export interface HelpCardInput {
  botName: string;
  version: string;
}

const COMMANDS: Array<[string, string]> = [
  ['testbed', 'open the main menu'],
  ['status', 'show every testbed, who holds it and until when'],
  ['status 5g', 'only the testbeds with that label (or the testbed with that name; labels: every label in use)'],
  ['free (or what\'s free?)', 'only the testbeds free to book now (also: status in use, status overdue, status due today)'],
  ['register (or book)', 'book a free testbed (reserve and claim work too; book again: as your last booking was)'],
  ['register lab-3', 'the same, with lab-3 already chosen (book lab-3 for 2 hours, or until 18:00, fills in the time too; book lab-3 for Linus: for a colleague, who is told; lab3 or its number, book 3, name it too)'],
  ['release', 'free a testbed you (or a teammate) hold'],
  ['release lab-3', 'the same, with lab-3 already chosen (or: done with lab-3)'],
  ['mine (or extend)', 'your bookings: extend, release, or release all (release lab-3 at 16:00: due back sooner, and whoever waits is told; extend all my bookings by 2 hours: every one)'],
  ['purpose lab-3 soak test', 'give your booking of lab-3 a new purpose (status shows it under the booking)'],
  ['give lab-3 to Linus', 'hand your booking of lab-3 to a colleague: they are told, and the reminders go to them (give all my testbeds to Linus: every one)'],
  ['switch lab-3 to lab-5', 'move your booking of lab-3 to lab-5, with its purpose and expected release; lab-3 is released'],
  ['wait lab-3', 'join the queue for lab-3: I message you when it is free (my queues: see and leave yours; wait any: whichever testbed is handed on first; wait any 5g: the first 5g one)'],
  ['who has lab-3?', 'who holds lab-3, and until when (or: when is lab-3 free?; what does Linus have: what a colleague holds)'],
  ['ask about lab-3', 'ask whoever holds lab-3 whether they still need it; I tell you the answer'],
  ['history lab-3', 'who had lab-3 in the last 30 days, and how each booking ended (my history: your own; what did Linus book: a colleague’s)'],
  ['lab-3 is broken', 'tell the lab’s admins about a problem with lab-3, in your words'],
  ['rules', 'how booking works here: how long a booking may run, reminders, overdue, queues'],
  ['digest', 'the daily digest as of now: overdue, due back today, who waits for what'],
  ['report', 'usage of the last 7 days (or 30; report 5g for one label): hours, bookings, overdue, top holders'],
  ['broadcast', 'send the testbed status to chosen rooms'],
  ['feedback', 'tell the team what you think'],
  ['help', 'show this card'],
  ['cancel', 'stop what you are doing'],
];

export function helpCard({ botName, version }: HelpCardInput): AdaptiveCardJson {
  return card(
    [
      heading(`${safeLine(botName, 80)} help`),
      textBlock(`Version ${safeLine(version, 20)}. Type a command, or use the buttons.`, { isSubtle: true, spacing: 'None' }),
      // Each command in bold with its meaning below it, not a fact set: on a phone a fact set's title
      // column is narrow, a title like `release lab-3` broke over two lines and ran into the next one.
      ...COMMANDS.flatMap(([command, meaning], index) => [
        textBlock(safeLine(command), { weight: 'Bolder', spacing: index === 0 ? 'Medium' : 'Small' }),
        textBlock(safeLine(meaning), { spacing: 'None' }),
      ]),
    ],
    [buttons.menu(), buttons.status(), buttons.register(), buttons.release(), buttons.feedback()],
  );
}

export function helpText({ botName, version }: HelpCardInput): string {
  const lines = COMMANDS.map(([command, meaning]) => `${command}: ${meaning}`);
  return `${plainText(botName, 80)} ${plainText(version, 20)}. Commands: ${lines.join('; ')}.`;
}

export interface HintInput {
  /** The command a mistyped word most likely meant (`stauts`: status); only the commands below are named. */
  suggestion?: string;
  /**
   * A testbed the text named (`is TB-03 working?`), as it is now; `bookable` when anyone may book it now,
   * `holder` while it is booked (`yours` when the person who typed holds it).
   */
  testbed?: { id: number; name: string; bookable: boolean; holder?: { name: string; yours: boolean } };
}

/** Who holds the testbed a hint is about, as a sentence: `Linus Lab holds it.`, `You hold it.` */
function holderLine(holder: { name: string; yours: boolean } | undefined, shown: (text: string) => string): string {
  if (holder === undefined) return '';
  return holder.yours ? ' You hold it.' : ` ${holder.name.trim() === '' ? 'Somebody' : shown(holder.name)} holds it.`;
}

const tap = (title: string, action: string) => (): CardElement => submit(title, { action }, { associatedInputs: 'none' });

/** The button that does what each command that can be suggested does. */
const SUGGESTED: Record<string, () => CardElement> = {
  testbed: buttons.menu,
  menu: buttons.menu,
  help: buttons.help,
  status: buttons.status,
  register: () => buttons.register(),
  book: () => buttons.register(),
  release: () => buttons.release(),
  feedback: buttons.feedback,
  mine: tap('Mine', ACTIONS.mine),
  extend: tap('Mine', ACTIONS.mine),
  wait: buttons.status,
  queue: tap('Mine', ACTIONS.mine),
  report: tap('Report', ACTIONS.report),
  broadcast: buttons.broadcast,
  admin: tap('Admin', ACTIONS.admin),
  cancel: buttons.cancel,
};

/** The commands a hint may name (each has its button above): what the router matches a mistyped word against. */
export const SUGGESTIBLE_COMMANDS: readonly string[] = Object.freeze(Object.keys(SUGGESTED));

function suggested(input: HintInput): string | undefined {
  return input.suggestion !== undefined && Object.hasOwn(SUGGESTED, input.suggestion) ? input.suggestion : undefined;
}

/** The reply to text the bot does not understand; with a likely command, a button that does it. */
export function hintCard(input: HintInput = {}): AdaptiveCardJson {
  const suggestion = suggested(input);
  const testbed = input.testbed;
  if (suggestion === undefined && testbed !== undefined) {
    const holder = testbed.holder;
    // Somebody else's: asking them is one press (`is anyone still using lab-3?`); one's own: the Extend and Release buttons.
    const about = holder === undefined ? [] : holder.yours ? [tap('Mine', ACTIONS.mine)()] : [submit('Ask the holder', { action: ACTIONS.askHolder, testbed_id: String(testbed.id) }, { associatedInputs: 'none' })];
    return card(
      [textBlock(`I did not understand that. Is it about ${safeLine(testbed.name, 80)}?${holderLine(holder, (name) => safeLine(name, 80))} Press a button, or type help to see everything I can do.`)],
      [
        submit('Its status', { action: ACTIONS.status, status_of: testbed.id }, { associatedInputs: 'none' }),
        ...(testbed.bookable ? [buttons.register('Book it', testbed.id)] : []),
        ...about,
        buttons.menu(),
      ],
    );
  }
  if (suggestion === undefined) return card([textBlock(hintText())]);
  const about = testbed === undefined ? '' : ` ${safeLine(testbed.name, 80)}`;
  return card(
    [textBlock(`I did not understand that. Did you mean ${suggestion}${about}? Press the button, or type help to see everything I can do.`)],
    [(testbed === undefined ? undefined : SUGGESTED_FOR[suggestion]?.(testbed.id)) ?? SUGGESTED[suggestion]()],
  );
}

/** The button of a suggested command that works on the testbed named after the slip (`relase lab-3`): it starts there. */
const SUGGESTED_FOR: Record<string, (testbedId: number) => CardElement> = {
  register: (id) => buttons.register('Register', id),
  book: (id) => buttons.register('Register', id),
  release: (id) => buttons.release('Release', id),
  status: (id) => submit('Its status', { action: ACTIONS.status, status_of: id }, { associatedInputs: 'none' }),
  // (`queu lab-3`: a place in its queue, as `queue lab-3` takes.)
  queue: (id) => submit('Notify me when free', { action: ACTIONS.wait, testbed_id: String(id) }, { associatedInputs: 'none' }),
};

/** The short reply to text the bot does not understand (the card's text). */
export function hintText(input: HintInput = {}): string {
  const suggestion = suggested(input);
  if (suggestion === undefined && input.testbed !== undefined) {
    const name = plainText(input.testbed.name, 80);
    const holder = input.testbed.holder;
    const next = holder !== undefined && !holder.yours ? `ask about ${name} to ask whether they still need it` : `who has ${name}`;
    return `I did not understand that. Is it about ${name}?${holderLine(holder, (each) => plainText(each, 80))} Type ${next}, or help to see everything I can do.`;
  }
  if (suggestion === undefined) return 'I did not understand that. Type testbed to open the menu, or help to see everything I can do.';
  const meant = input.testbed === undefined ? suggestion : `${suggestion} ${plainText(input.testbed.name, 80)}`;
  return `I did not understand that. Did you mean ${meant}? Type ${meant}, or help to see everything I can do.`;
}

/**
 * The answer to `thanks` (or to `ok`, `got it`: `ack`): short, with the menu one press away; in a 1:1 room, where the
 * menu is not answered, it says where to type testbed instead.
 */
export function thanksCard(ack = false, directRoom = false): AdaptiveCardJson {
  return card([textBlock(thanksText(ack, directRoom))], directRoom ? [] : [buttons.menu()]);
}

export function thanksText(ack = false, directRoom = false): string {
  return `${ack ? 'OK.' : 'You are welcome.'} Type testbed${directRoom ? ' in the lab’s room' : ''} whenever you need me.`;
}

export function directOnlyCard(): AdaptiveCardJson {
  return card([textBlock(directOnlyText())], []);
}

export function directOnlyText(): string {
  return (
    'I answer commands in the lab’s rooms: type testbed there (mention me in a group room) to see status, book or release. ' +
    'Here I send your reminders and hand-off offers, and their buttons work here; so do mine, extend, release, purpose and switch, for your own bookings, and rules.'
  );
}

export function cancelledCard(): AdaptiveCardJson {
  return card([textBlock('Cancelled. Nothing was changed.')], [buttons.menu()]);
}

export function cancelledText(): string {
  return 'Cancelled. Nothing was changed.';
}

export interface ErrorCardInput {
  message: string;
}

export function errorCard({ message }: ErrorCardInput): AdaptiveCardJson {
  return card(
    [heading('Sorry', { color: 'attention' }), textBlock(safeText(message, 500))],
    [buttons.menu(), buttons.help()],
  );
}

export function errorText({ message }: ErrorCardInput): string {
  return `Sorry: ${plainText(message, 500)}`;
}
