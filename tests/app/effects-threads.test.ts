/**
 * Where the effects post: into the thread a person asked in, for every card of their conversation,
 * the hints and the apology for a conversation that failed; in the room otherwise. The platform here
 * records what it is asked to post (the end-to-end tests run the same path over the emulator).
 */
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { flowKey } from '../../src/app/actor-key.js';
import { createEffects } from '../../src/app/effects.js';
import type { Config } from '../../src/config.js';
import type { OutgoingMessage, Platform, PlatformEvent } from '../../src/platform/port.js';
import type { Store } from '../../src/store/index.js';

const ROOM = 'room-1';
const ADA = 'person-ada';
const ROOT = 'message-root';

function setUp(refuseThreads = false) {
  const posted: OutgoingMessage[] = [];
  const platform = {
    postMessage: async (message: OutgoingMessage) => {
      if (refuseThreads && message.parentId !== undefined) throw Object.assign(new Error('Invalid parentId'), { status: 400 });
      posted.push(message);
      return { id: `posted-${posted.length}`, roomId: ROOM };
    },
  } as unknown as Platform;
  const store = { testbeds: { snapshot: () => [] }, lifecycle: { snapshot: () => [] } } as unknown as Store;
  const config = { botName: 'Testbed Monitor', approvedRooms: [ROOM], displayTimeZone: 'UTC', admins: [] } as unknown as Config;
  const effects = createEffects({ platform, store, config, logger: pino({ level: 'silent' }), now: () => new Date('2026-03-10T10:00:00.000Z'), lookUpPerson: async () => ({ email: 'ada@example.com', name: 'Ada Ops' }) });
  return { effects, posted };
}

const message = (parentId?: string): PlatformEvent => ({
  type: 'message', id: 'm', roomId: ROOM, roomType: 'group', personId: ADA, personEmail: 'ada@example.com', text: 'testbed', receivedAt: '2026-03-10T10:00:00.000Z',
  ...(parentId === undefined ? {} : { parentId }),
});
const press = (messageId: string): PlatformEvent => ({
  type: 'cardAction', id: 'a', roomId: ROOM, roomType: 'group', personId: ADA, messageId, inputs: { action: 'status' }, receivedAt: '2026-03-10T10:00:00.000Z',
});

describe('effects: threads', () => {
  const key = flowKey('conversation', ROOM, ADA);

  it('answers in the thread asked in, and a press on a card posted there answers there too', async () => {
    const { effects, posted } = setUp();
    expect(effects.heard(message(ROOT))).toBe(ROOT);
    effects.say(key, { kind: 'menu' });
    await effects.idle();
    expect(posted.map((item) => item.parentId)).toEqual([ROOT]);
    // The menu was posted as posted-1: pressing it keeps to the thread.
    expect(effects.heard(press('posted-1'))).toBe(ROOT);
    effects.say(key, { kind: 'help' });
    effects.apologise(ROOM, ADA);
    await effects.idle();
    expect(posted.map((item) => item.parentId)).toEqual([ROOT, ROOT, ROOT]);
  });

  it('answers in the room what was asked in the room, and presses on cards in the room', async () => {
    const { effects, posted } = setUp();
    effects.heard(message(ROOT));
    expect(effects.heard(message())).toBeUndefined();
    effects.say(key, { kind: 'menu' });
    effects.apologise(ROOM, ADA);
    effects.reply(ROOM, { kind: 'hint' });
    await effects.idle();
    expect(effects.heard(press('a card in the room'))).toBeUndefined();
    expect(posted.map((item) => item.parentId)).toEqual([undefined, undefined, undefined]);
    expect(posted.every((item) => item.roomId === ROOM)).toBe(true);
  });

  it('a thread the platform refuses: the answer goes to the room', async () => {
    const { effects, posted } = setUp(true);
    effects.heard(message(ROOT));
    effects.say(key, { kind: 'menu' });
    effects.reply(ROOM, { kind: 'hint' }, ROOT);
    await effects.idle();
    expect(posted.map((item) => [item.roomId, item.parentId])).toEqual([
      [ROOM, undefined],
      [ROOM, undefined],
    ]);
  });
});
