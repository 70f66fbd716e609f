/**
 * The form that gives one of a person's bookings a new purpose, and the answer once it is saved:
 * what the picker and the purpose box start with, why a testbed named is not theirs, problems named
 * under their inputs, and a purpose too long for the box.
 */
import { describe, expect, it } from 'vitest';
import { outcomeCard, outcomeText } from '../../src/cards/lifecycle.card.js';
import { purposeFormCard, purposeFormText } from '../../src/cards/purpose.card.js';
import { cardProblems } from '../support/adaptive-cards.js';
import { buttonTitles, seenCard } from '../support/card-text.js';
import { unLookAlike } from '../support/rendered-text.js';
import { NOW, ana, available, bob, inUse } from '../fixtures/flows/records.js';

type Json = Record<string, unknown>;

/** The input with that id, as the card carries it. */
function inputOf(card: unknown, id: string): Json | undefined {
  let found: Json | undefined;
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    const element = node as Json;
    if (element.id === id && String(element.type).startsWith('Input.')) found = element;
    for (const value of Object.values(element)) if (value && typeof value === 'object') visit(value);
  };
  visit((card as Json).body);
  return found;
}

const texts = (card: unknown) => seenCard(card).texts.map(unLookAlike);

describe('the purpose form', () => {
  const own = inUse(3, ana, { purpose: 'regression run' });
  const theirs = inUse(4, bob, { purpose: 'firmware soak' });

  it('starts on their only booking with its current purpose, ready to be edited', () => {
    const card = purposeFormCard({ testbeds: [own, theirs, available(5)], requesterEmail: ana.email });
    expect(cardProblems(card)).toEqual([]);
    expect(seenCard(card).heading).toBe('Change a purpose');
    expect(seenCard(card).choices('testbed_id')).toEqual(['lab-3']);
    expect(inputOf(card, 'testbed_id')?.value).toBe('3');
    expect(inputOf(card, 'purpose')?.value).toBe('regression run');
    expect(texts(card).some((text) => text.startsWith('Now:'))).toBe(false);
    expect(buttonTitles(card)).toEqual(['Save purpose', 'Cancel']);
    expect(purposeFormText({ testbeds: [own], requesterEmail: ana.email })).toBe('Change the purpose of lab-3: open the card, type the new one and press Save purpose.');
  });

  it('with the new purpose typed, shows the one it replaces above it', () => {
    const card = purposeFormCard({ testbeds: [own, inUse(6, ana)], requesterEmail: ana.email, testbedId: 3, purpose: 'bisecting the **crash**' });
    expect(inputOf(card, 'testbed_id')?.value).toBe('3');
    expect(inputOf(card, 'purpose')?.value).toBe('bisecting the **crash**');
    expect(texts(card)).toContain('Now: regression run');
  });

  it('with several bookings and none named, the picker waits for a choice', () => {
    const card = purposeFormCard({ testbeds: [own, inUse(6, ana)], requesterEmail: ana.email, purpose: 'bisecting' });
    expect(inputOf(card, 'testbed_id')?.value).toBeUndefined();
    expect(seenCard(card).choices('testbed_id')).toEqual(['lab-3', 'lab-6']);
    expect(purposeFormText({ testbeds: [own, inUse(6, ana)], requesterEmail: ana.email })).toContain('of one of your bookings');
  });

  it('says why a testbed named is not theirs to change', () => {
    const card = purposeFormCard({ testbeds: [own, theirs], requesterEmail: ana.email, testbedId: 4, purpose: 'mine now' });
    expect(texts(card)).toContain('You do not hold lab-4: its purpose is for Bob Builder to change.');
    expect(inputOf(card, 'testbed_id')?.value).toBeUndefined();
    const free = purposeFormCard({ testbeds: [own, available(5)], requesterEmail: ana.email, testbedId: 5 });
    expect(texts(free)).toContain('lab-5 is not booked right now.');
  });

  it('for somebody who holds nothing, says so and offers status instead of a form', () => {
    const card = purposeFormCard({ testbeds: [theirs], requesterEmail: ana.email, testbedId: 4 });
    expect(texts(card).slice(1)).toEqual(['You do not hold lab-4: its purpose is for Bob Builder to change.', 'You hold no testbeds right now, so there is no purpose to change.']);
    expect(inputOf(card, 'purpose')).toBeUndefined();
    expect(buttonTitles(card)).toEqual(['Status', 'Menu']);
    expect(purposeFormText({ testbeds: [theirs], requesterEmail: ana.email })).toBe('You hold no testbeds right now, so there is no purpose to change.');
  });

  it('sent back with problems: each named under its input, and what was typed kept', () => {
    const errors = { purpose: 'Keep the purpose to 500 characters (you typed 501).' };
    const card = purposeFormCard({ testbeds: [own, inUse(6, ana)], requesterEmail: ana.email, errors, values: { testbed_id: '6', purpose: 'x'.repeat(501) } });
    expect(seenCard(card).errors).toEqual(['Please check the fields marked below.', 'Keep the purpose to 500 characters (you typed 501).']);
    // Under the purpose box, not anywhere on the card.
    const all = seenCard(card).all.map((item) => item.text);
    expect(all.indexOf('Keep the purpose to 500 characters (you typed 501).')).toBeGreaterThan(all.indexOf('lab-6'));
    expect(inputOf(card, 'testbed_id')?.value).toBe('6');
  });

  it('a purpose typed longer than the box holds is named, and the first 500 characters kept', () => {
    const card = purposeFormCard({ testbeds: [own], requesterEmail: ana.email, purpose: `${'a'.repeat(500)}TAIL` });
    expect(texts(card)).toContain('Keep the purpose to 500 characters (you typed 504): the box below holds the first 500.');
    expect(inputOf(card, 'purpose')?.value).toBe('a'.repeat(500));
  });
});

describe('the answer to a new purpose', () => {
  const ctx = { now: NOW, timeZone: 'UTC' };

  it('names the new purpose and the one it replaced', () => {
    const outcome = { type: 'repurposed' as const, record: inUse(3, ana, { purpose: 'bisecting the crash' }), previous: 'regression run', changed: true };
    const card = outcomeCard({ ...ctx, outcome });
    expect(seenCard(card).heading).toBe('New purpose: lab-3');
    expect(texts(card).slice(1)).toEqual(['Purpose: bisecting the crash', 'It was: regression run', 'Status shows it under your booking.']);
    expect(outcomeText({ ...ctx, outcome })).toBe('New purpose: lab-3. Purpose: bisecting the crash. It was: regression run. Status shows it under your booking.');
  });

  it('says nothing changed when the purpose already read so', () => {
    const outcome = { type: 'repurposed' as const, record: inUse(3, ana, { purpose: 'regression run' }), previous: 'regression run', changed: false };
    expect(texts(outcomeCard({ ...ctx, outcome }))).toEqual(['Nothing was changed', 'The purpose of lab-3 already reads so.', 'Purpose: regression run']);
  });
});
