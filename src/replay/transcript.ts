/**
 * Transcript lines: what each recorded person did (times relative to the start
 * of the recording) and what the bot posted in reply, cards rendered as text.
 * Pure; emulator ids are swapped for labels so a replay reads the same every
 * time.
 */
import type { EmuMessage } from '../platform/emulator/api.js';
import type { RecordedConnection, RecordedEvent } from '../app/record-format.js';
import { cardToText } from './card-text.js';

export function relativeTime(ms: number): string {
  const sign = ms < 0 ? '-' : '+';
  const total = Math.abs(Math.round(ms));
  const hours = Math.floor(total / 3_600_000);
  const minutes = Math.floor(total / 60_000) % 60;
  const seconds = Math.floor(total / 1000) % 60;
  const millis = total % 1000;
  const mmss = `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}.${String(millis).padStart(3, '0')}`;
  return `${sign}${hours > 0 ? `${hours}:` : ''}${mmss}`;
}

function quote(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : JSON.stringify(value) ?? 'undefined';
}

/** `room_ids` read as room names; a token that named no known room reads `unknown room`. */
function roomList(value: string, roomNames: Map<string, string>): string {
  const names = value
    .split(',')
    .map((token) => token.trim())
    .filter(Boolean)
    .map((token) => roomNames.get(token) ?? 'unknown room');
  return quote(names.join(', '));
}

export function describeEvent(line: RecordedEvent, roomNames: Map<string, string>): string {
  const who = `${line.person.name} in ${line.event.roomType === 'direct' ? 'a direct room' : line.room.name}`;
  if (line.event.type === 'message') return `${who} says: ${line.event.text}`;
  const { action, ...rest } = line.event.inputs;
  // Empty inputs (fields left blank) are left out for readability.
  const details = Object.keys(rest)
    .filter((key) => rest[key] !== '')
    .sort()
    .map((key) => `${key}=${key === 'room_ids' && typeof rest[key] === 'string' ? roomList(rest[key] as string, roomNames) : quote(rest[key])}`);
  return `${who} clicks ${typeof action === 'string' ? action : '(no action)'}${details.length ? `  ${details.join(' ')}` : ''}`;
}

export function describeConnection(line: RecordedConnection): string | undefined {
  if (line.state === 'disconnected') return "the bot's connection dropped (the replay closes its socket)";
  if (line.state === 'connected') return 'the bot is connected again';
  return undefined;
}

/** Replaces every known emulator id in `text` with its label. */
export function withLabels(text: string, labels: Map<string, string>): string {
  let result = text;
  for (const [id, label] of labels) result = result.split(id).join(label);
  return result;
}

export function destinationOf(message: EmuMessage, labels: Map<string, string>, emailLabels: Map<string, string>): string {
  if (message.toPersonEmail) return `direct to ${emailLabels.get(message.toPersonEmail.toLowerCase()) ?? 'somebody outside the recording'}`;
  return labels.get(message.roomId) ?? 'a room outside the recording';
}

export function describeBotMessage(message: EmuMessage, destination: string, labels: Map<string, string>): string[] {
  const card = message.attachments?.[0]?.content;
  const body = card ? cardToText(card) : (message.text ?? message.markdown ?? '').split('\n');
  return [`bot → ${destination}${card ? '' : ' (text)'}`, ...body.map((line) => `  ${withLabels(line, labels)}`)];
}
