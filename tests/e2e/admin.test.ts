/**
 * Running the lab from chat, end to end over the emulator with the real app and real files: only
 * the people in ADMINS get the admin card (checked against their profile), a forged admin action
 * from anyone else changes neither the document nor the history, and each admin task changes the
 * testbed document, appends its history line and tells the admin what happened.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { EmuMessage, EmuPerson } from '../../src/platform/emulator/api.js';
import { ask, availableTestbed, buttonTitles, click, seenCard, startHarness, type Harness } from '../support/harness.js';
import { fieldErrorText, input } from '../support/form-card.js';
import type { LifecycleEntry, TestbedRecord } from '../../src/domain.js';

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

function booked(id: number, name: string, who: EmuPerson): TestbedRecord {
  return {
    id,
    testbed_name: name,
    status: 'in_use',
    user_email: who.emails[0],
    user_name: who.displayName,
    registered_time: iso(Date.now() - 2 * HOUR),
    purpose: 'soak test',
    expected_release_time: iso(Date.now() + 5 * HOUR),
  };
}

let h: Harness;
afterEach(async () => {
  await h?.close();
});

/** Linus is the lab's admin; Ada is not. */
async function start(testbeds?: (people: { ada: EmuPerson }) => TestbedRecord[], lifecycle?: LifecycleEntry[]) {
  h = await startHarness({ env: { ADMINS: 'LINUS@example.com' } });
  if (testbeds) {
    await writeFile(h.testbedPath, JSON.stringify({ testbeds: testbeds({ ada: h.ada }) }, null, 2));
    if (lifecycle) await writeFile(join(h.dir, 'lifecycle.json'), JSON.stringify({ lifecycle }));
    await h.restart();
  }
}

const historyPath = () => join(h.dir, 'history.jsonl');

async function historyLines(): Promise<Array<Record<string, unknown>>> {
  const text = await readFile(historyPath(), 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

async function testbedFile(): Promise<string> {
  return readFile(h.testbedPath, 'utf8');
}

/** The admin card, then the task's form through its button, then the form submitted with `inputs`. */
async function runTask(task: string, title: string, inputs: Record<string, string>): Promise<EmuMessage> {
  const card = await ask(h, h.linus, h.lab, 'admin');
  const form = await click(h, h.linus, card, title);
  return click(h, h.linus, form, task, inputs);
}

describe('who may use the admin card', () => {
  it('tells a non-admin politely, in the room and in a 1:1 room, and shows an admin the card there too', async () => {
    await start();
    const refusal = await ask(h, h.ada, h.lab, 'admin');
    expect(seenCard(refusal).texts).toEqual([
      'For the lab’s admins',
      'Sorry, the admin card is only for the lab’s admins, so nothing was changed.',
      'If a testbed needs adding, fixing or freeing, please ask one of them (type who are the admins in a lab room).',
    ]);
    expect(JSON.stringify(refusal)).not.toContain('linus@example.com');

    const linusDm = h.emu.directRoom(h.linus.id, h.bot.id);
    const card = await ask(h, h.linus, linusDm, 'admin');
    expect(seenCard(card).heading).toBe('Lab admin');
    expect(seenCard(card).texts[1]).toBe('3 testbeds: 0 in use, 0 under maintenance, 3 free.');
    const adaDm = h.emu.directRoom(h.ada.id, h.bot.id);
    expect(seenCard(await ask(h, h.ada, adaDm, 'admin')).heading).toBe('For the lab’s admins');

    // Whom to ask: named in a lab room, to anybody there; a 1:1 room (open to anyone on the platform) names nobody.
    const admins = await ask(h, h.ada, h.lab, 'who are the admins?');
    expect(seenCard(admins).heading).toBe('The lab’s admins');
    expect(seenCard(admins).texts[1]).toBe('Admins: linus@example.com.');
    expect(seenCard(admins).texts[2]).toBe('You are not one of them. To become one, ask whoever runs the bot to add your email to its ADMINS setting.');
    expect(seenCard(await ask(h, h.linus, h.lab, 'am I an admin?')).texts[2]).toBe('You are one of them.');
    expect(JSON.stringify(await ask(h, h.ada, adaDm, 'who are the admins?'))).not.toContain('linus@example.com');
    expect(seenCard(card).texts).toContain('Admins: linus@example.com.');
  });

  it('a non-admin forging every admin action changes nothing: same file, no history line', async () => {
    await start((people) => [availableTestbed(1, 'lab-1'), booked(2, 'lab-2', people.ada), availableTestbed(3, 'lab-3')]);
    const before = await testbedFile();
    const refusal = await ask(h, h.ada, h.lab, 'admin');
    const forgeries: Array<Record<string, string>> = [
      { action: 'admin_form', form: 'testbed_add' },
      { action: 'testbed_add', testbed_name: 'lab-evil', labels: '', description: '' },
      { action: 'testbed_rename', testbed_id: '1', testbed_name: 'lab-evil' },
      { action: 'testbed_retire', testbed_id: '1' },
      { action: 'maintenance_start', testbed_id: '1', reason: 'forged', until: '' },
      { action: 'maintenance_end', testbed_id: '1' },
      { action: 'force_release', testbed_id: '2', reason: 'forged', user_email: 'linus@example.com' },
    ];
    for (const inputs of forgeries) {
      const since = h.emu.messageCount();
      h.emu.submitRaw({ personId: h.ada.id, messageId: refusal.id, inputs });
      const reply = await h.emu.waitForMessage((m) => m.roomId === h.lab.id && m.personId === h.bot.id, { since, timeoutMs: 10_000 });
      expect(seenCard(reply).heading, inputs.action).toBe('For the lab’s admins');
    }
    await h.app.idle();
    expect(await testbedFile()).toBe(before);
    expect(await historyLines()).toEqual([]);
    // Nobody was told their booking ended.
    expect(h.emu.messages({ roomId: h.emu.directRoom(h.ada.id, h.bot.id).id }).filter((m) => m.personId === h.bot.id)).toEqual([]);
  });
});

describe('an admin runs the lab', () => {
  it('adds a testbed: the file has the record, the history an `added` line; a name taken ignoring case comes back', async () => {
    await start();
    const form = await click(h, h.ada, await ask(h, h.ada, h.lab, 'testbed'), 'register');
    const book = { testbed_id: '4', purpose: 'soak', release_choice: '1h' };
    const early = await click(h, h.ada, form, 'register_submit', book);
    expect(seenCard(early).texts).toContain('That testbed is not in the list any more. Please choose another one.');
    const added = await runTask('testbed_add', 'Add', { testbed_name: 'lab-4', labels: '5g, rack-2', description: 'Rack 2, slot 4' });
    expect(seenCard(added).heading).toBe('Added: lab-4');
    expect(seenCard(added).facts).toMatchObject({ Id: '4', Labels: '5g, rack-2', Description: 'Rack 2, slot 4' });
    const record = (await h.readTestbeds()).find((candidate) => candidate.id === 4);
    expect(record).toMatchObject({ testbed_name: 'lab-4', status: 'available', labels: ['5g', 'rack-2'], description: 'Rack 2, slot 4' });
    const lines = await historyLines();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ event: 'added', testbed_id: 4, testbed_name: 'lab-4', by: { email: 'linus@example.com', name: 'Linus Lab' }, labels: ['5g', 'rack-2'] });
    expect(lines[0].at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);

    const before = await testbedFile();
    const again = await runTask('testbed_add', 'Add', { testbed_name: 'LAB-4', labels: '', description: '' });
    expect(seenCard(again).heading).toBe('Add a testbed');
    expect(seenCard(again).texts).toContain('Another testbed is already called lab-4 (names are compared ignoring case). Choose another name.');
    expect(await testbedFile()).toBe(before);
    expect(await historyLines()).toHaveLength(1);
    // The form that was refused before now books the new testbed: the ids a form may name follow the lab.
    expect(seenCard(await click(h, h.ada, form, 'register_submit', book)).heading).toBe('Booked: lab-4');
  });

  it('names every problem of a form and keeps what was typed; nothing is written', async () => {
    await start();
    const card = await ask(h, h.linus, h.lab, 'admin');
    const form = await click(h, h.linus, card, 'Start');
    const since = h.emu.messageCount();
    h.emu.submitRaw({ personId: h.linus.id, messageId: form.id, inputs: { action: 'maintenance_start', testbed_id: '1', reason: '', until: '2020-01-01 10:00' } });
    const back = await h.emu.waitForMessage((m) => m.roomId === h.lab.id && m.personId === h.bot.id, { since, timeoutMs: 10_000 });
    const seen = seenCard(back);
    expect(seen.heading).toBe('Start maintenance');
    expect(seen.texts).toContain('Say why it goes into maintenance (people will see the reason).');
    expect(seen.texts).toContain('That time has already passed. Give a time in the future, or leave it empty.');
    expect(JSON.stringify(back.attachments?.[0]?.content)).toContain('"value":"2020-01-01 10:00"');
    expect(await historyLines()).toEqual([]);
  });

  it('renames and retires: status shows the new name, then no longer the retired testbed', async () => {
    await start();
    const renamed = await runTask('testbed_rename', 'Rename', { testbed_id: '2', testbed_name: 'lab-2b' });
    expect(seenCard(renamed).heading).toBe('Renamed: lab-2 → lab-2b');
    expect((await h.readTestbeds()).find((record) => record.id === 2)?.testbed_name).toBe('lab-2b');

    const retired = await runTask('testbed_retire', 'Retire', { testbed_id: '3' });
    expect(seenCard(retired).heading).toBe('Retired: lab-3');
    expect((await h.readTestbeds()).map((record) => record.id)).toEqual([1, 2]);
    const status = await ask(h, h.ada, h.lab, 'status');
    const rows = seenCard(status).texts.join('\n');
    expect(rows).toContain('lab-2b');
    expect(rows).not.toContain('lab-3');
    expect((await historyLines()).map((line) => [line.event, line.testbed_id])).toEqual([
      ['renamed', 2],
      ['retired', 3],
    ]);
    expect((await historyLines())[0]).toMatchObject({ previous_name: 'lab-2', testbed_name: 'lab-2b' });
  });

  it('edits labels and a description: typed with the testbed, one press; from the admin card, the testbed first; status reads them at once', async () => {
    await start((people) => [availableTestbed(1, 'lab-1'), booked(2, 'lab-2', people.ada), availableTestbed(3, 'lab-3')]);
    const typed = await ask(h, h.linus, h.lab, 'add labels 5g and core to lab-2');
    expect(seenCard(typed).heading).toBe('Edit lab-2');
    expect(seenCard(typed).texts[1]).toBe('Now: no labels; no description.');
    expect((input(typed, 'labels') as { value?: string }).value).toBe('5g, core');
    const saved = await click(h, h.linus, typed, 'Save');
    expect(seenCard(saved).heading).toBe('Saved: lab-2');
    expect(seenCard(saved).facts).toEqual({ Labels: '5g, core (was: none)', Description: 'none' });
    // The booking stays Ada's; the label counts at once.
    expect((await h.readTestbeds()).find((record) => record.id === 2)).toMatchObject({ status: 'in_use', user_email: 'ada@example.com', labels: ['5g', 'core'] });
    const byLabel = seenCard(await ask(h, h.ada, h.lab, 'status 5g'));
    expect(byLabel.texts.filter((text) => text.startsWith('● '))).toEqual(['● lab-2 · In use']);

    const choose = await click(h, h.linus, await ask(h, h.linus, h.lab, 'admin'), 'Edit');
    expect(seenCard(choose).heading).toBe('Edit a testbed');
    expect(seenCard(choose).choices('testbed_id')).toEqual(['lab-1', 'lab-2 (5g, core)', 'lab-3']);
    const form = await click(h, h.linus, choose, 'Next', { testbed_id: '3' });
    expect(seenCard(form).heading).toBe('Edit lab-3');
    const described = await click(h, h.linus, form, 'Save', { labels: 'wifi', description: 'Radio rack 2, shelf 4' });
    expect(seenCard(described).facts).toEqual({ Labels: 'wifi (was: none)', Description: 'Radio rack 2, shelf 4 (was: none)' });
    const who = seenCard(await ask(h, h.ada, h.lab, 'who has lab-3?'));
    expect(who.texts).toContain('Radio rack 2, shelf 4');
    // Pressed again: nothing to save. A bad label comes back on the form, as typed.
    const before = await testbedFile();
    expect(seenCard(await click(h, h.linus, form, 'Save', { labels: 'wifi', description: 'Radio rack 2, shelf 4' })).texts).toEqual([
      'Nothing was changed',
      'lab-3 already has these labels and this description.',
    ]);
    const bad = await click(h, h.linus, form, 'Save', { labels: 'wifi, r@n', description: '' });
    expect(seenCard(bad).heading).toBe('Edit lab-3');
    expect(seenCard(bad).texts.at(-1)).toMatch(/^Labels may use only letters, digits, .*; "r@n" is not one\.$/);
    expect((input(bad, 'labels') as { value?: string }).value).toBe('wifi, r@n');
    expect(await testbedFile()).toBe(before);
    // Ada forging the press changes nothing.
    const since = h.emu.messageCount();
    h.emu.submitRaw({ personId: h.ada.id, messageId: form.id, inputs: { action: 'testbed_edit', testbed_id: '3', labels: '', description: '' } });
    const refused = await h.emu.waitForMessage((m) => m.roomId === h.lab.id && m.personId === h.bot.id, { since, timeoutMs: 10_000 });
    expect(seenCard(refused).heading).toBe('For the lab’s admins');
    await h.app.idle();
    expect(await testbedFile()).toBe(before);
    expect((await historyLines()).map((line) => [line.event, line.testbed_id, line.labels, line.previous_labels])).toEqual([
      ['edited', 2, ['5g', 'core'], []],
      ['edited', 3, ['wifi'], []],
    ]);
    expect((await historyLines())[1]).toMatchObject({ description: 'Radio rack 2, shelf 4', previous_description: null, by: { email: 'linus@example.com' } });
  });

  it('a free testbed given a label somebody waits for is held for them: Ada, waiting for any 5g, is offered lab-2 in her 1:1 room', async () => {
    const linus = { emails: ['linus@example.com'], displayName: 'Linus Lab' } as EmuPerson;
    await start(() => [{ ...booked(1, 'lab-1', linus), labels: ['5g'] }, availableTestbed(2, 'lab-2')]);
    const waiting = await ask(h, h.ada, h.lab, 'wait any 5g');
    expect(seenCard(waiting).heading).toBe('Waiting for any 5g');
    const adaDm = h.emu.directRoom(h.ada.id, h.bot.id);
    const since = h.emu.messageCount();
    const saved = await click(h, h.linus, await ask(h, h.linus, h.lab, 'add label 5g to lab-2'), 'Save');
    expect(seenCard(saved).heading).toBe('Saved: lab-2');
    expect(seenCard(saved).texts).toContain('It is held for Ada Ops, who was waiting for any 5g; they have a message with Book it.');
    const offer = await h.emu.waitForMessage((m) => m.roomId === adaDm.id && m.personId === h.bot.id, { since, timeoutMs: 10_000 });
    expect(seenCard(offer).heading).toBe('lab-2 is free: it is yours if you want it');
    expect(seenCard(offer).texts.join(' ')).toContain('You waited for any 5g');
    expect(buttonTitles(offer)).toEqual(['Book it', 'No thanks']);
    // Held for her: Linus cannot book it meanwhile.
    expect(seenCard(await ask(h, h.linus, h.lab, 'book lab-2')).heading).toBe('lab-2 is held');
  });

  it('a label taken off a testbed: Ada, waiting for any 5g, leaves its queue and is told in her 1:1 room where she still waits', async () => {
    const linus = { emails: ['linus@example.com'], displayName: 'Linus Lab' } as EmuPerson;
    await start(() => [{ ...booked(1, 'lab-1', linus), labels: ['5g'] }, { ...booked(2, 'lab-2', linus), labels: ['5g', 'core'] }]);
    expect(seenCard(await ask(h, h.ada, h.lab, 'wait any 5g')).heading).toBe('Waiting for any 5g');
    const adaDm = h.emu.directRoom(h.ada.id, h.bot.id);
    const since = h.emu.messageCount();
    const saved = await click(h, h.linus, await ask(h, h.linus, h.lab, 'remove label 5g from lab-2'), 'Save');
    expect(seenCard(saved).heading).toBe('Saved: lab-2');
    expect(seenCard(saved).texts).toContain('1 person waiting for any testbed of a label it no longer carries left its queue; I told them.');
    const told = await h.emu.waitForMessage((m) => m.roomId === adaDm.id && m.personId === h.bot.id, { since, timeoutMs: 10_000 });
    expect(seenCard(told).heading).toBe('lab-2 no longer carries 5g');
    expect(seenCard(told).texts).toContain('You still wait for any 5g in the queue of lab-1.');
    const queues = seenCard(await ask(h, h.ada, h.lab, 'my queues')).texts;
    expect(queues).toContain('You are #1 for lab-1 (waiting for any 5g).');
    expect(queues.join(' ')).not.toContain('lab-2');
  });

  it('a problem reported: Ada types lab-2 is broken, presses Tell the admins; Linus gets it with Start maintenance, filled in', async () => {
    await start();
    const form = await ask(h, h.ada, h.lab, 'lab-2 is broken: no power on slot 2');
    expect(seenCard(form).heading).toBe('Report a problem with lab-2');
    expect((input(form, 'problem') as { value?: string }).value).toBe('lab-2 is broken: no power on slot 2');
    expect(seenCard(form).texts[1]).toBe('The lab’s admins get it in a direct message with your name.');
    const linusDm = h.emu.directRoom(h.linus.id, h.bot.id);
    const since = h.emu.messageCount();
    const reported = await click(h, h.ada, form, 'Tell the admins');
    expect(seenCard(reported).texts.slice(0, 2)).toEqual(['Reported: lab-2', 'I told the lab’s admin.']);
    const told = await h.emu.waitForMessage((m) => m.roomId === linusDm.id && m.personId === h.bot.id, { since, timeoutMs: 10_000 });
    expect(seenCard(told).texts).toEqual(['Problem reported: lab-2', 'Ada Ops (ada@example.com) reports a problem with lab-2:', 'lab-2 is broken: no power on slot 2', 'Nobody holds it right now.']);
    expect(buttonTitles(told)).toEqual(['Start maintenance', 'Admin']);
    expect((await historyLines()).map((line) => [line.event, line.testbed_id, line.text])).toEqual([['problem_reported', 2, 'lab-2 is broken: no power on slot 2']]);
    const lately = seenCard(await ask(h, h.ada, h.lab, 'what is broken?')).texts;
    expect(lately.slice(0, 4)).toEqual(['Problems reported', 'In the last 7 days, newest first.', 'lab-2', expect.stringMatching(/ · Ada Ops: lab-2 is broken: no power on slot 2$/)]);
    const history = seenCard(await ask(h, h.linus, h.lab, 'history lab-2')).texts;
    expect(history.slice(history.indexOf('Problems reported'))).toEqual(['Problems reported', expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d UTC · Ada Ops: lab-2 is broken: no power on slot 2$/)]);
    // Pressed again within ten minutes: nobody is told twice.
    const again = await click(h, h.ada, form, 'Tell the admins');
    expect(seenCard(again).texts[1]).toMatch(/^You reported a problem with lab-2 a few minutes ago, and the lab’s admins have it\. You can report another at \d{4}-\d\d-\d\d \d\d:\d\d UTC\.$/);
    // Linus presses Start maintenance: the form, lab-2 chosen and the reason filled in; one press does it.
    const maintenance = await click(h, h.linus, told, 'Start maintenance');
    expect(seenCard(maintenance).heading).toBe('Start maintenance');
    expect((input(maintenance, 'testbed_id') as { value?: string }).value).toBe('2');
    expect((input(maintenance, 'reason') as { value?: string }).value).toBe('Reported by Ada Ops: lab-2 is broken: no power on slot 2');
    expect(seenCard(await click(h, h.linus, maintenance, 'maintenance_start')).heading).toBe('lab-2 is under maintenance');
    // Such a button forged by Ada, who is no admin, opens nothing.
    const before = h.emu.messageCount();
    h.emu.submitRaw({ personId: h.ada.id, messageId: form.id, inputs: { action: 'admin_form', form: 'force_release', testbed_id: '1', reason: 'forged' } });
    const refused = await h.emu.waitForMessage((m) => m.roomId === h.lab.id && m.personId === h.bot.id, { since: before, timeoutMs: 10_000 });
    expect(seenCard(refused).heading).toBe('For the lab’s admins');
  });

  it('the holder reports a problem from the 1:1 room where the reminders arrive; the admin gets Force release, filled in', async () => {
    await start((people) => [availableTestbed(1, 'lab-1'), booked(2, 'lab-2', people.ada)]);
    const adaDm = h.emu.directRoom(h.ada.id, h.bot.id);
    const form = await ask(h, h.ada, adaDm, 'lab-2 is not responding');
    expect(seenCard(form).heading).toBe('Report a problem with lab-2');
    // She holds it: only the admins are told.
    expect(seenCard(form).texts[1]).toBe('The lab’s admins get it in a direct message with your name.');
    // Only the buttons that work there.
    expect(buttonTitles(form)).toEqual(['Tell the admins']);
    const linusDm = h.emu.directRoom(h.linus.id, h.bot.id);
    const since = h.emu.messageCount();
    expect(seenCard(await click(h, h.ada, form, 'Tell the admins')).heading).toBe('Reported: lab-2');
    const told = await h.emu.waitForMessage((m) => m.roomId === linusDm.id && m.personId === h.bot.id, { since, timeoutMs: 10_000 });
    expect(seenCard(told).texts[3]).toMatch(/^Ada Ops holds it; expected release: /);
    expect(buttonTitles(told)).toEqual(['Force release', 'Admin']);
    const forceForm = await click(h, h.linus, told, 'Force release');
    expect((input(forceForm, 'testbed_id') as { value?: string }).value).toBe('2');
    expect((input(forceForm, 'reason') as { value?: string }).value).toBe('Reported by Ada Ops: lab-2 is not responding');
    // Linus holds nothing: the same words there about lab-2 get where the bot answers.
    expect(seenCard(await ask(h, h.linus, linusDm, 'lab-2 is broken')).texts[0]).toMatch(/^I answer commands in the lab’s rooms/);
  });

  it('`book again` after the testbed was retired: the line names it as gone, and the form starts on none with its purpose and length', async () => {
    await start();
    await click(h, h.ada, await ask(h, h.ada, h.lab, 'book lab-3 for 2 hours for the soak'), 'register_submit');
    await click(h, h.ada, await ask(h, h.ada, h.lab, 'release lab-3'), 'release_submit');
    expect(seenCard(await runTask('testbed_retire', 'Retire', { testbed_id: '3' })).heading).toBe('Retired: lab-3');
    const again = await ask(h, h.ada, h.lab, 'book again');
    const day = new Date().toISOString().slice(0, 10);
    expect(seenCard(again).texts).toContain(`As your booking of lab-3 on ${day}: 2 h, for “the soak”. lab-3 is no longer in the lab, so choose another.`);
    expect((input(again, 'testbed_id') as { value?: string }).value).toBeUndefined();
    expect((input(again, 'purpose') as { value?: string }).value).toBe('the soak');
  });

  it('refuses to retire a testbed in use, saying who holds it', async () => {
    await start((people) => [availableTestbed(1, 'lab-1'), booked(2, 'lab-2', people.ada)]);
    const before = await testbedFile();
    const refused = await runTask('testbed_retire', 'Retire', { testbed_id: '2' });
    expect(seenCard(refused).texts).toEqual(['Nothing was changed', 'lab-2 is in use by Ada Ops; force release it first if you need to retire it now.']);
    expect(buttonTitles(refused)).toEqual(['Admin', 'Status']);
    expect(await testbedFile()).toBe(before);
    expect(await historyLines()).toEqual([]);
  });

  it('maintenance: the register form stops offering the testbed until maintenance ends', async () => {
    await start();
    const started = await runTask('maintenance_start', 'Start', { testbed_id: '2', reason: 'firmware upgrade', until: '' });
    expect(seenCard(started).heading).toBe('lab-2 is under maintenance');
    expect(seenCard(started).facts).toMatchObject({ Reason: 'firmware upgrade', 'Expected back': 'not given' });
    expect((await h.readTestbeds()).find((record) => record.id === 2)).toMatchObject({ status: 'available', maintenance: { reason: 'firmware upgrade', until: null } });
    const register = await ask(h, h.ada, h.lab, 'register');
    expect(seenCard(register).choices('testbed_id')).toEqual(['lab-1', 'lab-3']);
    // An old register form that still offers it: the booking is refused, nothing is booked.
    const since = h.emu.messageCount();
    h.emu.submitRaw({ personId: h.ada.id, messageId: register.id, inputs: { action: 'register_submit', testbed_id: '2', purpose: 'soak', release_choice: '1h' } });
    const refused = await h.emu.waitForMessage((m) => m.roomId === h.lab.id && m.personId === h.bot.id, { since, timeoutMs: 10_000 });
    expect(seenCard(refused).heading).toBe('lab-2 is under maintenance');
    expect((await h.readTestbeds()).find((record) => record.id === 2)).toMatchObject({ status: 'available', user_email: null });

    const endForm = await click(h, h.linus, await ask(h, h.linus, h.lab, 'admin'), 'End');
    expect(seenCard(endForm).choices('testbed_id')).toEqual(['lab-2 — firmware upgrade']);
    const ended = await click(h, h.linus, endForm, 'maintenance_end', { testbed_id: '2' });
    expect(seenCard(ended).heading).toBe('lab-2 is back in service');
    expect((await h.readTestbeds()).find((record) => record.id === 2)?.maintenance ?? null).toBeNull();
    expect(seenCard(await ask(h, h.ada, h.lab, 'register')).choices('testbed_id')).toEqual(['lab-1', 'lab-2', 'lab-3']);
    expect((await historyLines()).map((line) => line.event)).toEqual(['maintenance_started', 'maintenance_ended']);
    expect((await historyLines())[0]).toMatchObject({ reason: 'firmware upgrade', until: null, by: { email: 'linus@example.com' } });
  });

  it('maintenance past its expected end: Linus, who started it, is asked in his 1:1 room; New expected end changes it and Ada, waiting, hears; End maintenance ends it', async () => {
    const linus = { email: 'linus@example.com', name: 'Linus Lab' };
    const due = new Date(Date.now() - HOUR).toISOString();
    const adaWaiting: LifecycleEntry = { testbed_id: 2, notices: null, queue: [{ email: 'ada@example.com', name: 'Ada Ops', since: iso(Date.now() - 2 * HOUR) }], offer: null, asks: [] };
    await start(() => [availableTestbed(1, 'lab-1'), { ...availableTestbed(2, 'lab-2'), maintenance: { reason: 'fan', until: due, since: iso(Date.now() - 26 * HOUR), by: linus } }], [adaWaiting]);
    const linusRoom = h.emu.directRoom(h.linus.id, h.bot.id);
    const adaRoom = h.emu.directRoom(h.ada.id, h.bot.id);
    const asked = await h.emu.waitForMessage((m) => m.roomId === linusRoom.id && m.personId === h.bot.id, { timeoutMs: 10_000 });
    let since = h.emu.messageCount();
    const seen = seenCard(asked);
    expect(seen.heading).toBe('Is lab-2 back in service?');
    expect(seen.texts[1]).toMatch(/^You put lab-2 under maintenance 26 h ago \(fan\) and expected it back \d{4}-\d\d-\d\d \d\d:\d\d UTC \(1 h ago\)\.$/);
    expect(seen.texts[2]).toBe('1 person is waiting for it.');
    expect(buttonTitles(asked)).toEqual(['End maintenance', 'New expected end', 'Admin']);
    expect((JSON.parse(await readFile(join(h.dir, 'lifecycle.json'), 'utf8')) as { lifecycle: Array<{ notices: unknown }> }).lifecycle[0].notices).toMatchObject({ expected_release_time: due });

    // Answered in words in the same room: `it` is lab-2, the testbed the question was about.
    const typedEnd = await ask(h, h.linus, linusRoom, "it's fixed");
    expect(seenCard(typedEnd).heading).toBe('End maintenance');
    expect((input(typedEnd, 'testbed_id') as { value?: string }).value).toBe('2');

    // A new expected end: the form on lab-2, its reason filled in; saved, Ada hears the new end.
    const form = await click(h, h.linus, asked, 'New expected end');
    expect(seenCard(form).heading).toBe('Change the maintenance of lab-2');
    expect([(input(form, 'testbed_id') as { value?: string }).value, (input(form, 'reason') as { value?: string }).value, (input(form, 'until') as { value?: string }).value]).toEqual(['2', 'fan', undefined]);
    const tomorrow = new Date(Date.now() + 24 * HOUR).toISOString().slice(0, 10);
    since = h.emu.messageCount();
    const changed = await click(h, h.linus, form, 'Save changes', { until: `${tomorrow} 18:00` });
    expect(seenCard(changed).heading).toBe('lab-2: maintenance changed');
    expect(seenCard(changed).texts).toContain('I told the person waiting for it.');
    expect(seenCard(changed).facts).toMatchObject({ Reason: 'fan' });
    const heard = await h.emu.waitForMessage((m) => m.roomId === adaRoom.id && m.personId === h.bot.id, { since, timeoutMs: 10_000 });
    expect(seenCard(heard).texts.slice(0, 2)).toEqual(['lab-2 is expected back later', `Linus Lab now expects lab-2 back from maintenance ${tomorrow} 18:00 UTC; it was ${due.slice(0, 10)} ${due.slice(11, 16)} UTC.`]);
    expect((await h.readTestbeds()).find((record) => record.id === 2)?.maintenance).toMatchObject({ reason: 'fan', until: `${tomorrow}T18:00:00.000Z`, by: { email: 'linus@example.com' } });
    expect((await historyLines()).at(-1)).toMatchObject({ event: 'maintenance_changed', reason: 'fan', until: `${tomorrow}T18:00:00.000Z`, previous_until: due });
    // Typed, with a new end: the same form, filled in.
    const typed = await ask(h, h.linus, h.lab, `maintenance lab-2 until ${tomorrow} 20:00`);
    expect(seenCard(typed).heading).toBe('Change the maintenance of lab-2');
    expect([(input(typed, 'reason') as { value?: string }).value, (input(typed, 'until') as { value?: string }).value]).toEqual(['fan', `${tomorrow} 20:00`]);

    // End maintenance from the first card: the end form on lab-2, one press ends it; Ada is offered it.
    const endForm = await click(h, h.linus, asked, 'End maintenance');
    expect(seenCard(endForm).heading).toBe('End maintenance');
    since = h.emu.messageCount();
    expect(seenCard(await click(h, h.linus, endForm, 'maintenance_end')).heading).toBe('lab-2 is back in service');
    const offer = await h.emu.waitForMessage((m) => m.roomId === adaRoom.id && m.personId === h.bot.id, { since, timeoutMs: 10_000 });
    expect(seenCard(offer).heading).toBe('lab-2 is free: it is yours if you want it');
  });

  it('maintenance asked for later: the answer says it cannot be, and its Start maintenance opens the form on that testbed for an admin', async () => {
    await start();
    const answer = await ask(h, h.ada, h.lab, 'schedule maintenance for lab-2 on saturday');
    expect(seenCard(answer).heading).toBe('Maintenance of lab-2 cannot be set for later');
    expect(buttonTitles(answer)).toEqual(['Broadcast', 'Start maintenance']);
    const form = await click(h, h.linus, answer, 'Start maintenance');
    expect(seenCard(form).heading).toBe('Start maintenance');
    expect((input(form, 'testbed_id') as { value?: string }).value).toBe('2');
    // Nothing changed meanwhile: lab-2 is in service.
    expect((await h.readTestbeds()).find((record) => record.id === 2)?.maintenance ?? null).toBeNull();
  });

  it('`lab-2 is fixed` said while it is under maintenance: the admin gets End maintenance on lab-2, one press ends it; said of a testbed in service, the hint', async () => {
    await start();
    await runTask('maintenance_start', 'Start', { testbed_id: '2', reason: 'fan', until: '' });
    // Ada is no admin: she may tell the admins, and nothing changes before one of them ends it.
    const news = await ask(h, h.ada, h.lab, 'lab-2 is fixed');
    expect(seenCard(news).heading).toBe('Tell the admins lab-2 works again');
    expect((input(news, 'problem') as { value?: string }).value).toBe('It works again.');
    expect(buttonTitles(news)).toEqual(['Tell the admins', 'Cancel']);
    const linusRoom = h.emu.directRoom(h.linus.id, h.bot.id);
    const since = h.emu.messageCount();
    const told = await click(h, h.ada, news, 'report_problem', { problem: 'fan replaced, it boots' });
    expect(seenCard(told).texts).toEqual(['Told the admins: lab-2', 'I told the lab’s admin that lab-2 works again. It stays under maintenance until one of them ends it.']);
    const tip = await h.emu.waitForMessage((m) => m.roomId === linusRoom.id && m.personId === h.bot.id, { since, timeoutMs: 10_000 });
    expect(seenCard(tip).texts).toEqual(['lab-2 works again?', 'Ada Ops (ada@example.com) says lab-2 works again:', 'fan replaced, it boots', 'It is under maintenance: fan.']);
    expect(buttonTitles(tip)).toEqual(['End maintenance', 'Admin']);
    expect((await h.readTestbeds()).find((record) => record.id === 2)?.maintenance).toMatchObject({ reason: 'fan' });
    // News is no problem: `problems` does not list it.
    expect((await historyLines()).map((line) => line.event)).toEqual(['maintenance_started']);
    const fromTip = await click(h, h.linus, tip, 'admin_form');
    expect(seenCard(fromTip).heading).toBe('End maintenance');
    expect((input(fromTip, 'testbed_id') as { value?: string }).value).toBe('2');
    const again = await click(h, h.ada, news, 'report_problem', { problem: 'still fine' });
    expect(seenCard(again).texts[1]).toMatch(/^You told the lab’s admins that lab-2 works again a few minutes ago\. You can tell them again at /);
    const form = await ask(h, h.linus, h.lab, 'lab-2 works again');
    expect(seenCard(form).heading).toBe('End maintenance');
    expect((input(form, 'testbed_id') as { value?: string }).value).toBe('2');
    expect(seenCard(await click(h, h.linus, form, 'maintenance_end')).heading).toBe('lab-2 is back in service');
    expect((await h.readTestbeds()).find((record) => record.id === 2)?.maintenance ?? null).toBeNull();
    // Now in service, the same words are news to nobody's task, and Ada's form says it is back.
    expect(seenCard(await ask(h, h.linus, h.lab, 'lab-2 is fixed')).texts[0]).toMatch(/^I did not understand that\. Is it about lab-2\?/);
    const late = await click(h, h.ada, news, 'report_problem', { problem: 'it works' });
    expect(seenCard(late).texts).toEqual(['Nothing was changed', 'lab-2 is not under maintenance any more: anybody can book it.']);
    expect(buttonTitles(late)).toEqual(['Book it']);
  });

  it('maintenance until a time written as the bot writes its times (`… UTC`, `… IST`) ends then', async () => {
    await start();
    // Tomorrow at this hour, to the minute.
    const back = new Date(Math.floor((Date.now() + 86_400_000) / 60_000) * 60_000);
    const shown = `${back.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
    const started = await runTask('maintenance_start', 'Start', { testbed_id: '2', reason: 'rack move', until: shown });
    expect(seenCard(started).heading).toBe('lab-2 is under maintenance');
    expect(seenCard(started).facts['Expected back']).toMatch(new RegExp(`^${shown}`));
    expect((await h.readTestbeds()).find((record) => record.id === 2)).toMatchObject({ maintenance: { reason: 'rack move', until: back.toISOString() } });
    // India's clock, five and a half hours ahead of UTC all year.
    const india = new Date(back.getTime() + 330 * 60_000).toISOString().slice(0, 16).replace('T', ' ');
    const again = await runTask('maintenance_start', 'Start', { testbed_id: '1', reason: 'new cables', until: `${india} IST` });
    expect(seenCard(again).heading).toBe('lab-1 is under maintenance');
    expect((await h.readTestbeds()).find((record) => record.id === 1)).toMatchObject({ maintenance: { until: back.toISOString() } });
  });

  it('force release: the testbed is free, the holder is told by whom and why', async () => {
    await start((people) => [availableTestbed(1, 'lab-1'), booked(2, 'lab-2', people.ada)]);
    const card = await ask(h, h.linus, h.lab, 'admin');
    const form = await click(h, h.linus, card, 'Force release');
    expect(seenCard(form).choices('testbed_id')).toEqual(['lab-2 — Ada Ops']);
    const adaDm = h.emu.directRoom(h.ada.id, h.bot.id);
    const since = h.emu.messageCount();
    const done = await click(h, h.linus, form, 'force_release', { testbed_id: '2', reason: 'Overdue since Friday' });
    expect(seenCard(done).heading).toBe('Force released: lab-2');
    expect(seenCard(done).facts).toMatchObject({ 'Was held by': 'Ada Ops (ada@example.com)', Reason: 'Overdue since Friday' });
    expect((await h.readTestbeds()).find((record) => record.id === 2)).toMatchObject({ status: 'available', user_email: null, user_name: null, purpose: null });
    const told = await h.emu.waitForMessage((m) => m.roomId === adaDm.id && m.personId === h.bot.id, { since, timeoutMs: 10_000 });
    const words = [told.text ?? '', ...seenCard(told).all.map((item) => item.text)].join('\n');
    expect(words).toContain('Linus Lab');
    expect(words).toContain('Overdue since Friday');
    const lines = await historyLines();
    expect(lines.map((line) => line.event)).toEqual(['force_released']);
    expect(lines[0]).toMatchObject({ testbed_id: 2, reason: 'Overdue since Friday', holder: { email: 'ada@example.com' }, by: { email: 'linus@example.com' } });
  });

  it('typed tasks: `force release lab-2` in a 1:1 room opens the form on lab-2, and one press frees it; a non-admin typing one changes nothing', async () => {
    await start((people) => [availableTestbed(1, 'lab-1'), booked(2, 'lab-2', people.ada)]);
    const before = await testbedFile();
    const adaAsks = await ask(h, h.ada, h.lab, 'retire lab-1');
    expect(seenCard(adaAsks).heading).toBe('For the lab’s admins');
    expect(await testbedFile()).toBe(before);

    // lab-1 is free: the form says why it is not offered.
    const notHeld = await ask(h, h.linus, h.lab, 'force release lab-1');
    expect(fieldErrorText(notHeld, 'testbed_id')).toBe('Nobody holds lab-1 right now: choose a testbed that is booked.');
    const linusDm = h.emu.directRoom(h.linus.id, h.bot.id);
    const form = await ask(h, h.linus, linusDm, 'force release LAB-2');
    expect(seenCard(form).heading).toBe('Force release a testbed');
    expect((input(form, 'testbed_id') as { value?: string }).value).toBe('2');
    const done = await click(h, h.linus, form, 'force_release', { reason: 'Needed for the release test' });
    expect(seenCard(done).heading).toBe('Force released: lab-2');
    expect((await h.readTestbeds()).find((record) => record.id === 2)).toMatchObject({ status: 'available' });

    const slip = await ask(h, h.linus, h.lab, 'retire lab-11');
    expect(fieldErrorText(slip, 'testbed_id')).toBe('No testbed is called “lab-11”. Did you mean lab-1? Choose it from the list.');
    const rename = await ask(h, h.linus, h.lab, 'rename lab-1 to lab-1b');
    expect(seenCard(rename).heading).toBe('Rename a testbed');
    const renamed = await click(h, h.linus, rename, 'testbed_rename');
    expect(seenCard(renamed).heading).toBe('Renamed: lab-1 → lab-1b');
    expect((await h.readTestbeds()).find((record) => record.id === 1)?.testbed_name).toBe('lab-1b');

    // `add testbed … with labels … described as …`: the form arrives filled in, and one press adds it so.
    const add = await ask(h, h.linus, h.lab, 'add testbed lab-7 with labels 5g and core described as Radio rack 2');
    expect(Object.fromEntries(['testbed_name', 'labels', 'description'].map((id) => [id, (input(add, id) as { value?: string }).value]))).toEqual({
      testbed_name: 'lab-7',
      labels: '5g, core',
      description: 'Radio rack 2',
    });
    expect(seenCard(await click(h, h.linus, add, 'testbed_add')).heading).toBe('Added: lab-7');
    expect((await h.readTestbeds()).find((record) => record.testbed_name === 'lab-7')).toMatchObject({ labels: ['5g', 'core'], description: 'Radio rack 2' });
  });

  it('typed with an end and a reason, `maintenance lab-3 until <a time> for …` opens the form filled in, and one press starts it; `take lab-2 away from Ada` opens force release on lab-2', async () => {
    await start((people) => [availableTestbed(1, 'lab-1'), booked(2, 'lab-2', people.ada), availableTestbed(3, 'lab-3')]);
    const form = await ask(h, h.linus, h.lab, 'maintenance lab-3 until tomorrow 16:00 for a rack move');
    expect(seenCard(form).heading).toBe('Start maintenance');
    const values = Object.fromEntries(['testbed_id', 'reason', 'until'].map((id) => [id, (input(form, id) as { value?: string }).value]));
    expect(values).toMatchObject({ testbed_id: '3', reason: 'a rack move' });
    // Tomorrow at 16:00 on the bot's clock (UTC here); the router's tests pin the exact day.
    expect(values.until).toMatch(/^\d{4}-\d\d-\d\d 16:00$/);
    const tomorrow = String(values.until).slice(0, 10);
    const started = await click(h, h.linus, form, 'maintenance_start');
    expect(seenCard(started).heading).toBe('lab-3 is under maintenance');
    expect((await h.readTestbeds()).find((record) => record.id === 3)).toMatchObject({ maintenance: { reason: 'a rack move', until: `${tomorrow}T16:00:00.000Z` } });

    const force = await ask(h, h.linus, h.lab, 'take lab-2 away from Ada');
    expect(seenCard(force).heading).toBe('Force release a testbed');
    expect((input(force, 'testbed_id') as { value?: string }).value).toBe('2');
  });

  it('an old form still works after a restart, a double click adds one testbed, and a failed look-up is an apology', async () => {
    await start();
    const form = await click(h, h.linus, await ask(h, h.linus, h.lab, 'admin'), 'Add');
    await h.restart();
    const botReplies = () => h.emu.messages({ roomId: h.lab.id }).filter((m) => m.personId === h.bot.id);
    const earlier = botReplies().length;
    const since = h.emu.messageCount();
    h.emu.submitCard({ personId: h.linus.id, messageId: form.id, action: 'testbed_add', inputs: { testbed_name: 'lab-9' } });
    h.emu.submitCard({ personId: h.linus.id, messageId: form.id, action: 'testbed_add', inputs: { testbed_name: 'lab-9' } });
    await h.emu.waitForMessage((m) => m.roomId === h.lab.id && m.personId === h.bot.id, { since, timeoutMs: 10_000 });
    await h.app.idle();
    const headings = botReplies().slice(earlier).map((m) => seenCard(m).heading);
    expect(headings[0]).toBe('Added: lab-9');
    // The second click met a busy flow (ignored) or found the name taken: never a second lab-9.
    expect(headings.slice(1).every((heading) => heading === 'Add a testbed')).toBe(true);
    expect((await h.readTestbeds()).filter((record) => record.testbed_name === 'lab-9')).toHaveLength(1);
    expect((await historyLines()).map((line) => line.event)).toEqual(['added']);

    await h.restart();
    h.emu.faults.restFault({ method: 'GET', path: /^\/people\/[^/]+$/, status: 404, times: Infinity });
    const before = await testbedFile();
    const apology = await ask(h, h.linus, h.lab, 'admin');
    expect(seenCard(apology).texts).toContain('Sorry, something went wrong on my side. Nothing was changed; please try again.');
    expect(await testbedFile()).toBe(before);
  });
});
