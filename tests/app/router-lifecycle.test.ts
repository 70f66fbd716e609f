/**
 * The router for the lifecycle buttons: every action and input id the issue names, and what is
 * accepted from direct (1:1, unapproved) rooms: only the buttons the bot sends there, flagged so
 * the testbed checks them against the stored record or offer.
 */
import { describe, expect, it } from 'vitest';
import { isCommandText, route, type RouterContext } from '../../src/app/router.js';
import { encodeId } from '../../src/platform/ids.js';
import type { CardActionEvent, MessageEvent } from '../../src/platform/port.js';

const LAB = encodeId('ROOM', '0b6f7e2c-1111-4a4a-9999-000000000001');
const DM = encodeId('ROOM', '0b6f7e2c-1111-4a4a-9999-0000000000d1');
const ADA = encodeId('PEOPLE', '0b6f7e2c-2222-4a4a-9999-000000000001');
const NOW = '2026-03-02T10:00:00.000Z';
const ctx: RouterContext = { approvedRooms: [LAB], timeZone: 'UTC', knownTestbedIds: [1, 2] };

function action(inputs: Record<string, unknown>, roomId = LAB, roomType: 'group' | 'direct' = 'group'): CardActionEvent {
  return { type: 'cardAction', id: 'a', roomId, roomType, personId: ADA, messageId: 'c', inputs, receivedAt: NOW };
}

const eventOf = (decision: ReturnType<typeof route>) => (decision.kind === 'dispatch' ? decision.targets[0].event : decision);

describe('lifecycle buttons', () => {
  it.each([
    [{ action: 'extend', testbed_id: '1', minutes: '60' }, { type: 'extend', testbedId: 1, minutes: 60 }],
    [{ action: 'extend', testbed_id: '1', until: '2026-03-02T18:00:00.000Z' }, { type: 'extend', testbedId: 1, until: '2026-03-02T18:00:00.000Z' }],
    [{ action: 'extend', testbed_id: '1', until: '2026-03-02T18:00Z' }, { type: 'extend', testbedId: 1, until: '2026-03-02T18:00:00.000Z' }],
    [{ action: 'wait', testbed_id: '2' }, { type: 'wait', testbedId: 2 }],
    [{ action: 'unwait', testbed_id: '2' }, { type: 'unwait', testbedId: 2 }],
    [{ action: 'decline_offer', testbed_id: '1' }, { type: 'decline', testbedId: 1 }],
    [{ action: 'ask_holder', testbed_id: '1' }, { type: 'ask', testbedId: 1 }],
    [{ action: 'still_need', testbed_id: '1' }, { type: 'keep', testbedId: 1 }],
    [{ action: 'release_all' }, { type: 'releaseAll' }],
    // Release both (`release lab-1 and lab-2`): only those.
    [{ action: 'release_all', testbed_ids: '1,2' }, { type: 'releaseAll', testbedIds: [1, 2] }],
  ])('%j becomes the request %j', (inputs, request) => {
    expect(eventOf(route(action(inputs), ctx))).toEqual({ type: 'lifecycle.submitted', request, now: NOW });
  });

  it('Release both naming a testbed the lab does not know (or none, or eleven) releases nothing and says so', () => {
    for (const ids of ['1,99', '', 'x', Array.from({ length: 11 }, () => '1').join(',')]) {
      expect(route(action({ action: 'release_all', testbed_ids: ids }), ctx), ids).toEqual({
        kind: 'reply',
        view: { kind: 'error', message: 'One of those testbeds is not there any more. Type mine to see your bookings. Nothing was changed.' },
      });
    }
  });

  it.each([
    ['wait lab-2', 2],
    ['WAIT Lab-2', 2],
    ['notify me when lab-1 is free', 1],
    ['notify me about TB-03', 3],
    ['testbed wait for tb-03 wi-fi 7 lab', 3],
  ])('typed %j joins the queue for testbed %i, as the Notify me when free button does', (text, testbedId) => {
    const named = { ...ctx, testbeds: [{ id: 1, testbed_name: 'lab-1' }, { id: 2, testbed_name: 'lab-2' }, { id: 3, testbed_name: 'TB-03 Wi-Fi 7 lab' }] };
    const typed: MessageEvent = { type: 'message', id: 'm', roomId: LAB, roomType: 'group', personId: ADA, personEmail: 'a@x', text, receivedAt: NOW };
    expect(eventOf(route(typed, named))).toEqual({ type: 'lifecycle.submitted', request: { type: 'wait', testbedId }, now: NOW });
  });

  it.each(['unwait lab-2', 'stop waiting for lab-2', 'leave the queue for LAB-2', 'leave queue lab-2'])(
    'typed %j leaves the queue for lab-2, as the Leave the queue button does',
    (text) => {
      const named = { ...ctx, testbeds: [{ id: 1, testbed_name: 'lab-1' }, { id: 2, testbed_name: 'lab-2' }] };
      const typed: MessageEvent = { type: 'message', id: 'm', roomId: LAB, roomType: 'group', personId: ADA, personEmail: 'a@x', text, receivedAt: NOW };
      expect(eventOf(route(typed, named))).toEqual({ type: 'lifecycle.submitted', request: { type: 'unwait', testbedId: 2 }, now: NOW });
    },
  );

  it.each([
    ['who has lab-3?', 'lab-3'],
    ["who's on TB-03 Wi-Fi 7 lab", 'TB-03 Wi-Fi 7 lab'],
    ['who’s using lab-3', 'lab-3'],
    ['Who is using lab-3', 'lab-3'],
    ['testbed who holds lab-3', 'lab-3'],
  ])('typed %j shows the status of %j', (text, label) => {
    const typed: MessageEvent = { type: 'message', id: 'm', roomId: LAB, roomType: 'group', personId: ADA, personEmail: 'a@x', text, receivedAt: NOW };
    expect(eventOf(route(typed, ctx))).toEqual({ type: 'status.requested', label });
  });

  it('typed wait for a name no testbed has, or several start with, is answered and changes nothing', () => {
    const named = { ...ctx, testbeds: [{ id: 1, testbed_name: 'lab-1' }, { id: 2, testbed_name: 'lab-2' }] };
    const say = (text: string): MessageEvent => ({ type: 'message', id: 'm', roomId: LAB, roomType: 'group', personId: ADA, personEmail: 'a@x', text, receivedAt: NOW });
    expect(route(say('wait lab'), named)).toEqual({ kind: 'reply', view: { kind: 'error', message: 'More than one testbed starts with “lab”: type more of its name.' } });
    expect(route(say('wait lab-9'), named)).toEqual({ kind: 'reply', view: { kind: 'error', message: 'No testbed is called “lab-9”. Type status to see them all.' } });
    // `wait a sec` is said to somebody: a hint, not a testbed nobody has; a testbed called so is still waited for.
    for (const typed of ['wait a sec', 'wait a minute', 'wait one moment']) expect(route(say(typed), named), typed).toEqual({ kind: 'reply', view: { kind: 'hint' } });
    const minute = { ...named, knownTestbedIds: [1, 2, 3], testbeds: [...named.testbeds, { id: 3, testbed_name: 'A minute' }] };
    expect(eventOf(route(say('wait a minute'), minute))).toEqual({ type: 'lifecycle.submitted', request: { type: 'wait', testbedId: 3 }, now: NOW });
    expect(route(say('wait lab-22'), named)).toEqual({ kind: 'reply', view: { kind: 'error', message: 'No testbed is called “lab-22”. Did you mean lab-2? Type wait lab-2.' } });
    expect(route(say('unwait lab-22'), named)).toEqual({ kind: 'reply', view: { kind: 'error', message: 'No testbed is called “lab-22”. Did you mean lab-2? Type unwait lab-2.' } });
    // Runs of spaces and line breaks read as one space (the patterns never meet a long run of them).
    expect(eventOf(route(say('wait\n   lab-2'), named))).toEqual({ type: 'lifecycle.submitted', request: { type: 'wait', testbedId: 2 }, now: NOW });
    expect(route(say(`wait a${' '.repeat(7000)}x`), named)).toEqual({ kind: 'reply', view: { kind: 'error', message: 'No testbed is called “a x”. Type status to see them all.' } });
    // Without the testbeds at hand (a context that does not give them), nothing is found.
    expect(route(say('wait lab-1'), ctx)).toMatchObject({ kind: 'reply', view: { kind: 'error' } });
  });

  it('typed mine and the Mine button show the person\'s bookings', () => {
    const typed: MessageEvent = { type: 'message', id: 'm', roomId: LAB, roomType: 'group', personId: ADA, personEmail: 'a@x', text: 'mine', receivedAt: NOW };
    expect(eventOf(route(typed, ctx))).toEqual({ type: 'mine.requested' });
    expect(eventOf(route(action({ action: 'mine' }), ctx))).toEqual({ type: 'mine.requested' });
  });

  it.each([
    [{ action: 'extend', testbed_id: '1', minutes: '0' }, 'The extension must be from 1 minute to 90 days. Nothing was changed.'],
    [{ action: 'extend', testbed_id: '1', minutes: '1.5' }, 'The extension must be a whole number of minutes. Nothing was changed.'],
    [{ action: 'extend', testbed_id: '1', minutes: String(90 * 1440 + 1) }, 'The extension must be from 1 minute to 90 days. Nothing was changed.'],
    [{ action: 'extend', testbed_id: '9', minutes: '60' }, 'That testbed is not in the list any more. Please choose another one. Nothing was changed.'],
    [{ action: 'extend', testbed_id: '1', until: 'tomorrow' }, 'The time to extend to could not be read. Type extend and the testbed again. Nothing was changed.'],
    [{ action: 'extend', testbed_id: '1', until: `2026-03-02T18:00:00.000Z${' '.repeat(40)}` }, 'The time to extend to could not be read. Type extend and the testbed again. Nothing was changed.'],
    [{ action: 'extend', testbed_id: '9', until: '2026-03-02T18:00:00.000Z' }, 'That testbed is not in the list any more. Please choose another one. Nothing was changed.'],
    [{ action: 'wait' }, 'Choose a testbed first. Nothing was changed.'],
    [{ action: 'ask_holder', testbed_id: { toString: 'x' } }, 'Choose a testbed from the list. Nothing was changed.'],
  ])('bad input %j is answered with the problem named: %s', (inputs, message) => {
    expect(route(action(inputs), ctx)).toEqual({ kind: 'reply', view: { kind: 'error', message } });
  });
});

describe('a booking\'s new purpose', () => {
  const lab = { ...ctx, testbeds: [{ id: 1, testbed_name: 'lab-1' }, { id: 2, testbed_name: 'lab-2' }, { id: 3, testbed_name: 'TB-03 Wi-Fi 7 lab' }] };
  const say = (text: string): MessageEvent => ({ type: 'message', id: 'm', roomId: LAB, roomType: 'group', personId: ADA, personEmail: 'a@x', text, receivedAt: NOW });

  it.each([
    ['purpose lab-2 soak test', { testbedId: 2, purpose: 'soak test' }],
    ['change the purpose of lab-2 to soak test', { testbedId: 2, purpose: 'soak test' }],
    ['Set purpose for lab-2: soak test, then the upgrade', { testbedId: 2, purpose: 'soak test, then the upgrade' }],
    ['new purpose for TB-03 - roaming tests', { testbedId: 3, purpose: 'roaming tests' }],
    ['update the purpose of TB-03 Wi-Fi 7 lab to roaming tests', { testbedId: 3, purpose: 'roaming tests' }],
    ['purpose TB-03 roaming tests', { testbedId: 3, purpose: 'roaming tests' }],
    // A `to` inside the purpose stays in it.
    ['purpose lab-1 move to the new firmware', { testbedId: 1, purpose: 'move to the new firmware' }],
    ['change my purpose to bisecting the crash', { purpose: 'bisecting the crash' }],
    ['purpose: bisecting the crash', { purpose: 'bisecting the crash' }],
    ['change purpose of lab-1', { testbedId: 1 }],
    ['change the purpose', {}],
    ['purpose', {}],
  ])('typed %j opens the purpose form with %j', (text, filled) => {
    expect(eventOf(route(say(text), lab))).toEqual({ type: 'purpose.started', ...filled });
  });

  it('the Save purpose button asks the testbed for the new purpose; a form with problems comes back with them named', () => {
    expect(eventOf(route(action({ action: 'change_purpose', testbed_id: '2', purpose: '  soak test  ' }), ctx))).toEqual({
      type: 'lifecycle.submitted',
      request: { type: 'repurpose', testbedId: 2, purpose: 'soak test' },
      now: NOW,
    });
    expect(eventOf(route(action({ action: 'change_purpose', testbed_id: '2', purpose: '' }), ctx))).toEqual({
      type: 'purpose.invalid',
      errors: { purpose: 'Tell people what the testbed is doing now.' },
      values: { testbed_id: '2', purpose: '' },
    });
    expect(eventOf(route(action({ action: 'change_purpose', purpose: 'x'.repeat(501) }), ctx))).toEqual({
      type: 'purpose.invalid',
      errors: { testbed_id: 'Choose the booking whose purpose you want to change.', purpose: 'Keep the purpose to 500 characters (you typed 501).' },
      values: { purpose: 'x'.repeat(500) },
    });
    expect(eventOf(route(action({ action: 'change_purpose', testbed_id: '9', purpose: 'p' }), ctx))).toMatchObject({ type: 'purpose.invalid', errors: { testbed_id: expect.any(String) } });
    expect(eventOf(route(action({ action: 'change_purpose', testbed_id: '1', purpose: { toString: 'x' } }), ctx))).toMatchObject({ type: 'purpose.invalid', errors: { purpose: 'Tell people what the testbed is doing now.' } });
    // Not from a group room that is not approved.
    expect(route(action({ action: 'change_purpose', testbed_id: '1', purpose: 'p' }, DM, 'group'), ctx)).toEqual({ kind: 'ignore', reason: 'unapproved_room' });
  });

  it('what was typed as a purpose is a person\'s words: a recording without text blanks it', () => {
    expect(isCommandText('purpose lab-2 soak test for ACME', lab.testbeds)).toBe(false);
  });
});

describe('done sooner', () => {
  const lab = { ...ctx, testbeds: [{ id: 1, testbed_name: 'lab-1' }, { id: 2, testbed_name: 'lab-2' }, { id: 3, testbed_name: 'TB-03 Wi-Fi 7 lab' }] };
  const say = (text: string): MessageEvent => ({ type: 'message', id: 'm', roomId: LAB, roomType: 'group', personId: ADA, personEmail: 'a@x', text, receivedAt: NOW });

  it.each([
    ['release lab-2 at 16:00', 2, '2026-03-02T16:00:00.000Z'],
    ["I'll be done with lab-2 by 4pm", 2, '2026-03-02T16:00:00.000Z'],
    ['done with lab-2 at 4pm', 2, '2026-03-02T16:00:00.000Z'],
    ['I will release TB-03 in 2 hours', 3, '2026-03-02T12:00:00.000Z'],
    ['TB-03 Wi-Fi 7 lab will be free around 5pm', 3, '2026-03-02T17:00:00.000Z'],
    ['lab-1 should be back by tomorrow 9am', 1, '2026-03-03T09:00:00.000Z'],
  ])('typed %j shows their bookings with testbed %i chosen and Done by %s', (text, testbedId, doneBy) => {
    expect(eventOf(route(say(text), lab))).toEqual({ type: 'mine.requested', testbedId, doneBy });
  });

  it('without a testbed named, their bookings with the time; words that are no time or name no testbed are read as before', () => {
    expect(eventOf(route(say("I'll be done at 4pm"), lab))).toEqual({ type: 'mine.requested', doneBy: '2026-03-02T16:00:00.000Z' });
    // `at once` is no time: the release form, as `release lab-2 …` always was.
    expect(eventOf(route(say('release lab-2 at once'), lab))).toMatchObject({ type: 'release.started' });
    expect(eventOf(route(say('release lab-9 at 16:00'), lab))).toMatchObject({ type: 'release.started' });
    // A name that holds `in` or `at` itself is found whole.
    const racks = { ...ctx, testbeds: [{ id: 7, testbed_name: 'Rack in lab 2' }] };
    expect(eventOf(route(say('release Rack in lab 2 at 16:00'), racks))).toEqual({ type: 'mine.requested', testbedId: 7, doneBy: '2026-03-02T16:00:00.000Z' });
    expect(eventOf(route(say('release at 4pm'), lab))).toEqual({ type: 'mine.requested', doneBy: '2026-03-02T16:00:00.000Z' });
  });

  it('the Done by button asks the testbed for the earlier release; an unreadable time changes nothing', () => {
    expect(eventOf(route(action({ action: 'done_by', testbed_id: '2', until: '2026-03-02T16:00:00.000Z' }), ctx))).toEqual({
      type: 'lifecycle.submitted',
      request: { type: 'doneBy', testbedId: 2, until: '2026-03-02T16:00:00.000Z' },
      now: NOW,
    });
    expect(route(action({ action: 'done_by', testbed_id: '2', until: 'teatime' }), ctx)).toEqual({
      kind: 'reply',
      view: { kind: 'error', message: 'The time could not be read. Type it again, for example: I will be done with lab-3 at 16:00. Nothing was changed.' },
    });
    expect(route(action({ action: 'done_by', until: '2026-03-02T16:00:00.000Z' }), ctx)).toMatchObject({ kind: 'reply', view: { kind: 'error' } });
  });
});

describe('direct rooms (not on APPROVED_ROOMS)', () => {
  const direct = (inputs: Record<string, unknown>) => route(action(inputs, DM, 'direct'), ctx);

  it('accepts the buttons the bot sends there; a release needs the holder and a booking needs the offer', () => {
    expect(eventOf(direct({ action: 'extend', testbed_id: '1', minutes: '1440' }))).toMatchObject({ type: 'lifecycle.submitted', request: { type: 'extend', minutes: 1440 } });
    expect(eventOf(direct({ action: 'release_submit', testbed_id: '1' }))).toEqual({ type: 'release.submitted', testbedId: 1, now: NOW, holderOnly: true });
    expect(eventOf(direct({ action: 'decline_offer', testbed_id: '1' }))).toMatchObject({ request: { type: 'decline', testbedId: 1 } });
    expect(eventOf(direct({ action: 'still_need', testbed_id: '1' }))).toMatchObject({ request: { type: 'keep', testbedId: 1 } });
    const booked = eventOf(direct({ action: 'register_submit', testbed_id: '1', purpose: 'handed over', release_choice: '4h' }));
    expect(booked).toMatchObject({ type: 'register.submitted', offerOnly: true, form: { testbedId: 1, purpose: 'handed over' } });
    // Identity never comes from the form.
    expect(JSON.stringify(eventOf(direct({ action: 'register_submit', testbed_id: '1', purpose: 'p', release_choice: '1h', user_email: 'x@y' })))).not.toContain('x@y');
  });

  it('a hand-off form with problems comes back as that form, the problems named and the values kept', () => {
    expect(eventOf(direct({ action: 'register_submit', testbed_id: '1', purpose: '', release_choice: '4h' }))).toEqual({
      type: 'offer.invalid',
      testbedId: 1,
      errors: { purpose: 'Tell us what you need the testbed for.' },
      values: { testbed_id: '1', purpose: '', release_choice: '4h' },
    });
    const long = 'x'.repeat(612);
    expect(eventOf(direct({ action: 'register_submit', testbed_id: '2', purpose: long, release_choice: '' }))).toEqual({
      type: 'offer.invalid',
      testbedId: 2,
      errors: {
        purpose: 'Keep the purpose to 500 characters (you typed 612).',
        release_choice: 'Choose when you expect to release it, or fill in a custom date and time.',
      },
      values: { testbed_id: '2', purpose: 'x'.repeat(500), release_choice: '' },
    });
    // Without a testbed the bot could have sent, there is no form to show: the problem in words.
    expect(direct({ action: 'register_submit', testbed_id: '9', purpose: 'p', release_choice: '1h' })).toEqual({
      kind: 'reply',
      view: { kind: 'error', message: 'That testbed is not in the list any more. Please choose another one. Nothing was changed.' },
    });
    expect(direct({ action: 'register_submit', purpose: '', release_choice: '1h' })).toMatchObject({ kind: 'reply', view: { kind: 'error' } });
  });

  it('knows the hand-off form by its data in an approved room too (a 1:1 room may be on the list)', () => {
    const approvedDirect = (inputs: Record<string, unknown>) => route(action(inputs, LAB, 'direct'), ctx);
    const handOff = { action: 'register_submit', form: 'handoff', testbed_id: '1' };
    expect(eventOf(approvedDirect({ ...handOff, purpose: 'p', release_choice: '1h' }))).toMatchObject({ type: 'register.submitted', offerOnly: true });
    expect(eventOf(approvedDirect({ ...handOff, purpose: '', release_choice: '1h' }))).toMatchObject({ type: 'offer.invalid', testbedId: 1 });
    // The register form there stays the register form.
    const register = { action: 'register_submit', testbed_id: '1', release_choice: '1h' };
    expect(eventOf(approvedDirect({ ...register, purpose: 'p' }))).not.toHaveProperty('offerOnly');
    expect(eventOf(approvedDirect({ ...register, purpose: '' }))).toMatchObject({ type: 'register.invalid' });
  });

  it('`no thanks` or `pass on lab-1` typed there gets the card to give it up, and its Leave the queue button works there', () => {
    const typed = (text: string): MessageEvent => ({ type: 'message', id: 'm', roomId: DM, roomType: 'direct', personId: ADA, personEmail: 'a@x', text, receivedAt: NOW });
    const lab = { ...ctx, testbeds: [{ id: 1, testbed_name: 'lab-1' }, { id: 2, testbed_name: 'lab-2' }] };
    expect(route(typed('no thanks'), lab)).toEqual({ kind: 'reply', view: { kind: 'notNeeded' } });
    expect(route(typed('pass on lab-1'), lab)).toEqual({ kind: 'reply', view: { kind: 'notNeeded', testbedId: 1 } });
    expect(route(typed("I don't need lab-2 any more"), lab)).toEqual({ kind: 'reply', view: { kind: 'notNeeded', testbedId: 2 } });
    // A name the lab does not have is no such request: the line on where the bot answers.
    expect(route(typed('pass on lab-9'), lab)).toEqual({ kind: 'reply', view: { kind: 'directOnly' } });
    // Taking it, in words: the hand-off form of what is held for them, drawn from the store.
    for (const words of ["I'll take it", 'yes please, I\'ll take it', 'take it', 'give it to me']) {
      expect(route(typed(words), lab), words).toEqual({ kind: 'reply', view: { kind: 'offerTaken' } });
    }
    expect(route(typed('take it easy'), lab)).toEqual({ kind: 'reply', view: { kind: 'directOnly' } });
    // `yes` alone, as an answer to the offer: the same form; with nothing held, `ok` and `sure` are acknowledged.
    for (const words of ['yes', 'Yes please', 'yep', 'book it', "I'll book it"]) {
      expect(route(typed(words), lab), words).toEqual({ kind: 'reply', view: { kind: 'offerTaken' } });
    }
    for (const words of ['ok', 'OK, thanks', 'sure']) expect(route(typed(words), lab), words).toEqual({ kind: 'reply', view: { kind: 'offerTaken', otherwise: 'ack' } });
    // Thanks after a reminder: the short answer, not the line on where the bot answers.
    expect(route(typed('thanks!'), lab)).toEqual({ kind: 'reply', view: { kind: 'thanks' } });
    expect(route(typed('got it'), lab)).toEqual({ kind: 'reply', view: { kind: 'thanks', ack: true } });
    expect(route(typed('yes I will be there'), lab)).toEqual({ kind: 'reply', view: { kind: 'directOnly' } });
    // `later`, `hold it for me`: the offer again (else OK there); `next person`: pass on it.
    // `how long is it held`, `what is held for me`: the offer again, which says until when.
    for (const words of ['later', 'not now', 'give me 5 minutes', 'hold it for me', "I'll take it later", 'can you hold it for 10 more minutes', 'how long is it held', 'what is held for me']) {
      expect(route(typed(words), lab), words).toEqual({ kind: 'reply', view: { kind: 'offerTaken', otherwise: 'ack' } });
    }
    for (const words of ['give it to the next person', 'give it to someone else', 'let somebody else have it']) {
      expect(route(typed(words), lab), words).toEqual({ kind: 'reply', view: { kind: 'notNeeded' } });
    }
    // `not yet` answers a reminder (their bookings), and `keep it for me` is no such answer.
    expect(eventOf(route(typed('not yet'), lab))).toEqual({ type: 'mine.requested' });
    // `no` with a mark and a command after it: the command (`no lab-1` stays a pass on it, `no, thanks` a decline).
    expect(eventOf(route(typed("no, I'm done"), lab))).toEqual({ type: 'mine.requested' });
    expect(route(typed('no lab-1'), lab)).toEqual({ kind: 'reply', view: { kind: 'notNeeded', testbedId: 1 } });
    expect(route(typed('no, thanks'), lab)).toEqual({ kind: 'reply', view: { kind: 'notNeeded' } });
    expect(eventOf(direct({ action: 'unwait', testbed_id: '1' }))).toMatchObject({ type: 'lifecycle.submitted', request: { type: 'unwait', testbedId: 1 } });
    // Recordings keep them: a testbed's name is lab data.
    expect(isCommandText('no thanks', lab.testbeds)).toBe(true);
    expect(isCommandText("I don't need lab-2 any more", lab.testbeds)).toBe(true);
    expect(isCommandText('no idea what you mean', lab.testbeds)).toBe(false);
  });

  it('typed words about the person\'s own bookings work there, where the reminders arrive: mine, extend, done by, purpose', () => {
    const lab = { ...ctx, testbeds: [{ id: 1, testbed_name: 'lab-1' }, { id: 2, testbed_name: 'lab-2' }] };
    const typed = (text: string): MessageEvent => ({ type: 'message', id: 'm', roomId: DM, roomType: 'direct', personId: ADA, personEmail: 'a@x', text, receivedAt: NOW });
    expect(eventOf(route(typed('mine'), lab))).toEqual({ type: 'mine.requested' });
    expect(eventOf(route(typed('my queues'), lab))).toEqual({ type: 'mine.requested', queues: true });
    expect(eventOf(route(typed('extend lab-1 by 2 hours'), lab))).toEqual({ type: 'mine.requested', testbedId: 1, extendMinutes: 120 });
    expect(eventOf(route(typed('I still need lab-1'), lab))).toEqual({ type: 'mine.requested', testbedId: 1 });
    expect(eventOf(route(typed("I'll be done with lab-1 at 16:00"), lab))).toEqual({ type: 'mine.requested', testbedId: 1, doneBy: '2026-03-02T16:00:00.000Z' });
    expect(eventOf(route(typed('purpose lab-1 soak test'), lab))).toEqual({ type: 'purpose.started', testbedId: 1, purpose: 'soak test' });
    // `cancel` closes a form opened there, as in a lab room (only an open conversation gets it).
    const cancelled = route(typed('cancel'), lab);
    expect(cancelled.kind === 'dispatch' && cancelled.targets.map((target) => [target.event.type, target.ifExists])).toEqual([
      ['conversation.cancelled', true],
      ['conversation.cancelled', true],
      ['conversation.cancelled', true],
    ]);
    // Their buttons work there too; the testbed checks the holder.
    expect(eventOf(direct({ action: 'done_by', testbed_id: '1', until: '2026-03-02T16:00:00.000Z' }))).toMatchObject({ request: { type: 'doneBy', testbedId: 1 } });
    expect(eventOf(direct({ action: 'change_purpose', testbed_id: '1', purpose: 'soak test' }))).toMatchObject({ request: { type: 'repurpose', testbedId: 1 } });
  });

  it('a problem with a testbed they hold may be reported there (`lab-1 is broken`); one they do not hold gets where the bot answers', () => {
    const held = { id: 1, testbed_name: 'lab-1', status: 'in_use' as const, user_email: 'A@x' };
    const lab = { ...ctx, testbeds: [held, { id: 2, testbed_name: 'lab-2', status: 'in_use' as const, user_email: 'linus@x' }] };
    const typed = (text: string): MessageEvent => ({ type: 'message', id: 'm', roomId: DM, roomType: 'direct', personId: ADA, personEmail: 'a@x', text, receivedAt: NOW });
    expect(route(typed("lab-1 won't boot"), lab)).toEqual({ kind: 'reply', view: { kind: 'problemForm', testbedId: 1, text: "lab-1 won't boot" } });
    expect(route(typed('lab-2 is broken'), lab)).toEqual({ kind: 'reply', view: { kind: 'directOnly' } });
    // Its button works there, marked so: the fleet checks the holder.
    expect(eventOf(direct({ action: 'report_problem', testbed_id: '1', problem: 'no power' }))).toEqual({
      type: 'lifecycle.submitted',
      request: { type: 'reportProblem', testbedId: 1, text: 'no power', holderOnly: true },
      now: NOW,
    });
  });

  it('ignores everything else there: other buttons, and group rooms that are not approved; typed text gets where the bot answers', () => {
    for (const inputs of [{ action: 'status' }, { action: 'register' }, { action: 'release_all' }, { action: 'wait', testbed_id: '1' }, { action: 'broadcast' }, { action: 'mine' }]) {
      expect(direct(inputs), JSON.stringify(inputs)).toEqual({ kind: 'ignore', reason: 'unapproved_room' });
    }
    const typed: MessageEvent = { type: 'message', id: 'm', roomId: DM, roomType: 'direct', personId: ADA, personEmail: 'a@x', text: 'status', receivedAt: NOW };
    expect(route(typed, ctx)).toEqual({ kind: 'reply', view: { kind: 'directOnly' } });
    for (const text of ['book lab-1', 'wait lab-1', 'who has lab-1', 'report', 'history lab-1']) {
      expect(route({ ...typed, text }, { ...ctx, testbeds: [{ id: 1, testbed_name: 'lab-1' }] }), text).toEqual({ kind: 'reply', view: { kind: 'directOnly' } });
    }
    // A release typed there is one of their own: their bookings, the testbed named chosen (its Release works there).
    const own = route({ ...typed, text: 'release lab-1' }, { ...ctx, testbeds: [{ id: 1, testbed_name: 'lab-1' }] });
    expect(own).toMatchObject({ kind: 'dispatch', targets: [{ event: { type: 'mine.requested', testbedId: 1 } }] });
    expect(route({ ...typed, text: "I'm done" }, ctx)).toMatchObject({ kind: 'dispatch', targets: [{ event: { type: 'mine.requested' } }] });
    expect(route({ ...typed, roomType: 'group' }, ctx)).toEqual({ kind: 'ignore', reason: 'unapproved_room' });
    expect(route(action({ action: 'extend', testbed_id: '1', minutes: '60' }, DM, 'group'), ctx)).toEqual({ kind: 'ignore', reason: 'unapproved_room' });
  });
});
