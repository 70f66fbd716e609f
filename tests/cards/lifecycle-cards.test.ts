/**
 * The lifecycle cards (direct messages, answers, "Mine") follow the card rules: valid 1.3, at most
 * five buttons, only known actions, data keys never input ids, and names people typed are shown
 * as typed with nothing turned into markup.
 */
import { describe, expect, it } from 'vitest';
import { ACTIONS } from '../../src/cards/actions.js';
import { noticeCard, noticeText, offerFormCard, offerFormText } from '../../src/cards/lifecycle-notice.card.js';
import { mineCard, mineText, notNeededCard, notNeededText, outcomeCard, outcomeText, releaseTheseCard, releaseTheseText, theirBookingsCard, theirBookingsText } from '../../src/cards/lifecycle.card.js';
import { purposeFormCard, purposeFormText } from '../../src/cards/purpose.card.js';
import { problemFormCard, problemFormText, problemsCard, problemsText } from '../../src/cards/problem.card.js';
import { registeredCard } from '../../src/cards/register.card.js';
import { statusCard } from '../../src/cards/status.card.js';
import { emptyLifecycle, type TestbedRecord } from '../../src/domain.js';
import type { AdaptiveCardJson } from '../../src/platform/port.js';
import { buttonTitles, seenCard } from '../support/card-text.js';
import { cardInputIds, cardProblems } from '../support/adaptive-cards.js';
import { markupFormed, unLookAlike } from '../support/rendered-text.js';
import { NOW, ana, available, bob, inUse } from '../fixtures/flows/records.js';
import { inspectCard } from './card-walk.js';

const NAME = '**lab_3** [x](http://evil)';
const tricky = inUse(3, { email: ana.email, name: '_Ana_ <b>' }, { name: NAME, until: '2026-03-10T10:10:00.000Z' });
const offer = { email: bob.email, name: 'Bob *B*', until: '2026-03-10T10:10:00.000Z' };
const ctx = { now: NOW, timeZone: 'UTC' };

const cards: Array<[string, AdaptiveCardJson, string]> = [
  ['reminder', noticeCard({ ...ctx, notice: { kind: 'reminder', record: tricky } }), noticeText({ ...ctx, notice: { kind: 'reminder', record: tricky } })],
  ['overdue', noticeCard({ ...ctx, notice: { kind: 'overdue', record: tricky } }), noticeText({ ...ctx, notice: { kind: 'overdue', record: tricky } })],
  ['offer', noticeCard({ ...ctx, notice: { kind: 'offer', record: available(3, NAME), offer } }), noticeText({ ...ctx, notice: { kind: 'offer', record: available(3, NAME), offer } })],
  ['offer again', offerFormCard({ ...ctx, record: available(3, NAME), offer, errors: { purpose: 'Tell us what you need the testbed for.' }, values: { purpose: NAME } }), offerFormText({ ...ctx, record: available(3, NAME), offer, errors: { purpose: 'x' } })],
  ['ask', noticeCard({ ...ctx, notice: { kind: 'askHolder', record: tricky, askerName: 'Grace *G*' } }), noticeText({ ...ctx, notice: { kind: 'askHolder', record: tricky, askerName: 'Grace *G*' } })],
  ['waiting', outcomeCard({ ...ctx, outcome: { type: 'waiting', record: tricky, position: 2, length: 3, already: false } }), outcomeText({ ...ctx, outcome: { type: 'waiting', record: tricky, position: 2, length: 3, already: false } })],
  ['refused', outcomeCard({ ...ctx, outcome: { type: 'refused', reason: 'not_holder', record: tricky } }), outcomeText({ ...ctx, outcome: { type: 'refused', reason: 'not_holder', record: tricky } })],
  ['force released', noticeCard({ ...ctx, notice: { kind: 'forceReleased', record: tricky, byName: 'Grace *G*', reason: 'the **nightly** run' } }), noticeText({ ...ctx, notice: { kind: 'forceReleased', record: tricky, byName: 'Grace *G*', reason: 'the **nightly** run' } })],
  ['now first', noticeCard({ ...ctx, notice: { kind: 'nowFirst', record: tricky } }), noticeText({ ...ctx, notice: { kind: 'nowFirst', record: tricky } })],
  ['due back sooner', noticeCard({ ...ctx, notice: { kind: 'dueEarlier', record: tricky, previous: '2026-03-10T18:00:00.000Z' } }), noticeText({ ...ctx, notice: { kind: 'dueEarlier', record: tricky, previous: '2026-03-10T18:00:00.000Z' } })],
  ['runs longer', noticeCard({ ...ctx, notice: { kind: 'extendedAhead', record: tricky } }), noticeText({ ...ctx, notice: { kind: 'extendedAhead', record: tricky } })],
  ['extended by an admin', noticeCard({ ...ctx, notice: { kind: 'extendedByAdmin', record: tricky, byName: 'Grace *G*', previous: '2026-03-10T09:00:00.000Z' } }), noticeText({ ...ctx, notice: { kind: 'extendedByAdmin', record: tricky, byName: 'Grace *G*', previous: '2026-03-10T09:00:00.000Z' } })],
  ['handed over by an admin, to the colleague', noticeCard({ ...ctx, notice: { kind: 'handedToYou', record: tricky, byName: 'Grace *G*', forName: 'Bob *B*' } }), noticeText({ ...ctx, notice: { kind: 'handedToYou', record: tricky, byName: 'Grace *G*', forName: 'Bob *B*' } })],
  ['their bookings, to an admin', theirBookingsCard({ ...ctx, records: [tricky, inUse(4, { email: ana.email, name: '_Ana_ <b>' })], extendMinutes: 120 }), theirBookingsText({ ...ctx, records: [tricky, inUse(4, { email: ana.email, name: '_Ana_ <b>' })], extendMinutes: 120 })],
  ['booked for you', noticeCard({ ...ctx, notice: { kind: 'bookedForYou', record: tricky, byName: 'Grace *G*' } }), noticeText({ ...ctx, notice: { kind: 'bookedForYou', record: tricky, byName: 'Grace *G*' } })],
  ['handed over by an admin, to the holder', noticeCard({ ...ctx, notice: { kind: 'handedAway', record: tricky, byName: 'Grace *G*', toName: 'Bob *B*' } }), noticeText({ ...ctx, notice: { kind: 'handedAway', record: tricky, byName: 'Grace *G*', toName: 'Bob *B*' } })],
  ['theirs, to an admin', mineCard({ ...ctx, testbeds: [tricky, inUse(4, bob)], life: [], requesterEmail: bob.email, chosen: 3, extendMinutes: 120, asAdmin: true }), mineText({ ...ctx, testbeds: [tricky, inUse(4, bob)], life: [], requesterEmail: bob.email, chosen: 3, extendMinutes: 120, asAdmin: true })],
  ['retired', noticeCard({ ...ctx, notice: { kind: 'retired', record: available(3, NAME) } }), noticeText({ ...ctx, notice: { kind: 'retired', record: available(3, NAME) } })],
  ['label lost', noticeCard({ ...ctx, notice: { kind: 'labelLost', record: tricky, label: '5g', stillWaiting: [NAME] } }), noticeText({ ...ctx, notice: { kind: 'labelLost', record: tricky, label: '5g', stillWaiting: [NAME] } })],
  ['mine', mineCard({ ...ctx, testbeds: [tricky, inUse(4, ana)], life: [], requesterEmail: ana.email }), mineText({ ...ctx, testbeds: [tricky, inUse(4, ana)], life: [], requesterEmail: ana.email })],
  ['purpose form', purposeFormCard({ testbeds: [tricky], requesterEmail: ana.email, purpose: NAME }), purposeFormText({ testbeds: [tricky], requesterEmail: ana.email, purpose: NAME })],
  ['new purpose', outcomeCard({ ...ctx, outcome: { type: 'repurposed', record: { ...tricky, purpose: NAME }, previous: 'old', changed: true } }), outcomeText({ ...ctx, outcome: { type: 'repurposed', record: { ...tricky, purpose: NAME }, previous: 'old', changed: true } })],
  ['problem, to an admin', noticeCard({ ...ctx, notice: { kind: 'problem', record: tricky, reporter: { email: bob.email, name: 'Bob *B*' }, text: NAME, asAdmin: true, adminsTold: true } }), noticeText({ ...ctx, notice: { kind: 'problem', record: tricky, reporter: bob, text: NAME, asAdmin: true, adminsTold: true } })],
  ['problem, to the holder', noticeCard({ ...ctx, notice: { kind: 'problem', record: tricky, reporter: { email: bob.email, name: 'Bob *B*' }, text: NAME, asAdmin: false, adminsTold: true } }), noticeText({ ...ctx, notice: { kind: 'problem', record: tricky, reporter: bob, text: NAME, asAdmin: false, adminsTold: true } })],
  ['problem form', problemFormCard({ record: available(3, NAME), text: NAME, admins: 1 }), problemFormText({ record: available(3, NAME), admins: 1 })],
  ['works again, to an admin', noticeCard({ ...ctx, notice: { kind: 'problem', record: { ...available(3, NAME), maintenance: { reason: NAME, until: null, since: NOW, by: ana } }, reporter: { email: bob.email, name: 'Bob *B*' }, text: NAME, asAdmin: true, adminsTold: true, fixed: true } }), noticeText({ ...ctx, notice: { kind: 'problem', record: { ...available(3, NAME), maintenance: { reason: 'fan', until: null, since: NOW, by: ana } }, reporter: bob, text: NAME, asAdmin: true, adminsTold: true, fixed: true } })],
  ['works again form', problemFormCard({ record: { ...available(3, NAME), maintenance: { reason: 'fan', until: null, since: NOW, by: ana } }, text: NAME, admins: 1, fixed: true }), problemFormText({ record: { ...available(3, NAME), maintenance: { reason: 'fan', until: null, since: NOW, by: ana } }, admins: 1, fixed: true })],
  ['problem reported', outcomeCard({ ...ctx, outcome: { type: 'problemReported', record: tricky, admins: 2, holderTold: true } }), outcomeText({ ...ctx, outcome: { type: 'problemReported', record: tricky, admins: 2, holderTold: true } })],
  ['extended all', outcomeCard({ ...ctx, outcome: { type: 'extendedAll', records: [tricky], refused: [{ type: 'refused', reason: 'not_later', record: inUse(4, ana, { name: NAME }), until: '2026-03-10T12:00:00.000Z' }] } }), outcomeText({ ...ctx, outcome: { type: 'extendedAll', records: [tricky], refused: [] } })],
  ['extend all offered', mineCard({ ...ctx, testbeds: [tricky, inUse(4, ana)], life: [], requesterEmail: ana.email, extendMinutes: 120, extendAll: true }), mineText({ ...ctx, testbeds: [tricky, inUse(4, ana)], life: [], requesterEmail: ana.email, extendMinutes: 120, extendAll: true })],
  ['maintenance past its end, to its admin', noticeCard({ ...ctx, notice: { kind: 'maintenanceDue', record: { ...available(3, NAME), maintenance: { reason: NAME, until: '2026-03-10T08:00:00.000Z', since: '2026-03-08T10:00:00.000Z', by: ana } }, waiting: 1 } }), noticeText({ ...ctx, notice: { kind: 'maintenanceDue', record: { ...available(3, NAME), maintenance: { reason: NAME, until: '2026-03-10T08:00:00.000Z', since: '2026-03-08T10:00:00.000Z', by: ana } }, waiting: 1 } })],
  ['maintenance end moved, to somebody waiting', noticeCard({ ...ctx, notice: { kind: 'maintenanceMoved', record: { ...available(3, NAME), maintenance: { reason: NAME, until: '2026-03-11T08:00:00.000Z', since: NOW, by: ana } }, byName: 'Grace *G*', previous: null, position: 1 } }), noticeText({ ...ctx, notice: { kind: 'maintenanceMoved', record: { ...available(3, NAME), maintenance: { reason: NAME, until: '2026-03-11T08:00:00.000Z', since: NOW, by: ana } }, byName: 'Grace *G*', previous: null, position: 1 } })],
  ['waiting for a label', outcomeCard({ ...ctx, outcome: { type: 'waitingLabel', label: '5_g_', places: [{ record: tricky, position: 1, length: 2 }] } }), outcomeText({ ...ctx, outcome: { type: 'waitingLabel', label: '5_g_', places: [{ record: tricky, position: 1, length: 2 }] } })],
];

describe('lifecycle cards', () => {
  it.each(cards)('%s: valid, at most five known buttons, names as typed', (_name, card, text) => {
    expect(cardProblems(card)).toEqual([]);
    const walked = inspectCard(card);
    expect(walked.disallowedTypes).toEqual([]);
    expect(walked.actions.length).toBeLessThanOrEqual(5);
    const known = new Set<string>(Object.values(ACTIONS));
    const inputs = cardInputIds(card);
    for (const action of walked.actions) {
      expect(action.type).toBe('Action.Submit');
      expect(known.has(String(action.data?.action))).toBe(true);
      for (const key of Object.keys(action.data ?? {})) expect(inputs).not.toContain(key);
    }
    const seen = seenCard(card);
    for (const item of seen.all) if (item.markdown) expect(markupFormed(item.source)).toEqual([]);
    expect(unLookAlike(seen.all.map((item) => item.text).join('\n'))).toContain(NAME);
    expect(text).toContain(NAME);
  });

  it('Extend all is offered with two bookings or more, for the length or time typed, and needs no testbed chosen', () => {
    const two = { ...ctx, testbeds: [inUse(3, ana), inUse(4, ana, { until: '2026-03-10T18:00:00.000Z' }), inUse(5, bob)], life: [], requesterEmail: ana.email };
    const byLength = mineCard({ ...two, extendMinutes: 120, extendAll: true });
    expect(buttonTitles(byLength)).toEqual(['Extend all by 2 hours', 'Extend 2 hours', 'Release', 'Release all mine', 'Status']);
    expect(inspectCard(byLength).actions[0]).toMatchObject({ data: { action: 'extend_all', minutes: '120' }, associatedInputs: 'none' });
    const byTime = mineCard({ ...two, extendUntil: '2026-03-10T16:00:00.000Z', extendAll: true });
    expect(inspectCard(byTime).actions[0]).toMatchObject({ title: 'Extend all to 16:00 UTC', data: { action: 'extend_all', until: '2026-03-10T16:00:00.000Z' } });
    // Typed of one booking, or holding one: the plain buttons.
    expect(buttonTitles(mineCard({ ...two, extendMinutes: 120 }))[0]).toBe('Extend 2 hours');
    expect(buttonTitles(mineCard({ ...two, requesterEmail: bob.email, extendMinutes: 120, extendAll: true }))[0]).toBe('Extend 2 hours');
    // A length no extension may have: no Extend all.
    expect(buttonTitles(mineCard({ ...two, extendMinutes: 200 * 1440, extendAll: true }))[0]).toBe('Extend 1 hour');
  });

  it('after Extend all: until when each booking runs now, and why any other was not extended', () => {
    const extended = (refused: Array<{ reason: 'not_later' | 'too_far'; id: number }>, ids: number[]) =>
      seenCard(
        outcomeCard({
          ...ctx,
          outcome: {
            type: 'extendedAll',
            records: ids.map((id) => inUse(id, ana, { until: '2026-03-10T14:00:00.000Z' })),
            refused: refused.map(({ reason, id }) => ({ type: 'refused' as const, reason, record: inUse(id, ana), until: '2026-03-10T16:00:00.000Z' })),
          },
        }),
      );
    const both = extended([], [4, 3]);
    expect(both.heading).toBe('Extended 2 bookings');
    expect(both.texts.slice(1)).toEqual(['lab-3 is yours until 2026-03-10 14:00 UTC (in 4 h).', 'lab-4 is yours until 2026-03-10 14:00 UTC (in 4 h).']);
    const partly = extended([{ reason: 'not_later', id: 5 }], [3]);
    expect(partly.heading).toBe('Extended 1 booking');
    expect(partly.texts.at(-1)).toBe('lab-5 is already booked until 2026-03-10 16:00 UTC, so there is nothing to extend.');
    const none = extended([{ reason: 'too_far', id: 5 }], []);
    expect(none.heading).toBe('Nothing was changed');
    expect(none.texts.at(-1)).toBe('That would move the expected release of lab-5 more than 90 days from now. Choose a shorter extension.');
    const nothingHeld = seenCard(outcomeCard({ ...ctx, outcome: { type: 'extendedAll', records: [], refused: [] } }));
    expect([nothingHeld.heading, nothingHeld.texts[1]]).toEqual(['Nothing to extend', 'You hold no testbeds right now. Nothing was changed.']);
    expect(outcomeText({ ...ctx, outcome: { type: 'extendedAll', records: [inUse(3, ana)], refused: [] } })).toContain('lab-3 is yours until 2026-03-10 12:00 UTC (in 2 h).');
  });

  it('after Hand all over: who holds which now, and why any other was not handed over', () => {
    const linus = { email: 'linus@example.com', name: 'Linus *L*' };
    const handed = (ids: number[], refused: number[]) =>
      seenCard(outcomeCard({ ...ctx, outcome: { type: 'handedOverAll', records: ids.map((id) => inUse(id, linus)), refused: refused.map((id) => ({ type: 'refused' as const, reason: 'not_holder' as const, record: inUse(id, bob) })) } }));
    const both = handed([4, 3], []);
    expect(both.heading).toBe('Handed over 2 bookings');
    expect(both.texts.slice(1).map(unLookAlike)).toEqual(['Linus *L* holds lab-3, lab-4 now. I told them, and the reminders go to them.', 'Thanks for passing them on.']);
    expect(handed([3], [5]).texts.slice(1).map(unLookAlike)).toEqual([
      'Linus *L* holds lab-3 now. I told them, and the reminders go to them.',
      'Only the holder can do that, and lab-5 is held by Bob Builder.',
      'Thanks for passing them on.',
    ]);
    const nobody = seenCard(outcomeCard({ ...ctx, outcome: { type: 'handedOverAll', records: [], refused: [{ type: 'refused', reason: 'no_person', record: inUse(3, ana) }] } }));
    expect([nobody.heading, nobody.texts[1]]).toEqual(['Nothing was changed', 'I could not find anybody with that email. Type give, the testbed and their email again.']);
  });

  it('a force release tells the holder who ended the booking and why, in plain words, with no buttons', () => {
    const notice = { kind: 'forceReleased' as const, record: inUse(3, ana), byName: 'Grace *G*', reason: 'the **nightly** run' };
    const seen = seenCard(noticeCard({ ...ctx, notice }));
    expect(seen.heading).toBe('lab-3 was released by an admin');
    expect(seen.texts.map(unLookAlike)).toContain('Grace *G* ended your booking of lab-3.');
    expect(unLookAlike(seen.facts.Reason)).toBe('the **nightly** run');
    expect(buttonTitles(noticeCard({ ...ctx, notice }))).toEqual([]);
    expect(noticeText({ ...ctx, notice })).toBe('Grace *G* released your booking of lab-3. Reason: the **nightly** run');
  });

  it('mine shows each booking as its name above its due time, red once it is overdue, with its purpose and how to change it', () => {
    const late = inUse(5, ana, { name: 'TB-05 SD-WAN pod with a long name', until: '2026-03-10T08:00:00.000Z', purpose: 'soak *test* of the new image' });
    const seen = seenCard(mineCard({ ...ctx, testbeds: [late, inUse(4, ana, { until: '2026-03-10T14:00:00.000Z' })], life: [], requesterEmail: ana.email }));
    const lines = seen.all.filter((item) => item.role === 'text').map((item) => ({ text: unLookAlike(item.text), weight: item.element.weight, color: item.element.color }));
    expect(lines).toEqual([
      { text: 'lab-4', weight: 'Bolder', color: undefined },
      { text: 'Expected release: 2026-03-10 14:00 UTC (in 4 h)', weight: undefined, color: 'default' },
      { text: 'Purpose: regression run', weight: undefined, color: undefined },
      { text: 'TB-05 SD-WAN pod with a long name', weight: 'Bolder', color: undefined },
      { text: 'Release was due: 2026-03-10 08:00 UTC (2 h ago)', weight: undefined, color: 'attention' },
      { text: 'Purpose: soak *test* of the new image', weight: undefined, color: undefined },
      { text: 'To change what a booking is for, type purpose lab-4 and the new purpose.', weight: undefined, color: undefined },
    ]);
    // The plain text (a phone's notification) says when each is due back too; one booking reads as a sentence.
    expect(mineText({ ...ctx, testbeds: [late, inUse(4, ana, { until: '2026-03-10T14:00:00.000Z' })], life: [], requesterEmail: ana.email })).toBe(
      'You hold 2: lab-4 until 2026-03-10 14:00 UTC (in 4 h); TB-05 SD-WAN pod with a long name, overdue since 2026-03-10 08:00 UTC (2 h ago).',
    );
    expect(mineText({ ...ctx, testbeds: [late], life: [], requesterEmail: ana.email })).toBe('You hold TB-05 SD-WAN pod with a long name, overdue since 2026-03-10 08:00 UTC (2 h ago).');
    const seven = Array.from({ length: 7 }, (_, index) => inUse(index + 1, ana, { until: '2026-03-10T14:00:00.000Z' }));
    expect(mineText({ ...ctx, testbeds: seven, life: [], requesterEmail: ana.email })).toMatch(/^You hold 7: lab-1 until .*; lab-5 until 2026-03-10 14:00 UTC \(in 4 h\); 2 more\.$/);
  });

  it('mine names a testbed free for anyone to move a booking to, only where typed words are read and only when there is one', () => {
    const switchLine = (input: Parameters<typeof mineCard>[0]) =>
      seenCard(mineCard(input)).texts.map(unLookAlike).filter((text) => text.startsWith('To move a booking'));
    const base = { ...ctx, testbeds: [inUse(4, ana), available(7), available(6)], life: [], requesterEmail: ana.email };
    expect(switchLine(base)).toEqual(['To move a booking to another testbed, type switch lab-4 to lab-6.']);
    // lab-6 held for somebody's hand-off, or somebody waiting for it: lab-7.
    expect(switchLine({ ...base, life: [{ ...emptyLifecycle(6), offer: { email: bob.email, name: bob.name, until: NOW } }] })).toEqual(['To move a booking to another testbed, type switch lab-4 to lab-7.']);
    expect(switchLine({ ...base, life: [{ ...emptyLifecycle(6), queue: [{ email: bob.email, name: bob.name, since: NOW }] }] })).toEqual(['To move a booking to another testbed, type switch lab-4 to lab-7.']);
    expect(switchLine({ ...base, testbeds: [inUse(4, ana), inUse(6, bob)] })).toEqual([]);
    expect(switchLine({ ...base, directRoom: true })).toEqual([]);
    expect(switchLine({ ...base, requesterEmail: bob.email })).toEqual([]);
  });

  it('mine tells the holder how many people wait for each of their bookings', () => {
    const life = [{ ...emptyLifecycle(3), queue: [{ email: bob.email, name: bob.name, since: NOW }, { email: 'carol@example.com', name: 'Carol', since: NOW }] }];
    const seen = seenCard(mineCard({ ...ctx, testbeds: [inUse(3, ana), inUse(4, ana)], life, requesterEmail: ana.email }));
    const texts = seen.texts;
    expect(texts.slice(texts.indexOf('lab-3'), texts.indexOf('lab-4'))).toEqual(['lab-3', 'Expected release: 2026-03-10 12:00 UTC (in 2 h)', 'Purpose: regression run', '2 people are waiting for it.']);
    expect(texts.slice(texts.indexOf('lab-4')).filter((text) => text.includes('waiting for it'))).toEqual([]);
  });

  it('a testbed held for the person: typed book takes it in a lab room, the offer\'s Book it in a 1:1 room', () => {
    const life = [{ ...emptyLifecycle(5), offer: { email: ana.email, name: ana.name, until: '2026-03-10T10:10:00.000Z' } }];
    const held = (directRoom: boolean) => seenCard(mineCard({ ...ctx, testbeds: [available(5)], life, requesterEmail: ana.email, directRoom })).texts[1];
    expect(held(false)).toBe('lab-5 is held for you until 2026-03-10 10:10 UTC: type book lab-5 to take it.');
    expect(held(true)).toBe('lab-5 is held for you until 2026-03-10 10:10 UTC: press Book it on the offer I sent you to take it.');
  });

  it('`I will be done with lab-N at …`: Done by that time when it is earlier than the booking, Extend to when later, a line otherwise', () => {
    const mine = (doneBy: string, chosen?: number, testbeds = [inUse(3, ana, { until: '2026-03-10T18:00:00.000Z' })]) =>
      mineCard({ ...ctx, testbeds, life: [], requesterEmail: ana.email, ...(chosen === undefined ? {} : { chosen }), doneBy });
    const warnings = (card: AdaptiveCardJson) => seenCard(card).all.filter((item) => item.element.color === 'warning').map((item) => item.text);
    const sooner = mine('2026-03-10T16:00:00.000Z', 3);
    expect(inspectCard(sooner).actions.slice(0, 2).map((action) => [action.title, action.data])).toEqual([
      ['Done by 16:00 UTC', { action: 'done_by', until: '2026-03-10T16:00:00.000Z' }],
      ['Extend 1 day', { action: 'extend', minutes: '1440' }],
    ]);
    // Their only booking is the one meant when none is named.
    expect(buttonTitles(mine('2026-03-10T16:00:00.000Z'))[0]).toBe('Done by 16:00 UTC');
    expect(buttonTitles(mine('2026-03-10T20:00:00.000Z', 3))[0]).toBe('Extend to 20:00 UTC');
    const same = mine('2026-03-10T18:00:00.000Z', 3);
    expect(warnings(same)).toEqual(['lab-3 is already due back at 18:00 UTC.']);
    expect(buttonTitles(same).slice(0, 2)).toEqual(['Extend 1 hour', 'Extend 1 day']);
    expect(warnings(mine('2026-03-10T09:00:00.000Z', 3))).toEqual(['09:00 UTC has already passed: release it when you are done.']);
    const notTheirs = mine('2026-03-10T16:00:00.000Z', 4, [inUse(3, ana, { until: '2026-03-10T18:00:00.000Z' }), inUse(4, bob)]);
    expect(warnings(notTheirs)).toEqual(['You do not hold lab-4, so when it is due back is not yours to say.']);
    expect(buttonTitles(notTheirs)).not.toContain('Done by 16:00 UTC');
  });

  it('done sooner: the holder hears the new and old times and who was told; the first person waiting hears it too', () => {
    const record = inUse(3, ana, { until: '2026-03-10T12:00:00.000Z' });
    const answer = outcomeCard({ ...ctx, outcome: { type: 'dueEarlier', record, previous: '2026-03-10T18:00:00.000Z', toldNext: 'Bob Builder' } });
    expect(seenCard(answer).heading).toBe('Due back sooner: lab-3');
    expect(seenCard(answer).texts.slice(1)).toEqual([
      'lab-3 is due back 2026-03-10 12:00 UTC (in 2 h); it was 2026-03-10 18:00 UTC.',
      'I told Bob Builder, first in its queue.',
      'Release it as soon as you are done.',
    ]);
    const told = seenCard(noticeCard({ ...ctx, notice: { kind: 'dueEarlier', record, previous: '2026-03-10T18:00:00.000Z' } }));
    expect(told.heading).toBe('lab-3 is due back sooner');
    expect(told.texts.slice(1)).toEqual([
      'Ana Ops expects to be done with lab-3 by 2026-03-10 12:00 UTC (in 2 h); it was 2026-03-10 18:00 UTC.',
      'You are first in its queue: I message you as soon as it is released.',
    ]);
    const refused = (reason: 'not_earlier' | 'passed') => seenCard(outcomeCard({ ...ctx, outcome: { type: 'refused', reason, record, until: '2026-03-10T12:00:00.000Z' } })).texts[1];
    expect(refused('not_earlier')).toBe('lab-3 is already due back at 2026-03-10 12:00 UTC, so there is nothing to bring forward. Release it when you are done.');
    expect(refused('passed')).toBe('That time has already passed. Release the testbed if you are done, or type the time again.');
  });

  it('a problem reported: the admin reads who, what, how the testbed stands and the task that fits; the holder, who and what', () => {
    const reporter = { email: bob.email, name: 'Bob Builder' };
    const problem = (record: ReturnType<typeof available>, asAdmin: boolean, adminsTold = true) =>
      noticeCard({ ...ctx, notice: { kind: 'problem', record, reporter, text: 'no power\non slot 2', asAdmin, adminsTold } });
    const held = inUse(3, ana, { until: '2026-03-10T12:00:00.000Z' });
    const toAdmin = problem(held, true);
    expect(seenCard(toAdmin).texts).toEqual([
      'Problem reported: lab-3',
      'Bob Builder (bob@example.com) reports a problem with lab-3:',
      // A single line break reads as a space, as the clients render it.
      'no power on slot 2',
      'Ana Ops holds it; expected release: 2026-03-10 12:00 UTC (in 2 h).',
    ]);
    // Held: force release, the reason filled in; free: start maintenance; under maintenance already: the admin card only.
    expect(inspectCard(toAdmin).actions.map((action) => [action.title, action.data])).toEqual([
      ['Force release', { action: 'admin_form', form: 'force_release', testbed_id: '3', reason: 'Reported by Bob Builder: no power\non slot 2' }],
      ['Admin', { action: 'admin' }],
    ]);
    expect(buttonTitles(problem(available(3), true))).toEqual(['Start maintenance', 'Admin']);
    expect(seenCard(problem(available(3), true)).texts[3]).toBe('Nobody holds it right now.');
    const down = { ...available(3), maintenance: { reason: 'fan', until: null, since: NOW, by: reporter } };
    expect(buttonTitles(problem(down, true))).toEqual(['Admin']);
    expect(seenCard(problem(down, true)).texts[3]).toBe('It is under maintenance already: fan.');
    const toHolder = problem(held, false);
    expect(seenCard(toHolder).texts).toEqual(['A problem with lab-3', 'Bob Builder (bob@example.com) reports a problem with lab-3, which you hold:', 'no power on slot 2', 'The lab’s admins were told.']);
    expect(seenCard(problem(held, false, false)).texts.at(-1)).toBe('No admin is set up, so you are the one told.');
    expect(buttonTitles(toHolder)).toEqual(buttonTitles(noticeCard({ ...ctx, notice: { kind: 'reminder', record: held } })));
    // The answer to the reporter, with and without admins; the form without admins offers feedback.
    const answer = (admins: number, holderTold: boolean) => seenCard(outcomeCard({ ...ctx, outcome: { type: 'problemReported', record: held, admins, holderTold } })).texts;
    expect(answer(1, false)).toEqual(['Reported: lab-3', 'I told the lab’s admin.', 'Book another testbed meanwhile if you need one.']);
    expect(answer(2, true)[1]).toBe('I told the lab’s 2 admins and Ana Ops, who holds it.');
    expect(answer(0, true).slice(0, 2)).toEqual(['Not reported: lab-3', 'No admin is set up (the ADMINS setting is empty), so nobody could be told: type feedback to leave a note.']);
    // Reported by its holder with a testbed free to stand in: Switch, one press away.
    const standIn = outcomeCard({ ...ctx, outcome: { type: 'problemReported', record: held, admins: 1, holderTold: false, switchTo: available(5) } });
    expect(seenCard(standIn).texts[2]).toBe('lab-5 is free: Switch moves your booking there, with its purpose and expected release, and releases lab-3.');
    expect(inspectCard(standIn).actions.map((action) => [action.title, action.data])).toEqual([
      ['Switch to lab-5', { action: 'switch', testbed_id: '3', to_testbed_id: '5' }],
      ['Status', { action: 'status' }],
    ]);
    const form = problemFormCard({ record: available(3), admins: 1, errors: { problem: 'Say what is wrong, in at most 500 characters.' } });
    expect(cardInputIds(form)).toEqual(['problem']);
    expect(seenCard(form).texts).toContain('Say what is wrong, in at most 500 characters.');
    expect(inspectCard(form).actions.map((action) => [action.title, action.data])).toEqual([
      ['Tell the admins', { action: 'report_problem', testbed_id: '3' }],
      ['Cancel', { action: 'cancel' }],
    ]);
    expect(buttonTitles(problemFormCard({ record: available(3), admins: 0 }))).toEqual(['Feedback', 'Menu']);
    // Who gets the report: the holder by name when somebody else holds it, nobody more for a free one or the holder's own.
    const told = (record: TestbedRecord, requesterEmail: string) => seenCard(problemFormCard({ record, admins: 1, requesterEmail })).texts[1];
    expect(told(held, bob.email)).toBe('The lab’s admins get it in a direct message with your name, and so does Ana Ops, who holds it.');
    expect(told(held, ana.email)).toBe('The lab’s admins get it in a direct message with your name.');
    expect(told(available(3), bob.email)).toBe('The lab’s admins get it in a direct message with your name.');
    expect(problemFormText({ record: held, admins: 1, requesterEmail: bob.email })).toMatch(/, and so does Ana Ops, who holds it\.$/);
  });

  it('works again: the form that tells the admins, their message with End maintenance, and the answers to the person', () => {
    const down = { ...available(3), maintenance: { reason: 'fan', until: null, since: NOW, by: ana } };
    const form = problemFormCard({ record: down, admins: 2, fixed: true });
    expect(cardProblems(form)).toEqual([]);
    expect(seenCard(form).texts.slice(0, 2)).toEqual(['Tell the admins lab-3 works again', 'lab-3 is under maintenance, and only an admin can end it. They get a direct message with your name and a button that ends it.']);
    expect(inspectCard(form).actions.map((action) => action.data)).toEqual([{ action: 'report_problem', testbed_id: '3', news: 'fixed' }, { action: 'cancel' }]);
    // Back in service meanwhile: nothing to tell; with no admins, the usual answer (feedback).
    expect(seenCard(problemFormCard({ record: available(3), admins: 2, fixed: true })).texts).toEqual(['lab-3 is in service', 'lab-3 is not under maintenance: anybody can book it.']);
    expect(buttonTitles(problemFormCard({ record: down, admins: 0, fixed: true }))).toEqual(['Feedback', 'Menu']);
    const notice = { kind: 'problem' as const, record: down, reporter: bob, text: 'fan replaced', asAdmin: true, adminsTold: true, fixed: true as const };
    expect(inspectCard(noticeCard({ ...ctx, notice })).actions.map((action) => [action.title, action.data])).toEqual([
      ['End maintenance', { action: 'admin_form', form: 'maintenance_end', testbed_id: '3' }],
      ['Admin', { action: 'admin' }],
    ]);
    expect(noticeText({ ...ctx, notice })).toBe('Bob Builder says lab-3 works again: fan replaced. It is under maintenance: fan.');
    const told = seenCard(outcomeCard({ ...ctx, outcome: { type: 'problemReported', record: down, admins: 2, holderTold: false, fixed: true } })).texts;
    expect(told).toEqual(['Told the admins: lab-3', 'I told the lab’s 2 admins that lab-3 works again. It stays under maintenance until one of them ends it.']);
    const refused = (reason: 'told_recently' | 'in_service') => outcomeCard({ ...ctx, outcome: { type: 'refused', reason, record: available(3), until: '2026-03-10T10:08:00.000Z' } });
    expect(seenCard(refused('told_recently')).texts[1]).toBe('You told the lab’s admins that lab-3 works again a few minutes ago. You can tell them again at 2026-03-10 10:08 UTC.');
    expect(seenCard(refused('in_service')).texts[1]).toBe('lab-3 is not under maintenance any more: anybody can book it.');
    expect(buttonTitles(refused('in_service'))).toEqual(['Book it']);
  });

  it('problems: every testbed\'s reports of the last 7 days, newest first, ten at most; none says how to report one', () => {
    const report = (id: number, at: string, text: string) => ({ at, event: 'problem_reported' as const, testbed_id: id, testbed_name: `lab-${id}`, by: bob, text });
    const entries = [
      report(3, '2026-03-09T09:00:00.000Z', 'fan is loud'),
      report(4, '2026-03-10T08:00:00.000Z', 'no **power**'),
      ...Array.from({ length: 10 }, (_, i) => report(5, `2026-03-0${(i % 8) + 1}T07:0${i}:00.000Z`, `old ${i}`)),
      { at: '2026-03-10T08:30:00.000Z', event: 'queued' as const, testbed_id: 3, testbed_name: 'lab-3', by: bob, position: 1 },
    ];
    const seen = seenCard(problemsCard({ entries, timeZone: 'UTC' }));
    expect(seen.texts.slice(0, 6).map(unLookAlike)).toEqual([
      'Problems reported',
      'In the last 7 days, newest first.',
      'lab-4',
      '2026-03-10 08:00 UTC · Bob Builder: no **power**',
      'lab-3',
      '2026-03-09 09:00 UTC · Bob Builder: fan is loud',
    ]);
    expect(seen.texts.at(-1)).toBe("And 2 earlier ones. Type history and a testbed's name for all of its own.");
    expect(problemsText({ entries, timeZone: 'UTC' })).toBe('12 problems reported in the last 7 days; the last with lab-4, by Bob Builder: no **power**');
    expect(seenCard(problemsCard({ entries: [], timeZone: 'UTC' })).texts).toEqual([
      'Problems reported',
      'No problem was reported in the last 7 days. Tell the admins about one by typing, for example, lab-3 is broken.',
    ]);
  });

  it('Still need it on an overdue booking offers the Extend buttons, and the asker hears that no new time was given', () => {
    const late = inUse(3, ana, { until: '2026-03-10T08:00:00.000Z' });
    const kept = outcomeCard({ ...ctx, outcome: { type: 'kept', record: late, askers: 1 } });
    expect(seenCard(kept).texts.slice(1)).toEqual(['Thanks. I told the person who asked.', 'Release was due: 2026-03-10 08:00 UTC (2 h ago). Extend it, so others know when to expect it.']);
    expect(inspectCard(kept).actions.map((action) => [action.title, action.data])).toEqual([
      ['Extend 1 hour', { action: 'extend', testbed_id: '3', minutes: '60' }],
      ['Extend 1 day', { action: 'extend', testbed_id: '3', minutes: '1440' }],
    ]);
    const onTime = outcomeCard({ ...ctx, outcome: { type: 'kept', record: inUse(3, ana, { until: '2026-03-10T12:00:00.000Z' }), askers: 1 } });
    expect(seenCard(onTime).texts[2]).toBe('Expected release: 2026-03-10 12:00 UTC (in 2 h).');
    expect(inspectCard(onTime).actions).toEqual([]);
    const told = seenCard(noticeCard({ ...ctx, notice: { kind: 'askAnswered', record: late, holderName: 'Ana Ops', answer: 'kept' } }));
    expect(told.texts[1]).toBe('Ana Ops still needs lab-3. It was due back 2026-03-10 08:00 UTC (2 h ago); no new time was given yet.');
  });

  it('`pass on lab-N` offers the one step that gives up what the person has of it: release, no thanks, leave the queue, or nothing', () => {
    const testbeds = [inUse(1, ana), available(2), inUse(3, bob)];
    const life = [
      { ...emptyLifecycle(1), queue: [{ email: bob.email, name: bob.name, since: NOW }] },
      { ...emptyLifecycle(2), offer: { email: ana.email, name: ana.name, until: '2026-03-10T10:10:00.000Z' } },
      { ...emptyLifecycle(3), queue: [{ email: 'c@example.com', name: 'Cy', since: NOW }, { email: ana.email, name: ana.name, since: NOW }] },
    ];
    const view = (testbedId?: number) => {
      const input = { ...ctx, testbeds, life, requesterEmail: ana.email, ...(testbedId === undefined ? {} : { testbedId }) };
      const card = notNeededCard(input);
      return { heading: seenCard(card).heading, line: seenCard(card).texts[1], buttons: inspectCard(card).actions.map((action) => [action.title, action.data]), text: notNeededText(input) };
    };
    expect(view(1)).toMatchObject({ heading: 'Release lab-1?', line: 'You hold lab-1. Press Release to give it back. 1 person is waiting for it.', buttons: [['Release', { action: 'release_submit', testbed_id: '1' }]] });
    expect(view(2)).toMatchObject({ heading: 'Pass on lab-2?', buttons: [['No thanks', { action: 'decline_offer', testbed_id: '2' }]] });
    expect(view(2).line).toBe('lab-2 is held for you until 2026-03-10 10:10 UTC. Press No thanks and it goes to the next person in its queue at once.');
    // None named (`no thanks`): the testbed offered to them.
    expect(view().heading).toBe('Pass on lab-2?');
    expect(view(3)).toMatchObject({ heading: 'You are #2 for lab-3', buttons: [['Leave the queue', { action: 'unwait', testbed_id: '3' }]] });
    const nothing = notNeededCard({ ...ctx, testbeds, life: [], requesterEmail: bob.email, testbedId: 2 });
    expect(seenCard(nothing).texts).toEqual(['Nothing to give up on lab-2', 'You neither hold lab-2 nor wait for it. Nothing was changed.']);
    expect(notNeededText({ ...ctx, testbeds, life: [], requesterEmail: bob.email })).toBe('Nothing is held for you right now, so there is nothing to pass on.');
  });

  it('`release lab-1 and lab-2`: those that are the person’s, each with when it is due, one button for them all; the others say why not', () => {
    const testbeds = [inUse(1, ana, { until: '2026-03-10T12:00:00.000Z' }), inUse(2, ana, { until: '2026-03-10T09:00:00.000Z' }), inUse(3, bob), available(4)];
    const view = (testbedIds: number[], requesterEmail = ana.email) => {
      const card = releaseTheseCard({ ...ctx, testbeds, requesterEmail, testbedIds });
      return { heading: seenCard(card).heading, lines: seenCard(card).texts.slice(1), buttons: inspectCard(card).actions.map((action) => [action.title, action.data]) };
    };
    expect(view([1, 2])).toEqual({
      heading: 'Release lab-1 and lab-2?',
      lines: ['You hold lab-1 until 2026-03-10 12:00 UTC (in 2 h); lab-2, overdue since 2026-03-10 09:00 UTC (1 h ago). Press Release both to give them back.'],
      buttons: [['Release both', { action: 'release_all', testbed_ids: '1,2' }]],
    });
    expect(view([2, 3, 4])).toEqual({
      heading: 'Release lab-2?',
      lines: ['You hold lab-2, overdue since 2026-03-10 09:00 UTC (1 h ago). Press Release to give it back.', 'lab-3 is not yours: Bob Builder holds it.', 'lab-4 is not booked.'],
      buttons: [['Release', { action: 'release_all', testbed_ids: '2' }]],
    });
    expect(view([1, 2, 3], bob.email).heading).toBe('Release lab-3?');
    expect(view([3, 4])).toEqual({ heading: 'Nothing to release', lines: ['You hold neither lab-3 nor lab-4. Nothing was changed.', 'lab-3 is not yours: Bob Builder holds it.', 'lab-4 is not booked.'], buttons: [['Mine', { action: 'mine' }]] });
    expect(releaseTheseText({ ...ctx, testbeds, requesterEmail: bob.email, testbedIds: [1, 4] })).toBe(
      'Nothing to release You hold neither lab-1 nor lab-4. Nothing was changed. lab-1 is not yours: Ana Ops holds it. lab-4 is not booked.',
    );
  });

  it('a place taken in a queue says where the testbed stands: its holder and due time, overdue, or its maintenance', () => {
    const waiting = (record: TestbedRecord, already = false) =>
      seenCard(outcomeCard({ ...ctx, outcome: { type: 'waiting', record, position: 2, length: 2, already } }));
    const held = waiting(inUse(3, ana, { until: '2026-03-10T12:00:00.000Z' }));
    expect(held.heading).toBe('You are #2 for lab-3');
    expect(held.texts.slice(1)).toEqual(['Ana Ops holds it; expected release: 2026-03-10 12:00 UTC (in 2 h).', '2 people are waiting. When it is released, I will message you in turn.']);
    expect(waiting(inUse(3, ana, { until: '2026-03-10T09:00:00.000Z' }), true).texts.slice(1)).toEqual([
      'You were already in the queue.',
      'Ana Ops holds it; release was due: 2026-03-10 09:00 UTC (1 h ago).',
      '2 people are waiting. When it is released, I will message you in turn.',
    ]);
    const cables = { ...available(3), maintenance: { reason: 'cables', since: NOW, by: ana, until: '2026-03-11T09:00:00.000Z' } };
    expect(waiting(cables).texts.slice(1)).toEqual(['It is under maintenance, expected back 2026-03-11 09:00 UTC (in 23 h).', '2 people are waiting. When it is back, I will message you in turn.']);
    expect(waiting({ ...cables, maintenance: { ...cables.maintenance, until: null } }).texts[1]).toBe('It is under maintenance until further notice.');
    expect(waiting(available(3)).texts[1]).toBe('It is held for somebody ahead of you in its queue.');
  });

  it('moving up to first in a queue is told once, with the booking ahead when there is one', () => {
    const held = seenCard(noticeCard({ ...ctx, notice: { kind: 'nowFirst', record: inUse(3, ana, { until: '2026-03-10T12:00:00.000Z' }) } }));
    expect(held.heading).toBe('You are next for lab-3');
    expect(held.texts.slice(1)).toEqual(['You are now first in the queue for lab-3. I message you as soon as it is yours.', 'Expected release: 2026-03-10 12:00 UTC (in 2 h)']);
    expect(seenCard(noticeCard({ ...ctx, notice: { kind: 'nowFirst', record: available(3) } })).texts).toHaveLength(2);
  });

  it('the first person waiting hears who extended the testbed and its new expected release', () => {
    const record = inUse(3, ana, { until: '2026-03-10T13:00:00.000Z' });
    const seen = seenCard(noticeCard({ ...ctx, notice: { kind: 'extendedAhead', record } }));
    expect(seen.heading).toBe('lab-3 runs longer');
    expect(seen.texts[1]).toBe('Ana Ops extended lab-3. Expected release: 2026-03-10 13:00 UTC (in 3 h).');
    expect(seen.texts[2]).toBe('You are still first in its queue: I message you as soon as it is released.');
    expect(noticeText({ ...ctx, notice: { kind: 'extendedAhead', record } })).toBe('Ana Ops extended lab-3 (expected release 2026-03-10 13:00 UTC). You are still first in its queue.');
  });

  it('an asker hears whom a released testbed went to: somebody else, themselves, or nobody', () => {
    const notice = { kind: 'askAnswered' as const, record: inUse(3, ana), holderName: 'Ana Ops', answer: 'released' as const };
    const line = (extra: object) => seenCard(noticeCard({ ...ctx, notice: { ...notice, ...extra } })).texts[1];
    expect(line({})).toBe('Ana Ops released lab-3. Anybody may book it now: type book lab-3 in the lab room.');
    expect(line({ handedTo: { name: 'Cy Queue', toYou: false } })).toBe('Ana Ops released lab-3. It goes to Cy Queue, first in its queue.');
    expect(line({ handedTo: { name: 'Bob Builder', toYou: true } })).toBe('Ana Ops released lab-3. You were first in its queue: my next message offers it to you.');
    expect(noticeText({ ...ctx, notice: { ...notice, handedTo: { name: 'Cy Queue', toYou: false } } })).toBe('Ana Ops released lab-3. It goes to Cy Queue, first in its queue.');
  });

  it('a force release tells the holder whom it went to when somebody was waiting, instead of to book it again', () => {
    const notice = { kind: 'forceReleased' as const, record: inUse(3, ana), byName: 'Lab Lead', reason: 'nightly run' };
    expect(seenCard(noticeCard({ ...ctx, notice })).texts.at(-1)).toBe('Book it again, or another testbed, if you still need one.');
    expect(seenCard(noticeCard({ ...ctx, notice: { ...notice, handedTo: 'Bob Builder' } })).texts.at(-1)).toBe(
      'It went to Bob Builder, who was waiting for it. Type wait lab-3 to queue for it again, or book another testbed.',
    );
  });

  it('a retired testbed tells the people who waited for it that they no longer wait', () => {
    const seen = seenCard(noticeCard({ ...ctx, notice: { kind: 'retired', record: available(3) } }));
    expect(seen.heading).toBe('lab-3 was retired');
    expect(seen.texts).toContain('lab-3 has been taken out of service for good, so you are no longer waiting for it.');
  });

  it('a testbed that lost the label somebody waited for tells them where they still wait, or how to find the ones that carry it', () => {
    const still = seenCard(noticeCard({ ...ctx, notice: { kind: 'labelLost', record: available(3), label: '5g', stillWaiting: ['lab-1', 'lab-2'] } }));
    expect(still.heading).toBe('lab-3 no longer carries 5g');
    expect(still.texts).toEqual([
      'lab-3 no longer carries 5g',
      'An admin took the label 5g off lab-3, so you no longer wait for it.',
      'You still wait for any 5g in the queue of lab-1, lab-2.',
    ]);
    // By name, numbers as numbers; ten named and the rest counted.
    const many = Array.from({ length: 12 }, (_, index) => `lab-${12 - index}`);
    expect(seenCard(noticeCard({ ...ctx, notice: { kind: 'labelLost', record: available(3), label: '5g', stillWaiting: many } })).texts).toContain(
      'You still wait for any 5g in the queue of lab-1, lab-2, lab-3, lab-4, lab-5, lab-6, lab-7, lab-8, lab-9, lab-10 …and 2 more.',
    );
    expect(noticeText({ ...ctx, notice: { kind: 'labelLost', record: available(3), label: '5g', stillWaiting: [] } })).toBe(
      "lab-3 no longer carries 5g, so you no longer wait for it. No other testbed you waited on carries 5g. Type status 5g in the lab’s room to see which testbeds do.",
    );
  });

  it('a maintenance past its expected end asks the admin who started it whether the testbed is back, with one press to end it or to give a new end', () => {
    const record = { ...available(3), maintenance: { reason: 'new power supply', until: '2026-03-10T08:00:00.000Z', since: '2026-03-08T10:00:00.000Z', by: ana } };
    const card = noticeCard({ ...ctx, notice: { kind: 'maintenanceDue', record, waiting: 2 } });
    expect(seenCard(card).texts).toEqual([
      'Is lab-3 back in service?',
      'You put lab-3 under maintenance 2 d ago (new power supply) and expected it back 2026-03-10 08:00 UTC (2 h ago).',
      '2 people are waiting for it.',
      'End the maintenance if it works again, or give a new expected end so the people waiting know. Nothing changes until you do.',
    ]);
    expect(inspectCard(card).actions.map((action) => [action.title, action.data])).toEqual([
      ['End maintenance', { action: 'admin_form', form: 'maintenance_end', testbed_id: '3' }],
      ['New expected end', { action: 'admin_form', form: 'maintenance_start', testbed_id: '3', reason: 'new power supply' }],
      ['Admin', { action: 'admin' }],
    ]);
    expect(noticeText({ ...ctx, notice: { kind: 'maintenanceDue', record, waiting: 0 } })).toBe(
      'You put lab-3 under maintenance 2 d ago (new power supply) and expected it back 2026-03-10 08:00 UTC (2 h ago). End the maintenance if it works again, or give a new expected end.',
    );
  });

  it('somebody waiting for a testbed under maintenance hears when its expected end moves, and where they stand', () => {
    const record = (until: string | null) => ({ ...available(3), maintenance: { reason: 'fan', until, since: NOW, by: ana } });
    const later = seenCard(noticeCard({ ...ctx, notice: { kind: 'maintenanceMoved', record: record('2026-03-12T16:00:00.000Z'), byName: 'Grace Hopper', previous: '2026-03-11T16:00:00.000Z', position: 2 } }));
    expect(later.texts).toEqual([
      'lab-3 is expected back later',
      'Grace Hopper now expects lab-3 back from maintenance 2026-03-12 16:00 UTC; it was 2026-03-11 16:00 UTC.',
      'You are #2 in its queue: I message you as soon as it is back and yours.',
    ]);
    expect(seenCard(noticeCard({ ...ctx, notice: { kind: 'maintenanceMoved', record: record('2026-03-10T16:00:00.000Z'), byName: 'Grace Hopper', previous: '2026-03-11T16:00:00.000Z', position: 1 } })).heading).toBe(
      'lab-3 is expected back sooner',
    );
    const none = { kind: 'maintenanceMoved', record: record(null), byName: 'Grace Hopper', previous: '2026-03-11T16:00:00.000Z', position: 1 } as const;
    expect(seenCard(noticeCard({ ...ctx, notice: none })).texts.slice(0, 2)).toEqual([
      'lab-3: no expected end now',
      'Grace Hopper no longer gives a time when lab-3 is expected back from maintenance; it was 2026-03-11 16:00 UTC.',
    ]);
    expect(noticeText({ ...ctx, notice: { ...none, record: record('2026-03-12T16:00:00.000Z'), previous: null } })).toBe(
      'Grace Hopper now expects lab-3 back from maintenance 2026-03-12 16:00 UTC; no time was given before. You are #1 in its queue.',
    );
  });

  it('the reminder and the overdue notice say how many people wait for the testbed, and nothing when nobody does', () => {
    const record = inUse(3, ana, { until: '2026-03-10T10:15:00.000Z' });
    const reminder = seenCard(noticeCard({ ...ctx, notice: { kind: 'reminder', record, waiting: 2 } }));
    expect(reminder.texts).toContain('2 people are waiting for it.');
    expect(seenCard(noticeCard({ ...ctx, notice: { kind: 'overdue', record, waiting: 1 } })).texts).toContain('1 person is waiting for it.');
    expect(noticeText({ ...ctx, notice: { kind: 'overdue', record, waiting: 1 } })).toMatch(/\(2026-03-10 10:15 UTC\)\. 1 person is waiting for it\. Extend or release it\.$/);
    for (const waiting of [0, undefined]) {
      expect(seenCard(noticeCard({ ...ctx, notice: { kind: 'reminder', record, waiting } })).texts.some((text) => text.includes('waiting for it'))).toBe(false);
    }
  });

  it('the reminder and the overdue notice carry the testbed id on each button', () => {
    const card = noticeCard({ ...ctx, notice: { kind: 'reminder', record: tricky } });
    expect(unLookAlike(seenCard(card).heading)).toBe(`Reminder: ${NAME} is due back soon`);
    expect(inspectCard(card).actions.map((action) => action.data)).toEqual([
      { action: 'extend', testbed_id: '3', minutes: '60' },
      { action: 'extend', testbed_id: '3', minutes: '1440' },
      { action: 'release_submit', testbed_id: '3' },
    ]);
  });

  it('the status card shows the queue length to everyone and the looker\'s own place, and a hold', () => {
    const life = [
      { ...emptyLifecycle(3), queue: [{ email: bob.email, name: bob.name, since: NOW }, { email: ana.email, name: ana.name, since: NOW }] },
      { ...emptyLifecycle(5), offer },
    ];
    const testbeds = [inUse(3, { email: 'x@example.com', name: 'X' }), available(5)];
    const forAna = seenCard(statusCard({ testbeds, now: NOW, timeZone: 'UTC', life, requesterEmail: ana.email }));
    expect(forAna.texts).toContain('Queue: 2 waiting · you are #2');
    expect(forAna.texts.map(unLookAlike)).toContain('Held for Bob *B* until 2026-03-10 10:10 UTC');
    expect(forAna.choices('testbed_id')).toEqual(['lab-3', 'lab-5']);
    expect(seenCard(statusCard({ testbeds, now: NOW, timeZone: 'UTC', life })).texts).toContain('Queue: 2 waiting');
    expect(buttonTitles(statusCard({ testbeds, now: NOW, timeZone: 'UTC', life }))).toEqual(['Notify me when free', 'Register', 'Release', 'Mine', 'Menu']);
  });

  it('the hand-off form comes back with the problems named next to their fields and what was filled in kept', () => {
    const errors = {
      purpose: 'Keep the purpose to 500 characters (you typed 612).',
      release_choice: 'Choose when you expect to release it, or fill in a custom date and time.',
      release_date: 'Pick a date and a time for your custom release time.',
    };
    const values = { testbed_id: '3', purpose: 'nightly soak', release_choice: '4h' };
    const card = offerFormCard({ ...ctx, record: available(3), offer, errors, values });
    const seen = seenCard(card);
    expect(seen.heading).toBe('lab-3 is free: it is yours if you want it');
    // The summary names the problem that has no field on this form; the others sit under their fields.
    expect(seen.errors).toEqual([
      'Please check the fields marked below. Pick a date and a time for your custom release time.',
      'Keep the purpose to 500 characters (you typed 612).',
      'Choose when you expect to release it, or fill in a custom date and time.',
    ]);
    const body = card.body as Array<Record<string, unknown>>;
    const after = (id: string) => seenCard({ body: [body[body.findIndex((element) => element.id === id) + 1]] }).texts[0];
    expect(after('purpose')).toBe('Keep the purpose to 500 characters (you typed 612).');
    expect(after('release_choice')).toBe('Choose when you expect to release it, or fill in a custom date and time.');
    const inputs = Object.fromEntries(inspectCard(card).inputs.map((input) => [input.id, input.value]));
    expect(inputs).toEqual({ purpose: 'nightly soak', release_choice: '4h' });
    expect(inspectCard(card).actions.map((action) => action.data)).toEqual([
      { action: 'register_submit', testbed_id: '3', form: 'handoff' },
      { action: 'decline_offer', testbed_id: '3' },
    ]);
    expect(offerFormText({ ...ctx, record: available(3), offer, errors, values })).toBe(
      'lab-3 is free and held for you until 2026-03-10 10:10 UTC. Some fields need another look. Open the card to book it.',
    );
    // A quick choice this form does not offer is not put back.
    const custom = offerFormCard({ ...ctx, record: available(3), offer, errors, values: { purpose: 'p', release_choice: 'custom' } });
    expect(Object.fromEntries(inspectCard(custom).inputs.map((input) => [input.id, input.value]))).toEqual({ purpose: 'p', release_choice: undefined });
    // The first offer has no problems and nothing filled in.
    const fresh = offerFormCard({ ...ctx, record: available(3), offer });
    expect(seenCard(fresh).errors).toEqual([]);
    expect(inspectCard(fresh).inputs.map((input) => input.value)).toEqual([undefined, undefined]);
  });

  it('waiting for a free testbed: Book it opens the form on it; a card about one free testbed starts Register on it', () => {
    const free = outcomeCard({ ...ctx, outcome: { type: 'refused', reason: 'free', record: available(3) } });
    expect(seenCard(free).texts).toContain('lab-3 is free right now: book it instead of waiting.');
    expect(inspectCard(free).actions.map((action) => [action.title, action.data])).toEqual([['Book it', { action: 'register', start_on: 3 }]]);
    // Other refusals carry no such button.
    expect(inspectCard(outcomeCard({ ...ctx, outcome: { type: 'refused', reason: 'yours', record: inUse(3, ana) } })).actions).toEqual([]);
    // Asking about a testbed nobody holds (`ask about lab-3`): it can be booked instead, unless it is under maintenance.
    const unbooked = outcomeCard({ ...ctx, outcome: { type: 'refused', reason: 'not_in_use', record: available(3) } });
    expect(seenCard(unbooked).texts).toContain('lab-3 is not booked right now.');
    expect(inspectCard(unbooked).actions.map((action) => [action.title, action.data])).toEqual([['Book it', { action: 'register', start_on: 3 }]]);
    const resting = { ...available(3), maintenance: { reason: 'rack move', until: null, since: NOW, by: bob } };
    expect(inspectCard(outcomeCard({ ...ctx, outcome: { type: 'refused', reason: 'not_in_use', record: resting } })).actions).toEqual([]);

    const registerOf = (card: AdaptiveCardJson) => inspectCard(card).actions.find((action) => action.title === 'Register')?.data;
    const lab = [available(1), available(2), inUse(3, ana)];
    expect(registerOf(statusCard({ ...ctx, testbeds: lab, label: 'lab-2' }))).toEqual({ action: 'register', start_on: 2 });
    expect(registerOf(statusCard({ ...ctx, testbeds: lab, label: 'lab-3' }))).toEqual({ action: 'register' });
    expect(registerOf(statusCard({ ...ctx, testbeds: lab }))).toEqual({ action: 'register' });
    // Held for somebody's hand-off: not free for the looker, so the button is the plain one.
    const held = [{ ...emptyLifecycle(2), offer }];
    expect(registerOf(statusCard({ ...ctx, testbeds: lab, label: 'lab-2', life: held }))).toEqual({ action: 'register' });
  });

  it('waiting for any 5g: each place in name order, how it goes on, and Mine; the offer and Mine say which were by label', () => {
    const waiting = outcomeCard({ ...ctx, outcome: { type: 'waitingLabel', label: '5g', places: [{ record: inUse(10, ana, { name: 'lab-10' }), position: 2, length: 2 }, { record: inUse(2, ana), position: 1, length: 1 }] } });
    expect(seenCard(waiting).heading).toBe('Waiting for any 5g');
    expect(seenCard(waiting).texts.slice(1)).toEqual([
      'You are in the queue of every 5g testbed that is busy: #1 for lab-2, #2 for lab-10.',
      'The first of them to be handed on is offered to you. Once you hold one, I take you out of the other queues.',
    ]);
    expect(inspectCard(waiting).actions.map((action) => [action.title, action.data])).toEqual([
      ['Leave these queues', { action: 'unwait_label', label: '5g' }],
      ['Mine', { action: 'mine' }],
    ]);
    const left = seenCard(outcomeCard({ ...ctx, outcome: { type: 'unwaitedLabel', label: '5g', records: [inUse(10, ana, { name: 'lab-10' }), inUse(2, ana)] } }));
    expect([left.heading, ...left.texts.slice(1)]).toEqual(['You stopped waiting for any 5g', 'You left the queue of lab-2, lab-10. You will not get an offer for them.']);
    // Waiting for any testbed at all: the queues of every busy one, ten named and the rest counted.
    const many = Array.from({ length: 12 }, (_, index) => ({ record: inUse(index + 1, ana, { name: `lab-${String(index + 1).padStart(2, '0')}` }), position: 1, length: 1 }));
    const anyOne = seenCard(outcomeCard({ ...ctx, outcome: { type: 'waitingLabel', label: 'testbed', places: many } }));
    expect(anyOne.heading).toBe('Waiting for any testbed');
    expect(anyOne.texts[1]).toBe(`You are in the queue of every testbed that is busy: ${many.slice(0, 10).map((_, index) => `#1 for lab-${String(index + 1).padStart(2, '0')}`).join(', ')} …and 2 more.`);
    // Passing on one offer of several waited for: where they still wait, and one press to leave those queues.
    const passed = outcomeCard({ ...ctx, outcome: { type: 'declined', record: inUse(2, ana), stillWaiting: { label: '5g', names: ['lab-10', 'lab-3'] } } });
    expect(seenCard(passed).texts.slice(1)).toEqual([
      'lab-2 goes to the next person in the queue, or is free for all.',
      'You still wait for any 5g in the queue of lab-3, lab-10: the first of them handed on is offered to you.',
    ]);
    expect(inspectCard(passed).actions.map((action) => [action.title, action.data])).toEqual([['Leave these queues', { action: 'unwait_label', label: '5g' }]]);
    const lastOne = seenCard(outcomeCard({ ...ctx, outcome: { type: 'declined', record: inUse(2, ana), stillWaiting: { label: '5g', names: [] } } }));
    expect(lastOne.texts.slice(1)).toEqual(['lab-2 goes to the next person in the queue, or is free for all.']);
    // A hold that ran out on an offer by label says the same, card and text.
    const lapsed = { kind: 'holdLapsed' as const, record: available(2), label: 'testbed', stillWaiting: ['lab-3'] };
    expect(seenCard(noticeCard({ ...ctx, notice: lapsed })).texts.at(-1)).toBe('You still wait for any testbed in the queue of lab-3: the first of them handed on is offered to you.');
    expect(inspectCard(noticeCard({ ...ctx, notice: lapsed })).actions.map((action) => [action.title, action.data])).toEqual([['Leave these queues', { action: 'unwait_label', label: 'testbed' }]]);
    expect(noticeText({ ...ctx, notice: lapsed })).toBe(
      'The hold on lab-2 has ended; it went to the next person or is free for all. You still wait for any testbed in the queue of lab-3: the first of them handed on is offered to you.',
    );
    expect(inspectCard(noticeCard({ ...ctx, notice: { kind: 'holdLapsed', record: available(2) } })).actions).toEqual([]);
    // A testbed retired: where they still wait, or how to wait again; somebody waiting for it alone, to choose another.
    const retired = (extra: { label?: string; stillWaiting?: string[] }) => noticeCard({ ...ctx, notice: { kind: 'retired', record: available(2), ...extra } });
    expect(seenCard(retired({ label: 'testbed', stillWaiting: ['lab-3'] })).texts.at(-1)).toBe('You still wait for any testbed in the queue of lab-3: the first of them handed on is offered to you.');
    expect(inspectCard(retired({ label: 'testbed', stillWaiting: ['lab-3'] })).actions.map((action) => action.title)).toEqual(['Leave these queues']);
    expect(seenCard(retired({ label: '5g', stillWaiting: [] })).texts.at(-1)).toBe('You wait for any 5g in no other queue now: type wait any 5g in the lab’s room to wait again.');
    expect(noticeText({ ...ctx, notice: { kind: 'retired', record: available(2), label: 'testbed', stillWaiting: [] } })).toBe(
      'lab-2 was retired, so you are no longer waiting for it. You wait for any testbed in no other queue now: type wait any in the lab’s room to wait again.',
    );
    expect(seenCard(retired({})).texts.at(-1)).toBe('Choose another testbed if you still need one.');
    expect(seenCard(outcomeCard({ ...ctx, outcome: { type: 'refused', reason: 'none_to_wait_for' } })).texts[1]).toBe('There is no testbed to wait for. Type status to see the testbeds.');
    const allYours = seenCard(outcomeCard({ ...ctx, outcome: { type: 'refused', reason: 'all_yours' } }));
    expect(allYours.texts[1]).toBe('Every busy testbed you could wait for is yours already, so there is nothing to wait for. Type mine to see your bookings.');
    const none = outcomeText({ ...ctx, outcome: { type: 'unwaitedLabel', label: '5g', records: [] } });
    expect(none).toBe('You were not waiting for any 5g. Nothing was changed. Mine shows the queues you are in.');

    const life = [{ ...emptyLifecycle(2), queue: [{ email: bob.email, name: bob.name, since: NOW, label: '5g' }] }, { ...emptyLifecycle(3), queue: [{ email: bob.email, name: bob.name, since: NOW }] }];
    const mine = seenCard(mineCard({ ...ctx, testbeds: [inUse(2, ana), inUse(3, ana)], life, requesterEmail: bob.email }));
    expect(mine.texts).toContain('You are #1 for lab-2 (waiting for any 5g).');
    expect(mine.texts).toContain('You are #1 for lab-3.');
    expect(mineText({ ...ctx, testbeds: [inUse(2, ana), inUse(3, ana)], life, requesterEmail: bob.email })).toBe(
      'You hold no testbeds right now. You are #1 for lab-2 (waiting for any 5g). You are #1 for lab-3.',
    );

    const byLabel = seenCard(offerFormCard({ ...ctx, record: available(2), offer: { ...offer, label: '5g' } }));
    expect(byLabel.texts).toContain('You waited for any 5g: once you book lab-2, I take you out of the other queues.');
    expect(seenCard(offerFormCard({ ...ctx, record: available(2), offer })).texts.some((text) => text.startsWith('You waited for any'))).toBe(false);
  });

  it('waiting for whichever of named testbeds: the cards name them with or, where a label would say any; no way back to a retired one', () => {
    const NAMED = 'lab-2\nlab-10';
    const waiting = outcomeCard({ ...ctx, outcome: { type: 'waitingLabel', label: NAMED, places: [{ record: inUse(10, ana, { name: 'lab-10' }), position: 2, length: 2 }, { record: inUse(2, ana), position: 1, length: 1 }] } });
    expect(seenCard(waiting).heading).toBe('Waiting for lab-2 or lab-10');
    expect(seenCard(waiting).texts[1]).toBe('Your places: #1 for lab-2, #2 for lab-10.');
    expect(inspectCard(waiting).actions[0]).toMatchObject({ title: 'Leave these queues', data: { action: 'unwait_label', label: NAMED } });
    expect(outcomeText({ ...ctx, outcome: { type: 'waitingLabel', label: 'lab-1\nlab-2\nlab-3', places: [{ record: inUse(2, ana), position: 1, length: 1 }] } })).toMatch(/^Waiting for lab-1, lab-2 or lab-3\. Your places: #1 for lab-2\./);
    const left = seenCard(outcomeCard({ ...ctx, outcome: { type: 'unwaitedLabel', label: NAMED, records: [inUse(2, ana)] } }));
    expect([left.heading, left.texts[1]]).toEqual(['You stopped waiting for lab-2 or lab-10', 'You left the queue of lab-2. You will not get an offer for them.']);
    expect(seenCard(outcomeCard({ ...ctx, outcome: { type: 'unwaitedLabel', label: NAMED, records: [] } })).heading).toBe('You were not waiting for lab-2 or lab-10');

    const offered = seenCard(offerFormCard({ ...ctx, record: available(2), offer: { ...offer, label: NAMED } }));
    expect(offered.texts).toContain('You waited for lab-2 or lab-10: once you book lab-2, I take you out of the other queues.');
    const passed = outcomeCard({ ...ctx, outcome: { type: 'declined', record: inUse(2, ana), stillWaiting: { label: NAMED, names: ['lab-10'] } } });
    expect(seenCard(passed).texts[2]).toBe('You still wait in the queue of lab-10: the first of them handed on is offered to you.');
    // lab-2 retired with nowhere else to wait: waiting for the same ones again would name it.
    const retired = noticeCard({ ...ctx, notice: { kind: 'retired', record: available(2), label: NAMED, stillWaiting: [] } });
    expect(seenCard(retired).texts.at(-1)).toBe('You wait in no other queue now. Choose another testbed if you still need one.');
    expect(inspectCard(retired).actions).toEqual([]);

    const life = [{ ...emptyLifecycle(2), queue: [{ email: bob.email, name: bob.name, since: NOW, label: NAMED }] }];
    expect(seenCard(mineCard({ ...ctx, testbeds: [inUse(2, ana)], life, requesterEmail: bob.email })).texts).toContain('You are #1 for lab-2 (waiting for lab-2 or lab-10).');
    expect(mineText({ ...ctx, testbeds: [inUse(2, ana)], life, requesterEmail: bob.email })).toBe('You hold no testbeds right now. You are #1 for lab-2 (waiting for lab-2 or lab-10).');
    expect(seenCard(statusCard({ ...ctx, testbeds: [inUse(2, ana)], life, label: 'lab-2', requesterEmail: bob.email })).texts).toContain('Queue: 1 waiting · you are #1 (waiting for lab-2 or lab-10)');
  });

  it('a testbed held for the person after their wait: status says Held for you with Book it, and their bookings say how to take it', () => {
    const lab = [available(2), inUse(3, bob)];
    const life = [{ ...emptyLifecycle(2), offer: { email: ana.email, name: ana.name, until: '2026-03-10T10:10:00.000Z' } }];
    const asAna = statusCard({ ...ctx, testbeds: lab, life, label: 'lab-2', requesterEmail: ana.email });
    expect(seenCard(asAna).texts).toContain('Held for you until 2026-03-10 10:10 UTC');
    expect(inspectCard(asAna).actions.map((action) => [action.title, action.data])[0]).toEqual(['Book it', { action: 'register', start_on: 2 }]);
    expect(buttonTitles(asAna)).not.toContain('Register');
    const asBob = statusCard({ ...ctx, testbeds: lab, life, label: 'lab-2', requesterEmail: bob.email });
    expect(seenCard(asBob).texts).toContain('Held for Ana Ops until 2026-03-10 10:10 UTC');
    expect(buttonTitles(asBob)[0]).toBe('Notify me when free');
    const mine = seenCard(mineCard({ ...ctx, testbeds: lab, life, requesterEmail: ana.email }));
    expect(mine.texts[1]).toBe('lab-2 is held for you until 2026-03-10 10:10 UTC: type book lab-2 to take it.');
    expect(mineText({ ...ctx, testbeds: lab, life, requesterEmail: ana.email })).toBe('lab-2 is held for you until 2026-03-10 10:10 UTC. You hold no testbeds right now.');
  });

  it('`my queues` shows only the places in queues with the picker to leave one, even for a person who holds a testbed', () => {
    const life = [{ ...emptyLifecycle(2), queue: [{ email: ana.email, name: ana.name, since: NOW }] }, { ...emptyLifecycle(3), queue: [{ email: bob.email, name: bob.name, since: NOW }, { email: ana.email, name: ana.name, since: NOW, label: '5g' }] }];
    const testbeds = [inUse(1, ana), inUse(2, bob), inUse(3, bob)];
    const queues = mineCard({ ...ctx, testbeds, life, requesterEmail: ana.email, queues: true });
    expect(seenCard(queues).heading).toBe('Your queues');
    expect(seenCard(queues).texts.slice(1)).toEqual(['You are #1 for lab-2.', 'You are #2 for lab-3 (waiting for any 5g).']);
    expect(seenCard(queues).choices('testbed_id')).toEqual(['lab-2', 'lab-3']);
    expect(buttonTitles(queues)).toEqual(['Leave the queue', 'Mine', 'Status']);
    // The whole card of their bookings points there, since its picker is for the bookings.
    expect(seenCard(mineCard({ ...ctx, testbeds, life, requesterEmail: ana.email })).texts).toContain('To leave a queue, type my queues.');
    const none = mineCard({ ...ctx, testbeds, life: [], requesterEmail: ana.email, queues: true });
    expect(seenCard(none).texts.slice(1)).toEqual(['You are not waiting for any testbed.', 'You hold 1 testbed: Mine shows it.']);
    expect(buttonTitles(none)).toEqual(['Mine', 'Status', 'Menu']);
    expect(mineText({ ...ctx, testbeds, life: [], requesterEmail: ana.email, queues: true })).toBe('You are not waiting for any testbed.');
  });

  it('the status of one busy testbed (`who has lab-3?`) names it on its buttons: no picker, Ask the holder, Leave the queue for one who waits', () => {
    const lab = [available(1), inUse(3, ana), { ...available(4), maintenance: { reason: 'rack move', until: null, since: NOW, by: bob } }];
    const buttonsOf = (card: AdaptiveCardJson) => inspectCard(card).actions.map((action) => [action.title, action.data]);
    const asBob = statusCard({ ...ctx, testbeds: lab, label: 'lab-3', requesterEmail: bob.email });
    expect(inspectCard(asBob).inputs).toEqual([]);
    expect(buttonsOf(asBob).slice(0, 2)).toEqual([
      ['Notify me when free', { action: 'wait', testbed_id: '3' }],
      ['Ask the holder', { action: 'ask_holder', testbed_id: '3' }],
    ]);
    // Its holder is asked nothing and waits for nothing.
    const asAna = statusCard({ ...ctx, testbeds: lab, label: 'lab-3', requesterEmail: ana.email });
    expect(buttonsOf(asAna).map(([title]) => title)).toEqual(['Register', 'Release', 'Mine', 'Menu']);
    // Somebody already in its queue can leave it.
    const queued = [{ ...emptyLifecycle(3), queue: [{ email: bob.email, name: bob.name, since: NOW }] }];
    expect(buttonsOf(statusCard({ ...ctx, testbeds: lab, label: 'lab-3', life: queued, requesterEmail: bob.email }))[0]).toEqual(['Leave the queue', { action: 'unwait', testbed_id: '3' }]);
    // Under maintenance: nobody holds it to ask.
    expect(buttonsOf(statusCard({ ...ctx, testbeds: lab, label: 'lab-4', requesterEmail: bob.email })).map(([title]) => title)).toEqual(['Notify me when free', 'Register', 'Release', 'Mine', 'Menu']);
    // Several busy ones keep the picker.
    const all = inspectCard(statusCard({ ...ctx, testbeds: lab, requesterEmail: bob.email }));
    expect(all.inputs.map((input) => input.id)).toEqual(['testbed_id']);
    expect(all.actions.map((action) => action.title)).not.toContain('Ask the holder');
  });

  it('mine starts its picker on the booking named (`extend lab-4`), and only on one of theirs', () => {
    const testbeds = [inUse(3, ana), inUse(4, ana), inUse(5, bob)];
    const pickerValue = (chosen?: number) =>
      inspectCard(mineCard({ ...ctx, testbeds, life: [], requesterEmail: ana.email, ...(chosen === undefined ? {} : { chosen }) })).inputs.find((input) => input.id === 'testbed_id')?.value;
    expect(pickerValue(4)).toBe('4');
    expect(pickerValue()).toBeUndefined();
    expect(pickerValue(5)).toBeUndefined();
    expect(pickerValue(9)).toBeUndefined();
  });

  it('`extend lab-5` by somebody who does not hold lab-5: a line says whose it is, and their own bookings get the plain buttons', () => {
    const testbeds = [inUse(3, ana), inUse(5, bob, { until: '2026-03-10T12:00:00.000Z' }), available(6), { ...available(7), maintenance: { reason: 'fan', until: null, since: NOW, by: bob } }];
    const typed = (chosen: number, more: Partial<Parameters<typeof mineCard>[0]> = {}) => ({ ...ctx, testbeds, life: [], requesterEmail: ana.email, chosen, ...more });
    const warning = (chosen: number, more = {}) => seenCard(mineCard(typed(chosen, more))).all.find((item) => item.element.color === 'warning')?.text;
    expect(warning(5)).toBe('You do not hold lab-5: Bob Builder holds it; expected release: 2026-03-10 12:00 UTC (in 2 h).');
    expect(warning(6)).toBe('You do not hold lab-6: nobody does. Type book lab-6 to book it.');
    expect(warning(6, { directRoom: true })).toBe('You do not hold lab-6: nobody does. In the lab’s room, type book lab-6 to book it.');
    expect(warning(7)).toBe('You do not hold lab-7: it is under maintenance.');
    expect(warning(3)).toBeUndefined();
    // Held for somebody's hand-off; held for her, the line about her offer says it already.
    const offered = (email: string, name: string) => [{ ...emptyLifecycle(6), offer: { email, name, until: '2026-03-10T10:10:00.000Z' } }];
    expect(warning(6, { life: offered(bob.email, bob.name) })).toBe('You do not hold lab-6: it is held for Bob Builder until 2026-03-10 10:10 UTC.');
    expect(warning(6, { life: offered(ana.email, ana.name) })).toBeUndefined();
    // The length typed was meant for lab-5: lab-3 keeps its own two.
    expect(buttonTitles(mineCard(typed(5, { extendMinutes: 120 }))).slice(0, 2)).toEqual(['Extend 1 hour', 'Extend 1 day']);
    // What a phone shows says it first.
    expect(mineText(typed(6))).toBe('You do not hold lab-6: nobody does. Type book lab-6 to book it. You hold lab-3 until 2026-03-10 12:00 UTC (in 2 h).');
  });

  it('a hand-over by an admin: the colleague reads whose booking it was, the holder who has it now and who did it', () => {
    const record = inUse(3, bob, { until: '2026-03-10T12:00:00.000Z' });
    const toColleague = seenCard(noticeCard({ ...ctx, notice: { kind: 'handedToYou', record, byName: 'Grace Hopper', forName: 'Ana Ops' } }));
    expect(toColleague.heading).toBe('lab-3 is yours now');
    expect(toColleague.texts[1]).toBe('Grace Hopper handed lab-3 over to you; it was Ana Ops’s booking.');
    const toHolder = noticeCard({ ...ctx, notice: { kind: 'handedAway', record: inUse(3, ana), byName: 'Grace Hopper', toName: 'Bob Builder' } });
    expect(seenCard(toHolder).heading).toBe('lab-3 was handed over by an admin');
    expect(seenCard(toHolder).texts[1]).toBe('Grace Hopper handed your booking of lab-3 over to Bob Builder, who holds it now.');
    expect(buttonTitles(toHolder)).toEqual([]);
    expect(noticeText({ ...ctx, notice: { kind: 'handedAway', record: inUse(3, ana), byName: 'Grace Hopper', toName: 'Bob Builder' } })).toBe('Grace Hopper handed your booking of lab-3 over to Bob Builder, who holds it now.');
  });

  it('several bookings of one person, to an admin: each with when it is due, and Extend all of theirs', () => {
    const records = [inUse(5, bob, { name: 'lab-5', until: '2026-03-10T14:00:00.000Z' }), inUse(3, bob, { until: '2026-03-10T12:00:00.000Z' })];
    const card = theirBookingsCard({ ...ctx, records, extendMinutes: 120 });
    expect(seenCard(card).heading).toBe('Bob Builder’s bookings');
    expect(seenCard(card).texts.slice(1)).toEqual([
      'lab-3: expected release 2026-03-10 12:00 UTC (in 2 h).',
      'lab-5: expected release 2026-03-10 14:00 UTC (in 4 h).',
      'As an admin, you may extend all 2 of Bob Builder’s bookings at once; they get a message for each.',
    ]);
    expect(inspectCard(card).actions.map((action) => [action.title, action.data])).toEqual([
      ['Extend all of theirs by 2 hours', { action: 'admin_extend_all', holder_email: bob.email, minutes: '120' }],
      ['Status', { action: 'status' }],
      ['Cancel', { action: 'cancel' }],
    ]);
    // Until a time; with neither, by an hour; a time no extension may reach: said, and no button.
    expect(buttonTitles(theirBookingsCard({ ...ctx, records, extendUntil: '2026-03-10T18:00:00.000Z' }))[0]).toBe('Extend all of theirs to 18:00 UTC');
    expect(buttonTitles(theirBookingsCard({ ...ctx, records }))[0]).toBe('Extend all of theirs by 1 hour');
    const refused = theirBookingsCard({ ...ctx, records, extendRefused: { typed: 'yesterday', outside: 'passed' } });
    expect(seenCard(refused).texts.at(-1)).toBe('“yesterday” has already passed, so there is nothing to extend to.');
    expect(buttonTitles(refused)).toEqual(['Status', 'Cancel']);
    expect(theirBookingsText({ ...ctx, records, extendMinutes: 120 })).toBe(
      'Bob Builder’s bookings: lab-3: expected release 2026-03-10 12:00 UTC (in 2 h). lab-5: expected release 2026-03-10 14:00 UTC (in 4 h). As an admin, you may extend all 2 of Bob Builder’s bookings at once; they get a message for each.',
    );
  });

  it('booked for somebody by a colleague: they read who booked it, until when, and may extend or release it', () => {
    const record = inUse(3, bob, { until: '2026-03-10T12:00:00.000Z', purpose: 'the soak' });
    const card = noticeCard({ ...ctx, notice: { kind: 'bookedForYou', record, byName: 'Grace Hopper' } });
    expect(seenCard(card).heading).toBe('lab-3 is booked for you');
    expect(seenCard(card).texts.slice(1, 4)).toEqual(['Grace Hopper booked lab-3 for you; it is yours now.', 'Expected release: 2026-03-10 12:00 UTC (in 2 h)', 'Purpose: the soak']);
    expect(buttonTitles(card)).toEqual(['Extend 1 hour', 'Extend 1 day', 'Release now']);
    expect(noticeText({ ...ctx, notice: { kind: 'bookedForYou', record, byName: 'Grace Hopper' } })).toBe('Grace Hopper booked lab-3 for you; it is yours now. Expected release: 2026-03-10 12:00 UTC.');
  });

  it('the first person waiting hears who extended the booking ahead: its holder, or an admin for them', () => {
    const record = inUse(3, ana, { until: '2026-03-10T12:00:00.000Z' });
    expect(seenCard(noticeCard({ ...ctx, notice: { kind: 'extendedAhead', record } })).texts[1]).toBe('Ana Ops extended lab-3. Expected release: 2026-03-10 12:00 UTC (in 2 h).');
    const byAdmin = { kind: 'extendedAhead' as const, record, byName: 'Grace Hopper' };
    expect(seenCard(noticeCard({ ...ctx, notice: byAdmin })).texts[1]).toBe('Grace Hopper extended Ana Ops’s booking of lab-3. Expected release: 2026-03-10 12:00 UTC (in 2 h).');
    expect(noticeText({ ...ctx, notice: byAdmin })).toBe('Grace Hopper extended Ana Ops’s booking of lab-3 (expected release 2026-03-10 12:00 UTC). You are still first in its queue.');
  });

  it('`extend lab-5 by 2 hours` by an admin who does not hold it: Extend theirs, carrying whose booking it is; nobody else gets it', () => {
    const testbeds = [inUse(3, ana), inUse(5, bob, { until: '2026-03-10T12:00:00.000Z' }), available(6)];
    const typed = (chosen: number, more: Partial<Parameters<typeof mineCard>[0]> = {}) => ({ ...ctx, testbeds, life: [], requesterEmail: ana.email, chosen, asAdmin: true, ...more });
    const first = (more: Partial<Parameters<typeof mineCard>[0]> = {}, chosen = 5) => inspectCard(mineCard(typed(chosen, more))).actions[0];
    expect(first({ extendMinutes: 120 })).toMatchObject({ title: 'Extend theirs by 2 hours', data: { action: 'admin_extend', for_testbed_id: '5', holder_email: bob.email, minutes: '120' } });
    expect(first()).toMatchObject({ title: 'Extend theirs by 1 hour', data: { action: 'admin_extend', minutes: '60' } });
    expect(first({ extendUntil: '2026-03-10T16:00:00.000Z' })).toMatchObject({ title: 'Extend theirs to 16:00 UTC', data: { action: 'admin_extend', until: '2026-03-10T16:00:00.000Z' } });
    const seen = seenCard(mineCard(typed(5, { extendMinutes: 120 })));
    expect(seen.texts).toContain('As an admin, you may extend Bob Builder’s booking of lab-5; they get a message saying you did.');
    expect(mineText(typed(5, { extendMinutes: 120 }))).toContain('lab-5: Bob Builder holds it; expected release: 2026-03-10 12:00 UTC (in 2 h). As an admin, you may extend Bob Builder’s booking of lab-5;');
    // It already runs past the time typed: said, and no button that could only be refused.
    expect(seenCard(mineCard(typed(5, { extendUntil: '2026-03-10T11:00:00.000Z' }))).texts).toContain('lab-5 already runs past 2026-03-10 11:00 UTC, so there is nothing to extend to then.');
    expect(first({ extendUntil: '2026-03-10T11:00:00.000Z' }).data).toMatchObject({ action: 'extend' });
    // Not an admin, a free testbed, their own booking: no such button.
    const adminButtons = (card: AdaptiveCardJson) => inspectCard(card).actions.filter((action) => (action.data as { action?: string }).action === 'admin_extend');
    expect(adminButtons(mineCard(typed(5, { asAdmin: false })))).toEqual([]);
    expect(adminButtons(mineCard(typed(6)))).toEqual([]);
    expect(adminButtons(mineCard(typed(3)))).toEqual([]);
  });

  it('mine offers the length typed with extend (`extend lab-4 by 2 hours`) in place of the nearer of its own two', () => {
    const testbeds = [inUse(3, ana), inUse(4, ana)];
    const extendButtons = (extendMinutes?: number) =>
      inspectCard(mineCard({ ...ctx, testbeds, life: [], requesterEmail: ana.email, chosen: 4, ...(extendMinutes === undefined ? {} : { extendMinutes }) }))
        .actions.filter((action) => (action.data as { action?: string }).action === ACTIONS.extend)
        .map((action) => [action.title, (action.data as { minutes?: string }).minutes]);
    expect(extendButtons()).toEqual([['Extend 1 hour', '60'], ['Extend 1 day', '1440']]);
    expect(extendButtons(120)).toEqual([['Extend 2 hours', '120'], ['Extend 1 day', '1440']]);
    expect(extendButtons(30)).toEqual([['Extend 30 minutes', '30'], ['Extend 1 day', '1440']]);
    expect(extendButtons(90)).toEqual([['Extend 1 h 30 min', '90'], ['Extend 1 day', '1440']]);
    expect(extendButtons(2 * 1440)).toEqual([['Extend 1 hour', '60'], ['Extend 2 days', '2880']]);
    expect(extendButtons(2160)).toEqual([['Extend 1 hour', '60'], ['Extend 36 hours', '2160']]);
    expect(extendButtons(7 * 1440)).toEqual([['Extend 1 hour', '60'], ['Extend 1 week', '10080']]);
    // The same as the card's own, or more than an extension may be: the card's own two.
    expect(extendButtons(60)).toEqual(extendButtons());
    expect(extendButtons(91 * 1440)).toEqual(extendButtons());
  });

  it('mine offers the instant typed with extend (`extend lab-4 until 18:00`) as a button that carries it, today by its time alone', () => {
    const testbeds = [inUse(4, ana)];
    const buttonsFor = (extendUntil: string, timeZone = 'UTC') =>
      inspectCard(mineCard({ ...ctx, timeZone, testbeds, life: [], requesterEmail: ana.email, chosen: 4, extendUntil }))
        .actions.filter((action) => (action.data as { action?: string }).action === ACTIONS.extend)
        .map((action) => [action.title, action.data]);
    expect(buttonsFor('2026-03-10T18:00:00.000Z')).toEqual([
      ['Extend to 18:00 UTC', { action: 'extend', until: '2026-03-10T18:00:00.000Z' }],
      ['Extend 1 day', { action: 'extend', minutes: '1440' }],
    ]);
    expect(buttonsFor('2026-03-11T09:00:00.000Z')[0][0]).toBe('Extend to 2026-03-11 09:00 UTC');
    expect(buttonsFor('2026-03-10T17:00:00.000Z', 'Europe/Berlin')[0][0]).toBe('Extend to 18:00 Europe/Berlin');
  });

  it('mine offers no Extend-to button for a time the chosen booking already runs past, and says so', () => {
    const card = mineCard({ ...ctx, testbeds: [inUse(4, ana, { until: '2026-03-12T12:00:00.000Z' })], life: [], requesterEmail: ana.email, chosen: 4, extendUntil: '2026-03-10T18:00:00.000Z' });
    expect(inspectCard(card).actions.map((action) => action.title)).toEqual(['Extend 1 hour', 'Extend 1 day', 'Release', 'Release all mine', 'Status']);
    expect(seenCard(card).texts).toContain('lab-4 already runs past 2026-03-10 18:00 UTC, so there is nothing to extend to then.');
  });

  it('mine says why a time typed to extend to has no button: it has passed, or lies more than 90 days ahead; holding nothing, it says nothing of it', () => {
    const input = { ...ctx, testbeds: [inUse(4, ana)], life: [], requesterEmail: ana.email };
    const tooFar = mineCard({ ...input, extendRefused: { typed: '2027-06-01', outside: 'tooFar' } });
    expect(seenCard(tooFar).texts).toContain('A booking runs at most 90 days ahead, so I cannot extend it to “2027-06-01”.');
    expect(inspectCard(tooFar).actions.map((action) => action.title)).toEqual(['Extend 1 hour', 'Extend 1 day', 'Release', 'Release all mine', 'Status']);
    expect(mineText({ ...input, extendRefused: { typed: 'March 1st', outside: 'passed' } })).toMatch(/ “March 1st” has already passed, so there is nothing to extend to\.$/);
    const nothing = { ...input, testbeds: [], extendRefused: { typed: '2027-06-01', outside: 'tooFar' as const } };
    expect(seenCard(mineCard(nothing)).texts.some((text) => text.includes('2027-06-01'))).toBe(false);
    expect(mineText(nothing)).toBe('You hold no testbeds right now.');
    // The time was typed for somebody else's testbed: that is what the card says, not why their own has no button.
    const theirs = mineCard({ ...input, testbeds: [inUse(4, ana), inUse(5, bob)], chosen: 5, extendRefused: { typed: '2027-06-01', outside: 'tooFar' } });
    expect(seenCard(theirs).texts.some((text) => text.startsWith('You do not hold lab-5'))).toBe(true);
    expect(seenCard(theirs).texts.some((text) => text.includes('2027-06-01'))).toBe(false);
  });

  it('an extension until a time the booking already reaches says so, with that time', () => {
    const seen = seenCard(outcomeCard({ ...ctx, outcome: { type: 'refused', reason: 'not_later', record: inUse(4, ana), until: '2026-03-10T12:00:00.000Z' } }));
    expect(seen.heading).toBe('Nothing was changed');
    expect(seen.texts).toContain('lab-4 is already booked until 2026-03-10 12:00 UTC, so there is nothing to extend.');
  });

  it('the Booked card and the reminders say until when on a line of their own, first: no fact title of two words for a phone to break', () => {
    const booked = seenCard(registeredCard({ ...ctx, record: inUse(3, ana, { until: '2026-03-10T14:00:00.000Z' }) }));
    expect(booked.all.slice(1, 2).map((item) => [item.text, item.element.weight])).toEqual([['Expected release: 2026-03-10 14:00 UTC (in 4 h)', 'Bolder']]);
    expect(Object.keys(booked.facts)).toEqual(['Held by', 'Since', 'Purpose']);

    const late = inUse(3, ana, { until: '2026-03-10T08:00:00.000Z' });
    const cases = [
      ['reminder', noticeCard({ ...ctx, notice: { kind: 'reminder', record: inUse(3, ana, { until: '2026-03-10T10:15:00.000Z' }) } }), 'Expected release: 2026-03-10 10:15 UTC (in 15 min)', 'default'],
      ['overdue', noticeCard({ ...ctx, notice: { kind: 'overdue', record: late } }), 'Release was due: 2026-03-10 08:00 UTC (2 h ago)', 'attention'],
    ] as const;
    for (const [name, card, due, colour] of cases) {
      const seen = seenCard(card);
      const line = seen.all.find((item) => item.text === due);
      expect(line?.element, name).toMatchObject({ weight: 'Bolder', ...(colour === 'attention' ? { color: 'attention' } : {}) });
      expect(seen.facts, name).toEqual({});
      expect(seen.texts, name).toContain('Purpose: regression run');
    }
  });

  it('mine, waiting without a booking: a picker of the queues and Leave the queue; with a booking there is no room for it', () => {
    const entry = (id: number) => ({ ...emptyLifecycle(id), queue: [{ email: bob.email, name: bob.name, since: NOW }] });
    const waiting = mineCard({ ...ctx, testbeds: [inUse(3, ana), inUse(4, ana)], life: [entry(3), entry(4)], requesterEmail: bob.email });
    const walked = inspectCard(waiting);
    expect(walked.inputs.find((input) => input.id === 'testbed_id')?.choices?.map((choice) => choice.title)).toEqual(['lab-3', 'lab-4']);
    expect(walked.actions.map((action) => [action.title, action.data])).toEqual([
      ['Leave the queue', { action: 'unwait' }],
      ['Status', { action: 'status' }],
      ['Menu', { action: 'menu' }],
    ]);
    const holding = mineCard({ ...ctx, testbeds: [inUse(3, ana), inUse(5, bob)], life: [entry(3)], requesterEmail: bob.email });
    expect(inspectCard(holding).actions.map((action) => action.title)).not.toContain('Leave the queue');
  });
});

