/**
 * What the settings mean: the yup rules (one sentence per problem, naming the setting, never
 * echoing a secret), the defaults, and the frozen `Config` built from settings that passed.
 */
import { dirname, join, resolve } from 'node:path';
import * as yup from 'yup';
import { scrub } from '../secrets.js';
import { isPostgresUrl } from '../store/pg/connection.js';
import { isValidTimeZone } from '../time-rules.js';
import { parseDigestTime, parseWeekdays, type DigestSchedule } from '../digest/schedule.js';
import type { Env } from './env.js';

export interface Config {
  accessToken: string;
  apiUrl: string;
  discoveryUrl: string;
  devicesUrl?: string;
  botName: string;
  testbedDbPath: string;
  broadcastDbPath: string;
  /** LIFECYCLE_DB_NAME: reminder facts, wait-lists and holds. */
  lifecycleDbPath: string;
  /** HISTORY_DB_NAME: one JSON line per change (who did what, when). */
  historyDbPath: string;
  approvedRooms: string[] | '*';
  health: { port: number; host: string } | null;
  httpsProxy?: string;
  wssProxy?: string;
  logLevel: string;
  displayTimeZone: string;
  feedbackRoom?: string;
  feedbackLogPath: string;
  broadcastDiscovery: boolean;
  broadcastAdmins: string[];
  /** ADMINS: lowercased emails of the lab's admins (empty = nobody may use the admin card). */
  admins: string[];
  conversationTimeoutMs: number;
  /** REMINDER_MINUTES before the expected release the holder is reminded; 0 = no reminders. */
  reminderMs: number;
  /** OVERDUE_REPEAT_HOURS between overdue notices; 0 = only the first one. */
  overdueRepeatMs: number;
  /** HOLD_MINUTES a freed testbed is kept for the first person in its queue. */
  holdMs: number;
  inspect: boolean;
  /** STORE_URL: the PostgreSQL store (absent = the JSON files). Holds a password: never log it. */
  storeUrl?: string;
  /** STORE_POOL_SIZE: query connections to PostgreSQL. */
  storePoolSize: number;
  /** DIGEST_AT / DIGEST_TZ / DIGEST_WEEKDAYS: when the daily digest is posted (absent = no digest). */
  digest?: DigestSchedule;
  /** RECORD_EVENTS: inbound events are appended here, pseudonymised (absent = no recording). */
  record?: { path: string; keepText: boolean; maxBytes: number };
  /** The HTTP API for pipelines: present only when API_PORT is set. */
  api?: ApiConfig;
}

export interface ApiConfig {
  port: number;
  host: string;
  /** API_TOKENS_FILE: names, owners and sha256 hashes of the API tokens. */
  tokensPath: string;
  /** API_HOLDS_DB_NAME: which token made which hold (hold ids, time-to-live, heartbeats). */
  holdsPath: string;
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const isUrlWith = (schemes: string[]) => (value: string | undefined) => {
  if (value === undefined) return true;
  try {
    const url = new URL(value);
    return schemes.includes(url.protocol.slice(0, -1)) && url.hostname.length > 0;
  } catch {
    return false;
  }
};

const schemeOf = (value: string) => /^([a-z][a-z0-9+.-]*):\/\//i.exec(value)?.[1]?.toLowerCase();

/** A rejected value as it may be shown: URL credentials blanked. */
const shown = (value: unknown) => scrub(String(value));

function urlSetting(name: string, schemes: string[]) {
  return yup
    .string()
    .test('url', ({ value }) => `${name} must be an ${schemes.join('/')} URL (got "${shown(value)}").`, isUrlWith(schemes));
}

function proxySetting(name: string, schemes: string[]) {
  return yup
    .string()
    .test('scheme', ({ value }) =>
      `${name} uses an unknown proxy scheme "${schemeOf(String(value))}"; use one of ${schemes.join(', ')}.`,
      (v) => v === undefined || !schemeOf(v) || schemes.includes(schemeOf(v)!))
    .test('url', ({ value }) => `${name} must be a proxy URL such as http://host:port (got "${shown(value)}").`,
      (v) => v === undefined || !schemeOf(v) || !schemes.includes(schemeOf(v)!) || isUrlWith(schemes)(v))
    .test('has-scheme', `${name} must start with a scheme such as http:// (e.g. http://proxy.example.com:3128).`,
      (v) => v === undefined || schemeOf(v) !== undefined);
}

function intSetting(name: string, min: number, max: number) {
  return yup.string().test('int', ({ value }) => `${name} must be a whole number from ${min} to ${max} (got "${value}").`, (v) => {
    if (v === undefined) return true;
    const n = /^\d+$/.test(v) ? Number(v) : NaN;
    return Number.isInteger(n) && n >= min && n <= max;
  });
}

const splitList = (v: string | undefined) => (v ?? '').split(',').map((s) => s.trim()).filter((s) => s.length > 0);
const emailSchema = yup.string().email();

/** Comma-separated emails; the problem names every entry that is not one. */
function emailListSetting(name: string) {
  return yup.string().test('emails', ({ value }) => {
    const bad = splitList(value).filter((e) => !emailSchema.isValidSync(e));
    return `${name} must be email addresses separated by commas; not valid: ${bad.map((b) => `"${b}"`).join(', ')}.`;
  }, (v) => splitList(v).every((e) => emailSchema.isValidSync(e)));
}

const schema = yup.object({
  PLATFORM_ACCESS_TOKEN: yup
    .string()
    .required('PLATFORM_ACCESS_TOKEN is required: set it to the bot access token.')
    .test('no-space', 'PLATFORM_ACCESS_TOKEN must not contain spaces or line breaks (paste only the token itself).', (v) => !v || !/\s/.test(v)),
  PLATFORM_API_URL: urlSetting('PLATFORM_API_URL', ['http', 'https']),
  PLATFORM_DISCOVERY_URL: urlSetting('PLATFORM_DISCOVERY_URL', ['http', 'https']),
  PLATFORM_DEVICES_URL: urlSetting('PLATFORM_DEVICES_URL', ['http', 'https']),
  APPROVED_ROOMS: yup
    .string()
    .test('rooms', 'APPROVED_ROOMS is required: list the approved room ids separated by commas, or "*" to allow every room.', (v) => splitList(v).length > 0)
    .test('star', 'APPROVED_ROOMS mixes "*" with room ids; use "*" alone to allow every room.', (v) => {
      const rooms = splitList(v);
      return !rooms.includes('*') || rooms.length === 1;
    }),
  HEALTH_PORT: yup.string().test('port', ({ value }) => `HEALTH_PORT must be a port number from 0 to 65535 or "off" (got "${value}").`,
    (v) => v === undefined || v.toLowerCase() === 'off' || (/^\d+$/.test(v) && Number(v) <= 65535)),
  HTTPS_PROXY: proxySetting('HTTPS_PROXY', ['http', 'https']),
  WSS_PROXY: proxySetting('WSS_PROXY', ['http', 'https', 'socks5', 'socks5h']),
  LOG_LEVEL: yup.string().test('level', ({ value }) => `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${value}").`,
    (v) => v === undefined || (LOG_LEVELS as readonly string[]).includes(v.toLowerCase())),
  DISPLAY_TIMEZONE: yup.string().test('zone', ({ value }) => `DISPLAY_TIMEZONE must be an IANA time zone such as UTC or Europe/Berlin (got "${value}").`,
    (v) => v === undefined || isValidTimeZone(v)),
  BROADCAST_DISCOVERY: yup.string().test('onoff', ({ value }) => `BROADCAST_DISCOVERY must be "on" or "off" (got "${value}").`,
    (v) => v === undefined || ['on', 'off'].includes(v.toLowerCase())),
  BROADCAST_ADMINS: emailListSetting('BROADCAST_ADMINS'),
  ADMINS: emailListSetting('ADMINS'),
  CONVERSATION_TIMEOUT_MINUTES: intSetting('CONVERSATION_TIMEOUT_MINUTES', 1, 1440),
  REMINDER_MINUTES: intSetting('REMINDER_MINUTES', 0, 10_080),
  OVERDUE_REPEAT_HOURS: intSetting('OVERDUE_REPEAT_HOURS', 0, 720),
  HOLD_MINUTES: intSetting('HOLD_MINUTES', 1, 1440),
  INSPECT: yup.string().test('flag', ({ value }) => `INSPECT must be 0 or 1 (got "${value}").`, (v) => v === undefined || v === '0' || v === '1'),
  RECORD_TEXT: yup.string().test('onoff', ({ value }) => `RECORD_TEXT must be "on" or "off" (got "${value}").`,
    (v) => v === undefined || ['on', 'off'].includes(v.toLowerCase())),
  RECORD_MAX_MB: intSetting('RECORD_MAX_MB', 1, 10_000),
  API_PORT: intSetting('API_PORT', 0, 65_535),
  API_HOST: yup.string().test('host', ({ value }) => `API_HOST must be a host name or IP address such as 127.0.0.1 (got "${value}").`,
    (v) => v === undefined || /^[A-Za-z0-9.:_-]+$/.test(v)),
  // Never echoed: the value holds the database password.
  STORE_URL: yup.string().test('pg-url',
    'STORE_URL must be a PostgreSQL URL such as postgres://user:password@host:5432/database (percent-encode / ? # @ % and : in the password).',
    (v) => v === undefined || isPostgresUrl(v)),
  STORE_POOL_SIZE: intSetting('STORE_POOL_SIZE', 1, 1000),
  DIGEST_AT: yup.string().test('time', ({ value }) => `DIGEST_AT must be a time of day as HH:MM on the 24-hour clock, such as 09:00 or 17:30 (got "${value}").`,
    (v) => v === undefined || parseDigestTime(v) !== null),
  DIGEST_TZ: yup.string().test('zone', ({ value }) => `DIGEST_TZ must be an IANA time zone such as UTC or Europe/Berlin (got "${value}").`,
    (v) => v === undefined || isValidTimeZone(v)),
  DIGEST_WEEKDAYS: yup.string().test('days', ({ value }) => {
    const reading = parseWeekdays(String(value));
    const named = reading.ok ? '' : reading.unknown.map((part) => `"${part}"`).join(', ');
    return named === ''
      ? 'DIGEST_WEEKDAYS names no day; use a range such as mon-fri, a list such as mon,wed,fri, or daily.'
      : `DIGEST_WEEKDAYS must name days as mon … sun, ranges such as mon-fri or sat-sun, lists such as mon,wed,fri, or daily; not understood: ${named}.`;
  }, (v) => v === undefined || parseWeekdays(v).ok),
});

const DEFAULTS = {
  PLATFORM_API_URL: 'https://webexapis.com/v1',
  PLATFORM_DISCOVERY_URL: 'https://u2c.wbx2.com/u2c/api/v1',
  BOT_NAME: 'Testbed Monitor',
  TESTBED_DB_NAME: 'testbeds.json',
  BROADCAST_DB_NAME: 'broadcast_rooms.json',
  LIFECYCLE_DB_NAME: 'lifecycle.json',
  HISTORY_DB_NAME: 'history.jsonl',
  HEALTH_PORT: '8080',
  HEALTH_HOST: '0.0.0.0',
  LOG_LEVEL: 'info',
  DISPLAY_TIMEZONE: 'UTC',
  FEEDBACK_LOG: 'feedback.log',
  BROADCAST_DISCOVERY: 'off',
  CONVERSATION_TIMEOUT_MINUTES: '15',
  REMINDER_MINUTES: '15',
  OVERDUE_REPEAT_HOURS: '24',
  HOLD_MINUTES: '10',
  INSPECT: '0',
  RECORD_TEXT: 'on',
  RECORD_MAX_MB: '50',
  API_HOST: '127.0.0.1',
  API_TOKENS_FILE: 'api_tokens.json',
  API_HOLDS_DB_NAME: 'api_holds.json',
  STORE_POOL_SIZE: '10',
  DIGEST_TZ: 'UTC',
  DIGEST_WEEKDAYS: 'mon-fri',
} as const;

const setting = (settings: Env, key: keyof typeof DEFAULTS): string => settings[key] ?? DEFAULTS[key];
/** Where the JSON documents are, from TESTBED_DB_NAME, BROADCAST_DB_NAME and LIFECYCLE_DB_NAME. */
export const dbPaths = (settings: Env, cwd: string) => {
  const testbedDbPath = resolve(cwd, setting(settings, 'TESTBED_DB_NAME'));
  return {
    testbedDbPath,
    broadcastDbPath: resolve(cwd, setting(settings, 'BROADCAST_DB_NAME')),
    // Unset: beside the testbed document, wherever that is.
    lifecycleDbPath: settings.LIFECYCLE_DB_NAME
      ? resolve(cwd, settings.LIFECYCLE_DB_NAME)
      : join(dirname(testbedDbPath), DEFAULTS.LIFECYCLE_DB_NAME),
    historyDbPath: settings.HISTORY_DB_NAME
      ? resolve(cwd, settings.HISTORY_DB_NAME)
      : join(dirname(testbedDbPath), DEFAULTS.HISTORY_DB_NAME),
  };
};

/**
 * Where the API token file is: API_TOKENS_FILE (relative to the working directory) when set, else
 * `api_tokens.json` beside the testbed document, so one data folder holds everything. The token
 * command (`npm run token`) reads the same settings, so both find the same file.
 */
export function apiTokensPath(settings: Env, cwd: string): string {
  return settings.API_TOKENS_FILE
    ? resolve(cwd, settings.API_TOKENS_FILE)
    : join(dirname(dbPaths(settings, cwd).testbedDbPath), DEFAULTS.API_TOKENS_FILE);
}

function apiHoldsPath(settings: Env, cwd: string): string {
  return settings.API_HOLDS_DB_NAME
    ? resolve(cwd, settings.API_HOLDS_DB_NAME)
    : join(dirname(dbPaths(settings, cwd).testbedDbPath), DEFAULTS.API_HOLDS_DB_NAME);
}

/** Every problem with the settings, one sentence each (empty when they are fine). */
export function settingProblems(settings: Env, cwd: string): string[] {
  const problems: string[] = [];
  try {
    schema.validateSync(settings, { abortEarly: false, strict: true });
  } catch (error) {
    if (!(error instanceof yup.ValidationError)) throw error;
    problems.push(...error.errors);
  }
  const { testbedDbPath, broadcastDbPath, lifecycleDbPath, historyDbPath } = dbPaths(settings, cwd);
  if (testbedDbPath === broadcastDbPath) {
    problems.push('TESTBED_DB_NAME and BROADCAST_DB_NAME must name two different files.');
  }
  if (lifecycleDbPath === testbedDbPath || lifecycleDbPath === broadcastDbPath) {
    problems.push('LIFECYCLE_DB_NAME must name a file of its own (not the testbed or broadcast room document).');
  }
  const taken = [testbedDbPath, broadcastDbPath, lifecycleDbPath, historyDbPath];
  if (taken.includes(apiTokensPath(settings, cwd))) {
    problems.push('API_TOKENS_FILE must name a file of its own (not one of the bot\'s documents).');
  }
  if ([...taken, apiTokensPath(settings, cwd)].includes(apiHoldsPath(settings, cwd))) {
    problems.push('API_HOLDS_DB_NAME must name a file of its own (not the token file or another document).');
  }
  if ([testbedDbPath, broadcastDbPath, lifecycleDbPath].includes(historyDbPath)) {
    problems.push('HISTORY_DB_NAME must name a file of its own (not the testbed, broadcast room or lifecycle document).');
  }
  return problems;
}

/** The frozen configuration; call only with settings that `settingProblems` found no fault in. */
export function buildConfig(settings: Env, cwd: string): Config {
  const rooms = splitList(settings.APPROVED_ROOMS);
  const port = setting(settings, 'HEALTH_PORT');
  const config: Config = {
    accessToken: settings.PLATFORM_ACCESS_TOKEN!,
    apiUrl: setting(settings, 'PLATFORM_API_URL').replace(/\/+$/, ''),
    discoveryUrl: setting(settings, 'PLATFORM_DISCOVERY_URL').replace(/\/+$/, ''),
    botName: setting(settings, 'BOT_NAME'),
    ...dbPaths(settings, cwd),
    approvedRooms: rooms.length === 1 && rooms[0] === '*' ? '*' : Object.freeze(rooms) as string[],
    health: port.toLowerCase() === 'off' ? null : Object.freeze({ port: Number(port), host: setting(settings, 'HEALTH_HOST') }),
    logLevel: setting(settings, 'LOG_LEVEL').toLowerCase(),
    displayTimeZone: setting(settings, 'DISPLAY_TIMEZONE'),
    feedbackLogPath: resolve(cwd, setting(settings, 'FEEDBACK_LOG')),
    broadcastDiscovery: setting(settings, 'BROADCAST_DISCOVERY').toLowerCase() === 'on',
    broadcastAdmins: Object.freeze(splitList(settings.BROADCAST_ADMINS).map((e) => e.toLowerCase())) as string[],
    admins: Object.freeze(splitList(settings.ADMINS).map((e) => e.toLowerCase())) as string[],
    conversationTimeoutMs: Number(setting(settings, 'CONVERSATION_TIMEOUT_MINUTES')) * 60_000,
    reminderMs: Number(setting(settings, 'REMINDER_MINUTES')) * 60_000,
    overdueRepeatMs: Number(setting(settings, 'OVERDUE_REPEAT_HOURS')) * 3_600_000,
    holdMs: Number(setting(settings, 'HOLD_MINUTES')) * 60_000,
    inspect: setting(settings, 'INSPECT') === '1',
    storePoolSize: Number(setting(settings, 'STORE_POOL_SIZE')),
  };
  if (settings.PLATFORM_DEVICES_URL) config.devicesUrl = settings.PLATFORM_DEVICES_URL.replace(/\/+$/, '');
  if (settings.HTTPS_PROXY) config.httpsProxy = settings.HTTPS_PROXY;
  if (settings.WSS_PROXY) config.wssProxy = settings.WSS_PROXY;
  if (settings.FEEDBACK_ROOM) config.feedbackRoom = settings.FEEDBACK_ROOM;
  if (settings.STORE_URL) config.storeUrl = settings.STORE_URL;
  const digestAt = settings.DIGEST_AT === undefined ? null : parseDigestTime(settings.DIGEST_AT);
  const weekdays = parseWeekdays(setting(settings, 'DIGEST_WEEKDAYS'));
  if (digestAt && weekdays.ok) {
    config.digest = Object.freeze({
      ...digestAt,
      timeZone: setting(settings, 'DIGEST_TZ'),
      weekdays: Object.freeze(weekdays.weekdays) as number[],
    });
  }
  if (settings.RECORD_EVENTS) {
    config.record = Object.freeze({
      path: resolve(cwd, settings.RECORD_EVENTS),
      keepText: setting(settings, 'RECORD_TEXT').toLowerCase() !== 'off',
      maxBytes: Number(setting(settings, 'RECORD_MAX_MB')) * 1024 * 1024,
    });
  }
  if (settings.API_PORT) {
    config.api = Object.freeze({
      port: Number(settings.API_PORT),
      host: setting(settings, 'API_HOST'),
      tokensPath: apiTokensPath(settings, cwd),
      holdsPath: apiHoldsPath(settings, cwd),
    });
  }
  return Object.freeze(config);
}
