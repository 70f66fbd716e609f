/**
 * `wait any 5g`: a place in the queue of every busy testbed carrying the label, each kept with the label
 * in lifecycle.json; once the person holds one of them, the other places (and offers) are given up. The
 * same for whichever of several named testbeds (`wait lab-1 or lab-3`), kept as their names.
 * Over the real fleet and a real store in a temp folder.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestbedFleet, type FleetNotification, type TestbedFleet } from '../../src/app/testbed-fleet.js';
import { availableTestbed, type LifecycleEntry, type TestbedRecord } from '../../src/domain.js';
import { openStore, type Store } from '../../src/store/index.js';

const ADA = { email: 'ada@example.com', name: 'Ada Ops' };
const LINUS = { email: 'linus@example.com', name: 'Linus Lab' };
const GRACE = { email: 'grace@example.com', name: 'Grace Hopper' };
const NOW = '2026-03-02T10:00:00.000Z';
const LATER = '2026-03-02T14:00:00.000Z';
const logger = pino({ level: 'silent' });

const labelled = (id: number, name: string, ...labels: string[]): TestbedRecord => availableTestbed(id, name, { labels });

describe('waiting for any testbed carrying a label', () => {
  let dir: string;
  let store: Store;
  let fleet: TestbedFleet;
  let notices: FleetNotification[];
  let noticed: () => void = () => undefined;

  /** Resolves once the testbed has offered itself to the person (the offer is stored before it is sent). */
  async function offered(email: string, testbedId: number): Promise<void> {
    const sent = () => notices.some((notice) => notice.notice.kind === 'offer' && notice.to === email && notice.testbedId === testbedId);
    while (!sent()) await new Promise<void>((resolve) => (noticed = resolve));
  }

  /** Resolves once `check` holds, looked at again each time a testbed actor changes state. */
  async function settled(check: () => Promise<boolean>): Promise<void> {
    while (!(await check())) await new Promise<void>((resolve) => { const off = fleet.onChange(() => (off(), resolve())); });
  }

  /** The events history.jsonl holds for one testbed, oldest first. */
  async function historyOf(testbedId: number): Promise<string[]> {
    const text = await readFile(join(dir, 'history.jsonl'), 'utf8').catch(() => '');
    return text.split('\n').filter(Boolean).map((line) => JSON.parse(line) as { event: string; testbed_id: number }).filter((line) => line.testbed_id === testbedId).map((line) => line.event);
  }

  afterEach(async () => {
    fleet.stop();
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** lab-1 and lab-2 carry 5g, lab-3 does not; Ada holds lab-1 and lab-2 unless `free` says otherwise. */
  async function lab(options: { adaHolds?: number[] } = {}) {
    dir = await mkdtemp(join(tmpdir(), 'label-queue-'));
    const testbedPath = join(dir, 'testbeds.json');
    await writeFile(testbedPath, JSON.stringify({ testbeds: [labelled(1, 'lab-1', '5g'), labelled(2, 'lab-2', '5G', 'lab'), labelled(3, 'lab-3', 'core')] }));
    store = await openStore({ testbedPath, broadcastPath: join(dir, 'broadcast_rooms.json') });
    notices = [];
    // The fleet's clock reads NOW, so no reminder for the bookings (due at LATER) comes in between.
    fleet = createTestbedFleet({
      store,
      logger,
      notify: (notice) => (notices.push(notice), noticed()),
      now: () => new Date(NOW),
      // The platform's people, for a hand-over.
      findPerson: async (email) => [ADA, LINUS, GRACE].find((person) => person.email === email),
    });
    fleet.start();
    for (const id of options.adaHolds ?? [1, 2]) {
      expect(await fleet.claim({ testbedId: id, holder: ADA, purpose: 'soak', expectedRelease: LATER, now: NOW })).toMatchObject({ ok: true });
    }
  }

  /** The lifecycle entries as lifecycle.json holds them on disk. */
  async function onDisk(): Promise<Map<number, LifecycleEntry>> {
    const doc = JSON.parse(await readFile(join(dir, 'lifecycle.json'), 'utf8')) as { lifecycle: LifecycleEntry[] };
    return new Map(doc.lifecycle.map((entry) => [entry.testbed_id, entry]));
  }

  const waitAny = (by: typeof LINUS, label = '5g') => fleet.lifecycle({ request: { type: 'waitLabel', label }, by, now: NOW });

  it('handed a testbed of the label, as after booking one, the person gives up the other places; an email nobody has changes nothing', async () => {
    await lab();
    await waitAny(LINUS);
    await fleet.lifecycle({ request: { type: 'wait', testbedId: 2 }, by: GRACE, now: NOW });
    expect(await fleet.lifecycle({ request: { type: 'handOver', testbedId: 1, toEmail: 'nobody@example.com' }, by: ADA, now: NOW })).toMatchObject({ type: 'refused', reason: 'no_person' });
    const handed = await fleet.lifecycle({ request: { type: 'handOver', testbedId: 1, toEmail: LINUS.email }, by: ADA, now: NOW });
    expect(handed).toMatchObject({ type: 'handedOver', record: { id: 1, user_email: LINUS.email } });
    const disk = await onDisk();
    expect(disk.get(1)?.queue ?? []).toEqual([]);
    expect(disk.get(2)?.queue.map((person) => person.email)).toEqual([GRACE.email]);
    expect(await historyOf(1)).toContain('handed_over');
  });

  it('takes a place in the queue of every busy testbed carrying the label, each kept with the label on disk', async () => {
    await lab();
    await fleet.lifecycle({ request: { type: 'wait', testbedId: 2 }, by: GRACE, now: NOW });
    const outcome = await waitAny(LINUS);
    expect(outcome).toMatchObject({ type: 'waitingLabel', label: '5g' });
    expect(outcome.type === 'waitingLabel' && outcome.places.map(({ record, position, length }) => [record.testbed_name, position, length])).toEqual([
      ['lab-1', 1, 1],
      ['lab-2', 2, 2],
    ]);
    const entries = await onDisk();
    expect(entries.get(1)?.queue).toEqual([{ ...LINUS, since: NOW, label: '5g' }]);
    // Grace waits for lab-2 itself: her place carries no label.
    expect(entries.get(2)?.queue).toEqual([{ ...GRACE, since: NOW }, { ...LINUS, since: NOW, label: '5g' }]);
    expect(entries.has(3)).toBe(false);
    // Asked again: the same places, nobody twice.
    const again = await waitAny(LINUS);
    expect(again.type === 'waitingLabel' && again.places.map(({ position }) => position)).toEqual([1, 2]);
    expect((await onDisk()).get(2)?.queue).toHaveLength(2);
  });

  const ADMIN = { email: 'lead@example.com', name: 'Lab Lead' };
  const edit = (testbedId: number, labels: string[]) => fleet.admin({ request: { type: 'edit', testbedId, labels, description: null }, by: ADMIN, now: NOW });

  it('a free testbed that gains the label is held for the one who waited longest, the others queue behind it', async () => {
    await lab();
    await waitAny(GRACE);
    await waitAny(LINUS);
    expect(await edit(3, ['core', '5G'])).toMatchObject({ type: 'edited', changed: true, waiters: { offeredTo: { name: GRACE.name, label: '5g' }, queued: 1 } });
    await offered(GRACE.email, 3);
    const disk = await onDisk();
    expect(disk.get(3)?.offer).toMatchObject({ email: GRACE.email, label: '5g' });
    expect(disk.get(3)?.queue).toEqual([{ ...LINUS, since: NOW, label: '5g' }]);
    // Their places for the others stay until one of them books.
    expect(disk.get(1)?.queue.map((person) => person.email)).toEqual([GRACE.email, LINUS.email]);
    expect(await historyOf(3)).toEqual(['edited', 'offered', 'queued']);
    // Edited again without a new label: nobody is asked anything more.
    const before = notices.length;
    expect(await edit(3, ['5g', 'core'])).not.toHaveProperty('waiters');
    expect(notices.length).toBe(before);
    expect((await onDisk()).get(3)?.queue).toHaveLength(1);
  });

  it('a testbed that loses the label gives up the places taken for it, and tells each person where they still wait; a place for it itself stays', async () => {
    await lab();
    await fleet.lifecycle({ request: { type: 'wait', testbedId: 2 }, by: GRACE, now: NOW });
    await waitAny(LINUS);
    expect(await edit(2, ['lab'])).toMatchObject({ type: 'edited', changed: true, waiters: { queued: 0, left: 1 } });
    const disk = await onDisk();
    expect(disk.get(2)?.queue).toEqual([{ ...GRACE, since: NOW }]);
    expect(disk.get(1)?.queue).toEqual([{ ...LINUS, since: NOW, label: '5g' }]);
    expect(notices.filter((notice) => notice.notice.kind === 'labelLost')).toEqual([
      { to: LINUS.email, testbedId: 2, notice: { kind: 'labelLost', record: expect.objectContaining({ id: 2, labels: ['lab'] }), label: '5g', stillWaiting: ['lab-1'] } },
    ]);
    expect(await historyOf(2)).toEqual(['registered', 'queued', 'queued', 'edited', 'left_queue']);
    // The last one carrying it: nowhere left to wait for it, and the notice says so.
    expect(await edit(1, [])).toMatchObject({ waiters: { left: 1 } });
    expect((await onDisk()).get(1)?.queue ?? []).toEqual([]);
    expect(notices.filter((notice) => notice.notice.kind === 'labelLost').at(-1)).toMatchObject({ to: LINUS.email, testbedId: 1, notice: { stillWaiting: [] } });
    // Losing a label nobody waits for: no waiters to report.
    expect(await edit(2, [])).not.toHaveProperty('waiters');
  });

  it('a busy testbed that gains the label, and one added with it, queue those waiting, longest waiting first', async () => {
    await lab({ adaHolds: [1, 2, 3] });
    await waitAny(LINUS);
    await fleet.lifecycle({ request: { type: 'waitLabel', label: '5g' }, by: GRACE, now: LATER });
    expect(await edit(3, ['5g'])).toMatchObject({ waiters: { queued: 2 } });
    expect((await onDisk()).get(3)?.queue).toEqual([{ ...LINUS, since: NOW, label: '5g' }, { ...GRACE, since: NOW, label: '5g' }]);
    expect(notices.filter((notice) => notice.notice.kind === 'offer')).toEqual([]);
    const added = await fleet.admin({ request: { type: 'add', name: 'lab-4', labels: ['5g'], description: null }, by: ADMIN, now: NOW });
    expect(added).toMatchObject({ type: 'added', record: { id: 4 }, waiters: { offeredTo: { name: LINUS.name }, queued: 1 } });
    await offered(LINUS.email, 4);
    expect((await onDisk()).get(4)).toMatchObject({ offer: { email: LINUS.email, label: '5g' }, queue: [{ email: GRACE.email, label: '5g' }] });
  });

  it('names a testbed carrying the label that anyone may book now, and joins no queue', async () => {
    await lab({ adaHolds: [1] });
    expect(await waitAny(LINUS)).toMatchObject({ type: 'refused', reason: 'free', record: { id: 2 } });
    expect((await onDisk()).get(1)?.queue ?? []).toEqual([]);
  });

  it('the first released is offered with the label; once booked, the other place is given up and nobody else is touched', async () => {
    await lab();
    await waitAny(LINUS);
    await fleet.lifecycle({ request: { type: 'wait', testbedId: 2 }, by: GRACE, now: NOW });
    await fleet.release({ testbedId: 1, by: ADA, now: NOW });
    await offered(LINUS.email, 1);
    expect((await onDisk()).get(1)?.offer).toMatchObject({ email: LINUS.email, label: '5g' });
    const offer = notices.find((notice) => notice.notice.kind === 'offer');
    expect(offer).toMatchObject({ to: LINUS.email, testbedId: 1 });

    expect(await fleet.claim({ testbedId: 1, holder: LINUS, purpose: 'firmware', expectedRelease: LATER, now: NOW, offerOnly: true })).toMatchObject({ ok: true });
    const entries = await onDisk();
    expect(entries.get(2)?.queue).toEqual([{ ...GRACE, since: NOW }]);
    expect(entries.get(1)?.offer ?? null).toBeNull();
  });

  it('one offer at a time per label: a second one freed meanwhile goes on to the next person at once, never sent to the first', async () => {
    await lab();
    await waitAny(LINUS);
    await fleet.lifecycle({ request: { type: 'wait', testbedId: 2 }, by: GRACE, now: NOW });
    await fleet.release({ testbedId: 1, by: ADA, now: NOW });
    await offered(LINUS.email, 1);
    await fleet.release({ testbedId: 2, by: ADA, now: NOW });
    await offered(GRACE.email, 2);
    const entries = await onDisk();
    expect(entries.get(1)?.offer).toMatchObject({ email: LINUS.email, label: '5g' });
    expect(entries.get(2)).toMatchObject({ offer: { email: GRACE.email }, queue: [] });
    expect(notices.filter((notice) => notice.notice.kind === 'offer').map((notice) => [notice.to, notice.testbedId])).toEqual([
      [LINUS.email, 1],
      [GRACE.email, 2],
    ]);
    // Linus books the one he was offered; Grace keeps hers.
    expect(await fleet.claim({ testbedId: 1, holder: LINUS, purpose: 'firmware', expectedRelease: LATER, now: NOW, offerOnly: true })).toMatchObject({ ok: true });
    expect((await onDisk()).get(2)?.offer).toMatchObject({ email: GRACE.email });
  });

  it('a second one freed with nobody else waiting is free for all at once', async () => {
    await lab();
    await waitAny(LINUS);
    await fleet.release({ testbedId: 1, by: ADA, now: NOW });
    await offered(LINUS.email, 1);
    await fleet.release({ testbedId: 2, by: ADA, now: NOW });
    await settled(async () => (await historyOf(2)).includes('offer_declined'));
    expect(await historyOf(2)).toEqual(['registered', 'queued', 'released', 'offered', 'offer_declined']);
    expect(store.lifecycle.get(2)).toMatchObject({ offer: null, queue: [] });
    expect(notices.filter((notice) => notice.notice.kind === 'offer').map((notice) => notice.testbedId)).toEqual([1]);
    expect(await fleet.claim({ testbedId: 2, holder: GRACE, purpose: 'soak', expectedRelease: LATER, now: NOW })).toMatchObject({ ok: true });
  });

  it('a place taken for the testbed itself (`wait lab-2` after `wait any 5g`) still gets its own offer beside one by label', async () => {
    await lab();
    await waitAny(LINUS);
    await fleet.lifecycle({ request: { type: 'wait', testbedId: 2 }, by: LINUS, now: NOW });
    await fleet.release({ testbedId: 1, by: ADA, now: NOW });
    await offered(LINUS.email, 1);
    await fleet.release({ testbedId: 2, by: ADA, now: NOW });
    await offered(LINUS.email, 2);
    expect((await onDisk()).get(2)?.offer).toMatchObject({ email: LINUS.email });
  });

  it('a place taken for the testbed itself stays, as do places for another label, after booking one carrying the label', async () => {
    await lab();
    await fleet.lifecycle({ request: { type: 'wait', testbedId: 2 }, by: LINUS, now: NOW });
    await fleet.claim({ testbedId: 3, holder: ADA, purpose: 'core work', expectedRelease: LATER, now: NOW });
    await waitAny(LINUS, 'core');
    await fleet.release({ testbedId: 1, by: ADA, now: NOW });
    // Nobody waited for lab-1: Linus books it directly.
    await fleet.claim({ testbedId: 1, holder: LINUS, purpose: 'firmware', expectedRelease: LATER, now: NOW });
    const entries = await onDisk();
    expect(entries.get(2)?.queue).toEqual([{ ...LINUS, since: NOW }]);
    expect(entries.get(3)?.queue).toEqual([{ ...LINUS, since: NOW, label: 'core' }]);
  });

  it('asking for one of them itself afterwards (`wait lab-2`) keeps that place when another is booked', async () => {
    await lab();
    await waitAny(LINUS);
    expect(await fleet.lifecycle({ request: { type: 'wait', testbedId: 2 }, by: LINUS, now: NOW })).toMatchObject({ type: 'waiting', position: 1, already: true });
    expect((await onDisk()).get(2)?.queue).toEqual([{ ...LINUS, since: NOW }]);
    await fleet.release({ testbedId: 1, by: ADA, now: NOW });
    await offered(LINUS.email, 1);
    await fleet.claim({ testbedId: 1, holder: LINUS, purpose: 'firmware', expectedRelease: LATER, now: NOW, offerOnly: true });
    expect((await onDisk()).get(2)?.queue).toEqual([{ ...LINUS, since: NOW }]);
  });

  it('`unwait any 5g` gives up only the places taken for any 5g; asked again, it changes nothing', async () => {
    await lab();
    await fleet.claim({ testbedId: 3, holder: ADA, purpose: 'core work', expectedRelease: LATER, now: NOW });
    await fleet.lifecycle({ request: { type: 'wait', testbedId: 3 }, by: LINUS, now: NOW });
    await waitAny(LINUS);
    await fleet.lifecycle({ request: { type: 'wait', testbedId: 1 }, by: GRACE, now: NOW });
    const left = await fleet.lifecycle({ request: { type: 'unwaitLabel', label: '5G' }, by: LINUS, now: NOW });
    expect(left.type === 'unwaitedLabel' && left.records.map((record) => record.testbed_name)).toEqual(['lab-1', 'lab-2']);
    const entries = await onDisk();
    expect(entries.get(1)?.queue).toEqual([{ ...GRACE, since: NOW }]);
    expect(entries.has(2)).toBe(false);
    expect(entries.get(3)?.queue).toEqual([{ ...LINUS, since: NOW }]);
    expect(await fleet.lifecycle({ request: { type: 'unwaitLabel', label: '5g' }, by: LINUS, now: NOW })).toEqual({ type: 'unwaitedLabel', label: '5g', records: [] });
  });

  it('one of them held by the person is left out; one being offered to them is named instead of waiting', async () => {
    await lab();
    await fleet.claim({ testbedId: 3, holder: ADA, purpose: 'core work', expectedRelease: LATER, now: NOW });
    // Every 5g testbed is hers: none in particular is named.
    expect(await waitAny(ADA)).toEqual({ type: 'refused', reason: 'all_yours' });
    expect(await waitAny(ADA, 'testbed')).toEqual({ type: 'refused', reason: 'all_yours' });
    // A label no testbed carries (taken off meanwhile): nothing to wait for, and no place taken.
    expect(await waitAny(LINUS, 'wifi')).toEqual({ type: 'refused', reason: 'none_to_wait_for' });

    await fleet.lifecycle({ request: { type: 'wait', testbedId: 1 }, by: LINUS, now: NOW });
    await fleet.release({ testbedId: 1, by: ADA, now: NOW });
    await offered(LINUS.email, 1);
    expect(await waitAny(LINUS)).toMatchObject({ type: 'refused', reason: 'offered', record: { id: 1 } });
    expect((await onDisk()).get(2)?.queue ?? []).toEqual([]);
  });

  describe('whichever of several named testbeds (`wait lab-1 or lab-3`)', () => {
    // Kept where a label is: the names, ordered, one per line.
    const NAMED = 'lab-1\nlab-3';
    const waitNamed = (by: typeof LINUS, label = NAMED) => fleet.lifecycle({ request: { type: 'waitLabel', label }, by, now: NOW });

    it('takes a place in each named queue only; once one of them is booked from its offer, the other place goes and nobody else is touched', async () => {
      await lab({ adaHolds: [1, 2, 3] });
      await fleet.lifecycle({ request: { type: 'wait', testbedId: 3 }, by: GRACE, now: NOW });
      const outcome = await waitNamed(LINUS);
      expect(outcome.type === 'waitingLabel' && outcome.places.map(({ record, position }) => [record.testbed_name, position])).toEqual([
        ['lab-1', 1],
        ['lab-3', 2],
      ]);
      let disk = await onDisk();
      expect(disk.get(1)?.queue).toEqual([{ ...LINUS, since: NOW, label: NAMED }]);
      // lab-2 carries 5g like lab-1, but was not named.
      expect(disk.get(2)?.queue ?? []).toEqual([]);
      expect(disk.get(3)?.queue).toEqual([{ ...GRACE, since: NOW }, { ...LINUS, since: NOW, label: NAMED }]);

      await fleet.release({ testbedId: 1, by: ADA, now: NOW });
      await offered(LINUS.email, 1);
      expect((await onDisk()).get(1)?.offer).toMatchObject({ email: LINUS.email, label: NAMED });
      expect(await fleet.claim({ testbedId: 1, holder: LINUS, purpose: 'firmware', expectedRelease: LATER, now: NOW, offerOnly: true })).toMatchObject({ ok: true });
      disk = await onDisk();
      expect(disk.get(3)?.queue).toEqual([{ ...GRACE, since: NOW }]);
      expect(await historyOf(3)).toEqual(['registered', 'queued', 'queued', 'left_queue']);
    });

    it('one of them free: named instead of waiting, and no place taken; a label edit or a new testbed leaves the wait as it was', async () => {
      await lab({ adaHolds: [1, 3] });
      expect(await waitNamed(LINUS, 'lab-1\nlab-2')).toMatchObject({ type: 'refused', reason: 'free', record: { id: 2 } });
      expect((await onDisk()).get(1)?.queue ?? []).toEqual([]);

      await waitNamed(LINUS);
      // lab-1 loses 5g and lab-3 gains it: the places were taken for the names, not a label.
      await edit(1, []);
      await edit(3, ['5g']);
      await fleet.admin({ request: { type: 'add', name: 'lab-4', labels: ['5g'], description: null }, by: ADMIN, now: NOW });
      const disk = await onDisk();
      expect(disk.get(1)?.queue).toEqual([{ ...LINUS, since: NOW, label: NAMED }]);
      expect(disk.get(3)?.queue).toEqual([{ ...LINUS, since: NOW, label: NAMED }]);
      expect(disk.get(4)?.offer ?? null).toBeNull();
      expect(notices.filter((notice) => notice.notice.kind === 'labelLost')).toEqual([]);
    });

    it('one of them renamed meanwhile: booked from its offer under the new name, the other place still goes', async () => {
      await lab({ adaHolds: [1, 3] });
      await waitNamed(LINUS);
      expect(await fleet.admin({ request: { type: 'rename', testbedId: 1, name: 'lab-1b' }, by: ADMIN, now: NOW })).toMatchObject({ type: 'renamed' });
      await fleet.release({ testbedId: 1, by: ADA, now: NOW });
      await offered(LINUS.email, 1);
      expect(await fleet.claim({ testbedId: 1, holder: LINUS, purpose: 'firmware', expectedRelease: LATER, now: NOW, offerOnly: true })).toMatchObject({ ok: true });
      expect((await onDisk()).get(3)?.queue ?? []).toEqual([]);
    });

    it('passed on, the offer says where they still wait; giving the wait up leaves both queues, even a place taken for one of them itself', async () => {
      await lab({ adaHolds: [1, 3] });
      await waitNamed(LINUS);
      await fleet.release({ testbedId: 1, by: ADA, now: NOW });
      await offered(LINUS.email, 1);
      const declined = await fleet.lifecycle({ request: { type: 'decline', testbedId: 1 }, by: LINUS, now: NOW });
      expect(declined).toMatchObject({ type: 'declined', label: NAMED, stillWaiting: { label: NAMED, names: ['lab-3'] } });

      await fleet.claim({ testbedId: 1, holder: ADA, purpose: 'soak', expectedRelease: LATER, now: NOW });
      await fleet.lifecycle({ request: { type: 'wait', testbedId: 1 }, by: LINUS, now: NOW });
      await fleet.lifecycle({ request: { type: 'wait', testbedId: 1 }, by: GRACE, now: NOW });
      const left = await fleet.lifecycle({ request: { type: 'unwaitLabel', label: NAMED }, by: LINUS, now: NOW });
      expect(left.type === 'unwaitedLabel' && left.records.map((record) => record.testbed_name)).toEqual(['lab-1', 'lab-3']);
      const disk = await onDisk();
      expect(disk.get(1)?.queue).toEqual([{ ...GRACE, since: NOW }]);
      expect(disk.get(3)?.queue ?? []).toEqual([]);
    });
  });

  it('any testbed at all (the label `testbed`): a place in every busy queue whatever its labels; a testbed added is held for them; booking one leaves the rest', async () => {
    await lab({ adaHolds: [1, 2, 3] });
    await fleet.lifecycle({ request: { type: 'wait', testbedId: 3 }, by: GRACE, now: NOW });
    const outcome = await waitAny(LINUS, 'testbed');
    expect(outcome.type === 'waitingLabel' && outcome.places.map(({ record, position }) => [record.testbed_name, position])).toEqual([
      ['lab-1', 1],
      ['lab-2', 1],
      ['lab-3', 2],
    ]);
    expect((await onDisk()).get(3)?.queue).toEqual([{ ...GRACE, since: NOW }, { ...LINUS, since: NOW, label: 'testbed' }]);
    // Unlabelled, lab-4 is still a testbed: held for Linus at once.
    const added = await fleet.admin({ request: { type: 'add', name: 'lab-4', labels: [], description: null }, by: { email: 'lead@example.com', name: 'Lab Lead' }, now: NOW });
    expect(added).toMatchObject({ type: 'added', waiters: { offeredTo: { name: LINUS.name, label: 'testbed' } } });
    await offered(LINUS.email, 4);
    // lab-1 released meanwhile: one offer at a time, so it goes on (free for all, nobody else waits for it).
    await fleet.release({ testbedId: 1, by: ADA, now: NOW });
    await settled(async () => (await onDisk()).get(1)?.offer == null);
    expect(notices.filter((notice) => notice.notice.kind === 'offer' && notice.to === LINUS.email).map((notice) => notice.testbedId)).toEqual([4]);
    expect(await fleet.claim({ testbedId: 4, holder: LINUS, purpose: 'firmware', expectedRelease: LATER, now: NOW, offerOnly: true })).toMatchObject({ ok: true });
    const entries = await onDisk();
    expect(entries.get(2)?.queue ?? []).toEqual([]);
    expect(entries.get(3)?.queue).toEqual([{ ...GRACE, since: NOW }]);
  });
});
