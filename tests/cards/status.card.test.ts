import { describe, expect, it } from 'vitest';
import { MAX_CARD_BYTES, cardBytes } from '../../src/cards/common.js';
import { statusCard, statusPageCount, statusText } from '../../src/cards/status.card.js';
import { emptyLifecycle, type TestbedRecord } from '../../src/domain.js';
import { cardProblems } from '../support/adaptive-cards.js';
import { NOW, ana, available, bob, inUse } from '../fixtures/flows/records.js';
import { inspectCard } from './card-walk.js';
import { seenCard } from '../support/card-text.js';
import { unLookAlike } from '../support/rendered-text.js';

const MARKUP = '*_[]()#+-.!|~>`<at>';

/** 500 testbeds with long, markup-heavy names, holders and purposes: the worst case for size. */
function fleet(): TestbedRecord[] {
  return Array.from({ length: 500 }, (_, index) => {
    const id = index + 1;
    const name = `tb${id}x ${MARKUP.repeat(12)} 🧪🧪🧪`;
    if (id % 3 === 0) return available(id, name);
    const holder = { email: `person.${id}.with.a.long.address@example-company.example.com`, name: `${MARKUP.repeat(6)} Person ${id}` };
    const until = id % 3 === 1 ? '2026-03-10T12:00:00.000Z' : '2026-03-09T12:00:00.000Z';
    return inUse(id, holder, { name, until, purpose: `${MARKUP.repeat(25)} ${'long purpose '.repeat(20)}`.slice(0, 500) });
  });
}

function pageActions(card: ReturnType<typeof statusCard>) {
  return inspectCard(card).actions.map((action) => action.data as { action: string; page?: number });
}

describe('status card at 500 testbeds', () => {
  const testbeds = fleet();
  const zone = 'Europe/Berlin';
  const pages = statusPageCount(testbeds, NOW, zone);

  it('pages so that every page parses, stays under MAX_CARD_BYTES and has ≤ 5 actions', () => {
    expect(pages).toBeGreaterThan(1);
    for (let page = 1; page <= pages; page++) {
      const card = statusCard({ testbeds, now: NOW, timeZone: zone, page });
      expect(cardProblems(card)).toEqual([]);
      expect(cardBytes(card)).toBeLessThan(MAX_CARD_BYTES);
      expect(inspectCard(card).actions.length).toBeLessThanOrEqual(5);
    }
  });

  it('shows every testbed exactly once across the pages, overdue first', () => {
    const seen: number[] = [];
    const states: string[] = [];
    for (let page = 1; page <= pages; page++) {
      for (const text of seenCard(statusCard({ testbeds, now: NOW, timeZone: zone, page })).texts.map(unLookAlike)) {
        const match = /^● tb(\d+)x .*· (Available|In use|Overdue)$/.exec(text);
        if (match) {
          seen.push(Number(match[1]));
          states.push(match[2]);
        }
      }
    }
    expect(seen.length).toBe(500);
    expect(new Set(seen).size).toBe(500);
    const firstOf = (state: string) => states.indexOf(state);
    expect(firstOf('Overdue')).toBe(0);
    expect(firstOf('Overdue')).toBeLessThan(firstOf('In use'));
    expect(states.lastIndexOf('In use')).toBeLessThan(firstOf('Available'));
  });

  it('page buttons carry status_page and the page number; out-of-range pages are clamped', () => {
    expect(pageActions(statusCard({ testbeds, now: NOW, timeZone: zone }))).toContainEqual({ action: 'status_page', page: 2 });
    expect(pageActions(statusCard({ testbeds, now: NOW, timeZone: zone })).some((data) => data.page === 0)).toBe(false);
    const middle = pageActions(statusCard({ testbeds, now: NOW, timeZone: zone, page: 2 }));
    expect(middle).toContainEqual({ action: 'status_page', page: 1 });
    expect(middle).toContainEqual({ action: 'status_page', page: 3 });
    const beyond = statusCard({ testbeds, now: NOW, timeZone: zone, page: 10_000 });
    expect(beyond).toEqual(statusCard({ testbeds, now: NOW, timeZone: zone, page: pages }));
    expect(pageActions(beyond).some((data) => data.action === 'status_page' && data.page === pages + 1)).toBe(false);
    expect(statusText({ testbeds, now: NOW, timeZone: zone, page: 2 })).toContain(`page 2 of ${pages}`);
  });

  it('counts everything at the top of every page', () => {
    const text = JSON.stringify(statusCard({ testbeds, now: NOW, timeZone: zone, page: 3 }));
    expect(text).toContain('Available: 166');
    expect(text).toContain('In use: 167');
    expect(text).toContain('Overdue: 167');
    expect(text).toContain('Total: 500');
  });
});

describe('status card rows', () => {
  const testbeds = [available(1), inUse(2, ana), inUse(3, bob, { until: '2026-03-10T07:00:00.000Z' })];
  const card = statusCard({ testbeds, now: NOW, timeZone: 'Europe/Berlin' });

  it('colour-codes available green, in use amber, overdue red, the name in bold', () => {
    const titles = seenCard(card).all.filter((item) => item.text.startsWith('●'));
    expect(titles.map((item) => [item.text, item.element.color, item.element.weight])).toEqual([
      ['● lab-3 · Overdue', 'attention', 'Bolder'],
      ['● lab-2 · In use', 'warning', 'Bolder'],
      ['● lab-1 · Available', 'good', 'Bolder'],
    ]);
  });

  it('shows holder, held for, purpose and expected release in UTC, local and relative', () => {
    const texts = seenCard(card).texts;
    expect(texts).toContain('Ana Ops (ana@example.com) · held for 2 h');
    expect(texts).toContain('Expected release: 2026-03-10 12:00 UTC (2026-03-10 13:00 Europe/Berlin) (in 2 h)');
    expect(texts).toContain('Release was due: 2026-03-10 07:00 UTC (2026-03-10 08:00 Europe/Berlin) (3 h ago)');
    expect(texts).toContain('Purpose: regression run');
  });

  it('fits on one page without page buttons', () => {
    // "Notify me when free" reads the busy-testbed picker; the rest need no inputs. Five buttons at most.
    expect(pageActions(card).map((data) => data.action)).toEqual(['wait', 'register', 'release', 'mine', 'menu']);
    expect(statusText({ testbeds, now: NOW, timeZone: 'UTC' })).toBe('Testbed status: 1 available, 1 in use, 1 overdue, 3 in total.');
  });

  it('one testbed asked for by name says how it stands in its fallback text, which a phone shows in its notification', () => {
    const one = (label: string, more: Partial<Parameters<typeof statusText>[0]> = {}) => statusText({ testbeds, now: NOW, timeZone: 'UTC', label, ...more });
    const queue = [{ email: bob.email, name: bob.name, since: NOW }];
    expect(one('lab-2')).toBe('lab-2 is in use by Ana Ops until 2026-03-10 12:00 UTC (in 2 h).');
    expect(one('lab-2', { requesterEmail: ana.email, life: [{ ...emptyLifecycle(2), queue }] })).toBe('lab-2 is yours until 2026-03-10 12:00 UTC (in 2 h). 1 person is waiting. In line: Bob Builder.');
    expect(one('lab-3')).toBe('lab-3 is overdue: Bob Builder was to release it 2026-03-10 07:00 UTC (3 h ago).');
    expect(one('lab-1')).toBe('lab-1 is available.');
    const offer = { email: bob.email, name: bob.name, until: '2026-03-10T10:10:00.000Z' };
    expect(one('lab-1', { life: [{ ...emptyLifecycle(1), offer }] })).toBe('lab-1 is free and held for Bob Builder, first in its queue, until 2026-03-10 10:10 UTC.');
    expect(one('lab-1', { life: [{ ...emptyLifecycle(1), offer }], requesterEmail: bob.email })).toBe('lab-1 is held for you until 2026-03-10 10:10 UTC: type book lab-1 to take it.');
    const away = { ...available(1), maintenance: { reason: 'cables', until: '2026-03-11T09:00:00.000Z', since: NOW, by: ana } };
    expect(statusText({ testbeds: [away], now: NOW, timeZone: 'UTC', label: 'lab-1' })).toBe('lab-1 is under maintenance, expected back 2026-03-11 09:00 UTC (in 23 h).');
    // A label is still counted.
    expect(statusText({ testbeds: [{ ...available(1), labels: ['5g'] }], now: NOW, timeZone: 'UTC', label: '5g' })).toBe('Testbed status for label 5g: 1 available, 0 in use, 0 overdue, 1 in total.');
  });
});

describe('status of several testbeds named at once', () => {
  const testbeds = [inUse(1, ana), available(2), available(3), available(4, 'TB-04 SD-WAN pod')];
  const seen = (label: string) => seenCard(statusCard({ testbeds, now: NOW, timeZone: 'UTC', label }));

  it.each(['lab-1 and lab-3', 'lab-1, lab-3', 'lab-1 or lab-3', 'lab-1 lab-3', 'lab-3 & lab-1 & lab-3'])('%j shows those two, and says which', (label) => {
    const card = seen(label);
    expect(card.texts[1]).toMatch(/^Testbeds lab-[13] and lab-[13] · As of /);
    expect(card.texts.filter((line) => /^● /.test(line)).sort()).toEqual(['● lab-1 · In use', '● lab-3 · Available']);
  });

  it('each busy and none the looker’s: Wait for either (any of them, for three) waits for whichever is handed on first', () => {
    const busy = [inUse(1, ana), inUse(2, ana), inUse(3, ana), available(4)];
    const asBob = (label: string, life = [emptyLifecycle(1)]) => statusCard({ testbeds: busy, now: NOW, timeZone: 'UTC', label, requesterEmail: bob.email, life });
    const two = asBob('lab-2 and lab-1');
    expect(seenCard(two).texts).toContain('Waiting? Press Wait for either for whichever is handed on first, or pick one and press Notify me when free.');
    expect(inspectCard(two).actions.map((action) => [action.title, action.data])).toContainEqual(['Wait for either', { action: 'wait_label', label: 'lab-1\nlab-2' }]);
    expect(inspectCard(asBob('lab-1, lab-2, lab-3')).actions.map((action) => action.title)).toContain('Wait for any of them');
    // One of them free, one the looker's own, or a place in each already: no such button.
    const titles = (card: ReturnType<typeof statusCard>) => inspectCard(card).actions.map((action) => action.title);
    expect(titles(asBob('lab-1 and lab-4'))).not.toContain('Wait for either');
    expect(titles(statusCard({ testbeds: busy, now: NOW, timeZone: 'UTC', label: 'lab-1 and lab-2', requesterEmail: ana.email }))).not.toContain('Wait for either');
    const waiting = [1, 2].map((id) => ({ ...emptyLifecycle(id), queue: [{ email: bob.email, name: bob.name, since: NOW }] }));
    expect(titles(asBob('lab-1 and lab-2', waiting))).not.toContain('Wait for either');
    expect(titles(asBob('lab-1 and lab-2', waiting.slice(0, 1)))).toContain('Wait for either');
  });

  it('a name with spaces among them, and the fallback text, name them too; a part that names nothing is no list', () => {
    expect(seen('lab-2 and TB-04 SD-WAN pod').texts[1]).toMatch(/^Testbeds lab-2 and TB-04 SD-WAN pod · As of /);
    expect(statusText({ testbeds, now: NOW, timeZone: 'UTC', label: 'lab-1 and lab-3' })).toMatch(/ for lab-1 and lab-3/);
    expect(seen('lab-1 and lab-9').heading).toBe('Testbed status');
    expect(seen('lab-1 and lab-9').texts.some((line) => /^Testbeds /.test(line))).toBe(false);
  });
});
