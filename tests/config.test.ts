import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, configSecrets, loadConfig } from '../src/config.js';
import { readEnvFile } from '../src/config/env.js';

const TOKEN = 'NmQ1ZTk0-secret-token-value-7f2a';
const base = { PLATFORM_ACCESS_TOKEN: TOKEN, APPROVED_ROOMS: 'room-1' };

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'config-test-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const load = (env: Record<string, string | undefined>) => loadConfig(env, { cwd: dir });
function problemsOf(env: Record<string, string | undefined>): string[] {
  try {
    load(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig defaults', () => {
  it('fills every default when only the required settings are given', () => {
    const config = load(base);
    expect(config).toEqual({
      accessToken: TOKEN,
      apiUrl: 'https://webexapis.com/v1',
      discoveryUrl: 'https://u2c.wbx2.com/u2c/api/v1',
      botName: 'Testbed Monitor',
      testbedDbPath: join(dir, 'testbeds.json'),
      broadcastDbPath: join(dir, 'broadcast_rooms.json'),
      lifecycleDbPath: join(dir, 'lifecycle.json'),
      historyDbPath: join(dir, 'history.jsonl'),
      approvedRooms: ['room-1'],
      health: { port: 8080, host: '0.0.0.0' },
      logLevel: 'info',
      displayTimeZone: 'UTC',
      feedbackLogPath: join(dir, 'feedback.log'),
      broadcastDiscovery: false,
      broadcastAdmins: [],
      admins: [],
      conversationTimeoutMs: 15 * 60_000,
      reminderMs: 15 * 60_000,
      overdueRepeatMs: 24 * 3_600_000,
      holdMs: 10 * 60_000,
      inspect: false,
      storePoolSize: 10,
    });
    for (const key of ['devicesUrl', 'httpsProxy', 'wssProxy', 'feedbackRoom', 'storeUrl']) expect(config).not.toHaveProperty(key);
  });

  it('returns a deeply frozen object', () => {
    const config = load(base);
    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config.approvedRooms)).toBe(true);
    expect(Object.isFrozen(config.health)).toBe(true);
    expect(Object.isFrozen(config.broadcastAdmins)).toBe(true);
    expect(Object.isFrozen(config.admins)).toBe(true);
  });

  it('reads every setting when given', () => {
    const config = load({
      PLATFORM_ACCESS_TOKEN: TOKEN,
      PLATFORM_API_URL: 'http://127.0.0.1:9000/v1/',
      PLATFORM_DISCOVERY_URL: 'http://127.0.0.1:9000/u2c/api/v1',
      PLATFORM_DEVICES_URL: 'http://127.0.0.1:9000/wdm/api/v1/devices',
      BOT_NAME: 'Lab Bot',
      TESTBED_DB_NAME: 'data/tb.json',
      BROADCAST_DB_NAME: '/var/x/rooms.json',
      APPROVED_ROOMS: ' a , ,b,',
      HEALTH_PORT: '0',
      HEALTH_HOST: '127.0.0.1',
      HTTPS_PROXY: 'http://user:pw@proxy:3128',
      WSS_PROXY: 'socks5h://proxy:1080',
      LOG_LEVEL: 'DEBUG',
      DISPLAY_TIMEZONE: 'Europe/Berlin',
      FEEDBACK_ROOM: 'room-f',
      FEEDBACK_LOG: 'fb.log',
      BROADCAST_DISCOVERY: 'ON',
      BROADCAST_ADMINS: 'Ana@Example.com, bo@example.org',
      ADMINS: ' Grace@Example.COM ,, lin@example.org',
      CONVERSATION_TIMEOUT_MINUTES: '1440',
      INSPECT: '1',
    });
    expect(config).toMatchObject({
      apiUrl: 'http://127.0.0.1:9000/v1',
      devicesUrl: 'http://127.0.0.1:9000/wdm/api/v1/devices',
      botName: 'Lab Bot',
      testbedDbPath: join(dir, 'data/tb.json'),
      broadcastDbPath: '/var/x/rooms.json',
      approvedRooms: ['a', 'b'],
      health: { port: 0, host: '127.0.0.1' },
      httpsProxy: 'http://user:pw@proxy:3128',
      wssProxy: 'socks5h://proxy:1080',
      logLevel: 'debug',
      displayTimeZone: 'Europe/Berlin',
      feedbackRoom: 'room-f',
      feedbackLogPath: join(dir, 'fb.log'),
      broadcastDiscovery: true,
      broadcastAdmins: ['ana@example.com', 'bo@example.org'],
      admins: ['grace@example.com', 'lin@example.org'],
      conversationTimeoutMs: 1440 * 60_000,
      inspect: true,
    });
  });

  it('accepts "*" alone as every room and HEALTH_PORT=off as no health server', () => {
    const config = load({ ...base, APPROVED_ROOMS: ' * ', HEALTH_PORT: 'off' });
    expect(config.approvedRooms).toBe('*');
    expect(config.health).toBeNull();
  });
});

describe('API settings', () => {
  it('leave the API off unless API_PORT is set; then default to 127.0.0.1 and files beside the testbed document', () => {
    expect(load(base)).not.toHaveProperty('api');
    const config = load({ ...base, API_PORT: '8081', TESTBED_DB_NAME: 'data/testbeds.json' });
    expect(config.api).toEqual({
      port: 8081,
      host: '127.0.0.1',
      tokensPath: join(dir, 'data', 'api_tokens.json'),
      holdsPath: join(dir, 'data', 'api_holds.json'),
    });
    expect(Object.isFrozen(config.api)).toBe(true);
  });

  it('read API_HOST, API_TOKENS_FILE and API_HOLDS_DB_NAME relative to the working directory', () => {
    const config = load({ ...base, API_PORT: '0', API_HOST: '0.0.0.0', API_TOKENS_FILE: 'secrets/tokens.json', API_HOLDS_DB_NAME: 'holds.json' });
    expect(config.api).toEqual({ port: 0, host: '0.0.0.0', tokensPath: join(dir, 'secrets', 'tokens.json'), holdsPath: join(dir, 'holds.json') });
  });

  it('name each bad API setting', () => {
    expect(problemsOf({ ...base, API_PORT: '80000', API_HOST: 'bad host/' })).toEqual([
      'API_PORT must be a whole number from 0 to 65535 (got "80000").',
      'API_HOST must be a host name or IP address such as 127.0.0.1 (got "bad host/").',
    ]);
    expect(problemsOf({ ...base, API_TOKENS_FILE: 'testbeds.json' })).toEqual(["API_TOKENS_FILE must name a file of its own (not one of the bot's documents)."]);
    expect(problemsOf({ ...base, API_HOLDS_DB_NAME: 'api_tokens.json' })).toEqual(['API_HOLDS_DB_NAME must name a file of its own (not the token file or another document).']);
  });
});

describe('HISTORY_DB_NAME', () => {
  it('defaults to history.jsonl beside the testbed document, wherever that is', () => {
    expect(load({ ...base, TESTBED_DB_NAME: 'data/tb.json' }).historyDbPath).toBe(join(dir, 'data', 'history.jsonl'));
    expect(load({ ...base, HISTORY_DB_NAME: 'logs/who.jsonl' }).historyDbPath).toBe(join(dir, 'logs', 'who.jsonl'));
  });
});

describe('loadConfig problems', () => {
  it.each([
    [{ PLATFORM_ACCESS_TOKEN: undefined }, 'PLATFORM_ACCESS_TOKEN is required'],
    [{ PLATFORM_ACCESS_TOKEN: '  ' }, 'PLATFORM_ACCESS_TOKEN is required'],
    [{ APPROVED_ROOMS: undefined }, 'APPROVED_ROOMS is required'],
    [{ APPROVED_ROOMS: ' , ,' }, 'APPROVED_ROOMS is required'],
    [{ APPROVED_ROOMS: '*,room-2' }, 'APPROVED_ROOMS mixes "*" with room ids'],
    [{ PLATFORM_API_URL: 'webexapis.com/v1' }, 'PLATFORM_API_URL must be an http/https URL'],
    [{ PLATFORM_API_URL: 'ftp://x/v1' }, 'PLATFORM_API_URL must be an http/https URL'],
    [{ PLATFORM_DISCOVERY_URL: 'nope' }, 'PLATFORM_DISCOVERY_URL must be an http/https URL'],
    [{ PLATFORM_DEVICES_URL: 'http://' }, 'PLATFORM_DEVICES_URL must be an http/https URL'],
    [{ HEALTH_PORT: '65536' }, 'HEALTH_PORT must be a port number from 0 to 65535 or "off"'],
    [{ HEALTH_PORT: '-1' }, 'HEALTH_PORT must be a port number'],
    [{ HEALTH_PORT: '80.5' }, 'HEALTH_PORT must be a port number'],
    [{ HTTPS_PROXY: 'socks5://p:1080' }, 'HTTPS_PROXY uses an unknown proxy scheme "socks5"'],
    [{ HTTPS_PROXY: 'proxy.local:3128' }, 'HTTPS_PROXY must start with a scheme'],
    [{ WSS_PROXY: 'ftp://p:21' }, 'WSS_PROXY uses an unknown proxy scheme "ftp"'],
    [{ WSS_PROXY: 'socks4://p:1080' }, 'unknown proxy scheme'],
    [{ WSS_PROXY: 'http://[bad' }, 'WSS_PROXY must be a proxy URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent'],
    [{ DISPLAY_TIMEZONE: 'Mars/Olympus' }, 'DISPLAY_TIMEZONE must be an IANA time zone'],
    [{ BROADCAST_DISCOVERY: 'yes' }, 'BROADCAST_DISCOVERY must be "on" or "off"'],
    [{ BROADCAST_ADMINS: 'ana@example.com, not-an-email' }, 'not valid: "not-an-email"'],
    [{ ADMINS: 'grace@example.com; lin@example.org' }, 'ADMINS must be email addresses separated by commas; not valid: "grace@example.com; lin@example.org"'],
    [{ ADMINS: 'grace, lin@example.org, @x' }, 'ADMINS must be email addresses separated by commas; not valid: "grace", "@x"'],
    [{ CONVERSATION_TIMEOUT_MINUTES: '0' }, 'CONVERSATION_TIMEOUT_MINUTES must be a whole number from 1 to 1440'],
    [{ CONVERSATION_TIMEOUT_MINUTES: '1441' }, 'CONVERSATION_TIMEOUT_MINUTES must be a whole number'],
    [{ CONVERSATION_TIMEOUT_MINUTES: 'ten' }, 'CONVERSATION_TIMEOUT_MINUTES must be a whole number'],
    [{ INSPECT: 'yes' }, 'INSPECT must be 0 or 1'],
    [{ TESTBED_DB_NAME: 'same.json', BROADCAST_DB_NAME: './same.json' }, 'TESTBED_DB_NAME and BROADCAST_DB_NAME must name two different files'],
    [{ HISTORY_DB_NAME: 'lifecycle.json' }, 'HISTORY_DB_NAME must name a file of its own'],
  ])('%o → one problem naming the setting', (override, expected) => {
    const problems = problemsOf({ ...base, ...override });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(expected);
    expect(problems[0]).toMatch(/\.$/);
  });

  it('collects every problem at once, and the error message lists each on its own line', () => {
    let caught: unknown;
    try {
      load({ HEALTH_PORT: 'x', WSS_PROXY: 'gopher://p', LOG_LEVEL: 'x', INSPECT: '2' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const error = caught as ConfigError;
    expect(error.problems).toHaveLength(6);
    for (const name of ['PLATFORM_ACCESS_TOKEN', 'APPROVED_ROOMS', 'HEALTH_PORT', 'WSS_PROXY', 'LOG_LEVEL', 'INSPECT']) {
      expect(error.problems.some((p) => p.startsWith(name))).toBe(true);
    }
    const lines = error.message.split('\n');
    expect(lines[0]).toBe('Configuration error:');
    expect(lines.slice(1)).toEqual(error.problems.map((p) => `- ${p}`));
  });

  it('never echoes the token or proxy passwords in problems', () => {
    const badToken = 'abc def-very-secret-123';
    const error = (() => {
      try {
        load({ PLATFORM_ACCESS_TOKEN: badToken, APPROVED_ROOMS: '', HTTPS_PROXY: 'http://u:hunter2pw@[x', WSS_PROXY: 'ftp://u:hunter2pw@h' });
      } catch (e) {
        return e as ConfigError;
      }
      throw new Error('expected a ConfigError');
    })();
    expect(error.problems.some((p) => p.startsWith('PLATFORM_ACCESS_TOKEN'))).toBe(true);
    expect(error.problems.some((p) => p.startsWith('HTTPS_PROXY'))).toBe(true);
    for (const text of [error.message, ...error.problems]) {
      expect(text).not.toContain('very-secret');
      expect(text).not.toContain('hunter2pw');
    }
  });
});

describe('.env file', () => {
  it('is read from cwd: quotes, comments, export prefix', () => {
    writeFileSync(
      join(dir, '.env'),
      [
        '# a comment',
        `PLATFORM_ACCESS_TOKEN="${TOKEN}"`,
        "export APPROVED_ROOMS='r1, r2'  # trailing comment ignored",
        'BOT_NAME=Lab Monitor # comment',
        'HEALTH_PORT = 9090',
        'FEEDBACK_ROOM="room#1"',
        'EMPTY=',
        '',
      ].join('\n'),
    );
    const config = load({});
    expect(config.accessToken).toBe(TOKEN);
    expect(config.approvedRooms).toEqual(['r1', 'r2']);
    expect(config.botName).toBe('Lab Monitor');
    expect(config.health?.port).toBe(9090);
    expect(config.feedbackRoom).toBe('room#1');
  });

  it('loses to the real environment; an empty env value counts as unset', () => {
    writeFileSync(join(dir, '.env'), `PLATFORM_ACCESS_TOKEN=from-file\nAPPROVED_ROOMS=file-room\nBOT_NAME=File Bot\n`);
    const config = load({ PLATFORM_ACCESS_TOKEN: 'from-env', APPROVED_ROOMS: 'env-room', BOT_NAME: '' });
    expect(config.accessToken).toBe('from-env');
    expect(config.approvedRooms).toEqual(['env-room']);
    expect(config.botName).toBe('File Bot');
  });

  it('keeps escapes in double quotes, literal single quotes, multi-line values; an unquoted # starts a comment', () => {
    writeFileSync(join(dir, '.env'), 'A="x\\ny"\nB=\'x\\ny\'\nC="multi\nline"\nnot a line\nD=1\nE=room#1\n');
    expect(readEnvFile(dir)).toEqual({ A: 'x\ny', B: 'x\\ny', C: 'multi\nline', D: '1', E: 'room' });
  });

  it('is optional: no file, no settings from it', () => {
    expect(readEnvFile(dir)).toEqual({});
    expect(load(base).accessToken).toBe(TOKEN);
  });
});

describe('configSecrets', () => {
  it('lists the token, the full proxy credentials and the raw and decoded passwords', () => {
    const secrets = configSecrets({ accessToken: TOKEN, httpsProxy: 'http://ana:p%40ss@h:1', wssProxy: 'socks5://h:1' });
    expect(secrets).toEqual(expect.arrayContaining([TOKEN, 'ana:p%40ss', 'ana:p@ss', 'p%40ss', 'p@ss']));
    expect(secrets).not.toContain('ana');
  });

  it('shows a bad proxy URL in a problem with its credentials blanked', () => {
    const problems = problemsOf({ ...base, HTTPS_PROXY: 'http://user:p%40ss@[x:3128/x?y=1' });
    expect(problems).toEqual(['HTTPS_PROXY must be a proxy URL such as http://host:port (got "http://[REDACTED]@[x:3128/x?y=1").']);
  });
});
