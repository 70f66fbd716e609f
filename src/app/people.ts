/**
 * Identity always comes from the platform profile (GET people/{id}): first email
 * and display name. Profiles are cached briefly so one conversation does not
 * ask the platform several times for the same person.
 */
import type { Holder } from '../domain.js';
import type { Platform } from '../platform/port.js';

export type LookUpPerson = (personId: string) => Promise<Holder>;

/** The look-up, and what it already knows without asking the platform. */
export type People = LookUpPerson & {
  /** The person's profile while the cache holds it fresh, else undefined (never asks the platform). */
  known(personId: string): Holder | undefined;
};

export function createPeople(platform: Pick<Platform, 'getPerson'>, options: { ttlMs?: number; maxEntries?: number; now?: () => number } = {}): People {
  const ttlMs = options.ttlMs ?? 5 * 60_000;
  const maxEntries = options.maxEntries ?? 1000;
  const now = options.now ?? Date.now;
  const cache = new Map<string, { holder: Holder; until: number }>();
  const known = (personId: string): Holder | undefined => {
    const hit = cache.get(personId);
    return hit && hit.until > now() ? hit.holder : undefined;
  };
  const lookUp = async (personId: string): Promise<Holder> => {
    const hit = known(personId);
    if (hit) return hit;
    const person = await platform.getPerson(personId);
    const email = person.emails[0];
    if (!email) throw new Error('the platform profile has no email address');
    const holder = { email: email.toLowerCase(), name: person.displayName || email };
    cache.delete(personId);
    cache.set(personId, { holder, until: now() + ttlMs });
    if (cache.size > maxEntries) cache.delete(cache.keys().next().value as string);
    return holder;
  };
  return Object.assign(lookUp, { known });
}
