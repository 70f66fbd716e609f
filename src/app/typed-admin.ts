/**
 * An admin's task typed with its testbed (`retire lab-3`, `force release lab-3`, `rename lab-3 to
 * lab-3b`, `add testbed lab-9`): which form, and the words that fill it. Pure; the admin actor
 * checks the person against ADMINS before any form is shown.
 */
import type { AdminTask, TestbedRecord } from '../domain.js';
import { findByTypedName, findNearName, hasLabel, sameName } from '../lab-rules.js';
import { isTypedTime } from '../cards/typed-time.js';
import { MAX_TYPED_NAME } from './typed-commands.js';

/** An admin task typed: the task, and the words after it (the testbed, and for a rename the new name). */
export interface TypedAdminTask {
  task: AdminTask;
  words?: string;
  /** `take lab-3 away from Linus`, `kick Linus off lab-3`: the words also name a colleague (never read, never recorded). */
  person?: true;
  /** `add label 5g to lab-3`, `describe lab-3 as Radio rack 2`: what the edit form is filled with (`words` is the testbed). */
  edit?: TypedEdit;
  /** `lab-3 is fixed`, `lab-3 works again`: said as news (somebody who is no admin may tell the admins so). */
  news?: 'fixed';
}

/** New labels typed with an edit (all of them, some more, or some fewer) and a new description. */
export interface TypedEdit {
  labels?: { op: 'set' | 'add' | 'remove'; text: string };
  description?: string;
}

/**
 * What a task's words must name before a sentence reads as that task: `named`, a testbed of the lab (or one a slip
 * away): `the build is back online` said in a chat is nobody's task; `testbed`, that or a single word, as an admin
 * naming a testbed the lab may not have (`maintenance lab-9` is answered that no testbed is called so); `down`, a
 * testbed of the lab under maintenance (`lab-3 is fixed` said of a testbed in service is news, not a task).
 */
/**
 * `named`: a testbed of the lab (or a near name); `testbed`: that, or one unknown word (named under the picker);
 * `down`: a testbed under maintenance, news that it works again; `maintained`: a testbed under maintenance.
 */
type WordsGuard = 'named' | 'testbed' | 'down' | 'maintained';

/** Words after `maintenance` that are no testbed's name (`maintenance status`, `maintenance done`). */
const NOT_A_TESTBED = /^(?:done|over|finished|complete|completed|ended|status|list|overview|mode|window|schedule|plan|planned|today|tonight|tomorrow|now|soon|later|please)$/i;

/** A testbed as the readings get it: its name, and (from the store, not from a recording's list) its state. */
type NamedRecord = Pick<TestbedRecord, 'testbed_name'> & Partial<Pick<TestbedRecord, 'status' | 'maintenance' | 'labels'>>;

/** `take lab-3 from Linus`: a colleague (one or two words that are no time; `take lab-3 from 2pm` is a later start), so an admin's force release. */
export const TAKE_FROM_COLLEAGUE =
  /^take\s+(?<words>\S[\s\S]*?)(?<person>\s+from\s+(?!(?:now|today|tonight|tomorrow|noon|midday|midnight|lunch|morning|afternoon|evening|eod|cob|later|next|this|the|a|an|my|our|here|there|it|them|\d)\b)(?!(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\b)\p{L}[\p{L}'’.-]*(?:\s+\p{L}[\p{L}'’.-]*)?)$/iu;

/** What admins type for their tasks; each opens that form (the admin actor checks the profile first). */
const ADMIN_PHRASES: ReadonlyArray<[RegExp, AdminTask, WordsGuard?]> = [
  // (`register a new testbed`, `register new testbed lab-9`: an addition to the lab, not a booking of one called “new”.)
  [/^(?:(?:add|new|create)\s+(?:an?\s+)?(?:new\s+)?|(?:register|set\s+up)\s+(?:an?\s+)?new\s+)testbed(?:\s*:|\s+(?:called|named))?(?:\s+(?<words>\S[\s\S]*))?$/i, 'testbed_add'],
  // `register lab-9 as a new testbed`, `add lab-9 as a testbed`.
  [/^(?:register|add|set\s+up|create)\s+(?<words>\S[\s\S]*?)\s+as\s+(?:an?\s+)?(?:new\s+)?testbed$/i, 'testbed_add'],
  [/^rename(?:\s+testbed)?(?:\s+(?<words>\S[\s\S]*))?$/i, 'testbed_rename'],
  // `change the name of lab-3 to lab-3b`, `change lab-3's name to lab-3b`.
  [/^(?:change|update|set)\s+(?:the\s+)?name\s+of\s+(?!(?:my|our|the|this)\s+(?:booking|reservation)(?:\s|$))(?<words>\S[\s\S]*?\s+to\s+\S[\s\S]*)$/i, 'testbed_rename'],
  [/^(?:change|update|set)\s+(?<words>\S[\s\S]*?)(?:['’]s)?\s+name(?<rest>\s+to\s+\S[\s\S]*)$/i, 'testbed_rename'],
  [/^(?:retire|decommission|archive|(?:remove|delete)\s+testbed)(?:\s+testbed)?(?:\s+(?<words>\S[\s\S]*))?$/i, 'testbed_retire'],
  // `remove lab-3 from the lab`, `onboard lab-9`, `add lab-9 to the lab`.
  [/^(?:remove|delete)\s+(?<words>\S[\s\S]*?)\s+(?:from|off|out\s+of)\s+the\s+(?:lab|list|fleet|pool)$/i, 'testbed_retire', 'named'],
  [/^onboard(?:\s+testbed)?\s+(?<words>\S[\s\S]*?)(?:\s+to\s+the\s+(?:lab|list|fleet|pool))?$/i, 'testbed_add'],
  [/^add\s+(?<words>\S[\s\S]*?)\s+to\s+the\s+(?:lab|list|fleet|pool)$/i, 'testbed_add'],
  // `mark lab-3 as under maintenance`, `set lab-3 to maintenance until friday`.
  [/^(?:mark|set|flag)\s+(?<words>\S[\s\S]*?)\s+(?:as\s+|to\s+)?(?:under\s+|in\s+)?maintenance(?<rest>\s+(?:until|till|for|because)\s+\S[\s\S]*)?$/i, 'maintenance_start', 'named'],
  // `maintenance over for lab-3`, `maintenance on lab-3 is over`, `lab-3 maintenance done`.
  [/^maintenance\s+(?:is\s+)?(?:over|done|finished|complete|ended)\s+(?:on|for|of)\s+(?<words>\S[\s\S]*)$/i, 'maintenance_end', 'named'],
  [/^(?:the\s+)?maintenance\s+(?:on|for|of)\s+(?<words>\S[\s\S]*?)\s+(?:is\s+|has\s+)?(?:over|done|finished|complete|completed|ended)$/i, 'maintenance_end', 'named'],
  [/^(?<words>\S[\s\S]*?)(?:['’]s)?\s+maintenance\s+(?:is\s+)?(?:over|done|finished|complete|ended)$/i, 'maintenance_end', 'named'],
  [/^(?:(?:end|stop|finish|cancel|abort|undo)\s+(?:the\s+)?maintenance|maintenance\s+off)(?:\s+(?:on|for|of))?(?:\s+(?<words>\S[\s\S]*))?$/i, 'maintenance_end', 'testbed'],
  // `end lab-3 maintenance`, `cancel lab-3's maintenance`, `maintenance lab-3 off`.
  [/^(?:end|stop|finish|cancel|abort|undo)\s+(?<words>\S[\s\S]*?)(?:['’]s)?\s+maintenance$/i, 'maintenance_end', 'named'],
  [/^maintenance\s+(?<words>\S[\s\S]*?)\s+off$/i, 'maintenance_end', 'named'],
  [/^(?:(?:start|begin)\s+)?maintenance(?:\s+(?:on|for|of))?(?:\s+(?<words>\S[\s\S]*))?$/i, 'maintenance_start', 'testbed'],
  // `lab-3 maintenance until friday`, `lab-3 maintenance for new cables` (`lab-3 maintenance until when` is a question, its status).
  [/^(?<words>\S[\s\S]*?)\s+maintenance(?<rest>\s+(?:until|till|for|because)\s+(?!when(?:\s|$))\S[\s\S]*)$/i, 'maintenance_start', 'named'],
  // `lab-3 down for maintenance until monday`, `lab-3 is offline for maintenance`.
  [/^(?<words>\S[\s\S]*?)\s+(?:is\s+)?(?:going\s+)?(?:down|offline|out)\s+for\s+maintenance(?<rest>(?:\s+(?:until|till|because)\s+\S[\s\S]*)?)$/i, 'maintenance_start', 'named'],
  // A maintenance under way given a new end: `extend the maintenance of lab-3 until friday`, `push lab-3's maintenance to friday`.
  [/^(?:extend|prolong|push(?:\s+back)?|move|change|update|set)\s+(?:the\s+)?maintenance(?:\s+end)?\s+(?:on|of|for)\s+(?<words>\S[\s\S]*?)\s+(?:until|till|to)\s+(?<end>\S[\s\S]*)$/i, 'maintenance_start', 'named'],
  [/^(?:extend|prolong|push(?:\s+back)?|move|change|update|set)\s+(?<words>\S[\s\S]*?)(?:['’]s)?\s+maintenance(?:\s+end)?\s+(?:until|till|to)\s+(?<end>\S[\s\S]*)$/i, 'maintenance_start', 'named'],
  // `keep lab-3 in maintenance until friday`, `lab-3 stays in maintenance until friday`, `lab-3 maintenance will take until friday`.
  [/^keep\s+(?<words>\S[\s\S]*?)\s+(?:in|under)\s+maintenance(?<rest>\s+(?:until|till|for|because)\s+\S[\s\S]*)$/i, 'maintenance_start', 'named'],
  [/^(?<words>\S[\s\S]*?)\s+(?:stays|remains|is\s+staying)\s+(?:in|under)\s+maintenance(?<rest>\s+(?:until|till|for|because)\s+\S[\s\S]*)$/i, 'maintenance_start', 'named'],
  [/^(?<words>\S[\s\S]*?)(?:['’]s)?\s+maintenance\s+(?:will\s+)?(?:takes?|lasts?|runs?|goes\s+on)\s+(?:until|till)\s+(?<end>\S[\s\S]*)$/i, 'maintenance_start', 'named'],
  // `shut down lab-3` (`take lab-3 down` is read as `take lab-3 offline`).
  [/^shut\s+down\s+(?<words>\S[\s\S]*)$/i, 'maintenance_start', 'named'],
  // A new end said of it (`lab-3 maintenance extended to friday`, `set lab-3 expected back to friday`); while under maintenance,
  // `lab-3 will be back on friday`, `lab-3 expected back monday`, and that it takes longer (the form, for the new end).
  [/^(?<words>\S[\s\S]*?)(?:['’]s)?\s+maintenance\s+(?:is\s+|was\s+|got\s+|has\s+been\s+)?(?:extended|pushed(?:\s+back)?|moved|postponed)\s+(?:to|until|till)\s+(?<end>\S[\s\S]*)$/i, 'maintenance_start', 'named'],
  [/^set\s+(?<words>\S[\s\S]*?)(?:['’]s)?\s+expected\s+(?:back|end)(?:\s+time)?\s+(?:to|until|for)\s+(?<end>\S[\s\S]*)$/i, 'maintenance_start', 'named'],
  [/^the\s+maintenance\s+(?:on|of)\s+(?<words>\S[\s\S]*?)\s+(?:takes|is\s+taking|will\s+take|runs|is\s+running)\s+longer(?:\s+than\s+(?:expected|planned))?$/i, 'maintenance_start', 'maintained'],
  [/^(?<words>\S[\s\S]*?)(?:['’]s)?\s+maintenance\s+(?:takes|is\s+taking|will\s+take|runs|is\s+running)\s+longer(?:\s+than\s+(?:expected|planned))?$/i, 'maintenance_start', 'maintained'],
  [/^more\s+time\s+for\s+(?:the\s+)?(?<words>\S[\s\S]*?)(?:['’]s)?\s+maintenance$/i, 'maintenance_start', 'maintained'],
  [/^(?<words>\S[\s\S]*?)\s+needs\s+(?:another\s+(?:day|week|hour|few\s+days)|more\s+time|longer)$/i, 'maintenance_start', 'maintained'],
  // `put lab-3 into maintenance until monday`: the end (and reason) after it is read with the testbed.
  [/^put\s+(?<words>\S[\s\S]*?)\s+(?:in|into|under)\s+maintenance(?<rest>(?:\s+(?:until|till|for|because)\s+\S[\s\S]*)?)$/i, 'maintenance_start', 'named'],
  // `take lab-3 out of service until monday`, `take lab-3 offline`; `put lab-3 back in service`, `bring lab-3 back online`.
  [/^take\s+(?<words>\S[\s\S]*?)\s+(?:out\s+of\s+service|offline)(?<rest>(?:\s+(?:until|till|for|because)\s+\S[\s\S]*)?)$/i, 'maintenance_start', 'named'],
  // `lab-3 out of service`, `lab-3 under maintenance until friday`, `put lab-3 down for maintenance`, `lab-3 needs to go into maintenance`
  // (`lab-3 is out of service` is news, a problem to report, as `lab-3 is down`).
  [/^(?<words>\S[\s\S]*?)\s+(?:out\s+of\s+service|under\s+maintenance)(?<rest>(?:\s+(?:until|till|for|because)\s+(?!when(?:\s|$))\S[\s\S]*)?)$/i, 'maintenance_start', 'named'],
  [/^(?:put|mark)\s+(?<words>\S[\s\S]*?)\s+(?:down\s+)?(?:for|as)\s+maintenance(?<rest>(?:\s+(?:until|till|because)\s+\S[\s\S]*)?)$/i, 'maintenance_start', 'named'],
  [/^(?<words>\S[\s\S]*?)\s+(?:needs|has)\s+to\s+go\s+(?:in|into|under)\s+maintenance(?<rest>(?:\s+(?:until|till|for|because)\s+\S[\s\S]*)?)$/i, 'maintenance_start', 'named'],
  [/^(?:put|bring)\s+(?<words>\S[\s\S]*?)\s+back\s+(?:in(?:to)?\s+service|online)$/i, 'maintenance_end', 'named'],
  // `take lab-3 out of maintenance`, `lab-3 out of maintenance`, `lab-3 is done with maintenance`, `lab-3 back from maintenance`.
  [/^(?:(?:take|get|bring)\s+)?(?<words>\S[\s\S]*?)\s+(?:is\s+|can\s+come\s+)?(?:out\s+of|done\s+with|finished\s+with|through\s+with|back\s+from)\s+maintenance$/i, 'maintenance_end', 'named'],
  [/^(?<words>\S[\s\S]*?)\s+(?:is\s+)?back\s+(?:in\s+service|online)$/i, 'maintenance_end', 'named'],
  // `lab-3 is fixed`, `lab-3 works again`, `bring lab-3 back`, `enable lab-3`; `disable lab-3`.
  [/^(?<words>\S[\s\S]*?)\s+(?:is\s+|has\s+been\s+|got\s+)?(?:fixed|repaired|working(?:\s+again)?|up\s+again|usable\s+again|back(?:\s+up)?|ready(?:\s+again|\s+for\s+use)?)$/i, 'maintenance_end', 'down'],
  [/^(?<words>\S[\s\S]*?)\s+can\s+be\s+used\s+again$/i, 'maintenance_end', 'down'],
  // `I fixed lab-3`, `fixed lab-3`, `lab-3 is ok now`, `lab-3 good to go`: the same news.
  [/^(?:i(?:['’]ve|\s+have)?\s+|we(?:['’]ve|\s+have)?\s+)?(?:fixed|repaired)\s+(?<words>\S[\s\S]*)$/i, 'maintenance_end', 'down'],
  [/^(?<words>\S[\s\S]*?)\s+(?:is\s+)?(?:ok(?:ay)?(?:\s+(?:now|again))?|good\s+to\s+go(?:\s+again)?)$/i, 'maintenance_end', 'down'],
  // (`lab-3 works now` reaches here without its `now`.)
  [/^(?<words>\S[\s\S]*?)\s+works(?:\s+again)?$/i, 'maintenance_end', 'down'],
  // `bring lab-3 online`, `online lab-3`; `lab-3 online` as news while it is under maintenance; `offline lab-3`, `maintenance mode lab-3`.
  [/^bring\s+(?<words>\S[\s\S]*?)\s+online$/i, 'maintenance_end', 'named'],
  [/^(?<words>\S[\s\S]*?)\s+(?:is\s+)?online(?:\s+again)?$/i, 'maintenance_end', 'down'],
  [/^online\s+(?<words>\S[\s\S]*)$/i, 'maintenance_end', 'named'],
  [/^(?:offline|maintenance\s+mode(?:\s+(?:on|for))?)\s+(?<words>\S[\s\S]*)$/i, 'maintenance_start', 'named'],
  [/^bring\s+(?<words>\S[\s\S]*?)\s+back(?:\s+up)?$/i, 'maintenance_end', 'named'],
  [/^(?:re-?)?enable\s+(?<words>\S[\s\S]*)$/i, 'maintenance_end', 'named'],
  [/^disable\s+(?<words>\S[\s\S]*)$/i, 'maintenance_start', 'named'],
  // Said of a testbed under maintenance, after the ways of saying it is back now: when it will be (`lab-3 will be back on friday`).
  [/^(?<words>\S[\s\S]*?)\s+(?:will\s+be|['’]ll\s+be|should\s+be|is)\s+back\s+(?:on\s+|by\s+|at\s+)?(?!(?:in\s+service|online|up|again|now|soon|shortly|later)$)(?<end>\S[\s\S]*)$/i, 'maintenance_start', 'maintained'],
  [/^(?<words>\S[\s\S]*?)\s+back\s+(?:on|by)\s+(?<end>\S[\s\S]*)$/i, 'maintenance_start', 'maintained'],
  [/^(?<words>\S[\s\S]*?)\s+(?:is\s+)?expected\s+back\s+(?:on\s+|by\s+|at\s+)?(?<end>\S[\s\S]*)$/i, 'maintenance_start', 'maintained'],
  // (`can I force release lab-3`: the form, which tells a person who is no admin who can; never a question sent to the holder.)
  // `force release Linus from lab-3`: the holder's name is not read (the form shows who holds it).
  [/^(?:(?:can|could|may)\s+i\s+)?force[\s-]*release\s+(?<person>\S+(?:\s+\S+)?)\s+(?:from|off|on)\s+(?<words>\S[\s\S]*)$/i, 'force_release', 'named'],
  [/^(?:(?:can|could|may)\s+i\s+)?(?:force[\s-]*|forcibly\s+|forcefully\s+)release(?:\s+(?<words>\S[\s\S]*))?$/i, 'force_release'],
  // `take lab-3 away from Linus`, `kick Linus off lab-3`: the holder's name is not read (the form shows who holds it).
  [/^take\s+(?<words>\S[\s\S]*?)\s+away(?<person>\s+from\s+\S[\s\S]*?)?(?<rest>\s+(?:because|since)\s+\S[\s\S]*)?$/i, 'force_release'],
  [/^(?:kick|boot|throw)\s+(?<person>\S+(?:\s+\S+)?)\s+(?:off|out\s+of|from)\s+(?<words>\S[\s\S]*)$/i, 'force_release'],
  // `reclaim lab-3`, `take back lab-3 from Linus`: a testbed of the lab (`take lab-3 back` is its holder's release).
  [/^(?:reclaim|take\s+back)\s+(?<words>\S[\s\S]*?)(?<person>\s+from\s+\S[\s\S]*?)?$/i, 'force_release', 'named'],
  // `take lab-3 back from Linus`, `remove Linus from lab-3`, `admin: release lab-3`, `release lab-3 forcefully`: a testbed of the lab.
  [/^take\s+(?<words>\S[\s\S]*?)\s+back(?<person>\s+from\s+\S[\s\S]*?)$/i, 'force_release', 'named'],
  // (`remove 5g label from lab-3` takes a label off: no person is called so.)
  [/^remove\s+(?<person>(?!(?:me|myself|us|all|the|a|an|labels?|tags?)\s)(?!\S+\s+(?:labels?|tags?)\s)\S+(?:\s+\S+)?)\s+from\s+(?<words>\S[\s\S]*)$/i, 'force_release', 'named'],
  [/^admin\s*[:,]?\s+(?:release|free(?:\s+up)?|unbook)\s+(?<words>\S[\s\S]*)$/i, 'force_release', 'named'],
  [/^(?:release|free(?:\s+up)?|unbook)\s+(?<words>\S[\s\S]*?)\s+(?:forcefully|forcibly|by\s+force)$/i, 'force_release', 'named'],
  [TAKE_FROM_COLLEAGUE, 'force_release', 'named'],
];

/** Whether a task's words are what its guard asks for (the testbed read as its form will read it). */
function guarded<T extends NamedRecord>(guard: WordsGuard | undefined, task: AdminTask, words: string, testbeds: readonly T[]): boolean {
  if (guard === undefined) return true;
  const testbed = (task === 'maintenance_start' ? maintenanceParts(words, testbeds).testbed : words).trim();
  if (guard === 'down' || guard === 'maintained') {
    // A whole record says whether it is under maintenance; a bare name (no status known) is taken at its word for news
    // that it works again, but never for a new end (`lab-3 should be back by 9am` is its holder's, unless it is down).
    const found = findByTypedName(testbeds, testbed);
    return 'found' in found && ((guard === 'down' && found.found.status === undefined) || (found.found.maintenance ?? null) !== null);
  }
  if ('found' in findByTypedName(testbeds, testbed) || findNearName(testbeds, testbed) !== undefined) return true;
  return guard === 'testbed' && !/\s/.test(testbed) && !NOT_A_TESTBED.test(testbed);
}

/** `delete lab-3`, `remove lab-3`: retire it, when the words name a testbed of the lab (`remove label …` edits). */
const REMOVE_TESTBED = /^(?:remove|delete)\s+(?<words>\S[\s\S]*)$/i;
/** `free lab-3 from Linus`: force release it, when the words name a testbed of the lab (`free beer from the fridge` does not). */
const FREE_FROM = /^free\s+(?<words>\S[\s\S]*?)\s+from\s+\S[\s\S]*$/i;

/** `retire lab-3`, `maintenance lab-3`, `end maintenance lab-3`, `force release lab-3`, `rename lab-3 to lab-3b`, `add testbed lab-9`, `edit lab-3`. */
export function adminTask<T extends NamedRecord>(command: string, testbeds: readonly T[] = []): TypedAdminTask | null {
  // `lab-3 add label core`, `lab-3: remove label 5g`: as `add label core to lab-3`; `call lab-3 lab-3b`: as `rename lab-3 to lab-3b`.
  const nameFirst = /^(\S[\s\S]{0,80}?)[:,]?\s+(add|remove)\s+((?:the\s+)?(?:labels?|tags?)\s+\S[\s\S]{0,200})$/i.exec(command);
  if (nameFirst !== null && 'found' in findByTypedName(testbeds, nameFirst[1].trim())) {
    const [, name, verb, labels] = nameFirst;
    return adminTask(/^add$/i.test(verb) ? `add ${labels} to ${name.trim()}` : `remove ${labels} from ${name.trim()}`, testbeds);
  }
  const called = /^call\s+(\S[\s\S]{0,80}?)\s+(\S+)$/i.exec(command);
  if (called !== null && 'found' in findByTypedName(testbeds, called[1].trim())) return adminTask(`rename ${called[1].trim()} to ${called[2]}`, testbeds);
  for (const [pattern, task, guard] of ADMIN_PHRASES) {
    const match = pattern.exec(command);
    if (!match) continue;
    const { words, person, end } = match.groups ?? {};
    // A new end said with `to` (`push lab-3's maintenance to friday`) is read as `until` is.
    const rest = end === undefined ? (match.groups?.rest ?? '') : ` until ${end}`;
    if (words !== undefined && !guarded(guard, task, `${words}${rest}`, testbeds)) continue;
    const named = { ...(person === undefined ? {} : { person: true as const }), ...(guard === 'down' ? { news: 'fixed' as const } : {}) };
    return words === undefined ? { task, ...named } : { task, words: `${words}${rest}`.trim(), ...named };
  }
  const removed = REMOVE_TESTBED.exec(command)?.groups?.words?.trim();
  if (removed !== undefined && 'found' in findByTypedName(testbeds, removed)) return { task: 'testbed_retire', words: removed };
  const freed = FREE_FROM.exec(command)?.groups?.words?.trim();
  if (freed !== undefined && 'found' in findByTypedName(testbeds, freed)) return { task: 'force_release', words: freed, person: true };
  return typedEdit(command, testbeds);
}

/* Labels and description ------------------------------------------------------------------------ */

// `edit lab-3`, `edit testbed lab-3`: the form with what the testbed has now.
const EDIT = /^edit(?<testbed>\s+(?:the\s+)?testbed)?(?:\s+(?<rest>\S[\s\S]*))?$/i;
// `set the labels of lab-3 to 5g, core`, `labels of lab-3: 5g`, `change the description of lab-3 to …`, `edit the labels of lab-3`.
const OF = /^(?:(?<verb>edit|change|set|update)\s+(?:the\s+)?)?(?<what>labels?|tags?|description)\s+(?:of|for|on)\s+(?<rest>\S[\s\S]*)$/i;
// `add label 5g to lab-3`, `add labels 5g and core to lab-3`.
const ADD = /^(?:add|put)\s+(?:the\s+)?(?:labels?|tags?)\s+(?<rest>\S[\s\S]*)$/i;
// `remove label wifi from lab-3`.
const REMOVE = /^(?:remove|delete|drop)\s+(?:the\s+)?(?:labels?|tags?)\s+(?<rest>\S[\s\S]*)$/i;
// `add the 5g label to lab-3`, `remove the wifi tag from lab-3`: the labels before the word (group labels), then the testbed.
const LABEL_WORD_AFTER =
  /^(?<verb>add|put|remove|delete|drop)\s+(?:the\s+)?(?<labels>[\w.-]{1,32}(?:\s*(?:,|\band\b|&)\s*[\w.-]{1,32}){0,9})\s+(?:labels?|tags?)\s+(?:to|on|onto|from|off)\s+(?<words>\S[\s\S]*)$/i;
// `drop 5g from lab-3`, `remove 5g from lab-3`: a label the testbed carries, taken off.
const LABEL_DROPPED = /^(?:remove|delete|drop|take|untag|unlabel)\s+(?<label>[\w.-]{1,32})\s+(?:from|off(?:\s+of)?)\s+(?<words>\S[\s\S]*)$/i;
// `set lab-3 labels to 5g, core`, `change lab-3's description to …`: the testbed first (`update lab-3 description`: the form).
const OWN = /^(?:set|change|update|edit)\s+(?<words>\S[\s\S]*?)(?:['’]s)?\s+(?<what>labels?|tags?|description)(?:\s*(?:[:=]|\s(?:to|as)\s)\s*(?<value>\S[\s\S]*))?$/i;
// `label lab-3 as 5g`, `tag lab-3 with 5g, core`: labels added.
const LABEL = /^(?:label|tag)\s+(?<rest>\S[\s\S]*)$/i;
// `untag lab-3 5g`, `unlabel lab-3`: labels taken off (or, with none named, the form).
const UNLABEL = /^(?:untag|unlabel)\s+(?<rest>\S[\s\S]*)$/i;
/** Labels as typed after a testbed without a word between (`label lab-3 5g`): words of letters, digits, `.`, `_`, `-`. */
const BARE_LABELS = /^[\w.-]{1,32}(?:\s*(?:,|\band\b|&)?\s*[\w.-]{1,32}){0,9}$/i;
// `remove all labels from lab-3`, `clear the labels of lab-3`, `clear lab-3's labels`: every label taken off (group words).
const CLEARED =
  /^(?:(?:remove|delete|drop|clear)\s+(?:all\s+(?:of\s+)?)?(?:the\s+)?(?:labels|tags)\s+(?:from|of|on|off)\s+(?<words>\S[\s\S]*)|clear\s+(?<own>\S[\s\S]*?)(?:['’]s)?\s+(?:labels|tags))$/i;
// `lab-3 labels: 5g, core`: the testbed, then its labels after a mark.
const LABELS_SAID = /^(?<words>\S[\s\S]*?)(?:['’]s)?\s+(?:labels|tags)\s*[:=]\s*(?<value>\S[\s\S]*)$/i;
// `describe lab-3 as Radio rack 2`.
const DESCRIBE = /^describe\s+(?<rest>\S[\s\S]*)$/i;

/** Where the labels end and the testbed starts (`5g to lab-3`): labels hold no spaces but between words of a list. */
const LABELS_TO = /\s+(?:to|on|onto)\s+/i;
const LABELS_FROM = /\s+(?:from|off|on)\s+/i;

/** `5g and core`, `5g & core`, `5g,core` as the form's comma list `5g, core`. */
export function labelList(typed: string): string {
  return typed.trim().replace(/\s*(?:,|\band\b|&)\s*/gi, ', ').replace(/(?:,\s*)+/g, ', ').replace(/^,\s*|,\s*$/g, '');
}

/** The words before a value: the testbed, then the value after the first separator that leaves a testbed's name in front. */
function testbedThen<T extends Pick<TestbedRecord, 'testbed_name'>>(rest: string, separators: RegExp, testbeds: readonly T[]): { words: string; value?: string } {
  const typed = rest.slice(0, MAX_TYPED_NAME * 8);
  const splits = [...typed.matchAll(separators)].slice(0, 6);
  const split = nameSplit(typed, splits, testbeds) ?? splits[0];
  if (split === undefined) return { words: rest.trim() };
  const value = typed.slice(split.index! + split[0].length).trim();
  return value === '' ? { words: typed.slice(0, split.index).trim() } : { words: typed.slice(0, split.index).trim(), value };
}

/** The value before the testbed (`5g and core` `to` `lab-3`): split at the first separator. */
function valueThen(rest: string, separator: RegExp): { words: string; value: string } | null {
  const found = separator.exec(rest.slice(0, MAX_TYPED_NAME * 8));
  if (!found || found.index === 0) return null;
  const words = rest.slice(found.index + found[0].length).trim();
  return words === '' ? null : { words, value: rest.slice(0, found.index).trim() };
}

const edit = (words: string, what: TypedEdit = {}): TypedAdminTask => ({ task: 'testbed_edit', words, ...(Object.keys(what).length > 0 ? { edit: unquoted(what) } : {}) });

/** `set lab-3 description to "rack 4, slot 2"`: quotes around the whole description say nothing. */
function unquoted(what: TypedEdit): TypedEdit {
  const inside = what.description === undefined ? undefined : /^\s*(?:"([^"]*)"|“([^“”]*)”|'([^']*)')\s*$/.exec(what.description)?.slice(1).find((part) => part !== undefined);
  return inside === undefined ? what : { ...what, description: inside };
}

/** An edit of a testbed's labels or description, typed; null when the words are no such thing. */
function typedEdit<T extends NamedRecord>(command: string, testbeds: readonly T[]): TypedAdminTask | null {
  const cleared = CLEARED.exec(command.slice(0, MAX_TYPED_NAME * 8))?.groups;
  const clearedName = (cleared?.words ?? cleared?.own)?.trim();
  if (clearedName !== undefined && 'found' in findByTypedName(testbeds, clearedName)) return edit(clearedName, { labels: { op: 'set', text: '' } });
  const said = LABELS_SAID.exec(command.slice(0, MAX_TYPED_NAME * 8))?.groups;
  if (said !== undefined && 'found' in findByTypedName(testbeds, said.words.trim())) return edit(said.words.trim(), { labels: { op: 'set', text: labelList(said.value) } });
  const of = OF.exec(command);
  if (of) {
    const { words, value } = testbedThen(of.groups!.rest, /\s*[:=]\s*|\s+(?:to|as|are|is)\s+/gi, testbeds);
    // `labels of lab-3` alone asks what they are; `edit the labels of lab-3` opens the form.
    if (value === undefined) return of.groups!.verb === undefined ? null : edit(words);
    return /^desc/i.test(of.groups!.what) ? edit(words, { description: value }) : edit(words, { labels: { op: 'set', text: labelList(value) } });
  }
  const own = OWN.exec(command.slice(0, MAX_TYPED_NAME * 8));
  if (own && 'found' in findByTypedName(testbeds, own.groups!.words)) {
    const { words, what, value } = own.groups!;
    if (value === undefined) return edit(words);
    return /^desc/i.test(what) ? edit(words, { description: value }) : edit(words, { labels: { op: 'set', text: labelList(value) } });
  }
  const after = LABEL_WORD_AFTER.exec(command.slice(0, MAX_TYPED_NAME * 8));
  if (after && 'found' in findByTypedName(testbeds, after.groups!.words)) {
    return edit(after.groups!.words, { labels: { op: /^(?:add|put)$/i.test(after.groups!.verb) ? 'add' : 'remove', text: labelList(after.groups!.labels) } });
  }
  // `drop 5g from lab-3`: a label it carries, without the word `label`.
  const dropped = LABEL_DROPPED.exec(command.slice(0, MAX_TYPED_NAME * 8));
  const droppedFrom = dropped === null ? undefined : findByTypedName(testbeds, dropped.groups!.words);
  if (dropped && droppedFrom !== undefined && 'found' in droppedFrom && hasLabel(droppedFrom.found, dropped.groups!.label)) {
    return edit(dropped.groups!.words, { labels: { op: 'remove', text: dropped.groups!.label } });
  }
  const plain = EDIT.exec(command);
  if (plain) {
    const rest = plain.groups?.rest?.trim();
    if (rest === undefined) return { task: 'testbed_edit' };
    // `edit my booking` is no admin's edit: `edit` names a testbed, or says `testbed` (`edit testbed lab3`: a slip to name).
    return plain.groups?.testbed !== undefined || 'found' in findByTypedName(testbeds, rest) ? edit(rest) : null;
  }
  for (const [pattern, separator, op] of [[ADD, LABELS_TO, 'add'], [REMOVE, LABELS_FROM, 'remove']] as const) {
    const match = pattern.exec(command);
    const parts = match ? valueThen(match.groups!.rest, separator) : null;
    if (parts) return edit(parts.words, { labels: { op, text: labelList(parts.value) } });
  }
  const label = LABEL.exec(command);
  if (label) {
    const { words, value } = testbedThen(label.groups!.rest, /\s+(?:as|with)\s+|\s*:\s*/gi, testbeds);
    if (value !== undefined) return edit(words, { labels: { op: 'add', text: labelList(value) } });
    // `label lab-3 5g`: only after a testbed's whole name, and only words a label may be.
    const bare = bareLabels(label.groups!.rest, testbeds);
    return bare === null ? null : edit(bare.words, { labels: { op: 'add', text: bare.labels } });
  }
  const unlabel = UNLABEL.exec(command)?.groups?.rest.trim();
  if (unlabel !== undefined) {
    if ('found' in findByTypedName(testbeds, unlabel)) return edit(unlabel);
    const bare = bareLabels(unlabel, testbeds);
    return bare === null ? null : edit(bare.words, { labels: { op: 'remove', text: bare.labels } });
  }
  const describe = DESCRIBE.exec(command);
  if (describe) {
    const { words, value } = testbedThen(describe.groups!.rest, /\s+as\s+|\s*:\s*/gi, testbeds);
    return value === undefined ? null : edit(words, { description: value });
  }
  return null;
}

/** `lab-3 5g, core`: a testbed's whole name, then labels with nothing between; null when the words are not that. */
function bareLabels<T extends Pick<TestbedRecord, 'testbed_name'>>(rest: string, testbeds: readonly T[]): { words: string; labels: string } | null {
  const typed = rest.slice(0, MAX_TYPED_NAME + 400);
  for (const space of [...typed.matchAll(/\s+/g)].slice(0, 8)) {
    const words = typed.slice(0, space.index);
    const found = findByTypedName(testbeds, words);
    const labels = typed.slice(space.index! + space[0].length);
    if ('found' in found && sameName(found.found.testbed_name, words) && BARE_LABELS.test(labels)) return { words, labels: labelList(labels) };
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
  const reason = /\s(?:for|because(?:\s+of)?)\s+(\S[\s\S]*)$/i.exec(rest);
  const untilPart = /^\s+(?:until|till)\s+(\S[\s\S]*)$/i.exec(reason ? rest.slice(0, reason.index) : rest);
  const said = untilPart?.[1].trim();
  // `until 5pm new cables`: the end, then the reason with no word between.
  const parted = said === undefined || reason ? undefined : timeThenWords(said);
  const until = parted?.time ?? said;
  const why = reason?.[1].trim() ?? parted?.words;
  return { testbed: typed.slice(0, split.index), ...(until ? { until } : {}), ...(why ? { reason: why } : {}) };
}

/** `5pm new cables`, `friday, rack move`: the longest start that reads as a time, and the words after it; undefined when all is one. */
function timeThenWords(said: string): { time: string; words: string } | undefined {
  if (isTypedTime(`until ${said}`)) return undefined;
  const words = said.split(/\s+/).slice(0, 8);
  for (let count = words.length - 1; count >= 1; count--) {
    const time = words.slice(0, count).join(' ').replace(/[,:;-]+$/, '');
    const rest = said.split(/\s+/).slice(count).join(' ').replace(/^[-–—,:;]\s*/, '').trim();
    if (rest !== '' && isTypedTime(`until ${time}`)) return { time, words: rest };
  }
  return undefined;
}

/**
 * `force release lab-3 because the run hung` (or `… for the nightly`, `…: the run hung`): the testbed, and the reason
 * the form asks for, after the first separator that leaves a testbed's name in front (a name may hold `for`).
 */
export function forceReleaseParts<T extends Pick<TestbedRecord, 'testbed_name'>>(words: string, testbeds: readonly T[]): { testbed: string; reason?: string } {
  const typed = words.slice(0, MAX_TYPED_NAME * 4);
  const splits = [...typed.matchAll(/\s+(?:because(?:\s+of)?|for|as|since)\s+|\s*[:;,]\s+|\s+[-–—]\s+/gi)].slice(0, 6);
  // `force release lab-3 Linus left`: after a testbed's whole name (and only then), the rest is the reason.
  const whole = 'found' in findByTypedName(testbeds, typed);
  const spaces = whole ? [] : [...typed.matchAll(/\s+/g)].slice(0, 6).filter((space) => {
    const left = typed.slice(0, space.index);
    const match = findByTypedName(testbeds, left);
    return 'found' in match && sameName(match.found.testbed_name, left);
  });
  const split = nameSplit(typed, splits, testbeds) ?? spaces[0];
  if (split === undefined) return { testbed: words };
  const reason = typed.slice(split.index! + split[0].length).trim();
  return reason === '' ? { testbed: typed.slice(0, split.index) } : { testbed: typed.slice(0, split.index), reason };
}

/**
 * `add testbed lab-9 with labels 5g, core described as Radio rack 2`: the new name, the labels (as the form's
 * comma list: `5g and core` is `5g, core`) and the description. Without those words, all of them are the name.
 */
export function addParts(words: string): { name: string; labels?: string; description?: string } {
  const typed = words.slice(0, MAX_TYPED_NAME * 4);
  const described = /\s+(?:described\s+as|with\s+(?:the\s+)?description|description:?)\s+(\S[\s\S]*)$/i.exec(typed);
  const front = described ? typed.slice(0, described.index) : typed;
  // (`new testbed lab-9 with 5g`: what it is added with is its labels.)
  const labelled = /\s+(?:with(?:\s+(?:the\s+)?labels?)?|labell?ed|tagged(?:\s+with)?|labels?:?)\s+(\S[\s\S]*)$/i.exec(front);
  const name = (labelled ? front.slice(0, labelled.index) : front).trim();
  if (name === '') return { name: words };
  const labels = labelled ? labelList(labelled[1]) : undefined;
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
  if (splits.length > 0) return parts(splits[0]);
  // `rename lab-3 lab-3b`: a testbed's whole name, then one word, when the whole is no testbed's name.
  const [, old, name] = /^(\S[\s\S]*?)\s+(\S+)$/.exec(words.trim()) ?? [];
  const match = old === undefined || 'found' in findByTypedName(testbeds, words.trim()) ? undefined : findByTypedName(testbeds, old);
  return match !== undefined && 'found' in match && sameName(match.found.testbed_name, old) ? { testbed: old, name } : { testbed: words };
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
