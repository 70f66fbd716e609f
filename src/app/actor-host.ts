/**
 * Finds or creates actors by key. One actor per key; an actor that reaches a
 * final state (or fails) is forgotten, so memory does not grow with the number
 * of people who ever spoke. Events for one key are handled in arrival order
 * (the actor's own mailbox); different keys run independently.
 */
import { createActor, type AnyActorLogic, type AnyActorRef, type InspectionEvent, type Observer } from 'xstate';
import type { Logger } from 'pino';

export interface ActorHostOptions {
  logger: Logger;
  /** Inspection observer handed to every actor (INSPECT=1 / tests). */
  inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void);
  /** A readable name for the inspector (the actor id); the key stays the systemId. */
  nameOf?: (key: string) => string | undefined;
  /** Called when an actor fails; the host has already forgotten it. */
  onActorError?: (key: string, error: unknown) => void;
}

export interface SpawnSpec<TLogic extends AnyActorLogic> {
  logic: TLogic;
  input: unknown;
  /** Wire emitted events (say.*) before the actor starts. */
  wire?: (actor: AnyActorRef, key: string) => void;
}

export class ActorHost {
  private readonly actors = new Map<string, AnyActorRef>();

  constructor(private readonly options: ActorHostOptions) {}

  get(key: string): AnyActorRef | undefined {
    return this.actors.get(key);
  }

  has(key: string): boolean {
    return this.actors.has(key);
  }

  size(): number {
    return this.actors.size;
  }

  keys(): string[] {
    return [...this.actors.keys()];
  }

  getOrCreate<TLogic extends AnyActorLogic>(key: string, spec: () => SpawnSpec<TLogic>): AnyActorRef {
    const existing = this.actors.get(key);
    if (existing) return existing;
    const { logic, input, wire } = spec();
    const actor = createActor(logic, {
      input,
      id: this.options.nameOf?.(key) ?? key,
      systemId: key,
      inspect: this.options.inspect,
    } as never) as AnyActorRef;
    const log = this.options.logger.child({ key });
    this.actors.set(key, actor);
    actor.subscribe({
      next: (snapshot: { status: string }) => {
        if (snapshot.status === 'done') this.forget(key, actor);
      },
      error: (error: unknown) => {
        log.error({ err: error }, 'actor failed');
        this.forget(key, actor);
        this.options.onActorError?.(key, error);
      },
    });
    wire?.(actor, key);
    actor.start();
    if (actor.getSnapshot().status === 'done') this.forget(key, actor);
    log.debug('actor started');
    return actor;
  }

  /** Sends to an existing actor only; returns false when there is none. */
  sendIfExists(key: string, event: { type: string }): boolean {
    const actor = this.actors.get(key);
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

  private forget(key: string, actor: AnyActorRef): void {
    if (this.actors.get(key) === actor) this.actors.delete(key);
  }
}
