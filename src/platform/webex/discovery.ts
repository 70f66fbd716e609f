/**
 * U2C service discovery (docs/platform.md, Discovery): the device service (WDM) URL for
 * this org's region, plus the hostCatalog used to pick id clusters.
 */
import type { Logger } from 'pino';
import type { HostCatalog } from './cluster.js';
import { PlatformError } from './errors.js';
import type { RestClient } from './rest.js';

export const FALLBACK_WDM_URL = 'https://wdm-a.wbx2.com/wdm/api/v1';

export interface DiscoveryResult {
  /** Device collection URL, `<wdm>/devices`. */
  devicesUrl: string;
  hostCatalog: HostCatalog;
}

interface CatalogBody {
  serviceLinks?: { wdm?: unknown };
  hostCatalog?: unknown;
}

function devicesUrlOf(wdm: string): string {
  return `${wdm.replace(/\/+$/, '')}/devices`;
}

/**
 * A 401 fails fast (the token is bad). Any other failure falls back to the
 * `wdm-a` cluster with a warning — which only works for orgs homed there.
 */
export async function discoverServices(rest: RestClient, discoveryUrl: string, logger: Logger): Promise<DiscoveryResult> {
  const url = `${discoveryUrl.replace(/\/+$/, '')}/catalog`;
  try {
    const body = await rest.get<CatalogBody>(url, { searchParams: { format: 'hostmap' } });
    const wdm = body?.serviceLinks?.wdm;
    if (typeof wdm !== 'string' || !/^https?:\/\//.test(wdm)) {
      throw new PlatformError('invalid_response', 'service catalog has no serviceLinks.wdm');
    }
    const hostCatalog = body.hostCatalog && typeof body.hostCatalog === 'object' ? (body.hostCatalog as HostCatalog) : {};
    logger.info({ hosts: Object.keys(hostCatalog).length }, 'service discovery done');
    return { devicesUrl: devicesUrlOf(wdm), hostCatalog };
  } catch (error) {
    if (error instanceof PlatformError && (error.fatal || error.code === 'stopped')) throw error;
    const code = error instanceof PlatformError ? error.code : 'unknown';
    logger.warn({ code, fallback: FALLBACK_WDM_URL }, 'service discovery failed; using the default device service (may be the wrong region)');
    return { devicesUrl: devicesUrlOf(FALLBACK_WDM_URL), hostCatalog: {} };
  }
}
