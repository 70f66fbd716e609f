/**
 * The card that moves a booking to another testbed: what one press will do, or why it cannot (not theirs, nothing
 * held, the other testbed taken, under maintenance or held for somebody, already theirs), and the answers to the press.
 */
import { describe, expect, it } from 'vitest';
import { switchCard, switchText, type SwitchInput } from '../../src/cards/switch.card.js';
import { outcomeCard, outcomeText } from '../../src/cards/lifecycle.card.js';
import { emptyLifecycle } from '../../src/domain.js';
import { cardProblems } from '../support/adaptive-cards.js';
import { buttonTitles, seenCard } from '../support/card-text.js';
import { unLookAlike } from '../support/rendered-text.js';
import { inspectCard } from './card-walk.js';
import { NOW, ana, available, bob, inUse } from '../fixtures/flows/records.js';

const lab3 = inUse(3, ana, { purpose: 'soak **test**' });
const base: SwitchInput = { testbeds: [lab3, available(5)], life: [], requesterEmail: ana.email, toId: 5, now: NOW, timeZone: 'UTC' };
const texts = (input: SwitchInput) => seenCard(switchCard(input)).texts.map(unLookAlike);

describe('the switch card', () => {
  it('says what one press does: the other testbed as the booking is, the first released to whoever waits', () => {
    const life = [{ ...emptyLifecycle(3), queue: [{ email: bob.email, name: bob.name, since: NOW }] }];
    const input = { ...base, life };
    const card = switchCard(input);
    expect(cardProblems(card)).toEqual([]);
    expect(texts(input)).toEqual([
      'Switch lab-3 to lab-5?',
      'You will hold lab-5 instead, until 2026-03-10 12:00 UTC (in 2 h) as now.',
      'Purpose: soak **test**',
      'lab-3 is released at the same time. 1 person is waiting for it. The first of them is offered it.',
    ]);
    expect(inspectCard(card).actions.map((action) => [action.title, action.data])).toEqual([
      ['Switch to lab-5', { action: 'switch', to_testbed_id: '5', testbed_id: '3' }],
      ['Cancel', { action: 'cancel' }],
    ]);
    expect(switchText(input)).toBe(
      'Switch lab-3 to lab-5? You will hold lab-5 instead, until 2026-03-10 12:00 UTC (in 2 h) as now. Purpose: soak **test**. lab-3 is released at the same time. 1 person is waiting for it. The first of them is offered it. Press Switch to lab-5 on the card.',
    );
  });

  it('a time typed with it: the new booking runs until then, and the press carries it; a time passed is said', () => {
    const input = { ...base, until: '2026-03-10T18:00:00.000Z' };
    expect(texts(input)[1]).toBe('You will hold lab-5 instead, until 2026-03-10 18:00 UTC (in 8 h).');
    expect(inspectCard(switchCard(input)).actions[0].data).toEqual({ action: 'switch', to_testbed_id: '5', until: '2026-03-10T18:00:00.000Z', testbed_id: '3' });
    const several = { ...input, testbeds: [inUse(4, ana), lab3, available(5)] };
    expect(texts(several)[1]).toBe('Choose the booking to move to lab-5: it keeps its purpose and runs until 2026-03-10 18:00 UTC (in 8 h), and the one you leave is released.');
    expect(inspectCard(switchCard(several)).actions[0].data).toEqual({ action: 'switch', to_testbed_id: '5', until: '2026-03-10T18:00:00.000Z' });
    // A purpose typed with it: the new one, the old one shown as it was, and the press carries it.
    const renamed = { ...base, purpose: 'firmware soak' };
    expect(texts(renamed).slice(2, 4)).toEqual(['Purpose: firmware soak', 'It was: soak **test**']);
    expect(inspectCard(switchCard(renamed)).actions[0].data).toEqual({ action: 'switch', to_testbed_id: '5', purpose: 'firmware soak', testbed_id: '3' });
    expect(texts({ ...base, purpose: 'x'.repeat(600) }).slice(1)).toEqual(['A purpose may be at most 500 characters. Type switch again with a shorter one, or none to keep the booking’s own.']);
    const passed = { ...base, until: '2026-03-10T09:00:00.000Z' };
    expect(texts(passed).slice(1)).toEqual(['That time has already passed. Type switch again with a later time, or none to keep the booking’s own.']);
    expect(buttonTitles(switchCard(passed))).toEqual(['Menu']);
  });

  it('to any testbed of a label: the first free for anyone by name, or none free and a place in their queues a press away', () => {
    const five = (record: ReturnType<typeof available>) => ({ ...record, labels: ['5g'] });
    const input = { ...base, toId: undefined, label: '5g', testbeds: [lab3, five(available(7)), five(available(6)), available(5)], life: [{ ...emptyLifecycle(6), queue: [{ email: bob.email, name: bob.name, since: NOW }] }] };
    expect(texts(input).slice(0, 3)).toEqual(['Switch lab-3 to lab-7?', 'lab-7 is the first 5g testbed free for anyone.', 'You will hold lab-7 instead, until 2026-03-10 12:00 UTC (in 2 h) as now.']);
    expect(inspectCard(switchCard(input)).actions[0].data).toEqual({ action: 'switch', to_testbed_id: '7', testbed_id: '3' });
    expect(inspectCard(switchCard({ ...input, until: '2026-03-10T17:00:00.000Z' })).actions[0].data).toEqual({ action: 'switch', to_testbed_id: '7', until: '2026-03-10T17:00:00.000Z', testbed_id: '3' });
    const none = { ...input, testbeds: [lab3, five(inUse(7, bob)), available(5)] };
    expect(texts(none)).toEqual(['No 5g testbed is free', 'No testbed labelled 5g is free right now, so there is nothing to switch to. You keep lab-3.']);
    expect(inspectCard(switchCard(none)).actions.map((action) => [action.title, action.data])).toEqual([
      ['Wait for any 5g', { action: 'wait_label', label: '5g' }],
      ['Menu', { action: 'menu' }],
    ]);
    expect(texts({ ...none, fromId: 5 })[1]).toBe('No testbed labelled 5g is free right now, so there is nothing to switch to.');
  });

  it('holding several, a picker of theirs; the one named is moved without asking', () => {
    const lab4 = inUse(4, ana);
    const input = { ...base, testbeds: [lab4, lab3, available(5)] };
    const card = switchCard(input);
    expect(cardProblems(card)).toEqual([]);
    expect(texts(input)).toEqual(['Switch to lab-5?', 'Choose the booking to move to lab-5: it keeps its purpose and its expected release, and the one you leave is released.', 'Nothing changes before you press the button.']);
    expect(inspectCard(card).actions.map((action) => action.data)).toEqual([{ action: 'switch', to_testbed_id: '5' }, { action: 'cancel' }]);
    expect(texts({ ...input, fromId: 4 })[0]).toBe('Switch lab-4 to lab-5?');
  });

  it('says why not, and offers nothing that would be refused', () => {
    const taken = { ...base, testbeds: [lab3, inUse(5, bob)] };
    expect(texts(taken).slice(1)).toEqual(['lab-5 is taken: Bob Builder holds it; expected release: 2026-03-10 12:00 UTC (in 2 h). You keep lab-3.', 'Nothing was changed.']);
    expect(buttonTitles(switchCard(taken))).toEqual(['Notify me when free', 'Menu']);
    const down = { ...base, testbeds: [lab3, { ...available(5), maintenance: { reason: 'fan', since: NOW, by: bob, until: '2026-03-11T09:00:00.000Z' } }] };
    expect(texts(down).slice(1, 2)).toEqual(['lab-5 is under maintenance until 2026-03-11 09:00 UTC. You keep lab-3.']);
    const held = { ...base, life: [{ ...emptyLifecycle(5), offer: { email: bob.email, name: bob.name, until: '2026-03-10T10:10:00.000Z' } }] };
    expect(texts(held).slice(1, 2)).toEqual(['lab-5 is held for Bob Builder, first in its queue, until 2026-03-10 10:10 UTC. You keep lab-3.']);
    expect(buttonTitles(switchCard(held))).toEqual(['Menu']);
    // Held for them: theirs to book, so the switch is offered.
    expect(buttonTitles(switchCard({ ...held, life: [{ ...emptyLifecycle(5), offer: { email: ana.email, name: ana.name, until: '2026-03-10T10:10:00.000Z' } }] }))).toEqual(['Switch to lab-5', 'Cancel']);

    expect(texts({ ...base, requesterEmail: bob.email })).toEqual(['Nothing to switch', 'You hold no testbeds right now, so there is no booking to move. Type book lab-5 to book it.']);
    expect(buttonTitles(switchCard({ ...base, requesterEmail: bob.email }))).toEqual(['Book it', 'Menu']);
    expect(texts({ ...base, requesterEmail: bob.email, fromId: 3 }).slice(1)).toEqual(['You do not hold lab-3, so there is no booking of it to move. Type book lab-5 to book lab-5.']);
    expect(texts({ ...base, toId: 3, fromId: 3 }).slice(1)).toEqual(['lab-3 is yours already. Name the testbed to move it to: switch lab-3 to …']);
    const both = { ...base, testbeds: [lab3, inUse(5, ana)] };
    expect(texts(both).slice(1)).toEqual(['You hold lab-5 already. Release the other one when you are done with it.']);
    expect(buttonTitles(switchCard(both))).toEqual(['Release lab-3', 'Menu']);
    expect(texts({ ...base, toId: 9 }).slice(1)).toEqual(['That testbed is no longer in the lab. Type status to see the testbeds there are.']);
    expect(switchText({ ...base, toId: 9 })).toBe('Nothing to switch to. That testbed is no longer in the lab. Type status to see the testbeds there are.');
  });
});

describe('the answer to Switch', () => {
  const lab5 = inUse(5, ana, { purpose: 'soak **test**' });
  const seen = (outcome: Parameters<typeof outcomeCard>[0]['outcome']) => seenCard(outcomeCard({ outcome, now: NOW, timeZone: 'UTC' }));

  it('says what they hold now and who was offered the one they left', () => {
    const done = seen({ type: 'switched', record: lab5, previous: lab3, handedTo: 'Bob Builder' });
    expect(done.texts.map(unLookAlike)).toEqual([
      'Switched to lab-5',
      'You hold lab-5 now, until 2026-03-10 12:00 UTC (in 2 h).',
      'Purpose: soak **test**',
      'lab-3 is released and offered to Bob Builder, first in its queue.',
    ]);
    expect(outcomeText({ outcome: { type: 'switched', record: lab5, previous: lab3 }, now: NOW, timeZone: 'UTC' })).toBe(
      'Switched to lab-5. You hold lab-5 now, until 2026-03-10 12:00 UTC (in 2 h). Purpose: soak **test**. lab-3 is released.',
    );
    const kept = seen({ type: 'switched', record: lab5, previous: lab3, kept: true });
    expect(kept.texts[0]).toBe('Booked: lab-5');
    expect(kept.texts[3]).toBe('lab-3 could not be released just now, so you hold both. Release it when you can.');
  });

  it('a refusal keeps the booking, and says why', () => {
    const taken = seen({ type: 'switchRefused', record: inUse(5, bob), from: lab3, reason: 'taken' });
    expect(taken.texts).toEqual(['Nothing was changed', 'lab-5 is taken: Bob Builder holds it; expected release: 2026-03-10 12:00 UTC (in 2 h).', 'You still hold lab-3.']);
    expect(seen({ type: 'switchRefused', record: available(5), from: lab3, reason: 'maintenance' }).texts[1]).toBe('lab-5 is under maintenance.');
    expect(seen({ type: 'switchRefused', from: lab3, reason: 'unknown' }).texts.slice(1)).toEqual(['That testbed is not in the list any more.', 'You still hold lab-3.']);
  });
});
