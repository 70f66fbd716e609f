/** REST calls against the emulator: retry policy, errors without secrets, pagination, posting. */
import { inspect } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { PlatformError } from '../../../src/platform/webex/index.js';
import { resolveTiming } from '../../../src/platform/webex/options.js';
import { createRestClient, type RetryWait } from '../../../src/platform/webex/rest.js';
import { simulatedWaits } from '../../support/simulated-waits.js';
import { startHarness, type Harness } from './harness.js';

let h: Harness;
afterEach(async () => {
  if (!h) return;
  await h.close();
  expect(h.logs.join('')).not.toContain(h.bot.token);
});

function everything(error: unknown): string {
  return [JSON.stringify(error), inspect(error, { depth: Infinity, showHidden: true }), String((error as Error)?.stack)].join('\n');
}

async function started(harness: Harness, retryWait?: RetryWait) {
  const adapter = harness.adapter({ retryWait });
  await adapter.platform.start();
  return adapter.platform;
}

describe('webex REST', () => {
  it('waits out a 429 with Retry-After on POST /messages and sends the message exactly once', async () => {
    h = await startHarness();
    const clock = simulatedWaits({ instant: true });
    const platform = await started(h, clock.wait);
    const room = h.emu.directRoom(h.ada.id, h.bot.id);
    h.emu.faults.restFault({ method: 'POST', path: /^\/messages$/, status: 429, retryAfter: 1 });
    const posted = await platform.postMessage({ roomId: room.id, text: 'rate limited once' });
    expect(clock.waited()).toEqual([1_000]);
    const copies = h.emu.messages({ roomId: room.id }).filter((m) => m.text === 'rate limited once');
    expect(copies).toHaveLength(1);
    expect(copies[0]?.id).toBe(posted.id);
    expect(h.logs.some((l) => l.includes('will be retried') && l.includes('"status":429'))).toBe(true);
  });

  it('does not retry a POST answered with 500 and raises a retryable PlatformError', async () => {
    h = await startHarness();
    const platform = await started(h);
    const room = h.emu.directRoom(h.ada.id, h.bot.id);
    h.emu.faults.restFault({ method: 'POST', path: /^\/messages$/, status: 500, times: 1 });
    const error = await platform.postMessage({ roomId: room.id, text: 'maybe lost' }).then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformError);
    expect(error).toMatchObject({ code: 'server_error', status: 500, retryable: true });
    expect((error as PlatformError).trackingId).toMatch(/\S+/);
    // A retry would have succeeded (the fault answers once), so no copy proves there was none.
    expect(h.emu.messages({ roomId: room.id }).filter((m) => m.text === 'maybe lost')).toHaveLength(0);
  });

  it('retries a GET answered with 502', async () => {
    h = await startHarness();
    const platform = await started(h);
    h.emu.faults.restFault({ method: 'GET', path: /^\/people\//, status: 502, times: 2 });
    const person = await platform.getPerson(h.ada.id);
    expect(person).toMatchObject({ id: h.ada.id, emails: ['ada@example.com'], displayName: 'Ada Ops', type: 'person' });
  });

  it('finds people by email, or by the start of their display name, and never the bot', async () => {
    h = await startHarness();
    const platform = await started(h);
    expect(await platform.findPeople!({ email: 'ADA@example.com' })).toEqual([expect.objectContaining({ id: h.ada.id, emails: ['ada@example.com'], displayName: 'Ada Ops' })]);
    h.emu.createPerson({ displayName: 'Ada Lovelace', email: 'lovelace@example.com' });
    expect((await platform.findPeople!({ displayName: 'Ada' })).map((person) => person.displayName).sort()).toEqual(['Ada Lovelace', 'Ada Ops']);
    expect(await platform.findPeople!({ email: 'nobody@example.com' })).toEqual([]);
    expect(await platform.findPeople!({ displayName: h.bot.displayName })).toEqual([]);
  });

  it('raises PlatformErrors that carry the platform message and tracking id but no token', async () => {
    h = await startHarness();
    const platform = await started(h);
    const error = await platform.getPerson('Y2lzY29zcGFyazovL3VzL1BFT1BMRS9ub2JvZHk').then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformError);
    expect(error).toMatchObject({ code: 'not_found', status: 404, retryable: false });
    expect((error as PlatformError).platformMessage).toMatch(/\S/);
    expect(everything(error)).not.toContain(h.bot.token);
    expect(everything(error)).not.toMatch(/authorization/i);
  });

  it('keeps proxy credentials out of errors and logs', async () => {
    h = await startHarness();
    const { platform } = h.adapter({ httpsProxy: 'http://proxyuser:pr0xy-s3cret@127.0.0.1:9' });
    const error = await platform.getPerson(h.ada.id).then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformError);
    expect((error as PlatformError).retryable).toBe(true);
    expect(everything(error)).not.toContain('pr0xy-s3cret');
    expect(everything(error)).not.toContain(h.bot.token);
    expect(h.logs.join('')).not.toContain('pr0xy-s3cret');
  });

  it('refuses a message with no or two destinations without calling the platform', async () => {
    h = await startHarness();
    const platform = await started(h);
    const room = h.emu.directRoom(h.ada.id, h.bot.id);
    const before = h.emu.messageCount();
    await expect(platform.postMessage({ text: 'nowhere' })).rejects.toMatchObject({ code: 'bad_request' });
    await expect(platform.postMessage({ roomId: room.id, toPersonEmail: 'ada@example.com', text: 'two' })).rejects.toMatchObject({ code: 'bad_request' });
    expect(h.emu.messageCount()).toBe(before);
  });

  it('posts one card attachment with a text fallback, and deletes messages', async () => {
    h = await startHarness();
    const platform = await started(h);
    const card = { type: 'AdaptiveCard' as const, version: '1.3', body: [{ type: 'TextBlock', text: 'Status' }] };
    const posted = await platform.postMessage({ toPersonEmail: 'ada@example.com', card });
    const [stored] = h.emu.messages({ toPersonEmail: 'ada@example.com' });
    expect(stored?.id).toBe(posted.id);
    expect(stored?.text).toBe('Status');
    expect(stored?.attachments).toEqual([{ contentType: 'application/vnd.microsoft.card.adaptive', content: card }]);
    await platform.deleteMessage(posted.id);
    expect(h.emu.messages({ toPersonEmail: 'ada@example.com' })).toHaveLength(0);
  });

  it('lists every room of the bot by following Link rel="next"', async () => {
    h = await startHarness();
    const platform = await started(h);
    const titles: string[] = [];
    for (let i = 0; i < 130; i++) {
      titles.push(`Room ${i}`);
      h.emu.createRoom({ title: `Room ${i}`, memberIds: [h.bot.id, h.ada.id] });
    }
    h.emu.directRoom(h.ada.id, h.bot.id);
    h.emu.createRoom({ title: 'Not ours', memberIds: [h.ada.id] });
    const rooms = await platform.listRooms();
    expect(rooms).toHaveLength(131);
    expect(new Set(rooms.map((r) => r.id)).size).toBe(131);
    expect(rooms.filter((r) => r.type === 'group').map((r) => r.title).sort()).toEqual([...titles].sort());
    expect(rooms.filter((r) => r.type === 'direct')).toHaveLength(1);
    expect(h.logs.filter((l) => l.includes('"rest call"') && l.includes('/v1/rooms')).length).toBeGreaterThan(1);
  });

  it('me() returns the bot profile after start', async () => {
    h = await startHarness();
    const platform = await started(h);
    expect(platform.me()).toMatchObject({ id: h.bot.id, displayName: 'Testbed Monitor', type: 'bot', emails: ['testbed-monitor@webex.bot'] });
  });

  it('stop cancels a request still waiting for its answer, and later requests never leave', async () => {
    h = await startHarness();
    const logger = pino({ level: 'silent' });
    const rest = createRestClient({ apiUrl: h.emu.restUrl, token: h.bot.token, timing: resolveTiming({ requestTimeoutMs: 60_000 }), logger });
    // The answer comes after 3 s: without the cancel the request would succeed then.
    h.emu.faults.restDelay(3_000);
    const pending = rest.get('people/me').then(() => 'answered', (e: unknown) => e);
    rest.dispose();
    expect(await pending).toMatchObject({ code: 'stopped' });
    h.emu.faults.restDelay(0);
    const since = h.emu.messageCount();
    await expect(rest.request('POST', 'messages', { json: { toPersonEmail: 'ada@example.com', text: 'after stop' } })).rejects.toMatchObject({ code: 'stopped' });
    expect(h.emu.messageCount()).toBe(since);
  });

  it('gives up on an answer slower than requestTimeoutMs with a timeout error; the next call goes through', async () => {
    h = await startHarness();
    const logger = pino({ level: 'silent' });
    const rest = createRestClient({ apiUrl: h.emu.restUrl, token: h.bot.token, timing: resolveTiming({ requestTimeoutMs: 200 }), logger });
    h.emu.faults.restDelay(1_000);
    const error = await rest.request('POST', 'messages', { json: { toPersonEmail: 'ada@example.com', text: 'slow answer' } }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(PlatformError);
    expect(error).toMatchObject({ code: 'timeout', retryable: true, method: 'POST' });
    expect((error as PlatformError).message).toContain('no answer within 200 ms');
    h.emu.faults.restDelay(0);
    // The connection is still good for the next call.
    await expect(rest.get('people/me')).resolves.toMatchObject({ id: h.bot.id });
    rest.dispose();
  });

  it('reads a long answer whole, and its headers', async () => {
    h = await startHarness();
    const platform = await started(h);
    const room = h.emu.directRoom(h.ada.id, h.bot.id);
    const card = { type: 'AdaptiveCard' as const, version: '1.3', body: Array.from({ length: 150 }, (_, i) => ({ type: 'TextBlock', text: `line ${i} of a long card ✓` })) };
    const posted = await platform.postMessage({ roomId: room.id, text: 'a long card', card });
    const logger = pino({ level: 'silent' });
    const rest = createRestClient({ apiUrl: h.emu.restUrl, token: h.bot.token, timing: resolveTiming({}), logger });
    const read = await rest.request<{ attachments?: { content?: unknown }[] }>('GET', `messages/${posted.id}`);
    expect(read.status).toBe(200);
    expect(read.body.attachments?.[0]?.content).toEqual(card);
    expect(String(read.headers['content-type'])).toContain('application/json');
    rest.dispose();
  });
});
