/**
 * What the CLI's commands share: the flags, the hold request built from them, and the usage error
 * that turns into exit code 2.
 */
import { parseDuration } from './words.js';

export interface CliIo {
  out: (text: string) => void;
  err: (text: string) => void;
  env: Record<string, string | undefined>;
}

export class UsageError extends Error {}

export const FLAGS = {
  label: { type: 'string' },
  id: { type: 'string' },
  purpose: { type: 'string' },
  minutes: { type: 'string' },
  until: { type: 'string' },
  wait: { type: 'string' },
  ttl: { type: 'string' },
  quantity: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean' },
} as const;

export type Flags = Partial<Record<Exclude<keyof typeof FLAGS, 'json' | 'help'>, string>> & { json?: boolean; help?: boolean };

export interface TestbedJson {
  id: number;
  testbed_name: string;
  status: string;
  user_name: string | null;
  user_email: string | null;
  expected_release_time: string | null;
  labels: string[];
  maintenance?: { reason: string };
  queue_length: number;
}

export const positiveInt = (text: string | undefined, flag: string): number | undefined => {
  if (text === undefined) return undefined;
  if (!/^\d{1,9}$/.test(text) || Number(text) < 1) throw new UsageError(`${flag} must be a positive whole number (got "${text}").`);
  return Number(text);
};

export const seconds = (text: string | undefined, flag: string): number | undefined => {
  if (text === undefined) return undefined;
  const value = parseDuration(text);
  if (value === null) throw new UsageError(`${flag} must be a duration such as 90s, 30m or 2h (got "${text}").`);
  return value;
};

/** The body of a hold request from the flags (`defaults` fill what the command supplies itself). */
export function holdBody(flags: Flags, defaults: { purpose?: string; minutes?: number } = {}): Record<string, unknown> {
  const purpose = flags.purpose ?? defaults.purpose;
  if (!purpose) throw new UsageError('--purpose is required (what the testbed is for; shown in chat).');
  const minutes = positiveInt(flags.minutes, '--minutes') ?? (flags.until ? undefined : defaults.minutes);
  if (minutes === undefined && !flags.until) throw new UsageError('--minutes or --until is required (how long to hold it).');
  const body: Record<string, unknown> = { purpose };
  if (minutes !== undefined) body.minutes = minutes;
  if (flags.until) body.expected_release_time = flags.until;
  return body;
}
