import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ask, cardActions, startHarness, type Harness } from '../support/harness.js';
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
});
