/**
 * Types of the broadcast conversation (broadcast.machine.ts): its input, events,
 * emitted card requests (BroadcastView), context and the invoked actors' data.
 */
import type { BroadcastDeliveryResult, BroadcastKind, BroadcastRoomOption, DeliveryRoom, FormErrors, FormValues, Holder } from '../domain.js';

/** The shared data types this machine's events and views carry (defined in domain.ts). */
export type { BroadcastDeliveryResult, BroadcastKind, BroadcastRoomOption, FormErrors, FormValues } from '../domain.js';

export type BroadcastView =
  | { kind: 'broadcastRooms'; rooms: BroadcastRoomOption[]; errors?: FormErrors; values?: FormValues; notice?: string }
  | { kind: 'broadcastMessage'; roomCount: number; errors?: FormErrors; values?: FormValues }
  | {
      kind: 'broadcastPreview';
      roomIds: string[];
      /** The selected rooms, in list order (same ids as roomIds). */
      rooms: BroadcastRoomOption[];
      messageKind: BroadcastKind;
      text: string;
    }
  | { kind: 'broadcastReport'; results: BroadcastDeliveryResult[] }
  | { kind: 'broadcastNotAllowed' }
  | { kind: 'noBroadcastRooms' }
  | { kind: 'cancelled' }
  | { kind: 'error'; message: string };

export type BroadcastEvent =
  | { type: 'broadcast.started' }
  | { type: 'rooms.submitted'; roomIds: string[] }
  | { type: 'rooms.invalid'; errors: FormErrors; values: FormValues }
  | { type: 'message.submitted'; kind: BroadcastKind; text: string }
  | { type: 'message.invalid'; errors: FormErrors; values: FormValues }
  | { type: 'broadcast.confirmed' }
  | { type: 'broadcast.back' }
  | { type: 'conversation.cancelled' };

export type BroadcastEmitted = { type: 'say.card'; view: BroadcastView };

export interface BroadcastInput {
  roomId: string;
  personId: string;
  /** As reported by the platform event, when known; admin checks use the looked-up profile. */
  personEmail?: string;
  /** Emails allowed to broadcast; empty means everyone in an approved room. */
  admins: string[];
  timeoutMs: number;
}

export interface SendBroadcastInput {
  /** The chosen rooms with their names, in list order (so delivery needs no second look-up). */
  rooms: DeliveryRoom[];
  kind: BroadcastKind;
  text: string;
  sender: Holder;
}

export interface Feedback {
  errors?: FormErrors;
  values?: FormValues;
  notice?: string;
}

export interface BroadcastContext {
  roomId: string;
  personId: string;
  admins: string[];
  timeoutMs: number;
  sender: Holder | null;
  rooms: BroadcastRoomOption[];
  roomIds: string[];
  messageKind: BroadcastKind | null;
  text: string;
  /** Set when a submit reached a fresh actor: the rooms card explains the restart. */
  expired: boolean;
  /** Problems and kept values for the next form card. */
  feedback: Feedback;
  results: BroadcastDeliveryResult[];
}
