import { describe, expect, it } from 'vitest';
import { configSecrets } from '../src/config.js';
import { createLogger } from '../src/log.js';
import { REDACTED } from '../src/secrets.js';

const TOKEN = 'ZmFrZS10b2tlbi1mb3ItdGVzdHM_0123456789';
const PROXY = 'http://proxyuser:S3cr%2Ft!pw@proxy.local:3128';
const SOCKS = 'socks5://sockuser:socksPa55@127.0.0.1:1080';
const secrets = configSecrets({ accessToken: TOKEN, httpsProxy: PROXY, wssProxy: SOCKS });
const FORBIDDEN = [TOKEN, 'S3cr%2Ft!pw', 'S3cr/t!pw', 'socksPa55', 'proxyuser:S3cr', 'sockuser:socksPa55'];

function capture(level = 'trace') {
  const lines: string[] = [];
  const logger = createLogger({ level, secrets, destination: { write: (s: string) => void lines.push(s) } });
  const text = () => lines.join('');
  const records = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);
  return { logger, lines, text, records };
}

function expectClean(text: string) {
  for (const secret of FORBIDDEN) expect(text).not.toContain(secret);
}

describe('createLogger', () => {
  it('writes pino JSON lines at the configured level', () => {
    const { logger, records } = capture('warn');
    logger.info('hidden');
    logger.warn({ key: 'testbed:1' }, 'shown');
    expect(records()).toHaveLength(1);
    expect(records()[0]).toMatchObject({ level: 40, key: 'testbed:1', msg: 'shown' });
  });

  it('redacts authorization headers and token fields by path', () => {
    const { logger, records } = capture();
    logger.info({
      headers: { authorization: 'Bearer abc', 'proxy-authorization': 'Basic xyz' },
      request: { headers: { Authorization: 'whatever' } },
      accessToken: 'at',
      auth: { token: 'tk', password: 'pw' },
    });
    const [record] = records();
    expect(record.headers).toEqual({ authorization: REDACTED, 'proxy-authorization': REDACTED });
    expect(record.request).toEqual({ headers: { Authorization: REDACTED } });
    expect(record.accessToken).toBe(REDACTED);
    expect(record.auth).toEqual({ token: REDACTED, password: REDACTED });
  });

  it('removes secrets from messages, nested objects, arrays and URLs', () => {
    const { logger, text, records } = capture();
    logger.info(`connecting with ${TOKEN}`);
    logger.debug({ deep: { deeper: { list: [`x${TOKEN}y`, { note: `proxy is ${PROXY}` }] } } }, 'nested');
    logger.info({ wss: SOCKS, decoded: 'password S3cr/t!pw' }, 'proxies');
    logger.info({ frame: JSON.stringify({ data: { token: TOKEN } }) }, 'a frame as text');
    expectClean(text());
    expect(records()[0].msg).toBe(`connecting with ${REDACTED}`);
    expect(text()).toContain(`http://${REDACTED}@proxy.local:3128`);
    expect(records()).toHaveLength(4); // every line is still valid JSON
  });

  it('keeps secrets out of serialized errors, their causes and extra fields', () => {
    const { logger, text, records } = capture();
    const cause = new Error(`proxy ${PROXY} refused`);
    const error = Object.assign(new Error(`401 for token ${TOKEN}`, { cause }), {
      code: 'ERR_AUTH',
      statusCode: 401,
      options: { headers: { authorization: `Bearer ${TOKEN}` } },
    });
    logger.error(error);
    logger.error({ err: error, error }, 'request failed');
    expectClean(text());
    const [first] = records();
    const err = first.err as Record<string, unknown>;
    expect(err).toMatchObject({ type: 'Error', code: 'ERR_AUTH', statusCode: 401 });
    expect(err.message).toBe(`401 for token ${REDACTED}`);
    expect((err.cause as Record<string, unknown>).message).toContain(`http://${REDACTED}@proxy.local`);
    expect(err).not.toHaveProperty('options');
  });

  it('applies to child loggers too', () => {
    const { logger, text } = capture();
    logger.child({ key: 'conversation:r:p' }).warn({ url: `https://x/?access_token=${TOKEN}` }, 'child');
    expect(text()).toContain('conversation:r:p');
    expectClean(text());
  });
});
