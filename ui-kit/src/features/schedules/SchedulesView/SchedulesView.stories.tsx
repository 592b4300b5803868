import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { STORY_DAY, storySchedules } from '../story-data';
import { SchedulesView } from './SchedulesView';

const meta = {
  title: 'Schedules/SchedulesView',
  component: SchedulesView,
  args: {
    schedules: storySchedules,
    search: '',
    onSearchChange: fn(),
    onAdd: fn(),
    onEdit: fn(),
    onDelete: fn(async () => undefined),
    initialDate: STORY_DAY,
    headingLevel: 1,
  },
} satisfies Meta<typeof SchedulesView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The month: pending, sent and failed schedules by contact name, with edit and delete. */
export const Month: Story = {};
export const Week: Story = { args: { initialView: 'timeGridWeek' } };
export const Day: Story = { args: { initialView: 'timeGridDay' } };
export const Agenda: Story = { args: { initialView: 'listWeek' } };
export const Empty: Story = { args: { schedules: [] } };
export const Loading: Story = { args: { schedules: [], isLoading: true } };
export const LoadFailed: Story = { args: { schedules: [], loadFailed: true, onRetry: fn() } };
