import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { sampleContactListItems } from '../contact-list-story-data';
import { ContactListItemsView } from './ContactListItemsView';

const meta = {
  title: 'Campaigns/ContactListItemsView',
  component: ContactListItemsView,
  args: {
    listName: 'Clientes SP',
    items: sampleContactListItems,
    count: sampleContactListItems.length,
    search: '',
    onSearchChange: fn(),
    onBack: fn(),
    backHref: '/contact-lists',
    onAdd: fn(),
    onEdit: fn(),
    onDelete: fn(async () => undefined),
    onImport: fn(),
    onDismissImport: fn(),
    hasMore: false,
    isLoading: false,
    onLoadMore: fn(),
  },
  decorators: [
    (Story) => (
      <div style={{ padding: 16 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ContactListItemsView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** With WhatsApp, without, and not checked yet. */
export const List: Story = {};
export const Importing: Story = { args: { importStatus: { stage: 'running', fileName: 'contatos.xlsx', total: 10_000, processed: 6_000 } } };
export const Imported: Story = {
  args: {
    importStatus: {
      stage: 'done',
      total: 4,
      processed: 4,
      added: 2,
      updated: 0,
      invalid: 2,
      errors: [
        { line: 3, field: 'number', message: 'Too Short!' },
        { line: 5, field: 'name', message: 'Obrigatório' },
      ],
    },
  },
};
export const Empty: Story = { args: { items: [], count: 0 } };
export const FirstLoad: Story = { args: { items: undefined, listName: undefined, isLoading: true } };
export const Narrow: Story = {
  decorators: [
    (Story) => (
      <div style={{ width: 360 }}>
        <Story />
      </div>
    ),
  ],
};
