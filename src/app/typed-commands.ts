/**
 * How typed text is read: the command words and phrases the bot knows, and what a command carries
 * (a label, a testbed's name, a number of days). Pure. `route-text.ts` turns what is read here into
 * a decision; the recorder asks `isCommandText` what may be kept of text a person typed.
 */
import { INPUT_IDS, readLabel } from '../cards/actions.js';
import { readTypedBooking } from '../cards/typed-booking.js';
import { readTypedExtension } from '../cards/typed-time.js';
import type { AdminTask, TestbedRecord } from '../domain.js';
import { findByTypedName, hasLabel, sameName } from '../lab-rules.js';
import type { Flow } from './actor-key.js';

/** The commands of one word (after `commandText`), and the flow and event each starts. */
export const TEXT_COMMANDS: Record<string, { flow: Flow; type: string }> = {
  testbed: { flow: 'conversation', type: 'menu.requested' },
  testbeds: { flow: 'conversation', type: 'menu.requested' },
  menu: { flow: 'conversation', type: 'menu.requested' },
  // A greeting is answered with the menu: what the bot can do for them.
  hi: { flow: 'conversation', type: 'menu.requested' },
  hello: { flow: 'conversation', type: 'menu.requested' },
  hey: { flow: 'conversation', type: 'menu.requested' },
  help: { flow: 'conversation', type: 'help.requested' },
  '?': { flow: 'conversation', type: 'help.requested' },
  status: { flow: 'conversation', type: 'status.requested' },
  register: { flow: 'conversation', type: 'registration.started' },
  book: { flow: 'conversation', type: 'registration.started' },
  release: { flow: 'conversation', type: 'release.started' },
  feedback: { flow: 'conversation', type: 'feedback.started' },
  mine: { flow: 'conversation', type: 'mine.requested' },
  // A person told their booking is due types what they want to do: their bookings, with the Extend buttons.
  extend: { flow: 'conversation', type: 'mine.requested' },
  report: { flow: 'conversation', type: 'report.requested' },
  // Without a name: the status card, whose Notify me when free picker lists what can be waited for.
  wait: { flow: 'conversation', type: 'status.requested' },
  notify: { flow: 'conversation', type: 'status.requested' },
  broadcast: { flow: 'broadcast', type: 'broadcast.started' },
  admin: { flow: 'admin', type: 'admin.requested' },
  // Words people use for the same things.
  list: { flow: 'conversation', type: 'status.requested' },
  ls: { flow: 'conversation', type: 'status.requested' },
  overview: { flow: 'conversation', type: 'status.requested' },
  bookings: { flow: 'conversation', type: 'mine.requested' },
  queue: { flow: 'conversation', type: 'mine.requested' },
  queues: { flow: 'conversation', type: 'mine.requested' },
};

/** `show status`, `list testbeds`, `show me all testbeds`, `show everything`: the status card. */
export const SHOW_STATUS = /^(?:show|list)(?:\s+me)?(?:\s+(?:the|all(?:\s+the)?))?(?:\s+(?:status|testbeds?|everything|all))?$/i;
/** `my bookings`, `show my testbeds`, `my queues`, `my status`, `status mine`: their bookings and places in queues. */
export const MY_BOOKINGS =
  /^(?:(?:(?:show|list)(?:\s+me)?\s+)?my\s+(?:bookings?|testbeds?|reservations?|queues?|places?|status)|status\s+(?:mine|me|for\s+me))$/i;
/** `thanks`, `thank you!`, `thx`, `cheers`, `ty`: a short answer, and nothing else. */
export const THANKS =
  /^(?:(?:ok(?:ay)?|great|perfect|awesome|cool|nice|brilliant)[,!.]?\s+)?(?:thanks?(?:\s+(?:you|a\s+lot|so\s+much))*|thank\s+you(?:\s+(?:very\s+much|so\s+much))?|thx|ty|cheers|many\s+thanks)$/i;

/** Typed in a 1:1 room that is not approved, only these reach a flow (each checks the person's profile). */
export const DIRECT_TEXT_COMMANDS: ReadonlySet<string> = new Set(['admin']);

/**
 * What a person typed as a command: trimmed, each run of spaces and line breaks made one space
 * (so no pattern below meets a long run of them), without a leading `/`, without question or
 * exclamation marks at the end (`status?`; a lone `?` stays), and without the bot's own word in
 * front (`testbed status` reads as `status`, `testbed` alone stays the menu).
 */
export function commandText(text: string): string {
  const typed = text.trim().replace(/\s+/g, ' ').replace(/^\//, '');
  const command = /^testbeds?\s+(\S[\s\S]*)$/i.exec(typed)?.[1] ?? typed;
  const bare = command.replace(/(?<=[^\s?!])\s*[?!.]+$/, '');
  return THANKS.test(bare) ? bare : withoutCourtesy(bare);
}

/** `please`, `can you`, `I'd like to` before a command; `please`, `now`, `thanks` after it. */
const COURTESY_BEFORE = /^(?:please|pls|plz|kindly|(?:can|could|would|will)\s+you(?:\s+please)?|i(?:['’]?d|\s+would)\s+like\s+to|i\s+(?:want|need)\s+to|let\s+me)\s+(?=\S)/i;
const COURTESY_AFTER = /(?<=\S)\s*,?\s+(?:please|pls|plz|now|right\s+now|asap|thanks?|thank\s+you|thx|ty)$/i;

/** `please book lab-3`, `can you show status`, `release lab-3 now please`: the command in between (twice at most each side). */
function withoutCourtesy(command: string): string {
  let text = command;
  for (let round = 0; round < 2; round++) text = text.replace(COURTESY_BEFORE, '').replace(COURTESY_AFTER, '').replace(/[?!.,]+$/, '');
  return text === '' ? command : text;
}

export function commandWord(text: string): string {
  return commandText(text).toLowerCase();
}

/** `status 5g`, `status label:5g`, `status of 5g` (any case, as typed): the status with an argument. */
const STATUS_WITH_ARGUMENT = /^status\s+(?:label:\s*|of\s+|for\s+)?(.*)$/is;

export const STATUS_ARGUMENT_HELP =
  'Type status to see every testbed, or status and one label to see only the testbeds carrying it (for example: status 5g). ' +
  'A label is 1 to 32 letters, digits, dots, underscores or hyphens.';

/** States asked for in two words, as the status view reads them (one word, as a label is). */
const STATE_PHRASES: Readonly<Record<string, string>> = { 'in use': 'in-use', 'under maintenance': 'maintenance' };

/**
 * `status <label>` (in a command's text): the label as typed (a state such as `free` or `in use`
 * included, which the status view reads when no testbed carries it as a label), `invalid` for an
 * argument that cannot be a label, or null for other text.
 */
export function statusArgument(command: string): { label: string } | 'invalid' | null {
  const match = STATUS_WITH_ARGUMENT.exec(command);
  if (!match) return null;
  const phrase = match[1].trim().toLowerCase();
  if (Object.hasOwn(STATE_PHRASES, phrase)) return { label: STATE_PHRASES[phrase] };
  const label = readLabel(match[1]);
  return label === null ? 'invalid' : { label };
}

/**
 * `free`, `what's free?`, `anything available`, `which testbeds are free`: the status of the free ones.
 * Here and below an apostrophe may be the straight one, the curly one phones type (`what’s`), or none.
 */
export const FREE_NOW =
  /^(?:(?:what(?:['’]?s|\s+is)|which(?:\s+testbeds?|\s+ones?)?(?:\s+(?:is|are))?|is\s+(?:anything|any(?:\s+testbed|one)?|there\s+(?:anything|a\s+testbed|one))|anything|any(?:\s+testbeds?)?)\s+)?(?:free|available)(?:\s+testbeds?)?(?:\s+(?:now|right\s+now|today))?$/i;
/** `when is lab-3 free?`, `is lab-3 free`, `when will TB-03 be back`: the status of that testbed, with its expected release. */
export const WHEN_FREE = /^(?:when(?:['’]?s|\s+is|\s+will)|is)\s+(\S[\s\S]*?)\s+(?:be\s+)?(?:free|available|back|busy|in\s+use|taken|booked)(?:\s+again)?$/i;

/** `report 30`, `report 7 days`: the usage report over that window. */
const REPORT_WITH_ARGUMENT = /^report\s+(\S[\s\S]*)$/i;
const REPORT_DAYS = /^(7|30)\s*(?:d|days?)?$/i;
export const REPORT_ARGUMENT_HELP = 'The usage report covers the last 7 or the last 30 days: type report, or report 30.';

/** `report <days>` (in a command's text): 7 or 30, `invalid` for any other argument, or null for other text. */
export function reportArgument(command: string): { days: 7 | 30 } | 'invalid' | null {
  const match = REPORT_WITH_ARGUMENT.exec(command);
  if (!match) return null;
  const days = REPORT_DAYS.exec(match[1].trim());
  return days ? { days: days[1] === '30' ? 30 : 7 } : 'invalid';
}

/** `register lab-3`, `book lab-3`, `release lab-3`: the form, starting on the testbed named. */
export const NAMED_FORM = /^(register|book|release)\s+(\S[\s\S]*)$/i;
/** `wait lab-3`, `notify me when lab-3 is free`, `wait for TB-03`: join the queue for that testbed. */
export const WAIT_NAMED = /^(?:wait|notify)\s+(?:me\s+)?(?:for\s+|when\s+|about\s+)?(\S[\s\S]*?)(?:\s+(?:is\s+)?(?:free|frees up|back))?$/i;
/** `unwait lab-3`, `stop waiting for lab-3`, `leave the queue for lab-3`: leave that testbed's queue. */
export const UNWAIT_NAMED = /^(?:unwait|stop\s+waiting|leave(?:\s+the)?\s+queue)\s+(?:for\s+)?(\S[\s\S]*)$/i;
/** `who has what`, `who is using which testbeds`, `who's on everything`: the status of every testbed. */
export const WHO_HAS_ANY =
  /^who(?:['’]?s|\s+is)?\s+(?:has|holds|on|using|uses|booked)\s+(?:what|which(?:\s+testbeds?|\s+ones?)?|anything|everything|all(?:\s+the)?(?:\s+testbeds?)?|the\s+testbeds)$/i;
/** `who has lab-3`, `who is on lab-3`, `who's using TB-03`: the status of that testbed, its holder first. */
export const WHO_HAS = /^who(?:['’]?s|\s+is)?\s+(?:has|holds|on|using|uses|booked)\s+(\S[\s\S]*)$/i;
/** `history lab-3`, `lab-3 history`, `who had lab-3 last?`, `who used lab-3`: that testbed's bookings of the last 30 days. */
export const HISTORY_NAMED =
  /^(?:(?:show\s+)?(?:the\s+)?history(?:\s+(?:of|for))?\s+(\S[\s\S]*)|who(?:['’]?s|\s+has)?\s+(?:had|used|been\s+on|was\s+on)\s+(\S[\s\S]*?)(?:\s+(?:last|before|recently|lately|before\s+me))?)$/i;
/** `lab-3 history`: the name first (only when it is a testbed's). */
export const NAME_HISTORY = /^(\S[\s\S]*?)\s+history$/i;
export const HISTORY_HELP = 'Type history and a testbed’s name, for example history lab-3, to see who had it in the last 30 days (report shows the whole lab’s usage).';

/** The testbed `history …` names, as typed, or undefined when the text is not a history question. */
export function historyName(command: string, testbeds: readonly Pick<TestbedRecord, 'testbed_name'>[]): string | undefined {
  const match = HISTORY_NAMED.exec(command);
  if (match) return (match[1] ?? match[2]).trim();
  const named = NAME_HISTORY.exec(command);
  return named && 'found' in findByTypedName(testbeds, named[1]) ? named[1].trim() : undefined;
}

/** `release all`, `release all mine`, `release all my testbeds`. */
export const RELEASE_ALL = /^release\s+all(?:\s+(?:mine|(?:of\s+)?my\s+testbeds?))?$/i;
/** A typed name longer than any testbed's is cut here (it is only looked up and quoted back). */
export const MAX_TYPED_NAME = 80;

/** `extend lab-3`, `extend 2h`, `extend lab-3 by 2 hours`: their bookings, with lab-3 chosen and an Extend button of that length. */
export const EXTEND_NAMED = /^extend\s+(\S[\s\S]*)$/i;

/** What `extend <words>` asks for: the testbed named, when the lab has it, and a length, when one was typed. */
export interface TypedExtend<T> {
  testbed?: T;
  minutes?: number;
  /** True when every word was read (a name the lab has, a length, or both): lab data, no words a person wrote. */
  whole: boolean;
}

/**
 * `extend 2h`; `extend lab-3 by 2 hours`, `for a day`, `until 18:00` (a time: only lab-3 is read);
 * `extend lab-3 2h`, `extend TB-04 SD-WAN pod another hour` (a length after the name, without `by`).
 */
export function readTypedExtend<T extends Pick<TestbedRecord, 'testbed_name'>>(words: string, testbeds: readonly T[]): TypedExtend<T> {
  const typed = words.trim();
  const alone = readTypedExtension(typed);
  if (alone !== null) return { minutes: alone, whole: true };
  // The name before `by`, `for`, `until`, `to`; else before the last one, two or three words.
  const clause = /\s+(?:by|for|until|till|to)\s+\S/i.exec(typed);
  const spaces = [...typed.matchAll(/\s+/g)].slice(-3).map((space) => space.index);
  for (const end of [clause?.index, ...spaces.reverse()]) {
    if (end === undefined || end === 0) continue;
    const named = findByTypedName(testbeds, typed.slice(0, end));
    if (!('found' in named)) continue;
    const rest = typed.slice(end);
    const minutes = readTypedExtension(rest);
    if (minutes !== null) return { testbed: named.found, minutes, whole: true };
    if (end === clause?.index) return { testbed: named.found, whole: false };
  }
  const named = findByTypedName(testbeds, typed);
  return 'found' in named ? { testbed: named.found, whole: true } : { whole: false };
}

/** The testbed name a typed command carries (`register lab-3`, `wait lab-3`, `who has lab-3`), if it has one. */
function typedTestbedName(command: string, testbeds: readonly Pick<TestbedRecord, 'testbed_name'>[]): string | undefined {
  if (FREE_NOW.test(command) || WHO_HAS_ANY.test(command)) return undefined;
  const history = historyName(command, testbeds);
  if (history !== undefined) return history;
  for (const pattern of [WAIT_NAMED, UNWAIT_NAMED, WHO_HAS, WHEN_FREE]) {
    const match = pattern.exec(command);
    if (match) return match[1].trim();
  }
  const named = NAMED_FORM.exec(command);
  return named ? named[2].trim() : undefined;
}

/** An admin task typed: the task, and the words after it (the testbed, and for a rename the new name). */
export interface TypedAdminTask {
  task: AdminTask;
  words?: string;
}

/** What admins type for their tasks; each opens that form (the admin actor checks the profile first). */
const ADMIN_PHRASES: ReadonlyArray<[RegExp, AdminTask]> = [
  [/^(?:add|new|create)\s+(?:an?\s+)?(?:new\s+)?testbed(?:\s+(?:called|named))?(?:\s+(\S[\s\S]*))?$/i, 'testbed_add'],
  [/^rename(?:\s+testbed)?(?:\s+(\S[\s\S]*))?$/i, 'testbed_rename'],
  [/^(?:retire|decommission|(?:remove|delete)\s+testbed)(?:\s+testbed)?(?:\s+(\S[\s\S]*))?$/i, 'testbed_retire'],
  [/^(?:end|stop|finish)\s+(?:the\s+)?maintenance(?:\s+(?:on|for|of))?(?:\s+(\S[\s\S]*))?$/i, 'maintenance_end'],
  [/^(?:start\s+)?maintenance(?:\s+(?:on|for|of))?(?:\s+(\S[\s\S]*))?$/i, 'maintenance_start'],
  [/^put\s+(\S[\s\S]*?)\s+(?:in|into|under)\s+maintenance$/i, 'maintenance_start'],
  [/^force[\s-]*release(?:\s+(\S[\s\S]*))?$/i, 'force_release'],
];

/** `retire lab-3`, `maintenance lab-3`, `end maintenance lab-3`, `force release lab-3`, `rename lab-3 to lab-3b`, `add testbed lab-9`. */
export function adminTask(command: string): TypedAdminTask | null {
  for (const [pattern, task] of ADMIN_PHRASES) {
    const match = pattern.exec(command);
    if (match) return match[1] === undefined ? { task } : { task, words: match[1].trim() };
  }
  return null;
}

/**
 * `rename lab-3 to lab-3b`: the testbed and the new name. The old name may hold ` to ` itself, so
 * the first split whose left side names a testbed wins; without one, the words before the first ` to `.
 */
export function renameParts<T extends Pick<TestbedRecord, 'testbed_name'>>(words: string, testbeds: readonly T[]): { testbed: string; name?: string } {
  const splits = [...words.slice(0, MAX_TYPED_NAME + 4).matchAll(/\s+(?:to|as|into)\s+/gi)].slice(0, 6);
  const parts = (split: RegExpMatchArray) => ({ testbed: words.slice(0, split.index), name: words.slice(split.index! + split[0].length).trim() });
  // A whole name first (`rename Link to core to Core link`), then the start of one.
  const names = (split: RegExpMatchArray, whole: boolean) => {
    const match = findByTypedName(testbeds, words.slice(0, split.index));
    return 'found' in match && (!whole || sameName(match.found.testbed_name, words.slice(0, split.index)));
  };
  const found = splits.find((split) => names(split, true)) ?? splits.find((split) => names(split, false));
  if (found) return parts(found);
  return splits.length > 0 ? parts(splits[0]) : { testbed: words };
}

/** A name or a label the lab has (`lab-3`, `5g`): lab data, which a typed command may carry. */
function isLabName(testbeds: readonly Pick<TestbedRecord, 'testbed_name' | 'labels'>[], name: string): boolean {
  return 'found' in findByTypedName(testbeds, name) || testbeds.some((record) => hasLabel(record, name));
}

/** `reserve lab-3`, `claim`: words for book, with or without a testbed. */
const BOOK_WORDS = /^(?:reserve|claim)(?=\s|$)([\s\S]*)$/i;
/** `take lab-3`, `grab 5g`: book, but only with a testbed or label the lab has (`take a look` books nothing). */
const BOOK_IF_NAMED = /^(?:take|grab)\s+(\S[\s\S]*)$/i;
/** `I need lab-3`, `can I have lab-3`, `give me a testbed`: book, with a testbed or label the lab has, or none named. */
const BOOK_ASKED = /^(?:i\s+(?:need|want|would\s+like)|(?:can|could|may)\s+i\s+(?:please\s+)?(?:have|get|use|take|grab|borrow|book)|give\s+me)\s+(\S[\s\S]*)$/i;
/** `queue lab-3`, `queue for lab-3`, `join the queue for lab-3`, `add me to the queue of lab-3`, `get in line for lab-3`: wait. */
const QUEUE_FOR =
  /^(?:queue(?:\s+up)?(?:\s+(?:for|on))?|(?:join|enter)\s+(?:the\s+)?(?:queue|line|waiting\s+list)\s+(?:for|of|on)|(?:add|put)\s+me\s+(?:to|in|on)\s+(?:the\s+)?(?:queue|line|waiting\s+list)\s+(?:for|of|on)|get\s+in\s+line\s+for)\s+(\S[\s\S]*)$/i;
/** `who is waiting for lab-3`, `who's in the queue for lab-3`, `queue of lab-3`, `when do I get lab-3`: as `who has lab-3`, the status of lab-3 (its queue on its row). */
const QUEUE_OF =
  /^(?:who(?:['’]?s|\s+is|\s+are)?\s+(?:waiting|queued|in\s+(?:the\s+)?(?:queue|line))\s+(?:for|on|of)|(?:the\s+)?(?:queue|line|waiting\s+list)\s+(?:of|on)|when\s+(?:do|will|can)\s+i\s+get)\s+(\S[\s\S]*)$/i;
/** `my place in the queue`, `where am I in the queue`, `am I next`: their bookings and places in queues. */
const MY_PLACE = /^(?:(?:what(?:['’]?s|\s+is)\s+)?my\s+(?:place|position|spot)(?:\s+in\s+(?:the\s+)?(?:queue|line)s?)?|where\s+am\s+i(?:\s+in\s+(?:the\s+)?(?:queue|line)s?)?|am\s+i\s+next)$/i;

/** `cancel all my bookings`, `give back all mine`, `free up all my testbeds`: release all. */
const RELEASE_ALL_WORDS =
  /^(?:cancel|unbook|return|give\s+back|hand\s+back|free\s+up|free)\s+(?:all|everything)(?:\s+(?:of\s+)?(?:my|mine))?(?:\s+(?:bookings?|reservations?|testbeds?))?$/i;
/** `done with lab-3`, `I’m finished with lab-3`, `give back lab-3`, `unbook`, `cancel my booking of lab-3`: release. */
const RELEASE_WORDS =
  /^(?:unbook|return|give\s+back|hand\s+back|free\s+up|(?:i(?:['’]?m|\s+am)\s+)?(?:done|finished)(?:\s+with)?|cancel\s+(?:my\s+|the\s+|this\s+)?(?:booking|reservation)s?(?:\s+(?:of|for|on))?)(?:\s+(\S[\s\S]*))?$/i;
/** `free lab-3`, `cancel lab-3`: release, when the words name a testbed (`free beer` does not; `cancel` alone stops a conversation). */
const RELEASE_IF_TESTBED = /^(?:free|cancel)\s+(\S[\s\S]*)$/i;

/**
 * The words people use for booking and releasing, read as the commands the bot knows: `reserve lab-3`
 * and `take lab-3` as `book lab-3`; `done with lab-3`, `give back lab-3`, `free lab-3` and
 * `cancel my booking of lab-3` as `release lab-3`; `free 5g` (a label) as `status 5g`; `I need lab-3`
 * as `book lab-3`; `queue for lab-3` as `wait lab-3`; `who is waiting for lab-3` as `who has lab-3`. Other text
 * comes back as it was. Like the commands, these only open a form: nothing is booked or released
 * before its button is pressed.
 */
export function everydayCommand(command: string, testbeds: readonly Pick<TestbedRecord, 'testbed_name' | 'labels'>[]): string {
  if (FREE_NOW.test(command)) return command;
  const book = BOOK_WORDS.exec(command);
  if (book) return `book${book[1]}`;
  const asked = BOOK_ASKED.exec(command);
  if (asked) {
    const named = readTypedBooking(asked[1], testbeds, new Date(0).toISOString(), 'UTC').name;
    return named === undefined || isLabName(testbeds, named) ? `book ${asked[1]}` : command;
  }
  // `queue of lab-3` asks who waits; `queue for lab-3` joins.
  const queueOf = QUEUE_OF.exec(command);
  if (queueOf) return `who has ${queueOf[1]}`;
  const queue = QUEUE_FOR.exec(command);
  if (queue) return `wait ${queue[1]}`;
  if (MY_PLACE.test(command)) return 'my queues';
  // `status TB-03 Wi-Fi 7 lab`: a name with spaces is no label, but it is a testbed's name.
  const status = STATUS_WITH_ARGUMENT.exec(command);
  if (status && readLabel(status[1]) === null && 'found' in findByTypedName(testbeds, status[1].trim())) return `who has ${status[1].trim()}`;
  const take = BOOK_IF_NAMED.exec(command);
  if (take) {
    const named = readTypedBooking(take[1], testbeds, new Date(0).toISOString(), 'UTC').name;
    return named !== undefined && isLabName(testbeds, named) ? `book ${take[1]}` : command;
  }
  if (RELEASE_ALL_WORDS.test(command)) return 'release all';
  const release = RELEASE_WORDS.exec(command);
  if (release) return release[1] === undefined ? 'release' : `release ${release[1]}`;
  const named = RELEASE_IF_TESTBED.exec(command);
  if (named && 'found' in findByTypedName(testbeds, named[1].trim())) return `release ${named[1]}`;
  if (named && /^free\s/i.test(command) && readLabel(named[1]) !== null && testbeds.some((record) => hasLabel(record, named[1].trim()))) {
    return `status ${named[1]}`;
  }
  return command;
}

/**
 * A testbed's name typed alone (`TB-03`, `lab-3`): the testbed found, asked about as `who has lab-3`.
 * The whole name, or the start of only one name, of three characters at least (`la` is no question).
 */
export function bareTestbed<T extends Pick<TestbedRecord, 'testbed_name'>>(command: string, testbeds: readonly T[]): T | undefined {
  const match = findByTypedName(testbeds, command);
  if (!('found' in match)) return undefined;
  return command.trim().length >= 3 || sameName(match.found.testbed_name, command) ? match.found : undefined;
}

/**
 * True when the text is one of the commands the bot answers (not free text a person wrote). A
 * command with a testbed's name counts when the name is one of `testbeds` (as typed, or its
 * unique start): a name is lab data, while other words after a command could be anything.
 */
export function isCommandText(text: string, testbeds: readonly Pick<TestbedRecord, 'testbed_name' | 'labels'>[] = []): boolean {
  const command = everydayCommand(commandText(text), testbeds);
  const word = command.toLowerCase();
  const phrases = [RELEASE_ALL, FREE_NOW, SHOW_STATUS, MY_BOOKINGS, THANKS, WHO_HAS_ANY];
  if (word === 'cancel' || word === 'stop' || word === 'history' || Object.hasOwn(TEXT_COMMANDS, word) || phrases.some((phrase) => phrase.test(command))) return true;
  const argument = statusArgument(command);
  if (argument !== null && argument !== 'invalid') return true;
  const report = reportArgument(command);
  if (report !== null && report !== 'invalid') return true;
  const booking = NAMED_FORM.exec(command);
  if (booking && booking[1].toLowerCase() !== 'release') {
    // `book lab-3 for 2 hours` is a command; `book lab-3 for the soak` carries words a person wrote.
    // (Whether the words are a time does not depend on the clock, so any instant serves here.)
    const read = readTypedBooking(booking[2], testbeds, new Date(0).toISOString(), 'UTC');
    // The name of a testbed, or a label one carries (`book any 5g`): lab data, like the testbeds' names.
    // Words that were not read (`book lab-3 until the ACME demo`) are a person's too.
    return read.name !== undefined && isLabName(testbeds, read.name) && !Object.hasOwn(read.values, INPUT_IDS.purpose) && read.unread === undefined;
  }
  const extend = EXTEND_NAMED.exec(command);
  if (extend) return readTypedExtend(extend[1], testbeds).whole;
  const admin = adminTask(command);
  // A new name (`add testbed lab-9`, `rename lab-3 to lab-3b`) is not the lab's yet: words a person wrote.
  if (admin) return admin.words === undefined || (admin.task !== 'testbed_add' && admin.task !== 'testbed_rename' && 'found' in findByTypedName(testbeds, admin.words));
  const name = typedTestbedName(command, testbeds);
  return (name !== undefined && 'found' in findByTypedName(testbeds, name)) || bareTestbed(command, testbeds) !== undefined;
}
