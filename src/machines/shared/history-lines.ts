/**
 * The history lines a testbed change writes, built as data from the record and the event (pure;
 * the save actors append them after the document write). One builder per kind of change.
 */
import type { ClosedBooking, Holder, HistoryEntry, HistoryEventName, TestbedRecord } from '../../domain.js';

type Details<E extends HistoryEventName> = Omit<Extract<HistoryEntry, { event: E }>, 'at' | 'testbed_id' | 'testbed_name' | 'by' | 'event'>;

const person = (who: Holder): Holder => ({ email: who.email, name: who.name });

/** One line about `record` (its name as it is after the change). */
export function historyLine<E extends HistoryEventName>(event: E, record: Pick<TestbedRecord, 'id' | 'testbed_name'>, at: string, by: Holder | null, details: Details<E>): HistoryEntry {
  return { at, event, testbed_id: record.id, testbed_name: record.testbed_name, by: by ? person(by) : null, ...details } as HistoryEntry;
}

/** The holder of a booking, as the record names them. */
export const holderOf = (record: TestbedRecord): Holder => ({ email: record.user_email ?? '', name: record.user_name ?? '' });

/** The booking a release closes: enough to count its hours from this line alone. */
export function closedBooking(record: TestbedRecord): ClosedBooking {
  return {
    holder: holderOf(record),
    registered_time: record.registered_time ?? '',
    expected_release_time: record.expected_release_time ?? '',
    purpose: record.purpose ?? '',
  };
}
