/**
 * What a lab room types over a week, in the words people use: a release said briefly (`end lab-1`, `tests done on lab-1`), a
 * booking kept (`lab-1 not done yet`, `lab-1 needs another hour`), a place in line, a testbed that misbehaves (`lab-3 flaky`,
 * `lab-3 license expired`), a pipeline's hold, a report said the other way round, a complaint about the bot. Ada holds lab-1,
 * Linus holds lab-3, lab-5 is free, lab-6 is under maintenance.
 */
import { describe, expect, it } from 'vitest';
import { isCommandText, route } from '../../src/app/router.js';
import { encodeId } from '../../src/platform/ids.js';
import { HELD_LAB_NOW, heldLab, heldLabPeople, typedIn } from '../support/typed-in-lab.js';

const NOW = HELD_LAB_NOW;
const said = typedIn(heldLab, heldLabPeople, NOW);

const reply = (view: Record<string, unknown>) => ({ kind: 'reply', view });
const status = (label?: string) => [label === undefined ? { type: 'status.requested' } : { type: 'status.requested', label }];
const mine = (more: Record<string, unknown> = {}) => [{ type: 'mine.requested', ...more }];
const released = (testbedName: string) => [{ type: 'release.started', testbedName }];
const lifecycle = (type: string, testbedId: number) => [{ type: 'lifecycle.submitted', request: { type, testbedId }, now: NOW }];
const problem = (text: string) => reply({ kind: 'problemForm', testbedId: 3, text });

describe('a release said briefly', () => {
  it.each([
    'end lab-1',
    'end booking lab-1',
    'end my booking on lab-1',
    'stop using lab-1',
    'got off lab-1',
    'logged off lab-1',
    "I'm logged off lab-1",
    'lab-1 freed',
    'lab-1 is freed up',
    'back to pool lab-1',
    'tests done on lab-1',
    'my tests are done on lab-1',
    'testing complete lab-1',
    'lab-1 testing done',
  ])('%j opens the release form on lab-1 (it was the hint)', (typed) => {
    expect(said(typed)).toEqual(released('lab-1'));
  });

  it('`end maintenance lab-6` is still no release, and `stop lab-1` stays the hint (it may mean something else)', () => {
    expect(said('end maintenance lab-6')).toEqual([{ type: 'admin.formRequested', task: 'maintenance_end', values: { testbed_id: '6' } }]);
    expect(said('stop lab-1')).toEqual(reply({ kind: 'hint', testbedId: 1 }));
  });

  it.each(['release the two', 'release the two of them', 'release the 3'])('%j shows all their bookings, where one press releases them (it looked for a testbed called so)', (typed) => {
    expect(said(typed)).toEqual(mine());
  });

  it.each([
    ['EOD release', '2026-03-02T23:59:00.000Z'],
    ['tonight release', '2026-03-02T23:59:00.000Z'],
  ])('%j is done by the end of today, as `release eod` is (it was the hint)', (typed, doneBy) => {
    expect(said(typed)).toEqual(mine({ doneBy }));
  });

  it('`gotta go` and `I have to leave` show their bookings, as `I\'m leaving` does', () => {
    expect(said('gotta go')).toEqual(mine());
    expect(said('I have to leave')).toEqual(mine());
  });
});

describe('a booking kept on', () => {
  it.each([
    "don't release lab-1 yet",
    'dont release lab-1 yet',
    "don't free lab-1",
    "lab-1 don't release",
    'lab-1 not done yet',
    'not done with lab-1',
    'not finished with lab-1',
    'lab-1 extension',
    'lab-1 extension please',
    'need an extension on lab-1',
    'request extension lab-1',
    'lab-1 still running',
    'lab-1 needs more time',
  ])('%j shows Ada her bookings with lab-1 chosen, where Extend is (it was the hint)', (typed) => {
    expect(said(typed)).toEqual(mine({ testbedId: 1 }));
  });

  it('`lab-1 needs another hour` is an hour more on lab-1', () => {
    expect(said('lab-1 needs another hour')).toEqual(mine({ testbedId: 1, extendMinutes: 60 }));
  });

  it('`lab-6 needs more time` of a testbed under maintenance is still its maintenance running longer', () => {
    expect(said('lab-6 needs more time', 'linus')).toEqual([{ type: 'admin.formRequested', task: 'maintenance_start', values: { testbed_id: '6' } }]);
  });

  const inDirect = (text: string) => {
    const event = {
      type: 'message' as const,
      id: 'm',
      roomId: encodeId('ROOM', '0b6f7e2c-1111-4a4a-9999-0000000000d1'),
      roomType: 'direct' as const,
      personId: encodeId('PEOPLE', '0b6f7e2c-2222-4a4a-9999-000000000001'),
      personEmail: heldLabPeople.ada,
      text,
      receivedAt: NOW,
    };
    const decision = route(event, heldLab);
    return decision.kind === 'dispatch' ? decision.targets.map((target) => target.event) : decision;
  };

  it('in reply to a reminder, in a 1:1 room that is no lab room, `lab-1 not done yet` shows her bookings with lab-1 chosen', () => {
    expect(inDirect('lab-1 not done yet')).toEqual(mine({ testbedId: 1 }));
  });

  it.each(['still need', 'using it', 'almost', 'nearly', 'go ahead release'])('%j, answered to a reminder there, shows her bookings (it said the bot answers elsewhere)', (typed) => {
    expect(inDirect(typed)).toEqual(mine());
  });

  it('`in use` alone in a lab room stays the hint: it may answer a colleague', () => {
    expect(said('in use')).toEqual(reply({ kind: 'hint' }));
  });
});

describe('a place in line, a wrong booking, a testbed asked about', () => {
  it.each(['in line for lab-3', "I'm in line for lab-3"])('%j is a place in lab-3\'s queue', (typed) => {
    expect(said(typed)).toEqual(lifecycle('wait', 3));
  });

  it.each(['cancel wait lab-3', 'drop my place in lab-3'])('%j leaves lab-3\'s queue (it was the hint)', (typed) => {
    expect(said(typed)).toEqual(lifecycle('unwait', 3));
  });

  it.each(['am I first in line for lab-3', 'am I next in the queue for lab-3'])('%j is lab-3\'s status, whose row says the place', (typed) => {
    expect(said(typed)).toEqual(status('lab-3'));
  });

  it('`never mind about lab-3` gives up what one has of it, as `nevermind lab-3` does', () => {
    expect(said('never mind about lab-3')).toEqual(reply({ kind: 'notNeeded', testbedId: 3 }));
  });

  it('`booked wrong testbed` shows Ada her bookings, as `I booked the wrong testbed` does', () => {
    expect(said('booked wrong testbed')).toEqual(mine());
  });

  it('`lab-5 instead of lab-1` moves her booking of lab-1 to lab-5; of a testbed she does not hold, it moves nothing', () => {
    expect(said('lab-5 instead of lab-1')).toEqual(reply({ kind: 'switchForm', testbedId: 5, fromId: 1 }));
    expect(said('lab-5 instead of lab-3')).toEqual(reply({ kind: 'hint' }));
  });

  it.each(['lab-3 creds', 'how do I log into lab-3', 'can I ssh into lab-3', 'login details for lab-3'])('%j is lab-3\'s status, whose row has its description', (typed) => {
    expect(said(typed)).toEqual(status('lab-3'));
  });

  it('`can I get on lab-3` still asks for it', () => {
    expect(said('can I get on lab-3')).toEqual([{ type: 'registration.started', testbedName: 'lab-3' }]);
  });

  it.each(['since when does Linus have lab-3', 'lab-3 booked since when', 'lab-3 held since'])('%j is lab-3\'s status, which says since when', (typed) => {
    expect(said(typed)).toEqual(status('lab-3'));
  });

  it.each(['lab-3 utilization', 'lab-3 statistics', 'is lab-3 used much', 'when did Linus release lab-3', 'lab-3 report'])('%j is lab-3\'s history', (typed) => {
    expect(said(typed)).toEqual([{ type: 'history.requested', testbedId: 3 }]);
  });

  it('`usage stats` is the usage report, `5g report` the 5g one', () => {
    expect(said('usage stats')).toEqual([{ type: 'report.requested' }]);
    expect(said('5g report')).toEqual([{ type: 'report.requested', days: 7, label: '5g' }]);
  });
});

describe('the lab, the house, a booking typed', () => {
  it.each(['every testbed', 'full list', 'the list'])('%j is the status of the lab', (typed) => {
    expect(said(typed)).toEqual(status());
  });

  it.each(['command list', 'list of commands', 'first time here, what do I do', "it's my first time"])('%j is the help', (typed) => {
    expect(said(typed)).toEqual([{ type: 'help.requested' }]);
  });

  it('`how is the lab looking` is the digest', () => {
    expect(said('how is the lab looking')).toEqual(reply({ kind: 'digest' }));
  });

  it.each(['anything with 5g', 'something with 5g'])('%j is the status of the 5g testbeds', (typed) => {
    expect(said(typed)).toEqual(status('5g'));
  });

  it('`find a free testbed` is the booking form, and `find a free 5g testbed` books by label', () => {
    expect(said('find a free testbed', 'grace')).toEqual([{ type: 'registration.started' }]);
    expect(said('find a free 5g testbed', 'grace')).toEqual([{ type: 'registration.started', testbedName: '5g' }]);
  });

  it.each(['what testbeds are free', 'what testbeds are free now', 'what testbeds can I use', "what's bookable", 'anything bookable?'])('%j is what is free (it was the hint)', (typed) => {
    expect(said(typed)).toEqual(status('free'));
  });

  it('`status **5g**`, the label in bold, is the status of the 5g testbeds (it was refused as no label)', () => {
    expect(said('status **5g**')).toEqual(status('5g'));
  });

  it.each(['book *lab-5*', 'book _lab-5_', 'book <lab-5>', 'book `lab-5`'])('%j opens the booking form on lab-5 (it looked for a testbed called so, marks and all)', (typed) => {
    expect(said(typed)).toEqual([{ type: 'registration.started', testbedName: 'lab-5' }]);
  });

  it('`book **lab-5** for the *soak*` keeps the purpose as typed; `status <label>` and `*release lab-1`, a correction, are as they were', () => {
    expect(said('book **lab-5** for the *soak*')).toEqual([{ type: 'registration.started', testbedName: 'lab-5', filled: { purpose: 'the *soak*' } }]);
    expect(said('status <label>')).toEqual(reply({ kind: 'error', message: expect.stringMatching(/^Type status to see every testbed/) }));
    expect(said('*release lab-1')).toEqual(released('lab-1'));
  });

  it('`claiming lab-5` opens the booking form on lab-5', () => {
    expect(said('claiming lab-5')).toEqual([{ type: 'registration.started', testbedName: 'lab-5' }]);
  });

  it.each(['book lab-5 whole day', 'book lab-5 full day', 'book lab-5 full-day'])('%j runs until the end of today (it was left unread)', (typed) => {
    expect(said(typed)).toEqual([{ type: 'registration.started', testbedName: 'lab-5', filled: { release_choice: 'eod' } }]);
  });

  it('`book lab-5 re customer escalation` has the purpose after `re`', () => {
    const [event] = said('book lab-5 re customer escalation') as Array<Record<string, unknown>>;
    expect(event.filled).toEqual({ purpose: 'customer escalation' });
  });
});

describe('a colleague asked whether they are done, and a hand-over', () => {
  it.each(['Linus, done with lab-3?', 'Linus, done with lab-3', '@Linus done?', 'Linus, done?', 'Linus done yet?'])(
    '%j from Ada asks Linus about lab-3 (it opened the release form, one press from taking lab-3 from him)',
    (typed) => {
      expect(said(typed)).toEqual(lifecycle('ask', 3));
    },
  );

  it.each([
    'Linus, release lab-3?',
    'Linus: release lab-3',
    'Linus - release lab-3',
    '@Linus release lab-3 pls',
    'Linus, free up lab-3 please',
    'Linus, give lab-3 back',
    'Linus, release it',
    'Linus, release your testbed',
    'Linus, release all',
    'Linus, still using lab-3?',
    'Linus, u done?',
    'Linus is done with lab-3',
    'Linus no longer needs lab-3',
    "Linus doesn't need lab-3",
  ])('%j from Ada asks Linus about lab-3 (it opened the release form on lab-3, or hers, or was the hint)', (typed) => {
    expect(said(typed)).toEqual(lifecycle('ask', 3));
  });

  it.each([
    "please release lab-3 if you're done",
    'release lab-3 if not used',
    'free lab-3 if unused',
    'if nobody uses lab-3, release it',
    'release lab-3 whoever has it',
    'someone release lab-3',
    'can anyone free lab-3',
    'could the holder of lab-3 release it',
    'lab-3 owner please release',
    'to whoever has lab-3: please release',
  ])('%j asks lab-3\'s holder (it looked for a testbed called so, or was the hint)', (typed) => {
    expect(said(typed)).toEqual(lifecycle('ask', 3));
  });

  it.each(['Please release lab-3', 'Please, release lab-3', 'EDIT: release lab-3', 'bot, please release lab-3'])('%j calls nobody: the release form on lab-3, as before', (typed) => {
    expect(said(typed)).toEqual(released('lab-3'));
  });

  it('`Is Linus still on lab-3` is a question for the bot: lab-3\'s status; `release lab-1 if not used` from its holder is her release', () => {
    expect(said('Is Linus still on lab-3')).toEqual(status('lab-3'));
    expect(said('release lab-1 if not used')).toEqual(released('lab-1'));
  });

  it('`Grace, done?` says Grace holds nothing; `Yes, done with lab-1` and Ada\'s `Linus, done with lab-1?` are still her release', () => {
    expect(said('Grace, done?')).toEqual(reply({ kind: 'error', message: expect.stringMatching(/^Nobody called Grace holds a testbed right now/) }));
    expect(said('Yes, done with lab-1')).toEqual(released('lab-1'));
    expect(said('Linus, done with lab-1?')).toEqual(released('lab-1'));
  });

  it.each(['ask Linus to give me lab-3', 'ask Linus to hand over lab-3'])('%j asks lab-3\'s holder (it was the hint)', (typed) => {
    expect(said(typed)).toEqual(lifecycle('ask', 3));
  });

  it.each(['give away lab-1', 'give lab-1 away'])('%j opens the release form on lab-1 (the first handed it to a colleague called *away*)', (typed) => {
    expect(said(typed)).toEqual(released('lab-1'));
  });

  it.each(['handover lab-1 to Grace', 'hand-over lab-1 to Grace'])('%j hands lab-1 over to Grace (it was the hint)', (typed) => {
    expect(said(typed)).toEqual([{ type: 'handOver.started', testbedId: 1, to: 'Grace' }]);
  });
});

describe('chat shorthand', () => {
  it.each(["I'm going to release lab-1", 'going to release lab-1', 'gonna release lab-1', 'ima release lab-1', "I'm about to release lab-1", 'im done w lab-1', 'dun with lab-1', 'finishd with lab-1'])(
    '%j opens the release form on lab-1 (it was the hint, or a testbed called *w lab-1*)',
    (typed) => {
      expect(said(typed)).toEqual(released('lab-1'));
    },
  );

  it('`I\'m going to release lab-1 at 5` and `i\'ll b done at 5` are done by five', () => {
    expect(said("I'm going to release lab-1 at 5")).toEqual(mine({ testbedId: 1, doneBy: '2026-03-02T17:00:00.000Z' }));
    expect(said("i'll b done at 5")).toEqual(mine({ doneBy: '2026-03-02T17:00:00.000Z' }));
  });

  it.each(['reg lab-5', 'rsv lab-5'])('%j opens the booking form on lab-5, as `bk lab-5` does', (typed) => {
    expect(said(typed)).toEqual([{ type: 'registration.started', testbedName: 'lab-5' }]);
  });

  it('`book lab-5 b4 5` is until five (`b4` was the purpose)', () => {
    expect(said('book lab-5 b4 5')).toEqual([{ type: 'registration.started', testbedName: 'lab-5', filled: { release_choice: 'custom', release_date: '2026-03-02', release_time: '17:00' } }]);
  });

  it.each(['kthx', 'thx bye', 'much obliged'])('%j is a thank-you', (typed) => {
    expect(said(typed)).toEqual(reply({ kind: 'thanks' }));
  });
});

describe('times as people say them', () => {
  const bookedUntil = (date: string, time: string) => [{ type: 'registration.started', testbedName: 'lab-5', filled: { release_choice: 'custom', release_date: date, release_time: time } }];

  it.each([
    ['book lab-5 until the morning', '2026-03-03', '09:00'],
    ['book lab-5 till the afternoon', '2026-03-02', '17:00'],
    ['book lab-5 till late afternoon', '2026-03-02', '17:00'],
    ['book lab-5 till early evening', '2026-03-02', '18:00'],
    ['book lab-5 until the evening', '2026-03-02', '18:00'],
    ['book lab-5 until eom', '2026-03-31', '23:59'],
    ['book lab-5 quarter of an hour', '2026-03-02', '10:15'],
    ['book lab-5 for a quarter hour', '2026-03-02', '10:15'],
  ])('%j said at ten on Monday ends %s %s (it was left unread)', (typed, date, time) => {
    expect(said(typed)).toEqual(bookedUntil(date, time));
  });
});

describe('a testbed that misbehaves, and its maintenance asked about', () => {
  it.each([
    'lab-3 flaky',
    'lab-3 super slow',
    'lab-3 hung',
    'lab-3 frozen',
    'lab-3 stuck',
    'lab-3 no response',
    'lab-3 ping fails',
    'lab-3 times out',
    'lab-3 crashing',
    'lab-3 on fire',
    'lab-3 license expired',
    'lab-3 cert expired',
    'lab-3 cable unplugged',
    'lab-3 link down',
    'lab-3 no power',
    'lab-3 has the wrong image',
    'lab-3 config is messed up',
    'someone messed up lab-3',
    'lab-3 is missing the 5g label',
    'lab-3 label is wrong',
    'lab-3 description is outdated',
  ])('%j opens the problem form for lab-3 with what was typed (it was the hint)', (typed) => {
    expect(said(typed)).toEqual(problem(typed));
  });

  it.each(['report issue lab-3', 'report problem lab-3'])('%j opens the problem form for lab-3 (it was refused as a usage report)', (typed) => {
    expect(said(typed)).toEqual(problem(typed));
  });

  it('`report problem` asks which testbed (it was refused as a usage report); `raise an issue for lab-3` is as it was', () => {
    expect(said('report problem')).toEqual(reply({ kind: 'error', message: expect.stringMatching(/^Which testbed is it\?/) }));
    expect(said('raise an issue for lab-3')).toEqual(problem('raise an issue for lab-3'));
  });

  it('`trouble with lab-3` opens the form; `@admin lab-3 is down` and `cc admins lab-3 broken` too, said to the admins', () => {
    expect(said('trouble with lab-3')).toEqual(reply({ kind: 'problemForm', testbedId: 3 }));
    expect(said('@admin lab-3 is down')).toEqual(problem('admin lab-3 is down'));
    expect(said('cc admins lab-3 broken')).toEqual(problem('cc admins lab-3 broken'));
  });

  it.each(['lab-6 back?', 'lab-6 fixed?', 'lab-6 ready?', 'is lab-6 ready', 'when is lab-6 ready', 'anything wrong with lab-6?'])(
    '%j asks: the status of lab-6 (`lab-6 back?` was news for the admins)',
    (typed) => {
      expect(said(typed, 'grace')).toEqual(status('lab-6'));
    },
  );

  it('`lab-6 fixed` and `lab-6 is working now`, said as news, still go to the admins', () => {
    const news = [{ type: 'admin.formRequested', task: 'maintenance_end', values: { testbed_id: '6' }, news: 'fixed' }];
    expect(said('lab-6 fixed', 'grace')).toEqual(news);
    expect(said('lab-6 is working now', 'grace')).toEqual(news);
  });
});

describe('a pipeline, the admins, the bot itself', () => {
  it.each(['CI is hogging lab-3', 'the pipeline is holding lab-3', 'pipeline holds lab-3 since yesterday', 'jenkins has lab-3'])('%j is lab-3\'s status, which names the hold', (typed) => {
    expect(said(typed)).toEqual(status('lab-3'));
  });

  it.each(['release the CI hold on lab-3', 'kill the pipeline hold on lab-3'])('%j opens the release form on lab-3 (it looked for a testbed called so)', (typed) => {
    expect(said(typed, 'grace')).toEqual(released('lab-3'));
  });

  it.each(['who can approve', 'who runs the lab', 'can an admin help'])('%j names the admins', (typed) => {
    expect(said(typed)).toEqual([{ type: 'admins.asked' }]);
  });

  it.each(['change lab-3 description', 'update lab-3 description', "edit lab-3's labels"])('%j is the edit form on lab-3, as typed by an admin', (typed) => {
    expect(said(typed)).toEqual([{ type: 'admin.formRequested', task: 'testbed_edit', values: { testbed_id: '3' } }]);
  });

  it.each(['the bot is down', 'bot not working', "why didn't you answer", "you didn't reply", 'no response from bot'])('%j opens the feedback form', (typed) => {
    expect(said(typed)).toEqual([{ type: 'feedback.started' }]);
  });
});

describe('recordings', () => {
  const lab = heldLab.testbeds ?? [];

  it.each(['end lab-1', 'lab-1 not done yet', 'in line for lab-3', 'CI is hogging lab-3', 'lab-3 booked since when', 'usage stats', 'lab-3 report'])('%j is kept as typed: lab words only', (typed) => {
    expect(isCommandText(typed, lab)).toBe(true);
  });

  it.each([
    'when did Linus release lab-3',
    'since when does Linus have lab-3',
    'Linus, done with lab-3?',
    'ask Linus to give me lab-3',
    'Linus: release lab-3',
    'Linus no longer needs lab-3',
    'pipeline holds lab-3 since Zebrafalcon',
    'end booking lab-1 for Zebrafalcon',
    'it would be nice to book ahead Zebrafalcon',
    'please add a calendar view',
  ])(
    '%j is blanked: it names somebody, or holds words the bot did not read',
    (typed) => {
      expect(isCommandText(typed, lab)).toBe(false);
    },
  );
});
