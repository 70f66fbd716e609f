import { describe, expect, it } from 'vitest';
import { findByTypedName, findNearName } from '../src/lab-rules.js';

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

  it('says when several names start with it, and when none does', () => {
    expect(findByTypedName(lab, 'TB-0')).toEqual({ ambiguous: true });
    expect(findByTypedName(lab, 'TB-02')).toEqual({ none: true });
    expect(findByTypedName(lab, '   ')).toEqual({ none: true });
    expect(findByTypedName([], 'lab-1')).toEqual({ none: true });
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
