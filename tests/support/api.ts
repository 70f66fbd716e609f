/**
 * Helpers for the API tests: a token file in a temp folder, and calls over real HTTP (Node's fetch)
 * that hand back the status, the parsed body and the headers.
 */
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newToken, sha256Hex, writeTokensDocument, type ApiToken } from '../../src/store/tokens.js';

export interface TestToken {
  name: string;
  owner: string;
  admin?: boolean;
}

export interface TokenFile {
  file: string;
  /** Plain tokens by name. */
  tokens: Record<string, string>;
  entries: ApiToken[];
}

/** Writes a token file with fresh tokens for `wanted` in a new temp folder. */
export async function tokenFile(wanted: TestToken[]): Promise<TokenFile> {
  const dir = await mkdtemp(join(tmpdir(), 'tbm-tokens-'));
  const file = join(dir, 'api_tokens.json');
  const tokens: Record<string, string> = {};
  const entries = wanted.map((want) => {
    const token = newToken();
    tokens[want.name] = token;
    return { name: want.name, owner_email: want.owner, sha256: sha256Hex(token), admin: want.admin === true };
  });
  await writeTokensDocument(file, { tokens: entries });
  return { file, tokens, entries };
}

export interface ApiAnswer<T = Record<string, any>> {
  status: number;
  body: T;
  headers: Headers;
}

/** One request; `body` is sent as JSON unless `raw` text is given. */
export async function call<T = Record<string, any>>(
  base: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; raw?: string; contentType?: string; signal?: AbortSignal } = {},
): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = {};
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  let payload: string | undefined;
  if (options.raw !== undefined) payload = options.raw;
  else if (options.body !== undefined) payload = JSON.stringify(options.body);
  if (payload !== undefined) headers['content-type'] = options.contentType ?? 'application/json';
  const response = await fetch(`${base}${path}`, { method, headers, body: payload, signal: options.signal });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text so a failing assertion shows it
  }
  return { status: response.status, body: body as T, headers: response.headers };
}

/** The bytes of each file, to show that a refused request changed none of them. */
export async function snapshot(files: string[]): Promise<string[]> {
  return Promise.all(files.map((file) => readFile(file, 'utf8').catch(() => '(missing)')));
}
