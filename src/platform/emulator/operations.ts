/**
 * What happens in the emulated world, shared by the REST routes and the
 * programmatic API: a message is created (validated, stored, pushed as an
 * activity, announced), deleted, or a card is submitted.
 */
import { randomUUID } from 'node:crypto';
import type { AdaptiveCardJson } from '../port.js';
import type { EmulatorEvent } from './api.js';
import { cardActionActivity, canSee, deleteActivity, postActivity, type ActivityContext } from './activities.js';
import type { FaultState } from './faults.js';
import { messageJson } from './format.js';
import { HttpError, isRecord } from './http-util.js';
import { EnvelopeData, type MercuryHub } from './mercury.js';
import { renderMarkdown } from './message-text.js';
import { StoredCard, type ActionRec, type EmulatorStore, type MessageRec, type PersonRec, type RoomRec } from './store.js';

export const MAX_TEXT_BYTES = 7439;
export const CARD_CONTENT_TYPE = 'application/vnd.microsoft.card.adaptive';

export interface Draft {
  room: RoomRec;
  text?: string;
  markdown?: string;
  html?: string;
  files?: string[];
  attachments?: { contentType: string; content: AdaptiveCardJson }[];
  parentId?: string;
  mentionUuids?: string[];
  mentionedGroups?: string[];
  toPersonEmail?: string;
  toPersonId?: string;
}

export class Operations {
  constructor(
    private readonly store: EmulatorStore,
    private readonly hub: MercuryHub,
    private readonly faults: FaultState,
    private readonly ctx: ActivityContext,
    /** Tells subscribers; `build` runs only when there are any. */
    private readonly announce: (build: () => EmulatorEvent) => void,
  ) {}

  /** Validates a parent id: a root message of the same room (400 otherwise). */
  resolveParent(parentId: unknown, room: RoomRec): MessageRec | undefined {
    if (parentId === undefined || parentId === null || parentId === '') return undefined;
    const parent = typeof parentId === 'string' ? this.store.message(parentId, false) : undefined;
    if (!parent || parent.roomUuid !== room.uuid) throw new HttpError(400, 'Invalid parentId: no such message in this room.');
    if (parent.parentUuid) throw new HttpError(400, 'Invalid parentId: replies to a thread reply are not allowed; use the root message.');
    return parent;
  }

  /**
   * Stores a message (its card as JSON text), pushes its activity to everyone who may see it,
   * announces it. Returns the stored record: callers outside the emulator get copies
   * (`messageJson`), REST callers its JSON (`messageText`).
   */
  createMessage(author: PersonRec, draft: Draft, trackingId: string): MessageRec {
    const { room } = draft;
    const parent = this.resolveParent(draft.parentId, room);
    const uuid = randomUUID();
    const attachment = draft.attachments?.[0];
    const cardJson = attachment ? JSON.stringify(attachment.content) : undefined;
    const json: MessageRec['json'] = {
      id: this.store.restId('MESSAGE', uuid),
      roomId: room.id,
      roomType: room.type,
      ...(draft.toPersonId ? { toPersonId: draft.toPersonId } : {}),
      ...(draft.toPersonEmail ? { toPersonEmail: draft.toPersonEmail } : {}),
      ...(parent ? { parentId: parent.json.id } : {}),
      ...(draft.text !== undefined ? { text: draft.text } : {}),
      ...(draft.markdown !== undefined ? { markdown: draft.markdown } : {}),
      ...(draft.html !== undefined ? { html: draft.html } : {}),
      ...(draft.files?.length ? { files: [...draft.files] } : {}),
      personId: author.id,
      personEmail: author.emails[0],
      ...(draft.mentionUuids?.length
        ? { mentionedPeople: draft.mentionUuids.map((u) => this.store.restId('PEOPLE', u)) }
        : {}),
      ...(draft.mentionedGroups?.length ? { mentionedGroups: [...draft.mentionedGroups] } : {}),
      created: new Date().toISOString(),
    };
    const rec = this.store.addMessage({
      uuid,
      roomUuid: room.uuid,
      authorUuid: author.uuid,
      mentionUuids: draft.mentionUuids ?? [],
      ...(parent ? { parentUuid: parent.uuid } : {}),
      json,
      ...(attachment && cardJson !== undefined ? { card: new StoredCard(attachment.contentType, cardJson) } : {}),
    });
    const data = postActivity(this.ctx, rec, author, room, cardJson);
    this.deliverToRoom(rec, room, data, trackingId);
    this.announce(() => ({ type: 'message.created', message: messageJson(rec) }));
    return rec;
  }

  /** Validates and renders a REST-style text/markdown/files/attachments body (400 on problems). */
  draftFromBody(body: Record<string, unknown>): Omit<Draft, 'room'> {
    const str = (key: string): string | undefined => {
      const v = body[key];
      if (v === undefined || v === null) return undefined;
      if (typeof v !== 'string') throw new HttpError(400, `Invalid ${key}: must be a string.`);
      return v;
    };
    const text = str('text');
    const markdown = str('markdown');
    let files: string[] | undefined;
    if (body.files !== undefined && body.files !== null) {
      if (!Array.isArray(body.files) || !body.files.every((f) => typeof f === 'string')) {
        throw new HttpError(400, 'Invalid files: must be an array of URLs.');
      }
      files = body.files as string[];
    }
    if (!text && !markdown && !files?.length) throw new HttpError(400, 'Message must contain text, markdown or files.');
    for (const [key, value] of [['text', text], ['markdown', markdown]] as const) {
      if (value !== undefined && Buffer.byteLength(value, 'utf8') > MAX_TEXT_BYTES) {
        throw new HttpError(400, `Message ${key} exceeds the maximum length of ${MAX_TEXT_BYTES} bytes.`);
      }
    }
    const attachments = this.checkAttachments(body.attachments);
    const draft: Omit<Draft, 'room'> = { ...(files ? { files } : {}), ...(attachments ? { attachments } : {}) };
    if (markdown) {
      const rendered = renderMarkdown(markdown, (kind, ref) => {
        const p = kind === 'personEmail' ? this.store.personByEmail(ref) : this.store.person(ref, false);
        return p ? { uuid: p.uuid, id: p.id, displayName: p.displayName } : undefined;
      });
      return {
        ...draft,
        text: text ?? rendered.text,
        markdown,
        html: rendered.html,
        mentionUuids: rendered.mentionUuids,
        mentionedGroups: rendered.mentionedGroups,
      };
    }
    return { ...draft, ...(text !== undefined ? { text } : {}) };
  }

  private checkAttachments(raw: unknown): Draft['attachments'] {
    if (raw === undefined || raw === null) return undefined;
    if (!Array.isArray(raw)) throw new HttpError(400, 'Invalid attachments: must be an array.');
    // One at most: a message keeps one card (store.ts StoredCard).
    if (raw.length > 1) throw new HttpError(400, 'Only one attachment per message is supported.');
    return raw.map((a) => {
      if (!isRecord(a) || a.contentType !== CARD_CONTENT_TYPE) {
        throw new HttpError(400, `Invalid attachment: contentType must be ${CARD_CONTENT_TYPE}.`);
      }
      if (!isRecord(a.content) || a.content.type !== 'AdaptiveCard') {
        throw new HttpError(400, 'Invalid attachment: content must be an AdaptiveCard.');
      }
      return { contentType: CARD_CONTENT_TYPE, content: a.content as AdaptiveCardJson };
    });
  }

  deleteMessage(caller: PersonRec, msg: MessageRec, trackingId: string): void {
    const room = this.store.roomByUuid(msg.roomUuid);
    if (!room) throw new HttpError(404, 'Unable to delete message.');
    if (msg.authorUuid !== caller.uuid) throw new HttpError(403, 'You can only delete your own messages.');
    const data = deleteActivity(this.ctx, msg, caller, room);
    this.deliverToRoom(msg, room, data, trackingId);
    this.store.removeMessage(msg.uuid);
    this.announce(() => ({ type: 'message.deleted', messageId: msg.json.id, roomId: room.id }));
  }

  /**
   * Stores an attachment action (with a copy of `inputs`) and pushes `cardAction` to the card
   * author's sockets. Returns the stored record: callers outside the emulator get copies.
   */
  createAction(submitter: PersonRec, card: MessageRec, room: RoomRec, inputs: Record<string, unknown>, trackingId: string): ActionRec {
    const uuid = randomUUID();
    const json: ActionRec['json'] = {
      id: this.store.restId('ATTACHMENT_ACTION', uuid),
      type: 'submit',
      messageId: card.json.id,
      roomId: room.id,
      personId: submitter.id,
      inputs: structuredClone(inputs),
      created: new Date().toISOString(),
    };
    const rec = { uuid, cardAuthorUuid: card.authorUuid, json };
    this.store.addAction(rec);
    const data = new EnvelopeData(cardActionActivity(this.ctx, rec, card.uuid, submitter, room));
    this.hub.deliver(card.authorUuid, data, trackingId, this.faults.takeDuplicate() ? 2 : 1);
    this.announce(() => ({ type: 'action.created', action: structuredClone(json) }));
    return rec;
  }

  private deliverToRoom(msg: MessageRec, room: RoomRec, activity: Record<string, unknown>, trackingId: string): void {
    const times = this.faults.takeDuplicate() ? 2 : 1;
    const data = new EnvelopeData(activity);
    for (const memberUuid of room.members.keys()) {
      const member = this.store.person(memberUuid);
      if (member && canSee(this.ctx, msg, room, member)) this.hub.deliver(member.uuid, data, trackingId, times);
    }
  }
}
