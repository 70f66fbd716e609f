/**
 * Figures measured inside this process, on the same code the bot runs: building the status
 * reply for a fleet, and durable store mutations (each one on disk before it is acknowledged).
 */
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { renderView } from '../src/app/render.js';
import { availableTestbed, type TestbedRecord } from '../src/domain.js';
import { openStore } from '../src/store/index.js';

/**
 * `count` testbeds: the first `freeFirst` available (people in the benchmark book those), the
 * others alternately available and in use (a quarter of those in use are overdue).
 */
export function fleet(count: number, now: number, freeFirst = 0): TestbedRecord[] {
  return Array.from({ length: count }, (_, i) => {
    const base = availableTestbed(i + 1, `lab-${String(i + 1).padStart(5, '0')}-regression-rig`);
    if (i < freeFirst || i % 2 === 0) return base;
    return {
      ...base,
      status: 'in_use',
      user_email: `holder.${i}@example.com`,
      user_name: `Holder Number ${i}`,
      registered_time: new Date(now - 3_600_000).toISOString(),
      purpose: 'Long running regression suite for the upcoming release',
      expected_release_time: new Date(now + (i % 4 === 1 ? -1 : 1) * 7_200_000).toISOString(),
    };
  });
}

/** Runs `work` for at least `minMs` and `minRuns` times; returns the mean milliseconds per run. */
function meanMs(work: () => void, minMs: number, minRuns: number): number {
  let runs = 0;
  const started = performance.now();
  while (runs < minRuns || performance.now() - started < minMs) {
    work();
    runs += 1;
  }
  return (performance.now() - started) / runs;
}

export interface StatusBuild {
  testbeds: number;
  ms: number;
  bytes: number;
  pages: string;
}

/** The status reply (card and fallback text, first page) as the bot renders it. */
export function statusBuild(count: number): StatusBuild {
  const now = Date.now();
  const testbeds = fleet(count, now);
  const ctx = { botName: 'Testbed Monitor', testbeds, now: new Date(now).toISOString(), timeZone: 'Europe/Berlin' };
  const build = () => renderView({ kind: 'status' }, ctx);
  for (let i = 0; i < 3; i++) build();
  const ms = meanMs(build, 1_000, 5);
  const rendered = build();
  return { testbeds: count, ms, bytes: Buffer.byteLength(JSON.stringify(rendered.card)), pages: /page \d+ of \d+/.exec(rendered.text)?.[0] ?? 'one page' };
}

export interface StoreFigures {
  testbeds: number;
  fileBytes: number;
  /** One mutation at a time, each awaited (on disk) before the next. */
  sequentialPerSecond: number;
  /** 50 mutations in flight at once (concurrent writes share one file write). */
  concurrentPerSecond: number;
}

/** Books and frees testbeds through the real store (a JSON file in a temp folder, fsync'd). */
export async function storeMutations(count: number): Promise<StoreFigures> {
  const dir = await mkdtemp(join(tmpdir(), 'tbm-bench-store-'));
  try {
    const now = Date.now();
    const testbedPath = join(dir, 'testbeds.json');
    await writeFile(testbedPath, JSON.stringify({ testbeds: fleet(count, now, Math.min(count, 50)) }, null, 2));
    const store = await openStore({ testbedPath, broadcastPath: join(dir, 'broadcast_rooms.json') });
    try {
      let flip = 0;
      const mutate = (id: number) => {
        const record = store.testbeds.get(id);
        if (!record) throw new Error(`testbed ${id} is missing`);
        flip += 1;
        const booked: TestbedRecord =
          record.status === 'available'
            ? {
                ...record,
                status: 'in_use',
                user_email: 'bench@example.com',
                user_name: 'Bench',
                registered_time: new Date(now).toISOString(),
                purpose: `run ${flip}`,
                expected_release_time: new Date(now + 3_600_000).toISOString(),
              }
            : availableTestbed(record.id, record.testbed_name);
        return store.testbeds.save(booked);
      };
      // At least a second of saves: a shared disk has bursts of slow fsyncs that a short run over-weighs.
      const minRuns = count >= 10_000 ? 20 : 100;
      let sequentialRuns = 0;
      let started = performance.now();
      while (sequentialRuns < minRuns || performance.now() - started < 1_000) {
        await mutate(1);
        sequentialRuns += 1;
      }
      const sequentialPerSecond = sequentialRuns / ((performance.now() - started) / 1000);

      const inFlight = Math.min(50, count);
      const concurrentRounds = count >= 10_000 ? 4 : 20;
      started = performance.now();
      for (let round = 0; round < concurrentRounds; round++) {
        await Promise.all(Array.from({ length: inFlight }, (_, i) => mutate(i + 1)));
      }
      const concurrentPerSecond = (inFlight * concurrentRounds) / ((performance.now() - started) / 1000);
      return { testbeds: count, fileBytes: (await stat(testbedPath)).size, sequentialPerSecond, concurrentPerSecond };
    } finally {
      await store.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
