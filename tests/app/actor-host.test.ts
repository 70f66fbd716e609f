import { afterEach, describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import { ActorHost, type SpawnSpec } from '../../src/app/actor-host.js';
import { flowKey } from '../../src/app/actor-key.js';
import { conversationMachine } from '../../src/machines/conversation.machine.js';

const key = flowKey('conversation', 'room-1', 'person-1');
const other = flowKey('conversation', 'room-1', 'person-2');
const TIMEOUT = 15 * 60_000;

function hostWith(restMs: number, keepResting = 0) {
  const cards: string[] = [];
  const host = new ActorHost({ logger: pino({ level: 'silent' }), restMs, keepResting });
  const spec = (): SpawnSpec<typeof conversationMachine> => ({
    logic: conversationMachine,
    input: { roomId: 'room-1', personId: 'person-1', timeoutMs: TIMEOUT },
    wire: (actor) => {
      actor.on('say.card', (event) => cards.push(event.view.kind));
    },
  });
  return { host, cards, spec };
}

const settle = () => new Promise<void>((resolve) => queueMicrotask(resolve));

describe('actor host: resting conversations', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('drops an actor that rests on its menu, keeps the key open until the time-out, and answers cancel from a fresh actor', async () => {
    vi.useFakeTimers();
    const { host, cards, spec } = hostWith(TIMEOUT);
    host.getOrCreate(key, spec).send({ type: 'menu.requested' });
    await settle();
    expect(host.liveSize()).toBe(0);
    expect(host.has(key)).toBe(true);
    expect(host.has(other)).toBe(false);
    expect(host.size()).toBe(1);

    vi.advanceTimersByTime(TIMEOUT - 1_000);
    expect(host.has(key)).toBe(true);
    host.getOrCreate(key, spec).send({ type: 'conversation.cancelled' });
    expect(cards).toEqual(['menu', 'cancelled']);
    // Cancelled is final: nothing is left of it.
    expect(host.has(key)).toBe(false);
    expect(host.size()).toBe(0);
  });

  it('forgets a resting key once its time-out has passed', async () => {
    vi.useFakeTimers();
    const { host, spec } = hostWith(TIMEOUT);
    host.getOrCreate(key, spec).send({ type: 'registration.started' });
    await settle();
    expect(host.size()).toBe(1);
    vi.advanceTimersByTime(TIMEOUT);
    expect(host.has(key)).toBe(false);
    expect(host.size()).toBe(0);
  });

  it('keeps the actor live when resting is off (an inspector is watching)', async () => {
    const { host, spec } = hostWith(0);
    host.getOrCreate(key, spec).send({ type: 'menu.requested' });
    await settle();
    expect(host.liveSize()).toBe(1);
    expect(host.get(key)?.getSnapshot().value).toBe('menu');
  });

  it('keeps the most recently rested actors live, drops the one that rested longest ago, and a kept one answers as before', async () => {
    vi.useFakeTimers();
    const { host, cards, spec } = hostWith(TIMEOUT, 2);
    const keys = [1, 2, 3].map((n) => flowKey('conversation', 'room-1', `person-${n}`));
    const created: string[] = [];
    const counted = (k: (typeof keys)[number]) => () => {
      created.push(k.personId);
      return spec();
    };
    const first = host.getOrCreate(keys[0], counted(keys[0]));
    first.send({ type: 'menu.requested' });
    await settle();
    vi.advanceTimersByTime(1_000);
    host.getOrCreate(keys[1], counted(keys[1])).send({ type: 'menu.requested' });
    await settle();
    expect(host.liveSize()).toBe(2);
    // The first person clicks again: the same actor answers, nothing new is created.
    expect(host.getOrCreate(keys[0], counted(keys[0]))).toBe(first);
    first.send({ type: 'registration.started' });
    await settle();
    expect(created).toEqual(['person-1', 'person-2']);
    expect(cards).toEqual(['menu', 'menu', 'registerForm']);

    // A third resting actor: the second person's rested longest ago, so it is dropped, its key kept open.
    host.getOrCreate(keys[2], counted(keys[2])).send({ type: 'menu.requested' });
    await settle();
    expect(host.liveSize()).toBe(2);
    expect(host.get(keys[1])).toBeUndefined();
    expect(host.get(keys[0])).toBe(first);
    expect(keys.map((k) => host.has(k))).toEqual([true, true, true]);
    expect(host.size()).toBe(3);

    // All three rested last at 1 s: the dropped key ends at its time-out counted from then, the kept ones with their machines.
    vi.advanceTimersByTime(TIMEOUT - 1);
    expect(keys.map((k) => host.has(k))).toEqual([true, true, true]);
    vi.advanceTimersByTime(1);
    expect(keys.map((k) => host.has(k))).toEqual([false, false, false]);
    expect(host.size()).toBe(0);
  });
});
