/**
 * The card → text renderer used by replay transcripts: every element a card
 * of ours uses reads as a person would see it, selected choices marked, ids
 * (choice and submit values) never shown.
 */
import { describe, expect, it } from 'vitest';
import { cardToText } from '../../src/replay/card-text.js';
import { registerFormCard } from '../../src/cards/register.card.js';
import { broadcastRoomsCard } from '../../src/cards/broadcast-rooms.card.js';
import { available, NOW } from '../fixtures/flows/records.js';

describe('cardToText', () => {
  it('renders headings, text, facts, columns, inputs and buttons', () => {
    const card = {
      type: 'AdaptiveCard',
      version: '1.3',
      body: [
        { type: 'TextBlock', text: 'Booked: lab-2', size: 'Medium', weight: 'Bolder' },
        { type: 'TextBlock', text: 'First line\nsecond line', wrap: true },
        { type: 'FactSet', facts: [{ title: 'Held by', value: 'Ada' }, { title: 'Since', value: '09:14' }] },
        { type: 'ColumnSet', columns: [{ type: 'Column', items: [{ type: 'TextBlock', text: 'Available: 1' }] }, { type: 'Column', items: [{ type: 'TextBlock', text: 'In use: 2' }] }] },
        { type: 'Container', items: [{ type: 'Image', url: 'https://example.invalid/x.png', altText: 'logo' }] },
        { type: 'Input.Text', id: 'purpose', label: 'Purpose', value: 'Soak' },
        { type: 'Input.Date', id: 'release_date', label: 'Custom date' },
        { type: 'Input.Toggle', id: 'select_all', title: 'All rooms', valueOn: 'true', valueOff: 'false', value: 'true' },
        { type: 'Input.ChoiceSet', id: 'testbed_id', label: 'Testbed', value: '2', choices: [{ title: 'lab-1', value: '1' }, { title: 'lab-2', value: '2' }] },
        { type: 'Input.ChoiceSet', id: 'room_ids', label: 'Rooms', isMultiSelect: true, value: 'rA,rC', choices: [{ title: 'A', value: 'rA' }, { title: 'B', value: 'rB' }, { title: 'C', value: 'rC' }] },
        { type: 'Media', sources: [] },
      ],
      actions: [
        { type: 'Action.Submit', title: 'Register', data: { action: 'register_submit', secret_id: 'Y2lzY29zcGFyazovL3VzL1JPT00v' } },
        { type: 'Action.ShowCard', title: 'More', card: { type: 'AdaptiveCard', body: [{ type: 'TextBlock', text: 'Inside' }], actions: [{ type: 'Action.Submit', title: 'Go', data: { action: 'menu' } }] } },
        { type: 'Action.OpenUrl', title: 'Docs', url: 'https://example.invalid/docs' },
      ],
    };
    expect(cardToText(card)).toEqual([
      '# Booked: lab-2',
      'First line',
      'second line',
      'Held by: Ada',
      'Since: 09:14',
      'Available: 1   In use: 2',
      '[image: logo]',
      '[Purpose: Soak]',
      '[Custom date: ____]',
      '[x] All rooms',
      '[Testbed: ( ) lab-1 | (•) lab-2]',
      '[Rooms: [x] A | [ ] B | [x] C]',
      '(Media not shown)',
      '<Register> <More ▸> <Docs ↗ https://example.invalid/docs>',
      'More ▸',
      '  Inside',
      '  <Go>',
    ]);
  });

  it('puts multi-line columns one after another and says when there is no card', () => {
    const card = { type: 'AdaptiveCard', body: [{ type: 'ColumnSet', columns: [{ items: [{ type: 'TextBlock', text: 'a' }, { type: 'TextBlock', text: 'b' }] }, { items: [{ type: 'TextBlock', text: 'c' }] }] }] };
    expect(cardToText(card)).toEqual(['a', 'b', 'c']);
    expect(cardToText(undefined)).toEqual(['(no card)']);
  });

  it('reads our real register form with the values a person typed back in', () => {
    const lines = cardToText(
      registerFormCard({ available: [available(1), available(2)], inUse: [], now: NOW, timeZone: 'UTC', values: { testbed_id: '2', purpose: 'Soak test', release_choice: '4h' } }),
    );
    expect(lines).toContain('[Testbed (available ones only): ( ) lab-1 | (•) lab-2]');
    expect(lines).toContain('[Purpose: Soak test]');
    expect(lines.find((line) => line.startsWith('[Expected release:'))).toContain('(•) In 4 hours');
    expect(lines.at(-1)).toBe('<Register> <Cancel>');
  });

  it('shows room titles, never the room ids behind the choices', () => {
    const rooms = [
      { room_id: 'Y2lzY29zcGFyazovL3VzL1JPT00vb3Bz', name: 'Ops Floor', description: 'Operators' },
      { room_id: 'Y2lzY29zcGFyazovL3VzL1JPT00vbmlnaHQ', name: 'Night Shift', description: 'After hours' },
    ];
    const text = cardToText(broadcastRoomsCard({ rooms })).join('\n');
    expect(text).toContain('Ops Floor');
    expect(text).toContain('Night Shift');
    for (const room of rooms) expect(text).not.toContain(room.room_id);
  });
});
