/**
 * The emulator's in-memory world: people (with tokens), rooms and memberships,
 * messages, attachment actions and WDM devices. Lookups accept REST ids
 * (decoded liberally) and, where `raw` is allowed, plain UUIDs.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { decodeId, encodeId, type IdType } from '../ids.js';
import type { EmuAttachmentAction, EmuMessage, EmuPerson } from './api.js';
import { DeviceRegistry } from './devices.js';

export type { DeviceRec } from './devices.js';

/** A person as stored: what the programmatic API shows (EmuPerson), plus the org UUID and avatar. */
export interface PersonRec extends EmuPerson {
  orgUuid: string;
  avatar?: string;
}

export interface MemberRec {
  personUuid: string;
  created: string;
  seq: number;
}

export interface RoomRec {
  uuid: string;
  id: string;
  title: string;
  type: 'direct' | 'group';
  creatorUuid: string;
  created: string;
  lastActivity: string;
  isLocked: boolean;
  seq: number;
  members: Map<string, MemberRec>;
}

/**
 * A message's card (its one attachment), kept as its JSON text in UTF-8 bytes: a parsed card is
 * many small objects and a long string lives on the JavaScript heap, where the garbage collector
 * copies and scans it again and again; bytes in a Buffer sit outside it. Read back when asked.
 */
export class StoredCard {
  private readonly bytes: Buffer;

  /** `json` is `JSON.stringify` of the card. */
  constructor(
    readonly contentType: string,
    json: string,
  ) {
    this.bytes = Buffer.from(json, 'utf8');
  }

  /** `JSON.stringify` of the card: what REST answers embed. */
  get json(): string {
    return this.bytes.toString('utf8');
  }
}

export interface MessageRec {
  uuid: string;
  seq: number;
  roomUuid: string;
  authorUuid: string;
  mentionUuids: string[];
  parentUuid?: string;
  /** The message as REST shows it, in the platform's key order, without its attachment. */
  json: Omit<EmuMessage, 'attachments'>;
  card?: StoredCard;
}

export interface ActionRec {
  uuid: string;
  cardAuthorUuid: string;
  json: EmuAttachmentAction;
}


const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function alnum(length: number): string {
  return randomBytes(length * 2)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, length);
}

function splitName(displayName: string): { firstName: string; lastName: string } {
  const parts = displayName.trim().split(/\s+/);
  return { firstName: parts[0] ?? displayName, lastName: parts.slice(1).join(' ') };
}

export class EmulatorStore {
  readonly orgUuid: string = randomUUID();
  readonly devices = new DeviceRegistry();
  private seq = 0;
  private readonly people = new Map<string, PersonRec>();
  private readonly byToken = new Map<string, PersonRec>();
  private readonly rooms = new Map<string, RoomRec>();
  private readonly directs = new Map<string, string>();
  private readonly messagesByUuid = new Map<string, MessageRec>();
  private messageCounter = 0;
  private readonly actions = new Map<string, ActionRec>();

  constructor(readonly cluster: string) {}

  nextSeq(): number {
    return ++this.seq;
  }

  /** REST id; people and organisations always use the `us` cluster, as on Webex. */
  restId(type: IdType, uuid: string): string {
    return encodeId(type, uuid, type === 'PEOPLE' || type === 'ORGANIZATION' ? 'us' : this.cluster);
  }

  /** UUID named by a REST id of `type`; with `raw`, a bare UUID is accepted too. */
  uuidFrom(id: string, type: IdType, raw = false): string | undefined {
    if (typeof id !== 'string') return undefined;
    const decoded = decodeId(id);
    if (decoded) return decoded.type === type ? decoded.uuid.toLowerCase() : undefined;
    return raw && UUID_RE.test(id) ? id.toLowerCase() : undefined;
  }

  newToken(orgUuid = this.orgUuid): string {
    return `${alnum(64)}_${alnum(4)}_${orgUuid}`;
  }

  addPerson(p: { displayName: string; email: string; type: 'person' | 'bot'; token?: string; avatar?: string; orgUuid?: string }): PersonRec {
    const email = p.email.trim();
    if (!email.includes('@')) throw new Error(`Invalid email address: ${email}`);
    if (this.personByEmail(email)) throw new Error(`A person with email ${email} already exists`);
    const token = p.token ?? this.newToken(p.orgUuid);
    if (this.byToken.has(token)) throw new Error('That token already belongs to another person');
    const uuid = randomUUID();
    const orgUuid = p.orgUuid ?? this.orgUuid;
    const { firstName, lastName } = splitName(p.displayName);
    const person: PersonRec = {
      uuid,
      id: this.restId('PEOPLE', uuid),
      emails: [email],
      displayName: p.displayName,
      firstName,
      lastName,
      nickName: firstName,
      type: p.type,
      orgUuid,
      orgId: this.restId('ORGANIZATION', orgUuid),
      created: new Date().toISOString(),
      token,
      ...(p.avatar ? { avatar: p.avatar } : {}),
    };
    this.people.set(uuid, person);
    this.byToken.set(token, person);
    return person;
  }

  person(id: string, raw = true): PersonRec | undefined {
    const uuid = this.uuidFrom(id, 'PEOPLE', raw);
    return uuid ? this.people.get(uuid) : undefined;
  }

  personByToken(token: string | undefined): PersonRec | undefined {
    return token ? this.byToken.get(token) : undefined;
  }

  personByEmail(email: string): PersonRec | undefined {
    const wanted = email.trim().toLowerCase();
    for (const p of this.people.values()) if (p.emails.some((e) => e.toLowerCase() === wanted)) return p;
    return undefined;
  }

  allPeople(): PersonRec[] {
    return [...this.people.values()];
  }

  requirePerson(id: string): PersonRec {
    const p = this.person(id);
    if (!p) throw new Error(`Unknown person: ${id}`);
    return p;
  }

  addRoom(r: { title: string; type: 'direct' | 'group'; creatorUuid: string; memberUuids: string[] }): RoomRec {
    const uuid = randomUUID();
    const now = new Date().toISOString();
    const room: RoomRec = {
      uuid,
      id: this.restId('ROOM', uuid),
      title: r.title,
      type: r.type,
      creatorUuid: r.creatorUuid,
      created: now,
      lastActivity: now,
      isLocked: false,
      seq: this.nextSeq(),
      members: new Map(),
    };
    this.rooms.set(uuid, room);
    for (const m of r.memberUuids) this.addMember(room, m);
    return room;
  }

  addMember(room: RoomRec, personUuid: string): void {
    if (room.members.has(personUuid)) return;
    room.members.set(personUuid, { personUuid, created: new Date().toISOString(), seq: this.nextSeq() });
  }

  room(id: string, raw = true): RoomRec | undefined {
    const uuid = this.uuidFrom(id, 'ROOM', raw);
    return uuid ? this.rooms.get(uuid) : undefined;
  }

  roomByUuid(uuid: string): RoomRec | undefined {
    return this.rooms.get(uuid);
  }

  requireRoom(id: string): RoomRec {
    const r = this.room(id);
    if (!r) throw new Error(`Unknown room: ${id}`);
    return r;
  }

  /** The direct room between two people, created on first use. */
  directRoom(a: PersonRec, b: PersonRec): RoomRec {
    if (a.uuid === b.uuid) throw new Error('A direct room needs two different people');
    const key = [a.uuid, b.uuid].sort().join('|');
    const existing = this.directs.get(key);
    if (existing) return this.rooms.get(existing)!;
    const room = this.addRoom({
      title: `${a.displayName} & ${b.displayName}`,
      type: 'direct',
      creatorUuid: a.uuid,
      memberUuids: [a.uuid, b.uuid],
    });
    this.directs.set(key, room.uuid);
    return room;
  }

  roomsOf(personUuid: string): RoomRec[] {
    return [...this.rooms.values()].filter((r) => r.members.has(personUuid));
  }

  addMessage(rec: Omit<MessageRec, 'seq'>): MessageRec {
    const full: MessageRec = { ...rec, seq: this.messageCounter++ };
    this.messagesByUuid.set(full.uuid, full);
    const room = this.rooms.get(rec.roomUuid);
    if (room) room.lastActivity = rec.json.created;
    return full;
  }

  message(id: string, raw = true): MessageRec | undefined {
    const uuid = this.uuidFrom(id, 'MESSAGE', raw);
    return uuid ? this.messagesByUuid.get(uuid) : undefined;
  }

  removeMessage(uuid: string): void {
    this.messagesByUuid.delete(uuid);
  }

  /** Live messages, oldest first. */
  allMessages(): MessageRec[] {
    return [...this.messagesByUuid.values()].sort((x, y) => x.seq - y.seq);
  }

  messageCount(): number {
    return this.messageCounter;
  }

  addAction(rec: ActionRec): void {
    this.actions.set(rec.uuid, rec);
  }

  action(id: string, raw = true): ActionRec | undefined {
    const uuid = this.uuidFrom(id, 'ATTACHMENT_ACTION', raw);
    return uuid ? this.actions.get(uuid) : undefined;
  }
}
