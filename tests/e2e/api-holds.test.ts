/**
 * Pipelines and people on one board, over real HTTP against the running bot and the emulator:
 * "any N with label X" holds, a long-poll woken by a release in chat, a client that leaves the line,
 * an older larger request not starved by a newer smaller one, maintenance and labels as the API
 * shows them, heartbeats, a time-to-live that ran out while the bot was down, and an API hold in the
 * history and in the owner's reminders like a person's booking.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ask, availableTestbed, click, seenCard, startHarness, type Harness } from '../support/harness.js';
import { call, snapshot, tokenFile, type TokenFile } from '../support/api.js';
import { until } from '../support/wait.js';
import type { HistoryEntry, TestbedRecord } from '../../src/domain.js';
import type { EmuPerson } from '../../src/platform/emulator/api.js';

let h: Harness;
let tf: TokenFile;
let base: string;
let owner: EmuPerson | undefined;
const ci = () => tf.tokens['nightly-ci'];
const other = () => tf.tokens['other-team'];

const labelled = (id: number, name: string, labels: string[], extra: Partial<TestbedRecord> = {}): TestbedRecord => ({ ...availableTestbed(id, name), labels, ...extra });

async function start(testbeds: TestbedRecord[]): Promise<void> {
  tf = await tokenFile([
    { name: 'nightly-ci', owner: 'owner@example.com' },
    { name: 'other-team', owner: 'other@example.com' },
  ]);
  h = await startHarness({
    testbeds,
    env: { API_PORT: '0', API_TOKENS_FILE: tf.file },
    setup: (emu) => {
      owner = emu.createPerson({ displayName: 'Olga Owner', email: 'owner@example.com' });
    },
  });
  base = h.app.apiUrl()!;
}

afterEach(async () => {
  await h?.close();
  if (tf) await rm(dirname(tf.file), { recursive: true, force: true });
});

async function history(): Promise<HistoryEntry[]> {
  const text = await readFile(join(h.dir, 'history.jsonl'), 'utf8').catch(() => '');
  return text.split('\n').filter((line) => line.trim() !== '').map((line) => JSON.parse(line) as HistoryEntry);
}

const inLine = () => h.logs.filter((line) => line.includes('hold request waiting in line')).length;
const waitInLine = (count: number) => until(() => inLine() >= count, { what: `${count} request(s) waiting in line` });

const holder = async (id: number) => (await h.readTestbeds()).find((r) => r.id === id)?.user_name ?? null;

/** Ada books a testbed through the register form in the lab room. */
async function adaBooks(testbedId: number): Promise<void> {
  const form = await ask(h, h.ada, h.lab, 'register');
  const done = await click(h, h.ada, form, 'register_submit', { testbed_id: String(testbedId), purpose: 'manual test', release_choice: '1h' });
  expect(seenCard(done).heading).toBe(`Booked: lab-${testbedId}`);
}

/** Ada releases a testbed through the release form. */
async function adaReleases(testbedId: number): Promise<void> {
  const form = await ask(h, h.ada, h.lab, 'release');
  const done = await click(h, h.ada, form, 'release_submit', { testbed_id: String(testbedId) });
  expect(seenCard(done).heading).toBe(`Released: lab-${testbedId}`);
}

describe('POST /api/v1/holds', () => {
  it('holds any free testbeds with the label, all at once, in the token\'s name, and writes the history like chat', async () => {
    await start([labelled(1, 'lab-1', ['5g']), labelled(2, 'lab-2', ['lte']), labelled(3, 'lab-3', ['5G', 'lte'])]);
    const { status, body } = await call(base, 'POST', '/api/v1/holds', { token: ci(), body: { label: '5g', purpose: 'pair test', minutes: 60, quantity: 2 } });
    expect(status).toBe(200);
    expect(body.testbeds.map((t: TestbedRecord) => [t.id, t.user_name, t.labels])).toEqual([
      [1, 'nightly-ci', ['5g']],
      [3, 'nightly-ci', ['5G', 'lte']],
    ]);
    expect(body.hold_id).toMatch(/^[0-9a-f-]{36}$/);
    const lines = await history();
    expect(lines.filter((line) => line.event === 'registered')).toEqual([
      expect.objectContaining({ testbed_id: 1, by: { email: 'owner@example.com', name: 'nightly-ci' }, purpose: 'pair test', via: 'api' }),
      expect.objectContaining({ testbed_id: 3, by: { email: 'owner@example.com', name: 'nightly-ci' }, purpose: 'pair test', via: 'api' }),
    ]);
    const texts = seenCard(await ask(h, h.linus, h.lab, 'status')).texts;
    expect(texts.filter((text) => text.startsWith('nightly-ci (owner@example.com) · held for '))).toHaveLength(2);

    const filtered = await call(base, 'GET', '/api/v1/testbeds?label=LTE&status=available', { token: ci() });
    expect(filtered.body.testbeds.map((t: TestbedRecord) => t.id)).toEqual([2]);
  });

  it('answers 409 none_free at once when nothing fits and the request may not wait, or can never fit', async () => {
    await start([labelled(1, 'lab-1', ['5g']), labelled(2, 'lab-2', ['lte'])]);
    const files = [h.testbedPath, join(h.dir, 'api_holds.json')];
    const before = await snapshot(files);
    await adaBooks(1);
    const busy = await call(base, 'POST', '/api/v1/holds', { token: ci(), body: { label: '5g', purpose: 'x', minutes: 5 } });
    expect(busy.status).toBe(409);
    expect(busy.body).toEqual({ error: 'none_free', message: 'No testbed with label 5g is free right now.' });
    const never = await call(base, 'POST', '/api/v1/holds', { token: ci(), body: { label: '5g', purpose: 'x', minutes: 5, quantity: 2, wait_seconds: 600 } });
    expect(never.body).toEqual({ error: 'none_free', message: 'There is only 1 testbed with label 5g; 2 cannot be held at once.' });
    for (const [body, message] of [
      [{ purpose: 'x', minutes: 5, wait_seconds: 3601 }, 'wait_seconds must be at most 3600.'],
      [{ purpose: 'x', minutes: 5, ttl_seconds: 30 }, 'ttl_seconds must be at least 60.'],
      [{ purpose: 'x', minutes: 5, quantity: 0 }, 'quantity must be at least 1.'],
      [{ purpose: 'x', minutes: 5, label: '' }, 'label must not be empty.'],
    ] as const) {
      expect(await call(base, 'POST', '/api/v1/holds', { token: ci(), body })).toMatchObject({ status: 422, body: { error: 'invalid_body', message } });
    }
    await adaReleases(1);
    expect((await snapshot(files))[1]).toBe(before[1]);
  });

  it('waits in line and is woken when a person releases the testbed in chat', async () => {
    await start([labelled(1, 'lab-1', ['5g']), labelled(2, 'lab-2', ['lte'])]);
    await adaBooks(1);
    const waiting = call(base, 'POST', '/api/v1/holds', { token: ci(), body: { label: '5g', purpose: 'nightly', minutes: 30, wait_seconds: 60 } });
    await waitInLine(1);
    await adaReleases(1);
    const answer = await waiting;
    expect(answer.status).toBe(200);
    expect(answer.body.testbeds.map((t: TestbedRecord) => [t.id, t.user_name])).toEqual([[1, 'nightly-ci']]);
    expect(await holder(1)).toBe('nightly-ci');
  });

  it('lets a client that disconnects leave the line: the next one in line gets the testbed', async () => {
    await start([labelled(1, 'lab-1', ['5g'])]);
    await adaBooks(1);
    const controller = new AbortController();
    const leaving = call(base, 'POST', '/api/v1/holds', { token: ci(), body: { label: '5g', purpose: 'first', minutes: 30, wait_seconds: 600 }, signal: controller.signal }).catch(
      (error: Error) => error.name,
    );
    // The second request is in line behind the first before the first goes away.
    await waitInLine(1);
    const staying = call(base, 'POST', '/api/v1/holds', { token: other(), body: { label: '5g', purpose: 'second', minutes: 30, wait_seconds: 600 } });
    await waitInLine(2);
    controller.abort();
    expect(await leaving).toBe('AbortError');
    await until(() => h.logs.some((line) => line.includes('hold request left the line') && line.includes('"reason":"gone"')), { what: 'the first request to leave' });
    await adaReleases(1);
    const answer = await staying;
    expect(answer.status).toBe(200);
    expect(await holder(1)).toBe('other-team');
    // The one that left was never granted anything.
    expect((await history()).filter((line) => line.event === 'registered' && line.by?.name === 'nightly-ci')).toEqual([]);
  });

  it('serves an older request for two before a newer request for one takes a testbed it needs', async () => {
    await start([availableTestbed(1, 'lab-1'), availableTestbed(2, 'lab-2')]);
    await adaBooks(1);
    await adaBooks(2);
    const order: string[] = [];
    const pair = call(base, 'POST', '/api/v1/holds', { token: ci(), body: { purpose: 'pair', minutes: 30, quantity: 2, wait_seconds: 600 } }).then((a) => (order.push('pair'), a));
    await waitInLine(1);
    const single = call(base, 'POST', '/api/v1/holds', { token: other(), body: { purpose: 'single', minutes: 30, wait_seconds: 600 } }).then((a) => (order.push('single'), a));
    await waitInLine(2);
    await adaReleases(1);
    // lab-1 is kept for the older request: the newer one cannot take it, not even without waiting.
    const jump = await call(base, 'POST', '/api/v1/holds', { token: other(), body: { purpose: 'jump', minutes: 30 } });
    expect(jump.body.error).toBe('none_free');
    expect(await holder(1)).toBeNull();
    await adaReleases(2);
    const granted = await pair;
    expect(granted.body.testbeds.map((t: TestbedRecord) => t.id)).toEqual([1, 2]);
    expect(order).toEqual(['pair']);
    const released = await call(base, 'POST', `/api/v1/holds/${granted.body.hold_id}/release`, { token: ci() });
    expect(released.body.testbeds.map((t: TestbedRecord) => [t.id, t.status])).toEqual([
      [1, 'available'],
      [2, 'available'],
    ]);
    expect((await single).status).toBe(200);
    expect(order).toEqual(['pair', 'single']);
  });
});

describe('maintenance, heartbeats, time-to-live, reminders', () => {
  it('shows maintenance and refuses to hold a testbed under maintenance (409 taken, reason maintenance)', async () => {
    const maintenance = { reason: 'new firmware', until: null, since: '2030-01-01T00:00:00.000Z', by: { email: 'lead@example.com', name: 'Lab Lead' } };
    await start([labelled(1, 'lab-1', ['5g'], { maintenance }), labelled(2, 'lab-2', ['5g'])]);
    const one = await call(base, 'GET', '/api/v1/testbeds/1', { token: ci() });
    expect(one.body.testbed).toMatchObject({ status: 'available', maintenance: { reason: 'new firmware', by: { name: 'Lab Lead' } } });
    expect((await call(base, 'GET', '/api/v1/testbeds?status=available', { token: ci() })).body.testbeds.map((t: TestbedRecord) => t.id)).toEqual([2]);
    const refused = await call(base, 'POST', '/api/v1/testbeds/1/hold', { token: ci(), body: { purpose: 'x', minutes: 5 } });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: 'taken', holder: { name: 'Lab Lead', reason: 'maintenance' }, message: 'lab-1 is under maintenance (new firmware).' });
    const any = await call(base, 'POST', '/api/v1/holds', { token: ci(), body: { label: '5g', purpose: 'x', minutes: 5 } });
    expect(any.body.testbeds.map((t: TestbedRecord) => t.id)).toEqual([2]);
  });

  it('renews a hold with a heartbeat (only with its own token), and 404 once it is gone', async () => {
    await start([availableTestbed(1, 'lab-1')]);
    const held = await call(base, 'POST', '/api/v1/holds', { token: ci(), body: { purpose: 'x', minutes: 30, ttl_seconds: 120 } });
    const before = Date.now();
    const beat = await call(base, 'POST', `/api/v1/holds/${held.body.hold_id}/heartbeat`, { token: ci() });
    expect(beat.status).toBe(200);
    expect(beat.body).toMatchObject({ hold_id: held.body.hold_id, ttl_seconds: 120 });
    expect(Date.parse(beat.body.expires_at)).toBeGreaterThanOrEqual(before + 119_000);
    expect((await call(base, 'POST', `/api/v1/holds/${held.body.hold_id}/heartbeat`, { token: other() })).status).toBe(403);
    expect((await call(base, 'POST', '/api/v1/holds/no-such-hold/heartbeat', { token: ci() })).status).toBe(404);
    expect((await call(base, 'POST', `/api/v1/holds/${held.body.hold_id}/release`, { token: ci() })).status).toBe(200);
    expect((await call(base, 'POST', `/api/v1/holds/${held.body.hold_id}/heartbeat`, { token: ci() })).status).toBe(404);
  });

  it('extends every testbed of a hold at once (only with its own token or an admin one), all or nothing past 90 days', async () => {
    await start([availableTestbed(1, 'lab-1'), availableTestbed(2, 'lab-2'), availableTestbed(3, 'lab-3')]);
    const held = await call(base, 'POST', '/api/v1/holds', { token: ci(), body: { purpose: 'long soak', minutes: 60, quantity: 2 } });
    const path = `/api/v1/holds/${held.body.hold_id}/extend`;
    const due = async () => (await h.readTestbeds()).map((record) => Date.parse(record.expected_release_time ?? '') || null);
    const before = await due();

    const extended = await call(base, 'POST', path, { token: ci(), body: { minutes: 90 } });
    expect(extended.status).toBe(200);
    expect(extended.body.testbeds.map((t: TestbedRecord) => t.id)).toEqual([1, 2]);
    expect(await due()).toEqual([before[0]! + 90 * 60_000, before[1]! + 90 * 60_000, null]);
    expect((await history()).filter((line) => line.event === 'extended').map((line) => line.testbed_id)).toEqual([1, 2]);

    // Past 90 days for either: nothing is extended.
    const tooFar = await call(base, 'POST', path, { token: ci(), body: { minutes: 90 * 24 * 60 } });
    expect(tooFar).toMatchObject({ status: 422, body: { error: 'invalid_body', message: 'The hold would then end more than 90 days from now; nothing was extended.' } });
    expect(await due()).toEqual([before[0]! + 90 * 60_000, before[1]! + 90 * 60_000, null]);
    expect(await call(base, 'POST', path, { token: ci(), body: { minutes: 0 } })).toMatchObject({ status: 422, body: { error: 'invalid_body' } });
    expect(await call(base, 'POST', path, { token: ci(), body: {} })).toMatchObject({ status: 422, body: { error: 'invalid_body' } });
    expect((await call(base, 'POST', path, { token: other(), body: { minutes: 5 } })).status).toBe(403);
    expect((await call(base, 'POST', '/api/v1/holds/no-such-hold/extend', { token: ci(), body: { minutes: 5 } })).status).toBe(404);
    expect(await due()).toEqual([before[0]! + 90 * 60_000, before[1]! + 90 * 60_000, null]);
  });

  it('releases a hold whose time-to-live ran out while the bot was down, at start-up, with an expired history line', async () => {
    await start([availableTestbed(1, 'lab-1'), availableTestbed(2, 'lab-2')]);
    const held = await call(base, 'POST', '/api/v1/holds', { token: ci(), body: { purpose: 'crashed job', minutes: 120, ttl_seconds: 60 } });
    expect(held.status).toBe(200);
    await h.app.stop();
    const file = join(h.dir, 'api_holds.json');
    const doc = JSON.parse(await readFile(file, 'utf8'));
    doc.holds[0].heartbeat_at = new Date(Date.now() - 10 * 60_000).toISOString();
    await writeFile(file, JSON.stringify(doc));
    await h.restart();
    await until(async () => (await history()).some((line) => line.event === 'expired'), { what: 'the expired hold to be released' });
    expect(await holder(1)).toBeNull();
    const expired = (await history()).filter((line) => line.event === 'expired');
    expect(expired).toEqual([expect.objectContaining({ testbed_id: 1, by: null, holder: { email: 'owner@example.com', name: 'nightly-ci' }, purpose: 'crashed job' })]);
    await until(async () => JSON.parse(await readFile(file, 'utf8')).holds.length === 0, { what: 'the hold entry to go' });
  });

  it('sends the notices of an API hold (here: overdue) to the token\'s owner', async () => {
    await start([availableTestbed(1, 'lab-1')]);
    await call(base, 'POST', '/api/v1/testbeds/1/hold', { token: ci(), body: { purpose: 'long job', minutes: 30 } });
    // The job overran while the bot was down: the overdue notice goes out at start-up.
    await h.app.stop();
    const doc = JSON.parse(await readFile(h.testbedPath, 'utf8'));
    doc.testbeds[0].expected_release_time = new Date(Date.now() - 3_600_000).toISOString();
    await writeFile(h.testbedPath, JSON.stringify(doc));
    await h.restart();
    const room = h.emu.directRoom(owner!.id, h.bot.id);
    const notice = await h.emu.waitForMessage((m) => m.roomId === room.id && m.personId === h.bot.id, { timeoutMs: 10_000 });
    expect(seenCard(notice).heading).toBe('Overdue: lab-1');
  });
});
