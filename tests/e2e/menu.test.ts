import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ask, cardActions, click, seenCard, startHarness, type Harness } from '../support/harness.js';
import { cardProblems } from '../support/adaptive-cards.js';

describe('bot answers over the real protocol', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(async () => {
    await h.close();
  });

  it('replies to `testbed` with the main menu card', async () => {
    const reply = await ask(h, h.ada, h.lab, 'testbed');
    expect(cardActions(reply)).toEqual(['status', 'register', 'release', 'broadcast']);
    expect(cardProblems(reply.attachments?.[0]?.content)).toEqual([]);
  });

  it('reads `testbed status` as `status`: the bot’s own word in front of a command is left out', async () => {
    const status = seenCard(await ask(h, h.ada, h.lab, 'testbed status'));
    expect(status.heading).toBe('Testbed status');
    const form = await ask(h, h.ada, h.lab, 'Testbed register');
    expect(seenCard(form).heading).toBe('Register a testbed');
    expect(cardActions(form)).toContain('register_submit');
  });

  it('answers a bare mention of the bot in a group room with the main menu', async () => {
    const since = h.emu.messageCount();
    const mention = h.emu.say({ personId: h.ada.id, roomId: h.lab.id, text: '', mentions: [h.bot.id] });
    expect(mention.text).toBe('Testbed');
    const reply = await h.emu.waitForMessage((m) => m.roomId === h.lab.id && m.personId === h.bot.id, { since, timeoutMs: 10_000 });
    expect(cardActions(reply)).toEqual(['status', 'register', 'release', 'broadcast']);
  });

  it('a conversation waiting on its menu keeps no actor, yet cancel and the menu buttons answer as before', async () => {
    // Nothing kept live: every resting conversation is dropped at once.
    await h.close();
    h = await startHarness({ keptRestingConversations: 0 });
    const menu = await ask(h, h.ada, h.lab, 'testbed');
    await h.app.idle();
    // Resting: nothing of it in memory but its key, still counted as an open conversation.
    expect(h.app.liveActors()).toBe(0);
    expect(await conversationsActive(h)).toBe(1);
    const cancelled = await ask(h, h.ada, h.lab, 'cancel');
    expect(seenCard(cancelled).texts).toContain('Cancelled. Nothing was changed.');
    await h.app.idle();
    expect(await conversationsActive(h)).toBe(0);
    // A click on the old menu still works, from a fresh conversation.
    const form = await click(h, h.ada, menu, 'register');
    expect(cardActions(form)).toContain('register_submit');
  });

  it('by default a conversation that just came to rest stays live, and its next click is answered by it', async () => {
    const menu = await ask(h, h.ada, h.lab, 'testbed');
    await h.app.idle();
    expect(h.app.liveActors()).toBe(1);
    expect(await conversationsActive(h)).toBe(1);
    const form = await click(h, h.ada, menu, 'register');
    expect(cardActions(form)).toContain('register_submit');
    await h.app.idle();
    // Still one conversation: the click went to the actor that was kept, not to a second one.
    expect(h.app.liveActors()).toBe(1);
    expect(await conversationsActive(h)).toBe(1);
  });

  it('`thanks` gets a short answer with the menu one press away, and opens no conversation', async () => {
    const thanks = await ask(h, h.ada, h.lab, 'thank you!');
    expect(seenCard(thanks).texts).toEqual(['You are welcome. Type testbed whenever you need me.']);
    expect(cardActions(thanks)).toEqual(['menu']);
    await h.app.idle();
    expect(h.app.liveActors()).toBe(0);
  });

  it('`ok` said back gets a short OK; `never mind` closes an open form as cancel does', async () => {
    const ok = await ask(h, h.ada, h.lab, 'ok');
    expect(seenCard(ok).texts).toEqual(['OK. Type testbed whenever you need me.']);
    expect(cardActions(ok)).toEqual(['menu']);
    const form = await ask(h, h.ada, h.lab, 'book lab-1');
    expect(cardActions(form)).toContain('register_submit');
    const closed = await ask(h, h.ada, h.lab, 'never mind');
    expect(seenCard(closed).texts).toEqual(['Cancelled. Nothing was changed.']);
    expect(await conversationsActive(h)).toBe(0);
  });

  it('cancel with no conversation open opens none, and gets the answer an open one gives', async () => {
    // As when a conversation is open (after `status`, say): whether one is still kept is the bot's business, not the person's.
    const cancelled = await ask(h, h.ada, h.lab, 'cancel');
    expect(seenCard(cancelled).texts).toEqual(['Cancelled. Nothing was changed.']);
    await h.app.idle();
    expect(h.app.liveActors()).toBe(0);
    expect(await conversationsActive(h)).toBe(0);
    await ask(h, h.ada, h.lab, 'status');
    expect(seenCard(await ask(h, h.ada, h.lab, 'cancel')).texts).toEqual(['Cancelled. Nothing was changed.']);
  });
});

async function conversationsActive(h: Harness): Promise<number> {
  const text = await h.app.metrics.scrape();
  const line = text.split('\n').find((l) => l.startsWith('testbed_monitor_conversations_active '));
  return Number(line?.split(' ')[1]);
}

describe('`rules` and `digest` over the real protocol', () => {
  let h: Harness;
  afterEach(async () => {
    await h.close();
  });

  it('tells the lab’s own settings: the reminder, overdue notices and the hand-off hold as configured', async () => {
    h = await startHarness({ env: { REMINDER_MINUTES: '30', OVERDUE_REPEAT_HOURS: '12', HOLD_MINUTES: '5', ADMINS: 'ada@example.com' } });
    const reply = await ask(h, h.linus, h.lab, 'how long can I book a testbed?');
    const entries = seenCard(reply).all.filter((item) => item.role === 'text');
    const under = (title: string) => entries[entries.findIndex((item) => item.text === title && item.element.weight === 'Bolder') + 1]?.text;
    expect(seenCard(reply).heading).toBe('How booking works here');
    expect(under('Reminders')).toBe('30 minutes before a booking is due, I remind its holder in a 1:1 room, with Extend and Release buttons.');
    expect(under('Overdue')).toMatch(/ told at once and again every 12 hours until it is released or extended\.$/);
    expect(under('Queues')).toMatch(/^A released testbed goes to the first in its queue: it is kept for them for 5 minutes, /);
    expect(under('Admins')).toMatch(/^The lab’s admins can extend, hand over or force release somebody’s booking /);
    expect(cardActions(reply)).toEqual(['mine', 'status', 'help']);
    expect(reply.text).toContain('Reminders: 30 minutes before a booking is due');
  });

  it('is answered in a 1:1 room that is not approved too, without the buttons that do not work there', async () => {
    h = await startHarness();
    const dm = h.emu.directRoom(h.ada.id, h.bot.id);
    const reply = await ask(h, h.ada, dm, 'how long can I book a testbed');
    expect(seenCard(reply).heading).toBe('How booking works here');
    expect(seenCard(reply).texts).toContain('15 minutes before a booking is due, I remind its holder in a 1:1 room, with Extend and Release buttons.');
    expect(cardActions(reply)).toEqual([]);
    // Other questions there still get the one line on where the bot answers.
    expect((await ask(h, h.ada, dm, 'status')).text).toMatch(/^I answer commands in the lab’s rooms: .* for your own bookings, and rules\.$/);
  });

  it('`when is the digest` (or `turn off the digest`) is answered by the rules, which say when this lab posts it', async () => {
    h = await startHarness({ env: { DIGEST_AT: '09:00', DIGEST_TZ: 'Europe/Berlin', DIGEST_WEEKDAYS: 'mon-fri' } });
    const digestLine = (reply: Parameters<typeof seenCard>[0]) => {
      const entries = seenCard(reply).all.filter((item) => item.role === 'text');
      return entries[entries.findIndex((item) => item.text === 'Digest' && item.element.weight === 'Bolder') + 1]?.text;
    };
    const asked = await ask(h, h.ada, h.lab, 'when is the digest?');
    expect(seenCard(asked).heading).toBe('How booking works here');
    expect(digestLine(asked)).toMatch(/^At 09:00 Europe\/Berlin, on Monday to Friday, I post a digest to the lab’s rooms: /);
    expect(asked.text).toContain('Digest: At 09:00 Europe/Berlin, on Monday to Friday, I post a digest');
    expect(digestLine(await ask(h, h.linus, h.lab, 'turn off the digest'))).toMatch(/ When it comes is set where the bot runs \(DIGEST_AT\), for the whole lab\.$/);
    // Without DIGEST_AT the lab has none, and says how to see one now.
    await h.restart({ DIGEST_AT: '' });
    expect(digestLine(await ask(h, h.ada, h.lab, 'what time does the digest come'))).toBe(
      'This lab has no daily digest (DIGEST_AT is not set where the bot runs). Type digest to see one as of now.',
    );
  });

  it('with reminders off and no admins, says so', async () => {
    h = await startHarness({ env: { REMINDER_MINUTES: '0' } });
    const seen = seenCard(await ask(h, h.ada, h.lab, 'rules'));
    expect(seen.texts).toContain('Holders get no reminder before a booking is due.');
    expect(seen.texts).toContain('This lab has no admins, so nobody can force release a booking: ask its holder instead (Ask the holder on its status).');
  });

  it('shows the daily digest as of now in the room that asked, whether or not DIGEST_AT is set', async () => {
    h = await startHarness();
    await click(h, h.linus, await ask(h, h.linus, h.lab, 'book lab-1 for 2 hours'), 'register_submit', { purpose: 'soak' });
    expect(seenCard(await click(h, h.ada, await ask(h, h.ada, h.lab, 'status'), 'wait', { testbed_id: '1' })).heading).toBe('You are #1 for lab-1');
    const digest = await ask(h, h.ada, h.lab, "what's happening?");
    const seen = seenCard(digest);
    expect(seen.heading).toMatch(/^Daily digest · (?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} [A-Z][a-z]{2} \d{4}$/);
    expect(seen.facts).toMatchObject({ Available: '2', 'In use': '1', Overdue: '0', Total: '3' });
    expect(seen.texts).toContain('Nothing is overdue.');
    expect(seen.texts.slice(seen.texts.indexOf('Waiting (1)') + 1)[0]).toBe('lab-1 · waiting: Ada Ops');
    expect(digest.text).toContain('Waiting:\n- lab-1 · waiting: Ada Ops');
    // Lab data: not for a 1:1 room that is not approved.
    expect((await ask(h, h.ada, h.emu.directRoom(h.ada.id, h.bot.id), 'digest')).text).toMatch(/^I answer commands in the lab’s rooms/);
  });

  it('shows what a colleague holds when asked about them by name, and says so when they hold nothing', async () => {
    h = await startHarness();
    await click(h, h.linus, await ask(h, h.linus, h.lab, 'book lab-1 for 2 hours'), 'register_submit', { purpose: 'soak' });
    await click(h, h.linus, await ask(h, h.linus, h.lab, 'book lab-3 for 1 day'), 'register_submit', { purpose: 'firmware' });
    const rows = (texts: string[]) => texts.filter((text) => text.startsWith('● ')).map((text) => text.split(' · ')[0]);

    const held = await ask(h, h.ada, h.lab, 'what does Linus have?');
    const seen = seenCard(held);
    expect(seen.heading).toBe('Testbed status');
    expect(seen.texts[1]).toMatch(/^Held by Linus Lab · As of /);
    expect(rows(seen.texts)).toEqual(['● lab-1', '● lab-3']);
    expect(held.text).toMatch(/^Held by Linus Lab: lab-1, due back .*\(in 2 h\); lab-3, due back .*\(in 24 h\)\.$/);
    // Waiting for one of them is one press away.
    const waiting = await click(h, h.ada, held, 'wait', { testbed_id: '3' });
    expect(seenCard(waiting).heading).toBe('You are #1 for lab-3');
    // Who waits for lab-3: named, next first.
    expect(seenCard(await ask(h, h.linus, h.lab, 'who is waiting for lab-3?')).texts).toContain('In line: Ada Ops');
    // Asked about Ada, who holds nothing: that, and where she waits.
    const ada = seenCard(await ask(h, h.linus, h.lab, 'what is Ada using?'));
    expect(ada.texts.filter((text) => text.startsWith('Nobody') || text.includes(' waits for '))).toEqual(['Nobody called “Ada” holds a testbed right now.', 'Ada Ops waits for lab-3 (#1).']);

    // The same by the name the profile has, or the email: `status Linus Lab`.
    expect(rows(seenCard(await ask(h, h.ada, h.lab, 'status Linus Lab')).texts)).toEqual(['● lab-1', '● lab-3']);
    expect(rows(seenCard(await ask(h, h.ada, h.lab, "linus@example.com's bookings")).texts)).toEqual(['● lab-1', '● lab-3']);

    // What they had before: `what did Linus book` lists the bookings of his that ended.
    await click(h, h.linus, await ask(h, h.linus, h.lab, 'release lab-1'), 'release_submit');
    const past = seenCard(await ask(h, h.ada, h.lab, 'what did Linus book this week?'));
    expect(past.heading).toBe('Past bookings of Linus Lab');
    expect(past.texts[1]).toMatch(/^1 booking ended in the last 30 days, .* in all, newest first\.$/);
    expect(past.texts[2]).toBe('lab-1');
    expect(rows(seenCard(await ask(h, h.ada, h.lab, 'what does Linus have')).texts)).toEqual(['● lab-3']);

    const nobody = seenCard(await ask(h, h.ada, h.lab, 'what is Grace using'));
    expect(nobody.texts).toContain('Nobody called “Grace” holds a testbed right now.');
    expect(rows(nobody.texts)).toEqual(['● lab-3', '● lab-1', '● lab-2']);
  });
});
