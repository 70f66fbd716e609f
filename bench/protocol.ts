/**
 * What `bench/run.ts` and the emulator process (`bench/emulator-server.ts`) say to each other:
 * one JSON line from the emulator when it is ready, then one JSON line per command on its stdin,
 * answered by one JSON line on its stdout.
 */

/** A click a simulated person makes on the bot's card; `register`/`release` use the person's own testbed. */
export type StepKind = 'menu' | 'status' | 'register' | 'release';

/** The first line the emulator process prints. */
export interface EmulatorReady {
  ready: true;
  pid: number;
  url: string;
  restUrl: string;
  discoveryUrl: string;
  botToken: string;
  /** Rooms the bot answers in (APPROVED_ROOMS). */
  roomIds: string[];
  people: number;
  /** For the floor: an attachment action the bot may read, and a room it may post in. */
  floor: { actionId: string; roomId: string };
}

export interface RunCommand {
  cmd: 'run';
  /** Person indexes to act as, taken in order by `concurrency` simulated clients. */
  users: number[];
  concurrency: number;
  /** Each person repeats `steps` this many times, waiting for each reply before the next click. */
  rounds: number;
  steps: StepKind[];
  /** Person i books testbed `testbedBase + i`. */
  testbedBase?: number;
}

export interface RunResult {
  /** Milliseconds from the click to the bot's reply arriving at the platform, per step kind. */
  latencies: Partial<Record<StepKind, number[]>>;
  elapsedMs: number;
  replies: number;
  /** Clicks that got no reply in time, and replies that were not the expected card. */
  timeouts: number;
  unexpected: number;
  /** One reply per step kind as the bot posted it (text and attachments): the floor posts the same body. */
  samples: Partial<Record<StepKind, { text?: string; attachments?: unknown }>>;
}

export type Command = RunCommand | { cmd: 'stop' };
