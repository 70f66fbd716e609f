/**
 * The time-zone card (`what time zone do you use`, `what time is it`, `set my timezone to …`): the lab's clock, what it
 * reads now, and how to type a time on another; asked for a zone of one's own, it says first that there is one for all.
 */
import { describe, expect, it } from 'vitest';
import { timeZoneCard, timeZoneText } from '../../src/cards/time-zone.card.js';
import { cardProblems } from '../support/adaptive-cards.js';
import { buttonTitles, seenCard } from '../support/card-text.js';

describe('the time-zone card', () => {
  it('names the display zone with its offset now and the time there, and how to type another clock', () => {
    const card = timeZoneCard({ now: '2026-03-02T10:00:00.000Z', timeZone: 'Europe/Berlin' });
    expect(cardProblems(card)).toEqual([]);
    const seen = seenCard(card);
    expect(seen.heading).toBe('Times here are on Europe/Berlin');
    expect(seen.texts[1]).toBe('Every time I show, and every time typed without a zone, is on Europe/Berlin (UTC+01:00 now). It is Monday, 2026-03-02 11:00 Europe/Berlin there now.');
    expect(seen.texts[2]).toBe('To give a time on another clock, put its zone after it: book lab-3 until 5pm UTC, extend lab-3 until 17:00 America/New_York, or an offset such as UTC+5:30. Forms show it on Europe/Berlin.');
    expect(seen.texts[3]).toBe('The lab’s zone is set where the bot runs (DISPLAY_TIMEZONE): ask whoever runs it to change it for everybody.');
    expect(buttonTitles(card)).toEqual(['Status', 'Help']);
  });

  it('follows summer time, a zone west of UTC and the date there', () => {
    expect(seenCard(timeZoneCard({ now: '2026-07-01T10:00:00.000Z', timeZone: 'Europe/Berlin' })).texts[1]).toContain('(UTC+02:00 now). It is Wednesday, 2026-07-01 12:00 Europe/Berlin');
    expect(seenCard(timeZoneCard({ now: '2026-03-02T03:00:00.000Z', timeZone: 'America/New_York' })).texts[1]).toContain('(UTC-05:00 now). It is Sunday, 2026-03-01 22:00 America/New_York');
    expect(seenCard(timeZoneCard({ now: '2026-03-02T03:00:00.000Z', timeZone: 'Asia/Kolkata' })).texts[1]).toContain('(UTC+05:30 now)');
  });

  it('in UTC, says UTC and gives a zone as the example', () => {
    const seen = seenCard(timeZoneCard({ now: '2026-03-02T10:00:00.000Z', timeZone: 'UTC' }));
    expect(seen.heading).toBe('Times here are on UTC');
    expect(seen.texts[1]).toBe('Every time I show, and every time typed without a zone, is on UTC. It is Monday, 2026-03-02 10:00 UTC there now.');
    expect(seen.texts[2]).toContain('book lab-3 until 5pm CET');
  });

  it('asked to set a zone of their own, says first that the lab has one for everybody; the text says the same', () => {
    const input = { now: '2026-03-02T10:00:00.000Z', timeZone: 'UTC', set: true };
    expect(seenCard(timeZoneCard(input)).texts[1]).toBe('I keep one time zone for the whole lab, so I cannot set one for you.');
    expect(timeZoneText(input)).toMatch(/^Times here are on UTC\. I keep one time zone for the whole lab, so I cannot set one for you\. Every time I show/);
    expect(timeZoneText({ now: input.now, timeZone: 'UTC' })).not.toContain('cannot set one for you');
  });

  it('asked about another clock, says the time there, by a zone’s name, an abbreviation, a place or an offset; an unknown one is named', () => {
    const at = (other: string) => seenCard(timeZoneCard({ now: '2026-03-02T10:00:00.000Z', timeZone: 'UTC', other })).texts[1];
    expect(at('IST')).toBe('In Asia/Kolkata (UTC+05:30 now) it is Monday, 2026-03-02 15:30.');
    expect(at('Berlin')).toBe('In Europe/Berlin (UTC+01:00 now) it is Monday, 2026-03-02 11:00.');
    expect(at('America/New_York')).toBe('In America/New_York (UTC-05:00 now) it is Monday, 2026-03-02 05:00.');
    expect(at('UTC-3')).toBe('At UTC-03:00 it is Monday, 2026-03-02 07:00.');
    expect(at('atlantis')).toBe('I do not know the time zone “atlantis”: write it as a zone’s name (Asia/Kolkata), an abbreviation (IST) or an offset (UTC+5:30).');
    // Words typed as a zone are quoted inert: no markup of theirs reaches a client.
    expect(at('**mars** time')).toBe('I do not know the time zone “∗∗mars∗∗ time”: write it as a zone’s name (Asia/Kolkata), an abbreviation (IST) or an offset (UTC+5:30).');
    // The lab's own clock follows, as ever.
    expect(seenCard(timeZoneCard({ now: '2026-03-02T10:00:00.000Z', timeZone: 'UTC', other: 'IST' })).texts[2]).toMatch(/^Every time I show/);
  });
});
