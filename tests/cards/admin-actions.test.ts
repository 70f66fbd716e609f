import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hostileInputs } from '../reliability/fuzz-arbitraries.js';
import { ADMIN_TASKS, parseAdminSubmission, parseLabels, readAdminForm } from '../../src/cards/admin-actions.js';
import { parseUntil, untilExample } from '../../src/cards/admin-until.js';
import type { AdminTask } from '../../src/domain.js';

const NOW = '2026-03-10T10:00:00.000Z';
const ctx = { now: NOW, timeZone: 'Europe/Berlin', knownTestbedIds: [1, 2, 3] };
const parse = (task: AdminTask, inputs: Record<string, unknown>) => parseAdminSubmission(task, inputs, ctx);

/** The problems of an invalid submission (fails the test when it was valid). */
function problems(task: AdminTask, inputs: Record<string, unknown>) {
  const result = parse(task, inputs);
  if (result.ok) throw new Error(`expected problems, got ${JSON.stringify(result.request)}`);
  expect(result.task).toBe(task);
  return result;
}

describe('readAdminForm', () => {
  it.each(ADMIN_TASKS.map((task) => [task]))('reads form %s', (task) => {
    expect(readAdminForm({ action: 'admin_form', form: task })).toBe(task);
  });

  it.each([[{}], [{ form: 'testbed_delete' }], [{ form: 7 }], [null], ['testbed_add'], [JSON.parse('{"__proto__": {"form": "testbed_add"}}')]])(
    'reads nothing the card does not have from %j',
    (inputs) => {
      expect(readAdminForm(inputs)).toBeNull();
    },
  );
});

describe('testbed_add', () => {
  it('gives a request with the name trimmed, the labels split and the description kept', () => {
    expect(parse('testbed_add', { testbed_name: '  lab-7 ', labels: ' 5g, rack-2 ,, 5G,ipv6.only ', description: 'Rack 2, slot 4' })).toEqual({
      ok: true,
      request: { type: 'add', name: 'lab-7', labels: ['5g', 'rack-2', 'ipv6.only'], description: 'Rack 2, slot 4' },
    });
  });

  it('treats empty labels and description as none', () => {
    expect(parse('testbed_add', { testbed_name: 'lab-7', labels: '', description: '   ' })).toEqual({
      ok: true,
      request: { type: 'add', name: 'lab-7', labels: [], description: null },
    });
    expect(parse('testbed_add', { testbed_name: 'lab-7' })).toEqual({ ok: true, request: { type: 'add', name: 'lab-7', labels: [], description: null } });
  });

  it('never reads identity or unknown keys from the form', () => {
    const result = parse('testbed_add', { testbed_name: 'lab-7', user_email: 'mallory@example.com', id: '99', status: 'in_use', constructor: 'x' });
    expect(result).toEqual({ ok: true, request: { type: 'add', name: 'lab-7', labels: [], description: null } });
  });

  it.each([
    [{}, 'testbed_name', 'Give the new testbed a name.'],
    [{ testbed_name: '   ' }, 'testbed_name', 'Give the new testbed a name.'],
    [{ testbed_name: 42 }, 'testbed_name', 'Give the new testbed a name.'],
    [{ testbed_name: 'x'.repeat(65) }, 'testbed_name', 'Keep the name to 64 characters (you typed 65).'],
    [{ testbed_name: 'lab\n7' }, 'testbed_name', 'The name must fit on one line (no line breaks).'],
    [{ testbed_name: 'lab\u20287' }, 'testbed_name', 'The name must fit on one line (no line breaks).'],
    [{ testbed_name: 'lab\u00077' }, 'testbed_name', 'The name contains an invisible control character; please type it again.'],
    [{ testbed_name: 'lab-7', labels: '5g, 5 g' }, 'labels', 'Labels may use only letters, digits, ".", "_" and "-", separated by commas; "5 g" is not one.'],
    [{ testbed_name: 'lab-7', labels: 'ok, bad!' }, 'labels', 'Labels may use only letters, digits, ".", "_" and "-", separated by commas; "bad!" is not one.'],
    [{ testbed_name: 'lab-7', labels: 'a'.repeat(33) }, 'labels', `Each label may have at most 32 characters; "${'a'.repeat(33)}…" has 33.`],
    [{ testbed_name: 'lab-7', labels: Array.from({ length: 11 }, (_, i) => `l${i}`).join(',') }, 'labels', 'A testbed may have at most 10 labels (you gave 11).'],
    [{ testbed_name: 'lab-7', labels: ['5g'] }, 'labels', 'Type the labels as words separated by commas.'],
    [{ testbed_name: 'lab-7', description: 'd'.repeat(201) }, 'description', 'Keep the description to 200 characters (you typed 201).'],
    [{ testbed_name: 'lab-7', description: '🧪'.repeat(101) }, 'description', 'Keep the description to 200 characters (you typed 202).'],
    [{ testbed_name: 'lab-7', description: { text: 'x' } }, 'description', 'Type the description as text.'],
  ])('%j → %s: %s', (inputs, field, message) => {
    expect(problems('testbed_add', inputs).errors).toEqual({ [field]: message });
  });

  it('names a problem in every field at once and keeps what was typed', () => {
    const result = problems('testbed_add', { testbed_name: 'lab\n7', labels: '5g, no way', description: 'd'.repeat(250) });
    expect(Object.keys(result.errors).sort()).toEqual(['description', 'labels', 'testbed_name']);
    expect(result.values).toEqual({ testbed_name: 'lab\n7', labels: '5g, no way', description: 'd'.repeat(250) });
  });

  it('accepts names of exactly 64 characters (counted as people see them) and labels of 32, ten of them', () => {
    const name = '🧪'.repeat(64);
    const labels = Array.from({ length: 10 }, (_, i) => `${i}`.padEnd(32, 'x'));
    expect(parse('testbed_add', { testbed_name: name, labels: labels.join(',') })).toEqual({
      ok: true,
      request: { type: 'add', name, labels, description: null },
    });
  });
});

describe('the testbed choice', () => {
  it.each([
    ['testbed_rename', { testbed_name: 'lab-9' }, 'Choose the testbed to rename.'],
    ['testbed_retire', {}, 'Choose the testbed to retire.'],
    ['testbed_edit', { labels: '5g', description: '' }, 'Choose the testbed to edit.'],
    ['maintenance_start', { reason: 'fw' }, 'Choose the testbed that goes into maintenance.'],
    ['maintenance_end', {}, 'Choose the testbed that is back in service.'],
    ['force_release', { reason: 'overdue' }, 'Choose the testbed to force release.'],
  ] as const)('%s without a testbed: %s', (task, inputs, message) => {
    expect(problems(task, inputs).errors).toEqual({ testbed_id: message });
  });

  it.each(['testbed_rename', 'testbed_edit', 'testbed_retire', 'maintenance_start', 'maintenance_end', 'force_release'] as const)('%s refuses an unknown or unreadable id', (task) => {
    const filled = { testbed_name: 'lab-9', reason: 'why not', labels: '', description: '' };
    expect(problems(task, { ...filled, testbed_id: '9' }).errors).toEqual({ testbed_id: 'That testbed is not in the list any more. Please choose another one.' });
    expect(problems(task, { ...filled, testbed_id: '1 OR 1=1' }).errors).toEqual({ testbed_id: 'Choose a testbed from the list.' });
    expect(problems(task, { ...filled, testbed_id: 2 }).errors).toEqual({ testbed_id: 'Choose a testbed from the list.' });
  });
});

describe('the other tasks', () => {
  it('testbed_rename', () => {
    expect(parse('testbed_rename', { testbed_id: '2', testbed_name: ' lab-2b ' })).toEqual({ ok: true, request: { type: 'rename', testbedId: 2, name: 'lab-2b' } });
    expect(problems('testbed_rename', { testbed_id: '2', testbed_name: '' }).errors).toEqual({ testbed_name: 'Type the new name.' });
    expect(problems('testbed_rename', { testbed_id: '2', testbed_name: 'a\r\nb' }).errors).toEqual({ testbed_name: 'The name must fit on one line (no line breaks).' });
  });

  it('testbed_edit: the labels split as on the add form, the description kept; empty boxes clear them; problems named per box', () => {
    expect(parse('testbed_edit', { testbed_id: '2', labels: ' 5g, rack-2 ,, 5G ', description: 'Rack 2, slot 4' })).toEqual({
      ok: true,
      request: { type: 'edit', testbedId: 2, labels: ['5g', 'rack-2'], description: 'Rack 2, slot 4' },
    });
    expect(parse('testbed_edit', { testbed_id: '2', labels: '', description: '   ' })).toEqual({ ok: true, request: { type: 'edit', testbedId: 2, labels: [], description: null } });
    const result = problems('testbed_edit', { testbed_id: '2', labels: 'no way', description: 'd'.repeat(250), user_email: 'mallory@example.com' });
    expect(result.errors).toEqual({
      labels: 'Labels may use only letters, digits, ".", "_" and "-", separated by commas; "no way" is not one.',
      description: 'Keep the description to 200 characters (you typed 250).',
    });
    expect(result.values).toEqual({ testbed_id: '2', labels: 'no way', description: 'd'.repeat(250) });
    // Without its two boxes it is no Save of empty ones (that would clear both): the form comes back.
    expect(problems('testbed_edit', { testbed_id: '2', labels: '5g' }).errors).toEqual({ form: 'The form could not be read. Please fill it in again.' });
  });

  it('testbed_retire and maintenance_end', () => {
    expect(parse('testbed_retire', { testbed_id: '3' })).toEqual({ ok: true, request: { type: 'retire', testbedId: 3 } });
    expect(parse('maintenance_end', { testbed_id: '1' })).toEqual({ ok: true, request: { type: 'maintenanceEnd', testbedId: 1 } });
  });

  it('maintenance_start reads the expected end in DISPLAY_TIMEZONE', () => {
    expect(parse('maintenance_start', { testbed_id: '1', reason: ' firmware upgrade ', until: '2026-03-11 18:00' })).toEqual({
      ok: true,
      request: { type: 'maintenanceStart', testbedId: 1, reason: 'firmware upgrade', until: '2026-03-11T17:00:00.000Z' },
    });
    expect(parse('maintenance_start', { testbed_id: '1', reason: 'fw', until: '' })).toEqual({
      ok: true,
      request: { type: 'maintenanceStart', testbedId: 1, reason: 'fw', until: null },
    });
  });

  it.each([
    [{ testbed_id: '1', until: '' }, 'reason', 'Say why it goes into maintenance (people will see the reason).'],
    [{ testbed_id: '1', reason: 'r'.repeat(201) }, 'reason', 'Keep the reason to 200 characters (you typed 201).'],
    // Measured as the store measures it: each of these emoji is two UTF-16 units.
    [{ testbed_id: '1', reason: '🔥'.repeat(101) }, 'reason', 'Keep the reason to 200 characters (you typed 202).'],
    [{ testbed_id: '1', reason: 'fw', until: 'tomorrow' }, 'until', 'That is not a date and time I can read. Write it as YYYY-MM-DD HH:MM (Europe/Berlin), for example 2026-03-11 18:00, or leave it empty.'],
    [{ testbed_id: '1', reason: 'fw', until: 1773252000000 }, 'until', 'Type the expected end as a date and time.'],
  ])('maintenance_start %j → %s: %s', (inputs, field, message) => {
    expect(problems('maintenance_start', inputs).errors).toEqual({ [field]: message });
  });

  it('force_release needs a reason for the holder', () => {
    expect(parse('force_release', { testbed_id: '2', reason: 'overdue since Monday' })).toEqual({
      ok: true,
      request: { type: 'forceRelease', testbedId: 2, reason: 'overdue since Monday' },
    });
    expect(problems('force_release', { testbed_id: '2', reason: '  ' }).errors).toEqual({ reason: 'Say why you force release it (the holder will read the reason).' });
    expect(problems('force_release', { testbed_id: '2' }).values).toEqual({ testbed_id: '2' });
  });

  it('answers a form it cannot read with one friendly problem, never a throw', () => {
    const hostile = Object.defineProperty({}, 'testbed_id', { enumerable: true, get: () => { throw new Error('boom'); } });
    expect(parse('testbed_retire', hostile)).toEqual({ ok: false, task: 'testbed_retire', errors: { form: 'The form could not be read. Please fill it in again.' }, values: {} });
  });
});

describe('parseUntil', () => {
  const read = (text: string, zone = 'Europe/Berlin') => parseUntil(text, NOW, zone);

  it.each([
    ['2026-03-11 18:00', '2026-03-11T17:00:00.000Z'],
    ['2026-03-11T18:00', '2026-03-11T17:00:00.000Z'],
    ['2026-03-11 18:00:30', '2026-03-11T17:00:30.000Z'],
    // After the change to summer time (29 March) Berlin is two hours ahead.
    ['2026-04-02 09:15', '2026-04-02T07:15:00.000Z'],
    ['2026-03-11T18:00Z', '2026-03-11T18:00:00.000Z'],
    ['2026-03-11T18:00:00.000Z', '2026-03-11T18:00:00.000Z'],
    ['2026-03-11t18:00z', '2026-03-11T18:00:00.000Z'],
    ['2026-03-11T18:00+05:30', '2026-03-11T12:30:00.000Z'],
    ['2026-03-11T18:00-0200', '2026-03-11T20:00:00.000Z'],
    ['2026-03-11T18:00+01', '2026-03-11T17:00:00.000Z'],
    // As the bot shows a time, with its zone's name (the admin copied it from a card).
    ['2026-03-11 18:00 UTC', '2026-03-11T18:00:00.000Z'],
    ['2026-03-11 18:00 Europe/Berlin', '2026-03-11T17:00:00.000Z'],
    ['2026-03-11 18:00 IST', '2026-03-11T12:30:00.000Z'],
    ['2026-03-11 18:00 UTC+2', '2026-03-11T16:00:00.000Z'],
  ])('%s → %s', (text, iso) => {
    expect(read(text)).toEqual({ ok: true, iso });
  });

  it('reads a plain date and time in UTC when that is the display zone, and says so', () => {
    expect(read('2026-03-11 18:00', 'UTC')).toEqual({ ok: true, iso: '2026-03-11T18:00:00.000Z' });
    expect(read('soon', 'UTC')).toEqual({ ok: false, message: 'That is not a date and time I can read. Write it as YYYY-MM-DD HH:MM (UTC), for example 2026-03-11 18:00, or leave it empty.' });
  });

  it.each([
    ['2026-02-30 10:00', 'That is not a real date and time.'],
    ['2026-03-11 24:00', 'That is not a real date and time.'],
    ['2026-13-01 10:00', 'That is not a real date and time.'],
    ['2026-03-11T18:00+15:00', 'That time zone offset is not a real one.'],
    ['11.03.2026 18:00', 'That is not a date and time I can read.'],
    ['2026-03-11', 'That is not a date and time I can read.'],
    ['2026-03-11 18:00 atlantis time', 'That is not a date and time I can read.'],
    ['2026-03-11T18:00Z UTC', 'That is not a date and time I can read.'],
    ['2026-03-10 10:59', 'That time has already passed. Give a time in the future, or leave it empty.'],
    ['2026-03-10T10:00:00Z', 'That time has already passed. Give a time in the future, or leave it empty.'],
    ['2026-06-08T10:00:01Z', 'Give a time at most 90 days ahead (by 2026-06-08 12:00 Europe/Berlin), or leave it empty.'],
  ])('%s is refused: %s', (text, start) => {
    const result = read(text);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message.startsWith(start)).toBe(true);
  });

  it('allows exactly 90 days ahead', () => {
    expect(read('2026-06-08T10:00Z')).toEqual({ ok: true, iso: '2026-06-08T10:00:00.000Z' });
  });

  it('gives an example for tomorrow at 18:00 in the zone', () => {
    expect(untilExample(NOW, 'Europe/Berlin')).toBe('2026-03-11 18:00');
    expect(untilExample('2026-03-10T23:30:00.000Z', 'Europe/Berlin')).toBe('2026-03-12 18:00');
  });
});

describe('parseLabels', () => {
  it('keeps each label once, as first typed', () => {
    expect(parseLabels('5G, 5g,,  rack_2 , RACK_2')).toEqual({ ok: true, labels: ['5G', 'rack_2'] });
    expect(parseLabels(' , ')).toEqual({ ok: true, labels: [] });
  });
});

describe('parseAdminSubmission under hostile input', () => {
  it('never throws; a request stays within every limit, a refusal names each problem in words and keeps short strings', () => {
    let accepted = 0;
    let refused = 0;
    // Hostile inputs, and forms that are nearly right (a known testbed, short text) with hostile extras.
    const nearlyRight = hostileInputs.map((inputs) => ({ testbed_id: '2', testbed_name: 'lab-9', reason: 'why', ...inputs }));
    fc.assert(
      fc.property(fc.constantFrom(...ADMIN_TASKS), fc.oneof(hostileInputs, nearlyRight), (task, inputs) => {
        const result = parseAdminSubmission(task, inputs, ctx);
        if (result.ok) {
          accepted += 1;
          const request = result.request as Record<string, unknown>;
          if ('testbedId' in request) expect(ctx.knownTestbedIds).toContain(request.testbedId);
          if (typeof request.name === 'string') expect(request.name).toMatch(/^[^\n\r]{1,64}$/u);
          if (typeof request.reason === 'string') expect(request.reason.length).toBeLessThanOrEqual(200);
          if (typeof request.description === 'string') expect(request.description.length).toBeLessThanOrEqual(200);
          if (Array.isArray(request.labels)) expect(request.labels.length).toBeLessThanOrEqual(10);
          for (const key of ['user_email', 'user_name', 'personEmail', 'by']) expect(Object.hasOwn(request, key)).toBe(false);
        } else {
          refused += 1;
          expect(Object.keys(result.errors).length).toBeGreaterThan(0);
          for (const message of Object.values(result.errors)) expect(message).toMatch(/^[A-Z].{8,400}$/s);
          for (const value of Object.values(result.values)) expect(typeof value === 'string' && value.length <= 600).toBe(true);
        }
      }),
      { numRuns: 400 },
    );
    expect(accepted).toBeGreaterThanOrEqual(20);
    expect(refused).toBeGreaterThanOrEqual(20);
  });
});
