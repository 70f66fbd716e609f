/**
 * One simulated person in their own approved room, acting like a user: one
 * step at a time, waiting for the bot's reply before the next click. A step
 * the platform lost (sent while the bot's socket was down, so never put on the
 * bot's socket) is given time to be answered by the bot's catch-up after it
 * reconnects, then sent again, as a person would; a step the bot did receive is
 * never repeated, however long its reply takes.
 */
import type { EmuMessage, EmuPerson, EmuRoom, Emulator } from '../../../src/platform/emulator/api.js';
import { uuidOf } from '../../../src/platform/ids.js';
import type { Rng } from './prng.js';

export interface StepStats {
  sent: number;
  lostAndResent: number;
  /** Steps the platform lost that the bot still answered after reconnecting (its catch-up). */
  recoveredByCatchUp: number;
  answered: number;
  unanswered: number;
  scenarios: Record<string, number>;
}

export interface PersonOptions {
  emu: Emulator;
  bot: EmuPerson;
  person: EmuPerson;
  room: EmuRoom;
  rng: Rng;
  stats: StepStats;
  broadcast: boolean;
  /** True once the run is over: finish the current step, start no new one. */
  stopped: () => boolean;
  patienceMs?: number;
  longWaitMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const KINDS = ['availability', 'maintenance', 'usage'];
const RELEASE_CHOICES = ['1h', '4h', 'eod', '1d', '3d', '1w'];

/** Values of the ChoiceSet input `id` on a card. */
export function choiceValues(message: EmuMessage, id: string): string[] {
  const found: string[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      const element = node as Record<string, unknown>;
      if (element.type === 'Input.ChoiceSet' && element.id === id && Array.isArray(element.choices)) {
        for (const choice of element.choices as Array<{ value?: unknown }>) if (typeof choice.value === 'string') found.push(choice.value);
      }
      Object.values(element).forEach(walk);
    }
  };
  walk(message.attachments?.[0]?.content);
  return found;
}

export function createPerson(options: PersonOptions) {
  const { emu, bot, person, room, rng, stats } = options;
  const patienceMs = options.patienceMs ?? 2_500;
  const longWaitMs = options.longWaitMs ?? 12_000;
  let steps = 0;

  const reply = (since: number, timeoutMs: number) =>
    emu
      .waitForMessage((m) => m.roomId === room.id && m.personId === bot.id, { since, timeoutMs })
      .catch(() => null);

  function putOnBotSocket(id: string): boolean {
    const uuid = uuidOf(id).toLowerCase();
    return emu.frames().some((f) => f.direction === 'out' && String(f.frame.data?.activity?.id ?? '').toLowerCase() === uuid);
  }

  async function step(send: () => { id: string }): Promise<EmuMessage | null> {
    for (let attempt = 0; attempt < 4; attempt++) {
      if (options.stopped()) return null;
      const since = emu.messageCount();
      let sent: { id: string };
      try {
        sent = send();
      } catch {
        return null; // the card had no such button: the conversation went elsewhere
      }
      stats.sent += 1;
      const quick = await reply(since, patienceMs);
      if (quick) {
        stats.answered += 1;
        return quick;
      }
      if (!putOnBotSocket(sent.id)) {
        // Lost by the platform while the bot's socket was down. A text message comes back through the
        // bot's catch-up after it reconnects; give it that long before sending the step again.
        const recovered = await reply(since, longWaitMs);
        if (recovered) {
          stats.answered += 1;
          stats.recoveredByCatchUp += 1;
          return recovered;
        }
        stats.lostAndResent += 1;
        await sleep(rng.int(200, 1_000));
        continue;
      }
      const late = await reply(since, longWaitMs);
      if (late) stats.answered += 1;
      else stats.unanswered += 1;
      return late;
    }
    return null;
  }

  const say = (text: string) => () => emu.say({ personId: person.id, roomId: room.id, text, mentions: [bot.id] });
  const click = (card: EmuMessage, action: string, inputs: Record<string, string> = {}) => () =>
    emu.submitCard({ personId: person.id, messageId: card.id, action, inputs });

  async function book(testbedCount: number): Promise<void> {
    const menu = await step(say('testbed'));
    const form = menu && (await step(click(menu, 'register')));
    if (!form) return;
    const free = choiceValues(form, 'testbed_id');
    // Sometimes a stale choice: a testbed somebody may have taken meanwhile.
    const id = free.length > 0 && rng.chance(0.8) ? rng.pick(free) : String(rng.int(1, testbedCount));
    const purpose = `chaos run ${++steps} by ${person.displayName}`;
    await step(click(form, 'register_submit', { testbed_id: id, purpose, release_choice: rng.pick(RELEASE_CHOICES) }));
  }

  async function release(): Promise<void> {
    const form = await step(say('release'));
    const held = form ? choiceValues(form, 'testbed_id') : [];
    if (!form || held.length === 0) return;
    // The form lists the person's own bookings first; sometimes people free someone else's.
    const id = rng.chance(0.7) ? held[0] : rng.pick(held);
    await step(click(form, 'release_submit', { testbed_id: id }));
  }

  async function broadcast(): Promise<void> {
    const rooms = await step(say('broadcast'));
    const compose = rooms && (await step(click(rooms, 'broadcast_rooms_submit', { select_all: 'true' })));
    const preview = compose && (await step(click(compose, 'broadcast_message_submit', { message_kind: rng.pick(KINDS), message_text: `note ${++steps}` })));
    if (preview) await step(click(preview, 'broadcast_confirm'));
  }

  return {
    async run(testbedCount: number): Promise<void> {
      while (!options.stopped()) {
        const roll = rng.next();
        const scenario = roll < 0.45 ? 'book' : roll < 0.8 ? 'release' : roll < 0.9 && options.broadcast ? 'broadcast' : 'status';
        stats.scenarios[scenario] = (stats.scenarios[scenario] ?? 0) + 1;
        if (scenario === 'book') await book(testbedCount);
        else if (scenario === 'release') await release();
        else if (scenario === 'broadcast') await broadcast();
        else await step(say(rng.chance(0.5) ? 'status' : 'help'));
        await sleep(rng.int(20, 300));
      }
    },
  };
}
