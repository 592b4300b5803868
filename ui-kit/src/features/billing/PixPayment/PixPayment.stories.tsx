import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { pixChargeDto } from '../story-data';
import { PixPayment } from './PixPayment';

const meta = {
  title: 'Billing/PixPayment',
  component: PixPayment,
  args: { charge: pixChargeDto(), onSimulatePayment: fn(async () => {}) },
} satisfies Meta<typeof PixPayment>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A sandbox charge: the test-environment note and 'Simular pagamento'. */
export const Sandbox: Story = {};
/** A real gateway's charge. */
export const Efi: Story = { args: { charge: pixChargeDto({ gateway: 'efi' }) } };
/** Paid, with the new due date. */
export const Paid: Story = { args: { paid: '2027-01-20' } };
