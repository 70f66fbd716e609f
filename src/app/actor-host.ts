/**
 * Finds or creates actors by key. One actor per key; an actor that reaches a
 * final state (or fails) is forgotten, so memory does not grow with the number
 * of people who ever spoke. Events for one key are handled in arrival order
 * (the actor's own mailbox); different keys run independently.
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

export interface ActorHostOptions<K extends ActorKey> {
  logger: Logger;
  /** Inspection observer handed to every actor (INSPECT=1 / tests). */
  inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void);
  /** A readable name for the inspector (the actor id); the key's string form stays the systemId. */
  nameOf?: (key: K) => string | undefined;
  /** Called when an actor fails; the host has already forgotten it. */
  onActorError?: (key: K, error: unknown) => void;
}

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

  constructor(private readonly options: ActorHostOptions<K>) {}

  get(key: K): AnyActorRef | undefined {
    return this.actors.get(keyOf(key));
  }

  has(key: K): boolean {
    return this.actors.has(keyOf(key));
  }

  size(): number {
    return this.actors.size;
  }

  /** The live actor for `key`, or a new one from `spec` (called only when there is none). */
  getOrCreate(key: K, spec: () => SpawnSpec<AnyActorLogic>): AnyActorRef {
    const id = keyOf(key);
    const existing = this.actors.get(id);
    if (existing) return existing;
    return this.create(key, id, spec());
  }

  private create(key: K, id: string, { logic, input, wire }: SpawnSpec<AnyActorLogic>): AnyActorRef {
    const actor = createActor(logic, { input, id: this.options.nameOf?.(key) ?? id, systemId: id, inspect: this.options.inspect });
    // The key goes on each line as a field: a child logger per actor would cost more than the lines it writes.
    const { logger } = this.options;
    this.actors.set(id, actor);
    actor.subscribe({
      next: (snapshot: { status: string }) => {
        if (snapshot.status === 'done') this.forget(id, actor);
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

  /** Sends to an existing actor only; returns false when there is none. */
  sendIfExists(key: K, event: { type: string }): boolean {
    const actor = this.actors.get(keyOf(key));
    if (!actor) return false;
    actor.send(event);
    return true;
  }

  stopAll(): void {
    for (const [key, actor] of this.actors) {
      this.actors.delete(key);
      actor.stop();
    }
  }

  private forget(id: string, actor: AnyActorRef): void {
    if (this.actors.get(id) === actor) this.actors.delete(id);
  }
}
