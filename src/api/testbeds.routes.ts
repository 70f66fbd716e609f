/**
 * `/api/v1/testbeds`: list, one, its history, hold, release, extend; with an admin token, maintenance started, changed and ended. Every change is a request to the testbed's
 * actor (through the hold desk or the fleet), exactly as a click in chat is; the answer comes back
 * once the change is on disk.
 */
import type { FastifyInstance } from 'fastify';
import type { AdminRefusal, TestbedRecord } from '../domain.js';
import type { Store } from '../store/index.js';
import type { ApiToken } from '../store/tokens.js';
import { ApiError } from './errors.js';
import type { HoldDesk, HoldDeskDeps } from './hold-desk.js';
import { maintenanceEnd, purposeOf, reasonOf, releaseTime, type HoldTiming, type MaintenanceTiming } from './release-time.js';
import { HISTORY_DAYS_MAX, HISTORY_LIMIT_MAX, endMaintenanceSchema, extendTestbedSchema, getTestbedSchema, holdTestbedSchema, listTestbedsSchema, releaseTestbedSchema, startMaintenanceSchema, testbedHistorySchema } from './schemas.js';
import { blockerOf, blockerWords, hasLabel, heldWith, isFree, testbedView, tokenHolder, type TestbedView } from './view.js';

export interface TestbedRouteDeps {
  store: Pick<Store, 'testbeds' | 'lifecycle' | 'history'>;
  fleet: HoldDeskDeps['fleet'];
  desk: HoldDesk;
  now: () => Date;
}

type IdParams = { Params: { id: string } };

export function registerTestbedRoutes(app: FastifyInstance, deps: TestbedRouteDeps): void {
  const { store } = deps;
  const view = (record: TestbedRecord): TestbedView => testbedView(record, store.lifecycle.get(record.id));

  function recordOf(id: string): TestbedRecord {
    const record = store.testbeds.get(Number(id));
    if (!record) throw new ApiError(404, 'not_found', `There is no testbed with id ${id}.`);
    return record;
  }

  /** The holder of a testbed this token may release or extend; otherwise the reason it may not. */
  function mayChange(record: TestbedRecord, token: ApiToken): void {
    if (record.status !== 'in_use') throw new ApiError(409, 'not_in_use', `${record.testbed_name} is not held by anybody.`);
    if (!heldWith(record, token) && !token.admin) {
      throw new ApiError(403, 'forbidden', `${record.testbed_name} is held by ${record.user_name ?? 'somebody else'}, not with this token; only its own holds (or an admin token) may change it.`);
    }
  }

  function taken(record: TestbedRecord): ApiError {
    const blocker = blockerOf(record, store.lifecycle.get(record.id).offer);
    if (!blocker) return new ApiError(409, 'busy', `${record.testbed_name} is being changed right now; try again.`);
    return new ApiError(409, 'taken', blockerWords(record, blocker), { holder: blocker });
  }

  /** Whether a testbed is in the state `?status=` asks for. */
  function inState(record: TestbedRecord, status: 'available' | 'in_use' | 'maintenance'): boolean {
    if (status === 'available') return isFree(record, store.lifecycle.get(record.id));
    return status === 'maintenance' ? Boolean(record.maintenance) : record.status === 'in_use';
  }

  app.get<{ Querystring: { status?: 'available' | 'in_use' | 'maintenance'; label?: string } }>('/api/v1/testbeds', { schema: listTestbedsSchema }, async (request) => {
    const { status, label } = request.query;
    const records = store.testbeds
      .all()
      .filter((record) => label === undefined || hasLabel(record, label))
      .filter((record) => status === undefined || inState(record, status))
      .sort((a, b) => a.id - b.id);
    return { testbeds: records.map(view) };
  });

  app.get<IdParams>('/api/v1/testbeds/:id', { schema: getTestbedSchema }, async (request) => ({ testbed: view(recordOf(request.params.id)) }));

  // What happened to it lately, read from the history file as the chat's history card reads it.
  app.get<IdParams & { Querystring: { days?: string; limit?: string } }>('/api/v1/testbeds/:id/history', { schema: testbedHistorySchema }, async (request) => {
    const days = wholeIn(request.query.days, 7, 'days', HISTORY_DAYS_MAX);
    const limit = wholeIn(request.query.limit, 200, 'limit', HISTORY_LIMIT_MAX);
    const record = recordOf(request.params.id);
    const since = new Date(deps.now().getTime() - days * 86_400_000).toISOString();
    const entries = (await store.history.readSince(since)).filter((entry) => entry.testbed_id === record.id);
    const kept = entries.slice(-limit);
    return { testbed_id: record.id, since, truncated: kept.length < entries.length, entries: kept };
  });

  app.post<IdParams & { Body: { purpose: string } & HoldTiming }>('/api/v1/testbeds/:id/hold', { schema: holdTestbedSchema }, async (request) => {
    const purpose = purposeOf(request.body.purpose);
    if (!purpose.ok) throw new ApiError(422, 'invalid_body', purpose.message);
    const now = deps.now().toISOString();
    const release = releaseTime(request.body, now);
    if (!release.ok) throw new ApiError(422, 'invalid_body', release.message);
    const record = recordOf(request.params.id);
    if (record.maintenance) throw taken(record);
    const answer = await deps.desk.hold({
      token: request.apiToken!,
      testbedIds: [record.id],
      purpose: purpose.purpose,
      expectedRelease: release.iso,
      ttlSeconds: null,
      now,
    });
    if (answer.ok) return { testbed: view(answer.records[0]), hold_id: answer.hold.hold_id };
    if (answer.reason === 'unknown') throw new ApiError(404, 'not_found', `There is no testbed with id ${record.id}.`);
    throw taken(answer.record ?? recordOf(request.params.id));
  });

  app.post<IdParams>('/api/v1/testbeds/:id/release', { schema: releaseTestbedSchema }, async (request) => {
    const token = request.apiToken!;
    const record = recordOf(request.params.id);
    mayChange(record, token);
    const result = await deps.desk.release(record, { token, own: heldWith(record, token) });
    if (result.ok) return { testbed: view(result.record) };
    switch (result.reason) {
      case 'unknown':
        throw new ApiError(404, 'not_found', `There is no testbed with id ${record.id}.`);
      case 'not_in_use':
        throw new ApiError(409, 'not_in_use', `${record.testbed_name} is not held by anybody.`);
      case 'not_holder':
        throw new ApiError(403, 'forbidden', `${record.testbed_name} changed hands meanwhile; it is not held with this token.`);
      case 'busy':
        throw new ApiError(409, 'busy', `${record.testbed_name} is being changed right now; try again.`);
    }
  });

  /** Maintenance is the admins' task: an admin token only. */
  function mayMaintain(token: ApiToken): void {
    if (!token.admin) throw new ApiError(403, 'forbidden', 'Only an admin token may start or end maintenance.');
  }

  /** The API's error for an admin request the testbed refused. */
  function adminRefused(record: TestbedRecord, reason: AdminRefusal, now: TestbedRecord | undefined): ApiError {
    switch (reason) {
      case 'in_use':
      case 'held':
        return taken(now ?? record);
      case 'not_in_maintenance':
        return new ApiError(409, 'not_in_maintenance', `${record.testbed_name} is not under maintenance.`);
      case 'unknown':
        return new ApiError(404, 'not_found', `There is no testbed with id ${record.id}.`);
      default:
        return new ApiError(409, 'busy', `${record.testbed_name} is being changed right now; try again.`);
    }
  }

  app.post<IdParams & { Body: { reason: string } & MaintenanceTiming }>('/api/v1/testbeds/:id/maintenance', { schema: startMaintenanceSchema }, async (request) => {
    const token = request.apiToken!;
    mayMaintain(token);
    const reason = reasonOf(request.body.reason);
    if (!reason.ok) throw new ApiError(422, 'invalid_body', reason.message);
    const now = deps.now().toISOString();
    const until = maintenanceEnd(request.body, now);
    if (!until.ok) throw new ApiError(422, 'invalid_body', until.message);
    const record = recordOf(request.params.id);
    const outcome = await deps.fleet.admin({ request: { type: 'maintenanceStart', testbedId: record.id, reason: reason.reason, until: until.iso }, by: tokenHolder(token), now });
    if (outcome.type === 'maintenanceStarted' || outcome.type === 'maintenanceChanged') return { testbed: view(outcome.record) };
    if (outcome.type === 'refused') throw adminRefused(record, outcome.reason, store.testbeds.get(record.id));
    throw new Error(`unexpected answer to maintenance: ${outcome.type}`);
  });

  app.post<IdParams>('/api/v1/testbeds/:id/maintenance/end', { schema: endMaintenanceSchema }, async (request) => {
    const token = request.apiToken!;
    mayMaintain(token);
    const record = recordOf(request.params.id);
    const outcome = await deps.fleet.admin({ request: { type: 'maintenanceEnd', testbedId: record.id }, by: tokenHolder(token), now: deps.now().toISOString() });
    if (outcome.type === 'maintenanceEnded') return { testbed: view(outcome.record) };
    if (outcome.type === 'refused') throw adminRefused(record, outcome.reason, store.testbeds.get(record.id));
    throw new Error(`unexpected answer to the end of maintenance: ${outcome.type}`);
  });

  app.post<IdParams & { Body: { minutes: number } }>('/api/v1/testbeds/:id/extend', { schema: extendTestbedSchema }, async (request) => {
    const token = request.apiToken!;
    const record = recordOf(request.params.id);
    mayChange(record, token);
    return { testbed: view(await extendWithToken(deps, record, token, request.body.minutes)) };
  });
}

/** A query's whole number (digits, as the schema checked), from 1 to `max`; `fallback` when absent; else a 422 naming it. */
function wholeIn(typed: string | undefined, fallback: number, field: string, max: number): number {
  const value = typed === undefined ? fallback : Number(typed);
  if (value < 1 || value > max) throw new ApiError(422, 'invalid_query', `${field} must be a whole number from 1 to ${max}.`);
  return value;
}

/**
 * Extends a testbed held with `token` (or, for an admin token, on its holder's behalf) by `minutes`, as the Extend
 * button does: the record as extended, or the API's error for the refusal.
 */
export async function extendWithToken(deps: Pick<TestbedRouteDeps, 'fleet' | 'now'>, record: TestbedRecord, token: ApiToken, minutes: number): Promise<TestbedRecord> {
  // The testbed machine lets only the holder extend: an admin token extends on the holder's behalf.
  const by = heldWith(record, token) ? tokenHolder(token) : { email: record.user_email ?? '', name: record.user_name ?? '' };
  const outcome = await deps.fleet.lifecycle({ request: { type: 'extend', testbedId: record.id, minutes }, by, now: deps.now().toISOString() });
  if (outcome.type === 'extended') return outcome.record;
  if (outcome.type !== 'refused') throw new Error(`unexpected answer to an extension: ${outcome.type}`);
  switch (outcome.reason) {
    case 'too_far':
      throw new ApiError(422, 'invalid_body', 'The hold would then end more than 90 days from now.');
    case 'not_in_use':
      throw new ApiError(409, 'not_in_use', `${record.testbed_name} is not held by anybody.`);
    case 'not_holder':
      throw new ApiError(403, 'forbidden', `${record.testbed_name} changed hands meanwhile; it is not held with this token.`);
    case 'unknown':
      throw new ApiError(404, 'not_found', `There is no testbed with id ${record.id}.`);
    default:
      throw new ApiError(409, 'busy', `${record.testbed_name} is being changed right now; try again.`);
  }
}
