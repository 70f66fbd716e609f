/**
 * RECORD_EVENTS: pseudonymisation (same person → same pseudonym, nothing
 * reversible, text kept or blanked, never the token), the file format, size
 * rotation with a fresh salt per file, and a disk problem that is logged and
 * loses no event handling. Real files in a temp folder.
 */
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/log.js';
import { ConfigError, loadConfig } from '../../src/config.js';
import { Pseudonyms } from '../../src/app/pseudonyms.js';
import { createRecorder, pseudonymiseEvent } from '../../src/app/recorder.js';
import { parseRecording, type RecordedEvent } from '../../src/app/record-format.js';
import { roomChoiceValues } from '../../src/cards/broadcast-actions.js';
import type { CardActionEvent, MessageEvent } from '../../src/platform/port.js';

const TOKEN = 'Zm9vYmFy-secret-token-4711';
const AT = '2026-03-10T09:14:00.000Z';
const ADA = { id: 'Y2lzY29zcGFyazovL3VzL1BFT1BMRS9hZGE', email: 'ada@example.com' };
const LINUS = { id: 'Y2lzY29zcGFyazovL3VzL1BFT1BMRS9saW51cw', email: 'linus@example.com' };
const LAB = 'Y2lzY29zcGFyazovL3VzL1JPT00vbGFi';
const OPS = 'Y2lzY29zcGFyazovL3VzL1JPT00vb3Bz';

function message(person: { id: string; email: string }, text: string, id = 'msg-1'): MessageEvent {
  return { type: 'message', id, roomId: LAB, roomType: 'group', personId: person.id, personEmail: person.email, text, receivedAt: AT };
}

function click(person: { id: string }, inputs: Record<string, unknown>, id = 'act-1'): CardActionEvent {
  return { type: 'cardAction', id, roomId: LAB, roomType: 'group', personId: person.id, messageId: 'card-1', inputs, receivedAt: AT };
}

const names = (secrets: string[] = [TOKEN]) => new Pseudonyms(Buffer.from('a fixed salt for the test'), secrets);

describe('pseudonymising an event', () => {
  it('gives the same person the same pseudonym in messages and clicks, and ties their email to it', () => {
    const table = names();
    const said = pseudonymiseEvent(message(ADA, 'testbed'), table, { keepText: true });
    const clicked = pseudonymiseEvent(click(ADA, { action: 'register' }), table, { keepText: true });
    const other = pseudonymiseEvent(message(LINUS, 'status'), table, { keepText: true });

    expect(said.person).toEqual({ id: said.event.personId, name: 'Person 1', email: 'person-1@example.invalid' });
    expect(clicked.person).toEqual(said.person);
    expect(clicked.event.personId).toBe(said.event.personId);
    expect(said.event.type === 'message' && said.event.personEmail).toBe('person-1@example.invalid');
    expect(other.person.name).toBe('Person 2');
    expect(other.event.personId).not.toBe(said.event.personId);
    expect(said.room).toEqual({ id: said.event.roomId, name: 'Room 1' });
    expect(clicked.event.roomId).toBe(said.event.roomId);
  });

  it('hashes every id so it cannot be read back, and another file (salt) gives other pseudonyms', () => {
    const first = pseudonymiseEvent(click(ADA, { action: 'menu' }), names(), { keepText: true });
    const written = JSON.stringify(first);
    for (const original of [ADA.id, ADA.email, LAB, 'card-1', 'act-1']) expect(written).not.toContain(original);
    expect(first.event.personId).toMatch(/^person-[0-9a-f]{16}$/);
    expect(first.event.type === 'cardAction' && first.event.messageId).toMatch(/^message-[0-9a-f]{16}$/);

    const again = pseudonymiseEvent(click(ADA, { action: 'menu' }), names(), { keepText: true });
    expect(again.event.personId).toBe(first.event.personId);
    const otherFile = pseudonymiseEvent(click(ADA, { action: 'menu' }), new Pseudonyms(Buffer.from('another salt')), { keepText: true });
    expect(otherFile.event.personId).not.toBe(first.event.personId);
  });

  it('keeps free text, with email addresses replaced by the pseudonym of their owner and the token removed', () => {
    const table = names();
    pseudonymiseEvent(message(LINUS, 'status'), table, { keepText: true });
    const recorded = pseudonymiseEvent(
      click(ADA, { action: 'register_submit', testbed_id: '2', purpose: `soak for linus@example.com, token ${TOKEN}`, release_choice: '4h' }),
      table,
      { keepText: true },
    );
    expect(recorded.event.type === 'cardAction' && recorded.event.inputs).toEqual({
      action: 'register_submit',
      testbed_id: '2',
      purpose: 'soak for person-1@example.invalid, token [REDACTED]',
      release_choice: '4h',
    });
  });

  it('with RECORD_TEXT=off blanks what people wrote but keeps commands, choices and lengths', () => {
    const table = names();
    const command = pseudonymiseEvent(message(ADA, 'Testbed'), table, { keepText: false });
    const chat = pseudonymiseEvent(message(ADA, 'Ada here, lab-2 is flaky'), table, { keepText: false });
    const form = pseudonymiseEvent(click(ADA, { action: 'feedback_submit', feedback_text: 'Great bot' }), table, { keepText: false });
    expect(command.event.type === 'message' && command.event.text).toBe('Testbed');
    expect(chat.event.type === 'message' && chat.event.text).toBe('xxx xxxxx xxxxx xx xxxxx');
    expect(form.event.type === 'cardAction' && form.event.inputs).toEqual({ action: 'feedback_submit', feedback_text: 'xxxxx xxx' });
  });

  it('with RECORD_TEXT=off keeps labels as asked for, typed or chosen, so a replay filters and books the same', () => {
    const table = names();
    const typed = pseudonymiseEvent(message(ADA, 'status 5G'), table, { keepText: false, testbeds: [{ testbed_name: 'lab-3', labels: ['5g'] }] });
    const page = pseudonymiseEvent(click(ADA, { action: 'status_page', page: 2, label: '5g' }), table, { keepText: false });
    const form = pseudonymiseEvent(click(ADA, { action: 'register_submit', label: '5g', purpose: 'Radio soak' }), table, { keepText: false });
    expect(typed.event.type === 'message' && typed.event.text).toBe('status 5G');
    expect(page.event.type === 'cardAction' && page.event.inputs).toEqual({ action: 'status_page', page: 2, label: '5g' });
    expect(form.event.type === 'cardAction' && form.event.inputs).toEqual({ action: 'register_submit', label: '5g', purpose: 'xxxxx xxxx' });
  });

  it('with RECORD_TEXT=off keeps what the bot’s own buttons carry, so a replay extends, books from an offer and reports the same', () => {
    const table = names();
    const presses = [
      { action: 'extend', testbed_id: '3', minutes: '120' },
      { action: 'extend', testbed_id: '3', until: '2026-03-10T18:00:00.000Z' },
      { action: 'extend_all', minutes: '120' },
      { action: 'extend_all', until: '2026-03-10T18:00:00.000Z' },
      { action: 'register_submit', testbed_id: '3', form: 'handoff', release_choice: '1h' },
      { action: 'report', days: '30', label: '5g' },
      { action: 'register', start_on: '3' },
      { action: 'status', status_of: '3' },
      { action: 'wait_label', label: '5g' },
      { action: 'admin_form', form: 'maintenance_start' },
      { action: 'switch', testbed_id: '3', to_testbed_id: '5' },
      { action: 'admin_extend', for_testbed_id: '3', minutes: '120' },
    ];
    for (const inputs of presses) {
      const recorded = pseudonymiseEvent(click(ADA, inputs), table, { keepText: false });
      expect(recorded.event.type === 'cardAction' && recorded.event.inputs, inputs.action).toEqual(inputs);
    }
    // An admin's end of maintenance is kept while it reads as a date; words in its place are blanked.
    const typedUntil = (until: string) => {
      const recorded = pseudonymiseEvent(click(ADA, { action: 'maintenance_start', testbed_id: '3', reason: 'rack move', until }), table, { keepText: false });
      return recorded.event.type === 'cardAction' ? recorded.event.inputs : undefined;
    };
    expect(typedUntil('2026-03-12 16:00')).toEqual({ action: 'maintenance_start', testbed_id: '3', reason: 'xxxx xxxx', until: '2026-03-12 16:00' });
    expect(typedUntil('after the Falcon demo')?.until).toBe('xxxxx xxx xxxxxx xxxx');
  });

  it('with RECORD_TEXT=off keeps a typed command that names a testbed there was, so a replay does the same; other words after a command are blanked', () => {
    const table = names();
    const testbeds = [{ testbed_name: 'lab-3' }, { testbed_name: 'TB-03 Wi-Fi 7 lab' }];
    const kept = ['register lab-3', 'wait LAB-3', 'testbed unwait lab-3', 'who has TB-03?', 'release TB-03 Wi-Fi 7 lab', 'extend lab-3', 'release all', 'wait'];
    for (const text of kept) {
      const recorded = pseudonymiseEvent(message(ADA, text), table, { keepText: false, testbeds });
      expect(recorded.event.type === 'message' && recorded.event.text, text).toBe(text);
    }
    // Not a testbed there was: could be anything a person wrote.
    const secret = pseudonymiseEvent(message(ADA, 'register Project Falcon'), table, { keepText: false, testbeds });
    expect(secret.event.type === 'message' && secret.event.text).toBe('xxxxxxxx xxxxxxx xxxxxx');
    const unknown = pseudonymiseEvent(message(ADA, 'wait lab-3'), table, { keepText: false });
    expect(unknown.event.type === 'message' && unknown.event.text).toBe('xxxx xxxxx');
  });

  it('turns broadcast room choices (codes or ids) into the same pseudonyms as the rooms, and unknown ones into tokens', () => {
    const table = names();
    const lab = pseudonymiseEvent(message(ADA, 'broadcast'), table, { keepText: true }).room;
    const codes = roomChoiceValues([LAB, OPS]);
    const recorded = pseudonymiseEvent(
      click(ADA, { action: 'broadcast_rooms_submit', room_ids: `${codes.get(LAB)},${OPS}, forged-room` }),
      table,
      { keepText: true, broadcastRoomIds: [LAB, OPS] },
    );
    const ids = (recorded.event.type === 'cardAction' ? String(recorded.event.inputs.room_ids) : '').split(',');
    expect(ids[0]).toBe(lab.id);
    expect(ids[1]).toBe(table.room(OPS).id);
    expect(table.room(OPS).name).toBe('Room 2');
    expect(ids[2]).toMatch(/^token-[0-9a-f]{16}$/);
  });
});

describe('the recording file', () => {
  let dir: string;
  let logs: string[];
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tbm-record-'));
    logs = [];
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const logger = () =>
    createLogger({
      level: 'info',
      secrets: [TOKEN],
      destination: new Writable({
        write(chunk, _encoding, callback) {
          logs.push(String(chunk));
          callback();
        },
      }),
    });

  const recorder = (path: string, maxBytes = 1024 * 1024) =>
    createRecorder({
      path,
      keepText: true,
      maxBytes,
      secrets: [TOKEN],
      logger: logger(),
      settings: { botName: 'Testbed Monitor', timeZone: 'Europe/Berlin', conversationTimeoutMinutes: 15 },
      now: () => new Date(AT),
      keepFiles: 2,
    });

  it('starts with a header, then one line per event and per connection change, readable by the replay', async () => {
    const path = join(dir, 'nested', 'events.jsonl');
    const rec = recorder(path);
    rec.connection('connected');
    rec.record(message(ADA, 'testbed'));
    rec.record(click(ADA, { action: 'register' }));
    await rec.close();

    const parsed = parseRecording(await readFile(path, 'utf8'));
    expect(parsed.problems).toEqual([]);
    expect(parsed.header).toEqual({
      kind: 'recording',
      version: 1,
      at: AT,
      botName: 'Testbed Monitor',
      timeZone: 'Europe/Berlin',
      conversationTimeoutMinutes: 15,
      text: 'kept',
    });
    expect(parsed.lines.map((line) => (line.kind === 'event' ? `${line.person.name}: ${line.event.type}` : line.state))).toEqual([
      'connected',
      'Person 1: message',
      'Person 1: cardAction',
    ]);
  });

  it('rotates by size, keeping a bounded number of files, each with its own header and salt', async () => {
    const path = join(dir, 'events.jsonl');
    const rec = recorder(path, 1200);
    for (let i = 0; i < 12; i++) rec.record(message(ADA, `testbed`, `msg-${i}`));
    await rec.close();

    expect((await readdir(dir)).sort()).toEqual(['events.jsonl', 'events.jsonl.1', 'events.jsonl.2']);
    const files = await Promise.all(['events.jsonl', 'events.jsonl.1', 'events.jsonl.2'].map((name) => readFile(join(dir, name), 'utf8')));
    const personIds = new Set<string>();
    for (const text of files) {
      expect(Buffer.byteLength(text)).toBeLessThanOrEqual(1200);
      const parsed = parseRecording(text);
      expect(parsed.problems).toEqual([]);
      expect(parsed.header?.kind).toBe('recording');
      const ids = new Set(parsed.lines.map((line) => (line as RecordedEvent).event.personId));
      expect(ids.size).toBe(1); // consistent within the file
      personIds.add([...ids][0]);
      expect((parsed.lines[0] as RecordedEvent).person.name).toBe('Person 1');
    }
    expect(personIds.size).toBe(3); // but not linkable across files
  });

  it('keeps a file left by an earlier run as .1 instead of mixing two salts in one file', async () => {
    const path = join(dir, 'events.jsonl');
    await writeFile(path, '{"kind":"recording","earlier":true}\n');
    const rec = recorder(path);
    rec.record(message(ADA, 'status'));
    await rec.close();
    expect(await readFile(`${path}.1`, 'utf8')).toContain('"earlier":true');
    const parsed = parseRecording(await readFile(path, 'utf8'));
    expect(parsed.lines).toHaveLength(1);
  });

  it('logs a disk problem once, without the event, and never throws to the caller', async () => {
    await writeFile(join(dir, 'not-a-folder'), '');
    const path = join(dir, 'not-a-folder', 'events.jsonl'); // its folder is a file: every write fails
    const rec = recorder(path);
    expect(() => rec.record(message(ADA, `secret plan ${TOKEN}`))).not.toThrow();
    rec.record(message(ADA, 'status', 'msg-2'));
    await rec.close();
    const warnings = logs.filter((line) => line.includes('could not write the event recording'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(path);
    expect(logs.join('')).not.toContain('secret plan');
    expect(logs.join('')).not.toContain(TOKEN);
  });
});

describe('recording settings', () => {
  const base = { PLATFORM_ACCESS_TOKEN: TOKEN, APPROVED_ROOMS: 'room-1' };
  const cwd = tmpdir();

  it('is off unless RECORD_EVENTS names a file; text kept and 50 MB by default', () => {
    expect(loadConfig(base, { cwd }).record).toBeUndefined();
    expect(loadConfig({ ...base, RECORD_EVENTS: 'rec/events.jsonl' }, { cwd }).record).toEqual({
      path: join(cwd, 'rec/events.jsonl'),
      keepText: true,
      maxBytes: 50 * 1024 * 1024,
    });
    expect(loadConfig({ ...base, RECORD_EVENTS: '/var/tmp/e.jsonl', RECORD_TEXT: 'OFF', RECORD_MAX_MB: '5' }, { cwd }).record).toEqual({
      path: '/var/tmp/e.jsonl',
      keepText: false,
      maxBytes: 5 * 1024 * 1024,
    });
  });

  it('names each bad recording setting', () => {
    let problems: string[] = [];
    try {
      loadConfig({ ...base, RECORD_EVENTS: 'e.jsonl', RECORD_TEXT: 'maybe', RECORD_MAX_MB: '0' }, { cwd });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      problems = (error as ConfigError).problems;
    }
    expect(problems).toEqual(['RECORD_TEXT must be "on" or "off" (got "maybe").', 'RECORD_MAX_MB must be a whole number from 1 to 10000 (got "0").']);
  });
});
