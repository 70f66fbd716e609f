/**
 * `npm run store -- export / import` on the JSON files: real files in temp folders, the command run
 * in-process (and once through npm, as people type it), a real lock held by an open store.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import type { LifecycleEntry } from '../../src/domain.js';
import { openStore } from '../../src/store/index.js';
import { runStoreCommand } from '../../src/store/export-cli.js';
import { ROOT } from '../support/bot-process.js';
import { available, inUse, tempDir } from './records.js';

const NOW = '2025-06-02T10:00:00.000Z';
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function folder(): string {
  const dir = tempDir('store-export-');
  dirs.push(dir);
  return dir;
}

const envFor = (dir: string) => ({ TESTBED_DB_NAME: join(dir, 'testbeds.json'), BROADCAST_DB_NAME: join(dir, 'broadcast_rooms.json') });

async function run(dir: string, ...argv: string[]) {
  let out = '';
  let err = '';
  const code = await runStoreCommand({
    argv,
    env: envFor(dir),
    cwd: dir,
    out: (text) => void (out += text),
    err: (text) => void (err += text),
    now: () => NOW,
  });
  return { code, out, err };
}

const read = (dir: string, name: string) => readFileSync(join(dir, name), 'utf8');
const readJson = (dir: string, name: string) => JSON.parse(read(dir, name)) as Record<string, unknown>;

const waiting: LifecycleEntry = {
  testbed_id: 2,
  notices: { expected_release_time: '2025-05-01T12:00:00Z', reminder_sent_at: '2025-05-01T11:45:00.000Z', overdue_sent_at: null, overdue_count: 0 },
  queue: [{ email: 'bo@example.com', name: 'Bo', since: '2025-05-01T09:00:00.000Z' }],
  offer: null,
  asks: [],
};

/** A key of the lifecycle document beside its entries: it travels with the backup like the entries. */
const digest = { last_posted_for: '2025-06-02T07:00:00.000Z' };

const historyLines = [
  { at: '2025-05-01T08:00:00.000Z', event: 'registered', testbed_id: 2, testbed_name: 'Lab 2', by: { email: 'ana@example.com', name: 'ANA' }, purpose: 'regression run', expected_release_time: '2025-05-01T12:00:00Z', via: 'chat' },
  { at: '2025-05-01T09:00:00.000Z', event: 'queued', testbed_id: 2, testbed_name: 'Lab 2', by: { email: 'bo@example.com', name: 'Bo' }, position: 1 },
];

/** A store as the bot leaves it: every document and the history file filled in. */
function fullStore(dir: string): void {
  writeFileSync(join(dir, 'testbeds.json'), JSON.stringify({ testbeds: [available(1, 'Lab 1'), inUse(2, 'Lab 2'), available(7, 'Lab 7')] }, null, 2));
  writeFileSync(join(dir, 'broadcast_rooms.json'), JSON.stringify({ broadcast_rooms: [{ name: 'Lab news', room_id: 'room-news', description: 'announcements' }] }));
  writeFileSync(join(dir, 'lifecycle.json'), JSON.stringify({ lifecycle: [waiting], digest }));
  writeFileSync(join(dir, 'history.jsonl'), historyLines.map((line) => `${JSON.stringify(line)}\n`).join(''));
}

const documentsOf = (dir: string) => ({
  testbeds: readJson(dir, 'testbeds.json'),
  rooms: readJson(dir, 'broadcast_rooms.json'),
  lifecycle: readJson(dir, 'lifecycle.json'),
  history: read(dir, 'history.jsonl'),
});

describe('export', () => {
  it('prints one JSON object whose testbeds key holds the records, with rooms, lifecycle and history', async () => {
    const dir = folder();
    fullStore(dir);
    const { code, out, err } = await run(dir, 'export');
    expect(err).toBe('');
    expect(code).toBe(0);
    const backup = JSON.parse(out);
    expect(Object.keys(backup)).toEqual(['format', 'version', 'exported_at', 'source', 'testbeds', 'broadcast_rooms', 'lifecycle', 'digest', 'history']);
    expect(backup).toMatchObject({ format: 'testbed-monitor-backup', version: 1, exported_at: NOW, source: 'json' });
    expect(backup.testbeds).toEqual([available(1, 'Lab 1'), inUse(2, 'Lab 2'), available(7, 'Lab 7')]);
    expect(backup.broadcast_rooms).toEqual([{ name: 'Lab news', room_id: 'room-news', description: 'announcements' }]);
    expect(backup.lifecycle).toEqual([waiting]);
    expect(backup.digest).toEqual(digest);
    expect(backup.history).toEqual(historyLines);
  });

  it('exports an empty store (no files yet) as empty sections', async () => {
    const dir = folder();
    const { code, out } = await run(dir, 'export');
    expect(code).toBe(0);
    expect(JSON.parse(out)).toMatchObject({ testbeds: [], broadcast_rooms: [], lifecycle: [], history: [] });
    expect(existsSync(join(dir, 'testbeds.json'))).toBe(false); // export creates nothing
  });

  it('leaves a torn last history line out, with a warning', async () => {
    const dir = folder();
    fullStore(dir);
    writeFileSync(join(dir, 'history.jsonl'), `${read(dir, 'history.jsonl')}{"at":"2025-05-01T10:00:00.000Z","ev`);
    const { code, out, err } = await run(dir, 'export');
    expect(code).toBe(0);
    expect(JSON.parse(out).history).toEqual(historyLines);
    expect(err).toMatch(/history\.jsonl line 3 is not complete JSON .* left out of the backup/);
  });

  it('refuses to export an invalid document, naming the problem', async () => {
    const dir = folder();
    fullStore(dir);
    writeFileSync(join(dir, 'testbeds.json'), JSON.stringify({ testbeds: [{ ...available(1), status: 'broken' }] }));
    const { code, out, err } = await run(dir, 'export');
    expect(code).toBe(1);
    expect(out).toBe('');
    expect(err).toMatch(/testbeds\.json is invalid, so it cannot be exported/);
  });
});

describe('import', () => {
  it('round-trips: export from one folder, import into another, the same documents and history', async () => {
    const from = folder();
    fullStore(from);
    const backupFile = join(folder(), 'backup.json');
    writeFileSync(backupFile, (await run(from, 'export')).out);

    const to = folder();
    const imported = await run(to, 'import', backupFile);
    expect(imported.err).toBe('');
    expect(imported.code).toBe(0);
    expect(imported.out).toMatch(/testbeds: 3\n {2}broadcast rooms: 1\n {2}lifecycle entries: 1\n {2}history lines: 2/);
    expect(documentsOf(to)).toEqual(documentsOf(from));

    // And the bot opens what was imported.
    const store = await openStore({ testbedPath: join(to, 'testbeds.json'), broadcastPath: join(to, 'broadcast_rooms.json') });
    try {
      expect(store.testbeds.get(2)).toEqual(inUse(2, 'Lab 2'));
      expect(store.lifecycle.get(2).queue.map((p) => p.name)).toEqual(['Bo']);
      expect(store.broadcastRooms.all().map((r) => r.name)).toEqual(['Lab news']);
    } finally {
      await store.close();
    }
    // Exporting the imported store gives the same backup again.
    expect((await run(to, 'export')).out).toBe(readFileSync(backupFile, 'utf8'));
  });

  it('takes a plain testbed document: replaces the testbeds, clears the old lifecycle entries, keeps the digest fact, rooms and history', async () => {
    const dir = folder();
    fullStore(dir);
    const before = documentsOf(dir);
    const plain = join(folder(), 'testbeds-old.json');
    writeFileSync(plain, JSON.stringify({ testbeds: [available(1, 'Bench A'), inUse(4, 'Bench D', 'cy')] }));

    const { code, out } = await run(dir, 'import', plain);

    expect(code).toBe(0);
    expect(out).toMatch(/lifecycle entries: 0 \(the earlier wait-lists, offers and reminder facts were cleared: the backup had none\)/);
    expect(out).toMatch(/history: unchanged/);
    const after = documentsOf(dir);
    expect(after.testbeds).toEqual({ testbeds: [available(1, 'Bench A'), inUse(4, 'Bench D', 'cy')] });
    expect(after.lifecycle).toEqual({ lifecycle: [], digest });
    expect(after.rooms).toEqual(before.rooms);
    expect(after.history).toBe(before.history);
  });

  it('reads a backup that npm\'s "> package script" banner went into (npm run store -- export > file)', async () => {
    const from = folder();
    fullStore(from);
    const file = join(folder(), 'backup.json');
    writeFileSync(file, `\n> testbed-monitor-bot@1.0.8 store\n> node dist/store/export-cli.js export\n\n${(await run(from, 'export')).out}`);
    const to = folder();
    expect((await run(to, 'import', file)).code).toBe(0);
    expect(documentsOf(to)).toEqual(documentsOf(from));
  });

  it('refuses while a bot holds the store, and changes nothing', async () => {
    const dir = folder();
    fullStore(dir);
    const before = documentsOf(dir);
    const backup = join(folder(), 'backup.json');
    writeFileSync(backup, JSON.stringify({ testbeds: [available(9, 'Other')] }));
    const store = await openStore({ testbedPath: join(dir, 'testbeds.json'), broadcastPath: join(dir, 'broadcast_rooms.json') });
    try {
      const { code, err } = await run(dir, 'import', backup);
      expect(code).toBe(1);
      expect(err).toMatch(/^Error: import refused: .*testbeds\.json is in use by another bot process \(pid \d+\); stop that process first .*Nothing was changed\.\n$/);
    } finally {
      await store.close();
    }
    expect(documentsOf(dir)).toEqual(before);
  });

  it('checks the whole backup before writing: every problem named, no file touched', async () => {
    const dir = folder();
    fullStore(dir);
    const before = documentsOf(dir);
    const bad = join(folder(), 'bad.json');
    writeFileSync(
      bad,
      JSON.stringify({
        format: 'testbed-monitor-backup',
        version: 1,
        testbeds: [available(1, 'Lab 1'), { ...available(2, 'lab 1') }],
        broadcast_rooms: [{ name: 'x', room_id: '' , description: '' }],
        lifecycle: [{ ...waiting, testbed_id: 5 }],
        history: [historyLines[0], { at: 'yesterday', event: '', testbed_id: 0 }],
        colour: 'blue',
      }),
    );
    const { code, out, err } = await run(dir, 'import', bad);
    expect(code).toBe(1);
    expect(out).toBe('');
    expect(err).toContain('bad.json was not imported (nothing was changed)');
    for (const problem of [
      'unknown section "colour"',
      'testbeds[1].testbed_name "lab 1" is already used by testbeds[0]',
      'broadcast_rooms[0].room_id must not be empty',
      'history[1].at must be an ISO 8601 UTC timestamp ending in Z',
      'history[1].event must be a non-empty string',
      'history[1].testbed_id must be a positive whole number',
      'lifecycle[0].testbed_id 5 names no testbed in the backup',
    ]) {
      expect(err).toContain(problem);
    }
    expect(documentsOf(dir)).toEqual(before);
  });

  it.each([
    ['not JSON', '{"testbeds": [', /is not valid JSON/],
    ['an array', '[]', /must hold one JSON object with a "testbeds" array/],
    ['no testbeds', '{"broadcast_rooms": []}', /the backup has no "testbeds" array/],
    ['another format', '{"format": "something-else", "testbeds": []}', /this is not a Testbed Monitor backup/],
    ['a newer version', '{"format": "testbed-monitor-backup", "version": 2, "testbeds": []}', /version 2 was written by a newer bot; this one reads version 1/],
  ])('refuses %s with a clear message', async (_, text, message) => {
    const dir = folder();
    fullStore(dir);
    const before = documentsOf(dir);
    const file = join(folder(), 'input.json');
    writeFileSync(file, text);
    const { code, err } = await run(dir, 'import', file);
    expect(code).toBe(1);
    expect(err).toMatch(message);
    expect(documentsOf(dir)).toEqual(before);
  });

  it('explains usage mistakes with exit code 2', async () => {
    const dir = folder();
    expect(await run(dir)).toMatchObject({ code: 2, err: expect.stringContaining('Say export or import.') });
    expect(await run(dir, 'import')).toMatchObject({ code: 2, err: expect.stringContaining('import needs exactly one file') });
    expect(await run(dir, 'export', 'x.json')).toMatchObject({ code: 2, err: expect.stringContaining('export takes no file') });
    expect(await run(dir, 'export', '--colour')).toMatchObject({ code: 2, err: expect.stringContaining('Unknown argument "--colour"') });
    expect(await run(dir, 'import', 'missing.json')).toMatchObject({ code: 1, err: expect.stringContaining('cannot read missing.json: there is no such file') });
  });

  it('an unreachable PostgreSQL server (STORE_URL) is named without its password, and nothing is printed', async () => {
    const dir = folder();
    writeFileSync(join(dir, '.env'), 'STORE_URL=postgres://bot:hunter2@127.0.0.1:1/x\n');
    const { code, out, err } = await run(dir, 'export');
    expect(code).toBe(1);
    expect(out).toBe('');
    expect(err).toContain('PostgreSQL at postgres://bot:[REDACTED]@127.0.0.1:1/x: connecting failed, nothing is listening there');
    expect(err).not.toContain('hunter2');
  });
});

describe('npm run store', () => {
  it('works as typed: export > backup.json, then import backup.json elsewhere', async () => {
    const from = folder();
    fullStore(from);
    const to = folder();
    const backup = join(folder(), 'backup.json');
    const sh = promisify(execFile);
    const npm = (dir: string, command: string) =>
      sh('sh', ['-c', `npm run store -- ${command}`], { cwd: ROOT, env: { ...process.env, ...envFor(dir), NODE_ENV: 'production' } });
    await npm(from, `export > '${backup}'`);
    expect(JSON.parse(readFileSync(backup, 'utf8').replace(/^(\s*\n|>.*\n)*/, '')).testbeds).toHaveLength(3);
    const { stdout } = await npm(to, `import '${backup}'`);
    expect(stdout).toMatch(/Imported .*backup\.json:\n {2}testbeds: 3/);
    expect(documentsOf(to)).toEqual(documentsOf(from));
  });
});
