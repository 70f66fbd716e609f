/**
 * Third broadcast step: what will be sent where, with Send / Back / Cancel.
 * Kept short on purpose (counts, not rows): the rich card itself is built per
 * room at send time from fresh data.
 */
import type { TestbedRecord } from '../domain.js';
import type { AdaptiveCardJson } from '../platform/port.js';
import type { BroadcastRoomOption } from '../domain.js';
import { card, safeText, submit, textBlock } from './common.js';
import { BROADCAST_ACTIONS } from './broadcast-actions.js';
import { kindTitle, roomsText } from './broadcast-format.js';
import { buttons, namesAndMore, plainText, safeName } from './parts.js';
import { countTestbeds, countsRow } from './status.card.js';
import { formatWhen } from './time.js';

export interface BroadcastPreviewInput {
  rooms: readonly Pick<BroadcastRoomOption, 'room_id' | 'name'>[];
  kind: string;
  text: string;
  testbeds: readonly TestbedRecord[];
  now: string;
  timeZone: string;
}

/** Room names listed by name before "…and N more". */
export const PREVIEW_ROOM_NAMES = 25;

function roomList(rooms: BroadcastPreviewInput['rooms']): string {
  const names = rooms.slice(0, PREVIEW_ROOM_NAMES).map((room) => safeName(room.name, 60));
  return namesAndMore(names, rooms.length);
}

/** What each room will be sent: the usage report for `usage`, the status card for the other kinds. */
function roomsGet(kind: string): string {
  return kind === 'usage'
    ? 'Each room gets the usage report for the last 7 days: hours in use, bookings and overdue hours per testbed, top holders and busiest hours.'
    : 'Each room gets a card with every testbed, its holder, purpose and expected release.';
}

export function broadcastPreviewCard(input: BroadcastPreviewInput): AdaptiveCardJson {
  const counts = countTestbeds(input.testbeds, input.now);
  const target = roomsText(input.rooms.length);
  return card(
    [
      textBlock('Broadcast preview', { size: 'Large', weight: 'Bolder' }),
      textBlock(`Ready to send to ${target}. Nothing has been sent yet.`, { isSubtle: true, spacing: 'None' }),
      {
        type: 'FactSet',
        facts: [
          { title: 'Kind', value: kindTitle(input.kind) },
          { title: 'Message', value: input.text.trim() === '' ? '(none)' : safeText(input.text, 1000) },
          { title: 'Rooms', value: roomList(input.rooms) },
          { title: 'Testbeds', value: `${counts.total} as of ${formatWhen(input.now, input.timeZone)}` },
        ],
      },
      countsRow(counts),
      textBlock(roomsGet(input.kind), { isSubtle: true }),
    ],
    [
      submit('Send', { action: BROADCAST_ACTIONS.confirm }, { style: 'positive' }),
      submit('Back', { action: BROADCAST_ACTIONS.back }, { associatedInputs: 'none' }),
      buttons.cancel(),
    ],
  );
}

export function broadcastPreviewText(input: BroadcastPreviewInput): string {
  const message = input.text.trim() === '' ? '' : ` Message: ${plainText(input.text, 300)}`;
  return `Broadcast preview: ${kindTitle(input.kind)} to ${roomsText(input.rooms.length)}.${message} Send, go back or cancel.`;
}
