/**
 * `npm run provision`: creates the bot identity on the platform.
 *   npm run provision -- --name "Testbed Monitor" --username testbed-monitor --avatar https://…/avatar.png
 * with PERSONAL_ACCESS_TOKEN (a person's token, not the bot's) in the environment or in `.env`.
 * Prints the new bot's id and email, and its access token exactly once. The personal token is
 * never printed, not even inside an error. The platform call itself is in `provision/create-bot.ts`.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readFlags } from './cli-args.js';
import { readSettings } from './config/env.js';
import { DEFAULT_API_URL, provisionBot, ProvisionError, type ProvisionRequest } from './provision/create-bot.js';
import { scrub } from './secrets.js';

export const USAGE = [
  'Usage: npm run provision -- --name <display name> --username <username> --avatar <image URL>',
  '  e.g. npm run provision -- --name "Testbed Monitor" --username testbed-monitor --avatar https://example.com/bot.png',
  'Needs PERSONAL_ACCESS_TOKEN (your own access token from the developer portal) in the environment or in .env.',
  `Optional: PLATFORM_API_URL (default ${DEFAULT_API_URL}).`,
].join('\n');

export type ProvisionArgs = Pick<ProvisionRequest, 'name' | 'username' | 'avatar'>;

const FLAGS = { name: { type: 'string' }, username: { type: 'string' }, avatar: { type: 'string' } } as const;

/** Reads --name, --username, --avatar (also `--flag=value`); lists every problem with their values. */
export function parseProvisionArgs(argv: string[]): { ok: true; args: ProvisionArgs } | { ok: false; problems: string[] } {
  const flags = readFlags(argv, FLAGS);
  if (!flags.ok) return { ok: false, problems: [flags.problem] };
  const values = { name: flags.values.name?.trim(), username: flags.values.username?.trim(), avatar: flags.values.avatar?.trim() };
  const problems: string[] = [];
  for (const key of ['name', 'username', 'avatar'] as const) {
    if (!values[key]) problems.push(`--${key} is required.`);
  }
  if (values.avatar && !isHttpUrl(values.avatar)) problems.push('--avatar must be an http or https image URL.');
  if (values.username && /[\s@]/.test(values.username)) {
    problems.push('--username must not contain spaces or "@" (the platform adds the bot address suffix).');
  }
  if (problems.length > 0 || !values.name || !values.username || !values.avatar) return { ok: false, problems };
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
  const settings = readSettings(io.env, io.cwd);
  const parsed = parseProvisionArgs(io.argv);
  const problems = parsed.ok ? [] : [...parsed.problems];
  const personalToken = settings.PERSONAL_ACCESS_TOKEN;
  if (!personalToken) problems.push('PERSONAL_ACCESS_TOKEN is not set (environment or .env).');
  const apiUrl = settings.PLATFORM_API_URL ?? DEFAULT_API_URL;
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
    io.err(`Error: ${scrub(message, [personalToken])}${hint}\n`);
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
