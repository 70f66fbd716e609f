/**
 * Identity always comes from the platform profile (GET people/{id}): first email
 * and display name. Profiles are cached briefly so one conversation does not
 * ask the platform several times for the same person.
 */
import type { Holder } from '../domain.js';
import type { Platform } from '../platform/port.js';

export type LookUpPerson = (personId: string) => Promise<Holder>;

export function createPeople(platform: Platform, options: { ttlMs?: number; maxEntries?: number; now?: () => number } = {}): LookUpPerson {
  const ttlMs = options.ttlMs ?? 5 * 60_000;
  const maxEntries = options.maxEntries ?? 1000;
  const now = options.now ?? Date.now;
  const cache = new Map<string, { holder: Holder; until: number }>();
  return async (personId) => {
    const hit = cache.get(personId);
    if (hit && hit.until > now()) return hit.holder;
    const person = await platform.getPerson(personId);
    const email = person.emails[0];
    if (!email) throw new Error('the platform profile has no email address');
    const holder = { email: email.toLowerCase(), name: person.displayName || email };
    cache.delete(personId);
    cache.set(personId, { holder, until: now() + ttlMs });
    if (cache.size > maxEntries) cache.delete(cache.keys().next().value as string);
    return holder;
  };
}
