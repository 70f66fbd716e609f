/**
 * The chaos monkey: while the run lasts, at random moments, drops or closes
 * the bot's socket, refuses reconnects for a moment, answers REST calls with
 * 429 + Retry-After or 5xx, slows every response down, or delivers activities
 * twice. Every fault goes through the emulator's public fault API.
 */
import type { EmuPerson, Emulator } from '../../../src/platform/emulator/api.js';
import type { Rng } from './prng.js';

export type FaultKind = 'socketClosed' | 'socketDropped' | 'socketsRefused' | 'rest429' | 'rest5xx' | 'slowRest' | 'duplicates';

const ROUTES: Array<{ method: string; path: RegExp; label: string }> = [
  { method: 'POST', path: /^\/messages$/, label: 'POST /messages' },
  { method: 'GET', path: /^\/attachment\/actions\//, label: 'GET /attachment/actions' },
  { method: 'GET', path: /^\/messages\//, label: 'GET /messages' },
  { method: 'GET', path: /^\/people\//, label: 'GET /people' },
  { method: 'PUT', path: /^\/wdm\/api\/v1\/devices\//, label: 'PUT device' },
];

const WEIGHTS: Array<[FaultKind, number]> = [
  ['socketClosed', 16],
  ['socketDropped', 12],
  ['socketsRefused', 5],
  ['rest429', 22],
  ['rest5xx', 22],
  ['slowRest', 10],
  ['duplicates', 13],
];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface MonkeyOptions {
  emu: Emulator;
  bot: EmuPerson;
  rng: Rng;
  /** Pause between faults, ms. */
  gapMs: [number, number];
  stopped: () => boolean;
}

export interface MonkeyReport {
  faults: Record<FaultKind, number>;
  /** Per REST route and status, how many error answers were armed (429 and 5xx; unused ones are cleared at the end). */
  restErrors: Record<string, number>;
}

function pickKind(rng: Rng): FaultKind {
  const total = WEIGHTS.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = rng.next() * total;
  for (const [kind, weight] of WEIGHTS) {
    roll -= weight;
    if (roll < 0) return kind;
  }
  return WEIGHTS[0][0];
}

export async function runMonkey(options: MonkeyOptions): Promise<MonkeyReport> {
  const { emu, bot, rng } = options;
  const report: MonkeyReport = {
    faults: { socketClosed: 0, socketDropped: 0, socketsRefused: 0, rest429: 0, rest5xx: 0, slowRest: 0, duplicates: 0 },
    restErrors: {},
  };
  const pending: Promise<unknown>[] = [];
  while (!options.stopped()) {
    await sleep(rng.int(options.gapMs[0], options.gapMs[1]));
    if (options.stopped()) break;
    const kind = pickKind(rng);
    report.faults[kind] += 1;
    switch (kind) {
      case 'socketClosed': {
        const [code, reason] = rng.pick([[1011, 'server error'], [1001, 'going away'], [1000, 'idle'], [4000, 'server move']] as const);
        emu.faults.closeSockets({ personId: bot.id, code, reason });
        break;
      }
      case 'socketDropped':
        emu.faults.dropSockets({ personId: bot.id });
        break;
      case 'socketsRefused':
        emu.faults.refuseSockets(true);
        emu.faults.closeSockets({ personId: bot.id, code: 1011, reason: 'maintenance' });
        pending.push(sleep(rng.int(300, 1_500)).then(() => emu.faults.refuseSockets(false)));
        break;
      case 'rest429':
      case 'rest5xx': {
        const route = rng.pick(ROUTES);
        const status = kind === 'rest429' ? 429 : rng.pick([500, 502, 503, 504]);
        const times = kind === 'rest429' ? rng.int(1, 2) : 1;
        // A 503 sometimes carries Retry-After (the platform's "not processed, come back").
        const retryAfter = status === 429 || (status === 503 && rng.chance(0.5)) ? 1 : undefined;
        emu.faults.restFault({ method: route.method, path: route.path, status, times, ...(retryAfter ? { retryAfter } : {}) });
        report.restErrors[`${route.label} ${status}`] = (report.restErrors[`${route.label} ${status}`] ?? 0) + times;
        break;
      }
      case 'slowRest':
        emu.faults.restDelay(rng.int(50, 400));
        pending.push(sleep(rng.int(500, 2_000)).then(() => emu.faults.restDelay(0)));
        break;
      case 'duplicates':
        emu.faults.duplicateActivities(rng.int(1, 3));
        break;
    }
  }
  await Promise.all(pending);
  emu.faults.refuseSockets(false);
  emu.faults.restDelay(0);
  emu.faults.clearRestFaults();
  emu.faults.duplicateActivities(0);
  return report;
}
