/** Inbound events against the emulator: messages, mentions, own messages, card actions, duplicates. */
import { afterEach, describe, expect, it } from 'vitest';
import type { CardActionEvent, MessageEvent } from '../../../src/platform/port.js';
import { startHarness, waitFor, type Harness } from './harness.js';

let h: Harness;
afterEach(async () => {
  if (!h) return;
  await h.close();
  const logs = h.logs.join('');
  expect(logs).not.toContain(h.bot.token);
  expect(logs).not.toContain('secret-text-');
});

const formCard = {
  type: 'AdaptiveCard' as const,
  version: '1.3',
  body: [
    { type: 'TextBlock', text: 'Register a testbed' },
    { type: 'Input.Text', id: 'purpose', value: 'default purpose' },
    { type: 'Input.ChoiceSet', id: 'testbed', value: '1', choices: [{ title: 'lab-1', value: '1' }, { title: 'lab-2', value: '2' }] },
  ],
  actions: [{ type: 'Action.Submit', title: 'Submit', data: { action: 'register' } }],
};

describe('webex inbound events', () => {
  it('turns a direct message into a MessageEvent with REST ids and the text as typed', async () => {
    h = await startHarness();
    const { platform, events } = h.adapter();
    await platform.start();
    const room = h.emu.directRoom(h.ada.id, h.bot.id);
    const sent = h.emu.say({ personId: h.ada.id, roomId: room.id, text: '  Testbed secret-text-1 ' });
    await waitFor(() => events.length === 1, 'one event');
    const event = events[0] as MessageEvent;
    expect(event).toMatchObject({
      type: 'message',
      id: sent.id,
      roomId: room.id,
      roomType: 'direct',
      personId: h.ada.id,
      personEmail: 'ada@example.com',
      text: 'Testbed secret-text-1',
    });
    expect(Date.parse(event.receivedAt)).not.toBeNaN();
  });

  it('strips the bot mention from group messages', async () => {
    h = await startHarness();
    const { platform, events } = h.adapter();
    await platform.start();
    const room = h.emu.createRoom({ title: 'Lab team', memberIds: [h.ada.id, h.bot.id] });
    const sent = h.emu.say({ personId: h.ada.id, roomId: room.id, text: 'status lab-3', mentions: [h.bot.id] });
    expect(sent.text?.startsWith('Testbed')).toBe(true);
    await waitFor(() => events.length === 1, 'group event');
    expect(events[0]).toMatchObject({ type: 'message', roomType: 'group', roomId: room.id, text: 'status lab-3' });
  });

  it('ignores the bot’s own messages', async () => {
    h = await startHarness();
    const { platform, events } = h.adapter();
    await platform.start();
    const room = h.emu.directRoom(h.ada.id, h.bot.id);
    await platform.postMessage({ roomId: room.id, text: 'hello from the bot' });
    // The emulator pushes the bot's own post to its socket too.
    await waitFor(
      () => h.emu.frames().some((f) => f.direction === 'out' && f.frame.data?.activity?.actor?.entryUUID === h.bot.uuid),
      'own activity delivered',
    );
    const later = h.emu.say({ personId: h.ada.id, roomId: room.id, text: 'hi' });
    await waitFor(() => events.some((e) => e.id === later.id), 'later message');
    expect(events.map((e) => e.id)).toEqual([later.id]);
  });

  it('turns a card submission into a CardActionEvent with inputs merged with the submit data', async () => {
    h = await startHarness();
    const { platform, events } = h.adapter();
    await platform.start();
    const room = h.emu.directRoom(h.ada.id, h.bot.id);
    const card = await platform.postMessage({ roomId: room.id, text: 'Register form', card: formCard });
    const action = h.emu.submitCard({ personId: h.ada.id, messageId: card.id, inputs: { testbed: '2' } });
    await waitFor(() => events.length === 1, 'card action');
    const event = events[0] as CardActionEvent;
    expect(event).toMatchObject({
      type: 'cardAction',
      id: action.id,
      roomId: room.id,
      roomType: 'direct',
      personId: h.ada.id,
      messageId: card.id,
    });
    expect(event.inputs).toEqual({ purpose: 'default purpose', testbed: '2', action: 'register' });
  });

  it('reports a card action in a group room as roomType group', async () => {
    h = await startHarness();
    const { platform, events } = h.adapter();
    await platform.start();
    const room = h.emu.createRoom({ title: 'Lab team', memberIds: [h.ada.id, h.bot.id] });
    const card = await platform.postMessage({ roomId: room.id, markdown: '**Register**', card: formCard });
    h.emu.submitCard({ personId: h.ada.id, messageId: card.id });
    await waitFor(() => events.length === 1, 'card action');
    expect(events[0]).toMatchObject({ type: 'cardAction', roomType: 'group', roomId: room.id });
  });

  it('emits an activity delivered twice only once, and keeps arrival order', async () => {
    h = await startHarness();
    const { platform, events } = h.adapter();
    await platform.start();
    const room = h.emu.directRoom(h.ada.id, h.bot.id);
    h.emu.faults.duplicateActivities(1);
    const first = h.emu.say({ personId: h.ada.id, roomId: room.id, text: 'one' });
    const second = h.emu.say({ personId: h.ada.id, roomId: room.id, text: 'two' });
    await waitFor(() => events.some((e) => e.id === second.id), 'second message');
    await platform.idle();
    const firstUuid = h.emu.frames().find((f) => f.direction === 'out' && f.frame.data?.activity?.verb === 'post')?.frame.data.activity.id;
    expect(typeof firstUuid).toBe('string');
    // The emulator really sent the first activity twice…
    expect(h.emu.frames().filter((f) => f.direction === 'out' && f.frame.data?.activity?.id === firstUuid)).toHaveLength(2);
    // …and the adapter emitted it once, in order.
    expect(events.map((e) => e.id)).toEqual([first.id, second.id]);
  });

  it('skips activities it cannot read (403) and keeps going', async () => {
    h = await startHarness();
    const { platform, events } = h.adapter();
    await platform.start();
    const room = h.emu.directRoom(h.ada.id, h.bot.id);
    h.emu.faults.restFault({ method: 'GET', path: /^\/messages\//, status: 403 });
    h.emu.say({ personId: h.ada.id, roomId: room.id, text: 'unreadable' });
    const readable = h.emu.say({ personId: h.ada.id, roomId: room.id, text: 'readable' });
    await waitFor(() => events.some((e) => e.id === readable.id), 'readable message');
    await platform.idle();
    expect(events.map((e) => e.id)).toEqual([readable.id]);
  });

  it('keeps delivering after a handler throws', async () => {
    h = await startHarness();
    const { platform, events } = h.adapter();
    let calls = 0;
    platform.onEvent(() => {
      calls += 1;
      if (calls === 1) throw new Error('handler bug');
    });
    await platform.start();
    const room = h.emu.directRoom(h.ada.id, h.bot.id);
    h.emu.say({ personId: h.ada.id, roomId: room.id, text: 'first' });
    const second = h.emu.say({ personId: h.ada.id, roomId: room.id, text: 'second' });
    await waitFor(() => events.some((e) => e.id === second.id), 'second event');
    expect(calls).toBe(2);
    expect(h.logs.some((l) => l.includes('event handler failed'))).toBe(true);
  });
});
