/**
 * The direct message a holder gets when somebody else released their testbed.
 * It lives beside the machines because the conversation machine emits it as
 * `say.direct` text; cards/release.card.ts re-exports it. Plain text (send it
 * as the message's `text`, not as markdown): one line per value, no control
 * characters, angle brackets neutralised, each value cut.
 */

function plain(value: string, max: number): string {
  const text = String(value)
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001F\u007F-\u009F\u200B-\u200F\u202A-\u202E\u2066-\u2069]+/g, ' ')
    .replace(/</g, '\u2039')
    .replace(/>/g, '\u203A')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

export interface ReleasedByOther {
  testbedName: string;
  byName: string;
  byEmail: string;
}

export function releasedByOtherText({ testbedName, byName, byEmail }: ReleasedByOther): string {
  return (
    `Heads-up: ${plain(byName, 80)} (${plain(byEmail, 120)}) released ${plain(testbedName, 80)}, ` +
    'which you had booked. It is available again; type testbed if you need to book it back.'
  );
}
