import { describe, expect, it } from 'vitest';
import { deepFreeze } from '../src/deep-freeze.js';
import { eitherKey, findByTypedName, findNamedWithin, findNearName, hasLabel, isEitherKey, labelCarried, waitedForWords, waitsFor } from '../src/lab-rules.js';

const named = (...names: string[]) => names.map((testbed_name, index) => ({ id: index + 1, testbed_name }));

describe('findByTypedName: the testbed a person means by what they typed', () => {
  const lab = named('TB-01 Core switching lab', 'TB-03 Wi-Fi 7 lab', 'lab-1', 'lab-10');

  it('takes the testbed with exactly that name, ignoring case and surrounding spaces', () => {
    expect(findByTypedName(lab, '  tb-03 wi-fi 7 LAB ')).toEqual({ found: lab[1] });
    // An exact name wins over the longer names it starts.
    expect(findByTypedName(lab, 'lab-1')).toEqual({ found: lab[2] });
  });

  it('takes the only testbed whose name starts with it', () => {
    expect(findByTypedName(lab, 'TB-03')).toEqual({ found: lab[1] });
    expect(findByTypedName(lab, 'lab-10')).toEqual({ found: lab[3] });
  });

  it('reads any separator between the parts of a name alike, but only when the name as typed finds nothing', () => {
    // A space, an underscore, or the dash a phone puts in for a hyphen.
    for (const typed of ['lab 10', 'LAB_10', 'lab–10', 'lab — 10', 'tb 03 wi fi 7 lab', 'TB 03']) expect(findByTypedName(lab, typed), typed).toEqual({ found: typed.startsWith('t') || typed.startsWith('T') ? lab[1] : lab[3] });
    expect(findByTypedName(lab, 'tb 0')).toEqual({ ambiguous: true });
    // A name with a space keeps it: the name as typed wins over one that differs only in its separators.
    const both = named('rack 7', 'rack-7');
    expect(findByTypedName(both, 'rack 7')).toEqual({ found: both[0] });
    expect(findByTypedName(both, 'rack-7')).toEqual({ found: both[1] });
    expect(findByTypedName(both, 'rack_7')).toEqual({ ambiguous: true });
  });

  it('reads a name run together (`lab10`, `tb03`, `tb3`) when nothing stricter finds one, stopping only where a part of a name ends', () => {
    expect(findByTypedName(lab, 'lab10')).toEqual({ found: lab[3] });
    expect(findByTypedName(lab, 'LAB1')).toEqual({ found: lab[2] });
    expect(findByTypedName(lab, 'tb03')).toEqual({ found: lab[1] });
    expect(findByTypedName(lab, 'tb3')).toEqual({ found: lab[1] });
    expect(findByTypedName(lab, 'tb3wifi')).toEqual({ found: lab[1] });
    // Never inside a part: `lab3` is not the start of lab-30, and `tb0` no whole part of TB-01 or TB-03.
    const thirty = named('lab-30', 'lab-31');
    expect(findByTypedName(thirty, 'lab3')).toEqual({ none: true });
    expect(findByTypedName(named('lab-30'), 'lab3')).toEqual({ none: true });
    expect(findNearName(named('lab-3', 'lab-30'), 'lab3')).toBeDefined();
    // Two names that read alike run together are neither.
    expect(findByTypedName(named('lab-1-0', 'lab-10'), 'lab10')).toEqual({ ambiguous: true });
    // A slip is still only named (`lab-33` is no name run together).
    expect(findByTypedName(lab, 'lab-100')).toEqual({ none: true });
    expect(findNearName(lab, 'lab-100')).toBe(lab[3]);
  });

  it('reads the last words of a name (`the SD-WAN pod`, `sdwan pod`) as the one testbed whose name ends so, two words or more', () => {
    const lab = named('lab-3', 'TB-04 SD-WAN pod', 'Link to core', 'TB-12 Wi-Fi 7 lab');
    for (const typed of ['the SD-WAN pod', 'SD-WAN pod', 'sdwan pod', 'sd wan pod', 'The SD_WAN Pod']) expect(findByTypedName(lab, typed), typed).toEqual({ found: lab[1] });
    expect(findByTypedName(lab, 'wifi 7 lab')).toEqual({ found: lab[3] });
    // One word is no name (`pod`, `core`), nor are last words that start with a little word (`to core`).
    for (const typed of ['pod', 'the pod', 'core', 'the core', 'to core', '7 lab']) expect(findByTypedName(lab, typed), typed).toEqual({ none: true });
    // Two names that end alike: neither.
    expect(findByTypedName(named('TB-04 SD-WAN pod', 'TB-05 SD-WAN pod'), 'the SD-WAN pod')).toEqual({ ambiguous: true });
  });

  it('reads a number alone (`3`, `#3`, `no. 3`, `testbed 3`) as the one testbed with that number, the first part of its name ending in digits', () => {
    const numbered = named('lab-3', 'TB-04 SD-WAN pod', 'rack7', '5g-core-1', 'TB-12 Wi-Fi 7 lab');
    for (const typed of ['3', '03', '#3', '# 3', 'no. 3', 'No 3', 'nr 3', 'number 3', 'testbed 3', 'TB 3', 'tb3']) expect(findByTypedName(numbered, typed), typed).toEqual({ found: numbered[0] });
    expect(findByTypedName(numbered, '4')).toEqual({ found: numbered[1] });
    expect(findByTypedName(numbered, '7')).toEqual({ found: numbered[2] });
    // `5g` is a label's kind of word, not a number: 5g-core-1 is number 1; TB-12's 7 comes after its number.
    expect(findByTypedName(numbered, '1')).toEqual({ found: numbered[3] });
    expect(findByTypedName(numbered, '2')).toEqual({ none: true });
    expect(findByTypedName(numbered, '12')).toEqual({ found: numbered[4] });
    // Two testbeds with one number: neither (`lab-3` and `TB-03 …`).
    expect(findByTypedName(named('lab-3', 'TB-03 Wi-Fi 7 lab'), '3')).toEqual({ ambiguous: true });
    // A name that is the number itself wins.
    const plain = named('3', 'lab-3');
    expect(findByTypedName(plain, '3')).toEqual({ found: plain[0] });
  });

  it('reads a number without its leading zeros as the same name (`tb 3` for TB-03), when the name as typed finds nothing', () => {
    expect(findByTypedName(lab, 'tb 3')).toEqual({ found: lab[1] });
    expect(findByTypedName(lab, 'TB-1')).toEqual({ found: lab[0] });
    expect(findByTypedName(lab, 'lab-010')).toEqual({ found: lab[3] });
    // The name as spelled first: `tb 1` is TB-1, and `tb 001` either.
    const padded = named('TB-1', 'TB-01');
    expect(findByTypedName(padded, 'tb 1')).toEqual({ found: padded[0] });
    expect(findByTypedName(padded, 'TB-01')).toEqual({ found: padded[1] });
    expect(findByTypedName(padded, 'tb 001')).toEqual({ ambiguous: true });
    // A partial number keeps its zeros: `tb 0` starts TB-01 and TB-03 alike.
    expect(findByTypedName(lab, 'tb 0')).toEqual({ ambiguous: true });
  });

  it('findNamedWithin names the one testbed whose name holds the words further in; several, or too few letters, name none', () => {
    expect(findNamedWithin(lab, 'wi-fi 7')).toBe(lab[1]);
    expect(findNamedWithin(lab, 'the core switching lab')).toBe(lab[0]);
    expect(findNamedWithin(lab, 'Switching')).toBe(lab[0]);
    expect(findNamedWithin(lab, 'lab')).toBeUndefined();
    expect(findNamedWithin(lab, 'fi')).toBeUndefined();
    expect(findNamedWithin(lab, 'switch')).toBeUndefined();
  });

  it('reads a name between quotes or brackets as the name inside, unless a name holds them', () => {
    for (const typed of ["'lab-10'", '"lab-10"', '“lab-10”', '«lab-10»', '(lab-10)', '[lab 10]']) expect(findByTypedName(lab, typed), typed).toEqual({ found: lab[3] });
    expect(findByTypedName(lab, '"TB-0"')).toEqual({ ambiguous: true });
    expect(findByTypedName(lab, "'lab-9'")).toEqual({ none: true });
    const quoted = named('"Quoted" rig', 'Quoted');
    expect(findByTypedName(quoted, '"quoted" rig')).toEqual({ found: quoted[0] });
  });

  it('says when several names start with it, and when none does', () => {
    expect(findByTypedName(lab, 'TB-0')).toEqual({ ambiguous: true });
    expect(findByTypedName(lab, 'TB-02')).toEqual({ none: true });
    expect(findByTypedName(lab, '   ')).toEqual({ none: true });
    expect(findByTypedName([], 'lab-1')).toEqual({ none: true });
  });
});

describe('findByTypedName over the store\'s frozen snapshot and over a list that changes', () => {
  it('answers the same for a frozen list (whose names it keeps) as for a plain one, call after call', () => {
    const plain = named('TB-01 Core switching lab', 'TB-03 Wi-Fi 7 lab', 'lab-1', 'lab-10');
    const frozen = deepFreeze(named('TB-01 Core switching lab', 'TB-03 Wi-Fi 7 lab', 'lab-1', 'lab-10'));
    for (const typed of ['tb-03', 'LAB-1', 'lab-1', 'lab', 'tb-0', 'nothing', '', 'TB-01 core SWITCHING lab', 'lab 10', 'tb_01']) {
      for (let round = 0; round < 2; round++) expect(findByTypedName(frozen, typed), typed).toEqual(findByTypedName(plain, typed));
    }
  });

  it('a list that is not frozen is read afresh each time, so a testbed added to it is found', () => {
    const lab = named('lab-1');
    expect(findByTypedName(lab, 'lab-2')).toEqual({ none: true });
    lab.push({ id: 2, testbed_name: 'lab-2' });
    expect(findByTypedName(lab, 'lab-2')).toEqual({ found: lab[1] });
    lab[0] = { id: 1, testbed_name: 'rack-1' };
    expect(findByTypedName(lab, 'rack')).toEqual({ found: lab[0] });
  });
});

describe('hasLabel and labelCarried', () => {
  const lab = [{ labels: ['5G', 'core'] }, { labels: [] }, {}];
  it('compare ignoring case and surrounding spaces; a typed label longer than any label may be is carried by none', () => {
    expect(hasLabel(lab[0], ' 5g ')).toBe(true);
    expect(hasLabel(lab[0], 'CORE')).toBe(true);
    expect(hasLabel(lab[1], '5g')).toBe(false);
    expect(hasLabel(lab[2], null)).toBe(true);
    expect(labelCarried(lab, '5g')).toBe(true);
    expect(labelCarried(lab, 'wifi')).toBe(false);
    expect(labelCarried([{ labels: ['x'.repeat(32)] }], 'X'.repeat(32))).toBe(true);
    expect(labelCarried([{ labels: ['x'.repeat(32)] }], 'x'.repeat(33))).toBe(false);
    expect(labelCarried(lab, `5g ${'x '.repeat(3000)}`)).toBe(false);
  });
});

describe('a wait for whichever of several named testbeds, kept where a label is', () => {
  const shown = (text: string) => text;
  it('keeps the names once each, in the order a person reads them, one per line', () => {
    expect(eitherKey(['lab-10', 'Lab-2', 'lab-2 ', 'TB 04 wifi'])).toBe('Lab-2\nlab-10\nTB 04 wifi');
    expect(isEitherKey('lab-2\nlab-10')).toBe(true);
    for (const bad of ['lab-2', 'lab-2\n', '\nlab-2', 'lab-2\n \nlab-3', Array.from({ length: 11 }, (_, i) => `lab-${i}`).join('\n'), `lab-2\n${'x'.repeat(81)}`]) expect(isEitherKey(bad), JSON.stringify(bad)).toBe(false);
  });

  it('is a wait for each testbed named (ignoring case), whatever its labels, and for no other', () => {
    const key = eitherKey(['lab-3', 'TB 04 wifi']);
    expect(waitsFor({ testbed_name: 'LAB-3' }, key)).toBe(true);
    expect(waitsFor({ testbed_name: 'tb 04 wifi', labels: [] }, key)).toBe(true);
    expect(waitsFor({ testbed_name: 'lab-5', labels: ['lab-3'] }, key)).toBe(false);
    expect(waitsFor({ testbed_name: 'lab-30' }, key)).toBe(false);
    // A label still reads as one.
    expect(waitsFor({ testbed_name: 'lab-5', labels: ['5G'] }, '5g')).toBe(true);
  });

  it('says what it was for with or, where a label says any', () => {
    expect(waitedForWords('lab-3\nlab-5', shown)).toBe('lab-3 or lab-5');
    expect(waitedForWords('lab-1\nlab-3\nlab-5', shown)).toBe('lab-1, lab-3 or lab-5');
    expect(waitedForWords('5g', shown)).toBe('any 5g');
    expect(waitedForWords('testbed', shown)).toBe('any testbed');
  });
});

describe('findNearName: the testbed a slip in a typed name most likely meant', () => {
  const lab = named('TB-01 Core switching lab', 'TB-03 Wi-Fi 7 lab', 'lab-1', 'rack-12');

  it('names the one testbed a slip away, ignoring case and surrounding spaces', () => {
    expect(findNearName(lab, ' LAB1 ')).toBe(lab[2]);
    expect(findNearName(lab, 'rakc-12')).toBe(lab[3]);
    expect(findNearName(lab, 'tb-03 wifi 7 lab')).toBe(lab[1]);
  });

  it('takes a slip in the start of a name too: tb03 for TB-03 Wi-Fi 7 lab', () => {
    expect(findNearName(lab, 'tb03')).toBe(lab[1]);
    expect(findNearName(lab, 'TB-03 Wifi')).toBe(lab[1]);
    // tb0 is a slip from the start of both TB-01 and TB-03: neither is named.
    expect(findNearName(lab, 'tb0-')).toBeUndefined();
  });

  it('names none when nothing is near, or two are equally near', () => {
    expect(findNearName(lab, 'core')).toBeUndefined();
    expect(findNearName(named('lab-1', 'lab-2'), 'lab-3')).toBeUndefined();
    expect(findNearName([], 'lab-1')).toBeUndefined();
  });
});
