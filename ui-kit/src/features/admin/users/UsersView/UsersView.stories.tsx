import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { sampleUsers } from '../story-data';
import type { UserPermissions } from '../user-rules';
import { UsersView } from './UsersView';

/** An admin: users:write, user-modal:editProfile and user-modal:editQueues. */
const ADMIN: UserPermissions = { canAdd: true, canDelete: true, canEdit: true, canEditAccount: true, canEditProfile: true, canEditQueues: true };
/** An attendant: reads the list only. */
const ATTENDANT: UserPermissions = { canAdd: false, canDelete: false, canEdit: false, canEditAccount: false, canEditProfile: false, canEditQueues: false };

const meta = {
  title: 'Admin/Users/UsersView',
  component: UsersView,
  args: {
    users: sampleUsers,
    hasMore: false,
    isLoading: false,
    search: '',
    permissions: ADMIN,
    currentUserId: 7,
    planUsage: { plan: 'Completo', limit: 10, used: sampleUsers.length },
    onSearchChange: fn(),
    onLoadMore: fn(),
    onReload: fn(),
    onAdd: fn(),
    onEdit: fn(),
    onDelete: fn(async () => undefined),
  },
  decorators: [
    (Story) => (
      <div style={{ padding: 16 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof UsersView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The company's users: profiles, queues as coloured chips, the signed-in admin marked and not deletable. */
export const Default: Story = {};
/** The first page on its way. */
export const Loading: Story = { args: { users: undefined, isLoading: true } };
/** The next page loading under the rows, as the table is scrolled to its end. */
export const LoadingMore: Story = { args: { hasMore: true, isLoadingMore: true } };
/** The list could not be loaded: the table says so and offers to try again. */
export const LoadError: Story = { args: { users: undefined, isError: true } };
/** No user yet: the empty state offers 'Adicionar usuário'. */
export const Empty: Story = { args: { users: [], planUsage: { plan: 'Completo', limit: 10, used: 0 } } };
/** A search that matches nobody: says so and offers to clear it. */
export const NoResults: Story = { args: { users: [], search: 'zeca' } };
/** The plan's user limit reached: said before anyone tries to add. */
export const PlanFull: Story = { args: { planUsage: { plan: 'Básico', limit: 5, used: 5 } } };
/** An attendant: the list only, no buttons, no plan numbers. */
export const AsAttendant: Story = { args: { permissions: ATTENDANT, currentUserId: 2 } };
/** A phone-sized container: each row becomes a card. */
export const Narrow: Story = {
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 360 }}>
        <Story />
      </div>
    ),
  ],
};
