/**
 * Witnesses for a chaos run, wrapped around the real platform adapter and the
 * real store (nothing is faked): every event the bot handled, every reply it
 * tried to post (and whether the platform accepted it), every record the store
 * committed — each stamped with one global sequence number so they can be put
 * in order afterwards.
 */
import type { TestbedRecord } from '../../../src/domain.js';
import type { OutgoingMessage, Platform, PlatformEvent } from '../../../src/platform/port.js';
import type { Store } from '../../../src/store/index.js';
import { uuidOf } from '../../../src/platform/ids.js';

export interface PostAttempt {
  seq: number;
  roomId?: string;
  toPersonEmail?: string;
  text: string;
  /** Id of the created message when the platform accepted the post. */
  id?: string;
  accepted: boolean;
  /** HTTP status of a refused post, when there was one. */
  status?: number;
}

export interface Commit {
  seq: number;
  record: TestbedRecord;
}

export interface Handled {
  seq: number;
  event: PlatformEvent;
}

export class Recorder {
  private counter = 0;
  readonly posts: PostAttempt[] = [];
  readonly commits: Commit[] = [];
  readonly handled: Handled[] = [];
  readonly connections: string[] = [];
  private readonly handledUuids = new Set<string>();

  private tick(): number {
    return ++this.counter;
  }

  /** Sequence number of the last thing recorded (changes while the bot is busy). */
  get last(): number {
    return this.counter;
  }

  wasHandled(restOrUuid: string): boolean {
    return this.handledUuids.has(uuidOf(restOrUuid).toLowerCase());
  }

  wrapPlatform(inner: Platform): Platform {
    return {
      start: () => inner.start(),
      stop: () => inner.stop(),
      isConnected: () => inner.isConnected(),
      me: () => inner.me(),
      getPerson: (personId) => inner.getPerson(personId),
      deleteMessage: (messageId) => inner.deleteMessage(messageId),
      listRooms: () => inner.listRooms(),
      onConnectionState: (handler) =>
        inner.onConnectionState((state) => {
          this.connections.push(state);
          handler(state);
        }),
      onEvent: (handler) =>
        inner.onEvent((event) => {
          this.handled.push({ seq: this.tick(), event });
          this.handledUuids.add(uuidOf(event.id).toLowerCase());
          return handler(event);
        }),
      postMessage: async (message: OutgoingMessage) => {
        const seq = this.tick();
        const base = { seq, roomId: message.roomId, toPersonEmail: message.toPersonEmail, text: message.text ?? message.markdown ?? '' };
        try {
          const posted = await inner.postMessage(message);
          this.posts.push({ ...base, id: posted.id, accepted: true });
          return posted;
        } catch (error) {
          const status = (error as { status?: unknown }).status;
          this.posts.push({ ...base, accepted: false, ...(typeof status === 'number' ? { status } : {}) });
          throw error;
        }
      },
    };
  }

  /** Records a commit only once the store resolved the save (i.e. once it is on disk). */
  wrapStore(inner: Store): Store {
    const testbeds = inner.testbeds;
    return {
      broadcastRooms: inner.broadcastRooms,
      lifecycle: inner.lifecycle,
      history: inner.history,
      backend: inner.backend,
      onExternalChange: (listener) => inner.onExternalChange(listener),
      close: () => inner.close(),
      testbeds: {
        all: () => testbeds.all(),
        snapshot: () => testbeds.snapshot(),
        get: (id) => testbeds.get(id),
        retired: () => testbeds.retired(),
        add: (testbed, options) => testbeds.add(testbed, options),
        retire: (id, options) => testbeds.retire(id, options),
        saveMany: async (records) => {
          await testbeds.saveMany(records);
          for (const record of records) this.commits.push({ seq: this.tick(), record: { ...record } });
        },
        save: async (record, options) => {
          const saved = await testbeds.save(record, options);
          this.commits.push({ seq: this.tick(), record: { ...saved } });
          return saved;
        },
      },
    };
  }
}
