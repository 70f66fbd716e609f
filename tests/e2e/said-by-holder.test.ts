/**
 * Words that mean one thing from the person holding a testbed and another from anybody else, end to end over the
 * emulator. `lab-1 is free now` from its holder opens the release form on it (one press releases it); from a
 * colleague it is news, answered as before. `I meant lab-2` after booking lab-1 offers to move the booking there
 * (one press does); from somebody holding nothing it opens the booking form on lab-2. `lab-1 to Linus` from its holder
 * is the hand-over card; `nudge Ada` asks Ada about the one testbed she holds.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ask, availableTestbed, buttonTitles, click, seenCard, startHarness, type Harness } from '../support/harness.js';
import { fieldErrorText, input } from '../support/form-card.js';
import { bookedAnHourAgo } from '../fixtures/flows/records.js';

const HOUR = 3_600_000;
const ada = { email: 'ada@example.com', name: 'Ada Ops' };
const booking = bookedAnHourAgo;

let h: Harness;
afterEach(async () => {
  await h?.close();
});

const byId = async (id: number) => (await h.readTestbeds()).find((record) => record.id === id);

describe('a testbed said to be free by its holder', () => {
  it('`lab-1 is free now` from Ada opens the release form on lab-1 and one press releases it; from Linus it is no release', async () => {
    h = await startHarness({ testbeds: [booking(1, ada, 'soak test'), availableTestbed(2, 'lab-2')] });

    const fromColleague = await ask(h, h.linus, h.lab, 'lab-1 is free now');
    expect(seenCard(fromColleague).texts).toEqual(['I did not understand that. Is it about lab-1? Ada Ops holds it. Press a button, or type help to see everything I can do.']);
    expect(await byId(1)).toMatchObject({ status: 'in_use', user_email: ada.email });

    const form = await ask(h, h.ada, h.lab, 'lab-1 is free now');
    expect(seenCard(form).heading).toBe('Release a testbed');
    expect(input(form, 'testbed_id').value).toBe('1');
    const released = await click(h, h.ada, form, 'release_submit');
    expect(seenCard(released).heading).toBe('Released: lab-1');
    expect(await byId(1)).toMatchObject({ status: 'available', user_email: null });
  });

  it('`check in lab-1` from its holder is its release too; from a colleague it stays its status', async () => {
    h = await startHarness({ testbeds: [booking(1, ada, 'soak test')] });
    const status = await ask(h, h.linus, h.lab, 'check in lab-1');
    expect(seenCard(status).heading).toBe('Testbed status');
    const form = await ask(h, h.ada, h.lab, 'check in lab-1');
    expect(seenCard(form).heading).toBe('Release a testbed');
    expect(input(form, 'testbed_id').value).toBe('1');
  });
});

describe('the testbed meant, said after another', () => {
  it('`I meant lab-2` from Ada, who holds lab-1, offers the switch and one press moves the booking; from Linus it is the booking form', async () => {
    h = await startHarness({ testbeds: [booking(1, ada, 'soak test'), availableTestbed(2, 'lab-2'), availableTestbed(3, 'lab-3')] });

    const card = await ask(h, h.ada, h.lab, 'sorry, I meant lab-2');
    expect(seenCard(card).heading).toBe('Switch lab-1 to lab-2?');
    expect(buttonTitles(card)).toEqual(['Switch to lab-2', 'Cancel']);
    const switched = await click(h, h.ada, card, 'switch');
    expect(seenCard(switched).heading).toBe('Switched to lab-2');
    expect(await byId(2)).toMatchObject({ status: 'in_use', user_email: ada.email, purpose: 'soak test' });
    expect(await byId(1)).toMatchObject({ status: 'available' });

    const form = await ask(h, h.linus, h.lab, 'I meant lab-3');
    expect(seenCard(form).heading).toBe('Register a testbed');
    expect(input(form, 'testbed_id').value).toBe('3');
  });
});

describe('a colleague named with a testbed', () => {
  it('`lab-1 to Linus` from Ada is the hand-over card; `nudge Ada` asks her about lab-1 in her 1:1 room; `queue Linus for lab-1` says how Linus waits', async () => {
    h = await startHarness({ testbeds: [booking(1, ada, 'soak test'), availableTestbed(2, 'lab-2')] });
    const card = await ask(h, h.ada, h.lab, 'lab-1 to Linus');
    expect(seenCard(card).heading).toBe('Hand lab-1 over?');
    expect(seenCard(card).texts[1]).toMatch(/^Linus Lab \(linus@example\.com\) will hold lab-1 from now on\. Expected release: /);
    // A mention typed out finds the same person (the platform was asked for somebody called “@Linus”).
    const mentioned = await ask(h, h.ada, h.lab, 'give lab-1 to @Linus');
    expect(seenCard(mentioned).texts[1]).toMatch(/^Linus Lab \(linus@example\.com\) will hold lab-1 from now on\. Expected release: /);

    const adaRoom = h.emu.directRoom(h.ada.id, h.bot.id);
    const since = h.emu.messageCount();
    expect(seenCard(await ask(h, h.linus, h.lab, 'nudge Ada')).heading).toBe('Asked about lab-1');
    const question = await h.emu.waitForMessage((m) => m.roomId === adaRoom.id && m.personId === h.bot.id && seenCard(m).heading === 'Do you still need lab-1?', { since, timeoutMs: 10_000 });
    expect(seenCard(question).heading).toBe('Do you still need lab-1?');

    const queued = await ask(h, h.ada, h.lab, 'queue Linus for lab-1');
    expect(seenCard(queued).texts).toEqual(['Sorry', 'Each person takes a place in a queue themselves, since the turn is offered to them: Linus can type wait lab-1, or press Notify me when free on its status.']);
    // Nobody holding anything: nothing to ask about.
    expect(seenCard(await ask(h, h.ada, h.lab, 'nudge Grace')).texts).toEqual(['Sorry', 'Nobody called Grace holds a testbed right now, so there is nothing to ask them about. Type status to see who holds what.']);
  });
});

describe('a booking typed with words the form explains', () => {
  it('a length of no time is named, the lab’s clock is said for `my time`, and quotes around the purpose say nothing', async () => {
    h = await startHarness({ testbeds: [availableTestbed(2, 'lab-2')] });
    expect(fieldErrorText(await ask(h, h.linus, h.lab, 'book lab-2 for 0 minutes'), 'release_choice')).toBe('A booking lasts a minute at least (“for 0 minutes”): choose when you will release it below.');
    expect(fieldErrorText(await ask(h, h.linus, h.lab, 'book lab-2 until 5pm my time'), 'release_choice')).toBe(
      'Times here are on the lab’s clock (UTC): type the time as it is there, or with your zone (5pm CET), or choose when below.',
    );
    expect(input(await ask(h, h.linus, h.lab, 'book lab-2 for "soak test"'), 'purpose').value).toBe('soak test');
  });
});

describe('a time typed alone', () => {
  it('from somebody who holds nothing, the booking form with that time; from a holder, Extend on their booking', async () => {
    h = await startHarness({ testbeds: [booking(1, ada, 'soak test'), availableTestbed(2, 'lab-2')] });
    const clock = (ms: number) => new Date(ms + 2 * HOUR).toISOString().slice(11, 16);
    const before = Date.now();
    const form = await ask(h, h.linus, h.lab, '2 hours');
    const after = Date.now();
    expect(seenCard(form).heading).toBe('Register a testbed');
    expect(input(form, 'release_choice').value).toBe('custom');
    // (Two hours from when it was read: the minute may turn while it is.)
    expect([clock(before), clock(after)]).toContain(input(form, 'release_time').value);
    const mine = await ask(h, h.ada, h.lab, '2 hours');
    expect(seenCard(mine).heading).toBe('Your bookings');
    expect(buttonTitles(mine)[0]).toBe('Extend 2 hours');
  });
});
