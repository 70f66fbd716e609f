/**
 * Small HTTP helpers shared by the emulator's routes: the error type handlers
 * throw, the platform's error body, JSON responses with the platform's headers,
 * request body reading and Link pagination cursors.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';

/** Thrown by handlers and operations; the dispatcher turns it into an error response. */
export class HttpError extends Error {
  readonly code = 'EMULATOR_HTTP_ERROR';
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const JSON_TYPE = 'application/json;charset=UTF-8';
const MAX_BODY_BYTES = 1_048_576;

export function newTrackingId(): string {
  return `EMU_${randomUUID()}`;
}

export function errorBody(message: string, trackingId: string): Record<string, unknown> {
  return { message, errors: [{ description: message }], trackingId };
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  trackingId: string,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent || res.destroyed) return;
  if (status === 204 || body === undefined) {
    res.writeHead(status, { TrackingID: trackingId, ...headers });
    res.end();
    return;
  }
  sendJsonText(res, status, JSON.stringify(body), trackingId, headers);
}

/** `sendJson` for a body already turned into JSON. */
export function sendJsonText(res: ServerResponse, status: number, text: string, trackingId: string, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, { TrackingID: trackingId, ...headers, 'Content-Type': JSON_TYPE, 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

export function sendError(res: ServerResponse, error: HttpError, trackingId: string): void {
  sendJson(res, error.status, errorBody(error.message, trackingId), trackingId, error.headers);
}

/** Reads the request body: parsed JSON, `undefined` when empty, HttpError 400 when not JSON. */
export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  // No length and no chunked encoding: the request has no body (most GETs); nothing to wait for.
  if (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined) {
    req.resume();
    return undefined;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = chunk as Buffer;
    size += buf.length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, 'Request entity too large.');
    chunks.push(buf);
  }
  const text = (chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)).toString('utf8').trim();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(400, 'The request body is not valid JSON.');
  }
}

export function bearerToken(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : undefined;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `max` query parameter, clamped to [1, cap]; the default when absent. */
export function clampMax(raw: string | null, fallback: number, cap: number): number {
  if (raw === null || raw === '') return fallback;
  const n = Number.parseInt(raw, 10);
  if (!Number.isFinite(n)) throw new HttpError(400, 'Invalid max parameter.');
  return Math.min(cap, Math.max(1, n));
}

/** Opaque pagination cursor: the creation sequence number of the last item returned. */
export function encodeCursor(afterSeq: number): string {
  return Buffer.from(JSON.stringify({ a: afterSeq }), 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string | null): number {
  if (!cursor) return -1;
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { a?: unknown };
    if (typeof parsed.a === 'number' && Number.isInteger(parsed.a)) return parsed.a;
  } catch {
    // fall through
  }
  throw new HttpError(400, 'Invalid cursor.');
}

/** Link header value for the next page: the same query with `name` set to `value`. */
export function nextPageLinkHeader(base: string, path: string, query: URLSearchParams, name: string, value: string): string {
  const next = new URLSearchParams(query);
  next.set(name, value);
  return `<${base}${path}?${next.toString()}>; rel="next"`;
}

/**
 * One page of `items` (already sorted and filtered) after the cursor; adds a
 * Link header when more remain.
 */
export function paginate<T extends { seq: number }>(
  items: T[],
  query: URLSearchParams,
  opts: { base: string; path: string; fallbackMax: number; cap: number },
): { page: T[]; headers: Record<string, string> } {
  const max = clampMax(query.get('max'), opts.fallbackMax, opts.cap);
  const after = decodeCursor(query.get('cursor'));
  const rest = items.filter((item) => item.seq > after);
  const page = rest.slice(0, max);
  const headers: Record<string, string> = {};
  if (rest.length > max && page.length > 0) {
    headers.Link = nextPageLinkHeader(opts.base, opts.path, query, 'cursor', encodeCursor(page[page.length - 1].seq));
  }
  return { page, headers };
}
