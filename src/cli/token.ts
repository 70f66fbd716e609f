/**
 * `npm run token -- create --name N --owner EMAIL [--admin]` · `list` · `revoke --name N`
 * (each also takes `--file PATH`). Manages the API token file the bot reads (API_TOKENS_FILE, or
 * `api_tokens.json` beside the testbed document; the same settings and `.env` as the bot). A new
 * token is printed once and only its sha256 is stored; the file is replaced atomically, and a
 * running bot picks the change up by itself. Exit codes: 0 done, 1 the file could not be read or
 * written, 2 usage.
 */
import { mkdir } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as yup from 'yup';
import { readFlags } from '../cli-args.js';
import { readSettings } from '../config/env.js';
import { apiTokensPath } from '../config/schema.js';
import { StoreError } from '../store/errors.js';
import { newToken, readTokensDocument, sha256Hex, TOKEN_NAME_RULE, writeTokensDocument, type ApiToken } from '../store/tokens.js';

export const TOKEN_USAGE = `Usage:
  npm run token -- create --name NAME --owner EMAIL [--admin] [--file PATH]
  npm run token -- list [--file PATH]
  npm run token -- revoke --name NAME [--file PATH]

NAME: 1 to 64 letters, digits, spaces, ".", "_" or "-" (shown in chat as the holder of the token's holds).
EMAIL: the owner, who gets the reminders of the token's holds.
--admin: the token may also release and extend holds made with other tokens.
The file is API_TOKENS_FILE (default api_tokens.json beside the testbed document).
`;

export interface TokenCommandIo {
  out: (text: string) => void;
  err: (text: string) => void;
  env: Record<string, string | undefined>;
  cwd: string;
}

class UsageError extends Error {}

const FLAGS = { name: { type: 'string' }, owner: { type: 'string' }, admin: { type: 'boolean' }, file: { type: 'string' }, help: { type: 'boolean' } } as const;

function fileOf(flagFile: string | undefined, io: TokenCommandIo): string {
  return flagFile ? apiTokensPath({ API_TOKENS_FILE: flagFile }, io.cwd) : apiTokensPath(readSettings(io.env, io.cwd), io.cwd);
}

function nameOf(name: string | undefined): string {
  if (name === undefined || name.trim() === '') throw new UsageError('--name is required.');
  if (!TOKEN_NAME_RULE.test(name.trim())) throw new UsageError(`--name "${name}" must be 1 to 64 letters, digits, spaces, ".", "_" or "-", starting with a letter or digit.`);
  return name.trim();
}

async function create(file: string, flags: { name?: string; owner?: string; admin?: boolean }, io: TokenCommandIo): Promise<void> {
  const name = nameOf(flags.name);
  const owner = flags.owner?.trim();
  if (!owner) throw new UsageError('--owner is required (the email address that gets the reminders).');
  if (!yup.string().email().isValidSync(owner)) throw new UsageError(`--owner "${owner}" is not an email address.`);
  const document = await readTokensDocument(file);
  if (document.tokens.some((token) => token.name.toLowerCase() === name.toLowerCase())) {
    throw new UsageError(`A token named "${name}" exists already; revoke it first or choose another name.`);
  }
  const token = newToken();
  const entry: ApiToken = { name, owner_email: owner, sha256: sha256Hex(token), admin: flags.admin === true };
  await mkdir(dirname(file), { recursive: true });
  await writeTokensDocument(file, { tokens: [...document.tokens, entry] });
  io.out(
    `Created token "${name}" for ${owner}${entry.admin ? ' (admin)' : ''} in ${file}.\n` +
      'It is shown only this once; give it to the pipeline as TESTBED_API_TOKEN:\n\n' +
      `${token}\n`,
  );
}

async function list(file: string, io: TokenCommandIo): Promise<void> {
  const { tokens } = await readTokensDocument(file);
  if (tokens.length === 0) {
    io.out(`No tokens in ${file}. Make one with: npm run token -- create --name NAME --owner EMAIL\n`);
    return;
  }
  const width = Math.max(4, ...tokens.map((token) => token.name.length));
  const lines = tokens.map((token) => `${token.name.padEnd(width)}  ${token.owner_email}${token.admin ? '  admin' : ''}`);
  io.out(`${'name'.padEnd(width)}  owner\n${lines.join('\n')}\n`);
}

async function revoke(file: string, flags: { name?: string }, io: TokenCommandIo): Promise<void> {
  const name = nameOf(flags.name);
  const document = await readTokensDocument(file);
  const kept = document.tokens.filter((token) => token.name.toLowerCase() !== name.toLowerCase());
  if (kept.length === document.tokens.length) throw new UsageError(`There is no token named "${name}" in ${file}.`);
  await writeTokensDocument(file, { tokens: kept });
  io.out(`Revoked token "${name}". The bot refuses it as soon as it has read ${file} again (at once while it runs).\n`);
}

/** Runs the command; resolves with the exit code. */
export async function runTokenCommand(argv: string[], io: TokenCommandIo): Promise<number> {
  const [command, ...rest] = argv;
  const parsed = readFlags(rest, FLAGS);
  try {
    if (command === undefined || command === 'help' || command === '--help') {
      io.out(TOKEN_USAGE);
      return command === undefined ? 2 : 0;
    }
    if (!parsed.ok) throw new UsageError(parsed.problem);
    const file = fileOf(parsed.values.file, io);
    switch (command) {
      case 'create':
        await create(file, parsed.values, io);
        return 0;
      case 'list':
        await list(file, io);
        return 0;
      case 'revoke':
        await revoke(file, parsed.values, io);
        return 0;
      default:
        throw new UsageError(`Unknown command "${command}".`);
    }
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n\n${TOKEN_USAGE}`);
      return 2;
    }
    if (error instanceof StoreError) {
      io.err(`${error.message}\nNothing was changed.\n`);
      return 1;
    }
    throw error;
  }
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (invokedDirectly) {
  process.exitCode = await runTokenCommand(process.argv.slice(2), {
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
    env: process.env,
    cwd: process.cwd(),
  });
}
