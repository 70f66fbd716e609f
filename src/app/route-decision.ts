/**
 * What routing decides, as plain data, and the small builders of it that the typed and the card
 * routes share: which actor (flow, room, person) gets which machine event, or a reply, or nothing.
 */
import type { PlatformEvent } from '../platform/port.js';
import type { TestbedRecord } from '../domain.js';
import type { LifecycleRequest } from '../machines/shared/lifecycle-types.js';
import { flowKey, type Flow, type FlowKey } from './actor-key.js';

export interface RouterContext {
  approvedRooms: string[] | '*';
  timeZone: string;
  knownTestbedIds: readonly number[];
  /** The testbeds' ids, names and labels; only read for typed text that names one (`wait lab-3`) or a label (`any free 5g?`). */
  testbeds?: readonly Pick<TestbedRecord, 'id' | 'testbed_name' | 'labels'>[];
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
  | { kind: 'reply'; view: { kind: 'hint'; suggestion?: string; testbedId?: number } | { kind: 'error'; message: string } | { kind: 'thanks' } | { kind: 'directOnly' } | { kind: 'notNeeded'; testbedId?: number } }
  | { kind: 'dispatch'; targets: Target[] };

export function target(flow: Flow, event: PlatformEvent, machineEvent: Target['event'], ifExists = false): Target {
  const key = flowKey(flow, event.roomId, event.personId);
  return ifExists ? { key, event: machineEvent, ifExists } : { key, event: machineEvent };
}

export function one(flow: Flow, event: PlatformEvent, machineEvent: Target['event']): RouteDecision {
  return { kind: 'dispatch', targets: [target(flow, event, machineEvent)] };
}

export function lifecycle(event: PlatformEvent, request: LifecycleRequest, now: string): RouteDecision {
  return one('conversation', event, { type: 'lifecycle.submitted', request, now });
}

export function cancelRoute(event: PlatformEvent): RouteDecision {
  const cancelled = { type: 'conversation.cancelled' };
  return {
    kind: 'dispatch',
    targets: [target('conversation', event, cancelled, true), target('broadcast', event, cancelled, true), target('admin', event, cancelled, true)],
  };
}
