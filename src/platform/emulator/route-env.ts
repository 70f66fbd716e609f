/** What the route modules need from the running emulator. */
import type { ActivityContext } from './activities.js';
import type { Links } from './format.js';
import type { MercuryHub } from './mercury.js';
import type { Operations } from './operations.js';
import type { EmulatorStore } from './store.js';

export interface RouteEnv {
  store: EmulatorStore;
  ops: Operations;
  hub: MercuryHub;
  activity: ActivityContext;
  links: Links & { rest: string; hostKey: string };
  deviceCap: number;
}
