/**
 * `npm run bench`: figures, never assertions. Prints, and writes bench/results.json:
 * - status card build time and size for 500 testbeds;
 * - end-to-end menu round trips per second against the emulator (real sockets);
 * - 50-way registration race: time until every reply is posted;
 * - memory held per live conversation actor, and after they are forgotten.
 */
import { writeFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { statusCard } from '../src/cards/status.card.js';
import { cardBytes } from '../src/cards/common.js';
import type { TestbedRecord } from '../src/domain.js';
import { ask, availableTestbed, startHarness } from '../tests/support/harness.js';

function testbeds(count: number, now: number): TestbedRecord[] {
  return Array.from({ length: count }, (_, i) => {
    const base = availableTestbed(i + 1, `lab-${String(i + 1).padStart(3, '0')}-long-testbed-name`);
    if (i % 2 === 0) return base;
    return {
      ...base,
      status: 'in_use',
      user_email: `person.${i}@example.com`,
      user_name: `Person Number ${i}`,
      registered_time: new Date(now - 3_600_000).toISOString(),
      purpose: 'Long running regression suite for the upcoming release '.repeat(3),
      expected_release_time: new Date(now + (i % 4 === 1 ? -1 : 1) * 7_200_000).toISOString(),
    };
  });
}

async function main(): Promise<void> {
  const results: Record<string, number | string> = {};
  const now = Date.now();
  const fleet = testbeds(500, now);
  const rounds = 200;
  const started = performance.now();
  let bytes = 0;
  for (let i = 0; i < rounds; i++) bytes = cardBytes(statusCard({ testbeds: fleet, now: new Date(now).toISOString(), timeZone: 'UTC' }));
  results.status_card_500_ms = +((performance.now() - started) / rounds).toFixed(3);
  results.status_card_500_bytes = bytes;

  const h = await startHarness({ env: { LOG_LEVEL: 'warn' } });
  try {
    const trips = 100;
    const t0 = performance.now();
    for (let i = 0; i < trips; i++) await ask(h, h.ada, h.lab, 'testbed');
    results.menu_round_trips_per_s = +(trips / ((performance.now() - t0) / 1000)).toFixed(1);

    const people = Array.from({ length: 50 }, (_, i) => h.emu.createPerson({ displayName: `Racer ${i}`, email: `racer${i}@example.com` }));
    for (const person of people) h.emu.addMember(h.lab.id, person.id);
    const form = await ask(h, h.ada, h.lab, 'register');
    const since = h.emu.messageCount();
    const t1 = performance.now();
    for (const person of people) {
      h.emu.submitRaw({ personId: person.id, messageId: form.id, inputs: { action: 'register_submit', testbed_id: '1', purpose: 'race', release_choice: '1h' } });
    }
    await h.emu.waitForMessage(() => h.emu.messages().slice(since).filter((m) => m.personId === h.bot.id).length >= 50, { since, timeoutMs: 60_000 }).catch(() => undefined);
    while (h.emu.messages().slice(since).filter((m) => m.personId === h.bot.id).length < 50) await new Promise((r) => setTimeout(r, 10));
    results.race_50_registrations_ms = +(performance.now() - t1).toFixed(1);

    global.gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    const crowd = Array.from({ length: 300 }, (_, i) => h.emu.createPerson({ displayName: `Visitor ${i}`, email: `visitor${i}@example.com` }));
    for (const person of crowd) h.emu.addMember(h.lab.id, person.id);
    for (const person of crowd) await ask(h, person, h.lab, 'testbed');
    results.live_conversations = h.app.liveActors();
    global.gc?.();
    results.heap_per_live_conversation_kb = +((process.memoryUsage().heapUsed - heapBefore) / crowd.length / 1024).toFixed(1);
    results.gc_exposed = global.gc ? 'yes' : 'no (run with node --expose-gc for steadier memory figures)';
  } finally {
    await h.close();
  }
  for (const [name, value] of Object.entries(results)) process.stdout.write(`${name.padEnd(34)} ${value}\n`);
  await writeFile(new URL('./results.json', import.meta.url), `${JSON.stringify({ measuredAt: new Date().toISOString(), ...results }, null, 2)}\n`);
}

await main();
