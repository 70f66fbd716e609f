/**
 * More of what people type, end to end over the emulator: `lab-1 free` from its holder opens the release form on it
 * (one press releases it), while `lab-1 free?` stays a question; `wrong one, I wanted lab-2` offers to move the booking;
 * `lab-2 mine till 5pm` from somebody holding nothing opens the booking form until then; `I broke lab-2` is the form that
 * tells the admins; `deregister lab-1` is a release, not a `register` it might have meant. `I need lab-1 for 6 hours` from
 * its holder is Extend on the booking (one press; so it was), and `Linus is taking over lab-1` from its holder the hand-over card.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ask, availableTestbed, buttonTitles, click, seenCard, startHarness, type Harness } from '../support/harness.js';
import { input } from '../support/form-card.js';
import { bookedAnHourAgo } from '../fixtures/flows/records.js';

const ada = { email: 'ada@example.com', name: 'Ada Ops' };
const booking = bookedAnHourAgo;

let h: Harness;
afterEach(async () => {
  await h?.close();
});

const byId = async (id: number) => (await h.readTestbeds()).find((record) => record.id === id);

describe('a testbed offered by its holder', () => {
  it('`lab-1 free` from Ada opens the release form on lab-1 and one press releases it; asked with a question mark, it is its status', async () => {
    h = await startHarness({ testbeds: [booking(1, ada, 'soak test'), availableTestbed(2, 'lab-2')] });

    expect(seenCard(await ask(h, h.ada, h.lab, 'lab-1 free?')).heading).toBe('Testbed status');
    expect(seenCard(await ask(h, h.linus, h.lab, 'lab-1 free')).heading).toBe('Testbed status');
    expect(await byId(1)).toMatchObject({ status: 'in_use', user_email: ada.email });

    const form = await ask(h, h.ada, h.lab, 'lab-1 free');
    expect(seenCard(form).heading).toBe('Release a testbed');
    expect(input(form, 'testbed_id').value).toBe('1');
    const released = await click(h, h.ada, form, 'release_submit');
    expect(seenCard(released).heading).toBe('Released: lab-1');
    expect(await byId(1)).toMatchObject({ status: 'available', user_email: null });
  });

  it('`deregister lab-1` and `I booked lab-1 by accident` open the release form on lab-1', async () => {
    h = await startHarness({ testbeds: [booking(1, ada, 'soak test')] });
    for (const typed of ['deregister lab-1', 'I booked lab-1 by accident']) {
      const form = await ask(h, h.ada, h.lab, typed);
      expect(seenCard(form).heading, typed).toBe('Release a testbed');
      expect(input(form, 'testbed_id').value, typed).toBe('1');
    }
  });
});

describe('the testbed meant after a wrong booking, and a testbed claimed until a time', () => {
  it('`wrong one, I wanted lab-2` from Ada offers the switch and one press moves her booking with its purpose', async () => {
    h = await startHarness({ testbeds: [booking(1, ada, 'soak test'), availableTestbed(2, 'lab-2')] });
    const card = await ask(h, h.ada, h.lab, 'wrong one, I wanted lab-2');
    expect(seenCard(card).heading).toBe('Switch lab-1 to lab-2?');
    expect(buttonTitles(card)).toEqual(['Switch to lab-2', 'Cancel']);
    const switched = await click(h, h.ada, card, 'switch');
    expect(seenCard(switched).heading).toBe('Switched to lab-2');
    expect(await byId(2)).toMatchObject({ status: 'in_use', user_email: ada.email, purpose: 'soak test' });
  });

  it('`lab-2 mine till 5pm` from Linus, who holds nothing, is the booking form on lab-2 until 17:00', async () => {
    h = await startHarness({ testbeds: [availableTestbed(2, 'lab-2')] });
    const form = await ask(h, h.linus, h.lab, 'lab-2 mine till 5pm');
    expect(seenCard(form).heading).toBe('Register a testbed');
    expect(input(form, 'testbed_id').value).toBe('2');
    expect(input(form, 'release_choice').value).toBe('custom');
    expect(input(form, 'release_time').value).toBe('17:00');
  });
});

describe('a problem said of oneself', () => {
  it('`I broke lab-2` is the form that tells the admins, holding what was typed', async () => {
    h = await startHarness({ testbeds: [availableTestbed(2, 'lab-2')], env: { ADMINS: 'linus@example.com' } });
    const form = await ask(h, h.ada, h.lab, 'I broke lab-2');
    expect(seenCard(form).heading).toBe('Report a problem with lab-2');
    expect((input(form, 'problem') as { value?: string }).value).toBe('I broke lab-2');
  });
});

describe('a booking typed for a testbed held already, and a hand-over said as news', () => {
  // (As before this round: the booking form typed for one's own testbed is drawn as one's bookings.)
  it('`I need lab-1 for 6 hours` from Ada shows her bookings with Extend to then, and one press moves her release', async () => {
    h = await startHarness({ testbeds: [booking(1, ada, 'soak test')] });
    const before = Date.now();
    const card = await ask(h, h.ada, h.lab, 'I need lab-1 for 6 hours');
    expect(seenCard(card).heading).toBe('Your bookings');
    const [extend] = buttonTitles(card);
    expect(extend).toMatch(/^Extend to /);
    await click(h, h.ada, card, extend);
    const due = Date.parse((await byId(1))?.expected_release_time ?? '');
    // (Six hours from when it was read, to the minute.)
    expect(due).toBeGreaterThanOrEqual(before + 6 * 3_600_000 - 60_000);
    expect(due).toBeLessThanOrEqual(Date.now() + 6 * 3_600_000);
  });

  it('`Linus is taking over lab-1` from Ada is the hand-over card; from Linus it hands nothing over', async () => {
    h = await startHarness({ testbeds: [booking(1, ada, 'soak test')] });
    expect(seenCard(await ask(h, h.linus, h.lab, 'Linus is taking over lab-1')).texts[0]).toMatch(/^I did not understand that\./);
    const card = await ask(h, h.ada, h.lab, 'Linus is taking over lab-1');
    expect(seenCard(card).heading).toBe('Hand lab-1 over?');
    expect(seenCard(card).texts[1]).toMatch(/^Linus Lab \(linus@example\.com\) will hold lab-1 from now on\. Expected release: /);
  });
});

describe('a question that runs on into a second sentence', () => {
  it('`Can someone tell me who is on lab-3? It’s been booked since Monday` is lab-3’s status (it looked for a testbed called so)', async () => {
    const linus = { email: 'linus@example.com', name: 'Linus Lab' };
    h = await startHarness({ testbeds: [booking(3, linus, 'soak test')] });
    const answer = await ask(h, h.ada, h.lab, "Can someone tell me who is on lab-3? It's been booked since Monday");
    expect(seenCard(answer).heading).toBe('Testbed status');
    expect(answer.text).toMatch(/^lab-3 is in use by Linus Lab/);
  });
});
