/**
 * View (what a machine asked to show) + fresh store data → Adaptive Card and
 * fallback text. Pure: the caller passes the testbeds, the time and the zone.
 */
import type { AdaptiveCardJson } from '../platform/port.js';
import type { DirectMessage, FormErrors, FormValues, HistoryEntry, LifecycleEntry, TestbedRecord } from '../domain.js';
import { findByTypedName, findNamedWithin, findNearName, hasLabel, heldByTyped, labelCarried, sameLabel, sameName, severalMeant } from '../lab-rules.js';
import { BOT_VERSION } from '../version.js';
import { DEFAULT_TIMING, type LifecycleTiming } from '../machines/shared/lifecycle-types.js';
import type { BookingFor, CardView } from '../machines/conversation.machine.js';
import type { BroadcastView } from '../machines/broadcast.machine.js';
import type { AdminView } from '../machines/admin.machine.js';
import { cancelledCard, cancelledText, directOnlyCard, directOnlyText, errorCard, errorText, helpCard, helpText, hintCard, hintText, menuCard, menuText, thanksCard, thanksText } from '../cards/menu.card.js';
import { deepFreeze } from '../cards/common.js';
import { statusCard, statusText, type StatusMemo } from '../cards/status.card.js';
import {
  noneFreeWithLabelCard,
  noneFreeWithLabelText,
  registerFormCard,
  registerFormText,
  registeredCard,
  registeredText,
  registerRefusedCard,
  registerRefusedText,
} from '../cards/register.card.js';
import {
  releaseFormCard,
  releaseFormText,
  releasedByOtherText,
  releasedCard,
  releasedText,
  releaseRefusedCard,
  releaseRefusedText,
} from '../cards/release.card.js';
import { feedbackFormCard, feedbackFormText, feedbackThanksCard, feedbackThanksText } from '../cards/feedback.card.js';
import {
  broadcastNotAllowedCard,
  broadcastNotAllowedText,
  broadcastRoomsCard,
  broadcastRoomsText,
  noBroadcastRoomsCard,
  noBroadcastRoomsText,
} from '../cards/broadcast-rooms.card.js';
import { broadcastMessageCard, broadcastMessageText } from '../cards/broadcast-message.card.js';
import { broadcastPreviewCard, broadcastPreviewText } from '../cards/broadcast-preview.card.js';
import { broadcastReportCard, broadcastReportText } from '../cards/broadcast-report.card.js';
import { broadcastStatusCard, broadcastStatusText } from '../cards/broadcast-status.card.js';
import { firstOfferTo, mineCard, mineText, notNeededCard, notNeededText, nothingHeldCard, nothingHeldText, outcomeCard, outcomeText, releaseTheseCard, releaseTheseText, theirBookingsCard, theirBookingsText } from '../cards/lifecycle.card.js';
import { bookingButtons, noticeCard, noticeText, offerFormCard, offerFormText } from '../cards/lifecycle-notice.card.js';
import { reportCard, reportText } from '../cards/report.card.js';
import { purposeFormCard, purposeFormText } from '../cards/purpose.card.js';
import { SELF, handOverCard, handOverText } from '../cards/handover.card.js';
import { switchCard, switchText } from '../cards/switch.card.js';
import { HISTORY_DAYS, historyCard, historyText, myHistoryCard, myHistoryText, personHistoryCard, personHistoryText } from '../cards/history.card.js';
import { computeUsage, windowStart } from '../reports/usage.js';
import { isBookable, labelsInUse, otherLabelsText, sameEmail } from '../cards/parts.js';
import { DIRECT_ACTIONS, INPUT_IDS, readLabel } from '../cards/actions.js';
import { MAX_DAYS_AHEAD, resolveRelease } from '../cards/release-time.js';
import { asksToBookAhead, isNoLength, isOpenEnded, isVagueLength, startWithoutTime } from '../cards/typed-booking.js';
import { isTypedTime, readTypedRelease, unknownZoneWords } from '../cards/typed-time.js';
import { formatDuration, localDate, parseIso } from '../cards/time.js';
import { adminListCard, adminListText, adminMenuCard, adminMenuText, adminNotAllowedCard, adminNotAllowedText, adminOutcomeCard, adminOutcomeText, maintenanceAheadCard, maintenanceAheadText } from '../cards/admin.card.js';
import { adminFormCard, adminFormText } from '../cards/admin-forms.card.js';
import { labelsCard, labelsText } from '../cards/labels.card.js';
import { rulesCard, rulesText } from '../cards/rules.card.js';
import { timeZoneCard, timeZoneText } from '../cards/time-zone.card.js';
import { digestCard, digestText } from '../cards/digest.card.js';
import type { DigestSchedule } from '../digest/schedule.js';
import { PROBLEMS_DAYS, problemFormCard, problemFormText, problemsCard, problemsText } from '../cards/problem.card.js';

export type View = CardView | BroadcastView | AdminView;

export interface RenderContext {
  botName: string;
  testbeds: readonly TestbedRecord[];
  now: string;
  timeZone: string;
  requesterEmail?: string;
  /** Wait-lists and holds (absent = none). */
  life?: readonly LifecycleEntry[];
  /**
   * The card goes to a 1:1 room that is not approved: the router ignores every button there but
   * the ones the bot sends to such rooms, so the others are left off.
   */
  directRoom?: boolean;
  /** The history lines of the report's window (read by `renderReply`; absent = none). */
  history?: readonly HistoryEntry[];
  /** Reads the history lines at or after an instant (ISO 8601 UTC), for the usage report. */
  readHistory?: (since: string) => Promise<readonly HistoryEntry[]>;
  /** Status views built earlier, handed out again while nothing they show has changed (absent = build every time). */
  statusMemo?: StatusMemo;
  /** Who typed words name on the platform (a hand-over's colleague); absent: nobody is found. */
  findPeople?: (words: string) => Promise<Array<{ email: string; name: string }>>;
  /** How many admins ADMINS names (a problem report goes to them); absent: none. */
  adminCount?: number;
  /** When the daily digest is posted, for `rules`; absent when it is not. */
  digest?: DigestSchedule;
  /** The person the card is for is one of the lab's admins (ADMINS): some cards offer them more. */
  requesterIsAdmin?: boolean;
  /** The lab's reminder, overdue and hold settings, for `rules` (absent: the defaults). */
  timing?: LifecycleTiming;
}

export interface Rendered {
  card: AdaptiveCardJson;
  text: string;
}

function pair(cardJson: AdaptiveCardJson, text: string): Rendered {
  return { card: cardJson, text };
}

const isInUse = (record: TestbedRecord) => record.status === 'in_use';

/** Testbeds held for somebody's hand-off: not offered to anyone else. */
function heldTestbeds(life: readonly LifecycleEntry[]): Set<number> {
  return new Set(life.filter((entry) => entry.offer !== null).map((entry) => entry.testbed_id));
}

/**
 * `renderView`, after reading what a view needs from files: the usage report reads its window of
 * the history (a failed read rejects; the caller decides what to say). Other views render as they are.
 */
export async function renderReply(view: View, ctx: RenderContext): Promise<Rendered> {
  // A hand-over names its colleague: who that is, the platform says when the card is drawn.
  if (view.kind === 'handOverForm' && view.found === undefined) {
    // Only for the holder: anybody else is told it is not theirs, and learns nothing of the directory.
    const asker = view.requesterEmail ?? ctx.requesterEmail;
    const held = (record: TestbedRecord | undefined) => record !== undefined && isInUse(record) && sameEmail(record.user_email, asker);
    // An admin handing over somebody else's booking: looked up as for the holder.
    const theirs = (record: TestbedRecord | undefined) => ctx.requesterIsAdmin === true && record !== undefined && isInUse(record);
    const named = ctx.testbeds.find((candidate) => candidate.id === view.testbedId);
    const holds = view.all ? ctx.testbeds.some(held) : held(named) || theirs(named);
    const found = holds && !SELF.test(view.to.trim()) ? await (ctx.findPeople?.(view.to) ?? Promise.resolve([])).catch(() => null) : [];
    if (found === null) return renderView({ kind: 'error', message: 'I could not look that person up just now. Please try again in a moment; nothing was changed.' }, ctx);
    return renderView({ ...view, found }, ctx);
  }
  // A booking typed for somebody (`book lab-3 for Linus`): whether the words name a colleague, the platform says.
  if (view.kind === 'registerForm' && view.forWho !== undefined) return renderView(await bookingForWhom(view, view.forWho, ctx), ctx);
  // `book again`: as their last booking was, which the history says.
  if (view.kind === 'registerForm' && view.again) return renderView(await bookingAgain(view, ctx), ctx);
  if ((view.kind !== 'report' && view.kind !== 'history' && view.kind !== 'myHistory' && view.kind !== 'problems') || !ctx.readHistory) return renderView(view, ctx);
  const days = view.kind === 'report' ? view.days : view.kind === 'problems' ? PROBLEMS_DAYS : HISTORY_DAYS;
  const history = await ctx.readHistory(windowStart(ctx.now, days));
  return renderView(view, { ...ctx, history });
}

type RegisterFormView = Extract<CardView, { kind: 'registerForm' }>;

/**
 * The booking form for words that may name a colleague: for them when the platform has exactly one person by those
 * words (their email, its name part, their whole name or first name), the typed booking as it reads without them.
 * Otherwise the words were the purpose, as typed; said plainly of somebody (`on behalf of Zed`, an email), the form is
 * the booker's own and says why. Never looked up in a 1:1 room that is not approved, where a booking is an offer's.
 */
async function bookingForWhom(view: RegisterFormView, forWho: BookingFor, ctx: RenderContext): Promise<RegisterFormView> {
  const { forWho: _words, ...plain } = view;
  if (ctx.directRoom) return plain;
  const found = await (ctx.findPeople?.(forWho.words) ?? Promise.resolve([])).catch(() => null);
  const people = (found ?? []).filter((person) => namesPerson(person, forWho.words));
  // The booking read without the words: its own testbed, inputs and unread words in place of the typed ones.
  const { named: _named, filled: _filled, unread: _unread, ...rest } = plain;
  const { words: _said, explicit: _explicit, testbedName, ...started } = forWho;
  const alone: RegisterFormView = { ...rest, ...(testbedName === undefined ? {} : { named: testbedName }), ...started };
  const [person] = people;
  if (people.length === 1 && person !== undefined) return sameEmail(person.email, ctx.requesterEmail) ? alone : { ...alone, forPerson: person };
  if (!forWho.explicit) return plain;
  const words = forWho.words.slice(0, 80);
  const example = (forWho.testbedName ?? 'a testbed').slice(0, 80);
  const problem =
    found === null
      ? `I could not look “${words}” up just now, so this form books for you. Try again in a moment to book for them.`
      : people.length > 1
        ? `Several people go by “${words}”, so this form books for you. To book for one of them, type book and their email: book ${example} for ${people[0]!.email}.`
        : `I could not find anybody called “${words}”, so this form books for you. To book for a colleague, type book and their email: book ${example} for name@example.com.`;
  return { ...alone, forProblem: problem };
}

/**
 * `book again` (or `book lab-3 again`): the form on the testbed of the person's last booking (of that testbed) in the
 * history window, with its purpose and as long again from now as it was booked for; a line above the form says which
 * booking it repeats, or that there was none to repeat (the form then starts as `book` or `book lab-3` would).
 */
async function bookingAgain(view: RegisterFormView, ctx: RenderContext): Promise<RegisterFormView> {
  const { again: _again, ...plain } = view;
  const email = ctx.requesterEmail;
  if (email === undefined || !ctx.readHistory) return plain;
  const entries = await ctx.readHistory(windowStart(ctx.now, HISTORY_DAYS)).catch(() => null);
  if (entries === null) return { ...plain, note: 'I could not read your past bookings just now, so nothing is filled in. Try again in a moment.' };
  const asked = view.named === undefined ? undefined : findByTypedName(ctx.testbeds, view.named);
  const only = asked !== undefined && 'found' in asked ? asked.found : undefined;
  if (asked !== undefined && only === undefined) return plain;
  const last = lastBookingOf(entries, email, only?.id);
  const which = only === undefined ? '' : ` of ${only.testbed_name}`;
  if (last === undefined) return { ...plain, note: `I found no booking${which} of yours in the last ${HISTORY_DAYS} days to book again, so nothing more is filled in.` };
  const record = ctx.testbeds.find((candidate) => candidate.id === last.testbed_id);
  // In whole minutes, as the form takes a time: up, since a time chosen on the form drops the seconds of when it was
  // pressed (a booking made at 17:21:30 for three hours runs until 20:21).
  const minutes = Math.ceil(((parseIso(last.expected_release_time) ?? 0) - (parseIso(last.at) ?? 0)) / 60_000);
  const release = minutes > 0 ? readTypedRelease(`for ${minutes} minutes`, ctx.now, ctx.timeZone) : null;
  const name = record?.testbed_name ?? last.testbed_name;
  const gone = record === undefined ? ` ${last.testbed_name} is no longer in the lab, so choose another.` : '';
  return {
    ...plain,
    ...(record === undefined ? {} : { named: record.testbed_name }),
    filled: { ...(release ?? {}), [INPUT_IDS.purpose]: last.purpose, ...(view.filled ?? {}) },
    note: `As your booking of ${name} on ${localDate(parseIso(last.at) ?? 0, ctx.timeZone)}: ${formatDuration(minutes * 60_000)}, for “${last.purpose}”.${gone}`,
  };
}

/** The last booking `email` held from its start (booked by them or for them), of one testbed when `testbedId` is given. */
function lastBookingOf(entries: readonly HistoryEntry[], email: string, testbedId: number | undefined): Extract<HistoryEntry, { event: 'registered' }> | undefined {
  for (let at = entries.length - 1; at >= 0; at--) {
    const entry = entries[at]!;
    if (entry.event !== 'registered' || (testbedId !== undefined && entry.testbed_id !== testbedId)) continue;
    if (sameEmail((entry.holder ?? entry.by)?.email, email)) return entry;
  }
  return undefined;
}

/** Whether the platform's person is the one the words name: their email or its name part, their whole name, or their first name. */
function namesPerson(person: { email: string; name: string }, words: string): boolean {
  const typed = words.trim().toLowerCase().replace(/\s+/g, ' ');
  const name = person.name.trim().toLowerCase().replace(/\s+/g, ' ');
  const email = person.email.trim().toLowerCase();
  return email === typed || email.split('@')[0] === typed || name === typed || (!typed.includes(' ') && name.split(' ')[0] === typed);
}

export function renderView(view: View, ctx: RenderContext): Rendered {
  const rendered = renderAnyRoom(view, ctx);
  return ctx.directRoom ? { card: directButtonsOnly(rendered.card), text: rendered.text } : rendered;
}

// A shared (frozen) card gets one shared direct-room copy.
const directCopies = new WeakMap<AdaptiveCardJson, AdaptiveCardJson>();

/** The card with only the buttons a direct room accepts (no actions left = no action bar). */
function directButtonsOnly(cardJson: AdaptiveCardJson): AdaptiveCardJson {
  if (!Object.isFrozen(cardJson)) return withDirectButtons(cardJson);
  let copy = directCopies.get(cardJson);
  if (!copy) {
    copy = deepFreeze(withDirectButtons(cardJson));
    directCopies.set(cardJson, copy);
  }
  return copy;
}

function withDirectButtons(cardJson: AdaptiveCardJson): AdaptiveCardJson {
  const all: unknown[] = Array.isArray(cardJson.actions) ? cardJson.actions : [];
  const actions = all.filter((action) => {
    const data = (action as { data?: { action?: unknown } }).data;
    return typeof data?.action === 'string' && DIRECT_ACTIONS.has(data.action);
  });
  const { actions: _all, ...rest } = cardJson;
  return actions.length > 0 ? { ...rest, actions } : rest;
}

/**
 * Words after the testbed a booking named that are no time: `and lab-5` or `lab-5` (a second testbed) gets the form's
 * one-testbed rule, anything else that it was not read.
 */
function unreadLine(named: string | undefined, unread: string, testbeds: readonly TestbedRecord[], timeZone: string): string {
  const second = /^(?:and|plus|&|\+|,)\s*(\S.*)$/i.exec(unread)?.[1]?.trim();
  if (named !== undefined && second !== undefined && 'found' in findByTypedName(testbeds, second)) return oneAtATime([named, second], 'book');
  // `book lab-3; lab-5`, `book lab-3 - lab-5`: another testbed's whole name, after a mark the reader took away.
  if (named !== undefined && testbeds.some((record) => sameName(record.testbed_name, unread))) return oneAtATime([named, unread], 'book');
  if (isOpenEnded(unread)) {
    return `A booking needs an expected release, at most ${MAX_DAYS_AHEAD} days ahead (“${unread}”): choose when below, and extend it later as often as you need.`;
  }
  if (isVagueLength(unread)) {
    const said = unread.replace(/^(?:for|until|till)\s+/i, '');
    const asked = /^(?:now|later|(?:the\s+)?time\s+being|ever|good)$/i.test(said) ? 'Until when?' : `How long is “${said}”?`;
    return `${asked} Choose when you will release it below.`;
  }
  if (isNoLength(unread)) return `A booking lasts a minute at least (“${unread}”): choose when you will release it below.`;
  if (asksToBookAhead(unread) && !startWithoutTime(unread)) {
    return `A booking starts when it is made, so I cannot book ahead (“${unread}”). Choose when you will release it below to book it now, or come back and book it then.`;
  }
  // `until 5pm local`, `until 5pm my time`: the person's own clock, which the bot does not know.
  const own = /^(\S[\s\S]*?)\s+(?:local(?:\s+time)?|my\s+time|(?:in\s+)?my\s+time\s*-?zone)$/i.exec(unread)?.[1];
  if (own !== undefined && isTypedTime(own)) {
    const time = own.replace(/^(?:until|till|til|by|at|to)\s+/i, '');
    return `Times here are on the lab’s clock (${timeZone}): type the time as it is there, or with your zone (${time} CET), or choose when below.`;
  }
  const zone = unknownZoneWords(unread);
  if (zone !== undefined) {
    return `I do not know the time zone “${zone}”: write it as a zone’s name (Europe/Berlin), an abbreviation (CET) or an offset (UTC+1), or choose when below.`;
  }
  return `I could not read “${unread}” as a time: choose when below.`;
}

/** `lab-3 and lab-5`, `lab-3 & lab-5`, `lab-3, lab-5`, `lab-3/lab-5`: two testbeds of the lab, as typed; else undefined. */
function twoTestbeds(typed: string, testbeds: readonly TestbedRecord[]): [string, string] | undefined {
  // (`both lab-3 and lab-5`: the two.)
  const parts = /^(\S.*?)\s*(?:\s(?:and|plus)\s|&|\+|,|\/)\s*(\S.*)$/i.exec(typed.trim().replace(/^both\s+/i, ''));
  if (!parts) return undefined;
  const [first, second] = [parts[1].trim(), parts[2].trim()];
  return 'found' in findByTypedName(testbeds, first) && 'found' in findByTypedName(testbeds, second) ? [first, second] : undefined;
}

/** A form is for one testbed: which one this form is for, and what to type for the other. */
function oneAtATime([first, second]: [string, string], command: 'book' | 'release'): string {
  return `One testbed at a time: this form is for ${first}. Type ${command} ${second} for the other one.`;
}

/** Who holds the testbed a hint is about, while it is booked. */
function hintHolder(record: TestbedRecord, requesterEmail: string | undefined): { holder?: { name: string; yours: boolean } } {
  if (record.status !== 'in_use') return {};
  return { holder: { name: record.user_name ?? '', yours: sameEmail(record.user_email, requesterEmail) } };
}

/**
 * `ctx.testbeds` and `ctx.life` are read only by the views that show them (they may be copies
 * made on demand), so a menu or a form without testbeds copies no records.
 */
function renderAnyRoom(view: View, ctx: RenderContext): Rendered {
  const { now, timeZone } = ctx;
  const lifeOf = () => ctx.life ?? [];
  switch (view.kind) {
    case 'menu':
      return pair(menuCard({ botName: ctx.botName }), menuText({ botName: ctx.botName }));
    case 'help':
      return pair(helpCard({ botName: ctx.botName, version: BOT_VERSION }), helpText({ botName: ctx.botName, version: BOT_VERSION }));
    case 'hint': {
      const record = view.testbedId === undefined ? undefined : ctx.testbeds.find((candidate) => candidate.id === view.testbedId);
      // Bookable by anyone: free, and not held for somebody's hand-off.
      const held = record !== undefined && lifeOf().some((entry) => entry.testbed_id === record.id && entry.offer !== null);
      const input = {
        ...(view.suggestion === undefined ? {} : { suggestion: view.suggestion }),
        ...(record === undefined ? {} : { testbed: { id: record.id, name: record.testbed_name, bookable: isBookable(record) && !held, ...hintHolder(record, ctx.requesterEmail) } }),
      };
      return pair(hintCard(input), hintText(input));
    }
    case 'thanks':
      return pair(thanksCard(view.ack === true, ctx.directRoom === true), thanksText(view.ack === true, ctx.directRoom === true));
    case 'labels':
      return pair(labelsCard({ testbeds: ctx.testbeds }), labelsText({ testbeds: ctx.testbeds }));
    case 'digest': {
      // Asked for: the digest as of now, its day on the display zone's clock.
      const input = { testbeds: ctx.testbeds, lifecycle: lifeOf(), scheduledFor: now, now, timeZone };
      return pair(digestCard(input), digestText(input));
    }
    case 'rules': {
      const { reminderMs, overdueRepeatMs, holdMs } = ctx.timing ?? DEFAULT_TIMING;
      const input = {
        reminderMinutes: reminderMs / 60_000,
        overdueRepeatHours: overdueRepeatMs / 3_600_000,
        holdMinutes: holdMs / 60_000,
        admins: ctx.adminCount ?? 0,
        ...(ctx.digest === undefined ? {} : { digest: ctx.digest }),
      };
      return pair(rulesCard(input), rulesText(input));
    }
    case 'timeZone': {
      const input = { now, timeZone, ...(view.set === true ? { set: true } : {}), ...(view.other === undefined ? {} : { other: view.other }) };
      return pair(timeZoneCard(input), timeZoneText(input));
    }
    case 'problems': {
      const input = { entries: ctx.history ?? [], timeZone };
      return pair(problemsCard(input), problemsText(input));
    }
    case 'problemForm': {
      const record = ctx.testbeds.find((candidate) => candidate.id === view.testbedId);
      if (!record) return renderAnyRoom({ kind: 'error', message: 'That testbed is not in the list any more. Type status to see them all.' }, ctx);
      const input = { record, admins: ctx.adminCount ?? 0, requesterEmail: ctx.requesterEmail, ...(view.text === undefined ? {} : { text: view.text }), ...(view.errors === undefined ? {} : { errors: view.errors }), ...(view.fixed ? { fixed: true as const } : {}) };
      return pair(problemFormCard(input), problemFormText(input));
    }
    case 'directOnly':
      return pair(directOnlyCard(), directOnlyText());
    case 'maintenanceAhead': {
      const record = ctx.testbeds.find((candidate) => candidate.id === view.testbedId);
      if (!record) return renderAnyRoom({ kind: 'error', message: 'That testbed is not in the list any more. Type status to see them all.' }, ctx);
      const input = { record, now, timeZone };
      return pair(maintenanceAheadCard(input), maintenanceAheadText(input));
    }
    case 'offerTaken': {
      // `I'll take it`: the hand-off form of the first testbed held for them, as the offer they were sent.
      const entry = firstOfferTo(lifeOf(), ctx.requesterEmail);
      const record = entry === undefined ? undefined : ctx.testbeds.find((candidate) => candidate.id === entry.testbed_id);
      if (entry?.offer && record) {
        const input = { record, offer: entry.offer, now, timeZone, values: {} };
        return pair(offerFormCard(input), offerFormText(input));
      }
      // `yes`, `sure` with nothing held: what those words get anywhere else.
      if (view.otherwise === 'hint') return renderAnyRoom({ kind: 'hint' }, ctx);
      if (view.otherwise === 'ack') return renderAnyRoom({ kind: 'thanks', ack: true }, ctx);
      return pair(nothingHeldCard(ctx.directRoom === true), nothingHeldText(ctx.directRoom === true));
    }
    case 'switchForm': {
      const to = 'label' in view ? { label: view.label } : { toId: view.testbedId };
      const input = { testbeds: ctx.testbeds, life: lifeOf(), requesterEmail: ctx.requesterEmail, ...to, now, timeZone, ...(view.fromId === undefined ? {} : { fromId: view.fromId }), ...(view.until === undefined ? {} : { until: view.until }), ...(view.purpose === undefined ? {} : { purpose: view.purpose }) };
      return pair(switchCard(input), switchText(input));
    }
    case 'notNeeded': {
      const input = { testbeds: ctx.testbeds, life: lifeOf(), requesterEmail: ctx.requesterEmail, now, timeZone, ...(view.testbedId === undefined ? {} : { testbedId: view.testbedId }) };
      return pair(notNeededCard(input), notNeededText(input));
    }
    case 'releaseThese': {
      const input = { testbeds: ctx.testbeds, requesterEmail: ctx.requesterEmail, testbedIds: view.testbedIds, now, timeZone };
      return pair(releaseTheseCard(input), releaseTheseText(input));
    }
    case 'theirBookings': {
      // For an admin, the bookings of one person (somebody else), several of them: Extend all of theirs.
      const records = heldByTyped(ctx.testbeds, view.holder);
      const onePerson = records.length > 1 && records.every((record) => sameEmail(record.user_email, records[0].user_email)) && !sameEmail(records[0].user_email, ctx.requesterEmail);
      if (!onePerson || ctx.requesterIsAdmin !== true) return renderAnyRoom({ kind: 'status', holder: view.holder }, ctx);
      const input = { records, now, timeZone, extendMinutes: view.extendMinutes, extendUntil: view.extendUntil, extendRefused: view.extendRefused };
      return pair(theirBookingsCard(input), theirBookingsText(input));
    }
    case 'status': {
      const input = { testbeds: ctx.testbeds, now, timeZone, page: view.page, life: lifeOf(), requesterEmail: ctx.requesterEmail, label: view.label, holder: view.holder };
      return ctx.statusMemo ? ctx.statusMemo.view(input) : pair(statusCard(input), statusText(input));
    }
    case 'registerForm': {
      const testbeds = ctx.testbeds;
      const held = heldTestbeds(lifeOf());
      // Under maintenance or held for somebody's hand-off: not offered.
      const available = testbeds.filter((record) => isBookable(record) && !held.has(record.id));
      const noneFree = typedLabelNoneFree(view, testbeds, available);
      if (noneFree !== undefined) {
        const input = { label: noneFree, testbeds };
        return pair(noneFreeWithLabelCard(input), noneFreeWithLabelText(input));
      }
      const busy = typedBusy(view, testbeds, available);
      if (busy !== undefined) {
        const offer = lifeOf().find((entry) => entry.testbed_id === busy.id)?.offer ?? null;
        // Held for the very person who typed it: their hand-off form, with what they typed filled in.
        if (offer && busy.status === 'available' && sameEmail(offer.email, ctx.requesterEmail)) {
          const input = { record: busy, offer, now, timeZone, values: view.filled ?? {} };
          return pair(offerFormCard(input), offerFormText(input));
        }
        // One's own, typed for a colleague (`book lab-3 for Linus`): giving it to them is the way.
        if (view.forPerson !== undefined && isInUse(busy) && sameEmail(busy.user_email, ctx.requesterEmail)) {
          return renderView({ kind: 'error', message: `You hold ${busy.testbed_name} already. To let ${view.forPerson.name} have it, type give ${busy.testbed_name} to ${view.forPerson.email}.` }, ctx);
        }
        // One's own, with a time typed (`book lab-3 until friday`): their bookings with Extend to that time.
        const until = sameEmail(busy.user_email, ctx.requesterEmail) ? typedUntil(view.filled, now, timeZone) : undefined;
        if (until !== undefined) {
          const mine = { testbeds, life: lifeOf(), requesterEmail: ctx.requesterEmail, now, timeZone, chosen: busy.id, extendUntil: until };
          return pair(mineCard(mine), mineText(mine));
        }
        const input = { record: busy, now, timeZone, requesterEmail: ctx.requesterEmail, offer };
        return pair(registerRefusedCard(input), registerRefusedText(input));
      }
      const maintenanceCount = testbeds.filter((record) => record.status === 'available' && record.maintenance).length;
      const start = startOnLabel(view.named, testbeds, available) ?? startOn(view.named, available, testbeds, (record) =>
        isInUse(record) && sameEmail(record.user_email, ctx.requesterEmail)
          ? `You hold ${record.testbed_name} already: type mine to extend it, or choose another one.`
          : `${record.testbed_name} is not free to book right now: choose a free one, or press Status to wait for it.`,
        'book',
      );
      // What the typed words filled in (`book lab-3 for 2 hours`) joins the testbed chosen; a time the form
      // would refuse is named under its input at once, as a press on Register would.
      const filled = view.filled ?? {};
      const unread = view.unread === undefined ? undefined : { [INPUT_IDS.releaseChoice]: unreadLine(view.named, view.unread, testbeds, timeZone) };
      const errors = view.errors ?? joinErrors(start.errors, filledReleaseError(filled, now, timeZone), unread);
      const values = view.values ?? (view.filled ? { ...start.values, ...filled } : start.values);
      const forWhom = {
        ...(view.forPerson === undefined ? {} : { forPerson: view.forPerson }),
        ...(view.forProblem === undefined ? {} : { forProblem: view.forProblem }),
        ...(view.note === undefined ? {} : { note: view.note }),
      };
      const input = { available, inUse: testbeds.filter(isInUse), now, timeZone, errors, values, heldCount: held.size, maintenanceCount, ...forWhom };
      return pair(registerFormCard(input), registerFormText(input));
    }
    case 'offerForm': {
      // Shown again only while the hold is still theirs; otherwise they hear that it is not offered to them.
      const record = ctx.testbeds.find((candidate) => candidate.id === view.testbedId);
      const offer = lifeOf().find((entry) => entry.testbed_id === view.testbedId)?.offer ?? null;
      const requester = view.requesterEmail ?? ctx.requesterEmail;
      if (record && record.status === 'available' && offer && sameEmail(offer.email, requester)) {
        const input = { record, offer, now, timeZone, errors: view.errors, values: view.values };
        return pair(offerFormCard(input), offerFormText(input));
      }
      const input = { outcome: { type: 'refused' as const, reason: 'not_offered' as const, ...(record ? { record } : {}) }, now, timeZone };
      return pair(outcomeCard(input), outcomeText(input));
    }
    case 'releaseForm': {
      const inUse = ctx.testbeds.filter(isInUse);
      const start = startOn(view.named, inUse, ctx.testbeds, (record) => `${record.testbed_name} is not booked, so there is nothing to release: choose one from the list.`, 'release');
      const input = { inUse, requesterEmail: view.requesterEmail ?? ctx.requesterEmail, now, timeZone, errors: view.errors ?? start.errors, values: start.values };
      return pair(releaseFormCard(input), releaseFormText(input));
    }
    case 'registered': {
      const input = { record: view.record, timeZone, now, label: view.label, forColleague: view.forColleague === true };
      return pair(registeredCard(input, ctx.directRoom ? bookingButtons(view.record.id) : undefined), registeredText(input));
    }
    case 'noneFree': {
      const input = { label: view.label, testbeds: ctx.testbeds };
      return pair(noneFreeWithLabelCard(input), noneFreeWithLabelText(input));
    }
    case 'registerRefused': {
      const input = { record: view.record, now, timeZone, requesterEmail: view.requesterEmail ?? ctx.requesterEmail, offer: view.offer ?? null };
      return pair(registerRefusedCard(input), registerRefusedText(input));
    }
    case 'released': {
      const input = { record: view.record, previous: view.previous, timeZone, ...(view.next ? { next: view.next } : {}) };
      return pair(releasedCard(input), releasedText(input));
    }
    case 'releaseRefused':
      return pair(releaseRefusedCard({ record: view.record }), releaseRefusedText({ record: view.record }));
    case 'feedbackForm': {
      const input = { errors: view.errors, values: view.values };
      return pair(feedbackFormCard(input), feedbackFormText(input));
    }
    case 'feedbackThanks':
      return pair(feedbackThanksCard(), feedbackThanksText());
    case 'cancelled':
      return pair(cancelledCard(), cancelledText());
    case 'error':
      return pair(errorCard({ message: view.message }), errorText({ message: view.message }));
    case 'mine': {
      const input = { testbeds: ctx.testbeds, life: lifeOf(), requesterEmail: view.requesterEmail ?? ctx.requesterEmail, now, timeZone, chosen: view.testbedId, extendMinutes: view.extendMinutes, extendUntil: view.extendUntil, extendAll: view.extendAll === true, queues: view.queues === true, doneBy: view.doneBy, extendRefused: view.extendRefused, directRoom: ctx.directRoom === true, asAdmin: ctx.requesterIsAdmin === true };
      return pair(mineCard(input), mineText(input));
    }
    case 'handOverForm': {
      const input = {
        record: view.testbedId === undefined ? undefined : ctx.testbeds.find((record) => record.id === view.testbedId),
        ...(view.all ? { all: ctx.testbeds } : {}),
        life: lifeOf(),
        requesterEmail: view.requesterEmail ?? ctx.requesterEmail,
        to: view.to,
        found: view.found ?? [],
        now,
        timeZone,
        asAdmin: ctx.requesterIsAdmin === true,
      };
      return pair(handOverCard(input), handOverText(input));
    }
    case 'purposeForm': {
      const input = { testbeds: ctx.testbeds, requesterEmail: view.requesterEmail ?? ctx.requesterEmail, testbedId: view.testbedId, purpose: view.purpose, errors: view.errors, values: view.values, directRoom: ctx.directRoom === true };
      return pair(purposeFormCard(input), purposeFormText(input));
    }
    case 'lifecycle': {
      const input = { outcome: view.outcome, now, timeZone };
      return pair(outcomeCard(input), outcomeText(input));
    }
    case 'notice': {
      const input = { notice: view.notice, now, timeZone };
      return pair(noticeCard(input), noticeText(input));
    }
    case 'history': {
      const record = ctx.testbeds.find((candidate) => candidate.id === view.testbedId);
      // Retired since it was asked for: it is gone from the lab, and its history with it.
      if (record === undefined) return renderAnyRoom({ kind: 'error', message: 'That testbed is no longer in the lab. Type status to see the testbeds there are.' }, ctx);
      const input = { record, entries: ctx.history ?? [], now, timeZone };
      return pair(historyCard(input), historyText(input));
    }
    case 'myHistory': {
      if (view.person !== undefined) {
        const input = { person: view.person, entries: ctx.history ?? [], timeZone };
        return pair(personHistoryCard(input), personHistoryText(input));
      }
      const input = { email: ctx.requesterEmail, entries: ctx.history ?? [], timeZone };
      return pair(myHistoryCard(input), myHistoryText(input));
    }
    case 'report': {
      // Of one label (`report 5g`): its testbeds, and the history lines about them.
      const label = view.label;
      const records = label === undefined ? ctx.testbeds : ctx.testbeds.filter((record) => hasLabel(record, label));
      const ids = new Set(records.map((record) => record.id));
      const entries = label === undefined ? (ctx.history ?? []) : (ctx.history ?? []).filter((entry) => ids.has(entry.testbed_id));
      const report = computeUsage({ entries, records, now, days: view.days, timeZone });
      const input = { report, intro: view.intro, ...(label === undefined ? {} : { label }) };
      return pair(reportCard(input), reportText(input));
    }
    case 'broadcastRooms': {
      const input = { rooms: view.rooms, errors: view.errors, values: view.values, notice: view.notice };
      return pair(broadcastRoomsCard(input), broadcastRoomsText(input));
    }
    case 'broadcastMessage': {
      const input = { roomCount: view.roomCount, errors: view.errors, values: view.values };
      return pair(broadcastMessageCard(input), broadcastMessageText(input));
    }
    case 'broadcastPreview': {
      const input = { rooms: view.rooms, kind: view.messageKind, text: view.text, testbeds: ctx.testbeds, now, timeZone };
      return pair(broadcastPreviewCard(input), broadcastPreviewText(input));
    }
    case 'broadcastReport':
      return pair(broadcastReportCard({ results: view.results }), broadcastReportText({ results: view.results }));
    case 'broadcastNotAllowed':
      return pair(broadcastNotAllowedCard(), broadcastNotAllowedText());
    case 'noBroadcastRooms':
      return pair(noBroadcastRoomsCard(), noBroadcastRoomsText());
    case 'adminMenu':
      return pair(adminMenuCard({ testbeds: ctx.testbeds, admins: view.admins, now }), adminMenuText({ testbeds: ctx.testbeds, admins: view.admins, now }));
    case 'adminForm': {
      const input = { task: view.task, testbeds: ctx.testbeds, now, timeZone, errors: view.errors, values: view.values };
      return pair(adminFormCard(input), adminFormText(input));
    }
    case 'adminOutcome': {
      const input = { request: view.request, outcome: view.outcome, testbeds: ctx.testbeds, life: lifeOf(), now, timeZone, ...(ctx.requesterEmail === undefined ? {} : { requesterEmail: ctx.requesterEmail }) };
      return pair(adminOutcomeCard(input), adminOutcomeText(input));
    }
    case 'adminNotAllowed':
      return pair(adminNotAllowedCard(), adminNotAllowedText());
    case 'adminList': {
      const input = { admins: view.admins, ...(ctx.requesterEmail === undefined ? {} : { requesterEmail: ctx.requesterEmail }) };
      return pair(adminListCard(input), adminListText(input));
    }
    default: {
      const unknown: never = view;
      return pair(errorCard({ message: 'Sorry, I could not show that.' }), `Unknown view ${(unknown as { kind: string }).kind}`);
    }
  }
}

export function renderBroadcastCard(input: RenderContext & { kind: string; text: string; senderName: string }): Rendered {
  const data = { kind: input.kind, text: input.text, senderName: input.senderName, testbeds: input.testbeds, now: input.now, timeZone: input.timeZone };
  return pair(broadcastStatusCard(data), broadcastStatusText(data));
}

/** The plain text of a direct message (sent as `text`, never as markdown). */
export function renderDirectMessage(message: DirectMessage): string {
  switch (message.kind) {
    case 'releasedByOther':
      return releasedByOtherText(message);
  }
}

/** The problem with a release time typed with the command (`book lab-3 for 100 days`), under the input at fault. */
function filledReleaseError(filled: FormValues, now: string, timeZone: string): FormErrors | undefined {
  const resolved = resolveFilled(filled, now, timeZone);
  return resolved === undefined || resolved.ok ? undefined : { [resolved.field]: resolved.message };
}

/** The release time typed words filled in, as the form resolves it (undefined when none was typed). */
function resolveFilled(filled: FormValues, now: string, timeZone: string): ReturnType<typeof resolveRelease> | undefined {
  const choice = filled[INPUT_IDS.releaseChoice];
  return choice === undefined ? undefined : resolveRelease(choice, filled[INPUT_IDS.releaseDate] ?? '', filled[INPUT_IDS.releaseTime] ?? '', now, timeZone);
}

function joinErrors(...all: Array<FormErrors | undefined>): FormErrors | undefined {
  const joined = Object.assign({}, ...all.filter((errors) => errors !== undefined)) as FormErrors;
  return Object.keys(joined).length > 0 ? joined : undefined;
}

/**
 * `book 5g`, `book any 5g`: no testbed is called so, but some carry the label. The form starts on
 * the label (any free testbed carrying it), or says under the picker that none of those is free.
 */
function startOnLabel(named: string | undefined, all: readonly TestbedRecord[], available: readonly TestbedRecord[]): { values?: FormValues; errors?: FormErrors } | undefined {
  if (named === undefined || all.some((record) => sameName(record.testbed_name, named)) || !labelCarried(all, named)) return undefined;
  const label = labelsInUse(available).find((each) => sameLabel(each, named));
  if (label !== undefined) return { values: { [INPUT_IDS.label]: label } };
  return { errors: { [INPUT_IDS.testbedId]: `No free testbed labelled ${named} right now: choose another one, or type wait any ${named} to wait for the first of them.` } };
}

/**
 * The testbed a typed booking (`book lab-3`) names when it cannot be booked now (somebody holds it,
 * it is under maintenance or held for a hand-off): answered like a booking refused, with its holder
 * and the buttons to wait or ask, instead of a form that cannot take it. Only the first showing of
 * the form; one that comes back with problems stays the form.
 */
function typedBusy(view: Extract<CardView, { kind: 'registerForm' }>, testbeds: readonly TestbedRecord[], available: readonly TestbedRecord[]): TestbedRecord | undefined {
  const named = freshlyNamed(view);
  const asked = named === undefined ? undefined : findByTypedName(testbeds, named);
  return asked !== undefined && 'found' in asked && !available.includes(asked.found) ? asked.found : undefined;
}

/** The name typed with `book …` on the form's first showing; undefined once it came back with problems, or with none typed. */
function freshlyNamed(view: Extract<CardView, { kind: 'registerForm' }>): string | undefined {
  return view.errors === undefined && view.values === undefined ? view.named : undefined;
}

/** The instant a typed booking's time means (`until friday`, `for 2 hours`), when it reads as one the form would take. */
function typedUntil(filled: FormValues | undefined, now: string, timeZone: string): string | undefined {
  const resolved = filled === undefined ? undefined : resolveFilled(filled, now, timeZone);
  return resolved?.ok ? resolved.iso : undefined;
}

/**
 * The label a typed booking names (`book a 5g`, `I need a routing testbed`) when none of its testbeds
 * is free: answered as a booking by label that found none free (Wait for any 5g), not a form.
 */
function typedLabelNoneFree(view: Extract<CardView, { kind: 'registerForm' }>, testbeds: readonly TestbedRecord[], available: readonly TestbedRecord[]): string | undefined {
  const named = freshlyNamed(view);
  if (named === undefined) return undefined;
  if (testbeds.some((record) => sameName(record.testbed_name, named)) || !labelCarried(testbeds, named)) return undefined;
  if (available.some((record) => hasLabel(record, named))) return undefined;
  return labelsInUse(testbeds).find((label) => sameLabel(label, named)) ?? named;
}

/** `two testbeds`, `2 5g testbeds`, `a couple of testbeds`, `all 5g`, `every 5g testbed`, `any two`: more than one asked for at once (group 1 or 2: a label named). */
const MANY_TESTBEDS =
  /^(?:(?:[2-9]|\d{2,}|two|three|four|five|six|seven|eight|nine|ten|a\s+(?:couple|few)(?:\s+of)?|several|multiple)\s+(?:(?:free|available)\s+)?(?:(\S+)\s+)?(?:testbeds|ones|rigs|labs|boxes)|(?:all(?:\s+(?:of\s+)?the)?|every)(?:\s+(?:free|available))?\s+(?:(\S+?)\s*)?(?:testbeds?|ones?|rigs?|labs?|box(?:es)?)?|everything(?:\s+free)?|both(?:\s+of\s+them)?|any\s+(?:[2-9]|two|three|four|five|six)(?:\s+of\s+them)?)$/i;

/**
 * Where a form asked for with a testbed name (`register lab-3`, `release TB-03`) starts: on that
 * testbed when it is one of the form's choices, else with a line under the picker saying why not.
 */
function startOn(
  named: string | undefined,
  choices: readonly TestbedRecord[],
  all: readonly TestbedRecord[],
  notAChoice: (record: TestbedRecord) => string,
  command: 'book' | 'release',
): { values?: FormValues; errors?: FormErrors } {
  if (named === undefined) return {};
  const among = findByTypedName(choices, named);
  if ('found' in among) return { values: { [INPUT_IDS.testbedId]: String(among.found.id) } };
  const anywhere = findByTypedName(all, named);
  const quoted = `“${named}”`;
  if ('found' in anywhere) return { errors: { [INPUT_IDS.testbedId]: notAChoice(anywhere.found) } };
  // `book two testbeds`, `book 2 5g testbeds`: one at a time (on the label, when one is named).
  const many = MANY_TESTBEDS.exec(named);
  if (many && command === 'book') {
    const asked = many[1] ?? many[2];
    const label = asked === undefined ? undefined : labelsInUse(all).find((each) => sameLabel(each, asked));
    const labelled = label === undefined ? '' : ` labelled ${label}`;
    const values = label !== undefined && choices.some((record) => hasLabel(record, label)) ? { values: { [INPUT_IDS.label]: label } } : {};
    return { ...values, errors: { [INPUT_IDS.testbedId]: `One testbed at a time: this form books one${labelled}. Press Register, then type book again for the next.` } };
  }
  // `book lab-3 and lab-5` (no testbed has that whole name): the form starts on the first, and says how to go on with the second.
  const two = twoTestbeds(named, all);
  if (two !== undefined) {
    const first = startOn(two[0], choices, all, notAChoice, command);
    return { ...first, errors: { [INPUT_IDS.testbedId]: [first.errors?.[INPUT_IDS.testbedId], oneAtATime(two, command)].filter(Boolean).join(' ') } };
  }
  if ('ambiguous' in among || 'ambiguous' in anywhere) {
    return { errors: { [INPUT_IDS.testbedId]: `${severalMeant(named)}: choose one from the list.` } };
  }
  // A slip in the name (`lab3` for lab-3): the one testbed a slip away is named, never chosen for the person.
  const near = findNearName(all, named) ?? findNamedWithin(all, named);
  if (near === undefined) {
    // `book any 4g`, `book 4g` in a lab that has labels: the word may have been meant as one.
    const asLabel = command === 'book' && readLabel(named) !== null && labelsInUse(all).length > 0;
    const said = asLabel ? `No testbed is called ${quoted} or has that label. ${otherLabelsText(named, all, command)} Or choose one from the list.` : `No testbed is called ${quoted}: choose one from the list.`;
    return { errors: { [INPUT_IDS.testbedId]: said } };
  }
  const meant = `No testbed is called ${quoted}. Did you mean ${near.testbed_name}?`;
  return { errors: { [INPUT_IDS.testbedId]: choices.includes(near) ? `${meant} Choose it from the list.` : `${meant} ${notAChoice(near)}` } };
}
