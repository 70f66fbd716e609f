/**
 * How typed text is read: the command words and phrases the bot knows, and what a command carries
 * (a label, a testbed's name, a number of days). Pure. The words people use for these commands are
 * read as them in `everyday-words.ts`, an admin's tasks in `typed-admin.ts`; `route-text.ts` turns
 * what is read into a decision, and `command-text.ts` tells the recorder what may be kept.
 */
import { readLabel } from '../cards/actions.js';
import { isTypedTime, readTypedExtension } from '../cards/typed-time.js';
import type { TestbedRecord } from '../domain.js';
import { findByTypedName, labelCarried } from '../lab-rules.js';
import type { Flow } from './actor-key.js';

/** The commands of one word (after `commandText`), and the flow and event each starts. */
export const TEXT_COMMANDS: Record<string, { flow: Flow; type: string }> = {
  testbed: { flow: 'conversation', type: 'menu.requested' },
  testbeds: { flow: 'conversation', type: 'menu.requested' },
  menu: { flow: 'conversation', type: 'menu.requested' },
  // A greeting is answered with the menu: what the bot can do for them.
  hi: { flow: 'conversation', type: 'menu.requested' },
  hello: { flow: 'conversation', type: 'menu.requested' },
  hey: { flow: 'conversation', type: 'menu.requested' },
  help: { flow: 'conversation', type: 'help.requested' },
  '?': { flow: 'conversation', type: 'help.requested' },
  status: { flow: 'conversation', type: 'status.requested' },
  register: { flow: 'conversation', type: 'registration.started' },
  book: { flow: 'conversation', type: 'registration.started' },
  release: { flow: 'conversation', type: 'release.started' },
  feedback: { flow: 'conversation', type: 'feedback.started' },
  mine: { flow: 'conversation', type: 'mine.requested' },
  // A person told their booking is due types what they want to do: their bookings, with the Extend buttons.
  extend: { flow: 'conversation', type: 'mine.requested' },
  report: { flow: 'conversation', type: 'report.requested' },
  // Without a name: the status card, whose Notify me when free picker lists what can be waited for.
  wait: { flow: 'conversation', type: 'status.requested' },
  notify: { flow: 'conversation', type: 'status.requested' },
  broadcast: { flow: 'broadcast', type: 'broadcast.started' },
  admin: { flow: 'admin', type: 'admin.requested' },
  // Words people use for the same things.
  list: { flow: 'conversation', type: 'status.requested' },
  ls: { flow: 'conversation', type: 'status.requested' },
  overview: { flow: 'conversation', type: 'status.requested' },
  bookings: { flow: 'conversation', type: 'mine.requested' },
  queue: { flow: 'conversation', type: 'mine.requested' },
  queues: { flow: 'conversation', type: 'mine.requested' },
};

/** `show status`, `list testbeds`, `show me all testbeds`, `show everything`: the status card. */
export const SHOW_STATUS = /^(?:(?:show|list|ls)(?:\s+me)?(?:\s+(?:the|all(?:\s+the)?))?(?:\s+(?:status|testbeds?|boxes|rigs|everything|all))?|every\s+testbed|(?:the\s+)?full\s+list|the\s+list)$/i;
/** `my queues`, `show my places`: only their places in queues (checked before MY_BOOKINGS, which also reads them). */
export const MY_QUEUES = /^(?:(?:show|list)(?:\s+me)?\s+)?my\s+(?:queues?|places?)$/i;
/** `my bookings`, `show my testbeds`, `my queues`, `status mine`, `what do I have`, `what have I booked`: their bookings and places in queues. */
export const MY_BOOKINGS =
  /^(?:(?:(?:show|list)(?:\s+me)?\s+)?my\s+(?:bookings?|testbeds?|reservations?|queues?|places?|status)|status\s+(?:mine|me|for\s+me)|(?:what|which)(?:\s+(?:testbeds?|ones?))?\s+(?:do|have)\s+i\s+(?:have|hold|got|booked)(?:\s+(?:now|right\s+now|at\s+the\s+moment))?|what\s+am\s+i\s+(?:holding|using|on)|(?:which|what)\s+(?:testbeds?|ones?)\s+(?:are|is)\s+mine|where\s+(?:is|are)\s+my\s+(?:testbeds?|bookings?))$/i;
/** `ok`, `will do`, `got it`, `sounds good`, `👍`, `+1`, `bye`, `lol`, `ack`, `copy that`: said back to an answer, or on the way out; a short answer, and nothing else. */
export const ACKNOWLEDGED =
  /^(?:ok(?:ay)?|k+|(?:ok(?:ay)?[,!.]?\s+)?will\s+do|got\s+it|great|cool|nice|perfect|awesome|sounds\s+good|all\s+good|noted|understood|roger(?:\s+that)?|alright|all\s+right|fine|good|\+1|bye|good\s*bye|bye\s+bye|see\s+(?:you|ya)(?:\s+(?:later|tomorrow|soon))?|cya|good\s*night|nice\s+one|lol|ha(?:ha)+|he(?:he)+|np|no\s+(?:problem|worries)|ack|copy(?:\s+that)?|(?:already\s+)?on\s+it|(?:yes[,!.]?\s+)?i\s+know|(?:👍|👌|🙏|👋)[\u{1F3FB}-\u{1F3FF}]?|✅|✔️?|☑️?)$/iu;

/** `pass on lab-3`, `decline lab-3`, `no thanks` (read as `no`), `nah`, `skip lab-3`, `I'll pass`, `skip me`: give up what one has of it (an offer, a place, a booking). */
export const PASS_ON = /^(?:pass|decline|reject|not\s+any\s*more|skip\s+me|skip|no(?:\s+thanks?(?:\s+you)?)?|nope|nah|i(?:['’]?ll|\s+will)?\s+pass|let\s+(?:someone|somebody)\s+else\s+(?:go\s+first|have\s+it))(?:\s+(?:on|for))?(?:\s+(\S[\s\S]*))?$/i;
/** `I'll take it`, `yes, I want it`, `give it to me`, `accept`: what is held for them (a testbed named reads as `book lab-3`). */
export const TAKE_OFFERED =
  /^(?:(?:yes|yeah|yep|sure|ok(?:ay)?)[,!.]?\s+(?:please[,!.]?\s+)?)?(?:i(?:['’]?ll|\s+will)\s+(?:take|have)\s+it|(?:take|grab)\s+it|i\s+(?:want|need)\s+it|give\s+it\s+to\s+me|accept(?:\s+(?:it|the\s+offer))?|dibs(?:\s+on\s+it)?)(?:[,!.]?\s+(?:please|thanks?|thank\s+you))?$/i;
/** `yes`, `sure`, `ok please`, `book it` alone: what is held for them, when something is (else what the words get anyway). */
export const YES_ALONE =
  /^(?:yes|yeah|yea|ya|yep|yup|sure(?:\s+thing)?|absolutely|definitely|of\s+course|ok(?:ay)?|go\s+ahead|do\s+it|book\s+it|i(?:['’]?ll|\s+will)\s+book\s+it)(?:[,!.]?\s+(?:please|thanks?|thank\s+you))?$/i;
/**
 * `later`, `not now` (`not`, once `now` is read as courtesy), `give me 5 minutes`, `hold it for me`, `when does my hold expire`:
 * said to an offer, the offer again, with how long it is held and both its buttons (else what the words get anyway).
 */
export const LATER_SAID =
  /^(?:not(?:\s+(?:now|right\s+now))?|maybe\s+later|later|in\s+a\s+(?:minute|moment|bit|sec(?:ond)?)|give\s+me\s+(?:a\s+(?:minute|moment|sec(?:ond)?|bit)|\d{1,2}\s*(?:min(?:ute)?s?|m))|(?:(?:can|could)\s+you\s+)?(?:hold|keep)\s+it(?:\s+for\s+me)?(?:\s+(?:for\s+)?(?:a\s+(?:bit|while|few\s+(?:more\s+)?minutes)|a\s+little\s+longer|longer|\d{1,2}\s*(?:more\s+)?min(?:ute)?s?))?(?:\s+for\s+me)?|on\s+my\s+way|omw|(?:i(?:['’]?m|\s+am)\s+)?coming|i(?:['’]?ll|\s+will)\s+be\s+there\s+in\s+(?:a\s+(?:minute|moment|sec(?:ond)?|bit)|\d{1,2}(?:\s*(?:min(?:ute)?s?|m))?)|one\s+sec(?:ond)?|hang\s+on|hold\s+on|i(?:['’]?ll|\s+will)\s+take\s+it\s+(?:later|in\s+a\s+(?:minute|bit))|in\s+\d{1,2}\s*(?:min(?:ute)?s?|m)|what(?:['’]?s|\s+is)\s+(?:being\s+)?offered(?:\s+to\s+me)?|(?:do\s+i\s+have|have\s+i\s+got|any)\s+(?:an?\s+)?offers?(?:\s+for\s+me)?|how\s+long\s+(?:is|will)\s+it\s+(?:be\s+)?(?:held|kept)(?:\s+for\s+me)?|how\s+long\s+do\s+i\s+have\s+to\s+(?:take|book|accept|claim)(?:\s+it)?|(?:i\s+)?(?:can['’]?t|cannot)\s+(?:take\s+it\s+)?(?:right\s+)?now|i\s+(?:can['’]?t|cannot)(?:\s+take\s+it)?|when\s+(?:does|will)\s+(?:my|the)\s+hold\s+(?:expire|end|run\s+out)|what(?:['’]?s|\s+is)\s+(?:held|kept)\s+for\s+me)$/i;
/** `next person`, `give it to the next person`, `let the next one have it`: pass on what is offered. */
export const NEXT_PERSON =
  /^(?:(?:the\s+)?next\s+(?:person|one)|skip\s+me\s+this\s+time|no\s+need|(?:no\s+thanks?|no\s+thank\s+you|nah)[,!.]?\s+i['’]?m\s+(?:good|fine|ok(?:ay)?|set)|i\s+(?:found|got|have|booked)\s+(?:another|a\s+different)(?:\s+(?:one|testbed))?|give\s+it\s+to\s+(?:the\s+next\s+(?:person|one)(?:\s+in\s+line)?|some(?:one|body)\s+else|the\s+(?:queue|line))|let\s+(?:the\s+next\s+(?:person|one)|some(?:one|body)\s+else)\s+have\s+it)$/i;
/**
 * `who are the admins?`, `who is the admin`, `list admins`, `who can force release`, `what can admins do`, `contact the admins`, `who is in
 * charge`, `who manages the lab`: the ADMINS, for anybody.
 */
export const WHO_ADMINS =
  /^(?:who(?:['’]?s|\s+is|\s+are)\s+(?:the\s+|our\s+)?(?:lab\s+)?admins?|(?:list|show)(?:\s+me)?\s+(?:the\s+)?admins|admins(?:\s+list|\?)?|(?:the\s+)?lab\s+admins|make\s+\S+(?:\s+\S+)?\s+(?:an?\s+)?admin|(?:add|remove|delete|drop)\s+(?:an?\s+)?admin(?:\s+\S+(?:\s+\S+)?)?|(?:add|remove)\s+\S+(?:\s+\S+)?\s+(?:as\s+(?:an?\s+)?admin|(?:to|from)\s+(?:the\s+)?admins)|am\s+i\s+(?:an?\s+)?admin|who\s+(?:runs|manages|owns)\s+(?:the\s+|this\s+)?lab|who\s+can\s+approve(?:\s+(?:it|this|that|bookings?|requests?))?|(?:can\s+)?an?\s+admin\s+help(?:\s+me)?|(?:make\s+me|can\s+i\s+be(?:come)?|(?:i\s+want\s+to\s+)?become)\s+(?:an?\s+)?admin|who\s+can\s+(?:add|rename|retire|force[\s-]*release|(?:start|end|put\s+\S+\s+into)\s+maintenance)(?:\s+(?:a\s+)?testbeds?)?|what\s+(?:can|do|does)\s+(?:the\s+|an\s+)?admins?\s+do|admin\s+(?:help|commands)|(?:contact|message|ping|notify|email|reach|call)\s+(?:the\s+|an?\s+)?(?:lab\s+)?admins?|(?:the\s+)?lab\s+admin|(?:i\s+)?need\s+(?:an?\s+|the\s+)?(?:lab\s+)?admins?|who(?:['’]?s|\s+is)\s+in\s+charge(?:\s+(?:here|of\s+the\s+lab))?|who\s+(?:manages|looks\s+after|is\s+responsible\s+for)\s+(?:the\s+)?(?:lab|testbeds)|who\s+do\s+i\s+ask\s+(?:for|about)\s+(?:a\s+)?testbeds?)$/i;
/** `it`, `that one`: no testbed named, but whatever is offered to the person (`skip it`, `I don't need it`). */
export const IT = /^(?:it|this|that|this\s+one|that\s+one)$/i;
/**
 * `when will it be free`, `wait for it`, `book that one`, `who has it`: a command whose testbed is a pronoun
 * (group 2), after the words that take a testbed (group 1). `is it …` and `what is it …` only with more words after.
 */
const PRONOUN_NAMED =
  /^((?:book|register|reserve|claim|take|grab|give|hand(?:\s+over)?|transfer|release|free(?:\s+up)?|give\s+back|return|unbook|(?:i(?:['’]?m|\s+am)\s+)?(?:done|finished)\s+with|wait(?:\s+(?:for|on))?|notify\s+me\s+(?:when|about)|remind\s+me\s+(?:when|about)|let\s+me\s+know\s+when|watch|queue\s+for|unwait|stop\s+waiting\s+for|leave\s+the\s+queue\s+for|who(?:['’]?s|\s+is)?\s+(?:has|holds|on|using|had|used)|history(?:\s+of)?|when(?:['’]?s|\s+is|\s+will)|ask\s+about|nudge|(?:(?:can|could|may)\s+i\s+(?:please\s+)?)?(?:extend|keep|renew)|(?:push|move|postpone|delay|shift)(?:\s+back)?|i\s+still\s+need|purpose(?:\s+(?:of|for))?|status(?:\s+of)?|what(?:['’]?s|\s+is)\s+(?:up|going\s+on|happening)\s+with|(?:is|what(?:['’]?s|\s+is))(?=\s+\S+\s+\S))\s+)((?:this|that)\s+(?:one|testbed)|it|this|that)(?=\s|$)/i;

/** The command with its pronoun (`wait for it`) replaced by the name of the testbed it refers to; as typed when it has none. */
export function withTestbedFor(command: string, name: string | undefined): string {
  if (name === undefined) return command;
  const match = PRONOUN_NAMED.exec(command);
  return match ? `${match[1]}${name}${command.slice(match[0].length)}` : command;
}

/** `it's fixed`, `it will be back on friday`: a pronoun that is what the sentence is about (group 1). */
const PRONOUN_SUBJECT = /^(?:it|this(?:\s+one)?|that(?:\s+one)?)(?=['’]s\s|\s+(?:is|works|has\s+been|will\s+be|['’]ll\s+be|should\s+be|can\s+be|needs)\s|\s+is$)|^its(?=\s+maintenance\s)/i;

/**
 * The sentence with its subject pronoun (`it's fixed`) replaced by the name of the testbed it refers to; as typed when
 * it has none. Only read for an admin's task (news that it works again, a new end of its maintenance).
 */
export function withSubjectFor(command: string, name: string | undefined): string {
  if (name === undefined) return command;
  const match = PRONOUN_SUBJECT.exec(command);
  if (!match) return command;
  // `it's fixed` is `lab-3 is fixed`; `its maintenance …` is `lab-3 maintenance …`.
  const rest = command.slice(match[0].length);
  return /^['’]s\s/.test(rest) ? `${name} is${rest.slice(2)}` : `${name}${rest}`;
}

/** `thanks`, `thank you!`, `thx`, `cheers`, `ty`, `thanks for the reminder`: a short answer, and nothing else. */
export const THANKS =
  /^(?:(?:ok(?:ay)?|great|perfect|awesome|cool|nice|brilliant)[,!.]?\s+)?(?:(?:thanks?(?:\s+(?:you|a\s+lot|so\s+much))*|thank\s+you(?:\s+(?:very\s+much|so\s+much))?|thx|ty|tysm|tyvm|ta|cheers|many\s+thanks|much\s+appreciated|much\s+obliged|kthx)(?:[,!.]?\s+(?:bot|testbed(?:\s+bot)?|buddy|mate|bye))?|(?:good|nice|great)\s+(?:bot|job)|well\s+done|you['’]?re\s+the\s+best|you\s+rock|(?:i\s+)?love\s+(?:this|you|it|this\s+bot)(?:[,!.]?\s+bot)?)(?:\s+for\s+(?:the|your|this)\s+(?:reminder|heads[\s-]?up|ping|help|info|update|message|note|notice))?$/i;

/** Typed in a 1:1 room that is not approved, only these reach a flow (each checks the person's profile). */
export const DIRECT_TEXT_COMMANDS: ReadonlySet<string> = new Set(['admin']);

/**
 * What a person typed as a command: trimmed, each run of spaces and line breaks made one space
 * (so no pattern below meets a long run of them), without a leading `/`, without question or
 * exclamation marks at the end (`status?`; a lone `?` stays), and without the bot's own word in
 * front (`testbed status` reads as `status`, `testbed` alone stays the menu).
 */
export function commandText(text: string): string {
  // (A zero-width space or word joiner a phone or a paste left in is no character of the command.)
  const typed = withoutGreeting(withTimeSpellings(withoutMarkup(text.replace(/[\u200B\u2060\uFEFF]/g, '').trim().replace(/\s+/g, ' ')).replace(/^(?:[/@]|[!#](?=\p{L}))/u, ''))).replace(/^@/, '');
  // `testbed bot`, `testbed monitor`: the bot called by its name, as `testbed` alone.
  if (/^testbeds?\s+(?:bot|monitor)[?!.]*$/i.test(typed)) return 'testbed';
  // `??`, `?!`: as a lone `?`, help.
  if (/^\?[?!]+$/.test(typed)) return '?';
  // The bot called by its name or as `bot,` before a command (`bot, what's free`). (`testbeds with 5g`, `testbeds that are free`
  // are about testbeds, not to the bot.)
  const command = withShortCommand(withoutFlags(withoutMark(/^(?:testbeds?(?:\s+(?:bot|monitor))?[,:]?|(?:the\s+)?bot[,:])\s+(?!(?:with|tagged|labell?ed|that|which|having|carrying|are|in)\s)(\S[\s\S]*)$/i.exec(typed)?.[1] ?? typed)));
  // (`for 2 hours…`: an ellipsis that trails a word off; one standing alone, `broadcast: …`, is what was typed.)
  const bare = withoutEmoji(command).replace(/(?<=[^\s?!])\s*(?:[?!.]+|;)$|(?<=[\p{L}\p{N})])…$/u, '');
  if (THANKS.test(bare) || YES_ALONE.test(bare) || TAKE_OFFERED.test(bare)) return bare;
  // `testbed please`: nothing but courtesy after the bot's word is the bot's word alone.
  if (command !== typed && COURTESY_ONLY.test(bare)) return 'testbed';
  return withoutCourtesy(withoutAgreement(bare));
}

/**
 * `yes, extend`, `ok release lab-3`, `sure, book lab-3`, `no, I'm done`, `no I'm done`, `nope, still need it`, `no I still need it`,
 * `no extend please`, `no release it`, `nope done`: agreeing (or, with a mark after it, `I'm`, `still`, `extend`, `done`, or `release`
 * and what to release, disagreeing) before a command adds nothing to it; `no lab-3` stays a pass on it; `ok to use lab-3` and `okay if I
 * take lab-3` ask whether they may, so their `ok` stays.
 */
const AGREED_BEFORE = /^(?:(?:yes|yeah|yep|ok(?:ay)?(?!\s+(?:to|if|for\s+me\s+to)\s)|sure)[,!.]?|(?:no|nope|nah)(?:[,!.]|(?=\s+i(?:['’]?m|\s+am)\s)|(?=\s+(?:i\s+)?still\s|\s+(?:extend|keep\s+it|done|finished)(?:\s|$)|\s+release\s+\S)))\s+(?=\S)/i;

function withoutAgreement(text: string): string {
  const rest = text.replace(AGREED_BEFORE, '');
  return rest === text || COURTESY_ONLY.test(rest) || THANKS.test(rest) || /^(?:thanks?|thank\s+you)\b/i.test(rest) ? text : rest;
}

/** `hi, book lab-3`, `hey testbed status`, `good morning! what's free?`: a greeting before a command adds nothing to it. */
const GREETED_BEFORE = /^(?:hi|hello|hey|hiya|yo|good\s+(?:morning|afternoon|evening))(?:\s+(?:there|all|team|everyone|folks|bot))?(?:[,!.]+\s*|\s+)(?=\S)/i;

function withoutGreeting(text: string): string {
  const rest = text.replace(GREETED_BEFORE, '');
  return rest === text || /^(?:there|bot|all|team|everyone|folks|please|pls)[!.?]*$/i.test(rest) ? text : rest;
}

/** `book: lab-3`, `release - lab-3`: a mark between a command and its testbed says nothing (`status -v` is a flag, read with `status`). */
function withoutMark(text: string): string {
  return text.replace(/^(book|register|reserve|release|status|wait|unwait|extend|history)\s*(?::|\s(?:-{1,2}|[–—]|->|→)(?=\s))\s*(?=\S)/i, '$1 ');
}

/**
 * `book lab-5 --for 2h`, `book --testbed lab-5 --duration 2h`, `release --all`, `status --free`: a command written as on a command
 * line, its long options said as words (`--for` was taken as the purpose, and as a colleague called “for”).
 */
function withoutFlags(text: string): string {
  if (!/(?:^|\s)--[a-z]/i.test(text)) return text;
  return text
    .replace(/(^|\s)--(?:testbed|tb|name)(?:\s*=\s*|\s+)(?=\S)/gi, '$1')
    .replace(/(^|\s)--(?:duration|time|length)(?:\s*=\s*|\s+)(?=\S)/gi, '$1for ')
    .replace(/(^|\s)--(for|until|till|purpose|reason|all|free|mine|label)(\s*=\s*(?=\S)|(?=\s|$))/gi, (_option: string, lead: string, word: string, equals: string) => `${lead}${word.toLowerCase()}${equals === '' ? '' : ' '}`);
}

/** Commands typed short, as the first word: `stat`, `rel lab-3`, `rls lab-3`, `bk lab-3`, `reg lab-3`, `rsv lab-3`. */
const SHORT_COMMANDS: Readonly<Record<string, string>> = {
  stat: 'status',
  rel: 'release',
  rls: 'release',
  bk: 'book',
  reg: 'register',
  rsv: 'reserve',
};

function withShortCommand(text: string): string {
  return text.replace(/^(stat|rel|rls|bk|reg|rsv)(?=\s|$)/i, (word) => SHORT_COMMANDS[word.toLowerCase()] ?? word);
}

/** Courtesy and nothing else (`please`, `pls`, `now`). */
const COURTESY_ONLY = /^(?:please|pls|plz|now|asap)[?!.,]*$/i;

/** Pictures before or after the words (`book lab-3 🙏`, `✅ release lab-3`); a picture alone (`👍`) stays what it says. */
const EMOJI_AROUND = /^[\p{Extended_Pictographic}\u{1F3FB}-\u{1F3FF}\u200d\ufe0f\s]+|[\p{Extended_Pictographic}\u{1F3FB}-\u{1F3FF}\u200d\ufe0f\s]+$/gu;
/** A face typed in letters after the words (`book lab-3 :)`, `status ;-)`, `thanks :D`). */
const FACE_AFTER = /(?<=\S)\s+(?:[:;=]-?[()DPpO3\]\[/]|<3|\^\^|xD)$/;

/** A picture between two words (`book lab-3 🙂 for 2h`). */
const EMOJI_BETWEEN = /(?<=\S)\s+[\p{Extended_Pictographic}\u{1F3FB}-\u{1F3FF}\u200d\ufe0f]+(?=\s+\S)/gu;

function withoutEmoji(text: string): string {
  const words = text.replace(EMOJI_AROUND, '').replace(EMOJI_BETWEEN, '').replace(FACE_AFTER, '');
  return words === '' ? text : words;
}

/** `` `book lab-3` ``, `**status**`, `_mine_`: the marks a person typed around the whole command, or around a testbed's name in it. */
function withoutMarkup(text: string): string {
  const marked = /^(`{1,3}|\*{1,2}|_{1,2}|~{2})(\S(?:.*\S)?)\1$/.exec(text);
  if (marked !== null) return marked[2];
  // `book *lab-3*`, `book <lab-3>`: one word marked that looks like a testbed's name (a digit or a dash in it), the word. (A purpose's
  // `**crash**` keeps its marks, and `status <label>`, copied from a help line, its brackets.)
  const words = text.replace(
    /(?<=^|\s)(`|\*{1,2}|_{1,2})([^\s*_`]{0,40}[\d-][^\s*_`]{0,40})\1(?=[\s?!.,;:]|$)|(?<=^|\s)<([^\s<>]{0,40}[\d-][^\s<>]{0,40})>(?=[\s?!.,;:]|$)/g,
    (_, __, inner?: string, angled?: string) => inner ?? angled ?? '',
  );
  if (words !== text) return words;
  // `*release lab-3`, `release lab-3*`: one star on a side marks a correction of the message before.
  const star = text.indexOf('*');
  if (star === -1 || star !== text.lastIndexOf('*')) return text;
  return star === 0 && /^\*\w/.test(text) ? text.slice(1) : star === text.length - 1 && /\w\*$/.test(text) ? text.slice(0, -1) : text;
}

/**
 * How words are often typed on a phone or in chat, and the words meant: a time's words, a few that chat shortens, and the slips
 * of the words a question about the lab is asked with (`waht is free`, `anythign free`, `my bookigns`).
 */
const TIME_SPELLINGS: Readonly<Record<string, string>> = {
  avail: 'available', gonna: 'going to', ima: "I'm going to", wanna: 'want to', b4: 'before', dun: 'done', finishd: 'finished',
  lemme: 'let me', gimme: 'give me', wat: 'what', wats: "what's", "wat's": "what's", 'wat’s': 'what’s', u: 'you', 'w/': 'with',
  untill: 'until', unitl: 'until', untl: 'until', utill: 'until', tll: 'till', fro: 'for', "'til": 'till', '’til': 'till', weds: 'wednesday',
  tommorow: 'tomorrow', tommorrow: 'tomorrow', tomorow: 'tomorrow', tomorrw: 'tomorrow', tmrw: 'tomorrow', tmr: 'tomorrow', tmrow: 'tomorrow', tmrrw: 'tomorrow', '2morrow': 'tomorrow', '2moro': 'tomorrow',
  tonite: 'tonight', '2nite': 'tonight', tonght: 'tonight', arvo: 'afternoon',
  firday: 'friday', fridy: 'friday', wednsday: 'wednesday', wensday: 'wednesday', wedensday: 'wednesday', thrusday: 'thursday', thursay: 'thursday',
  tuseday: 'tuesday', teusday: 'tuesday', saterday: 'saturday', satuday: 'saturday', munday: 'monday',
  waht: 'what', whta: 'what', hwat: 'what', "waht's": "what's", "whta's": "what's", hwo: 'who', hsa: 'has',
  anythign: 'anything', anythng: 'anything', anyting: 'anything', anythin: 'anything',
  avialable: 'available', availble: 'available', availabe: 'available', avaliable: 'available', avalable: 'available', availalbe: 'available',
  testebds: 'testbeds', tesbeds: 'testbeds', bookigns: 'bookings', bokings: 'bookings', mybookings: 'my bookings', frre: 'free',
  minuts: 'minutes', mintues: 'minutes', horus: 'hours', hourse: 'hours', hourss: 'hours', hrss: 'hrs', hoursss: 'hours', minss: 'mins', minutess: 'minutes',
};
const TIME_SPELLING = new RegExp(`(?<=^|\\s)(${Object.keys(TIME_SPELLINGS).join('|')})(?=$|[\\s,.!?])`, 'gi');

/**
 * `untill tmrw`, `till firday`, `avail?`, `can u book lab-3 4 me`: the words as meant (a word only where it stands alone, never part
 * of a name such as `tmr-1`).
 */
function withTimeSpellings(text: string): string {
  // (`4 me`: for me, not four o'clock; `done w lab-3`: with; `I'll b done at 5`: be.)
  return text
    .replace(TIME_SPELLING, (word) => TIME_SPELLINGS[word.toLowerCase()] ?? word)
    .replace(/(?<=\s)4(?=\s+(?:me|you|us)(?:$|[\s,.!?]))/gi, 'for')
    .replace(/(?<=\b(?:done|finished|through)\s)w(?=\s)/gi, 'with')
    .replace(/(?<=(?:^|\b(?:i['’]?ll|will|should|to)\s))b(?=\s+(?:done|finished|back|free)\b)/gi, 'be');
}

/**
 * `please`, `can you`, `I'd like to`, `want to`, `urgent:`, `FYI`, `heads up:`, `actually`, `so`, `um`, `sorry`, `fine`, `no rush`, `bot,`,
 * `is it possible to`, `I was wondering if I could`, and the words that go on from an earlier message (`and`, `then`, `oh and`, `by
 * the way`, `PS`, `what about`, `same for`; not before a time, `and tomorrow?`) before a command, and `tell me`, `know` or `see`
 * before a question (`tell me who has lab-3`, `I want to know who has lab-3`); `please`, `now`, `right away`, `thanks`, `too` after
 * it (`what now` keeps its `now`), and a thank-you said as a sentence of its own or after a comma (`done with lab-3. Thanks all!`,
 * `done, thanks for the reminder`).
 */
const COURTESY_BEFORE = /^(?:please\s+to|please|pls|plz|kindly|actually,?|(?:and\s+)?also,?|no\s+(?:rush|hurry|worries)[,.!]?|sorry[,.!]?|(?:hey\s+)?bot\s*[,:]|fine[,.!]?(?!\s+(?:by|with|thanks?|thank|thx|ty|cheers)\b)|(?:(?:oh,?\s+)?(?:and|plus|but)(?:\s+then)?,?|(?:(?:ok(?:ay)?|alright|right|fine)\s+)?then,?|(?:(?:ok(?:ay)?|hmm+|and)\s+)?(?:what|how)\s+about|same\s+(?:for|with|goes\s+for))(?!\s+(?:(?:now|tomorrow|today|tonight|later|next|this|noon|midnight|(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*)\b|\d))|oh(?:\s+(?:btw|and))?,?|by\s+the\s+way,?|p\.?s\.?[:,]?|(?:damn|argh+|ugh+|geez|jeez|sigh|omg|come\s+on|seriously)[,!.?]*|(?:ok(?:ay)?\s+)?so,?|um+,?|uh+,?|er+m?,?|hmm+,?|well,?|(?:urgent(?:ly)?|asap|emergency)[:,!]?|(?:fyi|psa|btw|(?:just\s+)?(?:a\s+)?heads[\s-]?up)\s*[:,!-]?|(?:would|will)\s+it\s+be\s+possible\s+to|is\s+it\s+possible\s+to|(?:i\s+was\s+|i['’]?m\s+)?wondering\s+if\s+(?:i|we)\s+(?:could|can|might)|do\s+you\s+think\s+(?:i|we)\s+(?:could|can)|(?:can|could)\s+you(?:\s+please)?|(?:would|will)\s+you(?!\s+remind\s+me(?:\s+before\s[\s\S]*)?$)(?:\s+please)?|you\s+(?:can|may)|i(?:['’]?d|\s+would)\s+like\s+to|(?:i\s+)?(?:want|need)\s+to|i\s+want(?=\s+(?:book|release|extend|reserve|register)\s)|(?:know|see)(?=\s+(?:who|what|which|where|when|how|the|if|whether)\b)|(?:any\s+idea|do\s+you\s+know|does\s+any(?:one|body)\s+know)(?=\s+(?:who|what|which|where|when|how|if|whether)\b)|let\s+me(?!\s+know\b)|(?:(?:can|could)\s+(?:some(?:one|body)|any(?:one|body))\s+)?(?:tell|show)\s+me(?=\s+(?:who|what|which|where|how)\b))\s+(?=\S)/i;
const COURTESY_AFTER =
  /(?<=\S)(?<!\bfor)(?<!^(?:what|and))(?:\s*[,:]|\s+[-–—])?\s+(?:please|pls|plz|now|right\s+now|rn|atm|asap|urgently|as\s+soon\s+as\s+possible|right\s+away|already|thanks?|thank\s+you|thx|ty)$|(?<=\S)(?<!^(?:me|you|same))\s+(?:too|also|as\s+well)(?=[?!.]*$)|(?<=[^\s.!?])\s*[.!?,]+\s+(?:thanks?|thank\s+you|thx|ty|cheers)(?:\s+(?:all|everyone|guys|team|folks|in\s+advance|a\s+lot|so\s+much|for\s+(?:the|your)\s+(?:reminder|heads[\s-]?up|ping|help|message)))?$/i;
/** `… if anyone needs it`, `…, in case someone wants it`, `… if no one minds`, `…, any available?` after a command (`lab-3 is free if anyone wants it` keeps it: that is the release said). */
const IF_ANYONE_AFTER =
  /(?<=\S)(?<!\bis\s+free)\s*,?\s+(?:(?:if|in\s+case)\s+(?:any(?:one|body)|some(?:one|body))(?:\s+else)?\s+(?:needs|wants)\s+it|if\s+(?:no\s*one|no-one|nobody)\s+minds|if\s+(?:that['’]?s|it['’]?s)\s+(?:ok(?:ay)?|alright|fine)(?:\s+with\s+(?:everyone|you|all))?|if\s+possible)$|(?<=\S)\s*,\s*(?:any(?:\s+(?:one|of\s+them))?\s+(?:available|free)|any(?:one|body)\s+free)\??$/i;

/** `please book lab-3`, `can you show status`, `release lab-3 now please`: the command in between (twice at most each side). */
function withoutCourtesy(command: string): string {
  let text = command;
  for (let round = 0; round < 2; round++) text = text.replace(COURTESY_BEFORE, '').replace(COURTESY_AFTER, '').replace(IF_ANYONE_AFTER, '').replace(/[?!.,]+$/, '');
  return text === '' ? command : text;
}

export function commandWord(text: string): string {
  return commandText(text).toLowerCase();
}

/** `status 5g`, `status label:5g`, `status of 5g` (any case, as typed): the status with an argument. */
export const STATUS_WITH_ARGUMENT = /^status\s+(?:label:\s*|of\s+|for\s+)?(.*)$/is;

export const STATUS_ARGUMENT_HELP =
  'Type status to see every testbed, or status and one label to see only the testbeds carrying it (for example: status 5g). ' +
  'A label is 1 to 32 letters, digits, dots, underscores or hyphens.';

/** States asked for in two words, as the status view reads them (one word, as a label is). */
const STATE_PHRASES: Readonly<Record<string, string>> = { 'in use': 'in-use', 'under maintenance': 'maintenance', 'due today': 'due-today', 'due back today': 'due-today' };

/**
 * `status <label>` (in a command's text): the label as typed (a state such as `free` or `in use`
 * included, which the status view reads when no testbed carries it as a label), `invalid` for an
 * argument that cannot be a label, or null for other text.
 */
export function statusArgument(command: string): { label: string } | 'invalid' | null {
  const match = STATUS_WITH_ARGUMENT.exec(command);
  if (!match) return null;
  const phrase = match[1].trim().toLowerCase();
  if (Object.hasOwn(STATE_PHRASES, phrase)) return { label: STATE_PHRASES[phrase] };
  // (`status of 5g testbeds`: the label, with the word for what carries it.)
  // (`status of the 5g ones`: the article and the word for what carries it say nothing.)
  const label = readLabel(match[1]) ?? readLabel(match[1].replace(/^(?:all\s+)?(?:the\s+)?/i, '').replace(/\s+(?:testbeds?|ones|boxes|rigs)\s*$/i, ''));
  return label === null ? 'invalid' : { label };
}

/**
 * `free`, `what's free?`, `anything available`, `something free?`, `anyone free`, `which testbeds are free`: the status of the free ones.
 * Here and below an apostrophe may be the straight one, the curly one phones type (`what’s`), or none.
 */
export const FREE_NOW =
  /^(?:(?:can\s+you\s+)?find\s+me\s+(?:something|anything|one)\s+(?=free|available)|(?:what(?:['’]?s|\s+is)|which(?:\s+testbeds?|\s+ones?)?(?:\s+(?:is|are))?|what\s+(?:testbeds?|ones?)\s+(?:is|are)|is\s+(?:anything|any(?:\s+testbed|one)?|there\s+(?:anything|a\s+testbed|one|an?|any))|are\s+(?:any|there\s+any)(?:\s+testbeds?)?|(?:(?:has|have)\s+)?any(?:one|body)\s+got\s+(?:an?|any)|does\s+any(?:one|body)\s+have\s+(?:an?|any)|(?:(?:a\s+)?list(?:\s+of)?|show)(?:\s+me)?(?:\s+(?:the|all))?|anything|something|any(?:one|body|1)|any(?:\s+testbeds?)?|(?:the\s+)?testbeds(?:\s+(?:that|which)\s+are)?)\s+)?(?:free|available)(?:\s+(?:testbeds?|ones?))?(?:\s+(?:now|right\s+now|today))?$/i;
/** `10 min`, `2h`, `3 hours`: a short length in digits, as chat types it. */
export const DIGIT_LENGTH = String.raw`\d{1,3}\s*(?:h|hrs?|hours?|min(?:ute)?s?|m)`;
/** `an hour`, `half an hour`, or a length in digits. */
export const SHORT_LENGTH = String.raw`an?\s+hour|half\s+an\s+hour|${DIGIT_LENGTH}`;
/** `in an hour`, `in 10 min`, `in 2h`: a while from now, asked about (`is lab-3 free in an hour`, `lab-3 free in 10 min`). */
export const IN_A_WHILE = String.raw`in\s+(?:${SHORT_LENGTH})`;
/**
 * `when is lab-3 free?`, `is lab-3 free`, `is lab-3 reserved`, `when will TB-03 be back`, `is lab-3 available tomorrow`, `will lab-3
 * be free by 5`, `is lab-3 ever free`, `what time does lab-3 free up`, `are lab-3 or lab-5 free` (`are` before a list only): the status
 * of that testbed (group 1 or 2), with its expected release (a later day or time asked about is answered by when it is due back).
 */
export const WHEN_FREE = new RegExp(
  String.raw`^(?:(?:when(?:['’]?s|\s+is|\s+will)|(?:what\s+time|(?:un)?till?\s+when)\s+(?:is|will)|is|are(?=\s[^,]{1,80}?(?:,|\s(?:or|and|&)\s))|will)\s+(\S[\s\S]*?)\s+(?:(?:ever|actually|really|even|currently)\s+)?(?:(?:going\s+to\s+)?be\s+|coming\s+(?=back)|getting\s+(?=free|back))?(?:free|available|open|up\s+for\s+grabs|back|busy|in\s+use|(?:being\s+)?used|taken|booked|reserved|occupied|held|overdue|late|released|due\s+back|ready(?:\s+for\s+use)?)(?:\s+(?:again|soon|any\s*time\s+soon|today|tonight|tomorrow(?:\s+(?:morning|afternoon|evening))?|later(?:\s+today)?|this\s+(?:morning|afternoon|evening|week)|next\s+week|(?:on\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)day(?:\s+(?:morning|afternoon))?|(?:by|at|before|after)\s+\d{1,2}(?::\d{2})?\s*(?:am|pm)?|${IN_A_WHILE}))?|(?:when|what\s+time)\s+(?:does|will)\s+(\S[\s\S]*?)\s+(?:free\s+up|become\s+(?:free|available)|come\s+back))$`,
  'i',
);

/**
 * `which testbed frees up first`, `when does the next one free up`, `how long until a testbed is free`, `what's the next
 * free testbed`: no testbed in particular, so what is free now, or which is due back first.
 */
const NEXT_FREE =
  /^(?:which\s+(?:testbed|one)\s+(?:frees\s+up|(?:is|will\s+be|gets|becomes)\s+(?:free|available))\s+(?:first|next|soonest)|which\s+(?:testbed|one)\s+is\s+(?:due\s+back|released)\s+first|when\s+(?:does|will)\s+(?:the\s+next|a|any|one)(?:\s+(?:testbed|one))?\s+(?:free\s+up|be\s+(?:free|available|released))|how\s+(?:long|soon)\s+(?:until|till|before|will\s+it\s+be\s+before)\s+(?:(?:a|any|the\s+next|one)(?:\s+(?:testbed|one))?|something|anything)\s+(?:is|gets|becomes|frees\s+up)(?:\s+(?:free|available))?|how\s+soon\s+(?:will|can)\s+(?:a|any|one)(?:\s+(?:testbed|one))?\s+be\s+(?:free|available)|(?:what|when)(?:['’]?s|\s+is)\s+the\s+next\s+(?:free|available)\s+(?:testbed|one)|(?:the\s+)?(?:next|first)\s+(?:free|available)(?:\s+(?:testbed|one|slot))?(?:\s+please)?|when\s+will\s+(?:something|anything|one)\s+(?:free\s+up|be\s+(?:free|available))|(?:when|what)(?:['’]?s|\s+is)\s+the\s+next\s+(?:free|open|available)\s+slot|what\s+frees\s+up\s+(?:next|first)|whichever(?:\s+one)?\s+(?:frees\s+up|is\s+free|gets\s+free)\s+first|(?:the\s+)?first\s+(?:one\s+)?(?:that\s+frees\s+up|to\s+free\s+up))$/i;

/** `is any testbed busy`: a state other than free asked of no testbed in particular. */
const BUSY_ASKED = /\s(?:busy|in\s+use|taken|booked|reserved|occupied|held|overdue|late)(?:\s|$)/i;

/** `which testbed frees up first`, or `when will a testbed be free` (no testbed of that name): what is free, or which is back first. */
export function nextFreeAsked(command: string, testbeds: readonly Pick<TestbedRecord, 'testbed_name'>[]): boolean {
  if (NEXT_FREE.test(command)) return true;
  const asked = WHEN_FREE.exec(command)?.[1]?.trim();
  return asked !== undefined && ANY_TESTBED.test(asked) && !BUSY_ASKED.test(command) && !('found' in findByTypedName(testbeds, asked));
}

/** `report 30`, `report 7 days`: the usage report over that window. */
const REPORT_WITH_ARGUMENT = /^report\s+(\S[\s\S]*)$/i;
/** `last month`, `for the past week`, `this month` at the end of a report's words. */
const REPORT_WINDOW = /(?:^|\s+)(?:(?:for|over|in|of)\s+)?(?:the\s+)?(?:last|past|this)\s+(week|month|7\s+days|30\s+days)$/i;
/** `30`, `30 days`, `7d` in a report's words, with a label (`report 5g 30`) or alone. */
const REPORT_DAYS = /(?:^|\s)(7|30)\s*(?:d|days?)?(?=\s|$)/i;
export const REPORT_ARGUMENT_HELP =
  'The usage report covers the last 7 or the last 30 days, of the whole lab or of one label: type report, report 30, or report 5g 30.';

/**
 * `report <days>`, `report <label>`, `report 5g 30`, `report 30 days for 5g` (in a command's text): the
 * window (7 unless 30 is asked for) and the label when one was typed; `invalid` for any other words, or
 * null for other text. Whether a testbed carries the label is for the caller to check.
 */
export function reportArgument(command: string): { days: 7 | 30; label?: string } | 'invalid' | null {
  const match = REPORT_WITH_ARGUMENT.exec(command);
  if (!match) return null;
  const typed = match[1].trim().slice(0, 80);
  // `report 5g last month`, `report for this week`: the window said in words, as `30` or `7`.
  const spoken = REPORT_WINDOW.exec(typed);
  const words = spoken ? `${typed.slice(0, spoken.index)} ${/month|30/i.test(spoken[1]) ? '30' : '7'}`.trim() : typed;
  const days = REPORT_DAYS.exec(words);
  const rest = (days ? words.replace(REPORT_DAYS, ' ') : words).trim().replace(/^(?:of|for|on)\s+/i, '');
  const window = days?.[1] === '30' ? 30 : 7;
  if (rest === '') return days ? { days: window } : 'invalid';
  const label = readLabel(rest);
  return label === null ? 'invalid' : { days: window, label };
}

/** `register lab-3`, `book lab-3`, `release lab-3`: the form, starting on the testbed named. */
export const NAMED_FORM = /^(register|book|release)\s+(\S[\s\S]*)$/i;
/** `wait lab-3`, `notify me when lab-3 is free`, `wait for TB-03`: join the queue for that testbed (`notify the admins` asks who they are). */
export const WAIT_NAMED = /^(?:wait|notify(?!\s+(?:the\s+)?(?:lab\s+)?admins?$))\s+(?:me\s+)?(?:for\s+|on\s+|when\s+|about\s+|if\s+|once\s+)?(\S[\s\S]*?)(?:\s+(?:(?:is|gets|becomes)\s+)?(?:free|available|back)|\s+frees\s+up)?$/i;
/** `give lab-3 to Linus`, `hand lab-3 over to Linus`, `transfer lab-3 to Linus`: group 1 is the testbed as typed, group 2 who. */
export const HAND_OVER = /^(?:give|hand\s*-?\s*off|hand(?:\s*-?\s*over)?|pass(?:\s+on)?|transfer|reassign)\s+(\S.*?)\s+(?:over\s+|on\s+|off\s+)?to\s+(\S.*)$/i;
/** `give all my testbeds to Linus`, `hand everything over to Linus`, `transfer my bookings to …`: group 1 is who. */
export const HAND_OVER_ALL =
  /^(?:give|hand\s*-?\s*off|hand(?:\s*-?\s*over)?|pass(?:\s+on)?|transfer|reassign)\s+(?:(?:all\s+(?:of\s+)?|both\s+(?:of\s+)?)?my\s+(?:bookings|testbeds|reservations)|all\s+(?:of\s+)?(?:mine|them)|everything(?:\s+I\s+(?:have|hold))?|both(?:\s+of\s+them)?|them\s+all|all)\s+(?:over\s+|on\s+|off\s+)?to\s+(\S.*)$/i;
/** `any 5g`, `a 5g testbed`, `any free 5g`, `5g` after `wait`: the label, when a testbed carries it; else undefined. */
export function waitedLabel(typed: string, testbeds: readonly Pick<TestbedRecord, 'labels'>[]): string | undefined {
  const label = readLabel(/^(?:(?:any|an?|the|one)\s+)?(?:(?:free|available|other)\s+)?(\S+?)(?:\s+(?:testbeds?|ones?|box(?:es)?|rigs?))?$/i.exec(typed)?.[1]);
  return label !== null && labelCarried(testbeds, label) ? label : undefined;
}
/**
 * `any`, `any testbed`, `the next free one`, `a free testbed`, `one`, `whichever is free first`: no testbed or label in
 * particular.
 */
export const ANY_TESTBED =
  /^(?:any(?:\s+(?:free\s+|available\s+)?(?:testbeds?|ones?|of\s+them))?|(?:the\s+)?(?:next|first)\s+(?:free\s+|available\s+)?(?:testbed|one)|an?\s+(?:free\s+|available\s+)?(?:testbed|one)|one|something|(?:whichever|whatever|anything)(?:\s+(?:is|gets|becomes|comes)\s+(?:free|available)(?:\s+first)?|\s+frees\s+up(?:\s+first)?)?)$/i;
/** `unwait lab-3`, `unqueue lab-3`, `stop waiting for lab-3`, `leave the queue for lab-3`, `leave the queues of lab-3 and lab-5`: leave those queues. */
export const UNWAIT_NAMED = /^(?:unwait|un-?queue|de-?queue|stop\s+waiting|leave(?:\s+the)?\s+queues?)\s+(?:(?:for|of)\s+)?(\S[\s\S]*)$/i;
/**
 * `ask about lab-3`, `ask the holder of lab-3`, `nudge lab-3`, `ask Linus to release lab-3`, `remind Linus about lab-3`,
 * `ask Linus whether he still needs lab-3`, `ask Linus for lab-3`, `ask Linus to give me lab-3`: ask whoever holds lab-3 whether they still need it, as the Ask the holder
 * button does. Group 1: the prefix that says it is an ask of a holder; group 2: the words naming who (`Linus`);
 * group 3: the testbed. Without either (`nudge lab-3`), the words are an ask only when they name a testbed.
 */
const ASK_NAMED =
  /^(?:ask|nudge|poke|ping|message|dm|chase(?:\s+up)?|remind)\s+(?:((?:about|regarding)\s+|(?:the\s+)?(?:holder|owner|user)\s+of\s+|whoever\s+(?:has|holds|is\s+(?:using|on)|booked)\s+)|(\S+(?:\s+\S+)?)\s+(?:to\s+(?:release|give\s+back|give\s+me|let\s+me\s+have|hand\s+over|free(?:\s+up)?|return|hand\s+back)|(?:whether|if)\s+(?:they|he|she)(?:\s+(?:is|are))?\s+(?:still\s+(?:needs?|using|uses?)|done\s+with|finished\s+with)|about|for)\s+)?(\S[\s\S]*)$/i;
/** Who an ask names without naming a person: these words may be kept in a recording. */
const HOLDER_WORDS = /^(?:them|him|her|the\s+(?:holder|owner|user)|whoever)$/i;

/** What `ask …` asks: the testbed's name as typed, whether the words said whose it is, and whether a person was named. */
export interface TypedAsk {
  name: string;
  /** `ask about lab-3`, `ask Linus to release lab-3`: an ask whatever the words name (a name no testbed has is answered so). */
  explicit: boolean;
  /** `ask Linus to …`: words a person wrote (a colleague's name), not lab data. */
  person: boolean;
}

/** `ask about lab-3`, `nudge lab-3`, `ask Linus to release lab-3`: the ask, or undefined for other text. */
export function readTypedAsk(command: string): TypedAsk | undefined {
  const match = ASK_NAMED.exec(command);
  if (!match) return undefined;
  const [, prefix, who, name] = match;
  // `remind me about lab-3` is no ask of the holder (`everyday-words.ts` reads it as wait).
  if (who !== undefined && /^(?:me|myself|us)(?:\s|$)/i.test(who)) return undefined;
  return { name: withoutRequest(name.trim()), explicit: prefix !== undefined || who !== undefined, person: who !== undefined && !HOLDER_WORDS.test(who) };
}

/**
 * `lab-3 by 5pm`, `lab-3 to release it`, `lab-3 today`: the testbed, without the rest of the request. A time is taken
 * away only when it reads as one, so other words stay (a person's, which a recording must not keep).
 */
function withoutRequest(name: string): string {
  const asked = name.replace(/\s+(?:to\s+(?:release|give\s+back|free(?:\s+up)?|return|hand\s+back)\s+(?:it|this|that)|today|soon|please|asap|now)$/i, '');
  const by = /\s+(?:by|before|until|till)\s+(\S.{0,47})$/i.exec(asked);
  const timed = by !== null && isTypedTime(`until ${by[1]}`) ? asked.slice(0, by.index) : asked;
  return timed === '' ? name : timed;
}

/** `who has what`, `who is using which testbeds`, `who's on everything`, `who's using the lab`: the status of every testbed. */
export const WHO_HAS_ANY =
  /^who(?:['’]?s|\s+is)?\s+(?:has|holds|on|using|uses|booked|hogging)\s+(?:what|which(?:\s+testbeds?|\s+ones?)?|anything|everything|all(?:\s+the)?(?:\s+testbeds?)?|(?:the\s+|any\s+)?testbeds|the\s+lab)$/i;
/** `who has lab-3`, `who is on lab-3`, `who's using TB-03`: the status of that testbed, its holder first. */
export const WHO_HAS = /^who(?:['’]?s|\s+is)?\s+(?:(?:currently|now)\s+)?(?:has|holds|on|using|uses|booked)\s+(\S[\s\S]*)$/i;
/** A pattern that matches the whole of one of `alternatives` (any case); each keeps its own groups. */
function wholeOneOf(alternatives: readonly string[]): RegExp {
  return new RegExp(`^(?:${alternatives.map((each) => `(?:${each})`).join('|')})$`, 'i');
}

/** The first group of a match that took part in it: the words of whichever alternative matched. */
function firstGroup(match: RegExpExecArray | null): string | undefined {
  return match?.slice(1).find((group) => group !== undefined)?.trim();
}

/** Words that stand for somebody without naming them (`when will it be done` is about the testbed talked about). */
const NOT_A_PRONOUN = String.raw`(?!(?:it|this|that|they|you|we|he|she|i|everything|everyone|everybody)\s)`;
/**
 * A person asked about by name (group 1 to 9): `what does Linus have`, `what is Linus using`, `which testbeds has Linus
 * booked`, `does Linus have a testbed`, `is Linus using anything`, `Linus's bookings`, `show me Linus's testbeds`,
 * `bookings of Linus`, `testbeds held by Linus`, `what's booked by Linus`, `when will Linus be done`, `is Linus done yet`, `how many
 * testbeds does Linus have`.
 */
const HOLDER_ASKED = wholeOneOf([
  String.raw`(?:what|which)(?:\s+testbeds?|\s+ones?)?\s+(?:does|do)\s+(\S[\s\S]*?)\s+(?:have|hold|own)(?:\s+(?:booked|right\s+now|now|at\s+the\s+moment))?`,
  String.raw`(?:what|which)(?:\s+testbeds?|\s+ones?)?(?:['’]s|\s+is|\s+are|\s+has|\s+have)\s+(\S[\s\S]*?)\s+(?:using|holding|got|booked|working\s+on)(?:\s+(?:right\s+now|now|at\s+the\s+moment))?`,
  String.raw`(?:does|has|is)\s+(\S[\s\S]*?)\s+(?:have|got|hold|holding|using|booked)\s+(?:a|any)\s*(?:testbeds?|bookings?|thing)(?:\s+(?:booked|right\s+now|now|at\s+the\s+moment))?`,
  String.raw`(?:(?:show|list|get)(?:\s+me)?\s+)?(\S[\s\S]*?)(?:['’]s|(?<=s)['’])\s+(?:bookings?|testbeds?|reservations?|stuff|things)`,
  String.raw`which\s+(?:testbeds?|ones?)\s+(?:is|are)\s+(\S[\s\S]*?)\s+on(?:\s+(?:right\s+now|now|at\s+the\s+moment))?`,
  String.raw`what(?:['’]s|\s+is)\s+${NOT_A_PRONOUN}(\S[\s\S]*?)\s+on(?:\s+(?:right\s+now|now|at\s+the\s+moment|today))?`,
  String.raw`(?:(?:show|list)(?:\s+me)?\s+)?(?:the\s+)?(?:(?:bookings?|testbeds?)\s+(?:of|by|held\s+by|booked\s+by)|(?:what(?:['’]s|\s+is)\s+)?(?:held|booked)\s+by)\s+(\S[\s\S]*?)`,
  String.raw`(?:when\s+(?:will|would)\s+${NOT_A_PRONOUN}(\S[\s\S]*?)\s+be\s+(?:done|finished|through)|is\s+${NOT_A_PRONOUN}(\S[\s\S]*?)\s+(?:done|finished|through)\s+yet)`,
  String.raw`how\s+many\s+(?:testbeds|bookings)\s+(?:does|has)\s+${NOT_A_PRONOUN}(\S[\s\S]*?)\s+(?:have|got|hold|booked)(?:\s+(?:right\s+now|now))?`,
]);

/** Words that are a person's name or email as typed: one to four words of letters (`Linus`, `Jean-Luc Picard`, `O'Neil`). */
const PERSON_WORDS = /^(?:@?[\p{L}][\p{L}'’.-]*(?:\s+[\p{L}][\p{L}'’.-]*){0,3}|[^\s@]+@[^\s@]+\.[^\s@]+)$/u;
/** The whole lab, asked about as a person would be (`what does everyone have`). */
const EVERYONE = /^(?:everyone|everybody|anyone|anybody|someone|somebody|people|we|the\s+team|the\s+lab)$/i;

/**
 * A person asked about (`what does Linus have`, `Linus's bookings`): the words naming them, `everyone` for the whole lab,
 * or undefined for other text. Whether anyone holding a testbed is called so is for the status view to say.
 */
export function holderAsked(command: string): string | undefined {
  const match = HOLDER_ASKED.exec(command);
  // `book Linus's testbed`, `take Linus's booking`: a command before the person is no part of their name.
  const words = firstGroup(match)?.replace(COMMAND_BEFORE_PERSON, '');
  if (words === undefined) return undefined;
  // `what testbeds do you have`, asked of the bot: the lab's (`what are you working on` is not about the lab).
  if (EVERYONE.test(words) || (match?.[1] !== undefined && /^you(?:\s+guys)?$/i.test(words))) return 'everyone';
  return isPersonWords(words) ? words : undefined;
}

/** `lately`, `this week`, `last month` after what a person did: their past bookings (30 days of them). */
const PAST_WINDOW = String.raw`(?:\s+(?:lately|recently|today|yesterday|(?:this|last|the\s+last|the\s+past|past)\s+(?:week|month|\d{1,2}\s+days)))`;
/**
 * Somebody's past bookings asked about (group 1 to 4): `what did Linus book`, `what has Linus used this week`, `Linus's
 * history`, `history of Linus`, `past bookings of linus@example.com`.
 */
const PERSON_HISTORY = wholeOneOf([
  String.raw`what\s+(?:testbeds?\s+)?did\s+(\S[\s\S]*?)\s+(?:book|use|have|hold)${PAST_WINDOW}?`,
  String.raw`what\s+(?:testbeds?\s+)?(?:has|have)\s+(\S[\s\S]*?)\s+(?:booked|used|had|held)${PAST_WINDOW}`,
  String.raw`(?:(?:show|list|get)(?:\s+me)?\s+)?(\S[\s\S]*?)(?:['’]s|(?<=s)['’])\s+(?:history|past\s+bookings|usage|bookings${PAST_WINDOW})`,
  String.raw`(?:(?:show|list|get)(?:\s+me)?\s+)?(?:the\s+)?(?:history|past\s+bookings|usage)\s+(?:of|for|by)\s+(\S[\s\S]*?)${PAST_WINDOW}?`,
]);

/** Somebody's past bookings asked about (`what did Linus book`): the words naming them, or undefined. */
export function personHistoryAsked(command: string): string | undefined {
  const words = firstGroup(PERSON_HISTORY.exec(command));
  return words !== undefined && isPersonWords(words) && !EVERYONE.test(words) ? words : undefined;
}

/** A command word at the start of the words before `'s bookings` (`book Linus's testbed`): not the person's name. */
const COMMAND_BEFORE_PERSON = /^(?:extend|renew|prolong|release|cancel|free|end|book|register|reserve|take|grab|use|give|hand|transfer|kick|ping|ask|check|see|view|find)\s+(?=\S)/i;

/** Whether typed words can name a person (a name of letters, or an email), not `me`, `it` or `the demo`. */
export function isPersonWords(words: string): boolean {
  return PERSON_WORDS.test(words) && !/^(?:i|me|my|you|your|we|us|our|he|she|they|it|this|that|the\s+\S+)$/i.test(words);
}

/**
 * `history lab-3`, `lab-3 history`, `who had lab-3 last?`, `who used lab-3 this week`, `when was lab-3 last used`, `who booked lab-3 last week`:
 * that testbed's bookings of the last 30 days.
 */
const HISTORY_NAMED =
  /^(?:(?:(?:show|view|see|open|check|get)(?:\s+me)?\s+)?(?:the\s+)?history(?:\s+(?:of|for))?\s+(\S[\s\S]*)|who(?:['’]?s|\s+has)?\s+(?:had|used|been\s+on|was\s+on)\s+(\S[\s\S]*?)(?:\s+(?:last|before|recently|lately|before\s+me|today|yesterday|(?:the\s+)?most|(?:this|last|past)\s+(?:week|month)|in\s+the\s+(?:last|past)\s+(?:week|month|\d{1,2}\s+days)))?|when\s+was\s+(\S[\s\S]*?)\s+last\s+(?:used|booked|in\s+use|taken)|who\s+(?:booked|held|reserved|had\s+booked)\s+(\S[\s\S]*?)\s+(?:yesterday|earlier(?:\s+today)?|before|recently|lately|(?:last|this|past)\s+(?:week|month|night|friday|monday|tuesday|wednesday|thursday)|in\s+the\s+(?:last|past)\s+(?:week|month|\d{1,2}\s+days)))$/i;
/**
 * `my history`, `my past bookings`, `what did I book lately`, `how much have I used this week`, `how often do I book`, `what happened to my booking`,
 * `who released my testbed`: the person's own bookings of the last 30 days (each says how it ended).
 */
export const MY_HISTORY =
  /^(?:how\s+(?:often|much)\s+(?:do|did|have)\s+i\s+(?:book(?:ed)?|use[ds]?|reserve[ds]?)(?:\s+(?:testbeds|the\s+lab))?|(?:(?:show|export|download)\s+(?:me\s+)?)?my\s+(?:history|stats|usage|past\s+bookings|old\s+bookings|booking\s+history|bookings\s+(?:last|this|of\s+the\s+last)\s+(?:week|month))|history\s+(?:of\s+)?mine|what\s+did\s+i\s+(?:book|use|have)(?:\s+(?:lately|recently|before|today|yesterday|this\s+(?:week|month)|last\s+(?:week|month)))?|what\s+have\s+i\s+(?:booked|used|had)\s+(?:lately|recently|before|this\s+(?:week|month)|last\s+(?:week|month))|how\s+much\s+(?:have\s+i|did\s+i)\s+(?:used?|booked?)(?:\s+(?:this|last)\s+(?:week|month)|\s+lately|\s+recently)?|what\s+happened\s+to\s+my\s+(?:booking|testbed|reservation)|(?:(?:show\s+(?:me\s+)?)?(?:the\s+)?history\s+of\s+my\s+(?:bookings|testbeds|reservations))|(?:what\s+(?:was|were)\s+)?my\s+(?:last|previous|recent)\s+(?:booking|reservation|testbed)s?|how\s+much\s+did\s+i\s+use\s+the\s+lab(?:\s+(?:this|last)\s+(?:week|month))?|how\s+many\s+hours\s+(?:did|have)\s+i\s+(?:book|use|booked|used)(?:\s+(?:this|last)\s+(?:week|month))?|where\s+(?:did|has)\s+my\s+(?:booking|testbed|reservation)\s+(?:go|gone)|who\s+released\s+my\s+(?:booking|testbed|reservation)|why\s+(?:did|was)\s+my\s+(?:booking|testbed|reservation)\s+(?:get\s+)?(?:released|cancell?ed|ended))$/i;
/** `lab-3 history`, `lab-3 log`, `show lab-3 log`, `lab-3 activity`, `lab-3 usage`, `lab-3 audit`: the name first (only when it is a testbed's). */
const NAME_HISTORY = /^(?:(?:show|view|see|open|check|get)(?:\s+me)?\s+(?:the\s+)?)?(\S[\s\S]*?)\s+(?:history|logs?|activity|usage|stats|audit(?:\s+(?:log|trail))?)$/i;
/**
 * `log lab-3`, `audit lab-3`, `what happened to lab-3`, `who released lab-3`, `when was lab-3 released`, `last user of lab-3`: its
 * history too, when the words name a testbed (`what happened to my build` does not).
 */
const HISTORY_SAID =
  /^(?:(?:show\s+)?(?:the\s+)?(?:logs?|activity|audit(?:\s+(?:log|trail))?)(?:\s+(?:of|for|on))?\s+(\S[\s\S]*?)|(?:who\s+(?:was|is)\s+)?(?:the\s+)?(?:last|previous|prior|former)\s+(?:users?|holders?|owners?|bookings?)\s+(?:of|on|for)\s+(\S[\s\S]*?)|what\s+happened\s+(?:to|with|on)\s+(\S[\s\S]*?)|who\s+(?:released|freed|returned)\s+(\S[\s\S]*?)(?:\s+last)?|when\s+was\s+(\S[\s\S]*?)\s+(?:last\s+)?(?:released|freed|returned)|(?:the\s+)?last\s+time\s+(\S[\s\S]*?)\s+was\s+(?:free|used|booked|released|available|in\s+use)|why\s+(?:was|did)\s+(\S[\s\S]*?)\s+(?:get\s+)?(?:released|freed))$/i;
export const HISTORY_HELP = 'Type history and a testbed’s name, for example history lab-3, to see who had it in the last 30 days (report shows the whole lab’s usage).';

/** The testbed `history …` names, as typed, or undefined when the text is not a history question. */
export function historyName(command: string, testbeds: readonly Pick<TestbedRecord, 'testbed_name'>[]): string | undefined {
  const asked = HISTORY_NAMED.exec(command)?.slice(1).find((group) => group !== undefined);
  if (asked !== undefined) return withoutWindow(asked.trim(), testbeds);
  const said = HISTORY_SAID.exec(command.replace(WINDOW, ''))?.slice(1).find((group) => group !== undefined);
  if (said !== undefined && 'found' in findByTypedName(testbeds, said.trim())) return said.trim();
  const named = NAME_HISTORY.exec(command.replace(WINDOW, ''));
  return named && 'found' in findByTypedName(testbeds, named[1]) ? named[1].trim() : undefined;
}

/** `last week`, `this month`, `in the past 7 days`, `lately`, `on friday` after what is asked about: the history covers 30 days anyway. */
export const WINDOW =
  /\s+(?:(?:for|over|in|during)\s+)?(?:(?:this|last|the\s+last|the\s+past|past|previous)\s+(?:week|month|\d{1,2}\s+days)|today|yesterday|lately|recently|(?:on\s+|last\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)day)$/i;

/** `lab-3 last week`: the testbed, when the words before the window name one (else the words as typed). */
export function withoutWindow(name: string, testbeds: readonly Pick<TestbedRecord, 'testbed_name'>[]): string {
  const shorter = name.replace(WINDOW, '');
  return shorter !== name && !('found' in findByTypedName(testbeds, name)) && 'found' in findByTypedName(testbeds, shorter) ? shorter : name;
}

/** `release all`, `release all mine`, `release all my testbeds`. */
export const RELEASE_ALL = /^release\s+all(?:\s+(?:mine|(?:of\s+)?my\s+testbeds?))?$/i;
/** A typed name longer than any testbed's is cut here (it is only looked up and quoted back). */
export const MAX_TYPED_NAME = 80;
/** A typed list of testbeds (`wait lab-3 or lab-5`) is read from this many characters at most. */
export const MAX_TYPED_LIST = 400;

/** The names in `either lab-3 or lab-5`, `any of lab-3, lab-5`, `both lab-3 and lab-5`, `lab-3 or lab-5, whichever is free first`. */
export function eitherWords(typed: string): string {
  return typed
    .trim()
    .replace(/^(?:either(?:\s+of)?|(?:any|one)(?:\s+one)?\s+of|both)\s+/i, '')
    .replace(/,?\s+(?:whichever|whatever)\b.*$/i, '');
}

/**
 * `purpose lab-3 soak test`, `change the purpose of lab-3 to soak test`, `new purpose for lab-3: soak test`,
 * `change my purpose`, `purpose should be regression`, `rename my purpose to regression`: the form for a booking's new purpose.
 * Group 1: the words after the command, if any.
 */
export const PURPOSE_TYPED =
  /^(?:(?:change|set|update|edit|fix|new|rename)\s+(?:the\s+|my\s+)?purpose|(?:the\s+|my\s+)?purpose(?:\s+(?:should\s+be|is|=))?)\s*:?(?:\s+(?:of|for|on|to)(?=\s))?(?:\s+(\S[\s\S]*))?$/i;

/** What `purpose …` names: the testbed, when the words start with one, and the new purpose, when any is left. */
export interface TypedPurpose<T> {
  testbed?: T;
  purpose?: string;
}

/**
 * `lab-3 to soak test`, `lab-3: soak test`, `lab-3 soak test`, `to soak test`, `soak test`: the testbed named
 * first (before `to`, `:` or a dash; else the longest run of first words that names one, as a whole name or
 * the only one starting so) and the purpose after it. Words naming no testbed are all purpose.
 */
export function readTypedPurpose<T extends Pick<TestbedRecord, 'testbed_name'>>(words: string, testbeds: readonly T[]): TypedPurpose<T> {
  const typed = words.trim();
  const purposeOf = (rest: string): { purpose?: string } => {
    const purpose = rest.trim().replace(/^(?:to|:|[-–—])\s*/i, '').trim();
    return purpose === '' ? {} : { purpose };
  };
  // A name is never longer than MAX_TYPED_NAME: only the first words can be one.
  const head = typed.slice(0, MAX_TYPED_NAME + 1);
  for (const separator of head.matchAll(/\s+to\s+|\s*:\s*|\s+[-–—]\s+/gi)) {
    const named = findByTypedName(testbeds, typed.slice(0, separator.index));
    if ('found' in named) return { testbed: named.found, ...purposeOf(typed.slice(separator.index + separator[0].length)) };
  }
  const spaces = [...head.matchAll(/\s+/g)].map((space) => space.index).reverse();
  for (const end of [...(typed.length <= MAX_TYPED_NAME ? [typed.length] : []), ...spaces]) {
    const named = findByTypedName(testbeds, typed.slice(0, end));
    if ('found' in named) return { testbed: named.found, ...purposeOf(typed.slice(end)) };
  }
  return purposeOf(typed);
}

/**
 * `release lab-3 at 16:00`, `I'll be done with lab-3 by 4pm`, `I'll release lab-3 in 2 hours`, `lab-3 will be free at 5pm`,
 * `I'll be done at 4pm`, `releasing in 10`, `finishing at 4`, `I'll free it up in 15 minutes`, `I'll be off lab-3 by 3`, `out of
 * lab-3 in 15`, `should be done by 5`, `will release at 4`, `wrapping up lab-3 in 10`, `free lab-3 at 6`, `lab-3 is all yours in 5`,
 * `lab-3 done in 5`: the person expects to be done then. Group 1: the testbed and the time (`lab-3 at 16:00`), or the time alone; group
 * 2: the testbed and group 3 the time, of `lab-3 will be free at 5pm` (or `lab-3 is yours in 10`).
 */
const DONE_BY =
  /^(?:(?:release|releasing|finishing|(?:i(?:['’]?ll|\s+will)|will|(?:i(?:['’]?m|\s+am)\s+)?(?:going|about)\s+to)\s+release|i(?:['’]?ll|\s+will)\s+(?:be\s+)?(?:done|finished|finishing|through|free(?:\s+(?:it|this|that))?(?:\s+up)?|give\s+back|hand\s+back|return|off|out\s+of)(?:\s+with)?|(?:i\s+)?should\s+be\s+(?:done|finished|through)(?:\s+with)?|(?:i(?:['’]?m|\s+am)\s+)?wrapping\s+up(?:\s+(?:with|on))?|free(?:\s+up)?|(?:i(?:['’]?ll|\s+will)\s+be\s+)?out\s+of)\s+(\S[\s\S]*)|(\S[\s\S]*?)\s+(?:(?:will|should)\s+be\s+(?:free|back|available|released|done|yours)|is\s+(?:all\s+)?yours|(?:is\s+)?done)\s+((?:at|by|around|in|before)\s+\S[\s\S]*))$/i;
/** Where a time may start in the words after the command: ` at `, ` by `, ` around `, ` in `, ` before `, ` after ` (or at the very start). */
const TIME_WORD = /(?:^|\s+)(at|by|around|in|before|after)\s+(?=\S)/gi;

/** One reading of `release lab-3 at 16:00`: the testbed as typed (absent: not named) and the time as a phrase the time reader takes. */
export interface TypedDoneBy {
  name?: string;
  /** `until 16:00` (from `at`, `by`, `around`, `before`) or `for 2 hours` (from `in`). */
  phrase: string;
}

/**
 * The readings of words that say when the person will be done with a testbed, the shortest name first (a name may
 * hold `at` or `in` itself: `Rack in lab 2 at 16:00`); none when they say nothing of the kind. Whether a phrase is
 * a time, and a name a testbed's, is for the caller to check (with the clock and the lab at hand).
 */
export function readTypedDoneBy(command: string): TypedDoneBy[] {
  const match = DONE_BY.exec(command);
  if (!match) return [];
  const reading = (name: string, word: string, time: string): TypedDoneBy => {
    // `after lunch` keeps its word: `until after lunch` is 13:00 (`after 5pm` reads as no time, and nothing is set).
    // `done in 10`: a bare number after `in` is minutes, as said aloud.
    const said = /^in$/i.test(word) && /^\d{1,3}$/.test(time.trim()) && Number(time.trim()) <= 120 ? `${time.trim()} minutes` : time.trim();
    const phrase = `${/^in$/i.test(word) ? 'for' : /^after$/i.test(word) ? 'until after' : 'until'} ${said}`;
    return name.trim() === '' ? { phrase } : { name: name.trim().slice(0, MAX_TYPED_NAME), phrase };
  };
  if (match[2] !== undefined) {
    const [word, ...time] = match[3].split(/\s+/);
    return [reading(match[2], word, time.join(' '))];
  }
  // A name is never longer than MAX_TYPED_NAME: the time starts within reach of the start.
  const words = match[1];
  const readings = [...words.slice(0, MAX_TYPED_NAME + 12).matchAll(TIME_WORD)]
    .slice(0, 6)
    .map((at) => reading(words.slice(0, at.index), at[1], words.slice(at.index + at[0].length)));
  // `release lab-3 tonight`, `release everything eod`: a part of the day said without a word before it.
  const part = DAY_PART_AFTER.exec(words);
  return part === null ? readings : [...readings, reading(words.slice(0, part.index), 'by', part[1])];
}

/** A part of the day at the end of the words, said without `at` or `by`: `tonight`, `eod`, `end of day`, `tomorrow morning`. */
const DAY_PART_AFTER = /(?:^|\s+)((?:tonight|this\s+(?:evening|afternoon)|eod|cob|(?:the\s+)?end\s+of\s+(?:the\s+)?day|tomorrow(?:\s+morning)?))$/i;

/** `extend lab-3`, `extend 2h`, `extend lab-3 by 2 hours`: their bookings, with lab-3 chosen and an Extend button of that length. */
export const EXTEND_NAMED = /^extend\s+(\S[\s\S]*)$/i;

/**
 * `extend Linus's booking by 2 hours`, `extend all of Linus's bookings`, `extend the booking of Linus until 6pm`, as the
 * words after `extend`: the person (group 1 or 3) and the length or time after them (group 2 or 4).
 */
const PERSON_BOOKING =
  /^(?:(?:all|both)\s+(?:of\s+)?)?(?:(?:the\s+)?(?:bookings?|testbeds?|reservations?)\s+(?:of|by|held\s+by)\s+(\S[\s\S]*?)(?:\s+((?:by|for|until|till|to)\s+\S[\s\S]*))?|(\S[\s\S]*?)(?:['’]s|(?<=s)['’])\s+(?:bookings?|testbeds?|reservations?)(?:\s+(\S[\s\S]*))?)$/i;

/** `extend Linus's booking by 2 hours`: the words that name the person and what follows them; undefined when no person is named so. */
export function personBookingAsked(words: string): { person: string; rest: string } | undefined {
  const match = PERSON_BOOKING.exec(words.trim());
  if (!match) return undefined;
  const person = (match[1] ?? match[3]).trim();
  return isPersonWords(person) && !EVERYONE.test(person) ? { person, rest: (match[2] ?? match[4] ?? '').trim() } : undefined;
}

/** What `extend <words>` asks for: the testbed named, when the lab has it, and a length or a time, when one was typed. */
export interface TypedExtend<T> {
  testbed?: T;
  minutes?: number;
  /** `until 18:00` (as `until …`, whatever word came first: `to`, `till`; `over the weekend`, `overnight` as typed), read with the clock where it is used. */
  until?: string;
  /** True when every word was read (a name the lab has, a length, or both): lab data, no words a person wrote. */
  whole: boolean;
  /** Said of every booking of theirs, with a length or a time (`extend all my bookings by 2 hours`, `extend both until 6pm`). */
  all?: true;
}

/**
 * `extend 2h`; `extend lab-3 by 2 hours`, `for a day`, `until 18:00` (a time: only lab-3 is read);
 * `extend lab-3 2h`, `extend TB-04 SD-WAN pod another hour` (a length after the name, without `by`).
 */
export function readTypedExtend<T extends Pick<TestbedRecord, 'testbed_name'>>(words: string, testbeds: readonly T[]): TypedExtend<T> {
  // `extend lab-3 +2h`: the plus says nothing more.
  const typed = words.trim().replace(/(^|\s)\+(?=\d)/, '$1');
  // `extend my booking until friday`, `extend all my bookings by an hour`: their bookings, which the card lists anyway.
  const theirs = THEIR_BOOKINGS.exec(typed);
  if (theirs && !('found' in findByTypedName(testbeds, typed))) {
    const read = readExtendWords(typed.slice(theirs[0].length), testbeds);
    if (read.testbed === undefined && (read.minutes !== undefined || read.until !== undefined)) return EVERY_BOOKING.test(theirs[0].trim()) ? { ...read, all: true } : read;
  }
  const read = readExtendWords(typed, testbeds);
  return read.testbed !== undefined || read.minutes !== undefined || read.until !== undefined ? read : (severalNamed(typed, testbeds) ?? read);
}

/** Between the names of several testbeds typed at once: `lab-3 and lab-5`, `lab-3, lab-5`, `lab-3 & lab-5`. */
export const NAMES_APART = /\s*(?:,|\s(?:and|&)\s)\s*/i;

/**
 * `extend lab-3 and lab-5 by 2 hours`: several testbeds, then `by`, `for` or `until` and a length or a time: the length or
 * time alone (their bookings, each with its own button), undefined for other words.
 */
function severalNamed<T extends Pick<TestbedRecord, 'testbed_name'>>(typed: string, testbeds: readonly T[]): TypedExtend<T> | undefined {
  const clause = /\s+(?:by|for|until|till|to)\s+\S/i.exec(typed);
  if (!clause) return undefined;
  const names = typed.slice(0, clause.index).split(NAMES_APART);
  if (names.length < 2 || !names.every((name) => 'found' in findByTypedName(testbeds, name))) return undefined;
  const rest = typed.slice(clause.index);
  const minutes = readTypedExtension(rest);
  if (minutes !== null) return { minutes, whole: true };
  const until = untilPhrase(rest.trim());
  return until === undefined ? undefined : { until, whole: true };
}

/** `my booking`, `all my bookings`, `everything`, `all mine`, `both of them` before the length or time an extension asks for. */
const THEIR_BOOKINGS =
  /^(?:(?:all\s+(?:of\s+)?|both\s+(?:of\s+)?)?my\s+(?:bookings?|testbeds?|reservations?)|everything|all\s+(?:of\s+)?(?:mine|them)|both(?:\s+of\s+them)?|all|mine|them\s+all)\s+(?=\S)/i;
/** Of those, the words that say every booking (not `my booking`, nor `mine`, which may be the one they hold). */
const EVERY_BOOKING = /^(?:(?:all|both)\b[\s\S]*|my\s+(?:bookings|testbeds|reservations)|everything|them\s+all)$/i;

/**
 * What `extend` is followed by: a length or a time alone, or a testbed and then one; when neither is read, the same
 * before a reason (`extend lab-3 2h for the soak`, `by 2h because the soak is still running`, `2h, soak still
 * running`), which an extension does not keep (so not every word was read).
 */
function readExtendWords<T extends Pick<TestbedRecord, 'testbed_name'>>(typed: string, testbeds: readonly T[]): TypedExtend<T> {
  // `still need it, give me 2 more hours`: the booking talked about, then the time asked for.
  const afterIt = /^(?:it|this|that)\s*[,;:.!-]+\s*(?:(?:give\s+me|i\s+need|need)\s+)?(\S[\s\S]*)$/i.exec(typed)?.[1];
  const asked = afterIt === undefined ? undefined : readExtendOnly(afterIt, testbeds);
  if (asked !== undefined && asked.testbed === undefined && isMoreTime(asked)) return asked;
  const read = readExtendOnly(typed, testbeds);
  if (isMoreTime(read)) return read;
  for (const reason of [...typed.slice(0, EXTEND_BEFORE_REASON_MAX).matchAll(EXTEND_REASON)].slice(0, EXTEND_REASON_TRIES)) {
    const why = typed.slice(reason.index + reason[0].length);
    const before = why === '' ? undefined : readExtendOnly(typed.slice(0, reason.index), testbeds);
    // A second length or time (`2h, 3h`, `2h for tomorrow`) is no reason but a different ask.
    const otherTime = (): boolean => why.length <= MAX_TIME_WORDS && (readTypedExtension(why) !== null || untilPhrase(why) !== undefined);
    if (before !== undefined && isMoreTime(before) && !otherTime()) return { ...before, whole: false };
  }
  return read;
}

/**
 * A reason is looked for within this many characters, after one of the first few marks: a testbed's name and a length or time come
 * before it.
 */
const EXTEND_BEFORE_REASON_MAX = 160;
const EXTEND_REASON_TRIES = 6;
/** Words after the reason's mark longer than this are no second length or time. */
const MAX_TIME_WORDS = 80;
/** Before a reason given with an extension: a comma, a dash, `for`, `because`, `since`, `as`. */
const EXTEND_REASON = /\s*[,;:]\s*|\s+-+\s+|\s+(?:for|because(?:\s+of)?|cause|cuz|coz|since|as|so)\s+/gi;

/** True when an extension's words asked for more time: a length or a time. */
export const isMoreTime = (read: { minutes?: number; until?: string }): boolean => read.minutes !== undefined || read.until !== undefined;

/** What `extend` is followed by, read once: a length or a time alone, or a testbed and then one. */
function readExtendOnly<T extends Pick<TestbedRecord, 'testbed_name'>>(typed: string, testbeds: readonly T[]): TypedExtend<T> {
  const alone = readTypedExtension(typed);
  if (alone !== null) return { minutes: alone, whole: true };
  const untilAlone = untilPhrase(typed);
  if (untilAlone !== undefined) return { until: untilAlone, whole: true };
  // The name before `by`, `for`, `until`, `to`; else before the last one, two or three words.
  const clause = /\s+(?:by|for|until|till|to|over)\s+\S/i.exec(typed);
  const spaces = [...typed.matchAll(/\s+/g)].slice(-3).map((space) => space.index);
  for (const end of [clause?.index, ...spaces.reverse()]) {
    if (end === undefined || end === 0) continue;
    const named = findByTypedName(testbeds, typed.slice(0, end));
    if (!('found' in named)) continue;
    const rest = typed.slice(end);
    const minutes = readTypedExtension(rest);
    if (minutes !== null) return { testbed: named.found, minutes, whole: true };
    const until = untilPhrase(rest.trim());
    if (until !== undefined) return { testbed: named.found, until, whole: true };
    if (end === clause?.index) return { testbed: named.found, whole: false };
  }
  const named = findByTypedName(testbeds, typed);
  return 'found' in named ? { testbed: named.found, whole: true } : { whole: false };
}

/**
 * `until 18:00`, `to 6pm`, `till friday`, `5pm`: the words as `until …` when they are a time (whether they
 * are does not depend on the clock, so any instant serves here), else undefined. A stretch that ends
 * (`over the weekend`, `for the afternoon`, `overnight`) stays as typed.
 */
function untilPhrase(words: string): string | undefined {
  if (/^(?:over\s|for\s+(?:the|this|next)\s|overnight$)/i.test(words) && isTypedTime(words)) return words;
  // `extend lab-3 5pm`, `extend lab-3 noon`: a time with no word before it (a length was read before this).
  // (`through the weekend` is over it; `through friday` until friday.)
  if (/^(?:through|thru)\s+(?:the\s+|this\s+)?weekend$/i.test(words)) return 'over the weekend';
  const match = /^(?:(?:until|till|til|to|by|through|thru)\s+)?(\S.*)$/is.exec(words);
  if (!match) return undefined;
  const phrase = `until ${match[1]}`;
  return isTypedTime(phrase) ? phrase : undefined;
}

/** `switch`, `swap testbeds`, `change my booking to another testbed`, `can I switch?`: a switch with no testbed named. */
export const SWITCH_ASKED =
  /^(?:(?:can|could|may)\s+i\s+|i\s+(?:want|would\s+like|['’]?d\s+like|need)\s+to\s+|how\s+(?:do|can)\s+i\s+)?(?:(?:switch|swap)(?:\s+(?:my\s+|the\s+)?(?:testbeds?|bookings?|reservations?))?|(?:change|move)\s+(?:my\s+|the\s+)?testbeds?|(?:change|move)(?:\s+(?:my\s+|the\s+)?(?:testbeds?|bookings?|reservations?))?(?=\s+(?:to|for)\s))(?:\s+(?:to|for)\s+(?:another|a\s+different|a\s+new|a\s+free|other|some\s+other)\s+(?:testbed|one))?$/i;
/** `switch to TB-04`, `swap lab-3 for TB-04`, `move my booking to TB-04`: the verb (group 1), what moves (2) and where to (3). */
const SWITCH_TO =
  /^(?:(?:can|could|may)\s+(?:i|we|you)\s+|i\s+(?:want|would\s+like|['’]?d\s+like|need)\s+to\s+|let\s+me\s+)?(switch|swap|move|change|exchange|trade|transfer)\s+(?:(\S.*?)\s+)??(?:over\s+)?(?:to|for|with|into|onto)\s+(\S.*?)(?:\s+instead)?$/i;
/** `book TB-04 instead of lab-3` (`I want TB-04 instead of lab-3` reads so): where to (group 1), what moves (2). */
const INSTEAD_OF = /^(?:book|take|use|register|reserve)\s+(\S.*?)\s+instead\s+of\s+(\S.*)$/i;
/** `release lab-3 and book TB-04` (`done with lab-3, book TB-04 instead` reads so): what moves (group 1), where to (2). */
const RELEASE_THEN_BOOK =
  /^release\s+(\S.*?)(?:\s*[,;]\s*(?:and\s+)?(?:then\s+)?|\s+(?:and\s+)?then\s+|\s+and\s+)(?:book|take|register|reserve|grab|use|(?:can|could|may)\s+i\s+(?:have|get|take|book))\s+(\S.*?)(?:\s+instead)?$/i;
/** `swap lab-3 and TB-04`, `switch between lab-3 and TB-04`: what moves (group 1), where to (2), when both are testbeds. */
const SWAP_AND = /^(?:swap|switch|exchange|trade)\s+(?:between\s+)?(\S.*?)\s+and\s+(\S.*)$/i;
/** `book TB-04 and release lab-3`: where to (group 1), what moves (2). */
const BOOK_THEN_RELEASE = /^(?:book|take|register|reserve|grab)\s+(\S.*?)(?:\s*[,;]\s*(?:and\s+)?|\s+and\s+)(?:then\s+)?release\s+(\S.*)$/i;
/** The words for a person's booking, not naming a testbed: `me`, `my booking`, `my reservation`, `testbeds`. */
const BOOKING_WORDS = /^(?:(?:me|us|it|over|my|mine|bookings?|testbeds?)|(?:(?:from\s+)?(?:my|the|our)\s+)?(?:current\s+)?(?:bookings?|reservations?|testbeds?)(?:\s+over)?)$/i;
/** `my booking of lab-3`, `the booking on lab-3`, `my lab-3 booking`, `from lab-3`: the testbed named (group 1 or 2). */
const BOOKING_OF = /^(?:(?:from\s+)?(?:my|the|our)\s+(?:bookings?|reservations?)\s+(?:of|on|for|from)\s+(\S.*)|(?:from\s+)?(?:my|the|our)\s+(\S.*?)\s+(?:bookings?|reservations?)|from\s+(\S.*))$/i;

/**
 * A booking to move to another testbed: `to`, the testbed's name as typed, and `from`, the booking's (none when the
 * words say only "my booking"). `strict`: the words can only mean a switch (`switch to …`, `swap my booking for …`),
 * so a name no testbed has is answered; otherwise (`move lab-3 to friday`, `change my booking to 6pm`) words that
 * name no testbed are some other command's. Undefined when the words are no switch at all.
 */
export function readTypedSwitch(command: string): { to: string; from?: string; strict: boolean } | undefined {
  const words = command.slice(0, 4 * MAX_TYPED_NAME);
  const instead = INSTEAD_OF.exec(words) ?? BOOK_THEN_RELEASE.exec(words);
  if (instead) return { to: instead[1].trim(), from: instead[2].trim(), strict: false };
  const released = RELEASE_THEN_BOOK.exec(words);
  if (released) return { to: released[2].trim(), from: released[1].trim(), strict: false };
  const both = SWAP_AND.exec(words);
  if (both) return { to: both[2].trim(), from: both[1].trim(), strict: false };
  const said = SWITCH_TO.exec(words);
  if (said === null) return undefined;
  const middle = (said[2] ?? '').trim();
  const bookingOnly = middle === '' || BOOKING_WORDS.test(middle);
  const of = BOOKING_OF.exec(middle);
  const from = bookingOnly ? undefined : (of?.[1] ?? of?.[2] ?? of?.[3] ?? middle).trim();
  return { to: said[3].trim(), ...(from === undefined ? {} : { from }), strict: bookingOnly && /^(?:switch|swap)$/i.test(said[1]) };
}
