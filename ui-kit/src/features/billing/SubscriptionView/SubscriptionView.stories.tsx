import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { invoiceDto } from '../story-data';
import { SubscriptionView } from './SubscriptionView';

const meta = {
  title: 'Billing/SubscriptionView',
  component: SubscriptionView,
  args: {
    company: { email: 'financeiro@demo.atende.local', dueDate: '2027-01-20', trialExpiration: '2026-12-17T13:00:00.000Z' },
    openInvoice: invoiceDto({ id: 14 }),
    onSubscribe: fn(),
    now: new Date('2026-12-10T12:00:00.000Z'),
  },
} satisfies Meta<typeof SubscriptionView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** In the trial, with an open invoice. */
export const Trial: Story = {};
/** No trial: the due date. */
export const Subscribed: Story = { args: { company: { email: 'financeiro@demo.atende.local', dueDate: '2027-01-20', trialExpiration: null } } };
/** Nothing open: 'Assine Agora!' links to the invoices page. */
export const NothingOpen: Story = { args: { openInvoice: null } };
