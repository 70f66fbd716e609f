/**
 * Inbound pipeline: envelope → plan (pure) → de-duplicate → fetch the message
 * or card action over REST → map (pure) → handlers, strictly in arrival order.
 * Fetches run in parallel; delivery waits for earlier events. Nothing thrown
 * here ever reaches the socket.
 */
import type { Logger } from 'pino';
import type { PlatformEvent } from '../port.js';
import type { RecentIds } from './dedupe.js';
import { PlatformError } from './errors.js';
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
}

export class InboundPipeline {
  private readonly handlers: EventHandler[] = [];
  private tail: Promise<void> = Promise.resolve();

  constructor(private readonly deps: InboundDeps) {}

  onEvent(handler: EventHandler): void {
    this.handlers.push(handler);
  }

  /** Resolves when everything pushed so far has been delivered. */
  idle(): Promise<void> {
    return this.tail;
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
      return;
    }
    if (plan.kind === 'ignore') {
      logger.debug({ eventType: plan.eventType, verb: plan.verb, activityId: plan.activityId, reason: plan.reason }, 'event ignored');
      return;
    }
    if (this.deps.recent.checkAndRemember(plan.activityId)) {
      logger.debug({ activityId: plan.activityId, verb: plan.activity.verb }, 'duplicate activity dropped');
      return;
    }
    const receivedAt = (this.deps.now?.() ?? new Date()).toISOString();
    const hydrated = this.hydrate(plan, ctx, receivedAt);
    this.tail = this.tail.then(async () => {
      const event = await hydrated;
      if (event) await this.deliver(event);
    });
  }

  /**
   * An event found by other means than the socket (catch-up after a reconnect):
   * delivered in order with the rest, unless its id was already seen.
   */
  pushEvent(event: PlatformEvent, activityId: string): boolean {
    if (this.deps.recent.checkAndRemember(activityId)) return false;
    this.tail = this.tail.then(() => this.deliver(event));
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
      if (e && (e.status === 403 || e.status === 404)) logger.debug(fields, 'activity not readable; skipped');
      else if (e?.code !== 'stopped') logger.warn(fields, 'could not fetch activity; skipped');
      return undefined;
    }
    const mapped =
      plan.kind === 'fetchMessage'
        ? toMessageEvent(plan.activity, fetched, ctx, receivedAt)
        : toCardActionEvent(plan.activity, fetched, ctx, receivedAt);
    if (!mapped.ok) {
      const level = mapped.malformed ? 'warn' : 'debug';
      logger[level]({ activityId: plan.activityId, reason: mapped.reason }, 'activity skipped');
      return undefined;
    }
    return mapped.event;
  }

  private async deliver(event: PlatformEvent): Promise<void> {
    this.deps.logger.debug({ type: event.type, id: event.id, roomId: event.roomId }, 'event received');
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
