/**
 * Broadcast conversation, one actor per (room, person): key `broadcast:<roomId>:<personId>`.
 *
 *   idle → checking (who is asking?) → notAllowed | loadingRooms → noRooms | selectingRooms
 *        → composing → previewing → sending → reported
 *
 * Cancel is handled once at the root (ignored while sending: the posts are under way);
 * every state that waits for the user posts its card on entry and times out after
 * `timeoutMs`. A submit that reaches a fresh actor (after a restart or a time-out)
 * never sends anything: it starts over at room selection and says the session expired.
 * The machine re-checks that every selected room is on the list it loaded, so a forged
 * or stale room id is refused here too, not only by the router.
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import type { Holder } from '../domain.js';
import type {
  BroadcastContext,
  BroadcastDeliveryResult,
  BroadcastEmitted,
  BroadcastEvent,
  BroadcastInput,
  BroadcastRoomOption,
  BroadcastView,
  Feedback,
  SendBroadcastInput,
} from './broadcast.types.js';

export type * from './broadcast.types.js';

export const EXPIRED_NOTICE =
  'This broadcast session had expired, so nothing was sent. Please choose the rooms again.';
export const UNKNOWN_ROOMS_ERROR =
  'Some selected rooms are not on the broadcast list (any more). Nothing was sent; please choose again.';
const LOOKUP_FAILED = 'Sorry, something went wrong while preparing the broadcast. Nothing was sent.';
const SEND_FAILED =
  'Sorry, something went wrong while sending the broadcast. Some rooms may not have received it.';

const notProvided = (name: string) => () => Promise.reject(new Error(`actor ${name} not provided`));

const card = (view: BroadcastView): BroadcastEmitted => ({ type: 'say.card', view });

function selectedRooms(context: BroadcastContext): BroadcastRoomOption[] {
  const chosen = new Set(context.roomIds);
  return context.rooms.filter((room) => chosen.has(room.room_id));
}

export const broadcastMachine = setup({
  types: {
    context: {} as BroadcastContext,
    events: {} as BroadcastEvent,
    input: {} as BroadcastInput,
    emitted: {} as BroadcastEmitted,
  },
  actors: {
    lookUpPerson: fromPromise<Holder, { personId: string }>(notProvided('lookUpPerson')),
    listBroadcastRooms: fromPromise<BroadcastRoomOption[], void>(notProvided('listBroadcastRooms')),
    sendBroadcast: fromPromise<BroadcastDeliveryResult[], SendBroadcastInput>(notProvided('sendBroadcast')),
  },
  delays: {
    idleTimeout: ({ context }) => context.timeoutMs,
  },
  guards: {
    isAdmin: ({ context }: { context: BroadcastContext }, holder: Holder) => {
      if (context.admins.length === 0) return true;
      const email = holder.email.trim().toLowerCase();
      return email !== '' && context.admins.some((admin) => admin.trim().toLowerCase() === email);
    },
    hasNoRooms: (_: unknown, rooms: BroadcastRoomOption[]) => rooms.length === 0,
    isKnownSelection: ({ context, event }: { context: BroadcastContext; event: BroadcastEvent }) => {
      if (event.type !== 'rooms.submitted' || event.roomIds.length === 0) return false;
      const known = new Set(context.rooms.map((room) => room.room_id));
      return event.roomIds.every((id) => typeof id === 'string' && known.has(id));
    },
  },
  actions: {
    markExpired: assign({ expired: true }),
    rememberSender: assign({ sender: (_, holder: Holder) => holder }),
    rememberRooms: assign({ rooms: (_, rooms: BroadcastRoomOption[]) => rooms }),
    rememberSelection: assign({
      roomIds: ({ context, event }) => {
        if (event.type !== 'rooms.submitted') return context.roomIds;
        const chosen = new Set(event.roomIds);
        return context.rooms.map((room) => room.room_id).filter((id) => chosen.has(id));
      },
      feedback: {},
    }),
    refuseSelection: assign({
      feedback: ({ context, event }): Feedback => {
        if (event.type === 'rooms.invalid') return { errors: event.errors, values: event.values };
        const known = new Set(context.rooms.map((room) => room.room_id));
        const kept = event.type === 'rooms.submitted' ? event.roomIds.filter((id) => known.has(id)) : [];
        return { errors: { room_ids: UNKNOWN_ROOMS_ERROR }, values: { room_ids: kept.join(',') } };
      },
    }),
    rememberMessage: assign({
      messageKind: ({ context, event }) => (event.type === 'message.submitted' ? event.kind : context.messageKind),
      text: ({ context, event }) => (event.type === 'message.submitted' ? event.text : context.text),
      feedback: {},
    }),
    refuseMessage: assign({
      feedback: ({ event }): Feedback => (event.type === 'message.invalid' ? { errors: event.errors, values: event.values } : {}),
    }),
    keepSelectionForBack: assign({
      feedback: ({ context }): Feedback => ({ values: { room_ids: context.roomIds.join(',') } }),
    }),
    keepMessageForBack: assign({
      feedback: ({ context }): Feedback => ({
        values: { message_kind: context.messageKind ?? '', message_text: context.text },
      }),
    }),
    startOver: assign({ roomIds: [], messageKind: null, text: '', feedback: {}, expired: false }),
    rememberResults: assign({ results: (_, results: BroadcastDeliveryResult[]) => results }),
    showRooms: emit(({ context }) =>
      card({
        kind: 'broadcastRooms',
        rooms: context.rooms,
        ...context.feedback,
        ...(context.expired ? { notice: EXPIRED_NOTICE } : {}),
      }),
    ),
    showMessageForm: emit(({ context }) =>
      card({ kind: 'broadcastMessage', roomCount: context.roomIds.length, ...context.feedback }),
    ),
    showPreview: emit(({ context }) => {
      const rooms = selectedRooms(context);
      return card({
        kind: 'broadcastPreview',
        roomIds: rooms.map((room) => room.room_id),
        rooms,
        messageKind: context.messageKind ?? 'availability',
        text: context.text,
      });
    }),
    showReport: emit(({ context }) => card({ kind: 'broadcastReport', results: context.results })),
    showNotAllowed: emit(card({ kind: 'broadcastNotAllowed' })),
    showNoRooms: emit(card({ kind: 'noBroadcastRooms' })),
    showCancelled: emit(card({ kind: 'cancelled' })),
    showLookupFailed: emit(card({ kind: 'error', message: LOOKUP_FAILED })),
    showSendFailed: emit(card({ kind: 'error', message: SEND_FAILED })),
  },
}).createMachine({
  id: 'broadcast',
  context: ({ input }) => ({
    roomId: input.roomId,
    personId: input.personId,
    admins: input.admins,
    timeoutMs: input.timeoutMs,
    sender: null,
    rooms: [],
    roomIds: [],
    messageKind: null,
    text: '',
    expired: false,
    feedback: {},
    results: [],
  }),
  initial: 'idle',
  on: {
    'conversation.cancelled': { target: '.cancelled' },
  },
  states: {
    idle: {
      after: { idleTimeout: { target: 'timedOut' } },
      on: {
        'broadcast.started': { target: 'checking' },
        // A submit from an old card reached a fresh actor: start over, send nothing.
        'rooms.submitted': { target: 'checking', actions: 'markExpired' },
        'rooms.invalid': { target: 'checking', actions: 'markExpired' },
        'message.submitted': { target: 'checking', actions: 'markExpired' },
        'message.invalid': { target: 'checking', actions: 'markExpired' },
        'broadcast.confirmed': { target: 'checking', actions: 'markExpired' },
        'broadcast.back': { target: 'checking', actions: 'markExpired' },
      },
    },
    checking: {
      tags: ['busy'],
      invoke: {
        id: 'lookUpPerson',
        src: 'lookUpPerson',
        input: ({ context }) => ({ personId: context.personId }),
        onDone: [
          {
            guard: { type: 'isAdmin', params: ({ event }) => event.output },
            target: 'loadingRooms',
            actions: { type: 'rememberSender', params: ({ event }) => event.output },
          },
          { target: 'notAllowed' },
        ],
        onError: { target: 'failed', actions: 'showLookupFailed' },
      },
    },
    notAllowed: { type: 'final', entry: 'showNotAllowed' },
    loadingRooms: {
      tags: ['busy'],
      invoke: {
        id: 'listBroadcastRooms',
        src: 'listBroadcastRooms',
        onDone: [
          { guard: { type: 'hasNoRooms', params: ({ event }) => event.output }, target: 'noRooms' },
          {
            target: 'selectingRooms',
            actions: { type: 'rememberRooms', params: ({ event }) => event.output },
          },
        ],
        onError: { target: 'failed', actions: 'showLookupFailed' },
      },
    },
    noRooms: { type: 'final', entry: 'showNoRooms' },
    selectingRooms: {
      tags: ['awaitingUser'],
      entry: 'showRooms',
      after: { idleTimeout: { target: 'timedOut' } },
      on: {
        'broadcast.started': { target: 'checking', actions: 'startOver' },
        'rooms.submitted': [
          { guard: 'isKnownSelection', target: 'composing', actions: 'rememberSelection' },
          { target: 'selectingRooms', reenter: true, actions: 'refuseSelection' },
        ],
        'rooms.invalid': { target: 'selectingRooms', reenter: true, actions: 'refuseSelection' },
      },
    },
    composing: {
      tags: ['awaitingUser'],
      entry: 'showMessageForm',
      after: { idleTimeout: { target: 'timedOut' } },
      on: {
        'broadcast.started': { target: 'checking', actions: 'startOver' },
        'rooms.submitted': [
          { guard: 'isKnownSelection', target: 'composing', reenter: true, actions: 'rememberSelection' },
          { target: 'selectingRooms', actions: 'refuseSelection' },
        ],
        'message.submitted': { target: 'previewing', actions: 'rememberMessage' },
        'message.invalid': { target: 'composing', reenter: true, actions: 'refuseMessage' },
        'broadcast.back': { target: 'selectingRooms', actions: 'keepSelectionForBack' },
      },
    },
    previewing: {
      tags: ['awaitingUser'],
      entry: 'showPreview',
      after: { idleTimeout: { target: 'timedOut' } },
      on: {
        'broadcast.started': { target: 'checking', actions: 'startOver' },
        // A click on the (still visible) room card changes the selection: write the message again.
        'rooms.submitted': [
          { guard: 'isKnownSelection', target: 'composing', actions: 'rememberSelection' },
          { target: 'selectingRooms', actions: 'refuseSelection' },
        ],
        'message.submitted': { target: 'previewing', reenter: true, actions: 'rememberMessage' },
        'message.invalid': { target: 'composing', actions: 'refuseMessage' },
        'broadcast.confirmed': { target: 'sending' },
        'broadcast.back': { target: 'composing', actions: 'keepMessageForBack' },
      },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        id: 'sendBroadcast',
        src: 'sendBroadcast',
        input: ({ context }) => ({
          rooms: selectedRooms(context).map((room) => ({ roomId: room.room_id, name: room.name })),
          kind: context.messageKind ?? 'availability',
          text: context.text,
          sender: context.sender as Holder,
        }),
        onDone: {
          target: 'reported',
          actions: { type: 'rememberResults', params: ({ event }) => event.output },
        },
        onError: { target: 'failed', actions: 'showSendFailed' },
      },
      on: {
        // The posts are under way: a second confirm or a cancel changes nothing.
        'broadcast.confirmed': {},
        'conversation.cancelled': {},
      },
    },
    reported: { type: 'final', entry: 'showReport' },
    cancelled: { type: 'final', entry: 'showCancelled' },
    timedOut: { type: 'final' },
    failed: { type: 'final' },
  },
});
