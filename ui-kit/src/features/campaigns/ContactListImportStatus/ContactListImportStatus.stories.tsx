import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { ContactListImportStatus } from './ContactListImportStatus';

const meta = {
  title: 'Campaigns/ContactListImportStatus',
  component: ContactListImportStatus,
  args: { status: { stage: 'running', fileName: 'contatos.xlsx', total: 10_000, processed: 4_500 }, onDismiss: fn() },
  decorators: [
    (Story) => (
      <div style={{ padding: 16, maxWidth: 720 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ContactListImportStatus>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Uploading: Story = { args: { status: { stage: 'uploading', fileName: 'contatos.xlsx' } } };
/** The bar follows the import's progress events. */
export const Running: Story = {};
export const Done: Story = {
  args: {
    status: {
      stage: 'done',
      total: 10_003,
      processed: 10_003,
      added: 9_990,
      updated: 10,
      invalid: 3,
      errors: [
        { line: 3, field: 'number', message: 'Too Short!' },
        { line: 4, field: 'email', message: 'Invalid email' },
        { line: 5, field: 'name', message: 'Obrigatório' },
      ],
    },
  },
};
export const Failed: Story = { args: { status: { stage: 'failed', message: 'The first line must name the columns: Nome, Numero and, optionally, Email' } } };
