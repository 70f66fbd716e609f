/**
 * Running the lab through the fleet, over real files in a temp folder: each admin operation with
 * what it leaves in testbeds.json, lifecycle.json and history.jsonl; maintenance; "any free
 * testbed"; and one run that writes a history line of every kind. Timers run on simulated time.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestbedFleet, type FleetNotification, type TestbedFleet } from '../../src/app/testbed-fleet.js';
import { availableTestbed, emptyLifecycle, type HistoryEntry, type LifecycleEntry, type Maintenance, type TestbedRecord } from '../../src/domain.js';
import { openStore, type Store } from '../../src/store/index.js';

const ADA = { email: 'ada@example.com', name: 'Ada Ops' };
const LINUS = { email: 'linus@example.com', name: 'Linus Lab' };
const GRACE = { email: 'grace@example.com', name: 'Grace Hopper' };
const BOB = { email: 'bob@example.com', name: 'Bob Builder' };
const ADMIN = { email: 'lead@example.com', name: 'Lab Lead' };
const T0 = '2026-03-02T10:00:00.000Z';
const at = (minutes: number) => new Date(Date.parse(T0) + minutes * 60_000).toISOString();
const logger = pino({ level: 'silent' });
const TIMING = { reminderMs: 15 * 60_000, overdueRepeatMs: 24 * 3_600_000, holdMs: 10 * 60_000 };

function booked(id: number, name: string, who = ADA, until = at(60)): TestbedRecord {
  return { ...availableTestbed(id, name), status: 'in_use', user_email: who.email, user_name: who.name, registered_time: T0, purpose: 'soak', expected_release_time: until };
}

interface Lab {
  dir: string;
  store: Store;
  fleet: TestbedFleet;
  notices: FleetNotification[];
  /** Resolves with the first direct message (already sent or still to come) that matches. */
  noticeWhere(match: (n: FleetNotification) => boolean): Promise<FleetNotification>;
  history(): Promise<HistoryEntry[]>;
  disk(): Promise<{ testbeds: TestbedRecord[]; retired?: Array<{ id: number; testbed_name: string; retired_at: string }> }>;
  life(): Promise<LifecycleEntry[]>;
  restart(): Promise<void>;
}

const labs: Lab[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const lab of labs.splice(0)) {
    lab.fleet.stop();
    await lab.store.close();
    await rm(lab.dir, { recursive: true, force: true });
  }
});

/** The clock stands at T0 (timers move only when a test advances them). */
async function openLab(records: TestbedRecord[], life: LifecycleEntry[] = [], admins?: string[]): Promise<Lab> {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.setSystemTime(new Date(T0));
  const dir = await mkdtemp(join(tmpdir(), 'lab-admin-'));
  const testbedPath = join(dir, 'testbeds.json');
  await writeFile(testbedPath, JSON.stringify({ testbeds: records }));
  await writeFile(join(dir, 'lifecycle.json'), JSON.stringify({ lifecycle: life }));
  const notices: FleetNotification[] = [];
  const waiters: Array<{ match: (n: FleetNotification) => boolean; resolve: (n: FleetNotification) => void }> = [];
  const build = async () => {
    const store = await openStore({ testbedPath, broadcastPath: join(dir, 'rooms.json') });
    const fleet = createTestbedFleet({
      store,
      logger,
      timing: TIMING,
      ...(admins ? { admins } : {}),
      // Who the platform knows by email (a hand-over's colleague).
      findPerson: async (email: string) => [ADA, LINUS, GRACE, BOB, ADMIN].find((person) => person.email === email),
      notify: (notification) => {
        notices.push(notification);
        for (const waiter of waiters.splice(0)) {
          if (waiter.match(notification)) waiter.resolve(notification);
          else waiters.push(waiter);
        }
      },
    });
    fleet.start();
    return { store, fleet };
  };
  const lab: Lab = {
    dir,
    ...(await build()),
    notices,
    noticeWhere(match) {
      const found = notices.find(match);
      return found ? Promise.resolve(found) : new Promise((resolve) => waiters.push({ match, resolve }));
    },
    async history() {
      const text = await readFile(join(dir, 'history.jsonl'), 'utf8');
      return text.split('\n').filter(Boolean).map((line) => JSON.parse(line) as HistoryEntry);
    },
    disk: async () => JSON.parse(await readFile(testbedPath, 'utf8')),
    life: async () => (JSON.parse(await readFile(join(dir, 'lifecycle.json'), 'utf8')) as { lifecycle: LifecycleEntry[] }).lifecycle,
    async restart() {
      lab.fleet.stop();
      await lab.store.close();
      Object.assign(lab, await build());
    },
  };
  labs.push(lab);
  return lab;
}

/** A freed testbed with a queue hands over on the next turn of the timers. */
const handOver = () => vi.advanceTimersByTimeAsync(0);
const claimBy = (lab: Lab, testbedId: number, holder = ADA, now = T0) => lab.fleet.claim({ testbedId, holder, purpose: 'soak', expectedRelease: at(60), now });
const wait = (lab: Lab, testbedId: number, by: typeof ADA, now = T0) => lab.fleet.lifecycle({ request: { type: 'wait', testbedId }, by, now });
const admin = (lab: Lab, request: Parameters<TestbedFleet['admin']>[0]['request'], now = T0) => lab.fleet.admin({ request, by: ADMIN, now });

describe('a problem reported through the fleet', () => {
  const report = (lab: Lab, testbedId: number, by: typeof ADA, text: string, now = T0) => lab.fleet.lifecycle({ request: { type: 'reportProblem', testbedId, text }, by, now });

  it('writes a problem_reported line and tells each admin and the holder; the same person again within ten minutes is refused', async () => {
    const lab = await openLab([availableTestbed(1, 'lab-1'), booked(2, 'lab-2', LINUS)], [], ['Lead@example.com', GRACE.email, 'lead@example.com']);
    expect(await report(lab, 2, ADA, 'no power on slot 2')).toMatchObject({ type: 'problemReported', record: { id: 2 }, admins: 2, holderTold: true });
    expect(lab.notices.map(({ to, notice }) => [to, notice.kind, 'asAdmin' in notice ? notice.asAdmin : undefined])).toEqual([
      ['lead@example.com', 'problem', true],
      [GRACE.email, 'problem', true],
      [LINUS.email, 'problem', false],
    ]);
    expect(lab.notices[0].notice).toMatchObject({ reporter: ADA, text: 'no power on slot 2', record: { id: 2, user_email: LINUS.email } });
    expect(await lab.history()).toEqual([{ at: T0, event: 'problem_reported', testbed_id: 2, testbed_name: 'lab-2', by: ADA, text: 'no power on slot 2' }]);
    // Ten minutes per person and testbed: refused until then, with when; another person, or another testbed, goes through.
    expect(await report(lab, 2, ADA, 'still dead', at(9))).toEqual({ type: 'refused', reason: 'reported_recently', record: booked(2, 'lab-2', LINUS), until: at(10) });
    expect(await report(lab, 1, ADA, 'fan is loud', at(9))).toMatchObject({ type: 'problemReported', holderTold: false });
    expect(await report(lab, 2, ADA, 'still dead', at(10))).toMatchObject({ type: 'problemReported' });
    // The holder reporting their own testbed is not told of it; an admin holding it hears it once, as an admin.
    const before = lab.notices.length;
    await report(lab, 2, LINUS, 'it is me, it is broken', at(11));
    expect(lab.notices.slice(before).map(({ to }) => to)).toEqual(['lead@example.com', GRACE.email]);
    expect(await report(lab, 9, ADA, 'x')).toEqual({ type: 'refused', reason: 'unknown' });
  });

  it('from a 1:1 room that is not approved, only the holder may report it', async () => {
    const lab = await openLab([booked(2, 'lab-2', LINUS)], [], [GRACE.email]);
    const fromDm = (by: typeof ADA) => lab.fleet.lifecycle({ request: { type: 'reportProblem', testbedId: 2, text: 'dead', holderOnly: true }, by, now: T0 });
    expect(await fromDm(ADA)).toMatchObject({ type: 'refused', reason: 'not_holder' });
    expect(lab.notices).toEqual([]);
    expect(await fromDm(LINUS)).toMatchObject({ type: 'problemReported', admins: 1, holderTold: false });
    expect(lab.notices.map(({ to }) => to)).toEqual([GRACE.email]);
  });

  it('the ten-minute gap outlives a restart: it is read back from the history', async () => {
    const lab = await openLab([availableTestbed(1, 'lab-1')], [], [GRACE.email]);
    expect(await report(lab, 1, ADA, 'fan')).toMatchObject({ type: 'problemReported' });
    await lab.restart();
    expect(await report(lab, 1, ADA, 'fan again', at(5))).toEqual({ type: 'refused', reason: 'reported_recently', record: availableTestbed(1, 'lab-1'), until: at(10) });
    // Somebody else, and the same person once the ten minutes are over, are heard.
    expect(await report(lab, 1, LINUS, 'fan', at(5))).toMatchObject({ type: 'problemReported' });
    expect(await report(lab, 1, ADA, 'fan again', at(10))).toMatchObject({ type: 'problemReported' });
  });

  it('two presses at once are one report', async () => {
    const lab = await openLab([availableTestbed(1, 'lab-1')], [], [GRACE.email]);
    const outcomes = await Promise.all([report(lab, 1, ADA, 'fan'), report(lab, 1, ADA, 'fan')]);
    expect(outcomes.map((outcome) => (outcome.type === 'refused' ? outcome.reason : outcome.type)).sort()).toEqual(['problemReported', 'reported_recently']);
    expect(lab.notices).toHaveLength(1);
    expect((await lab.history()).map((line) => line.event)).toEqual(['problem_reported']);
  });

  it('with no admin set up, nobody but the holder is told, and the answer says so', async () => {
    const lab = await openLab([booked(2, 'lab-2', LINUS)]);
    expect(await report(lab, 2, ADA, 'no power')).toMatchObject({ type: 'problemReported', admins: 0, holderTold: true });
    expect(lab.notices.map(({ to, notice }) => [to, 'adminsTold' in notice ? notice.adminsTold : undefined])).toEqual([[LINUS.email, false]]);
  });
});

describe('admin operations through the fleet: file effect and history line', () => {
  it('add: the next id after every live and retired id, a free record with labels and description, an actor that takes bookings', async () => {
    const lab = await openLab([availableTestbed(1, 'lab-1'), availableTestbed(4, 'lab-4')]);
    expect(await admin(lab, { type: 'retire', testbedId: 4 })).toMatchObject({ type: 'retired', record: { id: 4 } });
    const added = await admin(lab, { type: 'add', name: '  lab-5g ', labels: ['5G', 'ran'], description: 'Rack 7' });
    expect(added).toEqual({ type: 'added', record: { ...availableTestbed(5, 'lab-5g'), labels: ['5G', 'ran'], description: 'Rack 7' } });
    expect((await lab.disk()).testbeds.map((r) => [r.id, r.testbed_name])).toEqual([[1, 'lab-1'], [5, 'lab-5g']]);
    expect((await lab.history()).at(-1)).toEqual({ at: T0, event: 'added', testbed_id: 5, testbed_name: 'lab-5g', by: ADMIN, labels: ['5G', 'ran'], description: 'Rack 7' });
    expect(await claimBy(lab, 5)).toMatchObject({ ok: true, record: { id: 5, user_email: ADA.email, labels: ['5G', 'ran'] } });
  });

  it('add and rename refuse a name another testbed has, ignoring case; renaming to its own name in other case works', async () => {
    const lab = await openLab([availableTestbed(1, 'Lab-One'), booked(2, 'lab-two')]);
    expect(await admin(lab, { type: 'add', name: 'LAB-ONE', labels: [], description: null })).toEqual({ type: 'refused', reason: 'name_taken' });
    expect(await admin(lab, { type: 'rename', testbedId: 2, name: 'lab-one' })).toMatchObject({ type: 'refused', reason: 'name_taken', record: { id: 2 } });
    expect((await lab.disk()).testbeds.map((r) => r.testbed_name)).toEqual(['Lab-One', 'lab-two']);
    expect(await admin(lab, { type: 'rename', testbedId: 1, name: 'LAB-ONE' })).toMatchObject({ type: 'renamed', previousName: 'Lab-One', record: { testbed_name: 'LAB-ONE' } });
    // Renaming a testbed in use keeps the booking.
    expect(await admin(lab, { type: 'rename', testbedId: 2, name: 'lab-2' })).toMatchObject({ type: 'renamed', record: { testbed_name: 'lab-2', user_email: ADA.email } });
    expect((await lab.disk()).testbeds[1]).toEqual(booked(2, 'lab-2'));
    expect((await lab.history()).map((l) => [l.event, l.testbed_name, 'previous_name' in l ? l.previous_name : null])).toEqual([
      ['renamed', 'LAB-ONE', 'Lab-One'],
      ['renamed', 'lab-2', 'lab-two'],
    ]);
  });

  it('edit: new labels and description on a testbed in use keep its booking; the same again writes nothing; empty ones leave no key', async () => {
    const lab = await openLab([{ ...availableTestbed(1, 'lab-1'), labels: ['wifi'] }, booked(2, 'lab-2')]);
    expect(await admin(lab, { type: 'edit', testbedId: 2, labels: ['5g', 'core'], description: ' Radio rack 2 ' })).toEqual({
      type: 'edited',
      record: { ...booked(2, 'lab-2'), labels: ['5g', 'core'], description: 'Radio rack 2' },
      previous: { labels: [], description: null },
      changed: true,
    });
    expect((await lab.disk()).testbeds[1]).toEqual({ ...booked(2, 'lab-2'), labels: ['5g', 'core'], description: 'Radio rack 2' });
    expect(await admin(lab, { type: 'edit', testbedId: 2, labels: ['5g', 'core'], description: 'Radio rack 2' })).toMatchObject({ type: 'edited', changed: false });
    expect(await admin(lab, { type: 'edit', testbedId: 1, labels: [], description: null })).toMatchObject({ type: 'edited', changed: true, previous: { labels: ['wifi'], description: null } });
    const first = (await lab.disk()).testbeds[0];
    expect(first).toEqual(availableTestbed(1, 'lab-1'));
    expect(Object.keys(first)).not.toContain('labels');
    expect(await lab.history()).toEqual([
      { at: T0, event: 'edited', testbed_id: 2, testbed_name: 'lab-2', by: ADMIN, labels: ['5g', 'core'], description: 'Radio rack 2', previous_labels: [], previous_description: null },
      { at: T0, event: 'edited', testbed_id: 1, testbed_name: 'lab-1', by: ADMIN, labels: [], description: null, previous_labels: ['wifi'], previous_description: null },
    ]);
    // The labels count at once: a booking by label finds the testbed that carries it now.
    expect(await admin(lab, { type: 'edit', testbedId: 1, labels: ['ran'], description: null })).toMatchObject({ type: 'edited', changed: true });
    expect(await lab.fleet.claimAny({ label: 'ran', holder: LINUS, purpose: 'p', expectedRelease: at(60), now: T0 })).toMatchObject({ ok: true, record: { id: 1 } });
  });

  it('retire refuses a testbed in use or held; a free one leaves the document, its queue is told, its id is never reused', async () => {
    const held = { ...emptyLifecycle(3), offer: { email: LINUS.email, name: LINUS.name, until: at(10) } };
    const lab = await openLab([booked(1, 'lab-1'), availableTestbed(2, 'lab-2'), availableTestbed(3, 'lab-3')], [held]);
    expect(await admin(lab, { type: 'retire', testbedId: 1 })).toMatchObject({ type: 'refused', reason: 'in_use' });
    expect(await admin(lab, { type: 'retire', testbedId: 3 })).toMatchObject({ type: 'refused', reason: 'held' });
    await admin(lab, { type: 'maintenanceStart', testbedId: 2, reason: 'dead fan', until: null });
    expect(await wait(lab, 2, GRACE)).toMatchObject({ type: 'waiting', position: 1 });
    expect(await admin(lab, { type: 'retire', testbedId: 2 })).toEqual({ type: 'retired', record: expect.objectContaining({ id: 2, testbed_name: 'lab-2' }) });
    const disk = await lab.disk();
    expect(disk.testbeds.map((r) => r.id)).toEqual([1, 3]);
    expect(disk.retired).toEqual([{ id: 2, testbed_name: 'lab-2', retired_at: T0 }]);
    expect((await lab.life()).map((entry) => entry.testbed_id)).toEqual([3]);
    expect(await lab.noticeWhere((n) => n.notice.kind === 'retired')).toMatchObject({ to: GRACE.email, testbedId: 2 });
    expect((await lab.history()).at(-1)).toEqual({ at: T0, event: 'retired', testbed_id: 2, testbed_name: 'lab-2', by: ADMIN });
    expect(await claimBy(lab, 2)).toEqual({ ok: false, reason: 'unknown' });
    expect(await admin(lab, { type: 'retire', testbedId: 2 })).toEqual({ type: 'refused', reason: 'unknown' });
    await lab.restart();
    expect(await admin(lab, { type: 'add', name: 'lab-new', labels: [], description: null })).toMatchObject({ record: { id: 4 } });
  });

  it('force release refuses a free testbed; on a held one it frees it, tells the holder who and why, and the queue moves on', async () => {
    const lab = await openLab([booked(1, 'lab-1'), availableTestbed(2, 'lab-2')]);
    expect(await admin(lab, { type: 'forceRelease', testbedId: 2, reason: 'x' })).toMatchObject({ type: 'refused', reason: 'not_in_use' });
    await wait(lab, 1, LINUS);
    const outcome = await admin(lab, { type: 'forceRelease', testbedId: 1, reason: 'the nightly run needs it' }, at(5));
    expect(outcome).toEqual({ type: 'forceReleased', record: availableTestbed(1, 'lab-1'), previous: booked(1, 'lab-1'), next: { name: LINUS.name, holdMinutes: 10 } });
    await handOver();
    expect((await lab.disk()).testbeds[0]).toEqual(availableTestbed(1, 'lab-1'));
    const told = await lab.noticeWhere((n) => n.notice.kind === 'forceReleased');
    expect(told).toEqual({ to: ADA.email, testbedId: 1, notice: { kind: 'forceReleased', record: booked(1, 'lab-1'), byName: ADMIN.name, reason: 'the nightly run needs it', handedTo: LINUS.name } });
    expect(await lab.noticeWhere((n) => n.notice.kind === 'offer')).toMatchObject({ to: LINUS.email });
    const lines = await lab.history();
    expect(lines.find((l) => l.event === 'force_released')).toEqual({
      at: at(5),
      event: 'force_released',
      testbed_id: 1,
      testbed_name: 'lab-1',
      by: ADMIN,
      reason: 'the nightly run needs it',
      holder: ADA,
      registered_time: T0,
      expected_release_time: at(60),
      purpose: 'soak',
    });
    expect(lines.map((l) => l.event)).toEqual(['queued', 'force_released', 'offered']);
  });

  it('extend: the holder’s booking runs longer in the admin’s name, the holder and the first in its queue are told', async () => {
    const lab = await openLab([booked(1, 'lab-1'), availableTestbed(2, 'lab-2')]);
    await wait(lab, 1, LINUS);
    const outcome = await admin(lab, { type: 'extend', testbedId: 1, holderEmail: ADA.email, minutes: 120 }, at(5));
    expect(outcome).toEqual({ type: 'extended', record: booked(1, 'lab-1', ADA, at(180)), previousRelease: at(60) });
    expect((await lab.disk()).testbeds[0]).toEqual(booked(1, 'lab-1', ADA, at(180)));
    expect(await lab.noticeWhere((n) => n.notice.kind === 'extendedByAdmin')).toEqual({
      to: ADA.email,
      testbedId: 1,
      notice: { kind: 'extendedByAdmin', record: booked(1, 'lab-1', ADA, at(180)), byName: ADMIN.name, previous: at(60) },
    });
    expect(await lab.noticeWhere((n) => n.notice.kind === 'extendedAhead')).toMatchObject({ to: LINUS.email, notice: { record: { expected_release_time: at(180) }, byName: ADMIN.name } });
    const lines = await lab.history();
    expect(lines.find((l) => l.event === 'extended')).toEqual({
      at: at(5),
      event: 'extended',
      testbed_id: 1,
      testbed_name: 'lab-1',
      by: ADMIN,
      holder: ADA,
      expected_release_time: at(180),
      previous_expected_release_time: at(60),
    });
    // Until an instant: to it exactly; one the booking already runs past, or beyond 90 days, changes nothing.
    expect(await admin(lab, { type: 'extend', testbedId: 1, holderEmail: ADA.email, until: at(240) }, at(6))).toMatchObject({ type: 'extended', record: { expected_release_time: at(240) } });
    expect(await admin(lab, { type: 'extend', testbedId: 1, holderEmail: ADA.email, until: at(200) }, at(7))).toMatchObject({ type: 'refused', reason: 'not_later' });
    expect(await admin(lab, { type: 'extend', testbedId: 1, holderEmail: ADA.email, minutes: 91 * 1440 }, at(7))).toMatchObject({ type: 'refused', reason: 'too_far' });
    expect((await lab.disk()).testbeds[0].expected_release_time).toBe(at(240));
  });

  it('extend all of one person’s bookings: each runs longer in the admin’s name, the holder told of each; one that cannot be says why', async () => {
    const lab = await openLab([booked(1, 'lab-1', LINUS), booked(2, 'lab-2', LINUS, at(300)), booked(3, 'lab-3', GRACE)]);
    const outcome = await admin(lab, { type: 'extendAll', holderEmail: 'LINUS@example.com', until: at(240) }, at(5));
    expect(outcome).toEqual({
      type: 'extendedAll',
      extended: [{ record: booked(1, 'lab-1', LINUS, at(240)), previousRelease: at(60) }],
      refused: [{ record: booked(2, 'lab-2', LINUS, at(300)), reason: 'not_later' }],
    });
    const all = await admin(lab, { type: 'extendAll', holderEmail: LINUS.email, minutes: 60 }, at(6));
    expect(all).toMatchObject({ type: 'extendedAll', refused: [] });
    expect((await lab.disk()).testbeds.map((record) => record.expected_release_time)).toEqual([at(300), at(360), at(60)]);
    await lab.noticeWhere((n) => n.notice.kind === 'extendedByAdmin' && n.testbedId === 2);
    expect(lab.notices.filter((n) => n.notice.kind === 'extendedByAdmin').map((n) => [n.to, n.testbedId])).toEqual([[LINUS.email, 1], [LINUS.email, 1], [LINUS.email, 2]]);
    expect((await lab.history()).filter((line) => line.event === 'extended').map((line) => [line.testbed_id, line.by, (line as { holder?: unknown }).holder])).toEqual([
      [1, ADMIN, LINUS],
      [1, ADMIN, LINUS],
      [2, ADMIN, LINUS],
    ]);
    // Nobody holds anything by that email any more: nothing is extended.
    expect(await admin(lab, { type: 'extendAll', holderEmail: BOB.email, minutes: 60 }, at(7))).toEqual({ type: 'refused', reason: 'changed_hands' });
    expect((await lab.disk()).testbeds[2]).toEqual(booked(3, 'lab-3', GRACE));
  });

  it('hand over: the booking goes on under the colleague, in the admin’s name; the colleague and the holder are told', async () => {
    const lab = await openLab([booked(1, 'lab-1'), availableTestbed(2, 'lab-2')]);
    await wait(lab, 1, LINUS);
    await wait(lab, 1, GRACE);
    const outcome = await admin(lab, { type: 'handOver', testbedId: 1, holderEmail: ADA.email, toEmail: GRACE.email }, at(5));
    const now = { ...booked(1, 'lab-1', GRACE), registered_time: at(5) };
    expect(outcome).toEqual({ type: 'handedOver', record: now, previous: booked(1, 'lab-1') });
    expect((await lab.disk()).testbeds[0]).toEqual(now);
    // Grace holds it now, so she no longer waits for it; Linus still does.
    await handOver();
    expect((await lab.life()).find((entry) => entry.testbed_id === 1)?.queue.map((person) => person.email)).toEqual([LINUS.email]);
    expect(await lab.noticeWhere((n) => n.notice.kind === 'handedToYou')).toEqual({ to: GRACE.email, testbedId: 1, notice: { kind: 'handedToYou', record: now, byName: ADMIN.name, forName: ADA.name } });
    expect(await lab.noticeWhere((n) => n.notice.kind === 'handedAway')).toEqual({ to: ADA.email, testbedId: 1, notice: { kind: 'handedAway', record: booked(1, 'lab-1'), byName: ADMIN.name, toName: GRACE.name } });
    expect((await lab.history()).filter((line) => line.event === 'handed_over')).toEqual([
      expect.objectContaining({ at: at(5), testbed_id: 1, by: ADMIN, holder: ADA, to: GRACE, registered_time: T0, expected_release_time: at(60), purpose: 'soak' }),
    ]);
  });

  it('hand over to the admin themselves: only the holder is told (the admin has the answer)', async () => {
    const lab = await openLab([booked(1, 'lab-1')]);
    expect(await admin(lab, { type: 'handOver', testbedId: 1, holderEmail: ADA.email, toEmail: ADMIN.email })).toMatchObject({ type: 'handedOver', record: { user_email: ADMIN.email } });
    await lab.noticeWhere((n) => n.notice.kind === 'handedAway');
    expect(lab.notices.map((n) => [n.to, n.notice.kind])).toEqual([[ADA.email, 'handedAway']]);
  });

  it('hand over refuses a booking that changed hands, a colleague who holds it already and one the platform does not know', async () => {
    const lab = await openLab([booked(1, 'lab-1', GRACE), availableTestbed(2, 'lab-2')]);
    const handTo = (holderEmail: string, toEmail: string, testbedId = 1) => admin(lab, { type: 'handOver', testbedId, holderEmail, toEmail });
    expect(await handTo(ADA.email, BOB.email)).toMatchObject({ type: 'refused', reason: 'changed_hands', record: { user_email: GRACE.email } });
    expect(await handTo(GRACE.email, GRACE.email)).toMatchObject({ type: 'refused', reason: 'already_theirs' });
    expect(await handTo(GRACE.email, 'nobody@example.com')).toMatchObject({ type: 'refused', reason: 'no_person' });
    expect(await handTo(GRACE.email, BOB.email, 2)).toMatchObject({ type: 'refused', reason: 'changed_hands' });
    expect((await lab.disk()).testbeds[0]).toEqual(booked(1, 'lab-1', GRACE));
    expect(lab.notices).toEqual([]);
  });

  it('extend refuses a booking that changed hands since the admin saw it, and a testbed nobody holds', async () => {
    const lab = await openLab([booked(1, 'lab-1', GRACE), availableTestbed(2, 'lab-2')]);
    expect(await admin(lab, { type: 'extend', testbedId: 1, holderEmail: ADA.email, minutes: 60 })).toMatchObject({ type: 'refused', reason: 'changed_hands', record: { user_email: GRACE.email } });
    expect(await admin(lab, { type: 'extend', testbedId: 2, holderEmail: ADA.email, minutes: 60 })).toMatchObject({ type: 'refused', reason: 'changed_hands' });
    expect((await lab.disk()).testbeds[0]).toEqual(booked(1, 'lab-1', GRACE));
    expect(lab.notices).toEqual([]);
  });
});

describe('booking for a colleague through the fleet', () => {
  const bookFor = (lab: Lab, testbedId: number, forEmail: string, by = ADA) => lab.fleet.claim({ testbedId, holder: by, purpose: 'soak', expectedRelease: at(60), now: T0, forEmail });

  it('books in the colleague’s name: the record is theirs, the history line is by the booker, and the colleague is told', async () => {
    const lab = await openLab([availableTestbed(1, 'lab-1')]);
    const theirs = { ...booked(1, 'lab-1', LINUS), registered_time: T0 };
    expect(await bookFor(lab, 1, LINUS.email)).toEqual({ ok: true, record: theirs });
    expect((await lab.disk()).testbeds).toEqual([theirs]);
    expect(await lab.history()).toEqual([
      { at: T0, event: 'registered', testbed_id: 1, testbed_name: 'lab-1', by: ADA, purpose: 'soak', expected_release_time: at(60), via: 'chat', holder: LINUS },
    ]);
    expect(await lab.noticeWhere((n) => n.notice.kind === 'bookedForYou')).toEqual({ to: LINUS.email, testbedId: 1, notice: { kind: 'bookedForYou', record: theirs, byName: ADA.name } });
    expect(lab.notices).toHaveLength(1);
  });

  it('one’s own email, however written, is one’s own booking: no holder on the line, nobody told', async () => {
    const lab = await openLab([availableTestbed(1, 'lab-1')]);
    expect(await bookFor(lab, 1, 'ADA@example.com')).toMatchObject({ ok: true, record: { user_email: ADA.email } });
    expect((await lab.history())[0]).not.toHaveProperty('holder');
    expect(lab.notices).toEqual([]);
  });

  it('a colleague the platform does not know books nothing, and a taken testbed is refused as for anyone', async () => {
    const lab = await openLab([availableTestbed(1, 'lab-1'), booked(2, 'lab-2', GRACE)]);
    expect(await bookFor(lab, 1, 'nobody@example.com')).toEqual({ ok: false, reason: 'no_person' });
    expect(await lab.fleet.claimAny({ label: null, holder: ADA, purpose: 'soak', expectedRelease: at(60), now: T0, forEmail: 'nobody@example.com' })).toEqual({ ok: false, reason: 'no_person' });
    expect(await bookFor(lab, 2, LINUS.email)).toMatchObject({ ok: false, reason: 'taken', record: { user_email: GRACE.email } });
    expect((await lab.disk()).testbeds).toEqual([availableTestbed(1, 'lab-1'), booked(2, 'lab-2', GRACE)]);
    expect(await lab.history()).toEqual([]);
    expect(lab.notices).toEqual([]);
  });

  it('a testbed held for the colleague after their wait may be booked for them (the hold used up); for anybody else it stays held', async () => {
    const lab = await openLab([booked(1, 'lab-1', GRACE)]);
    await wait(lab, 1, LINUS);
    await lab.fleet.release({ testbedId: 1, by: GRACE, now: at(1) });
    await handOver();
    expect(await lab.noticeWhere((n) => n.notice.kind === 'offer')).toMatchObject({ to: LINUS.email, testbedId: 1 });
    expect(await bookFor(lab, 1, BOB.email)).toMatchObject({ ok: false, reason: 'held' });
    expect(await bookFor(lab, 1, LINUS.email)).toMatchObject({ ok: true, record: { user_email: LINUS.email } });
    expect((await lab.life()).find((entry) => entry.testbed_id === 1) ?? { offer: null, queue: [] }).toMatchObject({ offer: null, queue: [] });
    expect((await lab.history()).map((line) => line.event)).toEqual(['queued', 'released', 'offered', 'registered']);
  });

  it('any free testbed of a label, for a colleague: theirs, and they are told', async () => {
    const lab = await openLab([{ ...availableTestbed(1, 'ran-1'), labels: ['5g'] }, availableTestbed(2, 'lab-2')]);
    const outcome = await lab.fleet.claimAny({ label: '5G', holder: ADA, purpose: 'soak', expectedRelease: at(60), now: T0, forEmail: GRACE.email });
    expect(outcome).toMatchObject({ ok: true, record: { id: 1, user_email: GRACE.email, user_name: GRACE.name } });
    expect(await lab.noticeWhere((n) => n.notice.kind === 'bookedForYou')).toMatchObject({ to: GRACE.email, notice: { byName: ADA.name } });
  });
});

describe('maintenance', () => {
  it('refuses bookings with the reason, is skipped by claimAny, accepts the wait-list; its end offers it to the first in the queue', async () => {
    const lab = await openLab([availableTestbed(1, 'lab-1'), booked(2, 'lab-2')]);
    expect(await admin(lab, { type: 'maintenanceStart', testbedId: 2, reason: 'x', until: null })).toMatchObject({ type: 'refused', reason: 'in_use' });
    const started = await admin(lab, { type: 'maintenanceStart', testbedId: 1, reason: 'new power supply', until: at(24 * 60) });
    const maintenance: Maintenance = { reason: 'new power supply', until: at(24 * 60), since: T0, by: ADMIN };
    expect(started).toEqual({ type: 'maintenanceStarted', record: { ...availableTestbed(1, 'lab-1'), maintenance } });
    expect((await lab.disk()).testbeds[0]).toEqual({ ...availableTestbed(1, 'lab-1'), maintenance });
    // Asked again with the same reason and end: nothing to change, nothing written.
    expect(await admin(lab, { type: 'maintenanceStart', testbedId: 1, reason: ' new power supply ', until: at(24 * 60) })).toEqual({
      type: 'maintenanceChanged',
      record: { ...availableTestbed(1, 'lab-1'), maintenance },
      previous: maintenance,
      changed: false,
    });
    expect(await claimBy(lab, 1, LINUS)).toEqual({ ok: false, reason: 'maintenance', record: { ...availableTestbed(1, 'lab-1'), maintenance } });
    expect(await lab.fleet.claimAny({ label: null, holder: LINUS, purpose: 'x', expectedRelease: at(60), now: T0 })).toEqual({ ok: false, reason: 'none_free' });
    expect(await wait(lab, 1, LINUS)).toMatchObject({ type: 'waiting', position: 1, length: 1 });
    expect(await wait(lab, 1, GRACE)).toMatchObject({ type: 'waiting', position: 2 });
    expect(await admin(lab, { type: 'maintenanceEnd', testbedId: 2 })).toMatchObject({ type: 'refused', reason: 'not_in_maintenance' });

    const ended = await admin(lab, { type: 'maintenanceEnd', testbedId: 1 }, at(90));
    expect(ended).toEqual({ type: 'maintenanceEnded', record: availableTestbed(1, 'lab-1') });
    await handOver();
    expect(await lab.noticeWhere((n) => n.notice.kind === 'offer')).toMatchObject({ to: LINUS.email, testbedId: 1 });
    expect((await lab.life()).find((e) => e.testbed_id === 1)).toMatchObject({ offer: { email: LINUS.email }, queue: [{ email: GRACE.email }] });
    const lines = await lab.history();
    expect(lines.map((l) => l.event)).toEqual(['maintenance_started', 'queued', 'queued', 'maintenance_ended', 'offered']);
    expect(lines[0]).toEqual({ at: T0, event: 'maintenance_started', testbed_id: 1, testbed_name: 'lab-1', by: ADMIN, reason: 'new power supply', until: at(24 * 60) });
    expect(lines[3]).toEqual({ at: at(90), event: 'maintenance_ended', testbed_id: 1, testbed_name: 'lab-1', by: ADMIN, reason: 'new power supply' });
  });

  it('changed while it runs: the reason and the expected end replaced, and the people waiting told of a new end (not of a new reason)', async () => {
    const lab = await openLab([availableTestbed(1, 'lab-1')]);
    await admin(lab, { type: 'maintenanceStart', testbedId: 1, reason: 'new power supply', until: at(120) });
    await wait(lab, 1, LINUS);
    await wait(lab, 1, GRACE);
    const previous: Maintenance = { reason: 'new power supply', until: at(120), since: T0, by: ADMIN };
    const changed = await admin(lab, { type: 'maintenanceStart', testbedId: 1, reason: 'new power supply and fans', until: at(240) }, at(30));
    const maintenance: Maintenance = { ...previous, reason: 'new power supply and fans', until: at(240) };
    expect(changed).toEqual({ type: 'maintenanceChanged', record: { ...availableTestbed(1, 'lab-1'), maintenance }, previous, changed: true, told: 2 });
    expect((await lab.disk()).testbeds[0]).toEqual({ ...availableTestbed(1, 'lab-1'), maintenance });
    const moved = lab.notices.filter((n) => n.notice.kind === 'maintenanceMoved');
    expect(moved.map(({ to, notice }) => [to, notice.kind === 'maintenanceMoved' && notice.position, notice.kind === 'maintenanceMoved' && notice.previous])).toEqual([
      [LINUS.email, 1, at(120)],
      [GRACE.email, 2, at(120)],
    ]);
    expect((await lab.history()).at(-1)).toEqual({
      at: at(30),
      event: 'maintenance_changed',
      testbed_id: 1,
      testbed_name: 'lab-1',
      by: ADMIN,
      reason: 'new power supply and fans',
      until: at(240),
      previous_reason: 'new power supply',
      previous_until: at(120),
    });
    // A new reason alone: nobody waiting is told again; the end taken away: they are.
    expect(await admin(lab, { type: 'maintenanceStart', testbedId: 1, reason: 'fans', until: at(240) }, at(40))).toMatchObject({ type: 'maintenanceChanged', changed: true });
    expect(lab.notices.filter((n) => n.notice.kind === 'maintenanceMoved')).toHaveLength(2);
    expect(await admin(lab, { type: 'maintenanceStart', testbedId: 1, reason: 'fans', until: null }, at(50))).toMatchObject({ told: 2, record: { maintenance: { until: null } } });
    expect(lab.notices.filter((n) => n.notice.kind === 'maintenanceMoved')).toHaveLength(4);
    // Still under maintenance: no booking, the queue as it was.
    expect(await claimBy(lab, 1, BOB)).toMatchObject({ ok: false, reason: 'maintenance' });
    expect((await lab.life())[0].queue.map((entry) => entry.email)).toEqual([LINUS.email, GRACE.email]);
  });

  it('its expected end passing asks the admin who started it, once, whether it is back; a later end is asked about again', async () => {
    const lab = await openLab([availableTestbed(1, 'lab-1'), availableTestbed(2, 'lab-2')]);
    await admin(lab, { type: 'maintenanceStart', testbedId: 1, reason: 'new power supply', until: at(120) });
    await admin(lab, { type: 'maintenanceStart', testbedId: 2, reason: 'rewiring', until: null });
    await wait(lab, 1, LINUS);
    const due = () => lab.notices.filter((n) => n.notice.kind === 'maintenanceDue');
    await vi.advanceTimersByTimeAsync(120 * 60_000 - 1);
    expect(due()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await lab.noticeWhere((n) => n.notice.kind === 'maintenanceDue');
    expect(due()).toHaveLength(1);
    expect(due()[0]).toMatchObject({ to: ADMIN.email, testbedId: 1, notice: { waiting: 1, record: { maintenance: { until: at(120) } } } });
    expect((await lab.life()).find((entry) => entry.testbed_id === 1)?.notices).toEqual({ expected_release_time: at(120), reminder_sent_at: null, overdue_sent_at: at(120), overdue_count: 1 });
    // Told once: a day later, or after a restart, nothing more; the one with no expected end is never asked about.
    await vi.advanceTimersByTimeAsync(24 * 3_600_000);
    await lab.restart();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(due()).toHaveLength(1);
    // A new end, and it passes too: asked again.
    await admin(lab, { type: 'maintenanceStart', testbedId: 1, reason: 'new power supply', until: at(27 * 60) }, at(25 * 60 + 1));
    await vi.advanceTimersByTimeAsync(2 * 3_600_000);
    await lab.noticeWhere((n) => n.notice.kind === 'maintenanceDue' && n.notice.record.maintenance?.until === at(27 * 60));
    expect(due().map((n) => n.notice.record.maintenance?.until)).toEqual([at(120), at(27 * 60)]);
  });

  it('a restart rebuilds a testbed under maintenance in the maintenance state', async () => {
    const lab = await openLab([availableTestbed(1, 'lab-1')]);
    await admin(lab, { type: 'maintenanceStart', testbedId: 1, reason: 'rewiring', until: null });
    await lab.restart();
    expect(await claimBy(lab, 1, LINUS)).toMatchObject({ ok: false, reason: 'maintenance', record: { maintenance: { reason: 'rewiring', until: null } } });
    expect(await wait(lab, 1, LINUS)).toMatchObject({ type: 'waiting', position: 1 });
  });
});

describe('claimAny', () => {
  it('books the free testbed with the label (ignoring case) that was free longest, and says none_free when none is left', async () => {
    const maintenance: Maintenance = { reason: 'broken', until: null, since: T0, by: ADMIN };
    const lab = await openLab([
      { ...availableTestbed(1, 'lab-1'), labels: ['5g'] },
      { ...availableTestbed(2, 'lab-2'), labels: ['5G', 'ran'] },
      availableTestbed(3, 'lab-3'),
      { ...availableTestbed(4, 'lab-4'), labels: ['5g'], maintenance },
    ]);
    await claimBy(lab, 1);
    await claimBy(lab, 2);
    await lab.fleet.release({ testbedId: 2, by: ADA, now: at(10) });
    await lab.fleet.release({ testbedId: 1, by: ADA, now: at(20) });
    const any = (label: string | null, holder = LINUS) => lab.fleet.claimAny({ label, holder, purpose: 'load', expectedRelease: at(120), now: at(30) });
    expect(await any('5G')).toMatchObject({ ok: true, record: { id: 2, user_email: LINUS.email } });
    expect(await any('5g', GRACE)).toMatchObject({ ok: true, record: { id: 1, user_email: GRACE.email } });
    expect(await any('5g', BOB)).toEqual({ ok: false, reason: 'none_free' });
    expect(await any(null, BOB)).toMatchObject({ ok: true, record: { id: 3 } });
    expect((await lab.history()).filter((l) => l.event === 'registered').map((l) => l.testbed_id)).toEqual([1, 2, 2, 1, 3]);
  });

  it('skips a testbed held for somebody, and two people asking at once get two different testbeds', async () => {
    const held = { ...emptyLifecycle(1), offer: { email: GRACE.email, name: GRACE.name, until: at(10) } };
    const lab = await openLab([availableTestbed(1, 'lab-1'), availableTestbed(2, 'lab-2'), availableTestbed(3, 'lab-3')], [held]);
    const ask = (holder: typeof ADA) => lab.fleet.claimAny({ label: null, holder, purpose: 'x', expectedRelease: at(60), now: T0 });
    const [first, second] = await Promise.all([ask(LINUS), ask(BOB)]);
    const ids = [first, second].map((result) => (result.ok ? result.record.id : null));
    expect(ids.sort()).toEqual([2, 3]);
    expect(await ask(ADA)).toEqual({ ok: false, reason: 'none_free' });
  });
});

describe('history: one run that writes every kind of line', () => {
  it('writes each event with its fields; the bot itself is null', async () => {
    const lab = await openLab([availableTestbed(1, 'lab-1'), availableTestbed(2, 'lab-2')]);
    await admin(lab, { type: 'add', name: 'lab-3', labels: ['5g'], description: null });
    await admin(lab, { type: 'rename', testbedId: 3, name: 'lab-3b' });
    await claimBy(lab, 1, ADA);
    await lab.fleet.lifecycle({ request: { type: 'extend', testbedId: 1, minutes: 60 }, by: ADA, now: T0 });
    for (const who of [LINUS, GRACE, BOB]) await wait(lab, 1, who);
    await lab.fleet.lifecycle({ request: { type: 'unwait', testbedId: 1 }, by: BOB, now: T0 });

    // Due back at +120 min: the reminder 15 minutes before, the overdue notice at the deadline.
    await vi.advanceTimersByTimeAsync(105 * 60_000);
    await lab.noticeWhere((n) => n.notice.kind === 'reminder');
    await vi.advanceTimersByTimeAsync(15 * 60_000);
    await lab.noticeWhere((n) => n.notice.kind === 'overdue');

    await lab.fleet.release({ testbedId: 1, by: ADA, now: new Date().toISOString() });
    await handOver();
    await lab.noticeWhere((n) => n.notice.kind === 'offer' && n.to === LINUS.email);
    await lab.fleet.lifecycle({ request: { type: 'decline', testbedId: 1 }, by: LINUS, now: new Date().toISOString() });
    await lab.noticeWhere((n) => n.notice.kind === 'offer' && n.to === GRACE.email);
    await vi.advanceTimersByTimeAsync(TIMING.holdMs);
    await lab.noticeWhere((n) => n.notice.kind === 'holdLapsed');

    await claimBy(lab, 2, ADA);
    await admin(lab, { type: 'forceRelease', testbedId: 2, reason: 'nightly run' });
    await admin(lab, { type: 'maintenanceStart', testbedId: 2, reason: 'fan', until: null });
    await admin(lab, { type: 'maintenanceEnd', testbedId: 2 });
    await admin(lab, { type: 'retire', testbedId: 3 });

    const lines = await lab.history();
    expect(new Set(lines.map((l) => l.event))).toEqual(
      new Set([
        'added', 'renamed', 'registered', 'extended', 'queued', 'left_queue', 'reminder_sent', 'overdue', 'released',
        'offered', 'offer_declined', 'offer_expired', 'force_released', 'maintenance_started', 'maintenance_ended', 'retired',
      ]),
    );
    for (const line of lines) {
      expect(line.at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(typeof line.testbed_id).toBe('number');
      expect(line.testbed_name).toMatch(/^lab-/);
    }
    const one = (event: string) => lines.filter((l) => l.event === event);
    expect(one('registered')[0]).toEqual({ at: T0, event: 'registered', testbed_id: 1, testbed_name: 'lab-1', by: ADA, purpose: 'soak', expected_release_time: at(60), via: 'chat' });
    expect(one('extended')).toEqual([{ at: T0, event: 'extended', testbed_id: 1, testbed_name: 'lab-1', by: ADA, expected_release_time: at(120), previous_expected_release_time: at(60) }]);
    expect(one('queued').map((l) => [l.by?.email, 'position' in l ? l.position : null])).toEqual([[LINUS.email, 1], [GRACE.email, 2], [BOB.email, 3]]);
    expect(one('left_queue')).toEqual([{ at: T0, event: 'left_queue', testbed_id: 1, testbed_name: 'lab-1', by: BOB }]);
    expect(one('reminder_sent')).toEqual([{ at: at(105), event: 'reminder_sent', testbed_id: 1, testbed_name: 'lab-1', by: null, holder: ADA, expected_release_time: at(120) }]);
    expect(one('overdue')).toEqual([{ at: at(120), event: 'overdue', testbed_id: 1, testbed_name: 'lab-1', by: null, holder: ADA, expected_release_time: at(120), count: 1 }]);
    expect(one('released')).toEqual([
      { at: at(120), event: 'released', testbed_id: 1, testbed_name: 'lab-1', by: ADA, holder: ADA, registered_time: T0, expected_release_time: at(120), purpose: 'soak' },
    ]);
    expect(one('offered').map((l) => ('to' in l ? [l.to, l.by, 'until' in l ? l.until : null] : null))).toEqual([
      [LINUS, null, at(130)],
      [GRACE, null, at(130)],
    ]);
    expect(one('offer_declined')).toEqual([{ at: at(120), event: 'offer_declined', testbed_id: 1, testbed_name: 'lab-1', by: LINUS }]);
    expect(one('offer_expired')).toEqual([{ at: at(130), event: 'offer_expired', testbed_id: 1, testbed_name: 'lab-1', by: null, to: GRACE }]);
    expect(one('retired')).toEqual([{ at: T0, event: 'retired', testbed_id: 3, testbed_name: 'lab-3b', by: ADMIN }]);
    expect(one('added')).toEqual([{ at: T0, event: 'added', testbed_id: 3, testbed_name: 'lab-3', by: ADMIN, labels: ['5g'], description: null }]);
  });
});

describe('a hold that runs out on somebody waiting for any testbed', () => {
  it('tells them where they still wait, each time one of their offers runs out', async () => {
    const lab = await openLab([availableTestbed(1, 'lab-1'), availableTestbed(2, 'lab-2'), availableTestbed(3, 'lab-3')]);
    for (const id of [1, 2, 3]) await claimBy(lab, id, ADA);
    expect(await lab.fleet.lifecycle({ request: { type: 'waitLabel', label: 'testbed' }, by: LINUS, now: T0 })).toMatchObject({ type: 'waitingLabel' });
    await wait(lab, 2, GRACE);
    await lab.fleet.release({ testbedId: 1, by: ADA, now: T0 });
    await handOver();
    await lab.noticeWhere((n) => n.notice.kind === 'offer' && n.to === LINUS.email);
    await vi.advanceTimersByTimeAsync(TIMING.holdMs);
    const lapsed = await lab.noticeWhere((n) => n.notice.kind === 'holdLapsed' && n.to === LINUS.email);
    expect(lapsed.notice).toMatchObject({ kind: 'holdLapsed', label: 'testbed', stillWaiting: ['lab-2', 'lab-3'] });

    await lab.fleet.release({ testbedId: 2, by: ADA, now: new Date().toISOString() });
    await handOver();
    // Linus was first in lab-2's queue (by label), ahead of Grace: it is offered to him.
    await lab.noticeWhere((n) => n.notice.kind === 'offer' && n.to === LINUS.email && n.testbedId === 2);
    await vi.advanceTimersByTimeAsync(TIMING.holdMs);
    const again = await lab.noticeWhere((n) => n.notice.kind === 'holdLapsed' && n.testbedId === 2);
    expect(again).toMatchObject({ to: LINUS.email, notice: { label: 'testbed', stillWaiting: ['lab-3'] } });
  });

  it('a testbed retired under maintenance tells one waiting for any testbed where they still wait; one waiting for it alone, to choose another', async () => {
    const lab = await openLab([availableTestbed(1, 'lab-1'), availableTestbed(2, 'lab-2'), availableTestbed(3, 'lab-3')]);
    for (const id of [1, 2]) await claimBy(lab, id, ADA);
    await admin(lab, { type: 'maintenanceStart', testbedId: 3, reason: 'dead fan', until: null });
    await lab.fleet.lifecycle({ request: { type: 'waitLabel', label: 'testbed' }, by: LINUS, now: T0 });
    await wait(lab, 3, GRACE);
    expect(await admin(lab, { type: 'retire', testbedId: 3 })).toMatchObject({ type: 'retired' });
    const linus = await lab.noticeWhere((n) => n.notice.kind === 'retired' && n.to === LINUS.email);
    expect(linus.notice).toMatchObject({ label: 'testbed', stillWaiting: ['lab-1', 'lab-2'] });
    const grace = await lab.noticeWhere((n) => n.notice.kind === 'retired' && n.to === GRACE.email);
    expect(grace.notice).not.toHaveProperty('label');
  });
});
