/**
 * Waiting for whichever testbed is handed on first, end to end over the emulator with the real app and real files:
 * with every testbed busy, Wait for any testbed (or `wait any`, `tell me when one is free`) takes a place in each
 * queue, kept in lifecycle.json with the label `testbed`; the first released is offered, booking it gives up the
 * other places, passing on one says where she still waits, and a testbed an admin adds meanwhile is held for the
 * person at once.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ask, buttonTitles, click, seenCard, startHarness, type Harness } from '../support/harness.js';

let h: Harness;
afterEach(async () => {
  await h?.close();
});

/** Linus (the lab's admin) books lab-1, lab-2 and lab-3: none is free. */
async function allBusy(): Promise<void> {
  h = await startHarness({ env: { ADMINS: 'linus@example.com' } });
  for (const id of ['1', '2', '3']) {
    const form = await ask(h, h.linus, h.lab, 'book');
    await click(h, h.linus, form, 'register_submit', { testbed_id: id, purpose: 'Soak', release_choice: '4h' });
  }
}

/** The message that reaches Ada's 1:1 room after `act` (an offer, once a testbed is released or added). */
async function toAdaAfter(act: () => Promise<unknown>) {
  const adaDm = h.emu.directRoom(h.ada.id, h.bot.id);
  const since = h.emu.messageCount();
  await act();
  return h.emu.waitForMessage((m) => m.roomId === adaDm.id && m.personId === h.bot.id, { since, timeoutMs: 10_000 });
}

/** Linus releases lab-2 (Ada waits for any testbed, so it is offered to her). */
const releaseLab2 = async () => click(h, h.linus, await ask(h, h.linus, h.lab, 'release lab-2'), 'release_submit', { testbed_id: '2' });

/** Each testbed's queue on disk: `email label` per place. */
async function queues(): Promise<Record<string, string[]>> {
  const life = JSON.parse(await readFile(join(h.dir, 'lifecycle.json'), 'utf8')) as { lifecycle: Array<{ testbed_id: number; queue: Array<{ email: string; label?: string }> }> };
  return Object.fromEntries(life.lifecycle.map((entry) => [entry.testbed_id, entry.queue.map((person) => `${person.email} ${person.label ?? ''}`.trim())]));
}

describe('waiting for any testbed', () => {
  it('the status card with none free offers Wait for any testbed; the first testbed released is offered, and booking it leaves the other queues', async () => {
    await allBusy();
    const status = await ask(h, h.ada, h.lab, 'status');
    expect(seenCard(status).texts).toContain('Waiting? Press Wait for any testbed for whichever is handed on first, or pick one and press Notify me when free.');
    expect(buttonTitles(status).slice(0, 2)).toEqual(['Notify me when free', 'Wait for any testbed']);

    const waiting = await click(h, h.ada, status, 'wait_label');
    expect(seenCard(waiting).heading).toBe('Waiting for any testbed');
    expect(seenCard(waiting).texts[1]).toBe('You are in the queue of every testbed that is busy: #1 for lab-1, #1 for lab-2, #1 for lab-3.');
    expect(await queues()).toMatchObject({ 1: ['ada@example.com testbed'], 2: ['ada@example.com testbed'], 3: ['ada@example.com testbed'] });
    expect(seenCard(await ask(h, h.ada, h.lab, 'mine')).texts).toContain('You are #1 for lab-2 (waiting for any testbed).');
    // Each busy row says where she stands, and why; Linus sees the length only.
    expect(seenCard(await ask(h, h.ada, h.lab, 'status')).texts.filter((text) => text.startsWith('Queue: '))).toEqual(Array(3).fill('Queue: 1 waiting · you are #1 (waiting for any testbed)'));
    expect(seenCard(await ask(h, h.linus, h.lab, 'status')).texts.filter((text) => text.startsWith('Queue: '))).toEqual(Array(3).fill('Queue: 1 waiting'));

    const offer = await toAdaAfter(releaseLab2);
    expect(seenCard(offer).heading).toBe('lab-2 is free: it is yours if you want it');
    expect(seenCard(offer).texts).toContain('You waited for any testbed: once you book lab-2, I take you out of the other queues.');
    const booked = await click(h, h.ada, offer, 'register_submit', { purpose: 'Firmware check', release_choice: '4h' });
    expect(seenCard(booked).heading).toBe('Booked: lab-2');
    const after = await queues();
    expect(after[1] ?? []).toEqual([]);
    expect(after[3] ?? []).toEqual([]);
  });

  it('typed: `tell me when one is free` waits the same; `unwait any` gives the places up, and a second time changes nothing', async () => {
    await allBusy();
    const waiting = await ask(h, h.ada, h.lab, 'tell me when one is free');
    expect(seenCard(waiting).heading).toBe('Waiting for any testbed');
    expect(await queues()).toMatchObject({ 1: ['ada@example.com testbed'], 2: ['ada@example.com testbed'], 3: ['ada@example.com testbed'] });
    // Twice is no second place: each queue still holds her once.
    expect(seenCard(await ask(h, h.ada, h.lab, 'wait any')).texts[1]).toBe('You are in the queue of every testbed that is busy: #1 for lab-1, #1 for lab-2, #1 for lab-3.');
    expect(await queues()).toMatchObject({ 1: ['ada@example.com testbed'], 2: ['ada@example.com testbed'], 3: ['ada@example.com testbed'] });

    const left = await ask(h, h.ada, h.lab, 'unwait any');
    expect(seenCard(left).heading).toBe('You stopped waiting for any testbed');
    expect(seenCard(left).texts[1]).toBe('You left the queue of lab-1, lab-2, lab-3. You will not get an offer for them.');
    expect(Object.values(await queues()).flat()).toEqual([]);
    const again = await ask(h, h.ada, h.lab, 'unwait any');
    expect(seenCard(again).heading).toBe('You were not waiting for any testbed');
    expect(buttonTitles(again)).toEqual(['Mine']);
  });

  it('No thanks on one offer says where she still waits, and Leave these queues in her 1:1 room gives those places up', async () => {
    await allBusy();
    expect(seenCard(await ask(h, h.ada, h.lab, 'wait any')).heading).toBe('Waiting for any testbed');
    const offer = await toAdaAfter(releaseLab2);
    const passed = await click(h, h.ada, offer, 'decline_offer');
    expect(seenCard(passed).heading).toBe('You passed on lab-2');
    expect(seenCard(passed).texts).toContain('You still wait for any testbed in the queue of lab-1, lab-3: the first of them handed on is offered to you.');
    expect(buttonTitles(passed)).toEqual(['Leave these queues']);
    expect(await queues()).toMatchObject({ 1: ['ada@example.com testbed'], 3: ['ada@example.com testbed'] });
    const left = await click(h, h.ada, passed, 'unwait_label');
    expect(seenCard(left).heading).toBe('You stopped waiting for any testbed');
    expect(Object.values(await queues()).flat()).toEqual([]);
  });

  it('the register form with none free offers it too; with one free, waiting is no answer: book it', async () => {
    await allBusy();
    const form = await ask(h, h.ada, h.lab, 'book');
    expect(seenCard(form).texts).toContain('Want the next free one? Press Wait for any testbed: the first to be handed on is offered to you.');
    expect(seenCard(await click(h, h.ada, form, 'wait_label')).heading).toBe('Waiting for any testbed');

    expect(seenCard(await ask(h, h.ada, h.lab, 'unwait any')).heading).toBe('You stopped waiting for any testbed');
    await click(h, h.linus, await ask(h, h.linus, h.lab, 'release lab-3'), 'release_submit', { testbed_id: '3' });
    const free = await ask(h, h.ada, h.lab, 'notify me when a testbed is free');
    expect(seenCard(free).texts).toContain('lab-3 is free right now: book it instead of waiting.');
    expect(buttonTitles(free)).toEqual(['Book it']);
  });

  it('a testbed the admin adds while Ada waits for any is held for her at once, and the admin is told', async () => {
    await allBusy();
    expect(seenCard(await ask(h, h.ada, h.lab, 'wait for the next free one')).heading).toBe('Waiting for any testbed');
    let added: Awaited<ReturnType<typeof click>> | undefined;
    const offer = await toAdaAfter(async () => {
      const form = await click(h, h.linus, await ask(h, h.linus, h.lab, 'admin'), 'Add');
      added = await click(h, h.linus, form, 'testbed_add', { testbed_name: 'lab-4', labels: '', description: '' });
    });
    expect(seenCard(added!).heading).toBe('Added: lab-4');
    expect(seenCard(added!).texts).toContain('It is held for Ada Ops, who was waiting for any testbed; they have a message with Book it.');
    expect(seenCard(offer).heading).toBe('lab-4 is free: it is yours if you want it');
    expect(seenCard(await ask(h, h.linus, h.lab, 'book lab-4')).heading).toBe('lab-4 is held');
  });
});
