/**
 * Webex id encoding (docs/platform.md, Ids and clusters): REST id = base64 of
 * `ciscospark://<cluster>/<TYPE>/<uuid>` with the trailing `=` removed.
 * Socket frames carry raw UUIDs. Decoding is liberal: standard or URL-safe
 * alphabet, with or without padding, any cluster segment.
 */

import { KeptMap } from '../kept-map.js';

export type IdType = 'PEOPLE' | 'ROOM' | 'MESSAGE' | 'ATTACHMENT_ACTION' | 'MEMBERSHIP' | 'ORGANIZATION' | 'TEAM';

export interface DecodedId {
  cluster: string;
  type: string;
  uuid: string;
}

export function encodeId(type: IdType, uuid: string, cluster = 'us'): string {
  return Buffer.from(`ciscospark://${cluster}/${type}/${uuid}`, 'utf8').toString('base64').replace(/=+$/, '');
}

const PREFIX = 'ciscospark://';

export function decodeId(id: string): DecodedId | null {
  if (typeof id !== 'string' || id.length < 8 || id.length > 512) return null;
  if (!/^[A-Za-z0-9+/_-]+=*$/.test(id)) return null;
  // Node's base64 decoder reads both alphabets, with or without padding.
  const text = Buffer.from(id, 'base64').toString('utf8');
  if (!text.startsWith(PREFIX)) return null;
  const rest = text.slice(PREFIX.length);
  // The cluster may itself contain '/'-free URN parts like `urn:TEAM:eu-central-1_k`.
  const parts = rest.split('/');
  if (parts.length !== 3) return null;
  const [cluster, type, uuid] = parts;
  if (!cluster || !type || !uuid) return null;
  return { cluster, type, uuid };
}

/** UUIDs of ids seen before: the same room and person ids come with every event, several times over. */
const uuids = new KeptMap<string, string>(4096);

/** The UUID inside a REST id, or the value itself when it already is a raw UUID. */
export function uuidOf(id: string): string {
  let uuid = uuids.get(id);
  if (uuid === undefined) {
    uuid = decodeId(id)?.uuid ?? id;
    uuids.set(id, uuid);
  }
  return uuid;
}

/** True when two ids (REST or raw UUID) name the same object. */
export function sameObject(a: string, b: string): boolean {
  return uuidOf(a).toLowerCase() === uuidOf(b).toLowerCase();
}
