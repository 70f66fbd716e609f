/**
 * The usage report through the router and the conversation machine: typed `report`, the `report`
 * card action with its `days` (only 7 or 30), and the button on the card switching between the
 * two windows and back, as a person clicks it.
 */
import { describe, expect, it } from 'vitest';
import { initialTransition, transition, type AnyMachineSnapshot } from 'xstate';
import { flowKey } from '../../src/app/actor-key.js';
import { renderView, type View } from '../../src/app/render.js';
import { isCommandText, route, type RouterContext } from '../../src/app/router.js';
import { parseReportDays } from '../../src/cards/actions.js';
import { conversationMachine } from '../../src/machines/conversation.machine.js';
import { cardSubmission } from '../../src/platform/emulator/card-submit.js';
import { encodeId } from '../../src/platform/ids.js';
import type { AdaptiveCardJson, CardActionEvent, MessageEvent } from '../../src/platform/port.js';
import { buttonTitles, seenCard } from '../support/card-text.js';
import { emittedOf, type ExecAction } from '../fixtures/flows/replay.js';
import { WEEK_ENTRIES, WEEK_NOW, WEEK_RECORDS } from '../fixtures/usage-week.js';

const LAB = encodeId('ROOM', '0b6f7e2c-1111-4a4a-9999-000000000001');
const DM = encodeId('ROOM', '0b6f7e2c-1111-4a4a-9999-000000000009');
const ADA = encodeId('PEOPLE', '0b6f7e2c-2222-4a4a-9999-000000000001');
const ctx: RouterContext = { approvedRooms: [LAB], timeZone: 'UTC', knownTestbedIds: [1, 2, 3, 4] };
const RENDER = { botName: 'Testbed Monitor', testbeds: WEEK_RECORDS, now: WEEK_NOW, timeZone: 'Europe/Berlin', history: WEEK_ENTRIES };

function typed(text: string): MessageEvent {
  return { type: 'message', id: 'm', roomId: LAB, roomType: 'group', personId: ADA, personEmail: 'ada@example.com', text, receivedAt: WEEK_NOW };
}

function clicked(inputs: Record<string, unknown>, roomId = LAB, roomType: 'group' | 'direct' = 'group'): CardActionEvent {
  return { type: 'cardAction', id: 'a', roomId, roomType, personId: ADA, messageId: 'c', inputs, receivedAt: WEEK_NOW };
}

/** What the conversation shows for a routed event (a fresh actor, as after any earlier card). */
function shown(decision: ReturnType<typeof route>): View {
  expect(decision.kind).toBe('dispatch');
  if (decision.kind !== 'dispatch') throw new Error('not dispatched');
  expect(decision.targets.map((target) => target.key)).toEqual([flowKey('conversation', LAB, ADA)]);
  const [start] = initialTransition(conversationMachine, { roomId: LAB, personId: ADA, timeoutMs: 60_000 });
  const [, actions] = transition(conversationMachine, start as AnyMachineSnapshot as never, decision.targets[0].event as never);
  const cards = (emittedOf(actions as ExecAction[]) as Array<{ type: string; view: View }>).filter((emitted) => emitted.type === 'say.card');
  expect(cards).toHaveLength(1);
  return cards[0].view;
}

function press(card: AdaptiveCardJson, title: string): ReturnType<typeof route> {
  return route(clicked(cardSubmission(card, { action: title })), ctx);
}

describe('usage report routing', () => {
  it.each(['report', '  REPORT ', '/report'])('typed %j asks for the last 7 days', (text) => {
    expect(shown(route(typed(text), ctx))).toEqual({ kind: 'report', days: 7 });
  });

  it.each([
    ['report 30', 30],
    ['Report 30 days', 30],
    ['testbed report 30d', 30],
    ['report 7 days?', 7],
  ] as const)('typed %j asks for the last %i days', (text, days) => {
    expect(shown(route(typed(text), ctx))).toEqual({ kind: 'report', days });
    expect(isCommandText(text)).toBe(true);
  });

  it.each(['report 14', 'report last fortnight', 'report 30 weeks'])('typed %j is answered with the windows there are, and nothing else happens', (text) => {
    expect(route(typed(text), ctx)).toEqual({
      kind: 'reply',
      view: { kind: 'error', message: 'The usage report covers the last 7 or the last 30 days, of the whole lab or of one label: type report, report 30, or report 5g 30.' },
    });
    expect(isCommandText(text)).toBe(false);
  });

  it.each([
    [{ action: 'report', days: 30 }, 30],
    [{ action: 'report', days: '30' }, 30],
    [{ action: 'report', days: 7 }, 7],
    [{ action: 'report' }, 7],
    [{ action: 'report', days: 14 }, 7],
    [{ action: 'report', days: '30 days' }, 7],
    [{ action: 'report', days: [30] }, 7],
    [{ action: 'report', days: null }, 7],
  ])('the report button with %j shows %i days', (inputs, days) => {
    expect(parseReportDays(inputs)).toBe(days);
    expect(shown(route(clicked(inputs), ctx))).toEqual({ kind: 'report', days });
  });

  it('switches from 7 days to 30 and back with the button on the card', () => {
    const week = renderView({ kind: 'report', days: 7 }, RENDER).card;
    expect(seenCard(week).heading).toBe('Usage, last 7 days');
    const monthView = shown(press(week, 'Last 30 days'));
    expect(monthView).toEqual({ kind: 'report', days: 30 });
    const month = renderView(monthView, RENDER).card;
    expect(seenCard(month).heading).toBe('Usage, last 30 days');
    // lab-4 has been held by Linus since 1 March: 9 days and 12 hours of the 30.
    expect(seenCard(month).texts).toContain('▰▰▰▱▱▱▱▱▱▱ 32% · 228 h in use');
    const backView = shown(press(month, 'Last 7 days'));
    expect(backView).toEqual({ kind: 'report', days: 7 });
    expect(seenCard(renderView(backView, RENDER).card).heading).toBe('Usage, last 7 days');
  });

  it('the Status and Menu buttons on the report work too', () => {
    const week = renderView({ kind: 'report', days: 7 }, RENDER).card;
    expect(shown(press(week, 'Status'))).toEqual({ kind: 'status' });
    expect(shown(press(week, 'Menu'))).toEqual({ kind: 'menu' });
  });

  it('in a room that is not approved the card has no buttons, and a forged report click is ignored', () => {
    const direct = renderView({ kind: 'report', days: 7 }, { ...RENDER, directRoom: true }).card;
    expect(buttonTitles(direct)).toEqual([]);
    expect(seenCard(direct).heading).toBe('Usage, last 7 days');
    expect(route(clicked({ action: 'report', days: 30 }, DM, 'direct'), ctx)).toEqual({ kind: 'ignore', reason: 'unapproved_room' });
  });
});

describe('usage report of one label', () => {
  // lab-1 and lab-2 carry 5g in this lab.
  const records = WEEK_RECORDS.map((record) => (record.id === 1 || record.id === 2 ? { ...record, labels: ['5g'] } : record));
  const labelled: RouterContext = { ...ctx, testbeds: records };
  const render = { ...RENDER, testbeds: records };
  /** The names of the testbed rows a report card lists. */
  const rowNames = (card: AdaptiveCardJson) => {
    const texts = seenCard(card).texts;
    return texts.slice(texts.indexOf('Testbeds, most used first') + 1).filter((text) => /^lab-\d|old-rig/.test(text));
  };

  it.each([
    ['report 5g', 7],
    ['report 5G 30', 30],
    ['report 30 days for 5g', 30],
    ['report of 5g', 7],
  ] as const)('typed %j asks for the 5g testbeds over %i days', (text, days) => {
    expect(shown(route(typed(text), labelled))).toEqual({ kind: 'report', days, label: expect.stringMatching(/^5g$/i) });
    expect(isCommandText(text, records)).toBe(true);
  });

  it('a label no testbed carries gets what the report can be of, and is not kept in recordings', () => {
    expect(route(typed('report wifi'), labelled)).toEqual({
      kind: 'reply',
      view: { kind: 'error', message: 'The usage report covers the last 7 or the last 30 days, of the whole lab or of one label: type report, report 30, or report 5g 30.' },
    });
    expect(isCommandText('report wifi', records)).toBe(false);
  });

  it('shows only the testbeds carrying the label, under a title that names it, and its window switch keeps the label', () => {
    const week = renderView({ kind: 'report', days: 7, label: '5g' }, render).card;
    expect(seenCard(week).heading).toBe('Usage of 5g, last 7 days');
    expect(rowNames(week).sort()).toEqual(['lab-1', 'lab-2']);
    // The whole lab's report lists the others too.
    expect(rowNames(renderView({ kind: 'report', days: 7 }, render).card)).toContain('lab-4');
    const monthView = shown(route(clicked(cardSubmission(week, { action: 'Last 30 days' })), labelled));
    expect(monthView).toEqual({ kind: 'report', days: 30, label: '5g' });
    expect(seenCard(renderView(monthView, render).card).heading).toBe('Usage of 5g, last 30 days');
  });
});
