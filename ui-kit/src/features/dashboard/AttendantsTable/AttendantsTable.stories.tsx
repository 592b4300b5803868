import type { Meta, StoryObj } from '@storybook/react-vite';
import { sampleDashboard } from '../story-data';
import { AttendantsTable } from './AttendantsTable';

const meta = {
  title: 'Dashboard/AttendantsTable',
  component: AttendantsTable,
  args: { attendants: sampleDashboard.attendants },
} satisfies Meta<typeof AttendantsTable>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Attendants: Story = {};
export const Empty: Story = { args: { attendants: [] } };
export const Loading: Story = { args: { attendants: [], isLoading: true } };
