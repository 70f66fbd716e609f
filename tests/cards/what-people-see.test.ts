/**
 * Every card the bot can send, read the way people read it: with markdown-it (web), with a
 * model of the shared-model parser (phones and desktops) and with no markdown at all. Names
 * and typed texts appear verbatim in the element that carries them, every text reads the same
 * on all three, and typed markup never becomes a link, emphasis, list, heading or code.
 */
import { describe, expect, it } from 'vitest';
import type { TestbedRecord } from '../../src/domain.js';
import type { AdaptiveCardJson } from '../../src/platform/port.js';
import { broadcastMessageCard } from '../../src/cards/broadcast-message.card.js';
import { broadcastPreviewCard } from '../../src/cards/broadcast-preview.card.js';
import { broadcastReportCard } from '../../src/cards/broadcast-report.card.js';
import { broadcastNotAllowedCard, broadcastRoomsCard, noBroadcastRoomsCard } from '../../src/cards/broadcast-rooms.card.js';
import { broadcastStatusCard } from '../../src/cards/broadcast-status.card.js';
import { feedbackFormCard, feedbackThanksCard } from '../../src/cards/feedback.card.js';
import { cancelledCard, errorCard, helpCard, menuCard } from '../../src/cards/menu.card.js';
import { rulesCard } from '../../src/cards/rules.card.js';
import { timeZoneCard } from '../../src/cards/time-zone.card.js';
import { registerFormCard, registerRefusedCard, registeredCard } from '../../src/cards/register.card.js';
import { releaseFormCard, releaseRefusedCard, releasedCard } from '../../src/cards/release.card.js';
import { statusCard, statusPageCount } from '../../src/cards/status.card.js';
import { seenCard, type SeenCard } from '../support/card-text.js';
import { markupFormed, unLookAlike, visible } from '../support/rendered-text.js';
import { NOW, available, inUse } from '../fixtures/flows/records.js';

interface Typed {
  testbed: string;
  other: string;
  person: string;
  email: string;
  purpose: string;
  message: string;
  room: string;
  description: string;
  reason: string;
  error: string;
  bot: string;
  version: string;
}

/** What people really type: dashes, dots, @, #, +, !, brackets, underscores inside words, <, >, &. */
const ORDINARY: Typed = {
  testbed: 'lab-alpha.2 (rack #7)!',
  other: 'a-b.c',
  person: "Ada O'Neil-Smith",
  email: 'ada_lovelace@x-lab.example.com',
  purpose: 'Firmware 1.0.8 soak + C++ tests, ~2 h <nightly> & more',
  message: 'Lab 3 is down until Fri. 14:00 - sorry!\nUse lab-4 meanwhile.',
  room: 'Ops & QA_team (EU-west)',
  description: 'Release #42: C# + Go',
  reason: 'HTTP 404: room not found (id ab-12)',
  error: 'Tell us what you need lab-alpha.2 for.',
  bot: 'Testbed Monitor 2.0',
  version: '1.0.8',
};

/** Markup typed on purpose, in every field. */
const HOSTILE: Typed = {
  testbed: '**x** [t](http://evil)',
  other: '- item',
  person: '_x_ <b>',
  email: '[t](http://evil)',
  purpose: '**x**\n- item\n1. item\n_x_ [t](http://evil) <b>',
  message: '1. item\n**x** _x_\n- item [t](http://evil) <b>',
  room: '1. item <b>',
  description: '**x** _x_',
  reason: '[t](http://evil) **x**',
  error: '- item **x**',
  bot: '**x**',
  version: '_x_',
};

const zone = 'UTC';

/** What a person reads where: look-alikes for `*` `_` are read as the characters they stand for. */
function shown(seen: SeenCard, where: 'heading' | 'texts' | 'errors' | `fact:${string}` | `choices:${string}`): string[] {
  const texts =
    where === 'heading'
      ? [seen.heading]
      : where === 'texts'
        ? seen.texts
        : where === 'errors'
          ? seen.errors
          : where.startsWith('fact:')
            ? [seen.facts[where.slice(5)] ?? '']
            : seen.choices(where.slice(8));
  return texts.map(unLookAlike);
}

type Expectation = ['heading' | 'texts' | 'errors' | `fact:${string}` | `choices:${string}`, 'is' | 'has', string];

interface Case {
  name: string;
  card: AdaptiveCardJson;
  expect: Expectation[];
}

function cases(t: Typed): Case[] {
  const holder = { name: t.person, email: t.email };
  const line = (text: string) => visible(text);
  const booking = inUse(3, holder, { name: t.testbed, purpose: t.purpose });
  const held = `${line(t.person)} (${line(t.email)})`;
  const broadcastBeds: TestbedRecord[] = [booking, available(4, t.other)];
  return [
    { name: 'menu', card: menuCard({ botName: t.bot }), expect: [['heading', 'is', t.bot]] },
    {
      name: 'help',
      card: helpCard({ botName: t.bot, version: t.version }),
      expect: [['heading', 'is', `${t.bot} help`], ['texts', 'is', `Version ${t.version}. Type a command, or use the buttons.`], ['texts', 'is', 'register (or book)'], ['texts', 'is', 'book a free testbed (reserve and claim work too; book again: as your last booking was)']],
    },
    {
      name: 'rules',
      card: rulesCard({ reminderMinutes: 15, overdueRepeatHours: 24, holdMinutes: 10, admins: 1 }),
      expect: [['heading', 'is', 'How booking works here'], ['texts', 'is', '15 minutes before a booking is due, I remind its holder in a 1:1 room, with Extend and Release buttons.']],
    },
    {
      name: 'time zone',
      card: timeZoneCard({ now: NOW, timeZone: 'America/Los_Angeles', set: true }),
      expect: [['heading', 'is', 'Times here are on America/Los_Angeles'], ['texts', 'has', 'extend lab-3 until 17:00 America/New_York, or an offset such as UTC+5:30. Forms show it on America/Los_Angeles.']],
    },
    {
      name: 'status (1 testbed)',
      card: statusCard({ testbeds: [booking], now: NOW, timeZone: zone }),
      expect: [['texts', 'is', `● ${t.testbed} · In use`], ['texts', 'is', `${held} · held for 2 h`], ['texts', 'is', `Purpose: ${line(t.purpose)}`]],
    },
    {
      name: 'register form (came back with problems)',
      card: registerFormCard({ available: [available(1, t.testbed), available(2, t.other)], inUse: [], now: NOW, timeZone: zone, errors: { purpose: t.error }, values: { purpose: t.purpose } }),
      expect: [['choices:testbed_id', 'has', t.testbed], ['choices:testbed_id', 'has', t.other], ['errors', 'is', line(t.error)]],
    },
    {
      name: 'register form (nothing free)',
      card: registerFormCard({ available: [], inUse: [booking], now: NOW, timeZone: zone }),
      expect: [['texts', 'has', `${t.testbed} should free up first`], ['texts', 'has', `held by ${held}.`]],
    },
    {
      name: 'registered (success)',
      card: registeredCard({ record: booking, timeZone: zone, now: NOW }),
      expect: [['heading', 'is', `Booked: ${t.testbed}`], ['fact:Held by', 'is', held], ['fact:Purpose', 'is', line(t.purpose)]],
    },
    {
      name: 'register refused (someone else holds it)',
      card: registerRefusedCard({ record: booking, now: NOW, timeZone: zone, requesterEmail: 'grace@example.com' }),
      expect: [['heading', 'is', `${t.testbed} is taken`], ['texts', 'has', `${t.testbed} is already held by ${held}, since`]],
    },
    {
      name: 'register refused (you hold it)',
      card: registerRefusedCard({ record: booking, now: NOW, timeZone: zone, requesterEmail: t.email }),
      expect: [['texts', 'has', `You already hold ${t.testbed}, since`]],
    },
    {
      name: 'register refused (busy)',
      card: registerRefusedCard({ record: available(3, t.testbed), now: NOW, timeZone: zone }),
      expect: [['heading', 'is', `${t.testbed} was busy`]],
    },
    {
      name: 'release form (came back with problems)',
      card: releaseFormCard({ inUse: [booking], requesterEmail: 'grace@example.com', now: NOW, timeZone: zone, errors: { testbed_id: t.error } }),
      expect: [['choices:testbed_id', 'is', `${line(t.testbed)} — ${held}, held for 2 h`], ['errors', 'is', line(t.error)]],
    },
    {
      name: 'released',
      card: releasedCard({ record: available(3, t.testbed), previous: booking, timeZone: zone }),
      expect: [['heading', 'is', `Released: ${t.testbed}`], ['texts', 'is', `${t.testbed} is available again.`], ['texts', 'has', `It was held by ${held} since`]],
    },
    {
      name: 'released to the first person waiting',
      card: releasedCard({ record: available(3, t.testbed), previous: booking, timeZone: zone, next: { name: t.person, holdMinutes: 10 } }),
      expect: [
        ['heading', 'is', `Released: ${t.testbed}`],
        ['texts', 'is', `It goes to ${line(t.person)}, first in its queue: it is kept for them for 10 minutes.`],
        ['texts', 'is', 'If they do not book it by then, the next person waiting gets it.'],
      ],
    },
    {
      name: 'release refused',
      card: releaseRefusedCard({ record: available(3, t.testbed) }),
      expect: [['texts', 'is', `${t.testbed} is already available. Nothing was changed.`]],
    },
    { name: 'feedback form (came back)', card: feedbackFormCard({ errors: { feedback_text: t.error }, values: { feedback_text: t.message } }), expect: [['errors', 'is', line(t.error)]] },
    { name: 'feedback thanks', card: feedbackThanksCard(), expect: [['heading', 'is', 'Thank you!']] },
    { name: 'cancelled', card: cancelledCard(), expect: [['texts', 'is', 'Cancelled. Nothing was changed.']] },
    { name: 'error', card: errorCard({ message: t.error }), expect: [['heading', 'is', 'Sorry'], ['texts', 'is', line(t.error)]] },
    {
      name: 'broadcast rooms (came back, with a notice)',
      card: broadcastRoomsCard({ rooms: [{ room_id: 'r1', name: t.room, description: t.description }], notice: t.error, errors: { room_ids: t.reason } }),
      expect: [['choices:room_ids', 'is', `${t.room} — ${t.description}`], ['texts', 'is', line(t.error)], ['errors', 'is', t.reason]],
    },
    { name: 'broadcast not allowed', card: broadcastNotAllowedCard(), expect: [['texts', 'has', 'only the broadcast administrators']] },
    { name: 'no broadcast rooms', card: noBroadcastRoomsCard(), expect: [['texts', 'has', 'no broadcast rooms on the list']] },
    {
      name: 'broadcast message (came back)',
      card: broadcastMessageCard({ roomCount: 2, errors: { message_text: t.error }, values: { message_text: t.message } }),
      expect: [['errors', 'is', line(t.error)]],
    },
    {
      name: 'broadcast preview',
      card: broadcastPreviewCard({ rooms: [{ room_id: 'r1', name: t.room }], kind: 'maintenance', text: t.message, testbeds: broadcastBeds, now: NOW, timeZone: zone }),
      expect: [['fact:Message', 'is', line(t.message)], ['fact:Rooms', 'is', t.room], ['fact:Kind', 'is', 'Maintenance notice']],
    },
    {
      name: 'broadcast status card (what each room gets)',
      card: broadcastStatusCard({ kind: 'maintenance', text: t.message, senderName: t.person, testbeds: broadcastBeds, now: NOW, timeZone: zone }),
      expect: [
        ['texts', 'has', `From ${t.person} · as of`],
        ['texts', 'is', line(t.message)],
        ['texts', 'is', `● ${t.testbed} · In use`],
        ['texts', 'has', `${held} · since`],
        ['texts', 'is', `Purpose: ${line(t.purpose)}`],
        ['texts', 'is', line(t.other)],
      ],
    },
    {
      name: 'broadcast report',
      card: broadcastReportCard({ results: [{ roomId: 'r1', name: t.room, delivered: false, reason: t.reason }, { roomId: 'r2', name: t.other, delivered: true }] }),
      expect: [['errors', 'is', `✗ ${t.room}: ${t.reason}`], ['texts', 'is', line(t.other)]],
    },
  ];
}

function check(seen: SeenCard, [where, how, expected]: Expectation): void {
  const texts = shown(seen, where);
  if (how === 'is') expect(texts, `${where} ${how} ${JSON.stringify(expected)}`).toContain(expected);
  else expect(texts.some((text) => text.includes(expected)), `${where} has ${JSON.stringify(expected)} in ${JSON.stringify(texts)}`).toBe(true);
}

describe('every card reads as typed (ordinary names and texts)', () => {
  for (const { name, card, expect: expectations } of cases(ORDINARY)) {
    it(name, () => {
      const seen = seenCard(card); // throws when any text reads differently on some renderer
      expect(seen.all.length).toBeGreaterThan(0);
      for (const expectation of expectations) check(seen, expectation);
      for (const item of seen.all) {
        expect(item.source, 'no backslash, ever').not.toContain('\\');
        expect(item.text, 'no look-alike for ordinary text').not.toMatch(/[\u2217\uFF3F\u02CB]/);
      }
    });
  }
});

describe('typed markup stays inert on every card', () => {
  for (const { name, card, expect: expectations } of cases(HOSTILE)) {
    it(name, () => {
      const seen = seenCard(card);
      for (const expectation of expectations) check(seen, expectation);
      for (const item of seen.all.filter((each) => each.markdown)) {
        expect(markupFormed(item.source), `${item.role}: ${JSON.stringify(item.source)}`).toEqual([]);
      }
    });
  }
});

describe('the status card at 500 testbeds', () => {
  const typed = (id: number) => (id % 2 === 0 ? `lab-${id}.eu_west (rack #${id % 9})!` : `**tb${id}** _x_ [t](http://evil)`);
  const person = { name: '- Grace O\'Hara', email: 'grace_hopper@x-lab.example.com' };
  const testbeds = Array.from({ length: 500 }, (_, index) => {
    const id = index + 1;
    if (id % 3 === 0) return available(id, typed(id));
    return inUse(id, person, { name: typed(id), purpose: `1. step ${id}\n- **soak** <b>`, until: id % 3 === 1 ? '2026-03-10T12:00:00.000Z' : '2026-03-10T07:00:00.000Z' });
  });

  it('shows every name exactly once across the pages, as typed, with nothing turned into markup', () => {
    const pages = statusPageCount(testbeds, NOW, zone);
    expect(pages).toBeGreaterThan(1);
    const names: string[] = [];
    let holders = 0;
    for (let page = 1; page <= pages; page++) {
      const seen = seenCard(statusCard({ testbeds, now: NOW, timeZone: zone, page }));
      // Compact picker choices (the busy testbeds to wait for) are native, never markdown: names as typed.
      for (const item of seen.all) if (item.markdown) expect(markupFormed(item.source)).toEqual([]);
      for (const text of seen.texts.map(unLookAlike)) {
        const row = /^● (.*) · (Available|In use|Overdue)$/.exec(text);
        if (row) names.push(row[1]);
        if (text.startsWith("- Grace O'Hara (grace_hopper@x-lab.example.com) · held for")) holders += 1;
      }
    }
    expect(names).toHaveLength(500);
    expect(new Set(names)).toEqual(new Set(testbeds.map((record) => record.testbed_name)));
    expect(holders).toBe(testbeds.filter((record) => record.status === 'in_use').length);
  });
});
