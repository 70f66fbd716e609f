/** The words people use for booking and releasing (`done with lab-3`, `reserve lab-3`) read as the bot's own commands. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCommandText, route, type RouterContext } from '../../src/app/router.js';
import { everydayCommand } from '../../src/app/everyday-words.js';
import { encodeId } from '../../src/platform/ids.js';
import type { MessageEvent } from '../../src/platform/port.js';

const LAB = encodeId('ROOM', '0b6f7e2c-1111-4a4a-9999-000000000001');
const ADA = encodeId('PEOPLE', '0b6f7e2c-2222-4a4a-9999-000000000001');
const NOW = '2026-03-02T10:00:00.000Z';
const testbeds = [
  { id: 3, testbed_name: 'lab-3', labels: ['5G'] },
  { id: 4, testbed_name: 'TB-04 SD-WAN pod', labels: [] },
];
const ctx: RouterContext = { approvedRooms: [LAB], timeZone: 'UTC', knownTestbedIds: [3, 4], testbeds };

const text_ = (value: string) => text(value);

function text(value: string): MessageEvent {
  return { type: 'message', id: 'm', roomId: LAB, roomType: 'group', personId: ADA, personEmail: 'ada@example.com', text: value, receivedAt: NOW };
}

/** The events a decision sends, or the decision itself when it is a reply. */
function eventsOf(decision: ReturnType<typeof route>): unknown {
  return decision.kind === 'dispatch' ? decision.targets.map((target) => target.event) : decision;
}

function dispatched(typed: string, context: RouterContext = ctx): unknown {
  return eventsOf(route(text(typed), context));
}

/** A press on a card in the lab room (or in Ada's 1:1 room) with these inputs. */
function pressed(inputs: Record<string, unknown>, roomType: 'group' | 'direct' = 'group'): unknown {
  const roomId = roomType === 'direct' ? encodeId('ROOM', '0b6f7e2c-1111-4a4a-9999-0000000000d1') : LAB;
  return eventsOf(route({ type: 'cardAction', id: 'a', roomId, roomType, personId: ADA, messageId: 'c', inputs, receivedAt: NOW }, ctx));
}

describe('router: everyday words for releasing', () => {
  it.each([
    ['done with lab-3', 'lab-3'],
    ["I'm done with lab-3", 'lab-3'],
    ['i’m finished with TB-04', 'TB-04'],
    ['I am done with lab-3!', 'lab-3'],
    ['give back lab-3', 'lab-3'],
    ['hand back lab-3', 'lab-3'],
    ['return lab-3', 'lab-3'],
    ['unbook lab-3', 'lab-3'],
    ['free up lab-3', 'lab-3'],
    ['free lab-3', 'lab-3'],
    ['cancel lab-3', 'lab-3'],
    ['cancel my booking of lab-3', 'lab-3'],
    ['cancel the reservation for TB-04 SD-WAN pod', 'TB-04 SD-WAN pod'],
    ['testbed done with lab-3', 'lab-3'],
  ])('%j opens the release form on %j', (typed, testbedName) => {
    expect(dispatched(typed)).toEqual([{ type: 'release.started', testbedName }]);
    expect(isCommandText(typed, testbeds)).toBe(true);
  });

  it.each(['done', "I'm done", 'finished', 'unbook', 'cancel my booking', 'cancel booking', 'done with it', 'give back mine'])(
    '%j opens the release form with their own testbeds first',
    (typed) => {
      expect(dispatched(typed)).toEqual([{ type: 'release.started' }]);
    },
  );

  it.each(['cancel all my bookings', 'give back all mine', 'free up all my testbeds', 'unbook everything'])('%j shows their bookings, where Release all mine is', (typed) => {
    expect(dispatched(typed)).toEqual([{ type: 'mine.requested' }]);
  });

  it('a testbed that does not exist is named by the release form, as release lab-9 is', () => {
    expect(dispatched('done with lab-9')).toEqual([{ type: 'release.started', testbedName: 'lab-9' }]);
    // Not lab data, so a recording without typed text does not keep it.
    expect(isCommandText('done with lab-9', testbeds)).toBe(false);
  });

  it('free and cancel with words that name no testbed keep their old meaning', () => {
    expect(route(text('free beer'), ctx)).toEqual({ kind: 'reply', view: { kind: 'hint' } });
    expect(route(text('cancel the meeting'), ctx)).toEqual({ kind: 'reply', view: { kind: 'hint', suggestion: 'cancel' } });
    expect(dispatched('free now')).toEqual([{ type: 'status.requested', label: 'free' }]);
    expect(dispatched('what is free')).toEqual([{ type: 'status.requested', label: 'free' }]);
    expect(dispatched('cancel')).toEqual([{ type: 'conversation.cancelled' }, { type: 'conversation.cancelled' }, { type: 'conversation.cancelled' }]);
  });

  it('free with a label shows the testbeds carrying it', () => {
    expect(dispatched('free 5g')).toEqual([{ type: 'status.requested', label: '5g' }]);
    expect(isCommandText('free 5g', testbeds)).toBe(true);
  });

  it.each(['any free 5g?', 'is there a free 5g testbed?', 'are there any free 5g ones', 'which 5g testbeds are free', 'any 5g available now', 'is a 5G free'])(
    '%j shows the testbeds labelled 5g, each with its state',
    (typed) => {
      expect(dispatched(typed)).toEqual([{ type: 'status.requested', label: typed.includes('5G') ? '5G' : '5g' }]);
      expect(isCommandText(typed, testbeds)).toBe(true);
    },
  );

  it('a free question about a label no testbed carries is no command', () => {
    expect(route(text('any free wifi?'), ctx)).toEqual({ kind: 'reply', view: { kind: 'hint' } });
    expect(isCommandText('is there a free lunch', testbeds)).toBe(false);
  });
});

describe('router: everyday words for booking', () => {
  it.each([
    ['reserve lab-3', { testbedName: 'lab-3' }],
    ['claim TB-04', { testbedName: 'TB-04' }],
    ['take lab-3', { testbedName: 'lab-3' }],
    ['grab any 5g', { testbedName: '5g' }],
    ['use lab-3', { testbedName: 'lab-3' }],
    ['lock lab-3', { testbedName: 'lab-3' }],
    ['borrow TB-04', { testbedName: 'TB-04' }],
    ['taking lab-3', { testbedName: 'lab-3' }],
    ["I'm grabbing lab-3", { testbedName: 'lab-3' }],
    ['use any 5g', { testbedName: '5g' }],
    ['reserve', {}],
    ['claim a testbed', {}],
  ])('%j opens the register form (%j)', (typed, started) => {
    expect(dispatched(typed)).toEqual([{ type: 'registration.started', ...started }]);
  });

  it('reserve lab-3 for 2 hours fills in the time, as book does', () => {
    expect(dispatched('reserve lab-3 for 2 hours')).toEqual(dispatched('book lab-3 for 2 hours'));
    expect(isCommandText('reserve lab-3 for 2 hours', testbeds)).toBe(true);
  });

  it('take and grab (use, lock, borrow, taking) book only a testbed or label the lab has', () => {
    expect(dispatched("I'm taking lab-3 for 2 hours")).toEqual(dispatched('book lab-3 for 2 hours'));
    expect(dispatched("I'll use lab-3 until 18:00")).toEqual(dispatched('book lab-3 until 18:00'));
    expect(dispatched('unlock lab-3')).toEqual(dispatched('release lab-3'));
    for (const typed of ['take a look', 'grab lunch', 'use the force', 'lock the door', 'unlock the door', "I'm taking a break"]) {
      expect(route(text(typed), ctx), typed).toEqual({ kind: 'reply', view: { kind: 'hint' } });
    }
    expect(everydayCommand('take a look', testbeds)).toBe('take a look');
  });
});

describe('router: extend with a time', () => {
  it('extend lab-3 until 18:00 chooses lab-3 on their bookings, with the instant for its button', () => {
    expect(dispatched('extend lab-3 until 18:00')).toEqual([{ type: 'mine.requested', testbedId: 3, extendUntil: '2026-03-02T18:00:00.000Z' }]);
    expect(dispatched('extend TB-04 to 6pm')).toEqual([{ type: 'mine.requested', testbedId: 4, extendUntil: '2026-03-02T18:00:00.000Z' }]);
    expect(isCommandText('extend lab-3 until 18:00', testbeds)).toBe(true);
  });

  it('a time no extension may reach gets no instant for a button, but the card is told why: passed, or too far ahead', () => {
    // NOW is 2026-03-02 10:00 UTC.
    expect(dispatched('extend lab-3 until 2026-12-24')).toEqual([{ type: 'mine.requested', testbedId: 3, extendRefused: { typed: '2026-12-24', outside: 'tooFar' } }]);
    expect(dispatched('extend until 2026-03-01 09:00')).toEqual([{ type: 'mine.requested', extendRefused: { typed: '2026-03-01 09:00', outside: 'passed' } }]);
    expect(dispatched('2026-12-24')).toEqual([{ type: 'mine.requested', extendRefused: { typed: '2026-12-24', outside: 'tooFar' } }]);
    expect(dispatched('extend lab-3 until the demo')).toEqual([{ type: 'mine.requested', testbedId: 3 }]);
  });

  it.each([
    ['I still need lab-3', { testbedId: 3 }],
    ["I'm still using TB-04, another 2 hours", { testbedId: 4, extendMinutes: 120 }],
    ['keep lab-3 until 18:00', { testbedId: 3, extendUntil: '2026-03-02T18:00:00.000Z' }],
    ['renew lab-3 for a day', { testbedId: 3, extendMinutes: 1440 }],
    ['I need more time on lab-3', { testbedId: 3 }],
    ["I'm not done with lab-3", { testbedId: 3 }],
  ])('%j is extend, on that testbed of their bookings', (typed, event) => {
    expect(dispatched(typed)).toEqual([{ type: 'mine.requested', ...event }]);
  });

  it.each([
    ['I need 2 more hours', { extendMinutes: 120 }],
    ['another hour please', { extendMinutes: 60 }],
    ["I'd like 30 more minutes", { extendMinutes: 30 }],
    ['give me another hour', { extendMinutes: 60 }],
    ['can I have another hour on lab-3', { testbedId: 3, extendMinutes: 60 }],
    ['I need lab-3 for 2 more hours', { testbedId: 3, extendMinutes: 120 }],
    ['can I keep lab-3 until friday', { testbedId: 3, extendUntil: '2026-03-06T23:59:00.000Z' }],
    ['could I keep it another hour', { extendMinutes: 60 }],
    ['postpone TB-04 by an hour', { testbedId: 4, extendMinutes: 60 }],
    ['push back my booking by 2 hours', { extendMinutes: 120 }],
    // A new time, earlier or later than it is due: as `release lab-3 at 18:00` (Done by, or Extend to).
    ['move my booking to 18:00', { doneBy: '2026-03-02T18:00:00.000Z' }],
    ['push lab-3 to 6pm', { testbedId: 3, doneBy: '2026-03-02T18:00:00.000Z' }],
    ['move the release of lab-3 to friday', { testbedId: 3, doneBy: '2026-03-06T23:59:00.000Z' }],
    ['push it to 18:00', { doneBy: '2026-03-02T18:00:00.000Z' }],
    // A stretch that ends (NOW is Monday 10:00): the next working morning.
    ['extend lab-3 over the weekend', { testbedId: 3, extendUntil: '2026-03-09T09:00:00.000Z' }],
    ['keep lab-3 overnight', { testbedId: 3, extendUntil: '2026-03-03T09:00:00.000Z' }],
    ['extend for the afternoon', { extendUntil: '2026-03-02T17:00:00.000Z' }],
    // A zone typed with the time, as the bot writes its own times (`16:00 UTC`) or as a colleague elsewhere says them.
    ['release lab-3 at 16:00 UTC', { testbedId: 3, doneBy: '2026-03-02T16:00:00.000Z' }],
    ["I'll be done with lab-3 by 4pm CET", { testbedId: 3, doneBy: '2026-03-02T15:00:00.000Z' }],
    ['extend lab-3 to 6pm IST', { testbedId: 3, extendUntil: '2026-03-02T12:30:00.000Z' }],
    ['keep lab-3 until 9am PST tomorrow', { testbedId: 3, extendUntil: '2026-03-03T17:00:00.000Z' }],
    // Times and lengths said aloud.
    ['extend lab-3 by ninety minutes', { testbedId: 3, extendMinutes: 90 }],
    ['keep lab-3 until half past five', { testbedId: 3, extendUntil: '2026-03-02T17:30:00.000Z' }],
    ['release lab-3 at five', { testbedId: 3, doneBy: '2026-03-02T17:00:00.000Z' }],
    ['move my booking to tomorrow at 9', { doneBy: '2026-03-03T09:00:00.000Z' }],
    ['extend lab-3 until eod friday', { testbedId: 3, extendUntil: '2026-03-06T23:59:00.000Z' }],
    // Their bookings named as such, and a plus before the length.
    ['extend my booking until friday', { extendUntil: '2026-03-06T23:59:00.000Z' }],
    ['extend all my bookings by an hour', { extendMinutes: 60, extendAll: true }],
    ['extend lab-3 +2h', { testbedId: 3, extendMinutes: 120 }],
    ['extend lab-3 by about an hour', { testbedId: 3, extendMinutes: 60 }],
    // A clock said in words, or an hour past a stopwatch's, is a time to extend to, never a length (noon was 12 hours).
    ['extend lab-3 noon', { testbedId: 3, extendUntil: '2026-03-02T12:00:00.000Z' }],
    ['extend lab-3 after lunch', { testbedId: 3, extendUntil: '2026-03-02T13:00:00.000Z' }],
    ['extend lab-3 17:00', { testbedId: 3, extendUntil: '2026-03-02T17:00:00.000Z' }],
    ['extend lab-3 by 14:00', { testbedId: 3, extendUntil: '2026-03-02T14:00:00.000Z' }],
    ['extend 5pm', { extendUntil: '2026-03-02T17:00:00.000Z' }],
    ['extend lab-3 2:30', { testbedId: 3, extendMinutes: 150 }],
    // Their booking as `it`, with nothing talked about.
    ["I'll release it after lunch", { doneBy: '2026-03-02T13:00:00.000Z' }],
    ["I'll be done with it at 4pm", { doneBy: '2026-03-02T16:00:00.000Z' }],
    ['need it 20 more minutes', { extendMinutes: 20 }],
    ['keep it for a bit', {}],
  ])('%j asks for more time (or a new time) on their bookings', (typed, event) => {
    expect(dispatched(typed)).toEqual([{ type: 'mine.requested', ...event }]);
  });

  it.each([
    ['still need it', {}],
    ['yes I still need it', {}],
    ["I'm still using it", {}],
    ['not done yet', {}],
    ['need more time', {}],
    ['snooze', {}],
    ['remind me later', {}],
    ['snooze 1h', { extendMinutes: 60 }],
    ['snooze lab-3 for an hour', { testbedId: 3, extendMinutes: 60 }],
    ['remind me in an hour', { extendMinutes: 60 }],
    ['not yet', {}],
    ["I'm almost done", {}],
    ['nearly finished', {}],
    ['stop reminding me', {}],
    ['no more reminders', {}],
    ['yes extend', {}],
    ['+1h', { extendMinutes: 60 }],
    ['+ 30 min', { extendMinutes: 30 }],
  ])('%j, as a holder answers a reminder, shows their bookings with Extend', (typed, event) => {
    expect(dispatched(typed)).toEqual([{ type: 'mine.requested', ...event }]);
  });

  it.each([
    ['hey, book lab-3', { type: 'registration.started', testbedName: 'lab-3' }],
    ['hi! book lab-3 please', { type: 'registration.started', testbedName: 'lab-3' }],
    ["good morning team, what's free?", { type: 'status.requested', label: 'free' }],
    ['hey testbed, status', { type: 'status.requested' }],
    ['Testbed Monitor, book lab-3', { type: 'registration.started', testbedName: 'lab-3' }],
    ['@testbed book lab-3', { type: 'registration.started', testbedName: 'lab-3' }],
    ['book: lab-3', { type: 'registration.started', testbedName: 'lab-3' }],
    ['release - lab-3', { type: 'release.started', testbedName: 'lab-3' }],
    ['ok release lab-3', { type: 'release.started', testbedName: 'lab-3' }],
    ['sure, book lab-3', { type: 'registration.started', testbedName: 'lab-3' }],
    ['yes, done with lab-3', { type: 'release.started', testbedName: 'lab-3' }],
    ['nope, still need it', { type: 'mine.requested' }],
    ['no, extend lab-3 by an hour', { type: 'mine.requested', testbedId: 3, extendMinutes: 60 }],
  ])('%j: a greeting, agreement or mark before a command adds nothing to it', (typed, event) => {
    expect(dispatched(typed)).toEqual([event]);
  });

  it.each(['tell Linus the news', 'can anyone have the cake', 'somebody can have the cake', 'bug in the build', 'undo the soak', 'wrong room entirely', 'wifi stats', 'who hogs the remote', 'hello world', 'hey you', 'what happened to my build', 'who released the kraken', 'log', 'activity', 'next', "what's next", 'dibs on the last donut', 'I want pizza next', 'next for lunch', 'do I have to wait', 'do I have time', 'is this mine', 'when is the demo due', 'not yet working', '+ the rest', '+1 for the idea', 'yes I will be there', 'stop reminding Linus', "what's up with the build", 'tell Linus I need coffee', 'keep calm and release the kraken', '5', 'after lunch', "I'll release the kraken", '17h', 'sun', 'sat', 'wed'])('%j stays as it was: the hint', (typed) => {
    expect(route(text(typed), ctx)).toEqual({ kind: 'reply', view: { kind: 'hint' } });
  });

  it.each([
    ['book lab-3 untill 5pm', { type: 'registration.started', testbedName: 'lab-3', filled: { release_choice: 'custom', release_date: '2026-03-02', release_time: '17:00' } }],
    ['book lab-3 till tommorow', { type: 'registration.started', testbedName: 'lab-3', filled: { release_choice: '1d' } }],
    ['book lab-3 tmrw', { type: 'registration.started', testbedName: 'lab-3', filled: { release_choice: '1d' } }],
    ['book lab-3 until 5 pm tmrw', { type: 'registration.started', testbedName: 'lab-3', filled: { release_choice: 'custom', release_date: '2026-03-03', release_time: '17:00' } }],
    ['extend lab-3 untill firday', { type: 'mine.requested', testbedId: 3, extendUntil: '2026-03-06T23:59:00.000Z' }],
  ])('%j, a time typed as phones type it, reads as meant', (typed, event) => {
    expect(dispatched(typed)).toEqual([event]);
  });

  it.each([
    ['which testbeds are idle', { type: 'status.requested', label: 'free' }],
    ["what's unused", { type: 'status.requested', label: 'free' }],
    ['show idle testbeds', { type: 'status.requested', label: 'free' }],
    // Before, `anything` was read as the label asked about.
    ['is anything overdue', { type: 'status.requested', label: 'overdue' }],
    ['is anyone late', { type: 'status.requested', label: 'overdue' }],
    ['is there anything in maintenance', { type: 'status.requested', label: 'maintenance' }],
    ["who hasn't released their testbed yet", { type: 'status.requested', label: 'overdue' }],
    // Before, `the most bookings` was read as a label.
    ['who has the most bookings', { type: 'report.requested' }],
    ['who books the most', { type: 'report.requested' }],
    ['top users', { type: 'report.requested' }],
    ['list the queue', { type: 'status.requested' }],
    ['everything', { type: 'status.requested' }],
    ['all', { type: 'status.requested' }],
    ['status all', { type: 'status.requested' }],
    ['full status', { type: 'status.requested' }],
  ])('%j, a question about the lab, is answered by its status or its report', (typed, event) => {
    expect(dispatched(typed)).toEqual([event]);
  });

  it.each([
    ["I'd like lab-3 until friday", { type: 'registration.started', testbedName: 'lab-3', filled: { release_choice: 'custom', release_date: '2026-03-06', release_time: '23:59' } }],
    ['need lab-3 for the afternoon', { type: 'registration.started', testbedName: 'lab-3', filled: { release_choice: 'custom', release_date: '2026-03-02', release_time: '17:00' } }],
    ['gimme lab-3', { type: 'registration.started', testbedName: 'lab-3' }],
    ["I'll take lab-3", { type: 'registration.started', testbedName: 'lab-3' }],
    ['can you book lab-3 for me until 5', { type: 'registration.started', testbedName: 'lab-3', filled: { release_choice: 'custom', release_date: '2026-03-02', release_time: '17:00' } }],
    ['need help', { type: 'help.requested' }],
    ['I need some help', { type: 'help.requested' }],
  ])('%j asks for a testbed (or for help) as people do', (typed, event) => {
    expect(dispatched(typed)).toEqual([event]);
  });

  it.each([
    'lab-3 is all yours',
    'lab-3 released',
    'released lab-3',
    'I released lab-3',
    'giving back lab-3',
    'returning lab-3',
    'all done with lab-3',
    // Before, `testing on lab-3` was read as the testbed's name.
    'done testing on lab-3',
    'lab-3 can be released',
    'you can release lab-3',
    // Before, `lab-3 for me` was read as the testbed's name.
    'please release lab-3 for me',
    'lab-3 no longer needed',
    'lab-3 is not needed anymore',
  ])('%j is the release form on lab-3', (typed) => {
    expect(dispatched(typed)).toEqual([{ type: 'release.started', testbedName: 'lab-3' }]);
  });

  it("we're done is the release form, theirs first; the words about something else stay a hint", () => {
    expect(dispatched("we're done")).toEqual([{ type: 'release.started' }]);
    for (const typed of ['the build is all yours', 'returning the favour', 'the report can be released']) expect(route(text(typed), ctx), typed).toEqual({ kind: 'reply', view: { kind: 'hint' } });
  });

  it('asking for something that is no testbed stays a hint', () => {
    for (const typed of ["I'd like some coffee", 'gimme a break', 'need more coffee']) expect(route(text(typed), ctx), typed).toEqual({ kind: 'reply', view: { kind: 'hint' } });
  });

  it.each([
    ['usage for lab-3 last month', { type: 'history.requested', testbedId: 3 }],
    ['history of lab-3 last week', { type: 'history.requested', testbedId: 3 }],
    ['lab-3 history last month', { type: 'history.requested', testbedId: 3 }],
    ['stats for 5g last month', { type: 'report.requested', days: 30, label: '5g' }],
    ['weekly report', { type: 'report.requested' }],
    ['monthly report', { type: 'report.requested', days: 30 }],
    ['give me a report', { type: 'report.requested' }],
    ['show me the report', { type: 'report.requested' }],
  ])('%j, a history or a report asked with its window, is that history or report', (typed, event) => {
    expect(dispatched(typed)).toEqual([event]);
  });

  it.each([
    ['book lab-3 🙏', [{ type: 'registration.started', testbedName: 'lab-3' }]],
    ['release lab-3 ✅', [{ type: 'release.started', testbedName: 'lab-3' }]],
    ['👀 status', [{ type: 'status.requested' }]],
  ])('%j: pictures around the words change nothing', (typed, events) => {
    expect(dispatched(typed)).toEqual(events);
  });

  it('a picture alone is what it says: a thumbs up in any skin tone is an acknowledgement', () => {
    for (const typed of ['👍', '👍🏽', '🙏🏻']) expect(route(text(typed), ctx), typed).toEqual({ kind: 'reply', view: { kind: 'thanks', ack: true } });
  });

  it.each(["what's 5g", 'which testbeds are 5g', '5g testbeds', 'list 5g testbeds', 'all 5g', 'the 5g ones', 'any 5g'])(
    '%j, a label the lab has, shows the testbeds carrying it',
    (typed) => {
      expect(dispatched(typed)).toEqual([{ type: 'status.requested', label: '5g' }]);
    },
  );

  it('which labels lists the labels; the same words about what no testbed carries stay a hint', () => {
    expect(route(text('which labels'), ctx)).toEqual({ kind: 'reply', view: { kind: 'labels' } });
    for (const typed of ['the end', 'any pizza', 'what is love']) expect(route(text(typed), ctx), typed).toEqual({ kind: 'reply', view: { kind: 'hint' } });
  });

  // Whichever is handed on first: their whole names, ordered, one per line, in place of a label.
  const EITHER = 'lab-3\nTB-04 SD-WAN pod';
  it.each([
    'wait for lab-3 or TB-04',
    'wait for lab-3 and TB-04',
    'wait TB-04, lab-3',
    'wait lab-3 TB-04',
    'wait for either lab-3 or TB-04',
    'wait for any of lab-3, TB-04',
    'queue me for lab-3 or TB-04, whichever frees up first',
    'notify me when lab-3 or TB-04 is free',
    'wait for both lab-3 and TB-04',
  ])('%j waits for whichever of the testbeds named is handed on first', (typed) => {
    expect(dispatched(typed)).toEqual([{ type: 'lifecycle.submitted', request: { type: 'waitLabel', label: EITHER }, now: NOW }]);
  });

  describe('a booking of whichever of several testbeds is free', () => {
    const held = { status: 'in_use' as const, user_email: 'linus@example.com', user_name: 'Linus Lab' };
    const lab = (busy: number[], resting: number[] = []) => ({
      ...ctx,
      testbeds: [3, 4, 5].map((id) => ({
        id,
        testbed_name: id === 4 ? 'TB-04 SD-WAN pod' : `lab-${id}`,
        labels: [],
        ...(busy.includes(id) ? held : { status: 'available' as const }),
        ...(resting.includes(id) ? { maintenance: { reason: 'rack', until: null, since: NOW, by: { email: 'lead@example.com', name: 'Lab Lead' } } } : {}),
      })),
      knownTestbedIds: [3, 4, 5],
    });

    it.each([
      ['book lab-3 or lab-5', { testbedName: 'lab-5' }],
      ['I need lab-3 or lab-5', { testbedName: 'lab-5' }],
      ["I'll take lab-3 or lab-5, whichever is free first", { testbedName: 'lab-5' }],
      ['book either lab-3 or TB-04 until 5pm for the soak', { testbedName: 'TB-04 SD-WAN pod', filled: { release_choice: 'custom', release_date: '2026-03-02', release_time: '17:00', purpose: 'the soak' } }],
      ['book any of lab-3, lab-5 for 2 hours', { testbedName: 'lab-5', filled: { release_choice: 'custom', release_date: '2026-03-02', release_time: '12:00' } }],
    ])('%j starts the form on the first of them free now, the rest read as typed', (typed, started) => {
      expect(dispatched(typed, lab([3]))).toEqual([{ type: 'registration.started', ...started }]);
    });

    it('none of them free (in use or under maintenance): their status, where Wait for either is; `and` asks for both, which stays one form', () => {
      expect(dispatched('book lab-3 or lab-5 for 2 hours', lab([3], [5]))).toEqual([{ type: 'status.requested', label: 'lab-3 and lab-5' }]);
      expect(dispatched('book lab-3 or TB-04 or lab-5', lab([3, 4, 5]))).toEqual([{ type: 'status.requested', label: 'lab-3, TB-04 SD-WAN pod and lab-5' }]);
      expect(dispatched('book lab-3 and lab-5', lab([3]))).toEqual([{ type: 'registration.started', testbedName: 'lab-3', unread: 'and lab-5' }]);
    });
  });

  it('leaving the queues of several named testbeds is one request; a list with a name no testbed has is answered, and nothing changes', () => {
    for (const typed of ['unwait lab-3 and TB-04', 'stop waiting for lab-3 or TB-04', 'leave the queues of lab-3 and TB-04']) {
      expect(dispatched(typed), typed).toEqual([{ type: 'lifecycle.submitted', request: { type: 'unwaitLabel', label: EITHER }, now: NOW }]);
    }
    expect(route(text('wait lab-3 or lab-9'), ctx)).toEqual({ kind: 'reply', view: { kind: 'error', message: 'No testbed is called “lab-3 or lab-9”. Type status to see them all.' } });
    expect(dispatched('leave the queue of lab-3')).toEqual([{ type: 'lifecycle.submitted', request: { type: 'unwait', testbedId: 3 }, now: NOW }]);
  });

  it.each([
    ['wait lab-3 for the demo', { type: 'wait', testbedId: 3 }],
    ['wait for TB-04 because the soak runs long', { type: 'wait', testbedId: 4 }],
    ['notify me when lab-3 is free for the demo', { type: 'wait', testbedId: 3 }],
    ['wait lab-3 so I can test the upgrade', { type: 'wait', testbedId: 3 }],
    ['wait any 5g for the soak', { type: 'waitLabel', label: '5g' }],
    ['wait for any testbed for the demo', { type: 'waitLabel', label: 'testbed' }],
  ])('%j: why they wait changes nothing about the queue they join', (typed, request) => {
    expect(dispatched(typed)).toEqual([{ type: 'lifecycle.submitted', request, now: NOW }]);
  });

  it('leaving a queue for a reason leaves it; with a reason, a name no testbed has is named alone, and two testbeds are waited for together', () => {
    expect(dispatched('stop waiting for lab-3 for now')).toEqual([{ type: 'lifecycle.submitted', request: { type: 'unwait', testbedId: 3 }, now: NOW }]);
    expect(dispatched('unwait any 5g because I got one')).toEqual([{ type: 'lifecycle.submitted', request: { type: 'unwaitLabel', label: '5g' }, now: NOW }]);
    expect(route(text('wait lab-4 for the demo'), ctx)).toEqual({ kind: 'reply', view: { kind: 'error', message: 'No testbed is called “lab-4”. Did you mean lab-3? Type wait lab-3.' } });
    expect(dispatched('wait for lab-3 or TB-04 for the demo')).toEqual([{ type: 'lifecycle.submitted', request: { type: 'waitLabel', label: EITHER }, now: NOW }]);
  });

  it('a lab label called all stays the label; who used one testbed the most stays its history', () => {
    const labelled = { ...ctx, testbeds: [{ id: 3, testbed_name: 'lab-3', labels: ['all'] }], knownTestbedIds: [3] };
    const decision = route(text('status all'), labelled);
    expect(decision.kind === 'dispatch' && decision.targets[0].event).toEqual({ type: 'status.requested', label: 'all' });
    expect(dispatched('who used lab-3 the most')).toEqual([{ type: 'history.requested', testbedId: 3 }]);
  });

  it('a spelling is mended only where it stands alone, never inside a name', () => {
    const named = { ...ctx, testbeds: [...testbeds, { id: 7, testbed_name: 'tmrw-1', labels: [] }], knownTestbedIds: [3, 4, 7] };
    const decision = route(text('book tmrw-1 for 2 hours'), named);
    expect(decision.kind === 'dispatch' && decision.targets[0].event).toMatchObject({ type: 'registration.started', testbedName: 'tmrw-1' });
  });

  it('snoozing or reminding about something else is no extension', () => {
    expect(route(text('snooze the alarm'), ctx)).toEqual({ kind: 'reply', view: { kind: 'hint' } });
    expect(route(text('remind me in the standup'), ctx)).toEqual({ kind: 'reply', view: { kind: 'hint' } });
    expect(route(text('still need coffee'), ctx)).toEqual({ kind: 'reply', view: { kind: 'hint' } });
  });

  it.each([
    ['how do I book a testbed?', [{ type: 'registration.started' }]],
    ['how to book', [{ type: 'registration.started' }]],
    ['how do I book lab-3 for 2 hours', [{ type: 'registration.started', testbedName: 'lab-3', filled: { release_choice: 'custom', release_date: '2026-03-02', release_time: '12:00' } }]],
    ['how can I release lab-3', [{ type: 'release.started', testbedName: 'lab-3' }]],
    ['how do I cancel my booking', [{ type: 'release.started' }]],
    ['how do I extend my booking', [{ type: 'mine.requested' }]],
    ["how do I see what's free", [{ type: 'status.requested', label: 'free' }]],
    ['how do I leave the queue', [{ type: 'mine.requested', queues: true }]],
    ['how do I give feedback', [{ type: 'feedback.started' }]],
    ['how do I become an admin', [{ type: 'admins.asked' }]],
    // Asking how to wait shows the status card with its picker: `wait lab-3` would take the place at once.
    ['how can I get notified when lab-3 is free', [{ type: 'status.requested' }]],
    // The help card: how something works, what the bot is, a way it does not know.
    ['what is this bot', [{ type: 'help.requested' }]],
    ['who are you', [{ type: 'help.requested' }]],
    ['how do I fix my code', [{ type: 'help.requested' }]],
  ])('%j, a newcomer asking the way, is shown it', (typed, events) => {
    expect(dispatched(typed)).toEqual(events);
  });

  it.each([
    'rules',
    'booking rules',
    'what are the lab rules',
    'show me the rules',
    'how long can I book lab-3',
    'how long can I book a testbed for',
    'how long can we keep a testbed',
    "what's the max booking time",
    'what is the maximum booking length',
    'is there a time limit',
    'is there a limit on bookings',
    'how does the queue work',
    'how do reminders work',
    'how long is a testbed held for me',
  ])('%j shows how booking works here (the lab’s own settings), and is kept in recordings', (typed) => {
    expect(route(text(typed), ctx)).toEqual({ kind: 'reply', view: { kind: 'rules' } });
    expect(isCommandText(typed, testbeds)).toBe(true);
  });

  it('`rules` is answered in a 1:1 room that is not approved too (it shows no lab data); other words there get the one line', () => {
    const dm = (value: string): MessageEvent => ({ ...text(value), roomId: encodeId('ROOM', '0b6f7e2c-1111-4a4a-9999-0000000000d1'), roomType: 'direct' });
    expect(route(dm('rules'), ctx)).toEqual({ kind: 'reply', view: { kind: 'rules' } });
    expect(route(dm("what's the max booking time?"), ctx)).toEqual({ kind: 'reply', view: { kind: 'rules' } });
    expect(route(dm('labels'), ctx)).toEqual({ kind: 'reply', view: { kind: 'directOnly' } });
  });

  it.each(['digest', 'daily digest', 'show the digest', 'summary', "today's summary", 'give me an overview', "what's happening?", "what's going on in the lab"])(
    '%j shows the daily digest as of now, and is kept in recordings',
    (typed) => {
      expect(route(text(typed), ctx)).toEqual({ kind: 'reply', view: { kind: 'digest' } });
      expect(isCommandText(typed, testbeds)).toBe(true);
    },
  );

  it('a digest of one testbed is no digest: the hint about it', () => {
    expect(route(text('summary of lab-3'), ctx)).toEqual({ kind: 'reply', view: { kind: 'hint', testbedId: 3 } });
    expect(route(text("what's happening with my build"), ctx)).toEqual({ kind: 'reply', view: { kind: 'hint' } });
  });

  it('how labels work is still the help card, and how long I can keep a testbed of mine is its status', () => {
    expect(dispatched('how do labels work')).toEqual([{ type: 'help.requested' }]);
    expect(dispatched('how long can I keep lab-3')).toEqual([{ type: 'status.requested', label: 'lab-3' }]);
    expect(route(text('the rules of chess'), ctx)).toEqual({ kind: 'reply', view: { kind: 'hint' } });
  });

  it('asking how to report a problem lists the problems and how to report one; a bare what is this stays a hint', () => {
    expect(route(text('how do I report a problem'), ctx)).toEqual({ kind: 'reply', view: { kind: 'problems' } });
    expect(route(text('what is this'), ctx)).toEqual({ kind: 'reply', view: { kind: 'hint' } });
    expect(dispatched('how long do I have to wait for lab-3')).toEqual([{ type: 'status.requested', label: 'lab-3' }]);
  });

  it('recordings keep a way asked plainly, and blank one asked beside a person\'s own words', () => {
    for (const kept of ['how do I book a testbed?', "how do I see what's free", 'how do I report a problem']) expect(isCommandText(kept, testbeds), kept).toBe(true);
    for (const blanked of ['how do I fix my code', 'how do I report a problem with the ACME firmware', 'how do I book lab-3 for the ACME demo']) {
      expect(isCommandText(blanked, testbeds), blanked).toBe(false);
    }
  });

  it('more time without the word more, or moving something that is no testbed, is no extension', () => {
    expect(route(text('I need more coffee'), ctx)).toEqual({ kind: 'reply', view: { kind: 'hint' } });
    expect(route(text('move the meeting to 18:00'), ctx)).toEqual({ kind: 'reply', view: { kind: 'hint' } });
    expect(route(text('push the button'), ctx)).toEqual({ kind: 'reply', view: { kind: 'hint' } });
    expect(everydayCommand('I need 2 hours', testbeds)).toBe('I need 2 hours');
  });

  it('those words without a testbed of the lab are no command, and I need lab-3 still books', () => {
    expect(route(text('keep calm'), ctx)).toEqual({ kind: 'reply', view: { kind: 'hint' } });
    expect(route(text('I still need coffee'), ctx)).toEqual({ kind: 'reply', view: { kind: 'hint' } });
    expect(dispatched('I need lab-3')).toEqual([{ type: 'registration.started', testbedName: 'lab-3' }]);
  });

  it('recordings keep the new everyday words when they carry only lab data, and blank those that carry a person\'s words', () => {
    for (const kept of ['report a bug', 'broadcast status', 'book lab-3 when it\'s free', 'can I have lab-3 after you', 'why is lab-3 booked', 'when did I book lab-3', 'I need 2 more hours', 'never mind', '5g status', 'busiest testbed']) {
      expect(isCommandText(kept, testbeds), kept).toBe(true);
    }
    for (const blanked of ['bug report: the status card is slow', 'feature request: a calendar view', 'broadcast status to the ACME room', 'I want lab-3 after Linus', 'what is Linus doing on lab-3', 'when did Grace book lab-3', "I'm using lab-3 for the ACME demo", 'let Linus have lab-3', 'can Linus have lab-3', 'hand off lab-3 to Linus', 'tell everyone lab-3 is down', 'share the status with the ACME room']) {
      expect(isCommandText(blanked, testbeds), blanked).toBe(false);
    }
  });

  it('recordings keep extend with a testbed and a length (lab data), not with other words', () => {
    expect(isCommandText('extend 2h', testbeds)).toBe(true);
    expect(isCommandText('extend lab-3 by 2 hours', testbeds)).toBe(true);
    expect(isCommandText('extend lab-3', testbeds)).toBe(true);
    expect(isCommandText('extend lab-3 for the customer demo', testbeds)).toBe(false);
    expect(isCommandText('extend my patience', testbeds)).toBe(false);
  });
});

describe('router: more everyday words', () => {
  it.each([
    ['keep me posted on lab-3', { type: 'lifecycle.submitted', request: { type: 'wait', testbedId: 3 }, now: NOW }],
    ['keep an eye on TB-04 for me', { type: 'lifecycle.submitted', request: { type: 'wait', testbedId: 4 }, now: NOW }],
    ['watch any 5g', { type: 'lifecycle.submitted', request: { type: 'waitLabel', label: '5g' }, now: NOW }],
    ['how many testbeds are there', { type: 'status.requested' }],
    ['stats for lab-3', { type: 'history.requested', testbedId: 3 }],
    ['usage of 5g', { type: 'report.requested', days: 7, label: '5g' }],
    ['who used lab-3 the most', { type: 'history.requested', testbedId: 3 }],
    ['remove me from the queue for lab-3', { type: 'lifecycle.submitted', request: { type: 'unwait', testbedId: 3 }, now: NOW }],
    ['take me off the waiting list of TB-04', { type: 'lifecycle.submitted', request: { type: 'unwait', testbedId: 4 }, now: NOW }],
    ['cancel my wait for lab-3', { type: 'lifecycle.submitted', request: { type: 'unwait', testbedId: 3 }, now: NOW }],
    ["don't notify me about any 5g", { type: 'lifecycle.submitted', request: { type: 'unwaitLabel', label: '5g' }, now: NOW }],
    ['take me out of the queue', { type: 'mine.requested', queues: true }],
  ])('%j reads as the command it means', (typed, event) => {
    expect(dispatched(typed)).toEqual([event]);
  });

  it('skip it is whatever is offered; watch out and keep calm are no commands', () => {
    expect(route(text('skip it'), ctx)).toEqual({ kind: 'reply', view: { kind: 'notNeeded' } });
    expect(route(text('watch out'), ctx)).toEqual({ kind: 'reply', view: { kind: 'hint' } });
    expect(route(text("I don't want lab-3 any more"), ctx)).toEqual({ kind: 'reply', view: { kind: 'notNeeded', testbedId: 3 } });
    expect(route(text('remove me from the queue for lab-99'), ctx)).toEqual({ kind: 'reply', view: { kind: 'hint' } });
  });
});

describe('router: the usage report in other words', () => {
  it.each([
    ['usage report', 7],
    ['stats', 7],
    ['show me the statistics', 7],
    ['utilisation this week', 7],
    ['usage for the last 30 days', 30],
    ['how busy was the lab last month', 30],
  ])('%j is the usage report of the last %i days', (typed, days) => {
    // The report's own default is the last 7 days.
    expect(dispatched(typed)).toEqual([days === 30 ? { type: 'report.requested', days } : { type: 'report.requested' }]);
    expect(isCommandText(typed, testbeds)).toBe(true);
  });
});

describe('router: who had a testbed', () => {
  it.each(['history lab-3', 'History of LAB-3', 'show the history for lab-3', 'lab-3 history', 'who had lab-3?', 'who had lab-3 last', 'who’s had lab-3 before me', 'who has had lab-3', 'who used lab-3 recently', 'who used lab-3 this week', 'who had lab-3 in the last 30 days', 'when was lab-3 last used'])(
    '%j asks for lab-3’s bookings',
    (typed) => {
      expect(dispatched(typed)).toEqual([{ type: 'history.requested', testbedId: 3 }]);
      expect(isCommandText(typed, testbeds)).toBe(true);
    },
  );

  it('a name no testbed has changes nothing and names the one meant; history alone says how to ask', () => {
    expect(route(text('history lab-33'), ctx)).toEqual({ kind: 'reply', view: { kind: 'error', message: 'No testbed is called “lab-33”. Did you mean lab-3? Type history lab-3.' } });
    // Words further in one testbed's name are named too, never chosen (the start of a name is read as ever).
    expect(route(text('history sd-wan'), ctx)).toEqual({ kind: 'reply', view: { kind: 'error', message: 'No testbed is called “sd-wan”. Did you mean TB-04 SD-WAN pod? Type history TB-04 SD-WAN pod.' } });
    // A number without its leading zeros is the same name: TB-04.
    expect(dispatched('history tb 4')).toEqual([{ type: 'history.requested', testbedId: 4 }]);
    expect(route(text('history'), ctx)).toEqual({
      kind: 'reply',
      view: { kind: 'error', message: 'Type history and a testbed’s name, for example history lab-3, to see who had it in the last 30 days (report shows the whole lab’s usage).' },
    });
    // `<words> history` is only read so when the words are a testbed's name.
    expect(route(text('browser history'), ctx)).toEqual({ kind: 'reply', view: { kind: 'hint' } });
    expect(isCommandText('history of my mistakes', testbeds)).toBe(false);
  });
});

describe('router: courtesy, queues, and asking for a testbed', () => {
  it.each([
    ['please show status', [{ type: 'status.requested' }]],
    ['can you show me all testbeds?', [{ type: 'status.requested' }]],
    ['release lab-3 now please', [{ type: 'release.started', testbedName: 'lab-3' }]],
    ['release lab-3, please.', [{ type: 'release.started', testbedName: 'lab-3' }]],
    ["I'd like to book lab-3 for 2 hours", dispatched('book lab-3 for 2 hours')],
    ['could you please release lab-3', [{ type: 'release.started', testbedName: 'lab-3' }]],
    ['status thanks', [{ type: 'status.requested' }]],
  ])('%j reads as the command inside it', (typed, events) => {
    expect(dispatched(typed)).toEqual(events);
  });

  it('thanks with a word before it is still thanks, and a lone please is no command', () => {
    expect(route(text('ok thanks!'), ctx)).toEqual({ kind: 'reply', view: { kind: 'thanks' } });
    expect(route(text('great, thank you'), ctx)).toEqual({ kind: 'reply', view: { kind: 'thanks' } });
    expect(route(text('many thanks'), ctx)).toEqual({ kind: 'reply', view: { kind: 'thanks' } });
    expect(route(text('please'), ctx)).toEqual({ kind: 'reply', view: { kind: 'hint' } });
  });

  it.each(['thank you bot', 'thanks, bot', 'much appreciated'])('%j is thanks', (typed) => {
    expect(route(text(typed), ctx)).toEqual({ kind: 'reply', view: { kind: 'thanks' } });
  });

  it.each(['admins', 'admins?', 'lab admins', 'make Linus an admin'])('%j asks who the admins are', (typed) => {
    expect(dispatched(typed)).toEqual([{ type: 'admins.asked' }]);
  });

  it('`+1` agrees (a short OK), while `+1h` is an hour more and `later` still answers an offer', () => {
    expect(route(text('+1'), ctx)).toEqual({ kind: 'reply', view: { kind: 'thanks', ack: true } });
    expect(dispatched('+1h')).toEqual([{ type: 'mine.requested', extendMinutes: 60 }]);
    expect(route(text('later'), ctx)).toEqual({ kind: 'reply', view: { kind: 'offerTaken', otherwise: 'hint' } });
  });

  it.each(['ok', 'Okay.', 'got it', 'sounds good', '👍', 'bye', 'goodbye', 'see you tomorrow', 'good night', '👋'])('%j said back gets a short OK, and nothing is started', (typed) => {
    expect(route(text(typed), ctx)).toEqual({ kind: 'reply', view: { kind: 'thanks', ack: true } });
  });

  it.each(['never mind', 'nvm', 'forget it', 'cancel that', 'I changed my mind'])('%j closes the open form, as cancel does', (typed) => {
    expect(route(text(typed), ctx)).toEqual(route(text('cancel'), ctx));
  });

  it('never mind in a 1:1 room closes a form opened there, as cancel does', () => {
    const direct = { ...text('never mind'), roomId: encodeId('ROOM', '0b6f7e2c-1111-4a4a-9999-0000000000dd'), roomType: 'direct' as const };
    expect(route(direct, ctx)).toEqual(route({ ...direct, text: 'cancel' }, ctx));
  });

  it.each([
    ["what's the status of lab-3", [{ type: 'status.requested', label: 'lab-3' }]],
    ['what is the status', [{ type: 'status.requested' }]],
    ['who has the 5G testbed', [{ type: 'status.requested', label: '5G' }]],
    ['who is using a 5g one', [{ type: 'status.requested', label: '5g' }]],
    ['is lab-3 available tomorrow', [{ type: 'status.requested', label: 'lab-3' }]],
    ['will lab-3 be free later today', [{ type: 'status.requested', label: 'lab-3' }]],
    ['which testbeds do I have', [{ type: 'mine.requested' }]],
    ['which ones are mine', [{ type: 'mine.requested' }]],
    ['where is my testbed', [{ type: 'mine.requested' }]],
    ['list free testbeds', [{ type: 'status.requested', label: 'free' }]],
    ['are any free', [{ type: 'status.requested', label: 'free' }]],
    ['let me have lab-3', [{ type: 'registration.started', testbedName: 'lab-3' }]],
    ['let Linus Lab have TB-04', [{ type: 'handOver.started', testbedId: 4, to: 'Linus Lab' }]],
    ['can Linus have lab-3?', [{ type: 'handOver.started', testbedId: 3, to: 'Linus' }]],
    ['Linus can take over lab-3', [{ type: 'handOver.started', testbedId: 3, to: 'Linus' }]],
    ['hand off lab-3 to Linus', [{ type: 'handOver.started', testbedId: 3, to: 'Linus' }]],
    ['someone else can have lab-3', [{ type: 'release.started', testbedName: 'lab-3' }]],
    // `can I have lab-3` books it; nobody in particular is no colleague to hand it to.
    ['can I have lab-3', [{ type: 'registration.started', testbedName: 'lab-3' }]],
  ])('%j reads as the command people mean', (typed, events) => {
    expect(dispatched(typed)).toEqual(events);
  });

  it.each([
    ['lab-3 free?', [{ type: 'status.requested', label: 'lab-3' }]],
    ['lab-3 status', [{ type: 'status.requested', label: 'lab-3' }]],
    ['TB-04 queue', [{ type: 'status.requested', label: 'TB-04' }]],
    ['who owns lab-3', [{ type: 'status.requested', label: 'lab-3' }]],
    ['5g', [{ type: 'status.requested', label: '5g' }]],
    ['5G status', [{ type: 'status.requested', label: '5G' }]],
    ['5g free?', [{ type: 'status.requested', label: '5g' }]],
    ['show me 5g', [{ type: 'status.requested', label: '5g' }]],
    ["what's available in 5g", [{ type: 'status.requested', label: '5g' }]],
    ['how often was lab-3 used', [{ type: 'history.requested', testbedId: 3 }]],
    ['how busy was TB-04 this week', [{ type: 'history.requested', testbedId: 4 }]],
    ['remind me at 5pm to release lab-3', [{ type: 'mine.requested', testbedId: 3, doneBy: '2026-03-02T17:00:00.000Z' }]],
    ['book the first free 5g', [{ type: 'registration.started', testbedName: '5g' }]],
    ['why is lab-3 booked', [{ type: 'status.requested', label: 'lab-3' }]],
    ['what is Linus doing on lab-3', [{ type: 'status.requested', label: 'lab-3' }]],
    ['how much time is left on TB-04', [{ type: 'status.requested', label: 'TB-04' }]],
    ['when is my lab-3 booking due', [{ type: 'status.requested', label: 'lab-3' }]],
    ['when does lab-3 become free', [{ type: 'status.requested', label: 'lab-3' }]],
    ['when is lab-3 due back', [{ type: 'status.requested', label: 'lab-3' }]],
    ['is lab-3 still mine', [{ type: 'status.requested', label: 'lab-3' }]],
    ['do I have lab-3', [{ type: 'status.requested', label: 'lab-3' }]],
    ['how long can I keep TB-04', [{ type: 'status.requested', label: 'TB-04' }]],
    ['when do I have to release lab-3', [{ type: 'status.requested', label: 'lab-3' }]],
    ["I'm using lab-3 for the soak test", [{ type: 'purpose.started', testbedId: 3, purpose: 'the soak test' }]],
    ['lab-3 is for the firmware bisect', [{ type: 'purpose.started', testbedId: 3, purpose: 'the firmware bisect' }]],
    ['who booked lab-3 last', [{ type: 'history.requested', testbedId: 3 }]],
    ['who uses TB-04 the most', [{ type: 'history.requested', testbedId: 4 }]],
    ['report lab-3', [{ type: 'history.requested', testbedId: 3 }]],
    ['history of 5g', [{ type: 'report.requested', days: 7, label: '5g' }]],
    ['report for 5g last month', [{ type: 'report.requested', days: 30, label: '5g' }]],
    ['busiest testbed', [{ type: 'report.requested' }]],
    ['which testbed is used the most', [{ type: 'report.requested' }]],
    ['my bookings last month', [{ type: 'myHistory.requested' }]],
    ['broadcast status', [{ type: 'broadcast.started' }]],
    ['send the status to the team room', [{ type: 'broadcast.started' }]],
    ['announce maintenance', [{ type: 'broadcast.started' }]],
    ['report a bug', [{ type: 'feedback.started' }]],
    // What follows the colon fills the form's box.
    ['bug report: the status card is slow', [{ type: 'feedback.started', text: 'the status card is slow' }]],
    ['feature request: a calendar view', [{ type: 'feedback.started', text: 'a calendar view' }]],
    ['I have some feedback', [{ type: 'feedback.started' }]],
    ['book the next available testbed', [{ type: 'registration.started' }]],
  ])('%j reads as the question (or the booking) it is', (typed, events) => {
    expect(dispatched(typed)).toEqual(events);
  });

  it.each([
    ["book lab-3 when it's free", { type: 'wait', testbedId: 3 }],
    ['book lab-3 when it frees up', { type: 'wait', testbedId: 3 }],
    ["I'll take TB-04 when free", { type: 'wait', testbedId: 4 }],
    ["I want lab-3 as soon as it's available", { type: 'wait', testbedId: 3 }],
    ['can I have lab-3 after you', { type: 'wait', testbedId: 3 }],
    ['reserve lab-3 for me when free', { type: 'wait', testbedId: 3 }],
    ['hold lab-3 for me', { type: 'wait', testbedId: 3 }],
    ["I'm waiting for lab-3", { type: 'wait', testbedId: 3 }],
    ['I need any 5g when one is free', { type: 'waitLabel', label: '5g' }],
  ])('%j takes a place in the queue', (typed, request) => {
    expect(dispatched(typed)).toEqual([{ type: 'lifecycle.submitted', request, now: NOW }]);
  });

  it('a time after `after` is a later start, not a person to wait behind; as soon as possible books now', () => {
    expect(dispatched('book lab-3 after lunch')).toEqual([{ type: 'registration.started', testbedName: 'lab-3', unread: 'after lunch' }]);
    expect(dispatched('book lab-3 after 3pm')).toEqual([{ type: 'registration.started', testbedName: 'lab-3', unread: 'after 3pm' }]);
    expect(dispatched('book lab-3 as soon as possible')).toEqual([{ type: 'registration.started', testbedName: 'lab-3' }]);
    expect(route(text("I'm waiting for the bus"), ctx)).toEqual({ kind: 'reply', view: { kind: 'hint' } });
  });

  it('a word alone is a label only when the lab has it and it is no command; other words after a name stay no command', () => {
    const withCommandLabel = [...testbeds, { id: 5, testbed_name: 'lab-5', labels: ['report'] }];
    const decision = route(text('report'), { ...ctx, testbeds: withCommandLabel, knownTestbedIds: [3, 4, 5] });
    expect(decision.kind === 'dispatch' && decision.targets[0].event).toMatchObject({ type: 'report.requested' });
    expect(route(text('wifi'), ctx)).toEqual({ kind: 'reply', view: { kind: 'hint' } });
    expect(route(text('lab-3 rocks'), ctx)).toEqual({ kind: 'reply', view: { kind: 'hint', testbedId: 3 } });
  });

  it('those words about something that is no testbed or label stay no command', () => {
    for (const typed of ['let it be', 'have fun', 'let Linus have a break', 'why is the sky blue', 'this is for the demo', 'send the invoice', "what's the status of my project"]) expect(route(text(typed), ctx), typed).toEqual({ kind: 'reply', view: { kind: 'hint' } });
  });

  it.each(['I need lab-3', 'can I have lab-3 please', 'could I use lab-3', 'give me lab-3'])('%j opens the register form on lab-3', (typed) => {
    expect(dispatched(typed)).toEqual([{ type: 'registration.started', testbedName: 'lab-3' }]);
  });

  it('asking for a testbed without naming one opens the plain form; other wants are no booking', () => {
    expect(dispatched('I need a testbed')).toEqual([{ type: 'registration.started' }]);
    expect(dispatched('I need any 5g')).toEqual([{ type: 'registration.started', testbedName: '5g' }]);
    expect(route(text('I need coffee'), ctx)).toEqual({ kind: 'reply', view: { kind: 'hint' } });
  });

  it.each(['queue lab-3', 'queue for lab-3', 'queue up for lab-3', 'join the queue for lab-3', 'add me to the waiting list of lab-3', 'get in line for lab-3'])(
    '%j joins the queue for lab-3',
    (typed) => {
      expect(dispatched(typed)).toEqual([{ type: 'wait', testbedId: 3 }].map((request) => ({ type: 'lifecycle.submitted', request, now: NOW })));
    },
  );

  it.each([
    ['who is waiting for lab-3?', 'lab-3'],
    ["who's in the queue for TB-04 SD-WAN pod", 'TB-04 SD-WAN pod'],
    ['queue of lab-3', 'lab-3'],
    ['when do I get lab-3', 'lab-3'],
  ])('%j shows that testbed (%j), its queue on its row', (typed, label) => {
    expect(dispatched(typed)).toEqual([{ type: 'status.requested', label }]);
  });

  it.each([
    'my place in the queue',
    'where am I in the queue?',
    'am I next',
    "what's my position",
    'my queues',
    'am I in any queue?',
    'which queues am I in',
    'what am I waiting for',
    'stop waiting',
    'unwait',
    'leave the queue',
    'leave all my queues',
  ])('%j shows their places in queues, each one to leave', (typed) => {
    expect(dispatched(typed)).toEqual([{ type: 'mine.requested', queues: true }]);
    expect(isCommandText(typed, testbeds)).toBe(true);
  });

  it.each([
    ["what's my place in the queue for lab-3", 'lab-3'],
    ['where am I in line for TB-04', 'TB-04'],
  ])('%j shows that testbed, whose row says the place', (typed, label) => {
    expect(dispatched(typed)).toEqual([{ type: 'status.requested', label }]);
  });

  it('my place in the queue for a testbed the lab does not have is no command', () => {
    expect(route(text("what's my place in the queue for lab-99"), ctx)).toMatchObject({ kind: 'reply', view: { kind: 'hint' } });
  });
});

describe('router: my history', () => {
  it.each(['what do I have?', 'what have I booked', 'what am I holding', 'what have I got right now'])('%j shows the person’s bookings now, not their past ones', (typed) => {
    expect(dispatched(typed)).toEqual([{ type: 'mine.requested' }]);
    expect(isCommandText(typed, testbeds)).toBe(true);
  });

  it.each(['my history', 'show my past bookings', 'what did I book last week?', 'what have I used lately', 'history of mine'])('%j asks for the person’s own past bookings', (typed) => {
    expect(dispatched(typed)).toEqual([{ type: 'myHistory.requested' }]);
    expect(isCommandText(typed, testbeds)).toBe(true);
  });
});

describe('router: a testbed named without a command', () => {
  it('a testbed’s name alone asks for its status; too short a start or other words do not', () => {
    expect(dispatched('TB-04 SD-WAN pod')).toEqual([{ type: 'status.requested', label: 'TB-04 SD-WAN pod' }]);
    expect(dispatched('tb-04')).toEqual([{ type: 'status.requested', label: 'TB-04 SD-WAN pod' }]);
    expect(dispatched('lab-3?')).toEqual([{ type: 'status.requested', label: 'lab-3' }]);
    expect(isCommandText('TB-04', testbeds)).toBe(true);
    expect(route(text('tb'), ctx)).toEqual({ kind: 'reply', view: { kind: 'hint' } });
    expect(route(text('lunch'), ctx)).toEqual({ kind: 'reply', view: { kind: 'hint' } });
  });

  it('status with a name that holds spaces shows that testbed, not the label rules', () => {
    expect(dispatched('status TB-04 SD-WAN pod')).toEqual([{ type: 'status.requested', label: 'TB-04 SD-WAN pod' }]);
    expect(dispatched('status of TB-04 SD-WAN pod')).toEqual([{ type: 'status.requested', label: 'TB-04 SD-WAN pod' }]);
    expect(isCommandText('status TB-04 SD-WAN pod', testbeds)).toBe(true);
    // Words that are neither a label nor a name still get the rules.
    expect(route(text('status of the whole lab today'), ctx)).toMatchObject({ kind: 'reply', view: { kind: 'error' } });
  });
});

describe('router: words the bot does not know, about one testbed', () => {
  const withChamber = [...testbeds, { id: 5, testbed_name: 'Thermal chamber', labels: [] }];
  const lab: RouterContext = { ...ctx, testbeds: withChamber };

  it.each([
    ['does TB-04 smell of smoke?', 4],
    ['anyone seen lab-3 today', 3],
    ["lab-3's console is dead", 3],
    ['the thermal chamber smells odd', 5],
  ])('%j gets a hint about that testbed', (typed, testbedId) => {
    expect(route(text(typed), lab)).toEqual({ kind: 'reply', view: { kind: 'hint', testbedId } });
  });

  it('two testbeds, a plain word that starts a name, or a mistyped command get the plain hint', () => {
    expect(route(text('lab-3 and TB-04 are both down'), lab)).toEqual({ kind: 'reply', view: { kind: 'hint' } });
    // `the` starts only `Thermal chamber`, but it is a plain word, not a name.
    expect(route(text('what is the plan'), lab)).toEqual({ kind: 'reply', view: { kind: 'hint' } });
    // The testbed after the slip goes with the suggestion (`Did you mean status lab-3?`).
    expect(route(text('stauts lab-3 please'), lab)).toEqual({ kind: 'reply', view: { kind: 'hint', suggestion: 'status', testbedId: 3 } });
    expect(route(text('boook lab-3 for 2 hours'), lab)).toEqual({ kind: 'reply', view: { kind: 'hint', suggestion: 'book', testbedId: 3 } });
    expect(route(text('relase the kraken'), lab)).toEqual({ kind: 'reply', view: { kind: 'hint', suggestion: 'release' } });
  });

  it('the hint’s Its status button shows that testbed while it exists, else every testbed', () => {
    const press = (inputs: Record<string, unknown>) => {
      const decision = route({ type: 'cardAction', id: 'a', roomId: LAB, roomType: 'group', personId: ADA, messageId: 'c', inputs, receivedAt: NOW }, lab);
      return decision.kind === 'dispatch' ? decision.targets.map((target) => target.event) : decision;
    };
    expect(press({ action: 'status', status_of: 4 })).toEqual([{ type: 'status.requested', label: 'TB-04 SD-WAN pod' }]);
    expect(press({ action: 'status', status_of: '3' })).toEqual([{ type: 'status.requested', label: 'lab-3' }]);
    expect(press({ action: 'status', status_of: 99 })).toEqual([{ type: 'status.requested' }]);
    // A picker's testbed_id sent along with a plain Status press does not narrow it.
    expect(press({ action: 'status', testbed_id: '3' })).toEqual([{ type: 'status.requested' }]);
    // Release on a hint after a slip (`relase lab-3`) starts the form on it while it exists.
    expect(press({ action: 'release', start_on: 3 })).toEqual([{ type: 'release.started', testbedName: 'lab-3' }]);
    expect(press({ action: 'release', start_on: 99 })).toEqual([{ type: 'release.started' }]);
    expect(press({ action: 'release' })).toEqual([{ type: 'release.started' }]);
  });
});

describe('router: word soup of the bot’s own words', () => {
  const VOCABULARY = [
    'book', 'reserve', 'take', 'release', 'done', 'with', 'finished', "I'm", 'give', 'back', 'for', 'until', 'to', 'by', 'extend', 'history',
    'who', 'had', 'has', 'is', 'free', 'any', 'a', 'the', 'queue', 'wait', 'please', 'now', 'can', 'you', 'I', 'need', 'retire', 'maintenance',
    'force', 'rename', 'add', 'testbed', 'cancel', 'my', 'booking', 'all', 'working?', '2h', '2', 'hours', '18:00', 'tomorrow', 'another', 'hour',
    'lab-3', 'TB-04', 'TB-04 SD-WAN pod', '5g', 'thanks', 'ok', 'join', 'line', 'in', 'of', 'mine', 'when', 'get', 'am', 'next',
    'ask', 'about', 'holder', 'whoever', 'them', 'whether', 'they', 'still', 'using', 'use', 'me', 'remind', 'nudge', 'anyone', 'let', 'know',
    'pass', 'on', 'no', 'decline', "don't", 'any more', 'keep', 'renew', 'queues', 'waiting', 'how many', 'are', 'stats', 'usage', 'report',
    'from', 'starting', 'because', 'through', 'labels', 'tagged', 'described as', 'last', 'used', 'week', 'month',
    'purpose', 'it', 'that one', 'at', 'around', "I'll", 'be', 'will', 'doing', 'up', '4pm', 'soon', 'everything',
    // This round's words: zones, clocks said aloud, hedges, spellings, marks, and the everyday words around them.
    'CET', 'UTC', 'IST', 'UTC+2', 'time', 'five', 'half past', 'quarter to', "o'clock", 'tonight', 'eod', '5ish', 'sharp', 'tmrw', 'untill',
    'for me', 'for us', 'snooze', ',', '(', 'idle', 'overdue', 'most', 'released', 'all yours', 'notified', 'becomes available', 'off',
    'ninety', 'minutes', 'a few', 'or so', 'tops', 'the next', 'first thing', 'need help', 'later', 'or', 'weekly', 'monthly',
    // And the next round's: the menu asked for, more time added, another separator, the colleague still on it.
    'menu', 'start', 'bot', 'monitor', 'longer', 'lab 3', 'lab_3', 'ahead of', 'number', 'took', 'whose', 'running', 'because', ':', '-', 'queue', 'purpose',
    // And this one's: agreement, reminders answered, a plus before a length, a range to noon.
    'yes', 'sure', 'yep', 'not yet', 'almost', 'reminders', 'reminding', '+1h', '+', 'noon', 'midnight', '9am', 'good bot', 'due', 'time left',
    'do I have', 'anything', 'fixed', 'works again', 'enable', 'disable', 'untag', 'dibs', 'waitlist', 'next in line', 'what happened to', 'released', 'log', 'bookings', 'hi', 'hey,', '@', "'", '«', 'book:', 'no,', 'nope,', 'leaderboard', 'stats', 'usage', 'sd-wan', 'tb 4', 'tell everyone', 'notify me', 'share', 'noon', 'after lunch', 'by 14:00', 'need it', 'keep it', 'can Linus have', 'instead', 'later', 'hold it', 'next person', 'not now',
    // And the switch of a booking to another testbed.
    'switch', 'swap', 'move', 'instead of', 'my booking', 'over to', 'testbeds', 'change', 'release', 'and book', 'then', 'can I have',
    // And a person asked about by name.
    'status', 'have', 'does', "'s", '’', 'held by', 'booked', 'got', 'working on', 'everyone',
  ];
  const HEADS = [
    'book', 'release', 'extend', 'history', 'wait', 'retire', 'force release', 'who has', 'free', 'done with', 'I need', 'queue for', 'rename', 'is', 'cancel', 'take',
    'ask', 'ask about', 'ask the holder of', 'nudge', 'remind', 'remind me when', 'is anyone still using', 'does anybody need', 'what can you do',
    'give', 'hand over', 'transfer', 'what do I have', 'unwait any', 'wait any',
    'pass on', 'no thanks', "I don't need", 'I still need', 'keep', 'my queues', 'stop waiting', 'how many are', 'usage report', 'when was',
    'add testbed', 'who used',
    'purpose', 'change the purpose of', "I'll be done with", "what's up with", 'how long until', "who's waiting", 'when will', 'release everything',
    'tell me about', 'info', 'what is', 'show me', 'describe', 'which testbeds have', 'labels', 'list labels', 'labels of', 'edit', 'add label', 'remove label from', 'label',
    'how do I', 'how do I book', 'how can I release', 'how to', 'snooze', 'still need', "I'd like", 'gimme', 'need', 'is anything', 'who has the most',
    'which testbeds are', 'returning', 'I released', 'dm me when', 'maintenance off', 'book a testbed', 'remind me in', 'not done yet',
    'testbed', 'hey testbed', 'show me the', 'add', 'need', 'giving', 'use', 'lock', 'unlock', "I'm taking", 'am I in the queue for',
    'how many are ahead of me for', 'what number am I for', 'ping', 'message', 'who took', "who's got", 'whose is', 'is Linus still using',
    'does Grace still need', 'lab status', 'status report', 'availability', 'show mine', 'quit', 'lab-3 purpose:', 'rename my booking to', 'leave the', 'get me out of the', 'no longer waiting for',
    'switch to', 'switch', 'swap', 'move my booking to', 'change my booking to', 'I want to switch to', 'can I move to', 'exchange', 'book TB-04 instead of', 'release lab-3 and book', 'book TB-04 and release',
    'status', 'status of', 'what does', 'what is', 'which testbeds does', 'bookings of', 'testbeds held by', "what's booked by", 'does', 'show me',
  ];
  const NAMES = ['lab-3', 'TB-04', 'TB-04 SD-WAN pod', '5g'];
  /** A command's first words, perhaps a testbed, then more of the bot's words: the shapes the router reads. */
  const soup = fc
    .tuple(fc.constantFrom(...HEADS), fc.option(fc.constantFrom(...NAMES)), fc.array(fc.constantFrom(...VOCABULARY), { maxLength: 5 }))
    .map(([head, name, rest]) => [head, ...(name === null ? [] : [name]), ...rest]);
  /** A word nobody's lab has: a person's own, which a recording without typed text must not keep. */
  const SECRET = 'Zebrafalcon';

  it('never throws, and every answer is a dispatch or a reply the bot has a card for', () => {
    fc.assert(
      fc.property(soup, fc.boolean(), (words, askedBefore) => {
        // With and without a testbed asked about a moment ago (what `it` refers to).
        const decision = route(text(words.join(' ')), askedBefore ? { ...ctx, recentTestbedId: 4 } : ctx);
        expect(['dispatch', 'reply']).toContain(decision.kind);
        // Every reply the lab room may get (a 1:1 room that is not approved gets directOnly, never the lab room).
        const replies = ['hint', 'error', 'thanks', 'notNeeded', 'offerTaken', 'labels', 'switchForm', 'rules', 'timeZone', 'problems', 'digest', 'problemForm', 'releaseThese', 'theirBookings', 'maintenanceAhead'];
        if (decision.kind === 'reply') expect(replies).toContain(decision.view.kind);
        if (decision.kind === 'dispatch') expect(decision.targets.length).toBeGreaterThan(0);
      }),
      { numRuns: 400 },
    );
  });

  it('text that holds a word of the person’s own is never taken for a command (so a recording blanks it)', () => {
    fc.assert(
      fc.property(soup, fc.nat(), (words, at) => {
        const typed = [...words.slice(0, at % (words.length + 1)), SECRET, ...words.slice(at % (words.length + 1))];
        expect(isCommandText(typed.join(' '), testbeds)).toBe(false);
      }),
      { numRuns: 400 },
    );
  });
});

describe('router: waiting for a label', () => {
  it.each(['wait any 5g', 'wait for a 5g testbed', 'notify me when any 5G is free', 'queue for any 5g', 'remind me when a 5g is free'])(
    '%j waits for any testbed labelled 5g, and is kept in recordings',
    (typed) => {
      expect(dispatched(typed)).toEqual([{ type: 'lifecycle.submitted', request: { type: 'waitLabel', label: typed.includes('5G') ? '5G' : '5g' }, now: NOW }]);
      expect(isCommandText(typed, testbeds)).toBe(true);
    },
  );

  it.each(['unwait any 5g', 'stop waiting for any 5G', 'leave the queue for a 5g testbed'])('%j gives up the places taken for any 5g, and is kept in recordings', (typed) => {
    expect(dispatched(typed)).toEqual([{ type: 'lifecycle.submitted', request: { type: 'unwaitLabel', label: typed.includes('5G') ? '5G' : '5g' }, now: NOW }]);
    expect(isCommandText(typed, testbeds)).toBe(true);
  });

  it.each([
    'wait any',
    'wait for any testbed',
    'wait for the next free testbed',
    'notify me when any testbed is free',
    'wait for a free one',
    'notify me when one is free',
    'tell me when a testbed is free',
    'let me know when one frees up',
    'ping me when something is free',
    'wait for whichever is free first',
    'book any when free',
    "I'll take any testbed when one is free",
    'watch any',
  ])('%j (no testbed or label in particular) waits for whichever testbed is handed on first, and is kept in recordings', (typed) => {
    expect(dispatched(typed)).toEqual([{ type: 'lifecycle.submitted', request: { type: 'waitLabel', label: 'testbed' }, now: NOW }]);
    expect(isCommandText(typed, testbeds)).toBe(true);
  });

  it.each(['unwait any', 'stop waiting for any testbed', 'take me out of the queue for any testbed'])('%j gives up the places taken for any testbed', (typed) => {
    expect(dispatched(typed)).toEqual([{ type: 'lifecycle.submitted', request: { type: 'unwaitLabel', label: 'testbed' }, now: NOW }]);
  });

  it.each([
    'when will a testbed be free',
    'when is the next one free',
    'which testbed frees up first',
    'which one will be free first',
    'when does the next testbed free up',
    'how long until a testbed is free',
    'how soon will one be free',
    "what's the next free testbed",
    'next free testbed?',
    'next available',
    'first available testbed please',
    'what frees up next',
    'when will one be available',
  ])('%j (no testbed in particular) shows what is free, or which is due back first, and is kept in recordings', (typed) => {
    expect(dispatched(typed)).toEqual([{ type: 'status.requested', label: 'free' }]);
    expect(isCommandText(typed, testbeds)).toBe(true);
  });

  it('`when will lab-3 be free` stays about lab-3, and `is any testbed busy` about the busy ones', () => {
    expect(dispatched('when will lab-3 be free')).toEqual([{ type: 'status.requested', label: 'lab-3' }]);
    expect(dispatched('is any testbed busy')).toEqual([{ type: 'status.requested', label: 'in-use' }]);
  });

  it("`I'll wait for the demo` names no testbed: a person's words, answered with the hint and not kept in recordings", () => {
    expect(route(text("I'll wait for the demo"), ctx)).toEqual({ kind: 'reply', view: { kind: 'hint' } });
    expect(isCommandText("I'll wait for the demo", testbeds)).toBe(false);
  });

  it('`notify me`, `wait` and `leave all queues` stay what they were: the status card and their queues', () => {
    expect(dispatched('notify me')).toEqual([{ type: 'status.requested' }]);
    expect(dispatched('wait')).toEqual([{ type: 'status.requested' }]);
    expect(dispatched('leave all queues')).toEqual(dispatched('my queues'));
  });

  it('a label no testbed carries is named as a label, with the one a slip away or the labels in use; a testbed of that name is waited for itself', () => {
    const said = (typed: string, context = ctx) => route(text(typed), context);
    const error = (message: string) => ({ kind: 'reply', view: { kind: 'error', message } });
    expect(said('wait any wifi')).toEqual(error('No testbed has the label wifi. Labels in use: 5G. Nothing was changed.'));
    expect(isCommandText('wait any wifi', testbeds)).toBe(false);
    expect(said('wait for a 5gg testbed')).toEqual(error('No testbed has the label 5gg. Did you mean 5G? Type wait any 5G. Nothing was changed.'));
    expect(said('unwait any 5gh')).toEqual(error('No testbed has the label 5gh. Did you mean 5G? Type unwait any 5G. Nothing was changed.'));
    // Two letters are too few to guess from.
    expect(said('unwait any 4g')).toEqual(error('No testbed has the label 4g. Labels in use: 5G. Nothing was changed.'));
    const unlabelled = { ...ctx, testbeds: [{ id: 4, testbed_name: 'TB-04 SD-WAN pod', labels: [] }], knownTestbedIds: [4] };
    expect(said('wait any wifi', unlabelled)).toEqual(error('No testbed has a label yet, so none is labelled wifi. Type status to see them all. Nothing was changed.'));
    // Words that cannot be a label are still a name no testbed has, and so is a word after `a` alone.
    expect(said('wait any wifi lab')).toEqual(error('No testbed is called “any wifi lab”. Type status to see them all.'));
    expect(said('wait an hour')).toEqual(error('No testbed is called “an hour”. Type status to see them all.'));
    expect(dispatched('wait lab-3')).toEqual([{ type: 'lifecycle.submitted', request: { type: 'wait', testbedId: 3 }, now: NOW }]);
  });

  it('the Wait for any 5g button waits for the label it carries; one no testbed carries any more changes nothing', () => {
    const press = (data: Record<string, unknown>) => {
      const decision = route({ type: 'cardAction', id: 'a', messageId: 'c', roomId: LAB, roomType: 'group', personId: ADA, inputs: data, receivedAt: NOW }, ctx);
      return decision.kind === 'dispatch' ? decision.targets.map((target) => target.event) : decision;
    };
    expect(press({ action: 'wait_label', label: '5G' })).toEqual([{ type: 'lifecycle.submitted', request: { type: 'waitLabel', label: '5G' }, now: NOW }]);
    const gone = { kind: 'reply', view: { kind: 'error', message: 'No testbed carries that label any more. Type status to see the testbeds and their labels.' } };
    expect(press({ action: 'wait_label', label: 'wifi' })).toEqual(gone);
    expect(press({ action: 'wait_label', label: ['5g'] })).toEqual(gone);
    expect(press({ action: 'wait_label' })).toEqual(gone);
    // Leave these queues: the person's own places for the label, whatever the testbeds carry now.
    expect(press({ action: 'unwait_label', label: 'wifi' })).toEqual([{ type: 'lifecycle.submitted', request: { type: 'unwaitLabel', label: 'wifi' }, now: NOW }]);
    expect(press({ action: 'unwait_label', label: 'not a label' })).toEqual({
      kind: 'reply',
      view: { kind: 'error', message: 'That button carries no label. Type mine to see the queues you are in. Nothing was changed.' },
    });
    // Wait for either (several testbeds named): their names as the testbeds have them now; one gone changes nothing.
    expect(press({ action: 'wait_label', label: 'LAB-3\ntb-04 sd-wan pod' })).toEqual([{ type: 'lifecycle.submitted', request: { type: 'waitLabel', label: 'lab-3\nTB-04 SD-WAN pod' }, now: NOW }]);
    expect(press({ action: 'wait_label', label: 'lab-3\nlab-9' })).toEqual({
      kind: 'reply',
      view: { kind: 'error', message: 'One of those testbeds is not there by that name any more. Type status to see the testbeds.' },
    });
    expect(press({ action: 'unwait_label', label: 'lab-3\nlab-9' })).toEqual([{ type: 'lifecycle.submitted', request: { type: 'unwaitLabel', label: 'lab-3\nlab-9' }, now: NOW }]);
  });
});

describe('router: asking to be told when a testbed is free', () => {
  it.each(['notify me when lab-3 becomes available', 'I want to be notified when lab-3 is free', 'dm me when lab-3 is free', 'text me when lab-3 frees up'])(
    '%j takes a place in the queue for lab-3',
    (typed) => {
      expect(dispatched(typed)).toEqual([{ type: 'lifecycle.submitted', request: { type: 'wait', testbedId: 3 }, now: NOW }]);
    },
  );
});

describe('router: asking the holder, and questions about who uses a testbed', () => {
  it.each([
    'ask about lab-3',
    'ask the holder of lab-3',
    'ask whoever has lab-3',
    'nudge lab-3',
    'chase up the owner of lab-3',
    'ask them to release lab-3',
    'please remind the holder about lab-3',
    // The rest of the request after the testbed is not part of its name.
    'ask the holder of lab-3 to release it',
    'ask about lab-3 by 5pm',
  ])('%j asks whoever holds lab-3 whether they still need it, and is kept in recordings', (typed) => {
    expect(dispatched(typed)).toEqual([{ type: 'lifecycle.submitted', request: { type: 'ask', testbedId: 3 }, now: NOW }]);
    expect(isCommandText(typed, testbeds)).toBe(true);
  });

  it.each(['ask Linus to release lab-3 by 5pm', 'ask Linus to release lab-3', 'remind Linus about lab-3', 'ask Linus Lab whether he still needs TB-04 SD-WAN pod', 'ask grace if she is done with lab-3', 'ask Linus for lab-3', 'tell Linus I need lab-3', 'let Linus Lab know we need TB-04 SD-WAN pod back'])(
    '%j asks the holder too, but names a colleague: words a person wrote, not kept',
    (typed) => {
      const decision = dispatched(typed) as Array<{ request: { type: string; testbedId: number } }>;
      expect(decision.map((event) => event.request)).toEqual([{ type: 'ask', testbedId: typed.includes('TB-04') ? 4 : 3 }]);
      expect(isCommandText(typed, testbeds)).toBe(false);
    },
  );

  it('after the testbed, only a time is taken away from an ask: other words stay, and a recording blanks them', () => {
    // Found by the word-soup property: `by` and a person's word after the testbed were dropped, and the text kept.
    expect(isCommandText('ask lab-3 by Zebrafalcon', testbeds)).toBe(false);
    expect(isCommandText('ask about lab-3 by 5pm', testbeds)).toBe(true);
  });

  it('an ask that names no testbed changes nothing and says so; nudge with other words is no ask', () => {
    expect(route(text('ask the holder of lab-33'), ctx)).toEqual({ kind: 'reply', view: { kind: 'error', message: 'No testbed is called “lab-33”. Did you mean lab-3? Type ask about lab-3.' } });
    expect(route(text('ask Linus to release the kraken'), ctx)).toEqual({ kind: 'reply', view: { kind: 'error', message: 'No testbed is called “the kraken”. Type status to see them all.' } });
    expect(route(text('nudge the build'), ctx)).toEqual({ kind: 'reply', view: { kind: 'hint' } });
    expect(isCommandText('ask about lab-9', testbeds)).toBe(false);
  });

  it.each(['remind me when lab-3 is free', 'let me know when lab-3 is back', 'ping me once lab-3 frees up', 'remind me about lab-3'])('%j joins the queue of lab-3, as wait lab-3', (typed) => {
    expect(dispatched(typed)).toEqual(dispatched('wait lab-3'));
    expect(isCommandText(typed, testbeds)).toBe(true);
  });

  it.each(['is anyone still using lab-3?', 'does anybody need lab-3', 'someone on lab-3 right now?', 'is lab-3 still in use', 'who needs TB-04 SD-WAN pod', 'how long have I had lab-3', 'how long is lab-3 booked for?'])(
    '%j shows that testbed, its holder and their buttons',
    (typed) => {
      expect(dispatched(typed)).toEqual([{ type: 'status.requested', label: typed.includes('TB-04') ? 'TB-04 SD-WAN pod' : 'lab-3' }]);
      expect(isCommandText(typed, testbeds)).toBe(true);
    },
  );

  it('`how long has Linus had lab-3` shows it too; the colleague is not read, and a recording blanks the text (it kept the name)', () => {
    expect(dispatched('how long has Linus had lab-3')).toEqual([{ type: 'status.requested', label: 'lab-3' }]);
    expect(isCommandText('how long has Linus had lab-3', testbeds)).toBe(false);
    expect(isCommandText('how long will Linus keep lab-3', testbeds)).toBe(false);
  });

  it.each([
    'tell me about lab-3',
    'what do you know about lab-3?',
    'info lab-3',
    'details of lab-3',
    'lab-3 info',
    'what is lab-3?',
    "what's TB-04 SD-WAN pod",
    'where is TB-04 SD-WAN pod',
    'show me lab-3',
    'describe lab-3',
    'what labels does lab-3 have',
    'labels of lab-3',
  ])('%j shows that testbed (its labels and description with it), never a place in its queue', (typed) => {
    expect(dispatched(typed)).toEqual([{ type: 'status.requested', label: typed.includes('TB-04') ? 'TB-04 SD-WAN pod' : 'lab-3' }]);
    expect(isCommandText(typed, testbeds)).toBe(true);
  });

  it.each([
    ['lab-3 is broken', 'lab-3 is broken'],
    ['lab-3 is still broken', 'lab-3 is still broken'],
    ["lab-3's down again", "lab-3's down again"],
    ['TB-04 SD-WAN pod is not working: no power on slot 2', 'TB-04 SD-WAN pod is not working: no power on slot 2'],
    ["lab-3 won't boot since the update", "lab-3 won't boot since the update"],
    ['lab-3 needs a reboot', 'lab-3 needs a reboot'],
    ['lab-3 keeps rebooting', 'lab-3 keeps rebooting'],
    ['lab-3 has a problem: the fans', 'lab-3 has a problem: the fans'],
    ['lab-3 is really slow today', 'lab-3 is really slow today'],
    ['lab-3 crashed again', 'lab-3 crashed again'],
    ['lab-3 is out of order', 'lab-3 is out of order'],
    ['report lab-3 broken', 'report lab-3 broken'],
    ['there is a problem with lab-3: the fan is loud', 'the fan is loud'],
    ['problem with lab-3 - no power', 'no power'],
    ['report a problem with lab-3', undefined],
    ['there are problems with lab-3', undefined],
    ['issues with lab-3: slow', 'slow'],
    ['something is wrong with TB-04 SD-WAN pod', undefined],
    ['lab-3 not responding', 'lab-3 not responding'],
    ["lab-3 isn't working", "lab-3 isn't working"],
    ['mark lab-3 as broken', 'mark lab-3 as broken'],
    ['flag TB-04 SD-WAN pod as faulty', 'flag TB-04 SD-WAN pod as faulty'],
    ['TB-04 SD-WAN pod isnt responding since noon', 'TB-04 SD-WAN pod isnt responding since noon'],
    ['lab-3 unreachable since noon', 'lab-3 unreachable since noon'],
    ["can't reach lab-3", "can't reach lab-3"],
    ['unable to ssh into TB-04 SD-WAN pod: timeout', 'unable to ssh into TB-04 SD-WAN pod: timeout'],
  ])('%j offers the problem report form for that testbed, its box starting with %j', (typed, text) => {
    const testbedId = typed.includes('TB-04') ? 4 : 3;
    expect(route(text_(typed), ctx)).toEqual({ kind: 'reply', view: { kind: 'problemForm', testbedId, ...(text === undefined ? {} : { text }) } });
    // What is wrong is a person's words: a recording blanks them.
    expect(isCommandText(typed, testbeds)).toBe(false);
  });

  it.each(['lab-3 for the soak', 'lab-3 until the demo', 'lab-3 from 2pm', 'ask for lab-3', 'tell me I need lab-3'])(
    '%j (no time the form reads, a start ahead, nobody to ask) stays the hint about lab-3, not a booking',
    (typed) => {
      expect(route(text_(typed), ctx)).toEqual({ kind: 'reply', view: { kind: 'hint', testbedId: 3 } });
    },
  );

  it('`it is broken` is about the testbed asked about a moment ago; with none, it stays a hint', () => {
    expect(route(text_('it is broken'), { ...ctx, recentTestbedId: 4 })).toEqual({ kind: 'reply', view: { kind: 'problemForm', testbedId: 4, text: 'it is broken' } });
    expect(route(text_("it won't boot"), ctx)).toMatchObject({ kind: 'reply', view: { kind: 'hint' } });
  });

  it.each(['any problems with lab-3?', 'lab-3 problems'])('%j asks about lab-3: its history, which lists the problems reported with it', (typed) => {
    expect(dispatched(typed)).toEqual([{ type: 'history.requested', testbedId: 3 }]);
  });

  it.each(['problems', 'show problems', 'recent problems', 'what is broken?', "what's down", 'any problems?', 'which testbeds are broken'])('%j lists the problems reported lately', (typed) => {
    expect(route(text_(typed), ctx)).toEqual({ kind: 'reply', view: { kind: 'problems' } });
    expect(isCommandText(typed, testbeds)).toBe(true);
  });

  it('a question, or a thing no testbed is called, is no problem report', () => {
    for (const typed of ['is lab-3 down?', 'the coffee machine is broken', 'report a problem with the coffee machine', 'lab-3 is done', "I can't reach Linus", 'is lab-3 not responding?']) {
      expect(route(text_(typed), ctx), typed).not.toMatchObject({ kind: 'reply', view: { kind: 'problemForm' } });
    }
  });

  it('`labels` lists the labels in use; `which testbeds have 5g` shows them; a label nobody carries, or words naming no testbed, stay a hint', () => {
    for (const typed of ['labels', 'list labels', 'show all labels', 'what labels are there?', 'which labels do we have', 'labels in use']) {
      expect(route(text(typed), ctx), typed).toEqual({ kind: 'reply', view: { kind: 'labels' } });
      expect(isCommandText(typed, testbeds), typed).toBe(true);
    }
    for (const typed of ['which testbeds have 5g', 'what testbeds are labelled 5G', 'all testbeds with 5g']) expect(dispatched(typed), typed).toEqual([{ type: 'status.requested', label: typed.slice(-2) }]);
    expect(route(text('which testbeds have wifi'), ctx)).toMatchObject({ kind: 'reply', view: { kind: 'hint' } });
    expect(route(text('tell me about the coffee machine'), ctx)).toMatchObject({ kind: 'reply', view: { kind: 'hint' } });
    expect(route(text('show me the money'), ctx)).toMatchObject({ kind: 'reply', view: { kind: 'hint' } });
  });

  it.each([
    "what's up with lab-3",
    'what is going on with lab-3?',
    'any news on lab-3',
    'what is lab-3 used for',
    "what's TB-04 SD-WAN pod doing",
    'how long until lab-3 is free?',
    'how long do I have to wait for lab-3',
  ])('%j shows that testbed, as who has it', (typed) => {
    expect(dispatched(typed)).toEqual([{ type: 'status.requested', label: typed.includes('TB-04') ? 'TB-04 SD-WAN pod' : 'lab-3' }]);
  });

  it('`who is waiting` with no testbed shows every testbed (each row names who waits); words naming no testbed stay a hint', () => {
    for (const typed of ["who's waiting", 'is anyone waiting?', 'who is in the queue']) expect(dispatched(typed), typed).toEqual([{ type: 'status.requested' }]);
    expect(route(text("what's up with the coffee machine"), ctx)).toMatchObject({ kind: 'reply', view: { kind: 'hint' } });
  });

  it.each([
    ['can I extend?', 'mine'],
    ['when does my booking end', 'mine'],
    ['how much time do I have left', 'mine'],
    ['when do I have to release', 'mine'],
    ['time left', 'mine'],
    ['do I have anything booked', 'mine'],
    ['am I holding anything', 'mine'],
    ['when is it due', 'mine'],
    ['what is my booking', 'mine'],
    ['release my booking', 'release'],
    ['delete my booking', 'release'],
    ['all done', 'release'],
    ['set lab-3 free', 'release lab-3'],
    ['lab-3 is done', 'release lab-3'],
    ['mark TB-04 SD-WAN pod as available', 'release TB-04 SD-WAN pod'],
    ['give lab-3 back', 'release lab-3'],
    ['hand TB-04 SD-WAN pod back', 'release TB-04 SD-WAN pod'],
    ['cancel the lab-3 booking', 'release lab-3'],
    ['cancel my lab-3 reservation', 'release lab-3'],
    ['I give up on lab-3', 'pass lab-3'],
    ['book lab-3 again', 'book again lab-3'],
    ['book lab-3 again for 2 hours', 'book lab-3 for 2 hours'],
    ['rebook lab-3', 'book again lab-3'],
    ['book me lab-3', 'book lab-3'],
    ['book me a testbed', 'book'],
    ['show the queue for lab-3', 'who has lab-3'],
    ['who else wants lab-3', 'who has lab-3'],
    ['how many people are waiting for lab-3', 'who has lab-3'],
    ['who is hogging lab-3', 'who has lab-3'],
    ['is anyone waiting for lab-3', 'who has lab-3'],
    ["who's next for lab-3", 'who has lab-3'],
    ['who is next in line for TB-04 SD-WAN pod', 'who has TB-04 SD-WAN pod'],
    ['tell me about the queue for lab-3', 'who has lab-3'],
    ['show queue', 'status'],
    ['report for last month', 'report 30'],
    ['report last month', 'report 30'],
    ['the waiting list', 'status'],
    ['report this week', 'report'],
    ['show me my history', 'my history'],
    ['what did I book yesterday', 'my history'],
    ['good morning', 'testbed'],
    ['hello bot', 'testbed'],
    ['hi there', 'testbed'],
    // The bot called by name, or its menu asked for: the menu, whenever they type testbed.
    ['testbed please', 'testbed'],
    ['Testbed pls!', 'testbed'],
    ['hey testbed', 'testbed'],
    ['hi testbed bot', 'testbed'],
    ['testbed bot', 'testbed'],
    ['Testbed Monitor', 'testbed'],
    ['hello testbed monitor', 'testbed'],
    ['show me the menu', 'testbed'],
    ['open menu', 'testbed'],
    ['main menu', 'testbed'],
    ['menu please', 'testbed'],
    ['start', 'testbed'],
    ['get started', 'testbed'],
    ['help me', 'help'],
    ['what are the commands', 'help'],
    ['add an hour', 'extend by an hour'],
    ['add 2 hours to lab-3', 'extend lab-3 by 2 hours'],
    ['add a day to my booking', 'extend by a day'],
    ['need lab-3 longer', 'extend lab-3'],
    ['keep it longer', 'extend'],
    ['giving lab-3 back', 'release lab-3'],
    ['handing TB-04 SD-WAN pod back', 'release TB-04 SD-WAN pod'],
    ['am I in the queue for lab-3', 'who has lab-3'],
    ['how many people are ahead of me for lab-3', 'who has lab-3'],
    ['what number am I for TB-04 SD-WAN pod', 'who has TB-04 SD-WAN pod'],
    ['ping the holder of lab-3', 'ask about lab-3'],
    ['ping lab-3', 'ask about lab-3'],
    ['dm the holder of lab-3', 'ask about lab-3'],
    ['ping me about lab-3', 'wait lab-3'],
    ['what can I type', 'help'],
    ['manual', 'help'],
    ['quit', 'cancel'],
    ['exit', 'cancel'],
    ['who took lab-3', 'who has lab-3'],
    ["who's got lab-3", 'who has lab-3'],
    ['whose is lab-3', 'who has lab-3'],
    ["what's running on lab-3", 'who has lab-3'],
    ['is Linus still using lab-3', 'who has lab-3'],
    ['does Grace Hopper still need TB-04 SD-WAN pod', 'who has TB-04 SD-WAN pod'],
    ['lab-3 purpose: firmware soak', 'purpose lab-3 firmware soak'],
    ['update lab-3 purpose to soak', 'purpose lab-3 soak'],
    ["change lab-3's purpose to the soak", 'purpose lab-3 the soak'],
    ['TB-04 SD-WAN pod purpose is the demo', 'purpose TB-04 SD-WAN pod the demo'],
    ['my purpose: the soak', 'purpose the soak'],
    ['rename my booking to the soak', 'purpose the soak'],
    ['leave the lab-3 queue', 'unwait lab-3'],
    ['get me out of the lab-3 queue', 'unwait lab-3'],
    ['drop out of the queue for lab-3', 'unwait lab-3'],
    ['no longer waiting for TB-04 SD-WAN pod', 'unwait TB-04 SD-WAN pod'],
    ["I don't want to wait anymore", 'my queues'],
    ['testbeds with 5g', 'status 5g'],
    ['show testbeds tagged 5g', 'status 5g'],
    ['what has 5g', 'status 5g'],
    ['testbeds that are free', "what's free"],
    ['testbeds in use', 'status in use'],
    ['the testbeds under maintenance', 'status maintenance'],
    ['announce', 'broadcast'],
    ['share the status with the team', 'broadcast'],
    ['notify everyone', 'broadcast'],
    ['tell everyone lab-3 is down', 'broadcast'],
    ['notify me', 'wait'],
    ['notify me when something is free', 'wait any'],
    ['done for today', 'release'],
    ["I'm finished for the day", 'release'],
    ['releasing lab-3', 'release lab-3'],
    ["why can't I book lab-3", 'who has lab-3'],
    ['why cannot I use TB-04', 'who has TB-04'],
    ['am I in the queue', 'my queues'],
    ['am I next', 'my queues'],
    ['how many people are ahead of me', 'my queues'],
    ['I need a testbed urgently', 'book'],
    ['can I get a testbed asap', 'book'],
    ['can someone release a testbed', 'free'],
    ['could anyone free up a testbed please', 'free'],
    ["I'll wait for lab-3", 'wait lab-3'],
    ['I can wait for any testbed', 'wait any'],
    ["I'll wait", 'wait'],
    ["I'm still testing", 'extend'],
    ["who's hogging the testbeds", 'report'],
    ['put me on the waiting list', 'wait'],
    ['waitlist me', 'wait'],
    ['queue me', 'wait'],
    ['any testbed will do', 'book'],
    ["I don't care which one", 'book'],
    ['give me the next one that frees up', 'book'],
    ['is the lab busy', 'status'],
    ['are all the testbeds taken', 'status'],
    ['give all my testbeds back', 'release all'],
    ['hand back everything', 'release all'],
    ['still running tests', 'extend'],
    ['leaderboard', 'report'],
    ['who hogs the testbeds', 'report'],
    ['report for the past 30 days', 'report 30'],
    ['report last 7 days', 'report'],
    ['5g stats', 'report 5g'],
    ['lab-3 usage', 'history lab-3'],
    ['my stats', 'my history'],
    ['what happened to lab-3', 'history lab-3'],
    ['who released lab-3', 'history lab-3'],
    ['when was lab-3 last released', 'history lab-3'],
    ['lab-3 log', 'history lab-3'],
    ['show the activity of TB-04 SD-WAN pod', 'history TB-04 SD-WAN pod'],
    ['all bookings', 'status in use'],
    ['current bookings', 'status in use'],
    ['who booked today', 'status in use'],
    ["I'm next for lab-3", 'wait lab-3'],
    ['next in line for TB-04 SD-WAN pod', 'wait TB-04 SD-WAN pod'],
    ['dibs on lab-3', 'wait lab-3'],
    ['I want lab-3 next', 'wait lab-3'],
    ['lab-3 next please', 'wait lab-3'],
    ['waitlist lab-3', 'wait lab-3'],
    ['add me to the waitlist for lab-3', 'wait lab-3'],
    ['how long is the queue for lab-3', 'who has lab-3'],
    ['waitlist', 'my queues'],
    ['cancel waiting', 'my queues'],
    ['remove me from all queues', 'my queues'],
    ['bug', 'feedback'],
    ['the bot is broken', 'feedback'],
    ['I found a bug', 'feedback'],
    ['undo', 'mine'],
    ['I booked the wrong one', 'mine'],
    ['oops, wrong testbed', 'mine'],
    ["I didn't mean to book that", 'mine'],
    ['release that', 'release'],
    ['cancel that booking', 'release'],
    ['book this one', 'book'],
    ['book that one for 2 hours', 'book for 2 hours'],
    ['dashboard', 'status'],
    ['current status', 'status'],
    ['team status', 'status'],
    ['status report', 'status'],
    ['status update', 'status'],
    ['availability', "what's free"],
    ['check availability', "what's free"],
    ['show me availability', "what's free"],
    ['show mine', 'mine'],
    ['list mine', 'mine'],
    ['my stuff', 'mine'],
    ["what's up", 'testbed'],
    ['howdy', 'testbed'],
    ['gm', 'testbed'],
    ['remind me to release lab-3 in 2 hours', 'release lab-3 in 2 hours'],
    ['remind me to give back TB-04 SD-WAN pod at 5pm', 'release TB-04 SD-WAN pod at 5pm'],
    ['who should I ask for lab-3', 'who has lab-3'],
    ['who do I talk to about TB-04 SD-WAN pod', 'who has TB-04 SD-WAN pod'],
    ["who's in charge of lab-3", 'who has lab-3'],
    ['when can I book lab-3', 'who has lab-3'],
    ['is lab-3 bookable', 'who has lab-3'],
    ['who forgot to release lab-3', 'who has lab-3'],
    ['can I jump the queue for lab-3', 'who has lab-3'],
    ['lab-3 free at 3pm?', 'who has lab-3'],
    ['lab-3 available tomorrow', 'who has lab-3'],
    ['tell Linus I need lab-3', 'ask Linus to release lab-3'],
    ['let Linus know we need lab-3 asap', 'ask Linus to release lab-3'],
    ['ask Linus for lab-3', 'ask Linus to release lab-3'],
    ['release all but lab-3', 'mine'],
    ['release everything except TB-04 SD-WAN pod', 'mine'],
    ['keep lab-3 and release the rest', 'mine'],
    ['lab-3 for 2h', 'book lab-3 for 2h'],
    ['lab-3 till 5pm', 'book lab-3 till 5pm'],
    ['lab-3 tomorrow', 'book lab-3 tomorrow'],
    ['lab-3, 2 hours please', 'book lab-3 for 2 hours'],
    ['TB-04 SD-WAN pod until friday for the soak', 'book TB-04 SD-WAN pod until friday for the soak'],
    ['5g for 2 hours', 'book 5g for 2 hours'],
    ['I need lab-3 urgently', 'book lab-3'],
    ['book lab-3 right away for 2 hours', 'book lab-3 for 2 hours'],
    ['extend lab-3 0930 hrs', 'extend lab-3 until 09:30'],
    ['I need it until friday', 'extend until friday'],
    ['need it for 2 more hours', 'extend 2 hours'],
    ["I'll release it now", 'release it'],
    ["I'm releasing lab-3 shortly", 'release lab-3'],
    ['how long is the wait', 'status'],
    ["who's first in line", 'status'],
    ['who is next in the queue', 'status'],
    ['how many people are waiting', 'status'],
    ['is there a queue', 'status'],
    ["what's the wait time for lab-3", 'who has lab-3'],
    ['is there a queue for TB-04 SD-WAN pod', 'who has TB-04 SD-WAN pod'],
    ["what's due back today", 'status due today'],
    ['what frees up today', 'status due today'],
    ['anything free later today', 'status due today'],
    ['what will be free this afternoon', 'status due today'],
    ['due today', 'status due today'],
    ["what's coming free", 'status due today'],
    ['will anything be free soon', 'status due today'],
    ['status due back today', 'status due today'],
  ])('%j reads as %j', (typed, command) => {
    expect(dispatched(typed)).toEqual(dispatched(command));
  });

  it('`lab status` is the whole lab unless lab is a label or the start of only one testbed\'s name', () => {
    const labs = { ...ctx, testbeds: [{ id: 1, testbed_name: 'lab-1', labels: [] }, { id: 2, testbed_name: 'lab-2', labels: [] }], knownTestbedIds: [1, 2] };
    expect(route(text('lab status'), labs)).toEqual(route(text('status'), labs));
    const labelled = { ...labs, testbeds: [{ id: 1, testbed_name: 'lab-1', labels: ['lab'] }, { id: 2, testbed_name: 'lab-2', labels: [] }] };
    expect(route(text('lab status'), labelled)).toMatchObject({ kind: 'dispatch', targets: [{ event: { type: 'status.requested', label: 'lab' } }] });
    // lab-3 is the only testbed whose name starts with `lab`: its status.
    expect(dispatched('lab status')).toEqual([{ type: 'status.requested', label: 'lab' }]);
  });

  it('`add` reads as more time only with a length and a testbed the lab has (or none): labels, testbeds and queues stay the admin\'s and the queue\'s', () => {
    expect(route(text('add 2 hours to lab-9'), ctx)).toMatchObject({ kind: 'reply', view: { kind: 'hint' } });
    expect(dispatched('add label wifi to lab-3')).toMatchObject([{ type: 'admin.formRequested', task: 'testbed_edit', values: { testbed_id: '3' } }]);
    expect(dispatched('add testbed lab-9')).toMatchObject([{ type: 'admin.formRequested', task: 'testbed_add' }]);
    expect(dispatched('add me to the queue for lab-3')).toEqual(dispatched('wait lab-3'));
  });

  it('`message Linus about lab-3` asks the holder as `ask Linus about lab-3` does, and a recording blanks the colleague; `ping me` alone is no ask', () => {
    expect(dispatched('message Linus about lab-3')).toEqual(dispatched('ask Linus about lab-3'));
    expect(isCommandText('message Linus about lab-3', testbeds)).toBe(false);
    expect(isCommandText('ping lab-3', testbeds)).toBe(true);
    expect(route(text('ping me'), ctx)).toMatchObject({ kind: 'reply', view: { kind: 'hint' } });
    expect(route(text('am I in the queue for lunch'), ctx)).toMatchObject({ kind: 'reply', view: { kind: 'hint' } });
  });

  it('a colleague named in a question about a testbed is blanked in recordings; words that name no testbed stay a hint', () => {
    expect(isCommandText('is Linus still using lab-3', testbeds)).toBe(false);
    expect(isCommandText('does Grace Hopper still need TB-04 SD-WAN pod', testbeds)).toBe(false);
    expect(isCommandText('who took lab-3', testbeds)).toBe(true);
    expect(isCommandText('is anyone still using lab-3', testbeds)).toBe(true);
    for (const typed of ['who took my lunch', 'is it still raining', 'what is on the menu today']) expect(route(text(typed), ctx), typed).toMatchObject({ kind: 'reply', view: { kind: 'hint' } });
  });

  it('a purpose said so is a person\'s words: a recording blanks it; a name no testbed has stays a hint', () => {
    expect(isCommandText('lab-3 purpose: the ACME soak', testbeds)).toBe(false);
    expect(isCommandText('rename my booking to the ACME soak', testbeds)).toBe(false);
    expect(route(text('lab-9 purpose: x'), ctx)).toMatchObject({ kind: 'reply', view: { kind: 'hint' } });
  });

  it('feedback said with its words (`suggestion: …`) is blanked in recordings', () => {
    expect(isCommandText('suggestion: add the ACME view', testbeds)).toBe(false);
  });

  it('courtesy alone, or another word after start, is no menu', () => {
    for (const typed of ['please', 'restart', 'start the soak']) expect(route(text(typed), ctx), typed).toMatchObject({ kind: 'reply', view: { kind: 'hint' } });
    // After the bot's word, a command still is one.
    expect(dispatched('testbed status please')).toEqual(dispatched('status'));
  });

  it('words that name no testbed stay what they were: a hint, not a release', () => {
    expect(route(text('the soak is done'), ctx)).toMatchObject({ kind: 'reply', view: { kind: 'hint' } });
    expect(route(text('set the alarm free'), ctx)).toMatchObject({ kind: 'reply', view: { kind: 'hint' } });
  });

  it.each(['release everything', 'release all of my testbeds'])('%j shows their bookings with Release all mine, as release all', (typed) => {
    expect(dispatched(typed)).toEqual(dispatched('release all'));
  });

  it.each([
    ['give lab-3 to Linus', 3, 'Linus'],
    ['hand lab-3 over to linus@example.com', 3, 'linus@example.com'],
    ['hand over TB-04 SD-WAN pod to Grace Hopper', 4, 'Grace Hopper'],
    ['transfer lab-3 to Grace please', 3, 'Grace'],
    // What follows the colleague is not part of their name: the card shows the release and purpose the booking keeps.
    ['give lab-3 to Linus until friday', 3, 'Linus'],
    ['give lab-3 to Linus for his demo', 3, 'Linus'],
    ['hand lab-3 to Grace Hopper because she needs it', 3, 'Grace Hopper'],
    ['give lab-3 to Linus until 2026-03-04 18:00', 3, 'Linus'],
    // `Till` before no time is part of a name.
    ['give lab-3 to Ben Till Jones', 3, 'Ben Till Jones'],
  ])('%j opens the hand-over card of testbed %i for %j, and a recording blanks the colleague', (typed, testbedId, to) => {
    expect(dispatched(typed)).toEqual([{ type: 'handOver.started', testbedId, to }]);
    expect(isCommandText(typed, testbeds)).toBe(false);
  });

  it('the Hand over button asks for the booking to change hands; a colleague that cannot be read changes nothing', () => {
    const pressed = (inputs: Record<string, unknown>) => route({ type: 'cardAction', id: 'a', roomId: LAB, roomType: 'group', personId: ADA, messageId: 'c', inputs, receivedAt: NOW }, ctx);
    const handed = pressed({ action: 'hand_over', testbed_id: '3', to_email: 'linus@example.com' });
    expect(handed.kind === 'dispatch' && handed.targets[0].event).toEqual({ type: 'lifecycle.submitted', request: { type: 'handOver', testbedId: 3, toEmail: 'linus@example.com' }, now: NOW });
    for (const to_email of ['', 'linus', 'a b@example.com', 'x'.repeat(300) + '@example.com']) {
      expect(pressed({ action: 'hand_over', testbed_id: '3', to_email })).toEqual({
        kind: 'reply',
        view: { kind: 'error', message: 'The colleague could not be read. Type give, the testbed and their email again. Nothing was changed.' },
      });
    }
  });

  it('give and hand keep their other meanings', () => {
    expect(dispatched('give back lab-3')).toEqual([{ type: 'release.started', testbedName: 'lab-3' }]);
    expect(dispatched('give me lab-3')).toEqual([{ type: 'registration.started', testbedName: 'lab-3' }]);
    expect(route(text('give the demo to Grace'), ctx)).toEqual({ kind: 'reply', view: { kind: 'hint' } });
  });

  it.each([
    ['who is overdue', 'overdue'],
    ["what's overdue?", 'overdue'],
    ['show overdue', 'overdue'],
    ['anything overdue?', 'overdue'],
    ["who's late", 'overdue'],
    ['which are busy', 'in-use'],
    ['what is booked right now', 'in-use'],
    ['busy ones', 'in-use'],
    ['anything in maintenance?', 'maintenance'],
    ['free ones', 'free'],
    ['how many are free?', 'free'],
    ['how many testbeds are available right now', 'free'],
    ['how many are overdue', 'overdue'],
    ['how many testbeds are in use', 'in-use'],
  ])('%j shows the testbeds in that state (%s)', (typed, label) => {
    expect(dispatched(typed)).toEqual([{ type: 'status.requested', label }]);
    expect(isCommandText(typed, testbeds)).toBe(true);
  });

  it('is lab-3 overdue shows lab-3; I am done with everything shows their bookings, where Release all mine is; a lone state word is no command', () => {
    expect(dispatched('is lab-3 overdue?')).toEqual([{ type: 'status.requested', label: 'lab-3' }]);
    expect(dispatched("I'm done with everything")).toEqual([{ type: 'mine.requested' }]);
    expect(dispatched('done with all my testbeds')).toEqual([{ type: 'mine.requested' }]);
    expect(route(text('busy'), ctx)).toEqual({ kind: 'reply', view: { kind: 'hint' } });
  });

  it('a question about who uses something that is no testbed stays a hint', () => {
    expect(route(text('is anyone using the coffee machine'), ctx)).toEqual({ kind: 'reply', view: { kind: 'hint' } });
  });

  it.each(['what can you do?', 'how does this work', 'commands', 'How do I use this', 'list commands', 'what commands do you have', 'faq', 'examples', "I'm new here"])('%j shows the help card', (typed) => {
    expect(dispatched(typed)).toEqual([{ type: 'help.requested' }]);
  });
});

describe('router: switching a booking to another testbed', () => {
  it.each([
    ['switch to TB-04', { testbedId: 4 }],
    ['switch lab-3 to TB-04', { testbedId: 4, fromId: 3 }],
    ['switch from lab-3 to tb 4', { testbedId: 4, fromId: 3 }],
    ['swap lab-3 for TB-04', { testbedId: 4, fromId: 3 }],
    ['exchange lab-3 for TB-04', { testbedId: 4, fromId: 3 }],
    ['move my booking to TB-04', { testbedId: 4 }],
    ['move my booking from lab-3 to TB-04', { testbedId: 4, fromId: 3 }],
    ['move my lab-3 booking to TB-04', { testbedId: 4, fromId: 3 }],
    ['move lab-3 to TB-04', { testbedId: 4, fromId: 3 }],
    ['change my booking to TB-04', { testbedId: 4 }],
    ['switch me over to TB-04', { testbedId: 4 }],
    ['can I switch to TB-04?', { testbedId: 4 }],
    ['please switch to TB-04 instead', { testbedId: 4 }],
    ['I want TB-04 instead of lab-3', { testbedId: 4, fromId: 3 }],
    ['release lab-3 and book TB-04', { testbedId: 4, fromId: 3 }],
    ["I'm done with lab-3, can I have TB-04", { testbedId: 4, fromId: 3 }],
    ['give back lab-3 and take TB-04 instead', { testbedId: 4, fromId: 3 }],
    ['book TB-04 and release lab-3', { testbedId: 4, fromId: 3 }],
    ['switch to TB-04 until 5pm', { testbedId: 4, until: '2026-03-02T17:00:00.000Z' }],
    ['switch lab-3 for TB-04 for 2 hours', { testbedId: 4, fromId: 3, until: '2026-03-02T12:00:00.000Z' }],
    ['switch to lab-3, 3 hours', { testbedId: 3, until: '2026-03-02T13:00:00.000Z' }],
    ['switch to TB-04 for the soak until 5pm', { testbedId: 4, until: '2026-03-02T17:00:00.000Z', purpose: 'the soak' }],
    ['switch to TB-04 until 5pm for the soak', { testbedId: 4, until: '2026-03-02T17:00:00.000Z', purpose: 'the soak' }],
    ['switch to lab-3 to friday', { testbedId: 3, until: '2026-03-06T23:59:00.000Z' }],
    ['release lab-3 and book TB-04 SD-WAN pod until tomorrow 9am', { testbedId: 4, fromId: 3, until: '2026-03-03T09:00:00.000Z' }],
    ['move lab-3 to TB-04 for the firmware soak', { testbedId: 4, fromId: 3, purpose: 'the firmware soak' }],
    ['switch to TB-04 for a while', { testbedId: 4 }],
    ['how do I switch to TB-04?', { testbedId: 4 }],
    ['how can I swap lab-3 for TB-04', { testbedId: 4, fromId: 3 }],
  ])('%j: the card that moves the booking with one press', (typed, view) => {
    expect(route(text(typed), ctx)).toEqual({ kind: 'reply', view: { kind: 'switchForm', ...view } });
  });

  it('to a label the lab has: the card picks the first free one when it is drawn', () => {
    expect(route(text('switch to any 5g'), ctx)).toEqual({ kind: 'reply', view: { kind: 'switchForm', label: '5g' } });
    expect(route(text('swap lab-3 for a 5g one'), ctx)).toEqual({ kind: 'reply', view: { kind: 'switchForm', label: '5g', fromId: 3 } });
    expect(route(text('move my booking to a 5g testbed'), ctx)).toEqual({ kind: 'reply', view: { kind: 'switchForm', label: '5g' } });
    expect(route(text('switch to any 5g until 5pm'), ctx)).toEqual({ kind: 'reply', view: { kind: 'switchForm', label: '5g', until: '2026-03-02T17:00:00.000Z' } });
    // A new purpose after the label, with a time or without.
    expect(route(text('switch to any 5g for the soak'), ctx)).toEqual({ kind: 'reply', view: { kind: 'switchForm', label: '5g', purpose: 'the soak' } });
    expect(route(text('switch to a 5g one until 5pm for the soak'), ctx)).toEqual({ kind: 'reply', view: { kind: 'switchForm', label: '5g', until: '2026-03-02T17:00:00.000Z', purpose: 'the soak' } });
    expect(route(text('switch to any 4g'), ctx)).toEqual({ kind: 'reply', view: { kind: 'error', message: 'No testbed is called “any 4g”. Type status to see them all.' } });
  });

  it('a name no testbed has is answered where the words can only be a switch; others stay what they were', () => {
    expect(route(text('switch to lab-33'), ctx)).toEqual({ kind: 'reply', view: { kind: 'error', message: 'No testbed is called “lab-33”. Did you mean lab-3? Type switch to lab-3.' } });
    expect(route(text('move lab-33 to TB-04'), ctx)).toEqual({
      kind: 'reply',
      view: { kind: 'error', message: 'No testbed is called “lab-33”. Did you mean lab-3? Type switch lab-3 to TB-04 SD-WAN pod.' },
    });
    expect(dispatched('move my booking to 18:00')).toEqual([{ type: 'mine.requested', doneBy: '2026-03-02T18:00:00.000Z' }]);
    expect(dispatched('move lab-3 to friday')).toEqual([{ type: 'mine.requested', testbedId: 3, doneBy: '2026-03-06T23:59:00.000Z' }]);
    expect(dispatched('transfer lab-3 to Linus')).toEqual([{ type: 'handOver.started', testbedId: 3, to: 'Linus' }]);
    expect(dispatched('I want TB-04 instead')).toEqual([{ type: 'registration.started', testbedName: 'TB-04' }]);
    expect(route(text('switch off lab-3'), ctx)).toEqual({ kind: 'reply', view: { kind: 'hint', testbedId: 3 } });
    // Two testbeds released, or a name no testbed has after `book`: not a switch.
    expect(dispatched('release lab-3 and book lab-9')).toEqual([{ type: 'release.started', testbedName: 'lab-3 and book lab-9' }]);
  });

  it('words after the testbed that are no time are named, and nothing is chosen', () => {
    const instead = 'Type switch to TB-04 SD-WAN pod until 18:00 (or for 2 hours), or switch to TB-04 SD-WAN pod alone to keep the booking’s expected release.';
    for (const [typed, words] of [['switch to TB-04 until the demo', 'until the demo'], ['switch to TB-04 from monday', 'from monday']]) {
      expect(route(text(typed), ctx)).toEqual({ kind: 'reply', view: { kind: 'error', message: `I could not read “${words}” as a time within 90 days. ${instead}` } });
    }
    // A time the booking form would refuse, said as it says it.
    expect(route(text('move lab-3 to TB-04 for 100 days'), ctx)).toEqual({ kind: 'reply', view: { kind: 'error', message: `Book for at most 90 days (until 2026-05-31 10:00 UTC). ${instead}` } });
  });

  it('a switch asked for with no testbed says how; a lab that labels its switches `switch` gets their status', () => {
    for (const typed of ['switch', 'switch testbeds', 'change testbed', 'move my booking to another testbed', 'can I swap my booking?', 'how do I switch testbeds', 'how can I move my booking to another testbed']) {
      expect(route(text(typed), ctx)).toEqual({
        kind: 'reply',
        view: { kind: 'error', message: expect.stringMatching(/^To move your booking to another testbed, type switch to and its name: switch to lab-3\. It keeps/) },
      });
    }
    expect(route(text('move my booking'), ctx)).toEqual({ kind: 'reply', view: { kind: 'hint' } });
    const switches = { ...ctx, testbeds: [...testbeds, { id: 5, testbed_name: 'core-sw-1', labels: ['switch'] }], knownTestbedIds: [3, 4, 5] };
    expect(route(text('switch'), switches)).toMatchObject({ kind: 'dispatch', targets: [{ event: { type: 'status.requested', label: 'switch' } }] });
  });

  it('is kept in a recording when it names only testbeds', () => {
    expect(isCommandText('switch lab-3 to TB-04', testbeds)).toBe(true);
    expect(isCommandText('move my booking to TB-04', testbeds)).toBe(true);
    expect(isCommandText('switch', testbeds)).toBe(true);
    expect(isCommandText('switch to TB-04 until 5pm', testbeds)).toBe(true);
    expect(isCommandText('release lab-3 and book TB-04 for 2 hours', testbeds)).toBe(true);
    expect(isCommandText('switch to TB-04 until the Zebrafalcon demo', testbeds)).toBe(false);
    expect(isCommandText('switch to TB-04 for the Zebrafalcon soak', testbeds)).toBe(false);
    expect(isCommandText('switch to Zebrafalcon', testbeds)).toBe(false);
    expect(isCommandText('swap lab-3 with Zebrafalcon', testbeds)).toBe(false);
  });
});

describe('router: a person asked about by name', () => {
  // lab-3 held by Linus Lab: `status Linus Lab` can only be that person's bookings.
  const held = [{ ...testbeds[0], status: 'in_use' as const, user_name: 'Linus Lab', user_email: 'linus@example.com' }, testbeds[1]];
  const withHolder: RouterContext = { ...ctx, testbeds: held };
  const routed = dispatched;

  it.each([
    ['what does Linus have', 'Linus'],
    ['What does Linus have booked?', 'Linus'],
    ['what is Linus using', 'Linus'],
    ["what's Linus using right now", 'Linus'],
    ['what’s Linus working on', 'Linus'],
    ['which testbeds does Linus have', 'Linus'],
    ['which testbeds has Linus booked', 'Linus'],
    ['which testbed is Linus on', 'Linus'],
    ['what has Linus got', 'Linus'],
    ['does Linus have a testbed', 'Linus'],
    ['is Linus using anything', 'Linus'],
    ["Linus's bookings", 'Linus'],
    ['Linus’ testbeds', 'Linus'],
    ["show me Linus's testbeds please", 'Linus'],
    ['bookings of Linus Lab', 'Linus Lab'],
    ['testbeds held by Linus', 'Linus'],
    ["what's booked by linus@example.com", 'linus@example.com'],
    ['what is Jean-Luc Picard using', 'Jean-Luc Picard'],
    ["what does O'Neil have", "O'Neil"],
  ])('%j shows the bookings of %j, and a recording blanks the name', (typed, holder) => {
    expect(routed(typed)).toEqual([{ type: 'status.requested', holder }]);
    expect(isCommandText(typed, held)).toBe(false);
  });

  it.each(['what does everyone have', 'what is everybody using', 'does anyone have a testbed', 'is somebody using anything', 'what testbeds do you have', 'which testbeds do we have'])(
    '%j asks about the whole lab: every testbed',
    (typed) => {
      expect(routed(typed)).toEqual([{ type: 'status.requested' }]);
    },
  );

  it('a label or testbed called so is its status; a name with digits is no person (that testbed’s status)', () => {
    const radio: RouterContext = { ...ctx, testbeds: [{ id: 3, testbed_name: 'lab-3', labels: ['radio'] }, { id: 4, testbed_name: 'Shelf', labels: [] }] };
    expect(routed('what does radio have', radio)).toEqual([{ type: 'status.requested', label: 'radio' }]);
    expect(routed('what is shelf using', radio)).toEqual([{ type: 'status.requested', label: 'shelf' }]);
    expect(routed('what does lab-3 have')).toEqual([{ type: 'status.requested', label: 'lab-3' }]);
  });

  it('`status Linus Lab` (no label can be called so) shows their bookings while they hold one, and how to use status otherwise', () => {
    expect(routed('status Linus Lab', withHolder)).toEqual([{ type: 'status.requested', holder: 'Linus Lab' }]);
    expect(routed('status linus@example.com', withHolder)).toEqual([{ type: 'status.requested', holder: 'linus@example.com' }]);
    expect(isCommandText('status Linus Lab', held)).toBe(false);
    expect(routed('status Bob Smith', withHolder)).toMatchObject({ kind: 'reply', view: { kind: 'error' } });
    expect(routed('status Linus Lab')).toMatchObject({ kind: 'reply', view: { kind: 'error' } });
  });

  it.each([
    ['what do I have', [{ type: 'mine.requested' }]],
    ['my bookings', [{ type: 'mine.requested' }]],
    ["what's going on", { kind: 'reply', view: { kind: 'digest' } }],
    ['what is Linus doing on lab-3', [{ type: 'status.requested', label: 'lab-3' }]],
    ['is Linus still using lab-3', [{ type: 'status.requested', label: 'lab-3' }]],
    ['what commands do you have', [{ type: 'help.requested' }]],
  ])('%j stays what it was', (typed, expected) => {
    expect(routed(typed)).toEqual(expected);
  });

  it.each(['what are you working on', 'what does it have', 'what does the demo have', 'what has 5 got', 'bookings for today', 'what did Linus book'])('%j names no person: no person’s bookings', (typed) => {
    const decision = routed(typed);
    expect(JSON.stringify(decision)).not.toContain('"holder"');
  });

  it.each([
    ["extend Linus's booking by 2 hours", [{ type: 'mine.requested', testbedId: 3, extendMinutes: 120 }]],
    ['extend the booking of Linus Lab until 18:00', [{ type: 'mine.requested', testbedId: 3, extendUntil: '2026-03-02T18:00:00.000Z' }]],
    ["extend all of linus's bookings by 2h", [{ type: 'mine.requested', testbedId: 3, extendMinutes: 120 }]],
    ["extend Linus Lab's booking", [{ type: 'mine.requested', testbedId: 3 }]],
    ["release Linus's booking", [{ type: 'release.started', testbedName: 'lab-3' }]],
    ["cancel Linus Lab's testbed", [{ type: 'release.started', testbedName: 'lab-3' }]],
    ["end linus@example.com's booking", [{ type: 'release.started', testbedName: 'lab-3' }]],
    // Their own, by their own name: their bookings.
    ["extend Ada's bookings by 1 hour", [{ type: 'mine.requested', extendMinutes: 60, extendAll: true }]],
    ["release ada's booking", [{ type: 'release.started' }]],
    // Nobody called so: that person's bookings, which says so; a command before the name is no part of it.
    ["extend Grace's booking by 2 hours", [{ type: 'status.requested', holder: 'Grace' }]],
    ["release Grace's booking", [{ type: 'status.requested', holder: 'Grace' }]],
    ["book Linus's testbed", [{ type: 'status.requested', holder: 'Linus' }]],
    ["extend everyone's bookings", [{ type: 'status.requested' }]],
  ])('%j acts on that person’s one booking as on the testbed named', (typed, expected) => {
    expect(routed(typed, withHolder)).toEqual(expected);
    expect(isCommandText(typed, held)).toBe(false);
  });

  it('several of one person’s bookings to extend: their bookings, which offer an admin Extend all of theirs', () => {
    const twice: RouterContext = { ...ctx, testbeds: [held[0], { ...held[0], id: 4, testbed_name: 'TB-04 SD-WAN pod' }] };
    const reply = (view: object) => ({ kind: 'reply', view: { kind: 'theirBookings', holder: 'Linus', ...view } });
    expect(route(text("extend Linus's bookings by 2 hours"), twice)).toEqual(reply({ extendMinutes: 120 }));
    expect(route(text("extend all of Linus's bookings until 18:00"), twice)).toEqual(reply({ extendUntil: '2026-03-02T18:00:00.000Z' }));
    expect(route(text("extend Linus's bookings"), twice)).toEqual(reply({}));
    expect(route(text("extend Linus's bookings until 2020-01-01 10:00"), twice)).toEqual(reply({ extendRefused: { typed: '2020-01-01 10:00', outside: 'passed' } }));
    // Releasing several is still their bookings as status shows them.
    expect(eventsOf(route(text("release Linus's bookings"), twice))).toEqual([{ type: 'status.requested', holder: 'Linus' }]);
    // An admin's button: whose bookings, and by how much or until when; refused when it cannot be read.
    expect(pressed({ action: 'admin_extend_all', holder_email: 'linus@example.com', minutes: '120' })).toEqual([
      { type: 'admin.submitted', request: { type: 'extendAll', holderEmail: 'linus@example.com', minutes: 120 }, now: '2026-03-02T10:00:00.000Z' },
    ]);
    expect(pressed({ action: 'admin_extend_all', holder_email: 'linus@example.com', until: '2026-03-02T18:00:00.000Z' })).toEqual([
      { type: 'admin.submitted', request: { type: 'extendAll', holderEmail: 'linus@example.com', until: '2026-03-02T18:00:00.000Z' }, now: '2026-03-02T10:00:00.000Z' },
    ]);
    expect(pressed({ action: 'admin_extend_all', holder_email: 'linus', minutes: '120' })).toEqual({
      kind: 'reply',
      view: { kind: 'error', message: 'Whose bookings to extend could not be read. Type extend, their name and the time again. Nothing was changed.' },
    });
    expect(pressed({ action: 'admin_extend_all', holder_email: 'linus@example.com', minutes: '0' })).toMatchObject({ kind: 'reply', view: { kind: 'error' } });
  });

  it('in a 1:1 room that is not approved, a colleague’s booking named so says where the bot answers; their own still works', () => {
    const direct = (typed: string) =>
      eventsOf(route({ ...text(typed), roomId: encodeId('ROOM', '0b6f7e2c-1111-4a4a-9999-0000000000d1'), roomType: 'direct' }, withHolder));
    expect(direct("extend Linus's booking by 2 hours")).toEqual({ kind: 'reply', view: { kind: 'directOnly' } });
    expect(direct("release Linus's booking")).toEqual({ kind: 'reply', view: { kind: 'directOnly' } });
    expect(direct("extend Ada's booking by 2 hours")).toEqual([{ type: 'mine.requested', extendMinutes: 120, extendAll: true }]);
  });

  it('a page button of a person’s bookings keeps the person; words that cannot be theirs are dropped', () => {
    expect(pressed({ action: 'status_page', page: 2, holder: 'Linus Lab' })).toEqual([{ type: 'status.requested', page: 2, holder: 'Linus Lab' }]);
    expect(pressed({ action: 'status_page', page: 2, holder: 'x'.repeat(121) })).toEqual([{ type: 'status.requested', page: 2 }]);
    expect(pressed({ action: 'status_page', page: 2, holder: ['Linus'] })).toEqual([{ type: 'status.requested', page: 2 }]);
    expect(pressed({ action: 'status_page', page: 2, label: '5g', holder: 'Linus' })).toEqual([{ type: 'status.requested', page: 2, label: '5g' }]);
  });
});

describe('router: every booking extended at once', () => {
  const asked = (typed: string) => dispatched(typed);

  it.each([
    ['extend all my bookings by 2 hours', { extendMinutes: 120, extendAll: true }],
    ['extend all of my testbeds by a day', { extendMinutes: 1440, extendAll: true }],
    ['extend both by an hour', { extendMinutes: 60, extendAll: true }],
    ['extend both of them until friday', { extendUntil: '2026-03-06T23:59:00.000Z', extendAll: true }],
    ['extend everything until 18:00', { extendUntil: '2026-03-02T18:00:00.000Z', extendAll: true }],
    ['extend all mine until 6pm', { extendUntil: '2026-03-02T18:00:00.000Z', extendAll: true }],
    ['extend my bookings by 30 min', { extendMinutes: 30, extendAll: true }],
    ['extend them all by 2h', { extendMinutes: 120, extendAll: true }],
  ])('%j shows their bookings with a button that extends them all', (typed, expected) => {
    expect(asked(typed)).toEqual([{ type: 'mine.requested', ...expected }]);
    expect(isCommandText(typed, testbeds)).toBe(true);
  });

  it.each([
    ['extend my booking by 2 hours', { extendMinutes: 120 }],
    ['extend mine by an hour', { extendMinutes: 60 }],
    ['extend lab-3 by 2 hours', { testbedId: 3, extendMinutes: 120 }],
    ['extend all', {}],
    ['extend both', {}],
  ])('%j is about one booking, or says no length: no such button', (typed, expected) => {
    expect(asked(typed)).toEqual([{ type: 'mine.requested', ...expected }]);
  });


  it('its button extends every booking of the presser by the length or to the instant it carries, also in a 1:1 room', () => {
    const request = (extension: Record<string, unknown>) => [expect.objectContaining({ request: { type: 'extendAll', ...extension } })];
    expect(pressed({ action: 'extend_all', minutes: '120' })).toEqual(request({ minutes: 120 }));
    expect(pressed({ action: 'extend_all', minutes: 90 })).toEqual(request({ minutes: 90 }));
    expect(pressed({ action: 'extend_all', until: '2026-03-02T18:00:00.000Z' }, 'direct')).toEqual(request({ until: '2026-03-02T18:00:00.000Z' }));
  });

  it.each([
    [{ action: 'extend_all' }, 'Say by how many minutes to extend. Nothing was changed.'],
    [{ action: 'extend_all', minutes: '0' }, 'The extension must be from 1 minute to 90 days. Nothing was changed.'],
    [{ action: 'extend_all', minutes: '1.5' }, 'The extension must be a whole number of minutes. Nothing was changed.'],
    [{ action: 'extend_all', minutes: String(91 * 24 * 60) }, 'The extension must be from 1 minute to 90 days. Nothing was changed.'],
    [{ action: 'extend_all', until: 'friday' }, 'The time to extend to could not be read. Type extend all and the time again. Nothing was changed.'],
    [{ action: 'extend_all', until: ['2026-03-02T18:00:00.000Z'] }, 'The time to extend to could not be read. Type extend all and the time again. Nothing was changed.'],
  ])('%j changes nothing and says what is wrong', (inputs, message) => {
    expect(pressed(inputs)).toEqual({ kind: 'reply', view: { kind: 'error', message } });
  });
});

describe('router: every booking handed over at once', () => {
  it.each([
    ['give all my testbeds to Linus', 'Linus'],
    ['hand everything over to Linus Lab', 'Linus Lab'],
    ['give both to linus@example.com', 'linus@example.com'],
    ['transfer my bookings to Grace Hopper', 'Grace Hopper'],
    ['give them all to Linus', 'Linus'],
    ['give all to Linus', 'Linus'],
    ['hand off all of mine to Linus until friday', 'Linus'],
  ])('%j shows the card that hands every booking to %j; a recording blanks the colleague', (typed, to) => {
    expect(dispatched(typed)).toEqual([{ type: 'handOver.started', all: true, to }]);
    expect(isCommandText(typed, testbeds)).toBe(false);
  });

  it('one testbed named is still that one', () => {
    expect(dispatched('give lab-3 to Linus')).toEqual([{ type: 'handOver.started', testbedId: 3, to: 'Linus' }]);
  });

  it('its button hands every booking of the presser to the email it carries; one that cannot be read changes nothing', () => {
    expect(pressed({ action: 'hand_over_all', to_email: 'linus@example.com' })).toEqual([expect.objectContaining({ request: { type: 'handOverAll', toEmail: 'linus@example.com' } })]);
    const refused = { kind: 'reply', view: { kind: 'error', message: 'The colleague could not be read. Type give all my testbeds to and their email again. Nothing was changed.' } };
    expect(pressed({ action: 'hand_over_all' })).toEqual(refused);
    expect(pressed({ action: 'hand_over_all', to_email: 'Linus' })).toEqual(refused);
    expect(pressed({ action: 'hand_over_all', to_email: ['linus@example.com'] })).toEqual(refused);
  });
});

describe('router: somebody else’s past bookings', () => {
  it.each([
    ['what did Linus book', 'Linus'],
    ['what did Linus book last week', 'Linus'],
    ['what testbeds did Linus use this month?', 'Linus'],
    ['what has Linus booked lately', 'Linus'],
    ["Linus's history", 'Linus'],
    ['history of Linus Lab', 'Linus Lab'],
    ['history Linus', 'Linus'],
    ['past bookings of linus@example.com', 'linus@example.com'],
  ])('%j shows the bookings of %j that ended lately; a recording blanks the name', (typed, person) => {
    expect(dispatched(typed)).toEqual([{ type: 'myHistory.requested', person }]);
    expect(isCommandText(typed, testbeds)).toBe(false);
  });

  it.each([
    ['what has Linus booked', [{ type: 'status.requested', holder: 'Linus' }]],
    ['history lab-3', [{ type: 'history.requested', testbedId: 3 }]],
    ['history lab-33', { kind: 'reply', view: { kind: 'error', message: 'No testbed is called “lab-33”. Did you mean lab-3? Type history lab-3.' } }],
    ['my history', [{ type: 'myHistory.requested' }]],
    ['what did you book', { kind: 'reply', view: { kind: 'hint' } }],
    // Several words after `history` read as a name only when written as one.
    ['history lines skipped', { kind: 'reply', view: { kind: 'error', message: 'No testbed is called “lines skipped”. Type status to see them all.' } }],
  ])('%j stays what it was', (typed, expected) => {
    expect(dispatched(typed)).toEqual(expected);
  });
});

describe('router: several testbeds named for one change', () => {
  const shared = { ...ctx, testbeds: [...testbeds, { id: 5, testbed_name: 'lab-5', labels: [] }], knownTestbedIds: [3, 4, 5] };
  const routed = (typed: string) => dispatched(typed, shared);

  it('`extend lab-3 and lab-5 by 2 hours` keeps the length (or time): their bookings, each with its own button', () => {
    expect(routed('extend lab-3 and lab-5 by 2 hours')).toEqual([{ type: 'mine.requested', extendMinutes: 120 }]);
    expect(routed('extend lab-3, lab-5 until 18:00')).toEqual([{ type: 'mine.requested', extendUntil: '2026-03-02T18:00:00.000Z' }]);
    // Words that are no testbed: as before.
    expect(routed('extend lab-3 and the soak by 2h')).toEqual([{ type: 'mine.requested' }]);
  });

  it('`give lab-3 and lab-5 to Linus` changes nothing and says how: one at a time, or every booking at once', () => {
    expect(routed('give lab-3 and lab-5 to Linus')).toEqual({
      kind: 'reply',
      view: { kind: 'error', message: 'One testbed at a time: type give lab-3 to Linus, then the next. To hand over every booking of yours at once, type give all my testbeds to Linus.' },
    });
    expect(isCommandText('give lab-3 and lab-5 to Linus', shared.testbeds)).toBe(false);
  });
});

describe('router: a testbed as people shorten its name', () => {
  it.each([
    ['wait 3', [{ type: 'lifecycle.submitted', request: { type: 'wait', testbedId: 3 }, now: NOW }]],
    ['wait #4', [{ type: 'lifecycle.submitted', request: { type: 'wait', testbedId: 4 }, now: NOW }]],
    ['history 3', [{ type: 'history.requested', testbedId: 3 }]],
    ['history lab3', [{ type: 'history.requested', testbedId: 3 }]],
    ['history tb04', [{ type: 'history.requested', testbedId: 4 }]],
    ['extend 3 by 1h', [{ type: 'mine.requested', testbedId: 3, extendMinutes: 60 }]],
    ['lab3', [{ type: 'status.requested', label: 'lab-3' }]],
    ['tb4', [{ type: 'status.requested', label: 'TB-04 SD-WAN pod' }]],
  ])('%j is about that testbed: %j', (typed, expected) => {
    expect(dispatched(typed)).toEqual(expected);
  });

  it('the number alone after a command is lab data; given to a person it is still their words', () => {
    expect(dispatched('give 3 to Linus')).toEqual([{ type: 'handOver.started', testbedId: 3, to: 'Linus' }]);
    expect(isCommandText('wait 3', testbeds)).toBe(true);
    expect(isCommandText('book lab3 for 2 hours', testbeds)).toBe(true);
    expect(isCommandText('give 3 to Linus', testbeds)).toBe(false);
  });

  it.each(['take 5', 'I need 2', 'give me 5', 'can I have 3', '3', '100'])('%j in everyday words is a count, not a testbed: no booking', (typed) => {
    expect(dispatched(typed)).toEqual({ kind: 'reply', view: { kind: 'hint' } });
  });
});

describe('router: more everyday words', () => {
  it.each([
    ['drop lab-3', [{ type: 'release.started', testbedName: 'lab-3' }]],
    ['let go of lab-3', [{ type: 'release.started', testbedName: 'lab-3' }]],
    ["I'm dropping TB-04", [{ type: 'release.started', testbedName: 'TB-04' }]],
    ['hold lab-3 for 2 hours', [{ type: 'registration.started', testbedName: 'lab-3', filled: { release_choice: 'custom', release_date: '2026-03-02', release_time: '12:00' } }]],
    ['get me lab-3', [{ type: 'registration.started', testbedName: 'lab-3' }]],
    ['get lab-3', [{ type: 'registration.started', testbedName: 'lab-3' }]],
    ['grab me a 5g testbed', [{ type: 'registration.started', testbedName: '5g' }]],
    ['still using lab-3', [{ type: 'mine.requested', testbedId: 3 }]],
    ['still on lab-3 until 5pm', [{ type: 'mine.requested', testbedId: 3, extendUntil: '2026-03-02T17:00:00.000Z' }]],
    ['how long will Linus have lab-3', [{ type: 'status.requested', label: 'lab-3' }]],
    ['how long will Linus keep lab-3', [{ type: 'status.requested', label: 'lab-3' }]],
    ['when is the next free testbed', [{ type: 'status.requested', label: 'free' }]],
    ["when's the next free one", [{ type: 'status.requested', label: 'free' }]],
    ['book 3 hours', [{ type: 'registration.started', filled: { release_choice: 'custom', release_date: '2026-03-02', release_time: '13:00' } }]],
    ['book 2h for the soak', [{ type: 'registration.started', filled: { release_choice: 'custom', release_date: '2026-03-02', release_time: '12:00', purpose: 'the soak' } }]],
    ['book for 2 hours for the soak', [{ type: 'registration.started', filled: { release_choice: 'custom', release_date: '2026-03-02', release_time: '12:00', purpose: 'the soak' } }]],
    ['book tomorrow 9 to 12', [{ type: 'registration.started', unread: 'tomorrow 9 to 12' }]],
    ['get Linus a testbed', [{ type: 'registration.started', forWho: { words: 'Linus', explicit: true } }]],
    ['lab-3 release', [{ type: 'release.started', testbedName: 'lab-3' }]],
    ['lab-3: book 2h', [{ type: 'registration.started', testbedName: 'lab-3', filled: { release_choice: 'custom', release_date: '2026-03-02', release_time: '12:00' } }]],
    ['lab-3 book for the soak', [{ type: 'registration.started', testbedName: 'lab-3', filled: { purpose: 'the soak' } }]],
    ['lab-3 wait', [{ type: 'lifecycle.submitted', request: { type: 'wait', testbedId: 3 }, now: NOW }]],
    ['lab-3 extend 2 hours', [{ type: 'mine.requested', testbedId: 3, extendMinutes: 120 }]],
    ['release lab-3 to Linus', [{ type: 'handOver.started', testbedId: 3, to: 'Linus' }]],
    ['pass lab-3 on to the next person', [{ type: 'release.started', testbedName: 'lab-3' }]],
    ['release lab-3 to whoever is next', [{ type: 'release.started', testbedName: 'lab-3' }]],
    ['is lab-3 in maintenance', [{ type: 'status.requested', label: 'lab-3' }]],
    ['why is TB-04 under maintenance', [{ type: 'status.requested', label: 'TB-04' }]],
    ['is lab-3 still in maintenance', [{ type: 'status.requested', label: 'lab-3' }]],
    ['when will lab-3 be back from maintenance', [{ type: 'status.requested', label: 'lab-3' }]],
    ["when does lab-3's maintenance end", [{ type: 'status.requested', label: 'lab-3' }]],
    ['when is lab-3 out of maintenance', [{ type: 'status.requested', label: 'lab-3' }]],
    ['when will lab-3 be back', [{ type: 'status.requested', label: 'lab-3' }]],
    ['why is lab-3 down', [{ type: 'status.requested', label: 'lab-3' }]],
    // Said by somebody who does not hold lab-3: its booking until then (from its holder, Done by).
    ['lab-3 is mine until 5', [{ type: 'registration.started', testbedName: 'lab-3', filled: { release_choice: 'custom', release_date: '2026-03-02', release_time: '17:00' } }]],
    ['I have lab-3 till 6pm', [{ type: 'registration.started', testbedName: 'lab-3', filled: { release_choice: 'custom', release_date: '2026-03-02', release_time: '18:00' } }]],
    ["I'm using lab-3", [{ type: 'registration.started', testbedName: 'lab-3' }]],
    ['I am on lab-3 now', [{ type: 'registration.started', testbedName: 'lab-3' }]],
    ['can Linus give me lab-3', [{ type: 'lifecycle.submitted', request: { type: 'ask', testbedId: 3 }, now: NOW }]],
    ['Linus, are you done with lab-3', [{ type: 'lifecycle.submitted', request: { type: 'ask', testbedId: 3 }, now: NOW }]],
    ['Linus are you still using lab-3', [{ type: 'lifecycle.submitted', request: { type: 'ask', testbedId: 3 }, now: NOW }]],
    ['finishing up now', [{ type: 'mine.requested' }]],
    ['wrapping up', [{ type: 'mine.requested' }]],
    ["that's it for today", [{ type: 'mine.requested' }]],
    ["I'm done for the day, release everything", [{ type: 'mine.requested' }]],
    ['done, release all', [{ type: 'mine.requested' }]],
    ['do we have a 5g testbed', [{ type: 'status.requested', label: '5g' }]],
    ['do we have any 5g', [{ type: 'status.requested', label: '5g' }]],
    ['how much did I use the lab this week', [{ type: 'myHistory.requested' }]],
    ['how many hours did I book this month', [{ type: 'myHistory.requested' }]],
    ['history of my bookings', [{ type: 'myHistory.requested' }]],
    ['what was my last booking', [{ type: 'myHistory.requested' }]],
    ['when did I last use lab-3', [{ type: 'history.requested', testbedId: 3 }]],
    ['who had lab-3 before Linus', [{ type: 'history.requested', testbedId: 3 }]],
    ['any overdue bookings', [{ type: 'status.requested', label: 'overdue' }]],
    ['export the report', [{ type: 'report.requested' }]],
    ['csv report', [{ type: 'report.requested' }]],
    // `it` with no testbed asked about lately: the whole lab, not a label called it.
    ['is it free', [{ type: 'status.requested' }]],
    ['who has it', [{ type: 'status.requested' }]],
    ['is lab-3 fixed yet', [{ type: 'status.requested', label: 'lab-3' }]],
    ['is lab-3 back yet', [{ type: 'status.requested', label: 'lab-3' }]],
    ['is lab-3 usable', [{ type: 'status.requested', label: 'lab-3' }]],
    ['is lab-3 ready yet', [{ type: 'status.requested', label: 'lab-3' }]],
    ['when can I use lab-3 again', [{ type: 'status.requested', label: 'lab-3' }]],
    ['lab-3 is under maintenance', [{ type: 'status.requested', label: 'lab-3' }]],
    ['lab-3 still under maintenance', [{ type: 'status.requested', label: 'lab-3' }]],
    ['who put lab-3 in maintenance', [{ type: 'history.requested', testbedId: 3 }]],
    ['who started the maintenance on lab-3', [{ type: 'history.requested', testbedId: 3 }]],
    ['show maintenance', [{ type: 'status.requested', label: 'maintenance' }]],
    ['maintenance status', [{ type: 'status.requested', label: 'maintenance' }]],
    ['maintenance list', [{ type: 'status.requested', label: 'maintenance' }]],
    ['how long do I have left on lab-3', [{ type: 'status.requested', label: 'lab-3' }]],
    ['going home', [{ type: 'mine.requested' }]],
    ["I'm off for the weekend", [{ type: 'mine.requested' }]],
    ['calling it a day', [{ type: 'mine.requested' }]],
    ['release my stuff', [{ type: 'release.started' }]],
    ['how many 5g are free', [{ type: 'status.requested', label: '5g' }]],
    ['who booked the most this month', [{ type: 'report.requested', days: 30 }]],
    ['top users last week', [{ type: 'report.requested' }]],
    ['usage lab-3', [{ type: 'history.requested', testbedId: 3 }]],
    ['book lab-3 all day', [{ type: 'registration.started', testbedName: 'lab-3', filled: { release_choice: 'eod' } }]],
    ['book all week for the soak', [{ type: 'registration.started', filled: { release_choice: 'custom', release_date: '2026-03-06', release_time: '23:59', purpose: 'the soak' } }]],
    ['sign me up for lab-3', [{ type: 'lifecycle.submitted', request: { type: 'wait', testbedId: 3 }, now: NOW }]],
    ['put me down for lab-3', [{ type: 'lifecycle.submitted', request: { type: 'wait', testbedId: 3 }, now: NOW }]],
    ['am I next for lab-3', [{ type: 'status.requested', label: 'lab-3' }]],
    ['accept lab-3', [{ type: 'registration.started', testbedName: 'lab-3' }]],
    ['version', [{ type: 'help.requested' }]],
    ['book again', [{ type: 'registration.started', again: true }]],
    ['same as last time', [{ type: 'registration.started', again: true }]],
    ['book my usual', [{ type: 'registration.started', again: true }]],
    ['rebook', [{ type: 'registration.started', again: true }]],
    ['book lab-3 again', [{ type: 'registration.started', testbedName: 'lab-3', again: true }]],
    ['rebook lab-3', [{ type: 'registration.started', testbedName: 'lab-3', again: true }]],
    // With a time, the time typed; a name no testbed has, as any booking of it.
    ['book lab-3 again for 2 hours', [{ type: 'registration.started', testbedName: 'lab-3', filled: { release_choice: 'custom', release_date: '2026-03-02', release_time: '12:00' } }]],
    ['book lab-9 again', [{ type: 'registration.started', testbedName: 'lab-9' }]],
    ['book me lab-3', [{ type: 'registration.started', testbedName: 'lab-3' }]],
    ['could you get Linus lab-3 for the soak', [{ type: 'registration.started', testbedName: 'lab-3', filled: { purpose: 'the soak' }, forWho: { words: 'Linus', explicit: true, testbedName: 'lab-3', filled: { purpose: 'the soak' } } }]],
  ])('%j: %j', (typed, expected) => {
    expect(dispatched(typed)).toEqual(expected);
  });

  it.each(['lab-3 release notes', 'lab-3 book notes', 'how many 4g are free'])('%j stays a hint about what it names', (typed) => {
    expect(route(text(typed), ctx)).toMatchObject({ kind: 'reply', view: { kind: 'hint' } });
  });

  it('`give it to the next person` still answers an offer (no thanks), with no testbed named; so do `I\'ll pass`, `skip me` and `let someone else go first`', () => {
    for (const typed of ['give it to the next person', "I'll pass", 'skip me', 'let someone else go first']) expect(dispatched(typed), typed).toEqual({ kind: 'reply', view: { kind: 'notNeeded' } });
    // `accept` takes what is held for them, as `yes` does.
    expect(dispatched('accept')).toEqual({ kind: 'reply', view: { kind: 'offerTaken' } });
    expect(dispatched('accept the terms')).toEqual({ kind: 'reply', view: { kind: 'hint' } });
  });

  it.each([
    ['get lab-3 status', [{ type: 'status.requested', label: 'lab-3' }]],
    ['get lab-3 details', [{ type: 'status.requested', label: 'lab-3' }]],
    ['take lab-3 queue', [{ type: 'status.requested', label: 'lab-3' }]],
    ['get lab-3 history', [{ type: 'history.requested', testbedId: 3 }]],
    ['get the status of lab-3', [{ type: 'status.requested', label: 'lab-3' }]],
    ['check the status', [{ type: 'status.requested' }]],
  ])('%j asks about the testbed, it books nothing: %j', (typed, expected) => {
    expect(dispatched(typed)).toEqual(expected);
  });

  it.each(['drop it', 'hold on', 'hold the door', 'get lost', 'get going on lab-3', 'give me 5 minutes', 'I need 2 hours'])('%j books and releases nothing', (typed) => {
    const decision = dispatched(typed);
    expect(JSON.stringify(decision)).not.toMatch(/registration\.started|release\.started/);
  });
});

describe('router: handing over "my testbed"', () => {
  const held = (...ids: number[]): RouterContext => ({
    ...ctx,
    testbeds: [
      { id: 3, testbed_name: 'lab-3', labels: ['5G'], ...(ids.includes(3) ? { status: 'in_use' as const, user_email: 'ADA@example.com', user_name: 'Ada Ops' } : {}) },
      { id: 4, testbed_name: 'TB-04 SD-WAN pod', labels: [], ...(ids.includes(4) ? { status: 'in_use' as const, user_email: 'ada@example.com', user_name: 'Ada Ops' } : {}) },
      { id: 5, testbed_name: 'lab-5', labels: [], status: 'in_use' as const, user_email: 'linus@example.com', user_name: 'Linus Lab' },
    ],
  });

  it('is the one booking she holds (whatever its name), which several or none say instead', () => {
    expect(dispatched('give my testbed to Grace', held(4))).toEqual([{ type: 'handOver.started', testbedId: 4, to: 'Grace' }]);
    expect(dispatched('hand my booking over to Grace', held(3))).toEqual([{ type: 'handOver.started', testbedId: 3, to: 'Grace' }]);
    expect(dispatched('give my testbed to Grace', held(3, 4))).toEqual({
      kind: 'reply',
      view: { kind: 'error', message: 'You hold lab-3 and TB-04 SD-WAN pod: type give lab-3 to Grace for one, or give all my testbeds to Grace for every one.' },
    });
    // Linus's lab-5 is not hers.
    expect(dispatched('give my testbed to Grace', held())).toEqual({
      kind: 'reply',
      view: { kind: 'error', message: 'You hold no testbed right now, so there is nothing to hand over. Type mine to see your bookings.' },
    });
  });
});

describe('router: said as a team says it in the lab room', () => {
  const wait = (testbedId: number) => [{ type: 'lifecycle.submitted', request: { type: 'wait', testbedId }, now: NOW }];
  const twoHours = { release_choice: 'custom', release_date: '2026-03-02', release_time: '12:00' };
  it.each([
    // Taking a testbed, said as it is done.
    ['can I jump on lab-3', [{ type: 'registration.started', testbedName: 'lab-3' }]],
    ["I'm hopping on TB-04", [{ type: 'registration.started', testbedName: 'TB-04' }]],
    ['mind if I use lab-3', [{ type: 'registration.started', testbedName: 'lab-3' }]],
    ['do you mind if I take lab-3 for 2 hours', [{ type: 'registration.started', testbedName: 'lab-3', filled: twoHours }]],
    ["I'm on lab-3 for the next 2 hours", [{ type: 'registration.started', testbedName: 'lab-3', filled: twoHours }]],
    ['using lab-3 till 5', [{ type: 'registration.started', testbedName: 'lab-3', filled: { release_choice: 'custom', release_date: '2026-03-02', release_time: '17:00' } }]],
    ["I'm using lab-3 for 2 hours", [{ type: 'registration.started', testbedName: 'lab-3', filled: twoHours }]],
    ["I'm using lab-3 for the soak for 2 hours", [{ type: 'registration.started', testbedName: 'lab-3', filled: { ...twoHours, purpose: 'the soak' } }]],
    ['urgent: need lab-3', [{ type: 'registration.started', testbedName: 'lab-3' }]],
    // Giving it back, said as done.
    ["I've released lab-3", [{ type: 'release.started', testbedName: 'lab-3' }]],
    ['I returned lab-3', [{ type: 'release.started', testbedName: 'lab-3' }]],
    ['I finished with lab-3', [{ type: 'release.started', testbedName: 'lab-3' }]],
    ["we've finished with TB-04", [{ type: 'release.started', testbedName: 'TB-04' }]],
    ['i am done with my testing', [{ type: 'release.started' }]],
    // Queues.
    ['add me to the lab-3 queue', wait(3)],
    ['join queue lab-3', wait(3)],
    ['reserve lab-3 next', wait(3)],
    ['can I get lab-3 when Linus is done', wait(3)],
    ["where's the queue for lab-3", [{ type: 'status.requested', label: 'lab-3' }]],
    ['what number am I in the queue', [{ type: 'mine.requested', queues: true }]],
    ['queue status', [{ type: 'status.requested' }]],
    // Questions.
    ['is lab-3 reserved', [{ type: 'status.requested', label: 'lab-3' }]],
    ['did I book lab-3', [{ type: 'status.requested', label: 'lab-3' }]],
    ['status of all testbeds', [{ type: 'status.requested' }]],
    ['what is the status of all the testbeds', [{ type: 'status.requested' }]],
    ['status of my testbeds', [{ type: 'mine.requested' }]],
    ['when is my booking up', [{ type: 'mine.requested' }]],
    ["what's left on my booking", [{ type: 'mine.requested' }]],
    ['renew my booking', [{ type: 'mine.requested' }]],
    ['how many hours did I use lab-3', [{ type: 'history.requested', testbedId: 3 }]],
    ['how long was lab-3 booked this week', [{ type: 'history.requested', testbedId: 3 }]],
    ['show me the history of lab-3', [{ type: 'history.requested', testbedId: 3 }]],
    // An admin's.
    ['take lab-3 out of maintenance', [{ type: 'admin.formRequested', task: 'maintenance_end', values: { testbed_id: '3' } }]],
    ['lab-3 is out of maintenance', [{ type: 'admin.formRequested', task: 'maintenance_end', values: { testbed_id: '3' } }]],
  ])('%j: %j', (typed, expected) => {
    expect(dispatched(typed)).toEqual(expected);
  });

  it('a colleague named in a question is not read, and a recording blanks the text; the person themselves is kept', () => {
    expect(isCommandText('who had lab-3 before Linus', testbeds)).toBe(false);
    expect(isCommandText('can Linus give me lab-3', testbeds)).toBe(false);
    expect(isCommandText('Linus, are you done with lab-3', testbeds)).toBe(false);
    expect(isCommandText('who had lab-3 before me', testbeds)).toBe(true);
    expect(isCommandText('when did I last use lab-3', testbeds)).toBe(true);
  });

  it.each(["I'm not using lab-3 any more", "I'm no longer using lab-3", "I've stopped using lab-3", 'nevermind lab-3', 'forget about lab-3'])('%j gives up lab-3, whatever the person has of it (a card, nothing pressed)', (typed) => {
    expect(route(text(typed), ctx)).toEqual({ kind: 'reply', view: { kind: 'notNeeded', testbedId: 3 } });
  });

  it('show history says how to ask, as history does; words that name no testbed stay hints', () => {
    expect(route(text('show history'), ctx)).toEqual(route(text('history'), ctx));
    for (const typed of ['jump on it', 'I am on it', "I'm using the force", 'on hold', 'take the cake out of maintenance', 'join the fun queue', 'how long was the meeting booked'])
      expect(route(text(typed), ctx), typed).toMatchObject({ kind: 'reply', view: { kind: 'hint' } });
    // A purpose alone after the name stays the purpose.
    expect(dispatched("I'm using lab-3 for the soak")).toEqual([{ type: 'purpose.started', testbedId: 3, purpose: 'the soak' }]);
  });
});

describe('router: more said as a team says it', () => {
  it.each([
    ['extend my lab-3 booking by an hour', [{ type: 'mine.requested', testbedId: 3, extendMinutes: 60 }]],
    ['extend booking lab-3 1h', [{ type: 'mine.requested', testbedId: 3, extendMinutes: 60 }]],
    ['hold it till 6', [{ type: 'mine.requested', extendUntil: '2026-03-02T18:00:00.000Z' }]],
    ['hold on to it for another hour', [{ type: 'mine.requested', extendMinutes: 60 }]],
    ['am I first in line', [{ type: 'mine.requested', queues: true }]],
    ['cancel all my waits', [{ type: 'mine.requested', queues: true }]],
    ['unwait all', [{ type: 'mine.requested', queues: true }]],
    ['tell Linus to release lab-3', [{ type: 'lifecycle.submitted', request: { type: 'ask', testbedId: 3 }, now: NOW }]],
    ['is Linus done with lab-3', [{ type: 'status.requested', label: 'lab-3' }]],
    ['book lab-3 purpose: regression until 5', [{ type: 'registration.started', testbedName: 'lab-3', filled: { release_choice: 'custom', release_date: '2026-03-02', release_time: '17:00', purpose: 'regression' }, forWho: { words: 'regression', testbedName: 'lab-3', filled: { release_choice: 'custom', release_date: '2026-03-02', release_time: '17:00' } } }]],
    ['book lab-3 just for today', [{ type: 'registration.started', testbedName: 'lab-3', filled: { release_choice: 'eod' } }]],
    ['book lab-3 starting now', [{ type: 'registration.started', testbedName: 'lab-3' }]],
  ])('%j: %j', (typed, expected) => {
    expect(dispatched(typed)).toEqual(expected);
  });

  it('`can you hold it for 10 more minutes` still answers an offer; a colleague named beside a testbed is blanked in recordings', () => {
    expect(route(text('can you hold it for 10 more minutes'), ctx)).toEqual({ kind: 'reply', view: { kind: 'offerTaken', otherwise: 'hint' } });
    for (const typed of ['is Linus done with lab-3', 'can I get lab-3 when Linus is done', 'tell Linus to release lab-3']) expect(isCommandText(typed, testbeds), typed).toBe(false);
    for (const typed of ['book lab-3 when it’s free', 'book lab-3 just for today', 'hold it till 6', 'extend my lab-3 booking by an hour']) expect(isCommandText(typed, testbeds), typed).toBe(true);
  });
});

describe('router: answers to a reminder, problems and questions said plainly', () => {
  const direct = (typed: string): unknown => eventsOf(route({ ...text(typed), roomId: encodeId('ROOM', '0b6f7e2c-1111-4a4a-9999-0000000000d1'), roomType: 'direct' }, ctx));
  it.each([
    ["no I'm done", [{ type: 'mine.requested' }]],
    ['more time please', [{ type: 'mine.requested' }]],
    ['I need more time on it', [{ type: 'mine.requested' }]],
    ['snooze 30', [{ type: 'mine.requested', extendMinutes: 30 }]],
    ['remind me in 30', [{ type: 'mine.requested', extendMinutes: 30 }]],
    ['remind me tomorrow morning', [{ type: 'mine.requested', extendUntil: '2026-03-03T09:00:00.000Z' }]],
    ['remind me at 4pm', [{ type: 'mine.requested', extendUntil: '2026-03-02T16:00:00.000Z' }]],
  ])('%j said in the 1:1 room after a reminder: %j', (typed, expected) => {
    expect(direct(typed)).toEqual(expected);
  });

  it.each(['lab-3 console is not working', 'the console on lab-3 is not working', 'lab-3 ssh not working', 'lab-3 offline'])('%j reports a problem with lab-3', (typed) => {
    expect(route(text(typed), ctx)).toEqual({ kind: 'reply', view: { kind: 'problemForm', testbedId: 3, text: typed } });
  });

  it.each([
    ['is lab-3 down', [{ type: 'history.requested', testbedId: 3 }]],
    ['is lab-3 working again', [{ type: 'history.requested', testbedId: 3 }]],
    ['does TB-04 work', [{ type: 'history.requested', testbedId: 4 }]],
    ['is lab-3 up for grabs', [{ type: 'status.requested', label: 'lab-3' }]],
    ['lab-3 labels', [{ type: 'status.requested', label: 'lab-3' }]],
    ['how busy is 5g', [{ type: 'report.requested', days: 7, label: '5g' }]],
    ['usage by person', [{ type: 'report.requested' }]],
    ['release lab-3 because Linus left', [{ type: 'release.started', testbedName: 'lab-3' }]],
    ['release lab-3 as soon as possible', [{ type: 'release.started', testbedName: 'lab-3' }]],
    ['I have a suggestion', [{ type: 'feedback.started' }]],
    ['send a message to everyone', [{ type: 'broadcast.started' }]],
    ['announcement: the lab is closed on friday', [{ type: 'broadcast.started' }]],
  ])('%j: %j', (typed, expected) => {
    expect(dispatched(typed)).toEqual(expected);
  });

  it.each(['release lab-3, Linus left', 'release lab-3: run finished', 'release lab-3 - done', 'release lab-3 — the soak hung', 'release lab-3 (finished early)', 'free up TB-04 SD-WAN pod, all done'])(
    '%j: a note after the testbed is not part of its name, and a recording blanks it',
    (typed) => {
      const name = typed.startsWith('free up TB-04') ? 'TB-04 SD-WAN pod' : 'lab-3';
      expect(dispatched(typed)).toEqual([{ type: 'release.started', testbedName: name }]);
      expect(isCommandText(typed, testbeds)).toBe(false);
    },
  );

  it.each(['release lab-3, TB-04', 'release lab-3 and TB-04', "I'm done with lab-3 and TB-04"])('%j: one press releases those of them that are theirs', (typed) => {
    expect(dispatched(typed)).toEqual({ kind: 'reply', view: { kind: 'releaseThese', testbedIds: [3, 4] } });
    // In the 1:1 room, where their reminders arrive: their bookings, whose Release works there.
    const inDirect = route({ ...text(typed), roomId: encodeId('ROOM', '0b6f7e2c-1111-4a4a-9999-0000000000d1'), roomType: 'direct' }, ctx);
    expect(eventsOf(inDirect)).toEqual([{ type: 'mine.requested' }]);
  });

  it('after a mark, a time or courtesy is no note', () => {
    for (const typed of ['release lab-3, 5pm', 'release lab-3, tomorrow', 'release lab-3, at 5', 'release lab-3 - TB-04 and lab-3']) {
      expect(dispatched(typed), typed).toEqual([{ type: 'release.started', testbedName: typed.slice('release '.length) }]);
    }
    for (const typed of ['release lab-3 - thanks', 'release lab-3, please', 'release lab-3: thanks']) {
      expect(dispatched(typed), typed).toEqual([{ type: 'release.started', testbedName: 'lab-3' }]);
      expect(isCommandText(typed, testbeds), typed).toBe(true);
    }
  });

  it('why a testbed is released, and what is announced, are a person’s words: a recording blanks them', () => {
    for (const typed of ['release lab-3 because Linus left', 'announcement: the lab is closed on friday', 'announce the move']) expect(isCommandText(typed, testbeds), typed).toBe(false);
    for (const typed of ['announce maintenance', 'is lab-3 down', 'lab-3 labels']) expect(isCommandText(typed, testbeds), typed).toBe(true);
    // `release lab-3 as planned` and two testbeds after a comma stay what they were.
    expect(dispatched('is the build broken')).toEqual({ kind: 'reply', view: { kind: 'hint' } });
  });
});

describe('router: what happened, when it frees up, and a testbed asked for politely', () => {
  it.each([
    ['will I get a reminder', { kind: 'reply', view: { kind: 'rules' } }],
    // Asked of the bot, not a request to be reminded of something.
    ['will you remind me?', { kind: 'reply', view: { kind: 'rules' } }],
    ['will you remind me before my booking ends', { kind: 'reply', view: { kind: 'rules' } }],
    ['does the bot remind me before my booking ends', { kind: 'reply', view: { kind: 'rules' } }],
    ['am I still in line', [{ type: 'mine.requested', queues: true }]],
    ['am I in the queue', [{ type: 'mine.requested', queues: true }]],
    ['did I lose my place', [{ type: 'mine.requested', queues: true }]],
    ['why did I lose my place in the queue', [{ type: 'mine.requested', queues: true }]],
    ['what happened to my booking', [{ type: 'myHistory.requested' }]],
    ['where did my booking go', [{ type: 'myHistory.requested' }]],
    ['who released my testbed', [{ type: 'myHistory.requested' }]],
    ['is lab-3 ever free', [{ type: 'status.requested', label: 'lab-3' }]],
    ['what time does lab-3 free up', [{ type: 'status.requested', label: 'lab-3' }]],
    ['when does TB-04 free up', [{ type: 'status.requested', label: 'TB-04' }]],
    ['will lab-3 be free by 5', [{ type: 'status.requested', label: 'lab-3' }]],
    ['will lab-3 be free at 5pm', [{ type: 'status.requested', label: 'lab-3' }]],
    ['book lab-3 after Linus is done', [{ type: 'lifecycle.submitted', request: { type: 'wait', testbedId: 3 }, now: NOW }]],
    ['wait for lab-3 after Linus', [{ type: 'lifecycle.submitted', request: { type: 'wait', testbedId: 3 }, now: NOW }]],
    ['done in 10', [{ type: 'mine.requested', doneBy: '2026-03-02T10:10:00.000Z' }]],
    ["I'll be done in 10", [{ type: 'mine.requested', doneBy: '2026-03-02T10:10:00.000Z' }]],
    ["I'll release lab-3 in 20", [{ type: 'mine.requested', testbedId: 3, doneBy: '2026-03-02T10:20:00.000Z' }]],
    ['I need lab-3 for longer', [{ type: 'mine.requested', testbedId: 3 }]],
    ['keep it a bit longer', [{ type: 'mine.requested' }]],
    ['lab-3 please', [{ type: 'registration.started', testbedName: 'lab-3' }]],
    ['please TB-04', [{ type: 'registration.started', testbedName: 'TB-04 SD-WAN pod' }]],
  ])('%j: %j', (typed, expected) => {
    expect(dispatched(typed)).toEqual(expected);
  });

  it.each([
    ['report 5G last month', [{ type: 'report.requested', days: 30, label: '5G' }]],
    ['report of 5g for the last week', [{ type: 'report.requested', days: 7, label: '5g' }]],
    ['report this month', [{ type: 'report.requested', days: 30 }]],
    ['how busy was lab-3 last week', [{ type: 'history.requested', testbedId: 3 }]],
    ['what can I do here', [{ type: 'help.requested' }]],
    ['is lab-3 held by Linus', [{ type: 'status.requested', label: 'lab-3' }]],
    ['is TB-04 booked by a pipeline', [{ type: 'status.requested', label: 'TB-04' }]],
    ['who is holding lab-3 via the API', [{ type: 'status.requested', label: 'lab-3' }]],
    ['is a pipeline using lab-3', [{ type: 'status.requested', label: 'lab-3' }]],
    ['broadcast: lab closed tomorrow', [{ type: 'broadcast.started' }]],
  ])('%j: %j', (typed, expected) => {
    expect(dispatched(typed)).toEqual(expected);
  });

  it.each(['how do I get an API token', 'api token', 'help api', 'is there an api', 'can pipelines book testbeds'])('%j says in one line how pipelines get a token', (typed) => {
    const decision = route(text(typed), ctx);
    expect(decision.kind === 'reply' && decision.view.kind === 'error' && decision.view.message).toMatch(/^Pipelines hold testbeds through the bot’s HTTP API \(\/api\/v1\), each with a token of its own\. The lab’s admins create tokens/);
  });

  it('who is named holding a testbed, and what is broadcast, are a person’s words; a pipeline is not', () => {
    for (const typed of ['is lab-3 held by Linus', 'broadcast: lab closed tomorrow']) expect(isCommandText(typed, testbeds), typed).toBe(false);
    for (const typed of ['is lab-3 held by a pipeline', 'is a pipeline using lab-3', 'broadcast status']) expect(isCommandText(typed, testbeds), typed).toBe(true);
    expect(dispatched('is the cake held by Linus')).toEqual({ kind: 'reply', view: { kind: 'hint' } });
    expect(dispatched('the api is down')).toEqual({ kind: 'reply', view: { kind: 'hint' } });
  });

  it.each([
    ["I'm done, release it", [{ type: 'release.started' }], [{ type: 'mine.requested' }]],
    ['releasing now', [{ type: 'release.started' }], [{ type: 'mine.requested' }]],
    ['I forgot to release, sorry', [{ type: 'release.started' }], [{ type: 'mine.requested' }]],
    ['make it 6pm', [{ type: 'mine.requested', doneBy: '2026-03-02T18:00:00.000Z' }], [{ type: 'mine.requested', doneBy: '2026-03-02T18:00:00.000Z' }]],
    ['push to 6pm', [{ type: 'mine.requested', doneBy: '2026-03-02T18:00:00.000Z' }], [{ type: 'mine.requested', doneBy: '2026-03-02T18:00:00.000Z' }]],
    ['free it', [{ type: 'release.started' }], [{ type: 'mine.requested' }]],
    ['change it to 6pm', [{ type: 'mine.requested', doneBy: '2026-03-02T18:00:00.000Z' }], [{ type: 'mine.requested', doneBy: '2026-03-02T18:00:00.000Z' }]],
    ['change the time to tomorrow', [{ type: 'mine.requested', doneBy: '2026-03-03T10:00:00.000Z' }], [{ type: 'mine.requested', doneBy: '2026-03-03T10:00:00.000Z' }]],
    ["don't remind me", [{ type: 'mine.requested' }], [{ type: 'mine.requested' }]],
    ['mute reminders', [{ type: 'mine.requested' }], [{ type: 'mine.requested' }]],
    ['who is waiting for my testbed', [{ type: 'mine.requested' }], [{ type: 'mine.requested' }]],
    ['will do', { kind: 'reply', view: { kind: 'thanks', ack: true } }, { kind: 'reply', view: { kind: 'thanks', ack: true } }],
  ])('%j, in the lab room and in the 1:1 room where reminders arrive', (typed, inLab, inDirect) => {
    expect(dispatched(typed)).toEqual(inLab);
    expect(eventsOf(route({ ...text(typed), roomId: encodeId('ROOM', '0b6f7e2c-1111-4a4a-9999-0000000000d1'), roomType: 'direct' }, ctx))).toEqual(inDirect);
  });

  it('`give it to Linus`: the hand-over of their one booking, or why not; `give it to me` still takes what is offered', () => {
    const holding = { ...ctx, testbeds: [{ id: 3, testbed_name: 'lab-3', labels: [], status: 'in_use' as const, user_email: 'ada@example.com', user_name: 'Ada Ops' }, { id: 4, testbed_name: 'TB-04 SD-WAN pod', labels: [] }] };
    expect(dispatched('give it to Linus', holding)).toEqual([{ type: 'handOver.started', testbedId: 3, to: 'Linus' }]);
    expect(dispatched('hand it over to Linus', holding)).toEqual([{ type: 'handOver.started', testbedId: 3, to: 'Linus' }]);
    expect(dispatched('give it to Linus')).toEqual({ kind: 'reply', view: { kind: 'error', message: 'You hold no testbed right now, so there is nothing to hand over. Type mine to see your bookings.' } });
    expect(dispatched('give it to me', holding)).toEqual({ kind: 'reply', view: { kind: 'offerTaken' } });
    expect(isCommandText('give it to Linus', testbeds)).toBe(false);
  });

  it('the look-alikes stay what they were', () => {
    expect(dispatched('lab-3')).toEqual([{ type: 'status.requested', label: 'lab-3' }]);
    expect(dispatched('status please')).toEqual([{ type: 'status.requested' }]);
    expect(dispatched('when does the meeting free up')).toEqual({ kind: 'reply', view: { kind: 'hint' } });
    expect(dispatched('when does the next one free up')).toEqual([{ type: 'status.requested', label: 'free' }]);
    expect(dispatched('book lab-3 after lunch')).toEqual([{ type: 'registration.started', testbedName: 'lab-3', unread: 'after lunch' }]);
    // Who a wait comes after is a person's words: a recording blanks them.
    for (const typed of ['book lab-3 after Linus is done', 'wait for lab-3 after Linus']) expect(isCommandText(typed, testbeds), typed).toBe(false);
  });
});

describe('router: the lab at a glance, said plainly', () => {
  it.each([
    ['status lab-3, TB-04', [{ type: 'status.requested', label: 'lab-3, TB-04' }]],
    ['status lab-3 TB-04', [{ type: 'status.requested', label: 'lab-3 TB-04' }]],
    ["what's the status of lab-3 and TB-04", [{ type: 'status.requested', label: 'lab-3 and TB-04' }]],
    ['show me what’s free', [{ type: 'status.requested', label: 'free' }]],
    ['what can I book', [{ type: 'status.requested', label: 'free' }]],
    ['is there anything I can book', [{ type: 'status.requested', label: 'free' }]],
    ['nothing free?', [{ type: 'status.requested', label: 'free' }]],
    ['how long until something frees up', [{ type: 'status.requested', label: 'free' }]],
    ['anything free with 5g', [{ type: 'status.requested', label: '5g' }]],
    ['show free 5g', [{ type: 'status.requested', label: '5g' }]],
    ["who's got the 5g ones", [{ type: 'status.requested', label: '5g' }]],
    ['everything taken?', [{ type: 'status.requested' }]],
    ['overdue', [{ type: 'status.requested', label: 'overdue' }]],
    ['who forgot to release', [{ type: 'status.requested', label: 'overdue' }]],
    ['who has had a testbed for too long', [{ type: 'status.requested', label: 'overdue' }]],
    ['longest booking', [{ type: 'status.requested', label: 'in-use' }]],
    ['most popular testbed', [{ type: 'report.requested' }]],
    ["what's the least used testbed", [{ type: 'report.requested' }]],
    ['how many bookings do I have', [{ type: 'mine.requested' }]],
    ["what's mine", [{ type: 'mine.requested' }]],
    ['my waits', [{ type: 'mine.requested', queues: true }]],
    ['how much have I used this week', [{ type: 'myHistory.requested' }]],
  ])('%j: %j', (typed, expected) => {
    expect(dispatched(typed)).toEqual(expected);
  });

  it('two names of which one is no testbed say so, as one unknown name does', () => {
    expect(dispatched('status lab-3, lab-99')).toMatchObject({ kind: 'reply', view: { kind: 'error' } });
    expect(dispatched('free 4g')).toEqual({ kind: 'reply', view: { kind: 'hint' } });
  });
});

describe('router: offers, hand-overs and a change of mind, said plainly', () => {
  it.each([
    ['I pass', { kind: 'reply', view: { kind: 'notNeeded' } }],
    ['how long do I have to take it', { kind: 'reply', view: { kind: 'offerTaken', otherwise: 'hint' } }],
    ['when does my hold expire', { kind: 'reply', view: { kind: 'offerTaken', otherwise: 'hint' } }],
    ['actually I want lab-3', [{ type: 'registration.started', testbedName: 'lab-3' }]],
    ['lab-3 instead', [{ type: 'registration.started', testbedName: 'lab-3' }]],
    ['any 5g instead', [{ type: 'registration.started', testbedName: '5g' }]],
    ['Linus will take over lab-3', [{ type: 'handOver.started', testbedId: 3, to: 'Linus' }]],
    ['transfer ownership of lab-3 to Linus', [{ type: 'handOver.started', testbedId: 3, to: 'Linus' }]],
    ['assign TB-04 to Grace', [{ type: 'handOver.started', testbedId: 4, to: 'Grace' }]],
    ['make Linus the owner of lab-3', [{ type: 'handOver.started', testbedId: 3, to: 'Linus' }]],
    ['change the owner of lab-3 to Linus', [{ type: 'handOver.started', testbedId: 3, to: 'Linus' }]],
  ])('%j: %j', (typed, expected) => {
    expect(dispatched(typed)).toEqual(expected);
  });

  it('words that name no testbed stay hints, and a colleague handed a testbed is blanked in recordings', () => {
    for (const typed of ['assign the bug to Linus', 'you instead', 'actually']) expect(dispatched(typed), typed).toEqual({ kind: 'reply', view: { kind: 'hint' } });
    for (const typed of ['make Linus the owner of lab-3', 'assign lab-3 to Linus']) expect(isCommandText(typed, testbeds), typed).toBe(false);
  });
});

describe('router: a command wrapped in what people type around it', () => {
  const bookLab3 = [{ type: 'registration.started', testbedName: 'lab-3' }];
  it.each([
    ['`book lab-3`', bookLab3],
    ['**book lab-3**', bookLab3],
    ['_status_', [{ type: 'status.requested' }]],
    ['book lab-3 :)', bookLab3],
    ['book lab-3 ;-)', bookLab3],
    ['!status', [{ type: 'status.requested' }]],
    ['#status', [{ type: 'status.requested' }]],
    ['hey bot status', [{ type: 'status.requested' }]],
    ['hey @testbed book lab-3', bookLab3],
    ['ok so book lab-3', bookLab3],
    ['um, book lab-3', bookLab3],
    ['can i pls book lab-3', bookLab3],
    ['would it be possible to book lab-3', bookLab3],
    ['I was wondering if I could book lab-3', bookLab3],
    ['lab-3 for me please', bookLab3],
  ])('%j: %j', (typed, expected) => {
    expect(dispatched(typed)).toEqual(expected);
  });

  it('the marks alone, a face alone, or a word of filler alone stay what they say', () => {
    for (const typed of ['_', '**', ':)', 'so', 'well', '#3']) expect(dispatched(typed), typed).toEqual({ kind: 'reply', view: { kind: 'hint' } });
    expect(dispatched('thanks :D')).toEqual({ kind: 'reply', view: { kind: 'thanks' } });
    // A face is no purpose.
    expect(dispatched('book lab-3 for the soak :)')).toEqual([{ type: 'registration.started', testbedName: 'lab-3', filled: { purpose: 'the soak' } }]);
  });
});

describe('router: questions about how things work', () => {
  it.each([
    ['help booking', [{ type: 'registration.started' }]],
    ['help me book lab-3', [{ type: 'registration.started', testbedName: 'lab-3' }]],
    ['help with extend', [{ type: 'mine.requested' }]],
    ['help release', [{ type: 'release.started' }]],
    ['help admin', [{ type: 'admins.asked' }]],
    ['help the cat', [{ type: 'help.requested' }]],
    ['help 5g', [{ type: 'help.requested' }]],
    ['who made this bot', [{ type: 'help.requested' }]],
    ["what's new", [{ type: 'help.requested' }]],
  ])('%j: %j', (typed, expected) => {
    expect(dispatched(typed)).toEqual(expected);
  });

  it.each(['help queues', 'what does wait do', 'what is a hold', 'what happens if I don’t release', 'do I get reminded', 'when do reminders come', 'can I book ahead', 'can I reserve in advance', 'can I book two testbeds', 'how many can I book', 'is there a limit'])(
    '%j is answered by the rules card',
    (typed) => {
      expect(dispatched(typed)).toEqual({ kind: 'reply', view: { kind: 'rules' } });
    },
  );

  it('how to book for somebody else is said in one line; naming the colleague still books for them', () => {
    const how = { kind: 'reply', view: { kind: 'error', message: 'To book for a colleague, type book, the testbed and their email or name: book lab-3 for name@example.com. They hold it and get the reminders, and a message says you booked it for them.' } };
    for (const typed of ['can I book for someone else', 'how do I book a testbed for a colleague', 'can I book for my colleague?']) expect(dispatched(typed), typed).toEqual(how);
    expect(dispatched('can I book lab-3 for Linus')).toEqual([{ type: 'registration.started', testbedName: 'lab-3', filled: { purpose: 'Linus' }, forWho: { words: 'Linus', testbedName: 'lab-3' } }]);
  });
});

describe('router: a label or testbed asked about with an article', () => {
  it.each([
    ['who has 5g testbeds', [{ type: 'status.requested', label: '5g' }]],
    ['when will a 5g be free', [{ type: 'status.requested', label: '5g' }]],
    ['when is the next 5g free', [{ type: 'status.requested', label: '5g' }]],
    ['when will the lab-3 be free', [{ type: 'status.requested', label: 'lab-3' }]],
    ['is the TB-04 SD-WAN pod free', [{ type: 'status.requested', label: 'TB-04 SD-WAN pod' }]],
    ['wait for the next 5g', [{ type: 'lifecycle.submitted', request: { type: 'waitLabel', label: '5g' }, now: NOW }]],
    ['wait for the first free 5g', [{ type: 'lifecycle.submitted', request: { type: 'waitLabel', label: '5g' }, now: NOW }]],
    ['book next free 5g', [{ type: 'registration.started', testbedName: '5g' }]],
  ])('%j: %j', (typed, expected) => {
    expect(dispatched(typed)).toEqual(expected);
  });

  it('an article before words that name no label stays as typed', () => {
    expect(dispatched('wait for the next 4g')).toMatchObject({ kind: 'reply', view: { kind: 'error' } });
    expect(dispatched('is the coffee free')).toEqual([{ type: 'status.requested', label: 'the coffee' }]);
  });
});

describe('router: a few more said in passing', () => {
  it.each([
    ["I'll be on lab-3 all afternoon", [{ type: 'registration.started', testbedName: 'lab-3', filled: { release_choice: 'custom', release_date: '2026-03-02', release_time: '17:00' } }]],
    ['anyone mind if I take lab-3', [{ type: 'registration.started', testbedName: 'lab-3' }]],
    ['can someone free up lab-3 for me', [{ type: 'status.requested', label: 'lab-3' }]],
    ['is there a testbed with 5g free now', [{ type: 'status.requested', label: '5g' }]],
    ['reserve something with 5g', [{ type: 'registration.started', testbedName: '5g' }]],
    ['lab-3 free or not', [{ type: 'status.requested', label: 'lab-3' }]],
    ['are you there?', [{ type: 'menu.requested' }]],
    ['ping', [{ type: 'menu.requested' }]],
    ['is the bot working', [{ type: 'menu.requested' }]],
  ])('%j: %j', (typed, expected) => {
    expect(dispatched(typed)).toEqual(expected);
  });

  it('`ping lab-3` still asks its holder; `brb` and `lab-3 back in 10` stay hints', () => {
    expect(dispatched('ping lab-3')).toEqual([{ type: 'lifecycle.submitted', request: { type: 'ask', testbedId: 3 }, now: NOW }]);
    expect(dispatched('brb')).toEqual({ kind: 'reply', view: { kind: 'hint' } });
    expect(dispatched('lab-3 back in 10')).toEqual({ kind: 'reply', view: { kind: 'hint', testbedId: 3 } });
  });
});

describe('router: time left, who is next, extensions, giving back and lab slang', () => {
  const status3 = [{ type: 'status.requested', label: 'lab-3' }];
  const free = [{ type: 'status.requested', label: 'free' }];
  const release3 = [{ type: 'release.started', testbedName: 'lab-3' }];
  it.each([
    // How long it is still booked, and who has it after: its status (the row says both).
    ['time left on lab-3', status3],
    ['remaining time lab-3', status3],
    ['lab-3 time remaining', status3],
    ['how much longer on lab-3', status3],
    ['how much longer will Linus be on lab-3', status3],
    ['how much longer is lab-3 booked', status3],
    ['who will have lab-3 next', status3],
    ['who gets lab-3 after Linus', status3],
    ['who is after Linus on lab-3', status3],
    ['is Linus done with lab-3 yet', status3],
    ['will lab-3 be free soon', status3],
    ['is lab-3 going to be free soon', status3],
    ['lab-3 free soon?', status3],
    ['is lab-3 open', status3],
    ["who's on lab-3 rn", status3],
    ['owner of lab-3', status3],
    ['check lab-3', status3],
    ['can you check on lab-3', status3],
    ['look up lab-3', status3],
    ['find lab-3', status3],
    ['view lab-3', status3],
    ['more about lab-3', status3],
    ['any update on lab-3', status3],
    ['lab-3 update', status3],
    // What is free, said other ways.
    ['count free', free],
    ['number of free testbeds', free],
    ['anything open?', free],
    ["what's open", free],
    ['open testbeds', free],
    ['got anything free', free],
    ['anything I can grab', free],
    ['is there something free for an hour', free],
    ['which testbed should I use', free],
    ['recommend a testbed', free],
    ['any spare testbeds', free],
    ['anything spare', free],
    ['anyone overdue?', [{ type: 'status.requested', label: 'overdue' }]],
    ['count busy', [{ type: 'status.requested', label: 'in-use' }]],
    ['do you have a free 5g', [{ type: 'status.requested', label: '5g' }]],
    ['got a free 5g?', [{ type: 'status.requested', label: '5g' }]],
    ['is there a spare 5g', [{ type: 'status.requested', label: '5g' }]],
    // `box` and `rig` for a testbed.
    ['any 5g box free', [{ type: 'status.requested', label: '5g' }]],
    ['free 5g boxes', [{ type: 'status.requested', label: '5g' }]],
    ['need a 5g box', [{ type: 'registration.started', testbedName: '5g' }]],
    ['need a box for the afternoon', [{ type: 'registration.started', filled: { release_choice: 'custom', release_date: '2026-03-02', release_time: '17:00' } }]],
    // Any one will do: the booking form, what is free in it.
    ['pick one for me', [{ type: 'registration.started' }]],
    ['just give me any', [{ type: 'registration.started' }]],
    ["I'll take anything", [{ type: 'registration.started' }]],
    ['grab the first free one', [{ type: 'registration.started' }]],
    ['book the first available', [{ type: 'registration.started' }]],
    ['book first free', [{ type: 'registration.started' }]],
    ['I need a spare', [{ type: 'registration.started' }]],
    // Given back.
    ['lab-3 up for grabs', release3],
    ['lab-3 is up for grabs', release3],
    ['lab-3 can go', release3],
    ['put lab-3 back in the pool', release3],
    ['let lab-3 go', release3],
    ['lab-3 back to the pool', release3],
    ['back to the pool lab-3', release3],
    ['unreserve lab-3', release3],
    ["I'm leaving, release lab-3", release3],
    ['going home, release lab-3', release3],
    ['drop my booking', [{ type: 'release.started' }]],
    ['release them all', [{ type: 'mine.requested' }]],
    ["I'm giving up lab-3", { kind: 'reply', view: { kind: 'notNeeded', testbedId: 3 } }],
    // More time.
    ['can I get an extension', [{ type: 'mine.requested' }]],
    ['I need an extension', [{ type: 'mine.requested' }]],
    ['extension please', [{ type: 'mine.requested' }]],
    ['I need an extension on lab-3', [{ type: 'mine.requested', testbedId: 3 }]],
    ['more time on lab-3', [{ type: 'mine.requested', testbedId: 3 }]],
    ["I'll keep lab-3 overnight", [{ type: 'mine.requested', testbedId: 3, extendUntil: '2026-03-03T09:00:00.000Z' }]],
    ['is it ok if I keep lab-3 until 6pm', [{ type: 'mine.requested', testbedId: 3, extendUntil: '2026-03-02T18:00:00.000Z' }]],
    // Queues.
    ['count me in for lab-3', [{ type: 'lifecycle.submitted', request: { type: 'wait', testbedId: 3 }, now: NOW }]],
    ["I don't want to wait for lab-3 anymore", [{ type: 'lifecycle.submitted', request: { type: 'unwait', testbedId: 3 }, now: NOW }]],
    ['unsubscribe from lab-3', [{ type: 'lifecycle.submitted', request: { type: 'unwait', testbedId: 3 }, now: NOW }]],
  ])('%j: %j', (typed, expected) => {
    expect(dispatched(typed)).toEqual(expected);
  });

  it('`box` stays a word where it is a name, and a name or purpose typed with it keeps it', () => {
    const boxLab: RouterContext = { ...ctx, testbeds: [...testbeds, { id: 7, testbed_name: 'box', labels: [] }], knownTestbedIds: [3, 4, 7] };
    expect(dispatched('need a box for the afternoon', boxLab)).toEqual([{ type: 'registration.started', testbedName: 'box', filled: { release_choice: 'custom', release_date: '2026-03-02', release_time: '17:00' } }]);
    expect(everydayCommand('add testbed Labelled rig', testbeds)).toBe('add testbed Labelled rig');
    expect(everydayCommand('purpose lab-3 rewiring the rig', testbeds)).toBe('purpose lab-3 rewiring the rig');
  });

  it('`drop it` and `let it go` stay hints: they may be about the conversation', () => {
    expect(dispatched('drop it')).toEqual({ kind: 'reply', view: { kind: 'hint' } });
    expect(dispatched('let it go')).toEqual({ kind: 'reply', view: { kind: 'hint' } });
  });

  it('a colleague named as the one before is not read, and a recording blanks the text', () => {
    expect(isCommandText('who gets lab-3 after Linus', testbeds)).toBe(false);
    expect(isCommandText('who is after Linus on lab-3', testbeds)).toBe(false);
    expect(isCommandText('who will have lab-3 next', testbeds)).toBe(true);
  });
});

describe('router: a wait or a booking for a testbed or any of a label', () => {
  const lab: RouterContext = {
    ...ctx,
    testbeds: [...testbeds, { id: 5, testbed_name: 'lab-5', labels: ['5G'] }],
    knownTestbedIds: [3, 4, 5],
  };
  const waitFor = (label: string) => [{ type: 'lifecycle.submitted', request: { type: 'waitLabel', label }, now: NOW }];

  it.each([
    ['wait for TB-04 or any 5g', 'lab-3\nlab-5\nTB-04 SD-WAN pod'],
    ['notify me when TB-04 or any 5g testbed is free', 'lab-3\nlab-5\nTB-04 SD-WAN pod'],
    ['wait for TB-04 or a 5g box', 'lab-3\nlab-5\nTB-04 SD-WAN pod'],
    ['wait lab-3 or any 5g', 'lab-3\nlab-5'],
  ])('%j waits for whichever of those testbeds is handed on first (%j, the label read now)', (typed, key) => {
    expect(dispatched(typed, lab)).toEqual(waitFor(key));
  });

  it('leaving such a wait names the same testbeds', () => {
    expect(dispatched('unwait TB-04 or any 5g', lab)).toEqual([{ type: 'lifecycle.submitted', request: { type: 'unwaitLabel', label: 'lab-3\nlab-5\nTB-04 SD-WAN pod' }, now: NOW }]);
  });

  it('a booking of a testbed or any of a label starts on the first of them free, in the order typed', () => {
    const busy3: RouterContext = { ...lab, testbeds: lab.testbeds!.map((record) => (record.id === 3 ? { ...record, status: 'in_use' as const, user_email: 'linus@example.com' } : record)) };
    expect(dispatched('I need lab-3 or any other 5g', busy3)).toEqual([{ type: 'registration.started', testbedName: 'lab-5' }]);
    expect(dispatched('book TB-04 or any 5g for the soak', busy3)).toEqual([{ type: 'registration.started', testbedName: 'TB-04 SD-WAN pod', filled: { purpose: 'the soak' } }]);
  });

  it('a label no testbed carries changes nothing and says so', () => {
    expect(dispatched('wait for TB-04 or any 7g', lab)).toEqual({ kind: 'reply', view: { kind: 'error', message: 'No testbed is called “TB-04 or any 7g”. Type status to see them all.' } });
  });

  it('more than ten testbeds in all is refused with what to type instead, and nothing is changed', () => {
    const many = Array.from({ length: 11 }, (_, i) => ({ id: 10 + i, testbed_name: `5g-${i}`, labels: ['5G'] }));
    const big: RouterContext = { ...ctx, testbeds: [...testbeds, ...many], knownTestbedIds: [3, 4, ...many.map((record) => record.id)] };
    expect(dispatched('wait for TB-04 or any 5g', big)).toEqual({
      kind: 'reply',
      view: { kind: 'error', message: '“TB-04 or any 5g” names 13 testbeds, and a wait for whichever is handed on first takes at most 10: wait for the label and for each testbed on their own (wait any and the label, wait and the testbed\'s name). Nothing was changed.' },
    });
  });
});

describe('router: the lab’s clock, and a few words about the bot', () => {
  it.each(['what time zone do you use', 'which timezone', 'timezone', 'time zone', 'what time zone are times in', 'are times in UTC', 'what time is it', "what's the time", 'what day is it', "what's today's date"])(
    '%j is answered by the time-zone card',
    (typed) => {
      expect(dispatched(typed)).toEqual({ kind: 'reply', view: { kind: 'timeZone' } });
    },
  );

  it.each(['set my timezone to Europe/Berlin', 'my timezone is CET', 'change the time zone', 'can you show times in IST', 'use my local time'])(
    '%j gets the time-zone card, which says there is one for the whole lab',
    (typed) => {
      expect(dispatched(typed)).toEqual({ kind: 'reply', view: { kind: 'timeZone', set: true } });
    },
  );

  it.each([
    ['what time is it in IST', 'IST'],
    ["what's the time in Berlin", 'Berlin'],
    ['what time is it now in UTC+5:30', 'UTC+5:30'],
  ])('%j asks about another clock (%j) on the same card', (typed, other) => {
    expect(dispatched(typed)).toEqual({ kind: 'reply', view: { kind: 'timeZone', other } });
  });

  it('is answered in a 1:1 room that is no lab room too, as the rules are', () => {
    const direct: MessageEvent = { ...text('what time zone do you use'), roomId: encodeId('ROOM', '0b6f7e2c-1111-4a4a-9999-0000000000d9'), roomType: 'direct' };
    expect(route(direct, ctx)).toEqual({ kind: 'reply', view: { kind: 'timeZone' } });
  });

  it.each([
    ['k', { kind: 'reply', view: { kind: 'thanks', ack: true } }],
    ["I'm stuck", [{ type: 'help.requested' }]],
    ['how does this bot work', [{ type: 'help.requested' }]],
    ["what's your name", [{ type: 'help.requested' }]],
    ['are you a bot', [{ type: 'help.requested' }]],
    ['bot version', [{ type: 'help.requested' }]],
    ['uptime', [{ type: 'menu.requested' }]],
    ['bot status', [{ type: 'menu.requested' }]],
    ['status of the bot', [{ type: 'menu.requested' }]],
    ['is the lab down', [{ type: 'status.requested' }]],
  ])('%j: %j', (typed, expected) => {
    expect(dispatched(typed)).toEqual(expected);
  });
});

describe('router: answers to a reminder, in the 1:1 room where it arrives', () => {
  const direct = (typed: string): MessageEvent => ({ ...text(typed), roomId: encodeId('ROOM', '0b6f7e2c-1111-4a4a-9999-0000000000d9'), roomType: 'direct' });
  const inDirect = (typed: string) => eventsOf(route(direct(typed), ctx));

  it.each(['done soon', 'not done', 'still going', 'keep going', 'tests still running', 'my tests are still running', 'the build is still running', 'yes still using', 'shut up', 'stop spamming me', 'too many messages', 'mute', 'unsubscribe'])(
    '%j shows their bookings, whose buttons settle the reminders (before, `done soon` opened the release form on a testbed called “soon”)',
    (typed) => {
      expect(inDirect(typed)).toEqual([{ type: 'mine.requested' }]);
      expect(dispatched(typed)).toEqual([{ type: 'mine.requested' }]);
    },
  );

  it.each([
    ['just 10 more minutes', 10],
    ['almost done, 10 more minutes', 10],
    ['a few more minutes', 3],
  ])('%j offers that much more (%d minutes)', (typed, minutes) => {
    expect(inDirect(typed)).toEqual([{ type: 'mine.requested', extendMinutes: minutes }]);
  });

  it.each(["I'm about to release it", 'will release soon', 'will release it shortly', 'all yours', "it's all yours", "it's free now"])(
    '%j is `release it`: their bookings in the 1:1 room (whose Release releases), the release form in a lab room',
    (typed) => {
      expect(inDirect(typed)).toEqual([{ type: 'mine.requested' }]);
      expect(dispatched(typed)).toEqual([{ type: 'release.started' }]);
      expect(everydayCommand(typed, testbeds)).toBe('release it');
    },
  );

  it.each(['not needed', 'no longer needed', "it's not needed any more"])('%j gives up what they have of it, as `I don’t need it` does', (typed) => {
    expect(inDirect(typed)).toEqual(inDirect("I don't need it"));
    expect(inDirect(typed)).toEqual({ kind: 'reply', view: { kind: 'notNeeded' } });
  });

  it('`you can have it` and `let me have it` stay unread: either could take an offer or give a booking back', () => {
    expect(everydayCommand('have it', testbeds)).toBe('have it');
  });
});

describe('router: an admin’s tasks said in everyday words', () => {
  const form = (task: string, values: Record<string, string>, extra: Record<string, unknown> = {}) => [{ type: 'admin.formRequested', task, values, ...extra }];
  const down: RouterContext = {
    ...ctx,
    testbeds: [{ ...testbeds[0], status: 'available', maintenance: { reason: 'fan', until: null, since: '2026-03-01T10:00:00.000Z', by: { email: 'linus@example.com', name: 'Linus Lab' } } }, testbeds[1]],
  };

  it.each([
    ['lab-3 should be called lab-3b', form('testbed_rename', { testbed_id: '3', testbed_name: 'lab-3b' })],
    ['mark lab-3 as 4g', form('testbed_edit', { testbed_id: '3', labels: '5G, 4g' })],
    ['lab-3 description: the big rack', form('testbed_edit', { testbed_id: '3', description: 'the big rack' })],
    ['get rid of lab-3', form('testbed_retire', { testbed_id: '3' })],
    ['we have a new testbed lab-9', form('testbed_add', { testbed_name: 'lab-9' })],
    ['boot Linus from lab-3', form('force_release', { testbed_id: '3' })],
    ['reclaim lab-3', form('force_release', { testbed_id: '3' })],
    ['take back lab-3 from Linus', form('force_release', { testbed_id: '3' })],
    ['offline lab-3', form('maintenance_start', { testbed_id: '3' })],
    ['maintenance mode lab-3', form('maintenance_start', { testbed_id: '3' })],
    ['bring lab-3 online', form('maintenance_end', { testbed_id: '3' })],
    ['online lab-3', form('maintenance_end', { testbed_id: '3' })],
    ['move lab-3 to Grace Hopper', [{ type: 'handOver.started', testbedId: 3, to: 'Grace Hopper' }]],
    ['transfer my lab-3 to ada@example.com', [{ type: 'handOver.started', testbedId: 3, to: 'ada@example.com' }]],
    ['extend Linus on lab-3 by 2 hours', [{ type: 'mine.requested', testbedId: 3, extendMinutes: 120 }]],
    ['give Linus Lab another hour on lab-3', [{ type: 'mine.requested', testbedId: 3, extendMinutes: 60 }]],
    ['who broke lab-3', [{ type: 'history.requested', testbedId: 3 }]],
  ])('%j: %j', (typed, expected) => {
    expect(dispatched(typed)).toEqual(expected);
  });

  it('`mark lab-3 as free` still releases it; `move lab-3 to TB-04 for the soak` still switches; `move lab-3 to friday` is a new time', () => {
    expect(dispatched('mark lab-3 as free')).toEqual([{ type: 'release.started', testbedName: 'lab-3' }]);
    expect(dispatched('move lab-3 to TB-04 for the soak')).toEqual({ kind: 'reply', view: { kind: 'switchForm', testbedId: 4, fromId: 3, purpose: 'the soak' } });
    expect(dispatched('move lab-3 to friday')).toMatchObject([{ type: 'mine.requested', testbedId: 3 }]);
  });

  it('`lab-3 online` and `lab-3 works now` are news only of a testbed under maintenance', () => {
    expect(dispatched('lab-3 online', down)).toEqual(form('maintenance_end', { testbed_id: '3' }, { news: 'fixed' }));
    expect(dispatched('lab-3 works now', down)).toEqual(form('maintenance_end', { testbed_id: '3' }, { news: 'fixed' }));
    const inUse: RouterContext = { ...ctx, testbeds: [{ ...testbeds[0], status: 'in_use', user_email: 'linus@example.com' }, testbeds[1]] };
    expect(dispatched('lab-3 online', inUse)).toEqual({ kind: 'reply', view: { kind: 'hint', testbedId: 3 } });
  });

  it.each(['lab-3 broken', 'lab-3 issue', 'lab-3 bug'])('%j opens the problem form on lab-3, the words kept', (typed) => {
    expect(dispatched(typed)).toEqual({ kind: 'reply', view: { kind: 'problemForm', testbedId: 3, text: typed } });
  });

  it('a colleague named with an extension is not read, and a recording blanks the text', () => {
    expect(isCommandText('extend Linus on lab-3 by 2 hours', testbeds)).toBe(false);
    expect(isCommandText('give Linus 2 more hours on lab-3', testbeds)).toBe(false);
    expect(isCommandText('give me 2 more hours on lab-3', testbeds)).toBe(true);
  });
});

describe('router: a schedule, a calendar and usage asked for', () => {
  const status3 = [{ type: 'status.requested', label: 'lab-3' }];
  it.each([
    ['lab-3 schedule', status3],
    ['schedule for lab-3', status3],
    ['bookings for lab-3', status3],
    ['lab-3 bookings', status3],
    ["lab-3's calendar", status3],
    ['lab-3 this week', status3],
    ['calendar', [{ type: 'status.requested' }]],
    ['show the calendar', [{ type: 'status.requested' }]],
    ['upcoming bookings', [{ type: 'status.requested' }]],
    ['bookings this week', [{ type: 'report.requested' }]],
    ['team usage', [{ type: 'report.requested' }]],
    ['which testbed is most popular', [{ type: 'report.requested' }]],
    ['never used testbeds', [{ type: 'report.requested' }]],
    ['idle testbeds this week', [{ type: 'report.requested' }]],
    ['what did I do yesterday', [{ type: 'myHistory.requested' }]],
    ['my usage this month', [{ type: 'myHistory.requested' }]],
  ])('%j: %j', (typed, expected) => {
    expect(dispatched(typed)).toEqual(expected);
  });

  it('`lab-3 today` and `lab-3 tonight` still book it until the end of today', () => {
    expect(dispatched('lab-3 today')).toEqual([{ type: 'registration.started', testbedName: 'lab-3', filled: { release_choice: 'eod' } }]);
    expect(dispatched('lab-3 tonight')).toEqual([{ type: 'registration.started', testbedName: 'lab-3', filled: { release_choice: 'eod' } }]);
  });
});

describe('router: answers to an offer, and what a message means', () => {
  const offer = (otherwise?: string) => ({ kind: 'reply', view: { kind: 'offerTaken', ...(otherwise === undefined ? {} : { otherwise }) } });
  it.each([
    ['grab it', offer()],
    ['accept the offer', offer()],
    ['dibs', offer()],
    ['dibs on it', offer()],
    ['sure thing', offer('hint')],
    ['absolutely', offer('hint')],
    ['ya', offer('hint')],
    ['in 10 minutes', offer('hint')],
    ['do I have an offer', offer('hint')],
    ['any offers for me', offer('hint')],
    ['what is offered to me', offer('hint')],
    ['reject', { kind: 'reply', view: { kind: 'notNeeded' } }],
    ['not anymore', { kind: 'reply', view: { kind: 'notNeeded' } }],
    ['why did I get this message', [{ type: 'help.requested' }]],
    ['what does this mean', [{ type: 'help.requested' }]],
    ['who sent this', [{ type: 'help.requested' }]],
    ['why me', [{ type: 'help.requested' }]],
  ])('%j: %j', (typed, expected) => {
    expect(dispatched(typed)).toEqual(expected);
  });
});

describe('router: pipelines and the API asked about in chat', () => {
  const apiHelp = expect.objectContaining({ kind: 'reply', view: expect.objectContaining({ kind: 'error', message: expect.stringMatching(/^Pipelines hold testbeds through the bot’s HTTP API/) }) });
  it.each([
    ['why does jenkins have lab-3', [{ type: 'status.requested', label: 'lab-3' }]],
    ['which pipeline has lab-3', [{ type: 'status.requested', label: 'lab-3' }]],
    ['when will the nightly release lab-3', [{ type: 'status.requested', label: 'lab-3' }]],
    ["release the pipeline's hold on lab-3", [{ type: 'release.started', testbedName: 'lab-3' }]],
    ['what pipelines are running', [{ type: 'status.requested', label: 'in-use' }]],
    ['show api holds', [{ type: 'status.requested', label: 'in-use' }]],
    ['which testbeds are held by pipelines', [{ type: 'status.requested', label: 'in-use' }]],
  ])('%j: %j', (typed, expected) => {
    expect(dispatched(typed)).toEqual(expected);
  });

  it.each(['can I get an api token', 'give me a token', 'create token', 'revoke my token', 'where is the openapi'])('%j says how pipelines get a token', (typed) => {
    expect(dispatched(typed)).toEqual(apiHelp);
  });

  it('a holder named with them is not read, and a recording blanks the text', () => {
    expect(isCommandText('why does Linus have lab-3', testbeds)).toBe(false);
    expect(isCommandText("release Linus's booking on lab-3", testbeds)).toBe(false);
  });
});

describe('router: feedback, wishes, announcements and a status that is wrong', () => {
  it.each(['the bot is wrong', 'status is wrong', 'it would be nice to book ahead', 'can you add booking ahead', 'please add a calendar view', 'I wish the bot could book ahead'])(
    '%j opens the feedback form',
    (typed) => {
      expect(dispatched(typed)).toEqual([{ type: 'feedback.started' }]);
    },
  );

  it.each(['post an announcement', 'make an announcement', 'make an announcement: lab-3 is down'])('%j starts a broadcast', (typed) => {
    expect(dispatched(typed)).toEqual([{ type: 'broadcast.started' }]);
  });

  it('what follows `make an announcement:` is a person’s words: a recording blanks it', () => {
    expect(isCommandText('make an announcement: lab-3 is down', testbeds)).toBe(false);
    expect(isCommandText('make an announcement', testbeds)).toBe(true);
  });

  it.each(['lab-3 status is wrong', 'lab-3 shows as free but Linus is using it', 'lab-3 is actually in use', 'someone is using lab-3 without booking'])(
    '%j opens the problem form on lab-3, the words kept for the admins',
    (typed) => {
      expect(dispatched(typed)).toEqual({ kind: 'reply', view: { kind: 'problemForm', testbedId: 3, text: typed } });
    },
  );

  it('`who is using lab-3 without a booking` shows lab-3; words that add a testbed, a label or time stay what they were', () => {
    expect(dispatched('who is using lab-3 without a booking')).toEqual([{ type: 'status.requested', label: 'lab-3' }]);
    expect(dispatched('add label 4g to lab-3')).toMatchObject([{ type: 'admin.formRequested', task: 'testbed_edit' }]);
    expect(dispatched('add an hour')).toEqual([{ type: 'mine.requested', extendMinutes: 60 }]);
    expect(dispatched('add me to the queue for lab-3')).toEqual([{ type: 'lifecycle.submitted', request: { type: 'wait', testbedId: 3 }, now: NOW }]);
  });
});

describe('router: feedback with its words', () => {
  it.each([
    ['feedback: the bot is great', 'the bot is great'],
    ['suggestion: add a calendar view', 'add a calendar view'],
    ['idea: dark mode', 'dark mode'],
    ['bug - the digest came twice', 'the digest came twice'],
  ])('%j opens the feedback form with %j in its box', (typed, words) => {
    expect(dispatched(typed)).toEqual([{ type: 'feedback.started', text: words }]);
  });

  it('without words after it, the box is empty', () => {
    expect(dispatched('bug')).toEqual([{ type: 'feedback.started' }]);
    expect(dispatched('feedback')).toEqual([{ type: 'feedback.started' }]);
  });
});

describe('router: one’s bookings, the whole lab, what is broken and a queue, said other ways', () => {
  it.each([
    ['anything booked for me', [{ type: 'mine.requested' }]],
    ['my active bookings', [{ type: 'mine.requested' }]],
    ['my current bookings', [{ type: 'mine.requested' }]],
    ["who's got what", [{ type: 'status.requested' }]],
    ['where is everyone', [{ type: 'status.requested' }]],
    ['5g waiting list', [{ type: 'status.requested', label: '5g' }]],
    ['how long is the 5g queue', [{ type: 'status.requested', label: '5g' }]],
    ['lab-3 waiting list', [{ type: 'status.requested', label: 'lab-3' }]],
    ['which ones are down', { kind: 'reply', view: { kind: 'problems' } }],
    ['anything broken?', { kind: 'reply', view: { kind: 'problems' } }],
    ['is anything down', { kind: 'reply', view: { kind: 'problems' } }],
    ['broken testbeds', { kind: 'reply', view: { kind: 'problems' } }],
  ])('%j: %j', (typed, expected) => {
    expect(dispatched(typed)).toEqual(expected);
  });
});

describe('router: a testbed handed to the queue', () => {
  it.each(['hand lab-3 over to the queue', 'release lab-3 to the queue', 'give lab-3 to the waiting list', 'pass lab-3 to the people waiting'])(
    '%j releases it to whoever waits first (before, it started a hand-over to somebody called “the queue”)',
    (typed) => {
      expect(dispatched(typed)).toEqual([{ type: 'release.started', testbedName: 'lab-3' }]);
    },
  );

  it('`hand lab-3 over to Linus` still hands it over, and `give it to the queue` passes on an offer', () => {
    expect(dispatched('hand lab-3 over to Linus')).toEqual([{ type: 'handOver.started', testbedId: 3, to: 'Linus' }]);
    expect(dispatched('give it to the queue')).toEqual({ kind: 'reply', view: { kind: 'notNeeded' } });
  });
});

describe('router: queues, releasing later and reminders, asked other ways', () => {
  const status3 = [{ type: 'status.requested', label: 'lab-3' }];
  const rules = { kind: 'reply', view: { kind: 'rules' } };
  it.each([
    ['who is first in line for lab-3', status3],
    ["who's first for lab-3", status3],
    ['am I the only one waiting for lab-3', status3],
    ['queue length lab-3', status3],
    ['is there a long queue', [{ type: 'status.requested' }]],
    ['what happens after my booking ends', rules],
    ['will it auto release', rules],
    ['does the bot release automatically', rules],
    ['remind me when my booking ends', rules],
    ['remind me 30 minutes before', rules],
    ['when will I be reminded', rules],
  ])('%j: %j', (typed, expected) => {
    expect(dispatched(typed)).toEqual(expected);
  });

  it.each(['auto release lab-3 at 5', 'release lab-3 automatically at 5', 'schedule a release for lab-3 at 5pm'])('%j reads as `release lab-3 at 5`', (typed) => {
    expect(dispatched(typed)).toEqual(dispatched('release lab-3 at 5pm'));
    expect(dispatched(typed)).toEqual([{ type: 'mine.requested', testbedId: 3, doneBy: '2026-03-02T17:00:00.000Z' }]);
  });
});

describe('router: a testbed wanted back', () => {
  it.each(['I want to have lab-3 back', 'let me have lab-3 back', "I'd like to take lab-3 back", 'take lab-3 back', 'can I have lab-3 back'])(
    '%j asks for lab-3: the booking form on it (a release form, before this was read with `I want to` as courtesy)',
    (typed) => {
      expect(dispatched(typed)).toEqual([{ type: 'registration.started', testbedName: 'lab-3' }]);
    },
  );
});

describe('router: a label asked about other ways', () => {
  it.each([
    ['what does 5g mean', [{ type: 'status.requested', label: '5g' }]],
    ['5g list', [{ type: 'status.requested', label: '5g' }]],
    ['every 5g testbed', [{ type: 'status.requested', label: '5g' }]],
    ['next free 5g', [{ type: 'status.requested', label: '5g' }]],
    ['is lab-3 5g', [{ type: 'status.requested', label: 'lab-3' }]],
    ['does lab-3 have 5g', [{ type: 'status.requested', label: 'lab-3' }]],
    ['is lab-3 a 5g testbed', [{ type: 'status.requested', label: 'lab-3' }]],
  ])('%j: %j', (typed, expected) => {
    expect(dispatched(typed)).toEqual(expected);
  });

  it('a word no testbed carries as a label is not read so: `is lab-3 broken` stays its history', () => {
    expect(dispatched('is lab-3 broken')).toEqual([{ type: 'history.requested', testbedId: 3 }]);
    expect(dispatched('what does wifi mean')).toEqual({ kind: 'reply', view: { kind: 'hint' } });
  });
});

describe('router: the thirty-first round of everyday words', () => {
  const mine = [{ type: 'mine.requested' }];
  const status3 = [{ type: 'status.requested', label: 'lab-3' }];
  const free = [{ type: 'status.requested', label: 'free' }];
  const history3 = [{ type: 'history.requested', testbedId: 3 }];
  const book3 = [{ type: 'registration.started', testbedName: 'lab-3' }];
  const release3 = [{ type: 'release.started', testbedName: 'lab-3' }];
  const wait3 = [{ type: 'lifecycle.submitted', request: { type: 'wait', testbedId: 3 }, now: NOW }];
  it.each([
    // Their own bookings, asked about (a hint before; `is my booking overdue` asked for a testbed called “my booking”).
    ['am I overdue', mine],
    ['am I late', mine],
    ['is my booking overdue', mine],
    ['is my booking still active', mine],
    ['do I have anything overdue', mine],
    ['did I forget to release something', mine],
    ['does my booking expire', mine],
    ['when does it expire', mine],
    ['my booking ends when', mine],
    ['until when is my booking', mine],
    ['how much time do I have', mine],
    ['minutes left', mine],
    ['what is my purpose', mine],
    // More time, said other ways.
    ['bump my booking by an hour', [{ type: 'mine.requested', extendMinutes: 60 }]],
    ['bump lab-3 by 2h', [{ type: 'mine.requested', testbedId: 3, extendMinutes: 120 }]],
    ['postpone my release', mine],
    ['push back my release', mine],
    ['delay the release of lab-3', [{ type: 'mine.requested', testbedId: 3 }]],
    // Reminders are the holder's to settle: their bookings, as `don't remind me`.
    ['turn off reminders', mine],
    ['no reminders', mine],
    ['stop sending me messages', mine],
    // On the way out.
    ["I'm off", mine],
    ['on vacation next week', mine],
    ['off sick', mine],
    ['bye, releasing lab-3', release3],
    // Giving back and asking for.
    ['freeing lab-3', release3],
    ['lab-3 returned', release3],
    ['is it ok if I use lab-3', book3],
    ['ok to use lab-3?', book3],
    ['borrowing lab-3 for an hour', [{ type: 'registration.started', testbedName: 'lab-3', filled: { release_choice: '1h' } }]],
    ["I'd like lab-3 when it's free", wait3],
    ['give me a shout when lab-3 is free', wait3],
    ['msg me when lab-3 is free', wait3],
    // About a testbed.
    ['last user of lab-3', history3],
    ['previous user of lab-3', history3],
    ['lab-3 audit', history3],
    ['can you tell me who has lab-3', status3],
    ['can you check if lab-3 is free', status3],
    ['is lab-3 ok to use', status3],
    ['is lab-3 available tomorrow morning', status3],
    ['how long will I wait for lab-3', status3],
    ['still waiting for lab-3', status3],
    ['when do I have to give lab-3 back', status3],
    ['check in on lab-3', status3],
    // What is free.
    ['any testbed?', free],
    ['no free testbeds?', free],
    ['why is nothing free', free],
    ['earliest free testbed', free],
    ["tell me what's free", free],
    // A booking's purpose, said without a mark.
    ['lab-3 purpose regression', [{ type: 'purpose.started', testbedId: 3, purpose: 'regression' }]],
    ['the purpose is regression', [{ type: 'purpose.started', purpose: 'regression' }]],
    ['rename my booking', [{ type: 'purpose.started' }]],
  ])('%j: %j', (typed, expected) => {
    expect(dispatched(typed)).toEqual(expected);
  });

  const rules = { kind: 'reply', view: { kind: 'rules' } };
  const feedback = [{ type: 'feedback.started' }];
  it.each([
    // Asking may I force release is the admin's form (which says who can), never a question sent to the holder as it was.
    ['can I force release lab-3', [{ type: 'admin.formRequested', task: 'force_release', values: { testbed_id: '3' } }]],
    // A part of the bot that does not work: the feedback form (`register button not working` started a booking of “button not working”).
    ['register button not working', feedback],
    ['the form doesn’t work', feedback],
    ['the buttons don’t work', feedback],
    ['booking doesn’t work', feedback],
    ['nothing happens when I press register', feedback],
    // A holder who seems gone: lab-3's status, whose Ask the holder asks at a press.
    ['lab-3 is idle', status3],
    ['nobody is using lab-3', status3],
    ['Linus isn’t using lab-3 anymore', status3],
    ['Linus forgot to release lab-3', status3],
    ['lab-3 has been booked for ages', status3],
    ['why has Linus had lab-3 for so long', status3],
    // Taking it: the booking, which says who holds it.
    ['steal lab-3', book3],
    ['can I take over lab-3', book3],
    ['take over lab-3 from Linus', book3],
    ['emergency, need lab-3 now', book3],
    // A queue is first come, first served: the rules say so.
    ['skip the queue', rules],
    ['move me up the queue', rules],
    ['can I go first', rules],
    ['high priority lab-3', rules],
    ['give my place to Linus', rules],
    // The digest is the lab's: the rules say when it comes.
    ['when is the digest', rules],
    ['turn off the digest', rules],
    ['can I get the digest in my dm', rules],
    // And the rest.
    ['I changed my mind', dispatched('cancel')],
    ["I'm next", [{ type: 'mine.requested', queues: true }]],
    ['take me off the list', [{ type: 'mine.requested', queues: true }]],
    ['what now', [{ type: 'menu.requested' }]],
    ['what should I do', [{ type: 'menu.requested' }]],
    ["I can't book", [{ type: 'registration.started' }]],
    ["I can't book lab-3", status3],
    ['top 5 users', [{ type: 'report.requested' }]],
  ])('%j: %j', (typed, expected) => {
    expect(dispatched(typed)).toEqual(expected);
  });

  const admin = (task: string, values?: Record<string, string>) => [{ type: 'admin.formRequested', task, ...(values === undefined ? {} : { values }) }];
  const api = route(text('api'), ctx);
  it.each([
    // Adding to the lab, not booking a testbed called “new” as before.
    ['register a new testbed', admin('testbed_add')],
    ['register new testbed lab-9', admin('testbed_add', { testbed_name: 'lab-9' })],
    // A label given or taken away in other words (a state is no label; `has problems` is a problem).
    ['make TB-04 SD-WAN pod 5g', admin('testbed_edit', { testbed_id: '4', labels: '5g' })],
    ['TB-04 should be 5g', admin('testbed_edit', { testbed_id: '4', labels: '5g' })],
    ['TB-04 now has 5g', admin('testbed_edit', { testbed_id: '4', labels: '5g' })],
    // Of a label it carries already, no news: `lab-3 has 5g` stays the hint it was.
    ['lab-3 has 5g', { kind: 'reply', view: { kind: 'hint', testbedId: 3 } }],
    ['make lab-3 5g', { kind: 'reply', view: { kind: 'hint', testbedId: 3 } }],
    ['lab-3 is not 5g', admin('testbed_edit', { testbed_id: '3', labels: '' })],
    ["lab-3 isn't 5g anymore", admin('testbed_edit', { testbed_id: '3', labels: '' })],
    ['lab-3 new name lab-3b', admin('testbed_rename', { testbed_id: '3', testbed_name: 'lab-3b' })],
    // A question about its maintenance is no maintenance (it started one ending “when”).
    ['lab-3 maintenance until when', { kind: 'reply', view: { kind: 'hint', testbedId: 3 } }],
    // Where it is and how to reach it: its status, whose row has its description.
    ['where is lab-3 located', status3],
    ['lab-3 ip address', status3],
    ['password for lab-3', status3],
    ['how do I log in to lab-3', status3],
    ['who maintains lab-3', status3],
    ['who is responsible for lab-3', status3],
    // And the rest.
    ['release jenkins hold', [{ type: 'release.started' }]],
    ['swagger', eventsOf(api)],
    ['token', eventsOf(api)],
    ['lol', { kind: 'reply', view: { kind: 'thanks', ack: true } }],
    ['haha', { kind: 'reply', view: { kind: 'thanks', ack: true } }],
    ['who is the bot', [{ type: 'help.requested' }]],
  ])('%j: %j', (typed, expected) => {
    expect(dispatched(typed)).toEqual(expected);
  });

  it.each([
    // When they expect to be done: Done by, as `release in 20 min` (a hint before).
    ["I'll free it up in 15 minutes", [{ type: 'mine.requested', doneBy: '2026-03-02T10:15:00.000Z' }]],
    ['releasing in 10', [{ type: 'mine.requested', doneBy: '2026-03-02T10:10:00.000Z' }]],
    ['finishing at 4', [{ type: 'mine.requested', doneBy: '2026-03-02T16:00:00.000Z' }]],
    ['just finishing', mine],
    // An answer to a reminder or an offer that starts with `no`.
    ['no I still need it', mine],
    ['no extend please', mine],
    ["I'm not interested", { kind: 'reply', view: { kind: 'notNeeded' } }],
  ])('%j: %j', (typed, expected) => {
    expect(dispatched(typed)).toEqual(expected);
  });

  it.each([
    // Names alone, several: as one name alone, their status (a hint before).
    ['lab-3 TB-04', 'lab-3 TB-04'],
    ['lab-3 & TB-04', 'lab-3 & TB-04'],
    ['lab-3/TB-04', 'lab-3/TB-04'],
    ['either lab-3 or TB-04', 'lab-3 or TB-04'],
    ['lab-3, TB-04?', 'lab-3, TB-04'],
    ['lab-3 and TB-04 status', 'lab-3 and TB-04'],
  ])('%j: the status of those testbeds', (typed, label) => {
    expect(dispatched(typed)).toEqual([{ type: 'status.requested', label }]);
    expect(dispatched(typed)).toEqual(dispatched(`who has ${label}`));
  });

  it.each([
    ['anything free for 2 hours', free],
    ['free at 3pm?', free],
    ['free tomorrow?', free],
    ['the free ones', free],
    ['5g only', [{ type: 'status.requested', label: '5g' }]],
    ['just 5g', [{ type: 'status.requested', label: '5g' }]],
  ])('%j: %j', (typed, expected) => {
    expect(dispatched(typed)).toEqual(expected);
  });

  it.each([
    ['am I holding lab-3', status3],
    ['am I still on lab-3', status3],
    ['since when do I have lab-3', status3],
    ['whose testbed is lab-3', status3],
    ['does lab-3 belong to anyone', status3],
    ['has lab-3 been released', status3],
    ['did Linus release lab-3', status3],
    ['lab-3 booked?', status3],
    ['lab-3 ok?', history3],
    ['how long has lab-3 been free', history3],
    ['when did lab-3 become free', history3],
    ['do I have a testbed', mine],
    ['my holds', mine],
    ['which testbed am I using', mine],
  ])('%j: %j', (typed, expected) => {
    expect(dispatched(typed)).toEqual(expected);
  });

  it.each([
    ['let me know when something opens up', [{ type: 'lifecycle.submitted', request: { type: 'waitLabel', label: 'testbed' }, now: NOW }]],
    ['let me know when lab-3 opens up', wait3],
    ['lab-3 notify', wait3],
    ['lab-3 notify me', wait3],
    ['let Ada take lab-3', [{ type: 'handOver.started', testbedId: 3, to: 'Ada' }]],
    ['let me take lab-3', book3],
  ])('%j: %j', (typed, expected) => {
    expect(dispatched(typed)).toEqual(expected);
  });

  const unwait3 = [{ type: 'lifecycle.submitted', request: { type: 'unwait', testbedId: 3 }, now: NOW }];
  const queues = [{ type: 'mine.requested', queues: true }];
  it.each([
    // How long the wait is: its status (`wait time for lab-3` waited for a testbed called “time”).
    ['wait time for lab-3', status3],
    ['estimated wait for lab-3', status3],
    ['eta lab-3', status3],
    ['lab-3 eta', status3],
    ['how long is the wait for lab-3', status3],
    ['will I get lab-3 today', status3],
    ["what's the wait", [{ type: 'status.requested' }]],
    ['anyone waiting?', [{ type: 'status.requested' }]],
    // A place in its queue asked about, or given up.
    ['what is my position for lab-3', status3],
    ['position lab-3', status3],
    ['still in the queue for lab-3?', status3],
    ['position in queue', queues],
    ['number in line', queues],
    ['exit the queue', queues],
    ['cancel lab-3 wait', unwait3],
    ['unqueue lab-3', unwait3],
    ['dequeue lab-3', unwait3],
  ])('%j: %j', (typed, expected) => {
    expect(dispatched(typed)).toEqual(expected);
  });

  const admins = [{ type: 'admins.asked' }];
  it.each([
    // An admin's maintenance said other ways.
    ['cancel maintenance lab-3', admin('maintenance_end', { testbed_id: '3' })],
    ['end lab-3 maintenance', admin('maintenance_end', { testbed_id: '3' })],
    ['maintenance lab-3 off', admin('maintenance_end', { testbed_id: '3' })],
    ['lab-3 out of service', admin('maintenance_start', { testbed_id: '3' })],
    ['put lab-3 down for maintenance', admin('maintenance_start', { testbed_id: '3' })],
    ['lab-3 needs to go into maintenance', admin('maintenance_start', { testbed_id: '3' })],
    // As news, a problem to report, as `lab-3 is down`.
    ['lab-3 is out of service', { kind: 'reply', view: { kind: 'problemForm', testbedId: 3, text: 'lab-3 is out of service' } }],
    // `force release Linus from lab-3` asked for a testbed called “Linus from lab-3”.
    ['force release Linus from lab-3', admin('force_release', { testbed_id: '3' })],
    // `release Linus's lab-3` (a testbed called “Linus's lab-3” before), `release my lab-3`, `release lab-3's booking`.
    ["release Linus's lab-3", release3],
    ['release my lab-3', release3],
    ["release lab-3's booking", release3],
    // The admins: who they are (`notify admins` waited for a testbed called “admins”).
    ['notify admins', admins],
    ['contact admin', admins],
    ['who is in charge', admins],
    ['who manages the lab', admins],
    // A problem told to the admins: the problem form, which goes to them.
    ['tell the admins lab-3 is broken', { kind: 'reply', view: { kind: 'problemForm', testbedId: 3, text: 'tell the admins lab-3 is broken' } }],
  ])('%j: %j', (typed, expected) => {
    expect(dispatched(typed)).toEqual(expected);
  });

  it('`release Linus’s lab-3` does not read the name, and a recording blanks the text', () => {
    expect(isCommandText("release Linus's lab-3", testbeds)).toBe(false);
    expect(isCommandText('release my lab-3', testbeds)).toBe(true);
  });

  it('`wait for lab-3` and `wait on lab-3` still join its queue beside these', () => {
    expect(dispatched('wait for lab-3')).toEqual(wait3);
    expect(dispatched('wait on lab-3')).toEqual(wait3);
  });

  it('a name alone that is not a list stays as it was: one name is its status, a name and a word the hint', () => {
    expect(dispatched('lab-3')).toEqual(status3);
    expect(dispatched('lab-3 rocks')).toEqual({ kind: 'reply', view: { kind: 'hint', testbedId: 3 } });
  });

  it('state words and problems are no labels: `make lab-3 free` releases, `lab-3 has problems` reports one, `lab-3 is not free` stays the hint', () => {
    expect(dispatched('make lab-3 free')).toEqual(release3);
    expect(dispatched('lab-3 has problems')).toEqual({ kind: 'reply', view: { kind: 'problemForm', testbedId: 3, text: 'lab-3 has problems' } });
    expect(dispatched('lab-3 is not free')).toEqual({ kind: 'reply', view: { kind: 'hint', testbedId: 3 } });
    // A label a testbed does not carry is not taken away.
    expect(dispatched('TB-04 SD-WAN pod is not 5g')).toEqual({ kind: 'reply', view: { kind: 'hint', testbedId: 4 } });
  });

  it('a colleague named with these is not read, and a recording blanks the text; the same words naming nobody are kept', () => {
    for (const typed of ['Linus forgot to release lab-3', 'Linus isn’t using lab-3 anymore', 'why has Linus had lab-3 for so long', 'take over lab-3 from Linus', 'give my place to Linus', 'swap places with Linus', 'did Linus release lab-3']) {
      expect(isCommandText(typed, testbeds), typed).toBe(false);
    }
    for (const typed of ['nobody is using lab-3', 'lab-3 is idle', 'steal lab-3', 'skip the queue', 'when is the digest', 'am I overdue', 'book lab-3 4pm', 'did anyone release lab-3']) {
      expect(isCommandText(typed, testbeds), typed).toBe(true);
    }
  });

  it('a recording blanks the words a person wrote in these: a time that is no time, a word after priority, a colleague, a help topic of their own', () => {
    for (const typed of [
      'anything free for Zebrafalcon',
      'high priority Zebrafalcon',
      'prioritize me for Zebrafalcon',
      'nothing happens when I press Zebrafalcon',
      'make Linus an admin',
      'add Ada as an admin',
      'help me with Zebrafalcon',
      'did anyone Zebrafalcon release lab-3',
      'who Zebrafalcon forgot to release lab-3',
      // Kept before this round, though they carry a person's words.
      'release all but Zebrafalcon lab-3',
      'keep lab-3 Zebrafalcon and release the rest',
      'what happens if I Zebrafalcon don’t release',
    ]) {
      expect(isCommandText(typed, testbeds), typed).toBe(false);
    }
    for (const typed of ['anything free for 2 hours', 'high priority lab-3', 'help me book lab-3', 'help booking', 'help 5g', 'make me an admin', 'who forgot to release lab-3', 'release all but lab-3', 'keep lab-3 and release the rest', 'what happens if I don’t release']) {
      expect(isCommandText(typed, testbeds), typed).toBe(true);
    }
    // And a time that is no time is no question about what is free.
    expect(dispatched('anything free for Zebrafalcon')).toEqual({ kind: 'reply', view: { kind: 'hint' } });
  });

  it('a bare clock after the name is the expected release (`book lab-3 4pm`, as `book lab-3 0930 hrs`); `at 4pm` and `2:30` are not', () => {
    const until = (time: string, date = '2026-03-02') => [{ type: 'registration.started', testbedName: 'lab-3', filled: { release_choice: 'custom', release_date: date, release_time: time } }];
    expect(dispatched('book lab-3 4pm')).toEqual(until('16:00'));
    expect(dispatched('book lab-3 16:30')).toEqual(until('16:30'));
    expect(dispatched('book lab-3 4pm tomorrow')).toEqual(until('16:00', '2026-03-03'));
    expect(dispatched('book lab-3 noon for the soak')).toEqual([
      { type: 'registration.started', testbedName: 'lab-3', filled: { release_choice: 'custom', release_date: '2026-03-02', release_time: '12:00', purpose: 'the soak' } },
    ]);
    expect(dispatched('book lab-3 at 4pm')).toEqual([{ type: 'registration.started', testbedName: 'lab-3', unread: 'at 4pm' }]);
    expect(dispatched('book lab-3 2:30')).toEqual([{ type: 'registration.started', testbedName: 'lab-3', unread: '2:30' }]);
  });

  it('`next week for 3 days` is a later start (it was the week, with the purpose “3 days”); `next 2 hours` stays a length', () => {
    expect(dispatched('book lab-3 next week for 3 days')).toEqual([{ type: 'registration.started', testbedName: 'lab-3', unread: 'next week for 3 days' }]);
    expect(dispatched('book lab-3 next 2 hours')).toEqual([
      { type: 'registration.started', testbedName: 'lab-3', filled: { release_choice: 'custom', release_date: '2026-03-02', release_time: '12:00' } },
    ]);
  });

  it('a second testbed after a comma is no purpose: the form is for the first and names the second', () => {
    expect(dispatched('book lab-3, TB-04 SD-WAN pod')).toEqual([{ type: 'registration.started', testbedName: 'lab-3, TB-04 SD-WAN pod' }]);
    expect(dispatched('book lab-3; TB-04 SD-WAN pod')).toEqual([{ type: 'registration.started', testbedName: 'lab-3', unread: 'TB-04 SD-WAN pod' }]);
    // Nor before a bare length (it was the purpose “TB-04 SD-WAN pod”, two hours).
    expect(dispatched('book lab-3 TB-04 SD-WAN pod 2h')).toEqual([{ type: 'registration.started', testbedName: 'lab-3', unread: 'TB-04 SD-WAN pod 2h' }]);
    // A purpose after a comma stays one.
    expect(dispatched('book lab-3, regression')).toEqual([
      { type: 'registration.started', testbedName: 'lab-3', filled: { purpose: 'regression' }, forWho: { words: 'regression', testbedName: 'lab-3' } },
    ]);
  });

  it('words close to these stay the hint: `off` alone, `bump` alone, `lab-3 purpose of the rack` (no new purpose “of the rack”)', () => {
    expect(dispatched('off')).toEqual({ kind: 'reply', view: { kind: 'hint' } });
    expect(dispatched('bump')).toEqual({ kind: 'reply', view: { kind: 'hint' } });
    expect(dispatched('lab-3 purpose of the rack')).toEqual({ kind: 'reply', view: { kind: 'hint', testbedId: 3 } });
  });
});

describe('router: the thirty-second round: a time and a purpose after `book` with nothing between them', () => {
  /** What the booking form arrives with: the testbed, the inputs filled in and the words it names as unread. */
  const form = (typed: string) => {
    const [event] = dispatched(typed) as { type: string; testbedName?: string; filled?: Record<string, string>; unread?: string }[];
    expect(event.type).toBe('registration.started');
    return { testbedName: event.testbedName, filled: event.filled, unread: event.unread };
  };
  const at = (time: string, purpose?: string, date = '2026-03-02') => ({ release_choice: 'custom', release_date: date, release_time: time, ...(purpose === undefined ? {} : { purpose }) });
  it.each([
    // A time, then `for` and the purpose (it said it could not read “2 hours for regression”).
    ['book lab-3 2 hours for regression', at('12:00', 'regression')],
    ['book lab-3 an hour for regression', { release_choice: '1h', purpose: 'regression' }],
    ['book lab-3 30 mins for a quick check', at('10:30', 'a quick check')],
    ['reserve lab-3 2 hours for soak', at('12:00', 'soak')],
    ['book lab-3 this afternoon for regression', at('17:00', 'regression')],
    // A time, then the purpose with nothing or a mark between.
    ['book lab-3 till eod regression', { release_choice: 'eod', purpose: 'regression' }],
    ['book lab-3 until 5pm regression', at('17:00', 'regression')],
    ['book lab-3 until monday 9am soak', at('09:00', 'soak', '2026-03-09')],
    ['book lab-3 overnight soak test', at('09:00', 'soak test', '2026-03-03')],
    ['book lab-3 all day soak', { release_choice: 'eod', purpose: 'soak' }],
    ['book lab-3 2h: customer demo', at('12:00', 'customer demo')],
    ['book lab-3, 2 hours, regression', at('12:00', 'regression')],
    ['book lab-3 two hours regression', at('12:00', 'regression')],
    // A purpose, then the time (it asked for a testbed called “lab-3 regression”).
    ['book lab-3 regression until 5pm', at('17:00', 'regression')],
    ['book lab-3 soak test by 6pm', at('18:00', 'soak test')],
    ['book lab-3 customer demo until 4', at('16:00', 'customer demo')],
    ['book lab-3 regression for 2 hours', at('12:00', 'regression')],
    ['book lab-3 soak overnight', at('09:00', 'soak', '2026-03-03')],
    ['book lab-3 debugging till lunch', at('12:00', 'debugging')],
    // After `for`, a length and then the purpose (it was all the purpose, “2h regression testing”).
    ['book lab-3 for 2h regression testing', at('12:00', 'regression testing')],
    ['book lab-3 for an hour regression', { release_choice: '1h', purpose: 'regression' }],
    ['book lab-3 for 45 minutes quick test', at('10:45', 'quick test')],
    ['book lab-3 for 2 weeks of testing', at('10:00', 'testing', '2026-03-16')],
    ['book lab-3 for 2h, customer demo', at('12:00', 'customer demo')],
    ['book lab-3 for 2h purpose customer demo', at('12:00', 'customer demo')],
    ['book lab-3 for 2 hours because of the demo', at('12:00', 'the demo')],
    // Words after the length that are no purpose.
    ['book lab-3 for 2 hours today', at('12:00')],
    ['book lab-3 for 3 days straight', { release_choice: '3d' }],
    // A time alone, said as people say it.
    ['book lab-3 couple of hours', at('12:00')],
    ['book lab-3 few hours', at('13:00')],
    ['book lab-3 this afternoon', at('17:00')],
    ['book lab-3 end of week', at('23:59', undefined, '2026-03-06')],
  ])('%s', (typed, filled) => {
    expect(form(typed)).toEqual({ testbedName: 'lab-3', filled, unread: undefined });
  });

  it('`in 5 min` after the name asks for a later start (it was the purpose “in”, five minutes); marks and arrows before a time or purpose say nothing; `noon tomorrow` is a time', () => {
    expect(form('book lab-3 in 5 min')).toEqual({ testbedName: 'lab-3', filled: undefined, unread: 'in 5 min' });
    expect(form('book lab-3 => 2h')).toEqual({ testbedName: 'lab-3', filled: at('12:00'), unread: undefined });
    expect(form('book lab-3 → 2h')).toEqual({ testbedName: 'lab-3', filled: at('12:00'), unread: undefined });
    expect(form('book lab-3 -> regression')).toEqual({ testbedName: 'lab-3', filled: { purpose: 'regression' }, unread: undefined });
    expect(form('book lab-3 -- regression')).toEqual({ testbedName: 'lab-3', filled: { purpose: 'regression' }, unread: undefined });
    expect(form('book lab-3 until noon tomorrow')).toEqual({ testbedName: 'lab-3', filled: at('12:00', undefined, '2026-03-03'), unread: undefined });
    // A second testbed after an arrow is no purpose either.
    expect(form('book lab-3 -> TB-04 SD-WAN pod')).toEqual({ testbedName: 'lab-3', filled: undefined, unread: 'TB-04 SD-WAN pod' });
  });

  it('with no testbed named (`book a testbed 2h for regression`), the form starts with the time and the purpose, and the testbed to choose', () => {
    expect(form('book a testbed 2h for regression')).toEqual({ testbedName: undefined, filled: at('12:00', 'regression'), unread: undefined });
    expect(form('book one 2h')).toEqual({ testbedName: undefined, filled: at('12:00'), unread: undefined });
    expect(form('book something for 2h regression')).toEqual({ testbedName: undefined, filled: at('12:00', 'regression'), unread: undefined });
  });

  it('the command after the name (`lab-3 book 2h for the soak`), words for it (`can I have …`) and courtesy after the name read the same', () => {
    expect(form('lab-3 book 2h for the soak')).toEqual({ testbedName: 'lab-3', filled: at('12:00', 'the soak'), unread: undefined });
    expect(form('can I have lab-3 regression until 5pm')).toEqual({ testbedName: 'lab-3', filled: at('17:00', 'regression'), unread: undefined });
    expect(form('book lab-3 please 2 hours for regression')).toEqual({ testbedName: 'lab-3', filled: at('12:00', 'regression'), unread: undefined });
    // The start of a name, as `book TB-04 for 2h` takes it; the whole name first when it is typed.
    expect(form('book TB-04 regression until 5pm')).toEqual({ testbedName: 'TB-04', filled: at('17:00', 'regression'), unread: undefined });
    expect(form('book TB-04 SD-WAN pod regression until 5pm')).toEqual({ testbedName: 'TB-04 SD-WAN pod', filled: at('17:00', 'regression'), unread: undefined });
  });

  it('a switch reads them too: `switch to TB-04 2h for regression` (it could not read “2h for regression”), `switch to TB-04 regression until 5pm` (no testbed called so)', () => {
    const switchForm = (until: string) => ({ kind: 'reply', view: { kind: 'switchForm', testbedId: 4, until, purpose: 'regression' } });
    expect(dispatched('switch to TB-04 2h for regression')).toEqual(switchForm('2026-03-02T12:00:00.000Z'));
    expect(dispatched('switch to TB-04 regression until 5pm')).toEqual(switchForm('2026-03-02T17:00:00.000Z'));
  });

  it('what is no purpose stays named under the picker: a later start, a time that goes on, a zone it does not know, a second testbed', () => {
    const unread = (typed: string, words: string) => expect(form(typed)).toEqual({ testbedName: 'lab-3', filled: undefined, unread: words });
    unread('book lab-3 after lunch', 'after lunch');
    unread('book lab-3 on friday', 'on friday');
    unread('book lab-3 starting tomorrow', 'starting tomorrow');
    unread('book lab-3 demo at 3pm', 'demo at 3pm');
    unread('book lab-3 next week for 3 days', 'next week for 3 days');
    unread('book lab-3 2h or 3h', '2h or 3h');
    unread('book lab-3 until 5pm local time', 'until 5pm local time');
    unread('book lab-3 2:30', '2:30');
    // A clock said aloud takes no other word before `quarter`.
    unread('book lab-3 till Zebrafalcon quarter past 5', 'till Zebrafalcon quarter past 5');
    unread('book lab-3 2h for TB-04 SD-WAN pod', '2h for TB-04 SD-WAN pod');
    // A colleague after the time is who the booking may be for, as after `for` alone.
    expect(dispatched('book lab-3 2h for Linus')).toEqual([
      { type: 'registration.started', testbedName: 'lab-3', filled: at('12:00', 'Linus'), forWho: { words: 'Linus', testbedName: 'lab-3', filled: at('12:00') } },
    ]);
  });

  it('without `book` the same words stay what they were: news about the testbed is no booking', () => {
    expect(dispatched('lab-3 regression until 5pm')).toEqual({ kind: 'reply', view: { kind: 'hint', testbedId: 3 } });
    expect(dispatched('lab-3 2 hours for regression')).toEqual({ kind: 'reply', view: { kind: 'hint', testbedId: 3 } });
  });
});

describe('router: the thirty-second round of everyday words', () => {
  const book3 = [{ type: 'registration.started', testbedName: 'lab-3' }];
  const status3 = [{ type: 'status.requested', label: 'lab-3' }];
  const free = [{ type: 'status.requested', label: 'free' }];
  const dueToday = [{ type: 'status.requested', label: 'due-today' }];
  const all = [{ type: 'status.requested' }];
  const hint3 = { kind: 'reply', view: { kind: 'hint', testbedId: 3 } };
  it.each([
    // A booking said as what they are doing or about to do (the hint before).
    ["I'm going to use lab-3", book3],
    ['going to book lab-3', book3],
    ["I'm booking lab-3", book3],
    ['booking lab-3', book3],
    ['reserving lab-3', book3],
    ["I'm gonna need lab-3", book3],
    // Words chat shortens.
    ['gonna use lab-3', book3],
    ['wanna book lab-3', book3],
    ['want to book lab-3', book3],
    ['lab-3 avail?', status3],
    ['is lab-3 avail', status3],
    ["what's avail", free],
    ['avail?', free],
    // What is free (a hint before).
    ['is there any free testbed', free],
    ['is there a free testbed', free],
    ['anything free in an hour', free],
    ['anything free after lunch', free],
    ['free after 3pm', free],
    ["what's free tomorrow", free],
    ['what will be free soon', dueToday],
    ["what's free later", dueToday],
    ['what comes back today', dueToday],
    ['free later today', dueToday],
    // The whole lab.
    ['what testbeds are there', all],
    ['which testbeds exist', all],
    ['what 5g testbeds are there', [{ type: 'status.requested', label: '5g' }]],
    // Whether it is in use, who holds it and until when: its status.
    ['is lab-3 being used', status3],
    ['is lab-3 used', status3],
    ['lab-3 still in use?', status3],
    ["who's the holder of lab-3", status3],
    ['who lab-3', status3],
    ['lab-3 user', status3],
    ['current user of lab-3', status3],
    ["what's the purpose of lab-3", status3],
    ['lab-3 due?', status3],
    ['lab-3 due when', status3],
    ['lab-3 expected release', status3],
    ['lab-3 release time', status3],
    ['what time is lab-3 released', status3],
    ['lab-3 until when', status3],
    ['till when is lab-3 booked', status3],
    ['lab-3 booked until', status3],
    // A colleague asked about: not read, and the status says it.
    ['when does Linus release lab-3', status3],
    ['when will Linus be done with lab-3', status3],
    ['how long is Linus going to keep lab-3', status3],
    ["what's Linus doing on lab-3", status3],
  ])('%s', (typed, expected) => {
    expect(dispatched(typed)).toEqual(expected);
  });

  it('news with the same words stays news: `booking lab-3 failed`, `free after Linus`, `what foo testbeds are there`', () => {
    expect(dispatched('booking lab-3 failed')).toEqual(hint3);
    expect(dispatched('reserving lab-3 is hard')).toEqual(hint3);
    expect(dispatched('free after Linus')).toEqual({ kind: 'reply', view: { kind: 'hint' } });
    expect(dispatched('what foo testbeds are there')).toEqual({ kind: 'reply', view: { kind: 'hint' } });
    // `who owns lab-3` stays what it was beside `who lab-3`.
    expect(dispatched('who owns lab-3')).toEqual(status3);
  });

  it.each([
    // A new end for their booking, said as a change (later than due is an extension, earlier a Done by: the card decides).
    ['set lab-3 to release at 5pm', { testbedId: 3, doneBy: '2026-03-02T17:00:00.000Z' }],
    ['change my release time to 4pm', { doneBy: '2026-03-02T16:00:00.000Z' }],
    ['change release time of lab-3 to 4pm', { testbedId: 3, doneBy: '2026-03-02T16:00:00.000Z' }],
    ['change my end time to 6', { doneBy: '2026-03-02T18:00:00.000Z' }],
    ['my booking ends at 6 now', { doneBy: '2026-03-02T18:00:00.000Z' }],
    ['shorten lab-3 to 3pm', { testbedId: 3, doneBy: '2026-03-02T15:00:00.000Z' }],
    ['stretch my booking to 6pm', { doneBy: '2026-03-02T18:00:00.000Z' }],
    ['set it to end at 6', { doneBy: '2026-03-02T18:00:00.000Z' }],
    // No time said: their bookings (the testbed chosen), where the buttons are.
    ['shorten my booking', {}],
    ['change the end time', {}],
    ['lengthen the booking of lab-3', { testbedId: 3 }],
    ['release lab-3 later', { testbedId: 3 }],
    ["I'll release lab-3 soon", { testbedId: 3 }],
    ["release lab-3 when I'm done", { testbedId: 3 }],
    ['release it later', {}],
    // More time, said as people say it.
    ['I need a bit longer', {}],
    ['can I keep lab-3 longer', { testbedId: 3 }],
    ['running late', {}],
    ["I'm running late", {}],
    ["I'll be late", {}],
    ["I'll be a bit longer", {}],
    ["I'll be another hour", { extendMinutes: 60 }],
    ["I'll need 30 more minutes", { extendMinutes: 30 }],
    ['running late, need another hour', { extendMinutes: 60 }],
    ['hold on to lab-3', { testbedId: 3 }],
    ['hang on to lab-3 until friday', { testbedId: 3, extendUntil: '2026-03-06T23:59:00.000Z' }],
  ])('%s: their bookings', (typed, asked) => {
    expect(dispatched(typed)).toEqual([{ type: 'mine.requested', ...asked }]);
  });

  it.each([
    // A place in its queue, said as people say it (a hint, or “no testbed called lab-3 frees”, before).
    ['waiting on lab-3', 'wait'],
    ['line up for lab-3', 'wait'],
    ['alert me when lab-3 frees', 'wait'],
    ['ping me when lab-3 is done', 'wait'],
    ['tell me when Linus is done with lab-3', 'wait'],
  ])('%s: a place in the queue for lab-3', (typed, type) => {
    expect(dispatched(typed)).toEqual([{ type: 'lifecycle.submitted', request: { type, testbedId: 3 }, now: NOW }]);
  });

  it.each([
    ['not waiting anymore', [{ type: 'mine.requested', queues: true }]],
    ['how many in the lab-3 queue', status3],
    ['??', [{ type: 'help.requested' }]],
    ['?!', [{ type: 'help.requested' }]],
    ['anyone there?', [{ type: 'menu.requested' }]],
    ['how are you', [{ type: 'menu.requested' }]],
    ['test', [{ type: 'menu.requested' }]],
    ['testing 123', [{ type: 'menu.requested' }]],
    ['goodnight', { kind: 'reply', view: { kind: 'thanks', ack: true } }],
    ['nice one', { kind: 'reply', view: { kind: 'thanks', ack: true } }],
    // Displeasure: the feedback form, where it reaches the people who can change it.
    ['bad bot', [{ type: 'feedback.started' }]],
    ["you're useless", [{ type: 'feedback.started' }]],
    ['this bot sucks', [{ type: 'feedback.started' }]],
  ])('%s', (typed, expected) => {
    expect(dispatched(typed)).toEqual(expected);
  });

  it.each([
    // Something only the lab's people can do: the form that tells the admins, holding what was typed.
    ['reboot lab-3'],
    ['power cycle lab-3'],
    ['reimage lab-3'],
    ['lab-3 needs to be reimaged'],
    ['lab-3 needs a restart'],
  ])('%s: the form that tells the admins', (typed) => {
    expect(dispatched(typed)).toEqual({ kind: 'reply', view: { kind: 'problemForm', testbedId: 3, text: typed } });
  });

  it('a problem with no testbed named asks which one, with an example; `reset the queue for lab-3` is no problem report', () => {
    for (const typed of ['report a problem', 'report an issue', 'I have a problem', "there's an issue"]) {
      expect(dispatched(typed)).toEqual({
        kind: 'reply',
        view: { kind: 'error', message: 'Which testbed is it? Type its name and what is wrong, for example: lab-3 is not booting. The lab’s admins get it in a direct message, with your name.' },
      });
    }
    expect(dispatched('report a bug')).toEqual([{ type: 'feedback.started' }]);
    expect(dispatched('reset the queue for lab-3')).toEqual(hint3);
  });

  it('`who can fix lab-3` names the admins; `lab-3 maintenance` is its status; `export` is the report', () => {
    for (const typed of ['who can fix lab-3', 'who should I tell about lab-3', 'who do I ask to reboot lab-3']) expect(dispatched(typed)).toEqual([{ type: 'admins.asked' }]);
    expect(dispatched('who can fix my code')).toEqual({ kind: 'reply', view: { kind: 'hint' } });
    expect(dispatched('lab-3 maintenance')).toEqual(status3);
    for (const typed of ['export', 'export csv', 'export data as csv']) expect(dispatched(typed)).toEqual([{ type: 'report.requested' }]);
  });

  it('`take lab-3 from Linus` is an admin’s force release (a later start, `from 2pm`, stays a booking); `release lab-3 for Linus` opens the form on lab-3', () => {
    expect(dispatched('take lab-3 from Linus')).toEqual([{ type: 'admin.formRequested', task: 'force_release', values: { testbed_id: '3' } }]);
    expect(dispatched('take lab-3 from 2pm')).toEqual([{ type: 'registration.started', testbedName: 'lab-3', unread: 'from 2pm' }]);
    expect(dispatched('take lab-3 from lunch')).toEqual([{ type: 'registration.started', testbedName: 'lab-3', unread: 'from lunch' }]);
    expect(dispatched('release lab-3 for Linus')).toEqual([{ type: 'release.started', testbedName: 'lab-3' }]);
    expect(dispatched('release lab-3 because the soak hung')).toEqual([{ type: 'release.started', testbedName: 'lab-3' }]);
    expect(isCommandText('take lab-3 from Linus', testbeds)).toBe(false);
  });

  it('`book 2 5g testbeds for 2 hours` keeps its count: a number alone is no testbed before a time and a purpose', () => {
    expect(dispatched('book 2 5g testbeds for 2 hours', { ...ctx, testbeds: [...testbeds, { id: 2, testbed_name: 'ran-2', labels: ['5g'] }], knownTestbedIds: [2, 3, 4] })).toEqual([
      { type: 'registration.started', testbedName: '2 5g testbeds', filled: { release_choice: 'custom', release_date: '2026-03-02', release_time: '12:00' } },
    ]);
  });

  it.each([
    // Said back to a reminder: their bookings, which show what they still hold.
    ['released'],
    ['I released it'],
    ['already released'],
    ['I already released it'],
    ["it's released"],
    ['I gave it back'],
    ["I don't have it"],
    ["that's not mine"],
    ['wrong person'],
    ['not me'],
    ['I never booked that'],
    ['someone booked it for me'],
  ])('%s: their bookings', (typed) => {
    expect(dispatched(typed)).toEqual([{ type: 'mine.requested' }]);
  });

  it('`no release it` releases as `no, release it` does; `why did you message me` and `what do you want` are help', () => {
    expect(dispatched('no release it')).toEqual([{ type: 'release.started' }]);
    expect(dispatched('why did you message me')).toEqual([{ type: 'help.requested' }]);
    expect(dispatched('what do you want')).toEqual([{ type: 'help.requested' }]);
    // `it's free` stays a release (as before), `what is this` the plain hint.
    expect(dispatched("it's free")).toEqual([{ type: 'release.started' }]);
    expect(dispatched('what is this')).toEqual({ kind: 'reply', view: { kind: 'hint' } });
  });

  it('a release by mistake (`undo release`, `I accidentally released it`) or `repeat my last booking` fills the form as the last booking; `cancel my last booking` releases', () => {
    for (const typed of ['undo release', 'I released by mistake', 'I released it by accident', 'I accidentally released it', 'repeat last booking', 'repeat my last booking']) {
      expect(dispatched(typed)).toEqual([{ type: 'registration.started', again: true }]);
    }
    expect(dispatched('cancel my last booking')).toEqual([{ type: 'release.started' }]);
    expect(dispatched('cancel the current booking')).toEqual([{ type: 'release.started' }]);
    // `undo` alone stays their bookings.
    expect(dispatched('undo')).toEqual([{ type: 'mine.requested' }]);
  });

  it('`book 3 testbeds` (or `I need 3 testbeds`) is a count, not testbed number 3; `book 3` stays lab-3', () => {
    expect(dispatched('book 3 testbeds')).toEqual([{ type: 'registration.started', testbedName: '3 testbeds' }]);
    expect(dispatched('I need 3 testbeds')).toEqual([{ type: 'registration.started', testbedName: '3 testbeds' }]);
    expect(dispatched('book 3')).toEqual([{ type: 'registration.started', testbedName: '3' }]);
  });

  it.each([
    ['can I get on lab-3', book3],
    ['lemme have lab-3', book3],
    ['anyone got a free testbed?', free],
    ['does anyone have a free one', free],
    ['anything happening', { kind: 'reply', view: { kind: 'digest' } }],
    ["how's the lab", { kind: 'reply', view: { kind: 'digest' } }],
    ['lab overview', { kind: 'reply', view: { kind: 'digest' } }],
    ['when is mine due', [{ type: 'mine.requested' }]],
    ['am I still booked', [{ type: 'mine.requested' }]],
    ['did my booking go through', [{ type: 'mine.requested' }]],
    ['was it booked', [{ type: 'mine.requested' }]],
  ])('%s', (typed, expected) => {
    expect(dispatched(typed)).toEqual(expected);
  });

  it.each([
    // Offered to whoever wants it, or no longer used: the release form (it was a hint, or a testbed called “lab-3 if anyone needs it”).
    ["I'm done with lab-3 if anyone needs it", [{ type: 'release.started', testbedName: 'lab-3' }]],
    ['release lab-3, if anyone else wants it', [{ type: 'release.started', testbedName: 'lab-3' }]],
    ['lab-3 is free if anyone wants it', [{ type: 'release.started', testbedName: 'lab-3' }]],
    ['anyone want lab-3?', [{ type: 'release.started', testbedName: 'lab-3' }]],
    ['free lab-3 up', [{ type: 'release.started', testbedName: 'lab-3' }]],
    ['lab-3 no longer in use', [{ type: 'release.started', testbedName: 'lab-3' }]],
    // Said to say they hold it: their bookings with lab-3 chosen, which show whether they do.
    ['I took lab-3', [{ type: 'mine.requested', testbedId: 3 }]],
    ["I've got lab-3", [{ type: 'mine.requested', testbedId: 3 }]],
    ['just booked lab-3', [{ type: 'mine.requested', testbedId: 3 }]],
    ['lab-3 is mine', [{ type: 'mine.requested', testbedId: 3 }]],
    ['lab-3 is taken by me', [{ type: 'mine.requested', testbedId: 3 }]],
    // A colleague to hand it to, as `Linus can have lab-3`.
    ['Linus can take lab-3', [{ type: 'handOver.started', testbedId: 3, to: 'Linus' }]],
    // Its status, history, what is free, the report.
    ['lab-3 idle', status3],
    ['who wants lab-3', status3],
    ["what's not being used", free],
    ["what's the busiest testbed", [{ type: 'report.requested' }]],
    ['when was lab-3 last free', [{ type: 'history.requested', testbedId: 3 }]],
    ['lab-3 last user', [{ type: 'history.requested', testbedId: 3 }]],
    ['count my bookings', [{ type: 'mine.requested' }]],
  ])('%s', (typed, expected) => {
    expect(dispatched(typed)).toEqual(expected);
  });

  it.each([
    // `need to` before a command is courtesy (it was the purpose of a booking: “extend lab-3”, “report a problem with lab-3”).
    ['need to extend lab-3', [{ type: 'mine.requested', testbedId: 3 }]],
    ['need to report a problem with lab-3', { kind: 'reply', view: { kind: 'problemForm', testbedId: 3 } }],
    ['want to wait for lab-3', [{ type: 'lifecycle.submitted', request: { type: 'wait', testbedId: 3 }, now: NOW }]],
    // `know` or `see` before a question (`want` was read as a slip of `wait`).
    ['want to know who has lab-3', status3],
    ["need to know what's free", free],
    ['want to see the status', [{ type: 'status.requested' }]],
    ["I'd like to know when lab-3 is free", status3],
    ['I want to know if lab-3 is free', status3],
    ['when lab-3 is free', status3],
  ])('%s', (typed, expected) => {
    expect(dispatched(typed)).toEqual(expected);
  });

  it('`need to talk to Linus` is no booking (it was, with the purpose “talk to Linus”); `when the meeting is over` names no testbed', () => {
    expect(dispatched('need to talk to Linus')).toEqual({ kind: 'reply', view: { kind: 'hint' } });
    expect(dispatched('when the meeting is over')).toEqual({ kind: 'reply', view: { kind: 'hint' } });
  });

  it('`I took a break`, `I have a question`, `anyone want a coffee` name no testbed: hints', () => {
    for (const typed of ['I took a break', 'I have a question', 'anyone want a coffee']) expect(dispatched(typed)).toEqual({ kind: 'reply', view: { kind: 'hint' } });
    expect(isCommandText('Linus can take lab-3', testbeds)).toBe(false);
  });

  it('`test lab-3` and `lab-3 after Linus` stay hints about lab-3', () => {
    expect(dispatched('test lab-3')).toEqual(hint3);
    expect(dispatched('lab-3 after Linus')).toEqual(hint3);
  });

  it('`swap lab-3 and TB-04` (or `switch between …`) moves the booking, as `swap lab-3 for TB-04`; a second word that is no testbed stays a hint', () => {
    expect(dispatched('swap lab-3 and TB-04')).toEqual({ kind: 'reply', view: { kind: 'switchForm', testbedId: 4, fromId: 3 } });
    expect(dispatched('switch between lab-3 and TB-04')).toEqual({ kind: 'reply', view: { kind: 'switchForm', testbedId: 4, fromId: 3 } });
    expect(dispatched('swap lab-3 and foo')).toEqual(hint3);
  });

  it('`queu lab-3` names `queue lab-3`, whose button takes a place in its queue', () => {
    expect(dispatched('queu lab-3')).toEqual({ kind: 'reply', view: { kind: 'hint', suggestion: 'queue', testbedId: 3 } });
  });

  it('a recording blanks a colleague asked about, and keeps the same words naming nobody', () => {
    for (const said of ['when does Linus release lab-3', 'when will Linus be done with lab-3', 'how long is Linus going to keep lab-3', "what's Linus doing on lab-3", 'tell me when Linus is done with lab-3']) {
      expect(isCommandText(said, testbeds)).toBe(false);
    }
    for (const said of ['is lab-3 being used', 'lab-3 due?', 'anything free after lunch', 'booking lab-3', 'wanna book lab-3', 'what testbeds are there']) {
      expect(isCommandText(said, testbeds)).toBe(true);
    }
    expect(isCommandText('free after Zebrafalcon', testbeds)).toBe(false);
    // Running late and more: kept when what follows reads as more time, blanked when it is a person's own words.
    expect(isCommandText('running late, need another hour', testbeds)).toBe(true);
    expect(isCommandText('running late, need another Zebrafalcon hour', testbeds)).toBe(false);
    // `make me an admin` names nobody; a word of nobody's lab between `me` and `admin` is a person's (it was kept).
    expect(isCommandText('make me an admin', testbeds)).toBe(true);
    expect(isCommandText('make me Zebrafalcon admin', testbeds)).toBe(false);
    // A clock said aloud takes no other word before `quarter` (`Zebrafalcon quarter to six` was read as 17:45 and kept).
    expect(isCommandText('book lab-3 till a quarter past 5', testbeds)).toBe(true);
    expect(isCommandText('book lab-3 till Zebrafalcon quarter past 5', testbeds)).toBe(false);
  });
});

describe('router: the thirty-third round: a reason with more time, a label said again, sentences', () => {
  const status3 = [{ type: 'status.requested', label: 'lab-3' }];
  const hint3 = { kind: 'reply', view: { kind: 'hint', testbedId: 3 } };
  const twoHours = { release_choice: 'custom', release_date: '2026-03-02', release_time: '12:00' };

  it.each([
    // A reason after the length or time (their bookings without lab-3 chosen, or without the length, before).
    ['extend lab-3 2h for the soak', { testbedId: 3, extendMinutes: 120 }],
    ['extend lab-3 by 2h for the soak', { testbedId: 3, extendMinutes: 120 }],
    ['extend lab-3 2h because the soak is still running', { testbedId: 3, extendMinutes: 120 }],
    ['extend lab-3 2h, soak still running', { testbedId: 3, extendMinutes: 120 }],
    ['extend lab-3 until 5pm for the demo', { testbedId: 3, extendUntil: '2026-03-02T17:00:00.000Z' }],
    ['extend my booking 2h for the soak', { extendMinutes: 120 }],
    ['extend 2h for the soak', { extendMinutes: 120 }],
    // `back` and a length, without `by` (the hint before).
    ['push lab-3 back 2h', { testbedId: 3, extendMinutes: 120 }],
    ['push it back an hour', { extendMinutes: 60 }],
    ['push my booking back 30 min', { extendMinutes: 30 }],
  ])('%s', (typed, asked) => {
    expect(dispatched(typed)).toEqual([{ type: 'mine.requested', ...asked }]);
  });

  it('a reason is a person’s words: a recording blanks it, and keeps the same length without one; a second length is no reason', () => {
    expect(isCommandText('extend lab-3 2h for the soak', testbeds)).toBe(false);
    expect(isCommandText('extend lab-3 2h', testbeds)).toBe(true);
    expect(isCommandText('extend lab-3 by 2h', testbeds)).toBe(true);
    // `for the afternoon` alone is when it ends, as before.
    expect(dispatched('extend lab-3 for the afternoon')).toEqual([{ type: 'mine.requested', testbedId: 3, extendUntil: '2026-03-02T17:00:00.000Z' }]);
    expect(dispatched('extend lab-3 for the soak')).toEqual([{ type: 'mine.requested', testbedId: 3 }]);
  });

  it('a label the testbed carries, typed after its name, is no purpose nor words unread; after `for` it is the purpose; another testbed keeps it', () => {
    expect(dispatched('book lab-3 5g 2h')).toEqual([{ type: 'registration.started', testbedName: 'lab-3', filled: twoHours }]);
    expect(dispatched('book lab-3 (5g) for 2h')).toEqual([{ type: 'registration.started', testbedName: 'lab-3', filled: twoHours }]);
    expect(dispatched('book lab-3 5g')).toEqual([{ type: 'registration.started', testbedName: 'lab-3' }]);
    expect(dispatched('book lab-3 5g testbed')).toEqual([{ type: 'registration.started', testbedName: 'lab-3' }]);
    expect(dispatched('book lab-3 for 5g')).toEqual([{ type: 'registration.started', testbedName: 'lab-3', filled: { purpose: '5g' } }]);
    expect(dispatched('book TB-04 5g 2h')).toEqual([{ type: 'registration.started', testbedName: 'TB-04', filled: { ...twoHours, purpose: '5g' } }]);
  });

  it.each([
    ["who's on lab-3 today", status3],
    ['who is using lab-3 atm', status3],
    ['who is on lab-3 currently', status3],
    ['why did I get a reminder', { kind: 'reply', view: { kind: 'rules' } }],
    ['why am I getting reminders', { kind: 'reply', view: { kind: 'rules' } }],
    ['unqueue', [{ type: 'mine.requested', queues: true }]],
    ['dequeue', [{ type: 'mine.requested', queues: true }]],
    ['unqueue me', [{ type: 'mine.requested', queues: true }]],
    ['releasing everything', [{ type: 'mine.requested' }]],
    ['logging off, releasing everything', [{ type: 'mine.requested' }]],
    ['release everything I have', [{ type: 'mine.requested' }]],
    ["give back everything I've got", [{ type: 'mine.requested' }]],
    ['show holds', [{ type: 'status.requested', label: 'in-use' }]],
    ['ci holds', [{ type: 'status.requested', label: 'in-use' }]],
    ['Linus wants lab-3, give it to him', [{ type: 'handOver.started', testbedId: 3, to: 'Linus' }]],
    ['Linus needs lab-3 so hand it over to him', [{ type: 'handOver.started', testbedId: 3, to: 'Linus' }]],
  ])('%s', (typed, expected) => {
    expect(dispatched(typed)).toEqual(expected);
  });

  it('`book lab-3 for my colleague` says how to book for a colleague (it was the purpose “my colleague”); a name stays who it is for', () => {
    const how = 'To book for a colleague, type book, the testbed and their email or name: book lab-3 for name@example.com. They hold it and get the reminders, and a message says you booked it for them.';
    for (const typed of ['book lab-3 for my colleague', 'book lab-3 for someone else', 'book for someone else']) {
      expect(dispatched(typed)).toEqual({ kind: 'reply', view: { kind: 'error', message: how } });
    }
    expect(dispatched('book lab-3 for Linus')).toMatchObject([{ type: 'registration.started', testbedName: 'lab-3', forWho: { words: 'Linus' } }]);
    expect(dispatched('how do pipelines book')).toMatchObject({ kind: 'reply', view: { kind: 'error', message: expect.stringMatching(/^Pipelines hold testbeds through the bot’s HTTP API/) } });
  });

  it('no command as a whole: each sentence on its own, the first that asks for something (a greeting only when nothing else does)', () => {
    expect(dispatched('hey, is lab-3 free? need it for a demo')).toEqual(status3);
    expect(dispatched("morning! who's on lab-3 today")).toEqual(status3);
    expect(dispatched("Hmm. What's free?")).toEqual([{ type: 'status.requested', label: 'free' }]);
    expect(dispatched('can I have lab-3? need it for a demo')).toEqual([{ type: 'registration.started', testbedName: 'lab-3' }]);
    expect(dispatched('why? who has lab-3?')).toEqual(status3);
    expect(dispatched('morning all. how are things')).toEqual([{ type: 'menu.requested' }]);
    // A thank-you is no request: the hint about lab-3 stays.
    expect(dispatched('lab-3 looks odd today. thanks')).toEqual(hint3);
    expect(dispatched('I tried to book lab-3. It failed.')).toEqual({ kind: 'reply', view: { kind: 'hint' } });
    // The words around the command are a person's: a recording blanks them.
    expect(isCommandText('is lab-3 free? need it for a demo', testbeds)).toBe(false);
  });

  it('a thank-you said as a sentence of its own after a command adds nothing (`done with lab-3. Thanks all!` named “lab-3. Thanks all”)', () => {
    expect(dispatched('Done with lab-3. Thanks all!')).toEqual([{ type: 'release.started', testbedName: 'lab-3' }]);
    expect(dispatched('book lab-3. thank you in advance')).toEqual([{ type: 'registration.started', testbedName: 'lab-3' }]);
    expect(dispatched('Thanks. Also, who has lab-3?')).toEqual(status3);
    expect(isCommandText('Done with lab-3. Thanks all!', testbeds)).toBe(true);
  });

  it.each([
    // Whether somebody is on it, said short (the hint before).
    ['lab-3 anyone?', status3],
    ['lab-3, anyone?', status3],
    ['lab-3 free to use?', status3],
    ["what's my purpose on lab-3", status3],
    // A board marked: free is a release, taken a booking.
    ['set lab-3 to free', [{ type: 'release.started', testbedName: 'lab-3' }]],
    ['lab-3 -> free', [{ type: 'release.started', testbedName: 'lab-3' }]],
    ['lab-3 = free', [{ type: 'release.started', testbedName: 'lab-3' }]],
    ['mark lab-3 as mine', [{ type: 'registration.started', testbedName: 'lab-3' }]],
    ['mark lab-3 as in use', [{ type: 'registration.started', testbedName: 'lab-3' }]],
    ['set lab-3 busy', [{ type: 'registration.started', testbedName: 'lab-3' }]],
    ['just need lab-3 for 5 minutes', [{ type: 'registration.started', testbedName: 'lab-3', filled: { release_choice: 'custom', release_date: '2026-03-02', release_time: '10:05' } }]],
    // The whole lab, and what is new.
    ['detailed status', [{ type: 'status.requested' }]],
    ['status --all', [{ type: 'status.requested' }]],
    ['status -v', [{ type: 'status.requested' }]],
    ['sitrep', [{ type: 'status.requested' }]],
    ['board', [{ type: 'status.requested' }]],
    ['any news', { kind: 'reply', view: { kind: 'digest' } }],
    ['anything new', { kind: 'reply', view: { kind: 'digest' } }],
    ['updates?', { kind: 'reply', view: { kind: 'digest' } }],
    // A place in its queue.
    ['put me on the list for lab-3', [{ type: 'lifecycle.submitted', request: { type: 'wait', testbedId: 3 }, now: NOW }]],
    ['add me to lab-3', [{ type: 'lifecycle.submitted', request: { type: 'wait', testbedId: 3 }, now: NOW }]],
    ['after you with lab-3', [{ type: 'lifecycle.submitted', request: { type: 'wait', testbedId: 3 }, now: NOW }]],
    ["when you're done with lab-3 can I have it", [{ type: 'lifecycle.submitted', request: { type: 'wait', testbedId: 3 }, now: NOW }]],
    ['when Linus is done with lab-3, can I get it', [{ type: 'lifecycle.submitted', request: { type: 'wait', testbedId: 3 }, now: NOW }]],
    // Said to a colleague by name: read without it.
    ['Linus, can I have lab-3 after you?', [{ type: 'lifecycle.submitted', request: { type: 'wait', testbedId: 3 }, now: NOW }]],
    ['Linus Lab, are you still on lab-3?', [{ type: 'lifecycle.submitted', request: { type: 'ask', testbedId: 3 }, now: NOW }]],
  ])('%s', (typed, expected) => {
    expect(dispatched(typed)).toEqual(expected);
  });

  it('a flag after `status` is no label, while a mark between a command and its testbed still says nothing (`book -- lab-3` named “- lab-3”)', () => {
    expect(dispatched('status - 5g')).toEqual([{ type: 'status.requested', label: '5g' }]);
    expect(dispatched('status -- 5g')).toEqual([{ type: 'status.requested', label: '5g' }]);
    expect(dispatched('book -- lab-3')).toEqual([{ type: 'registration.started', testbedName: 'lab-3' }]);
    expect(dispatched('release - lab-3')).toEqual([{ type: 'release.started', testbedName: 'lab-3' }]);
  });

  it('a recording blanks the colleague whose end is waited for, and keeps the same words said to the holder', () => {
    expect(isCommandText('when Linus is done with lab-3, can I get it', testbeds)).toBe(false);
    expect(isCommandText('when Zebrafalcon is done with lab-3, can I get it', testbeds)).toBe(false);
    expect(isCommandText("when you're done with lab-3 can I have it", testbeds)).toBe(true);
    expect(isCommandText('Linus, can I have lab-3 after you?', testbeds)).toBe(false);
    for (const said of ['lab-3 anyone?', 'set lab-3 to free', 'mark lab-3 as mine', 'status --all', 'add me to lab-3']) expect(isCommandText(said, testbeds)).toBe(true);
  });

  it.each([
    // A problem said as people say it: the form that tells the admins, holding what was typed.
    ['lab-3 has a bad cable'],
    ['lab-3 is on fire'],
    ['the power on lab-3 is off'],
    ['flag lab-3'],
    ['open a ticket for lab-3'],
    ['file a bug against lab-3'],
  ])('%s', (typed) => {
    expect(dispatched(typed)).toEqual({ kind: 'reply', view: { kind: 'problemForm', testbedId: 3, text: typed } });
  });

  it('an offer answered as people answer it: passed on, or asked about; `anyone else having issues with lab-3` is its history', () => {
    for (const typed of ['skip me this time', "no thanks, I'm good", 'no need', 'I found another one', 'I got another testbed']) {
      expect(dispatched(typed)).toEqual({ kind: 'reply', view: { kind: 'notNeeded' } });
    }
    for (const typed of ['how long do I have to accept', "I can't right now"]) expect(dispatched(typed)).toEqual({ kind: 'reply', view: { kind: 'offerTaken', otherwise: 'hint' } });
    expect(dispatched('anyone else having issues with lab-3')).toEqual([{ type: 'history.requested', testbedId: 3 }]);
    // `I'm good` alone may answer anything: the hint.
    expect(dispatched("I'm good")).toEqual({ kind: 'reply', view: { kind: 'hint' } });
  });

  it('`bot,` before a command calls the bot; chat spells `what` short; `anyone free` asks for the free ones; a count alone books', () => {
    const free = [{ type: 'status.requested', label: 'free' }];
    for (const typed of ["bot, what's free", 'wats free', "wat's free", 'something free?', 'anyone free', 'any1 free']) expect(dispatched(typed), typed).toEqual(free);
    expect(dispatched('bot: book lab-3')).toEqual([{ type: 'registration.started', testbedName: 'lab-3' }]);
    // `bot status` asks after the bot itself: the menu, as before.
    expect(dispatched('bot status')).toEqual([{ type: 'menu.requested' }]);
    expect(dispatched('2 5g testbeds please')).toEqual([{ type: 'registration.started', testbedName: '2 5g testbeds' }]);
    expect(dispatched('two testbeds')).toEqual([{ type: 'registration.started', testbedName: 'two testbeds' }]);
    // A label nobody's testbed carries: no such ask.
    expect(dispatched('3 foo testbeds')).toEqual({ kind: 'reply', view: { kind: 'hint' } });
  });

  it.each([
    // A complaint about who holds it: its status, whose row names the holder and offers Ask the holder (the hint before).
    ['Linus left for the day and still has lab-3', status3],
    ['Linus is on vacation but holds lab-3', status3],
    ['Linus is overdue on lab-3', status3],
    ["who's holding lab-3 hostage", status3],
    ['lab-3 has been busy all week', status3],
    ['why is lab-3 always busy', status3],
    ['lab-3 is always taken', status3],
    ['lab-3 overdue?', status3],
    // Theirs by word of mouth, or borrowed: the booking form, which says who holds it.
    ['Linus said I can use lab-3', [{ type: 'registration.started', testbedName: 'lab-3' }]],
    ['Linus gave me lab-3', [{ type: 'registration.started', testbedName: 'lab-3' }]],
    ['I got lab-3 from Linus', [{ type: 'registration.started', testbedName: 'lab-3' }]],
    ['can I borrow lab-3 from Linus', [{ type: 'registration.started', testbedName: 'lab-3' }]],
    // `my name` is the person typing (it looked for a colleague called “my name”).
    ['move lab-3 to my name', [{ type: 'handOver.started', testbedId: 3, to: 'me' }]],
  ])('%s', (typed, expected) => {
    expect(dispatched(typed)).toEqual(expected);
  });

  it('a colleague named in these is not read, and a recording blanks the text; the same about the testbed alone is kept', () => {
    for (const said of ['Linus is overdue on lab-3', 'Linus said I can use lab-3', 'I got lab-3 from Linus', 'Linus left for the day and still has lab-3', 'can I borrow lab-3 from Linus', 'Zebrafalcon gave me lab-3']) {
      expect(isCommandText(said, testbeds), said).toBe(false);
    }
    for (const said of ["who's holding lab-3 hostage", 'lab-3 is always taken', 'lab-3 overdue?']) expect(isCommandText(said, testbeds), said).toBe(true);
    // `borrow … from` a time is no colleague: the booking reads it as a later start, as before.
    expect(dispatched('can I borrow lab-3 from 2pm')).toMatchObject([{ type: 'registration.started', testbedName: 'lab-3', unread: 'from 2pm' }]);
    // (`take over lab-3 from 2pm` dropped the time before: the booking names it now.)
    expect(dispatched('take over lab-3 from 2pm')).toMatchObject([{ type: 'registration.started', testbedName: 'lab-3', unread: 'from 2pm' }]);
  });

  it('several testbeds asked about at once, and a label asked about with `all` or `status`, are their status', () => {
    expect(dispatched('lab-3 or TB-04 free?')).toEqual([{ type: 'status.requested', label: 'lab-3 or TB-04' }]);
    expect(dispatched('any of lab-3, TB-04 free?')).toEqual([{ type: 'status.requested', label: 'lab-3, TB-04' }]);
    expect(dispatched('are lab-3 or TB-04 free')).toEqual([{ type: 'status.requested', label: 'lab-3 or TB-04' }]);
    for (const typed of ['all 5g status', 'status of all 5g', 'status all 5g', 'status 5g free', 'free 5g status']) expect(dispatched(typed), typed).toEqual([{ type: 'status.requested', label: '5g' }]);
    // `are` before one thing is no list: `are you free` stays the hint, and `are both free` too.
    expect(dispatched('are you free')).toEqual({ kind: 'reply', view: { kind: 'hint' } });
    expect(dispatched('are both free')).toEqual({ kind: 'reply', view: { kind: 'hint' } });
  });

  it('what follows the first word of a name of several words, however its separators are typed, is a mention of it (a hint with its status)', () => {
    // (Its last words are its name now, as people call it: `the SD-WAN pod` alone is its status, as `TB-04` is.)
    for (const typed of ['sdwan pod', 'the sd-wan pod']) expect(dispatched(typed), typed).toEqual([{ type: 'status.requested', label: 'TB-04 SD-WAN pod' }]);
    expect(dispatched('SD-WAN pod free?')).toEqual([{ type: 'status.requested', label: 'SD-WAN pod' }]);
    // One word of it is no mention.
    expect(dispatched('the pod people')).toEqual({ kind: 'reply', view: { kind: 'hint' } });
  });

  it('a short first clause is read when the whole is no command (`still need it, soak running`); `lab-3, it is broken` says it of lab-3', () => {
    expect(dispatched('still need it, soak running')).toEqual([{ type: 'mine.requested' }]);
    expect(dispatched('no thanks, skip')).toEqual({ kind: 'reply', view: { kind: 'notNeeded' } });
    expect(dispatched("lab-3, it's broken again")).toEqual({ kind: 'reply', view: { kind: 'problemForm', testbedId: 3, text: "it's broken again" } });
    expect(dispatched('lab-3, is it free?')).toEqual(status3);
    // One word before the comma is no clause of its own: a card's heading quoted stays the hint.
    expect(dispatched('Usage, last 7 days')).toEqual({ kind: 'reply', view: { kind: 'hint' } });
    expect(dispatched('keep until tomorrow')).toEqual([{ type: 'mine.requested', extendUntil: '2026-03-03T10:00:00.000Z' }]);
    expect(dispatched('still need 2 more hours')).toEqual([{ type: 'mine.requested', extendMinutes: 120 }]);
  });

  it.each([
    // Why it is held, and when it is back: its status, whose row gives the purpose and the expected release.
    ['who booked lab-3 and why'],
    ['what is Linus using lab-3 for'],
    ['why does Linus need lab-3'],
    ['lab-3 purpose?'],
    ["what's the eta on lab-3"],
    ['lab-3 back when'],
    ['any idea when lab-3 frees up'],
    ['is lab-3 free in an hour'],
    ['will lab-3 be free in 30 min'],
  ])('%s', (typed) => {
    expect(dispatched(typed)).toEqual(status3);
  });

  it('the colleague asked about is not read, and a recording blanks the text', () => {
    for (const said of ['what is Linus using lab-3 for', 'what is Zebrafalcon using lab-3 for', 'why does Linus need lab-3']) expect(isCommandText(said, testbeds), said).toBe(false);
    for (const said of ['who booked lab-3 and why', 'any idea when lab-3 frees up', 'lab-3 purpose?']) expect(isCommandText(said, testbeds), said).toBe(true);
  });

  it('chat’s short words: `w/`, `u`, `4 me`, and a few commands typed short as the first word', () => {
    expect(dispatched('done w/ lab-3')).toEqual([{ type: 'release.started', testbedName: 'lab-3' }]);
    expect(dispatched('finished w/ lab-3, thx')).toEqual([{ type: 'release.started', testbedName: 'lab-3' }]);
    // `4 me` is for me, not four o'clock (it booked until 16:00).
    expect(dispatched('hey bot can u book lab-3 4 me')).toEqual([{ type: 'registration.started', testbedName: 'lab-3' }]);
    expect(dispatched('book lab-3 until 4')).toMatchObject([{ filled: { release_time: '16:00' } }]);
    expect(dispatched('rel lab-3')).toEqual([{ type: 'release.started', testbedName: 'lab-3' }]);
    expect(dispatched('rls lab-3')).toEqual([{ type: 'release.started', testbedName: 'lab-3' }]);
    expect(dispatched('bk lab-3')).toEqual([{ type: 'registration.started', testbedName: 'lab-3' }]);
    expect(dispatched('stat')).toEqual([{ type: 'status.requested' }]);
    // Only as the first word: a purpose keeps its own (`for rel testing`).
    expect(dispatched('book lab-3 for rel testing')).toMatchObject([{ type: 'registration.started', testbedName: 'lab-3', filled: { purpose: 'rel testing' } }]);
  });

  it('a thank-you after a question mark adds nothing (`… for the next 2 hours? thanks a lot` was the purpose); `for next 2 hours` is a length', () => {
    const twoHours = { release_choice: 'custom', release_date: '2026-03-02', release_time: '12:00' };
    expect(dispatched('hello, could you please book lab-3 for me for the next 2 hours? thanks a lot')).toEqual([{ type: 'registration.started', testbedName: 'lab-3', filled: twoHours }]);
    // (`for next 2 hours` was the purpose “next”, and a booking for somebody called so.)
    expect(dispatched('book lab-3 for next 2 hours')).toEqual([{ type: 'registration.started', testbedName: 'lab-3', filled: twoHours }]);
    expect(dispatched('extend lab-3 for next 2 hours')).toEqual([{ type: 'mine.requested', testbedId: 3, extendUntil: '2026-03-02T12:00:00.000Z' }]);
    // `next week` is a day, not a length: named under the picker, as before.
    expect(dispatched('book lab-3 for next week')).toEqual([{ type: 'registration.started', testbedName: 'lab-3', unread: 'for next week' }]);
  });

  it('`can someone free up a 5g testbed` and `any 5g free soon?` are the label’s status', () => {
    for (const typed of ['can someone free up a 5g testbed', 'any 5g free soon?', 'will any 5g be free soon']) expect(dispatched(typed), typed).toEqual([{ type: 'status.requested', label: '5g' }]);
    expect(dispatched('any pizza free soon')).toEqual({ kind: 'reply', view: { kind: 'hint' } });
  });

  it.each([
    'whoever has lab-3 please release it',
    'whoever is on lab-3, are you done?',
    'is whoever has lab-3 done?',
    'can whoever has lab-3 ping me',
    'the person on lab-3 please contact me',
    'who ever has lab-3 pls release',
  ])('%s asks its holder, as Ask the holder does', (typed) => {
    expect(dispatched(typed)).toEqual([{ type: 'lifecycle.submitted', request: { type: 'ask', testbedId: 3 }, now: NOW }]);
    expect(isCommandText(typed, testbeds)).toBe(true);
  });

  it('a sigh before a command, `already` after it, and `np` say nothing more; `lab-3 is busy again` is its status', () => {
    expect(dispatched('argh who has lab-3')).toEqual(status3);
    expect(dispatched('damn lab-3 is busy again')).toEqual(status3);
    expect(dispatched('seriously? lab-3 still booked?')).toEqual(status3);
    expect(dispatched('come on, release lab-3 already')).toEqual([{ type: 'release.started', testbedName: 'lab-3' }]);
    expect(dispatched('np')).toEqual({ kind: 'reply', view: { kind: 'thanks', ack: true } });
    expect(dispatched('no worries')).toEqual({ kind: 'reply', view: { kind: 'thanks', ack: true } });
  });

  it('admin tasks said otherwise: a label dropped without the word `label`, a rename with `name`, `forcibly release`', () => {
    expect(dispatched('drop 5g from lab-3')).toEqual([{ type: 'admin.formRequested', task: 'testbed_edit', values: { testbed_id: '3', labels: '' } }]);
    // A label lab-3 does not carry: no such edit (`remove lab-3` alone retires it, as before).
    expect(dispatched('drop 4g from lab-3')).toEqual(hint3);
    expect(dispatched('change lab-3 name to lab-3b')).toEqual([{ type: 'admin.formRequested', task: 'testbed_rename', values: { testbed_id: '3', testbed_name: 'lab-3b' } }]);
    expect(dispatched('forcibly release lab-3')).toEqual([{ type: 'admin.formRequested', task: 'force_release', values: { testbed_id: '3' } }]);
    // Labels typed with an edit are a person's words: blanked in a recording.
    expect(isCommandText('drop 5g from lab-3', testbeds)).toBe(false);
  });

  it('`release lab-3 on behalf of Linus` (or `free lab-3 for Linus`) opens the release form on lab-3 (it named “lab-3 on behalf of Linus”)', () => {
    for (const typed of ['release lab-3 on behalf of Linus', 'free lab-3 for Linus']) expect(dispatched(typed), typed).toEqual([{ type: 'release.started', testbedName: 'lab-3' }]);
    expect(isCommandText('free lab-3 for Linus', testbeds)).toBe(false);
    // A time after it stays what it was.
    expect(dispatched('free lab-3 for 2 hours')).toEqual(hint3);
  });

  it('a way asked for is shown by doing it: a hand-over, a new purpose; `cheat sheet` is help', () => {
    expect(dispatched('how do I give lab-3 to Linus')).toEqual([{ type: 'handOver.started', testbedId: 3, to: 'Linus' }]);
    expect(dispatched('how can I change the purpose')).toEqual([{ type: 'purpose.started' }]);
    expect(dispatched('cheat sheet')).toEqual([{ type: 'help.requested' }]);
    // The colleague named is a person's words: blanked in a recording.
    expect(isCommandText('how do I give lab-3 to Linus', testbeds)).toBe(false);
  });

  it('after `book`, the end said as `back by 6` or with a mark (`until: 5pm`, `time=2h`) reads as `until 6`; brackets around the purpose say nothing', () => {
    const at = (time: string) => ({ release_choice: 'custom', release_date: '2026-03-02', release_time: time });
    expect(dispatched('book lab-3, testing firmware, back by 6')).toMatchObject([{ type: 'registration.started', testbedName: 'lab-3', filled: { ...at('18:00'), purpose: 'testing firmware' } }]);
    expect(dispatched('book lab-3 purpose: regression, until: 5pm')).toMatchObject([{ testbedName: 'lab-3', filled: { ...at('17:00'), purpose: 'regression' } }]);
    expect(dispatched('book lab-3 purpose=regression time=2h')).toMatchObject([{ testbedName: 'lab-3', filled: { ...at('12:00'), purpose: 'regression' } }]);
    expect(dispatched('book lab-3 (regression) 2h')).toMatchObject([{ testbedName: 'lab-3', filled: { ...at('12:00'), purpose: 'regression' } }]);
    expect(dispatched('book lab-3 [regression] until 5pm')).toMatchObject([{ testbedName: 'lab-3', filled: { ...at('17:00'), purpose: 'regression' } }]);
    // Without `book` the same words may be news: `lab-3 back by friday` stays the hint.
    expect(dispatched('lab-3 back by friday')).toEqual(hint3);
    // Words that are no time after `done by` stay the purpose.
    expect(dispatched('book lab-3 for the tests done by QA')).toMatchObject([{ testbedName: 'lab-3', filled: { purpose: 'the tests done by QA' } }]);
  });

  it.each([
    // When the holder will be done: their bookings with Done by that time (a booking with the purpose “free in” before).
    ['lab-3 will be free in 10 minutes', { testbedId: 3, doneBy: '2026-03-02T10:10:00.000Z' }],
    ["I'll be off lab-3 by 3", { testbedId: 3, doneBy: '2026-03-02T15:00:00.000Z' }],
    ['lab-3 is yours in 10', { testbedId: 3, doneBy: '2026-03-02T10:10:00.000Z' }],
    ['out of lab-3 in 15', { testbedId: 3, doneBy: '2026-03-02T10:15:00.000Z' }],
    ["I'll free lab-3 after lunch", { testbedId: 3, doneBy: '2026-03-02T13:00:00.000Z' }],
    // Finishing up: their bookings, lab-3 chosen; with a length, that much more.
    ['wrapping up lab-3', { testbedId: 3 }],
    ['almost done with lab-3', { testbedId: 3 }],
    ['nearly finished with lab-3, 5 more minutes', { testbedId: 3, extendMinutes: 5 }],
  ])('%s', (typed, asked) => {
    expect(dispatched(typed)).toEqual([{ type: 'mine.requested', ...asked }]);
  });

  it('`lab-3 free in 10 min` is its status (it was a booking with the purpose “free in”); a hand-over at a time or `when I’m done` names the colleague alone', () => {
    expect(dispatched('lab-3 free in 10 min')).toEqual(status3);
    expect(dispatched('lab-3 soak 10 min')).toMatchObject([{ type: 'registration.started', testbedName: 'lab-3', filled: { purpose: 'soak' } }]);
    expect(dispatched('hand lab-3 to Linus at 5')).toEqual([{ type: 'handOver.started', testbedId: 3, to: 'Linus' }]);
    expect(dispatched("give lab-3 to Linus when I'm done")).toEqual([{ type: 'handOver.started', testbedId: 3, to: 'Linus' }]);
    // A name that holds `Till` stays whole, as before.
    expect(dispatched('give lab-3 to Ben Till Jones')).toEqual([{ type: 'handOver.started', testbedId: 3, to: 'Ben Till Jones' }]);
    expect(dispatched("I'm done with lab-3 after this run")).toEqual([{ type: 'release.started', testbedName: 'lab-3' }]);
  });

  it('`lab-3 free at 3pm?` is its status only when a time follows: any other word is a person’s, and a recording blanks it (it kept them)', () => {
    for (const typed of ['lab-3 free at 3pm?', 'lab-3 available tomorrow', 'lab-3 free from monday', 'lab-3 available later']) {
      expect(dispatched(typed), typed).toEqual(status3);
      expect(isCommandText(typed, testbeds), typed).toBe(true);
    }
    for (const typed of ['lab-3 available tomorrow Zebrafalcon', 'lab-3 free at Zebrafalcon 3pm?', 'lab-3 free from Zebrafalcon tomorrow', 'lab-3 available from 3pm Zebrafalcon']) {
      expect(isCommandText(typed, testbeds), typed).toBe(false);
    }
  });
});
