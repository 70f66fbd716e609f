/**
 * The register form's release time, end to end: a filled custom date or time
 * is the person's choice whatever the quick choice says; when it cannot be
 * used the form comes back with the problem named under the field and the
 * values kept, and nothing is booked. The emulator's client checks the card's
 * inputs like a renderer, so these submits are what a real client sends.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EmuMessage, EmuPerson } from '../../src/platform/emulator/api.js';
import { ask, click, startHarness, type Harness } from '../support/harness.js';
import { fieldErrorText, headingText, input, refusal } from '../support/form-card.js';
import { seenCard } from '../support/card-text.js';

const ZONE = 'Europe/Berlin';
const DAY = 86_400_000;

const berlin = new Intl.DateTimeFormat('sv-SE', {
  timeZone: ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/** `YYYY-MM-DD` on a Berlin wall calendar at `ms`. */
const berlinDate = (ms: number) => berlin.format(ms).slice(0, 10);

/** The instant at which Berlin clocks show `date` `time` (Berlin is UTC+1 or UTC+2). */
function berlinInstant(date: string, time: string): string {
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  for (const offsetHours of [1, 2]) {
    const ms = Date.UTC(year, month - 1, day, hour, minute) - offsetHours * 3_600_000;
    if (berlin.format(ms) === `${date} ${time}`) return new Date(ms).toISOString();
  }
  throw new Error(`${date} ${time} does not exist in ${ZONE}`);
}

const utcText = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;
/** The line of a success card that says until when: `Expected release: …`. */
const dueLine = (message: EmuMessage) => seenCard(message).texts.find((text) => text.startsWith('Expected release: '));

describe('a release time someone entered is never ignored', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness({ env: { DISPLAY_TIMEZONE: ZONE } });
  });
  afterEach(async () => {
    await h.close();
  });

  const registerForm = async (person: EmuPerson = h.ada) => click(h, person, await ask(h, person, h.lab, 'testbed'), 'register');

  const expectFormBack = (card: EmuMessage, kept: Record<string, string>) => {
    expect(headingText(card)).toBe('Register a testbed');
    for (const [id, value] of Object.entries(kept)) expect(input(card, id).value, id).toBe(value);
  };

  const expectNothingBooked = async () => {
    await h.app.idle();
    expect((await h.readTestbeds()).map((record) => record.status)).toEqual(['available', 'available', 'available']);
  };

  it('a filled date and time win over the quick choice, and the success card states that release', async () => {
    const date = berlinDate(Date.now() + 3 * DAY);
    const expected = berlinInstant(date, '12:00');
    const success = await click(h, h.ada, await registerForm(), 'register_submit', {
      testbed_id: '2',
      purpose: 'date wins',
      release_choice: '1h',
      release_date: date,
      release_time: '12:00',
    });
    expect(headingText(success)).toMatch(/^Booked: /);
    expect(dueLine(success)).toMatch(new RegExp(`^Expected release: ${utcText(expected)} \\(${date} 12:00 ${ZONE}\\) \\(in [234] d\\)$`));
    expect((await h.readTestbeds()).find((record) => record.id === 2)?.expected_release_time).toBe(expected);

    // With no quick choice at all, the date and time alone are enough (the choice is not a required input).
    const noChoice = await click(h, h.linus, await registerForm(h.linus), 'register_submit', {
      testbed_id: '3',
      purpose: 'no quick choice',
      release_date: date,
      release_time: '12:00',
    });
    expect(dueLine(noChoice)).toMatch(new RegExp(`^Expected release: ${utcText(expected)} `));
    expect((await h.readTestbeds()).find((record) => record.id === 3)?.expected_release_time).toBe(expected);
  });

  it('a quick choice with a time already past today is refused: problem named, values kept, nothing booked', async () => {
    const form = await registerForm();
    const today = String(input(form, 'release_date').min); // the first day the calendar offers
    const values = { testbed_id: '1', purpose: 'too late', release_choice: '1h', release_date: today, release_time: '00:00' };
    const again = await click(h, h.ada, form, 'register_submit', values);
    expectFormBack(again, values);
    const problem = fieldErrorText(again, 'release_date');
    expect(problem).toMatch(/^That time has already passed/);
    expect(problem).toContain('Or clear the custom date and time to use the quick choice');
    expect(fieldErrorText(again, 'release_choice')).toBeUndefined();
    await expectNothingBooked();
  });

  it('a date before the calendar allows is stopped by the client, and refused by the bot when a client sends it anyway', async () => {
    const form = await registerForm();
    const today = String(input(form, 'release_date').min);
    const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - DAY).toISOString().slice(0, 10);
    const values = { testbed_id: '1', purpose: 'yesterday', release_choice: '4h', release_date: yesterday, release_time: '12:00' };

    const since = h.emu.messageCount();
    const refused = refusal(() => h.emu.submitCard({ personId: h.ada.id, messageId: form.id, action: 'register_submit', inputs: values }));
    expect(refused.problems).toEqual([{ id: 'release_date', message: 'Pick a date from today to 90 days ahead.' }]);

    // A client that does not check the calendar's bounds.
    h.emu.submitRaw({ personId: h.ada.id, messageId: form.id, inputs: { action: 'register_submit', ...values } });
    const again = await h.emu.waitForMessage((m) => m.roomId === h.lab.id && m.personId === h.bot.id, { since });
    expectFormBack(again, values);
    expect(fieldErrorText(again, 'release_date')).toMatch(/^That time has already passed/);
    await expectNothingBooked();
  });

  it('custom with an empty date asks for the date and time, keeps the values and books nothing', async () => {
    const values = { testbed_id: '2', purpose: 'custom but empty', release_choice: 'custom' };
    const again = await click(h, h.ada, await registerForm(), 'register_submit', values);
    expectFormBack(again, values);
    expect(fieldErrorText(again, 'release_date')).toMatch(/^Pick a date and a time for your custom release time/);
    await expectNothingBooked();
  });

  it('a time without a date asks for the date, with or without a quick choice, and books nothing', async () => {
    const values = { testbed_id: '3', purpose: 'time only', release_choice: '1h', release_time: '10:00' };
    const again = await click(h, h.ada, await registerForm(), 'register_submit', values);
    expectFormBack(again, values);
    const withChoice = fieldErrorText(again, 'release_date');
    expect(withChoice).toMatch(/^You filled in a time: pick a date for it too/);
    expect(withChoice).toContain('Or clear the custom date and time to use the quick choice');

    // The same form again with the quick choice cleared: the hint about it goes, the question stays.
    const cleared = await click(h, h.ada, again, 'register_submit', { release_choice: '' });
    expectFormBack(cleared, { testbed_id: '3', purpose: 'time only', release_time: '10:00' });
    expect(input(cleared, 'release_choice').value).toBeUndefined();
    const withoutChoice = fieldErrorText(cleared, 'release_date');
    expect(withoutChoice).toMatch(/^You filled in a time: pick a date for it too/);
    expect(withoutChoice).not.toContain('quick choice');
    await expectNothingBooked();
  });

  it('the client does not send a form with empty required inputs; the next complete submit is the only one answered', async () => {
    const form = await registerForm();
    const since = h.emu.messageCount();
    const refused = refusal(() =>
      h.emu.submitCard({ personId: h.ada.id, messageId: form.id, action: 'register_submit', inputs: { release_choice: '1d' } }),
    );
    expect(refused.problems).toEqual([
      { id: 'testbed_id', message: 'Choose the testbed you want to book.' },
      { id: 'purpose', message: 'Tell us what you need the testbed for.' },
    ]);
    await expectNothingBooked();
    const success = await click(h, h.ada, form, 'register_submit', { testbed_id: '1', purpose: 'complete', release_choice: '1d' });
    expect(headingText(success)).toMatch(/^Booked: /);
    await h.app.idle();
    expect(h.emu.messages({ roomId: h.lab.id }).slice(-1)[0].id).toBe(success.id);
    expect(h.emu.messageCount() - since).toBe(1);
  });

  it('`what time zone do you use` names the lab’s zone, its offset and the time there; `set my timezone to …` in a 1:1 room says it is one for everybody', async () => {
    const asked = seenCard(await ask(h, h.ada, h.lab, 'what time zone do you use'));
    expect(asked.heading).toBe('Times here are on Europe/Berlin');
    const nowLine = asked.texts[1];
    expect(nowLine).toMatch(/^Every time I show, and every time typed without a zone, is on Europe\/Berlin \(UTC\+0[12]:00 now\)\. It is \w+day, \d{4}-\d\d-\d\d \d\d:\d\d Europe\/Berlin there now\.$/);
    // The time said is Berlin's now (give or take the minute it turned while asking).
    const said = /(\d{4}-\d\d-\d\d \d\d:\d\d) Europe/.exec(nowLine)![1];
    expect([berlin.format(Date.now()), berlin.format(Date.now() - 60_000)]).toContain(said);
    // Another clock asked about comes first, the lab's after it.
    const other = seenCard(await ask(h, h.ada, h.lab, 'what time is it in UTC'));
    expect(other.texts[1]).toMatch(/^In UTC \(UTC\+00:00 now\) it is \w+day, \d{4}-\d\d-\d\d \d\d:\d\d\.$/);
    expect(other.texts[2]).toMatch(/^Every time I show/);
    const direct = h.emu.directRoom(h.ada.id, h.bot.id);
    const set = seenCard(await ask(h, h.ada, direct, 'set my timezone to Asia/Kolkata'));
    expect(set.texts[1]).toBe('I keep one time zone for the whole lab, so I cannot set one for you.');
  });
});
