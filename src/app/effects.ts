/**
 * Turns the machines' `say.*` requests into platform messages. Replies for one
 * actor key go out in the order they were asked for; different keys are
 * independent. A failed post is logged with the key (never the token or the
 * text) and, where it makes sense, followed by a short apology.
 */
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { DirectMessage, HistoryEntry, Holder } from '../domain.js';
import type { DirectNotice } from '../machines/shared/lifecycle-types.js';
import type { OutgoingMessage, Platform, PlatformEvent } from '../platform/port.js';
import { KeptMap } from '../kept-map.js';
import type { Store } from '../store/index.js';
import { renderBroadcastCard, renderDirectMessage, renderReply, renderView, type RenderContext, type View } from './render.js';
import type { LookUpPerson } from './people.js';
import { keyOf, type FlowKey } from './actor-key.js';
import { sameEmail } from '../machines/shared/lifecycle-rules.js';
import { isApproved } from './router.js';
import { StatusMemo } from '../cards/status.card.js';

export type { View } from './render.js';

const HISTORY_UNAVAILABLE = 'Sorry, the usage history could not be read just now, so there is no report. Please try again later.';
const TESTBED_HISTORY_UNAVAILABLE = 'Sorry, the booking history could not be read just now. Please try again later.';

/** The history could not be read (already logged); a report request is answered with an apology. */
class HistoryUnavailable extends Error {
  readonly code = 'HISTORY_UNAVAILABLE';
  constructor() {
    super('The usage history could not be read.');
    this.name = 'HistoryUnavailable';
  }
}

export interface Effects {
  /**
   * Takes note of the thread an event came from (a message's thread, or the thread of the card that was
   * pressed), so the replies to that person in that room go into it; returns that thread's root, if any.
   */
  heard(event: PlatformEvent): string | undefined;
  /** A card for the person and room of `key`, in order with the other replies for that key, in their thread. */
  say(key: FlowKey, view: View): void;
  /**
   * A card in the room, in the thread `parentId` when given: a reply the router decided alone. `requesterEmail`
   * (the sender's address, as the message carried it) lets a hint about one testbed tell its holder from others
   * without a profile look-up in the room's queue.
   */
  reply(roomId: string, view: View, parentId?: string, requesterEmail?: string): void;
  /** A direct message to one person, posted as plain text. */
  direct(key: FlowKey, toEmail: string, message: DirectMessage): void;
  /** A card in the person's 1:1 room (reminders, offers, asks), posted with `toPersonEmail`. */
  notice(toEmail: string, notice: DirectNotice): void;
  /** The apology for a conversation that failed; in the person's thread when `personId` is given and they asked in one. */
  apologise(roomId: string, personId?: string): void;
  feedbackToRoom(roomId: string, from: Holder, text: string): void;
  /** Posts the rich broadcast card; rejects with the platform error so delivery can report it. */
  postBroadcast(roomId: string, message: { kind: string; text: string; sender: Holder }): Promise<void>;
  idle(): Promise<void>;
  /** Who typed words name on the platform: an email finds that person, other words the people whose name starts so. */
  findPeople(words: string): Promise<Array<{ email: string; name: string }>>;
}

export function createEffects(deps: {
  platform: Platform;
  store: Store;
  config: Config;
  logger: Logger;
  now: () => Date;
  lookUpPerson: LookUpPerson;
  /** The history lines at or after an instant, for the usage report and a testbed's history (absent = no history). */
  readHistory?: (since: string) => Promise<readonly HistoryEntry[]>;
  /** Told after a reply for `key` (an actor key, or `reply:<roomId>`) was posted; used to time replies. */
  replied?: (key: string, view: View['kind']) => void;
  /** Told after a notice about a testbed was posted in somebody's 1:1 room (what `it` means there next). */
  noticed?: (roomId: string, testbedId: number, at: string) => void;
}): Effects {
  const { platform, store, config, logger } = deps;
  const queues = new Map<string, Promise<void>>();
  const inFlight = new Set<Promise<void>>();
  // Many people asking for the status of an unchanged lab get one build.
  const statusMemo = new StatusMemo();
  // Threads: the root each person's conversation in a room is in (by room and person), and the root of
  // each card the bot posted into a thread (by the card's message id), so a press on it answers there.
  const conversationThreads = new KeptMap<string, string>(4096);
  const cardThreads = new KeptMap<string, string>(4096);
  const threadKey = (roomId: string, personId: string) => `${roomId} ${personId}`;

  /** The history reader, logging a failed read once (the report then says it could not be made). */
  const historySource = deps.readHistory;
  const readHistory = historySource
    ? (since: string) =>
        historySource(since).catch((error: unknown) => {
          logger.error({ err: error }, 'the history could not be read for a usage report or a testbed history');
          throw new HistoryUnavailable();
        })
    : undefined;

  /** The store's current data for a card, read only for views that show it (not a menu); shared and frozen, not copied. */
  function renderContext(requesterEmail?: string, directRoom?: boolean): RenderContext {
    return {
      botName: config.botName,
      get testbeds() {
        return store.testbeds.snapshot();
      },
      get life() {
        return store.lifecycle.snapshot();
      },
      now: deps.now().toISOString(),
      timeZone: config.displayTimeZone,
      requesterEmail,
      directRoom,
      readHistory,
      statusMemo,
      findPeople,
      adminCount: config.admins.length,
      ...(config.digest === undefined ? {} : { digest: config.digest }),
      // Read only by the cards that offer admins more (not on a status or menu reply).
      get requesterIsAdmin() {
        return requesterEmail !== undefined && config.admins.some((admin) => sameEmail(admin, requesterEmail));
      },
      // What `rules` tells people: the reminder, overdue and hold settings the config holds for the testbeds too.
      timing: config,
    };
  }

  /** Who typed words name on the platform: an email finds that person, other words the people whose name starts so. */
  async function findPeople(words: string): Promise<Array<{ email: string; name: string }>> {
    const typed = words.trim();
    const query = /^[^\s@]+@[^\s@]+$/.test(typed) ? { email: typed } : { displayName: typed };
    const people = (await platform.findPeople?.(query)) ?? [];
    return people.filter((person) => person.emails.length > 0).map((person) => ({ email: person.emails[0], name: person.displayName || person.emails[0] }));
  }

  function enqueue(key: string, work: () => Promise<unknown>): void {
    const previous = queues.get(key) ?? Promise.resolve();
    const next = previous
      .then(work)
      .then(() => undefined)
      .catch((error) => logger.error({ err: error, key }, 'reply could not be posted'));
    queues.set(key, next);
    inFlight.add(next);
    void next.finally(() => {
      inFlight.delete(next);
      if (queues.get(key) === next) queues.delete(key);
    });
  }

  function post(message: OutgoingMessage) {
    return platform.postMessage(message);
  }

  /**
   * Views that list "your own first" need the requester's email, which only the platform knows; so
   * does a booking form asked for by name (`register lab-3`), which tells you when lab-3 is yours already, and
   * the list of admins, which says whether you are one, and what an admin's request did (a booking they took over
   * themselves is not news to them).
   */
  async function requesterEmailFor(view: View, personId?: string): Promise<string | undefined> {
    const personal = ['releaseForm', 'registerRefused', 'status', 'mine', 'offerForm', 'myHistory', 'purposeForm', 'handOverForm', 'adminList', 'adminOutcome', 'theirBookings'];
    // A booking typed for somebody: whether that is the booker themselves; `book again`: whose last booking.
    const named = view.kind === 'registerForm' && (view.named !== undefined || view.forWho !== undefined || view.again === true);
    if (!personId || !(personal.includes(view.kind) || named)) return undefined;
    return (await deps.lookUpPerson(personId).catch(() => undefined))?.email;
  }

  async function sayNow(key: string, roomId: string, view: View, personId?: string, parentId?: string, knownEmail?: string): Promise<void> {
    const requesterEmail = knownEmail ?? (await requesterEmailFor(view, personId));
    const directRoom = !isApproved(roomId, config.approvedRooms);
    const ctx = renderContext(requesterEmail, directRoom);
    const rendered = await renderReply(view, ctx).catch((error: unknown) => {
      if (!(error instanceof HistoryUnavailable)) throw error;
      return renderView({ kind: 'error', message: view.kind === 'report' ? HISTORY_UNAVAILABLE : TESTBED_HISTORY_UNAVAILABLE }, ctx);
    });
    const message = { roomId, text: rendered.text, card: rendered.card };
    if (parentId === undefined) await post(message);
    else await postInThread(message, parentId);
    deps.replied?.(key, view.kind);
  }

  /**
   * Posts into the thread and remembers the card's thread; when the platform refuses the thread (its
   * first message was deleted, say), the answer goes to the room instead of being lost.
   */
  async function postInThread(message: OutgoingMessage, parentId: string): Promise<void> {
    try {
      const posted = await post({ ...message, parentId });
      if (posted?.id) cardThreads.set(posted.id, parentId);
    } catch (error) {
      const status = (error as { status?: unknown }).status;
      if (status !== 400 && status !== 404) throw error;
      logger.warn({ err: error, roomId: message.roomId }, 'the thread was refused, so the reply goes to the room');
      await post(message);
    }
  }

  return {
    heard(event) {
      const thread = event.type === 'message' ? event.parentId : cardThreads.get(event.messageId);
      const key = threadKey(event.roomId, event.personId);
      if (thread === undefined) conversationThreads.delete(key);
      else conversationThreads.set(key, thread);
      return thread;
    },
    say(key, view) {
      const queue = keyOf(key);
      // Read when the card is asked for: the thread of the person's latest message or press.
      const thread = conversationThreads.get(threadKey(key.roomId, key.personId));
      enqueue(queue, () => sayNow(queue, key.roomId, view, key.personId, thread));
    },
    reply(roomId, view, parentId, requesterEmail) {
      const key = `reply:${roomId}`;
      enqueue(key, () => sayNow(key, roomId, view, undefined, parentId, requesterEmail));
    },
    direct(key, toEmail, message) {
      enqueue(`direct:${keyOf(key)}`, () => post({ toPersonEmail: toEmail, text: renderDirectMessage(message) }));
    },
    notice(toEmail, notice) {
      const key = `direct:${toEmail.toLowerCase()}`;
      enqueue(key, async () => {
        const rendered = renderView({ kind: 'notice', notice }, renderContext());
        const posted = await post({ toPersonEmail: toEmail, text: rendered.text, card: rendered.card });
        if (posted?.roomId) deps.noticed?.(posted.roomId, notice.record.id, deps.now().toISOString());
      });
    },
    apologise(roomId, personId) {
      const key = `reply:${roomId}`;
      const thread = personId === undefined ? undefined : conversationThreads.get(threadKey(roomId, personId));
      enqueue(key, () =>
        sayNow(key, roomId, { kind: 'error', message: 'Sorry, something went wrong on my side. Nothing was changed; please try again.' }, undefined, thread),
      );
    },
    feedbackToRoom(roomId, from, text) {
      enqueue(`feedback:${roomId}`, () =>
        // Plain text only: what a user typed is never rendered as markdown in another room.
        post({ roomId, text: `Feedback from ${from.name} (${from.email}):\n\n${text}` }),
      );
    },
    async postBroadcast(roomId, message) {
      if (message.kind === 'usage') {
        // The usage report card (7 days), opened by who sent it and what they typed; buttons only where they work.
        const intro = { senderName: message.sender.name, text: message.text };
        const report = await renderReply({ kind: 'report', days: 7, intro }, renderContext(undefined, !isApproved(roomId, config.approvedRooms)));
        await post({ roomId, text: report.text, card: report.card });
        return;
      }
      const context = renderContext();
      const rendered = renderBroadcastCard({
        botName: context.botName,
        testbeds: context.testbeds,
        now: context.now,
        timeZone: context.timeZone,
        kind: message.kind,
        text: message.text,
        senderName: message.sender.name,
      });
      await post({ roomId, text: rendered.text, card: rendered.card });
    },
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    findPeople,
  };
}
