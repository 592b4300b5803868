import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../test/a11y';
import { AtendeRoot } from '../../theme/AtendeRoot';
import { IconButton } from '../IconButton/IconButton';
import type { TableColumn } from '../Table/Table';
import { ListPage, useDeleteConfirmation, type ListPageProps } from './ListPage';

interface Row {
  id: number;
  name: string;
}

const ROWS: Row[] = [
  { id: 1, name: 'Ana' },
  { id: 2, name: 'Bruno' },
];

function Page({ onDelete, ...props }: Partial<ListPageProps<Row>> & { onDelete: (row: Row) => Promise<void> }) {
  const confirm = useDeleteConfirmation(onDelete, { title: (row) => `Excluir ${row.name}?`, body: 'Não tem volta.' });
  const columns: TableColumn<Row>[] = [
    { id: 'name', header: 'Nome', isRowHeader: true, cell: ({ row }) => row.original.name },
    {
      id: 'actions',
      header: 'Ações',
      cell: ({ row }) => <IconButton icon="delete" size="sm" aria-label={`Excluir ${row.original.name}`} onPress={() => confirm.ask(row.original)} />,
    },
  ];
  return (
    <ListPage<Row>
      className="atd-Demo"
      title="Pessoas (2)"
      search=""
      onSearchChange={() => undefined}
      searchLabel="Pesquisar"
      addLabel="Adicionar"
      onAdd={() => undefined}
      tableLabel="Pessoas"
      items={ROWS}
      columns={columns}
      getRowId={(row) => String(row.id)}
      hasMore={false}
      isLoading={false}
      onLoadMore={() => undefined}
      emptyTitle="Nenhuma pessoa"
      loadErrorTitle="Não foi possível carregar as pessoas."
      confirmation={confirm.dialog}
      {...props}
    />
  );
}

function renderPage(props: Partial<ListPageProps<Row>> = {}) {
  const handlers = { onSearchChange: vi.fn(), onAdd: vi.fn(), onDelete: vi.fn(async () => undefined), onReload: vi.fn() };
  const utils = render(
    <AtendeRoot locale="pt">
      <Page {...handlers} {...props} />
    </AtendeRoot>,
  );
  return { ...utils, ...handlers };
}

describe('ListPage', () => {
  it('names the section by its title, with search, add, extra buttons and the rows; axe-clean', async () => {
    const { container, onSearchChange, onAdd } = renderPage({ leading: <IconButton icon="close" aria-label="Voltar" />, actions: <button>Importar</button> });
    expect(screen.getByRole('region', { name: 'Pessoas (2)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Pessoas (2)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Voltar' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Importar' })).toBeInTheDocument();
    // The feature's card layout hooks on `<className>-table`.
    expect(screen.getByRole('grid', { name: 'Pessoas' }).closest('.atd-Demo-table')).not.toBeNull();
    expect(screen.getByRole('rowheader', { name: 'Ana' })).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Pesquisar' }), 'a');
    expect(onSearchChange).toHaveBeenCalledWith('a');
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(onAdd).toHaveBeenCalledTimes(1);
    await expectNoA11yViolations(container);
  });

  it('shows the empty state, or the failure with a retry', async () => {
    const { rerender, onReload } = renderPage({ items: [] });
    expect(screen.getByText('Nenhuma pessoa')).toBeInTheDocument();
    rerender(
      <AtendeRoot locale="pt">
        <Page onDelete={async () => undefined} items={undefined} isError onReload={onReload} />
      </AtendeRoot>,
    );
    expect(screen.getByText('Não foi possível carregar as pessoas.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    expect(onReload).toHaveBeenCalledTimes(1);
  });

  it('a short list without search, paging or add: no toolbar; the empty state may carry an action', () => {
    renderPage({
      items: [],
      search: undefined,
      onSearchChange: undefined,
      onAdd: undefined,
      hasMore: undefined,
      onLoadMore: undefined,
      maxHeight: null,
      emptyAction: <button>Criar a primeira</button>,
    });
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Adicionar' })).toBeNull();
    expect(screen.getByText('Nenhuma pessoa')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Criar a primeira' })).toBeInTheDocument();
  });

  it('a placeholder of its own shows the search box name above it; while searching, the no-results state replaces the empty one', () => {
    const { rerender } = renderPage({ items: [], searchPlaceholder: 'Nome ou e-mail', noResults: <p>Nada para “zé”</p> });
    expect(screen.getByRole('searchbox', { name: 'Pesquisar' })).toHaveAttribute('placeholder', 'Nome ou e-mail');
    expect(screen.getByText('Nenhuma pessoa')).toBeInTheDocument();
    rerender(
      <AtendeRoot locale="pt">
        <Page onDelete={async () => undefined} items={[]} search="zé" searchPlaceholder="Nome ou e-mail" noResults={<p>Nada para “zé”</p>} />
      </AtendeRoot>,
    );
    expect(screen.getByText('Nada para “zé”')).toBeInTheDocument();
    expect(screen.queryByText('Nenhuma pessoa')).toBeNull();
  });

  it('titleHidden keeps the title as the section name and heading, read but not shown', () => {
    renderPage({ titleHidden: true });
    expect(screen.getByRole('region', { name: 'Pessoas (2)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Pessoas (2)' })).toHaveClass('atd-visually-hidden');
  });

  it('turns rows into cards when narrow by default; cardsWhenNarrow={false} keeps the table', () => {
    const { container, rerender } = renderPage();
    expect(screen.getByRole('heading', { name: 'Pessoas (2)' })).not.toHaveClass('atd-visually-hidden');
    expect(container.querySelector('.atd-Table-scroll')).toHaveAttribute('data-cards', 'true');
    rerender(
      <AtendeRoot locale="pt">
        <Page onDelete={async () => undefined} cardsWhenNarrow={false} />
      </AtendeRoot>,
    );
    expect(container.querySelector('.atd-Table-scroll')).not.toHaveAttribute('data-cards');
  });

  it('deletes a row only once confirmed', async () => {
    const { onDelete } = renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Excluir Bruno' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Excluir Bruno?' });
    expect(dialog).toHaveTextContent('Não tem volta.');
    await userEvent.click(screen.getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(onDelete).toHaveBeenCalledWith(ROWS[1]));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });
});
