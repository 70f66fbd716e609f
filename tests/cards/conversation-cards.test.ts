import { describe, expect, it } from 'vitest';
import { ACTIONS } from '../../src/cards/actions.js';
import { MAX_CARD_BYTES, cardBytes } from '../../src/cards/common.js';
import { feedbackFormCard, feedbackFormText, feedbackThanksCard, feedbackThanksText } from '../../src/cards/feedback.card.js';
import { cancelledCard, cancelledText, errorCard, errorText, helpCard, helpText, hintCard, hintText, menuCard, menuText } from '../../src/cards/menu.card.js';
import {
  registerFormCard,
  registerFormText,
  registerRefusedCard,
  registerRefusedText,
  registeredCard,
  registeredText,
} from '../../src/cards/register.card.js';
import {
  releaseFormCard,
  releaseFormText,
  releaseRefusedCard,
  releaseRefusedText,
  releasedByOtherText,
  releasedCard,
  releasedText,
} from '../../src/cards/release.card.js';
import { statusCard, statusText } from '../../src/cards/status.card.js';
import type { AdaptiveCardJson } from '../../src/platform/port.js';
import { cardInputIds, cardProblems } from '../support/adaptive-cards.js';
import { NOW, ana, available, bob, inUse } from '../fixtures/flows/records.js';
import { inspectCard } from './card-walk.js';
import { seenCard } from '../support/card-text.js';
import { markupFormed, seenAlike, unLookAlike } from '../support/rendered-text.js';

const HOSTILE = '[x](http://evil) **b** <at>ana</at> _i_ `c` # h';
const mallory = { email: 'mallory<at>@example.com', name: HOSTILE };
const overdue = inUse(5, bob, { name: 'lab-overdue', until: '2026-03-10T07:00:00.000Z' });
const hostileBooking = inUse(4, mallory, { name: HOSTILE, purpose: HOSTILE });
const testbeds = [available(1), available(2, HOSTILE), inUse(3, ana), hostileBooking, overdue];
const zone = 'Europe/Berlin';

/** Every builder with ordinary and hostile input, and its fallback text. */
function everyCard(): Array<{ name: string; card: AdaptiveCardJson; text: string; continues: boolean }> {
  const registerInput = {
    available: testbeds.filter((record) => record.status === 'available'),
    inUse: testbeds.filter((record) => record.status === 'in_use'),
    now: NOW,
    timeZone: zone,
  };
  const withErrors = { ...registerInput, errors: { purpose: HOSTILE, form: 'odd' }, values: { purpose: HOSTILE, testbed_id: '2' } };
  const noneFree = { ...registerInput, available: [] };
  const releaseInput = { inUse: registerInput.inUse, requesterEmail: ana.email, now: NOW, timeZone: zone };
  const entries: Array<[string, AdaptiveCardJson, string, boolean]> = [
    ['menu', menuCard({ botName: HOSTILE }), menuText({ botName: HOSTILE }), false],
    ['help', helpCard({ botName: 'Testbed Monitor', version: '1.0.8' }), helpText({ botName: 'Testbed Monitor', version: '1.0.8' }), true],
    ['hint (did you mean)', hintCard({ suggestion: 'status' }), hintText({ suggestion: 'status' }), false],
    ['status', statusCard({ testbeds, now: NOW, timeZone: zone }), statusText({ testbeds, now: NOW, timeZone: zone }), true],
    ['status (empty)', statusCard({ testbeds: [], now: NOW, timeZone: 'UTC' }), statusText({ testbeds: [], now: NOW, timeZone: 'UTC' }), true],
    ['register form', registerFormCard(registerInput), registerFormText(registerInput), true],
    ['register form (errors)', registerFormCard(withErrors), registerFormText(withErrors), true],
    ['register form (none free)', registerFormCard(noneFree), registerFormText(noneFree), true],
    ['register form (no testbeds)', registerFormCard({ ...noneFree, inUse: [] }), registerFormText({ ...noneFree, inUse: [] }), true],
    ['registered', registeredCard({ record: hostileBooking, timeZone: zone, now: NOW }), registeredText({ record: hostileBooking, timeZone: zone, now: NOW }), true],
    ['register form (for a colleague)', registerFormCard({ ...registerInput, forPerson: mallory, forProblem: HOSTILE }), registerFormText({ ...registerInput, forPerson: mallory, forProblem: HOSTILE }), true],
    ['registered (for a colleague)', registeredCard({ record: hostileBooking, timeZone: zone, now: NOW, forColleague: true }), registeredText({ record: hostileBooking, timeZone: zone, now: NOW, forColleague: true }), true],
    ['register refused', registerRefusedCard({ record: hostileBooking, now: NOW, timeZone: zone, requesterEmail: ana.email }), registerRefusedText({ record: hostileBooking, now: NOW, timeZone: zone, requesterEmail: ana.email }), true],
    ['register refused (own)', registerRefusedCard({ record: inUse(3, ana), now: NOW, timeZone: zone, requesterEmail: 'ANA@example.com' }), registerRefusedText({ record: inUse(3, ana), now: NOW, timeZone: zone, requesterEmail: 'ANA@example.com' }), true],
    ['release form', releaseFormCard(releaseInput), releaseFormText(releaseInput), true],
    ['release form (errors)', releaseFormCard({ ...releaseInput, errors: { testbed_id: HOSTILE } }), releaseFormText(releaseInput), true],
    ['release form (nothing booked)', releaseFormCard({ ...releaseInput, inUse: [] }), releaseFormText({ ...releaseInput, inUse: [] }), true],
    ['released', releasedCard({ record: available(4, HOSTILE), previous: hostileBooking, timeZone: zone }), releasedText({ record: available(4, HOSTILE), previous: hostileBooking }), true],
    ['release refused', releaseRefusedCard({ record: available(2, HOSTILE) }), releaseRefusedText({ record: available(2, HOSTILE) }), true],
    ['feedback form', feedbackFormCard({ errors: { feedback_text: HOSTILE }, values: { feedback_text: HOSTILE } }), feedbackFormText(), true],
    ['feedback thanks', feedbackThanksCard(), feedbackThanksText(), false],
    ['cancelled', cancelledCard(), cancelledText(), false],
    ['error', errorCard({ message: HOSTILE }), errorText({ message: HOSTILE }), false],
  ];
  return entries.map(([name, card, text, continues]) => ({ name, card, text, continues }));
}

describe('every conversation card', () => {
  for (const { name, card, text, continues } of everyCard()) {
    it(`${name}: valid Adaptive Card 1.3 within the protocol's rules`, () => {
      expect(cardProblems(card)).toEqual([]);
      expect(card.version).toBe('1.3');
      expect(cardBytes(card)).toBeLessThan(MAX_CARD_BYTES);
      const walked = inspectCard(card);
      expect(walked.disallowedTypes).toEqual([]);
      expect(walked.actions.length).toBeGreaterThan(0);
      expect(walked.actions.length).toBeLessThanOrEqual(5);
      const known = new Set<string>(Object.values(ACTIONS));
      const inputIds = cardInputIds(card);
      for (const action of walked.actions) {
        expect(action.type).toBe('Action.Submit');
        expect(known.has(String(action.data?.action))).toBe(true);
        for (const key of Object.keys(action.data ?? {})) expect(inputIds).not.toContain(key);
      }
      if (continues) {
        expect(walked.actions.some((action) => ['cancel', 'menu'].includes(String(action.data?.action)))).toBe(true);
      }
    });

    it(`${name}: reads alike on every renderer and user text cannot inject markup`, () => {
      const seen = seenCard(card); // throws when a renderer would show something else
      for (const item of seen.all.filter((each) => each.markdown)) expect(markupFormed(item.source), item.source).toEqual([]);
      for (const item of seen.all) expect(item.source).not.toContain('\\');
    });

    it(`${name}: has a plain fallback text`, () => {
      expect(text.trim().length).toBeGreaterThan(10);
      expect(Buffer.byteLength(text)).toBeLessThan(7439);
      // eslint-disable-next-line no-control-regex
      expect(text).not.toMatch(/[\u0000-\u001F]/);
    });
  }

  it('the hostile text is really in the cards, read as typed, so the checks above bite', () => {
    const texts = seenCard(statusCard({ testbeds, now: NOW, timeZone: zone })).texts.map(unLookAlike);
    expect(texts).toContain(`● ${HOSTILE} · Available`);
    expect(texts).toContain(`Purpose: ${HOSTILE}`);
    expect(markupFormed(HOSTILE)).toEqual(expect.arrayContaining(['a', 'strong', 'em', 'code']));
  });
});

describe('menu, help, hint', () => {
  it('menu: title, prompt and the four menu buttons with data { action } only', () => {
    const card = menuCard({ botName: 'Testbed Monitor' });
    expect((card.body as Array<{ type: string }>).map((element) => element.type)).toEqual(['TextBlock', 'TextBlock']);
    expect((card.actions as Array<{ data: unknown }>).map((action) => action.data)).toEqual([
      { action: 'status' },
      { action: 'register' },
      { action: 'release' },
      { action: 'broadcast' },
    ]);
  });

  it('help lists the bot name, version and every flow', () => {
    const seen = seenCard(helpCard({ botName: 'Testbed Monitor', version: '1.0.8' }));
    expect(seen.heading).toBe('Testbed Monitor help');
    expect(seen.texts).toContain('Version 1.0.8. Type a command, or use the buttons.');
    // After the heading and the version line: each command in bold, its meaning right below it.
    const entries = seen.all.filter((item) => item.role === 'text').slice(1);
    const commands = entries.filter((item) => item.element.weight === 'Bolder').map((item) => item.text);
    expect(commands).toEqual([
      'testbed', 'status', 'status 5g', 'free (or what\'s free?)', 'register (or book)', 'register lab-3', 'release', 'release lab-3', 'mine (or extend)', 'purpose lab-3 soak test', 'give lab-3 to Linus', 'switch lab-3 to lab-5', 'wait lab-3', 'who has lab-3?', 'ask about lab-3', 'history lab-3', 'lab-3 is broken', 'rules', 'digest', 'report', 'broadcast', 'feedback', 'help', 'cancel',
    ]);
    const meaningOf = (command: string): string | undefined => {
      const at = entries.findIndex((item) => item.text === command && item.element.weight === 'Bolder');
      const next = entries[at + 1];
      return next && next.element.weight !== 'Bolder' ? next.text : undefined;
    };
    expect(meaningOf('release lab-3')).toBe('the same, with lab-3 already chosen (or: done with lab-3)');
    expect(meaningOf('register lab-3')).toBe(
      'the same, with lab-3 already chosen (book lab-3 for 2 hours, or until 18:00, fills in the time too; book lab-3 for Linus: for a colleague, who is told; lab3 or its number, book 3, name it too)',
    );
    expect(meaningOf('status 5g')).toBe('only the testbeds with that label (or the testbed with that name; labels: every label in use)');
    expect(meaningOf('lab-3 is broken')).toBe('tell the lab’s admins about a problem with lab-3, in your words');
    expect(meaningOf('mine (or extend)')).toBe('your bookings: extend, release, or release all (release lab-3 at 16:00: due back sooner, and whoever waits is told; extend all my bookings by 2 hours: every one)');
    expect(meaningOf('give lab-3 to Linus')).toBe('hand your booking of lab-3 to a colleague: they are told, and the reminders go to them (give all my testbeds to Linus: every one)');
    expect(meaningOf('history lab-3')).toBe('who had lab-3 in the last 30 days, and how each booking ended (my history: your own; what did Linus book: a colleague’s)');
    expect(meaningOf('who has lab-3?')).toBe('who holds lab-3, and until when (or: when is lab-3 free?; what does Linus have: what a colleague holds)');
    expect(meaningOf('register (or book)')).toBe('book a free testbed (reserve and claim work too; book again: as your last booking was)');
    expect(meaningOf('free (or what\'s free?)')).toBe('only the testbeds free to book now (also: status in use, status overdue, status due today)');
    expect(meaningOf('wait lab-3')).toBe('join the queue for lab-3: I message you when it is free (my queues: see and leave yours; wait any: whichever testbed is handed on first; wait any 5g: the first 5g one)');
    expect(meaningOf('purpose lab-3 soak test')).toBe('give your booking of lab-3 a new purpose (status shows it under the booking)');
    expect(meaningOf('rules')).toBe('how booking works here: how long a booking may run, reminders, overdue, queues');
    expect(meaningOf('report')).toBe('usage of the last 7 days (or 30; report 5g for one label): hours, bookings, overdue, top holders');
    expect(commands.map(meaningOf).every((meaning) => meaning !== undefined)).toBe(true);
    expect(hintText()).toMatch(/testbed/);
    // Only the commands the bot has are ever named: anything else is the plain hint.
    expect(hintText({ suggestion: 'status' })).toBe('I did not understand that. Did you mean status? Type status, or help to see everything I can do.');
    expect(hintText({ suggestion: 'rm -rf' })).toBe(hintText());
    expect(hintCard({ suggestion: 'constructor' })).toEqual(hintCard());
  });

  it('a hint about one testbed asks whether it is about it, with its status (and Book it when it is free) a press away', () => {
    const free = hintCard({ testbed: { id: 3, name: 'TB-03 *Wi-Fi*', bookable: true } });
    expect(cardProblems(free)).toEqual([]);
    const walked = inspectCard(free);
    expect(seenCard(free).texts.map(unLookAlike)).toEqual(['I did not understand that. Is it about TB-03 *Wi-Fi*? Press a button, or type help to see everything I can do.']);
    expect(walked.actions.map((action) => [action.title, action.data])).toEqual([
      ['Its status', { action: 'status', status_of: 3 }],
      ['Book it', { action: 'register', start_on: 3 }],
      ['Menu', { action: 'menu' }],
    ]);
    const busy = inspectCard(hintCard({ testbed: { id: 3, name: 'TB-03', bookable: false } }));
    expect(busy.actions.map((action) => action.title)).toEqual(['Its status', 'Menu']);
    expect(hintText({ testbed: { id: 3, name: 'TB-03', bookable: false } })).toBe('I did not understand that. Is it about TB-03? Type who has TB-03, or help to see everything I can do.');
    // A mistyped command is the better guess: its hint wins, and the testbed named after it goes with it.
    expect(hintText({ suggestion: 'status', testbed: { id: 3, name: 'TB-03', bookable: true } })).toBe('I did not understand that. Did you mean status TB-03? Type status TB-03, or help to see everything I can do.');
    const slip = (suggestion: string) => hintCard({ suggestion, testbed: { id: 3, name: 'TB-03 *Wi-Fi*', bookable: true } });
    expect(seenCard(slip('release')).texts.map(unLookAlike)).toEqual(['I did not understand that. Did you mean release TB-03 *Wi-Fi*? Press the button, or type help to see everything I can do.']);
    expect(['status', 'book', 'register', 'release', 'mine', 'queue'].map((suggestion) => inspectCard(slip(suggestion)).actions.map((action) => [action.title, action.data])[0])).toEqual([
      ['Its status', { action: 'status', status_of: 3 }],
      ['Register', { action: 'register', start_on: 3 }],
      ['Register', { action: 'register', start_on: 3 }],
      ['Release', { action: 'release', start_on: 3 }],
      ['Mine', { action: 'mine' }],
      ['Notify me when free', { action: 'wait', testbed_id: '3' }],
    ]);
    // `queu` alone: your queues, as `queue` alone shows them.
    expect(inspectCard(hintCard({ suggestion: 'queue' })).actions.map((action) => [action.title, action.data])).toEqual([['Mine', { action: 'mine' }]]);
  });

  it('a hint about a booked testbed names its holder: somebody else’s gets Ask the holder, one’s own gets Mine', () => {
    const theirs = hintCard({ testbed: { id: 4, name: 'TB-04', bookable: false, holder: { name: 'Linus *Lab*', yours: false } } });
    expect(cardProblems(theirs)).toEqual([]);
    expect(seenCard(theirs).texts.map(unLookAlike)).toEqual(['I did not understand that. Is it about TB-04? Linus *Lab* holds it. Press a button, or type help to see everything I can do.']);
    expect(inspectCard(theirs).actions.map((action) => [action.title, action.data])).toEqual([
      ['Its status', { action: 'status', status_of: 4 }],
      ['Ask the holder', { action: 'ask_holder', testbed_id: '4' }],
      ['Menu', { action: 'menu' }],
    ]);
    expect(hintText({ testbed: { id: 4, name: 'TB-04', bookable: false, holder: { name: 'Linus Lab', yours: false } } })).toBe(
      'I did not understand that. Is it about TB-04? Linus Lab holds it. Type ask about TB-04 to ask whether they still need it, or help to see everything I can do.',
    );
    const own = hintCard({ testbed: { id: 4, name: 'TB-04', bookable: false, holder: { name: 'Ada Ops', yours: true } } });
    expect(seenCard(own).texts).toEqual(['I did not understand that. Is it about TB-04? You hold it. Press a button, or type help to see everything I can do.']);
    expect(inspectCard(own).actions.map((action) => action.title)).toEqual(['Its status', 'Mine', 'Menu']);
    // A booking without a holder's name (an old record) still reads as a sentence.
    expect(hintText({ testbed: { id: 4, name: 'TB-04', bookable: false, holder: { name: ' ', yours: false } } })).toContain('Is it about TB-04? Somebody holds it.');
  });
});

describe('register cards', () => {
  const inUseOnes = testbeds.filter((record) => record.status === 'in_use');

  it('the form offers available testbeds only, plus the form inputs', () => {
    const card = registerFormCard({ available: testbeds.filter((record) => record.status === 'available'), inUse: inUseOnes, now: NOW, timeZone: zone });
    expect(cardInputIds(card)).toEqual(['testbed_id', 'purpose', 'release_choice', 'release_date', 'release_time']);
    const choices = inspectCard(card).inputs.find((input) => input.id === 'testbed_id')?.choices;
    expect(choices?.map((choice) => choice.value).sort()).toEqual(['1', '2']);
    expect(JSON.stringify(card)).toContain('Europe/Berlin');
  });

  it('a form that came back shows each problem and keeps valid values only', () => {
    const card = registerFormCard({
      available: [available(1)],
      inUse: [],
      now: NOW,
      timeZone: 'UTC',
      errors: { purpose: 'Tell us what you need the testbed for.' },
      values: { testbed_id: '9', purpose: 'half typed', release_choice: '1y' },
    });
    const inputs = inspectCard(card).inputs;
    expect(inputs.find((input) => input.id === 'purpose')?.value).toBe('half typed');
    expect(inputs.find((input) => input.id === 'testbed_id')?.value).toBeUndefined();
    expect(inputs.find((input) => input.id === 'release_choice')?.value).toBeUndefined();
    expect(seenCard(card).errors).toContain('Tell us what you need the testbed for.');
  });

  it('for a colleague: the form says who will hold it, and Register for them carries who; Register for me does not', () => {
    const linus = { email: 'linus@example.com', name: 'Linus Lab' };
    const input = { available: [available(1)], inUse: [], now: NOW, timeZone: 'UTC', forPerson: linus };
    const card = registerFormCard(input);
    expect(seenCard(card).heading).toBe('Register a testbed for Linus Lab');
    expect(seenCard(card).texts[1]).toBe('Linus Lab (linus@example.com) will hold it and get a message saying you booked it for them; the reminders go to them.');
    expect(inspectCard(card).actions.map((action) => [action.title, action.data])).toEqual([
      ['Register for Linus', { action: 'register_submit', for_email: 'linus@example.com', for_name: 'Linus Lab' }],
      ['Register for me', { action: 'register_submit' }],
      ['Cancel', { action: 'cancel' }],
    ]);
    expect(registerFormText(input)).toBe('Register a testbed for Linus Lab: 1 available. Open the card to fill in the form.');
    // A long first name is cut for a phone's button; the card says it whole.
    const long = registerFormCard({ ...input, forPerson: { email: 'm@example.com', name: 'Maximilianadalbertusus von Testhausen' } });
    expect(inspectCard(long).actions[0].title).toBe('Register for Maximilianadalbertu…');
    expect(seenCard(long).heading).toBe('Register a testbed for Maximilianadalbertusus von Testhausen');
    // Words said of somebody nobody has: the booker's own form, saying so.
    const own = registerFormCard({ ...input, forPerson: undefined, forProblem: 'I could not find anybody called “Zed”, so this form books for you.' });
    expect(seenCard(own).heading).toBe('Register a testbed');
    expect(seenCard(own).texts[2]).toBe('I could not find anybody called “Zed”, so this form books for you.');
    expect(inspectCard(own).actions.map((action) => action.title)).toEqual(['Register', 'Cancel']);
    // What filled it in (`book again`): a line above the form, its purpose inert as markup, and in the plain text.
    const again = { ...input, forPerson: undefined, note: 'As your booking of lab-2 on 2026-11-27: 3 h, for “**the** soak”.' };
    const line = seenCard(registerFormCard(again)).texts[2]!;
    expect(markupFormed(line)).toEqual([]);
    expect(unLookAlike(seenAlike(line))).toBe('As your booking of lab-2 on 2026-11-27: 3 h, for “**the** soak”.');
    expect(registerFormText(again)).toBe('Register a testbed: 1 available. As your booking of lab-2 on 2026-11-27: 3 h, for “**the** soak”. Open the card to fill in the form.');
  });

  it('booked for a colleague: the answer says it is theirs and they were told', () => {
    const record = inUse(3, bob, { until: '2026-03-10T12:00:00.000Z' });
    const card = registeredCard({ record, timeZone: 'UTC', now: NOW, forColleague: true });
    expect(seenCard(card).heading).toBe('Booked for Bob Builder: lab-3');
    expect(seenCard(card).texts[1]).toBe('Bob Builder holds it now, not you: they have a message saying you booked it for them, and the reminders go to them.');
    expect(seenCard(card).texts).not.toContain('Please release it when you are done, so others can use it.');
    expect(registeredText({ record, timeZone: 'UTC', now: NOW, forColleague: true })).toBe('Booked for Bob Builder: lab-3 is theirs until 2026-03-10 12:00 UTC; they have a message saying so.');
    expect(seenCard(registeredCard({ record, timeZone: 'UTC', now: NOW })).heading).toBe('Booked: lab-3');
  });

  it('with nothing free it says so and names the testbed that frees up first', () => {
    const soon = inUse(8, bob, { name: 'lab-soon', until: '2026-03-10T11:00:00.000Z' });
    const later = inUse(9, ana, { name: 'lab-later', until: '2026-03-10T18:00:00.000Z' });
    const card = registerFormCard({ available: [], inUse: [later, soon], now: NOW, timeZone: 'UTC' });
    const texts = seenCard(card).texts;
    expect(texts).toContain('All testbeds are in use right now.');
    expect(texts).toContain('lab-soon should free up first: expected back 2026-03-10 11:00 UTC (in 1 h), held by Bob Builder (bob@example.com).');
    // The only input: which busy testbed to be notified about.
    expect(cardInputIds(card)).toEqual(['testbed_id']);
    expect(seenCard(card).choices('testbed_id')).toEqual(['lab-later', 'lab-soon']);
    // Waiting for whichever is handed on first is one press; the picker is for one of them.
    expect(texts).toContain('Want the next free one? Press Wait for any testbed: the first to be handed on is offered to you.');
    expect(inspectCard(card).actions.slice(0, 2).map((action) => [action.title, action.data])).toEqual([
      ['Wait for any testbed', { action: 'wait_label', label: 'testbed' }],
      ['Notify me when free', { action: 'wait' }],
    ]);
    expect(registerFormText({ available: [], inUse: [later, soon], now: NOW, timeZone: 'UTC' })).toBe(
      'All testbeds are in use right now. Type wait any to be offered the first to be handed on, or status to see when they free up.',
    );
  });

  it('refusal names the holder and since when, or says you already hold it', () => {
    const other = seenCard(registerRefusedCard({ record: inUse(3, bob), now: NOW, timeZone: 'UTC', requesterEmail: ana.email }));
    expect(other.heading).toBe('lab-3 is taken');
    expect(other.texts).toContain('lab-3 is already held by Bob Builder (bob@example.com), since 2026-03-10 08:00 UTC (2 h).');
    const own = seenCard(registerRefusedCard({ record: inUse(3, ana), now: NOW, timeZone: 'UTC', requesterEmail: ana.email }));
    expect(own.heading).toBe('You already hold it');
    expect(own.texts).toContain('You already hold lab-3, since 2026-03-10 08:00 UTC (2 h).');
    // Past its expected release it reads as status reads it.
    const late = seenCard(registerRefusedCard({ record: overdue, now: NOW, timeZone: 'UTC', requesterEmail: ana.email }));
    expect(late.texts).toContain('Release was due: 2026-03-10 07:00 UTC (3 h ago).');
    expect(other.texts.some((text) => text.startsWith('Expected release: '))).toBe(true);
    // The plain text (a phone's notification) says until when, too.
    const text = (record: typeof overdue) => registerRefusedText({ record, now: NOW, timeZone: 'UTC', requesterEmail: ana.email });
    expect(text(inUse(3, bob))).toBe('lab-3 is already held by Bob Builder, until 2026-03-10 12:00 UTC (in 2 h). Nothing was changed.');
    expect(text(inUse(3, ana))).toBe('You already hold lab-3, until 2026-03-10 12:00 UTC (in 2 h). Nothing was changed.');
    expect(text(overdue)).toBe('lab-overdue is already held by Bob Builder, overdue since 2026-03-10 07:00 UTC (3 h ago). Nothing was changed.');
  });

  it('refusal of a testbed under maintenance gives the reason and the expected end, and offers the wait-list', () => {
    const maintenance = { reason: 'new *power* supply', until: '2026-03-11T12:00:00.000Z', since: NOW, by: bob };
    const card = registerRefusedCard({ record: { ...available(3), maintenance }, now: NOW, timeZone: 'UTC', requesterEmail: ana.email });
    const seen = seenCard(card);
    expect(seen.heading).toBe('lab-3 is under maintenance');
    expect(seen.texts.map(unLookAlike)).toContain('lab-3 is under maintenance: new *power* supply. Expected back 2026-03-11 12:00 UTC.');
    expect(inspectCard(card).actions.map((action) => action.data?.action)).toContain(ACTIONS.wait);
    const open = seenCard(registerRefusedCard({ record: { ...available(3), maintenance: { ...maintenance, until: null } }, now: NOW, timeZone: 'UTC' }));
    expect(open.texts.map(unLookAlike)).toContain('lab-3 is under maintenance: new *power* supply. No expected end was given.');
    expect(registerRefusedText({ record: { ...available(3), maintenance }, now: NOW, timeZone: 'UTC' })).toBe(
      'lab-3 is under maintenance: new *power* supply. Expected back 2026-03-11 12:00 UTC. Nothing was changed.',
    );
  });
});

describe('release cards', () => {
  it("lists the requester's own testbeds first, each with its holder", () => {
    const card = releaseFormCard({ inUse: [inUse(1, bob, { name: 'a-first' }), inUse(2, ana, { name: 'z-mine' })], requesterEmail: ana.email, now: NOW, timeZone: 'UTC' });
    const choices = inspectCard(card).inputs.find((input) => input.id === 'testbed_id')?.choices ?? [];
    expect(choices.map((choice) => choice.value)).toEqual(['2', '1']);
    expect(choices[0].title).toContain('yours');
    expect(choices[1].title).toContain('Bob Builder (bob@example.com)');
  });

  it('with nothing booked it says so and has no form', () => {
    const card = releaseFormCard({ inUse: [], requesterEmail: ana.email, now: NOW, timeZone: 'UTC' });
    expect(cardInputIds(card)).toEqual([]);
    expect(JSON.stringify(card)).toContain('Nothing is booked');
  });

  it('the direct message names who released which testbed, as plain text', () => {
    const text = releasedByOtherText({ testbedName: 'lab-1', byName: 'Bob <b>Builder</b>', byEmail: 'bob@example.com' });
    expect(text).toContain('Bob ‹b›Builder‹/b› (bob@example.com) released lab-1');
    expect(text).not.toMatch(/[<>]/);
  });

  it('the direct message says who the testbed went to when somebody was waiting, not that it is free', () => {
    const text = releasedByOtherText({ testbedName: 'lab-1', byName: 'Bob', byEmail: 'bob@example.com', handedTo: 'Cy <i>Queue</i>' });
    expect(text).toContain('It went to Cy ‹i›Queue‹/i›, who was waiting for it; type wait lab-1 to queue for it again.');
    expect(text).not.toContain('available again');
  });

  it('the released card names the next person and offers no booking button while the testbed is kept for them', () => {
    const next = { name: 'Cy Queue', holdMinutes: 1 };
    const handedCard = releasedCard({ record: available(4, 'lab-4'), previous: inUse(4, bob, { name: 'lab-4' }), next });
    expect(seenCard(handedCard).texts).toContain('It goes to Cy Queue, first in its queue: it is kept for them for 1 minute.');
    expect(seenCard(handedCard).texts).not.toContain('lab-4 is available again.');
    expect(inspectCard(handedCard).actions.map((action) => action.title)).toEqual(['Status', 'Menu']);
    expect(releasedText({ record: available(4, 'lab-4'), previous: inUse(4, bob, { name: 'lab-4' }), next })).toBe(
      'Released: lab-4. It goes to Cy Queue, first in its queue, who has 1 minute to book it.',
    );
    const free = inspectCard(releasedCard({ record: available(4, 'lab-4'), previous: inUse(4, bob, { name: 'lab-4', purpose: 'soak', until: '2026-03-10T18:00:00.000Z' }) }));
    expect(free.actions.map((action) => action.title)).toEqual(['Status', 'Book it again', 'Menu']);
    // Book it again opens the form on lab-4 with the booking's purpose and expected release.
    expect(free.actions[1].data).toEqual({ action: 'register', start_on: 4, purpose: 'soak', until: '2026-03-10T18:00:00.000Z' });
    // Nothing was booked (a free testbed released again): the plain Register.
    const never = inspectCard(releasedCard({ record: available(4, 'lab-4'), previous: available(4, 'lab-4') }));
    expect(never.actions.map((action) => action.title)).toEqual(['Status', 'Register', 'Menu']);
  });
});
