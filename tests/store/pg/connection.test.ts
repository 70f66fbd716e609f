/**
 * Connecting to PostgreSQL: errors that name the server but never the password (also in logs),
 * the pool size, and the STORE_* settings.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, configSecrets, loadConfig } from '../../../src/config.js';
import { createLogger } from '../../../src/log.js';
import { REDACTED, scrub } from '../../../src/secrets.js';
import { StoreError } from '../../../src/store/errors.js';
import { openPool, redactUrl } from '../../../src/store/pg/index.js';
import { freshDatabase, testStoreUrl, withDatabase } from '../../support/postgres.js';

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A port nobody listens on (taken, then closed). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

async function failureOf(promise: Promise<unknown>): Promise<StoreError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StoreError);
  return error as StoreError;
}

/** Every way the error could reach a person or a log: message, fields, JSON, and a real log line. */
function everythingSaidAbout(error: StoreError, secrets: string[]): string {
  const lines: string[] = [];
  const logger = createLogger({ level: 'info', secrets, destination: { write: (s: string) => void lines.push(s) } });
  logger.error({ err: error }, 'store unavailable');
  return [error.message, error.file, String(error), JSON.stringify(error), error.stack ?? '', ...lines].join('\n');
}

describe('connection errors', () => {
  it('names the server with the password redacted when nothing listens on the port', async () => {
    const port = await closedPort();
    const password = 'S3cr3t/p@ss#w0rd';
    const url = `postgres://bot:${encodeURIComponent(password)}@127.0.0.1:${port}/testbeds`;
    const error = await failureOf(openPool({ url, poolSize: 1, connectTimeoutMs: 2_000 }));
    expect(error.code).toBe('STORE_UNAVAILABLE');
    expect(error.message).toContain(`PostgreSQL at postgres://bot:${REDACTED}@127.0.0.1:${port}/testbeds: connecting failed, nothing is listening there`);
    const said = everythingSaidAbout(error, configSecrets({ accessToken: 'tok', storeUrl: url }));
    expect(said).not.toContain(password);
    expect(said).not.toContain(encodeURIComponent(password));
    expect(said).not.toContain('S3cr3t');
  });

  it('says the password was refused, without showing it', async () => {
    const db = await freshDatabase();
    cleanups.push(() => db.drop());
    const wrong = new URL(db.url);
    wrong.password = 'not-the-password-42';
    const error = await failureOf(openPool({ url: wrong.toString(), poolSize: 1 }));
    expect(error.message).toMatch(/the password was refused/);
    expect(error.message).toContain(`tbm_test:${REDACTED}@127.0.0.1`);
    expect(everythingSaidAbout(error, [])).not.toContain('not-the-password-42');
  });

  it('says the database does not exist', async () => {
    const error = await failureOf(openPool({ url: withDatabase(testStoreUrl(), 'no_such_db'), poolSize: 1 }));
    expect(error.message).toMatch(/no_such_db: connecting failed, the database does not exist/);
    expect(error.message).not.toContain(decodeURIComponent(new URL(testStoreUrl()).password));
  });
});

describe('the pool', () => {
  it('opens no more connections than STORE_POOL_SIZE, and every query still runs', async () => {
    const db = await freshDatabase();
    cleanups.push(() => db.drop());
    const pool = await openPool({ url: db.url, poolSize: 2, applicationName: 'pool-size-test' });
    cleanups.push(() => pool.end());
    const admin = new pg.Client({ connectionString: db.url });
    await admin.connect();
    cleanups.push(() => admin.end());
    const queries = Array.from({ length: 5 }, (_, i) => pool.query('SELECT pg_sleep(0.3), $1::int AS i', [i]));
    const seen: number[] = [];
    const watching = (async () => {
      let settled = false;
      void Promise.all(queries).finally(() => (settled = true));
      while (!settled) {
        const { rows } = await admin.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'pool-size-test'`);
        seen.push(rows[0].n);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const results = await Promise.all(queries);
    await watching;
    expect(results.map((r) => r.rows[0].i)).toEqual([0, 1, 2, 3, 4]);
    expect(Math.max(...seen)).toBe(2);
  });
});

describe('STORE_URL and STORE_POOL_SIZE settings', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'store-settings-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const base = { PLATFORM_ACCESS_TOKEN: 'token-value', APPROVED_ROOMS: 'room-1' };

  const problems = (env: Record<string, string>) => {
    try {
      loadConfig({ ...base, ...env }, { cwd: dir });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as ConfigError).problems;
    }
    return [];
  };

  it('reads the URL and the pool size (default 10)', () => {
    const config = loadConfig({ ...base, STORE_URL: 'postgres://bot:pw@db.example:5432/testbeds' }, { cwd: dir });
    expect(config.storeUrl).toBe('postgres://bot:pw@db.example:5432/testbeds');
    expect(config.storePoolSize).toBe(10);
    expect(loadConfig({ ...base, STORE_POOL_SIZE: '25' }, { cwd: dir }).storePoolSize).toBe(25);
  });

  it('names a bad URL without echoing it, and a bad pool size', () => {
    const bad = problems({ STORE_URL: 'mysql://bot:hunter2@db/x', STORE_POOL_SIZE: '0' });
    expect(bad).toHaveLength(2);
    expect(bad[0]).toMatch(/^STORE_URL must be a PostgreSQL URL such as postgres:\/\/user:password@host:5432\/database/);
    expect(bad.join('\n')).not.toContain('hunter2');
    expect(bad[1]).toBe('STORE_POOL_SIZE must be a whole number from 1 to 1000 (got "0").');
    expect(problems({ STORE_URL: 'postgres://bot:pa/ss@db/x' })[0]).toMatch(/percent-encode/);
  });

  it('counts the database password among the secrets every log line is scrubbed of', () => {
    const secrets = configSecrets({ accessToken: 't', storeUrl: 'postgresql://bot:p%40ss%2Fword@db:5432/x?password=other' });
    expect(secrets).toEqual(expect.arrayContaining(['p%40ss%2Fword', 'p@ss/word', 'other']));
  });
});

describe('redaction', () => {
  it.each([
    ['postgres://bot:secret@db:5432/testbeds', `postgres://bot:${REDACTED}@db:5432/testbeds`],
    ['postgresql://bot@db/testbeds?sslmode=require', 'postgresql://bot@db/testbeds?sslmode=require'],
    ['postgres://db/testbeds?user=bot&password=secret', `postgres://db/testbeds?user=bot&password=${REDACTED}`],
    ['not a url with secret', REDACTED],
    ['postgres://bot:se cret@db/x', `postgres://bot:${REDACTED}@db/x`],
    ['postgres://bot:pa/ss@db/x', `postgres://${REDACTED}`],
  ])('redactUrl(%s)', (url, shown) => {
    expect(redactUrl(url)).toBe(shown);
  });

  it('scrubs PostgreSQL URLs with unencoded passwords and password= parameters from any text', () => {
    expect(scrub('failed postgres://bot:pa/ss?w#rd@db:5432/x now')).toBe(`failed postgres://${REDACTED}@db:5432/x now`);
    expect(scrub('host=db user=bot password=s3cret dbname=x')).toBe(`host=db user=bot password=${REDACTED} dbname=x`);
    expect(scrub('postgres://db/x?user=bot&password=s3cret&sslmode=require')).toBe(`postgres://db/x?user=bot&password=${REDACTED}&sslmode=require`);
  });
});
