import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { Button } from '../Button/Button';
import { IconButton } from '../IconButton/IconButton';
import type { TableColumn } from '../Table/Table';
import { ListPage, useDeleteConfirmation } from './ListPage';

interface Row {
  id: number;
  name: string;
  note: string;
}

const ROWS: Row[] = Array.from({ length: 12 }, (_, i) => ({ id: i + 1, name: `Lista ${i + 1}`, note: i % 2 ? 'Clientes VIP' : 'Leads do site' }));

function Demo({ rows, failed, extras }: { rows: Row[]; failed?: boolean; extras?: boolean }) {
  const [search, setSearch] = useState('');
  const confirm = useDeleteConfirmation<Row>(async () => undefined, {
    title: (row) => `Excluir a lista ${row.name}?`,
    body: 'Os contatos da lista serão perdidos.',
  });
  const items = failed ? undefined : rows.filter((row) => row.name.toLowerCase().includes(search.toLowerCase()));
  const columns: TableColumn<Row>[] = [
    { id: 'name', header: 'Nome', isRowHeader: true, width: '1fr', cell: ({ row }) => <strong>{row.original.name}</strong> },
    { id: 'note', header: 'Descrição', width: '2fr', cell: ({ row }) => row.original.note },
    {
      id: 'actions',
      header: 'Ações',
      width: 96,
      cell: ({ row }) => (
        <span>
          <IconButton icon="edit" size="sm" aria-label={`Editar ${row.original.name}`} />
          <IconButton icon="delete" size="sm" variant="danger" aria-label={`Excluir ${row.original.name}`} onPress={() => confirm.ask(row.original)} />
        </span>
      ),
    },
  ];
  return (
    <ListPage<Row>
      className="atd-ListPageDemo"
      title={items ? `Listas (${items.length})` : 'Listas'}
      leading={extras ? <IconButton icon="close" aria-label="Voltar" /> : undefined}
      actions={extras ? <Button variant="secondary">Importar</Button> : undefined}
      search={search}
      onSearchChange={setSearch}
      searchLabel="Pesquisar"
      addLabel="Adicionar"
      onAdd={() => undefined}
      tableLabel="Listas"
      items={items}
      columns={columns}
      getRowId={(row) => String(row.id)}
      hasMore={false}
      isLoading={false}
      onLoadMore={() => undefined}
      emptyTitle="Nenhuma lista"
      emptyDescription="Crie a primeira com 'Adicionar'."
      isError={failed}
      loadErrorTitle="Não foi possível carregar as listas."
      onReload={() => undefined}
      confirmation={confirm.dialog}
    />
  );
}

const meta = {
  title: 'Primitives/ListPage',
  component: Demo,
  args: { rows: ROWS },
  decorators: [
    (Story) => (
      <div style={{ padding: 16 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Demo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Rows: Story = {};
export const BackAndImport: Story = { args: { extras: true } };
/** The kit's dark theme (the preview's AtendeRoot reads the `theme` global). */
export const Dark: Story = { globals: { theme: 'dark' } };
export const Empty: Story = { args: { rows: [] } };
export const Failed: Story = { args: { failed: true } };
export const Narrow: Story = {
  decorators: [
    (Story) => (
      <div style={{ width: 360 }}>
        <Story />
      </div>
    ),
  ],
};
