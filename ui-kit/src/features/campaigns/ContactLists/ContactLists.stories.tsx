import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { Schema } from '../../../client';
import type { Locale } from '../../../i18n';
import type { Theme } from '../../../theme/AtendeRoot';
import { StoryProvider } from '../../tickets/story-support';
import { contactListDto, sampleContactLists } from '../contact-list-story-data';
import { ContactLists } from './ContactLists';

/** The fake API: the sample lists in one page; a save answers a new list. */
const routes = {
  'GET /contact-lists': () => ({ records: sampleContactLists, count: sampleContactLists.length, hasMore: false }),
  'POST /contact-lists': () => contactListDto({ id: 99, name: 'Nova lista' }),
};

const ADMIN: Schema<'Permission'>[] = ['session:self', 'campaigns:manage'];

const meta = {
  title: 'Campaigns/ContactLists',
  component: ContactLists,
  args: { onOpenContacts: fn(), hrefForContacts: (list) => `/contact-lists/${list.id}/contacts` },
  render: (args, { globals }) => (
    <StoryProvider locale={globals.locale as Locale} theme={globals.theme as Theme} routes={routes} user={{ permissions: ADMIN }}>
      <div style={{ padding: 16 }}>
        <ContactLists {...args} />
      </div>
    </StoryProvider>
  ),
} satisfies Meta<typeof ContactLists>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Signed in as an admin on a fake API. */
export const Connected: Story = {};
