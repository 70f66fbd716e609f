/**
 * The programmatic side of the emulator (api.ts `Emulator`): set up people
 * and rooms, act as a person (say, submit a card), read what was posted,
 * inject faults, watch events, stop.
 */
import type { EmuAttachmentAction, EmuMessage, EmuRoom, Emulator, RestFault } from './api.js';
import { cardSubmission } from './card-submit.js';
import type { EventBus } from './events.js';
import type { FaultState } from './faults.js';
import { deviceJson, emuPerson, emuRoom, messageJson, type Links } from './format.js';
import { newTrackingId } from './http-util.js';
import type { MercuryHub } from './mercury.js';
import { clientMentionText } from './message-text.js';
import type { Operations } from './operations.js';
import type { EmulatorServer } from './server.js';
import type { EmulatorStore, MessageRec, RoomRec } from './store.js';

export interface DriverDeps {
  store: EmulatorStore;
  ops: Operations;
  hub: MercuryHub;
  faults: FaultState;
  bus: EventBus;
  server: EmulatorServer;
  links: Links & { rest: string };
}

export function createDriver(deps: DriverDeps): Emulator {
  const { store, ops, hub, faults, bus, links } = deps;
  const waiters = new Set<{ fail: (error: Error) => void }>();
  let stopping: Promise<void> | undefined;

  const person = (id: string) => store.requirePerson(id);
  const room = (id: string) => store.requireRoom(id);
  const cardMessage = (id: string): { card: MessageRec; room: RoomRec } => {
    const card = store.message(id);
    const where = card ? store.roomByUuid(card.roomUuid) : undefined;
    if (!card || !where) throw new Error(`Unknown message: ${id}`);
    return { card, room: where };
  };
  const sentTo = (m: MessageRec, email: string): boolean => {
    const wanted = email.toLowerCase();
    if (m.json.toPersonEmail?.toLowerCase() === wanted) return true;
    const where = store.roomByUuid(m.roomUuid);
    if (where?.type !== 'direct') return false;
    const other = [...where.members.keys()].find((u) => u !== m.authorUuid);
    return other !== undefined && (store.person(other)?.emails.some((e) => e.toLowerCase() === wanted) ?? false);
  };

  const emulator: Emulator = {
    url: links.url,
    restUrl: links.rest,
    discoveryUrl: `${links.url}/u2c/api/v1`,
    devicesUrl: `${links.url}/wdm/api/v1/devices`,

    createPerson: (p) => emuPerson(store.addPerson({ ...p, type: 'person' })),
    createBot: (p) => emuPerson(store.addPerson({ ...p, type: 'bot' })),

    createRoom(r): EmuRoom {
      const members = r.memberIds.map(person);
      if (r.type === 'direct') {
        if (members.length !== 2) throw new Error('A direct room has exactly two members');
        const direct = store.directRoom(members[0], members[1]);
        if (r.title) direct.title = r.title;
        return emuRoom(store, direct);
      }
      if (members.length === 0) throw new Error('A room needs at least one member');
      const created = store.addRoom({
        title: r.title,
        type: 'group',
        creatorUuid: members[0].uuid,
        memberUuids: members.map((m) => m.uuid),
      });
      return emuRoom(store, created);
    },

    addMember(roomId, personId) {
      const target = room(roomId);
      if (target.type === 'direct') throw new Error('Members cannot be added to a direct room');
      store.addMember(target, person(personId).uuid);
    },

    directRoom: (a, b) => emuRoom(store, store.directRoom(person(a), person(b))),

    say(p): EmuMessage {
      const author = person(p.personId);
      const where = room(p.roomId);
      if (!where.members.has(author.uuid)) throw new Error(`${author.displayName} is not a member of room "${where.title}"`);
      const mentioned = (p.mentions ?? []).map(person);
      // A message may be nothing but a mention; otherwise it needs text.
      if (typeof p.text !== 'string' || (p.text.length === 0 && mentioned.length === 0)) throw new Error('say: text must be a non-empty string');
      const rendered = mentioned.length ? clientMentionText(p.text, mentioned) : { text: p.text };
      const created = ops.createMessage(
        author,
        { room: where, ...rendered, mentionUuids: mentioned.map((m) => m.uuid), ...(p.parentId ? { parentId: p.parentId } : {}) },
        newTrackingId(),
      );
      return messageJson(created);
    },

    submitCard(p): EmuAttachmentAction {
      const submitter = person(p.personId);
      const { card, room: where } = cardMessage(p.messageId);
      if (!where.members.has(submitter.uuid)) throw new Error(`${submitter.displayName} is not a member of the card's room`);
      if (!card.card) throw new Error(`Message ${p.messageId} has no Adaptive Card`);
      const content: unknown = JSON.parse(card.card.json);
      const inputs = cardSubmission(content, { action: p.action, inputs: p.inputs });
      return structuredClone(ops.createAction(submitter, card, where, inputs, newTrackingId()).json);
    },

    submitRaw(p): EmuAttachmentAction {
      const submitter = person(p.personId);
      const { card, room: cardRoom } = cardMessage(p.messageId);
      const where = p.roomId ? room(p.roomId) : cardRoom;
      return structuredClone(ops.createAction(submitter, card, where, p.inputs, newTrackingId()).json);
    },

    messages(filter = {}): EmuMessage[] {
      const roomUuid = filter.roomId ? room(filter.roomId).uuid : undefined;
      const authorUuid = filter.personId ? person(filter.personId).uuid : undefined;
      return store
        .allMessages()
        .filter((m) => !roomUuid || m.roomUuid === roomUuid)
        .filter((m) => !authorUuid || m.authorUuid === authorUuid)
        .filter((m) => !filter.toPersonEmail || sentTo(m, filter.toPersonEmail))
        .map((m) => messageJson(m));
    },

    waitForMessage(predicate, options = {}): Promise<EmuMessage> {
      const since = options.since ?? 0;
      const timeoutMs = options.timeoutMs ?? 10_000;
      const existing = store.allMessages().find((m) => m.seq >= since && predicate(messageJson(m)));
      if (existing) return Promise.resolve(messageJson(existing));
      return new Promise((resolve, reject) => {
        const waiter = {
          fail: (error: Error) => {
            clearTimeout(timer);
            unsubscribe();
            waiters.delete(waiter);
            reject(error);
          },
        };
        const timer = setTimeout(() => waiter.fail(new Error(`waitForMessage: no matching message within ${timeoutMs} ms`)), timeoutMs);
        const unsubscribe = bus.subscribe((event) => {
          if (event.type !== 'message.created') return;
          const seq = store.message(event.message.id)?.seq ?? Number.MAX_SAFE_INTEGER;
          let hit = false;
          try {
            hit = seq >= since && predicate(event.message);
          } catch (error) {
            waiter.fail(error instanceof Error ? error : new Error(String(error)));
            return;
          }
          if (!hit) return;
          clearTimeout(timer);
          unsubscribe();
          waiters.delete(waiter);
          resolve(event.message);
        });
        waiters.add(waiter);
      });
    },

    messageCount: () => store.messageCount(),
    frames: () => bus.frames(),

    devices(personId) {
      const owner = person(personId);
      return store.devices.of(owner.uuid).map((d) => {
        const json = deviceJson(d, owner, links);
        return { url: json.url as string, name: json.name as string, webSocketUrl: json.webSocketUrl as string };
      });
    },

    connectedSockets: (personId) => hub.connectedCount(person(personId).uuid),

    faults: {
      closeSockets(options = {}) {
        const personUuid = options.personId ? person(options.personId).uuid : undefined;
        hub.closeSockets({ personUuid }, options.code ?? 1011, options.reason ?? '');
      },
      dropSockets(options = {}) {
        hub.dropSockets({ personUuid: options.personId ? person(options.personId).uuid : undefined });
      },
      dropPongs(on) {
        faults.dropPongs = on;
      },
      silence(on) {
        faults.silence = on;
      },
      restFault: (fault: RestFault) => faults.addRestFault(fault),
      clearRestFaults: () => faults.clearRestFaults(),
      restDelay(ms) {
        if (!(ms >= 0) || !Number.isFinite(ms)) throw new Error('restDelay: ms must be a finite number ≥ 0');
        faults.delayMs = ms;
      },
      duplicateActivities: (count) => faults.setDuplicates(count),
      refuseSockets(on) {
        faults.refuseSockets = on;
      },
    },

    subscribe: (listener) => bus.subscribe(listener),

    settled: () => deps.server.settled(),

    stop(): Promise<void> {
      stopping ??= (async () => {
        for (const waiter of [...waiters]) waiter.fail(new Error('Emulator stopped'));
        await hub.stop();
        await deps.server.close();
        bus.clear();
      })();
      return stopping;
    },
  };
  return emulator;
}
