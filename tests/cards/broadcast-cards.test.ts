import { describe, expect, it } from 'vitest';
import type { TestbedRecord } from '../../src/domain.js';
import type { AdaptiveCardJson } from '../../src/platform/port.js';
import { MAX_CARD_BYTES, cardBytes } from '../../src/cards/common.js';
import { parseRoomSelection } from '../../src/cards/broadcast-actions.js';
import { broadcastNotAllowedCard, broadcastRoomsCard, noBroadcastRoomsCard } from '../../src/cards/broadcast-rooms.card.js';
import { broadcastMessageCard } from '../../src/cards/broadcast-message.card.js';
import { broadcastPreviewCard, broadcastPreviewText } from '../../src/cards/broadcast-preview.card.js';
import { broadcastStatusCard, broadcastStatusText } from '../../src/cards/broadcast-status.card.js';
import { broadcastReportCard, broadcastReportText } from '../../src/cards/broadcast-report.card.js';
import { cardInputIds, cardProblems } from '../support/adaptive-cards.js';
import { seenCard } from '../support/card-text.js';
import { markupFormed } from '../support/rendered-text.js';

const NOW = '2025-03-10T12:00:00.000Z';
const HOSTILE = '[x](http://evil) **b** <at>boss</at>';

function roomId(i: number): string {
  return Buffer.from(`ciscospark://us/ROOM/${i.toString(16).padStart(8, '0')}-1111-2222-3333-444444444444`).toString('base64').replace(/=+$/, '');
}

function rooms(count: number, long = true) {
  return Array.from({ length: count }, (_, i) => ({
    room_id: roomId(i),
    name: long ? `Team room number ${i} with a rather long display name ${'x'.repeat(40)}` : `Room ${i}`,
    description: long ? `Description of room ${i}: ${'the people who care about testbeds '.repeat(4)}` : `About ${i}`,
    discovered: i % 3 === 0,
  }));
}

function testbed(i: number, state: 'available' | 'inUse' | 'overdue'): TestbedRecord {
  if (state === 'available') {
    return { id: i, testbed_name: `tb-${i}-${'n'.repeat(40)}`, status: 'available', user_email: null, user_name: null, registered_time: null, purpose: null, expected_release_time: null };
  }
  return {
    id: i,
    testbed_name: `tb-${i}-${'n'.repeat(40)}`,
    status: 'in_use',
    user_email: `person.${i}@example.com`,
    user_name: `Person Number ${i}`,
    registered_time: '2025-03-10T08:00:00Z',
    purpose: `Purpose ${i}: ${'long regression run '.repeat(25)}`,
    expected_release_time: state === 'overdue' ? '2025-03-10T10:00:00Z' : '2025-03-10T16:00:00Z',
  };
}

const fleet = (count: number) => Array.from({ length: count }, (_, i) => testbed(i + 1, (['available', 'inUse', 'overdue'] as const)[i % 3]));

/** Every Action.Submit anywhere in the card. */
function submits(value: unknown, found: { data: Record<string, unknown> }[] = []) {
  if (Array.isArray(value)) value.forEach((item) => submits(item, found));
  else if (value && typeof value === 'object') {
    const node = value as Record<string, unknown>;
    if (node.type === 'Action.Submit') found.push(node as { data: Record<string, unknown> });
    Object.values(node).forEach((child) => submits(child, found));
  }
  return found;
}

function expectWellFormed(card: AdaptiveCardJson) {
  expect(cardProblems(card)).toEqual([]);
  expect(cardBytes(card)).toBeLessThan(MAX_CARD_BYTES);
  expect(((card.actions as unknown[]) ?? []).length).toBeLessThanOrEqual(5);
  const inputs = cardInputIds(card);
  for (const action of submits(card)) {
    expect(typeof action.data.action).toBe('string');
    for (const key of Object.keys(action.data)) expect(inputs).not.toContain(key);
  }
}

function choiceSet(card: AdaptiveCardJson, id: string) {
  const body = card.body as Record<string, unknown>[];
  return body.find((element) => element.id === id) as { value?: string; choices: { title: string; value: string }[] };
}

describe('broadcast cards', () => {
  it('every card parses cleanly, small inputs', () => {
    const few = rooms(3, false);
    const cards = [
      broadcastRoomsCard({ rooms: few }),
      broadcastRoomsCard({ rooms: few, errors: { room_ids: 'Choose one' }, values: { room_ids: few[1].room_id, select_all: 'true' }, notice: 'Expired' }),
      broadcastMessageCard({ roomCount: 2 }),
      broadcastMessageCard({ roomCount: 1, errors: { message_kind: 'Pick', message_text: 'Too long' }, values: { message_kind: 'usage', message_text: HOSTILE } }),
      broadcastPreviewCard({ rooms: few, kind: 'maintenance', text: HOSTILE, testbeds: fleet(6), now: NOW, timeZone: 'Europe/Berlin' }),
      broadcastStatusCard({ kind: 'usage', text: '', senderName: 'Ana', testbeds: [], now: NOW, timeZone: 'UTC' }),
      broadcastReportCard({ results: [] }),
      broadcastNotAllowedCard(),
      noBroadcastRoomsCard(),
    ];
    cards.forEach(expectWellFormed);
  });

  it('rooms card: 200 rooms with long names fit, every room is a choice with its name and description', () => {
    const list = rooms(200);
    const card = broadcastRoomsCard({ rooms: list });
    expectWellFormed(card);
    const set = choiceSet(card, 'room_ids');
    expect(set.choices).toHaveLength(200);
    expect(set.choices[7].title).toMatch(/^Team room number 7 .*— Description/);
    expect(set.choices[3].title).toContain('(discovered)');
    expect(cardInputIds(card)).toEqual(['select_all', 'room_ids']);
    // What a client submits (the choice values) resolves to exactly those rooms.
    const picked = [set.choices[5].value, set.choices[199].value].join(',');
    expect(parseRoomSelection({ room_ids: picked }, { allowedRoomIds: list.map((room) => room.room_id) })).toEqual({
      ok: true,
      roomIds: [list[5].room_id, list[199].room_id],
    });
  });

  it('rooms card: kept values (full ids or codes) are shown selected; unknown ones are dropped', () => {
    const list = rooms(4, false);
    const card = broadcastRoomsCard({ rooms: list, values: { room_ids: `${list[2].room_id},forged,${list[0].room_id}` } });
    const set = choiceSet(card, 'room_ids');
    expect(set.value).toBe(`${set.choices[2].value},${set.choices[0].value}`);
    expect(JSON.stringify(card)).not.toContain('forged');
  });

  it('status card: 500 testbeds stay under the limit, overdue first, the rest summarised', () => {
    const testbeds = fleet(500);
    const card = broadcastStatusCard({ kind: 'availability', text: 'Weekly update', senderName: 'Ana Silva', testbeds, now: NOW, timeZone: 'UTC' });
    expectWellFormed(card);
    const body = card.body as Record<string, unknown>[];
    const rows = body.filter((element) => element.type === 'Container');
    expect(rows.length).toBeGreaterThan(10);
    expect(JSON.stringify(rows[0])).toContain('Overdue');
    expect(JSON.stringify(rows[0])).toContain('"color":"attention"');
    const texts = body.filter((element) => element.type === 'TextBlock').map((element) => String(element.text));
    // 333 in use or overdue: those not shown in detail are counted, never silently dropped.
    expect(texts).toContain(`…and ${333 - rows.length} more in use; type testbed for the full list.`);
    expect(texts).toContain('● Available (167)');
    const names = seenCard(card).texts.find((text) => text.startsWith('tb-1-'));
    expect(names).toMatch(/…and \d+ more$/);
    expect(JSON.stringify(card)).toContain('Available: 167');
  });

  it('status card: every testbed with full details when they fit', () => {
    const testbeds = [testbed(1, 'available'), testbed(2, 'inUse'), testbed(3, 'overdue'), testbed(4, 'available')];
    testbeds[1].purpose = HOSTILE;
    testbeds[1].user_name = '**Mallory**';
    const card = broadcastStatusCard({ kind: 'maintenance', text: HOSTILE, senderName: 'Ana', testbeds, now: NOW, timeZone: 'Europe/Berlin' });
    expectWellFormed(card);
    const json = JSON.stringify(card);
    const seen = seenCard(card);
    expect(seen.heading).toBe('Maintenance notice');
    expect(json).not.toContain('…and');
    const all = seen.texts.join('\n');
    for (const text of ['(person.2@example.com)', 'Person Number 3', '2025-03-10 16:00 UTC', 'in 4 h', '2 h ago', 'held for 4 h', 'Europe/Berlin', 'Purpose: Purpose 3']) {
      expect(all).toContain(text);
    }
    const body = card.body as Record<string, unknown>[];
    const headlines = body
      .map((element) => (element.type === 'Container' ? (element.items as Record<string, unknown>[])[0] : element))
      .filter((element) => String(element.text ?? '').startsWith('●'));
    expect(headlines.map((element) => element.color)).toEqual(['attention', 'warning', 'good']);
    expect(body.at(-1)).toMatchObject({ color: 'good' });
    expect(seen.texts.at(-1)).toBe(`tb-1-${'n'.repeat(40)}, tb-4-${'n'.repeat(40)}`);
    // User text cannot inject links, emphasis or mentions: it reads as typed (look-alikes for * and _).
    expect(seen.texts).toContain('[x](http://evil) ∗∗b∗∗ <at>boss</at>');
    expect(seen.texts.some((text) => text.startsWith('∗∗Mallory∗∗ (person.2@example.com)'))).toBe(true);
    for (const item of seen.all) expect(markupFormed(item.source)).toEqual([]);
    expect(broadcastStatusText({ kind: 'maintenance', text: '', senderName: 'Ana', testbeds, now: NOW, timeZone: 'UTC' })).toBe(
      'Maintenance notice from Ana: 2 available, 1 in use, 1 overdue. Type testbed for details.',
    );
  });

  it('preview card: 200 rooms and 500 testbeds fit, with send / back / cancel', () => {
    const card = broadcastPreviewCard({ rooms: rooms(200), kind: 'usage', text: 'x'.repeat(1000), testbeds: fleet(500), now: NOW, timeZone: 'UTC' });
    expectWellFormed(card);
    expect(submits(card).map((action) => action.data.action)).toEqual(['broadcast_confirm', 'broadcast_back', 'cancel']);
    expect(JSON.stringify(card)).toContain('…and 175 more');
  });

  it('message card keeps values and escapes nothing into markup', () => {
    const card = broadcastMessageCard({ roomCount: 3, values: { message_kind: 'maintenance', message_text: 'Down\u0007 till Friday' } });
    expectWellFormed(card);
    expect(choiceSet(card, 'message_kind').value).toBe('maintenance');
    const text = (card.body as Record<string, unknown>[]).find((element) => element.id === 'message_text');
    expect(text).toMatchObject({ value: 'Down till Friday', maxLength: 1000 });
    expect(submits(card).map((action) => action.data.action)).toEqual(['broadcast_message_submit', 'broadcast_back', 'cancel']);
  });

  it('report card: 200 results with failures lists every failure reason and exact counts', () => {
    const results = Array.from({ length: 200 }, (_, i) => ({
      roomId: roomId(i),
      name: `Room ${i} ${'n'.repeat(30)}`,
      delivered: i % 7 !== 0,
      ...(i % 7 === 0 ? { reason: `HTTP 404: room ${i} not found` } : {}),
    }));
    const card = broadcastReportCard({ results });
    expectWellFormed(card);
    const json = JSON.stringify(card);
    expect(json).toContain('Delivered to 171 of 200 rooms.');
    expect(json).toContain('Not delivered (29)');
    for (let i = 0; i < 200; i += 7) expect(json).toContain(`room ${i} not found`);
    expect(json).toContain('Delivered (171)');
  });

  it('one room is counted as one room on every broadcast card and its plain text', () => {
    const one = rooms(1);
    expect(seenCard(broadcastRoomsCard({ rooms: one })).texts).toContain('Choose where to send the testbed status card (1 room on the list).');
    expect(seenCard(broadcastMessageCard({ roomCount: 1 })).texts.some((text) => text.startsWith('The status card goes to 1 room.'))).toBe(true);
    const preview = { rooms: one, kind: 'availability' as const, text: '', testbeds: fleet(2), now: NOW, timeZone: 'UTC' };
    expect(broadcastPreviewText(preview)).toMatch(/ to 1 room\. /);
    const report = { results: [{ roomId: roomId(0), name: 'Lab Team', delivered: true }] };
    expect(seenCard(broadcastReportCard(report)).texts).toContain('Delivered to 1 of 1 room.');
    expect(broadcastReportText(report)).toBe('Broadcast delivered to 1 of 1 room.');
  });

  it('report card summarises when there are too many failures to list', () => {
    const results = Array.from({ length: 500 }, (_, i) => ({ roomId: roomId(i), name: `Room ${i} ${'n'.repeat(50)}`, delivered: false, reason: 'x'.repeat(150) }));
    const card = broadcastReportCard({ results });
    expectWellFormed(card);
    expect(JSON.stringify(card)).toMatch(/…and \d+ more not delivered/);
  });
});
