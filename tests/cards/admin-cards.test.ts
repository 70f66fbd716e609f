/**
 * The admin cards as people read them: the admin card with one button per task (in sets that fit
 * a phone), each form with its exact Submit action and input ids, the testbeds each form offers,
 * problems named under their input with the values kept, what each request did, and the polite
 * refusal. Names people typed are shown as typed, never as markup.
 */
import { describe, expect, it } from 'vitest';
import { ACTIONS } from '../../src/cards/actions.js';
import { ADMIN_FORM_INPUTS, ADMIN_TASKS } from '../../src/cards/admin-actions.js';
import { adminFormCard, adminFormText } from '../../src/cards/admin-forms.card.js';
import {
  adminListCard,
  adminListText,
  adminMenuCard,
  adminMenuText,
  adminNotAllowedCard,
  adminNotAllowedText,
  adminOutcomeCard,
  adminOutcomeText,
  maintenanceAheadCard,
  maintenanceAheadText,
  type AdminOutcomeInput,
} from '../../src/cards/admin.card.js';
import { emptyLifecycle, type AdminOutcome, type AdminRequest, type Holder, type TestbedRecord } from '../../src/domain.js';
import type { AdaptiveCardJson } from '../../src/platform/port.js';
import { buttonTitles, seenCard } from '../support/card-text.js';
import { cardInputIds, cardProblems } from '../support/adaptive-cards.js';
import { markupFormed, unLookAlike } from '../support/rendered-text.js';
import { NOW, available, bob, inUse } from '../fixtures/flows/records.js';
import { inspectCard } from './card-walk.js';

const grace: Holder = { email: 'grace@example.com', name: 'Grace Hopper' };
const ada: Holder = { email: 'ada@example.com', name: 'Ada Lovelace' };
const ZONE = 'Europe/Berlin';
const TRICKY = '**lab_9** [x](http://evil)';

function inMaintenance(id: number, reason: string, until: string | null = '2026-03-12T16:00:00.000Z'): TestbedRecord {
  return { ...available(id), maintenance: { reason, until, since: NOW, by: grace } };
}

const TESTBEDS: TestbedRecord[] = [available(1), inUse(2, ada), inMaintenance(3, 'firmware upgrade'), available(10), inUse(4, bob, { name: 'lab-4' })];
const ctx = { now: NOW, timeZone: ZONE };

/** Every button anywhere on the card (action bar and action sets) with its data. */
function buttonsOf(card: AdaptiveCardJson) {
  return inspectCard(card).actions.map((action) => ({ title: action.title, data: action.data }));
}

function expectCardRules(card: AdaptiveCardJson): void {
  expect(cardProblems(card)).toEqual([]);
  const walked = inspectCard(card);
  expect(walked.disallowedTypes).toEqual([]);
  const known = new Set<string>(Object.values(ACTIONS));
  const inputs = cardInputIds(card);
  for (const action of walked.actions) {
    expect(action.type).toBe('Action.Submit');
    expect(known.has(String(action.data?.action))).toBe(true);
    for (const key of Object.keys(action.data ?? {})) if (key !== 'action') expect(inputs).not.toContain(key);
  }
  // Webex shows at most five buttons per row of buttons (the action bar and each action set).
  expect(((card.actions as unknown[]) ?? []).length).toBeLessThanOrEqual(5);
  for (const element of card.body as Array<Record<string, unknown>>) {
    if (element.type === 'ActionSet') expect((element.actions as unknown[]).length).toBeLessThanOrEqual(5);
  }
}

describe('the admin card', () => {
  it('counts the testbeds and offers every task, grouped in rows that fit a phone', () => {
    const card = adminMenuCard({ testbeds: TESTBEDS });
    expectCardRules(card);
    const seen = seenCard(card);
    expect(seen.heading).toBe('Lab admin');
    expect(seen.texts).toEqual([
      'Lab admin',
      '5 testbeds: 2 in use, 1 under maintenance, 2 free.',
      'Testbeds',
      'Labels and description',
      'Maintenance',
      'Bookings',
      'Or type it: add testbed lab-9, rename lab-3 to lab-3b, add label 5g to lab-3, describe lab-3 as Radio rack 2, retire lab-3, maintenance lab-3, end maintenance lab-3, force release lab-3; for somebody else’s booking, extend lab-3 by 2 hours or give lab-3 to Grace.',
    ]);
    expect(buttonsOf(card)).toEqual([
      { title: 'Status', data: { action: 'status' } },
      { title: 'Cancel', data: { action: 'cancel' } },
      { title: 'Add', data: { action: 'admin_form', form: 'testbed_add' } },
      { title: 'Rename', data: { action: 'admin_form', form: 'testbed_rename' } },
      { title: 'Retire', data: { action: 'admin_form', form: 'testbed_retire' } },
      { title: 'Edit', data: { action: 'admin_form', form: 'testbed_edit' } },
      { title: 'Start', data: { action: 'admin_form', form: 'maintenance_start' } },
      { title: 'End', data: { action: 'admin_form', form: 'maintenance_end' } },
      { title: 'Force release', data: { action: 'admin_form', form: 'force_release' } },
    ]);
    expect(adminMenuText({ testbeds: TESTBEDS })).toBe(
      'Lab admin. 5 testbeds: 2 in use, 1 under maintenance, 2 free. Open the card to add, rename, edit or retire a testbed, start or end maintenance, force release a booking, or type extend lab-3 by 2 hours or give lab-3 to Grace for somebody else’s booking.',
    );
  });

  it('names the maintenances past their expected end, by how long, right under the counts', () => {
    const late = [inMaintenance(3, 'fw', '2026-03-10T08:00:00.000Z'), inMaintenance(7, 'psu', '2026-03-09T10:00:00.000Z'), inMaintenance(8, 'fan', null), available(1)];
    const seen = seenCard(adminMenuCard({ testbeds: late, now: NOW }));
    expect(seen.texts.slice(1, 3)).toEqual(['4 testbeds: 0 in use, 3 under maintenance, 1 free.', 'Past the expected end of their maintenance: lab-3 (by 2 h), lab-7 (by 1 d).']);
    expect(adminMenuText({ testbeds: late, now: NOW })).toMatch(/^Lab admin\. 4 testbeds: 0 in use, 3 under maintenance, 1 free\. Past the expected end of their maintenance: lab-3 \(by 2 h\), lab-7 \(by 1 d\)\. Open the card/);
    // None late (an end still ahead, or none given): no line.
    expect(seenCard(adminMenuCard({ testbeds: TESTBEDS, now: NOW })).texts[2]).toBe('Testbeds');
  });

  /** The error line right under an input of a form card, if any. */
  const fieldErrorOf = (card: AdaptiveCardJson, id: string): string | undefined => {
    const body = card.body as Array<Record<string, unknown>>;
    const next = body[body.findIndex((element) => element.id === id) + 1];
    return next?.type === 'TextBlock' && next.color === 'attention' ? String(next.text) : undefined;
  };

  it('a testbed named with the command that the form does not offer (`force release lab-1`, free) is named with the reason', () => {
    const free = TESTBEDS.find((record) => record.status === 'available' && !record.maintenance)!;
    for (const [task, problem] of [
      ['force_release', `Nobody holds ${free.testbed_name} right now: choose a testbed that is booked.`],
      ['maintenance_end', `${free.testbed_name} is not under maintenance: choose one that is.`],
    ] as const) {
      const form = adminFormCard({ ...ctx, task, testbeds: TESTBEDS, values: { testbed_id: String(free.id) } });
      expect(fieldErrorOf(form, 'testbed_id'), task).toBe(problem);
    }
    // One it offers is chosen, with nothing to say.
    const held = TESTBEDS.find((record) => record.status === 'in_use')!;
    const form = adminFormCard({ ...ctx, task: 'force_release', testbeds: TESTBEDS, values: { testbed_id: String(held.id) } });
    expect(fieldErrorOf(form, 'testbed_id')).toBeUndefined();
    expect(inspectCard(form).inputs.find((input) => input.id === 'testbed_id')?.value).toBe(String(held.id));
  });

  it('says so when there are no testbeds yet', () => {
    expect(seenCard(adminMenuCard({ testbeds: [] })).texts[1]).toBe('There are no testbeds yet.');
  });
});

describe('the forms', () => {
  it.each(ADMIN_TASKS.filter((task) => task !== 'testbed_edit').map((task) => [task]))('%s: its own inputs, Submit carrying exactly its action, Back and Cancel', (task) => {
    const card = adminFormCard({ ...ctx, task, testbeds: TESTBEDS });
    expectCardRules(card);
    expect(cardInputIds(card)).toEqual([...ADMIN_FORM_INPUTS[task]]);
    const bar = buttonsOf(card);
    expect(bar[0].data).toEqual({ action: task });
    expect(bar.slice(1)).toEqual([
      { title: 'Back', data: { action: 'admin' } },
      { title: 'Cancel', data: { action: 'cancel' } },
    ]);
  });

  it('testbed_edit chooses its testbed first (its labels beside its name), then Next opens its boxes', () => {
    const testbeds = [{ ...available(1), labels: ['5g', 'core'] }, ...TESTBEDS.slice(1)];
    const card = adminFormCard({ ...ctx, task: 'testbed_edit', testbeds });
    expectCardRules(card);
    expect(cardInputIds(card)).toEqual(['testbed_id']);
    expect(seenCard(card).choices('testbed_id')).toEqual(['lab-1 (5g, core)', 'lab-2', 'lab-3', 'lab-4', 'lab-10']);
    expect(buttonsOf(card)).toEqual([
      { title: 'Next', data: { action: 'admin_form', form: 'testbed_edit' } },
      { title: 'Back', data: { action: 'admin' } },
      { title: 'Cancel', data: { action: 'cancel' } },
    ]);
    expect(adminFormText({ ...ctx, task: 'testbed_edit', testbeds })).toBe('Edit a testbed. Open the card to fill in the form.');
  });

  it('testbed_edit for one testbed: what it has now, in boxes to change, and Save carrying its id', () => {
    const record = { ...available(2, 'Rack 7'), labels: ['5g', 'core'], description: 'Radio rack 2' };
    const card = adminFormCard({ ...ctx, task: 'testbed_edit', testbeds: [available(1), record], values: { testbed_id: '2' } });
    expectCardRules(card);
    const seen = seenCard(card);
    expect(seen.heading).toBe('Edit Rack 7');
    expect(seen.texts[1]).toBe('Now: labels 5g, core; described as “Radio rack 2”.');
    expect(cardInputIds(card)).toEqual(['labels', 'description']);
    const value = (id: string) => inspectCard(card).inputs.find((input) => input.id === id)?.value;
    expect([value('labels'), value('description')]).toEqual(['5g, core', 'Radio rack 2']);
    expect(buttonsOf(card)[0]).toEqual({ title: 'Save', data: { action: 'testbed_edit', testbed_id: '2' } });
    expect(adminFormText({ ...ctx, task: 'testbed_edit', testbeds: [record], values: { testbed_id: '2' } })).toBe(
      'Edit Rack 7. Now: labels 5g, core; described as “Radio rack 2”. Open the card to change them.',
    );
    // Typed with the command (`add label ran to Rack 7`) or kept after a problem: what was typed, the problem under its box.
    const typed = adminFormCard({ ...ctx, task: 'testbed_edit', testbeds: [record], values: { testbed_id: '2', labels: '5g, core, r@n' }, errors: { labels: 'Not a label.' } });
    expect(inspectCard(typed).inputs.find((input) => input.id === 'labels')?.value).toBe('5g, core, r@n');
    expect(inspectCard(typed).inputs.find((input) => input.id === 'description')?.value).toBe('Radio rack 2');
    expect(seenCard(typed).texts).toContain('Not a label.');
    // Nothing yet: empty boxes, and it says so.
    const bare = adminFormCard({ ...ctx, task: 'testbed_edit', testbeds: [available(1)], values: { testbed_id: '1' } });
    expect(seenCard(bare).texts[1]).toBe('Now: no labels; no description.');
    // A testbed gone meanwhile: the picker again.
    expect(cardInputIds(adminFormCard({ ...ctx, task: 'testbed_edit', testbeds: [available(1)], values: { testbed_id: '9' } }))).toEqual(['testbed_id']);
  });

  it('offers the testbeds that fit each task, by name, with the state that matters', () => {
    const choices = (task: (typeof ADMIN_TASKS)[number]) => seenCard(adminFormCard({ ...ctx, task, testbeds: TESTBEDS })).choices('testbed_id');
    expect(choices('testbed_rename')).toEqual(['lab-1', 'lab-2', 'lab-3', 'lab-4', 'lab-10']);
    const annotated = ['lab-1', 'lab-2 (in use by Ada Lovelace)', 'lab-3 (under maintenance)', 'lab-4 (in use by Bob Builder)', 'lab-10'];
    expect(choices('testbed_retire')).toEqual(annotated);
    expect(choices('maintenance_start')).toEqual(annotated);
    expect(choices('maintenance_end')).toEqual(['lab-3 — firmware upgrade']);
    expect(choices('force_release')).toEqual(['lab-2 — Ada Lovelace', 'lab-4 — Bob Builder']);
  });

  it('says when a task has nothing to choose from, and offers no Submit then', () => {
    const end = adminFormCard({ ...ctx, task: 'maintenance_end', testbeds: [available(1)] });
    expect(seenCard(end).texts).toEqual(['End maintenance', 'No testbed is under maintenance right now, so there is nothing to end.']);
    expect(buttonTitles(end)).toEqual(['Back', 'Cancel']);
    const force = adminFormCard({ ...ctx, task: 'force_release', testbeds: [available(1)] });
    expect(seenCard(force).texts[1]).toBe('Nobody holds a testbed right now, so there is nothing to force release.');
    const rename = adminFormCard({ ...ctx, task: 'testbed_rename', testbeds: [] });
    expect(seenCard(rename).texts[1]).toBe('There are no testbeds yet. Add one first.');
    expect(buttonsOf(rename)[0]).toEqual({ title: 'Add a testbed', data: { action: 'admin_form', form: 'testbed_add' } });
    expect(adminFormText({ ...ctx, task: 'maintenance_end', testbeds: [] })).toBe('End maintenance: No testbed is under maintenance right now, so there is nothing to end.');
  });

  it('explains the expected end: the format, the zone, an example, the limit', () => {
    const card = adminFormCard({ ...ctx, task: 'maintenance_start', testbeds: TESTBEDS });
    const until = (card.body as Array<Record<string, unknown>>).find((element) => element.id === 'until')!;
    expect(until).toMatchObject({ type: 'Input.Text', label: 'Expected back (Europe/Berlin, optional)', placeholder: 'e.g. 2026-03-11 18:00' });
    expect(until.isRequired).toBeUndefined();
    expect(seenCard(card).texts).toContain(
      'Type it as YYYY-MM-DD HH:MM in Europe/Berlin, e.g. 2026-03-11 18:00 (ISO 8601 with Z or an offset works too); within 90 days. Once it passes, I ask the admin who started it whether the testbed is back: maintenance ends only when an admin ends it.',
    );
  });

  it('maintenance asked for later: why it cannot be, what to do instead, one press each; who holds it, when somebody does', () => {
    const free = maintenanceAheadCard({ record: available(1), ...ctx });
    expect(seenCard(free).texts).toEqual([
      'Maintenance of lab-1 cannot be set for later',
      'I cannot put lab-1 into maintenance at a later time: maintenance starts when an admin starts it and lasts until an admin ends it.',
      'To plan it: tell the lab now with a maintenance notice (Broadcast), and when the time comes, start it (Start maintenance, or type maintenance lab-1 until …).',
    ]);
    expect(buttonsOf(free)).toEqual([
      { title: 'Broadcast', data: { action: 'broadcast' } },
      { title: 'Start maintenance', data: { action: 'admin_form', form: 'maintenance_start', testbed_id: '1' } },
    ]);
    expectCardRules(free);
    const held = seenCard(maintenanceAheadCard({ record: inUse(2, ada), ...ctx }));
    expect(held.texts[2]).toBe('Ada Lovelace holds it, expected release 2026-03-10 12:00 UTC (2026-03-10 13:00 Europe/Berlin); a booking runs until it is released.');
    expect(seenCard(maintenanceAheadCard({ record: inMaintenance(3, 'fw'), ...ctx })).texts[2]).toBe('lab-3 is under maintenance now (fw).');
    expect(maintenanceAheadText({ record: available(1), ...ctx })).toBe(
      'I cannot put lab-1 into maintenance at a later time: maintenance starts when an admin starts it and lasts until an admin ends it. To plan it: tell the lab now with a maintenance notice (Broadcast), and when the time comes, start it (Start maintenance, or type maintenance lab-1 until …).',
    );
  });

  it('chosen on a testbed under maintenance already: it changes that maintenance, the boxes starting with its reason and end', () => {
    const card = adminFormCard({ ...ctx, task: 'maintenance_start', testbeds: TESTBEDS, values: { testbed_id: '3' } });
    const seen = seenCard(card);
    expect(seen.heading).toBe('Change the maintenance of lab-3');
    expect(seen.texts[1]).toBe(
      'lab-3 went under maintenance just now (firmware upgrade). Saving changes its reason and expected end, and the people waiting for it hear of a new end; it stays under maintenance until an admin ends it.',
    );
    const value = (id: string) => ((card.body as Array<Record<string, unknown>>).find((element) => element.id === id) as { value?: string }).value;
    expect([value('testbed_id'), value('reason'), value('until')]).toEqual(['3', 'firmware upgrade', '2026-03-12 17:00 Europe/Berlin']);
    expect(buttonTitles(card)[0]).toBe('Save changes');
    expect(buttonsOf(card)[0].data).toEqual({ action: 'maintenance_start' });
    expect(adminFormText({ ...ctx, task: 'maintenance_start', testbeds: TESTBEDS, values: { testbed_id: '3' } })).toBe('Change the maintenance of lab-3. Open the card to fill in the form.');
    // What the admin typed (or a button carried) wins; an end already passed is left for them to give anew.
    const typed = adminFormCard({ ...ctx, task: 'maintenance_start', testbeds: TESTBEDS, values: { testbed_id: '3', until: '2026-03-20 18:00' } });
    expect((typed.body as Array<Record<string, unknown>>).find((element) => element.id === 'until')).toMatchObject({ value: '2026-03-20 18:00' });
    const passed = adminFormCard({ ...ctx, task: 'maintenance_start', testbeds: [inMaintenance(3, 'fan', '2026-03-09T16:00:00.000Z')], values: { testbed_id: '3' } });
    const passedValue = (id: string) => ((passed.body as Array<Record<string, unknown>>).find((element) => element.id === id) as { value?: string }).value;
    expect([passedValue('reason'), passedValue('until')]).toEqual(['fan', undefined]);
    // On a testbed in service, the form starts maintenance as before.
    const fresh = adminFormCard({ ...ctx, task: 'maintenance_start', testbeds: TESTBEDS, values: { testbed_id: '1' } });
    expect([seenCard(fresh).heading, buttonTitles(fresh)[0]]).toEqual(['Start maintenance', 'Start maintenance']);
  });

  it('comes back with each problem under its input and what was typed kept', () => {
    const errors = { testbed_name: 'Keep the name to 64 characters (you typed 70).', labels: 'A testbed may have at most 10 labels (you gave 11).' };
    const values = { testbed_name: 'x'.repeat(70), labels: 'a,b', description: TRICKY };
    const card = adminFormCard({ ...ctx, task: 'testbed_add', testbeds: TESTBEDS, errors, values });
    expectCardRules(card);
    const seen = seenCard(card);
    expect(seen.errors[0]).toBe('Please check the fields marked below.');
    const underInputs = seen.all.filter((item) => item.element.color === 'attention' && item.element.size === 'Small').map((item) => item.text);
    expect(underInputs).toEqual([errors.testbed_name, errors.labels]);
    const kept = Object.fromEntries((card.body as Array<Record<string, unknown>>).filter((element) => 'value' in element).map((element) => [element.id, element.value]));
    expect(kept).toEqual(values);
    expect(adminFormText({ ...ctx, task: 'testbed_add', testbeds: TESTBEDS, errors, values })).toBe('Add a testbed. Some fields need another look. Open the card to fill in the form.');
  });

  it('drops a kept testbed choice that the form no longer offers', () => {
    const card = adminFormCard({ ...ctx, task: 'force_release', testbeds: TESTBEDS, values: { testbed_id: '3', reason: 'x' } });
    const picker = (card.body as Array<Record<string, unknown>>).find((element) => element.id === 'testbed_id')!;
    expect(picker.value).toBeUndefined();
  });
});

describe('what a request did', () => {
  const input = (request: AdminRequest, outcome: AdminOutcome, extra: Partial<AdminOutcomeInput> = {}): AdminOutcomeInput => ({
    request,
    outcome,
    testbeds: TESTBEDS,
    life: [],
    ...ctx,
    ...extra,
  });

  // Ada's lab-2 handed to Grace by an admin, and what its card lists.
  const handedToGrace = (extra: Partial<AdminOutcomeInput> = {}) =>
    input(
      { type: 'handOver', testbedId: 2, holderEmail: ada.email, toEmail: grace.email },
      { type: 'handedOver', record: inUse(2, grace, { until: '2026-03-10T14:00:00.000Z' }), previous: inUse(2, ada, { until: '2026-03-10T14:00:00.000Z' }) },
      extra,
    );
  const handedFacts = {
    'Was held by': 'Ada Lovelace (ada@example.com)',
    'Now held by': 'Grace Hopper (grace@example.com)',
    'Expected release': '2026-03-10 14:00 UTC (2026-03-10 15:00 Europe/Berlin) (in 4 h)',
  };

  const cases: Array<[string, AdminOutcomeInput, string, string[], Record<string, string>]> = [
    [
      'added',
      input({ type: 'add', name: 'lab-11', labels: ['5g', 'rack-2'], description: 'Rack 2' }, { type: 'added', record: { ...available(11), labels: ['5g', 'rack-2'], description: 'Rack 2' } }),
      'Added: lab-11',
      ['It is available to book now.'],
      { Id: '11', Labels: '5g, rack-2', Description: 'Rack 2' },
    ],
    ['renamed', input({ type: 'rename', testbedId: 1, name: 'lab-1b' }, { type: 'renamed', record: available(1, 'lab-1b'), previousName: 'lab-1' }), 'Renamed: lab-1 → lab-1b', ['Status and the forms show the new name now; bookings and queues are unchanged.'], {}],
    [
      'edited',
      input(
        { type: 'edit', testbedId: 1, labels: ['5g', 'core'], description: 'Radio rack 2' },
        { type: 'edited', record: { ...available(1), labels: ['5g', 'core'], description: 'Radio rack 2' }, previous: { labels: ['wifi'], description: 'Radio rack 2' }, changed: true },
      ),
      'Saved: lab-1',
      ['Status and the forms show them now; bookings and queues are unchanged.'],
      { Labels: '5g, core (was: wifi)', Description: 'Radio rack 2' },
    ],
    [
      'edited: held for the first waiting for any of its labels, the others queued',
      input(
        { type: 'edit', testbedId: 1, labels: ['5g'], description: null },
        { type: 'edited', record: { ...available(1), labels: ['5g'] }, previous: { labels: [], description: null }, changed: true, waiters: { offeredTo: { name: 'Ada Lovelace', label: '5G' }, queued: 2 } },
      ),
      'Saved: lab-1',
      [
        'Status and the forms show them now; bookings are unchanged.',
        'It is held for Ada Lovelace, who was waiting for any 5G; they have a message with Book it.',
        '2 people waiting for any testbed of its labels take a place in its queue.',
      ],
      { Labels: '5g (was: none)', Description: 'none' },
    ],
    [
      'edited: a label taken off, and the people who waited for it by that label told',
      input(
        { type: 'edit', testbedId: 1, labels: [], description: null },
        { type: 'edited', record: available(1), previous: { labels: ['5g'], description: null }, changed: true, waiters: { queued: 0, left: 2 } },
      ),
      'Saved: lab-1',
      ['Status and the forms show them now; bookings are unchanged.', '2 people waiting for any testbed of a label it no longer carries left its queue; I told each of them.'],
      { Labels: 'none (was: 5g)', Description: 'none' },
    ],
    [
      'added: how many waiting by label took a place is said too',
      input({ type: 'add', name: 'lab-11', labels: ['5g'], description: null }, { type: 'added', record: { ...available(11), labels: ['5g'] }, waiters: { queued: 1 } }),
      'Added: lab-11',
      ['It is available to book now.', '1 person waiting for any testbed of its labels takes a place in its queue.'],
      { Id: '11', Labels: '5g' },
    ],
    [
      'edited: labels and description cleared',
      input({ type: 'edit', testbedId: 1, labels: [], description: null }, { type: 'edited', record: available(1), previous: { labels: ['wifi'], description: 'spare' }, changed: true }),
      'Saved: lab-1',
      ['Status and the forms show them now; bookings and queues are unchanged.'],
      { Labels: 'none (was: wifi)', Description: 'none (was: spare)' },
    ],
    ['retired', input({ type: 'retire', testbedId: 10 }, { type: 'retired', record: available(10) }), 'Retired: lab-10', ['It is gone from status and the forms. Its id 10 is never given out again.'], {}],
    [
      'maintenance started',
      input({ type: 'maintenanceStart', testbedId: 3, reason: 'firmware upgrade', until: '2026-03-12T16:00:00.000Z' }, { type: 'maintenanceStarted', record: inMaintenance(3, 'firmware upgrade') }),
      'lab-3 is under maintenance',
      ['Nobody can book it until an admin ends the maintenance.'],
      { Reason: 'firmware upgrade', 'Expected back': '2026-03-12 16:00 UTC (2026-03-12 17:00 Europe/Berlin) (in 2 d)' },
    ],
    [
      'maintenance started without an end',
      input({ type: 'maintenanceStart', testbedId: 3, reason: 'broken PSU', until: null }, { type: 'maintenanceStarted', record: inMaintenance(3, 'broken PSU', null) }),
      'lab-3 is under maintenance',
      ['Nobody can book it until an admin ends the maintenance.'],
      { Reason: 'broken PSU', 'Expected back': 'not given' },
    ],
    [
      'maintenance changed: a later end, the people waiting told',
      input(
        { type: 'maintenanceStart', testbedId: 3, reason: 'firmware upgrade', until: '2026-03-13T16:00:00.000Z' },
        {
          type: 'maintenanceChanged',
          record: inMaintenance(3, 'firmware upgrade', '2026-03-13T16:00:00.000Z'),
          previous: inMaintenance(3, 'firmware upgrade').maintenance!,
          changed: true,
          told: 2,
        },
      ),
      'lab-3: maintenance changed',
      ['It stays under maintenance until an admin ends it.', 'It was expected back 2026-03-12 16:00 UTC (2026-03-12 17:00 Europe/Berlin).', 'I told the 2 people waiting for it.'],
      { Reason: 'firmware upgrade', 'Expected back': '2026-03-13 16:00 UTC (2026-03-13 17:00 Europe/Berlin) (in 3 d)' },
    ],
    [
      'maintenance changed: a new reason, an end given where there was none, nobody waiting',
      input(
        { type: 'maintenanceStart', testbedId: 3, reason: 'new PSU', until: '2026-03-12T16:00:00.000Z' },
        { type: 'maintenanceChanged', record: inMaintenance(3, 'new PSU'), previous: inMaintenance(3, 'broken PSU', null).maintenance!, changed: true },
      ),
      'lab-3: maintenance changed',
      ['It stays under maintenance until an admin ends it.', 'No expected end was given before.'],
      { Reason: 'new PSU', 'Expected back': '2026-03-12 16:00 UTC (2026-03-12 17:00 Europe/Berlin) (in 2 d)' },
    ],
    [
      'maintenance asked for again as it is',
      input(
        { type: 'maintenanceStart', testbedId: 3, reason: 'firmware upgrade', until: '2026-03-12T16:00:00.000Z' },
        { type: 'maintenanceChanged', record: inMaintenance(3, 'firmware upgrade'), previous: inMaintenance(3, 'firmware upgrade').maintenance!, changed: false },
      ),
      'Nothing was changed',
      ['lab-3 is under maintenance with this reason and expected end already.'],
      { Reason: 'firmware upgrade', 'Expected back': '2026-03-12 16:00 UTC (2026-03-12 17:00 Europe/Berlin) (in 2 d)' },
    ],
    ['maintenance ended', input({ type: 'maintenanceEnd', testbedId: 3 }, { type: 'maintenanceEnded', record: available(3) }), 'lab-3 is back in service', ['It can be booked again; the first person in its queue, if any, is offered it.'], {}],
    [
      'force released',
      input({ type: 'forceRelease', testbedId: 2, reason: 'overdue since Monday' }, { type: 'forceReleased', record: available(2), previous: inUse(2, ada) }),
      'Force released: lab-2',
      ['It is free again. The holder gets a direct message with your name and the reason.'],
      { 'Was held by': 'Ada Lovelace (ada@example.com)', Since: '2026-03-10 08:00 UTC (2026-03-10 09:00 Europe/Berlin)', Purpose: 'regression run', Reason: 'overdue since Monday' },
    ],
    [
      'force released to the first person waiting',
      input(
        { type: 'forceRelease', testbedId: 2, reason: 'overdue since Monday' },
        { type: 'forceReleased', record: available(2), previous: inUse(2, ada), next: { name: 'Linus Lab', holdMinutes: 10 } },
      ),
      'Force released: lab-2',
      ['It goes to Linus Lab, first in its queue. The holder gets a direct message with your name and the reason.'],
      { 'Was held by': 'Ada Lovelace (ada@example.com)', Since: '2026-03-10 08:00 UTC (2026-03-10 09:00 Europe/Berlin)', Purpose: 'regression run', Reason: 'overdue since Monday' },
    ],
    [
      'somebody’s booking extended',
      input(
        { type: 'extend', testbedId: 2, holderEmail: ada.email, minutes: 120 },
        { type: 'extended', record: inUse(2, ada, { until: '2026-03-10T14:00:00.000Z' }), previousRelease: '2026-03-10T12:00:00.000Z' },
      ),
      'Extended: lab-2',
      ['Ada Lovelace gets a direct message saying you extended their booking.'],
      {
        'Held by': 'Ada Lovelace (ada@example.com)',
        'Expected release': '2026-03-10 14:00 UTC (2026-03-10 15:00 Europe/Berlin) (in 4 h)',
        'Was due': '2026-03-10 12:00 UTC (2026-03-10 13:00 Europe/Berlin)',
      },
    ],
    [
      'every booking of one person extended, one that could not be said',
      input(
        { type: 'extendAll', holderEmail: ada.email, until: '2026-03-10T13:00:00.000Z' },
        {
          type: 'extendedAll',
          extended: [{ record: inUse(2, ada, { until: '2026-03-10T13:00:00.000Z' }), previousRelease: '2026-03-10T12:00:00.000Z' }],
          refused: [{ record: inUse(5, ada, { name: 'lab-5', until: '2026-03-10T18:00:00.000Z' }), reason: 'not_later' }],
        },
      ),
      'Extended 1 booking of Ada Lovelace',
      [
        'lab-2: expected release 2026-03-10 13:00 UTC (2026-03-10 14:00 Europe/Berlin) (in 3 h); it was due 2026-03-10 12:00 UTC (2026-03-10 13:00 Europe/Berlin).',
        'lab-5 already runs until 2026-03-10 18:00 UTC (2026-03-10 19:00 Europe/Berlin), so there is nothing to extend to then.',
        'Ada Lovelace gets a direct message for each, saying you extended it.',
      ],
      {},
    ],
    [
      'somebody’s booking handed over',
      handedToGrace(),
      'Handed over: lab-2',
      ['Grace Hopper holds it now, with its purpose and expected release. Both get a direct message saying you did.'],
      handedFacts,
    ],
    [
      'somebody’s booking taken over by the admin asking',
      handedToGrace({ requesterEmail: 'Grace@Example.com' }),
      'Handed over: lab-2',
      ['Grace Hopper holds it now, with its purpose and expected release. Ada Lovelace gets a direct message saying you did.'],
      handedFacts,
    ],
  ];

  it.each(cases)('%s', (_name, outcomeInput, heading, lines, facts) => {
    const card = adminOutcomeCard(outcomeInput);
    expectCardRules(card);
    const seen = seenCard(card);
    expect(seen.heading).toBe(heading);
    expect(seen.texts.slice(1)).toEqual(lines);
    expect(seen.facts).toEqual(facts);
    expect(buttonsOf(card)).toEqual([
      { title: 'Admin', data: { action: 'admin' } },
      { title: 'Status', data: { action: 'status' } },
    ]);
    expect(adminOutcomeText(outcomeInput)).toBe(`${heading}. ${lines.join(' ')}`);
  });

  const refusals: Array<[AdminRequest, AdminOutcome, string, Partial<AdminOutcomeInput>?]> = [
    [{ type: 'retire', testbedId: 2 }, { type: 'refused', reason: 'in_use', record: inUse(2, ada) }, 'lab-2 is in use by Ada Lovelace; force release it first if you need to retire it now.'],
    [{ type: 'maintenanceStart', testbedId: 2, reason: 'fw', until: null }, { type: 'refused', reason: 'in_use', record: inUse(2, ada) }, 'lab-2 is in use by Ada Lovelace; force release it first if you need to start maintenance now.'],
    [{ type: 'forceRelease', testbedId: 1, reason: 'x' }, { type: 'refused', reason: 'not_in_use', record: available(1) }, 'lab-1 is not in use, so there is nothing to force release.'],
    [
      { type: 'retire', testbedId: 1 },
      { type: 'refused', reason: 'held', record: available(1) },
      'lab-1 is being kept for Bob Builder, first in its queue, until 2026-03-10 10:10 UTC (2026-03-10 11:10 Europe/Berlin). Try again once the hold has ended.',
      { life: [{ ...emptyLifecycle(1), offer: { email: bob.email, name: bob.name, until: '2026-03-10T10:10:00.000Z' } }] },
    ],
    [{ type: 'retire', testbedId: 1 }, { type: 'refused', reason: 'held' }, 'lab-1 is being kept for the first person in its queue right now. Try again once the hold has ended.'],
    [{ type: 'maintenanceStart', testbedId: 3, reason: 'x', until: null }, { type: 'refused', reason: 'in_maintenance', record: inMaintenance(3, 'fw') }, 'lab-3 is already under maintenance.'],
    [{ type: 'maintenanceEnd', testbedId: 1 }, { type: 'refused', reason: 'not_in_maintenance', record: available(1) }, 'lab-1 is not under maintenance.'],
    [{ type: 'retire', testbedId: 1 }, { type: 'refused', reason: 'busy' }, 'lab-1 is being changed right now. Please try again in a moment.'],
    [{ type: 'retire', testbedId: 77 }, { type: 'refused', reason: 'unknown' }, 'That testbed is not in the list any more.'],
    [
      { type: 'extend', testbedId: 2, holderEmail: bob.email, minutes: 60 },
      { type: 'refused', reason: 'changed_hands', record: inUse(2, ada) },
      'lab-2 changed hands meanwhile: Ada Lovelace holds it now, so nothing was extended. Type extend lab-2 again to extend their booking.',
    ],
    [{ type: 'extend', testbedId: 1, holderEmail: bob.email, minutes: 60 }, { type: 'refused', reason: 'changed_hands', record: available(1) }, 'lab-1 is not booked any more, so there is no booking to extend.'],
    [
      { type: 'extend', testbedId: 2, holderEmail: ada.email, until: '2026-03-10T11:00:00.000Z' },
      { type: 'refused', reason: 'not_later', record: inUse(2, ada, { until: '2026-03-10T12:00:00.000Z' }) },
      'lab-2 already runs until 2026-03-10 12:00 UTC (2026-03-10 13:00 Europe/Berlin), so there is nothing to extend to then.',
    ],
    [
      { type: 'handOver', testbedId: 2, holderEmail: bob.email, toEmail: grace.email },
      { type: 'refused', reason: 'changed_hands', record: inUse(2, ada) },
      'lab-2 changed hands meanwhile: Ada Lovelace holds it now, so nothing was handed over. Type give lab-2 to and the colleague again to hand over their booking.',
    ],
    [{ type: 'handOver', testbedId: 1, holderEmail: bob.email, toEmail: grace.email }, { type: 'refused', reason: 'changed_hands', record: available(1) }, 'lab-1 is not booked any more, so there is no booking to hand over.'],
    [{ type: 'handOver', testbedId: 2, holderEmail: ada.email, toEmail: ada.email }, { type: 'refused', reason: 'already_theirs', record: inUse(2, ada) }, 'Ada Lovelace holds lab-2 already.'],
    [{ type: 'extendAll', holderEmail: bob.email, minutes: 60 }, { type: 'refused', reason: 'changed_hands' }, 'bob@example.com holds no testbed any more, so nothing was extended.'],
    [
      { type: 'extendAll', holderEmail: ada.email, minutes: 200 * 1440 },
      { type: 'extendedAll', extended: [], refused: [{ record: inUse(2, ada), reason: 'too_far' }] },
      'A booking runs at most 90 days ahead, so lab-2 was not extended.',
    ],
    [{ type: 'handOver', testbedId: 2, holderEmail: ada.email, toEmail: 'gone@example.com' }, { type: 'refused', reason: 'no_person', record: inUse(2, ada) }, 'The platform no longer knows that colleague, so nothing was handed over. Type their email instead.'],
    [{ type: 'extend', testbedId: 2, holderEmail: ada.email, minutes: 200 * 1440 }, { type: 'refused', reason: 'too_far', record: inUse(2, ada) }, 'A booking runs at most 90 days ahead, so lab-2 was not extended.'],
    [
      { type: 'edit', testbedId: 1, labels: ['5g'], description: null },
      { type: 'edited', record: { ...available(1), labels: ['5g'] }, previous: { labels: ['5g'], description: null }, changed: false },
      'lab-1 already has these labels and this description.',
    ],
  ];

  it.each(refusals)('refused %j (%j): %s', (request, outcome, line, extra) => {
    const outcomeInput = input(request, outcome, extra);
    const card = adminOutcomeCard(outcomeInput);
    expectCardRules(card);
    const seen = seenCard(card);
    expect(seen.texts).toEqual(['Nothing was changed', line]);
    expect(adminOutcomeText(outcomeInput)).toBe(`Nothing was changed. ${line}`);
  });

  it('a name already taken (ignoring case) brings the form back with the problem under the name, values kept', () => {
    const request: AdminRequest = { type: 'add', name: 'LAB-1', labels: ['5g'], description: 'spare' };
    const outcomeInput = input(request, { type: 'refused', reason: 'name_taken', record: available(1) });
    const card = adminOutcomeCard(outcomeInput);
    expectCardRules(card);
    const seen = seenCard(card);
    expect(seen.heading).toBe('Add a testbed');
    expect(seen.texts).toContain('Another testbed is already called lab-1 (names are compared ignoring case). Choose another name.');
    const kept = Object.fromEntries((card.body as Array<Record<string, unknown>>).filter((element) => 'value' in element).map((element) => [element.id, element.value]));
    expect(kept).toEqual({ testbed_name: 'LAB-1', labels: '5g', description: 'spare' });
    expect(buttonsOf(card)[0].data).toEqual({ action: 'testbed_add' });
    const rename = adminOutcomeCard(input({ type: 'rename', testbedId: 2, name: 'lab-1' }, { type: 'refused', reason: 'name_taken' }));
    expect(seenCard(rename).texts).toContain('Another testbed is already called lab-1 (names are compared ignoring case). Choose another name.');
  });

  it('shows typed names and reasons as typed, never as markup', () => {
    const record = { ...available(9, TRICKY), labels: ['5g'], description: TRICKY };
    const cardsShown = [
      adminOutcomeCard(input({ type: 'add', name: TRICKY, labels: ['5g'], description: TRICKY }, { type: 'added', record })),
      adminOutcomeCard(input({ type: 'forceRelease', testbedId: 9, reason: TRICKY }, { type: 'forceReleased', record, previous: inUse(9, { email: 'x@example.com', name: TRICKY }, { name: TRICKY }) })),
      adminFormCard({ ...ctx, task: 'force_release', testbeds: [inUse(9, { email: 'x@example.com', name: TRICKY }, { name: TRICKY })] }),
    ];
    for (const card of cardsShown) {
      const seen = seenCard(card);
      for (const item of seen.all) if (item.markdown) expect(markupFormed(item.source)).toEqual([]);
      expect(unLookAlike(seen.all.map((item) => item.text).join('\n'))).toContain(TRICKY);
    }
  });
});

describe('not an admin', () => {
  it('is told politely, with no admin named (anybody may type admin in a 1:1 room)', () => {
    const card = adminNotAllowedCard();
    expectCardRules(card);
    expect(seenCard(card).texts).toEqual([
      'For the lab’s admins',
      'Sorry, the admin card is only for the lab’s admins, so nothing was changed.',
      'If a testbed needs adding, fixing or freeing, please ask one of them (type who are the admins in a lab room).',
    ]);
    expect(adminNotAllowedText()).toBe(
      'Sorry, the admin card is only for the lab’s admins, so nothing was changed. If a testbed needs adding, fixing or freeing, please ask one of them (type who are the admins in a lab room).',
    );
  });

  it('`who are the admins?` names them and what they do, for anybody', () => {
    const card = adminListCard({ admins: ['lead@example.com'] });
    expectCardRules(card);
    expect(seenCard(card).texts).toEqual([
      'The lab’s admins',
      'Admins: lead@example.com.',
      'They add, rename, label and retire testbeds, start and end maintenance, and extend, hand over or force release somebody’s booking.',
    ]);
    expect(adminListText({ admins: [] })).toBe('No admin is set up yet (the ADMINS setting is empty). They add, rename, label and retire testbeds, start and end maintenance, and extend, hand over or force release somebody’s booking.');
  });

  it('`am I an admin?`: says whether the person asking is one (emails compared without case), and how one becomes one', () => {
    const admins = ['lead@example.com', 'Ada@Example.com'];
    expect(seenCard(adminListCard({ admins, requesterEmail: 'ada@example.com' })).texts[2]).toBe('You are one of them.');
    const other = adminListCard({ admins, requesterEmail: 'linus@example.com' });
    expectCardRules(other);
    expect(seenCard(other).texts[2]).toBe('You are not one of them. To become one, ask whoever runs the bot to add your email to its ADMINS setting.');
    expect(adminListText({ admins, requesterEmail: 'linus@example.com' })).toBe(
      'Admins: lead@example.com, Ada@Example.com. You are not one of them. To become one, ask whoever runs the bot to add your email to its ADMINS setting. They add, rename, label and retire testbeds, start and end maintenance, and extend, hand over or force release somebody’s booking.',
    );
    // With no admins at all, the line that says so is enough.
    expect(seenCard(adminListCard({ admins: [], requesterEmail: 'linus@example.com' })).texts).toHaveLength(3);
  });
});
