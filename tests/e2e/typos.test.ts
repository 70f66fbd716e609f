/**
 * A mistyped command (`stauts`, as thumbs type on a phone) gets the hint naming the command it
 * most likely meant, with a button that does it; text too far from every command gets the plain hint.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ask, buttonTitles, click, seenCard, startHarness, type Harness } from '../support/harness.js';

describe('a mistyped command', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(async () => {
    await h.close();
  });

  it('`stauts` asks "Did you mean status?", and its button shows the status', async () => {
    const hint = await ask(h, h.ada, h.lab, 'stauts');
    expect(seenCard(hint).texts).toEqual(['I did not understand that. Did you mean status? Press the button, or type help to see everything I can do.']);
    expect(hint.text).toBe('I did not understand that. Did you mean status? Type status, or help to see everything I can do.');
    expect(buttonTitles(hint)).toEqual(['Status']);
    const status = await click(h, h.ada, hint, 'status');
    expect(seenCard(status).heading).toBe('Testbed status');
  });

  it('`testbed relase lab-3` offers Release; `what is this` gets the plain hint with no button; `hello` gets the menu', async () => {
    await click(h, h.ada, await ask(h, h.ada, h.lab, 'book lab-3'), 'register_submit', { purpose: 'soak', release_choice: '1h' });
    const relase = await ask(h, h.ada, h.lab, 'testbed relase lab-3');
    expect(seenCard(relase).texts[0]).toContain('Did you mean release lab-3?');
    expect(buttonTitles(relase)).toEqual(['Release']);
    // Its button starts the release form on lab-3, whose Release releases it.
    const form = await click(h, h.ada, relase, 'release');
    expect(seenCard(await click(h, h.ada, form, 'release_submit')).heading).toBe('Released: lab-3');
    const what = await ask(h, h.ada, h.lab, 'what is this');
    expect(seenCard(what).texts).toEqual(['I did not understand that. Type testbed to open the menu, or help to see everything I can do.']);
    expect(buttonTitles(what)).toEqual([]);
    const hello = await ask(h, h.ada, h.lab, 'Hello!');
    expect(seenCard(hello).texts).toContain('What would you like to do? Type help to see every command.');
    expect(buttonTitles(hello)).toEqual(['Status', 'Register', 'Release', 'Broadcast']);
  });

  it('`queu lab-3` asks "Did you mean queue lab-3?", and its button takes a place in lab-3’s queue', async () => {
    await click(h, h.linus, await ask(h, h.linus, h.lab, 'book lab-3'), 'register_submit', { purpose: 'soak', release_choice: '1h' });
    const queu = await ask(h, h.ada, h.lab, 'queu lab-3');
    expect(seenCard(queu).texts).toEqual(['I did not understand that. Did you mean queue lab-3? Press the button, or type help to see everything I can do.']);
    expect(buttonTitles(queu)).toEqual(['Notify me when free']);
    const waiting = seenCard(await click(h, h.ada, queu, 'wait'));
    expect(waiting.heading).toBe('You are #1 for lab-3');
  });
});
