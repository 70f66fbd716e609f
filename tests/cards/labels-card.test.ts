/**
 * The labels card (`labels`, `what labels are there`): each label in use with how many testbeds carry it and
 * their names, long lists counted rather than listed, and what to type next. Names stay inert.
 */
import { describe, expect, it } from 'vitest';
import { labelsCard, labelsText } from '../../src/cards/labels.card.js';
import type { TestbedRecord } from '../../src/domain.js';
import { cardProblems } from '../support/adaptive-cards.js';
import { buttonTitles, seenCard } from '../support/card-text.js';
import { unLookAlike } from '../support/rendered-text.js';
import { available } from '../fixtures/flows/records.js';

const labelled = (id: number, name: string, labels: string[]): TestbedRecord => ({ ...available(id, name), labels });

describe('the labels card', () => {
  it('lists each label once (ignoring case), with its testbeds in natural order, and how to use one', () => {
    const testbeds = [labelled(1, 'ran-10', ['5g']), labelled(2, 'ran-2', ['5G', 'lab']), labelled(3, 'core-1', ['core']), available(4, 'plain')];
    const card = labelsCard({ testbeds });
    expect(cardProblems(card)).toEqual([]);
    expect(seenCard(card).texts).toEqual([
      'Labels',
      '3 labels on 3 testbeds.',
      'Type status 5g to see them, book any 5g to book a free one, wait any 5g to wait for whichever is handed on first.',
    ]);
    // In order: the label, then its testbeds.
    expect(Object.entries(seenCard(card).facts)).toEqual([
      ['5g', '2 testbeds: ran-2, ran-10'],
      ['core', '1 testbed: core-1'],
      ['lab', '1 testbed: ran-2'],
    ]);
    expect(buttonTitles(card)).toEqual(['Status', 'Menu']);
    expect(labelsText({ testbeds })).toBe(
      'Labels: 5g (2 testbeds), core (1 testbed), lab (1 testbed). Type status 5g to see them, book any 5g to book a free one, wait any 5g to wait for whichever is handed on first.',
    );
  });

  it('counts what it does not list: names past six per label, labels past forty', () => {
    const many = Array.from({ length: 9 }, (_, i) => labelled(i + 1, `ran-${i + 1}`, ['5g']));
    expect(seenCard(labelsCard({ testbeds: many })).facts).toEqual({ '5g': '9 testbeds: ran-1, ran-2, ran-3, ran-4, ran-5, ran-6 and 3 more' });
    const wide = Array.from({ length: 45 }, (_, i) => labelled(i + 1, `rig-${i + 1}`, [`l${String(i).padStart(2, '0')}`]));
    const seen = seenCard(labelsCard({ testbeds: wide }));
    expect(seen.texts[1]).toBe('45 labels on 45 testbeds.');
    expect(Object.keys(seen.facts)).toHaveLength(40);
    expect(seen.facts.l39).toBe('1 testbed: rig-40');
    expect(seen.texts).toContain('And 5 more labels.');
    expect(labelsText({ testbeds: wide })).toMatch(/l39 \(1 testbed\) and 5 more\. /);
  });

  it('says how labels come about when no testbed has one', () => {
    const card = labelsCard({ testbeds: [available(1)] });
    expect(seenCard(card).texts).toEqual(['Labels', 'No testbed has a label yet. Admins give them one: add label 5g to lab-3.']);
    expect(labelsText({ testbeds: [] })).toBe('No testbed has a label yet. Admins give them one: add label 5g to lab-3.');
  });

  it('shows testbed names as typed, never as markup', () => {
    const facts = seenCard(labelsCard({ testbeds: [labelled(1, '**rig_1** [x](http://evil)', ['5g'])] })).facts;
    expect(unLookAlike(facts['5g'])).toBe('1 testbed: **rig_1** [x](http://evil)');
  });
});
