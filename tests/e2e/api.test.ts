/**
 * The HTTP API over real HTTP against the running bot (createApp with the emulator, documents in a
 * temp folder): every endpoint and status code, tokens read from a file that changes while the bot
 * runs, bad bodies that leave every file as it was, and a pipeline and a person racing for one testbed.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ask, click, seenCard, startHarness, type Harness } from '../support/harness.js';
import { call, snapshot, tokenFile, type TokenFile } from '../support/api.js';
import { until } from '../support/wait.js';
import { newToken, sha256Hex } from '../../src/store/tokens.js';
import type { TestbedRecord } from '../../src/domain.js';

const MINUTE = 60_000;

let h: Harness;
let tf: TokenFile;
let base: string;
const ci = () => tf.tokens['nightly-ci'];
const other = () => tf.tokens['other-team'];
const admin = () => tf.tokens['lab-admin'];

async function holdsFile(): Promise<{ holds: { hold_id: string; token_name: string; testbeds: { id: number }[] }[] }> {
  return JSON.parse(await readFile(join(h.dir, 'api_holds.json'), 'utf8'));
}

beforeEach(async () => {
  tf = await tokenFile([
    { name: 'nightly-ci', owner: 'owner@example.com' },
    { name: 'other-team', owner: 'other@example.com' },
    { name: 'lab-admin', owner: 'lead@example.com', admin: true },
  ]);
  h = await startHarness({ env: { API_PORT: '0', API_TOKENS_FILE: tf.file } });
  base = h.app.apiUrl()!;
});
afterEach(async () => {
  await h?.close();
  await rm(dirname(tf.file), { recursive: true, force: true });
});

describe('reading', () => {
  it('serves the OpenAPI document without a token, generated from the route schemas', async () => {
    const { status, body } = await call(base, 'GET', '/api/v1/openapi.json');
    expect(status).toBe(200);
    expect(body.openapi).toBe('3.1.0');
    expect(Object.keys(body.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/testbeds',
        '/api/v1/testbeds/{id}',
        '/api/v1/testbeds/{id}/history',
        '/api/v1/testbeds/{id}/hold',
        '/api/v1/testbeds/{id}/release',
        '/api/v1/testbeds/{id}/extend',
        '/api/v1/testbeds/{id}/maintenance',
        '/api/v1/testbeds/{id}/maintenance/end',
        '/api/v1/holds',
        '/api/v1/holds/{hold_id}/heartbeat',
        '/api/v1/holds/{hold_id}/release',
      ]),
    );
    expect(body.paths['/api/v1/testbeds/{id}/hold'].post.requestBody.content['application/json'].schema.required).toEqual(['purpose']);
    expect(body.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(body.paths['/api/v1/holds'].post.requestBody.content['application/json'].schema.properties.wait_seconds).toMatchObject({ minimum: 0, maximum: 3600 });
    expect(Object.keys(body.components.schemas)).toEqual(expect.arrayContaining(['Testbed', 'Error', 'Person']));
  });

  it('lists testbeds with the document fields, labels and queue length, filtered by status', async () => {
    await call(base, 'POST', '/api/v1/testbeds/2/hold', { token: ci(), body: { purpose: 'nightly #1', minutes: 30 } });
    const all = await call(base, 'GET', '/api/v1/testbeds', { token: ci() });
    expect(all.status).toBe(200);
    expect(all.body.testbeds.map((t: TestbedRecord) => t.testbed_name)).toEqual(['lab-1', 'lab-2', 'lab-3']);
    expect(all.body.testbeds[0]).toEqual({
      id: 1,
      testbed_name: 'lab-1',
      status: 'available',
      user_email: null,
      user_name: null,
      registered_time: null,
      purpose: null,
      expected_release_time: null,
      labels: [],
      queue_length: 0,
    });
    const free = await call(base, 'GET', '/api/v1/testbeds?status=available', { token: ci() });
    expect(free.body.testbeds.map((t: TestbedRecord) => t.id)).toEqual([1, 3]);
    const used = await call(base, 'GET', '/api/v1/testbeds?status=in_use', { token: ci() });
    expect(used.body.testbeds.map((t: TestbedRecord) => [t.id, t.user_name])).toEqual([[2, 'nightly-ci']]);
    const none = await call(base, 'GET', '/api/v1/testbeds?label=5g', { token: ci() });
    expect(none.body).toEqual({ testbeds: [] });
  });

  it('answers 422 for a query it does not understand, naming the parameter', async () => {
    const bad = await call(base, 'GET', '/api/v1/testbeds?status=broken', { token: ci() });
    expect(bad.status).toBe(422);
    expect(bad.body).toEqual({ error: 'invalid_query', message: 'status must be one of available, in_use, maintenance.' });
    const unknown = await call(base, 'GET', '/api/v1/testbeds?colour=red', { token: ci() });
    expect(unknown.body).toEqual({ error: 'invalid_query', message: '"colour" is not a field this endpoint takes.' });
  });

  it('shows one testbed, and 404 for an unknown id, a malformed id or an unknown path', async () => {
    const one = await call(base, 'GET', '/api/v1/testbeds/3', { token: ci() });
    expect(one.status).toBe(200);
    expect(one.body.testbed).toMatchObject({ id: 3, testbed_name: 'lab-3', status: 'available' });
    for (const path of ['/api/v1/testbeds/99', '/api/v1/testbeds/abc', '/api/v1/nothing-here']) {
      const missing = await call(base, 'GET', path, { token: ci() });
      expect(missing.status, path).toBe(404);
      expect(missing.body.error, path).toBe('not_found');
      expect(missing.body.message, path).toMatch(/^There is (no testbed with|nothing at)/);
    }
  });

  it('answers addresses the router refuses in the API error shape, and a hold id it cannot know without echoing it', async () => {
    const cases: [string, string, number, { error: string; message: string }][] = [
      ['GET', '/api/v1/testbeds/%zz', 400, { error: 'invalid_path', message: 'The address is not valid: a % in it does not start a well-formed escape (such as %20 for a space).' }],
      ['POST', '/api/v1/holds/%E0/release', 400, { error: 'invalid_path', message: 'The address is not valid: a % in it does not start a well-formed escape (such as %20 for a space).' }],
      ['GET', `/api/v1/testbeds/${'1'.repeat(150)}`, 404, { error: 'not_found', message: 'There is nothing at that address: a part of its path is longer than any id.' }],
      ['POST', `/api/v1/holds/${'h'.repeat(80)}/release`, 404, { error: 'not_found', message: 'There is no hold with that id (hold ids are at most 64 characters).' }],
      ['POST', '/api/v1/holds/%00%0A/heartbeat', 404, { error: 'not_found', message: 'There is no hold with that id (it may have been released or expired).' }],
      ['POST', '/api/v1/holds/no-such-hold/heartbeat', 404, { error: 'not_found', message: 'There is no hold no-such-hold (it may have been released or expired).' }],
    ];
    for (const [method, path, status, body] of cases) {
      const answer = await call(base, method, path, { token: ci() });
      expect(answer.status, path.slice(0, 40)).toBe(status);
      expect(answer.body, path.slice(0, 40)).toEqual(body);
    }
  });
});

describe('history', () => {
  it('gives one testbed’s history lines over the last days, oldest first, as the history file holds them', async () => {
    await click(h, h.ada, await ask(h, h.ada, h.lab, 'book lab-1'), 'register_submit', { purpose: 'Radio soak', release_choice: '1h' });
    await click(h, h.ada, await ask(h, h.ada, h.lab, 'book lab-2'), 'register_submit', { purpose: 'Core soak', release_choice: '1h' });
    await call(base, 'POST', '/api/v1/testbeds/1/extend', { token: admin(), body: { minutes: 30 } });
    await click(h, h.ada, await ask(h, h.ada, h.lab, 'release lab-1'), 'release_submit');
    const { status, body } = await call(base, 'GET', '/api/v1/testbeds/1/history', { token: ci() });
    expect(status).toBe(200);
    expect(body.testbed_id).toBe(1);
    expect(body.truncated).toBe(false);
    expect(Date.now() - Date.parse(body.since)).toBeGreaterThanOrEqual(7 * 86_400_000);
    expect(body.entries.map((entry: { event: string }) => entry.event)).toEqual(['registered', 'extended', 'released']);
    expect(body.entries[0]).toMatchObject({ testbed_id: 1, testbed_name: 'lab-1', purpose: 'Radio soak', by: { email: 'ada@example.com' } });
    // The same lines as the history file, and only lab-1's.
    const file = (await readFile(join(h.dir, 'history.jsonl'), 'utf8')).trim().split('\n').map((line) => JSON.parse(line));
    expect(body.entries).toEqual(file.filter((entry) => entry.testbed_id === 1));
    // The newest lines when more than `limit`, said to be cut.
    const last = await call(base, 'GET', '/api/v1/testbeds/1/history?days=1&limit=1', { token: ci() });
    expect(last.body.entries.map((entry: { event: string }) => entry.event)).toEqual(['released']);
    expect(last.body.truncated).toBe(true);
    // A testbed nothing happened to: no lines.
    expect((await call(base, 'GET', '/api/v1/testbeds/3/history', { token: ci() })).body.entries).toEqual([]);
  });

  it('answers 404 for an unknown testbed, 422 for days or a limit out of range, 401 without a token', async () => {
    expect((await call(base, 'GET', '/api/v1/testbeds/99/history', { token: ci() })).body).toEqual({ error: 'not_found', message: 'There is no testbed with id 99.' });
    const problems: Record<string, string> = {
      'days=0': 'days must be a whole number from 1 to 90.',
      'days=91': 'days must be a whole number from 1 to 90.',
      'days=week': 'days must be a whole number.',
      'limit=0': 'limit must be a whole number from 1 to 1000.',
      'limit=1001': 'limit must be a whole number from 1 to 1000.',
      'since=yesterday': '"since" is not a field this endpoint takes.',
    };
    for (const [query, message] of Object.entries(problems)) {
      const bad = await call(base, 'GET', `/api/v1/testbeds/1/history?${query}`, { token: ci() });
      expect(bad.status, query).toBe(422);
      expect(bad.body, query).toEqual({ error: 'invalid_query', message });
    }
    expect((await call(base, 'GET', '/api/v1/testbeds/1/history')).status).toBe(401);
  });
});

describe('tokens', () => {
  it('answers 401 without a token, with a wrong one and with a malformed header, and never echoes the token', async () => {
    const forged = newToken();
    for (const headers of [undefined, forged]) {
      const answer = await call(base, 'GET', '/api/v1/testbeds', { token: headers });
      expect(answer.status).toBe(401);
      expect(answer.body.error).toBe('unauthorized');
      expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(JSON.stringify(answer.body)).not.toContain(forged);
    }
    const basic = await fetch(`${base}/api/v1/testbeds`, { headers: { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` } });
    expect(basic.status).toBe(401);
    // Checked before the body is looked at: a bad body without a token is still 401, and nothing changes.
    const before = await snapshot([h.testbedPath]);
    const hold = await call(base, 'POST', '/api/v1/testbeds/1/hold', { token: forged, body: { purpose: 'x', minutes: 10 } });
    expect(hold.status).toBe(401);
    expect(await snapshot([h.testbedPath])).toEqual(before);
    expect(h.logs.join('')).not.toContain(forged);
    expect(h.logs.join('')).not.toContain(ci());
  });

  it('refuses a token revoked by editing the file while the bot runs, and takes a new one at once', async () => {
    expect((await call(base, 'GET', '/api/v1/testbeds', { token: other() })).status).toBe(200);
    const fresh = newToken();
    const kept = tf.entries.filter((entry) => entry.name !== 'other-team');
    // Written in place (not renamed): editors do both.
    await writeFile(tf.file, JSON.stringify({ tokens: [...kept, { name: 'fresh', owner_email: 'fresh@example.com', sha256: sha256Hex(fresh), admin: false }] }));
    await until(async () => (await call(base, 'GET', '/api/v1/testbeds', { token: other() })).status === 401, { what: 'the revoked token to be refused' });
    expect((await call(base, 'GET', '/api/v1/testbeds', { token: fresh })).status).toBe(200);
    expect((await call(base, 'GET', '/api/v1/testbeds', { token: ci() })).status).toBe(200);
  });

  it('keeps the last good tokens when the file is broken, and logs a warning naming the problem', async () => {
    await writeFile(tf.file, '{"tokens": [{"name": "half"');
    await until(() => h.logs.some((line) => line.includes('API token file not used')), { what: 'the warning' });
    const warning = h.logs.find((line) => line.includes('API token file not used'))!;
    expect(JSON.parse(warning)).toMatchObject({ level: 40, problem: expect.stringContaining('is not valid JSON') });
    expect((await call(base, 'GET', '/api/v1/testbeds', { token: ci() })).status).toBe(200);
  });
});

describe('hold', () => {
  it('holds a testbed in the token\'s name: on disk, in the holds document and in chat like a person\'s booking', async () => {
    const before = Date.now();
    const { status, body } = await call(base, 'POST', '/api/v1/testbeds/2/hold', { token: ci(), body: { purpose: 'nightly #123', minutes: 120 } });
    expect(status).toBe(200);
    expect(body.hold_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.testbed).toMatchObject({ id: 2, status: 'in_use', user_email: 'owner@example.com', user_name: 'nightly-ci', purpose: 'nightly #123' });
    const record = (await h.readTestbeds()).find((r) => r.id === 2)!;
    expect(record).toMatchObject({ status: 'in_use', user_email: 'owner@example.com', user_name: 'nightly-ci', purpose: 'nightly #123' });
    const heldFor = Date.parse(record.expected_release_time!) - Date.parse(record.registered_time!);
    expect(heldFor).toBe(120 * MINUTE);
    expect(Date.parse(record.registered_time!)).toBeGreaterThanOrEqual(before - 1000);
    expect((await holdsFile()).holds).toEqual([
      expect.objectContaining({ hold_id: body.hold_id, token_name: 'nightly-ci', owner_email: 'owner@example.com', testbeds: [{ id: 2, registered_time: record.registered_time }] }),
    ]);

    const status2 = seenCard(await ask(h, h.ada, h.lab, 'status')).texts;
    expect(status2).toContain('● lab-2 · In use');
    expect(status2.filter((text) => text.startsWith('nightly-ci (owner@example.com) · held for '))).toHaveLength(1);
    expect(status2).toContain('Purpose: nightly #123');
  });

  it('counts minutes from the moment of the hold, even on a clock that moves with every reading', async () => {
    await h.close();
    let t = Date.parse('2030-01-31T09:00:00.000Z');
    h = await startHarness({ env: { API_PORT: '0', API_TOKENS_FILE: tf.file }, now: () => new Date(t++) });
    base = h.app.apiUrl()!;
    const byId = await call(base, 'POST', '/api/v1/testbeds/1/hold', { token: ci(), body: { purpose: 'by id', minutes: 120 } });
    expect(byId.status).toBe(200);
    const any = await call(base, 'POST', '/api/v1/holds', { token: ci(), body: { purpose: 'any', minutes: 45 } });
    expect(any.status).toBe(200);
    const records = await h.readTestbeds();
    const heldFor = (id: number) => {
      const record = records.find((r) => r.id === id)!;
      return Date.parse(record.expected_release_time!) - Date.parse(record.registered_time!);
    };
    expect(heldFor(byId.body.testbed.id)).toBe(120 * MINUTE);
    expect(any.body.testbeds).toHaveLength(1);
    expect(heldFor(any.body.testbeds[0].id)).toBe(45 * MINUTE);
  });

  it('takes expected_release_time with an offset instead of minutes', async () => {
    const at = new Date(Date.now() + 3 * 3_600_000);
    at.setUTCSeconds(0, 0);
    const local = new Date(at.getTime() + 2 * 3_600_000).toISOString().slice(0, 19);
    const { status, body } = await call(base, 'POST', '/api/v1/testbeds/1/hold', { token: ci(), body: { purpose: 'soak', expected_release_time: `${local}+02:00` } });
    expect(status).toBe(200);
    expect(body.testbed.expected_release_time).toBe(at.toISOString());
  });

  it('answers 409 taken with the holder when a person or another pipeline has it', async () => {
    const menu = await ask(h, h.ada, h.lab, 'testbed');
    const form = await click(h, h.ada, menu, 'register');
    await click(h, h.ada, form, 'register_submit', { testbed_id: '1', purpose: 'manual test', release_choice: '1h' });
    const refused = await call(base, 'POST', '/api/v1/testbeds/1/hold', { token: ci(), body: { purpose: 'nightly', minutes: 10 } });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: 'taken', holder: { email: 'ada@example.com', name: 'Ada Ops', reason: 'in_use' } });
    expect(refused.body.message).toMatch(/^lab-1 is held by Ada Ops until /);

    await call(base, 'POST', '/api/v1/testbeds/3/hold', { token: ci(), body: { purpose: 'nightly', minutes: 10 } });
    const second = await call(base, 'POST', '/api/v1/testbeds/3/hold', { token: other(), body: { purpose: 'mine?', minutes: 10 } });
    expect(second.body).toMatchObject({ error: 'taken', holder: { name: 'nightly-ci', email: 'owner@example.com' } });
    expect((await holdsFile()).holds.map((hold) => hold.token_name)).toEqual(['nightly-ci']);
  });

  it('answers 404 for an unknown testbed', async () => {
    const missing = await call(base, 'POST', '/api/v1/testbeds/42/hold', { token: ci(), body: { purpose: 'x', minutes: 10 } });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: 'not_found', message: 'There is no testbed with id 42.' });
  });

  it('refuses bad bodies with 422 (or 400 for broken JSON), naming the problem, and changes no file', async () => {
    const files = [h.testbedPath, join(h.dir, 'lifecycle.json'), join(h.dir, 'api_holds.json')];
    const before = await snapshot(files);
    const future = (ms: number) => new Date(Date.now() + ms).toISOString();
    const cases: [unknown, string][] = [
      [{ minutes: 10 }, 'purpose is required.'],
      [{ purpose: 'x'.repeat(501), minutes: 10 }, 'purpose must be at most 500 characters.'],
      [{ purpose: '   ', minutes: 10 }, 'purpose must not be empty (say what the testbed is for).'],
      [{ purpose: 'x', minutes: 0 }, 'minutes must be at least 1.'],
      [{ purpose: 'x', minutes: 1.5 }, 'minutes must be an integer.'],
      [{ purpose: 'x', minutes: '60' }, 'minutes must be an integer.'],
      [{ purpose: 'x', minutes: 91 * 24 * 60 }, 'minutes must be at most 129600.'],
      [{ purpose: 'x' }, 'minutes or expected_release_time is required (how long the hold lasts).'],
      [{ purpose: 'x', minutes: 10, expected_release_time: future(MINUTE * 60) }, 'Give either minutes or expected_release_time, not both.'],
      [{ purpose: 'x', expected_release_time: 'tomorrow' }, expect.stringMatching(/^expected_release_time must be an ISO 8601 date and time/)],
      [{ purpose: 'x', expected_release_time: '2031-02-30T10:00:00Z' }, expect.stringMatching(/^expected_release_time must be an ISO 8601/)],
      [{ purpose: 'x', expected_release_time: future(-MINUTE) }, 'expected_release_time must be in the future.'],
      [{ purpose: 'x', expected_release_time: future(91 * 24 * 60 * MINUTE) }, 'expected_release_time must be at most 90 days from now.'],
      [{ purpose: 'x', minutes: 10, user_email: 'mallory@example.com' }, '"user_email" is not a field this endpoint takes.'],
      [[1, 2], 'the body must be an object.'],
      [undefined, 'the body must be an object.'],
      [{ purpose: 7, minutes: -1 }, 'purpose must be a string; minutes must be at least 1.'],
    ];
    for (const [body, message] of cases) {
      const answer = await call(base, 'POST', '/api/v1/testbeds/1/hold', { token: ci(), body });
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(answer.body, JSON.stringify(body)).toEqual({ error: 'invalid_body', message });
    }
    const broken = await call(base, 'POST', '/api/v1/testbeds/1/hold', { token: ci(), raw: '{"purpose": "x",' });
    expect(broken.status).toBe(400);
    expect(broken.body).toEqual({ error: 'invalid_json', message: 'The body is not valid JSON.' });
    for (const key of ['__proto__', 'constructor']) {
      const raw = `{"purpose": "x", "minutes": 5, "${key}": {"prototype": {"admin": true}}}`;
      const poisoned = await call(base, 'POST', '/api/v1/testbeds/1/hold', { token: ci(), raw });
      expect(poisoned.status, key).toBe(422);
      expect(poisoned.body, key).toEqual({ error: 'invalid_body', message: `"${key}" is not a field this endpoint takes.` });
    }
    const text = await call(base, 'POST', '/api/v1/testbeds/1/hold', { token: ci(), raw: 'purpose=x', contentType: 'text/plain' });
    expect(text.status).toBe(415);
    expect(text.body.error).toBe('unsupported_media_type');
    const huge = await call(base, 'POST', '/api/v1/testbeds/1/hold', { token: ci(), body: { purpose: 'x'.repeat(20_000), minutes: 1 } });
    expect(huge.status).toBe(413);
    expect(huge.body.error).toBe('body_too_large');
    expect(await snapshot(files)).toEqual(before);
    expect(h.logs.join('')).not.toMatch(/"stack"/);
  });

  it('gives a chat registration and an API hold racing for one testbed exactly one holder; the other is told', async () => {
    const menu = await ask(h, h.ada, h.lab, 'register');
    const since = h.emu.messageCount();
    h.emu.submitRaw({ personId: h.ada.id, messageId: menu.id, inputs: { action: 'register_submit', testbed_id: '1', purpose: 'by hand', release_choice: '1h' } });
    const api = await call(base, 'POST', '/api/v1/testbeds/1/hold', { token: ci(), body: { purpose: 'by pipeline', minutes: 60 } });
    const chat = seenCard(await h.emu.waitForMessage((m) => m.roomId === h.lab.id && m.personId === h.bot.id, { since }));
    const record = (await h.readTestbeds()).find((r) => r.id === 1)!;
    if (api.status === 200) {
      expect(record.user_name).toBe('nightly-ci');
      expect(chat.heading).toBe('lab-1 is taken');
      expect(chat.texts.some((t) => t.startsWith('lab-1 is already held by nightly-ci (owner@example.com)'))).toBe(true);
    } else {
      expect(api.status).toBe(409);
      expect(api.body.holder).toMatchObject({ name: 'Ada Ops', reason: 'in_use' });
      expect(record.user_name).toBe('Ada Ops');
      expect(chat.heading).toBe('Booked: lab-1');
      expect((await holdsFile()).holds).toEqual([]);
    }
  });
});

describe('release and extend', () => {
  it('releases only holds made with the same token (403 otherwise), 409 when nobody holds it', async () => {
    const held = await call(base, 'POST', '/api/v1/testbeds/2/hold', { token: ci(), body: { purpose: 'nightly', minutes: 60 } });
    const foreign = await call(base, 'POST', '/api/v1/testbeds/2/release', { token: other() });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toMatchObject({ error: 'forbidden' });
    expect(foreign.body.message).toMatch(/^lab-2 is held by nightly-ci, not with this token/);
    expect((await h.readTestbeds()).find((r) => r.id === 2)!.user_name).toBe('nightly-ci');

    const own = await call(base, 'POST', '/api/v1/testbeds/2/release', { token: ci() });
    expect(own.status).toBe(200);
    expect(own.body.testbed).toMatchObject({ id: 2, status: 'available', user_name: null });
    expect((await h.readTestbeds()).find((r) => r.id === 2)!.status).toBe('available');
    expect((await holdsFile()).holds.find((hold) => hold.hold_id === held.body.hold_id)).toBeUndefined();

    // Content-Type: application/json with no body at all is fine where no body is needed.
    const again = await call(base, 'POST', '/api/v1/testbeds/2/release', { token: ci(), raw: '' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: 'not_in_use', message: 'lab-2 is not held by anybody.' });
    expect((await call(base, 'POST', '/api/v1/testbeds/9/release', { token: ci() })).status).toBe(404);
  });

  it('lets an admin token force-release a person\'s booking (the person is told), and refuses it to other tokens', async () => {
    const form = await ask(h, h.ada, h.lab, 'register');
    await click(h, h.ada, form, 'register_submit', { testbed_id: '3', purpose: 'manual', release_choice: '1h' });
    expect((await call(base, 'POST', '/api/v1/testbeds/3/release', { token: ci() })).status).toBe(403);
    const since = h.emu.messageCount();
    const released = await call(base, 'POST', '/api/v1/testbeds/3/release', { token: admin() });
    expect(released.status).toBe(200);
    expect((await h.readTestbeds()).find((r) => r.id === 3)!.status).toBe('available');
    // A force release: Ada hears who ended her booking and why.
    const room = h.emu.directRoom(h.ada.id, h.bot.id);
    const told = seenCard(await h.emu.waitForMessage((m) => m.roomId === room.id && m.personId === h.bot.id, { since }));
    expect(told.heading).toBe('lab-3 was released by an admin');
    expect(told.texts).toContain('lab-admin ended your booking of lab-3.');
    expect(told.facts.Reason).toBe('released through the API with the admin token lab-admin');
  });

  it('extends its own hold from the current end; 403 for other tokens, 409 when free, 422 past 90 days', async () => {
    await call(base, 'POST', '/api/v1/testbeds/1/hold', { token: ci(), body: { purpose: 'nightly', minutes: 60 } });
    const first = (await h.readTestbeds()).find((r) => r.id === 1)!;
    const extended = await call(base, 'POST', '/api/v1/testbeds/1/extend', { token: ci(), body: { minutes: 30 } });
    expect(extended.status).toBe(200);
    const expected = new Date(Date.parse(first.expected_release_time!) + 30 * MINUTE).toISOString();
    expect(extended.body.testbed.expected_release_time).toBe(expected);
    expect((await h.readTestbeds()).find((r) => r.id === 1)!.expected_release_time).toBe(expected);

    expect((await call(base, 'POST', '/api/v1/testbeds/1/extend', { token: other(), body: { minutes: 30 } })).status).toBe(403);
    const tooFar = await call(base, 'POST', '/api/v1/testbeds/1/extend', { token: ci(), body: { minutes: 129_600 } });
    expect(tooFar.status).toBe(422);
    expect(tooFar.body).toEqual({ error: 'invalid_body', message: 'The hold would then end more than 90 days from now.' });
    const noMinutes = await call(base, 'POST', '/api/v1/testbeds/1/extend', { token: ci(), body: {} });
    expect(noMinutes.body).toEqual({ error: 'invalid_body', message: 'minutes is required.' });
    const byAdmin = await call(base, 'POST', '/api/v1/testbeds/1/extend', { token: admin(), body: { minutes: 15 } });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.testbed.user_name).toBe('nightly-ci');

    const free = await call(base, 'POST', '/api/v1/testbeds/2/extend', { token: ci(), body: { minutes: 30 } });
    expect(free.status).toBe(409);
    expect(free.body.error).toBe('not_in_use');
  });
});

describe('maintenance (admin tokens)', () => {
  it('takes a free testbed out of service in the token’s name, changes it, refuses the rest with the reason, and brings it back', async () => {
    const since = h.emu.messageCount();
    const started = await call(base, 'POST', '/api/v1/testbeds/2/maintenance', { token: admin(), body: { reason: ' health check failed: no link on port 3 ', minutes: 120 } });
    expect(started.status).toBe(200);
    const end = started.body.testbed.maintenance.until as string;
    expect(Date.parse(end) - Date.now()).toBeGreaterThan(119 * MINUTE);
    expect(started.body.testbed.maintenance).toMatchObject({ reason: 'health check failed: no link on port 3', by: { email: 'lead@example.com', name: 'lab-admin' } });
    expect((await h.readTestbeds()).find((r) => r.id === 2)!.maintenance).toMatchObject({ reason: 'health check failed: no link on port 3', until: end });
    // In chat: grey in status, and nobody can book it.
    const status = seenCard(await ask(h, h.ada, h.lab, 'status lab-2'));
    expect(status.texts).toContain('Reason: health check failed: no link on port 3');
    // A pipeline cannot hold it either: 409 with who took it out of service.
    const held = await call(base, 'POST', '/api/v1/testbeds/2/hold', { token: ci(), body: { purpose: 'nightly', minutes: 30 } });
    expect(held.status).toBe(409);
    expect(held.body.holder).toMatchObject({ email: 'lead@example.com', name: 'lab-admin', reason: 'maintenance', until: end });

    // Listed as out of service, and not as free to hold.
    const down = await call(base, 'GET', '/api/v1/testbeds?status=maintenance', { token: ci() });
    expect(down.body.testbeds.map((t: TestbedRecord) => t.testbed_name)).toEqual(['lab-2']);
    const free = await call(base, 'GET', '/api/v1/testbeds?status=available', { token: ci() });
    expect(free.body.testbeds.map((t: TestbedRecord) => t.testbed_name)).toEqual(['lab-1', 'lab-3']);

    // Asked again: the reason and the end change (no end given: none).
    const changed = await call(base, 'POST', '/api/v1/testbeds/2/maintenance', { token: admin(), body: { reason: 'waiting for a new optic' } });
    expect(changed.status).toBe(200);
    expect(changed.body.testbed.maintenance).toMatchObject({ reason: 'waiting for a new optic', until: null });

    // Only admin tokens; bad bodies change nothing.
    const files = [h.testbedPath, join(h.dir, 'history.jsonl'), join(h.dir, 'lifecycle.json')];
    const before = await snapshot(files);
    const forbidden = await call(base, 'POST', '/api/v1/testbeds/1/maintenance', { token: ci(), body: { reason: 'mine now' } });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual({ error: 'forbidden', message: 'Only an admin token may start or end maintenance.' });
    expect((await call(base, 'POST', '/api/v1/testbeds/2/maintenance/end', { token: ci() })).status).toBe(403);
    const blank = await call(base, 'POST', '/api/v1/testbeds/1/maintenance', { token: admin(), body: { reason: '   ' } });
    expect(blank.body).toEqual({ error: 'invalid_body', message: 'reason must not be empty (say why it is out of service; people see it in status).' });
    const both = await call(base, 'POST', '/api/v1/testbeds/1/maintenance', { token: admin(), body: { reason: 'x', minutes: 5, until: '2030-01-01T00:00:00Z' } });
    expect(both.body).toEqual({ error: 'invalid_body', message: 'Give either minutes or until, not both (or neither: no expected end).' });
    const past = await call(base, 'POST', '/api/v1/testbeds/1/maintenance', { token: admin(), body: { reason: 'x', until: '2020-01-01T00:00:00Z' } });
    expect(past.body).toEqual({ error: 'invalid_body', message: 'until must be in the future.' });
    expect((await call(base, 'POST', '/api/v1/testbeds/1/maintenance', { token: admin(), body: { reason: 'x'.repeat(201) } })).status).toBe(422);
    expect((await call(base, 'POST', '/api/v1/testbeds/9/maintenance', { token: admin(), body: { reason: 'x' } })).status).toBe(404);
    const notDown = await call(base, 'POST', '/api/v1/testbeds/1/maintenance/end', { token: admin() });
    expect(notDown.status).toBe(409);
    expect(notDown.body).toEqual({ error: 'not_in_maintenance', message: 'lab-1 is not under maintenance.' });
    expect(await snapshot(files)).toEqual(before);

    // A testbed somebody holds: 409 taken, with the holder.
    await call(base, 'POST', '/api/v1/testbeds/3/hold', { token: ci(), body: { purpose: 'nightly', minutes: 30 } });
    const busy = await call(base, 'POST', '/api/v1/testbeds/3/maintenance', { token: admin(), body: { reason: 'x' } });
    expect(busy.status).toBe(409);
    expect(busy.body).toMatchObject({ error: 'taken', holder: { name: 'nightly-ci', reason: 'in_use' } });

    // Back in service: free again, and the history says who did what.
    const ended = await call(base, 'POST', '/api/v1/testbeds/2/maintenance/end', { token: admin() });
    expect(ended.status).toBe(200);
    expect(ended.body.testbed.maintenance).toBeUndefined();
    expect((await call(base, 'POST', '/api/v1/testbeds/2/hold', { token: ci(), body: { purpose: 'nightly', minutes: 30 } })).status).toBe(200);
    const lines = (await readFile(join(h.dir, 'history.jsonl'), 'utf8')).split('\n').filter(Boolean).map((line) => JSON.parse(line) as { event: string; by: unknown });
    const maintenanceLines = lines.filter((line) => line.event.startsWith('maintenance_'));
    expect(maintenanceLines.map((line) => line.event)).toEqual(['maintenance_started', 'maintenance_changed', 'maintenance_ended']);
    expect(maintenanceLines.every((line) => JSON.stringify(line.by) === JSON.stringify({ email: 'lead@example.com', name: 'lab-admin' }))).toBe(true);
    expect(h.emu.messageCount()).toBeGreaterThan(since);
  });
});
