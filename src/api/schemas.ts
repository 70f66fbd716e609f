/**
 * The JSON schemas of the API: they validate requests, shape responses and are the OpenAPI
 * document (`GET /api/v1/openapi.json`). Shared shapes are registered once by `$id` and referred to
 * as `Name#`. Field names keep the documents' spelling (`testbed_name`, `expected_release_time`).
 */
import { MAX_MINUTES, PURPOSE_MAX } from './release-time.js';
import { LAB_LIMITS } from '../lab-rules.js';

const nullable = (type: string, extra: Record<string, unknown> = {}) => ({ type: [type, 'null'], ...extra });

export const personSchema = {
  $id: 'Person',
  type: 'object',
  description: 'Somebody (or a pipeline token) as the bot shows them: email and name.',
  properties: { email: { type: 'string' }, name: { type: 'string' } },
  required: ['email', 'name'],
} as const;

export const testbedSchema = {
  $id: 'Testbed',
  type: 'object',
  description:
    'A testbed record as stored, plus its labels, its wait-list length and, while it applies, maintenance. ' +
    'Under maintenance a testbed keeps status "available" but cannot be held.',
  properties: {
    id: { type: 'integer' },
    testbed_name: { type: 'string' },
    status: { type: 'string', enum: ['available', 'in_use'] },
    user_email: nullable('string'),
    user_name: nullable('string', { description: 'The holder; for a hold made through the API, the token name.' }),
    registered_time: nullable('string', { format: 'date-time' }),
    purpose: nullable('string'),
    expected_release_time: nullable('string', { format: 'date-time' }),
    labels: { type: 'array', items: { type: 'string' } },
    description: { type: 'string' },
    maintenance: {
      type: 'object',
      properties: {
        reason: { type: 'string' },
        until: nullable('string', { format: 'date-time' }),
        since: { type: 'string', format: 'date-time' },
        by: { $ref: 'Person#' },
      },
      required: ['reason', 'until', 'since', 'by'],
    },
    queue_length: { type: 'integer', description: 'People (and pipelines) on its wait-list.' },
  },
  required: ['id', 'testbed_name', 'status', 'user_email', 'user_name', 'registered_time', 'purpose', 'expected_release_time', 'labels', 'queue_length'],
} as const;

export const errorSchema = {
  $id: 'Error',
  type: 'object',
  description: 'Every error: a stable code and words for people.',
  properties: {
    error: { type: 'string' },
    message: { type: 'string' },
    holder: {
      type: 'object',
      description: 'With "taken": who has it (the holder, the person it is kept for, or the admin who took it out of service).',
      properties: {
        email: { type: 'string' },
        name: { type: 'string' },
        reason: { type: 'string', enum: ['in_use', 'offered', 'maintenance'] },
        until: nullable('string', { format: 'date-time' }),
      },
      required: ['email', 'name', 'reason', 'until'],
    },
  },
  required: ['error', 'message'],
} as const;

export const SHARED_SCHEMAS = [personSchema, testbedSchema, errorSchema];

const error = { $ref: 'Error#' };

export const idParams = {
  type: 'object',
  properties: { id: { type: 'string', pattern: '^[0-9]{1,9}$', description: 'The testbed id.' } },
  required: ['id'],
} as const;

const purpose = { type: 'string', minLength: 1, maxLength: PURPOSE_MAX, description: 'What it is for (shown in chat).' };
const minutes = { type: 'integer', minimum: 1, maximum: MAX_MINUTES, description: 'How long, from now (at most 90 days).' };
const expectedRelease = {
  type: 'string',
  maxLength: 64,
  description: 'When it ends instead of minutes: ISO 8601 with Z or an offset, at most 90 days ahead.',
};

export const listTestbedsSchema = {
  summary: 'List testbeds',
  tags: ['testbeds'],
  querystring: {
    type: 'object',
    properties: {
      status: {
        type: 'string',
        enum: ['available', 'in_use', 'maintenance'],
        description: '"available": free to hold now (not under maintenance); "maintenance": out of service.',
      },
      label: { type: 'string', minLength: 1, maxLength: 32, description: 'Only testbeds with this label (ignoring case).' },
    },
    additionalProperties: false,
  },
  response: {
    200: { type: 'object', properties: { testbeds: { type: 'array', items: { $ref: 'Testbed#' } } }, required: ['testbeds'] },
    401: error,
    422: error,
  },
} as const;

export const getTestbedSchema = {
  summary: 'One testbed',
  tags: ['testbeds'],
  params: idParams,
  response: { 200: { type: 'object', properties: { testbed: { $ref: 'Testbed#' } }, required: ['testbed'] }, 401: error, 404: error },
} as const;

/** How far back a testbed's history may be asked for, and how many of its lines one answer holds at most. */
export const HISTORY_DAYS_MAX = 90;
export const HISTORY_LIMIT_MAX = 1000;

export const testbedHistorySchema = {
  summary: 'One testbed\'s history',
  description:
    'The lines of the history file (history.jsonl) about this testbed over the last `days` days, oldest first: bookings, releases, ' +
    'extensions, queue, maintenance and problems, as the chat\'s history card shows them. At most `limit` lines, the newest; ' +
    '`truncated` says when older ones in the window were left out.',
  tags: ['testbeds'],
  params: idParams,
  querystring: {
    type: 'object',
    properties: {
      days: { type: 'string', pattern: '^[0-9]{1,4}$', description: 'How many days back, a whole number from 1 to 90 (7 when absent).' },
      limit: { type: 'string', pattern: '^[0-9]{1,5}$', description: 'At most this many lines, the newest, a whole number from 1 to 1000 (200 when absent).' },
    },
    additionalProperties: false,
  },
  response: {
    200: {
      type: 'object',
      properties: {
        testbed_id: { type: 'integer' },
        since: { type: 'string', description: 'The start of the window, ISO 8601 UTC.' },
        truncated: { type: 'boolean' },
        entries: {
          type: 'array',
          items: {
            type: 'object',
            description: 'A line of the history file, as written: `at`, `event`, `by` and the fields of that event.',
            properties: { at: { type: 'string' }, testbed_id: { type: 'integer' }, testbed_name: { type: 'string' }, event: { type: 'string' } },
            required: ['at', 'testbed_id', 'event'],
            additionalProperties: true,
          },
        },
      },
      required: ['testbed_id', 'since', 'truncated', 'entries'],
    },
    401: error,
    404: error,
    422: error,
  },
} as const;

const testbedAnswer = { type: 'object', properties: { testbed: { $ref: 'Testbed#' } }, required: ['testbed'] } as const;

export const holdTestbedSchema = {
  summary: 'Hold one testbed',
  description:
    'Held in the token\'s name, exactly like a booking made in chat (user_email = the token\'s owner, user_name = the token\'s name). ' +
    'Give minutes or expected_release_time.',
  tags: ['holds'],
  params: idParams,
  body: {
    type: 'object',
    properties: { purpose, minutes, expected_release_time: expectedRelease },
    required: ['purpose'],
    additionalProperties: false,
  },
  response: {
    200: { type: 'object', properties: { testbed: { $ref: 'Testbed#' }, hold_id: { type: 'string' } }, required: ['testbed', 'hold_id'] },
    401: error,
    404: error,
    409: error,
    422: error,
  },
} as const;

export const releaseTestbedSchema = {
  summary: 'Release a testbed held with this token',
  description: 'Only holds made with the same token, or with an admin token.',
  tags: ['holds'],
  params: idParams,
  response: { 200: testbedAnswer, 401: error, 403: error, 404: error, 409: error },
} as const;

export const extendTestbedSchema = {
  summary: 'Extend a hold made with this token',
  description: 'The new end is counted from the current expected release (or from now when that has passed).',
  tags: ['holds'],
  params: idParams,
  body: { type: 'object', properties: { minutes }, required: ['minutes'], additionalProperties: false },
  response: { 200: testbedAnswer, 401: error, 403: error, 404: error, 409: error, 422: error },
} as const;

export const startMaintenanceSchema = {
  summary: 'Take a testbed out of service, or change its maintenance (admin tokens)',
  description:
    'Starts maintenance on a testbed nobody holds or is kept for, in the token\'s name; on one under maintenance already it replaces ' +
    'the reason and the expected end (the people on its wait-list hear of a new end). Give until (ISO 8601 with Z or an offset) or ' +
    'minutes from now, or neither for no expected end. Once the expected end passes, the token\'s owner is asked in chat whether it is back; ' +
    'maintenance ends only when an admin ends it.',
  tags: ['maintenance'],
  params: idParams,
  body: {
    type: 'object',
    properties: {
      reason: { type: 'string', minLength: 1, maxLength: LAB_LIMITS.reasonMax * 2, description: 'Why (shown in status), at most 200 characters.' },
      until: nullable('string', { maxLength: 64, description: 'The expected end: ISO 8601 with Z or an offset, at most 90 days ahead.' }),
      minutes: { type: 'integer', minimum: 1, maximum: MAX_MINUTES, description: 'The expected end, as minutes from now.' },
    },
    required: ['reason'],
    additionalProperties: false,
  },
  response: { 200: testbedAnswer, 401: error, 403: error, 404: error, 409: error, 422: error },
} as const;

export const endMaintenanceSchema = {
  summary: 'Bring a testbed back into service (admin tokens)',
  description: 'Ends its maintenance; the first on its wait-list is offered it, as after a release.',
  tags: ['maintenance'],
  params: idParams,
  response: { 200: testbedAnswer, 401: error, 403: error, 404: error, 409: error },
} as const;

export const holdIdParams = {
  type: 'object',
  properties: { hold_id: { type: 'string', minLength: 1, maxLength: 64, description: 'From the answer to a hold.' } },
  required: ['hold_id'],
} as const;

export const holdAnySchema = {
  summary: 'Hold any free testbeds (optionally with a label), waiting if asked to',
  description:
    'All or nothing; the testbeds free longest first. When none is free and wait_seconds > 0 the request waits in line ' +
    '(first come, first served; an older request for more is not starved by newer ones for fewer) and answers as soon as it is ' +
    'granted; a client that disconnects leaves the line. With ttl_seconds the hold must be renewed (heartbeat) within that many ' +
    'seconds or the bot releases it.',
  tags: ['holds'],
  body: {
    type: 'object',
    properties: {
      label: { type: 'string', minLength: 1, maxLength: 32 },
      purpose,
      minutes,
      expected_release_time: expectedRelease,
      wait_seconds: { type: 'integer', minimum: 0, maximum: 3600, default: 0 },
      quantity: { type: 'integer', minimum: 1, maximum: 50, default: 1 },
      ttl_seconds: { type: 'integer', minimum: 60, maximum: 86_400 },
    },
    required: ['purpose'],
    additionalProperties: false,
  },
  response: {
    200: {
      type: 'object',
      properties: { testbeds: { type: 'array', items: { $ref: 'Testbed#' } }, hold_id: { type: 'string' } },
      required: ['testbeds', 'hold_id'],
    },
    401: error,
    409: error,
    422: error,
  },
} as const;

const holdAnswer = {
  type: 'object',
  properties: {
    hold_id: { type: 'string' },
    ttl_seconds: { type: ['integer', 'null'] },
    expires_at: { type: ['string', 'null'], format: 'date-time', description: 'Released by the bot unless renewed before this.' },
  },
  required: ['hold_id', 'ttl_seconds', 'expires_at'],
} as const;

export const heartbeatSchema = {
  summary: 'Renew a hold with a time-to-live',
  tags: ['holds'],
  params: holdIdParams,
  response: { 200: holdAnswer, 401: error, 403: error, 404: error, 409: error },
} as const;

export const extendHoldSchema = {
  summary: 'Extend every testbed of a hold',
  description:
    'Each testbed’s new end is counted from its own expected release (or from now when that has passed). When any of them ' +
    'would then end more than 90 days from now, none is extended (422).',
  tags: ['holds'],
  params: holdIdParams,
  body: { type: 'object', properties: { minutes }, required: ['minutes'], additionalProperties: false },
  response: {
    200: { type: 'object', properties: { testbeds: { type: 'array', items: { $ref: 'Testbed#' } } }, required: ['testbeds'] },
    401: error,
    403: error,
    404: error,
    409: error,
    422: error,
  },
} as const;

export const releaseHoldSchema = {
  summary: 'Release every testbed of a hold',
  tags: ['holds'],
  params: holdIdParams,
  response: {
    200: { type: 'object', properties: { testbeds: { type: 'array', items: { $ref: 'Testbed#' } } }, required: ['testbeds'] },
    401: error,
    403: error,
    404: error,
  },
} as const;
