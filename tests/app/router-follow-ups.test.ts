/**
 * What people type when a message goes on from the one before (`and lab-5?`, `what about lab-5`, `then release lab-1`,
 * `release lab-1 too`), a testbed chosen in the words of a chat (`lab-5 it is`, `let's go with lab-5`, `give lab-5 to me`),
 * the day's end said in a few words (`done here`, `clocking out`), a release put off (`delay release by 1h`), and times said
 * as people say them (`before 5`, `five thirty`, `2-3h`, `this morning`), questions about a testbed or a colleague, replies to a
 * reminder, problems and the news that a testbed under maintenance works. Ada holds lab-1, Linus holds lab-3, lab-5 is free,
 * lab-6 is under maintenance.
 */
import { describe, expect, it } from 'vitest';
import { isCommandText } from '../../src/app/router.js';
import { HELD_LAB_NOW, heldLab, heldLabPeople, typedIn } from '../support/typed-in-lab.js';

const NOW = HELD_LAB_NOW;
const ctx = heldLab;
const testbeds = heldLab.testbeds ?? [];
const people = heldLabPeople;

const said = typedIn(ctx, people, NOW);

const reply = (view: Record<string, unknown>) => ({ kind: 'reply', view });
const status = (label: string) => [{ type: 'status.requested', label }];
const booking = (name: string) => [{ type: 'registration.started', testbedName: name }];
const bookedUntil = (name: string, date: string, time: string) => [
  { type: 'registration.started', testbedName: name, filled: { release_choice: 'custom', release_date: date, release_time: time } },
];
const mine = (more: Record<string, unknown> = {}) => [{ type: 'mine.requested', ...more }];

describe('a message that goes on from the one before', () => {
  it.each(['what about lab-5', 'what about lab-5?', 'and lab-5?', 'how about lab-5', 'ok what about lab-5', 'same for lab-5', 'same with lab-5', 'lab-5 too', 'lab-5 as well'])(
    '%j is the status of lab-5 (it was the hint)',
    (typed) => {
      expect(said(typed, 'grace')).toEqual(status('lab-5'));
    },
  );

  it('`what about the 5g ones` is the status of the 5g testbeds', () => {
    expect(said('what about the 5g ones', 'grace')).toEqual(status('5g'));
  });

  it.each(['and release lab-1', 'then release lab-1', 'oh and release lab-1', 'plus release lab-1', 'PS release lab-1', 'oh btw release lab-1', 'release lab-1 too', 'release lab-1 also'])(
    '%j from Ada opens the release form on lab-1',
    (typed) => {
      expect(said(typed)).toEqual([{ type: 'release.started', testbedName: 'lab-1' }]);
    },
  );

  it('`release it too` is the release form with nothing named (it named a testbed “it too”)', () => {
    expect(said('release it too')).toEqual([{ type: 'release.started' }]);
  });

  it.each(['and who has lab-3?', 'but who has lab-3', 'then who has lab-3', 'by the way, who has lab-3', 'oh and is lab-5 free'])('%j is a status question', (typed) => {
    expect(said(typed, 'grace')).toEqual(status(typed.endsWith('lab-5 free') ? 'lab-5' : 'lab-3'));
  });

  it('`and book lab-5 for 2h` books lab-5 for two hours', () => {
    expect(said('and book lab-5 for 2h', 'grace')).toEqual(bookedUntil('lab-5', '2026-03-02', '12:00'));
  });

  it('a star on one side marks a correction: `*release lab-1` and `release lab-1*` open the release form on lab-1', () => {
    expect(said('*release lab-1')).toEqual([{ type: 'release.started', testbedName: 'lab-1' }]);
    expect(said('release lab-1*')).toEqual([{ type: 'release.started', testbedName: 'lab-1' }]);
  });

  it('what stays: a time after `and` or `what about` is no more time on a booking, `and now?` is the menu, `me too` the hint', () => {
    expect(said('what about tomorrow')).toEqual(reply({ kind: 'hint' }));
    expect(said('and tomorrow?')).toEqual(reply({ kind: 'hint' }));
    expect(said('and now?')).toEqual([{ type: 'menu.requested' }]);
    expect(said('me too')).toEqual(reply({ kind: 'hint' }));
  });
});

describe('a testbed chosen in the words of a chat', () => {
  it.each([
    "let's go with lab-5",
    'go with lab-5',
    "I'll go for lab-5",
    'going with lab-5',
    "let's do lab-5",
    'lab-5 it is',
    'lab-5 it is then',
    'lab-5 then',
    'lab-5 will do',
    'lab-5 works for me',
    'lab-5 would work',
    'lab-5 would be great',
    'lab-5 sounds good',
    'lab-5 is perfect',
    'lab-5 -> me',
    'lab-5: me',
    'lab-5 = mine',
    'me: lab-5',
    'assign me lab-5',
    "I'll be using lab-5",
    'getting on lab-5',
    'logging into lab-5',
    'starting on lab-5',
    'running tests on lab-5',
    'kicking off a run on lab-5',
  ])('%j from Grace opens the booking form on lab-5 (it was the hint)', (typed) => {
    expect(said(typed, 'grace')).toEqual(booking('lab-5'));
  });

  it('with a time, the form is filled with it', () => {
    expect(said("let's go with lab-5 for 2h", 'grace')).toEqual(bookedUntil('lab-5', '2026-03-02', '12:00'));
    expect(said('would it be ok to use lab-5 for 2h', 'grace')).toEqual(bookedUntil('lab-5', '2026-03-02', '12:00'));
    expect(said('stealing lab-5 for 10 min', 'grace')).toEqual(bookedUntil('lab-5', '2026-03-02', '10:10'));
    expect(said("I'll go with lab-5 for the soak", 'grace')).toEqual([{ type: 'registration.started', testbedName: 'lab-5', filled: { purpose: 'the soak' } }]);
  });

  it('`give lab-5 to me` and `assign lab-5 to me` of a free testbed book it (they were a hand-over to somebody called “me”)', () => {
    expect(said('give lab-5 to me', 'grace')).toEqual(booking('lab-5'));
    expect(said('assign lab-5 to me', 'grace')).toEqual(booking('lab-5'));
  });

  it('what stays: `give lab-3 to me` of a testbed Linus holds is the hand-over card (which tells an admin how to take it over), `lab-5 works` the hint', () => {
    expect(said('give lab-3 to me', 'grace')).toEqual([{ type: 'handOver.started', testbedId: 3, to: 'me' }]);
    expect(said('lab-5 works', 'grace')).toEqual(reply({ kind: 'hint', testbedId: 5 }));
  });
});

describe('the day’s end in a few words, and all of one’s bookings', () => {
  it.each(['done here', 'all done here', 'finished here', 'done done', 'done and dusted'])('%j from Ada opens the release form (it looked for a testbed called “here”)', (typed) => {
    expect(said(typed)).toEqual([{ type: 'release.started' }]);
  });

  it.each(["I'm out", "I'm out for the day", 'clocking out', 'release all my stuff', 'release them', 'release my two testbeds'])('%j shows Ada her bookings', (typed) => {
    expect(said(typed)).toEqual(mine());
  });

  it('what stays: `release my stuff` is the release form', () => {
    expect(said('release my stuff')).toEqual([{ type: 'release.started' }]);
  });
});

describe('a release put off, and all bookings moved at once', () => {
  it('`delay release by 1h` is an hour more, `postpone release to 6` until 18:00, `postpone lab-1 release` her bookings with lab-1 chosen', () => {
    expect(said('delay release by 1h')).toEqual(mine({ extendMinutes: 60 }));
    expect(said('postpone release to 6')).toEqual(mine({ extendUntil: '2026-03-02T18:00:00.000Z' }));
    expect(said('postpone lab-1 release')).toEqual(mine({ testbedId: 1 }));
  });

  it('`push everything to 6pm` and `push all by an hour` extend every booking (they were the hint)', () => {
    expect(said('push everything to 6pm')).toEqual(mine({ extendUntil: '2026-03-02T18:00:00.000Z', extendAll: true }));
    expect(said('push all by an hour')).toEqual(mine({ extendMinutes: 60, extendAll: true }));
  });
});

describe('times as people say them', () => {
  it.each([
    ['book lab-5 before 5', '2026-03-02', '17:00'],
    ['book lab-5 before lunch', '2026-03-02', '12:00'],
    ['book lab-5 this arvo', '2026-03-02', '17:00'],
    ['book lab-5 for a couple mins', '2026-03-02', '10:02'],
    ['book lab-5 for 1:30h', '2026-03-02', '11:30'],
    ['book lab-5 for 2-3h', '2026-03-02', '13:00'],
    ['book lab-5 until five thirty', '2026-03-02', '17:30'],
    ['book lab-5 until four forty-five', '2026-03-02', '16:45'],
    ['book lab-5 all night', '2026-03-03', '09:00'],
    ['book lab-5 this morning', '2026-03-02', '12:00'],
  ])('%j at ten is the booking form until %s %s', (typed, date, time) => {
    expect(said(typed, 'grace')).toEqual(bookedUntil('lab-5', date, time));
  });

  it('`this morning` said before nine is until nine, when the morning starts (the reading that has not passed)', () => {
    const early = typedIn(ctx, people, '2026-03-02T02:00:00.000Z');
    expect(early('book lab-5 this morning', 'grace')).toEqual(bookedUntil('lab-5', '2026-03-02', '09:00'));
  });

  it('an extension reads them too: `extend lab-1 for 2-3h` is three hours, `until five thirty` 17:30; `2-3 hours` alone is as `2 hours` alone', () => {
    expect(said('extend lab-1 for 2-3h')).toEqual(mine({ testbedId: 1, extendMinutes: 180 }));
    expect(said('extend lab-1 until five thirty')).toEqual(mine({ testbedId: 1, extendUntil: '2026-03-02T17:30:00.000Z' }));
    expect(said('2 hours')).toEqual(mine({ extendMinutes: 120 }));
    expect(said('2-3 hours')).toEqual(mine({ extendMinutes: 180 }));
  });
});

describe('questions about a testbed, a colleague and the lab', () => {
  it.each(['whose lab-3 is it', 'when was lab-3 booked', 'what does lab-3 have', "who's been on lab-3 all day"])('%j is the status of lab-3', (typed) => {
    expect(said(typed, 'grace')).toEqual(status('lab-3'));
  });

  it('`who’s been on lab-3 all day` no longer looks for a testbed called “lab-3 all day”; `who is hogging all the testbeds` is the whole lab', () => {
    expect(said("who's been on lab-3 all day", 'grace')).not.toEqual(reply({ kind: 'error', message: 'No testbed is called “lab-3 all day”. Type status to see them all.' }));
    expect(said('who is hogging all the testbeds', 'grace')).toEqual([{ type: 'status.requested' }]);
  });

  it('`purpose of lab-3` from anybody but its holder is its status (it opened the form for a purpose that is Linus’s); from Linus, the form', () => {
    expect(said('purpose of lab-3', 'grace')).toEqual(status('lab-3'));
    expect(said('purpose for lab-5', 'grace')).toEqual(status('lab-5'));
    expect(said('purpose of lab-3', 'linus')).toEqual([{ type: 'purpose.started', testbedId: 3 }]);
  });

  it('`what is Linus on` shows Linus’s bookings; `what’s it on` stays the hint', () => {
    expect(said('what is Linus on', 'grace')).toEqual([{ type: 'status.requested', holder: 'Linus' }]);
    expect(said("what's it on", 'grace')).toEqual(reply({ kind: 'hint' }));
  });

  it('`lab-3 up?` and `lab-3 working?` ask after its health, as `is lab-3 up` does: its history', () => {
    expect(said('lab-3 up?', 'grace')).toEqual([{ type: 'history.requested', testbedId: 3 }]);
    expect(said('lab-3 working?', 'grace')).toEqual([{ type: 'history.requested', testbedId: 3 }]);
  });
});

describe('replies to a reminder', () => {
  it('`need till 6` and `give me till 5` from Ada, who holds lab-1, are more time until then (they opened the booking form)', () => {
    expect(said('need till 6')).toEqual(mine({ extendUntil: '2026-03-02T18:00:00.000Z' }));
    expect(said('give me till 5')).toEqual(mine({ extendUntil: '2026-03-02T17:00:00.000Z' }));
  });

  it('from Grace, who holds nothing, they are the booking form until then, as `till 6` alone is', () => {
    const form = [{ type: 'registration.started', filled: { release_choice: 'custom', release_date: '2026-03-02', release_time: '18:00' } }];
    expect(said('till 6', 'grace')).toEqual(form);
    expect(said('need till 6', 'grace')).toEqual(form);
  });

  it('`don’t take it` keeps the booking, as `don’t release it` does: her bookings', () => {
    expect(said("don't take it")).toEqual(mine());
    expect(said("please don't take it away")).toEqual(mine());
  });
});

describe('problems, and a testbed under maintenance said to work', () => {
  it.each(['lab-3 is hanging', 'lab-3 disk full', 'lab-3 ran out of disk space'])('%j opens the form that tells the admins', (typed) => {
    expect(said(typed, 'grace')).toEqual(reply({ kind: 'problemForm', testbedId: 3, text: typed }));
  });

  it('`something is off with lab-3` opens it too, as `something is wrong with lab-3` does', () => {
    expect(said('something is off with lab-3', 'grace')).toEqual(reply({ kind: 'problemForm', testbedId: 3 }));
  });

  it.each(['I fixed lab-6', 'fixed lab-6', 'lab-6 is ok now', 'lab-6 good to go'])('%j, of lab-6 under maintenance, is the news that it works', (typed) => {
    expect(said(typed, 'grace')).toEqual([{ type: 'admin.formRequested', task: 'maintenance_end', values: { testbed_id: '6' }, news: 'fixed' }]);
  });

  it('what stays: said of a testbed in service it is no news (the hint); `lab-6 working again` is still the news, not a question', () => {
    expect(said('I fixed lab-3', 'grace')).toEqual(reply({ kind: 'hint', testbedId: 3 }));
    expect(said('lab-3 is ok', 'grace')).toEqual(reply({ kind: 'hint', testbedId: 3 }));
    expect(said('lab-6 working again', 'grace')).toEqual([{ type: 'admin.formRequested', task: 'maintenance_end', values: { testbed_id: '6' }, news: 'fixed' }]);
  });
});

describe('waiting, and the short words of a chat', () => {
  const wait = (testbedId: number) => [{ type: 'lifecycle.submitted', request: { type: 'wait', testbedId }, now: NOW }];

  it.each(['lab-3 when free', "lab-3 when it's free", 'lab-3 once free', 'when lab-3 frees up give it to me', "no rush, I'll wait for lab-3"])('%j from Grace waits for lab-3', (typed) => {
    expect(said(typed, 'grace')).toEqual(wait(3));
  });

  it('`cancel the queue` shows one’s places in queues, as `cancel my wait` does; `is someone waiting for my testbed` one’s bookings', () => {
    expect(said('cancel the queue', 'grace')).toEqual(mine({ queues: true }));
    expect(said('is someone waiting for my testbed')).toEqual(mine());
  });

  it('`fine, …` before a command adds nothing (`fine I’ll wait` was the hint offering mine), and `fine thanks` stays an OK', () => {
    expect(said("fine I'll wait", 'grace')).toEqual(said("I'll wait", 'grace'));
    expect(said("fine I'll wait", 'grace')).not.toEqual(reply({ kind: 'hint', suggestion: 'mine' }));
    expect(said('fine thanks', 'grace')).toEqual(reply({ kind: 'thanks', ack: true }));
  });

  it.each(['back', 'go back', 'back to the menu', 'start over', 'home', 'r u there'])('%j opens the menu (it was the hint)', (typed) => {
    expect(said(typed, 'grace')).toEqual([{ type: 'menu.requested' }]);
  });

  it('`tysm` is a thank-you and ✅ an OK; `I’m back` stays the hint', () => {
    expect(said('tysm', 'grace')).toEqual(reply({ kind: 'thanks' }));
    expect(said('✅', 'grace')).toEqual(reply({ kind: 'thanks', ack: true }));
    expect(said("I'm back", 'grace')).toEqual(reply({ kind: 'hint' }));
  });
});

describe('history, and a purpose in brackets', () => {
  it('`show lab-3 log` and `last time lab-3 was free` are its history (they were the hint)', () => {
    expect(said('show lab-3 log', 'grace')).toEqual([{ type: 'history.requested', testbedId: 3 }]);
    expect(said('last time lab-3 was free', 'grace')).toEqual([{ type: 'history.requested', testbedId: 3 }]);
  });

  it('`who used it last`, with no testbed talked about, says how to ask (it said no testbed is called “it”); `export my history` is one’s own', () => {
    const answer = said('who used it last', 'grace') as { kind: string; view: { kind: string; message: string } };
    expect(answer.view.kind).toBe('error');
    expect(answer.view.message).toMatch(/^Type history and a testbed’s name, for example history lab-3/);
    expect(said('export my history', 'grace')).toEqual([{ type: 'myHistory.requested' }]);
  });

  it.each([
    ['book lab-5 (soak)', 'soak'],
    ['book lab-5 [soak test]', 'soak test'],
    ['book lab-5 with purpose soak', 'soak'],
    ['book lab-5 with the purpose soak test', 'soak test'],
  ])('%j fills in the purpose %j (it was left unread)', (typed, purpose) => {
    expect(said(typed, 'grace')).toMatchObject([{ type: 'registration.started', testbedName: 'lab-5', filled: { purpose } }]);
  });

  it('a time and a purpose in one bracket are both read: `book lab-5 (2h, customer demo)`; a label of its own in brackets says nothing', () => {
    expect(said('book lab-5 (2h, customer demo)', 'grace')).toMatchObject([
      { type: 'registration.started', testbedName: 'lab-5', filled: { release_choice: 'custom', release_date: '2026-03-02', release_time: '12:00', purpose: 'customer demo' } },
    ]);
    expect(said('book lab-5 (5g)', 'grace')).toEqual(booking('lab-5'));
  });
});

describe('longer messages in a lab room', () => {
  it('`Can I get lab-5 for the rest of the day? Need to run regression` books it until the day’s end for *run regression*', () => {
    // (The purpose ran past the question: it was *the rest of the day? Need to run regression*.)
    expect(said('Can I get lab-5 for the rest of the day? Need to run regression', 'grace')).toEqual([
      { type: 'registration.started', testbedName: 'lab-5', filled: { release_choice: 'eod', purpose: 'run regression' } },
    ]);
  });

  it('`Linus can you release lab-3 when you’re done?` asks lab-3’s holder (it was the hint); the bot or a word before asking is nobody to ask', () => {
    const ask = [{ type: 'lifecycle.submitted', request: { type: 'ask', testbedId: 3 }, now: NOW }];
    expect(said("Linus can you release lab-3 when you're done?", 'grace')).toEqual(ask);
    expect(said('Linus, could you free up lab-3', 'grace')).toEqual(ask);
    expect(said('bot, can you release lab-1')).toEqual([{ type: 'release.started', testbedName: 'lab-1' }]);
    expect(said('sorry can you release lab-1')).toEqual([{ type: 'release.started', testbedName: 'lab-1' }]);
    expect(said('bot can you release lab-1')).not.toEqual([{ type: 'lifecycle.submitted', request: { type: 'ask', testbedId: 1 }, now: NOW }]);
  });

  it.each(["Stepping out for an hour, don't release lab-1", "brb, don't release lab-1", "in a meeting - don't release lab-1 please", 'at lunch, keep lab-1'])('%j keeps lab-1: Ada’s bookings with lab-1 chosen', (typed) => {
    expect(said(typed)).toEqual(mine({ testbedId: 1 }));
  });

  it('`lab-1: extending till 6pm, soak not done` is more time until 18:00 (it opened the booking form with *extending* as the purpose)', () => {
    expect(said('lab-1: extending till 6pm, soak not done')).toEqual(mine({ testbedId: 1, extendUntil: '2026-03-02T18:00:00.000Z' }));
    expect(said('lab-1: releasing now')).toEqual([{ type: 'release.started', testbedName: 'lab-1' }]);
  });
});

describe('slips in the time words, and questions about the house rules', () => {
  it('`tll 5`, `fro 2h` and `2 hourss` are read as meant (`tll` and `fro` were the purpose)', () => {
    expect(said('book lab-5 tll 5', 'grace')).toEqual(bookedUntil('lab-5', '2026-03-02', '17:00'));
    expect(said('book lab-5 fro 2h', 'grace')).toEqual(bookedUntil('lab-5', '2026-03-02', '12:00'));
    expect(said('book lab-5 for 2 hourss', 'grace')).toEqual(bookedUntil('lab-5', '2026-03-02', '12:00'));
  });

  it.each(['is there a way to book ahead', "why can't I book ahead", 'how long is the grace period', "what's a hold", "what's the queue", "what's the digest", 'can admins release my testbed'])(
    '%j shows the house rules',
    (typed) => {
      expect(said(typed, 'grace')).toEqual(reply({ kind: 'rules' }));
    },
  );

  it('`is there a way to book ahead` no longer opens the booking form; `what are labels` lists the labels', () => {
    expect(said('is there a way to book ahead', 'grace')).not.toEqual([{ type: 'registration.started' }]);
    expect(said('what are labels', 'grace')).toEqual(reply({ kind: 'labels' }));
  });

  it('`why did my booking get released` is one’s own history, `why was lab-3 released` lab-3’s', () => {
    expect(said('why did my booking get released')).toEqual([{ type: 'myHistory.requested' }]);
    expect(said('why was lab-3 released', 'grace')).toEqual([{ type: 'history.requested', testbedId: 3 }]);
  });
});

describe('the testbed meant, and a testbed passed on', () => {
  it.each(["I'd rather have lab-5", 'meant lab-5', 'sorry, meant lab-5', 'lab-5 not lab-1', 'actually I want lab-5 not lab-1', 'instead of lab-1 give me lab-5', 'replace lab-1 with lab-5'])(
    '%j from Ada, who holds lab-1, is the card that moves her booking to lab-5',
    (typed) => {
      expect(said(typed)).toEqual(reply({ kind: 'switchForm', testbedId: 5, fromId: 1 }));
    },
  );

  it('from Grace, who holds nothing, `meant lab-5` and `lab-5 not lab-1` open the booking form on lab-5; `lab-3 not working` stays a problem', () => {
    expect(said('meant lab-5', 'grace')).toEqual(booking('lab-5'));
    expect(said('lab-5 not lab-1', 'grace')).toEqual(booking('lab-5'));
    expect(said('lab-3 not working', 'grace')).toEqual(reply({ kind: 'problemForm', testbedId: 3, text: 'lab-3 not working' }));
  });

  it('`pass lab-1 on` from Ada opens the release form on lab-1, as `give lab-1 to the next person` does', () => {
    expect(said('pass lab-1 on')).toEqual([{ type: 'release.started', testbedName: 'lab-1' }]);
    expect(said('pass lab-1 on')).toEqual(said('give lab-1 to the next person'));
  });
});

describe('any testbed of a label, and any at all', () => {
  it('`book whichever 5g is free` books one of the 5g testbeds (it looked for a testbed called so)', () => {
    expect(said('book whichever 5g is free', 'grace')).toEqual(booking('5g'));
  });

  it('`any 5g available for 2h?` is the status of the 5g testbeds and `any free testbed for 2h?` of the free ones (they were the hint)', () => {
    expect(said('any 5g available for 2h?', 'grace')).toEqual(status('5g'));
    expect(said('any free testbed for 2h?', 'grace')).toEqual(status('free'));
  });

  it('`grab any free one` and `grab me a box` open the booking form; `I’ll take it!` and `take it please` still take what is offered', () => {
    expect(said('grab any free one', 'grace')).toEqual([{ type: 'registration.started' }]);
    expect(said('grab me a box', 'grace')).toEqual([{ type: 'registration.started' }]);
    expect(said("I'll take it!", 'grace')).toEqual(reply({ kind: 'offerTaken' }));
    expect(said('take it please', 'grace')).toEqual(reply({ kind: 'offerTaken' }));
  });
});

describe('said back to a reminder, in a few words', () => {
  it.each(['will release', 'will release it', "I'll release", 'ok will release'])('%j from Ada opens the release form (it was the hint)', (typed) => {
    expect(said(typed)).toEqual([{ type: 'release.started' }]);
  });

  it.each(['I know', 'yes I know', 'already on it', 'I know, thanks'])('%j is an OK', (typed) => {
    expect(said(typed)).toEqual(reply({ kind: 'thanks', ack: true }));
  });

  it('`remind me before it ends` shows the house rules (which say when reminders come); `mute reminders for today` her bookings', () => {
    expect(said('remind me before it ends')).toEqual(reply({ kind: 'rules' }));
    expect(said('mute reminders for today')).toEqual(mine());
  });
});

describe('the admins’ words', () => {
  const form = (task: string, values: Record<string, string>) => [{ type: 'admin.formRequested', task, values }];

  it('`remove 5g label from lab-5` takes the label off (it opened the force release, as if a person were called “5g label”); `remove Linus from lab-3` is still the force release', () => {
    expect(said('remove 5g label from lab-5', 'linus')).toEqual(form('testbed_edit', { testbed_id: '5', labels: '' }));
    expect(said('remove the 5g tag from lab-5', 'linus')).toEqual(form('testbed_edit', { testbed_id: '5', labels: '' }));
    expect(said('remove Linus from lab-3', 'grace')).toEqual(form('force_release', { testbed_id: '3' }));
  });

  it('a testbed added with its labels: `new testbed lab-9 with 5g`, `add lab-9 labels 5g, core`; `register lab-9 as a new testbed` adds it (it was a booking)', () => {
    expect(said('new testbed lab-9 with 5g', 'linus')).toEqual(form('testbed_add', { testbed_name: 'lab-9', labels: '5g' }));
    expect(said('add lab-9 labels 5g, core', 'linus')).toEqual(form('testbed_add', { testbed_name: 'lab-9', labels: '5g, core' }));
    expect(said('register lab-9 as a new testbed', 'linus')).toEqual(form('testbed_add', { testbed_name: 'lab-9' }));
  });

  it('the testbed first: `lab-5 add label core`, `lab-5 remove label 5g`; `call lab-5 lab-5b` renames it', () => {
    expect(said('lab-5 add label core', 'linus')).toEqual(form('testbed_edit', { testbed_id: '5', labels: '5G, core' }));
    expect(said('lab-5 remove label 5g', 'linus')).toEqual(form('testbed_edit', { testbed_id: '5', labels: '' }));
    expect(said('call lab-5 lab-5b', 'linus')).toEqual(form('testbed_rename', { testbed_id: '5', testbed_name: 'lab-5b' }));
  });

  it('`become admin` asks who the admins are; `list tokens` and `token create nightly` say how pipelines book', () => {
    expect(said('become admin', 'grace')).toEqual([{ type: 'admins.asked' }]);
    for (const typed of ['list tokens', 'token create nightly', 'revoke token nightly']) {
      const answer = said(typed, 'linus') as { view: { kind: string; message: string } };
      expect(answer.view.message, typed).toMatch(/^Pipelines hold testbeds through the bot’s HTTP API/);
    }
  });
});

describe('a month’s end, and the lab’s status asked in a few more ways', () => {
  it('`until end of month` is the month’s last day (it read *month* as Monday and gave up), as `until end of the month` is', () => {
    expect(said('book lab-5 until end of month', 'grace')).toEqual(bookedUntil('lab-5', '2026-03-31', '23:59'));
    expect(said('book lab-5 until end of monday', 'grace')).toEqual(bookedUntil('lab-5', '2026-03-02', '23:59'));
  });

  it('`who is late returning` shows the overdue ones; `how many testbeds` and `list of testbeds` the whole lab; `status free 5g` the 5g ones', () => {
    expect(said('who is late returning', 'grace')).toEqual(status('overdue'));
    expect(said('how many testbeds', 'grace')).toEqual([{ type: 'status.requested' }]);
    expect(said('list of testbeds', 'grace')).toEqual([{ type: 'status.requested' }]);
    expect(said('status free 5g', 'grace')).toEqual(status('5g'));
  });
});

describe('what a phone or a paste leaves in the text', () => {
  it('a zero-width space before or after the command is no part of it (`\u200bbook lab-5` offered book as a slip)', () => {
    expect(said('\u200bbook lab-5', 'grace')).toEqual(booking('lab-5'));
    expect(said('book lab-5\u200b', 'grace')).toEqual(booking('lab-5'));
  });

  it('a picture between the words and an ellipsis that trails off say nothing; `»` and `•` before the purpose are marks', () => {
    expect(said('book lab-5 🙂 for 2h', 'grace')).toEqual(bookedUntil('lab-5', '2026-03-02', '12:00'));
    expect(said('book lab-5 for 2 hours…', 'grace')).toEqual(bookedUntil('lab-5', '2026-03-02', '12:00'));
    expect(said('book lab-5 » soak', 'grace')).toMatchObject([{ type: 'registration.started', testbedName: 'lab-5', filled: { purpose: 'soak' } }]);
    expect(said('book lab-5 • soak', 'grace')).toMatchObject([{ type: 'registration.started', testbedName: 'lab-5', filled: { purpose: 'soak' } }]);
  });

  it('what stays: an ellipsis standing alone is what was typed (`broadcast: …` still starts a broadcast)', () => {
    expect(said('broadcast: …', 'linus')).toEqual([{ type: 'broadcast.started' }]);
  });
});

describe('a testbed asked after, and its holder asked in chat’s short words', () => {
  it.each(['can lab-5 be booked', 'lab-5 bookable?', 'lab-5 open?', 'is it safe to use lab-5'])('%j is the status of lab-5 (it was the hint)', (typed) => {
    expect(said(typed, 'grace')).toEqual(status('lab-5'));
  });

  it('`has Linus finished with lab-3` is its status, as `is Linus done with lab-3` is; `is it ok to take lab-3` still the booking form', () => {
    expect(said('has Linus finished with lab-3', 'grace')).toEqual(status('lab-3'));
    expect(said('is it ok to take lab-3', 'grace')).toEqual(booking('lab-3'));
  });

  it.each(['Linus, still need lab-3?', 'Linus still need lab-3?', 'Linus u still on lab-3?', 'r u using lab-3 Linus'])('%j asks lab-3’s holder', (typed) => {
    expect(said(typed, 'grace')).toEqual([{ type: 'lifecycle.submitted', request: { type: 'ask', testbedId: 3 }, now: NOW }]);
  });

  it('`Linus, still need lab-3?` from Ada is no longer her bookings with lab-3 chosen; `I still need lab-1` still is hers', () => {
    expect(said('Linus, still need lab-3?')).not.toEqual(mine({ testbedId: 3 }));
    expect(said('I still need lab-1')).toEqual(mine({ testbedId: 1 }));
  });
});

describe('what a colleague asked of the person typing, and the holder asked by a word for them', () => {
  it('`Linus asked me to release lab-3` opens the release form on lab-3, `Linus told me to take lab-3` the booking form, as `release lab-3 for Linus, he asked me to` does', () => {
    expect(said('Linus asked me to release lab-3', 'grace')).toEqual([{ type: 'release.started', testbedName: 'lab-3' }]);
    expect(said('Linus told me to take lab-3', 'grace')).toEqual(booking('lab-3'));
    expect(said('Linus asked me to release lab-3', 'grace')).toEqual(said('release lab-3 for Linus, he asked me to', 'grace'));
  });

  it('what stays: `the bot told me to release lab-1` is no colleague asking (the hint); a recording blanks the colleague’s words', () => {
    expect(said('the bot told me to release lab-1')).toEqual(reply({ kind: 'hint', testbedId: 1 }));
    expect(isCommandText('Linus asked me to release lab-3', testbeds)).toBe(false);
  });

  it('`message the lab-3 holder` and `contact lab-3’s owner` ask lab-3’s holder, as `ask the holder of lab-3` does', () => {
    const ask = [{ type: 'lifecycle.submitted', request: { type: 'ask', testbedId: 3 }, now: NOW }];
    expect(said('message the lab-3 holder', 'grace')).toEqual(ask);
    expect(said("contact lab-3's owner", 'grace')).toEqual(ask);
  });
});

describe('recordings', () => {
  it('keep these words (lab words and a command, whoever types them), and blank the same words with a word of nobody’s lab', () => {
    for (const typed of ['what about lab-5', 'and release lab-1', 'lab-5 it is', 'done here', 'book lab-5 until five thirty']) expect(isCommandText(typed, testbeds), typed).toBe(true);
    for (const typed of ['what about Zebrafalcon', 'and release Zebrafalcon', 'Zebrafalcon it is', 'give lab-5 to Zebrafalcon']) expect(isCommandText(typed, testbeds), typed).toBe(false);
  });

  it('blank what names a colleague, though the colleague is not read: `has Linus finished with lab-3`, `Linus, still need lab-3?`', () => {
    for (const typed of ['has Linus finished with lab-3', 'Linus, still need lab-3?', 'r u using lab-3 Linus', "Linus can you release lab-3 when you're done?"]) {
      expect(isCommandText(typed, testbeds), typed).toBe(false);
    }
  });
});
