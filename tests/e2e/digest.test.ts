/**
 * The daily digest end to end: the real app against the emulator, documents in a temp folder, and
 * simulated time (setTimeout and Date faked before the bot starts; each test moves the clock by at
 * most a few seconds, well inside the socket's keep-alive timers). DIGEST_AT=09:00 in
 * Europe/Berlin, Monday to Friday: 08:00 UTC in March.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { EmuMessage, EmuRoom } from '../../src/platform/emulator/api.js';
import { ask, availableTestbed, click, seenCard, startHarness, type Harness } from '../support/harness.js';
import type { TestbedRecord } from '../../src/domain.js';

const DIGEST_ENV = { DIGEST_AT: '09:00', DIGEST_TZ: 'Europe/Berlin' };
const HEADING = /^Daily digest · /;

function booking(id: number, name: string, who: { email: string; name: string }, until: string): TestbedRecord {
  return {
    id,
    testbed_name: name,
    status: 'in_use',
    user_email: who.email,
    user_name: who.name,
    registered_time: '2026-03-09T08:00:00.000Z',
    purpose: 'soak test',
    expected_release_time: until,
  };
}

const TESTBEDS = [
  availableTestbed(1, 'lab-1'),
  booking(2, 'lab-2', { email: 'ada@example.com', name: 'Ada Ops' }, '2026-03-10T05:30:00.000Z'),
  booking(3, 'lab-3', { email: 'linus@example.com', name: 'Linus Lab' }, '2026-03-12T17:00:00.000Z'),
];

let h: Harness | undefined;
let ops: EmuRoom;
let ghost: EmuRoom;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(async () => {
  const states = h ? logged(h, 'connection state').map((line) => line.state) : [];
  vi.useRealTimers();
  await h?.close();
  h = undefined;
  // Simulated time moved by a few seconds only: the socket never saw a keep-alive time-out.
  expect(states).not.toContain('disconnected');
});

/** The bot with the digest on, started at `iso` (simulated), posting to lab, ops and a room it is not in. */
async function startAt(iso: string): Promise<Harness> {
  vi.setSystemTime(new Date(iso));
  h = await startHarness({
    testbeds: TESTBEDS,
    env: DIGEST_ENV,
    setup: (emu) => {
      const olga = emu.createPerson({ displayName: 'Olga Ops', email: 'olga@example.com' });
      ops = emu.createRoom({ title: 'Ops', memberIds: [olga.id] });
      ghost = emu.createRoom({ title: 'Gone', memberIds: [olga.id] });
    },
    broadcastRooms: ({ lab }) => [
      { name: 'Lab Team', room_id: lab.id, description: 'the lab' },
      { name: 'Gone', room_id: ghost.id, description: 'the bot was removed from it' },
      { name: 'Ops', room_id: ops.id, description: 'operations' },
    ],
  });
  h.emu.addMember(ops.id, h.bot.id);
  await h.app.idle();
  return h;
}

const digests = (harness: Harness, room?: EmuRoom): EmuMessage[] =>
  harness.emu.messages(room ? { roomId: room.id } : undefined).filter((m) => m.personId === harness.bot.id && m.attachments?.[0] && HEADING.test(seenCard(m).heading));

/** Log lines as objects. */
const logLines = (harness: Harness) => harness.logs.flatMap((line) => line.split('\n')).filter((line) => line.trim() !== '').map((line) => JSON.parse(line) as Record<string, unknown>);
const logged = (harness: Harness, msg: string) => logLines(harness).filter((line) => line.msg === msg);

async function lifecycleDocument(harness: Harness): Promise<Record<string, unknown>> {
  return JSON.parse(await readFile(join(harness.dir, 'lifecycle.json'), 'utf8'));
}

describe('daily digest', () => {
  it('is posted at 09:00 to every broadcast room with the counts, the overdue holder and the waiting people; a failing room is logged', async () => {
    const bot = await startAt('2026-03-10T07:59:58.000Z'); // Tuesday 08:59:58 in Berlin
    // Linus waits for lab-2, which Ada should have returned at 06:30 Berlin time.
    const status = await ask(bot, bot.linus, bot.lab, 'status');
    expect(seenCard(await click(bot, bot.linus, status, 'wait', { testbed_id: '2' })).heading).toBe('You are #1 for lab-2');
    await vi.advanceTimersByTimeAsync(1_999);
    await bot.app.idle();
    expect(digests(bot)).toEqual([]);

    await vi.advanceTimersByTimeAsync(1);
    await bot.app.idle();
    const [inLab] = digests(bot, bot.lab);
    const [inOps] = digests(bot, ops);
    expect(digests(bot)).toHaveLength(2);
    for (const message of [inLab, inOps]) {
      const seen = seenCard(message);
      expect(seen.heading).toBe('Daily digest · Tue 10 Mar 2026');
      expect(seen.facts).toEqual({ Available: '1', 'In use': '1', Overdue: '1', 'Under maintenance': '0', Total: '3' });
      expect(seen.texts).toContain('lab-2 · Ada Ops (ada@example.com) · overdue by 2 h 30 min');
      expect(seen.texts).toContain('lab-2 · waiting: Linus Lab');
      expect(message.text).toContain('Overdue:\n- lab-2 · Ada Ops (ada@example.com) · overdue by 2 h 30 min');
    }
    expect(new Date(Date.parse(inLab.created)).toISOString()).toBe('2026-03-10T08:00:00.000Z');
    expect((await lifecycleDocument(bot)).digest).toEqual({ last_posted_for: '2026-03-10T08:00:00.000Z' });

    const [failed] = logged(bot, 'digest could not be posted to a room');
    expect(failed).toMatchObject({ roomId: ghost.id, scheduledFor: '2026-03-10T08:00:00.000Z' });
    expect(String(failed.reason)).toMatch(/^HTTP 404/);
    const [posted] = logged(bot, 'digest posted');
    expect(posted).toMatchObject({
      scheduledFor: '2026-03-10T08:00:00.000Z',
      rooms: 3,
      delivered: 2,
      failed: 1,
      counts: { total: 3, available: 1, inUse: 1, overdue: 1, maintenance: 0 },
      overdueBookings: 1,
      waitingPeople: 1,
    });
    const digestLogs = bot.logs.filter((line) => line.includes('"key":"digest"')).join('\n');
    expect(digestLogs).not.toMatch(/Ada|Linus|ada@|linus@/);
    expect(logged(bot, 'next digest planned').at(-1)).toMatchObject({ at: '2026-03-11T08:00:00.000Z' });
  });

  it('names the bookings due back later that day, with their holders, and not those due another day', async () => {
    const bot = await startAt('2026-03-10T07:59:50.000Z');
    const form = await ask(bot, bot.linus, bot.lab, 'book lab-1 for 4 hours');
    expect(seenCard(await click(bot, bot.linus, form, 'register_submit', { purpose: 'soak' })).heading).toBe('Booked: lab-1');
    await vi.advanceTimersByTimeAsync(10_000);
    await bot.app.idle();
    const [inLab] = digests(bot, bot.lab);
    const texts = seenCard(inLab).texts;
    const at = texts.indexOf('Due back today (1)');
    expect(at).toBeGreaterThan(texts.indexOf('Overdue (1)'));
    expect(texts[at + 1]).toMatch(/^lab-1 · Linus Lab · due back 2026-03-10 11:59 UTC \(2026-03-10 12:59 Europe\/Berlin\)$/);
    // lab-3 is due back on Thursday.
    expect(texts.filter((text) => text.startsWith('lab-3'))).toEqual([]);
    expect(inLab.text).toContain('Due back today:\n- lab-1 · Linus Lab · due back 2026-03-10 11:59 UTC');
  });

  it('is not posted on a Saturday with the default mon-fri; the next one is planned for Monday', async () => {
    const bot = await startAt('2026-03-14T07:59:58.000Z'); // Saturday 08:59:58 in Berlin
    await vi.advanceTimersByTimeAsync(5_000);
    await bot.app.idle();
    expect(digests(bot)).toEqual([]);
    expect(logged(bot, 'next digest planned')).toEqual([expect.objectContaining({ at: '2026-03-16T08:00:00.000Z' })]);
    expect((await lifecycleDocument(bot)).digest).toBeUndefined();
  });

  it('missed by twenty minutes: posted once at start-up; a restart after that posts nothing more', async () => {
    const bot = await startAt('2026-03-10T08:20:00.000Z'); // 09:20 in Berlin
    await bot.app.idle();
    expect(digests(bot, bot.lab)).toHaveLength(1);
    expect(digests(bot, ops)).toHaveLength(1);
    expect(seenCard(digests(bot, bot.lab)[0]).heading).toBe('Daily digest · Tue 10 Mar 2026');
    expect((await lifecycleDocument(bot)).digest).toEqual({ last_posted_for: '2026-03-10T08:00:00.000Z' });

    await vi.advanceTimersByTimeAsync(2_000);
    await bot.restart();
    await bot.app.idle();
    await vi.advanceTimersByTimeAsync(2_000);
    await bot.app.idle();
    expect(digests(bot)).toHaveLength(2); // the two from before, nothing new
    expect(logged(bot, 'daily digest on').at(-1)).toMatchObject({ lastPostedFor: '2026-03-10T08:00:00.000Z' });
    expect(logged(bot, 'next digest planned').at(-1)).toMatchObject({ at: '2026-03-11T08:00:00.000Z' });
  });

  it('missed by more than an hour: skipped, and planned for the next morning', async () => {
    const bot = await startAt('2026-03-10T09:30:00.000Z'); // 10:30 in Berlin
    await bot.app.idle();
    expect(digests(bot)).toEqual([]);
    expect((await lifecycleDocument(bot)).digest).toBeUndefined();
    expect(logged(bot, 'next digest planned')).toEqual([expect.objectContaining({ at: '2026-03-11T08:00:00.000Z' })]);
  });
});
