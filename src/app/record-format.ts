/**
 * The recording format (RECORD_EVENTS): JSON lines, one object each.
 *
 *   {"kind":"recording", ...}   first line of every file: version and the few settings a replay needs
 *   {"kind":"event", ...}       a pseudonymised `message` or `cardAction` the router accepted
 *   {"kind":"connection", ...}  the bot's socket went down or came back
 *
 * Writing lives in recorder.ts; reading (with friendly problems per line) is here so the replay and
 * the tests share it.
 */
import * as yup from 'yup';
import type { ConnectionState, PlatformEvent } from '../platform/port.js';
import type { PersonPseudonym, RoomPseudonym } from './pseudonyms.js';

export const RECORD_VERSION = 1;

export interface RecordHeader {
  kind: 'recording';
  version: typeof RECORD_VERSION;
  /** When this file was started (ISO 8601 UTC). */
  at: string;
  botName: string;
  timeZone: string;
  conversationTimeoutMinutes: number;
  /** `kept`: free text as typed (emails replaced); `blanked`: RECORD_TEXT=off. */
  text: 'kept' | 'blanked';
}

export interface RecordedEvent {
  kind: 'event';
  /** The event's receive time. */
  at: string;
  event: PlatformEvent;
  person: PersonPseudonym;
  room: RoomPseudonym;
}

export interface RecordedConnection {
  kind: 'connection';
  at: string;
  state: ConnectionState;
}

export type RecordLine = RecordHeader | RecordedEvent | RecordedConnection;

const iso = () =>
  yup
    .string()
    .required()
    .test('iso', 'must be an ISO 8601 time', (value) => value === undefined || !Number.isNaN(Date.parse(value)));

const headerSchema = yup.object({
  kind: yup.string().oneOf(['recording']).required(),
  version: yup.number().oneOf([RECORD_VERSION], `version must be ${RECORD_VERSION}`).required(),
  at: iso(),
  botName: yup.string().required(),
  timeZone: yup.string().required(),
  conversationTimeoutMinutes: yup.number().integer().min(1).required(),
  text: yup.string().oneOf(['kept', 'blanked']).required(),
});

const personSchema = yup.object({ id: yup.string().required(), name: yup.string().required(), email: yup.string().required() });
const roomSchema = yup.object({ id: yup.string().required(), name: yup.string().required() });

const common = {
  id: yup.string().required(),
  roomId: yup.string().required(),
  roomType: yup.string().oneOf(['direct', 'group']).required(),
  personId: yup.string().required(),
  receivedAt: iso(),
};

const messageSchema = yup.object({ ...common, type: yup.string().oneOf(['message']).required(), personEmail: yup.string().required(), text: yup.string().defined() });
const cardActionSchema = yup.object({
  ...common,
  type: yup.string().oneOf(['cardAction']).required(),
  messageId: yup.string().required(),
  inputs: yup.object().required(),
});

const eventLineSchema = yup.object({ kind: yup.string().oneOf(['event']).required(), at: iso(), person: personSchema.required(), room: roomSchema.required() });
const connectionSchema = yup.object({
  kind: yup.string().oneOf(['connection']).required(),
  at: iso(),
  state: yup.string().oneOf(['connecting', 'connected', 'disconnected', 'stopped']).required(),
});

function problemOf(error: unknown): string {
  if (error instanceof yup.ValidationError) return error.errors.join('; ');
  return error instanceof Error ? error.message : String(error);
}

/** One line of a recording, or why it cannot be used (never throws). */
export function parseRecordLine(text: string): { ok: true; line: RecordLine } | { ok: false; problem: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, problem: 'not valid JSON' };
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { ok: false, problem: 'not a JSON object' };
  const kind = (value as { kind?: unknown }).kind;
  try {
    if (kind === 'recording') {
      headerSchema.validateSync(value, { strict: true, abortEarly: false });
      return { ok: true, line: value as RecordHeader };
    }
    if (kind === 'connection') {
      connectionSchema.validateSync(value, { strict: true, abortEarly: false });
      return { ok: true, line: value as RecordedConnection };
    }
    if (kind === 'event') {
      eventLineSchema.validateSync(value, { strict: true, abortEarly: false });
      const event = (value as { event?: unknown }).event as { type?: unknown } | undefined;
      if (event?.type === 'message') messageSchema.validateSync(event, { strict: true, abortEarly: false });
      else if (event?.type === 'cardAction') cardActionSchema.validateSync(event, { strict: true, abortEarly: false });
      else return { ok: false, problem: 'event.type must be "message" or "cardAction"' };
      return { ok: true, line: value as RecordedEvent };
    }
  } catch (error) {
    return { ok: false, problem: problemOf(error) };
  }
  return { ok: false, problem: 'kind must be "recording", "event" or "connection"' };
}

export interface ParsedRecording {
  header?: RecordHeader;
  lines: Array<RecordedEvent | RecordedConnection>;
  /** 1-based line numbers with what is wrong with them; those lines are left out. */
  problems: Array<{ line: number; problem: string }>;
}

/** A whole file: blank lines skipped, bad lines reported and left out, the rest in file order. */
export function parseRecording(text: string): ParsedRecording {
  const parsed: ParsedRecording = { lines: [], problems: [] };
  text.split(/\r?\n/).forEach((raw, index) => {
    if (raw.trim() === '') return;
    const result = parseRecordLine(raw);
    if (!result.ok) parsed.problems.push({ line: index + 1, problem: result.problem });
    else if (result.line.kind === 'recording') {
      if (parsed.header) parsed.problems.push({ line: index + 1, problem: 'a second header (files are rotated, not concatenated); left out' });
      else parsed.header = result.line;
    } else parsed.lines.push(result.line);
  });
  return parsed;
}
