/**
 * The running bot's copy of the API tokens: read at start-up and again whenever the file changes.
 * The folder is watched rather than the file, so a file replaced by a rename (as every careful
 * editor and `npm run token` do) is still noticed. A file that cannot be read or breaks the rules
 * keeps the last good tokens and logs a warning naming the problem; a missing file means no tokens.
 */
import { watch, type FSWatcher } from 'node:fs';
import { basename, dirname } from 'node:path';
import type { Logger } from 'pino';
import { StoreError } from './errors.js';
import { findToken, readTokensDocument, type ApiToken } from './tokens.js';

export interface LiveTokens {
  /** The token's entry when the presented token is one of them. */
  verify(presented: string): ApiToken | undefined;
  /** Reads the file now (also what the watcher calls); resolves once the new tokens are in use. */
  reload(): Promise<void>;
  /** How many tokens are in use (for the start-up log line). */
  count(): number;
  close(): void;
}

/** Changes arriving this close together are read once. */
const SETTLE_MS = 20;

export async function openLiveTokens(options: { file: string; logger: Logger }): Promise<LiveTokens> {
  const { file, logger } = options;
  let tokens: readonly ApiToken[] = [];
  let reading: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  async function read(): Promise<void> {
    try {
      const document = await readTokensDocument(file);
      tokens = Object.freeze(document.tokens.map((token) => Object.freeze({ ...token, sha256: token.sha256.toLowerCase() })));
      logger.info({ file, tokens: tokens.length }, 'API tokens read');
    } catch (error) {
      const problem = error instanceof StoreError ? error.message : String(error);
      logger.warn({ file, problem, kept: tokens.length }, 'API token file not used; the last good tokens stay in use');
    }
  }

  // Reads one after another, so an older read never overwrites a newer one.
  const reload = () => (reading = reading.then(read));

  let watcher: FSWatcher | undefined;
  try {
    watcher = watch(dirname(file), { persistent: false }, (_event, name) => {
      if (closed || (name !== null && name !== basename(file))) return;
      clearTimeout(timer);
      timer = setTimeout(() => void reload(), SETTLE_MS);
    });
    watcher.on('error', (error) => logger.warn({ file, err: error }, 'watching the API token file stopped; restart the bot to read changes'));
  } catch (error) {
    logger.warn({ file, err: error }, 'the API token file cannot be watched; changes are read at the next start');
  }
  await reload();

  return {
    verify: (presented) => findToken(tokens, presented),
    reload,
    count: () => tokens.length,
    close() {
      closed = true;
      clearTimeout(timer);
      watcher?.close();
    },
  };
}
