/**
 * Record, then replay: the real bot records what people did with
 * RECORD_EVENTS (nothing personal reaches the file, events from unapproved
 * rooms are not recorded), and the replay of that file makes a fresh bot give
 * the same answers. Also the `npm run replay` process and its friendly errors.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { availableTestbed } from '../../src/domain.js';
import { parseRecording, type RecordedEvent } from '../../src/app/record-format.js';
import { replayRecording } from '../../src/replay/replay.js';
import { ask, click, startHarness, type Harness } from '../support/harness.js';
import { seenCard } from '../support/card-text.js';
import { ROOT } from '../support/bot-process.js';

const run = promisify(execFile);
const TESTBEDS = [availableTestbed(1, 'lab-1'), availableTestbed(2, 'lab-2'), availableTestbed(3, 'lab-3')];

describe('RECORD_EVENTS with the real bot, then replay', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it('records only accepted events, pseudonymised, and the replay answers as the bot did', async () => {
    h = await startHarness({ testbeds: TESTBEDS, env: { RECORD_EVENTS: 'events.jsonl' } });
    const menu = await ask(h, h.ada, h.lab, 'testbed');
    h.emu.say({ personId: h.ada.id, roomId: h.unapproved.id, text: 'testbed', mentions: [h.bot.id] });
    const form = await click(h, h.ada, menu, 'register');
    const booked = await click(h, h.ada, form, 'register_submit', { testbed_id: '1', purpose: 'Soak, ask linus@example.com', release_choice: '1h' });
    const status = await ask(h, h.linus, h.lab, 'status');
    await h.app.idle();

    const text = await readFile(join(h.dir, 'events.jsonl'), 'utf8');
    for (const personal of [h.ada.id, h.linus.id, h.lab.id, h.unapproved.id, menu.id, form.id, 'ada@example.com', 'linus@example.com', 'Ada Ops', 'Linus Lab', h.bot.token]) {
      expect(text).not.toContain(personal);
    }
    const recording = parseRecording(text);
    expect(recording.problems).toEqual([]);
    const events = recording.lines.filter((line): line is RecordedEvent => line.kind === 'event');
    expect(events.map((line) => `${line.person.name} ${line.room.name} ${line.event.type}`)).toEqual([
      'Person 1 Room 1 message',
      'Person 1 Room 1 cardAction',
      'Person 1 Room 1 cardAction',
      'Person 2 Room 1 message',
    ]);
    expect(events[2].event.type === 'cardAction' && events[2].event.inputs.purpose).toBe('Soak, ask person-2@example.invalid');

    const replayed = await replayRecording({ recording, name: 'events.jsonl', testbeds: TESTBEDS, speed: Infinity, logger: pino({ level: 'silent' }) });
    expect(replayed.stalled).toBe(0);
    const entries = replayed.transcript.split('\n\n');
    const answer = (event: RegExp) => entries.find((entry) => event.test(entry.split('\n')[0]))!.toLowerCase();
    // The original bot's answers, with the people's names and emails swapped for pseudonyms.
    const pseudonymous = (original: string) => original.replaceAll('ada ops', 'person 1').replaceAll('ada@example.com', 'person-1@example.invalid');
    expect(answer(/says: testbed/)).toContain('<status> <register> <release> <broadcast>');
    expect(seenCard(menu).texts).toContain('What would you like to do? Type help to see every command.');
    expect(answer(/clicks register$/)).toContain('register a testbed');
    expect(answer(/clicks register_submit/)).toContain('# booked: lab-1');
    expect(seenCard(booked).heading).toBe('Booked: lab-1');
    expect(answer(/Person 2 in Room 1 says: status/)).toContain('person 1 (person-1@example.invalid)');
    // The holder line of lab-1's status row: "<name> (<email>) · held for …".
    const holderLine = seenCard(status).texts.find((text) => text.includes(' · held for '));
    expect(pseudonymous((holderLine ?? '').toLowerCase())).toMatch(/^person 1 \(person-1@example\.invalid\) · held for /);
  });

  it('with RECORD_TEXT=off keeps `register lab-1` and `wait lab-1` as typed, so the replay books and queues the same; other words are blanked', async () => {
    h = await startHarness({ testbeds: TESTBEDS, env: { RECORD_EVENTS: 'events.jsonl', RECORD_TEXT: 'off' } });
    const form = await ask(h, h.ada, h.lab, 'register lab-1');
    await click(h, h.ada, form, 'register_submit', { purpose: 'Soak', release_choice: '1h' });
    expect(seenCard(await ask(h, h.linus, h.lab, 'wait lab-1')).heading).toBe('You are #1 for lab-1');
    await ask(h, h.linus, h.lab, 'register Project Falcon');
    await h.app.idle();

    const recording = parseRecording(await readFile(join(h.dir, 'events.jsonl'), 'utf8'));
    const typed = recording.lines.flatMap((line) => (line.kind === 'event' && line.event.type === 'message' ? [line.event.text] : []));
    expect(typed).toEqual(['register lab-1', 'wait lab-1', 'xxxxxxxx xxxxxxx xxxxxx']);

    const replayed = await replayRecording({ recording, name: 'events.jsonl', testbeds: TESTBEDS, speed: Infinity, logger: pino({ level: 'silent' }) });
    expect(replayed.stalled).toBe(0);
    const entries = replayed.transcript.replace(/\\(.)/g, '$1').split('\n\n');
    const answer = (event: RegExp) => entries.find((entry) => event.test(entry.split('\n')[0])) ?? '';
    expect(answer(/clicks register_submit/)).toContain('# Booked: lab-1');
    expect(answer(/says: wait lab-1/)).toContain('# You are #1 for lab-1');
  });
});

describe('npm run replay (the process)', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
    dir = undefined;
  });

  async function replayProcess(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    try {
      const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', join(ROOT, 'src/replay/main.ts'), ...args], { cwd: ROOT });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  }

  it('explains a missing recording and an invalid testbed document, with exit status 2', async () => {
    dir = await mkdtemp(join(tmpdir(), 'tbm-replay-cli-'));
    const missing = await replayProcess([join(dir, 'nope.jsonl')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(`Cannot read the recording "${join(dir, 'nope.jsonl')}": there is no such file.`);

    const recording = join(ROOT, 'tests/fixtures/recordings/booking-race.jsonl');
    await writeFile(join(dir, 'testbeds.json'), JSON.stringify({ testbeds: [{ id: 1, testbed_name: 'lab-1', status: 'broken' }] }));
    const badDoc = await replayProcess([recording, '--testbeds', join(dir, 'testbeds.json')]);
    expect(badDoc.code).toBe(2);
    expect(badDoc.stderr).toContain(`The testbed document "${join(dir, 'testbeds.json')}" cannot be used:`);
    expect(badDoc.stdout).toBe('');
  });

  it('writes the transcript with --out, the same as the kept expected one', async () => {
    dir = await mkdtemp(join(tmpdir(), 'tbm-replay-cli-'));
    const fixtures = join(ROOT, 'tests/fixtures/recordings');
    const out = join(dir, 'transcript.txt');
    const result = await replayProcess([join(fixtures, 'broadcast.jsonl'), '--as-fast-as-possible', '--testbeds', join(fixtures, 'testbeds.json'), '--out', out, '--log-level', 'silent']);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`Transcript written to ${out}`);
    expect(await readFile(out, 'utf8')).toBe(await readFile(join(fixtures, 'broadcast.expected.txt'), 'utf8'));
  });
});
