/**
 * Typed text → what should happen. Pure: the testbeds a name is looked up in come with the
 * context, and the receive time with the event. What the words mean is read in `typed-commands.ts`
 * (after `everyday-words.ts` has read the words people use as the commands), an admin's tasks in `typed-admin.ts`.
 */
import { SELF } from '../cards/handover.card.js';
import { SUGGESTIBLE_COMMANDS } from '../cards/menu.card.js';
import { NO_NAME, isVagueLength, readNeededBooking, readTypedBooking, readTypedBookingFor, withoutMention, type TypedBooking } from '../cards/typed-booking.js';
import { MAX_TIME_PHRASE, isTypedTime, readTypedInstant, readTypedRelease, releaseOfValues } from '../cards/typed-time.js';
import type { ExtendRefused, FormValues, TestbedRecord } from '../domain.js';
import { ANY_TESTBED_LABEL, EITHER_MAX, eitherKey, findByTypedName, findNamedWithin, findNearName, hasLabel, heldByTyped, isUnderMaintenance, labelCarried, namesInWords, personCalled, sameLabel, sameName, severalMeant, testbedsNamed } from '../lab-rules.js';
import type { PlatformEvent } from '../platform/port.js';
import { closestWord } from '../typos.js';
import { ALL_OF_MINE, AROUND_NAME_MAX, DIGEST_ASKED, isLabName, LABELS_ASKED, MINE_UNTIL, MORE, NEEDED_UNTIL, PROBLEMS_ASKED, RELEASED_FOR, RULES_ASKED, bareTestbed, everydayCommand, mentionedTestbed } from './everyday-words.js';
import { cancelRoute, lifecycle, one, type RouteDecision, type RouterContext } from './route-decision.js';
import { addParts, adminTask, forceReleaseParts, maintenanceParts, renameParts, type TypedAdminTask, type TypedEdit } from './typed-admin.js';
import { formatInZone } from '../cards/time.js';
import { INPUT_IDS, LIMITS, readLabel } from '../cards/actions.js';
import { labelsInUse, otherLabelsText, sameEmail } from '../cards/parts.js';
import {
  EXTEND_NAMED,
  FREE_NOW,
  HAND_OVER,
  HAND_OVER_ALL,
  HISTORY_HELP,
  IT,
  MAX_TYPED_LIST,
  MAX_TYPED_NAME,
  eitherWords,
  MY_BOOKINGS,
  MY_HISTORY,
  MY_QUEUES,
  NAMES_APART,
  NAMED_FORM,
  PASS_ON,
  PURPOSE_TYPED,
  RELEASE_ALL,
  REPORT_ARGUMENT_HELP,
  SHOW_STATUS,
  STATUS_ARGUMENT_HELP,
  STATUS_WITH_ARGUMENT,
  TAKE_OFFERED,
  YES_ALONE,
  LATER_SAID,
  NEXT_PERSON,
  ANY_TESTBED,
  TEXT_COMMANDS,
  THANKS,
  ACKNOWLEDGED,
  UNWAIT_NAMED,
  WAIT_NAMED,
  WHEN_FREE,
  WHO_HAS,
  WHO_ADMINS,
  WHO_HAS_ANY,
  SWITCH_ASKED,
  commandText,
  readTypedSwitch,
  historyName,
  holderAsked,
  isPersonWords,
  personHistoryAsked,
  readTypedAsk,
  readTypedExtend,
  personBookingAsked,
  type TypedExtend,
  readTypedPurpose,
  readTypedDoneBy,
  reportArgument,
  statusArgument,
  nextFreeAsked,
  waitedLabel,
  withSubjectFor,
  withTestbedFor,
} from './typed-commands.js';

/** `a sec`, `a minute`, `one moment`, `a bit` after `wait`. */
/** `book again`, `book again lab-3`: the everyday words for booking as last time (`rebook lab-3`), with the testbed (group 1). */
const BOOK_AGAIN = /^book\s+again(?:\s+(\S[\s\S]*))?$/i;
const MOMENT = /^(?:a|one|just\s+a)\s+(?:sec(?:ond)?|min(?:ute)?|mo(?:ment)?|bit|tick)s?$/i;

/** `a 5g`, `the next 5g`, `the lab-3`: the label or testbed a question names with an article (as typed otherwise). */
function labelAsked(words: string, testbeds: readonly Pick<TestbedRecord, 'testbed_name' | 'labels'>[]): string {
  if ('found' in findByTypedName(testbeds, words)) return words;
  const rest = /^(?:there\s+)?(?:(?:a|an|any|the)(?:\s+(?:next|first|free|available))?|next|first)\s+(\S[\s\S]*)$/i.exec(words)?.[1];
  if (rest === undefined) return words;
  if ('found' in findByTypedName(testbeds, rest)) return rest;
  const label = rest.replace(/\s+(?:testbed|one)$/i, '');
  return readLabel(label) !== null && labelCarried(testbeds, label) ? label : words;
}

/** `can I book for someone else`, `how do I book a testbed for a colleague`: how to book for somebody, asked plainly. */
const BOOK_FOR_OTHERS_ASKED =
  /^(?:(?:(?:can|could|may)\s+(?:i|we)|how\s+(?:do|can|could|should)\s+(?:i|we)|how\s+to|is\s+it\s+possible\s+to|am\s+i\s+allowed\s+to)\s+)?(?:book|reserve|register)\s+(?:a\s+testbed\s+|one\s+|something\s+|\S+\s+)?(?:for|on\s+behalf\s+of)\s+(?:someone|somebody|anyone|anybody|another\s+person|others|other\s+people|(?:a|my)\s+(?:colleague|teammate|team\s*mate|team\s+member|co-?worker))(?:\s+else)?$/i;
const BOOK_FOR_OTHERS_HELP =
  'To book for a colleague, type book, the testbed and their email or name: book lab-3 for name@example.com. They hold it and get the reminders, and a message says you booked it for them.';

/** `bug: …`, `feedback: …`, `feature request - …`: feedback with its words (group 1). */
const FEEDBACK_WITH_TEXT = /^(?:bug(?:\s+report)?|feedback|feature\s+(?:request|idea)|suggestion|idea)\s*[:\-–]\s*(\S[\s\S]*)$/i;

/**
 * `api`, `api token`, `token`, `swagger`, `help api`, `how do I get an API token`, `is there an api`, `can pipelines book testbeds`, `list tokens`,
 * `token create nightly` (the host's command, typed in chat): how pipelines book.
 */
const API_ASKED =
  /^(?:(?:the\s+)?api(?:\s+(?:tokens?|keys?|docs|documentation))?|help\s+(?:with\s+|on\s+)?(?:the\s+)?api|(?:how\s+(?:do|can)\s+(?:i|we)|how\s+to|where\s+(?:do|can)\s+(?:i|we))\s+(?:get|use|call|find|create|request)\s+(?:an?\s+|the\s+)?(?:api(?:\s+(?:tokens?|keys?|docs))?|tokens?)|how\s+does\s+the\s+api\s+work|is\s+there\s+an?\s+api|(?:can|how\s+(?:do|does|can))\s+(?:(?:a|the|my|our)\s+)?(?:pipelines?|ci|jenkins|scripts?|jobs?)\s+(?:book|hold|use|reserve)(?:\s+(?:a\s+)?testbeds?)?|(?:can|could|may)\s+i\s+(?:get|have)\s+(?:an?\s+)?api\s+(?:token|key)|(?:give\s+me|create|make|new|get)\s+(?:an?\s+|a\s+new\s+)?(?:api\s+)?token|revoke\s+(?:my|the|a)\s+(?:api\s+)?token|(?:list|show)\s+(?:(?:the|my|all)\s+)?(?:api\s+)?tokens|token\s+(?:create|list|revoke)(?:\s+[\w.-]{1,40})?|(?:revoke|delete|remove)\s+(?:the\s+)?(?:api\s+)?token\s+[\w.-]{1,40}|(?:where\s+is\s+)?(?:the\s+)?(?:openapi|swagger)(?:\s+(?:document|spec|file|json|ui|page))?|(?:my\s+)?(?:api\s+)?tokens?|(?:ci|jenkins|gitlab(?:\s+ci)?|pipeline)\s+(?:integration|support|access|setup|set-?up))$/i;
/**
 * `how do I hold a testbed from jenkins`, `how do I book from gitlab`, `can we reserve testbeds in our CI`, `booking from a script`:
 * how pipelines book, as API_ASKED.
 */
const API_FROM_CI =
  /^(?:(?:how\s+(?:do|can|would|should)\s+(?:i|we)|how\s+to|can\s+(?:i|we)|is\s+it\s+possible\s+to)\s+)?(?:book|hold|reserve|lock|grab|booking|holding|reserving)(?:\s+(?:a\s+|the\s+|our\s+)?testbeds?)?\s+(?:from|in|with|through|via|inside|out\s+of)\s+(?:(?:a|the|my|our)\s+)?(?:pipelines?|ci|jenkins|gitlab(?:\s+ci)?|github\s+actions|scripts?|(?:ci\s+)?jobs?|ci\/cd)(?:\s+(?:jobs?|pipelines?))?$/i;
const API_HELP =
  'Pipelines hold testbeds through the bot’s HTTP API (/api/v1), each with a token of its own. The lab’s admins create tokens on the bot’s host (npm run token -- create --name nightly-ci --owner you@example.com); ask them for one. A testbed a pipeline holds shows its holder on status like any booking.';

/** `lab-3 is broken`, `lab-3 is not working: no power`, `lab-3 won't boot`, `lab-3 needs a reboot`: the name first (group 1). */
const PROBLEM_SAID = [
  // `I broke lab-3`, `I think I bricked lab-3`: said of themselves, still a problem for the admins.
  /^(?:(?:oops|sorry|uh-?oh)[,!.]?\s+)?(?:i\s+think\s+)?(?:i|we|someone|somebody)\s+(?:(?:just|accidentally)\s+)?(?:broke|bricked|crashed|killed)\s+(\S[\s\S]{0,80}?)$/i,
  /^(\S[\s\S]*?)(?:\s+(?:is|seems|looks)|['’]s)\s+(?:still\s+)?(?:(?:really\s+|very\s+|totally\s+)?(?:to\s+be\s+)?(?:broken|down|dead|stuck|hung|hanging|frozen|unreachable|offline|faulty|flaky|slow|bricked|unusable|out\s+of\s+(?:order|service)|acting\s+(?:up|weird|strange|strangely|funny|oddly)|stuck\s+in\s+(?:a\s+)?(?:boot\s*loop|reboot\s+loop|the\s+bootloader|rescue\s+mode)|having\s+(?:problems|issues|trouble))|not\s+(?:working|responding|reachable|booting|starting))(?:[\s,.:;!-][\s\S]*)?$/i,
  /^(\S[\s\S]*?)\s+(?:has\s+(?:a\s+)?(?:problem|problems|issue|issues|fault)|has\s+(?:a\s+)?(?:bad|broken|faulty|loose|dead|failed|failing)\s+\S+(?:\s+\S+)?|is\s+on\s+fire|lost\s+power|(?:disk|storage|drive)\s+(?:is\s+)?full|(?:is\s+|has\s+)?(?:run\s+|ran\s+)?out\s+of\s+(?:disk(?:\s+space)?|space|memory)|has\s+no\s+(?:power|network|link|signal|connectivity|console)|power[\s-]*cycled\s+(?:itself|on\s+its\s+own)|rebooted\s+(?:itself|on\s+its\s+own)|keeps\s+(?:crashing|rebooting|failing|hanging|freezing|dropping)|crashed|died|hangs|froze|broke|went\s+(?:down|offline|dark)|dropped\s+off(?:\s+the\s+network)?|(?:is\s+)?stuck\s+in\s+(?:a\s+)?(?:boot\s*loop|reboot\s+loop|the\s+bootloader|rescue\s+mode)|(?:had\s+a\s+|hit\s+a\s+)?kernel\s+panic(?:ked)?)(?:[\s,.:;!-][\s\S]*)?$/i,
  /^(\S[\s\S]*?)\s+(?:doesn['’]?t|does\s+not|won['’]?t|will\s+not|can['’]?t|cannot)\s+(?:work|boot|start|power\s+(?:on|up)|respond|connect|be\s+reached)(?:[\s,.:;!-][\s\S]*)?$/i,
  /^(\S[\s\S]*?)\s+needs\s+(?:maintenance|fixing|a\s+fix|repair(?:ing)?|a\s+(?:reboot|restart|reset|power[\s-]*cycle|re-?image)|re-?imaging|rebooting|attention|to\s+be\s+(?:rebooted|restarted|reset|re-?imaged|power[\s-]*cycled|re-?flashed|fixed|repaired|looked\s+at))(?:[\s,.:;!-][\s\S]*)?$/i,
  // `reboot lab-3`, `power cycle lab-3`, `reimage lab-3`: something only the lab's people can do, so they are told.
  /^(?:(?:can|could)\s+(?:some(?:one|body)|any(?:one|body)|you)\s+(?:please\s+)?)?(?:reboot|restart|reset|power[\s-]*cycle|re-?image|reinstall|re-?flash|fix|repair)\s+(?![\s\S]*\b(?:queue|line|booking|reservation|password|bot|list|wait|label|name)s?\b)(\S[\s\S]*?)(?:\s+(?:please|pls|asap))?$/i,
  // `lab-3 power cycle please`, `lab-3 reboot needed`: the same, the name first.
  /^(\S[\s\S]{0,80}?)\s+(?:reboot|restart|reset|power[\s-]*cycle|re-?image)(?:\s+(?:please|pls|plz|needed|required|asap))?$/i,
  /^(?:report|mark|flag)\s+(\S[\s\S]*?)\s+(?:as\s+)?(?:broken|down|dead|faulty|not\s+working|unusable)$/i,
  // `report issue lab-3`, `report problem lab-3`.
  /^(?:report|raise|log|file)\s+(?:a\s+|an\s+)?(?:problem|issue|fault)\s+(?!(?:with|on|in|for|about|against|regarding)\s)(\S[\s\S]{0,80}?)$/i,
  // `flag lab-3`, `open a ticket for lab-3`, `file a bug against lab-3`: a problem to tell the admins about, not said yet.
  /^(?:flag|(?:raise|open|file|log|create)\s+(?:an?\s+)?(?:issue|ticket|bug|problem|fault)\s+(?:for|on|against|about|with))\s+(\S[\s\S]{0,80}?)$/i,
  // `the power on lab-3 is off`, `the fan in lab-3 is broken`: a part of it.
  /^(?:the\s+)?\S+(?:\s+\S+)?\s+(?:on|of|in|for)\s+(\S[\s\S]{0,80}?)\s+(?:is|seems|looks)\s+(?:off|broken|dead|down|loose|unplugged|faulty|not\s+working)$/i,
  // `lab-3 isn't working`, `lab-3 isnt responding`.
  /^(\S[\s\S]*?)\s+isn['’]?t\s+(?:working|responding|reachable|booting|starting|coming\s+up)(?:[\s,.:;!-][\s\S]*)?$/i,
  // `lab-3 status is wrong`, `lab-3 shows as free but Linus is using it`, `lab-3 is actually in use`: what the lab shows is not so.
  /^(\S[\s\S]*?)(?:['’]s)?\s+status\s+is\s+(?:wrong|incorrect|out\s+of\s+date)(?:[\s,.:;!-][\s\S]*)?$/i,
  /^(\S[\s\S]*?)\s+(?:shows?|is\s+shown|says)\s+(?:as\s+)?(?:free|available|busy|in\s+use|taken|booked)\s+but\s+\S[\s\S]*$/i,
  /^(\S[\s\S]*?)\s+is\s+actually\s+(?:in\s+use|free|busy|taken|being\s+used|booked)(?:[\s,.:;!-][\s\S]*)?$/i,
  /^(?:some(?:one|body)|\S+(?:\s+\S+)?)\s+is\s+using\s+(\S[\s\S]*?)\s+without\s+(?:a\s+)?(?:booking|reservation|booking\s+it)$/i,
  // `someone unplugged lab-3`, `somebody rebooted lab-3`, `someone messed up lab-3`: done to it by nobody named.
  /^(?:some(?:one|body)|(?:some|a)\s+(?:person|colleague))\s+(?:unplugged|rebooted|restarted|reset|power[\s-]*cycled|re-?imaged|turned\s+off|switched\s+off|broke|moved|rewired|recabled|messed\s+(?:up|with))\s+(\S[\s\S]{0,80}?)$/i,
  // `lab-3 not responding`, `lab-3 unreachable`, `lab-3 offline`, `lab-3 broken`, `lab-3 issue` (the verb left out, as typed in a hurry).
  /^(\S[\s\S]*?)\s+(?:not\s+(?:working|responding|reachable|booting)|unreachable|unresponsive|offline|broken|dead|faulty|bricked|(?:an?\s+)?(?:issue|bug|problem|fault))(?:[\s,.:;!-][\s\S]*)?$/i,
  // `lab-3 flaky`, `lab-3 hung`, `lab-3 times out`, `lab-3 license expired`, `lab-3 link down`, `lab-3 wrong image`: the same, in other
  // words, with nothing after them (`lab-3 stuck` may go on otherwise: `lab-3 stuck with me until friday`).
  /^(\S[\s\S]{0,80}?)\s+(?:(?:super|very|really|so)\s+)?(?:flaky|slow|laggy|hung|hanging|frozen|freezing|stuck|crashing|acting\s+(?:up|weird|strange|funny)|no\s+(?:response|power|network|link|console)|(?:ping|login|ssh)\s+(?:fails|failing|failed|not\s+working)|time(?:s|d)?\s*out|timing\s+out|(?:is\s+)?on\s+fire|smoking|(?:license|licence|cert(?:ificate)?)\s+(?:has\s+)?expired|(?:cable|power\s+cable)\s+(?:is\s+)?unplugged|(?:link|port|interface|uplink)s?\s+(?:is\s+|are\s+)?down|(?:has\s+)?(?:the\s+)?wrong\s+(?:version|image|build|firmware|software)|(?:config|configuration)\s+(?:is\s+)?(?:messed\s+up|broken|wrong|corrupted)|is\s+a\s+mess)$/i,
  // `lab-3 label is wrong`, `lab-3 is missing the 5g label`, `lab-3 has the wrong name`: what the lab shows of it is not so.
  /^(\S[\s\S]{0,80}?)(?:['’]s)?\s+(?:(?:label|labels|tags?|name|description)\s+(?:is|are)\s+(?:wrong|incorrect|outdated|out\s+of\s+date|missing)|(?:has|shows)\s+the\s+wrong\s+(?:name|labels?|tags?|description)|is\s+missing\s+(?:the\s+|a\s+)?\S+\s+(?:label|tag)|should\s+have\s+(?:the\s+|a\s+)?\S+\s+(?:label|tag))$/i,
];
/** `can't reach lab-3`, `cannot connect to lab-3`, `unable to log in to lab-3`: the name after (group 1). */
const CANNOT_REACH =
  /^(?:i\s+)?(?:can['’]?t|cannot|can\s+not|could\s*n['’]?t|unable\s+to)\s+(?:reach|ping|connect\s+to|log\s*in(?:\s+to)?|ssh\s+(?:in)?to|access|get\s+(?:in)?to)\s+(\S[^:;,]*?)(?:(?:\s*[:;,]|\s+-)\s*\S[\s\S]*)?$/i;
/** `report a problem with lab-3`, `there is a problem with lab-3: …`, `something is wrong with lab-3` (or `off`): the name after (group 1). */
const PROBLEM_WITH =
  /^(?:report\s+(?:a\s+|an\s+)?(?:problem|issue|fault)|(?:there\s+(?:is|are)\s+|there['’]s\s+)?(?:a\s+|an\s+|some\s+)?(?:problems?|issues?|faults?)|(?:having\s+)?trouble|something(?:['’]s|\s+is)\s+(?:wrong|off|weird|odd|up))\s+(?:with|on|in)\s+(\S[^:;,]*?)(?:(?:\s*[:;,]|\s+-)\s*(\S[\s\S]*))?$/i;

/** `report a problem`, `report problem`, `I have an issue`, `there's a problem`: a problem with no testbed named. */
const PROBLEM_ALONE = /^(?:(?:report|raise|log|file|flag)\s+(?:(?:a|an)\s+)?(?:problem|issue|fault|outage)|(?:i\s+(?:have|got|found)|there(?:['’]s|\s+is))\s+(?:a|an)\s+(?:problem|issue|fault)|(?:a\s+)?(?:testbed|hardware)\s+(?:problem|issue))$/i;

/** `schedule maintenance for lab-3 on saturday`, `plan maintenance on lab-3 next week`: the words after (group 1), a testbed first. */
const MAINTENANCE_PLANNED =
  /^(?:(?:schedule|plan|book|arrange|set\s+up)\s+(?:a\s+|the\s+|some\s+)?maintenance(?:\s+window)?\s+(?:for|on|of)|(?:planned|scheduled|upcoming)\s+maintenance(?:\s+(?:for|on|of))?)\s+(\S[\s\S]{0,160})$/i;
/** `lab-3 maintenance window tonight 8-10pm`, `lab-3 maintenance on friday`: the testbed (group 1), a time after. */
const MAINTENANCE_WINDOW = /^(\S[\s\S]{0,80}?)\s+(?:maintenance\s+window|(?:planned|scheduled)\s+maintenance|maintenance\s+(?=on\s|at\s|tomorrow|tonight|next\s|this\s))\s*(\S[\s\S]{0,80})$/i;
/** `lab-3 goes down for maintenance at 6pm`, `lab-3 will be down tomorrow`: the testbed (group 1), a time word after. */
const DOWN_LATER =
  /^(\S[\s\S]{0,80}?)\s+(?:goes|will\s+go|(?:is\s+)?going(?:\s+to\s+go)?|will\s+be|is\s+going\s+to\s+be)\s+(?:down|offline|into\s+maintenance|in\s+maintenance|under\s+maintenance|out\s+of\s+service)(?:\s+for\s+maintenance)?\s+(?:at|on|from|tomorrow|tonight|next|this|later|in|over)(?:\s[\s\S]*)?$/i;
/** `maintenance on lab-3 tomorrow from 9 to 12`, `put lab-3 into maintenance on saturday`: the words (group 1 or 2), a testbed, then when. */
const MAINTENANCE_WHEN = /^(?:maintenance\s+(?:(?:on|for|of)\s+)?(\S[\s\S]{0,160})|(?:put|take)\s+(\S[\s\S]{0,160}))$/i;
/** A time said for later, after the testbed's name (`tomorrow`, `on saturday`, `from 9`, `next week`). */
const LATER_WORDS = /^(?:(?:into|in|under)\s+maintenance\s+)?(?:tomorrow|tonight|on|from|at|next|this\s+(?:weekend|evening|afternoon|friday|saturday|sunday))(?:\s|$)/i;

/** The status of what was asked about; `it` with no testbed asked about lately (`is it free?`) is the whole lab. */
function statusOf(event: PlatformEvent, label: string): RouteDecision {
  return one('conversation', event, IT.test(label.trim()) ? { type: 'status.requested' } : { type: 'status.requested', label });
}

/** The testbed whose whole name starts the words (the longest such, of at most `maxWords` words), and the words after it. */
function leadingTestbed<T extends Pick<TestbedRecord, 'testbed_name'>>(words: string, testbeds: readonly T[], maxWords = 12): { record: T; rest: string } | undefined {
  const parts = words.trim().split(/\s+/);
  for (let count = Math.min(parts.length, maxWords); count >= 1; count--) {
    const named = parts.slice(0, count).join(' ');
    const match = findByTypedName(testbeds, named);
    if ('found' in match && sameName(match.found.testbed_name, named)) return { record: match.found, rest: parts.slice(count).join(' ') };
  }
  return undefined;
}

/** Maintenance said for later (`schedule maintenance for lab-3 on saturday`): the testbed, or undefined. */
function maintenanceLater<T extends Pick<TestbedRecord, 'id' | 'testbed_name'>>(command: string, testbeds: readonly T[]): T | undefined {
  const planned = MAINTENANCE_PLANNED.exec(command)?.[1];
  if (planned !== undefined) return leadingTestbed(planned, testbeds)?.record;
  const down = DOWN_LATER.exec(command)?.[1];
  if (down !== undefined) return leadingTestbed(down, testbeds)?.record;
  const window = MAINTENANCE_WINDOW.exec(command);
  const windowed = window === null ? undefined : findByTypedName(testbeds, window[1].trim());
  if (window !== null && windowed !== undefined && 'found' in windowed && LATER_WORDS.test(window[2].replace(/^window\s+/i, ''))) return windowed.found;
  const when = MAINTENANCE_WHEN.exec(command);
  const said = when === null ? undefined : leadingTestbed(when[1] ?? when[2], testbeds);
  // `put lab-3 into maintenance tomorrow` is for later; `put lab-3 into maintenance until monday` starts it now.
  return said !== undefined && LATER_WORDS.test(said.rest) && (when?.[1] !== undefined || /^(?:into|in|under)\s+maintenance\s/i.test(said.rest)) ? said.record : undefined;
}

/**
 * The testbed a problem report names, when the words are one (a statement, not a question), and what the form's
 * box starts with: the whole sentence (`lab-3 won't boot`), or what follows `report a problem with lab-3:`.
 */
function problemWith<T extends Pick<TestbedRecord, 'id' | 'testbed_name'>>(command: string, typed: string, testbeds: readonly T[], recent?: T): { record: T; text: string } | undefined {
  // (`@admin lab-3 is down`, `cc admins lab-3 broken`: said to the admins, whom the form tells.)
  const words = command.slice(0, 2000).replace(/^(?:@|hey\s+|cc\s+)?admins?\s*[,:]?\s+(?=\S)/i, '');
  // `lab-3 is offline for maintenance until monday`: the admin's task, not a problem to report.
  if (/\sfor\s+maintenance(?:\s|$)/i.test(words)) return undefined;
  const withDetails = PROBLEM_WITH.exec(words);
  const named = withDetails?.[1] ?? CANNOT_REACH.exec(words)?.[1] ?? PROBLEM_SAID.map((pattern) => pattern.exec(words)?.[1]).find((name) => name !== undefined);
  if (named === undefined) return undefined;
  // `it is broken` after asking about lab-3: lab-3.
  const match = IT.test(named.trim()) ? (recent === undefined ? {} : { found: recent }) : partNamed(testbeds, named.trim());
  if (!('found' in match) || match.found === undefined) return undefined;
  const text = withDetails ? (withDetails[2] ?? '') : typed;
  return { record: match.found, text: text.slice(0, LIMITS.problemMax) };
}

/** `the console on lab-3`, `the ssh of lab-3`: the testbed after the part (group 1). */
const PART_OF = /^(?:the\s+|my\s+)?\S+(?:\s+\S+)?\s+(?:on|of|in|for|to)\s+(\S[\s\S]{0,80})$/i;

/**
 * The testbed words name, or a part of it: `lab-3`, `lab-3 console` (its whole name, then the part), `the console on lab-3`.
 */
function partNamed<T extends Pick<TestbedRecord, 'testbed_name'>>(testbeds: readonly T[], words: string): ReturnType<typeof findByTypedName<T>> {
  const match = findByTypedName(testbeds, words);
  if ('found' in match) return match;
  const after = PART_OF.exec(words)?.[1];
  const of = after === undefined ? undefined : findByTypedName(testbeds, after);
  if (of !== undefined && 'found' in of) return of;
  // The longest start, at most four words, that is one testbed's whole name.
  const start = leadingTestbed(words.slice(0, 120), testbeds, 4);
  return start === undefined ? match : { found: start.record };
}

/**
 * The hint for text that is no command: naming the command its first word most likely meant
 * (`stauts 5g`: status), else the one testbed the words name (`anyone seen TB-03 today?`), with its status a press away.
 */
function hintFor(word: string, command: string, ctx: RouterContext): RouteDecision {
  const suggestion = closestWord(word.split(' ', 1)[0], SUGGESTIBLE_COMMANDS);
  if (suggestion !== undefined) {
    // `relase lab-3`, `boook lab-3 for 2 hours`: the testbed named after the slip goes with the suggestion.
    const after = command.replace(/^\S+\s*/, '');
    const named = after === '' ? undefined : mentionedTestbed(after, ctx.testbeds ?? []);
    return { kind: 'reply', view: { kind: 'hint', suggestion, ...(named === undefined ? {} : { testbedId: named.id }) } };
  }
  const mentioned = mentionedTestbed(command, ctx.testbeds ?? []);
  return { kind: 'reply', view: mentioned === undefined ? { kind: 'hint' } : { kind: 'hint', testbedId: mentioned.id } };
}

/** `thanks`, `got it`: the short answer, in a lab room or in a 1:1 room (after a reminder). */
export function thanksRoute(command: string): RouteDecision | undefined {
  if (THANKS.test(command)) return { kind: 'reply', view: { kind: 'thanks' } };
  return ACKNOWLEDGED.test(command) ? { kind: 'reply', view: { kind: 'thanks', ack: true } } : undefined;
}

/**
 * `pass on lab-3`, `no thanks`: the card with the one step that gives up what the person has of it (read from
 * the store when it is drawn). Also answered in an unapproved 1:1 room, where offers arrive: it concerns only
 * the person typing. Undefined when the words are not that, or name no testbed of the lab.
 */
export function passOnRoute(command: string, ctx: RouterContext, directRoom = false): RouteDecision | undefined {
  // `I'll take it`: the hand-off form of what is held for them (read from the store when it is drawn).
  if (TAKE_OFFERED.test(command)) return { kind: 'reply', view: { kind: 'offerTaken' } };
  // `yes`, `sure`: the same when something is held for them; else, in a lab room, the hint they got before, and in
  // a 1:1 room (where offers arrive) `ok` is acknowledged and `yes` told that nothing is held.
  if (NEXT_PERSON.test(command)) return { kind: 'reply', view: { kind: 'notNeeded' } };
  // `later`, `hold it for me`: the offer again (how long it is held, Book it and No thanks); else an OK or the hint.
  if (LATER_SAID.test(command)) return { kind: 'reply', view: { kind: 'offerTaken', otherwise: directRoom ? 'ack' : 'hint' } };
  if (YES_ALONE.test(command)) {
    const otherwise = !directRoom ? 'hint' : /^(?:ok(?:ay)?|sure)\b/i.test(command) ? 'ack' : undefined;
    return { kind: 'reply', view: { kind: 'offerTaken', ...(otherwise === undefined ? {} : { otherwise }) } };
  }
  const passOn = PASS_ON.exec(command);
  if (!passOn) return undefined;
  // `skip it`, `pass on that`: whatever is offered to them.
  if (passOn[1] === undefined || IT.test(passOn[1].trim())) return { kind: 'reply', view: { kind: 'notNeeded' } };
  const match = findByTypedName(ctx.testbeds ?? [], passOn[1].trim());
  return 'found' in match ? { kind: 'reply', view: { kind: 'notNeeded', testbedId: match.found.id } } : undefined;
}

/**
 * `2 hours`, `until 5pm`, said in a lab room by somebody who holds nothing (so there is nothing to extend): the booking form
 * with that time, the testbed to choose. Any other decision, and the same words from a holder, stay as they are.
 */
export function timeAloneBooked(event: PlatformEvent & { type: 'message' }, decision: RouteDecision, ctx: RouterContext): RouteDecision {
  if (decision.kind !== 'dispatch' || decision.targets.length !== 1) return decision;
  const [only] = decision.targets;
  const asked = only.event;
  if (asked.type !== 'mine.requested' || asked.testbedId !== undefined || (asked.extendMinutes === undefined && asked.extendUntil === undefined)) return decision;
  // (`make it 2 hours`: the length alone.)
  // (`need till 6`, `give me till 5`: the time.)
  const said = commandText(event.text).replace(/^make\s+(?:it|that)\s+(?=\S)/i, '');
  const typed = NEEDED_UNTIL.exec(said)?.[1] ?? said;
  // (`another hour`, `2 more hours`: more time, said of a booking.)
  if (typed.length > MAX_TIME_PHRASE || MORE.test(typed) || !TIME_ALONE_SAID.some((said) => isTypedTime(said(typed)))) return decision;
  if ((ctx.testbeds ?? []).some((record) => heldBy(record, event.personEmail))) return decision;
  const booked = routeWhole({ ...event, text: `book ${typed}` }, ctx);
  const form = booked.kind === 'dispatch' && booked.targets.length === 1 ? booked.targets[0].event : undefined;
  return form?.type === 'registration.started' && form.testbedName === undefined && form.filled !== undefined ? booked : decision;
}

/** A time typed alone, read as the booking form reads one: `for 2 hours` and `until 5pm` as typed, `2 hours` after `for`, `5pm` after `until`. */
const TIME_ALONE_SAID: ReadonlyArray<(typed: string) => string> = [(typed) => typed, (typed) => `for ${typed}`, (typed) => `until ${typed}`];

export function routeText(event: PlatformEvent & { type: 'message' }, ctx: RouterContext, depth = 0): RouteDecision {
  const whole = bookingBySentence(event, routeWhole(event, ctx), ctx);
  // (`lab-3, can I have it`: an answer to an offer whose `it` is the testbed named first, read as said of that testbed.)
  const offerAnswer = whole.kind === 'reply' && (whole.view.kind === 'offerTaken' || (whole.view.kind === 'notNeeded' && whole.view.testbedId === undefined));
  if (!ranPastSentence(whole, ctx) && (whole.kind !== 'reply' || (whole.view.kind !== 'hint' && !offerAnswer))) return whole;
  // `is lab-3 free? need it for a demo`, `morning! who's on lab-3 today`: no command as a whole, so each sentence
  // on its own (then a short first clause), and the first that is one (a thank-you is no request, and a greeting,
  // which opens the menu, is answered so only when no other sentence asks for something).
  const sentences = event.text.length > SENTENCES_TEXT_MAX ? [] : event.text.split(SENTENCE_END);
  // `Linus, can I have lab-3 after you?`: what is said to a colleague, read without their name (which is not read).
  const called = event.text.length > SENTENCES_TEXT_MAX ? null : CALLED_BY_NAME.exec(event.text.trim());
  const calledName = called?.[1] ?? called?.[3];
  const toColleague = called !== null && calledName !== undefined && !('found' in findByTypedName(ctx.testbeds ?? [], calledName)) ? [called[2] ?? called[4]] : [];
  // `still need it, soak running`: a short first clause, and why; `lab-3, it's broken again`: what is said of `it`, lab-3.
  const clause = event.text.length > SENTENCES_TEXT_MAX ? null : FIRST_CLAUSE.exec(event.text.trim());
  const clauseNamed = clause === null ? undefined : findByTypedName(ctx.testbeds ?? [], clause[1]);
  const named = clause !== null && clauseNamed !== undefined && 'found' in clauseNamed && IT_SAID.test(clause[2]) ? clauseNamed.found : undefined;
  // (`it` alone stands for the testbed's name, `can I have it` as `can I have lab-3`; else `it` is the testbed asked about.)
  const itNamed = named === undefined || clause === null ? undefined : clause[2].replace(IT_ALONE, named.testbed_name);
  const ofIt = named === undefined || clause === null ? [] : [...(itNamed === clause[2] || itNamed === undefined ? [] : [{ text: itNamed }]), { text: clause[2], recentTestbedId: named.id }];
  // `> lab-3 is free` on a line of its own, then `book lab-3`: a quoted message, then what the person says of it.
  const unquoted = event.text.length > SENTENCES_TEXT_MAX ? undefined : withoutQuotedLines(event.text);
  const candidates: Array<{ text: string; recentTestbedId?: number; rest?: boolean }> = offerAnswer
    ? ofIt
    : [
        ...(unquoted === undefined ? [] : [{ text: unquoted }]),
        ...toColleague.map((text) => ({ text })),
        ...ofIt,
        ...(sentences.length < 2 ? [] : sentences.slice(0, SENTENCES_MAX)).map((text) => ({ text })),
        // (Of two words at least: `Usage, last 7 days` is a card's heading, not `usage`.)
        ...(clause === null || !/\S\s+\S/.test(clause[1]) ? [] : [{ text: clause[1] }]),
        // `it's urgent, need lab-3 now`, `quick question, is lab-3 free`: what follows a first clause that asks for nothing (never
        // after words that say no, `no, don't release lab-3`, or say what for, `for the soak, 4 hours`, or name the testbed the rest
        // is about, `quick test on lab-3, 10 mins`).
        ...(clause === null || !restAlone(clause[1], clause[2], ctx) ? [] : [{ text: clause[2], rest: true }]),
        // `sorry for holding lab-1 so long, releasing it now`: `it` after a first clause about one testbed is that testbed.
        ...restOfIt(clause, ctx).map((text) => ({ text, rest: true })),
      ];
  let greeted: RouteDecision | undefined;
  let answered: RouteDecision | undefined;
  for (const { text, recentTestbedId, rest } of candidates) {
    // (What follows a first clause is read as text of its own, in parts too, once: deeper, each part alone.)
    const decision = rest === true && depth < REST_DEPTH_MAX ? routeText({ ...event, text }, ctx, depth + 1) : routeWhole({ ...event, text }, recentTestbedId === undefined ? ctx : { ...ctx, recentTestbedId });
    // (What follows a first clause counts only with every testbed it names found: `…, release his testbeds` names none.)
    if (rest === true && !namesFound(decision, ctx)) continue;
    if (decision.kind === 'dispatch' && decision.targets.every((target) => target.event.type === 'menu.requested')) greeted ??= decision;
    // (`one sec, almost done`: a first clause that answers an offer, `later`, gives way to what follows it.)
    else if (decision.kind === 'reply' && decision.view.kind === 'offerTaken' && text === clause?.[1]) answered ??= decision;
    else if (decision.kind === 'dispatch' || (decision.kind === 'reply' && !QUIET_VIEWS.has(decision.view.kind))) return decision;
  }
  return greeted ?? answered ?? whole;
}

/**
 * Whether a decision's testbed or label runs past the end of a sentence and names nothing of the lab (`who is on lab-3? It's
 * been booked since Monday` asked for the status of *lab-3? It's been booked since Monday*): the sentences are read instead.
 */
function ranPastSentence(decision: RouteDecision, ctx: RouterContext): boolean {
  if (decision.kind !== 'dispatch' || decision.targets.length !== 1) return false;
  const asked: Record<string, unknown> = decision.targets[0].event;
  const words = [asked.label, asked.testbedName].find((value): value is string => typeof value === 'string');
  return words !== undefined && PAST_SENTENCE.test(words) && !isLabName(ctx.testbeds ?? [], words);
}

/** A sentence's end inside words: `?` or `!` and more words, or a full stop before a capital. */
const PAST_SENTENCE = /[?!]\s+\S|\.\s+\p{Lu}/u;

/**
 * `can you book lab-5 until 5pm? It's for the customer demo`, `book lab-5. It's for the demo`: a booking whose words ran past
 * its sentence (the rest left unread, or taken as the name) read from its first sentence, with what a later sentence says it is
 * for as the purpose. Any other decision stays.
 */
function bookingBySentence(event: PlatformEvent & { type: 'message' }, decision: RouteDecision, ctx: RouterContext): RouteDecision {
  if (decision.kind !== 'dispatch' || decision.targets.length !== 1) return decision;
  const started = decision.targets[0].event;
  if (started.type !== 'registration.started' || event.text.length > SENTENCES_TEXT_MAX) return decision;
  // (`book lab-5. It's for the demo`: the name ran past its sentence, as words left unread do.)
  const pastName = typeof started.testbedName === 'string' && PAST_SENTENCE.test(started.testbedName) ? started.testbedName : undefined;
  // (`Can I get lab-5 for the rest of the day? Need to run regression`: the purpose ran past its sentence.)
  const pastPurpose = PAST_SENTENCE.test(String((started.filled as FormValues | undefined)?.[INPUT_IDS.purpose] ?? ''));
  if (started.unread === undefined && pastName === undefined && !pastPurpose) return decision;
  const [first, ...later] = event.text.split(SENTENCE_END);
  if (later.length === 0) return decision;
  const again = routeWhole({ ...event, text: first }, ctx);
  const booked = again.kind === 'dispatch' && again.targets.length === 1 ? again.targets[0].event : undefined;
  if (booked?.type !== 'registration.started' || booked.unread !== undefined) return decision;
  const same = pastName === undefined ? booked.testbedName === started.testbedName : typeof booked.testbedName === 'string' && pastName.startsWith(booked.testbedName);
  if (!same) return decision;
  const purpose = later.slice(0, SENTENCES_MAX - 1).map((sentence) => PURPOSE_SENTENCE.exec(sentence.trim())?.[1]).find((said) => said !== undefined);
  const filled = (booked.filled ?? {}) as FormValues;
  if (purpose === undefined || filled[INPUT_IDS.purpose] !== undefined) return again;
  return one('conversation', event, { ...booked, filled: { ...filled, [INPUT_IDS.purpose]: purpose.trim().slice(0, LIMITS.purposeMax) } });
}

/** `It's for the customer demo.`, `Purpose: regression`, `Need to run regression`: what a booking is for, said as a sentence of its own (group 1). */
const PURPOSE_SENTENCE = /^(?:it(?:['’]s|\s+is)\s+for|(?:this|that)(?:['’]s|\s+is)\s+for|(?:the\s+)?(?:purpose|reason)\s*(?:is|:|=)|(?:i\s+|we\s+)?need\s+(?:it\s+)?(?:to|for))\s+(\S[^?!]{0,200}?)[.!]*$/i;

/** Text without the lines it quotes (`> …`), when it quotes some and says more; else undefined. */
function withoutQuotedLines(text: string): string | undefined {
  const lines = text.split(/\r?\n/);
  const own = lines.filter((line) => !/^\s*>/.test(line));
  return own.length === lines.length || own.join('').trim() === '' ? undefined : own.join('\n').trim();
}

/** A colleague's name as typed to call them: a capitalised word or two (`Linus`, `Linus Lab`, `O'Neil`). */
const NAME_TYPED = String.raw`\p{Lu}[\p{L}.'’-]*(?:\s+\p{Lu}[\p{L}.'’-]*)?`;
/**
 * A colleague's name (group 1) and a comma before what is said to them (group 2): `Linus, are you done with lab-3?`; or `@Linus`
 * (group 3) and what follows (group 4).
 */
const CALLED_BY_NAME = new RegExp(String.raw`^@?(${NAME_TYPED})\s*,\s+(\S[\s\S]*)$|^@(\p{Lu}[\p{L}.'’-]*)\s+(\S[\s\S]*)$`, 'u');
/** A first clause of a few words before a comma, a colon or a dash (group 1), and what follows it (group 2). */
const FIRST_CLAUSE = /^([^,;:]{1,40}?)(?:\s*[,;:]|\s+[-–—])\s+(\S[\s\S]*)$/;
/** `it` said of something (`it's broken`, `is it free`). */
const IT_SAID = /(?:^|\s)it(?:['’]s)?(?=\s|$|[?!.,])/i;
/** What follows a first clause that names one testbed, with `it` standing for that testbed's name; none when it says no `it`. */
function restOfIt(clause: RegExpExecArray | null, ctx: RouterContext): string[] {
  if (clause === null || NOT_SAID.test(clause[1]) || NOT_SAID.test(clause[2]) || !IT_WORD.test(clause[2])) return [];
  const about = mentionedTestbed(clause[1], ctx.testbeds ?? []);
  return about === undefined || 'found' in findByTypedName(ctx.testbeds ?? [], clause[1]) ? [] : [clause[2].replace(IT_ALONE, about.testbed_name)];
}

/** Whether what follows a first clause may be read alone: the clause says no `no`, no `for …`, and names no testbed. */
function restAlone(first: string, rest: string, ctx: RouterContext): boolean {
  if (NOT_SAID.test(first) || NOT_SAID.test(rest) || /^(?:for|to|with|on|at|by|from|until|till|after|before|in)\s/i.test(first)) return false;
  return mentionedTestbed(first, ctx.testbeds ?? []) === undefined;
}

/** Whether a form a decision starts names a testbed of the lab, or none. */
function namesFound(decision: RouteDecision, ctx: RouterContext): boolean {
  if (decision.kind !== 'dispatch') return true;
  return decision.targets.every(({ event }) => {
    const name = 'testbedName' in event && typeof event.testbedName === 'string' ? event.testbedName : undefined;
    return name === undefined || 'found' in findByTypedName(ctx.testbeds ?? [], name);
  });
}

/** Words that say no, or not (`no`, `don't`, `never`, `wait`): what follows them is not what is asked for. */
const NOT_SAID = /^(?:no|nope|nah|not|never|don['’]?t|do\s+not|doesn['’]?t|does\s+not|stop|wait|cancel|hold\s+on|but|unless|except|if)\b|\b(?:not|don['’]?t|never|n['’]t)\b/i;
/** The word `it` on its own (not `it's`); every one of them, to replace. */
const IT_WORD = /(?<![\p{L}\d'’-])it(?![\p{L}\d'’-])/iu;
const IT_ALONE = new RegExp(IT_WORD.source, 'giu');
/** Between sentences: after a question mark, an exclamation mark or a full stop, and a space. */
const SENTENCE_END = /(?<=[?!.])\s+(?=\S)/;
/** How many times what follows a first clause is read in parts in turn (`morning all - lab-1 is free now, I'm done with it`). */
const REST_DEPTH_MAX = 1;
/** Typed text is read sentence by sentence only up to this length, and its first sentences only. */
const SENTENCES_TEXT_MAX = 300;
const SENTENCES_MAX = 4;
/** What a sentence alone may answer that is no request: the hint again, a thank-you. */
const QUIET_VIEWS: ReadonlySet<string> = new Set(['hint', 'thanks']);

function routeWhole(event: PlatformEvent & { type: 'message' }, ctx: RouterContext): RouteDecision {
  // `when will it be free?`: `it` is the testbed the person asked about last, a short while ago.
  const recent = ctx.recentTestbedId === undefined ? undefined : ctx.testbeds?.find((record) => record.id === ctx.recentTestbedId);
  const said = commandText(event.text);
  // `can I book for someone else`: how, in one line (before `book for someone else` fills in a purpose).
  if (BOOK_FOR_OTHERS_ASKED.test(said)) return { kind: 'reply', view: { kind: 'error', message: BOOK_FOR_OTHERS_HELP } };
  // `how do I get an API token`, `help api`: how pipelines book, in one line.
  if (API_ASKED.test(said) || API_FROM_CI.test(said)) return { kind: 'reply', view: { kind: 'error', message: API_HELP } };
  // `bug: the status card is wrong`, `feedback: …`: the feedback form, its box holding what was typed.
  const feedback = FEEDBACK_WITH_TEXT.exec(said)?.[1];
  if (feedback !== undefined) return one('conversation', event, { type: 'feedback.started', text: feedback.slice(0, LIMITS.feedbackMax) });
  // `Linus, done with lab-3?`, `@Linus done?`, `Linus: release lab-3`, `Linus no longer needs lab-3`, `release lab-3 if you're done`:
  // its holder asked, about what they hold (these opened the release form, one press from taking lab-3 from them).
  const holderAsked = colleagueAsked(event, said, ctx);
  if (holderAsked) return holderAsked;
  // `lab-1 is free now`, `I'm off lab-1`, `check in lab-1`, said by whoever holds it: its release (said by anyone else, as before);
  // `lab-5 is mine until 5` from somebody who does not hold it: its booking until then.
  const freed = freedByHolder(event, said, ctx) ?? claimedUntil(event, said, ctx);
  if (freed) return freed;
  // `I meant lab-5`, `make it lab-5`, `lab-5 instead`, `lab-1 -> lab-5`: a booking held moves there; with none held, lab-5's booking.
  const corrected = correctionRoute(event, said, ctx) ?? handedByHolder(event, said, ctx);
  if (corrected) return corrected;
  const command = everydayCommand(withTestbedFor(said, recent?.testbed_name), ctx.testbeds ?? []);
  const word = command.toLowerCase();
  // Only the bot's name (a bare mention in a group room) or nothing typed: the menu, as for `testbed`.
  if (word === '') return one('conversation', event, { type: 'menu.requested' });
  if (word === 'cancel' || word === 'stop') return cancelRoute(event);
  // `schedule maintenance for lab-3 on saturday`, `lab-3 will be offline this weekend`: it cannot be set for later; how to plan it instead.
  const later = maintenanceLater(said, ctx.testbeds ?? []);
  if (later !== undefined) return { kind: 'reply', view: { kind: 'maintenanceAhead', testbedId: later.id } };
  // `report a problem`, `I have an issue`: which testbed, in one line (the form is about one).
  if (PROBLEM_ALONE.test(command)) {
    const example = (ctx.testbeds ?? [])[0]?.testbed_name.slice(0, MAX_TYPED_NAME) ?? 'TB-01';
    return { kind: 'reply', view: { kind: 'error', message: `Which testbed is it? Type its name and what is wrong, for example: ${example} is not booting. The lab’s admins get it in a direct message, with your name.` } };
  }
  // `lab-3 is broken`, `report a problem with lab-3`: the form that tells the admins, with what was typed.
  const problem = problemWith(command, said, ctx.testbeds ?? [], recent);
  if (problem !== undefined) return { kind: 'reply', view: { kind: 'problemForm', testbedId: problem.record.id, ...(problem.text === '' ? {} : { text: problem.text }) } };
  // `switch lab-3 to TB-04`, `move my booking to TB-04`: what one press would do (before `move my booking to 6pm`).
  const switched = switchRoute(event, command, ctx);
  if (switched) return switched;
  // `status mine` before `status <label>`: their bookings, not a label called mine.
  if (MY_QUEUES.test(command)) return one('conversation', event, { type: 'mine.requested', queues: true });
  if (MY_BOOKINGS.test(command)) return one('conversation', event, { type: 'mine.requested' });
  const argument = statusArgument(command);
  if (argument === 'invalid') return statusOfPerson(event, command, ctx) ?? { kind: 'reply', view: { kind: 'error', message: STATUS_ARGUMENT_HELP } };
  if (argument !== null) return statusOf(event, argument.label);
  const report = reportArgument(command);
  if (report === 'invalid') return { kind: 'reply', view: { kind: 'error', message: REPORT_ARGUMENT_HELP } };
  // A label no testbed carries (`report 14`, `report 30 weeks`): what the report can be of.
  if (report !== null && report.label !== undefined && !labelCarried(ctx.testbeds ?? [], report.label)) {
    return { kind: 'reply', view: { kind: 'error', message: REPORT_ARGUMENT_HELP } };
  }
  if (report !== null) return one('conversation', event, { type: 'report.requested', days: report.days, ...(report.label === undefined ? {} : { label: report.label }) });
  const queuedForOther = queuedForColleague(said, ctx);
  if (queuedForOther) return queuedForOther;
  const waitFor = WAIT_NAMED.exec(command);
  // `wait a sec`, `wait a minute`: said to somebody, not a testbed to wait for.
  if (waitFor && MOMENT.test(waitFor[1]) && !('found' in findByTypedName(ctx.testbeds ?? [], waitFor[1]))) return { kind: 'reply', view: { kind: 'hint' } };
  if (waitFor) return queueRoute(event, 'wait', waitFor[1].slice(0, MAX_TYPED_LIST), ctx);
  const leave = UNWAIT_NAMED.exec(command);
  if (leave) return queueRoute(event, 'unwait', leave[1].slice(0, MAX_TYPED_LIST), ctx);
  const ask = personNudged(event, command, ctx) ?? askRoute(event, command, ctx);
  if (ask) return ask;
  // `purpose lab-3 soak test`: the form for their booking's new purpose, filled in (one press saves it).
  const purpose = PURPOSE_TYPED.exec(command);
  if (purpose) {
    const typed = readTypedPurpose(purpose[1] ?? '', ctx.testbeds ?? []);
    // `purpose of lab-3` asked of a testbed the person does not hold: a question, which its status answers.
    const askedOf = typed.purpose === undefined && /^purpose\s+(?:of|for)\s/i.test(command) ? typed.testbed : undefined;
    if (askedOf !== undefined && !sameEmail(askedOf.user_email, event.personEmail)) return statusOf(event, askedOf.testbed_name.slice(0, MAX_TYPED_NAME));
    return one('conversation', event, {
      type: 'purpose.started',
      ...(typed.testbed === undefined ? {} : { testbedId: typed.testbed.id }),
      // Longer than a purpose may be: the form says so (cut well past the limit, as any typed words are).
      ...(typed.purpose === undefined ? {} : { purpose: typed.purpose.slice(0, 4 * LIMITS.purposeMax) }),
    });
  }
  // `give all my testbeds to Linus`: the same card for every booking of theirs.
  const handAll = HAND_OVER_ALL.exec(command);
  if (handAll) return one('conversation', event, { type: 'handOver.started', all: true, to: colleagueWords(handAll[1]).slice(0, 120) });
  // `give lab-3 to Linus`: the card that says who that is on the platform, and hands lab-3 over with one press.
  const handOver = HAND_OVER.exec(command);
  const handed = handOver ? findByTypedName(ctx.testbeds ?? [], handOver[1]) : undefined;
  // `give lab-5 to me`, `assign lab-5 to me` of a testbed free for anyone: a booking of it, which is what is asked.
  if (handOver && handed && 'found' in handed && SELF.test(handOver[2].trim()) && handed.found.status === 'available' && !isUnderMaintenance(handed.found)) {
    return one('conversation', event, { type: 'registration.started', testbedName: handed.found.testbed_name.slice(0, MAX_TYPED_NAME) });
  }
  if (handOver && handed && 'found' in handed) return one('conversation', event, { type: 'handOver.started', testbedId: handed.found.id, to: selfWords(colleagueWords(handOver[2])).slice(0, 120) });
  const several = handOver ? severalHandedOver(handOver[1], colleagueWords(handOver[2]).slice(0, 120), ctx) : undefined;
  if (several) return several;
  // (`give it to me` is taking what is offered, and `give it to the next person` passing on an offer, not a hand-over.)
  const noColleague = handOver !== null && (/^(?:me|myself|us)$/i.test(handOver[2].trim()) || NEXT_PERSON.test(command));
  const mine = handOver && !noColleague && MY_ONE_BOOKING.test(handOver[1].trim()) ? myBookingHandedOver(event, colleagueWords(handOver[2]).slice(0, 120), ctx) : undefined;
  if (mine) return mine;
  if (MY_HISTORY.test(command)) return one('conversation', event, { type: 'myHistory.requested' });
  // Before `who has lab-3`: `who has had lab-3` asks about the past.
  if (word === 'history') return { kind: 'reply', view: { kind: 'error', message: HISTORY_HELP } };
  const history = historyName(command, ctx.testbeds ?? []);
  if (history !== undefined) return historyRoute(event, history.slice(0, MAX_TYPED_NAME), ctx);
  // `what did Linus book`, `Linus's history`: their bookings that ended lately (a testbed's name is its history, above).
  const pastOf = personHistoryAsked(command);
  if (pastOf !== undefined && !('found' in findByTypedName(ctx.testbeds ?? [], pastOf))) {
    return one('conversation', event, { type: 'myHistory.requested', person: pastOf.slice(0, LIMITS.holderWordsMax) });
  }
  if (WHO_HAS_ANY.test(command)) return one('conversation', event, { type: 'status.requested' });
  // The status view shows a testbed by name when no label is called so (`status lab-3`).
  const who = WHO_HAS.exec(command);
  if (who) return statusOf(event, who[1].trim().slice(0, MAX_TYPED_NAME));
  const theirs = actOnPersonBooking(event, command, ctx);
  if (theirs) return theirs;
  const holder = holderRoute(event, command, ctx);
  if (holder) return holder;
  if (FREE_NOW.test(command)) return one('conversation', event, { type: 'status.requested', label: 'free' });
  if (SHOW_STATUS.test(command)) return one('conversation', event, { type: 'status.requested' });
  const thanked = thanksRoute(command);
  if (thanked) return thanked;
  if (LABELS_ASKED.test(command)) return { kind: 'reply', view: { kind: 'labels' } };
  if (PROBLEMS_ASKED.test(command)) return { kind: 'reply', view: { kind: 'problems' } };
  if (RULES_ASKED.test(command)) return { kind: 'reply', view: { kind: 'rules' } };
  const zone = timeZoneRoute(command);
  if (zone) return zone;
  if (DIGEST_ASKED.test(command)) return { kind: 'reply', view: { kind: 'digest' } };
  if (WHO_ADMINS.test(command)) return one('admin', event, { type: 'admins.asked' });
  const passOn = passOnRoute(command, ctx);
  if (passOn) return passOn;
  // (`it's fixed`, `it will be back on friday`: of the testbed asked about, or noticed, lately.)
  const admin = adminTask(command, ctx.testbeds ?? []) ?? (recent === undefined ? null : adminTask(withSubjectFor(command, recent.testbed_name), ctx.testbeds ?? []));
  // (`lab-6 back?`, `lab-6 fixed?`: asked, not news; its status says whether.)
  const asked = /\?\s*$/.test(event.text);
  if (admin?.news === 'fixed' && admin.words !== undefined && asked) return statusOf(event, admin.words.slice(0, MAX_TYPED_NAME));
  if (admin) return adminRoute(event, admin, ctx);
  // `when will a testbed be free`, `which testbed frees up first`: none in particular (what is free, or which is due back first).
  if (nextFreeAsked(command, ctx.testbeds ?? [])) return one('conversation', event, { type: 'status.requested', label: 'free' });
  const whenFree = WHEN_FREE.exec(command);
  // (`what time does lab-3 free up` only of a testbed or label of the lab: `when does the meeting free up` is no question for the bot.)
  const freeUp = whenFree?.[2]?.trim();
  const whenAsked = freeUp !== undefined && !('found' in findByTypedName(ctx.testbeds ?? [], freeUp)) && !labelCarried(ctx.testbeds ?? [], freeUp) ? undefined : (whenFree?.[1] ?? freeUp)?.trim();
  if (whenAsked !== undefined) return statusOf(event, labelAsked(whenAsked, ctx.testbeds ?? []).slice(0, MAX_TYPED_NAME));
  // `release all`, `release all mine`: their bookings, where Release all mine is (one press, never on typed text alone).
  if (RELEASE_ALL.test(command)) return one('conversation', event, { type: 'mine.requested' });
  const doneBy = doneByRoute(event, command, ctx);
  if (doneBy) return doneBy;
  // `book again`, `book again lab-3` (`rebook lab-3`, `same as last time`): the form filled in as their last booking was.
  const again = BOOK_AGAIN.exec(command);
  if (again) {
    const named = again[1]?.trim().slice(0, MAX_TYPED_NAME);
    return one('conversation', event, { type: 'registration.started', ...(named === undefined ? {} : { testbedName: named }), again: true });
  }
  // `Linus needs lab-3 for 2 hours`: a booking for Linus, as `book lab-3 for Linus for 2 hours` is.
  const needed = readNeededBooking(command, ctx.testbeds ?? [], event.receivedAt, ctx.timeZone);
  if (needed) {
    const forWho = { words: needed.words.slice(0, MAX_TYPED_NAME), explicit: true as const, ...startedOn(needed.booking) };
    return one('conversation', event, { type: 'registration.started', ...startedOn(needed.booking), forWho });
  }
  const withName = NAMED_FORM.exec(command);
  if (withName) {
    const type = withName[1].toLowerCase() === 'release' ? 'release.started' : 'registration.started';
    const typed = withName[2].trim();
    // `book a testbed`, `release mine`, `release my bookings`: plain words, not a name.
    if (NO_NAME.test(typed) || (type === 'release.started' && /^my\s+(?:bookings|reservations)$/i.test(typed))) return one('conversation', event, { type });
    // `release the 5g one`, `release my 5g testbed`: their booking of the testbed carrying the label (several, or none: the form).
    const labelled = type === 'release.started' ? heldWithLabel(event, typed, ctx) : undefined;
    if (labelled !== undefined) return one('conversation', event, { type, ...(labelled === null ? {} : { testbedName: labelled.slice(0, MAX_TYPED_NAME) }) });
    // `release lab-3 and lab-5`: one press releases those of them that are theirs.
    const several = type === 'release.started' ? testbedsNamed(ctx.testbeds ?? [], eitherWords(typed)) : undefined;
    if (several !== undefined) return { kind: 'reply', view: { kind: 'releaseThese', testbedIds: several.map((record) => record.id) } };
    // `release lab-3 for Linus` (or `on behalf of Linus`), `release lab-3 from Linus`, `release lab-3 because the soak hung`, `done with lab-3 after this run`,
    // `release lab-3 instead`, `done with lab-3, it's yours`: the form on lab-3 (what follows is no testbed's name).
    const leading = type === 'release.started' && !('found' in findByTypedName(ctx.testbeds ?? [], typed)) ? leadingTestbed(typed, ctx.testbeds ?? [], 6) : undefined;
    // (A time after it, `release lab-3 for 2 hours`, is no release's: the whole text is named, as the form says.)
    // (`lab-3, it's yours`: a remark after a comma; a time there, `lab-3, 5pm`, is no release's, and the whole is named.)
    const remark = /^([^,;]{1,80})[,;]\s*(\S[\s\S]*)$/.exec(typed);
    const remarked = remark === null || isTypedTime(remark[2]) || isTypedTime(`until ${remark[2].replace(/^(?:at|by|around)\s+/i, '')}`) ? undefined : remark[1].trim();
    const beforeRemark = type === 'release.started' && remarked !== undefined ? findByTypedName(ctx.testbeds ?? [], remarked) : undefined;
    const releasedName =
      beforeRemark !== undefined && 'found' in beforeRemark
        ? beforeRemark.found.testbed_name
        : leading !== undefined && /^(?:(?:for|from|on\s+behalf\s+of|because|since|as|so|after\s+(?:this|the|my)|once|when)\s|instead$|(?:please|pls|plz)(?:[,;.!]|$))/i.test(leading.rest) && (!isTypedTime(leading.rest) || RELEASED_FOR.test(` ${leading.rest}`))
          ? leading.record.testbed_name
          : typed;
    if (type === 'release.started') return one('conversation', event, { type, testbedName: releasedName.slice(0, MAX_TYPED_NAME) });
    // `book lab-3 or lab-5 for 2 hours`: the first of them free now, as if typed alone; none free, their status, where
    // waiting for whichever is handed on first is one press.
    const either = eitherBooked(typed.replace(OR_ELSE, ' or $1'), ctx.testbeds ?? []);
    if (either !== undefined && either.free === undefined) return one('conversation', event, { type: 'status.requested', label: namesInWords(either.named).slice(0, MAX_TYPED_LIST) });
    const asTyped = either?.free === undefined ? typed : `${either.free.testbed_name} ${either.rest}`.trim();
    // `book lab-3 for 2 hours`, `register lab-3 until 18:00 for the soak`: the form arrives filled in.
    // `book lab-3 for Linus`: perhaps for a colleague, which the platform says when the form is drawn.
    const { booking, forWhom } = readTypedBookingFor(asTyped, ctx.testbeds ?? [], event.receivedAt, ctx.timeZone);
    const forWho = forWhom === undefined ? {} : { forWho: { words: forWhom.words.slice(0, MAX_TYPED_NAME), ...(forWhom.explicit ? { explicit: true as const } : {}), ...startedOn(forWhom.booking) } };
    return one('conversation', event, { type, ...startedOn(booking), ...forWho });
  }
  // `lab-3 needs more time`, `lab-3 needs another hour` from its holder (under maintenance it is the admins', above): as `extend lab-3 …`.
  const needsMore = NEEDS_MORE.exec(command);
  const needing = needsMore === null ? undefined : findByTypedName(ctx.testbeds ?? [], needsMore[1].trim());
  if (needsMore && needing !== undefined && 'found' in needing && heldBy(needing.found, event.personEmail)) {
    return extendRoute(event, readTypedExtend(`${needsMore[1].trim()} ${needsMore[2] ?? ''}`.trim(), ctx.testbeds ?? []), ctx);
  }
  // `extend lab-3`, `extend 2h`: their bookings, where the Extend buttons are (lab-3 chosen, when it names a testbed).
  const extend = EXTEND_NAMED.exec(command);
  if (extend) return extendRoute(event, readTypedExtend(extend[1], ctx.testbeds ?? []), ctx);
  // Own keys only: `constructor` or `__proto__` typed by a user must not reach Object.prototype.
  const known = Object.hasOwn(TEXT_COMMANDS, word) ? TEXT_COMMANDS[word] : undefined;
  if (known) return one(known.flow, event, { type: known.type });
  // A testbed's name alone (`TB-03`): its status, as `who has TB-03`; asked for (`lab-3 please`), the booking form on it.
  const named = bareTestbed(command, ctx.testbeds ?? []);
  if (named && event.type === 'message' && ASKED_POLITELY.test(event.text)) return one('conversation', event, { type: 'registration.started', testbedName: named.testbed_name.slice(0, MAX_TYPED_NAME) });
  if (named) return one('conversation', event, { type: 'status.requested', label: named.testbed_name.slice(0, MAX_TYPED_NAME) });
  return hintFor(word, command, ctx);
}

/**
 * `lab-1 is free now`, `lab-1 unlocked`, `lab-1 all yours`, `I'm off lab-1`, `check in lab-1`: news that a testbed is free, or
 * its return, said of one the person holds: the release form on it. Of a testbed somebody else holds (or nobody), undefined.
 */
function freedByHolder(event: PlatformEvent & { type: 'message' }, said: string, ctx: RouterContext): RouteDecision | undefined {
  if (said.length > AROUND_NAME_MAX) return undefined;
  // (`you can have lab-1 at 4`: read as typed, since `you can` before a command is courtesy and goes.)
  const given = YOU_CAN_HAVE.exec(event.text.trim().replace(/[.!]+$/, '')) ?? FREE_LATER_SAID.exec(said);
  const stated = /\?\s*$/.test(event.text) ? undefined : FREE_STATED.exec(said)?.[1];
  const name = given?.[1] ?? FREED_SAID.exec(said)?.slice(1).find((group) => group !== undefined) ?? stated;
  const match = name === undefined ? undefined : findByTypedName(ctx.testbeds ?? [], name.trim());
  if (match === undefined || !('found' in match)) return undefined;
  const record = match.found;
  if (!heldBy(record, event.personEmail)) return undefined;
  // `lab-1 free at 6`, `lab-1 available after lunch` from its holder: done by then, as `release lab-1 at 6` says it.
  const [, , word, time] = given ?? [];
  if (word !== undefined && time !== undefined) return doneByRoute(event, `release ${record.testbed_name} ${/^from$/i.test(word) ? 'at' : word} ${time}`, ctx);
  return one('conversation', event, { type: 'release.started', testbedName: record.testbed_name.slice(0, MAX_TYPED_NAME) });
}

/**
 * `the 5g one`, `my 5g testbed`: the name of the one testbed carrying the label that the person holds; null when they hold
 * none or several of them; undefined when the words are not that, or name no label of the lab (or a testbed's name).
 */
function heldWithLabel(event: PlatformEvent & { type: 'message' }, typed: string, ctx: RouterContext): string | null | undefined {
  const label = /^(?:the|my)\s+(\S+?)\s+(?:one|testbed|box)$/i.exec(typed)?.[1];
  const testbeds = ctx.testbeds ?? [];
  if (label === undefined || !labelCarried(testbeds, label) || 'found' in findByTypedName(testbeds, typed)) return undefined;
  const held = testbeds.filter((record) => heldBy(record, event.personEmail) && hasLabel(record, label));
  return held.length === 1 ? held[0].testbed_name : null;
}

/**
 * `lab-5 is mine until 5`, `lab-5 mine till 5`, `I have lab-5 till 6pm`, said by somebody who does not hold lab-5: its booking
 * until then (from its holder, it is Done by, as the everyday words read it). Undefined for other text, or a testbed they hold.
 */
function claimedUntil(event: PlatformEvent & { type: 'message' }, said: string, ctx: RouterContext): RouteDecision | undefined {
  const claim = said.length > AROUND_NAME_MAX ? null : MINE_UNTIL.exec(said);
  const name = (claim?.[1] ?? claim?.[2])?.trim();
  const match = name === undefined ? undefined : findByTypedName(ctx.testbeds ?? [], name);
  if (claim === null || match === undefined || !('found' in match) || heldBy(match.found, event.personEmail)) return undefined;
  const { booking } = readTypedBookingFor(`${match.found.testbed_name} until ${claim[3].trim()}`, ctx.testbeds ?? [], event.receivedAt, ctx.timeZone);
  return one('conversation', event, { type: 'registration.started', ...startedOn(booking) });
}

/** `you can have lab-1`, `anyone can take lab-1 at 4`: a testbed (group 1) given up, perhaps at a time (group 2 the word, group 3 the time). */
const YOU_CAN_HAVE =
  /^(?:you|any(?:one|body)|some(?:one|body)(?:\s+else)?|whoever\s+wants\s+it)\s+(?:can|may|could)\s+(?:have|take|use|grab)\s+(\S[\s\S]{0,80}?)(?:\s+(at|after|from|by|in|around)\s+(\S[\s\S]{0,40}))?$/i;
/** A testbed (group 1) said to be free at a time (group 2 the word, group 3 the time): `lab-1 free at 6`, `lab-1 back after lunch`. */
const FREE_LATER_SAID = /^(\S[\s\S]{0,80}?)\s+(?:is\s+|will\s+be\s+)?(?:free|available|yours|back|open)\s+(at|after|from|by|in|around)\s+(\S[\s\S]{0,40})$/i;

/**
 * A testbed named as the one meant: `I meant lab-5`, `sorry, make it lab-5`, `not lab-3, lab-5`, `lab-5 instead`, `I want lab-5
 * instead`, and `lab-1 -> lab-5` (from a testbed they hold). Holding a booking (of another testbed), the card that moves it there;
 * holding none, the booking form on it. Undefined when the words are not that, or name no testbed of the lab.
 */
function correctionRoute(event: PlatformEvent & { type: 'message' }, said: string, ctx: RouterContext): RouteDecision | undefined {
  if (said.length > AROUND_NAME_MAX) return undefined;
  const testbeds = ctx.testbeds ?? [];
  const moved = TESTBED_TO_TESTBED.exec(said) ?? INSTEAD_OF.exec(said);
  // (`lab-1 -> lab-5`, `switch lab-1 > lab-5`, `from lab-1 to lab-5`, `replace lab-1 with lab-5`: what moves, and where to.)
  const arrow = moved === null ? null : [moved[1] ?? moved[3] ?? moved[6], moved[2] ?? moved[4] ?? moved[5]];
  // (`lab-5 not lab-1`: the meant one first, when both are testbeds of the lab.)
  const notThat = NOT_THAT.exec(said);
  const rightOne = notThat !== null && 'found' in findByTypedName(testbeds, notThat[2].trim()) ? notThat[1] : undefined;
  const meant = arrow?.[1] ?? rightOne ?? MEANT_INSTEAD.exec(said)?.slice(1).find((group) => group !== undefined);
  if (meant === undefined) return undefined;
  const to = findByTypedName(testbeds, meant.trim());
  if (!('found' in to)) return undefined;
  const held = testbeds.filter((record) => heldBy(record, event.personEmail));
  const from = arrow === null ? undefined : findByTypedName(testbeds, arrow[0].trim());
  if (arrow !== null) {
    // (`lab-3 -> free` is a board marked; between two testbeds, only from one of theirs.)
    if (from === undefined || !('found' in from) || !held.some((record) => record.id === from.found.id) || from.found.id === to.found.id) return undefined;
    return { kind: 'reply', view: { kind: 'switchForm', testbedId: to.found.id, fromId: from.found.id } };
  }
  const others = held.filter((record) => record.id !== to.found.id);
  if (others.length > 0 && !held.some((record) => record.id === to.found.id)) return { kind: 'reply', view: { kind: 'switchForm', testbedId: to.found.id, ...(others.length === 1 ? { fromId: others[0].id } : {}) } };
  return one('conversation', event, { type: 'registration.started', testbedName: meant.trim().slice(0, MAX_TYPED_NAME) });
}

/** Whether the person (by the email the platform gave) holds the testbed now. */
export function heldBy(record: Partial<Pick<TestbedRecord, 'status' | 'user_email'>>, email: string | undefined): boolean {
  return record.status === 'in_use' && sameEmail(record.user_email, email);
}

/** `lab-1 to Linus`, `lab-1 -> Linus`: from the person holding lab-1, the hand-over card for Linus; else undefined. */
function handedByHolder(event: PlatformEvent & { type: 'message' }, said: string, ctx: RouterContext): RouteDecision | undefined {
  const testbeds = ctx.testbeds ?? [];
  const match = said.length > AROUND_NAME_MAX ? null : (handedWords(said) ?? personThenTestbed(said, testbeds));
  const named = match === null ? undefined : findByTypedName(testbeds, match[0].trim());
  if (match === null || named === undefined || !('found' in named)) return undefined;
  if (!heldBy(named.found, event.personEmail)) return undefined;
  const to = colleagueWords(match[1]).trim();
  // (`lab-1 to the next person`: whoever waits first, as a release gives it.)
  if (TO_THE_QUEUE.test(to)) return one('conversation', event, { type: 'release.started', testbedName: named.found.testbed_name.slice(0, MAX_TYPED_NAME) });
  if (!isPersonWords(to) || NOBODY_NAMED.test(to) || 'found' in findByTypedName(testbeds, to)) return undefined;
  return one('conversation', event, { type: 'handOver.started', testbedId: named.found.id, to: to.slice(0, 120) });
}

/** Whoever waits first: `the next person`, `whoever is next`, `the queue`. */
const TO_THE_QUEUE = /^(?:the\s+next\s+(?:person|one)(?:\s+in\s+(?:line|the\s+queue))?|whoever(?:['’]s|\s+is)\s+next|the\s+(?:queue|line|waiting\s+list))$/i;
/** Words that name nobody in particular (`the team`, `someone`, `anyone who wants it`), or a state (`lab-3 -> free` marks a board). */
const NOBODY_NAMED =
  /^(?:(?:the|a|an|any|some|whoever|next|someone|somebody|anyone|anybody|everyone|everybody|nobody)\b|(?:free|available|released|done|finished|busy|taken|booked|reserved|broken|down|maintenance|offline|online|mine|yours|idle|open|closed|ready)$)/i;
/** A testbed (group 1), then whom it goes to (group 2): `lab-1 to Linus`, `lab-1 -> Linus`. */
const TESTBED_TO_PERSON = /^(\S[\s\S]{0,80}?)\s+(?:to|->|→|=>)\s+(\S[\s\S]{0,80})$/i;

/** The testbed and the person of `lab-1 to Linus`, `I'm giving lab-1 to Linus`, `lab-1 goes to Linus`, `Linus is taking over lab-1`. */
function handedWords(said: string): [testbed: string, person: string] | null {
  const given = TESTBED_GIVEN.exec(said);
  if (given !== null) return [given[1] ?? given[2], given[3]];
  const taken = PERSON_TAKES_OVER.exec(said);
  if (taken !== null) return [taken[2], taken[1]];
  const arrow = TESTBED_TO_PERSON.exec(said);
  return arrow === null ? null : [arrow[1], arrow[2]];
}

/** `give Linus lab-1`, `hand Linus Lab lab-1`: the testbed and the person (one word or two before the testbed's name). */
function personThenTestbed(said: string, testbeds: NonNullable<RouterContext['testbeds']>): [testbed: string, person: string] | null {
  const words = GIVE_PERSON_TESTBED.exec(said)?.[1].split(/\s+/);
  if (words === undefined) return null;
  const split = [1, 2].find((count) => words.length > count && 'found' in findByTypedName(testbeds, words.slice(count).join(' ')));
  return split === undefined ? null : [words.slice(split).join(' '), words.slice(0, split).join(' ')];
}

/** `give Linus lab-1`: the words after the verb (group 1). */
const GIVE_PERSON_TESTBED = /^(?:give|hand)\s+(?!(?:it|this|that|me|us|back|up|over|away|off|out)\s)(\S[\s\S]{0,120})$/i;

/** A testbed (group 1 or 2) given to somebody (group 3): `I'm giving lab-1 to Linus`, `lab-1 goes to Linus`. */
const TESTBED_GIVEN = /^(?:(?:i(?:['’]?m|\s+am)\s+)?(?:giving|handing(?:\s+over)?|passing)\s+(\S[\s\S]{0,80}?)|(\S[\s\S]{0,80}?)\s+goes)\s+to\s+(\S[\s\S]{0,80})$/i;
/** Somebody (group 1) taking a testbed over (group 2): `Linus is taking over lab-1`, `Linus takes lab-1 from here`. */
const PERSON_TAKES_OVER = /^(\S+(?:\s+\S+)?)\s+(?:is\s+taking(?:\s+over)?|takes(?:\s+over)?|will\s+take(?:\s+over)?)\s+(\S[\s\S]{0,80}?)(?:\s+from\s+(?:here|now(?:\s+on)?))?$/i;

/** Two testbeds, what moves and where to (groups 1 and 2, or 3 and 4): `lab-1 -> lab-5`, `switch lab-1 > lab-5`, `from lab-1 to lab-5`. */
const TESTBED_TO_TESTBED = /^(?:(?:switch|move|swap)\s+)?(?:from\s+)?(\S[\s\S]{0,80}?)\s*(?:->|→|=>|>)\s*(\S[\s\S]{0,80})$|^(?:(?:switch|move|swap|go)\s+)?from\s+(\S[\s\S]{0,80}?)\s+to\s+(\S[\s\S]{0,80})$/;
/**
 * Two testbeds, what moves and where to (groups 1 and 2, 3 and 4, or 6 and 5): `replace lab-1 with lab-5`, `instead of lab-1 give me lab-5`,
 * `lab-5 instead of lab-1`.
 */
const INSTEAD_OF =
  /^(?:replace|swap\s+out)\s+(\S[\s\S]{0,80}?)\s+(?:with|for)\s+(\S[\s\S]{0,80})$|^instead\s+of\s+(\S[\s\S]{0,80}?),?\s+(?:(?:give\s+me|i(?:['’]ll|\s+will)\s+(?:take|use)|i\s+(?:want|need)|(?:let\s+me\s+)?(?:book|use|take|have))\s+)?(\S[\s\S]{0,80})$|^(\S[\s\S]{0,80}?)\s+instead\s+of\s+(\S[\s\S]{0,80})$/i;
/** `lab-5 not lab-1`, `actually I want lab-5, not lab-1`, `I meant to book lab-5 not lab-1`: the testbed meant (group 1) and the other one (group 2). */
const NOT_THAT = /^(?:(?:actually\s+)?i\s+(?:want(?:ed)?|need(?:ed)?|meant(?:\s+to\s+(?:say|book|type|take|use))?)\s+)?(\S[\s\S]{0,80}?),?\s+not\s+(?:the\s+)?(\S[\s\S]{0,80})$/i;
/** `lab-3 needs more time`, `lab-3 needs another hour`: the testbed (group 1), and how much more when said (group 2). */
const NEEDS_MORE = /^(\S[\s\S]{0,80}?)\s+needs\s+(?:more\s+time|longer|((?:another|one\s+more|an\s+extra)\s+\S[\s\S]{0,30}?))$/i;
/** The testbed meant (the group that matched), said after another was typed. */
const MEANT_INSTEAD =
  /^(?:(?:sorry|oops|my\s+bad|argh|typo|wrong\s+(?:one|testbed)|(?:i\s+)?booked\s+(?:the\s+)?wrong\s+(?:one|testbed))[,!.;:]?\s+)?(?:(?:(?:i\s+)?meant(?:\s+to\s+(?:say|book|type))?|i\s+wanted|i['’]?d\s+rather\s+(?:have|use|take|get|book)|make\s+(?:it|that)|not\s+\S[\s\S]{0,80}?(?:,|\s+but)|(?:it\s+)?should\s+(?:have\s+)?be(?:en)?)\s+(\S[\s\S]{0,80}?)(?:\s+instead)?|(?:(?:(?:i\s+)?(?:wanted|want|need|meant)|i(?:['’]?ll|\s+will)\s+(?:take|use|book)|book|take|grab|use|(?:can|could|may)\s+i\s+(?:have|get|use|book|take))\s+)?(\S[\s\S]{0,80}?)\s+instead(?:\s+please)?)$/i;

/** A testbed said to be free (group 1), left (group 2), checked in (group 3), or offered (group 4 or 5). */
const FREED_SAID =
  /^(?:(\S[\s\S]{0,80}?)\s+(?:(?:is|['’]s)\s+(?:now\s+)?(?:free|available|open)(?:\s+(?:now|again|for\s+(?:anyone|everyone|others)))?|(?:is\s+)?(?:free|available|open)\s+(?:now|again)|(?:is\s+)?(?:unlocked|up\s+for\s+grabs)(?:\s+now)?|(?:is\s+|['’]s\s+)?(?:all\s+)?yours(?:\s+now)?|(?:is\s+)?free\s+if\s+(?:any|some)(?:one|body)\s+(?:wants|needs)\s+it)|(?:i(?:['’]?m|\s+am)\s+)?(?:off|out\s+of)\s+(\S[\s\S]{0,80}?)(?:\s+now)?|(?:check(?:ing)?[\s-]?in|returning)\s+(\S[\s\S]{0,80}?)|(?:does\s+)?(?:any(?:one|body)|some(?:one|body))\s+(?:need|want)s?\s+(\S[\s\S]{0,80}?)|who\s+(?:wants|needs)\s+(\S[\s\S]{0,80}?))$/i;
/** A testbed named alone with a state (group 1): `lab-1 free`, `lab-1 available`; from its holder, unless asked (`lab-1 free?`). */
const FREE_STATED = /^(\S[\s\S]{0,80}?)\s+(?:free|available|open)$/i;

/**
 * `time zone` (what the lab's clock is), `set my time zone` (asked for one of their own) and `time zone in IST` (the lab's clock and
 * that one), as everyday words read them.
 */
export function timeZoneRoute(command: string): RouteDecision | undefined {
  const asked = /^(?:(set\s+my\s+)?time\s+zone|time\s+zone\s+in\s+(\S[\s\S]*))$/i.exec(command);
  if (!asked) return undefined;
  if (asked[2] !== undefined) return { kind: 'reply', view: { kind: 'timeZone', other: asked[2].slice(0, 40) } };
  return { kind: 'reply', view: asked[1] === undefined ? { kind: 'timeZone' } : { kind: 'timeZone', set: true } };
}

/**
 * For a list that mixes names and labels (`lab-3 or any 5g`): the testbeds a part such as `any 5g`, `a 5g testbed` or `any
 * other 5g` stands for, those carrying the label now (a testbed given the label later is not among them).
 */
function labelledIn(testbeds: NonNullable<RouterContext['testbeds']>): (part: string) => NonNullable<RouterContext['testbeds']> | undefined {
  return (part) => {
    const label = waitedLabel(part.replace(/^(?:any|an?|the)\s+other\s+/i, 'any '), testbeds);
    return label === undefined ? undefined : testbeds.filter((record) => hasLabel(record, label));
  };
}

/** `lab-3 for the demo`, `lab-3 to be free so I can test`, `lab-3 after Linus`: what is waited for, before why (or after whom). */
function waitedBeforeWhy(typed: string): string | undefined {
  return /^(\S.*?)\s+(?:for|because|to|so|after)\s+\S/i.exec(typed)?.[1].replace(/\s+(?:(?:(?:is|gets|becomes)\s+)?(?:free|available|back)|frees\s+up)$/i, '');
}

/** `please` (or `pls`, `plz`) before or after what was typed. */
const ASKED_POLITELY = /^\W*(?:please|pls|plz)\b|\b(?:please|pls|plz)\W*$/i;

/** `lab-3, or lab-5 if taken`, `lab-3 else lab-5`, `lab-3 otherwise lab-5`: a second choice (group 1), as `lab-3 or lab-5`. */
const OR_ELSE = /\s*,?\s+(?:or|else|otherwise|or\s+else)\s+(\S[\s\S]{0,80}?)(?:\s+if\s+(?:(?:it|that|the\s+first)(?:['’]s|\s+is)\s+)?(?:taken|busy|not\s+free|in\s+use|booked))?$/i;

/**
 * `lab-3 or lab-5`, `either lab-3 or lab-5 for 2 hours`, `lab-3 or lab-5, whichever is free first`: the testbeds named (in the
 * order typed), the first of them free for anyone now (as far as the records say), and what follows the names. Only
 * `or` (or `either`, `any of`) makes them a choice: `lab-3 and lab-5` asks for both, which is no single booking.
 */
function eitherBooked(typed: string, testbeds: NonNullable<RouterContext['testbeds']>): { named: string[]; free?: (typeof testbeds)[number]; rest: string } | undefined {
  const choice = /\sor\s|^(?:either|(?:any|one)(?:\s+one)?\s+of)\s/i;
  // Most bookings name one testbed: no list to look for.
  if (!choice.test(typed)) return undefined;
  const words = typed.split(/\s+/).slice(0, 40);
  const labelled = labelledIn(testbeds);
  for (let count = words.length; count >= 3; count--) {
    const listed = words.slice(0, count).join(' ').replace(/,$/, '');
    if (!choice.test(listed)) continue;
    const found = testbedsNamed(testbeds, eitherWords(listed), labelled);
    if (found === undefined || found.length > EITHER_MAX) continue;
    const free = found.find((record) => (record.status ?? 'available') === 'available' && !isUnderMaintenance(record));
    return { named: found.map((record) => record.testbed_name), ...(free === undefined ? {} : { free }), rest: words.slice(count).join(' ') };
  }
  return undefined;
}

/** What a typed booking starts the form with: its testbed, the inputs it fills and the words it could not read. */
function startedOn(booking: TypedBooking): { testbedName?: string; filled?: FormValues; unread?: string } {
  return {
    ...(booking.name === undefined ? {} : { testbedName: booking.name.slice(0, MAX_TYPED_NAME) }),
    ...(Object.keys(booking.values).length > 0 ? { filled: booking.values } : {}),
    ...(booking.unread === undefined ? {} : { unread: booking.unread.slice(0, MAX_TYPED_NAME) }),
  };
}

/**
 * `switch to TB-04`, `swap lab-3 for TB-04`: the card that moves the booking with one press, read from the store when
 * it is drawn. Undefined when the words are no switch, or name no testbed to switch to and could be another command's.
 */
function switchRoute(event: PlatformEvent & { type: 'message' }, command: string, ctx: RouterContext): RouteDecision | undefined {
  const testbeds = ctx.testbeds ?? [];
  // A lab whose network switches carry the label `switch`: `switch` alone is their status.
  if (SWITCH_ASKED.test(command) && !labelCarried(testbeds, command)) {
    const example = (testbeds.find((record) => record.status === 'available') ?? testbeds[0])?.testbed_name ?? 'TB-01';
    const message = `To move your booking to another testbed, type switch to and its name: switch to ${example.slice(0, MAX_TYPED_NAME)}. It keeps its purpose and expected release, and the testbed you leave is released.`;
    return { kind: 'reply', view: { kind: 'error', message } };
  }
  // `can I swap with Linus`: no testbed named, but a colleague; a trade is two hand-overs (it asked for a testbed called “Linus”).
  const partner = SWAP_WITH.exec(command)?.[1].trim();
  if (partner !== undefined && isPersonWords(partner) && !NOBODY_NAMED.test(partner) && !isLabName(testbeds, partner)) {
    const who = partner.slice(0, LIMITS.holderWordsMax);
    const own = testbeds.find((record) => heldBy(record, event.personEmail))?.testbed_name.slice(0, MAX_TYPED_NAME);
    const give = own === undefined ? `give, your testbed’s name, to ${who}` : `give ${own} to ${who}`;
    const message = `To trade testbeds with ${who}, each of you hands yours over: type ${give}, and ${who} does the same for you.`;
    return { kind: 'reply', view: { kind: 'error', message } };
  }
  const typed = readTypedSwitch(command);
  // (`can I switch to lab-5? lab-1 has issues`: the sentences are read, not a testbed called *lab-5? lab-1 has issues*.)
  if (typed === undefined || PAST_SENTENCE.test(typed.to)) return undefined;
  const toName = typed.to.slice(0, MAX_TYPED_NAME);
  // `switch to TB-04 until 5pm for the soak`: the words after the name read as the booking form reads them.
  const whole = findByTypedName(testbeds, toName);
  const after = 'found' in whole ? undefined : switchWords(typed.to, testbeds, event.receivedAt, ctx.timeZone);
  if (after !== undefined && 'problem' in after) return { kind: 'reply', view: { kind: 'error', message: after.problem } };
  const extra = { ...(after?.until === undefined ? {} : { until: after.until }), ...(after?.purpose === undefined ? {} : { purpose: after.purpose }) };
  const fromName = typed.from?.slice(0, MAX_TYPED_NAME);
  const from = fromName === undefined ? undefined : findByTypedName(testbeds, fromName);
  const fromId = from !== undefined && 'found' in from ? { fromId: from.found.id } : {};
  // `switch to any 5g`: a label the lab has (no testbed's name): the first of them free when the card is drawn.
  if (after !== undefined && 'label' in after) return from === undefined || 'found' in from ? { kind: 'reply', view: { kind: 'switchForm', label: after.label, ...fromId, ...extra } } : undefined;
  const to = after !== undefined ? after.record : 'found' in whole ? whole.found : undefined;
  if (to === undefined) return typed.strict ? { kind: 'reply', view: { kind: 'error', message: notFound(testbeds, toName, whole, 'switch to') } } : undefined;
  if (fromName === undefined || from === undefined || 'found' in from) return { kind: 'reply', view: { kind: 'switchForm', testbedId: to.id, ...fromId, ...extra } };
  // `move lab3 to TB-04`: a testbed to move to, so the words are a switch; the booking's name was the slip.
  const toWords = to.testbed_name.slice(0, MAX_TYPED_NAME);
  return { kind: 'reply', view: { kind: 'error', message: notFound(testbeds, fromName, from, 'switch', (near) => `switch ${near} to ${toWords}`) } };
}

/** A colleague (group 1) to trade testbeds with: `swap with Linus`, `can I trade testbeds with Linus`. */
const SWAP_WITH = /^(?:(?:can|could|may)\s+i\s+|let['’]?s\s+)?(?:swap|trade|exchange)\s+(?:(?:testbeds?|bookings?)\s+)?with\s+(\S+(?:\s+\S+)?)$/i;

/**
 * `TB-04 until 5pm`, `TB-04, for 2 hours`, `TB-04 for the soak until friday`: the testbed the words name and what they
 * say after it, read as the booking form reads a typed booking (a length said without how long, `for a while`, says
 * nothing). A problem when the words after the name are no time or purpose the form would take. Undefined when the
 * words name no testbed.
 */
type SwitchWords<T> = { problem: string } | (({ record: T } | { label: string }) & { until?: string; purpose?: string });

function switchWords<T extends Pick<TestbedRecord, 'id' | 'testbed_name' | 'labels'>>(words: string, testbeds: readonly T[], now: string, timeZone: string): SwitchWords<T> | undefined {
  const read = readTypedBooking(words.slice(0, 4 * MAX_TYPED_NAME), testbeds, now, timeZone, 'booking');
  const match = read.name === undefined ? undefined : findByTypedName(testbeds, read.name);
  // `any 5g until 5pm`: a label the lab has, where no testbed is called so.
  const label = read.name === undefined || (match !== undefined && 'found' in match) ? undefined : waitedLabel(read.name, testbeds);
  const found = match !== undefined && 'found' in match ? match.found : undefined;
  if (found === undefined && label === undefined) return undefined;
  const to = found !== undefined ? { record: found } : { label: label as string };
  const name = (found !== undefined ? found.testbed_name : `any ${label}`).slice(0, MAX_TYPED_NAME);
  const release = releaseOfValues(read.values, now, timeZone);
  const instead = `Type switch to ${name} until 18:00 (or for 2 hours), or switch to ${name} alone to keep the booking’s expected release.`;
  // `for 100 days`, `until 9:00 2026-01-01`: a time the form would refuse, said as the form says it.
  if (release !== null && !release.ok) return { problem: `${release.message} ${instead}` };
  if (read.unread !== undefined && !isVagueLength(read.unread)) return { problem: `I could not read “${read.unread.slice(0, MAX_TYPED_NAME)}” as a time within 90 days. ${instead}` };
  const purpose = read.values[INPUT_IDS.purpose];
  return { ...to, ...(release?.ok ? { until: release.iso } : {}), ...(purpose ? { purpose } : {}) };
}

/**
 * `release lab-3 at 16:00`, `I'll be done with lab-3 by 4pm`: their bookings with lab-3 chosen and **Done by 16:00**
 * (earlier than it is due; later, **Extend to**). Undefined when the words name no testbed or no time.
 */
function doneByRoute(event: PlatformEvent & { type: 'message' }, command: string, ctx: RouterContext): RouteDecision | undefined {
  for (const typed of readTypedDoneBy(command)) {
    const at = readTypedInstant(typed.phrase, event.receivedAt, ctx.timeZone);
    if (at === null) continue;
    // `I'll release it at 4pm` with nothing talked about: their booking, as with no testbed named.
    // (`release all at 5`, `release my stuff tonight`: every booking of theirs, on the card where each has its button.)
    if (typed.name === undefined || IT.test(typed.name) || ALL_OF_MINE.test(typed.name)) return one('conversation', event, { type: 'mine.requested', doneBy: at });
    const match = findByTypedName(ctx.testbeds ?? [], typed.name);
    if ('found' in match) return one('conversation', event, { type: 'mine.requested', testbedId: match.found.id, doneBy: at });
  }
  return undefined;
}

/**
 * `retire lab-3`, `force release lab-3`, `rename lab-3 to lab-3b`, `add testbed lab-9`: that admin
 * form, started on the testbed named (and the new name filled in). A name no testbed has is named
 * under the picker, as the booking forms do. The admin actor checks the person against ADMINS first.
 */
function adminRoute(event: PlatformEvent, typed: TypedAdminTask, ctx: RouterContext): RouteDecision {
  const { task, words } = typed;
  const started = (values: FormValues) =>
    one('admin', event, { type: 'admin.formRequested', task, ...(Object.keys(values).length > 0 ? { values } : {}), ...(typed.news ? { news: typed.news } : {}) });
  if (words === undefined) return started({});
  const newName = (name: string | undefined): FormValues => (name ? { testbed_name: name.slice(0, MAX_TYPED_NAME) } : {});
  if (task === 'testbed_add') {
    const { name, labels, description } = addParts(words);
    return started({ ...newName(name), ...(labels ? { labels: labels.slice(0, 600) } : {}), ...(description ? { description: description.slice(0, 400) } : {}) });
  }
  const testbeds = ctx.testbeds ?? [];
  const parts = task === 'testbed_rename' ? renameParts(words, testbeds) : task === 'force_release' ? forceReleaseParts(words, testbeds) : { testbed: words };
  // `maintenance lab-3 until monday for a rack move`: the form arrives with the end and the reason filled in.
  const maintenance = task === 'maintenance_start' ? maintenanceParts(words, testbeds) : undefined;
  const match = findByTypedName(testbeds, maintenance?.testbed ?? parts.testbed);
  if ('found' in match && task === 'testbed_edit') return editRoute(event, match.found, typed.edit);
  const reason: FormValues = 'reason' in parts && parts.reason !== undefined ? { reason: parts.reason.slice(0, 500) } : {};
  if ('found' in match) return started({ testbed_id: String(match.found.id), ...newName('name' in parts ? parts.name : undefined), ...reason, ...maintenanceValues(maintenance, event.receivedAt, ctx.timeZone) });
  const quoted = `“${parts.testbed.slice(0, MAX_TYPED_NAME)}”`;
  const near = 'ambiguous' in match ? undefined : findNearName(testbeds, parts.testbed);
  const problem =
    'ambiguous' in match
      ? `${severalMeant(parts.testbed.slice(0, MAX_TYPED_NAME))}: choose it from the list.`
      : `No testbed is called ${quoted}.${near === undefined ? '' : ` Did you mean ${near.testbed_name}?`} Choose it from the list.`;
  return one('admin', event, { type: 'admin.invalid', task, errors: { testbed_id: problem }, values: { ...newName('name' in parts ? parts.name : undefined), ...reason } });
}

/**
 * `add label 5g to lab-3`, `remove label wifi from lab-3`, `describe lab-3 as …`: the edit form for lab-3 with its labels
 * and description as they would be (nothing changes before Save). A label to take away that the testbed does not
 * have is named under the labels box.
 */
function editRoute(event: PlatformEvent, record: Pick<TestbedRecord, 'id' | 'testbed_name' | 'labels'>, typed: TypedEdit | undefined): RouteDecision {
  const values: FormValues = { testbed_id: String(record.id) };
  if (typed?.description !== undefined) values.description = typed.description.slice(0, 400);
  const labels = typed?.labels;
  if (labels === undefined) return one('admin', event, { type: 'admin.formRequested', task: 'testbed_edit', values });
  const listed = (text: string) => text.split(',').map((label) => label.trim()).filter((label) => label !== '');
  const now = record.labels ?? [];
  const named = listed(labels.text);
  const has = (list: readonly string[], label: string) => list.some((other) => sameLabel(other, label));
  const next =
    labels.op === 'set' ? named : labels.op === 'add' ? [...now, ...named.filter((label) => !has(now, label))] : now.filter((label) => !has(named, label));
  values.labels = next.join(', ').slice(0, 600);
  const missing = labels.op === 'remove' ? named.filter((label) => !has(now, label)) : [];
  if (missing.length === 0) return one('admin', event, { type: 'admin.formRequested', task: 'testbed_edit', values });
  const problem = `${record.testbed_name.slice(0, MAX_TYPED_NAME)} has no label ${missing.map((label) => `“${label.slice(0, 40)}”`).join(', ')}, so there is nothing to take away.`;
  return one('admin', event, { type: 'admin.invalid', task: 'testbed_edit', errors: { labels: problem }, values });
}

/**
 * The end and the reason typed with `maintenance lab-3`, as the admin form takes them: the end on the display
 * zone's clock (`2026-11-30 23:59`) when the words read as a time, else as typed (the form then names the problem).
 */
function maintenanceValues(parts: ReturnType<typeof maintenanceParts> | undefined, now: string, timeZone: string): FormValues {
  const values: FormValues = {};
  // `until further notice`, `until unknown`: no expected end, which is what the empty box means.
  if (parts?.until !== undefined && /^(?:(?:further\s+)?notice|unknown|tbd|tba|we\s+know|(?:it['’]?s|it\s+is)\s+(?:fixed|done|back))$/i.test(parts.until.trim())) {
    values.until = '';
  } else if (parts?.until !== undefined) {
    const at = readTypedInstant(`until ${parts.until}`, now, timeZone);
    values.until = at === null ? parts.until.slice(0, MAX_TYPED_NAME) : formatInZone(at, timeZone).slice(0, 16);
  }
  // `for 2 hours`, `for the weekend` (perhaps `… because of the fan`): how long it lasts, which is the end; the reason follows `because`.
  const lasting = parts?.reason === undefined || parts.until !== undefined ? undefined : /^(.+?)(?:\s+because(?:\s+of)?\s+(\S[\s\S]*))?$/i.exec(parts.reason);
  const end = lasting ? readTypedInstant(`for ${lasting[1]}`, now, timeZone) : null;
  if (lasting && end !== null) {
    values.until = formatInZone(end, timeZone).slice(0, 16);
    if (lasting[2] !== undefined) values.reason = lasting[2].slice(0, 500);
    return values;
  }
  if (parts?.reason !== undefined) values.reason = parts.reason.slice(0, 500);
  return values;
}

/**
 * `Linus until friday`, `Linus for his demo`: the colleague, without what is typed after them (a hand-over keeps the
 * booking's expected release and purpose, which the card shows; the new holder changes them).
 */
function colleagueWords(words: string): string {
  // (`Linus, he's taking over my tests`: what follows a comma or a full stop is said of them, not their name.)
  const typed = withoutMention(words.trim().slice(0, 200).replace(/\s*[,;.!?]\s[\s\S]*$/, '').replace(/\s+(?:please|pls|plz)$/i, ''));
  const after = /\s+(for|because|until|till|over|at|by|after|when|once)\s+(\S.*)$/i.exec(typed);
  if (after === null) return typed;
  // `until`, `till`, `over`, `at`, `by` and `after` only before a time: `Till` may be a name (`Ben Till Jones`). (`when I'm done`:
  // the hand-over is pressed when it is meant.)
  const timed = /^(?:for|because|when|once)$/i.test(after[1]) || isTypedTime(`until ${after[2]}`);
  return timed ? typed.slice(0, after.index) : typed;
}

/** `move lab-3 to my name`: the person typing, as `me`. */
function selfWords(words: string): string {
  return /^my\s+(?:own\s+)?(?:name|account|user)$/i.test(words.trim()) ? 'me' : words;
}

/** `history lab-3`: that testbed's bookings; otherwise a line on why not (the name meant, when it was a slip). */
function historyRoute(event: PlatformEvent, typed: string, ctx: RouterContext): RouteDecision {
  const testbeds = ctx.testbeds ?? [];
  const match = findByTypedName(testbeds, typed);
  if ('found' in match) return one('conversation', event, { type: 'history.requested', testbedId: match.found.id });
  // `who used it last` with no testbed talked about lately: which one is not known, so how to ask.
  if (IT.test(typed.trim())) return { kind: 'reply', view: { kind: 'error', message: HISTORY_HELP } };
  // `history Linus`: no testbed is called so, nor one a slip away: the words may name a person.
  const near = 'none' in match ? (findNearName(testbeds, typed) ?? findNamedWithin(testbeds, typed)) : undefined;
  // (Several words read as a name only written as one: `history Linus Lab`, not `history lines skipped`.)
  const nameLike = !/\s/.test(typed.trim()) || typed.trim().split(/\s+/).every((word) => /^\p{Lu}/u.test(word));
  if ('none' in match && near === undefined && nameLike && isPersonWords(typed)) {
    return one('conversation', event, { type: 'myHistory.requested', person: typed.slice(0, LIMITS.holderWordsMax) });
  }
  return { kind: 'reply', view: { kind: 'error', message: notFound(testbeds, typed, match, 'history') } };
}

/**
 * `wait lab-3` / `unwait lab-3`: join or leave the queue of the testbed named (ignoring case, or the
 * only one whose name starts so), as the Notify me when free and Leave the queue buttons do;
 * otherwise a line on why not, and nothing happens.
 */
function queueRoute(event: PlatformEvent, type: 'wait' | 'unwait', full: string, ctx: RouterContext): RouteDecision {
  const testbeds = ctx.testbeds ?? [];
  // One name is read from the first characters; a list of them (`wait lab-3 or lab-5`) from all that was typed.
  const typed = full.slice(0, MAX_TYPED_NAME);
  const match = findByTypedName(testbeds, typed);
  if ('found' in match) return lifecycle(event, { type, testbedId: match.found.id }, event.receivedAt);
  // `wait any 5g`: a place in the queue of each busy testbed carrying 5g, until they hold one of them.
  const label = waitedLabel(typed, testbeds);
  if (label !== undefined) return lifecycle(event, { type: type === 'wait' ? 'waitLabel' : 'unwaitLabel', label }, event.receivedAt);
  // `wait for any testbed`, `wait for the next free one`: a place in the queue of every busy testbed, until they hold
  // one (a label every testbed counts as carrying); `unwait any`: those places given up.
  if (ANY_TESTBED.test(typed)) return lifecycle(event, { type: type === 'wait' ? 'waitLabel' : 'unwaitLabel', label: ANY_TESTBED_LABEL }, event.receivedAt);
  // `wait lab-3 for the demo`, `wait any 5g because the soak runs long`, `stop waiting for lab-3 for now`, `wait for lab-3
  // after Linus`: why (or after whom) changes nothing about the queue.
  const waited = waitedBeforeWhy(typed);
  if (waited !== undefined && ('found' in findByTypedName(testbeds, waited) || waitedLabel(waited, testbeds) !== undefined || ANY_TESTBED.test(waited))) {
    return queueRoute(event, type, waited, ctx);
  }
  // `wait lab-3 or lab-5`, `wait for either lab-3 or lab-5`, `wait for any of lab-3, lab-5, whichever frees up first`: a
  // place in each of their queues until they hold one of them; `unwait lab-3 and lab-5`: their places in both given up.
  const listed = waitedBeforeWhy(full);
  const listedTestbeds = (labelled?: ReturnType<typeof labelledIn>) =>
    testbedsNamed(testbeds, eitherWords(listed ?? full), labelled) ?? (listed === undefined ? undefined : testbedsNamed(testbeds, eitherWords(full), labelled));
  // `wait lab-3 or any 5g`: as `wait lab-3 or lab-1 or lab-5`, the testbeds carrying 5g now standing for the label.
  const several = listedTestbeds() ?? listedTestbeds(labelledIn(testbeds));
  if (several !== undefined && several.length > EITHER_MAX) {
    const message = `“${typed}” names ${several.length} testbeds, and a wait for whichever is handed on first takes at most ${EITHER_MAX}: wait for the label and for each testbed on their own (wait any and the label, wait and the testbed's name). Nothing was changed.`;
    return { kind: 'reply', view: { kind: 'error', message } };
  }
  if (several !== undefined) {
    const label = eitherKey(several.map((record) => record.testbed_name));
    return lifecycle(event, { type: type === 'wait' ? 'waitLabel' : 'unwaitLabel', label }, event.receivedAt);
  }
  // `wait any 4g` where no testbed carries 4g: the label is what was meant, so the answer is about labels.
  // (`any 4g`, `a 4g testbed`; `a x` or `an hour` alone is no label asked for.)
  const said = /^(?:any\s+(\S+?)(?:\s+(?:testbeds?|ones?))?|an?\s+(\S+?)\s+(?:testbeds?|ones?))$/i.exec(typed);
  const asked = said?.[1] ?? said?.[2];
  if (asked !== undefined && readLabel(asked) !== null) {
    const none = labelsInUse(testbeds).length === 0 ? `No testbed has a label yet, so none is labelled ${asked}. Type status to see them all.` : `No testbed has the label ${asked}. ${otherLabelsText(asked, testbeds, type)}`;
    return { kind: 'reply', view: { kind: 'error', message: `${none} Nothing was changed.` } };
  }
  // A reason after a name no testbed has (`wait lab-50 for the demo`): the name is what was not found.
  const named = waited ?? typed;
  return { kind: 'reply', view: { kind: 'error', message: notFound(testbeds, named, waited === undefined ? match : findByTypedName(testbeds, waited), type) } };
}

/**
 * `ask about lab-3`, `ask Linus to release lab-3`, `nudge lab-3`: ask whoever holds lab-3 whether they still
 * need it, as Ask the holder does (the testbed answers: not booked, yours, asked too recently). A name no
 * testbed has is answered with why; `nudge` with words that name no testbed is no ask (undefined).
 */
function askRoute(event: PlatformEvent, command: string, ctx: RouterContext): RouteDecision | undefined {
  const asked = readTypedAsk(command);
  if (asked === undefined) return undefined;
  const testbeds = ctx.testbeds ?? [];
  const typed = asked.name.slice(0, MAX_TYPED_NAME);
  const match = findByTypedName(testbeds, typed);
  if ('found' in match) return lifecycle(event, { type: 'ask', testbedId: match.found.id }, event.receivedAt);
  if (!asked.explicit) return undefined;
  return { kind: 'reply', view: { kind: 'error', message: notFound(testbeds, typed, match, 'ask about') } };
}

/**
 * `nudge Linus`, `ask Linus if he's done`, `remind Linus to release it`: a colleague asked about what they hold. Holding one
 * testbed, its holder is asked, as **Ask the holder** does; several, their bookings as status shows them (each row asks its
 * own); none, that there is nothing to ask about. The colleague's name is not read (a recording blanks it).
 */
function personNudged(event: PlatformEvent, command: string, ctx: RouterContext): RouteDecision | undefined {
  const person = PERSON_NUDGED.exec(command)?.slice(1).find((group) => group !== undefined)?.trim();
  return person === undefined ? undefined : askAboutHeldBy(event, person, ctx);
}

/** What a colleague called so holds, asked about (see `personNudged`); undefined when the words are no person's or a testbed's name. */
function askAboutHeldBy(event: PlatformEvent, person: string, ctx: RouterContext): RouteDecision | undefined {
  const testbeds = ctx.testbeds ?? [];
  if (!isPersonWords(person) || 'found' in findByTypedName(testbeds, person)) return undefined;
  const held = heldByTyped(testbeds, person);
  const [only] = held;
  if (held.length === 1 && only !== undefined) return lifecycle(event, { type: 'ask', testbedId: only.id }, event.receivedAt);
  const named = person.slice(0, LIMITS.holderWordsMax);
  if (held.length > 1) return one('conversation', event, { type: 'status.requested', holder: named });
  return { kind: 'reply', view: { kind: 'error', message: `Nobody called ${named} holds a testbed right now, so there is nothing to ask them about. Type status to see who holds what.` } };
}

/** A colleague called by name (group 1), as typed before what is said to them; `CALLED_APART` with a mark after the name. */
const CALLED_NAME = String.raw`(?:[Hh]ey\s+|[Hh]i\s+)?(${NAME_TYPED})`;
const CALLED = String.raw`${CALLED_NAME}\s*(?:[,:]|\s[-–—])?\s+`;
const CALLED_APART = String.raw`${CALLED_NAME}\s*(?:[,:]|\s[-–—])\s+`;
/**
 * `Linus, done with lab-3?`, `@Linus finished?`, `Linus done yet?`, `Linus, u done?`, `Linus, still using lab-3?`: a colleague (group 1)
 * asked whether they are done, with a testbed (group 2 or 3).
 */
const DONE_ASKED_OF = new RegExp(
  String.raw`^${CALLED}(?:(?:are\s+)?you\s+)?(?:(?:all\s+)?(?:done|finished|through)(?:\s+(?:with|on)\s+(\S[\s\S]{0,80}?)|\s+yet)?|still\s+(?:using|on|need(?:ing)?)\s+(\S[\s\S]{0,80}?))$`,
  'u',
);
/**
 * `Linus, release lab-3?`, `Linus: release lab-3`, `@Linus release lab-3 pls`, `Linus, free up lab-3 please`, `Linus, give lab-3 back`,
 * `Linus, release it`: a colleague (group 1) asked to let go of a testbed (group 2 or 3; `it` or `your testbed`: what they hold).
 * The name stands apart (a comma, a colon or a dash after it) unless typed as a mention (`@Linus`): `Please release lab-3`,
 * `Can release lab-3` call nobody.
 */
const releaseAskedOf = (called: string) =>
  new RegExp(
    String.raw`^${called}(?:(?:please|pls|plz)\s+)?(?:(?:release|free(?:\s+up)?|give\s+back|hand\s+back|return|let\s+go\s+of)\s+(\S[\s\S]{0,80}?)|give\s+(\S[\s\S]{0,80}?)\s+back)(?:\s+(?:please|pls|plz))?$`,
    'u',
  );
const RELEASE_ASKED_OF = releaseAskedOf(CALLED_APART);
const RELEASE_ASKED_OF_MENTIONED = releaseAskedOf(CALLED);
/** `it`, `yours`, `your testbed`, `all`: what the colleague spoken to holds. */
const THEIRS = /^(?:it|yours|all|everything|your\s+(?:testbeds?|bookings?|stuff|one))$/i;
/** `Linus is done with lab-3`, `Linus no longer needs lab-3`, `Linus left lab-3`: news of a colleague (group 1) and a testbed (group 2). */
const HOLDER_DONE_SAID = new RegExp(
  String.raw`^(${NAME_TYPED})\s+(?:is\s+done\s+with|(?:has\s+)?finished\s+with|(?:doesn['’]?t|does\s+not|no\s+longer)\s+needs?|left)\s+(\S[\s\S]{0,80}?)(?:\s+any\s*more)?$`,
  'u',
);
/** `release lab-3 if you're done`, `release lab-3 if not used`, `if nobody uses lab-3, release it`, `release lab-3 whoever has it`: the testbed (group 1 or 2). */
const RELEASE_IF =
  /^(?:(?:please\s+)?(?:release|free(?:\s+up)?)\s+(\S[\s\S]{0,80}?)\s+(?:if\s+(?:you(?:['’]re|\s+are)\s+(?:done|finished)|(?:it(?:['’]s|\s+is)\s+)?(?:not|no\s+longer)\s+(?:being\s+)?(?:used|in\s+use|needed)|unused|no(?:one|body)(?:['’]s|\s+is)\s+using\s+it|no(?:one|body)\s+uses\s+it)|whoever\s+(?:has|holds)\s+it)|if\s+no(?:one|body)\s+(?:uses|is\s+using)\s+(\S[\s\S]{0,80}?),?\s+(?:release|free)\s+it)$/i;
/** First words that call nobody (`Yes, done with lab-3`, `Please, release lab-3`, `Is Linus still on lab-3`): no colleague's name. */
const NOT_A_NAME =
  /^(?:yes|yeah|yep|no|nope|ok|okay|sure|sorry|thanks|so|all|almost|nearly|not|still|just|i|i['’]m|we|well|oh|hey|hi|please|pls|plz|kindly|bot|testbed|admins?|can|could|then|now|also|and|but|guys|team|everyone|everybody|folks|finally|mostly|is|are|was|were|do|does|did|has|have|had|when|what|who|why|how|where|will|would|should|shall|may|might)$/i;

/**
 * A colleague asked whether they are done or to let go, or said to be done, or a release asked for on a condition only its holder
 * knows: with a testbed named that somebody else than the person typing holds, its holder is asked, as **Ask the holder** does
 * (their own stays their release); with none named (`Linus, done?`, `Linus, release it`), as `nudge Linus` (the one testbed they
 * hold, or why not). Anything else, undefined.
 */
function colleagueAsked(event: PlatformEvent & { type: 'message' }, said: string, ctx: RouterContext): RouteDecision | undefined {
  if (said.length > AROUND_NAME_MAX) return undefined;
  const testbeds = ctx.testbeds ?? [];
  const askHolderOf = (name: string): RouteDecision | undefined => {
    const named = findByTypedName(testbeds, name.trim());
    return 'found' in named && !heldBy(named.found, event.personEmail) ? lifecycle(event, { type: 'ask', testbedId: named.found.id }, event.receivedAt) : undefined;
  };
  const conditional = RELEASE_IF.exec(said)?.slice(1).find((group) => group !== undefined);
  const own = conditional === undefined ? undefined : findByTypedName(testbeds, conditional.trim());
  // (`release lab-1 if not used` from its holder: the condition is theirs to know, and the release form on it.)
  if (own !== undefined && 'found' in own && heldBy(own.found, event.personEmail)) {
    return one('conversation', event, { type: 'release.started', testbedName: own.found.testbed_name.slice(0, MAX_TYPED_NAME) });
  }
  if (conditional !== undefined) return askHolderOf(conditional);
  const mentioned = /^@\p{Lu}/u.test(event.text.trim());
  const asked = DONE_ASKED_OF.exec(said) ?? (mentioned ? RELEASE_ASKED_OF_MENTIONED : RELEASE_ASKED_OF).exec(said) ?? HOLDER_DONE_SAID.exec(said);
  // (`Yes, done with lab-3`, `Sorry, done?`, `Is Linus still on lab-3`: no colleague called by name first.)
  const first = asked?.[1].split(/\s/)[0] ?? '';
  // (`EDIT: release lab-1`, `FYI: …`: a word in capitals is no name.)
  if (asked === null || NOT_A_NAME.test(first) || /^\p{Lu}{2,}$/u.test(first) || 'found' in findByTypedName(testbeds, asked[1])) return undefined;
  const name = asked[2] ?? asked[3];
  if (name !== undefined && !THEIRS.test(name.trim())) return askHolderOf(name);
  return name !== undefined || /\?\s*$/.test(event.text) ? askAboutHeldBy(event, asked[1], ctx) : undefined;
}

/**
 * `queue Linus for lab-3`, `add Linus to the lab-3 queue`: a place in a queue is taken by the person who waits (it is their
 * turn that is offered, in their 1:1 room), so how they take it. Undefined when the words name nobody, or no testbed.
 */
function queuedForColleague(said: string, ctx: RouterContext): RouteDecision | undefined {
  const match = said.length > AROUND_NAME_MAX ? null : QUEUED_FOR_COLLEAGUE.exec(said);
  if (match === null) return undefined;
  const person = (match[1] ?? match[3]).trim();
  const named = findByTypedName(ctx.testbeds ?? [], (match[2] ?? match[4] ?? match[5]).trim());
  if (!isPersonWords(person) || 'found' in findByTypedName(ctx.testbeds ?? [], person) || !('found' in named)) return undefined;
  const name = named.found.testbed_name.slice(0, MAX_TYPED_NAME);
  const message = `Each person takes a place in a queue themselves, since the turn is offered to them: ${person.slice(0, LIMITS.holderWordsMax)} can type wait ${name}, or press Notify me when free on its status.`;
  return { kind: 'reply', view: { kind: 'error', message } };
}

/** A colleague (group 1 or 3) put in the queue of a testbed (group 2, 4 or 5). */
const QUEUED_FOR_COLLEAGUE =
  /^(?:(?:queue|wait-?list)\s+(?!(?:up|me|us|myself)\s)(\S+(?:\s+\S+)?)\s+(?:up\s+)?(?:for|on)\s+(\S[\s\S]{0,80}?)|(?:add|put)\s+(\S+(?:\s+\S+)?)\s+(?:to|in|on|into)\s+(?:the\s+)?(?:(?:queue|line|waiting\s+list|wait-?list)\s+(?:for|of|on)\s+(\S[\s\S]{0,80}?)|(\S[\s\S]{0,80}?)\s+(?:queue|line|waiting\s+list|wait-?list)))$/i;

/** A colleague nudged (group 1 or 2): `nudge Linus`, `ask Linus if he's done`, `remind Linus to release it`. */
const PERSON_NUDGED =
  /^(?:(?:nudge|poke)\s+(\S+(?:\s+\S+)?)|(?:ask|ping|remind|tell)\s+(\S+(?:\s+\S+)?)\s+(?:(?:if|whether)\s+(?:he|she|they)(?:['’]s|['’]re|\s+is|\s+are)\s+(?:done|finished|still\s+(?:using\s+it|on\s+it|testing))|to\s+(?:release|free(?:\s+up)?|give\s+back|hand\s+back)\s+(?:it|their\s+(?:testbed|booking))))$/i;

/** Why a typed name found no one testbed, and what to type instead (`Did you mean lab-3? Type wait lab-3.`). */
function notFound(
  testbeds: NonNullable<RouterContext['testbeds']>,
  typed: string,
  match: ReturnType<typeof findByTypedName>,
  command: string,
  typeWith = (near: string) => `${command} ${near}`,
): string {
  const quoted = `“${typed}”`;
  if ('ambiguous' in match) return `${severalMeant(typed)}: type more of its name.`;
  const near = findNearName(testbeds, typed) ?? findNamedWithin(testbeds, typed);
  const meant = near === undefined ? ' Type status to see them all.' : ` Did you mean ${near.testbed_name}? Type ${typeWith(near.testbed_name)}.`;
  return `No testbed is called ${quoted}.${meant}`;
}

/** `extend lab-3 by 2 hours`: their bookings, lab-3 chosen, with an Extend button of that length (or to that time). */
function extendRoute(event: PlatformEvent & { type: 'message' }, asked: TypedExtend<Pick<TestbedRecord, 'id'>>, ctx: RouterContext): RouteDecision {
  const extension = typedExtension(event, asked, ctx);
  return one('conversation', event, {
    type: 'mine.requested',
    ...(asked.testbed === undefined ? {} : { testbedId: asked.testbed.id }),
    ...extension,
    ...(asked.all && (extension.extendMinutes !== undefined || extension.extendUntil !== undefined) ? { extendAll: true as const } : {}),
  });
}

/**
 * The length or instant typed with `extend` for its button; or, for `extend lab-3 until 2027-06-01`, a time read that no
 * extension may reach (the card says why).
 */
function typedExtension(
  event: PlatformEvent & { type: 'message' },
  asked: Pick<TypedExtend<unknown>, 'minutes' | 'until'>,
  ctx: RouterContext,
): { extendMinutes?: number; extendUntil?: string; extendRefused?: ExtendRefused } {
  const values = asked.until === undefined ? null : readTypedRelease(asked.until, event.receivedAt, ctx.timeZone);
  const resolved = values === null ? null : releaseOfValues(values, event.receivedAt, ctx.timeZone);
  const outside = resolved !== null && !resolved.ok ? resolved.outside : undefined;
  return {
    ...(asked.minutes === undefined ? {} : { extendMinutes: asked.minutes }),
    ...(resolved?.ok ? { extendUntil: resolved.iso } : {}),
    ...(outside === undefined || asked.until === undefined ? {} : { extendRefused: { typed: asked.until.replace(/^until\s+/i, '').slice(0, MAX_TYPED_NAME), outside } }),
  };
}

/**
 * `extend Linus's booking by 2 hours`, `release Linus's booking`: with one booking of theirs, as `extend lab-3 by 2 hours`
 * (an admin gets Extend theirs) or `release lab-3` (the form, which says they will be told); their own, their bookings;
 * several or none, that person's bookings as status shows them.
 */
function actOnPersonBooking(event: PlatformEvent & { type: 'message' }, command: string, ctx: RouterContext): RouteDecision | undefined {
  const verb = PERSON_BOOKING_VERB.exec(command);
  const asked = verb ? personBookingAsked(verb[2]) : undefined;
  const testbeds = ctx.testbeds ?? [];
  if (!verb || asked === undefined || 'found' in findByTypedName(testbeds, asked.person)) return undefined;
  const releasing = !/^(?:extend|renew|prolong)$/i.test(verb[1]);
  const length = readTypedExtend(asked.rest, testbeds);
  // `release Linus's booking now` and other words after it: not read here.
  if (length.testbed !== undefined || (releasing && asked.rest !== '')) return undefined;
  const held = heldByTyped(testbeds, asked.person);
  // Their own (`extend Ada's booking`, typed by Ada): their bookings, as `extend my bookings` shows them.
  const own = held.length > 0 ? held.every((record) => sameEmail(record.user_email, event.personEmail)) : personCalled(asked.person)(event.personEmail, undefined);
  // Somebody else's booking, asked in a 1:1 room: their bookings as status shows them (lab data, which a 1:1 room that
  // is not approved does not show), never which testbed that is through a card meant for the person's own.
  if (!own && event.roomType === 'direct') return one('conversation', event, { type: 'status.requested', holder: asked.person.slice(0, LIMITS.holderWordsMax) });
  if (releasing && (own || held.length === 1)) {
    return one('conversation', event, { type: 'release.started', ...(own && held.length !== 1 ? {} : { testbedName: held[0].testbed_name.slice(0, MAX_TYPED_NAME) }) });
  }
  if (own) return extendRoute(event, { ...length, all: true }, ctx);
  if (held.length === 1) return extendRoute(event, { ...length, testbed: held[0] }, ctx);
  const holder = asked.person.slice(0, LIMITS.holderWordsMax);
  // Several: for an admin, Extend all of theirs (the card asks whether the person asking is one); otherwise as status shows them.
  if (!releasing && held.length > 1) return { kind: 'reply', view: { kind: 'theirBookings', holder, ...typedExtension(event, length, ctx) } };
  return one('conversation', event, { type: 'status.requested', holder });
}

/** `extend …`, `release …`, `cancel …`, `free …`, `end …` (group 1), then the words a person's booking may follow (group 2). */
const PERSON_BOOKING_VERB = /^(extend|renew|prolong|release|cancel|free|end)\s+(\S[\s\S]*)$/i;

/**
 * `what does Linus have`, `Linus's bookings`: the bookings of the person named (the whole lab for `everyone`); a testbed
 * or label called so, its status.
 */
function holderRoute(event: PlatformEvent & { type: 'message' }, command: string, ctx: RouterContext): RouteDecision | undefined {
  const asked = holderAsked(command);
  if (asked === undefined) return undefined;
  if (asked === 'everyone') return one('conversation', event, { type: 'status.requested' });
  const testbeds = ctx.testbeds ?? [];
  if ('found' in findByTypedName(testbeds, asked) || labelCarried(testbeds, asked)) return one('conversation', event, { type: 'status.requested', label: asked.slice(0, MAX_TYPED_NAME) });
  return one('conversation', event, { type: 'status.requested', holder: asked.slice(0, LIMITS.holderWordsMax) });
}

/** `status Linus Lab`, `status linus@example.com` (no label can be called so): that person's bookings, when somebody is. */
function statusOfPerson(event: PlatformEvent & { type: 'message' }, command: string, ctx: RouterContext): RouteDecision | undefined {
  const words = STATUS_WITH_ARGUMENT.exec(command)?.[1].trim() ?? '';
  if (!isPersonWords(words) || heldByTyped(ctx.testbeds ?? [], words).length === 0) return undefined;
  return one('conversation', event, { type: 'status.requested', holder: words.slice(0, LIMITS.holderWordsMax) });
}

/** `my testbed`, `my booking`, `it` (nothing talked about before): the one booking the person holds, whichever it is. */
const MY_ONE_BOOKING = /^(?:(?:my|our)\s+(?:testbed|booking|reservation|one)|it|this\s+one)$/i;

/**
 * `give my testbed to Grace`: the hand-over of the one booking the person holds; holding several, which to name (or how
 * to hand them all over); holding none, that there is nothing to hand over.
 */
function myBookingHandedOver(event: PlatformEvent & { type: 'message' }, to: string, ctx: RouterContext): RouteDecision {
  const held = (ctx.testbeds ?? []).filter((record) => heldBy(record, event.personEmail));
  const [only] = held;
  if (held.length === 1 && only !== undefined) return one('conversation', event, { type: 'handOver.started', testbedId: only.id, to });
  if (held.length === 0) return { kind: 'reply', view: { kind: 'error', message: 'You hold no testbed right now, so there is nothing to hand over. Type mine to see your bookings.' } };
  const names = held.slice(0, 5).map((record) => record.testbed_name);
  const listed = `${namesInWords(names)}${held.length > names.length ? ' and more' : ''}`;
  const message = `You hold ${listed}: type give ${names[0]} to ${to} for one, or give all my testbeds to ${to} for every one.`;
  return { kind: 'reply', view: { kind: 'error', message } };
}

/** `give lab-3 and lab-5 to Linus`: one hand-over at a time, or every booking of theirs with one card. */
function severalHandedOver(names: string, to: string, ctx: RouterContext): RouteDecision | undefined {
  const found = names
    .slice(0, 2 * MAX_TYPED_NAME)
    .split(NAMES_APART)
    .map((name) => findByTypedName(ctx.testbeds ?? [], name));
  if (found.length < 2 || !('found' in found[0]) || !found.every((match) => 'found' in match)) return undefined;
  const message = `One testbed at a time: type give ${found[0].found.testbed_name} to ${to}, then the next. To hand over every booking of yours at once, type give all my testbeds to ${to}.`;
  return { kind: 'reply', view: { kind: 'error', message } };
}
