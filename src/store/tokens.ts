/**
 * The API token file (`API_TOKENS_FILE`): `{"tokens": [{"name", "owner_email", "sha256", "admin"}]}`.
 * Only the hex sha256 of a token is stored; the token itself is shown once, when it is made, and
 * never again. Reading, validating, making and writing the document; the running bot's live copy
 * (read again whenever the file changes) is in `tokens-live.ts`.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import * as yup from 'yup';
import { AtomicJsonFileAdapter } from './db.js';
import { problemsOf } from './schema.js';
import { StoreError } from './errors.js';
import { describe, isCode } from './lock.js';

export interface ApiToken {
  /** Shown in chat as the holder's name of every hold made with the token. */
  name: string;
  /** Gets the reminders and overdue notices of the token's holds. */
  owner_email: string;
  /** Hex sha256 of the token (lower case). */
  sha256: string;
  /** May release and extend holds made with other tokens. */
  admin: boolean;
}

export interface TokensDocument {
  tokens: ApiToken[];
}

/** Every token starts with this, so a leaked one is easy to recognise (`secrets.ts` scrubs that shape). */
export const TOKEN_PREFIX = 'tbm_';
export const TOKEN_NAME_RULE = /^[A-Za-z0-9][A-Za-z0-9._ -]{0,63}$/;

const tokenSchema = yup
  .object({
    name: yup
      .string()
      .typeError('${path} must be a string')
      .defined('${path} is missing')
      .nonNullable('${path} must be a string')
      .matches(TOKEN_NAME_RULE, '${path} must be 1 to 64 letters, digits, spaces, ".", "_" or "-", starting with a letter or digit'),
    owner_email: yup.string().typeError('${path} must be a string').defined('${path} is missing').nonNullable('${path} must be a string').email('${path} must be an email address'),
    sha256: yup
      .string()
      .typeError('${path} must be a string')
      .defined('${path} is missing')
      .nonNullable('${path} must be a string')
      .matches(/^[0-9a-f]{64}$/, '${path} must be 64 lower-case hex digits (the sha256 of the token)'),
    admin: yup.boolean().typeError('${path} must be true or false').defined('${path} is missing').nonNullable('${path} must be true or false'),
  })
  .noUnknown('${path} has unknown field(s): ${unknown}')
  .typeError('${path} must be an object');

const documentSchema = yup
  .object({
    tokens: yup
      .array(tokenSchema)
      .typeError('tokens must be an array')
      .defined('the document has no "tokens" array')
      .test('unique', 'tokens lists a name twice (names must be unique, ignoring case)', (tokens) => {
        const names = (tokens ?? []).map((token) => String(token?.name).toLowerCase());
        return new Set(names).size === names.length;
      }),
  })
  .noUnknown('the document has unknown top-level field(s): ${unknown}');

export const tokensDocumentProblems = (document: unknown) => problemsOf(documentSchema, document);

export const sha256Hex = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** A new token: the prefix and 32 random bytes, base64url. */
export function newToken(): string {
  return `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/**
 * The entry whose hash matches the token's, or undefined. Every entry is compared in constant time
 * and the loop never stops early, so the answer's timing does not tell how close a guess was.
 */
export function findToken(tokens: readonly ApiToken[], presented: string): ApiToken | undefined {
  const hash = Buffer.from(sha256Hex(presented), 'hex');
  let found: ApiToken | undefined;
  for (const token of tokens) {
    if (timingSafeEqual(hash, Buffer.from(token.sha256, 'hex')) && !found) found = token;
  }
  return found;
}

/**
 * The document in `file`: an empty one when the file does not exist; a StoreError naming the file
 * and every problem when it is not JSON or breaks the rules.
 */
export async function readTokensDocument(file: string): Promise<TokensDocument> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if (isCode(error, 'ENOENT')) return { tokens: [] };
    throw new StoreError('STORE_CORRUPT', file, `${file} cannot be read (${describe(error)})`, { cause: error });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new StoreError('STORE_CORRUPT', file, `${file} is not valid JSON: ${(error as Error).message}`, { cause: error });
  }
  const problems = tokensDocumentProblems(parsed);
  if (problems.length > 0) throw new StoreError('STORE_INVALID', file, `${file} is invalid: ${problems.join('; ')}`, { problems });
  return parsed as TokensDocument;
}

/** Writes the document atomically (temp file written durably, rename, folder sync), so the bot never reads half a file. */
export async function writeTokensDocument(file: string, document: TokensDocument): Promise<void> {
  const problems = tokensDocumentProblems(document);
  if (problems.length > 0) throw new StoreError('STORE_RECORD_INVALID', file, `${file} was not written: ${problems.join('; ')}`, { problems });
  await new AtomicJsonFileAdapter<TokensDocument>(file).write(document);
}
