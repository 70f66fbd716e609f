/**
 * PlatformEvent → what should happen, as plain data. Pure: no I/O, no clock
 * (the receive time arrives on the event). Drops events from unapproved rooms,
 * validates card inputs before anything else sees them, and picks the actor key.
 * Typed text is read in `typed-commands.ts` and routed in `route-text.ts`.
 */
import type { PlatformEvent } from '../platform/port.js';
import { uuidOf } from '../platform/ids.js';
import {
  DIRECT_ACTIONS,
  isHandOffSubmission,
  parseExtendAllSubmission,
  parseHandOverAllSubmission,
  parseExtendSubmission,
  parseAdminExtendSubmission,
  parseAdminHandOverSubmission,
  parsePurposeSubmission,
  parseDoneBySubmission,
  parseAdminExtendAllSubmission,
  parseBookingFor,
  parseHandOverSubmission,
  parseSwitchSubmission,
  parseProblemSubmission,
  parseFeedbackSubmission,
  parseRegisterSubmission,
  parseReleaseSubmission,
  parseReportDays,
  parseTestbedChoice,
  own,
  INPUT_IDS,
  readAction,
  readBookAgain,
  readLabel,
  readStartOn,
  readStatusOf,
  readStatusHolder,
  readStatusLabel,
  readStatusPage,
  type Invalid,
} from '../cards/actions.js';
import type { FormErrors, FormValues, TestbedRecord } from '../domain.js';
import { releaseInputsAt } from '../cards/typed-time.js';
import { parseBroadcastMessage, parseRoomSelection } from '../cards/broadcast-actions.js';
import { parseAdminSubmission, readAdminForm } from '../cards/admin-actions.js';
import { cancelRoute, lifecycle, one, type RouteDecision, type RouterContext } from './route-decision.js';
import { ANY_TESTBED_LABEL, eitherKey, eitherNames, findByTypedName, isEitherKey, sameLabel } from '../lab-rules.js';
import { heldBy, passOnRoute, routeText, thanksRoute, timeAloneBooked, timeZoneRoute } from './route-text.js';
import { everydayCommand } from './everyday-words.js';
import { DIRECT_TEXT_COMMANDS, commandText, commandWord, waitedLabel, withSubjectFor, withTestbedFor } from './typed-commands.js';
import { adminTask } from './typed-admin.js';

export type { Flow } from './actor-key.js';
export type { RouteDecision, RouterContext, Target } from './route-decision.js';
export { isCommandText } from './command-text.js';

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

export function route(event: PlatformEvent, ctx: RouterContext): RouteDecision {
  if (!isApproved(event.roomId, ctx.approvedRooms)) {
    // Direct rooms: only the buttons the bot sent there, each checked later against the store, and
    // the admin card and its tasks typed (`retire lab-3`), which are checked against the person's profile wherever they are used.
    if (event.type === 'cardAction' && event.roomType === 'direct' && DIRECT_ACTIONS.has(readAction(event.inputs) ?? '')) {
      return routeCard(event, ctx, true);
    }
    // (`it's fixed` after the question about a maintenance: `it` is the testbed the notice was about.)
    const recent = ctx.recentTestbedId === undefined ? undefined : ctx.testbeds?.find((record) => record.id === ctx.recentTestbedId)?.testbed_name;
    if (event.type === 'message' && event.roomType === 'direct' && (DIRECT_TEXT_COMMANDS.has(commandWord(event.text)) || adminTask(withSubjectFor(withTestbedFor(commandText(event.text), recent), recent), ctx.testbeds ?? []) !== null)) {
      return routeText(event, ctx);
    }
    // `no thanks` or `yes` to an offer there, `thanks`, and the person's own bookings (`mine`, `extend lab-3 by 2 hours`,
    // `I'll be done at 4pm`, `purpose lab-3 …`): where reminders arrive. Anything else typed gets one line on where the
    // bot answers, never silence.
    if (event.type === 'message' && event.roomType === 'direct') {
      // `cancel` closes a form opened there (its Cancel button is not sent there); with none open, the same answer.
      const command = everydayCommand(commandText(event.text), ctx.testbeds ?? []);
      if (['cancel', 'stop'].includes(command.toLowerCase())) return cancelRoute(event);
      // `rules`, `how long can I book a testbed`: the lab's settings, no lab data; asked where reminders arrive too.
      if (command.toLowerCase() === 'rules') return { kind: 'reply', view: { kind: 'rules' } };
      const zone = timeZoneRoute(command);
      if (zone) return zone;
      return passOnRoute(command, ctx, true) ?? thanksRoute(command) ?? ownBookingsRoute(event, ctx) ?? { kind: 'reply', view: { kind: 'directOnly' } };
    }
    return { kind: 'ignore', reason: 'unapproved_room' };
  }
  return event.type === 'message' ? timeAloneBooked(event, routeText(event, ctx), ctx) : routeCard(event, ctx, false);
}

/** What typed text may start in a 1:1 room that is not approved: only views of the person's own bookings and queues. */
const OWN_BOOKING_EVENTS: ReadonlySet<string> = new Set(['mine.requested', 'purpose.started']);

/** Typed text about the person's own bookings, as a lab room reads it; undefined for anything else. */
function ownBookingsRoute(event: PlatformEvent & { type: 'message' }, ctx: RouterContext): RouteDecision | undefined {
  const decision = routeText(event, ctx);
  // A problem with a testbed they hold (`lab-3 is broken`, in reply to its reminder): the form that tells the admins.
  if (decision.kind === 'reply' && decision.view.kind === 'problemForm') {
    const { testbedId } = decision.view;
    const record = ctx.testbeds?.find((candidate) => candidate.id === testbedId);
    return record !== undefined && heldBy(record, event.personEmail) ? decision : undefined;
  }
  // `release lab-3 and lab-5` (in reply to their reminders): their bookings, whose Release works here.
  if (decision.kind === 'reply' && decision.view.kind === 'releaseThese') return one('conversation', event, { type: 'mine.requested' });
  // `switch to lab-5` (after reporting a problem there, say): for somebody holding a booking to move.
  if (decision.kind === 'reply' && decision.view.kind === 'switchForm') {
    return ctx.testbeds?.some((record) => heldBy(record, event.personEmail)) ? decision : undefined;
  }
  if (decision.kind !== 'dispatch' || decision.targets.length !== 1) return undefined;
  const [only] = decision.targets;
  if (only.key.kind !== 'conversation') return undefined;
  // `release lab-3`, `done with lab-3`, `I'm done` (in reply to a reminder): their bookings, lab-3 chosen, whose Release
  // works here; only their own can be released from this room.
  if (only.event.type === 'release.started') {
    const named = typeof only.event.testbedName === 'string' ? findByTypedName(ctx.testbeds ?? [], only.event.testbedName) : undefined;
    const testbedId = named !== undefined && 'found' in named ? named.found.id : undefined;
    return one('conversation', event, { type: 'mine.requested', ...(testbedId === undefined ? {} : { testbedId }) });
  }
  return OWN_BOOKING_EVENTS.has(only.event.type) ? decision : undefined;
}

/** The testbed a button's `start_on` names, while the lab still has it. */
function startingOn(inputs: unknown, ctx: RouterContext): Pick<TestbedRecord, 'testbed_name'> | undefined {
  const startOn = readStartOn(inputs);
  return startOn === undefined ? undefined : ctx.testbeds?.find((candidate) => candidate.id === startOn);
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

/** The `testbed_id` an `admin_form` button carries, when it is one of the lab's (as its digits, trimmed). */
function knownTestbedOf(inputs: unknown, ctx: RouterContext): string | undefined {
  const id = own(inputs, 'testbed_id');
  const digits = typeof id === 'string' ? id.trim() : '';
  return /^\d{1,9}$/.test(digits) && ctx.knownTestbedIds.includes(Number(digits)) ? String(Number(digits)) : undefined;
}

/** The testbed (one the lab has) and the reason an `admin_form` button carries, as the form's values. */
function presetValues(inputs: unknown, ctx: RouterContext): FormValues {
  const values: FormValues = {};
  const id = knownTestbedOf(inputs, ctx);
  if (id !== undefined) values.testbed_id = id;
  const reason = own(inputs, 'reason');
  if (typeof reason === 'string' && reason.trim() !== '') values.reason = reason.trim().slice(0, 200);
  return values;
}

/**
 * The edit form's Next: the testbed chosen opens its labels and description; none chosen, or one that is gone,
 * brings the picker back saying why. (The admin actor checks the person first either way.)
 */
function editFormRoute(event: PlatformEvent, inputs: unknown, ctx: RouterContext): RouteDecision {
  const chosen = own(inputs, 'testbed_id');
  if (chosen === undefined) return one('admin', event, { type: 'admin.formRequested', task: 'testbed_edit' });
  const id = knownTestbedOf(inputs, ctx);
  if (id !== undefined) return one('admin', event, { type: 'admin.formRequested', task: 'testbed_edit', values: { testbed_id: id } });
  const problem = chosen === '' ? 'Choose the testbed to edit.' : 'That testbed is not in the list any more: choose another.';
  return one('admin', event, { type: 'admin.invalid', task: 'testbed_edit', errors: { testbed_id: problem }, values: {} });
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
    case 'status': {
      // `Its status` on a hint about one testbed: that testbed, while it still exists.
      const id = readStatusOf(inputs);
      const record = id === undefined ? undefined : ctx.testbeds?.find((candidate) => candidate.id === id);
      return one('conversation', event, record === undefined ? { type: 'status.requested' } : { type: 'status.requested', label: record.testbed_name });
    }
    case 'status_page': {
      const label = readStatusLabel(inputs);
      const holder = label === undefined ? readStatusHolder(inputs) : undefined;
      const narrowed = label !== undefined ? { label } : holder !== undefined ? { holder } : {};
      return one('conversation', event, { type: 'status.requested', page: readStatusPage(inputs), ...narrowed });
    }
    case 'register': {
      // A button on a card about one free testbed (`Book it`): the form starts on that testbed, if it still exists.
      const record = startingOn(inputs, ctx);
      if (!record) return one('conversation', event, { type: 'registration.started' });
      // `Book it again` after a release: the form filled in as the booking was.
      const again = readBookAgain(inputs);
      const filled = { ...(again.purpose === undefined ? {} : { [INPUT_IDS.purpose]: again.purpose }), ...(again.until === undefined ? {} : releaseInputsAt(again.until, now, ctx.timeZone)) };
      return one('conversation', event, { type: 'registration.started', testbedName: record.testbed_name, ...(Object.keys(filled).length > 0 ? { filled } : {}) });
    }
    case 'release': {
      // `Release` on a hint that named the testbed (`relase lab-3`): the form starts on it, if it still exists.
      const record = startingOn(inputs, ctx);
      return one('conversation', event, record === undefined ? { type: 'release.started' } : { type: 'release.started', testbedName: record.testbed_name });
    }
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
      // `Register for Linus`: the colleague the form was for comes with the form, or back with it.
      const forWhom = parseBookingFor(inputs);
      if (!forWhom.ok) return problemsReply({ form: forWhom.message });
      const forPerson = forWhom.forPerson;
      return result.ok
        ? one('conversation', event, { type: 'register.submitted', form: result.form, now, ...(forPerson === undefined ? {} : { forEmail: forPerson.email }) })
        : one('conversation', event, { type: 'register.invalid', errors: result.errors, values: result.values, ...(forPerson === undefined ? {} : { forPerson }) });
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
    case 'report': {
      // The window switch of a report of one label keeps the label.
      const label = readStatusLabel(inputs);
      return one('conversation', event, { type: 'report.requested', days: parseReportDays(inputs), ...(label === undefined ? {} : { label }) });
    }
    case 'release_all': {
      // Release both (`release lab-3 and lab-5`): only those, each one the lab knows; none named, every one of theirs.
      const named = typeof inputs.testbed_ids === 'string' ? inputs.testbed_ids.split(',').map(Number) : undefined;
      if (named === undefined) return lifecycle(event, { type: 'releaseAll' }, now);
      const known = new Set(ctx.knownTestbedIds);
      if (named.length === 0 || named.length > 10 || !named.every((id) => known.has(id))) return problemsReply({ form: 'One of those testbeds is not there any more. Type mine to see your bookings.' });
      return lifecycle(event, { type: 'releaseAll', testbedIds: named }, now);
    }
    case 'extend': {
      const result = parseExtendSubmission(inputs, { knownTestbedIds: ctx.knownTestbedIds });
      if (!result.ok) return problemsReply(result.errors);
      return lifecycle(event, { type: 'extend', testbedId: result.testbedId, ...('until' in result ? { until: result.until } : { minutes: result.minutes }) }, now);
    }
    case 'extend_all': {
      const result = parseExtendAllSubmission(inputs);
      if (!result.ok) return problemsReply(result.errors);
      return lifecycle(event, { type: 'extendAll', ...('until' in result ? { until: result.until } : { minutes: result.minutes }) }, now);
    }
    case 'done_by': {
      const result = parseDoneBySubmission(inputs, { knownTestbedIds: ctx.knownTestbedIds });
      return result.ok ? lifecycle(event, { type: 'doneBy', testbedId: result.testbedId, until: result.until }, now) : problemsReply(result.errors);
    }
    case 'report_problem': {
      const result = parseProblemSubmission(inputs, { knownTestbedIds: ctx.knownTestbedIds });
      // `news: "fixed"`: a testbed under maintenance works again, which only the admins are told.
      const fixed = own(inputs, 'news') === 'fixed' ? { fixed: true as const } : {};
      if (result.ok) return lifecycle(event, { type: 'reportProblem', testbedId: result.testbedId, text: result.text, ...(direct ? { holderOnly: true as const } : {}), ...fixed }, now);
      // What is wrong was left out (or ran long): the form again, with what was typed; a testbed gone: why.
      const testbedId = Number(result.values.testbed_id);
      if (Object.hasOwn(result.errors, 'testbed_id') || !ctx.knownTestbedIds.includes(testbedId)) return problemsReply(result.errors);
      return { kind: 'reply', view: { kind: 'problemForm', testbedId, errors: result.errors, ...(result.values.problem ? { text: result.values.problem } : {}), ...fixed } };
    }
    case 'hand_over': {
      const result = parseHandOverSubmission(inputs, { knownTestbedIds: ctx.knownTestbedIds });
      return result.ok ? lifecycle(event, { type: 'handOver', testbedId: result.testbedId, toEmail: result.toEmail }, now) : problemsReply(result.errors);
    }
    case 'hand_over_all': {
      const result = parseHandOverAllSubmission(inputs);
      return result.ok ? lifecycle(event, { type: 'handOverAll', toEmail: result.toEmail }, now) : problemsReply(result.errors);
    }
    case 'switch': {
      // Also from a 1:1 room: only a booking the presser holds can be moved (the fleet checks), so only a holder books.
      const result = parseSwitchSubmission(inputs, { knownTestbedIds: ctx.knownTestbedIds });
      if (!result.ok) return problemsReply(result.errors);
      const { testbedId, toTestbedId, until, purpose } = result;
      return lifecycle(event, { type: 'switch', testbedId, toTestbedId, ...(until === undefined ? {} : { until }), ...(purpose === undefined ? {} : { purpose }) }, now);
    }
    case 'change_purpose': {
      const result = parsePurposeSubmission(inputs, { knownTestbedIds: ctx.knownTestbedIds });
      return result.ok
        ? lifecycle(event, { type: 'repurpose', testbedId: result.testbedId, purpose: result.purpose }, now)
        : one('conversation', event, { type: 'purpose.invalid', errors: result.errors, values: result.values });
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
    case 'wait_label': {
      // A label no testbed carries any more (renamed, retired since the card was posted): nothing to wait for.
      const typed = typeof inputs.label === 'string' ? inputs.label : '';
      // Whichever of several testbeds (Wait for either): each must still be there by that name.
      if (isEitherKey(typed)) {
        const found = eitherNames(typed)?.map((name) => findByTypedName(ctx.testbeds ?? [], name));
        if (found?.every((match) => 'found' in match)) return lifecycle(event, { type: 'waitLabel', label: eitherKey(found.map((match) => match.found.testbed_name)) }, now);
        return { kind: 'reply', view: { kind: 'error', message: 'One of those testbeds is not there by that name any more. Type status to see the testbeds.' } };
      }
      // Wait for any testbed (the label every testbed counts as carrying), or for any carrying a label of the lab.
      const label = sameLabel(typed, ANY_TESTBED_LABEL) ? ANY_TESTBED_LABEL : waitedLabel(typed, ctx.testbeds ?? []);
      if (label === undefined) return { kind: 'reply', view: { kind: 'error', message: 'No testbed carries that label any more. Type status to see the testbeds and their labels.' } };
      return lifecycle(event, { type: 'waitLabel', label }, now);
    }
    case 'unwait_label': {
      // Any label as written (the testbeds may have lost it since): only the person's own places are given up.
      // Or the testbeds of a wait for whichever of them is handed on first (`wait lab-3 or lab-5`).
      const label = typeof inputs.label === 'string' && isEitherKey(inputs.label) ? inputs.label : readLabel(inputs.label);
      if (label === null) return problemsReply({ form: 'That button carries no label. Type mine to see the queues you are in.' });
      return lifecycle(event, { type: 'unwaitLabel', label }, now);
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
      if (task === 'testbed_edit') return editFormRoute(event, inputs, ctx);
      if (!task) return one('admin', event, { type: 'admin.requested' });
      // A button that names the testbed and a reason (a problem report's Start maintenance): the form filled in with them.
      const values = presetValues(inputs, ctx);
      return one('admin', event, { type: 'admin.formRequested', task, ...(Object.keys(values).length > 0 ? { values } : {}) });
    }
    case 'admin_extend': {
      // The admin check is the admin flow's, as for every admin button.
      const result = parseAdminExtendSubmission(inputs, { knownTestbedIds: ctx.knownTestbedIds });
      if (!result.ok) return problemsReply(result.errors);
      const extension = 'until' in result ? { until: result.until } : { minutes: result.minutes };
      return one('admin', event, { type: 'admin.submitted', request: { type: 'extend', testbedId: result.testbedId, holderEmail: result.holderEmail, ...extension }, now });
    }
    case 'admin_extend_all': {
      const result = parseAdminExtendAllSubmission(inputs);
      if (!result.ok) return problemsReply(result.errors);
      const extension = 'until' in result ? { until: result.until } : { minutes: result.minutes };
      return one('admin', event, { type: 'admin.submitted', request: { type: 'extendAll', holderEmail: result.holderEmail, ...extension }, now });
    }
    case 'admin_hand_over': {
      const result = parseAdminHandOverSubmission(inputs, { knownTestbedIds: ctx.knownTestbedIds });
      if (!result.ok) return problemsReply(result.errors);
      return one('admin', event, { type: 'admin.submitted', request: { type: 'handOver', testbedId: result.testbedId, holderEmail: result.holderEmail, toEmail: result.toEmail }, now });
    }
    case 'testbed_add':
    case 'testbed_rename':
    case 'testbed_edit':
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
