/**
 * Configuration: read once from the environment (plus an optional `.env` file in the working
 * directory), validated with yup, returned frozen. Every problem is collected, one sentence each,
 * naming the setting. Secret values (the token, proxy credentials) are never echoed.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import * as yup from 'yup';

export interface Config {
  accessToken: string;
  apiUrl: string;
  discoveryUrl: string;
  devicesUrl?: string;
  botName: string;
  testbedDbPath: string;
  broadcastDbPath: string;
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
  conversationTimeoutMs: number;
  inspect: boolean;
  /** RECORD_EVENTS: inbound events are appended here, pseudonymised (absent = no recording). */
  record?: { path: string; keepText: boolean; maxBytes: number };
}

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(['Configuration error:', ...problems.map((p) => `- ${p}`)].join('\n'));
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Hides `user:password@` (or `user@`) in a URL-like string; leaves everything else as it was. */
export function redactUrl(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)([^/?#]*)@/i, '$1[REDACTED]@');
}

/** Strings that must never reach a log line: the token and any proxy credentials (raw and decoded). */
export function configSecrets(config: Pick<Config, 'accessToken' | 'httpsProxy' | 'wssProxy'>): string[] {
  const secrets = new Set<string>([config.accessToken]);
  for (const proxy of [config.httpsProxy, config.wssProxy]) {
    const userinfo = proxy ? /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)@/i.exec(proxy)?.[1] : undefined;
    if (!userinfo) continue;
    const colon = userinfo.indexOf(':');
    const parts = colon >= 0 ? [userinfo, userinfo.slice(colon + 1)] : [userinfo];
    for (const part of parts) {
      secrets.add(part);
      secrets.add(safeDecode(part));
    }
  }
  return [...secrets].filter((s) => s.length > 0);
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

const ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t' };

/** Minimal `.env` reader: KEY=VALUE, optional `export `, quotes, `#` comments. */
export function parseEnvFile(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(lines[i]);
    if (!m) continue;
    const key = m[1];
    let rest = m[2];
    const quote = rest[0];
    if (quote === '"' || quote === "'") {
      // A quoted value may span lines until the closing quote.
      let body = rest.slice(1);
      let end = findClosingQuote(body, quote);
      while (end < 0 && i + 1 < lines.length) {
        body += '\n' + lines[++i];
        end = findClosingQuote(body, quote);
      }
      let value = end < 0 ? body : body.slice(0, end);
      if (quote === '"') value = value.replace(/\\([nrt"\\])/g, (_, c: string) => ESCAPES[c] ?? c);
      out[key] = value;
    } else {
      const hash = rest.search(/\s#/);
      if (hash >= 0) rest = rest.slice(0, hash);
      out[key] = rest.trim();
    }
  }
  return out;
}

function findClosingQuote(body: string, quote: string): number {
  for (let i = 0; i < body.length; i++) {
    if (body[i] === '\\' && quote === '"') i++;
    else if (body[i] === quote) return i;
  }
  return -1;
}

type Env = Record<string, string | undefined>;

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

function urlSetting(name: string, schemes: string[]) {
  return yup
    .string()
    .test('url', ({ value }) => `${name} must be an ${schemes.join('/')} URL (got "${redactUrl(String(value))}").`, isUrlWith(schemes));
}

function proxySetting(name: string, schemes: string[]) {
  return yup
    .string()
    .test('scheme', ({ value }) =>
      `${name} uses an unknown proxy scheme "${schemeOf(String(value))}"; use one of ${schemes.join(', ')}.`,
      (v) => v === undefined || !schemeOf(v) || schemes.includes(schemeOf(v)!))
    .test('url', ({ value }) => `${name} must be a proxy URL such as http://host:port (got "${redactUrl(String(value))}").`,
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

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const splitList = (v: string | undefined) => (v ?? '').split(',').map((s) => s.trim()).filter((s) => s.length > 0);
const emailSchema = yup.string().email();

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
    (v) => v === undefined || isTimeZone(v)),
  BROADCAST_DISCOVERY: yup.string().test('onoff', ({ value }) => `BROADCAST_DISCOVERY must be "on" or "off" (got "${value}").`,
    (v) => v === undefined || ['on', 'off'].includes(v.toLowerCase())),
  BROADCAST_ADMINS: yup.string().test('emails', ({ value }) => {
    const bad = splitList(value).filter((e) => !emailSchema.isValidSync(e));
    return `BROADCAST_ADMINS must be email addresses separated by commas; not valid: ${bad.map((b) => `"${b}"`).join(', ')}.`;
  }, (v) => splitList(v).every((e) => emailSchema.isValidSync(e))),
  CONVERSATION_TIMEOUT_MINUTES: intSetting('CONVERSATION_TIMEOUT_MINUTES', 1, 1440),
  INSPECT: yup.string().test('flag', ({ value }) => `INSPECT must be 0 or 1 (got "${value}").`, (v) => v === undefined || v === '0' || v === '1'),
  RECORD_TEXT: yup.string().test('onoff', ({ value }) => `RECORD_TEXT must be "on" or "off" (got "${value}").`,
    (v) => v === undefined || ['on', 'off'].includes(v.toLowerCase())),
  RECORD_MAX_MB: intSetting('RECORD_MAX_MB', 1, 10_000),
});

const DEFAULTS = {
  PLATFORM_API_URL: 'https://webexapis.com/v1',
  PLATFORM_DISCOVERY_URL: 'https://u2c.wbx2.com/u2c/api/v1',
  BOT_NAME: 'Testbed Monitor',
  TESTBED_DB_NAME: 'testbeds.json',
  BROADCAST_DB_NAME: 'broadcast_rooms.json',
  HEALTH_PORT: '8080',
  HEALTH_HOST: '0.0.0.0',
  LOG_LEVEL: 'info',
  DISPLAY_TIMEZONE: 'UTC',
  FEEDBACK_LOG: 'feedback.log',
  BROADCAST_DISCOVERY: 'off',
  CONVERSATION_TIMEOUT_MINUTES: '15',
  INSPECT: '0',
} as const;

/** Reads, validates and freezes the configuration; throws ConfigError listing every problem. */
export function loadConfig(env: Env = process.env, options: { cwd?: string } = {}): Config {
  const cwd = options.cwd ?? process.cwd();
  const envFile = resolve(cwd, '.env');
  const fromFile = existsSync(envFile) ? parseEnvFile(readFileSync(envFile, 'utf8')) : {};
  // Real environment wins over .env; empty values count as unset.
  const raw: Record<string, string | undefined> = {};
  for (const key of new Set([...Object.keys(fromFile), ...Object.keys(env)])) {
    raw[key] = [env[key], fromFile[key]].map((v) => v?.trim()).find((v) => v !== undefined && v !== '');
  }
  const problems: string[] = [];
  try {
    schema.validateSync(raw, { abortEarly: false, strict: true });
  } catch (error) {
    if (!(error instanceof yup.ValidationError)) throw error;
    problems.push(...error.errors);
  }
  const get = (key: string): string | undefined => raw[key];
  const val = (key: keyof typeof DEFAULTS): string => raw[key] ?? DEFAULTS[key];
  const testbedDbPath = resolve(cwd, get('TESTBED_DB_NAME') ?? DEFAULTS.TESTBED_DB_NAME);
  const broadcastDbPath = resolve(cwd, get('BROADCAST_DB_NAME') ?? DEFAULTS.BROADCAST_DB_NAME);
  if (testbedDbPath === broadcastDbPath) {
    problems.push('TESTBED_DB_NAME and BROADCAST_DB_NAME must name two different files.');
  }
  if (problems.length > 0) throw new ConfigError(problems);

  const rooms = splitList(get('APPROVED_ROOMS'));
  const port = val('HEALTH_PORT');
  const config: Config = {
    accessToken: get('PLATFORM_ACCESS_TOKEN')!,
    apiUrl: val('PLATFORM_API_URL').replace(/\/+$/, ''),
    discoveryUrl: val('PLATFORM_DISCOVERY_URL').replace(/\/+$/, ''),
    botName: get('BOT_NAME') ?? DEFAULTS.BOT_NAME,
    testbedDbPath,
    broadcastDbPath,
    approvedRooms: rooms.length === 1 && rooms[0] === '*' ? '*' : Object.freeze(rooms) as string[],
    health: port.toLowerCase() === 'off' ? null : Object.freeze({ port: Number(port), host: get('HEALTH_HOST') ?? DEFAULTS.HEALTH_HOST }),
    logLevel: val('LOG_LEVEL').toLowerCase(),
    displayTimeZone: val('DISPLAY_TIMEZONE'),
    feedbackLogPath: resolve(cwd, get('FEEDBACK_LOG') ?? DEFAULTS.FEEDBACK_LOG),
    broadcastDiscovery: val('BROADCAST_DISCOVERY').toLowerCase() === 'on',
    broadcastAdmins: Object.freeze(splitList(get('BROADCAST_ADMINS')).map((e) => e.toLowerCase())) as string[],
    conversationTimeoutMs: Number(val('CONVERSATION_TIMEOUT_MINUTES')) * 60_000,
    inspect: val('INSPECT') === '1',
  };
  const devicesUrl = get('PLATFORM_DEVICES_URL');
  if (devicesUrl) config.devicesUrl = devicesUrl.replace(/\/+$/, '');
  const httpsProxy = get('HTTPS_PROXY');
  if (httpsProxy) config.httpsProxy = httpsProxy;
  const wssProxy = get('WSS_PROXY');
  if (wssProxy) config.wssProxy = wssProxy;
  const feedbackRoom = get('FEEDBACK_ROOM');
  if (feedbackRoom) config.feedbackRoom = feedbackRoom;
  const recordPath = get('RECORD_EVENTS');
  if (recordPath) {
    config.record = Object.freeze({
      path: resolve(cwd, recordPath),
      keepText: (get('RECORD_TEXT') ?? 'on').toLowerCase() !== 'off',
      maxBytes: Number(get('RECORD_MAX_MB') ?? '50') * 1024 * 1024,
    });
  }
  return Object.freeze(config);
}
