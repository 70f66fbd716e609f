/**
 * Reading a window of the history file (real files in a temp folder): exactly the lines at or after
 * `since`, read backwards from the end so a long history costs only its recent part; torn, garbled
 * and invalid lines skipped with one warning naming their byte offsets; a missing file is empty.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CHUNK_BYTES, MAX_LINE_BYTES, ORDER_TOLERANCE_MS, parseHistoryLine, readHistorySince } from '../../src/store/history-read.js';
import { StoreError } from '../../src/store/index.js';
import type { HistoryEntry } from '../../src/domain.js';
import { closing, jsonLines, registered, writeGeneratedHistory } from '../support/history.js';

const ada = { email: 'ada@example.com', name: 'Ada Ops' };
let dir: string;
let path: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tbm-history-'));
  path = join(dir, 'history.jsonl');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A warning collector with pino's call shape. */
function warnings() {
  const seen: Array<{ fields: Record<string, unknown>; message: string }> = [];
  return { seen, logger: { warn: (fields: object, message: string) => seen.push({ fields: fields as Record<string, unknown>, message }) } };
}

/** One booking per hour on lab-1 from 00:00 on 2026-03-01: registered at :00, released at :30. */
function hourly(hours: number): HistoryEntry[] {
  const entries: HistoryEntry[] = [];
  for (let h = 0; h < hours; h++) {
    const at = (minutes: number) => new Date(Date.UTC(2026, 2, 1, h, minutes)).toISOString();
    entries.push(registered({ at: at(0), id: 1, holder: ada, expected: at(30) }));
    entries.push(closing('released', { at: at(30), id: 1, holder: ada, since: at(0), expected: at(30) }));
  }
  return entries;
}

describe('reading the history window', () => {
  it('is empty when there is no history file yet', async () => {
    const { seen, logger } = warnings();
    expect(await readHistorySince(join(dir, 'missing.jsonl'), '2026-03-01T00:00:00.000Z', { logger })).toEqual({
      entries: [],
      skipped: { count: 0, offsets: [] },
      bytesRead: 0,
    });
    expect(seen).toEqual([]);
  });

  it('returns exactly the lines at or after since, oldest first, whatever the chunk size', async () => {
    const entries = hourly(48);
    writeFileSync(path, jsonLines(entries));
    const since = '2026-03-02T10:30:00.000Z';
    const expected = entries.filter((entry) => entry.at >= since);
    expect(expected.length).toBe(27);
    for (const chunkBytes of [1, 7, 100, 4096, undefined]) {
      const window = await readHistorySince(path, since, { chunkBytes });
      expect(window.entries, `chunk ${chunkBytes}`).toEqual(expected);
      expect(window.skipped.count).toBe(0);
    }
  });

  it('stops reading an hour before the window: the older part of the file is never read', async () => {
    const entries = hourly(24 * 30);
    const text = jsonLines(entries);
    writeFileSync(path, text);
    const window = await readHistorySince(path, '2026-03-30T00:00:00.000Z', { chunkBytes: 1024 });
    expect(window.entries).toEqual(entries.filter((entry) => entry.at >= '2026-03-30T00:00:00.000Z'));
    // One day of 30 (plus the hour of tolerance and a chunk) is read.
    expect(window.bytesRead).toBeLessThan(Buffer.byteLength(text) / 10);
  });

  it('still finds a line written a little out of order (within the tolerance)', async () => {
    const late = registered({ at: '2026-03-02T12:05:00.000Z', id: 2, holder: ada, expected: '2026-03-02T18:00:00.000Z' });
    const before = registered({ at: '2026-03-02T11:59:00.000Z', id: 3, holder: ada, expected: '2026-03-02T18:00:00.000Z' });
    const early = registered({ at: new Date(Date.parse('2026-03-02T12:00:00.000Z') - ORDER_TOLERANCE_MS - 60_000).toISOString(), id: 4, holder: ada, expected: '2026-03-02T18:00:00.000Z' });
    // `late` was appended before a line with an earlier time; both sides of the window start are in the file.
    writeFileSync(path, jsonLines([early, late, before, registered({ at: '2026-03-02T12:10:00.000Z', id: 5, holder: ada, expected: '2026-03-02T18:00:00.000Z' })]));
    const window = await readHistorySince(path, '2026-03-02T12:00:00.000Z');
    expect(window.entries.map((entry) => entry.testbed_id)).toEqual([2, 5]);
  });

  it('skips a torn last line, garbage and lines that are not history entries, with one warning naming their byte offsets', async () => {
    const good = hourly(3);
    const parts = [
      jsonLines(good.slice(0, 2)),
      'this is not json\n',
      jsonLines(good.slice(2, 4)),
      '{"at":"2026-03-01T01:40:00.000Z","event":"released","testbed_id":1,"testbed_name":"lab-1","by":null}\n', // a closing line without its booking
      '{"at":"yesterday","event":"registered","testbed_id":1,"testbed_name":"lab-1","by":null,"expected_release_time":"2026-03-01T02:00:00.000Z"}\n',
      '[1,2,3]\n',
      '\n',
      jsonLines(good.slice(4)),
      '{"at":"2026-03-01T02:45:00.000Z","event":"relea', // torn: the bot crashed mid-line
    ];
    writeFileSync(path, parts.join(''));
    const offsetOf = (index: number) => Buffer.byteLength(parts.slice(0, index).join(''));
    for (const chunkBytes of [16, 4096]) {
      const { seen, logger } = warnings();
      const window = await readHistorySince(path, '2026-03-01T00:00:00.000Z', { logger, chunkBytes });
      expect(window.entries).toEqual(good);
      const offsets = [offsetOf(1), offsetOf(3), offsetOf(4), offsetOf(5), offsetOf(8)];
      expect(window.skipped).toEqual({ count: 5, offsets });
      expect(seen).toHaveLength(1);
      expect(seen[0].fields).toMatchObject({ file: path, skipped: 5, byteOffsets: offsets });
      expect(seen[0].message).toMatch(/skipped/);
    }
  });

  it('skips a huge line without a line break without keeping it in memory', async () => {
    const good = hourly(2);
    const huge = `{"junk":"${'x'.repeat(MAX_LINE_BYTES + 10)}"}`;
    writeFileSync(path, `${huge}\n${jsonLines(good)}`);
    const window = await readHistorySince(path, '2026-03-01T00:00:00.000Z', { chunkBytes: 64 * 1024 });
    expect(window.entries).toEqual(good);
    expect(window.skipped).toEqual({ count: 1, offsets: [0] });
  });

  it('reads nothing for an invalid since, and names the file when it cannot be read at all', async () => {
    writeFileSync(path, jsonLines(hourly(2)));
    expect((await readHistorySince(path, 'last week')).entries).toEqual([]);
    mkdirSync(join(dir, 'a-folder.jsonl'));
    const error = await readHistorySince(join(dir, 'a-folder.jsonl'), '2026-03-01T00:00:00.000Z').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreError);
    expect((error as StoreError).message).toContain('a-folder.jsonl cannot be read');
  });

  it('returns exactly the window of a big generated history (30 testbeds, a year)', async () => {
    const end = '2026-11-20T12:00:00.000Z';
    const generated = await writeGeneratedHistory(path, { testbeds: 30, days: 365, end, keepEntries: true });
    expect(generated.lines).toBeGreaterThan(50_000);
    for (const days of [7, 30]) {
      const since = new Date(Date.parse(end) - days * 86_400_000).toISOString();
      const window = await readHistorySince(path, since);
      const expected = generated.entries!.filter((entry) => Date.parse(entry.at) >= Date.parse(since));
      expect(window.entries.length).toBe(expected.length);
      expect(window.entries).toEqual(expected);
      expect(window.skipped.count).toBe(0);
      // The window and an hour before it, give or take one chunk: never the whole year.
      expect(window.bytesRead).toBeLessThan(generated.bytes * ((days + 1) / 365) + CHUNK_BYTES);
    }
  }, 60_000);
});

describe('one history line', () => {
  const line = (value: unknown) => parseHistoryLine(JSON.stringify(value));
  const base = { at: '2026-03-01T10:00:00.000Z', testbed_id: 1, testbed_name: 'lab-1', by: null };

  it('accepts every kind of entry the bot writes', () => {
    expect(line({ ...base, event: 'queued', position: 2 })).toEqual({ ...base, event: 'queued', position: 2 });
    expect(line({ ...base, event: 'retired' })?.event).toBe('retired');
    const repurposed = { ...base, by: ada, event: 'purpose_changed', purpose: 'bisecting', previous_purpose: 'soak test' };
    expect(line(repurposed)).toEqual(repurposed);
    const edited = { ...base, by: ada, event: 'edited', labels: ['5g'], description: null, previous_labels: [], previous_description: 'spare' };
    expect(line(edited)).toEqual(edited);
    const reported = { ...base, by: ada, event: 'problem_reported', text: 'no power' };
    expect(line(reported)).toEqual(reported);
    const closed = closing('expired', { at: base.at, id: 1, holder: ada, since: '2026-03-01T08:00:00.000Z', expected: '2026-03-01T09:00:00.000Z' });
    expect(line(closed)).toEqual(closed);
  });

  it('refuses lines that are not entries', () => {
    expect(parseHistoryLine('{"at":')).toBeNull();
    expect(line({ ...base, event: 'exploded' })).toBeNull();
    expect(line({ ...base, at: '2026-03-01 10:00' })).toBeNull();
    expect(line({ ...base, testbed_id: '1', event: 'retired' })).toBeNull();
    expect(line({ ...base, by: { email: 'a@b.c' }, event: 'retired' })).toBeNull();
    expect(line({ ...base, event: 'extended', previous_expected_release_time: base.at })).toBeNull();
    expect(line({ ...base, event: 'purpose_changed', previous_purpose: 'soak test' })).toBeNull();
    const closes = { holder: ada, registered_time: base.at, expected_release_time: base.at, purpose: 'soak' };
    expect(line({ ...base, event: 'handed_over', ...closes, to: ada })?.event).toBe('handed_over');
    expect(line({ ...base, event: 'handed_over', ...closes })).toBeNull();
    expect(line({ ...base, event: 'handed_over', ...closes, to: 'Linus' })).toBeNull();
    expect(line({ ...base, event: 'force_released', holder: ada, registered_time: 'soon', expected_release_time: base.at })).toBeNull();
  });
});
