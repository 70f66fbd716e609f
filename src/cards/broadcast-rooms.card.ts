/**
 * First broadcast step: choose the rooms (multi-select with an "all rooms"
 * toggle), plus the two cards that end the flow before it starts (not allowed,
 * no rooms). Choice values are short codes (see broadcast-actions.ts) and the
 * titles shrink as the list grows, so 200 rooms still fit the size budget.
 */
import type { AdaptiveCardJson } from '../platform/port.js';
import type { BroadcastRoomOption, FormErrors, FormValues } from '../domain.js';
import { MAX_CARD_BYTES, card, cardBytes, safeText, submit, textBlock, type CardElement } from './common.js';
import { BROADCAST_ACTIONS, roomChoiceValues } from './broadcast-actions.js';
import { inertMarkdown } from './inert-text.js';
import { buttons, plainText } from './parts.js';
import { roomsText } from './broadcast-format.js';

export interface BroadcastRoomsInput {
  rooms: readonly BroadcastRoomOption[];
  errors?: FormErrors;
  values?: FormValues;
  /** Shown above the form, e.g. when an expired session was started over. */
  notice?: string;
}

const SIZE_BUDGET = MAX_CARD_BYTES - 1_000;

/** Expanded choice titles are check-box labels, which web renderers pass through markdown: kept inert. */
function choiceTitle(room: BroadcastRoomOption, max: number): string {
  const marker = room.discovered ? ' (discovered)' : '';
  const name = plainText(room.name, Math.max(8, Math.ceil(max * 0.45)));
  const description = plainText(room.description, Math.max(0, max - name.length - marker.length - 3));
  return inertMarkdown(description === '' ? `${name}${marker}` : `${name} — ${description}${marker}`);
}

function errorBlock(message: string | undefined): CardElement[] {
  return message ? [textBlock(safeText(message, 300), { color: 'attention', spacing: 'None' })] : [];
}

/** Kept selection as choice values: accepts codes or full room ids; drops anything not on the list. */
function selectedValues(raw: string | undefined, codes: Map<string, string>): string {
  const known = new Set(codes.values());
  return (raw ?? '')
    .split(',')
    .map((token) => token.trim())
    .map((token) => codes.get(token) ?? (known.has(token) ? token : ''))
    .filter((token, index, all) => token !== '' && all.indexOf(token) === index)
    .join(',');
}

function build(input: BroadcastRoomsInput, titleLength: number): AdaptiveCardJson {
  const codes = roomChoiceValues(input.rooms.map((room) => room.room_id));
  const values = input.values ?? {};
  const errors = input.errors ?? {};
  const body: CardElement[] = [textBlock('Broadcast: choose rooms', { size: 'Large', weight: 'Bolder' })];
  if (input.notice) body.push(textBlock(safeText(input.notice, 300), { color: 'warning' }));
  body.push(
    textBlock(`Choose where to send the testbed status card (${roomsText(input.rooms.length)} on the list).`, { isSubtle: true }),
    {
      type: 'Input.Toggle',
      id: 'select_all',
      title: `All rooms (${input.rooms.length})`,
      wrap: true,
      valueOn: 'true',
      valueOff: 'false',
      value: values.select_all === 'true' ? 'true' : 'false',
    },
    {
      type: 'Input.ChoiceSet',
      id: 'room_ids',
      label: 'Rooms',
      isMultiSelect: true,
      style: 'expanded',
      // A room's name and description read whole on a phone, on as many lines as they need.
      wrap: true,
      value: selectedValues(values.room_ids, codes),
      choices: input.rooms.map((room) => ({
        title: choiceTitle(room, titleLength),
        value: codes.get(room.room_id) ?? room.room_id,
      })),
    },
    ...errorBlock(errors.room_ids ?? errors.select_all),
  );
  return card(body, [
    submit('Next', { action: BROADCAST_ACTIONS.roomsSubmit }, { style: 'positive' }),
    buttons.cancel(),
  ]);
}

export function broadcastRoomsCard(input: BroadcastRoomsInput): AdaptiveCardJson {
  // Shrink the choice titles until the card fits; names keep at least a few characters.
  for (let titleLength = 90; titleLength > 12; titleLength -= 6) {
    const built = build(input, titleLength);
    if (cardBytes(built) <= SIZE_BUDGET) return built;
  }
  return build(input, 12);
}

export function broadcastRoomsText(input: BroadcastRoomsInput): string {
  return `Broadcast: choose the rooms to send the testbed status to (${input.rooms.length} on the list).`;
}

export function broadcastNotAllowedCard(): AdaptiveCardJson {
  return card(
    [
      textBlock('Broadcast', { size: 'Large', weight: 'Bolder' }),
      textBlock('Sorry, only the broadcast administrators can send broadcasts. Please ask one of them if a status update is needed.'),
    ],
    [buttons.menu()],
  );
}

export function broadcastNotAllowedText(): string {
  return 'Sorry, only the broadcast administrators can send broadcasts.';
}

export function noBroadcastRoomsCard(): AdaptiveCardJson {
  return card(
    [
      textBlock('Broadcast', { size: 'Large', weight: 'Bolder' }),
      textBlock('There are no broadcast rooms on the list yet, so there is nowhere to send a broadcast.'),
      textBlock('An administrator can add rooms to the broadcast room list or turn on room discovery.', { isSubtle: true }),
    ],
    [buttons.menu()],
  );
}

export function noBroadcastRoomsText(): string {
  return 'There are no broadcast rooms on the list yet.';
}
