/**
 * What the API shows of a testbed, and who stands in the way of a hold. Pure.
 */
import type { HoldOffer, LifecycleEntry, TestbedRecord } from '../domain.js';
import type { ApiToken } from '../store/tokens.js';

export interface TestbedView {
  id: number;
  testbed_name: string;
  status: TestbedRecord['status'];
  user_email: string | null;
  user_name: string | null;
  registered_time: string | null;
  purpose: string | null;
  expected_release_time: string | null;
  labels: string[];
  description?: string;
  maintenance?: NonNullable<TestbedRecord['maintenance']>;
  queue_length: number;
}

export function testbedView(record: TestbedRecord, life: Pick<LifecycleEntry, 'queue'>): TestbedView {
  const view: TestbedView = {
    id: record.id,
    testbed_name: record.testbed_name,
    status: record.status,
    user_email: record.user_email,
    user_name: record.user_name,
    registered_time: record.registered_time,
    purpose: record.purpose,
    expected_release_time: record.expected_release_time,
    labels: record.labels ?? [],
    queue_length: life.queue.length,
  };
  if (record.description) view.description = record.description;
  if (record.maintenance) view.maintenance = record.maintenance;
  return view;
}

/** Free to hold right now: available, not under maintenance, nobody on its wait-list or offered it. */
export function isFree(record: TestbedRecord, life: Pick<LifecycleEntry, 'offer' | 'queue'>): boolean {
  return record.status === 'available' && !record.maintenance && life.offer === null && life.queue.length === 0;
}

export function hasLabel(record: TestbedRecord, label: string): boolean {
  const wanted = label.toLowerCase();
  return (record.labels ?? []).some((own) => own.toLowerCase() === wanted);
}

/** The holder identity of holds made with a token: the owner's email and the token's name. */
export const tokenHolder = (token: ApiToken) => ({ email: token.owner_email, name: token.name });

/** True when the testbed's current booking was made with this token. */
export function heldWith(record: TestbedRecord, token: ApiToken): boolean {
  return record.status === 'in_use' && record.user_name === token.name && record.user_email?.toLowerCase() === token.owner_email.toLowerCase();
}

export interface Blocker {
  email: string;
  name: string;
  reason: 'in_use' | 'offered' | 'maintenance';
  until: string | null;
}

/** Who stands in the way of holding the testbed, if anybody. */
export function blockerOf(record: TestbedRecord, offer: HoldOffer | null): Blocker | null {
  if (record.status === 'in_use') {
    return { email: record.user_email ?? '', name: record.user_name ?? '', reason: 'in_use', until: record.expected_release_time };
  }
  if (record.maintenance) return { email: record.maintenance.by.email, name: record.maintenance.by.name, reason: 'maintenance', until: record.maintenance.until };
  if (offer) return { email: offer.email, name: offer.name, reason: 'offered', until: offer.until };
  return null;
}

export function blockerWords(record: TestbedRecord, blocker: Blocker): string {
  switch (blocker.reason) {
    case 'in_use':
      return `${record.testbed_name} is held by ${blocker.name}${blocker.until ? ` until ${blocker.until}` : ''}.`;
    case 'offered':
      return `${record.testbed_name} is kept for ${blocker.name} from its wait-list until ${blocker.until}.`;
    case 'maintenance':
      return `${record.testbed_name} is under maintenance (${record.maintenance?.reason ?? 'no reason given'}).`;
  }
}
