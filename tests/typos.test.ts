import { describe, expect, it } from 'vitest';
import { closestWord, editDistance } from '../src/typos.js';

const COMMANDS = ['testbed', 'menu', 'help', 'status', 'register', 'book', 'release', 'feedback', 'mine', 'report', 'broadcast', 'admin', 'cancel'];

describe('edit distance', () => {
  it.each([
    ['status', 'status', 0],
    ['stauts', 'status', 1], // two neighbours swapped
    ['relase', 'release', 1], // a letter left out
    ['reggister', 'register', 1], // a letter doubled
    ['stetus', 'status', 1], // a letter changed
    ['hello', 'help', 2],
    ['', 'mine', 4],
    ['mine', '', 4],
  ])('%j to %j is %i', (a, b, distance) => {
    expect(editDistance(a, b)).toBe(distance);
    expect(editDistance(b, a)).toBe(distance);
  });

  it('stops counting past the limit', () => {
    expect(editDistance('broadcast', 'me', 2)).toBe(3);
    expect(editDistance('completely', 'different', 1)).toBe(2);
  });
});

describe('the command a typed word most likely meant', () => {
  it.each([
    ['stauts', 'status'],
    ['stats', 'status'],
    ['statsu', 'status'],
    ['relase', 'release'],
    ['regsiter', 'register'],
    ['registr', 'register'],
    ['broadcats', 'broadcast'],
    ['feedbak', 'feedback'],
    ['reprot', 'report'],
    ['amdin', 'admin'],
    ['hlep', 'help'],
    ['mien', 'mine'],
    ['tesbted', 'testbed'],
    ['status', 'status'],
  ])('%j: %j', (typed, meant) => expect(closestWord(typed, COMMANDS)).toBe(meant));

  it.each(['hello', 'please', 'thanks', 'hi', 'ok', 'what', 'lab-3', 'booking', 'constructor', '__proto__', 'xyz'])('%j: nothing is guessed', (typed) => {
    expect(closestWord(typed, COMMANDS)).toBeUndefined();
  });

  it('guesses nothing when two commands are equally near', () => {
    // `mene` is one letter from both `menu` and `mine`.
    expect(closestWord('mene', COMMANDS)).toBeUndefined();
    expect(closestWord('mene', ['menu'])).toBe('menu');
  });

  it('reaches one edit for words up to six letters, two for longer ones', () => {
    expect(closestWord('stas', ['stats'])).toBe('stats');
    expect(closestWord('sttus', ['status'])).toBe('status');
    expect(closestWord('sts', ['status'])).toBeUndefined();
    expect(closestWord('sttuss', ['status'])).toBeUndefined();
    expect(closestWord('stattuss', ['status'])).toBe('status');
    expect(closestWord('sttatuss', ['status'])).toBe('status');
    expect(closestWord('xstattuss', ['status'])).toBeUndefined();
  });
});
