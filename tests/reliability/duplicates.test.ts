/**
 * Duplicate and out-of-order deliveries, end to end against the emulator:
 * an activity delivered twice (as around a reconnect) is handled once — one
 * reply, one write — and a late submission of an old card is handled from the
 * card's own data, never from a conversation's memory.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EmuMessage, EmuRoom } from '../../src/platform/emulator/api.js';
import { uuidOf } from '../../src/platform/ids.js';
import { ask, click, seenCard, startHarness, type Harness } from '../support/harness.js';
import { until as waitUntil } from '../support/wait.js';

const until = (check: () => boolean, timeoutMs = 10_000) => waitUntil(check, { timeoutMs });

/** How many activity frames carrying this id the emulator put on the bot's socket. */
function framesFor(h: Harness, id: string): number {
  const uuid = uuidOf(id).toLowerCase();
  return h.emu.frames().filter((f) => f.direction === 'out' && String(f.frame.data?.activity?.id ?? '').toLowerCase() === uuid).length;
}

/** Envelopes the emulator put on a socket that the bot has not acknowledged yet (it acks each on arrival). */
function unacknowledged(h: Harness): number {
  const frames = h.emu.frames();
  const acked = new Set(frames.filter((f) => f.direction === 'in' && f.frame.type === 'ack').map((f) => String(f.frame.messageId)));
  return frames.filter((f) => f.direction === 'out' && typeof f.frame.sequenceNumber === 'number' && !acked.has(String(f.frame.id))).length;
}

/** Waits until every envelope has reached the bot and been handled, then returns its posts in the lab after `since`. */
async function settledBotPosts(h: Harness, since: number): Promise<EmuMessage[]> {
  await until(() => unacknowledged(h) === 0);
  await h.app.idle();
  return h.emu.messages().slice(since).filter((m) => m.personId === h.bot.id);
}

describe('duplicate deliveries', () => {
  let h: Harness;
  afterEach(async () => {
    vi.restoreAllMocks();
    await h.close();
  });

  it('handles a register submission delivered three times once: one reply, one write', async () => {
    h = await startHarness();
    const form = await click(h, h.ada, await ask(h, h.ada, h.lab, 'testbed'), 'register');
    const saves = vi.spyOn(h.app.store.testbeds, 'save');
    const since = h.emu.messageCount();
    h.emu.faults.duplicateActivities(2); // this activity's frame and the next one's go out twice
    const action = h.emu.submitCard({
      personId: h.ada.id,
      messageId: form.id,
      action: 'register_submit',
      inputs: { testbed_id: '2', purpose: 'duplicate check', release_choice: '4h' },
    });
    expect(framesFor(h, action.id)).toBe(2);
    await h.emu.waitForMessage((m) => m.personId === h.bot.id, { since });
    const posts = await settledBotPosts(h, since);
    expect(posts.map((m) => m.text?.split(' ')[0])).toEqual(['Booked:']);
    expect(saves).toHaveBeenCalledTimes(1);
    expect((await h.readTestbeds()).find((r) => r.id === 2)).toMatchObject({ status: 'in_use', user_email: 'ada@example.com' });
    expect(h.logs.join('')).toContain('duplicate activity dropped');
  });

  it('handles text and release submissions delivered twice once, also across a reconnect', async () => {
    h = await startHarness();
    await click(h, h.ada, await click(h, h.ada, await ask(h, h.ada, h.lab, 'testbed'), 'register'), 'register_submit', {
      testbed_id: '1',
      purpose: 'soak',
      release_choice: '1d',
    });
    const saves = vi.spyOn(h.app.store.testbeds, 'save');
    let since = h.emu.messageCount();
    h.emu.faults.duplicateActivities(1);
    const text = h.emu.say({ personId: h.ada.id, roomId: h.lab.id, text: 'release', mentions: [h.bot.id] });
    expect(framesFor(h, text.id)).toBe(2);
    const form = await h.emu.waitForMessage((m) => m.personId === h.bot.id, { since });
    expect(await settledBotPosts(h, since)).toHaveLength(1);

    // The socket goes down and comes back; the platform then redelivers the submission twice.
    h.emu.faults.closeSockets({ personId: h.bot.id, code: 1011, reason: 'server error' });
    await until(() => h.app.healthStatus().status === 'unhealthy');
    await until(() => h.app.healthStatus().status === 'healthy', 15_000);
    since = h.emu.messageCount();
    h.emu.faults.duplicateActivities(1);
    const release = h.emu.submitCard({ personId: h.ada.id, messageId: form.id, action: 'release_submit', inputs: { testbed_id: '1' } });
    expect(framesFor(h, release.id)).toBe(2);
    await h.emu.waitForMessage((m) => m.personId === h.bot.id, { since });
    const posts = await settledBotPosts(h, since);
    expect(posts.map((m) => m.text)).toEqual(['Released: lab-1 is available again.']);
    expect(saves).toHaveBeenCalledTimes(1);
    expect((await h.readTestbeds()).find((r) => r.id === 1)?.status).toBe('available');
  });
});

describe('late and out-of-order submissions', () => {
  let h: Harness;
  afterEach(async () => {
    await h.close();
  });

  it('a second click on a finished conversation\'s form is a fresh, complete request', async () => {
    h = await startHarness();
    const form = await click(h, h.ada, await ask(h, h.ada, h.lab, 'testbed'), 'register');
    const first = await click(h, h.ada, form, 'register_submit', { testbed_id: '1', purpose: 'first', release_choice: '1h' });
    expect(first.text).toMatch(/^Booked: lab-1 /);
    expect(h.app.liveActors()).toBe(0); // the conversation is over and forgotten
    const second = await click(h, h.ada, form, 'register_submit', { testbed_id: '3', purpose: 'second from the old card', release_choice: '1d' });
    expect(second.text).toMatch(/^Booked: lab-3 /);
    const records = await h.readTestbeds();
    expect(records.find((r) => r.id === 3)).toMatchObject({ status: 'in_use', user_email: 'ada@example.com', purpose: 'second from the old card' });
    expect(records.find((r) => r.id === 1)?.purpose).toBe('first');
  });

  it('a form submitted after the conversation was cancelled is still handled from its own data', async () => {
    h = await startHarness();
    const form = await click(h, h.ada, await ask(h, h.ada, h.lab, 'testbed'), 'register');
    expect(seenCard(await ask(h, h.ada, h.lab, 'cancel')).texts).toEqual(['Cancelled. Nothing was changed.']);
    const late = await click(h, h.ada, form, 'register_submit', { testbed_id: '2', purpose: 'changed my mind', release_choice: '4h' });
    expect(late.text).toMatch(/^Booked: lab-2 /);
    expect((await h.readTestbeds()).find((r) => r.id === 2)?.purpose).toBe('changed my mind');
  });

  it('a stale release form for a testbed released meanwhile changes nothing and says so', async () => {
    h = await startHarness();
    await click(h, h.ada, await ask(h, h.ada, h.lab, 'register'), 'register_submit', { testbed_id: '2', purpose: 'p', release_choice: '1h' });
    const linusForm = await ask(h, h.linus, h.lab, 'release');
    await click(h, h.ada, await ask(h, h.ada, h.lab, 'release'), 'release_submit', { testbed_id: '2' });
    const before = await h.readTestbeds();
    const stale = await click(h, h.linus, linusForm, 'release_submit', { testbed_id: '2' });
    expect(seenCard(stale).texts).toContain('lab-2 is already available. Nothing was changed.');
    expect(stale.text).not.toMatch(/^Released:/);
    expect(await h.readTestbeds()).toEqual(before);
    // Nobody got a "your testbed was released" message for the stale click.
    expect(h.emu.messages({ toPersonEmail: 'ada@example.com' })).toHaveLength(0);
  });

  it('an old broadcast confirm after the broadcast finished sends nothing again', async () => {
    let notices: EmuRoom | undefined;
    h = await startHarness({
      setup: (emu) => {
        const watcher = emu.createPerson({ displayName: 'Wendy Watcher', email: 'wendy@example.com' });
        notices = emu.createRoom({ title: 'Notices', memberIds: [watcher.id] });
      },
      broadcastRooms: () => [{ name: 'Notices', room_id: notices!.id, description: 'team notices' }],
    });
    h.emu.addMember(notices!.id, h.bot.id);
    const rooms = await ask(h, h.ada, h.lab, 'broadcast');
    const compose = await click(h, h.ada, rooms, 'broadcast_rooms_submit', { select_all: 'true' });
    const preview = await click(h, h.ada, compose, 'broadcast_message_submit', { message_kind: 'maintenance', message_text: 'reboot at noon' });
    const report = await click(h, h.ada, preview, 'broadcast_confirm');
    expect(seenCard(report).texts).toEqual(['Broadcast report', 'Delivered to 1 of 1 room.', 'Delivered (1)', 'Notices']);
    expect(h.emu.messages({ roomId: notices!.id })).toHaveLength(1);

    const late = await click(h, h.ada, preview, 'broadcast_confirm');
    expect(seenCard(late).texts).toContain('This broadcast session had expired, so nothing was sent. Please choose the rooms again.');
    await h.app.idle();
    expect(h.emu.messages({ roomId: notices!.id })).toHaveLength(1);
  });
});
