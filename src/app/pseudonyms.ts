/**
 * Pseudonyms for one recording file. Ids become keyed hashes (HMAC-SHA256 with
 * a salt that only lives in memory), so the same id always gets the same
 * pseudonym within the file but nobody can map a pseudonym back to the id.
 * People and rooms also get short readable labels (`Person 1`, `Room 2`) in the
 * order they first appear; an email is tied to the person it belongs to.
 *
 * Pure apart from the salt it is given: the recorder draws a fresh one per file.
 */
import { createHmac } from 'node:crypto';
import { createScrubber } from '../secrets.js';

export interface PersonPseudonym {
  id: string;
  name: string;
  email: string;
}

export interface RoomPseudonym {
  id: string;
  name: string;
}

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.[\p{L}]{2,}/gu;

/** The domain every pseudonymous address uses (reserved: it can never reach anybody). */
export const PSEUDONYM_DOMAIN = 'example.invalid';

export class Pseudonyms {
  private readonly people = new Map<string, PersonPseudonym>();
  private readonly peopleByEmail = new Map<string, PersonPseudonym>();
  private readonly rooms = new Map<string, RoomPseudonym>();
  private readonly scrub: (text: string) => string;

  constructor(
    private readonly salt: Buffer,
    /** Exact strings that must never be written (the token); replaced wherever they appear. */
    secrets: readonly string[] = [],
  ) {
    this.scrub = createScrubber(secrets);
  }

  /** A keyed hash of `value`, prefixed with what it is: `message-3fa94c0e1b2d`. */
  opaque(kind: string, value: string): string {
    return `${kind}-${createHmac('sha256', this.salt).update(`${kind}\u0000${value}`).digest('hex').slice(0, 16)}`;
  }

  /** The person behind a platform id, linked to their email when the event carries it. */
  person(personId: string, email?: string): PersonPseudonym {
    const byEmail = email ? this.peopleByEmail.get(email.trim().toLowerCase()) : undefined;
    const known = this.people.get(personId) ?? byEmail;
    const pseudonym = known ?? this.newPerson(this.opaque('person', personId));
    this.people.set(personId, pseudonym);
    if (email) this.peopleByEmail.set(email.trim().toLowerCase(), pseudonym);
    return pseudonym;
  }

  room(roomId: string): RoomPseudonym {
    const known = this.rooms.get(roomId);
    if (known) return known;
    const pseudonym = { id: this.opaque('room', roomId), name: `Room ${this.rooms.size + 1}` };
    this.rooms.set(roomId, pseudonym);
    return pseudonym;
  }

  /** The pseudonymous address of whoever owns `email` (a new person when nobody seen so far does). */
  email(email: string): string {
    const key = email.trim().toLowerCase();
    const known = this.peopleByEmail.get(key);
    if (known) return known.email;
    const pseudonym = this.newPerson(this.opaque('person', `email:${key}`));
    this.peopleByEmail.set(key, pseudonym);
    return pseudonym.email;
  }

  /** Free text as typed, with secrets removed and every email address replaced by its pseudonym. */
  text(value: string): string {
    return this.scrub(value).replace(EMAIL, (address) => this.email(address));
  }

  /** Free text that must not be kept: same length, every non-space character an `x`. */
  blank(value: string): string {
    return [...value].map((char) => (/\s/.test(char) ? char : 'x')).join('');
  }

  private newPerson(id: string): PersonPseudonym {
    const n = new Set([...this.people.values(), ...this.peopleByEmail.values()]).size + 1;
    return { id, name: `Person ${n}`, email: `person-${n}@${PSEUDONYM_DOMAIN}` };
  }
}
