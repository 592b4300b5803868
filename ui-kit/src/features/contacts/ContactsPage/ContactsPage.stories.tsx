import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { Locale } from '../../../i18n';
import type { Theme } from '../../../theme/AtendeRoot';
import { StoryProvider, lookupRoutes } from '../../tickets/story-support';
import { sampleContacts } from '../story-data';
import { ContactsPage } from './ContactsPage';

const all = sampleContacts(45);

/** GET /contacts on the sample: the search matches the name, 20 a page. */
const routes = {
  ...lookupRoutes,
  'GET /contacts': (request: Request) => {
    const query = new URL(request.url).searchParams;
    const term = query.get('searchParam') ?? '';
    const page = Number(query.get('pageNumber') ?? 1);
    const found = all.filter((c) => c.name.toLowerCase().includes(term) || c.number.includes(term));
    return { contacts: found.slice((page - 1) * 20, page * 20), count: found.length, countCapped: false, hasMore: page * 20 < found.length };
  },
  'GET /contacts/1': () => ({ ...all[0], extraInfo: [{ id: 1, name: 'CPF', value: '123.456.789-00' }] }),
  'POST /contacts/import': () => ({ created: 4, existing: 2, skipped: 0 }),
};

const meta = {
  title: 'Contacts/ContactsPage',
  component: ContactsPage,
  args: { onOpenTicket: fn() },
  render: (args, { globals }) => (
    <StoryProvider
      locale={globals.locale as Locale}
      theme={globals.theme as Theme}
      routes={routes}
      user={{ permissions: ['session:self', 'contacts-page:deleteContact'] }}
    >
      <div style={{ height: 640, display: 'flex', flexDirection: 'column' }}>
        <ContactsPage {...args} />
      </div>
    </StoryProvider>
  ),
} satisfies Meta<typeof ContactsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Admin: Story = {};
export const PlainUser: Story = {
  render: (args, { globals }) => (
    <StoryProvider
      locale={globals.locale as Locale}
      theme={globals.theme as Theme}
      routes={routes}
      user={{ profile: 'user', createTicket: 'desabilitado', permissions: ['session:self'] }}
    >
      <div style={{ height: 640, display: 'flex', flexDirection: 'column' }}>
        <ContactsPage {...args} />
      </div>
    </StoryProvider>
  ),
};
