import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Locale } from '../../../i18n';
import { expectNoA11yViolations } from '../../../test/a11y';
import { contactDto, ticketDto } from '../../../test/data-fixtures';
import { AtendeRoot } from '../../../theme/AtendeRoot';
import type { Ticket } from '../ticket-rules';
import { TicketListItem, type TicketListItemProps } from './TicketListItem';

const NOW = new Date(2026, 2, 10, 15, 30);

function renderItem(ticket: Ticket, props: Partial<TicketListItemProps> = {}, locale: Locale = 'pt') {
  const handlers = { onOpen: vi.fn(), onAccept: vi.fn(), onClose: vi.fn(), onReopen: vi.fn() };
  const utils = render(
    <AtendeRoot locale={locale}>
      <TicketListItem ticket={ticket} settings={{}} now={NOW} {...handlers} {...props} />
    </AtendeRoot>,
  );
  return { ...utils, ...handlers };
}

const full = ticketDto({
  status: 'open',
  userId: 7,
  user: { id: 7, name: 'Ana' },
  contact: contactDto({ name: 'Maria Aparecida dos Santos Oliveira' }),
  lastMessage: 'Preciso de ajuda com o pedido',
  unreadMessages: 3,
  queueId: 1,
  queue: { id: 1, name: 'Suporte', color: '#7C4DFF' },
  whatsappId: 2,
  whatsapp: { id: 2, name: 'Comercial', type: 'qrcode' },
  tags: [{ id: 5, name: 'VIP', color: '#FF9800' }],
  updatedAt: new Date(2026, 2, 10, 9, 5).toISOString(),
});

describe('TicketListItem', () => {
  it('shows contact (cut at 26 characters), last message, time, unread count, queue, connection, attendant and tags', async () => {
    const { container } = renderItem(full);
    const row = screen.getByRole('button', { name: 'Maria Aparecida dos Santos Oliveira' });
    expect(within(row).getByText('Maria Aparecida dos Santos…')).toHaveAttribute('title', 'Maria Aparecida dos Santos Oliveira');
    expect(row).toHaveAccessibleDescription('Preciso de ajuda com o pedido');
    expect(within(row).getByText('09:05')).toBeInTheDocument();
    expect(within(row).getByText('3 mensagens não lidas')).toBeInTheDocument();
    expect(within(row).getByText('Suporte')).toBeInTheDocument();
    expect(within(row).getByText('Comercial')).toBeInTheDocument();
    expect(within(row).getByText('Ana')).toBeInTheDocument();
    expect(within(row).getByText('VIP')).toBeInTheDocument();
    expect(container.querySelector('.atd-TicketListItem')).toHaveStyle({ '--atd-ticket-queue': '#7C4DFF' });
    await expectNoA11yViolations(container);
  });

  it('shows the date for an older message, in the locale, and "Sem fila" without a queue', () => {
    const older = ticketDto({ updatedAt: new Date(2026, 1, 3, 9, 5).toISOString(), contact: contactDto({ name: 'João' }) });
    renderItem(older);
    expect(screen.getByText('03/02/2026')).toBeInTheDocument();
    expect(screen.getByText('Sem fila')).toBeInTheDocument();
    expect(screen.queryByText(/mensagens não lidas/)).not.toBeInTheDocument();
  });

  it('formats the date in English for en', () => {
    renderItem(ticketDto({ updatedAt: new Date(2026, 1, 3, 9, 5).toISOString() }), {}, 'en');
    expect(screen.getByText('02/03/2026')).toBeInTheDocument();
    expect(screen.getByText('No queue')).toBeInTheDocument();
  });

  it('opens an open ticket by click and by Enter, and offers close only', async () => {
    const { onOpen, onClose } = renderItem(full);
    await userEvent.click(screen.getByText('Preciso de ajuda com o pedido'));
    expect(onOpen).toHaveBeenCalledWith(full);
    onOpen.mockClear();
    screen.getByRole('button', { name: 'Maria Aparecida dos Santos Oliveira' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: /^Aceitar/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Reabrir/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Finalizar: Maria Aparecida dos Santos Oliveira' }));
    expect(onClose).toHaveBeenCalledWith(full);
  });

  it('opens a pending ticket read only by click or Enter (so described); accept and close are offered', async () => {
    const pending = ticketDto({ status: 'pending', contact: contactDto({ name: 'Maria' }), lastMessage: 'Quero cancelar meu pedido' });
    const { onOpen, onAccept } = renderItem(pending);
    const row = screen.getByRole('button', { name: 'Maria' });
    expect(row).not.toHaveAttribute('aria-disabled');
    expect(row).toHaveAccessibleDescription('Quero cancelar meu pedido Abre somente leitura; aceite o atendimento para responder');
    await userEvent.click(row);
    await userEvent.keyboard('{Enter}');
    expect(onOpen).toHaveBeenCalledTimes(2);
    await userEvent.click(screen.getByRole('button', { name: 'Aceitar: Maria' }));
    expect(onAccept).toHaveBeenCalledWith(pending);
    expect(screen.getByRole('button', { name: 'Finalizar: Maria' })).toBeInTheDocument();
  });

  it('offers reopen on a closed ticket', async () => {
    const closed = ticketDto({ status: 'closed', contact: contactDto({ name: 'Maria' }) });
    const { onReopen } = renderItem(closed);
    expect(screen.queryByRole('button', { name: /^Finalizar/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reabrir: Maria' }));
    expect(onReopen).toHaveBeenCalledWith(closed);
  });

  it('with groups as tickets, a pending group opens by click and shows no accept, close or reopen', async () => {
    const group = ticketDto({ status: 'pending', isGroup: true, contact: contactDto({ name: 'Equipe', isGroup: true }) });
    const { onOpen } = renderItem(group, { settings: { groupsIsTeckets: 'enabled' } });
    await userEvent.click(screen.getByRole('button', { name: 'Equipe' }));
    expect(onOpen).toHaveBeenCalledWith(group);
    expect(screen.getAllByRole('button')).toHaveLength(1);
    expect(screen.getByText('Grupo')).toBeInTheDocument();
  });

  it('without groups as tickets, a pending group keeps accept and opens read only', async () => {
    const group = ticketDto({ status: 'pending', isGroup: true, contact: contactDto({ name: 'Equipe', isGroup: true }) });
    const { onOpen } = renderItem(group);
    await userEvent.click(screen.getByRole('button', { name: 'Equipe' }));
    expect(onOpen).toHaveBeenCalledWith(group);
    expect(screen.getByRole('button', { name: 'Aceitar: Equipe' })).toBeInTheDocument();
  });

  it('marks the selected ticket and disables its buttons while busy', () => {
    renderItem(ticketDto({ status: 'pending', contact: contactDto({ name: 'Maria' }) }), { isSelected: true, isBusy: true });
    expect(screen.getByRole('button', { name: 'Maria' })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('button', { name: 'Aceitar: Maria' })).toBeDisabled();
  });

  it('shows no unread badge on a closed ticket, whatever its counter', () => {
    renderItem(ticketDto({ status: 'closed', unreadMessages: 4, contact: contactDto({ name: 'Maria' }) }));
    expect(screen.queryByText('4 mensagens não lidas')).not.toBeInTheDocument();
    expect(screen.queryByText('4')).not.toBeInTheDocument();
  });

  it('shows the user’s pin and unread mark, and offers pin, unpin and mark unread in its menu', async () => {
    const onPin = vi.fn();
    const onMarkUnread = vi.fn();
    const ticket = ticketDto({ status: 'open', unreadMessages: 0, contact: contactDto({ name: 'Maria' }) });
    const { rerender } = renderItem(ticket, { onPin, onMarkUnread });
    expect(screen.queryByRole('img', { name: 'Fixado' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Opções do atendimento: Maria' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Fixar no topo' }));
    expect(onPin).toHaveBeenCalledWith(ticket, true);
    await userEvent.click(screen.getByRole('button', { name: 'Opções do atendimento: Maria' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Marcar como não lida' }));
    expect(onMarkUnread).toHaveBeenCalledWith(ticket);

    rerender(
      <AtendeRoot locale="pt">
        <TicketListItem
          ticket={ticket}
          settings={{}}
          now={NOW}
          onOpen={vi.fn()}
          onPin={onPin}
          onMarkUnread={onMarkUnread}
          mark={{ pinned: true, unread: true }}
        />
      </AtendeRoot>,
    );
    expect(screen.getByRole('img', { name: 'Fixado' })).toBeInTheDocument();
    expect(screen.getByText('Marcada como não lida')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Opções do atendimento: Maria' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Desafixar' }));
    expect(onPin).toHaveBeenLastCalledWith(ticket, false);
  });
});
