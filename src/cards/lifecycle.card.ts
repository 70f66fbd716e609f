/**
 * Answers to the lifecycle buttons (extend, the wait-list, the hand-off, asks, release all) and
 * the "Mine" card: the person's own bookings with Extend and Release buttons, their places in
 * queues, and Release all mine. Each card has a plain-text sibling.
 */
import type { ExtendRefused, LifecycleEntry, LifecycleOutcome, RefusalReason, TestbedRecord } from '../domain.js';
import { MAX_DAYS_AHEAD } from './release-time.js';
import type { AdaptiveCardJson } from '../platform/port.js';
import { ACTIONS, INPUT_IDS, LIMITS } from './actions.js';
import { card, safeText, submit, textBlock, type CardElement } from './common.js';
import { buttons, byName, dueClause, dueText, firstFreeForAnyone, heading, isBookable, namesAndMore, plainText, safeName, sameEmail, sentences, small, testbedState } from './parts.js';
import { ANY_TESTBED_LABEL, eitherNames, namesInWords, sameLabel, waitedForWords } from '../lab-rules.js';
import { NAMED_PLACES, extendThisButtons, heldUntilLine, purposeLine, stillOfferedLine, waitingText } from './lifecycle-notice.card.js';
import { formatDuration, formatInZone, formatRelative, formatWhen, formatWhenRelative } from './time.js';

export interface OutcomeInput {
  outcome: LifecycleOutcome;
  now: string;
  timeZone: string;
}

const noInputs = { associatedInputs: 'none' };

function refusalLine(reason: RefusalReason, name: string, holder: string, until: string): string {
  switch (reason) {
    case 'not_holder':
      return holder ? `Only the holder can do that, and ${name} is held by ${holder}.` : `Only the holder can do that, and ${name} is not booked any more.`;
    case 'not_in_use':
      return `${name} is not booked right now.`;
    case 'too_far':
      return `That would move the expected release of ${name} more than 90 days from now. Choose a shorter extension.`;
    case 'not_later':
      return `${name} is already booked until ${until || 'then'}, so there is nothing to extend.`;
    case 'not_earlier':
      return `${name} is already due back ${until ? `at ${until}` : 'by then'}, so there is nothing to bring forward. Release it when you are done.`;
    case 'passed':
      return 'That time has already passed. Release the testbed if you are done, or type the time again.';
    case 'no_person':
      return 'I could not find anybody with that email. Type give, the testbed and their email again.';
    case 'free':
      return `${name} is free right now: book it instead of waiting.`;
    case 'yours':
      return `You hold ${name} yourself.`;
    case 'none_to_wait_for':
      return 'There is no testbed to wait for. Type status to see the testbeds.';
    case 'all_yours':
      return 'Every busy testbed you could wait for is yours already, so there is nothing to wait for. Type mine to see your bookings.';
    case 'offered':
      return `${name} is being held for you${until ? ` until ${until}` : ''}: book it with the card I sent you.`;
    case 'not_offered':
      return `${name} is not being offered to you right now.`;
    case 'too_soon':
      return `You asked about ${name} less than an hour ago. You can ask again${until ? ` at ${until}` : ' later'}.`;
    case 'reported_recently':
      return `You reported a problem with ${name} a few minutes ago, and the lab’s admins have it. You can report another${until ? ` at ${until}` : ' later'}.`;
    case 'told_recently':
      return `You told the lab’s admins that ${name} works again a few minutes ago. You can tell them again${until ? ` at ${until}` : ' later'}.`;
    case 'in_service':
      return `${name} is not under maintenance any more: anybody can book it.`;
    case 'busy':
      return `${name} is being changed right now. Please try again in a moment.`;
    case 'unknown':
      return 'That testbed is not in the list any more.';
  }
}

/** Why a request about one testbed changed nothing, in words: its name, its holder and the time the refusal gives. */
function refusedText(refused: Extract<LifecycleOutcome, { type: 'refused' }>, esc: (value: unknown) => string, timeZone: string): string {
  const record = refused.record;
  const holder = record && record.status === 'in_use' ? esc(record.user_name) : '';
  const until = refused.until ? formatWhen(refused.until, timeZone) : '';
  return refusalLine(refused.reason, record ? esc(record.testbed_name) : 'That testbed', holder, until);
}

/** One line per released testbed that went to somebody waiting for it. */
function handedOnLines(outcome: Extract<LifecycleOutcome, { type: 'releasedAll' }>, esc: (value: unknown) => string): string[] {
  const handedOn = outcome.handedOn ?? {};
  return [...outcome.records]
    .sort(byName)
    .filter((record) => handedOn[record.id] !== undefined)
    .map((record) => `${esc(record.testbed_name)} goes to ${esc(handedOn[record.id])}, first in its queue.`);
}

/** Where a testbed one waits for stands: who holds it until when, or its maintenance. */
function waitedFor(record: TestbedRecord, now: string, timeZone: string, esc: (value: unknown) => string): string {
  const state = testbedState(record, now);
  if (state === 'inUse' || state === 'overdue') return heldUntilLine(record, now, timeZone, esc);
  if (state === 'maintenance') {
    const until = record.maintenance?.until;
    return until ? `It is under maintenance, expected back ${formatInZone(until, timeZone)} (${formatRelative(until, now)}).` : 'It is under maintenance until further notice.';
  }
  return 'It is held for somebody ahead of you in its queue.';
}

/**
 * `esc` makes a user value safe where it goes: markdown-inert on the card, plain in the fallback text;
 * `escLong` does the same for a purpose, which may run over lines and up to its limit.
 */
function view({ outcome, now, timeZone }: OutcomeInput, esc: (value: unknown) => string, escLong: (value: unknown) => string): { title: string; lines: string[]; colour: string; actions: CardElement[] } {
  if (outcome.type === 'releasedAll') {
    const names = [...outcome.records].sort(byName).map((record) => esc(record.testbed_name));
    return outcome.records.length === 0
      ? { title: 'Nothing to release', lines: ['You hold no testbeds right now. Nothing was changed.'], colour: 'default', actions: [buttons.status()] }
      : {
          title: `Released ${outcome.records.length} ${outcome.records.length === 1 ? 'testbed' : 'testbeds'}`,
          lines: [`Released: ${names.join(', ')}.`, ...handedOnLines(outcome, esc), 'Thanks for giving them back.'],
          colour: 'good',
          actions: [buttons.status()],
        };
  }
  if (outcome.type === 'extendedAll' || outcome.type === 'handedOverAll') {
    const done = [...outcome.records].sort(byName);
    const refused = [...outcome.refused]
      .sort((a, b) => (a.record && b.record ? byName(a.record, b.record) : 0))
      .map((each) => refusedText(each, esc, timeZone));
    if (done.length === 0 && refused.length === 0) {
      const what = outcome.type === 'extendedAll' ? 'Nothing to extend' : 'Nothing to hand over';
      return { title: what, lines: ['You hold no testbeds right now. Nothing was changed.'], colour: 'default', actions: [buttons.status()] };
    }
    const colour = done.length === 0 || refused.length > 0 ? 'warning' : 'good';
    const count = `${done.length} ${done.length === 1 ? 'booking' : 'bookings'}`;
    if (outcome.type === 'extendedAll') {
      const lines = [...done.map((record) => `${esc(record.testbed_name)} is yours until ${formatWhenRelative(record.expected_release_time, now, timeZone)}.`), ...refused];
      return { title: done.length === 0 ? 'Nothing was changed' : `Extended ${count}`, lines, colour, actions: [submit('Mine', { action: ACTIONS.mine }, noInputs)] };
    }
    if (done.length === 0) return { title: 'Nothing was changed', lines: refused, colour, actions: [] };
    const names = done.map((record) => esc(record.testbed_name));
    const holds = `${esc(done[0].user_name)} holds ${namesAndMore(names, names.length)} now. I told them, and the reminders go to them.`;
    return { title: `Handed over ${count}`, lines: [holds, ...refused, 'Thanks for passing them on.'], colour, actions: [] };
  }
  if (outcome.type === 'waitingLabel') {
    const label = esc(outcome.label);
    const sorted = [...outcome.places].sort((a, b) => byName(a.record, b.record));
    const places = sorted.slice(0, NAMED_PLACES).map(({ record, position }) => `#${position} for ${esc(record.testbed_name)}`);
    const every = sameLabel(outcome.label, ANY_TESTBED_LABEL) ? 'every testbed that is busy' : `every ${label} testbed that is busy`;
    // `wait lab-3 or lab-5`: the testbeds were named, so the places say it all.
    const named = eitherNames(outcome.label) !== undefined;
    return {
      title: `Waiting for ${waitedForWords(outcome.label, (text) => esc(text))}`,
      lines: [
        named ? `Your places: ${namesAndMore(places, sorted.length)}.` : `You are in the queue of ${every}: ${namesAndMore(places, sorted.length)}.`,
        'The first of them to be handed on is offered to you. Once you hold one, I take you out of the other queues.',
      ],
      colour: 'good',
      actions: [submit('Leave these queues', { action: ACTIONS.unwaitLabel, label: outcome.label }, noInputs), submit('Mine', { action: ACTIONS.mine }, noInputs)],
    };
  }
  if (outcome.type === 'unwaitedLabel') {
    const waited = waitedForWords(outcome.label, (text) => esc(text));
    const names = [...outcome.records].sort(byName).slice(0, NAMED_PLACES).map((record) => esc(record.testbed_name));
    return names.length === 0
      ? { title: `You were not waiting for ${waited}`, lines: ['Nothing was changed. Mine shows the queues you are in.'], colour: 'default', actions: [submit('Mine', { action: ACTIONS.mine }, noInputs)] }
      : {
          title: `You stopped waiting for ${waited}`,
          lines: [`You left the queue of ${namesAndMore(names, outcome.records.length)}. You will not get an offer for them.`],
          colour: 'default',
          actions: [],
        };
  }
  const record = outcome.record;
  const name = record ? esc(record.testbed_name) : 'That testbed';
  const due = record ? formatWhenRelative(record.expected_release_time, now, timeZone) : '';
  const id = record ? String(record.id) : '';
  switch (outcome.type) {
    case 'extended':
      return { title: `Extended: ${name}`, lines: [`${name} is yours until ${due}.`], colour: 'good', actions: [] };
    case 'dueEarlier': {
      const told = outcome.toldNext === undefined ? [] : [`I told ${esc(outcome.toldNext)}, first in its queue.`];
      return {
        title: `Due back sooner: ${name}`,
        lines: [`${name} is due back ${due}; it was ${formatWhen(outcome.previous, timeZone)}.`, ...told, 'Release it as soon as you are done.'],
        colour: 'good',
        actions: [],
      };
    }
    case 'handedOver':
      return {
        title: `Handed over: ${name}`,
        lines: [`${esc(record?.user_name)} holds ${name} now, until ${due}. I told them, and the reminders go to them.`, 'Thanks for passing it on.'],
        colour: 'good',
        actions: [],
      };
    case 'switched': {
      const old = esc(outcome.previous.testbed_name);
      const purpose = outcome.record.purpose ? [`Purpose: ${escLong(outcome.record.purpose)}`] : [];
      const holding = `You hold ${name} now, ${dueClause(outcome.record, now, timeZone)}.`;
      if (outcome.kept) {
        return {
          title: `Booked: ${name}`,
          lines: [holding, ...purpose, `${old} could not be released just now, so you hold both. Release it when you can.`],
          colour: 'warning',
          actions: [buttons.release(`Release ${outcome.previous.testbed_name}`, outcome.previous.id)],
        };
      }
      const handed = outcome.handedTo === undefined ? '' : ` and offered to ${esc(outcome.handedTo)}, first in its queue`;
      return { title: `Switched to ${name}`, lines: [holding, ...purpose, `${old} is released${handed}.`], colour: 'good', actions: [submit('Mine', { action: ACTIONS.mine }, noInputs)] };
    }
    case 'switchRefused': {
      const kept = `You still hold ${esc(outcome.from.testbed_name)}.`;
      if (!record) return { title: 'Nothing was changed', lines: ['That testbed is not in the list any more.', kept], colour: 'warning', actions: [] };
      if (outcome.reason === 'taken' && record.status === 'in_use') {
        return {
          title: 'Nothing was changed',
          lines: [`${name} is taken: ${heldUntilLine(record, now, timeZone, esc)}`, kept],
          colour: 'warning',
          actions: [submit('Notify me when free', { action: ACTIONS.wait, testbed_id: id }, noInputs)],
        };
      }
      const why = outcome.reason === 'maintenance' ? 'is under maintenance' : outcome.reason === 'held' ? 'is held for somebody in its queue' : 'cannot be booked right now';
      return { title: 'Nothing was changed', lines: [`${name} ${why}.`, kept], colour: 'warning', actions: [] };
    }
    case 'repurposed': {
      const purpose = `Purpose: ${escLong(outcome.record.purpose)}`;
      if (!outcome.changed) return { title: 'Nothing was changed', lines: [`The purpose of ${name} already reads so.`, purpose], colour: 'default', actions: [] };
      const was = outcome.previous === '' ? [] : [`It was: ${escLong(outcome.previous)}`];
      return { title: `New purpose: ${name}`, lines: [purpose, ...was, 'Status shows it under your booking.'], colour: 'good', actions: [] };
    }
    case 'waiting':
      return {
        title: `You are #${outcome.position} for ${name}`,
        lines: [
          ...(outcome.already ? ['You were already in the queue.'] : []),
          ...(record ? [waitedFor(record, now, timeZone, esc)] : []),
          `${outcome.length} ${outcome.length === 1 ? 'person is' : 'people are'} waiting. When it is ${record && testbedState(record, now) === 'maintenance' ? 'back' : 'released'}, I will message you in turn.`,
        ],
        colour: 'good',
        actions: [submit('Leave the queue', { action: ACTIONS.unwait, testbed_id: id }, noInputs)],
      };
    case 'unwaited':
      return outcome.wasWaiting
        ? { title: `You left the queue for ${name}`, lines: ['You will not get an offer for it.'], colour: 'default', actions: [] }
        : { title: `You were not in the queue for ${name}`, lines: ['Nothing was changed.'], colour: 'default', actions: [] };
    case 'declined': {
      const gone = `${name} goes to the next person in the queue, or is free for all.`;
      const still = outcome.stillWaiting;
      const line = stillOfferedLine(still?.label, still?.names, (value) => esc(value));
      if (still === undefined || line === undefined) return { title: `You passed on ${name}`, lines: [gone], colour: 'default', actions: [] };
      // Waiting for any testbed (of a label): the other places stay, and one press gives them up too.
      return { title: `You passed on ${name}`, lines: [gone, line], colour: 'default', actions: [submit('Leave these queues', { action: ACTIONS.unwaitLabel, label: still.label }, noInputs)] };
    }
    case 'problemReported': {
      if (outcome.fixed && outcome.admins > 0) {
        const admins = outcome.admins === 1 ? 'the lab’s admin' : `the lab’s ${outcome.admins} admins`;
        return {
          title: `Told the admins: ${name}`,
          lines: [`I told ${admins} that ${name} works again. It stays under maintenance until one of them ends it.`],
          colour: 'good',
          actions: [submit('Status', { action: ACTIONS.status }, noInputs)],
        };
      }
      const admins =
        outcome.admins === 0
          ? 'No admin is set up (the ADMINS setting is empty), so nobody could be told: type feedback to leave a note.'
          : `I told the lab’s ${outcome.admins === 1 ? 'admin' : `${outcome.admins} admins`}${outcome.holderTold ? ` and ${esc(record?.user_name)}, who holds it` : ''}.`;
      // Their own booking: the testbed that stands in, one press away (the switch keeps its purpose and expected release).
      const standIn = outcome.switchTo;
      const meanwhile = standIn
        ? `${esc(standIn.testbed_name)} is free: Switch moves your booking there, with its purpose and expected release, and releases ${name}.`
        : 'Book another testbed meanwhile if you need one.';
      const switchTo = standIn && record ? [submit(`Switch to ${standIn.testbed_name}`, { action: ACTIONS.switch, testbed_id: id, to_testbed_id: String(standIn.id) }, noInputs)] : [];
      return {
        title: outcome.admins === 0 ? `Not reported: ${name}` : `Reported: ${name}`,
        lines: [admins, meanwhile],
        colour: outcome.admins === 0 ? 'warning' : 'good',
        actions: [...switchTo, submit('Status', { action: ACTIONS.status }, noInputs)],
      };
    }
    case 'asked':
      return {
        title: `Asked about ${name}`,
        lines: [`I asked ${esc(record?.user_name)} whether they still need ${name}. I will tell you the answer.`],
        colour: 'good',
        actions: [submit('Notify me when free', { action: ACTIONS.wait, testbed_id: id }, noInputs)],
      };
    case 'kept': {
      const thanks = outcome.askers > 0 ? `Thanks. I told ${outcome.askers === 1 ? 'the person' : `the ${outcome.askers} people`} who asked.` : 'Thanks. Nobody is waiting for an answer.';
      // Past its expected release: a new one is a press away, so whoever asked knows when to expect it.
      if (testbedState(outcome.record, now) === 'overdue') {
        return {
          title: `${name} stays yours`,
          lines: [thanks, `Release was due: ${due}. Extend it, so others know when to expect it.`],
          colour: 'warning',
          actions: extendThisButtons(outcome.record.id),
        };
      }
      return { title: `${name} stays yours`, lines: [thanks, `Expected release: ${due}.`], colour: 'good', actions: [] };
    }
    case 'refused': {
      // Free right now (`wait lab-3`, `ask about lab-3` on a free one): the form, started on it, one press away.
      const free = outcome.reason === 'free' || ((outcome.reason === 'not_in_use' || outcome.reason === 'in_service') && record !== undefined && isBookable(record));
      const actions = free && record ? [buttons.register('Book it', record.id)] : [];
      return { title: 'Nothing was changed', lines: [refusedText(outcome, esc, timeZone)], colour: 'warning', actions };
    }
  }
}

export function outcomeCard(input: OutcomeInput): AdaptiveCardJson {
  const { title, lines, colour, actions } = view(input, (value) => safeName(value), (value) => safeText(value, LIMITS.purposeMax));
  return card([heading(title, { color: colour }), ...lines.map((line) => textBlock(line))], actions);
}

export function outcomeText(input: OutcomeInput): string {
  const { title, lines } = view(input, (value) => plainText(value, 80), (value) => plainText(value, LIMITS.purposeMax));
  return `${title}. ${sentences(lines)}`;
}

export interface MineInput {
  testbeds: readonly TestbedRecord[];
  life: readonly LifecycleEntry[];
  requesterEmail?: string;
  now: string;
  timeZone: string;
  /** The booking to start the picker on (`extend lab-3`), when it is one of theirs. */
  chosen?: number;
  /** A length typed with `extend` (`extend lab-3 by 2 hours`), in minutes: its own Extend button. */
  extendMinutes?: number;
  /** An instant typed with `extend` (`extend lab-3 until 18:00`), ISO 8601 UTC: its own Extend button. */
  extendUntil?: string;
  /** The length or instant was said of every booking (`extend all my bookings by 2 hours`): with two or more, Extend all. */
  extendAll?: boolean;
  /** Only the places in queues, each one to leave (`my queues`, `stop waiting`), bookings or not. */
  queues?: boolean;
  /** An instant the person typed they will be done by (`I'll be done with lab-3 at 16:00`), ISO 8601 UTC. */
  doneBy?: string;
  /** A time typed with `extend` that no extension may reach (passed, or past 90 days ahead): said, with no button. */
  extendRefused?: ExtendRefused;
  /** Shown in a 1:1 room that is not approved, where only the buttons the bot sends there work (not typed bookings). */
  directRoom?: boolean;
  /** The person asking is one of the lab's admins: `extend lab-3` of somebody else's booking offers to extend it for them. */
  asAdmin?: boolean;
}

function mine(input: MineInput) {
  const held = input.testbeds.filter((record) => record.status === 'in_use' && sameEmail(record.user_email, input.requesterEmail)).sort(byName);
  const queued = input.life
    .map((entry) => ({ entry, index: entry.queue.findIndex((person) => sameEmail(person.email, input.requesterEmail)) }))
    .filter(({ index }) => index >= 0)
    .map(({ entry, index }) => ({ record: input.testbeds.find((record) => record.id === entry.testbed_id), position: index + 1, label: entry.queue[index].label }))
    .filter((item): item is { record: TestbedRecord; position: number; label: string | undefined } => item.record !== undefined);
  // Held for them after their wait: theirs to book until the hold ends.
  const offered = input.life
    .filter((entry) => entry.offer !== null && sameEmail(entry.offer.email, input.requesterEmail))
    .map((entry) => ({ record: input.testbeds.find((record) => record.id === entry.testbed_id), until: entry.offer!.until }))
    .filter((item): item is { record: TestbedRecord; until: string } => item.record !== undefined);
  return { held, queued, offered };
}

/**
 * `extend lab-1` (or, in the 1:1 room, `release lab-1`) typed by somebody who does not hold lab-1: a line saying whose
 * it is, so no Extend on the card is taken for lab-1's. Undefined when the testbed named is theirs, or none is named
 * (`I'll be done with lab-1 at 4pm` has a line of its own).
 */
function notTheirs(input: MineInput, held: readonly TestbedRecord[], esc: (value: unknown) => string): string | undefined {
  if (input.chosen === undefined || input.doneBy !== undefined || held.some((record) => record.id === input.chosen)) return undefined;
  const named = input.testbeds.find((record) => record.id === input.chosen);
  if (named === undefined) return undefined;
  const name = esc(named.testbed_name);
  if (named.status === 'in_use') return `You do not hold ${name}: ${heldUntilLine(named, input.now, input.timeZone, esc)}`;
  if (!isBookable(named)) return `You do not hold ${name}: it is under maintenance.`;
  // Held for a hand-off: for them, the line above says so already; for somebody else, whose turn it is.
  const offer = input.life.find((entry) => entry.testbed_id === named.id)?.offer ?? null;
  if (offer !== null && sameEmail(offer.email, input.requesterEmail)) return undefined;
  if (offer !== null) return `You do not hold ${name}: it is held for ${esc(offer.name)} until ${formatWhen(offer.until, input.timeZone)}.`;
  return `You do not hold ${name}: nobody does. ${input.directRoom ? 'In the lab’s room, type' : 'Type'} book ${name} to book it.`;
}

/**
 * An admin's `extend lab-3 by 2 hours` of Linus's booking: a line and **Extend theirs by 2 hours** (`admin_extend`, with
 * whose booking it is), or by 1 hour when no length was typed; none for a time it already runs past or no extension may reach.
 */
function extendTheirs(input: MineInput, esc: (value: unknown) => string): { line: string; button?: CardElement } | undefined {
  if (!input.asAdmin || input.chosen === undefined || input.doneBy !== undefined || input.extendRefused !== undefined) return undefined;
  const named = input.testbeds.find((record) => record.id === input.chosen);
  if (named?.status !== 'in_use' || !named.user_email || sameEmail(named.user_email, input.requesterEmail)) return undefined;
  const name = esc(named.testbed_name);
  const whose = { action: ACTIONS.adminExtend, for_testbed_id: String(named.id), holder_email: named.user_email };
  const until = input.extendUntil;
  if (until !== undefined && named.expected_release_time != null && Date.parse(until) <= Date.parse(named.expected_release_time)) {
    return { line: `${name} already runs past ${formatWhen(until, input.timeZone)}, so there is nothing to extend to then.` };
  }
  const minutes = isButtonLength(input.extendMinutes) ? input.extendMinutes : 60;
  const button = extensionButton('Extend theirs', whose, until !== undefined ? { until } : { minutes }, input);
  return { line: `As an admin, you may extend ${esc(named.user_name)}’s booking of ${name}; they get a message saying you did.`, button };
}

export interface TheirBookingsInput {
  /** The bookings of one person, somebody else (the card is for an admin). */
  records: readonly TestbedRecord[];
  now: string;
  timeZone: string;
  /** As typed (`by 2 hours`, `until 18:00`): what Extend all of theirs does; by 1 hour when neither was. */
  extendMinutes?: number;
  extendUntil?: string;
  extendRefused?: ExtendRefused;
}

/**
 * An admin's `extend Linus's bookings by 2 hours` when Linus holds several: each with when it is due, and **Extend all
 * of theirs by 2 hours** (`admin_extend_all`, with whose bookings they are), or a line saying why the time typed cannot be.
 */
function theirBookings(input: TheirBookingsInput, esc: (value: unknown, max?: number) => string): { title: string; lines: string[]; button?: CardElement } {
  const [first] = input.records;
  const whose = esc(first?.user_name ?? first?.user_email ?? '');
  const title = `${whose}’s bookings`;
  const lines = [...input.records].sort(byName).map((record) => `${esc(record.testbed_name)}: expected release ${formatWhenRelative(record.expected_release_time, input.now, input.timeZone)}.`);
  if (input.extendRefused) return { title, lines: [...lines, refusedLine(input.extendRefused, (value) => esc(value, 80))] };
  const data = { action: ACTIONS.adminExtendAll, holder_email: first?.user_email ?? '' };
  const minutes = isButtonLength(input.extendMinutes) ? input.extendMinutes : 60;
  const button = extensionButton('Extend all of theirs', data, input.extendUntil !== undefined ? { until: input.extendUntil } : { minutes }, input);
  const count = input.records.length;
  return { title, lines: [...lines, `As an admin, you may extend all ${count} of ${whose}’s bookings at once; they get a message for each.`], button };
}

export function theirBookingsCard(input: TheirBookingsInput): AdaptiveCardJson {
  const { title, lines, button } = theirBookings(input, (value, max) => safeName(value, max));
  return card([heading(title), ...lines.map((line) => textBlock(line))], [...(button ? [button] : []), buttons.status(), buttons.cancel()]);
}

export function theirBookingsText(input: TheirBookingsInput): string {
  const { title, lines } = theirBookings(input, (value, max) => plainText(value, max ?? 80));
  return `${title}: ${lines.join(' ')}`;
}

export function mineCard(typed: MineInput): AdaptiveCardJson {
  const { held, queued, offered } = mine(typed);
  const elsewhere = notTheirs(typed, held, (value) => safeName(value));
  const theirs = elsewhere === undefined ? undefined : extendTheirs(typed, (value) => safeName(value));
  const forThem = theirs?.button ? [theirs.button] : [];
  // The time typed was for the testbed they do not hold: their own bookings get the plain buttons.
  const input: MineInput = elsewhere === undefined ? typed : { ...typed, extendMinutes: undefined, extendUntil: undefined, extendRefused: undefined };
  const heldForYou = offered.map(({ record, until }) =>
    small(
      `${safeName(record.testbed_name)} is held for you until ${formatWhen(until, input.timeZone)}: ${input.directRoom ? 'press Book it on the offer I sent you' : `type book ${safeName(record.testbed_name)}`} to take it.`,
      { weight: 'Bolder' },
    ),
  );
  if (input.queues) return queuesCard(held, queued, heldForYou);
  const body: CardElement[] = [heading('Your bookings'), ...heldForYou];
  if (elsewhere !== undefined) body.push(small(elsewhere, { color: 'warning', weight: 'Bolder' }));
  if (theirs) body.push(small(theirs.line, { spacing: 'None' }));
  if (held.length === 0) body.push(textBlock('You hold no testbeds right now.'));
  // Each booking as its name above its due time, as status shows it: as a fact, a long name was the
  // title column and broke over lines on a phone.
  for (const record of held) {
    const due = dueText(record, input.now, input.timeZone);
    body.push(textBlock(safeName(record.testbed_name), { weight: 'Bolder', spacing: 'Small' }), small(due.text, { color: due.overdue ? 'attention' : 'default' }));
    if (record.purpose) body.push({ ...purposeLine(record), spacing: 'None' });
    // Somebody needs it next: the holder should know, as the reminders tell them.
    const waiting = waitingText(input.life.find((entry) => entry.testbed_id === record.id)?.queue.length).trim();
    if (waiting !== '') body.push(small(waiting, { weight: 'Bolder', spacing: 'None' }));
  }
  if (held.length > 0) body.push(small(`To change what a booking is for, type purpose ${safeName(held[0].testbed_name)} and the new purpose.`, { isSubtle: true, spacing: 'Medium' }));
  // Booked the wrong one: a testbed free for anyone to move it to, named as an example that works (not where typed words go unread).
  const freeOne = held.length > 0 && !input.directRoom ? firstFreeForAnyone(input.testbeds, input.life) : undefined;
  if (freeOne) body.push(small(`To move a booking to another testbed, type switch ${safeName(held[0].testbed_name)} to ${safeName(freeOne.testbed_name)}.`, { isSubtle: true, spacing: 'None' }));
  body.push(...queueLines(queued));
  if (held.length === 0 && queued.length > 0) {
    // Waiting only: the card has room to leave a queue (with bookings, `my queues` or `unwait lab-3` does it).
    body.push(leavePicker(queued));
    return card(body, [...forThem, submit('Leave the queue', { action: ACTIONS.unwait }), buttons.status(), buttons.menu()]);
  }
  if (queued.length > 0) body.push(small('To leave a queue, type my queues.', { isSubtle: true }));
  if (held.length === 0) return card(body, [...forThem, buttons.status(), buttons.menu()]);
  // `extend lab-3 until friday` when lab-3 already runs past then: no button that could only be refused.
  const chosen = input.chosen === undefined && held.length === 1 ? held[0] : held.find((record) => record.id === input.chosen);
  const done = doneByButton(input, chosen);
  if (done.line) body.push(small(done.line, { color: 'warning' }));
  if (input.extendRefused) body.push(small(refusedLine(input.extendRefused, (value) => safeName(value, 80)), { color: 'warning' }));
  // Done by a time later than it is due: that is an extension until then.
  const asked = done.extendUntil === undefined ? input : { ...input, extendUntil: done.extendUntil };
  const until = asked.extendUntil;
  const notLater = until !== undefined && chosen?.expected_release_time != null && Date.parse(until) <= Date.parse(chosen.expected_release_time);
  if (notLater && chosen) {
    body.push(small(`${safeName(chosen.testbed_name)} already runs past ${formatWhen(until, input.timeZone)}, so there is nothing to extend to then.`, { color: 'warning' }));
  }
  body.push(ownPicker('Extend or release', 'Choose one of your testbeds first.', held, input.chosen));
  const extend = extendButtons(notLater ? { ...asked, extendUntil: undefined } : asked);
  // Said of every booking (`extend all my bookings by 2 hours`): one press extends them all, beside the chosen one's.
  const everyOne = input.extendAll && held.length > 1 && !done.button ? extendAllButton(input) : undefined;
  return card(body, [
    // Extend theirs for somebody else's booking takes the place of their own second Extend (five buttons at most).
    ...(forThem.length > 0 ? [...forThem, extend[0]] : everyOne ? [everyOne, extend[0]] : done.button ? [done.button, extend[1]] : extend),
    submit('Release', { action: ACTIONS.releaseSubmit }),
    submit('Release all mine', { action: ACTIONS.releaseAll }, noInputs),
    buttons.status(),
  ]);
}

/** Why no button extends to the time typed: `“2026-11-01 10:00” has already passed …`, `… at most 90 days ahead …`. */
function refusedLine({ typed, outside }: ExtendRefused, shown: (value: string) => string): string {
  return outside === 'passed'
    ? `“${shown(typed)}” has already passed, so there is nothing to extend to.`
    : `A booking runs at most ${MAX_DAYS_AHEAD} days ahead, so I cannot extend it to “${shown(typed)}”.`;
}

/**
 * `I'll be done with lab-3 at 16:00`: earlier than lab-3 is due, **Done by 16:00** (in place of Extend 1 hour);
 * later, it is an extension (`extendUntil`); the same time or one past, a line saying so and no button.
 */
function doneByButton(input: MineInput, chosen: TestbedRecord | undefined): { button?: CardElement; extendUntil?: string; line?: string } {
  const at = input.doneBy;
  if (at === undefined) return {};
  const when = clockTime(at, input.now, input.timeZone);
  const named = input.chosen === undefined || chosen ? undefined : input.testbeds.find((record) => record.id === input.chosen);
  if (named) return { line: `You do not hold ${safeName(named.testbed_name)}, so when it is due back is not yours to say.` };
  if (Date.parse(at) <= Date.parse(input.now)) return { line: `${when} has already passed: release it when you are done.` };
  const due = chosen?.expected_release_time;
  if (chosen && due && Date.parse(at) > Date.parse(due)) return { extendUntil: at };
  if (chosen && due && Date.parse(at) === Date.parse(due)) return { line: `${safeName(chosen.testbed_name)} is already due back at ${when}.` };
  return { button: submit(`Done by ${when}`, { action: ACTIONS.doneBy, until: at }) };
}

type Queued = ReturnType<typeof mine>['queued'];

function queueLines(queued: Queued): CardElement[] {
  return queued.map(({ record, position, label }) => {
    const anyOf = label === undefined ? '' : ` (waiting for ${waitedForWords(label, safeName)})`;
    return small(`You are #${position} for ${safeName(record.testbed_name)}${anyOf}.`);
  });
}

function leavePicker(queued: Queued): CardElement {
  return ownPicker('Leave the queue for', 'Choose the testbed whose queue you want to leave.', queued.map(({ record }) => record));
}

/** `my queues`, `stop waiting`: the person's places in queues with the picker to leave one, whatever they hold. */
function queuesCard(held: readonly TestbedRecord[], queued: Queued, heldForYou: readonly CardElement[]): AdaptiveCardJson {
  const mineButton = submit('Mine', { action: ACTIONS.mine }, noInputs);
  if (queued.length === 0) {
    const holding = held.length === 0 ? [] : [small(`You hold ${held.length === 1 ? '1 testbed' : `${held.length} testbeds`}: Mine shows ${held.length === 1 ? 'it' : 'them'}.`)];
    return card([heading('Your queues'), ...heldForYou, textBlock('You are not waiting for any testbed.'), ...holding], [mineButton, buttons.status(), buttons.menu()]);
  }
  return card([heading('Your queues'), ...heldForYou, ...queueLines(queued), leavePicker(queued)], [submit('Leave the queue', { action: ACTIONS.unwait }), mineButton, buttons.status()]);
}

/**
 * Extend 1 hour and Extend 1 day; a length typed with `extend` (`extend lab-3 by 2 hours`) takes the
 * place of the one nearer to it, and a time (`extend lab-3 until 18:00`) the place of Extend 1 hour,
 * so the card keeps its five buttons. A length the extend action would refuse (more than its limit)
 * is not offered.
 */
function extendButtons({ extendMinutes: typed, extendUntil, now, timeZone }: MineInput): CardElement[] {
  const extend = (minutes: number) => submit(`Extend ${extensionLength(minutes)}`, { action: ACTIONS.extend, minutes: String(minutes) });
  // The button carries the instant, so a second press changes nothing.
  if (extendUntil !== undefined) return [submit(`Extend to ${clockTime(extendUntil, now, timeZone)}`, { action: ACTIONS.extend, until: extendUntil }), extend(1440)];
  if (!isButtonLength(typed) || typed === 60 || typed === 1440) {
    return [extend(60), extend(1440)];
  }
  return typed < 1440 ? [extend(typed), extend(1440)] : [extend(60), extend(typed)];
}

/** **Extend all by 2 hours** or **Extend all to 18:00 UTC**: the length or instant typed, for every booking; none for another length. */
function extendAllButton(input: MineInput): CardElement | undefined {
  const { extendMinutes: minutes, extendUntil } = input;
  if (extendUntil !== undefined) return extensionButton('Extend all', { action: ACTIONS.extendAll }, { until: extendUntil }, input);
  return isButtonLength(minutes) ? extensionButton('Extend all', { action: ACTIONS.extendAll }, { minutes }, input) : undefined;
}

/**
 * **<title> to 18:00 UTC** carrying the instant, or **<title> by 2 hours** carrying the length, with `data`; it takes no
 * input from the card (the client would hold it back until the picker has a testbed chosen).
 */
function extensionButton(title: string, data: Record<string, string>, extension: { until: string } | { minutes: number }, at: { now: string; timeZone: string }): CardElement {
  return 'until' in extension
    ? submit(`${title} to ${clockTime(extension.until, at.now, at.timeZone)}`, { ...data, until: extension.until }, noInputs)
    : submit(`${title} by ${extensionLength(extension.minutes)}`, { ...data, minutes: String(extension.minutes) }, noInputs);
}

/** A typed length an Extend button may carry: whole minutes, from 1 to the longest extension. */
function isButtonLength(minutes: number | undefined): minutes is number {
  return minutes !== undefined && Number.isInteger(minutes) && minutes >= 1 && minutes <= LIMITS.maxExtendMinutes;
}

/** `18:00` today, or `2026-11-28 09:00` on another day, on the display zone's clock (its name where it is not UTC). */
function clockTime(iso: string, now: string, timeZone: string): string {
  const [at, today] = [formatInZone(iso, timeZone), formatInZone(now, timeZone)];
  return at.slice(0, 10) === today.slice(0, 10) ? at.slice(11) : at;
}

/** `1 hour`, `2 hours`, `45 minutes`, `2 h 30 min`, `1 day`, `36 hours`, `1 week`: a length as a button says it. */
function extensionLength(minutes: number): string {
  const unit = (count: number, name: string) => `${count} ${name}${count === 1 ? '' : 's'}`;
  if (minutes % (7 * 1440) === 0) return unit(minutes / (7 * 1440), 'week');
  if (minutes % 1440 === 0) return unit(minutes / 1440, 'day');
  if (minutes % 60 === 0) return unit(minutes / 60, 'hour');
  return minutes < 60 ? unit(minutes, 'minute') : formatDuration(minutes * 60_000);
}

/**
 * The picker of the person's own testbeds (`testbed_id`, as the buttons read it): the only one, or
 * the one named (`extend lab-3`) when it is among them, already chosen.
 */
export function ownPicker(label: string, errorMessage: string, records: readonly TestbedRecord[], chosen?: number): CardElement {
  const start = records.length === 1 ? records[0].id : records.some((record) => record.id === chosen) ? chosen : undefined;
  return {
    type: 'Input.ChoiceSet',
    id: INPUT_IDS.testbedId,
    label,
    style: 'compact',
    isRequired: true,
    errorMessage,
    placeholder: 'Choose a testbed',
    choices: records.map((record) => ({ title: plainText(record.testbed_name, 80), value: String(record.id) })),
    ...(start === undefined ? {} : { value: String(start) }),
  };
}

/** `lab-1 until 12:00 UTC (in 2 h)`, `lab-2, overdue since 09:00 UTC (1 h ago)`: a booking's name and when it is due back. */
function nameAndDue(record: TestbedRecord, now: string, timeZone: string, esc: (value: unknown) => string): string {
  return `${esc(record.testbed_name)}${testbedState(record, now) === 'overdue' ? ',' : ''} ${dueClause(record, now, timeZone)}`;
}

export function mineText(input: MineInput): string {
  const { held, queued, offered } = mine(input);
  const heldForYou = offered.map(({ record, until }) => `${plainText(record.testbed_name, 80)} is held for you until ${formatWhen(until, input.timeZone)}. `).join('');
  if (input.queues && queued.length === 0) return `${heldForYou}You are not waiting for any testbed.`;
  // Each with when it is due back (a phone's notification shows this line): the first five, the rest counted.
  const due = held.slice(0, 5).map((record) => nameAndDue(record, input.now, input.timeZone, (value) => plainText(value, 80)));
  const more = held.length > 5 ? `; ${held.length - 5} more` : '';
  const own = held.length === 0 ? 'You hold no testbeds right now.' : held.length === 1 ? `You hold ${due[0]}.` : `You hold ${held.length}: ${due.join('; ')}${more}.`;
  const refused = input.extendRefused && held.length > 0 ? ` ${refusedLine(input.extendRefused, (value) => plainText(value, 80))}` : '';
  const elsewhere = input.queues ? undefined : notTheirs(input, held, (value) => plainText(value, 80));
  const theirs = elsewhere === undefined ? undefined : extendTheirs(input, (value) => plainText(value, 80));
  if (elsewhere !== undefined) return `${heldForYou}${elsewhere}${theirs ? ` ${theirs.line}` : ''} ${own}`;
  const waits = queued
    .map(({ record, position, label }) => ` You are #${position} for ${plainText(record.testbed_name, 80)}${label === undefined ? '' : ` (waiting for ${waitedForWords(label, plainText)})`}.`)
    .join('');
  return `${heldForYou}${own}${refused}${waits}`;
}

export interface NotNeededInput {
  testbeds: readonly TestbedRecord[];
  life: readonly LifecycleEntry[];
  requesterEmail?: string;
  /** The testbed named (`pass on lab-3`); absent: whatever is offered to the person (`no thanks`). */
  testbedId?: number;
  now: string;
  timeZone: string;
}

type GivingUp =
  | { what: 'held'; record: TestbedRecord; waiting: number }
  | { what: 'offered'; record: TestbedRecord; until: string }
  | { what: 'queued'; record: TestbedRecord; position: number }
  | { what: 'nothing'; record?: TestbedRecord };

/** The first entry whose testbed is held for the person (their hand-off offer), if any. */
export function firstOfferTo<E extends { testbed_id: number; offer: { email: string } | null }>(life: readonly E[], email: string | undefined): E | undefined {
  return life.find((entry) => entry.offer !== null && sameEmail(entry.offer.email, email));
}

/** What the person has of the testbed named (or, none named, the first testbed offered to them). */
function givingUp({ testbeds, life, requesterEmail, testbedId }: NotNeededInput): GivingUp {
  const entryOf = (id: number) => life.find((entry) => entry.testbed_id === id);
  const id = testbedId ?? firstOfferTo(life, requesterEmail)?.testbed_id;
  const record = id === undefined ? undefined : testbeds.find((candidate) => candidate.id === id);
  if (!record) return { what: 'nothing' };
  const entry = entryOf(record.id);
  if (record.status === 'in_use' && sameEmail(record.user_email, requesterEmail)) return { what: 'held', record, waiting: entry?.queue.length ?? 0 };
  if (entry?.offer && sameEmail(entry.offer.email, requesterEmail)) return { what: 'offered', record, until: entry.offer.until };
  const position = entry ? entry.queue.findIndex((person) => sameEmail(person.email, requesterEmail)) + 1 : 0;
  return position > 0 ? { what: 'queued', record, position } : { what: 'nothing', record };
}

function notNeededView(input: NotNeededInput, esc: (value: unknown) => string): { title: string; lines: string[]; actions: CardElement[] } {
  const giving = givingUp(input);
  if (giving.what === 'nothing') {
    if (!giving.record) {
      return { title: 'Nothing is offered to you', lines: ['Nothing is held for you right now, so there is nothing to pass on.'], actions: [] };
    }
    const name = esc(giving.record.testbed_name);
    return { title: `Nothing to give up on ${name}`, lines: [`You neither hold ${name} nor wait for it. Nothing was changed.`], actions: [] };
  }
  const name = esc(giving.record.testbed_name);
  const id = String(giving.record.id);
  switch (giving.what) {
    case 'held': {
      return { title: `Release ${name}?`, lines: [`You hold ${name}. Press Release to give it back.${waitingText(giving.waiting)}`], actions: [submit('Release', { action: ACTIONS.releaseSubmit, testbed_id: id }, noInputs)] };
    }
    case 'offered':
      return {
        title: `Pass on ${name}?`,
        lines: [`${name} is held for you until ${formatWhen(giving.until, input.timeZone)}. Press No thanks and it goes to the next person in its queue at once.`],
        actions: [submit('No thanks', { action: ACTIONS.declineOffer, testbed_id: id }, noInputs)],
      };
    case 'queued':
      return {
        title: `You are #${giving.position} for ${name}`,
        lines: ['Press Leave the queue if you no longer want it.'],
        actions: [submit('Leave the queue', { action: ACTIONS.unwait, testbed_id: id }, noInputs)],
      };
  }
}

/**
 * `pass on lab-3`, `no thanks`: the one button that gives up what the person has of the testbed, nothing pressed
 * for them. Only buttons that also work in a 1:1 room, where offers arrive.
 */
export function notNeededCard(input: NotNeededInput): AdaptiveCardJson {
  const { title, lines, actions } = notNeededView(input, (value) => safeName(value));
  return card([heading(title), ...lines.map((line) => textBlock(line))], actions);
}

export function notNeededText(input: NotNeededInput): string {
  return notNeededView(input, (value) => plainText(value, 80)).lines.join(' ');
}

export interface ReleaseTheseInput {
  testbeds: readonly TestbedRecord[];
  requesterEmail?: string;
  /** The testbeds named (`release lab-3 and lab-5`), in the order typed. */
  testbedIds: readonly number[];
  now: string;
  timeZone: string;
}

/** `release lab-3 and lab-5`: those of them the person holds, one button releasing them all, and why the others are not. */
function releaseTheseView(input: ReleaseTheseInput, esc: (value: unknown) => string): { title: string; lines: string[]; actions: CardElement[] } {
  const named = input.testbedIds.flatMap((id) => input.testbeds.filter((record) => record.id === id));
  const yours = named.filter((record) => record.status === 'in_use' && sameEmail(record.user_email, input.requesterEmail));
  const others = named.filter((record) => !yours.includes(record)).map((record) =>
    record.status === 'in_use' ? `${esc(record.testbed_name)} is not yours: ${esc(record.user_name)} holds it.` : `${esc(record.testbed_name)} is not booked.`,
  );
  const names = namesInWords(yours.map((record) => esc(record.testbed_name)));
  if (yours.length === 0) {
    const all = named.map((record) => esc(record.testbed_name));
    const none = all.length === 2 ? `neither ${all[0]} nor ${all[1]}` : `none of ${namesInWords(all)}`;
    return { title: 'Nothing to release', lines: [`You hold ${none}. Nothing was changed.`, ...others], actions: [submit('Mine', { action: ACTIONS.mine }, noInputs)] };
  }
  const press = yours.length === 1 ? 'Release' : yours.length === 2 ? 'Release both' : `Release all ${yours.length}`;
  const due = yours.map((record) => nameAndDue(record, input.now, input.timeZone, esc));
  return {
    title: `Release ${names}?`,
    lines: [`You hold ${due.join('; ')}. Press ${press} to give ${yours.length === 1 ? 'it' : 'them'} back.`, ...others],
    actions: [submit(press, { action: ACTIONS.releaseAll, testbed_ids: yours.map((record) => record.id).join(',') }, noInputs)],
  };
}

export function releaseTheseCard(input: ReleaseTheseInput): AdaptiveCardJson {
  const { title, lines, actions } = releaseTheseView(input, (value) => safeName(value));
  return card([heading(title), ...lines.map((line) => textBlock(line))], actions);
}

export function releaseTheseText(input: ReleaseTheseInput): string {
  const { title, lines } = releaseTheseView(input, (value) => plainText(value, 80));
  return `${title} ${lines.join(' ')}`;
}

/** What to do instead; in a 1:1 room, where typed commands are not answered, it says where to type them. */
function nothingHeldLine(directRoom: boolean): string {
  const where = directRoom ? 'In the lab’s room, type' : 'Type';
  return `Nothing is held for you right now. ${where} book and a testbed’s name to book one, or wait and its name to be told when it is free.`;
}

/** `I'll take it` with nothing held for the person: what they can do instead. */
export function nothingHeldCard(directRoom = false): AdaptiveCardJson {
  return card([heading('Nothing is held for you'), textBlock(nothingHeldLine(directRoom))], []);
}

export function nothingHeldText(directRoom = false): string {
  return nothingHeldLine(directRoom);
}
