import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { ApiRequestError } from '../../../../provider/api-error';
import { sampleConnections, sampleQueues, sampleUsers } from '../story-data';
import type { UserPermissions } from '../user-rules';
import { UserModal } from './UserModal';

const ADMIN: UserPermissions = { canAdd: true, canDelete: true, canEdit: true, canEditAccount: true, canEditProfile: true, canEditQueues: true };
const SUPERVISOR: UserPermissions = { canAdd: false, canDelete: false, canEdit: true, canEditAccount: false, canEditProfile: false, canEditQueues: true };

const meta = {
  title: 'Admin/Users/UserModal',
  component: UserModal,
  args: {
    isOpen: true,
    onOpenChange: fn(),
    queues: sampleQueues,
    connections: sampleConnections,
    permissions: ADMIN,
    planUsage: { plan: 'Completo', limit: 10, used: 5 },
    onSave: fn(async () => undefined),
  },
} satisfies Meta<typeof UserModal>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A new user: the password required, the API's defaults (profile user, creates tickets). */
export const Add: Story = {};
/** An admin with two queues and a default connection; the password may stay blank. */
export const Edit: Story = { args: { user: sampleUsers[0] } };
/** A supervisor (user-modal:editQueues only) editing an attendant: the queues alone are theirs to change. */
export const AsSupervisor: Story = { args: { user: sampleUsers[1], permissions: SUPERVISOR } };
/** Saving hits the plan's user limit (press Salvar): the form says so, naming the plan. */
export const PlanLimitReached: Story = {
  args: { onSave: fn(async () => Promise.reject(new ApiRequestError(403, { error: 'ERR_PLAN_LIMIT_REACHED', message: 'limit' }))) },
};
/** The queues on their way. */
export const QueuesLoading: Story = { args: { queues: undefined } };
/** A company without queues. */
export const NoQueues: Story = { args: { queues: [] } };
