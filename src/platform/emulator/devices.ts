/** WDM device records, per owner (the person whose token registered them). */
import { randomUUID } from 'node:crypto';

export interface DeviceRec {
  uuid: string;
  regUuid: string;
  ownerUuid: string;
  fields: Record<string, unknown>;
  creationTime: string;
  modificationTime: string;
  seq: number;
}

export class DeviceRegistry {
  private readonly byUuid = new Map<string, DeviceRec>();
  private seq = 0;

  add(ownerUuid: string, fields: Record<string, unknown>): DeviceRec {
    const now = new Date().toISOString();
    const device: DeviceRec = {
      uuid: randomUUID(),
      regUuid: randomUUID(),
      ownerUuid,
      fields,
      creationTime: now,
      modificationTime: now,
      seq: ++this.seq,
    };
    this.byUuid.set(device.uuid, device);
    return device;
  }

  get(uuid: string): DeviceRec | undefined {
    return this.byUuid.get(uuid.toLowerCase());
  }

  byRegistration(regUuid: string): DeviceRec | undefined {
    for (const d of this.byUuid.values()) if (d.regUuid === regUuid.toLowerCase()) return d;
    return undefined;
  }

  of(ownerUuid: string): DeviceRec[] {
    return [...this.byUuid.values()].filter((d) => d.ownerUuid === ownerUuid).sort((a, b) => a.seq - b.seq);
  }

  remove(uuid: string): void {
    this.byUuid.delete(uuid);
  }
}
