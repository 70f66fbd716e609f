/**
 * The two stored documents and their rules (README, Documents), as yup schemas. Every message names
 * the exact place, e.g. "testbeds[2].user_email must be null when status is available".
 */
import * as yup from 'yup';
import type { BroadcastRoomRecord, RetiredTestbed, TestbedRecord } from '../domain.js';
import { LAB_LIMITS, labelProblems } from '../lab-rules.js';
import { isIsoUtcTimestamp } from '../time-rules.js';
import { KeptMap } from '../kept-map.js';

export interface TestbedsDocument {
  testbeds: TestbedRecord[];
  /** Testbeds taken out of service; their ids are never given out again. Absent in older documents. */
  retired?: RetiredTestbed[];
}

export interface BroadcastRoomsDocument {
  broadcast_rooms: BroadcastRoomRecord[];
}

export const emptyTestbedsDocument = (): TestbedsDocument => ({ testbeds: [] });
export const emptyBroadcastRoomsDocument = (): BroadcastRoomsDocument => ({ broadcast_rooms: [] });

const USER_FIELDS = ['user_email', 'user_name', 'registered_time', 'purpose', 'expected_release_time'] as const;

/** A user field: null when available, filled (non-empty) when in use. */
function userField(kind: 'text' | 'email' | 'timestamp') {
  const base = yup
    .string()
    .typeError('${path} must be a string or null')
    .nullable()
    .defined('${path} is missing (use null when status is available)');
  const filled = (s: yup.StringSchema<string | null>) => {
    let next = s
      .nonNullable('${path} must be filled when status is in_use')
      .test('non-empty', '${path} must not be empty when status is in_use', (v) => typeof v === 'string' && v.trim() !== '');
    if (kind === 'email') next = next.email('${path} must be an email address');
    if (kind === 'timestamp') {
      next = next.test('iso', '${path} must be an ISO 8601 UTC timestamp ending in Z (e.g. 2025-01-31T09:30:00.000Z)',
        (v) => v == null || isIsoUtcTimestamp(v));
    }
    return next;
  };
  return base.when('status', {
    is: 'available',
    then: (s) => s.test('null-when-available', '${path} must be null when status is available', (v) => v === null),
    otherwise: (s) => s.when('status', { is: 'in_use', then: (x) => filled(x) }),
  });
}

/**
 * First positions of each key in an array, built once per array and key during one validation
 * (problemsOf), so checking every record of a document for duplicates stays linear in its size.
 */
let firstPositions: WeakMap<unknown[], Map<(item: never) => unknown, Map<unknown, number>>> | undefined;

function positionsOf<T>(items: unknown[], keyOf: (item: T) => unknown): Map<unknown, number> {
  const build = () => {
    const positions = new Map<unknown, number>();
    items.forEach((item, i) => {
      if (item === null || typeof item !== 'object') return;
      const key = keyOf(item as T);
      if (key !== undefined && !positions.has(key)) positions.set(key, i);
    });
    return positions;
  };
  if (!firstPositions) return build();
  let byKey = firstPositions.get(items);
  if (!byKey) firstPositions.set(items, (byKey = new Map()));
  let positions = byKey.get(keyOf as (item: never) => unknown);
  if (!positions) byKey.set(keyOf as (item: never) => unknown, (positions = build()));
  return positions;
}

/** The position of an earlier item with the same key as `items[index]`, or -1. */
function duplicateIndex<T>(items: unknown, index: number, keyOf: (item: T) => unknown): number {
  if (!Array.isArray(items)) return -1;
  const key = keyOf(items[index] as T);
  if (key === undefined) return -1;
  const first = positionsOf(items, keyOf).get(key);
  return first !== undefined && first < index ? first : -1;
}

/** yup passes the position of an array item in its options (not in the public typings). */
const itemIndex = (options: object): number | undefined => (options as { index?: number }).index;

const timestamp = (nullable: boolean) => {
  const base = yup.string().typeError(`\${path} must be an ISO 8601 UTC timestamp${nullable ? ' or null' : ''}`);
  const shaped = nullable ? base.nullable().defined('${path} is missing (use null)') : base.defined('${path} is missing').nonNullable('${path} must be a timestamp');
  return shaped.test('iso', '${path} must be an ISO 8601 UTC timestamp ending in Z', (v) => v === null || isIsoUtcTimestamp(v));
};

const filledText = (max: number) =>
  yup
    .string()
    .typeError('${path} must be a string')
    .defined('${path} is missing')
    .nonNullable('${path} must be a string')
    .test('non-empty', '${path} must not be empty', (v) => typeof v === 'string' && v.trim() !== '')
    .max(max, `\${path} must be at most ${max} characters`);

/** The optional fields beside the original eight: labels, description and maintenance. */
const extraFields = {
  labels: yup
    .array(yup.string().typeError('${path} must be a string').defined('${path} must be a string'))
    .typeError('${path} must be an array of strings')
    .optional()
    .default(undefined)
    .test('labels', function (labels) {
      if (!Array.isArray(labels) || labels.some((label) => typeof label !== 'string')) return true;
      const problems = labelProblems(labels);
      return problems.length === 0 || this.createError({ message: `${this.path}: ${problems.join('; ')}` });
    }),
  description: yup
    .string()
    .typeError('${path} must be a string')
    .optional()
    .max(LAB_LIMITS.descriptionMax, `\${path} must be at most ${LAB_LIMITS.descriptionMax} characters`),
  maintenance: yup
    .object({
      reason: filledText(LAB_LIMITS.reasonMax),
      until: timestamp(true),
      since: timestamp(false),
      by: yup
        .object({ email: filledText(320).email('${path} must be an email address'), name: filledText(200) })
        .noUnknown('${path} has unknown field(s): ${unknown}')
        .typeError('${path} must be an object')
        .defined('${path} is missing')
        .nonNullable('${path} must be an object with email and name'),
    })
    .noUnknown('${path} has unknown field(s): ${unknown}')
    .typeError('${path} must be an object or null')
    .nullable()
    .optional()
    .default(undefined)
    .when('status', {
      is: 'in_use',
      then: (s) => s.test('only-available', '${path} must be null or absent when status is in_use (maintenance starts only on a free testbed)', (v) => v == null),
    }),
};

const nameKey = (r: { testbed_name?: unknown }) => (typeof r?.testbed_name === 'string' ? r.testbed_name.trim().toLowerCase() : undefined);
const idKey = (r: { id?: unknown }) => (typeof r?.id === 'number' ? r.id : undefined);

export const testbedRecordSchema = yup
  .object({
    id: yup
      .number()
      .typeError('${path} must be a number')
      .defined('${path} is missing')
      .integer('${path} must be a whole number')
      .positive('${path} must be a positive whole number'),
    testbed_name: yup
      .string()
      .typeError('${path} must be a string')
      .defined('${path} is missing')
      .nonNullable('${path} must be a string')
      .test('non-empty', '${path} must not be empty', (v) => typeof v === 'string' && v.trim() !== ''),
    status: yup
      .string()
      .typeError('${path} must be "available" or "in_use"')
      .defined('${path} is missing')
      .oneOf(['available', 'in_use'] as const, '${path} must be "available" or "in_use"'),
    user_email: userField('email'),
    user_name: userField('text'),
    registered_time: userField('timestamp'),
    purpose: userField('text'),
    expected_release_time: userField('timestamp'),
    ...extraFields,
  })
  .noUnknown('${path} has unknown field(s): ${unknown}')
  .typeError('${path} must be an object')
  .test('unique-id', function (record) {
    const at = itemIndex(this.options);
    if (at === undefined || !record) return true;
    const dup = duplicateIndex(this.parent, at, idKey);
    return dup < 0 || this.createError({ path: `${this.path}.id`, message: `${this.path}.id ${record.id} is already used by testbeds[${dup}]; ids must be unique` });
  })
  .test('unique-name', function (record) {
    const at = itemIndex(this.options);
    if (at === undefined || !record) return true;
    const dup = duplicateIndex(this.parent, at, nameKey);
    return dup < 0 || this.createError({
      path: `${this.path}.testbed_name`,
      message: `${this.path}.testbed_name "${record.testbed_name}" is already used by testbeds[${dup}]; names must be unique (ignoring case)`,
    });
  });

export const retiredTestbedSchema = yup
  .object({
    id: yup.number().typeError('${path} must be a number').defined('${path} is missing').integer('${path} must be a whole number').positive('${path} must be a positive whole number'),
    testbed_name: yup.string().typeError('${path} must be a string').defined('${path} is missing').nonNullable('${path} must be a string'),
    retired_at: timestamp(false),
  })
  .noUnknown('${path} has unknown field(s): ${unknown}')
  .typeError('${path} must be an object');

export const testbedsDocumentSchema = yup
  .object({
    testbeds: yup.array(testbedRecordSchema).typeError('testbeds must be an array').defined('the document has no "testbeds" array'),
    retired: yup.array(retiredTestbedSchema).typeError('retired must be an array').optional().default(undefined),
  })
  .noUnknown('the document has unknown top-level field(s): ${unknown}')
  .test('retired-ids', function (document) {
    const retired = Array.isArray(document?.retired) ? document.retired : [];
    const live = new Set((Array.isArray(document?.testbeds) ? document.testbeds : []).map((record) => record?.id));
    const seen = new Set<unknown>();
    const problems: string[] = [];
    retired.forEach((item, i) => {
      const id = item?.id;
      if (typeof id !== 'number') return;
      if (live.has(id)) problems.push(`retired[${i}].id ${id} is still used by a testbed; a retired id is never used again`);
      else if (seen.has(id)) problems.push(`retired[${i}].id ${id} is listed twice`);
      seen.add(id);
    });
    return problems.length === 0 || new yup.ValidationError(problems.map((message) => new yup.ValidationError(message, undefined, 'retired')));
  });

export const broadcastRoomSchema = yup
  .object({
    name: yup.string().typeError('${path} must be a string').defined('${path} is missing').nonNullable('${path} must be a string')
      .test('non-empty', '${path} must not be empty', (v) => typeof v === 'string' && v.trim() !== ''),
    room_id: yup.string().typeError('${path} must be a string').defined('${path} is missing').nonNullable('${path} must be a string')
      .test('non-empty', '${path} must not be empty', (v) => typeof v === 'string' && v.trim() !== ''),
    description: yup.string().typeError('${path} must be a string').defined('${path} is missing').nonNullable('${path} must be a string'),
  })
  .noUnknown('${path} has unknown field(s): ${unknown}')
  .typeError('${path} must be an object')
  .test('unique-room', function (room) {
    const at = itemIndex(this.options);
    if (at === undefined || !room) return true;
    const dup = duplicateIndex<{ room_id?: unknown }>(this.parent, at, (r) => (typeof r?.room_id === 'string' ? r.room_id : undefined));
    return dup < 0 || this.createError({
      path: `${this.path}.room_id`,
      message: `${this.path}.room_id is already used by broadcast_rooms[${dup}]; room ids must be unique`,
    });
  });

export const broadcastRoomsDocumentSchema = yup
  .object({
    broadcast_rooms: yup.array(broadcastRoomSchema).typeError('broadcast_rooms must be an array')
      .defined('the document has no "broadcast_rooms" array'),
  })
  .noUnknown('the document has unknown top-level field(s): ${unknown}');

/** Runs a schema and returns every problem (empty when valid). */
export function problemsOf(schema: yup.Schema, value: unknown, what = 'the document'): string[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return [`${what} must be a JSON object`];
  }
  firstPositions = new WeakMap();
  try {
    schema.validateSync(value, { abortEarly: false, strict: true });
    return [];
  } catch (error) {
    if (error instanceof yup.ValidationError) return [...new Set(error.errors)];
    throw error;
  } finally {
    firstPositions = undefined;
  }
}

export const testbedsDocumentProblems = (doc: unknown) => problemsOf(testbedsDocumentSchema, doc);
export const broadcastRoomsDocumentProblems = (doc: unknown) => problemsOf(broadcastRoomsDocumentSchema, doc);
/**
 * Problems of one record on its own (paths without the `testbeds[i].` prefix). A record the quick
 * check below passes is valid; anything else goes to the schema, which decides and names each problem.
 */
export const testbedRecordProblems = (record: unknown) => (plainlyValidRecord(record) ? [] : problemsOf(testbedRecordSchema, record, 'the record'));

const RECORD_FIELDS = new Set(['id', 'testbed_name', 'status', ...USER_FIELDS, 'labels', 'description', 'maintenance']);
/** The schema's email rule's verdict on addresses seen before, so a booking by the same person skips it. */
const emailVerdicts = new KeptMap<string, boolean>(1_000);
const emailSchema = yup.string().strict().email();

const filled = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

function acceptedEmail(value: string): boolean {
  let accepted = emailVerdicts.get(value);
  if (accepted === undefined) emailVerdicts.set(value, (accepted = emailSchema.isValidSync(value)));
  return accepted;
}

/**
 * True only for the everyday record the schema surely accepts: known fields, a free testbed with
 * every user field null or a booked one with every user field filled, not in maintenance. It says
 * false whenever in doubt (a maintenance entry, a null description, anything odd); it never says true
 * for a record the schema would refuse, which a test holds it to.
 */
function plainlyValidRecord(value: unknown): boolean {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const record = value as Record<string, unknown>;
  for (const key in record) if (!RECORD_FIELDS.has(key)) return false;
  const { id, testbed_name: name, status, labels, description, maintenance } = record;
  if (typeof id !== 'number' || !Number.isInteger(id) || id <= 0 || !filled(name)) return false;
  if (maintenance !== undefined && maintenance !== null) return false;
  if (description !== undefined && (typeof description !== 'string' || description.length > LAB_LIMITS.descriptionMax)) return false;
  if (labels !== undefined && (!Array.isArray(labels) || labels.some((label) => typeof label !== 'string') || labelProblems(labels).length > 0)) return false;
  if (status === 'available') return USER_FIELDS.every((field) => record[field] === null);
  if (status !== 'in_use' || !USER_FIELDS.every((field) => filled(record[field]))) return false;
  return isIsoUtcTimestamp(record.registered_time) && isIsoUtcTimestamp(record.expected_release_time) && acceptedEmail(record.user_email as string);
}

export { USER_FIELDS };
