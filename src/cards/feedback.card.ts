/**
 * Feedback: a card with one text box, and the thank-you card. Each card has a
 * `xxxText` sibling with its plain fallback text.
 */
import type { AdaptiveCardJson } from '../platform/port.js';
import type { FormErrors, FormValues } from '../domain.js';
import { ACTIONS, INPUT_IDS, LIMITS } from './actions.js';
import { card, submit, textBlock } from './common.js';
import { buttons, errorSummary, fieldError, heading } from './parts.js';

export interface FeedbackFormInput {
  errors?: FormErrors;
  values?: FormValues;
}

export function feedbackFormCard({ errors, values }: FeedbackFormInput = {}): AdaptiveCardJson {
  const kept = values && Object.prototype.hasOwnProperty.call(values, INPUT_IDS.feedbackText) ? values[INPUT_IDS.feedbackText] : '';
  return card(
    [
      heading('Feedback'),
      textBlock('What works, what does not, what is missing? Your name and email come from your Webex profile.', {
        isSubtle: true,
        spacing: 'None',
      }),
      ...errorSummary(errors, [INPUT_IDS.feedbackText]),
      {
        type: 'Input.Text',
        id: INPUT_IDS.feedbackText,
        label: 'Your feedback',
        isMultiline: true,
        isRequired: true,
        maxLength: LIMITS.feedbackMax,
        errorMessage: 'Please write a few words of feedback first.',
        ...(typeof kept === 'string' && kept !== '' ? { value: kept.slice(0, LIMITS.feedbackMax) } : {}),
      },
      ...fieldError(errors, INPUT_IDS.feedbackText),
    ],
    [submit('Send', { action: ACTIONS.feedbackSubmit }), buttons.cancel()],
  );
}

export function feedbackFormText(_input: FeedbackFormInput = {}): string {
  return 'Feedback: open the card to type your feedback.';
}

export function feedbackThanksCard(): AdaptiveCardJson {
  return card([heading('Thank you!', { color: 'good' }), textBlock('Your feedback was recorded.')], [buttons.menu()]);
}

export function feedbackThanksText(): string {
  return 'Thank you! Your feedback was recorded.';
}
