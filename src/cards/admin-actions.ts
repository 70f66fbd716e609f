/**
 * The admin card's submissions: which task a button names, and each task's inputs checked into an
 * `AdminRequest`, or the problems (named per input) with the values to put back into the form.
 *
 * Pure and never throws. Only the task's own input ids are read, as own properties: who is asking
 * is never read from a form (the admin check uses the clicker's platform profile).
 */
import * as yup from 'yup';
import type { AdminRequest, AdminTask, FormErrors, FormValues } from '../domain.js';
import { ACTIONS, READ_FAILURE, chars, keep, own, pick, testbedIdSchema, validate, type Invalid } from './actions.js';
import { LAB_LIMITS } from '../lab-rules.js';
import { UNTIL_DAYS_AHEAD, parseUntil } from './admin-until.js';

/** The tasks in the order the admin card offers them. */
export const ADMIN_TASKS: readonly AdminTask[] = [
  ACTIONS.testbedAdd,
  ACTIONS.testbedRename,
  ACTIONS.testbedEdit,
  ACTIONS.testbedRetire,
  ACTIONS.maintenanceStart,
  ACTIONS.maintenanceEnd,
  ACTIONS.forceRelease,
];

/** Input ids of the admin forms (`testbed_id` is shared with the booking forms). */
export const ADMIN_INPUT_IDS = {
  testbedId: 'testbed_id',
  testbedName: 'testbed_name',
  labels: 'labels',
  description: 'description',
  reason: 'reason',
  until: 'until',
} as const;

/** The data key of an `admin_form` button that names the form to open. */
export const ADMIN_FORM_KEY = 'form';

/** The lab's own rules (lab-rules.ts, which the store enforces too), and the admin card's. */
export const ADMIN_LIMITS = {
  /** Characters of a name typed on the admin card (a phone's picker shows little more). */
  nameMax: 64,
  labelMax: LAB_LIMITS.labelMax,
  labelsMax: LAB_LIMITS.labelsMax,
  descriptionMax: LAB_LIMITS.descriptionMax,
  reasonMax: LAB_LIMITS.reasonMax,
  /** `until` may lie at most this many days ahead. */
  untilDaysAhead: UNTIL_DAYS_AHEAD,
} as const;

/**
 * A description or reason is measured as the store measures it (UTF-16 units: an emoji counts
 * two), so whatever passes here is also accepted when it is written.
 */
const storedLength = (text: string) => text.length;

/** The inputs each form has, in the order the form shows them. */
export const ADMIN_FORM_INPUTS: Record<AdminTask, readonly string[]> = {
  testbed_add: ['testbed_name', 'labels', 'description'],
  testbed_rename: ['testbed_id', 'testbed_name'],
  testbed_edit: ['testbed_id', 'labels', 'description'],
  testbed_retire: ['testbed_id'],
  maintenance_start: ['testbed_id', 'reason', 'until'],
  maintenance_end: ['testbed_id'],
  force_release: ['testbed_id', 'reason'],
};

/** How much of each typed value is kept to refill a form that came back with problems. */
const KEEP: Record<string, number> = {
  testbed_id: 20,
  testbed_name: 200,
  labels: 600,
  description: 400,
  reason: 600,
  until: 60,
};

export type AdminSubmission = { ok: true; request: AdminRequest } | (Invalid & { task: AdminTask });

export interface AdminParseContext {
  /** ISO 8601 UTC: when the click arrived. */
  now: string;
  /** DISPLAY_TIMEZONE: how a `YYYY-MM-DD HH:MM` without a zone is read. */
  timeZone: string;
  knownTestbedIds: readonly number[];
}

const TASKS: ReadonlySet<string> = new Set(ADMIN_TASKS);

export function isAdminTask(value: unknown): value is AdminTask {
  return typeof value === 'string' && TASKS.has(value);
}

/** The form an `admin_form` button asks for, or null when its data names none the card has. */
export function readAdminForm(inputs: unknown): AdminTask | null {
  try {
    const form = own(inputs, ADMIN_FORM_KEY);
    return isAdminTask(form) ? form : null;
  } catch {
    return null;
  }
}

/* ------------------------------------------------------------------------------------------- */

// Line breaks (any kind) and other control characters: a name is one line of visible text.
// eslint-disable-next-line no-control-regex
const LINE_BREAK = /[\n\r\u0085\u2028\u2029]/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

function nameSchema(missing: string) {
  return yup
    .string()
    .typeError(missing)
    .required(missing)
    .test('one-line', 'The name must fit on one line (no line breaks).', (value) => value === undefined || !LINE_BREAK.test(value))
    .test('visible', 'The name contains an invisible control character; please type it again.', (value) => value === undefined || !CONTROL.test(value))
    .test('length', ({ value }) => `Keep the name to ${ADMIN_LIMITS.nameMax} characters (you typed ${chars(String(value))}).`,
      (value) => value === undefined || chars(value) <= ADMIN_LIMITS.nameMax);
}

function reasonSchema(missing: string) {
  return yup
    .string()
    .typeError(missing)
    .required(missing)
    .test('length', ({ value }) => `Keep the reason to ${ADMIN_LIMITS.reasonMax} characters (you typed ${storedLength(String(value))}).`,
      (value) => value === undefined || storedLength(value) <= ADMIN_LIMITS.reasonMax);
}

const LABEL = /^[A-Za-z0-9._-]+$/;

export type LabelsResult = { ok: true; labels: string[] } | { ok: false; message: string };

/**
 * Comma-separated labels: each 1 to 32 letters, digits, `.`, `_` or `-`; at most 10. Empty items
 * are skipped, and a label given twice (ignoring case) is kept once, as first typed.
 */
export function parseLabels(text: string): LabelsResult {
  const labels: string[] = [];
  const seen = new Set<string>();
  for (const item of text.split(',').map((part) => part.trim())) {
    if (item === '') continue;
    if (chars(item) > ADMIN_LIMITS.labelMax) {
      return { ok: false, message: `Each label may have at most ${ADMIN_LIMITS.labelMax} characters; "${item.slice(0, 40)}…" has ${chars(item)}.` };
    }
    if (!LABEL.test(item)) {
      return {
        ok: false,
        message: `Labels may use only letters, digits, ".", "_" and "-", separated by commas; "${item}" is not one.`,
      };
    }
    const key = item.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    labels.push(item);
  }
  if (labels.length > ADMIN_LIMITS.labelsMax) {
    return { ok: false, message: `A testbed may have at most ${ADMIN_LIMITS.labelsMax} labels (you gave ${labels.length}).` };
  }
  return { ok: true, labels };
}

/* ------------------------------------------------------------------------------------------- */

const TESTBED_MISSING: Record<AdminTask, string> = {
  testbed_add: '',
  testbed_rename: 'Choose the testbed to rename.',
  testbed_edit: 'Choose the testbed to edit.',
  testbed_retire: 'Choose the testbed to retire.',
  maintenance_start: 'Choose the testbed that goes into maintenance.',
  maintenance_end: 'Choose the testbed that is back in service.',
  force_release: 'Choose the testbed to force release.',
};

const text = (message: string) => yup.string().typeError(message);

/** A testbed's labels and description, as the add and edit forms take them (both optional). */
const detailsSchema = () => ({
  labels: text('Type the labels as words separated by commas.'),
  description: text('Type the description as text.').test(
    'length',
    ({ value }) => `Keep the description to ${ADMIN_LIMITS.descriptionMax} characters (you typed ${storedLength(String(value))}).`,
    (value) => value === undefined || storedLength(value) <= ADMIN_LIMITS.descriptionMax,
  ),
});

function schemaFor(task: AdminTask, knownTestbedIds: readonly number[]): yup.AnyObjectSchema {
  const testbedId = testbedIdSchema(knownTestbedIds, TESTBED_MISSING[task]);
  switch (task) {
    case 'testbed_add':
      return yup.object({ testbed_name: nameSchema('Give the new testbed a name.'), ...detailsSchema() });
    case 'testbed_rename':
      return yup.object({ testbed_id: testbedId, testbed_name: nameSchema('Type the new name.') });
    case 'testbed_edit':
      return yup.object({ testbed_id: testbedId, ...detailsSchema() });
    case 'testbed_retire':
    case 'maintenance_end':
      return yup.object({ testbed_id: testbedId });
    case 'maintenance_start':
      return yup.object({
        testbed_id: testbedId,
        reason: reasonSchema('Say why it goes into maintenance (people will see the reason).'),
        until: text('Type the expected end as a date and time.'),
      });
    case 'force_release':
      return yup.object({ testbed_id: testbedId, reason: reasonSchema('Say why you force release it (the holder will read the reason).') });
  }
}

/** The request a valid form makes (the fields have passed their checks). */
function requestOf(task: AdminTask, picked: Record<string, unknown>, labels: string[], until: string | null): FormRequest {
  const str = (field: string) => (typeof picked[field] === 'string' ? (picked[field] as string) : '');
  const testbedId = Number(picked.testbed_id);
  const description = str('description').trim() === '' ? null : str('description');
  switch (task) {
    case 'testbed_add':
      return { type: 'add', name: str('testbed_name'), labels, description };
    case 'testbed_rename':
      return { type: 'rename', testbedId, name: str('testbed_name') };
    case 'testbed_edit':
      return { type: 'edit', testbedId, labels, description };
    case 'testbed_retire':
      return { type: 'retire', testbedId };
    case 'maintenance_start':
      return { type: 'maintenanceStart', testbedId, reason: str('reason'), until };
    case 'maintenance_end':
      return { type: 'maintenanceEnd', testbedId };
    case 'force_release':
      return { type: 'forceRelease', testbedId, reason: str('reason') };
  }
}

/** One task's submission: the request, or every problem named per input with the values kept. */
export function parseAdminSubmission(task: AdminTask, inputs: Record<string, unknown>, ctx: AdminParseContext): AdminSubmission {
  const fields = ADMIN_FORM_INPUTS[task];
  try {
    const values: FormValues = keep(inputs, Object.fromEntries(fields.map((field) => [field, KEEP[field]])));
    const picked = pick(inputs, fields);
    // An edit without its two boxes is no Save of empty ones (it would clear both): the form comes back instead.
    if (task === 'testbed_edit' && !['labels', 'description'].every((field) => own(inputs, field) !== undefined)) {
      return { ok: false, task, errors: { form: READ_FAILURE }, values };
    }
    const errors: FormErrors = validate(schemaFor(task, ctx.knownTestbedIds), picked);
    let labels: string[] = [];
    if (typeof picked.labels === 'string' && !Object.hasOwn(errors, 'labels')) {
      const result = parseLabels(picked.labels);
      if (result.ok) labels = result.labels;
      else errors.labels = result.message;
    }
    let until: string | null = null;
    if (typeof picked.until === 'string' && !Object.hasOwn(errors, 'until')) {
      const result = parseUntil(picked.until, ctx.now, ctx.timeZone);
      if (result.ok) until = result.iso;
      else errors.until = result.message;
    }
    if (Object.keys(errors).length > 0) return { ok: false, task, errors, values };
    return { ok: true, request: requestOf(task, picked, labels, until) };
  } catch {
    return { ok: false, task, errors: { form: READ_FAILURE }, values: {} };
  }
}

/** A request one of the admin card's forms makes (extensions and a hand-over come from buttons of their own). */
export type FormRequest = Exclude<AdminRequest, { type: 'extend' | 'extendAll' | 'handOver' }>;

/** The values a form shows again for a request (the admin card puts them back after a refusal). */
export function valuesOfRequest(request: FormRequest): FormValues {
  switch (request.type) {
    case 'add':
      return { testbed_name: request.name, labels: request.labels.join(', '), description: request.description ?? '' };
    case 'rename':
      return { testbed_id: String(request.testbedId), testbed_name: request.name };
    case 'edit':
      return { testbed_id: String(request.testbedId), labels: request.labels.join(', '), description: request.description ?? '' };
    case 'maintenanceStart':
      return { testbed_id: String(request.testbedId), reason: request.reason };
    case 'forceRelease':
      return { testbed_id: String(request.testbedId), reason: request.reason };
    case 'retire':
    case 'maintenanceEnd':
      return { testbed_id: String(request.testbedId) };
  }
}

/** The task whose form makes `request`. */
export function taskOfRequest(request: FormRequest): AdminTask {
  const tasks: Record<FormRequest['type'], AdminTask> = {
    add: 'testbed_add',
    rename: 'testbed_rename',
    edit: 'testbed_edit',
    retire: 'testbed_retire',
    maintenanceStart: 'maintenance_start',
    maintenanceEnd: 'maintenance_end',
    forceRelease: 'force_release',
  };
  return tasks[request.type];
}
