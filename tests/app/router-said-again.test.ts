/**
 * What people type about a testbed they hold, a testbed they meant instead, and questions asked the way chat asks them:
 * each read as the command it means. The words that depend on who types them are read against the records: Ada holds
 * lab-1, Linus holds lab-3, Grace holds nothing.
 */
import { describe, expect, it } from 'vitest';
import { isCommandText, type RouterContext } from '../../src/app/router.js';
import { encodeId } from '../../src/platform/ids.js';
import { typedIn } from '../support/typed-in-lab.js';

const LAB = encodeId('ROOM', '0b6f7e2c-1111-4a4a-9999-000000000001');
const NOW = '2026-03-02T10:00:00.000Z';
const testbeds = [
  { id: 1, testbed_name: 'lab-1', labels: ['5G'], status: 'in_use' as const, user_email: 'ada@example.com', user_name: 'Ada' },
  { id: 3, testbed_name: 'lab-3', labels: ['5G'], status: 'in_use' as const, user_email: 'linus@example.com', user_name: 'Linus Lab' },
  { id: 4, testbed_name: 'TB-04 SD-WAN pod', labels: [] },
  { id: 5, testbed_name: 'lab-5', labels: ['5G'] },
];
const ctx: RouterContext = { approvedRooms: [LAB], timeZone: 'UTC', knownTestbedIds: [1, 3, 4, 5], testbeds };
const people = { ada: 'ada@example.com', linus: 'linus@example.com', grace: 'grace@example.com' } as const;

const said = typedIn(ctx, people, NOW);

const reply = (view: Record<string, unknown>) => ({ kind: 'reply', view });
const status = (label: string) => [{ type: 'status.requested', label }];
const at = (time: string) => `2026-03-02T${time}:00.000Z`;

describe('a testbed said to be free, or given back, by the person holding it', () => {
  it.each(['lab-1 is free now', 'lab-1 is free', 'lab-1 unlocked', 'lab-1 all yours', 'lab-1 is up for grabs', "I'm off lab-1", 'off lab-1', 'check in lab-1', 'checkin lab-1', 'check-in lab-1'])(
    '%j from Ada, who holds lab-1, opens the release form on it',
    (typed) => {
      expect(said(typed)).toEqual([{ type: 'release.started', testbedName: 'lab-1' }]);
    },
  );

  it('the same words from anybody else are no release: news is the hint, and `check in lab-1` asks for its status as before', () => {
    expect(said('lab-1 is free now', 'linus')).toEqual(reply({ kind: 'hint', testbedId: 1 }));
    expect(said("I'm off lab-1", 'grace')).toEqual(reply({ kind: 'hint', testbedId: 1 }));
    expect(said('check in lab-1', 'linus')).toEqual(status('lab-1'));
    // (`lab-1 free?` is a question, whoever asks it; `lab-1 free` from Linus too.)
    expect(said('lab-1 free?')).toEqual(status('lab-1'));
    expect(said('lab-1 free', 'linus')).toEqual(status('lab-1'));
  });
});

describe('the testbed meant, said after another', () => {
  it.each(['I meant lab-5', 'sorry, I meant lab-5', 'make it lab-5', 'not lab-3, lab-5', 'not lab-1 but lab-5', 'lab-5 instead', 'I want lab-5 instead', 'book lab-5 instead', 'should be lab-5', 'lab-1 -> lab-5'])(
    '%j from Ada, who holds lab-1, is the card that moves her booking to lab-5',
    (typed) => {
      expect(said(typed)).toEqual(reply({ kind: 'switchForm', testbedId: 5, fromId: 1 }));
    },
  );

  it('from Grace, who holds nothing, it is the booking form on lab-5; a board marked and a release stay what they were', () => {
    expect(said('I meant lab-5', 'grace')).toEqual([{ type: 'registration.started', testbedName: 'lab-5' }]);
    expect(said('make it lab-5', 'grace')).toEqual([{ type: 'registration.started', testbedName: 'lab-5' }]);
    // `lab-1 -> lab-5` from somebody who does not hold lab-1 moves nothing.
    expect(said('lab-1 -> lab-5', 'grace')).toEqual(reply({ kind: 'hint' }));
    expect(said('lab-3 -> free', 'linus')).toEqual([{ type: 'release.started', testbedName: 'lab-3' }]);
    // `release lab-1 instead` named “lab-1 instead”, which no testbed is.
    expect(said('release lab-1 instead')).toEqual([{ type: 'release.started', testbedName: 'lab-1' }]);
    // A time is no testbed: `make it 6pm` moves the release, as before.
    expect(said('make it 6pm')).toEqual([{ type: 'mine.requested', doneBy: at('18:00') }]);
  });

  it('`lab-5, can I have it` is asked of lab-5 (it answered an offer); `lab-3, skip it` passes on lab-3', () => {
    expect(said('lab-5, can I have it?', 'grace')).toEqual([{ type: 'registration.started', testbedName: 'lab-5' }]);
    expect(said('lab-5, can I book it', 'grace')).toEqual([{ type: 'registration.started', testbedName: 'lab-5' }]);
    expect(said('lab-3, skip it', 'grace')).toEqual(reply({ kind: 'notNeeded', testbedId: 3 }));
    // Without a testbed named first, still an answer to an offer.
    expect(said('can I have it', 'grace')).toEqual(reply({ kind: 'offerTaken', otherwise: 'hint' }));
  });
});

describe('a number in words is no clock after a booking', () => {
  it('`book lab-5 the 5g one` books lab-5 with no end (it read `one` as 13:00); `until one` still is 13:00', () => {
    expect(said('book lab-5 the 5g one', 'grace')).toEqual([{ type: 'registration.started', testbedName: 'lab-5' }]);
    expect(said('book lab-5 the new one', 'grace')).toEqual([{ type: 'registration.started', testbedName: 'lab-5', unread: 'the new one' }]);
    expect(said('book lab-5 two', 'grace')).toEqual([{ type: 'registration.started', testbedName: 'lab-5', unread: 'two' }]);
    expect(said('book lab-5 until one', 'grace')).toEqual([
      { type: 'registration.started', testbedName: 'lab-5', filled: { release_choice: 'custom', release_date: '2026-03-02', release_time: '13:00' } },
    ]);
    // Digits after a purpose are a time, as before.
    expect(said('book lab-5 regression 5', 'grace')).toMatchObject([{ filled: { release_time: '17:00', purpose: 'regression' } }]);
    // A count of testbeds is the form's to answer (one at a time), not `any` and 2pm.
    expect(said('book any two', 'grace')).toEqual([{ type: 'registration.started', testbedName: 'any two' }]);
    expect(said('book any 2', 'grace')).toEqual([{ type: 'registration.started', testbedName: 'any 2' }]);
  });
});

describe('questions about a testbed, its holder and the lab', () => {
  it.each([
    'lab-3 held by?',
    'lab-3 booked by who',
    'lab-3 done yet?',
    'is lab-3 done yet',
    'when will lab-3 be done',
    'since when is lab-3 busy',
    'lab-3 expected free at?',
    'any eta for lab-3?',
    'where am I in the lab-3 queue',
    'Linus has had lab-3 for 3 days',
    'Linus has been on lab-3 since monday',
    "it's urgent, is lab-3 free",
    'quick question, is lab-3 free',
  ])('%j is the status of lab-3', (typed) => {
    expect(said(typed, 'grace')).toEqual(status('lab-3'));
  });

  it('the whole lab, and a colleague asked about by name', () => {
    for (const typed of ['who is on what testbed', "what's everyone on", 'list who has what', 'lab full?']) expect(said(typed, 'grace'), typed).toEqual([{ type: 'status.requested' }]);
    for (const typed of ['when will Linus be done', 'is Linus done yet']) expect(said(typed, 'grace'), typed).toEqual([{ type: 'status.requested', holder: 'Linus' }]);
    // `it` and `you` are nobody's name.
    expect(said('when will it be done', 'grace')).toEqual(reply({ kind: 'hint' }));
    expect(said('when will you be done', 'grace')).toEqual(reply({ kind: 'hint' }));
    // The colleague's name is not read: a recording blanks the text.
    for (const typed of ['when will Linus be done', 'Linus has had lab-3 for 3 days']) expect(isCommandText(typed, testbeds), typed).toBe(false);
  });

  it('states asked of no testbed in particular: overdue, free, a label', () => {
    expect(said('expired bookings')).toEqual(status('overdue'));
    for (const typed of ['anything sitting idle', 'any testbed nobody is using', 'soonest free']) expect(said(typed), typed).toEqual(status('free'));
    // (It was refused as a label with a space.)
    expect(said('status of 5g testbeds')).toEqual(status('5g'));
  });

  it('the past: `who booked lab-3 last week` is its history (it was the status of a testbed “lab-3 last week”); `who unplugged lab-3` too', () => {
    for (const typed of ['who booked lab-3 last week', 'who booked lab-3 yesterday', 'who unplugged lab-3', 'did someone reboot lab-3']) {
      expect(said(typed), typed).toEqual([{ type: 'history.requested', testbedId: 3 }]);
    }
    expect(said('who booked lab-3')).toEqual(status('lab-3'));
    expect(said('how often do I book')).toEqual([{ type: 'myHistory.requested' }]);
  });
});

describe('booking, waiting and reminders as chat says them', () => {
  it('booking words: snag, check out, mine for a while', () => {
    expect(said('snag lab-5', 'grace')).toEqual([{ type: 'registration.started', testbedName: 'lab-5' }]);
    expect(said('check out lab-5', 'grace')).toEqual([{ type: 'registration.started', testbedName: 'lab-5' }]);
    expect(said('checkout lab-5', 'grace')).toEqual([{ type: 'registration.started', testbedName: 'lab-5' }]);
    expect(said('lab-5 is mine for the next hour', 'grace')).toEqual([{ type: 'registration.started', testbedName: 'lab-5', filled: { release_choice: '1h' } }]);
    // Without a time, a claim their bookings answer (whether they hold it), as `lab-5 is mine` is.
    expect(said('lab-5 in use by me', 'grace')).toEqual([{ type: 'mine.requested', testbedId: 5 }]);
    expect(said("it's urgent, need lab-5 now", 'grace')).toEqual([{ type: 'registration.started', testbedName: 'lab-5' }]);
  });

  it('waiting, and no longer waiting', () => {
    const wait = (testbedId: number) => [{ type: 'lifecycle.submitted', request: { type: 'wait', testbedId }, now: NOW }];
    const unwait = (testbedId: number) => [{ type: 'lifecycle.submitted', request: { type: 'unwait', testbedId }, now: NOW }];
    for (const typed of ['alert me for lab-3', 'can I be next on lab-3', "hold lab-3 for me when it's free", 'save lab-3 for me once it frees up']) expect(said(typed, 'grace'), typed).toEqual(wait(3));
    for (const typed of ['stop watching lab-3', 'unwatch lab-3', "I don't want notifications for lab-3"]) expect(said(typed, 'grace'), typed).toEqual(unwait(3));
    expect(said('stop watching', 'grace')).toEqual([{ type: 'mine.requested', queues: true }]);
  });

  it('a reminder at a time is the booking kept until then; an end said for the booking is Done by', () => {
    for (const typed of ['remind me at 4', 'set a reminder for 4pm']) expect(said(typed), typed).toEqual([{ type: 'mine.requested', extendUntil: at('16:00') }]);
    expect(said('snooze the reminder')).toEqual([{ type: 'mine.requested' }]);
    for (const typed of ['end my booking at 3', 'end it at 3']) expect(said(typed), typed).toEqual([{ type: 'mine.requested', doneBy: at('15:00') }]);
    expect(said('update my booking to end at 6')).toEqual([{ type: 'mine.requested', doneBy: at('18:00') }]);
  });
});

describe('what follows a first clause', () => {
  it('is read when the clause asks for nothing, and never after `no`, a purpose, or a testbed it is about', () => {
    expect(said('I was wondering, can I have lab-5', 'grace')).toEqual([{ type: 'registration.started', testbedName: 'lab-5' }]);
    expect(said("no, don't book lab-5")).toEqual(reply({ kind: 'hint', testbedId: 5 }));
    // (`don't release lab-1` is a command of its own now: keep it, Ada's bookings with lab-1 chosen; never its release.)
    expect(said("no, don't release lab-1")).toEqual([{ type: 'mine.requested', testbedId: 1 }]);
    // (`quick test on lab-5, 10 mins` is read whole now, a booking of lab-5 for ten minutes: router-lab-day.test.ts.)
    expect(said('soak running on lab-5, 10 mins', 'grace')).toEqual(reply({ kind: 'hint', testbedId: 5 }));
    // What follows names no testbed of the lab: not a form on “his testbeds”.
    expect(said('Linus left the company, release his testbeds', 'grace')).toEqual(reply({ kind: 'hint' }));
    // Read in parts, a recording keeps none of it.
    expect(isCommandText('I was wondering, can I have lab-5', testbeds)).toBe(false);
  });
});

describe('problems, labels and the API as people say them', () => {
  it('a problem told to the admins, a label list, how pipelines book', () => {
    for (const typed of ['lab-3 has no power', 'lab-3 power cycled itself', 'someone unplugged lab-3']) expect(said(typed), typed).toEqual(reply({ kind: 'problemForm', testbedId: 3, text: typed }));
    expect(said('show tags')).toEqual(reply({ kind: 'labels' }));
    expect(said('ci integration')).toMatchObject(reply({ kind: 'error', message: expect.stringMatching(/^Pipelines hold testbeds through the bot’s HTTP API/) }));
    expect(said('lab-3 back from maintenance')).toEqual([{ type: 'admin.formRequested', task: 'maintenance_end', values: { testbed_id: '3' } }]);
  });

  it('`how long can I book lab-3 for` is the rules only when it names a testbed or label of the lab: any other word is kept out of a recording', () => {
    expect(said('how long can I book lab-3 for')).toEqual(reply({ kind: 'rules' }));
    expect(said('how long can I book 5g for')).toEqual(reply({ kind: 'rules' }));
    expect(isCommandText('how long can I book lab-3 for', testbeds)).toBe(true);
    expect(isCommandText('how long can I book Zebrafalcon for', testbeds)).toBe(false);
    expect(said('how long can I book Zebrafalcon for')).toEqual(reply({ kind: 'hint' }));
  });
});

describe('colleagues named beside a testbed', () => {
  const ask = (testbedId: number) => [{ type: 'lifecycle.submitted', request: { type: 'ask', testbedId }, now: NOW }];

  it('`nudge Linus`, `ask Linus if he’s done`, `remind Linus to release it`: his one testbed’s holder is asked; nobody’s, a line saying so', () => {
    for (const typed of ['nudge Linus', 'poke Linus Lab', "ask Linus if he's done", 'remind Linus to release it', 'tell Linus to release it']) expect(said(typed, 'grace'), typed).toEqual(ask(3));
    expect(said('nudge Grace', 'ada')).toEqual(reply({ kind: 'error', message: 'Nobody called Grace holds a testbed right now, so there is nothing to ask them about. Type status to see who holds what.' }));
    // A testbed's name is asked about as before; the colleague is not read, so a recording blanks the text.
    expect(said('nudge lab-3', 'grace')).toEqual(ask(3));
    expect(isCommandText('nudge Linus', testbeds)).toBe(false);
    expect(said('ask who has lab-3 to release it', 'grace')).toEqual(ask(3));
    expect(said("ask whoever is on lab-3 if they're done", 'grace')).toEqual(ask(3));
  });

  it('`lab-1 to Linus` from its holder is the hand-over card (to the next person, its release); from anybody else nothing is handed', () => {
    expect(said('lab-1 to Linus')).toEqual([{ type: 'handOver.started', testbedId: 1, to: 'Linus' }]);
    expect(said('lab-1 -> Linus Lab')).toEqual([{ type: 'handOver.started', testbedId: 1, to: 'Linus Lab' }]);
    expect(said('lab-1 to the next person')).toEqual([{ type: 'release.started', testbedName: 'lab-1' }]);
    expect(said('lab-1 to someone')).toEqual(reply({ kind: 'hint', testbedId: 1 }));
    expect(said('lab-1 to Linus', 'grace')).toEqual(reply({ kind: 'hint', testbedId: 1 }));
  });

  it('`queue Linus for lab-3` says that each person takes their own place (it looked for a testbed called “Linus”)', () => {
    const message = 'Each person takes a place in a queue themselves, since the turn is offered to them: Linus can type wait lab-3, or press Notify me when free on its status.';
    for (const typed of ['queue Linus for lab-3', 'add Linus to the lab-3 queue', 'put Linus in the waiting list for lab-3']) expect(said(typed, 'grace'), typed).toEqual(reply({ kind: 'error', message }));
    const wait = [{ type: 'lifecycle.submitted', request: { type: 'wait', testbedId: 3 }, now: NOW }];
    for (const typed of ['queue me for lab-3', 'queue up for lab-3', 'add me to the lab-3 queue']) expect(said(typed, 'grace'), typed).toEqual(wait);
  });
});

describe('answers to a reminder, and the queues', () => {
  it('in the lab room as in the 1:1 room where reminders arrive', () => {
    expect(said('nope done')).toEqual([{ type: 'release.started' }]);
    expect(said('done, thanks for the reminder')).toEqual([{ type: 'release.started' }]);
    expect(said('thanks for the reminder')).toEqual(reply({ kind: 'thanks' }));
    for (const typed of ['keep', "can't release yet"]) expect(said(typed), typed).toEqual([{ type: 'mine.requested' }]);
    for (const typed of ['what booking', 'which booking', 'which testbed do you mean', 'how long do I have', 'I released it yesterday', 'who wants my testbed']) {
      expect(said(typed), typed).toEqual([{ type: 'mine.requested' }]);
    }
    expect(said("I don't have lab-3", 'grace')).toEqual([{ type: 'mine.requested', testbedId: 3 }]);
    expect(said("what's offered", 'grace')).toEqual(reply({ kind: 'offerTaken', otherwise: 'hint' }));
  });

  it('the queues, and the lab’s clock', () => {
    for (const typed of ['who else is waiting', 'can I see the queue']) expect(said(typed, 'grace'), typed).toEqual([{ type: 'status.requested' }]);
    expect(said('list my waits', 'grace')).toEqual([{ type: 'mine.requested', queues: true }]);
    for (const typed of ['what timezone is this', 'times are in UTC?']) expect(said(typed, 'grace'), typed).toEqual(reply({ kind: 'timeZone' }));
  });
});

describe('words around a booking that the form explains or leaves out', () => {
  it('a mark before the purpose, quotes around it, a length of no time and `local` after a time', () => {
    for (const typed of ['book lab-5 | soak', 'book lab-5 / soak', 'book lab-5 ... soak']) expect(said(typed, 'grace'), typed).toMatchObject([{ testbedName: 'lab-5', filled: { purpose: 'soak' } }]);
    for (const typed of ['book lab-5 for "soak test"', "book lab-5 for 'soak test'", 'book lab-5 for “soak test”']) expect(said(typed, 'grace'), typed).toMatchObject([{ filled: { purpose: 'soak test' } }]);
    // An apostrophe inside stays.
    expect(said("book lab-5 for the 'big' test", 'grace')).toMatchObject([{ filled: { purpose: "the 'big' test" } }]);
    // (They were the purpose.)
    expect(said('book lab-5 for 0 minutes', 'grace')).toEqual([{ type: 'registration.started', testbedName: 'lab-5', unread: 'for 0 minutes' }]);
    expect(said('book lab-5 for -1 hours', 'grace')).toEqual([{ type: 'registration.started', testbedName: 'lab-5', unread: 'for -1 hours' }]);
    // (`local` was the purpose.)
    expect(said('book lab-5 until 5pm local', 'grace')).toEqual([{ type: 'registration.started', testbedName: 'lab-5', unread: 'until 5pm local' }]);
    expect(said('book lab-5 local tests until 5pm', 'grace')).toMatchObject([{ filled: { release_time: '17:00', purpose: 'local tests' } }]);
  });
});

describe('the admins’ words, as chat says them', () => {
  const form = (task: string, values: Record<string, string>) => [{ type: 'admin.formRequested', task, values }];

  it('maintenance begun, ended and made longer', () => {
    expect(said('begin maintenance lab-5')).toEqual(form('maintenance_start', { testbed_id: '5' }));
    expect(said('maintenance on lab-5 is over')).toEqual(form('maintenance_end', { testbed_id: '5' }));
    // (It extended a booking of lab-5, reading `maintenance` as a colleague's name.)
    expect(said('extend maintenance on lab-5 to friday')).toEqual(form('maintenance_start', { testbed_id: '5', until: '2026-03-06 23:59' }));
    expect(said('extend Linus on lab-3 by 1h')).toEqual([{ type: 'mine.requested', testbedId: 3, extendMinutes: 60 }]);
  });

  it('a release by force, said as people say it; the colleague is not read', () => {
    for (const typed of ['admin release lab-3', 'admin: release lab-3', 'free lab-3 forcefully', 'remove Linus from lab-3', 'take lab-3 back from Linus']) {
      expect(said(typed), typed).toEqual(form('force_release', { testbed_id: '3' }));
    }
    expect(said('remove me from the queue for lab-3', 'grace')).toEqual([{ type: 'lifecycle.submitted', request: { type: 'unwait', testbedId: 3 }, now: NOW }]);
    expect(said('remove label 5g from lab-3')).toEqual(form('testbed_edit', { testbed_id: '3', labels: '' }));
  });

  it('labels cleared or set after a mark, a testbed added after a colon', () => {
    for (const typed of ['remove all labels from lab-5', 'clear labels of lab-5', "clear lab-5's labels"]) expect(said(typed), typed).toEqual(form('testbed_edit', { testbed_id: '5', labels: '' }));
    expect(said('lab-5 labels: 5g, core')).toEqual(form('testbed_edit', { testbed_id: '5', labels: '5g, core' }));
    // Without a mark, a question.
    expect(said('lab-5 labels')).toEqual(status('lab-5'));
    expect(said('new testbed: lab-9')).toEqual(form('testbed_add', { testbed_name: 'lab-9' }));
  });

  it('a broadcast, the digest and the report', () => {
    for (const typed of ['send broadcast', 'post to all rooms']) expect(said(typed), typed).toEqual([{ type: 'broadcast.started' }]);
    for (const typed of ['what happened today', 'summary of today']) expect(said(typed), typed).toEqual(reply({ kind: 'digest' }));
    expect(said('weekly summary')).toEqual([{ type: 'report.requested' }]);
    expect(said('monthly stats')).toEqual([{ type: 'report.requested', days: 30 }]);
    expect(said('usage report 5g')).toEqual([{ type: 'report.requested', days: 7, label: '5g' }]);
  });
});

describe('a label, a list and a testbed described', () => {
  it('a label asked for use or booked for a while; `one` before it, `free` after `any`', () => {
    for (const typed of ['which 5g should I use', 'where can I test 5g', 'is there a testbed for 5g testing']) expect(said(typed, 'grace'), typed).toEqual(status('5g'));
    expect(said('any 5g for an hour', 'grace')).toEqual([{ type: 'registration.started', testbedName: '5g', filled: { release_choice: '1h' } }]);
    // (It named a testbed “one 5g testbed”.)
    expect(said('book one 5g testbed', 'grace')).toEqual([{ type: 'registration.started', testbedName: '5g' }]);
    expect(said('book one testbed', 'grace')).toEqual([{ type: 'registration.started' }]);
    // (It looked for a testbed called “any free 5g”.)
    expect(said('wait for any free 5g', 'grace')).toEqual([{ type: 'lifecycle.submitted', request: { type: 'waitLabel', label: '5g' }, now: NOW }]);
  });

  it('two testbeds compared are both shown; a testbed described, its row', () => {
    expect(said('compare lab-3 and lab-5', 'grace')).toEqual(status('lab-3 and lab-5'));
    expect(said('which is better lab-3 or lab-5', 'grace')).toEqual(status('lab-3 or lab-5'));
    expect(said('compare prices', 'grace')).toEqual(reply({ kind: 'hint' }));
    for (const typed of ["what's special about lab-5", "who's responsible for lab-5", "where's lab-5 located", 'ssh lab-5']) expect(said(typed, 'grace'), typed).toEqual(status('lab-5'));
  });
});

describe('a time typed alone', () => {
  it.each([
    ['until 6pm', { extendUntil: at('18:00') }],
    ['1h', { extendMinutes: 60 }],
    ['half a day', { extendMinutes: 240 }],
    ['tomorrow', { extendUntil: '2026-03-03T10:00:00.000Z' }],
    ['friday', { extendUntil: '2026-03-06T23:59:00.000Z' }],
    ['0930 hrs', { extendUntil: '2026-03-03T09:30:00.000Z' }],
    ['all day', { extendUntil: at('23:59') }],
  ])('%j from Ada, who holds lab-1, is that much more, said back to a reminder; from Grace, who holds nothing, the booking form with that time', (typed, more) => {
    expect(said(typed)).toEqual([{ type: 'mine.requested', ...more }]);
    const booking = said(typed, 'grace') as Array<Record<string, unknown>>;
    expect(booking).toHaveLength(1);
    expect(booking[0]).toMatchObject({ type: 'registration.started', filled: { release_choice: expect.any(String) } });
    expect(booking[0]).not.toHaveProperty('testbedName');
  });

  it('more time, or an extension said as such, stays their bookings whoever types it', () => {
    for (const typed of ['another hour', '2 more hours', 'extend 2 hours', '+1h']) expect(said(typed, 'grace'), typed).toMatchObject([{ type: 'mine.requested' }]);
    expect(said('2 hours', 'grace')).toEqual([{ type: 'registration.started', filled: { release_choice: 'custom', release_date: '2026-03-02', release_time: '12:00' } }]);
  });
});

describe('when the holder will be done, said in more ways', () => {
  const doneBy = (time: string, testbedId?: number) => [{ type: 'mine.requested', ...(testbedId === undefined ? {} : { testbedId }), doneBy: at(time) }];

  it.each([
    ['should be done by 5', doneBy('17:00')],
    ['will release at 4', doneBy('16:00')],
    ['ETA 30 min', doneBy('10:30')],
    ['eta 5pm', doneBy('17:00')],
    ['wrapping up in 10', doneBy('10:10')],
    ['10 min to wrap up', doneBy('10:10')],
    ['give me 10 minutes to wrap up', doneBy('10:10')],
    ['wrapping up lab-1 in 10 min', doneBy('10:10', 1)],
    ['free lab-1 at 6', doneBy('18:00', 1)],
    ['lab-1 done in 5', doneBy('10:05', 1)],
    // (It was a booking of lab-1 with the time read, and no purpose.)
    ['lab-1 is all yours in 5 min', doneBy('10:05', 1)],
  ])('%j is Done by that time', (typed, expected) => {
    expect(said(typed)).toEqual(expected);
  });

  it('`lab-1 free at 6` from its holder is Done by 18:00; from anybody else a question, its status; `ETA lab-3` too', () => {
    for (const [typed, time] of [['lab-1 free at 6', '18:00'], ['lab-1 available at 4', '16:00'], ['lab-1 free after lunch', '13:00'], ['lab-1 back at 4', '16:00']]) {
      expect(said(typed), typed).toEqual(doneBy(time, 1));
    }
    expect(said('lab-1 free at 6', 'grace')).toEqual(status('lab-1'));
    expect(said('ETA lab-3', 'grace')).toEqual(status('lab-3'));
    // A word that is no time is no Done by, from anybody.
    expect(said('lab-1 free at Zebrafalcon')).toEqual(reply({ kind: 'hint', testbedId: 1 }));
    expect(said('lab-3 back by friday', 'grace')).toEqual(reply({ kind: 'hint', testbedId: 3 }));
  });

  it('`ack`, `copy that` and `on it` are an OK; `nah` passes on an offer', () => {
    for (const typed of ['ack', 'copy that', 'on it']) expect(said(typed), typed).toEqual(reply({ kind: 'thanks', ack: true }));
    expect(said('nah', 'grace')).toEqual(reply({ kind: 'notNeeded' }));
  });
});

describe('a colleague as chat writes them, and a quoted message', () => {
  it('`@Linus`, `<linus@example.com>` and `Linus Lab (linus@example.com)` are the colleague (the platform looked for “@Linus”)', () => {
    expect(said('give lab-1 to @Linus')).toEqual([{ type: 'handOver.started', testbedId: 1, to: 'Linus' }]);
    expect(said('give lab-1 to <linus@example.com>')).toEqual([{ type: 'handOver.started', testbedId: 1, to: 'linus@example.com' }]);
    expect(said('give lab-1 to Linus Lab (linus@example.com)')).toEqual([{ type: 'handOver.started', testbedId: 1, to: 'linus@example.com' }]);
    expect(said('book lab-5 for @Linus', 'grace')).toEqual([
      { type: 'registration.started', testbedName: 'lab-5', filled: { purpose: '@Linus' }, forWho: { words: 'Linus', explicit: true, testbedName: 'lab-5' } },
    ]);
  });

  it('lines quoted with `>` are left out when the rest is a command', () => {
    expect(said('> lab-5 is free\nbook lab-5', 'grace')).toEqual([{ type: 'registration.started', testbedName: 'lab-5' }]);
    expect(said('> who has lab-3', 'grace')).toEqual(reply({ kind: 'hint', testbedId: 3 }));
    // The quote is somebody's words: a recording blanks the text.
    expect(isCommandText('> lab-5 is free\nbook lab-5', testbeds)).toBe(false);
  });
});

describe('a testbed offered to the room by its holder', () => {
  it('`you can have lab-1` from Ada is its release (at 4, Done by then); from anybody else, asking for it', () => {
    expect(said('you can have lab-1')).toEqual([{ type: 'release.started', testbedName: 'lab-1' }]);
    expect(said('you can have lab-1 at 4')).toEqual([{ type: 'mine.requested', testbedId: 1, doneBy: at('16:00') }]);
    expect(said('you can have lab-5', 'grace')).toEqual([{ type: 'registration.started', testbedName: 'lab-5' }]);
    expect(said('you can have lab-1 at 4', 'grace')).toEqual([{ type: 'registration.started', testbedName: 'lab-1', unread: 'at 4' }]);
  });
});

describe('longer messages, read in their parts', () => {
  it.each([
    ['morning all - lab-1 is free now, I’m done with it', [{ type: 'release.started', testbedName: 'lab-1' }]],
    ['Sorry for holding lab-1 so long, releasing it now.', [{ type: 'release.started', testbedName: 'lab-1' }]],
    ['I booked lab-1 by mistake, can you cancel it?', [{ type: 'release.started', testbedName: 'lab-1' }]],
    ["Linus, I'm done with lab-1, it's yours.", [{ type: 'release.started', testbedName: 'lab-1' }]],
    ['Just a heads up: I’m extending lab-1 by 2 hours, the soak is still running.', [{ type: 'mine.requested', testbedId: 1, extendMinutes: 120 }]],
    ['FYI lab-3 is acting up again, might need a reboot', reply({ kind: 'problemForm', testbedId: 3, text: 'lab-3 is acting up again, might need a reboot' })],
    ['Quick one: who’s on lab-3?', status('lab-3')],
    ['Who has lab-3 and when will it be free?', status('lab-3')],
    ['Is there any 5G testbed free right now? Need one for 30 min.', status('5G')],
    ['Please give lab-1 to Linus, he’s taking over my tests.', [{ type: 'handOver.started', testbedId: 1, to: 'Linus' }]],
  ])('%j', (typed, expected) => {
    expect(said(typed)).toEqual(expected);
  });

  it('a booking whose words ran past its sentence is read from the first, and `It’s for …` after it is the purpose', () => {
    expect(said('@Testbed Monitor can you book lab-5 for me until 5pm? It’s for the customer demo.', 'grace')).toEqual([
      { type: 'registration.started', testbedName: 'lab-5', filled: { release_choice: 'custom', release_date: '2026-03-02', release_time: '17:00', purpose: 'the customer demo' } },
    ]);
    // A question after the time is no purpose (it was “can I book it”).
    expect(said("I'm going to need lab-5 this afternoon, can I book it?", 'grace')).toEqual([
      { type: 'registration.started', testbedName: 'lab-5', filled: { release_choice: 'custom', release_date: '2026-03-02', release_time: '17:00' } },
    ]);
    // A time after the comma of a release is no remark: the whole is named, as the form says.
    expect(said('release lab-3, 5pm', 'linus')).toEqual([{ type: 'release.started', testbedName: 'lab-3, 5pm' }]);
  });
});

describe('a testbed wanted for a later day, no testbed named', () => {
  it('`I need a testbed for tomorrow` names the words as booking ahead (it took “tomorrow” as the purpose, and asked the platform for somebody so called)', () => {
    for (const typed of ['I need a testbed for tomorrow', 'book a testbed for tomorrow', 'book a testbed for monday']) {
      expect(said(typed, 'grace'), typed).toEqual([{ type: 'registration.started', unread: typed.slice(typed.indexOf('for ')) }]);
    }
    // A purpose that starts with a day stays the purpose.
    expect(said("book a testbed for tomorrow's demo", 'grace')).toEqual([{ type: 'registration.started', filled: { purpose: "tomorrow's demo" } }]);
    expect(said("what's the earliest I can get lab-3?", 'grace')).toEqual(status('lab-3'));
  });
});
