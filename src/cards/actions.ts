/**
 * Card submit data: the `action` names every card uses (a contract: people's
 * scripts rely on them) and validation of the forms' inputs with yup.
 *
 * Every parse* function is pure and never throws. Only the expected input ids
 * are read, as own properties, so unexpected keys (`user_email`, `user_name`,
 * `__proto__`, `constructor`, …) can never reach a result: identity always
 * comes from the platform profile, never from a form.
 */
import * as yup from 'yup';
import type { ExtendBy, FormErrors, FormValues, LabelRegisterForm, RegisterForm } from '../domain.js';
import { LABEL_PATTERN, LAB_LIMITS } from '../lab-rules.js';
import { MAX_DAYS_AHEAD, resolveRelease } from './release-time.js';
import { isoFromMs, parseIso } from './time.js';

export const ACTIONS = {
  // Main menu buttons (a contract: data is { action } only)
  status: 'status',
  register: 'register',
  release: 'release',
  broadcast: 'broadcast',
  // Conversation cards
  help: 'help',
  feedback: 'feedback',
  menu: 'menu',
  cancel: 'cancel',
  /** The booking form's Register; `Register for …` carries `for_email` and `for_name` (the colleague the form is for). */
  registerSubmit: 'register_submit',
  releaseSubmit: 'release_submit',
  feedbackSubmit: 'feedback_submit',
  statusPage: 'status_page',
  // Broadcast flow (cards in broadcast-*.ts); listed so readAction knows every card action.
  broadcastRoomsSubmit: 'broadcast_rooms_submit',
  broadcastMessageSubmit: 'broadcast_message_submit',
  broadcastConfirm: 'broadcast_confirm',
  broadcastBack: 'broadcast_back',
  // Bookings that look after themselves (reminders, wait-list, hand-off, my bookings)
  extend: 'extend',
  /** Every booking of the presser extended at once: data `minutes`, or `until` (ISO 8601 UTC), as `extend` carries them. */
  extendAll: 'extend_all',
  wait: 'wait',
  /** Wait for any testbed carrying a label: data `{ action: "wait_label", label: "5g" }`. */
  waitLabel: 'wait_label',
  /** Stop waiting for any testbed carrying a label (the places `wait_label` took): data `{ action: "unwait_label", label: "5g" }`. */
  unwaitLabel: 'unwait_label',
  unwait: 'unwait',
  declineOffer: 'decline_offer',
  askHolder: 'ask_holder',
  /** The holder's answer to an ask: they still need the testbed. */
  stillNeed: 'still_need',
  mine: 'mine',
  releaseAll: 'release_all',
  /** The holder's new purpose for a booking: inputs `testbed_id`, `purpose`. */
  changePurpose: 'change_purpose',
  /** The holder expects to be done sooner: data `testbed_id`, `until` (ISO 8601 UTC), earlier than the booking's release. */
  doneBy: 'done_by',
  /** The holder hands the booking to a colleague: data `testbed_id`, `to_email` (who the platform found). */
  handOver: 'hand_over',
  /** Every booking of the presser handed to a colleague: data `to_email` (who the platform found), no testbed. */
  handOverAll: 'hand_over_all',
  /** The holder moves a booking to another testbed: `testbed_id` (theirs, in its data or a picker), `to_testbed_id` in its data. */
  switch: 'switch',
  /** Something is wrong with a testbed: input `problem` (what is wrong), `testbed_id` in its data; the admins are told. */
  reportProblem: 'report_problem',
  /** The usage report; its data carries `days` (7 or 30). */
  report: 'report',
  // The lab admins' card (admin.card.ts, admin-forms.card.ts; inputs checked in admin-actions.ts)
  admin: 'admin',
  /** Opens one task's form: data `{ action: "admin_form", form: "<task>" }`. */
  adminForm: 'admin_form',
  testbedAdd: 'testbed_add',
  testbedRename: 'testbed_rename',
  /** New labels and description for a testbed: inputs `labels`, `description`; `testbed_id` in its data. */
  testbedEdit: 'testbed_edit',
  testbedRetire: 'testbed_retire',
  maintenanceStart: 'maintenance_start',
  maintenanceEnd: 'maintenance_end',
  forceRelease: 'force_release',
  /**
   * Somebody else's booking extended by an admin: data `for_testbed_id`, `holder_email` (whose booking the card showed), and
   * `minutes` or `until` (ISO 8601 UTC), as `extend` carries them.
   */
  adminExtend: 'admin_extend',
  /**
   * Somebody else's booking handed to a colleague by an admin: data `for_testbed_id`, `holder_email` (whose booking the card
   * showed) and `to_email` (the colleague the card named), as `hand_over` carries them.
   */
  adminHandOver: 'admin_hand_over',
  /**
   * An admin's Extend all of theirs: every booking of one person, data `holder_email` (whose bookings the card showed)
   * and `minutes` or `until`, as `extend_all` carries them.
   */
  adminExtendAll: 'admin_extend_all',
} as const;

/** The admin card's buttons: each one is checked against the clicker's platform profile (ADMINS). */
export const ADMIN_ACTIONS: ReadonlySet<string> = new Set([
  ACTIONS.admin,
  ACTIONS.adminForm,
  ACTIONS.testbedAdd,
  ACTIONS.testbedRename,
  ACTIONS.testbedEdit,
  ACTIONS.testbedRetire,
  ACTIONS.maintenanceStart,
  ACTIONS.maintenanceEnd,
  ACTIONS.forceRelease,
  ACTIONS.adminExtend,
  ACTIONS.adminHandOver,
  ACTIONS.adminExtendAll,
]);

/**
 * Buttons accepted from direct messages (1:1 rooms, not on APPROVED_ROOMS): the ones the bot sends
 * there, each checked against the stored record or offer, and the admin card's, each checked
 * against the clicker's platform profile.
 */
export const DIRECT_ACTIONS: ReadonlySet<string> = new Set([
  ACTIONS.extend,
  // Only the presser's own bookings are extended.
  ACTIONS.extendAll,
  ACTIONS.releaseSubmit,
  ACTIONS.registerSubmit,
  ACTIONS.declineOffer,
  ACTIONS.stillNeed,
  // Leaving a queue concerns only the person pressing it (`pass on lab-3` typed there offers it), as does leaving the
  // queues taken by waiting for any testbed (Leave these queues, after passing on one of them).
  ACTIONS.unwait,
  ACTIONS.unwaitLabel,
  // The person's own bookings, typed there (`I'll be done at 4pm`, `purpose lab-3 …`): the testbed checks the holder.
  ACTIONS.doneBy,
  ACTIONS.changePurpose,
  // A problem with a testbed the person holds (`lab-3 is broken` typed there): the fleet checks the holder.
  ACTIONS.reportProblem,
  // Moving a booking the person holds to a free testbed (offered after such a report): the fleet checks the holder.
  ACTIONS.switch,
  ...ADMIN_ACTIONS,
]);

/**
 * The hand-off booking form's `register_submit` carries `form: "handoff"` in its data, so the bot
 * knows it from the register form wherever it is clicked (a 1:1 room may be on APPROVED_ROOMS too).
 * Forging it only makes a booking stricter: it then needs the stored offer.
 */
export const HANDOFF_FORM = { key: 'form', value: 'handoff' } as const;

export function isHandOffSubmission(inputs: unknown): boolean {
  try {
    return own(inputs, HANDOFF_FORM.key) === HANDOFF_FORM.value;
  } catch {
    return false;
  }
}

/** Input ids of the forms (never used as `data` keys). */
export const INPUT_IDS = {
  testbedId: 'testbed_id',
  purpose: 'purpose',
  releaseChoice: 'release_choice',
  releaseDate: 'release_date',
  releaseTime: 'release_time',
  feedbackText: 'feedback_text',
  /** What is wrong with a testbed, on the problem report form. */
  problem: 'problem',
  minutes: 'minutes',
  /** The register form's other choice: any free testbed carrying this label. */
  label: 'label',
} as const;

export const RELEASE_CHOICES = ['1h', '4h', 'eod', '1d', '3d', '1w', 'custom'] as const;

export const LIMITS = {
  purposeMax: 500,
  problemMax: 500,
  feedbackMax: 2000,
  maxDaysAhead: MAX_DAYS_AHEAD,
  maxStatusPage: 10_000,
  maxExtendMinutes: MAX_DAYS_AHEAD * 24 * 60,
  labelMax: LAB_LIMITS.labelMax,
  /** Characters of a person's name or email asked about (`what does Linus have`). */
  holderWordsMax: 120,
} as const;

/** What a label may look like (letters, digits, `.`, `_` and `-`): the rule of lab-rules.ts. */
export { LABEL_PATTERN };

/** The label as asked for (trimmed), when it can be a label at all; else null. */
export function readLabel(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const label = value.trim();
  return LABEL_PATTERN.test(label) ? label : null;
}

/** A form that came back with problems: what is wrong, and the values to put back. */
export type Invalid = { ok: false; errors: FormErrors; values: FormValues };

/** A booking of one testbed, or of any free testbed with a label. */
export type RegisterSubmission = { ok: true; form: RegisterForm | LabelRegisterForm } | Invalid;
export type ReleaseSubmission = { ok: true; form: { testbedId: number } } | Invalid;
export type FeedbackSubmission = { ok: true; text: string } | Invalid;

const KNOWN_ACTIONS: ReadonlySet<string> = new Set(Object.values(ACTIONS));
const ID_PATTERN = /^\d{1,9}$/;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function own(inputs: unknown, key: string): unknown {
  return isRecord(inputs) && Object.prototype.hasOwnProperty.call(inputs, key) ? inputs[key] : undefined;
}

export const chars = (text: string) => [...text].length;

/** The known input ids only, strings trimmed; other types kept so yup reports them. */
export function pick(inputs: unknown, fields: readonly string[]): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const field of fields) {
    const value = own(inputs, field);
    if (value !== undefined && value !== null) picked[field] = typeof value === 'string' ? value.trim() : value;
  }
  return picked;
}

/** What the user typed, to refill the form: strings only, each cut to a sane length. */
export function keep(inputs: unknown, fields: Record<string, number>): FormValues {
  const values: FormValues = {};
  for (const [field, max] of Object.entries(fields)) {
    const value = own(inputs, field);
    if (typeof value === 'string') values[field] = value.slice(0, max);
  }
  return values;
}

/** `context` reaches the schema's tests (the forms' schemas read the known testbed ids from it). */
export function validate(schema: yup.AnyObjectSchema, value: Record<string, unknown>, context?: KnownTestbeds): FormErrors {
  const errors: FormErrors = {};
  try {
    schema.validateSync(value, { abortEarly: false, strict: true, context });
  } catch (error) {
    if (!(error instanceof yup.ValidationError)) throw error;
    for (const problem of error.inner.length > 0 ? error.inner : [error]) {
      const path = problem.path ?? 'form';
      if (!Object.prototype.hasOwnProperty.call(errors, path)) errors[path] = problem.message;
    }
  }
  return errors;
}

export const READ_FAILURE = 'The form could not be read. Please fill it in again.';

/** The testbeds a form may name, handed to a schema built once through yup's `context`. */
export interface KnownTestbeds {
  knownIds: ReadonlySet<number>;
}

function idSchema(missing: string, isKnown: (id: number, context: unknown) => boolean) {
  return yup
    .string()
    .typeError('Choose a testbed from the list.')
    .required(missing)
    .matches(ID_PATTERN, 'Choose a testbed from the list.')
    .test('known', 'That testbed is not in the list any more. Please choose another one.', (value, test) =>
      value === undefined || !ID_PATTERN.test(value) || isKnown(Number(value), test.options.context),
    );
}

export function testbedIdSchema(knownTestbedIds: readonly number[], missing: string) {
  const known = new Set(knownTestbedIds);
  return idSchema(missing, (id) => known.has(id));
}

/** `testbedIdSchema` for schemas built once: the known ids come with each validation (`KnownTestbeds`). */
function knownIdSchema(missing: string) {
  return idSchema(missing, (id, context) => (context as KnownTestbeds).knownIds.has(id));
}

/** One set per frozen list of ids (the app hands the same one while the testbeds are unchanged); any other list gets its own. */
const knownSets = new WeakMap<readonly number[], KnownTestbeds>();
function knownTestbeds(knownTestbedIds: readonly number[]): KnownTestbeds {
  if (!Object.isFrozen(knownTestbedIds)) return { knownIds: new Set(knownTestbedIds) };
  let known = knownSets.get(knownTestbedIds);
  if (!known) knownSets.set(knownTestbedIds, (known = { knownIds: new Set(knownTestbedIds) }));
  return known;
}

const PICK_ONE = 'Choose a testbed or a label, not both.';
const PICK_ANY = 'Choose the testbed you want to book, or a label to get any free testbed with it.';

/** Exactly one of `testbed_id` and `label`: the one given is checked, and both or neither is the problem named on each. */
function buildRegisterSchema(chosen: { testbed: boolean; label: boolean }) {
  const text = (message: string) => yup.string().typeError(message);
  const label = text('Choose a label from the list.').matches(LABEL_PATTERN, `A label is 1 to ${LIMITS.labelMax} letters, digits, dots, underscores or hyphens.`);
  const both = (schema: yup.StringSchema<string | undefined>) => schema.test('one', PICK_ONE, () => !(chosen.testbed && chosen.label));
  return yup.object({
    testbed_id: chosen.label
      ? both(text('Choose a testbed from the list.'))
      : knownIdSchema(PICK_ANY),
    label: chosen.testbed ? both(text('Choose a label from the list.')) : label,
    purpose: text('Tell us what you need the testbed for.')
      .required('Tell us what you need the testbed for.')
      .test('length', ({ value }) => `Keep the purpose to ${LIMITS.purposeMax} characters (you typed ${chars(String(value))}).`,
        (value) => value === undefined || chars(value) <= LIMITS.purposeMax),
    release_choice: text('Choose when you expect to release it.').oneOf(
      [...RELEASE_CHOICES, ''],
      'Choose when you expect to release it.',
    ),
    release_date: text('Pick the date from the calendar.'),
    release_time: text('Pick the time from the clock.'),
  });
}

// Built once per combination of what was chosen (yup schemas are costly to build).
const registerSchemas = new Map<string, ReturnType<typeof buildRegisterSchema>>();

export function registerSchema(chosen: { testbed: boolean; label: boolean }) {
  const key = `${chosen.testbed} ${chosen.label}`;
  let schema = registerSchemas.get(key);
  if (!schema) {
    schema = buildRegisterSchema(chosen);
    registerSchemas.set(key, schema);
  }
  return schema;
}

const REGISTER_FIELDS = ['testbed_id', 'label', 'purpose', 'release_choice', 'release_date', 'release_time'] as const;
const RELEASE_CHOICE_SET: ReadonlySet<string> = new Set(RELEASE_CHOICES);

/** A testbed id a form may name, by the schema's own rule (digits only, a known testbed). */
const plainKnownId = (value: unknown, known: KnownTestbeds) => typeof value === 'string' && ID_PATTERN.test(value) && known.knownIds.has(Number(value));

/**
 * True only for the everyday register form the schema surely accepts: one known testbed chosen, no
 * label, a purpose within its limit, a release choice from the list. It says false whenever in doubt,
 * and the schema then decides and names each problem; it never says true where the schema would
 * refuse (a test holds it to that).
 */
export function plainRegisterForm(picked: Readonly<Record<string, unknown>>, known: KnownTestbeds): boolean {
  const { testbed_id: id, label, purpose, release_choice: choice, release_date: date, release_time: time } = picked;
  return (
    label === undefined &&
    plainKnownId(id, known) &&
    typeof purpose === 'string' && purpose !== '' && chars(purpose) <= LIMITS.purposeMax &&
    typeof choice === 'string' && (choice === '' || RELEASE_CHOICE_SET.has(choice)) &&
    (date === undefined || typeof date === 'string') &&
    (time === undefined || typeof time === 'string')
  );
}
const REGISTER_KEEP = { testbed_id: 20, label: LIMITS.labelMax, purpose: LIMITS.purposeMax, release_choice: 20, release_date: 20, release_time: 20 };

/** A choice counts as made when it is present and not blank (an empty picker sends ""). */
const given = (value: unknown) => value !== undefined && value !== '';

export function parseRegisterSubmission(
  inputs: Record<string, unknown>,
  ctx: { now: string; timeZone: string; knownTestbedIds: readonly number[] },
): RegisterSubmission {
  try {
    const values = keep(inputs, REGISTER_KEEP);
    const picked = pick(inputs, REGISTER_FIELDS);
    const chosen = { testbed: given(picked.testbed_id), label: given(picked.label) };
    // Blank means "not chosen": only the chosen one is checked.
    for (const field of ['testbed_id', 'label'] as const) if (picked[field] === '') delete picked[field];
    const known = knownTestbeds(ctx.knownTestbedIds);
    const errors = plainRegisterForm(picked, known) ? {} : validate(registerSchema(chosen), picked, known);
    const timing = ['release_choice', 'release_date', 'release_time'].some((field) => field in errors);
    let expectedRelease = '';
    if (!timing) {
      const str = (field: string) => (typeof picked[field] === 'string' ? (picked[field] as string) : '');
      const resolved = resolveRelease(str('release_choice'), str('release_date'), str('release_time'), ctx.now, ctx.timeZone);
      if (resolved.ok) expectedRelease = resolved.iso;
      else errors[resolved.field] = resolved.message;
    }
    if (Object.keys(errors).length > 0) return { ok: false, errors, values };
    const purpose = String(picked.purpose);
    if (chosen.label) return { ok: true, form: { label: String(picked.label), purpose, expectedRelease } };
    return { ok: true, form: { testbedId: Number(picked.testbed_id), purpose, expectedRelease } };
  } catch {
    return { ok: false, errors: { form: READ_FAILURE }, values: {} };
  }
}

const RELEASE_SCHEMA = yup.object({ testbed_id: knownIdSchema('Choose the testbed to release.') });

export function parseReleaseSubmission(
  inputs: Record<string, unknown>,
  ctx: { knownTestbedIds: readonly number[] },
): ReleaseSubmission {
  try {
    const values = keep(inputs, { testbed_id: 20 });
    const picked = pick(inputs, ['testbed_id']);
    const known = knownTestbeds(ctx.knownTestbedIds);
    const errors = plainKnownId(picked.testbed_id, known) ? {} : validate(RELEASE_SCHEMA, picked, known);
    if (Object.keys(errors).length > 0) return { ok: false, errors, values };
    return { ok: true, form: { testbedId: Number(picked.testbed_id) } };
  } catch {
    return { ok: false, errors: { form: READ_FAILURE }, values: {} };
  }
}

export type PurposeSubmission = { ok: true; testbedId: number; purpose: string } | Invalid;

const PURPOSE_SCHEMA = yup.object({
  testbed_id: knownIdSchema('Choose the booking whose purpose you want to change.'),
  purpose: yup
    .string()
    .typeError('Tell people what the testbed is doing now.')
    .required('Tell people what the testbed is doing now.')
    .test('length', ({ value }) => `Keep the purpose to ${LIMITS.purposeMax} characters (you typed ${chars(String(value))}).`, (value) => value === undefined || chars(value) <= LIMITS.purposeMax),
});

/** `change_purpose`: one of the testbeds and the new purpose (whether the person holds it is the testbed's to say). */
export function parsePurposeSubmission(inputs: Record<string, unknown>, ctx: { knownTestbedIds: readonly number[] }): PurposeSubmission {
  try {
    const values = keep(inputs, { testbed_id: 20, purpose: LIMITS.purposeMax });
    const picked = pick(inputs, ['testbed_id', 'purpose']);
    const errors = validate(PURPOSE_SCHEMA, picked, knownTestbeds(ctx.knownTestbedIds));
    if (Object.keys(errors).length > 0) return { ok: false, errors, values };
    return { ok: true, testbedId: Number(picked.testbed_id), purpose: String(picked.purpose) };
  } catch {
    return { ok: false, errors: { form: READ_FAILURE }, values: {} };
  }
}

/**
 * A button about one testbed carrying one more value (an instant, an email, what is wrong): the testbed checked as
 * every form checks it. Never throws: inputs it cannot read are a form it could not read.
 */
const TESTBED_SCHEMAS = new Map<string, yup.AnyObjectSchema>();

function testbedAnd<T>(
  inputs: Record<string, unknown>,
  knownTestbedIds: readonly number[],
  p: { missing: string; keep: Record<string, number>; field: string; read: (value: unknown) => T | null; unreadable: string },
): { ok: true; testbedId: number; value: T } | Invalid {
  try {
    const values = keep(inputs, p.keep);
    let schema = TESTBED_SCHEMAS.get(p.missing);
    if (!schema) TESTBED_SCHEMAS.set(p.missing, (schema = yup.object({ testbed_id: knownIdSchema(p.missing) })));
    const errors = validate(schema, pick(inputs, ['testbed_id']), knownTestbeds(knownTestbedIds));
    const value = p.read(own(inputs, p.field));
    if (value === null) errors[p.field] = p.unreadable;
    if (Object.keys(errors).length > 0 || value === null) return { ok: false, errors, values };
    return { ok: true, testbedId: Number(inputs.testbed_id), value };
  } catch {
    return { ok: false, errors: { form: READ_FAILURE }, values: {} };
  }
}

/** An instant as a button carries it (ISO 8601), or null. */
const buttonInstant = (value: unknown): string | null => {
  const at = typeof value === 'string' && value.length <= 40 ? parseIso(value) : null;
  return at === null ? null : isoFromMs(at);
};

export type DoneBySubmission = { ok: true; testbedId: number; until: string } | Invalid;

/** `done_by`: one of the testbeds and the instant (whether it is earlier than the booking runs, and still ahead, the testbed decides). */
export function parseDoneBySubmission(inputs: Record<string, unknown>, ctx: { knownTestbedIds: readonly number[] }): DoneBySubmission {
  const read = testbedAnd(inputs, ctx.knownTestbedIds, {
    missing: 'Choose the testbed you will be done with.',
    keep: { testbed_id: 20, until: 40 },
    field: 'until',
    read: buttonInstant,
    unreadable: 'The time could not be read. Type it again, for example: I will be done with lab-3 at 16:00.',
  });
  return read.ok ? { ok: true, testbedId: read.testbedId, until: read.value } : read;
}

export type HandOverSubmission = { ok: true; testbedId: number; toEmail: string } | Invalid;

/** `hand_over`: one of the testbeds and the colleague's email (who that is, the platform says when it is pressed). */
export function parseHandOverSubmission(inputs: Record<string, unknown>, ctx: { knownTestbedIds: readonly number[] }): HandOverSubmission {
  const read = testbedAnd(inputs, ctx.knownTestbedIds, {
    missing: 'Choose the testbed to hand over.',
    keep: { testbed_id: 20, to_email: 254 },
    field: 'to_email',
    read: readEmail,
    unreadable: 'The colleague could not be read. Type give, the testbed and their email again.',
  });
  return read.ok ? { ok: true, testbedId: read.testbedId, toEmail: read.value } : read;
}

export type HandOverAllSubmission = { ok: true; toEmail: string } | Invalid;

/** `hand_over_all`: the colleague's email, as the card that named them carries it. */
export function parseHandOverAllSubmission(inputs: Record<string, unknown>): HandOverAllSubmission {
  try {
    const values = keep(inputs, { to_email: 254 });
    const email = readEmail(own(inputs, 'to_email'));
    return email === null ? { ok: false, errors: { to_email: 'The colleague could not be read. Type give all my testbeds to and their email again.' }, values } : { ok: true, toEmail: email };
  } catch {
    return { ok: false, errors: { form: READ_FAILURE }, values: {} };
  }
}

export type BookingForSubmission = { ok: true; forPerson?: { email: string; name: string } } | { ok: false; message: string };

/**
 * The colleague a booking form is for, as its **Register for …** carries them (`for_email`, and `for_name` to show
 * again should the form come back): none when the button carries no `for_email`. Who that is, the platform says when
 * it is booked; the name is only shown.
 */
export function parseBookingFor(inputs: Record<string, unknown>): BookingForSubmission {
  const typed = own(inputs, 'for_email');
  if (typed === undefined) return { ok: true };
  const email = readEmail(typed);
  if (email === null) return { ok: false, message: 'The colleague this booking is for could not be read: type book, the testbed and their email again.' };
  const name = own(inputs, 'for_name');
  const shown = typeof name === 'string' && name.trim() !== '' ? name.trim().slice(0, 120) : email;
  return { ok: true, forPerson: { email, name: shown } };
}

/** An email as a hand-over button carries it, or null. */
function readEmail(value: unknown): string | null {
  const email = typeof value === 'string' ? value.trim() : '';
  return /^[^\s@]{1,64}@[^\s@]{1,189}$/.test(email) ? email : null;
}

export type SwitchSubmission = { ok: true; testbedId: number; toTestbedId: number; until?: string; purpose?: string } | Invalid;

/** `switch`: the booking to move (`testbed_id`) and the testbed to move it to (`to_testbed_id`), both in the lab. */
export function parseSwitchSubmission(inputs: Record<string, unknown>, ctx: { knownTestbedIds: readonly number[] }): SwitchSubmission {
  const read = testbedAnd(inputs, ctx.knownTestbedIds, {
    missing: 'Choose the booking to move.',
    keep: { testbed_id: 20, to_testbed_id: 20, until: 40, purpose: LIMITS.purposeMax + 100 },
    field: 'to_testbed_id',
    read: (value) => {
      const id = typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : NaN;
      return ctx.knownTestbedIds.includes(id) ? id : null;
    },
    unreadable: 'The testbed to move to is not in the list any more. Type status to see the testbeds.',
  });
  if (!read.ok) return read;
  const values = () => keep(inputs, { testbed_id: 20, to_testbed_id: 20, until: 40, purpose: LIMITS.purposeMax + 100 });
  // A time typed with the switch (`switch to lab-5 until 18:00`); whether it is still ahead, the fleet decides.
  const typed = own(inputs, 'until');
  const until = typed === undefined || typed === '' ? undefined : buttonInstant(typed);
  if (until === null) return { ok: false, errors: { until: 'The time could not be read. Type switch, the testbed and the time again.' }, values: values() };
  // A purpose typed with it (`switch to lab-5 for the soak`): within the limit a booking's purpose has.
  const said = own(inputs, 'purpose');
  const purpose = typeof said === 'string' ? said.trim() : undefined;
  if (said !== undefined && (purpose === undefined || purpose === '' || purpose.length > LIMITS.purposeMax)) {
    return { ok: false, errors: { purpose: `A purpose may be at most ${LIMITS.purposeMax} characters. Type switch, the testbed and the purpose again.` }, values: values() };
  }
  return { ok: true, testbedId: read.testbedId, toTestbedId: read.value, ...(until === undefined ? {} : { until }), ...(purpose === undefined ? {} : { purpose }) };
}

export type ProblemSubmission = { ok: true; testbedId: number; text: string } | Invalid;

/** The problem report form: the testbed (from the button's data) and what is wrong, 1 to 500 characters. */
export function parseProblemSubmission(inputs: Record<string, unknown>, ctx: { knownTestbedIds: readonly number[] }): ProblemSubmission {
  const read = testbedAnd(inputs, ctx.knownTestbedIds, {
    missing: 'Choose the testbed that has the problem.',
    keep: { testbed_id: 20, problem: LIMITS.problemMax + 100 },
    field: INPUT_IDS.problem,
    read: (value) => {
      const text = typeof value === 'string' ? value.trim() : '';
      return text !== '' && text.length <= LIMITS.problemMax ? text : null;
    },
    unreadable: `Say what is wrong, in at most ${LIMITS.problemMax} characters.`,
  });
  return read.ok ? { ok: true, testbedId: read.testbedId, text: read.value } : read;
}

export type TestbedChoice = { ok: true; testbedId: number } | Invalid;
export type ExtendSubmission = ({ ok: true; testbedId: number } & ExtendBy) | Invalid;

const CHOICE_SCHEMA = yup.object({ testbed_id: knownIdSchema('Choose a testbed first.') });

/** A button about one testbed (`wait`, `unwait`, `ask_holder`, `decline_offer`, `still_need`). */
export function parseTestbedChoice(inputs: Record<string, unknown>, ctx: { knownTestbedIds: readonly number[] }): TestbedChoice {
  try {
    const values = keep(inputs, { testbed_id: 20 });
    const picked = pick(inputs, ['testbed_id']);
    const errors = validate(CHOICE_SCHEMA, picked, knownTestbeds(ctx.knownTestbedIds));
    if (Object.keys(errors).length > 0) return { ok: false, errors, values };
    return { ok: true, testbedId: Number(picked.testbed_id) };
  } catch {
    return { ok: false, errors: { form: READ_FAILURE }, values: {} };
  }
}

/**
 * `extend`: a known testbed and a whole number of minutes from 1 to 90 days, or (`extend lab-3 until
 * 18:00`) the instant it should run until, as the button carries it (whether that instant is later
 * than the booking runs already, and within 90 days, the testbed decides: it knows the booking).
 */
export function parseExtendSubmission(inputs: Record<string, unknown>, ctx: { knownTestbedIds: readonly number[] }): ExtendSubmission {
  try {
    const values = keep(inputs, { testbed_id: 20, minutes: 20, until: 40 });
    if (inputs.until !== undefined && inputs.minutes === undefined) {
      const read = testbedAnd(inputs, ctx.knownTestbedIds, {
        missing: 'Choose the testbed to extend.',
        keep: { testbed_id: 20, minutes: 20, until: 40 },
        field: 'until',
        read: buttonInstant,
        unreadable: 'The time to extend to could not be read. Type extend and the testbed again.',
      });
      return read.ok ? { ok: true, testbedId: read.testbedId, until: read.value } : read;
    }
    const picked = pick(inputs, ['testbed_id', 'minutes']);
    if (typeof picked.minutes === 'number') picked.minutes = String(picked.minutes);
    const schema = yup.object({ testbed_id: testbedIdSchema(ctx.knownTestbedIds, 'Choose the testbed to extend.'), minutes: minutesSchema() });
    const errors = validate(schema, picked);
    if (Object.keys(errors).length > 0) return { ok: false, errors, values };
    return { ok: true, testbedId: Number(picked.testbed_id), minutes: Number(picked.minutes) };
  } catch {
    return { ok: false, errors: { form: READ_FAILURE }, values: {} };
  }
}

/** How many minutes an Extend button adds: a whole number from 1 to 90 days' worth. */
function minutesSchema() {
  return yup
    .string()
    .typeError('Say by how many minutes to extend.')
    .required('Say by how many minutes to extend.')
    .matches(/^\d{1,7}$/, 'The extension must be a whole number of minutes.')
    .test('range', `The extension must be from 1 minute to ${LIMITS.maxDaysAhead} days.`, (value) =>
      value === undefined || !/^\d{1,7}$/.test(value) || (Number(value) >= 1 && Number(value) <= LIMITS.maxExtendMinutes));
}

export type AdminExtendSubmission = ({ ok: true; testbedId: number; holderEmail: string } & ExtendBy) | Invalid;

/** `admin_extend`: an Extend for somebody else's booking, and whose booking it was when the card showed it. */
export function parseAdminExtendSubmission(inputs: Record<string, unknown>, ctx: { knownTestbedIds: readonly number[] }): AdminExtendSubmission {
  // The testbed is `for_testbed_id`: the card may carry a picker of the admin's own bookings, whose input is `testbed_id`.
  const asked: Record<string, unknown> = {};
  for (const key of ['minutes', 'until']) if (own(inputs, key) !== undefined) asked[key] = own(inputs, key);
  if (own(inputs, 'for_testbed_id') !== undefined) asked.testbed_id = own(inputs, 'for_testbed_id');
  const extend = parseExtendSubmission(asked, ctx);
  if (!extend.ok) return extend;
  try {
    const holderEmail = readEmail(own(inputs, 'holder_email'));
    if (holderEmail === null) return { ok: false, errors: { holder_email: 'Whose booking to extend could not be read. Type extend and the testbed again.' }, values: {} };
    return { ...extend, holderEmail };
  } catch {
    return { ok: false, errors: { form: READ_FAILURE }, values: {} };
  }
}

export type AdminExtendAllSubmission = ({ ok: true; holderEmail: string } & ExtendBy) | Invalid;

/** `admin_extend_all`: whose bookings, and the length or instant, as `extend_all` carries them. */
export function parseAdminExtendAllSubmission(inputs: Record<string, unknown>): AdminExtendAllSubmission {
  const extend = parseExtendAllSubmission(inputs);
  if (!extend.ok) return extend;
  const holderEmail = readEmail(own(inputs, 'holder_email'));
  if (holderEmail === null) return { ok: false, errors: { holder_email: 'Whose bookings to extend could not be read. Type extend, their name and the time again.' }, values: {} };
  return { ...extend, holderEmail };
}

export type AdminHandOverSubmission = { ok: true; testbedId: number; holderEmail: string; toEmail: string } | Invalid;

/** `admin_hand_over`: a Hand over for somebody else's booking, whose booking it was, and the colleague it goes to. */
export function parseAdminHandOverSubmission(inputs: Record<string, unknown>, ctx: { knownTestbedIds: readonly number[] }): AdminHandOverSubmission {
  try {
    const testbedId = Number(own(inputs, 'for_testbed_id'));
    if (!/^\d{1,9}$/.test(String(own(inputs, 'for_testbed_id') ?? '').trim()) || !ctx.knownTestbedIds.includes(testbedId)) {
      return { ok: false, errors: { for_testbed_id: 'That testbed is not in the list any more. Type give and the testbed again.' }, values: {} };
    }
    const holderEmail = readEmail(own(inputs, 'holder_email'));
    const toEmail = readEmail(own(inputs, 'to_email'));
    if (holderEmail === null || toEmail === null) {
      return { ok: false, errors: { to_email: 'Whose booking to hand over, or to whom, could not be read. Type give and the testbed again.' }, values: {} };
    }
    return { ok: true, testbedId, holderEmail, toEmail };
  } catch {
    return { ok: false, errors: { form: READ_FAILURE }, values: {} };
  }
}

export type ExtendAllSubmission = ({ ok: true } & ExtendBy) | Invalid;

/** `extend_all`: the length (`minutes`) or the instant (`until`) every booking of the presser is extended by, or to. */
export function parseExtendAllSubmission(inputs: Record<string, unknown>): ExtendAllSubmission {
  try {
    const values = keep(inputs, { minutes: 20, until: 40 });
    if (inputs.until !== undefined && inputs.minutes === undefined) {
      const until = buttonInstant(own(inputs, 'until'));
      return until === null ? { ok: false, errors: { until: 'The time to extend to could not be read. Type extend all and the time again.' }, values } : { ok: true, until };
    }
    const picked = pick(inputs, ['minutes']);
    if (typeof picked.minutes === 'number') picked.minutes = String(picked.minutes);
    const errors = validate(yup.object({ minutes: minutesSchema() }), picked);
    return Object.keys(errors).length > 0 ? { ok: false, errors, values } : { ok: true, minutes: Number(picked.minutes) };
  } catch {
    return { ok: false, errors: { form: READ_FAILURE }, values: {} };
  }
}

export function parseFeedbackSubmission(inputs: Record<string, unknown>): FeedbackSubmission {
  try {
    const values = keep(inputs, { feedback_text: LIMITS.feedbackMax });
    const picked = pick(inputs, ['feedback_text']);
    const schema = yup.object({
      feedback_text: yup
        .string()
        .typeError('Type your feedback in the text box.')
        .required('Please write a few words of feedback first.')
        .test('length', `Keep your feedback to ${LIMITS.feedbackMax} characters.`,
          (value) => value === undefined || chars(value) <= LIMITS.feedbackMax),
    });
    const errors = validate(schema, picked);
    if (Object.keys(errors).length > 0) return { ok: false, errors, values };
    return { ok: true, text: String(picked.feedback_text) };
  } catch {
    return { ok: false, errors: { form: READ_FAILURE }, values: {} };
  }
}

/** The submit's `action` when it is one of the known card actions, else null. */
export function readAction(inputs: unknown): string | null {
  try {
    const action = own(inputs, 'action');
    return typeof action === 'string' && KNOWN_ACTIONS.has(action) ? action : null;
  } catch {
    return null;
  }
}

/** The `days` of a `report` submit: 30 when it says 30 (number or digits), else 7. */
export function parseReportDays(inputs: unknown): 7 | 30 {
  try {
    const raw = own(inputs, 'days');
    return raw === 30 || raw === '30' ? 30 : 7;
  } catch {
    return 7;
  }
}

/** The `label` of a `status_page` submit (the filter the page buttons keep), when it is one; else undefined. */
export function readStatusLabel(inputs: unknown): string | undefined {
  try {
    return readLabel(own(inputs, 'label')) ?? undefined;
  } catch {
    return undefined;
  }
}

/** The `holder` of a `status_page` button on a person's bookings (`what does Linus have`): the words asked about, when usable. */
export function readStatusHolder(inputs: unknown): string | undefined {
  try {
    const raw = own(inputs, 'holder');
    if (typeof raw !== 'string') return undefined;
    const words = raw.replace(/\s+/g, ' ').trim();
    return words.length >= 1 && words.length <= LIMITS.holderWordsMax && !/[\u0000-\u001f\u007f]/.test(words) ? words : undefined;
  } catch {
    return undefined;
  }
}

/** The `start_on` of a `register` or `release` button (a testbed id, number or digits), when it is one; else undefined. */
export function readStartOn(inputs: unknown): number | undefined {
  return readIdAt(inputs, 'start_on');
}

/**
 * What a `register` button that books a testbed again (**Book it again**) carries besides `start_on`: the purpose
 * and the expected release (ISO 8601) of the booking just released, each when it reads as one.
 */
export function readBookAgain(inputs: unknown): { purpose?: string; until?: string } {
  try {
    const purpose = own(inputs, 'purpose');
    const until = buttonInstant(own(inputs, 'until'));
    const text = typeof purpose === 'string' && purpose.trim() !== '' && purpose.length <= LIMITS.purposeMax ? purpose.trim() : undefined;
    return { ...(text === undefined ? {} : { purpose: text }), ...(until === null ? {} : { until }) };
  } catch {
    return {};
  }
}

/**
 * The `status_of` of a `status` button about one testbed (`Its status` on a hint), when it is one; else
 * undefined. A key no input has, so a picker's `testbed_id` sent along by a client never narrows the status.
 */
export function readStatusOf(inputs: unknown): number | undefined {
  return readIdAt(inputs, 'status_of');
}

function readIdAt(inputs: unknown, key: string): number | undefined {
  try {
    const raw = own(inputs, key);
    const id = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
    return Number.isSafeInteger(id) && id >= 1 ? id : undefined;
  } catch {
    return undefined;
  }
}

/** The `page` of a `status_page` submit (1-based; numbers or digit strings), else 1. */
export function readStatusPage(inputs: unknown): number {
  try {
    const raw = own(inputs, 'page');
    const page = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,6}$/.test(raw) ? Number(raw) : NaN;
    return Number.isInteger(page) && page >= 1 && page <= LIMITS.maxStatusPage ? page : 1;
  } catch {
    return 1;
  }
}
