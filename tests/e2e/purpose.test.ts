/**
 * A booking's new purpose, end to end over the emulator: typed in the lab room, the form arrives
 * filled in, one press saves it to the testbed document and the history, and status shows it.
 * Only the holder may change it; a forged press by somebody else changes nothing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TestbedRecord } from '../../src/domain.js';
import { ask, availableTestbed, buttonTitles, click, seenCard, startHarness, type Harness } from '../support/harness.js';
import { input } from '../support/form-card.js';
import { unLookAlike } from '../support/rendered-text.js';
import { inUse } from '../fixtures/flows/records.js';

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** A booking of lab-N by `who`, made an hour ago and due in four. */
const booking = (id: number, name: string, who: { email: string; name: string }, purpose: string): TestbedRecord =>
  inUse(id, who, { name, purpose, since: iso(Date.now() - HOUR), until: iso(Date.now() + 4 * HOUR) });

let h: Harness;
afterEach(async () => {
  await h?.close();
});

async function historyLines(): Promise<Array<Record<string, unknown>>> {
  const text = await readFile(join(h.dir, 'history.jsonl'), 'utf8').catch(() => '');
  return text.split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('a new purpose for a booking', () => {
  it('typed by the holder: the form arrives filled in, one press saves it, and status shows it', async () => {
    const ada = { email: 'ada@example.com', name: 'Ada Ops' };
    h = await startHarness({ testbeds: [booking(1, 'lab-1', ada, 'soak test'), availableTestbed(2, 'lab-2')] });

    const form = await ask(h, h.ada, h.lab, 'change the purpose of lab-1 to bisecting the **crash**');
    expect(seenCard(form).heading).toBe('Change a purpose');
    expect(input(form, 'testbed_id').value).toBe('1');
    expect(input(form, 'purpose').value).toBe('bisecting the **crash**');
    expect(seenCard(form).texts).toContain('Now: soak test');
    expect(buttonTitles(form)).toEqual(['Save purpose', 'Cancel']);

    const saved = await click(h, h.ada, form, 'change_purpose');
    expect(seenCard(saved).heading).toBe('New purpose: lab-1');
    expect(seenCard(saved).texts.slice(1).map(unLookAlike)).toEqual(['Purpose: bisecting the **crash**', 'It was: soak test', 'Status shows it under your booking.']);
    expect((await h.readTestbeds())[0]).toMatchObject({ user_email: ada.email, purpose: 'bisecting the **crash**' });
    expect((await historyLines()).filter((line) => line.event === 'purpose_changed')).toEqual([
      expect.objectContaining({ testbed_id: 1, by: ada, purpose: 'bisecting the **crash**', previous_purpose: 'soak test' }),
    ]);

    const status = await ask(h, h.linus, h.lab, 'status lab-1');
    expect(seenCard(status).texts.map(unLookAlike)).toContain('Purpose: bisecting the **crash**');

    // Pressing the same form again: nothing to save, and no second history line.
    const again = await click(h, h.ada, form, 'change_purpose');
    expect(seenCard(again).texts.slice(0, 2)).toEqual(['Nothing was changed', 'The purpose of lab-1 already reads so.']);
    expect((await historyLines()).filter((line) => line.event === 'purpose_changed')).toHaveLength(1);
  });

  it('somebody else pressing it is refused and nothing changes; an empty purpose brings the form back', async () => {
    const ada = { email: 'ada@example.com', name: 'Ada Ops' };
    h = await startHarness({ testbeds: [booking(1, 'lab-1', ada, 'soak test')] });
    const form = await ask(h, h.ada, h.lab, 'purpose lab-1 bisecting');

    const refused = await click(h, h.linus, form, 'change_purpose');
    expect(seenCard(refused).texts).toEqual(['Nothing was changed', 'Only the holder can do that, and lab-1 is held by Ada Ops.']);

    const empty = await click(h, h.ada, form, 'change_purpose', { purpose: '   ' });
    expect(seenCard(empty).heading).toBe('Change a purpose');
    expect(seenCard(empty).errors).toEqual(['Please check the fields marked below.', 'Tell people what the testbed is doing now.']);
    expect(input(empty, 'testbed_id').value).toBe('1');

    expect((await h.readTestbeds())[0].purpose).toBe('soak test');
    expect((await historyLines()).filter((line) => line.event === 'purpose_changed')).toEqual([]);

    // Linus holds nothing: typing it tells him so instead of a form he cannot use.
    const nothing = await ask(h, h.linus, h.lab, 'purpose lab-1 mine now');
    expect(seenCard(nothing).texts.slice(1)).toEqual(['You do not hold lab-1: its purpose is for Ada Ops to change.', 'You hold no testbeds right now, so there is no purpose to change.']);
  });
});
