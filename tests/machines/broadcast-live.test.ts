import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Holder } from '../../src/domain.js';
import {
  broadcastMachine,
  EXPIRED_NOTICE,
  type BroadcastDeliveryResult,
  type BroadcastInput,
  type BroadcastRoomOption,
  type BroadcastView,
  type SendBroadcastInput,
} from '../../src/machines/broadcast.machine.js';

// Live actors with provided fakes: the same machine the app runs, with fake edges.

const ANA: Holder = { email: 'ana@example.com', name: 'Ana Silva' };
const ROOMS: BroadcastRoomOption[] = [
  { room_id: 'room-ops', name: 'Ops', description: 'Operations' },
  { room_id: 'room-dev', name: 'Dev', description: 'Developers' },
];
const INPUT: BroadcastInput = { roomId: 'room-home', personId: 'person-ana', admins: [], timeoutMs: 60_000 };

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

function start(options: { input?: Partial<BroadcastInput>; holder?: Holder; send?: (input: SendBroadcastInput) => Promise<BroadcastDeliveryResult[]> } = {}) {
  const lookUp = vi.fn(async () => options.holder ?? ANA);
  const listRooms = vi.fn(async () => ROOMS);
  const send = vi.fn(
    options.send ??
      (async (input: SendBroadcastInput) => input.rooms.map(({ roomId, name }) => ({ roomId, name, delivered: true }))),
  );
  const logic = broadcastMachine.provide({
    actors: {
      lookUpPerson: fromPromise(async () => lookUp()),
      listBroadcastRooms: fromPromise(async () => listRooms()),
      sendBroadcast: fromPromise(async ({ input }: { input: SendBroadcastInput }) => send(input)),
    },
  });
  const actor = createActor(logic, { input: { ...INPUT, ...options.input } });
  const cards: BroadcastView[] = [];
  actor.on('say.card', (event) => cards.push(event.view));
  actor.start();
  return { actor, cards, lookUp, listRooms, send };
}

const waitState = (actor: ReturnType<typeof start>['actor'], state: string) =>
  waitFor(actor, (snapshot) => snapshot.matches(state as never), { timeout: 2_000 });

afterEach(() => {
  vi.useRealTimers();
});

describe('broadcastMachine (live actor)', () => {
  it('runs the happy path against the fakes', async () => {
    const { actor, cards, send } = start();
    actor.send({ type: 'broadcast.started' });
    await waitState(actor, 'selectingRooms');
    actor.send({ type: 'rooms.submitted', roomIds: ['room-dev'] });
    actor.send({ type: 'message.submitted', kind: 'availability', text: '' });
    actor.send({ type: 'broadcast.confirmed' });
    const final = await waitFor(actor, (snapshot) => snapshot.status === 'done', { timeout: 2_000 });
    expect(final.value).toBe('reported');
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith({ rooms: [{ roomId: 'room-dev', name: 'Dev' }], kind: 'availability', text: '', sender: ANA });
    expect(cards.at(-1)).toEqual({ kind: 'broadcastReport', results: [{ roomId: 'room-dev', name: 'Dev', delivered: true }] });
  });

  it('refuses a non-admin politely and never lists or sends', async () => {
    const { actor, cards, listRooms, send } = start({ input: { admins: ['boss@example.com'] } });
    actor.send({ type: 'broadcast.started' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done', { timeout: 2_000 });
    expect(cards).toEqual([{ kind: 'broadcastNotAllowed' }]);
    expect(listRooms).not.toHaveBeenCalled();
    expect(send).not.toHaveBeenCalled();
  });

  it('refuses a forged room id and sends nothing even when confirmed', async () => {
    const { actor, cards, send } = start();
    actor.send({ type: 'broadcast.started' });
    await waitState(actor, 'selectingRooms');
    actor.send({ type: 'rooms.submitted', roomIds: ['room-ops', 'room-attacker'] });
    actor.send({ type: 'message.submitted', kind: 'usage', text: 'x' });
    actor.send({ type: 'broadcast.confirmed' });
    expect(actor.getSnapshot().value).toBe('selectingRooms');
    expect(cards.at(-1)).toMatchObject({ kind: 'broadcastRooms', errors: { room_ids: expect.any(String) } });
    expect(send).not.toHaveBeenCalled();
    actor.stop();
  });

  it('sends once when confirm is clicked twice', async () => {
    const gate = deferred<BroadcastDeliveryResult[]>();
    const { actor, cards, send } = start({ send: () => gate.promise });
    actor.send({ type: 'broadcast.started' });
    await waitState(actor, 'selectingRooms');
    actor.send({ type: 'rooms.submitted', roomIds: ['room-ops'] });
    actor.send({ type: 'message.submitted', kind: 'maintenance', text: 'Down' });
    actor.send({ type: 'broadcast.confirmed' });
    actor.send({ type: 'broadcast.confirmed' });
    await waitState(actor, 'sending');
    actor.send({ type: 'broadcast.confirmed' });
    actor.send({ type: 'conversation.cancelled' });
    gate.resolve([{ roomId: 'room-ops', name: 'Ops', delivered: true }]);
    await waitFor(actor, (snapshot) => snapshot.status === 'done', { timeout: 2_000 });
    expect(send).toHaveBeenCalledTimes(1);
    expect(cards.filter((card) => card.kind === 'broadcastReport')).toHaveLength(1);
    expect(cards.some((card) => card.kind === 'cancelled')).toBe(false);
  });

  it('answers a stale confirm on a fresh actor with the room selection and sends nothing', async () => {
    const { actor, cards, send } = start();
    actor.send({ type: 'broadcast.confirmed' });
    await waitState(actor, 'selectingRooms');
    actor.send({ type: 'broadcast.confirmed' });
    expect(cards).toEqual([{ kind: 'broadcastRooms', rooms: ROOMS, notice: EXPIRED_NOTICE }]);
    expect(send).not.toHaveBeenCalled();
    actor.stop();
  });

  it.each(['selectingRooms', 'composing', 'previewing'])('cancels from %s', async (state) => {
    const { actor, cards, send } = start();
    actor.send({ type: 'broadcast.started' });
    await waitState(actor, 'selectingRooms');
    if (state !== 'selectingRooms') actor.send({ type: 'rooms.submitted', roomIds: ['room-ops'] });
    if (state === 'previewing') actor.send({ type: 'message.submitted', kind: 'usage', text: '' });
    expect(actor.getSnapshot().value).toBe(state);
    actor.send({ type: 'conversation.cancelled' });
    expect(actor.getSnapshot().value).toBe('cancelled');
    expect(actor.getSnapshot().status).toBe('done');
    expect(cards.at(-1)).toEqual({ kind: 'cancelled' });
    expect(send).not.toHaveBeenCalled();
  });

  it('times out after timeoutMs of silence, and not before', async () => {
    vi.useFakeTimers();
    const { actor, send } = start({ input: { timeoutMs: 10_000 } });
    actor.send({ type: 'broadcast.started' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('selectingRooms');
    await vi.advanceTimersByTimeAsync(6_000);
    actor.send({ type: 'rooms.submitted', roomIds: ['room-ops'] });
    // The clock restarts on each step: 6 s more is still within the new 10 s.
    await vi.advanceTimersByTimeAsync(6_000);
    expect(actor.getSnapshot().value).toBe('composing');
    await vi.advanceTimersByTimeAsync(4_001);
    expect(actor.getSnapshot().value).toBe('timedOut');
    expect(actor.getSnapshot().status).toBe('done');
    expect(send).not.toHaveBeenCalled();
  });
});
