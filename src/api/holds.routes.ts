/**
 * `/api/v1/holds`: any free testbeds with a label (waiting in line when asked to), heartbeats for
 * holds with a time-to-live, and releasing a whole hold.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TestbedRecord } from '../domain.js';
import { MAX_AHEAD_MS } from '../machines/shared/lifecycle-types.js';
import type { ApiHold, ApiHoldRepository } from '../store/api-holds.js';
import type { ApiToken } from '../store/tokens.js';
import { ApiError } from './errors.js';
import { deadlineOf, type HoldDesk } from './hold-desk.js';
import { purposeOf, releaseTime, type HoldTiming } from './release-time.js';
import { extendHoldSchema, heartbeatSchema, holdAnySchema, releaseHoldSchema } from './schemas.js';
import { hasLabel, testbedView } from './view.js';
import { extendWithToken, type TestbedRouteDeps } from './testbeds.routes.js';
import type { WaitingRoom } from './waiting-room.js';

export interface HoldRouteDeps extends TestbedRouteDeps {
  room: WaitingRoom;
  desk: HoldDesk;
  holds: ApiHoldRepository;
}

type HoldAnyBody = { label?: string; purpose: string; wait_seconds: number; quantity: number; ttl_seconds?: number } & HoldTiming;
type HoldIdParams = { Params: { hold_id: string } };

/** A hold id as the answer may repeat it: as sent when it is plain letters, digits and dashes. */
function printableId(holdId: string): string {
  return /^[\w-]+$/.test(holdId) ? holdId : 'with that id';
}

/** Aborts when the client closes the connection before the answer went out. */
function clientGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

export function registerHoldRoutes(app: FastifyInstance, deps: HoldRouteDeps): void {
  const { store, desk } = deps;
  const view = (record: TestbedRecord) => testbedView(record, store.lifecycle.get(record.id));

  /** The hold, when it exists and this token may touch it. */
  function holdFor(holdId: string, token: ApiToken): ApiHold {
    const hold = deps.holds.get(holdId);
    if (!hold || desk.liveTestbeds(hold).length === 0) throw new ApiError(404, 'not_found', `There is no hold ${printableId(holdId)} (it may have been released or expired).`);
    const own = hold.token_name === token.name && hold.owner_email.toLowerCase() === token.owner_email.toLowerCase();
    if (!own && !token.admin) throw new ApiError(403, 'forbidden', `Hold ${holdId} was made with another token.`);
    return hold;
  }

  app.post<{ Body: HoldAnyBody }>('/api/v1/holds', { schema: holdAnySchema }, async (request, reply) => {
    const body = request.body;
    const token = request.apiToken!;
    const purpose = purposeOf(body.purpose);
    if (!purpose.ok) throw new ApiError(422, 'invalid_body', purpose.message);
    const first = releaseTime(body, deps.now().toISOString());
    if (!first.ok) throw new ApiError(422, 'invalid_body', first.message);
    const label = body.label?.trim() || null;
    const what = label ? `testbed${body.quantity === 1 ? '' : 's'} with label ${label}` : `testbed${body.quantity === 1 ? '' : 's'}`;
    const existing = store.testbeds.all().filter((record) => label === null || hasLabel(record, label)).length;
    if (existing < body.quantity) {
      throw new ApiError(409, 'none_free', `There ${existing === 1 ? 'is' : 'are'} only ${existing} ${label ? `testbed${existing === 1 ? '' : 's'} with label ${label}` : 'testbeds'}; ${body.quantity} cannot be held at once.`);
    }
    const signal = clientGone(reply);
    const admission = await deps.room.join(
      {
        label,
        quantity: body.quantity,
        grant: async (testbedIds) => {
          // `minutes` count from the moment the testbeds are granted, not from the request.
          const now = deps.now().toISOString();
          const release = releaseTime(body, now);
          if (!release.ok) return null;
          const answer = await desk.hold({ token, testbedIds, purpose: purpose.purpose, expectedRelease: release.iso, ttlSeconds: body.ttl_seconds ?? null, now });
          return answer.ok ? answer : null;
        },
      },
      { waitMs: body.wait_seconds * 1000, signal },
    );
    if (!admission.ok) {
      if (admission.reason === 'closed') throw new ApiError(503, 'unavailable', 'The bot is stopping; try again shortly.');
      throw new ApiError(
        409,
        'none_free',
        body.wait_seconds > 0 ? `No ${body.quantity > 1 ? `${body.quantity} ` : ''}${what} became free within ${body.wait_seconds} s.` : `No ${body.quantity > 1 ? `${body.quantity} ` : ''}${what} ${body.quantity > 1 ? 'are' : 'is'} free right now.`,
      );
    }
    const { records, hold } = admission.granted;
    if (signal.aborted) {
      // Granted just as the client went away: nobody will use or release these, so they go back at once.
      await desk.releaseHold(hold, { token, own: true });
      return reply;
    }
    return { testbeds: records.map(view), hold_id: hold.hold_id };
  });

  app.post<HoldIdParams>('/api/v1/holds/:hold_id/heartbeat', { schema: heartbeatSchema }, async (request) => {
    const hold = holdFor(request.params.hold_id, request.apiToken!);
    const renewed = await desk.heartbeat(hold);
    if (!renewed) throw new ApiError(409, 'expired', `Hold ${hold.hold_id} was not renewed in time and is being released.`);
    return { hold_id: renewed.hold_id, ttl_seconds: renewed.ttl_seconds, expires_at: deadlineOf(renewed) };
  });

  app.post<HoldIdParams & { Body: { minutes: number } }>('/api/v1/holds/:hold_id/extend', { schema: extendHoldSchema }, async (request) => {
    const hold = holdFor(request.params.hold_id, request.apiToken!);
    const minutes = request.body.minutes;
    const records = desk.liveTestbeds(hold);
    // All or nothing for the one refusal that depends on the asker: an end past 90 days (each counted as its Extend is).
    const now = deps.now().getTime();
    const tooFar = records.some((record) => Math.max(Date.parse(record.expected_release_time ?? ''), now) + minutes * 60_000 - now > MAX_AHEAD_MS);
    if (tooFar) throw new ApiError(422, 'invalid_body', 'The hold would then end more than 90 days from now; nothing was extended.');
    const extended: TestbedRecord[] = [];
    for (const record of records) extended.push(await extendWithToken(deps, record, request.apiToken!, minutes));
    return { testbeds: extended.map(view) };
  });

  app.post<HoldIdParams>('/api/v1/holds/:hold_id/release', { schema: releaseHoldSchema }, async (request) => {
    const token = request.apiToken!;
    const hold = holdFor(request.params.hold_id, token);
    const own = hold.token_name === token.name && hold.owner_email.toLowerCase() === token.owner_email.toLowerCase();
    const released = await desk.releaseHold(hold, { token, own });
    return { testbeds: released.map(view) };
  });
}
