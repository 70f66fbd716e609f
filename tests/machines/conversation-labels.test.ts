/** The conversation's booking by label: what it asks the fleet for and what it shows. */
import { describe, expect, it } from 'vitest';
import type { ConversationEmitted } from '../../src/machines/conversation.machine.js';
import { NOW, ana, inUse } from '../fixtures/flows/records.js';
import { conversationFlows, labelForm } from '../fixtures/flows/conversation-flows.js';
import { replayConversation } from '../fixtures/flows/replay.js';

function flow(name: string) {
  const found = conversationFlows.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no flow ${name}`);
  return found;
}

const views = (emitted: ConversationEmitted[]) => emitted.flatMap((event) => (event.type === 'say.card' ? [event.view] : []));

describe('conversation machine: booking by label', () => {
  it('asks for any free testbed with the label, as the person from the profile, and names the testbed it got', () => {
    const { invoked, emitted } = replayConversation(flow('register by label → the testbed it got'));
    expect(invoked.map((call) => call.id)).toEqual(['lookUpPerson', 'claimAnyTestbed']);
    expect(invoked[1].input).toEqual({ label: '5g', holder: ana, purpose: labelForm.purpose, expectedRelease: labelForm.expectedRelease, now: NOW });
    expect(views(emitted).at(-1)).toEqual({
      kind: 'registered',
      record: inUse(1, ana, { since: NOW, until: labelForm.expectedRelease, purpose: labelForm.purpose }),
      label: '5g',
    });
  });

  it('none free: the refusal names the label (the card offers the wait-list)', () => {
    const { invoked, emitted } = replayConversation(flow('register by label, none free → refusal that offers the wait-list'));
    expect(invoked.map((call) => call.id)).toEqual(['lookUpPerson', 'claimAnyTestbed']);
    expect(views(emitted)).toEqual([{ kind: 'noneFree', label: '5g' }]);
  });

  it('a booking of one testbed never asks for any testbed', () => {
    const { invoked } = replayConversation(conversationFlows[0]);
    expect(invoked.map((call) => call.id)).toEqual(['lookUpPerson', 'claimTestbed']);
  });
});
