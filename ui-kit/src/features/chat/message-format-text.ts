/**
 * WhatsApp's text formatting, parsed to a tree the UI renders as React nodes (never as HTML): `*bold*`, `_italic_`,
 * `~strike~`, ```` ```monospace``` ```` and `` `inline code` ``, plus links (http, https, www.) and e-mail addresses.
 *
 * WhatsApp's rules, which this follows: a marker opens only at the start of the text or after a character that is
 * not a letter or digit, and only before a non-space; it closes only after a non-space and before the end or a
 * character that is not a letter or digit (so `2*3*4` and `snake_case_name` stay as written); bold, italic and
 * strike do not cross a line break; an unmatched marker is plain text; styles nest (`*bold _and italic_*`); the
 * content of monospace and code is literal. Markers inside a link belong to the link.
 */

export type FormatNode =
  | { type: 'text'; text: string }
  | { type: 'bold' | 'italic' | 'strike'; children: FormatNode[] }
  | { type: 'mono' | 'code'; text: string }
  | { type: 'link'; href: string; text: string };

const STYLE = { '*': 'bold', _: 'italic', '~': 'strike' } as const;
type StyleMarker = keyof typeof STYLE;

const WORD = /[\p{L}\p{N}]/u;
const isWord = (char: string | undefined) => char !== undefined && WORD.test(char);
const isSpace = (char: string | undefined) => char !== undefined && /\s/.test(char);

// A link: a scheme or www., then anything up to a space or an angle bracket / quote; trailing punctuation is trimmed.
const URL_RE = /\b(?:https?:\/\/|www\.)[^\s<>"'`]+/giu;
const EMAIL_RE = /\b[\w.+-]+@[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}\b/giu;
const TRAILING = /[.,;:!?*_~'"]$/;

/** The end of a link found at `start..end`: trailing punctuation (and a `)` with no `(` in the link) is not part of it. */
function trimLinkEnd(text: string, start: number, end: number): number {
  for (;;) {
    const last = text[end - 1];
    if (TRAILING.test(last)) end--;
    else if (last === ')' && (text.slice(start, end).match(/\(/g)?.length ?? 0) < (text.slice(start, end).match(/\)/g)?.length ?? 0)) end--;
    else return end;
  }
}

interface Link {
  start: number;
  end: number;
  href: string;
}

function findLinks(text: string): Link[] {
  const links: Link[] = [];
  for (const match of text.matchAll(URL_RE)) {
    const start = match.index;
    const end = trimLinkEnd(text, start, start + match[0].length);
    const raw = text.slice(start, end);
    if (!/^(?:https?:\/\/|www\.)[^./]/i.test(raw)) continue;
    links.push({ start, end, href: /^www\./i.test(raw) ? `https://${raw}` : raw });
  }
  for (const match of text.matchAll(EMAIL_RE)) {
    const start = match.index;
    const end = start + match[0].length;
    if (links.some((l) => start < l.end && end > l.start)) continue;
    links.push({ start, end, href: `mailto:${match[0]}` });
  }
  return links.sort((a, b) => a.start - b.start);
}

/** Parses WhatsApp-formatted text into nodes. */
export function parseWhatsAppText(text: string): FormatNode[] {
  const links = findLinks(text);
  const linkAt = new Map(links.map((l) => [l.start, l]));
  const inLink = (i: number) => links.some((l) => i >= l.start && i < l.end);

  // Closing positions per marker, found once (their conditions do not depend on the opener).
  const closers: Record<string, number[]> = { '*': [], _: [], '~': [], '`': [] };
  for (let i = 1; i < text.length; i++) {
    const char = text[i];
    if (char in closers && !isSpace(text[i - 1]) && !isWord(text[i + 1]) && !inLink(i)) closers[char].push(i);
  }
  const nextCloser = (marker: string, after: number, before: number): number | undefined => {
    const list = closers[marker];
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (list[mid] <= after) lo = mid + 1;
      else hi = mid;
    }
    const found = list[lo];
    return found !== undefined && found < before ? found : undefined;
  };
  const newlineBetween = (from: number, to: number) => text.slice(from, to).includes('\n');

  function parse(from: number, to: number): FormatNode[] {
    const nodes: FormatNode[] = [];
    let plain = '';
    const flush = () => {
      if (plain) nodes.push({ type: 'text', text: plain });
      plain = '';
    };
    let i = from;
    while (i < to) {
      const link = linkAt.get(i);
      if (link && link.end <= to) {
        flush();
        nodes.push({ type: 'link', href: link.href, text: text.slice(link.start, link.end) });
        i = link.end;
        continue;
      }
      const char = text[i];
      const canOpen = !isWord(text[i - 1]) && !inLink(i);
      if (canOpen && text.startsWith('```', i)) {
        const close = text.indexOf('```', i + 3);
        if (close > i + 3 && close + 3 <= to) {
          flush();
          nodes.push({ type: 'mono', text: text.slice(i + 3, close) });
          i = close + 3;
          continue;
        }
      }
      if (canOpen && (char in STYLE || char === '`') && i + 1 < to && !isSpace(text[i + 1]) && text[i + 1] !== char) {
        const close = nextCloser(char, i + 1, to);
        if (close !== undefined && !newlineBetween(i, close)) {
          flush();
          if (char === '`') nodes.push({ type: 'code', text: text.slice(i + 1, close) });
          else nodes.push({ type: STYLE[char as StyleMarker], children: parse(i + 1, close) });
          i = close + 1;
          continue;
        }
      }
      plain += char;
      i++;
    }
    flush();
    return nodes;
  }
  return parse(0, text.length);
}

/** The text without its formatting markers (list previews, notifications): `*1* - Suporte` → `1 - Suporte`. */
export function plainWhatsAppText(text: string): string {
  const walk = (nodes: FormatNode[]): string => nodes.map((node) => ('children' in node ? walk(node.children) : node.text)).join('');
  return walk(parseWhatsAppText(text));
}

/** The media kinds a stored preview names in brackets (`[audio]`, the API's text for a message without a caption). */
export const MEDIA_PREVIEW_KINDS = ['image', 'video', 'audio', 'application', 'document', 'sticker', 'location', 'contact'] as const;
export type MediaPreviewKind = (typeof MEDIA_PREVIEW_KINDS)[number];

/** The kind of a bracketed media preview (`[audio]`, `[locationMessage]`, `[vcard]`...), or null for other text. */
export function mediaPreviewKind(preview: string): MediaPreviewKind | null {
  const match = /^\[(\w+)\]$/.exec(preview.trim());
  if (!match) return null;
  const type = match[1];
  if (type === 'locationMessage' || type === 'liveLocationMessage') return 'location';
  if (type === 'contactMessage' || type === 'contactsArrayMessage' || type === 'vcard') return 'contact';
  if (type === 'ptt' || type === 'voice') return 'audio';
  if (type === 'documentMessage' || type === 'file') return 'document';
  return (MEDIA_PREVIEW_KINDS as readonly string[]).includes(type) ? (type as MediaPreviewKind) : null;
}
