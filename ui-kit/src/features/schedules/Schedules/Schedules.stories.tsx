import type { Meta, StoryObj } from '@storybook/react-vite';
import { StoryProvider } from '../../tickets/story-support';
import { storyContacts, storyContactsPage, storySchedules } from '../story-data';
import { Schedules } from './Schedules';

const routes = {
  'GET /schedules': () => ({ schedules: storySchedules, count: storySchedules.length, hasMore: false }),
  'GET /contacts': (request: Request) => storyContactsPage(request),
  'GET /contacts/2': () => ({ ...storyContacts[1], email: null, profilePicUrl: null, isGroup: false, extraInfo: [], companyId: 1, whatsappId: null }),
};

/** The connected page over a fake API holding the stories' schedules (December 2026: open the calendar there). */
const meta = {
  title: 'Schedules/Schedules',
  component: Schedules,
  decorators: [(Story) => <StoryProvider routes={routes}>{Story()}</StoryProvider>],
} satisfies Meta<typeof Schedules>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Page: Story = {};
/** Opened with ?contactId=2: the add modal at once, for João Pedro Lima. */
export const FromContact: Story = { args: { contactId: 2 } };
