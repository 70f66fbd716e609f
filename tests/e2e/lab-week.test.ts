/**
 * A week in the lab end to end over the emulator: `Linus, done with lab-2?` from Ada asks Linus (it opened the release form);
 * `lab-2 back?` asked of a testbed under maintenance is its status, and the
 * admins are told nothing (it was news for them); `lab-2 not done yet`, answered in the 1:1 room where reminders arrive, shows
 * Ada her bookings and keeps lab-2 hers; `end lab-2` is the release form, one press from released; `lab-2 flaky` is the form
 * that tells the admins, with what she typed; `book *lab-2*` starts the booking form on lab-2.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ask, availableTestbed, click, nextDirect, seenCard, startHarness, type Harness } from '../support/harness.js';
import { input } from '../support/form-card.js';
import { bookedAnHourAgo } from '../fixtures/flows/records.js';

const ada = { email: 'ada@example.com', name: 'Ada Ops' };
const linus = { email: 'linus@example.com', name: 'Linus Lab' };

let h: Harness;
afterEach(async () => {
  await h?.close();
});

const byId = async (id: number) => (await h.readTestbeds()).find((record) => record.id === id);

describe('a question mark on news', () => {
  it('`lab-2 back?` from Ada is the status of lab-2 under maintenance; the admins are told nothing', async () => {
    const since = new Date(Date.now() - 3_600_000).toISOString();
    h = await startHarness({ env: { ADMINS: 'linus@example.com' }, testbeds: [{ ...availableTestbed(2, 'lab-2'), maintenance: { reason: 'fan', until: null, since, by: linus } }] });
    const linusRoom = h.emu.directRoom(h.linus.id, h.bot.id);
    const toLinus = h.emu.messages({ roomId: linusRoom.id }).length;
    const answer = await ask(h, h.ada, h.lab, 'lab-2 back?');
    expect(seenCard(answer).heading).toBe('Testbed status');
    expect(seenCard(answer).texts).toEqual(expect.arrayContaining(['● lab-2 · Maintenance', 'Reason: fan']));
    // Said as news, it is still the form that tells them.
    expect(seenCard(await ask(h, h.ada, h.lab, 'lab-2 is back')).heading).toBe('Tell the admins lab-2 works again');
    expect(h.emu.messages({ roomId: linusRoom.id })).toHaveLength(toLinus);
  });
});

describe('a colleague asked whether they are done', () => {
  it('`Linus, done with lab-2?` from Ada asks Linus in his 1:1 room, and lab-2 stays his (it opened the release form)', async () => {
    h = await startHarness({ testbeds: [bookedAnHourAgo(2, linus, 'soak test')] });
    const since = h.emu.messageCount();
    const answer = await ask(h, h.ada, h.lab, 'Linus, done with lab-2?');
    expect(seenCard(answer).heading).toBe('Asked about lab-2');
    const question = await nextDirect(h, h.linus, since);
    expect(seenCard(question).heading).toBe('Do you still need lab-2?');
    expect(await byId(2)).toMatchObject({ status: 'in_use', user_email: linus.email });
  });

  it('`Linus: release lab-2` from Ada asks Linus too, and lab-2 stays his (it opened the release form)', async () => {
    h = await startHarness({ testbeds: [bookedAnHourAgo(2, linus, 'soak test')] });
    const since = h.emu.messageCount();
    expect(seenCard(await ask(h, h.ada, h.lab, 'Linus: release lab-2')).heading).toBe('Asked about lab-2');
    const question = await nextDirect(h, h.linus, since);
    expect(seenCard(question).heading).toBe('Do you still need lab-2?');
    expect(await byId(2)).toMatchObject({ status: 'in_use', user_email: linus.email });
  });
});

describe('a booking kept on, and a release said briefly', () => {
  it('`lab-2 not done yet` in the 1:1 room where reminders arrive shows Ada her bookings, and lab-2 stays hers', async () => {
    h = await startHarness({ testbeds: [bookedAnHourAgo(2, ada, 'soak test')] });
    const direct = h.emu.directRoom(h.ada.id, h.bot.id);
    const card = await ask(h, h.ada, direct, 'lab-2 not done yet');
    expect(seenCard(card).heading).toBe('Your bookings');
    expect(seenCard(card).texts).toContain('lab-2');
    expect(await byId(2)).toMatchObject({ status: 'in_use', user_email: ada.email });
  });

  it('`end lab-2` is the release form on lab-2; one press releases it (it was the hint)', async () => {
    h = await startHarness({ testbeds: [bookedAnHourAgo(2, ada, 'soak test')] });
    const form = await ask(h, h.ada, h.lab, 'end lab-2');
    expect(seenCard(form).heading).toBe('Release a testbed');
    expect(input(form, 'testbed_id').value).toBe('2');
    const released = await click(h, h.ada, form, 'release_submit', { testbed_id: '2' });
    expect(seenCard(released).heading).toMatch(/^Released/);
    expect(await byId(2)).toMatchObject({ status: 'available' });
  });
});

describe('a testbed that misbehaves, and a name typed with marks', () => {
  it('`lab-2 flaky` is the form that tells the admins, holding what Ada typed; one press tells Linus (it was the hint)', async () => {
    h = await startHarness({ env: { ADMINS: 'linus@example.com' }, testbeds: [availableTestbed(2, 'lab-2')] });
    const form = await ask(h, h.ada, h.lab, 'lab-2 flaky');
    expect(seenCard(form).heading).toBe('Report a problem with lab-2');
    expect((input(form, 'problem') as { value?: string }).value).toBe('lab-2 flaky');
    const since = h.emu.messageCount();
    await click(h, h.ada, form, 'Tell the admins');
    const told = await nextDirect(h, h.linus, since);
    expect(seenCard(told).texts.slice(0, 3)).toEqual(['Problem reported: lab-2', 'Ada Ops (ada@example.com) reports a problem with lab-2:', 'lab-2 flaky']);
  });

  it('`book *lab-2*` starts the booking form on lab-2; one press books it', async () => {
    h = await startHarness({ testbeds: [availableTestbed(2, 'lab-2')] });
    const form = await ask(h, h.ada, h.lab, 'book *lab-2*');
    expect(input(form, 'testbed_id').value).toBe('2');
    const booked = await click(h, h.ada, form, 'register_submit', { testbed_id: '2', purpose: 'soak test', release_choice: '1h' });
    expect(seenCard(booked).heading).toBe('Booked: lab-2');
    expect(await byId(2)).toMatchObject({ status: 'in_use', user_email: ada.email });
  });
});
