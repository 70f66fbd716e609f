/**
 * A message that goes on from the one before, end to end over the emulator: `what about lab-2?` is lab-2's status;
 * `lab-2 it is` and `give lab-2 to me` open the booking form on lab-2, and one press books it; `book lab-2 until five
 * thirty` is half past five; `delay release by 1h` offers an hour more; `I fixed lab-2`, of lab-2 under maintenance, is the
 * form that tells the admins it works again; `remove 5g label from lab-2`, from an admin, is the edit form without the label (it
 * was the force release, as if a person were called “5g label”).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ask, availableTestbed, buttonTitles, click, seenCard, startHarness, type Harness } from '../support/harness.js';
import { input } from '../support/form-card.js';
import { bookedAnHourAgo } from '../fixtures/flows/records.js';

const ada = { email: 'ada@example.com', name: 'Ada Ops' };

let h: Harness;
afterEach(async () => {
  await h?.close();
});

const byId = async (id: number) => (await h.readTestbeds()).find((record) => record.id === id);

describe('a message that goes on from the one before', () => {
  it('`what about lab-2?` is the status of lab-2', async () => {
    h = await startHarness({ testbeds: [bookedAnHourAgo(1, ada, 'soak test'), availableTestbed(2, 'lab-2')] });
    const answer = await ask(h, h.linus, h.lab, 'what about lab-2?');
    expect(seenCard(answer).heading).toBe('Testbed status');
    expect(answer.text).toMatch(/^lab-2 is available/);
  });

  it('`book lab-2 until five thirty` fills the form with half past five and no purpose (it was five o’clock, for “thirty”)', async () => {
    h = await startHarness({ testbeds: [availableTestbed(2, 'lab-2')] });
    const form = await ask(h, h.linus, h.lab, 'book lab-2 until five thirty');
    expect(input(form, 'release_choice').value).toBe('custom');
    expect(input(form, 'release_time').value).toMatch(/^(?:05|17):30$/);
    expect((input(form, 'purpose') as { value?: string }).value ?? '').toBe('');
  });
});

describe('a testbed chosen in the words of a chat', () => {
  it('`lab-2 it is` and `give lab-2 to me` open the booking form on lab-2; one press books it for Linus', async () => {
    h = await startHarness({ testbeds: [availableTestbed(2, 'lab-2')] });
    expect(input(await ask(h, h.linus, h.lab, 'give lab-2 to me'), 'testbed_id').value).toBe('2');
    const form = await ask(h, h.linus, h.lab, 'lab-2 it is');
    expect(seenCard(form).heading).toBe('Register a testbed');
    expect(input(form, 'testbed_id').value).toBe('2');
    const booked = await click(h, h.linus, form, 'register_submit', { testbed_id: '2', purpose: 'soak test', release_choice: '1h' });
    expect(seenCard(booked).heading).toBe('Booked: lab-2');
    expect(await byId(2)).toMatchObject({ status: 'in_use', user_email: 'linus@example.com', purpose: 'soak test' });
  });
});

describe('a release put off', () => {
  it('`delay release by 1h` shows Ada her booking with an hour more one press away', async () => {
    h = await startHarness({ testbeds: [bookedAnHourAgo(1, ada, 'soak test')] });
    const card = await ask(h, h.ada, h.lab, 'delay release by 1h');
    expect(seenCard(card).heading).toBe('Your bookings');
    const before = Date.parse((await byId(1))?.expected_release_time ?? '');
    const [extend] = buttonTitles(card);
    expect(extend).toMatch(/^Extend /);
    await click(h, h.ada, card, extend);
    expect(Date.parse((await byId(1))?.expected_release_time ?? '') - before).toBe(3_600_000);
  });
});

describe('a testbed under maintenance said to work', () => {
  it('`I fixed lab-2` from Ada, who is no admin, is the form that tells the admins lab-2 works again (it was the hint)', async () => {
    const linus = { email: 'linus@example.com', name: 'Linus Lab' };
    const down = { ...availableTestbed(2, 'lab-2'), maintenance: { reason: 'fan', until: null, since: new Date(Date.now() - 3_600_000).toISOString(), by: linus } };
    h = await startHarness({ testbeds: [down], env: { ADMINS: linus.email } });
    const news = await ask(h, h.ada, h.lab, 'I fixed lab-2');
    expect(seenCard(news).heading).toBe('Tell the admins lab-2 works again');
    expect(buttonTitles(news)).toEqual(['Tell the admins', 'Cancel']);
  });
});

describe('an admin’s words', () => {
  it('`remove 5g label from lab-2` from Linus, an admin, opens Edit lab-2 with the label taken off; one press saves it', async () => {
    const ada = { email: 'ada@example.com', name: 'Ada Ops' };
    h = await startHarness({ testbeds: [{ ...bookedAnHourAgo(2, ada, 'soak test'), testbed_name: 'lab-2', labels: ['5g', 'core'] }], env: { ADMINS: 'linus@example.com' } });
    const form = await ask(h, h.linus, h.lab, 'remove 5g label from lab-2');
    expect(seenCard(form).heading).toBe('Edit lab-2');
    expect((input(form, 'labels') as { value?: string }).value).toBe('core');
    expect(seenCard(await click(h, h.linus, form, 'Save')).heading).toBe('Saved: lab-2');
    expect(await byId(2)).toMatchObject({ status: 'in_use', user_email: ada.email, labels: ['core'] });
  });
});
