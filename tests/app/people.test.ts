/**
 * Who clicked comes from the platform profile, cached for a while. A conversation's submission
 * carries the cached profile, so the machine books without a look-up actor of its own.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { AnyActorRef, InspectionEvent } from 'xstate';
import { createPeople } from '../../src/app/people.js';
import { ask, seenCard, startHarness, type Harness } from '../support/harness.js';

describe('people', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it('knows a person only while their looked-up profile is fresh, and never asks the platform to know', async () => {
    h = await startHarness();
    let clock = 1_000_000;
    const platform = h.app.platform;
    let asked = 0;
    const people = createPeople({ getPerson: (personId) => (asked++, platform.getPerson(personId)) }, { ttlMs: 60_000, now: () => clock });
    expect(people.known(h.ada.id)).toBeUndefined();
    expect(asked).toBe(0);
    expect(await people(h.ada.id)).toEqual({ email: 'ada@example.com', name: 'Ada Ops' });
    expect(asked).toBe(1);
    clock += 59_999;
    expect(people.known(h.ada.id)).toEqual({ email: 'ada@example.com', name: 'Ada Ops' });
    clock += 1;
    expect(people.known(h.ada.id)).toBeUndefined();
    expect(asked).toBe(1);
  });

  it('a booking by someone the bot already knows runs no look-up actor, and is booked for them', async () => {
    const lookUps: string[] = [];
    h = await startHarness({
      inspect: (event: InspectionEvent) => {
        if (event.type === '@xstate.actor' && (event.actorRef as AnyActorRef).id === 'lookUpPerson') lookUps.push((event.actorRef as AnyActorRef).sessionId);
      },
    });
    const menu = await ask(h, h.ada, h.lab, 'testbed');
    const submit = async (inputs: Record<string, string>) => {
      const since = h!.emu.messageCount();
      h!.emu.submitRaw({ personId: h!.ada.id, messageId: menu.id, inputs });
      return h!.emu.waitForMessage((m) => m.roomId === h!.lab.id && m.personId === h!.bot.id, { since, timeoutMs: 10_000 });
    };
    // The first answer looked Ada up (the menu names her); from then on the app knows her.
    const booked = seenCard(await submit({ action: 'register_submit', testbed_id: '2', purpose: 'soak test', release_choice: '1h' }));
    expect(booked.heading).toBe('Booked: lab-2');
    const released = seenCard(await submit({ action: 'release_submit', testbed_id: '2' }));
    expect(released.heading).toBe('Released: lab-2');
    expect(released.texts).toContain('lab-2 is available again.');
    expect(lookUps).toEqual([]);
    const [record] = (await h.readTestbeds()).filter((testbed) => testbed.id === 2);
    expect(record.status).toBe('available');
    const history = await h.app.store.history.readSince('2000-01-01T00:00:00.000Z');
    expect(history.filter((entry) => entry.testbed_id === 2).map((entry) => [entry.event, entry.by?.email])).toEqual([
      ['registered', 'ada@example.com'],
      ['released', 'ada@example.com'],
    ]);
  });
});
