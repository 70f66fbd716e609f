/**
 * The lifecycle document (`lifecycle.json`): per testbed, the reminder and overdue facts, the
 * wait-list, the open hand-off offer and the asks. It lives beside testbeds.json so that document
 * keeps exactly its eight fields. Validated with yup like the others; every message names the place.
 */
import * as yup from 'yup';
import type { LifecycleEntry } from '../domain.js';
import { isEitherKey, LABEL_PATTERN } from '../lab-rules.js';
import { isIsoUtcTimestamp } from '../time-rules.js';
import { problemsOf } from './schema.js';

/** The daily digest's durable fact: the scheduled instant of the last digest posted. */
export interface DigestFacts {
  /** ISO 8601 UTC: the digest time it was for (not when it went out). */
  last_posted_for: string;
}

export interface LifecycleDocument {
  lifecycle: LifecycleEntry[];
  /** Optional: absent until the first digest is posted (documents without it stay valid). */
  digest?: DigestFacts;
}

export const emptyLifecycleDocument = (): LifecycleDocument => ({ lifecycle: [] });

/** A required ISO 8601 UTC timestamp (ending in Z). */
export const timestamp = () =>
  yup
    .string()
    .typeError('${path} must be an ISO 8601 UTC timestamp')
    .defined('${path} is missing')
    .nonNullable('${path} must be an ISO 8601 UTC timestamp')
    .test('iso', '${path} must be an ISO 8601 UTC timestamp ending in Z', (v) => isIsoUtcTimestamp(v));

const nullableTimestamp = () =>
  yup
    .string()
    .typeError('${path} must be an ISO 8601 UTC timestamp or null')
    .nullable()
    .defined('${path} is missing (use null)')
    .test('iso', '${path} must be an ISO 8601 UTC timestamp ending in Z', (v) => v === null || isIsoUtcTimestamp(v));

const text = () =>
  yup
    .string()
    .typeError('${path} must be a string')
    .defined('${path} is missing')
    .nonNullable('${path} must be a string')
    .test('non-empty', '${path} must not be empty', (v) => typeof v === 'string' && v.trim() !== '');

const email = () => text().email('${path} must be an email address');

const person = {
  email: email(),
  name: text(),
};

/**
 * Optional: the label a person waits for any testbed of (`wait any 5g`), or the names of the testbeds they wait for
 * whichever of (`wait lab-3 or lab-5`), one per line; absent for a wait for this testbed.
 */
const waitedLabel = () =>
  yup
    .string()
    .typeError('${path} must be a string')
    .optional()
    .test(
      'label-or-names',
      '${path} must be a label (1 to 32 letters, digits, dots, underscores or hyphens) or 2 to 10 testbed names, one per line',
      (value) => value === undefined || LABEL_PATTERN.test(value) || isEitherKey(value),
    );

export const lifecycleEntrySchema = yup
  .object({
    testbed_id: yup.number().typeError('${path} must be a number').defined('${path} is missing').integer('${path} must be a whole number').positive('${path} must be positive'),
    notices: yup
      .object({
        expected_release_time: timestamp(),
        reminder_sent_at: nullableTimestamp(),
        overdue_sent_at: nullableTimestamp(),
        overdue_count: yup.number().typeError('${path} must be a number').defined('${path} is missing').integer('${path} must be a whole number').min(0, '${path} must not be negative'),
      })
      .noUnknown('${path} has unknown field(s): ${unknown}')
      .nullable()
      .defined('${path} is missing (use null)')
      .default(null),
    queue: yup
      .array(yup.object({ ...person, since: timestamp(), label: waitedLabel() }).noUnknown('${path} has unknown field(s): ${unknown}'))
      .typeError('${path} must be an array')
      .defined('${path} is missing')
      .test('unique', '${path} lists somebody twice', (queue) => {
        const emails = (queue ?? []).map((entry) => String(entry?.email).toLowerCase());
        return new Set(emails).size === emails.length;
      }),
    offer: yup
      .object({ ...person, until: timestamp(), label: waitedLabel() })
      .noUnknown('${path} has unknown field(s): ${unknown}')
      .nullable()
      .defined('${path} is missing (use null)')
      .default(null),
    asks: yup
      .array(
        yup
          .object({
            asker_email: email(),
            asker_name: text(),
            registered_time: timestamp(),
            asked_at: timestamp(),
            answered: yup.boolean().typeError('${path} must be true or false').defined('${path} is missing'),
          })
          .noUnknown('${path} has unknown field(s): ${unknown}'),
      )
      .typeError('${path} must be an array')
      .defined('${path} is missing'),
  })
  .noUnknown('${path} has unknown field(s): ${unknown}')
  .typeError('${path} must be an object');

const digestFacts = () =>
  yup
    .object({ last_posted_for: timestamp() })
    .noUnknown('${path} has unknown field(s): ${unknown}')
    .typeError('${path} must be an object');

/** The document's optional `digest` key. */
export const digestFactsSchema = digestFacts().default(undefined).optional();

export const lifecycleDocumentSchema = yup
  .object({
    lifecycle: yup
      .array(lifecycleEntrySchema)
      .typeError('lifecycle must be an array')
      .defined('the document has no "lifecycle" array')
      .test('unique-id', 'lifecycle lists a testbed_id twice', (entries) => {
        const ids = (entries ?? []).map((entry) => entry?.testbed_id);
        return new Set(ids).size === ids.length;
      }),
    digest: digestFactsSchema,
  })
  .noUnknown('the document has unknown top-level field(s): ${unknown}');

export const lifecycleDocumentProblems = (doc: unknown) => problemsOf(lifecycleDocumentSchema, doc);
export const lifecycleEntryProblems = (entry: unknown) => problemsOf(lifecycleEntrySchema, entry, 'the entry');
export const digestFactsProblems = (facts: unknown) => problemsOf(digestFacts(), facts, 'the digest facts');
