/**
 * The testbed machine's lifecycle with simulated time: reminders and overdue notices at the right
 * moment and exactly once (also across a restart and after a deadline passed while down), extend,
 * the wait-list with hand-off, hold expiry and decline, and asks. The real `waitUntil` timer runs
 * on fake timers; saves go to an in-memory "disk" that a restarted actor is rebuilt from.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type Actor } from 'xstate';
import { testbedMachine, type TestbedEmitted, type TestbedEvent } from '../../src/machines/testbed.machine.js';
import { createWaitUntil } from '../../src/app/wait-until.js';
import { emptyLifecycle, type HistoryEntry, type Holder, type LifecycleEntry, type TestbedRecord } from '../../src/domain.js';
import type { LifecycleOutcome, LifecycleTiming } from '../../src/machines/shared/lifecycle-types.js';
import { ana, available, bob, inUse } from '../fixtures/flows/records.js';

const carol: Holder = { email: 'carol@example.com', name: 'Carol Chips' };
const dave: Holder = { email: 'dave@example.com', name: 'Dave Disk' };
const TIMING: LifecycleTiming = { reminderMs: 15 * 60_000, overdueRepeatMs: 24 * 3_600_000, holdMs: 10 * 60_000 };

interface Sent {
  at: string;
  to: string;
  kind: string;
}

/** One testbed with its "disk"; `boot()` rebuilds the actor from what was saved, like a restart. */
function testbed(record: TestbedRecord, options: { life?: LifecycleEntry; timing?: LifecycleTiming } = {}) {
  const disk = { record, life: options.life ?? emptyLifecycle(record.id), writes: 0, history: [] as HistoryEntry[] };
  const sent: Sent[] = [];
  /** Each direct message as the machine asked for it, whole. */
  const notices: Array<TestbedEmitted & { type: 'notify' }> = [];
  const answers: TestbedEmitted[] = [];
  let actor: Actor<typeof testbedMachine> | undefined;
  let n = 0;
  const logic = testbedMachine.provide({
    actors: {
      saveTestbed: fromPromise(async ({ input }: { input: { record: TestbedRecord; history: HistoryEntry[] } }) => {
        disk.record = input.record;
        disk.writes++;
        disk.history.push(...input.history);
        return input.record;
      }),
      saveLifecycle: fromPromise(async ({ input }: { input: { entry: LifecycleEntry; history: HistoryEntry[] } }) => {
        disk.life = structuredClone(input.entry);
        disk.writes++;
        disk.history.push(...input.history);
        return input.entry;
      }),
      waitUntil: createWaitUntil(),
    },
  });
  const api = {
    disk,
    sent,
    notices,
    boot() {
      actor?.stop();
      actor = createActor(logic, { input: { record: disk.record, life: disk.life, timing: options.timing ?? TIMING } });
      actor.on('notify', (event) => {
        sent.push({ at: new Date().toISOString(), to: event.to, kind: event.notice.kind });
        notices.push(event);
      });
      actor.on('*', (event) => {
        if (event.type !== 'notify') answers.push(event as TestbedEmitted);
      });
      actor.start();
      return api;
    },
    stop() {
      actor?.stop();
    },
    state: () => actor!.getSnapshot().value,
    /** Sends a request and returns its answer once every save it started has resolved. */
    async send(event: Record<string, unknown> & { type: TestbedEvent['type'] }): Promise<TestbedEmitted> {
      const requestId = `r${++n}`;
      actor!.send({ now: new Date().toISOString(), ...event, requestId } as TestbedEvent);
      await vi.advanceTimersByTimeAsync(0);
      const answer = answers.find((item) => 'requestId' in item && item.requestId === requestId);
      if (!answer) throw new Error(`no answer to ${event.type}`);
      return answer;
    },
    async outcome(event: Record<string, unknown> & { type: TestbedEvent['type'] }): Promise<LifecycleOutcome> {
      const answer = await api.send(event);
      if (answer.type !== 'request.answered') throw new Error(`${event.type} was answered with ${answer.type}`);
      return answer.outcome;
    },
  };
  return api;
}

const at = (iso: string) => vi.setSystemTime(new Date(iso));
/** Moves simulated time forward to `iso`, running every timer due on the way. */
const until = async (iso: string) => vi.advanceTimersByTimeAsync(Date.parse(iso) - Date.now());

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  at('2026-03-10T10:00:00.000Z');
});
afterEach(() => {
  vi.useRealTimers();
});

describe('reminders and overdue notices', () => {
  // Booked 08:00, due back 12:00: reminder at 11:45, overdue at 12:00, then once a day.
  const booking = () => inUse(3, ana, { since: '2026-03-10T08:00:00.000Z', until: '2026-03-10T12:00:00.000Z' });

  it('tells the holder how many people wait for the testbed, in the reminder and in the overdue notice', async () => {
    const queue = [bob, { email: 'cy@example.com', name: 'Cy' }].map((person) => ({ ...person, since: '2026-03-10T09:00:00.000Z' }));
    const tb = testbed(booking(), { life: { ...emptyLifecycle(3), queue } }).boot();
    await until('2026-03-10T12:00:00.000Z');
    expect(tb.notices.map((event) => [event.notice.kind, 'waiting' in event.notice ? event.notice.waiting : undefined])).toEqual([
      ['reminder', 2],
      ['overdue', 2],
    ]);
  });

  it('sends the reminder and the overdue notice at their moments, exactly once each, then one a day', async () => {
    const tb = testbed(booking()).boot();
    await until('2026-03-10T11:44:59.000Z');
    expect(tb.sent).toEqual([]);
    await until('2026-03-10T11:45:00.000Z');
    expect(tb.sent).toEqual([{ at: '2026-03-10T11:45:00.000Z', to: ana.email, kind: 'reminder' }]);
    expect(tb.disk.life.notices).toMatchObject({ expected_release_time: '2026-03-10T12:00:00.000Z', reminder_sent_at: '2026-03-10T11:45:00.000Z' });
    await until('2026-03-10T11:59:59.000Z');
    expect(tb.sent).toHaveLength(1);
    await until('2026-03-10T12:00:00.000Z');
    expect(tb.sent.map((item) => [item.at, item.kind])).toEqual([
      ['2026-03-10T11:45:00.000Z', 'reminder'],
      ['2026-03-10T12:00:00.000Z', 'overdue'],
    ]);
    await until('2026-03-11T11:59:59.000Z');
    expect(tb.sent).toHaveLength(2);
    await until('2026-03-11T12:00:00.000Z');
    expect(tb.sent.map((item) => item.kind)).toEqual(['reminder', 'overdue', 'overdue']);
    expect(tb.disk.life.notices?.overdue_count).toBe(2);
    tb.stop();
  });

  it('a restart between the reminder and the deadline sends no second reminder, and the overdue notice once', async () => {
    const tb = testbed(booking()).boot();
    await until('2026-03-10T11:50:00.000Z');
    expect(tb.sent.map((item) => item.kind)).toEqual(['reminder']);
    tb.stop();
    tb.boot(); // rebuilt from what is on disk
    await until('2026-03-10T11:59:00.000Z');
    expect(tb.sent.map((item) => item.kind)).toEqual(['reminder']);
    await until('2026-03-10T12:00:00.000Z');
    tb.stop();
    tb.boot(); // and again right after the overdue notice
    await until('2026-03-10T20:00:00.000Z');
    expect(tb.sent.map((item) => [item.at, item.kind])).toEqual([
      ['2026-03-10T11:45:00.000Z', 'reminder'],
      ['2026-03-10T12:00:00.000Z', 'overdue'],
    ]);
    tb.stop();
  });

  it('a deadline that passed while the bot was down is noticed at start-up: one overdue notice, no late reminder', async () => {
    at('2026-03-10T15:00:00.000Z');
    const tb = testbed(booking()).boot();
    await vi.advanceTimersByTimeAsync(0);
    expect(tb.sent).toEqual([{ at: '2026-03-10T15:00:00.000Z', to: ana.email, kind: 'overdue' }]);
    tb.stop();
    tb.boot();
    await until('2026-03-11T14:59:00.000Z');
    expect(tb.sent).toHaveLength(1);
    await until('2026-03-11T15:00:00.000Z');
    expect(tb.sent.map((item) => item.kind)).toEqual(['overdue', 'overdue']);
    tb.stop();
  });

  it('facts about an earlier deadline never hold back the notices of a new one; REMINDER_MINUTES=0 sends none', async () => {
    const stale = { ...emptyLifecycle(3), notices: { expected_release_time: '2026-03-09T12:00:00.000Z', reminder_sent_at: '2026-03-09T11:45:00.000Z', overdue_sent_at: '2026-03-09T12:00:00.000Z', overdue_count: 1 } };
    const tb = testbed(booking(), { life: stale }).boot();
    await until('2026-03-10T12:00:00.000Z');
    expect(tb.sent.map((item) => item.kind)).toEqual(['reminder', 'overdue']);
    tb.stop();

    const quiet = testbed(booking(), { timing: { ...TIMING, reminderMs: 0 } }).boot();
    await until('2026-03-10T12:00:00.000Z');
    expect(quiet.sent.map((item) => [item.at, item.kind])).toEqual([['2026-03-10T12:00:00.000Z', 'overdue']]);
    quiet.stop();
  });

  it('a booking shorter than the reminder time gets no reminder', async () => {
    const tb = testbed(inUse(3, ana, { since: '2026-03-10T10:00:00.000Z', until: '2026-03-10T10:10:00.000Z' })).boot();
    await until('2026-03-10T10:10:00.000Z');
    expect(tb.sent.map((item) => item.kind)).toEqual(['overdue']);
    tb.stop();
  });
});

describe('extend', () => {
  const booking = () => inUse(3, ana, { since: '2026-03-10T08:00:00.000Z', until: '2026-03-10T12:00:00.000Z' });

  it('the holder extends: the expected release moves and the reminder follows the new deadline', async () => {
    const tb = testbed(booking()).boot();
    const outcome = await tb.outcome({ type: 'extend.requested', by: ana, minutes: 60 });
    expect(outcome).toMatchObject({ type: 'extended', record: { expected_release_time: '2026-03-10T13:00:00.000Z' } });
    expect(tb.disk.record.expected_release_time).toBe('2026-03-10T13:00:00.000Z');
    await until('2026-03-10T12:30:00.000Z');
    expect(tb.sent).toEqual([]);
    await until('2026-03-10T12:45:00.000Z');
    expect(tb.sent.map((item) => item.kind)).toEqual(['reminder']);
    tb.stop();
  });

  it('the first person waiting hears that it runs longer, at most once an hour; the others and a queue-less extension send nothing', async () => {
    const tb = testbed(booking()).boot();
    await tb.outcome({ type: 'wait.requested', by: bob });
    await tb.outcome({ type: 'wait.requested', by: carol });
    await tb.outcome({ type: 'extend.requested', by: ana, minutes: 60 });
    await vi.advanceTimersByTimeAsync(0);
    expect(tb.sent).toEqual([{ at: '2026-03-10T10:00:00.000Z', to: bob.email, kind: 'extendedAhead' }]);
    // A pipeline extending every few minutes: Bob is not told again within the hour.
    await until('2026-03-10T10:30:00.000Z');
    await tb.outcome({ type: 'extend.requested', by: ana, minutes: 30 });
    await vi.advanceTimersByTimeAsync(0);
    expect(tb.sent.map((item) => item.kind)).toEqual(['extendedAhead']);
    await until('2026-03-10T11:00:00.000Z');
    await tb.outcome({ type: 'extend.requested', by: ana, minutes: 30 });
    await vi.advanceTimersByTimeAsync(0);
    expect(tb.sent).toEqual([
      { at: '2026-03-10T10:00:00.000Z', to: bob.email, kind: 'extendedAhead' },
      { at: '2026-03-10T11:00:00.000Z', to: bob.email, kind: 'extendedAhead' },
    ]);
    await tb.outcome({ type: 'unwait.requested', by: bob });
    await tb.outcome({ type: 'unwait.requested', by: carol });
    await until('2026-03-10T12:30:00.000Z');
    await tb.outcome({ type: 'extend.requested', by: ana, minutes: 60 });
    await vi.advanceTimersByTimeAsync(0);
    // Bob leaving made Carol first: she is told she is next (and not told again when she leaves).
    expect(tb.sent.map((item) => [item.to, item.kind])).toEqual([
      [bob.email, 'extendedAhead'],
      [bob.email, 'extendedAhead'],
      [carol.email, 'nowFirst'],
    ]);
    tb.stop();
  });

  it('one waiting for any testbed (of a label) hears none of one testbed\'s news: not its extension, nor that they are next; the offer is theirs', async () => {
    const tb = testbed(booking()).boot();
    await tb.outcome({ type: 'wait.requested', by: bob, label: 'testbed' });
    await tb.outcome({ type: 'wait.requested', by: carol });
    await tb.outcome({ type: 'extend.requested', by: ana, minutes: 60 });
    await tb.outcome({ type: 'unwait.requested', by: bob });
    await vi.advanceTimersByTimeAsync(0);
    // Bob first by label is told nothing; Carol, first for lab-3 itself once he left, is told she is next.
    expect(tb.sent.map((item) => [item.to, item.kind])).toEqual([[carol.email, 'nowFirst']]);
    await tb.outcome({ type: 'wait.requested', by: bob, label: '5g' });
    await tb.outcome({ type: 'unwait.requested', by: carol });
    await until('2026-03-10T11:30:00.000Z');
    await tb.outcome({ type: 'extend.requested', by: ana, minutes: 60 });
    await tb.send({ type: 'release.requested', by: ana });
    await vi.advanceTimersByTimeAsync(0);
    expect(tb.sent.map((item) => [item.to, item.kind])).toEqual([
      [carol.email, 'nowFirst'],
      [bob.email, 'offer'],
    ]);
    tb.stop();
  });

  it('extending an overdue booking counts from now and clears the overdue state', async () => {
    at('2026-03-10T14:00:00.000Z');
    const tb = testbed(booking()).boot();
    await vi.advanceTimersByTimeAsync(0);
    expect(tb.sent.map((item) => item.kind)).toEqual(['overdue']);
    await tb.outcome({ type: 'extend.requested', by: ana, minutes: 60 });
    expect(tb.disk.record.expected_release_time).toBe('2026-03-10T15:00:00.000Z');
    await until('2026-03-10T14:59:00.000Z');
    expect(tb.sent.map((item) => item.kind)).toEqual(['overdue', 'reminder']);
    tb.stop();
  });

  it('until an instant (`extend lab-3 until 18:00`): the release is that instant, and pressing again changes nothing', async () => {
    const tb = testbed(booking()).boot();
    const outcome = await tb.outcome({ type: 'extend.requested', by: ana, until: '2026-03-10T18:00:00.000Z' });
    expect(outcome).toMatchObject({ type: 'extended', record: { expected_release_time: '2026-03-10T18:00:00.000Z' } });
    expect(tb.disk.writes).toBe(1);
    // The second press of the same button: already booked that long.
    expect(await tb.outcome({ type: 'extend.requested', by: ana, until: '2026-03-10T18:00:00.000Z' })).toMatchObject({
      type: 'refused',
      reason: 'not_later',
      until: '2026-03-10T18:00:00.000Z',
    });
    expect(await tb.outcome({ type: 'extend.requested', by: ana, until: '2026-03-10T16:00:00.000Z' })).toMatchObject({ type: 'refused', reason: 'not_later' });
    expect(await tb.outcome({ type: 'extend.requested', by: ana, until: '2026-06-10T18:00:00.000Z' })).toMatchObject({ type: 'refused', reason: 'too_far' });
    expect(await tb.outcome({ type: 'extend.requested', by: bob, until: '2026-03-10T20:00:00.000Z' })).toMatchObject({ type: 'refused', reason: 'not_holder' });
    expect(tb.disk.writes).toBe(1);
    expect(tb.disk.record.expected_release_time).toBe('2026-03-10T18:00:00.000Z');
    tb.stop();
  });

  it('somebody else, an old card after the testbed changed hands, and more than 90 days are refused; nothing changes', async () => {
    const tb = testbed(booking()).boot();
    expect(await tb.outcome({ type: 'extend.requested', by: bob, minutes: 60 })).toMatchObject({ type: 'refused', reason: 'not_holder' });
    expect(await tb.outcome({ type: 'extend.requested', by: ana, minutes: 90 * 24 * 60 })).toMatchObject({ type: 'refused', reason: 'too_far' });
    expect(tb.disk.writes).toBe(0);
    tb.stop();

    // Ana's reminder is still in her chat, but Bob holds lab-3 now.
    const handed = testbed(inUse(3, bob, { since: '2026-03-10T09:00:00.000Z', until: '2026-03-10T18:00:00.000Z' })).boot();
    expect(await handed.outcome({ type: 'extend.requested', by: ana, minutes: 60 })).toMatchObject({ type: 'refused', reason: 'not_holder', record: { user_email: bob.email } });
    expect(handed.disk.record.expected_release_time).toBe('2026-03-10T18:00:00.000Z');
    // The same goes for Release now from a direct message.
    const release = await handed.send({ type: 'release.requested', by: ana, holderOnly: true });
    expect(release).toMatchObject({ type: 'release.refused', reason: 'not_holder' });
    expect(handed.disk.record.user_email).toBe(bob.email);
    handed.stop();
  });
});

describe('a new purpose', () => {
  const booking = () => inUse(3, ana, { since: '2026-03-10T08:00:00.000Z', until: '2026-03-10T12:00:00.000Z', purpose: 'regression run' });

  it('the holder gives the booking a new purpose: saved with a history line, the rest of the booking and its reminder unchanged', async () => {
    const tb = testbed(booking()).boot();
    await tb.outcome({ type: 'wait.requested', by: bob });
    const outcome = await tb.outcome({ type: 'purpose.requested', by: ana, purpose: 'bisecting the crash' });
    expect(outcome).toMatchObject({ type: 'repurposed', previous: 'regression run', changed: true, record: { purpose: 'bisecting the crash' } });
    expect(tb.disk.record).toEqual({ ...booking(), purpose: 'bisecting the crash' });
    expect(tb.disk.history.filter((line) => line.event === 'purpose_changed')).toEqual([
      { at: '2026-03-10T10:00:00.000Z', event: 'purpose_changed', testbed_id: 3, testbed_name: 'lab-3', by: ana, purpose: 'bisecting the crash', previous_purpose: 'regression run' },
    ]);
    // Nobody waiting is told: the booking runs no longer.
    await vi.advanceTimersByTimeAsync(0);
    expect(tb.sent).toEqual([]);
    await until('2026-03-10T11:45:00.000Z');
    expect(tb.sent.map((item) => [item.to, item.kind])).toEqual([[ana.email, 'reminder']]);
    tb.stop();
  });

  it('the same purpose again writes nothing; somebody else, or a testbed nobody holds, is refused', async () => {
    const tb = testbed(booking()).boot();
    expect(await tb.outcome({ type: 'purpose.requested', by: ana, purpose: 'regression run' })).toMatchObject({ type: 'repurposed', changed: false, previous: 'regression run' });
    expect(await tb.outcome({ type: 'purpose.requested', by: bob, purpose: 'mine now' })).toMatchObject({ type: 'refused', reason: 'not_holder', record: { user_email: ana.email } });
    expect(tb.disk.writes).toBe(0);
    expect(tb.disk.record.purpose).toBe('regression run');
    tb.stop();
    const free = testbed(available(4)).boot();
    expect(await free.outcome({ type: 'purpose.requested', by: ana, purpose: 'x' })).toMatchObject({ type: 'refused', reason: 'not_in_use' });
    expect(free.disk.writes).toBe(0);
    free.stop();
  });
});

describe('an admin edits the labels and description', () => {
  it('of a booked testbed: saved with its line, the booking, its queue and its reminder untouched', async () => {
    const booked = inUse(3, ana, { since: '2026-03-10T08:00:00.000Z', until: '2026-03-10T12:00:00.000Z' });
    const tb = testbed({ ...booked, labels: ['wifi'] }).boot();
    await tb.outcome({ type: 'wait.requested', by: bob });
    const answer = await tb.send({ type: 'edit.requested', by: carol, labels: ['5g', 'core'], description: 'Radio rack 2' });
    expect(answer).toMatchObject({ type: 'admin.answered', outcome: { type: 'edited', changed: true, previous: { labels: ['wifi'], description: null } } });
    expect(tb.disk.record).toEqual({ ...booked, labels: ['5g', 'core'], description: 'Radio rack 2' });
    expect(tb.disk.history.filter((line) => line.event === 'edited')).toEqual([
      {
        at: '2026-03-10T10:00:00.000Z',
        event: 'edited',
        testbed_id: 3,
        testbed_name: 'lab-3',
        by: carol,
        labels: ['5g', 'core'],
        description: 'Radio rack 2',
        previous_labels: ['wifi'],
        previous_description: null,
      },
    ]);
    expect(tb.disk.life.queue.map((person) => person.email)).toEqual([bob.email]);
    // Cleared again: no labels key, no description key.
    await tb.send({ type: 'edit.requested', by: carol, labels: [], description: null });
    expect(tb.disk.record).toEqual(booked);
    await until('2026-03-10T11:45:00.000Z');
    expect(tb.sent.map((item) => [item.to, item.kind])).toEqual([[ana.email, 'reminder']]);
    tb.stop();
  });
});

describe('a free testbed that gained a label somebody waits for', () => {
  it('is held for them at once, with the label, and is free again when they let the hold lapse', async () => {
    const tb = testbed(available(4)).boot();
    const answer = await tb.send({ type: 'wait.requested', by: bob, label: '5g', offerIfFree: true });
    expect(answer).toMatchObject({ type: 'request.answered', outcome: { type: 'refused', reason: 'offered', offer: { email: bob.email, label: '5g' } } });
    expect(tb.state()).toBe('held');
    expect(tb.disk.life).toMatchObject({ offer: { email: bob.email, label: '5g', until: '2026-03-10T10:10:00.000Z' }, queue: [] });
    expect(tb.disk.history.map((line) => line.event)).toEqual(['offered']);
    expect(tb.notices.map(({ to, notice }) => [to, notice.kind])).toEqual([[bob.email, 'offer']]);
    // Booked by someone else meanwhile: refused, it is held.
    expect(await tb.send({ type: 'registration.requested', holder: carol, purpose: 'x', expectedRelease: '2026-03-10T12:00:00.000Z' })).toMatchObject({ type: 'registration.refused', reason: 'held' });
    await until('2026-03-10T10:10:00.000Z');
    expect(tb.state()).toBe('available');
    expect(tb.sent.map((item) => [item.to, item.kind])).toEqual([[bob.email, 'offer'], [bob.email, 'holdLapsed']]);
    // Without the flag, waiting for a free testbed is still refused as free.
    expect(await tb.outcome({ type: 'wait.requested', by: carol, label: '5g' })).toMatchObject({ type: 'refused', reason: 'free' });
    tb.stop();
  });
});

describe('done sooner', () => {
  const booking = () => inUse(3, ana, { since: '2026-03-10T08:00:00.000Z', until: '2026-03-10T18:00:00.000Z' });

  it('the holder brings the release forward: saved with a history line, the first person waiting told, the reminder moved', async () => {
    const tb = testbed(booking()).boot();
    await tb.outcome({ type: 'wait.requested', by: bob });
    await tb.outcome({ type: 'wait.requested', by: carol });
    const outcome = await tb.outcome({ type: 'doneBy.requested', by: ana, until: '2026-03-10T12:00:00.000Z' });
    expect(outcome).toMatchObject({ type: 'dueEarlier', previous: '2026-03-10T18:00:00.000Z', toldNext: bob.name, record: { expected_release_time: '2026-03-10T12:00:00.000Z' } });
    expect(tb.disk.record.expected_release_time).toBe('2026-03-10T12:00:00.000Z');
    expect(tb.disk.history.filter((line) => line.event === 'shortened')).toEqual([
      {
        at: '2026-03-10T10:00:00.000Z',
        event: 'shortened',
        testbed_id: 3,
        testbed_name: 'lab-3',
        by: ana,
        expected_release_time: '2026-03-10T12:00:00.000Z',
        previous_expected_release_time: '2026-03-10T18:00:00.000Z',
      },
    ]);
    await vi.advanceTimersByTimeAsync(0);
    expect(tb.notices.map(({ to, notice }) => [to, notice.kind, 'previous' in notice ? notice.previous : undefined])).toEqual([[bob.email, 'dueEarlier', '2026-03-10T18:00:00.000Z']]);
    // The reminder comes 15 minutes before the new time.
    await until('2026-03-10T11:45:00.000Z');
    expect(tb.sent.map((item) => [item.to, item.kind])).toEqual([
      [bob.email, 'dueEarlier'],
      [ana.email, 'reminder'],
    ]);
    tb.stop();
  });

  it('a time not earlier than the release, one that has passed, somebody else, or a free testbed: refused, nothing written', async () => {
    const tb = testbed(booking()).boot();
    expect(await tb.outcome({ type: 'doneBy.requested', by: ana, until: '2026-03-10T18:00:00.000Z' })).toMatchObject({ type: 'refused', reason: 'not_earlier', until: '2026-03-10T18:00:00.000Z' });
    expect(await tb.outcome({ type: 'doneBy.requested', by: ana, until: '2026-03-10T09:00:00.000Z' })).toMatchObject({ type: 'refused', reason: 'passed' });
    expect(await tb.outcome({ type: 'doneBy.requested', by: bob, until: '2026-03-10T12:00:00.000Z' })).toMatchObject({ type: 'refused', reason: 'not_holder' });
    expect(tb.disk.writes).toBe(0);
    tb.stop();
    const free = testbed(available(4)).boot();
    expect(await free.outcome({ type: 'doneBy.requested', by: ana, until: '2026-03-10T12:00:00.000Z' })).toMatchObject({ type: 'refused', reason: 'not_in_use' });
    free.stop();
  });

  it('a time later than the release is an extension until then (pressed with another booking in mind); beyond 90 days, too far', async () => {
    const tb = testbed(booking()).boot();
    expect(await tb.outcome({ type: 'doneBy.requested', by: ana, until: '2026-07-10T09:00:00.000Z' })).toMatchObject({ type: 'refused', reason: 'too_far' });
    expect(tb.disk.writes).toBe(0);
    expect(await tb.outcome({ type: 'doneBy.requested', by: ana, until: '2026-03-10T20:00:00.000Z' })).toMatchObject({
      type: 'extended',
      record: { expected_release_time: '2026-03-10T20:00:00.000Z' },
    });
    expect(tb.disk.history.map((line) => [line.event, 'previous_expected_release_time' in line ? line.previous_expected_release_time : undefined])).toEqual([['extended', '2026-03-10T18:00:00.000Z']]);
    tb.stop();
  });
});

describe('handing a booking to a colleague', () => {
  const booking = () => inUse(3, ana, { since: '2026-03-10T08:00:00.000Z', until: '2026-03-10T12:00:00.000Z', purpose: 'soak test' });

  it('the booking goes on under the colleague: a closing line for the holder, the colleague out of the queue and told, fresh reminders', async () => {
    const tb = testbed(booking()).boot();
    await tb.outcome({ type: 'wait.requested', by: bob });
    await tb.outcome({ type: 'wait.requested', by: carol });
    // Ana had her reminder at 11:45; she hands it over at 11:50.
    await until('2026-03-10T11:50:00.000Z');
    expect(tb.sent.map((item) => [item.to, item.kind])).toEqual([[ana.email, 'reminder']]);
    const outcome = await tb.outcome({ type: 'handOver.requested', by: ana, to: bob });
    expect(outcome).toMatchObject({ type: 'handedOver', record: { user_email: bob.email, user_name: bob.name, registered_time: '2026-03-10T11:50:00.000Z', purpose: 'soak test' } });
    expect(tb.disk.record).toMatchObject({ status: 'in_use', user_email: bob.email, expected_release_time: '2026-03-10T12:00:00.000Z' });
    expect(tb.disk.history.filter((line) => line.event === 'handed_over')).toEqual([
      {
        at: '2026-03-10T11:50:00.000Z',
        event: 'handed_over',
        testbed_id: 3,
        testbed_name: 'lab-3',
        by: ana,
        to: bob,
        holder: ana,
        registered_time: '2026-03-10T08:00:00.000Z',
        expected_release_time: '2026-03-10T12:00:00.000Z',
        purpose: 'soak test',
      },
    ]);
    // Bob holds it now, so he leaves its queue; Carol stays.
    expect(tb.disk.life.queue.map((person) => person.email)).toEqual([carol.email]);
    await vi.advanceTimersByTimeAsync(0);
    expect(tb.notices.at(-1)).toMatchObject({ to: bob.email, notice: { kind: 'handedToYou', byName: ana.name, record: { user_email: bob.email } } });
    // Ana's reminder was hers: Bob is told when it is overdue.
    await until('2026-03-10T12:00:00.000Z');
    expect(tb.sent.map((item) => [item.to, item.kind])).toEqual([
      [ana.email, 'reminder'],
      [bob.email, 'handedToYou'],
      [bob.email, 'overdue'],
    ]);
    tb.stop();
  });

  it('somebody else, the holder themselves, or a testbed nobody holds: refused, nothing written', async () => {
    const tb = testbed(booking()).boot();
    expect(await tb.outcome({ type: 'handOver.requested', by: bob, to: carol })).toMatchObject({ type: 'refused', reason: 'not_holder' });
    expect(await tb.outcome({ type: 'handOver.requested', by: ana, to: { email: 'ANA@example.com', name: 'Ana' } })).toMatchObject({ type: 'refused', reason: 'yours' });
    expect(tb.disk.writes).toBe(0);
    tb.stop();
    const free = testbed(available(4)).boot();
    expect(await free.outcome({ type: 'handOver.requested', by: ana, to: bob })).toMatchObject({ type: 'refused', reason: 'not_in_use' });
    free.stop();
  });
});

describe('wait-list and hand-off', () => {
  const booking = () => inUse(3, ana, { since: '2026-03-10T08:00:00.000Z', until: '2026-03-10T18:00:00.000Z' });

  it('queues in order without duplicates, lets people leave, and refuses the holder', async () => {
    const tb = testbed(booking()).boot();
    expect(await tb.outcome({ type: 'wait.requested', by: bob })).toMatchObject({ type: 'waiting', position: 1, length: 1, already: false });
    expect(await tb.outcome({ type: 'wait.requested', by: carol })).toMatchObject({ type: 'waiting', position: 2, length: 2 });
    expect(await tb.outcome({ type: 'wait.requested', by: bob })).toMatchObject({ type: 'waiting', position: 1, length: 2, already: true });
    expect(await tb.outcome({ type: 'wait.requested', by: ana })).toMatchObject({ type: 'refused', reason: 'yours' });
    expect(tb.disk.life.queue.map((person) => person.email)).toEqual([bob.email, carol.email]);
    expect(await tb.outcome({ type: 'unwait.requested', by: bob })).toMatchObject({ type: 'unwaited', wasWaiting: true });
    expect(await tb.outcome({ type: 'unwait.requested', by: bob })).toMatchObject({ type: 'unwaited', wasWaiting: false });
    expect(tb.disk.life.queue.map((person) => person.email)).toEqual([carol.email]);
    tb.stop();
  });

  it('on release the first in line gets the offer and a hold; others are refused; the offered person books it', async () => {
    const tb = testbed(booking()).boot();
    await tb.outcome({ type: 'wait.requested', by: bob });
    await tb.outcome({ type: 'wait.requested', by: carol });
    const released = await tb.send({ type: 'release.requested', by: ana });
    expect(released).toMatchObject({ type: 'release.succeeded', next: { name: bob.name, holdMinutes: 10 } });
    expect(tb.state()).toBe('held');
    expect(tb.disk.record.status).toBe('available');
    expect(tb.disk.life.offer).toEqual({ email: bob.email, name: bob.name, until: '2026-03-10T10:10:00.000Z' });
    // Bob is offered it; Carol, behind him, is now first in the queue and told she is next.
    expect(tb.sent).toEqual([
      { at: '2026-03-10T10:00:00.000Z', to: bob.email, kind: 'offer' },
      { at: '2026-03-10T10:00:00.000Z', to: carol.email, kind: 'nowFirst' },
    ]);

    const refused = await tb.send({ type: 'registration.requested', holder: dave, purpose: 'mine now', expectedRelease: '2026-03-10T14:00:00.000Z' });
    expect(refused).toMatchObject({ type: 'registration.refused', reason: 'held', offer: { name: bob.name, until: '2026-03-10T10:10:00.000Z' } });
    expect(tb.disk.record.status).toBe('available');

    const booked = await tb.send({ type: 'registration.requested', holder: bob, purpose: 'handed over', expectedRelease: '2026-03-10T14:00:00.000Z', offerOnly: true });
    expect(booked).toMatchObject({ type: 'registration.succeeded', record: { user_email: bob.email } });
    expect(tb.disk.life.offer).toBeNull();
    expect(tb.disk.life.queue.map((person) => person.email)).toEqual([carol.email]);
    tb.stop();
  });

  it('a declined offer and an expired hold pass to the next person, then the testbed is free for all; holds survive a restart', async () => {
    const tb = testbed(booking()).boot();
    await tb.outcome({ type: 'wait.requested', by: bob });
    await tb.outcome({ type: 'wait.requested', by: carol });
    await tb.send({ type: 'release.requested', by: ana });
    expect(await tb.outcome({ type: 'offer.declined', by: carol })).toMatchObject({ type: 'refused', reason: 'not_offered' });
    expect(await tb.outcome({ type: 'offer.declined', by: bob })).toMatchObject({ type: 'declined' });
    expect(tb.disk.life.offer).toMatchObject({ email: carol.email, until: '2026-03-10T10:10:00.000Z' });

    at('2026-03-10T10:05:00.000Z');
    tb.stop();
    tb.boot(); // the hold is re-armed from its stored end
    expect(tb.state()).toBe('held');
    await until('2026-03-10T10:09:59.000Z');
    expect(tb.disk.life.offer?.email).toBe(carol.email);
    await until('2026-03-10T10:10:00.000Z');
    expect(tb.disk.life.offer).toBeNull();
    expect(tb.sent.map((item) => [item.to, item.kind])).toEqual([
      [bob.email, 'offer'],
      [carol.email, 'nowFirst'],
      [carol.email, 'offer'],
      [carol.email, 'holdLapsed'],
    ]);
    expect(tb.state()).toBe('available');
    expect(await tb.send({ type: 'registration.requested', holder: dave, purpose: 'free now', expectedRelease: '2026-03-10T14:00:00.000Z' })).toMatchObject({
      type: 'registration.succeeded',
    });
    tb.stop();
  });

  it('a queue left without an offer (a restart between the two writes) is handed over at start-up', async () => {
    const life = { ...emptyLifecycle(3), queue: [{ email: bob.email, name: bob.name, since: '2026-03-10T09:00:00.000Z' }] };
    const tb = testbed(available(3), { life }).boot();
    await vi.advanceTimersByTimeAsync(0);
    expect(tb.disk.life.offer?.email).toBe(bob.email);
    expect(tb.sent.map((item) => item.kind)).toEqual(['offer']);
    tb.stop();
  });

  it('waiting for a free testbed is refused with "book it instead"', async () => {
    const tb = testbed(available(3)).boot();
    expect(await tb.outcome({ type: 'wait.requested', by: bob })).toMatchObject({ type: 'refused', reason: 'free' });
    tb.stop();
  });
});

describe('ask the holder', () => {
  it('tells the holder once, limits each asker to one ask per booking and hour, and passes the answer on', async () => {
    const tb = testbed(inUse(3, ana, { since: '2026-03-10T08:00:00.000Z', until: '2026-03-10T18:00:00.000Z' })).boot();
    expect(await tb.outcome({ type: 'ask.requested', by: bob })).toMatchObject({ type: 'asked' });
    expect(tb.sent).toEqual([{ at: '2026-03-10T10:00:00.000Z', to: ana.email, kind: 'askHolder' }]);
    at('2026-03-10T10:30:00.000Z');
    expect(await tb.outcome({ type: 'ask.requested', by: bob })).toMatchObject({ type: 'refused', reason: 'too_soon', until: '2026-03-10T11:00:00.000Z' });
    expect(await tb.outcome({ type: 'ask.requested', by: ana })).toMatchObject({ type: 'refused', reason: 'yours' });
    expect(await tb.outcome({ type: 'ask.kept', by: bob })).toMatchObject({ type: 'refused', reason: 'not_holder' });
    expect(await tb.outcome({ type: 'ask.kept', by: ana })).toMatchObject({ type: 'kept', askers: 1 });
    at('2026-03-10T11:00:00.000Z');
    expect(await tb.outcome({ type: 'ask.requested', by: bob })).toMatchObject({ type: 'asked' });
    await tb.send({ type: 'release.requested', by: ana });
    expect(tb.sent.map((item) => [item.to, item.kind])).toEqual([
      [ana.email, 'askHolder'],
      [bob.email, 'askAnswered'],
      [ana.email, 'askHolder'],
      [bob.email, 'askAnswered'],
    ]);
    tb.stop();
  });

  it('an asker hears whom the released testbed goes to: the first in its queue, themselves included', async () => {
    const tb = testbed(inUse(3, ana, { since: '2026-03-10T08:00:00.000Z', until: '2026-03-10T18:00:00.000Z' })).boot();
    await tb.outcome({ type: 'ask.requested', by: bob });
    await tb.outcome({ type: 'ask.requested', by: carol });
    await tb.outcome({ type: 'wait.requested', by: bob });
    await tb.send({ type: 'release.requested', by: ana });
    const answers = tb.notices.filter((item) => item.notice.kind === 'askAnswered').map((item) => [item.to, (item.notice as { handedTo?: unknown }).handedTo]);
    expect(answers).toEqual([
      [bob.email, { name: bob.name, toYou: true }],
      [carol.email, { name: bob.name, toYou: false }],
    ]);
    tb.stop();
  });
});
