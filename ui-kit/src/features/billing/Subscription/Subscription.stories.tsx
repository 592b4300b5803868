import type { Meta, StoryObj } from '@storybook/react-vite';
import type { Schema } from '../../../client';
import type { Locale } from '../../../i18n';
import type { Theme } from '../../../theme/AtendeRoot';
import { StoryProvider } from '../../tickets/story-support';
import { pixChargeDto, sampleInvoices, samplePlans } from '../story-data';
import { Subscription } from './Subscription';

const USER = {
  permissions: ['session:self', 'billing:manage'] as Schema<'Permission'>[],
  company: {
    id: 3,
    name: 'Empresa Demo',
    email: 'financeiro@demo.atende.local',
    dueDate: '2026-12-20',
    trialExpiration: '2026-12-17T13:00:00.000Z',
    settings: [],
  } as unknown as Schema<'SessionUserDto'>['company'],
};

const meta = {
  title: 'Billing/Subscription',
  component: Subscription,
  args: { now: new Date('2026-12-10T12:00:00.000Z') },
  render: (args, { globals }) => (
    <StoryProvider
      locale={globals.locale as Locale}
      theme={globals.theme as Theme}
      routes={{
        'GET /invoices/all': () => ({ invoices: sampleInvoices, count: sampleInvoices.length, hasMore: false }),
        'GET /plans/list': () => samplePlans,
        'POST /subscription': () => pixChargeDto(),
      }}
      user={USER}
    >
      <div style={{ padding: 16 }}>
        <Subscription {...args} />
      </div>
    </StoryProvider>
  ),
} satisfies Meta<typeof Subscription>;

export default meta;
type Story = StoryObj<typeof meta>;

/** In the trial, on a fake API: 'Assine Agora!' opens the checkout of the oldest open invoice. */
export const Connected: Story = {};
