/**
 * RECORD_EVENTS: every event the router accepted is appended to a JSON-lines
 * file, pseudonymised (pseudonyms.ts), so a developer can replay a morning on a
 * laptop (`npm run replay`). The token never reaches the file; free text is
 * kept (emails replaced) unless RECORD_TEXT=off blanks it.
 *
 * Each file has its own salt, so a file is rotated (path → path.1 → … →
 * path.N) when it would outgrow RECORD_MAX_MB and when the bot starts with a
 * non-empty file. Writing never blocks or fails event handling: lines are
 * queued, a write problem is logged once (without the line) and recording
 * carries on with the next line.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, stat, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Logger } from 'pino';
import { configSecrets, type Config } from '../config.js';
import type { ConnectionState, PlatformEvent } from '../platform/port.js';
import type { TestbedRecord } from '../domain.js';
import { HANDOFF_FORM, INPUT_IDS } from '../cards/actions.js';
import { roomChoiceValues } from '../cards/broadcast-actions.js';
import { Pseudonyms } from './pseudonyms.js';
import { isCommandText } from './router.js';
import { RECORD_VERSION, type RecordHeader, type RecordLine, type RecordedEvent } from './record-format.js';

export interface Recorder {
  /** Queues one accepted event; `broadcastRoomIds` lets room choices be pseudonymised like room ids. */
  record(event: PlatformEvent, context?: RecordContext): void;
  connection(state: ConnectionState): void;
  /** Resolves when every queued line has been written (or given up on). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export interface RecordContext {
  broadcastRoomIds?: string[];
  /** The testbeds as the event found them: a typed command naming one of them is kept as written. */
  testbeds?: readonly Pick<TestbedRecord, 'testbed_name' | 'labels'>[];
}

export interface RecorderOptions {
  path: string;
  keepText: boolean;
  maxBytes: number;
  /** Strings that must never be written (the token, proxy credentials). */
  secrets: string[];
  logger: Logger;
  settings: Pick<RecordHeader, 'botName' | 'timeZone' | 'conversationTimeoutMinutes'>;
  now?: () => Date;
  /** How many rotated files are kept (path.1 is the newest). Default 5. */
  keepFiles?: number;
  /** Lines waiting for the disk beyond this are dropped (and that is logged). Default 10 000. */
  maxQueued?: number;
}

/** Card inputs that hold choices, dates or numbers rather than words somebody wrote. */
const STRUCTURED_INPUTS: ReadonlySet<string> = new Set([
  'action',
  'page',
  INPUT_IDS.testbedId,
  INPUT_IDS.releaseChoice,
  INPUT_IDS.releaseDate,
  INPUT_IDS.releaseTime,
  INPUT_IDS.label,
  INPUT_IDS.minutes,
  'message_kind',
  'select_all',
  // What the bot's own buttons carry: a report's window, the form a button opens or books from, the testbed a
  // form starts on or a status is of.
  'days',
  HANDOFF_FORM.key,
  'start_on',
  'status_of',
  // The testbed a booking moves to (Switch), and the one whose booking an admin extends or hands over (Extend theirs, Hand over for them).
  'to_testbed_id',
  'for_testbed_id',
]);
/**
 * Inputs that hold an instant: an Extend button's `until`, or the date an admin types for the end of a
 * maintenance. Kept while they read as a date and time (digits and `-:.TZ+`), blanked otherwise.
 */
const INSTANT_INPUTS: ReadonlySet<string> = new Set(['until']);
const INSTANT_TEXT = /^[\d\s:.TZ+-]{1,40}$/;
const ROOM_LIST_INPUT = 'room_ids';

export interface PseudonymiseOptions extends RecordContext {
  keepText: boolean;
}

/** The event as it is written: ids hashed, people and rooms labelled, free text kept or blanked. */
export function pseudonymiseEvent(event: PlatformEvent, names: Pseudonyms, options: PseudonymiseOptions): RecordedEvent {
  const room = names.room(event.roomId);
  const person = names.person(event.personId, event.type === 'message' ? event.personEmail : undefined);
  const freeText = (value: string) => (options.keepText ? names.text(value) : names.blank(value));
  const common = { roomId: room.id, roomType: event.roomType, personId: person.id, receivedAt: event.receivedAt };
  if (event.type === 'message') {
    const text = isCommandText(event.text, options.testbeds) ? event.text : freeText(event.text);
    return {
      kind: 'event',
      at: event.receivedAt,
      event: { type: 'message', id: names.opaque('message', event.id), ...common, personEmail: person.email, text },
      person,
      room,
    };
  }
  const inputs: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(event.inputs)) {
    if (key === ROOM_LIST_INPUT && typeof value === 'string') inputs[key] = roomList(value, names, options.broadcastRoomIds ?? []);
    else if (STRUCTURED_INPUTS.has(key)) inputs[key] = deepMap(value, (text) => names.text(text));
    else if (INSTANT_INPUTS.has(key)) inputs[key] = deepMap(value, (text) => (INSTANT_TEXT.test(text) ? names.text(text) : freeText(text)));
    else inputs[key] = deepMap(value, freeText);
  }
  return {
    kind: 'event',
    at: event.receivedAt,
    event: { type: 'cardAction', id: names.opaque('action', event.id), ...common, messageId: names.opaque('message', event.messageId), inputs },
    person,
    room,
  };
}

/** Room choices (full ids or the card's short codes) become room pseudonyms; anything else an opaque token. */
function roomList(value: string, names: Pseudonyms, broadcastRoomIds: string[]): string {
  const byToken = new Map<string, string>();
  for (const [id, code] of roomChoiceValues(broadcastRoomIds)) byToken.set(code, id);
  for (const id of broadcastRoomIds) byToken.set(id, id);
  return value
    .split(',')
    .map((token) => token.trim())
    .filter((token) => token !== '')
    .map((token) => {
      const id = byToken.get(token);
      return id ? names.room(id).id : names.opaque('token', token);
    })
    .join(',');
}

function deepMap(value: unknown, mapString: (text: string) => string): unknown {
  if (typeof value === 'string') return mapString(value);
  if (Array.isArray(value)) return value.map((item) => deepMap(item, mapString));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, deepMap(item, mapString)]));
  }
  return value;
}

interface OpenFile {
  handle: FileHandle;
  names: Pseudonyms;
  size: number;
  headerSize: number;
}

export function createRecorder(options: RecorderOptions): Recorder {
  const { path, logger } = options;
  const now = options.now ?? (() => new Date());
  const keepFiles = Math.max(1, options.keepFiles ?? 5);
  const maxQueued = options.maxQueued ?? 10_000;
  let file: OpenFile | undefined;
  let closed = false;
  let queued = 0;
  let chain: Promise<void> = Promise.resolve();
  let reportedFailure = false;
  let reportedOverflow = false;

  async function rotate(): Promise<void> {
    for (let n = keepFiles - 1; n >= 1; n--) await rename(`${path}.${n}`, `${path}.${n + 1}`).catch(ignoreMissing);
    await rename(path, `${path}.1`).catch(ignoreMissing);
  }

  /** Opens a new file for `names`; its header is dated no later than its first line. */
  async function openFresh(names: Pseudonyms, firstAt: string): Promise<OpenFile> {
    await mkdir(dirname(path), { recursive: true });
    // A file left by an earlier run has another salt: keep it as path.1 and start a new one.
    const existing = await stat(path).catch(() => undefined);
    if (existing?.isFile() && existing.size > 0) await rotate();
    const handle = await open(path, 'a', 0o600);
    const started = now().toISOString();
    const header: RecordHeader = {
      kind: 'recording',
      version: RECORD_VERSION,
      at: Date.parse(firstAt) < Date.parse(started) ? firstAt : started,
      ...options.settings,
      text: options.keepText ? 'kept' : 'blanked',
    };
    const text = `${JSON.stringify(header)}\n`;
    await handle.write(text);
    const size = Buffer.byteLength(text);
    return { handle, names, size, headerSize: size };
  }

  async function write(build: (names: Pseudonyms) => RecordLine): Promise<void> {
    if (file) {
      const text = `${JSON.stringify(build(file.names))}\n`;
      if (file.size + Buffer.byteLength(text) <= options.maxBytes || file.size === file.headerSize) {
        await file.handle.write(text);
        file.size += Buffer.byteLength(text);
        return;
      }
      await file.handle.close();
      file = undefined;
      await rotate();
    }
    // Pseudonyms are per file: a new file gets a new salt, and its lines are built with it.
    const names = new Pseudonyms(randomBytes(32), options.secrets);
    const line = build(names);
    const text = `${JSON.stringify(line)}\n`;
    file = await openFresh(names, line.at);
    await file.handle.write(text);
    file.size += Buffer.byteLength(text);
  }

  function enqueue(build: (names: Pseudonyms) => RecordLine): void {
    if (closed) return;
    if (queued >= maxQueued) {
      if (!reportedOverflow) logger.warn({ path, maxQueued }, 'event recording falls behind the disk; lines are being dropped');
      reportedOverflow = true;
      return;
    }
    queued++;
    chain = chain
      .then(() => write(build))
      .then(() => {
        reportedFailure = false;
        reportedOverflow = false;
      })
      .catch(async (error: unknown) => {
        if (!reportedFailure) logger.warn({ err: error, path }, 'could not write the event recording; later events are still tried');
        reportedFailure = true;
        await file?.handle.close().catch(() => undefined);
        file = undefined;
      })
      .finally(() => {
        queued--;
      });
  }

  return {
    record(event, context = {}) {
      enqueue((names) => pseudonymiseEvent(event, names, { keepText: options.keepText, ...context }));
    },
    connection(state) {
      const at = now().toISOString();
      enqueue(() => ({ kind: 'connection', at, state }));
    },
    flush: () => chain,
    async close() {
      closed = true;
      await chain;
      await file?.handle.close().catch(() => undefined);
      file = undefined;
    },
  };
}

/** The recorder RECORD_EVENTS asks for, or undefined when recording is off. */
export function recorderFromConfig(config: Config, logger: Logger): Recorder | undefined {
  if (!config.record) return undefined;
  return createRecorder({
    ...config.record,
    secrets: configSecrets(config),
    logger: logger.child({ component: 'recorder' }),
    settings: { botName: config.botName, timeZone: config.displayTimeZone, conversationTimeoutMinutes: Math.round(config.conversationTimeoutMs / 60_000) },
  });
}

function ignoreMissing(error: unknown): void {
  if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
}
