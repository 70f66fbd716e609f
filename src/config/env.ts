/**
 * Where settings come from: the process environment and, when present, a `.env` file in the
 * working directory (parsed with dotenv). The environment wins; values are trimmed and an empty
 * value counts as unset, so `BOT_NAME=` in the environment falls back to `.env`, then the default.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import dotenv from 'dotenv';

export type Env = Record<string, string | undefined>;

/** The `.env` file in `cwd` as name → value; empty when there is no such file. */
export function readEnvFile(cwd: string): Record<string, string> {
  const file = resolve(cwd, '.env');
  return existsSync(file) ? dotenv.parse(readFileSync(file, 'utf8')) : {};
}

/** Every setting from `env` and `cwd/.env` merged: the first non-empty trimmed value wins. */
export function readSettings(env: Env, cwd: string): Env {
  const fromFile = readEnvFile(cwd);
  const settings: Env = {};
  for (const key of new Set([...Object.keys(fromFile), ...Object.keys(env)])) {
    settings[key] = [env[key], fromFile[key]].map((value) => value?.trim()).find((value) => value !== undefined && value !== '');
  }
  return settings;
}
