/** The one scrubber: what it removes, and what it must leave readable. */
import { describe, expect, it } from 'vitest';
import { createScrubber, REDACTED, scrub, urlCredentials } from '../src/secrets.js';

describe('createScrubber', () => {
  it('replaces JSON-escaped, URL-encoded and base64 forms of a secret', () => {
    const clean = createScrubber(['pa"ss word']);
    const line = JSON.stringify({ a: 'pa"ss word', b: encodeURIComponent('pa"ss word'), c: Buffer.from('pa"ss word').toString('base64') });
    const out = clean(line);
    expect(out).not.toContain('pa\\"ss word');
    expect(out).not.toContain(encodeURIComponent('pa"ss word'));
    expect(out).not.toContain(Buffer.from('pa"ss word').toString('base64'));
    expect(JSON.parse(out)).toEqual({ a: REDACTED, b: REDACTED, c: REDACTED });
  });

  it('removes a secret that contains another one whole', () => {
    expect(scrub('key=abcd-efgh-ijkl', ['efgh', 'abcd-efgh-ijkl'])).toBe(`key=${REDACTED}`);
  });

  it('blanks unknown URL credentials and bearer values even when not configured', () => {
    const clean = createScrubber([]);
    expect(clean('via http://bob:pw@host:1/ ok')).toBe(`via http://${REDACTED}@host:1/ ok`);
    expect(clean('proxy socks5://sock@127.0.0.1:1080 down')).toBe(`proxy socks5://${REDACTED}@127.0.0.1:1080 down`);
    expect(clean('raw http://u:p@ss@proxy:3128 x')).toBe(`raw http://${REDACTED}@proxy:3128 x`);
    expect(clean('Authorization: Bearer abcdefgh12345')).toBe(`Authorization: Bearer ${REDACTED}`);
    expect(clean('authorization: bearer xyz987')).toBe(`authorization: bearer ${REDACTED}`);
    expect(clean('Proxy-Authorization: Basic dXNlcjpwYXNzd29yZA==')).toBe(`Proxy-Authorization: Basic ${REDACTED}`);
  });

  it('blanks anything shaped like an API token, known or not, wherever it stands', () => {
    const token = `tbm_${'A1b2_C3d-'.repeat(4)}x9Z8y7W6v5U4t3S2r1Q0p`;
    const clean = createScrubber([]);
    expect(clean(`token=${token} rest`)).toBe(`token=${REDACTED} rest`);
    expect(clean(JSON.stringify({ header: token }))).toBe(JSON.stringify({ header: REDACTED }));
    expect(clean(`Authorization: Bearer ${token}`)).toBe(`Authorization: Bearer ${REDACTED}`);
    // The prefix alone, or a short word after it, is ordinary text.
    expect(clean('tbm_ prefix and tbm_short')).toBe('tbm_ prefix and tbm_short');
  });

  it('leaves ordinary text alone: addresses, paths with @, ids, short words after "basic"', () => {
    const clean = createScrubber([]);
    const text = 'mail ana@example.com at https://host/a@b, https://host?email=a@b.c, basic check ok';
    expect(clean(text)).toBe(text);
    const id = 'Y2lzY29zcGFyazovL3VzL1JPT00vYmJjZWIxYWQtNDNmMS0zYjU4LTkxNDctZjE0YmIwYzRkMTU0';
    expect(clean(`room ${id}`)).toBe(`room ${id}`);
  });

  it('cuts long opaque runs only when asked to (text shown to people)', () => {
    const token = 'ZjM4YjU2ODctN2U0ZS00ZWU0LWJkNDAtYmQ5ZTM1ZjE2ZmNl_PF84_1eb65fdf';
    const text = `failed for https://x/v1/messages?token=${token}`;
    expect(scrub(text)).toContain(token);
    expect(scrub(text, [], { hideLongRuns: true })).toBe(`failed for https://x/v1/messages?${REDACTED}`);
  });

  it('is repeatable: a scrubbed text stays the same when scrubbed again', () => {
    const clean = createScrubber(['hunter2secret']);
    const once = clean('Bearer hunter2secret via http://u:hunter2secret@p:1');
    expect(once).toBe(`Bearer ${REDACTED} via http://${REDACTED}@p:1`);
    expect(clean(once)).toBe(once);
  });
});

describe('urlCredentials', () => {
  it('lists the user-info and the password, as written and decoded', () => {
    expect(urlCredentials('http://ana:p%40ss@h:1')).toEqual(['ana:p%40ss', 'ana:p@ss', 'p%40ss', 'p@ss']);
    expect(urlCredentials('socks5://token-only@h:1')).toEqual(['token-only']);
  });

  it('finds nothing in a URL without credentials, a path with @, or no URL', () => {
    expect(urlCredentials('socks5://h:1')).toEqual([]);
    expect(urlCredentials('https://proxy:3128/a@b')).toEqual([]);
    expect(urlCredentials(undefined)).toEqual([]);
    expect(urlCredentials('http://u:%E0%A4%A@h')).toEqual(['u:%E0%A4%A', '%E0%A4%A']);
  });
});
