/**
 * Moving a booking to another testbed (`switch lab-3 to TB-04`, `switch to TB-04`): the card that says what one
 * press will do (TB-04 booked with the booking's purpose and expected release, lab-3 released) or why it cannot
 * (not theirs, the other testbed taken, under maintenance or held for somebody). Holding several, the person
 * chooses which booking moves. The card has a plain-text sibling.
 */
import type { LifecycleEntry, TestbedRecord } from '../domain.js';
import type { AdaptiveCardJson } from '../platform/port.js';
import { ACTIONS, LIMITS } from './actions.js';
import { card, safeText, submit, textBlock, type CardElement } from './common.js';
import { buttons, byName, dueClause, firstFreeForAnyone, heading, plainText, safeName, sameEmail, sentences, small, testbedState } from './parts.js';
import { hasLabel } from '../lab-rules.js';
import { heldUntilLine, waitingText } from './lifecycle-notice.card.js';
import { ownPicker } from './lifecycle.card.js';
import { formatWhen, formatWhenRelative } from './time.js';

export interface SwitchInput {
  testbeds: readonly TestbedRecord[];
  life: readonly LifecycleEntry[];
  requesterEmail?: string;
  /** The testbed to move to, or the label of which the first free one (by name) is. */
  toId?: number;
  label?: string;
  /** The booking to move, when the words named it. */
  fromId?: number;
  /** A time typed with the switch (ISO 8601 UTC): the new booking runs until then instead. */
  until?: string;
  /** A purpose typed with the switch: the new booking's, instead of the one it replaces. */
  purpose?: string;
  now: string;
  timeZone: string;
}

type Answer = {
  title: string;
  lines: string[];
  /** One press moves this booking (`from`), or the one chosen of `choose`. */
  confirm?: { from?: TestbedRecord; choose?: readonly TestbedRecord[]; to: TestbedRecord };
  actions: CardElement[];
};

const noInputs = { associatedInputs: 'none' };

/** Why the person cannot book `to` right now (under maintenance, taken, held for somebody else), or undefined when they can. */
function unavailable(to: TestbedRecord, input: SwitchInput, esc: (value: unknown) => string): string | undefined {
  const name = esc(to.testbed_name);
  if (testbedState(to, input.now) === 'maintenance') return `${name} is under maintenance${to.maintenance?.until ? ` until ${formatWhen(to.maintenance.until, input.timeZone)}` : ''}.`;
  if (to.status === 'in_use') return `${name} is taken: ${heldUntilLine(to, input.now, input.timeZone, esc)}`;
  const offer = input.life.find((entry) => entry.testbed_id === to.id)?.offer ?? null;
  if (offer !== null && !sameEmail(offer.email, input.requesterEmail)) return `${name} is held for ${esc(offer.name)}, first in its queue, until ${formatWhen(offer.until, input.timeZone)}.`;
  return undefined;
}

function answer(input: SwitchInput, esc: (value: unknown) => string, escLong: (value: unknown) => string): Answer {
  const label = input.label;
  const to = label === undefined ? input.testbeds.find((record) => record.id === input.toId) : firstFreeForAnyone(input.testbeds, input.life, (record) => hasLabel(record, label));
  const mine = input.testbeds.filter((record) => record.status === 'in_use' && sameEmail(record.user_email, input.requesterEmail)).sort(byName);
  if (!to && label !== undefined) {
    const held = mine.find((record) => record.id === input.fromId) ?? (input.fromId === undefined && mine.length === 1 ? mine[0] : undefined);
    const kept = held === undefined ? '' : ` You keep ${esc(held.testbed_name)}.`;
    return {
      title: `No ${esc(label)} testbed is free`,
      lines: [`No testbed labelled ${esc(label)} is free right now, so there is nothing to switch to.${kept}`],
      actions: [submit(`Wait for any ${label}`, { action: ACTIONS.waitLabel, label }, noInputs)],
    };
  }
  if (!to) return { title: 'Nothing to switch to', lines: ['That testbed is no longer in the lab. Type status to see the testbeds there are.'], actions: [buttons.status()] };
  const toName = esc(to.testbed_name);
  const named = input.fromId === undefined ? undefined : input.testbeds.find((record) => record.id === input.fromId);
  if (input.fromId !== undefined && named === undefined) return { title: 'Nothing to switch', lines: ['That testbed is no longer in the lab. Type mine to see your bookings.'], actions: [] };
  if (named !== undefined && !mine.includes(named)) {
    return { title: 'Nothing to switch', lines: [`You do not hold ${esc(named.testbed_name)}, so there is no booking of it to move. Type book ${toName} to book ${toName}.`], actions: [] };
  }
  if (named !== undefined && named.id === to.id) return { title: 'Nothing to switch', lines: [`${toName} is yours already. Name the testbed to move it to: switch ${toName} to …`], actions: [] };
  if (mine.some((record) => record.id === to.id)) {
    const others = mine.filter((record) => record.id !== to.id);
    const release = others.length === 1 ? [buttons.release(`Release ${others[0].testbed_name}`, others[0].id)] : [];
    return { title: 'Nothing to switch', lines: [`You hold ${toName} already.${others.length > 0 ? ' Release the other one when you are done with it.' : ''}`], actions: release };
  }
  const moving = named ?? (mine.length === 1 ? mine[0] : undefined);
  if (mine.length === 0) {
    const free = unavailable(to, input, esc) === undefined;
    return {
      title: 'Nothing to switch',
      lines: [`You hold no testbeds right now, so there is no booking to move.${free ? ` Type book ${toName} to book it.` : ''}`],
      actions: free ? [buttons.register('Book it', to.id)] : [],
    };
  }
  const refused = unavailable(to, input, esc);
  const kept = moving ? ` You keep ${esc(moving.testbed_name)}.` : '';
  if (refused !== undefined) {
    const wait = to.status === 'in_use' || testbedState(to, input.now) === 'maintenance' ? [submit('Notify me when free', { action: ACTIONS.wait, testbed_id: String(to.id) }, noInputs)] : [];
    return { title: `${toName} cannot be booked now`, lines: [refused + kept, 'Nothing was changed.'], actions: wait };
  }
  if (input.until !== undefined && Date.parse(input.until) <= Date.parse(input.now)) {
    return { title: 'Nothing to switch', lines: ['That time has already passed. Type switch again with a later time, or none to keep the booking’s own.'], actions: [] };
  }
  const typedPurpose = input.purpose?.trim();
  if (typedPurpose !== undefined && (typedPurpose === '' || typedPurpose.length > LIMITS.purposeMax)) {
    return { title: 'Nothing to switch', lines: [`A purpose may be at most ${LIMITS.purposeMax} characters. Type switch again with a shorter one, or none to keep the booking’s own.`], actions: [] };
  }
  if (moving === undefined) {
    return {
      title: `Switch to ${toName}?`,
      lines: [
        `Choose the booking to move to ${toName}: it ${typedPurpose === undefined ? 'keeps its purpose' : 'gets the purpose below'} and ${input.until === undefined ? 'its expected release' : `runs until ${formatWhenRelative(input.until, input.now, input.timeZone)}`}, and the one you leave is released.`,
        ...(typedPurpose === undefined ? [] : [`Purpose: ${escLong(typedPurpose)}`]),
      ],
      confirm: { choose: mine, to },
      actions: [],
    };
  }
  const fromName = esc(moving.testbed_name);
  const runs = input.until === undefined ? `${dueClause(moving, input.now, input.timeZone)} as now` : `until ${formatWhenRelative(input.until, input.now, input.timeZone)}`;
  const waiting = waitingText(input.life.find((entry) => entry.testbed_id === moving.id)?.queue.length).trim();
  return {
    title: `Switch ${fromName} to ${toName}?`,
    lines: [
      ...(label === undefined ? [] : [`${toName} is the first ${esc(label)} testbed free for anyone.`]),
      `You will hold ${toName} instead, ${runs}.`,
      ...(typedPurpose === undefined ? (moving.purpose ? [`Purpose: ${escLong(moving.purpose)}`] : []) : [`Purpose: ${escLong(typedPurpose)}`, ...(moving.purpose ? [`It was: ${escLong(moving.purpose)}`] : [])]),
      `${fromName} is released at the same time.${waiting === '' ? '' : ` ${waiting} The first of them is offered it.`}`,
    ],
    confirm: { from: moving, to },
    actions: [],
  };
}

export function switchCard(input: SwitchInput): AdaptiveCardJson {
  const { title, lines, confirm, actions } = answer(input, (value) => safeName(value), (value) => safeText(value, LIMITS.purposeMax));
  const body: CardElement[] = [heading(title), ...lines.map((line) => textBlock(line))];
  if (!confirm) return card(body, [...actions, buttons.menu()]);
  const purpose = input.purpose?.trim();
  const to = { action: ACTIONS.switch, to_testbed_id: String(confirm.to.id), ...(input.until === undefined ? {} : { until: input.until }), ...(purpose ? { purpose } : {}) };
  const press = `Switch to ${confirm.to.testbed_name}`;
  if (confirm.from) return card(body, [submit(press, { ...to, testbed_id: String(confirm.from.id) }, noInputs), buttons.cancel()]);
  body.push(ownPicker('Booking to move', 'Choose the booking to move.', confirm.choose ?? []));
  body.push(small('Nothing changes before you press the button.', { isSubtle: true }));
  return card(body, [submit(press, to), buttons.cancel()]);
}

export function switchText(input: SwitchInput): string {
  const { title, lines, confirm } = answer(input, (value) => plainText(value, 80), (value) => plainText(value, LIMITS.purposeMax));
  const press = confirm ? ` Press Switch to ${plainText(confirm.to.testbed_name, 80)} on the card.` : '';
  return `${sentences([title, ...lines])}${press}`;
}
