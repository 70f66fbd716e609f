/**
 * PlatformEvent → what should happen, as plain data. Pure: no I/O, no clock
 * (the receive time arrives on the event). Drops events from unapproved rooms,
 * validates card inputs before anything else sees them, and picks the actor key.
 */
import type { PlatformEvent } from '../platform/port.js';
import { uuidOf } from '../platform/ids.js';
import {
  DIRECT_ACTIONS,
  INPUT_IDS,
  isHandOffSubmission,
  parseExtendSubmission,
  parseFeedbackSubmission,
  parseRegisterSubmission,
  parseReleaseSubmission,
  parseReportDays,
  parseTestbedChoice,
  readAction,
  readLabel,
  readStartOn,
  readStatusLabel,
  readStatusPage,
  type Invalid,
} from '../cards/actions.js';
import type { FormErrors, TestbedRecord } from '../domain.js';
import { findByTypedName, findNearName } from '../lab-rules.js';
import type { LifecycleRequest } from '../machines/shared/lifecycle-types.js';
import { parseBroadcastMessage, parseRoomSelection } from '../cards/broadcast-actions.js';
import { parseAdminSubmission, readAdminForm } from '../cards/admin-actions.js';
import { SUGGESTIBLE_COMMANDS } from '../cards/menu.card.js';
import { readTypedBooking } from '../cards/typed-booking.js';
import { flowKey, type Flow, type FlowKey } from './actor-key.js';
import { closestWord } from '../typos.js';

export type { Flow } from './actor-key.js';

export interface RouterContext {
  approvedRooms: string[] | '*';
  timeZone: string;
  knownTestbedIds: readonly number[];
  /** The testbeds' ids and names; only read for typed text that names one (`wait lab-3`). */
  testbeds?: readonly Pick<TestbedRecord, 'id' | 'testbed_name'>[];
  /** Room ids a broadcast may target; only needed for `broadcast_rooms_submit`. */
  broadcastRoomIds?: string[];
}

export interface Target {
  /** Which flow's actor, for which person in which room. */
  key: FlowKey;
  event: { type: string } & Record<string, unknown>;
  /** Only deliver when the actor already exists (e.g. cancel). */
  ifExists?: boolean;
}

export type RouteDecision =
  | { kind: 'ignore'; reason: 'unapproved_room' }
  | { kind: 'reply'; view: { kind: 'hint'; suggestion?: string } | { kind: 'error'; message: string } | { kind: 'thanks' } }
  | { kind: 'dispatch'; targets: Target[] };

const TEXT_COMMANDS: Record<string, { flow: Flow; type: string }> = {
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
const SHOW_STATUS = /^(?:show|list)(?:\s+me)?(?:\s+(?:the|all(?:\s+the)?))?(?:\s+(?:status|testbeds?|everything|all))?$/i;
/** `my bookings`, `show my testbeds`, `my queues`: their bookings and places in queues. */
const MY_BOOKINGS = /^(?:(?:show|list)(?:\s+me)?\s+)?my\s+(?:bookings?|testbeds?|reservations?|queues?|places?)$/i;
/** `thanks`, `thank you!`, `thx`, `cheers`, `ty`: a short answer, and nothing else. */
const THANKS = /^(?:thanks?(?:\s+(?:you|a\s+lot|so\s+much))*|thank\s+you(?:\s+(?:very\s+much|so\s+much))?|thx|ty|cheers|many\s+thanks)$/i;

/** The hint for text that is no command, naming the command its first word most likely meant (`stauts 5g`: status). */
function hintFor(word: string): RouteDecision {
  const suggestion = closestWord(word.split(' ', 1)[0], SUGGESTIBLE_COMMANDS);
  return { kind: 'reply', view: suggestion === undefined ? { kind: 'hint' } : { kind: 'hint', suggestion } };
}

/** Typed in a 1:1 room that is not approved, only these reach a flow (each checks the person's profile). */
const DIRECT_TEXT_COMMANDS: ReadonlySet<string> = new Set(['admin']);

// An approved list stays the same for a whole run: the UUIDs inside its ids are read once per list.
const approvedUuids = new WeakMap<readonly string[], Set<string>>();

export function isApproved(roomId: string, approved: string[] | '*'): boolean {
  if (approved === '*') return true;
  if (approved.includes(roomId)) return true;
  let uuids = approvedUuids.get(approved);
  if (!uuids) {
    uuids = new Set(approved.map((id) => uuidOf(id).toLowerCase()));
    approvedUuids.set(approved, uuids);
  }
  return uuids.has(uuidOf(roomId).toLowerCase());
}

function target(flow: Flow, event: PlatformEvent, machineEvent: Target['event'], ifExists = false): Target {
  const key = flowKey(flow, event.roomId, event.personId);
  return ifExists ? { key, event: machineEvent, ifExists } : { key, event: machineEvent };
}

function one(flow: Flow, event: PlatformEvent, machineEvent: Target['event']): RouteDecision {
  return { kind: 'dispatch', targets: [target(flow, event, machineEvent)] };
}

export function route(event: PlatformEvent, ctx: RouterContext): RouteDecision {
  if (!isApproved(event.roomId, ctx.approvedRooms)) {
    // Direct rooms: only the buttons the bot sent there, each checked later against the store, and
    // the admin card, which is checked against the person's profile wherever it is used.
    if (event.type === 'cardAction' && event.roomType === 'direct' && DIRECT_ACTIONS.has(readAction(event.inputs) ?? '')) {
      return routeCard(event, ctx, true);
    }
    if (event.type === 'message' && event.roomType === 'direct' && DIRECT_TEXT_COMMANDS.has(commandWord(event.text))) {
      return routeText(event, ctx);
    }
    return { kind: 'ignore', reason: 'unapproved_room' };
  }
  return event.type === 'message' ? routeText(event, ctx) : routeCard(event, ctx, false);
}

/** A form's problems as one friendly line (for buttons that have no form to send back). */
function problemsReply(errors: FormErrors): RouteDecision {
  return { kind: 'reply', view: { kind: 'error', message: `${Object.values(errors).join(' ')} Nothing was changed.` } };
}

/**
 * The hand-off form from a direct message came back with problems: the same form again, the
 * problems named and the values kept. Without a testbed the bot sent, there is no form to show.
 */
function offerProblems(event: PlatformEvent, result: Invalid, ctx: RouterContext): RouteDecision {
  const testbedId = Number(result.values.testbed_id);
  if (Object.hasOwn(result.errors, 'testbed_id') || !ctx.knownTestbedIds.includes(testbedId)) return problemsReply(result.errors);
  return one('conversation', event, { type: 'offer.invalid', testbedId, errors: result.errors, values: result.values });
}

function lifecycle(event: PlatformEvent, request: LifecycleRequest, now: string): RouteDecision {
  return one('conversation', event, { type: 'lifecycle.submitted', request, now });
}

/**
 * What a person typed as a command: trimmed, each run of spaces and line breaks made one space
 * (so no pattern below meets a long run of them), without a leading `/`, without question or
 * exclamation marks at the end (`status?`; a lone `?` stays), and without the bot's own word in
 * front (`testbed status` reads as `status`, `testbed` alone stays the menu).
 */
function commandText(text: string): string {
  const typed = text.trim().replace(/\s+/g, ' ').replace(/^\//, '');
  const command = /^testbeds?\s+(\S[\s\S]*)$/i.exec(typed)?.[1] ?? typed;
  return command.replace(/(?<=[^\s?!])\s*[?!]+$/, '');
}

function commandWord(text: string): string {
  return commandText(text).toLowerCase();
}

/** The one command that takes an argument: `status 5g` or `status label:5g` (any case, as typed). */
const STATUS_WITH_ARGUMENT = /^status\s+(?:label:\s*)?(.*)$/is;

const STATUS_ARGUMENT_HELP =
  'Type status to see every testbed, or status and one label to see only the testbeds carrying it (for example: status 5g). ' +
  'A label is 1 to 32 letters, digits, dots, underscores or hyphens.';

/** States asked for in two words, as the status view reads them (one word, as a label is). */
const STATE_PHRASES: Readonly<Record<string, string>> = { 'in use': 'in-use', 'under maintenance': 'maintenance' };

/**
 * `status <label>` (in a command's text): the label as typed (a state such as `free` or `in use`
 * included, which the status view reads when no testbed carries it as a label), `invalid` for an
 * argument that cannot be a label, or null for other text.
 */
function statusArgument(command: string): { label: string } | 'invalid' | null {
  const match = STATUS_WITH_ARGUMENT.exec(command);
  if (!match) return null;
  const phrase = match[1].trim().toLowerCase();
  if (Object.hasOwn(STATE_PHRASES, phrase)) return { label: STATE_PHRASES[phrase] };
  const label = readLabel(match[1]);
  return label === null ? 'invalid' : { label };
}

/** `free`, `what's free?`, `anything available`, `which testbeds are free`: the status of the free ones. */
const FREE_NOW =
  /^(?:(?:what(?:'s|\s+is)|which(?:\s+testbeds?|\s+ones?)?(?:\s+(?:is|are))?|is\s+(?:anything|any(?:\s+testbed|one)?|there\s+(?:anything|a\s+testbed|one))|anything|any(?:\s+testbeds?)?)\s+)?(?:free|available)(?:\s+testbeds?)?(?:\s+(?:now|right\s+now|today))?$/i;
/** `when is lab-3 free?`, `is lab-3 free`, `when will TB-03 be back`: the status of that testbed, with its expected release. */
const WHEN_FREE = /^(?:when(?:'s|\s+is|\s+will)|is)\s+(\S[\s\S]*?)\s+(?:be\s+)?(?:free|available|back)(?:\s+again)?$/i;

/** `report 30`, `report 7 days`: the usage report over that window. */
const REPORT_WITH_ARGUMENT = /^report\s+(\S[\s\S]*)$/i;
const REPORT_DAYS = /^(7|30)\s*(?:d|days?)?$/i;
const REPORT_ARGUMENT_HELP = 'The usage report covers the last 7 or the last 30 days: type report, or report 30.';

/** `report <days>` (in a command's text): 7 or 30, `invalid` for any other argument, or null for other text. */
function reportArgument(command: string): { days: 7 | 30 } | 'invalid' | null {
  const match = REPORT_WITH_ARGUMENT.exec(command);
  if (!match) return null;
  const days = REPORT_DAYS.exec(match[1].trim());
  return days ? { days: days[1] === '30' ? 30 : 7 } : 'invalid';
}

/** `register lab-3`, `book lab-3`, `release lab-3`: the form, starting on the testbed named. */
const NAMED_FORM = /^(register|book|release)\s+(\S[\s\S]*)$/i;
/** Words after `register` or `release` that name no testbed: `book a testbed`, `release mine`, `register one please`. */
const NO_NAME = /^(?:(?:a|an|the|my|our)\s+)?(?:testbeds?|one|it|mine|something|please)(?:\s+please)?$/i;
/** `wait lab-3`, `notify me when lab-3 is free`, `wait for TB-03`: join the queue for that testbed. */
const WAIT_NAMED = /^(?:wait|notify)\s+(?:me\s+)?(?:for\s+|when\s+|about\s+)?(\S[\s\S]*?)(?:\s+(?:is\s+)?(?:free|frees up|back))?$/i;
/** `unwait lab-3`, `stop waiting for lab-3`, `leave the queue for lab-3`: leave that testbed's queue. */
const UNWAIT_NAMED = /^(?:unwait|stop\s+waiting|leave(?:\s+the)?\s+queue)\s+(?:for\s+)?(\S[\s\S]*)$/i;
/** `who has lab-3`, `who is on lab-3`, `who's using TB-03`: the status of that testbed, its holder first. */
const WHO_HAS = /^who(?:'s|\s+is)?\s+(?:has|holds|on|using|uses|booked)\s+(\S[\s\S]*)$/i;
/** `release all`, `release all mine`, `release all my testbeds`. */
const RELEASE_ALL = /^release\s+all(?:\s+(?:mine|(?:of\s+)?my\s+testbeds?))?$/i;
/** A typed name longer than any testbed's is cut here (it is only looked up and quoted back). */
const MAX_TYPED_NAME = 80;

/** `extend lab-3`, `extend 2h`: their bookings (only a testbed's name after it matters, to the recorder). */
const EXTEND_NAMED = /^extend\s+(\S[\s\S]*)$/i;

/** The testbed name a typed command carries (`register lab-3`, `wait lab-3`, `who has lab-3`), if it has one. */
function typedTestbedName(command: string): string | undefined {
  if (FREE_NOW.test(command)) return undefined;
  for (const pattern of [WAIT_NAMED, UNWAIT_NAMED, WHO_HAS, WHEN_FREE, EXTEND_NAMED]) {
    const match = pattern.exec(command);
    if (match) return match[1].trim();
  }
  const named = NAMED_FORM.exec(command);
  return named ? named[2].trim() : undefined;
}

/**
 * True when the text is one of the commands the bot answers (not free text a person wrote). A
 * command with a testbed's name counts when the name is one of `testbeds` (as typed, or its
 * unique start): a name is lab data, while other words after a command could be anything.
 */
export function isCommandText(text: string, testbeds: readonly Pick<TestbedRecord, 'testbed_name'>[] = []): boolean {
  const command = commandText(text);
  const word = command.toLowerCase();
  const phrases = [RELEASE_ALL, FREE_NOW, SHOW_STATUS, MY_BOOKINGS, THANKS];
  if (word === 'cancel' || word === 'stop' || Object.hasOwn(TEXT_COMMANDS, word) || phrases.some((phrase) => phrase.test(command))) return true;
  const argument = statusArgument(command);
  if (argument !== null && argument !== 'invalid') return true;
  const report = reportArgument(command);
  if (report !== null && report !== 'invalid') return true;
  const booking = NAMED_FORM.exec(command);
  if (booking && booking[1].toLowerCase() !== 'release') {
    // `book lab-3 for 2 hours` is a command; `book lab-3 for the soak` carries words a person wrote.
    // (Whether the words are a time does not depend on the clock, so any instant serves here.)
    const read = readTypedBooking(booking[2], testbeds, new Date(0).toISOString(), 'UTC');
    return read.name !== undefined && 'found' in findByTypedName(testbeds, read.name) && !Object.hasOwn(read.values, INPUT_IDS.purpose);
  }
  const name = typedTestbedName(command);
  return name !== undefined && 'found' in findByTypedName(testbeds, name);
}

function routeText(event: PlatformEvent & { type: 'message' }, ctx: RouterContext): RouteDecision {
  const command = commandText(event.text);
  const word = command.toLowerCase();
  // Only the bot's name (a bare mention in a group room) or nothing typed: the menu, as for `testbed`.
  if (word === '') return one('conversation', event, { type: 'menu.requested' });
  if (word === 'cancel' || word === 'stop') return cancelRoute(event);
  const argument = statusArgument(command);
  if (argument === 'invalid') return { kind: 'reply', view: { kind: 'error', message: STATUS_ARGUMENT_HELP } };
  if (argument !== null) return one('conversation', event, { type: 'status.requested', label: argument.label });
  const report = reportArgument(command);
  if (report === 'invalid') return { kind: 'reply', view: { kind: 'error', message: REPORT_ARGUMENT_HELP } };
  if (report !== null) return one('conversation', event, { type: 'report.requested', days: report.days });
  const waitFor = WAIT_NAMED.exec(command);
  if (waitFor) return queueRoute(event, 'wait', waitFor[1].slice(0, MAX_TYPED_NAME), ctx);
  const leave = UNWAIT_NAMED.exec(command);
  if (leave) return queueRoute(event, 'unwait', leave[1].slice(0, MAX_TYPED_NAME), ctx);
  // The status view shows a testbed by name when no label is called so (`status lab-3`).
  const who = WHO_HAS.exec(command);
  if (who) return one('conversation', event, { type: 'status.requested', label: who[1].trim().slice(0, MAX_TYPED_NAME) });
  if (FREE_NOW.test(command)) return one('conversation', event, { type: 'status.requested', label: 'free' });
  if (SHOW_STATUS.test(command)) return one('conversation', event, { type: 'status.requested' });
  if (MY_BOOKINGS.test(command)) return one('conversation', event, { type: 'mine.requested' });
  if (THANKS.test(command)) return { kind: 'reply', view: { kind: 'thanks' } };
  const whenFree = WHEN_FREE.exec(command);
  if (whenFree) return one('conversation', event, { type: 'status.requested', label: whenFree[1].trim().slice(0, MAX_TYPED_NAME) });
  // `release all`, `release all mine`: their bookings, where Release all mine is (one press, never on typed text alone).
  if (RELEASE_ALL.test(command)) return one('conversation', event, { type: 'mine.requested' });
  const withName = NAMED_FORM.exec(command);
  if (withName) {
    const type = withName[1].toLowerCase() === 'release' ? 'release.started' : 'registration.started';
    const typed = withName[2].trim();
    // `book a testbed`, `release mine`: plain words, not a name.
    if (NO_NAME.test(typed)) return one('conversation', event, { type });
    if (type === 'release.started') return one('conversation', event, { type, testbedName: typed.slice(0, MAX_TYPED_NAME) });
    // `book lab-3 for 2 hours`, `register lab-3 until 18:00 for the soak`: the form arrives filled in.
    const booking = readTypedBooking(typed, ctx.testbeds ?? [], event.receivedAt, ctx.timeZone);
    return one('conversation', event, {
      type,
      ...(booking.name === undefined ? {} : { testbedName: booking.name.slice(0, MAX_TYPED_NAME) }),
      ...(Object.keys(booking.values).length > 0 ? { filled: booking.values } : {}),
    });
  }
  // `extend lab-3`, `extend 2h`: their bookings, where the Extend buttons are.
  if (EXTEND_NAMED.test(command)) return one('conversation', event, { type: 'mine.requested' });
  // Own keys only: `constructor` or `__proto__` typed by a user must not reach Object.prototype.
  const known = Object.hasOwn(TEXT_COMMANDS, word) ? TEXT_COMMANDS[word] : undefined;
  if (!known) return hintFor(word);
  return one(known.flow, event, { type: known.type });
}

/**
 * `wait lab-3` / `unwait lab-3`: join or leave the queue of the testbed named (ignoring case, or the
 * only one whose name starts so), as the Notify me when free and Leave the queue buttons do;
 * otherwise a line on why not, and nothing happens.
 */
function queueRoute(event: PlatformEvent, type: 'wait' | 'unwait', typed: string, ctx: RouterContext): RouteDecision {
  const testbeds = ctx.testbeds ?? [];
  const match = findByTypedName(testbeds, typed);
  if ('found' in match) return lifecycle(event, { type, testbedId: match.found.id }, event.receivedAt);
  const quoted = `“${typed}”`;
  if ('ambiguous' in match) return { kind: 'reply', view: { kind: 'error', message: `More than one testbed starts with ${quoted}: type more of its name.` } };
  const near = findNearName(testbeds, typed);
  const meant = near === undefined ? ' Type status to see them all.' : ` Did you mean ${near.testbed_name}? Type ${type} ${near.testbed_name}.`;
  return { kind: 'reply', view: { kind: 'error', message: `No testbed is called ${quoted}.${meant}` } };
}

function cancelRoute(event: PlatformEvent): RouteDecision {
  const cancelled = { type: 'conversation.cancelled' };
  return {
    kind: 'dispatch',
    targets: [target('conversation', event, cancelled, true), target('broadcast', event, cancelled, true), target('admin', event, cancelled, true)],
  };
}

/** `direct`: from an unapproved 1:1 room, where releases need the holder and bookings need an offer. */
function routeCard(event: PlatformEvent & { type: 'cardAction' }, ctx: RouterContext, direct: boolean): RouteDecision {
  const inputs = event.inputs;
  const action = readAction(inputs);
  const now = event.receivedAt;
  switch (action) {
    case 'menu':
      return one('conversation', event, { type: 'menu.requested' });
    case 'help':
      return one('conversation', event, { type: 'help.requested' });
    case 'status':
      return one('conversation', event, { type: 'status.requested' });
    case 'status_page': {
      const label = readStatusLabel(inputs);
      return one('conversation', event, { type: 'status.requested', page: readStatusPage(inputs), ...(label === undefined ? {} : { label }) });
    }
    case 'register': {
      // A button on a card about one free testbed (`Book it`): the form starts on that testbed, if it still exists.
      const startOn = readStartOn(inputs);
      const record = startOn === undefined ? undefined : ctx.testbeds?.find((candidate) => candidate.id === startOn);
      return one('conversation', event, record ? { type: 'registration.started', testbedName: record.testbed_name } : { type: 'registration.started' });
    }
    case 'release':
      return one('conversation', event, { type: 'release.started' });
    case 'feedback':
      return one('conversation', event, { type: 'feedback.started' });
    case 'cancel':
      return cancelRoute(event);
    case 'register_submit': {
      const result = parseRegisterSubmission(inputs, { now, timeZone: ctx.timeZone, knownTestbedIds: ctx.knownTestbedIds });
      // The hand-off form: from an unapproved 1:1 room every booking is one, elsewhere it says so in its data.
      if (direct || isHandOffSubmission(inputs)) {
        // A hand-off is for one testbed: a label there is not something that form can ask for.
        if (result.ok && !('testbedId' in result.form)) return problemsReply({ label: 'This form books the testbed offered to you; choose it, not a label.' });
        return result.ok ? one('conversation', event, { type: 'register.submitted', form: result.form, now, offerOnly: true }) : offerProblems(event, result, ctx);
      }
      return result.ok
        ? one('conversation', event, { type: 'register.submitted', form: result.form, now })
        : one('conversation', event, { type: 'register.invalid', errors: result.errors, values: result.values });
    }
    case 'release_submit': {
      const result = parseReleaseSubmission(inputs, { knownTestbedIds: ctx.knownTestbedIds });
      if (direct) {
        return result.ok
          ? one('conversation', event, { type: 'release.submitted', testbedId: result.form.testbedId, now, holderOnly: true })
          : problemsReply(result.errors);
      }
      return result.ok
        ? one('conversation', event, { type: 'release.submitted', testbedId: result.form.testbedId, now })
        : one('conversation', event, { type: 'release.invalid', errors: result.errors, values: result.values });
    }
    case 'feedback_submit': {
      const result = parseFeedbackSubmission(inputs);
      return result.ok
        ? one('conversation', event, { type: 'feedback.submitted', text: result.text })
        : one('conversation', event, { type: 'feedback.invalid', errors: result.errors, values: result.values });
    }
    case 'mine':
      return one('conversation', event, { type: 'mine.requested' });
    case 'report':
      return one('conversation', event, { type: 'report.requested', days: parseReportDays(inputs) });
    case 'release_all':
      return lifecycle(event, { type: 'releaseAll' }, now);
    case 'extend': {
      const result = parseExtendSubmission(inputs, { knownTestbedIds: ctx.knownTestbedIds });
      return result.ok ? lifecycle(event, { type: 'extend', testbedId: result.testbedId, minutes: result.minutes }, now) : problemsReply(result.errors);
    }
    case 'wait':
    case 'unwait':
    case 'decline_offer':
    case 'ask_holder':
    case 'still_need': {
      const result = parseTestbedChoice(inputs, { knownTestbedIds: ctx.knownTestbedIds });
      if (!result.ok) return problemsReply(result.errors);
      const type = ({ wait: 'wait', unwait: 'unwait', decline_offer: 'decline', ask_holder: 'ask', still_need: 'keep' } as const)[action];
      return lifecycle(event, { type, testbedId: result.testbedId }, now);
    }
    case 'broadcast':
      return one('broadcast', event, { type: 'broadcast.started' });
    case 'broadcast_rooms_submit': {
      const result = parseRoomSelection(inputs, { allowedRoomIds: ctx.broadcastRoomIds ?? [] });
      return result.ok
        ? one('broadcast', event, { type: 'rooms.submitted', roomIds: result.roomIds })
        : one('broadcast', event, { type: 'rooms.invalid', errors: result.errors, values: result.values });
    }
    case 'broadcast_message_submit': {
      const result = parseBroadcastMessage(inputs);
      return result.ok
        ? one('broadcast', event, { type: 'message.submitted', kind: result.kind, text: result.text })
        : one('broadcast', event, { type: 'message.invalid', errors: result.errors, values: result.values });
    }
    case 'broadcast_confirm':
      return one('broadcast', event, { type: 'broadcast.confirmed' });
    case 'broadcast_back':
      return one('broadcast', event, { type: 'broadcast.back' });
    case 'admin':
      return one('admin', event, { type: 'admin.requested' });
    case 'admin_form': {
      // A form the card does not have opens the admin card itself (the admin check comes first either way).
      const task = readAdminForm(inputs);
      return one('admin', event, task ? { type: 'admin.formRequested', task } : { type: 'admin.requested' });
    }
    case 'testbed_add':
    case 'testbed_rename':
    case 'testbed_retire':
    case 'maintenance_start':
    case 'maintenance_end':
    case 'force_release': {
      const result = parseAdminSubmission(action, inputs, { now, timeZone: ctx.timeZone, knownTestbedIds: ctx.knownTestbedIds });
      return result.ok
        ? one('admin', event, { type: 'admin.submitted', request: result.request, now })
        : one('admin', event, { type: 'admin.invalid', task: result.task, errors: result.errors, values: result.values });
    }
    default:
      return {
        kind: 'reply',
        view: { kind: 'error', message: 'That button is not something I understand any more. Type testbed to start again.' },
      };
  }
}
