/**
 * `register lab-3` and `release lab-3`: the form opens on the testbed named, so a click on its
 * button (with nothing else chosen, as a client sends the card's defaults) acts on that testbed.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ask, availableTestbed, buttonTitles, click, seenCard, startHarness, type Harness } from '../support/harness.js';
import { fieldErrorText, input } from '../support/form-card.js';

describe('a testbed named with the command', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(async () => {
    await h.close();
  });

  /** The title of the choice a picker starts on, as the person sees it. */
  function startsOn(card: Parameters<typeof input>[0]): string | undefined {
    const picker = input(card, 'testbed_id') as { value?: string; choices: { title: string; value: string }[] };
    return picker.choices.find((choice) => choice.value === picker.value)?.title;
  }

  it('`register lab-3` opens the form on lab-3, and Register books lab-3', async () => {
    const form = await ask(h, h.ada, h.lab, 'register lab-3');
    expect(seenCard(form).heading).toBe('Register a testbed');
    expect(startsOn(form)).toBe('lab-3');
    expect(fieldErrorText(form, 'testbed_id')).toBeUndefined();
    const booked = await click(h, h.ada, form, 'register_submit', { purpose: 'soak', release_choice: '1h' });
    expect(seenCard(booked).heading).toBe('Booked: lab-3');
  });

  it('`release lab-3` opens the release form on lab-3, and Release frees it', async () => {
    await click(h, h.ada, await ask(h, h.ada, h.lab, 'register lab-1'), 'register_submit', { purpose: 'soak', release_choice: '1h' });
    await click(h, h.ada, await ask(h, h.ada, h.lab, 'book lab-3'), 'register_submit', { purpose: 'soak', release_choice: '1h' });
    const form = await ask(h, h.ada, h.lab, 'release LAB-3');
    // Two of Ada's bookings are listed; without the name the picker would start on neither.
    expect(startsOn(form)).toBe('lab-3 — yours, held for less than a minute');
    const released = await click(h, h.ada, form, 'release_submit');
    expect(seenCard(released).heading).toBe('Released: lab-3');
    // Said as people say it: the same form, on lab-1.
    const said = await ask(h, h.ada, h.lab, 'done testing on lab-1');
    expect(startsOn(said)).toBe('lab-1 — yours, held for less than a minute');
    expect(seenCard(await click(h, h.ada, said, 'release_submit')).heading).toBe('Released: lab-1');
  });

  it('another separator in the name (`book lab 3`, a phone\'s dash in `lab–3`), quotes around it, a greeting or a mark before it: the form starts on it', async () => {
    for (const typed of ['book lab 3 for 2 hours', 'book lab–3', 'register LAB_3', "book 'lab-3'", 'book «lab-3»', 'hi, book lab-3', 'book: lab-3']) {
      const form = await ask(h, h.ada, h.lab, typed);
      expect(startsOn(form), typed).toBe('lab-3');
      expect(fieldErrorText(form, 'testbed_id'), typed).toBeUndefined();
    }
    expect(seenCard(await ask(h, h.ada, h.lab, 'status lab 3')).texts[1]).toMatch(/^Testbed lab-3 · As of /);
  });

  it('`book two testbeds` starts the form on none and says it books one at a time; `release both` shows her bookings with Release all mine', async () => {
    const two = await ask(h, h.ada, h.lab, 'book two testbeds');
    expect(startsOn(two)).toBeUndefined();
    expect(fieldErrorText(two, 'testbed_id')).toBe('One testbed at a time: this form books one. Press Register, then type book again for the next.');
    // (`book any 2` read `2` as 2pm, `book any two` named a testbed “two”.)
    for (const typed of ['book everything', 'book both', 'book all free testbeds', 'I need two testbeds', 'two testbeds please', 'two free testbeds please', 'book any two', 'book any 2']) {
      expect(fieldErrorText(await ask(h, h.ada, h.lab, typed), 'testbed_id'), typed).toBe('One testbed at a time: this form books one. Press Register, then type book again for the next.');
    }
    await click(h, h.ada, await ask(h, h.ada, h.lab, 'book lab-1'), 'register_submit', { purpose: 'soak', release_choice: '1h' });
    await click(h, h.ada, await ask(h, h.ada, h.lab, 'book lab-2'), 'register_submit', { purpose: 'soak', release_choice: '1h' });
    const both = await ask(h, h.ada, h.lab, 'release both');
    expect(seenCard(both).heading).toBe('Your bookings');
    expect(seenCard(await click(h, h.ada, both, 'release_all')).heading).toBe('Released 2 testbeds');
  });

  it('a slip in the name (`register lab-33`) names the testbed meant, and chooses nothing for the person', async () => {
    const slip = await ask(h, h.linus, h.lab, 'register LAB-33');
    expect(startsOn(slip)).toBeUndefined();
    expect(fieldErrorText(slip, 'testbed_id')).toBe('No testbed is called “LAB-33”. Did you mean lab-3? Choose it from the list.');

    await click(h, h.ada, await ask(h, h.ada, h.lab, 'register lab-2'), 'register_submit', { purpose: 'soak', release_choice: '1h' });
    const busy = await ask(h, h.linus, h.lab, 'book lab-22');
    expect(fieldErrorText(busy, 'testbed_id')).toBe('No testbed is called “lab-22”. Did you mean lab-2? lab-2 is not free to book right now: choose a free one, or press Status to wait for it.');
    const release = await ask(h, h.linus, h.lab, 'release lab-22');
    expect(fieldErrorText(release, 'testbed_id')).toBe('No testbed is called “lab-22”. Did you mean lab-2? Choose it from the list.');
  });

  it('a name run together (`book lab3`) or a testbed\'s number alone (`book 3`, `release #3`, `status 3`) is that testbed: the form starts on it', async () => {
    for (const typed of ['book lab3', 'register LAB3 for 2 hours', 'book 3', 'book #3', 'book testbed 3', 'book no. 3']) {
      const form = await ask(h, h.ada, h.lab, typed);
      expect(startsOn(form), typed).toBe('lab-3');
      expect(fieldErrorText(form, 'testbed_id'), typed).toBeUndefined();
    }
    const booked = await click(h, h.ada, await ask(h, h.ada, h.lab, 'book 3'), 'register_submit', { purpose: 'soak', release_choice: '1h' });
    expect(seenCard(booked).heading).toBe('Booked: lab-3');
    for (const typed of ['status 3', 'lab3', 'is 3 free']) expect(seenCard(await ask(h, h.ada, h.lab, typed)).texts[1], typed).toMatch(/^Testbed lab-3 · As of /);
    const release = await ask(h, h.ada, h.lab, 'release #3');
    expect(startsOn(release)).toBe('lab-3 — yours, held for less than a minute');
    expect(seenCard(await click(h, h.ada, release, 'release_submit')).heading).toBe('Released: lab-3');
    // A number two testbeds carry is neither: the form says so and starts on none.
    const both = await startHarness({ testbeds: [availableTestbed(3, 'lab-3'), availableTestbed(13, 'TB-03 Wi-Fi 7 lab')] });
    try {
      const form = await ask(both, both.ada, both.lab, 'book 3');
      expect(startsOn(form)).toBeUndefined();
      expect(fieldErrorText(form, 'testbed_id')).toBe('More than one testbed has the number 3: choose one from the list.');
      expect(seenCard(await ask(both, both.ada, both.lab, 'wait 3')).texts).toContain('More than one testbed has the number 3: type more of its name.');
      expect(startsOn(await ask(both, both.ada, both.lab, 'book tb3'))).toBe('TB-03 Wi-Fi 7 lab');
    } finally {
      await both.close();
    }
  });

  it('`book again` fills the form in as her last booking was: its testbed, purpose and length; `book lab-1 again` only from lab-1\'s, and says when there is none', async () => {
    const none = await ask(h, h.ada, h.lab, 'book again');
    expect(seenCard(none).texts).toContain('I found no booking of yours in the last 30 days to book again, so nothing more is filled in.');
    expect(startsOn(none)).toBeUndefined();

    await click(h, h.ada, await ask(h, h.ada, h.lab, 'book lab-2 for 3 hours for the soak'), 'register_submit');
    expect(seenCard(await click(h, h.ada, await ask(h, h.ada, h.lab, 'release lab-2'), 'release_submit')).heading).toBe('Released: lab-2');
    const day = new Date().toISOString().slice(0, 10);
    for (const typed of ['book again', 'same as last time', 'rebook', 'book lab-2 again']) {
      const form = await ask(h, h.ada, h.lab, typed);
      expect(seenCard(form).texts, typed).toContain(`As your booking of lab-2 on ${day}: 3 h, for “the soak”.`);
      expect(startsOn(form), typed).toBe('lab-2');
      expect((input(form, 'purpose') as { value?: string }).value, typed).toBe('the soak');
    }
    const again = await click(h, h.ada, await ask(h, h.ada, h.lab, 'book again'), 'register_submit');
    expect(seenCard(again).heading).toBe('Booked: lab-2');
    const record = (await h.readTestbeds()).find((candidate) => candidate.testbed_name === 'lab-2')!;
    expect(record.purpose).toBe('the soak');
    const lasts = Date.parse(record.expected_release_time ?? '') - Date.parse(record.registered_time ?? '');
    expect(lasts).toBeGreaterThan(3 * 3_600_000 - 61_000);
    expect(lasts).toBeLessThanOrEqual(3 * 3_600_000);

    // Of one testbed: none of lab-1, said above the form on lab-1. Somebody else's booking is not hers to repeat.
    const lab1 = await ask(h, h.ada, h.lab, 'book lab-1 again');
    expect(seenCard(lab1).texts).toContain('I found no booking of lab-1 of yours in the last 30 days to book again, so nothing more is filled in.');
    expect(startsOn(lab1)).toBe('lab-1');
    expect(seenCard(await ask(h, h.linus, h.lab, 'book again')).texts).toContain('I found no booking of yours in the last 30 days to book again, so nothing more is filled in.');
  });

  it('`book 3 hours` (a length with no testbed) fills the time and leaves the testbed to choose; `book tomorrow 9 to 12` says it cannot book ahead', async () => {
    const form = await ask(h, h.ada, h.lab, 'book 3 hours for the soak');
    expect(startsOn(form)).toBeUndefined();
    expect(fieldErrorText(form, 'testbed_id')).toBeUndefined();
    expect((input(form, 'purpose') as { value?: string }).value).toBe('the soak');
    expect((input(form, 'release_choice') as { value?: string }).value).toBe('custom');
    const ahead = await ask(h, h.ada, h.lab, 'book tomorrow 9 to 12');
    expect(fieldErrorText(ahead, 'release_choice')).toMatch(/^A booking starts when it is made, so I cannot book ahead \(“tomorrow 9 to 12”\)/);
    expect(startsOn(ahead)).toBeUndefined();
  });

  it('says under the picker why it cannot start on the testbed named', async () => {
    await click(h, h.ada, await ask(h, h.ada, h.lab, 'register lab-2'), 'register_submit', { purpose: 'soak', release_choice: '1h' });

    // Somebody holds lab-2: the answer is who, until when, and how to wait or ask, not a form that cannot take it.
    const taken = await ask(h, h.linus, h.lab, 'register lab-2 for 2 hours');
    expect(seenCard(taken).heading).toBe('lab-2 is taken');
    expect(seenCard(taken).texts[1]).toMatch(/^lab-2 is already held by Ada Ops \(ada@example\.com\), since /);
    expect(buttonTitles(taken)).toEqual(['Choose another', 'Notify me when free', 'Ask the holder', 'Status', 'Menu']);
    const queued = await click(h, h.linus, taken, 'wait');
    expect(seenCard(queued).heading).toBe('You are #1 for lab-2');
    const own = await ask(h, h.ada, h.lab, 'register lab-2');
    expect(seenCard(own).heading).toBe('You already hold it');
    expect(buttonTitles(own)).toEqual(['Choose another', 'Mine', 'Status', 'Menu']);
    // With a time past its current end (`book lab-2 for 3 days`): her bookings, lab-2 chosen, Extend to that time.
    const longer = await ask(h, h.ada, h.lab, 'book lab-2 for 3 days');
    expect(seenCard(longer).heading).toBe('Your bookings');
    expect((input(longer, 'testbed_id') as { value?: string }).value).toBe('2');
    expect(buttonTitles(longer)[0]).toMatch(/^Extend to \d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
    // A slip that lands on a busy testbed still names it under the picker.
    expect(fieldErrorText(await ask(h, h.linus, h.lab, 'register lab-22'), 'testbed_id')).toBe(
      'No testbed is called “lab-22”. Did you mean lab-2? lab-2 is not free to book right now: choose a free one, or press Status to wait for it.',
    );
    // Run together, it is lab-2 itself: taken, as by its name.
    expect(seenCard(await ask(h, h.linus, h.lab, 'register lab2')).heading).toBe('lab-2 is taken');

    // lab-9 is one slip from lab-1, lab-2 and lab-3 alike: none is named.
    const unknown = await ask(h, h.linus, h.lab, 'register lab-9');
    expect(fieldErrorText(unknown, 'testbed_id')).toBe('No testbed is called “lab-9”: choose one from the list.');
    expect(fieldErrorText(await ask(h, h.linus, h.lab, 'register rack'), 'testbed_id')).toBe('No testbed is called “rack”: choose one from the list.');

    const free = await ask(h, h.linus, h.lab, 'release lab-1');
    expect(startsOn(free)).toBeUndefined();
    expect(fieldErrorText(free, 'testbed_id')).toBe('lab-1 is not booked, so there is nothing to release: choose one from the list.');
  });

  /** The names of the testbed rows a status card shows, in order. */
  const rowNames = (card: Parameters<typeof seenCard>[0]) =>
    seenCard(card).texts.filter((text) => text.startsWith('● ')).map((text) => text.slice(2).split(' · ')[0]);

  it('`what\'s free?` shows only the free testbeds; `when is lab-2 free?` shows lab-2 with its expected release', async () => {
    await click(h, h.ada, await ask(h, h.ada, h.lab, 'register lab-2'), 'register_submit', { purpose: 'soak', release_choice: '4h' });

    const free = await ask(h, h.linus, h.lab, "what's free?");
    expect(seenCard(free).texts[1]).toMatch(/^Free now · As of /);
    expect(rowNames(free)).toEqual(['lab-1', 'lab-3']);
    expect(rowNames(await ask(h, h.linus, h.lab, 'status in use'))).toEqual(['lab-2']);
    // The words for free and for the whole lab, as people ask.
    expect(rowNames(await ask(h, h.linus, h.lab, 'which testbeds are idle'))).toEqual(['lab-1', 'lab-3']);
    // The whole lab, the booked one first.
    expect(rowNames(await ask(h, h.linus, h.lab, 'everything'))).toEqual(['lab-2', 'lab-1', 'lab-3']);
    expect(seenCard(await ask(h, h.linus, h.lab, 'who has the most bookings')).heading).toBe('Usage, last 7 days');

    const when = seenCard(await ask(h, h.linus, h.lab, 'when is lab-2 free?'));
    expect(when.texts[1]).toMatch(/^Testbed lab-2 · As of /);
    expect(when.texts.find((text) => text.startsWith('Expected release: '))).toMatch(/\(in 4 h\)$/);

    // Everything booked: the answer says so and shows every testbed, with the picker to wait for one.
    await click(h, h.ada, await ask(h, h.ada, h.lab, 'register lab-1'), 'register_submit', { purpose: 'soak', release_choice: '1h' });
    await click(h, h.ada, await ask(h, h.ada, h.lab, 'register lab-3'), 'register_submit', { purpose: 'soak', release_choice: '1h' });
    const none = await ask(h, h.linus, h.lab, 'anything free?');
    expect(seenCard(none).texts).toContain('Nothing is free right now.');
    expect(rowNames(none)).toEqual(['lab-1', 'lab-2', 'lab-3']);
    expect(seenCard(none).choices('testbed_id')).toEqual(['lab-1', 'lab-2', 'lab-3']);
  });

  it('`book lab-3 for 2 hours` arrives filled in: one press with a purpose books lab-3 for two hours', async () => {
    const form = await ask(h, h.linus, h.lab, 'book lab-3 for 2 hours');
    expect(startsOn(form)).toBe('lab-3');
    expect((input(form, 'release_choice') as { value?: string }).value).toBe('custom');
    const booked = await click(h, h.linus, form, 'register_submit', { purpose: 'soak' });
    expect(seenCard(booked).heading).toBe('Booked: lab-3');
    const record = (await h.readTestbeds()).find((candidate) => candidate.testbed_name === 'lab-3')!;
    // The custom time is read to the minute, so the booking lasts two hours, less at most a minute.
    const lasts = Date.parse(record.expected_release_time ?? '') - Date.parse(record.registered_time ?? '');
    expect(lasts).toBeGreaterThan(2 * 3_600_000 - 61_000);
    expect(lasts).toBeLessThanOrEqual(2 * 3_600_000);
  });

  it('`book lab-3 2 hours for regression` and `book lab-1 regression till eod` arrive filled in with the time and the purpose: one press books', async () => {
    const form = await ask(h, h.linus, h.lab, 'book lab-3 2 hours for regression');
    expect(startsOn(form)).toBe('lab-3');
    expect(input(form, 'purpose')).toMatchObject({ value: 'regression' });
    expect(fieldErrorText(form, 'release_choice')).toBeUndefined();
    expect(seenCard(await click(h, h.linus, form, 'register_submit')).heading).toBe('Booked: lab-3');
    const lab3 = (await h.readTestbeds()).find((candidate) => candidate.testbed_name === 'lab-3')!;
    expect(lab3.purpose).toBe('regression');
    // Two hours, read to the minute.
    const lasts = Date.parse(lab3.expected_release_time ?? '') - Date.parse(lab3.registered_time ?? '');
    expect(lasts).toBeGreaterThan(2 * 3_600_000 - 61_000);
    expect(lasts).toBeLessThanOrEqual(2 * 3_600_000);

    const eod = await ask(h, h.ada, h.lab, 'book lab-1 regression till eod');
    expect(startsOn(eod)).toBe('lab-1');
    expect(input(eod, 'purpose')).toMatchObject({ value: 'regression' });
    expect(input(eod, 'release_choice')).toMatchObject({ value: 'eod' });
    expect(seenCard(await click(h, h.ada, eod, 'register_submit')).heading).toBe('Booked: lab-1');
    expect((await h.readTestbeds()).find((candidate) => candidate.testbed_name === 'lab-1')!.purpose).toBe('regression');
  });

  it('a length said in words (`for ninety minutes`, `for a day and 3 hours`) is booked for that long', async () => {
    const lasts = async (name: string) => {
      const record = (await h.readTestbeds()).find((candidate) => candidate.testbed_name === name)!;
      return Date.parse(record.expected_release_time ?? '') - Date.parse(record.registered_time ?? '');
    };
    const ninety = await ask(h, h.linus, h.lab, 'book lab-3 for ninety minutes for the soak');
    expect(startsOn(ninety)).toBe('lab-3');
    expect(input(ninety, 'purpose')).toMatchObject({ value: 'the soak' });
    expect(seenCard(await click(h, h.linus, ninety, 'register_submit')).heading).toBe('Booked: lab-3');
    // The custom time is read to the minute: ninety minutes, less at most a minute.
    expect(await lasts('lab-3')).toBeGreaterThan(90 * 60_000 - 61_000);
    expect(await lasts('lab-3')).toBeLessThanOrEqual(90 * 60_000);
    const longer = await ask(h, h.ada, h.lab, 'book lab-1 for a day and 3 hours');
    expect(seenCard(await click(h, h.ada, longer, 'register_submit', { purpose: 'soak' })).heading).toBe('Booked: lab-1');
    expect(await lasts('lab-1')).toBeGreaterThan(27 * 3_600_000 - 61_000);
    expect(await lasts('lab-1')).toBeLessThanOrEqual(27 * 3_600_000);
  });

  it('`register lab-1 until tomorrow 9am for the firmware soak` fills the time and the purpose; a time the form refuses is named at once', async () => {
    const tomorrow = () => new Date(Date.now() + 24 * 3_600_000).toISOString().slice(0, 10);
    const dayBefore = tomorrow();
    const form = await ask(h, h.ada, h.lab, 'register lab-1 until tomorrow 9am for the firmware soak');
    expect((input(form, 'purpose') as { value?: string }).value).toBe('the firmware soak');
    expect(fieldErrorText(form, 'release_date')).toBeUndefined();
    const booked = await click(h, h.ada, form, 'register_submit');
    expect(seenCard(booked).heading).toBe('Booked: lab-1');
    const record = (await h.readTestbeds()).find((candidate) => candidate.testbed_name === 'lab-1')!;
    expect(record.purpose).toBe('the firmware soak');
    // Tomorrow at 09:00 in the display zone (UTC here), whichever day the test ran into.
    expect([`${dayBefore}T09:00:00.000Z`, `${tomorrow()}T09:00:00.000Z`]).toContain(record.expected_release_time);

    const unread = await ask(h, h.ada, h.lab, 'book lab-3 until the demo');
    expect(startsOn(unread)).toBe('lab-3');
    expect(fieldErrorText(unread, 'release_choice')).toBe('I could not read “until the demo” as a time: choose when below.');
    // A length without how long is asked about, and is not the purpose.
    const vague = await ask(h, h.ada, h.lab, 'book lab-3 for a while');
    expect(fieldErrorText(vague, 'release_choice')).toBe('How long is “a while”? Choose when you will release it below.');
    expect((input(vague, 'purpose') as { value?: string }).value ?? '').toBe('');
    expect(fieldErrorText(await ask(h, h.ada, h.lab, 'book lab-3 for now'), 'release_choice')).toBe('Until when? Choose when you will release it below.');
    // A booking with no end is said to need one, and the words are no purpose.
    const forever = await ask(h, h.ada, h.lab, 'book lab-3 for as long as needed');
    expect(fieldErrorText(forever, 'release_choice')).toBe('A booking needs an expected release, at most 90 days ahead (“for as long as needed”): choose when below, and extend it later as often as you need.');
    expect((input(forever, 'purpose') as { value?: string }).value ?? '').toBe('');
    expect(fieldErrorText(await ask(h, h.ada, h.lab, 'book lab-3 until further notice'), 'release_choice')).toMatch(/^A booking needs an expected release, at most 90 days ahead \(“until further notice”\)/);
    // `by` a time is until it; `at 5` or `in an hour` asks for a later start.
    const by = await ask(h, h.ada, h.lab, 'book lab-3 by eod');
    expect(fieldErrorText(by, 'release_choice')).toBeUndefined();
    expect(input(by, 'release_choice')).toMatchObject({ value: 'eod' });
    expect(fieldErrorText(await ask(h, h.ada, h.lab, 'book lab-3 in an hour'), 'release_choice')).toMatch(/^A booking starts when it is made, so I cannot book ahead \(“in an hour”\)/);

    // A start on a later day, whatever the hour the test runs at (a range that has begun today is read as until its end).
    const fromTo = await ask(h, h.ada, h.lab, 'book lab-3 tomorrow from 2pm to 5pm');
    expect(startsOn(fromTo)).toBe('lab-3');
    expect(fieldErrorText(fromTo, 'release_choice')).toBe(
      'A booking starts when it is made, so I cannot book ahead (“tomorrow from 2pm to 5pm”). Choose when you will release it below to book it now, or come back and book it then.',
    );
    // A range that has begun (from this minute, to two hours on): until its end.
    const clock = (at: number) => new Date(at).toISOString().slice(11, 16);
    const started = Date.now();
    const range = await ask(h, h.ada, h.lab, `book lab-3 from ${clock(started)} to ${clock(started + 2 * 3_600_000)}`);
    expect(startsOn(range)).toBe('lab-3');
    expect(fieldErrorText(range, 'release_choice')).toBeUndefined();
    expect(input(range, 'release_choice')).toMatchObject({ value: 'custom' });
    expect(input(range, 'release_time')).toMatchObject({ value: clock(started + 2 * 3_600_000) });
    const nextWeek = await ask(h, h.ada, h.lab, 'book lab-3 next week');
    expect(startsOn(nextWeek)).toBe('lab-3');
    expect(fieldErrorText(nextWeek, 'release_choice')).toBe(
      'A booking starts when it is made, so I cannot book ahead (“next week”). Choose when you will release it below to book it now, or come back and book it then.',
    );
    // `for tomorrow` is a later day, not a purpose.
    const forTomorrow = await ask(h, h.ada, h.lab, 'reserve lab-3 for tomorrow');
    expect(startsOn(forTomorrow)).toBe('lab-3');
    expect(input(forTomorrow, 'purpose').value).toBeUndefined();
    expect(fieldErrorText(forTomorrow, 'release_choice')).toBe(
      'A booking starts when it is made, so I cannot book ahead (“for tomorrow”). Choose when you will release it below to book it now, or come back and book it then.',
    );
    const fromNow = await ask(h, h.ada, h.lab, 'book lab-3 from now to friday 17:00 to test upgrades');
    expect(startsOn(fromNow)).toBe('lab-3');
    expect(input(fromNow, 'purpose')).toMatchObject({ value: 'test upgrades' });
    expect(input(fromNow, 'release_choice')).toMatchObject({ value: 'custom' });
    expect(input(fromNow, 'release_time')).toMatchObject({ value: '17:00' });

    const tooLong = await ask(h, h.ada, h.lab, 'book lab-2 for 100 days');
    expect(startsOn(tooLong)).toBe('lab-2');
    expect(fieldErrorText(tooLong, 'release_date')).toMatch(/^Book for at most 90 days \(until /);
  });

  it('`it` is the testbed the person asked about last: `when will it be free?`, `wait for it`; another person\'s `it` is their own', async () => {
    // lab-2 is booked by Linus; Ada asks for it and is told it is taken.
    await click(h, h.linus, await ask(h, h.linus, h.lab, 'book lab-2'), 'register_submit', { purpose: 'soak', release_choice: '4h' });
    const taken = await ask(h, h.ada, h.lab, 'book lab-2');
    expect(seenCard(taken).heading).toBe('lab-2 is taken');
    const when = await ask(h, h.ada, h.lab, 'when will it be free?');
    expect(seenCard(when).texts[1]).toMatch(/^Testbed lab-2 · As of /);
    const queued = await ask(h, h.ada, h.lab, 'wait for it');
    expect(seenCard(queued).heading).toBe('You are #1 for lab-2');
    // Naming another testbed moves `it` on.
    await ask(h, h.ada, h.lab, 'who has lab-3?');
    const booking = await ask(h, h.ada, h.lab, 'book it for 2 hours');
    expect(startsOn(booking)).toBe('lab-3');
    // Linus's `it` is still the testbed he booked, not the one Ada asked about.
    const his = await ask(h, h.linus, h.lab, 'is it free?');
    expect(seenCard(his).texts[1]).toMatch(/^Testbed lab-2 · As of /);
  });

  it('`anyone seen lab-2 today?` gets a hint about lab-2: Its status shows lab-2 alone, Book it starts the form on it', async () => {
    const hint = await ask(h, h.linus, h.lab, 'anyone seen lab-2 today?');
    expect(seenCard(hint).texts).toEqual(['I did not understand that. Is it about lab-2? Press a button, or type help to see everything I can do.']);
    expect(buttonTitles(hint)).toEqual(['Its status', 'Book it', 'Menu']);
    expect(rowNames(await click(h, h.linus, hint, 'status'))).toEqual(['lab-2']);
    const form = await click(h, h.linus, hint, 'register');
    expect(startsOn(form)).toBe('lab-2');
    // Once lab-2 is booked, the hint no longer offers to book it: Ada may ask Linus, its holder, instead.
    await click(h, h.linus, form, 'register_submit', { purpose: 'soak', release_choice: '1h' });
    expect(buttonTitles(await ask(h, h.ada, h.lab, 'anyone seen lab-2 today?'))).toEqual(['Its status', 'Ask the holder', 'Menu']);
  });

  it('`extend lab-3 until <a time>` offers Extend to that time: one press sets it, a second changes nothing', async () => {
    await click(h, h.ada, await ask(h, h.ada, h.lab, 'register lab-3'), 'register_submit', { purpose: 'soak', release_choice: '1h' });
    // Three hours from now, to the minute, as a person types it.
    const target = new Date(Math.floor((Date.now() + 3 * 3_600_000) / 60_000) * 60_000);
    const clock = target.toISOString().slice(11, 16);
    const mine = await ask(h, h.ada, h.lab, `extend lab-3 until ${clock}`);
    expect(startsOn(mine)).toBe('lab-3');
    const [extendTo] = buttonTitles(mine);
    expect(extendTo).toMatch(new RegExp(`^Extend to (\\d{4}-\\d\\d-\\d\\d )?${clock} UTC$`));
    const extended = await click(h, h.ada, mine, 'extend');
    expect(seenCard(extended).heading).toBe('Extended: lab-3');
    const record = (await h.readTestbeds()).find((candidate) => candidate.testbed_name === 'lab-3')!;
    expect(record.expected_release_time).toBe(target.toISOString());
    const again = await click(h, h.ada, mine, 'extend');
    expect(seenCard(again).heading).toBe('Nothing was changed');
    expect(seenCard(again).texts).toContain(`lab-3 is already booked until ${target.toISOString().slice(0, 16).replace('T', ' ')} UTC, so there is nothing to extend.`);
  });

  it('a time typed with its zone (`until <time> IST`, `at <time> UTC`) books lab-3 until that instant, and moves its release there', async () => {
    // Three hours from now, to the minute, on India's clock (+5:30 all year).
    const target = new Date(Math.floor((Date.now() + 3 * 3_600_000) / 60_000) * 60_000);
    const utcClock = (at: Date) => at.toISOString().slice(11, 16);
    const indiaClock = utcClock(new Date(target.getTime() + 330 * 60_000));
    const form = await ask(h, h.ada, h.lab, `book lab-3 until ${indiaClock} IST for the soak`);
    expect(startsOn(form)).toBe('lab-3');
    // The form shows it on the display zone's clock (UTC here), where it is read.
    expect(input(form, 'release_date')).toMatchObject({ value: target.toISOString().slice(0, 10) });
    expect(input(form, 'release_time')).toMatchObject({ value: utcClock(target) });
    expect(input(form, 'purpose')).toMatchObject({ value: 'the soak' });
    expect(seenCard(await click(h, h.ada, form, 'register_submit')).heading).toBe('Booked: lab-3');
    const booked = (await h.readTestbeds()).find((candidate) => candidate.testbed_name === 'lab-3')!;
    expect(booked.expected_release_time).toBe(target.toISOString());

    // The bot's own way of writing a time, an hour earlier: Done by then.
    const earlier = new Date(target.getTime() - 3_600_000);
    const mine = await ask(h, h.ada, h.lab, `release lab-3 at ${utcClock(earlier)} UTC`);
    expect(startsOn(mine)).toBe('lab-3');
    expect(buttonTitles(mine)[0]).toMatch(new RegExp(`^Done by (\\d{4}-\\d\\d-\\d\\d )?${utcClock(earlier)} UTC$`));
    expect(seenCard(await click(h, h.ada, mine, 'done_by')).heading).toBe('Due back sooner: lab-3');
    const moved = (await h.readTestbeds()).find((candidate) => candidate.testbed_name === 'lab-3')!;
    expect(moved.expected_release_time).toBe(earlier.toISOString());

    // A zone no clock has is named as such, with the ways to write one, and nothing is chosen for the release.
    const unknown = await ask(h, h.linus, h.lab, 'book lab-1 until 17:00 atlantis time');
    expect(startsOn(unknown)).toBe('lab-1');
    expect(fieldErrorText(unknown, 'release_choice')).toBe(
      'I do not know the time zone “atlantis time”: write it as a zone’s name (Europe/Berlin), an abbreviation (CET) or an offset (UTC+1), or choose when below.',
    );
    expect(input(unknown, 'release_time')).not.toHaveProperty('value');
  });

  it('`book lab-3 tomorrow for the soak` (a day without its until) books lab-3 until this time tomorrow', async () => {
    const form = await ask(h, h.linus, h.lab, 'book lab-3 tomorrow for the soak');
    expect(startsOn(form)).toBe('lab-3');
    expect((input(form, 'release_choice') as { value?: string }).value).toBe('1d');
    expect((input(form, 'purpose') as { value?: string }).value).toBe('the soak');
    const booked = await click(h, h.linus, form, 'register_submit');
    expect(seenCard(booked).heading).toBe('Booked: lab-3');
    const record = (await h.readTestbeds()).find((candidate) => candidate.testbed_name === 'lab-3')!;
    expect(Date.parse(record.expected_release_time ?? '') - Date.parse(record.registered_time ?? '')).toBe(24 * 3_600_000);
  });

  it('`wait lab-1` on a free testbed: Book it opens the form on lab-1, and Register books it', async () => {
    const refused = await ask(h, h.linus, h.lab, 'wait lab-1');
    expect(seenCard(refused).texts).toContain('lab-1 is free right now: book it instead of waiting.');
    const form = await click(h, h.linus, refused, 'register');
    expect(startsOn(form)).toBe('lab-1');
    const booked = await click(h, h.linus, form, 'register_submit', { purpose: 'soak', release_choice: '1h' });
    expect(seenCard(booked).heading).toBe('Booked: lab-1');
  });

  it('`extend lab-3 by 2 hours` shows Ada\'s bookings with lab-3 chosen and Extend 2 hours, which extends lab-3 by two hours', async () => {
    await click(h, h.ada, await ask(h, h.ada, h.lab, 'register lab-1'), 'register_submit', { purpose: 'soak', release_choice: '1h' });
    await click(h, h.ada, await ask(h, h.ada, h.lab, 'register lab-3'), 'register_submit', { purpose: 'soak', release_choice: '1h' });
    const dueOf = (records: Awaited<ReturnType<Harness['readTestbeds']>>, name: string) =>
      Date.parse(records.find((record) => record.testbed_name === name)!.expected_release_time!);
    const before = await h.readTestbeds();
    const mine = await ask(h, h.ada, h.lab, 'extend lab-3 by 2 hours');
    expect(seenCard(mine).heading).toBe('Your bookings');
    expect(startsOn(mine)).toBe('lab-3');
    expect(buttonTitles(mine)).toEqual(['Extend 2 hours', 'Extend 1 day', 'Release', 'Release all mine', 'Status']);
    const extended = await click(h, h.ada, mine, 'extend');
    expect(seenCard(extended).heading).toBe('Extended: lab-3');
    const after = await h.readTestbeds();
    expect(dueOf(after, 'lab-3')).toBe(dueOf(before, 'lab-3') + 2 * 3_600_000);
    // lab-1, not chosen, keeps its time.
    expect(dueOf(after, 'lab-1')).toBe(dueOf(before, 'lab-1'));

    // Without a length the card keeps its own two.
    expect(buttonTitles(await ask(h, h.ada, h.lab, 'extend lab-3'))).toEqual(['Extend 1 hour', 'Extend 1 day', 'Release', 'Release all mine', 'Status']);
  });

  it('Release a testbed on the Booked card starts the form on that booking, with another of hers held too', async () => {
    await click(h, h.ada, await ask(h, h.ada, h.lab, 'register lab-1'), 'register_submit', { purpose: 'soak', release_choice: '1h' });
    const booked = await click(h, h.ada, await ask(h, h.ada, h.lab, 'register lab-3'), 'register_submit', { purpose: 'soak', release_choice: '1h' });
    const form = await click(h, h.ada, booked, 'Release a testbed');
    expect(startsOn(form)).toMatch(/^lab-3 — yours/);
    expect(seenCard(await click(h, h.ada, form, 'release_submit')).heading).toBe('Released: lab-3');
    expect((await h.readTestbeds()).filter((record) => record.status === 'in_use').map((record) => record.testbed_name)).toEqual(['lab-1']);
  });

  it('`extend lab-2 by 2 hours` from Linus, who holds lab-1 while Ada holds lab-2: a line says lab-2 is Ada\'s, and nothing of his takes the 2 hours', async () => {
    await click(h, h.ada, await ask(h, h.ada, h.lab, 'register lab-2'), 'register_submit', { purpose: 'soak', release_choice: '1h' });
    await click(h, h.linus, await ask(h, h.linus, h.lab, 'register lab-1'), 'register_submit', { purpose: 'soak', release_choice: '1h' });
    const mine = await ask(h, h.linus, h.lab, 'extend lab-2 by 2 hours');
    expect(seenCard(mine).texts[1]).toMatch(/^You do not hold lab-2: Ada Ops holds it; expected release: .*\.$/);
    expect(buttonTitles(mine).slice(0, 2)).toEqual(['Extend 1 hour', 'Extend 1 day']);
    expect(mine.text).toMatch(/^You do not hold lab-2: Ada Ops holds it;/);
  });

  it('a newcomer asking the way is shown it: `how do I book a testbed?` gets the booking form, `how does the queue work` how booking works, `how do labels work` the help', async () => {
    const form = await ask(h, h.ada, h.lab, 'how do I book a testbed?');
    expect(seenCard(form).heading).toBe('Register a testbed');
    expect(seenCard(await click(h, h.ada, form, 'register_submit', { testbed_id: '3', purpose: 'soak', release_choice: '1h' })).heading).toBe('Booked: lab-3');
    const rules = await ask(h, h.linus, h.lab, 'how does the queue work');
    expect(seenCard(rules).heading).toBe('How booking works here');
    expect(seenCard(rules).texts).toContain('A released testbed goes to the first in its queue: it is kept for them for 10 minutes, then offered to the next. While somebody waits, its holder sees so on every reminder.');
    const help = await ask(h, h.linus, h.lab, 'how do labels work');
    expect(seenCard(help).heading).toBe('Testbed Monitor help');
    expect(seenCard(help).texts).toContain('wait lab-3');
  });

  it('`snooze 1h` in the holder\'s 1:1 room (as a reminder is answered) shows their booking with Extend 1 hour, which extends it', async () => {
    await click(h, h.ada, await ask(h, h.ada, h.lab, 'register lab-3'), 'register_submit', { purpose: 'soak', release_choice: '1h' });
    const due = async () => Date.parse((await h.readTestbeds()).find((record) => record.testbed_name === 'lab-3')!.expected_release_time!);
    const before = await due();
    const adaRoom = h.emu.directRoom(h.ada.id, h.bot.id);
    const mine = await ask(h, h.ada, adaRoom, 'snooze 1h');
    expect(seenCard(mine).heading).toBe('Your bookings');
    expect(buttonTitles(mine)[0]).toBe('Extend 1 hour');
    expect(seenCard(await click(h, h.ada, mine, 'extend')).heading).toBe('Extended: lab-3');
    expect(await due()).toBe(before + 3_600_000);
    // `still need it`, no testbed talked about: the same card (as a 1:1 room draws it), its own two lengths.
    expect(buttonTitles(await ask(h, h.ada, adaRoom, 'still need it'))).toEqual(['Extend 1 hour', 'Extend 1 day', 'Release']);
    // With why after a comma (the 1:1 room's one line on where the bot answers, before).
    expect(buttonTitles(await ask(h, h.ada, adaRoom, 'still need it, soak running'))).toEqual(['Extend 1 hour', 'Extend 1 day', 'Release']);
    expect(buttonTitles(await ask(h, h.ada, adaRoom, 'keep until tomorrow'))[0]).toMatch(/^Extend to \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/);
    // A length or a time alone, as a reminder is answered: the button of that much, or to then.
    const twoHours = await ask(h, h.ada, adaRoom, '2h');
    expect(buttonTitles(twoHours)[0]).toBe('Extend 2 hours');
    await click(h, h.ada, twoHours, 'extend');
    expect(await due()).toBe(before + 3 * 3_600_000);
    const until = await ask(h, h.ada, adaRoom, 'I need it until friday');
    expect(buttonTitles(until)[0]).toMatch(/^Extend to \d{4}-\d{2}-\d{2} 23:59 UTC$/);
    // A time no extension may reach: no button for it, and why.
    const far = await ask(h, h.ada, adaRoom, 'until 2099-01-01');
    expect(buttonTitles(far)[0]).toBe('Extend 1 hour');
    expect(seenCard(far).texts).toContain('A booking runs at most 90 days ahead, so I cannot extend it to “2099-01-01”.');
    // `I'll release it now`: the same card, whose Release releases it.
    const release = await ask(h, h.ada, adaRoom, "I'll release it now");
    expect(buttonTitles(release)).toContain('Release');
    expect(seenCard(await click(h, h.ada, release, 'release_submit')).heading).toBe('Released: lab-3');
  });

  it('asking about a booked testbed: the question shows it with Ask the holder, the holder gets one message, a typed ask within the hour changes nothing', async () => {
    await click(h, h.ada, await ask(h, h.ada, h.lab, 'register lab-2'), 'register_submit', { purpose: 'soak', release_choice: '4h' });
    const adaRoom = h.emu.directRoom(h.ada.id, h.bot.id);
    const questionsToAda = () => h.emu.messages({ roomId: adaRoom.id }).filter((m) => m.personId === h.bot.id && seenCard(m).heading === 'Do you still need lab-2?');

    const shown = await ask(h, h.linus, h.lab, 'is anyone still using lab-2?');
    expect(rowNames(shown)).toEqual(['lab-2']);
    expect(buttonTitles(shown).slice(0, 2)).toEqual(['Notify me when free', 'Ask the holder']);
    const asked = await click(h, h.linus, shown, 'ask_holder');
    expect(seenCard(asked).texts).toContain('I asked Ada Ops whether they still need lab-2. I will tell you the answer.');
    await h.emu.waitForMessage((m) => m.roomId === adaRoom.id && seenCard(m).heading === 'Do you still need lab-2?', { timeoutMs: 10_000 });

    const again = await ask(h, h.linus, h.lab, 'ask Ada to release lab-2');
    expect(seenCard(again).texts[1]).toMatch(/^You asked about lab-2 less than an hour ago\. You can ask again at /);
    await h.app.idle();
    expect(questionsToAda()).toHaveLength(1);

    // Ada's own words about lab-2 get a hint that knows it is hers; a typed ask about a free one offers it.
    const own = await ask(h, h.ada, h.lab, 'lab-2 is my favourite today');
    expect(seenCard(own).texts).toEqual(['I did not understand that. Is it about lab-2? You hold it. Press a button, or type help to see everything I can do.']);
    expect(buttonTitles(own)).toEqual(['Its status', 'Mine', 'Menu']);
    const theirs = await ask(h, h.linus, h.lab, 'lab-2 is my favourite today');
    expect(buttonTitles(theirs)).toEqual(['Its status', 'Ask the holder', 'Menu']);
    const free = await ask(h, h.linus, h.lab, 'nudge lab-1');
    expect(seenCard(free).texts).toContain('lab-1 is not booked right now.');
    expect(startsOn(await click(h, h.linus, free, 'register'))).toBe('lab-1');
  });

  it('`book lab-1 and lab-3`: the form is for lab-1 and says how to go on with lab-3; Register books lab-1 alone; `release lab-1, lab-3` releases hers', async () => {
    const form = await ask(h, h.ada, h.lab, 'book lab-1 and lab-3 for 2 hours');
    expect(startsOn(form)).toBe('lab-1');
    expect(fieldErrorText(form, 'testbed_id')).toBe('One testbed at a time: this form is for lab-1. Type book lab-3 for the other one.');
    const booked = await click(h, h.ada, form, 'register_submit', { purpose: 'soak' });
    expect(seenCard(booked).heading).toBe('Booked: lab-1');
    expect((await h.readTestbeds()).filter((record) => record.status === 'in_use').map((record) => record.testbed_name)).toEqual(['lab-1']);
    // Without a time after it, the second name is no time either: the same line, under the release picker.
    expect(fieldErrorText(await ask(h, h.ada, h.lab, 'book lab-2 & lab-3'), 'release_choice')).toBe('One testbed at a time: this form is for lab-2. Type book lab-3 for the other one.');
    // After a comma the second name is no purpose (it was: the form held “lab-3” in its purpose box); after a dash, no time either.
    const comma = await ask(h, h.ada, h.lab, 'book lab-2, lab-3 for 2 hours');
    expect(startsOn(comma)).toBe('lab-2');
    expect(fieldErrorText(comma, 'testbed_id')).toBe('One testbed at a time: this form is for lab-2. Type book lab-3 for the other one.');
    expect(input(comma, 'purpose').value).toBeUndefined();
    const commaAlone = await ask(h, h.ada, h.lab, 'book lab-2, lab-3');
    expect(startsOn(commaAlone)).toBe('lab-2');
    expect(input(commaAlone, 'purpose').value).toBeUndefined();
    expect(fieldErrorText(await ask(h, h.ada, h.lab, 'book lab-2 - lab-3'), 'release_choice')).toBe('One testbed at a time: this form is for lab-2. Type book lab-3 for the other one.');
    const slash = await ask(h, h.ada, h.lab, 'book lab-2/lab-3');
    expect(startsOn(slash)).toBe('lab-2');
    expect(fieldErrorText(slash, 'testbed_id')).toBe('One testbed at a time: this form is for lab-2. Type book lab-3 for the other one.');
    // `both` before them changes nothing (it said no testbed was called “both lab-2 and lab-3”).
    const both = await ask(h, h.ada, h.lab, 'book both lab-2 and lab-3');
    expect(startsOn(both)).toBe('lab-2');
    expect(fieldErrorText(both, 'testbed_id')).toBe('One testbed at a time: this form is for lab-2. Type book lab-3 for the other one.');
    // A count is no testbed's number (it was lab-3, with “testbeds” named under the picker).
    const three = await ask(h, h.ada, h.lab, 'book 3 testbeds');
    expect(startsOn(three)).toBeUndefined();
    expect(fieldErrorText(three, 'testbed_id')).toBe('One testbed at a time: this form books one. Press Register, then type book again for the next.');
    // Releasing two at once is one press on those that are hers: lab-3 is nobody's.
    const release = await ask(h, h.ada, h.lab, 'release lab-1, lab-3');
    expect(seenCard(release).heading).toBe('Release lab-1?');
    expect(seenCard(release).texts).toContain('lab-3 is not booked.');
    expect(buttonTitles(release)).toEqual(['Release']);
    expect(seenCard(await click(h, h.ada, release, 'release_all')).texts).toContain('Released: lab-1.');
    expect((await h.readTestbeds()).filter((record) => record.status === 'in_use')).toEqual([]);
  });

  it('`remind me when lab-2 is free` puts Linus in its queue; then its status offers Leave the queue, which takes him out', async () => {
    await click(h, h.ada, await ask(h, h.ada, h.lab, 'register lab-2'), 'register_submit', { purpose: 'soak', release_choice: '4h' });
    const queued = await ask(h, h.linus, h.lab, 'remind me when lab-2 is free');
    expect(seenCard(queued).heading).toBe('You are #1 for lab-2');
    const status = await ask(h, h.linus, h.lab, 'who has lab-2?');
    expect(seenCard(status).texts).toContain('Queue: 1 waiting · you are #1');
    expect(buttonTitles(status)[0]).toBe('Leave the queue');
    const left = await click(h, h.linus, status, 'unwait');
    expect(seenCard(left).heading).toBe('You left the queue for lab-2');
  });
});

describe('a testbed named by words further in its name, or without its number\'s zeros', () => {
  it('`book sd-wan` names TB-04 SD-WAN pod and chooses nothing; `book the sd-wan pod`, `book tb 4` and `status tb-4` find it', async () => {
    const h = await startHarness({ testbeds: [availableTestbed(1, 'TB-01 Core switching lab'), availableTestbed(4, 'TB-04 SD-WAN pod')] });
    try {
      const form = await ask(h, h.ada, h.lab, 'book sd-wan');
      expect(fieldErrorText(form, 'testbed_id')).toBe('No testbed is called “sd-wan”. Did you mean TB-04 SD-WAN pod? Choose it from the list.');
      expect((input(form, 'testbed_id') as { value?: string }).value).toBeUndefined();
      // Its last two words are a name people call it by (it named it and chose nothing).
      const byTail = await ask(h, h.ada, h.lab, 'book the sd-wan pod');
      expect((input(byTail, 'testbed_id') as { value?: string }).value).toBe('4');
      expect(fieldErrorText(byTail, 'testbed_id')).toBeUndefined();
      const byNumber = await ask(h, h.ada, h.lab, 'book tb 4');
      expect((input(byNumber, 'testbed_id') as { value?: string }).value).toBe('4');
      expect(fieldErrorText(byNumber, 'testbed_id')).toBeUndefined();
      expect(seenCard(await ask(h, h.ada, h.lab, 'status tb-4')).texts[1]).toMatch(/^Testbed TB-04 SD-WAN pod · As of /);
      expect((await ask(h, h.ada, h.lab, 'status switching')).text).toMatch(/Did you mean the testbed TB-01 Core switching lab\?/);
    } finally {
      await h.close();
    }
  });
});

describe('everyday words of this round, end to end', () => {
  it('`I booked the wrong one` shows her bookings, whose Release takes it back; `dibs on lab-1` queues Ada behind Linus; `bug` opens feedback', async () => {
    const h = await startHarness();
    try {
      await click(h, h.ada, await ask(h, h.ada, h.lab, 'book lab-2'), 'register_submit', { purpose: 'soak', release_choice: '1h' });
      const wrong = await ask(h, h.ada, h.lab, 'oops, I booked the wrong one');
      expect(seenCard(wrong).heading).toBe('Your bookings');
      expect(seenCard(await click(h, h.ada, wrong, 'release_submit')).heading).toBe('Released: lab-2');
      await click(h, h.linus, await ask(h, h.linus, h.lab, 'book lab-1'), 'register_submit', { purpose: 'soak', release_choice: '1h' });
      expect(seenCard(await ask(h, h.ada, h.lab, 'dibs on lab-1')).heading).toBe('You are #1 for lab-1');
      const feedback = await ask(h, h.ada, h.lab, 'the bot is broken');
      expect(seenCard(await click(h, h.ada, feedback, 'feedback_submit', { feedback_text: 'the status card froze' })).heading).toBe('Thank you!');
      expect((await h.readTestbeds()).map((record) => [record.testbed_name, record.user_email])).toEqual([
        ['lab-1', 'linus@example.com'],
        ['lab-2', null],
        ['lab-3', null],
      ]);
    } finally {
      await h.close();
    }
  });
});

describe('said as a team says it, end to end', () => {
  it('`I\'m not using lab-1 any more` is a Release away; `can I jump on lab-2` books it; `add me to the lab-1 queue` queues; an admin\'s `take lab-3 out of maintenance` opens its form', async () => {
    const h = await startHarness({ env: { ADMINS: 'ada@example.com' } });
    try {
      await click(h, h.linus, await ask(h, h.linus, h.lab, 'book lab-1'), 'register_submit', { purpose: 'soak', release_choice: '1h' });
      const notUsing = await ask(h, h.linus, h.lab, "I'm not using lab-1 any more");
      expect(seenCard(notUsing).heading).toBe('Release lab-1?');
      expect(buttonTitles(notUsing)).toEqual(['Release']);
      expect(seenCard(await click(h, h.linus, notUsing, 'release_submit')).heading).toBe('Released: lab-1');

      const jump = await ask(h, h.ada, h.lab, 'can I jump on lab-2 for 2 hours');
      expect(seenCard(jump).heading).toBe('Register a testbed');
      expect(seenCard(await click(h, h.ada, jump, 'register_submit', { purpose: 'soak' })).heading).toBe('Booked: lab-2');

      await click(h, h.linus, await ask(h, h.linus, h.lab, 'book lab-1'), 'register_submit', { purpose: 'soak', release_choice: '1h' });
      expect(seenCard(await ask(h, h.ada, h.lab, 'add me to the lab-1 queue')).heading).toBe('You are #1 for lab-1');

      // A problem reported with a part of lab-3; `is lab-3 working?` answers with its history, the problem listed.
      const problem = await ask(h, h.linus, h.lab, 'lab-3 console is not working');
      expect(seenCard(problem).heading).toBe('Report a problem with lab-3');
      await click(h, h.linus, problem, 'report_problem');
      const working = seenCard(await ask(h, h.linus, h.lab, 'is lab-3 working?'));
      expect(working.heading).toBe('History: lab-3');
      expect(working.texts).toContain('Problems reported');
      expect(working.texts.find((line) => line.endsWith('· Linus Lab: lab-3 console is not working'))).toBeDefined();

      await click(h, h.ada, await ask(h, h.ada, h.lab, 'put lab-3 into maintenance'), 'maintenance_start', { reason: 'new cables' });
      const end = await ask(h, h.ada, h.lab, 'take lab-3 out of maintenance');
      expect(seenCard(end).heading).toBe('End maintenance');
      expect(seenCard(await click(h, h.ada, end, 'maintenance_end')).heading).toBe('lab-3 is back in service');
      expect((await h.readTestbeds()).map((record) => [record.testbed_name, record.user_email, record.maintenance ?? null])).toEqual([
        ['lab-1', 'linus@example.com', null],
        ['lab-2', 'ada@example.com', null],
        ['lab-3', null, null],
      ]);
    } finally {
      await h.close();
    }
  });
});

describe('a release with a note after it, end to end', () => {
  it('`release lab-1, the soak hung` opens the form on lab-1 and one press releases it; `release lab-2 - thanks` likewise', async () => {
    const h = await startHarness();
    try {
      await click(h, h.linus, await ask(h, h.linus, h.lab, 'book lab-1'), 'register_submit', { purpose: 'soak', release_choice: '1h' });
      await click(h, h.linus, await ask(h, h.linus, h.lab, 'book lab-2'), 'register_submit', { purpose: 'soak', release_choice: '1h' });
      const noted = await ask(h, h.linus, h.lab, 'release lab-1, the soak hung');
      expect(seenCard(noted).heading).toBe('Release a testbed');
      expect(seenCard(noted).texts.some((line) => line.startsWith('No testbed is called'))).toBe(false);
      expect(seenCard(await click(h, h.linus, noted, 'release_submit')).heading).toBe('Released: lab-1');
      const thanked = await ask(h, h.linus, h.lab, 'release lab-2 - thanks');
      expect(seenCard(await click(h, h.linus, thanked, 'release_submit')).heading).toBe('Released: lab-2');
      expect((await h.readTestbeds()).map((record) => record.user_email)).toEqual([null, null, null]);
    } finally {
      await h.close();
    }
  });
});

describe('a booking of whichever of two testbeds, end to end', () => {
  it('`book lab-1 or lab-2 for 2 hours` books the free one in one press; with both taken, their status offers Wait for either', async () => {
    const h = await startHarness();
    try {
      await click(h, h.linus, await ask(h, h.linus, h.lab, 'book lab-1'), 'register_submit', { purpose: 'soak', release_choice: '1h' });
      await click(h, h.linus, await ask(h, h.linus, h.lab, 'book lab-2'), 'register_submit', { purpose: 'soak', release_choice: '1h' });
      const taken = await ask(h, h.ada, h.lab, 'book lab-1 or lab-2');
      expect(seenCard(taken).texts[1]).toMatch(/^Testbeds lab-1 and lab-2 · As of /);
      expect(buttonTitles(taken)).toContain('Wait for either');

      await click(h, h.linus, await ask(h, h.linus, h.lab, 'release lab-2'), 'release_submit');
      const form = await ask(h, h.ada, h.lab, 'book lab-1 or lab-2 for 2 hours');
      expect(seenCard(form).heading).toBe('Register a testbed');
      expect(seenCard(await click(h, h.ada, form, 'register_submit', { purpose: 'regression' })).heading).toBe('Booked: lab-2');
    } finally {
      await h.close();
    }
  });
});

describe('several testbeds asked about at once, end to end', () => {
  it('`who has lab-1 and lab-3` shows those two rows, Linus holding lab-1; `is lab-1 or lab-2 free` likewise; both busy, Wait for either waits for whichever is handed on first', async () => {
    const h = await startHarness();
    try {
      await click(h, h.linus, await ask(h, h.linus, h.lab, 'book lab-1'), 'register_submit', { purpose: 'soak', release_choice: '1h' });
      const both = seenCard(await ask(h, h.ada, h.lab, 'who has lab-1 and lab-3'));
      expect(both.texts[1]).toMatch(/^Testbeds lab-1 and lab-3 · As of /);
      expect(both.texts.filter((line) => line.startsWith('● '))).toEqual(['● lab-1 · In use', '● lab-3 · Available']);
      expect(both.texts).toContain('Linus Lab (linus@example.com) · held for less than a minute');
      const either = seenCard(await ask(h, h.ada, h.lab, 'is lab-1 or lab-2 free?'));
      expect(either.texts.filter((line) => line.startsWith('● '))).toEqual(['● lab-1 · In use', '● lab-2 · Available']);
      // Both busy: Wait for either takes a place in each queue, and lab-3 handed back is offered to her.
      await click(h, h.linus, await ask(h, h.linus, h.lab, 'book lab-3'), 'register_submit', { purpose: 'soak', release_choice: '1h' });
      const busy = await ask(h, h.ada, h.lab, 'who has lab-1 and lab-3');
      expect(buttonTitles(busy)).toContain('Wait for either');
      const waiting = seenCard(await click(h, h.ada, busy, 'wait_label'));
      expect([waiting.heading, waiting.texts[1]]).toEqual(['Waiting for lab-1 or lab-3', 'Your places: #1 for lab-1, #1 for lab-3.']);
      const room = h.emu.directRoom(h.ada.id, h.bot.id);
      const since = h.emu.messageCount();
      await click(h, h.linus, await ask(h, h.linus, h.lab, 'release lab-3'), 'release_submit');
      const offer = await h.emu.waitForMessage((m) => m.roomId === room.id && m.personId === h.bot.id, { since, timeoutMs: 10_000 });
      expect(seenCard(offer).texts).toContain('You waited for lab-1 or lab-3: once you book lab-3, I take you out of the other queues.');
    } finally {
      await h.close();
    }
  });
});
