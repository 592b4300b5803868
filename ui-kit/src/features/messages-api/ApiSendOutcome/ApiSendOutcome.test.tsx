import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Locale } from '../../../i18n';
import { expectNoA11yViolations } from '../../../test/a11y';
import { AtendeRoot } from '../../../theme/AtendeRoot';
import { apiMessageDto, apiSendResult, sampleErrors } from '../story-data';
import { ApiSendOutcome, type ApiSendOutcomeProps } from './ApiSendOutcome';

const renderOutcome = (props: ApiSendOutcomeProps, locale: Locale = 'pt') =>
  render(
    <AtendeRoot locale={locale}>
      <ApiSendOutcome {...props} />
    </AtendeRoot>,
  );

describe('ApiSendOutcome', () => {
  it('says nothing before a send, in a live region already there', () => {
    const { container } = renderOutcome({});
    const region = container.querySelector('[aria-live="polite"]');
    expect(region).not.toBeNull();
    expect(region?.textContent).toBe('');
  });

  it('shows the ticket the message went to, its status and how many were queued; opens it by its uuid; axe-clean', async () => {
    const onOpenTicket = vi.fn();
    const { container } = renderOutcome({ result: apiSendResult(), onOpenTicket });
    expect(screen.getByText('Mensagem aceita e na fila de envio')).toBeInTheDocument();
    expect(screen.getByText('#42 · Aguardando')).toBeInTheDocument();
    expect(screen.getByText('#7')).toBeInTheDocument();
    expect(screen.getByText('1 mensagem')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Abrir ticket #42' }));
    expect(onOpenTicket).toHaveBeenCalledWith('2f1c7b0e-5d7a-4c43-9a57-0c4b8f3e9d21');
    await expectNoA11yViolations(container);
  });

  it('counts several messages, and shows no link without onOpenTicket', () => {
    renderOutcome({ result: apiSendResult({ ticketStatus: 'closed', messages: [apiMessageDto(), apiMessageDto({ id: '2' })] }) }, 'en');
    expect(screen.getByText('#42 · Resolved')).toBeInTheDocument();
    expect(screen.getByText('2 messages')).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows a refused token translated, with its status and code', () => {
    renderOutcome({ error: sampleErrors.invalidToken });
    expect(screen.getByText('A mensagem não foi enviada')).toBeInTheDocument();
    expect(screen.getByText('Token da API inválido ou desativado. Gere um novo token na página de conexões.')).toBeInTheDocument();
    expect(screen.getByText('HTTP 401 · ERR_INVALID_API_TOKEN')).toBeInTheDocument();
  });

  it('lists the failing fields with translated names and messages', async () => {
    const { container } = renderOutcome({ error: sampleErrors.validation }, 'es');
    expect(screen.getByText('Algunos campos no son válidos. Revísalos e inténtalo de nuevo.')).toBeInTheDocument();
    expect(screen.getByRole('listitem')).toHaveTextContent('Número: Número inválido: usa de 10 a 15 dígitos (código de país, código de área y número).');
    await expectNoA11yViolations(container);
  });

  it('names the file of a refused upload and keeps a message it has no text for', () => {
    renderOutcome({
      error: {
        code: 'ERR_VALIDATION',
        status: 400,
        fields: [
          { field: 'medias[0]', messages: ['Unsupported file type'] },
          { field: 'extra', messages: ['Odd'] },
        ],
      },
    });
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual(['Arquivo: Tipo de arquivo não suportado.', 'extra: Odd']);
  });

  it('shows a network failure as the runtime said it', () => {
    renderOutcome({ error: sampleErrors.network });
    expect(screen.getByText('Failed to fetch')).toBeInTheDocument();
    expect(screen.queryByText(/HTTP/)).toBeNull();
  });
});
