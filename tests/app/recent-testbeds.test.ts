/**
 * What `it` means: the testbed a person last asked about in a room, for half an hour, read into the
 * commands that take a testbed (`when will it be free?`, `wait for it`, `book that one`).
 */
import { describe, expect, it } from 'vitest';
import { createRecentTestbeds, RECENT_TESTBED_MS } from '../../src/app/recent-testbeds.js';
import { route, type RouterContext } from '../../src/app/router.js';
import { encodeId } from '../../src/platform/ids.js';
import type { MessageEvent } from '../../src/platform/port.js';

const LAB = encodeId('ROOM', '0b6f7e2c-1111-4a4a-9999-000000000001');
const ADA = encodeId('PEOPLE', '0b6f7e2c-2222-4a4a-9999-000000000001');
const LINUS = encodeId('PEOPLE', '0b6f7e2c-2222-4a4a-9999-000000000002');
const NOW = '2026-03-02T10:00:00.000Z';
const testbeds = [
  { id: 1, testbed_name: 'lab-1', labels: ['5g'] },
  { id: 4, testbed_name: 'TB-04 SD-WAN pod', labels: [] },
  { id: 5, testbed_name: 'Freezer rig', labels: [] },
];
const ctx: RouterContext = { approvedRooms: [LAB], timeZone: 'UTC', knownTestbedIds: [1, 4, 5], testbeds };
const say = (text: string, personId = ADA, receivedAt = NOW): MessageEvent => ({ type: 'message', id: 'm', roomId: LAB, roomType: 'group', personId, personEmail: 'a@x', text, receivedAt });
const eventOf = (decision: ReturnType<typeof route>) => (decision.kind === 'dispatch' ? decision.targets[0].event : decision);

describe('the testbed `it` refers to', () => {
  it('after a notice in a 1:1 room, is the testbed it was about, for whoever writes there, unless they named another one since', () => {
    const recent = createRecentTestbeds();
    const at = (minutes: number) => new Date(Date.parse(NOW) + minutes * 60_000).toISOString();
    recent.noteRoom(LAB, 4, at(0));
    expect(recent.of(LAB, ADA, at(1))).toBe(4);
    // Asked about another testbed since: that one; a notice after that: the notice's again.
    recent.note(LAB, ADA, route(say('book lab-1', ADA, at(2)), ctx), testbeds, at(2));
    expect(recent.of(LAB, ADA, at(3))).toBe(1);
    recent.noteRoom(LAB, 5, at(4));
    expect(recent.of(LAB, ADA, at(5))).toBe(5);
    // For half an hour, as a testbed asked about.
    expect(recent.of(LAB, ADA, at(4 + RECENT_TESTBED_MS / 60_000))).toBeUndefined();
    expect(recent.of(encodeId('ROOM', '0b6f7e2c-1111-4a4a-9999-000000000002'), ADA, at(5))).toBeUndefined();
  });

  it('is the one the person last asked about in the room, for half an hour', () => {
    const recent = createRecentTestbeds();
    const ask = (text: string, personId = ADA, at = NOW) => {
      const decision = route(say(text, personId, at), ctx);
      recent.note(LAB, personId, decision, testbeds, at);
    };
    ask('book TB-04');
    expect(recent.of(LAB, ADA, NOW)).toBe(4);
    expect(recent.of(LAB, LINUS, NOW)).toBeUndefined();
    expect(recent.of(encodeId('ROOM', '0b6f7e2c-1111-4a4a-9999-000000000002'), ADA, NOW)).toBeUndefined();
    const later = new Date(Date.parse(NOW) + RECENT_TESTBED_MS - 1000).toISOString();
    expect(recent.of(LAB, ADA, later)).toBe(4);
    expect(recent.of(LAB, ADA, new Date(Date.parse(NOW) + RECENT_TESTBED_MS).toISOString())).toBeUndefined();
    // A label, a state, or words about no testbed change nothing.
    ask('status 5g');
    ask('status free');
    ask('thanks');
    expect(recent.of(LAB, ADA, NOW)).toBe(4);
    ask('wait lab-1');
    expect(recent.of(LAB, ADA, NOW)).toBe(1);
    ask('is Freezer rig working?');
    expect(recent.of(LAB, ADA, NOW)).toBe(5);
  });

  it.each([
    ['when will it be free?', { type: 'status.requested', label: 'TB-04 SD-WAN pod' }],
    ['who has it', { type: 'status.requested', label: 'TB-04 SD-WAN pod' }],
    ['is it free', { type: 'status.requested', label: 'TB-04 SD-WAN pod' }],
    ["what's up with it", { type: 'status.requested', label: 'TB-04 SD-WAN pod' }],
    ['wait for it', { type: 'lifecycle.submitted', request: { type: 'wait', testbedId: 4 }, now: NOW }],
    ['ask about that one', { type: 'lifecycle.submitted', request: { type: 'ask', testbedId: 4 }, now: NOW }],
    ['book that testbed', { type: 'registration.started', testbedName: 'TB-04 SD-WAN pod' }],
    ['give it to Linus', { type: 'handOver.started', testbedId: 4, to: 'Linus' }],
    ['release it at 16:00', { type: 'mine.requested', testbedId: 4, doneBy: '2026-03-02T16:00:00.000Z' }],
  ])('%j reads as about that testbed', (text, event) => {
    expect(eventOf(route(say(text), { ...ctx, recentTestbedId: 4 }))).toEqual(event);
  });

  it('changes nothing else: no testbed asked about, an offer passed on, or `it` inside other words', () => {
    expect(eventOf(route(say('wait for it'), ctx))).toEqual({ kind: 'reply', view: { kind: 'error', message: 'No testbed is called “it”. Type status to see them all.' } });
    expect(route(say('pass on it'), { ...ctx, recentTestbedId: 4 })).toEqual({ kind: 'reply', view: { kind: 'notNeeded' } });
    expect(eventOf(route(say('book lab-1 for testing it'), { ...ctx, recentTestbedId: 4 }))).toEqual({ type: 'registration.started', testbedName: 'lab-1', filled: { purpose: 'testing it' } });
    expect(route(say('is it'), { ...ctx, recentTestbedId: 4 })).toMatchObject({ kind: 'reply', view: { kind: 'hint' } });
  });
});
