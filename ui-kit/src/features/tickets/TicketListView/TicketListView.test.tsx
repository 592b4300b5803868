import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../../test/a11y';
import { contactDto, ticketDto } from '../../../test/data-fixtures';
import { AtendeRoot } from '../../../theme/AtendeRoot';
import type { Ticket } from '../ticket-rules';
import { TicketListView, type TicketListViewProps } from './TicketListView';

const tickets = (n: number): Ticket[] =>
  Array.from({ length: n }, (_, i) =>
    ticketDto({ id: i + 1, uuid: `uuid-${i + 1}`, status: 'open', contact: contactDto({ id: i + 1, name: `Contato ${i + 1}` }) }),
  );

/** jsdom has no layout: give the scroller a height and a content height. */
function layout(clientHeight: number, scrollHeight: number) {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return this.classList.contains('atd-TicketListView') ? clientHeight : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return this.classList.contains('atd-TicketListView') ? scrollHeight : 0;
  });
}

function renderList(props: Partial<TicketListViewProps>) {
  const onOpen = vi.fn();
  const onLoadMore = vi.fn();
  const utils = render(
    <AtendeRoot>
      <div style={{ height: 600 }}>
        <TicketListView tickets={[]} settings={{}} onOpen={onOpen} onLoadMore={onLoadMore} {...props} />
      </div>
    </AtendeRoot>,
  );
  return { ...utils, onOpen, onLoadMore };
}

afterEach(() => vi.restoreAllMocks());

describe('TicketListView', () => {
  it('renders only the rows in view of thousands of tickets', async () => {
    layout(600, 5000 * 96);
    const { container } = renderList({ tickets: tickets(5000) });
    const rows = within(screen.getByRole('list', { name: 'Lista de atendimentos' })).getAllByRole('listitem');
    expect(rows.length).toBeGreaterThan(3);
    expect(rows.length).toBeLessThan(30);
    expect(rows[0]).toHaveAttribute('aria-setsize', '5000');
    expect(screen.getByRole('button', { name: 'Contato 1' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Contato 4000' })).not.toBeInTheDocument();
    await expectNoA11yViolations(container);
  });

  it('asks for the next page only when scrolled within 100 px of the end', () => {
    layout(600, 4000);
    const { container, onLoadMore } = renderList({ tickets: tickets(40), hasMore: true });
    const scroller = container.querySelector('.atd-TicketListView')!;
    expect(onLoadMore).not.toHaveBeenCalled();
    scroller.scrollTop = 3000;
    fireEvent.scroll(scroller);
    expect(onLoadMore).not.toHaveBeenCalled();
    scroller.scrollTop = 3310;
    fireEvent.scroll(scroller);
    expect(onLoadMore).toHaveBeenCalledTimes(1);
  });

  it('does not ask again while a page is loading, nor when there is no more', () => {
    layout(600, 4000);
    const { container, onLoadMore, rerender } = renderList({ tickets: tickets(40), hasMore: true, isFetchingMore: true });
    const scroller = container.querySelector('.atd-TicketListView')!;
    scroller.scrollTop = 3400;
    fireEvent.scroll(scroller);
    expect(onLoadMore).not.toHaveBeenCalled();
    expect(screen.getByText('Carregando mais...')).toBeInTheDocument();
    rerender(
      <AtendeRoot>
        <TicketListView tickets={tickets(40)} settings={{}} onOpen={vi.fn()} onLoadMore={onLoadMore} hasMore={false} />
      </AtendeRoot>,
    );
    fireEvent.scroll(container.querySelector('.atd-TicketListView')!);
    expect(onLoadMore).not.toHaveBeenCalled();
  });

  it('asks for the next page when the first one does not fill the list', () => {
    layout(600, 300);
    const { onLoadMore } = renderList({ tickets: tickets(3), hasMore: true });
    expect(onLoadMore).toHaveBeenCalledTimes(1);
  });

  it('shows the loading state, then the no-tickets state', async () => {
    const { rerender, container } = renderList({ isLoading: true });
    expect(screen.getByText('Carregando...')).toBeInTheDocument();
    rerender(
      <AtendeRoot locale="es">
        <TicketListView tickets={[]} settings={{}} onOpen={vi.fn()} />
      </AtendeRoot>,
    );
    expect(screen.getByText('Ninguna atención encontrada')).toBeInTheDocument();
    await expectNoA11yViolations(container);
  });

  it('marks the selected ticket', () => {
    layout(600, 960);
    renderList({ tickets: tickets(3), selectedTicketUuid: 'uuid-2' });
    expect(screen.getByRole('button', { name: 'Contato 2' })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('button', { name: 'Contato 1' })).not.toHaveAttribute('aria-current');
  });
});
