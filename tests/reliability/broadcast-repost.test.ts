/**
 * A broadcast post that the platform answered too slowly (or with a 5xx) may
 * already be in the room: delivery must not post it again, or the room gets
 * the same card several times. A refusal (429) is still retried.
 */
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { deliverBroadcast } from '../../src/app/broadcast-delivery.js';
import { isRetryable } from '../../src/app/errors.js';
import { createWebexPlatform } from '../../src/platform/webex/index.js';
import { startEmulator } from '../../src/platform/emulator/index.js';
import type { Emulator } from '../../src/platform/emulator/api.js';
import { simulatedWaits } from '../support/simulated-waits.js';
import { waitFor } from '../platform/webex/harness.js';

describe('broadcast delivery never posts one card twice', () => {
  let emu: Emulator;
  afterEach(async () => {
    await emu.stop();
  });

  async function setUp(retryWait?: ReturnType<typeof simulatedWaits>['wait']) {
    emu = await startEmulator();
    const bot = emu.createBot({ displayName: 'Testbed Monitor', email: 'tbm@webex.bot' });
    const rooms = [1, 2, 3].map((n) => emu.createRoom({ title: `Notices ${n}`, memberIds: [bot.id] }));
    const platform = createWebexPlatform({
      accessToken: bot.token,
      apiUrl: emu.restUrl,
      discoveryUrl: emu.discoveryUrl,
      logger: pino({ level: 'silent' }),
      timing: { requestTimeoutMs: 300 },
      retryWait,
    });
    const deliver = () =>
      deliverBroadcast({
        rooms: rooms.map((room) => ({ roomId: room.id, name: room.title })),
        send: async (roomId) => void (await platform.postMessage({ roomId, text: 'status' })),
        isRetryable,
        baseDelayMs: 20,
      });
    const cards = () => rooms.map((room) => emu.messages({ roomId: room.id }).length);
    return { deliver, cards };
  }

  it('a post that timed out (but reached the platform) is reported, not repeated', async () => {
    const { deliver, cards } = await setUp();
    emu.faults.restDelay(500); // longer than the client waits; the platform still creates each message
    const results = await deliver();
    emu.faults.restDelay(0);
    // Every post the client gave up on is still answered by the platform; then nothing more arrives.
    await emu.settled();
    expect(cards()).toEqual([1, 1, 1]);
    expect(results.every((result) => !result.delivered && /timeout|no answer/.test(result.reason ?? ''))).toBe(true);
  });

  it('a 5xx is reported, not repeated; a 429 is waited out and delivered once', async () => {
    const clock = simulatedWaits();
    const { deliver, cards } = await setUp(clock.wait);
    emu.faults.restFault({ method: 'POST', path: /^\/messages$/, status: 502, times: 1 });
    emu.faults.restFault({ method: 'POST', path: /^\/messages$/, status: 429, retryAfter: 1, times: 1 });
    const delivering = deliver();
    await waitFor(() => clock.pending().length > 0, 'the 429 to be waited out');
    expect(clock.pending()).toEqual([1_000]);
    clock.advance(1_000);
    const results = await delivering;
    expect(results.filter((result) => result.delivered)).toHaveLength(2);
    expect(results.find((result) => !result.delivered)?.reason).toMatch(/502/);
    expect(cards().sort()).toEqual([0, 1, 1]);
  });
});
