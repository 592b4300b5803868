import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { StoryProvider } from '../../tickets/story-support';
import { scheduleDto, storyContacts, storyContactsPage } from '../story-data';
import { ScheduleDialog } from './ScheduleDialog';

const routes = {
  'GET /contacts': (request: Request) => storyContactsPage(request),
  'POST /schedules': () => scheduleDto({ id: 20 }),
  'PUT /schedules/1': () => scheduleDto({ id: 1 }),
};

/** The modal as the contacts list and the ticket menu open it, over a fake API. */
const meta = {
  title: 'Schedules/ScheduleDialog',
  component: ScheduleDialog,
  args: { isOpen: true, onOpenChange: fn(), onSaved: fn() },
  decorators: [(Story) => <StoryProvider routes={routes}>{Story()}</StoryProvider>],
} satisfies Meta<typeof ScheduleDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** From a ticket or a contact: the contact already chosen. */
export const ForContact: Story = { args: { contact: storyContacts[2] } };
export const Edit: Story = { args: { schedule: scheduleDto({ id: 1 }) } };
