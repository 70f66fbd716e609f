/**
 * The Stately inspector shows readable actor names: `testbed lab-3` for a
 * testbed, `conversation Lab Team · Ada Ops` for a card conversation, while
 * the key stays the systemId. Checked with an inspector built by
 * @statelyai/inspect itself, whose adapter only collects what it would send.
 */
import pino from 'pino';
import { createInspector, type StatelyInspectionEvent } from '@statelyai/inspect';
import { afterEach, describe, expect, it } from 'vitest';
import type { AnyActorRef, InspectionEvent } from 'xstate';
import { flowKey, testbedKey } from '../../src/app/actor-key.js';
import { createActorNames } from '../../src/app/actor-names.js';
import { createPeople } from '../../src/app/people.js';
import { ask, startHarness, type Harness } from '../support/harness.js';
import { until } from '../support/wait.js';

describe('inspector actor names', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it('names testbed, conversation and broadcast actors after what they are', async () => {
    const sent: StatelyInspectionEvent[] = [];
    const raw: InspectionEvent[] = [];
    const inspector = createInspector({ send: (event) => sent.push(event) });
    h = await startHarness({
      inspect: (event) => {
        raw.push(event);
        inspector.inspect.next?.(event);
      },
    });
    await ask(h, h.ada, h.lab, 'testbed');
    await ask(h, h.linus, h.lab, 'broadcast');
    const names = () => new Set(sent.filter((event) => event.type === '@xstate.actor').map((event) => (event as { name: string }).name));
    await until(() => names().has('broadcast Lab Team · Linus Lab'), { what: 'the broadcast actor in the inspector', timeoutMs: 10_000 });

    expect(names()).toContain('testbed lab-1');
    expect(names()).toContain('testbed lab-3');
    expect(names()).toContain('conversation Lab Team · Ada Ops');
    for (const name of names()) expect(name).not.toMatch(/Y2lzY29zcGFyazovL/); // no base64 platform ids

    const actors = raw.filter((event) => event.type === '@xstate.actor').map((event) => event.actorRef as AnyActorRef);
    const conversation = actors.find((actor) => actor.id === 'conversation Lab Team · Ada Ops');
    // The key is still how the actor is found (its systemId).
    expect(conversation?.system.get(`conversation:${h.lab.id}:${h.ada.id}`)).toBe(conversation);
    // A free testbed's actor is let go once it rests (the store holds what it knew); its key was its systemId too.
    const lab2 = actors.find((actor) => actor.id === 'testbed lab-2');
    expect((lab2 as { systemId?: string } | undefined)?.systemId).toBe('testbed:2');
  });

  it('leaves out what it cannot look up, and keeps the key when it knows nothing', async () => {
    h = await startHarness();
    const platform = h.app.platform;
    const names = createActorNames({ platform, lookUpPerson: createPeople(platform), logger: pino({ level: 'silent' }) });
    const outside = h.emu.createRoom({ title: 'Not the bot', memberIds: [h.ada.id] });
    const event = (roomId: string, personId: string) =>
      ({ type: 'message', id: 'm', roomId, roomType: 'group', personId, personEmail: '', text: 'testbed', receivedAt: new Date(0).toISOString() }) as const;

    await names.learn(event(outside.id, h.ada.id));
    expect(names.nameOf(flowKey('conversation', outside.id, h.ada.id))).toBe('conversation Ada Ops');
    await names.learn(event(outside.id, 'Y2lzY29zcGFyazovL3VzL1BFT1BMRS9ub2JvZHk'));
    expect(names.nameOf(flowKey('broadcast', outside.id, 'Y2lzY29zcGFyazovL3VzL1BFT1BMRS9ub2JvZHk'))).toBeUndefined();
    await names.learn(event(h.lab.id, h.linus.id));
    expect(names.nameOf(flowKey('broadcast', h.lab.id, h.linus.id))).toBe('broadcast Lab Team · Linus Lab');
    expect(names.nameOf(testbedKey(1))).toBeUndefined();
  });
});
