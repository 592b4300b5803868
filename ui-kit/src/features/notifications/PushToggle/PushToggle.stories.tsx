import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { Switch } from '../../../primitives/Switch/Switch';
import { UserProfileModalView } from '../../../screens/UserProfileModal/UserProfileModal';

/**
 * The user modal with this browser's 'Notificações push' switch (PushToggle renders a Switch wired to the browser's
 * push subscription and the API; here, its two looks in the modal).
 */
const meta = {
  title: 'Notifications/PushToggle',
  component: UserProfileModalView,
  args: {
    isOpen: true,
    onOpenChange: fn(),
    onSave: fn(),
    initialValues: {
      name: 'Ana Atendente',
      email: 'ana@demo.atende.local',
      password: '',
      profile: 'user',
      queueIds: [1],
      whatsappId: null,
      createTicket: 'habilitado',
      viewAllMessageTicket: 'desabilitado',
      automaticDistribution: 'desabilitado',
    },
    queues: [{ id: 1, name: 'Suporte', color: '#7C4DFF' }],
    connections: [],
    canEditProfile: false,
    canEditQueues: false,
  },
} satisfies Meta<typeof UserProfileModalView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const PushOff: Story = { args: { push: <Switch onChange={fn()}>Notificações push</Switch> } };
export const PushOn: Story = {
  args: {
    push: (
      <Switch defaultSelected onChange={fn()}>
        Notificações push
      </Switch>
    ),
  },
};
export const PushBusy: Story = { args: { push: <Switch isDisabled>Notificações push</Switch> } };
