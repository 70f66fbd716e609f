/**
 * `npm run store`: backups of the store.
 *   npm run store -- export > backup.json     prints one JSON object (testbeds, rooms, lifecycle, history)
 *   npm run store -- import backup.json       writes a backup (or a plain {"testbeds": [...]}) back
 * The files are the ones the bot uses (TESTBED_DB_NAME, BROADCAST_DB_NAME, LIFECYCLE_DB_NAME,
 * HISTORY_DB_NAME from the environment or .env); with STORE_URL set, the PostgreSQL database. Import refuses while a bot holds the store, and
 * checks the whole backup before it writes anything. Exit codes: 0 done, 1 refused or failed, 2 usage.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { readSettings, type Env } from '../config/env.js';
import { dbPaths } from '../config/schema.js';
import { StoreError } from './errors.js';
import { exportJsonStore, importJsonStore, planImport, type ImportSummary, type StorePaths } from './export.js';
import { exportPgStore, importPgStore } from './export-pg.js';
import { acquireLock } from './lock.js';

export const USAGE = [
  'Usage: npm run store -- export > backup.json',
  '       npm run store -- import backup.json',
  '',
  'export  prints the whole store as one JSON object: testbeds, broadcast rooms, lifecycle (wait-lists,',
  '        offers, reminder facts) and history. Safe while the bot runs.',
  'import  replaces the store with a backup, or the testbeds with a plain {"testbeds": [...]} document.',
  '        Stop the bot first. Nothing is written unless the whole file is valid.',
].join('\n');

export interface StoreCommandIo {
  argv: string[];
  env: Env;
  /** Folder whose `.env` is read and against which relative paths resolve. */
  cwd: string;
  out: (text: string) => void;
  err: (text: string) => void;
  /** ISO 8601 UTC. */
  now: () => string;
}

/** The JSON files the bot would use with these settings. */
export function storePaths(settings: Env, cwd: string): StorePaths {
  const paths = dbPaths(settings, cwd);
  return {
    testbeds: paths.testbedDbPath,
    broadcastRooms: paths.broadcastDbPath,
    lifecycle: paths.lifecycleDbPath,
    // HISTORY_DB_NAME; unset: beside the testbed document, like the lifecycle file.
    history: settings.HISTORY_DB_NAME ? resolve(cwd, settings.HISTORY_DB_NAME) : join(dirname(paths.testbedDbPath), 'history.jsonl'),
  };
}

type Command = { kind: 'export' } | { kind: 'import'; file: string } | { kind: 'help' };

function parseCommand(argv: string[]): Command | { problem: string } {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: { help: { type: 'boolean', short: 'h' } }, strict: true, allowPositionals: true });
  } catch (error) {
    const quoted = error instanceof Error ? /'([^']+)'/.exec(error.message)?.[1] : undefined;
    return { problem: `Unknown argument "${quoted ?? argv.join(' ')}".` };
  }
  if (parsed.values.help) return { kind: 'help' };
  const [command, ...rest] = parsed.positionals;
  if (command === 'export') return rest.length === 0 ? { kind: 'export' } : { problem: 'export takes no file: it prints to standard output (npm run store -- export > backup.json).' };
  if (command === 'import') {
    if (rest.length !== 1) return { problem: 'import needs exactly one file: npm run store -- import backup.json' };
    return { kind: 'import', file: rest[0] };
  }
  return { problem: command === undefined ? 'Say export or import.' : `Unknown command "${command}": use export or import.` };
}

/** Runs the command; returns the exit code. */
export async function runStoreCommand(io: StoreCommandIo): Promise<number> {
  const command = parseCommand(io.argv);
  if ('problem' in command) {
    io.err(`Error: ${command.problem}\n\n${USAGE}\n`);
    return 2;
  }
  if (command.kind === 'help') {
    io.out(`${USAGE}\n`);
    return 0;
  }
  const settings = readSettings(io.env, io.cwd);
  if (settings.STORE_URL) return postgresCommand(io, settings.STORE_URL, command);
  const paths = storePaths(settings, io.cwd);
  try {
    if (command.kind === 'export') {
      const backup = await exportJsonStore(paths, { now: io.now(), warn: (text) => io.err(`Warning: ${text}\n`) });
      io.out(`${JSON.stringify(backup, null, 2)}\n`);
      return 0;
    }
    return await importCommand(io, paths, command.file);
  } catch (error) {
    if (error instanceof StoreError) {
      io.err(`Error: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

/** STORE_URL set: the same commands against PostgreSQL (the password never appears in what is printed). */
async function postgresCommand(io: StoreCommandIo, url: string, command: { kind: 'export' } | { kind: 'import'; file: string }): Promise<number> {
  try {
    if (command.kind === 'export') {
      const backup = await exportPgStore(url, { now: io.now() });
      io.out(`${JSON.stringify(backup, null, 2)}\n`);
      return 0;
    }
    const text = await readImportFile(io, command.file);
    if (text === null) return 1;
    const summary = await importPgStore(url, planImport(text, command.file));
    io.out(describeSummary(command.file, summary));
    return 0;
  } catch (error) {
    if (error instanceof StoreError) {
      const refused = error.code === 'STORE_LOCKED' ? 'import refused: ' : '';
      io.err(`Error: ${refused}${error.message}${refused ? '. Nothing was changed.' : ''}\n`);
      return 1;
    }
    throw error;
  }
}

async function readImportFile(io: StoreCommandIo, file: string): Promise<string | null> {
  try {
    return await readFile(resolve(io.cwd, file), 'utf8');
  } catch (error) {
    const reason = (error as { code?: string }).code === 'ENOENT' ? 'there is no such file' : error instanceof Error ? error.message : String(error);
    io.err(`Error: cannot read ${file}: ${reason}. Nothing was changed.\n`);
    return null;
  }
}

async function importCommand(io: StoreCommandIo, paths: StorePaths, file: string): Promise<number> {
  const text = await readImportFile(io, file);
  if (text === null) return 1;
  // Checked before the lock, so a bad file is reported even while the bot runs.
  const plan = planImport(text, file);
  let lock;
  try {
    await mkdir(dirname(paths.testbeds), { recursive: true });
    lock = await acquireLock(`${paths.testbeds}.lock`, paths.testbeds);
  } catch (error) {
    if (error instanceof StoreError && error.code === 'STORE_LOCKED') {
      io.err(`Error: import refused: ${error.message}. Nothing was changed.\n`);
      return 1;
    }
    throw error;
  }
  try {
    const summary = await importJsonStore(paths, plan);
    io.out(describeSummary(file, summary));
    return 0;
  } finally {
    await lock.release();
  }
}

function describeSummary(file: string, summary: ImportSummary): string {
  const lines = [`Imported ${file}:`, `  testbeds: ${summary.testbeds}`];
  if (summary.broadcastRooms !== null) lines.push(`  broadcast rooms: ${summary.broadcastRooms}`);
  lines.push(`  lifecycle entries: ${summary.lifecycleEntries}${summary.lifecycleCleared ? ' (the earlier wait-lists, offers and reminder facts were cleared: the backup had none)' : ''}`);
  lines.push(summary.historyLines === null ? '  history: unchanged (the backup had none)' : `  history lines: ${summary.historyLines}`);
  lines.push(`Written: ${summary.written.join(', ')}`);
  return `${lines.join('\n')}\n`;
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (invokedDirectly) {
  const code = await runStoreCommand({
    argv: process.argv.slice(2),
    env: process.env,
    cwd: process.cwd(),
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
    now: () => new Date().toISOString(),
  });
  process.exitCode = code;
}
