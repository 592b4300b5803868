import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Schema } from '../../client';
import { LocaleContext } from '../../i18n';
import { loadLocale } from '../../i18n/translate';
import { expectNoA11yViolations } from '../../test/a11y';
import { contactDto, messageDto, ticketDto } from '../../test/data-fixtures';
import { json } from '../../test/provider-fakes';
import { renderSignedIn, type Routes } from '../../test/signed-in';
import { Composer } from './Composer/Composer';
import { MessageBubble } from './MessagesList/MessageBubble';
import { WindowBanner, WindowBannerView } from './WindowBanner/WindowBanner';
import type { MessageTemplate } from './data/official';

/** A ticket of an official API connection (the ticket's `whatsapp.type`, answered since issue 35). */
const officialTicket = (overrides: Partial<Schema<'TicketDto'>> = {}) =>
  ticketDto({
    status: 'open',
    whatsappId: 7,
    whatsapp: { id: 7, name: 'Oficial', type: 'official' },
    contact: contactDto({ name: 'Carla Souza' }),
    ...overrides,
  });

const template = (overrides: Partial<MessageTemplate> = {}): MessageTemplate => ({
  id: 1,
  whatsappId: 7,
  name: 'retomar_conversa',
  language: 'pt_BR',
  status: 'APPROVED',
  category: 'UTILITY',
  body: 'Olá {{1}}, podemos continuar seu atendimento? Responda esta mensagem.',
  header: null,
  footer: null,
  params: 1,
  syncedAt: '2026-03-14T13:00:00.000Z',
  ...overrides,
});

const inAnHour = () => new Date(Date.now() + 60 * 60 * 1000).toISOString();
const openWindow = () => ({ official: true, open: true, expiresAt: inAnHour(), lastInboundAt: new Date().toISOString() });
const closedWindow = () => ({
  official: true,
  open: false,
  expiresAt: new Date(Date.now() - 60_000).toISOString(),
  lastInboundAt: new Date(Date.now() - 25 * 3600_000).toISOString(),
});

describe('the 24-hour window banner', () => {
  it('says until when the window is open, or that only approved templates go out, in each language', async () => {
    const now = new Date(2027, 0, 7, 10, 0);
    const expiresAt = new Date(2027, 0, 7, 14, 32).toISOString();
    const { container, rerender } = render(<WindowBannerView now={now} window={{ official: true, open: true, expiresAt, lastInboundAt: null }} />);
    expect(screen.getByRole('status', { name: 'Janela de atendimento da API oficial' })).toHaveTextContent('Janela de 24 h aberta até 14:32');
    await expectNoA11yViolations(container);

    rerender(<WindowBannerView now={now} window={{ official: true, open: false, expiresAt, lastInboundAt: expiresAt }} />);
    expect(screen.getByRole('status')).toHaveTextContent('Janela de 24 h fechada: só modelos aprovados podem ser enviados');
    await expectNoA11yViolations(container);

    await loadLocale('en');
    await loadLocale('es');
    rerender(
      <LocaleContext.Provider value="en">
        <WindowBannerView now={now} window={{ official: true, open: false, expiresAt, lastInboundAt: expiresAt }} />
      </LocaleContext.Provider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('24-hour window closed: only approved templates can be sent');
    rerender(
      <LocaleContext.Provider value="es">
        <WindowBannerView now={now} window={{ official: true, open: true, expiresAt, lastInboundAt: expiresAt }} />
      </LocaleContext.Provider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Ventana de 24 h abierta hasta las 14:32');

    // A QR-code connection has no window to show.
    rerender(<WindowBannerView now={now} window={{ official: false, open: true, expiresAt: null, lastInboundAt: null }} />);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('reads the window of an official ticket and again when the customer writes, without a reload', async () => {
    let answer = closedWindow();
    const { api, emit } = renderSignedIn(<WindowBanner ticket={officialTicket()} />, { 'GET /messages/100/window': () => json(200, answer) });
    expect(await screen.findByText('Janela de 24 h fechada: só modelos aprovados podem ser enviados')).toBeInTheDocument();

    answer = openWindow();
    // Our own message and another ticket's do not reopen it; the customer's message on this ticket does.
    const event = (ticketId: number, fromMe: boolean) => {
      const ticket = officialTicket({ id: ticketId });
      return { action: 'create', message: messageDto({ id: String(ticketId) + String(fromMe), ticketId, fromMe }), ticket, contact: ticket.contact };
    };
    emit('appMessage', event(100, true));
    emit('appMessage', event(101, false));
    expect(api.calls.filter((c) => c.path === '/messages/100/window')).toHaveLength(1);
    emit('appMessage', event(100, false));
    expect(await screen.findByText(/^Janela de 24 h aberta até/)).toBeInTheDocument();
    expect(api.calls.filter((c) => c.path === '/messages/100/window')).toHaveLength(2);
  });

  it('reads it again when it closes (a timer to expiresAt)', async () => {
    let answer = { ...openWindow(), expiresAt: new Date(Date.now() + 300).toISOString() };
    renderSignedIn(<WindowBanner ticket={officialTicket()} />, { 'GET /messages/100/window': () => json(200, answer) });
    expect(await screen.findByText(/^Janela de 24 h aberta até/)).toBeInTheDocument();
    answer = closedWindow();
    expect(await screen.findByText('Janela de 24 h fechada: só modelos aprovados podem ser enviados', {}, { timeout: 3000 })).toBeInTheDocument();
  });

  it('reads nothing for a QR-code connection', async () => {
    const { api } = renderSignedIn(<WindowBanner ticket={ticketDto({ status: 'open', whatsapp: { id: 2, name: 'QR', type: 'qrcode' } })} />, {});
    await new Promise((r) => setTimeout(r, 50));
    expect(api.calls.some((c) => c.path.endsWith('/window'))).toBe(false);
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('the composer on an official connection', () => {
  const routes = (window: object, extra: Routes = {}): Routes => ({
    'GET /quick-messages/list': () => json(200, []),
    'GET /messages/100/window': () => json(200, window),
    'GET /whatsapp/7/templates': () =>
      json(200, [template(), template({ id: 2, name: 'atendimento_encerrado', params: 2, body: 'Olá {{1}}, seu atendimento {{2}} foi encerrado.' })]),
    ...extra,
  });
  const renderComposer = (api: Routes) =>
    renderSignedIn(<Composer ticket={officialTicket()} replyTo={null} editing={null} onCancelReply={vi.fn()} onCancelEdit={vi.fn()} onSent={vi.fn()} />, api);

  it('offers free text while the window is open', async () => {
    renderComposer(routes(openWindow()));
    expect(await screen.findByRole('textbox', { name: 'Mensagem' })).toBeEnabled();
    expect(screen.queryByText('Enviar um modelo')).toBeNull();
  });

  it('outside the window offers the approved templates instead of free text, the first variable filled with {{name}}, and sends one', async () => {
    const sent = messageDto({ id: '9', fromMe: true, body: 'Olá Carla Souza, podemos continuar seu atendimento? Responda esta mensagem.' });
    const { api, container } = renderComposer(routes(closedWindow(), { 'POST /messages/100/template': () => json(201, sent) }));
    expect(await screen.findByText('Enviar um modelo')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Mensagem' })).toBeNull();
    const send = await screen.findByRole('button', { name: 'Enviar modelo' });
    expect(send).toBeDisabled();

    // The picker lists the approved templates by name and language.
    await userEvent.click(screen.getByRole('button', { name: /Modelo/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'retomar_conversa (pt_BR)' }));
    const variable = screen.getByRole('textbox', { name: 'Variável 1' });
    expect(variable).toHaveValue('{{name}}');
    // The preview reads as the customer will: the placeholder filled from the contact.
    expect(screen.getByText('Olá Carla Souza, podemos continuar seu atendimento? Responda esta mensagem.')).toBeInTheDocument();
    await expectNoA11yViolations(container);

    await userEvent.clear(variable);
    await userEvent.type(variable, '{{{{firstName}}{Enter}');
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'POST' && c.path === '/messages/100/template')).toHaveLength(1));
    expect(JSON.parse(api.calls.find((c) => c.path === '/messages/100/template')!.body)).toEqual({
      name: 'retomar_conversa',
      language: 'pt_BR',
      params: ['{{firstName}}'],
    });
  });

  it('one field per variable; a refused send is toasted and keeps the values', async () => {
    const { api } = renderComposer(
      routes(closedWindow(), {
        'POST /messages/100/template': () => json(404, { error: 'ERR_TEMPLATE_NOT_FOUND', message: 'not found', statusCode: 404 }),
      }),
    );
    await userEvent.click(await screen.findByRole('button', { name: /Modelo/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'atendimento_encerrado (pt_BR)' }));
    expect(screen.getByRole('textbox', { name: 'Variável 1' })).toHaveValue('{{name}}');
    await userEvent.type(screen.getByRole('textbox', { name: 'Variável 2' }), '{{{{protocol}}');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar modelo' }));
    expect(await screen.findByText('Nenhum modelo aprovado desta conexão tem este nome e idioma.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Variável 2' })).toHaveValue('{{protocol}}');
    expect(api.calls.filter((c) => c.path === '/messages/100/template')).toHaveLength(1);
  });
});

describe('messages of an official connection', () => {
  const bubble = (message: Schema<'MessageDto'>, props: { canEdit?: boolean; editBlockedReason?: string | null } = {}) =>
    render(
      <MessageBubble
        message={message}
        canEdit={props.canEdit ?? false}
        editBlockedReason={props.editBlockedReason}
        onReply={vi.fn()}
        onEdit={vi.fn()}
        onDelete={vi.fn()}
        onQuotedPress={vi.fn()}
        audioRate={1}
        onAudioRateChange={vi.fn()}
      />,
    );

  it('labels a template message and shows why a message failed', async () => {
    const { container, unmount } = bubble(
      messageDto({ fromMe: true, ack: 3, body: 'Olá Carla', dataJson: { template: { name: 'retomar_conversa', language: 'pt_BR', params: ['Carla'] } } }),
    );
    expect(screen.getByText('Modelo')).toHaveAttribute('title', 'Enviada como o modelo retomar_conversa');
    await expectNoA11yViolations(container);
    unmount();

    // The code's text in the user's language, then the network's own words.
    const failed = bubble(
      messageDto({ fromMe: true, ack: -1, sendError: 'ERR_WINDOW_CLOSED', dataJson: { sendFailure: 'Re-engagement message: more than 24 hours' } }),
    );
    expect(
      screen.getByText('Não enviada: A janela de 24 h do cliente está fechada: pela API oficial, agora só um modelo aprovado pode ser enviado.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Motivo informado: Re-engagement message: more than 24 hours')).toBeInTheDocument();
    failed.unmount();
    const noReason = bubble(messageDto({ fromMe: true, ack: -1, sendError: 'ERR_WINDOW_CLOSED' }));
    expect(
      screen.getByText('Não enviada: A janela de 24 h do cliente está fechada: pela API oficial, agora só um modelo aprovado pode ser enviado.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/^Motivo informado/)).toBeNull();
    noReason.unmount();
    // A reason without a code: the reason alone.
    bubble(messageDto({ fromMe: true, ack: -1, dataJson: { sendFailure: 'Message undeliverable' } }));
    expect(screen.getByText('Não enviada: Message undeliverable')).toBeInTheDocument();
  });

  it.each([
    ['pt', 'Não enviada: Fora da janela de 24 h, esta conexão oficial precisa de um modelo para esta mensagem, e nenhum foi escolhido.', 'Motivo informado: '],
    ['en', 'Not sent: Outside the 24-hour window this official connection needs a template for this message, and none is chosen.', 'Reason given: '],
    [
      'es',
      'No enviada: Fuera de la ventana de 24 h, esta conexión oficial necesita una plantilla para este mensaje, y no se eligió ninguna.',
      'Motivo indicado: ',
    ],
  ] as const)('shows an automatic message the window refused (no template chosen) with its code and reason, in %s', async (locale, error, given) => {
    const reason = "The customer's 24-hour window is closed and no template is chosen for the greeting message of this official connection";
    await loadLocale(locale);
    const { container } = render(
      <LocaleContext.Provider value={locale}>
        <MessageBubble
          message={messageDto({
            fromMe: true,
            source: 'bot',
            ack: -1,
            body: 'Olá! Como podemos ajudar?',
            sendError: 'ERR_NO_TEMPLATE_CHOSEN',
            dataJson: { sendFailure: reason },
          })}
          canEdit={false}
          onReply={vi.fn()}
          onEdit={vi.fn()}
          onDelete={vi.fn()}
          onQuotedPress={vi.fn()}
          audioRate={1}
          onAudioRateChange={vi.fn()}
        />
      </LocaleContext.Provider>,
    );
    expect(await screen.findByText(error)).toBeInTheDocument();
    expect(screen.getByText(given + reason)).toBeInTheDocument();
    await expectNoA11yViolations(container);
  });

  it('offers no edit or delete, and says why', async () => {
    bubble(messageDto({ fromMe: true, ack: 3 }), { canEdit: false, editBlockedReason: 'A API oficial não permite editar nem apagar mensagens enviadas' });
    await userEvent.click(screen.getByRole('button', { name: 'Opções da mensagem' }));
    const menu = await screen.findByRole('menu');
    expect(screen.queryByRole('menuitem', { name: 'Editar' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Apagar' })).toBeNull();
    expect(screen.getByRole('menuitem', { name: 'A API oficial não permite editar nem apagar mensagens enviadas' })).toHaveAttribute('aria-disabled', 'true');
    await expectNoA11yViolations(menu);
  });
});
