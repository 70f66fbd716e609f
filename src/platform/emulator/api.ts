/**
 * Programmatic API of the embedded platform emulator (contract shared by the
 * emulator implementation, the adapter tests, the e2e tests and the sandbox).
 * Implementation: `src/platform/emulator/index.ts` exports
 * `startEmulator(options): Promise<Emulator>`.
 * All ids are REST ids (base64 `ciscospark://<cluster>/<TYPE>/<uuid>`).
 */
import type { AdaptiveCardJson } from '../port.js';

export interface EmulatorOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Cluster segment used when encoding ids. Default `us`. */
  cluster?: string;
  /** Max devices per token before 403 "User has excessive device registrations". Default 100. */
  deviceCap?: number;
  /** Close sockets that send no authorization frame within this many ms. Default 30000. */
  authTimeoutMs?: number;
  /** Deliver group messages that do not mention the bot to bots. Default false (like Webex). */
  deliverUnmentionedToBots?: boolean;
  /** Interval of protocol-level WebSocket pings sent by the server. Default 10000 ms. */
  protocolPingIntervalMs?: number;
  /** `actor.type` of activities authored by bots (Webex does not document the value). Default `BOT`. */
  botActorType?: string;
  /** Serve HTTPS/WSS with this key and certificate (PEM) instead of HTTP/WS. */
  tls?: { key: string | Buffer; cert: string | Buffer };
  /**
   * Keep the socket frame log that `frames()` reads. Default true. A long-running emulator that
   * nobody inspects (the benchmark's) turns it off: what goes over the wire stays the same, and
   * the emulator no longer holds on to every frame it sent.
   */
  recordFrames?: boolean;
}

export interface EmuPerson {
  id: string;
  uuid: string;
  emails: string[];
  displayName: string;
  firstName: string;
  lastName: string;
  nickName: string;
  type: 'person' | 'bot';
  orgId: string;
  created: string;
  /** Demo token shaped `<x>_<y>_<orgUuid>`: the JS SDK reads the org id from the third part. */
  token: string;
}

export interface EmuRoom {
  id: string;
  uuid: string;
  title: string;
  type: 'direct' | 'group';
  creatorId: string;
  created: string;
  lastActivity: string;
  isLocked: boolean;
}

export interface EmuMessage {
  id: string;
  roomId: string;
  roomType: 'direct' | 'group';
  personId: string;
  personEmail: string;
  text?: string;
  markdown?: string;
  html?: string;
  parentId?: string;
  toPersonEmail?: string;
  toPersonId?: string;
  mentionedPeople?: string[];
  /** `["all"]` when the markdown mentions everybody (`<@all>`). */
  mentionedGroups?: string[];
  /** File URLs, for messages created with `files`. */
  files?: string[];
  attachments?: { contentType: string; content: AdaptiveCardJson }[];
  created: string;
}

export interface EmuAttachmentAction {
  id: string;
  type: 'submit';
  messageId: string;
  roomId: string;
  personId: string;
  inputs: Record<string, unknown>;
  created: string;
}

/** A fault applied to REST requests whose method and path match. */
export interface RestFault {
  /** HTTP method, or '*' (default). */
  method?: string;
  /** Matched against the path after the REST prefix, e.g. /^\/messages$/. */
  path: RegExp;
  /** Status to answer with (429, 500, 502, 503, 404…). */
  status: number;
  /** Seconds, sent as the Retry-After header (for 429/503). */
  retryAfter?: number;
  /** How many matching requests get the fault; default 1. Infinity = until cleared. */
  times?: number;
  /** Only requests whose JSON body makes this return true (e.g. one roomId). */
  when?: (body: unknown) => boolean;
}

export interface SocketFrameRecord {
  registrationId: string;
  direction: 'in' | 'out';
  /** Parsed JSON of the frame. */
  frame: Record<string, any>;
  at: number;
}

export type EmulatorEvent =
  | { type: 'message.created'; message: EmuMessage }
  | { type: 'message.deleted'; messageId: string; roomId: string }
  | { type: 'action.created'; action: EmuAttachmentAction }
  | { type: 'socket.authorized'; registrationId: string; personId: string }
  | { type: 'socket.closed'; registrationId: string; personId?: string; code: number; reason: string };

export interface Emulator {
  /** e.g. http://127.0.0.1:41234 */
  readonly url: string;
  /** `${url}/v1` — PLATFORM_API_URL */
  readonly restUrl: string;
  /** `${url}/u2c/api/v1` — PLATFORM_DISCOVERY_URL */
  readonly discoveryUrl: string;
  /** `${url}/wdm/api/v1/devices` — PLATFORM_DEVICES_URL */
  readonly devicesUrl: string;

  createPerson(p: { displayName: string; email: string; token?: string }): EmuPerson;
  createBot(p: { displayName: string; email: string; token?: string }): EmuPerson;
  /** Group room with the given members (person ids), or a direct room when type is 'direct'. */
  createRoom(r: { title: string; type?: 'group' | 'direct'; memberIds: string[] }): EmuRoom;
  addMember(roomId: string, personId: string): void;
  /** The 1:1 room between two people (created on first use). */
  directRoom(personIdA: string, personIdB: string): EmuRoom;

  /**
   * A person posts text. In group rooms, `mentions` lists person ids mentioned
   * (the text then starts with their first name, and `html` carries the
   * spark-mention span, as real clients do). With mentions the text may be
   * empty: a message that is only a mention.
   */
  say(p: { personId: string; roomId: string; text: string; mentions?: string[]; parentId?: string }): EmuMessage;

  /**
   * A person clicks an Action.Submit on a card message, exactly like a client:
   * every input of the card (including inputs of Action.ShowCard sub-cards) with
   * its default `value`, overridden by `inputs`, merged with the chosen action's
   * `data`. `action` selects the button by title or by its `data.action`;
   * when omitted and the card has exactly one submit, that one.
   * Like a client, it checks the button's inputs first (`isRequired`, `regex`,
   * `min`/`max`): when one fails, nothing is sent and it throws
   * `CardInputsInvalidError` with the inputs and the error messages the person sees.
   */
  submitCard(p: { personId: string; messageId: string; action?: string; inputs?: Record<string, string> }): EmuAttachmentAction;

  /** Raw card submission with exactly these inputs (for forged/stale payload tests). */
  submitRaw(p: { personId: string; messageId: string; roomId?: string; inputs: Record<string, unknown> }): EmuAttachmentAction;

  /** Messages, oldest first, optionally filtered. */
  messages(filter?: { roomId?: string; personId?: string; toPersonEmail?: string }): EmuMessage[];
  /** Resolves with the first message (existing after `since`, or future) matching the predicate. */
  waitForMessage(predicate: (m: EmuMessage) => boolean, options?: { timeoutMs?: number; since?: number }): Promise<EmuMessage>;
  /** Monotonic count of messages created so far; pass as `since` to only see newer ones. */
  messageCount(): number;

  /** Frames seen on sockets (client → server 'in', server → client 'out'); throws when started with `recordFrames: false`. */
  frames(): SocketFrameRecord[];
  /** Registered devices of a person (by token owner). */
  devices(personId: string): { url: string; name: string; webSocketUrl: string }[];
  /** Currently open, authorized sockets of a person. */
  connectedSockets(personId: string): number;

  faults: {
    /** Close every socket (or one person's) with this code and reason. Default 1011. */
    closeSockets(options?: { personId?: string; code?: number; reason?: string }): void;
    /** Terminate sockets without a close frame (TCP drop) — the client must notice by silence. */
    dropSockets(options?: { personId?: string }): void;
    /** Stop answering app pings (true) or resume (false). */
    dropPongs(on: boolean): void;
    /** Stop sending any frame, including protocol pings (a half-dead socket). */
    silence(on: boolean): void;
    restFault(fault: RestFault): void;
    clearRestFaults(): void;
    /** Delay every REST response by this many ms (0 = none). */
    restDelay(ms: number): void;
    /** Deliver each of the next N activity frames twice. */
    duplicateActivities(count: number): void;
    /** Refuse WebSocket upgrades (HTTP 503) while on. */
    refuseSockets(on: boolean): void;
  };

  /** Live notifications (used by the sandbox page). Returns an unsubscribe function. */
  subscribe(listener: (event: EmulatorEvent) => void): () => void;

  /** Resolves once every REST request received so far has been answered (a delay fault may hold some back). */
  settled(): Promise<void>;

  stop(): Promise<void>;
}
