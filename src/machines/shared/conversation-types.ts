/**
 * The conversation machine's event, view and result types (re-exported by
 * conversation.machine.ts). Plain data only.
 */
import type { AdminRequest, DirectMessage, ExtendRefused, FormErrors, FormValues, HoldOffer, Holder, LabelRegisterForm, NextInLine, RegisterForm, TestbedRecord } from '../../domain.js';
import type { DirectNotice, LifecycleOutcome, LifecycleRequest } from './lifecycle-types.js';

/** The shared data types this machine's events and views carry (defined in domain.ts). */
export type { DirectMessage, FormErrors, FormValues, LabelRegisterForm, RegisterForm } from '../../domain.js';

/**
 * A booking typed for somebody else, perhaps (`book lab-3 for Linus until 5pm`): the words that may name them, and
 * the booking read without them (its testbed, inputs and unread words, as `registration.started` carries them).
 * `explicit`: said plainly (`on behalf of Linus`, an email), so nobody found by the words is said.
 */
export interface BookingFor {
  words: string;
  explicit?: true;
  testbedName?: string;
  filled?: FormValues;
  unread?: string;
}

/**
 * A submission's `holder`: the person's profile when the app already has it (looked up a moment ago);
 * without it the machine looks the person up before it acts.
 */
type KnownHolder = { holder?: Holder };

/** Router → machine. Times arrive as ISO strings on the events. */
export type ConversationEvent =
  | { type: 'menu.requested' }
  | { type: 'help.requested' }
  /** `label`: only the testbeds carrying it (`status 5g`). */
  /** `holder`: the words naming a person whose bookings alone are shown (`what does Linus have`), with no label. */
  | { type: 'status.requested'; page?: number; label?: string; holder?: string }
  /**
   * `testbedName`: as typed after the command (`register lab-3`), for the form to start on that testbed;
   * `filled`: the form's inputs the typed words gave (`book lab-3 for 2 hours`: the release time);
   * `unread`: words after the name that looked like a time and were not one (`until the demo`).
   */
  /**
   * `forWho`: the words may name somebody the booking is for (`book lab-3 for Linus`), and the booking read so.
   * `again`: `book again`, `book lab-3 again`: the form filled in as their last booking (of that testbed) was.
   */
  | { type: 'registration.started'; testbedName?: string; filled?: FormValues; unread?: string; forWho?: BookingFor; again?: true }
  | { type: 'release.started'; testbedName?: string }
  /** `text`: what was typed after `bug:` or `feedback:`, the form's box filled with it. */
  | { type: 'feedback.started'; text?: string }
  /** `offerOnly`: sent from a hand-off offer in a direct message. A form with a label asks for any free testbed carrying it. */
  /** `forEmail`: booked for a colleague (the form's Register for …), who the platform says that is when it is pressed. */
  | ({ type: 'register.submitted'; form: RegisterForm | LabelRegisterForm; now: string; offerOnly?: boolean; forEmail?: string } & KnownHolder)
  /** `forPerson`: the form was for a colleague, and comes back so. */
  | { type: 'register.invalid'; errors: FormErrors; values: FormValues; forPerson?: Holder }
  /** The hand-off booking form (from a direct message) came back with problems. */
  | { type: 'offer.invalid'; testbedId: number; errors: FormErrors; values: FormValues }
  /** `holderOnly`: sent from a direct message, where only the holder may release. */
  | ({ type: 'release.submitted'; testbedId: number; now: string; holderOnly?: boolean } & KnownHolder)
  /**
   * `testbedId`: the booking named with the command (`extend lab-3`), chosen on the card; `extendMinutes`
   * (`by 2 hours`) or `extendUntil` (`until 18:00`, ISO 8601 UTC): what was typed, as a button of its own.
   * `queues`: only their places in queues, each one to leave (`my queues`, `stop waiting`). `doneBy`: an
   * instant they typed they will be done by (`I'll be done with lab-3 at 16:00`), ISO 8601 UTC. `extendRefused`:
   * a time typed to extend to that has passed or lies more than 90 days ahead (the card says so, with no button).
   */
  /** `extendAll`: the length or time was said of every booking (`extend all my bookings by 2 hours`): a button extends them all. */
  | { type: 'mine.requested'; testbedId?: number; extendMinutes?: number; extendUntil?: string; extendAll?: true; queues?: true; doneBy?: string; extendRefused?: ExtendRefused }
  /**
   * `purpose lab-3 soak test`: the form that gives one of their bookings a new purpose. `testbedId`: the
   * testbed named; `purpose`: the new purpose as typed (else the form starts with the current one).
   */
  | { type: 'purpose.started'; testbedId?: number; purpose?: string }
  | { type: 'purpose.invalid'; errors: FormErrors; values: FormValues }
  /** `give lab-3 to Linus`: the card that confirms who the words name before the holder hands it over. */
  /** `all`: every booking of theirs (`give all my testbeds to Linus`), with no testbed named. */
  | { type: 'handOver.started'; testbedId?: number; all?: true; to: string }
  /** The usage report for the last `days` days (typed `report`: 7). */
  | { type: 'report.requested'; days?: 7 | 30; label?: string }
  /** Who had one testbed in the last 30 days (typed `history lab-3`). */
  | { type: 'history.requested'; testbedId: number }
  /** The person's own bookings of the last 30 days (typed `my history`). */
  /** `person`: the words naming somebody else whose past bookings are asked for (`what did Linus book`). */
  | { type: 'myHistory.requested'; person?: string }
  | ({ type: 'lifecycle.submitted'; request: LifecycleRequest; now: string } & KnownHolder)
  | { type: 'release.invalid'; errors: FormErrors; values: FormValues }
  | ({ type: 'feedback.submitted'; text: string } & KnownHolder)
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
  /** `suggestion`: the command a mistyped word most likely meant (`stauts`: status); `testbedId`: the one testbed the words named. */
  | { kind: 'hint'; suggestion?: string; testbedId?: number }
  /** The answer to `thanks`. */
  | { kind: 'thanks'; ack?: true }
  /** `labels`, `what labels are there`: every label in use, with the testbeds carrying it. */
  | { kind: 'labels' }
  /** `problems`, `what is broken?`: the problems reported in the last 7 days, every testbed's. */
  | { kind: 'problems' }
  /** `rules`, `how long can I book a testbed`: how bookings work in this lab, with its settings. */
  | { kind: 'rules' }
  /**
   * `what time zone do you use`, `what time is it`, `set my timezone to …`: the lab's clock, and how to type another (`set`: one of their
   * own was asked for; `other`: the words of another clock asked about, `what time is it in IST`).
   */
  | { kind: 'timeZone'; set?: true; other?: string }
  /** `digest`, `daily summary`: the daily digest's card, as of now, in the room that asked. */
  | { kind: 'digest' }
  /** `lab-3 is broken`: the form that tells the admins, started with what was typed (or sent back with its problem). */
  /** `fixed`: news that the testbed, under maintenance, works again (`lab-3 is fixed` from somebody who is no admin). */
  | { kind: 'problemForm'; testbedId: number; text?: string; errors?: FormErrors; fixed?: true }
  /**
   * `switch lab-3 to TB-04`: what one press would do to move the person's booking (`fromId`, or their only one, or one
   * they choose) to `testbedId`, read from the store when it is drawn; `until` (ISO 8601 UTC): typed with it, the new
   * booking's expected release (else the one it replaces keeps its own); `purpose`, likewise its new purpose.
   */
  | { kind: 'switchForm'; testbedId: number; fromId?: number; until?: string; purpose?: string }
  /** `switch to any 5g`: the same, to the first testbed carrying `label` that is free for anyone when it is drawn. */
  | { kind: 'switchForm'; label: string; fromId?: number; until?: string; purpose?: string }
  /** `schedule maintenance for lab-3 on saturday`: maintenance cannot be set for later; how to plan it instead. */
  | { kind: 'maintenanceAhead'; testbedId: number }
  /** Typed in a 1:1 room that is not approved: where the bot answers instead (no buttons: they would not work there). */
  | { kind: 'directOnly' }
  /** `pass on lab-3`, `no thanks`, `I don't need lab-3 any more`: the one step that gives it up, by what the person has of it. */
  | { kind: 'notNeeded'; testbedId?: number }
  /** `release lab-3 and lab-5`: one press that releases those of them the person holds, or why none is theirs. */
  | { kind: 'releaseThese'; testbedIds: number[] }
  /** `I'll take it`, `take it`: the hand-off form of the testbed held for the person, or a line saying none is. */
  | { kind: 'offerTaken'; otherwise?: 'hint' | 'ack' }
  | { kind: 'status'; page?: number; label?: string; holder?: string }
  /** `named`: a testbed name the person typed with the command; the form starts on it, or says why it cannot. */
  /**
   * `forWho`: words that may name a colleague, looked up when the form is drawn; `forPerson`: the colleague they
   * named, the form booking for them; `forProblem`: why words said plainly of somebody (`on behalf of Zed`) name
   * nobody the form could book for, said above it.
   */
  | {
      kind: 'registerForm';
      errors?: FormErrors;
      values?: FormValues;
      named?: string;
      filled?: FormValues;
      unread?: string;
      forWho?: BookingFor;
      forPerson?: Holder;
      forProblem?: string;
      /** Filled in as the person's last booking (of `named`, when one is): looked up in the history when drawn. */
      again?: true;
      /** A line above the form about what filled it in (`book again`). */
      note?: string;
    }
  /** The hand-off booking form for one testbed, shown again with its problems (only to the person it is offered to). */
  | { kind: 'offerForm'; testbedId: number; errors?: FormErrors; values?: FormValues; requesterEmail?: string }
  | { kind: 'releaseForm'; errors?: FormErrors; requesterEmail?: string; named?: string }
  /** `label`: booked as "any free testbed with this label". */
  /** `forColleague`: booked for somebody else (the record's holder), who was sent a message. */
  | { kind: 'registered'; record: TestbedRecord; label?: string; forColleague?: true }
  /** Nothing carrying the label was free to book. */
  | { kind: 'noneFree'; label: string }
  | { kind: 'registerRefused'; record: TestbedRecord; requesterEmail?: string; offer?: HoldOffer | null }
  /**
   * `extend Linus's bookings by 2 hours`: the bookings of the person the words name (`holder`), with Extend all of theirs
   * for an admin; for anybody else, or when the words name nobody or several people, their bookings as status shows them.
   */
  | { kind: 'theirBookings'; holder: string; extendMinutes?: number; extendUntil?: string; extendRefused?: ExtendRefused }
  | { kind: 'mine'; requesterEmail?: string; testbedId?: number; extendMinutes?: number; extendUntil?: string; extendAll?: true; queues?: true; doneBy?: string; extendRefused?: ExtendRefused }
  /**
   * `give lab-3 to Linus`: who the words `to` name on the platform, looked up when the card is drawn
   * (`found`), and the one press that hands lab-3 over.
   */
  | { kind: 'handOverForm'; testbedId?: number; all?: true; to: string; found?: Array<{ email: string; name: string }>; requesterEmail?: string }
  /** The form for a booking's new purpose; `values`/`errors`: a submission sent back with its problems. */
  | { kind: 'purposeForm'; testbedId?: number; purpose?: string; errors?: FormErrors; values?: FormValues; requesterEmail?: string }
  /** The usage report, drawn from the history when it is posted; `intro` opens a broadcast of it. */
  | { kind: 'report'; days: 7 | 30; intro?: { senderName: string; text: string }; label?: string }
  /** One testbed's bookings of the last 30 days, drawn from the history when it is posted. */
  | { kind: 'history'; testbedId: number }
  /** The asker's own bookings of the last 30 days, drawn from the history when it is posted. */
  | { kind: 'myHistory'; person?: string }
  | { kind: 'lifecycle'; outcome: LifecycleOutcome }
  | { kind: 'notice'; notice: DirectNotice }
  | { kind: 'released'; record: TestbedRecord; previous: TestbedRecord; next?: NextInLine }
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
  /** Booked from a hand-off offer: only the person it was offered to may book. */
  offerOnly?: boolean;
  /** Where the booking came from (the history line says so); chat when absent. */
  via?: 'chat' | 'api';
  /** Booked for a colleague: their email, who the platform says that is (`holder` is who pressed). */
  forEmail?: string;
}

/** Book any free testbed carrying `label` (ignoring case; null = any), the one free longest first. */
export interface ClaimAnyInput {
  label: string | null;
  holder: Holder;
  purpose: string;
  /** ISO 8601 UTC with trailing Z. */
  expectedRelease: string;
  now: string;
  /** Booked for a colleague, as `ClaimTestbedInput.forEmail`. */
  forEmail?: string;
}

/** An admin's request (who may ask is checked before it gets here). */
export interface RunAdminInput {
  request: AdminRequest;
  by: Holder;
  now: string;
}

export interface ReleaseTestbedInput {
  testbedId: number;
  by: Holder;
  now: string;
  /** Asked from a direct message: only the holder may release. */
  holderOnly?: boolean;
  /** A pipeline's hold released by the bot because it was not renewed in time. */
  expired?: boolean;
}

export interface RunLifecycleInput {
  request: LifecycleRequest;
  by: Holder;
  now: string;
}

export interface SaveFeedbackInput {
  text: string;
  from: Holder;
}

/**
 * `held`: kept for somebody else's hand-off offer (`offer` says for whom and until when).
 * `maintenance`: out of service (the record's `maintenance` says why and until when).
 * `none_free`: a booking of "any free testbed" found none (with that label).
 */
export type ClaimResult =
  | { ok: true; record: TestbedRecord }
  /** `no_person`: booked for a colleague (`forEmail`) the platform no longer knows. */
  | { ok: false; reason: 'taken' | 'unknown' | 'held' | 'maintenance' | 'none_free' | 'no_person'; record?: TestbedRecord; offer?: HoldOffer | null };

/** `busy`: the testbed is being booked or released right now (testbed machine's `release.refused` reason). */
export type ReleaseResult =
  | { ok: true; record: TestbedRecord; previous: TestbedRecord; next?: NextInLine }
  | { ok: false; reason: 'not_in_use' | 'unknown' | 'busy' | 'not_holder'; record?: TestbedRecord };
