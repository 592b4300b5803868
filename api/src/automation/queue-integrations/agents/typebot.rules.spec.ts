import { choicesOf, isKeyword, mapAnswer, markdownToWhatsapp, numbered, richTextToWhatsapp, sessionExpired, textOf } from './typebot.rules';

describe('typebot.rules', () => {
  it("writes Typebot's rich text as WhatsApp's marks, around the words and not the spaces", () => {
    expect(richTextToWhatsapp([{ type: 'p', children: [{ text: 'Olá, ' }, { text: 'bem-vindo', bold: true }, { text: '!' }] }])).toBe('Olá, *bem-vindo*!');
    expect(richTextToWhatsapp([{ type: 'p', children: [{ text: 'Veja ' }, { text: 'isto', italic: true }] }])).toBe('Veja _isto_');
    expect(richTextToWhatsapp([{ type: 'p', children: [{ text: ' caro ', bold: true, strikethrough: true }] }])).toBe('~*caro*~');
    expect(richTextToWhatsapp([{ type: 'p', children: [{ text: '   ', bold: true }] }])).toBe('');
  });

  it('spells links out, one paragraph a line, and lists with bullets or numbers', () => {
    expect(richTextToWhatsapp([{ type: 'p', children: [{ type: 'a', url: 'https://x.io', children: [{ text: 'site' }] }] }])).toBe('site (https://x.io)');
    expect(richTextToWhatsapp([{ type: 'p', children: [{ type: 'a', url: 'https://x.io', children: [{ text: 'https://x.io' }] }] }])).toBe('https://x.io');
    expect(richTextToWhatsapp([{ type: 'p', children: [{ type: 'a', url: 'https://x.io', children: [] }] }])).toBe('https://x.io');
    expect(
      richTextToWhatsapp([
        { type: 'p', children: [{ text: 'Um' }] },
        {
          type: 'ul',
          children: [
            { type: 'li', children: [{ text: 'a' }] },
            { type: 'li', children: [{ text: 'b' }] },
          ],
        },
        {
          type: 'ol',
          children: [
            { type: 'li', children: [{ text: 'c' }] },
            { type: 'li', children: [{ text: 'd' }] },
          ],
        },
      ]),
    ).toBe('Um\n• a\n• b\n1. c\n2. d');
  });

  it("turns markdown bubbles into WhatsApp's marks", () => {
    expect(markdownToWhatsapp('**negrito** __itálico__ ~~riscado~~ [site](https://x.io) [https://x.io](https://x.io) ')).toBe(
      '*negrito* _itálico_ ~riscado~ site (https://x.io) https://x.io',
    );
  });

  it('reads a text bubble from rich text, markdown, plain text or HTML; other bubbles are not text', () => {
    expect(textOf({ type: 'text', content: { richText: [{ type: 'p', children: [{ text: 'a', bold: true }] }], plainText: 'x' } })).toBe('*a*');
    expect(textOf({ type: 'text', content: { markdown: '**b**' } })).toBe('*b*');
    expect(textOf({ type: 'text', content: { plainText: 'c' } })).toBe('c');
    expect(textOf({ type: 'text', content: { html: '<p>d <b>e</b></p> ' } })).toBe('d e');
    expect(textOf({ type: 'text' })).toBe('');
    expect(textOf({ type: 'image', content: { url: 'https://x.io/a.png' } })).toBeNull();
  });

  it('offers the choices of a choice input numbered, and maps a numbered answer to its choice', () => {
    const choices = choicesOf({ type: 'choice input', items: [{ content: 'Vendas' }, { title: ' Suporte ' }, { content: '' }] });
    expect(choices).toEqual(['Vendas', 'Suporte']);
    expect(choicesOf({ type: 'buttons', items: [] })).toBeNull();
    expect(choicesOf({ type: 'text input' })).toBeNull();
    expect(choicesOf(null)).toBeNull();
    expect(numbered(['Vendas', 'Suporte'])).toBe('1 - Vendas\n2 - Suporte');
    expect(mapAnswer('2', choices)).toBe('Suporte');
    expect(mapAnswer(' 1) ', choices)).toBe('Vendas');
    expect(mapAnswer('3', choices)).toBe('3');
    expect(mapAnswer('0', choices)).toBe('0');
    expect(mapAnswer('quero 2', choices)).toBe('quero 2');
    expect(mapAnswer('2', null)).toBe('2');
  });

  it('knows the keywords whatever the case and spaces, and no keyword when none is set', () => {
    expect(isKeyword(' #REINICIAR ', '#reiniciar')).toBe(true);
    expect(isKeyword('#sair', ' #Sair')).toBe(true);
    expect(isKeyword('#sair agora', '#sair')).toBe(false);
    expect(isKeyword('', null)).toBe(false);
    expect(isKeyword('', '')).toBe(false);
  });

  it('expires a session silent for more than its minutes; 0 never', () => {
    const now = new Date('2026-11-29T12:00:00Z');
    expect(sessionExpired(new Date(now.getTime() - 61_000), 1, now)).toBe(true);
    expect(sessionExpired(new Date(now.getTime() - 60_000), 1, now)).toBe(false);
    expect(sessionExpired(new Date(0), 0, now)).toBe(false);
  });
});
