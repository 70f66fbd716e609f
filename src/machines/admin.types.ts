/**
 * Types of the admin flow (admin.machine.ts): its input, events, the views it asks the app to
 * show, and the data of the actors it invokes. Plain data only.
 */
import type { AdminOutcome, AdminRequest, AdminTask, FormErrors, FormValues, Holder } from '../domain.js';
import type { CardView } from './shared/conversation-types.js';

/** The shared data types this machine's events and views carry (defined in domain.ts). */
export type { AdminOutcome, AdminRefusal, AdminRequest, AdminTask, FormErrors, FormValues } from '../domain.js';

/** Router → machine. Every one of them is checked against ADMINS before anything is shown or changed. */
export type AdminEvent =
  | { type: 'admin.requested' }
  /** `news`: typed as news (`lab-3 is fixed`): somebody who is no admin is offered to tell the admins instead. */
  | { type: 'admin.formRequested'; task: AdminTask; values?: FormValues; news?: 'fixed' }
  | { type: 'admin.submitted'; request: AdminRequest; now: string }
  | { type: 'admin.invalid'; task: AdminTask; errors: FormErrors; values: FormValues }
  | { type: 'conversation.cancelled' }
  /** `who are the admins?`: anybody may ask; nothing is looked up or changed. */
  | { type: 'admins.asked' };

/** What the app should show; rendered with fresh store data (testbed lists, the time, the zone). */
export type AdminView =
  /** `admins`: the ADMINS emails, so anybody can see whom to ask. */
  | { kind: 'adminMenu'; admins: readonly string[] }
  | { kind: 'adminForm'; task: AdminTask; errors?: FormErrors; values?: FormValues }
  /** What an admin request did (or why nothing was changed). */
  | { kind: 'adminOutcome'; request: AdminRequest; outcome: AdminOutcome }
  /** Names no admin: `admin` is also read in 1:1 rooms, where anybody on the platform may type it. */
  | { kind: 'adminNotAllowed' }
  /** `lab-3 is fixed` from somebody who is no admin: the form that tells the admins so (a conversation view too). */
  | Extract<CardView, { kind: 'problemForm' }>
  /** `who are the admins?` in a lab room (approved rooms only). */
  | { kind: 'adminList'; admins: readonly string[] }
  | { kind: 'cancelled' }
  | { kind: 'error'; message: string };

/** Machine → edge: a card for the room. (The holder's message after a force release comes from the testbed itself.) */
export type AdminEmitted = { type: 'say.card'; view: AdminView };

export interface AdminInput {
  roomId: string;
  personId: string;
  /** ADMINS: emails compared ignoring case with the looked-up profile (empty: nobody). */
  admins: readonly string[];
  timeoutMs: number;
}

/** What the fleet's `admin` takes: the request, the admin (from the profile) and the click's time. */
export type { RunAdminInput } from './shared/conversation-types.js';

/** What the person asked for, kept while their profile is looked up. */
export type AdminAsk =
  | { kind: 'menu' }
  | { kind: 'form'; task: AdminTask; errors?: FormErrors; values?: FormValues; news?: 'fixed' }
  | { kind: 'submit'; request: AdminRequest; now: string };

export interface AdminContext {
  roomId: string;
  personId: string;
  admins: readonly string[];
  timeoutMs: number;
  ask: AdminAsk | null;
  /** From the platform profile, once it passed the admin check. */
  admin: Holder | null;
}
