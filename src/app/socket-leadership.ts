/**
 * Several instances, one socket: only the instance that wins the leader election listens to the
 * platform. Elected → `platform.start()` (device, socket, catch-up); stepped down (lock or database
 * connection lost, or stopping) → `platform.pause()`, which closes the socket before anything else
 * runs. The process stays up as a standby, serving the API and posting over REST, and competes again.
 */
import type { Logger } from 'pino';
import type { Platform } from '../platform/port.js';
import type { LeaderElector } from '../store/pg/leader.js';
import type { InstanceRole } from '../health.js';

/**
 * How far back a new leader looks for messages nobody received. The socket of a leader that died
 * closed at most a poll interval before the lock came free; one cut off from the database closed it
 * a few seconds before the server freed the lock. The adapter adds its own few seconds of slack.
 */
export const TAKEOVER_CATCH_UP_MS = 5_000;

export interface SocketLeadershipDeps {
  elector: LeaderElector;
  platform: Platform;
  logger: Logger;
  /** Every change of role. */
  onRole(role: InstanceRole): void;
  /** The platform refused to start for good (a revoked token) while this instance leads. */
  onFatal(error: unknown): void;
  /** Message ids the previous leader handled, so catching up skips them (empty when unknown). */
  alreadyHandled?: () => Promise<readonly string[]>;
  now?: () => number;
}

export interface SocketLeadership {
  role(): InstanceRole;
  /** Whether the dedicated election connection is up (a standby without it cannot take over). */
  databaseUp(): boolean;
  start(): void;
  /** Steps down (the socket closes, the lock is given back), then stops competing. */
  stop(): Promise<void>;
}

function isStopped(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'stopped';
}

export function createSocketLeadership(deps: SocketLeadershipDeps): SocketLeadership {
  const { elector, platform, logger } = deps;
  const now = deps.now ?? Date.now;
  const pause = platform.pause?.bind(platform);
  if (!pause) throw new TypeError('several instances need a platform that can pause its socket');
  let role: InstanceRole = 'standby';
  const report = () => deps.onRole(role);

  elector.onChange((next, reason) => {
    role = next;
    if (next === 'standby') {
      // Synchronously, inside the elector's event: the socket is closed before any other event is handled.
      void pause();
      logger.warn({ reason }, 'standby: the platform socket is closed; another instance may lead');
      report();
      return;
    }
    logger.info('leader: opening the platform socket');
    report();
    const catchUpSince = now() - TAKEOVER_CATCH_UP_MS;
    const handled = deps.alreadyHandled
      ? deps.alreadyHandled().catch((error: unknown) => {
          logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'leader: could not read which messages were handled; catching up may repeat some');
          return [];
        })
      : Promise.resolve([]);
    void handled
      .then((alreadyHandled) => {
        // Stepped down while reading: the socket stays closed.
        if (role !== 'leader') return;
        return platform.start({ catchUpSince, alreadyHandled }).then(() => logger.info('leader: the platform socket is connected'));
      })
      .catch((error: unknown) => {
        // Stepped down (or stopping) while connecting: nothing to report.
        if (isStopped(error) || role !== 'leader') return;
        deps.onFatal(error);
      });
  });

  return {
    role: () => role,
    databaseUp: () => elector.backendPid !== null,
    start() {
      report();
      elector.start();
    },
    async stop() {
      await elector.stop();
    },
  };
}
