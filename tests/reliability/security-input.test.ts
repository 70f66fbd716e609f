/**
 * Nobody outside the approved rooms gets in, identity is always the platform's,
 * and text typed by people cannot inject markup into what the bot posts.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import type { EmuMessage, EmuRoom } from '../../src/platform/emulator/api.js';
import { cardProblems } from '../support/adaptive-cards.js';
import { ask, click, seenCard, startHarness, type Harness } from '../support/harness.js';
import { cleanText } from '../../src/cards/inert-text.js';
import { markupFormed, unLookAlike, visible } from '../support/rendered-text.js';

const HOSTILE = '[x](http://evil.example) **b** _i_ <at>all</at> <@all>\n- item\n# head `c` \u200bz\u200ew\u202er';

/** Characters that change text direction or hide themselves in what a person reads (our own zero-width spaces aside). */
const DIRECTION = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** The card texts that carry user input, read on every renderer (throws if any renderer shows them differently). */
function userTextIn(message: EmuMessage, marker: string) {
  return seenCard(message).all.filter((item) => item.markdown && unLookAlike(item.text).includes(marker));
}

describe('approved rooms only', () => {
  let h: Harness;
  afterEach(async () => {
    await h.close();
  });

  it('state-changing submissions and commands from an unapproved room change nothing and get no reply', async () => {
    h = await startHarness();
    const form = await click(h, h.ada, await ask(h, h.ada, h.lab, 'testbed'), 'register');
    await click(h, h.ada, form, 'register_submit', { testbed_id: '2', purpose: 'held', release_choice: '1d' });
    const before = await readFile(h.testbedPath, 'utf8');
    const since = h.emu.messageCount();
    const forged = (inputs: Record<string, unknown>) =>
      h.emu.submitRaw({ personId: h.ada.id, messageId: form.id, roomId: h.unapproved.id, inputs });
    forged({ action: 'register_submit', testbed_id: '1', purpose: 'from outside', release_choice: '1h' });
    forged({ action: 'release_submit', testbed_id: '2' });
    forged({ action: 'feedback_submit', feedback_text: 'sneaky' });
    forged({ action: 'broadcast_confirm' });
    for (const text of ['testbed', 'release', 'register', 'help', 'constructor']) {
      h.emu.say({ personId: h.ada.id, roomId: h.unapproved.id, text, mentions: [h.bot.id] });
    }
    await ask(h, h.linus, h.lab, 'help'); // processed after everything above
    await h.app.idle();
    const botPosts = h.emu.messages().slice(since).filter((m) => m.personId === h.bot.id);
    expect(botPosts.map((m) => m.roomId)).toEqual([h.lab.id]);
    expect(await readFile(h.testbedPath, 'utf8')).toBe(before);
    expect(existsSync(join(h.dir, 'feedback.log'))).toBe(false);
    expect(h.emu.messages({ toPersonEmail: 'ada@example.com' })).toHaveLength(0);
  });

  it('answers `constructor` and `__proto__` in an approved room with the hint, not an apology', async () => {
    h = await startHarness();
    for (const word of ['constructor', '__proto__', 'hasOwnProperty']) {
      const reply = await ask(h, h.ada, h.lab, word);
      expect(reply.text).toMatch(/^I did not understand that/);
    }
    expect(h.logs.join('')).not.toContain('actor failed');
  });
});

describe('identity is the platform profile, never the form', () => {
  let h: Harness;
  afterEach(async () => {
    await h.close();
  });

  it('ignores forged identity fields on register and release', async () => {
    h = await startHarness();
    const form = await click(h, h.ada, await ask(h, h.ada, h.lab, 'testbed'), 'register');
    const forgedIdentity = { user_email: 'linus@example.com', user_name: 'Linus Lab', personId: h.linus.id, personEmail: 'linus@example.com', email: 'x@evil.example' };
    let since = h.emu.messageCount();
    h.emu.submitRaw({ personId: h.ada.id, messageId: form.id, inputs: { action: 'register_submit', testbed_id: '1', purpose: 'mine', release_choice: '1h', ...forgedIdentity } });
    await h.emu.waitForMessage((m) => m.personId === h.bot.id, { since });
    expect((await h.readTestbeds()).find((r) => r.id === 1)).toMatchObject({ user_email: 'ada@example.com', user_name: 'Ada Ops' });

    // Linus releases Ada's testbed claiming to be Ada: Ada is still told that Linus did it.
    const releaseForm = await ask(h, h.linus, h.lab, 'release');
    since = h.emu.messageCount();
    h.emu.submitRaw({ personId: h.linus.id, messageId: releaseForm.id, inputs: { action: 'release_submit', testbed_id: '1', user_email: 'ada@example.com', user_name: 'Ada Ops' } });
    const direct = await h.emu.waitForMessage((m) => m.personId === h.bot.id && m.roomType === 'direct', { since });
    expect(direct.text).toContain('Linus Lab');
    expect(direct.text).not.toContain('Ada Ops released');
  });

  it('a forged admin email does not open the broadcast to a non-admin, and nothing is sent', async () => {
    let notices: EmuRoom | undefined;
    h = await startHarness({
      env: { BROADCAST_ADMINS: 'ada@example.com' },
      setup: (emu) => {
        notices = emu.createRoom({ title: 'Notices', memberIds: [emu.createPerson({ displayName: 'W', email: 'w@example.com' }).id] });
      },
      broadcastRooms: () => [{ name: 'Notices', room_id: notices!.id, description: 'notices' }],
    });
    h.emu.addMember(notices!.id, h.bot.id);
    const adaRooms = await ask(h, h.ada, h.lab, 'broadcast');
    for (const action of ['broadcast_rooms_submit', 'broadcast_message_submit', 'broadcast_confirm']) {
      const since = h.emu.messageCount();
      h.emu.submitRaw({
        personId: h.linus.id,
        messageId: adaRooms.id,
        inputs: { action, select_all: 'true', message_kind: 'usage', user_email: 'ada@example.com', personEmail: 'ada@example.com' },
      });
      const reply = await h.emu.waitForMessage((m) => m.personId === h.bot.id, { since });
      expect(reply.text).toBe('Sorry, only the broadcast administrators can send broadcasts.');
    }
    await h.app.idle();
    expect(h.emu.messages({ roomId: notices!.id }).filter((m) => m.personId === h.bot.id)).toHaveLength(0);
  });
});

describe('user text cannot inject markup into cards', () => {
  let h: Harness;
  afterEach(async () => {
    await h.close();
  });

  it('keeps a hostile purpose and display name inert and readable in the success, status and refusal cards', async () => {
    h = await startHarness();
    const mallory = h.emu.createPerson({ displayName: '**Mal** [x](http://evil.example) <at>all</at>', email: 'mallory@example.com' });
    h.emu.addMember(h.lab.id, mallory.id);
    const form = await click(h, mallory, await ask(h, mallory, h.lab, 'testbed'), 'register');
    const success = await click(h, mallory, form, 'register_submit', { testbed_id: '1', purpose: HOSTILE, release_choice: '1d' });
    const status = await ask(h, h.ada, h.lab, 'status');
    const refusal = await click(h, h.ada, await ask(h, h.ada, h.lab, 'register'), 'register_submit', { testbed_id: '1', purpose: 'p', release_choice: '1h' });
    const release = await ask(h, h.ada, h.lab, 'release');
    expect((await h.readTestbeds())[0].purpose).toBe(HOSTILE.trim()); // stored as typed; only the display is escaped
    // The release form shows the holder only in choice titles, which clients render as plain text.
    expect(cardProblems(release.attachments?.[0]?.content)).toEqual([]);
    const typedPurpose = visible(cleanText(HOSTILE));
    for (const message of [success, status, refusal]) {
      expect(cardProblems(message.attachments?.[0]?.content)).toEqual([]);
      const userTexts = [...userTextIn(message, 'evil'), ...userTextIn(message, 'item')];
      expect(userTexts.length, message.text).toBeGreaterThan(0);
      for (const item of userTexts) {
        expect(markupFormed(item.source), item.source).toEqual([]);
        expect(item.source).not.toMatch(DIRECTION);
      }
    }
    // Read as typed (look-alikes for `*` and `_` aside), in the element that carries each value.
    expect(unLookAlike(seenCard(success).facts.Purpose)).toBe(typedPurpose);
    expect(unLookAlike(seenCard(success).facts['Held by'])).toBe('**Mal** [x](http://evil.example) <at>all</at> (mallory@example.com)');
    expect(seenCard(status).texts.map(unLookAlike)).toContain(`Purpose: ${typedPurpose}`);
    expect(seenCard(refusal).heading).toBe('lab-1 is taken');
  });

  it('posts hostile feedback to the feedback room as inert plain text', async () => {
    let feedbackRoom: EmuRoom | undefined;
    h = await startHarness({
      setup: (emu) => {
        feedbackRoom = emu.createRoom({ title: 'Feedback', memberIds: [emu.createPerson({ displayName: 'Owner', email: 'o@example.com' }).id] });
      },
      env: {},
    });
    h.emu.addMember(feedbackRoom!.id, h.bot.id);
    await h.restart({ FEEDBACK_ROOM: feedbackRoom!.id });
    const form = await ask(h, h.ada, h.lab, 'feedback');
    await click(h, h.ada, form, 'feedback_submit', { feedback_text: HOSTILE });
    const posted = await h.emu.waitForMessage((m) => m.roomId === feedbackRoom!.id && m.personId === h.bot.id);
    // Posted as plain text only: nothing in it is rendered as markdown or a card.
    expect(posted.markdown).toBeUndefined();
    expect(posted.html).toBeUndefined();
    expect(posted.attachments).toBeUndefined();
    expect(posted.mentionedGroups ?? []).toEqual([]);
    expect(posted.text).toContain('[x](http://evil.example)');
  });
});
