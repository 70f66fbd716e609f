/**
 * Configuration: read once from the environment (plus an optional `.env` file in the working
 * directory, `config/env.ts`), validated with yup (`config/schema.ts`), returned frozen. Every
 * problem is collected, one sentence each, naming the setting. Secret values (the token, proxy
 * and database credentials) are never echoed.
 */
import { urlCredentials } from './secrets.js';
import { storeUrlSecrets } from './store/pg/connection.js';
import { readSettings, type Env } from './config/env.js';
import { buildConfig, settingProblems, type Config } from './config/schema.js';

export type { ApiConfig, Config } from './config/schema.js';

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(['Configuration error:', ...problems.map((p) => `- ${p}`)].join('\n'));
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/** Strings that must never reach a log line: the token, proxy and database credentials (raw and decoded). */
export function configSecrets(config: Pick<Config, 'accessToken' | 'httpsProxy' | 'wssProxy'> & Partial<Pick<Config, 'storeUrl'>>): string[] {
  return [
    ...new Set([config.accessToken, ...urlCredentials(config.httpsProxy), ...urlCredentials(config.wssProxy), ...storeUrlSecrets(config.storeUrl)]),
  ].filter((s) => s.length > 0);
}

/** Reads, validates and freezes the configuration; throws ConfigError listing every problem. */
export function loadConfig(env: Env = process.env, options: { cwd?: string } = {}): Config {
  const cwd = options.cwd ?? process.cwd();
  const settings = readSettings(env, cwd);
  const problems = settingProblems(settings, cwd);
  if (problems.length > 0) throw new ConfigError(problems);
  return buildConfig(settings, cwd);
}
