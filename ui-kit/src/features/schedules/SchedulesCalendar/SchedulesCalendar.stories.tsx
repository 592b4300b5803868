import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { STORY_DAY, storySchedules } from '../story-data';
import { SchedulesCalendar } from './SchedulesCalendar';

const meta = {
  title: 'Schedules/SchedulesCalendar',
  component: SchedulesCalendar,
  args: { schedules: storySchedules, onEdit: fn(), onDelete: fn(), initialDate: STORY_DAY },
} satisfies Meta<typeof SchedulesCalendar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Month: Story = { args: { initialView: 'dayGridMonth' } };
export const Week: Story = { args: { initialView: 'timeGridWeek' } };
export const Day: Story = { args: { initialView: 'timeGridDay' } };
export const Agenda: Story = { args: { initialView: 'listWeek' } };
