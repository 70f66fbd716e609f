/**
 * Two bot processes against one PostgreSQL database and one emulator: exactly one of them holds the
 * platform socket, both answer the HTTP API, bookings have one truth, and when the leader dies or is
 * cut off from the database the other takes over.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/platform/emulator/index.js';
import type { Emulator, EmuMessage, EmuPerson, EmuRoom } from '../../src/platform/emulator/api.js';
import { freshDatabase, type FreshDatabase } from '../support/postgres.js';
import { startTcpProxy } from '../support/tcp-proxy.js';
import { tokenFile, type TokenFile } from '../support/api.js';
import { seenCard } from '../support/card-text.js';
import { until } from '../support/wait.js';
import { call } from '../support/api.js';
import { query, seedTestbeds, startInstance, untilRole, type Instance, type InstanceSettings } from '../support/instances.js';

interface World {
  emu: Emulator;
  bot: EmuPerson;
  ada: EmuPerson;
  lab: EmuRoom;
  db: FreshDatabase;
  tokens: TokenFile;
  settings: (storeUrl?: string) => InstanceSettings;
}

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function world(): Promise<World> {
  const emu = await startEmulator();
  cleanups.push(() => emu.stop());
  const db = await freshDatabase();
  cleanups.push(() => db.drop());
  const bot = emu.createBot({ displayName: 'Testbed Monitor', email: 'testbed-monitor@webex.bot' });
  const ada = emu.createPerson({ displayName: 'Ada Ops', email: 'ada@example.com' });
  const lab = emu.createRoom({ title: 'Lab Team', memberIds: [bot.id, ada.id] });
  const tokens = await tokenFile(Array.from({ length: 25 }, (_, i) => ({ name: `ci-${i}`, owner: `ci${i}@example.com` })));
  return {
    emu,
    bot,
    ada,
    lab,
    db,
    tokens,
    settings: (storeUrl = db.url) => ({ emu, bot, approvedRooms: [lab.id], storeUrl, tokensFile: tokens.file }),
  };
}

/** Ada says `text` in the lab; resolves with the bot's next message there. */
async function ask(w: World, text: string, timeoutMs = 10_000): Promise<EmuMessage> {
  const since = w.emu.messageCount();
  w.emu.say({ personId: w.ada.id, roomId: w.lab.id, text, mentions: [w.bot.id] });
  return w.emu.waitForMessage((m) => m.roomId === w.lab.id && m.personId === w.bot.id, { since, timeoutMs });
}

/** Everybody in the lab, so their clicks are routed. */
function people(w: World, count: number, prefix: string): EmuPerson[] {
  return Array.from({ length: count }, (_, i) => {
    const person = w.emu.createPerson({ displayName: `${prefix} ${i}`, email: `${prefix.toLowerCase()}${i}@example.com` });
    w.emu.addMember(w.lab.id, person.id);
    return person;
  });
}

/** The bot's replies in the lab after `since`, as people read them. */
function repliesSince(w: World, since: number) {
  return w.emu.messages().slice(since).filter((m) => m.personId === w.bot.id && m.roomId === w.lab.id).map(seenCard);
}

function submitRegistration(w: World, person: EmuPerson, formId: string, testbedId: number): void {
  w.emu.submitRaw({
    personId: person.id,
    messageId: formId,
    inputs: { action: 'register_submit', testbed_id: String(testbedId), purpose: `run for ${person.displayName}`, release_choice: '1h' },
  });
}

/** Starts two instances; the first one to be elected is returned as the leader. */
async function pair(w: World, settings: [InstanceSettings, InstanceSettings] = [w.settings(), w.settings()]): Promise<{ leader: Instance; standby: Instance }> {
  const first = await startInstance('one', settings[0], cleanups);
  await untilRole(first, 'leader');
  const second = await startInstance('two', settings[1], cleanups);
  await untilRole(second, 'standby');
  return { leader: first, standby: second };
}

describe('two instances on one database', () => {
  it('exactly one holds the socket and answers chat; the standby is healthy, says standby, and takes over when the leader stops', async () => {
    const w = await world();
    const { leader, standby } = await pair(w);
    expect(w.emu.connectedSockets(w.bot.id)).toBe(1);
    expect(await standby.health()).toMatchObject({ status: 'healthy', role: 'standby', websocket_connected: false });
    expect(await leader.health()).toMatchObject({ status: 'healthy', role: 'leader', websocket_connected: true });
    expect(await leader.leaderGauge()).toBe(1);
    expect(await standby.leaderGauge()).toBe(0);

    const menu = await ask(w, 'testbed');
    expect(seenCard(menu).heading).toBe('Testbed Monitor');
    // A second question answered means the first one was not also answered by another socket in between.
    await ask(w, 'help');
    const replies = w.emu.messages({ roomId: w.lab.id }).filter((m) => m.personId === w.bot.id);
    expect(replies).toHaveLength(2);

    leader.process.kill('SIGTERM');
    expect((await leader.process.exited).code).toBe(0);
    await untilRole(standby, 'leader', 10_000);
    expect(w.emu.connectedSockets(w.bot.id)).toBe(1);
    expect(seenCard(await ask(w, 'testbed')).heading).toBe('Testbed Monitor');
    // The leader that stopped left its device to the one that took over.
    expect(w.emu.devices(w.bot.id)).toHaveLength(1);
  });

  it('a leader cut off from the database steps down and closes its socket; the other takes over, never two sockets at once', async () => {
    const w = await world();
    const proxy = await startTcpProxy(Number(new URL(w.db.url).port));
    cleanups.push(() => proxy.close());
    const viaProxy = new URL(w.db.url);
    viaProxy.port = String(proxy.port);
    const { leader, standby } = await pair(w, [w.settings(viaProxy.toString()), w.settings()]);
    expect(w.emu.connectedSockets(w.bot.id)).toBe(1);

    let most = 0;
    const watch = setInterval(() => (most = Math.max(most, w.emu.connectedSockets(w.bot.id))), 10);
    cleanups.push(() => clearInterval(watch));
    // Its network to the database is gone: nothing passes on its connections, and it cannot open new ones.
    proxy.freeze();
    proxy.refuse(true);
    await until(async () => (await leader.health())?.role === 'standby', { what: 'the cut-off leader to step down', timeoutMs: 15_000 });
    expect(await leader.health()).toMatchObject({ role: 'standby', status: 'unhealthy', websocket_connected: false });
    await untilRole(standby, 'leader', 15_000);
    await until(() => w.emu.connectedSockets(w.bot.id) === 1, { what: 'the new leader’s socket' });
    clearInterval(watch);
    expect(most).toBe(1);
    expect(seenCard(await ask(w, 'testbed')).heading).toBe('Testbed Monitor');
    expect(leader.process.exitCode()).toBeNull();
  });
});

describe('bookings across two instances', () => {
  it('50 simultaneous requests for one testbed, half in chat on the leader and half through the standby’s API: one holder, everybody told', async () => {
    const w = await world();
    await seedTestbeds(w.db.url, 1);
    const { standby } = await pair(w);
    const chatters = people(w, 25, 'Chat');
    const form = await ask(w, 'register');
    const since = w.emu.messageCount();
    const answers = Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        call(standby.api, 'POST', '/api/v1/testbeds/1/hold', { token: w.tokens.tokens[`ci-${i}`], body: { purpose: `pipeline ${i}`, minutes: 60 } }),
      ),
    );
    for (const person of chatters) submitRegistration(w, person, form.id, 1);
    const api = await answers;
    await until(() => repliesSince(w, since).length >= 25, { what: '25 replies in chat', timeoutMs: 20_000 });

    const [row] = await query<{ status: string; user_email: string }>(w.db.url, 'SELECT status, user_email FROM testbeds WHERE id = 1');
    expect(row.status).toBe('in_use');
    const booked = await query<{ n: number }>(w.db.url, "SELECT count(*)::int AS n FROM history WHERE event = 'registered' AND testbed_id = 1");
    expect(booked[0].n).toBe(1);

    const cards = repliesSince(w, since);
    const chatWins = cards.filter((card) => card.heading === 'Booked: lab-1');
    const apiWins = api.filter((answer) => answer.status === 200);
    expect(chatWins.length + apiWins.length).toBe(1);
    expect(cards.filter((card) => card.heading !== 'Booked: lab-1').map((card) => card.heading)).toEqual(Array(25 - chatWins.length).fill('lab-1 is taken'));
    const refused = api.filter((answer) => answer.status !== 200);
    expect(refused.map((answer) => answer.status)).toEqual(Array(25 - apiWins.length).fill(409));
    for (const answer of refused) expect(answer.body.message).toMatch(/lab-1/);
    // The one holder is whoever was told so.
    const winner = apiWins.length === 1 ? `ci${api.indexOf(apiWins[0])}@example.com` : chatWins[0].facts['Held by'].match(/\((.+)\)$/)![1];
    expect(row.user_email).toBe(winner);
  });

  it('SIGKILL of the leader mid-burst: every confirmed booking is stored, nothing doubled, and the standby answers within 10 s', async () => {
    const w = await world();
    await seedTestbeds(w.db.url, 30);
    const { leader, standby } = await pair(w);
    const askers = people(w, 30, 'Burst');
    const form = await ask(w, 'register');
    const since = w.emu.messageCount();
    // The first wave goes to the leader; it is killed as soon as the first booking is confirmed.
    askers.slice(0, 20).forEach((person, i) => submitRegistration(w, person, form.id, i + 1));
    await until(() => repliesSince(w, since).some((card) => card.heading.startsWith('Booked: ')), { what: 'a first confirmed booking' });
    leader.process.kill('SIGKILL');
    await leader.process.exited;
    const confirmedByKilled = repliesSince(w, since).filter((card) => card.heading.startsWith('Booked: ')).length;

    // Said while nobody holds the socket: the new leader catches up on it.
    const menu = await ask(w, 'testbed', 10_000);
    expect(seenCard(menu).heading).toBe('Testbed Monitor');
    await untilRole(standby, 'leader', 5_000);
    expect(w.emu.connectedSockets(w.bot.id)).toBe(1);

    // The second wave reaches the new leader.
    const secondSince = w.emu.messageCount();
    askers.slice(20).forEach((person, i) => submitRegistration(w, person, form.id, i + 21));
    await until(() => repliesSince(w, secondSince).filter((card) => card.heading.startsWith('Booked: ')).length === 10, { what: 'the second wave’s bookings' });

    const confirmed = repliesSince(w, since)
      .filter((card) => card.heading.startsWith('Booked: '))
      .map((card) => ({ testbed: card.heading.slice('Booked: '.length), holder: card.facts['Held by'].match(/\((.+)\)$/)![1] }));
    expect(confirmed.length).toBeGreaterThanOrEqual(confirmedByKilled + 10);
    const rows = await query<{ testbed_name: string; user_email: string | null }>(w.db.url, 'SELECT testbed_name, user_email FROM testbeds ORDER BY id');
    const holderOf = new Map(rows.map((row) => [row.testbed_name, row.user_email]));
    for (const booking of confirmed) expect(holderOf.get(booking.testbed), booking.testbed).toBe(booking.holder);
    // Nothing doubled: one history line per stored booking, and each person holds only what they asked for.
    const lines = await query<{ testbed_id: number; n: number }>(w.db.url, "SELECT testbed_id, count(*)::int AS n FROM history WHERE event = 'registered' GROUP BY testbed_id");
    expect(lines.every((line) => line.n === 1)).toBe(true);
    const held = rows.filter((row) => row.user_email !== null);
    expect(lines).toHaveLength(held.length);
    for (const row of held) expect(row.user_email).toBe(`burst${Number(row.testbed_name.slice(4)) - 1}@example.com`);
  });
});
