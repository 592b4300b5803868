import { sanitizeTaskHtml, TASK_HTML_TAGS } from './task-html';

/**
 * Hostile descriptions, in the style of the OWASP XSS filter-evasion cheat sheet. Whatever goes in, what comes out
 * holds only the editor's tags, links only with an http(s)/mailto href, no other attribute, and nothing that a
 * browser would run; sanitising the output again changes nothing (no mutation on a second pass).
 */
const HOSTILE: string[] = [
  '<script>window.__xss=1</script>',
  '<SCRIPT SRC=https://evil.test/xss.js></SCRIPT>',
  '<scr<script>ipt>window.__xss=1</scr</script>ipt>',
  '<<script>script>window.__xss=1<</script>/script>',
  '<script/xss src="https://evil.test/x.js"></script>',
  '<img src=x onerror=window.__xss=1>',
  '<IMG SRC="javascript:window.__xss=1">',
  '<img src=`javascript:alert(1)`>',
  '<img """><script>window.__xss=1</script>">',
  '<svg onload=window.__xss=1>',
  '<svg><script>window.__xss=1</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">x</text></a></svg>',
  '<a href="javascript:window.__xss=1">click</a>',
  '<a href="JaVaScRiPt:window.__xss=1">click</a>',
  '<a href="jav&#x09;ascript:window.__xss=1">tab</a>',
  '<a href="jav\tascript:window.__xss=1">raw tab</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">decimal entities</a>',
  '<a href="&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A;alert(1)">hex entities no semicolon</a>',
  '<a href=" &#14;  javascript:alert(1)">leading junk</a>',
  '<a href="vbscript:msgbox(1)">vb</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data</a>',
  '<a href="//evil.test/">protocol relative</a>',
  '<a href="https://ok.test" onmouseover="window.__xss=1" style="position:fixed">styled</a>',
  '<iframe src="javascript:window.__xss=1"></iframe>',
  '<iframe srcdoc="<script>window.__xss=1</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<math><mtext><table><mglyph><style><img src=x onerror=window.__xss=1></style></mglyph></table></mtext></math>',
  '<math><mi xlink:href="javascript:alert(1)">m</mi></math>',
  '<form><math><mtext></form><form><mglyph><style></math><img src onerror=window.__xss=1>',
  '<noscript><p title="</noscript><img src=x onerror=window.__xss=1>">',
  '<style>@import "https://evil.test/x.css";</style><p>styled</p>',
  '<p style="background:url(javascript:alert(1))">bg</p>',
  '<div onclick="window.__xss=1">div</div>',
  '<body onload=window.__xss=1>',
  '<input autofocus onfocus=window.__xss=1>',
  '<details open ontoggle=window.__xss=1>',
  '<video><source onerror="window.__xss=1"></video>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<link rel="stylesheet" href="javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<!--<img src=x onerror=window.__xss=1>-->',
  '<!--[if gte IE 4]><script>alert(1)</script><![endif]-->',
  '<![CDATA[<script>alert(1)</script>]]>',
  '<p>unclosed <strong>bold <em>nested <a href="https://ok.test">link',
  '<p <img src=x onerror=alert(1)>>',
  '<table background="javascript:alert(1)"><tr><td>cell</td></tr></table>',
  '<template><script>window.__xss=1</script></template>',
  '<textarea></textarea><script>window.__xss=1</script>',
  '<title></title><img src=x onerror=window.__xss=1>',
  '<xmp><img src=x onerror=window.__xss=1></xmp>',
  '<a href="https://ok.test" target="_top" rel="opener">target</a>',
  '"><script>window.__xss=1</script>',
  "'';!--\"<XSS>=&{()}",
  '<p>&lt;script&gt;window.__xss=1&lt;/script&gt;</p>',
];

const ALLOWED = new Set<string>(TASK_HTML_TAGS);

/** Every tag of `html` is allowed, carries only allowed attributes, and links point somewhere harmless. */
function assertHarmless(html: string): void {
  const lower = html.toLowerCase();
  for (const bad of ['<script', '<img', '<svg', '<math', '<iframe', '<object', '<embed', '<style', '<!--', '<![cdata', 'javascript:', 'vbscript:', 'data:']) {
    // Text may mention them escaped ('&lt;script'); never as markup or inside an attribute.
    if (bad.startsWith('<')) expect(lower).not.toContain(bad);
  }
  for (const m of html.matchAll(/<\/?([a-zA-Z0-9]+)([^>]*)>/g)) {
    const [, tag, rest] = m;
    expect(ALLOWED.has(tag)).toBe(true);
    const attrs = [...rest.replace(/\s*\/$/, '').matchAll(/\s([^\s=]+)(?:="([^"]*)")?/g)].map(([, name, value]) => [name, value ?? ''] as const);
    for (const [name, value] of attrs) {
      expect(tag).toBe('a');
      expect(['href', 'target', 'rel']).toContain(name);
      if (name === 'href') expect(value).toMatch(/^(https?:\/\/|mailto:)/i);
      if (name === 'target') expect(value).toBe('_blank');
      if (name === 'rel') expect(value).toBe('noopener noreferrer nofollow');
    }
  }
  // A '<' in the output always starts one of the tags checked above.
  expect(html.replace(/<\/?[a-zA-Z0-9]+[^>]*>/g, '')).not.toMatch(/[<>]/);
  expect(lower).not.toMatch(/\son[a-z]+\s*=/);
}

describe('sanitizeTaskHtml', () => {
  it('has a long hostile list', () => {
    expect(HOSTILE.length).toBeGreaterThanOrEqual(25);
  });

  it.each(HOSTILE)('leaves nothing script-capable in %s', (payload) => {
    const out = sanitizeTaskHtml(payload);
    assertHarmless(out);
    expect(out).not.toMatch(/<a\b[^>]*href="(?!https?:|mailto:)/i);
    // Stable: a second pass (as on an edit that keeps the description) changes nothing.
    expect(sanitizeTaskHtml(out)).toBe(out);
  });

  it('keeps what the editor produces', () => {
    const html =
      '<h2>Plano</h2><p>Ligar para <strong>Ana</strong>, <em>hoje</em>, <u>sem falta</u>, <s>ontem</s><br>fim</p>' +
      '<ul><li><p>um</p></li></ul><ol><li><p>dois</p></li></ol><blockquote><p>citação</p></blockquote>' +
      '<pre><code>npm test</code></pre><p><code>x</code> <a href="https://atende.test/a?b=1&amp;c=2">site</a> <a href="mailto:a@b.test">mail</a></p>';
    expect(sanitizeTaskHtml(html)).toBe(
      html
        .replace('<br>', '<br />')
        .replace(
          '<a href="https://atende.test/a?b=1&amp;c=2">',
          '<a href="https://atende.test/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer nofollow">',
        )
        .replace('<a href="mailto:a@b.test">', '<a href="mailto:a@b.test" target="_blank" rel="noopener noreferrer nofollow">'),
    );
  });

  it('renames legacy tags, keeps the text of unknown ones and of dropped links', () => {
    expect(sanitizeTaskHtml('<b>a</b><i>b</i><strike>c</strike><div>d</div><span>e</span>')).toBe('<strong>a</strong><em>b</em><s>c</s>de');
    expect(sanitizeTaskHtml('<p><a href="javascript:alert(1)">texto</a></p>')).toBe('<p>texto</p>');
    expect(sanitizeTaskHtml('<p onclick="x" class="c" style="color:red" id="i">p</p>')).toBe('<p>p</p>');
  });

  it('turns an empty description into an empty string', () => {
    for (const empty of ['', '   ', '<p></p>', '<p> </p><p><br></p>', '<script>alert(1)</script>', '<p>&nbsp;</p>']) {
      expect(sanitizeTaskHtml(empty)).toBe('');
    }
  });

  it("drops empty paragraphs at either end (the editor's trailing line), not inside", () => {
    expect(sanitizeTaskHtml('<p></p><p>a</p><p></p><p>b</p><ul><li><p>c</p></li></ul><p></p><p><br></p>')).toBe(
      '<p>a</p><p></p><p>b</p><ul><li><p>c</p></li></ul>',
    );
  });

  it('escapes text', () => {
    expect(sanitizeTaskHtml('<p>1 < 2 & "3" > 0</p>')).toBe('<p>1 &lt; 2 &amp; "3" &gt; 0</p>');
  });
});
