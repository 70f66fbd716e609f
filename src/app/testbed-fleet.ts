/**
 * One testbed actor per record, built from the store at start-up. Claims,
 * releases, lifecycle and admin requests go to the right actor; the answer is
 * the event it emits for that request id. The store write (and its history
 * lines) happens inside the actor's save step, so a success is only reported
 * after it is on disk.
 *
 * Adding a testbed writes the record here and then builds its actor; a retired
 * testbed's actor stops by itself and is forgotten.
 *
 * An actor that comes to rest (its state is tagged `resting`: free or under maintenance, no timer,
 * nothing being saved) and is answering no request may be stopped and forgotten: the store holds all
 * it knew, and the next request builds it again from there. The 64 that rested last stay live (a
 * testbed just released is often booked again soon); past that the one that rested longest ago is
 * let go. So a big lab keeps live actors for the testbeds that are booked, held, handed over or busy
 * right now, and for a few free ones.
 *
 * "Free since" (which free testbed `claimAny` books first) is kept in memory:
 * the time of the last release, force release or end of maintenance seen while
 * running; at start-up every free testbed counts as free since then, and ties go
 * to the lowest id.
 */
import { randomUUID } from 'node:crypto';
import { createActor, type Actor, type InspectionEvent, type Observer } from 'xstate';
import { fromPromise } from 'xstate';
import type { Logger } from 'pino';
import { emptyLifecycle, type AdminOutcome, type AdminRefusal, type HistoryEntry, type Holder, type LabelWaiters, type LifecycleEntry, type TestbedRecord } from '../domain.js';
import { ANY_TESTBED_LABEL, hasLabel, sameLabel, sameName } from '../lab-rules.js';
import { historyLine } from '../machines/shared/history-lines.js';
import { sameEmail } from '../machines/shared/lifecycle-rules.js';
import { testbedMachine, type Notification, type TestbedEmitted, type TestbedEvent } from '../machines/testbed.machine.js';
import { MAX_AHEAD_MS, type LifecycleOutcome, type LifecycleRequest, type LifecycleTiming } from '../machines/shared/lifecycle-types.js';
import type {
  ClaimAnyInput,
  ClaimResult,
  ClaimTestbedInput,
  ReleaseResult,
  ReleaseTestbedInput,
  RunAdminInput,
  RunLifecycleInput,
} from '../machines/conversation.machine.js';
import { createWaitUntil } from './wait-until.js';
import { createLabelQueues } from './label-queues.js';
import { StoreError, type Store } from '../store/index.js';
import { silentAppMetrics, type AppMetrics, type BookingOutcome, type ReleaseOutcome } from '../metrics.js';
import { Lanes } from '../lanes.js';
import { compareInstants } from '../time-rules.js';
import { firstFreeForAnyone } from '../cards/parts.js';
import { keyOf, testbedKey } from './actor-key.js';
import { RecentlyRested } from './recently-rested.js';

/** The answers the conversation machine's `claimTestbed` / `releaseTestbed` actors expect. */
export type { ClaimResult, ReleaseResult } from '../machines/conversation.machine.js';

export interface TestbedFleet {
  start(): void;
  stop(): void;
  claim(request: ClaimTestbedInput): Promise<ClaimResult>;
  release(request: ReleaseTestbedInput): Promise<ReleaseResult>;
  /** Extend, wait-list, hand-off, asks and release-all; the answer says what happened. */
  lifecycle(request: RunLifecycleInput): Promise<LifecycleOutcome>;
  /**
   * Books any free testbed (not in use, not held, not under maintenance) carrying `label`,
   * the one free longest first; `{ ok: false, reason: 'none_free' }` when there is none.
   */
  claimAny(request: ClaimAnyInput): Promise<ClaimResult>;
  /** Add, rename, retire, maintenance start/end and force release (who may ask is checked before). */
  admin(request: RunAdminInput): Promise<AdminOutcome>;
  /** When the testbed was last freed (ISO; start-up for those free since then), as `claimAny` orders them. */
  freeSince(testbedId: number): string;
  /** Called (with the testbed id) whenever a testbed actor changes state; returns the unsubscribe. */
  onChange(listener: (testbedId: number) => void): () => void;
  /**
   * Rebuilds the testbed's actor from the store (another instance changed its record or lifecycle
   * entry): at once when it is idle, else as soon as the request it is answering is answered.
   */
  refresh(testbedId: number): void;
  /** How many testbed actors are live (a testbed at rest has none until it is next asked). */
  liveActors(): number;
}

/** A direct message a testbed asked for, with the testbed it is about. */
export type FleetNotification = Notification & { testbedId: number };

type TestbedActor = Actor<typeof testbedMachine>;

/** A request to a testbed actor before `ask` gives it its request id. */
type Asked = Extract<TestbedEvent, { requestId: string }>;
type TestbedRequest = Asked extends infer E ? (E extends Asked ? Omit<E, 'requestId'> : never) : never;
/** The emitted answers to a request (direct-message requests carry no request id). */
type Answered = Extract<TestbedEmitted, { requestId: string }>;
type AnswerType = Answered['type'];
type Answer<T extends AnswerType> = Extract<Answered, { type: T }>;

const bookingOutcome = (result: ClaimResult): BookingOutcome => (result.ok ? 'booked' : result.reason === 'unknown' ? 'unknown' : 'refused');

const isStoreCode = (error: unknown, code: string) => error instanceof StoreError && error.code === code;
/** One problem report per person and testbed in this long. */
const REPORT_GAP_MS = 10 * 60_000;
const releaseOutcome = (result: ReleaseResult): ReleaseOutcome => (result.ok ? 'released' : result.reason === 'unknown' ? 'unknown' : 'refused');

/** The request's result, counted by `outcomeOf`; a request that throws is counted as `failed`. */
async function counted<R, O extends string>(work: Promise<R>, count: (outcome: O | 'failed') => void, outcomeOf: (result: R) => O): Promise<R> {
  let result: R;
  try {
    result = await work;
  } catch (error) {
    count('failed');
    throw error;
  }
  count(outcomeOf(result));
  return result;
}

export function createTestbedFleet(deps: {
  store: Store;
  logger: Logger;
  inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void);
  /** Counts bookings and releases by outcome. */
  metrics?: Pick<AppMetrics, 'booking' | 'release'>;
  /** Reminder, overdue, hold and ask timings; defaults as documented. */
  timing?: LifecycleTiming;
  /** Posts a direct message; called only after the fact it reports is stored. */
  notify?: (notification: FleetNotification) => void;
  /** The clock the timers read (tests pin it with fake timers). */
  now?: () => Date;
  /** ADMINS: told in a direct message when somebody reports a problem with a testbed. */
  admins?: readonly string[];
  /** How many actors at rest stay live (the most recently rested) before the oldest is let go; default 64. */
  keepResting?: number;
  /** Who has this email on the platform (a hand-over names its colleague by email); absent: nobody is found. */
  findPerson?: (email: string) => Promise<Holder | undefined>;
}): TestbedFleet {
  const metrics = deps.metrics ?? silentAppMetrics;
  const clock = deps.now ?? (() => new Date());
  const actors = new Map<number, TestbedActor>();
  /** Live actors that came to rest (see `letRest`); past the 64 that rested last, one is stopped and forgotten. */
  const rested = new RecentlyRested<number, TestbedActor>(deps.keepResting ?? 64, isAtRest, (testbedId, actor) => {
    actors.delete(testbedId);
    actor.stop();
  });
  /** When each testbed was last freed (see the file comment); absent = since start-up. */
  const freeSince = new Map<number, string>();
  /** The admins a problem report goes to, each once. */
  const admins = [...new Set((deps.admins ?? []).map((email) => email.trim().toLowerCase()).filter((email) => email !== ''))];
  /**
   * When each person last reported a problem with each testbed (`email|id`), for the ten-minute gap. Filled from the
   * history's last ten minutes before the first report after a start, so a restart does not open the gap early.
   */
  const reportedAt = new Map<string, number>();
  let reportsRead: Promise<void> | undefined;
  const readRecentReports = async (now: string): Promise<void> => {
    const lines = await deps.store.history.readSince(new Date(Date.parse(now) - REPORT_GAP_MS).toISOString()).catch((error: unknown) => {
      deps.logger.warn({ err: error }, 'could not read the recent problem reports; the ten-minute gap starts afresh');
      return [];
    });
    for (const line of lines) {
      if (line.event !== 'problem_reported' || !line.by) continue;
      const key = `${line.by.email.toLowerCase()}|${line.testbed_id}`;
      reportedAt.set(key, Math.max(reportedAt.get(key) ?? 0, Date.parse(line.at)));
    }
  };
  const changeListeners = new Set<(testbedId: number) => void>();
  let startedAt = clock().toISOString();
  /**
   * Several instances on one database (PostgreSQL): a save fails with STORE_CONFLICT when another
   * instance changed the testbed first. Its actor is then rebuilt from the store (which already
   * holds the winner's record) and the request is answered again, once.
   */
  const conflicted = new Set<number>();
  /** Requests each actor is answering right now; a rebuild waits for them. */
  const answering = new Map<number, number>();
  /** Actors to rebuild once their current request is answered. */
  const stale = new Set<number>();
  let unsubscribeExternal: (() => void) | undefined;

  async function noticeConflict<T>(testbedId: number, save: Promise<T>): Promise<T> {
    try {
      return await save;
    } catch (error) {
      if (isStoreCode(error, 'STORE_CONFLICT')) {
        conflicted.add(testbedId);
        refresh(testbedId);
      }
      throw error;
    }
  }

  /** Replaces the actor with one built from the store's record (none when the testbed is gone). */
  function rebuild(testbedId: number): void {
    stale.delete(testbedId);
    const old = actors.get(testbedId);
    const freedAt = freeSince.get(testbedId);
    actors.delete(testbedId);
    old?.stop();
    if (freedAt !== undefined) freeSince.set(testbedId, freedAt);
    const record = deps.store.testbeds.get(testbedId);
    if (!record) {
      freeSince.delete(testbedId);
      return;
    }
    actors.set(testbedId, spawn(record));
  }

  function refresh(testbedId: number): void {
    if ((answering.get(testbedId) ?? 0) > 0) stale.add(testbedId);
    else rebuild(testbedId);
  }

  const logic = testbedMachine.provide({
    actors: {
      // The signal aborts when the actor stops: a write still waiting for its turn is then dropped,
      // so a claim the asker was told had failed never lands on disk afterwards.
      saveTestbed: fromPromise(async ({ input, signal }: { input: { record: TestbedRecord; history: HistoryEntry[] }; signal: AbortSignal }) =>
        noticeConflict(input.record.id, deps.store.testbeds.save(input.record, { signal, history: input.history })),
      ),
      saveLifecycle: fromPromise(async ({ input, signal }: { input: { entry: LifecycleEntry; history: HistoryEntry[] }; signal: AbortSignal }) =>
        noticeConflict(input.entry.testbed_id, deps.store.lifecycle.save(input.entry, { signal, history: input.history })),
      ),
      // The record leaves the document (the truth) first; its lifecycle entry goes after.
      retireTestbed: fromPromise(async ({ input, signal }: { input: { testbedId: number; at: string; history: HistoryEntry[] }; signal: AbortSignal }) => {
        const retired = await noticeConflict(input.testbedId, deps.store.testbeds.retire(input.testbedId, { at: input.at, history: input.history, signal }));
        await deps.store.lifecycle.save(emptyLifecycle(input.testbedId));
        return retired;
      }),
      waitUntil: createWaitUntil(deps.now),
    },
  });
  /** `wait any 5g` on top of the testbeds' own queues (`label-queues.ts`): each step is a request to one testbed. */
  const labelQueues = createLabelQueues({ store: deps.store, logger: deps.logger, isFree, lifecycle, notify: (to, notice, testbedId) => deps.notify?.({ to, notice, testbedId }) });
  /** Lifecycle requests of one testbed wait for each other, so two people joining a queue never meet "busy". */
  const lanes = new Lanes((error) => deps.logger.error({ err: error }, 'lifecycle request failed'));

  function spawn(record: TestbedRecord): TestbedActor {
    const key = keyOf(testbedKey(record.id));
    // The id is what the inspector shows (`testbed lab-3`); the key stays the systemId.
    const name = `testbed ${record.testbed_name}`;
    const input = { record, life: deps.store.lifecycle.get(record.id), timing: deps.timing };
    const actor = createActor(logic, { input, id: name, systemId: key, inspect: deps.inspect });
    actor.on('notify', (emitted) => {
      // A second offer to somebody who waited by label and is already offered one of that label: passed on unsent.
      if (emitted.notice.kind === 'offer' && labelQueues.passedOver(record.id, emitted.notice.offer, (deps.now?.() ?? new Date()).toISOString())) return;
      // A hold that ran out, or a testbed retired, on somebody waiting for any testbed (of a label): where they still wait.
      const byLabel = (emitted.notice.kind === 'holdLapsed' || emitted.notice.kind === 'retired') && emitted.notice.label !== undefined ? emitted.notice : undefined;
      const notice = byLabel?.label === undefined ? emitted.notice : { ...byLabel, stillWaiting: labelQueues.placesFor(emitted.to, byLabel.label) };
      deps.notify?.({ to: emitted.to, notice, testbedId: record.id });
    });
    let lastState: unknown;
    actor.subscribe({
      next: (snapshot) => {
        if (snapshot.value === lastState) return;
        lastState = snapshot.value;
        for (const listener of changeListeners) listener(record.id);
        // After the step that got it there has finished.
        if (snapshot.hasTag('resting')) queueMicrotask(() => letRest(record.id, actor));
      },
      error: (error) => {
        deps.logger.error({ err: error, key }, 'testbed actor failed; it is rebuilt from the store on the next request');
        if (actors.get(record.id) === actor) actors.delete(record.id);
      },
      // Retired (a final state): the record is gone from the store, so nothing rebuilds it. An actor
      // stopped here (rested, rebuilt, the fleet stopping) keeps the testbed's free-since time.
      complete: () => {
        if (actors.get(record.id) === actor) actors.delete(record.id);
        rested.forget(record.id, (kept) => kept === actor);
        if (actor.getSnapshot().status === 'done') freeSince.delete(record.id);
      },
    });
    // Starting notifies the subscriber above with the first state, so a testbed at rest is let go from there too.
    actor.start();
    return actor;
  }

  /**
   * Counts the testbed's actor among the rested when it is at rest and answering nothing (see the
   * file comment); called after it came to rest and after each request it answered.
   */
  function letRest(testbedId: number, actor: TestbedActor): void {
    if (isAtRest(testbedId, actor)) rested.rested(testbedId, actor);
  }

  function isAtRest(testbedId: number, actor: TestbedActor): boolean {
    if (actors.get(testbedId) !== actor || (answering.get(testbedId) ?? 0) > 0 || stale.has(testbedId)) return false;
    const snapshot = actor.getSnapshot();
    return snapshot.status === 'active' && snapshot.hasTag('resting');
  }

  function actorFor(testbedId: number): TestbedActor | undefined {
    const existing = actors.get(testbedId);
    if (existing) return existing;
    // A record the store knows but no actor yet (e.g. added while running): build it now.
    const record = deps.store.testbeds.get(testbedId);
    if (!record) return undefined;
    const actor = spawn(record);
    actors.set(testbedId, actor);
    return actor;
  }

  /**
   * Sends an event and resolves with the first emitted answer carrying the same
   * request id; rejects if the actor fails or stops before answering, so a
   * conversation never waits forever.
   */
  async function ask<T extends AnswerType>(actor: TestbedActor, request: TestbedRequest, answers: readonly T[]): Promise<Answer<T>> {
    const testbedId = actor.getSnapshot().context.record.id;
    answering.set(testbedId, (answering.get(testbedId) ?? 0) + 1);
    try {
      return await askOnce(actor, request, answers);
    } finally {
      const left = (answering.get(testbedId) ?? 1) - 1;
      if (left > 0) answering.set(testbedId, left);
      else {
        answering.delete(testbedId);
        if (stale.has(testbedId)) rebuild(testbedId);
        else letRest(testbedId, actor);
      }
    }
  }

  /**
   * `ask`, and when the save failed because another instance changed the testbed first, the same
   * request once more to the actor rebuilt from the store (so a lost race is answered "taken", with
   * the real holder, rather than "something went wrong").
   */
  async function askAgainOnConflict<T extends AnswerType>(testbedId: number, request: TestbedRequest, answers: readonly T[], failed: AnswerType): Promise<Answer<T> | undefined> {
    const actor = actorFor(testbedId);
    if (!actor) return undefined;
    const answer = await ask(actor, request, answers);
    if (answer.type !== failed || !conflicted.delete(testbedId)) return answer;
    if (actors.get(testbedId) === actor) rebuild(testbedId);
    const rebuilt = actorFor(testbedId);
    return rebuilt ? ask(rebuilt, request, answers) : undefined;
  }

  function askOnce<T extends AnswerType>(actor: TestbedActor, request: TestbedRequest, answers: readonly T[]): Promise<Answer<T>> {
    const requestId = randomUUID();
    const isAnswer = (emitted: TestbedEmitted): emitted is Answer<T> =>
      'requestId' in emitted && emitted.requestId === requestId && (answers as readonly string[]).includes(emitted.type);
    return new Promise<Answer<T>>((resolve, reject) => {
      const subscriptions: { unsubscribe(): void }[] = [];
      const finish = (settle: () => void) => {
        for (const subscription of subscriptions) subscription.unsubscribe();
        settle();
      };
      subscriptions.push(
        actor.on('*', (emitted) => {
          if (isAnswer(emitted)) finish(() => resolve(emitted));
        }),
      );
      subscriptions.push(
        actor.subscribe({
          error: () => finish(() => reject(new Error('the testbed could not take the request'))),
          complete: () => finish(() => reject(new Error('the testbed stopped before answering'))),
        }),
      );
      if (actor.getSnapshot().status !== 'active') {
        finish(() => reject(new Error('the testbed is not available right now')));
        return;
      }
      actor.send({ ...request, requestId });
    });
  }

  /**
   * Who a booking is for: who pressed, or the colleague it names (`forEmail`), as the platform has them now; null when
   * it no longer knows that email.
   */
  async function bookingFor(request: { holder: Holder; forEmail?: string }): Promise<{ holder: Holder; bookedBy?: Holder } | null> {
    if (request.forEmail === undefined || sameEmail(request.forEmail, request.holder.email)) return { holder: request.holder };
    const colleague = await deps.findPerson?.(request.forEmail);
    if (colleague === undefined) return null;
    // Their own profile email may be written differently: the booking is still the presser's own then.
    return sameEmail(colleague.email, request.holder.email) ? { holder: request.holder } : { holder: colleague, bookedBy: request.holder };
  }

  async function claim(request: ClaimTestbedInput): Promise<ClaimResult> {
    const whose = await bookingFor(request);
    if (whose === null) return { ok: false, reason: 'no_person' };
    return claimFor(request, whose.holder, whose.bookedBy);
  }

  async function claimFor(request: ClaimTestbedInput, holder: Holder, bookedBy: Holder | undefined): Promise<ClaimResult> {
    // What the holder waited for it with (an offer or a place taken by label or among named testbeds), read before the
    // booking ends them: their other places taken so go too, even when the testbed has since been renamed.
    const before = deps.store.lifecycle.get(request.testbedId);
    const waitedWith = [before.offer, ...before.queue].flatMap((person) => (person !== null && person.label !== undefined && sameEmail(person.email, holder.email) ? [person.label] : []));
    const answer = await askAgainOnConflict(
      request.testbedId,
      {
        type: 'registration.requested',
        holder,
        ...(bookedBy === undefined ? {} : { bookedBy }),
        purpose: request.purpose,
        expectedRelease: request.expectedRelease,
        now: request.now,
        offerOnly: request.offerOnly === true,
        ...(request.via ? { via: request.via } : {}),
      },
      ['registration.succeeded', 'registration.refused', 'registration.failed'],
      'registration.failed',
    );
    if (!answer) return { ok: false, reason: 'unknown' };
    if (answer.type === 'registration.succeeded') {
      freeSince.delete(request.testbedId);
      await labelQueues.booked(holder, answer.record, request.now, waitedWith);
      return { ok: true, record: answer.record };
    }
    if (answer.type === 'registration.refused') {
      return answer.reason === 'held'
        ? { ok: false, reason: 'held', record: answer.record, offer: answer.offer ?? null }
        : { ok: false, reason: answer.reason, record: answer.record };
    }
    throw new Error(answer.message ?? 'the booking could not be saved');
  }

  async function release(request: ReleaseTestbedInput): Promise<ReleaseResult> {
    const answer = await askAgainOnConflict(
      request.testbedId,
      { type: 'release.requested', by: request.by, now: request.now, holderOnly: request.holderOnly === true, ...(request.expired ? { expired: true } : {}) },
      ['release.succeeded', 'release.refused', 'release.failed'],
      'release.failed',
    );
    if (!answer) return { ok: false, reason: 'unknown' };
    if (answer.type === 'release.succeeded') {
      freeSince.set(request.testbedId, request.now);
      return { ok: true, record: answer.record, previous: answer.previous, ...(answer.next ? { next: answer.next } : {}) };
    }
    if (answer.type === 'release.refused') return { ok: false, reason: answer.reason, record: answer.record };
    throw new Error(answer.message ?? 'the release could not be saved');
  }

  /** The testbed machine's event for a lifecycle request about one testbed. */
  function lifecycleEvent(
    request: Exclude<LifecycleRequest, { type: 'releaseAll' | 'extendAll' | 'handOverAll' | 'waitLabel' | 'unwaitLabel' | 'handOver' | 'reportProblem' | 'switch' }>,
    by: Holder,
    now: string,
  ): TestbedRequest {
    switch (request.type) {
      case 'extend':
        return { type: 'extend.requested', by, now, ...('until' in request ? { until: request.until } : { minutes: request.minutes }) };
      case 'repurpose':
        return { type: 'purpose.requested', by, now, purpose: request.purpose };
      case 'doneBy':
        return { type: 'doneBy.requested', by, now, until: request.until };
      case 'wait':
        return { type: 'wait.requested', by, now, ...(request.label === undefined ? {} : { label: request.label }), ...(request.offerIfFree ? { offerIfFree: true as const } : {}) };
      case 'unwait':
        return { type: 'unwait.requested', by, now };
      case 'decline':
        return { type: 'offer.declined', by, now };
      case 'ask':
        return { type: 'ask.requested', by, now };
      case 'keep':
        return { type: 'ask.kept', by, now };
    }
  }

  async function lifecycle({ request, by, now }: RunLifecycleInput): Promise<LifecycleOutcome> {
    if (request.type === 'releaseAll') return releaseAll(by, now, request.testbedIds);
    if (request.type === 'extendAll') return extendAll(request, by, now);
    if (request.type === 'handOverAll') return handOverAll(request.toEmail, by, now);
    if (request.type === 'waitLabel') return labelQueues.wait(request.label, by, now);
    if (request.type === 'unwaitLabel') return labelQueues.stopWaiting(request.label, by, now);
    if (request.type === 'reportProblem') return reportProblem(request.testbedId, request.text, by, now, request.holderOnly === true, request.fixed === true);
    if (request.type === 'switch') return switchBooking(request, by, now);
    const testbedId = request.testbedId;
    // A hand-over names its colleague by email: who that is, the platform says (before the testbed's lane).
    let event: TestbedRequest;
    if (request.type === 'handOver') {
      const to = await deps.findPerson?.(request.toEmail);
      if (to === undefined) return { type: 'refused', reason: 'no_person', record: deps.store.testbeds.get(testbedId) ?? undefined };
      event = { type: 'handOver.requested', by, now, to, ...(request.holderEmail === undefined ? {} : { holderEmail: request.holderEmail }) };
    } else {
      event = lifecycleEvent(request, by, now);
    }
    const outcome = await lanes.run(String(testbedId), async (): Promise<LifecycleOutcome> => {
      const answer = await askAgainOnConflict(testbedId, event, ['request.answered', 'request.failed'], 'request.failed');
      if (!answer) return { type: 'refused', reason: 'unknown' };
      if (answer.type === 'request.answered') return answer.outcome;
      throw new Error(answer.message);
    });
    // Handed a testbed of a label they waited for (`wait any 5g`): as after a booking, their other places go.
    if (outcome.type === 'handedOver' && event.type === 'handOver.requested') await labelQueues.booked(event.to, outcome.record, now);
    // An offer passed on that came from waiting for any testbed (of a label): the answer says where they still wait.
    if (outcome.type === 'declined' && outcome.label !== undefined) return { ...outcome, stillWaiting: { label: outcome.label, names: labelQueues.placesFor(by.email, outcome.label) } };
    return outcome;
  }

  /**
   * Something is wrong with a testbed: a `problem_reported` history line (in its lane, after its other changes),
   * then a direct message to each of the lab's admins and to its holder (unless that is the reporter). One report
   * per person and testbed in ten minutes, so a room cannot flood the admins. `holderOnly` (a 1:1 room that is not
   * approved): only the holder may report it.
   */
  async function reportProblem(testbedId: number, text: string, by: Holder, now: string, holderOnly: boolean, fixed = false): Promise<LifecycleOutcome> {
    // From a 1:1 room that is not approved, only about a testbed they hold (anybody on the platform may write there).
    const asked = deps.store.testbeds.get(testbedId);
    if (holderOnly && asked && !(asked.status === 'in_use' && sameEmail(asked.user_email, by.email))) return { type: 'refused', reason: 'not_holder', record: asked };
    // News that it works again is news only while it is under maintenance (an admin may have ended it meanwhile).
    if (fixed && asked && !asked.maintenance) return { type: 'refused', reason: 'in_service', record: asked };
    await (reportsRead ??= readRecentReports(now));
    const key = `${by.email.toLowerCase()}|${testbedId}${fixed ? '|fixed' : ''}`;
    const last = reportedAt.get(key);
    const nowMs = Date.parse(now);
    if (last !== undefined && nowMs - last < REPORT_GAP_MS) {
      return { type: 'refused', reason: fixed ? 'told_recently' : 'reported_recently', record: deps.store.testbeds.get(testbedId) ?? undefined, until: new Date(last + REPORT_GAP_MS).toISOString() };
    }
    // Taken before the write, so two presses at once are one report.
    for (const [stale, at] of reportedAt) if (nowMs - at >= REPORT_GAP_MS) reportedAt.delete(stale);
    reportedAt.set(key, nowMs);
    // A problem is kept in the history (`problems` lists it); news that it works again only goes to the admins.
    const record = await lanes
      .run(String(testbedId), async () => {
        const current = deps.store.testbeds.get(testbedId);
        if (current && !fixed) await deps.store.history.append([historyLine('problem_reported', current, now, by, { text })]);
        return current;
      })
      .catch((error: unknown) => {
        reportedAt.delete(key);
        throw error;
      });
    if (!record) {
      reportedAt.delete(key);
      return { type: 'refused', reason: 'unknown' };
    }
    const told = { kind: 'problem' as const, record, reporter: by, text, adminsTold: admins.length > 0, ...(fixed ? { fixed: true as const } : {}) };
    for (const admin of admins) deps.notify?.({ to: admin, notice: { ...told, asAdmin: true }, testbedId });
    if (fixed) return { type: 'problemReported', record, admins: admins.length, holderTold: false, fixed: true };
    // The holder hears of it too (once: an admin holding it has the admins' message already).
    const holder = record.status === 'in_use' && record.user_email && !sameEmail(record.user_email, by.email) ? record.user_email : undefined;
    if (holder && !admins.includes(holder.toLowerCase())) deps.notify?.({ to: holder, notice: { ...told, asAdmin: false }, testbedId });
    // Their own booking is on a broken testbed: one that works, to move it to with one press.
    const switchTo = record.status === 'in_use' && sameEmail(record.user_email, by.email) ? standIn(record) : undefined;
    return { type: 'problemReported', record, admins: admins.length, holderTold: holder !== undefined, ...(switchTo ? { switchTo } : {}) };
  }

  /**
   * Moves the person's booking of `fromId` to `toId`: `toId` is booked first, with the booking's purpose and expected
   * release (or those typed with the switch), and only then `fromId` released (to whoever waits for it), so a refused booking changes nothing and a
   * stop in between leaves them holding both, never neither.
   */
  async function switchBooking(request: Extract<LifecycleRequest, { type: 'switch' }>, by: Holder, now: string): Promise<LifecycleOutcome> {
    const { testbedId: fromId, toTestbedId: toId, until } = request;
    const from = deps.store.testbeds.get(fromId);
    if (!from) return { type: 'refused', reason: 'unknown' };
    if (from.status !== 'in_use' || !sameEmail(from.user_email, by.email)) return { type: 'refused', reason: 'not_holder', record: from };
    if (fromId === toId) return { type: 'refused', reason: 'yours', record: from };
    // A time typed with the switch: still ahead, and within the 90 days any booking may run.
    if (until !== undefined && Date.parse(until) <= Date.parse(now)) return { type: 'refused', reason: 'passed', record: from };
    if (until !== undefined && Date.parse(until) - Date.parse(now) > MAX_AHEAD_MS) return { type: 'refused', reason: 'too_far', record: from };
    // A booking always has its expected release; an hour from now stands in should a record lack one.
    const expectedRelease = until ?? from.expected_release_time ?? new Date(Date.parse(now) + 3_600_000).toISOString();
    const purpose = request.purpose ?? from.purpose ?? '';
    const claimed = await counted(claim({ testbedId: toId, holder: by, purpose, expectedRelease, now }), (outcome) => metrics.booking(outcome), bookingOutcome);
    if (!claimed.ok) {
      const reason = claimed.reason === 'taken' || claimed.reason === 'held' || claimed.reason === 'maintenance' ? claimed.reason : 'unknown';
      return { type: 'switchRefused', from, reason, ...(claimed.record ? { record: claimed.record } : {}) };
    }
    const released = await counted(release({ testbedId: fromId, by, now, holderOnly: true }), (outcome) => metrics.release(outcome), releaseOutcome).catch((error: unknown) => {
      deps.logger.error({ err: error, testbedId: fromId }, 'switched booking: the old testbed could not be released; its holder holds both');
      return null;
    });
    if (released === null || !released.ok) return { type: 'switched', record: claimed.record, previous: from, kept: true };
    return { type: 'switched', record: claimed.record, previous: released.previous, ...(released.next ? { handedTo: released.next.name } : {}) };
  }

  /** The testbeds the person with that email holds, as they are now. */
  function heldBy(email: string): TestbedRecord[] {
    return deps.store.testbeds.all().filter((record) => record.status === 'in_use' && sameEmail(record.user_email, email));
  }

  /**
   * Extends every testbed the person holds, one after another, each as its own `extend` (in its lane, told to whoever
   * waits first for it); the answer lists what was extended and why the others were not.
   */
  async function extendAll(request: Extract<LifecycleRequest, { type: 'extendAll' }>, by: Holder, now: string): Promise<LifecycleOutcome> {
    const extension = 'until' in request ? { until: request.until } : { minutes: request.minutes };
    const extended: TestbedRecord[] = [];
    const refused: Array<Extract<LifecycleOutcome, { type: 'refused' }>> = [];
    for (const record of heldBy(by.email)) {
      const outcome = await lifecycle({ request: { type: 'extend', testbedId: record.id, ...extension }, by, now });
      if (outcome.type === 'extended') extended.push(outcome.record);
      else if (outcome.type === 'refused') refused.push({ ...outcome, record: outcome.record ?? record });
    }
    return { type: 'extendedAll', records: extended, refused };
  }

  /**
   * Hands every testbed the person holds to the colleague with that email, one after another, each as its own hand-over
   * (the colleague told of each); the answer lists what was handed over and why the others were not.
   */
  async function handOverAll(toEmail: string, by: Holder, now: string): Promise<LifecycleOutcome> {
    const handed: TestbedRecord[] = [];
    const refused: Array<Extract<LifecycleOutcome, { type: 'refused' }>> = [];
    for (const record of heldBy(by.email)) {
      const outcome = await lifecycle({ request: { type: 'handOver', testbedId: record.id, toEmail }, by, now });
      if (outcome.type === 'handedOver') handed.push(outcome.record);
      else if (outcome.type === 'refused') refused.push({ ...outcome, record: outcome.record ?? record });
      // Nobody has that email: the same for every booking, so asked once.
      if (outcome.type === 'refused' && outcome.reason === 'no_person') break;
    }
    return { type: 'handedOverAll', records: handed, refused };
  }

  /** Releases every testbed the person holds (or those of them among `only`), one after another; the answer lists what was released. */
  async function releaseAll(by: Holder, now: string, only?: readonly number[]): Promise<LifecycleOutcome> {
    const mine = heldBy(by.email).filter((record) => only === undefined || only.includes(record.id));
    const released: TestbedRecord[] = [];
    const handedOn: Record<string, string> = {};
    for (const record of mine) {
      const result = await counted(release({ testbedId: record.id, by, now, holderOnly: true }), (outcome) => metrics.release(outcome), releaseOutcome);
      if (!result.ok) continue;
      released.push(result.previous);
      if (result.next) handedOn[record.id] = result.next.name;
    }
    return Object.keys(handedOn).length > 0 ? { type: 'releasedAll', records: released, handedOn } : { type: 'releasedAll', records: released };
  }

  /** A testbed free for anyone to stand in for `broken`: one sharing one of its labels first, then by name. */
  function standIn(broken: TestbedRecord): TestbedRecord | undefined {
    const [testbeds, life] = [deps.store.testbeds.snapshot(), deps.store.lifecycle.snapshot()];
    const shares = (record: TestbedRecord) => (broken.labels ?? []).some((label) => hasLabel(record, label));
    return firstFreeForAnyone(testbeds, life, shares) ?? firstFreeForAnyone(testbeds, life);
  }

  /** Free for anyone right now: not in use, not under maintenance, nobody offered it or waiting for it. */
  function isFree(record: TestbedRecord): boolean {
    if (record.status !== 'available' || record.maintenance) return false;
    const life = deps.store.lifecycle.get(record.id);
    return life.offer === null && life.queue.length === 0;
  }

  async function claimAny(request: ClaimAnyInput): Promise<ClaimResult> {
    const since = (id: number) => freeSince.get(id) ?? startedAt;
    const candidates = deps.store.testbeds
      .all()
      .filter((record) => isFree(record) && hasLabel(record, request.label))
      .sort((a, b) => compareInstants(since(a.id), since(b.id)) || a.id - b.id);
    // Whom it is for is asked once, before any testbed is tried.
    const whose = candidates.length === 0 ? { holder: request.holder } : await bookingFor(request);
    if (whose === null) return { ok: false, reason: 'no_person' };
    for (const candidate of candidates) {
      const { label: _label, forEmail: _for, ...rest } = request;
      const result = await claimFor({ ...rest, testbedId: candidate.id }, whose.holder, whose.bookedBy);
      // Taken, held or out of service meanwhile (a race): try the next one.
      if (result.ok) return result;
    }
    return { ok: false, reason: 'none_free' };
  }

  async function admin({ request, by, now }: RunAdminInput): Promise<AdminOutcome> {
    if (request.type === 'handOver') return handOverFor(request, by, now);
    if (request.type === 'extendAll') return extendAllFor(request, by, now);
    const outcome = request.type === 'add' ? await addTestbed(request, by, now) : await changeTestbed(request, by, now);
    // People waiting for any testbed of a label it gained queue for it too (outside its lane: each is a request to it).
    const told = (waiters: LabelWaiters) => (waiters.queued > 0 || waiters.offeredTo !== undefined || (waiters.left ?? 0) > 0 ? { waiters } : {});
    // A new testbed is one more for those waiting for any testbed at all, too.
    if (outcome.type === 'added') return { ...outcome, ...told(await labelQueues.gained(outcome.record, [...(outcome.record.labels ?? []), ANY_TESTBED_LABEL], now)) };
    if (outcome.type === 'edited' && outcome.changed) {
      const gained = (outcome.record.labels ?? []).filter((label) => !outcome.previous.labels.some((before) => sameLabel(before, label)));
      const lost = outcome.previous.labels.filter((label) => !(outcome.record.labels ?? []).some((after) => sameLabel(after, label)));
      const left = lost.length > 0 ? await labelQueues.lost(outcome.record, lost, now) : 0;
      const waiters = await labelQueues.gained(outcome.record, gained, now);
      return { ...outcome, ...told(left > 0 ? { ...waiters, left } : waiters) };
    }
    return outcome;
  }

  /**
   * An admin extends every booking one person holds, one after another, each as the admin's extension of it (in its
   * lane, the holder told of each); the answer lists what was extended and why the others were not.
   */
  async function extendAllFor(request: Extract<RunAdminInput['request'], { type: 'extendAll' }>, by: Holder, now: string): Promise<AdminOutcome> {
    const extension = 'until' in request ? { until: request.until } : { minutes: request.minutes };
    const theirs = heldBy(request.holderEmail);
    if (theirs.length === 0) return { type: 'refused', reason: 'changed_hands' };
    const extended: Array<{ record: TestbedRecord; previousRelease: string }> = [];
    const refused: Array<{ record: TestbedRecord; reason: AdminRefusal }> = [];
    for (const record of theirs) {
      const outcome = await changeTestbed({ type: 'extend', testbedId: record.id, holderEmail: request.holderEmail, ...extension }, by, now);
      if (outcome.type === 'extended') extended.push({ record: outcome.record, previousRelease: outcome.previousRelease });
      else if (outcome.type === 'refused') refused.push({ record: outcome.record ?? record, reason: outcome.reason });
    }
    return { type: 'extendedAll', extended, refused };
  }

  /** An admin hands somebody's booking to a colleague: the holder's own hand-over, in the admin's name, the holder told too. */
  async function handOverFor(request: Extract<RunAdminInput['request'], { type: 'handOver' }>, by: Holder, now: string): Promise<AdminOutcome> {
    const outcome = await lifecycle({ request: { type: 'handOver', testbedId: request.testbedId, toEmail: request.toEmail, holderEmail: request.holderEmail }, by, now });
    if (outcome.type === 'handedOver') return { type: 'handedOver', record: outcome.record, previous: outcome.previous };
    if (outcome.type !== 'refused') throw new Error(`unexpected answer to a hand-over: ${outcome.type}`);
    const reasons: Partial<Record<typeof outcome.reason, AdminRefusal>> = { no_person: 'no_person', yours: 'already_theirs', busy: 'busy', unknown: 'unknown' };
    return { type: 'refused', reason: reasons[outcome.reason] ?? 'changed_hands', ...(outcome.record ? { record: outcome.record } : {}) };
  }

  async function changeTestbed(request: Exclude<RunAdminInput['request'], { type: 'add' | 'handOver' | 'extendAll' }>, by: Holder, now: string): Promise<AdminOutcome> {
    const testbedId = request.testbedId;
    return lanes.run(String(testbedId), async (): Promise<AdminOutcome> => {
      const actor = actorFor(testbedId);
      if (!actor) return { type: 'refused', reason: 'unknown' };
      const current = actor.getSnapshot().context.record;
      if (request.type === 'rename' && nameTakenByOther(request.name, testbedId)) return { type: 'refused', reason: 'name_taken', record: current };
      if (request.type === 'edit' && sameDetails(current, request)) {
        return { type: 'edited', record: current, previous: { labels: [...(current.labels ?? [])], description: current.description ?? null }, changed: false };
      }
      const running = current.maintenance;
      if (request.type === 'maintenanceStart' && running && running.reason === request.reason.trim() && running.until === request.until) {
        return { type: 'maintenanceChanged', record: current, previous: running, changed: false };
      }
      const answer = await askAgainOnConflict(testbedId, adminEvent(request, by, now), ['admin.answered', 'admin.failed'], 'admin.failed');
      if (!answer) return { type: 'refused', reason: 'unknown' };
      if (answer.type === 'admin.failed') {
        if (answer.code === 'STORE_NAME_TAKEN') return { type: 'refused', reason: 'name_taken', record: current };
        throw new Error(answer.message);
      }
      const outcome = answer.outcome;
      if (outcome.type === 'forceReleased' || outcome.type === 'maintenanceEnded') freeSince.set(testbedId, now);
      return outcome;
    });
  }

  /** The labels (in order, as written) and the description the testbed has already. */
  function sameDetails(record: TestbedRecord, request: { labels: readonly string[]; description: string | null }): boolean {
    const labels = record.labels ?? [];
    const description = request.description === null ? null : request.description.trim();
    return labels.length === request.labels.length && labels.every((label, i) => label === request.labels[i]) && (record.description ?? null) === description;
  }

  function nameTakenByOther(name: string, id: number | null): boolean {
    return deps.store.testbeds.all().some((record) => record.id !== id && sameName(record.testbed_name, name));
  }

  /** The testbed machine's event for an admin request about one testbed. */
  function adminEvent(request: Exclude<RunAdminInput['request'], { type: 'add' | 'handOver' | 'extendAll' }>, by: Holder, now: string): TestbedRequest {
    switch (request.type) {
      case 'rename':
        return { type: 'rename.requested', by, now, name: request.name.trim() };
      case 'edit':
        return { type: 'edit.requested', by, now, labels: request.labels, description: request.description === null ? null : request.description.trim() };
      case 'retire':
        return { type: 'retire.requested', by, now };
      case 'maintenanceStart':
        return { type: 'maintenanceStart.requested', by, now, reason: request.reason.trim(), until: request.until };
      case 'maintenanceEnd':
        return { type: 'maintenanceEnd.requested', by, now };
      case 'forceRelease':
        return { type: 'forceRelease.requested', by, now, reason: request.reason.trim() };
      case 'extend':
        return { type: 'adminExtend.requested', by, now, holderEmail: request.holderEmail, ...('until' in request ? { until: request.until } : { minutes: request.minutes }) };
    }
  }

  async function addTestbed(request: Extract<RunAdminInput['request'], { type: 'add' }>, by: Holder, now: string): Promise<AdminOutcome> {
    const name = request.name.trim();
    if (nameTakenByOther(name, null)) return { type: 'refused', reason: 'name_taken' };
    let record: TestbedRecord;
    try {
      record = await deps.store.testbeds.add(
        {
          testbed_name: name,
          ...(request.labels.length > 0 ? { labels: request.labels } : {}),
          ...(request.description ? { description: request.description } : {}),
        },
        {
          history: (added) => [historyLine('added', added, now, by, { labels: added.labels ?? [], description: added.description ?? null })],
        },
      );
    } catch (error) {
      if (isStoreCode(error, 'STORE_NAME_TAKEN')) return { type: 'refused', reason: 'name_taken' };
      throw error;
    }
    actors.set(record.id, spawn(record));
    freeSince.set(record.id, now);
    return { type: 'added', record };
  }

  return {
    lifecycle,
    claimAny: (request) => counted(claimAny(request), (outcome) => metrics.booking(outcome), bookingOutcome),
    admin,
    freeSince: (testbedId) => freeSince.get(testbedId) ?? startedAt,
    onChange(listener) {
      changeListeners.add(listener);
      return () => changeListeners.delete(listener);
    },
    refresh,
    liveActors: () => actors.size,
    start() {
      startedAt = clock().toISOString();
      for (const record of deps.store.testbeds.all()) actors.set(record.id, spawn(record));
      // Another instance changed a testbed (PostgreSQL): its actor is rebuilt from the new record.
      unsubscribeExternal = deps.store.onExternalChange((change) => {
        if (change.kind === 'testbed' || change.kind === 'lifecycle') refresh(change.testbedId);
        else if (change.kind === 'everything') {
          for (const id of new Set([...actors.keys(), ...deps.store.testbeds.all().map((record) => record.id)])) refresh(id);
        }
      });
    },
    stop() {
      unsubscribeExternal?.();
      unsubscribeExternal = undefined;
      for (const actor of actors.values()) actor.stop();
      actors.clear();
      rested.clear();
    },
    claim: (request) => counted(claim(request), (outcome) => metrics.booking(outcome), bookingOutcome),
    release: (request) => counted(release(request), (outcome) => metrics.release(outcome), releaseOutcome),
  };
}
