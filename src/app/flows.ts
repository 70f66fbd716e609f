/**
 * Builds conversation and broadcast actors with their real actors provided
 * (people look-ups, testbed claims, feedback, broadcast delivery) and their
 * emitted `say.*` requests wired to the effects.
 */
import { appendFile } from 'node:fs/promises';
import { fromPromise, type AnyActorRef } from 'xstate';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { BroadcastRoomOption, DirectMessage, Holder } from '../domain.js';
import type { Platform, PlatformEvent } from '../platform/port.js';
import type { Store } from '../store/index.js';
import { conversationMachine } from '../machines/conversation.machine.js';
import { broadcastMachine } from '../machines/broadcast.machine.js';
import type { SpawnSpec } from './actor-host.js';
import type { FlowKey } from './actor-key.js';
import type { Effects, View } from './effects.js';
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

  function wireSay(key: FlowKey) {
    return (actor: AnyActorRef) => {
      actor.on('say.card', (emitted: { view: View }) => effects.say(key, emitted.view));
      actor.on('say.direct', (emitted: { toEmail: string; message: DirectMessage }) => effects.direct(key, emitted.toEmail, emitted.message));
    };
  }

  const conversationLogic = conversationMachine.provide({
    actors: {
      lookUpPerson: fromPromise(async ({ input }: { input: { personId: string } }) => lookUpPerson(input.personId)),
      claimTestbed: fromPromise(async ({ input }: { input: Parameters<TestbedFleet['claim']>[0] }) => fleet.claim(input)),
      releaseTestbed: fromPromise(async ({ input }: { input: Parameters<TestbedFleet['release']>[0] }) => fleet.release(input)),
      saveFeedback: fromPromise(async ({ input }: { input: { text: string; from: Holder } }) => {
        const line = JSON.stringify({ at: deps.now().toISOString(), email: input.from.email, name: input.from.name, text: input.text });
        await appendFile(config.feedbackLogPath, `${line}\n`, 'utf8');
        if (config.feedbackRoom) effects.feedbackToRoom(config.feedbackRoom, input.from, input.text);
      }),
    },
  } as never);

  const broadcastLogic = broadcastMachine.provide({
    actors: {
      lookUpPerson: fromPromise(async ({ input }: { input: { personId: string } }) => lookUpPerson(input.personId)),
      listBroadcastRooms: fromPromise(async () => listBroadcastRooms()),
      sendBroadcast: fromPromise(
        async ({ input }: { input: { rooms: { roomId: string; name: string }[]; kind: string; text: string; sender: Holder } }) =>
          deliverBroadcast({
            rooms: input.rooms,
            send: (roomId) => effects.postBroadcast(roomId, { kind: input.kind, text: input.text, sender: input.sender }),
            isRetryable,
          }),
      ),
    },
  } as never);

  return {
    listBroadcastRooms,
    /** The actor for `key`, started by `event` (a message carries the sender's email). */
    spawn(key: FlowKey, event: PlatformEvent): SpawnSpec<typeof conversationLogic | typeof broadcastLogic> {
      const timeoutMs = config.conversationTimeoutMs;
      const { roomId, personId } = key;
      if (key.kind === 'conversation') {
        return { logic: conversationLogic, input: { roomId, personId, timeoutMs }, wire: wireSay(key) };
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
        wire: wireSay(key),
      };
    },
  };
}
