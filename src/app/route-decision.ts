/**
 * What routing decides, as plain data, and the small builders of it that the typed and the card
 * routes share: which actor (flow, room, person) gets which machine event, or a reply, or nothing.
 */
import type { PlatformEvent } from '../platform/port.js';
import type { TestbedRecord } from '../domain.js';
import type { CardView } from '../machines/shared/conversation-types.js';
import type { LifecycleRequest } from '../machines/shared/lifecycle-types.js';
import { flowKey, type Flow, type FlowKey } from './actor-key.js';

export interface RouterContext {
  approvedRooms: string[] | '*';
  timeZone: string;
  knownTestbedIds: readonly number[];
  /** The testbeds' ids, names and labels (and holders); only read for typed text that names one (`wait lab-3`), a label (`any free 5g?`) or a holder (`status Linus Lab`). */
  testbeds?: readonly (Pick<TestbedRecord, 'id' | 'testbed_name' | 'labels'> & Partial<Pick<TestbedRecord, 'status' | 'user_email' | 'user_name' | 'maintenance'>>)[];
  /** Room ids a broadcast may target; only needed for `broadcast_rooms_submit`. */
  broadcastRoomIds?: string[];
  /**
   * The testbed this person last asked about in this room, a short while ago: what `it` means in
   * `when will it be free?` or `wait for it` (absent: `it` names nothing).
   */
  recentTestbedId?: number;
}

export interface Target {
  /** Which flow's actor, for which person in which room. */
  key: FlowKey;
  event: { type: string } & Record<string, unknown>;
  /** Only deliver when the actor already exists (e.g. cancel). */
  ifExists?: boolean;
}

/** The views the router answers with itself, as the conversation flow's views of the same kind (one shape for both). */
export type ReplyView = Extract<CardView, { kind: 'hint' | 'error' | 'thanks' | 'labels' | 'problems' | 'rules' | 'timeZone' | 'digest' | 'problemForm' | 'directOnly' | 'notNeeded' | 'releaseThese' | 'offerTaken' | 'switchForm' | 'theirBookings' | 'maintenanceAhead' }>;

export type RouteDecision =
  | { kind: 'ignore'; reason: 'unapproved_room' }
  | { kind: 'reply'; view: ReplyView }
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

/**
 * The one testbed a decision is about (its id, or its name as typed, which the caller looks up), if it is
 * about one: what a later `it` refers to.
 */
export function testbedOfDecision(decision: RouteDecision): number | string | undefined {
  if (decision.kind === 'reply') return 'testbedId' in decision.view ? decision.view.testbedId : undefined;
  if (decision.kind !== 'dispatch' || decision.targets.length !== 1) return undefined;
  const event = decision.targets[0].event as Record<string, unknown>;
  const request = event.request as Record<string, unknown> | undefined;
  const form = event.form as Record<string, unknown> | undefined;
  for (const id of [event.testbedId, request?.testbedId, form?.testbedId]) if (typeof id === 'number') return id;
  for (const name of [event.testbedName, event.label]) if (typeof name === 'string') return name;
  return undefined;
}
