import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ask, click, seenCard, startHarness, type Harness } from '../support/harness.js';
import { fieldErrorText, input } from '../support/form-card.js';

describe('register → status → release, end to end against the emulator', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(async () => {
    await h.close();
  });

  it('books a testbed, shows the holder, releases it, with the file checked after each step', async () => {
    const menu = await ask(h, h.ada, h.lab, 'testbed');
    const form = await click(h, h.ada, menu, 'register');
    expect(seenCard(form).heading).toBe('Register a testbed');
    expect(seenCard(form).choices('testbed_id')).toEqual(['lab-1', 'lab-2', 'lab-3']);

    // A forged identity in the submission must be ignored: identity comes from the platform profile.
    const since = h.emu.messageCount();
    h.emu.submitRaw({
      personId: h.ada.id,
      messageId: form.id,
      inputs: {
        action: 'register_submit',
        testbed_id: '2',
        purpose: 'Regression run for release 4.2',
        release_choice: '4h',
        user_email: 'mallory@evil.example',
        user_name: 'Mallory',
      },
    });
    const success = await h.emu.waitForMessage((m) => m.roomId === h.lab.id && m.personId === h.bot.id, { since });
    const booked = seenCard(success);
    expect(booked.heading).toBe('Booked: lab-2');
    expect(booked.facts['Held by']).toBe('Ada Ops (ada@example.com)');
    expect(booked.facts.Purpose).toBe('Regression run for release 4.2');
    let onDisk = (await h.readTestbeds()).find((record) => record.id === 2)!;
    expect(onDisk.status).toBe('in_use');
    expect(onDisk.user_email).toBe('ada@example.com');
    expect(onDisk.user_name).toBe('Ada Ops');
    expect(onDisk.purpose).toBe('Regression run for release 4.2');
    expect(onDisk.registered_time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/);
    const heldFor = Date.parse(onDisk.expected_release_time!) - Date.parse(onDisk.registered_time!);
    expect(Math.round(heldFor / 3_600_000)).toBe(4);

    const status = await ask(h, h.linus, h.lab, 'status');
    const statusTexts = seenCard(status).texts;
    expect(statusTexts).toContain('● lab-2 · In use');
    expect(statusTexts.filter((text) => text.startsWith('Ada Ops (ada@example.com) · held for '))).toHaveLength(1);
    expect(statusTexts).toContain('Purpose: Regression run for release 4.2');

    const releaseForm = await ask(h, h.ada, h.lab, 'release');
    expect(seenCard(releaseForm).choices('testbed_id')).toEqual([expect.stringMatching(/^lab-2 — yours, held for /)]);
    const released = await click(h, h.ada, releaseForm, 'release_submit', { testbed_id: '2' });
    expect(seenCard(released).heading).toBe('Released: lab-2');
    expect(seenCard(released).texts).toContain('lab-2 is available again.');
    onDisk = (await h.readTestbeds()).find((record) => record.id === 2)!;
    expect(onDisk).toEqual({
      id: 2,
      testbed_name: 'lab-2',
      status: 'available',
      user_email: null,
      user_name: null,
      registered_time: null,
      purpose: null,
      expected_release_time: null,
    });

    const after = await ask(h, h.linus, h.lab, 'status');
    expect(seenCard(after).texts).toContain('● lab-2 · Available');
    expect(seenCard(after).texts.filter((text) => text.includes('Ada Ops'))).toEqual([]);
  });

  it('refuses a stale form for a testbed someone took meanwhile, and nothing changes', async () => {
    const adaForm = await click(h, h.ada, await ask(h, h.ada, h.lab, 'testbed'), 'register');
    const linusForm = await click(h, h.linus, await ask(h, h.linus, h.lab, 'testbed'), 'register');
    await click(h, h.ada, adaForm, 'register_submit', { testbed_id: '1', purpose: 'first', release_choice: '1h' });
    const before = await h.readTestbeds();
    const refusal = await click(h, h.linus, linusForm, 'register_submit', { testbed_id: '1', purpose: 'second', release_choice: '1d' });
    expect(seenCard(refusal).heading).toBe('lab-1 is taken');
    expect(seenCard(refusal).texts.some((text) => text.startsWith('lab-1 is already held by Ada Ops (ada@example.com), since '))).toBe(true);
    expect(await h.readTestbeds()).toEqual(before);
  });

  it('keeps the booking across a restart and handles an old card afterwards from its own data', async () => {
    const form = await click(h, h.ada, await ask(h, h.ada, h.lab, 'testbed'), 'register');
    await h.restart();
    const success = await click(h, h.ada, form, 'register_submit', { testbed_id: '3', purpose: 'after restart', release_choice: '1d' });
    expect(seenCard(success).heading).toBe('Booked: lab-3');
    await h.restart();
    const record = (await h.readTestbeds()).find((r) => r.id === 3)!;
    expect(record.user_email).toBe('ada@example.com');
    const again = await click(h, h.linus, form, 'register_submit', { testbed_id: '3', purpose: 'mine now?', release_choice: '1h' });
    expect(seenCard(again).heading).toBe('lab-3 is taken');
    expect(seenCard(again).texts.some((text) => text.startsWith('lab-3 is already held by Ada Ops (ada@example.com), since '))).toBe(true);
    expect((await h.readTestbeds()).find((r) => r.id === 3)!.user_email).toBe('ada@example.com');
  });

  it('tells the holder by direct message when someone else releases their testbed', async () => {
    const form = await click(h, h.ada, await ask(h, h.ada, h.lab, 'testbed'), 'register');
    await click(h, h.ada, form, 'register_submit', { testbed_id: '1', purpose: 'soak test', release_choice: '1w' });
    const releaseForm = await ask(h, h.linus, h.lab, 'release');
    const since = h.emu.messageCount();
    await click(h, h.linus, releaseForm, 'release_submit', { testbed_id: '1' });
    const direct = await h.emu.waitForMessage((m) => m.toPersonEmail === 'ada@example.com' || (m.roomType === 'direct' && m.personId === h.bot.id), { since });
    expect(`${direct.text ?? ''}${direct.markdown ?? ''}`).toContain('Linus Lab');
  });

  it('shows the form again with the problems named and the values kept', async () => {
    const form = await click(h, h.ada, await ask(h, h.ada, h.lab, 'testbed'), 'register');
    // Only spaces: a client sends it (the required input is not empty), and the bot reads it as no purpose.
    const again = await click(h, h.ada, form, 'register_submit', { testbed_id: '1', purpose: '   ', release_choice: '1h' });
    const back = seenCard(again);
    expect(back.heading).toBe('Register a testbed');
    expect(back.errors).toEqual(['Please check the fields marked below.', 'Tell us what you need the testbed for.']);
    expect(fieldErrorText(again, 'purpose')).toBe('Tell us what you need the testbed for.');
    expect(input(again, 'testbed_id').value).toBe('1');
    expect(input(again, 'release_choice').value).toBe('1h');
    expect((await h.readTestbeds()).every((record) => record.status === 'available')).toBe(true);
  });
});

describe('feedback', () => {
  let h: Harness;
  afterEach(async () => {
    await h.close();
  });

  it('appends submitted feedback to the log file and posts it to FEEDBACK_ROOM', async () => {
    h = await startHarness();
    const feedbackRoom = h.emu.createRoom({ title: 'Bot Feedback', memberIds: [h.bot.id, h.linus.id] });
    await h.restart({ FEEDBACK_ROOM: feedbackRoom.id });
    const form = await ask(h, h.ada, h.lab, 'feedback');
    const thanks = await click(h, h.ada, form, 'feedback_submit', { feedback_text: 'Please add **reminders** <b>soon</b>' });
    expect(seenCard(thanks).heading).toBe('Thank you!');
    expect(seenCard(thanks).texts).toContain('Your feedback was recorded.');
    await h.app.idle();
    const lines = (await readFile(join(h.dir, 'feedback.log'), 'utf8')).trim().split('\n').map((line) => JSON.parse(line));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ email: 'ada@example.com', name: 'Ada Ops', text: 'Please add **reminders** <b>soon</b>' });
    const posted = h.emu.messages({ roomId: feedbackRoom.id }).filter((m) => m.personId === h.bot.id);
    expect(posted).toHaveLength(1);
    expect(posted[0].text).toContain('Ada Ops');
    expect(posted[0].text).toContain('Please add **reminders** <b>soon</b>');
    // Posted as plain text, so nothing the user typed is rendered as markup there.
    expect(posted[0].markdown).toBeUndefined();
  });

  it('`bug: …` opens the form with what was typed in its box, and Send sends it as it stands', async () => {
    h = await startHarness();
    const form = await ask(h, h.ada, h.lab, 'bug: the digest came twice today');
    expect(seenCard(form).heading).toBe('Feedback');
    expect(input(form, 'feedback_text').value).toBe('the digest came twice today');
    await click(h, h.ada, form, 'feedback_submit');
    await h.app.idle();
    const lines = (await readFile(join(h.dir, 'feedback.log'), 'utf8')).trim().split('\n').map((line) => JSON.parse(line));
    expect(lines).toEqual([expect.objectContaining({ email: 'ada@example.com', text: 'the digest came twice today' })]);
  });
});
