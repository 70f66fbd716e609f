/**
 * The live `api-hold` actors, one per hold with a time-to-live: armed from the holds document at
 * start-up, moved on by heartbeats, ended when a hold is released another way. The actor decides
 * when a hold has expired; `expire` (provided here) does the releasing.
 */
import { createActor, fromPromise, type Actor, type InspectionEvent, type Observer } from 'xstate';
import type { Logger } from 'pino';
import { apiHoldMachine } from '../machines/api-hold.machine.js';
import { createWaitUntil } from '../app/wait-until.js';

export interface HoldKeepers {
  /** Starts watching a hold (or moves its deadline when already watched). */
  track(holdId: string, deadline: string): void;
  /** Moves the deadline after a stored heartbeat; false when the hold is expiring or not watched. */
  renew(holdId: string, deadline: string): boolean;
  /** True while the hold is being released for want of a heartbeat. */
  isExpiring(holdId: string): boolean;
  /** The hold was released another way. */
  forget(holdId: string): void;
  stop(): void;
}

type Keeper = Actor<typeof apiHoldMachine>;

export function createHoldKeepers(deps: {
  expire: (holdId: string, now: string) => Promise<void>;
  logger: Logger;
  now?: () => Date;
  inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void);
}): HoldKeepers {
  const keepers = new Map<string, Keeper>();
  const logic = apiHoldMachine.provide({
    actors: {
      waitUntil: createWaitUntil(deps.now),
      expireHold: fromPromise(async ({ input }: { input: { holdId: string; now: string } }) => deps.expire(input.holdId, input.now)),
    },
  });

  function track(holdId: string, deadline: string): void {
    const existing = keepers.get(holdId);
    if (existing) {
      existing.send({ type: 'heartbeat.received', deadline });
      return;
    }
    const key = `api-hold:${holdId}`;
    const actor = createActor(logic, { input: { holdId, deadline }, id: key, systemId: key, inspect: deps.inspect });
    actor.subscribe({
      next: (snapshot) => {
        if (snapshot.value === 'coolingDown') deps.logger.warn({ key }, 'an expired API hold could not be released; trying again shortly');
        if (snapshot.status === 'done' && keepers.get(holdId) === actor) keepers.delete(holdId);
      },
      error: (error) => {
        deps.logger.error({ err: error, key }, 'API hold watcher failed');
        if (keepers.get(holdId) === actor) keepers.delete(holdId);
      },
    });
    keepers.set(holdId, actor);
    actor.start();
  }

  return {
    track,
    renew(holdId, deadline) {
      const actor = keepers.get(holdId);
      if (!actor || actor.getSnapshot().hasTag('expiring')) return false;
      actor.send({ type: 'heartbeat.received', deadline });
      return true;
    },
    isExpiring: (holdId) => keepers.get(holdId)?.getSnapshot().hasTag('expiring') === true,
    forget(holdId) {
      keepers.get(holdId)?.send({ type: 'hold.ended' });
    },
    stop() {
      for (const actor of keepers.values()) actor.stop();
      keepers.clear();
    },
  };
}
