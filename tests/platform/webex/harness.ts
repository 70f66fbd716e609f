/**
 * Starts the real emulator on 127.0.0.1 and the Webex adapter against it with
 * short timings; collects events, connection states and every log line.
 */
import { pino } from 'pino';
import type { Emulator, EmulatorOptions, EmuPerson } from '../../../src/platform/emulator/api.js';
import { startEmulator } from '../../../src/platform/emulator/index.js';
import type { ConnectionState, PlatformEvent } from '../../../src/platform/port.js';
import { createWebexPlatform, type WebexPlatform } from '../../../src/platform/webex/index.js';
import type { WebexPlatformOptions, WebexTiming } from '../../../src/platform/webex/options.js';
import { until, type Truthy } from '../../support/wait.js';

export const FAST: Partial<WebexTiming> = {
  pingIntervalMs: 100,
  pongTimeoutMs: 400,
  silenceTimeoutMs: 800,
  backoffBaseMs: 20,
  backoffCapMs: 200,
  requestTimeoutMs: 3_000,
  deviceCleanupDelayMs: 20,
};

export interface Adapter {
  platform: WebexPlatform;
  events: PlatformEvent[];
  states: ConnectionState[];
}

export interface Harness {
  emu: Emulator;
  bot: EmuPerson;
  ada: EmuPerson;
  logs: string[];
  adapter(overrides?: Partial<WebexPlatformOptions>): Adapter;
  close(): Promise<void>;
}

export async function startHarness(emulatorOptions: EmulatorOptions = {}): Promise<Harness> {
  const emu = await startEmulator({ authTimeoutMs: 5_000, ...emulatorOptions });
  const bot = emu.createBot({ displayName: 'Testbed Monitor', email: 'testbed-monitor@webex.bot' });
  const ada = emu.createPerson({ displayName: 'Ada Ops', email: 'ada@example.com' });
  const logs: string[] = [];
  const logger = pino({ level: 'debug' }, { write: (line: string) => void logs.push(line) });
  const platforms: WebexPlatform[] = [];
  return {
    emu,
    bot,
    ada,
    logs,
    adapter(overrides = {}) {
      const platform = createWebexPlatform({
        accessToken: bot.token,
        apiUrl: emu.restUrl,
        discoveryUrl: emu.discoveryUrl,
        logger,
        ...overrides,
        timing: { ...FAST, ...overrides.timing },
      });
      const events: PlatformEvent[] = [];
      const states: ConnectionState[] = [];
      platform.onEvent((event) => void events.push(event));
      platform.onConnectionState((state) => void states.push(state));
      platforms.push(platform);
      return { platform, events, states };
    },
    async close() {
      await Promise.allSettled(platforms.map((p) => p.stop()));
      await emu.stop();
    },
  };
}

/** `until` from tests/support/wait.ts with this suite's argument order and a 10 s safety limit. */
export function waitFor<T>(check: () => T, what: string, timeoutMs = 10_000): Promise<Truthy<T>> {
  return until(check, { what, timeoutMs, everyMs: 10 });
}
