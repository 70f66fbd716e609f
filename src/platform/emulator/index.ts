/**
 * The embedded Webex platform emulator: a real HTTP + WebSocket server on
 * 127.0.0.1 speaking the protocol subset described in docs/platform.md
 * (U2C, WDM, Mercury, REST), with a programmatic API (api.ts).
 *
 *   const emu = await startEmulator();
 *   const bot = emu.createBot({ displayName: 'Testbed Monitor', email: 'testbed-monitor@webex.bot' });
 *   // point the adapter at emu.restUrl / emu.discoveryUrl with bot.token
 *   await emu.stop();
 */
import type { Emulator, EmulatorOptions } from './api.js';
import type { ActivityContext } from './activities.js';
import { createDriver } from './driver.js';
import { EventBus } from './events.js';
import { FaultState } from './faults.js';
import { MercuryHub } from './mercury.js';
import { Operations } from './operations.js';
import type { RouteEnv } from './route-env.js';
import { discoveryRoutes } from './routes-discovery.js';
import { messageRoutes } from './routes-messages.js';
import { peopleRoomRoutes } from './routes-people-rooms.js';
import { EmulatorServer } from './server.js';
import { EmulatorStore } from './store.js';

export type * from './api.js';
export { CardInputsInvalidError, cardSubmission, type InputProblem } from './card-submit.js';

export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const host = options.host ?? '127.0.0.1';
  const store = new EmulatorStore(options.cluster ?? 'us');
  const faults = new FaultState();
  const bus = new EventBus(options.recordFrames ?? true);
  const hub = new MercuryHub({
    store,
    faults,
    emit: (event) => bus.emit(event),
    record: (frame) => bus.record(frame),
    authTimeoutMs: options.authTimeoutMs ?? 30_000,
    pingIntervalMs: options.protocolPingIntervalMs ?? 10_000,
  });
  const server = new EmulatorServer({ store, faults, hub, ...(options.tls ? { tls: options.tls } : {}) });
  let port: number;
  try {
    port = await server.listen(options.port ?? 0, host);
  } catch (error) {
    await hub.stop();
    throw error;
  }

  const hostKey = `${host.includes(':') ? `[${host}]` : host}:${port}`;
  const url = `${options.tls ? 'https' : 'http'}://${hostKey}`;
  const links = {
    url,
    rest: `${url}/v1`,
    wsBase: `${options.tls ? 'wss' : 'ws'}://${hostKey}`,
    conversation: `${url}/conversation/api/v1`,
    hostKey,
  };
  const activity: ActivityContext = {
    conversationUrl: links.conversation,
    botActorType: options.botActorType ?? 'BOT',
    deliverUnmentionedToBots: options.deliverUnmentionedToBots ?? false,
  };
  const ops = new Operations(store, hub, faults, activity, (build) => bus.announce(build));
  const env: RouteEnv = { store, ops, hub, activity, links, deviceCap: options.deviceCap ?? 100 };
  server.setRoutes([...discoveryRoutes(env), ...peopleRoomRoutes(env), ...messageRoutes(env)]);

  return createDriver({ store, ops, hub, faults, bus, server, links });
}
