/**
 * Inbound pipeline: envelope → plan (pure) → de-duplicate → fetch the message
 * or card action over REST → map (pure) → handlers. Fetches run in parallel.
 * Delivery keeps arrival order within one conversation (the same room and
 * person): an event waits only for the earlier events of its own
 * conversation, so one person's slow or rate-limited fetch holds up nobody
 * else. Nothing thrown here ever reaches the socket.
 */
import type { Logger } from 'pino';
import { Lanes } from '../../lanes.js';
import { uuidOf } from '../ids.js';
import type { PlatformEvent } from '../port.js';
import type { RecentIds } from './dedupe.js';
import { PlatformError } from './errors.js';
import type { Activity } from './frames.js';
import { silentMetrics, type PlatformMetrics } from './metrics.js';
import type { RestClient } from './rest.js';
import { planEnvelope, toCardActionEvent, toMessageEvent, type MappingContext } from './to-platform-event.js';

export type EventHandler = (event: PlatformEvent) => void | Promise<void>;

export interface InboundDeps {
  rest: RestClient;
  logger: Logger;
  recent: RecentIds;
  /** Available once the bot profile is known (after start). */
  context: () => MappingContext | undefined;
  now?: () => Date;
  metrics?: PlatformMetrics;
}

/** The conversation an event belongs to: room and person, as lower-case UUIDs (socket frames carry UUIDs, REST ids wrap them). */
export function conversationLane(roomId: string | undefined, personId: string | undefined): string {
  return `${uuidOf(roomId ?? '').toLowerCase()} ${uuidOf(personId ?? '').toLowerCase()}`;
}

function laneOfActivity(activity: Activity): string {
  return conversationLane(activity.target?.id, activity.actor.entryUUID ?? activity.actor.id ?? undefined);
}

export class InboundPipeline {
  private readonly handlers: EventHandler[] = [];
  private readonly lanes: Lanes;
  private readonly metrics: PlatformMetrics;

  constructor(private readonly deps: InboundDeps) {
    this.metrics = deps.metrics ?? silentMetrics;
    this.lanes = new Lanes((error) =>
      deps.logger.error({ err: error instanceof Error ? { name: error.name, message: error.message } : String(error) }, 'inbound delivery failed'),
    );
  }

  onEvent(handler: EventHandler): void {
    this.handlers.push(handler);
  }

  /** Resolves when everything pushed so far has been delivered. */
  idle(): Promise<void> {
    return this.lanes.idle();
  }

  push(envelope: Record<string, unknown>): void {
    const { logger } = this.deps;
    const ctx = this.deps.context();
    if (!ctx) {
      logger.warn('envelope before the bot profile is known; skipped');
      return;
    }
    const plan = planEnvelope(envelope, ctx);
    if (plan.kind === 'malformed') {
      logger.warn({ envelopeId: typeof envelope.id === 'string' ? envelope.id : undefined, problem: plan.problem }, 'malformed frame skipped');
      this.metrics.eventDropped('invalid');
      return;
    }
    if (plan.kind === 'ignore') {
      logger.debug({ eventType: plan.eventType, verb: plan.verb, activityId: plan.activityId, reason: plan.reason }, 'event ignored');
      return;
    }
    if (this.deps.recent.checkAndRemember(plan.activityId)) {
      logger.debug({ activityId: plan.activityId, verb: plan.activity.verb }, 'duplicate activity dropped');
      this.metrics.eventDropped('duplicate');
      return;
    }
    const receivedAt = (this.deps.now?.() ?? new Date()).toISOString();
    // The fetch starts now; only the hand-over to the handlers waits for the conversation's earlier events.
    const hydrated = this.hydrate(plan, ctx, receivedAt);
    void this.lanes.add(laneOfActivity(plan.activity), async () => {
      const event = await hydrated;
      if (event) await this.deliver(event);
    });
  }

  /**
   * An event found by other means than the socket (catch-up after a reconnect):
   * delivered in order with the rest of its conversation, unless its id was already seen.
   */
  pushEvent(event: PlatformEvent, activityId: string): boolean {
    if (this.deps.recent.checkAndRemember(activityId)) {
      this.metrics.eventDropped('duplicate');
      return false;
    }
    void this.lanes.add(conversationLane(event.roomId, event.personId), () => this.deliver(event));
    return true;
  }

  private async hydrate(
    plan: Extract<ReturnType<typeof planEnvelope>, { kind: 'fetchMessage' | 'fetchCardAction' }>,
    ctx: MappingContext,
    receivedAt: string,
  ): Promise<PlatformEvent | undefined> {
    const { logger, rest } = this.deps;
    const path = plan.kind === 'fetchMessage' ? `messages/${plan.restId}` : `attachment/actions/${plan.restId}`;
    let fetched: unknown;
    try {
      fetched = await rest.get(path);
    } catch (error) {
      const e = error instanceof PlatformError ? error : undefined;
      const fields = { activityId: plan.activityId, verb: plan.activity.verb, code: e?.code, status: e?.status, trackingId: e?.trackingId };
      if (e && (e.status === 403 || e.status === 404)) {
        logger.debug(fields, 'activity not readable; skipped');
        this.metrics.eventDropped('unreadable');
      } else if (e?.code !== 'stopped') {
        logger.warn(fields, 'could not fetch activity; skipped');
        this.metrics.eventDropped('fetch_failed');
      }
      return undefined;
    }
    const mapped =
      plan.kind === 'fetchMessage'
        ? toMessageEvent(plan.activity, fetched, ctx, receivedAt)
        : toCardActionEvent(plan.activity, fetched, ctx, receivedAt);
    if (!mapped.ok) {
      const level = mapped.malformed ? 'warn' : 'debug';
      logger[level]({ activityId: plan.activityId, reason: mapped.reason }, 'activity skipped');
      if (mapped.malformed) this.metrics.eventDropped('invalid');
      return undefined;
    }
    return mapped.event;
  }

  private async deliver(event: PlatformEvent): Promise<void> {
    this.deps.logger.debug({ type: event.type, id: event.id, roomId: event.roomId }, 'event received');
    this.metrics.eventReceived(event.type);
    for (const handler of this.handlers) {
      try {
        await handler(event);
      } catch (error) {
        this.deps.logger.error(
          { type: event.type, id: event.id, err: error instanceof Error ? { name: error.name, message: error.message } : String(error) },
          'event handler failed',
        );
      }
    }
  }
}
