/**
 * The usage report at a year of history for 200 testbeds: a generated history file (several
 * bookings a day per testbed, reminders, extensions, overdue bookings with their notices, force
 * releases, queues and offers; see tests/support/history.ts) in a temp folder, then for the 7- and
 * 30-day windows the time to read the window from the file, compute the figures and build the card
 * with its fallback text, exactly as the bot does when somebody types `report`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { renderView } from '../src/app/render.js';
import { readHistorySince } from '../src/store/history-read.js';
import { windowStart } from '../src/reports/usage.js';
import { writeGeneratedHistory } from '../tests/support/history.js';

export interface ReportWindowFigures {
  days: number;
  /** History lines in the window. */
  entries: number;
  /** Bytes read from the file (the reader stops an hour before the window). */
  bytesRead: number;
  readMs: number;
  /** Figures and card, from the lines already read. */
  computeAndCardMs: number;
  totalMs: number;
  cardBytes: number;
}

export interface ReportFigures {
  testbeds: number;
  historyDays: number;
  lines: number;
  fileMB: number;
  windows: ReportWindowFigures[];
}

const round = (value: number, digits = 2) => Number(value.toFixed(digits));

/** Mean milliseconds per run of `work`, over at least `minRuns` runs and `minMs` milliseconds, after two warm-up runs. */
async function meanMs(work: () => Promise<unknown>, minMs = 1_000, minRuns = 5): Promise<number> {
  await work();
  await work();
  let runs = 0;
  const started = performance.now();
  while (runs < minRuns || performance.now() - started < minMs) {
    await work();
    runs += 1;
  }
  return (performance.now() - started) / runs;
}

export async function reportBench(options: { testbeds?: number; historyDays?: number } = {}): Promise<ReportFigures> {
  const testbeds = options.testbeds ?? 200;
  const historyDays = options.historyDays ?? 365;
  const dir = await mkdtemp(join(tmpdir(), 'tbm-bench-report-'));
  try {
    const path = join(dir, 'history.jsonl');
    const now = new Date().toISOString();
    const history = await writeGeneratedHistory(path, { testbeds, days: historyDays, end: now });
    const ctx = { botName: 'Testbed Monitor', testbeds: history.records, now, timeZone: 'Europe/Berlin' };
    const windows: ReportWindowFigures[] = [];
    for (const days of [7, 30] as const) {
      const since = windowStart(now, days);
      const window = await readHistorySince(path, since);
      const readMs = await meanMs(() => readHistorySince(path, since));
      const build = () => renderView({ kind: 'report', days }, { ...ctx, history: window.entries });
      const computeAndCardMs = await meanMs(async () => build());
      const totalMs = await meanMs(async () => renderView({ kind: 'report', days }, { ...ctx, history: (await readHistorySince(path, since)).entries }));
      windows.push({
        days,
        entries: window.entries.length,
        bytesRead: window.bytesRead,
        readMs: round(readMs),
        computeAndCardMs: round(computeAndCardMs),
        totalMs: round(totalMs),
        cardBytes: Buffer.byteLength(JSON.stringify(build().card)),
      });
    }
    return { testbeds, historyDays, lines: history.lines, fileMB: round(history.bytes / 1e6, 1), windows };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
