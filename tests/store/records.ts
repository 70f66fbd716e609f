import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { availableTestbed, type TestbedRecord } from '../../src/domain.js';

export const tempDir = (prefix = 'store-test-') => mkdtempSync(join(tmpdir(), prefix));

export function available(id: number, name = `Testbed ${id}`): TestbedRecord {
  return availableTestbed(id, name);
}

export function inUse(id: number, name = `Testbed ${id}`, who = 'ana'): TestbedRecord {
  return {
    id,
    testbed_name: name,
    status: 'in_use',
    user_email: `${who}@example.com`,
    user_name: who.toUpperCase(),
    registered_time: '2025-05-01T08:00:00.000Z',
    purpose: 'regression run',
    expected_release_time: '2025-05-01T12:00:00.000Z',
  };
}
