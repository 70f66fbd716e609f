/**
 * The rules about testbeds themselves that every layer shares, pure and clock-free: what a label
 * may look like, how long a description may be, how names and labels compare, which id a new
 * testbed gets, and which optional fields a record carries beside the original eight.
 */
import type { RetiredTestbed, TestbedExtras, TestbedRecord } from './domain.js';
import { closestOf } from './typos.js';

export const LAB_LIMITS = {
  /** Characters in one label. */
  labelMax: 32,
  /** Labels on one testbed. */
  labelsMax: 10,
  descriptionMax: 200,
  /** Characters in a testbed name. */
  nameMax: 80,
  /** Characters in a maintenance or force-release reason. */
  reasonMax: 200,
} as const;

/** Letters, digits, `.`, `_` and `-`, 1 to 32 of them. */
export const LABEL_PATTERN = /^[A-Za-z0-9._-]{1,32}$/;

const fold = (text: string) => text.trim().toLowerCase();

/** Two testbed names are the same when they only differ in case or surrounding spaces. */
export const sameName = (a: string, b: string): boolean => fold(a) === fold(b);

export const sameLabel = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/**
 * The testbed a person means by a typed name: the one with that name (ignoring case), else the only
 * one whose name starts with it (`TB-03` for `TB-03 Wi-Fi 7 lab`). `ambiguous` when several start
 * with it, `none` when nothing does.
 */
export function findByTypedName<T extends Pick<TestbedRecord, 'testbed_name'>>(
  records: readonly T[],
  typed: string,
): { found: T } | { ambiguous: true } | { none: true } {
  const wanted = fold(typed);
  const exact = records.find((record) => fold(record.testbed_name) === wanted);
  if (exact) return { found: exact };
  const starting = wanted === '' ? [] : records.filter((record) => fold(record.testbed_name).startsWith(wanted));
  if (starting.length === 1) return { found: starting[0] };
  return starting.length > 1 ? { ambiguous: true } : { none: true };
}

/**
 * The one testbed whose name, or the start of it, is a slip of the thumb away from what was typed
 * (`lab3` for lab-3, `tb04` for TB-04 SD-WAN pod; ignoring case), for a "Did you mean …?". Only
 * asked after `findByTypedName` found nothing.
 */
export function findNearName<T extends Pick<TestbedRecord, 'testbed_name'>>(records: readonly T[], typed: string): T | undefined {
  const wanted = fold(typed);
  const length = wanted.length;
  // A whole name first: `lab3` is one slip from lab-3, and also from the start (`lab-`) of every lab-N.
  const whole = closestOf(wanted, records, (record) => [fold(record.testbed_name)]);
  if (whole) return whole;
  return closestOf(wanted, records, (record) => {
    const name = fold(record.testbed_name);
    return [name.slice(0, length - 1), name.slice(0, length), name.slice(0, length + 1)];
  });
}

/** True when the record carries the label (ignoring case); a null label matches every record. */
export function hasLabel(record: Pick<TestbedRecord, 'labels'>, label: string | null): boolean {
  if (label === null) return true;
  return (record.labels ?? []).some((own) => sameLabel(own, label.trim()));
}

/** True when some testbed carries the label (ignoring case): a label in use in the lab. */
export function labelCarried(records: readonly Pick<TestbedRecord, 'labels'>[], label: string): boolean {
  return records.some((record) => hasLabel(record, label));
}

/** What is wrong with a list of labels, one sentence each (empty when fine). */
export function labelProblems(labels: readonly string[]): string[] {
  const problems: string[] = [];
  if (labels.length > LAB_LIMITS.labelsMax) problems.push(`at most ${LAB_LIMITS.labelsMax} labels are allowed (found ${labels.length})`);
  labels.forEach((label, i) => {
    if (!LABEL_PATTERN.test(label)) {
      problems.push(`label "${label}" must be 1 to ${LAB_LIMITS.labelMax} letters, digits, ".", "_" or "-"`);
    } else if (labels.slice(0, i).some((earlier) => sameLabel(earlier, label))) {
      problems.push(`label "${label}" is listed twice`);
    }
  });
  return problems;
}

/** The id a new testbed gets: one more than every id in use or retired. */
export function nextTestbedId(testbeds: readonly Pick<TestbedRecord, 'id'>[], retired: readonly Pick<RetiredTestbed, 'id'>[] = []): number {
  let max = 0;
  for (const { id } of testbeds) max = Math.max(max, id);
  for (const { id } of retired) max = Math.max(max, id);
  return max + 1;
}

/** The optional fields the record carries (only the ones that are set), as fresh copies. */
export function extrasOf(record: TestbedExtras): TestbedExtras {
  const extras: TestbedExtras = {};
  if (Array.isArray(record.labels)) extras.labels = [...record.labels];
  if (typeof record.description === 'string') extras.description = record.description;
  if (record.maintenance) extras.maintenance = { ...record.maintenance, by: { ...record.maintenance.by } };
  return extras;
}

/** A fresh copy of a record: the eight original fields and the extras it carries. */
export function copyRecord(record: TestbedRecord): TestbedRecord {
  return {
    id: record.id,
    testbed_name: record.testbed_name,
    status: record.status,
    user_email: record.user_email,
    user_name: record.user_name,
    registered_time: record.registered_time,
    purpose: record.purpose,
    expected_release_time: record.expected_release_time,
    ...extrasOf(record),
  };
}

/** Under maintenance: not free, whatever its status says. */
export const isUnderMaintenance = (record: TestbedExtras): boolean => Boolean(record.maintenance);
