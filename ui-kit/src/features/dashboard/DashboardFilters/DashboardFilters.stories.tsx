import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { DashboardFilters } from './DashboardFilters';

const meta = {
  title: 'Dashboard/DashboardFilters',
  component: DashboardFilters,
  args: { onFilter: fn(), defaultValue: { type: 'date', dateFrom: '2025-03-01', dateTo: '2025-03-31', period: 0 } },
} satisfies Meta<typeof DashboardFilters>;

export default meta;
type Story = StoryObj<typeof meta>;

/** By date: start and end dates. */
export const ByDate: Story = {};
/** By period: none, 3, 7, 15, 30, 60 or 90 days. */
export const ByPeriod: Story = { args: { defaultValue: { type: 'period', dateFrom: '', dateTo: '', period: 30 } } };
export const Loading: Story = { args: { isPending: true } };
