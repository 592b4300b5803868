import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { Schema } from '../../../client';
import type { Locale } from '../../../i18n';
import type { Theme } from '../../../theme/AtendeRoot';
import { StoryProvider } from '../../tickets/story-support';
import { contactListDto, contactListItemDto, sampleContactListItems } from '../contact-list-story-data';
import { ContactListItems } from './ContactListItems';

/** The fake API: list 1 and its contacts in one page. */
const routes = {
  'GET /contact-lists/1': () => contactListDto({ id: 1, name: 'Clientes SP', contactsCount: sampleContactListItems.length }),
  'GET /contact-list-items': () => ({ contacts: sampleContactListItems, count: sampleContactListItems.length, hasMore: false }),
  'POST /contact-list-items': () => contactListItemDto({ id: 99, name: 'Novo contato' }),
  'POST /contact-lists/1/upload': () => ({ importId: 'story', contactListId: 1 }),
};

const ADMIN: Schema<'Permission'>[] = ['session:self', 'campaigns:manage'];

const meta = {
  title: 'Campaigns/ContactListItems',
  component: ContactListItems,
  args: { contactListId: 1, onBack: fn(), backHref: '/contact-lists' },
  render: (args, { globals }) => (
    <StoryProvider locale={globals.locale as Locale} theme={globals.theme as Theme} routes={routes} user={{ permissions: ADMIN }}>
      <div style={{ padding: 16 }}>
        <ContactListItems {...args} />
      </div>
    </StoryProvider>
  ),
} satisfies Meta<typeof ContactListItems>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Signed in as an admin on a fake API (no socket: an import's progress needs the realtime events). */
export const Connected: Story = {};
