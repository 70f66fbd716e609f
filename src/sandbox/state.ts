/**
 * What the chat page may see: people, rooms and messages as plain views built from the emulator,
 * plus the bot's connection state. Tokens never enter a view (views are built field by field).
 */
import type { EmuMessage, EmuPerson, Emulator } from '../platform/emulator/api.js';
import type { AdaptiveCardJson, ConnectionState } from '../platform/port.js';

export const CARD_CONTENT_TYPE = 'application/vnd.microsoft.card.adaptive';

export interface SandboxRoom {
  id: string;
  title: string;
  type: 'direct' | 'group';
  /** On APPROVED_ROOMS: the bot answers here. */
  approved: boolean;
  /** Listed in the broadcast document: the bot posts broadcasts here. */
  broadcast: boolean;
  description?: string;
  memberIds: string[];
}

export interface SandboxDirectory {
  bot: EmuPerson;
  people: EmuPerson[];
  rooms: SandboxRoom[];
}

export interface PersonView {
  id: string;
  displayName: string;
  email: string;
  isBot: boolean;
}

export interface MessageView {
  id: string;
  roomId: string;
  personId: string;
  personName: string;
  personEmail: string;
  fromBot: boolean;
  /** Plain text as typed (the bot mention removed when `mentionsBot`). */
  text: string;
  /** The bot's markdown, when it sent some. */
  markdown?: string;
  mentionsBot: boolean;
  card?: AdaptiveCardJson;
  created: string;
  parentId?: string;
}

export interface StateView {
  bot: PersonView;
  people: PersonView[];
  rooms: SandboxRoom[];
  messages: Record<string, MessageView[]>;
  connection: ConnectionState;
}

export function personView(person: EmuPerson): PersonView {
  return {
    id: person.id,
    displayName: person.displayName,
    email: person.emails[0] ?? '',
    isBot: person.type === 'bot',
  };
}

export function findPerson(directory: SandboxDirectory, personId: string): EmuPerson | undefined {
  if (directory.bot.id === personId) return directory.bot;
  return directory.people.find((person) => person.id === personId);
}

export function messageView(directory: SandboxDirectory, message: EmuMessage): MessageView {
  const author = findPerson(directory, message.personId);
  const { bot } = directory;
  const mentionsBot = (message.mentionedPeople ?? []).includes(bot.id);
  let text = message.text ?? '';
  if (mentionsBot) {
    for (const name of [bot.displayName, bot.firstName]) {
      if (name && text.toLowerCase().startsWith(name.toLowerCase())) {
        text = text.slice(name.length).trim();
        break;
      }
    }
  }
  const view: MessageView = {
    id: message.id,
    roomId: message.roomId,
    personId: message.personId,
    personName: author?.displayName ?? message.personEmail,
    personEmail: message.personEmail,
    fromBot: message.personId === bot.id,
    text,
    mentionsBot,
    created: message.created,
  };
  if (message.markdown) view.markdown = message.markdown;
  if (message.parentId) view.parentId = message.parentId;
  const card = message.attachments?.find((attachment) => attachment.contentType === CARD_CONTENT_TYPE);
  if (card) view.card = card.content;
  return view;
}

export function stateView(directory: SandboxDirectory, emulator: Emulator, connection: ConnectionState): StateView {
  const messages: Record<string, MessageView[]> = {};
  for (const room of directory.rooms) {
    messages[room.id] = emulator.messages({ roomId: room.id }).map((message) => messageView(directory, message));
  }
  return {
    bot: personView(directory.bot),
    people: directory.people.map(personView),
    rooms: directory.rooms.map((room) => ({ ...room, memberIds: [...room.memberIds] })),
    messages,
    connection,
  };
}

/** The bot's connection state as the page shows it; fed by the platform adapter. */
export class ConnectionTracker {
  private current: ConnectionState = 'connecting';
  private readonly listeners = new Set<(state: ConnectionState) => void>();

  get state(): ConnectionState {
    return this.current;
  }

  set(state: ConnectionState): void {
    if (state === this.current) return;
    this.current = state;
    for (const listener of this.listeners) listener(state);
  }

  onChange(listener: (state: ConnectionState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
