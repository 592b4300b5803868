import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { sampleHolidays, STORY_TODAY } from '../story-data';
import { HolidaysView } from './HolidaysView';

const meta = {
  title: 'Admin/Holidays/HolidaysView',
  component: HolidaysView,
  args: {
    holidays: sampleHolidays,
    isLoading: false,
    today: STORY_TODAY,
    search: '',
    onSearchChange: fn(),
    onAdd: fn(),
    onOpen: fn(),
    onDelete: fn(async () => {}),
    onReload: fn(),
  },
} satisfies Meta<typeof HolidaysView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** December: pending, failed (the 8th) and two on the 25th; the month's list under the calendar. */
export const Month: Story = {};
/** November: a sent holiday. */
export const WithSent: Story = { args: { month: { year: 2026, month: 11 } } };
export const Loading: Story = { args: { holidays: undefined, isLoading: true } };
export const LoadError: Story = { args: { holidays: undefined, isError: true } };
export const Empty: Story = { args: { holidays: [] } };
/** A search lists every match, whatever the month. */
export const Searching: Story = { args: { search: 'ano', holidays: sampleHolidays.filter((h) => /ano/i.test(h.name)) } };
/** A narrow container: holidays become tinted dots; the list names them. */
export const Narrow: Story = {
  render: (args) => (
    <div style={{ width: 360 }}>
      <HolidaysView {...args} />
    </div>
  ),
};
