import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { emptyDashboard, sampleDashboard } from '../story-data';
import { DashboardView } from './DashboardView';

const meta = {
  title: 'Dashboard/DashboardView',
  component: DashboardView,
  args: {
    data: sampleDashboard,
    defaultFilter: { type: 'date', dateFrom: '2025-03-01', dateTo: '2025-03-31', period: 0 },
    onFilter: fn(),
    hourlyDate: '2025-03-31',
    onHourlyDateChange: fn(),
  },
} satisfies Meta<typeof DashboardView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Month: Story = {};
/** Nothing closed, no due date: dashes and the charts' empty text. */
export const Quiet: Story = { args: { data: emptyDashboard } };
export const Loading: Story = { args: { data: undefined, isLoading: true } };
export const Failed: Story = { args: { data: undefined, isError: true } };
