/**
 * The one secret scrubber. Everything that might carry a token or a proxy password on its way to
 * a log line, an error message, a report or a page goes through `createScrubber` (or `scrub`):
 *
 * 1. every known secret, also in the forms a careless line might carry it (JSON-escaped,
 *    URL-encoded, base64), longest first so a secret containing another goes whole;
 * 2. credentials in any URL (`scheme://user:password@` or `scheme://user@`); in a PostgreSQL URL
 *    everything up to its last `@`, so a password with a raw `/`, `?` or `#` goes whole;
 *    and `password=…` parameters (libpq key/value connection strings, query strings);
 * 3. `Bearer …` values and `Basic …` credentials, and anything shaped like one of our API tokens
 *    (`tbm_` and a long run of base64url characters), known or not;
 * 4. optionally, any long opaque run (32+ token characters): for text that may hold secrets the
 *    caller does not know, such as a delivery report shown in a room.
 */

export const REDACTED = '[REDACTED]';

export interface ScrubOptions {
  /** Also cut runs of 32 or more token characters (ids included): for text shown to people. */
  hideLongRuns?: boolean;
}

// Up to the last `@` before the path, query or fragment, so a raw `@` inside a password goes too.
const URL_CREDENTIALS = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s"'/?#]+@/gi;
// PostgreSQL URLs are often pasted with unencoded passwords: take everything up to the last `@`.
const PG_URL_CREDENTIALS = /\b(postgres(?:ql)?:\/\/)[^\s"']*@/gi;
const PASSWORD_PARAM = /\b(password|passwd)=(?!\[REDACTED\])[^\s&;'"]+/gi;
const BEARER = /\b(Bearer)\s+(?!\[REDACTED\])[A-Za-z0-9._~+/=-]+/gi;
const BASIC = /\b(Basic)\s+(?!\[REDACTED\])[A-Za-z0-9+/=]{8,}/g;
const LONG_RUN = /[A-Za-z0-9_\-+/=.]{32,}/g;
/** An API token (`tbm_` + 32 random bytes in base64url), or a long enough piece of one. */
export const API_TOKEN_SHAPE = /\btbm_[A-Za-z0-9_-]{16,}/g;

/** Returns a function that removes every secret (and every credential-shaped part) from a text. */
export function createScrubber(secrets: readonly string[], options: ScrubOptions = {}): (text: string) => string {
  const variants = new Set<string>();
  for (const secret of secrets) {
    if (!secret) continue;
    variants.add(secret);
    variants.add(JSON.stringify(secret).slice(1, -1));
    variants.add(encodeURIComponent(secret));
    variants.add(Buffer.from(secret, 'utf8').toString('base64'));
  }
  const ordered = [...variants].filter((v) => v.length > 0).sort((a, b) => b.length - a.length);
  return (text: string) => {
    let out = text;
    for (const secret of ordered) {
      if (out.includes(secret)) out = out.split(secret).join(REDACTED);
    }
    out = out
      .replace(PG_URL_CREDENTIALS, `$1${REDACTED}@`)
      .replace(URL_CREDENTIALS, `$1${REDACTED}@`)
      .replace(PASSWORD_PARAM, `$1=${REDACTED}`)
      .replace(BEARER, `$1 ${REDACTED}`)
      .replace(BASIC, `$1 ${REDACTED}`)
      .replace(API_TOKEN_SHAPE, REDACTED);
    return options.hideLongRuns ? out.replace(LONG_RUN, REDACTED) : out;
  };
}

/** One-off form of `createScrubber`. */
export function scrub(text: string, secrets: readonly string[] = [], options: ScrubOptions = {}): string {
  return createScrubber(secrets, options)(text);
}

/**
 * The secrets inside a URL's `user:password@` part: the whole user-info and, when there is one,
 * the password, each as written and percent-decoded.
 */
export function urlCredentials(url: string | undefined): string[] {
  // A PostgreSQL URL's user-info runs to its last `@` (see PG_URL_CREDENTIALS).
  const userinfo = url ? (/^postgres(?:ql)?:\/\/(.*)@/i.exec(url) ?? /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)@/i.exec(url))?.[1] : undefined;
  if (!userinfo) return [];
  const colon = userinfo.indexOf(':');
  const parts = colon >= 0 ? [userinfo, userinfo.slice(colon + 1)] : [userinfo];
  const found = new Set<string>();
  for (const part of parts) {
    found.add(part);
    found.add(safeDecode(part));
  }
  return [...found].filter((s) => s.length > 0);
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
