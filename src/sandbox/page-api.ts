/**
 * The chat page's write actions, validated before anything reaches the emulator:
 * say (a person types in a room), submit (a person clicks Action.Submit on a card) and
 * drop-socket (close the bot's socket to watch it reconnect).
 */
import type { EmuMessage, Emulator } from '../platform/emulator/api.js';
import { CARD_CONTENT_TYPE, type SandboxDirectory, type SandboxRoom } from './state.js';

/** A request the page got wrong: answered with `status` and a message meant for people. */
export class RequestError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'RequestError';
    this.status = status;
  }
}

export interface PageApiContext {
  emulator: Emulator;
  directory: SandboxDirectory;
}

/** Same 7439-byte bound the platform puts on a message's text (docs/platform.md, Sending messages). */
export const MAX_TEXT_BYTES = 7439;
const MAX_INPUT_KEYS = 200;

export function handleSay(context: PageApiContext, body: unknown): { id: string } {
  const fields = objectBody(body);
  const person = personOf(context, fields.personId);
  const room = roomOf(context, fields.roomId, person);
  if (typeof fields.text !== 'string') throw new RequestError(400, '"text" must be a string.');
  const text = fields.text.trim();
  if (text.length === 0) throw new RequestError(400, '"text" must not be empty.');
  if (Buffer.byteLength(text, 'utf8') > MAX_TEXT_BYTES) {
    throw new RequestError(400, `"text" is longer than ${MAX_TEXT_BYTES} bytes.`);
  }
  // In group rooms the bot only hears messages that mention it, so the page mentions it for you.
  const mentions = room.type === 'group' ? [context.directory.bot.id] : undefined;
  const message = emulatorCall(() => context.emulator.say({ personId: person.id, roomId: room.id, text, mentions }));
  return { id: message.id };
}

export function handleSubmit(context: PageApiContext, body: unknown): { id: string } {
  const fields = objectBody(body);
  const person = personOf(context, fields.personId);
  if (typeof fields.messageId !== 'string' || fields.messageId.length === 0) {
    throw new RequestError(400, '"messageId" must be a message id.');
  }
  const messageId = fields.messageId;
  const message = context.emulator.messages().find((candidate: EmuMessage) => candidate.id === messageId);
  if (!message) throw new RequestError(404, 'No such message.');
  roomOf(context, message.roomId, person);
  if (!message.attachments?.some((attachment) => attachment.contentType === CARD_CONTENT_TYPE)) {
    throw new RequestError(400, 'That message has no card to submit.');
  }
  const inputs = fields.inputs;
  if (typeof inputs !== 'object' || inputs === null || Array.isArray(inputs)) {
    throw new RequestError(400, '"inputs" must be an object of input values.');
  }
  if (Object.keys(inputs).length > MAX_INPUT_KEYS) throw new RequestError(400, `"inputs" has more than ${MAX_INPUT_KEYS} keys.`);
  const action = emulatorCall(() =>
    context.emulator.submitRaw({
      personId: person.id,
      messageId: message.id,
      roomId: message.roomId,
      inputs: inputs as Record<string, unknown>,
    }),
  );
  return { id: action.id };
}

export function handleDropSocket(context: PageApiContext): { dropped: true } {
  context.emulator.faults.closeSockets({
    personId: context.directory.bot.id,
    code: 1011,
    reason: 'Dropped from the sandbox page',
  });
  return { dropped: true };
}

function objectBody(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new RequestError(400, 'The request body must be a JSON object.');
  }
  return body as Record<string, unknown>;
}

function personOf(context: PageApiContext, personId: unknown) {
  const person = context.directory.people.find((candidate) => candidate.id === personId);
  if (!person) throw new RequestError(400, '"personId" must be one of the demo people.');
  return person;
}

function roomOf(context: PageApiContext, roomId: unknown, person: { id: string; displayName: string }): SandboxRoom {
  const room = context.directory.rooms.find((candidate) => candidate.id === roomId);
  if (!room) throw new RequestError(400, '"roomId" must be one of the sandbox rooms.');
  if (!room.memberIds.includes(person.id)) {
    throw new RequestError(403, `${person.displayName} is not a member of "${room.title}".`);
  }
  return room;
}

function emulatorCall<T>(call: () => T): T {
  try {
    return call();
  } catch (error) {
    throw new RequestError(400, `The platform emulator refused: ${(error as Error).message}`);
  }
}
