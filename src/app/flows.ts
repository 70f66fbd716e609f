/**
 * Builds conversation and broadcast actors with their real actors provided
 * (people look-ups, testbed claims, feedback, broadcast delivery) and their
 * emitted `say.*` requests wired to the effects.
 */
import { appendFile } from 'node:fs/promises';
import { fromPromise, type ActorRefFrom } from 'xstate';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { BroadcastDeliveryResult, BroadcastRoomOption, Holder } from '../domain.js';
import type { Platform, PlatformEvent } from '../platform/port.js';
import type { Store } from '../store/index.js';
import {
  conversationMachine,
  type ClaimAnyInput,
  type ClaimResult,
  type ClaimTestbedInput,
  type LookUpPersonInput,
  type ReleaseResult,
  type ReleaseTestbedInput,
  type RunLifecycleInput,
  type SaveFeedbackInput,
} from '../machines/conversation.machine.js';
import type { LifecycleOutcome } from '../machines/shared/lifecycle-types.js';
import { broadcastMachine, type SendBroadcastInput } from '../machines/broadcast.machine.js';
import type { SpawnSpec } from './actor-host.js';
import type { FlowKey } from './actor-key.js';
import type { Effects } from './effects.js';
import type { TestbedFleet } from './testbed-fleet.js';
import { deliverBroadcast } from './broadcast-delivery.js';
import { isRetryable } from './errors.js';
import type { LookUpPerson } from './people.js';

export interface FlowDeps {
  platform: Platform;
  store: Store;
  config: Config;
  logger: Logger;
  fleet: TestbedFleet;
  effects: Effects;
  now: () => Date;
  lookUpPerson: LookUpPerson;
}

export function createFlowFactory(deps: FlowDeps) {
  const { platform, store, config, fleet, effects } = deps;

  const lookUpPerson = deps.lookUpPerson;

  async function listBroadcastRooms(): Promise<BroadcastRoomOption[]> {
    const listed: BroadcastRoomOption[] = store.broadcastRooms.all();
    if (!config.broadcastDiscovery) return listed;
    const seen = new Set(listed.map((room) => room.room_id));
    const discovered = (await platform.listRooms())
      .filter((room) => room.type === 'group' && !seen.has(room.id))
      .map((room) => ({ name: room.title, room_id: room.id, description: 'Discovered: the bot is a member of this room', discovered: true }));
    return [...listed, ...discovered];
  }

  // Each provided actor is typed with the output and input its machine's setup() declares, and
  // provide() checks them against the stubs: a mismatch fails tsc (tests/types/provide.test-d.ts).
  const lookUpPersonLogic = fromPromise<Holder, LookUpPersonInput>(async ({ input }) => lookUpPerson(input.personId));

  const conversationLogic = conversationMachine.provide({
    actors: {
      lookUpPerson: lookUpPersonLogic,
      claimTestbed: fromPromise<ClaimResult, ClaimTestbedInput>(async ({ input }) => fleet.claim(input)),
      claimAnyTestbed: fromPromise<ClaimResult, ClaimAnyInput>(async ({ input }) => fleet.claimAny(input)),
      releaseTestbed: fromPromise<ReleaseResult, ReleaseTestbedInput>(async ({ input }) => fleet.release(input)),
      runLifecycle: fromPromise<LifecycleOutcome, RunLifecycleInput>(async ({ input }) => fleet.lifecycle(input)),
      saveFeedback: fromPromise<void, SaveFeedbackInput>(async ({ input }) => {
        const line = JSON.stringify({ at: deps.now().toISOString(), email: input.from.email, name: input.from.name, text: input.text });
        await appendFile(config.feedbackLogPath, `${line}\n`, 'utf8');
        if (config.feedbackRoom) effects.feedbackToRoom(config.feedbackRoom, input.from, input.text);
      }),
    },
  });

  const broadcastLogic = broadcastMachine.provide({
    actors: {
      lookUpPerson: lookUpPersonLogic,
      listBroadcastRooms: fromPromise<BroadcastRoomOption[], void>(async () => listBroadcastRooms()),
      sendBroadcast: fromPromise<BroadcastDeliveryResult[], SendBroadcastInput>(async ({ input }) =>
        deliverBroadcast({
          rooms: input.rooms,
          send: (roomId) => effects.postBroadcast(roomId, { kind: input.kind, text: input.text, sender: input.sender }),
          isRetryable,
        }),
      ),
    },
  });

  function wireConversation(key: FlowKey) {
    return (actor: ActorRefFrom<typeof conversationLogic>) => {
      actor.on('say.card', (emitted) => effects.say(key, emitted.view));
      actor.on('say.direct', (emitted) => effects.direct(key, emitted.toEmail, emitted.message));
    };
  }

  function wireBroadcast(key: FlowKey) {
    return (actor: ActorRefFrom<typeof broadcastLogic>) => {
      actor.on('say.card', (emitted) => effects.say(key, emitted.view));
    };
  }

  return {
    listBroadcastRooms,
    /** The actor for `key`, started by `event` (a message carries the sender's email). */
    spawn(key: FlowKey, event: PlatformEvent): SpawnSpec<typeof conversationLogic> | SpawnSpec<typeof broadcastLogic> {
      const timeoutMs = config.conversationTimeoutMs;
      const { roomId, personId } = key;
      if (key.kind === 'conversation') {
        return { logic: conversationLogic, input: { roomId, personId, timeoutMs }, wire: wireConversation(key) };
      }
      return {
        logic: broadcastLogic,
        input: {
          roomId,
          personId,
          personEmail: event.type === 'message' ? event.personEmail : undefined,
          admins: config.broadcastAdmins,
          timeoutMs,
        },
        wire: wireBroadcast(key),
      };
    },
  };
}
