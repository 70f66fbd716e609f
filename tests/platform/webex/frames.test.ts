/**
 * The frame checks decide exactly as their yup schemas do: well-formed frames, and every field of
 * them replaced by a wrong, empty or missing value, get the same answer and the same problem.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as yup from 'yup';
import {
  activitySchema,
  attachmentActionSchema,
  checkActivity,
  checkAttachmentAction,
  checkEnvelope,
  checkMessage,
  envelopeSchema,
  messageSchema,
} from '../../../src/platform/webex/frames.js';

const dir = fileURLToPath(new URL('../../fixtures/frames/', import.meta.url));
const frames = readdirSync(dir)
  .filter((name) => name.endsWith('.json'))
  .map((name) => JSON.parse(readFileSync(`${dir}${name}`, 'utf8')) as Record<string, unknown>);

/** What the schema alone says, as the checks report it. */
function bySchema(schema: yup.Schema, value: unknown) {
  try {
    return { ok: true, value: schema.validateSync(value, { strict: true, abortEarly: true }) };
  } catch (error) {
    const path = error instanceof yup.ValidationError ? error.path : undefined;
    return { ok: false, problem: path ? `${path} is missing or has the wrong type` : 'wrong shape' };
  }
}

const REPLACEMENTS: unknown[] = [undefined, null, '', ' ', 'text', 0, 1, true, [], ['x'], [''], [3], {}, { id: 'x' }, new Date(0), 'direct', 'group'];

/** `value` with the field at `path` replaced (undefined = removed). */
function replaced(value: unknown, path: string[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const copy: Record<string, unknown> = Array.isArray(value) ? ([...value] as unknown as Record<string, unknown>) : { ...(value as Record<string, unknown>) };
  const [head, ...rest] = path;
  if (rest.length === 0 && replacement === undefined) delete copy[head];
  else copy[head] = replaced(copy[head], rest, replacement);
  return copy;
}

/** Every path to a field inside `value` (objects and arrays), the value itself included. */
function paths(value: unknown, prefix: string[] = []): string[][] {
  const found = [prefix];
  if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) found.push(...paths(child, [...prefix, key]));
  }
  return found;
}

/** A well-formed value, then each of its fields (and some it lacks) replaced by every replacement. */
function variants(base: Record<string, unknown>, extraPaths: string[][]): unknown[] {
  const out: unknown[] = [base, null, undefined, 'frame', [], [base]];
  for (const path of [...paths(base), ...extraPaths]) for (const replacement of REPLACEMENTS) out.push(replaced(base, path, replacement));
  return out;
}

const message = {
  id: 'M1',
  roomId: 'R1',
  roomType: 'group',
  personId: 'P1',
  personEmail: 'ada@example.com',
  text: 'testbed',
  html: '<p>testbed</p>',
  created: '2026-01-01T12:00:00.000Z',
};
const action = { id: 'A1', messageId: 'M1', roomId: 'R1', personId: 'P1', type: 'submit', inputs: { action: 'status', page: 2 } };

describe('frame checks', () => {
  it('read every envelope as its schema does', () => {
    for (const frame of frames) {
      for (const value of variants(frame, [['id'], ['data', 'eventType']])) {
        expect(checkEnvelope(value), JSON.stringify(value)).toEqual(bySchema(envelopeSchema, value));
      }
    }
  });

  it('read every activity as its schema does', () => {
    const extra = ['object', 'target', 'parent', 'actor'].flatMap((key) => [[key], [key, 'id'], [key, 'type'], [key, 'url'], [key, 'tags'], [key, 'objectType']]);
    for (const frame of frames) {
      const activity = (frame.data as { activity?: Record<string, unknown> } | undefined)?.activity;
      if (!activity) continue;
      for (const value of variants(activity, extra)) {
        const envelope = { data: { activity: value } };
        expect(checkActivity(envelope), JSON.stringify(value)).toEqual(bySchema(activitySchema, value));
      }
    }
  });

  it('read every fetched message and card action as their schemas do', () => {
    for (const value of variants(message, [['roomType'], ['html'], ['personEmail']])) {
      expect(checkMessage(value), JSON.stringify(value)).toEqual(bySchema(messageSchema, value));
    }
    for (const value of variants(action, [['inputs']])) {
      expect(checkAttachmentAction(value), JSON.stringify(value)).toEqual(bySchema(attachmentActionSchema, value));
    }
  });

  it('name the field that is wrong, never its value', () => {
    expect(checkActivity({ data: { activity: { id: 'a', verb: 'post', actor: {}, target: { id: '' } } } })).toEqual({
      ok: false,
      problem: 'target.id is missing or has the wrong type',
    });
    expect(checkMessage({ ...message, roomType: 'secret-value' })).toEqual({ ok: false, problem: 'roomType is missing or has the wrong type' });
  });
});
