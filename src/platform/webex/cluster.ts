/**
 * Which cluster segment a REST id needs: look the host of `activity.target.url`
 * up in the U2C hostCatalog (docs/platform.md, Ids and clusters). Pure.
 */

export interface HostCatalogEntry {
  host?: string;
  id?: string;
  priority?: number;
  ttl?: number;
}

export type HostCatalog = Record<string, HostCatalogEntry[] | undefined>;

export const DEFAULT_CLUSTER = 'us';

/** `urn:TEAM:us-east-2_a:conversation` → `us`; `urn:TEAM:eu-central-1_k:…` → `urn:TEAM:eu-central-1_k`. */
export function clusterFromServiceId(serviceId: string | undefined): string | undefined {
  if (!serviceId) return undefined;
  const parts = serviceId.split(':');
  if (parts.length < 3 || parts[0] !== 'urn' || !parts[2]) return undefined;
  if (parts[2] === 'us-east-2_a') return DEFAULT_CLUSTER;
  return parts.slice(0, 3).join(':');
}

export function clusterForUrl(catalog: HostCatalog | undefined, url: string | undefined): string {
  if (!catalog || !url) return DEFAULT_CLUSTER;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return DEFAULT_CLUSTER;
  }
  let entries = catalog[parsed.host] ?? catalog[parsed.hostname];
  if (!Array.isArray(entries)) {
    entries = Object.values(catalog)
      .flatMap((list) => (Array.isArray(list) ? list : []))
      .filter((entry) => entry?.host === parsed.host || entry?.host === parsed.hostname);
  }
  const sorted = [...entries].sort((a, b) => (a?.priority ?? 99) - (b?.priority ?? 99));
  for (const entry of sorted) {
    const cluster = clusterFromServiceId(entry?.id);
    if (cluster) return cluster;
  }
  return DEFAULT_CLUSTER;
}
