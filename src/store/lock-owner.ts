/**
 * Who wrote a lock file, and whether that process still runs.
 *
 * A lock file holds one JSON line naming its owner: the pid, the process start time in clock ticks
 * since boot (field 22 of `/proc/<pid>/stat`), the kernel's boot id, the host name and the pid
 * namespace. A pid alone cannot tell its owner from a later process that got the same number, nor
 * from a zombie, nor from a process in another container; the full identity can:
 * - another host, boot or pid namespace: the pid means nothing here, so the file does not count;
 * - no such process, or a zombie (state Z/X): the owner is dead;
 * - a different start time: the pid was reused by an unrelated process.
 *
 * Lock files written by earlier versions hold just the pid. Such a pid counts as the owner only while it
 * is a live, non-zombie `node` process that started before the lock file was last written.
 *
 * Without `/proc` (not Linux) only `kill(pid, 0)` is left, as before.
 */
import { readFileSync, readlinkSync } from 'node:fs';
import { hostname } from 'node:os';
import * as yup from 'yup';

export interface LockOwner {
  pid: number;
  /** Start time of the process in clock ticks since boot; null without `/proc`. */
  startTicks: number | null;
  bootId: string | null;
  host: string;
  /** `pid:[inode]` of the pid namespace; differs between containers. */
  pidNamespace: string | null;
}

export type LockContent =
  | { kind: 'owner'; owner: LockOwner }
  | { kind: 'pid'; pid: number }
  | { kind: 'unreadable' };

/** What a running process looks like in `/proc`. */
export interface ProcessFacts {
  state: string;
  startTicks: number;
  command: string;
}

/** Clock ticks per second as the kernel reports process times to user space (USER_HZ; 100 on Linux). */
const USER_HZ = 100;
/** Boot time is known to the second; a reused pid must have started clearly after the lock was written. */
const START_SLACK_MS = 2_000;
/** A lock file younger than this with unreadable content may be mid-creation by an older version. */
const FRESH_MS = 5_000;

const ownerSchema = yup
  .object({
    pid: yup.number().integer().positive().required(),
    startTicks: yup.number().integer().min(0).nullable().defined(),
    bootId: yup.string().nullable().defined(),
    host: yup.string().defined(),
    pidNamespace: yup.string().nullable().defined(),
  });

let self: LockOwner | undefined;

/** This process's identity, read once. */
export function currentOwner(): LockOwner {
  self ??= {
    pid: process.pid,
    startTicks: readProcess(process.pid)?.startTicks ?? null,
    bootId: readOrNull('/proc/sys/kernel/random/boot_id')?.trim() || null,
    host: hostname(),
    pidNamespace: linkOrNull('/proc/self/ns/pid'),
  };
  return self;
}

export function formatOwner(owner: LockOwner): string {
  return `${JSON.stringify(owner)}\n`;
}

export function parseLockContent(text: string): LockContent {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) {
    const pid = Number(trimmed);
    return Number.isSafeInteger(pid) && pid > 0 ? { kind: 'pid', pid } : { kind: 'unreadable' };
  }
  try {
    const owner = ownerSchema.validateSync(JSON.parse(trimmed), { strict: true });
    const { pid, startTicks, bootId, host, pidNamespace } = owner;
    return { kind: 'owner', owner: { pid, startTicks, bootId, host, pidNamespace } };
  } catch {
    return { kind: 'unreadable' }; // judged by the file's age below
  }
}

export function contentPid(content: LockContent): number | null {
  if (content.kind === 'owner') return content.owner.pid;
  return content.kind === 'pid' ? content.pid : null;
}

export interface JudgeContext {
  /** The lock file's modification time. */
  mtimeMs: number;
  nowMs: number;
  /** Whether this process holds this lock right now. */
  heldHere: boolean;
}

/** Whether the content names a process that still owns the lock. */
export function ownerIsAlive(content: LockContent, context: JudgeContext): boolean {
  switch (content.kind) {
    case 'unreadable':
      return context.nowMs - context.mtimeMs < FRESH_MS;
    case 'pid':
      return pidOwnerIsAlive(content.pid, context);
    case 'owner':
      return recordedOwnerIsAlive(content.owner, context);
  }
}

function recordedOwnerIsAlive(owner: LockOwner, context: JudgeContext): boolean {
  const me = currentOwner();
  if (owner.host !== me.host || owner.bootId !== me.bootId || owner.pidNamespace !== me.pidNamespace) return false;
  if (owner.pid === me.pid && owner.startTicks === me.startTicks) return context.heldHere;
  const facts = readProcess(owner.pid);
  if (facts === undefined) return signalReaches(owner.pid);
  if (facts === null || isDead(facts)) return false;
  return owner.startTicks === null || facts.startTicks === owner.startTicks;
}

function pidOwnerIsAlive(pid: number, context: JudgeContext): boolean {
  if (pid === process.pid) return context.heldHere;
  const facts = readProcess(pid);
  if (facts === undefined) return signalReaches(pid);
  if (facts === null || isDead(facts) || !facts.command.startsWith('node')) return false;
  const bootSeconds = bootTimeSeconds();
  if (bootSeconds === null) return true;
  const startedMs = bootSeconds * 1000 + (facts.startTicks * 1000) / USER_HZ;
  return startedMs <= context.mtimeMs + START_SLACK_MS;
}

const isDead = (facts: ProcessFacts) => facts.state === 'Z' || facts.state === 'X' || facts.state === 'x';

/**
 * `/proc/<pid>/stat` as facts: null when there is no such process, undefined when `/proc` is not
 * there at all. The command name sits in parentheses and may itself contain spaces and parentheses,
 * so the fields are counted from the last `)`.
 */
export function readProcess(pid: number): ProcessFacts | null | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return procAvailable() ? null : undefined;
  }
  const open = text.indexOf('(');
  const close = text.lastIndexOf(')');
  const fields = text.slice(close + 2).split(' ');
  const startTicks = Number(fields[19]); // field 22 overall; fields[0] is field 3 (state)
  if (open < 0 || close < open || !Number.isSafeInteger(startTicks)) return null;
  return { state: fields[0], startTicks, command: text.slice(open + 1, close) };
}

function procAvailable(): boolean {
  return readOrNull('/proc/self/stat') !== null;
}

function bootTimeSeconds(): number | null {
  const line = /^btime (\d+)$/m.exec(readOrNull('/proc/stat') ?? '');
  return line ? Number(line[1]) : null;
}

function signalReaches(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: unknown }).code === 'EPERM';
  }
}

function readOrNull(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

function linkOrNull(path: string): string | null {
  try {
    return readlinkSync(path);
  } catch {
    return null;
  }
}
