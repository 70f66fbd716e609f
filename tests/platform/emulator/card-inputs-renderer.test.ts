/**
 * The emulator's client and the real renderer agree on which submits are not
 * sent: each card is rendered by the adaptivecards library in headless
 * Chromium (as on the sandbox page), the person's values are typed into the
 * rendered controls, and the library's own check names the failing inputs.
 */
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { CardInputsInvalidError, cardSubmission } from '../../../src/platform/emulator/index.js';
import { registerFormCard } from '../../../src/cards/register.card.js';
import { availableTestbed } from '../../../src/domain.js';
import { launchChromium } from '../../support/chromium.js';

const require = createRequire(import.meta.url);

interface Case {
  name: string;
  card: Record<string, unknown>;
  action: string;
  inputs: Record<string, string>;
  /** Ids of the inputs that stop the submit (empty: it is sent). */
  refused: string[];
}

const card = (body: unknown[], actions: unknown[] = [{ type: 'Action.Submit', title: 'Send', data: { action: 'send' } }]) => ({
  type: 'AdaptiveCard',
  version: '1.3',
  body,
  actions,
});
const required = (type: string, id: string, extra: Record<string, unknown> = {}) => ({ type, id, label: id, isRequired: true, errorMessage: `Fill in ${id}.`, ...extra });

const NOW = '2026-03-10T10:00:00.000Z';
const form = registerFormCard({ available: [availableTestbed(1, 'lab-1'), availableTestbed(2, 'lab-2')], inUse: [], now: NOW, timeZone: 'UTC' }) as Record<string, unknown>;
const filled = { testbed_id: '1', purpose: 'soak' };
const showCard = card(
  [required('Input.Text', 'outer')],
  [
    { type: 'Action.Submit', title: 'Send', data: { action: 'send' } },
    {
      type: 'Action.ShowCard',
      title: 'More',
      card: { type: 'AdaptiveCard', body: [required('Input.Text', 'inner')], actions: [{ type: 'Action.Submit', title: 'Send more', data: { action: 'more' } }] },
    },
  ],
);

const CASES: Case[] = [
  { name: 'register form left empty', card: form, action: 'Register', inputs: {}, refused: ['testbed_id', 'purpose'] },
  { name: 'register form, no quick choice, custom date and time', card: form, action: 'Register', inputs: { ...filled, release_date: '2026-03-12', release_time: '17:30' }, refused: [] },
  { name: 'register form, purpose of spaces', card: form, action: 'Register', inputs: { testbed_id: '2', purpose: '   ', release_choice: '1h' }, refused: [] },
  { name: 'register form, date before the first day', card: form, action: 'Register', inputs: { ...filled, release_choice: '1h', release_date: '2026-03-09' }, refused: ['release_date'] },
  { name: 'register form, the last day', card: form, action: 'Register', inputs: { ...filled, release_date: '2026-06-08', release_time: '09:00' }, refused: [] },
  { name: 'register form, the day after the last', card: form, action: 'Register', inputs: { ...filled, release_date: '2026-06-09' }, refused: ['release_date'] },
  { name: 'register form, Cancel checks nothing', card: form, action: 'Cancel', inputs: {}, refused: [] },
  { name: 'required toggle off', card: card([required('Input.Toggle', 't', { title: 'Agree' })]), action: 'Send', inputs: { t: 'false' }, refused: ['t'] },
  { name: 'required toggle on', card: card([required('Input.Toggle', 't', { title: 'Agree' })]), action: 'Send', inputs: { t: 'true' }, refused: [] },
  { name: 'number above max', card: card([{ type: 'Input.Number', id: 'n', min: 1, max: 5 }]), action: 'Send', inputs: { n: '6' }, refused: ['n'] },
  { name: 'number within', card: card([{ type: 'Input.Number', id: 'n', min: 1, max: 5 }]), action: 'Send', inputs: { n: '5' }, refused: [] },
  { name: 'time before min', card: card([{ type: 'Input.Time', id: 't', min: '09:00', max: '17:00' }]), action: 'Send', inputs: { t: '08:59' }, refused: ['t'] },
  { name: 'text against regex', card: card([{ type: 'Input.Text', id: 'c', regex: '^[A-Z]{3}$' }]), action: 'Send', inputs: { c: 'abc' }, refused: ['c'] },
  { name: 'text matching regex', card: card([{ type: 'Input.Text', id: 'c', regex: '^[A-Z]{3}$' }]), action: 'Send', inputs: { c: 'ABC' }, refused: [] },
  {
    name: 'filtered choice outside the list',
    card: card([{ type: 'Input.ChoiceSet', id: 'c', style: 'filtered', choices: [{ title: 'Alpha', value: 'a' }] }]),
    action: 'Send',
    inputs: { c: 'zzz' },
    refused: ['c'],
  },
  { name: 'outer submit ignores the sub-card', card: showCard, action: 'Send', inputs: {}, refused: ['outer'] },
  { name: 'sub-card submit checks both cards', card: showCard, action: 'Send more', inputs: {}, refused: ['inner', 'outer'] },
  { name: 'sub-card submit, both filled', card: showCard, action: 'Send more', inputs: { inner: 'i', outer: 'o' }, refused: [] },
];

function emulatorRefuses(c: Case): string[] {
  try {
    cardSubmission(c.card, { action: c.action, inputs: c.inputs });
    return [];
  } catch (error) {
    if (error instanceof CardInputsInvalidError) return error.problems.map((p) => p.id).sort();
    throw error;
  }
}

/** Renders the card, types the values into the controls and returns the inputs the library's check refuses. */
async function rendererRefuses(page: Page, c: Case): Promise<string[]> {
  return page.evaluate(({ json, action, inputs }) => {
    const AC = (window as unknown as { AdaptiveCards: any }).AdaptiveCards;
    const adaptive = new AC.AdaptiveCard();
    adaptive.hostConfig = new AC.HostConfig({ supportsInteractivity: true, actions: { showCard: { actionMode: 'inline' } } });
    adaptive.parse(json);
    document.body.replaceChildren(adaptive.render());
    const actions: any[] = [];
    const collect = (list: any[]) => {
      for (const a of list) {
        actions.push(a);
        if (a.getJsonTypeName() === 'Action.ShowCard') collect(a.card.getAllActions());
      }
    };
    collect(adaptive.getAllActions());
    for (const shown of actions.filter((a) => a.getJsonTypeName() === 'Action.ShowCard')) shown.renderedElement.click();
    for (const [id, value] of Object.entries(inputs)) {
      const input = adaptive.getElementById(id);
      const host: HTMLElement = input.renderedInputControlElement;
      const control = (host.matches('input, select, textarea') ? host : host.querySelector('input, select, textarea')) as HTMLInputElement;
      if (control.type === 'checkbox') control.checked = value === (input.valueOn ?? 'true');
      else control.value = value;
    }
    const chosen = actions.find((a) => a.title === action);
    return chosen.validateInputs().map((input: { id: string }) => input.id).sort();
  }, { json: c.card, action: c.action, inputs: c.inputs });
}

describe('the emulator refuses exactly what the adaptivecards renderer refuses', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchChromium();
    page = await browser.newPage();
    await page.setContent('<!doctype html><html><body></body></html>');
    await page.addScriptTag({ path: require.resolve('adaptivecards/dist/adaptivecards.min.js') });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  it.each(CASES)('$name', async (c) => {
    const expected = [...c.refused].sort();
    expect(await rendererRefuses(page, c)).toEqual(expected);
    expect(emulatorRefuses(c)).toEqual(expected);
  });
});
