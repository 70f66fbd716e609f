export type StoreErrorCode =
  | 'STORE_CORRUPT'
  | 'STORE_INVALID'
  | 'STORE_LOCKED'
  | 'STORE_WRITE'
  | 'STORE_RECORD_INVALID'
  /** Another testbed already has that name (ignoring case). */
  | 'STORE_NAME_TAKEN'
  | 'STORE_NOT_FOUND'
  | 'STORE_CANCELLED'
  /** The database cannot be reached or refused the connection (PostgreSQL). */
  | 'STORE_UNAVAILABLE'
  /** The database schema could not be brought up to date (PostgreSQL). */
  | 'STORE_SCHEMA'
  /**
   * Somebody else changed the record (or lifecycle entry, or digest fact) since this instance read
   * it (PostgreSQL, several instances): nothing was written; `current` holds what is stored now.
   */
  | 'STORE_CONFLICT';

/**
 * Every failure of the store: what went wrong (`code`), with which file (for PostgreSQL: the URL
 * with its password redacted), and the problems found.
 */
export class StoreError extends Error {
  readonly code: StoreErrorCode;
  readonly file: string;
  readonly problems: string[];
  /** STORE_CONFLICT: the value stored now (a testbed record, a lifecycle entry, the digest fact; null when gone). */
  readonly current?: unknown;
  constructor(code: StoreErrorCode, file: string, message: string, options: { problems?: string[]; cause?: unknown; current?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'StoreError';
    this.code = code;
    this.file = file;
    this.problems = options.problems ?? [];
    if ('current' in options) this.current = options.current;
  }
}
