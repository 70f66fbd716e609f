/**
 * Finds or creates actors by key. One actor per key; an actor that reaches a
 * final state (or fails) is forgotten, so memory does not grow with the number
 * of people who ever spoke. Events for one key are handled in arrival order
 * (the actor's own mailbox); different keys run independently.
 *
 * An actor that settles in a state tagged `resting` (its machine promises that a
 * fresh actor would answer every event there the same way) is stopped too; only
 * its key and the end of its time-out are kept. A later event for that key gets a
 * fresh actor, and `has()` still reports it, so a cancel reaches it as before. Ten
 * thousand people looking at a menu then cost a map entry each, not an actor.
 *
 * The most recently rested actors (`keepResting` of them) stay live a while longer: a person's next
 * click usually comes soon, and it then finds its actor instead of paying for a new one. Past that
 * number, the one that rested longest ago is dropped as above.
 */
import {
  createActor,
  type ActorRefFrom,
  type AnyActorLogic,
  type AnyActorRef,
  type InputFrom,
  type InspectionEvent,
  type Observer,
} from 'xstate';
import type { Logger } from 'pino';
import { keyOf, type ActorKey } from './actor-key.js';
import { RecentlyRested } from './recently-rested.js';

export interface ActorHostOptions<K extends ActorKey> {
  logger: Logger;
  /** Inspection observer handed to every actor (INSPECT=1 / tests). */
  inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void);
  /** A readable name for the inspector (the actor id); the key's string form stays the systemId. */
  nameOf?: (key: K) => string | undefined;
  /** Called when an actor fails; the host has already forgotten it. */
  onActorError?: (key: K, error: unknown) => void;
  /** How long a resting conversation still counts as open (its machine's time-out); 0 = never rest. */
  restMs?: number;
  /** How many resting actors stay live (the most recently rested ones) before being dropped; 0 = drop at once. */
  keepResting?: number;
  /** The clock for rest deadlines (tests pin it with fake timers). */
  now?: () => number;
}

const SWEEP_EVERY_MS = 60_000;

/** How to build one actor: its logic, the input that logic takes, and its wiring. */
export interface SpawnSpec<TLogic extends AnyActorLogic> {
  logic: TLogic;
  input: InputFrom<TLogic>;
  /** Wire emitted events (say.*) before the actor starts. */
  wire?(actor: ActorRefFrom<TLogic>): void;
}

export class ActorHost<K extends ActorKey = ActorKey> {
  /** By the key's string form. */
  private readonly actors = new Map<string, AnyActorRef>();
  /** Keys of stopped resting actors → when their time-out ends (ms). */
  private readonly resting = new Map<string, number>();
  /** Resting actors still live, with when their time-out ends (ms). */
  private readonly kept: RecentlyRested<string, { actor: AnyActorRef; until: number }>;
  private nextSweep = 0;
  private readonly now: () => number;

  constructor(private readonly options: ActorHostOptions<K>) {
    this.now = options.now ?? Date.now;
    this.kept = new RecentlyRested(
      options.keepResting ?? 0,
      (id, entry) => this.stillResting(id, entry.actor),
      (id, entry) => this.drop(id, entry.actor, entry.until),
    );
  }

  get(key: K): AnyActorRef | undefined {
    return this.actors.get(keyOf(key));
  }

  /** True while the key has a live actor or a resting one whose time-out has not ended. */
  has(key: K): boolean {
    const id = keyOf(key);
    return this.actors.has(id) || this.isResting(id);
  }

  /** Live actors plus resting ones whose time-out has not ended. */
  size(): number {
    this.sweep(true);
    return this.actors.size + this.resting.size;
  }

  /** Actors held in memory right now (resting ones excluded). */
  liveSize(): number {
    return this.actors.size;
  }

  /** The live actor for `key`, or a new one from `spec` (called only when there is none). */
  getOrCreate(key: K, spec: () => SpawnSpec<AnyActorLogic>): AnyActorRef {
    const id = keyOf(key);
    const existing = this.actors.get(id);
    if (existing) return existing;
    this.resting.delete(id);
    return this.create(key, id, spec());
  }

  private isResting(id: string): boolean {
    const until = this.resting.get(id);
    if (until === undefined) return false;
    if (until > this.now()) return true;
    this.resting.delete(id);
    return false;
  }

  /** Drops resting keys whose time-out ended; at most once a minute unless `force`. */
  private sweep(force = false): void {
    const now = this.now();
    if (!force && now < this.nextSweep) return;
    this.nextSweep = now + SWEEP_EVERY_MS;
    for (const [id, until] of this.resting) if (until <= now) this.resting.delete(id);
  }

  /**
   * An actor settled in a `resting` state: it is kept live among the most recently rested, or
   * stopped with only its key kept until its time-out ends.
   */
  private rest(id: string, actor: AnyActorRef): void {
    const restMs = this.options.restMs ?? 0;
    if (restMs <= 0 || !this.stillResting(id, actor)) return;
    this.kept.rested(id, { actor, until: this.now() + restMs });
  }

  private stillResting(id: string, actor: AnyActorRef): boolean {
    if (this.actors.get(id) !== actor) return false;
    const snapshot = actor.getSnapshot() as { status: string; hasTag?: (tag: string) => boolean };
    return snapshot.status === 'active' && snapshot.hasTag?.('resting') === true;
  }

  /** Stops a resting actor, keeping its key until its time-out ends. */
  private drop(id: string, actor: AnyActorRef, until: number): void {
    this.actors.delete(id);
    actor.stop();
    this.sweep();
    this.resting.set(id, until);
  }

  private create(key: K, id: string, { logic, input, wire }: SpawnSpec<AnyActorLogic>): AnyActorRef {
    const actor = createActor(logic, { input, id: this.options.nameOf?.(key) ?? id, systemId: id, inspect: this.options.inspect });
    // The key goes on each line as a field: a child logger per actor would cost more than the lines it writes.
    const { logger } = this.options;
    this.actors.set(id, actor);
    actor.subscribe({
      next: (snapshot: { status: string; hasTag?: (tag: string) => boolean }) => {
        if (snapshot.status === 'done') this.forget(id, actor);
        // After the step that got it there has finished (its emitted replies are already queued).
        else if (snapshot.hasTag?.('resting')) queueMicrotask(() => this.rest(id, actor));
      },
      error: (error: unknown) => {
        logger.error({ key: id, err: error }, 'actor failed');
        this.forget(id, actor);
        this.options.onActorError?.(key, error);
      },
    });
    wire?.(actor);
    actor.start();
    if (actor.getSnapshot().status === 'done') this.forget(id, actor);
    logger.debug({ key: id }, 'actor started');
    return actor;
  }

  stopAll(): void {
    this.resting.clear();
    this.kept.clear();
    for (const [key, actor] of this.actors) {
      this.actors.delete(key);
      actor.stop();
    }
  }

  private forget(id: string, actor: AnyActorRef): void {
    if (this.actors.get(id) === actor) this.actors.delete(id);
    this.kept.forget(id, (entry) => entry.actor === actor);
  }
}
