/**
 * Waiting for any testbed carrying a label (`wait any 5g`), for any testbed at all (`wait any`, kept as
 * the label `testbed`, which every testbed counts as carrying), or for whichever of several named
 * testbeds is handed on first (`wait lab-3 or lab-5`, kept as their names in place of a label), built
 * on the testbeds' own queues: the person takes a place in the queue of every busy testbed carrying the
 * label, each place kept with the label (lifecycle.json). The first of them to be handed on is offered to
 * them as any queue's first is; once they hold any testbed carrying the label, however they booked it, the
 * other places are given up and an open offer of another one is declined, so it goes to the next person
 * at once.
 *
 * Every step is a request to one testbed (`wait`, `unwait`, `decline`), answered by its own actor as a
 * press on its buttons would be, so the testbeds' rules (not twice in a queue, not for your own booking,
 * not while it is offered to you) hold here too.
 */
import type { Logger } from 'pino';
import type { DirectNotice, HoldOffer, Holder, LabelWaiters, LifecycleEntry, LifecycleOutcome, TestbedRecord } from '../domain.js';
import { eitherNames, sameLabel, waitsFor } from '../lab-rules.js';
import type { RunLifecycleInput } from '../machines/conversation.machine.js';
import { sameEmail } from '../machines/shared/lifecycle-rules.js';
import type { Store } from '../store/index.js';

export interface LabelQueues {
  /** `wait any 5g`: the places taken, or why none was (one is free for anyone, or offered to them). */
  wait(label: string, by: Holder, now: string): Promise<LifecycleOutcome>;
  /** `unwait any 5g`: the places taken for the label are given up; a place taken for one testbed itself stays. */
  stopWaiting(label: string, by: Holder, now: string): Promise<LifecycleOutcome>;
  /**
   * After `holder` booked `booked`: their places (and offers) taken for one of its labels elsewhere are given up, and so
   * are those taken with a label in `waitedWith` (what they had waited for it with: `wait lab-3 or lab-5` before lab-3
   * was renamed).
   */
  booked(holder: Holder, booked: TestbedRecord, now: string, waitedWith?: readonly string[]): Promise<void>;
  /**
   * `record` just gained `labels` (added with them, or edited by an admin): everyone waiting for any testbed of
   * one of them takes a place in its queue too, longest waiting first; when it is free for anyone, it is held
   * for the first of them at once (an offer, as after a release) and the others queue behind.
   */
  gained(record: TestbedRecord, labels: readonly string[], now: string): Promise<LabelWaiters>;
  /**
   * `record` just lost `labels` (an admin's edit): the places in its queue taken for one of them are given up (it is no
   * longer a testbed they wait for), and each person is told, with the testbeds they still wait on for the label.
   */
  lost(record: TestbedRecord, labels: readonly string[], now: string): Promise<number>;
  /**
   * An offer of `testbedId` just made from a place taken for a label: when the person already holds an
   * open offer of another testbed they waited for by that label, this one is passed on to the next
   * person at once (declined in their name), and true is returned: they are not sent it. One offer at a
   * time per label, so nobody behind them waits out a hold they cannot use both of.
   */
  passedOver(testbedId: number, offer: HoldOffer, now: string): boolean;
  /** The names of the testbeds in whose queues `email` holds a place taken for `label`. */
  placesFor(email: string, label: string): string[];
}

/**
 * Requests to many testbeds, `GROUP` at a time: each runs in its own testbed's lane, so they need no order, and the
 * store writes the changes made meanwhile together (a wait for any of a thousand testbeds is a few writes, not a thousand).
 */
const GROUP = 32;
async function inGroups<T, R>(items: readonly T[], request: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += GROUP) results.push(...(await Promise.all(items.slice(start, start + GROUP).map(request))));
  return results;
}

export function createLabelQueues(deps: {
  store: Pick<Store, 'testbeds' | 'lifecycle'>;
  logger: Logger;
  /** Free for anyone right now (not in use, under maintenance, offered or waited for). */
  isFree: (record: TestbedRecord) => boolean;
  /** A lifecycle request to one testbed, in that testbed's lane. */
  lifecycle: (input: RunLifecycleInput) => Promise<LifecycleOutcome>;
  /** Posts a direct message about `testbedId`; called once the change it reports is stored. */
  notify?: (to: string, notice: DirectNotice, testbedId: number) => void;
}): LabelQueues {
  const { store } = deps;

  async function wait(label: string, by: Holder, now: string): Promise<LifecycleOutcome> {
    const carrying = store.testbeds.all().filter((record) => waitsFor(record, label)).sort((a, b) => a.id - b.id);
    if (carrying.length === 0) return { type: 'refused', reason: 'none_to_wait_for' };
    const free = carrying.find(deps.isFree);
    if (free) return { type: 'refused', reason: 'free', record: free };
    for (const record of carrying) {
      const offer = store.lifecycle.get(record.id).offer;
      if (offer && sameEmail(offer.email, by.email)) return { type: 'refused', reason: 'offered', record, offer, until: offer.until };
    }
    const places: Extract<LifecycleOutcome, { type: 'waitingLabel' }>['places'] = [];
    let refusal: LifecycleOutcome | undefined;
    const outcomes = await inGroups(carrying, (record) => deps.lifecycle({ request: { type: 'wait', testbedId: record.id, label }, by, now }));
    for (const outcome of outcomes) {
      if (outcome.type === 'waiting') places.push({ record: outcome.record, position: outcome.position, length: outcome.length });
      else refusal ??= outcome;
    }
    if (places.length > 0) return { type: 'waitingLabel', label, places };
    // Every busy one is theirs (`wait any` by the person holding them all): not one of them in particular.
    if (outcomes.length > 1 && outcomes.every((outcome) => outcome.type === 'refused' && outcome.reason === 'yours')) return { type: 'refused', reason: 'all_yours' };
    return refusal ?? { type: 'refused', reason: 'unknown' };
  }

  async function stopWaiting(label: string, by: Holder, now: string): Promise<LifecycleOutcome> {
    // `unwait lab-3 or lab-5`: their places in those queues, however each was taken.
    const named = eitherNames(label) === undefined ? undefined : new Set(store.testbeds.all().filter((record) => waitsFor(record, label)).map((record) => record.id));
    const joined = store.lifecycle
      .snapshot()
      .filter((entry) =>
        entry.queue.some((person) => sameEmail(person.email, by.email) && (named?.has(entry.testbed_id) || (person.label !== undefined && sameLabel(person.label, label)))),
      );
    const outcomes = await inGroups(joined, (entry) => deps.lifecycle({ request: { type: 'unwait', testbedId: entry.testbed_id }, by, now }));
    const left = outcomes.flatMap((outcome) => (outcome.type === 'unwaited' && outcome.wasWaiting ? [outcome.record] : []));
    return { type: 'unwaitedLabel', label, records: left };
  }

  async function booked(holder: Holder, record: TestbedRecord, now: string, waitedWith: readonly string[] = []): Promise<void> {
    const waitedFor = (label: string | undefined) => label !== undefined && (waitsFor(record, label) || waitedWith.some((kept) => sameLabel(kept, label)));
    const offeredTo = (entry: LifecycleEntry) => entry.offer !== null && sameEmail(entry.offer.email, holder.email) && waitedFor(entry.offer.label);
    const others = store.lifecycle
      .snapshot()
      .filter((entry) => entry.testbed_id !== record.id && (offeredTo(entry) || entry.queue.some((person) => sameEmail(person.email, holder.email) && waitedFor(person.label))));
    await inGroups(others, (entry) =>
      deps.lifecycle({ request: { type: offeredTo(entry) ? 'decline' : 'unwait', testbedId: entry.testbed_id }, by: holder, now }).catch((error: unknown) =>
        deps.logger.warn({ err: error, testbedId: entry.testbed_id }, 'could not leave a queue joined by label after a booking; the person stays in it'),
      ),
    );
  }

  async function gained(record: TestbedRecord, labels: readonly string[], now: string): Promise<LabelWaiters> {
    const waiters: LabelWaiters = { queued: 0 };
    for (const label of labels) {
      for (const { holder, waitedFor } of waitingFor(label, record.id)) {
        const outcome = await deps
          .lifecycle({ request: { type: 'wait', testbedId: record.id, label: waitedFor, offerIfFree: true }, by: holder, now })
          .catch((error: unknown) => deps.logger.warn({ err: error, testbedId: record.id }, 'could not queue somebody waiting by label for a testbed that gained the label'));
        if (outcome?.type === 'waiting' && !outcome.already) waiters.queued += 1;
        if (outcome?.type === 'refused' && outcome.reason === 'offered' && outcome.record?.id === record.id) waiters.offeredTo ??= { name: holder.name, label: waitedFor };
      }
    }
    return waiters;
  }

  async function lost(record: TestbedRecord, labels: readonly string[], now: string): Promise<number> {
    const waitedFor = (label: string | undefined) => label !== undefined && labels.some((gone) => sameLabel(gone, label));
    const leaving = store.lifecycle.get(record.id).queue.filter((person) => waitedFor(person.label));
    let left = 0;
    for (const person of leaving) {
      const by = { email: person.email, name: person.name };
      const outcome = await deps
        .lifecycle({ request: { type: 'unwait', testbedId: record.id }, by, now })
        .catch((error: unknown) => deps.logger.warn({ err: error, testbedId: record.id }, 'could not give up a place taken by label on a testbed that lost the label'));
      if (outcome?.type !== 'unwaited' || !outcome.wasWaiting) continue;
      left += 1;
      const label = person.label ?? '';
      deps.notify?.(person.email, { kind: 'labelLost', record: outcome.record, label, stillWaiting: placesFor(person.email, label) }, record.id);
    }
    return left;
  }

  /** The names of the testbeds in whose queues `email` holds a place taken for `label`. */
  function placesFor(email: string, label: string): string[] {
    const ids = new Set(
      store.lifecycle
        .snapshot()
        .filter((entry) => entry.queue.some((person) => sameEmail(person.email, email) && person.label !== undefined && sameLabel(person.label, label)))
        .map((entry) => entry.testbed_id),
    );
    return store.testbeds.all().filter((candidate) => ids.has(candidate.id)).map((candidate) => candidate.testbed_name);
  }

  /** Everyone with a place taken for any `label` in another testbed's queue (and the label as they typed it), once each, longest waiting first. */
  function waitingFor(label: string, exceptId: number): Array<{ holder: Holder; waitedFor: string }> {
    const earliest = new Map<string, { holder: Holder; waitedFor: string; since: string }>();
    for (const entry of store.lifecycle.snapshot()) {
      if (entry.testbed_id === exceptId) continue;
      for (const person of entry.queue) {
        if (person.label === undefined || !sameLabel(person.label, label)) continue;
        const key = person.email.toLowerCase();
        const known = earliest.get(key);
        if (!known || person.since < known.since) earliest.set(key, { holder: { email: person.email, name: person.name }, waitedFor: person.label, since: person.since });
      }
    }
    return [...earliest.values()].sort((a, b) => (a.since < b.since ? -1 : a.since > b.since ? 1 : 0));
  }

  function passedOver(testbedId: number, offer: HoldOffer, now: string): boolean {
    const label = offer.label;
    if (label === undefined) return false;
    const earlier = store.lifecycle
      .snapshot()
      .some((entry) => entry.testbed_id !== testbedId && entry.offer !== null && sameEmail(entry.offer.email, offer.email) && entry.offer.label !== undefined && sameLabel(entry.offer.label, label));
    if (!earlier) return false;
    void deps.lifecycle({ request: { type: 'decline', testbedId }, by: { email: offer.email, name: offer.name }, now }).catch((error: unknown) =>
      deps.logger.warn({ err: error, testbedId }, 'could not pass on a second offer by label; it stays held for the person until it lapses'),
    );
    return true;
  }

  return { wait, stopWaiting, booked, gained, lost, passedOver, placesFor };
}
