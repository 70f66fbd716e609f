/**
 * Chaos with a fixed seed: simulated people book, release, look and broadcast
 * while the emulator drops the socket, answers 429/5xx and slows down. The
 * driver (tests/support/chaos.ts) checks every promise; see its report.
 */
import { describe, expect, it } from 'vitest';
import { runChaos } from '../support/chaos.js';

describe('chaos run (seed 20260310)', () => {
  it('loses no acknowledged booking, never double-books, replies exactly once and ends healthy', async () => {
    const report = await runChaos({ seed: 20260310, durationMs: 20_000 });
    // The run really was hostile and really did work, or the checks below prove nothing.
    expect(report.faults.faults.socketClosed + report.faults.faults.socketDropped).toBeGreaterThanOrEqual(5);
    expect(report.reconnects).toBeGreaterThanOrEqual(5);
    expect(report.faults.faults.rest429 + report.faults.faults.rest5xx).toBeGreaterThanOrEqual(5);
    expect(report.figures.bookingsAcknowledged).toBeGreaterThanOrEqual(5);
    expect(report.figures.releasesAcknowledged).toBeGreaterThanOrEqual(3);
    expect(report.figures.broadcastCards).toBeGreaterThanOrEqual(1);
    expect(report.figures.handledTriggers).toBeGreaterThanOrEqual(50);
    // The promises.
    expect(report.problems).toEqual([]);
    expect(report.figures.bookingsLost).toBe(0);
    expect(report.figures.releasesLost).toBe(0);
    expect(report.healthyAtEnd).toBe(true);
    expect(report.tokenInLogs).toBe(false);
  }, 60_000);
});
