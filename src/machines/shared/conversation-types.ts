/**
 * The conversation machine's event, view and result types (re-exported by
 * conversation.machine.ts). Plain data only.
 */
import type { DirectMessage, FormErrors, FormValues, Holder, RegisterForm, TestbedRecord } from '../../domain.js';

/** The shared data types this machine's events and views carry (defined in domain.ts). */
export type { DirectMessage, FormErrors, FormValues, RegisterForm } from '../../domain.js';

/** Router → machine. Times arrive as ISO strings on the events. */
export type ConversationEvent =
  | { type: 'menu.requested' }
  | { type: 'help.requested' }
  | { type: 'status.requested'; page?: number }
  | { type: 'registration.started' }
  | { type: 'release.started' }
  | { type: 'feedback.started' }
  | { type: 'register.submitted'; form: RegisterForm; now: string }
  | { type: 'register.invalid'; errors: FormErrors; values: FormValues }
  | { type: 'release.submitted'; testbedId: number; now: string }
  | { type: 'release.invalid'; errors: FormErrors; values: FormValues }
  | { type: 'feedback.submitted'; text: string }
  | { type: 'feedback.invalid'; errors: FormErrors; values: FormValues }
  | { type: 'conversation.cancelled' };

/**
 * What the app should show; it renders each view with the card builders using
 * fresh store data. `requesterEmail` is set when the machine already knows who
 * is asking (otherwise the app looks it up for views that need it).
 */
export type CardView =
  | { kind: 'menu' }
  | { kind: 'help' }
  | { kind: 'hint' }
  | { kind: 'status'; page?: number }
  | { kind: 'registerForm'; errors?: FormErrors; values?: FormValues }
  | { kind: 'releaseForm'; errors?: FormErrors; requesterEmail?: string }
  | { kind: 'registered'; record: TestbedRecord }
  | { kind: 'registerRefused'; record: TestbedRecord; requesterEmail?: string }
  | { kind: 'released'; record: TestbedRecord; previous: TestbedRecord }
  | { kind: 'releaseRefused'; record: TestbedRecord }
  | { kind: 'feedbackForm'; errors?: FormErrors; values?: FormValues }
  | { kind: 'feedbackThanks' }
  | { kind: 'cancelled' }
  | { kind: 'error'; message: string };

/** Machine → edge: a card to show in the room, or a direct message (as data; the cards word it) to one person. */
export type ConversationEmitted = { type: 'say.card'; view: CardView } | { type: 'say.direct'; toEmail: string; message: DirectMessage };

/** Inputs of the actors the machine invokes; the app provides actors typed with exactly these. */
export interface LookUpPersonInput {
  personId: string;
}

export interface ClaimTestbedInput {
  testbedId: number;
  holder: Holder;
  purpose: string;
  /** ISO 8601 UTC with trailing Z. */
  expectedRelease: string;
  now: string;
}

export interface ReleaseTestbedInput {
  testbedId: number;
  by: Holder;
  now: string;
}

export interface SaveFeedbackInput {
  text: string;
  from: Holder;
}

export type ClaimResult =
  | { ok: true; record: TestbedRecord }
  | { ok: false; reason: 'taken' | 'unknown'; record?: TestbedRecord };

/** `busy`: the testbed is being booked or released right now (testbed machine's `release.refused` reason). */
export type ReleaseResult =
  | { ok: true; record: TestbedRecord; previous: TestbedRecord }
  | { ok: false; reason: 'not_in_use' | 'unknown' | 'busy'; record?: TestbedRecord };
