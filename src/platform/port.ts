/**
 * The only view of the chat platform the rest of the bot has. The Webex adapter
 * (`platform/webex`) implements it over the real protocol; tests and the sandbox
 * run the same adapter against the embedded emulator (`platform/emulator`).
 * All ids here are REST ids (base64 `ciscospark://…`), opaque to callers.
 */

export type RoomType = 'direct' | 'group';

/** A text message somebody (not the bot) sent in a room. */
export interface MessageEvent {
  type: 'message';
  /** REST id of the message. */
  id: string;
  roomId: string;
  roomType: RoomType;
  personId: string;
  personEmail: string;
  /** Text with the bot's own mention stripped (group rooms), trimmed. */
  text: string;
  /** REST id of the thread's first message, when the message is a reply in a thread. */
  parentId?: string;
  /** ISO 8601 UTC time the adapter received the event. */
  receivedAt: string;
}

/** An Adaptive Card submission (attachment action). */
export interface CardActionEvent {
  type: 'cardAction';
  /** REST id of the attachment action. */
  id: string;
  roomId: string;
  roomType: RoomType;
  personId: string;
  /** REST id of the card message that was submitted. */
  messageId: string;
  /** Every input value keyed by input id, merged with the Action.Submit `data`. */
  inputs: Record<string, unknown>;
  receivedAt: string;
}

export type PlatformEvent = MessageEvent | CardActionEvent;

export interface Person {
  id: string;
  emails: string[];
  displayName: string;
  type?: 'person' | 'bot' | 'appuser';
}

export interface RoomSummary {
  id: string;
  title: string;
  type: RoomType;
}

/** An Adaptive Card JSON object (`type: "AdaptiveCard"`). */
export type AdaptiveCardJson = Record<string, unknown> & { type: 'AdaptiveCard'; version: string };

export interface OutgoingMessage {
  /** Exactly one of roomId / toPersonEmail / toPersonId. */
  roomId?: string;
  toPersonEmail?: string;
  toPersonId?: string;
  parentId?: string;
  /** Fallback text (always sent; derived from `markdown` when absent). */
  text?: string;
  markdown?: string;
  card?: AdaptiveCardJson;
}

export interface PostedMessage {
  id: string;
  roomId: string;
}

export type ConnectionState = 'connecting' | 'connected' | 'disconnected' | 'stopped';

export interface PlatformStartOptions {
  /**
   * Epoch milliseconds: once connected, also hand on messages sent since then that nobody received
   * (another instance held the socket until it died). Absent: nothing to catch up on.
   */
  catchUpSince?: number;
  /** Message ids (uuid form) another instance already handled: catching up skips them. */
  alreadyHandled?: readonly string[];
}

export interface Platform {
  /** Discover, register the device, open and authorize the socket. Resolves once connected. */
  start(options?: PlatformStartOptions): Promise<void>;
  /** Close the socket, unregister the device. */
  stop(): Promise<void>;
  /**
   * Closes the socket at once (synchronously, before the promise settles) and keeps everything else:
   * REST calls still work and the device stays registered for whoever takes over. `start()` opens
   * the socket again. For an instance that is no longer the leader. Optional: test doubles may lack it.
   */
  pause?(): Promise<void>;
  /**
   * Called for every inbound event. Events of one conversation (the same room and person) arrive in
   * order, each after the promise returned for the previous one has settled; other conversations do
   * not wait for them. Errors thrown are logged, never crash.
   */
  onEvent(handler: (event: PlatformEvent) => void | Promise<void>): void;
  onConnectionState(handler: (state: ConnectionState) => void): void;
  isConnected(): boolean;
  /** The bot's own profile (available after start). */
  me(): Person;
  getPerson(personId: string): Promise<Person>;
  /**
   * People (not bots) with this email, or whose display name starts with these words (at most 10), as the
   * platform's directory knows them. Optional: test doubles may lack it (then nobody is found).
   */
  findPeople?(query: { email: string } | { displayName: string }): Promise<Person[]>;
  postMessage(message: OutgoingMessage): Promise<PostedMessage>;
  deleteMessage(messageId: string): Promise<void>;
  /** Rooms the bot is a member of, following pagination. */
  listRooms(): Promise<RoomSummary[]>;
}
