/**
 * The hand-over card: who the words found on the platform, confirmed with one press by the holder,
 * or why not (not theirs, nobody found, several people, themselves). Names people typed stay inert.
 */
import { describe, expect, it } from 'vitest';
import { renderReply } from '../../src/app/render.js';
import { handOverCard, handOverText } from '../../src/cards/handover.card.js';
import { emptyLifecycle } from '../../src/domain.js';
import { cardProblems } from '../support/adaptive-cards.js';
import { buttonTitles, seenCard } from '../support/card-text.js';
import { unLookAlike } from '../support/rendered-text.js';
import { inspectCard } from './card-walk.js';
import { NOW, ana, available, bob, inUse } from '../fixtures/flows/records.js';

const lab3 = inUse(3, ana, { until: '2026-03-10T12:00:00.000Z', purpose: 'soak **test**' });
const base = { record: lab3, life: [], requesterEmail: ana.email, to: 'Bob', now: NOW, timeZone: 'UTC' };
const texts = (input: Parameters<typeof handOverCard>[0]) => seenCard(handOverCard(input)).texts.map(unLookAlike);

describe('the hand-over card', () => {
  it('names the one person found and hands over with one press, their queue place not counted', () => {
    const life = [{ ...emptyLifecycle(3), queue: [{ email: bob.email, name: bob.name, since: NOW }, { email: 'carol@example.com', name: 'Carol', since: NOW }] }];
    const input = { ...base, life, found: [{ email: bob.email, name: 'Bob *B*' }] };
    const card = handOverCard(input);
    expect(cardProblems(card)).toEqual([]);
    expect(texts(input)).toEqual([
      'Hand lab-3 over?',
      'Bob *B* (bob@example.com) will hold lab-3 from now on. Expected release: 2026-03-10 12:00 UTC (in 2 h).',
      'Purpose: soak **test**',
      'They get a message saying so, and the reminders go to them.',
      '1 person is waiting for it. They stay in its queue.',
    ]);
    expect(inspectCard(card).actions.map((action) => [action.title, action.data])).toEqual([
      ['Hand over', { action: 'hand_over', testbed_id: '3', to_email: bob.email }],
      ['Cancel', { action: 'cancel' }],
    ]);
    expect(handOverText(input)).toContain('Bob *B* (bob@example.com) will hold lab-3 from now on.');
  });

  it('says why not: nobody found, several people, the holder themselves, not theirs, no such testbed', () => {
    expect(texts({ ...base, to: 'Zed', found: [] }).slice(1)).toEqual(['I could not find anybody called “Zed”. Type their email instead: give lab-3 to name@example.com.']);
    expect(texts({ ...base, to: 'zed@example.com', found: [] }).slice(1)).toEqual(['I could not find anybody with the email “zed@example.com”. Type their email instead: give lab-3 to name@example.com.']);
    const several = texts({ ...base, found: [{ email: bob.email, name: 'Bob Builder' }, { email: 'bobby@example.com', name: 'Bobby Tables' }] });
    expect(several).toEqual([
      'Which one?',
      'More than one person is called “Bob”: Bob Builder (bob@example.com), Bobby Tables (bobby@example.com).',
      'Type the email of the one you mean: give lab-3 to name@example.com.',
    ]);
    expect(texts({ ...base, to: 'Ana', found: [{ email: ana.email, name: ana.name }] }).slice(1)).toEqual(['That is you: lab-3 is yours already.']);
    expect(texts({ ...base, to: 'me', found: [] }).slice(1)).toEqual(['That is you: lab-3 is yours already.']);
    const notHers = { ...base, requesterEmail: bob.email, found: [{ email: bob.email, name: bob.name }] };
    expect(texts(notHers).slice(1)).toEqual(['You do not hold lab-3, so it is not yours to hand over. Only its holder can.']);
    expect(texts({ ...base, record: available(3), found: [{ email: bob.email, name: bob.name }] }).slice(1)).toEqual(['You do not hold lab-3, so it is not yours to hand over. Only its holder can.']);
    expect(texts({ ...base, record: undefined, found: [] }).slice(1)).toEqual(['That testbed is no longer in the lab. Type status to see the testbeds there are.']);
    for (const found of [[], [{ email: ana.email, name: ana.name }]]) expect(buttonTitles(handOverCard({ ...base, found }))).toEqual(['Status', 'Menu']);
  });
});

describe('the hand-over card for an admin', () => {
  const forThem = { ...base, requesterEmail: 'lead@example.com', asAdmin: true };

  it('hands somebody else’s booking over for them, with whose it was on the button', () => {
    const input = { ...forThem, found: [{ email: bob.email, name: 'Bob *B*' }] };
    const card = handOverCard(input);
    expect(cardProblems(card)).toEqual([]);
    expect(texts(input)).toEqual([
      'Hand lab-3 over for Ana Ops?',
      'Bob *B* (bob@example.com) will hold lab-3 from now on, instead of Ana Ops. Expected release: 2026-03-10 12:00 UTC (in 2 h).',
      'Purpose: soak **test**',
      'As an admin, you may hand it over for them: both get a message saying you did, and the reminders go to Bob *B*.',
    ]);
    expect(inspectCard(card).actions.map((action) => [action.title, action.data])).toEqual([
      ['Hand over for them', { action: 'admin_hand_over', for_testbed_id: '3', holder_email: ana.email, to_email: bob.email }],
      ['Cancel', { action: 'cancel' }],
    ]);
    expect(handOverText(input)).toContain('Bob *B* (bob@example.com) will hold lab-3 from now on, instead of Ana Ops.');
  });

  it('says why not: the holder named, yourself as `me`, nobody found; a free testbed is nobody’s to hand over', () => {
    expect(texts({ ...forThem, to: 'Ana', found: [{ email: ana.email, name: ana.name }] }).slice(1)).toEqual(['Ana Ops holds lab-3 already.']);
    expect(texts({ ...forThem, to: 'me', found: [] }).slice(1)).toEqual(['To take lab-3 over from Ana Ops yourself, type your own email: give lab-3 to name@example.com.']);
    expect(texts({ ...forThem, to: 'Zed', found: [] })[0]).toBe('Nobody found');
    expect(texts({ ...forThem, record: available(3), found: [{ email: bob.email, name: bob.name }] }).slice(1)).toEqual(['You do not hold lab-3, so it is not yours to hand over. Only its holder can.']);
    // Their own booking: the holder's card, not the admin's.
    expect(texts({ ...forThem, requesterEmail: ana.email, found: [{ email: bob.email, name: bob.name }] })[0]).toBe('Hand lab-3 over?');
  });
});

describe('who the words name, asked of the platform when the card is drawn', () => {
  const ctx = { botName: 'Testbed Monitor', testbeds: [lab3], life: [], now: NOW, timeZone: 'UTC' };
  const view = { kind: 'handOverForm' as const, testbedId: 3, to: 'Bob' };

  it('is asked only for the holder; anybody else learns nothing of the directory', async () => {
    const asked: string[] = [];
    const findPeople = async (words: string) => (asked.push(words), [{ email: bob.email, name: bob.name }]);
    const holder = await renderReply(view, { ...ctx, requesterEmail: ana.email, findPeople });
    expect(seenCard(holder.card).heading).toBe('Hand lab-3 over?');
    expect(asked).toEqual(['Bob']);
    await renderReply({ ...view, to: 'me' }, { ...ctx, requesterEmail: ana.email, findPeople });
    expect(asked).toEqual(['Bob']);
    const other = await renderReply(view, { ...ctx, requesterEmail: bob.email, findPeople });
    expect(seenCard(other.card).texts[1]).toBe('You do not hold lab-3, so it is not yours to hand over. Only its holder can.');
    expect(asked).toEqual(['Bob']);
  });

  it('for an admin, somebody else’s booking is looked up too, and handed over for them', async () => {
    const asked: string[] = [];
    const findPeople = async (words: string) => (asked.push(words), [{ email: bob.email, name: bob.name }]);
    const admin = await renderReply(view, { ...ctx, requesterEmail: 'lead@example.com', requesterIsAdmin: true, findPeople });
    expect(seenCard(admin.card).heading).toBe('Hand lab-3 over for Ana Ops?');
    expect(asked).toEqual(['Bob']);
  });

  it('a look-up that fails is said, and nothing is changed', async () => {
    const failing = await renderReply(view, { ...ctx, requesterEmail: ana.email, findPeople: async () => Promise.reject(new Error('503')) });
    expect(seenCard(failing.card).texts).toContain('I could not look that person up just now. Please try again in a moment; nothing was changed.');
  });
});

describe('the hand-over card for every booking', () => {
  const lab4 = inUse(4, ana, { until: '2026-03-10T15:00:00.000Z' });
  const all = [lab3, inUse(5, bob), lab4, available(6)];
  const every = { record: undefined, all, life: [], requesterEmail: ana.email, to: 'Bob', now: NOW, timeZone: 'UTC' };

  it('lists each of their bookings and hands them all over with one press that needs no testbed', () => {
    const input = { ...every, found: [{ email: bob.email, name: 'Bob *B*' }] };
    const card = handOverCard(input);
    expect(cardProblems(card)).toEqual([]);
    expect(texts(input)).toEqual([
      'Hand 2 bookings over?',
      'Bob *B* (bob@example.com) will hold each of them from now on:',
      'lab-3 · Expected release: 2026-03-10 12:00 UTC (in 2 h)',
      'lab-4 · Expected release: 2026-03-10 15:00 UTC (in 5 h)',
      'They get a message for each, and the reminders go to them.',
    ]);
    expect(inspectCard(card).actions.map((action) => [action.title, action.data])).toEqual([
      ['Hand all over', { action: 'hand_over_all', to_email: bob.email }],
      ['Cancel', { action: 'cancel' }],
    ]);
    // Sent whatever is chosen elsewhere on the card (a client would hold it back for an empty required input).
    expect((card.actions as Array<{ associatedInputs?: string }>)[0].associatedInputs).toBe('none');
    expect(handOverText(input)).toContain('Bob *B* (bob@example.com) will hold each of them from now on: lab-3 · Expected release');
    // One booking: named.
    expect(texts({ ...input, all: [lab3] }).slice(0, 2)).toEqual(['Hand lab-3 over?', 'Bob *B* (bob@example.com) will hold it from now on:']);
  });

  it('says why not: nothing held, nobody found, several people, themselves', () => {
    expect(texts({ ...every, requesterEmail: 'carol@example.com', found: [{ email: bob.email, name: 'Bob' }] }).slice(1)).toEqual(['You hold no testbeds right now.']);
    expect(texts({ ...every, to: 'Zed', found: [] }).slice(1)).toEqual(['I could not find anybody called “Zed”. Type their email instead: give all my testbeds to name@example.com.']);
    expect(texts({ ...every, found: [{ email: bob.email, name: 'Bob' }, { email: 'bobby@example.com', name: 'Bobby' }] })[0]).toBe('Which one?');
    expect(texts({ ...every, to: 'me', found: [] }).slice(1)).toEqual(['That is you: your bookings are yours already.']);
    expect(texts({ ...every, to: 'Ana', found: [{ email: ana.email, name: ana.name }] }).slice(1)).toEqual(['That is you: your bookings are yours already.']);
    for (const input of [{ ...every, to: 'Zed', found: [] }, { ...every, to: 'me', found: [] }]) expect(buttonTitles(handOverCard(input))).toEqual(['Status', 'Menu']);
  });
});
