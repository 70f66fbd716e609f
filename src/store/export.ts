/**
 * Backups of the store as one JSON object (the format is described in docs/store.md):
 *
 *   { "format": "testbed-monitor-backup", "version": 1, "exported_at": "…Z", "source": "json",
 *     "testbeds": [ …the records, exactly as testbeds.json holds them… ], …the document's other keys,
 *     "broadcast_rooms": [ … ], "lifecycle": [ … ], …, "history": [ …one object per history line… ] }
 *
 * Every top-level key of every document becomes a key of the backup, and on import each key goes
 * back to the document whose schema declares it, so a key added to a document schema travels
 * without a change here. `history` is the history file, one array item per line. A plain testbed
 * document (`{"testbeds": [...]}`, as the original bot wrote it) is a backup with one section.
 *
 * Import checks everything before it writes anything, and writes each file atomically. Documents
 * the backup does not mention are left as they are, with one exception: testbeds imported without
 * `lifecycle` clear the per-testbed lifecycle entries (wait-lists, offers, reminder facts), which
 * described the records being replaced.
 */
import { mkdir, open, readFile, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type * as yup from 'yup';
import { isIsoUtcTimestamp } from '../time-rules.js';
import { AtomicJsonFileAdapter } from './db.js';
import { StoreError } from './errors.js';
import { emptyLifecycleDocument, lifecycleDocumentProblems, lifecycleDocumentSchema } from './lifecycle-schema.js';
import { describe as describeError, isCode } from './lock.js';
import {
  broadcastRoomsDocumentProblems,
  broadcastRoomsDocumentSchema,
  emptyBroadcastRoomsDocument,
  emptyTestbedsDocument,
  testbedsDocumentProblems,
  testbedsDocumentSchema,
} from './schema.js';

export const BACKUP_FORMAT = 'testbed-monitor-backup';
export const BACKUP_VERSION = 1;
/** Keys that describe the backup itself rather than a document. */
const META_KEYS = ['format', 'version', 'exported_at', 'source'] as const;
const HISTORY_KEY = 'history';

export interface StorePaths {
  testbeds: string;
  broadcastRooms: string;
  lifecycle: string;
  history: string;
}

type DocumentName = 'testbeds' | 'broadcastRooms' | 'lifecycle';
type Document = Record<string, unknown>;

interface DocumentKind {
  name: DocumentName;
  /** The top-level keys its schema declares (the backup keys it owns). */
  keys: string[];
  empty: () => Document;
  problems: (document: unknown) => string[];
}

const keysOf = (schema: yup.AnyObjectSchema) => Object.keys(schema.fields);

const DOCUMENTS: DocumentKind[] = [
  { name: 'testbeds', keys: keysOf(testbedsDocumentSchema), empty: () => ({ ...emptyTestbedsDocument() }), problems: testbedsDocumentProblems },
  {
    name: 'broadcastRooms',
    keys: keysOf(broadcastRoomsDocumentSchema),
    empty: () => ({ ...emptyBroadcastRoomsDocument() }),
    problems: broadcastRoomsDocumentProblems,
  },
  { name: 'lifecycle', keys: keysOf(lifecycleDocumentSchema), empty: () => ({ ...emptyLifecycleDocument() }), problems: lifecycleDocumentProblems },
];

/** One history line as a backup carries it: any object with at least these three fields. */
export interface HistoryLine {
  at: string;
  event: string;
  testbed_id: number;
  [detail: string]: unknown;
}

export interface Backup {
  format: typeof BACKUP_FORMAT;
  version: number;
  exported_at: string;
  source: 'json' | 'postgres';
  testbeds: unknown[];
  history: HistoryLine[];
  [key: string]: unknown;
}

export type Warn = (text: string) => void;

/* ------------------------------------------------------------------------------------------- */
/* Export                                                                                       */
/* ------------------------------------------------------------------------------------------- */

/**
 * Reads the JSON files (a missing one counts as empty) into one backup. Invalid documents are
 * refused with every problem named; unreadable history lines (a torn last line) are skipped with
 * a warning. Reads without the lock: each file is replaced atomically by the bot, so each is read
 * whole, and a backup taken while the bot runs is as fresh as the moment each file was read.
 */
export async function exportJsonStore(paths: StorePaths, options: { now: string; warn?: Warn }): Promise<Backup> {
  const documents: Document[] = [];
  for (const kind of DOCUMENTS) {
    const file = pathOf(paths, kind.name);
    const document = (await readJsonDocument(file)) ?? kind.empty();
    const problems = kind.problems(document);
    if (problems.length > 0) throw invalid(file, `${file} is invalid, so it cannot be exported:${shown(problems)}`, problems);
    documents.push(document);
  }
  const history = await readHistory(paths.history, options.warn ?? (() => undefined));
  const meta = { format: BACKUP_FORMAT, version: BACKUP_VERSION, exported_at: options.now, source: 'json' } as const;
  return { ...meta, testbeds: [], ...Object.assign({}, ...documents), history } as Backup;
}

async function readJsonDocument(file: string): Promise<Document | null> {
  return new AtomicJsonFileAdapter<Document>(file).read();
}

async function readHistory(file: string, warn: Warn): Promise<HistoryLine[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if (isCode(error, 'ENOENT')) return [];
    throw new StoreError('STORE_CORRUPT', file, `${file} cannot be read (${describeError(error)})`);
  }
  const lines: HistoryLine[] = [];
  text.split('\n').forEach((line, index) => {
    if (line.trim() === '') return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      warn(`${file} line ${index + 1} is not complete JSON (a line cut short by a crash?); it is left out of the backup`);
      return;
    }
    const problems = historyLineProblems(parsed, `line ${index + 1}`);
    if (problems.length > 0) {
      warn(`${file} ${problems[0]}; the line is left out of the backup`);
      return;
    }
    lines.push(parsed as HistoryLine);
  });
  return lines;
}

/* ------------------------------------------------------------------------------------------- */
/* Import                                                                                       */
/* ------------------------------------------------------------------------------------------- */

/** What a checked backup will write. */
export interface ImportPlan {
  /** The documents the backup names, complete (keys it leaves out are empty). */
  documents: Partial<Record<DocumentName, Document>>;
  /** The backup's history lines, or null to leave the history file alone. */
  history: HistoryLine[] | null;
}

export interface ImportSummary {
  testbeds: number;
  broadcastRooms: number | null;
  lifecycleEntries: number;
  /** True when the lifecycle entries were cleared because the backup had none. */
  lifecycleCleared: boolean;
  historyLines: number | null;
  /** The files written, in order. */
  written: string[];
}

/** npm prints `> package script` lines before a script's own output; `npm run store -- export > file` keeps them. */
const NPM_BANNER = /^(?:[ \t]*\r?\n|>[^\n]*\n)*/;

/**
 * Reads and checks a backup (or a plain testbed document). Throws a StoreError STORE_INVALID that
 * lists every problem; `source` names the input in messages.
 */
export function planImport(text: string, source: string): ImportPlan {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.replace(NPM_BANNER, ''));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw invalid(source, `${source} is not valid JSON (${reason}); nothing was changed`, [reason]);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw invalid(source, `${source} must hold one JSON object with a "testbeds" array; nothing was changed`, ['the backup must be a JSON object']);
  }
  const input = parsed as Record<string, unknown>;
  const problems: string[] = [];
  if ('format' in input && input.format !== BACKUP_FORMAT) problems.push(`format must be "${BACKUP_FORMAT}" (this is not a Testbed Monitor backup)`);
  if ('version' in input && !(Number.isInteger(input.version) && (input.version as number) >= 1)) {
    problems.push('version must be a whole number');
  } else if ('version' in input && (input.version as number) > BACKUP_VERSION) {
    problems.push(`version ${String(input.version)} was written by a newer bot; this one reads version ${BACKUP_VERSION}`);
  }
  if (!('testbeds' in input)) problems.push('the backup has no "testbeds" array');

  const owner = new Map<string, DocumentKind>(DOCUMENTS.flatMap((kind) => kind.keys.map((key) => [key, kind] as const)));
  const documents: Partial<Record<DocumentName, Document>> = {};
  for (const [key, value] of Object.entries(input)) {
    if ((META_KEYS as readonly string[]).includes(key) || key === HISTORY_KEY) continue;
    const kind = owner.get(key);
    if (!kind) {
      problems.push(`unknown section "${key}" (known: ${[...owner.keys(), HISTORY_KEY].join(', ')})`);
      continue;
    }
    documents[kind.name] ??= kind.empty();
    documents[kind.name]![key] = value;
  }
  for (const kind of DOCUMENTS) {
    const document = documents[kind.name];
    if (document) problems.push(...kind.problems(document));
  }
  const history = HISTORY_KEY in input ? input[HISTORY_KEY] : null;
  if (history !== null) problems.push(...historyProblems(history));
  if (documents.testbeds && documents.lifecycle) problems.push(...orphanProblems(documents.testbeds, documents.lifecycle));
  if (problems.length > 0) throw invalid(source, `${source} was not imported (nothing was changed):${shown(problems)}`, problems);
  return { documents, history: history as HistoryLine[] | null };
}

/**
 * Writes a checked backup into the JSON files. The caller holds the store lock. Files the backup
 * does not name are kept; the lifecycle file is re-checked with the entries cleared when needed.
 */
export async function importJsonStore(paths: StorePaths, plan: ImportPlan): Promise<ImportSummary> {
  const writes: { file: string; write: () => Promise<void> }[] = [];
  let lifecycle = plan.documents.lifecycle;
  let lifecycleCleared = false;
  if (plan.documents.testbeds && !lifecycle) {
    // The per-testbed entries described the records being replaced; other lifecycle keys stay.
    const current = (await readJsonDocument(paths.lifecycle)) ?? emptyLifecycleDocument();
    lifecycle = { ...current, lifecycle: [] };
    const before = (current as Document).lifecycle;
    lifecycleCleared = Array.isArray(before) && before.length > 0;
    const problems = lifecycleDocumentProblems(lifecycle);
    if (problems.length > 0) throw invalid(paths.lifecycle, `${paths.lifecycle} is invalid; fix it before importing:${shown(problems)}`, problems);
  }
  if (plan.history) {
    const text = plan.history.map((line) => `${JSON.stringify(line)}\n`).join('');
    writes.push({ file: paths.history, write: () => writeTextAtomic(paths.history, text) });
  }
  if (plan.documents.broadcastRooms) writes.push(documentWrite(paths.broadcastRooms, plan.documents.broadcastRooms));
  if (lifecycle) writes.push(documentWrite(paths.lifecycle, lifecycle));
  if (plan.documents.testbeds) writes.push(documentWrite(paths.testbeds, plan.documents.testbeds));

  const written: string[] = [];
  for (const { file, write } of writes) {
    try {
      await mkdir(dirname(file), { recursive: true });
      await write();
    } catch (error) {
      const done = written.length > 0 ? `; already written: ${written.join(', ')} (run the import again)` : '; nothing was changed';
      throw new StoreError('STORE_WRITE', file, `${describeError(error)}${done}`);
    }
    written.push(file);
  }
  const count = (document: Document | undefined, key: string) => (document ? ((document[key] as unknown[]) ?? []).length : null);
  return {
    testbeds: count(plan.documents.testbeds, 'testbeds') ?? 0,
    broadcastRooms: count(plan.documents.broadcastRooms, 'broadcast_rooms'),
    lifecycleEntries: count(lifecycle, 'lifecycle') ?? 0,
    lifecycleCleared,
    historyLines: plan.history ? plan.history.length : null,
    written,
  };
}

function documentWrite(file: string, document: Document) {
  return { file, write: () => new AtomicJsonFileAdapter<Document>(file).write(document) };
}

/* ------------------------------------------------------------------------------------------- */
/* Checks and helpers                                                                           */
/* ------------------------------------------------------------------------------------------- */

function historyLineProblems(line: unknown, where: string): string[] {
  if (line === null || typeof line !== 'object' || Array.isArray(line)) return [`${where} must be an object`];
  const { at, event, testbed_id: id } = line as Record<string, unknown>;
  const problems: string[] = [];
  if (!isIsoUtcTimestamp(at)) problems.push(`${where}.at must be an ISO 8601 UTC timestamp ending in Z`);
  if (typeof event !== 'string' || event.trim() === '') problems.push(`${where}.event must be a non-empty string`);
  if (!(typeof id === 'number' && Number.isInteger(id) && id > 0)) problems.push(`${where}.testbed_id must be a positive whole number`);
  return problems;
}

function historyProblems(history: unknown): string[] {
  if (!Array.isArray(history)) return ['history must be an array of history lines'];
  return history.flatMap((line, index) => historyLineProblems(line, `history[${index}]`));
}

/** Lifecycle entries must belong to a testbed of the backup (in service or retired). */
function orphanProblems(testbeds: Document, lifecycle: Document): string[] {
  const ids = new Set<unknown>();
  for (const key of ['testbeds', 'retired']) {
    const list = testbeds[key];
    if (Array.isArray(list)) for (const item of list) ids.add((item as { id?: unknown })?.id);
  }
  const entries = Array.isArray(lifecycle.lifecycle) ? lifecycle.lifecycle : [];
  return entries.flatMap((entry, index) => {
    const id = (entry as { testbed_id?: unknown })?.testbed_id;
    return ids.has(id) ? [] : [`lifecycle[${index}].testbed_id ${String(id)} names no testbed in the backup`];
  });
}

function pathOf(paths: StorePaths, name: DocumentName): string {
  return name === 'testbeds' ? paths.testbeds : name === 'broadcastRooms' ? paths.broadcastRooms : paths.lifecycle;
}

/** Problems as an indented list under the sentence that introduces them (at most 20, then a count). */
function shown(problems: string[]): string {
  const more = problems.length > 20 ? `\n  … and ${problems.length - 20} more` : '';
  return `${problems.slice(0, 20).map((problem) => `\n  - ${problem}`).join('')}${more}`;
}

function invalid(file: string, message: string, problems: string[]): StoreError {
  return new StoreError('STORE_INVALID', file, message, { problems });
}

let tempCounter = 0;

/** Temp file beside the target, fsync, rename over it; the old file stays whole on any failure. */
async function writeTextAtomic(file: string, text: string): Promise<void> {
  const temp = join(dirname(file), `.${basename(file)}.${process.pid}.${++tempCounter}.tmp`);
  try {
    const handle = await open(temp, 'wx', 0o644);
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
}
