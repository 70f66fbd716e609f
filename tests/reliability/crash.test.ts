/**
 * Crash safety of the real process (`node dist/main.js`, as in production, one
 * process, so SIGKILL hits the bot itself and not a wrapper): a kill in the
 * middle of a burst of bookings loses no booking whose success card was
 * posted; a hand-edited invalid document is reported and left alone; a second
 * bot on the same store refuses to start while the first keeps working.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/platform/emulator/index.js';
import type { EmuMessage, EmuPerson, EmuRoom, Emulator } from '../../src/platform/emulator/api.js';
import { testbedsDocumentProblems } from '../../src/store/schema.js';
import type { TestbedRecord } from '../../src/domain.js';
import { availableTestbed } from '../support/harness.js';
import { startBotProcess as startBot, type BotProcess } from '../support/bot-process.js';
import { until as waitUntil } from '../support/wait.js';

const until = (check: () => boolean, timeoutMs = 20_000) => waitUntil(check, { timeoutMs });

type Bot = BotProcess;

interface World {
  emu: Emulator;
  bot: EmuPerson;
  ada: EmuPerson;
  lab: EmuRoom;
  dir: string;
  testbedPath: string;
  env: Record<string, string>;
}

async function world(testbeds: TestbedRecord[] | string): Promise<World> {
  const emu = await startEmulator();
  const bot = emu.createBot({ displayName: 'Testbed Monitor', email: 'tbm@webex.bot' });
  const ada = emu.createPerson({ displayName: 'Ada Ops', email: 'ada@example.com' });
  const lab = emu.createRoom({ title: 'Lab', memberIds: [bot.id, ada.id] });
  const dir = await mkdtemp(join(tmpdir(), 'tbm-crash-'));
  const testbedPath = join(dir, 'testbeds.json');
  await writeFile(testbedPath, typeof testbeds === 'string' ? testbeds : JSON.stringify({ testbeds }, null, 2));
  const env = {
    PLATFORM_ACCESS_TOKEN: bot.token,
    PLATFORM_API_URL: emu.restUrl,
    PLATFORM_DISCOVERY_URL: emu.discoveryUrl,
    APPROVED_ROOMS: lab.id,
    TESTBED_DB_NAME: testbedPath,
    BROADCAST_DB_NAME: join(dir, 'broadcast_rooms.json'),
    HEALTH_PORT: 'off',
    LOG_LEVEL: 'warn',
  };
  return { emu, bot, ada, lab, dir, testbedPath, env };
}

/** The pid in a lock file (one JSON line naming its owner). */
const lockOwnerPid = (content: string) => (JSON.parse(content) as { pid: number }).pid;

const booked = (m: EmuMessage) => /^Booked: (lab-\d+) /.exec(m.text ?? '')?.[1];

async function ask(w: World, text: string): Promise<EmuMessage> {
  const since = w.emu.messageCount();
  w.emu.say({ personId: w.ada.id, roomId: w.lab.id, text, mentions: [w.bot.id] });
  return w.emu.waitForMessage((m) => m.personId === w.bot.id && m.roomId === w.lab.id, { since, timeoutMs: 15_000 });
}

describe('crash safety of the bot process', () => {
  let w: World | undefined;
  const running: Bot[] = [];
  afterEach(async () => {
    for (const bot of running.splice(0)) bot.kill('SIGKILL');
    await w?.emu.stop();
    if (w) await rm(w.dir, { recursive: true, force: true });
    w = undefined;
  });

  it('SIGKILL in the middle of a burst of bookings loses none whose success card was posted', async () => {
    const count = 60;
    w = await world(Array.from({ length: count }, (_, i) => availableTestbed(i + 1, `lab-${i + 1}`)));
    const { emu } = w;
    const people = Array.from({ length: count }, (_, i) => emu.createPerson({ displayName: `Person ${i + 1}`, email: `p${i + 1}@example.com` }));
    for (const person of people) emu.addMember(w.lab.id, person.id);
    const first = startBot(w.env, w.dir);
    running.push(first);
    await until(() => emu.connectedSockets(w!.bot.id) === 1);
    const form = await ask(w, 'register');

    // A burst of bookings, five at a time every few ms; the process is killed the moment the tenth success card
    // reaches the platform, while later bookings are still arriving or being saved.
    let successes = 0;
    const unsubscribe = emu.subscribe((event) => {
      if (event.type === 'message.created' && booked(event.message) && ++successes === 10) first.kill('SIGKILL');
    });
    for (const [i, person] of people.entries()) {
      if (successes >= 10) break;
      emu.submitRaw({
        personId: person.id,
        messageId: form.id,
        inputs: { action: 'register_submit', testbed_id: String(i + 1), purpose: `burst ${i + 1}`, release_choice: '1d' },
      });
      if (i % 5 === 4) await new Promise((r) => setTimeout(r, 10)); // five at a time
    }
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
    unsubscribe();

    const told = emu.messages({ personId: w.bot.id }).map(booked).filter((name): name is string => name !== undefined);
    // Killed at the tenth success of sixty (replies already on the wire may still land afterwards).
    expect(told.length).toBeGreaterThanOrEqual(10);
    const document = JSON.parse(await readFile(w.testbedPath, 'utf8')) as { testbeds: TestbedRecord[] };
    expect(testbedsDocumentProblems(document)).toEqual([]);
    expect(document.testbeds.filter((r) => r.status === 'in_use').length).toBeGreaterThanOrEqual(told.length);
    expect(lockOwnerPid(await readFile(`${w.testbedPath}.lock`, 'utf8'))).toBe(first.pid); // left behind by the kill
    for (const name of told) {
      const n = Number(name.slice(4));
      expect(document.testbeds.find((r) => r.testbed_name === name)).toMatchObject({
        status: 'in_use',
        user_email: `p${n}@example.com`,
        purpose: `burst ${n}`,
      });
    }

    // Restart on the same files: the stale lock is taken over and the bookings are the bot's truth.
    await until(() => emu.connectedSockets(w!.bot.id) === 0);
    const second = startBot(w.env, w.dir);
    running.push(second);
    await until(() => emu.connectedSockets(w!.bot.id) === 1);
    const again = await ask(w, 'register');
    const sinceRetry = emu.messageCount();
    emu.submitRaw({
      personId: w.ada.id,
      messageId: again.id,
      inputs: { action: 'register_submit', testbed_id: told[0].slice(4), purpose: 'mine now?', release_choice: '1h' },
    });
    const refusal = await emu.waitForMessage((m) => m.personId === w!.bot.id && m.roomId === w!.lab.id, { since: sinceRetry, timeoutMs: 15_000 });
    expect(refusal.text).toMatch(/already held by Person \d+/);
    const afterRestart = JSON.parse(await readFile(w.testbedPath, 'utf8')) as { testbeds: TestbedRecord[] };
    for (const name of told) expect(afterRestart.testbeds.find((r) => r.testbed_name === name)?.status).toBe('in_use');
    second.kill('SIGTERM');
    expect((await second.exited).code).toBe(0);
    expect(existsSync(`${w.testbedPath}.lock`)).toBe(false);
  }, 60_000);

  it('reports a hand-edited invalid document clearly, exits 1 and never overwrites it', async () => {
    const edited = JSON.stringify(
      {
        testbeds: [
          { ...availableTestbed(1, 'lab-1'), status: 'in_use' },
          { ...availableTestbed(2, 'lab-2'), status: 'borrowed' },
          availableTestbed(3, 'LAB-1'),
        ],
      },
      null,
      2,
    );
    w = await world(edited);
    const run = startBot(w.env, w.dir);
    running.push(run);
    expect((await run.exited).code).toBe(1);
    const out = run.output();
    expect(out).toContain(w.testbedPath);
    expect(out).toMatch(/testbeds\[0\]\.user_email must be filled when status is in_use/);
    expect(out).toMatch(/testbeds\[1\]\.status/);
    expect(out).toMatch(/lab-1/i);
    expect(out).not.toContain(w.bot.token);
    expect(await readFile(w.testbedPath, 'utf8')).toBe(edited);
    expect(existsSync(`${w.testbedPath}.lock`)).toBe(false);
    expect(w.emu.devices(w.bot.id)).toHaveLength(0); // it stopped before touching the platform
  }, 30_000);

  it('a second bot on the same store refuses to start (exit 1) while the first keeps running', async () => {
    w = await world([availableTestbed(1, 'lab-1')]);
    const first = startBot(w.env, w.dir);
    running.push(first);
    await until(() => w!.emu.connectedSockets(w!.bot.id) === 1);
    const before = await readFile(w.testbedPath, 'utf8');

    const second = startBot(w.env, w.dir);
    running.push(second);
    expect((await second.exited).code).toBe(1);
    expect(second.output()).toContain(`${w.testbedPath} is in use by another bot process (pid ${first.pid})`);
    expect(second.output()).not.toContain(w.bot.token);
    expect(await readFile(w.testbedPath, 'utf8')).toBe(before);

    // The first one still answers, still books, and still holds the lock.
    const form = await ask(w, 'register');
    const since = w.emu.messageCount();
    w.emu.submitCard({ personId: w.ada.id, messageId: form.id, action: 'register_submit', inputs: { testbed_id: '1', purpose: 'still here', release_choice: '1h' } });
    const done = await w.emu.waitForMessage((m) => m.personId === w!.bot.id, { since, timeoutMs: 15_000 });
    expect(done.text).toMatch(/^Booked: lab-1 /);
    expect(w.emu.connectedSockets(w.bot.id)).toBe(1);
    expect(lockOwnerPid(await readFile(`${w.testbedPath}.lock`, 'utf8'))).toBe(first.pid);
    first.kill('SIGTERM');
    expect((await first.exited).code).toBe(0);
  }, 40_000);
});
