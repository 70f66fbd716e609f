/** Text typed in a lab room by one of a few people, routed as the bot routes it: what it dispatches, or the reply it makes. */
import { route, type RouterContext } from '../../src/app/router.js';
import { encodeId } from '../../src/platform/ids.js';
import type { MessageEvent } from '../../src/platform/port.js';

/** A function that routes `typed` as said by one of `people` (by key, the first by default) in the first approved room, at `now`. */
export function typedIn<K extends string>(ctx: RouterContext, people: Readonly<Record<K, string>>, now: string): (typed: string, by?: K) => unknown {
  const keys = Object.keys(people) as K[];
  const [room] = ctx.approvedRooms === '*' ? [] : ctx.approvedRooms;
  if (room === undefined || keys.length === 0) throw new Error('typedIn needs an approved room and a person');
  return (typed, by = keys[0]) => {
    const event: MessageEvent = {
      type: 'message',
      id: 'm',
      roomId: room,
      roomType: 'group',
      personId: encodeId('PEOPLE', `0b6f7e2c-2222-4a4a-9999-00000000000${keys.indexOf(by) + 1}`),
      personEmail: people[by],
      text: typed,
      receivedAt: now,
    };
    const decision = route(event, ctx);
    return decision.kind === 'dispatch' ? decision.targets.map((target) => target.event) : decision;
  };
}

/** The lab of the everyday-words tests: Ada holds lab-1, Linus holds lab-3 (both 5G), lab-5 (5G) is free, lab-6 is under maintenance. */
export const HELD_LAB_NOW = '2026-03-02T10:00:00.000Z';
export const heldLab: RouterContext = {
  approvedRooms: [encodeId('ROOM', '0b6f7e2c-1111-4a4a-9999-000000000001')],
  timeZone: 'UTC',
  knownTestbedIds: [1, 3, 5, 6],
  testbeds: [
    { id: 1, testbed_name: 'lab-1', labels: ['5G'], status: 'in_use', user_email: 'ada@example.com', user_name: 'Ada' },
    { id: 3, testbed_name: 'lab-3', labels: ['5G'], status: 'in_use', user_email: 'linus@example.com', user_name: 'Linus Lab' },
    { id: 5, testbed_name: 'lab-5', labels: ['5G'], status: 'available' },
    {
      id: 6,
      testbed_name: 'lab-6',
      labels: [],
      status: 'available',
      maintenance: { reason: 'fan', until: null, since: '2026-03-01T10:00:00.000Z', by: { email: 'linus@example.com', name: 'Linus Lab' } },
    },
  ],
};
/** Who types in `heldLab`: Ada first. */
export const heldLabPeople = { ada: 'ada@example.com', linus: 'linus@example.com', grace: 'grace@example.com' } as const;
