/**
 * The testbed each person last asked about in a room, or a notice in their 1:1 room was about, for a short while:
 * what `it` means when they go on with `when will it be free?`, `wait for it` or, after a reminder, `extend it`. Kept in memory only (after a restart, `it` names
 * nothing until they name a testbed again), and bounded, like every map typed text can grow.
 */
import type { TestbedRecord } from '../domain.js';
import { KeptMap } from '../kept-map.js';
import { findByTypedName, labelCarried } from '../lab-rules.js';
import { isStateWord } from '../cards/status-filter.js';
import { testbedOfDecision, type RouteDecision } from './route-decision.js';

/** How long `it` keeps meaning the testbed last asked about. */
export const RECENT_TESTBED_MS = 30 * 60_000;

export interface RecentTestbeds {
  /** The testbed the person last asked about in the room, when that was less than RECENT_TESTBED_MS before `now`. */
  of(roomId: string, personId: string, now: string): number | undefined;
  /** Remembers the one testbed a decision is about, if it is about one. */
  note(roomId: string, personId: string, decision: RouteDecision, testbeds: readonly Pick<TestbedRecord, 'id' | 'testbed_name' | 'labels'>[], now: string): void;
  /**
   * Remembers the testbed a notice posted in a 1:1 room was about (`extend it` after a reminder, `it's fixed` after the
   * question about a maintenance): whoever writes in that room next means it, unless they named another one since.
   */
  noteRoom(roomId: string, testbedId: number, now: string): void;
}

/** The key of what was last shown in a room to whoever is in it (a notice in a 1:1 room). */
const ROOM = '*';

export function createRecentTestbeds(kept = 10_000): RecentTestbeds {
  const recent = new KeptMap<string, { id: number; at: number }>(kept);
  const keyOf = (roomId: string, personId: string) => `${roomId}\n${personId}`;
  return {
    of(roomId, personId, now) {
      const own = recent.get(keyOf(roomId, personId));
      const shown = recent.get(keyOf(roomId, ROOM));
      // The later of what the person asked about and what a notice in the room was about.
      const entry = own === undefined || (shown !== undefined && shown.at > own.at) ? shown : own;
      return entry !== undefined && Date.parse(now) - entry.at < RECENT_TESTBED_MS ? entry.id : undefined;
    },
    noteRoom(roomId, testbedId, now) {
      const at = Date.parse(now);
      if (!Number.isNaN(at)) recent.set(keyOf(roomId, ROOM), { id: testbedId, at });
    },
    note(roomId, personId, decision, testbeds, now) {
      const about = testbedOfDecision(decision);
      const id = typeof about === 'string' ? namedId(about, testbeds) : about;
      const at = Date.parse(now);
      if (id !== undefined && !Number.isNaN(at)) recent.set(keyOf(roomId, personId), { id, at });
    },
  };
}

/** The testbed a name as typed finds (a whole name, or the start of only one); none for a state or a label. */
function namedId(typed: string, testbeds: readonly Pick<TestbedRecord, 'id' | 'testbed_name' | 'labels'>[]): number | undefined {
  // Words a status view reads as a state, never as the start of a testbed's name.
  if (isStateWord(typed)) return undefined;
  const match = findByTypedName(testbeds, typed);
  if (!('found' in match)) return undefined;
  return labelCarried(testbeds, typed) && match.found.testbed_name.toLowerCase() !== typed.trim().toLowerCase() ? undefined : match.found.id;
}
