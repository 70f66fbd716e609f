/**
 * The three kept recordings replayed against the emulator and a fresh bot:
 * the transcript must equal the expected one kept beside each recording
 * (`npm run recordings:update` rewrites those after a deliberate change),
 * and says what matters in each story.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { parseRecording } from '../../src/app/record-format.js';
import { replayRecording } from '../../src/replay/replay.js';
import type { TestbedRecord } from '../../src/domain.js';

const DIR = fileURLToPath(new URL('../fixtures/recordings/', import.meta.url));
const silent = pino({ level: 'silent' });

async function replay(name: string, speed = Infinity) {
  const testbeds = (JSON.parse(await readFile(join(DIR, 'testbeds.json'), 'utf8')) as { testbeds: TestbedRecord[] }).testbeds;
  const recording = parseRecording(await readFile(join(DIR, `${name}.jsonl`), 'utf8'));
  const result = await replayRecording({ recording, name: `${name}.jsonl`, testbeds, speed, logger: silent });
  const expected = await readFile(join(DIR, `${name}.expected.txt`), 'utf8');
  return { ...result, expected, plain: result.transcript.replace(/\\(.)/g, '$1') };
}

/** The bot's answer(s) to the transcript entry that starts with `event`. */
function answerTo(plain: string, event: RegExp): string {
  const entries = plain.split('\n\n');
  const entry = entries.find((block) => event.test(block.split('\n')[0]));
  if (!entry) throw new Error(`no entry matching ${event}`);
  return entry;
}

describe('kept recordings replay to their expected transcripts', () => {
  it('a booking race: one person gets lab-2, the other is told who holds it', async () => {
    const { transcript, expected, plain, stalled } = await replay('booking-race');
    expect(stalled).toBe(0);
    expect(transcript).toBe(expected);
    const clicks = plain.split('\n\n').filter((block) => /clicks register_submit .*testbed_id="2"/.test(block.split('\n')[0]));
    expect(clicks).toHaveLength(2);
    expect(clicks[0]).toContain('# Booked: lab-2');
    expect(clicks[0]).toContain('Held by: Person 1 (person-1@example.invalid)');
    expect(clicks[1]).toContain('# lab-2 is taken');
    expect(clicks[1]).toContain('already held by Person 1');
    expect(answerTo(plain, /Person 2 in Room 1 says: status/)).toMatch(/Available: 1\n +In use: 1\n +Overdue: 1\n +Total: 3\n/);
  });

  it('a broadcast: both chosen rooms get the maintenance card and the sender a full delivery report', async () => {
    const { transcript, expected, plain, stalled } = await replay('broadcast');
    expect(stalled).toBe(0);
    expect(transcript).toBe(expected);
    const confirm = answerTo(plain, /clicks broadcast_confirm/);
    expect(confirm).toContain('Delivered to 2 of 2 rooms.');
    for (const room of ['Room 2', 'Room 3']) {
      const card = confirm.split('    bot → ').find((part) => part.startsWith(`${room}\n`));
      expect(card).toContain('# Maintenance notice');
      expect(card).toContain('lab-3 goes down at 18:00 for a firmware update.');
    }
    // The email in the message was pseudonymised when it was recorded.
    expect(plain).toContain('Questions: person-2@example.invalid');
    for (const original of ['ada@example.com', 'linus@example.com', 'Ada Ops', 'Linus Lab']) expect(plain).not.toContain(original);
  });

  it('a reconnect in the middle of a registration: the socket drops, the bot comes back and the booking succeeds', async () => {
    const { transcript, expected, plain, stalled } = await replay('reconnect-registration');
    expect(stalled).toBe(0);
    expect(transcript).toBe(expected);
    const order = ['clicks register', "the bot's connection dropped", 'the bot is connected again', 'Person 2 in Room 1 says: status', 'clicks register_submit'];
    const positions = order.map((text) => plain.indexOf(text));
    expect(positions.every((position) => position > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    const booked = answerTo(plain, /clicks register_submit/);
    expect(booked).toContain('# Booked: lab-1');
    expect(booked).toContain('Expected release: 2026-11-23 23:59 UTC');
  });

  it('gives the same transcript with the recorded spacing (here 40 times faster) as with no pauses', async () => {
    const { transcript, expected } = await replay('booking-race', 40);
    expect(transcript).toBe(expected);
  });

  it('starts in the middle of a conversation and reports lines it cannot read, replaying the rest', async () => {
    const testbeds = (JSON.parse(await readFile(join(DIR, 'testbeds.json'), 'utf8')) as { testbeds: TestbedRecord[] }).testbeds;
    const lines = (await readFile(join(DIR, 'booking-race.jsonl'), 'utf8')).split('\n');
    // Only the header and the two clicks on Register: the forms were posted before the recording began.
    const clicks = lines.filter((line) => line.includes('"register_submit"'));
    const text = [lines[0], '{"kind":"event", oops', ...clicks].join('\n');
    const result = await replayRecording({ recording: parseRecording(text), name: 'cut.jsonl', testbeds, speed: Infinity, logger: silent });
    expect(result.stalled).toBe(0);
    const plain = result.transcript.replace(/\\(.)/g, '$1');
    expect(plain).toContain('(line 2 left out: not valid JSON)');
    expect(plain).toContain('# Booked: lab-2');
    expect(plain).toContain('# lab-2 is taken');
    expect(plain).not.toContain('before the recording started');
  });
});
