/**
 * JSON shapes the emulator answers with: devices, people, messages, rooms and
 * memberships as Webex returns them. Only relevant optional fields are present.
 */
import type { EmuMessage, EmuPerson, EmuRoom } from './api.js';
import type { DeviceRec, EmulatorStore, MemberRec, MessageRec, PersonRec, RoomRec } from './store.js';

export function personJson(p: PersonRec, idAsAsked?: string): Record<string, unknown> {
  return {
    id: idAsAsked ?? p.id,
    emails: [...p.emails],
    displayName: p.displayName,
    nickName: p.nickName,
    firstName: p.firstName,
    lastName: p.lastName,
    ...(p.avatar ? { avatar: p.avatar } : {}),
    orgId: p.orgId,
    created: p.created,
    type: p.type,
  };
}

/** The programmatic view of a person (includes the token). */
export function emuPerson(p: PersonRec): EmuPerson {
  return {
    id: p.id,
    uuid: p.uuid,
    emails: [...p.emails],
    displayName: p.displayName,
    firstName: p.firstName,
    lastName: p.lastName,
    nickName: p.nickName,
    type: p.type,
    orgId: p.orgId,
    created: p.created,
    token: p.token,
  };
}

export function emuRoom(store: EmulatorStore, r: RoomRec): EmuRoom {
  const creator = store.person(r.creatorUuid);
  return {
    id: r.id,
    uuid: r.uuid,
    title: r.title,
    type: r.type,
    creatorId: creator?.id ?? store.restId('PEOPLE', r.creatorUuid),
    created: r.created,
    lastActivity: r.lastActivity,
    isLocked: r.isLocked,
  };
}

/** Room as seen by `viewerUuid`: a direct room's title is the other person's name. */
export function roomJson(store: EmulatorStore, r: RoomRec, viewerUuid: string): Record<string, unknown> {
  let title = r.title;
  if (r.type === 'direct') {
    const otherUuid = [...r.members.keys()].find((u) => u !== viewerUuid);
    const other = otherUuid ? store.person(otherUuid) : undefined;
    if (other) title = other.displayName;
  }
  const creator = store.person(r.creatorUuid);
  return {
    id: r.id,
    title,
    type: r.type,
    isLocked: r.isLocked,
    lastActivity: r.lastActivity,
    creatorId: creator?.id ?? store.restId('PEOPLE', r.creatorUuid),
    created: r.created,
    ownerId: creator?.orgId ?? store.restId('ORGANIZATION', store.orgUuid),
    isReadOnly: false,
    isAnnouncementOnly: false,
  };
}

export function membershipJson(store: EmulatorStore, r: RoomRec, m: MemberRec): Record<string, unknown> {
  const p = store.person(m.personUuid);
  return {
    id: store.restId('MEMBERSHIP', `${m.personUuid}:${r.uuid}`),
    roomId: r.id,
    personId: p?.id ?? store.restId('PEOPLE', m.personUuid),
    personEmail: p?.emails[0] ?? '',
    personDisplayName: p?.displayName ?? '',
    personOrgId: p?.orgId ?? store.restId('ORGANIZATION', store.orgUuid),
    isModerator: false,
    isMonitor: false,
    isRoomHidden: false,
    roomType: r.type,
    created: m.created,
  };
}

type MessageKey = Exclude<keyof EmuMessage, 'attachments'>;

/** A message's keys in the platform's order: these, then `attachments`, then TAIL_KEYS. */
const HEAD_KEYS: MessageKey[] = ['id', 'roomId', 'roomType', 'toPersonId', 'toPersonEmail', 'parentId', 'text', 'markdown', 'html', 'files'];
const TAIL_KEYS: MessageKey[] = ['personId', 'personEmail', 'mentionedPeople', 'mentionedGroups', 'created'];

/** The fields of `keys` the message has, in that order; arrays copied (strings are immutable). */
function fields(m: MessageRec['json'], keys: MessageKey[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    const value = m[key];
    if (value !== undefined) out[key] = Array.isArray(value) ? [...value] : value;
  }
  return out;
}

/**
 * A copy of a stored message as the platform shows it: keys in its order, absent optional fields
 * absent. The card is read back from its text when `attachments` is first read (most readers, such
 * as subscribers waiting for a reply, look at ids and text only); from then on it is a plain
 * property like the others.
 */
export function messageJson(m: MessageRec): EmuMessage {
  const out = fields(m.json, HEAD_KEYS);
  const { card } = m;
  if (card) {
    const settle = (value: unknown) => Object.defineProperty(out, 'attachments', { value, writable: true, enumerable: true, configurable: true });
    Object.defineProperty(out, 'attachments', {
      enumerable: true,
      configurable: true,
      get: () => {
        const attachments = [{ contentType: card.contentType, content: JSON.parse(card.json) as unknown }];
        settle(attachments);
        return attachments;
      },
      set: settle,
    });
  }
  return Object.assign(out, fields(m.json, TAIL_KEYS)) as unknown as EmuMessage;
}

/** `JSON.stringify(messageJson(m))`, made without parsing the card. */
export function messageText(m: MessageRec): string {
  if (!m.card) return JSON.stringify(fields(m.json, [...HEAD_KEYS, ...TAIL_KEYS]));
  // Both halves are non-empty objects: every message has an id and a creation time.
  const head = JSON.stringify(fields(m.json, HEAD_KEYS)).slice(0, -1);
  const tail = JSON.stringify(fields(m.json, TAIL_KEYS)).slice(1);
  return `${head},"attachments":[{"contentType":${JSON.stringify(m.card.contentType)},"content":${m.card.json}}],${tail}`;
}

export interface Links {
  url: string;
  wsBase: string;
  conversation: string;
}

export function deviceJson(d: DeviceRec, owner: PersonRec, links: Links): Record<string, unknown> {
  const f = d.fields;
  const str = (key: string, fallback: string): string => (typeof f[key] === 'string' ? (f[key] as string) : fallback);
  const name = str('name', str('deviceName', 'device'));
  return {
    url: `${links.url}/wdm/api/v1/devices/${d.uuid}`,
    webSocketUrl: `${links.wsBase}/v1/apps/wx2/registrations/${d.regUuid}/messages`,
    name,
    deviceName: str('deviceName', name),
    deviceType: str('deviceType', 'DESKTOP'),
    model: str('model', 'node'),
    localizedModel: str('localizedModel', str('model', 'node')),
    systemName: str('systemName', name),
    systemVersion: str('systemVersion', '1.0.0'),
    userId: owner.uuid,
    orgId: owner.orgUuid,
    creationTime: d.creationTime,
    modificationTime: d.modificationTime,
    services: {
      conversationServiceUrl: links.conversation,
      hydraServiceUrl: `${links.url}/v1`,
      wdmServiceUrl: `${links.url}/wdm/api/v1`,
    },
    features: { developer: [], entitlement: [], user: [] },
  };
}
