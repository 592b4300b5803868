import sanitizeHtml from 'sanitize-html';

/**
 * The one gate for a task's rich-text description: every write goes through it, and what it returns is what is
 * stored and served. It keeps exactly what the to-do editor (Tiptap's starter kit, as the ui-kit configures it)
 * produces and drops the rest:
 * - tags: p, br, strong, em, u, s, a, ul, ol, li, blockquote, code, pre, h1, h2, h3 (b, i, strike, del are renamed);
 * - attributes: only `href` on links, with an http, https or mailto URL (no protocol-relative, javascript:, data:,
 *   vbscript: or anything else); every kept link gets `target="_blank"` and `rel="noopener noreferrer nofollow"`;
 * - no other attribute anywhere (no style, class, id, event handler);
 * - script, style, iframe, object, embed, svg, math, template, noscript, textarea, select and friends go with their
 *   content; any other unknown tag goes but keeps its text (escaped);
 * - comments, CDATA and processing instructions go.
 * Output is re-serialised with text escaped, so nothing in it can start a script when put into innerHTML.
 * Empty paragraphs at the start and end are dropped; a description with no visible text left (e.g. `<p></p>`) becomes ''.
 */
export const TASK_HTML_TAGS = ['p', 'br', 'strong', 'em', 'u', 's', 'a', 'ul', 'ol', 'li', 'blockquote', 'code', 'pre', 'h1', 'h2', 'h3'] as const;

/** Tags dropped together with everything inside them. */
const DROP_WITH_CONTENT = [
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'svg',
  'math',
  'template',
  'noscript',
  'noembed',
  'noframes',
  'textarea',
  'select',
  'option',
  'xmp',
  'title',
  'head',
  'plaintext',
];

const LINK_REL = 'noopener noreferrer nofollow';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...TASK_HTML_TAGS],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  allowedStyles: {},
  allowedClasses: {},
  allowVulnerableTags: false,
  disallowedTagsMode: 'discard',
  nonTextTags: DROP_WITH_CONTENT,
  enforceHtmlBoundary: false,
  parser: { lowerCaseTags: true, lowerCaseAttributeNames: true, decodeEntities: true },
  transformTags: {
    b: 'strong',
    i: 'em',
    strike: 's',
    del: 's',
    a: (tagName, attribs): sanitizeHtml.Tag => ({ tagName, attribs: attribs.href ? { href: attribs.href, target: '_blank', rel: LINK_REL } : {} }),
  },
};

/** A link whose href did not survive is unwrapped (its text stays). */
const unwrapBareLinks = (html: string) => html.replace(/<a(?: target="_blank" rel="noopener noreferrer nofollow")?>([\s\S]*?)<\/a>/g, '$1');

/** Empty paragraphs at either end (an editor's trailing line) carry nothing. */
const EDGE_EMPTY_PARAGRAPHS = /^(?:<p>(?:\s|&nbsp;|<br \/>)*<\/p>)+|(?:<p>(?:\s|&nbsp;|<br \/>)*<\/p>)+$/g;

export function sanitizeTaskHtml(input: string): string {
  const html = unwrapBareLinks(sanitizeHtml(input, OPTIONS)).trim().replace(EDGE_EMPTY_PARAGRAPHS, '');
  const visible = html.replace(/<[^>]*>/g, '').replace(/&nbsp;|\s/g, '');
  return visible ? html : '';
}
