import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { invoiceDto, pixChargeDto, samplePlans } from '../story-data';
import { CheckoutDialog } from './CheckoutDialog';

const meta = {
  title: 'Billing/CheckoutDialog',
  component: CheckoutDialog,
  args: {
    isOpen: true,
    onOpenChange: fn(),
    invoice: invoiceDto({ id: 14 }),
    plans: samplePlans,
    payerName: 'Ana Atendente',
    onSubmit: fn(async () => pixChargeDto()),
    onSimulatePayment: fn(async () => {}),
  },
} satisfies Meta<typeof CheckoutDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Step 1, 'Dados'. */
export const Data: Story = {};
/** Step 2, 'Personalizar': the plans as cards. */
export const Plan: Story = { args: { initialStep: 'plan' } };
/** Step 3, 'Revisar' (the payer fields empty here: the summary shows what was typed). */
export const Review: Story = { args: { initialStep: 'review' } };
/** The Pix view of a sandbox charge. */
export const Pix: Story = { args: { initialCharge: pixChargeDto() } };
/** Paid: the renewal. */
export const Paid: Story = { args: { initialCharge: pixChargeDto(), paid: '2027-01-20' } };
