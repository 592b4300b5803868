import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Locale } from '../../../i18n';
import { expectNoA11yViolations } from '../../../test/a11y';
import { AtendeRoot } from '../../../theme/AtendeRoot';
import { SAMPLE_ENDPOINT } from '../story-data';
import { MessagesApiView, type MessagesApiViewProps } from './MessagesApiView';

function renderView(props: Partial<MessagesApiViewProps> = {}, locale: Locale = 'pt') {
  const onOpenConnections = vi.fn();
  const utils = render(
    <AtendeRoot locale={locale}>
      <MessagesApiView
        endpoint={SAMPLE_ENDPOINT}
        onOpenConnections={onOpenConnections}
        textForm={{ onSend: vi.fn(async () => undefined) }}
        mediaForm={{ onSend: vi.fn(async () => undefined) }}
        {...props}
      />
    </AtendeRoot>,
  );
  return { ...utils, onOpenConnections };
}

const code = (name: string) => within(screen.getByRole('region', { name })).getByText((_, el) => el?.tagName === 'CODE').textContent;

describe('MessagesApiView', () => {
  it('documents the endpoint, the token header, the JSON body and the multipart form, each with its test form; axe-clean', async () => {
    const { container } = renderView();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Antes de começar',
      '1. Mensagens de texto',
      '2. Mensagens com arquivo',
      'Resposta',
      'Erros e limite de envio',
    ]);
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Teste de envio: texto', 'Teste de envio: arquivo']);
    expect(code('Endpoint')).toBe(`POST ${SAMPLE_ENDPOINT}`);
    expect(code('Cabeçalho de autenticação')).toBe('Authorization: Bearer SEU_TOKEN');
    expect(JSON.parse(code('Exemplo de corpo JSON') ?? '')).toEqual({ number: '5511999998888', body: 'Olá! Seu pedido 1234 saiu para entrega.' });
    expect(code('Exemplo com curl (texto)')).toContain(`curl -X POST '${SAMPLE_ENDPOINT}'`);
    expect(code('Exemplo com curl (arquivo)')).toContain("-F 'medias=@boleto.pdf'");
    const response = JSON.parse(code('Exemplo de resposta (201)') ?? '') as Record<string, unknown>;
    expect(Object.keys(response)).toEqual(['ticketId', 'ticketUuid', 'ticketStatus', 'contactId', 'messages']);
    expect(screen.getByText(/60 chamadas por minuto para cada token/)).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Teste de envio: texto' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Teste de envio: arquivo' })).toBeInTheDocument();
    await expectNoA11yViolations(container);
  });

  it('lists every error the send answers, with its status', () => {
    renderView();
    const errors = screen
      .getAllByRole('listitem')
      .map((li) => `${li.firstElementChild?.firstElementChild?.textContent} ${li.querySelector('code')?.textContent}`);
    expect(errors).toEqual([
      '400 ERR_VALIDATION',
      '400 ERR_EMPTY_MESSAGE',
      '401 ERR_INVALID_API_TOKEN',
      '404 ERR_NO_WAPP_FOUND',
      '413 ERR_MEDIA_TOO_LARGE',
      '415 ERR_UNSUPPORTED_MEDIA_TYPE',
      '429 ERR_TOO_MANY_REQUESTS',
    ]);
    expect(screen.getAllByRole('listitem')[2]).toHaveTextContent('Token ausente, incorreto ou desativado.');
  });

  it('points to the connections page for a token', async () => {
    const { onOpenConnections } = renderView();
    await userEvent.click(screen.getByRole('button', { name: 'Ir para Conexões' }));
    expect(onOpenConnections).toHaveBeenCalledTimes(1);
  });

  it('without onOpenConnections only names the page; shows the limit it is given; in English', () => {
    renderView({ onOpenConnections: undefined, rateLimitPerMinute: 120 }, 'en');
    expect(screen.queryByRole('button', { name: 'Go to Connections' })).toBeNull();
    expect(screen.getByText(/on the Connections page/)).toBeInTheDocument();
    expect(screen.getByText(/120 calls a minute per token/)).toBeInTheDocument();
    expect(code('curl example (text)')).toContain('Authorization: Bearer YOUR_TOKEN');
  });

  it('two on one page share no ids', () => {
    render(
      <AtendeRoot>
        <MessagesApiView endpoint={SAMPLE_ENDPOINT} textForm={{ onSend: vi.fn() }} mediaForm={{ onSend: vi.fn() }} />
        <MessagesApiView endpoint={SAMPLE_ENDPOINT} textForm={{ onSend: vi.fn() }} mediaForm={{ onSend: vi.fn() }} />
      </AtendeRoot>,
    );
    const ids = [...document.querySelectorAll('[id]')].map((el) => el.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
