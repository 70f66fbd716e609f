/**
 * No head-of-line blocking: while the platform makes the bot wait out a 429 for
 * one person's message, another person in another room is answered at once, and
 * the first person is still answered once, in order with their own later click.
 * The Retry-After wait runs on a simulated clock: the test ends it when it has seen
 * everything that must happen meanwhile.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ask, buttonTitles, seenCard, startHarness, type Harness } from '../support/harness.js';
import { simulatedWaits } from '../support/simulated-waits.js';
import { waitFor } from '../platform/webex/harness.js';

let h: Harness;
afterEach(async () => {
  await h.close();
});

describe('one rate-limited conversation holds up nobody else', () => {
  it('answers Linus while Ada’s fetch waits out Retry-After: 5, then answers Ada once, in her order', async () => {
    const clock = simulatedWaits();
    h = await startHarness({ env: { APPROVED_ROOMS: '*' }, retryWait: clock.wait });
    const menu = await ask(h, h.ada, h.lab, 'testbed');
    const linusRoom = h.emu.directRoom(h.linus.id, h.bot.id);

    // The next message fetch (Ada's) is refused with 429 and Retry-After: 5.
    h.emu.faults.restFault({ method: 'GET', path: /^\/messages\/[^/]+$/, status: 429, retryAfter: 5, times: 1 });
    const since = h.emu.messageCount();
    h.emu.say({ personId: h.ada.id, roomId: h.lab.id, text: 'help', mentions: [h.bot.id] });
    await waitFor(() => clock.pending().length > 0, 'the 429 on Ada’s message');
    expect(clock.pending()).toEqual([5_000]);
    // Ada clicks Status on her menu while her `help` is still waiting.
    h.emu.submitCard({ personId: h.ada.id, messageId: menu.id, action: 'status' });

    // Linus, in his own room, types `testbed` and gets his menu within a second…
    h.emu.say({ personId: h.linus.id, roomId: linusRoom.id, text: 'testbed' });
    const linusMenu = await h.emu.waitForMessage((m) => m.roomId === linusRoom.id && m.personId === h.bot.id, { since, timeoutMs: 1_000 });
    expect(seenCard(linusMenu).heading).toBe('Testbed Monitor');
    expect(buttonTitles(linusMenu)).toEqual(['Status', 'Register', 'Release', 'Broadcast']);
    // …while Ada's fetch still waits, and before the bot has said anything more to Ada.
    expect(clock.pending()).toEqual([5_000]);
    expect(h.emu.messages({ roomId: h.lab.id, personId: h.bot.id }).map((m) => m.id)).toEqual([menu.id]);

    // A millisecond short of five seconds the wait is not over; at five it is.
    clock.advance(4_999);
    expect(clock.pending()).toEqual([5_000]);
    clock.advance(1);
    expect(clock.pending()).toEqual([]);

    // Ada gets her help, then her status: each once, in the order she asked.
    await h.emu.waitForMessage((m) => m.roomId === h.lab.id && m.personId === h.bot.id && Boolean(m.attachments?.length) && seenCard(m).heading === 'Testbed status', { since, timeoutMs: 5_000 });
    await h.app.idle();
    const adaReplies = h.emu.messages({ roomId: h.lab.id, personId: h.bot.id }).slice(1);
    expect(adaReplies).toHaveLength(2);
    expect(seenCard(adaReplies[0]).heading).toBe('Testbed Monitor help');
    expect(seenCard(adaReplies[1]).heading).toBe('Testbed status');
    expect(seenCard(adaReplies[1]).texts).toContain('● lab-1 · Available');
    // And the bot posted Linus's menu before either of them.
    const order = h.emu.messages({ personId: h.bot.id }).map((m) => m.id);
    expect(order.indexOf(linusMenu.id)).toBeLessThan(order.indexOf(adaReplies[0].id));
  });
});
