/**
 * More of what people type in a lab room, read as the command it means: a testbed given up in the words chat uses, a
 * testbed offered by its holder, the one meant after a wrong booking, a claim until a time, a length said as `make it`,
 * questions about a testbed or a label, the house rules, problems for the admins, the API and the lab's clock. Ada holds
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
  { id: 5, testbed_name: 'lab-5', labels: ['5G'] },
];
const ctx: RouterContext = { approvedRooms: [LAB], timeZone: 'UTC', knownTestbedIds: [1, 3, 5], testbeds };
const people = { ada: 'ada@example.com', linus: 'linus@example.com', grace: 'grace@example.com' } as const;

const said = typedIn(ctx, people, NOW);

const reply = (view: Record<string, unknown>) => ({ kind: 'reply', view });
const status = (label?: string) => [{ type: 'status.requested', ...(label === undefined ? {} : { label }) }];
const released = (name: string) => [{ type: 'release.started', testbedName: name }];
const bookedUntil = (name: string, date: string, time: string) => [
  { type: 'registration.started', testbedName: name, filled: { release_choice: 'custom', release_date: date, release_time: time } },
];
const wait = (testbedId: number) => [{ type: 'lifecycle.submitted', request: { type: 'wait', testbedId }, now: NOW }];

describe('a testbed given up, in the words chat uses', () => {
  it.each([
    "I'm through with lab-1",
    'through with lab-1',
    'just released lab-1',
    'give up lab-1',
    "I'll give up lab-1",
    'I can give up lab-1 if someone needs it',
    'relinquish lab-1',
    'drop my reservation on lab-1',
    'un-book lab-1',
    'check lab-1 back in',
    'deregister lab-1',
    'I booked lab-1 by accident',
    'accidentally booked lab-1',
    'release lab-1 for the night',
    'releasing lab-1 for the night',
    'release lab-1 for the weekend',
  ])('%j opens the release form on lab-1', (typed) => {
    expect(said(typed)).toEqual(released('lab-1'));
  });

  it('a recording keeps these words (a testbed of the lab and a release)', () => {
    for (const typed of ["I'm through with lab-1", 'relinquish lab-1', 'releasing lab-1 for the night']) expect(isCommandText(typed, testbeds), typed).toBe(true);
  });

  it('what stays: giving up on a wait, a length after a release, and a word of the release no testbed is called', () => {
    expect(said('give up on lab-3')).toEqual(reply({ kind: 'notNeeded', testbedId: 3 }));
    // (A release is now: a length after it is no release's, and the whole is named, as before.)
    expect(said('release lab-1 for 2 hours')).toEqual(released('lab-1 for 2 hours'));
    expect(said('give up')).toEqual(reply({ kind: 'hint' }));
    // `deregister` offered `register` as what was meant.
    expect(said('deregister lab-1')).not.toEqual(reply({ kind: 'hint', suggestion: 'register', testbedId: 1 }));
  });

  it('`done for today, releasing all` is their bookings with Release all mine (it looked for a testbed “for today, releasing all”)', () => {
    expect(said('done for today, releasing all')).toEqual([{ type: 'mine.requested' }]);
    expect(said('finished, freeing up everything')).toEqual([{ type: 'mine.requested' }]);
  });
});

describe('a testbed offered by the person holding it', () => {
  it.each(['lab-1 free', 'lab-1 available', 'anyone need lab-1?', 'does anyone need lab-1', 'who wants lab-1?', 'lab-1 free if anyone needs it'])(
    '%j from Ada, who holds lab-1, opens the release form on it',
    (typed) => {
      expect(said(typed)).toEqual(released('lab-1'));
    },
  );

  it('asked with a question mark, or said by anybody else, it stays a question: the status of lab-1', () => {
    expect(said('lab-1 free?')).toEqual(status('lab-1'));
    expect(said('lab-1 available?')).toEqual(status('lab-1'));
    for (const typed of ['lab-1 free', 'who wants lab-1?', 'anyone need lab-1?', 'lab-1 free if anyone needs it']) expect(said(typed, 'linus'), typed).toEqual(status('lab-1'));
  });
});

describe('the testbed meant after a wrong booking, and a testbed claimed until a time', () => {
  it.each(['wrong one, I wanted lab-5', 'booked the wrong testbed, should be lab-5', 'I wanted lab-5'])('%j from Ada, who holds lab-1, is the card that moves her booking to lab-5', (typed) => {
    expect(said(typed)).toEqual(reply({ kind: 'switchForm', testbedId: 5, fromId: 1 }));
  });

  it('from Grace, who holds nothing, the booking form on lab-5', () => {
    expect(said('wrong one, I wanted lab-5', 'grace')).toEqual([{ type: 'registration.started', testbedName: 'lab-5' }]);
  });

  it('`lab-5 mine till 5` from somebody who does not hold lab-5 books it until then; from its holder, Done by then (it said “you do not hold it”)', () => {
    expect(said('lab-5 mine till 5', 'grace')).toEqual(bookedUntil('lab-5', '2026-03-02', '17:00'));
    expect(said('lab-5 is mine until 5', 'grace')).toEqual(bookedUntil('lab-5', '2026-03-02', '17:00'));
    expect(said('I have lab-5 till 6pm', 'grace')).toEqual(bookedUntil('lab-5', '2026-03-02', '18:00'));
    expect(said('lab-1 mine till 5')).toEqual([{ type: 'mine.requested', testbedId: 1, doneBy: '2026-03-02T17:00:00.000Z' }]);
    expect(said('lab-1 is mine until 5')).toEqual([{ type: 'mine.requested', testbedId: 1, doneBy: '2026-03-02T17:00:00.000Z' }]);
  });
});

describe('more time, and a length said with `make it`', () => {
  it('`make it 2 hours` is two more hours on a booking held; with none held, the booking form for two hours (it was the hint)', () => {
    expect(said('make it 2 hours')).toEqual([{ type: 'mine.requested', extendMinutes: 120 }]);
    expect(said('make it 30 min')).toEqual([{ type: 'mine.requested', extendMinutes: 30 }]);
    expect(said('make it 2 hours', 'grace')).toEqual([{ type: 'registration.started', filled: { release_choice: 'custom', release_date: '2026-03-02', release_time: '12:00' } }]);
    // A time is still when it is done by, and a testbed still the one meant.
    expect(said('make it 6pm')).toEqual([{ type: 'mine.requested', doneBy: '2026-03-02T18:00:00.000Z' }]);
    expect(said('make it lab-5')).toEqual(reply({ kind: 'switchForm', testbedId: 5, fromId: 1 }));
  });

  it('`change my booking end time to 6` is Done by 18:00 (it looked for a testbed “my booking end time”)', () => {
    expect(said('change my booking end time to 6')).toEqual([{ type: 'mine.requested', doneBy: '2026-03-02T18:00:00.000Z' }]);
  });

  it('more time asked for, and a run still going, are their bookings', () => {
    for (const typed of ['can I have more time', 'could I get some more time', 'still running', 'still need it for a bit']) expect(said(typed), typed).toEqual([{ type: 'mine.requested' }]);
    expect(said('can I get more time on lab-1')).toEqual([{ type: 'mine.requested', testbedId: 1 }]);
    expect(said("why can't I extend")).toEqual([{ type: 'mine.requested' }]);
  });

  it('`book lab-5 through the weekend` keeps it over the weekend, until Monday 9:00 (it ended on Friday night)', () => {
    expect(said('book lab-5 through the weekend', 'grace')).toEqual(bookedUntil('lab-5', '2026-03-09', '09:00'));
    expect(said('book lab-5 through friday', 'grace')).toEqual(bookedUntil('lab-5', '2026-03-06', '23:59'));
  });
});

describe('queues', () => {
  it('`can I get in line for lab-3` and `queue me up for lab-3` wait for lab-3 (a booking of “in line for lab-3”, and a colleague called “me up”)', () => {
    expect(said('can i get in line for lab-3', 'grace')).toEqual(wait(3));
    expect(said('queue me up for lab-3', 'grace')).toEqual(wait(3));
    expect(said('queue me for lab-3', 'grace')).toEqual(wait(3));
    expect(said('nvm lab-3', 'grace')).toEqual(reply({ kind: 'notNeeded', testbedId: 3 }));
    // A colleague is still a colleague.
    expect(said('queue Grace up for lab-3')).toMatchObject(reply({ kind: 'error', message: expect.stringMatching(/^Each person takes a place in a queue themselves/) }));
  });
});

describe('questions about a testbed, a label and the lab', () => {
  it.each(['who is currently using lab-3', 'lab-3 availability', 'availability of lab-3', 'whats up w lab-3', 'what is holding lab-3', "why can't I release lab-3", 'why is lab-3 not free', "why isn't lab-3 available"])(
    '%j is the status of lab-3',
    (typed) => {
      expect(said(typed, 'grace')).toEqual(status('lab-3'));
    },
  );

  it.each(['when is the next free 5g', 'when does the next 5g free up', 'first free 5g', 'any box with 5g free'])('%j is the status of the 5g testbeds', (typed) => {
    expect(said(typed, 'grace')).toEqual(status('5g'));
  });

  it.each(['show all boxes', 'ls testbeds', 'how busy are we', 'short status', 'status full', 'status summary', 'show board', "what's the board look like"])('%j is the whole lab’s status', (typed) => {
    expect(said(typed, 'grace')).toEqual(status());
  });

  it('the lab’s use is the report, a testbed used today its history, a testbed lent a booking', () => {
    expect(said('lab utilization')).toEqual([{ type: 'report.requested' }]);
    expect(said('has lab-1 been used today')).toEqual([{ type: 'history.requested', testbedId: 1 }]);
    expect(said('can someone lend me lab-5', 'grace')).toEqual([{ type: 'registration.started', testbedName: 'lab-5' }]);
    // (`status full` was a label called “full”; a label the lab has is still one.)
    expect(said('status 5g')).toEqual(status('5g'));
  });
});

describe('the rules, help and a thank-you', () => {
  it.each(['is there auto release', 'how long can I keep it', "what's the max", 'remind me 30 min before my booking ends', 'how often will you remind me', 'can I get reminders in DM', 'send reminders to me privately'])(
    '%j shows the house rules',
    (typed) => {
      expect(said(typed)).toEqual(reply({ kind: 'rules' }));
    },
  );

  it('`about` is help, `options` the menu, `ta` and `you’re the best` a thank-you', () => {
    expect(said('about')).toEqual([{ type: 'help.requested' }]);
    expect(said('options')).toEqual([{ type: 'menu.requested' }]);
    expect(said('ta')).toEqual(reply({ kind: 'thanks' }));
    expect(said("you're the best")).toEqual(reply({ kind: 'thanks' }));
  });
});

describe('problems told to the admins', () => {
  it.each(['lab-3 stuck in boot loop', 'lab-3 kernel panic', 'lab-3 is acting weird', 'lab-3 broke', 'I broke lab-3', 'oops I broke lab-3', 'can someone reboot lab-3'])(
    '%j is the form that tells the admins, with what was typed',
    (typed) => {
      expect(said(typed)).toEqual(reply({ kind: 'problemForm', testbedId: 3, text: typed }));
    },
  );
});

describe('the API, history kept elsewhere, and the lab’s clock', () => {
  it('`how do I get a token` is how pipelines book (it opened the booking form), as is `how does the api work`', () => {
    for (const typed of ['how do I get a token', 'how does the api work']) {
      expect(said(typed), typed).toMatchObject(reply({ kind: 'error', message: expect.stringMatching(/^Pipelines hold testbeds through the bot’s HTTP API/) }));
    }
  });

  it('`history csv` and `export history` say how history is seen (it looked for a colleague called “csv”)', () => {
    for (const typed of ['history csv', 'export history']) {
      expect(said(typed), typed).toEqual(reply({ kind: 'error', message: expect.stringMatching(/^Type history and a testbed’s name/) }));
    }
  });

  it('`use IST`, `switch to PST`, `I’m in Berlin` and `my timezone` ask for a clock of their own; other words stay what they were', () => {
    for (const typed of ['use IST', 'switch to PST', "I'm in Berlin", 'my timezone']) expect(said(typed), typed).toEqual(reply({ kind: 'timeZone', set: true }));
    expect(said("I'm in a meeting")).toEqual(reply({ kind: 'hint' }));
    // Where a person is stays out of a recording.
    expect(isCommandText("I'm in Berlin", testbeds)).toBe(false);
    expect(said('use lab-5', 'grace')).toEqual([{ type: 'registration.started', testbedName: 'lab-5' }]);
    expect(said('switch to lab-5')).toEqual(reply({ kind: 'switchForm', testbedId: 5 }));
  });
});

describe('a testbed handed over, said as news', () => {
  it.each(["I'm giving lab-1 to Linus", 'Linus is taking over lab-1', 'Linus takes lab-1 from here', 'lab-1 goes to Linus'])('%j from Ada, who holds lab-1, is the hand-over card', (typed) => {
    expect(said(typed)).toEqual([{ type: 'handOver.started', testbedId: 1, to: 'Linus' }]);
  });

  it('from anybody else it hands nothing over; `can I swap with Linus` says a trade is two hand-overs (it asked for a testbed “Linus”)', () => {
    expect(said('Linus is taking over lab-1', 'grace')).toEqual(reply({ kind: 'hint', testbedId: 1 }));
    expect(said('can I swap with Linus')).toEqual(
      reply({ kind: 'error', message: 'To trade testbeds with Linus, each of you hands yours over: type give lab-1 to Linus, and Linus does the same for you.' }),
    );
    expect(said('swap with Linus', 'grace')).toEqual(
      reply({ kind: 'error', message: 'To trade testbeds with Linus, each of you hands yours over: type give, your testbed’s name, to Linus, and Linus does the same for you.' }),
    );
    // A testbed or a label is still a switch.
    expect(said('swap with lab-5')).toEqual(reply({ kind: 'switchForm', testbedId: 5 }));
  });
});

describe('times and numbers said as chat says them', () => {
  it('`extend lab-1 through friday` is until Friday night, `thru the weekend` until Monday 9:00 (it lost both)', () => {
    expect(said('extend lab-1 through friday')).toEqual([{ type: 'mine.requested', testbedId: 1, extendUntil: '2026-03-06T23:59:00.000Z' }]);
    expect(said('extend lab-1 thru the weekend')).toEqual([{ type: 'mine.requested', testbedId: 1, extendUntil: '2026-03-09T09:00:00.000Z' }]);
  });

  it('a round number no clock has is minutes after `for`, `extend`, `+` and `another`; one a clock has stays a time, or unread', () => {
    expect(said('book lab-5 for 45', 'grace')).toEqual(bookedUntil('lab-5', '2026-03-02', '10:45'));
    for (const typed of ['extend 30', '+30', 'another 30', 'give me 30 more']) expect(said(typed), typed).toEqual([{ type: 'mine.requested', extendMinutes: 30 }]);
    expect(said('extend lab-1 by 45')).toEqual([{ type: 'mine.requested', testbedId: 1, extendMinutes: 45 }]);
    expect(said('book lab-5 for 5', 'grace')).toEqual([{ type: 'registration.started', testbedName: 'lab-5', unread: 'for 5' }]);
    // (24 and 48 are hours as often as minutes: still asked about.)
    expect(said('book lab-5 for 24', 'grace')).toEqual([{ type: 'registration.started', testbedName: 'lab-5', unread: 'for 24' }]);
    expect(said('extend 2')).toEqual([{ type: 'mine.requested', extendUntil: '2026-03-02T14:00:00.000Z' }]);
    expect(said('extend 15')).toEqual([{ type: 'mine.requested', extendUntil: '2026-03-02T15:00:00.000Z' }]);
  });

  it('a later start after the testbed is booking ahead, named as such (it named a testbed “lab-5 at 2pm”)', () => {
    expect(said('book lab-5 at 2pm for an hour', 'grace')).toEqual([{ type: 'registration.started', testbedName: 'lab-5', unread: 'at 2pm for an hour' }]);
    expect(said('book lab-5 in 30 min for 2 hours', 'grace')).toEqual([{ type: 'registration.started', testbedName: 'lab-5', unread: 'in 30 min for 2 hours' }]);
    expect(said("Hi team, I'll need lab-5 tomorrow from 9 to 12", 'grace')).toEqual([{ type: 'registration.started', testbedName: 'lab-5', unread: 'tomorrow from 9 to 12' }]);
  });
});

describe('a testbed wanted once it is free, and one of a label', () => {
  it('`book lab-3 once Linus releases it` and `give me lab-3 when it frees up` wait for lab-3', () => {
    expect(said('book lab-3 once Linus releases it', 'grace')).toEqual(wait(3));
    expect(said('give me lab-3 when it frees up', 'grace')).toEqual(wait(3));
    // The colleague named is not read: a recording blanks the text.
    expect(isCommandText('book lab-3 once Linus releases it', testbeds)).toBe(false);
    expect(isCommandText('give me lab-3 when it frees up', testbeds)).toBe(true);
  });

  it('`a 5g please` and `one 5g` book one of the 5g testbeds; `5g please` stays their status', () => {
    for (const typed of ['a 5g please', 'one 5g', 'one 5g testbed']) expect(said(typed, 'grace'), typed).toEqual([{ type: 'registration.started', testbedName: '5g' }]);
    expect(said('5g please', 'grace')).toEqual(status('5g'));
    expect(said('a moment', 'grace')).toEqual(reply({ kind: 'hint' }));
  });
});

describe('a length written with a fraction, and chat’s words for tomorrow and for a moment', () => {
  it('`1 1/2 hours`, `1½ hours`, `¼ hour`, `.5h` are lengths (they were the purpose)', () => {
    expect(said('book lab-5 for 1 1/2 hours', 'grace')).toEqual(bookedUntil('lab-5', '2026-03-02', '11:30'));
    expect(said('book lab-5 for 1½ hours', 'grace')).toEqual(bookedUntil('lab-5', '2026-03-02', '11:30'));
    expect(said('book lab-5 for ¼ hour', 'grace')).toEqual(bookedUntil('lab-5', '2026-03-02', '10:15'));
    expect(said('book lab-5 for .5h', 'grace')).toEqual(bookedUntil('lab-5', '2026-03-02', '10:30'));
    expect(said('extend 1½h')).toEqual([{ type: 'mine.requested', extendMinutes: 90 }]);
    // A date is no fraction.
    expect(said('book lab-5 until 12/05', 'grace')).toEqual([{ type: 'registration.started', testbedName: 'lab-5', unread: 'until 12/05' }]);
  });

  it('`till tmr` is tomorrow (it was unread)', () => {
    expect(said('book lab-5 till tmr', 'grace')).toEqual([{ type: 'registration.started', testbedName: 'lab-5', filled: { release_choice: '1d' } }]);
  });

  it('`on my way`, `I’ll be there in 5`, `hold it for 10 minutes`, `hang on` answer an offer as `later` does: the offer again, when there is one', () => {
    for (const typed of ['on my way', "I'll be there in 5", 'can you hold it for 10 minutes', 'keep it for me for 5 min', 'one sec', 'hang on', 'coming']) {
      expect(said(typed, 'grace'), typed).toEqual(reply({ kind: 'offerTaken', otherwise: 'hint' }));
    }
    // As a first clause it gives way to what follows (`almost done`: her bookings).
    expect(said('one sec, almost done')).toEqual([{ type: 'mine.requested' }]);
    // `hold on to lab-1` is still Ada's booking kept.
    expect(said('hold on to lab-1')).toEqual([{ type: 'mine.requested', testbedId: 1 }]);
  });
});

describe('a command written as on a command line, with marks, or with a second choice', () => {
  it('long options are words: `--for 2h`, `--testbed lab-5 --duration 2h`, `--until=5pm`, `release --all`, `status --free` (`--for` was the purpose, and a colleague)', () => {
    const twoHours = bookedUntil('lab-5', '2026-03-02', '12:00');
    expect(said('book lab-5 --for 2h', 'grace')).toEqual(twoHours);
    expect(said('book --testbed lab-5 --duration 2h', 'grace')).toEqual(twoHours);
    expect(said('book lab-5 --until=5pm', 'grace')).toEqual(bookedUntil('lab-5', '2026-03-02', '17:00'));
    expect(said('release --all')).toEqual([{ type: 'mine.requested' }]);
    expect(said('status --free')).toEqual(status('free'));
    // A trailing semicolon is no part of the name.
    expect(said('book lab-5;', 'grace')).toEqual([{ type: 'registration.started', testbedName: 'lab-5' }]);
    expect(said('status;')).toEqual(status());
  });

  it('a mark between the time and the purpose says nothing (`2h / soak` kept the mark in the purpose); a testbed, a mark and a time book it', () => {
    for (const typed of ['book lab-5 2h / soak', 'book lab-5 2h | soak', 'book lab-5 2h ... soak', 'book lab-5 until 5pm / soak', 'lab-5, 2h, soak', 'lab-5 / 2h / soak']) {
      expect(said(typed, 'grace'), typed).toMatchObject([{ type: 'registration.started', testbedName: 'lab-5', filled: { purpose: 'soak' } }]);
    }
    expect(said('lab-5, 2h', 'grace')).toEqual(bookedUntil('lab-5', '2026-03-02', '12:00'));
    // A remark after a comma is still no booking.
    expect(said('lab-5, soak', 'grace')).toEqual(reply({ kind: 'hint', testbedId: 5 }));
  });

  it('`book lab-3, or lab-5 if taken` (or `else lab-5`, `otherwise lab-5`) is the first of them free, as `book lab-3 or lab-5` (it took the second as the purpose)', () => {
    for (const typed of ['book lab-3, or lab-5 if taken', 'book lab-3 else lab-5', 'book lab-3 otherwise lab-5']) {
      expect(said(typed, 'grace'), typed).toEqual([{ type: 'registration.started', testbedName: 'lab-5' }]);
    }
    expect(said('book lab-5 for the soak or the demo', 'grace')).toEqual([{ type: 'registration.started', testbedName: 'lab-5', filled: { purpose: 'the soak or the demo' } }]);
  });

  it('`whichever frees up first` is what is free (or due back first); `from lab-1 to lab-5` and `lab-1 > lab-5` move Ada’s booking', () => {
    for (const typed of ['whichever frees up first', 'the first one that frees up', 'first to free up']) expect(said(typed, 'grace'), typed).toEqual(status('free'));
    for (const typed of ['from lab-1 to lab-5', 'lab-1 > lab-5', 'switch lab-1 -> lab-5']) expect(said(typed), typed).toEqual(reply({ kind: 'switchForm', testbedId: 5, fromId: 1 }));
    // Not from one of hers: nothing moves.
    expect(said('from lab-3 to lab-5')).toEqual(reply({ kind: 'hint' }));
  });
});

describe('waiting, the admins and a testbed described, in more words', () => {
  it('`alert when lab-3 free`, `when lab-3 is free, let me know`, `lab-3 dibs` and `first dibs on lab-3 when it’s free` wait for lab-3', () => {
    for (const typed of ['alert when lab-3 free', 'when lab-3 free let me know', 'when lab-3 is free, let me know', 'ping me when lab-3 free', 'lab-3 dibs', "first dibs on lab-3 when it's free"]) {
      expect(said(typed, 'grace'), typed).toEqual(wait(3));
    }
    // Of no testbed of the lab, no wait (nor a testbed looked for).
    expect(said('when the meeting is over let me know', 'grace')).toEqual(reply({ kind: 'hint' }));
  });

  it('`I need an admin` and `who is the admin of lab-3` name the admins; `what hardware is lab-3` is its row', () => {
    for (const typed of ['I need an admin', 'who is the admin of lab-3']) expect(said(typed, 'grace'), typed).toEqual([{ type: 'admins.asked' }]);
    // Only of a testbed of the lab: any other word there is a person's, and a recording blanks it.
    expect(isCommandText('who is the admin of lab-3', testbeds)).toBe(true);
    expect(isCommandText('who is the admin of Zebrafalcon lab-3', testbeds)).toBe(false);
    for (const typed of ['what hardware is lab-3', 'what version is on lab-3', 'what firmware does lab-3 run']) expect(said(typed, 'grace'), typed).toEqual(status('lab-3'));
  });
});

describe('longer messages as a lab room writes them', () => {
  it('a question whose testbed ran past its sentence reads the sentences (`who is on lab-3? It’s been booked since Monday` named a testbed so)', () => {
    expect(said("Can someone tell me who is on lab-3? It's been booked since Monday", 'grace')).toEqual(status('lab-3'));
    expect(said("who has lab-3? It's for a demo", 'grace')).toEqual(status('lab-3'));
    expect(said('Can I switch to lab-5? lab-1 has issues')).toEqual(reply({ kind: 'switchForm', testbedId: 5 }));
    expect(said("book lab-5. It's for the demo", 'grace')).toEqual([{ type: 'registration.started', testbedName: 'lab-5', filled: { purpose: 'the demo' } }]);
    expect(said("book lab-5 until 5pm. It's for the demo", 'grace')).toEqual([
      { type: 'registration.started', testbedName: 'lab-5', filled: { release_choice: 'custom', release_date: '2026-03-02', release_time: '17:00', purpose: 'the demo' } },
    ]);
  });

  it('`Is lab-3 actually being used?` is its status (it asked for a testbed “lab-3 actually”); words of courtesy after a command add nothing', () => {
    for (const typed of ['Is lab-3 actually being used?', 'is lab-3 really free']) expect(said(typed, 'grace'), typed).toEqual(status('lab-3'));
    expect(said("I'll take lab-5 if no one minds", 'grace')).toEqual([{ type: 'registration.started', testbedName: 'lab-5' }]);
    expect(said("Need a 5G testbed for tomorrow's demo, any available?", 'grace')).toEqual([{ type: 'registration.started', testbedName: '5G', filled: { purpose: "tomorrow's demo" } }]);
    expect(said('If nobody is using lab-5 I’ll grab it', 'grace')).toEqual([{ type: 'registration.started', testbedName: 'lab-5' }]);
  });

  it('a colleague asked with `@` before their name, and one given a testbed before its name, as with a comma or `to`', () => {
    expect(said('@Linus do you still need lab-3?', 'grace')).toEqual([{ type: 'lifecycle.submitted', request: { type: 'ask', testbedId: 3 }, now: NOW }]);
    expect(said("Give Linus lab-1, I'm out for the day")).toEqual([{ type: 'handOver.started', testbedId: 1, to: 'Linus' }]);
    expect(said("Hand over lab-1 to Linus please, he's taking over my tests")).toEqual([{ type: 'handOver.started', testbedId: 1, to: 'Linus' }]);
    // Not her testbed: nothing handed over.
    expect(said('give Linus lab-3')).toEqual(reply({ kind: 'hint', testbedId: 3 }));
  });

  it('a release, a reminder and more time said with more words', () => {
    expect(said('Cancel my booking on lab-1 please, plans changed')).toEqual(released('lab-1'));
    for (const typed of ['Sorry guys, forgot to release lab-1', 'oops forgot to release lab-1', 'lab-1 is yours']) expect(said(typed), typed).toEqual(released('lab-1'));
    // A colleague who forgot is still asked about (the status of lab-3).
    expect(said('Linus forgot to release lab-3', 'grace')).toEqual(status('lab-3'));
    expect(said('Set a reminder to release lab-1 at 5pm')).toEqual([{ type: 'mine.requested', testbedId: 1, doneBy: '2026-03-02T17:00:00.000Z' }]);
    // It asked Ada, the holder, about her own booking.
    expect(said('Remind me tomorrow about lab-1')).toEqual([{ type: 'mine.requested', testbedId: 1, extendUntil: '2026-03-03T10:00:00.000Z' }]);
    expect(said("Can I see everything that's booked right now?", 'grace')).toEqual(status('in-use'));
    expect(said('Looking for a testbed with 5g for 2 hours', 'grace')).toEqual(bookedUntil('5g', '2026-03-02', '12:00'));
  });
});

describe('the admins’ tasks in more words', () => {
  const task = (name: string, values: Record<string, string>) => [{ type: 'admin.formRequested', task: name, values }];

  it('a testbed added, retired, put under maintenance or released by force', () => {
    for (const typed of ['onboard lab-9', 'add lab-9 to the lab', 'add lab-9 to the list']) expect(said(typed), typed).toEqual(task('testbed_add', { testbed_name: 'lab-9' }));
    for (const typed of ['remove lab-5 from the lab', 'archive lab-5']) expect(said(typed), typed).toEqual(task('testbed_retire', { testbed_id: '5' }));
    expect(said('mark lab-5 as under maintenance')).toEqual(task('maintenance_start', { testbed_id: '5' }));
    // `(force)` was taken as the release's note.
    for (const typed of ['release lab-3 (force)', 'release lab-3 --force', 'release lab-3 forced']) expect(said(typed), typed).toEqual(task('force_release', { testbed_id: '3' }));
    expect(said('release lab-3 (soak hung)', 'linus')).toEqual(released('lab-3'));
  });

  it('quotes around a description say nothing; `untag 5g from lab-5` takes the label off', () => {
    expect(said('set lab-5 description to "rack 4, slot 2"')).toEqual(task('testbed_edit', { testbed_id: '5', description: 'rack 4, slot 2' }));
    expect(said('untag 5g from lab-5')).toEqual(task('testbed_edit', { testbed_id: '5', labels: '' }));
  });
});

describe('an afternoon time written with its minutes, and the next hour and a half', () => {
  it('`until 4:30` (or `4.30`) at ten in the morning is 16:30 today, as `until 4` is 16:00 (it was 04:30 tomorrow); `9:30` stays the day’s clock', () => {
    expect(said('book lab-5 until 4:30', 'grace')).toEqual(bookedUntil('lab-5', '2026-03-02', '16:30'));
    expect(said('book lab-5 until 4.30', 'grace')).toEqual(bookedUntil('lab-5', '2026-03-02', '16:30'));
    expect(said('book lab-5 until 4:30 this afternoon', 'grace')).toEqual(bookedUntil('lab-5', '2026-03-02', '16:30'));
    expect(said('book lab-5 until 9:30', 'grace')).toEqual(bookedUntil('lab-5', '2026-03-03', '09:30'));
    expect(said('book lab-5 until 16:30', 'grace')).toEqual(bookedUntil('lab-5', '2026-03-02', '16:30'));
    expect(said('extend lab-1 until 5:15')).toEqual([{ type: 'mine.requested', testbedId: 1, extendUntil: '2026-03-02T17:15:00.000Z' }]);
  });

  it('`for the next hour and a half` is a length (it was the purpose)', () => {
    expect(said('book lab-5 for the next hour and a half', 'grace')).toEqual(bookedUntil('lab-5', '2026-03-02', '11:30'));
  });
});

describe('the past, the queue and the holder, asked in more ways', () => {
  it('a day after what is asked about is within the history (`who had lab-3 on friday` looked for a testbed so called; `lab-3 history last 7 days` was a booking)', () => {
    for (const typed of ['who had lab-3 on friday', 'who used lab-3 last friday', 'lab-3 history last 7 days', 'lab-3 bookings this week', 'all bookings for lab-3']) {
      expect(said(typed, 'grace'), typed).toEqual([{ type: 'history.requested', testbedId: 3 }]);
    }
  });

  it('what is booked now, late returns, a testbed’s turn and due time, and a colleague’s count', () => {
    for (const typed of ['reservations', 'all reservations', "what's booked today", "who's booked for tomorrow"]) expect(said(typed, 'grace'), typed).toEqual(status('in-use'));
    expect(said('late returns', 'grace')).toEqual(status('overdue'));
    for (const typed of ["when's lab-3 due back", 'is lab-3 free after 3', 'who will be on lab-3 tomorrow', 'when is my turn for lab-3', 'when will I get lab-3']) {
      expect(said(typed, 'grace'), typed).toEqual(status('lab-3'));
    }
    expect(said('how long until my turn', 'grace')).toEqual([{ type: 'mine.requested', queues: true }]);
    expect(said('how many testbeds does Linus have', 'grace')).toEqual([{ type: 'status.requested', holder: 'Linus' }]);
    // The colleague is not read: a recording blanks the text. Other words than a testbed's stay the hint.
    expect(isCommandText('how many testbeds does Linus have', testbeds)).toBe(false);
    expect(said('when is the demo due', 'grace')).toEqual(reply({ kind: 'hint' }));
  });
});

describe('one’s own booking, named by its label or asked about', () => {
  it('`release the 5g one` from Ada is the release form on lab-1, her one 5g testbed (it looked for a testbed called so); holding none, the plain form', () => {
    for (const typed of ['release the 5g one', 'release my 5g testbed']) expect(said(typed), typed).toEqual(released('lab-1'));
    expect(said('release the 5g one', 'grace')).toEqual([{ type: 'release.started' }]);
    for (const typed of ['release the one I have', 'release whatever I have']) expect(said(typed), typed).toEqual([{ type: 'release.started' }]);
  });

  it('when a booking ends, asked of a testbed, is its status; of one’s booking, one’s bookings', () => {
    for (const typed of ['when does lab-1 expire', 'when does my lab-1 booking end', 'how long is lab-1 mine for', 'lab-1 still mine?', 'is my booking on lab-1 still valid']) {
      expect(said(typed), typed).toEqual(status('lab-1'));
    }
    expect(said("what's the purpose of my booking")).toEqual([{ type: 'mine.requested' }]);
  });

  it('`purpose should be regression` and `rename my purpose to regression` fill in `regression` (the first kept “should be”, the second renamed a testbed)', () => {
    for (const typed of ['purpose should be regression', 'rename my purpose to regression', 'the purpose is regression']) {
      expect(said(typed), typed).toEqual([{ type: 'purpose.started', purpose: 'regression' }]);
    }
  });
});

describe('a label’s testbeds, asked and waited for in more words', () => {
  it('`show 5g only`, `free 5g only`, `which 5g ones are busy`, `busy 5g testbeds` and `status of the 5g ones` show the 5g testbeds (the last was refused)', () => {
    for (const typed of ['show 5g only', 'only the free 5g ones', 'free 5g only', 'which 5g ones are busy', 'busy 5g testbeds', 'status of the 5g ones']) {
      expect(said(typed, 'grace'), typed).toEqual(status('5g'));
    }
  });

  it('`cancel my 5g wait` and `I don’t need a 5g anymore` stop waiting for any 5g; `what does the 5g label mean` lists the labels', () => {
    const unwaitLabel = [{ type: 'lifecycle.submitted', request: { type: 'unwaitLabel', label: '5g' }, now: NOW }];
    for (const typed of ['cancel my 5g wait', "I don't need a 5g anymore"]) expect(said(typed, 'grace'), typed).toEqual(unwaitLabel);
    expect(said('what does the 5g label mean', 'grace')).toEqual(reply({ kind: 'labels' }));
    // A word no label of the lab is: the hint, and a recording blanks it.
    expect(said('what does the Zebrafalcon label mean', 'grace')).toEqual(reply({ kind: 'hint' }));
    expect(isCommandText('what does the Zebrafalcon label mean', testbeds)).toBe(false);
  });
});

describe('said back to a reminder, in more words', () => {
  it('`still need it, give me 2 more hours` is two more hours (the time after the comma was lost); `I will need it until friday` until Friday', () => {
    expect(said('yes I still need it, give me 2 more hours')).toEqual([{ type: 'mine.requested', extendMinutes: 120 }]);
    expect(said('I will need it until friday')).toEqual([{ type: 'mine.requested', extendUntil: '2026-03-06T23:59:00.000Z' }]);
    // A reason after the comma is still no time.
    expect(said('I still need it, the soak is running')).toEqual([{ type: 'mine.requested' }]);
    // `I'll need a testbed` still opens the booking form.
    expect(said("I'll need a testbed", 'grace')).toEqual([{ type: 'registration.started' }]);
  });

  it('`don’t release it` keeps it (their bookings), `go ahead and release it` releases', () => {
    for (const typed of ["don't release it", 'please don’t release it yet']) expect(said(typed), typed).toEqual([{ type: 'mine.requested' }]);
    expect(said('do not release lab-1')).toEqual([{ type: 'mine.requested', testbedId: 1 }]);
    expect(said('go ahead and release it')).toEqual([{ type: 'release.started' }]);
  });
});

describe('any testbed will do', () => {
  it('`surprise me`, `any will do`, `whatever’s free`, `doesn’t matter which`, `a testbed please`, `need any box for 1h` open the booking form (the last took “box” for the purpose)', () => {
    for (const typed of ['surprise me', 'any will do', "whatever's free", "doesn't matter which", 'any one is fine', 'a testbed please', 'a free one please', 'pick one']) {
      expect(said(typed, 'grace'), typed).toEqual([{ type: 'registration.started' }]);
    }
    expect(said('need any box for 1h', 'grace')).toEqual([{ type: 'registration.started', filled: { release_choice: '1h' } }]);
    // A purpose keeps its words.
    expect(said('book lab-5 for a box test', 'grace')).toEqual([{ type: 'registration.started', testbedName: 'lab-5', filled: { purpose: 'a box test' } }]);
    expect(said('find me a free 5g', 'grace')).toEqual([{ type: 'registration.started', testbedName: '5g' }]);
    for (const typed of ['are there open testbeds', 'can you find me something free']) expect(said(typed, 'grace'), typed).toEqual(status('free'));
  });

  it('a number in words alone is no time said back (`five` was more time until 17:00, as `5` alone is not); `until five` still is', () => {
    for (const typed of ['one', 'five', 'one please']) expect(said(typed), typed).toEqual(reply({ kind: 'hint' }));
    expect(said('until five')).toEqual([{ type: 'mine.requested', extendUntil: '2026-03-02T17:00:00.000Z' }]);
  });
});
