/** Pure helpers for outgoing messages and Link pagination. */
import { describe, expect, it } from 'vitest';
import { deepFreeze } from '../../../src/cards/common.js';
import { messageBody, messageJsonBytes, nextPageUrl, readCreatedMessage } from '../../../src/platform/webex/outgoing.js';

const card = { type: 'AdaptiveCard' as const, version: '1.3', body: [{ type: 'TextBlock', text: 'Testbeds' }] };

describe('messageBody', () => {
  it('sends exactly one destination, the text fallback and one attachment', () => {
    expect(messageBody({ roomId: 'R', parentId: 'P', markdown: '**lab-3** is [free](http://x)', card })).toEqual({
      roomId: 'R',
      parentId: 'P',
      text: 'lab-3 is free',
      markdown: '**lab-3** is [free](http://x)',
      attachments: [{ contentType: 'application/vnd.microsoft.card.adaptive', content: card }],
    });
    expect(messageBody({ toPersonEmail: 'ada@example.com', card })).toMatchObject({ toPersonEmail: 'ada@example.com', text: 'Testbeds' });
    expect(messageBody({ toPersonId: 'X', text: 'hi' })).toEqual({ toPersonId: 'X', text: 'hi' });
  });

  it.each([
    [{ text: 'no destination' }],
    [{ roomId: 'R', toPersonId: 'X', text: 'two destinations' }],
    [{ roomId: 'R' }],
  ])('refuses %j', (message) => {
    expect(() => messageBody(message)).toThrow(expect.objectContaining({ code: 'bad_request' }));
  });
});

describe('messageJsonBytes', () => {
  const shared = deepFreeze({ type: 'AdaptiveCard' as const, version: '1.3', body: [{ type: 'TextBlock', text: 'Status "now" \\ ✓' }] });

  it.each([
    [{ roomId: 'R', parentId: 'P', markdown: '**lab-3** is [free](http://x)', card }],
    [{ toPersonEmail: 'ada@example.com', card }],
    [{ toPersonId: 'X', text: 'hi' }],
    [{ roomId: 'R', text: 'Testbed status: 3 in total.', card: shared }],
    [{ roomId: 'R2', markdown: '*x*', card: shared }],
  ])('writes out what messageBody builds, byte for byte: %j', (message) => {
    expect(messageJsonBytes(message).equals(Buffer.from(JSON.stringify(messageBody(message))))).toBe(true);
    expect(JSON.parse(messageJsonBytes(message).toString('utf8'))).toEqual(messageBody(message));
  });

  it('refuses what messageBody refuses', () => {
    expect(() => messageJsonBytes({ roomId: 'R' })).toThrow(expect.objectContaining({ code: 'bad_request' }));
  });

  it('writes a card that is not frozen as it is now, even after it changed', () => {
    const changing = { type: 'AdaptiveCard' as const, version: '1.3', body: [{ type: 'TextBlock', text: 'before' }] };
    expect(messageJsonBytes({ roomId: 'R', card: changing }).toString('utf8')).toContain('"text":"before"');
    changing.body[0].text = 'after';
    expect(messageJsonBytes({ roomId: 'R', card: changing }).toString('utf8')).toContain('"text":"after"');
  });
});

describe('nextPageUrl', () => {
  it.each([
    ['<https://x.test/v1/rooms?cursor=abc>; rel="next"', 'https://x.test/v1/rooms?cursor=abc'],
    ['<https://x.test/a>; rel="prev", <https://x.test/b?c=1,2>; rel="next"', 'https://x.test/b?c=1,2'],
    ['<https://x.test/a>; rel="first"', undefined],
    [undefined, undefined],
  ])('%j → %j', (header, expected) => {
    expect(nextPageUrl(header)).toBe(expected);
  });
});

describe('readCreatedMessage', () => {
  const created = { id: 'Y2lzY29zcGFyazovL3VzL01FU1NBR0UvMQ', roomId: 'Y2lzY29zcGFyazovL3VzL1JPT00vMQ', roomType: 'group', text: 'Testbed status', attachments: [{ content: { body: [{ text: '"id":"x"' }] } }] };
  const pick = (value: { id?: unknown; roomId?: unknown } | undefined) => (value === undefined ? undefined : { id: value.id, roomId: value.roomId });

  it.each([
    JSON.stringify(created),
    JSON.stringify(created, null, 2),
    JSON.stringify({ id: 'M', roomId: 'R' }),
    JSON.stringify({ roomId: 'R', id: 'M', text: 'id first is not required' }),
    JSON.stringify({ id: 'M"quoted\\', roomId: 'R\u2028' }),
    '{"id":"M\\u0041","roomId":"R"}',
    '{"id":"M","roomId":7}',
    JSON.stringify({ id: 'Mé✓', roomId: 'R', text: 'ids that are not ASCII are read in full' }),
    JSON.stringify({ id: 'M', roomId: 'RÀ' }),
    JSON.stringify({ id: 'M'.repeat(2000), roomId: 'R', text: 'an id longer than the quick look' }),
    `{"id":"M","roomId":"R","text":"${'✓'.repeat(600)}"}`,
    '{"id":"M"}',
    '{"roomId":"R"}',
    '[{"id":"M","roomId":"R"}]',
    '"text"',
    '',
  ])('reads the id and room as JSON.parse does: %s', (text) => {
    expect(pick(readCreatedMessage(Buffer.from(text)))).toEqual(text ? pick(JSON.parse(text)) : undefined);
  });

  it('refuses a body that is not JSON', () => {
    expect(() => readCreatedMessage(Buffer.from('<html>gateway error</html>'))).toThrow(SyntaxError);
    expect(() => readCreatedMessage(Buffer.from('{"id":"M",\u00a0"roomId":"R"}'))).toThrow(SyntaxError);
  });
});
