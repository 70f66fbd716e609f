/**
 * Simulated people for the benchmark, inside the emulator process: each client clicks a button on
 * the bot's card, waits for the bot's reply in that room, and clicks again. The latency of a click
 * is the time from the click until the platform has the bot's reply (both measured here, on one clock).
 */
import { performance } from 'node:perf_hooks';
import type { Emulator, EmuMessage, EmuPerson } from '../src/platform/emulator/api.js';
import type { RunCommand, RunResult, StepKind } from './protocol.js';

export interface World {
  emu: Emulator;
  bot: EmuPerson;
  people: EmuPerson[];
  /** Room of person i. */
  roomOf: string[];
  /** The bot's card in each room (by room id). */
  anchors: Map<string, string>;
}

const REPLY_TIMEOUT_MS = 30_000;

/** The fallback text that says the bot answered this click as asked (not with an error or a refusal). */
const EXPECTED: Record<StepKind, RegExp> = {
  menu: /: status, register, release or broadcast\?/,
  status: /^Testbed status/,
  register: /^Booked: /,
  release: /^Released: /,
};

function inputsFor(kind: StepKind, testbedId: number): Record<string, string> {
  switch (kind) {
    case 'menu':
      return { action: 'menu' };
    case 'status':
      return { action: 'status' };
    case 'register':
      return { action: 'register_submit', testbed_id: String(testbedId), purpose: 'Benchmark run', release_choice: '1h' };
    case 'release':
      return { action: 'release_submit', testbed_id: String(testbedId) };
  }
}

export async function runClicks(world: World, command: RunCommand): Promise<RunResult> {
  const { emu, bot, people, roomOf, anchors } = world;
  // Replies are matched to clicks per room, first come first served.
  const waiting = new Map<string, Array<(message: EmuMessage) => void>>();
  const unsubscribe = emu.subscribe((event) => {
    if (event.type !== 'message.created' || event.message.personId !== bot.id) return;
    const queue = waiting.get(event.message.roomId);
    const next = queue?.shift();
    if (queue && queue.length === 0) waiting.delete(event.message.roomId);
    next?.(event.message);
  });

  const result: RunResult = { latencies: {}, elapsedMs: 0, replies: 0, timeouts: 0, unexpected: 0, samples: {} };
  const replyIn = (roomId: string) =>
    new Promise<EmuMessage | undefined>((resolve) => {
      const timer = setTimeout(() => {
        const queue = waiting.get(roomId);
        const at = queue?.indexOf(settle) ?? -1;
        if (queue && at >= 0) queue.splice(at, 1);
        resolve(undefined);
      }, REPLY_TIMEOUT_MS);
      const settle = (message: EmuMessage) => {
        clearTimeout(timer);
        resolve(message);
      };
      const queue = waiting.get(roomId) ?? [];
      queue.push(settle);
      waiting.set(roomId, queue);
    });

  async function click(user: number, kind: StepKind): Promise<void> {
    const person = people[user];
    const roomId = roomOf[user];
    const messageId = anchors.get(roomId);
    if (!person || !roomId || !messageId) throw new Error(`no person ${user}`);
    const reply = replyIn(roomId);
    const started = performance.now();
    emu.submitRaw({ personId: person.id, messageId, inputs: inputsFor(kind, (command.testbedBase ?? 1) + user) });
    const message = await reply;
    if (!message) {
      result.timeouts += 1;
      return;
    }
    (result.latencies[kind] ??= []).push(performance.now() - started);
    result.replies += 1;
    if (!EXPECTED[kind].test(message.text ?? '')) result.unexpected += 1;
    result.samples[kind] ??= { text: message.text, attachments: message.attachments };
  }

  const queue = [...command.users];
  async function client(): Promise<void> {
    for (let user = queue.shift(); user !== undefined; user = queue.shift()) {
      for (let round = 0; round < command.rounds; round++) {
        for (const kind of command.steps) await click(user, kind);
      }
    }
  }

  const started = performance.now();
  try {
    await Promise.all(Array.from({ length: Math.max(1, Math.min(command.concurrency, command.users.length)) }, client));
  } finally {
    unsubscribe();
  }
  result.elapsedMs = performance.now() - started;
  return result;
}
