/**
 * Words that mean one thing from the person holding a testbed and another from anybody else, end to end over the
 * emulator. `lab-1 is free now` from its holder opens the release form on it (one press releases it); from a
 * colleague it is news, answered as before. `I meant lab-2` after booking lab-1 offers to move the booking there
 * (one press does); from somebody holding nothing it opens the booking form on lab-2.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { TestbedRecord } from '../../src/domain.js';
import { ask, availableTestbed, buttonTitles, click, seenCard, startHarness, type Harness } from '../support/harness.js';
import { input } from '../support/form-card.js';
import { inUse } from '../fixtures/flows/records.js';

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();
const ada = { email: 'ada@example.com', name: 'Ada Ops' };

/** A booking of lab-N by `who`, made an hour ago and due in four. */
const booking = (id: number, who: { email: string; name: string }, purpose: string): TestbedRecord =>
  inUse(id, who, { name: `lab-${id}`, purpose, since: iso(Date.now() - HOUR), until: iso(Date.now() + 4 * HOUR) });

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
