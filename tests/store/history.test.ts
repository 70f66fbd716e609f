import { constants, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../src/domain.js';
import { historyRecorder, openHistory, type HistoryLog, type StoreLogger } from '../../src/store/history.js';
import { openStore, type Store } from '../../src/store/index.js';
import { available, tempDir } from './records.js';
import { openFilesOf } from '../support/open-files.js';

const ADA = { email: 'ada@example.com', name: 'Ada Ops' };
const AT = '2026-03-02T10:00:00.000Z';

function queued(id: number, position: number): HistoryEntry {
  return { at: AT, event: 'queued', testbed_id: id, testbed_name: `lab-${id}`, by: ADA, position };
}

/** A logger that keeps what it was told. */
function keepingLogger() {
  const lines: Array<{ level: 'warn' | 'error'; details: object; message: string }> = [];
  const logger: StoreLogger = {
    warn: (details, message) => lines.push({ level: 'warn', details, message }),
    error: (details, message) => lines.push({ level: 'error', details, message }),
  };
  return { logger, lines };
}

const linesOf = (path: string) => readFileSync(path, 'utf8').split('\n');

describe('history file', () => {
  let dir: string;
  let path: string;
  const opened: Array<HistoryLog | Store> = [];
  beforeEach(() => {
    dir = tempDir('history-');
    path = join(dir, 'history.jsonl');
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((item) => item.close()));
    rmSync(dir, { recursive: true, force: true });
  });

  it('appends one JSON line per entry, in the order asked, across concurrent appends', async () => {
    const history = await openHistory(path);
    opened.push(history);
    await Promise.all(Array.from({ length: 50 }, (_, i) => history.append([queued(1, i * 2 + 1), queued(2, i * 2 + 2)])));
    const lines = linesOf(path);
    expect(lines.at(-1)).toBe('');
    const entries = lines.slice(0, -1).map((line) => JSON.parse(line) as HistoryEntry & { position: number });
    expect(entries.map((entry) => entry.position)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(entries[0]).toEqual(queued(1, 1));
  });

  it('writes an append made the moment the previous one resolved (awaited one after another)', async () => {
    const history = await openHistory(path);
    opened.push(history);
    for (let i = 1; i <= 5; i++) await history.append([queued(1, i)]);
    expect(linesOf(path).filter(Boolean).map((line) => (JSON.parse(line) as { position: number }).position)).toEqual([1, 2, 3, 4, 5]);
  });

  it('holds the file open for appends that wait for the disk (O_DSYNC), and lets go of it on close', async () => {
    const history = await openHistory(path);
    await history.append([queued(1, 1)]);
    const [file, ...more] = openFilesOf(path);
    expect(more).toEqual([]);
    expect(file.flags & constants.O_DSYNC).toBe(constants.O_DSYNC);
    expect(file.flags & constants.O_APPEND).toBe(constants.O_APPEND);
    await history.close();
    expect(openFilesOf(path)).toEqual([]);
  });

  it('keeps what was there and adds after it when opened again', async () => {
    const first = await openHistory(path);
    await first.append([queued(1, 1)]);
    await first.close();
    const second = await openHistory(path);
    opened.push(second);
    await second.append([queued(1, 2)]);
    expect(linesOf(path).filter(Boolean).map((line) => (JSON.parse(line) as { position: number }).position)).toEqual([1, 2]);
  });

  it('ends a torn last line with a line break on open, warns, and the next entry starts on its own line', async () => {
    const whole = JSON.stringify(queued(1, 1));
    const torn = JSON.stringify(queued(1, 2)).slice(0, 25);
    writeFileSync(path, `${whole}\n${torn}`);
    const { logger, lines: logged } = keepingLogger();
    const history = await openHistory(path, logger);
    opened.push(history);
    expect(logged).toEqual([expect.objectContaining({ level: 'warn', details: expect.objectContaining({ file: path }) })]);
    expect(logged[0].message).toMatch(/middle of a line/);
    await history.append([queued(1, 3)]);
    expect(linesOf(path)).toEqual([whole, torn, JSON.stringify(queued(1, 3)), '']);
  });

  it('opens a whole file without a warning', async () => {
    writeFileSync(path, `${JSON.stringify(queued(1, 1))}\n`);
    const { logger, lines: logged } = keepingLogger();
    opened.push(await openHistory(path, logger));
    expect(logged).toEqual([]);
  });

  it('refuses appends after close, with a clear error', async () => {
    const history = await openHistory(path);
    await history.close();
    await expect(history.append([queued(1, 1)])).rejects.toMatchObject({ code: 'STORE_WRITE', message: expect.stringContaining('closed') });
  });

  it('a failed append after a saved change is logged as an error and the change stands', async () => {
    const history = await openHistory(path);
    await history.close();
    const { logger, lines: logged } = keepingLogger();
    await expect(historyRecorder(history, logger)([queued(4, 1)])).resolves.toBeUndefined();
    expect(logged).toEqual([expect.objectContaining({ level: 'error', details: expect.objectContaining({ events: ['queued'], testbedIds: [4] }) })]);
  });

  it('the store opens history.jsonl beside the testbed document, or HISTORY_DB_NAME when given', async () => {
    const testbedPath = join(dir, 'testbeds.json');
    writeFileSync(testbedPath, JSON.stringify({ testbeds: [available(1)] }));
    const store = await openStore({ testbedPath, broadcastPath: join(dir, 'rooms.json') });
    expect(store.history.path).toBe(path);
    await store.testbeds.save({ ...available(1), testbed_name: 'lab-one' }, { history: [{ at: AT, event: 'renamed', testbed_id: 1, testbed_name: 'lab-one', by: ADA, previous_name: 'Testbed 1' }] });
    await store.close();
    expect(JSON.parse(linesOf(path)[0])).toMatchObject({ event: 'renamed', previous_name: 'Testbed 1', testbed_name: 'lab-one' });
    const elsewhere = join(dir, 'logs', 'who-did-what.jsonl');
    const again = await openStore({ testbedPath, broadcastPath: join(dir, 'rooms.json'), historyPath: elsewhere });
    opened.push(again);
    expect(again.history.path).toBe(elsewhere);
  });
});
