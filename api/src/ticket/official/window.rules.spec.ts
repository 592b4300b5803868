import { planOutbound, renderTemplate, WINDOW_MS, windowOf } from './window.rules';

describe('windowOf', () => {
  const now = new Date('2027-01-07T12:00:00Z');

  it('is closed with no date when the customer never wrote', () => {
    expect(windowOf(null, now)).toEqual({ open: false, expiresAt: null, lastInboundAt: null });
  });

  it('is open for 24 hours after the last inbound message, and expires then', () => {
    const last = new Date(now.getTime() - 60_000);
    expect(windowOf(last, now)).toEqual({ open: true, expiresAt: new Date(last.getTime() + WINDOW_MS), lastInboundAt: last });
    expect(windowOf(new Date(now.getTime() - WINDOW_MS + 1), now).open).toBe(true);
    expect(windowOf(new Date(now.getTime() - WINDOW_MS), now).open).toBe(false);
    expect(windowOf(new Date(now.getTime() - 2 * WINDOW_MS), now)).toMatchObject({ open: false, expiresAt: new Date(now.getTime() - WINDOW_MS) });
  });
});

describe('planOutbound', () => {
  const choice = { name: 'boas_vindas', language: 'pt_BR', params: ['{{name}}'] };

  it('sends as written on a QR-code connection, open or not, with or without a purpose', () => {
    expect(planOutbound({ official: false, window: { open: false } })).toEqual({ kind: 'as-written' });
    expect(planOutbound({ official: false, window: { open: false }, purpose: 'greeting', choices: { greeting: choice } })).toEqual({ kind: 'as-written' });
  });

  it('sends as written inside the window, even when a template is chosen', () => {
    expect(planOutbound({ official: true, window: { open: true }, purpose: 'greeting', choices: { greeting: choice } })).toEqual({ kind: 'as-written' });
    expect(planOutbound({ official: true, window: { open: true } })).toEqual({ kind: 'as-written' });
  });

  it('refuses free text outside the window', () => {
    expect(planOutbound({ official: true, window: { open: false }, choices: { greeting: choice } })).toEqual({ kind: 'refused', code: 'ERR_WINDOW_CLOSED' });
  });

  it("switches an automatic message to its purpose's template outside the window, or refuses naming the purpose", () => {
    expect(planOutbound({ official: true, window: { open: false }, purpose: 'greeting', choices: { greeting: choice } })).toEqual({
      kind: 'template',
      purpose: 'greeting',
      choice,
    });
    expect(planOutbound({ official: true, window: { open: false }, purpose: 'farewell', choices: { greeting: choice } })).toEqual({
      kind: 'refused',
      code: 'ERR_NO_TEMPLATE_CHOSEN',
      purpose: 'farewell',
    });
    expect(planOutbound({ official: true, window: { open: false }, purpose: 'campaign', choices: null })).toMatchObject({ code: 'ERR_NO_TEMPLATE_CHOSEN' });
    expect(planOutbound({ official: true, window: { open: false }, purpose: 'rating', choices: { rating: null } })).toMatchObject({
      code: 'ERR_NO_TEMPLATE_CHOSEN',
    });
  });
});

describe('renderTemplate', () => {
  it('fills numbered variables by position and leaves missing ones as written', () => {
    expect(renderTemplate('Olá {{1}}, seu atendimento {{2}} foi encerrado.', ['Ana', '20270107-4'])).toBe('Olá Ana, seu atendimento 20270107-4 foi encerrado.');
    expect(renderTemplate('Olá {{1}}, {{2}}', ['Ana'])).toBe('Olá Ana, {{2}}');
    expect(renderTemplate('{{2}} e {{1}}', ['a', 'b'])).toBe('b e a');
  });

  it('fills named variables in the order they first appear', () => {
    expect(renderTemplate('Pedido {{order}} de {{ name }}: {{order}}', ['42', 'Ana'])).toBe('Pedido 42 de Ana: 42');
  });
});
