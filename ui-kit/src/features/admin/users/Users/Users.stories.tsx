import type { Meta, StoryObj } from '@storybook/react-vite';
import type { Schema } from '../../../../client';
import type { Locale } from '../../../../i18n';
import type { Theme } from '../../../../theme/AtendeRoot';
import { StoryProvider } from '../../../tickets/story-support';
import { sampleConnections, sampleQueues, sampleUsers, userPage } from '../story-data';
import { Users } from './Users';

/** The fake API: the sample users (searched by name), the queues and connections of the modal. */
const routes = {
  'GET /users': (request: Request) => {
    const term = (new URL(request.url).searchParams.get('searchParam') ?? '').toLowerCase();
    return userPage(sampleUsers.filter((u) => u.name.toLowerCase().includes(term) || u.email.includes(term)));
  },
  'GET /queue': () => sampleQueues,
  'GET /whatsapp': () => sampleConnections,
};

const ADMIN: Partial<Schema<'SessionUserDto'>> = {
  id: 7,
  profile: 'admin',
  permissions: ['session:self', 'users:read', 'users:write', 'user-modal:editProfile', 'user-modal:editQueues'],
  company: { id: 3, name: 'Empresa Demo', plan: { id: 1, name: 'Completo', users: 10 } } as Schema<'SessionUserDto'>['company'],
};
const ATTENDANT: Partial<Schema<'SessionUserDto'>> = { id: 2, profile: 'user', permissions: ['session:self', 'users:read'] };

const meta = {
  title: 'Admin/Users/Users',
  component: Users,
  render: (args, { globals }) => (
    <StoryProvider locale={globals.locale as Locale} theme={globals.theme as Theme} routes={routes} user={ADMIN}>
      <div style={{ padding: 16 }}>
        <Users {...args} />
      </div>
    </StoryProvider>
  ),
} satisfies Meta<typeof Users>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Signed in as an admin on a fake API: search, add, edit, delete. */
export const Connected: Story = {};
/** An attendant (users:read only): the list, without buttons. */
export const AsAttendant: Story = {
  render: (args, { globals }) => (
    <StoryProvider locale={globals.locale as Locale} theme={globals.theme as Theme} routes={routes} user={ATTENDANT}>
      <div style={{ padding: 16 }}>
        <Users {...args} />
      </div>
    </StoryProvider>
  ),
};
