/**
 * The daily digest at the edge: runs the digest machine with its real actors. `waitUntil` is the
 * shared durable timer; `postDigest` stores "posted for <instant>" in lifecycle.json first (so a
 * restart never posts it twice), then posts the card to every room of broadcast_rooms.json through
 * the platform. A room that fails is logged and the others still get it. Logs carry counts and
 * room ids, never names.
 */
import type { Logger } from 'pino';
import { createActor, fromPromise, type Actor } from 'xstate';
import { digestCard, digestSummary, digestText } from '../cards/digest.card.js';
import { digestMachine, type PostDigestInput } from '../digest/digest.machine.js';
import { describeSchedule, type DigestSchedule } from '../digest/schedule.js';
import type { Platform } from '../platform/port.js';
import type { Store } from '../store/index.js';
import { deliverBroadcast } from './broadcast-delivery.js';
import { isRetryable } from './errors.js';
import { createWaitUntil } from './wait-until.js';

export interface DigestSchedulerDeps {
  schedule: DigestSchedule;
  store: Store;
  platform: Platform;
  logger: Logger;
  now: () => Date;
}

export interface DigestScheduler {
  start(): void;
  /** Stops the timer and waits for a digest being posted right now. */
  stop(): Promise<void>;
  /** Resolves when no digest is being posted (tests). */
  idle(): Promise<void>;
}

export interface DigestPosted {
  rooms: number;
  delivered: number;
}

export function createDigestScheduler(deps: DigestSchedulerDeps): DigestScheduler {
  const { schedule, store, platform, now } = deps;
  const logger = deps.logger.child({ key: 'digest' });
  const inFlight = new Set<Promise<unknown>>();
  let actor: Actor<typeof digestMachine> | undefined;

  async function postDigest({ scheduledFor }: PostDigestInput): Promise<DigestPosted> {
    // The fact first: a crash after this loses at most this one digest, never posts it twice.
    try {
      await store.lifecycle.saveDigest({ last_posted_for: scheduledFor });
    } catch (error) {
      logger.error({ err: error, scheduledFor }, 'digest not posted: its fact could not be saved');
      throw error;
    }
    const view = {
      testbeds: store.testbeds.all(),
      lifecycle: store.lifecycle.all(),
      scheduledFor,
      now: now().toISOString(),
      timeZone: schedule.timeZone,
    };
    const card = digestCard(view);
    const text = digestText(view);
    const rooms = store.broadcastRooms.all().map((room) => ({ roomId: room.room_id, name: room.name }));
    const results = await deliverBroadcast({
      rooms,
      send: async (roomId) => {
        await platform.postMessage({ roomId, text, card });
      },
      isRetryable,
    });
    for (const result of results) {
      if (!result.delivered) logger.warn({ roomId: result.roomId, reason: result.reason, scheduledFor }, 'digest could not be posted to a room');
    }
    const summary = digestSummary(view);
    const delivered = results.filter((result) => result.delivered).length;
    logger.info(
      {
        scheduledFor,
        rooms: results.length,
        delivered,
        failed: results.length - delivered,
        counts: summary.counts,
        overdueBookings: summary.overdue.length,
        waitingPeople: summary.waitingPeople,
      },
      'digest posted',
    );
    return { rooms: results.length, delivered };
  }

  const logic = digestMachine.provide({
    actors: {
      waitUntil: createWaitUntil(now),
      postDigest: fromPromise<unknown, PostDigestInput>(({ input }) => {
        const work = postDigest(input);
        const tracked = work.catch(() => undefined);
        inFlight.add(tracked);
        void tracked.finally(() => inFlight.delete(tracked));
        return work;
      }),
    },
  });

  async function idle(): Promise<void> {
    while (inFlight.size > 0) await Promise.all([...inFlight]);
  }

  return {
    start() {
      if (actor) return;
      const lastPostedFor = store.lifecycle.digest()?.last_posted_for ?? null;
      actor = createActor(logic, {
        id: 'digest',
        systemId: 'digest',
        input: { schedule, now: now().toISOString(), lastPostedFor },
      });
      actor.on('digest.planned', ({ at }) => logger.info({ at }, 'next digest planned'));
      actor.on('digest.skipped', ({ scheduledFor }) => logger.info({ scheduledFor }, 'digest skipped: more than an hour late'));
      actor.subscribe({ error: (error) => logger.error({ err: error }, 'digest scheduler failed') });
      logger.info({ schedule: describeSchedule(schedule), lastPostedFor }, 'daily digest on');
      actor.start();
    },
    async stop() {
      actor?.stop();
      actor = undefined;
      await idle();
    },
    idle,
  };
}
