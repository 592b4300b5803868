import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { sampleInvoices, STORY_TODAY } from '../story-data';
import { InvoicesView } from './InvoicesView';

const meta = {
  title: 'Billing/InvoicesView',
  component: InvoicesView,
  args: {
    invoices: sampleInvoices,
    hasMore: false,
    onLoadMore: fn(),
    isLoading: false,
    search: '',
    onSearchChange: fn(),
    onPay: fn(),
    today: STORY_TODAY,
  },
} satisfies Meta<typeof InvoicesView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Open, overdue (tinted, 'Vencido') and paid invoices. */
export const Default: Story = {};
/** No invoice yet. */
export const Empty: Story = { args: { invoices: [] } };
/** A phone-wide container: each invoice is a card. */
export const Narrow: Story = {
  render: (args) => (
    <div style={{ maxWidth: 380 }}>
      <InvoicesView {...args} />
    </div>
  ),
};
