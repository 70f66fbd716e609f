/**
 * Second broadcast step: what kind of message, and an optional text.
 */
import type { FormErrors, FormValues } from '../domain.js';
import type { AdaptiveCardJson } from '../platform/port.js';
import { card, safeText, submit, textBlock, type CardElement } from './common.js';
import { BROADCAST_ACTIONS, BROADCAST_KINDS, MAX_MESSAGE_LENGTH } from './broadcast-actions.js';
import { KIND_LABELS, roomsText } from './broadcast-format.js';
import { buttons } from './parts.js';

export interface BroadcastMessageInput {
  roomCount: number;
  errors?: FormErrors;
  values?: FormValues;
}

function errorBlock(message: string | undefined): CardElement[] {
  return message ? [textBlock(safeText(message, 300), { color: 'attention', spacing: 'None' })] : [];
}

/** An input's value is shown verbatim (not markdown): only control characters are removed. */
function inputValue(value: string | undefined, max: number): string {
  // eslint-disable-next-line no-control-regex
  return String(value ?? '').replace(/[\u0000-\u0009\u000B-\u001F\u007F]/g, '').slice(0, max);
}

export function broadcastMessageCard(input: BroadcastMessageInput): AdaptiveCardJson {
  const values = input.values ?? {};
  const errors = input.errors ?? {};
  const kind = (BROADCAST_KINDS as readonly string[]).includes(values.message_kind ?? '') ? values.message_kind : 'availability';
  return card(
    [
      textBlock('Broadcast: write the message', { size: 'Large', weight: 'Bolder' }),
      textBlock(`The status card goes to ${roomsText(input.roomCount)}. Pick what it is about and add a note if you like.`, {
        isSubtle: true,
      }),
      {
        type: 'Input.ChoiceSet',
        id: 'message_kind',
        label: 'Kind of message',
        style: 'compact',
        isRequired: true,
        errorMessage: 'Choose what kind of message to send.',
        value: kind,
        choices: BROADCAST_KINDS.map((value) => ({ title: KIND_LABELS[value], value })),
      },
      ...errorBlock(errors.message_kind),
      {
        type: 'Input.Text',
        id: 'message_text',
        label: `Message (optional, up to ${MAX_MESSAGE_LENGTH} characters)`,
        isMultiline: true,
        maxLength: MAX_MESSAGE_LENGTH,
        placeholder: 'e.g. Lab 3 is down for maintenance until Friday',
        value: inputValue(values.message_text, MAX_MESSAGE_LENGTH),
      },
      ...errorBlock(errors.message_text),
    ],
    [
      submit('Preview', { action: BROADCAST_ACTIONS.messageSubmit }, { style: 'positive' }),
      submit('Back', { action: BROADCAST_ACTIONS.back }, { associatedInputs: 'none' }),
      buttons.cancel(),
    ],
  );
}

export function broadcastMessageText(input: BroadcastMessageInput): string {
  return `Broadcast: write the message for ${roomsText(input.roomCount)}.`;
}
