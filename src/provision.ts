/**
 * Creates the bot identity on the platform (spec §4.3):
 *   npm run provision -- --name "Testbed Monitor" --username testbed-monitor --avatar https://…/avatar.png
 * with PERSONAL_ACCESS_TOKEN (a person's token, not the bot's) in the environment or in `.env`.
 * Prints the new bot's id and email, and its access token exactly once. The personal token is
 * never printed, not even inside an error.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import got from 'got';
import { parseEnvFile } from './config.js';

export const DEFAULT_API_URL = 'https://webexapis.com/v1';

export interface ProvisionRequest {
  /** REST base with the /v1 segment (PLATFORM_API_URL). */
  apiUrl: string;
  /** A person's access token (PERSONAL_ACCESS_TOKEN). */
  personalToken: string;
  name: string;
  username: string;
  /** Image URL. */
  avatar: string;
  timeoutMs?: number;
}

export interface ProvisionedBot {
  id: string;
  name: string;
  created: string;
  email: string;
  token: string;
}

export type ProvisionErrorCode = 'PROVISION_REFUSED' | 'PROVISION_UNREACHABLE' | 'PROVISION_BAD_RESPONSE';

export class ProvisionError extends Error {
  readonly code: ProvisionErrorCode;
  readonly status?: number;
  readonly trackingId?: string;
  constructor(code: ProvisionErrorCode, message: string, details: { status?: number; trackingId?: string } = {}) {
    super(message);
    this.name = 'ProvisionError';
    this.code = code;
    if (details.status !== undefined) this.status = details.status;
    if (details.trackingId !== undefined) this.trackingId = details.trackingId;
  }
}

/** POST {apiUrl}/bots. Never retried: a second POST could create a second bot. */
export async function provisionBot(request: ProvisionRequest): Promise<ProvisionedBot> {
  const url = `${request.apiUrl.replace(/\/+$/, '')}/bots`;
  const scrub = (text: string) => text.split(request.personalToken).join('[REDACTED]');
  let response;
  try {
    response = await got.post(url, {
      json: { name: request.name, username: request.username, avatar: request.avatar },
      headers: { authorization: `Bearer ${request.personalToken}`, accept: 'application/json' },
      responseType: 'text',
      throwHttpErrors: false,
      retry: { limit: 0 },
      timeout: { request: request.timeoutMs ?? 30_000 },
    });
  } catch (error) {
    const reason = (error as { code?: string }).code ?? (error as Error).message;
    throw new ProvisionError('PROVISION_UNREACHABLE', scrub(`Could not reach ${url}: ${reason}`));
  }
  const body = parseJson(response.body);
  const trackingId = stringField(body, 'trackingId') ?? headerValue(response.headers.trackingid);
  if (response.statusCode < 200 || response.statusCode > 299) {
    const platformMessage = stringField(body, 'message') ?? firstDescription(body) ?? (response.statusMessage || 'no message');
    const parts = [`The platform refused to create the bot: HTTP ${response.statusCode}: ${platformMessage}`];
    if (trackingId) parts.push(`(trackingId ${trackingId})`);
    throw new ProvisionError('PROVISION_REFUSED', scrub(parts.join(' ')), { status: response.statusCode, trackingId });
  }
  const bot = {
    id: stringField(body, 'id'),
    name: stringField(body, 'name') ?? request.name,
    created: stringField(body, 'created') ?? '',
    email: stringField(body, 'email'),
    token: stringField(body, 'token'),
  };
  if (!bot.id || !bot.email || !bot.token) {
    throw new ProvisionError('PROVISION_BAD_RESPONSE', 'The platform answered without the bot id, email or token.', {
      status: response.statusCode,
      trackingId,
    });
  }
  return bot as ProvisionedBot;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function stringField(value: unknown, key: string): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const field = (value as Record<string, unknown>)[key];
  return typeof field === 'string' && field.length > 0 ? field : undefined;
}

function firstDescription(body: unknown): string | undefined {
  const errors = typeof body === 'object' && body !== null ? (body as { errors?: unknown }).errors : undefined;
  return Array.isArray(errors) ? stringField(errors[0], 'description') : undefined;
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export const USAGE = [
  'Usage: npm run provision -- --name <display name> --username <username> --avatar <image URL>',
  '  e.g. npm run provision -- --name "Testbed Monitor" --username testbed-monitor --avatar https://example.com/bot.png',
  'Needs PERSONAL_ACCESS_TOKEN (your own access token from the developer portal) in the environment or in .env.',
  `Optional: PLATFORM_API_URL (default ${DEFAULT_API_URL}).`,
].join('\n');

export interface ProvisionArgs {
  name: string;
  username: string;
  avatar: string;
}

/** Reads --name, --username, --avatar (also `--flag=value`); lists every problem. */
export function parseProvisionArgs(argv: string[]): { ok: true; args: ProvisionArgs } | { ok: false; problems: string[] } {
  const values: Record<string, string> = {};
  const problems: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const match = /^--(name|username|avatar)(?:=(.*))?$/.exec(argv[i]);
    if (!match) {
      problems.push(`Unknown argument "${argv[i]}".`);
      continue;
    }
    const value = match[2] ?? argv[i + 1];
    if (match[2] === undefined) i++;
    if (value === undefined || value.startsWith('--')) {
      problems.push(`--${match[1]} needs a value.`);
      if (value?.startsWith('--')) i--;
      continue;
    }
    values[match[1]] = value.trim();
  }
  for (const key of ['name', 'username', 'avatar']) {
    if (!values[key] && !problems.some((p) => p.startsWith(`--${key} `))) problems.push(`--${key} is required.`);
  }
  if (values.avatar && !isHttpUrl(values.avatar)) problems.push('--avatar must be an http or https image URL.');
  if (values.username && /[\s@]/.test(values.username)) {
    problems.push('--username must not contain spaces or "@" (the platform adds the bot address suffix).');
  }
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, args: { name: values.name, username: values.username, avatar: values.avatar } };
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export interface ProvisionIo {
  argv: string[];
  env: Record<string, string | undefined>;
  /** Folder whose `.env` is read (the real environment wins). */
  cwd: string;
  out: (text: string) => void;
  err: (text: string) => void;
}

/** The command: returns the exit code (0 success, 1 usage or platform error). */
export async function runProvision(io: ProvisionIo): Promise<number> {
  const envFile = resolve(io.cwd, '.env');
  const fromFile = existsSync(envFile) ? parseEnvFile(readFileSync(envFile, 'utf8')) : {};
  const setting = (key: string) => (io.env[key]?.trim() || fromFile[key]?.trim() || undefined);

  const parsed = parseProvisionArgs(io.argv);
  const problems = parsed.ok ? [] : [...parsed.problems];
  const personalToken = setting('PERSONAL_ACCESS_TOKEN');
  if (!personalToken) problems.push('PERSONAL_ACCESS_TOKEN is not set (environment or .env).');
  const apiUrl = setting('PLATFORM_API_URL') ?? DEFAULT_API_URL;
  if (!isHttpUrl(apiUrl)) problems.push('PLATFORM_API_URL must be an http or https URL.');
  if (!parsed.ok || problems.length > 0 || !personalToken) {
    io.err(`${problems.map((problem) => `Error: ${problem}`).join('\n')}\n\n${USAGE}\n`);
    return 1;
  }

  try {
    const bot = await provisionBot({ apiUrl, personalToken, ...parsed.args });
    io.out(
      [
        'Bot created.',
        `  id:      ${bot.id}`,
        `  name:    ${bot.name}`,
        `  email:   ${bot.email}`,
        bot.created ? `  created: ${bot.created}` : undefined,
        '',
        'Its access token is shown only this once. Put this line into .env (never commit it):',
        `  PLATFORM_ACCESS_TOKEN=${bot.token}`,
        '',
      ]
        .filter((line) => line !== undefined)
        .join('\n'),
    );
    return 0;
  } catch (error) {
    const message = error instanceof ProvisionError ? error.message : 'Unexpected failure while creating the bot.';
    const hint = error instanceof ProvisionError && error.status === 401 ? '\nCheck PERSONAL_ACCESS_TOKEN: it may be wrong or expired.' : '';
    io.err(`Error: ${message.split(personalToken).join('[REDACTED]')}${hint}\n`);
    return 1;
  }
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (invokedDirectly) {
  const code = await runProvision({
    argv: process.argv.slice(2),
    env: process.env,
    cwd: process.cwd(),
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
  });
  process.exitCode = code;
}
