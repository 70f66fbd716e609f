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
  /** `take lab-3 away from Linus`, `kick Linus off lab-3`: the words also name a colleague (never read, never recorded). */
  person?: true;
}

/** What admins type for their tasks; each opens that form (the admin actor checks the profile first). */
const ADMIN_PHRASES: ReadonlyArray<[RegExp, AdminTask]> = [
  [/^(?:add|new|create)\s+(?:an?\s+)?(?:new\s+)?testbed(?:\s+(?:called|named))?(?:\s+(?<words>\S[\s\S]*))?$/i, 'testbed_add'],
  [/^rename(?:\s+testbed)?(?:\s+(?<words>\S[\s\S]*))?$/i, 'testbed_rename'],
  [/^(?:retire|decommission|(?:remove|delete)\s+testbed)(?:\s+testbed)?(?:\s+(?<words>\S[\s\S]*))?$/i, 'testbed_retire'],
  [/^(?:end|stop|finish)\s+(?:the\s+)?maintenance(?:\s+(?:on|for|of))?(?:\s+(?<words>\S[\s\S]*))?$/i, 'maintenance_end'],
  [/^(?:start\s+)?maintenance(?:\s+(?:on|for|of))?(?:\s+(?<words>\S[\s\S]*))?$/i, 'maintenance_start'],
  // `put lab-3 into maintenance until monday`: the end (and reason) after it is read with the testbed.
  [/^put\s+(?<words>\S[\s\S]*?)\s+(?:in|into|under)\s+maintenance(?<rest>(?:\s+(?:until|till|for|because)\s+\S[\s\S]*)?)$/i, 'maintenance_start'],
  [/^force[\s-]*release(?:\s+(?<words>\S[\s\S]*))?$/i, 'force_release'],
  // `take lab-3 away from Linus`, `kick Linus off lab-3`: the holder's name is not read (the form shows who holds it).
  [/^take\s+(?<words>\S[\s\S]*?)\s+away(?<person>\s+from\s+\S[\s\S]*)?$/i, 'force_release'],
  [/^kick\s+(?<person>\S+(?:\s+\S+)?)\s+(?:off|out\s+of)\s+(?<words>\S[\s\S]*)$/i, 'force_release'],
];

/** `retire lab-3`, `maintenance lab-3`, `end maintenance lab-3`, `force release lab-3`, `rename lab-3 to lab-3b`, `add testbed lab-9`. */
export function adminTask(command: string): TypedAdminTask | null {
  for (const [pattern, task] of ADMIN_PHRASES) {
    const match = pattern.exec(command);
    if (!match) continue;
    const { words, rest, person } = match.groups ?? {};
    const named = person === undefined ? {} : ({ person: true } as const);
    return words === undefined ? { task, ...named } : { task, words: `${words}${rest ?? ''}`.trim(), ...named };
  }
  return null;
}

/**
 * `lab-3 until monday for a rack move` after `maintenance`: the testbed, the end as typed (`monday`) and the
 * reason. The name is the words before the first `until`, `till`, `for` or `because` that leave a testbed's
 * name in front; without one, all the words are the name.
 */
export function maintenanceParts<T extends Pick<TestbedRecord, 'testbed_name'>>(words: string, testbeds: readonly T[]): { testbed: string; until?: string; reason?: string } {
  const typed = words.slice(0, MAX_TYPED_NAME * 4);
  const split = nameSplit(typed, [...typed.matchAll(/\s+(?:until|till|for|because)\s+/gi)].slice(0, 6), testbeds);
  if (split === undefined) return { testbed: words };
  const rest = typed.slice(split.index);
  const reason = /\s(?:for|because)\s+(\S[\s\S]*)$/i.exec(rest);
  const untilPart = /^\s+(?:until|till)\s+(\S[\s\S]*)$/i.exec(reason ? rest.slice(0, reason.index) : rest);
  return { testbed: typed.slice(0, split.index), ...(untilPart ? { until: untilPart[1].trim() } : {}), ...(reason ? { reason: reason[1].trim() } : {}) };
}

/**
 * `add testbed lab-9 with labels 5g, core described as Radio rack 2`: the new name, the labels (as the form's
 * comma list: `5g and core` is `5g, core`) and the description. Without those words, all of them are the name.
 */
export function addParts(words: string): { name: string; labels?: string; description?: string } {
  const typed = words.slice(0, MAX_TYPED_NAME * 4);
  const described = /\s+(?:described\s+as|with\s+(?:the\s+)?description|description:?)\s+(\S[\s\S]*)$/i.exec(typed);
  const front = described ? typed.slice(0, described.index) : typed;
  const labelled = /\s+(?:with\s+(?:the\s+)?labels?|labell?ed|tagged(?:\s+with)?|labels?:?)\s+(\S[\s\S]*)$/i.exec(front);
  const name = (labelled ? front.slice(0, labelled.index) : front).trim();
  if (name === '') return { name: words };
  const labels = labelled?.[1].trim().replace(/\s*(?:,|\band\b|&)\s*/gi, ', ').replace(/(?:,\s*)+/g, ', ');
  return { name, ...(labels ? { labels } : {}), ...(described ? { description: described[1].trim() } : {}) };
}

/**
 * `rename lab-3 to lab-3b`: the testbed and the new name. The old name may hold ` to ` itself, so
 * the first split whose left side names a testbed wins; without one, the words before the first ` to `.
 */
export function renameParts<T extends Pick<TestbedRecord, 'testbed_name'>>(words: string, testbeds: readonly T[]): { testbed: string; name?: string } {
  const splits = [...words.slice(0, MAX_TYPED_NAME + 4).matchAll(/\s+(?:to|as|into)\s+/gi)].slice(0, 6);
  const parts = (split: RegExpMatchArray) => ({ testbed: words.slice(0, split.index), name: words.slice(split.index! + split[0].length).trim() });
  const found = nameSplit(words, splits, testbeds);
  if (found) return parts(found);
  return splits.length > 0 ? parts(splits[0]) : { testbed: words };
}

/**
 * Of the places `words` could split at, the first whose left side is a testbed's whole name
 * (`Link to core to Core link`, `Rig for soak for new cables`), else the first whose left side starts one.
 */
function nameSplit<T extends Pick<TestbedRecord, 'testbed_name'>>(words: string, splits: readonly RegExpMatchArray[], testbeds: readonly T[]): RegExpMatchArray | undefined {
  const names = (split: RegExpMatchArray, whole: boolean) => {
    const left = words.slice(0, split.index);
    const match = findByTypedName(testbeds, left);
    return 'found' in match && (!whole || sameName(match.found.testbed_name, left));
  };
  return splits.find((split) => names(split, true)) ?? splits.find((split) => names(split, false));
}
