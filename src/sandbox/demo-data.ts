/**
 * The sandbox's demo world: people, rooms, and the data folder the bot runs on.
 * The folder belongs to the sandbox alone (never the user's real documents): testbeds are seeded
 * on the first run and then kept, so bookings survive a restart; the broadcast document is
 * rewritten on every run because the emulator hands out new room ids each time.
 */
import { existsSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { availableTestbed, type BroadcastRoomRecord, type TestbedRecord } from '../domain.js';

export const DEMO_PEOPLE = [
  { displayName: 'Ada Ops', email: 'ada@example.com' },
  { displayName: 'Linus Lab', email: 'linus@example.com' },
  { displayName: 'Grace Hopper', email: 'grace@example.com' },
] as const;

export const BOT_EMAIL = 'testbed-monitor@webex.bot';

export const APPROVED_ROOM_TITLES = ['Lab Team', 'QA Team'] as const;
export const UNAPPROVED_ROOM_TITLES = ['Random Chat'] as const;
export const BROADCAST_ROOMS = [
  { title: 'Release Announcements', description: 'Release managers and everyone shipping this sprint' },
  { title: 'Ops Broadcast', description: 'Operations: maintenance windows and lab availability' },
] as const;

export const DATA_FILES = {
  testbeds: 'testbeds.json',
  broadcastRooms: 'broadcast_rooms.json',
  feedback: 'feedback.log',
} as const;

export interface DataPaths {
  dir: string;
  testbedPath: string;
  broadcastPath: string;
  feedbackPath: string;
}

export function dataPaths(dir: string): DataPaths {
  const root = resolve(dir);
  return {
    dir: root,
    testbedPath: join(root, DATA_FILES.testbeds),
    broadcastPath: join(root, DATA_FILES.broadcastRooms),
    feedbackPath: join(root, DATA_FILES.feedback),
  };
}

const HOUR = 3_600_000;

/** About eight testbeds, labelled: most free, three in use by the demo people (both `routing` ones), one of them overdue. */
export function demoTestbeds(now: Date): TestbedRecord[] {
  const minute = Math.floor(now.getTime() / 60_000) * 60_000;
  const at = (hours: number) => new Date(minute + hours * HOUR).toISOString();
  const free = availableTestbed;
  const held = (id: number, testbed_name: string, who: number, purpose: string, since: number, until: number): TestbedRecord => ({
    id,
    testbed_name,
    status: 'in_use',
    user_email: DEMO_PEOPLE[who].email,
    user_name: DEMO_PEOPLE[who].displayName,
    registered_time: at(since),
    purpose,
    expected_release_time: at(until),
  });
  // Labels group the testbeds as a lab would (`status routing`, `book any wifi`, `wait any routing`).
  const labelled = (record: TestbedRecord, ...labels: string[]): TestbedRecord => ({ ...record, labels });
  return [
    labelled(free(1, 'TB-01 Core switching lab'), 'core'),
    labelled(held(2, 'TB-02 Edge router pair', 2, 'Regression run for release 4.2', -3, 5), 'routing'),
    labelled(free(3, 'TB-03 Wi-Fi 7 lab'), 'wifi'),
    labelled(held(4, 'TB-04 SD-WAN pod', 1, 'Firmware upgrade soak test', -26, -2), 'routing'),
    labelled(free(5, 'TB-05 Firewall HA pair'), 'security'),
    labelled(held(6, 'TB-06 Load generator rig', 0, 'Performance baseline before the freeze', -1, 24), 'perf'),
    labelled(free(7, 'TB-07 IoT gateway bench'), 'iot', 'wifi'),
    labelled(free(8, 'TB-08 Voice and video lab'), 'voice'),
  ];
}

/**
 * Prepares the data folder: creates it, seeds the testbed document when missing (an existing
 * one is left exactly as it is, even when invalid: the store then reports it), and writes the
 * broadcast document for this run's room ids.
 */
export async function prepareDataDir(
  dir: string,
  options: { broadcastRooms: BroadcastRoomRecord[]; now: Date },
): Promise<DataPaths & { seededTestbeds: boolean }> {
  const paths = dataPaths(dir);
  await mkdir(paths.dir, { recursive: true });
  const seededTestbeds = !existsSync(paths.testbedPath);
  if (seededTestbeds) await writeJsonAtomically(paths.testbedPath, { testbeds: demoTestbeds(options.now) });
  await writeJsonAtomically(paths.broadcastPath, { broadcast_rooms: options.broadcastRooms });
  return { ...paths, seededTestbeds };
}

async function writeJsonAtomically(path: string, document: unknown): Promise<void> {
  const temp = `${path}.${process.pid}.tmp`;
  await writeFile(temp, `${JSON.stringify(document, null, 2)}\n`, 'utf8');
  await rename(temp, path);
}
