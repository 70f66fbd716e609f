import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, initialTransition, transition, type AnyEventObject } from 'xstate';
import {
  ADMIN_SOMETHING_WENT_WRONG,
  adminMachine,
  type AdminEmitted,
  type AdminEvent,
  type AdminInput,
  type AdminOutcome,
  type AdminRequest,
  type RunAdminInput,
} from '../../src/machines/admin.machine.js';
import type { Holder } from '../../src/domain.js';
import { NOW, ana, available, bob, inUse } from '../fixtures/flows/records.js';

const grace: Holder = { email: 'Grace@Example.com', name: 'Grace Hopper' };
const INPUT: AdminInput = { roomId: 'room-lab', personId: 'person-grace', admins: ['grace@example.com'], timeoutMs: 60_000 };

type Action = { type: string; params?: unknown };

const done = (id: string, output: unknown): AnyEventObject => ({ type: `xstate.done.actor.${id}`, output });
const failed = (id: string): AnyEventObject => ({ type: `xstate.error.actor.${id}`, error: new Error('boom') });

function replay(events: AnyEventObject[], input: AdminInput = INPUT) {
  let [snapshot, actions] = initialTransition(adminMachine, input);
  const all: Action[] = [...(actions as Action[])];
  for (const event of events) {
    [snapshot, actions] = transition(adminMachine, snapshot, event as never);
    all.push(...(actions as Action[]));
  }
  const emitted = all.filter((action) => action.type === 'xstate.emit').map((action) => (action.params as { event: AdminEmitted }).event);
  const invoked = all.filter((action) => action.type === 'xstate.spawnChild').map((action) => action.params as { id: string; input: unknown });
  return { snapshot, emitted, invoked };
}

const retire: AdminRequest = { type: 'retire', testbedId: 2 };
const submitted = (request: AdminRequest): AdminEvent => ({ type: 'admin.submitted', request, now: NOW });

describe('adminMachine (replayed)', () => {
  it('shows the admin card to an admin, checked against the looked-up profile ignoring case', () => {
    const { snapshot, emitted, invoked } = replay([{ type: 'admin.requested' }, done('lookUpPerson', grace)]);
    expect(invoked.map((spawn) => spawn.id)).toEqual(['lookUpPerson']);
    expect(snapshot.value).toBe('showing');
    expect(snapshot.hasTag('awaitingUser')).toBe(true);
    expect(emitted).toEqual([{ type: 'say.card', view: { kind: 'adminMenu', admins: ['grace@example.com'] } }]);
  });

  it('answers who the admins are without looking anybody up, and an open form stays open', () => {
    const asked = replay([{ type: 'admins.asked' }]);
    expect(asked.emitted).toEqual([{ type: 'say.card', view: { kind: 'adminList', admins: ['grace@example.com'] } }]);
    expect(asked.invoked).toEqual([]);
    const open = replay([{ type: 'admin.formRequested', task: 'maintenance_start' }, done('lookUpPerson', grace), { type: 'admins.asked' }]);
    expect(open.snapshot.value).toBe('showing');
    expect(open.emitted.at(-1)).toEqual({ type: 'say.card', view: { kind: 'adminList', admins: ['grace@example.com'] } });
  });

  it('opens a form, and a form that came back with problems shows them with the values kept', () => {
    const form = replay([{ type: 'admin.formRequested', task: 'maintenance_start' }, done('lookUpPerson', grace)]);
    expect(form.emitted).toEqual([{ type: 'say.card', view: { kind: 'adminForm', task: 'maintenance_start' } }]);
    const invalid = replay([
      { type: 'admin.invalid', task: 'testbed_add', errors: { testbed_name: 'Give the new testbed a name.' }, values: { labels: '5g' } },
      done('lookUpPerson', grace),
    ]);
    expect(invalid.emitted).toEqual([
      { type: 'say.card', view: { kind: 'adminForm', task: 'testbed_add', errors: { testbed_name: 'Give the new testbed a name.' }, values: { labels: '5g' } } },
    ]);
  });

  it('tells anyone else politely, and neither shows a form nor runs a request for them', () => {
    for (const event of [{ type: 'admin.requested' }, { type: 'admin.formRequested', task: 'force_release' }, submitted(retire)] as AdminEvent[]) {
      const { snapshot, emitted, invoked } = replay([event, done('lookUpPerson', bob)]);
      expect(snapshot.value).toBe('notAllowed');
      expect(snapshot.status).toBe('done');
      expect(emitted).toEqual([{ type: 'say.card', view: { kind: 'adminNotAllowed' } }]);
      expect(invoked.map((spawn) => spawn.id)).toEqual(['lookUpPerson']);
    }
  });

  it('`lab-2 is fixed` said as news: anybody else gets the form that tells the admins, an admin the End maintenance form', () => {
    const news: AdminEvent = { type: 'admin.formRequested', task: 'maintenance_end', values: { testbed_id: '2' }, news: 'fixed' };
    const other = replay([news, done('lookUpPerson', bob)]);
    expect(other.snapshot.value).toBe('notAllowed');
    expect(other.emitted).toEqual([{ type: 'say.card', view: { kind: 'problemForm', testbedId: 2, fixed: true } }]);
    expect(replay([news, done('lookUpPerson', grace)]).emitted).toEqual([{ type: 'say.card', view: { kind: 'adminForm', task: 'maintenance_end', values: { testbed_id: '2' } } }]);
    // No testbed named: the admins are named, as for any task.
    expect(replay([{ ...news, values: {} }, done('lookUpPerson', bob)]).emitted).toEqual([{ type: 'say.card', view: { kind: 'adminNotAllowed' } }]);
  });

  it('with no ADMINS nobody is an admin, and an empty profile email never matches', () => {
    expect(replay([{ type: 'admin.requested' }, done('lookUpPerson', grace)], { ...INPUT, admins: [] }).snapshot.value).toBe('notAllowed');
    expect(replay([{ type: 'admin.requested' }, done('lookUpPerson', { email: ' ', name: 'Nobody' })], { ...INPUT, admins: [' '] }).snapshot.value).toBe('notAllowed');
  });

  it('runs an admin request with the profile as `by` and reports the outcome', () => {
    const outcome: AdminOutcome = { type: 'retired', record: available(2) };
    const { snapshot, emitted, invoked } = replay([submitted(retire), done('lookUpPerson', grace), done('runAdmin', outcome)]);
    expect(invoked.map(({ id, input }) => ({ id, input }))).toEqual([
      { id: 'lookUpPerson', input: { personId: 'person-grace' } },
      { id: 'runAdmin', input: { request: retire, by: grace, now: NOW } },
    ]);
    expect(snapshot.value).toBe('done');
    expect(emitted).toEqual([{ type: 'say.card', view: { kind: 'adminOutcome', request: retire, outcome } }]);
  });

  it('checks the person again for every request, even after showing them the card', () => {
    const { snapshot, invoked } = replay([{ type: 'admin.requested' }, done('lookUpPerson', grace), submitted(retire)]);
    expect(snapshot.value).toBe('checking');
    expect(invoked.map((spawn) => spawn.id)).toEqual(['lookUpPerson', 'lookUpPerson']);
  });

  it('a resting state (card or form up) answers every event exactly as a fresh actor does (the host may drop it)', () => {
    const fresh = replay([]).snapshot;
    const userEvents: AnyEventObject[] = [
      { type: 'admin.requested' },
      { type: 'admin.formRequested', task: 'testbed_rename' },
      { type: 'admin.invalid', task: 'testbed_add', errors: { testbed_name: 'Give the new testbed a name.' }, values: {} },
      submitted(retire),
      { type: 'conversation.cancelled' },
    ];
    const resting = [
      replay([{ type: 'admin.requested' }, done('lookUpPerson', grace)]).snapshot,
      replay([{ type: 'admin.formRequested', task: 'force_release' }, done('lookUpPerson', grace)]).snapshot,
    ];
    for (const snapshot of resting) {
      expect(snapshot.hasTag('resting')).toBe(true);
      for (const event of userEvents) {
        const [fromRest, restActions] = transition(adminMachine, snapshot, event as never);
        const [fromFresh, freshActions] = transition(adminMachine, fresh, event as never);
        const emitted = (actions: unknown[]) => (actions as Action[]).filter((action) => action.type === 'xstate.emit').map((action) => action.params);
        expect([fromRest.value, fromRest.context, emitted(restActions)]).toEqual([fromFresh.value, fromFresh.context, emitted(freshActions)]);
      }
    }
    // Busy and final states never rest.
    expect(replay([submitted(retire)]).snapshot.hasTag('resting')).toBe(false);
    expect(replay([submitted(retire), done('lookUpPerson', grace)]).snapshot.hasTag('resting')).toBe(false);
  });

  it('ignores clicks and cancel while busy', () => {
    const checking = replay([submitted(retire)]);
    for (const event of [submitted({ type: 'retire', testbedId: 3 }), { type: 'admin.requested' }, { type: 'conversation.cancelled' }] as AnyEventObject[]) {
      const [next] = transition(adminMachine, checking.snapshot, event as never);
      expect(next.value).toBe('checking');
      expect(next.context).toEqual(checking.snapshot.context);
    }
    const running = replay([submitted(retire), done('lookUpPerson', grace)]);
    expect(running.snapshot.value).toBe('running');
    const [next] = transition(adminMachine, running.snapshot, { type: 'conversation.cancelled' });
    expect(next.value).toBe('running');
  });

  it('cancel from a waiting state ends the flow with the cancelled card', () => {
    const { snapshot, emitted } = replay([{ type: 'admin.requested' }, done('lookUpPerson', grace), { type: 'conversation.cancelled' }]);
    expect(snapshot.value).toBe('cancelled');
    expect(emitted.at(-1)).toEqual({ type: 'say.card', view: { kind: 'cancelled' } });
  });

  it('apologises when the profile cannot be looked up or the change fails, and says nothing changed', () => {
    const lookUp = replay([submitted(retire), failed('lookUpPerson')]);
    expect(lookUp.snapshot.value).toBe('failed');
    expect(lookUp.emitted).toEqual([{ type: 'say.card', view: { kind: 'error', message: ADMIN_SOMETHING_WENT_WRONG } }]);
    const run = replay([submitted(retire), done('lookUpPerson', grace), failed('runAdmin')]);
    expect(run.snapshot.value).toBe('failed');
    expect(run.emitted).toEqual([{ type: 'say.card', view: { kind: 'error', message: ADMIN_SOMETHING_WENT_WRONG } }]);
  });
});

describe('adminMachine (live, with provided actors)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  function start(options: { profile: Holder; outcome?: AdminOutcome | Error }) {
    const runs: RunAdminInput[] = [];
    const logic = adminMachine.provide({
      actors: {
        lookUpPerson: fromPromise<Holder, { personId: string }>(async () => options.profile),
        runAdmin: fromPromise<AdminOutcome, RunAdminInput>(async ({ input }) => {
          runs.push(input);
          if (options.outcome instanceof Error) throw options.outcome;
          return options.outcome ?? { type: 'refused', reason: 'unknown' };
        }),
      },
    });
    const actor = createActor(logic, { input: INPUT });
    const emitted: AdminEmitted[] = [];
    actor.on('*', (event) => emitted.push(event as AdminEmitted));
    actor.start();
    return { actor, emitted, runs };
  }

  async function settled(actor: ReturnType<typeof start>['actor']) {
    await vi.waitFor(() => expect(actor.getSnapshot().hasTag('busy')).toBe(false));
  }

  const requests: Array<[AdminRequest, AdminOutcome]> = [
    [{ type: 'add', name: 'lab-7', labels: ['5g'], description: null }, { type: 'added', record: { ...available(7), labels: ['5g'] } }],
    [{ type: 'rename', testbedId: 1, name: 'lab-1b' }, { type: 'renamed', record: available(1, 'lab-1b'), previousName: 'lab-1' }],
    [retire, { type: 'retired', record: available(2) }],
    [
      { type: 'maintenanceStart', testbedId: 3, reason: 'fw', until: null },
      { type: 'maintenanceStarted', record: { ...available(3), maintenance: { reason: 'fw', until: null, since: NOW, by: grace } } },
    ],
    [{ type: 'maintenanceEnd', testbedId: 3 }, { type: 'maintenanceEnded', record: available(3) }],
    [{ type: 'forceRelease', testbedId: 2, reason: 'overdue' }, { type: 'refused', reason: 'not_in_use', record: available(2) }],
    [{ type: 'add', name: 'LAB-1', labels: [], description: null }, { type: 'refused', reason: 'name_taken', record: available(1) }],
  ];

  it.each(requests)('an admin asking %j hears %j', async (request, outcome) => {
    const { actor, emitted, runs } = start({ profile: grace, outcome });
    actor.send(submitted(request));
    await settled(actor);
    expect(runs).toEqual([{ request, by: grace, now: NOW }]);
    expect(emitted).toEqual([{ type: 'say.card', view: { kind: 'adminOutcome', request, outcome } }]);
    expect(actor.getSnapshot().value).toBe('done');
  });

  it('a force release is reported to the admin only: the holder hears it from the testbed, once', async () => {
    const request: AdminRequest = { type: 'forceRelease', testbedId: 2, reason: 'overdue since Monday' };
    const outcome: AdminOutcome = { type: 'forceReleased', record: available(2), previous: inUse(2, ana) };
    const { actor, emitted, runs } = start({ profile: grace, outcome });
    actor.send(submitted(request));
    await settled(actor);
    expect(runs).toEqual([{ request, by: grace, now: NOW }]);
    expect(emitted).toEqual([{ type: 'say.card', view: { kind: 'adminOutcome', request, outcome } }]);
  });

  it('a non-admin forging every admin request changes nothing: the change is never asked for', async () => {
    for (const [request] of requests) {
      const { actor, emitted, runs } = start({ profile: bob, outcome: { type: 'retired', record: available(2) } });
      actor.send(submitted(request));
      await settled(actor);
      expect(runs).toEqual([]);
      expect(emitted).toEqual([{ type: 'say.card', view: { kind: 'adminNotAllowed' } }]);
    }
  });

  it('a failed change is an apology, not a crash', async () => {
    const { actor, emitted } = start({ profile: grace, outcome: new Error('disk full') });
    actor.send(submitted(retire));
    await settled(actor);
    expect(emitted).toEqual([{ type: 'say.card', view: { kind: 'error', message: ADMIN_SOMETHING_WENT_WRONG } }]);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('an open admin card times out after the idle time', async () => {
    vi.useFakeTimers();
    const { actor } = start({ profile: grace });
    actor.send({ type: 'admin.requested' });
    // The profile look-up resolves on the microtask queue; no time passes.
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('showing');
    vi.advanceTimersByTime(59_999);
    expect(actor.getSnapshot().value).toBe('showing');
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().value).toBe('timedOut');
  });
});
