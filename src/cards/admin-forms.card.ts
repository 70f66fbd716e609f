/**
 * The admin card's forms, one per task. Each has its own Submit whose `action` is the task
 * (`testbed_add`, `testbed_rename`, …), a Back button to the admin card and Cancel; a form that
 * came back with problems names them under each input and keeps what was typed. Testbed choices
 * list the current records that fit the task. Pure; `now` and the zone come in.
 */
import type { AdminTask, FormErrors, FormValues, TestbedRecord } from '../domain.js';
import type { AdaptiveCardJson } from '../platform/port.js';
import { ACTIONS } from './actions.js';
import { ADMIN_FORM_INPUTS, ADMIN_FORM_KEY, ADMIN_INPUT_IDS, ADMIN_LIMITS } from './admin-actions.js';
import { untilExample } from './admin-until.js';
import { card, submit, textBlock, type CardElement } from './common.js';
import { buttons, byName, errorSummary, fieldError, heading, plainText, safeName, small } from './parts.js';
import { formatInZone, formatRelative, isUtcZone, safeZone } from './time.js';

export interface AdminFormInput {
  task: AdminTask;
  /** The current records (retired ones are not among them). */
  testbeds: readonly TestbedRecord[];
  now: string;
  timeZone: string;
  errors?: FormErrors;
  values?: FormValues;
}

const noInputs = { associatedInputs: 'none' };

export const adminButtons = {
  /** Back to the admin card. */
  admin: (title = 'Admin') => submit(title, { action: ACTIONS.admin }, noInputs),
  /** Opens one task's form (`values`: what it starts with, such as the testbed chosen and a reason). */
  form: (task: AdminTask, title: string, values: FormValues = {}) => submit(title, { action: ACTIONS.adminForm, [ADMIN_FORM_KEY]: task, ...values }, noInputs),
};

interface FormSpec {
  title: string;
  submitTitle: string;
  intro: string;
  /** The records the testbed picker offers (absent: the form has no picker). */
  candidates?: (testbeds: readonly TestbedRecord[]) => TestbedRecord[];
  choiceTitle?: (record: TestbedRecord) => string;
  /** What the form says when no record fits. */
  none?: string;
  /** Why a testbed named with the command (`force release lab-3`) is not among the choices. */
  notOffered?: (name: string) => string;
}

const underMaintenance = (record: TestbedRecord) => Boolean(record.maintenance);

/** A picker title with the state that matters for retiring or maintenance. */
function annotated(record: TestbedRecord): string {
  const name = plainText(record.testbed_name, 64);
  if (record.status === 'in_use') return `${name} (in use by ${plainText(record.user_name, 60)})`;
  if (record.maintenance) return `${name} (under maintenance)`;
  return name;
}

export const ADMIN_FORMS: Record<AdminTask, FormSpec> = {
  testbed_add: {
    title: 'Add a testbed',
    submitTitle: 'Add',
    intro: 'It is added as available, with the next free id, and shows up in status and the register form at once.',
  },
  testbed_rename: {
    title: 'Rename a testbed',
    submitTitle: 'Rename',
    intro: 'Bookings and queues stay as they are; only the name changes. Names are unique, ignoring case.',
    candidates: (testbeds) => [...testbeds],
    choiceTitle: (record) => plainText(record.testbed_name, 64),
    none: 'There are no testbeds yet. Add one first.',
  },
  testbed_edit: {
    title: 'Edit a testbed',
    submitTitle: 'Save',
    intro: 'Choose the testbed whose labels or description you want to change; the next card shows what it has now.',
    candidates: (testbeds) => [...testbeds],
    choiceTitle: (record) => (record.labels?.length ? `${plainText(record.testbed_name, 64)} (${plainText(record.labels.join(', '), 60)})` : plainText(record.testbed_name, 64)),
    none: 'There are no testbeds yet. Add one first.',
  },
  testbed_retire: {
    title: 'Retire a testbed',
    submitTitle: 'Retire',
    intro: 'A retired testbed is gone from status and the forms, and its id is never given out again. Only a testbed nobody holds can be retired.',
    candidates: (testbeds) => [...testbeds],
    choiceTitle: annotated,
    none: 'There are no testbeds to retire.',
  },
  maintenance_start: {
    title: 'Start maintenance',
    submitTitle: 'Start maintenance',
    intro: 'Nobody can book the testbed until an admin ends the maintenance. Status shows it grey with your reason. Only a testbed nobody holds can go into maintenance; choose one under maintenance already to change its reason and expected end.',
    candidates: (testbeds) => [...testbeds],
    choiceTitle: annotated,
    none: 'There are no testbeds yet. Add one first.',
  },
  maintenance_end: {
    title: 'End maintenance',
    submitTitle: 'End maintenance',
    intro: 'The testbed can be booked again; the first person in its queue, if any, is offered it.',
    candidates: (testbeds) => testbeds.filter(underMaintenance),
    choiceTitle: (record) => `${plainText(record.testbed_name, 64)} — ${plainText(record.maintenance?.reason ?? '', 60)}`,
    none: 'No testbed is under maintenance right now, so there is nothing to end.',
    notOffered: (name) => `${name} is not under maintenance: choose one that is.`,
  },
  force_release: {
    title: 'Force release a testbed',
    submitTitle: 'Force release',
    intro: 'The booking ends now and the testbed is free again. The holder gets a direct message with your name and the reason.',
    candidates: (testbeds) => testbeds.filter((record) => record.status === 'in_use'),
    choiceTitle: (record) => `${plainText(record.testbed_name, 64)} — ${plainText(record.user_name, 60)}`,
    none: 'Nobody holds a testbed right now, so there is nothing to force release.',
    notOffered: (name) => `Nobody holds ${name} right now: choose a testbed that is booked.`,
  },
};

function keptValue(values: FormValues | undefined, id: string, allowed?: readonly string[]): { value?: string } {
  const kept = values && Object.prototype.hasOwnProperty.call(values, id) ? values[id] : undefined;
  if (typeof kept !== 'string' || kept === '' || (allowed && !allowed.includes(kept))) return {};
  return { value: kept };
}

function zoneLabel(timeZone: string): string {
  const zone = safeZone(timeZone);
  return isUtcZone(zone) ? 'UTC' : zone;
}

/**
 * The problems to show: those the form came back with, and when a testbed was named with the
 * command (`force release lab-3`) but the picker does not offer it, why not.
 */
function problemsOf(input: AdminFormInput, candidates: readonly TestbedRecord[] | undefined, spec: FormSpec): FormErrors | undefined {
  const named = input.values?.[ADMIN_INPUT_IDS.testbedId];
  if (typeof named !== 'string' || !candidates || !spec.notOffered || input.errors?.[ADMIN_INPUT_IDS.testbedId] !== undefined) return input.errors;
  if (candidates.some((record) => String(record.id) === named)) return input.errors;
  const record = input.testbeds.find((candidate) => String(candidate.id) === named);
  return record === undefined ? input.errors : { ...input.errors, [ADMIN_INPUT_IDS.testbedId]: spec.notOffered(plainText(record.testbed_name, 64)) };
}

function inputsOf(input: AdminFormInput, candidates: TestbedRecord[], spec: FormSpec, ids = ADMIN_FORM_INPUTS[input.task]): CardElement[] {
  const { errors, values } = input;
  const elements: CardElement[] = [];
  for (const id of ids) {
    switch (id) {
      case ADMIN_INPUT_IDS.testbedId: {
        const sorted = [...candidates].sort(byName);
        elements.push({
          type: 'Input.ChoiceSet',
          id,
          label: 'Testbed',
          style: 'compact',
          isRequired: true,
          errorMessage: 'Choose a testbed.',
          placeholder: 'Choose a testbed',
          choices: sorted.map((record) => ({ title: spec.choiceTitle?.(record) ?? plainText(record.testbed_name, 64), value: String(record.id) })),
          ...keptValue(values, id, sorted.map((record) => String(record.id))),
        });
        break;
      }
      case ADMIN_INPUT_IDS.testbedName:
        elements.push({
          type: 'Input.Text',
          id,
          label: input.task === 'testbed_rename' ? 'New name' : 'Name',
          placeholder: 'e.g. lab-7',
          isRequired: true,
          maxLength: ADMIN_LIMITS.nameMax,
          errorMessage: `Type a name of 1 to ${ADMIN_LIMITS.nameMax} characters.`,
          ...keptValue(values, id),
        });
        break;
      case ADMIN_INPUT_IDS.labels:
        elements.push({
          type: 'Input.Text',
          id,
          label: 'Labels (optional)',
          placeholder: 'e.g. 5g, rack-2',
          ...keptValue(values, id),
        });
        elements.push(small(`Separated by commas; each up to ${ADMIN_LIMITS.labelMax} letters, digits, ".", "_" or "-"; at most ${ADMIN_LIMITS.labelsMax}.`, { isSubtle: true }));
        break;
      case ADMIN_INPUT_IDS.description:
        elements.push({
          type: 'Input.Text',
          id,
          label: 'Description (optional)',
          placeholder: 'What is it, where is it?',
          maxLength: ADMIN_LIMITS.descriptionMax,
          ...keptValue(values, id),
        });
        break;
      case ADMIN_INPUT_IDS.reason:
        elements.push({
          type: 'Input.Text',
          id,
          label: input.task === 'force_release' ? 'Reason (the holder will read it)' : 'Reason (shown in status)',
          placeholder: input.task === 'force_release' ? 'e.g. overdue for two days, needed for the release test' : 'e.g. firmware upgrade',
          isMultiline: true,
          isRequired: true,
          maxLength: ADMIN_LIMITS.reasonMax,
          errorMessage: 'Say why, in a few words.',
          ...keptValue(values, id),
        });
        break;
      case ADMIN_INPUT_IDS.until: {
        const zone = zoneLabel(input.timeZone);
        elements.push({
          type: 'Input.Text',
          id,
          label: `Expected back (${zone}, optional)`,
          placeholder: `e.g. ${untilExample(input.now, input.timeZone)}`,
          maxLength: 40,
          ...keptValue(values, id),
        });
        elements.push(
          small(
            `Type it as YYYY-MM-DD HH:MM in ${zone}, e.g. ${untilExample(input.now, input.timeZone)} (ISO 8601 with Z or an offset works too); ` +
              `within ${ADMIN_LIMITS.untilDaysAhead} days. Once it passes, I ask the admin who started it whether the testbed is back: maintenance ends only when an admin ends it.`,
            { isSubtle: true },
          ),
        );
        break;
      }
    }
    elements.push(...fieldError(errors, id));
  }
  return elements;
}

/** The testbed an edit form is for: the one chosen (typed with the command, or on the form before), when it still exists. */
function editedRecord(input: AdminFormInput): TestbedRecord | undefined {
  const chosen = input.task === 'testbed_edit' ? input.values?.[ADMIN_INPUT_IDS.testbedId] : undefined;
  return chosen === undefined ? undefined : input.testbeds.find((record) => String(record.id) === chosen);
}

/** What the edit form's boxes start with: what was typed (kept from before, or typed with the command), else what the testbed has now. */
function editValues(input: AdminFormInput, record: TestbedRecord): FormValues {
  const typed = (id: string) => (input.values && Object.hasOwn(input.values, id) ? input.values[id] : undefined);
  return {
    [ADMIN_INPUT_IDS.labels]: typed(ADMIN_INPUT_IDS.labels) ?? (record.labels ?? []).join(', '),
    [ADMIN_INPUT_IDS.description]: typed(ADMIN_INPUT_IDS.description) ?? record.description ?? '',
  };
}

/** `Now: labels 5g, core; no description.` under the edit form's heading. */
function editNow(record: TestbedRecord, esc: (value: unknown, max: number) => string): string {
  const labels = record.labels?.length ? `labels ${esc(record.labels.join(', '), 400)}` : 'no labels';
  const description = record.description ? `described as “${esc(record.description, 220)}”` : 'no description';
  return `Now: ${labels}; ${description}.`;
}

const EDIT_INTRO =
  'Labels group testbeds (status 5g, book any 5g, wait any 5g); the description is shown with the testbed in status. ' +
  'Leave a box empty to clear it. Bookings stay as they are; people waiting for any testbed of a new label queue for it too, and those waiting by a label it loses leave its queue.';

/** The second step of the edit form: one testbed's labels and description, its id carried by the Save button. */
function editFormCard(input: AdminFormInput, record: TestbedRecord): AdaptiveCardJson {
  const inputs = [ADMIN_INPUT_IDS.labels, ADMIN_INPUT_IDS.description];
  const filled = { ...input, values: editValues(input, record) };
  const body: CardElement[] = [
    heading(`Edit ${safeName(record.testbed_name, 64)}`),
    textBlock(editNow(record, safeName), { spacing: 'None' }),
    small(EDIT_INTRO, { isSubtle: true }),
    ...errorSummary(input.errors, inputs),
    ...inputsOf(filled, [], ADMIN_FORMS.testbed_edit, inputs),
  ];
  const save = submit(ADMIN_FORMS.testbed_edit.submitTitle, { action: input.task, [ADMIN_INPUT_IDS.testbedId]: String(record.id) });
  return card(body, [save, adminButtons.admin('Back'), buttons.cancel()]);
}

/** The maintenance form chosen on a testbed under maintenance already: it changes that maintenance's reason and expected end. */
function runningMaintenance(input: AdminFormInput): TestbedRecord | undefined {
  const chosen = input.task === 'maintenance_start' ? input.values?.[ADMIN_INPUT_IDS.testbedId] : undefined;
  const record = chosen === undefined ? undefined : input.testbeds.find((candidate) => String(candidate.id) === chosen);
  return record?.maintenance ? record : undefined;
}

/** Its boxes start with what was typed (or came back), else the reason and the expected end it has (that end while still ahead). */
function runningValues(input: AdminFormInput, record: TestbedRecord): FormValues {
  const maintenance = record.maintenance!;
  const typed = (id: string) => (input.values && Object.hasOwn(input.values, id) ? input.values[id] : undefined);
  const ahead = maintenance.until !== null && Date.parse(maintenance.until) > Date.parse(input.now);
  return {
    ...input.values,
    [ADMIN_INPUT_IDS.reason]: typed(ADMIN_INPUT_IDS.reason) ?? maintenance.reason,
    [ADMIN_INPUT_IDS.until]: typed(ADMIN_INPUT_IDS.until) ?? (ahead ? formatInZone(maintenance.until, input.timeZone) : ''),
  };
}

function runningIntro(record: TestbedRecord, now: string, esc: (value: unknown, max: number) => string): string {
  const maintenance = record.maintenance!;
  return (
    `${esc(record.testbed_name, 64)} went under maintenance ${formatRelative(maintenance.since, now)} (${esc(maintenance.reason, 200)}). ` +
    'Saving changes its reason and expected end, and the people waiting for it hear of a new end; it stays under maintenance until an admin ends it.'
  );
}

export function adminFormCard(input: AdminFormInput): AdaptiveCardJson {
  const spec = ADMIN_FORMS[input.task];
  const edited = editedRecord(input);
  if (edited) return editFormCard(input, edited);
  const candidates = spec.candidates?.(input.testbeds);
  if (candidates && candidates.length === 0) {
    const add = input.testbeds.length === 0 && input.task !== 'testbed_add' ? [adminButtons.form('testbed_add', 'Add a testbed')] : [];
    return card([heading(spec.title), textBlock(spec.none ?? 'There is nothing to choose from.')], [...add, adminButtons.admin('Back'), buttons.cancel()]);
  }
  const errors = problemsOf(input, candidates, spec);
  // The edit form chooses its testbed first: Next opens it with the boxes filled with what it has now.
  const choosing = input.task === 'testbed_edit';
  const ids = choosing ? [ADMIN_INPUT_IDS.testbedId] : ADMIN_FORM_INPUTS[input.task];
  const running = runningMaintenance(input);
  const filled = running ? { ...input, values: runningValues(input, running) } : input;
  const body: CardElement[] = [
    heading(running ? `Change the maintenance of ${safeName(running.testbed_name, 64)}` : spec.title),
    textBlock(running ? runningIntro(running, input.now, safeName) : spec.intro, { isSubtle: true, spacing: 'None' }),
    ...errorSummary(errors, ids),
    ...inputsOf({ ...filled, ...(errors === undefined ? {} : { errors }) }, candidates ?? [], spec, ids),
  ];
  const title = running ? 'Save changes' : spec.submitTitle;
  const next = choosing ? submit('Next', { action: ACTIONS.adminForm, [ADMIN_FORM_KEY]: input.task }) : submit(title, { action: input.task });
  return card(body, [next, adminButtons.admin('Back'), buttons.cancel()]);
}

export function adminFormText(input: AdminFormInput): string {
  const spec = ADMIN_FORMS[input.task];
  const edited = editedRecord(input);
  if (edited) return `Edit ${plainText(edited.testbed_name, 64)}. ${editNow(edited, plainText)} Open the card to change them.`;
  const candidates = spec.candidates?.(input.testbeds);
  if (candidates && candidates.length === 0) return `${spec.title}: ${spec.none ?? 'there is nothing to choose from.'}`;
  const problems = input.errors && Object.keys(input.errors).length > 0 ? ' Some fields need another look.' : '';
  const running = runningMaintenance(input);
  const title = running ? `Change the maintenance of ${plainText(running.testbed_name, 64)}` : spec.title;
  return `${title}.${problems} Open the card to fill in the form.`;
}
