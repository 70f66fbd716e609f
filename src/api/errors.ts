/**
 * Every error the API answers with is `{"error": "<code>", "message": "<words>"}` (plus, for some
 * codes, the facts a client needs, such as the holder). `ApiError` carries them from a handler to
 * the error handler; `validationMessage` words the schema validator's findings for people.
 */
export type ApiErrorCode =
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'invalid_body'
  | 'invalid_query'
  | 'invalid_json'
  | 'invalid_path'
  | 'body_too_large'
  | 'unsupported_media_type'
  | 'taken'
  | 'none_free'
  | 'not_in_use'
  | 'not_in_maintenance'
  | 'busy'
  | 'expired'
  | 'unavailable'
  | 'internal';

export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  /** Fields added to the body beside `error` and `message`. */
  readonly extra: Record<string, unknown>;
  constructor(status: number, code: ApiErrorCode, message: string, extra: Record<string, unknown> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.extra = extra;
  }
}

/** The parts of an Ajv error this module reads. */
export interface SchemaProblem {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

const article = (type: string) => (type === 'integer' || type === 'object' || type === 'array' ? `an ${type}` : `a ${type}`);

/** `"/minutes"` → `minutes`; `"/testbeds/0"` → `testbeds[0]`. */
function fieldOf(problem: SchemaProblem, child?: unknown): string {
  const parts = problem.instancePath.split('/').filter((part) => part !== '');
  if (typeof child === 'string') parts.push(child);
  const path = parts.map((part, i) => (/^\d+$/.test(part) ? `[${part}]` : i === 0 ? part : `.${part}`)).join('');
  return path;
}

/** One problem in words that name the field: "minutes must be an integer". */
export function problemWords(problem: SchemaProblem, what: string): string {
  const field = fieldOf(problem) || what;
  const p = problem.params;
  switch (problem.keyword) {
    case 'required':
      return `${fieldOf(problem, p.missingProperty)} is required`;
    case 'additionalProperties':
      return `"${String(p.additionalProperty)}" is not a field this endpoint takes`;
    case 'type':
      return `${field} must be ${String(p.type).split(',').map(article).join(' or ')}`;
    case 'minimum':
      return `${field} must be at least ${String(p.limit)}`;
    case 'maximum':
      return `${field} must be at most ${String(p.limit)}`;
    case 'minLength':
      return p.limit === 1 ? `${field} must not be empty` : `${field} must be at least ${String(p.limit)} characters`;
    case 'maxLength':
      return `${field} must be at most ${String(p.limit)} characters`;
    case 'enum':
      return `${field} must be one of ${(p.allowedValues as unknown[]).map(String).join(', ')}`;
    case 'pattern':
      // (A query's number arrives as text, checked to be digits.)
      return String(p.pattern).startsWith('^[0-9]') ? `${field} must be a whole number` : `${field} has characters it may not contain`;
    default:
      return `${field} ${problem.message ?? 'is not valid'}`;
  }
}

/** All problems of one request part, one sentence. */
export function validationMessage(problems: readonly SchemaProblem[], what: 'the body' | 'the query'): string {
  const words = [...new Set(problems.map((problem) => problemWords(problem, what)))];
  return `${words.join('; ')}.`;
}
