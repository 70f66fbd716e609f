/**
 * The admin card's words and buttons through the router: each becomes an event for the person's
 * admin actor (which checks the profile against ADMINS before anything else), inputs validated
 * first. Identity never comes from the form, in approved rooms and in 1:1 rooms alike.
 */
import { describe, expect, it } from 'vitest';
import { flowKey } from '../../src/app/actor-key.js';
import { isCommandText, route, type RouterContext } from '../../src/app/router.js';
import { encodeId } from '../../src/platform/ids.js';
import type { CardActionEvent, MessageEvent } from '../../src/platform/port.js';

const LAB = encodeId('ROOM', '0b6f7e2c-1111-4a4a-9999-000000000001');
const DM = encodeId('ROOM', '0b6f7e2c-1111-4a4a-9999-000000000009');
const OTHER_GROUP = encodeId('ROOM', '0b6f7e2c-1111-4a4a-9999-000000000002');
const ADA = encodeId('PEOPLE', '0b6f7e2c-2222-4a4a-9999-000000000001');
const NOW = '2026-03-02T10:00:00.000Z';
const ctx: RouterContext = { approvedRooms: [LAB], timeZone: 'Europe/Berlin', knownTestbedIds: [1, 2] };

function text(value: string, roomId = LAB, roomType: 'group' | 'direct' = 'group'): MessageEvent {
  return { type: 'message', id: 'm', roomId, roomType, personId: ADA, personEmail: 'ada@example.com', text: value, receivedAt: NOW };
}

function action(inputs: Record<string, unknown>, roomId = LAB, roomType: 'group' | 'direct' = 'group'): CardActionEvent {
  return { type: 'cardAction', id: 'a', roomId, roomType, personId: ADA, messageId: 'c', inputs, receivedAt: NOW };
}

const admin = (roomId = LAB) => flowKey('admin', roomId, ADA);
const dispatch = (event: Record<string, unknown>, roomId = LAB) => ({ kind: 'dispatch', targets: [{ key: admin(roomId), event }] });

describe('router: admin', () => {
  it.each(['admin', ' ADMIN ', '/admin', 'testbed admin', 'admin menu', 'open the admin card', 'admin panel'])('typed %j opens the admin card through the admin actor', (typed) => {
    expect(route(text(typed), ctx)).toEqual(dispatch({ type: 'admin.requested' }));
  });

  it('the Admin button and each task button open the card or that form', () => {
    expect(route(action({ action: 'admin' }), ctx)).toEqual(dispatch({ type: 'admin.requested' }));
    for (const task of ['testbed_add', 'testbed_rename', 'testbed_edit', 'testbed_retire', 'maintenance_start', 'maintenance_end', 'force_release']) {
      expect(route(action({ action: 'admin_form', form: task }), ctx)).toEqual(dispatch({ type: 'admin.formRequested', task }));
    }
    // A form the card does not have: the admin card itself.
    expect(route(action({ action: 'admin_form', form: 'drop_tables' }), ctx)).toEqual(dispatch({ type: 'admin.requested' }));
  });

  it.each([
    [{ action: 'testbed_add', testbed_name: 'lab-7', labels: '5g', description: 'Rack 2' }, { type: 'add', name: 'lab-7', labels: ['5g'], description: 'Rack 2' }],
    [{ action: 'testbed_rename', testbed_id: '2', testbed_name: 'lab-2b' }, { type: 'rename', testbedId: 2, name: 'lab-2b' }],
    [{ action: 'testbed_retire', testbed_id: '1' }, { type: 'retire', testbedId: 1 }],
    [{ action: 'testbed_edit', testbed_id: '2', labels: '5g, core', description: ' Radio rack 2 ' }, { type: 'edit', testbedId: 2, labels: ['5g', 'core'], description: 'Radio rack 2' }],
    [{ action: 'testbed_edit', testbed_id: '2', labels: '', description: '  ' }, { type: 'edit', testbedId: 2, labels: [], description: null }],
    [
      { action: 'maintenance_start', testbed_id: '1', reason: 'firmware', until: '2026-03-03 18:00' },
      { type: 'maintenanceStart', testbedId: 1, reason: 'firmware', until: '2026-03-03T17:00:00.000Z' },
    ],
    [{ action: 'maintenance_end', testbed_id: '1' }, { type: 'maintenanceEnd', testbedId: 1 }],
    [{ action: 'force_release', testbed_id: '2', reason: 'overdue' }, { type: 'forceRelease', testbedId: 2, reason: 'overdue' }],
    [{ action: 'admin_extend', for_testbed_id: '2', holder_email: 'linus@example.com', minutes: '120' }, { type: 'extend', testbedId: 2, holderEmail: 'linus@example.com', minutes: 120 }],
    [
      { action: 'admin_extend', for_testbed_id: '2', holder_email: ' linus@example.com ', until: '2026-03-02T18:00:00.000Z', testbed_id: '1' },
      { type: 'extend', testbedId: 2, holderEmail: 'linus@example.com', until: '2026-03-02T18:00:00.000Z' },
    ],
    [
      { action: 'admin_hand_over', for_testbed_id: '2', holder_email: 'linus@example.com', to_email: ' grace@example.com ', testbed_id: '1' },
      { type: 'handOver', testbedId: 2, holderEmail: 'linus@example.com', toEmail: 'grace@example.com' },
    ],
  ])('%j becomes the request %j, stamped with the receive time', (inputs, request) => {
    expect(route(action(inputs), ctx)).toEqual(dispatch({ type: 'admin.submitted', request, now: NOW }));
  });

  it('an admin_form button may carry the testbed and a reason (a problem report’s): the form filled in with them', () => {
    expect(route(action({ action: 'admin_form', form: 'maintenance_start', testbed_id: '2', reason: ' Reported by Ada: no power ' }), ctx)).toEqual(
      dispatch({ type: 'admin.formRequested', task: 'maintenance_start', values: { testbed_id: '2', reason: 'Reported by Ada: no power' } }),
    );
    // A testbed the lab does not have, or values that are no text, are left out.
    expect(route(action({ action: 'admin_form', form: 'force_release', testbed_id: '9', reason: 7 }), ctx)).toEqual(dispatch({ type: 'admin.formRequested', task: 'force_release' }));
  });

  it('an admin_hand_over button that cannot be read is answered with what is wrong, and reaches no flow', () => {
    const message = (inputs: Record<string, unknown>) => {
      const decision = route(action({ action: 'admin_hand_over', ...inputs }), ctx);
      return decision.kind === 'reply' && decision.view.kind === 'error' ? decision.view.message : JSON.stringify(decision);
    };
    const unread = 'Whose booking to hand over, or to whom, could not be read. Type give and the testbed again. Nothing was changed.';
    expect(message({ for_testbed_id: '2', holder_email: 'linus@example.com' })).toBe(unread);
    expect(message({ for_testbed_id: '2', to_email: 'grace@example.com', holder_email: ['linus@example.com'] })).toBe(unread);
    const gone = 'That testbed is not in the list any more. Type give and the testbed again. Nothing was changed.';
    expect(message({ for_testbed_id: '9', holder_email: 'linus@example.com', to_email: 'grace@example.com' })).toBe(gone);
    expect(message({ testbed_id: '2', holder_email: 'linus@example.com', to_email: 'grace@example.com' })).toBe(gone);
  });

  it('an admin_extend button that cannot be read is answered with what is wrong, and reaches no flow', () => {
    const pressed = (inputs: Record<string, unknown>) => route(action({ action: 'admin_extend', ...inputs }), ctx);
    const message = (inputs: Record<string, unknown>) => {
      const decision = pressed(inputs);
      return decision.kind === 'reply' && decision.view.kind === 'error' ? decision.view.message : JSON.stringify(decision);
    };
    expect(message({ for_testbed_id: '2', holder_email: 'not an email', minutes: '60' })).toBe('Whose booking to extend could not be read. Type extend and the testbed again. Nothing was changed.');
    expect(message({ for_testbed_id: '2', minutes: '60' })).toBe('Whose booking to extend could not be read. Type extend and the testbed again. Nothing was changed.');
    // The picker's testbed is the admin's own booking, never the one to extend.
    expect(message({ testbed_id: '2', holder_email: 'linus@example.com', minutes: '60' })).toBe('Choose the testbed to extend. Nothing was changed.');
    expect(message({ for_testbed_id: '9', holder_email: 'linus@example.com', minutes: '60' })).toMatch(/^That testbed is not in the list any more/);
    expect(message({ for_testbed_id: '2', holder_email: 'linus@example.com', minutes: '0' })).toBe('The extension must be from 1 minute to 90 days. Nothing was changed.');
  });

  it('the edit form’s Next opens the testbed chosen; none chosen, or one gone, brings the picker back saying why', () => {
    const next = (inputs: Record<string, unknown>) => route(action({ action: 'admin_form', form: 'testbed_edit', ...inputs }), ctx);
    expect(next({ testbed_id: '2' })).toEqual(dispatch({ type: 'admin.formRequested', task: 'testbed_edit', values: { testbed_id: '2' } }));
    expect(next({ testbed_id: '' })).toEqual(dispatch({ type: 'admin.invalid', task: 'testbed_edit', errors: { testbed_id: 'Choose the testbed to edit.' }, values: {} }));
    for (const gone of ['9', '1 OR 1=1', 2]) {
      expect(next({ testbed_id: gone })).toEqual(
        dispatch({ type: 'admin.invalid', task: 'testbed_edit', errors: { testbed_id: 'That testbed is not in the list any more: choose another.' }, values: {} }),
      );
    }
    // A label that is no label comes back on the form for that testbed, as typed.
    expect(route(action({ action: 'testbed_edit', testbed_id: '2', labels: '5g, r@n', description: '' }), ctx)).toEqual(
      dispatch({
        type: 'admin.invalid',
        task: 'testbed_edit',
        errors: { labels: 'Labels may use only letters, digits, ".", "_" and "-", separated by commas; "r@n" is not one.' },
        values: { testbed_id: '2', labels: '5g, r@n', description: '' },
      }),
    );
  });

  it('a form with problems goes back to the admin actor as that form, problems named and values kept', () => {
    expect(route(action({ action: 'force_release', testbed_id: '9', reason: '' }), ctx)).toEqual(
      dispatch({
        type: 'admin.invalid',
        task: 'force_release',
        errors: {
          testbed_id: 'That testbed is not in the list any more. Please choose another one.',
          reason: 'Say why you force release it (the holder will read the reason).',
        },
        values: { testbed_id: '9', reason: '' },
      }),
    );
  });

  it('never carries who is asking from the form: forged identity keys go nowhere', () => {
    const forged = route(action({ action: 'testbed_retire', testbed_id: '1', user_email: 'grace@example.com', personEmail: 'grace@example.com', admins: 'x' }), ctx);
    expect(forged).toEqual(dispatch({ type: 'admin.submitted', request: { type: 'retire', testbedId: 1 }, now: NOW }));
    expect(JSON.stringify(forged)).not.toContain('grace@example.com');
  });

  it('in a 1:1 room that is not approved, accepts typed admin and every admin button (the profile decides)', () => {
    expect(route(text('admin', DM, 'direct'), ctx)).toEqual(dispatch({ type: 'admin.requested' }, DM));
    expect(route(text('testbed admin', DM, 'direct'), ctx)).toEqual(dispatch({ type: 'admin.requested' }, DM));
    expect(route(action({ action: 'admin_form', form: 'testbed_add' }, DM, 'direct'), ctx)).toEqual(dispatch({ type: 'admin.formRequested', task: 'testbed_add' }, DM));
    expect(route(action({ action: 'maintenance_end', testbed_id: '2' }, DM, 'direct'), ctx)).toEqual(
      dispatch({ type: 'admin.submitted', request: { type: 'maintenanceEnd', testbedId: 2 }, now: NOW }, DM),
    );
    // Other typed words start nothing there: one line says where the bot answers.
    expect(route(text('status', DM, 'direct'), ctx)).toEqual({ kind: 'reply', view: { kind: 'directOnly' } });
  });

  it.each(['who are the admins?', 'who is the admin', "who's admin", 'list the admins', 'who can retire testbeds', 'who can force release', 'am I an admin?', 'make me admin', 'can I become an admin', 'what can admins do', 'admin help'])(
    '%j asks the admin actor who the admins are (in a lab room; a 1:1 room that is not approved names nobody), and is kept in recordings',
    (typed) => {
      expect(route(text(typed), ctx)).toEqual(dispatch({ type: 'admins.asked' }));
      expect(isCommandText(typed)).toBe(true);
      expect(route(text(typed, DM, 'direct'), ctx)).toEqual({ kind: 'reply', view: { kind: 'directOnly' } });
    },
  );

  it('ignores admin words and buttons from group rooms that are not approved', () => {
    expect(route(text('admin', OTHER_GROUP), ctx)).toEqual({ kind: 'ignore', reason: 'unapproved_room' });
    expect(route(action({ action: 'testbed_add', testbed_name: 'x' }, OTHER_GROUP), ctx)).toEqual({ kind: 'ignore', reason: 'unapproved_room' });
  });

  it('cancel reaches the admin actor too, only if it exists', () => {
    const cancel = route(text('cancel'), ctx);
    expect(cancel.kind === 'dispatch' && cancel.targets.find((target) => target.key.kind === 'admin')).toEqual({
      key: admin(),
      event: { type: 'conversation.cancelled' },
      ifExists: true,
    });
  });
});

describe('router: admin tasks typed', () => {
  const testbeds = [
    { id: 1, testbed_name: 'lab-1' },
    { id: 2, testbed_name: 'lab-2', labels: ['core'] },
    { id: 3, testbed_name: 'Link to core' },
  ];
  const lab: RouterContext = { ...ctx, testbeds };
  const started = (task: string, values?: Record<string, string>, news?: 'fixed') => dispatch({ type: 'admin.formRequested', task, ...(values ? { values } : {}), ...(news ? { news } : {}) });

  it.each([
    ['retire lab-1', started('testbed_retire', { testbed_id: '1' })],
    ['delete testbed LAB-2', started('testbed_retire', { testbed_id: '2' })],
    ['maintenance lab-2', started('maintenance_start', { testbed_id: '2' })],
    ['start maintenance on lab-2', started('maintenance_start', { testbed_id: '2' })],
    ['put lab-2 into maintenance', started('maintenance_start', { testbed_id: '2' })],
    ['end maintenance lab-2', started('maintenance_end', { testbed_id: '2' })],
    ['stop maintenance for lab-1', started('maintenance_end', { testbed_id: '1' })],
    ['force release lab-2', started('force_release', { testbed_id: '2' })],
    ['force-release lab-2', started('force_release', { testbed_id: '2' })],
    // The reason typed with it fills in the form's reason.
    ['force release lab-2 because the nightly run hung', started('force_release', { testbed_id: '2', reason: 'the nightly run hung' })],
    ['force release lab-2 for the rack move', started('force_release', { testbed_id: '2', reason: 'the rack move' })],
    ['force release lab-2: stuck since friday', started('force_release', { testbed_id: '2', reason: 'stuck since friday' })],
    // A name that holds a separator keeps it.
    ['force release Link to core because of a loop', started('force_release', { testbed_id: '3', reason: 'a loop' })],
    ['rename lab-1 to lab-1b', started('testbed_rename', { testbed_id: '1', testbed_name: 'lab-1b' })],
    ['rename Link to core to Core link', started('testbed_rename', { testbed_id: '3', testbed_name: 'Core link' })],
    ['rename lab-2', started('testbed_rename', { testbed_id: '2' })],
    // Without the `to`: a testbed's whole name, then the new one.
    ['rename lab-1 lab-1b', started('testbed_rename', { testbed_id: '1', testbed_name: 'lab-1b' })],
    ['maintenance off lab-2', started('maintenance_end', { testbed_id: '2' })],
    ['maintenance over for lab-2', started('maintenance_end', { testbed_id: '2' })],
    ['lab-2 maintenance done', started('maintenance_end', { testbed_id: '2' })],
    ['lab-2 back in service', started('maintenance_end', { testbed_id: '2' })],
    ['lab-2 maintenance for new cables', started('maintenance_start', { testbed_id: '2', reason: 'new cables' })],
    // Asking for the admins to be changed: who they are, and how one becomes one.
    ['add admin Ada', dispatch({ type: 'admins.asked' })],
    ['remove admin Linus Lab', dispatch({ type: 'admins.asked' })],
    ['add Ada as an admin', dispatch({ type: 'admins.asked' })],
    ['remove Linus from the admins', dispatch({ type: 'admins.asked' })],
    // A maintenance under way given a new end: the same form, which changes it (the end said with `to` too).
    ['extend the maintenance of lab-2 until friday', started('maintenance_start', { testbed_id: '2', until: '2026-03-06 23:59' })],
    ["push lab-2's maintenance to monday 9am", started('maintenance_start', { testbed_id: '2', until: '2026-03-09 09:00' })],
    ['push back the maintenance on lab-2 to friday', started('maintenance_start', { testbed_id: '2', until: '2026-03-06 23:59' })],
    ['change lab-2 maintenance to friday', started('maintenance_start', { testbed_id: '2', until: '2026-03-06 23:59' })],
    ['keep lab-2 in maintenance until friday because parts are late', started('maintenance_start', { testbed_id: '2', until: '2026-03-06 23:59', reason: 'parts are late' })],
    ['lab-2 stays in maintenance until friday', started('maintenance_start', { testbed_id: '2', until: '2026-03-06 23:59' })],
    ['lab-2 maintenance will take until friday', started('maintenance_start', { testbed_id: '2', until: '2026-03-06 23:59' })],
    // No end known: the box left empty, which is what it means.
    ['maintenance lab-2 until further notice', started('maintenance_start', { testbed_id: '2', until: '' })],
    ['maintenance lab-2 until further notice for a rack move', started('maintenance_start', { testbed_id: '2', until: '', reason: 'a rack move' })],
    ["maintenance lab-2 until it's fixed", started('maintenance_start', { testbed_id: '2', until: '' })],
    ['add testbed lab-9', started('testbed_add', { testbed_name: 'lab-9' })],
    ['add a new testbed called Rack 7 switch', started('testbed_add', { testbed_name: 'Rack 7 switch' })],
    ['add testbed lab-9 with labels 5g and core', started('testbed_add', { testbed_name: 'lab-9', labels: '5g, core' })],
    ['add testbed lab-9 tagged wifi, iot described as Gateway bench', started('testbed_add', { testbed_name: 'lab-9', labels: 'wifi, iot', description: 'Gateway bench' })],
    ['add testbed Radio rack with the description second floor', started('testbed_add', { testbed_name: 'Radio rack', description: 'second floor' })],
    ['add testbed Labelled rig', started('testbed_add', { testbed_name: 'Labelled rig' })],
    ['add testbed labelled 5g', started('testbed_add', { testbed_name: 'labelled 5g' })],
    ['add testbed', started('testbed_add')],
    ['retire', started('testbed_retire')],
    ['force release', started('force_release')],
    ['maintenance', started('maintenance_start')],
    ['edit', started('testbed_edit')],
    ['edit lab-2', started('testbed_edit', { testbed_id: '2' })],
    ['edit testbed lab-1', started('testbed_edit', { testbed_id: '1' })],
    ['edit the labels of lab-2', started('testbed_edit', { testbed_id: '2' })],
    ['add label 5g to lab-2', started('testbed_edit', { testbed_id: '2', labels: 'core, 5g' })],
    ['add labels 5g and ran to lab-1', started('testbed_edit', { testbed_id: '1', labels: '5g, ran' })],
    ['add label CORE to lab-2', started('testbed_edit', { testbed_id: '2', labels: 'core' })],
    ['add label ran to Link to core', started('testbed_edit', { testbed_id: '3', labels: 'ran' })],
    ['label lab-1 as 5g', started('testbed_edit', { testbed_id: '1', labels: '5g' })],
    ['tag lab-2 with wifi, iot', started('testbed_edit', { testbed_id: '2', labels: 'core, wifi, iot' })],
    ['remove label core from lab-2', started('testbed_edit', { testbed_id: '2', labels: '' })],
    ['set the labels of lab-2 to 5g, ran', started('testbed_edit', { testbed_id: '2', labels: '5g, ran' })],
    ['labels of Link to core: 5g', started('testbed_edit', { testbed_id: '3', labels: '5g' })],
    ['describe lab-1 as Radio rack 2, shelf 4', started('testbed_edit', { testbed_id: '1', description: 'Radio rack 2, shelf 4' })],
    ['change the description of Link to core to Fibre to the core', started('testbed_edit', { testbed_id: '3', description: 'Fibre to the core' })],
    // Labels after the whole name with no word between; `untag` takes them off, or opens the form.
    ['label lab-1 5g and ran', started('testbed_edit', { testbed_id: '1', labels: '5g, ran' })],
    ['untag lab-2 core', started('testbed_edit', { testbed_id: '2', labels: '' })],
    ['unlabel lab-2', started('testbed_edit', { testbed_id: '2' })],
  ])('%j opens that form for the admin actor', (typed, decision) => {
    expect(route(text(typed), lab)).toEqual(decision);
  });

  it.each([
    ['take lab-2 away from Linus', started('force_release', { testbed_id: '2' })],
    ['take lab-2 away', started('force_release', { testbed_id: '2' })],
    ['kick Linus off lab-2', started('force_release', { testbed_id: '2' })],
    ['kick Linus Lab out of lab-2', started('force_release', { testbed_id: '2' })],
    ['free lab-2 from Linus', started('force_release', { testbed_id: '2' })],
    // A reason after the colleague fills in the form's reason.
    ['take lab-2 away from Linus because he left the team', started('force_release', { testbed_id: '2', reason: 'he left the team' })],
    ['take lab-2 away because the run hung', started('force_release', { testbed_id: '2', reason: 'the run hung' })],
  ])('%j opens the force release form on lab-2; the colleague named is not read, and a recording blanks it', (typed, decision) => {
    expect(route(text(typed), lab)).toEqual(decision);
    expect(isCommandText(typed, testbeds)).toBe(typed === 'take lab-2 away');
  });

  it.each([
    ['take lab-2 out of service', started('maintenance_start', { testbed_id: '2' })],
    ['take lab-2 offline until tomorrow 9am because of new cables', started('maintenance_start', { testbed_id: '2', until: '2026-03-03 09:00', reason: 'new cables' })],
    // A zone typed with the time: 9:00 UTC is 10:00 on the display zone's clock (Berlin), where the form reads it.
    ['take lab-2 offline until tomorrow 9am UTC', started('maintenance_start', { testbed_id: '2', until: '2026-03-03 10:00' })],
    // The reason straight after the end, with no word between (or a comma, a dash).
    ['lab-2 maintenance until 5pm new cables', started('maintenance_start', { testbed_id: '2', until: '2026-03-02 17:00', reason: 'new cables' })],
    ['maintenance lab-2 until friday, rack move', started('maintenance_start', { testbed_id: '2', until: '2026-03-06 23:59', reason: 'rack move' })],
    ['maintenance lab-2 until tomorrow 9am - new psu', started('maintenance_start', { testbed_id: '2', until: '2026-03-03 09:00', reason: 'new psu' })],
    // How long it lasts is its end (11:00 in Berlin now); the reason follows `because`.
    ['maintenance lab-2 for 2 hours', started('maintenance_start', { testbed_id: '2', until: '2026-03-02 13:00' })],
    ['take lab-2 offline for 2 hours because of the fan', started('maintenance_start', { testbed_id: '2', until: '2026-03-02 13:00', reason: 'the fan' })],
    ['put lab-2 into maintenance for the afternoon because of new cables', started('maintenance_start', { testbed_id: '2', until: '2026-03-02 17:00', reason: 'new cables' })],
    ['maintenance lab-2 for a rack move', started('maintenance_start', { testbed_id: '2', reason: 'a rack move' })],
    ['put lab-2 back in service', started('maintenance_end', { testbed_id: '2' })],
    ['bring lab-1 back online', started('maintenance_end', { testbed_id: '1' })],
    ['lab-2 is back in service', started('maintenance_end', { testbed_id: '2' })],
    ['delete lab-1', started('testbed_retire', { testbed_id: '1' })],
    ['remove Link to core', started('testbed_retire', { testbed_id: '3' })],
    ['lab-2 down for maintenance', started('maintenance_start', { testbed_id: '2' })],
    ['lab-2 is offline for maintenance until tomorrow 9am', started('maintenance_start', { testbed_id: '2', until: '2026-03-03 09:00' })],
    ['Link to core is going down for maintenance', started('maintenance_start', { testbed_id: '3' })],
  ])('%j opens that admin form on the testbed', (typed, decision) => {
    expect(route(text(typed), lab)).toEqual(decision);
  });

  it.each([
    ['take lab-2 out of maintenance', started('maintenance_end', { testbed_id: '2' })],
    ['change the name of lab-1 to lab-1b', started('testbed_rename', { testbed_id: '1', testbed_name: 'lab-1b' })],
    ["change lab-1's name to lab-1b", started('testbed_rename', { testbed_id: '1', testbed_name: 'lab-1b' })],
    ['remove the core label from lab-2', started('testbed_edit', { testbed_id: '2', labels: '' })],
    ['add the 5g tag to lab-2', started('testbed_edit', { testbed_id: '2', labels: 'core, 5g' })],
    ['set lab-2 labels to 5g, ran', started('testbed_edit', { testbed_id: '2', labels: '5g, ran' })],
    ["change lab-1's description to Radio rack 2", started('testbed_edit', { testbed_id: '1', description: 'Radio rack 2' })],
    // The reason after the testbed's whole name, with no word before it.
    ['force release lab-2 Linus left', started('force_release', { testbed_id: '2', reason: 'Linus left' })],
    ['force release lab-2, the run hung', started('force_release', { testbed_id: '2', reason: 'the run hung' })],
    ['force release Link to core stuck', started('force_release', { testbed_id: '3', reason: 'stuck' })],
  ])('%j, said another way, opens that admin form', (typed, decision) => {
    expect(route(text(typed), lab)).toEqual(decision);
  });

  it('a reason typed with a force release, or a new name, is a person’s words: a recording blanks them', () => {
    for (const typed of ['force release lab-2 Linus left', 'change the name of lab-1 to lab-1b']) expect(isCommandText(typed, testbeds), typed).toBe(false);
    expect(isCommandText('take lab-2 out of maintenance', testbeds)).toBe(true);
    // Words about a booking, or a name no testbed has, are no rename.
    const purpose = route(text('change the name of my booking to the soak'), lab);
    expect(purpose.kind === 'dispatch' ? purpose.targets.map((target) => target.event) : purpose).toEqual([{ type: 'purpose.started', purpose: 'the soak' }]);
    expect(route(text('change the name of the game'), lab)).toMatchObject({ kind: 'reply', view: { kind: 'hint' } });
  });

  it.each([
    ['add lab-9', started('testbed_add', { testbed_name: 'lab-9' })],
    ['create TB-05 with label 5g', started('testbed_add', { testbed_name: 'TB-05', labels: '5g' })],
    ['add rig_7 described as Gateway bench', started('testbed_add', { testbed_name: 'rig_7', description: 'Gateway bench' })],
  ])('%j (a name like a testbed’s, which the lab has not) opens the add form, and a recording blanks the new name', (typed, decision) => {
    expect(route(text(typed), lab)).toEqual(decision);
    expect(isCommandText(typed, testbeds)).toBe(false);
  });

  it('add with a testbed the lab has, a length or no name like a testbed’s is no new testbed', () => {
    const eventOf = (typed: string) => {
      const decision = route(text(typed), lab);
      return decision.kind === 'dispatch' ? decision.targets[0].event : decision;
    };
    expect(eventOf('add 2h')).toEqual({ type: 'mine.requested', extendMinutes: 120 });
    expect(eventOf('add 1.5h')).toEqual({ type: 'mine.requested', extendMinutes: 90 });
    expect(eventOf('add lab-2')).toMatchObject({ kind: 'reply', view: { kind: 'hint' } });
    expect(eventOf('add milk')).toEqual({ kind: 'reply', view: { kind: 'hint' } });
  });

  it('those words about something that is no testbed stay what they were', () => {
    expect(route(text('free beer from the fridge'), lab)).toEqual({ kind: 'reply', view: { kind: 'hint' } });
    expect(route(text('remove the clutter'), lab)).toEqual({ kind: 'reply', view: { kind: 'hint' } });
    const eventOf = (typed: string) => {
      const decision = route(text(typed), lab);
      return decision.kind === 'dispatch' ? decision.targets[0].event : decision;
    };
    expect(eventOf('delete my booking')).toEqual({ type: 'release.started' });
    // `take lab-2` still books it; `put lab-2 back` is no admin's task.
    expect(eventOf('take lab-2')).toEqual({ type: 'registration.started', testbedName: 'lab-2' });
    expect(route(text('put lab-2 back'), lab)).toMatchObject({ kind: 'reply', view: { kind: 'hint' } });
  });

  it('maintenance with an end and a reason fills both in: the end on the display zone’s clock when it reads as a time, else as typed', () => {
    // NOW is a Monday, 10:00 UTC.
    const at = (timeZone: string) => ({ ...lab, timeZone });
    expect(route(text('maintenance lab-2 until friday 17:00 for a rack move'), lab)).toEqual(
      started('maintenance_start', { testbed_id: '2', until: '2026-03-06 17:00', reason: 'a rack move' }),
    );
    expect(route(text('put lab-2 into maintenance until tomorrow 9am'), at('Europe/Berlin'))).toEqual(started('maintenance_start', { testbed_id: '2', until: '2026-03-03 09:00' }));
    expect(route(text('maintenance on lab-1 because the fan is loud'), lab)).toEqual(started('maintenance_start', { testbed_id: '1', reason: 'the fan is loud' }));
    expect(route(text('maintenance lab-2 until the end of the sprint'), lab)).toEqual(started('maintenance_start', { testbed_id: '2', until: 'the end of the sprint' }));
    // A testbed whose name holds `for` is still found whole.
    const named = { ...lab, testbeds: [...testbeds, { id: 4, testbed_name: 'Rig for soak' }] };
    expect(route(text('maintenance Rig for soak for new cables'), named)).toEqual(started('maintenance_start', { testbed_id: '4', reason: 'new cables' }));
    // The reason and the end are a person's words: a recording blanks them.
    expect(isCommandText('maintenance lab-2 until friday for a rack move', testbeds)).toBe(false);
    expect(isCommandText('force release lab-2 because the nightly run hung', testbeds)).toBe(false);
    expect(isCommandText('force release lab-2', testbeds)).toBe(true);
  });

  it('`lab-2 is fixed` ends its maintenance while it is under maintenance; of a testbed in service it is news (the hint)', () => {
    const down = { ...lab, testbeds: testbeds.map((record) => ({ ...record, status: 'available' as const, maintenance: record.id === 2 ? { since: NOW, reason: 'fan', until: null, by: { email: 'ada@x', name: 'Ada' } } : null })) };
    for (const typed of ['lab-2 is fixed', 'lab-2 works again', 'lab-2 is back', 'lab-2 has been repaired', 'lab-2 is up again']) {
      expect(route(text(typed), down), typed).toEqual(started('maintenance_end', { testbed_id: '2' }, 'fixed'));
    }
    expect(route(text('lab-1 is fixed'), down)).toEqual({ kind: 'reply', view: { kind: 'hint', testbedId: 1 } });
    expect(route(text('the build is fixed'), down)).toEqual({ kind: 'reply', view: { kind: 'hint' } });
    // Said as a task, it is one whatever the testbed's state (the form says when there is nothing to end).
    expect(route(text('bring lab-1 back'), down)).toEqual(started('maintenance_end', { testbed_id: '1' }));
    expect(route(text('enable lab-1'), down)).toEqual(started('maintenance_end', { testbed_id: '1' }));
    expect(route(text('disable lab-1'), down)).toEqual(started('maintenance_start', { testbed_id: '1' }));
    for (const typed of ['bring the cake back', 'enable notifications', 'label the rack 5g', 'Linus is back']) {
      expect(route(text(typed), down), typed).toEqual({ kind: 'reply', view: { kind: 'hint' } });
    }
    // Reminders are a holder's, not a testbed's: their bookings, where Done by and Release settle them.
    const reminders = route(text('disable reminders'), down);
    expect(reminders.kind === 'dispatch' ? reminders.targets[0].event : reminders).toEqual({ type: 'mine.requested' });
  });

  it('said of a testbed under maintenance: when it will be back is a new end, that it takes longer the form for one, that it is ready its end', () => {
    const down = { ...lab, testbeds: testbeds.map((record) => ({ ...record, status: 'available' as const, maintenance: record.id === 2 ? { since: NOW, reason: 'fan', until: null, by: { email: 'ada@x', name: 'Ada' } } : null })) };
    const friday = { testbed_id: '2', until: '2026-03-06 23:59' };
    for (const [typed, values] of [
      ['lab-2 will be back on friday', friday],
      ['lab-2 back by friday', friday],
      ['lab-2 expected back friday', friday],
      ['lab-2 maintenance extended to friday', friday],
      ['set lab-2 expected back to friday', friday],
      ['lab-2 needs another day', { testbed_id: '2' }],
      ['lab-2 maintenance is taking longer', { testbed_id: '2' }],
      ['the maintenance on lab-2 is taking longer than expected', { testbed_id: '2' }],
      ['more time for lab-2 maintenance', { testbed_id: '2' }],
    ] as const) {
      expect(route(text(typed), down), typed).toEqual(started('maintenance_start', values));
    }
    // Back now, rather than later: its end (news from anybody, as `lab-2 is fixed`).
    for (const typed of ['lab-2 is ready', 'lab-2 ready for use', 'lab-2 can be used again']) expect(route(text(typed), down), typed).toEqual(started('maintenance_end', { testbed_id: '2' }, 'fixed'));
    expect(route(text('lab-2 is back in service'), down)).toEqual(started('maintenance_end', { testbed_id: '2' }));
    // Back soon is no time: nothing to fill in.
    expect(route(text('lab-2 will be back soon'), down)).toMatchObject({ kind: 'reply', view: { kind: 'hint' } });
    // Of a testbed in service, none of that is about maintenance.
    for (const typed of ['lab-1 will be back on friday', 'lab-1 needs another day', 'lab-1 is ready']) expect(route(text(typed), down), typed).toMatchObject({ kind: 'reply', view: { kind: 'hint' } });
  });

  it('`it` in a 1:1 room is the testbed a notice there was about: `it is fixed` ends its maintenance, `it will be back on friday` gives it a new end', () => {
    const down = { ...lab, recentTestbedId: 2, testbeds: testbeds.map((record) => ({ ...record, status: 'available' as const, maintenance: record.id === 2 ? { since: NOW, reason: 'fan', until: null, by: { email: 'ada@x', name: 'Ada' } } : null })) };
    const inDm = (typed: string) => route(text(typed, DM, 'direct'), down);
    const startedInDm = (task: string, values: Record<string, string>, news?: 'fixed') => dispatch({ type: 'admin.formRequested', task, values, ...(news ? { news } : {}) }, DM);
    for (const typed of ["it's fixed", 'it works again', "it's back"]) expect(inDm(typed), typed).toEqual(startedInDm('maintenance_end', { testbed_id: '2' }, 'fixed'));
    expect(inDm('it will be back on friday')).toEqual(startedInDm('maintenance_start', { testbed_id: '2', until: '2026-03-06 23:59' }));
    expect(inDm('its maintenance is taking longer')).toEqual(startedInDm('maintenance_start', { testbed_id: '2' }));
    // With nothing noticed or asked about lately, `it` names nothing: where the bot answers.
    expect(route(text("it's fixed", DM, 'direct'), { ...down, recentTestbedId: undefined })).toEqual({ kind: 'reply', view: { kind: 'directOnly' } });
  });

  it('maintenance said for later cannot be set: the answer says how to plan it, whatever the testbed is doing', () => {
    for (const typed of [
      'schedule maintenance for lab-2 on saturday',
      'plan maintenance on lab-2 next week',
      'lab-2 will be down tomorrow',
      'lab-2 goes down for maintenance at 6pm',
      'lab-2 will be offline this weekend',
      'maintenance on lab-2 tomorrow from 9 to 12',
      'maintenance lab-2 tomorrow',
      'put lab-2 into maintenance on saturday',
      'schedule maintenance for Link to core on saturday',
    ]) {
      expect(route(text(typed), lab), typed).toEqual({ kind: 'reply', view: { kind: 'maintenanceAhead', testbedId: typed.includes('Link') ? 3 : 2 } });
    }
    // Now, until a time: started now, as before.
    expect(route(text('put lab-2 into maintenance until monday'), lab)).toEqual(started('maintenance_start', { testbed_id: '2', until: '2026-03-02 23:59' }));
    expect(route(text('maintenance on lab-2 until friday'), lab)).toEqual(started('maintenance_start', { testbed_id: '2', until: '2026-03-06 23:59' }));
    for (const typed of ['schedule a meeting for lab-2', 'I will be down tomorrow', 'schedule maintenance for the car on saturday']) expect(route(text(typed), lab), typed).toMatchObject({ kind: 'reply', view: { kind: 'hint' } });
  });

  it('taking a testbed down is maintenance; finishing it, or releasing it from maintenance, its end', () => {
    expect(route(text('take lab-2 down'), lab)).toEqual(started('maintenance_start', { testbed_id: '2' }));
    expect(route(text('take lab-2 down for maintenance until friday because of the fan'), lab)).toEqual(started('maintenance_start', { testbed_id: '2', until: '2026-03-06 23:59', reason: 'the fan' }));
    expect(route(text('shut down lab-2'), lab)).toEqual(started('maintenance_start', { testbed_id: '2' }));
    for (const typed of ["I'm done with the maintenance on lab-2", 'finished maintenance on lab-2', 'release lab-2 from maintenance']) {
      expect(route(text(typed), lab), typed).toEqual(started('maintenance_end', { testbed_id: '2' }));
    }
    // `take lab-2` alone, or for a while, still books it.
    expect(route(text('take lab-2'), lab)).toMatchObject({ kind: 'dispatch', targets: [{ event: { type: 'registration.started', testbedName: 'lab-2' } }] });
  });

  it('a sentence about something that is no testbed is no admin task: the hint, not the admin card', () => {
    for (const typed of ['the build is back online', 'maintenance is over', 'maintenance done', 'maintenance window is next week', 'take the dog offline', 'put the kettle back online', 'stop maintenance planning for now']) {
      expect(route(text(typed), lab), typed).toMatchObject({ kind: 'reply', view: { kind: 'hint' } });
    }
    // A single word after `maintenance` is an admin naming a testbed: the form says whether the lab has it.
    expect(route(text('maintenance lab-9'), lab)).toMatchObject({ kind: 'dispatch', targets: [{ event: { type: 'admin.invalid', task: 'maintenance_start' } }] });
  });

  it('a label to take away that the testbed does not have is named under the labels box; other words are no edit', () => {
    expect(route(text('remove labels wifi and core from lab-2'), lab)).toEqual(
      dispatch({ type: 'admin.invalid', task: 'testbed_edit', errors: { labels: 'lab-2 has no label “wifi”, so there is nothing to take away.' }, values: { testbed_id: '2', labels: '' } }),
    );
    expect(route(text('add label 5g to lab-9'), lab)).toEqual(
      dispatch({ type: 'admin.invalid', task: 'testbed_edit', errors: { testbed_id: 'No testbed is called “lab-9”. Choose it from the list.' }, values: {} }),
    );
    // `edit` and words that name no testbed are no admin's edit (`edit my booking` shows their bookings); `edit testbed lab9` is, with the slip named.
    expect(route(text('edit my booking'), lab)).toMatchObject({ kind: 'dispatch', targets: [{ event: { type: 'mine.requested' } }] });
    expect(route(text('edit lab9'), lab)).toMatchObject({ kind: 'reply', view: { kind: 'hint' } });
    expect(route(text('edit testbed lab9'), lab)).toEqual(
      dispatch({ type: 'admin.invalid', task: 'testbed_edit', errors: { testbed_id: 'No testbed is called “lab9”. Choose it from the list.' }, values: {} }),
    );
    // `describe lab-2` and `labels of lab-2` ask about it (its row shows both); `tag` alone is no task.
    expect(route(text('describe lab-2'), lab)).toEqual({ kind: 'dispatch', targets: [{ key: flowKey('conversation', LAB, ADA), event: { type: 'status.requested', label: 'lab-2' } }] });
    expect(route(text('labels of lab-2'), lab)).toMatchObject({ kind: 'dispatch', targets: [{ event: { type: 'status.requested', label: 'lab-2' } }] });
    expect(route(text('tag'), lab)).toEqual({ kind: 'reply', view: { kind: 'hint' } });
    // Labels and descriptions typed are a person's words: a recording blanks them; `edit lab-1` is lab data.
    expect(isCommandText('describe lab-1 as Project Falcon bench', testbeds)).toBe(false);
    expect(isCommandText('edit lab-1', testbeds)).toBe(true);
  });

  it('kick off and take a look are no force release', () => {
    expect(route(text('kick off the soak on lab-2'), lab)).toMatchObject({ kind: 'reply' });
    expect(route(text('take a look'), lab)).toEqual({ kind: 'reply', view: { kind: 'hint' } });
  });

  it('a name no testbed has is named under the picker, with the one meant', () => {
    expect(route(text('retire lab-1x'), lab)).toEqual(
      dispatch({ type: 'admin.invalid', task: 'testbed_retire', errors: { testbed_id: 'No testbed is called “lab-1x”. Did you mean lab-1? Choose it from the list.' }, values: {} }),
    );
    expect(route(text('rename lab-9 to lab-10'), lab)).toEqual(
      dispatch({ type: 'admin.invalid', task: 'testbed_rename', errors: { testbed_id: 'No testbed is called “lab-9”. Choose it from the list.' }, values: { testbed_name: 'lab-10' } }),
    );
    expect(route(text('force release lab'), lab)).toEqual(
      dispatch({ type: 'admin.invalid', task: 'force_release', errors: { testbed_id: 'More than one testbed starts with “lab”: choose it from the list.' }, values: {} }),
    );
  });

  it('works in a 1:1 room that is not approved, where the admin actor checks the profile', () => {
    expect(route(text('force release lab-2', DM, 'direct'), lab)).toEqual(dispatch({ type: 'admin.formRequested', task: 'force_release', values: { testbed_id: '2' } }, DM));
    expect(route(text('retire lab-1', OTHER_GROUP), lab)).toEqual({ kind: 'ignore', reason: 'unapproved_room' });
  });

  it('recordings keep a task on a testbed the lab has, and blank a new name', () => {
    expect(isCommandText('retire lab-1', testbeds)).toBe(true);
    expect(isCommandText('force release', testbeds)).toBe(true);
    expect(isCommandText('retire the old rack in the basement', testbeds)).toBe(false);
    expect(isCommandText('add testbed Project Falcon rig', testbeds)).toBe(false);
    expect(isCommandText('rename lab-1 to Project Falcon', testbeds)).toBe(false);
  });
});
