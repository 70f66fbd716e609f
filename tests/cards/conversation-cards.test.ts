import { describe, expect, it } from 'vitest';
import { ACTIONS } from '../../src/cards/actions.js';
import { MAX_CARD_BYTES, cardBytes } from '../../src/cards/common.js';
import { feedbackFormCard, feedbackFormText, feedbackThanksCard, feedbackThanksText } from '../../src/cards/feedback.card.js';
import { cancelledCard, cancelledText, errorCard, errorText, helpCard, helpText, hintText, menuCard, menuText } from '../../src/cards/menu.card.js';
import {
  registerFormCard,
  registerFormText,
  registerRefusedCard,
  registerRefusedText,
  registeredCard,
  registeredText,
} from '../../src/cards/register.card.js';
import {
  releaseFormCard,
  releaseFormText,
  releaseRefusedCard,
  releaseRefusedText,
  releasedByOtherText,
  releasedCard,
  releasedText,
} from '../../src/cards/release.card.js';
import { statusCard, statusText } from '../../src/cards/status.card.js';
import type { AdaptiveCardJson } from '../../src/platform/port.js';
import { cardInputIds, cardProblems } from '../support/adaptive-cards.js';
import { NOW, ana, available, bob, inUse } from '../fixtures/flows/records.js';
import { inspectCard } from './card-walk.js';

const HOSTILE = '[x](http://evil) **b** <at>ana</at> _i_ `c` # h';
const mallory = { email: 'mallory<at>@example.com', name: HOSTILE };
const overdue = inUse(5, bob, { name: 'lab-overdue', until: '2026-03-10T07:00:00.000Z' });
const hostileBooking = inUse(4, mallory, { name: HOSTILE, purpose: HOSTILE });
const testbeds = [available(1), available(2, HOSTILE), inUse(3, ana), hostileBooking, overdue];
const zone = 'Europe/Berlin';

/** Every builder with ordinary and hostile input, and its fallback text. */
function everyCard(): Array<{ name: string; card: AdaptiveCardJson; text: string; continues: boolean }> {
  const registerInput = {
    available: testbeds.filter((record) => record.status === 'available'),
    inUse: testbeds.filter((record) => record.status === 'in_use'),
    now: NOW,
    timeZone: zone,
  };
  const withErrors = { ...registerInput, errors: { purpose: HOSTILE, form: 'odd' }, values: { purpose: HOSTILE, testbed_id: '2' } };
  const noneFree = { ...registerInput, available: [] };
  const releaseInput = { inUse: registerInput.inUse, requesterEmail: ana.email, now: NOW, timeZone: zone };
  const entries: Array<[string, AdaptiveCardJson, string, boolean]> = [
    ['menu', menuCard({ botName: HOSTILE }), menuText({ botName: HOSTILE }), false],
    ['help', helpCard({ botName: 'Testbed Monitor', version: '1.0.8' }), helpText({ botName: 'Testbed Monitor', version: '1.0.8' }), true],
    ['status', statusCard({ testbeds, now: NOW, timeZone: zone }), statusText({ testbeds, now: NOW, timeZone: zone }), true],
    ['status (empty)', statusCard({ testbeds: [], now: NOW, timeZone: 'UTC' }), statusText({ testbeds: [], now: NOW, timeZone: 'UTC' }), true],
    ['register form', registerFormCard(registerInput), registerFormText(registerInput), true],
    ['register form (errors)', registerFormCard(withErrors), registerFormText(withErrors), true],
    ['register form (none free)', registerFormCard(noneFree), registerFormText(noneFree), true],
    ['register form (no testbeds)', registerFormCard({ ...noneFree, inUse: [] }), registerFormText({ ...noneFree, inUse: [] }), true],
    ['registered', registeredCard({ record: hostileBooking, timeZone: zone, now: NOW }), registeredText({ record: hostileBooking, timeZone: zone, now: NOW }), true],
    ['register refused', registerRefusedCard({ record: hostileBooking, now: NOW, timeZone: zone, requesterEmail: ana.email }), registerRefusedText({ record: hostileBooking, now: NOW, timeZone: zone, requesterEmail: ana.email }), true],
    ['register refused (own)', registerRefusedCard({ record: inUse(3, ana), now: NOW, timeZone: zone, requesterEmail: 'ANA@example.com' }), registerRefusedText({ record: inUse(3, ana), now: NOW, timeZone: zone, requesterEmail: 'ANA@example.com' }), true],
    ['release form', releaseFormCard(releaseInput), releaseFormText(releaseInput), true],
    ['release form (errors)', releaseFormCard({ ...releaseInput, errors: { testbed_id: HOSTILE } }), releaseFormText(releaseInput), true],
    ['release form (nothing booked)', releaseFormCard({ ...releaseInput, inUse: [] }), releaseFormText({ ...releaseInput, inUse: [] }), true],
    ['released', releasedCard({ record: available(4, HOSTILE), previous: hostileBooking, timeZone: zone }), releasedText({ record: available(4, HOSTILE), previous: hostileBooking }), true],
    ['release refused', releaseRefusedCard({ record: available(2, HOSTILE) }), releaseRefusedText({ record: available(2, HOSTILE) }), true],
    ['feedback form', feedbackFormCard({ errors: { feedback_text: HOSTILE }, values: { feedback_text: HOSTILE } }), feedbackFormText(), true],
    ['feedback thanks', feedbackThanksCard(), feedbackThanksText(), false],
    ['cancelled', cancelledCard(), cancelledText(), false],
    ['error', errorCard({ message: HOSTILE }), errorText({ message: HOSTILE }), false],
  ];
  return entries.map(([name, card, text, continues]) => ({ name, card, text, continues }));
}

describe('every conversation card', () => {
  for (const { name, card, text, continues } of everyCard()) {
    it(`${name}: valid Adaptive Card 1.3 within the protocol's rules`, () => {
      expect(cardProblems(card)).toEqual([]);
      expect(card.version).toBe('1.3');
      expect(cardBytes(card)).toBeLessThan(MAX_CARD_BYTES);
      const walked = inspectCard(card);
      expect(walked.disallowedTypes).toEqual([]);
      expect(walked.actions.length).toBeGreaterThan(0);
      expect(walked.actions.length).toBeLessThanOrEqual(5);
      const known = new Set<string>(Object.values(ACTIONS));
      const inputIds = cardInputIds(card);
      for (const action of walked.actions) {
        expect(action.type).toBe('Action.Submit');
        expect(known.has(String(action.data?.action))).toBe(true);
        for (const key of Object.keys(action.data ?? {})) expect(inputIds).not.toContain(key);
      }
      if (continues) {
        expect(walked.actions.some((action) => ['cancel', 'menu'].includes(String(action.data?.action)))).toBe(true);
      }
    });

    it(`${name}: user text cannot inject markup`, () => {
      const walked = inspectCard(card);
      for (const markdown of walked.markdown) {
        for (const raw of ['[x](http://evil)', '**b**', '<at>', '`c`']) expect(markdown).not.toContain(raw);
      }
      for (const value of walked.plainStrings) expect(value).not.toContain('<at>');
    });

    it(`${name}: has a plain fallback text`, () => {
      expect(text.trim().length).toBeGreaterThan(10);
      expect(Buffer.byteLength(text)).toBeLessThan(7439);
      expect(text).not.toContain('<at>');
      // eslint-disable-next-line no-control-regex
      expect(text).not.toMatch(/[\u0000-\u001F]/);
    });
  }

  it('the hostile text is really in the cards (escaped), so the checks above bite', () => {
    const markdown = inspectCard(statusCard({ testbeds, now: NOW, timeZone: zone })).markdown.join('\n');
    expect(markdown).toContain('\\[x\\]\\(http://evil\\)');
    expect(markdown).toContain('\\*\\*b\\*\\*');
  });
});

describe('menu, help, hint', () => {
  it('menu: title, prompt and the four spec buttons with data { action } only', () => {
    const card = menuCard({ botName: 'Testbed Monitor' });
    expect((card.body as Array<{ type: string }>).map((element) => element.type)).toEqual(['TextBlock', 'TextBlock']);
    expect((card.actions as Array<{ data: unknown }>).map((action) => action.data)).toEqual([
      { action: 'status' },
      { action: 'register' },
      { action: 'release' },
      { action: 'broadcast' },
    ]);
  });

  it('help lists the bot name, version and every flow', () => {
    const text = inspectCard(helpCard({ botName: 'Testbed Monitor', version: '1.0.8' })).markdown.join('\n');
    expect(text).toContain('Testbed Monitor help');
    expect(text).toContain('Version 1\\.0\\.8');
    for (const command of ['testbed', 'status', 'register', 'book', 'release', 'broadcast', 'feedback', 'help', 'cancel']) {
      expect(text).toContain(command);
    }
    expect(hintText()).toMatch(/testbed/);
  });
});

describe('register cards', () => {
  const inUseOnes = testbeds.filter((record) => record.status === 'in_use');

  it('the form offers available testbeds only, plus the form inputs', () => {
    const card = registerFormCard({ available: testbeds.filter((record) => record.status === 'available'), inUse: inUseOnes, now: NOW, timeZone: zone });
    expect(cardInputIds(card)).toEqual(['testbed_id', 'purpose', 'release_choice', 'release_date', 'release_time']);
    const choices = inspectCard(card).inputs.find((input) => input.id === 'testbed_id')?.choices;
    expect(choices?.map((choice) => choice.value).sort()).toEqual(['1', '2']);
    expect(JSON.stringify(card)).toContain('Europe/Berlin');
  });

  it('a form that came back shows each problem and keeps valid values only', () => {
    const card = registerFormCard({
      available: [available(1)],
      inUse: [],
      now: NOW,
      timeZone: 'UTC',
      errors: { purpose: 'Tell us what you need the testbed for.' },
      values: { testbed_id: '9', purpose: 'half typed', release_choice: '1y' },
    });
    const inputs = inspectCard(card).inputs;
    expect(inputs.find((input) => input.id === 'purpose')?.value).toBe('half typed');
    expect(inputs.find((input) => input.id === 'testbed_id')?.value).toBeUndefined();
    expect(inputs.find((input) => input.id === 'release_choice')?.value).toBeUndefined();
    expect(inspectCard(card).markdown.join(' ')).toContain('Tell us what you need the testbed for\\.');
  });

  it('with nothing free it says so and names the testbed that frees up first', () => {
    const soon = inUse(8, bob, { name: 'lab-soon', until: '2026-03-10T11:00:00.000Z' });
    const later = inUse(9, ana, { name: 'lab-later', until: '2026-03-10T18:00:00.000Z' });
    const card = registerFormCard({ available: [], inUse: [later, soon], now: NOW, timeZone: 'UTC' });
    const text = inspectCard(card).markdown.join(' ');
    expect(text).toContain('All testbeds are in use');
    expect(text).toContain('lab\\-soon');
    expect(text).toContain('in 1 h');
    expect(cardInputIds(card)).toEqual([]);
  });

  it('refusal names the holder and since when, or says you already hold it', () => {
    const other = inspectCard(registerRefusedCard({ record: inUse(3, bob), now: NOW, timeZone: 'UTC', requesterEmail: ana.email })).markdown.join(' ');
    expect(other).toContain('Bob Builder (bob@example\\.com)');
    expect(other).toContain('since 2026-03-10 08:00 UTC (2 h)');
    const own = inspectCard(registerRefusedCard({ record: inUse(3, ana), now: NOW, timeZone: 'UTC', requesterEmail: ana.email })).markdown.join(' ');
    expect(own).toContain('You already hold');
  });
});

describe('release cards', () => {
  it("lists the requester's own testbeds first, each with its holder", () => {
    const card = releaseFormCard({ inUse: [inUse(1, bob, { name: 'a-first' }), inUse(2, ana, { name: 'z-mine' })], requesterEmail: ana.email, now: NOW, timeZone: 'UTC' });
    const choices = inspectCard(card).inputs.find((input) => input.id === 'testbed_id')?.choices ?? [];
    expect(choices.map((choice) => choice.value)).toEqual(['2', '1']);
    expect(choices[0].title).toContain('yours');
    expect(choices[1].title).toContain('Bob Builder (bob@example.com)');
  });

  it('with nothing booked it says so and has no form', () => {
    const card = releaseFormCard({ inUse: [], requesterEmail: ana.email, now: NOW, timeZone: 'UTC' });
    expect(cardInputIds(card)).toEqual([]);
    expect(JSON.stringify(card)).toContain('Nothing is booked');
  });

  it('the direct message names who released which testbed, as plain text', () => {
    const text = releasedByOtherText({ testbedName: 'lab-1', byName: 'Bob <b>Builder</b>', byEmail: 'bob@example.com' });
    expect(text).toContain('Bob ‹b›Builder‹/b› (bob@example.com) released lab-1');
    expect(text).not.toMatch(/[<>]/);
  });
});
