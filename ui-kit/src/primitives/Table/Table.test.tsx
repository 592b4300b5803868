import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../test/a11y';
import { Table, type TableColumn } from './Table';

interface Contact {
  id: number;
  name: string;
  number: string;
}

const CONTACTS: Contact[] = [
  { id: 1, name: 'Carla', number: '5511999990003' },
  { id: 2, name: 'Ana', number: '5511999990001' },
  { id: 3, name: 'Bruno', number: '5511999990002' },
];

const columns: TableColumn<Contact>[] = [
  { accessorKey: 'name', header: 'Nome' },
  { accessorKey: 'number', header: 'WhatsApp', enableSorting: false },
];

const names = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('[role=rowheader]')?.textContent);

describe('Table', () => {
  it('renders a grid with column headers and one row per item', async () => {
    const { container } = render(<Table aria-label="Contatos" data={CONTACTS} columns={columns} getRowId={(c) => String(c.id)} />);
    const grid = screen.getByRole('grid', { name: 'Contatos' });
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Nome', 'WhatsApp']);
    expect(names()).toEqual(['Carla', 'Ana', 'Bruno']);
    expect(screen.getByRole('rowheader', { name: 'Ana' })).toBeInTheDocument();
    await expectNoA11yViolations(container);
  });

  it('marks itself for the card layout of narrow containers only when asked (cardsWhenNarrow)', () => {
    const { container, rerender } = render(<Table aria-label="Contatos" data={CONTACTS} columns={columns} getRowId={(c) => String(c.id)} />);
    expect(container.querySelector('.atd-Table-scroll')).not.toHaveAttribute('data-cards');
    rerender(<Table aria-label="Contatos" data={CONTACTS} columns={columns} getRowId={(c) => String(c.id)} cardsWhenNarrow />);
    expect(container.querySelector('.atd-Table-scroll')).toHaveAttribute('data-cards', 'true');
  });

  it('sorts by a sortable column, ascending then descending (state in TanStack Table)', async () => {
    const onSortingChange = vi.fn();
    render(<Table aria-label="Contatos" data={CONTACTS} columns={columns} getRowId={(c) => String(c.id)} onSortingChange={onSortingChange} />);
    const nameHeader = screen.getByRole('columnheader', { name: 'Nome' });
    await userEvent.click(nameHeader);
    expect(names()).toEqual(['Ana', 'Bruno', 'Carla']);
    expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(nameHeader);
    expect(names()).toEqual(['Carla', 'Bruno', 'Ana']);
    expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    expect(onSortingChange).toHaveBeenCalled();
    expect(screen.getByRole('columnheader', { name: 'WhatsApp' })).not.toHaveAttribute('aria-sort');
  });

  it('leaves sorting to the server with manualSorting', async () => {
    const onSortingChange = vi.fn();
    render(<Table aria-label="Contatos" data={CONTACTS} columns={columns} getRowId={(c) => String(c.id)} manualSorting onSortingChange={onSortingChange} />);
    await userEvent.click(screen.getByRole('columnheader', { name: 'Nome' }));
    expect(names()).toEqual(['Carla', 'Ana', 'Bruno']);
    const updater = onSortingChange.mock.calls[0][0];
    expect(typeof updater === 'function' ? updater([]) : updater).toEqual([{ id: 'name', desc: false }]);
  });

  it('selects rows with their checkboxes and with select all', async () => {
    const onRowSelectionChange = vi.fn();
    const { container } = render(
      <Table
        aria-label="Contatos"
        data={CONTACTS}
        columns={columns}
        getRowId={(c) => String(c.id)}
        selectionMode="multiple"
        onRowSelectionChange={onRowSelectionChange}
      />,
    );
    const checkboxes = screen.getAllByRole('checkbox');
    expect(checkboxes).toHaveLength(4);
    await userEvent.click(checkboxes[2]);
    expect(screen.getAllByRole('row')[2]).toHaveAttribute('aria-selected', 'true');
    const last = onRowSelectionChange.mock.calls.at(-1)![0];
    expect(typeof last === 'function' ? last({}) : last).toEqual({ '2': true });
    await userEvent.click(checkboxes[0]);
    expect(
      screen
        .getAllByRole('row')
        .slice(1)
        .every((r) => r.getAttribute('aria-selected') === 'true'),
    ).toBe(true);
    await expectNoA11yViolations(container);
  });

  it('moves between cells with the arrow keys and activates a row with Enter', async () => {
    const onRowAction = vi.fn();
    render(<Table aria-label="Contatos" data={CONTACTS} columns={columns} getRowId={(c) => String(c.id)} onRowAction={onRowAction} />);
    await userEvent.tab();
    // Focus starts on the first row; one step down is Ana's row.
    expect(screen.getAllByRole('row')[1]).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getAllByRole('row')[2]).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('rowheader', { name: 'Ana' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onRowAction).toHaveBeenCalledWith(CONTACTS[1]);
  });

  it('asks for more rows when scrolled within 100 px of the bottom, once per load', () => {
    const onLoadMore = vi.fn();
    const { container, rerender } = render(
      <Table aria-label="Contatos" data={CONTACTS} columns={columns} getRowId={(c) => String(c.id)} onLoadMore={onLoadMore} hasMore maxHeight={200} />,
    );
    const scroller = container.querySelector<HTMLElement>('.atd-Table-scroll')!;
    Object.defineProperty(scroller, 'scrollHeight', { value: 1000, configurable: true });
    Object.defineProperty(scroller, 'clientHeight', { value: 200, configurable: true });
    scroller.scrollTop = 650; // 150 px from the bottom
    fireEvent.scroll(scroller);
    expect(onLoadMore).not.toHaveBeenCalled();
    scroller.scrollTop = 710; // 90 px from the bottom
    fireEvent.scroll(scroller);
    expect(onLoadMore).toHaveBeenCalledTimes(1);

    rerender(
      <Table
        aria-label="Contatos"
        data={CONTACTS}
        columns={columns}
        getRowId={(c) => String(c.id)}
        onLoadMore={onLoadMore}
        hasMore
        isLoading
        maxHeight={200}
      />,
    );
    fireEvent.scroll(scroller);
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('progressbar', { name: 'Carregando mais...' })).toBeInTheDocument();

    rerender(
      <Table aria-label="Contatos" data={CONTACTS} columns={columns} getRowId={(c) => String(c.id)} onLoadMore={onLoadMore} hasMore={false} maxHeight={200} />,
    );
    fireEvent.scroll(scroller);
    expect(onLoadMore).toHaveBeenCalledTimes(1);
  });

  it('shows the empty state, or the loading state before the first page', async () => {
    const { rerender, container } = render(<Table aria-label="Contatos" data={[]} columns={columns} getRowId={(c: Contact) => String(c.id)} isLoading />);
    expect(screen.getByRole('progressbar', { name: 'Carregando...' })).toBeInTheDocument();
    rerender(<Table aria-label="Contatos" data={[]} columns={columns} getRowId={(c: Contact) => String(c.id)} />);
    expect(screen.getByRole('heading', { name: 'Nenhum registro encontrado' })).toBeInTheDocument();
    await expectNoA11yViolations(container);
  });
});
