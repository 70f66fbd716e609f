/**
 * The sandbox end to end: the emulator, the real bot and the chat page in-process, driven through
 * the page's HTTP API and in a real headless Chromium (playwright-core + Debian's chromium).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request as httpRequest } from 'node:http';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { startSandbox, type Sandbox } from '../../src/sandbox/sandbox.js';
import { parseSandboxArgs } from '../../src/sandbox/args.js';
import type { TestbedRecord } from '../../src/domain.js';
import type { EmuAttachmentAction, EmuMessage } from '../../src/platform/emulator/api.js';
import { findChromium, launchChromium } from '../support/chromium.js';
import { buttonTitles, seenCard } from '../support/card-text.js';

function logSink() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, stream };
}

function everyToken(sandbox: Sandbox): string[] {
  return [sandbox.directory.bot.token, ...sandbox.directory.people.map((person) => person.token)];
}

function readTestbeds(sandbox: Sandbox): TestbedRecord[] {
  return (JSON.parse(readFileSync(sandbox.data.testbedPath, 'utf8')) as { testbeds: TestbedRecord[] }).testbeds;
}

describe('finding Chromium', () => {
  it('fails (never skips) with the exact install command when no browser is installed', () => {
    expect(() => findChromium({}, () => false)).toThrow('install it with `apt-get install -y chromium`');
    expect(findChromium({ CHROMIUM_PATH: '/opt/chromium' }, (path) => path === '/opt/chromium')).toBe('/opt/chromium');
    expect(findChromium({}, (path) => path === '/usr/bin/chromium')).toBe('/usr/bin/chromium');
  });
});

describe('sandbox flags', () => {
  it('reads --port, --port=N, SANDBOX_PORT and --inspect, and refuses nonsense', () => {
    expect(parseSandboxArgs([], {})).toEqual({ ok: true, args: { port: 3000, inspect: false } });
    expect(parseSandboxArgs(['--port', '4100', '--inspect'], {})).toEqual({ ok: true, args: { port: 4100, inspect: true } });
    expect(parseSandboxArgs(['--port=0'], { SANDBOX_PORT: '5000' })).toEqual({ ok: true, args: { port: 0, inspect: false } });
    expect(parseSandboxArgs([], { SANDBOX_PORT: '5000' })).toEqual({ ok: true, args: { port: 5000, inspect: false } });
    expect(parseSandboxArgs(['--port', 'abc'], {})).toMatchObject({ ok: false });
    expect(parseSandboxArgs(['--port', '70000'], {})).toMatchObject({ ok: false });
    expect(parseSandboxArgs(['--colour'], {})).toEqual({ ok: false, problem: 'Unknown argument "--colour".' });
  });
});

describe('sandbox page API', () => {
  let sandbox: Sandbox;
  let dataDir: string;
  const log = logSink();

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'sandbox-api-'));
    sandbox = await startSandbox({ port: 0, dataDir, logLevel: 'debug', logDestination: log.stream });
  });
  afterAll(async () => {
    await sandbox?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const post = (path: string, body: string, contentType = 'application/json') =>
    fetch(`${sandbox.url}${path}`, { method: 'POST', headers: { 'content-type': contentType }, body });

  it('serves people, rooms with their flags, messages and the connection state, without any token', async () => {
    const response = await fetch(`${sandbox.url}/api/state`);
    expect(response.status).toBe(200);
    const text = await response.text();
    for (const token of everyToken(sandbox)) expect(text).not.toContain(token);
    const state = JSON.parse(text);
    expect(state.connection).toBe('connected');
    expect(state.people.map((person: { email: string }) => person.email)).toEqual(['ada@example.com', 'linus@example.com', 'grace@example.com']);
    const flags = Object.fromEntries(
      state.rooms.filter((room: { type: string }) => room.type === 'group').map((room: { title: string; approved: boolean; broadcast: boolean }) => [
        room.title,
        [room.approved, room.broadcast],
      ]),
    );
    expect(flags).toEqual({
      'Lab Team': [true, false],
      'QA Team': [true, false],
      'Random Chat': [false, false],
      'Release Announcements': [false, true],
      'Ops Broadcast': [false, true],
    });
    expect(state.rooms.filter((room: { type: string; approved: boolean }) => room.type === 'direct' && room.approved)).toHaveLength(3);
  });

  it('seeds the data folder: demo testbeds (some in use, one overdue) and this run\'s broadcast room ids', () => {
    const testbeds = readTestbeds(sandbox);
    expect(testbeds.length).toBeGreaterThanOrEqual(6);
    const inUse = testbeds.filter((record) => record.status === 'in_use');
    expect(inUse.length).toBeGreaterThanOrEqual(2);
    expect(inUse.filter((record) => Date.parse(record.expected_release_time!) < Date.now())).toHaveLength(1);
    const broadcast = JSON.parse(readFileSync(sandbox.data.broadcastPath, 'utf8')).broadcast_rooms as { room_id: string }[];
    const broadcastIds = sandbox.directory.rooms.filter((room) => room.broadcast).map((room) => room.id);
    expect(broadcast.map((room) => room.room_id)).toEqual(broadcastIds);
  });

  it('a person says something in a group room: the bot is mentioned for them and answers', async () => {
    const ada = sandbox.directory.people[0];
    const lab = sandbox.directory.rooms.find((room) => room.title === 'Lab Team')!;
    const since = sandbox.emulator.messageCount();
    const response = await post('/api/say', JSON.stringify({ personId: ada.id, roomId: lab.id, text: 'testbed' }));
    expect(response.status).toBe(200);
    const { id } = (await response.json()) as { id: string };
    const said = sandbox.emulator.messages({ roomId: lab.id }).find((message) => message.id === id);
    expect(said?.personId).toBe(ada.id);
    expect(said?.mentionedPeople).toEqual([sandbox.directory.bot.id]);
    const reply = await sandbox.emulator.waitForMessage((message) => message.roomId === lab.id && message.personId === sandbox.directory.bot.id, {
      since,
      timeoutMs: 10_000,
    });
    expect(reply.attachments?.[0]?.content.type).toBe('AdaptiveCard');
  });

  it('the demo testbeds carry labels: with both routing testbeds taken, a person can wait for any of them', async () => {
    const labels = Object.fromEntries(readTestbeds(sandbox).map((record) => [record.testbed_name.split(' ')[0], record.labels ?? []]));
    expect(labels).toMatchObject({ 'TB-02': ['routing'], 'TB-04': ['routing'], 'TB-03': ['wifi'], 'TB-07': ['iot', 'wifi'] });
    const ada = sandbox.directory.people[0];
    const lab = sandbox.directory.rooms.find((room) => room.title === 'Lab Team')!;
    const since = sandbox.emulator.messageCount();
    await post('/api/say', JSON.stringify({ personId: ada.id, roomId: lab.id, text: 'wait any routing' }));
    const reply = await sandbox.emulator.waitForMessage((message) => message.roomId === lab.id && message.personId === sandbox.directory.bot.id, {
      since,
      timeoutMs: 10_000,
    });
    expect(seenCard(reply).heading).toBe('Waiting for any routing');
    expect(seenCard(reply).texts[1]).toBe('You are in the queue of every routing testbed that is busy: #1 for TB-02 Edge router pair, #1 for TB-04 SD-WAN pod.');
    // Leave the shared sandbox as it was for the other tests.
    for (const text of ['unwait TB-02', 'unwait TB-04']) {
      const before = sandbox.emulator.messageCount();
      await post('/api/say', JSON.stringify({ personId: ada.id, roomId: lab.id, text }));
      await sandbox.emulator.waitForMessage((message) => message.roomId === lab.id && message.personId === sandbox.directory.bot.id, { since: before, timeoutMs: 10_000 });
    }
  });

  it('streams live messages as server-sent events, without any token', async () => {
    const ada = sandbox.directory.people[0];
    const qa = sandbox.directory.rooms.find((room) => room.title === 'QA Team')!;
    const controller = new AbortController();
    const response = await fetch(`${sandbox.url}/api/events`, { signal: controller.signal });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = response.body!.getReader();
    let received = '';
    const first = await reader.read();
    received += new TextDecoder().decode(first.value);
    expect(received).toContain('event: connection');
    await post('/api/say', JSON.stringify({ personId: ada.id, roomId: qa.id, text: 'help' }));
    while (!/event: message\ndata: .*"fromBot":true/.test(received)) {
      const chunk = await reader.read();
      if (chunk.done) break;
      received += new TextDecoder().decode(chunk.value);
    }
    controller.abort();
    expect(received).toMatch(/event: message\ndata: .*"personName":"Ada Ops"/);
    expect(received).toMatch(/event: message\ndata: .*"fromBot":true/);
    for (const token of everyToken(sandbox)) expect(received).not.toContain(token);
  });

  it('answers bad requests with 4xx and a message, and keeps running', async () => {
    const ada = sandbox.directory.people[0];
    const lab = sandbox.directory.rooms.find((room) => room.title === 'Lab Team')!;
    const graceDirect = sandbox.directory.rooms.find((room) => room.type === 'direct' && room.memberIds.includes(sandbox.directory.people[2].id))!;
    const cardMessage = sandbox.emulator.messages({ roomId: lab.id }).find((message) => message.attachments?.length)!;
    const textOnly = sandbox.emulator.messages({ roomId: lab.id }).find((message) => !message.attachments?.length)!;
    const cases: [Promise<Response>, number, RegExp][] = [
      [post('/api/say', '{"personId": '), 400, /not valid JSON/],
      [post('/api/say', '[1,2]'), 400, /JSON object/],
      [post('/api/say', JSON.stringify({ personId: 'nobody', roomId: graceDirect.id, text: 'hi' })), 400, /personId/],
      [post('/api/say', JSON.stringify({ personId: ada.id, roomId: graceDirect.id, text: 'hi' })), 403, /not a member/],
      [post('/api/say', JSON.stringify({ personId: ada.id, roomId: lab.id, text: 42 })), 400, /"text" must be a string/],
      [post('/api/say', JSON.stringify({ personId: ada.id, roomId: lab.id, text: '   ' })), 400, /must not be empty/],
      [post('/api/say', JSON.stringify({ personId: sandbox.directory.bot.id, roomId: graceDirect.id, text: 'hi' })), 400, /personId/],
      [post('/api/submit', JSON.stringify({ personId: ada.id, messageId: 'nope', inputs: {} })), 404, /No such message/],
      [post('/api/submit', JSON.stringify({ personId: ada.id, messageId: cardMessage.id, inputs: 'text' })), 400, /"inputs" must be an object/],
      [post('/api/submit', JSON.stringify({ personId: ada.id, messageId: textOnly.id, inputs: {} })), 400, /no card/],
      [post('/api/say', 'personId=x', 'application/x-www-form-urlencoded'), 415, /application\/json/],
      [post('/api/say', JSON.stringify({ text: 'x'.repeat(70_000) })), 413, /larger than/],
      [fetch(`${sandbox.url}/api/nothing`), 404, /Not found/],
      [fetch(`${sandbox.url}/api/say`), 405, /POST/],
    ];
    for (const [pending, status, message] of cases) {
      const response = await pending;
      expect(response.status).toBe(status);
      expect(((await response.json()) as { error: string }).error).toMatch(message);
    }
    const alive = await fetch(`${sandbox.url}/api/state`);
    expect(alive.status).toBe(200);
  });

  it('refuses requests from other sites (Origin) and other host names (Host)', async () => {
    const cross = await fetch(`${sandbox.url}/api/drop-socket`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: '{}',
    });
    expect(cross.status).toBe(403);
    // fetch() may not set Host, so this one goes through node:http (a DNS-rebinding page would send its own name).
    const rebound = await new Promise<number>((resolve, reject) => {
      const request = httpRequest({ host: '127.0.0.1', port: sandbox.port, path: '/api/state', headers: { host: 'evil.example' } }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on('error', reject);
      request.end();
    });
    expect(rebound).toBe(403);
  });

  it('serves the page, its scripts and the adaptivecards bundle', async () => {
    for (const [path, type] of [
      ['/', 'text/html'],
      ['/app.js', 'text/javascript'],
      ['/style.css', 'text/css'],
      ['/vendor/adaptivecards.js', 'text/javascript'],
      ['/vendor/adaptivecards.css', 'text/css'],
      ['/vendor/markdown-it.js', 'text/javascript'],
    ]) {
      const response = await fetch(`${sandbox.url}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toContain(type);
    }
    expect(await (await fetch(`${sandbox.url}/vendor/adaptivecards.js`)).text()).toContain('AdaptiveCard');
    expect(await (await fetch(`${sandbox.url}/vendor/markdown-it.js`)).text()).toContain('markdownit');
    expect((await fetch(`${sandbox.url}/../package.json`)).status).toBe(404);
  });

  it('a hand-off offer posted to a person\'s email shows in their direct room on the page, and its form works there', async () => {
    const [ada, , grace] = sandbox.directory.people;
    const lab = sandbox.directory.rooms.find((room) => room.title === 'Lab Team')!;
    const graceDirect = sandbox.directory.rooms.find((room) => room.type === 'direct' && room.memberIds.includes(grace.id))!;
    const botSays = (roomId: string, since: number, heading?: string) =>
      sandbox.emulator.waitForMessage(
        (message) => message.roomId === roomId && message.personId === sandbox.directory.bot.id && (!heading || seenCard(message).heading === heading),
        { since, timeoutMs: 10_000 },
      );
    const submit = async (personId: string, messageId: string, inputs: Record<string, string>) =>
      expect((await post('/api/submit', JSON.stringify({ personId, messageId, inputs }))).status).toBe(200);

    // Grace joins the queue for Ada's TB-06 from the status card; Ada releases it.
    let since = sandbox.emulator.messageCount();
    await post('/api/say', JSON.stringify({ personId: grace.id, roomId: lab.id, text: 'status' }));
    const status = await botSays(lab.id, since);
    since = sandbox.emulator.messageCount();
    await submit(grace.id, status.id, { action: 'wait', testbed_id: '6' });
    await botSays(lab.id, since, 'You are #1 for TB-06 Load generator rig');
    since = sandbox.emulator.messageCount();
    await post('/api/say', JSON.stringify({ personId: ada.id, roomId: lab.id, text: 'release' }));
    const releaseForm = await botSays(lab.id, since);
    since = sandbox.emulator.messageCount();
    await submit(ada.id, releaseForm.id, { action: 'release_submit', testbed_id: '6' });
    const offer = await botSays(graceDirect.id, since, 'TB-06 Load generator rig is free: it is yours if you want it');
    expect(offer.toPersonEmail).toBe('grace@example.com');

    // The page's state lists it in Grace's direct room, card and all.
    const state = (await (await fetch(`${sandbox.url}/api/state`)).json()) as { messages: Record<string, { id: string; fromBot: boolean; card?: unknown }[]> };
    const shown = state.messages[graceDirect.id].find((message) => message.id === offer.id);
    expect(shown?.fromBot).toBe(true);
    expect(buttonTitles(shown?.card)).toEqual(['Book it', 'No thanks']);

    // A form with a problem comes back as the same form there; then Grace books it. The page sends the
    // inputs merged with the button's data, as a client does.
    const bookIt = (message: EmuMessage) =>
      (message.attachments?.[0]?.content.actions as { title: string; data: Record<string, string> }[]).find((button) => button.title === 'Book it')!.data;
    since = sandbox.emulator.messageCount();
    await submit(grace.id, offer.id, { purpose: '', release_choice: '1d', ...bookIt(offer) });
    const again = await botSays(graceDirect.id, since);
    expect(seenCard(again).heading).toBe('TB-06 Load generator rig is free: it is yours if you want it');
    expect(seenCard(again).errors).toContain('Tell us what you need the testbed for.');
    expect(readTestbeds(sandbox).find((record) => record.id === 6)?.status).toBe('available');
    since = sandbox.emulator.messageCount();
    await submit(grace.id, again.id, { purpose: 'load test', release_choice: '1d', ...bookIt(again) });
    expect(seenCard(await botSays(graceDirect.id, since)).heading).toBe('Booked: TB-06 Load generator rig');
    expect(readTestbeds(sandbox).find((record) => record.id === 6)).toMatchObject({ status: 'in_use', user_email: 'grace@example.com' });
  });

  it('never writes a token into the bot log', () => {
    expect(log.lines.length).toBeGreaterThan(0);
    const output = log.lines.join('');
    for (const token of everyToken(sandbox)) expect(output).not.toContain(token);
  });
});

describe('sandbox data folder', () => {
  it('refuses a second sandbox on the same folder before touching its documents', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sandbox-lock-'));
    const first = await startSandbox({ port: 0, dataDir, logLevel: 'silent' });
    try {
      const broadcastBefore = readFileSync(first.data.broadcastPath, 'utf8');
      await expect(startSandbox({ port: 0, dataDir, logLevel: 'silent' })).rejects.toMatchObject({
        code: 'STORE_LOCKED',
        message: expect.stringContaining(`pid ${process.pid}`),
      });
      expect(readFileSync(first.data.broadcastPath, 'utf8')).toBe(broadcastBefore);
    } finally {
      await first.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('keeps the testbed document and rewrites the broadcast room ids for the new run', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sandbox-restart-'));
    try {
      const first = await startSandbox({ port: 0, dataDir, logLevel: 'silent' });
      const firstIds = first.directory.rooms.filter((room) => room.broadcast).map((room) => room.id);
      const record = readTestbeds(first).find((candidate) => candidate.status === 'available')!;
      await first.app.store.testbeds.save({
        ...record,
        status: 'in_use',
        user_email: 'ada@example.com',
        user_name: 'Ada Ops',
        registered_time: '2030-01-01T10:00:00.000Z',
        purpose: 'kept across restarts',
        expected_release_time: '2030-01-02T10:00:00.000Z',
      });
      await first.stop();
      const bytes = readFileSync(join(dataDir, 'testbeds.json'), 'utf8');

      const second = await startSandbox({ port: 0, dataDir, logLevel: 'silent' });
      try {
        expect(second.data.seededTestbeds).toBe(false);
        expect(readFileSync(second.data.testbedPath, 'utf8')).toBe(bytes);
        expect(second.app.store.testbeds.get(record.id)?.purpose).toBe('kept across restarts');
        const secondIds = second.directory.rooms.filter((room) => room.broadcast).map((room) => room.id);
        const stored = JSON.parse(readFileSync(second.data.broadcastPath, 'utf8')).broadcast_rooms as { room_id: string }[];
        expect(stored.map((room) => room.room_id)).toEqual(secondIds);
        expect(secondIds).not.toEqual(firstIds);
      } finally {
        await second.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('sandbox page in Chromium', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  let page: Page;
  let dataDir: string;

  beforeAll(async () => {
    browser = await launchChromium();
    dataDir = mkdtempSync(join(tmpdir(), 'sandbox-e2e-'));
    sandbox = await startSandbox({ port: 0, dataDir, logLevel: 'silent' });
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    // Shorter than the test time-outs, so a stuck step fails here and leaves its screenshot.
    page.setDefaultTimeout(15_000);
  }, 60_000);
  let unsubscribe = () => {};
  afterAll(async () => {
    unsubscribe();
    await browser?.close();
    await sandbox?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** Runs a browser step; on failure saves a screenshot under test-output/ and fails. */
  async function withScreenshot(name: string, steps: () => Promise<void>): Promise<void> {
    try {
      await steps();
    } catch (error) {
      mkdirSync('test-output', { recursive: true });
      await page.screenshot({ path: join('test-output', `${name}.png`), fullPage: true }).catch(() => undefined);
      throw error;
    }
  }

  const PURPOSE = 'Sandbox run 1.0.8 for **lab-3** [notes](http://evil.example)';
  /** Opens the page as `person` in `room`, once the bot is connected. */
  async function openAs(person: string, room: string): Promise<void> {
    await page.goto(sandbox.url);
    await page.locator('#connection[data-state="connected"]').waitFor();
    await page.locator('.person', { hasText: person }).click();
    await page.locator('.room', { hasText: room }).click();
  }

  const botCard = (text: string): Locator => page.locator('.message.from-bot .card-host', { hasText: text }).last();

  /** The card the bot posts for what is said, once it is there (a card with the same text from before does not count). */
  async function answerTo(text: string, cardText: string): Promise<Locator> {
    const cards = page.locator('.message.from-bot .card-host', { hasText: cardText });
    const before = await cards.count();
    await say(text);
    await expect.poll(() => cards.count(), { timeout: 10_000 }).toBeGreaterThan(before);
    return cards.last();
  }

  async function say(text: string): Promise<void> {
    await page.locator('#composer-text').fill(text);
    await page.locator('#composer-text').press('Enter');
  }

  it('registers a testbed, sees the holder in Status, then releases it', { timeout: 90_000 }, async () => {
    await withScreenshot('sandbox-register-flow', async () => {
      await openAs('Linus Lab', 'QA Team');

      const actions: EmuAttachmentAction[] = [];
      unsubscribe = sandbox.emulator.subscribe((event) => {
        if (event.type === 'action.created') actions.push(event.action);
      });
      await say('testbed');
      const menu = botCard('What would you like to do?');
      await menu.getByRole('button', { name: 'Register' }).click();

      const form = botCard('Register a testbed');
      await form.locator('[data-input-id="testbed_id"]').selectOption({ label: 'TB-03 Wi-Fi 7 lab' });
      await form.locator('[data-input-id="purpose"]').fill(PURPOSE);
      await form.locator('[data-input-id="release_choice"]').selectOption('4h');
      await form.getByRole('button', { name: 'Register', exact: true }).click();

      const booked = botCard('Booked: TB-03 Wi-Fi 7 lab');
      await booked.waitFor();
      // Rendered by adaptivecards with markdown-it, as the web client does: every name reads as typed, no backslash,
      // and the markup typed into the purpose stays text (look-alikes for `*`).
      const blocks = (await booked.locator('.ac-textBlock').allInnerTexts()).map((text) => text.replace(/\u200B/g, '').trim());
      expect(blocks).toContain('Booked: TB-03 Wi-Fi 7 lab');
      expect(blocks).toContain('Linus Lab (linus@example.com)');
      expect(blocks).toContain('Sandbox run 1.0.8 for ∗∗lab-3∗∗ [notes](http://evil.example)');
      expect(await booked.textContent()).not.toContain('\\');
      expect(await booked.locator('strong, em, a, li').count()).toBe(0);
      // Each text went through markdown-it (it wraps text in a paragraph; the library alone would not).
      expect(await booked.locator('.ac-textBlock p').count()).toBe(blocks.length);
      const stored = readTestbeds(sandbox).find((record) => record.testbed_name === 'TB-03 Wi-Fi 7 lab')!;
      expect(stored).toMatchObject({ status: 'in_use', user_email: 'linus@example.com', purpose: PURPOSE });
      // The page sent every input of the form merged with the button's data, as a client does.
      const registration = actions.find((action) => action.inputs.action === 'register_submit');
      expect(registration?.inputs).toMatchObject({
        action: 'register_submit',
        testbed_id: String(stored.id),
        purpose: PURPOSE,
        release_choice: '4h',
      });
      expect(Object.keys(registration?.inputs ?? {})).toEqual(expect.arrayContaining(['release_date', 'release_time']));

      await booked.getByRole('button', { name: 'Status' }).click();
      const status = botCard('Testbed status');
      await status.waitFor();
      const statusBlocks = (await status.locator('.ac-textBlock').allInnerTexts()).map((text) => text.replace(/\u200B/g, '').trim());
      expect(statusBlocks).toContain('● TB-03 Wi-Fi 7 lab · In use');
      expect(statusBlocks.some((text) => text.startsWith('Linus Lab (linus@example.com) · held for '))).toBe(true);
      expect(await status.textContent()).not.toContain('\\');

      await booked.getByRole('button', { name: 'Release a testbed' }).click();
      const releaseForm = botCard('Release a testbed');
      // The form starts on the booking whose card was pressed.
      expect(await releaseForm.locator('[data-input-id="testbed_id"]').inputValue()).toBe(String(stored.id));
      await releaseForm.getByRole('button', { name: 'Release', exact: true }).click();
      await botCard('Released: TB-03 Wi-Fi 7 lab').waitFor();
      expect(readTestbeds(sandbox).find((record) => record.id === stored.id)).toMatchObject({ status: 'available', user_email: null });
    });
  });

  it('shows the bot\'s direct messages in the person\'s direct room, with buttons that work', { timeout: 60_000 }, async () => {
    await withScreenshot('sandbox-direct-message', async () => {
      await openAs('Linus Lab', 'Testbed Monitor (direct)');
      // The demo's overdue booking is Linus's: the bot told him at start-up, posting to his email.
      const notice = botCard('Overdue: TB-04 SD-WAN pod');
      await notice.waitFor();
      const linus = sandbox.directory.people[1];
      const direct = sandbox.directory.rooms.find((room) => room.type === 'direct' && room.memberIds.includes(linus.id))!;
      const posted = sandbox.emulator.messages({ roomId: direct.id }).filter((message) => message.personId === sandbox.directory.bot.id);
      expect(posted.map((message) => message.toPersonEmail)).toEqual(['linus@example.com']);
      const before = Date.parse(readTestbeds(sandbox).find((record) => record.id === 4)!.expected_release_time!);
      expect(before).toBeLessThan(Date.now());
      await notice.getByRole('button', { name: 'Extend 1 hour' }).click();
      const extended = botCard('Extended: TB-04 SD-WAN pod');
      await extended.waitFor();
      const blocks = (await extended.locator('.ac-textBlock').allInnerTexts()).map((text) => text.replace(/\u200B/g, '').trim());
      expect(blocks.some((text) => /^TB-04 SD-WAN pod is yours until .* \(in 1 h\)\.$/.test(text))).toBe(true);
      expect(Date.parse(readTestbeds(sandbox).find((record) => record.id === 4)!.expected_release_time!)).toBeGreaterThan(Date.now());
    });
  });

  it('shows what the bot posts in a broadcast room, live, with its markdown rendered safely', { timeout: 60_000 }, async () => {
    await withScreenshot('sandbox-broadcast-room', async () => {
      await page.goto(sandbox.url);
      await page.locator('#connection[data-state="connected"]').waitFor();
      await page.locator('.room', { hasText: 'Ops Broadcast' }).click();
      const ops = sandbox.directory.rooms.find((room) => room.title === 'Ops Broadcast')!;
      await sandbox.app.platform.postMessage({
        roomId: ops.id,
        markdown: 'Lab **power work** on Saturday <img src=x onerror="window.injected=1"> [docs](javascript:alert(1))',
      });
      const post = page.locator('.message.from-bot', { hasText: 'power work' });
      await post.waitFor();
      expect(await post.locator('strong').textContent()).toBe('power work');
      expect(await post.locator('img').count()).toBe(0);
      expect(await post.locator('a').count()).toBe(0);
      expect(await post.textContent()).toContain('<img src=x');
      expect(await page.evaluate(() => (window as unknown as { injected?: number }).injected)).toBeUndefined();
    });
  });

  /** How many lines each element's text takes on the page: the distinct tops of its text's line boxes. */
  function linesTaken(elements: Locator): Promise<number[]> {
    return elements.evaluateAll((blocks) =>
      blocks.map((block) => {
        const tops = new Set<number>();
        const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const range = document.createRange();
          range.selectNodeContents(node);
          for (const rect of range.getClientRects()) if (rect.width > 0) tops.add(Math.round(rect.top));
        }
        return tops.size;
      }),
    );
  }

  /** The texts of the elements under `within` that the page cuts off: wider than their box, or sticking out of the card. */
  function cutOff(within: Locator): Promise<string[]> {
    return within.evaluateAll((elements) =>
      elements
        .filter((element) => {
          const card = element.closest('.ac-adaptiveCard')!.getBoundingClientRect();
          const clipped = [element, ...element.querySelectorAll('*')].some((part) => part.scrollWidth > part.clientWidth);
          return clipped || element.getBoundingClientRect().right > card.right + 0.5;
        })
        .map((element) => element.textContent ?? ''),
    );
  }

  /**
   * A card of titles in bold, each above its meaning (help, rules), as the page shows it: every text block's text, the
   * titles (bold, after the heading), and whether each title took one line and nothing was cut off.
   */
  async function boldTitles(answer: Locator): Promise<{ texts: string[]; titles: string[]; titleAfter: (title: string) => string; titleLines: number[]; cut: string[] }> {
    const blocks = answer.locator('.ac-textBlock');
    const weights = await blocks.evaluateAll((all) => all.map((block) => getComputedStyle(block).fontWeight));
    const texts = (await blocks.allInnerTexts()).map((text) => text.trim());
    const boldIndexes = weights.map((weight, index) => (index > 0 && Number(weight) >= 600 ? index : -1)).filter((index) => index > 0);
    const lines = await linesTaken(blocks);
    return {
      texts,
      titles: boldIndexes.map((index) => texts[index]),
      titleAfter: (title) => texts[texts.indexOf(title) + 1],
      titleLines: boldIndexes.map((index) => lines[index]),
      cut: await cutOff(blocks),
    };
  }

  /** A narrow phone's screen (the card gets about 235 px of it). */
  const SMALL_PHONE = { width: 360, height: 800 };

  /** Runs `steps` on a phone-sized page (390 px wide unless told), as Grace in the Lab Team room. */
  async function onPhone(name: string, steps: () => Promise<void>, screen = { width: 390, height: 844 }): Promise<void> {
    await withScreenshot(name, async () => {
      await page.setViewportSize(screen);
      try {
        await openAs('Grace Hopper', 'Lab Team');
        await steps();
      } finally {
        await page.setViewportSize({ width: 1280, height: 900 });
      }
    });
  }

  it('on a desktop the mine card\'s five buttons each show their whole title', { timeout: 60_000 }, async () => {
    await withScreenshot('sandbox-desktop-mine', async () => {
      await openAs('Linus Lab', 'QA Team');
      const mine = await answerTo('mine', 'Your bookings');
      const buttons = mine.locator('.ac-actionSet').last().locator('.ac-pushButton');
      expect(await buttons.allInnerTexts()).toEqual(['Extend 1 hour', 'Extend 1 day', 'Release', 'Release all mine', 'Status']);
      expect(await cutOff(buttons)).toEqual([]);
    });
  });

  it('on a phone-sized screen a status card\'s buttons each show their whole title', { timeout: 60_000 }, async () => {
    await onPhone('sandbox-phone-buttons', async () => {
      const status = await answerTo('status', 'Testbed status');
      const buttons = status.locator('.ac-actionSet').last().locator('.ac-pushButton');
      expect(await buttons.allInnerTexts()).toEqual(['Notify me when free', 'Register', 'Release', 'Mine', 'Menu']);
      expect(await cutOff(buttons)).toEqual([]);
    });
  });

  it('on a phone-sized screen the broadcast card shows each room\'s name and description whole, with a gap between rooms', { timeout: 60_000 }, async () => {
    await onPhone('sandbox-phone-rooms', async () => {
      const rooms = await answerTo('broadcast', 'Broadcast: choose rooms');
      const labels = rooms.locator('[data-input-id="room_ids"] label');
      expect((await labels.allInnerTexts()).map((text) => text.trim())).toEqual([
        'Release Announcements — Release managers and everyone shipping this sprint',
        'Ops Broadcast — Operations: maintenance windows and lab availability',
      ]);
      expect(await cutOff(labels)).toEqual([]);
      // Each description wraps on a phone, so the options keep a gap: one room never runs into the next.
      const options = rooms.locator('[data-input-id="room_ids"] > div');
      const boxes = await options.evaluateAll((rows) => rows.map((row) => row.getBoundingClientRect()).map((box) => ({ top: box.top, bottom: box.bottom })));
      expect(boxes).toHaveLength(2);
      expect(boxes[1].top - boxes[0].bottom).toBeGreaterThanOrEqual(4);
    });
  });

  it('on a 360 px screen the chat keeps most of the screen, and the header shows its name and buttons whole', { timeout: 60_000 }, async () => {
    await onPhone('sandbox-phone-layout', async () => {
      const messages = await page.locator('#messages').boundingBox();
      expect(messages!.height).toBeGreaterThan(800 / 2);
      for (const part of ['#bot-name', '#connection', '#drop-socket']) {
        const box = (await page.locator(part).boundingBox())!;
        expect(box.x, part).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, part).toBeLessThanOrEqual(360);
      }
      const clipped = await page.locator('#bot-name, #drop-socket').evaluateAll((parts) => parts.filter((part) => part.scrollWidth > part.clientWidth).map((part) => part.id));
      expect(clipped).toEqual([]);
      // People and rooms scroll sideways: one further along is still reached, and switching works.
      await page.locator('.room', { hasText: 'Ops Broadcast' }).click();
      await expect.poll(() => page.locator('#room-title').textContent()).toBe('Ops Broadcast');
    }, SMALL_PHONE);
  });

  it('on a 360 px screen the quick messages wrap inside the screen, and what\'s free? asks the bot for the free testbeds', { timeout: 60_000 }, async () => {
    await onPhone('sandbox-phone-quick', async () => {
      const chips = page.locator('.quick .chip');
      expect(await chips.allInnerTexts()).toEqual(['testbed', 'status', "what's free?", 'book TB-03 for 2 hours', 'mine', 'help']);
      const outside = await chips.evaluateAll((all) => all.filter((chip) => chip.getBoundingClientRect().right > 360 || chip.scrollWidth > chip.clientWidth).map((chip) => chip.textContent));
      expect(outside).toEqual([]);
      await page.locator('.quick .chip', { hasText: "what's free?" }).click();
      const free = botCard('Free now');
      await free.waitFor();
      const lines = (await free.locator('.ac-textBlock').allInnerTexts()).map((text) => text.trim());
      expect(lines[1]).toMatch(/^Free now · As of \d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
    }, SMALL_PHONE);
  });

  it('on a 360 px screen the help card shows each command whole on its own line', { timeout: 60_000 }, async () => {
    await onPhone('sandbox-phone-help', async () => {
      // The heading and the version line come first; then each command (bold) above its meaning.
      const help = await boldTitles(await answerTo('help', 'Testbed Monitor help'));
      expect(help.titles).toEqual([
        'testbed', 'status', 'status 5g', 'free (or what\'s free?)', 'register (or book)', 'register lab-3', 'release', 'release lab-3', 'mine (or extend)', 'purpose lab-3 soak test', 'give lab-3 to Linus', 'switch lab-3 to lab-5', 'wait lab-3', 'who has lab-3?', 'ask about lab-3', 'history lab-3', 'lab-3 is broken', 'rules', 'digest', 'report', 'broadcast', 'feedback', 'help', 'cancel',
      ]);
      expect(help.titleLines).toEqual(help.titles.map(() => 1));
      expect(help.cut).toEqual([]);
    }, SMALL_PHONE);
  });

  it('on a 360 px screen the rules card shows each title whole on its own line, its sentences below it, nothing cut off', { timeout: 60_000 }, async () => {
    await onPhone('sandbox-phone-rules', async () => {
      const rules = await boldTitles(await answerTo('how long can I book a testbed?', 'How booking works here'));
      expect(rules.titles).toEqual(['Booking', 'Reminders', 'Overdue', 'Queues', 'Digest', 'Admins']);
      expect(rules.titleAfter('Reminders')).toBe('15 minutes before a booking is due, I remind its holder in a 1:1 room, with Extend and Release buttons.');
      expect(rules.titleAfter('Digest')).toBe('This lab has no daily digest (DIGEST_AT is not set where the bot runs). Type digest to see one as of now.');
      expect(rules.titleLines).toEqual(rules.titles.map(() => 1));
      expect(rules.cut).toEqual([]);
    }, SMALL_PHONE);
  });

  it('on a 360 px screen the report\'s hours and top holders keep one line each, and fact rows keep a gap, so a title that wraps still reads as its own row', { timeout: 60_000 }, async () => {
    await onPhone('sandbox-phone-facts', async () => {
      const report = await answerTo('report', 'Usage, last 7 days');
      const gaps = await report.locator('.ac-factset').first().evaluate((table) => {
        const rows = [...table.querySelectorAll('tr')].map((row) => {
          const boxes = [...row.querySelectorAll('td > *')].map((content) => content.getBoundingClientRect()).filter((box) => box.height > 0);
          return { top: Math.min(...boxes.map((box) => box.top)), bottom: Math.max(...boxes.map((box) => box.bottom)) };
        });
        return rows.slice(1).map((row, index) => row.top - rows[index].bottom);
      });
      expect(gaps.length).toBeGreaterThan(0);
      expect(gaps.every((gap) => gap >= 4)).toBe(true);
      // The hours keep one line each, and so do the names of the top holders.
      const titles = report.locator('.ac-factset tr > td:first-child');
      expect(await titles.count()).toBeGreaterThan(1);
      const titleLines = await linesTaken(titles);
      const texts = await titles.allInnerTexts();
      expect(texts.filter((_, index) => titleLines[index] !== 1)).toEqual([]);
      const names = report.locator('.ac-textBlock', { hasText: /^\s*(Linus Lab|Grace Hopper|Ada Ops)\s*$/ });
      expect(await names.count()).toBeGreaterThan(0);
      expect((await linesTaken(names)).every((lines) => lines === 1)).toBe(true);
    }, SMALL_PHONE);
  });

  it('on a 360 px screen the maintenance form\'s labels and the status counts each stay on one line, the maintenance count included', { timeout: 90_000 }, async () => {
    await onPhone('sandbox-phone-counts', async () => {
      // Grace is the sandbox's admin: one testbed goes under maintenance, so the card shows all five counts.
      const admin = await answerTo('admin', 'Lab admin');
      await admin.getByRole('button', { name: 'Start', exact: true }).click();
      const form = botCard('Start maintenance');
      await form.waitFor();
      // The form's labels keep one line each: the date format is in the example and the line below, not the label.
      const labels = form.locator('label.ac-richTextBlock');
      expect((await labels.allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim())).toEqual(['Testbed *', 'Reason (shown in status) *', 'Expected back (UTC, optional)']);
      expect(await linesTaken(labels)).toEqual([1, 1, 1]);
      await form.locator('[data-input-id="testbed_id"]').selectOption({ label: 'TB-07 IoT gateway bench' });
      await form.locator('[data-input-id="reason"]').fill('Firmware upgrade');
      await form.getByRole('button', { name: 'Start maintenance', exact: true }).click();
      await botCard('TB-07 IoT gateway bench is under maintenance').waitFor();

      // Status cards from before are on the page too: this one is the answer to this `status`.
      const status = await answerTo('status', 'Testbed status');
      const counts = status.locator('.ac-columnSet').first().locator('.ac-textBlock');
      const texts = (await counts.allInnerTexts()).map((text) => text.trim());
      expect(texts.map((text) => text.replace(/: \d+$/, ''))).toEqual(['Available', 'In use', 'Overdue', 'Maintenance', 'Total']);
      expect(texts.slice(3)).toEqual(['Maintenance: 1', `Total: ${readTestbeds(sandbox).length}`]);
      expect(await cutOff(counts)).toEqual([]);
      expect(await linesTaken(counts)).toEqual([1, 1, 1, 1, 1]);

      await say('admin');
      await botCard('Lab admin').getByRole('button', { name: 'End', exact: true }).click();
      const end = botCard('End maintenance');
      await end.waitFor();
      const bench = readTestbeds(sandbox).find((record) => record.testbed_name === 'TB-07 IoT gateway bench')!;
      await end.locator('[data-input-id="testbed_id"]').selectOption(String(bench.id));
      await end.getByRole('button', { name: 'End maintenance', exact: true }).click();
      await botCard('TB-07 IoT gateway bench is back in service').waitFor();
    }, SMALL_PHONE);
  });

  it('on a 360 px screen a booking typed in one line arrives filled in, and the Booked card keeps each fact title on one line', { timeout: 90_000 }, async () => {
    await onPhone('sandbox-phone-typed-booking', async () => {
      const form = await answerTo('book TB-05 for 2 hours for Firewall soak', 'Register a testbed');
      const bench = readTestbeds(sandbox).find((record) => record.testbed_name === 'TB-05 Firewall HA pair')!;
      const value = (id: string) => form.locator(`[data-input-id="${id}"]`).inputValue();
      expect(await value('testbed_id')).toBe(String(bench.id));
      expect(await value('purpose')).toBe('Firewall soak');
      expect(await value('release_choice')).toBe('custom');
      expect(await value('release_date')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(await value('release_time')).toMatch(/^\d{2}:\d{2}$/);
      await form.getByRole('button', { name: 'Register', exact: true }).click();

      const booked = botCard('Booked: TB-05 Firewall HA pair');
      await booked.waitFor();
      const due = booked.locator('.ac-textBlock', { hasText: /^\s*Expected release: / });
      expect(await due.innerText()).toMatch(/\(in (1 h 5\d min|2 h)\)$/);
      const titles = booked.locator('.ac-factset tr > td:first-child');
      expect((await titles.allInnerTexts()).map((text) => text.trim())).toEqual(['Held by', 'Since', 'Purpose']);
      expect(await linesTaken(titles)).toEqual([1, 1, 1]);
      expect(readTestbeds(sandbox).find((record) => record.id === bench.id)).toMatchObject({ status: 'in_use', user_email: 'grace@example.com', purpose: 'Firewall soak' });

      await say('release TB-05');
      await botCard('Release a testbed').getByRole('button', { name: 'Release', exact: true }).click();
      await botCard('Released: TB-05 Firewall HA pair').waitFor();
    }, SMALL_PHONE);
  });

  it('on a 360 px screen a booking typed for a colleague shows Register for them whole, and one press books it in their name', { timeout: 90_000 }, async () => {
    await onPhone('sandbox-phone-book-for', async () => {
      const form = await answerTo('book TB-05 for Linus for 2 hours for the firmware soak', 'Register a testbed for Linus Lab');
      expect(await form.locator('[data-input-id="purpose"]').inputValue()).toBe('the firmware soak');
      const buttons = form.locator('.ac-actionSet').last().locator('.ac-pushButton');
      expect(await buttons.allInnerTexts()).toEqual(['Register for Linus', 'Register for me', 'Cancel']);
      expect(await cutOff(buttons)).toEqual([]);
      await buttons.first().click();
      await botCard('Booked for Linus Lab: TB-05 Firewall HA pair').waitFor();
      expect(readTestbeds(sandbox).find((record) => record.testbed_name === 'TB-05 Firewall HA pair')).toMatchObject({
        status: 'in_use',
        user_email: 'linus@example.com',
        purpose: 'the firmware soak',
      });

      await say('release TB-05');
      await botCard('Release a testbed').getByRole('button', { name: 'Release', exact: true }).click();
      await botCard('Released: TB-05 Firewall HA pair').waitFor();
    }, SMALL_PHONE);
  });

  it('on a 360 px screen a colleague\'s bookings, Extend all and an admin\'s Extend theirs and Hand over for them show each button whole, and each does what it says', { timeout: 90_000 }, async () => {
    await onPhone('sandbox-phone-extend-all', async () => {
      // Linus's one booking (TB-04): its row, under Held by, with its own buttons.
      const held = await answerTo('what does Linus have?', 'Held by Linus Lab');
      const heldButtons = held.locator('.ac-actionSet').last().locator('.ac-pushButton');
      expect(await heldButtons.allInnerTexts()).toEqual(['Notify me when free', 'Ask the holder', 'Register', 'Release', 'Mine']);
      expect(await cutOff(heldButtons)).toEqual([]);

      // Grace holds TB-02; with TB-03 booked too, one press extends both.
      await (await answerTo('book TB-03 for 2 hours for the phone check', 'Register a testbed')).getByRole('button', { name: 'Register', exact: true }).click();
      await botCard('Booked: TB-03 Wi-Fi 7 lab').waitFor();
      const due = () => readTestbeds(sandbox).filter((record) => record.id === 2 || record.id === 3).map((record) => Date.parse(record.expected_release_time ?? ''));
      const before = due();
      const mine = await answerTo('extend all my bookings by 2 hours', 'Extend all by 2 hours');
      const buttons = mine.locator('.ac-actionSet').last().locator('.ac-pushButton');
      expect(await buttons.allInnerTexts()).toEqual(['Extend all by 2 hours', 'Extend 2 hours', 'Release', 'Release all mine', 'Status']);
      expect(await cutOff(buttons)).toEqual([]);
      await buttons.first().click();
      await botCard('Extended 2 bookings').waitFor();
      expect(due().map((at, index) => at - before[index])).toEqual([2 * 3_600_000, 2 * 3_600_000]);

      await say('release TB-03');
      await botCard('Release a testbed').getByRole('button', { name: 'Release', exact: true }).click();
      await botCard('Released: TB-03 Wi-Fi 7 lab').waitFor();

      // Grace is the sandbox's admin: Linus's overdue TB-04, two hours from now with one press, her own booking's Extend beside it.
      const tb04 = () => readTestbeds(sandbox).find((record) => record.testbed_name === 'TB-04 SD-WAN pod')!;
      const dueBefore = Date.parse(tb04().expected_release_time ?? '');
      const theirs = await answerTo('extend TB-04 by 2 hours', 'Extend theirs by 2 hours');
      const theirButtons = theirs.locator('.ac-actionSet').last().locator('.ac-pushButton');
      expect(await theirButtons.allInnerTexts()).toEqual(['Extend theirs by 2 hours', 'Extend 1 hour', 'Release', 'Release all mine', 'Status']);
      expect(await cutOff(theirButtons)).toEqual([]);
      const pressedAt = Date.now();
      await theirButtons.first().click();
      const extended = botCard('Extended: TB-04 SD-WAN pod');
      await extended.waitFor();
      const release = extended.locator('.ac-factset tr', { hasText: 'Expected release' }).locator('td').last();
      expect((await release.innerText()).trim()).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC \(in /);
      // Two hours on from when it was due, or from the press when that had passed (overdue).
      const dueAfter = Date.parse(tb04().expected_release_time ?? '');
      expect(tb04().user_email).toBe('linus@example.com');
      expect(dueAfter).toBeGreaterThanOrEqual(Math.max(dueBefore, pressedAt) + 2 * 3_600_000);
      expect(dueAfter).toBeLessThanOrEqual(Math.max(dueBefore, Date.now()) + 2 * 3_600_000);

      // And hands it to Ada for Linus: the platform finds her by name, one press moves the booking.
      const handCard = await answerTo('give TB-04 to Ada Ops', 'Hand TB-04 SD-WAN pod over for Linus Lab?');
      const handButtons = handCard.locator('.ac-actionSet').last().locator('.ac-pushButton');
      expect(await handButtons.allInnerTexts()).toEqual(['Hand over for them', 'Cancel']);
      expect(await cutOff(handButtons)).toEqual([]);
      await handButtons.first().click();
      await botCard('Handed over: TB-04 SD-WAN pod').waitFor();
      expect(tb04()).toMatchObject({ user_email: 'ada@example.com', expected_release_time: new Date(dueAfter).toISOString() });
    }, SMALL_PHONE);
  });

  it('drops the bot socket from the page: the badge shows reconnecting, then connected, and the bot still answers', { timeout: 60_000 }, async () => {
    await withScreenshot('sandbox-drop-socket', async () => {
      await page.goto(sandbox.url);
      await page.locator('#connection[data-state="connected"]').waitFor();
      await page.evaluate(() => {
        const badge = document.getElementById('connection')!;
        const seen: string[] = [];
        (window as unknown as { seenStates: string[] }).seenStates = seen;
        new MutationObserver(() => seen.push(badge.dataset.state ?? '')).observe(badge, { attributes: true });
      });
      await page.getByRole('button', { name: 'Drop bot socket' }).click();
      await page.waitForFunction(() => (window as unknown as { seenStates: string[] }).seenStates.includes('disconnected'));
      await page.locator('#connection[data-state="connected"]').waitFor({ timeout: 30_000 });
      await page.locator('.room', { hasText: 'Lab Team' }).click();
      const before = await page.locator('.message.from-bot').count();
      await say('help');
      await page.locator('.message.from-bot').nth(before).waitFor();
      expect(await page.locator('.message.from-bot').last().textContent()).toContain('help');
    });
  });
});
