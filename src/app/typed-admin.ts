/**
 * An admin's task typed with its testbed (`retire lab-3`, `force release lab-3`, `rename lab-3 to
 * lab-3b`, `add testbed lab-9`): which form, and the words that fill it. Pure; the admin actor
 * checks the person against ADMINS before any form is shown.
 */
import type { AdminTask, TestbedRecord } from '../domain.js';
import { findByTypedName, sameName } from '../lab-rules.js';
import { MAX_TYPED_NAME } from './typed-commands.js';

/** An admin task typed: the task, and the words after it (the testbed, and for a rename the new name). */
export interface TypedAdminTask {
  task: AdminTask;
  words?: string;
}

/** What admins type for their tasks; each opens that form (the admin actor checks the profile first). */
const ADMIN_PHRASES: ReadonlyArray<[RegExp, AdminTask]> = [
  [/^(?:add|new|create)\s+(?:an?\s+)?(?:new\s+)?testbed(?:\s+(?:called|named))?(?:\s+(\S[\s\S]*))?$/i, 'testbed_add'],
  [/^rename(?:\s+testbed)?(?:\s+(\S[\s\S]*))?$/i, 'testbed_rename'],
  [/^(?:retire|decommission|(?:remove|delete)\s+testbed)(?:\s+testbed)?(?:\s+(\S[\s\S]*))?$/i, 'testbed_retire'],
  [/^(?:end|stop|finish)\s+(?:the\s+)?maintenance(?:\s+(?:on|for|of))?(?:\s+(\S[\s\S]*))?$/i, 'maintenance_end'],
  [/^(?:start\s+)?maintenance(?:\s+(?:on|for|of))?(?:\s+(\S[\s\S]*))?$/i, 'maintenance_start'],
  [/^put\s+(\S[\s\S]*?)\s+(?:in|into|under)\s+maintenance$/i, 'maintenance_start'],
  [/^force[\s-]*release(?:\s+(\S[\s\S]*))?$/i, 'force_release'],
];

/** `retire lab-3`, `maintenance lab-3`, `end maintenance lab-3`, `force release lab-3`, `rename lab-3 to lab-3b`, `add testbed lab-9`. */
export function adminTask(command: string): TypedAdminTask | null {
  for (const [pattern, task] of ADMIN_PHRASES) {
    const match = pattern.exec(command);
    if (match) return match[1] === undefined ? { task } : { task, words: match[1].trim() };
  }
  return null;
}

/**
 * `rename lab-3 to lab-3b`: the testbed and the new name. The old name may hold ` to ` itself, so
 * the first split whose left side names a testbed wins; without one, the words before the first ` to `.
 */
export function renameParts<T extends Pick<TestbedRecord, 'testbed_name'>>(words: string, testbeds: readonly T[]): { testbed: string; name?: string } {
  const splits = [...words.slice(0, MAX_TYPED_NAME + 4).matchAll(/\s+(?:to|as|into)\s+/gi)].slice(0, 6);
  const parts = (split: RegExpMatchArray) => ({ testbed: words.slice(0, split.index), name: words.slice(split.index! + split[0].length).trim() });
  // A whole name first (`rename Link to core to Core link`), then the start of one.
  const names = (split: RegExpMatchArray, whole: boolean) => {
    const match = findByTypedName(testbeds, words.slice(0, split.index));
    return 'found' in match && (!whole || sameName(match.found.testbed_name, words.slice(0, split.index)));
  };
  const found = splits.find((split) => names(split, true)) ?? splits.find((split) => names(split, false));
  if (found) return parts(found);
  return splits.length > 0 ? parts(splits[0]) : { testbed: words };
}
