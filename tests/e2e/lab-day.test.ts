/**
 * An ordinary lab day end to end over the emulator: `Linus, please release lab-2` from Ada asks Linus in his 1:1 room and
 * opens no release form that would take lab-2 from him; `book from monday` names booking ahead with no testbed named (it
 * said no testbed is called “from monday”); `book lab-2 from jenkins` says it could not read the words as a time (it said it
 * cannot book ahead); `release my stuff when I leave` shows Ada her bookings; `I accidentally released lab-2`, after she did,
 * is the booking form on lab-2 filled in as her booking was, one press from booked again.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ask, availableTestbed, click, nextDirect, seenCard, startHarness, type Harness } from '../support/harness.js';
import { fieldErrorText, input } from '../support/form-card.js';
import { bookedAnHourAgo } from '../fixtures/flows/records.js';

const ada = { email: 'ada@example.com', name: 'Ada Ops' };
const linus = { email: 'linus@example.com', name: 'Linus Lab' };

let h: Harness;
afterEach(async () => {
  await h?.close();
});

const byId = async (id: number) => (await h.readTestbeds()).find((record) => record.id === id);

describe('a colleague asked to let go', () => {
  it('`Linus, please release lab-2` from Ada asks Linus, and lab-2 stays his', async () => {
    h = await startHarness({ testbeds: [bookedAnHourAgo(2, linus, 'soak test')] });
    const since = h.emu.messageCount();
    const answer = await ask(h, h.ada, h.lab, 'Linus, please release lab-2');
    expect(seenCard(answer).heading).toBe('Asked about lab-2');
    expect(seenCard(answer).texts).toContain('I asked Linus Lab whether they still need lab-2. I will tell you the answer.');
    const question = await nextDirect(h, h.linus, since);
    expect(seenCard(question).heading).toBe('Do you still need lab-2?');
    expect(seenCard(question).texts).toContain('Ada Ops asks whether you still need lab-2.');
    expect(await byId(2)).toMatchObject({ status: 'in_use', user_email: linus.email });
  });
});

describe('a booking that says when it would start', () => {
  it('`book from monday` names booking ahead and leaves the testbed to choose', async () => {
    h = await startHarness({ testbeds: [availableTestbed(2, 'lab-2')] });
    const form = await ask(h, h.ada, h.lab, 'book from monday');
    expect(seenCard(form).heading).toBe('Register a testbed');
    expect(fieldErrorText(form, 'testbed_id')).toBeUndefined();
    expect(fieldErrorText(form, 'release_choice')).toBe(
      'A booking starts when it is made, so I cannot book ahead (“from monday”). Choose when you will release it below to book it now, or come back and book it then.',
    );
  });

  it('`book lab-2 from jenkins` starts the form on lab-2 and says the words are no time', async () => {
    h = await startHarness({ testbeds: [availableTestbed(2, 'lab-2')] });
    const form = await ask(h, h.ada, h.lab, 'book lab-2 from jenkins');
    expect(input(form, 'testbed_id').value).toBe('2');
    expect(fieldErrorText(form, 'release_choice')).toBe('I could not read “from jenkins” as a time: choose when below.');
  });
});

describe('a testbed called by the last words of its name', () => {
  it('`book the SD-WAN pod` starts the form on TB-04 SD-WAN pod; one press books it (it said no testbed is called so)', async () => {
    h = await startHarness({ testbeds: [availableTestbed(4, 'TB-04 SD-WAN pod'), availableTestbed(5, 'lab-5')] });
    const form = await ask(h, h.ada, h.lab, 'book the SD-WAN pod');
    expect(input(form, 'testbed_id').value).toBe('4');
    expect(fieldErrorText(form, 'testbed_id')).toBeUndefined();
    const booked = await click(h, h.ada, form, 'register_submit', { testbed_id: '4', purpose: 'sd-wan soak', release_choice: '1h' });
    expect(seenCard(booked).heading).toBe('Booked: TB-04 SD-WAN pod');
    expect(await byId(4)).toMatchObject({ status: 'in_use', user_email: ada.email });
  });
});

describe('a release put off, and a release undone', () => {
  it('`release my stuff when I leave` shows Ada her bookings and releases nothing', async () => {
    h = await startHarness({ testbeds: [bookedAnHourAgo(2, ada, 'soak test')] });
    const card = await ask(h, h.ada, h.lab, 'release my stuff when I leave');
    expect(seenCard(card).heading).toBe('Your bookings');
    expect(await byId(2)).toMatchObject({ status: 'in_use', user_email: ada.email });
  });

  it('`I accidentally released lab-2` is the form on lab-2 with her purpose; one press books it again', async () => {
    h = await startHarness({ testbeds: [availableTestbed(2, 'lab-2')] });
    await click(h, h.ada, await ask(h, h.ada, h.lab, 'book lab-2'), 'register_submit', { testbed_id: '2', purpose: 'soak test', release_choice: '4h' });
    const released = await click(h, h.ada, await ask(h, h.ada, h.lab, 'release lab-2'), 'release_submit', { testbed_id: '2' });
    expect(seenCard(released).heading).toMatch(/^Released/);
    expect(await byId(2)).toMatchObject({ status: 'available' });
    const form = await ask(h, h.ada, h.lab, 'I accidentally released lab-2');
    expect(input(form, 'testbed_id').value).toBe('2');
    expect((input(form, 'purpose') as { value?: string }).value).toBe('soak test');
    const booked = await click(h, h.ada, form, 'register_submit', { testbed_id: '2', purpose: 'soak test', release_choice: '1h' });
    expect(seenCard(booked).heading).toBe('Booked: lab-2');
    expect(await byId(2)).toMatchObject({ status: 'in_use', user_email: ada.email, purpose: 'soak test' });
  });
});
