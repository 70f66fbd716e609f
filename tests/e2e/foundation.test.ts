import { afterEach, describe, expect, it } from 'vitest';
import { ask, availableTestbed, buttonTitles, seenCard, startHarness, type Harness } from '../support/harness.js';
import { until as waitUntil } from '../support/wait.js';
import { simulatedWaits } from '../support/simulated-waits.js';

const until = (check: () => boolean, timeoutMs = 10_000) => waitUntil(check, { timeoutMs });

describe('foundation behaviour over real sockets', () => {
  let h: Harness;
  afterEach(async () => {
    await h.close();
  });

  it('answers nothing in an unapproved room, neither to text nor to a card action', async () => {
    h = await startHarness();
    const menu = await ask(h, h.ada, h.lab, 'testbed');
    const before = h.emu.messageCount();
    h.emu.say({ personId: h.ada.id, roomId: h.unapproved.id, text: 'testbed', mentions: [h.bot.id] });
    // A card action whose room is not approved (a forged submission of a real card into another room).
    h.emu.submitRaw({ personId: h.ada.id, messageId: menu.id, roomId: h.unapproved.id, inputs: { action: 'register' } });
    // A later message in the approved room proves the earlier events were processed (in order) and ignored.
    await ask(h, h.linus, h.lab, 'help');
    const botPosts = h.emu.messages().slice(before).filter((m) => m.personId === h.bot.id);
    expect(botPosts.map((m) => m.roomId)).toEqual([h.lab.id]);
    expect(h.logs.join('')).toContain('event ignored');
    expect(h.app.healthStatus().messages_processed).toBe(2);
  });

  it('goes unhealthy when the server closes the socket, reconnects, becomes healthy and answers again', async () => {
    h = await startHarness();
    expect(h.app.healthStatus()).toMatchObject({ status: 'healthy', websocket_connected: true });
    h.emu.faults.refuseSockets(true);
    h.emu.faults.closeSockets({ code: 1011, reason: 'server error' });
    await until(() => h.app.healthStatus().status === 'unhealthy');
    expect(h.app.healthStatus().websocket_connected).toBe(false);
    h.emu.faults.refuseSockets(false);
    await until(() => h.app.healthStatus().status === 'healthy', 15_000);
    const reply = await ask(h, h.ada, h.lab, 'testbed');
    expect(seenCard(reply).heading).toBe('Testbed Monitor');
    expect(buttonTitles(reply)).toEqual(['Status', 'Register', 'Release', 'Broadcast']);
  });

  it('waits out a 429 with Retry-After and then posts the reply exactly once', async () => {
    const clock = simulatedWaits();
    h = await startHarness({ retryWait: clock.wait });
    h.emu.faults.restFault({ method: 'POST', path: /^\/messages$/, status: 429, retryAfter: 1, times: 1 });
    const asked = ask(h, h.ada, h.lab, 'testbed');
    await until(() => clock.pending().length > 0, 15_000);
    // The bot waits the second the platform asked for, and posts nothing meanwhile.
    expect(clock.pending()).toEqual([1_000]);
    expect(h.emu.messages({ roomId: h.lab.id }).filter((m) => m.personId === h.bot.id)).toHaveLength(0);
    clock.advance(1_000);
    const reply = await asked;
    expect(seenCard(reply).texts).toContain('What would you like to do? Type help to see every command.');
    await h.app.idle();
    const menus = h.emu.messages({ roomId: h.lab.id }).filter((m) => m.personId === h.bot.id);
    expect(menus).toHaveLength(1);
  });

  it('gives 50 simultaneous registrations of one testbed exactly one holder and 49 friendly refusals', async () => {
    h = await startHarness({ testbeds: [availableTestbed(1, 'lab-1')] });
    const people = Array.from({ length: 50 }, (_, i) => h.emu.createPerson({ displayName: `Person ${i}`, email: `p${i}@example.com` }));
    for (const person of people) h.emu.addMember(h.lab.id, person.id);
    const form = await ask(h, h.ada, h.lab, 'register');
    const since = h.emu.messageCount();
    for (const person of people) {
      h.emu.submitRaw({
        personId: person.id,
        messageId: form.id,
        inputs: { action: 'register_submit', testbed_id: '1', purpose: `race ${person.displayName}`, release_choice: '1h' },
      });
    }
    const replies = () => h.emu.messages().slice(since).filter((m) => m.personId === h.bot.id && m.roomId === h.lab.id);
    await until(() => replies().length >= 50, 20_000);
    await h.app.idle();
    const cards = replies().map(seenCard);
    expect(cards).toHaveLength(50);
    const successes = cards.filter((card) => card.heading === 'Booked: lab-1');
    expect(successes).toHaveLength(1);
    const [record] = await h.readTestbeds();
    expect(record.status).toBe('in_use');
    const holder = people.find((p) => p.emails[0] === record.user_email)!;
    expect(holder).toBeDefined();
    expect(record.purpose).toBe(`race ${holder.displayName}`);
    expect(successes[0].facts['Held by']).toBe(`${holder.displayName} (${record.user_email})`);
    const refusals = cards.filter((card) => card !== successes[0]);
    expect(refusals.map((card) => card.heading)).toEqual(Array(49).fill('lab-1 is taken'));
    for (const card of refusals) expect(card.texts.some((text) => text.startsWith(`lab-1 is already held by ${holder.displayName} (${record.user_email}), since`))).toBe(true);
  });
});
