import { afterEach, describe, expect, it } from 'vitest';
import { createInspector, type StatelyInspectionEvent } from '@statelyai/inspect';
import { ask, click, seenCard, startHarness, type Harness } from '../support/harness.js';

describe('actor lifecycle and inspection', () => {
  let h: Harness;
  afterEach(async () => {
    await h.close();
  });

  it('forgets a conversation once it is finished or cancelled, so memory does not grow with people', async () => {
    h = await startHarness();
    const form = await click(h, h.ada, await ask(h, h.ada, h.lab, 'testbed'), 'register');
    expect(h.app.liveActors()).toBe(1);
    await click(h, h.ada, form, 'register_submit', { testbed_id: '1', purpose: 'short', release_choice: '1h' });
    await h.app.idle();
    expect(h.app.liveActors()).toBe(0);

    const menu = await ask(h, h.linus, h.lab, 'testbed');
    expect(h.app.liveActors()).toBe(1);
    const cancelled = await click(h, h.linus, menu, 'register').then((f) => click(h, h.linus, f, 'cancel'));
    expect(seenCard(cancelled).texts).toEqual(['Cancelled. Nothing was changed.']);
    await h.app.idle();
    expect(h.app.liveActors()).toBe(0);
  });

  it('reports every actor of a register conversation to the Stately inspector', async () => {
    const seen: StatelyInspectionEvent[] = [];
    const inspector = createInspector({ send: (event) => seen.push(event) });
    h = await startHarness({ inspect: inspector.inspect });
    const form = await click(h, h.ada, await ask(h, h.ada, h.lab, 'testbed'), 'register');
    await click(h, h.ada, form, 'register_submit', { testbed_id: '2', purpose: 'inspect me', release_choice: '1d' });
    await h.app.idle();
    const actorNames = seen.filter((e) => e.type === '@xstate.actor').map((e) => (e as { name: string }).name);
    expect(actorNames).toContain('conversation Lab Team · Ada Ops');
    expect(actorNames).toContain('testbed lab-2');
    const eventTypes = seen.filter((e) => e.type === '@xstate.event').map((e) => (e as { event: { type: string } }).event.type);
    expect(eventTypes).toEqual(expect.arrayContaining(['menu.requested', 'registration.started', 'register.submitted', 'registration.requested']));
  });
});
