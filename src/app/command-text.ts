/**
 * Whether typed text is a command (`wait lab-3`) rather than words a person wrote: the recorder
 * keeps commands as typed and blanks the rest when RECORD_TEXT=off. Pure.
 */
import { INPUT_IDS } from '../cards/actions.js';
import { isStateWord } from '../cards/status-filter.js';
import { readTypedBooking } from '../cards/typed-booking.js';
import type { TestbedRecord } from '../domain.js';
import { findByTypedName, labelCarried } from '../lab-rules.js';
import { DIGEST_ASKED, LABELS_ASKED, PROBLEMS_ASKED, RULES_ASKED, bareTestbed, carriesPersonWords, everydayCommand, isLabName } from './everyday-words.js';
import { adminTask } from './typed-admin.js';
import {
  EXTEND_NAMED,
  FREE_NOW,
  IT,
  ANY_TESTBED,
  MY_BOOKINGS,
  MY_HISTORY,
  NAMED_FORM,
  PASS_ON,
  RELEASE_ALL,
  SHOW_STATUS,
  TEXT_COMMANDS,
  THANKS,
  UNWAIT_NAMED,
  WAIT_NAMED,
  WHEN_FREE,
  WHO_HAS,
  WHO_HAS_ANY,
  WHO_ADMINS,
  SWITCH_ASKED,
  readTypedSwitch,
  commandText,
  historyName,
  readTypedAsk,
  readTypedExtend,
  reportArgument,
  statusArgument,
  nextFreeAsked,
  waitedLabel,
} from './typed-commands.js';

/** The testbed name a typed command carries (`register lab-3`, `wait lab-3`, `who has lab-3`), if it has one. */
function typedTestbedName(command: string, testbeds: readonly Pick<TestbedRecord, 'testbed_name'>[]): string | undefined {
  if (FREE_NOW.test(command) || WHO_HAS_ANY.test(command)) return undefined;
  const history = historyName(command, testbeds);
  if (history !== undefined) return history;
  for (const pattern of [WAIT_NAMED, UNWAIT_NAMED, WHO_HAS, WHEN_FREE]) {
    const match = pattern.exec(command);
    if (match) return (match[1] ?? match[2]).trim();
  }
  const named = NAMED_FORM.exec(command);
  return named ? named[2].trim() : undefined;
}

/**
 * Words of a typed booking (`lab-3 for 2 hours`, `any 5g until 5pm`) that hold only lab data: the name of a testbed, or
 * a label one carries, and a time. A purpose, and words that were not read (`until the ACME demo`), are a person's.
 * (Whether the words are a time does not depend on the clock, so any instant serves here.)
 */
function bookedLabWordsOnly(words: string, testbeds: readonly Pick<TestbedRecord, 'testbed_name' | 'labels'>[]): boolean {
  const read = readTypedBooking(words, testbeds, new Date(0).toISOString(), 'UTC');
  return read.name !== undefined && isLabName(testbeds, read.name) && !Object.hasOwn(read.values, INPUT_IDS.purpose) && read.unread === undefined;
}

/**
 * True when the text is one of the commands the bot answers (not free text a person wrote). A
 * command with a testbed's name counts when the name is one of `testbeds` (as typed, or its
 * unique start): a name is lab data, while other words after a command could be anything.
 */
export function isCommandText(text: string, testbeds: readonly Pick<TestbedRecord, 'testbed_name' | 'labels'>[] = []): boolean {
  const said = commandText(text);
  if (carriesPersonWords(said, testbeds)) return false;
  const command = everydayCommand(said, testbeds);
  const word = command.toLowerCase();
  const phrases = [RELEASE_ALL, FREE_NOW, SHOW_STATUS, MY_BOOKINGS, MY_HISTORY, THANKS, WHO_HAS_ANY, LABELS_ASKED, PROBLEMS_ASKED, RULES_ASKED, DIGEST_ASKED, SWITCH_ASKED, WHO_ADMINS];
  if (word === 'cancel' || word === 'stop' || word === 'history' || Object.hasOwn(TEXT_COMMANDS, word) || phrases.some((phrase) => phrase.test(command))) return true;
  const argument = statusArgument(command);
  // A label the lab has, a state or a testbed's name is lab data; other words may name a person (`status Linus`).
  if (argument !== null && argument !== 'invalid') {
    return isStateWord(argument.label) || labelCarried(testbeds, argument.label) || 'found' in findByTypedName(testbeds, argument.label);
  }
  const report = reportArgument(command);
  // A label no testbed carries is words a person wrote.
  if (report !== null && report !== 'invalid') return report.label === undefined || labelCarried(testbeds, report.label);
  const booking = NAMED_FORM.exec(command);
  if (booking && booking[1].toLowerCase() !== 'release') {
    // `book lab-3 for 2 hours` is a command; `book lab-3 for the soak` carries words a person wrote.
    return bookedLabWordsOnly(booking[2], testbeds);
  }
  const extend = EXTEND_NAMED.exec(command);
  if (extend) return readTypedExtend(extend[1], testbeds).whole;
  const admin = adminTask(command, testbeds);
  // A new name (`add testbed lab-9`, `rename lab-3 to lab-3b`) is not the lab's yet: words a person wrote.
  // A colleague named with it (`take lab-3 away from Linus`) is a person's words too.
  if (admin) {
    // Labels and a description typed with an edit are a person's words.
    if (admin.person || admin.edit) return false;
    return admin.words === undefined || (admin.task !== 'testbed_add' && admin.task !== 'testbed_rename' && 'found' in findByTypedName(testbeds, admin.words));
  }
  // `when is the next one free`, `which testbed frees up first`: no testbed in particular.
  if (nextFreeAsked(command, testbeds)) return true;
  // `wait any 5g`, `unwait any 5g`: a label a testbed carries is lab data; so are `wait any`, `wait for the next free one`.
  const queued = WAIT_NAMED.exec(command) ?? UNWAIT_NAMED.exec(command);
  if (queued && (ANY_TESTBED.test(queued[1]) || waitedLabel(queued[1], testbeds) !== undefined)) return true;
  // `no thanks`, `pass on lab-3`: lab data when a testbed is named (or none is).
  const passOn = PASS_ON.exec(command);
  if (passOn) return passOn[1] === undefined || IT.test(passOn[1].trim()) || 'found' in findByTypedName(testbeds, passOn[1].trim());
  // `switch lab-3 to TB-04`: lab data when both name testbeds (`move my booking to 18:00` is read further on).
  const switched = readTypedSwitch(command);
  // A time after the testbed (`switch to TB-04 until 5pm`) is no person's words either; a purpose or other words are.
  if (switched && ('found' in findByTypedName(testbeds, switched.to) || bookedLabWordsOnly(switched.to, testbeds))) {
    return switched.from === undefined || 'found' in findByTypedName(testbeds, switched.from);
  }
  const ask = readTypedAsk(command);
  // `ask about lab-3` is lab data; `ask Linus to release lab-3` names a colleague: words a person wrote.
  if (ask) return !ask.person && 'found' in findByTypedName(testbeds, ask.name);
  const name = typedTestbedName(command, testbeds);
  return (name !== undefined && 'found' in findByTypedName(testbeds, name)) || bareTestbed(command, testbeds) !== undefined;
}
