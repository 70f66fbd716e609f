/**
 * WDM device registration (docs/platform.md, Device registration): reuse our own newest device
 * instead of piling up a new one per start, clean up at the device cap, and
 * unregister on shutdown.
 */
import type { Logger } from 'pino';
import { sleep } from './backoff.js';
import { PlatformError } from './errors.js';
import type { RestClient } from './rest.js';

export const DEVICE_TYPE = 'DESKTOP';
const EXCESSIVE = /excessive device registrations/i;

export interface Device {
  url: string;
  webSocketUrl: string;
  name?: string;
  deviceType?: string;
  creationTime?: string;
  modificationTime?: string;
}

export interface DeviceRegistryDeps {
  rest: RestClient;
  devicesUrl: string;
  name: string;
  logger: Logger;
  cleanupDelayMs: number;
}

function asDevice(value: unknown): Device {
  const d = value as Partial<Device> | undefined;
  if (!d || typeof d.url !== 'string' || typeof d.webSocketUrl !== 'string') {
    throw new PlatformError('invalid_response', 'device registration answered without url/webSocketUrl');
  }
  return d as Device;
}

function newestFirst(a: Device, b: Device): number {
  const time = (d: Device): number => Date.parse(d.modificationTime ?? d.creationTime ?? '') || 0;
  return time(b) - time(a);
}

export class DeviceRegistry {
  private current: Device | undefined;

  constructor(private readonly deps: DeviceRegistryDeps) {}

  get device(): Device | undefined {
    return this.current;
  }

  private body(): Record<string, string> {
    const { name } = this.deps;
    return { deviceName: name, name, deviceType: DEVICE_TYPE, model: 'node', localizedModel: 'node', systemName: name, systemVersion: '1.0.0' };
  }

  private async list(): Promise<Device[]> {
    const body = await this.deps.rest.get<{ devices?: unknown }>(this.deps.devicesUrl);
    return Array.isArray(body?.devices) ? (body.devices as Device[]).filter((d) => d && typeof d.url === 'string') : [];
  }

  /** Reuse the newest device with exactly our name and type, else create one. */
  async register(): Promise<Device> {
    const own = (await this.list())
      .filter((d) => d.name === this.deps.name && d.deviceType === DEVICE_TYPE && typeof d.webSocketUrl === 'string')
      .sort(newestFirst);
    const newest = own[0];
    if (newest) {
      this.current = newest;
      this.deps.logger.info({ reusable: own.length }, 'reusing registered device');
      return this.refresh();
    }
    return this.create();
  }

  /** PUT the current device; a 404 means it is gone, so create a new one. */
  async refresh(): Promise<Device> {
    if (!this.current) return this.register();
    try {
      const res = await this.deps.rest.request('PUT', this.current.url, { json: this.body() });
      this.current = asDevice(res.body);
      this.deps.logger.debug('device refreshed');
      return this.current;
    } catch (error) {
      if (error instanceof PlatformError && error.status === 404) {
        this.deps.logger.info('device no longer known to the platform; registering a new one');
        this.current = undefined;
        return this.create();
      }
      throw error;
    }
  }

  /** Drop the current registration (its socket URL is stale) and create a fresh device. */
  async replace(): Promise<Device> {
    await this.unregister();
    return this.create();
  }

  async unregister(): Promise<void> {
    const device = this.current;
    this.current = undefined;
    if (!device) return;
    await this.deleteDevice(device);
  }

  private async deleteDevice(device: Device): Promise<void> {
    try {
      await this.deps.rest.request('DELETE', device.url);
    } catch (error) {
      if (!(error instanceof PlatformError && error.status === 404)) throw error;
    }
  }

  private async create(retried = false): Promise<Device> {
    try {
      const res = await this.deps.rest.request('POST', this.deps.devicesUrl, {
        json: this.body(),
        searchParams: { includeUpstreamServices: 'all' },
      });
      this.current = asDevice(res.body);
      this.deps.logger.info('device registered');
      return this.current;
    } catch (error) {
      const atCap = error instanceof PlatformError && error.status === 403 && EXCESSIVE.test(error.platformMessage ?? '');
      if (!atCap) throw error;
      if (retried) {
        throw new PlatformError('device_cap', 'device registration refused: too many devices even after removing our own', {
          status: 403, platformMessage: error.platformMessage, trackingId: error.trackingId,
        });
      }
      await this.removeOwnDevices();
      await sleep(this.deps.cleanupDelayMs);
      return this.create(true);
    }
  }

  /** Deletes only devices carrying our exact name: others belong to other clients. */
  private async removeOwnDevices(): Promise<void> {
    const own = (await this.list()).filter((d) => d.name === this.deps.name);
    this.deps.logger.warn({ count: own.length }, 'device cap reached; removing this bot\'s own stale devices');
    for (const device of own) await this.deleteDevice(device);
  }
}
