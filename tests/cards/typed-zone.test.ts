/** A zone typed with a time (`CET`, `Europe/Berlin`, `UTC+5:30`, `bangalore time`): which clock it names. */
import { describe, expect, it } from 'vitest';
import { leadingZone, readTypedZone, splitTypedZone } from '../../src/cards/typed-zone.js';

const zone = (name: string) => ({ kind: 'zone', zone: name });
const offset = (minutes: number) => ({ kind: 'offset', offsetMs: minutes * 60_000 });

describe('readTypedZone', () => {
  it.each([
    ['UTC', zone('UTC')],
    ['gmt', zone('UTC')],
    ['Z', zone('UTC')],
    ['CET', zone('Europe/Berlin')],
    ['IST', zone('Asia/Kolkata')],
    ['PDT', zone('America/Los_Angeles')],
    ['Europe/Berlin', zone('Europe/Berlin')],
    ['america/new_york', zone('america/new_york')],
    ['UTC+2', offset(120)],
    ['utc + 5:30', offset(330)],
    ['GMT-07:00', offset(-420)],
    ['+0545', offset(345)],
    ['−03:30', offset(-210)],
    ['berlin time', zone('Europe/Berlin')],
    ['New York time', zone('America/New_York')],
    ['bangalore time', zone('Asia/Kolkata')],
    ['pacific time', zone('America/Los_Angeles')],
    ['CET time', zone('Europe/Berlin')],
  ])('%j is %j', (words, expected) => {
    expect(readTypedZone(words)).toEqual(expected);
  });

  it.each(['berlin', 'atlantis time', 'Mars/Olympus', 'UTC+15', 'UTC-13', '+5', 'UTC+2:75', 'the', 'time'])('%j is no zone', (words) => {
    expect(readTypedZone(words)).toBeNull();
  });

  it('takes a one- or two-letter abbreviation only right after a time, where it cannot be a word of its own', () => {
    expect(readTypedZone('et', false)).toBeNull();
    expect(readTypedZone('et')).toEqual(zone('America/New_York'));
    expect(readTypedZone('CET', false)).toEqual(zone('Europe/Berlin'));
  });
});

describe('splitTypedZone', () => {
  it('finds the zone at the end, or right after the time before the day, and leaves the rest to read', () => {
    expect(splitTypedZone('friday 17:00 CET')).toEqual({ rest: 'friday 17:00', zone: zone('Europe/Berlin') });
    expect(splitTypedZone('9am PST tomorrow')).toEqual({ rest: '9am tomorrow', zone: zone('America/Los_Angeles') });
    expect(splitTypedZone('5 pm san francisco time')).toEqual({ rest: '5 pm', zone: zone('America/Los_Angeles') });
    expect(splitTypedZone('end of day IST')).toEqual({ rest: 'end of day', zone: zone('Asia/Kolkata') });
  });

  it('finds none in a phrase without one, nor a short abbreviation away from a time', () => {
    expect(splitTypedZone('tomorrow 9am')).toBeNull();
    expect(splitTypedZone('the demo')).toBeNull();
    expect(splitTypedZone('friday et')).toBeNull();
    expect(splitTypedZone('CET')).toBeNull();
  });

  it('leadingZone splits a range\'s zone from the purpose after it', () => {
    expect(leadingZone('CET for the soak')).toEqual({ zoneWords: 'CET', rest: 'for the soak' });
    expect(leadingZone('new york time')).toEqual({ zoneWords: 'new york time' });
    expect(leadingZone('for the soak')).toBeNull();
  });
});
