/**
 * Text handling for created messages, the way the platform renders them:
 * `text` (plain), `html` (with `spark-mention` spans) and the mention lists.
 * Markdown mentions: `<@personEmail:a@b.c|Name>`, `<@personId:ID|Name>`, `<@all>`.
 */

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export function personMentionHtml(personRestId: string, name: string): string {
  return `<spark-mention data-object-type="person" data-object-id="${escapeHtml(personRestId)}">${escapeHtml(name)}</spark-mention>`;
}

const ALL_MENTION_HTML = '<spark-mention data-object-type="groupMention" data-group-type="all">All</spark-mention>';

export interface MentionTarget {
  uuid: string;
  id: string;
  displayName: string;
}

export interface RenderedMarkdown {
  text: string;
  html: string;
  mentionUuids: string[];
  mentionedGroups: string[];
}

const MENTION_RE = /<@(personEmail|personId):([^|>]+)(?:\|([^>]*))?>|<@all>/g;

/** The minimal inline markdown the emulator knows (bold, italics, code), each span handed to `wrap`. */
function inlineSpans(text: string, wrap: (tag: 'strong' | 'em' | 'code', inner: string) => string): string {
  return text
    .replace(/\*\*(.+?)\*\*/g, (_, inner: string) => wrap('strong', inner))
    .replace(/__(.+?)__/g, (_, inner: string) => wrap('strong', inner))
    .replace(/(^|[^*])\*([^*\n]+)\*/g, (_, lead: string, inner: string) => lead + wrap('em', inner))
    .replace(/`([^`\n]+)`/g, (_, inner: string) => wrap('code', inner));
}

/** Inline markdown → html, applied to already-escaped text. */
function inlineMarkdown(escaped: string): string {
  return inlineSpans(escaped, (tag, inner) => `<${tag}>${inner}</${tag}>`);
}

function stripMarkdown(text: string): string {
  return inlineSpans(text, (_tag, inner) => inner);
}

/**
 * Renders a markdown message. `resolve` maps a mention reference (email or
 * person id) to a known person, or undefined (then the mention stays as plain
 * text and mentions nobody).
 */
export function renderMarkdown(
  markdown: string,
  resolve: (kind: 'personEmail' | 'personId', ref: string) => MentionTarget | undefined,
): RenderedMarkdown {
  const mentionUuids: string[] = [];
  const mentionedGroups: string[] = [];
  let text = '';
  let html = '';
  let last = 0;
  for (const match of markdown.matchAll(MENTION_RE)) {
    const before = markdown.slice(last, match.index);
    text += stripMarkdown(before);
    html += inlineMarkdown(escapeHtml(before));
    last = (match.index ?? 0) + match[0].length;
    if (match[0] === '<@all>') {
      if (!mentionedGroups.includes('all')) mentionedGroups.push('all');
      text += 'All';
      html += ALL_MENTION_HTML;
      continue;
    }
    const target = resolve(match[1] as 'personEmail' | 'personId', match[2].trim());
    const name = match[3]?.trim() || target?.displayName || match[2].trim();
    text += name;
    if (target) {
      if (!mentionUuids.includes(target.uuid)) mentionUuids.push(target.uuid);
      html += personMentionHtml(target.id, name);
    } else {
      html += escapeHtml(name);
    }
  }
  const tail = markdown.slice(last);
  text += stripMarkdown(tail);
  html += inlineMarkdown(escapeHtml(tail));
  html = `<p>${html.replace(/\r?\n/g, '<br/>')}</p>`;
  return { text, html, mentionUuids, mentionedGroups };
}

/**
 * What a person's client produces when they mention people in front of their
 * text: the text starts with each mentioned person's first name, the html
 * carries one spark-mention span per mention.
 */
export function clientMentionText(
  text: string,
  mentioned: { id: string; firstName: string }[],
): { text: string; html: string } {
  const names = mentioned.map((m) => m.firstName).join(' ');
  const spans = mentioned.map((m) => personMentionHtml(m.id, m.firstName)).join(' ');
  if (text === '') return { text: names, html: `<p>${spans}</p>` };
  return { text: `${names} ${text}`, html: `<p>${spans} ${escapeHtml(text)}</p>` };
}
