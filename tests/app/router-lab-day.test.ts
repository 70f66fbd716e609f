/**
 * What a lab room types on an ordinary day: a booking with no testbed that says when it would start (`book from monday`,
 * `book from 9 to 12`), a release put off to when the person leaves (`release my stuff when I leave`, `release all tonight`),
 * a colleague asked to let go (`Linus, please release lab-3`), a place in line after the holder (`lab-3 after you please`),
 * a release undone (`I accidentally released lab-1`), the free testbeds asked for in other words, a quick test, a day off,
 * how pipelines book, a testbed that went down. Ada holds lab-1, Linus holds lab-3, lab-5 is free, lab-6 is under maintenance.
 */
import { describe, expect, it } from 'vitest';
import { isCommandText } from '../../src/app/router.js';
import { HELD_LAB_NOW, heldLab, heldLabPeople, typedIn } from '../support/typed-in-lab.js';

const NOW = HELD_LAB_NOW;
const said = typedIn(heldLab, heldLabPeople, NOW);

const reply = (view: Record<string, unknown>) => ({ kind: 'reply', view });
const status = (label: string) => [{ type: 'status.requested', label }];
const mine = (more: Record<string, unknown> = {}) => [{ type: 'mine.requested', ...more }];
const started = (more: Record<string, unknown> = {}) => [{ type: 'registration.started', ...more }];
const until = (date: string, time: string, more: Record<string, string> = {}) => ({ filled: { release_choice: 'custom', release_date: date, release_time: time, ...more } });
const lifecycle = (type: string, testbedId: number) => [{ type: 'lifecycle.submitted', request: { type, testbedId }, now: NOW }];
const API_HELP = /^Pipelines hold testbeds through the bot’s HTTP API \(\/api\/v1\)/;

describe('a booking with no testbed named that says when it would start', () => {
  it.each([
    ['book from monday', 'from monday'],
    ['book from tomorrow', 'from tomorrow'],
    ['book starting monday', 'starting monday'],
    ['book from 3pm', 'from 3pm'],
    ['reserve from friday', 'from friday'],
    ['book a testbed from monday', 'from monday'],
    ['book something starting tomorrow', 'starting tomorrow'],
    ['book from friday for the soak', 'from friday for the soak'],
    ['book 2pm to 5pm', '2pm to 5pm'],
  ])('%j is named as booking ahead (it asked for a testbed called so)', (typed, unread) => {
    expect(said(typed)).toEqual(started({ unread }));
  });

  it.each([
    ['book from 9 to 12', {}],
    ['book 9 to 12', {}],
    ['book between 9 and 12', {}],
    ['book a testbed from 9 to 12', {}],
    ['book from 9 to 12 for the soak', { purpose: 'the soak' }],
  ])('%j said at ten is a booking until noon, the testbed to choose', (typed, purpose) => {
    expect(said(typed)).toEqual(started(until('2026-03-02', '12:00', purpose)));
  });

  it('`book 9-17 for the soak` runs until five with its purpose (it named a testbed “9-17 for the soak”)', () => {
    expect(said('book 9-17 for the soak')).toEqual(started(until('2026-03-02', '17:00', { purpose: 'the soak' })));
  });

  it.each(['book from now', 'book starting now', 'book a testbed starting now'])('%j is the plain booking form (it named a testbed “from”)', (typed) => {
    expect(said(typed)).toEqual(started());
  });

  it('`book from now until 5pm` is until five, no testbed named (it named one “from now”)', () => {
    expect(said('book from now until 5pm')).toEqual(started(until('2026-03-02', '17:00')));
  });

  it('`book from my phone` has no time after `from`, so it is read as before, and `book lab-5 from 9 to 12` is as it was', () => {
    expect(said('book from my phone')).toEqual(started({ testbedName: 'from my phone' }));
    expect(said('can I book from here')).toEqual(reply({ kind: 'hint' }));
    expect(said('book lab-5 from 9 to 12')).toEqual(started({ testbedName: 'lab-5', ...until('2026-03-02', '12:00') }));
  });
});

describe('a release put off until the person leaves, or to a part of the day', () => {
  it.each([
    ['release lab-1 before I leave', { testbedId: 1 }],
    ['release lab-1 when I go home', { testbedId: 1 }],
    ['release my stuff when I leave', {}],
    ['release everything when I leave', {}],
    ["I'll release everything before I go home", {}],
    ['release everything later', {}],
    ['release all later', {}],
  ])('%j shows their bookings, where each has its button (it asked for a testbed called so)', (typed, more) => {
    expect(said(typed)).toEqual(mine(more));
  });

  it.each([
    ['release lab-1 tonight', { testbedId: 1 }],
    ['release lab-1 eod', { testbedId: 1 }],
    ['release lab-1 end of day', { testbedId: 1 }],
    ['free lab-1 tonight', { testbedId: 1 }],
    ['release everything tonight', {}],
    ['release my stuff tonight', {}],
    ['release it tonight', {}],
  ])('%j is done by the end of today', (typed, more) => {
    expect(said(typed)).toEqual(mine({ ...more, doneBy: '2026-03-02T23:59:00.000Z' }));
  });

  it('`release all at 5` is done by five for every booking of theirs (it asked for a testbed called “all at 5”)', () => {
    expect(said('release all at 5')).toEqual(mine({ doneBy: '2026-03-02T17:00:00.000Z' }));
    expect(said('release my stuff at 6')).toEqual(mine({ doneBy: '2026-03-02T18:00:00.000Z' }));
  });

  it('`release my bookings` and `release my reservations` open the release form with nothing named, as `release my testbeds` does', () => {
    expect(said('release my bookings')).toEqual([{ type: 'release.started' }]);
    expect(said('release my reservations')).toEqual([{ type: 'release.started' }]);
  });
});

describe('a colleague asked to let go, and a place in line after them', () => {
  it.each(['Linus, please release lab-3', 'Linus pls release lab-3', 'Linus please release lab-3 when you\'re done'])(
    '%j from Ada asks the holder (it opened a release form that would take lab-3 from Linus)',
    (typed) => {
      expect(said(typed)).toEqual(lifecycle('ask', 3));
    },
  );

  it.each(['bot, please release lab-3', 'hey, please release lab-3', 'yes please release lab-1', 'actually please release lab-1'])('%j asks no colleague: the release form', (typed) => {
    expect(said(typed)).toEqual([{ type: 'release.started', testbedName: /lab-\d/.exec(typed)![0] }]);
  });

  it.each(['lab-3 after you please', 'lab-3 when you\'re done please', '@Linus lab-3 when you\'re done?', 'can I get lab-3 when you\'re done', 'dibs on lab-3 after you', 'wake me when lab-3 is free', 'wake me up when lab-3 is free'])(
    '%j is a place in line for lab-3',
    (typed) => {
      expect(said(typed, 'grace')).toEqual(lifecycle('wait', 3));
    },
  );
});

describe('a release undone, and the testbed meant', () => {
  it.each(['I accidentally released lab-1', 'I released lab-1 by mistake', "I didn't mean to release lab-1", 'oops I released lab-1 by accident', 'undo the release of lab-1'])(
    '%j is the booking form on lab-1 filled in as the last booking of it',
    (typed) => {
      expect(said(typed)).toEqual(started({ testbedName: 'lab-1', again: true }));
    },
  );

  it('`I didn\'t mean to release it` is the last booking again; a testbed the lab does not have is the hint', () => {
    expect(said("I didn't mean to release it")).toEqual(started({ again: true }));
    expect(said('I released lab-9 by mistake')).toEqual(reply({ kind: 'hint' }));
  });

  it.each(['I meant to book lab-5 not lab-1', 'I wanted lab-5 not lab-1'])('%j moves the booking of lab-1 to lab-5', (typed) => {
    expect(said(typed)).toEqual(reply({ kind: 'switchForm', testbedId: 5, fromId: 1 }));
  });
});

describe('the free testbeds, a quick test, a day off, the house', () => {
  it.each(['list of free testbeds', 'list of free ones', 'a list of free testbeds'])('%j is what is free', (typed) => {
    expect(said(typed)).toEqual(status('free'));
  });

  it.each(['free testbeds with 5g', '5g testbeds that are free', 'all free testbeds with 5g', 'show free ones labelled 5g'])('%j is the status of the 5g testbeds', (typed) => {
    expect(said(typed)).toEqual(status('5g'));
  });

  it('`free testbeds with nothing` names no label the lab has: the hint', () => {
    expect(said('free testbeds with nothing')).toEqual(reply({ kind: 'hint' }));
  });

  it.each([
    ['quick test on lab-5, 10 min', until('2026-03-02', '10:10')],
    ['5 min on lab-5', until('2026-03-02', '10:05')],
    ['just 10 mins on lab-5', until('2026-03-02', '10:10')],
    ['quick check on lab-5 for 15 min', until('2026-03-02', '10:15')],
    ['quick test on lab-5', {}],
  ])('%j books lab-5 for that long', (typed, time) => {
    expect(said(typed, 'grace')).toEqual(started({ testbedName: 'lab-5', ...time }));
  });

  it.each(["I'm off tomorrow", 'out of office until monday', "I'm ooo next week", 'out of the office tomorrow', 'on vacation until monday'])('%j shows their bookings', (typed) => {
    expect(said(typed)).toEqual(mine());
  });

  it.each(['keeping lab-1 overnight', "I'm keeping lab-1 till 6"])('%j keeps lab-1 on', (typed) => {
    const to = typed.endsWith('overnight') ? '2026-03-03T09:00:00.000Z' : '2026-03-02T18:00:00.000Z';
    expect(said(typed)).toEqual(mine({ testbedId: 1, extendUntil: to }));
  });

  it.each(['how much have I used testbeds this week', 'how often did I book testbeds last month'])('%j is their own history', (typed) => {
    expect(said(typed)).toEqual([{ type: 'myHistory.requested' }]);
  });

  it("`what's the difference between lab-3 and lab-5` is each of them", () => {
    expect(said("what's the difference between lab-3 and lab-5")).toEqual(status('lab-3 and lab-5'));
  });

  it.each(['how do I hold a testbed from jenkins', 'how do I book from gitlab', 'can we reserve testbeds in our CI', 'how to book a testbed from a jenkins job'])(
    '%j says how pipelines book',
    (typed) => {
      const answer = said(typed) as { view: { kind: string; message: string } };
      expect(answer.view.kind).toBe('error');
      expect(answer.view.message).toMatch(API_HELP);
    },
  );

  it('`book lab-5 from jenkins` is still a booking of lab-5 by the person', () => {
    expect(said('book lab-5 from jenkins', 'grace')).toEqual(started({ testbedName: 'lab-5', unread: 'from jenkins' }));
  });

  it.each(['lab-3 went down', 'lab-3 dropped off the network', 'lab-3 power cycle please', 'lab-3 reboot needed'])('%j opens the problem form for lab-3', (typed) => {
    const answer = said(typed, 'grace') as { view: { kind: string; testbedId: number } };
    expect(answer.view).toMatchObject({ kind: 'problemForm', testbedId: 3 });
  });
});

describe('several testbeds, a new owner, the house', () => {
  it.each([
    ['I need 2 testbeds for 3 hours', { testbedName: '2 testbeds', ...until('2026-03-02', '13:00') }],
    ['book 2 testbeds for the soak', { testbedName: '2 testbeds', filled: { purpose: 'the soak' } }],
    ['I need 2 testbeds for the soak', { testbedName: '2 testbeds', filled: { purpose: 'the soak' } }],
    ['book 2 5g testbeds for the soak until 5pm', { testbedName: '2 5g testbeds', ...until('2026-03-02', '17:00', { purpose: 'the soak' }) }],
  ])('%j is a count, which the form answers one at a time, with its time and purpose (it was the hint, or a testbed called so)', (typed, more) => {
    expect(said(typed, 'grace')).toEqual(started(more));
  });

  it.each([
    ['change owner of lab-1 to Linus', 'Linus'],
    ["put lab-1 under Linus's name", 'Linus'],
    ["put lab-1 under Linus Lab's name", 'Linus Lab'],
  ])('%j hands lab-1 over', (typed, to) => {
    expect(said(typed)).toEqual([{ type: 'handOver.started', testbedId: 1, to }]);
  });

  it.each(['status to all rooms', 'status to everyone', 'availability to the team room'])('%j starts a broadcast (it was refused as a label)', (typed) => {
    expect(said(typed)).toEqual([{ type: 'broadcast.started' }]);
  });

  it('`where is the documentation` is the help; `which testbeds are never used` the usage report; `love this bot` a thank-you', () => {
    expect(said('where is the documentation')).toEqual([{ type: 'help.requested' }]);
    expect(said('where can I find the docs')).toEqual([{ type: 'help.requested' }]);
    expect(said('which testbeds are never used')).toEqual([{ type: 'report.requested' }]);
    expect(said('love this bot')).toEqual(reply({ kind: 'thanks' }));
    expect(said('I love lab-5')).toEqual(reply({ kind: 'hint', testbedId: 5 }));
  });
});

describe('maintenance ahead, and a testbed out of service asked about', () => {
  it.each(['lab-5 maintenance window tonight 8-10pm', 'planned maintenance lab-5 friday', 'lab-5 maintenance on friday', 'lab-5 scheduled maintenance next week'])(
    '%j says maintenance cannot be set for later, and how to plan it (it was the hint)',
    (typed) => {
      expect(said(typed)).toEqual(reply({ kind: 'maintenanceAhead', testbedId: 5 }));
    },
  );

  it('`lab-5 maintenance until friday` still starts it now, to end on Friday', () => {
    expect(said('lab-5 maintenance until friday')).toEqual([{ type: 'admin.formRequested', task: 'maintenance_start', values: { testbed_id: '5', until: '2026-03-06 23:59' } }]);
  });

  it.each(['when will lab-6 be fixed', 'how long is lab-6 down for', "what's wrong with lab-6", 'when will lab-6 be back online', 'how long will lab-6 be in maintenance'])(
    '%j is the status of lab-6, which says why it is out of service and until when (it was the hint)',
    (typed) => {
      expect(said(typed, 'grace')).toEqual(status('lab-6'));
    },
  );

  it('`release lab-3 from Linus` opens the release form on lab-3 (it looked for a testbed called “lab-3 from Linus”)', () => {
    expect(said('release lab-3 from Linus', 'grace')).toEqual([{ type: 'release.started', testbedName: 'lab-3' }]);
  });
});

describe('said back to a reminder', () => {
  it.each(['I forgot, sorry', 'oops forgot', 'I totally forgot'])('%j shows Ada her bookings (it was the hint)', (typed) => {
    expect(said(typed)).toEqual(mine());
  });

  it.each(['sorry forgot to release', 'forgot to release it', 'can release', 'can release it now'])('%j opens the release form', (typed) => {
    expect(said(typed)).toEqual([{ type: 'release.started' }]);
  });

  it('`no, I don\'t need it anymore` gives up what is offered, as `I don\'t need it anymore` does; `I forgot my password` stays the hint', () => {
    expect(said("no, I don't need it anymore", 'grace')).toEqual(reply({ kind: 'notNeeded' }));
    expect(said("no I don't need it", 'grace')).toEqual(reply({ kind: 'notNeeded' }));
    expect(said('I forgot my password')).toEqual(reply({ kind: 'hint' }));
  });
});

describe('slips in the words a question is asked with', () => {
  it.each(['waht is free', "whta's free", 'is anythign free', 'anythng free', 'frre', 'avialable', 'availble testbeds'])('%j is what is free (it was the hint, or a testbed called “anythign”)', (typed) => {
    expect(said(typed, 'grace')).toEqual(status('free'));
  });

  it.each(['who hsa lab-3', 'hwo has lab-3'])('%j is the status of lab-3', (typed) => {
    expect(said(typed, 'grace')).toEqual(status('lab-3'));
  });

  it.each(['mybookings', 'my testebds', 'my bookigns'])('%j shows Ada her bookings', (typed) => {
    expect(said(typed)).toEqual(mine());
  });

  it('a slip of a command word is still only suggested: `relese lab-1` names release, with lab-1', () => {
    expect(said('relese lab-1')).toEqual(reply({ kind: 'hint', suggestion: 'release', testbedId: 1 }));
  });
});

describe('times as a phone or a colleague abroad types them', () => {
  it.each([
    ['book lab-5 until 5:30p', '17:30'],
    ['book lab-5 until 5p', '17:00'],
    ['book lab-5 until 17:00h', '17:00'],
    ['book lab-5 until 17 uhr', '17:00'],
    ["book lab-5 till 5 o'clock pm", '17:00'],
    ["book lab-5 'til 5", '17:00'],
  ])('%j is until %s today, with no purpose (it had one, or left the words unread)', (typed, time) => {
    expect(said(typed, 'grace')).toEqual(started({ testbedName: 'lab-5', ...until('2026-03-02', time) }));
  });

  it('`until weds` is the end of Wednesday, and `today only` the end of today (it was the purpose *only*)', () => {
    expect(said('book lab-5 until weds', 'grace')).toEqual(started({ testbedName: 'lab-5', ...until('2026-03-04', '23:59') }));
    expect(said('book lab-5 today only', 'grace')).toEqual(started({ testbedName: 'lab-5', filled: { release_choice: 'eod' } }));
  });

  it.each([
    ['book lab-5 for 2 business days', '2026-03-04'],
    ['book lab-5 for 2 working days', '2026-03-04'],
    ['book lab-5 for a work day', '2026-03-03'],
    ['book lab-5 for 5 working days', '2026-03-09'],
  ])('%j said on a Monday at ten runs until ten on %s (it was the purpose)', (typed, date) => {
    expect(said(typed, 'grace')).toEqual(started({ testbedName: 'lab-5', ...until(date, '10:00') }));
  });

  it('working days skip the weekend: `for 1 working day` said on a Friday runs until Monday', () => {
    const friday = typedIn(heldLab, heldLabPeople, '2026-03-06T10:00:00.000Z');
    expect(friday('book lab-5 for 1 working day', 'grace')).toEqual(started({ testbedName: 'lab-5', ...until('2026-03-09', '10:00') }));
    expect(friday('book lab-5 for 2 business days', 'grace')).toEqual(started({ testbedName: 'lab-5', ...until('2026-03-10', '10:00') }));
  });
});

describe('waiting, and what frees up next', () => {
  it.each(['notify me if lab-3 becomes available', 'notify me once lab-3 is free', 'save me a spot for lab-3'])('%j is a place in line for lab-3 (it looked for a testbed called “if lab-3”)', (typed) => {
    expect(said(typed, 'grace')).toEqual(lifecycle('wait', 3));
  });

  it.each(['when will something free up', "when's the next free slot", 'next free slot'])('%j shows what is free, and what is due back first', (typed) => {
    expect(said(typed, 'grace')).toEqual(status('free'));
  });

  it.each(['5g anyone?', 'any 5g left?', 'all 5g busy?', 'any free 5g left'])('%j is the status of the 5g testbeds (it was the hint)', (typed) => {
    expect(said(typed, 'grace')).toEqual(status('5g'));
  });

  it.each(["who's free", 'who is free', 'who is free now'])('%j is what is free (it was the hint)', (typed) => {
    expect(said(typed, 'grace')).toEqual(status('free'));
  });

  it('`who is free to help` is no question about the lab: the hint', () => {
    expect(said('who is free to help', 'grace')).toEqual(reply({ kind: 'hint' }));
  });

  it.each(['will you auto release', 'auto release', 'auto-release?'])('%j shows the house rules, as `does it auto release` does (it was the hint)', (typed) => {
    expect(said(typed, 'grace')).toEqual(reply({ kind: 'rules' }));
  });

  it('`lab-5 left` names a testbed, not a label: the hint about it', () => {
    expect(said('lab-5 left', 'grace')).toEqual(reply({ kind: 'hint', testbedId: 5 }));
  });
});

describe('English as a colleague from another country types it', () => {
  it.each(['i finish lab-1', 'i am finish with lab-1', 'lab-1 i finish', 'lab-1 finish', 'lab-1 is finish'])('%j opens the release form on lab-1 (it was the hint)', (typed) => {
    expect(said(typed)).toEqual([{ type: 'release.started', testbedName: 'lab-1' }]);
  });

  it.each(['i need more time lab-1', 'more time lab-1 please', 'give me more time on lab-1'])('%j shows Ada her bookings, lab-1 chosen', (typed) => {
    expect(said(typed)).toEqual(mine({ testbedId: 1 }));
  });

  it.each([
    ['lab-1 more 1 hour', 60],
    ['lab-1 add 1 hour', 60],
    ['add 30 min lab-1', 30],
    ['1 hour more on lab-1', 60],
    ['lab-1 1 hour more', 60],
  ])('%j is that much more on lab-1 (it was a booking form with the purpose “more”, or the hint)', (typed, minutes) => {
    expect(said(typed)).toEqual(mine({ testbedId: 1, extendMinutes: minutes }));
  });

  it('`lab-5 +1h` is still the booking form for an hour (a plus is a length to book)', () => {
    expect(said('lab-5 +1h', 'grace')).toEqual(started({ testbedName: 'lab-5', filled: { release_choice: '1h' } }));
  });

  it.each(['lab-3 is free or not', 'lab-3 free or busy', 'is lab-3 busy or free', 'what status lab-3', 'tell me lab-3 status', 'check status lab-3', 'lab-3 check', 'lab-3 who use'])(
    '%j is the status of lab-3 (it was the hint, or a testbed called “lab-3 busy or”)',
    (typed) => {
      expect(said(typed, 'grace')).toEqual(status('lab-3'));
    },
  );

  it.each(['please book for me lab-5', 'i want book lab-5', 'please to book lab-5'])('%j opens the booking form on lab-5 (it was the purpose “me lab-5”, or the hint)', (typed) => {
    expect(said(typed, 'grace')).toEqual(started({ testbedName: 'lab-5' }));
  });
});

describe('one booking of one’s own, and a colleague who gets it', () => {
  it.each(['lab-1 remaining', 'lab-1 expires when', 'lab-1 ends at?', 'until when do I have lab-1'])('%j is the status of lab-1, with its expected release (it was the hint)', (typed) => {
    expect(said(typed)).toEqual(status('lab-1'));
  });

  it.each(['my lab-1 booking', 'show my lab-1 booking'])('%j shows Ada her bookings, lab-1 chosen', (typed) => {
    expect(said(typed)).toEqual(mine({ testbedId: 1 }));
  });

  it('`lab-1 handed back` opens the release form on lab-1', () => {
    expect(said('lab-1 handed back')).toEqual([{ type: 'release.started', testbedName: 'lab-1' }]);
  });

  it.each(['Linus gets lab-1', 'let Linus use lab-1', 'move my booking on lab-1 to Linus'])('%j hands lab-1 over to Linus', (typed) => {
    expect(said(typed)).toEqual([{ type: 'handOver.started', testbedId: 1, to: 'Linus' }]);
  });

  it('`move my booking on lab-1 to lab-5` moves the booking to lab-5 (a testbed is no colleague to hand it to)', () => {
    expect(said('move my booking on lab-1 to lab-5')).toEqual(reply({ kind: 'switchForm', testbedId: 5, fromId: 1 }));
  });

  it('a testbed or `it` before `gets` or `can have` is no colleague: `lab-5 gets lab-1` and `it gets lab-1` are the hint', () => {
    expect(said('lab-5 gets lab-1')).toEqual(reply({ kind: 'hint' }));
    expect(said('lab-5 can have lab-1')).toEqual(reply({ kind: 'hint' }));
    expect(said('it gets lab-1')).toEqual(reply({ kind: 'hint', testbedId: 1 }));
  });
});

describe('a busy morning', () => {
  it.each(["when's lab-3 coming back", 'when is lab-3 coming back'])('%j is the status of lab-3 (it looked for a testbed called “lab-3 coming”)', (typed) => {
    expect(said(typed, 'grace')).toEqual(status('lab-3'));
  });

  it.each(['lab-6 going down at 5', 'heads up: lab-6 going down for maintenance at 5'])('%j says maintenance cannot be set for later (it was the hint)', (typed) => {
    expect(said(typed, 'grace')).toEqual(reply({ kind: 'maintenanceAhead', testbedId: 6 }));
  });

  it('`Keeping lab-1 over the weekend for the soak` keeps it until Monday morning', () => {
    expect(said('Keeping lab-1 over the weekend for the soak')).toEqual(mine({ testbedId: 1, extendUntil: '2026-03-09T09:00:00.000Z' }));
  });

  it.each([
    ['Need lab-5 asap, customer issue', { purpose: 'customer issue' }],
    ['book lab-5 now: 2h', until('2026-03-02', '12:00').filled],
    ['book lab-5 asap, until 5pm', until('2026-03-02', '17:00').filled],
  ])('%j: what follows the mark after `asap` or `now` is read (it was left unread)', (typed, filled) => {
    const [event] = said(typed, 'grace') as [{ type: string; testbedName: string; filled: Record<string, string> }];
    expect(event).toMatchObject({ type: 'registration.started', testbedName: 'lab-5', filled });
  });
});

describe('recordings', () => {
  const testbeds = heldLab.testbeds ?? [];

  it('keep the words of these commands, and blank the same words with a word of nobody’s lab', () => {
    for (const typed of ['lab-3 after you please', 'release lab-1 before I leave', 'quick test on lab-5, 10 min', 'free testbeds with 5g']) {
      expect(isCommandText(typed, testbeds), typed).toBe(true);
    }
    for (const typed of ['lab-3 after Zebrafalcon', 'release lab-1 before Zebrafalcon leaves', 'quick test on lab-5 with Zebrafalcon', 'free testbeds with Zebrafalcon']) {
      expect(isCommandText(typed, testbeds), typed).toBe(false);
    }
  });

  it('blank what names a colleague: `Linus, please release lab-3`, `dibs on lab-3 after Linus`', () => {
    for (const typed of ['Linus, please release lab-3', 'Linus pls release lab-3', 'dibs on lab-3 after Linus', 'release lab-3 from Linus', "put lab-1 under Linus's name", 'Linus gets lab-1', 'move my booking on lab-1 to Linus']) {
      expect(isCommandText(typed, testbeds), typed).toBe(false);
    }
  });
});
