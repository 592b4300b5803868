import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { fn } from 'storybook/test';
import { defaultSchedules, type Schedule } from '../business-hours';
import { BusinessHoursEditor } from './BusinessHoursEditor';

const meta = {
  title: 'Admin/BusinessHoursEditor',
  component: BusinessHoursEditor,
  args: { value: defaultSchedules(), onChange: fn() },
  render: function Render(args) {
    const [value, setValue] = useState<Schedule[]>(args.value);
    return (
      <div style={{ maxWidth: 560 }}>
        <BusinessHoursEditor {...args} value={value} onChange={setValue} />
      </div>
    );
  },
} satisfies Meta<typeof BusinessHoursEditor>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The spec's default week: Monday to Friday 09-18, Saturday 09-12, Sunday closed. */
export const DefaultWeek: Story = {};
/** After a save was tried: a malformed time and an end before the start. */
export const WithErrors: Story = {
  args: {
    showErrors: true,
    value: defaultSchedules().map((s, i) => (i === 0 ? { ...s, startTime: '25:00' } : i === 1 ? { ...s, startTime: '18:00', endTime: '09:00' } : s)),
  },
};
export const Disabled: Story = { args: { isDisabled: true } };
