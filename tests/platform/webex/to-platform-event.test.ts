/** Pure table tests of the frame mapping over tests/fixtures/frames/*.json (made-up values). */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decodeId, encodeId } from '../../../src/platform/ids.js';
import {
  planEnvelope,
  stripBotMention,
  toCardActionEvent,
  toMessageEvent,
  type ActivityPlan,
  type BotProfile,
  type MappingContext,
} from '../../../src/platform/webex/to-platform-event.js';

const dir = fileURLToPath(new URL('../../fixtures/frames/', import.meta.url));
const frame = (name: string): unknown => JSON.parse(readFileSync(`${dir}${name}.json`, 'utf8'));

const BOT_UUID = '7c1e4b2a-0d3f-4e5a-9b6c-1a2b3c4d5e6f';
const ADA_UUID = '2f4a6c8e-1b3d-4f5a-8c7e-9d0b1a2c3e4f';
const ROOM_UUID = '5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f7a8b9';
const bot: BotProfile = { uuid: BOT_UUID, displayName: 'Testbed Monitor', firstName: 'Testbed', nickName: 'TBM' };
const ctx: MappingContext = {
  bot,
  hostCatalog: {
    'conv-a.example.test': [{ host: 'conv-a.example.test', id: 'urn:TEAM:us-east-2_a:conversation', priority: 5, ttl: -1 }],
    'conv-k.example.test': [{ host: 'conv-k.example.test', id: 'urn:TEAM:eu-central-1_k:conversation', priority: 5, ttl: -1 }],
  },
};
const RECEIVED = '2026-01-01T12:00:02.000Z';

type Expected =
  | { kind: 'fetchMessage' | 'fetchCardAction'; uuid: string; cluster: string; type: 'MESSAGE' | 'ATTACHMENT_ACTION' }
  | { kind: 'ignore'; reason: string }
  | { kind: 'malformed' };

const table: Record<string, Expected> = {
  'post-direct': { kind: 'fetchMessage', uuid: '11111111-1111-4111-8111-111111111111', cluster: 'us', type: 'MESSAGE' },
  'post-group': { kind: 'fetchMessage', uuid: '22222222-2222-4222-8222-222222222222', cluster: 'us', type: 'MESSAGE' },
  'post-thread-reply': { kind: 'fetchMessage', uuid: '33333333-3333-4333-8333-333333333333', cluster: 'us', type: 'MESSAGE' },
  'post-null-parent': { kind: 'fetchMessage', uuid: '12121212-1212-4212-8212-121212121212', cluster: 'us', type: 'MESSAGE' },
  'post-eu-cluster': { kind: 'fetchMessage', uuid: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc', cluster: 'urn:TEAM:eu-central-1_k', type: 'MESSAGE' },
  'post-legacy-actor-id': { kind: 'fetchMessage', uuid: 'dddddddd-dddd-4ddd-8ddd-dddddddddddd', cluster: 'us', type: 'MESSAGE' },
  'card-action': { kind: 'fetchCardAction', uuid: '77777777-7777-4777-8777-777777777777', cluster: 'us', type: 'ATTACHMENT_ACTION' },
  'post-edit': { kind: 'ignore', reason: 'edit' },
  'update-comment': { kind: 'ignore', reason: 'edit' },
  'own-post': { kind: 'ignore', reason: 'own activity' },
  'share-file': { kind: 'ignore', reason: 'verb' },
  delete: { kind: 'ignore', reason: 'verb' },
  'buffer-state': { kind: 'ignore', reason: 'event type' },
  'kms-message': { kind: 'ignore', reason: 'event type' },
  'start-typing': { kind: 'ignore', reason: 'event type' },
  'malformed-no-activity': { kind: 'malformed' },
  'malformed-activity-id': { kind: 'malformed' },
  'malformed-no-event-type': { kind: 'malformed' },
  'malformed-no-actor': { kind: 'malformed' },
};

describe('planEnvelope over fixture frames', () => {
  it('has an expectation for every fixture file', () => {
    const files = readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => f.replace(/\.json$/, ''));
    expect(files.sort()).toEqual(Object.keys(table).sort());
  });

  it.each(Object.entries(table))('%s', (name, expected) => {
    const plan: ActivityPlan = planEnvelope(frame(name), ctx);
    expect(plan.kind).toBe(expected.kind);
    if (expected.kind === 'ignore') expect(plan).toMatchObject({ reason: expected.reason });
    if (expected.kind === 'fetchMessage' || expected.kind === 'fetchCardAction') {
      const restId = (plan as { restId: string }).restId;
      expect(decodeId(restId)).toEqual({ cluster: expected.cluster, type: expected.type, uuid: expected.uuid });
      expect(restId).not.toContain('=');
    }
  });

  it.each([null, 'text', 42, [], {}, { data: null }, { data: { eventType: 7 } }])('rejects %j as malformed without throwing', (value) => {
    expect(planEnvelope(value, ctx).kind).toBe('malformed');
  });
});

const activityOf = (name: string) => {
  const plan = planEnvelope(frame(name), ctx);
  if (plan.kind !== 'fetchMessage' && plan.kind !== 'fetchCardAction') throw new Error(`${name} is not fetchable`);
  return plan.activity;
};
const ada = encodeId('PEOPLE', ADA_UUID);
const room = encodeId('ROOM', ROOM_UUID);
const botId = encodeId('PEOPLE', BOT_UUID);
const mention = (id: string, name: string) => `<spark-mention data-object-type="person" data-object-id="${id}">${name}</spark-mention>`;
const message = (fields: Record<string, unknown>) => ({
  id: encodeId('MESSAGE', '22222222-2222-4222-8222-222222222222'),
  roomId: room,
  personId: ada,
  personEmail: 'ada@example.com',
  created: '2026-01-01T12:00:01.000Z',
  ...fields,
});

describe('toMessageEvent', () => {
  const cases: Array<[string, string, Record<string, unknown>, { text: string; roomType: 'direct' | 'group' } | string]> = [
    ['direct text is only trimmed', 'post-direct', { roomType: 'direct', text: '  Testbed status ' }, { text: 'Testbed status', roomType: 'direct' }],
    ['group: html mention of the bot is stripped', 'post-group', { roomType: 'group', text: 'Testbed status lab-3', html: `<p>${mention(botId, 'Testbed')} status lab-3</p>` }, { text: 'status lab-3', roomType: 'group' }],
    ['group: mention in the middle', 'post-group', { roomType: 'group', text: 'please Testbed release lab-1', html: `<p>please ${mention(BOT_UUID, 'Testbed')} release lab-1</p>` }, { text: 'please release lab-1', roomType: 'group' }],
    ['group: other person mentioned stays', 'post-group', { roomType: 'group', text: 'Ada status', html: `<p>${mention(ada, 'Ada')} status</p>` }, { text: 'Ada status', roomType: 'group' }],
    ['group: no html, full display name', 'post-group', { roomType: 'group', text: 'Testbed Monitor   help' }, { text: 'help', roomType: 'group' }],
    ['group: no html, first name in another case', 'post-group', { roomType: 'group', text: 'testbed status' }, { text: 'status', roomType: 'group' }],
    ['group: roomType from target tags when absent', 'post-group', { text: 'TBM: help' }, { text: 'help', roomType: 'group' }],
    ['direct: roomType from ONE_ON_ONE tag when absent', 'post-direct', { text: 'help' }, { text: 'help', roomType: 'direct' }],
    ['own message by personId is dropped', 'post-direct', { personId: botId, text: 'echo' }, 'own message'],
    ['message without roomId is malformed', 'post-direct', { roomId: undefined, text: 'x' }, 'message: roomId is missing or has the wrong type'],
  ];
  it.each(cases)('%s', (_label, fixture, fields, expected) => {
    const result = toMessageEvent(activityOf(fixture), message(fields), ctx, RECEIVED);
    if (typeof expected === 'string') {
      expect(result).toMatchObject({ ok: false, reason: expected });
      return;
    }
    expect(result).toEqual({
      ok: true,
      event: { type: 'message', id: message({}).id, roomId: room, personId: ada, personEmail: 'ada@example.com', receivedAt: RECEIVED, ...expected },
    });
  });
});

describe('toMessageEvent: threads', () => {
  const parent = encodeId('MESSAGE', '44444444-4444-4444-8444-444444444444');
  it('carries the thread root of a reply in a thread, and reads an odd parentId as none (the message is still answered)', () => {
    expect(toMessageEvent(activityOf('post-thread-reply'), message({ roomType: 'group', text: 'status', parentId: parent }), ctx, RECEIVED)).toMatchObject({
      ok: true,
      event: { text: 'status', parentId: parent },
    });
    for (const odd of [42, '', 'not an id!', 'x'.repeat(301), null]) {
      const result = toMessageEvent(activityOf('post-thread-reply'), message({ roomType: 'group', text: 'status', parentId: odd }), ctx, RECEIVED);
      expect(result.ok, String(odd)).toBe(true);
      expect(result.ok && 'parentId' in result.event, String(odd)).toBe(false);
    }
  });
});

describe('toCardActionEvent', () => {
  const action = (fields: Record<string, unknown>) => ({
    id: encodeId('ATTACHMENT_ACTION', '77777777-7777-4777-8777-777777777777'),
    type: 'submit',
    messageId: encodeId('MESSAGE', '88888888-8888-4888-8888-888888888888'),
    roomId: room,
    personId: ada,
    inputs: { action: 'register', purpose: 'soak test' },
    ...fields,
  });

  it('maps a submission in a 1:1 room', () => {
    const result = toCardActionEvent(activityOf('card-action'), action({}), ctx, RECEIVED);
    expect(result).toEqual({
      ok: true,
      event: {
        type: 'cardAction', id: action({}).id, roomId: room, roomType: 'direct', personId: ada,
        messageId: action({}).messageId, inputs: { action: 'register', purpose: 'soak test' }, receivedAt: RECEIVED,
      },
    });
  });

  it('uses group when the target has no ONE_ON_ONE tag, and {} for missing inputs', () => {
    const group = { ...activityOf('card-action'), target: { ...activityOf('card-action').target!, tags: [] } };
    const result = toCardActionEvent(group, action({ inputs: undefined }), ctx, RECEIVED);
    expect(result).toMatchObject({ ok: true, event: { roomType: 'group', inputs: {} } });
  });

  it.each([
    ['inputs is an array', { inputs: ['x'] }],
    ['messageId missing', { messageId: undefined }],
    ['personId is a number', { personId: 5 }],
  ])('reports %s as malformed', (_label, fields) => {
    expect(toCardActionEvent(activityOf('card-action'), action(fields), ctx, RECEIVED)).toMatchObject({ ok: false, malformed: true });
  });
});

describe('stripBotMention', () => {
  it.each([
    ['Testbed status', undefined, 'status'],
    ['@Testbed, status', undefined, 'status'],
    ['Testbed', undefined, ''],
    ['Testbedding is fun', undefined, 'Testbedding is fun'],
    ['TESTBED MONITOR release', undefined, 'release'],
    ['status please', undefined, 'status please'],
    ['Test&Co status', `<p>${mention(BOT_UUID, 'Test&amp;Co')} status</p>`, 'status'],
    ['Testbed Testbed status', `<p>${mention(BOT_UUID, 'Testbed')} Testbed status</p>`, 'Testbed status'],
  ])('%j → %j', (text, html, expected) => {
    expect(stripBotMention(text, html, bot)).toBe(expected);
  });
});
