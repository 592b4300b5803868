import { fillMessage, pickEntry, pickRating, renderMenu } from './menus';

const queues = [
  { number: 1, title: 'Vendas' },
  { number: 2, title: 'Suporte técnico' },
  { number: 3, title: 'Financeiro' },
];

describe('chatbot menus', () => {
  it('renders a numbered menu under its greeting, with a footer', () => {
    expect(renderMenu(queues, 'Olá!', ['*#* - Menu principal'])).toBe('Olá!\n\n*1* - Vendas\n*2* - Suporte técnico\n*3* - Financeiro\n\n*#* - Menu principal');
    expect(renderMenu(queues.slice(0, 1), null)).toBe('*1* - Vendas');
  });

  it('picks by number in the usual ways people type it', () => {
    for (const answer of ['2', ' 2 ', '2.', '*2*', '2)', '2 -']) expect(pickEntry(answer, queues)?.title).toBe('Suporte técnico');
    expect(pickEntry('4', queues)).toBeNull();
    expect(pickEntry('22', queues)).toBeNull();
  });

  it('picks by name, ignoring case and accents, or by the start of exactly one name', () => {
    expect(pickEntry('suporte tecnico', queues)?.number).toBe(2);
    expect(pickEntry('FINANCEIRO!', queues)?.number).toBe(3);
    expect(pickEntry('fin', queues)?.number).toBe(3);
    expect(pickEntry('fi', queues)).toBeNull();
    expect(pickEntry('quero comprar', queues)).toBeNull();
    expect(pickEntry('', queues)).toBeNull();
  });

  it('reads a rating of 1 to 3 and nothing else', () => {
    expect(pickRating('3')).toBe(3);
    expect(pickRating(' 1 - ruim')).toBe(1);
    expect(pickRating('*2*')).toBe(2);
    expect(pickRating('4')).toBeNull();
    expect(pickRating('10')).toBeNull();
    expect(pickRating('obrigado')).toBeNull();
  });

  it('fills the contact name and the time-of-day greeting', () => {
    expect(fillMessage('{{ms}}, {{name}}! {nome}', { name: 'Ana', hour: 9 })).toBe('Bom dia, Ana! Ana');
    expect(fillMessage('{{ms}}', { name: 'x', hour: 20 })).toBe('Boa noite');
  });
});
