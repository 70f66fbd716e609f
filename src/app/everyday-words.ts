/**
 * The words people use for the bot's commands, read as those commands before anything else reads
 * the text: `done with lab-3` as `release lab-3`, `reserve lab-3` as `book lab-3`, `queue for lab-3`
 * as `wait lab-3`. So each pattern further on knows one way of saying a thing. Pure.
 */
import { INPUT_IDS, LIMITS, readLabel } from '../cards/actions.js';
import { NO_NAME, readTypedBooking, SEVERAL_AT_ONCE, startsWithBareTime } from '../cards/typed-booking.js';
import type { TestbedRecord } from '../domain.js';
import { findByTypedName, hasLabel, labelCarried, sameName, squashedWords, testbedsNamed } from '../lab-rules.js';
import { isTypedTime, readTypedExtension } from '../cards/typed-time.js';
import { readTypedZone } from '../cards/typed-zone.js';
import { ANY_TESTBED, DIGIT_LENGTH, eitherWords, FREE_NOW, IN_A_WHILE, IT, isMoreTime, SHORT_LENGTH, STATUS_WITH_ARGUMENT, TEXT_COMMANDS, readTypedExtend, WINDOW, withoutWindow } from './typed-commands.js';
import { TAKE_FROM_COLLEAGUE } from './typed-admin.js';

/** A name or a label the lab has (`lab-3`, `5g`): lab data, which a typed command may carry. */
export function isLabName(testbeds: readonly Pick<TestbedRecord, 'testbed_name' | 'labels'>[], name: string): boolean {
  return namesOne(testbeds, name) || labelCarried(testbeds, name);
}

/** Digits alone: a testbed's number after a command (`book 3`), but a count or a length in everyday words (`take 5`, `I need 2`). */
const DIGITS_ALONE = /^\s*\d+\s*$/;

/** Whether everyday words name one testbed: never by its number alone, which only a command reads so. */
function namesOne(testbeds: readonly Pick<TestbedRecord, 'testbed_name'>[], words: string): boolean {
  return !DIGITS_ALONE.test(words) && 'found' in findByTypedName(testbeds, words);
}

/** The testbed (or label) the words after `book` (or words for it) name; which one does not depend on the clock, so any instant serves. */
function bookingName(words: string, testbeds: readonly Pick<TestbedRecord, 'testbed_name'>[]): string | undefined {
  return readTypedBooking(words, testbeds, new Date(0).toISOString(), 'UTC', 'booking').name;
}

/** `reserve lab-3`, `claim`: words for book, with or without a testbed. */
const BOOK_WORDS = /^(?:reserve|claim)(?=\s|$)([\s\S]*)$/i;
/**
 * `take lab-3`, `grab 5g`, `snag lab-3`, `check out lab-3`, `let me have lab-3` (`have lab-3` once the courtesy is read away), `use lab-3`, `lock lab-3`, `I'm taking lab-3`,
 * `can I jump on lab-3`, `hopping on lab-3`, `mind if I use lab-3`: book, but only with a testbed or label the lab has (`take a look`,
 * `use the force` book nothing; `take lab-3 out of maintenance` is an admin's).
 * `take lab-3 away from Linus` is an admin's force release (`typed-admin.ts`).
 */
const BOOK_IF_NAMED =
  /^(?:(?:i(?:['’]?ll|\s+will)\s+)?(?:take|grab|snag|nab|have|use|borrow|lock|hold|get|accept|check[\s-]?out)(?:\s+me)?|(?:i(?:['’]?m|\s+am)\s+)?(?:taking|grabbing|claiming|snagging|locking|holding|borrowing|checking[\s-]?out)|(?:is\s+it\s+|it['’]?s\s+|would\s+it\s+be\s+)?(?:ok(?:ay)?|alright|all\s+right|fine)\s+(?:if\s+i|to|for\s+me\s+to)\s+(?:use|take|grab|borrow|book|have)|(?:(?:can|could|may)\s+i\s+|i(?:['’]?ll|\s+will)\s+|let\s+me\s+)?(?:jump|hop)\s+on(?:to)?|(?:i(?:['’]?m|\s+am)\s+)?(?:jumping|hopping)\s+on(?:to)?|(?:(?:let['’]?s|i(?:['’]?ll|\s+will)|we(?:['’]ll|\s+will))\s+)?go\s+(?:with|for)|(?:i(?:['’]?m|\s+am)\s+)?going\s+with|let['’]?s\s+(?:do|use|take|grab)|i(?:['’]?ll|\s+will)\s+be\s+using|(?:i(?:['’]?m|\s+am)\s+)?(?:getting\s+on(?:to)?|logging\s+(?:in(?:to)?|on(?:to)?)|starting\s+on|steal(?:ing)?|(?:running|starting|kicking\s+off)\s+(?:(?:my|a|the|some|our)\s+)?(?:tests?|runs?|jobs?|regression|soak)\s+on)|(?:(?:do\s+you|would\s+(?:any|some)(?:one|body)|does\s+(?:any|some)(?:one|body)|(?:any|some)(?:one|body))\s+)?mind\s+if\s+i\s+(?:use|take|grab|borrow|book|have))\s+(?![\s\S]*\s(?:away|out\s+of\s+(?:service|maintenance)|offline)(?:\s|$))(\S[\s\S]*)$/i;
/**
 * `when does lab-1 expire`, `when does my lab-1 booking end`, `how long is lab-1 mine for`, `is lab-1 still mine`, `is my booking
 * on lab-1 still valid`: the testbed (group 1 to 4).
 */
const DUE_OF =
  /^(?:when\s+(?:does|will)\s+(?:my\s+)?(\S[\s\S]{0,80}?)(?:\s+(?:booking|reservation))?\s+(?:expire|end|run\s+out|time\s+out)|how\s+long\s+is\s+(\S[\s\S]{0,80}?)\s+mine(?:\s+for)?|(?:is\s+)?(\S[\s\S]{0,80}?)\s+still\s+mine|is\s+my\s+(?:booking|reservation)\s+(?:on|of|for)\s+(\S[\s\S]{0,80}?)\s+still\s+(?:valid|active|on|good))$/i;
/** `who will be on lab-3 tomorrow`, `who'll have lab-3 next`: the testbed (group 1). */
const WHO_WILL_BE_ON =
  /^who(?:['’]ll|\s+will)\s+(?:be\s+(?:on|using)|have|get|use)\s+(\S[\s\S]{0,80}?)(?:\s+(?:tomorrow|today|tonight|later|next|after\s+\S+(?:\s+\S+)?|this\s+(?:afternoon|evening|week)))?$/i;
/** `lab-3 bookings this week`, `all bookings for lab-3`, `bookings of lab-3`: the testbed (group 1 or 2). */
const BOOKINGS_OF =
  /^(?:(\S[\s\S]{0,80}?)\s+(?:bookings|reservations)(?:\s+(?:this|last|past)\s+(?:week|month))?|(?:all\s+|the\s+|past\s+)?(?:bookings|reservations)\s+(?:for|of|on)\s+(\S[\s\S]{0,80}?)(?:\s+(?:this|last|past)\s+(?:week|month))?)$/i;
/** `if nobody is using lab-3 I'll grab it`, `if no one needs lab-3, can I take it`: the testbed (group 1). */
const IF_NOBODY_ON =
  /^if\s+(?:no\s*one|no-one|nobody)(?:\s+else)?\s+(?:is\s+(?:using|on)|needs|wants|has)\s+(\S[\s\S]{0,80}?)\s*,?\s+(?:i(?:['’]ll|\s+will)|(?:can|could|may)\s+i|let\s+me)\s+(?:grab|take|book|use|have)\s+(?:it|that)$/i;
/**
 * `I'm booking lab-3`, `reserving lab-3 for 2h`, `I'm going to use lab-3`, `gonna book lab-3`: book, when the words after
 * name a testbed or label the lab has and read whole as a booking (`booking lab-3 failed` is news).
 */
const BOOKING_NOW = /^(?:i(?:['’]?m|\s+am)\s+)?(?:booking|reserving|(?:going\s+to|gonna)\s+(?:use|take|grab|book|borrow|reserve|have|need))\s+(\S[\s\S]*)$/i;
/**
 * `I need lab-3`, `I just need lab-3 for 5 minutes`, `can I have lab-3`, `give me a testbed`: book, with a testbed or label the lab
 * has, or none named.
 */
const BOOK_ASKED =
  /^(?:i\s+(?:(?:just|only|really)\s+)?(?:need|want|would\s+like)|i(?:['’]ll|\s+will)\s+(?:need|want)(?!\s+(?:it|this|that)(?:\s|$))|(?:i(?:['’]?m|\s+am)\s+)?looking\s+for|i['’]d\s+like|i\s+wanna|(?:(?:just|only)\s+)?need|(?:can|could|may)\s+i\s+(?:(?:please|pls|plz)\s+)?(?:have|get(?!\s+in\s+line\s)|use|take|grab|borrow|book|reserve)|(?:(?:can|could|would)\s+(?:some(?:one|body)|any(?:one|body)|you)\s+)?lend\s+me|give\s+me(?!\s+a\s+(?:shout|ping|heads[\s-]?up)\s)|gimme)\s+(\S[\s\S]*)$/i;
/**
 * `queue lab-3`, `queue for lab-3`, `join the queue for lab-3`, `join queue lab-3`, `add me to the queue of lab-3`, `get in line for
 * lab-3`, `sign me up for lab-3`: wait.
 */
const QUEUE_FOR =
  /^(?:queue\s+me(?:\s+up)?\s+(?:for|on)|queue(?:\s+up)?(?:\s+(?:for|on))?|(?:join|enter)\s+(?:the\s+)?(?:queues?|lines?|waiting\s+lists?)(?:\s+(?:for|of|on))?|(?:add|put)\s+me\s+(?:to|in|on)\s+(?:the\s+)?(?:queues?|lines?|waiting\s+lists?)\s+(?:for|of|on)|(?:(?:can|could|may)\s+i\s+)?(?:get|go)\s+in\s+line\s+for|put\s+me\s+down\s+for|sign\s+me\s+up\s+for|count\s+me\s+in\s+for)\s+(\S[\s\S]*)$/i;
/** `add me to the lab-3 queue`, `join the lab-3 queue`, `get in the 5g line`: wait, when the words (group 1) name a testbed or label. */
const JOIN_NAMED_QUEUE =
  /^(?:(?:add|put)\s+me\s+(?:to|in|on|into)|join|enter|get\s+(?:me\s+)?(?:in|into|on))\s+(?:the\s+)?(\S[\s\S]*?)\s+(?:queues?|lines?|waiting\s+lists?|wait-?lists?)$/i;
/** `who is waiting for lab-3`, `who's in the queue for lab-3`, `queue of lab-3`, `when do I get lab-3`: as `who has lab-3`, the status of lab-3 (its queue on its row). */
const QUEUE_OF =
  /^(?:who(?:['’]?s|\s+is|\s+are)?\s+(?:waiting|queued|in\s+(?:the\s+)?(?:queue|line))\s+(?:for|on|of)|(?:the\s+)?(?:queue|line|waiting\s+list|wait-?list)\s+(?:of|on)|how\s+long\s+is\s+(?:the\s+)?(?:queue|line|waiting\s+list|wait-?list)\s+(?:for|of|on)|when\s+(?:do|will|can)\s+i\s+get)\s+(\S[\s\S]*)$/i;
/**
 * `am I in the queue for lab-3`, `am I first in line for lab-3`, `how many are ahead of me for lab-3`, `what number am I for lab-3`, `still
 * in the queue for lab-3`, `my position for lab-3`: lab-3's status (its row says the place).
 */
const PLACE_ASKED_FOR =
  /^(?:(?:am\s+i\s+|i(?:['’]?m|\s+am)\s+)?still\s+in\s+(?:the\s+)?(?:queue|line)\s+(?:for|on)|(?:what(?:['’]?s|\s+is)\s+)?(?:my\s+)?(?:position|place|spot|number)\s+(?:for|on)|position|am\s+i\s+(?:(?:still\s+)?in\s+(?:the\s+)?(?:queue|line)|(?:still\s+)?(?:waiting|queued)|next|(?:first|next|second|third|last)\s+in\s+(?:the\s+)?(?:line|queue))\s+(?:for|on)|how\s+many\s+(?:people\s+)?(?:are\s+)?(?:ahead\s+of|before|in\s+front\s+of)\s+me\s+(?:for|on)|what\s+(?:number|position|place)\s+am\s+i\s+(?:for|on))\s+(\S[\s\S]*)$/i;
/**
 * `my place in the queue`, `where am I in the queue`, `what number am I in the queue`, `am I next`, `I'm next`, `my waits`: their
 * bookings and places in queues.
 */
const MY_PLACE = /^(?:how\s+long\s+(?:until|till|before)\s+(?:it(?:['’]s|\s+is)\s+)?my\s+turn|when(?:['’]?s|\s+is)\s+my\s+turn|(?:what(?:['’]?s|\s+is)\s+)?my\s+(?:place|position|spot)(?:\s+in\s+(?:the\s+)?(?:queue|line)s?)?|where\s+am\s+i(?:\s+in\s+(?:the\s+)?(?:queue|line)s?)?|what\s+(?:number|position|place)\s+am\s+i(?:\s+in\s+(?:the\s+)?(?:queue|line)s?)?|what(?:['’]?s|\s+is)\s+my\s+number(?:\s+in\s+(?:the\s+)?(?:queue|line)s?)?|am\s+i\s+(?:next|first)(?:\s+in\s+(?:the\s+)?(?:line|queue))?|i(?:['’]?m|\s+am)\s+next(?:\s+in\s+line)?|(?:my\s+)?(?:position|number|place|spot)\s+in\s+(?:the\s+)?(?:queue|line)s?|am\s+i\s+(?:still\s+)?in\s+(?:the\s+)?(?:line|queue)|(?:why\s+)?did\s+i\s+lose\s+my\s+(?:place|spot)(?:\s+in\s+(?:the\s+)?(?:line|queue))?|(?:my\s+)?wait-?lists?|my\s+(?:waits|places|spots))$/i;

/** `what's my place in the queue for lab-3`, `where am I in line for lab-3`, `where am I in the lab-3 queue`: lab-3's status (its row says the place). */
const MY_PLACE_FOR =
  /^(?:(?:(?:what(?:['’]?s|\s+is)\s+)?my\s+(?:place|position|spot)|where\s+am\s+i)\s+in\s+(?:the\s+)?(?:queue|line)\s+(?:for|of|on)\s+(\S[\s\S]*)|(?:when(?:['’]?s|\s+is|\s+will\s+be)\s+my\s+turn|how\s+long\s+(?:until|till|before)\s+my\s+turn)\s+(?:for|on|with)\s+(\S[\s\S]*)|when\s+will\s+i\s+get\s+(\S[\s\S]*)|(?:(?:what(?:['’]?s|\s+is)\s+)?my\s+(?:place|position|spot)|where\s+am\s+i)\s+in\s+(?:the\s+)?(\S[\s\S]*?)\s+(?:queue|line))$/i;
/**
 * `am I in any queue`, `which queues am I in`, `what am I waiting for`, and `stop waiting`, `not waiting anymore`, `unwait all`,
 * `leave the queue` or `take me off the list` with no testbed: their places in queues (each with Leave the queue).
 */
const WHICH_QUEUES =
  /^(?:am\s+i\s+(?:in\s+(?:any|a)\s+(?:queues?|lines?)|waiting(?:\s+for\s+anything)?|queued(?:\s+for\s+anything)?)|(?:which|what)\s+(?:queues?|lines?)\s+am\s+i\s+in|what\s+am\s+i\s+(?:waiting|queued|in\s+line)\s+for|(?:unwait|un-?queue|de-?queue)(?:\s+(?:all|everything|me))?|stop\s+waiting|(?:i(?:['’]?m|\s+am)\s+)?(?:not|no\s+longer)\s+waiting(?:\s+any\s*more)?|leave\s+(?:the\s+|my\s+|all\s+(?:my\s+)?)?(?:queues?|lines?)|take\s+me\s+off\s+(?:the\s+|all\s+(?:the\s+)?)?(?:list|queues?|lines?|waiting\s+lists?)|(?:exit|quit)\s+(?:the\s+|my\s+)?(?:queues?|lines?))$/i;
/** `how many are free`, `how many testbeds are overdue`: the testbeds in that state (group 1). */
const HOW_MANY =
  /^how\s+many(?:\s+testbeds?)?(?:\s+(?:are|is))?\s+(free|available|overdue|late|busy|in\s+use|taken|booked|(?:under|in)\s+maintenance)(?:\s+(?:now|right\s+now))?$/i;

/**
 * `put lab-3 back in the pool`, `let lab-3 go`, `back to the pool lab-3`, `back to pool lab-3`, `give lab-3 away`: release it (the group that matched, a testbed's name: `drop it`
 * and `let it go` may mean the conversation, and `put lab-3 back` an admin's return to service). `take lab-3 back` and `have lab-3 back`
 * are not among them: with `I want to` before them (read away as courtesy) they ask for it.
 */
const TAKE_BACK =
  /^(?:put\s+(\S[\s\S]{0,80}?)\s+back\s+(?:in|into|to)\s+the\s+pool|let\s+(\S[\s\S]{0,80}?)\s+go|(?:return\s+)?(?:back\s+)?to\s+(?:the\s+)?pool\s+(\S[\s\S]{0,80}?)|give\s+(?:away\s+(\S[\s\S]{0,80}?)|(\S[\s\S]{0,80}?)\s+away))$/i;
/** `stepping out for an hour`, `brb`, `at lunch`, `in a meeting`: away for a while, not for the day. */
const AWAY =
  /^(?:(?:i(?:['’]?m|\s+am)\s+)?(?:stepping|popping|heading|going|nipping)\s+out(?:\s+for\s+(?:(?:an?\s+|the\s+)?(?:hour|bit|while|moment|minute|sec|second|lunch|coffee|meeting|call)|a\s+few\s+(?:minutes|mins)|\d{1,3}\s*(?:m|mins?|minutes|h|hours?)))?|(?:i(?:['’]?m|\s+am)\s+)?(?:going\s+(?:to|for)\s+|off\s+to\s+|at\s+|out\s+(?:for|to)\s+)(?:lunch|a\s+meeting|coffee)|brb|be\s+right\s+back|back\s+in\s+\S+(?:\s+\S+)?|(?:i(?:['’]?m|\s+am)\s+)?in\s+a\s+meeting)$/i;
/** `stepping out for an hour, don't release lab-3`, `brb, keep lab-3`: what is asked after the words on the way out (group 1, then group 2). */
const AWAY_THEN_KEEP = /^(\S[\s\S]{0,60}?)\s*[,;.!-]\s+((?:please\s+)?(?:(?:don['’]?t|do\s+not)\s+(?:release|take)|keep|hold)\s+\S[\s\S]{0,80})$/i;
/** `I'm leaving, release lab-3`, `going home, release lab-3`, `bye, releasing lab-3`: the release after the words on the way out (group 1, then group 2). */
const LEAVING_THEN = /^(\S[\s\S]{0,60}?)\s*[,;.!]\s+((?:release|free|return|unbook|releasing|freeing|returning)\s+\S[\s\S]{0,80})$/i;
/**
 * `when is the digest`, `what time does the digest come`, `turn off the digest`, `can I get the digest in my dm`: the rules, which say
 * when this lab's digest is posted (the lab's setting, nobody's own).
 */
const DIGEST_RULES =
  /^(?:what(?:['’]?s|\s+is)\s+the\s+(?:daily\s+)?digest|(?:when|what\s+time)\s+(?:is|does|will)\s+the\s+(?:daily\s+)?digest(?:\s+(?:come(?:\s+out)?|posted|sent|arrive|go\s+out|run))?|(?:turn\s+off|switch\s+off|stop|disable|mute|cancel|unsubscribe\s+from|no\s+more)\s+(?:the\s+)?(?:daily\s+)?digests?|(?:can\s+i\s+)?(?:get|have|receive)\s+the\s+(?:daily\s+)?digest\s+(?:in\s+(?:my\s+|a\s+)?(?:dm|1:1|direct\s+messages?|private)|privately|by\s+email)|(?:is\s+there\s+a\s+(?:daily\s+)?digest|how\s+does\s+the\s+(?:daily\s+)?digest\s+work))$/i;
/**
 * `skip the queue`, `move me up the queue`, `can I go first`, `high priority`: the rules (a queue is first come, first served). A word after
 * `priority` or `prioritize me for` (group 1 or 2) must be a testbed or label of the lab.
 */
const QUEUE_ORDER =
  /^(?:(?:can\s+(?:i|you)\s+)?(?:move|bump)\s+me\s+up(?:\s+(?:in\s+)?the\s+(?:queue|line))?|(?:can\s+i\s+)?(?:skip|jump|cut)\s+the\s+(?:queue|line)|can\s+i\s+(?:go|be)\s+first|swap\s+places\s+with\s+\S+(?:\s+\S+)?|let\s+\S+(?:\s+\S+)?\s+go\s+(?:before|ahead\s+of)\s+me|give\s+my\s+(?:place|spot)(?:\s+in\s+(?:the\s+)?(?:queue|line))?\s+to\s+\S+(?:\s+\S+)?|(?:high|top|urgent)\s+priority(?:\s+(\S+))?|prioriti[sz]e\s+me(?:\s+for\s+(\S+))?|is\s+there\s+(?:a\s+)?priority)$/i;
/**
 * `lab-3 is idle`, `nobody is using lab-3`, `Linus is not using lab-3`, `Linus forgot to release lab-3`, `lab-3 has been booked for ages`,
 * `why has Linus had lab-3 for so long`: as `who has lab-3` (the group that matched), whose card asks the holder at a press; the
 * colleague named is not read.
 */
const HELD_IDLE =
  /^(?:(\S[\s\S]{0,80}?)\s+(?:is|looks|seems)\s+(?:idle|unused|abandoned)|(?:no(?:one|body|\s+one)\s+is|(?!i\s)\S+(?:\s+\S+)?\s+(?:is\s*n['’]?t|is\s+not)|(?!i\s)\S+(?:\s+\S+)?\s+(?:is\s*n['’]?t|is\s+not)\s+even)\s+using\s+(\S[\s\S]{0,80}?)(?:\s+(?:any\s*more|now|at\s+all))?|(?!i\s|(?:sorry|oops|argh|ugh|ok|okay|so|and)\b)[^\s,;:]+(?:\s+[^\s,;:]+)?\s+forgot\s+to\s+(?:release|give\s+back|return)\s+(\S[\s\S]{0,80}?)|(\S[\s\S]{0,80}?)\s+has\s+been\s+(?:booked|taken|held|in\s+use)\s+(?:for\s+(?:ages|days|weeks|so\s+long|too\s+long|\d+\s+(?:days|weeks|hours))|forever)|why\s+(?:has|does)\s+\S+(?:\s+\S+)?\s+(?:had|have|held|hold)\s+(\S[\s\S]{0,80}?)\s+(?:for\s+)?(?:so\s+long|this\s+long|for\s+ages))$/i;
/**
 * Whether words read by HELD_IDLE, TAKE_OVER, HELD_ASKED or QUEUE_ORDER name a colleague (`Linus isn't using lab-3`, `… from Linus`, `did
 * Linus release lab-3`, `swap places with Linus`).
 */
function namesColleague(said: string): boolean {
  if (HELD_IDLE.test(said)) {
    if (/^why\s+(?:has|does)\s/i.test(said)) return true;
    const subject = /^(\S+(?:\s+\S+)?)\s+(?:is\s*n['’]?t|is\s+not|forgot)\s/i.exec(said)?.[1];
    if (subject !== undefined && !/^(?:no\s*one|nobody|who|any(?:one|body)|some(?:one|body))$/i.test(subject)) return true;
  }
  if (TAKE_OVER.test(said) && /\sfrom\s+\S/i.test(said)) return true;
  if (HELD_ASKED.test(said) && /^did\s/i.test(said) && !/^did\s+(?:any|some|no)(?:one|body)\s+release\s/i.test(said)) return true;
  return QUEUE_ORDER.test(said) && /^(?:swap\s|let\s|give\s+my\s)/i.test(said);
}
/**
 * `steal lab-3`, `take over lab-3`, `can I take over lab-3 from Linus`, `can I borrow lab-3 from Linus`: as `book lab-3` (group 1), whose
 * answer says who holds it (`from 2pm` is a time, read by the booking).
 */
const TAKE_OVER =
  /^(?:(?:can|could|may)\s+i\s+|i(?:['’]?ll|\s+will)\s+|i(?:['’]?m|\s+am)\s+)?(?:steal|take\s+over|taking\s+over|stealing|borrow(?=[\s\S]*\sfrom\s)|borrowing(?=[\s\S]*\sfrom\s))\s+(\S[\s\S]{0,80}?)(?:\s+from\s+(?!\d|(?:now|noon|today|tomorrow|(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*)(?:\s|$))\S+(?:\s+\S+)?)?$/i;
/**
 * `Linus said I can use lab-3`, `Linus gave me lab-3`, `I got lab-3 from Linus` (group 1 or 2 the colleague): lab-3 is theirs now,
 * by word of mouth, so as `book lab-3` (the group set among 3 to 5), whose answer says who holds it.
 */
/**
 * `Linus asked me to release lab-3`, `Linus told me to take lab-3`: what the colleague (group 1, not read) asked for (group 2, the verb;
 * group 3, the testbed), done by the person typing.
 */
const ASKED_ME_TO =
  /^((?!(?:i|you|(?:the\s+)?bot)\s)\S+(?:\s+\S+)?)\s+(?:asked|told|wants|wanted)\s+me\s+to\s+(release|free(?:\s+up)?|return|give\s+back|take|book|use|grab|extend)\s+(\S[\s\S]{0,80}?)$/i;
/** `message the lab-3 holder`, `contact lab-3's owner`: ask its holder (group 1). */
const HOLDER_OF_NAMED = /^(?:message|contact|ping|ask|nudge|dm|email|reach)\s+(?:the\s+)?(\S[\s\S]{0,80}?)(?:['’]s)?\s+(?:holder|owner|user)$/i;
const GIVEN_BY =
  /^(?:((?!i\s)\S+(?:\s+\S+)?)\s+(?:said|says|told\s+me)\s+(?:that\s+)?i\s+(?:can|could|may)\s+(?:use|have|take)\s+(\S[\s\S]{0,80}?)|((?!i\s)\S+(?:\s+\S+)?)\s+(?:gave|handed|passed)\s+me\s+(\S[\s\S]{0,80}?)|i\s+got\s+(\S[\s\S]{0,80}?)\s+from\s+(\S+(?:\s+\S+)?))$/i;
/**
 * `Linus left for the day and still has lab-3`, `Linus is on vacation but holds lab-3`, `Linus is overdue on lab-3` (group 1 the
 * colleague), `who's holding lab-3 hostage`, `lab-3 has been busy all week`, `why is lab-3 always busy`, `lab-3 is busy again`: as
 * `who has lab-3` (the group set after the first), whose row names the holder and offers Ask the holder.
 */
const HELD_AWAY =
  /^(?:((?!i\s)\S+(?:\s+\S+)?)\s+(?:(?:left(?:\s+for\s+the\s+(?:day|weekend))?|went\s+home|is\s+(?:on\s+(?:vacation|holiday|leave|pto)|away|out(?:\s+of\s+(?:the\s+)?office)?|ooo|off(?:\s+sick)?|gone(?:\s+home)?))(?:\s+(?:today|this\s+week))?,?\s+(?:but|and)\s+(?:still\s+)?(?:has|holds|is\s+(?:still\s+)?holding|still\s+has)|is\s+(?:overdue|late)\s+(?:on|with|returning|releasing))\s+(\S[\s\S]{0,80}?)|who(?:['’]?s|\s+is)\s+holding\s+(\S[\s\S]{0,80}?)\s+hostage|(\S[\s\S]{0,80}?)\s+has\s+been\s+(?:busy|taken|booked|in\s+use)\s+all\s+(?:day|week|month)|why\s+is\s+(\S[\s\S]{0,80}?)\s+always\s+(?:busy|taken|booked|in\s+use)|(\S[\s\S]{0,80}?)\s+is\s+(?:always\s+(?:busy|taken|booked|in\s+use)|(?:busy|taken|booked|in\s+use)\s+again))$/i;
/** `Linus has had lab-3 for 3 days`, `Linus has been on lab-3 since monday`: as `who has lab-3` (group 2; the colleague, group 1, is not read). */
const HELD_LONG =
  /^((?!i\s)\S+(?:\s+\S+)?)\s+has\s+(?:had|held|been\s+(?:on|holding|using))\s+(\S[\s\S]{0,80}?)\s+(?:for|since)\s+(?:(?:\d{1,3}|a|an|two|three|four|five|several|many|a\s+few|over\s+a|more\s+than\s+a)\s+)?(?:days?|weeks?|ages|hours|forever|monday|tuesday|wednesday|thursday|friday|yesterday|last\s+week|this\s+morning)$/i;
/** `bye`, `see you tomorrow`: words on the way out, which say nothing alone (a thanks) but may come before a release. */
const FAREWELL = /^(?:bye|good-?bye|bye\s+all|cya|see\s+(?:you|ya)(?:\s+(?:tomorrow|later|all))?|good\s*night|night\s+all)$/i;
/**
 * `where is lab-3 located`, `lab-3 ip address`, `password for lab-3`, `lab-3 creds`, `how do I log into lab-3`, `can I ssh into lab-3`,
 * `who maintains lab-3`, `who is responsible for lab-3`: as `who has lab-3` (the group that matched), whose row has its description, where a lab keeps such things.
 */
const ACCESS_ASKED =
  /^(?:where\s+is\s+(\S[\s\S]{0,80}?)\s+(?:located|physically|racked)|what\s+(?:rack|room|building|shelf)\s+is\s+(\S[\s\S]{0,80}?)\s+in|(\S[\s\S]{0,80}?)['’]?s?\s+(?:ip(?:\s+address)?|console(?:\s+port)?|credentials|creds|login(?:\s+details)?|password|location|rack|address)|(?:what(?:['’]?s|\s+is)\s+)?(?:the\s+)?(?:ip(?:\s+address)?|console(?:\s+port)?|credentials|creds|login(?:\s+details)?|password|location|rack|address)\s+(?:of|for|on)\s+(\S[\s\S]{0,80}?)|(?:how\s+(?:do|can)\s+(?:i|we)\s+(?:connect|log\s*in|log|ssh|get)|(?:can|could)\s+(?:i|we)\s+ssh)\s+(?:to|into|in\s+to|on)\s+(\S[\s\S]{0,80}?)|who\s+(?:maintains|looks\s+after|manages|administers|is\s+responsible\s+for|is\s+the\s+(?:owner|maintainer|contact)\s+(?:of|for))\s+(\S[\s\S]{0,80}?)|(?:the\s+)?(?:contact|maintainer)\s+(?:for|of)\s+(\S[\s\S]{0,80}?)|who\s+do\s+i\s+(?:talk|speak)\s+to\s+about\s+(\S[\s\S]{0,80}?))$/i;
/**
 * `am I holding lab-3`, `am I still on lab-3`, `since when do I have lab-3`, `whose testbed is lab-3`, `does lab-3 belong to anyone`, `is
 * lab-3 someone's`, `has lab-3 been released`, `did Linus release lab-3`: as `who has lab-3` (the group that matched).
 */
const HELD_ASKED =
  /^(?:am\s+i\s+(?:still\s+)?(?:holding|on|using|booked\s+on)\s+(\S[\s\S]{0,80}?)|since\s+when\s+(?:do|have)\s+i\s+(?:have|had|held|hold)\s+(\S[\s\S]{0,80}?)|whose\s+(?:testbed\s+)?is\s+(\S[\s\S]{0,80}?)|does\s+(\S[\s\S]{0,80}?)\s+belong\s+to\s+(?:any(?:one|body)|some(?:one|body))|is\s+(\S[\s\S]{0,80}?)\s+(?:any(?:one|body)|some(?:one|body))['’]s|(?:has|is|was)\s+(\S[\s\S]{0,80}?)\s+(?:been\s+)?released(?:\s+yet)?|did\s+(?!i\s)\S+(?:\s+\S+)?\s+release\s+(\S[\s\S]{0,80}?)(?:\s+yet)?|(\S[\s\S]{0,80}?)\s+(?:booked|held|reserved|occupied))$/i;
/**
 * `anything free for 2 hours`, `free until 5`, `is there something free for the afternoon`: the free ones, when the words after them are a
 * time (group 1), which is all they may hold (other words are a person's own).
 */
const FREE_WHEN =
  /^(?:is\s+there\s+(?:something|anything|a\s+testbed|one)\s+|(?:is\s+)?anything\s+|what(?:['’]?s|\s+is|\s+will\s+be)\s+)?(?:free|available)\s+((?:for|until|till|at|by|in|after|before|on)\s+\S[\s\S]{0,40}|(?:today|tonight|tomorrow|(?:mon|tues|wednes|thurs|fri|satur|sun)day)(?:\s+\S+){0,2})$/i;

/** `cancel lab-3 wait`, `stop my lab-3 wait`, `cancel wait lab-3`, `drop my place in lab-3`: leave its queue (group 1 or 2). */
const WAIT_CANCELLED =
  /^(?:(?:cancel|stop|drop|end)\s+(?:my\s+)?(\S[\s\S]{0,80}?)\s+(?:wait|waiting|queue|place)|(?:cancel|drop|end)\s+(?:my\s+)?(?:wait|place|spot)\s+(?:for\s+|on\s+|in\s+)?(\S[\s\S]{0,80}?))$/i;

/** `tell the admins lab-3 is broken`, `let the admins know lab-3 is down`: the problem said (group 1), which the problem form takes to the admins. */
const TELL_ADMINS_PROBLEM =
  /^(?:(?:tell|notify|message|ping|inform)\s+(?:the\s+)?admins?|let\s+(?:the\s+)?admins?\s+know)\s+(?:that\s+)?(\S[\s\S]{0,200}\b(?:broken|down|dead|not\s+working|out\s+of\s+(?:order|service)|problems?|issues?|faulty|unreachable|stuck|hung)\b[\s\S]{0,200})$/i;

/** `release my lab-3`, `release lab-3's booking`: as `release lab-3` (group 1 or 2). */
const RELEASE_MY_NAMED = /^(?:release|free|unbook|end)\s+(?:my\s+(\S[\s\S]{0,80}?)(?:\s+(?:booking|reservation))?|(\S[\s\S]{0,80}?)['’]s\s+(?:booking|reservation|hold))$/i;
/** `release Linus's lab-3`: as `release lab-3` (group 1); whose it is is not read (a recording blanks the name). */
const RELEASE_THEIRS_NAMED = /^(?:release|free|unbook|end)\s+(?!(?:my|our|the|your)\s)\S+(?:\s+\S+)?['’]s?\s+(\S[\s\S]{0,80})$/i;

/** `check if lab-3 is free`, `see whether lab-3 is busy`: as `who has lab-3` (group 1). */
const CHECK_IF = /^(?:check|see|find\s+out|look)\s+(?:if|whether)\s+(\S[\s\S]{0,80}?)\s+is\s+(?:free|available|busy|taken|booked|in\s+use|still\s+(?:in\s+use|booked|taken))(?:\s+(?:now|right\s+now|yet))?$/i;
/** `can I get an extension`, `I need an extension on lab-3`, `extension please`: extend (the testbed, group 1, when named). */
const EXTENSION_ASKED =
  /^(?:(?:(?:can|could|may)\s+i\s+(?:get|have|ask\s+for)|(?:i\s+)?(?:need|want|would\s+like)|i['’]d\s+like|request(?:ing)?|ask(?:ing)?\s+for)\s+)?(?:an?\s+)?extension(?:\s+(?:on|for|of)\s+(\S[\s\S]{0,80}?))?(?:\s+please)?$/i;
/**
 * `which testbed should I use`, `what testbeds can I use`, `recommend a testbed`, `anything I can grab`, `what's bookable`, `is there
 * something free for an hour`: the free ones.
 */
const WHICH_TO_USE =
  /^(?:(?:which|what)\s+(?:testbeds?|ones?)\s+(?:should|can|could|shall)\s+(?:i|we)\s+(?:use|book|take|grab|pick)|(?:what(?:['’]?s|\s+is)|(?:is\s+)?anything|which\s+(?:testbeds?|ones?)\s+(?:is|are))\s+bookable|(?:recommend|suggest)(?:\s+me)?\s+(?:a|an|one|some)(?:\s+(?:free\s+)?(?:testbed|one))?|anything\s+(?:i|we)\s+can\s+(?:grab|book|use|take|have)|(?:any(?:thing)?|is\s+there\s+(?:a|any))\s+spare(?:\s+(?:testbeds?|ones?))?|spare\s+(?:testbeds?|ones?))$/i;
/** `pick one for me`, `just give me any`, `I'll take anything`, `grab the first free one`, `I need a spare`: the booking form (what is free is in it). */
const PICK_FOR_ME =
  /^(?:(?:just\s+)?(?:pick|choose)\s+(?:one|any|something|a\s+testbed)(?:\s+for\s+me)?|(?:just\s+)?give\s+me\s+(?:any(?:\s+one)?|anything|one)|i(?:['’]?ll|\s+will)\s+take\s+(?:anything|any(?:\s+one)?|whatever)|(?:grab|take|get)\s+(?:me\s+)?the\s+(?:first|next)\s+(?:free|available)\s+(?:one|testbed)|i\s+need\s+a\s+spare(?:\s+(?:one|testbed))?)$/i;

/**
 * `what time zone do you use`, `which timezone are times in`, `what time is it`, `what day is it`, `are times in UTC`: the lab's
 * clock.
 */
const TIME_ZONE_ASKED =
  /^(?:(?:the\s+)?time\s*-?zones?|tz|(?:what|which)\s+(?:time\s*-?zone|tz|clock)(?:\s+(?:do|does|are|is)\s+(?:you|we|the\s+bot|(?:the\s+)?times?|(?:the\s+)?dates?)(?:\s+(?:use|using|in|on|shown\s+in|given\s+in))?)?|what\s+time\s+is\s+it(?:\s+(?:now|there|for\s+you))?|what(?:['’]?s|\s+is)\s+the\s+time(?:\s+now)?|what\s+(?:day|date)\s+is\s+it(?:\s+today)?|what(?:['’]?s|\s+is)\s+(?:the\s+date|today['’]?s\s+date)(?:\s+today)?|(?:(?:are|is)\s+(?:the\s+)?times?|(?:the\s+)?times?\s+(?:are|is))\s+(?:in|on|shown\s+in)\s+(?:utc|gmt|local\s+time|my\s+time(?:\s*-?zone)?)|in\s+which\s+time\s*-?zone\s+are\s+(?:the\s+)?times|what\s+time\s*-?zone\s+is\s+(?:this|that|it|used))$/i;
/** `what time is it in IST`, `what's the time in Berlin`: another clock (group 1) asked about. */
/** `use IST`, `switch to PST`, `I'm in Berlin`: a clock of their own (group 1), when the words read as a zone. */
const ZONE_CHOSEN = /^(?:use|switch\s+to|change\s+to|i(?:['’]?m|\s+am)\s+(?:in|on))\s+(\S[\s\S]{0,40})$/i;
const TIME_IN = /^(?:what\s+time\s+is\s+it|what(?:['’]?s|\s+is)\s+the\s+time)(?:\s+now)?\s+in\s+(\S[\s\S]{0,60})$/i;
/** `set my timezone to Europe/Berlin`, `my timezone is CET`, `show times in IST`, `change the time zone`: a zone of their own asked for. */
const TIME_ZONE_SET =
  /^(?:(?:change|set|update|switch)\s+(?:my\s+|the\s+)?time\s*-?zone(?:\s+to\s+\S[\s\S]{0,40})?|my\s+time\s*-?zone(?:\s+is\s+\S[\s\S]{0,40})?|(?:show|display|give)(?:\s+me)?\s+(?:the\s+)?times?\s+in\s+(?:my\s+)?\S[\s\S]{0,40}|use\s+my\s+(?:local\s+)?time(?:\s*-?zone)?)$/i;

/**
 * `will release it soon`, `I'm about to release it`, `it's all yours`, `it's free now`: as `release it` (the booking talked about, or
 * their own to choose from), in answer to a reminder. (`you can have it` is read as `have it`, which may also take an offer.)
 */
const RELEASE_IT_SAID =
  /^(?:(?:i(?:['’]?ll|\s+will)\s+|will\s+)?(?:release|be\s+releasing)(?:\s+(?:it|this|that))?\s+(?:soon|shortly|in\s+a\s+(?:minute|moment|bit|sec(?:ond)?))|(?:i(?:['’]?m|\s+am)\s+)?about\s+to\s+release(?:\s+(?:it|this|that))?|(?:it(?:['’]?s|\s+is)\s+)?all\s+yours|it(?:['’]?s|\s+is)\s+free(?:\s+now)?)$/i;
/** `not needed`, `no longer needed`, `not needed any more`, `I'm not interested`: as `I don't need it`, whatever the person has of it. */
const NOT_NEEDED_SAID = /^(?:(?:it(?:['’]?s|\s+is)\s+)?(?:not|no\s+longer)\s+needed(?:\s+any\s*more)?|(?:i(?:['’]?m|\s+am)\s+)?(?:not|no\s+longer)\s+interested(?:\s+any\s*more)?)$/i;

/** `lab-3 should be called lab-3b`, `lab-3 is now called lab-3b`, `lab-3 new name lab-3b`: as `rename lab-3 to lab-3b` (groups 1 and 2). */
const RENAMED_SAID =
  /^(\S[\s\S]{0,80}?)(?:\s+(?:should\s+be|is\s+now|will\s+be|shall\s+be)\s+(?:called|named|renamed(?:\s+to)?)|(?:['’]s)?\s+new\s+name(?:\s*[:=]|\s+is)?)\s+(\S[\s\S]{0,80})$/i;
/** `mark lab-3 as 5g`, `label lab-3 as 5g`: as `tag lab-3 as 5g` (group 1, the testbed; group 2, the label), a state word aside. */
const MARKED_AS = /^(?:mark|label)\s+(\S[\s\S]{0,80}?)\s+as\s+(?:an?\s+)?(\S+?)(?:\s+(?:testbed|one))?$/i;
/**
 * `make lab-3 5g`, `lab-3 should be 5g`, `lab-3 now has 5g` (group 1 or 2, then 3), and `lab-3 is not 5g`, `lab-3 isn't 5g any more`
 * (groups 4 and 5): the label given (one the lab has, and lab-3 does not) or taken away (one it carries); `lab-3 has problems` is no label.
 */
const LABEL_SAID =
  /^(?:(?:make\s+(\S[\s\S]{0,80}?)|(\S[\s\S]{0,80}?)\s+(?:should\s+be|is\s+now|now\s+has|has|should\s+have|now\s+carries))\s+(?:an?\s+)?(\S+?)(?:\s+(?:now|too|as\s+well))?|(\S[\s\S]{0,80}?)\s+(?:is\s*n['’]?t|is\s+not|should\s*n['’]?t\s+be|should\s+not\s+be|(?:does\s*n['’]?t|does\s+not)\s+have)\s+(?:an?\s+)?(\S+?)(?:\s+any\s*more)?)$/i;
/** Words after `mark … as` that say a state, not a label (`mark lab-3 as free` releases it, `as broken` reports a problem). */
const STATE_NOT_LABEL = /^(?:free|available|released|done|finished|busy|taken|booked|in-use|broken|down|dead|faulty|unusable|fixed|working|ready|overdue|maintenance|offline|online|retired|mine)$/i;
/** `lab-3 description: big rack`, `description of lab-3: big rack`: as `describe lab-3 as big rack` (groups 1 or 2, then 3). */
const DESCRIPTION_SAID = /^(?:(\S[\s\S]{0,80}?)\s+description|description\s+(?:of|for)\s+(\S[\s\S]{0,80}?))\s*[:=-]\s*(\S[\s\S]*)$/i;
/** `get rid of lab-3`, `throw away lab-3`: as `retire lab-3` (group 1). */
const GOT_RID_OF = /^(?:get\s+rid\s+of|throw\s+away|scrap)\s+(\S[\s\S]{0,80})$/i;
/** `we have a new testbed lab-9`, `there's a new testbed called lab-9`: as `add testbed lab-9` (group 1). */
const NEW_TESTBED_SAID = /^(?:we\s+(?:have|got)|there(?:['’]?s|\s+is))\s+a\s+new\s+testbed(?:\s+(?:called|named))?\s+(\S[\s\S]{0,80})$/i;
/** A colleague as typed: an address, or one to three words of letters (`Ada`, `Grace Hopper`). */
const PERSON_LIKE = /^(?:[^\s@]+@[^\s@]+|\p{L}[\p{L}'’.-]*(?:\s+\p{L}[\p{L}'’.-]*){0,2})$/u;
/** `move lab-3 to Ada`, `transfer my lab-3 to Ada`: as `give lab-3 to Ada` (groups 1 and 2), when the words after `to` are no testbed and no time. */
const MOVED_TO_PERSON = /^(?:move|transfer|hand\s+over)\s+(?:my\s+)?(\S[\s\S]{0,80}?)(?:\s+booking)?\s+(?:over\s+)?to\s+(\S[\s\S]{0,80})$/i;
/**
 * `extend Linus on lab-3 by 2 hours`, `give Linus 2 more hours on lab-3`: as `extend lab-3 by 2 hours` (the testbed and the length); the
 * colleague is not read (the holder on record is), so only the holder, or an admin with Extend their booking, extends it.
 */
const EXTEND_PERSON_ON = /^extend\s+(?!(?:me|my|us|our|it|this|that|the|maintenance)\s)\S+(?:\s+\S+)?\s+on\s+(\S[\s\S]{0,80}?)\s+(\S[\s\S]{0,40})$/i;
const GIVE_PERSON_MORE = /^give\s+(?!(?:me|us|it|them)\s)\S+(?:\s+\S+)??\s+(\S[\s\S]{0,40}?)\s+(?:on|with|for)\s+(\S[\s\S]{0,80})$/i;
/** `who broke lab-3`, `who crashed lab-3`, `who unplugged lab-3`, `did someone reboot lab-3`: its history (group 1), which says who held it when. */
const WHO_BROKE =
  /^(?:who\s+(?:broke|killed|crashed|messed\s+up|bricked|unplugged|rebooted|restarted|reset|power[\s-]*cycled|re-?imaged|turned\s+off|switched\s+off|touched|moved)|did\s+(?:some(?:one|body)|any(?:one|body))\s+(?:reboot|restart|reset|unplug|power[\s-]*cycle|re-?image|touch|move))\s+(\S[\s\S]{0,80})$/i;

/**
 * `lab-3 schedule`, `bookings for lab-3`, `lab-3 this week`: its status (group 1 or 2), which says who holds it until when and who
 * waits; there is no booking ahead, so that is all its schedule holds.
 */
const SCHEDULE_OF =
  /^(?:(?:the\s+)?(?:schedule|calendar|bookings?|reservations?|timetable|agenda)\s+(?:for|of|on)\s+(\S[\s\S]{0,80}?)|(\S[\s\S]{0,80}?)(?:['’]s)?\s+(?:schedule|calendar|bookings|reservations|timetable|agenda|this\s+week))$/i;
/** `calendar`, `show the calendar`, `upcoming bookings`, `the schedule`: the whole lab's status, which is its schedule. */
const CALENDAR = /^(?:(?:show|open|see|check|view)(?:\s+me)?\s+)?(?:the\s+|our\s+)?(?:lab\s+|team\s+|testbed\s+)?(?:calendar|schedule|timetable|agenda|upcoming\s+(?:bookings|reservations))$/i;
/** `bookings this week`, `team usage`, `which testbed is most popular`, `never used testbeds`, `idle testbeds this week`: the usage report. */
const USAGE_ASKED =
  /^(?:(?:the\s+)?(?:bookings|reservations)\s+(?:this|last)\s+week|(?:the\s+)?(?:team|lab|group)\s+usage|which\s+(?:testbed|one)\s+is\s+(?:the\s+)?(?:most|least)\s+(?:popular|used|booked|wanted)|(?:never|rarely|seldom)\s+used\s+testbeds?|(?:idle|unused)\s+testbeds?\s+(?:this|last)\s+(?:week|month))$/i;
/**
 * `can someone free up a 5g testbed`, `any 5g free soon?`: the testbeds carrying the label (group 1 or 2), with who holds each
 * and when it is due back.
 */
const LABEL_WANTED_SOON =
  /^(?:(?:can|could)\s+(?:some|any)(?:one|body)\s+(?:free\s+up|release|give\s+back)\s+(?:a|an|any|one)\s+(\S+?)(?:\s+(?:testbed|one|box))?|(?:(?:is|will)\s+)?any\s+(\S+?)(?:\s+(?:testbed|one))?\s+(?:be\s+)?(?:free|available)\s+(?:soon|later|today|any\s*time\s+soon)|(?:when(?:['’]?s|\s+is|\s+will\s+be)\s+)?(?:the\s+)?(?:next|first)\s+(?:free|available)\s+(\S+?)(?:\s+(?:testbed|one))?|when\s+(?:does|will)\s+(?:the\s+next|a|an|any)\s+(\S+?)(?:\s+(?:testbed|one))?\s+(?:free\s+up|be\s+(?:free|available)))$/i;
/**
 * `which 5g should I use`, `where can I test 5g`, `is there a testbed for 5g testing`: the testbeds carrying the label (group 1,
 * 2 or 3), the free ones first.
 */
const LABEL_FOR_USE =
  /^(?:(?:which|what)\s+(\S+?)(?:\s+(?:testbed|one))?\s+(?:should|can|could|shall)\s+(?:i|we)\s+(?:use|book|take|pick)|where\s+(?:can|could|do|should)\s+(?:i|we)\s+(?:test|try|run)\s+(?:on\s+|with\s+)?(\S+?)(?:\s+(?:stuff|things|tests?))?|is\s+there\s+(?:a|any)\s+testbed\s+(?:for|with)\s+(\S+?)(?:\s+(?:testing|tests?|work))?)$/i;
/** `compare lab-3 and lab-5`, `what's the difference between lab-3 and lab-5`, `which is better, lab-3 or lab-5`: each of them (group 1). */
/** `lab-3 handed back`, `lab-3 is given back`: release it (group 1). */
const HANDED_BACK = /^(\S[\s\S]{0,80}?)\s+(?:is\s+)?(?:handed|given)\s+back$/i;
/** `my lab-3 booking`, `show my lab-3 booking`: their bookings, lab-3 chosen (group 1). */
const MY_NAMED_BOOKING = /^(?:(?:show|see|open)(?:\s+me)?\s+)?my\s+(\S[\s\S]{0,80}?)\s+(?:booking|reservation)$/i;
/** `move my booking on lab-3 to Linus`: as `give lab-3 to Linus` (the testbed group 1, the colleague or another testbed 2). */
const BOOKING_MOVED_TO = /^move\s+my\s+(?:booking|reservation)\s+(?:on|of|for)\s+(\S[\s\S]{0,80}?)\s+to\s+(\S[\s\S]{0,80}?)$/i;
/** `i finish lab-3`, `i am finish with lab-3`, `lab-3 i finish`, `lab-3 is finish`: release it (group 1 or 2). */
const FINISH_SAID = /^(?:i\s+(?:am\s+|['’]m\s+)?finish(?:ed)?(?:\s+(?:with|on))?\s+(\S[\s\S]{0,80}?)|(\S[\s\S]{0,80}?)\s+(?:i\s+)?(?:is\s+|am\s+)?finish)$/i;
/**
 * `end lab-3`, `end my booking on lab-3`, `stop using lab-3`, `got off lab-3`, `logged off lab-3`, `tests done on lab-3`, `testing
 * complete lab-3`: release it (the group that matched).
 */
const RELEASE_SAID_SHORT =
  /^(?:end\s+(?:(?:my|the)\s+)?(?:(?:booking|reservation)\s+(?:on\s+|of\s+|for\s+)?)?(\S[\s\S]{0,80}?)|stop\s+using\s+(\S[\s\S]{0,80}?)|(?:i(?:['’]?m|\s+am|\s+have|['’]ve)?\s+)?(?:got|logged|logging|signed|signing)\s+(?:off|out\s+of)\s+(\S[\s\S]{0,80}?)|(?:(?:my|the)\s+)?(?:tests?|testing|runs?)\s+(?:(?:is|are)\s+)?(?:done|finished|complete|completed|over)\s+(?:on\s+|with\s+)?(\S[\s\S]{0,80}?)|(\S[\s\S]{0,80}?)\s+(?:tests?|testing)\s+(?:done|finished|complete|completed))$/i;
/** `lab-3 extension please`, `request extension lab-3`, `lab-3 still running`: their bookings, lab-3 chosen (group 1 or 2). */
const EXTENSION_NAMED =
  /^(?:(\S[\s\S]{0,80}?)\s+(?:extension|(?:is\s+)?still\s+running)|request(?:ing)?\s+(?:an?\s+)?extension\s+(?!(?:on|for|of)\s)(\S[\s\S]{0,80}?))(?:\s+please)?$/i;
/**
 * `don't release lab-3 yet`, `don't free lab-3`, `lab-3 don't release`, `lab-3 not done yet`, `not done with lab-3`: keep it (the group
 * that matched).
 */
const NOT_RELEASED_YET =
  /^(?:(?:don['’]?t|do\s+not)\s+(?:release|free)\s+(\S[\s\S]{0,80}?)|(\S[\s\S]{0,80}?)[,:]?\s+(?:don['’]?t|do\s+not)\s+release(?:\s+it)?|(\S[\s\S]{0,80}?)\s+(?:is\s+)?not\s+(?:done|finished)|(?:i(?:['’]?m|\s+am)\s+)?not\s+(?:done|finished)\s+(?:with|on)\s+(\S[\s\S]{0,80}?))(?:\s+yet)?$/i;
/** `in line for lab-3`, `I'm in line for lab-3`: a place in its queue (group 1). */
const IN_LINE_FOR = /^(?:i(?:['’]?m|\s+am)\s+)?in\s+line\s+for\s+(\S[\s\S]{0,80}?)$/i;
/** `EOD release`, `tonight release lab-3`: as `release eod` (the time group 1, a testbed group 2). */
const TIME_THEN_RELEASE = /^(eod|cob|end\s+of\s+(?:the\s+)?day|tonight)[,:]?\s+release(?:\s+(\S[\s\S]{0,80}?))?$/i;
/** `anything with 5g`, `something with 5g`: the testbeds carrying the label (group 1). */
const WITH_LABEL_ASKED = /^(?:anything|something)\s+(?:with|that\s+has)\s+(\S+)$/i;
/** `lab-3 utilization`, `lab-3 statistics`, `is lab-3 used much`, `when did Linus release lab-3`: its history (the group that matched). */
const USE_OF =
  /^(?:(\S[\s\S]{0,80}?)\s+(?:utili[sz]ation|statistics|usage\s+stats)|is\s+(\S[\s\S]{0,80}?)\s+used\s+(?:much|a\s+lot|often)|when\s+did\s+(?!(?:i|we)\s)\S+(?:\s+\S+)?\s+(?:release|return|give\s+back)\s+(\S[\s\S]{0,80}?))$/i;
/** `CI is hogging lab-3`, `the pipeline is holding lab-3`: its status, which names the hold (group 1). */
const PIPELINE_ON =
  /^(?:the\s+)?(?:ci|jenkins|pipeline|nightly(?:[\s-]ci)?|(?:ci|api)\s+(?:job|pipeline))\s+(?:is\s+)?(?:hogging|holding|using|has|holds|sitting\s+on)\s+(\S[\s\S]{0,80}?)(?:\s+since\s+(?:yesterday|this\s+morning|last\s+(?:night|week)|(?:mon|tues|wednes|thurs|fri|satur|sun)day|\d{1,2}(?::\d{2})?\s*(?:am|pm)?))?$/i;
/** `release the CI hold on lab-3`, `kill the pipeline hold on lab-3`: the release form on it (group 1). */
const HOLD_ENDED = /^(?:release|kill|end|cancel|drop|remove|stop)\s+(?:the\s+)?(?:(?:ci|api|pipeline|jenkins)\s+)?hold\s+(?:on|of|for)\s+(\S[\s\S]{0,80}?)$/i;
/** `usage stats`, `5g report`, `5g usage stats`: the usage report (of the label, group 1); `lab-3 report`: its history. */
const REPORT_SAID_AFTER = /^(?:(?!usage\s)(\S+)\s+)?(?:usage\s+)?(?:report|stats|statistics)$/i;
/** `since when does Linus have lab-3`, `lab-3 booked since when`, `lab-3 held since`: its status, which says since when (the group that matched). */
const HELD_SINCE =
  /^(?:since\s+when\s+(?:does|has)\s+\S+(?:\s+\S+)?\s+(?:have|had|held|been\s+on|been\s+using)\s+(\S[\s\S]{0,80}?)|(\S[\s\S]{0,80}?)\s+(?:booked|held|taken|in\s+use|busy)\s+since(?:\s+when)?)$/i;
/** `i need more time lab-3`, `more time lab-3 please`, `give me more time on lab-3`: their bookings, lab-3 chosen (group 1 or 2). */
const MORE_TIME_ON =
  /^(?:(?:i\s+)?(?:need|want|give\s+me)\s+more\s+time\s+(?:on\s+|for\s+|with\s+)?(\S[\s\S]{0,80}?)|more\s+time\s+(?:on\s+|for\s+|with\s+)?(\S[\s\S]{0,80}?))(?:\s+please)?$/i;
/** `lab-3 more 1 hour`, `lab-3 add 30 min`, `1 hour more on lab-3`, `add 30 min lab-3`, `lab-3 1 hour more`: that much more (the testbed group 1, 4, 6 or 7; the length 2, 3, 5 or 8). */
const ADDED_TO = new RegExp(
  String.raw`^(?:(\S[\s\S]{0,80}?)\s+(?:add|more)\s+(${SHORT_LENGTH})|(${SHORT_LENGTH})\s+more\s+(?:on|for)\s+(\S[\s\S]{0,80}?)|add\s+(${SHORT_LENGTH})\s+(?:to\s+|on\s+|for\s+)?(\S[\s\S]{0,80}?)|(\S[\s\S]{0,80}?)\s+(${SHORT_LENGTH})\s+more)(?:\s+please)?$`,
  'i',
);
/**
 * `what status lab-3`, `tell me lab-3 status`, `check status lab-3`, `lab-3 check`, `lab-3 is free or not`, `is lab-3 busy or free`,
 * `lab-3 who use`: its status (group 1, 2, 3 or 4).
 */
const STATE_OR_NOT =
  /^(?:(?:what(?:['’]?s|\s+is)?|tell\s+me|check|show(?:\s+me)?|give\s+me)\s+(?:the\s+)?status\s+(?:of\s+|for\s+|on\s+)?(\S[\s\S]{0,80}?)|(?:tell\s+me|check|what(?:['’]?s|\s+is))\s+(\S[\s\S]{0,80}?)(?:['’]s)?\s+status|(?:is\s+)?(\S[\s\S]{0,80}?)\s+(?:is\s+)?(?:free|busy|available|taken|in\s+use)\s+or\s+(?:not|busy|free|taken|available|in\s+use)|(\S[\s\S]{0,80}?)\s+(?:check|who\s+(?:uses?|using|has))(?:\s+(?:it|now))?)$/i;
/**
 * `when will lab-6 be fixed`, `how long is lab-6 down for`, `what's wrong with lab-6`: its status, which says why it is out of
 * service and until when (group 1, 2, 3 or 4: `anything wrong with lab-6?`).
 */
const OUT_OF_SERVICE_ASKED =
  /^(?:when\s+(?:will|is|does)\s+(\S[\s\S]{0,80}?)\s+(?:be\s+)?(?:fixed|repaired|back\s+(?:up|online|in\s+service)|up\s+again|working\s+again|available\s+again|come\s+back)|how\s+long\s+(?:is|will)\s+(\S[\s\S]{0,80}?)\s+(?:be\s+)?(?:down|out|offline|broken|in\s+maintenance|under\s+maintenance|out\s+of\s+service)(?:\s+for)?|what(?:['’]?s|\s+is)\s+(?:wrong|up|going\s+on|the\s+(?:problem|issue|matter))\s+with\s+(\S[\s\S]{0,80}?)|(?:is\s+)?(?:anything|something)\s+wrong\s+with\s+(\S[\s\S]{0,80}?))$/i;
const COMPARED =
  /^(?:compare|(?:what(?:['’]?s|\s+is)\s+)?(?:the\s+)?difference\s+between|which\s+(?:one\s+)?is\s+(?:better|faster|newer|bigger),?)\s+(\S[\s\S]{0,120})$/i;
/** `any 5g for an hour`, `a 5g until 5pm`: a label (group 1) booked for that long (group 2). */
const ANY_LABEL_FOR = /^(?:any|an?)\s+(\S+?)(?:\s+(?:testbed|one))?\s+((?:for|until|till)\s+\S[\s\S]{0,40})$/i;
/**
 * `whoever has lab-3 please release it`, `whoever is on lab-3, are you done?`, `can whoever has lab-3 ping me`, `the person on lab-3
 * please contact me`: ask its holder (group 1), as Ask the holder does.
 */
/** `ask who has lab-3 to release it`, `ask whoever is on lab-3 if they're done`: ask its holder (group 1). */
const ASK_WHOEVER =
  /^(?:ask|ping|nudge|message|tell)\s+(?:who(?:ever)?|the\s+(?:person|one)\s+(?:who|that))\s+(?:has|holds|is\s+(?:on|using|holding))\s+(\S[\s\S]{0,80}?)(?:\s+(?:to\s+(?:release|free(?:\s+up)?|give\s+back)\s+it|(?:if|whether)\s+(?:they|he|she)(?:['’]re|['’]s|\s+are|\s+is)\s+(?:done|finished)))?$/i;
const WHOEVER_HOLDS =
  /^(?:(?:is|can|could|would)\s+)?(?:whoever|who\s+ever|the\s+(?:person|one|guy|holder|owner)|(?:some|any)(?:one|body))\s+(?:has|holds|is\s+(?:using|on|holding)|on|using|holding|with|who\s+(?:has|holds|is\s+on))\s+(\S[\s\S]{0,80}?)\s*,?\s+(?:please\s+|pls\s+|plz\s+)?(?:release(?:\s+it)?|give\s+it\s+back|free\s+it(?:\s+up)?|are\s+you\s+done|(?:be\s+)?done|finished|ping\s+me|contact\s+me|message\s+me|dm\s+me|let\s+me\s+know|get\s+in\s+touch|reach\s+out)$/i;
/**
 * `can someone release lab-3`, `can anyone free lab-3`, `could the holder of lab-3 release it`, `lab-3 owner please release`, `to
 * whoever has lab-3: please release`: ask its holder (the group that matched), as Ask the holder does.
 */
const HOLDER_ASKED_TO_RELEASE =
  /^(?:(?:(?:can|could|would)\s+)?(?:some(?:one|body)|any(?:one|body))\s+(?:please\s+)?(?:release|free(?:\s+up)?)\s+(\S[\s\S]{0,80}?)|(?:(?:can|could|would)\s+)?(?:the\s+)?(?:holder|owner|user)\s+of\s+(\S[\s\S]{0,80}?)\s*,?\s+(?:please\s+)?release(?:\s+it)?|(\S[\s\S]{0,80}?)\s+(?:holder|owner|user)\s*,?\s+(?:please\s+)?release(?:\s+it)?|to\s+whoever\s+(?:has|holds|is\s+on)\s+(\S[\s\S]{0,80}?)\s*[:,]?\s+(?:please\s+)?release(?:\s+it)?)(?:\s+please)?$/i;
/** `who booked lab-3 and why`, `who has lab-3 and until when`, `who has lab-3 and when will it be free`: the question before (group 1), whose answer says the rest. */
const AND_WHY =
  /^(who\b[\s\S]{1,100}?)\s+and\s+(?:why|for\s+what|what\s+for|until\s+when|till\s+when|for\s+how\s+long|since\s+when|(?:when|how\s+soon)\s+(?:will|is|does)\s+it\s+(?:be\s+)?(?:free|back|available|released|done|free\s+up))$/i;
/** `what is Linus using lab-3 for` (group 1 the colleague, not read): as `who has lab-3` (group 2), whose row gives the purpose. */
const PURPOSE_ASKED_OF = /^what(?:['’]?s|\s+is|\s+are)\s+(\S+(?:\s+\S+)?)\s+(?:using|doing\s+with|running\s+on)\s+(\S[\s\S]{0,80}?)\s+for$/i;
/** `what did I do yesterday`, `my usage this month`, `my bookings last week`, `how much have I used testbeds this week`: their own history. */
const MY_PAST =
  /^(?:what\s+did\s+i\s+(?:do|use|book|have)\s+(?:yesterday|today|last\s+week|this\s+week|this\s+month|last\s+month)|my\s+(?:usage|stats|history)\s+(?:this|last)\s+(?:week|month)|how\s+(?:much|often|many\s+times)\s+(?:have|did)\s+i\s+(?:used?|book(?:ed)?)(?:\s+(?:the\s+)?testbeds?)?(?:\s+(?:this|last)\s+(?:week|month))?)$/i;

/**
 * `why does jenkins have lab-3`, `which pipeline has lab-3`, `when will the nightly release lab-3`: as `who has lab-3` (group 1), whose
 * row says who holds it until when (the holder named is not read).
 */
const WHY_HELD = /^(?:why\s+does\s+\S+(?:\s+\S+)?\s+(?:still\s+)?(?:have|hold|need|want|use)|which\s+(?:pipeline|job|person|user|team|one|token)\s+(?:has|holds|is\s+using|is\s+on|booked)|when\s+will\s+(?:the\s+)?\S+(?:\s+\S+)?\s+(?:release|give\s+back|free(?:\s+up)?)|when\s+(?:will|does|would)\s+(?:the\s+)?(?!(?:next|first|an?|any|one|it|testbed|something|anything)\s)\S+(?:\s+\S+)?\s+(?:(?:be\s+)?going\s+to\s+)?(?:release|give\s+back|return|hand\s+back|let\s+go\s+of|(?:be\s+)?(?:done|finished)\s+with)|what(?:['’]?s|\s+is|\s+are)\s+\S+(?:\s+\S+)?\s+doing\s+(?:on|with))\s+(\S[\s\S]{0,80})$/i;
/** `release the pipeline's hold on lab-3`, `end Linus's booking on lab-3`: as `release lab-3` (group 1; whose it was is not read). */
const RELEASE_THEIRS_ON = /^(?:release|end|cancel|free)\s+(?:the\s+)?\S+(?:\s+\S+)?['’]s?\s+(?:hold|booking|reservation)\s+(?:on|of|for)\s+(\S[\s\S]{0,80})$/i;
/**
 * `what pipelines are running`, `show api holds`, `ci holds`, `list holds`, `which testbeds are held by pipelines`: the testbeds in use,
 * each row naming its holder.
 */
const PIPELINE_HOLDS = /^(?:(?:what|which)\s+(?:pipelines?|jobs?|ci\s+jobs?)\s+(?:(?:are\s+)?(?:running|holding\s+testbeds|on\s+the\s+lab)|(?:hold|have)\s+testbeds)|(?:(?:show|list)(?:\s+me)?\s+)?(?:the\s+|all\s+)?(?:(?:api|pipeline|ci|jenkins)\s+)?holds|(?:which|what)\s+testbeds\s+(?:are\s+)?(?:held|used|booked)\s+by\s+(?:pipelines|the\s+api|ci|jenkins)|how\s+many\s+testbeds\s+(?:does|do)\s+(?:ci|jenkins|the\s+pipelines?)\s+(?:have|hold))$/i;

/**
 * `it would be nice to book ahead`, `I wish the bot could …`, `add a calendar view`, `can you add booking ahead`: a wish for the bot,
 * which the feedback form takes (words that add a testbed, a label, a length or a person to a queue are read before this).
 */
const WISHED =
  /^(?:it\s+would\s+be\s+(?:nice|great|good|cool|helpful|useful|awesome)\s+(?:to|if)|i\s+wish\s+(?:you|the\s+bot|it|i|we)\s+(?:could|would|had)|(?:add|support)\s+(?:a\s+|an\s+)?(?:calendar|booking\s+ahead|bookings?\s+in\s+advance|reservations?\s+ahead|dark\s+mode|(?:\S+\s+)?(?:view|feature|option|button|command|setting)s?)(?:\s|$))[\s\S]*$/i;
/** `make an announcement`, `post an announcement: …`: the broadcast flow (what follows is a person's words). */
const ANNOUNCEMENT_ASKED = /^(?:post|make|send|do|write)\s+an?\s+announcement(?:\s*[:\-–]\s*\S[\s\S]*)?$/i;
/** `who is using lab-3 without a booking`: as `who has lab-3` (group 1). */
const UNBOOKED_USE = /^who(?:['’]?s|\s+is)\s+(?:using|on)\s+(\S[\s\S]{0,80}?)\s+without\s+(?:a\s+)?(?:booking|reservation)(?:\s+it)?$/i;

/** `anything booked for me`, `my active bookings`, `count my bookings`, `when is mine due`, `did my booking go through`, `who wants my testbed`: their bookings. */
const MINE_ASKED = /^(?:(?:anything|something)\s+(?:booked|held|reserved)\s+for\s+me|what(?:['’]?s|\s+is)\s+the\s+purpose\s+of\s+my\s+(?:booking|reservation)|count\s+my\s+(?:bookings|testbeds|reservations)|when\s+is\s+mine\s+due(?:\s+back)?|am\s+i\s+still\s+(?:booked|holding\s+(?:it|anything)|on\s+it)|did\s+(?:my\s+booking|it|the\s+booking)\s+(?:go\s+through|work)|(?:was|is)\s+it\s+booked|(?:show\s+|list\s+)?my\s+(?:active|current|open|ongoing|running)\s+(?:bookings?|reservations?|holds?|testbeds?)|who(?:['’]?s|\s+is)?\s+(?:wants|needs|waiting\s+for|after)\s+my\s+(?:testbeds?|bookings?|one)|(?:is|are)\s+(?:any|some)(?:one|body)\s+(?:waiting\s+for|after)\s+my\s+(?:testbeds?|bookings?|one))$/i;
/** `who's got what`, `where is everyone`, `who is on which testbed`, `what's everyone on`: the whole lab. */
const EVERYONE_WHERE =
  /^(?:who(?:['’]?s|\s+has)\s+got\s+what|(?:(?:list|show)(?:\s+me)?\s+)?who\s+has\s+what|who(?:['’]?s|\s+is)\s+(?:on|using)\s+(?:what|which)(?:\s+(?:testbeds?|ones?))?|what(?:['’]?s|\s+is|\s+are)\s+every(?:one|body)\s+(?:on|using)|where\s+is\s+every(?:one|body))$/i;
/** `5g waiting list`, `how long is the 5g queue`: that label's testbeds (group 1 or 2), each row with its queue. */
const LABEL_QUEUE = /^(?:(\S+?)\s+(?:waiting\s+list|wait-?list|line)|how\s+long\s+is\s+the\s+(\S+?)\s+(?:queue|line|waiting\s+list))$/i;

/**
 * `who is first in line for lab-3`, `am I the only one waiting for lab-3`, `queue length lab-3`: its status (the group that matched),
 * whose row says who waits, next first.
 */
const FIRST_IN_LINE =
  /^(?:who(?:['’]?s|\s+is)\s+first(?:\s+in\s+(?:line|the\s+queue))?\s+(?:for|on)\s+(\S[\s\S]{0,80}?)|am\s+i\s+the\s+only\s+one\s+(?:waiting|in\s+(?:line|the\s+queue))\s+(?:for|on)\s+(\S[\s\S]{0,80}?)|(?:the\s+)?(?:queue|line)\s+length\s+(?:(?:of|for|on)\s+)?(\S[\s\S]{0,80}?))$/i;
/** `is there a long queue`, `how long is the queue`, `who else is waiting`, `can I see the queue`: every testbed, each row saying who waits. */
const LONG_QUEUE = /^(?:is\s+there\s+a\s+(?:long\s+)?(?:queue|line|wait)(?:\s+anywhere)?|are\s+the\s+queues\s+long|who\s+else\s+is\s+(?:waiting|queued|in\s+(?:the\s+)?(?:queue|line))|(?:can|may)\s+i\s+see\s+the\s+(?:queues?|lines?|waiting\s+lists?))$/i;
/** `auto release lab-3 at 5`, `release lab-3 automatically at 5`, `schedule a release for lab-3 at 5pm`: as `release lab-3 at 5` (groups 1 to 3, then the time). */
const RELEASE_LATER =
  /^(?:auto[\s-]*release\s+(\S[\s\S]{0,80}?)|release\s+(\S[\s\S]{0,80}?)\s+automatically|schedule\s+(?:a\s+|the\s+)?release\s+(?:of|for)\s+(\S[\s\S]{0,80}?))\s+((?:at|by)\s+\S[\s\S]{0,40})$/i;

/** `5g list`, `every 5g testbed`, `what does 5g mean`, `next free 5g`: that label's testbeds (the group that matched). */
const LABEL_LISTED =
  /^(?:(\S+?)\s+list|every\s+(\S+?)\s+(?:testbed|one)|what\s+does\s+(\S+?)\s+mean|(?:the\s+)?next\s+(?:free\s+|available\s+)(\S+?)(?:\s+(?:testbed|one))?)$/i;
/** `is lab-3 5g`, `does lab-3 have 5g`, `is lab-3 a 5g testbed`: the testbed (group 1 or 3) and the label (group 2 or 4); its status shows its labels. */
const HAS_LABEL_ASKED =
  /^(?:is\s+(\S[\s\S]{0,80}?)\s+(?:an?\s+)?(\S+?)(?:\s+(?:testbed|one))?|does\s+(\S[\s\S]{0,80}?)\s+(?:have|carry|support)\s+(?:the\s+)?(\S+?)(?:\s+label)?)$/i;

/** `count free`, `number of free testbeds`, `free count`: as `how many are free` (the state, group 1, 2 or 3). */
const COUNTED =
  /^(?:count\s+(?:the\s+)?(free|available|overdue|busy|in\s+use|taken|booked)(?:\s+(?:testbeds?|ones?))?|(?:the\s+)?(?:number|count)\s+of\s+(free|available|overdue|busy|taken|booked)\s+(?:testbeds?|ones?)|(free|available|overdue|busy)\s+count)$/i;
/** `anything open?`, `what's open`, `open testbeds`, `got anything free`: the free ones (`open` only where no testbed carries it as a label). */
const OPEN_ASKED =
  /^(?:(?:(?:got|have\s+you\s+got)\s+)?anything|what(?:['’]?s|\s+is|\s+are)|which(?:\s+(?:testbeds?|ones?))?(?:\s+(?:is|are))?|any(?:\s+testbeds?)?|are\s+there(?:\s+any)?|(?:show|list)(?:\s+me)?(?:\s+the)?)\s+open(?:\s+(?:testbeds?|ones?))?(?:\s+(?:now|right\s+now|today))?$|^open\s+(?:testbeds?|ones?)$|^got\s+anything\s+(?:free|available)$/i;
/**
 * `who will have lab-3 next`, `who gets lab-3 after Linus`, `who is after Linus on lab-3`: as `who has lab-3` (group 1, 2 or 3), whose
 * row says who is in line (a colleague named is not read).
 */
const WHO_GETS_NEXT =
  /^(?:who(?:['’]?ll|\s+will)\s+(?:have|get|be\s+on)\s+(\S[\s\S]{0,80}?)\s+(?:next|after\s+\S+(?:\s+\S+)?)|who\s+(?:gets|is\s+getting)\s+(\S[\s\S]{0,80}?)\s+(?:next|after\s+\S+(?:\s+\S+)?)|who(?:['’]?s|\s+is|\s+comes)\s+after\s+\S+(?:\s+\S+)?\s+(?:on|for|with)\s+(\S[\s\S]{0,80}?))$/i;

/**
 * `I still need lab-3`, `I'm still using lab-3`, `keep lab-3 until friday`, `renew lab-3 for a day`,
 * `I need more time on lab-3`: extend, when a testbed of the lab is named (what follows it, a length or
 * a time, is read as `extend` reads it).
 */
const STILL_NEED =
  /^(?:(?:i\s+)?still\s+need|(?:(?:can|could|may)\s+i\s+(?:please\s+)?|i(?:['’]?ll|\s+will)\s+|is\s+it\s+(?:ok(?:ay)?|alright|all\s+right|fine)\s+if\s+i\s+)?(?:keep|renew|prolong|extend|bump)(?=\s)|(?:i(?:['’]?m|\s+am)\s+)?(?:extending|prolonging|renewing)(?=\s)|(?:i(?:['’]?m|\s+am)\s+)?still\s+(?:using|on|working\s+on)|i(?:['’]?m|\s+am)\s+not\s+(?:done|finished)\s+with|(?:please\s+)?(?:don['’]?t|do\s+not)\s+release|(?:(?:i\s+)?need\s+|(?:can|could|may)\s+i\s+(?:please\s+)?(?:have|get)\s+)?more\s+time\s+(?:on|with|for))\s+(\S[\s\S]*)$/i;

/**
 * `still need it`, `still need`, `using it`, `I'm still using it`, `not done yet`, `almost done` (or `almost`), `need more time`,
 * `snooze`, `remind me later`, `stop reminding me`, `don't remind me`, `mute reminders`, `turn off reminders`, `renew my booking`: what a
 * holder answers a reminder with, no testbed named (an `it` talked about is read before this). Their bookings, with Extend, Done by
 * and Release (each of which settles the reminders).
 */
const STILL_MINE =
  /^(?:(?:(?:yes|yeah|yep)[,!.]?\s+)?(?:(?:i\s+)?still\s+need\s+(?:it|this|that|them)(?:\s+for\s+a\s+(?:bit|while|little))?|still\s+running|(?:i(?:['’]?m|\s+am)\s+)?still\s+(?:using|on|working\s+on)\s+(?:it|this|that|them)|(?:i(?:['’]?m|\s+am)\s+)?still\s+(?:testing|working|running\s+(?:tests|the\s+tests))|(?:i['’]?m\s+|i\s+am\s+)?not\s+(?:done|finished)(?:\s+yet)?|not\s+yet|(?:i(?:['’]?ll|\s+will)\s+be\s+)?done\s+soon|still\s+going|keep\s+going|(?:(?:my|the)\s+)?(?:tests?|builds?|jobs?|runs?|soak)\s+(?:(?:is|are)\s+)?still\s+running|(?:(?:yes|yeah|yep)[,!.]?\s+)?(?:still\s+(?:using|need|needed|in\s+use)|using\s+it)|(?:shut\s+up|stop\s+(?:spamming|messaging|bugging)\s+me|too\s+many\s+(?:messages|reminders|notifications)|mute|unsubscribe)|(?:i['’]?m\s+|i\s+am\s+)?(?:almost|nearly)(?:\s+(?:done|finished|there))?|(?:(?:i\s+)?need\s+|(?:can|could|may)\s+i\s+(?:please\s+)?(?:have|get)\s+)?(?:some\s+)?more\s+time(?:\s+(?:on|with)\s+(?:it|this|that))?|snooze(?:\s+(?:the\s+|my\s+|this\s+)?(?:reminders?|alerts?|notifications?))?|keep|(?:i\s+)?(?:can['’]?t|cannot|can\s+not)\s+release(?:\s+(?:it|this|that))?(?:\s+(?:yet|now|right\s+now))?|(?:please\s+)?(?:don['’]?t|do\s+not)\s+(?:release|take)(?:\s+(?:it|this|that))?(?:\s+(?:yet|now|please|away))?|remind\s+me\s+later|keep\s+(?:it|this|that)(?:\s+(?:for\s+)?(?:a\s+(?:bit|while|little)|a\s+little\s+longer))?|stop\s+(?:reminding|nagging|pinging)\s+me|(?:don['’]?t|do\s+not)\s+remind\s+me(?:\s+again)?|(?:no\s+more\s+|stop\s+(?:(?:the|these|your)\s+)?|mute\s+(?:the\s+)?|(?:turn|switch)\s+off\s+(?:(?:the|my|all)\s+)?|disable\s+(?:(?:the|my|all)\s+)?|no\s+)(?:reminders|notifications)(?:\s+for\s+(?:today|now|the\s+day|a\s+while))?|stop\s+sending\s+me\s+(?:messages|reminders|notifications))|(?:renew|prolong)(?:\s+(?:it|this|that|my\s+(?:booking|reservation|testbed)s?))?)$/i;

/** `I need it until friday`, `need it for 2 more hours`: more time for the booking talked about (group 1, the time). */
/** `need till 6`, `give me till 5`: the time (group 1), as typed alone. */
export const NEEDED_UNTIL = /^(?:i\s+)?(?:need|give\s+me)\s+((?:till?|until)\s+\S[\s\S]{0,40})$/i;
const NEED_IT = /^(?:i\s+|i(?:['’]ll|\s+will)\s+)?(?:still\s+)?need\s+(?:it|this|that)\s*,?\s+(?:(?:give\s+me|i\s+need)\s+)?(\S[\s\S]{0,80})$/i;
/**
 * `what's due back today`, `what frees up today`, `anything free later today`, `due today`, `what's coming free`, `will
 * anything be free soon`: the bookings due back later today, soonest first (`status due today`).
 */
const DUE_TODAY =
  /^(?:what|which(?:\s+testbeds?|\s+ones?)?)(?:['’]?s|\s+is|\s+are)?\s+(?:(?:will\s+be|going\s+to\s+be)\s+(?:free|available)|free|available|comes?\s+back|coming\s+back|frees?\s+up)\s+(?:soon|later(?:\s+today)?|today|this\s+(?:afternoon|evening))$|^(?:free|available)\s+(?:later(?:\s+today)?|soon)$|^(?:(?:what(?:['’]?s|\s+is|\s+are)|which(?:\s+testbeds?|\s+ones?)?(?:\s+(?:is|are))?|(?:show|list)(?:\s+me)?(?:\s+the)?|anything|any(?:\s+testbeds?)?)\s+)?(?:due(?:\s+back)?\s+(?:today|soon|later(?:\s+today)?)|(?:coming|becoming)\s+free(?:\s+(?:today|soon))?)$|^(?:what|which(?:\s+testbeds?|\s+ones?)?)\s+(?:frees?\s+up|will\s+be\s+(?:free|available)|(?:is|are)\s+(?:freeing\s+up|free\s+later))\s+(?:today|later(?:\s+today)?|this\s+(?:afternoon|evening))$|^(?:is\s+)?(?:anything|any(?:\s+testbeds?)?|something)\s+(?:(?:be\s+|going\s+to\s+be\s+)?(?:free|available)\s+(?:later(?:\s+today)?|soon|today|this\s+(?:afternoon|evening))|freeing\s+up\s+(?:today|soon))$|^will\s+(?:anything|any(?:\s+testbeds?)?|something|one)\s+be\s+(?:free|available)\s+(?:soon|today|later(?:\s+today)?|this\s+(?:afternoon|evening))$/i;
/**
 * Words that read as a time after `until` but alone are something else, or say too little: a number (`+1` agrees), a meal, a day's
 * short name (`sun`, `sat`), `17h` (seventeen hours, or 17:00?).
 */
const NO_BARE_TIME = /^(?:(?:\+\s*)?\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|(?:after\s+)?(?:lunch|breakfast|dinner)|mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun|(?:1[3-9]|2[0-3])\s*h)$/i;
/** `I'll release it now`, `I'm releasing lab-3 shortly`, `I'm going to release lab-3`: release (group 1, the testbed or `it`). */
const WILL_RELEASE = /^(?:i(?:['’]?ll|\s+will)\s+release|i(?:['’]?m|\s+am)\s+releasing|(?:i(?:['’]?m|\s+am)\s+)?(?:going\s+to|about\s+to)\s+release)\s+(\S[\s\S]*?)(?:\s+(?:now|soon|shortly|right\s+away|in\s+a\s+(?:minute|moment|bit|sec(?:ond)?)))?$/i;

/**
 * `remind me tomorrow`, `remind me again this afternoon`, `remind me at 4pm`, `remind me tomorrow about lab-1`: until then (group 1,
 * the time; group 2, the testbed).
 */
const REMIND_LATER = /^remind\s+me\s+(?:again\s+)?((?:tomorrow|tonight|this\s+(?:afternoon|evening)|(?:at|by)\s+\S+(?:\s*[ap]m)?)(?:\s+(?:morning|afternoon|at\s+\S+(?:\s*[ap]m)?))?)(?:\s+(?:about|for|of)\s+(\S[\s\S]{0,80}?))?$/i;
/** `snooze 1h`, `snooze lab-3 for an hour`, `remind me in an hour`: extend by that much (as `extend …` reads it). */
/** `ETA 30 min`, `eta: 5pm`: when the person expects to be done (group 1), a length or a time. */
const ETA_SAID = /^(?:my\s+)?eta\s*[:=]?\s+(\S[\s\S]{0,30})$/i;
/** `10 min to wrap up`, `give me 10 minutes to wrap up`: done in that long (group 1). */
const WRAP_UP_IN = /^(?:give\s+me\s+|i\s+need\s+)?(\S+(?:\s+\S+)?)\s+(?:more\s+)?to\s+(?:wrap\s+(?:it\s+)?up|finish(?:\s+up)?)$/i;
/** `how long can I book lab-3 for`: the testbed or label (group 1). */
const HOW_LONG_FOR = /^how\s+long\s+(?:can|may|could)\s+(?:i|we|one)\s+(?:book|reserve|use)\s+(\S[\s\S]{0,80}?)(?:\s+for)?$/i;
/** `set a reminder for 4pm`, `set my reminder at 4`: the reminder then (group 1). */
const SET_REMINDER = /^set\s+(?:a\s+|the\s+|my\s+)?reminder\s+((?:for|at)\s+\S[\s\S]{0,30})$/i;
const SNOOZE = /^(?:snooze|remind\s+me\s+(?:again\s+)?in)\s+(\S[\s\S]*)$/i;

/** Longer sentences are not read for more time: these words are short, and the checks below stay cheap. */
const MORE_TIME_MAX = 120;
/** The phrases read around one testbed's name (at most 80 characters) are read in text up to this long only. */
export const AROUND_NAME_MAX = 160;
/** `I need`, `give me`, `can I have`, `I'd like`: what comes before more time asked for. */
const ASKED_FOR = /^(?:(?:i\s+)?need|give\s+me|(?:can|could|may)\s+i\s+(?:please\s+)?(?:have|get)|i(?:['’]?d|\s+would)\s+like)\s+/i;
/** The words that make a length more time (`another hour`, `2 more hours`, `an extra day`), not a booking's length. */
export const MORE = /(?:^|\s)(?:another|more|extra|longer)(?:\s|$)/i;

/** `book a testbed`, `see what's free`, `report a problem`: a way the bot knows, with nothing beside it. */
function plainWay(asked: string): boolean {
  const way = WAYS.find(([pattern]) => pattern.test(asked));
  const rest = way === undefined ? undefined : asked.replace(way[0], '').trim();
  return rest !== undefined && (rest === '' || /^(?:(?:a|an|the|my)\s+)?(?:testbeds?|bookings?|one)$/i.test(rest));
}

/** `book lab-3`, `5g`: a way the bot knows with a testbed or label of the lab beside it, or the testbed or label alone (lab data, no person's words). */
function wayOnLab(topic: string, testbeds: readonly Pick<TestbedRecord, 'testbed_name' | 'labels'>[]): boolean {
  const way = WAYS.find(([pattern]) => pattern.test(topic));
  const rest = (way === undefined ? topic : topic.replace(way[0], '')).trim().replace(/^(?:for|on|to|about)\s+/i, '');
  return rest === '' || namesOne(testbeds, rest) || labelCarried(testbeds, rest);
}

/** A way asked for as the command that shows it; for a form, with the testbed named after the first words (`book lab-3`) chosen. */
function wayTo(asked: string, testbeds: readonly Pick<TestbedRecord, 'testbed_name'>[]): string {
  const way = WAYS.find(([pattern]) => pattern.test(asked));
  if (way === undefined) return 'help';
  const [pattern, command] = way;
  // `how do I switch to lab-5`: the switch as asked (its card says what one press would do).
  if (command === 'switch') return /^(?:switch|swap)\s+\S/i.test(asked) ? asked : 'switch';
  if (command === 'give') return asked;
  // `how do I book lab-3 for 2 hours`, `how can I get notified when lab-3 is free`: the testbed named first after the verb.
  const rest = asked.replace(pattern, '').trim().replace(/^(?:for|on|to|about|when|if|once)\s+/i, '');
  const name = rest.split(/\s+/)[0];
  // Only those whose answer is a form or a card to press: `wait lab-3` would take a place in the queue at once.
  if (!/^(?:book|release|extend)$/.test(command) || name === '' || !namesOne(testbeds, name)) return command;
  // A booking keeps what follows (its time and purpose); the others need only the testbed.
  return command === 'book' ? `book ${rest}` : `${command} ${name}`;
}

/**
 * `I need 2 more hours`, `another hour please`, `can I have another hour on lab-3`, `I need lab-3 for 2 more
 * hours`: extend, by that much (the testbed named, or their bookings to choose from).
 */
function moreTime(command: string, testbeds: readonly Pick<TestbedRecord, 'testbed_name'>[]): string | undefined {
  if (command.length > MORE_TIME_MAX || !MORE.test(command)) return undefined;
  // `need it 20 more minutes`: the `it` is their booking, as with nothing named.
  // `almost done, 10 more minutes`: the length after the news.
  // `nearly finished with lab-3, 5 more minutes`: that much more on lab-3.
  const finishing = /^(?:i['’]?m\s+|i\s+am\s+)?(?:almost|nearly)\s+(?:done|finished)\s+with\s+(\S[\s\S]{0,80}?)(?:\s*[,.;:!]|\s+-+)\s+(\S[\s\S]*)$/i.exec(command);
  if (finishing && namesOne(testbeds, finishing[1]) && readTypedExtension(finishing[2].replace(/\s+please$/i, '')) !== null) return `extend ${finishing[1]} ${finishing[2].replace(/\s+please$/i, '')}`;
  const words = command.replace(/^(?:(?:i['’]?m\s+|i\s+am\s+)?(?:almost|nearly)\s+(?:done|finished|there)|not\s+(?:done\s+)?yet)\s*[,.;:!-]\s*/i, '').replace(ASKED_FOR, '').replace(/\s+please$/i, '').replace(/^(?:it|this|that)\s+(?:for\s+)?(?=\S)/i, '');
  if (readTypedExtension(words) !== null) return `extend ${words}`;
  const split = /\s+(?:on|with|for)\s+/i.exec(words);
  if (!split) return undefined;
  const [before, after] = [words.slice(0, split.index), words.slice(split.index + split[0].length)];
  if (readTypedExtension(before) !== null && namesOne(testbeds, after)) return `extend ${after} ${before}`;
  if (/\sfor\s/i.test(split[0]) && namesOne(testbeds, before) && readTypedExtension(after) !== null) return `extend ${before} ${after}`;
  return undefined;
}

/**
 * `add an hour`, `add 2 hours to lab-3`, `add a day to my booking`: extend by that much; `need lab-3 longer`,
 * `I need lab-3 for longer`, `keep it a bit longer`, `longer please`: extend (their bookings, with the Extend buttons).
 */
const ADD_TIME = /^add\s+(\S[\s\S]*?)(?:\s+(?:to|on)\s+(\S[\s\S]*?))?$/i;
const LONGER = /^(?:(?:(?:i\s+)?(?:need|want)|keep|(?:can|could|may)\s+i\s+(?:keep|have))(?:\s+(\S[\s\S]*?))??\s+)?(?:for\s+)?(?:a\s+(?:bit|little|while)\s+)?longer$/i;
/**
 * `I released it`, `already released`, `I gave it back`, `that's not mine`, `I never booked that`: said back to a reminder, their
 * bookings, which show what they still hold (and nothing when they hold nothing).
 */
const NOT_HELD_SAID =
  /^(?:(?:i(?:['’]ve|\s+have)?\s+)?(?:already\s+)?(?:released|returned|freed|gave\s+back|given\s+back)(?:\s+(?:it|this|that|them))?(?:\s+(?:back|already))?(?:\s+(?:yesterday|earlier(?:\s+today)?|this\s+morning|last\s+night|(?:an?|\d{1,2})\s+(?:hours?|minutes?|mins?)\s+ago))?|(?:it(?:['’]s|\s+is|\s+was)|that(?:['’]s|\s+is|\s+was))\s+(?:already\s+)?(?:released|returned)|i\s+gave\s+(?:it|this|that)\s+back(?:\s+already)?|i\s+(?:don['’]?t|do\s+not)\s+(?:have|hold)\s+(?:it|this|that|anything|any\s+testbed)|(?:that|this|it)(?:['’]s|\s+is)\s+not\s+mine|not\s+mine|wrong\s+person|not\s+me|i\s+never\s+booked\s+(?:it|this|that|anything)|some(?:one|body)\s+(?:else\s+)?booked\s+(?:it|this|that)\s+for\s+me)$/i;
/**
 * `I took lab-3`, `I've got lab-3`, `just booked lab-3`, `lab-3 is mine`: said to say they hold it, their bookings with lab-3 chosen
 * (group 1 or 2), which show whether they do (as `lab-3 is mine until 5` does, with its time).
 */
const HELD_SAID =
  /^(?:(?:i\s+|i['’]ve\s+|i\s+have\s+)?(?:just\s+)?(?:took|taken|grabbed|booked|reserved|registered)|i(?:['’]ve|\s+have)\s+got|i\s+have|i\s+(?:don['’]?t|do\s+not)\s+(?:have|hold))\s+(\S[\s\S]{0,80}?)(?:\s+now)?$|^(\S[\s\S]{0,80}?)\s+(?:is\s+)?(?:mine|(?:taken|booked|used|being\s+used|in\s+use)\s+by\s+me)(?:\s+now)?$/i;
/** `hold on to lab-3`, `hang on to lab-3 until friday`, `I'm keeping lab-3 overnight`: as `keep lab-3 …` (group 1). */
const HOLD_ON = /^(?:(?:hold|hang)\s+on(?:\s+to|to)|(?:i(?:['’]?m|\s+am)\s+)?keeping)\s+(\S[\s\S]*)$/i;
/**
 * `release lab-3 later`, `I'll release lab-3 soon`, `release lab-3 before I leave`, `release everything when I go home`: no time
 * said, so their bookings, lab-3 chosen (group 1), where its buttons are.
 */
const RELEASE_SOMETIME =
  /^(?:i(?:['’]?ll|\s+will)\s+)?release\s+(\S[\s\S]*?),?\s+(?:later(?:\s+(?:on|today))?|soon|shortly|in\s+a\s+(?:bit|while|moment|sec(?:ond)?|minute)|when\s+(?:i(?:['’]?m|\s+am)|i['’]ve|i\s+have)\s+(?:done|finished)|(?:when|before|once|as\s+soon\s+as)\s+(?:i|we)\s+(?:leave|go(?:\s+home)?|head\s+(?:out|home)|log\s+(?:off|out)|sign\s+off|clock\s+out|finish|(?:am|['’]m|are|['’]re)\s+(?:done|finished|leaving|off))(?:\s+(?:today|tonight|for\s+the\s+day))?)$/i;
/** `everything`, `all of them`, `my stuff`, `my bookings`: every booking of theirs, said as what is released. */
export const ALL_OF_MINE = /^(?:all|everything|both(?:\s+of\s+them)?|the\s+(?:two|three|2|3)(?:\s+of\s+them)?|all\s+of\s+them|them(?:\s+all)?|(?:all\s+(?:of\s+)?)?my\s+(?:stuff|things|bookings|reservations|testbeds))$/i;
/** `running late`, `I'm running over`, `I'll be late`, `I'll be a bit longer`: more time for their booking. */
const RUNNING_LATE = /^(?:(?:i(?:['’]?m|\s+am)\s+)?running\s+(?:late|over|behind)|i(?:['’]?ll|\s+will)\s+be\s+(?:late|(?:a\s+(?:bit|little)\s+)?longer|a\s+while))$/i;
/** `I'll be another hour`, `I'll need 30 more minutes`: that much more (group 1). */
const BE_MORE = /^i(?:['’]?ll|\s+will)\s+(?:be|need)\s+(\S[\s\S]{0,40})$/i;
/** `running late, need another hour`: running late (group 1), then what they ask (group 2). */
const LATE_THEN = /^(\S[\s\S]{0,40}?)\s*[,;.!]\s+(\S[\s\S]{0,80})$/;

/**
 * `hold on to lab-3 until friday` (as `keep lab-3 until friday`), `release lab-3 later`, `I took lab-3` (their bookings, lab-3
 * chosen): kept on.
 */
function keptOn(command: string, testbeds: readonly Pick<TestbedRecord, 'testbed_name' | 'labels'>[]): string | undefined {
  const heldSaid = HELD_SAID.exec(command)?.slice(1).find((group) => group !== undefined)?.trim();
  if (heldSaid !== undefined && namesOne(testbeds, heldSaid)) return `extend ${heldSaid}`;
  const held = HOLD_ON.exec(command)?.[1].trim();
  const heldName = held?.split(/\s+(?=(?:until|till|for|by|to|over)\s|(?:overnight|tonight)$)/i)[0];
  if (held !== undefined && heldName !== undefined && (IT.test(heldName) || namesOne(testbeds, heldName))) return everydayCommand(`keep ${held}`, testbeds);
  const later = RELEASE_SOMETIME.exec(command)?.[1].trim();
  if (later !== undefined && (IT.test(later) || MY_BOOKING.test(later) || ALL_OF_MINE.test(later))) return 'mine';
  return later !== undefined && namesOne(testbeds, later) ? `extend ${later}` : undefined;
}

/** `running late`, `I'll be another hour`, `running late, need another hour`: extend (by that much, when said). */
function runningLate(command: string, testbeds: readonly Pick<TestbedRecord, 'testbed_name' | 'labels'>[]): string | undefined {
  if (RUNNING_LATE.test(command)) return 'extend';
  const more = BE_MORE.exec(command)?.[1];
  if (more !== undefined && MORE.test(more) && readTypedExtension(more) !== null) return `extend ${more}`;
  const then = LATE_THEN.exec(command);
  if (then === null || !RUNNING_LATE.test(then[1])) return undefined;
  // (`running late, sorry`: nothing more asked. Other words are a person's own, so no reading.)
  if (/^(?:sorry|apologies|my\s+bad|sry)$/i.test(then[2])) return 'extend';
  const asked = everydayCommand(then[2], testbeds);
  return /^extend(?:\s|$)/i.test(asked) ? asked : undefined;
}
/** The booking talked about without naming it: their bookings to choose from. */
const MY_BOOKING = /^(?:my\s+(?:booking|reservation|testbed)|it|this|that)$/i;

function addedTime(command: string, testbeds: readonly Pick<TestbedRecord, 'testbed_name'>[]): string | undefined {
  if (command.length > MORE_TIME_MAX) return undefined;
  const added = ADD_TIME.exec(command);
  if (added && readTypedExtension(added[1]) !== null) {
    const named = added[2]?.trim();
    if (named === undefined || MY_BOOKING.test(named)) return `extend ${added[1]}`;
    return namesOne(testbeds, named) ? `extend ${named} ${added[1]}` : undefined;
  }
  const longer = LONGER.exec(command);
  if (!longer) return undefined;
  const named = longer[1]?.trim();
  if (named === undefined || MY_BOOKING.test(named)) return 'extend';
  return namesOne(testbeds, named) ? `extend ${named}` : undefined;
}

/**
 * `push my booking to 18:00`, `move the release of lab-3 to friday`, `postpone lab-3 by an hour`, `change it to 6pm`,
 * `change the time to tomorrow`, `make it 6pm`: their booking (or the testbed named) due back then, as `release lab-3 at
 * 18:00` reads it (later than it is due is an extension, earlier a Done by); or extended by that much.
 */
const PUSHED =
  /^(?:push|move|postpone|delay|shift|change|set|update|adjust|reschedule|shorten|stretch|lengthen|cut)(?:\s+back)?\s+(?:(?:my|our)\s+(?:(?:booking|reservation)(?:['’]s)?\s+(?=end|release))?(?:booking|release|reservation|testbed|end)(?:\s+(?:time|date))?|(?:the\s+)?(?:time|end(?:\s+time)?|release\s+time|due\s+time)|(?:the\s+)?(?:booking|release|reservation|release\s+time|end\s+time|due\s+time)\s+(?:of|for|on)\s+(\S[\s\S]*?)|(\S[\s\S]*?))(?:\s+back)?\s+((?:to|until|till|by)\s+\S[\s\S]*)$/i;
/**
 * `set lab-3 to release at 5pm`, `set it to end at 6`, `update my booking to end at 6`, `my booking ends at 6 now`, `end it at 3`: as `push lab-3 to 5pm` (group 1 the testbed, when one
 * is named; group 2 the time).
 */
const SET_TO_END =
  /^(?:(?:set|update|change)\s+(?:(?:my\s+booking|it)|(\S[\s\S]*?))\s+to\s+(?:release|end|expire|finish|be\s+(?:released|done|due))|(?:my\s+booking|it)\s+(?:now\s+)?(?:ends|finishes|is\s+due(?:\s+back)?)|(?:end|finish)\s+(?:my\s+(?:booking|reservation)|it))\s+(?:at|by)\s+(\S[\s\S]*?)(?:\s+now)?$/i;
/** `make it 6pm`, `make it until tomorrow`: as `push it to 6pm`. */
const MADE = /^make\s+it\s+(?:until\s+|till\s+)?(\S[\s\S]*)$/i;

/** `shorten my booking`, `change the end time`, `lengthen the booking of lab-3`: their bookings (lab-3 chosen), where its time is changed. */
const TIME_CHANGED_ALONE =
  /^(?:change|set|update|adjust|reschedule|shorten|stretch|lengthen|modify)\s+(?:(?:my|the|our)\s+)?(?:booking|reservation|release(?:\s+time)?|end(?:\s+time)?|due\s+time)(?:\s+(?:of|for|on)\s+(\S[\s\S]*))?$/i;

function pushedBack(typed: string, testbeds: readonly Pick<TestbedRecord, 'testbed_name'>[]): string | undefined {
  // `push lab-3 back 2h`: a length after `back` without `by`.
  const said = typed.replace(/^(\S+\s+\S[\s\S]*?\s+back)\s+(?=\d|(?:an?|another|one|two|half\s+an?)\s+\S)/i, '$1 by ');
  // `push everything to 6pm`, `move all of them by an hour`: as `extend everything …`.
  const every = /^(?:push|move|postpone|delay|shift)(?:\s+back)?\s+(?:everything|all(?:\s+of\s+them)?|both(?:\s+of\s+them)?|them\s+all|all\s+(?:of\s+)?my\s+(?:bookings|testbeds|reservations))(?:\s+back)?\s+((?:to|until|till|by)\s+\S[\s\S]*)$/i.exec(said)?.[1];
  if (every !== undefined) return `extend everything ${every}`;
  const alone = TIME_CHANGED_ALONE.exec(said);
  if (alone !== null && alone[1] === undefined) return 'mine';
  if (alone?.[1] !== undefined && namesOne(testbeds, alone[1].trim())) return `extend ${alone[1].trim()}`;
  const made = MADE.exec(said)?.[1];
  // `make it 2 hours`: a length alone, as typed alone (more time on their booking).
  if (made !== undefined && !/^(?:until|till|to)\s/i.test(made) && isTypedTime(`for ${made}`) && !isTypedTime(`until ${made}`)) return `extend ${made}`;
  const setTo = SET_TO_END.exec(said);
  if (setTo !== null && setTo[1] !== undefined && !namesOne(testbeds, setTo[1].trim())) return undefined;
  if (setTo !== null) return pushedBack(`push ${setTo[1]?.trim() ?? 'it'} to ${setTo[2]}`, testbeds);
  // `push to friday`, `move to 6pm`: nothing named, as `push it to friday`.
  const bare = /^(?:push|move|postpone|delay|shift)(?:\s+back)?\s+((?:to|until|till)\s+\S[\s\S]*)$/i.exec(said)?.[1];
  const command = made !== undefined ? `push it to ${made}` : bare !== undefined ? `push it ${bare}` : said;
  const match = command.length > MORE_TIME_MAX ? null : PUSHED.exec(command);
  if (!match) return undefined;
  // `push it to 18:00` with no testbed talked about: their bookings.
  const named = (match[1] ?? match[2])?.trim().replace(IT, '') || undefined;
  if (named !== undefined && !namesOne(testbeds, named)) return undefined;
  const asked = readTypedExtend(match[3], testbeds);
  if (asked.until !== undefined) return ['release', named, `at ${asked.until.replace(/^until\s+/i, '')}`].filter((part) => part !== undefined).join(' ');
  return asked.minutes === undefined ? undefined : ['extend', named, match[3]].filter((part) => part !== undefined).join(' ');
}

/** `never mind`, `forget it`, `cancel that`, `I changed my mind`: as `cancel`, which closes the form the person has open. */
const NEVER_MIND = /^(?:never\s*mind|nvm|forget\s+(?:it|that|about\s+it)|(?:cancel|stop|scrap)\s+(?:that|this|it)|abort|quit|exit|(?:i(?:['’]?ve|\s+have)?\s+)?changed\s+my\s+mind)$/i;

/** `what's the status of lab-3`, `the status for 5g`, `what's the status`: status (of that testbed or label). */
const STATUS_OF = /^(?:what(?:['’]?s|\s+is)\s+|(?:get|show|check|give)(?:\s+me)?\s+)?the\s+status(?:\s+(?:of|for|on)\s+(\S[\s\S]*))?$/i;
/** The states `status` reads as its argument, as typed after `the status of`. */
const STATE_ASKED = /^(?:free|available|in[\s-]use|busy|overdue|(?:under\s+)?maintenance)$/i;
/** `who has the 5g testbed`, `who is using a wifi one`: the testbeds of that label, with their holders (group 1). */
const WHO_HAS_KIND = /^who(?:['’]?s|\s+is)?\s+(?:has|holds|on|using|uses|booked|got|has\s+got)\s+(?:(?:the|a|an|any)\s+)?(\S+?)(?:\s+(?:testbeds?|ones?|rigs?|lab))?$/i;
/**
 * `let Linus have lab-3`, `can Linus have lab-3`, `Linus can take over lab-3`: hand it over to that colleague (groups 1
 * to 3 the person, group 4 the testbed); the card names who the platform has for the words and asks first.
 */
const LET_HAVE =
  /^(?:let\s+(\S+(?:\s+\S+){0,2}?)\s+(?:have|use|take(?:\s+over)?)|(?:can|could|may)\s+(?!(?:i|we|you|any(?:one|body)|some(?:one|body)|every(?:one|body))\s)(\S+(?:\s+\S+){0,2}?)\s+(?:have|take\s+over)|(?!(?:i|we|you|any(?:one|body)|some(?:one|body)|every(?:one|body))\s)(\S+(?:\s+\S+){0,2}?)\s+(?:(?:can|will|is\s+going\s+to)\s+(?:have|take(?:\s+over)?)|gets))\s+(\S[\s\S]*?)\??$/i;

/**
 * `bug report`, `report a bug`, `feature request: …`, `I have feedback`, `the register button is not working`, `nothing happens when I
 * press Register`, `the bot is down`, `you didn't reply`: the feedback form.
 */
const FEEDBACK_WORDS =
  /^(?:(?:bad|stupid|dumb|useless)\s+bot|(?:this|the)\s+bot\s+(?:sucks|is\s+(?:useless|stupid|dumb|terrible|annoying|rubbish))|you(?:['’]re|\s+are)\s+(?:useless|stupid|dumb|terrible|annoying|rubbish)|bug|bug\s+report|report\s+a\s+bug|(?:i\s+)?found\s+a\s+bug|(?:the\s+|this\s+)?(?:bot|status(?:\s+card)?)\s+is\s+(?:broken|wrong|incorrect|lying|out\s+of\s+date|down|not\s+(?:working|responding))|(?:the\s+)?bot\s+(?:not\s+(?:working|responding)|down)|(?:(?:i\s+got\s+)?no\s+(?:response|answer|reply)\s+from\s+(?:the\s+)?bot)|(?:why\s+)?(?:did(?:n['’]?t|\s+not)\s+you|you\s+did(?:n['’]?t|\s+not))\s+(?:answer|reply|respond)(?:\s+(?:me|to\s+me))?|(?:the\s+|this\s+)?(?:card|form|buttons?|(?:register|release|status|extend|submit)\s+button|booking|registering|releasing)\s+(?:is\s+|are\s+)?(?:broken|not\s+working|does\s*n['’]?t\s+work|do\s*n['’]?t\s+work|does\s+not\s+work|do\s+not\s+work)|nothing\s+happens\s+when\s+i\s+(?:press|click|tap)\s+(?:(?:on\s+)?(?:the\s+|a\s+)?(?:register|release|status|extend|submit|save|send)(?:\s+button)?|(?:the\s+|a\s+)?buttons?|it|that)|broken\s+bot|feedback(?=\s*[:\-–])|feature\s+request|i\s+have\s+(?:some\s+)?feedback|(?:give|send|leave)\s+(?:some\s+)?feedback|(?:i\s+have\s+an?\s+)?(?:idea|suggestion)\s+for\s+(?:the|this|you(?:r)?)(?:\s+bot)?|i\s+have\s+(?:an?\s+)?(?:idea|suggestion|feature\s+request)|(?:idea|suggestion|feature\s+idea)(?=\s*:))(?:\s*[:\-–]\s*\S[\s\S]*)?$/i;
/**
 * `broadcast status`, `send the status to the team room`, `announce maintenance`, `send a message to everyone`, `announcement: the
 * lab is closed friday`, `broadcast: lab closed tomorrow`, `send a broadcast`, `post to all rooms`: the broadcast flow.
 */
const BROADCAST_WORDS =
  /^(?:announce|(?:broadcast|announce|send|post|share)\s+(?:the\s+)?(?:status|maintenance|availability|usage)(?:\s+(?:to|in|with)\s+\S[\s\S]*)?|(?:send|post)\s+(?:a\s+)?(?:message|note|announcement)\s+to\s+(?:everyone|everybody|all|the\s+(?:team|lab|rooms?))|(?:announcement|announce|broadcast)\s*:?\s+\S[\s\S]*|(?:send|start|make|new|write|do)\s+(?:a\s+|the\s+)?broadcast|(?:send|post|write)\s+(?:a\s+message\s+)?to\s+(?:all|every)\s+(?:the\s+)?rooms?|(?:the\s+)?(?:status|availability)\s+to\s+(?:all\s+(?:the\s+)?rooms|every\s+room|every(?:one|body)|the\s+(?:team|other)\s+rooms?))$/i;
/**
 * `notify me`, `notify me when free`: as `wait` with no testbed (the status card, whose picker chooses one); `notify me
 * when something is free`, `tell me when one frees up` (group 1): as `wait any`, for whichever is handed on first.
 */
const NOTIFY_ME =
  /^(?:notify|remind|tell)\s+me(?:\s+when\s+(?:(one|something|anything|a\s+testbed|any\s+testbed)\s+)?(?:is\s+|gets\s+|becomes\s+|frees\s+up|comes\s+)?(?:free|available|up|back)?)?$/i;
/** `am I in the queue`, `am I next`, `how many people are ahead of me`: their places in queues. */
const IN_QUEUE_ASKED =
  /^(?:(?:list|show)(?:\s+me)?\s+my\s+(?:waits|queues|places)|am\s+i\s+(?:(?:still\s+)?in\s+(?:the|a|any)\s+(?:queue|line|waiting\s+list)|next(?:\s+in\s+line)?|(?:still\s+)?(?:waiting|queued)(?:\s+for\s+anything)?)|how\s+many\s+(?:people\s+)?(?:are\s+)?(?:ahead\s+of|before|in\s+front\s+of)\s+me)$/i;
/** `I'll wait for lab-3`, `I can wait`, `happy to wait for any 5g`: waiting (group 1: what for). */
const WILL_WAIT = /^(?:i(?:['’]?ll|\s+will|\s+can|\s+don['’]?t\s+mind\s+to)|(?:i(?:['’]?m|\s+am)\s+)?happy\s+to)\s+wait(?:\s+(?:for|on)\s+(\S[\s\S]*?))?(?:\s+then)?$/i;
/** `is the lab busy`, `how busy are the testbeds`, `are all testbeds taken`, `everything taken?`: the whole lab's status. */
const LAB_BUSY =
  /^(?:(?:is\s+the\s+)?lab\s+(?:busy|full)|is\s+the\s+lab\s+(?:free|down|up|ok|working)|how\s+busy\s+(?:is\s+the\s+lab|are\s+(?:the\s+testbeds|we))(?:\s+(?:right\s+)?now)?|are\s+(?:all\s+(?:the\s+)?)?(?:the\s+)?testbeds\s+(?:busy|taken|booked|full|in\s+use)|(?:is\s+)?(?:everything|all)\s+(?:taken|booked|busy|in\s+use)|how\s+many\s+(?:people|users|of\s+us)\s+are\s+(?:using|on)\s+(?:the\s+)?(?:testbeds|lab))$/i;
/** `give all my testbeds back`, `return all my testbeds`, `hand back everything`: their bookings, with Release all mine. */
const GIVE_ALL_BACK =
  /^(?:(?:give|hand)\s+(?:all\s+(?:of\s+)?my\s+testbeds|everything|all\s+of\s+them|them\s+all)\s+back|(?:give|hand)\s+back\s+(?:all\s+(?:of\s+)?my\s+testbeds|everything)|return\s+(?:all\s+(?:of\s+)?my\s+testbeds|everything))$/i;
/** `I need a testbed urgently`, `can I get a testbed asap`: the booking form (what is free is in it). */
const NEED_ONE_NOW =
  /^(?:i\s+(?:really\s+|urgently\s+)?(?:need|want)|(?:can|could|may)\s+i\s+(?:get|have|book))\s+(?:a|any|one)\s+(?:free\s+)?testbed\s+(?:urgently|asap|right\s+(?:now|away)|now|immediately|today|please)$/i;
/**
 * `any testbed will do`, `I don't care which one`, `get me the next free testbed`: the booking
 * form, which offers the free ones, or with none free, Wait for any testbed.
 */
const ANY_ONE_WILL_DO =
  /^(?:(?:(?:get|give|find)\s+me|find)\s+(?:the\s+next|the\s+first|a|any)\s+(?:free\s+|available\s+)?(?:testbed|one)(?:\s+that\s+(?:frees\s+up|is\s+free))?|any(?:\s+(?:testbed|one))?\s+(?:will\s+do|is\s+fine|works)|(?:whatever|whichever)(?:\s+one)?(?:\s+is|['’]s)\s+free(?:\s+first)?|i\s+don['’]?t\s+(?:care|mind)\s+which(?:\s+one)?|(?:it\s+)?does(?:n['’]?t|\s+not)\s+matter\s+which(?:\s+one)?|surprise\s+me|pick\s+(?:one|any)(?:\s+for\s+me)?|(?:a|one)\s+(?:free\s+)?(?:testbed|one))(?:\s+please)?$/i;
/** `put me on the waiting list`, `waitlist me`, `queue me` (no testbed named): the status card, whose picker chooses one. */
const WAITLIST_ME =
  /^(?:(?:put|add)\s+me\s+(?:on|to|in)\s+(?:the\s+|a\s+)?(?:waiting\s*list|wait-?list|queue|line)|wait-?list\s+me|queue\s+me(?:\s+up)?)(?:\s+please)?$/i;
/** `lab-3 last user`, `lab-3 previous user`, `when was lab-3 last free`: its history (group 1 or 2). */
const LAST_OF =
  /^(?:(\S[\s\S]{0,80}?)\s+(?:last|previous|prior)\s+(?:user|holder|owner|booking)|when\s+was\s+(\S[\s\S]{0,80}?)\s+last\s+(?:free|available|released|booked)|(?:has|was)\s+(\S[\s\S]{0,80}?)\s+(?:been\s+)?(?:used|booked)\s+(?:today|yesterday|this\s+week|lately|recently))$/i;
/** `lab-3 idle`, `who wants lab-3`: its status (group 1 or 2): whether it is held, and who waits. */
const IDLE_OR_WANTED = /^(?:(\S[\s\S]{0,80}?)\s+(?:idle|unused)|who\s+(?:else\s+)?(?:wants|needs|is\s+after)\s+(\S[\s\S]{0,80}?))$/i;
/** `when lab-3 is free`, `if lab-3 is available` (what is left of `I'd like to know when lab-3 is free`): its status (group 1). */
const WHEN_IT_IS = /^(?:when|if|whether)\s+(\S[\s\S]{0,80}?)\s+(?:(?:is|will\s+be|gets)\s+(?:free|available|back|released)|frees\s+up|comes\s+back)(?:\s+(?:again|soon|today))?$/i;
/** `what's not being used`, `which testbeds are not in use`, `anything sitting idle`, `any testbed nobody is using`, `soonest free`: what is free. */
const NOT_USED_ASKED =
  /^(?:(?:what(?:['’]?s|\s+is|\s+are)|which(?:\s+testbeds?|\s+ones?)?\s+(?:is|are))\s+not\s+(?:being\s+used|in\s+use|used|booked|taken)(?:\s+(?:now|right\s+now))?|(?:is\s+)?(?:anything|something|any(?:\s+testbeds?)?)\s+(?:sitting\s+)?(?:idle|unused)|(?:is\s+there\s+)?(?:any|a)\s+testbed\s+(?:no(?:one|body)|no\s+one)\s+is\s+using|(?:the\s+)?(?:soonest|earliest|next)\s+(?:free|available)(?:\s+(?:testbed|one))?)$/i;
/** `can someone release a testbed`: somebody needs one: what is free, or which is due back first, and Wait for any testbed. */
const ANYONE_RELEASE =
  /^(?:can|could|will|would)\s+(?:some(?:one|body)|any(?:one|body))\s+(?:please\s+)?(?:release|free(?:\s+up)?|give\s+back|hand\s+over)\s+(?:a|any|one)(?:\s+(?:testbed|of\s+them))?(?:\s+please)?$/i;
/** `why can't I book lab-3`, `I can't book lab-3`: who holds it (group 1 or 2, when it names a testbed). */
const WHY_NOT =
  /^(?:why\s+(?:can['’]?t|cannot|can\s+not|couldn['’]?t|could\s+not)\s+i\s+(?:book|register|reserve|use|get|have|take|release|free|extend)\s+(\S[\s\S]*)|i\s+(?:can['’]?t|cannot|can\s+not|couldn['’]?t|could\s+not)\s+(?:book|register|reserve|get)\s+(\S[\s\S]*)|why\s+(?:is|isn['’]?t)\s+(\S[\s\S]{0,80}?)\s+(?:not\s+)?(?:free|available|bookable)(?:\s+yet)?)$/i;
/** `notify everyone`, `tell the team lab-3 is down`: the broadcast flow (what follows is a person's words). */
const TELL_EVERYONE = /^(?:notify|tell|message|ping)\s+(?:everyone|everybody|all|the\s+(?:team|lab|whole\s+team))(?:\s+(\S[\s\S]*))?$/i;
/** `busiest testbed`, `which testbed is used the most`, `least used testbeds`, `most popular testbed`: the usage report. */
const BUSIEST =
  /^(?:(?:what(?:['’]?s|\s+is)\s+|which\s+is\s+)?(?:the\s+)?(?:busiest|most\s+used|least\s+used|quietest)\s+testbeds?|(?:which|what)\s+testbeds?\s+(?:is|are|was|were)\s+(?:used\s+)?(?:the\s+)?(?:most|least)(?:\s+used)?|(?:what(?:['’]?s|\s+is)\s+|which\s+is\s+)?(?:the\s+)?(?:most|least)\s+(?:used|popular|busy|booked|wanted)\s+(?:testbeds?|ones?)|(?:which|what)\s+testbeds?\s+(?:is|are)\s+(?:never|rarely|hardly\s+ever|not)\s+(?:used|booked))$/i;
/** `report for 5g last month`, `report of 5g this week`: the report of that label (group 1) over the window (group 2). */
const REPORT_OF_LABEL = /^report\s+(?:for|of|on)\s+(\S+)(?:\s+(?:for\s+)?(?:the\s+)?(?:last|past|this|previous)\s+(week|month))?$/i;
/** `history of 5g` (a label, no testbed's name): its report; `report lab-3` (a testbed): its history (group 1 or 2). */
const HISTORY_OR_REPORT = /^(?:history\s+(?:of\s+|for\s+)?(\S+)|report\s+(?:for\s+|of\s+|on\s+)?(\S[\s\S]*))$/i;
/** `who booked lab-3 last`, `who uses lab-3 the most`, `who had lab-3 before me`: its history (group 1). */
const WHO_BEFORE =
  /^(?:who\s+(?:booked|used|uses|had|has\s+used)\s+(\S[\s\S]{0,80}?)\s+(?:last|the\s+most|most|recently|before(?:\s+me|\s+\S+(?:\s+\S+)?)?)|when\s+did\s+(?:i|we)\s+last\s+(?:use|book|have)\s+(\S[\s\S]{0,80}?))$/i;

/**
 * Everyday words that read as a command but carry words a person wrote beside it: what follows `bug report:`, the
 * room a broadcast is sent to, the colleague waited after (`I want lab-3 after Linus`), the colleague asked about
 * (`what is Linus doing on lab-3`, `is Linus done with lab-3`, `can I get lab-3 when Linus is done`), a way asked for beside other
 * words (`how do I fix my code`). A recording blanks
 * such text, as it does any free text.
 */
export function carriesPersonWords(said: string, testbeds: readonly Pick<TestbedRecord, 'testbed_name' | 'labels'>[] = []): boolean {
  // `how do I fix my code`: a way the bot knows, asked plainly, or a person's own question.
  const howAsked = HOW_DO_I.exec(said)?.[1].replace(/\?+$/, '').trim();
  if (howAsked !== undefined) return !plainWay(howAsked);
  if (FEEDBACK_WORDS.test(said) && /[:\-–]\s*\S/.test(said)) return true;
  if (BROADCAST_WORDS.test(said) && (/\s(?:to|in|with)\s/i.test(said) || /^(?:announce(?:ment)?|broadcast)\s*:?\s+(?!(?:the\s+)?(?:status|maintenance|availability|usage)$)\S/i.test(said))) return true;
  if (TELL_EVERYONE.exec(said)?.[1] !== undefined) return true;
  // `it would be nice to book ahead`, `add a calendar view`: a wish for the bot, in the person's own words.
  if (WISHED.test(said)) return true;
  if (ANNOUNCEMENT_ASKED.test(said) && /[:\-–]\s*\S/.test(said)) return true;
  if (WHEN_FREE_WANTED.test(said) && (/\safter\s+(?!(?:you|him|her|them)$)\S/i.test(said) || WHEN_DONE.test(said))) return true;
  if (said.length <= AROUND_NAME_MAX && (GIVEN_BY.test(said) || ASKED_ME_TO.test(said) || HELD_AWAY.exec(said)?.[1] !== undefined || HELD_LONG.test(said))) return true;
  const usedBy = said.length > AROUND_NAME_MAX ? undefined : PURPOSE_ASKED_OF.exec(said)?.[1];
  if (usedBy !== undefined && !/^(?:you|they|he|she|we|i)$/i.test(usedBy)) return true;
  const holderDone = WHEN_DONE_THEN_MINE.exec(said)?.[1];
  if (holderDone !== undefined && !/^(?:you|they|he|she)$/i.test(holderDone)) return true;
  if (said.length <= AROUND_NAME_MAX && (COLLEAGUE_STILL_ON.test(said) || DONE_WITH_ASKED.test(said) || RELEASE_BECAUSE.test(said) || WAIT_ME_DONE.test(said))) return true;
  if (releaseNoted(said, testbeds) !== undefined) return true;
  // `when did Linus release lab-3`, `since when does Linus have lab-3`: the colleague is not read.
  if (said.length <= AROUND_NAME_MAX && (USE_OF.exec(said)?.[3] !== undefined || HELD_SINCE.exec(said)?.[1] !== undefined)) return true;
  // `extend Linus on lab-3 by 2 hours`, `give Linus 2 more hours on lab-3`, `release Linus's booking on lab-3`, `why does Linus have
  // lab-3`: the colleague is not read either.
  if (said.length <= AROUND_NAME_MAX && (EXTEND_PERSON_ON.test(said) || GIVE_PERSON_MORE.test(said) || RELEASE_THEIRS_ON.test(said) || RELEASE_THEIRS_NAMED.test(said) || WHY_HELD.test(said))) return true;
  // `help me with my code`: a topic the bot does not know is a person's own words.
  const topic = HELP_TOPIC.exec(said)?.[1].trim();
  if (topic !== undefined && !/^(?:me|us|please|api)$/i.test(topic) && !TOPIC_VERBS.some(([pattern]) => pattern.test(topic)) && !plainWay(topic) && !wayOnLab(topic, testbeds)) return true;
  // `release all but lab-3`, `keep lab-3 and release the rest`: the words kept must be testbeds of the lab (or `my …`).
  const keptWords = RELEASE_ALL_BUT.test(said) ? KEPT_OF.exec(said)?.slice(1).find((group) => group !== undefined)?.trim() : undefined;
  if (keptWords !== undefined && !namesOne(testbeds, keptWords) && testbedsNamed(testbeds, keptWords) === undefined && !/^(?:my|the)\s+\S+$|^(?:it|this|that|one|mine)$/i.test(keptWords)) return true;
  // `what happens if I don't release`: only the questions the rules card answers are kept.
  if (/^what\s+happens\s/i.test(said) && !WHAT_HAPPENS_KNOWN.test(said)) return true;
  // `how long has Linus had lab-3`, `make Linus an admin`: a colleague named (`how long have I had lab-3` names nobody).
  const holderWords = HOW_LONG_WHO.exec(said)?.slice(1).find((group) => group !== undefined)?.trim();
  if (holderWords !== undefined && !/^(?:i|we|you)$/i.test(holderWords)) return true;
  if (ADMIN_PERSON.test(said)) return true;
  // `Linus forgot to release lab-3`, `take over lab-3 from Linus`, `give my place to Linus`: likewise.
  if (said.length <= AROUND_NAME_MAX && namesColleague(said)) return true;
  // `who gets lab-3 after Linus`, `who is after Linus on lab-3`: likewise.
  if (said.length <= AROUND_NAME_MAX && WHO_GETS_NEXT.test(said) && /\safter\s+(?!(?:me|you|him|her|them)(?:\s|$))\S/i.test(said)) return true;
  // `who had lab-3 before Linus`: the colleague is not read, but they are named.
  if (said.length <= AROUND_NAME_MAX && WHO_BEFORE.exec(said)?.[1] !== undefined && /\sbefore\s+(?!me$)\S+(?:\s+\S+)?$/i.test(said)) return true;
  const heldBy = said.length > AROUND_NAME_MAX ? null : HELD_BY_ASKED.exec(said);
  if (heldBy?.[2] !== undefined && !NOBODY_NAMED.test(heldBy[2].trim())) return true;
  return ABOUT_BOOKING.test(said) && /^(?:what\s+(?:is|are)|when\s+did)\s+(?!i\s+(?:book|take|get)\s)\S/i.test(said);
}

/** What `release all but …` (group 1) or `keep … and release the rest` (group 2) keeps. */
const KEPT_OF = /^(?:(?:release|return|give\s+back|cancel)\s+\S[\s\S]*?\s+(?:but|except(?:\s+for)?|apart\s+from|other\s+than)\s+(\S[\s\S]*)|keep\s+(\S[\s\S]*?)\s+(?:and\s+)?release\s+(?:the\s+)?(?:rest|others|other\s+ones?))$/i;
/** `what happens if I don't release`, `what happens after my booking ends`, `what happens when it is overdue`: the rules card's own questions. */
const WHAT_HAPPENS_KNOWN =
  /^what\s+happens\s+(?:if|when|after)\s+(?:i|we|you|it|my\s+booking|a\s+booking|the\s+booking|the\s+time|my\s+time|nobody|no\s+one)(?:\s+(?:do\s*n['’]?t|do\s+not|did\s*n['’]?t|forget\s+to|is|are|am|runs?|gets?|ends?|expires?|goes|go|becomes?))?(?:\s+(?:release|return|extend|over|up|out|overdue|late|due|it|in\s+time|on\s+time|my\s+testbed|the\s+testbed|a\s+testbed))*$/i;
/** Who `how long has … had lab-3` asks about (group 1): `Linus`, `I`. */
const HOW_LONG_WHO =
  /^how\s+(?:long|much\s+longer)\s+(?:(?:has|have)\s+(\S+(?:\s+\S+)?)\s+(?:had|held|been\s+(?:on|using))|(?:will|does|is)\s+(\S+(?:\s+\S+)?)\s+(?:going\s+to\s+)?(?:have|keep|hold|need|be\s+(?:on|using)))\s/i;
/** `make Linus an admin`, `add Grace as admin`, `remove admin Linus`: a colleague named beside the admins (`make me an admin` names nobody). */
const ADMIN_PERSON =
  /^(?:make\s+(?!me\s+(?:an?\s+)?admin$)\S+(?:\s+\S+)?\s+(?:an?\s+)?admin|(?:add|remove|delete|drop)\s+(?:an?\s+)?admin\s+\S+(?:\s+\S+)?|(?:add|remove)\s+(?!me\s)\S+(?:\s+\S+)?\s+(?:as\s+(?:an?\s+)?admin|(?:to|from)\s+(?:the\s+)?admins))$/i;

/** `usage report`, `stats`, `utilisation last month`, `how busy was the lab this week`: the usage report (30 days for a month). */
const REPORT_WORDS =
  /^(?:(?:(?:show|give|get)\s+(?:me\s+)?)?(?:the\s+|a\s+)?(?:usage|utili[sz]ation|stats|statistics)(?:\s+report)?|(?:(?:show|give|get)\s+(?:me\s+|us\s+)?)?(?:the\s+|a\s+)report|how\s+busy\s+(?:was|is|has\s+been)\s+the\s+lab)(?:\s+(?:(?:for\s+)?(?:this|last|the\s+last|the\s+past|past)\s+)?(week|month|7\s+days|30\s+days))?$/i;

/**
 * `I don't need lab-3 any more`, `no, I don't need it`, `I no longer want it`, `not interested in lab-3`, `I give up on lab-3`, `I'm not using lab-3
 * any more`, `I've stopped using lab-3`: pass on it (group 1, 2 or 3; `it` is whatever is offered).
 */
const NOT_NEEDED =
  /^(?:(?:(?:no|nope|nah)[,!.]?\s+)?(?:i\s+)?(?:(?:do\s+not|don['’]?t|no\s+longer)\s+(?:need|want)|(?:(?:i(?:['’]?m|\s+am)\s+)?(?:not|no\s+longer)|(?:i(?:['’]?ve|\s+have)\s+)?stopped)\s+using)\s+(\S[\s\S]*?)(?:\s+(?:any\s*more|now|after\s+all|today))?|(?:i(?:['’]?m|\s+am)\s+)?not\s+interested\s+in\s+(\S[\s\S]*?)|(?:i\s+)?give\s+up\s+on\s+(\S[\s\S]*?)|(?:i(?:['’]?m|\s+am)\s+)?giving\s+up(?:\s+on)?\s+(\S[\s\S]*?))$/i;

/**
 * `remove me from the queue for lab-3`, `take me off the waiting list of lab-3`, `cancel my wait for lab-3`,
 * `stop notifying me about lab-3`, `I don't want notifications for lab-3`: leave that queue (group 1); with no testbed named, their queues.
 */
const LEAVE_QUEUE =
  /^(?:(?:remove|take|get)\s+me\s+(?:off|out\s+of|from)\s+(?:the\s+|all\s+(?:the\s+|my\s+)?|every\s+)?(?:queues?|lines?|waiting\s+lists?|wait-?lists?)|cancel\s+(?:all\s+(?:of\s+)?)?(?:my\s+|the\s+)?(?:waits?|waiting|places?|spots?|queues?)(?:\s+in\s+(?:the\s+)?(?:queues?|lines?))?|(?:stop\s+notifying|do\s+not\s+notify|don['’]?t\s+notify)\s+me|(?:i\s+)?(?:don['’]?t|do\s+not)\s+want\s+(?:any\s+)?(?:more\s+)?(?:notifications|alerts|pings|updates)|no\s+more\s+(?:notifications|alerts|pings)|stop\s+(?:watching|following)|unwatch|unfollow)(?:\s+(?:for|of|on|about|in)\s+(\S[\s\S]*))?$/i;
/**
 * `leave the lab-3 queue`, `get me out of the lab-3 queue`, `drop out of the queue for lab-3`, `no longer waiting for lab-3`, `unwatch lab-3`:
 * leave that queue (the group that matched); `I don't want to wait any more`: their queues.
 */
const LEAVE_NAMED_QUEUE =
  /^(?:(?:leave|quit|exit|(?:remove|take|get)\s+me\s+(?:off|out\s+of|from)|drop\s+out\s+of)\s+(?:the\s+)?(\S[\s\S]*?)\s+(?:queues?|lines?|waiting\s+lists?)|(?:drop\s+out\s+of|quit|exit)\s+(?:the\s+)?(?:queue|line|waiting\s+list)\s+(?:for|of|on)\s+(\S[\s\S]*)|(?:i(?:['’]?m|\s+am)\s+)?no\s+longer\s+waiting\s+(?:for|on)\s+(\S[\s\S]*)|(?:i\s+)?(?:don['’]?t|do\s+not)\s+want\s+to\s+wait\s+(?:for|on)\s+(\S[\s\S]*?)(?:\s+(?:any\s*more|any\s+longer))?|unsubscribe\s+(?:from|to)\s+(?:the\s+(?:queue|line)\s+(?:for|of|on)\s+)?(\S[\s\S]*)|(?:stop\s+(?:watching|following)|unwatch|unfollow)\s+(\S[\s\S]*))$/i;
const DONE_WAITING = /^(?:i\s+)?(?:don['’]?t|do\s+not)\s+want\s+to\s+wait\s+(?:any\s*more|any\s+longer)$/i;
/**
 * `I'm next for lab-3`, `next in line for lab-3`, `dibs on lab-3`, `I want lab-3 next`, `lab-3 next please`, `reserve lab-3 next`, `waitlist lab-3`,
 * `add me to the waitlist for lab-3`, `put me on the list for lab-3`, `add me to lab-3`, `after you with lab-3`, `can I be next on lab-3`,
 * `save lab-3 for me when it's free`, `lab-3 when free`, `when lab-3 frees up give it to me`, `lab-3 after you please`, `can I get lab-3 when
 * you're done`, `dibs on lab-3 after you`: wait (the first group set), when the words
 * name a testbed or label of the lab.
 */
const NEXT_FOR =
  /^(?:(?:i(?:['’]?m|\s+am)\s+|me\s+)?next(?:\s+in\s+line)?\s+(?:for|on)\s+(\S[\s\S]*?)|(?:i\s+)?(?:call(?:ing)?\s+)?(?:first\s+)?dibs(?:\s+on)?\s+(\S[\s\S]*?)(?:\s+next|\s+when\s+it(?:['’]s|\s+is)\s+free|\s+after\s+(?:you|him|her|them))?|(\S[\s\S]{0,80}?)\s+dibs|i(?:['’]?d|\s+would)?\s+(?:want|like)\s+(\S[\s\S]*?)\s+next|(?:book|reserve|register|claim|grab|take)\s+(\S[\s\S]*?)\s+next(?:\s+please)?|save\s+me\s+a\s+(?:spot|place|seat)\s+(?:for|on|in\s+line\s+for)\s+(\S[\s\S]*?)|(\S[\s\S]*?)\s+next(?:\s+please)?|wait-?list(?:\s+me)?(?:\s+(?:for|on))?\s+(\S[\s\S]*?)|(?:add|put)\s+me\s+(?:to|in|on)\s+(?:the\s+)?wait-?list\s+(?:for|of|on)\s+(\S[\s\S]*?)|(?:join|get\s+on)\s+(?:the\s+)?wait-?list\s+(?:for|of|on)\s+(\S[\s\S]*?)|(?:add|put)\s+me\s+(?:to|on)(?:\s+the\s+list\s+for)?\s+(\S[\s\S]*?)|(?:i(?:['’]?m|\s+am)\s+)?after\s+you\s+(?:with|on|for)\s+(\S[\s\S]*?)|(?:can|could|may)\s+i\s+be\s+(?:the\s+)?next(?:\s+in\s+line)?\s+(?:on|for|with)\s+(\S[\s\S]*?)|(?:hold|save|keep)\s+(\S[\s\S]*?)\s+for\s+me\s+(?:when|once|as\s+soon\s+as)\s+(?:it(?:['’]s|\s+is)\s+(?:free|available|released)|it\s+frees\s+up)|(\S[\s\S]*?)\s+(?:when|once|as\s+soon\s+as)\s+(?:it(?:['’]s|\s+is)\s+)?(?:free|available|released)|(?:when|once)\s+(\S[\s\S]*?)\s+(?:frees\s+up|is\s+(?:free|available|released)),?\s+(?:give\s+it\s+to\s+me|i(?:['’]ll|\s+will)\s+take\s+it|it(?:['’]s|\s+is)\s+mine|let\s+me\s+know|ping\s+me)|(?:(?:can|could|may)\s+i\s+(?:have|get|take|use|book)\s+)?(\S[\s\S]*?),?\s+(?:after\s+you|when\s+you(?:['’]re|\s+are)\s+(?:done|finished)(?:\s+with\s+it)?)(?:,?\s+please)?)$/i;
/**
 * `when you're done with lab-3 can I have it`, `once Linus is finished with lab-3, can I get it`: wait for it (group 2), whoever
 * holds it now (group 1: a colleague named is not read, and a recording blanks the text).
 */
const WHEN_DONE_THEN_MINE =
  /^(?:when|once|after)\s+(\S+(?:\s+\S+)?)\s*(?:['’]re|['’]ve|['’]s|\s(?:is|are|has|have))\s+(?:done|finished|through)\s+(?:with|on)\s+(\S[\s\S]{0,80}?),?\s+(?:can|could|may)\s+i\s+(?:have|get|take|use|book)\s+it$/i;
/** `5g anyone?`, `any 5g left?`, `all 5g busy?`, `any free 5g left`: the label (group 1). */
const LABEL_SHORT = /^(?:(?:any|all)\s+)?(?:(?:free|available)\s+)?(\S+)\s+(?:anyone|anybody|left|remaining|busy|taken)$/i;
/** `free testbeds with 5g`, `all free ones labelled 5g`, `5g testbeds that are free`: the label (group 1 or 2). */
const FREE_WITH_LABEL =
  /^(?:(?:(?:show|list|find)(?:\s+me)?\s+)?(?:(?:all|any|the)\s+)?(?:free|available)\s+(?:testbeds?|ones?)\s+(?:with|carrying|having|that\s+(?:have|has|carry)|labell?ed|tagged)\s+(?:(?:the\s+|a\s+)?(?:label|tag)\s+)?(\S+)|(?:(?:show|list|find)(?:\s+me)?\s+)?(?:(?:all|any|the)\s+)?(\S+)\s+(?:testbeds?|ones?)\s+(?:that|which)\s+(?:are|is)\s+(?:free|available)(?:\s+now)?)$/i;
/** `keep me posted on lab-3`, `keep an eye on lab-3 for me`, `watch lab-3`: wait. */
const WATCH = /^(?:keep\s+me\s+(?:posted|updated|informed)\s+(?:on|about)|keep\s+an\s+eye\s+on|watch)\s+(\S[\s\S]*?)(?:\s+for\s+me)?$/i;
/** `weekly summary`, `monthly stats`: the report over that window (group 1). */
const SUMMARY_OVER = /^(?:the\s+)?(weekly|monthly)\s+(?:summary|stats|statistics|usage|overview)$/i;
/** `stats for lab-3`, `usage of 5g`, `usage report 5g`: that testbed's history, or that label's report (group 1). */
const STATS_OF = /^(?:stats|statistics|usage|utili[sz]ation)(?:\s+report)?\s+(?:(?:for|of|on)\s+)?(\S[\s\S]*)$/i;
/** `5g stats`, `5g usage report`: the label first, as `stats for 5g`. */
const LABEL_STATS = /^(\S+)\s+(?:stats|statistics|usage|utili[sz]ation)(?:\s+report)?$/i;
/** `who is the admin of lab-3`, `who's the admin for lab-3`: the testbed (group 1). */
const ADMIN_OF = /^who(?:['’]?s|\s+is)\s+(?:the\s+)?admin\s+(?:of|for)\s+(\S[\s\S]{0,80})$/i;
/** `lab utilization`, `team usage`: the whole lab's, which the report is. */
const LAB_STATS = /^(?:(?:the\s+)?lab|team|testbed|overall)\s+(?:stats|statistics|usage|utili[sz]ation)(?:\s+report)?$/i;
/** `who can fix lab-3`, `who should I tell about lab-3`, `who do I ask to reboot lab-3`: the testbed (group 1). */
const WHO_FIXES =
  /^who\s+(?:can|could|should|will|do\s+(?:i|we)\s+(?:ask|tell|talk\s+to|contact)(?:\s+to)?|should\s+(?:i|we)\s+(?:ask|tell|talk\s+to|contact)(?:\s+to)?)\s+(?:fix|repair|reboot|restart|reset|power[\s-]*cycle|re-?image|look\s+at|help\s+(?:me\s+)?with|about)\s+(\S[\s\S]{0,80})$/i;
/** `how many testbeds are there`, `how many testbeds do we have`, `list of testbeds`: the status card with its counts. */
const HOW_MANY_ALL = /^(?:how\s+many\s+testbeds(?:\s+(?:are\s+there|do\s+we\s+have|(?:are\s+)?in\s+total|exist))?|(?:a\s+|the\s+)?list\s+of\s+(?:all\s+)?(?:the\s+)?testbeds)$/i;
/** `what testbeds are there`, `which testbeds exist`, `what 5g testbeds do we have`: the status card (of that label, group 1). */
const WHICH_EXIST = /^(?:what|which)\s+(?:(\S+)\s+)?testbeds\s+(?:are\s+there|do\s+we\s+have|does\s+the\s+lab\s+have|have\s+we\s+got|exist|are\s+in\s+the\s+lab)$/i;

/**
 * `remind me when lab-3 is free`, `let me know when lab-3 is back`, `ping me about lab-3`, `give me a shout when lab-3 is free`, `let me know
 * when lab-3 opens up`, `wake me when lab-3 is free`: wait.
 */
const WAIT_ME =
  /^(?:(?:(?:(?:remind|ping|message|msg|alert|dm|text|email)\s+me|wake\s+me(?:\s+up)?|alert)|let\s+me\s+know|give\s+me\s+a\s+(?:shout|ping|heads[\s-]?up)|be\s+(?:notified|told|pinged|alerted))\s+(?:when|once|as\s+soon\s+as|about|if|for)|tell\s+me\s+(?:when|once|as\s+soon\s+as|if))\s+(\S[\s\S]*?)(?:\s+(?:(?:is|gets|becomes)\s+)?(?:free|available|back|released|done|finished)|\s+(?:frees|opens)(?:\s+up)?|\s+comes\s+back)?$|^(?:when|once)\s+(\S[\s\S]{0,80}?)\s+(?:(?:is|gets)\s+)?(?:free|available|released)\s*[,.]?\s+(?:(?:please\s+)?(?:let\s+me\s+know|tell\s+me|ping\s+me|notify\s+me|message\s+me))$/i;
/** `tell me when Linus is done with lab-3`, `ping me once Linus is finished with lab-3`: wait for lab-3 (group 1; the colleague is not read). */
const WAIT_ME_DONE =
  /^(?:(?:remind|ping|message|msg|alert|notify|tell)\s+me|let\s+me\s+know)\s+(?:when|once|as\s+soon\s+as)\s+(?!i\s)\S+(?:\s+\S+)?\s+(?:is|['’]s)\s+(?:done|finished|through)\s+(?:with|on)\s+(\S[\s\S]{0,80})$/i;
/** `how many in the lab-3 queue`, `how many people are in the lab-3 line`, `how long is the lab-3 queue`: its status, whose row says who waits (group 1 or 2). */
const QUEUE_LENGTH =
  /^(?:how\s+many\s+(?:people\s+)?(?:are\s+)?(?:in\s+(?:the\s+)?(\S[\s\S]{0,80}?)\s+(?:queue|line|waiting\s*list|wait-?list))|how\s+long\s+is\s+(?:the\s+)?(\S[\s\S]{0,80}?)\s+(?:queue|line|waiting\s*list|wait-?list))$/i;
/**
 * `book lab-3 when it's free`, `I'll take lab-3 when free`, `can I have lab-3 after you`, `can I get lab-3 when Linus is done`, `book
 * lab-3 after Linus is done`, `hold lab-3 for me`, `I'm waiting for lab-3`, `waiting on lab-3`, `line up for lab-3`: a place in its
 * queue (group 1 or 2), when the words name a testbed or label of the lab.
 */
const WHEN_FREE_WANTED =
  /^(?:(?:(?:book|register|reserve|take|grab|get)(?:\s+me)?|i(?:['’]?ll|\s+will)\s+take|i\s+(?:want|need|would\s+like)|i['’]d\s+like|(?:can|could|may)\s+i\s+(?:have|get|book)|give\s+me)\s+(\S[\s\S]*?)(?:\s+for\s+me)?\s+(?:when(?:ever)?\s+(?:(?:it|one)(?:['’]?s|\s+is|\s+gets|\s+becomes)\s+)?(?:free|available|released)|(?:when|once)\s+(?:it|one)\s+frees\s+up|(?:when|once)\s+\S+(?:\s+\S+)?\s+(?:is|['’]s|gets)\s+(?:done|finished|through)(?:\s+with\s+it)?|(?:when|once)\s+\S+(?:\s+\S+)?\s+(?:releases|frees\s+up|gives\s+back)\s+(?:it|that)|as\s+soon\s+as\s+(?:(?:it|one)(?:['’]?s|\s+is)\s+)?(?:free|available)|after\s+(?!\d|(?:lunch|noon|midday|midnight|work|hours|the|this|next|today|tonight|tomorrow|(?:mon|tue|wed|thu|fri|sat|sun|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*)(?:\s|$))\S+(?:\s+\S+)?(?:\s+(?:is|['’]s)\s+(?:done|finished|through)(?:\s+with\s+it)?)?)|(?:(?:save|hold)\s+(\S[\s\S]*?)\s+for\s+me|(?:(?:i(?:['’]?m|\s+am)\s+)?(?:waiting|queu(?:e)?ing)\s+(?:for|on)|(?:line|lining)\s+up\s+for)\s+(\S[\s\S]*?)))$/i;
/**
 * `is anyone still using lab-3`, `does anybody need lab-3`, `is lab-3 still in use`, `who needs lab-3`, `who's on lab-3 today`: as
 * `who has lab-3`.
 */
const STILL_USED =
  /^(?:(?:is|are)\s+)?(?:(?:any|some)(?:one|body)|(?:does|do)\s+(?:any|some)(?:one|body)|who(?:['’]?s|\s+is)?)\s+(?:still\s+)?(?:using|on|needs?|uses?|working\s+on|have|has)\s+(\S[\s\S]*?)(?:\s+(?:still|now|right\s+now|today|at\s+the\s+moment|atm|currently))?$/i;
const STILL_IN_USE = /^is\s+(\S[\s\S]*?)\s+still\s+(?:in\s+use|needed|used|being\s+used|taken|booked|busy)$/i;
/** `how long has Linus had lab-3`, `how long is lab-3 booked`: as `who has lab-3` (its row says since when and until when). */
const HOW_LONG =
  /^how\s+(?:long|much\s+longer)\s+(?:(?:has|have)\s+(?:\S+\s+){1,2}?(?:had|held|been\s+(?:on|using))\s+(\S[\s\S]*?)|(?:is|will)\s+(\S[\s\S]*?)\s+(?:be\s+)?(?:booked|taken|busy|in\s+use|held)(?:\s+for)?|(?:will|does|is)\s+(?:\S+\s+){1,2}?(?:going\s+to\s+)?(?:have|keep|hold|need|be\s+(?:on|using))\s+(\S[\s\S]*?)(?:\s+for)?)$/i;
/**
 * `what's up with lab-3`, `what's going on with lab-3`, `any news on lab-3`, `what is lab-3 used for`, `what's lab-3 doing`,
 * `how long until lab-3 is free`, `how long do I have to wait for lab-3`, `still waiting for lab-3`, `when do I have to release lab-3`, `is
 * lab-3 ok to use`, `is lab-3 done yet`, `when will lab-3 be done`, `since when is lab-3 busy`, `what's the earliest I can get lab-3`, `when
 * was lab-3 booked`, `whose lab-3 is it`, `what does lab-3 have`, `who's been on lab-3 all day`, `can lab-3 be booked`, `lab-3 bookable?`, `is it
 * safe to use lab-3`: as `who has lab-3` (the group that matched).
 */
const ABOUT_TESTBED =
  /^(?:(?:what(?:['’]?s|\s+is)\s+(?:up|going\s+on|happening|new)\s+(?:with|w|on)|(?:any\s+)?news\s+(?:on|about)|when\s+(?:do|must|should)\s+i\s+(?:have\s+to\s+|need\s+to\s+)?(?:release|return|free\s+up|free)|(?:(?:the\s+)?(?:estimated|expected)\s+wait(?:\s+time)?|(?:the\s+)?wait\s+time|(?:any\s+)?eta|how\s+long\s+is\s+the\s+wait|what(?:['’]?s|\s+is)\s+the\s+wait)\s+(?:for|on)|eta|will\s+i\s+get|how\s+long\s+(?:do\s+i\s+(?:have\s+to|need\s+to)|must\s+i|(?:will|would)\s+i(?:\s+have\s+to)?)\s+wait\s+for|(?:i(?:['’]?m|\s+am)\s+)?still\s+waiting\s+(?:for|on))\s+(\S[\s\S]*?)(?:\s+(?:today|soon|tomorrow|this\s+week))?|what(?:['’]?s|\s+is)\s+(\S[\s\S]*?)\s+(?:(?:being\s+)?used\s+for|doing|for)|when\s+(?:do|must|should)\s+i\s+(?:have\s+to\s+|need\s+to\s+)?(?:give|hand|bring)\s+(\S[\s\S]*?)\s+back|is\s+(\S[\s\S]*?)\s+(?:ok(?:ay)?|fine|safe|good)\s+to\s+(?:use|book|take)(?:\s+now)?|how\s+long\s+(?:until|till|before)\s+(\S[\s\S]*?)\s+(?:is\s+|gets\s+|becomes\s+)?(?:free|back|available|released)|is\s+(\S[\s\S]*?)\s+(?:done|finished|free|available|back)\s+yet|when\s+will\s+(\S[\s\S]*?)\s+be\s+(?:done|finished)|since\s+when\s+(?:is|has)\s+(\S[\s\S]*?)\s+(?:been\s+)?(?:busy|booked|taken|held|in\s+use)|what(?:['’]s|\s+is)\s+the\s+(?:earliest|soonest)\s+(?:i|we)\s+can\s+(?:get|have|book|use)\s+(\S[\s\S]*?)|when\s+was\s+(\S[\s\S]*?)\s+(?:booked|taken|reserved|grabbed)|can\s+(\S[\s\S]*?)\s+be\s+(?:booked|used|reserved|taken)(?:\s+now)?|is\s+it\s+safe\s+to\s+(?:use|book|take)\s+(\S[\s\S]*?)|(\S[\s\S]*?)\s+(?:bookable|open)|whose\s+(\S[\s\S]*?)\s+is\s+(?:it|this|that)|what\s+does\s+(\S[\s\S]*?)\s+have(?:\s+on\s+it)?|who(?:['’]?s|\s+has)\s+been\s+(?:on|using|holding)\s+(\S[\s\S]*?)\s+(?:all\s+(?:day|morning|afternoon|week)|today|so\s+long|for\s+ages|since\s+(?:this\s+)?\S+))$/i;
/**
 * `tell me about lab-3`, `info lab-3`, `details of lab-3`, `what is lab-3`, `where is lab-3`, `show me lab-3`, `describe lab-3`,
 * `what labels does lab-3 have`, `lab-3 info`, `what's special about lab-3`, `who's responsible for lab-3`, `where is lab-3 located`, `ssh lab-3`:
 * as `who has lab-3` (its row, labels and description), when the words name a testbed.
 */
const INFO_ON =
  /^(?:what(?:['’]s|\s+is)\s+special\s+about|(?:tell\s+me|what\s+do\s+you\s+know)\s+(?:more\s+)?about|more\s+about|(?:the\s+)?(?:current\s+)?(?:owner|holder|user)\s+of|who(?:['’]?s|\s+is)\s+the\s+(?:current\s+)?(?:owner|holder|user)\s+of|what(?:['’]?s|\s+is)\s+(?:the|my)\s+(?:purpose|expected\s+release|release\s+time|due\s+date|eta)\s+(?:of|for|on)|(?:any\s+)?(?:updates?|news)\s+(?:on|about|for)|check(?:\s+in)?(?:\s+on)?|look\s*up|find|search(?:\s+for)?|display|view|open|pull\s+up|(?:more\s+)?(?:info|information|details|specs?|availability)(?:\s+(?:on|about|for|of))?|(?:what|where)(?:['’]?s|\s+is)|show(?:\s+me)?|describe|what\s+labels\s+(?:does|do)|(?:the\s+)?labels\s+(?:of|on|for)|what\s+(?:hardware|version|software|model|image|build|firmware|os)\s+(?:is|runs|does)(?:\s+(?:on|in))?|who(?:['’]s|\s+is)\s+responsible\s+for|ssh(?:\s+(?:to|into))?)\s+(\S[\s\S]*?)(?:\s+(?:have|has|carry|carries|located|run|runs|running))?$/i;
/** What is asked about a testbed by one word after its name (`lab-3 details`, `lab-3 status`). */
const ABOUT_WORDS = String.raw`info|information|details|availability|specs?|status|overdue|purpose|back\s+when|queue|line|waiting\s+list|wait-?list|wait\s+time|eta|holder|owner|(?:current\s+)?user|labels|tags|description|maintenance|time\s+(?:left|remaining)|remaining\s+time|updates?|news|due(?:\s+back)?(?:\s+when)?|due\s+date|expected\s+release|release\s+time|(?:booked\s+)?(?:until|till)\s+when|booked\s+(?:until|till)|(?:held|booked|taken|used|reserved)\s+by(?:\s+(?:who|whom))?|done\s+yet|expected\s+(?:free|back)(?:\s+(?:at|when))?|busy\s+since\s+when`;
const NAME_INFO = new RegExp(String.raw`^(\S[\s\S]*?)\s+(?:${ABOUT_WORDS}|(?:still\s+)?(?:free|available|busy|taken|booked|reserved|occupied|in\s+use|being\s+used)(?:\s+(?:or\s+not|soon|yet|${IN_A_WHILE}))?|who)$`, 'i');
/** `get lab-3 status`, `take lab-3 history`: the words after a booking word that ask about the testbed (group 1) instead (group 2). */
const ASKED_ABOUT = new RegExp(String.raw`^(\S[\s\S]*?)\s+(history|${ABOUT_WORDS})$`, 'i');
/**
 * `show me 5g`, `what's available in 5g`, `5g`, `status of all 5g`, `all 5g status`: the testbeds carrying that label (the group set),
 * with their states.
 */
const LABEL_SHOWN =
  /^(?:(?:show|list)(?:\s+me)?(?:\s+(?:the|all))?\s+(\S+?)(?:\s+(?:testbeds?|ones?))?|what(?:['’]?s|\s+is)\s+(?:available|free)\s+(?:in|with|for)\s+(\S+)|(?:(?:what|which)\s+testbeds?\s+(?:are|is)|what(?:['’]?s|\s+is)|all|any|the)\s+(\S+?)(?:\s+(?:testbeds?|ones?))?|(\S+?)\s+(?:testbeds|ones)|status\s+(?:of\s+)?(?:all\s+(?:the\s+)?)(\S+?)(?:\s+(?:testbeds?|ones?))?|status\s+(\S+?)\s+(?:free|available)|(?:all|free)\s+(\S+?)(?:\s+(?:testbeds?|ones?))?\s+status)$/i;
/** `how often was lab-3 used`, `how busy was lab-3`: its history (group 1). */
const HOW_OFTEN = /^how\s+(?:often|much|busy)\s+(?:was|is|has)\s+(\S[\s\S]*?)(?:\s+(?:been\s+)?used)?(?:\s+(?:lately|recently|(?:this|last|(?:in\s+)?the\s+(?:last|past))\s+(?:week|month)))?$/i;
/**
 * `release lab-3 because Linus left`, `release lab-3 since he is on holiday`: the testbed (group 1), and why (a person's words, not
 * kept).
 */
const RELEASE_BECAUSE = /^(?:release|free(?:\s+up)?|unbook)\s+(\S[\s\S]{0,80}?),?\s+(?:because|since|as)\s+(?!soon\s|planned$)\S[\s\S]*$/i;
/**
 * `release lab-3, Linus left`, `release lab-3 - done`, `release lab-3: run finished`, `release lab-3 (finished early)`: the
 * testbed (group 1) and a note after a mark (group 2, a person's words, not kept).
 */
const RELEASE_NOTED = /^(?:release|free(?:\s+up)?|unbook)\s+(\S[\s\S]{0,80}?)(?:\s*,|\s+[-–—]|\s*:|\s*\()\s*([^\s)][^)]*)\)?$/;

/** The testbed of a release with a note after it (`release lab-3, Linus left`); never two testbeds or a time (`release lab-3, 5pm`). */
function releaseNoted(said: string, testbeds: readonly Pick<TestbedRecord, 'testbed_name'>[]): string | undefined {
  const noted = said.length > AROUND_NAME_MAX ? null : RELEASE_NOTED.exec(said);
  if (noted === null) return undefined;
  const [, name, note] = noted;
  const timed = isTypedTime(`until ${note}`) || /^(?:at|by|in|until|till|after|before)\s/i.test(note);
  if (timed || namesOne(testbeds, note) || testbedsNamed(testbeds, note) !== undefined || !namesOne(testbeds, name.trim())) return undefined;
  return name.trim();
}
/** `what can I book`, `show me what's free`, `is there anything I can book`, `anything free with 5g` (group 1, a label): the free ones. */
const FREE_ASKED =
  /^(?:what\s+can\s+(?:i|we)\s+(?:book|use|have|get)(?:\s+(?:now|right\s+now|today))?|which\s+(?:testbeds?|ones?)\s+can\s+(?:i|we)\s+(?:book|use|have|get)(?:\s+(?:now|right\s+now|today))?|is\s+there\s+(?:anything|any\s+testbed|one)\s+(?:i|we)\s+can\s+(?:book|use|have)|show(?:\s+me)?\s+what(?:['’]?s|\s+is)\s+(?:free|available)|(?:why\s+(?:is|are)\s+)?(?:nothing|no\s+testbeds?|none)\s+(?:is\s+|are\s+)?(?:free|available)|no\s+(?:free|available)\s+(?:testbeds?|ones?)|any\s+(?:testbeds?|ones?)|(?:the\s+)?(?:earliest|soonest|first)\s+(?:free|available)\s+(?:testbed|one)|the\s+(?:free|available)\s+ones|(?:anything\s+)?free\s+(?:tomorrow|today|tonight|later|this\s+(?:afternoon|evening))|(?:show(?:\s+me)?\s+(?:the\s+)?|anything\s+)?free(?:\s+(?:with|in))?\s+(\S+?)(?:\s+(?:testbeds?|ones?))?)$/i;
/** `longest booking`, `who has been on a testbed the longest`: the testbeds in use, each with how long it has been held. */
const LONGEST_HELD = /^(?:(?:the\s+)?(?:longest|oldest)\s+(?:booking|reservation)s?|who(?:['’]?s|\s+has)\s+(?:had|been\s+on|held)\s+(?:a|the|their)\s+testbeds?\s+(?:the\s+)?longest)$/i;
/**
 * `transfer ownership of lab-3 to Linus`, `assign lab-3 to Linus` (group 1 the testbed, 2 who), `make Linus the owner of lab-3`,
 * `change the owner of lab-3 to Linus` (group 3 who, 4 the testbed; 5 the testbed, 6 who), `put lab-3 under Linus's name` (7 the testbed,
 * 8 who): as `give lab-3 to Linus`.
 */
const OWNER_CHANGED =
  /^(?:(?:transfer|hand\s+over|pass)\s+(?:the\s+)?ownership\s+of|(?:re)?assign)\s+(\S[\s\S]{0,80}?)\s+to\s+(\S[\s\S]{0,80})$|^make\s+(\S+(?:\s+\S+)?)\s+the\s+(?:owner|holder)\s+of\s+(\S[\s\S]{0,80})$|^change\s+(?:the\s+)?(?:owner|holder)\s+(?:of|for|on)\s+(\S[\s\S]{0,80}?)\s+to\s+(\S[\s\S]{0,80})$|^put\s+(\S[\s\S]{0,80}?)\s+(?:under|in)\s+(\S+(?:\s+\S+)?)(?:['’]s|(?<=s)['’])\s+name$/i;
/** `wait for the next 5g`, `queue for the first free 5g`: a place for any testbed carrying the label (group 1). */
const WAIT_NEXT_OF = /^(?:wait|queue)(?:\s+(?:for|on))?\s+(?:the\s+)?(?:next|first)\s+(?:(?:free|available)\s+)?(\S+?)(?:\s+(?:testbed|one))?$/i;
/** `can someone free up lab-3 for me`: as `who has lab-3`, whose row names its holder, with Ask the holder (group 1). */
const SOMEONE_FREE =
  /^(?:can|could|will|would)\s+(?:some(?:one|body)|any(?:one|body))\s+(?:please\s+)?(?:release|free(?:\s+up)?|give\s+back|let\s+go\s+of)\s+(\S[\s\S]{0,80}?)(?:\s+for\s+(?:me|us))?$/i;
/**
 * `lab-3 for me`, `lab-5 instead`, `any 5g instead`, and a choice said (`lab-5 it is`, `lab-5 will do`, `lab-5 works for me`, `lab-5
 * then`, `lab-5 -> me`, `me: lab-5`, `assign me lab-5`): book it (group 1 or 2).
 */
const NAME_FOR_ME =
  /^(?:(\S[\s\S]{0,80}?)(?:\s+(?:(?:for\s+(?:me|us|myself)|instead|it\s+is|will\s+do|works\s+for\s+(?:me|us)|would\s+(?:work|do|be\s+(?:great|perfect|good|nice|fine|ideal))|sounds\s+(?:good|great|perfect)|is\s+perfect)(?:\s+then)?|then)|\s*(?:->|→|=>|[:=])\s*(?:me|mine))|(?:me\s*[:=]|assign\s+me|set\s+me\s+up\s+(?:on|with))\s+(\S[\s\S]{0,80}?))$/i;
/**
 * `is lab-3 held by Linus`, `is lab-3 booked by a pipeline`, `who is holding lab-3 via the API`, `is a pipeline using lab-3`:
 * as `who has lab-3` (group 1 or 3), whoever was named (group 2, a person's words unless a pipeline's or nobody's).
 */
const HELD_BY_ASKED =
  /^(?:(?:is|was)\s+(\S[\s\S]*?)\s+(?:held|booked|reserved|taken|used|in\s+use)\s+by\s+(\S[\s\S]*?)|who(?:['’]?s|\s+is)\s+(?:holding|using|on)\s+(\S[\s\S]*?)\s+(?:via|through|from|over)\s+(?:the\s+)?(?:api|pipeline|ci)|(?:is|are)\s+(?:a\s+|the\s+|any\s+)?(?:pipelines?|ci|jenkins|api)\s+(?:using|holding|on)\s+(\S[\s\S]*?))$/i;
/** Who a question names without naming a person: a pipeline, the API, anybody. */
const NOBODY_NAMED = /^(?:an?\s+|the\s+|any\s+)?(?:pipelines?|ci|jenkins|api|job|script|bot|one|anyone|anybody|someone|somebody|me|you|us|them)$/i;

/** `help booking`, `help with extend`, `help me book`: help on one thing (group 1). */
const HELP_TOPIC = /^help\s+(?:(?:me|us)\s+)?(?:(?:with|on|about|for|to)\s+)?(\S[\s\S]{0,40})$/i;
/** The nouns people put after `help`, as the verbs `how do I …` reads. */
const TOPIC_VERBS: ReadonlyArray<[RegExp, string]> = [
  [/^(?:booking|bookings|registering|registration|reserving|reservations?)$/i, 'book'],
  [/^(?:releasing|release)$/i, 'release'],
  [/^(?:extending|extensions?)$/i, 'extend'],
  [/^(?:waiting|queues?|queueing|queuing|reminders?|holds?|overdue|rules)$/i, 'rules'],
  [/^(?:admins?|admin\s+stuff)$/i, 'become admin'],
];

/** `help booking`: what `how do I book` answers; a topic the bot does not know, the help card. */
function helpOn(topic: string, testbeds: readonly Pick<TestbedRecord, 'testbed_name'>[]): string {
  const words = topic.trim();
  const verb = TOPIC_VERBS.find(([pattern]) => pattern.test(words))?.[1] ?? words;
  return verb === 'rules' ? verb : wayTo(verb, testbeds);
}
/**
 * `is lab-3 down`, `is lab-3 working again`, `does lab-3 work`, `lab-3 up?`, `anyone else having issues with lab-3`: its history (the group set),
 * which says its state now and the problems reported.
 */
const HEALTH_ASKED =
  /^(?:(?:is|does)\s+(\S[\s\S]{0,80}?)\s+(?:still\s+)?(?:down|broken|working|work|up|ok|okay|offline|online|usable|healthy|alive|reachable|dead|faulty|fixed)(?:\s+(?:now|again|yet|today|right\s+now))?|(\S[\s\S]{0,80}?)\s+(?:ok|okay|alive|healthy|up|working|reachable)|(?:is\s+|are\s+)?any(?:one|body)(?:\s+else)?\s+(?:having|seeing|getting|got)\s+(?:issues|problems|trouble)\s+(?:with|on)\s+(\S[\s\S]{0,80}?)|(?:how\s+long\s+has\s+(\S[\s\S]{0,80}?)\s+been\s+(?:free|available|idle|unused)|since\s+when\s+(?:is|has)\s+(\S[\s\S]{0,80}?)\s+(?:been\s+)?(?:free|available)|when\s+did\s+(\S[\s\S]{0,80}?)\s+(?:become|get)\s+(?:free|available)))$/i;
/**
 * `how many hours did I use lab-3`, `how much did we use lab-3 this month`, `how long was lab-3 booked this week`: its history
 * (group 1 or 2), each booking with how long it lasted.
 */
const USE_ASKED =
  /^(?:how\s+(?:much|often|many\s+(?:hours|times|days))\s+(?:did|have|has)\s+\S+\s+(?:use|used|book|booked|had|have)\s+(\S[\s\S]*?)|how\s+long\s+(?:was|has)\s+(\S[\s\S]*?)\s+(?:been\s+)?(?:booked|used|in\s+use|busy|taken))(?:\s+(?:lately|recently|today|yesterday|(?:this|last|past)\s+(?:week|month)|in\s+the\s+(?:last|past)\s+(?:week|month)))?$/i;
/** `show history`, `view the history`, `audit log`: `history` (which says to name a testbed). */
const HISTORY_ALONE = /^(?:(?:show|view|see|open|check|get|export|download)(?:\s+me)?\s+(?:the\s+)?history|history\s+(?:as\s+|in\s+|to\s+)?(?:csv|excel|json|export)|(?:(?:show|view|see|open|check|get)(?:\s+me)?\s+)?(?:the\s+)?audit\s+(?:log|trail))$/i;
/** `remind me at 5pm to release lab-3`: done with lab-3 then (group 1 the time, group 2 the testbed), so its reminder comes before. */
const REMIND_RELEASE = /^remind\s+me\s+((?:at|by|around|in)\s+\S+(?:\s+\S+){0,2}?)\s+to\s+(?:release|give\s+back|return)\s+(\S[\s\S]*)$/i;
/**
 * `remind me to release lab-3 in 2 hours`, `remind me to give back lab-3 at 5pm`, `set a reminder to release lab-3 at 5pm`: the time
 * after the testbed (group 1, then 2).
 */
const REMIND_RELEASE_AFTER = /^(?:remind\s+me|set\s+(?:a\s+|the\s+)?reminder)\s+to\s+(?:release|give\s+back|return)\s+(\S[\s\S]*?)\s+((?:at|by|around|in)\s+\S+(?:\s+\S+){0,2})$/i;
/**
 * `who should I ask for lab-3`, `who do I talk to about lab-3`, `who's in charge of lab-3`, `when can I book lab-3`,
 * `is lab-3 bookable`, `who forgot to release lab-3`, `can I jump the queue for lab-3`: as `who has lab-3`, whose row
 * names the holder (with Ask the holder), the expected release and the queue (group 1 or 2).
 */
const WHO_TO_ASK =
  /^(?:who(?:\s+(?:should|can|do|could)\s+(?:i|we)\s+(?:ask|talk\s+to|speak\s+to|contact)|(?:\s+is|['’]s)\s+in\s+charge)\s+(?:for|about|of|regarding)|when\s+(?:can|could)\s+(?:i|we)\s+(?:book|have|get|use)|who\s+(?:forgot|didn['’]?t|did\s+not)\s+(?:to\s+)?release|(?:can|could)\s+(?:i|we)\s+(?:jump|skip)\s+the\s+(?:queue|line)\s+(?:for|on))\s+(\S[\s\S]*?)$|^is\s+(\S[\s\S]*?)\s+(?:bookable|free\s+to\s+book)$/i;
/**
 * `lab-3 free at 3pm?`, `lab-3 available tomorrow`, `lab-3 free from monday`: its status (group 1), which says when it is due back,
 * when the words after are a time (group 2; other words are a person's, and no such question).
 */
const FREE_AT_ASKED = /^(\S[\s\S]*?)\s+(?:free|available)\s+((?:at|by|after|from|on|tomorrow|later|tonight|today|this)(?:\s\S[\s\S]*)?)$/i;
/** `when Linus is done`: the colleague a wait is after (`when it's done` names nobody). */
const WHEN_DONE = /\s(?:when|once)\s+(?!(?:you|he|she|they|it|one)(?:\s|['’]))\S+(?:\s+\S+)?\s+(?:(?:is|['’]s|gets)\s+(?:done|finished|through)|(?:releases|frees\s+up|gives\s+back)\s+(?:it|that))/i;
/** `is Linus done with lab-3`, `is anyone finished with lab-3`, `has Linus finished with lab-3`: as `who has lab-3` (group 1). */
const DONE_WITH_ASKED = /^(?:is\s+\S+(?:\s+\S+)?\s+(?:done|finished|through)|has\s+\S+(?:\s+\S+)?\s+(?:finished|been\s+done))\s+(?:with|on)\s+(\S[\s\S]*?)(?:\s+yet)?$/i;
/**
 * `hold it till 6`, `hold on to it for another hour`: more time for the booking talked about (group 1 or 2, the time). `hold it for 10
 * more minutes` answers an offer (a wait for the hold), so a length needs `on to`.
 */
const HOLD_IT = /^hold\s+(?:(?:it|this|that)\s+((?:until|till|til|to|through)\s+\S[\s\S]{0,80})|on\s+to\s+(?:it|this|that)\s+(\S[\s\S]{0,80}))$/i;
/**
 * `extend my lab-3 booking by an hour` (group 1 the testbed, 2 what follows), `extend booking lab-3 1h` (group 3, the testbed and what
 * follows): `extend lab-3 …`.
 */
const EXTEND_BOOKING_OF =
  /^(?:extend|renew|prolong)\s+(?:(?:my|the)\s+)?(?:(\S+(?:\s+\S+){0,3}?)\s+(?:booking|reservation)(\s+\S[\s\S]*)?|(?:booking|reservation)\s+(?:(?:of|for|on)\s+)?(\S[\s\S]*))$/i;
/**
 * `tell Linus I need lab-3`, `let Linus know we need lab-3`, `tell Linus to release lab-3`: ask the holder of lab-3 (group 1 who,
 * group 2 the testbed).
 */
const TELL_NEEDED =
  /^(?:tell|let)\s+(\S+(?:\s+\S+)?)\s+(?:know\s+)?(?:that\s+)?(?:(?:i|we)\s+(?:really\s+)?(?:need|want|would\s+like)|to\s+(?:release|give\s+back|free(?:\s+up)?|return|hand\s+back))\s+(\S[\s\S]*?)(?:\s+(?:please|asap|soon|now|back))?$/i;
/** `release all but lab-3`, `release everything except lab-3`, `keep lab-3 and release the rest`: their bookings, each with its Release. */
const RELEASE_ALL_BUT =
  /^(?:(?:release|return|give\s+back|cancel)\s+(?:all|everything|all\s+(?:of\s+)?(?:my|mine)(?:\s+(?:bookings?|testbeds?))?)\s+(?:but|except(?:\s+for)?|apart\s+from|other\s+than)\s+\S[\s\S]*|keep\s+\S[\s\S]*?\s+(?:and\s+)?release\s+(?:the\s+)?(?:rest|others|other\s+ones?))$/i;
/**
 * `why is lab-3 booked`, `what is Linus doing on lab-3`, `when did I book lab-3`, `how much time is left on lab-3`,
 * `when is my lab-3 booking due`, `when does lab-3 become free`, `when is lab-3 due`, `is lab-3 mine`, `do I have lab-3`, `how
 * long can I keep lab-3`, `when do I have to release lab-3`, `did I book lab-3`: questions its status row answers (the first group set).
 */
const ABOUT_BOOKING =
  /^(?:why\s+is\s+(\S[\s\S]*?)\s+(?:booked|taken|busy|in\s+use|held)|what\s+(?:is|are)\s+\S+(?:\s+\S+)?\s+doing\s+(?:on|with)\s+(\S[\s\S]*?)|when\s+did\s+\S+(?:\s+\S+)?\s+(?:book|take|get)\s+(\S[\s\S]*?)|how\s+(?:much\s+time|long)\s+is\s+left\s+(?:on|for)\s+(\S[\s\S]*?)|when\s+is\s+my\s+(\S[\s\S]*?)\s+booking\s+(?:due|over|ending|up)|when\s+(?:does|will)\s+(\S[\s\S]*?)\s+(?:become|get|come)\s+(?:free|available|back)|when\s+is\s+(\S[\s\S]*?)\s+due(?:\s+back)?|is\s+(\S[\s\S]*?)\s+(?:still\s+)?mine|do\s+i\s+(?:still\s+)?(?:have|hold)\s+(\S[\s\S]*?)|how\s+long\s+(?:do|can)\s+i\s+(?:have|keep)\s+(\S[\s\S]*?)(?:\s+for)?|when\s+(?:do|must|should)\s+i\s+(?:have\s+to\s+)?(?:release|give\s+back|return)\s+(\S[\s\S]*?)|did\s+i\s+(?:book|reserve|register|take|get|claim)\s+(\S[\s\S]*?))$/i;
/** `who took lab-3`, `who's got lab-3`, `whose is lab-3`, `what is on lab-3`: as `who has lab-3`. */
const WHO_HOLDS_SAID =
  /^(?:who(?:['’]?s|\s+has)?\s+got|who\s+(?:took|grabbed|reserved|claimed)|whose\s+is|what(?:['’]?s|\s+is)\s+(?:running\s+)?on)\s+(\S[\s\S]*?)(?:\s+(?:now|right\s+now|today))?$/i;
/** `is Linus still using lab-3`, `does Linus still need lab-3`: as `who has lab-3`, whose row names the holder (a colleague named: blanked in recordings). */
const COLLEAGUE_STILL_ON =
  /^(?:is|does)\s+(?!(?:any|some)(?:one|body)\s)(\S+(?:\s+\S+)?)\s+still\s+(?:using|on|need|needs|have|has|hold|holds|working\s+on)\s+(\S[\s\S]*?)$/i;
/**
 * `lab-3 purpose: the soak`, `lab-3 purpose the soak`, `update lab-3 purpose to the soak`, `change lab-3's purpose to …`: as `purpose
 * lab-3 …` (group 1 the testbed, 2 the purpose; `my` or `the` for their booking's: `the purpose is …`); `rename my booking to the soak`
 * (group 3): a new purpose for their booking (`rename my booking` alone, the form for it).
 */
const PURPOSE_SAID =
  /^(?:(?:change|set|update|edit)\s+(?:the\s+)?)?(\S[\s\S]*?)(?:['’]s)?\s+purpose\s*(?::|=|\s+to\b|\s+is\b|\s+now\b|(?=\s+(?!(?:of|for|on|from|was)\s)\S))\s*(\S[\s\S]*)$|^(?:(?:rename|relabel)\s+my\s+(?:booking|reservation)\s+(?:to|as)|change\s+the\s+name\s+of\s+my\s+(?:booking|reservation)\s+to)\s+(\S[\s\S]*)$/i;
/** `I'm on lab-3 for 2 hours`, `using lab-3 till 5`, `I'll be on lab-3 all afternoon`: the testbed and what follows it (group 1). */
const ON_TESTBED = /^(?:(?:i(?:['’]?m|\s+am|['’]?ll\s+be|\s+will\s+be)|we(?:['’]?re|\s+are|['’]?ll\s+be|\s+will\s+be))\s+)?(?:on|using)\s+(\S[\s\S]*)$/i;
/** `I'm using lab-3 for the soak test`, `lab-3 is for the soak test`: its purpose, as `purpose lab-3 …` (group 1 or 3 the testbed). */
const USED_FOR = /^(?:i(?:['’]?m|\s+am)\s+using\s+(\S[\s\S]*?)\s+for\s+(\S[\s\S]*)|(\S[\s\S]*?)\s+is\s+for\s+(\S[\s\S]*))$/i;
/** `who owns lab-3`: who has it (group 1). */
const WHO_OWNS = /^(?:who\s+(?:owns|is\s+holding|has\s+got)|what(?:['’]?s|\s+is)\s+(?:holding|running\s+on))\s+(\S[\s\S]*)$/i;
/** `which testbeds have 5g`, `what testbeds are labelled 5g`, `testbeds with 5g`: as `status 5g`, when a testbed carries the label. */
const WHICH_HAVE =
  /^(?:(?:which|what)\s+testbeds?\s+(?:have|has|carry|carries|are\s+(?:labell?ed|tagged)(?:\s+with)?)|what\s+(?:has|carries)|(?:(?:show|list)(?:\s+me)?\s+)?(?:all\s+)?(?:the\s+)?testbeds\s+(?:with|labell?ed|tagged)(?:\s+with)?)\s+(?:the\s+label\s+)?(\S+)$/i;
/** `problems`, `recent problems`, `what is broken?`, `any problems?`: the problems reported in the last 7 days. */
export const PROBLEMS_ASKED =
  /^(?:(?:show\s+(?:me\s+)?)?(?:the\s+|all\s+(?:the\s+)?)?(?:recent\s+|reported\s+|open\s+)?problems(?:\s+reported)?|problem\s+reports|any\s+problems|(?:what|which\s+(?:testbeds?|ones?))(?:['’]?s|\s+is|\s+are)\s+(?:broken|down)|(?:is\s+)?(?:anything|any(?:\s+testbeds?)?|something)\s+(?:broken|down)|(?:(?:show|list)(?:\s+me)?\s+(?:the\s+)?)?broken(?:\s+(?:testbeds?|ones?))?)$/i;
/** `any problems with lab-3?`, `lab-3 problems`: its history, where the problems reported with it are listed (group 1 or 2). */
const PROBLEMS_OF = /^(?:any\s+(?:problems|issues)\s+(?:with|on)\s+(\S[\s\S]*)|(\S[\s\S]*?)\s+(?:problems|issues))$/i;
/** `labels`, `list labels`, `what labels are there`, `which labels do we have`: every label in use. */
export const LABELS_ASKED =
  /^(?:(?:list|show)\s+(?:me\s+)?(?:(?:the|all)\s+(?:the\s+)?)?(?:labels|tags)|(?:all\s+(?:the\s+)?)?(?:labels|tags)(?:\s+in\s+use)?|(?:what|which)\s+(?:labels|tags)(?:\s+(?:are\s+there|exist|do\s+(?:we|you)\s+have|are\s+(?:in\s+use|used)))?|what\s+are\s+(?:the\s+)?labels|what\s+(?:are|is)\s+(?:the\s+)?(?:labels|tags)\s+for)$/i;
/** `what does the 5g label mean`: the label (group 1), when the lab has it (other words are a person's). */
const LABEL_MEANT = /^what\s+(?:does|do)\s+(?:the\s+)?(\S+)\s+(?:label|tag)\s+mean$/i;

/**
 * `who's waiting`, `is anyone waiting?`, `who is in the queue`, `how long is the wait`, `who's first in line`, `is there a
 * queue`: the status of every testbed (each row says who waits).
 */
/** `who is waiting for my testbed`, `is anyone waiting for my booking`: their bookings, each saying how many wait for it. */
const WAITING_FOR_MINE = /^(?:who(?:['’]?s|\s+is|\s+are)?|is\s+any(?:one|body)|how\s+many\s+(?:people\s+)?(?:are\s+)?)\s+waiting\s+(?:for|on)\s+(?:my|our)\s+(?:testbeds?|bookings?|reservations?)$/i;
const WHO_WAITS =
  /^(?:(?:who(?:['’]?s|\s+is|\s+are)?|(?:is\s+)?any(?:one|body))\s+(?:waiting|queued|in\s+(?:the\s+|a\s+)?(?:queue|line))(?:\s+for\s+(?:anything|something|a\s+testbed))?|how\s+long\s+is\s+the\s+(?:wait|queue|line)|what(?:['’]?s|\s+is)\s+the\s+wait|who(?:['’]?s|\s+is)\s+(?:first|next)\s+in\s+(?:the\s+)?(?:line|queue)|how\s+many\s+(?:people\s+)?(?:are\s+)?(?:waiting|queued|in\s+(?:the\s+)?(?:queue|line))|is\s+there\s+a\s+(?:queue|line|wait(?:ing\s+list)?))$/i;

/**
 * `what can you do`, `how does this work`, `commands`, `command list`, `what are the commands`, `help me`, `what's new`, `who made this
 * bot`, `first time here, what do I do`: help.
 */
const HELP_WORDS =
  /^(?:what\s+can\s+(?:you|i|we)\s+(?:do|type|say|ask)(?:\s+(?:here|with\s+(?:this|you|it)))?|manual|docs|documentation|(?:where\s+(?:is|are|can\s+i\s+find)\s+)?(?:the\s+)?(?:docs|documentation|manual|user\s+guide)|user\s+guide|cheat\s*sheet|quick\s+reference|what\s+do\s+you\s+do|how\s+(?:does\s+(?:this|it)|do\s+you)\s+work|how\s+do\s+i\s+use\s+(?:this|you|it)|(?:(?:show|list)\s+(?:me\s+)?)?(?:the\s+|all\s+)?commands|(?:the\s+)?command\s+list|list\s+of\s+(?:the\s+)?commands|(?:my\s+)?first\s+time(?:\s+here)?[,.!]?\s+what\s+(?:do|should)\s+i\s+do(?:\s+here)?|(?:it['’]?s\s+)?(?:my\s+)?first\s+time(?:\s+here)?|what\s+(?:are\s+the\s+)?commands(?:\s+(?:are\s+there|do\s+you\s+(?:have|know)))?|usage|instructions|help\s+(?:me|please|us)|(?:i\s+)?need\s+(?:some\s+)?help|faq|examples|tutorial|getting\s+started|i(?:['’]?m|\s+am)\s+new(?:\s+here)?|version|which\s+version(?:\s+are\s+you)?|what\s+version(?:\s+are\s+you|\s+is\s+this)?|who\s+(?:made|built|wrote|maintains|runs)\s+(?:this|the|you)(?:\s+bot)?|where\s+is\s+(?:the\s+|your\s+)?(?:source(?:\s+code)?|code|repo(?:sitory)?)|what['’]?s\s+new|changelog|release\s+notes|about)$/i;
/** `how do I book a testbed?`, `how can I extend my booking`, `how to release`: a newcomer asking the way. */
const HOW_DO_I =
  /^(?:how\s+(?:do|can|could|should|would|may)\s+(?:i|we|one)|how\s+to|what(?:['’]s|\s+is)\s+the\s+way\s+to|is\s+there\s+a\s+way\s+to)\s+(\S[\s\S]{0,80}?)$/i;
/** `what is this bot`, `who are you`, `what are you`: the help card. */
const WHAT_ARE_YOU =
  /^(?:what\s+(?:is\s+this\s+bot|are\s+you)|who\s+are\s+you|who\s+is\s+(?:the|this)\s+bot|what\s+does\s+this\s+(?:mean|message\s+mean)|who\s+sent\s+(?:this|me\s+this)|why\s+(?:me|did\s+i\s+get\s+this(?:\s+message)?|am\s+i\s+getting\s+(?:this|these)(?:\s+messages?)?|(?:did|do)\s+you\s+(?:keep\s+)?(?:message|messaging|ping|pinging|dm|text|remind|write|writing)\s+me)|what\s+do\s+you\s+want(?:\s+from\s+me)?|what(?:['’]?s|\s+is)\s+your\s+name|are\s+you\s+(?:a\s+(?:bot|robot|human|person|real\s+person)|human|real)|what\s+does\s+this\s+bot\s+do|how\s+does\s+this\s+bot\s+work|(?:i(?:['’]?m|\s+am)\s+)?(?:stuck|lost|confused)|bot\s+version|(?:the\s+)?bot['’]?s\s+version|how\s+(?:does|do)\s+(?:the\s+)?labels?\s+work)$/i;
/**
 * `digest`, `daily digest`, `show the digest`, `summary`, `today's summary`, `give me an overview`, `what's happening`, `any news`,
 * `what happened today`, `summary of today`:
 * the daily digest's card, as of now.
 */
export const DIGEST_ASKED =
  /^(?:(?:show|give|send|post)(?:\s+(?:me|us))?\s+)?(?:(?:the|a|an|today['’]?s|the\s+daily|a\s+daily)\s+)?(?:daily\s+|lab\s+)?(?:digest|summary|overview\s+of\s+(?:the\s+)?(?:lab|day))$|^(?:give|show)(?:\s+(?:me|us))?\s+an\s+overview$|^what(?:['’]?s|\s+is)\s+(?:happening|going\s+on)(?:\s+(?:today|in\s+the\s+lab))?$|^(?:(?:is\s+)?anything\s+(?:happening|going\s+on)(?:\s+(?:today|in\s+the\s+lab))?|how(?:['’]?s|\s+is)\s+(?:the\s+lab|everything)(?:\s+looking)?(?:\s+today)?|how['’]?s\s+it\s+looking(?:\s+today)?|(?:the\s+)?lab\s+overview|(?:an\s+)?overview|(?:is\s+there\s+)?(?:anything|something)\s+new|(?:any\s+)?(?:news|updates?)(?:\s+(?:today|from\s+the\s+lab))?|what\s+(?:has\s+)?happened\s+today|(?:a\s+|the\s+)?summary\s+(?:of|for)\s+today)$/i;
/**
 * `rules`, `booking rules`, `how long can I book lab-3`, `what's the max booking time`, `is there a time limit`, `how
 * does the queue work`, `how long is a testbed held for me`, `can I book ahead`, `what happens if I don't release`, `what is
 * a hold`, `do I get reminded`, `will I get a reminder`, `what does wait do`: how bookings work in this lab. (`how long can I keep
 * lab-3` asks about their own booking: its status.)
 */
export const RULES_ASKED =
  /^(?:(?:show\s+(?:me\s+)?|what\s+are\s+)?(?:the\s+)?(?:lab(?:['’]s)?\s+|booking\s+|house\s+)?(?:rules|policy|policies)|how\s+long\s+(?:can|may|could)\s+(?:i|we|one)\s+(?:(?:book|reserve|use)(?:\s+(?:a|the|one)\s+testbed|\s+(?:one|it|them|this|that))?|(?:keep|hold|have)\s+(?:a|one)\s+testbed)(?:\s+for)?|what(?:['’]?s|\s+is)\s+the\s+(?:max(?:imum)?|longest)\s+(?:booking\s+)?(?:time|length|duration|booking|i\s+can\s+book)|(?:is\s+there\s+an?\s+)?(?:time\s+limit|limit\s+(?:on|for)\s+(?:a\s+)?bookings?|max(?:imum)?\s+booking(?:\s+(?:time|length))?)|how\s+(?:does|do)\s+(?:the\s+)?(?:queues?|waiting|booking|bookings|reminders?|hand-?overs?|overdue)\s+work|how\s+long\s+is\s+a\s+(?:released\s+)?testbed\s+(?:held|kept)(?:\s+for\s+me)?|can\s+(?:i|we)\s+(?:book|reserve)\s+(?:ahead|in\s+advance|for\s+later)|(?:is|are)\s+there\s+(?:a|any)\s+limits?|how\s+many\s+(?:testbeds\s+)?can\s+(?:i|we)\s+(?:book|hold|have)(?:\s+at\s+(?:once|a\s+time))?|can\s+(?:i|we)\s+(?:book|hold|have)\s+(?:two|2|several|more\s+than\s+one|multiple)\s+testbeds(?:\s+at\s+once)?|what\s+happens\s+(?:when|if|after)\s+\S[\s\S]{0,60}|(?:will|does|do|can)\s+(?:it|the\s+bot|you|bookings?)\s+(?:auto(?:matically)?[\s-]*)?release(?:\s+(?:automatically|by\s+itself|for\s+me|on\s+(?:its|their)\s+own))?|remind\s+me\s+(?:when\s+my\s+booking\s+(?:ends|is\s+up|runs\s+out)|before\s+(?:it|my\s+booking|the\s+booking)\s+(?:ends|is\s+up|runs\s+out)|\d{1,3}\s+min(?:ute)?s?\s+before(?:\s+(?:it|my\s+booking|the\s+booking)\s+(?:ends|is\s+up|runs\s+out))?)|how\s+often\s+(?:will|do|does)\s+(?:you|the\s+bot|it)\s+remind\s+(?:me|us)|(?:can\s+i\s+get|send(?:\s+me)?)\s+(?:the\s+|my\s+)?reminders\s+(?:in\s+(?:a\s+|my\s+)?(?:dm|direct\s+messages?|private|1:1)|(?:to\s+me\s+)?privately)|how\s+long\s+before\s+(?:i(?:['’]?m|\s+am)|i\s+get)\s+reminded|when\s+(?:will|do)\s+i\s+(?:be|get)\s+reminded|(?:do|will)\s+(?:i|we)\s+get\s+(?:a\s+)?remind(?:ed|ers?)|(?:do|will|would)\s+you\s+remind\s+me(?:\s+before\s+(?:my|our|the)\s+booking\s+(?:ends|is\s+up|runs\s+out))?|does\s+(?:the\s+)?bot\s+remind\s+(?:me|us)(?:\s+before\s+(?:my|our|the)\s+booking\s+(?:ends|is\s+up|runs\s+out))?|when\s+do\s+(?:the\s+)?reminders\s+(?:come|arrive|go\s+out)|why\s+(?:did|do)\s+i\s+(?:get|receive)\s+(?:a\s+|this\s+|that\s+|these\s+|the\s+)?reminders?|why\s+am\s+i\s+(?:getting|receiving)\s+(?:a\s+|these\s+|the\s+|so\s+many\s+)?reminders?|what\s+(?:is|are)\s+(?:a\s+)?holds?|what\s+does\s+(?:the\s+)?(?:wait|extend|release|hold|queue|overdue)\s+(?:do|mean)|is\s+there\s+(?:an?\s+)?auto(?:matic)?[\s-]*release|auto(?:matic(?:ally)?)?[\s-]*releases?(?:\s+(?:it|them|bookings?|my\s+(?:testbeds?|bookings?)))?|how\s+long\s+(?:can|may)\s+i\s+(?:keep|hold|have)\s+(?:it|one|a\s+booking)|what(?:['’]?s|\s+is)\s+the\s+(?:max|limit)|is\s+there\s+(?:a|any)\s+way\s+to\s+(?:book|reserve)\s+(?:ahead|in\s+advance|for\s+later)|why\s+(?:can['’]?t|cannot|can\s+not)\s+(?:i|we)\s+(?:book|reserve)\s+(?:ahead|in\s+advance|for\s+later)|how\s+long\s+is\s+(?:the|a)\s+(?:grace\s+period|hold)|what(?:['’]?s|\s+is)\s+(?:a|the)\s+(?:hold|queue|grace\s+period)|can\s+(?:the\s+)?admins?\s+(?:release|take|force[\s-]*release)\s+my\s+(?:testbeds?|bookings?))$/i;

/**
 * The command that answers a way asked for, shown by doing it (the form, the card): `how do I book lab-3`
 * is `book lab-3`, `how can I see what's free` is `free`, `how does the queue work` the help. Nothing is
 * done by the answer itself, as ever: a form still waits for its press.
 */
const WAYS: ReadonlyArray<[RegExp, string]> = [
  [/^(?:leave|get\s+out\s+of)\s+(?:a\s+|the\s+)?queue|^stop\s+waiting/i, 'my queues'],
  [/^(?:wait|queue|join\s+(?:a\s+|the\s+)?queue|get\s+(?:in\s+line|notified)|be\s+(?:notified|told))(?=\s|$)/i, 'wait'],
  [/^(?:book|register|reserve|claim|get|grab|take)(?=\s|$)/i, 'book'],
  [/^(?:cancel|delete|end)\s+(?:my\s+|a\s+|the\s+)?(?:booking|reservation)(?=\s|$)/i, 'release'],
  [/^(?:release|give\s+back|return|unbook|free\s+up)(?=\s|$)/i, 'release'],
  [/^(?:extend|renew|keep|prolong)(?=\s|$)/i, 'extend'],
  [/^(?:see|find|check|know|tell)\s+(?:what(?:['’]s|\s+is)\s+|which\s+(?:ones?\s+|testbeds?\s+)?(?:are\s+)?)(?:free|available)/i, "what's free"],
  [/^(?:see|check|show|find|know)\s+(?:my\s+bookings?|what\s+i\s+(?:have|hold))/i, 'mine'],
  [/^(?:see|check|show|get|find)\s+(?:the\s+)?(?:status|who\s+has|what\s+is\s+(?:booked|in\s+use))/i, 'status'],
  [/^(?:report|flag|raise)\s+(?:a\s+|an\s+)?(?:problem|issue|fault)/i, 'problems'],
  [/^(?:send|give|leave)\s+(?:some\s+)?feedback|^report\s+a\s+bug/i, 'feedback'],
  [/^(?:broadcast|announce|send\s+(?:a\s+)?(?:message|announcement))(?=\s|$)/i, 'broadcast'],
  [/^(?:become|be)\s+(?:an\s+)?admin/i, 'who are the admins'],
  [/^(?:change|set|update|edit)\s+(?:the\s+|my\s+)?purpose/i, 'purpose'],
  // `how do I give lab-3 to Linus`: the hand-over as asked (its card says who that is, one press hands it over).
  [/^(?:give|hand(?:\s+over)?|transfer|pass)\s+\S[\s\S]*?\s+(?:over\s+)?to\s+\S/i, 'give'],
  // `how do I switch to lab-5`, `how can I move my booking to another testbed`: the switch (its card, or how to type it).
  [/^(?:switch|swap)(?=\s|$)|^(?:move|change)\s+(?:my\s+)?(?:booking|reservation|testbed)s?\s+to\s+(?:another|a\s+different|a\s+new|other)\s+(?:testbed|one)$/i, 'switch'],
];

/** `good morning`, `hello bot`, `hi there`, `hey team`, `what's up`, `ping`, `are you there`: a greeting, answered with the menu. */
const GREETING = /^(?:(?:hi|hello|hey|hiya|howdy|yo|sup|wass?up|what['’]?s\s+up|gm|good\s+(?:morning|afternoon|evening|day)|morning)(?:\s+(?:there|bot|all|team|everyone|folks|testbeds?(?:\s+(?:bot|monitor))?))?|ping|(?:are|r)\s+(?:you|u)\s+(?:there|alive|up|awake|ok|working)|you\s+there|(?:is\s+)?any(?:one|body)\s+(?:there|home)|how\s+are\s+you(?:\s+doing)?|how['’]?s\s+it\s+going|test(?:ing)?(?:\s+\d+)*|(?:the\s+)?bot|is\s+(?:the\s+)?bot\s+(?:working|alive|up|there|ok|down)|(?:the\s+)?bot\s+(?:status|health)|(?:the\s+)?status\s+of\s+the\s+bot|health|health\s*check|uptime|how\s+long\s+have\s+you\s+been\s+(?:running|up))$/i;
/** `admin menu`, `open the admin card`, `admin panel`: the admin card, as `admin`. */
const ADMIN_MENU = /^(?:(?:show|open|display|bring\s+up|give)(?:\s+me)?(?:\s+the)?\s+admin(?:\s+(?:menu|card|panel|page|tools))?|(?:the\s+)?admin\s+(?:menu|card|panel|page|tools))$/i;
/**
 * `add lab-10`, `create TB-05 with label 5g`: a new testbed, when the word looks like a testbed's name (a digit, a
 * hyphen, a dot or an underscore in it) and is no testbed's yet nor a length (`add 2h` is more time).
 */
const ADD_NAMED = /^(?:add|create)\s+(?!(?:me|us|a|an|the|labels?|tags?|another|more|extra|some)(?:\s|$))(\S*[\d._-]\S*)((?:\s+(?:with\s+(?:the\s+)?labels?|labels?:?|labell?ed|tagged(?:\s+with)?|described\s+as|with\s+(?:the\s+)?description)\s+\S[\s\S]*)?)$/i;
/** `show the menu`, `open menu`, `main menu`, `start`, `what now`, `what should I do`: the menu, as `testbed`. */
const MENU_ASKED = /^(?:(?:show|open|display|bring\s+up|give)(?:\s+me)?(?:\s+the)?\s+(?:main\s+)?menu|(?:the\s+)?main\s+menu|(?:go\s+)?back(?:\s+to\s+(?:the\s+)?(?:start|menu|main\s+menu))?|start\s+(?:over|again)|home|(?:show\s+(?:me\s+)?)?(?:the\s+)?options|start|get\s+started|(?:and\s+)?(?:what\s+now|now\s+what|what\s+next)|and\s+now|what\s+(?:should|do|can)\s+i\s+do\s+(?:now|next)|what\s+should\s+i\s+do)$/i;
/**
 * `when does my booking end`, `when is my booking up`, `how much time do I have left`, `what's left on my booking`, `what is my
 * booking`, `can I extend?`, `when do I have to release`, `time left`, `do I have anything booked`, `how many bookings do I
 * have`, `what's mine`, `am I overdue`, `is my booking still active`, `does my booking expire`, `what is my purpose`: their bookings.
 */
const MY_BOOKING_ASKED =
  /^(?:when\s+(?:does|is|will)\s+my\s+(?:booking|reservation|testbed)\s+(?:end|due|up|over|ending|expiring|run\s+out|expire)|how\s+(?:much|long)\s+(?:time\s+)?(?:do\s+i\s+have\s+)?(?:left|remaining)(?:\s+on\s+my\s+(?:booking|testbed))?|what(?:['’]?s|\s+is)\s+left\s+(?:on|of)\s+my\s+(?:booking|reservation|testbed)|what(?:['’]?s|\s+is|\s+are)\s+my\s+(?:booking|reservation|testbed)s?|(?:can|may|could)\s+i\s+extend(?:\s+(?:it|my\s+booking))?|when\s+(?:do|must|should)\s+i\s+(?:have\s+to\s+)?(?:release|give\s+(?:it\s+)?back|return)(?:\s+(?:it|my\s+(?:booking|testbed)))?|when\s+is\s+it\s+due|(?:my\s+)?time\s+(?:left|remaining)|(?:do|have)\s+i\s+(?:have|hold|got|booked)\s+(?:anything|any\s+(?:testbeds?|bookings?))(?:\s+booked)?|am\s+i\s+(?:holding|using)\s+(?:anything|any\s+testbeds?)|how\s+many\s+(?:bookings|testbeds|reservations)\s+(?:do\s+i\s+have|have\s+i\s+got|am\s+i\s+holding)|what(?:['’]?s|\s+is|\s+are)\s+mine|am\s+i\s+(?:overdue|late)|(?:is|are)\s+my\s+(?:booking|reservation|testbed)s?\s+(?:overdue|late|expired|(?:still\s+)?(?:active|valid|running|on))|(?:do\s+i\s+have|have\s+i\s+got)\s+(?:anything|any\s+(?:bookings?|testbeds?))\s+overdue|did\s+i\s+forget\s+to\s+(?:release|give\s+back|return)\s+(?:something|anything)|(?:does|will)\s+(?:my\s+(?:booking|reservation)|it)\s+expire|when\s+(?:does|will)\s+it\s+(?:expire|end|run\s+out)|(?:my\s+(?:booking|reservation)\s+(?:ends|is\s+up|expires)\s+when|until\s+when\s+is\s+my\s+(?:booking|reservation))|how\s+much\s+time\s+(?:do\s+i\s+have|have\s+i\s+got)|how\s+long\s+do\s+i\s+(?:have|get)(?:\s+(?:it|left))?|(?:what|which)\s+(?:booking|reservation)s?(?:\s+(?:is\s+(?:it|this|that)|do\s+you\s+mean|are\s+you\s+talking\s+about))?|which\s+testbed\s+(?:is\s+(?:it|this|that)|do\s+you\s+mean|are\s+you\s+talking\s+about)|(?:minutes|hours)\s+(?:left|remaining)|what(?:['’]?s|\s+is)\s+my\s+purpose|do\s+i\s+have\s+a\s+testbed|my\s+(?:booked\s+testbeds|holds)|which\s+testbeds?\s+am\s+i\s+(?:using|holding|on))$/i;
/** `I forgot, sorry`, `oops forgot`, said back to a reminder: their bookings, where each has its buttons. */
const FORGOT = /^(?:(?:sorry|oops|argh|damn)[,!.]?\s+)?(?:i\s+)?(?:totally\s+|completely\s+)?forgot(?:\s+about\s+it)?(?:[,!.]?\s+sorry)?$/i;
/** `undo`, `I booked the wrong one`, `wrong testbed`: their bookings, where Release takes one back. */
const UNDO_WORDS =
  /^(?:(?:oops|oh\s+no|whoops)[,!.]?\s+)?(?:undo(?:\s+(?:that|it|this))?|(?:i\s+)?booked\s+(?:the\s+)?wrong\s+(?:one|testbed)|wrong\s+(?:one|testbed)|i\s+did(?:n['’]?t|\s+not)\s+mean\s+to\s+(?:book|take)\s+(?:that|this|it))$/i;
/** `edit my booking`, `change my reservation`, `update my booking`: their bookings, where each can be changed. */
const CHANGE_MINE = /^(?:edit|change|modify|update|amend)\s+(?:(?:my|the|this|our)\s+)?(?:booking|reservation)s?$/i;
/**
 * `postpone my release`, `delay the release of lab-3`, `push back my release`, `postpone lab-3's release`: extend (the testbed, group 1
 * or 2, when named), by or to what follows (`delay release by 1h`, `postpone release to 6`: group 3).
 */
const RELEASE_POSTPONED =
  /^(?:postpone|delay|defer|push\s+back|put\s+off)\s+(?:(?:my\s+|the\s+)?(?:release|return)(?:\s+(?:of|for|on)\s+(\S[\s\S]{0,80}?))?|(\S[\s\S]{0,80}?)(?:['’]s)?\s+(?:release|return))(\s+(?:by|to|until|till)\s+\S[\s\S]{0,40})?$/i;
/** `bump my booking by an hour`, `bump it`: as `extend …` (a testbed named after `bump` is read with the other words for extending). */
const BUMPED = /^bump(?:\s+up)?\s+((?:my\s+(?:booking|reservation|testbed)|it|this|that)(?:\s+\S[\s\S]*)?)$/i;
/**
 * `release my booking`, `delete my booking`, `end my reservation`, `all done`, `I'm done, release it`, `releasing now`, `I forgot to
 * release it, sorry`: the release form, their own first.
 */
const RELEASE_MINE =
  /^(?:(?:i(?:['’]ll|\s+will)\s+|will\s+)release(?:\s+it)?|(?:release|delete|end|stop|finish|close|remove|drop)\s+my\s+(?:booking|reservation|testbed)|all\s+done|(?:(?:i(?:['’]?m|\s+am)|we(?:['’]?re|\s+are))\s+)?(?:all\s+)?(?:done|finished)\s+(?:here|done|and\s+dusted)|(?:i(?:['’]?m|\s+am)\s+)?all\s+finished|(?:i(?:['’]?m|\s+am)\s+)?(?:done|finished)[,.!]?\s+(?:please\s+)?release\s+it|releasing(?:\s+it)?(?:\s+now)?|(?:(?:sorry|oops)[,!]?\s+)?(?:i\s+)?forgot\s+to\s+release(?:\s+it)?(?:[,!]?\s+sorry)?|(?:you\s+)?can\s+release(?:\s+it)?(?:\s+now)?|(?:yes[,!]?\s+)?go\s+ahead(?:\s+and)?\s+release(?:\s+it)?)$/i;
/**
 * `set lab-3 free`, `set lab-3 to free`, `lab-3 -> free`, `mark lab-3 as available`, `lab-3 done`, `lab-3 is finished now`, `lab-3 freed`, `give
 * lab-3 back`, `free lab-3 up`, `anyone want lab-3?`, `lab-3 is free if anyone wants it`, `cancel the lab-3 booking`: release lab-3
 * (the group that matched), when it names a testbed (or `it`).
 */
const RELEASE_SAID =
  /^(?:(?:set|mark|make)\s+(\S[\s\S]*?)\s+(?:as\s+|to\s+)?(?:free|available|released|done)|(\S[\s\S]*?)\s*(?:->|→|=)\s*(?:free|available|released)|(\S[\s\S]*?)\s+(?:(?:is\s+)?(?:done|finished|released|returned|freed(?:\s+up)?)(?:\s+now)?|is\s+(?:free\s+now|now\s+free|all\s+yours|(?:now\s+)?up\s+for\s+grabs)|up\s+for\s+grabs|(?:is\s+)?(?:no\s+longer|not)\s+(?:needed|in\s+use)(?:\s+any\s*more)?|is\s+free\s+if\s+(?:any(?:one|body)|some(?:one|body))\s+(?:wants|needs)\s+it|can\s+be\s+released|can\s+go(?:\s+back)?|(?:is\s+)?back\s+(?:in|to)\s+the\s+pool)|(?:give|hand)\s+(\S[\s\S]*?)\s+back|free\s+(\S[\s\S]*?)\s+up|(?:does\s+)?(?:any(?:one|body)|some(?:one|body))\s+want\s+(\S[\s\S]*?)|cancel\s+(?:the\s+|my\s+)?(\S[\s\S]*?)\s+(?:booking|reservation))$/i;
/** `mark lab-3 as mine`, `set lab-3 to in use`, `set lab-3 busy`: a booking of lab-3 (group 1), said as a board is marked. */
const CLAIMED_AS = /^(?:set|mark)\s+(\S[\s\S]{0,80}?)\s+(?:as\s+|to\s+)?(?:mine|in[\s-]use|busy|taken|booked|reserved|occupied)$/i;
/** `lab-3 anyone?`, `lab-3 free to use?`, `lab-3 ok to use?`: whether somebody holds lab-3 (group 1). */
const ANYONE_ON = /^(\S[\s\S]{0,80}?)\s*[,:]?\s+(?:any(?:one|body)|free\s+to\s+(?:use|grab|take)|ok(?:ay)?\s+to\s+(?:use|grab|take))$/i;
/** `same as last time`, `the same again`, `my usual`, `book the usual`: a booking as their last one was. */
const SAME_AGAIN = /^(?:book\s+)?(?:(?:the\s+)?same\s+(?:as\s+)?(?:last\s+time|before|yesterday|again)|(?:my|the)\s+usual)(?:\s+please)?$/i;
/**
 * `undo release`, `I released it by mistake`, `I accidentally released lab-3`, `repeat my last booking`: the booking form filled in as
 * their last booking (`book again`), one press from booked again.
 */
const UNDO_RELEASE =
  /^(?:undo(?:\s+(?:the\s+|my\s+)?(?:last\s+)?release)|(?:i\s+)?released\s+(?:it\s+|that\s+|this\s+)?(?:by\s+(?:mistake|accident)|accidentally)|(?:i\s+)?accidentally\s+released(?:\s+(?:it|that|this))?|(?:repeat|redo)\s+(?:my\s+|the\s+)?(?:last|previous)\s+booking)$/i;
/**
 * `I accidentally released lab-3`, `I released lab-3 by mistake`, `I didn't mean to release lab-3`, `undo the release of lab-3`: book lab-3
 * again (group 1, 2, 3 or 4), the form filled in as their last booking of it.
 */
const UNDO_RELEASE_OF =
  /^(?:(?:oops|oh\s+no|whoops)[,!.]?\s+)?(?:(?:i\s+)?released\s+(\S[\s\S]{0,80}?)\s+(?:by\s+(?:mistake|accident)|accidentally)|(?:i\s+)?accidentally\s+released\s+(\S[\s\S]{0,80}?)|i\s+did(?:n['’]?t|\s+not)\s+mean\s+to\s+release\s+(\S[\s\S]{0,80}?)|undo\s+(?:the\s+|my\s+)?release\s+of\s+(\S[\s\S]{0,80}?))$/i;
/** `cancel my last booking`, `cancel the current booking`: release (the form, on their booking). */
const CANCEL_LAST = /^cancel\s+(?:my\s+|the\s+)?(?:last|latest|recent|current|new)\s+(?:booking|reservation)$/i;
/** `book lab-3 again`, `rebook lab-3`, `book me lab-3`, `book me a testbed`: book, with what follows (group 1, then 2). */
const BOOK_AGAIN = /^(?:rebook|re-book|book\s+me|book\s+(\S[\s\S]*?)\s+again)(?:\s+(\S[\s\S]*))?$/i;
/**
 * `show the queue for lab-3`, `who else wants lab-3`, `how many people are waiting for lab-3`, `is anyone waiting for lab-3`,
 * `who's next for lab-3`, `who is hogging lab-3`, `what's the wait time for lab-3`, `is there a queue for lab-3`, `where's the queue for
 * lab-3`: as `who has lab-3`.
 */
const QUEUE_SHOWN =
  /^(?:show(?:\s+me)?\s+(?:the\s+)?(?:queue|line|waiting\s+list)\s+(?:for|of|on)|who\s+else\s+(?:wants|needs|is\s+waiting\s+for)|how\s+many\s+(?:people\s+)?(?:are\s+)?(?:waiting|queued|in\s+(?:the\s+)?(?:queue|line))\s+(?:for|on)|who(?:['’]?s|\s+is)\s+(?:hogging|blocking|occupying|holding\s+up|sitting\s+on)|(?:is\s+)?(?:any(?:one|body)|some(?:one|body))\s+(?:else\s+)?(?:waiting|queued|in\s+(?:the\s+)?(?:queue|line))\s+for|who(?:['’]?s|\s+is|\s+comes)\s+next\s+(?:for|on|in\s+line\s+for)|(?:tell\s+me\s+about|(?:what|where)(?:['’]?s|\s+is))\s+the\s+(?:queue|line|waiting\s+list)\s+(?:for|of|on)|what(?:['’]?s|\s+is)\s+the\s+wait(?:ing)?(?:\s+time)?\s+(?:for|on)|is\s+there\s+a\s+(?:queue|line|wait)\s+(?:for|on))\s+(\S[\s\S]*)$/i;
/** `show queue`, `show the queues`, `the waiting list`: every testbed (each row says who waits). `queue` alone is their own places. */
const QUEUES_SHOWN = /^(?:(?:show|list)(?:\s+me)?\s+(?:the\s+|all\s+(?:the\s+)?)?|the\s+|all\s+(?:the\s+)?)(?:queues?|waiting\s+lists?)$/i;
/**
 * `lab status`, `current status`, `detailed status`, `queue status`, `status report`, `status update`, `status --all`, `dashboard`,
 * `board`, `sitrep`: the whole lab's status, where the word beside `status` is no label or testbed's name (a label `lab` is
 * shown as ever).
 */
const STATUS_SAID =
  /^(?:(?:the\s+)?(lab|current|overall|latest|general|team|queues?|detailed|complete|short|quick|brief|full)\s+status|status\s+(report|update|overview|board|summary|full)|status\s+-{1,2}(?:all|a|v|verbose|full|long|l)|(?:(?:show|see|check|open)(?:\s+me)?\s+)?(?:the\s+)?(?:dashboard|board)|what(?:['’]?s|\s+does)\s+the\s+board\s+look\s+like|sitrep)$/i;
/** `availability`, `check availability`, `show me availability`: the free ones. */
const AVAILABILITY = /^(?:(?:show|check|see|get)(?:\s+me)?\s+(?:the\s+)?)?availability$/i;
/** `show mine`, `list mine`, `my stuff`, `status of my testbeds`: their bookings. */
const MINE_SAID = /^(?:(?:show|list)(?:\s+me)?\s+mine|my\s+(?:stuff|things)|(?:(?:the\s+)?status\s+(?:of|for|on)\s+)(?:my\s+(?:testbeds?|bookings?|reservations?)|mine))$/i;

/** `everything`, `all`, `full status`, `status all`, `all testbeds`, `status of all testbeds`: the whole lab's status. */
const WHOLE_LAB =
  /^(?:everything|all|(?:the\s+)?full\s+status|status\s+(?:(?:of|for)\s+)?(?:all|everything|(?:all\s+(?:of\s+)?(?:the\s+)?|every\s+)testbeds?)|all\s+(?:the\s+)?testbeds|all\s+status)$/i;
/** `is anything overdue`, `is anyone late`, `are any busy`, `is there anything in maintenance`: the testbeds in that state (group 1). */
const ANY_IN_STATE =
  /^(?:is|are)\s+(?:there\s+)?(?:anything|any(?:one|body|\s+(?:testbeds?|ones?|of\s+them))?|something)\s+(overdue|late|busy|in\s+use|taken|booked|(?:under|in)\s+maintenance)(?:\s+(?:now|right\s+now|today))?$/i;
/** `which testbeds are idle`, `what's unused`, `show idle testbeds`, `idle ones`: the free ones. */
const IDLE =
  /^(?:(?:which(?:\s+testbeds?|\s+ones?)?\s+(?:are|is)|what(?:['’]?s|\s+is|\s+are)|(?:show|list)(?:\s+me)?(?:\s+the)?|any(?:thing)?)\s+)?(?:idle|unused|unbooked|not\s+(?:in\s+use|booked|taken))(?:\s+(?:testbeds?|ones?))?(?:\s+(?:now|right\s+now))?$/i;
/** `who has the most bookings`, `who books the most`, `top users`: the usage report, whose top holders answer it. */
const TOP_HOLDERS =
  /^(?:who\s+(?:has|had|makes|made|books|booked|uses|used|holds|held)\s+(?:the\s+)?(?:most(?:\s+(?:bookings|testbeds|time|hours))?|testbeds\s+(?:the\s+)?most)|who\s+(?:books|uses|used|booked)\s+(?:the\s+(?:lab|testbeds)\s+)?(?:the\s+)?most|top\s+(?:\d{1,2}\s+)?(?:users|holders|bookers)|leaderboard|who(?:\s+hogs|['’]?s\s+hogging|\s+is\s+hogging)\s+(?:the\s+)?(?:testbeds|lab|most|everything))$/i;
/**
 * `lab-3 release`, `lab-3: book 2h`, `lab-3 wait`, `lab-3 extend 2 hours`, `lab-3: extending till 6pm`: a testbed's name (group 1) first, then the
 * command (group 2) and perhaps a time (group 3).
 */
const VERB_AFTER_NAME = /^(\S[\s\S]{0,80}?)\s*[:,-]?\s+(book|register|reserve|release|unbook|wait|extend|renew|notify(?=(?:\s+me)?$)|extending|releasing)(?:\s+(\S[\s\S]{0,80}))?$/i;
/** `release lab-3 to Linus`, `pass lab-3 on to the next person`, `I'm done, give lab-3 to the next`: the testbed (group 1) and who (group 2). */
const PASSED_TO =
  /^(?:(?:i(?:['’]?m|\s+am)\s+)?(?:done|finished)[,.;]?\s+)?(?:release|pass(?:\s+on)?|give|hand(?:\s+on)?)\s+(\S[\s\S]{0,80}?)\s+(?:on\s+|over\s+)?to\s+(\S[\s\S]{0,80})$/i;
/** `Linus wants lab-3, give it to him`, `Linus needs lab-3 so hand it over to her`: who (group 1) and the testbed (group 2) handed over. */
const WANTED_HAND_IT =
  /^(\S+(?:\s+\S+)?)\s+(?:wants|needs|asked\s+(?:me\s+)?for|would\s+like)\s+(\S[\s\S]{0,80}?)\s*[,;.!]?\s+(?:so\s+)?(?:please\s+)?(?:give|hand|pass|transfer)\s+it(?:\s+over|\s+on)?\s+to\s+(?:him|her|them)$/i;
/** `the next person`, `next in line`, `whoever is next`, `the queue`: the queue's first, who gets it on release anyway. */
const NEXT_PERSON = /^(?:(?:the\s+)?next(?:\s+(?:person|one|colleague|guy))?(?:\s+in\s+(?:line|the\s+queue))?|whoever(?:['’]?s|\s+is)\s+next|whoever\s+is\s+waiting|(?:the\s+)?(?:queue|line|waiting\s+list|wait-?list|people\s+waiting))$/i;
/**
 * `is lab-3 in maintenance`, `why is lab-3 under maintenance`, `is lab-3 still in maintenance`, `when will lab-3 be back from
 * maintenance`, `when does lab-3's maintenance end`, `when will lab-3 be back`: its status (the one group that matched), which
 * says why and until when.
 */
const MAINTENANCE_ASKED =
  /^(?:(?:is|why\s+is|since\s+when\s+is|how\s+long\s+(?:is|will)|until\s+when\s+is)\s+(\S[\s\S]{0,80}?)\s+(?:still\s+)?(?:be\s+)?(?:in|under)\s+maintenance(?:\s+still)?|when\s+(?:will|is|does)\s+(\S[\s\S]{0,80}?)\s+(?:be\s+|come\s+|get\s+)?(?:back|out)\s+(?:from|of)\s+maintenance|when\s+(?:will|does|is)\s+(\S[\s\S]{0,80}?)(?:['’]s)?\s+maintenance\s+(?:end|over|done|finished|be\s+(?:over|done|finished))|when\s+will\s+(\S[\s\S]{0,80}?)\s+be\s+back(?:\s+(?:up|online|in\s+service))?|why\s+is\s+(\S[\s\S]{0,80}?)\s+(?:down|offline|out\s+of\s+service)|is\s+(\S[\s\S]{0,80}?)\s+(?:fixed|repaired|back|ready|usable|up)\s+(?:yet|again|now)|is\s+(\S[\s\S]{0,80}?)\s+usable|(?:when\s+)?(?:can|could)\s+(?:i|we)\s+use\s+(\S[\s\S]{0,80}?)\s+again|(\S[\s\S]{0,80}?)\s+(?:is\s+)?(?:still\s+)?(?:in|under)\s+maintenance)$/i;
/** `I'm done with the maintenance on lab-3`, `finished maintenance on lab-3`, `release lab-3 from maintenance`: its end (the group that matched). */
const MAINTENANCE_FINISHED =
  /^(?:(?:(?:i(?:['’]?m|\s+am)|we(?:['’]?re|\s+are))\s+)?(?:done|finished|through)\s+with\s+(?:the\s+)?maintenance\s+(?:on|of|for)\s+(\S[\s\S]{0,80}?)|(?:(?:i|we)\s+)?(?:finished|completed|ended)\s+(?:the\s+)?maintenance\s+(?:on|of|for)\s+(\S[\s\S]{0,80}?)|release\s+(\S[\s\S]{0,80}?)\s+from\s+maintenance)$/i;
/** `who put lab-3 in maintenance`, `who started the maintenance on lab-3`, `who took lab-3 offline`: its history (the group that matched), which says. */
const WHO_MAINTAINED =
  /^(?:who\s+(?:put|placed)\s+(\S[\s\S]{0,80}?)\s+(?:in|into|under)\s+maintenance|who\s+(?:started|began)\s+(?:the\s+)?maintenance\s+(?:on|of|for)\s+(\S[\s\S]{0,80}?)|who\s+took\s+(\S[\s\S]{0,80}?)\s+(?:offline|down|out\s+of\s+service))$/i;
/** `take lab-3 down for maintenance until monday`, `shut lab-3 down`: as `take lab-3 offline …` (the testbed, then the end and reason). */
const TAKEN_DOWN = /^(?:take|bring|shut)\s+(\S[\s\S]{0,80}?)\s+down(?:\s+for\s+maintenance)?((?:\s+(?:until|till|for|because)\s+\S[\s\S]*)?)$/i;
/** `show maintenance`, `maintenance status`, `maintenance list`: the testbeds under maintenance. */
const MAINTENANCE_LISTED = /^(?:(?:show|list)(?:\s+me)?\s+(?:the\s+|all\s+)?maintenances?|maintenances?\s+(?:status|list|overview))$/i;
/**
 * `how long do I have left on lab-3`, `how much time is left with lab-3`, `lab-3 remaining`, `lab-3 expires when`, `until when do I have
 * lab-3`: its status (group 1, 2 or 3), with its expected release.
 */
const TIME_LEFT_ON =
  /^(?:(?:how\s+(?:much|long)\s+(?:time\s+)?(?:do\s+i\s+have\s+|is\s+)?(?:left|remaining)|how\s+much\s+longer|(?:the\s+)?(?:time\s+(?:left|remaining)|remaining\s+time))\s+(?:(?:on|with|for|of)\s+)?(\S[\s\S]{0,80})|(\S[\s\S]{0,80}?)\s+(?:remaining|expires\s+when|ends\s+(?:at|when)|due\s+when)|(?:until|till)\s+when\s+(?:do|can)\s+i\s+(?:have|keep|use)\s+(\S[\s\S]{0,80}?))$/i;
/** `lab-3 is mine until 5`, `lab-3 mine till 5`, `I have lab-3 till 6pm`: their booking of it (group 1 or 2) due back then (group 3), as `release lab-3 at 5` reads it. */
export const MINE_UNTIL = /^(?:(\S[\s\S]{0,80}?)\s+(?:is\s+|['’]s\s+)?mine|i(?:['’]?ve|\s+have)(?:\s+got)?\s+(\S[\s\S]{0,80}?))\s+(?:until|till|til)\s+(\S[\s\S]{0,40})$/i;
/**
 * `I'm using lab-5`, `I am on lab-5 now`: book it (group 1). (`I'm using lab-5 for the soak` is its booking's purpose,
 * read with the purpose commands.)
 */
/** `lab-5 is mine for the next hour`, `lab-5 in use by me for 2h`: book it (group 1), for that long (group 2). */
const MINE_FOR = /^(\S[\s\S]{0,80}?)\s+(?:(?:is|['’]s)\s+)?(?:mine|(?:(?:being\s+)?(?:used|taken)|in\s+use)\s+by\s+me)(?:\s+(?:now|from\s+now))?\s+(for\s+\S[\s\S]{0,40})$/i;
/** `quick test on lab-5`, `quick check on lab-5, 10 min`, `10 min on lab-5`: book it (group 1 or 4), for that long (group 2 or 3). */
const QUICK_ON = new RegExp(
  String.raw`^(?:(?:(?:a|just\s+a|doing\s+a)\s+)?quick\s+(?:test|check|look|run|try|debug)\s+on\s+(\S[\s\S]{0,80}?)(?:\s*[,-]?\s+(?:for\s+)?(${DIGIT_LENGTH}))?|(?:(?:just|only)\s+)?(${DIGIT_LENGTH})\s+on\s+(\S[\s\S]{0,80}?))$`,
  'i',
);
const USING_NOW = /^(?:(?:i(?:['’]?m|\s+am)|we(?:['’]?re|\s+are))\s+)?(?:using|on|working\s+on|testing\s+on)\s+(\S[\s\S]{0,80}?)(?:\s+(?:now|right\s+now|at\s+the\s+moment))?$/i;
/**
 * `can Linus give me lab-3`, `Linus, are you done with lab-3`, `Linus, still need lab-3?`, `Linus, please release lab-3`, `are you using lab-3 Linus`: ask its holder
 * (group 2, 4 or 5; the person, 1, 3 or 6, is not read).
 */
const ASK_PERSON =
  /^(?:(?:can|could|would|will)\s+(\S+(?:\s+\S+)?)\s+(?:please\s+)?(?:give\s+me|let\s+me\s+have|release|hand\s+over)\s+(\S[\s\S]{0,80}?)|(\S+(?:\s+\S+)?)[,:]?\s+(?:(?:are\s+)?you\s+(?:done|finished|still\s+using|still\s+on)|(?:do\s+you\s+)?still\s+need|(?:(?:can|could|would|will)\s+you\s+(?:please\s+)?|please\s+|pls\s+|plz\s+)(?:release|free(?:\s+up)?|give\s+(?:me\s+)?back|hand\s+over))\s+(?:with\s+)?(\S[\s\S]{0,80}?)(?:\s+(?:when|once)\s+you(?:['’]re|\s+are)\s+(?:done|finished)(?:\s+with\s+it)?)?|(?:are|r)\s+you\s+(?:still\s+)?(?:using|on|done\s+with)\s+(\S[\s\S]{0,80}?)[,]?\s+(\S+))(?:\s+please)?$/i;
/** `finishing up`, `wrapping up now`, `that's it for today`: their bookings, as `going home`. */
const WRAPPING_UP = /^(?:(?:i(?:['’]?m|\s+am)\s+)?(?:just\s+)?(?:finishing|wrapping)(?:\s+up)?(?:\s+(?:now|here|for\s+(?:the\s+day|today)))?|that['’]?s\s+it\s+for\s+(?:today|the\s+day|now))$/i;
/** `I'm done for the day, release everything`: release all (their bookings, with the one press that does it). */
const DONE_RELEASE_ALL =
  /^(?:(?:ok(?:ay)?|right)[,!.]?\s+)?(?:i(?:['’]?m|\s+am)\s+)?(?:done|finished|off)(?:\s+for\s+(?:the\s+day|today|now))?\s*[,.;:!-]?\s+(?:please\s+)?(?:release|releasing|free(?:\s+up)?|freeing(?:\s+up)?|return|returning|give\s+back)\s+(?:everything|all(?:\s+(?:of\s+)?(?:my\s+testbeds|mine|them))?|my\s+testbeds)(?:\s+please)?$/i;
/** `nevermind lab-3`, `forget about lab-3`: not needed after all (group 1), whatever the person has of it. */
const NOT_NEEDED_AFTER_ALL = /^(?:(?:never\s*mind|nvm|forget)(?:\s+about)?|scratch)\s+(\S[\s\S]{0,80})$/i;
/** `find me a free 5g`, `get me any 5g testbed`: the label (group 1). */
const FIND_ME_LABEL = /^(?:(?:get|give|find)\s+me|find)\s+(?:a|an|any|the\s+next|the\s+first)\s+(?:free\s+|available\s+)?(\S+?)(?:\s+(?:testbed|one))?$/i;
/** `a 5g`, `one 5g testbed`: one testbed carrying a label (group 1). */
const ONE_OF_LABEL = /^(?:an?|one)\s+(\S+?)(?:\s+(?:testbed|one|box|rig))?$/i;
/** `do we have a 5g testbed`, `do we have any 5g`: the testbeds carrying the label (group 1). */
const HAVE_LABEL = /^(?:(?:do\s+(?:we|you|i)|does\s+the\s+lab)\s+have|(?:have\s+(?:we|you)\s+)?got|is\s+there)\s+(?:a|an|any)\s+(?:(?:free|spare|available)\s+)?(\S+?)(?:\s+(?:testbeds?|ones?|rigs?))?$/i;
/**
 * `going home`, `I'm off for the day`, `leaving for the weekend`, `calling it a day`, `I'm off`, `I'm off tomorrow`, `on vacation next week`,
 * `out of office until monday`, `off sick`: their
 * bookings, each a press from released.
 */
const LEAVING =
  /^(?:ok(?:ay)?[,!.]?\s+)?(?:i(?:['’]?m|\s+am)\s+)?(?:going\s+home|off\s+(?:home|for\s+(?:the\s+)?(?:day|night|today|weekend|holidays?))|leaving(?:\s+(?:for\s+(?:the\s+)?(?:day|night|today|weekend|holidays?)|now|soon|the\s+office))?|heading\s+(?:home|out)|signing\s+off|logging\s+off|clocking\s+(?:out|off)|out\s+for\s+(?:the\s+)?(?:day|night|today|weekend)|(?<=(?:^|\s)(?:i['’]?m|am)\s+)out(?=\s+now|$)|calling\s+it\s+a\s+day|(?:i\s+)?(?:got(?:ta|\s+to)|have\s+to|must)\s+(?:go|leave|run|head\s+out)|(?:out\s+of\s+(?:the\s+)?office|ooo)(?:\s+(?:tomorrow|next\s+week|(?:until|till|from)\s+(?:tomorrow|monday|next\s+week)))?|(?<=(?:^|\s)(?:i['’]?m|am)\s+)off(?:\s+tomorrow)?(?=\s+now|$)|(?:going\s+)?(?:on|off\s+on)\s+(?:holiday|vacation|leave|pto)(?:\s+(?:tomorrow|next\s+week|from\s+tomorrow|(?:until|till)\s+(?:monday|next\s+week)))?|(?:off\s+)?sick(?:\s+today)?)(?:\s+now)?$/i;
/** `how many 5g are free`, `how many 5g testbeds are available`: that label's testbeds (group 1), each with its state. */
const HOW_MANY_OF_LABEL = /^how\s+many\s+(\S+?)(?:\s+(?:testbeds?|ones?|rigs?))?\s+(?:are|is)\s+(?:free|available)(?:\s+(?:now|right\s+now))?$/i;
/** `who booked the most this month`, `top users last week`: who (group 1) over a window (group 2). */
const TOP_HOLDERS_IN = /^(\S[\s\S]{0,80}?)\s+(?:(?:in|over|during|for)\s+)?(?:the\s+)?(?:this|last|past|previous)\s+(week|month)$/i;
/**
 * `who hasn't released`, `who has not released their testbed`, `who forgot to release`, `who has had a testbed for too long`,
 * `overdue` alone, `expired bookings`: the overdue ones.
 */
const NOT_RELEASED = /^(?:who\s+(?:has\s*n['’]?t|has\s+not|did\s*n['’]?t|did\s+not)\s+(?:released?|given\s+back)(?:\s+(?:their|a|the)\s+testbeds?)?(?:\s+yet)?|overdue|late\s+returns?|(?:(?:show|list)(?:\s+me)?\s+)?(?:the\s+|any\s+)?(?:expired|past[\s-]due|late)\s+(?:bookings|reservations|testbeds|ones)|who\s+(?:forgot|didn['’]?t|did\s+not)\s+(?:to\s+)?release(?:\s+(?:their|a)\s+testbeds?)?|who(?:['’]?s|\s+has)\s+(?:had|been\s+on|held)\s+(?:a|the|their)\s+testbeds?\s+(?:for\s+)?too\s+long|who(?:['’]?s|\s+is|\s+are)\s+late(?:\s+(?:returning|giving\s+back|releasing)(?:\s+(?:a|their|the)\s+testbeds?)?))$/i;
/** `report for last month`, `report this week`, `report for the past month`: the report over 30 days for a month, else 7. */
const REPORT_WINDOW = /^report\s+(?:for\s+|of\s+|over\s+)?(?:the\s+)?(?:last|past|this|previous)\s+(week|month|7\s+days|30\s+days)$/i;

/** `cancel all my bookings`, `give back all mine`, `I'm done with everything`: release all. */
const RELEASE_ALL_WORDS =
  /^(?:cancel|unbook|release|return|give\s+back|hand\s+back|free\s+up|free|drop|(?:i(?:['’]?m|\s+am)\s+)?(?:releasing|returning|freeing(?:\s+up)?|giving\s+back|dropping)|(?:i(?:['’]?m|\s+am)\s+)?(?:done|finished)\s+with)\s+(?:all|everything|both(?:\s+of\s+them)?|the\s+(?:two|three|2|3)(?:\s+of\s+them)?|all\s+of\s+them|them(?:\s+all)?|all\s+(?:of\s+)?my\s+(?:stuff|things)|(?:all\s+(?:of\s+)?)?my\s+(?:two|three|2|3)\s+(?:bookings|reservations|testbeds))(?:\s+(?:of\s+)?(?:my|mine))?(?:\s+(?:bookings?|reservations?|testbeds?))?(?:\s+(?:i\s+(?:have|hold|booked|reserved|own)|i['’]ve\s+got|i['’]?m\s+holding))?$/i;
/**
 * `who is overdue`, `what's busy`, `show overdue`, `anything in maintenance?`, `overdue ones`: the status of the testbeds
 * in that state (group 1), as `status overdue` reads it.
 */
const IN_STATE =
  /^(?:(?:who(?:['’]?s|\s+is)|what(?:['’]?s|\s+is|\s+are)|which(?:\s+ones?|\s+testbeds?)?(?:\s+(?:is|are))?|show(?:\s+me)?(?:\s+the)?|list(?:\s+the)?|anything|any(?:\s+testbeds?)?|(?:any|some)(?:one|body)|are\s+any|(?:the\s+)?testbeds(?:\s+(?:that|which)\s+are)?|(?:(?:can|could|may)\s+i\s+see|show(?:\s+me)?)\s+(?:everything|all|what|the\s+testbeds|all\s+the\s+testbeds)\s+(?:that(?:['’]s|\s+is|\s+are)|which\s+(?:is|are)|(?:is|['’]s))(?:\s+currently)?)\s+)?(overdue|late|busy|in\s+use|taken|booked|(?:under|in)\s+maintenance)(?:\s+(?:testbeds?|ones?|bookings?))?(?:\s+(?:now|right\s+now))?$/i;
/** `all bookings`, `current bookings`, `show bookings`, `bookings today`, `who booked today`: the testbeds in use, whose rows name their holders. */
const BOOKINGS_LISTED =
  /^(?:(?:(?:show|list)(?:\s+me)?\s+)?(?:(?:all|the|current|active|open|today['’]?s)\s+)*(?:bookings|reservations)(?:\s+(?:today|now|right\s+now))?|who\s+(?:booked|has\s+booked)\s+(?:today|what\s+today)|what(?:['’]?s|\s+is)\s+booked(?:\s+(?:today|now|right\s+now))?|who(?:['’]?s|\s+is)\s+booked\s+(?:for\s+)?(?:today|tomorrow|now))$/i;
const STATE_WORDS: Readonly<Record<string, string>> = { late: 'overdue', busy: 'in use', taken: 'in use', booked: 'in use', 'in maintenance': 'maintenance', 'under maintenance': 'maintenance' };
/**
 * `done with lab-3`, `I’m finished with lab-3`, `I've finished with lab-3`, `give back lab-3`, `unbook`, `cancel my booking of lab-3`:
 * release.
 */
const RELEASE_WORDS =
  /^(?:unbook|return|give\s+back|hand\s+back|free\s+up|(?:(?:i(?:['’]?m|\s+am|['’]?ve|\s+have)?|we(?:['’]?re|\s+are|['’]?ve|\s+have))\s+)?(?:all\s+)?(?:done|finished)(?:\s+(?:testing|working|using\s+it))?(?:\s+(?:with|on))?|(?:cancel|drop|delete|remove)\s+(?:my\s+|the\s+|this\s+)?(?:booking|reservation)s?(?:\s+(?:of|for|on))?)(?:\s+(\S[\s\S]*))?$/i;
/** `free 5g`, `a free 5g`, `is there a free 5g testbed`, `any free 5g ones`: the label, when a testbed carries it. */
const FREE_LABEL = /^(?:is\s+there\s+(?:a|an|any)\s+|are\s+there\s+any\s+|any\s+|an?\s+)?(?:free|busy)\s+(\S+?)(?:\s+(?:testbeds?|ones?|rigs?))?$/i;
/**
 * `which 5g testbeds are free`, `any 5g available now`, `is a 5g free`, `is there a testbed with 5g free`: the label, when a testbed
 * carries it.
 */
const LABEL_FREE =
  /^(?:which|what|any|is\s+(?:a|an|any)|are\s+any|(?:(?:is|are)\s+there\s+)?(?:a|any)\s+(?:testbeds?|ones?)\s+(?:with|labell?ed|tagged))\s+(\S+?)(?:\s+(?:testbeds?|ones?|rigs?))?(?:\s+(?:is|are))?\s+(?:free|available|busy|taken|in\s+use|booked)(?:\s+now)?$/i;
/** A stretch of time a release is said for (`today`, `the night`, `the weekend`): when, not which. */
const FOR_A_STRETCH = String.raw`today|tonight|now|the\s+day|the\s+night|the\s+week(?:end)?|this\s+week`;
/** `for the night`, `for the weekend` after a testbed released: why now, not a time (a release is now). */
export const RELEASED_FOR = new RegExp(String.raw`\s+for\s+(?:${FOR_A_STRETCH})$`, 'i');
/** `for today`, `for the day`, `for now` after `done`, or what was done (`done with my testing`): no testbed named. */
const FOR_NOW = new RegExp(String.raw`^(?:(?:for\s+)?(?:${FOR_A_STRETCH})|(?:my|the|our)\s+(?:testing|tests?|test\s+run|work|job|runs?|experiments?|debugging|stuff))$`, 'i');
/** `free lab-3`, `cancel lab-3`: release, when the words name a testbed (`free beer` does not; `cancel` alone stops a conversation). */
const RELEASE_IF_TESTBED =
  /^(?:free|cancel|unlock|un-?reserve|un-book|un-?register|de-?register|relinquish|releasing|returning|freeing(?:\s+up)?|giving\s+back|handing\s+back|(?:i(?:\s+have|['’]?ve)?\s+)?(?:just\s+)?(?:released|returned|gave\s+back|freed(?:\s+up)?)|(?:i(?:['’]?m|\s+am)\s+)?(?:drop(?:ping)?|let(?:ting)?\s+go\s+of|through\s+with)|(?:(?:sorry|oops)[,!]?\s+)?(?:i\s+)?forgot\s+to\s+(?:release|free(?:\s+up)?|give\s+back)|(?:i(?:['’]?ll|\s+will|\s+can)\s+)?give\s+up(?!\s+on\s))\s+(\S[\s\S]*)$|^(?:giving|handing)\s+(\S[\s\S]*?)\s+back$|^check\s+(\S[\s\S]*?)\s+(?:back\s+in|in\s+again)$|^(?:i\s+)?(?:booked|reserved|took)\s+(\S[\s\S]*?)\s+(?:by\s+(?:accident|mistake)|accidentally)$|^(?:i\s+)?accidentally\s+(?:booked|reserved|took)\s+(\S[\s\S]*)$/i;

/**
 * The words people use for booking and releasing, read as the commands the bot knows: `reserve lab-3`
 * and `take lab-3` as `book lab-3`; `done with lab-3`, `give back lab-3`, `free lab-3` and
 * `cancel my booking of lab-3` as `release lab-3`; `free 5g` (a label) as `status 5g`; `I need lab-3`
 * as `book lab-3`; `queue for lab-3` and `remind me when lab-3 is free` as `wait lab-3`; `who is waiting for lab-3`
 * and `is anyone still using lab-3` as `who has lab-3`; `what can you do` as `help`. Other text
 * comes back as it was. Like the commands, these only open a form: nothing is booked or released
 * before its button is pressed.
 */
export function everydayCommand(command: string, testbeds: readonly Pick<TestbedRecord, 'testbed_name' | 'labels'>[]): string {
  // (`need any box for 1h`, `grab me a box`: after an article, `box` is what is asked for, whatever the rest reads as.)
  const articled = /(?:^|\s)(?:any|an?|one|free)\s+(?:box|rig)(?:e?s)?(?=$|[\s?!.,])/i.test(command) ? withTestbedWords(command, testbeds) : command;
  const read = readEveryday(articled, testbeds);
  if (read !== articled) return read;
  // Only words read as nothing else are read again with `testbed` for `box`: a name or purpose typed keeps its words.
  const plain = withTestbedWords(command, testbeds);
  if (plain === command) return read;
  const again = readEveryday(plain, testbeds);
  return again === plain ? command : again;
}

/** What a pattern read around a testbed's name found (its first group that matched, trimmed), in text short enough to read so. */
function wordsAround(pattern: RegExp, command: string): string | undefined {
  return command.length > AROUND_NAME_MAX ? undefined : pattern.exec(command)?.slice(1).find((group) => group !== undefined)?.trim();
}

/** `box`, `rigs`: what people call a testbed, standing alone (never part of a name such as `box-3`). */
const TESTBED_WORDS = /(?<=^|\s)(box|boxes|rig|rigs)(?=$|[\s?!.,])/gi;

/** `need a 5g box`, `any free rigs`: said with `testbed`, unless the lab has a testbed or label called so. */
function withTestbedWords(command: string, testbeds: readonly Pick<TestbedRecord, 'testbed_name' | 'labels'>[]): string {
  if (!/\b(?:box|rig)/i.test(command)) return command;
  return command.replace(TESTBED_WORDS, (word) => (isLabName(testbeds, word) ? word : /s$/i.test(word) ? 'testbeds' : 'testbed'));
}

function readEveryday(command: string, testbeds: readonly Pick<TestbedRecord, 'testbed_name' | 'labels'>[]): string {
  if (FREE_NOW.test(command)) return command;
  // `who's free`, `who is free now`: what is free (a lab bot is asked about testbeds).
  if (/^who(?:['’]?s|\s+is)\s+(?:free|available)(?:\s+(?:now|right\s+now|today))?$/i.test(command)) return "what's free";
  if (DUE_TODAY.test(command)) return 'status due today';
  if (NEVER_MIND.test(command)) return 'cancel';
  if (HELP_WORDS.test(command) || WHAT_ARE_YOU.test(command)) return 'help';
  if (RULES_ASKED.test(command)) return 'rules';
  // `ETA 30 min`, `10 min to wrap up`: done by then (`ETA lab-3` asks for its status).
  const eta = ETA_SAID.exec(command)?.[1].trim();
  if (eta !== undefined && !namesOne(testbeds, eta) && isTypedTime(`for ${eta}`)) return `releasing in ${eta}`;
  if (eta !== undefined && !namesOne(testbeds, eta) && isTypedTime(`until ${eta}`)) return `releasing at ${eta}`;
  const wrapUp = WRAP_UP_IN.exec(command)?.[1].trim();
  if (wrapUp !== undefined && isTypedTime(`for ${wrapUp}`)) return `releasing in ${wrapUp}`;
  // `how long can I book lab-3 for`: the rules, when the words name a testbed or label of the lab (any other word is a person's).
  const longFor = command.length > AROUND_NAME_MAX ? undefined : HOW_LONG_FOR.exec(command)?.[1].trim();
  if (longFor !== undefined && isLabName(testbeds, longFor)) return 'rules';
  if (TIME_ZONE_SET.test(command)) return 'set my time zone';
  // `use IST`, `switch to PST`, `I'm in Berlin`: their own clock, chosen where it is set.
  const zoneSaid = ZONE_CHOSEN.exec(command)?.[1].trim();
  if (zoneSaid !== undefined && !namesOne(testbeds, zoneSaid) && (readTypedZone(zoneSaid) ?? readTypedZone(`${zoneSaid} time`)) !== null) return 'set my time zone';
  const clockIn = TIME_IN.exec(command)?.[1];
  if (clockIn !== undefined) return `time zone in ${clockIn}`;
  // `who booked lab-3 and why`: the row says why too.
  const andWhy = AND_WHY.exec(command)?.[1];
  if (andWhy !== undefined && andWhy !== command) return readEveryday(andWhy, testbeds);
  const whoever = command.length > AROUND_NAME_MAX ? undefined : WHOEVER_HOLDS.exec(command)?.[1].trim();
  if (whoever !== undefined && namesOne(testbeds, whoever)) return `ask about ${whoever}`;
  const askWhoever = command.length > AROUND_NAME_MAX ? undefined : ASK_WHOEVER.exec(command)?.[1].trim();
  if (askWhoever !== undefined && namesOne(testbeds, askWhoever)) return `ask about ${askWhoever}`;
  const toRelease = wordsAround(HOLDER_ASKED_TO_RELEASE, command);
  if (toRelease !== undefined && namesOne(testbeds, toRelease)) return `ask about ${toRelease}`;
  const forUse = LABEL_FOR_USE.exec(command)?.slice(1).find((group) => group !== undefined);
  if (forUse !== undefined && labelCarried(testbeds, forUse) && !namesOne(testbeds, forUse)) return `status ${forUse}`;
  const handedBack = HANDED_BACK.exec(command)?.[1].trim();
  if (handedBack !== undefined && namesOne(testbeds, handedBack)) return `release ${handedBack}`;
  const myOne = MY_NAMED_BOOKING.exec(command)?.[1].trim();
  if (myOne !== undefined && namesOne(testbeds, myOne)) return `extend ${myOne}`;
  const moved = BOOKING_MOVED_TO.exec(command);
  // (To another testbed, it is the switch: `move my booking on lab-1 to lab-5`.)
  if (moved !== null && namesOne(testbeds, moved[1].trim())) return `${isLabName(testbeds, moved[2].trim()) ? 'switch' : 'give'} ${moved[1].trim()} to ${moved[2].trim()}`;
  const finishedWith = FINISH_SAID.exec(command)?.slice(1).find((group) => group !== undefined)?.trim();
  if (finishedWith !== undefined && namesOne(testbeds, finishedWith)) return `release ${finishedWith}`;
  const shortRelease = wordsAround(RELEASE_SAID_SHORT, command);
  if (shortRelease !== undefined && namesOne(testbeds, shortRelease)) return `release ${shortRelease}`;
  const extensionOf = wordsAround(EXTENSION_NAMED, command);
  if (extensionOf !== undefined && namesOne(testbeds, extensionOf)) return `extend ${extensionOf}`;
  const notYet = wordsAround(NOT_RELEASED_YET, command);
  if (notYet !== undefined && namesOne(testbeds, notYet)) return `extend ${notYet}`;
  const inLine = wordsAround(IN_LINE_FOR, command);
  if (inLine !== undefined && namesWaited(testbeds, inLine)) return `wait ${inLine}`;
  const timeThen = TIME_THEN_RELEASE.exec(command);
  const timeThenName = timeThen?.[2]?.trim();
  if (timeThen !== null && (timeThenName === undefined || namesOne(testbeds, timeThenName))) return ['release', timeThenName, timeThen[1]].filter((part) => part !== undefined).join(' ');
  const withLabel = WITH_LABEL_ASKED.exec(command)?.[1];
  if (withLabel !== undefined && labelCarried(testbeds, withLabel) && !namesOne(testbeds, withLabel)) return `status ${withLabel}`;
  const usedOf = wordsAround(USE_OF, command);
  if (usedOf !== undefined && namesOne(testbeds, usedOf)) return `history ${usedOf}`;
  const reportAfter = REPORT_SAID_AFTER.exec(command);
  if (reportAfter !== null && reportAfter[1] === undefined && /\s/.test(command)) return 'report';
  if (reportAfter?.[1] !== undefined && namesOne(testbeds, reportAfter[1])) return `history ${reportAfter[1]}`;
  if (reportAfter?.[1] !== undefined && labelCarried(testbeds, reportAfter[1])) return `report ${reportAfter[1]}`;
  const pipelineOn = wordsAround(PIPELINE_ON, command);
  if (pipelineOn !== undefined && namesOne(testbeds, pipelineOn)) return `who has ${pipelineOn}`;
  const holdEnded = wordsAround(HOLD_ENDED, command);
  if (holdEnded !== undefined && namesOne(testbeds, holdEnded)) return `release ${holdEnded}`;
  const heldSince = wordsAround(HELD_SINCE, command);
  if (heldSince !== undefined && namesOne(testbeds, heldSince)) return `who has ${heldSince}`;
  const moreOn = MORE_TIME_ON.exec(command)?.slice(1).find((group) => group !== undefined)?.trim();
  if (moreOn !== undefined && namesOne(testbeds, moreOn)) return `extend ${moreOn}`;
  const addedTo = ADDED_TO.exec(command);
  const addedName = (addedTo?.[1] ?? addedTo?.[4] ?? addedTo?.[6] ?? addedTo?.[7])?.trim();
  const addedLength = addedTo?.[2] ?? addedTo?.[3] ?? addedTo?.[5] ?? addedTo?.[8];
  if (addedName !== undefined && addedLength !== undefined && namesOne(testbeds, addedName)) return `extend ${addedName} by ${addedLength}`;
  const stateAsked = STATE_OR_NOT.exec(command)?.slice(1).find((group) => group !== undefined)?.trim();
  if (stateAsked !== undefined && namesOne(testbeds, stateAsked)) return `who has ${stateAsked}`;
  const outOf = OUT_OF_SERVICE_ASKED.exec(command)?.slice(1).find((group) => group !== undefined)?.trim();
  if (outOf !== undefined && namesOne(testbeds, outOf)) return `who has ${outOf}`;
  const compared = COMPARED.exec(command)?.[1].trim();
  if (compared !== undefined && testbedsNamed(testbeds, eitherWords(compared)) !== undefined) return `who has ${eitherWords(compared)}`;
  const anyFor = ANY_LABEL_FOR.exec(command);
  if (anyFor !== null && labelCarried(testbeds, anyFor[1]) && !namesOne(testbeds, anyFor[1]) && isTypedTime(anyFor[2])) return `book ${anyFor[1]} ${anyFor[2]}`;
  const labelSoon = LABEL_WANTED_SOON.exec(command);
  const soonLabel = labelSoon?.slice(1).find((group) => group !== undefined);
  if (soonLabel !== undefined && labelCarried(testbeds, soonLabel) && !namesOne(testbeds, soonLabel)) return `status ${soonLabel}`;
  const purposeAsked = command.length > AROUND_NAME_MAX ? null : PURPOSE_ASKED_OF.exec(command);
  if (purposeAsked && namesOne(testbeds, purposeAsked[2].trim())) return `who has ${purposeAsked[2].trim()}`;
  if (TIME_ZONE_ASKED.test(command)) return 'time zone';
  const topic = HELP_TOPIC.exec(command)?.[1];
  if (topic !== undefined) return helpOn(topic, testbeds);
  if (DIGEST_RULES.test(command)) return 'rules';
  if (DIGEST_ASKED.test(command)) return 'digest';
  if (FEEDBACK_WORDS.test(command)) return 'feedback';
  if (BROADCAST_WORDS.test(command) || TELL_EVERYONE.test(command)) return 'broadcast';
  if (IN_QUEUE_ASKED.test(command)) return 'my queues';
  if (LAB_BUSY.test(command)) return 'status';
  if (GIVE_ALL_BACK.test(command)) return 'release all';
  if (LEAVING.test(command)) return 'mine';
  const listedLabel = LABEL_LISTED.exec(command)?.slice(1).find((group) => group !== undefined);
  if (listedLabel !== undefined && readLabel(listedLabel) !== null && labelCarried(testbeds, listedLabel) && !namesOne(testbeds, listedLabel)) return `status ${listedLabel}`;
  const hasLabelAsked = command.length > AROUND_NAME_MAX ? null : HAS_LABEL_ASKED.exec(command);
  const labelledName = (hasLabelAsked?.[1] ?? hasLabelAsked?.[3])?.trim();
  const askedLabel = hasLabelAsked?.[2] ?? hasLabelAsked?.[4];
  if (labelledName !== undefined && askedLabel !== undefined && namesOne(testbeds, labelledName) && labelCarried(testbeds, askedLabel)) return `who has ${labelledName}`;
  const firstInLine = wordsAround(FIRST_IN_LINE, command);
  if (firstInLine !== undefined && namesOne(testbeds, firstInLine)) return `who has ${firstInLine}`;
  if (LONG_QUEUE.test(command)) return 'status';
  const releaseLater = command.length > AROUND_NAME_MAX ? null : RELEASE_LATER.exec(command);
  const releasedLater = (releaseLater?.[1] ?? releaseLater?.[2] ?? releaseLater?.[3])?.trim();
  if (releaseLater && releasedLater !== undefined && namesOne(testbeds, releasedLater)) return `release ${releasedLater} ${releaseLater[4]}`;
  if (MINE_ASKED.test(command) || NOT_HELD_SAID.test(command)) return 'mine';
  if (NOT_USED_ASKED.test(command)) return "what's free";
  const whenItIs = WHEN_IT_IS.exec(command)?.[1].trim();
  if (whenItIs !== undefined && namesOne(testbeds, whenItIs)) return `who has ${whenItIs}`;
  const idleOrWanted = IDLE_OR_WANTED.exec(command)?.slice(1).find((group) => group !== undefined)?.trim();
  if (idleOrWanted !== undefined && namesOne(testbeds, idleOrWanted)) return `who has ${idleOrWanted}`;
  if (EVERYONE_WHERE.test(command)) return 'status';
  const labelQueue = LABEL_QUEUE.exec(command)?.slice(1).find((group) => group !== undefined);
  if (labelQueue !== undefined && readLabel(labelQueue) !== null && labelCarried(testbeds, labelQueue) && !namesOne(testbeds, labelQueue)) return `status ${labelQueue}`;
  if (ANNOUNCEMENT_ASKED.test(command)) return 'broadcast';
  const unbooked = command.length > AROUND_NAME_MAX ? undefined : UNBOOKED_USE.exec(command)?.[1].trim();
  if (unbooked !== undefined && namesOne(testbeds, unbooked)) return `who has ${unbooked}`;
  const whyHeld = command.length > AROUND_NAME_MAX ? undefined : WHY_HELD.exec(command)?.[1].trim();
  if (whyHeld !== undefined && namesOne(testbeds, whyHeld)) return `who has ${whyHeld}`;
  const theirsOn = command.length > AROUND_NAME_MAX ? undefined : RELEASE_THEIRS_ON.exec(command)?.[1].trim();
  if (theirsOn !== undefined && namesOne(testbeds, theirsOn)) return `release ${theirsOn}`;
  if (PIPELINE_HOLDS.test(command)) return 'status in use';
  const scheduleOf = wordsAround(SCHEDULE_OF, command);
  if (scheduleOf !== undefined && namesOne(testbeds, scheduleOf)) return `who has ${scheduleOf}`;
  if (CALENDAR.test(command)) return 'status';
  if (USAGE_ASKED.test(command)) return 'report';
  if (MY_PAST.test(command)) return 'my history';
  const adminSaid = adminWords(command, testbeds);
  if (adminSaid !== undefined) return adminSaid;
  const queueOrder = QUEUE_ORDER.exec(command);
  const priorityFor = queueOrder?.[1] ?? queueOrder?.[2];
  if (queueOrder && (priorityFor === undefined || isLabName(testbeds, priorityFor))) return 'rules';
  const idle = wordsAround(HELD_IDLE, command);
  if (idle !== undefined && namesOne(testbeds, idle)) return `who has ${idle}`;
  const takenOver = wordsAround(TAKE_OVER, command);
  if (takenOver !== undefined && namesOne(testbeds, takenOver)) return `book ${takenOver}`;
  // `take over lab-3 from 2pm`: a later start, which the booking names.
  const overFrom = command.length > AROUND_NAME_MAX ? null : /^(?:(?:can|could|may)\s+i\s+)?(?:steal|take\s+over|borrow)\s+(\S[\s\S]{0,80}?)\s+from\s+(\S[\s\S]{0,40})$/i.exec(command);
  if (overFrom && namesOne(testbeds, overFrom[1]) && isTypedTime(`until ${overFrom[2]}`)) return `book ${overFrom[1]} from ${overFrom[2]}`;
  const askedMe = command.length > AROUND_NAME_MAX ? null : ASKED_ME_TO.exec(command);
  if (askedMe !== null && namesOne(testbeds, askedMe[3].trim())) {
    const verb = /^(?:take|book|use|grab)$/i.test(askedMe[2]) ? 'book' : /^extend$/i.test(askedMe[2]) ? 'extend' : 'release';
    return `${verb} ${askedMe[3].trim()}`;
  }
  const holderOf = command.length > AROUND_NAME_MAX ? undefined : HOLDER_OF_NAMED.exec(command)?.[1].trim();
  if (holderOf !== undefined && namesOne(testbeds, holderOf)) return `ask about ${holderOf}`;
  const givenBy = command.length > AROUND_NAME_MAX ? undefined : GIVEN_BY.exec(command);
  const givenName = givenBy?.[2] ?? givenBy?.[4] ?? givenBy?.[5];
  if (givenName !== undefined && namesOne(testbeds, givenName.trim())) return `book ${givenName.trim()}`;
  const away = command.length > AROUND_NAME_MAX ? undefined : (HELD_AWAY.exec(command)?.slice(2).find((group) => group !== undefined) ?? HELD_LONG.exec(command)?.[2])?.trim();
  if (away !== undefined && namesOne(testbeds, away)) return `who has ${away}`;
  const freeWhen = FREE_WHEN.exec(command)?.[1];
  // (`in an hour` is a length from now; `after lunch`, `on friday`, `tomorrow` a time.)
  const whenSaid = freeWhen === undefined ? [] : [freeWhen.replace(/^in\s+/i, 'for ').replace(/^(?:at|by|till|before|on)\s+/i, 'until ').replace(/^(?!for\s|until\s)/i, 'until '), freeWhen.replace(/^after\s+/i, 'until ')];
  if (whenSaid.some((words) => isTypedTime(words))) return "what's free";
  const heldAsked = wordsAround(HELD_ASKED, command);
  if (heldAsked !== undefined && namesOne(testbeds, heldAsked)) return `who has ${heldAsked}`;
  const accessOf = wordsAround(ACCESS_ASKED, command);
  if (accessOf !== undefined && namesOne(testbeds, accessOf)) return `who has ${accessOf}`;
  // `release jenkins hold`, `release the pipeline's hold`: the release form, whose picker has every testbed in use (holders named).
  if (/^release\s+(?:the\s+)?(?:jenkins|pipeline|ci|api|nightly)(?:['’]s)?\s+holds?$/i.test(command)) return 'release';
  const myNamed = RELEASE_MY_NAMED.exec(command)?.slice(1).find((group) => group !== undefined)?.trim();
  if (myNamed !== undefined && namesOne(testbeds, myNamed)) return `release ${myNamed}`;
  const theirsNamed = RELEASE_THEIRS_NAMED.exec(command)?.[1].trim();
  if (theirsNamed !== undefined && namesOne(testbeds, theirsNamed)) return `release ${theirsNamed}`;
  const toAdmins = TELL_ADMINS_PROBLEM.exec(command)?.[1];
  if (toAdmins !== undefined) return toAdmins;
  const waitCancelled = wordsAround(WAIT_CANCELLED, command);
  if (waitCancelled !== undefined && namesWaited(testbeds, waitCancelled)) return `unwait ${waitCancelled}`;
  const checked = wordsAround(CHECK_IF, command);
  if (checked !== undefined && namesOne(testbeds, checked)) return `who has ${checked}`;
  const leavingThen = LEAVING_THEN.exec(command);
  if (leavingThen && (LEAVING.test(leavingThen[1]) || FAREWELL.test(leavingThen[1]))) return everydayCommand(leavingThen[2], testbeds);
  const awayThen = AWAY_THEN_KEEP.exec(command);
  if (awayThen && (AWAY.test(awayThen[1]) || LEAVING.test(awayThen[1]))) return everydayCommand(awayThen[2], testbeds);
  const takeBack = TAKE_BACK.exec(command)?.slice(1).find((group) => group !== undefined)?.trim();
  if (takeBack !== undefined && namesOne(testbeds, takeBack)) return `release ${takeBack}`;
  const extension = EXTENSION_ASKED.exec(command);
  if (extension && (extension[1] === undefined || MY_BOOKING.test(extension[1]))) return 'extend';
  if (extension?.[1] !== undefined && namesOne(testbeds, extension[1])) return `extend ${extension[1]}`;
  if (WHICH_TO_USE.test(command)) return "what's free";
  if (PICK_FOR_ME.test(command)) return 'book';
  const verbAfter = nameThenVerb(command, testbeds);
  if (verbAfter !== undefined) return verbAfter;
  const handIt = WANTED_HAND_IT.exec(command);
  if (handIt && namesOne(testbeds, handIt[2].trim())) return `give ${handIt[2].trim()} to ${handIt[1]}`;
  // `pass lab-3 on`: to whoever waits next, as its release gives it.
  const passedOn = /^pass\s+(\S[\s\S]{0,80}?)\s+on$/i.exec(command)?.[1].trim();
  if (passedOn !== undefined && namesOne(testbeds, passedOn)) return `release ${passedOn}`;
  const passed = PASSED_TO.exec(command);
  const passedName = passed?.[1].trim();
  // (`give it to the next person` answers an offer: no thanks, so a testbed must be named here.)
  if (passed && passedName !== undefined && namesOne(testbeds, passedName)) {
    if (NEXT_PERSON.test(passed[2].trim())) return `release ${passedName}`;
    if (/^release\s/i.test(command)) return `give ${passedName} to ${passed[2].trim()}`;
  }
  if (DONE_RELEASE_ALL.test(command)) return 'release all';
  // `free it`, `free it up`: as `release it`.
  if (/^free\s+(?:it|this|that)(?:\s+up)?$/i.test(command)) return 'release it';
  if (WRAPPING_UP.test(command)) return 'mine';
  const mineUntil = MINE_UNTIL.exec(command);
  const mineName = (mineUntil?.[1] ?? mineUntil?.[2])?.trim();
  if (mineUntil && mineName !== undefined && namesOne(testbeds, mineName)) return `release ${mineName} at ${mineUntil[3].trim()}`;
  const mineFor = MINE_FOR.exec(command);
  if (mineFor && namesOne(testbeds, mineFor[1].trim())) return `book ${mineFor[1].trim()} ${mineFor[2]}`;
  const using = USING_NOW.exec(command);
  if (using && namesOne(testbeds, using[1].trim())) return `book ${using[1].trim()}`;
  const quick = QUICK_ON.exec(command);
  const quickName = (quick?.[1] ?? quick?.[4])?.trim();
  const quickFor = quick?.[2] ?? quick?.[3];
  if (quickName !== undefined && namesOne(testbeds, quickName)) return quickFor === undefined ? `book ${quickName}` : `book ${quickName} for ${quickFor}`;
  const askPerson = ASK_PERSON.exec(command);
  const askedOf = (askPerson?.[2] ?? askPerson?.[4] ?? askPerson?.[5])?.trim();
  const askedWho = (askPerson?.[1] ?? askPerson?.[3] ?? askPerson?.[6])?.trim();
  // (`can I force release lab-3` names nobody to ask: `I` is never the colleague.)
  // (Nor is the bot, an admin, or a word said before asking: `bot, can you release lab-3`, `sorry can you release lab-3`.)
  const nobodyAsked = /^(?:i|you|we|me|(?:the\s+)?bot|sorry|admins?|please|pls|hey|hi|hello|ok(?:ay)?|so|um|well|also|and|then|oops|yes|yeah|yep|no|nope|now|just|right|alright|sure|fine|actually|ah|oh|thanks|thx|testbed(?:\s+(?:bot|monitor))?)(?:[\s,]|$)/i;
  if (askedOf !== undefined && askedWho !== undefined && !nobodyAsked.test(askedWho) && namesOne(testbeds, askedOf)) return `ask ${askedWho} to release ${askedOf}`;
  const afterAll = NOT_NEEDED_AFTER_ALL.exec(command)?.[1].trim();
  if (afterAll !== undefined && namesOne(testbeds, afterAll)) return `pass on ${afterAll}`;
  // `find me a free 5g`, `get me any 5g`: one of them booked.
  const foundLabel = FIND_ME_LABEL.exec(command)?.[1];
  if (foundLabel !== undefined && labelCarried(testbeds, foundLabel) && !namesOne(testbeds, foundLabel)) return `book ${foundLabel}`;
  // `a 5g please`, `one 5g`: one testbed carrying the label, asked for (a label alone, `5g`, is its status).
  const oneOf = ONE_OF_LABEL.exec(command)?.[1];
  if (oneOf !== undefined && labelCarried(testbeds, oneOf) && !namesOne(testbeds, oneOf)) return `book ${oneOf}`;
  const hasLabel = HAVE_LABEL.exec(command)?.[1];
  if (hasLabel !== undefined && labelCarried(testbeds, hasLabel)) return `status ${hasLabel}`;
  if (MAINTENANCE_LISTED.test(command)) return 'status maintenance';
  const takenDown = TAKEN_DOWN.exec(command);
  if (takenDown && namesOne(testbeds, takenDown[1].trim())) return `take ${takenDown[1].trim()} offline${takenDown[2]}`;
  const finished = MAINTENANCE_FINISHED.exec(command)?.slice(1).find((group) => group !== undefined)?.trim();
  if (finished !== undefined && namesOne(testbeds, finished)) return `end maintenance ${finished}`;
  const maintainedBy = WHO_MAINTAINED.exec(command)?.slice(1).find((group) => group !== undefined)?.trim();
  if (maintainedBy !== undefined && namesOne(testbeds, maintainedBy)) return `history ${maintainedBy}`;
  const maintenanceOf = (MAINTENANCE_ASKED.exec(command) ?? TIME_LEFT_ON.exec(command))?.slice(1).find((group) => group !== undefined)?.trim();
  if (maintenanceOf !== undefined && namesOne(testbeds, maintenanceOf)) return `who has ${maintenanceOf}`;
  const howManyOf = HOW_MANY_OF_LABEL.exec(command)?.[1];
  if (howManyOf !== undefined && labelCarried(testbeds, howManyOf)) return `status ${howManyOf}`;
  // `I'll wait for lab-3`, `I can wait`: the queue of the testbed named, or the status card whose picker chooses one.
  const willWait = WILL_WAIT.exec(command);
  if (willWait && willWait[1] === undefined) return 'wait';
  if (willWait && namesWaited(testbeds, willWait[1].trim())) return `wait ${willWait[1].trim()}`;
  if (NEED_ONE_NOW.test(command) || ANY_ONE_WILL_DO.test(command)) return 'book';
  if (WAITLIST_ME.test(command)) return 'wait';
  if (ANYONE_RELEASE.test(command)) return 'free';
  const whyNot = WHY_NOT.exec(command)?.slice(1).find((group) => group !== undefined)?.trim();
  // `I can't book`, `I couldn't book anything`: the booking form, which says what is free.
  if (/^i\s+(?:can['’]?t|cannot|can\s+not|couldn['’]?t|could\s+not)\s+(?:book|register|reserve)(?:\s+(?:anything|a\s+testbed|one))?$/i.test(command)) return 'book';
  if (whyNot !== undefined && namesOne(testbeds, whyNot)) return `who has ${whyNot}`;
  // `why can't I extend`: their bookings, where Extend says what stands in its way.
  if (/^why\s+(?:can['’]?t|cannot|can\s+not|couldn['’]?t|could\s+not)\s+i\s+extend(?:\s+(?:it|this|that|my\s+booking))?$/i.test(command)) return 'mine';
  const notifyMe = NOTIFY_ME.exec(command);
  if (notifyMe) return notifyMe[1] === undefined ? 'wait' : 'wait any';
  if (BUSIEST.test(command) || /^(?:give|get|send)\s+(?:me|us)\s+(?:a|the)\s+(?:usage\s+)?report$/i.test(command)) return 'report';
  // `export the report`, `csv report`: the report is the card (and its text), which is what there is to take away.
  if (/^(?:(?:export|download)\s+(?:the\s+)?(?:usage\s+)?report|(?:csv|excel)\s+report|report\s+(?:as|in)\s+(?:csv|excel)|export(?:\s+(?:the\s+)?(?:data|usage|stats))?(?:\s+(?:as\s+|to\s+)?(?:csv|excel))?)$/i.test(command)) return 'report';
  // `who can fix lab-3`, `who should I tell about lab-3`: the admins, who can.
  const fixedBy = WHO_FIXES.exec(command)?.[1]?.trim();
  if (fixedBy !== undefined && (IT.test(fixedBy) || namesOne(testbeds, fixedBy))) return 'who are the admins';
  // `usage by person`, `stats per testbed`: the report, which has both.
  if (/^(?:usage|stats|statistics|utili[sz]ation)\s+(?:by|per)\s+(?:person|people|users?|holders?|team|testbeds?)$/i.test(command)) return 'report';
  const reportOf = REPORT_OF_LABEL.exec(command);
  if (reportOf && labelCarried(testbeds, reportOf[1])) return reportOf[2]?.toLowerCase() === 'month' ? `report ${reportOf[1]} 30` : `report ${reportOf[1]}`;
  const either = HISTORY_OR_REPORT.exec(command);
  if (either?.[1] !== undefined && labelCarried(testbeds, either[1]) && !namesOne(testbeds, either[1])) return `report ${either[1]}`;
  if (either?.[2] !== undefined && !labelCarried(testbeds, either[2].trim()) && namesOne(testbeds, either[2].trim())) return `history ${either[2].trim()}`;
  const before = WHO_BEFORE.exec(command)?.slice(1).find((group) => group !== undefined)?.trim();
  if (before !== undefined && namesOne(testbeds, before)) return `history ${before}`;
  const lastOf = LAST_OF.exec(command)?.slice(1).find((group) => group !== undefined)?.trim();
  if (lastOf !== undefined && namesOne(testbeds, lastOf)) return `history ${lastOf}`;
  // `book lab-3 when it's free`: a place in its queue (before `book` and `I want`, which would book it now).
  const wanted = command.length > MORE_TIME_MAX ? null : WHEN_FREE_WANTED.exec(command);
  const wantedName = (wanted?.[1] ?? wanted?.[2] ?? wanted?.[3])?.trim();
  if (wantedName !== undefined && namesWaited(testbeds, wantedName)) return `wait ${wantedName}`;
  const nextFor = command.length > AROUND_NAME_MAX ? null : NEXT_FOR.exec(command);
  const nextName = nextFor?.slice(1).find((group) => group !== undefined)?.trim();
  if (nextName !== undefined && namesWaited(testbeds, nextName)) return `wait ${nextName}`;
  const doneThen = command.length > AROUND_NAME_MAX ? undefined : WHEN_DONE_THEN_MINE.exec(command)?.[2].trim();
  if (doneThen !== undefined && namesWaited(testbeds, doneThen)) return `wait ${doneThen}`;
  // `5g anyone?`, `any 5g left?`, `all 5g busy?`: the label's testbeds, each with its state.
  const labelShort = LABEL_SHORT.exec(command)?.[1];
  if (labelShort !== undefined && labelCarried(testbeds, labelShort) && !namesOne(testbeds, labelShort)) return `status ${labelShort}`;
  // `free testbeds with 5g`, `5g testbeds that are free`: the label's testbeds, each with its state, as `free 5g` reads.
  const freeWithLabel = FREE_WITH_LABEL.exec(command)?.slice(1).find((group) => group !== undefined);
  if (freeWithLabel !== undefined && labelCarried(testbeds, freeWithLabel) && !namesOne(testbeds, freeWithLabel)) return `status ${freeWithLabel}`;
  // `status free 5g`: the label's testbeds, each with its state (as `free 5g` and `status 5g free` read).
  const stateThenLabel = /^status\s+(?:free|available|busy|taken|in\s+use)\s+(\S+)$/i.exec(command)?.[1];
  if (stateThenLabel !== undefined && readLabel(stateThenLabel) !== null && labelCarried(testbeds, stateThenLabel)) return `status ${stateThenLabel}`;
  // `what's the status of my project` is nobody's testbed: left as typed (a hint).
  const statusOf = STATUS_OF.exec(command);
  const statusOfWhat = statusOf?.[1]?.trim();
  if (statusOf && statusOfWhat === undefined) return 'status';
  if (statusOfWhat !== undefined && (isLabName(testbeds, statusOfWhat) || STATE_ASKED.test(statusOfWhat))) return `status ${statusOfWhat}`;
  // `the status of lab-3 and lab-5`, `the status of all testbeds`, `the status of my bookings`.
  if (statusOfWhat !== undefined && testbedsNamed(testbeds, statusOfWhat) !== undefined) return `who has ${statusOfWhat}`;
  if (statusOfWhat !== undefined && WHOLE_LAB.test(`status of ${statusOfWhat}`)) return 'status';
  if (statusOfWhat !== undefined && MINE_SAID.test(`status of ${statusOfWhat}`)) return 'mine';
  const whoHasKind = WHO_HAS_KIND.exec(command)?.[1];
  if (whoHasKind !== undefined && readLabel(whoHasKind) !== null && labelCarried(testbeds, whoHasKind)) return `status ${whoHasKind}`;
  // `someone else can have lab-3`: it is not needed any more.
  const anyoneHave = /^(?:any(?:one|body)|some(?:one|body))\s+(?:else\s+)?can\s+(?:have|take)\s+(\S[\s\S]*?)(?:\s+now)?$/i.exec(command)?.[1];
  if (anyoneHave !== undefined && (IT.test(anyoneHave) || namesOne(testbeds, anyoneHave))) return `release ${anyoneHave}`;
  const owner = OWNER_CHANGED.exec(command);
  const ownedName = (owner?.[1] ?? owner?.[4] ?? owner?.[5] ?? owner?.[7])?.trim();
  const ownerWho = (owner?.[2] ?? owner?.[3] ?? owner?.[6] ?? owner?.[8])?.trim();
  if (ownedName !== undefined && ownerWho !== undefined && namesOne(testbeds, ownedName)) return `give ${ownedName} to ${ownerWho}`;
  const nextOf = WAIT_NEXT_OF.exec(command)?.[1];
  if (nextOf !== undefined && readLabel(nextOf) !== null && labelCarried(testbeds, nextOf)) return `wait any ${nextOf}`;
  const someone = SOMEONE_FREE.exec(command)?.[1].trim();
  if (someone !== undefined && namesOne(testbeds, someone)) return `who has ${someone}`;
  const chosen = NAME_FOR_ME.exec(command);
  const forMe = (chosen?.[1] ?? chosen?.[2])?.trim();
  if (forMe !== undefined && namesLabOrAny(testbeds, forMe)) return `book ${forMe}`;
  const letHave = LET_HAVE.exec(command);
  const haveWho = (letHave?.[1] ?? letHave?.[2] ?? letHave?.[3])?.trim();
  // (Whoever is named is a colleague: never a testbed or label of the lab, nor `it`.)
  const colleague = haveWho !== undefined && !IT.test(haveWho) && !isLabName(testbeds, haveWho);
  if (letHave && haveWho !== undefined && colleague && namesOne(testbeds, letHave[4].trim())) return `give ${letHave[4].trim()} to ${haveWho}`;
  const book = BOOK_WORDS.exec(command);
  if (book) return `book${book[1]}`;
  const notNeeded = NOT_NEEDED.exec(command);
  const given = notNeeded?.slice(1).find((group) => group !== undefined)?.trim();
  // `it` (whatever is offered) is read by `pass` itself.
  if (given !== undefined && (IT.test(given) || namesOne(testbeds, given))) return `pass ${given}`;
  // `I don't need a 5g anymore`: no longer waiting for one of them.
  const labelNeeded = given?.replace(/^(?:an?|any)\s+/i, '');
  if (labelNeeded !== undefined && readLabel(labelNeeded) !== null && labelCarried(testbeds, labelNeeded)) return `unwait ${labelNeeded}`;
  // `extend my lab-3 booking by an hour`, `extend booking lab-3 1h`: the testbed's name where the command takes it.
  const bookingOf = command.length > AROUND_NAME_MAX ? null : EXTEND_BOOKING_OF.exec(command);
  if (bookingOf?.[1] !== undefined && namesOne(testbeds, bookingOf[1])) return `extend ${bookingOf[1]}${bookingOf[2] ?? ''}`;
  if (bookingOf?.[3] !== undefined && readTypedExtend(bookingOf[3], testbeds).testbed !== undefined) return `extend ${bookingOf[3]}`;
  // `I still need lab-3, another 2 hours`: extend (before `I need lab-3`, which books).
  const stillNeed = STILL_NEED.exec(command);
  // (A comma before a reason keeps it: `extend lab-3 by 2 hours, the soak is still running` extends by 2 hours.)
  const asTyped = stillNeed?.[1];
  const withReason = asTyped !== undefined && asTyped.includes(',') && asTyped.length <= MORE_TIME_MAX ? readTypedExtend(asTyped, testbeds) : undefined;
  // (`still need it, give me 2 more hours`: the booking talked about, then the time.)
  if (withReason !== undefined && (withReason.testbed !== undefined || /^(?:it|this|that)\s*,/i.test(asTyped ?? '')) && isMoreTime(withReason)) return `extend ${asTyped}`;
  const extended = asTyped?.replace(/\s*,\s*/g, ' ');
  if (extended !== undefined && readTypedExtend(extended, testbeds).testbed !== undefined) return `extend ${extended}`;
  // `keep until tomorrow`, `still need 2 more hours`: their booking, that much longer.
  if (extended !== undefined && extended.length <= MORE_TIME_MAX && isMoreTime(readTypedExtend(extended, testbeds))) return `extend ${extended}`;
  if (STILL_MINE.test(command)) return 'extend';
  if (RELEASE_IT_SAID.test(command)) return 'release it';
  if (NOT_NEEDED_SAID.test(command)) return 'pass it';
  // `snooze 30`, `remind me in 30`: minutes; `remind me tomorrow`: until then.
  // (`remind me at 4`, `set a reminder for 4pm`: until then.)
  // (`remind me tomorrow about lab-1`: its booking kept until then.)
  const remindLater = REMIND_LATER.exec(command);
  const remindOf = remindLater?.[2]?.trim();
  if (remindLater !== null && remindOf !== undefined) return namesOne(testbeds, remindOf) ? `extend ${remindOf} ${remindLater[1].replace(/^at\s+/i, 'until ')}` : command;
  const remindAt = remindLater?.[1].replace(/^at\s+/i, 'until ') ?? SET_REMINDER.exec(command)?.[1].replace(/^(?:at|for)\s+/i, 'until ');
  const snoozed = command.length > MORE_TIME_MAX ? undefined : (SNOOZE.exec(command)?.[1].replace(/^for\s+/i, '').replace(/^(\d{1,3})$/, '$1 min') ?? remindAt);
  const snooze = snoozed === undefined ? undefined : readTypedExtend(snoozed, testbeds);
  if (snooze !== undefined && (snooze.testbed !== undefined || isMoreTime(snooze))) return `extend ${snoozed}`;
  // `keep it another hour` with no testbed talked about: their bookings, with that much more.
  // `I need it until friday`, `need it 2 more hours` (an answer to a reminder): the same.
  const kept = /^(?:it|this|that)\s+(\S[\s\S]*)$/i.exec(extended ?? '')?.[1] ?? NEED_IT.exec(command)?.[1] ?? HOLD_IT.exec(command)?.slice(1).find((group) => group !== undefined);
  if (kept !== undefined && isMoreTime(readTypedExtend(kept, testbeds))) return `extend ${kept}`;
  // `+1h`, `+30 min`: that much more.
  const plus = /^\+\s*(\d[\s\S]{0,40})$/.exec(command)?.[1];
  if (plus !== undefined && readTypedExtension(plus) !== null) return `extend ${plus}`;
  // `wrapping up lab-3`, `almost done with lab-3`: their bookings, lab-3 chosen (its Release and Extend a press away).
  const wrapping = command.length > AROUND_NAME_MAX ? undefined : WRAPPING_UP_ON.exec(command)?.[1].trim();
  if (wrapping !== undefined && namesOne(testbeds, wrapping)) return `extend ${wrapping}`;
  const more = moreTime(command, testbeds) ?? pushedBack(command, testbeds) ?? addedTime(command, testbeds) ?? runningLate(command, testbeds) ?? keptOn(command, testbeds);
  if (more !== undefined) return more;
  // `need till 6`, `give me till 5`: the time, as typed alone (more time on the booking held; with none held, the booking form).
  const neededUntil = NEEDED_UNTIL.exec(command)?.[1];
  if (neededUntil !== undefined && isTypedTime(neededUntil)) return `extend ${neededUntil}`;
  const asked = BOOK_ASKED.exec(command);
  // `can I have lab-3 back`: lab-3 asked for again.
  const askedBack = asked === null ? undefined : /^(\S[\s\S]*?)\s+back$/i.exec(asked[1])?.[1];
  if (askedBack !== undefined && namesOne(testbeds, askedBack)) return `book ${askedBack}`;
  // `can I get on lab-3`: as `can I get lab-3`.
  const onto = asked === null ? undefined : /^on(?:to)?\s+(\S[\s\S]*)$/i.exec(asked[1])?.[1];
  if (onto !== undefined && isLabName(testbeds, bookingName(onto, testbeds) ?? '')) return `book ${onto}`;
  // `2 5g testbeds please`, `two testbeds`: several at once, said alone (a label the lab does not have is no such ask).
  const countedAlone = SEVERAL_AT_ONCE.exec(command);
  if (countedAlone && (countedAlone[1] === undefined || labelCarried(testbeds, countedAlone[1]))) return `book ${command}`;
  if (asked) {
    const named = bookingName(asked[1], testbeds);
    // `I need two testbeds`, `I need 2 5g testbeds`, `I need 2 testbeds for 3 hours`: several at once, which the booking answers.
    if (SEVERAL_AT_ONCE.test(asked[1].replace(/\s+(?:for|until|till|by)\s+\S[\s\S]{0,60}$/i, ''))) return `book ${asked[1]}`;
    // `give me 5 minutes`, `I need 2 hours`: time, not a testbed (what that asks for depends on what they hold).
    if (named === undefined && startsWithBareTime(asked[1])) return command;
    return named === undefined || isLabName(testbeds, named) ? `book ${asked[1]}` : command;
  }
  // `queue of lab-3` asks who waits; `queue for lab-3` joins.
  if (WAITING_FOR_MINE.test(command)) return 'mine';
  const queueOf = QUEUE_OF.exec(command);
  if (queueOf) return `who has ${queueOf[1]}`;
  // (`queue status` asks about every queue.)
  const queue = QUEUE_FOR.exec(command);
  if (queue && !/^status$/i.test(queue[1])) return `wait ${queue[1]}`;
  const joined = command.length > AROUND_NAME_MAX ? undefined : JOIN_NAMED_QUEUE.exec(command)?.[1].trim();
  if (joined !== undefined && namesWaited(testbeds, joined)) return `wait ${joined}`;
  if (MY_PLACE.test(command) || WHICH_QUEUES.test(command)) return 'my queues';
  const placeAsked = command.length > AROUND_NAME_MAX ? undefined : PLACE_ASKED_FOR.exec(command)?.[1].trim();
  if (placeAsked !== undefined && namesOne(testbeds, placeAsked)) return `who has ${placeAsked}`;
  const placeFor = command.length > AROUND_NAME_MAX ? undefined : MY_PLACE_FOR.exec(command)?.slice(1).find((group) => group !== undefined)?.trim();
  if (placeFor !== undefined && namesOne(testbeds, placeFor)) return `who has ${placeFor}`;
  if (BOOKINGS_LISTED.test(command)) return 'status in use';
  const counted = COUNTED.exec(command)?.slice(1).find((group) => group !== undefined);
  const howMany = HOW_MANY.exec(command)?.[1] ?? counted;
  if (OPEN_ASKED.test(command) && !labelCarried(testbeds, 'open')) return "what's free";
  if (howMany !== undefined) {
    const word = howMany.toLowerCase().replace(/\s+/g, ' ');
    return word === 'free' || word === 'available' ? "what's free" : `status ${STATE_WORDS[word] ?? word}`;
  }
  const wayAsked = HOW_DO_I.exec(command)?.[1].replace(/\?+$/, '').trim();
  if (wayAsked !== undefined) return wayTo(wayAsked, testbeds);
  if (GREETING.test(command) || MENU_ASKED.test(command)) return 'testbed';
  if (ADMIN_MENU.test(command)) return 'admin';
  if (MY_BOOKING_ASKED.test(command) || UNDO_WORDS.test(command) || FORGOT.test(command)) return 'mine';
  if (RELEASE_MINE.test(command)) return 'release';
  if (SAME_AGAIN.test(command) || UNDO_RELEASE.test(command)) return 'book again';
  const undone = UNDO_RELEASE_OF.exec(command)?.slice(1).find((group) => group !== undefined)?.trim();
  if (undone !== undefined && IT.test(undone)) return 'book again';
  if (undone !== undefined && namesOne(testbeds, undone)) return `book again ${undone}`;
  if (CANCEL_LAST.test(command)) return 'release';
  const again = BOOK_AGAIN.exec(command);
  if (again) {
    // `book lab-3 again`, `rebook lab-3`, `rebook`: as their last booking (of lab-3); with a time or purpose typed, as typed.
    const [, named, rest] = again;
    const rebook = /^re-?book/i.test(command);
    const asked = rebook ? rest?.trim() : named?.trim();
    const asLast = (rebook || (named !== undefined && rest === undefined)) && (asked === undefined || namesOne(testbeds, asked));
    if (asLast) return asked === undefined ? 'book again' : `book again ${asked}`;
    return ['book', named, rest].filter((part) => part !== undefined).join(' ');
  }
  // `release lab-3 because Linus left`: the release is the same whatever the reason.
  const because = command.length > AROUND_NAME_MAX ? undefined : RELEASE_BECAUSE.exec(command)?.[1].trim();
  if (because !== undefined && namesOne(testbeds, because)) return `release ${because}`;
  // `release lab-3, Linus left`: so is a note after it.
  const noted = releaseNoted(command, testbeds);
  if (noted !== undefined) return `release ${noted}`;
  // `release lab-3 for me`: the release is the same whoever it is for.
  const releaseFor = /^release\s+(\S[\s\S]*?)\s+for\s+(?:me|us)$/i.exec(command)?.[1].trim();
  if (releaseFor !== undefined && namesOne(testbeds, releaseFor)) return `release ${releaseFor}`;
  // `free lab-3 for Linus`: as `release lab-3 for Linus`, the form on lab-3.
  const freedFor = command.length > AROUND_NAME_MAX ? null : /^free(?:\s+up)?\s+(\S[\s\S]*?)\s+((?:for|on\s+behalf\s+of)\s+\S[\s\S]*)$/i.exec(command);
  if (freedFor && namesOne(testbeds, freedFor[1].trim()) && !isTypedTime(freedFor[2]) && !isTypedTime(`until ${freedFor[2].replace(/^for\s+/i, '')}`)) return `release ${freedFor[1].trim()} ${freedFor[2]}`;
  const claimed = CLAIMED_AS.exec(command)?.[1].trim();
  if (claimed !== undefined && namesOne(testbeds, claimed)) return `book ${claimed}`;
  const anyoneOn = ANYONE_ON.exec(command)?.[1].trim();
  if (anyoneOn !== undefined && namesOne(testbeds, anyoneOn)) return `who has ${anyoneOn}`;
  const said = RELEASE_SAID.exec(command);
  const saidName = said?.slice(1).find((group) => group !== undefined)?.trim();
  if (saidName !== undefined && (IT.test(saidName) || namesOne(testbeds, saidName))) return `release ${saidName}`;
  const shown = QUEUE_SHOWN.exec(command)?.[1].trim();
  if (shown !== undefined && namesOne(testbeds, shown)) return `who has ${shown}`;
  if (QUEUES_SHOWN.test(command)) return 'status';
  if (WHOLE_LAB.test(command) && !labelCarried(testbeds, command.replace(/^status\s+/i, ''))) return 'status';
  const statusSaid = STATUS_SAID.exec(command);
  const besideStatus = statusSaid?.[1] ?? statusSaid?.[2];
  if (statusSaid && (besideStatus === undefined || (!labelCarried(testbeds, besideStatus) && !namesOne(testbeds, besideStatus)))) return 'status';
  if (AVAILABILITY.test(command)) return "what's free";
  if (MINE_SAID.test(command)) return 'mine';
  const anyInState = ANY_IN_STATE.exec(command)?.[1].toLowerCase().replace(/\s+/g, ' ');
  if (anyInState !== undefined) return `status ${STATE_WORDS[anyInState] ?? anyInState}`;
  if (IDLE.test(command)) return "what's free";
  if (TOP_HOLDERS.test(command)) return 'report';
  // `who booked the most this month`, `top users last week`: the report over that window.
  const topIn = TOP_HOLDERS_IN.exec(command);
  if (topIn && TOP_HOLDERS.test(topIn[1])) return /month/i.test(topIn[2]) ? 'report 30' : 'report';
  if (NOT_RELEASED.test(command)) return 'status overdue';
  const window = REPORT_WINDOW.exec(command);
  if (window) return /^(?:month|30)/i.test(window[1]) ? 'report 30' : 'report';
  // `weekly report`, `monthly report`: over 7 or 30 days.
  const every = /^(weekly|monthly)\s+(?:usage\s+)?report$/i.exec(command)?.[1].toLowerCase();
  if (every !== undefined) return every === 'monthly' ? 'report 30' : 'report';
  const report = REPORT_WORDS.exec(command);
  if (report) return /^(?:month|30)/i.test(report[1] ?? '') ? 'report 30' : 'report';
  const summary = SUMMARY_OVER.exec(command)?.[1];
  if (summary !== undefined) return /^monthly$/i.test(summary) ? 'report 30' : 'report';
  if (HOW_MANY_ALL.test(command)) return 'status';
  const exist = WHICH_EXIST.exec(command);
  if (exist !== null && (exist[1] === undefined || /^(?:the|all)$/i.test(exist[1]))) return 'status';
  if (exist?.[1] !== undefined && labelCarried(testbeds, exist[1])) return `status ${exist[1]}`;
  if (LAB_STATS.test(command)) return 'report';
  const meant = LABEL_MEANT.exec(command)?.[1];
  if (meant !== undefined && labelCarried(testbeds, meant)) return 'labels';
  // `who is the admin of lab-3`: the lab's admins, who look after every testbed (only of a testbed of the lab: other words are a
  // person's).
  const adminOf = ADMIN_OF.exec(command)?.[1].trim();
  if (adminOf !== undefined && namesOne(testbeds, adminOf)) return 'who are the admins';
  const labelStats = LABEL_STATS.exec(command)?.[1];
  const statsAsked = STATS_OF.exec(command)?.[1].trim() ?? (labelStats !== undefined && labelCarried(testbeds, labelStats) ? labelStats : undefined);
  const statsOf = statsAsked === undefined ? undefined : withoutWindow(statsAsked, testbeds);
  if (statsOf !== undefined && namesOne(testbeds, statsOf)) return `history ${statsOf}`;
  // `stats for 5g last month`: that label's report, over 30 days for a month.
  const statsLabel = statsAsked?.replace(WINDOW, '');
  if (statsAsked !== undefined && statsLabel !== undefined && labelCarried(testbeds, statsLabel)) {
    return `report ${statsLabel}${statsLabel !== statsAsked && /month|30\s+days/i.test(statsAsked) ? ' 30' : ''}`;
  }
  const leave = LEAVE_QUEUE.exec(command);
  if ((leave && leave[1] === undefined) || DONE_WAITING.test(command)) return 'my queues';
  if (leave && namesWaited(testbeds, leave[1].trim())) return `unwait ${leave[1].trim()}`;
  const leaveNamed = command.length > AROUND_NAME_MAX ? null : LEAVE_NAMED_QUEUE.exec(command);
  const leftName = leaveNamed?.slice(1).find((group) => group !== undefined)?.trim();
  if (leftName !== undefined && namesWaited(testbeds, leftName)) return `unwait ${leftName}`;
  const watch = WATCH.exec(command)?.[1].trim();
  if (watch !== undefined && namesWaited(testbeds, watch)) return `wait ${watch}`;
  // `remind me when lab-3 is free`: the queue. `is anyone still using lab-3?`: who has it (the hint asks the holder).
  const doneWith = WAIT_ME_DONE.exec(command)?.[1].trim();
  if (doneWith !== undefined && namesWaited(testbeds, doneWith)) return `wait ${doneWith}`;
  const queueLength = QUEUE_LENGTH.exec(command)?.slice(1).find((group) => group !== undefined)?.trim();
  if (queueLength !== undefined && namesOne(testbeds, queueLength)) return `who has ${queueLength}`;
  const waitMe = WAIT_ME.exec(command);
  // (`when lab-3 is free, let me know`: only of a testbed or label of the lab.)
  if (waitMe?.[1] !== undefined) return `wait ${waitMe[1]}`;
  if (waitMe?.[2] !== undefined && namesWaited(testbeds, waitMe[2].trim())) return `wait ${waitMe[2].trim()}`;
  const stillUsed = STILL_USED.exec(command) ?? STILL_IN_USE.exec(command);
  if (stillUsed && namesOne(testbeds, stillUsed[1].trim())) return `who has ${stillUsed[1].trim()}`;
  const about = ABOUT_TESTBED.exec(command);
  const aboutName = about?.slice(1).find((group) => group !== undefined)?.trim();
  if (aboutName !== undefined && namesOne(testbeds, aboutName)) return `who has ${aboutName}`;
  // (`who lab-3`: `who` and a testbed's name alone.)
  const infoName = [INFO_ON, NAME_INFO, WHO_OWNS, /^who\s+(\S[\s\S]*)$/i].map((pattern) => pattern.exec(command)?.[1].trim()).find((name) => name !== undefined && namesOne(testbeds, name));
  if (infoName !== undefined) return `who has ${infoName}`;
  // `lab-3 or lab-5 free?`, `any of lab-3, lab-5 free?`: each of them.
  const infoList = command.length > AROUND_NAME_MAX ? undefined : NAME_INFO.exec(command)?.[1].trim();
  if (infoList !== undefined && testbedsNamed(testbeds, eitherWords(infoList)) !== undefined) return `who has ${eitherWords(infoList)}`;
  // `5g free`, `5g status`, `show me 5g`, `5g` alone: a label the lab has (and no testbed's name).
  // A label alone is read so only when it is no command word (a lab's label `report` stays the report).
  const shownLabel = (LABEL_SHOWN.exec(command)?.slice(1).find((group) => group !== undefined) ?? NAME_INFO.exec(command)?.[1] ?? (Object.hasOwn(TEXT_COMMANDS, command.toLowerCase()) ? '' : command)).trim();
  if (readLabel(shownLabel) !== null && labelCarried(testbeds, shownLabel) && !namesOne(testbeds, shownLabel)) return `status ${shownLabel}`;
  const heldBy = command.length > AROUND_NAME_MAX ? null : HELD_BY_ASKED.exec(command);
  const heldByName = (heldBy?.[1] ?? heldBy?.[3] ?? heldBy?.[4])?.trim();
  if (heldByName !== undefined && namesOne(testbeds, heldByName)) return `who has ${heldByName}`;
  const nextHolder = command.length > AROUND_NAME_MAX ? undefined : WHO_GETS_NEXT.exec(command)?.slice(1).find((group) => group !== undefined);
  const heldSaid = command.length > AROUND_NAME_MAX ? undefined : (WHO_HOLDS_SAID.exec(command)?.[1] ?? COLLEAGUE_STILL_ON.exec(command)?.[2] ?? DONE_WITH_ASKED.exec(command)?.[1] ?? nextHolder)?.trim();
  if (heldSaid !== undefined && namesOne(testbeds, heldSaid)) return `who has ${heldSaid}`;
  const aboutBooking = ABOUT_BOOKING.exec(command)?.slice(1).find((group) => group !== undefined)?.trim();
  if (aboutBooking !== undefined && namesOne(testbeds, aboutBooking)) return `who has ${aboutBooking}`;
  // `I'm using lab-3 for 2 hours`, `on lab-3 until 3pm`: a booking said as it is used, a time after the name (a purpose alone stays one).
  const onIt = command.length > AROUND_NAME_MAX ? undefined : ON_TESTBED.exec(command)?.[1];
  if (onIt !== undefined && bookedWithoutVerb(onIt, testbeds)) return `book ${onIt}`;
  const usedFor = command.length > MORE_TIME_MAX ? null : USED_FOR.exec(command);
  const usedName = (usedFor?.[1] ?? usedFor?.[3])?.trim();
  if (usedName !== undefined && namesOne(testbeds, usedName)) return `purpose ${usedName} ${(usedFor?.[2] ?? usedFor?.[4] ?? '').trim()}`;
  // A purpose may be long: up to its limit after the name.
  const purposeSaid = command.length > AROUND_NAME_MAX + LIMITS.purposeMax ? null : PURPOSE_SAID.exec(command);
  if (purposeSaid?.[3] !== undefined) return `purpose ${purposeSaid[3].trim()}`;
  const purposeOf = purposeSaid?.[1]?.trim();
  // `my purpose: …`: their booking's.
  if (purposeOf !== undefined && /^(?:my|our|the)$/i.test(purposeOf)) return `purpose ${purposeSaid![2].trim()}`;
  if (purposeOf !== undefined && namesOne(testbeds, purposeOf)) return `purpose ${purposeOf} ${purposeSaid![2].trim()}`;
  if (/^(?:rename|relabel)\s+my\s+(?:booking|reservation)$/i.test(command)) return 'purpose';
  const often = (HOW_OFTEN.exec(command) ?? USE_ASKED.exec(command))?.slice(1).find((group) => group !== undefined)?.trim();
  const health = HEALTH_ASKED.exec(command)?.slice(1).find((group) => group !== undefined)?.trim();
  if (health !== undefined && namesOne(testbeds, health)) return `history ${health}`;
  // `how busy is 5g`: that label's report.
  if (often !== undefined && !namesOne(testbeds, often) && readLabel(often) !== null && labelCarried(testbeds, often)) return `report ${often}`;
  if (often !== undefined && namesOne(testbeds, often)) return `history ${often}`;
  const remind = REMIND_RELEASE.exec(command);
  if (remind && namesOne(testbeds, remind[2].trim())) return `release ${remind[2].trim()} ${remind[1]}`;
  const remindAfter = REMIND_RELEASE_AFTER.exec(command);
  if (remindAfter && namesOne(testbeds, remindAfter[1].trim())) return `release ${remindAfter[1].trim()} ${remindAfter[2]}`;
  const toAsk = command.length > AROUND_NAME_MAX ? null : WHO_TO_ASK.exec(command);
  const toAskName = toAsk?.slice(1).find((group) => group !== undefined)?.trim();
  if (toAskName !== undefined && namesOne(testbeds, toAskName)) return `who has ${toAskName}`;
  const freeAt = command.length > AROUND_NAME_MAX ? null : FREE_AT_ASKED.exec(command);
  const freeAtTime = freeAt !== null && (/^later(?:\s+today)?$/i.test(freeAt[2]) || isTypedTime(`until ${freeAt[2].replace(/^(?:at|by|on|from)\s+/i, '')}`));
  if (freeAt && freeAtTime && namesOne(testbeds, freeAt[1].trim())) return `who has ${freeAt[1].trim()}`;
  const told = command.length > AROUND_NAME_MAX ? null : TELL_NEEDED.exec(command);
  if (told && !/^(?:me|us|everyone|everybody|all)$/i.test(told[1]) && namesOne(testbeds, told[2].trim())) return `ask ${told[1]} to release ${told[2].trim()}`;
  if (RELEASE_ALL_BUT.test(command)) return 'mine';
  const which = WHICH_HAVE.exec(command);
  if (which && labelCarried(testbeds, which[1])) return `status ${which[1]}`;
  const problemsOf = PROBLEMS_OF.exec(command);
  const problemsName = (problemsOf?.[1] ?? problemsOf?.[2])?.trim();
  if (problemsName !== undefined && namesOne(testbeds, problemsName)) return `history ${problemsName}`;
  if (WHO_WAITS.test(command)) return 'status';
  if (CHANGE_MINE.test(command)) return 'mine';
  const postponed = RELEASE_POSTPONED.exec(command);
  const postponedName = (postponed?.[1] ?? postponed?.[2])?.trim();
  const postponedBy = postponed?.[3] ?? '';
  if (postponed && (postponedName === undefined || MY_BOOKING.test(postponedName))) return `extend${postponedBy}`;
  if (postponedName !== undefined && namesOne(testbeds, postponedName)) return `extend ${postponedName}${postponedBy}`;
  const bumped = command.length > MORE_TIME_MAX ? undefined : BUMPED.exec(command)?.[1];
  if (bumped !== undefined) return `extend ${bumped}`;
  if (LONGEST_HELD.test(command)) return 'status in use';
  const freeAsked = FREE_ASKED.exec(command);
  if (freeAsked && freeAsked[1] === undefined) return "what's free";
  if (freeAsked?.[1] !== undefined && readLabel(freeAsked[1]) !== null && labelCarried(testbeds, freeAsked[1])) return `status ${freeAsked[1]}`;
  if (HISTORY_ALONE.test(command)) return 'history';
  const howLong = HOW_LONG.exec(command);
  const howLongName = (howLong?.[1] ?? howLong?.[2] ?? howLong?.[3])?.trim();
  if (howLongName !== undefined && namesOne(testbeds, howLongName)) return `who has ${howLongName}`;
  // `status TB-03 Wi-Fi 7 lab`: a name with spaces is no label, but it is a testbed's name.
  const status = STATUS_WITH_ARGUMENT.exec(command);
  if (status && readLabel(status[1]) === null && (namesOne(testbeds, status[1].trim()) || testbedsNamed(testbeds, status[1]) !== undefined)) return `who has ${status[1].trim()}`;
  // `when does lab-1 expire`, `how long is lab-1 mine for`, `lab-1 still mine?`: its status, which says when it is due back.
  const dueOf = command.length > AROUND_NAME_MAX ? undefined : DUE_OF.exec(command)?.slice(1).find((group) => group !== undefined)?.trim();
  if (dueOf !== undefined && namesOne(testbeds, dueOf)) return `who has ${dueOf}`;
  // `who will be on lab-3 tomorrow`: its status (its holder and when it is due back; a booking starts when it is made).
  const laterOn = command.length > AROUND_NAME_MAX ? undefined : WHO_WILL_BE_ON.exec(command)?.[1].trim();
  if (laterOn !== undefined && namesOne(testbeds, laterOn)) return `who has ${laterOn}`;
  // `lab-3 bookings this week`, `all bookings for lab-3`: its history.
  const bookingsOf = command.length > AROUND_NAME_MAX ? undefined : BOOKINGS_OF.exec(command)?.slice(1).find((group) => group !== undefined)?.trim();
  if (bookingsOf !== undefined && namesOne(testbeds, bookingsOf)) return `history ${bookingsOf}`;
  // `if nobody is using lab-3 I'll grab it`: book it (its form says whether somebody is).
  const ifFree = command.length > AROUND_NAME_MAX ? undefined : IF_NOBODY_ON.exec(command)?.[1].trim();
  if (ifFree !== undefined && namesOne(testbeds, ifFree)) return `book ${ifFree}`;
  const take = BOOK_IF_NAMED.exec(command);
  // `get lab-3 status`, `get lab-3 history`: about lab-3, not a booking of it.
  const takenAbout = take === null ? undefined : ASKED_ABOUT.exec(take[1]);
  if (takenAbout && namesOne(testbeds, takenAbout[1].trim())) return `${takenAbout[2].toLowerCase() === 'history' ? 'history' : 'who has'} ${takenAbout[1].trim()}`;
  // `take lab-3 from Linus`: an admin's force release (typed-admin.ts), not a booking.
  if (take && TAKE_FROM_COLLEAGUE.test(command)) return command;
  if (take) {
    // `I want to have lab-3 back`, `take lab-3 back`: lab-3 asked for again.
    const back = /^(\S[\s\S]*?)\s+back$/i.exec(take[1])?.[1];
    if (back !== undefined && namesOne(testbeds, back)) return `book ${back}`;
    const named = bookingName(take[1], testbeds);
    // (`grab any free one`: no testbed in particular, so the booking form to choose one.)
    if (named === undefined && NO_NAME.test(take[1].trim()) && /\b(?:any|free|available|testbed|something|anything|whichever|whatever)\b/i.test(take[1])) return 'book';
    return named !== undefined && isLabName(testbeds, named) ? `book ${take[1]}` : command;
  }
  const booking = BOOKING_NOW.exec(command)?.[1];
  if (booking !== undefined) {
    const read = readTypedBooking(booking, testbeds, new Date(0).toISOString(), 'UTC', 'booking');
    if (read.name !== undefined && read.unread === undefined && isLabName(testbeds, read.name)) return `book ${booking}`;
  }
  if (RELEASE_ALL_WORDS.test(command)) return 'release all';
  // `any 5g available for 2h?`, `any free testbed for 2h?`: which are free now answers it (a booking is from now).
  const freeFor = /^((?:is\s+|are\s+)?(?:any|anything)(?:\s+free)?(?:\s+\S+)?(?:\s+(?:free|available))?)\s+(for\s+\S[\s\S]{0,30})$/i.exec(command);
  if (freeFor !== null && isTypedTime(freeFor[2])) {
    const asked = everydayCommand(freeFor[1], testbeds);
    if (/^(?:status|what['’]s\s+free)(?:\s|$)/i.test(asked) || FREE_NOW.test(asked)) return asked;
  }
  const added = ADD_NAMED.exec(command);
  if (added && !namesOne(testbeds, added[1]) && readTypedExtension(added[1]) === null) return `add testbed ${added[1]}${added[2]}`;
  // `until 6pm`, `1h`, `tomorrow` (an answer to a reminder): more time for their booking, a button away (a number alone,
  // or a meal, `lunch`, is no answer of that kind).
  const bare = command.length > MORE_TIME_MAX || NO_BARE_TIME.test(command.trim()) ? undefined : readTypedExtend(command, testbeds);
  if (bare !== undefined && bare.whole && bare.testbed === undefined && isMoreTime(bare)) return `extend ${command}`;
  // `lab-3 for 2 hours`, `lab-3 until 5pm`, `5g tomorrow`: a testbed (or label) and when, said without `book`.
  if (command.length <= AROUND_NAME_MAX && bookedWithoutVerb(command, testbeds)) return `book ${command}`;
  // `who is overdue`, `which are busy`: the testbeds in that state (a lone state word stays: `busy` is no command).
  const state = IN_STATE.exec(command);
  if (state && state[0].trim().toLowerCase() !== state[1].toLowerCase()) {
    const word = state[1].toLowerCase().replace(/\s+/g, ' ');
    return `status ${STATE_WORDS[word] ?? word}`;
  }
  const release = RELEASE_WORDS.exec(command);
  // `done for today`, `finished for the day`: when, not which; their bookings to choose from.
  if (release) return release[1] === undefined || FOR_NOW.test(release[1]) ? 'release' : `release ${release[1]}`;
  const willRelease = WILL_RELEASE.exec(command)?.[1].trim();
  if (willRelease !== undefined && (IT.test(willRelease) || namesOne(testbeds, willRelease))) return `release ${willRelease}`;
  const released = RELEASE_IF_TESTBED.exec(command);
  const releasedName = released?.slice(1).find((group) => group !== undefined)?.replace(RELEASED_FOR, '').trim();
  if (releasedName !== undefined && namesOne(testbeds, releasedName)) return `release ${releasedName}`;
  // `free 5g`, `any free 5g?`, `which 5g testbeds are free`: the testbeds carrying the label, each with its state.
  const label = (FREE_LABEL.exec(command) ?? LABEL_FREE.exec(command))?.[1];
  if (label !== undefined && readLabel(label) !== null && labelCarried(testbeds, label)) return `status ${label}`;
  // `lab-3 lab-5`, `lab-3 & lab-5`, `lab-3/lab-5`, `either lab-3 or lab-5`, `lab-3 and lab-5 status`: the names alone, asked about as a
  // name alone is.
  const listed = command.length > AROUND_NAME_MAX ? undefined : eitherWords(command.replace(/\s+(?:status|info|details)$/i, ''));
  if (listed !== undefined && testbedsNamed(testbeds, listed) !== undefined) return `who has ${listed}`;
  // `5g only`, `just 5g`: that label's testbeds.
  const onlyLabel = /^(?:show\s+(?:me\s+)?)?(?:(?:only|just)\s+(?:the\s+)?(?:(?:free|busy)\s+)?(\S+)(?:\s+(?:ones|testbeds))?|(?:(?:free|busy)\s+)?(\S+)(?:\s+(?:ones|testbeds))?\s+only)$/i.exec(command)?.slice(1).find((group) => group !== undefined);
  if (onlyLabel !== undefined && readLabel(onlyLabel) !== null && labelCarried(testbeds, onlyLabel) && !namesOne(testbeds, onlyLabel)) return `status ${onlyLabel}`;
  // Last: a wish for the bot (`add a calendar view`), once no command has read the words.
  if (command.length <= AROUND_NAME_MAX + LIMITS.purposeMax && WISHED.test(command)) return 'feedback';
  return command;
}

/** `release lab-3 (force)`, `release lab-3 --force`, `release lab-3 forced`: the testbed (group 1). */
const RELEASE_FORCED = /^release\s+(\S[\s\S]{0,80}?)\s+(?:\(\s*force[d!]?\s*\)|--force|-f|forced?|by\s+force)$/i;

/** The admin's tasks and a holder's extension said in everyday words, as the commands that read them; else undefined. */
function adminWords(command: string, testbeds: readonly Pick<TestbedRecord, 'testbed_name' | 'labels'>[]): string | undefined {
  if (command.length > AROUND_NAME_MAX) return undefined;
  // `release lab-3 (force)`, `release lab-3 --force`: the admins' force release (a note in brackets is otherwise the release's).
  const forced = RELEASE_FORCED.exec(command)?.[1].trim();
  if (forced !== undefined && namesOne(testbeds, forced)) return `force release ${forced}`;
  const renamed = RENAMED_SAID.exec(command);
  if (renamed && namesOne(testbeds, renamed[1].trim())) return `rename ${renamed[1].trim()} to ${renamed[2].trim()}`;
  const labelSaid = LABEL_SAID.exec(command);
  const labelledName = (labelSaid?.[1] ?? labelSaid?.[2])?.trim();
  const givenLabel = labelSaid?.[3];
  const labelledRecord = labelledName === undefined ? undefined : bareTestbed(labelledName, testbeds);
  // (Said of a label it already carries, `lab-3 has 5g` is no news: left to the readings after this.)
  if (labelledRecord !== undefined && givenLabel !== undefined && labelCarried(testbeds, givenLabel) && !STATE_NOT_LABEL.test(givenLabel) && !hasLabel(labelledRecord, givenLabel)) {
    return `tag ${labelledName} as ${givenLabel}`;
  }
  const unlabelled = labelSaid?.[4]?.trim();
  const takenLabel = labelSaid?.[5];
  const unlabelledRecord = unlabelled === undefined ? undefined : bareTestbed(unlabelled, testbeds);
  if (unlabelledRecord !== undefined && takenLabel !== undefined && readLabel(takenLabel) !== null && hasLabel(unlabelledRecord, takenLabel)) return `remove label ${takenLabel} from ${unlabelled}`;
  const marked = MARKED_AS.exec(command);
  if (marked && namesOne(testbeds, marked[1].trim()) && readLabel(marked[2]) !== null && !STATE_NOT_LABEL.test(marked[2])) return `tag ${marked[1].trim()} as ${marked[2]}`;
  const described = DESCRIPTION_SAID.exec(command);
  const describedName = (described?.[1] ?? described?.[2])?.trim();
  if (described && describedName !== undefined && namesOne(testbeds, describedName)) return `describe ${describedName} as ${described[3].trim()}`;
  const rid = GOT_RID_OF.exec(command)?.[1].trim();
  if (rid !== undefined && namesOne(testbeds, rid)) return `retire ${rid}`;
  const added = NEW_TESTBED_SAID.exec(command)?.[1].trim();
  if (added !== undefined) return `add testbed ${added}`;
  const moved = MOVED_TO_PERSON.exec(command);
  const movedTo = moved?.[2].trim();
  if (moved && movedTo !== undefined && namesOne(testbeds, moved[1].trim()) && PERSON_LIKE.test(movedTo) && !namesOne(testbeds, movedTo.split(/\s+/)[0]) && !isTypedTime(`until ${movedTo}`) && readTypedExtension(movedTo) === null) {
    return `give ${moved[1].trim()} to ${movedTo}`;
  }
  const extendOn = EXTEND_PERSON_ON.exec(command);
  if (extendOn && namesOne(testbeds, extendOn[1].trim()) && isMoreTime(readTypedExtend(extendOn[2], testbeds))) return `extend ${extendOn[1].trim()} ${extendOn[2].trim()}`;
  const giveMore = GIVE_PERSON_MORE.exec(command);
  // (The colleague's name may be two words: `give Linus Lab another hour on lab-3`.)
  const more = giveMore === null ? undefined : [giveMore[1], giveMore[1].replace(/^\S+\s+/, '')].find((words) => MORE.test(words) && readTypedExtension(words) !== null);
  if (giveMore && more !== undefined && namesOne(testbeds, giveMore[2].trim())) return `extend ${giveMore[2].trim()} by ${more.trim()}`;
  const broke = WHO_BROKE.exec(command)?.[1].trim();
  if (broke !== undefined && namesOne(testbeds, broke)) return `history ${broke}`;
  return undefined;
}

/**
 * `lab-3 for 2 hours`, `lab-3 till 5pm for the soak`, `5g tomorrow`: a testbed's name (or a label) first, then a time the
 * booking form reads whole (a purpose alone, `lab-3 for the soak`, is not enough: it reads as a statement).
 */
function bookedWithoutVerb(command: string, testbeds: readonly Pick<TestbedRecord, 'testbed_name' | 'labels'>[]): boolean {
  // `lab-5, 2h, soak`, `lab-5 / 2h / soak`: a testbed, then a mark before the time (and the purpose), read as after `book`.
  const marked = /^(\S[^,/|;]{0,80}?)\s*[,/|;]\s*(?=\S)/.exec(command);
  const asBooking = marked !== null && namesOne(testbeds, marked[1].trim());
  const read = readTypedBooking(command, testbeds, new Date(0).toISOString(), 'UTC', asBooking ? 'booking' : 'maybe');
  if (read.name === undefined || read.unread !== undefined || read.values[INPUT_IDS.releaseChoice] === undefined) return false;
  // `lab-3 free in 10 min`, `lab-3 will be free in 10 minutes`: when it is free, no purpose (it was *free in*).
  if (STATE_AS_PURPOSE.test(read.values[INPUT_IDS.purpose] ?? '')) return false;
  // `lab-3 history last 7 days`, `lab-3 usage last week`: a question about it, no purpose.
  if (/^(?:history|logs?|usage|stats|activity|queue|bookings)\b/i.test(read.values[INPUT_IDS.purpose] ?? '')) return false;
  return isLabName(testbeds, read.name) && command.toLowerCase().startsWith(read.name.toLowerCase());
}

/** `finishing up on lab-3`, `wrapping up lab-3`, `almost done with lab-3`: the testbed (group 1). */
const WRAPPING_UP_ON = /^(?:i['’]?m\s+|i\s+am\s+)?(?:finishing\s+up|wrapping\s+up|(?:almost|nearly)\s+(?:done|finished|through))(?:\s+(?:on|with))?\s+(\S[\s\S]{0,80})$/i;
/** A state and the word before a time, read where a purpose would be (`free in`, `will be back by`, `is available at`). */
const STATE_AS_PURPOSE = /^(?:(?:will|should|would)\s+be\s+|is\s+|gets?\s+)?(?:free|back|available|released|done|finished|busy|taken|booked|(?:all\s+)?yours)(?:\s+(?:again|up))?(?:\s+(?:in|at|by|around|before|from|after|until|till))?$/i;

/** `lab-3 release`, `lab-3 book 2h`, `lab-3 extend 2 hours`: the command first, when a testbed is named and what follows it reads. */
function nameThenVerb(command: string, testbeds: readonly Pick<TestbedRecord, 'testbed_name' | 'labels'>[]): string | undefined {
  const said = VERB_AFTER_NAME.exec(command);
  const name = said?.[1].trim();
  if (said === null || name === undefined || !namesOne(testbeds, name)) return undefined;
  // (`lab-3 notify`, `5g notify me`: a place in its queue, as `wait`.)
  // (`lab-3: extending till 6pm`: the verb as said of oneself.)
  const verb = /^notify$/i.test(said[2]) ? 'wait' : said[2].toLowerCase().replace(/^(extend|releas)ing$/, (_word, stem: string) => (stem === 'releas' ? 'release' : stem));
  const rest = /^notify$/i.test(said[2]) ? undefined : said[3]?.trim();
  if (rest === undefined) return `${verb} ${name}`;
  if (/^(?:book|register|reserve)$/.test(verb)) {
    // A time or a purpose after the name, as `book lab-3 …` reads them whole.
    const read = readTypedBooking(`${name} ${rest}`, testbeds, new Date(0).toISOString(), 'UTC', 'booking');
    return read.name !== undefined && read.unread === undefined && Object.keys(read.values).length > 0 ? `book ${name} ${rest}` : undefined;
  }
  if (/^(?:extend|renew)$/.test(verb) && isMoreTime(readTypedExtend(rest, testbeds))) return `extend ${name} ${rest}`;
  return undefined;
}

/**
 * A testbed or label of the lab, `any 5g` (`watch any 5g` waits for the first of them, as `wait any 5g` does), or any
 * testbed at all (`any`, `one`, `the next free one`).
 */
function namesLabOrAny(testbeds: readonly Pick<TestbedRecord, 'testbed_name' | 'labels'>[], words: string): boolean {
  return ANY_TESTBED.test(words) || isLabName(testbeds, words.replace(/^(?:any|an?)\s+/i, ''));
}

/** What a wait may be for: as `namesLabOrAny`, or several testbeds (`lab-3 and lab-5`, `either lab-3 or lab-5`). */
function namesWaited(testbeds: readonly Pick<TestbedRecord, 'testbed_name' | 'labels'>[], words: string): boolean {
  return namesLabOrAny(testbeds, words) || testbedsNamed(testbeds, eitherWords(words)) !== undefined;
}

/**
 * A testbed's name typed alone (`TB-03`, `lab-3`): the testbed found, asked about as `who has lab-3`.
 * The whole name, or the start of only one name, of three characters at least (`la` is no question).
 */
export function bareTestbed<T extends Pick<TestbedRecord, 'testbed_name'>>(command: string, testbeds: readonly T[]): T | undefined {
  const match = DIGITS_ALONE.test(command) ? { none: true as const } : findByTypedName(testbeds, command);
  if (!('found' in match)) return undefined;
  return command.trim().length >= 3 || sameName(match.found.testbed_name, command) ? match.found : undefined;
}

/**
 * The one testbed named somewhere in text the bot did not understand (`anyone seen TB-03 today?`), for a
 * hint that offers its status. A word counts when it is a testbed's whole name, or the start of only
 * one name and holds a digit or a hyphen (`TB-03`, `lab-3`: a plain word such as `the` is not read as
 * the start of `Thermal chamber`). Only the first words of a message are looked at.
 */
export function mentionedTestbed<T extends Pick<TestbedRecord, 'testbed_name'>>(command: string, testbeds: readonly T[]): T | undefined {
  const words = command.slice(0, 200).split(/[\s,;:!?()"“”]+/).map((word) => word.replace(/['’]s$/i, '')).filter((word) => word.length >= 3).slice(0, 30);
  const found = new Set<T>();
  for (const word of words) {
    const match = DIGITS_ALONE.test(word) ? { none: true as const } : findByTypedName(testbeds, word);
    if ('found' in match && (/[\d-]/.test(word) || sameName(match.found.testbed_name, word))) found.add(match.found);
  }
  // A name of several words (`Thermal chamber`), written whole; or what follows its first word, of two words or more, however its
  // separators are typed (`the sdwan pod` for TB-04 SD-WAN pod).
  const lower = command.slice(0, 200).toLowerCase();
  const squashedCommand = squashedWords(lower);
  for (const record of testbeds) {
    if (!record.testbed_name.includes(' ')) continue;
    if (lower.includes(record.testbed_name.toLowerCase())) {
      found.add(record);
      continue;
    }
    const rest = record.testbed_name.trim().replace(/^\S+\s+/, '');
    if (!/\S\s+\S/.test(rest)) continue;
    // (Five letters at least: `A B` squashed is `ab`, found in many a word.)
    const squashedRest = squashedWords(rest);
    if (squashedRest.length >= 5 && squashedCommand.includes(squashedRest)) found.add(record);
  }
  return found.size === 1 ? [...found][0] : undefined;
}
