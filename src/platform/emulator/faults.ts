/**
 * Fault switches of the emulator. REST faults match a method and a path
 * (the path after `/v1` for REST routes; the full path for discovery and
 * device routes) and optionally the JSON body.
 */
import type { RestFault } from './api.js';

interface ActiveFault extends RestFault {
  remaining: number;
}

export class FaultState {
  private restFaults: ActiveFault[] = [];
  private duplicatesLeft = 0;
  delayMs = 0;
  dropPongs = false;
  silence = false;
  refuseSockets = false;

  addRestFault(fault: RestFault): void {
    if (!(fault.path instanceof RegExp)) throw new Error('restFault: path must be a RegExp');
    if (!Number.isInteger(fault.status) || fault.status < 100 || fault.status > 599) {
      throw new Error(`restFault: invalid status ${fault.status}`);
    }
    const times = fault.times ?? 1;
    if (!(times > 0)) throw new Error('restFault: times must be positive');
    this.restFaults.push({ ...fault, remaining: times });
  }

  clearRestFaults(): void {
    this.restFaults = [];
  }

  /** The first fault matching this request, consuming one of its uses. */
  takeRestFault(method: string, path: string, body: unknown): RestFault | undefined {
    for (const fault of this.restFaults) {
      const wanted = (fault.method ?? '*').toUpperCase();
      if (wanted !== '*' && wanted !== method.toUpperCase()) continue;
      fault.path.lastIndex = 0;
      if (!fault.path.test(path)) continue;
      if (fault.when) {
        let hit = false;
        try {
          hit = fault.when(body);
        } catch {
          hit = false;
        }
        if (!hit) continue;
      }
      fault.remaining -= 1;
      if (fault.remaining <= 0) this.restFaults = this.restFaults.filter((f) => f !== fault);
      return fault;
    }
    return undefined;
  }

  setDuplicates(count: number): void {
    if (!Number.isInteger(count) || count < 0) throw new Error('duplicateActivities: count must be a non-negative integer');
    this.duplicatesLeft = count;
  }

  /** True when the activity being delivered now must go out twice. */
  takeDuplicate(): boolean {
    if (this.duplicatesLeft <= 0) return false;
    this.duplicatesLeft -= 1;
    return true;
  }
}
