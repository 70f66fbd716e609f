import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ask, click, seenCard, startHarness, type Harness } from '../support/harness.js';
import type { EmuRoom } from '../../src/platform/emulator/api.js';
import { simulatedWaits } from '../support/simulated-waits.js';
import type { RetryWait } from '../../src/platform/webex/rest.js';


describe('broadcast end to end', () => {
  let h: Harness;
  let targets: EmuRoom[] = [];
  afterEach(async () => {
    await h.close();
  });

  async function start(count: number, env: Record<string, string> = {}, extraRooms = 0, retryWait?: RetryWait) {
    h = await startHarness({ env, retryWait });
    targets = Array.from({ length: count }, (_, i) => h.emu.createRoom({ title: `Broadcast ${i}`, memberIds: [h.bot.id, h.linus.id] }));
    for (let i = 0; i < extraRooms; i++) h.emu.createRoom({ title: `Member room ${i}`, memberIds: [h.bot.id] });
    // The target rooms exist only once the emulator runs: write the document, then restart the bot on it.
    await writeFile(
      join(h.dir, 'broadcast_rooms.json'),
      JSON.stringify({ broadcast_rooms: targets.map((room, i) => ({ name: room.title, room_id: room.id, description: `Target ${i}` })) }),
    );
    await h.restart(env);
  }

  async function runBroadcast(roomIds: string[], selectAll = false) {
    const rooms = await ask(h, h.ada, h.lab, 'broadcast');
    const message = await click(h, h.ada, rooms, 'broadcast_rooms_submit', { room_ids: roomIds.join(','), select_all: selectAll ? 'true' : 'false' });
    const preview = await click(h, h.ada, message, 'broadcast_message_submit', { message_kind: 'maintenance', message_text: 'Lab power work at 18:00' });
    const since = h.emu.messageCount();
    h.emu.submitCard({ personId: h.ada.id, messageId: preview.id, action: 'broadcast_confirm' });
    const report = await h.emu.waitForMessage((m) => m.roomId === h.lab.id && m.personId === h.bot.id, { since, timeoutMs: 60_000 });
    return { rooms, report };
  }

  it('sends a status card to each chosen room and reports delivery, with a permanently failing room reported', async () => {
    await start(3);
    h.emu.faults.restFault({ method: 'POST', path: /^\/messages$/, status: 404, times: Infinity, when: (body) => (body as { roomId?: string }).roomId === targets[2].id });
    const { rooms, report } = await runBroadcast(targets.map((room) => room.id));
    expect(seenCard(rooms).choices('room_ids')).toEqual(['Broadcast 0 — Target 0', 'Broadcast 1 — Target 1', 'Broadcast 2 — Target 2']);
    for (const room of targets.slice(0, 2)) {
      const posted = h.emu.messages({ roomId: room.id }).filter((m) => m.personId === h.bot.id);
      expect(posted).toHaveLength(1);
      const card = seenCard(posted[0]);
      expect(card.heading).toBe('Maintenance notice');
      expect(card.texts).toContain('Lab power work at 18:00');
      expect(card.texts).toContain('lab-1, lab-2, lab-3');
    }
    expect(h.emu.messages({ roomId: targets[2].id }).filter((m) => m.personId === h.bot.id)).toHaveLength(0);
    const seen = seenCard(report);
    expect(seen.texts).toContain('Delivered to 2 of 3 rooms.');
    expect(seen.errors).toEqual(['Not delivered (1)', expect.stringMatching(/^✗ Broadcast 2: .+/)]);
    expect(seen.texts).toContain('Broadcast 0, Broadcast 1');
  });

  it('refuses a forged room id: nothing is sent anywhere', async () => {
    await start(2);
    const rooms = await ask(h, h.ada, h.lab, 'broadcast');
    const since = h.emu.messageCount();
    h.emu.submitRaw({ personId: h.ada.id, messageId: rooms.id, inputs: { action: 'broadcast_rooms_submit', room_ids: `${targets[0].id},${h.unapproved.id}`, select_all: 'false' } });
    const reply = await h.emu.waitForMessage((m) => m.roomId === h.lab.id && m.personId === h.bot.id, { since });
    expect(seenCard(reply).errors).toEqual(['Some selected rooms are not on the broadcast list (any more). Nothing was sent; please choose again.']);
    await h.app.idle();
    for (const room of [...targets, h.unapproved]) expect(h.emu.messages({ roomId: room.id }).filter((m) => m.personId === h.bot.id)).toHaveLength(0);
  });

  it('lets only BROADCAST_ADMINS broadcast and tells others politely', async () => {
    await start(1, { BROADCAST_ADMINS: 'linus@example.com' });
    const refusal = await ask(h, h.ada, h.lab, 'broadcast');
    expect(seenCard(refusal).texts).toContain('Sorry, only the broadcast administrators can send broadcasts. Please ask one of them if a status update is needed.');
    const allowed = await ask(h, h.linus, h.lab, 'broadcast');
    expect(seenCard(allowed).choices('room_ids')).toEqual(['Broadcast 0 — Target 0']);
  });

  it('adds discovered rooms, across more than one page, without duplicates', async () => {
    await start(2, { BROADCAST_DISCOVERY: 'on' }, 120);
    const rooms = await ask(h, h.ada, h.lab, 'broadcast');
    const choices = seenCard(rooms).choices('room_ids');
    // The two listed rooms, the 120 member rooms and the harness's own two group rooms.
    expect(choices).toHaveLength(124);
    expect(choices.filter((title) => title.endsWith(' (discovered)'))).toHaveLength(122);
    for (const room of ['Lab Team', 'Member room 0', 'Member room 119']) {
      expect(choices).toContain(`${room} — Discovered: the bot is a member of this room (discovered)`);
    }
    expect(choices.filter((title) => title.startsWith('Broadcast 0 '))).toHaveLength(1);
  });

  it('delivers exactly one card to each of 200 rooms while the platform answers 429s', async () => {
    const clock = simulatedWaits({ instant: true });
    await start(200, {}, 0, clock.wait);
    h.emu.faults.restFault({ method: 'POST', path: /^\/messages$/, status: 429, retryAfter: 1, times: 40, when: (body) => (body as { roomId?: string }).roomId !== h.lab.id });
    const { report } = await runBroadcast([], true);
    // The refusals were waited out for the second the platform asked for.
    expect(clock.waited().length).toBeGreaterThan(0);
    expect(clock.waited().filter((ms) => ms !== 1_000)).toEqual([]);
    await h.app.idle();
    for (const room of targets) expect(h.emu.messages({ roomId: room.id }).filter((m) => m.personId === h.bot.id)).toHaveLength(1);
    expect(seenCard(report).texts).toContain('Delivered to 200 of 200 rooms.');
    expect(seenCard(report).errors).toEqual([]);
  }, 120_000);
});
