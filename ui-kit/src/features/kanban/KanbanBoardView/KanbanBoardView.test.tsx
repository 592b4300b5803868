import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { contactDto, ticketDto } from '../../../test/data-fixtures';
import { expectNoA11yViolations } from '../../../test/a11y';
import { AtendeRoot } from '../../../theme/AtendeRoot';
import { buildLanes, OPEN_LANE, tagLane } from '../kanban-rules';
import { KanbanBoardView, type KanbanBoardViewProps } from './KanbanBoardView';

const lead = { id: 1, name: 'Lead', color: '#ff0000' };
const won = { id: 2, name: 'Ganho', color: '#00aa00' };
const maria = ticketDto({
  id: 11,
  uuid: 'uuid-11',
  contact: contactDto({ id: 1, name: 'Maria', number: '5511999990001' }),
  lastMessage: 'Quero um orçamento',
  tags: [],
});
const joao = ticketDto({ id: 12, uuid: 'uuid-12', contact: contactDto({ id: 2, name: 'João', number: '5511999990002' }), lastMessage: null, tags: [lead] });

function renderBoard(props: Partial<KanbanBoardViewProps> = {}) {
  const onMove = vi.fn<KanbanBoardViewProps['onMove']>();
  const onOpenTicket = vi.fn<KanbanBoardViewProps['onOpenTicket']>();
  const utils = render(
    <AtendeRoot>
      <KanbanBoardView lanes={buildLanes([maria, joao], [lead, won])} onMove={onMove} onOpenTicket={onOpenTicket} {...props} />
    </AtendeRoot>,
  );
  const lane = (name: RegExp) => screen.getByRole('grid', { name });
  return { ...utils, onMove, onOpenTicket, lane };
}

describe('KanbanBoardView', () => {
  it("shows 'Em aberto' and a lane per kanban tag, cards with number, contact, number and last message; axe-clean", async () => {
    const { container, lane } = renderBoard();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Em aberto', 'Lead', 'Ganho']);
    const open = lane(/^Coluna Em aberto: 1 tickets/);
    const card = within(open).getByRole('row');
    expect(card).toHaveTextContent('Ticket #11');
    expect(card).toHaveTextContent('Maria');
    expect(card).toHaveTextContent('5511999990001');
    expect(card).toHaveTextContent('Quero um orçamento');
    expect(within(lane(/^Coluna Lead/)).getByRole('row')).toHaveTextContent('Sem mensagens');
    expect(within(lane(/^Coluna Ganho/)).getByText('Nenhum ticket')).toBeInTheDocument();
    await expectNoA11yViolations(container);
  });

  it("'Ver Ticket' hands the ticket's uuid to the host", async () => {
    const { onOpenTicket, lane } = renderBoard();
    await userEvent.click(within(lane(/^Coluna Em aberto/)).getByRole('button', { name: 'Ver Ticket' }));
    expect(onOpenTicket).toHaveBeenCalledWith('uuid-11');
  });

  it("'Mover para…' lists the other lanes and moves the card there (a keyboard path)", async () => {
    const { onMove } = renderBoard();
    const trigger = screen.getByRole('button', { name: 'Mover ticket #12 para…' });
    act(() => trigger.focus());
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Em aberto', 'Ganho']);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(onMove).toHaveBeenCalledWith(joao, tagLane(2)));
  });

  it('moves a card by keyboard drag and drop: the handle, Enter, Tab to a lane, Enter', async () => {
    const { onMove } = renderBoard();
    const handle = screen.getByRole('button', { name: 'Arrastar ticket #11' });
    act(() => handle.focus());
    await userEvent.keyboard('{Enter}');
    // The drop targets: the other lanes; Tab goes from one to the next.
    await waitFor(() => expect(document.activeElement?.closest('[data-lane]')?.getAttribute('data-lane')).not.toBe(OPEN_LANE));
    const target = () => document.activeElement?.closest('[data-lane]')?.getAttribute('data-lane');
    while (target() !== tagLane(2)) await userEvent.keyboard('{Tab}');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(onMove).toHaveBeenCalledWith(maria, tagLane(2)));
  });

  it('shows a spinner while loading', () => {
    renderBoard({ lanes: undefined });
    expect(screen.getByText('Carregando...')).toBeInTheDocument();
  });
});
