import { describe, expect, it } from 'vitest';
import { deliverBroadcast, describeDeliveryError, type DeliveryRoom } from '../../src/app/broadcast-delivery.js';

class FakePlatformError extends Error {
  constructor(
    readonly status: number,
    readonly retryable: boolean,
    message: string,
  ) {
    super(message);
  }
}

const isRetryable = (error: unknown) => error instanceof FakePlatformError && error.retryable;
const noSleep = async () => undefined;
const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

function makeRooms(count: number): DeliveryRoom[] {
  return Array.from({ length: count }, (_, i) => ({ roomId: `room-${i}`, name: `Room ${i}` }));
}

/** A fake platform: counts accepted posts per room and the posts in flight at once. */
function fakeSend(fail: (roomId: string, attempt: number) => Error | null) {
  const attempts = new Map<string, number>();
  const accepted = new Map<string, number>();
  let inFlight = 0;
  let maxInFlight = 0;
  const send = async (roomId: string) => {
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    try {
      await tick();
      const attempt = (attempts.get(roomId) ?? 0) + 1;
      attempts.set(roomId, attempt);
      const error = fail(roomId, attempt);
      if (error) throw error;
      accepted.set(roomId, (accepted.get(roomId) ?? 0) + 1);
    } finally {
      inFlight -= 1;
    }
  };
  return { send, attempts, accepted, maxInFlight: () => maxInFlight };
}

describe('deliverBroadcast', () => {
  it('200 rooms with transient failures: every room delivered exactly once, within the concurrency bound', async () => {
    const rooms = makeRooms(200);
    // Every third room is rate-limited or hits a 503 once or twice before it goes through.
    const fake = fakeSend((roomId, attempt) => {
      const i = Number(roomId.split('-')[1]);
      if (i % 3 === 0 && attempt <= 1 + (i % 2)) return new FakePlatformError(i % 2 ? 503 : 429, true, 'try later');
      return null;
    });
    const results = await deliverBroadcast({ rooms, send: fake.send, isRetryable, sleep: noSleep });
    expect(results).toEqual(rooms.map((room) => ({ ...room, delivered: true })));
    for (const room of rooms) expect(fake.accepted.get(room.roomId)).toBe(1);
    expect(fake.attempts.get('room-3')).toBe(3);
    expect(fake.attempts.get('room-6')).toBe(2);
    expect(fake.maxInFlight()).toBe(4);
  });

  it('reports a permanent failure with its reason and still delivers the others', async () => {
    const rooms = makeRooms(20);
    const fake = fakeSend((roomId) => (roomId === 'room-7' ? new FakePlatformError(404, false, 'Could not find a room with the id') : null));
    const results = await deliverBroadcast({ rooms, send: fake.send, isRetryable, sleep: noSleep });
    expect(results).toHaveLength(20);
    expect(results[7]).toEqual({ roomId: 'room-7', name: 'Room 7', delivered: false, reason: 'HTTP 404: Could not find a room with the id' });
    expect(fake.attempts.get('room-7')).toBe(1);
    expect(results.filter((result) => result.delivered)).toHaveLength(19);
  });

  it('gives up on a retryable error after maxAttempts, backing off in between', async () => {
    const delays: number[] = [];
    const fake = fakeSend(() => new FakePlatformError(503, true, 'Service unavailable'));
    const results = await deliverBroadcast({
      rooms: makeRooms(1),
      send: fake.send,
      isRetryable,
      maxAttempts: 4,
      sleep: async (ms) => void delays.push(ms),
      random: () => 0.999999,
    });
    expect(results).toEqual([{ roomId: 'room-0', name: 'Room 0', delivered: false, reason: 'HTTP 503: Service unavailable (after 4 attempts)' }]);
    expect(fake.attempts.get('room-0')).toBe(4);
    expect(delays).toEqual([500, 1000, 2000]);
  });

  it('respects another concurrency bound', async () => {
    const fake = fakeSend(() => null);
    await deliverBroadcast({ rooms: makeRooms(50), send: fake.send, isRetryable, concurrency: 7, sleep: noSleep });
    expect(fake.maxInFlight()).toBe(7);
    const serial = fakeSend(() => null);
    await deliverBroadcast({ rooms: makeRooms(10), send: serial.send, isRetryable, concurrency: 1, sleep: noSleep });
    expect(serial.maxInFlight()).toBe(1);
  });

  it('never drops a room: duplicates collapse, throwing senders and classifiers are reported', async () => {
    const rooms = [...makeRooms(3), { roomId: 'room-1', name: 'Room 1 again' }];
    const results = await deliverBroadcast({
      rooms,
      send: (roomId) => {
        if (roomId === 'room-2') throw new TypeError('boom');
        return Promise.resolve();
      },
      isRetryable: () => {
        throw new Error('classifier broke');
      },
      sleep: noSleep,
    });
    expect(results.map((result) => [result.roomId, result.delivered])).toEqual([
      ['room-0', true],
      ['room-1', true],
      ['room-2', false],
    ]);
    expect(results[2].reason).toBe('boom');
    expect(await deliverBroadcast({ rooms: [], send: async () => undefined, isRetryable })).toEqual([]);
  });

  it('keeps secrets out of the reason', async () => {
    const token = 'ZjM4YjU2ODctN2U0ZS00ZWU0LWJkNDAtYmQ5ZTM1ZjE2ZmNlNWRhMWI4YjAtZmNi_PF84_1eb65fdf';
    const error = Object.assign(new Error(`Request failed: Authorization: Bearer ${token} for https://x/v1/messages?token=${token}`), {
      status: 401,
    });
    const results = await deliverBroadcast({ rooms: makeRooms(1), send: () => Promise.reject(error), isRetryable, sleep: noSleep });
    expect(results[0].delivered).toBe(false);
    expect(results[0].reason).toMatch(/^HTTP 401: /);
    expect(results[0].reason).not.toContain(token);
    expect(results[0].reason).not.toContain(token.slice(0, 20));
    expect(describeDeliveryError('plain string')).toBe('unknown error');
    expect(describeDeliveryError({ code: 'ECONNRESET' })).toBe('ECONNRESET');
  });

  it('uses a custom reason when given one', async () => {
    const results = await deliverBroadcast({
      rooms: makeRooms(1),
      send: () => Promise.reject(new FakePlatformError(403, false, 'x')),
      isRetryable,
      describeError: () => 'the bot is not in this room',
    });
    expect(results[0].reason).toBe('the bot is not in this room');
  });
});
