/**
 * Shapes of what arrives from Webex — socket envelopes, activities, and the
 * REST objects the adapter fetches — checked with yup before anything reads
 * them. Only the fields the adapter uses are required; unknown fields pass.
 */
import * as yup from 'yup';

const optionalString = yup.string().strict().nullable().optional();

const envelopeSchema = yup.object({
  id: optionalString,
  data: yup.object({ eventType: yup.string().strict().required() }).required(),
}).required();

const activitySchema = yup.object({
  id: yup.string().strict().required(),
  verb: yup.string().strict().required(),
  actor: yup
    .object({ id: optionalString, entryUUID: optionalString, type: optionalString, displayName: optionalString })
    .required(),
  object: yup.object({ objectType: optionalString, id: optionalString }).nullable().optional().default(undefined),
  target: yup
    .object({
      id: yup.string().strict().required(),
      url: optionalString,
      tags: yup.array(yup.string().strict().required()).strict().nullable().optional(),
    })
    .nullable()
    .optional()
    .default(undefined),
  parent: yup.object({ id: optionalString, type: optionalString }).nullable().optional().default(undefined),
}).required();

const messageSchema = yup.object({
  id: yup.string().strict().required(),
  roomId: yup.string().strict().required(),
  roomType: yup.string().strict().oneOf(['direct', 'group']).nullable().optional(),
  personId: yup.string().strict().required(),
  personEmail: optionalString,
  text: optionalString,
  html: optionalString,
}).required();

const attachmentActionSchema = yup.object({
  id: yup.string().strict().required(),
  messageId: yup.string().strict().required(),
  roomId: yup.string().strict().required(),
  personId: yup.string().strict().required(),
  inputs: yup
    .mixed<Record<string, unknown>>()
    .test('object', 'inputs must be an object', (v) => v === undefined || v === null || (typeof v === 'object' && !Array.isArray(v)))
    .nullable()
    .optional(),
}).required();

export type Envelope = yup.InferType<typeof envelopeSchema>;
export type Activity = yup.InferType<typeof activitySchema>;
export type RestMessage = yup.InferType<typeof messageSchema>;
export type RestAttachmentAction = yup.InferType<typeof attachmentActionSchema>;

export type Checked<T> = { ok: true; value: T } | { ok: false; problem: string };

function check<T>(schema: yup.Schema<T>, value: unknown): Checked<T> {
  try {
    return { ok: true, value: schema.validateSync(value, { strict: true, abortEarly: true }) };
  } catch (error) {
    // Only the field path, never yup's message: it can quote the offending value.
    const path = error instanceof yup.ValidationError ? error.path : undefined;
    return { ok: false, problem: path ? `${path} is missing or has the wrong type` : 'wrong shape' };
  }
}

export const checkEnvelope = (value: unknown): Checked<Envelope> => check(envelopeSchema, value);
export const checkMessage = (value: unknown): Checked<RestMessage> => check(messageSchema, value);
export const checkAttachmentAction = (value: unknown): Checked<RestAttachmentAction> => check(attachmentActionSchema, value);

/** The activity inside a `conversation.activity` envelope. */
export function checkActivity(envelope: unknown): Checked<Activity> {
  const activity = (envelope as { data?: { activity?: unknown } } | null)?.data?.activity;
  return check(activitySchema, activity);
}
