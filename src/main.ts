/**
 * Process entry: configuration → logger → app → health server; signals and
 * exit codes. With no platform settings at all (no token, no room list, in the
 * environment or in .env) `npm start` runs the offline sandbox instead, so a
 * newcomer's first command works without a Webex account. With
 * NODE_ENV=production it never does: a deployed bot that lacks its settings
 * stops with a configuration error instead of quietly serving a sandbox.
 */
import { heapAfterStart } from './runtime-flags.js';
import { existsSync } from 'node:fs';
import { getHeapStatistics } from 'node:v8';
import { resolve } from 'node:path';
import { ConfigError, configSecrets, loadConfig, type Config } from './config.js';
import { createLogger } from './log.js';
import { createApp } from './app/create-app.js';
import { startHealthServer } from './health.js';
import { createMetrics } from './metrics.js';
import { createInspection } from './app/inspect.js';

const PLATFORM_SETTINGS = ['PLATFORM_ACCESS_TOKEN', 'APPROVED_ROOMS', 'PLATFORM_API_URL'];

const isProduction = process.env.NODE_ENV === 'production';

function wantsSandbox(): boolean {
  if (isProduction) return false;
  if (process.argv.includes('--sandbox')) return true;
  if (existsSync(resolve(process.cwd(), '.env'))) return false;
  return PLATFORM_SETTINGS.every((name) => !process.env[name]);
}

function exitWithConfigErrors(problems: string[]): never {
  process.stderr.write(`Configuration error:\n${problems.map((problem) => `  - ${problem}`).join('\n')}\n`);
  process.exit(1);
}

async function runBot(): Promise<void> {
  let config: Config;
  // Under NODE_ENV=production the sandbox is never an option, so asking for it is one more problem to report.
  const refusedSandbox = isProduction && process.argv.includes('--sandbox')
    ? ['--sandbox cannot be used with NODE_ENV=production; unset NODE_ENV to try the offline sandbox.']
    : [];
  try {
    config = loadConfig(process.env, { cwd: process.cwd() });
  } catch (error) {
    if (error instanceof ConfigError) exitWithConfigErrors([...refusedSandbox, ...error.problems]);
    throw error;
  }
  if (refusedSandbox.length > 0) exitWithConfigErrors(refusedSandbox);
  const logger = createLogger({ level: config.logLevel, secrets: configSecrets(config) });
  // A stray rejection (a library's background promise, a bug in a rarely used path) is logged, never fatal:
  // the bot keeps serving. The logger scrubs secrets from whatever the error carries.
  process.on('unhandledRejection', (reason) => logger.error({ err: reason }, 'unhandled promise rejection'));
  const inspection = config.inspect ? await createInspection(logger) : undefined;
  let app: Awaited<ReturnType<typeof createApp>>;
  let stopping = false;
  let health: Awaited<ReturnType<typeof startHealthServer>> | undefined;
  const cannotConnect = async (error: unknown) => {
    stopping = true;
    logger.fatal({ err: error }, 'could not connect to the platform');
    process.stderr.write(`Could not connect to the platform: ${(error as Error).message}\n`);
    await app.stop().catch(() => undefined);
    await health?.close();
    process.exit(1);
  };
  try {
    app = await createApp({
      config,
      logger,
      inspect: inspection?.inspect,
      metrics: createMetrics({ processMetrics: true }),
      // With STORE_URL the socket opens whenever this instance is elected, after start-up.
      onPlatformFailed: (error) => {
        if (!stopping) void cannotConnect(error);
      },
    });
  } catch (error) {
    logger.fatal({ err: error }, 'start-up failed');
    process.stderr.write(`Start-up failed: ${(error as Error).message}\n`);
    process.exit(1);
  }
  health = config.health
    ? await startHealthServer({ host: config.health.host, port: config.health.port, getStatus: () => app.healthStatus(), metrics: app.metrics })
    : undefined;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    await app.stop().catch((error) => logger.error({ err: error }, 'stop failed'));
    await health?.close();
    inspection?.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  try {
    await app.start();
  } catch (error) {
    // Stopped by a signal while still connecting: the signal handler finishes the shutdown.
    if (stopping) return;
    await cannotConnect(error);
    return;
  }
  const heap = heapAfterStart(getHeapStatistics());
  logger[heap.tight ? 'warn' : 'info']({ heapMiB: heap.heapMiB, limitMiB: heap.limitMiB }, heap.message);
}

if (wantsSandbox()) {
  process.stdout.write(
    'No platform settings found (PLATFORM_ACCESS_TOKEN, APPROVED_ROOMS): starting the offline sandbox.\n' +
      '(With NODE_ENV=production missing settings are a configuration error instead.)\n',
  );
  await import('./sandbox/main.js');
} else {
  await runBot();
}
