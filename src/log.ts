/**
 * The pino logger factory. Two layers keep secrets out of the output:
 * 1. `redact` paths blank known sensitive fields (Authorization headers, token and password fields);
 * 2. a last-line defence passes every serialized line through the shared scrubber (`secrets.ts`):
 *    each configured secret in its usual encodings, URL credentials and Bearer values.
 */
import pino from 'pino';
import { createScrubber, REDACTED } from './secrets.js';

const REDACT_PATHS = [
  'authorization',
  'Authorization',
  'token',
  'accessToken',
  'password',
  'headers.authorization',
  'headers.Authorization',
  'headers["proxy-authorization"]',
  '*.authorization',
  '*.Authorization',
  '*.token',
  '*.accessToken',
  '*.password',
  '*.headers.authorization',
  '*.headers.Authorization',
  '*.headers["proxy-authorization"]',
  '*.*.headers.authorization',
  '*.*.headers.Authorization',
];

export interface LoggerOptions {
  level: string;
  /** Exact strings that must never appear in output (the token, proxy passwords, proxy credentials). */
  secrets: string[];
  /** Where lines go; stdout (synchronously) when absent. */
  destination?: pino.DestinationStream;
}

export function createLogger(options: LoggerOptions): pino.Logger {
  const scrub = createScrubber(options.secrets);
  const destination = options.destination ?? pino.destination({ dest: 1, sync: true });
  return pino(
    {
      level: options.level,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACT_PATHS, censor: REDACTED },
      serializers: { err: serializeError, error: serializeError },
      hooks: { streamWrite: scrub },
    },
    destination,
  );
}

interface SerializedError {
  type: string;
  message: string;
  stack?: string;
  [key: string]: unknown;
}

/**
 * A compact error serializer: name, message, stack, primitive own fields (code, status, file…)
 * and the cause chain. Big request/response objects hanging off HTTP errors are left out.
 */
export function serializeError(error: unknown, depth = 0): SerializedError | unknown {
  if (!(error instanceof Error)) return error;
  const out: SerializedError = { type: error.name || error.constructor?.name || 'Error', message: error.message };
  if (error.stack) out.stack = error.stack;
  for (const [key, value] of Object.entries(error)) {
    if (key === 'message' || key === 'stack') continue;
    if (['string', 'number', 'boolean'].includes(typeof value) || value === null) out[key] = value;
    else if (Array.isArray(value) && value.every((v) => typeof v === 'string')) out[key] = value.slice(0, 50);
  }
  if (error.cause !== undefined && depth < 5) out.cause = serializeError(error.cause, depth + 1);
  return out;
}
