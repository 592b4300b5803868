import type { Meta, StoryObj } from '@storybook/react-vite';
import type { Schema } from '../../../client';
import type { Locale } from '../../../i18n';
import type { Theme } from '../../../theme/AtendeRoot';
import { StoryProvider } from '../../tickets/story-support';
import { pixChargeDto, sampleInvoices, samplePlans, STORY_TODAY } from '../story-data';
import { Invoices } from './Invoices';

const ADMIN = { permissions: ['session:self', 'billing:manage'] as Schema<'Permission'>[] };

const meta = {
  title: 'Billing/Invoices',
  component: Invoices,
  args: { today: STORY_TODAY },
  render: (args, { globals }) => (
    <StoryProvider
      locale={globals.locale as Locale}
      theme={globals.theme as Theme}
      routes={{
        'GET /invoices/all': () => ({ invoices: sampleInvoices, count: sampleInvoices.length, hasMore: false }),
        'GET /plans/list': () => samplePlans,
        'POST /subscription': () => pixChargeDto(),
        'POST /subscription/sandbox/atd0000000000000000000000000014/pay': () => pixChargeDto({ status: 'paid' }),
      }}
      user={ADMIN}
    >
      <div style={{ padding: 16 }}>
        <Invoices {...args} />
      </div>
    </StoryProvider>
  ),
} satisfies Meta<typeof Invoices>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An admin on a fake API: open, overdue (tinted) and paid invoices; 'PAGAR' opens the checkout. */
export const Connected: Story = {};
