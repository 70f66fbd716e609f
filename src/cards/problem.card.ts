/**
 * A problem with a testbed (`lab-3 is broken`, `report a problem with lab-3`): the form that tells the lab's admins,
 * in the reporter's words, with their name. Nothing is sent before **Tell the admins** is pressed, so a question
 * that only sounded like a report costs nothing. The form has a plain-text sibling.
 */
import type { FormErrors, TestbedRecord } from '../domain.js';
import type { AdaptiveCardJson } from '../platform/port.js';
import { ACTIONS, INPUT_IDS, LIMITS } from './actions.js';
import { card, submit, textBlock } from './common.js';
import { buttons, errorSummary, fieldError, heading, plainText, safeName, small } from './parts.js';

export interface ProblemFormInput {
  record: TestbedRecord;
  /** What the person typed, to start the box with. */
  text?: string;
  errors?: FormErrors;
  /** How many admins there are to tell (none: the form says so and offers feedback instead). */
  admins: number;
}

const WHO_IS_TOLD = 'The lab’s admins get it in a direct message with your name, and so does whoever holds it.';

export function problemFormCard({ record, text, errors, admins }: ProblemFormInput): AdaptiveCardJson {
  const name = safeName(record.testbed_name);
  if (admins === 0) {
    return card(
      [heading(`A problem with ${name}`), textBlock('No admin is set up (the ADMINS setting is empty), so there is nobody to tell. Leave a note with feedback instead.')],
      [buttons.feedback(), buttons.menu()],
    );
  }
  const box = {
    type: 'Input.Text',
    id: INPUT_IDS.problem,
    label: 'What is wrong?',
    placeholder: 'e.g. no power on slot 2 since this morning',
    isMultiline: true,
    isRequired: true,
    maxLength: LIMITS.problemMax,
    errorMessage: 'Say what is wrong, in a few words.',
    ...(text ? { value: text.slice(0, LIMITS.problemMax) } : {}),
  };
  return card(
    [
      heading(`Report a problem with ${name}`),
      small(WHO_IS_TOLD, { isSubtle: true }),
      ...errorSummary(errors, [INPUT_IDS.problem]),
      box,
      ...fieldError(errors, INPUT_IDS.problem),
    ],
    [submit('Tell the admins', { action: ACTIONS.reportProblem, testbed_id: String(record.id) }), buttons.cancel()],
  );
}

export function problemFormText({ record, admins }: ProblemFormInput): string {
  const name = plainText(record.testbed_name, 80);
  if (admins === 0) return `No admin is set up, so there is nobody to tell about ${name}. Leave a note with feedback instead.`;
  return `Report a problem with ${name}: open the card, say what is wrong and press Tell the admins. ${WHO_IS_TOLD}`;
}
