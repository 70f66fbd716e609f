/**
 * The replayed bot's surroundings: a clock that reads the recording's times,
 * a platform wrapper that stamps each event with that clock and tells the
 * replay when the bot received it, and a tracker that knows, from the actors'
 * inspection events, whether any conversation is still busy.
 */
import type { InspectionEvent } from 'xstate';
import type { ConnectionState, Platform, PlatformEvent } from '../platform/port.js';

export class ReplayClock {
  private current: number;
  constructor(start: string) {
    this.current = Date.parse(start);
  }
  set(at: string): void {
    this.current = Date.parse(at);
  }
  readonly now = (): Date => new Date(this.current);
}

export interface Arrival {
  event: PlatformEvent;
  /** Settles when the app has routed and dispatched the event. */
  handled: Promise<void>;
}

/** Waits for things that happen on the platform side: received events, connection changes. */
export class ReplayPlatform implements Platform {
  private readonly arrivals: Arrival[] = [];
  private readonly waiters = new Set<() => void>();
  private state: ConnectionState = 'disconnected';

  constructor(
    private readonly inner: Platform,
    private readonly clock: ReplayClock,
  ) {
    inner.onConnectionState((state) => {
      this.state = state;
      this.wake();
    });
  }

  start = () => this.inner.start();
  stop = () => this.inner.stop();
  isConnected = () => this.inner.isConnected();
  me = () => this.inner.me();
  getPerson = (personId: string) => this.inner.getPerson(personId);
  findPeople = async (query: { email: string } | { displayName: string }) => (this.inner.findPeople ? this.inner.findPeople(query) : []);
  postMessage: Platform['postMessage'] = (message) => this.inner.postMessage(message);
  deleteMessage = (messageId: string) => this.inner.deleteMessage(messageId);
  listRooms = () => this.inner.listRooms();
  onConnectionState: Platform['onConnectionState'] = (handler) => this.inner.onConnectionState(handler);

  onEvent(handler: (event: PlatformEvent) => void | Promise<void>): void {
    this.inner.onEvent((received) => {
      // The bot lives at the recorded time: forms, deadlines and "2 h ago" read as they did then.
      const event = { ...received, receivedAt: this.clock.now().toISOString() };
      const result = handler(event);
      this.arrivals.push({ event, handled: Promise.resolve(result).then(() => undefined, () => undefined) });
      this.wake();
      return result;
    });
  }

  /** The next event the bot receives, or undefined after `timeoutMs`. */
  nextArrival(timeoutMs: number): Promise<Arrival | undefined> {
    return this.until(() => this.arrivals.length > 0, timeoutMs).then((ok) => (ok ? this.arrivals.shift() : undefined));
  }

  /** Resolves true once the socket is in `wanted` (connected or not), false after `timeoutMs`. */
  connection(wanted: 'connected' | 'down', timeoutMs: number): Promise<boolean> {
    return this.until(() => (wanted === 'connected') === (this.state === 'connected' && this.inner.isConnected()), timeoutMs);
  }

  private until(check: () => boolean, timeoutMs: number): Promise<boolean> {
    if (check()) return Promise.resolve(true);
    return new Promise((resolve) => {
      const waiter = () => {
        if (!check()) return;
        clearTimeout(timer);
        this.waiters.delete(waiter);
        resolve(true);
      };
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        resolve(false);
      }, timeoutMs);
      this.waiters.add(waiter);
    });
  }

  private wake(): void {
    for (const waiter of [...this.waiters]) waiter();
  }
}

interface SnapshotLike {
  status?: string;
  hasTag?: (tag: string) => boolean;
}

/**
 * Knows which actors are mid-work: machines tagged `busy` and running promise actors. A testbed's
 * deadline timer (`waitUntil`) waits for hours by design and is not work in progress.
 */
export class BusyTracker {
  private readonly actors = new Set<{ getSnapshot(): unknown }>();
  private listeners = new Set<() => void>();

  readonly inspect = (event: InspectionEvent): void => {
    if (event.type === '@xstate.actor' || event.type === '@xstate.snapshot') {
      if ((event.actorRef as { src?: unknown }).src === 'waitUntil') return;
      this.actors.add(event.actorRef);
      for (const listener of [...this.listeners]) listener();
    }
  };

  busyCount(): number {
    let busy = 0;
    for (const actor of this.actors) {
      const snapshot = actor.getSnapshot() as SnapshotLike;
      const working = snapshot.status === 'active' && (typeof snapshot.hasTag === 'function' ? snapshot.hasTag('busy') : true);
      if (working) busy++;
      else if (snapshot.status !== 'active') this.actors.delete(actor);
    }
    return busy;
  }

  /** Resolves on the next inspection event or after `ms`, whichever comes first. */
  change(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.listeners.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.listeners.add(done);
    });
  }
}
