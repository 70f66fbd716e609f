/**
 * The promises a chaos run must keep, checked from the witnesses (recorder),
 * the emulator's own record of what was posted, and the file on disk.
 * Every broken promise becomes one readable line in `problems`.
 */
import type { TestbedRecord } from '../../../src/domain.js';
import type { EmuMessage } from '../../../src/platform/emulator/api.js';
import { testbedsDocumentProblems } from '../../../src/store/schema.js';
import type { Commit, PostAttempt, Recorder } from './recorder.js';

export interface CheckInput {
  recorder: Recorder;
  initial: TestbedRecord[];
  /** Parsed content of the testbed file after the run. */
  disk: unknown;
  /** Each simulated person's own room → who they are. */
  personRooms: Map<string, { email: string; name: string }>;
  broadcastRoomIds: string[];
  /** Everything the bot posted, as the platform (emulator) stored it. */
  botMessages: EmuMessage[];
}

export interface CheckFigures {
  handledTriggers: number;
  repliesAccepted: number;
  repliesRefusedByPlatform: number;
  directMessages: number;
  broadcastCards: number;
  commits: number;
  bookingsAcknowledged: number;
  releasesAcknowledged: number;
  bookingsLost: number;
  releasesLost: number;
  heldAtEnd: number;
}

const BOOKED = /^Booked: (.+?) is yours until /;
const RELEASED = /^Released: (.+?) is available again\.$/;

function byName(records: TestbedRecord[]): Map<string, TestbedRecord> {
  return new Map(records.map((record) => [record.testbed_name, record]));
}

/** Status changes of one testbed must alternate: never booked twice without a release between. */
function checkChains(initial: TestbedRecord[], commits: Commit[], problems: string[]): Map<number, TestbedRecord> {
  const current = new Map(initial.map((record) => [record.id, record]));
  for (const { record } of commits) {
    const before = current.get(record.id);
    if (!before) problems.push(`commit for unknown testbed ${record.id}`);
    else if (before.status === record.status) {
      problems.push(`testbed ${record.testbed_name} went ${before.status} → ${record.status} (holder ${before.user_email} → ${record.user_email})`);
    }
    current.set(record.id, record);
  }
  return current;
}

function checkAcks(input: CheckInput, problems: string[], figures: CheckFigures): void {
  const names = byName(input.initial);
  const replies = input.recorder.posts.filter((post) => post.roomId && input.personRooms.has(post.roomId));
  for (const post of replies) {
    const person = input.personRooms.get(post.roomId as string)!;
    const booked = BOOKED.exec(post.text);
    const released = RELEASED.exec(post.text);
    if (!booked && !released) continue;
    const name = (booked ?? released)![1];
    const id = names.get(name)?.id;
    const earlier = input.recorder.commits.filter((commit) => commit.seq < post.seq && commit.record.id === id);
    const last = earlier.at(-1)?.record;
    if (booked) {
      if (post.accepted) figures.bookingsAcknowledged += 1;
      const match = earlier.some((c) => c.record.status === 'in_use' && c.record.user_email === person.email);
      if (!match) {
        figures.bookingsLost += 1;
        problems.push(`"${post.text}" was told to ${person.email} but no such booking was ever written`);
      }
      if (last && (last.status !== 'in_use' || last.user_email !== person.email)) {
        problems.push(`"${post.text}" was told to ${person.email} after the record had moved on to ${last.status}/${last.user_email}`);
      }
    } else {
      if (post.accepted) figures.releasesAcknowledged += 1;
      if (!last || last.status !== 'available') {
        figures.releasesLost += 1;
        problems.push(`"${post.text}" was told to ${person.email} but the last write of ${name} before it was not a release`);
      }
    }
  }
}

/** The file is valid and equals, record for record, the last commit of every testbed. */
function checkDisk(input: CheckInput, expected: Map<number, TestbedRecord>, problems: string[], figures: CheckFigures): void {
  const documentProblems = testbedsDocumentProblems(input.disk);
  if (documentProblems.length > 0) {
    problems.push(`the testbed file is invalid: ${documentProblems.join('; ')}`);
    return;
  }
  const onDisk = new Map((input.disk as { testbeds: TestbedRecord[] }).testbeds.map((record) => [record.id, record]));
  for (const [id, record] of expected) {
    const stored = onDisk.get(id);
    if (JSON.stringify(stored) !== JSON.stringify(record)) {
      problems.push(`testbed ${id} on disk is ${JSON.stringify(stored)} but the last acknowledged write was ${JSON.stringify(record)}`);
    }
  }
  // Every holder at the end was told (or the platform refused that one reply).
  for (const record of onDisk.values()) {
    if (record.status !== 'in_use') continue;
    figures.heldAtEnd += 1;
    const commit = [...input.recorder.commits].reverse().find((c) => c.record.id === record.id)!;
    const told = input.recorder.posts.some(
      (post) => post.seq > (commit?.seq ?? 0) && input.personRooms.get(post.roomId ?? '')?.email === record.user_email
        && BOOKED.exec(post.text)?.[1] === record.testbed_name,
    );
    if (!told) problems.push(`${record.user_email} holds ${record.testbed_name} but the bot never tried to tell them`);
  }
}

/** Each accepted post exists exactly once on the platform; each handled trigger got exactly one reply attempt. */
function checkReplies(input: CheckInput, problems: string[], figures: CheckFigures): void {
  const accepted = input.recorder.posts.filter((post) => post.accepted);
  const acceptedIds = new Set(accepted.map((post) => post.id));
  if (acceptedIds.size !== accepted.length) problems.push('the platform returned the same message id for two posts');
  const stored = new Map<string, number>();
  for (const message of input.botMessages) stored.set(message.id, (stored.get(message.id) ?? 0) + 1);
  for (const post of accepted) {
    if (stored.get(post.id as string) !== 1) problems.push(`accepted post ${post.id} is stored ${stored.get(post.id as string) ?? 0} times`);
  }
  for (const message of input.botMessages) {
    if (!acceptedIds.has(message.id)) problems.push(`the platform holds a bot message the bot never saw accepted (room ${message.roomId})`);
  }
  const attempts = new Map<string, PostAttempt[]>();
  for (const post of input.recorder.posts) {
    if (post.roomId && input.personRooms.has(post.roomId)) attempts.set(post.roomId, [...(attempts.get(post.roomId) ?? []), post]);
  }
  const triggers = new Map<string, number>();
  const handledIds = new Set<string>();
  for (const { event } of input.recorder.handled) {
    if (handledIds.has(event.id)) problems.push(`activity ${event.id} (${event.type}) was handled more than once`);
    handledIds.add(event.id);
    triggers.set(event.roomId, (triggers.get(event.roomId) ?? 0) + 1);
  }
  for (const [roomId, person] of input.personRooms) {
    const tried = attempts.get(roomId)?.length ?? 0;
    const handled = triggers.get(roomId) ?? 0;
    if (tried !== handled) problems.push(`${person.email}: ${handled} handled triggers but ${tried} reply attempts`);
  }
  figures.handledTriggers = input.recorder.handled.length;
  figures.repliesAccepted = accepted.filter((post) => post.roomId && input.personRooms.has(post.roomId)).length;
  figures.repliesRefusedByPlatform = input.recorder.posts.filter((post) => !post.accepted).length;
  figures.directMessages = accepted.filter((post) => post.toPersonEmail).length;
  const broadcastRooms = new Set(input.broadcastRoomIds);
  figures.broadcastCards = accepted.filter((post) => post.roomId && broadcastRooms.has(post.roomId)).length;
}

export function checkRun(input: CheckInput): { problems: string[]; figures: CheckFigures } {
  const problems: string[] = [];
  const figures: CheckFigures = {
    handledTriggers: 0,
    repliesAccepted: 0,
    repliesRefusedByPlatform: 0,
    directMessages: 0,
    broadcastCards: 0,
    commits: input.recorder.commits.length,
    bookingsAcknowledged: 0,
    releasesAcknowledged: 0,
    bookingsLost: 0,
    releasesLost: 0,
    heldAtEnd: 0,
  };
  const expected = checkChains(input.initial, input.recorder.commits, problems);
  checkAcks(input, problems, figures);
  checkDisk(input, expected, problems, figures);
  checkReplies(input, problems, figures);
  return { problems, figures };
}
