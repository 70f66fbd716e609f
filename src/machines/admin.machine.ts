/**
 * The lab admins' flow, one actor per (room, person): key `admin:<roomId>:<personId>`.
 *
 *   idle → checking (who is asking?) → notAllowed
 *                                    → showing (the admin card or a form) → checking …
 *                                    → running (the fleet makes the change) → done
 *
 * Every event, a click on an old card included, goes through `checking`: the profile is looked
 * up and compared with ADMINS before anything is shown or changed, so a forged submission from
 * anyone else changes nothing. Each form's submit carries its whole request, so a fresh actor
 * (after the idle time-out or a restart) handles it completely. Cancel is handled at the root and
 * ignored while busy.
 *
 * `showing` (the card or a form is up, waiting for a click) is tagged `resting`: every event is
 * handled at the root and `checking` starts from nothing remembered, so an actor resting there
 * answers exactly as a fresh one would, and the host may drop it (app/actor-host.ts).
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import type { AdminOutcome, Holder } from '../domain.js';
import type { AdminAsk, AdminContext, AdminEmitted, AdminEvent, AdminInput, AdminView, RunAdminInput } from './admin.types.js';
import type { LookUpPersonInput } from './shared/conversation-types.js';

export type * from './admin.types.js';

export const ADMIN_SOMETHING_WENT_WRONG = 'Sorry, something went wrong on my side. Nothing was changed; please try again.';

const card = (view: AdminView): AdminEmitted => ({ type: 'say.card', view });

const ignored = {};

export const adminMachine = setup({
  types: {
    context: {} as AdminContext,
    events: {} as AdminEvent,
    input: {} as AdminInput,
    emitted: {} as AdminEmitted,
    tags: {} as 'awaitingUser' | 'busy' | 'resting',
  },
  actors: {
    lookUpPerson: fromPromise<Holder, LookUpPersonInput>(async () => {
      throw new Error('lookUpPerson not provided');
    }),
    runAdmin: fromPromise<AdminOutcome, RunAdminInput>(async () => {
      throw new Error('runAdmin not provided');
    }),
  },
  delays: {
    idleTimeout: ({ context }) => context.timeoutMs,
  },
  guards: {
    isAdmin: ({ context }, holder: Holder) => {
      const email = holder.email.trim().toLowerCase();
      return email !== '' && context.admins.some((admin) => admin.trim().toLowerCase() === email);
    },
    asked: ({ context }, params: { kind: AdminAsk['kind'] }) => context.ask?.kind === params.kind,
  },
  actions: {
    rememberAsk: assign({ ask: (_, ask: AdminAsk) => ask }),
    rememberAdmin: assign({ admin: (_, holder: Holder) => holder }),
    forgetAdmin: assign({ admin: null }),
    forgetAll: assign({ ask: null, admin: null }),
    showMenu: emit(({ context }) => card({ kind: 'adminMenu', admins: context.admins })),
    showForm: emit(({ context }) => {
      const ask = context.ask;
      if (ask?.kind !== 'form') return card({ kind: 'adminMenu', admins: context.admins });
      return card({ kind: 'adminForm', task: ask.task, ...(ask.errors ? { errors: ask.errors } : {}), ...(ask.values ? { values: ask.values } : {}) });
    }),
    /** What the request did. The holder of a force released testbed hears it from the testbed itself (a direct notice). */
    reportOutcome: emit(({ context }, outcome: AdminOutcome) => {
      const ask = context.ask;
      return ask?.kind === 'submit' ? card({ kind: 'adminOutcome', request: ask.request, outcome }) : card({ kind: 'error', message: ADMIN_SOMETHING_WENT_WRONG });
    }),
    /** Not an admin: the admins named; `lab-3 is fixed` said as news, the form that tells them instead. */
    showNotAllowed: emit(({ context }) => {
      const ask = context.ask;
      const named = ask?.kind === 'form' && ask.news === 'fixed' ? ask.values?.testbed_id : undefined;
      return card(named !== undefined && /^\d{1,9}$/.test(named) ? { kind: 'problemForm', testbedId: Number(named), fixed: true } : { kind: 'adminNotAllowed' });
    }),
    showAdmins: emit(({ context }) => card({ kind: 'adminList', admins: context.admins })),
    showCancelled: emit(card({ kind: 'cancelled' })),
    sayError: emit(card({ kind: 'error', message: ADMIN_SOMETHING_WENT_WRONG })),
  },
}).createMachine({
  id: 'admin',
  context: ({ input }) => ({
    roomId: input.roomId,
    personId: input.personId,
    admins: input.admins,
    timeoutMs: input.timeoutMs,
    ask: null,
    admin: null,
  }),
  initial: 'idle',
  // Every request is checked afresh: the states that wait for the person send each one to `checking`.
  on: {
    'admin.requested': { target: '.checking', actions: { type: 'rememberAsk', params: { kind: 'menu' } } },
    'admin.formRequested': {
      target: '.checking',
      actions: {
        type: 'rememberAsk',
        params: ({ event }) => ({ kind: 'form', task: event.task, ...(event.values === undefined ? {} : { values: event.values }), ...(event.news ? { news: event.news } : {}) }),
      },
    },
    'admin.invalid': {
      target: '.checking',
      actions: { type: 'rememberAsk', params: ({ event }) => ({ kind: 'form', task: event.task, errors: event.errors, values: event.values }) },
    },
    'admin.submitted': {
      target: '.checking',
      actions: { type: 'rememberAsk', params: ({ event }) => ({ kind: 'submit', request: event.request, now: event.now }) },
    },
    'conversation.cancelled': { target: '.cancelled', actions: ['forgetAll', 'showCancelled'] },
    // Answered wherever the flow stands; an open form stays open.
    'admins.asked': { actions: 'showAdmins' },
  },
  states: {
    idle: { after: { idleTimeout: 'timedOut' } },
    checking: {
      tags: 'busy',
      entry: 'forgetAdmin',
      on: {
        'admin.requested': ignored,
        'admin.formRequested': ignored,
        'admin.invalid': ignored,
        'admin.submitted': ignored,
        'conversation.cancelled': ignored,
      },
      invoke: {
        id: 'lookUpPerson',
        src: 'lookUpPerson',
        input: ({ context }) => ({ personId: context.personId }),
        onDone: [
          {
            guard: { type: 'isAdmin', params: ({ event }) => event.output },
            target: 'deciding',
            actions: { type: 'rememberAdmin', params: ({ event }) => event.output },
          },
          { target: 'notAllowed' },
        ],
        onError: { target: 'failed', actions: 'sayError' },
      },
    },
    deciding: {
      always: [
        { guard: { type: 'asked', params: { kind: 'submit' } }, target: 'running' },
        { guard: { type: 'asked', params: { kind: 'form' } }, target: 'showing', actions: 'showForm' },
        { target: 'showing', actions: 'showMenu' },
      ],
    },
    showing: { tags: ['awaitingUser', 'resting'], after: { idleTimeout: 'timedOut' } },
    running: {
      tags: 'busy',
      on: {
        'admin.requested': ignored,
        'admin.formRequested': ignored,
        'admin.invalid': ignored,
        'admin.submitted': ignored,
        'conversation.cancelled': ignored,
      },
      invoke: {
        id: 'runAdmin',
        src: 'runAdmin',
        input: ({ context }) => {
          const ask = context.ask as Extract<AdminAsk, { kind: 'submit' }>;
          return { request: ask.request, by: context.admin!, now: ask.now };
        },
        onDone: { target: 'done', actions: { type: 'reportOutcome', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: 'sayError' },
      },
    },
    notAllowed: { type: 'final', entry: 'showNotAllowed' },
    done: { type: 'final' },
    cancelled: { type: 'final' },
    timedOut: { type: 'final' },
    failed: { type: 'final' },
  },
});
