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
