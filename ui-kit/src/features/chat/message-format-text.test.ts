import { describe, expect, it } from 'vitest';
import { mediaPreviewKind, parseWhatsAppText, plainWhatsAppText, type FormatNode } from './message-format-text';

/** A compact notation of the tree: *b*, _i_, ~s~, `c`, ```m```, [link](href). */
function show(nodes: FormatNode[]): string {
  return nodes
    .map((n) => {
      switch (n.type) {
        case 'text':
          return n.text;
        case 'bold':
          return `<b>${show(n.children)}</b>`;
        case 'italic':
          return `<i>${show(n.children)}</i>`;
        case 'strike':
          return `<s>${show(n.children)}</s>`;
        case 'mono':
          return `<pre>${n.text}</pre>`;
        case 'code':
          return `<code>${n.text}</code>`;
        case 'link':
          return `<a ${n.href}>${n.text}</a>`;
      }
    })
    .join('');
}
const fmt = (text: string) => show(parseWhatsAppText(text));

describe('parseWhatsAppText', () => {
  it('formats the four WhatsApp styles and inline code', () => {
    expect(fmt('*bold* _italic_ ~strike~ ```mono``` `code`')).toBe('<b>bold</b> <i>italic</i> <s>strike</s> <pre>mono</pre> <code>code</code>');
  });

  it("formats a bot menu's numbers", () => {
    expect(fmt('*1* - Suporte\n*2* - Vendas')).toBe('<b>1</b> - Suporte\n<b>2</b> - Vendas');
  });

  it('nests styles', () => {
    expect(fmt('*negrito _e itálico_ e ~riscado~*')).toBe('<b>negrito <i>e itálico</i> e <s>riscado</s></b>');
    expect(fmt('_*ambos*_')).toBe('<i><b>ambos</b></i>');
  });

  it('leaves unmatched and empty markers as written', () => {
    expect(fmt('*sem fim')).toBe('*sem fim');
    expect(fmt('fim*')).toBe('fim*');
    expect(fmt('** e __')).toBe('** e __');
    expect(fmt('*a _b* c_')).toBe('<b>a _b</b> c_');
  });

  it('does not format markers inside words or next to spaces (WhatsApp rules)', () => {
    expect(fmt('2*3*4')).toBe('2*3*4');
    expect(fmt('snake_case_name')).toBe('snake_case_name');
    expect(fmt('a *b*c')).toBe('a *b*c');
    expect(fmt('* not bold *')).toBe('* not bold *');
    expect(fmt('*not bold *')).toBe('*not bold *');
    expect(fmt('(*sim*).')).toBe('(<b>sim</b>).');
  });

  it('does not cross a line break with bold, italic or strike, but monospace may', () => {
    expect(fmt('*linha\noutra*')).toBe('*linha\noutra*');
    expect(fmt('```a\n*b*```')).toBe('<pre>a\n*b*</pre>');
  });

  it('keeps code literal', () => {
    expect(fmt('`*x*`')).toBe('<code>*x*</code>');
  });

  it('makes links of URLs, leaving out trailing punctuation and keeping balanced parentheses', () => {
    expect(fmt('Veja https://ex.com/a?b=1.')).toBe('Veja <a https://ex.com/a?b=1>https://ex.com/a?b=1</a>.');
    expect(fmt('(https://ex.com/x)')).toBe('(<a https://ex.com/x>https://ex.com/x</a>)');
    expect(fmt('https://pt.wikipedia.org/wiki/Java_(linguagem)!')).toBe(
      '<a https://pt.wikipedia.org/wiki/Java_(linguagem)>https://pt.wikipedia.org/wiki/Java_(linguagem)</a>!',
    );
    expect(fmt('www.ex.com, ok')).toBe('<a https://www.ex.com>www.ex.com</a>, ok');
    expect(fmt('mail ana@ex.com.br')).toBe('mail <a mailto:ana@ex.com.br>ana@ex.com.br</a>');
  });

  it('keeps markers inside a link part of the link, and formats around it', () => {
    expect(fmt('https://ex.com/a_b_c')).toBe('<a https://ex.com/a_b_c>https://ex.com/a_b_c</a>');
    expect(fmt('*https://ex.com*')).toBe('<b><a https://ex.com>https://ex.com</a></b>');
  });

  it('makes no link of other schemes', () => {
    expect(fmt('javascript:alert(1)')).toBe('javascript:alert(1)');
    expect(parseWhatsAppText('<img src=x onerror=alert(1)>')).toEqual([{ type: 'text', text: '<img src=x onerror=alert(1)>' }]);
  });

  it('stays linear on long runs of markers', () => {
    const text = '*a '.repeat(20000);
    const started = performance.now();
    expect(fmt(text)).toBe(text);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('plainWhatsAppText', () => {
  it('strips the markers for a preview', () => {
    expect(plainWhatsAppText('*1* - Suporte _já_ ~não~ ```x```')).toBe('1 - Suporte já não x');
    expect(plainWhatsAppText('2*3*4')).toBe('2*3*4');
  });
});

describe('mediaPreviewKind', () => {
  it('names the bracketed media previews the API stores', () => {
    expect(mediaPreviewKind('[audio]')).toBe('audio');
    expect(mediaPreviewKind('[application]')).toBe('application');
    expect(mediaPreviewKind('[locationMessage]')).toBe('location');
    expect(mediaPreviewKind('[vcard]')).toBe('contact');
    expect(mediaPreviewKind('[nada]')).toBeNull();
    expect(mediaPreviewKind('Oi [audio]')).toBeNull();
  });
});
