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
import { startInstance, untilRole, type Instance, type InstanceSettings } from '../support/instances.js';

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
