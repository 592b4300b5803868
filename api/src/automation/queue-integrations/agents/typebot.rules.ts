/**
 * The typebot agent's decisions, as pure functions of plain values (the moment is passed in): Typebot's bubbles as
 * WhatsApp text, choices offered and answered by number, the keywords and the session's expiry. TypebotAgent calls
 * them; typebot.rules.spec.ts tests them in milliseconds.
 */

/** Typebot chat API shapes (v1: startChat / continueChat), as far as the agent reads them. */
export interface TypebotMessage {
  id?: string;
  type: string;
  content?: {
    type?: string;
    richText?: RichNode[];
    markdown?: string;
    html?: string;
    plainText?: string;
    url?: string;
  };
}

export interface TypebotInput {
  type: string;
  items?: { id?: string; content?: string; title?: string }[];
}

export interface TypebotAnswer {
  sessionId?: string;
  messages?: TypebotMessage[];
  input?: TypebotInput | null;
}

export interface RichNode {
  type?: string;
  text?: string;
  bold?: boolean;
  italic?: boolean;
  strikethrough?: boolean;
  url?: string;
  children?: RichNode[];
}

const wrap = (text: string, mark: string) => {
  // Marks go around the words, not the spaces around them (WhatsApp needs `*word*`, not `* word *`).
  const m = /^(\s*)(.*?)(\s*)$/s.exec(text)!;
  return m[2] ? `${m[1]}${mark}${m[2]}${mark}${m[3]}` : text;
};

function inline(node: RichNode): string {
  if (typeof node.text === 'string' && !node.children) {
    let t = node.text;
    if (node.bold) t = wrap(t, '*');
    if (node.italic) t = wrap(t, '_');
    if (node.strikethrough) t = wrap(t, '~');
    return t;
  }
  const inner = (node.children ?? []).map(inline).join('');
  if (node.type === 'a' && node.url && inner.trim() !== node.url) return inner.trim() ? `${inner} (${node.url})` : node.url;
  return inner;
}

function block(node: RichNode, index: number, listType?: string): string {
  if (node.type === 'ul' || node.type === 'ol') return (node.children ?? []).map((c, i) => block(c, i, node.type)).join('\n');
  if (node.type === 'li' || node.type === 'lic') {
    const nested = (node.children ?? []).some((c) => c.type === 'ul' || c.type === 'ol' || c.type === 'lic');
    const text = nested ? (node.children ?? []).map((c, i) => block(c, i, listType)).join('\n') : inline(node);
    if (node.type === 'lic') return text;
    return `${listType === 'ol' ? `${index + 1}.` : '•'} ${text}`;
  }
  return inline(node);
}

/** Typebot's rich text (Slate nodes) as WhatsApp text: *bold*, _italic_, ~strike~, links spelled out, one line per paragraph. */
export function richTextToWhatsapp(nodes: RichNode[]): string {
  return nodes
    .map((n, i) => block(n, i))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Markdown bubbles (newer Typebot): `**bold**` and `__x__` become WhatsApp's marks. */
export function markdownToWhatsapp(md: string): string {
  return md
    .replace(/\*\*(.+?)\*\*/g, '*$1*')
    .replace(/__(.+?)__/g, '_$1_')
    .replace(/~~(.+?)~~/g, '~$1~')
    .replace(/\[([^\]]+)\]\(([^)]+)\)/g, (_m, text: string, url: string) => (text === url ? url : `${text} (${url})`))
    .trim();
}

/** A text bubble's WhatsApp text, or null for a bubble that is not text. */
export function textOf(message: TypebotMessage): string | null {
  if (message.type !== 'text') return null;
  const c = message.content ?? {};
  if (c.richText?.length) return richTextToWhatsapp(c.richText);
  if (typeof c.markdown === 'string') return markdownToWhatsapp(c.markdown);
  if (typeof c.plainText === 'string') return c.plainText;
  if (typeof c.html === 'string') return c.html.replace(/<[^>]+>/g, '').trim();
  return '';
}

/** A choice input's options (buttons or picture choice), in order; null for other inputs. */
export function choicesOf(input: TypebotInput | null | undefined): string[] | null {
  if (!input || !/choice|buttons/.test(input.type)) return null;
  const items = (input.items ?? []).map((i) => (i.content ?? i.title ?? '').trim()).filter(Boolean);
  return items.length ? items : null;
}

/** `1 - Sim\n2 - Não`: how options are offered on WhatsApp. */
export const numbered = (choices: string[]) => choices.map((c, i) => `${i + 1} - ${c}`).join('\n');

/** The option a numbered answer names ('2' → the second), or the message as typed. */
export function mapAnswer(body: string, choices: string[] | null | undefined): string {
  const m = /^\s*(\d{1,3})\s*[.)-]?\s*$/.exec(body);
  if (!m || !choices?.length) return body;
  const n = Number(m[1]);
  return n >= 1 && n <= choices.length ? choices[n - 1] : body;
}

/** Whether a message is the integration's keyword (finish, restart): the same words, case and surrounding spaces aside. */
export const isKeyword = (body: string, keyword: string | null | undefined): boolean => !!keyword && body.trim().toLowerCase() === keyword.trim().toLowerCase();

/** A session silent for more than `expiresMinutes` (0: never) starts over. */
export const sessionExpired = (lastActivityAt: Date, expiresMinutes: number, now: Date): boolean =>
  expiresMinutes > 0 && now.getTime() - lastActivityAt.getTime() > expiresMinutes * 60_000;
