/**
 * End-to-end fuzz (30 runs) against the emulator: hostile card submissions and
 * message texts sent exactly like a forged client would (raw submission of a
 * real card) never change the testbed file, and always get exactly one reply.
 */
import { readFile } from 'node:fs/promises';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ask, startHarness, type Harness } from '../support/harness.js';
import { ACTIONS, hostileInputs, hostileString, invalidTestbedId } from './fuzz-arbitraries.js';

/**
 * Actions whose handling cannot change a record here (submits are covered separately with invalid data): every testbed
 * is free and Ada holds none, so the buttons of a booking or queue are refused, and she is no admin.
 */
const HARMLESS_ACTIONS = ACTIONS.filter((action) => !/^(register|release|feedback)_submit$|^cancel$/.test(action));

type Probe = { kind: 'card'; inputs: Record<string, unknown> } | { kind: 'text'; text: string };

function withOwn(inputs: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  const copy = { ...inputs };
  Object.defineProperty(copy, key, { value, enumerable: true, configurable: true, writable: true });
  return copy;
}

const probe: fc.Arbitrary<Probe> = fc.oneof(
  // A register submit whose testbed no form offers, with anything else around it.
  fc.tuple(hostileInputs, invalidTestbedId).map(([inputs, id]) => ({
    kind: 'card' as const,
    inputs: withOwn(withOwn(inputs, 'action', 'register_submit'), 'testbed_id', id),
  })),
  // A release of a testbed nobody holds (all are free) or of one that does not exist.
  fc.tuple(hostileInputs, fc.oneof(fc.constantFrom('1', '2', '3'), invalidTestbedId)).map(([inputs, id]) => ({
    kind: 'card' as const,
    inputs: withOwn(withOwn(inputs, 'action', 'release_submit'), 'testbed_id', id),
  })),
  // Any other button, or an action nobody knows, with hostile extra inputs.
  fc.tuple(hostileInputs, fc.oneof(fc.constantFrom(...HARMLESS_ACTIONS), hostileString.filter((s) => !/^(register|release|feedback)_submit$|^cancel$/.test(s)))).map(
    ([inputs, action]) => ({ kind: 'card' as const, inputs: withOwn(inputs, 'action', action) }),
  ),
  // Text of any shape (except the ones that legitimately get no answer: blank, cancel/stop without a conversation).
  hostileString
    .map((text) => text.slice(0, 3000))
    .filter((text) => text.trim() !== '' && !/^\/?(cancel|stop)$/i.test(text.trim()))
    .map((text) => ({ kind: 'text' as const, text })),
);

describe('end-to-end fuzz: hostile submissions against the running bot', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  it('never changes the file and always answers exactly once', async () => {
    const before = await readFile(h.testbedPath, 'utf8');
    const form = await ask(h, h.ada, h.lab, 'register');
    let replies = 0;
    await fc.assert(
      fc.asyncProperty(probe, async (p) => {
        const since = h.emu.messageCount();
        if (p.kind === 'card') h.emu.submitRaw({ personId: h.ada.id, messageId: form.id, inputs: p.inputs });
        else h.emu.say({ personId: h.ada.id, roomId: h.lab.id, text: p.text, mentions: [h.bot.id] });
        await h.emu.waitForMessage((m) => m.personId === h.bot.id && m.roomId === h.lab.id, { since, timeoutMs: 8_000 });
        await h.app.idle();
        const answers = h.emu.messages().slice(since).filter((m) => m.personId === h.bot.id);
        expect(answers).toHaveLength(1);
        expect(`${answers[0].text ?? ''}`.trim().length).toBeGreaterThan(0);
        replies += 1;
        expect(await readFile(h.testbedPath, 'utf8')).toBe(before);
      }),
      { numRuns: 30, seed: 6 },
    );
    expect(replies).toBeGreaterThanOrEqual(30);
    expect(h.app.healthStatus().status).toBe('healthy');
    expect(h.logs.join('')).not.toContain('actor failed');
  }, 60_000);
});
