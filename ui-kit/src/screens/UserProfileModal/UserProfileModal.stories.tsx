import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { Switch } from '../../primitives/Switch/Switch';
import { UserProfileModalView } from './UserProfileModal';

const meta = {
  title: 'Screens/UserProfileModal',
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
    queues: [
      { id: 1, name: 'Suporte', color: '#7C4DFF' },
      { id: 2, name: 'Vendas', color: '#FF9800' },
    ],
    connections: [{ id: 5, name: 'Comercial' }],
    canEditProfile: false,
    canEditQueues: false,
  },
} satisfies Meta<typeof UserProfileModalView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const OwnProfile: Story = {};
export const Admin: Story = { args: { canEditProfile: true, canEditQueues: true } };
/** With this browser's 'Notificações push' switch (the console passes its service worker; see PushToggle). */
export const WithPushSwitch: Story = { args: { push: <Switch onChange={fn()}>Notificações push</Switch> } };
