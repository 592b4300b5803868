import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { DISTRIBUTOR_SECTIONS, OPTION_SECTIONS, settingValues } from '../settings-rules';
import { SettingsOptionsView } from './SettingsOptionsView';

const meta = {
  title: 'Admin/Settings/SettingsOptionsView',
  component: SettingsOptionsView,
  args: {
    sections: OPTION_SECTIONS,
    values: settingValues([
      { key: 'userRating', value: 'enabled' },
      { key: 'scheduleType', value: 'company' },
    ]),
    onChange: fn(async () => {}),
  },
} satisfies Meta<typeof SettingsOptionsView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The Opções tab: service and groups. */
export const Options: Story = {};
/** The Distribuidor de Tickets tab. */
export const Distributor: Story = {
  args: {
    sections: DISTRIBUTOR_SECTIONS,
    values: settingValues([
      { key: 'AutomaticDistribution', value: 'enabled' },
      { key: 'NumberOfTickets', value: '5' },
    ]),
  },
};
/** Without settings:write. */
export const ReadOnly: Story = { args: { isReadOnly: true } };
/** A save on its way: its control waits. */
export const Saving: Story = { args: { pendingKeys: new Set(['userRating']) } };
