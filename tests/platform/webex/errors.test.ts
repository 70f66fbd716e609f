/** Secrets never survive into error text. */
import { describe, expect, it } from 'vitest';
import { safePath } from '../../../src/platform/webex/errors.js';
import { scrub } from '../../../src/secrets.js';

describe('scrub / safePath', () => {
  it('removes tokens, bearer values and URL credentials', () => {
    const text = 'token abc123secret Bearer xyz987 at http://user:pa55@proxy.test:8080/x';
    const out = scrub(text, ['abc123secret']);
    expect(out).not.toContain('abc123secret');
    expect(out).not.toContain('xyz987');
    expect(out).not.toContain('pa55');
    expect(out).toContain('proxy.test:8080');
    expect(safePath('http://user:pa55@h.test:1/v1/rooms?email=a@b.c')).toBe('http://h.test:1/v1/rooms');
    expect(safePath('not a url://user:pa55@h/x?token=abc')).toBe('not a url://[REDACTED]@h/x');
  });
});
