/**
 * Shapes of what arrives from Webex — socket envelopes, activities, and the
 * REST objects the adapter fetches — checked with yup before anything reads
 * them. Only the fields the adapter uses are required; unknown fields pass.
 *
 * Every frame and fetched object passes here, so each shape also has a quick
 * test that accepts only what its schema accepts: well-formed input (nearly
 * all of it) is let through by that test alone, and anything else goes to yup,
 * which decides and names the problem.
 */
import * as yup from 'yup';

const optionalString = yup.string().strict().nullable().optional();

export const envelopeSchema = yup.object({
  id: optionalString,
  data: yup.object({ eventType: yup.string().strict().required() }).required(),
}).required();

export const activitySchema = yup.object({
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

export const messageSchema = yup.object({
  id: yup.string().strict().required(),
  roomId: yup.string().strict().required(),
  roomType: yup.string().strict().oneOf(['direct', 'group']).nullable().optional(),
  personId: yup.string().strict().required(),
  personEmail: optionalString,
  text: optionalString,
  html: optionalString,
}).required();

export const attachmentActionSchema = yup.object({
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

// The quick tests, each accepting a subset of what its schema accepts (the schemas stay the rule).
/** yup's own test for an object. */
const isObject = (value: unknown): value is Record<string, unknown> => Object.prototype.toString.call(value) === '[object Object]';
/** `optionalString`: absent, null or any string. */
const isOptionalString = (value: unknown) => value === undefined || value === null || typeof value === 'string';
/** A required string: yup refuses the empty one. */
const isFilledString = (value: unknown) => typeof value === 'string' && value !== '';
/** An array of required strings (holes included: `every` would skip them). */
function isListOfFilledStrings(value: unknown): boolean {
  if (!Array.isArray(value)) return false;
  for (let i = 0; i < value.length; i++) if (!isFilledString(value[i])) return false;
  return true;
}
/** A nested object that may be absent or null, checked by `fields` when present. */
const isOptionalObject = (value: unknown, fields: (object: Record<string, unknown>) => boolean) =>
  value === undefined || value === null || (isObject(value) && fields(value));

function looksLikeEnvelope(value: unknown): boolean {
  return isObject(value) && isOptionalString(value.id) && isObject(value.data) && isFilledString(value.data.eventType);
}

function looksLikeActivity(value: unknown): boolean {
  if (!isObject(value) || !isFilledString(value.id) || !isFilledString(value.verb)) return false;
  const { actor } = value;
  if (!isObject(actor) || !isOptionalString(actor.id) || !isOptionalString(actor.entryUUID) || !isOptionalString(actor.type) || !isOptionalString(actor.displayName)) {
    return false;
  }
  return (
    isOptionalObject(value.object, (object) => isOptionalString(object.objectType) && isOptionalString(object.id)) &&
    isOptionalObject(
      value.target,
      (target) =>
        isFilledString(target.id) &&
        isOptionalString(target.url) &&
        (target.tags === undefined || target.tags === null || isListOfFilledStrings(target.tags)),
    ) &&
    isOptionalObject(value.parent, (parent) => isOptionalString(parent.id) && isOptionalString(parent.type))
  );
}

function looksLikeMessage(value: unknown): boolean {
  return (
    isObject(value) &&
    isFilledString(value.id) &&
    isFilledString(value.roomId) &&
    isFilledString(value.personId) &&
    (value.roomType === undefined || value.roomType === 'direct' || value.roomType === 'group') &&
    isOptionalString(value.personEmail) &&
    isOptionalString(value.text) &&
    isOptionalString(value.html)
  );
}

function looksLikeAttachmentAction(value: unknown): boolean {
  return (
    isObject(value) &&
    isFilledString(value.id) &&
    isFilledString(value.messageId) &&
    isFilledString(value.roomId) &&
    isFilledString(value.personId) &&
    (value.inputs === undefined || value.inputs === null || (typeof value.inputs === 'object' && !Array.isArray(value.inputs)))
  );
}

function check<T>(schema: yup.Schema<T>, quick: (value: unknown) => boolean, value: unknown): Checked<T> {
  // Strict validation returns the value as it is: what passes the quick test is returned the same way.
  if (quick(value)) return { ok: true, value: value as T };
  try {
    return { ok: true, value: schema.validateSync(value, { strict: true, abortEarly: true }) };
  } catch (error) {
    // Only the field path, never yup's message: it can quote the offending value.
    const path = error instanceof yup.ValidationError ? error.path : undefined;
    return { ok: false, problem: path ? `${path} is missing or has the wrong type` : 'wrong shape' };
  }
}

export const checkEnvelope = (value: unknown): Checked<Envelope> => check(envelopeSchema, looksLikeEnvelope, value);
export const checkMessage = (value: unknown): Checked<RestMessage> => check(messageSchema, looksLikeMessage, value);
export const checkAttachmentAction = (value: unknown): Checked<RestAttachmentAction> => check(attachmentActionSchema, looksLikeAttachmentAction, value);

/** The activity inside a `conversation.activity` envelope. */
export function checkActivity(envelope: unknown): Checked<Activity> {
  const activity = (envelope as { data?: { activity?: unknown } } | null)?.data?.activity;
  return check(activitySchema, looksLikeActivity, activity);
}
