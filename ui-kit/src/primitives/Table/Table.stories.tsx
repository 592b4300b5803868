import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { useT } from '../../i18n';
import { Chip } from '../Chip/Chip';
import { Table, type TableColumn } from './Table';

interface Contact {
  id: number;
  name: string;
  number: string;
  tag: string;
}

const NAMES = ['Ana Souza', 'Bruno Dias', 'Carla Mendes', 'Diego Alves', 'Elisa Rocha', 'Fábio Nunes', 'Gabriela Lopes'];
const make = (from: number, count: number): Contact[] =>
  Array.from({ length: count }, (_, i) => ({
    id: from + i,
    name: `${NAMES[(from + i) % NAMES.length]} ${from + i}`,
    number: `55119999${String(from + i).padStart(5, '0')}`,
    tag: (from + i) % 3 === 0 ? 'VIP' : 'Lead',
  }));

function Demo({ rows, loading, selection, cards }: { rows: number; loading?: boolean; selection?: boolean; cards?: boolean }) {
  const t = useT();
  const [data, setData] = useState(() => make(1, rows));
  const [isLoading, setLoading] = useState(Boolean(loading));
  const columns: TableColumn<Contact>[] = [
    { accessorKey: 'name', header: t('field.name') },
    { accessorKey: 'number', header: 'WhatsApp', enableSorting: false },
    {
      accessorKey: 'tag',
      header: t('nav.tags'),
      cell: (ctx) => <Chip color={ctx.getValue() === 'VIP' ? '#e53935' : '#1e88e5'}>{String(ctx.getValue())}</Chip>,
    },
  ];
  const table = (
    <Table
      aria-label={t('nav.contacts')}
      data={data}
      columns={columns}
      getRowId={(c) => String(c.id)}
      selectionMode={selection ? 'multiple' : 'none'}
      isLoading={isLoading}
      hasMore={data.length < 60}
      maxHeight={320}
      cardsWhenNarrow={cards}
      onLoadMore={() => {
        setLoading(true);
        setTimeout(() => {
          setData((d) => [...d, ...make(d.length + 1, 20)]);
          setLoading(false);
        }, 800);
      }}
    />
  );
  // The card layout follows the width of the nearest container, as a host page's narrow column would give.
  return cards ? <div style={{ width: 340, containerType: 'inline-size' }}>{table}</div> : table;
}

const meta = { title: 'Primitives/Table', component: Demo, args: { rows: 20 } } satisfies Meta<typeof Demo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const InfiniteScroll: Story = {};
export const WithSelection: Story = { args: { selection: true } };
export const LoadingMore: Story = { args: { rows: 5, loading: true } };
export const FirstLoad: Story = { args: { rows: 0, loading: true } };
export const Empty: Story = { args: { rows: 0 } };
/** In a narrow container (cardsWhenNarrow), each row is a card. */
export const CardsWhenNarrow: Story = { args: { rows: 5, cards: true } };
