/**
 * The usage report end to end: the real app against the emulator, a history file written by hand
 * before the bot starts (the hand-computed week of tests/fixtures/usage-week.ts, older lines before
 * it, a garbled line and a torn last line), the clock pinned to the end of that week. Typed `report`
 * shows the figures; the button switches to 30 days; a usage broadcast posts the report to the
 * chosen room under the sender's message.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ask, click, seenCard, startHarness, type Harness } from '../support/harness.js';
import { buttonTitles } from '../support/card-text.js';
import { closing, jsonLines } from '../support/history.js';
import { WEEK_ENTRIES, WEEK_NOW, WEEK_RECORDS, ada } from '../fixtures/usage-week.js';

let h: Harness | undefined;
let historyDir: string;

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(WEEK_NOW));
  historyDir = await mkdtemp(join(tmpdir(), 'tbm-report-'));
});
afterEach(async () => {
  vi.useRealTimers();
  await h?.close();
  h = undefined;
  await rm(historyDir, { recursive: true, force: true });
});

/** The week's lines, a booking from February (outside both windows' figures but inside 30 days), garbage and a torn end. */
async function writeHistory(): Promise<string> {
  const path = join(historyDir, 'history.jsonl');
  const february = closing('released', { at: '2026-02-20T12:00:00.000Z', id: 3, holder: ada, since: '2026-02-20T08:00:00.000Z', expected: '2026-02-20T12:00:00.000Z' });
  await writeFile(path, `${jsonLines([february])}not a history line\n${jsonLines(WEEK_ENTRIES)}{"at":"2026-03-10T11:59:00.000Z","ev`);
  return path;
}

async function start(): Promise<Harness> {
  const historyPath = await writeHistory();
  h = await startHarness({ testbeds: WEEK_RECORDS, env: { HISTORY_DB_NAME: historyPath, DISPLAY_TIMEZONE: 'Europe/Berlin' } });
  return h;
}

const rowTexts = (texts: string[], name: string) => texts.slice(texts.indexOf(name), texts.indexOf(name) + 3);

describe('usage report', () => {
  it('typed report shows the last 7 days from the history; the button switches to 30 days and back', async () => {
    const bot = await start();
    const week = await ask(bot, bot.ada, bot.lab, 'report');
    const seen = seenCard(week);
    expect(seen.heading).toBe('Usage, last 7 days');
    expect(seen.texts).toContain('All testbeds: 235 h in use · 4 bookings · 20 h overdue');
    expect(rowTexts(seen.texts, 'lab-2')).toEqual(['lab-2', '▰▰▰▱▱▱▱▱▱▱ 30% · 50 h in use', '2 bookings · 18 h overdue']);
    expect(rowTexts(seen.texts, 'old-rig (retired)')).toEqual(['old-rig (retired)', '▰▱▱▱▱▱▱▱▱▱ 1% · 2 h in use', '1 booking · 0 h overdue']);
    // A top holder: the name in bold, the figures right below it.
    expect(seen.texts[seen.texts.indexOf('Linus Lab') + 1]).toBe('175 h · 1 booking');
    expect(seen.facts['13:00–14:00']).toBe('1.7 in use');
    expect(week.text).toMatch(/^Usage, last 7 days \(2026-03-03 13:00 Europe\/Berlin to 2026-03-10 13:00 Europe\/Berlin\): 235 h in use/);
    expect(buttonTitles(week)).toEqual(['Last 30 days', 'Status', 'Menu']);
    // The garbled line and the torn end were skipped, with one warning naming where they are.
    const warnings = bot.logs.filter((line) => line.includes('history lines skipped'));
    expect(warnings).toHaveLength(1);
    expect(JSON.parse(warnings[0])).toMatchObject({ skipped: 2 });

    const month = await click(bot, bot.ada, week, 'report');
    const monthSeen = seenCard(month);
    expect(monthSeen.heading).toBe('Usage, last 30 days');
    // February's 4 h on lab-3 now count, as a booking of the window.
    expect(rowTexts(monthSeen.texts, 'lab-3')).toEqual(['lab-3', '▰▱▱▱▱▱▱▱▱▱ <1% · 4 h in use', '1 booking · 0 h overdue']);
    expect(monthSeen.texts).toContain('All testbeds: 305 h in use · 7 bookings · 20 h overdue');
    const back = await click(bot, bot.ada, month, 'report');
    expect(seenCard(back).heading).toBe('Usage, last 7 days');
  });

  it('counts a booking the bot itself recorded: booked in the chat, released three hours later', async () => {
    h = await startHarness({ env: { DISPLAY_TIMEZONE: 'UTC' } });
    const bot = h;
    const form = await ask(bot, bot.ada, bot.lab, 'register');
    expect(seenCard(await click(bot, bot.ada, form, 'register_submit', { testbed_id: '2', purpose: 'soak test', release_choice: '4h' })).heading).toMatch(/lab-2/);
    vi.setSystemTime(new Date(Date.parse(WEEK_NOW) + 3 * 3_600_000));
    const releaseForm = await ask(bot, bot.ada, bot.lab, 'release');
    await click(bot, bot.ada, releaseForm, 'release_submit', { testbed_id: '2' });
    const seen = seenCard(await ask(bot, bot.ada, bot.lab, 'report'));
    // The default history file beside testbeds.json has the booking and its release.
    expect(rowTexts(seen.texts, 'lab-2')).toEqual(['lab-2', '▰▱▱▱▱▱▱▱▱▱ 2% · 3 h in use', '1 booking · 0 h overdue']);
    expect(seen.texts[seen.texts.indexOf('Ada Ops') + 1]).toBe('3 h · 1 booking');
    expect(seen.facts['12:00–13:00']).toBe('0.1 in use');
  });

  it('who had lab-2: the booking the bot recorded, by whom and how it ended; the file written by hand, newest first', async () => {
    h = await startHarness({ env: { DISPLAY_TIMEZONE: 'UTC' } });
    const bot = h;
    const form = await ask(bot, bot.ada, bot.lab, 'register');
    await click(bot, bot.ada, form, 'register_submit', { testbed_id: '2', purpose: 'soak test', release_choice: '4h' });
    vi.setSystemTime(new Date(Date.parse(WEEK_NOW) + 3 * 3_600_000));
    // Linus frees Ada's booking: the card says who did.
    await click(bot, bot.linus, await ask(bot, bot.linus, bot.lab, 'release lab-2'), 'release_submit');
    const reply = await ask(bot, bot.linus, bot.lab, 'who had lab-2?');
    const seen = seenCard(reply);
    expect(seen.heading).toBe('History: lab-2');
    expect(seen.texts.slice(seen.texts.indexOf('Ada Ops'), seen.texts.indexOf('Ada Ops') + 4)).toEqual([
      'Ada Ops',
      '2026-03-10 12:00 → 15:00 UTC (3 h)',
      'Purpose: soak test',
      'Released by Linus Lab',
    ]);
    expect(reply.text).toBe('History of lab-2: 1 booking in the last 30 days; the last by Ada Ops, 2026-03-10 12:00 → 15:00 UTC (3 h).');
  });

  it('history lab-1, read from a history file written by hand: the week’s two bookings, newest first, on the display zone’s clock', async () => {
    const bot = await start();
    const cardJson = await ask(bot, bot.ada, bot.lab, 'history lab-1');
    const seen = seenCard(cardJson);
    expect(seen.texts.slice(0, 3)).toEqual(['History: lab-1', 'Bookings of the last 30 days, newest first.', 'Now: free']);
    const rows = seen.texts.slice(3);
    expect(rows).toEqual([
      'Linus Lab',
      '2026-03-05 09:00 → 16:00 Europe/Berlin (7 h)',
      'Purpose: test run',
      'Released',
      'Ada Ops',
      '2026-03-03 07:00 → 21:00 Europe/Berlin (14 h)',
      'Purpose: test run',
      'Released, 2 h late',
    ]);
    expect(seen.all.find((item) => item.text === 'Released, 2 h late')?.element.color).toBe('attention');
  });

  it('report 5g: the week of the testbeds carrying 5g only, and its button switches to 30 days of them', async () => {
    const historyPath = await writeHistory();
    const labelled = WEEK_RECORDS.map((record) => (record.id === 2 ? { ...record, labels: ['5g'] } : record));
    h = await startHarness({ testbeds: labelled, env: { HISTORY_DB_NAME: historyPath, DISPLAY_TIMEZONE: 'Europe/Berlin' } });
    const week = await ask(h, h.ada, h.lab, 'report 5g');
    const seen = seenCard(week);
    expect(seen.heading).toBe('Usage of 5g, last 7 days');
    expect(seen.texts).toContain('All 5g testbeds: 50 h in use · 2 bookings · 18 h overdue');
    expect(rowTexts(seen.texts, 'lab-2')).toEqual(['lab-2', '▰▰▰▱▱▱▱▱▱▱ 30% · 50 h in use', '2 bookings · 18 h overdue']);
    expect(seen.texts).not.toContain('lab-4');
    const month = await click(h, h.ada, week, 'report');
    expect(seenCard(month).heading).toBe('Usage of 5g, last 30 days');
  });

  it('my history: Linus reads his own booking of the week, under its testbed, on the display zone’s clock', async () => {
    const bot = await start();
    const reply = await ask(bot, bot.linus, bot.lab, 'my history');
    const seen = seenCard(reply);
    expect(seen.texts).toEqual([
      'Your past bookings',
      '1 booking ended in the last 30 days, 7 h in all, newest first.',
      'lab-1',
      '2026-03-05 09:00 → 16:00 Europe/Berlin (7 h)',
      'Purpose: test run',
      'Released',
    ]);
    expect(buttonTitles(reply)).toEqual(['Mine', 'Menu']);
  });

  it('says so when the history cannot be read (for the report and for one testbed), and logs the reason', async () => {
    const bot = await start();
    // The file is replaced by a folder of the same name while the bot runs.
    const path = join(historyDir, 'history.jsonl');
    await rm(path);
    await mkdir(path);
    const reply = await ask(bot, bot.ada, bot.lab, 'report');
    expect(seenCard(reply).texts).toContain('Sorry, the usage history could not be read just now, so there is no report. Please try again later.');
    expect(bot.logs.some((line) => line.includes('the history could not be read for a usage report'))).toBe(true);
    const history = await ask(bot, bot.ada, bot.lab, 'history lab-1');
    expect(seenCard(history).texts).toContain('Sorry, the booking history could not be read just now. Please try again later.');
  });

  it('a usage broadcast posts the 7-day report to each chosen room, under the sender and their message', async () => {
    const bot = await start();
    const ops = bot.emu.createRoom({ title: 'Ops', memberIds: [bot.bot.id, bot.linus.id] });
    await writeFile(join(bot.dir, 'broadcast_rooms.json'), JSON.stringify({ broadcast_rooms: [{ name: 'Ops', room_id: ops.id, description: 'operations' }] }));
    await bot.restart();
    const rooms = await ask(bot, bot.ada, bot.lab, 'broadcast');
    const message = await click(bot, bot.ada, rooms, 'broadcast_rooms_submit', { room_ids: ops.id, select_all: 'false' });
    const preview = await click(bot, bot.ada, message, 'broadcast_message_submit', { message_kind: 'usage', message_text: 'Numbers for *this* week' });
    expect(seenCard(preview).texts).toContain(
      'Each room gets the usage report for the last 7 days: hours in use, bookings and overdue hours per testbed, top holders and busiest hours.',
    );
    const delivered = await click(bot, bot.ada, preview, 'broadcast_confirm');
    expect(seenCard(delivered).texts).toContain('Delivered to 1 of 1 room.');
    const posted = bot.emu.messages({ roomId: ops.id }).filter((m) => m.personId === bot.bot.id);
    expect(posted).toHaveLength(1);
    const report = seenCard(posted[0]);
    expect(report.texts.slice(0, 3).map((text) => text.replace(/∗/g, '*'))).toEqual(['Usage, last 7 days', 'From Ada Ops', 'Numbers for *this* week']);
    expect(report.texts).toContain('All testbeds: 235 h in use · 4 bookings · 20 h overdue');
    // Ops is not an approved room: the bot leaves off buttons it would ignore there.
    expect(buttonTitles(posted[0])).toEqual([]);
  });
});
